// seg_host_short: the kernel of seg_row_reverse (fixed: it has its
// barrier), launched by a program.  row_reverse reverses each row of a
// matrix of ncols columns, one block a row, through its dynamic shared
// segment: extern __shared__ float buf[] keeps 32 floats of scratch at its
// start and the row after them, row[col] = buf[32 + col], so it uses
// (ncols + 32) * sizeof(float) bytes.
//
// The bug: the host gives ncols * sizeof(float) bytes, forgetting the 32
// floats of scratch: the last 32 columns of every row are staged and read
// past the segment's end.  A real overflow under the host's size, which
// the search's inference of what the kernel uses (rule 11,
// docs/CONTRACTS.md) must not hide: the host sizes the segment.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define ROWS 8
#define NCOLS 256
#define THREADS 128

__global__ void row_reverse(const float *x, float *y, int ncols)
{
	extern __shared__ float buf[];
	float *row = buf + 32;
	long base = (long)blockIdx.x * ncols;
	for (int col = threadIdx.x; col < ncols; col += blockDim.x)
		row[col] = x[base + col]; // BUG: past the segment for the last 32 columns
	__syncthreads();
	for (int col = threadIdx.x; col < ncols; col += blockDim.x)
		y[base + col] = row[ncols - 1 - col]; // BUG: reads past the segment as well
}

int main()
{
	size_t bytes = ROWS * NCOLS * sizeof(float);
	float *h = (float *)malloc(bytes);
	for (int i = 0; i < ROWS * NCOLS; i++)
		h[i] = (float)(i % 7);
	float *d_x, *d_y;
	cudaMalloc(&d_x, bytes);
	cudaMalloc(&d_y, bytes);
	cudaMemcpy(d_x, h, bytes, cudaMemcpyHostToDevice);
	row_reverse<<<ROWS, THREADS, NCOLS * sizeof(float)>>>(d_x, d_y, NCOLS); // BUG: 32 floats short
	cudaDeviceSynchronize();
	cudaMemcpy(h, d_y, bytes, cudaMemcpyDeviceToHost);
	printf("y[0] = %g\n", h[0]);
	cudaFree(d_x);
	cudaFree(d_y);
	free(h);
	return 0;
}
