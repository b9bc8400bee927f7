// tile_matmul_nocheck: a library kernel, the product c = a * b of square
// n x n matrices in 16 x 16 tiles, written for n a multiple of 16 launched
// with one 16 x 16 block per tile of c: no bounds check anywhere.
//
// No bug at the launches it is written for.  A launch whose n disagrees
// with the grid (fewer columns than the grid's threads) writes the same
// element of c from two threads: the index r * n + col is one-to-one only
// when n == gridDim.x * 16.  The kernel assumes that relation (rule 7): a
// warning, not an error, and such launches lie outside its contract.
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
	for (int t = 0; t < n / TILE; t++) {
		As[ty][tx] = a[r * n + t * TILE + tx];
		Bs[ty][tx] = b[(t * TILE + ty) * n + col];
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	c[r * n + col] = acc;
}
