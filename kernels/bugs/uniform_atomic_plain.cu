// uniform_atomic_plain: the uniform-address counter done right (atomicAdd,
// which GMRace exempts) but read with a plain load in the same barrier
// interval: atomics do not order a plain access of another thread, so the
// read races with the other threads' atomic updates.
__global__ void uniform_atomic_plain(const int *in, int thr, int *out)
{
	__shared__ int s_count;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid == 0)
		s_count = 0;
	__syncthreads();
	if (in[gid] > thr)
		atomicAdd(&s_count, 1); // BUG: atomic, but the read below is not ordered after it
	out[gid] = s_count; // BUG: plain read in the same barrier interval
}
