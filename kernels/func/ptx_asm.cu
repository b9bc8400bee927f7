// ptx_asm: inline PTX of the kinds libdevice, the CUDA headers and users
// write, one result per slot; tests/check_ptxasm.c recomputes each in C.
// Inputs per thread i: a[3i..3i+2] (u32 A, B, C), p[2i..2i+1] (u64 P, Q),
// f[2i..2i+1] (f32 F, G), x[i] (f64 X); results: o (NO u32 per thread),
// o64 (N64 u64), fo (NF f32), xo (NX f64).  Launch exactly n threads, at
// most 96 a block: the kernel has a barrier and a 96-slot shared array.
#include <assert.h>

#define NO 40
#define N64 8
#define NF 10
#define NX 3

__device__ unsigned mad_carry(unsigned a, unsigned b, unsigned c, unsigned *hi)
{
	unsigned lo, h;
	asm("{\n\tmad.lo.cc.u32 %0, %2, %3, %4;\n\tmadc.hi.u32 %1, %2, %3, 0;\n\t}"
	    : "=r"(lo), "=r"(h) : "r"(a), "r"(b), "r"(c));
	*hi = h;
	return lo;
}

// 64 x 64 -> 128 bits through 32-bit pieces and one carry chain.
__device__ void mul128(unsigned long long a, unsigned long long b,
		       unsigned long long *lo, unsigned long long *hi)
{
	asm("{\n\t"
	    ".reg .u32 a0, a1, b0, b1, w0, w1, w2, w3, t;\n\t"
	    "mov.b64 {a0, a1}, %2;\n\t"
	    "mov.b64 {b0, b1}, %3;\n\t"
	    "mul.lo.u32 w0, a0, b0;\n\t"
	    "mul.hi.u32 w1, a0, b0;\n\t"
	    "mul.lo.u32 w2, a1, b1;\n\t"
	    "mul.hi.u32 w3, a1, b1;\n\t"
	    "mad.lo.cc.u32 w1, a1, b0, w1;   // cross term 1\n\t"
	    "madc.hi.cc.u32 w2, a1, b0, w2;\n\t"
	    "addc.u32 w3, w3, 0;\n\t"
	    "mad.lo.cc.u32 w1, a0, b1, w1;\n\t"
	    "madc.hi.cc.u32 w2, a0, b1, w2;\n\t"
	    "addc.u32 w3, w3, 0;\n\t"
	    "mov.b64 %0, {w0, w1};\n\t"
	    "mov.b64 %1, {w2, w3};\n\t"
	    "}"
	    : "=l"(*lo), "=l"(*hi) : "l"(a), "l"(b));
}

