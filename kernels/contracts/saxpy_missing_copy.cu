// saxpy_missing_copy: y = a * x + y over n floats, one thread per element,
// launched <<<(n + 255) / 256, 256>>>.  The kernel is correct.
//
// The bug is in the host code: main fills both host arrays and allocates
// both device buffers, but copies only x to the device.  The kernel then
// reads y[i] from a buffer nothing has written: cudaMalloc'd memory holds
// whatever was there before, and the result is garbage.  The host contract
// says so: at the program's launch, y starts uninitialized.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 10000
#define BLOCK 256

__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i]; // BUG: y was never copied to the device
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
