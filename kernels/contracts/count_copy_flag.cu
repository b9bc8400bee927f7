// count_copy_flag: the tail of a stream compaction.  Each thread copies
// one kept element while its index is below the count an earlier pass
// left in memory (count[0]), and, when the pass raised flags[0], marks
// its element.  main keeps 64 of n = 1000 elements (src and dst hold
// the 64 kept) and launches (n + 255) / 256 blocks of 256.
//
// The kernel assumes what every compaction leaves: a count no larger
// than its buffers.  Counts the search makes up (any int) copy past src
// and dst: that is the data's doing, not a bug.  The flag bounds no
// index.
//
// The bug: the mark has no i < n guard, so the last block's threads past
// n write marks[i] past its n entries whenever the flag is up.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1000
#define KEPT 64

__global__ void compact_tail(int *dst, const int *src, const int *count, const int *flags,
			     int *marks, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < count[0])
		dst[i] = src[i];
	if (flags[0]) // BUG: a flag, not a bound: i may be past n
		marks[i] = 1; // BUG: marks[i] is past the marks for i >= n
}

int main(void)
{
	int n = N, kept = KEPT, up = 1;
	int *h = (int *)malloc(kept * sizeof(int));
	for (int k = 0; k < kept; k++)
		h[k] = 2 * k;
	int *d_dst, *d_src, *d_count, *d_flags, *d_marks;
	cudaMalloc(&d_dst, kept * sizeof(int));
	cudaMalloc(&d_src, kept * sizeof(int));
	cudaMalloc(&d_count, sizeof(int));
	cudaMalloc(&d_flags, sizeof(int));
	cudaMalloc(&d_marks, n * sizeof(int));
	cudaMemcpy(d_src, h, kept * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_count, &kept, sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_flags, &up, sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_marks, 0, n * sizeof(int));
	compact_tail<<<(n + 255) / 256, 256>>>(d_dst, d_src, d_count, d_flags, d_marks, n);
	cudaMemcpy(h, d_dst, kept * sizeof(int), cudaMemcpyDeviceToHost);
	printf("dst[0] = %d\n", h[0]);
	cudaFree(d_dst);
	cudaFree(d_src);
	cudaFree(d_count);
	cudaFree(d_flags);
	cudaFree(d_marks);
	free(h);
	return 0;
}
