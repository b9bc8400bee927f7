// warp_lock_shared, fixed: a block fence after taking the lock and before
// releasing it, and before counting in (each atomic after a fence is a
// release; the spinning reads acquire).
__global__ void warp_lock_shared(const int *in, int *out)
{
	__shared__ int lock, total, arrived;
	int nw = (blockDim.x + 31) / 32;
	if (threadIdx.x == blockDim.x - 1) {
		lock = 0;
		total = 0;
		arrived = 0;
	}
	__syncthreads();
	if (threadIdx.x % 32 != 0)
		return;
	while (atomicCAS(&lock, 0, 1) != 0)
		;
	__threadfence_block();
	total += in[blockIdx.x * blockDim.x + threadIdx.x];
	__threadfence_block();
	atomicExch(&lock, 0);
	atomicAdd(&arrived, 1);
	if (threadIdx.x == 0) {
		while (atomicAdd(&arrived, 0) < nw)
			;
		__threadfence_block();
		out[blockIdx.x] = total;
	}
}
