// mapped_overrun: a kernel writes its results straight into mapped host
// memory (cudaHostAlloc with cudaHostAllocMapped, then
// cudaHostGetDevicePointer), where the host reads them after the launch.
//
// The bug: the grid covers 80 threads for 64 results and the kernel does
// not check its bound, so threads 64..79 write past the buffer.
#include <cstdio>

__global__ void squares(int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = i * i; // BUG: no i < n test
}

int main(void)
{
	const int n = 64;
	int *h, *d;
	cudaHostAlloc(&h, n * sizeof(int), cudaHostAllocMapped);
	cudaHostGetDevicePointer(&d, h, 0);
	squares<<<5, 16>>>(d);
	cudaDeviceSynchronize();
	printf("h[7] = %d\n", h[7]);
	cudaFreeHost(h);
	return 0;
}
