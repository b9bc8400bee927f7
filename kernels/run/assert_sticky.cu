// assert_sticky: a kernel checks its input with assert; the input has a
// negative value, so the assert fails.  On a GPU the context is then
// lost: the next calls return cudaErrorAssert.
#include <cassert>
#include <cstdio>

__global__ void check(const int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		assert(v[i] >= 0);
}

int main(void)
{
	const int n = 64;
	int h[n];
	for (int i = 0; i < n; i++)
		h[i] = i == 17 ? -1 : i;
	int *v;
	cudaMalloc(&v, sizeof h);
	cudaMemcpy(v, h, sizeof h, cudaMemcpyHostToDevice);
	check<<<1, n>>>(v, n);
	printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	int *w;
	printf("malloc after: %s\n", cudaGetErrorString(cudaMalloc(&w, 16)));
	return 0;
}
