// zero_grid_launch: scales 48 values with blocks of 64 threads.  main
// computes the grid as N / BLOCK, which truncates to 0 blocks for N below
// BLOCK: CUDA refuses the launch (cudaErrorInvalidConfiguration) and the
// kernel never runs, and main, which checks nothing, prints the values
// unscaled.
//
// The bug is the host's: the grid must round up, (N + BLOCK - 1) / BLOCK.
// The kernel itself is correct at every launch.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 48
#define BLOCK 64

__global__ void scale(float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] *= a;
}

int main()
{
	float h[N];
	for (int i = 0; i < N; i++)
		h[i] = (float)i;
	float *d;
	cudaMalloc(&d, N * sizeof(float));
	cudaMemcpy(d, h, N * sizeof(float), cudaMemcpyHostToDevice);
	scale<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(d, 2.0f, N);
	cudaMemcpy(h, d, N * sizeof(float), cudaMemcpyDeviceToHost);
	printf("h[1] = %g\n", h[1]);
	cudaFree(d);
	return 0;
}
