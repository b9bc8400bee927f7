// row_dot_pairs_fixed: the same products staged in shared memory and
// summed by the block's first thread after a barrier: no warp-level code,
// so any block up to 64 threads will do.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(64) row_dot(const float *m, const float *v, float *out, int rows)
{
	__shared__ float part[64];
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	int lane = threadIdx.x % 32;
	part[threadIdx.y * blockDim.x + threadIdx.x] = m[(row < rows ? row : 0) * 32 + lane] * v[lane];
	__syncthreads();
	if (threadIdx.x == 0 && threadIdx.y == 0)
		for (unsigned y = 0; y < blockDim.y; y++) {
			float sum = 0.0f;
			for (unsigned k = 0; k < blockDim.x; k++)
				sum += part[y * blockDim.x + k];
			if (blockIdx.x * blockDim.y + y < rows)
				out[blockIdx.x * blockDim.y + y] = sum;
		}
}
