// shared256_neighbor, fixed twin: the adjacent difference out[i] = in[i + 1]
// - in[i], read through a 256-slot shared tile, __shared__ float part[256],
// indexed by threadIdx.x: the kernel is written for blocks of at most 256
// threads and the host launches it with blocks of exactly 256.
//
// The fix: a barrier between storing the tile and reading the neighbour's
// slot.
//
// Blocks of more than 256 threads would still store past the end of
// part[]: the program never launches such blocks.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 10000
#define BLOCK 256

__global__ void adjacent_diff(const float *in, float *out, int n)
{
	__shared__ float part[256];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	part[tid] = i < n ? in[i] : 0.0f;
	__syncthreads(); // FIXED: the tile is complete before a neighbour's slot is read
	float right;
	if (tid + 1 < blockDim.x)
		right = part[tid + 1];
	else
		right = i + 1 < n ? in[i + 1] : 0.0f;
	if (i < n)
		out[i] = right - part[tid];
}

int main()
{
	float *h_in = (float *)malloc(N * sizeof(float));
	float *h_out = (float *)malloc(N * sizeof(float));
	for (int i = 0; i < N; i++)
		h_in[i] = (float)(i * i % 97);
	float *d_in, *d_out;
	cudaMalloc(&d_in, N * sizeof(float));
	cudaMalloc(&d_out, N * sizeof(float));
	cudaMemcpy(d_in, h_in, N * sizeof(float), cudaMemcpyHostToDevice);
	int grid = (N + BLOCK - 1) / BLOCK;
	adjacent_diff<<<grid, BLOCK>>>(d_in, d_out, N);
	cudaDeviceSynchronize();
	cudaMemcpy(h_out, d_out, N * sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[0] = %g, out[%d] = %g\n", h_out[0], N - 1, h_out[N - 1]);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h_in);
	free(h_out);
	return 0;
}
