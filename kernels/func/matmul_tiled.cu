// matmul_tiled: C = A * B (row-major, A is m x k, B is k x n) with 8x8
// shared-memory tiles; launch with an 8x8 block and a 2D grid covering C.
// Sizes need not be multiples of the tile: out-of-range loads read 0.
#include <assert.h>

#define TILE 8

__global__ void matmul_tiled(const float *A, const float *B, float *C, int m, int n, int k)
{
	__shared__ float As[TILE][TILE];
	__shared__ float Bs[TILE][TILE];
	assert(blockDim.x == TILE && blockDim.y == TILE);
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty;
	int col = blockIdx.x * TILE + tx;
	float sum = 0.0f;
	for (int t = 0; t < (k + TILE - 1) / TILE; t++) {
		int ac = t * TILE + tx;
		int br = t * TILE + ty;
		As[ty][tx] = row < m && ac < k ? A[row * k + ac] : 0.0f;
		Bs[ty][tx] = br < k && col < n ? B[br * n + col] : 0.0f;
		__syncthreads();
		for (int j = 0; j < TILE; j++)
			sum += As[ty][j] * Bs[j][tx];
		__syncthreads();
	}
	if (row < m && col < n)
		C[row * n + col] = sum;
}
