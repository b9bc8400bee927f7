// library_part256, fixed twin: a library kernel, the maximum of each block's
// elements, reduced in __shared__ float part[256] indexed by threadIdx.x.
// There is no host code in the file and no __launch_bounds__: only the
// shared array says that the kernel is written for blocks of at most 256
// threads.
//
// The fix: a barrier between storing the elements and the tree.
//
// Blocks of more than 256 threads would still store past the end of
// part[]: outside the bound the kernel's own array implies.
#include <cuda_runtime.h>

__global__ void block_max(const float *in, float *out, int n)
{
	__shared__ float part[256];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	part[tid] = i < n ? in[i] : -3.0e38f;
	__syncthreads(); // FIXED: every element is stored before the tree reads it
	for (int h = blockDim.x / 2; h > 0; h >>= 1) {
		if (tid < h)
			part[tid] = fmaxf(part[tid], part[tid + h]);
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = part[0];
}
