// results_never_copied_fixed: results_never_copied.cu with the sum
// copied back before the check.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1024

__global__ void vecadd(int n, const float *a, const float *b, float *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

int main()
{
	size_t bytes = N * sizeof(float);
	float *h_a = (float *)malloc(bytes);
	float *h_b = (float *)malloc(bytes);
	float *h_c = (float *)malloc(bytes);
	for (int i = 0; i < N; i++) {
		h_a[i] = (float)i;
		h_b[i] = 2.0f * i;
	}
	float *d_a, *d_b, *d_c;
	cudaMalloc(&d_a, bytes);
	cudaMalloc(&d_b, bytes);
	cudaMalloc(&d_c, bytes);
	cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice);
	vecadd<<<(N + 255) / 256, 256>>>(N, d_a, d_b, d_c);
	cudaMemcpy(h_c, d_c, bytes, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += h_c[i] != h_a[i] + h_b[i];
	printf("%d wrong\n", bad);
	cudaFree(d_a);
	cudaFree(d_b);
	cudaFree(d_c);
	free(h_a);
	free(h_b);
	free(h_c);
	return bad != 0;
}
