// reduce_warp: integer sum with warp shuffles.  Each warp reduces with
// __shfl_down_sync, lane 0 of every warp stores to shared memory, warp 0
// reduces those, and thread 0 writes the block's sum to part[blockIdx.x]
// and adds it atomically to total[0].  blockDim.x is a multiple of 32.
__device__ __forceinline__ int warp_sum(int v)
{
	for (int off = warpSize / 2; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	return v;
}

__global__ void reduce_warp(const int *in, int *part, int *total, int n)
{
	__shared__ int warp_sums[32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % warpSize;
	int warp = threadIdx.x / warpSize;
	int v = i < n ? in[i] : 0;
	v = warp_sum(v);
	if (lane == 0)
		warp_sums[warp] = v;
	__syncthreads();
	if (warp == 0) {
		int nwarps = blockDim.x / warpSize;
		v = lane < nwarps ? warp_sums[lane] : 0;
		v = warp_sum(v);
		if (lane == 0) {
			part[blockIdx.x] = v;
			atomicAdd(total, v);
		}
	}
}
