// staging_refill: add two vectors that reach the device through one
// pinned staging buffer.
//
// Fixed: the stream is synchronized before h_stage is refilled.
#include <cstdio>
#include <cuda_runtime.h>

#define N 8192

__global__ void add(int n, const float *a, const float *b, float *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

int main()
{
	float *h_stage, *h_c, *d_a, *d_b, *d_c;
	cudaMallocHost(&h_stage, N * sizeof(float));
	cudaMallocHost(&h_c, N * sizeof(float));
	cudaMalloc(&d_a, N * sizeof(float));
	cudaMalloc(&d_b, N * sizeof(float));
	cudaMalloc(&d_c, N * sizeof(float));
	cudaStream_t s;
	cudaStreamCreate(&s);
	for (int i = 0; i < N; i++)
		h_stage[i] = (float)i;
	cudaMemcpyAsync(d_a, h_stage, N * sizeof(float), cudaMemcpyHostToDevice, s);
	cudaStreamSynchronize(s);
	for (int i = 0; i < N; i++)
		h_stage[i] = 2.0f * i;
	cudaMemcpyAsync(d_b, h_stage, N * sizeof(float), cudaMemcpyHostToDevice, s);
	add<<<N / 256, 256, 0, s>>>(N, d_a, d_b, d_c);
	cudaMemcpyAsync(h_c, d_c, N * sizeof(float), cudaMemcpyDeviceToHost, s);
	cudaStreamSynchronize(s);
	printf("c[3] = %g\n", h_c[3]);
	cudaStreamDestroy(s);
	cudaFree(d_a);
	cudaFree(d_b);
	cudaFree(d_c);
	cudaFreeHost(h_stage);
	cudaFreeHost(h_c);
	return 0;
}
