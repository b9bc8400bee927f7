// warp_rows_bounds_fixed: the same sums with the lanes staged in shared
// memory and added by the block's first thread after a barrier: no
// warp-level code, so any block up to 128 threads will do.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) row_sums(const float *m, float *out, int cols, int rows)
{
	__shared__ float part[128];
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	int col = threadIdx.x < cols ? threadIdx.x : 0;
	part[threadIdx.y * blockDim.x + threadIdx.x] = m[(row < rows ? row : 0) * cols + col];
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
