// warp_slot_sums_fixed: the same sums, with a barrier before part is
// reused for the second one.
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
	__syncthreads();
	if (lane == 0)
		part[warp] = q;
	__syncthreads();
	q = warp_sum(part[lane]);
	if (threadIdx.x == 0) {
		sum[blockIdx.x] = s;
		sq[blockIdx.x] = q;
	}
}
