// softmax_private_rb, fixed twin: the redundant barrier is removed.
#define BS 128

__global__ void softmax_private_rb(const float *x, float *y)
{
	__shared__ float s[BS];
	__shared__ float s_max[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid] = x[gid];
	s[tid] = s[tid] * 0.5f;
	s_max[tid] = s[tid];
	__syncthreads();
	for (int half = blockDim.x / 2; half > 0; half >>= 1) {
		if (tid < half)
			s_max[tid] = s_max[tid] > s_max[tid + half] ? s_max[tid] : s_max[tid + half];
		__syncthreads();
	}
	y[gid] = s[tid] - s_max[0];
}
