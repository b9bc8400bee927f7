// tile_matmul_nocheck_fixed: the same product with bounds checks, for any
// n and any grid: tiles past the matrix load zeros, and only threads
// inside it write c.
#include <cuda_runtime.h>

#define TILE 16

__global__ void mm(const float *a, const float *b, float *c, int n)
{
	__shared__ float As[TILE][TILE];
	__shared__ float Bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int r = blockIdx.y * TILE + ty;
	int col = blockIdx.x * TILE + tx;
	float acc = 0.0f;
	for (int t = 0; t < (n + TILE - 1) / TILE; t++) {
		int ac = t * TILE + tx, br = t * TILE + ty;
		As[ty][tx] = r < n && ac < n ? a[r * n + ac] : 0.0f;
		Bs[ty][tx] = br < n && col < n ? b[br * n + col] : 0.0f;
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	if (r < n && col < n)
		c[r * n + col] = acc;
}
