// async_read_nosync: scale a vector on a stream and print the result.
//
// The bug is in the host code: the result comes back with cudaMemcpyAsync
// on stream s, and main reads h_y straight after, with nothing waiting for
// the copy.  cudaMemcpyAsync returns as soon as the copy is queued, so
// h_y may still hold what was there before.  The fix synchronizes the
// stream before the read.
#include <cstdio>
#include <cuda_runtime.h>

#define N 4096

__global__ void scale(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i];
}

int main()
{
	float *h_x, *h_y, *d_x, *d_y;
	cudaMallocHost(&h_x, N * sizeof(float));
	cudaMallocHost(&h_y, N * sizeof(float));
	for (int i = 0; i < N; i++)
		h_x[i] = (float)i;
	cudaMalloc(&d_x, N * sizeof(float));
	cudaMalloc(&d_y, N * sizeof(float));
	cudaStream_t s;
	cudaStreamCreate(&s);
	cudaMemcpyAsync(d_x, h_x, N * sizeof(float), cudaMemcpyHostToDevice, s);
	scale<<<N / 256, 256, 0, s>>>(N, 3.0f, d_x, d_y);
	cudaMemcpyAsync(h_y, d_y, N * sizeof(float), cudaMemcpyDeviceToHost, s);
	printf("y[1] = %g\n", h_y[1]); // BUG: the copy may not have finished
	cudaStreamDestroy(s);
	cudaFree(d_x);
	cudaFree(d_y);
	cudaFreeHost(h_x);
	cudaFreeHost(h_y);
	return 0;
}
