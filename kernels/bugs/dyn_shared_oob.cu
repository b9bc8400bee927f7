// dyn_shared_oob: a kernel that assumes the launch gives it one int of
// dynamic shared memory per thread.  Launched with less (--shared smaller
// than 4 * blockDim.x), the threads past the end store and load outside the
// dynamic segment: an out-of-bounds access on shared memory.
__global__ void dyn_shared_oob(const int *in, int *out, int shared_ints)
{
	extern __shared__ int s_dyn[];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_dyn[tid] = in[gid]; // BUG: assumes 4 * blockDim.x bytes of dynamic shared memory
	__syncthreads();
	out[gid] = s_dyn[blockDim.x - 1 - tid]; // BUG: assumes 4 * blockDim.x bytes as well
}
