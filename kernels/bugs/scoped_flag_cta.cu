// scoped_flag_cta: block 0 publishes a value with a release store of its
// flag, block 1 waits for the flag with acquire loads, in inline PTX.  The
// release and the acquires are of .cta scope: they order accesses inside
// one block only, so between blocks the flag is an insufficiently scoped
// atomic (GWCP: a scoped race) and the value is not handed over.
__device__ void put_flag(int *p, int v)
{
	asm volatile("st.release.cta.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); // BUG: .cta scope across blocks
}

__device__ int get_flag(int *p)
{
	int v;
	asm volatile("ld.acquire.cta.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); // BUG: .cta scope across blocks
	return v;
}

__global__ void scoped_flag_cta(int *value, int *flag, int *out)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		*value = 42; // BUG: not released to block 1
		put_flag(flag, 1);
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (get_flag(flag) == 0)
			;
		out[0] = *value; // BUG: not acquired from block 0
	}
}
