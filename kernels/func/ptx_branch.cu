// ptx_branch: inline PTX with labels and branches, as hand-tuned kernels
// write it: a predicated branch over a cache-global load, a loop with a
// backward bra.uni and a forward exit (an asm loop in a device function
// that is called twice, so -O3 inlines two copies of one ${:uid} label), a
// do-while closed by @!p bra, an if/else diamond, nested { } scopes, and
// every cache operator on loads and stores.  Per thread i (n threads):
// out[8i..8i+7]; the lanes' trip counts differ, so branches diverge.

// 1 + 2 + ... + k by a loop in PTX
__device__ unsigned tri(unsigned k)
{
	unsigned s;
	asm("{\n\t"
	    ".reg .pred done;\n\t"
	    ".reg .u32 j;\n\t"
	    "mov.u32 %0, 0;\n\t"
	    "mov.u32 j, 1;\n"
	    "LOOP%=:\n\t"
	    "setp.gt.u32 done, j, %1;\n\t"
	    "@done bra END%=;\n\t"
	    "add.u32 %0, %0, j;\n\t"
	    "add.u32 j, j, 1;\n\t"
	    "bra.uni LOOP%=;\n"
	    "END%=:\n\t"
	    "}" : "=r"(s) : "r"(k));
	return s;
}

__global__ void ptx_branch(const unsigned *in, unsigned *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	const unsigned *p = in + i;
	unsigned *o = out + 8 * i;
	unsigned v = 0xdead;
	// odd elements keep 0xdead: the load is branched over
	asm volatile("{ .reg .pred p; .reg .u32 b; and.b32 b, %1, 1; setp.ne.u32 p, b, 0; "
		     "@p bra SKIP%=; ld.global.cg.u32 %0, [%2]; SKIP%=: }"
		     : "+r"(v) : "r"(i), "l"(p));
	unsigned x = in[i];
	unsigned t1 = tri(x % 23), t2 = tri(x % 7);
	// population count, one bit a trip, @!p bra back while bits are left
	unsigned c;
	asm("{ .reg .pred more; .reg .u32 w, b; mov.u32 w, %1; mov.u32 %0, 0;\n"
	    "BIT%=: and.b32 b, w, 1; add.u32 %0, %0, b; shr.u32 w, w, 1;\n\t"
	    "setp.eq.u32 more, w, 0; @!more bra BIT%=; }"
	    : "=r"(c) : "r"(x | 1u));
	// |x - y| by an if/else diamond, with nested scopes that shadow a .reg
	unsigned y = x * 2654435761u >> 20, d;
	asm("{ .reg .pred lt; .reg .u32 r; setp.lt.u32 lt, %1, %2; @lt bra LESS%=;\n\t"
	    "sub.u32 r, %1, %2; bra DONE%=;\n"
	    "LESS%=: { .reg .u32 r; sub.u32 r, %2, %1; mov.u32 %0, r; } bra.uni OUT%=;\n"
	    "DONE%=: mov.u32 %0, r;\n"
	    "OUT%=: }"
	    : "=r"(d) : "r"(x), "r"(y));
	// cache operators: every load and store form, one value each
	unsigned a0, a1, a2, a3, a4, a5;
	asm volatile("prefetch.global.L2 [%0];" :: "l"(p));
	asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(a0) : "l"(p));
	asm volatile("ld.global.cs.u32 %0, [%1];" : "=r"(a1) : "l"(p));
	asm volatile("ld.global.lu.u32 %0, [%1];" : "=r"(a2) : "l"(p));
	asm volatile("ld.global.cv.u32 %0, [%1];" : "=r"(a3) : "l"(p));
	asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(a4) : "l"(p));
	asm volatile("prefetch.global.L1 [%0];" :: "l"(p));
	a5 = a0 + a1 + a2 + a3 + a4;
	asm volatile("st.global.wb.u32 [%0], %1;" :: "l"(o), "r"(v) : "memory");
	asm volatile("st.global.cg.u32 [%0], %1;" :: "l"(o + 1), "r"(t1) : "memory");
	asm volatile("st.global.cs.u32 [%0], %1;" :: "l"(o + 2), "r"(t2) : "memory");
	asm volatile("st.global.wt.u32 [%0], %1;" :: "l"(o + 3), "r"(c) : "memory");
	o[4] = d;
	o[5] = a5;
	// after the divergent asm above the warp has reconverged
	unsigned m;
	asm volatile("activemask.b32 %0;" : "=r"(m));
	o[6] = m;
	o[7] = y;
}
