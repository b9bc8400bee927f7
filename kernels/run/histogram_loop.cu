// histogram_loop: count the values of a buffer into 16 bins, once per
// turn of a loop (the host reuses the result each time).
//
// The bug: the bins are incremented with a plain `++` on global memory,
// so two threads of different blocks that see the same value race on
// the bin (compute-sanitizer's racecheck sees shared memory only).  The
// kernel is launched 50 times; the report has one finding for it.
#include <cstdio>
#include <cstdlib>

__global__ void histogram(const int *values, int *bins, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		bins[values[i] & 15]++; // BUG: atomicAdd(&bins[...], 1)
}

int main(void)
{
	const int n = 4096, turns = 50;
	int *h = (int *)malloc(n * sizeof(int));
	for (int i = 0; i < n; i++)
		h[i] = (i * 7) % 16;
	int *values, *bins;
	cudaMalloc(&values, n * sizeof(int));
	cudaMalloc(&bins, 16 * sizeof(int));
	cudaMemcpy(values, h, n * sizeof(int), cudaMemcpyHostToDevice);
	int hb[16];
	long total = 0;
	for (int t = 0; t < turns; t++) {
		cudaMemset(bins, 0, 16 * sizeof(int));
		histogram<<<n / 256, 256>>>(values, bins, n);
		cudaMemcpy(hb, bins, sizeof hb, cudaMemcpyDeviceToHost);
		total += hb[3];
	}
	printf("turns %d\n", turns);
	cudaFree(values);
	cudaFree(bins);
	free(h);
	return total > 0 ? 0 : 1;
}
