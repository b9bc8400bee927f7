// loop_bound_elim: one elimination step per column t of an n x n matrix,
// t from 0 while t < n - 1 (Gaussian elimination's outer loop); n from
// argv[1], which main rejects unless it is 16..512 and a multiple of 16
// (the check calls atoi(argv[1]) again).  Grid (n + 15) / 16 blocks of 16,
// no bounds check in the kernel: every thread is a column.
//
// The bug: each step also halves row t + 2, which is past the matrix at
// the last step (t = n - 2).
//
// A t of n - 1 or more, or an n that is no multiple of 16, would run past
// the matrix too: the loop and main's check keep them out.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void elim_step(float *a, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	a[(t + 1) * n + i] -= a[t * n + i] * 0.5f;
	if (t + 2 < n)
		a[(t + 2) * n + i] *= 0.5f;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s n\n", argv[0]);
		exit(1);
	}
	int n = atoi(argv[1]);
	if (n < 16 || n > 512 || atoi(argv[1]) % 16 != 0) {
		fprintf(stderr, "n must be a multiple of 16 in 16..512\n");
		exit(1);
	}
	float *h = (float *)malloc(n * n * sizeof(float));
	for (int k = 0; k < n * n; k++)
		h[k] = 1.0f;
	float *d;
	cudaMalloc(&d, n * n * sizeof(float));
	cudaMemcpy(d, h, n * n * sizeof(float), cudaMemcpyHostToDevice);
	for (int t = 0; t < n - 1; t++)
		elim_step<<<(n + 15) / 16, 16>>>(d, n, t);
	cudaMemcpy(h, d, n * n * sizeof(float), cudaMemcpyDeviceToHost);
	printf("a[n - 1][n - 1] = %g\n", h[n * n - 1]);
	cudaFree(d);
	free(h);
	return 0;
}
