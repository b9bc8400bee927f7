// row_first_warp_fixed: the same column sums, with a barrier between the
// partial sums' stores and the first fold.
#include <cuda_runtime.h>

__global__ void col_sums(const float *m, float *out, int rows, int cols)
{
	__shared__ float s[256];
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int tid = threadIdx.y * blockDim.x + threadIdx.x;
	float acc = 0.0f;
	if (j < cols)
		for (int i = threadIdx.y; i < rows; i += blockDim.y)
			acc += m[i * cols + j];
	s[tid] = acc;
	__syncthreads();
	for (int shift = blockDim.x * blockDim.y / 2; shift >= 32; shift >>= 1) {
		if (tid < shift)
			s[tid] += s[tid + shift];
		__syncthreads();
	}
	if (tid < 32 && j < cols)
		out[j] = s[tid];
}
