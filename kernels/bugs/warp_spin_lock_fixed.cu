// warp_spin_lock, fixed: the critical section runs inside the loop that
// tries the lock, so the lane that takes it finishes its critical section
// and releases the lock before the warp tries again, in lockstep too.
__global__ void warp_spin_lock(const int *in, int *lock, int *total)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	bool done = false;
	while (!done) {
		if (atomicCAS(lock, 0, 1) == 0) {
			*total += in[i];
			__threadfence();
			atomicExch(lock, 0);
			done = true;
		}
	}
}
