// warp_lock_shared: lane 0 of every warp adds its warp's value to a
// shared total under a spin lock in shared memory, counts itself in, and
// lane 0 of warp 0 waits until every warp has and writes the total out.
// No __syncthreads() between: the waiting warps rely on the others being
// scheduled meanwhile.  The lock is released with no fence before it, and
// the count is raised with none: neither publishes the total.
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
	total += in[blockIdx.x * blockDim.x + threadIdx.x]; // BUG: the critical sections are not ordered
	atomicExch(&lock, 0); // BUG: no fence before the release
	atomicAdd(&arrived, 1);
	if (threadIdx.x == 0) {
		while (atomicAdd(&arrived, 0) < nw)
			;
		out[blockIdx.x] = total; // BUG: not ordered after the other warps' adds
	}
}
