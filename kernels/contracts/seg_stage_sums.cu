// seg_stage_sums: a library kernel, weighted sums over segments of 64
// elements.  Each thread loads one element of the block's segment into
// t[64], then every thread sums the whole segment with weights that fall
// with the distance from its own element, and stages its sum and the sum's
// square (a float4 per thread) in the dynamic shared segment, whose size
// the kernel asserts; thread 0 writes the last thread's figures.  There is
// no host code: t[64], indexed by threadIdx.x and read whole by every
// thread, says that the kernel is written for blocks of exactly 64 threads.
//
// The bug: no barrier between staging the figures and thread 0's read of
// the last thread's, which another warp stages.
//
// A smaller block leaves t's last elements unwritten, a larger one stores
// past its end: outside the block the kernel's own array implies.  The
// search's probe for the smallest block that writes all of t raises the
// block, and the dynamic segment the search chose for the smaller block no
// longer passes the assert: the probe runs again with the segment sized
// for its block (docs/CONTRACTS.md, "Inferred assumptions").
#include <cassert>
#include <cuda_runtime.h>

#define SEG 64

__global__ void seg_stage_sums(const float *in, float2 *out)
{
	extern __shared__ float4 stage[];
	__shared__ float t[SEG];
	unsigned bytes;
	asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
	assert(bytes >= blockDim.x * sizeof(float4));
	int tx = threadIdx.x;
	t[tx] = in[blockIdx.x * SEG + tx];
	__syncthreads();
	float s = 0.0f;
	for (int k = 0; k < SEG; k++)
		s += t[k] / (1.0f + fabsf((float)(k - tx)));
	stage[tx] = make_float4(s, s * s, 0.0f, 0.0f); // BUG: not ordered before thread 0's read
	// BUG: a __syncthreads() belongs here
	if (tx == 0) {
		float4 v = stage[blockDim.x - 1]; // BUG: reads the last thread's figures with no barrier
		out[blockIdx.x] = make_float2(v.x, v.y);
	}
}
