// sum_reduce_race_rb, fixed twin: a barrier after every step, none at the
// end.
#define BS 128

__global__ void sum_reduce_race_rb(const float *in, float *out)
{
	__shared__ float s[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int h = blockDim.x / 2; h > 0; h >>= 1) {
		if (tid < h)
			s[tid] += s[tid + h];
		__syncthreads(); // FIXED
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
