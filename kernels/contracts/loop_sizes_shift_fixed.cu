// loop_sizes_shift: rotates each block's 64 values left by one through a
// 64-slot shared tile.  main runs it over a range of sizes in one loop,
// for (n = 64; n <= 1024; n *= 2), with grid n / 64 and blocks of 64, on
// a buffer of 1024 floats: the loop's bounds are the only sizes the
// program makes.
//
// The bug: no barrier between the stores to the tile and the neighbour
// reads, so a thread reads a slot another thread (of another warp, or of
// its own under independent thread scheduling) may not have written yet.
//
// An n past 1024 would read and write past the buffer, and an n below 64
// gives a grid of 0 blocks, which CUDA refuses: the loop makes neither.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 64
#define MAX_N 1024

__global__ void rotate_tiles(float *d, int n)
{
	__shared__ float s[TILE];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = d[i];
	__syncthreads();
	if (i < n)
		d[i] = s[(threadIdx.x + 1) % blockDim.x];
}

int main()
{
	float *h = (float *)malloc(MAX_N * sizeof(float));
	for (int i = 0; i < MAX_N; i++)
		h[i] = (float)i;
	float *d;
	cudaMalloc(&d, MAX_N * sizeof(float));
	cudaMemcpy(d, h, MAX_N * sizeof(float), cudaMemcpyHostToDevice);
	for (int n = TILE; n <= MAX_N; n *= 2)
		rotate_tiles<<<n / TILE, TILE>>>(d, n);
	cudaMemcpy(h, d, MAX_N * sizeof(float), cudaMemcpyDeviceToHost);
	printf("h[0] = %g\n", h[0]);
	cudaFree(d);
	free(h);
	return 0;
}
