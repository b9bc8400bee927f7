/* openmp_rows_host.c: see openmp_rows.cu. */
#include <omp.h>
#include <stdio.h>
#include <cuda_runtime.h>

void fill_row(int *d, int row, int n);

int main(void)
{
	enum { ROWS = 8, N = 40 };
	static int h[ROWS * N];
	int *d;
	cudaMalloc((void **)&d, sizeof h);
#pragma omp parallel for
	for (int r = 0; r < ROWS; r++)
		fill_row(d, r, N);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long sum = 0;
#pragma omp parallel for reduction(+ : sum)
	for (int i = 0; i < ROWS * N; i++)
		sum += h[i];
	printf("sum %ld, threads known %d\n", sum, omp_get_max_threads() > 0);
	cudaFree(d);
	return 0;
}
