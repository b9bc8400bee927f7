// scoped_flag_cta, fixed: the release and the acquires are of .gpu
// scope, which covers both blocks.
__device__ void put_flag(int *p, int v)
{
	asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}

__device__ int get_flag(int *p)
{
	int v;
	asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
	return v;
}

__global__ void scoped_flag_cta(int *value, int *flag, int *out)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		*value = 42;
		put_flag(flag, 1);
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (get_flag(flag) == 0)
			;
		out[0] = *value;
	}
}
