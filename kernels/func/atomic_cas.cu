// atomic_cas: atomicCAS loops.  A 64-bit "argmax" packs (value, index) in
// one unsigned long long so the winner is unique; a 32-bit loop computes a
// saturating add (order-independent while the sum stays below the cap).
// The loops start from a guess and let atomicCAS report the real value, so
// no plain read races with the atomics.
__device__ void atomic_max_u64(unsigned long long *addr, unsigned long long v)
{
	unsigned long long old = 0, assumed;
	do {
		assumed = old;
		if (assumed >= v)
			break;
		old = atomicCAS(addr, assumed, v);
	} while (old != assumed);
}

__device__ unsigned int atomic_add_sat(unsigned int *addr, unsigned int v, unsigned int cap)
{
	unsigned int old = 0, assumed;
	do {
		assumed = old;
		unsigned int nv = assumed > cap - v ? cap : assumed + v;
		old = atomicCAS(addr, assumed, nv);
	} while (old != assumed);
	return old;
}

__global__ void atomic_cas(const unsigned int *val, unsigned long long *best, unsigned int *sum,
			   int n, unsigned int cap)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	atomic_max_u64(best, ((unsigned long long)val[i] << 32) | (unsigned int)i);
	atomic_add_sat(&sum[0], val[i], cap);
	atomic_add_sat(&sum[1], val[i], 0xffffffffu);
}
