// lock_no_fence: a global lock around a shared total, taken by two
// threads of every warp in every block, in the form that also works
// before Volta (the critical section inside the loop that tries the
// lock).  The lock is released with atomicExch and no __threadfence()
// before it: the exchange publishes nothing, so the next holder's
// read of the total is not ordered after the last holder's write.
__global__ void lock_no_fence(const int *in, int *lock, int *total)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if ((threadIdx.x & 15) != 0)
		return;
	bool done = false;
	while (!done) {
		if (atomicCAS(lock, 0, 1) == 0) {
			*total += in[i]; // BUG: the critical sections are not ordered
			atomicExch(lock, 0); // BUG: no fence before the release
			done = true;
		}
	}
}
