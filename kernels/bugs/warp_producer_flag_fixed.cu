// warp_producer_flag, fixed: every producer lane fences its store of the
// tile and then counts itself in with an atomic (a release); the
// consumers wait with atomic reads of the count (acquires) and fence.
#define TILE 32
__global__ void warp_producer_flag(const float *in, float *out)
{
	__shared__ float tile[TILE];
	__shared__ int ready;
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	int last = (blockDim.x - 1) / 32, producers = blockDim.x - last * 32;
	if (threadIdx.x == 0)
		ready = 0;
	__syncthreads();
	if (warp == last) {
		tile[lane] = in[blockIdx.x * TILE + lane] * 2.0f;
		__threadfence_block();
		atomicAdd(&ready, 1);
	} else {
		while (atomicAdd(&ready, 0) < producers)
			;
		__threadfence_block();
		out[blockIdx.x * blockDim.x + threadIdx.x] = tile[lane % producers];
	}
}
