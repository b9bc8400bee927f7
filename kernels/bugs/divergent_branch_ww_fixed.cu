// divergent_branch_ww, fixed twin: each side of the branch has its own slot.
#define BS 32

__global__ void divergent_branch_ww(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	assert(blockDim.x % 2 == 0 && blockDim.x <= BS); // the contract: pairs of slots
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid % 2 == 0)
		s[tid] = in[gid]; // FIXED: one slot per thread
	else
		s[tid] = -in[gid];
	__syncwarp();
	out[gid] = s[tid ^ 1];
}
