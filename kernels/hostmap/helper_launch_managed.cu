// helper_launch_managed: a histogram in managed memory, computed by a
// helper that launches the kernel, printed by main.
//
// The bug is in the host code: count_into launches the kernel and returns
// without waiting for it, and main reads bins[] straight after.  The
// launch is inside a helper, so the read in main is what races with it.
// The fix waits in the helper, before it returns.
#include <cstdio>
#include <cuda_runtime.h>

#define N 8192
#define BINS 16

__global__ void histogram(int n, const int *v, unsigned *bins)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&bins[(unsigned)v[i] % BINS], 1u);
}

static void count_into(const int *v, unsigned *bins, cudaStream_t s)
{
	cudaMemsetAsync(bins, 0, BINS * sizeof(unsigned), s);
	histogram<<<N / 256, 256, 0, s>>>(N, v, bins);
}

int main()
{
	int *v;
	unsigned *bins;
	cudaMallocManaged(&v, N * sizeof(int));
	cudaMallocManaged(&bins, BINS * sizeof(unsigned));
	for (int i = 0; i < N; i++)
		v[i] = i * 7;
	cudaStream_t s;
	cudaStreamCreate(&s);
	count_into(v, bins, s);
	unsigned total = 0;
	for (int b = 0; b < BINS; b++) // BUG: the kernel may still be running
		total += bins[b];
	printf("%u\n", total);
	cudaStreamDestroy(s);
	cudaFree(v);
	cudaFree(bins);
	return total != N;
}
