// ptx_pred_store_race: pairs of threads share one output slot, and inline
// PTX is meant to let only the even thread of a pair store: a predicated
// branch jumps over the store for the odd one (cache-streaming store, the
// way hand-tuned copy kernels write it).  The predicate takes bit 1 of the
// thread index instead of bit 0, so both threads of every other pair store
// to one slot (and neither of the others does).

__global__ void ptx_pred_store_race(const unsigned *in, unsigned *out)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned v = in[t] * 2u + 1u;
	unsigned odd = t & 2u; // bit 1 where bit 0 was meant
	asm volatile("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p bra SKIP%=; st.global.cs.u32 [%1], %2; SKIP%=: }" // BUG: threads 4k and 4k+1 both store to out[2k]
		     :: "r"(odd), "l"(out + t / 2), "r"(v) : "memory");
}
