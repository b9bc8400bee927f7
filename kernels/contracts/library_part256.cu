// library_part256: a library kernel, the maximum of each block's elements,
// reduced in __shared__ float part[256] indexed by threadIdx.x.  There is no
// host code in the file and no __launch_bounds__: only the shared array
// says that the kernel is written for blocks of at most 256 threads.
//
// The bug: no barrier between storing the elements and the first step of
// the tree, which reads part[tid + h] (the missing-barrier reduction).
//
// Blocks of more than 256 threads would store past the end of part[]:
// outside the bound the kernel's own array implies.
#include <cuda_runtime.h>

__global__ void block_max(const float *in, float *out, int n)
{
	__shared__ float part[256];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	part[tid] = i < n ? in[i] : -3.0e38f; // BUG: not ordered before the tree's first read
	// BUG: a __syncthreads() belongs here
	for (int h = blockDim.x / 2; h > 0; h >>= 1) {
		if (tid < h)
			part[tid] = fmaxf(part[tid], part[tid + h]); // BUG: the first step reads with no barrier
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = part[0];
}
