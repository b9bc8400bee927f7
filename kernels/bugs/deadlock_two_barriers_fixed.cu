// deadlock_two_barriers, fixed twin: one barrier after the branch.
#define BS 64

__global__ void deadlock_two_barriers(const int *in, int *out)
{
	__shared__ int s[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	if (tid % 2 == 0)
		s[tid] = in[tid];
	else
		s[tid] = -in[tid];
	__syncthreads(); // FIXED: one barrier for the whole block
	out[tid] = s[(tid + 32) % blockDim.x];
}
