// divzero_then_race: a per-block histogram of quantised values.  The block
// finds its minimum and maximum (shared lo, hi, by atomicMin/atomicMax),
// every thread quantises its value to one of LEVELS levels with the step
// (hi - lo) / LEVELS, and the block counts the levels in shared h[] before
// adding them to the global histogram.  The host launches blocks of 128
// threads over n = 4097 values (argv[1] may give another n).
//
// Two bugs.  (1) The step is 0 when the block's values span fewer than
// LEVELS: integer division by zero, read from shared memory.  With n = 4097
// the last block holds one value (hi == lo), so that launch always divides
// by zero there; the GPU does not trap and the kernel goes on with whatever
// quotient the hardware gives, which the clamp keeps in range.  (2) The
// counts are incremented with a plain += on shared memory: 128 threads
// share 16 counters, a race whatever the values.
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128
#define LEVELS 16

__global__ void quantize_hist(const int *x, int *hist, int n)
{
	__shared__ int lo, hi;
	__shared__ int h[LEVELS];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	if (tid == 0) {
		lo = INT_MAX;
		hi = INT_MIN;
	}
	if (tid < LEVELS)
		h[tid] = 0;
	__syncthreads();
	if (i < n) {
		atomicMin(&lo, x[i]);
		atomicMax(&hi, x[i]);
	}
	__syncthreads();
	if (i < n) {
		int step = (hi - lo) / LEVELS;
		int q = (x[i] - lo) / step; // BUG: step is 0 when the block's values span fewer than LEVELS
		q = min(max(q, 0), LEVELS - 1);
		h[q] += 1; // BUG: plain increment of a shared counter
	}
	__syncthreads();
	if (tid < LEVELS)
		atomicAdd(&hist[tid], h[tid]);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4097;
	int *h_x = (int *)malloc(n * sizeof(int));
	int h_hist[LEVELS];
	srand(7);
	for (int i = 0; i < n; i++)
		h_x[i] = rand() % 1000;
	int *d_x, *d_hist;
	cudaMalloc(&d_x, n * sizeof(int));
	cudaMalloc(&d_hist, LEVELS * sizeof(int));
	cudaMemcpy(d_x, h_x, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_hist, 0, LEVELS * sizeof(int));
	quantize_hist<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d_x, d_hist, n);
	cudaDeviceSynchronize();
	cudaMemcpy(h_hist, d_hist, sizeof(h_hist), cudaMemcpyDeviceToHost);
	for (int l = 0; l < LEVELS; l++)
		printf("level %2d: %d\n", l, h_hist[l]);
	cudaFree(d_x);
	cudaFree(d_hist);
	free(h_x);
	return 0;
}
