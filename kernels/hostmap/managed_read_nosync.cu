// managed_read_nosync: prefix counts in managed memory, printed by the host.
//
// The bug is in the host code: the kernel launch returns at once, and
// main reads counts[] while count_bits may still be writing it.  Managed
// memory moves on demand, but it does not wait for the kernel.  The fix
// calls cudaDeviceSynchronize before the read.
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
	unsigned total = 0;
	for (int i = 0; i < N; i++) // BUG: the kernel may still be running
		total += counts[i];
	printf("%u\n", total);
	cudaFree(counts);
	return 0;
}
