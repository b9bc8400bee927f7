// tile_pass_transpose: transposes a batch of matrices through a 32 x 33
// shared tile that each block fills in four passes of eight rows (TILE 32,
// ROWS 8: the kernel is written for blocks of 32 x 8).  main launches
// dim3(32, 8) blocks on a grid that covers one 64 x 96 matrix in 32 x 32
// tiles; each block walks the batch of two.
//
// The bug: the loop over the batch has one barrier, between the fill and
// the transposed read, but none at its end, so a warp refills the tile
// with the next matrix while others still read the current one (a write
// after read across iterations).
//
// Blocks of fewer rows leave rows of the tile unfilled, blocks of more rows
// or columns index past it: the program makes neither.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

__global__ void transpose(float *out, const float *in, int rows, int cols, int batch)
{
	__shared__ float tile[TILE][TILE + 1];
	for (int m = 0; m < batch; m++) {
		const float *src = in + (size_t)m * rows * cols;
		float *dst = out + (size_t)m * rows * cols;
		int x = blockIdx.x * TILE + threadIdx.x;
		int y = blockIdx.y * TILE + threadIdx.y;
		for (int j = 0; j < TILE; j += ROWS)
			tile[threadIdx.y + j][threadIdx.x] = src[(y + j) * cols + x];
		__syncthreads();
		x = blockIdx.y * TILE + threadIdx.x;
		y = blockIdx.x * TILE + threadIdx.y;
		for (int j = 0; j < TILE; j += ROWS)
			dst[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
		__syncthreads();
	}
}

int main(void)
{
	const int rows = 64, cols = 96, batch = 2;
	size_t n = (size_t)batch * rows * cols, bytes = n * sizeof(float);
	float *h = (float *)malloc(bytes);
	for (size_t i = 0; i < n; i++)
		h[i] = (float)i;
	float *d_in, *d_out;
	cudaMalloc(&d_in, bytes);
	cudaMalloc(&d_out, bytes);
	cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice);
	dim3 grid(cols / TILE, rows / TILE), block(TILE, ROWS);
	transpose<<<grid, block>>>(d_out, d_in, rows, cols, batch);
	cudaMemcpy(h, d_out, bytes, cudaMemcpyDeviceToHost);
	printf("out[1] = %g\n", h[1]);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h);
	return 0;
}
