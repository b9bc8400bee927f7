// warp_slot_sums: a library kernel, one block of 1024 threads per row,
// that sums a row and its squares: each warp sums its lanes with
// shuffles, its first lane stores the warp's sum in part[warp], and every
// lane of every warp then reads part[lane] for the block's sum.
//
// The kernel assumes blockDim.x >= 1024: a smaller block has fewer than
// 32 warps, and part's other slots are read unwritten (a block of 32 x 32
// has 32 warps too, but threadIdx.x / 32 is 0 for all of them).  Rule 4
// for a slot a warp: the block of 32 times part's extent, laid out in x,
// reads it clean, and a bisection in whole warps finds 1024.
//
// The bug: the second sum's slots are stored while other warps may still
// read the first sum's: a barrier is missing between them.
#include <cuda_runtime.h>

__device__ float warp_sum(float v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, o);
	return v;
}

__global__ void row_stats(const float *x, float *sum, float *sq, int cols)
{
	__shared__ float part[32];
	const float *row = x + (size_t)blockIdx.x * cols;
	float s = 0.0f, q = 0.0f;
	for (int j = threadIdx.x; j < cols; j += 1024) {
		s += row[j];
		q += row[j] * row[j];
	}
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	s = warp_sum(s);
	q = warp_sum(q);
	if (lane == 0)
		part[warp] = s;
	__syncthreads();
	s = warp_sum(part[lane]);
	// BUG: a __syncthreads() belongs here: part is reused
	if (lane == 0)
		part[warp] = q;	// BUG: other warps may still read the first sum
	__syncthreads();
	q = warp_sum(part[lane]);
	if (threadIdx.x == 0) {
		sum[blockIdx.x] = s;
		sq[blockIdx.x] = q;
	}
}
