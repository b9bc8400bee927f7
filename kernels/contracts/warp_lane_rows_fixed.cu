// warp_lane_rows_fixed: the same dot products with warp 0's lanes staged
// in shared memory and added by the block's first thread after a barrier:
// no warp-level code, so rows of any width up to 32 will do (four rows,
// as before).
#include <cuda_runtime.h>

#define WARP 32
#define NWARPS 4

__global__ void row_dot(const float *m, const float *v, float *out, int cols)
{
	__shared__ float part[NWARPS][WARP];
	const float *row = m + (size_t)blockIdx.x * cols;
	float acc = 0.0f;
	for (int k = WARP * threadIdx.y + threadIdx.x; k < cols; k += WARP * blockDim.y)
		acc += row[k] * v[k];
	part[threadIdx.y][threadIdx.x] = acc;
	__syncthreads();
	if (threadIdx.x == 0 && threadIdx.y == 0) {
		float sum = 0.0f;
		for (int w = 0; w < NWARPS; w++)
			for (unsigned l = 0; l < blockDim.x; l++)
				sum += part[w][l];
		out[blockIdx.x] = sum;
	}
}
