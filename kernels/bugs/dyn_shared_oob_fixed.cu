// dyn_shared_oob, fixed twin: the kernel is told how many ints of dynamic
// shared memory it got and reads global memory directly when that is too
// few for the block.
__global__ void dyn_shared_oob(const int *in, int *out, int shared_ints)
{
	extern __shared__ int s_dyn[];
	unsigned int smem_bytes;
	asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(smem_bytes));
	assert(shared_ints * sizeof(int) <= smem_bytes); // the contract: shared_ints is what the launch gave
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (blockDim.x <= shared_ints) { // FIXED: check the launch's shared size
		s_dyn[tid] = in[gid];
		__syncthreads();
		out[gid] = s_dyn[blockDim.x - 1 - tid];
	} else {
		out[gid] = in[blockIdx.x * blockDim.x + blockDim.x - 1 - tid];
	}
}
