// warp_shuffle_sum, fixed twin: per-block sums with warp shuffles.  Each
// warp reduces its values with __shfl_down_sync(0xffffffff, ...), lane 0 of
// every warp stores the warp's sum in warp_sums[], and warp 0 reduces those.
// The full mask assumes whole warps: the host launches blocks of 128 threads.
//
// The fix: a barrier between the warp sums' stores and warp 0's reads.
//
// Blocks that are not a multiple of 32 threads would still shuffle with
// lanes that do not exist: the program never launches them.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128

__device__ float warp_sum(float v)
{
	for (int offset = 16; offset > 0; offset >>= 1)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}

__global__ void block_sums(const float *in, float *out, int n)
{
	__shared__ float warp_sums[32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int warp = threadIdx.x / 32;
	float v = i < n ? in[i] : 0.0f;
	v = warp_sum(v);
	if (lane == 0)
		warp_sums[warp] = v;
	__syncthreads(); // FIXED: every warp's sum is stored before warp 0 reads them
	if (warp == 0) {
		v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
		v = warp_sum(v);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 5000;
	int grid = (n + BLOCK - 1) / BLOCK;
	float *h_in = (float *)malloc(n * sizeof(float));
	float *h_out = (float *)malloc(grid * sizeof(float));
	for (int i = 0; i < n; i++)
		h_in[i] = 1.0f;
	float *d_in, *d_out;
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_out, grid * sizeof(float));
	cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
	block_sums<<<grid, BLOCK>>>(d_in, d_out, n);
	cudaDeviceSynchronize();
	cudaMemcpy(h_out, d_out, grid * sizeof(float), cudaMemcpyDeviceToHost);
	double total = 0.0;
	for (int b = 0; b < grid; b++)
		total += h_out[b];
	printf("total = %f (expected %d)\n", total, n);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h_in);
	free(h_out);
	return 0;
}