__global__ void ptx_asm(const unsigned *a, const unsigned long long *p, const float *f,
			const double *x, unsigned *o, unsigned long long *o64, float *fo,
			double *xo, int n)
{
	// a guard (i >= n: return) before the barrier below would leave the
	// threads past n out of it: the launch covers n exactly instead
	assert(n == (int)(gridDim.x * blockDim.x) && blockDim.x <= 96);
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned A = a[3 * i], B = a[3 * i + 1], C = a[3 * i + 2], r, r2;
	unsigned long long P = p[2 * i], Q = p[2 * i + 1], R, R2;
	unsigned *O = o + i * NO;

	O[0] = mad_carry(A, B, C, &O[1]);
	asm("{\n\t.reg .u32 s0, s1, s2, s3;\n\t"
	    "mov.b64 {s0, s1}, %1;\n\tmov.b64 {s2, s3}, %2;\n\t"
	    "add.cc.u32 s0, s0, s2;\n\taddc.cc.u32 s1, s1, s3;\n\taddc.u32 %0, 0, 0;\n\t}"
	    : "=r"(r) : "l"(P), "l"(Q));
	O[2] = r;	// carry out of the 64-bit add
	asm("sub.cc.u32 %0, %2, %3;\n\tsubc.u32 %1, %3, %2;" : "=r"(r), "=r"(r2) : "r"(A), "r"(B));
	O[3] = r;
	O[4] = r2;
	asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(A >> (B & 31)));
	O[5] = r;
	asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(A >> (B & 31)));
	O[6] = r;
	asm("bfind.s32 %0, %1;" : "=r"(r) : "r"((int)A >> (B & 31)));
	O[7] = r;
	asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(C));
	O[8] = r;
	asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(C & 63));
	O[9] = r;
	asm("vadd2.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(0));
	O[10] = r;
	asm("vsub4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(0));
	O[11] = r;
	asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(C));
	O[12] = r;
	asm("vavrg2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(0));
	O[13] = r;
	asm("vmin4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(0));
	O[14] = r;
	asm("vmax2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(0));
	O[15] = r;
	asm("vset4.u32.u32.lt %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(0));
	O[16] = r;
	asm("vset2.s32.s32.ge %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(0));
	O[17] = r;
	asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(C));
	O[18] = r;
	asm("dp2a.hi.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(C));
	O[19] = r;
	asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(A), "r"(B), "r"(C));
	O[20] = r;
	asm("{\n\t.reg .pred lt;\n\tsetp.lt.s32 lt, %1, %2;\n\t"
	    "@lt add.u32 %0, %1, 5;\n\t@!lt sub.u32 %0, %2, 1;\n\t}"
	    : "=r"(r) : "r"(A), "r"(B));
	O[21] = r;
	asm("{\n\t.reg .pred hi, odd;\n\tsetp.hi.u32 hi, %1, %2;\n\t"
	    "setp.ne.and.b32 odd, %3, 0, hi;\n\tselp.u32 %0, %1, %2, odd;\n\t}"
	    : "=r"(r) : "r"(A), "r"(B), "r"(C & 1));
	O[22] = r;
	asm("mov.u32 %0, %%laneid;" : "=r"(r));
	O[23] = r;
	asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
	O[24] = r;
	asm volatile("activemask.b32 %0;" : "=r"(r));
	O[25] = r;
	asm("mov.u32 %0, WARP_SZ;" : "=r"(r));
	O[26] = r;
	asm("popc.b32 %0, %1;" : "=r"(r) : "r"(A));
	O[27] = r;
	asm("clz.b64 %0, %1;" : "=r"(r) : "l"(P >> (B & 63)));
	O[28] = r;
	asm("brev.b32 %0, %1;" : "=r"(r) : "r"(A));
	O[29] = r;
	asm("not.b32 %0, %1;" : "=r"(r) : "r"(A));
	O[30] = r;
	asm("cnot.b32 %0, %1;" : "=r"(r) : "r"(A & B & 1));
	O[31] = r;
	asm("{\n\t.reg .s32 t;\n\tneg.s32 t, %1;\n\tabs.s32 %0, t;\n\t}" : "=r"(r) : "r"(A));
	O[32] = r;
	asm("min.s32 %0, %1, %2;" : "=r"(r) : "r"(A), "r"(B));
	O[33] = r;
	asm("max.u32 %0, %1, %2;" : "=r"(r) : "r"(A), "r"(B));
	O[34] = r;
	asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(A), "r"(B & 63));
	O[35] = r;
	asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(A), "r"(B & 63));
	O[36] = r;
	unsigned short h;
	asm("cvt.u16.u32 %0, %1;" : "=h"(h) : "r"(A));
	O[37] = h;
	asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(r) : "f"(f[2 * i] * 1e4f));
	O[38] = r;
	asm("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(A), "r"(B));
	O[39] = r;

	unsigned long long *O64 = o64 + i * N64;
	mul128(P, Q, &R, &R2);
	O64[0] = R;
	O64[1] = R2;
	asm("mul.wide.s32 %0, %1, %2;" : "=l"(R) : "r"(A), "r"(B));
	O64[2] = R;
	asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(R) : "r"(A), "r"(B), "l"(P));
	O64[3] = R;
	asm("cvt.s64.s32 %0, %1;" : "=l"(R) : "r"(A));
	O64[4] = R;
	asm("add.u64 %0, %1, %2;" : "=l"(R) : "l"(P), "l"(Q));
	O64[5] = R;
	asm("mul.hi.s64 %0, %1, %2;" : "=l"(R) : "l"(P), "l"(Q));
	O64[6] = R;
	asm("xor.b64 %0, %1, 0x00ff00ff00ff00ff;" : "=l"(R) : "l"(P));
	O64[7] = R;

	float F = f[2 * i], G = f[2 * i + 1], fr;
	float *FO = fo + i * NF;
	asm("sub.rz.f32 %0, %1, %2;" : "=f"(fr) : "f"(F), "f"(G));
	FO[0] = fr;
	asm("rcp.rn.f32 %0, %1;" : "=f"(fr) : "f"(G));
	FO[1] = fr;
	asm("fma.rn.f32 %0, %1, %2, %1;" : "=f"(fr) : "f"(F), "f"(G));
	FO[2] = fr;
	asm("add.f32 %0, %1, 0f3F800000;" : "=f"(fr) : "f"(F));
	FO[3] = fr;
	asm("min.f32 %0, %1, %2;" : "=f"(fr) : "f"(F), "f"(G));
	FO[4] = fr;
	asm("{\n\t.reg .f32 t;\n\tneg.f32 t, %1;\n\tabs.f32 %0, t;\n\t}" : "=f"(fr) : "f"(F));
	FO[5] = fr;
	asm("sqrt.rn.f32 %0, %1;" : "=f"(fr) : "f"(G));
	FO[6] = fr;
	asm("mul.rm.f32 %0, %1, %2;" : "=f"(fr) : "f"(F), "f"(G));
	FO[7] = fr;
	asm("cvt.rn.f32.u32 %0, %1;" : "=f"(fr) : "r"(A));
	FO[8] = fr;
	asm("add.sat.f32 %0, %1, %2;" : "=f"(fr) : "f"(F), "f"(G));
	FO[9] = fr;

	double X = x[i], xr;
	double *XO = xo + i * NX;
	asm("{ .reg .pred e;\n\tsetp.equ.f64 e, %1, %2;\n\tselp.f64 %0, %3, %4, e;}"
	    : "=d"(xr) : "d"(X), "d"(0.5), "d"(1.0), "d"(2.0));
	XO[0] = xr;
	asm("div.rn.f64 %0, %1, %2;" : "=d"(xr) : "d"(X), "d"((double)G));
	XO[1] = xr;
	asm("cvt.rn.f32.f64 %0, %1;" : "=f"(fr) : "d"(X));
	XO[2] = fr;

	// barrier, fences and sleeps are accepted; a thread may leave with exit.
	// The barrier orders the exchange of A through shared memory.
	__shared__ unsigned sh[96];
	sh[threadIdx.x] = A;
	asm volatile("bar.sync 0;");
	O[26] += sh[(threadIdx.x + 1) % blockDim.x] & 0xff;
	asm volatile("membar.gl;\n\tfence.acq_rel.cta;\n\tnanosleep.u32 20;");
	if ((A & 7) == 0)
		asm volatile("exit;");
	O[39] ^= 0x80000000u;
}
