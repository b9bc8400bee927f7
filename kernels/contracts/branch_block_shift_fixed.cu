// branch_block_shift: rotates each block's values left by one through a
// 256-slot shared array.  main picks the block size on a branch: 128 with
// `--small`, 256 otherwise (each branch says which it took), and launches
// (4096 + bs - 1) / bs blocks: blocks of 128 or 256 threads, nothing else.
//
// The bug: no barrier between the stores to the array and the neighbour
// reads, so a thread reads a slot another thread may not have written yet.
//
// Blocks of more than 256 threads would index s past its end: the program
// makes none.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define MAXB 256
#define N 4096

__global__ void block_shift(const float *in, float *out, int n)
{
	__shared__ float s[MAXB];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < n ? in[i] : 0.0f;
	__syncthreads();
	if (i < n)
		out[i] = s[(tid + 1) % blockDim.x];
}

int main(int argc, char **argv)
{
	int bs;
	if (argc > 1 && strcmp(argv[1], "--small") == 0) {
		printf("blocks of 128\n");
		bs = 128;
	} else {
		printf("blocks of 256\n");
		bs = 256;
	}
	float *h = (float *)malloc(N * sizeof(float));
	for (int i = 0; i < N; i++)
		h[i] = (float)i;
	float *d_in, *d_out;
	cudaMalloc(&d_in, N * sizeof(float));
	cudaMalloc(&d_out, N * sizeof(float));
	cudaMemcpy(d_in, h, N * sizeof(float), cudaMemcpyHostToDevice);
	block_shift<<<(N + bs - 1) / bs, bs>>>(d_in, d_out, N);
	cudaMemcpy(h, d_out, N * sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[0] = %g\n", h[0]);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h);
	return 0;
}
