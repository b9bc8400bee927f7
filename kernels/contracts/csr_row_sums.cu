// csr_row_sums: one thread a row of a sparse matrix in CSR form sums the
// row's values: rows[r] .. rows[r + 1] delimit row r's entries in val.
// main builds a 1000 x 1000 matrix with one entry in every fourth row
// (rows[r] = (r + 3) / 4, 250 entries) and launches (n + 255) / 256
// blocks of 256.
//
// The kernel assumes what every CSR matrix holds: row pointers that rise
// from 0 to the number of entries.  Contents the search makes up (any
// int) run j past val: that is the data's doing, not a bug.
//
// The bug: no r < n guard, so the last block's threads past n read
// rows[r + 1] past its n + 1 pointers and write out[r] past its n sums.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1000
#define EVERY 4

__global__ void row_sums(const float *val, const int *rows, float *out, int n)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	float t = 0;
	for (int j = rows[r]; j < rows[r + 1]; j++) // BUG: rows[r + 1] is past the pointers for r >= n
		t += val[j];
	out[r] = t; // BUG: out[r] is past the sums for r >= n
}

int main(void)
{
	int n = N, nnz = N / EVERY;
	int *h_rows = (int *)malloc((n + 1) * sizeof(int));
	float *h_val = (float *)malloc(nnz * sizeof(float));
	for (int r = 0; r <= n; r++)
		h_rows[r] = (r + EVERY - 1) / EVERY;
	for (int j = 0; j < nnz; j++)
		h_val[j] = 1.0f;
	float *d_val, *d_out;
	int *d_rows;
	cudaMalloc(&d_val, nnz * sizeof(float));
	cudaMalloc(&d_rows, (n + 1) * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMemcpy(d_val, h_val, nnz * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_rows, h_rows, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
	row_sums<<<(n + 255) / 256, 256>>>(d_val, d_rows, d_out, n);
	cudaMemcpy(h_val, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[0] = %g\n", h_val[0]);
	cudaFree(d_val);
	cudaFree(d_rows);
	cudaFree(d_out);
	free(h_rows);
	free(h_val);
	return 0;
}
