// seg_host_short, fixed twin: the kernel of seg_row_reverse (with its
// barrier), launched by a program.  row_reverse reverses each row of a
// matrix of ncols columns, one block a row, through its dynamic shared
// segment: extern __shared__ float buf[] keeps 32 floats of scratch at its
// start and the row after them, so it uses (ncols + 32) * sizeof(float)
// bytes.
//
// The fix: the host gives (ncols + 32) * sizeof(float) bytes, the scratch
// included.
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
		row[col] = x[base + col];
	__syncthreads();
	for (int col = threadIdx.x; col < ncols; col += blockDim.x)
		y[base + col] = row[ncols - 1 - col];
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
	row_reverse<<<ROWS, THREADS, (NCOLS + 32) * sizeof(float)>>>(d_x, d_y, NCOLS); // FIXED: the scratch too
	cudaDeviceSynchronize();
	cudaMemcpy(h, d_y, bytes, cudaMemcpyDeviceToHost);
	printf("y[0] = %g\n", h[0]);
	cudaFree(d_x);
	cudaFree(d_y);
	free(h);
	return 0;
}
