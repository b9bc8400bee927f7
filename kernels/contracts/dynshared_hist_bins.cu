// dynshared_hist_bins: a histogram of nbins bins, privatised per block in a
// dynamically sized shared array, extern __shared__ unsigned int bins[], of
// nbins counters; the host passes the size as the third <<<>>> argument,
// nbins * sizeof(unsigned int).  Blocks walk the input with a grid-stride
// loop; the host launches 8 blocks of 256 threads with nbins = 300.
//
// The bug: the counters are cleared by `if (tid < nbins) bins[tid] = 0`,
// which assumes nbins <= blockDim.x: with 300 bins and 256 threads, bins
// 256..299 are never cleared, and the flush reads them (the increments of
// values that fall in those bins read them too).
//
// nbins = 0 would divide by zero and less dynamic shared memory than nbins
// counters would be out of bounds: the host passes neither.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N (1 << 14)
#define NBINS 300
#define BLOCKS 8
#define THREADS 256

__global__ void histogram(const unsigned int *x, unsigned int *hist, int n, int nbins)
{
	extern __shared__ unsigned int bins[];
	int tid = threadIdx.x;
	if (tid < nbins)
		bins[tid] = 0; // BUG: clears only the first blockDim.x counters
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&bins[x[i] % nbins], 1u); // BUG: may increment a counter never cleared
	__syncthreads();
	for (int b = tid; b < nbins; b += blockDim.x)
		atomicAdd(&hist[b], bins[b]); // BUG: reads counters never cleared
}

int main()
{
	unsigned int *h_x = (unsigned int *)malloc(N * sizeof(unsigned int));
	unsigned int h_hist[NBINS];
	for (int i = 0; i < N; i++)
		h_x[i] = (unsigned int)(i * 2654435761u >> 7);
	unsigned int *d_x, *d_hist;
	cudaMalloc(&d_x, N * sizeof(unsigned int));
	cudaMalloc(&d_hist, NBINS * sizeof(unsigned int));
	cudaMemcpy(d_x, h_x, N * sizeof(unsigned int), cudaMemcpyHostToDevice);
	cudaMemset(d_hist, 0, NBINS * sizeof(unsigned int));
	histogram<<<BLOCKS, THREADS, NBINS * sizeof(unsigned int)>>>(d_x, d_hist, N, NBINS);
	cudaDeviceSynchronize();
	cudaMemcpy(h_hist, d_hist, sizeof(h_hist), cudaMemcpyDeviceToHost);
	printf("bin 0: %u, bin %d: %u\n", h_hist[0], NBINS - 1, h_hist[NBINS - 1]);
	cudaFree(d_x);
	cudaFree(d_hist);
	free(h_x);
	return 0;
}
