// sync_wrong_stream: two halves of a vector squared on two streams, each
// half copied back on its own stream.
//
// The bug is in the host code: main synchronizes s1 twice instead of s1
// and s2, so the copy of the second half (on s2) may still be running
// when the host reads it.  The fix synchronizes s2 as well.
#include <cstdio>
#include <cuda_runtime.h>

#define N 8192
#define HALF (N / 2)

__global__ void square(int n, float *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = v[i] * v[i];
}

int main()
{
	float *h, *d;
	cudaMallocHost(&h, N * sizeof(float));
	for (int i = 0; i < N; i++)
		h[i] = (float)i;
	cudaMalloc(&d, N * sizeof(float));
	cudaStream_t s1, s2;
	cudaStreamCreate(&s1);
	cudaStreamCreate(&s2);
	cudaMemcpyAsync(d, h, HALF * sizeof(float), cudaMemcpyHostToDevice, s1);
	cudaMemcpyAsync(d + HALF, h + HALF, HALF * sizeof(float), cudaMemcpyHostToDevice, s2);
	square<<<HALF / 256, 256, 0, s1>>>(HALF, d);
	square<<<HALF / 256, 256, 0, s2>>>(HALF, d + HALF);
	cudaMemcpyAsync(h, d, HALF * sizeof(float), cudaMemcpyDeviceToHost, s1);
	cudaMemcpyAsync(h + HALF, d + HALF, HALF * sizeof(float), cudaMemcpyDeviceToHost, s2);
	cudaStreamSynchronize(s1);
	cudaStreamSynchronize(s1); // BUG: s2 is never synchronized
	printf("%g %g\n", h[1], h[N - 1]);
	cudaStreamDestroy(s1);
	cudaStreamDestroy(s2);
	cudaFree(d);
	cudaFreeHost(h);
	return 0;
}
