// managed_read_nosync_fixed: managed_read_nosync.cu synchronizing before
// the host reads the counts.
#include <cstdio>
#include <cuda_runtime.h>

#define N 1024

__global__ void count_bits(int n, unsigned *counts)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		counts[i] = __popc((unsigned)i);
}

int main()
{
	unsigned *counts;
	cudaMallocManaged(&counts, N * sizeof(unsigned));
	count_bits<<<N / 256, 256>>>(N, counts);
	cudaDeviceSynchronize();
	unsigned total = 0;
	for (int i = 0; i < N; i++)
		total += counts[i];
	printf("%u\n", total);
	cudaFree(counts);
	return 0;
}
