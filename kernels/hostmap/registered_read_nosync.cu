// registered_read_nosync: square a vector in place, in a buffer the host
// allocated with malloc and pinned with cudaHostRegister.
//
// The bug is in the host code: once registered, h_v is pinned memory, so
// cudaMemcpyAsync into it really is asynchronous (into pageable memory it
// would not return before the copy ends).  main sums h_v straight after
// the copy back, with nothing waiting for stream s.  The fix synchronizes
// the stream before the sum.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N (1 << 16)

__global__ void square(int n, float *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = v[i] * v[i];
}

int main()
{
	float *h_v = (float *)malloc(N * sizeof(float));
	for (int i = 0; i < N; i++)
		h_v[i] = (float)(i % 100);
	cudaHostRegister(h_v, N * sizeof(float), cudaHostRegisterDefault);
	float *d_v;
	cudaMalloc(&d_v, N * sizeof(float));
	cudaStream_t s;
	cudaStreamCreate(&s);
	cudaMemcpyAsync(d_v, h_v, N * sizeof(float), cudaMemcpyHostToDevice, s);
	square<<<N / 256, 256, 0, s>>>(N, d_v);
	cudaMemcpyAsync(h_v, d_v, N * sizeof(float), cudaMemcpyDeviceToHost, s);
	double sum = 0;
	for (int i = 0; i < N; i++)
		sum += h_v[i]; // BUG: the copy into pinned h_v may not have finished
	printf("sum = %g\n", sum);
	cudaStreamDestroy(s);
	cudaFree(d_v);
	cudaHostUnregister(h_v);
	free(h_v);
	return 0;
}
