// argv_size: add two vectors whose length the command line gives.
//
// The bug: the bounds test is `i <= n`, so the thread with i == n reads
// a[n] and b[n] and writes c[n], one past each buffer.  It shows only
// when n is not a multiple of the block size: with n = 1024 the grid has
// no thread with i == n, with n = 1000 it has.
#include <cstdio>
#include <cstdlib>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i <= n) // BUG: i < n
		c[i] = a[i] + b[i];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1024;
	if (n <= 0) {
		fprintf(stderr, "usage: argv_size N (N > 0)\n");
		return 2;
	}
	size_t bytes = n * sizeof(float);
	float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
	for (int i = 0; i < n; i++) {
		ha[i] = (float)i;
		hb[i] = (float)(2 * i);
	}
	float *a, *b, *c;
	cudaMalloc(&a, bytes);
	cudaMalloc(&b, bytes);
	cudaMalloc(&c, bytes);
	cudaMemcpy(a, ha, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(b, hb, bytes, cudaMemcpyHostToDevice);
	vadd<<<(n + 255) / 256, 256>>>(a, b, c, n);
	cudaMemcpy(hc, c, bytes, cudaMemcpyDeviceToHost);
	printf("c[%d] = %g\n", n - 1, hc[n - 1]);
	cudaFree(a);
	cudaFree(b);
	cudaFree(c);
	free(ha);
	free(hb);
	free(hc);
	return 0;
}
