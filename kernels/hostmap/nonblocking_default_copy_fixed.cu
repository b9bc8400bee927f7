// nonblocking_default_copy_fixed: nonblocking_default_copy.cu waiting for
// the non-blocking stream before the copy.
#include <cstdio>
#include <cuda_runtime.h>

#define N 4096

__global__ void fill(int n, int *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = i * i;
}

int main()
{
	static int h_v[N];
	int *d_v;
	cudaMalloc(&d_v, N * sizeof(int));
	cudaStream_t s;
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	fill<<<N / 128, 128, 0, s>>>(N, d_v);
	cudaStreamSynchronize(s);
	cudaMemcpy(h_v, d_v, N * sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h_v[N - 1]);
	cudaStreamDestroy(s);
	cudaFree(d_v);
	return 0;
}
