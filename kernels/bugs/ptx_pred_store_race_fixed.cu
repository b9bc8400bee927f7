// ptx_pred_store_race, fixed: the predicate takes bit 0 of the thread
// index, so only the even thread of each pair stores to its slot.

__global__ void ptx_pred_store_race(const unsigned *in, unsigned *out)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned v = in[t] * 2u + 1u;
	unsigned odd = t & 1u;
	asm volatile("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p bra SKIP%=; st.global.cs.u32 [%1], %2; SKIP%=: }"
		     :: "r"(odd), "l"(out + t / 2), "r"(v) : "memory");
}
