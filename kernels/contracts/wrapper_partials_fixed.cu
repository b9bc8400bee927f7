// A library file: a block-sum kernel and the extern "C" wrapper the
// program's C++ code launches it through (wrapper_partials_main.cpp).
#include <cuda_runtime.h>

#define MAX_BLOCKS 16
#define TILE 256

__device__ float partial[MAX_BLOCKS];

__global__ void block_sum(const float *in, int n)
{
	__shared__ float part[TILE];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + t;
	part[t] = i < (unsigned)n ? in[i] : 0.0f;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (t < s)
			part[t] += part[t + s];
		__syncthreads();
	}
	if (t == 0)
		partial[blockIdx.x] = part[0];
}

extern "C" void launch_block_sum(dim3 grid, dim3 block, const float *in, int n)
{
	block_sum<<<grid, block>>>(in, n);
}

extern "C" void fetch_partials(float *h, int nblocks)
{
	cudaMemcpyFromSymbol(h, partial, nblocks * sizeof(float));
}
