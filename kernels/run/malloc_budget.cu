// A program whose device memory passes what the simulated device holds
// (a quarter of --max-memory): its cudaMalloc fails as CUDA's does, the
// program reports it and stops, and the report says which limit it met.
#include <cstdio>

__global__ void fill(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = 1.0f;
}

int main()
{
	float *small = 0, *big = 0;
	cudaError_t e = cudaMalloc(&small, 1024 * sizeof(float));
	printf("small: %s\n", cudaGetErrorString(e));
	fill<<<8, 128>>>(small, 1024);
	e = cudaMalloc(&big, (size_t)8 << 20);
	printf("big: %s\n", cudaGetErrorString(e));
	if (e != cudaSuccess) {
		cudaFree(small);
		return 3;
	}
	fill<<<1, 32>>>(big, 32);
	cudaDeviceSynchronize();
	return 0;
}
