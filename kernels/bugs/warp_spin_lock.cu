// warp_spin_lock: threads add their values to a total under a spin lock,
// written the way it works on Volta and later: every thread spins on
// atomicCAS until it takes the lock.  Before Volta the lanes of a warp run
// in lockstep, so the lanes that failed keep the warp looping while the
// lane that took the lock waits to run its critical section: a deadlock
// (CUDA programming guide, independent thread scheduling).  Under
// independent thread scheduling the holder makes progress and the lock,
// fenced before its release, orders the critical sections.
__global__ void warp_spin_lock(const int *in, int *lock, int *total)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	while (atomicCAS(lock, 0, 1) != 0) // BUG: spins while a lane of its own warp holds the lock
		;
	*total += in[i];
	__threadfence();
	atomicExch(lock, 0);
}
