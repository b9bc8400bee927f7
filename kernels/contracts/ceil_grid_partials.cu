// ceil_grid_partials: one partial sum per block of 256 over n values, n
// from argv[1] (1000 without one), which main rejects outside 1..4096.
// The grid is (int)ceil(n / 256.0) blocks (Rodinia bfs's spelling of a
// ceil-div); the partial sums hold (n + 255) / 256 floats, one a block.
//
// The bug: block b stores its sum at partial[b + 1] (slot 0 was meant for
// the total), so the last block writes one past the partial sums.
//
// More blocks than (n + 255) / 256 would write past them too: ceil gives
// exactly that many, so the program never launches more.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define MAX_N 4096

__global__ void block_sum(const float *in, float *partial, int n)
{
	__shared__ float part[256];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
	part[tid] = i < n ? in[i] : 0.0f;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s /= 2) {
		if (tid < s)
			part[tid] += part[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		partial[blockIdx.x + 1] = part[0]; // BUG: the last block writes past partial
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	if (n < 1 || n > MAX_N) {
		fprintf(stderr, "n must be 1..%d\n", MAX_N);
		exit(1);
	}
	int blocks = (int)ceil(n / 256.0);
	float *h = (float *)malloc(MAX_N * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = 1.0f;
	float *d_in, *d_partial;
	cudaMalloc(&d_in, MAX_N * sizeof(float));
	cudaMalloc(&d_partial, (n + 255) / 256 * sizeof(float));
	cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	block_sum<<<blocks, 256>>>(d_in, d_partial, n);
	cudaMemcpy(h, d_partial, (n + 255) / 256 * sizeof(float), cudaMemcpyDeviceToHost);
	printf("partial[0] = %g\n", h[0]);
	cudaFree(d_in);
	cudaFree(d_partial);
	free(h);
	return 0;
}
