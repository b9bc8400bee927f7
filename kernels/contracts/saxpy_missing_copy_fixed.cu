// saxpy_missing_copy_fixed: y = a * x + y over n floats, one thread per
// element, launched <<<(n + 255) / 256, 256>>>.  The kernel is correct.
//
// main fills both host arrays, allocates both device buffers and copies
// both to the device before the launch, so every y[i] the kernel reads
// holds the host's value.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 10000
#define BLOCK 256

__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

int main()
{
	float *h_x = (float *)malloc(N * sizeof(float));
	float *h_y = (float *)malloc(N * sizeof(float));
	for (int i = 0; i < N; i++) {
		h_x[i] = (float)(i % 13);
		h_y[i] = 1.0f;
	}
	float *d_x, *d_y;
	cudaMalloc(&d_x, N * sizeof(float));
	cudaMalloc(&d_y, N * sizeof(float));
	cudaMemcpy(d_x, h_x, N * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_y, h_y, N * sizeof(float), cudaMemcpyHostToDevice);
	saxpy<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(N, 2.0f, d_x, d_y);
	cudaDeviceSynchronize();
	cudaMemcpy(h_y, d_y, N * sizeof(float), cudaMemcpyDeviceToHost);
	printf("y[0] = %g, y[%d] = %g\n", h_y[0], N - 1, h_y[N - 1]);
	cudaFree(d_x);
	cudaFree(d_y);
	free(h_x);
	free(h_y);
	return 0;
}
