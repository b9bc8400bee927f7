// bf16_atomic_partials (fixed): each block of 128 threads sums its slice of a
// vector by a tree in shared memory, and thread 0 adds the block's sum to
// a pair of bf16 totals with atomicAdd on __nv_bfloat162, which below
// sm_90 the toolkit's cuda_bf16.hpp implements as a plain read of the
// word and an atomicCAS loop.
//
// Fixed: a barrier after each step of the tree.
#include <cuda_bf16.h>

__global__ void bf16_atomic_partials(const float *in, unsigned *out, int n)
{
	__shared__ float s[128];
	int i = blockIdx.x * 128 + threadIdx.x;
	s[threadIdx.x] = i < n ? in[i] : 0.0f;
	__syncthreads();
	for (int h = 64; h > 0; h /= 2) {
		if (threadIdx.x < h)
			s[threadIdx.x] += s[threadIdx.x + h];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		atomicAdd((__nv_bfloat162 *)out, __floats2bfloat162_rn(s[0], 0.5f * s[0]));
}
