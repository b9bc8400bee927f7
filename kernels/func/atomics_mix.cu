// atomics_mix: the integer atomics whose final value does not depend on the
// order: add/sub, min/max (signed, unsigned, 64-bit), and/or/xor, exchange
// of a common value, inc/dec with wrap-around, and the _system forms on
// global memory.  The _block forms only target per-block slots (blk[]),
// since block-scoped atomics from different blocks would race.  acc[] and
// u[] start from the values the test passes in.
__global__ void atomics_mix(const int *in, int *acc, unsigned int *u, unsigned long long *ull,
			    int *blk, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	atomicAdd(&acc[0], v);
	atomicSub(&acc[1], v);
	atomicMin(&acc[2], v);
	atomicMax(&acc[3], v);
	atomicAnd(&acc[4], ~(1 << (i % 31)));
	atomicOr(&acc[5], 1 << (v & 15));
	atomicXor(&acc[6], v);
	atomicAdd_system(&acc[7], 2);
	atomicExch(&acc[8 + (i & 1)], 42);
	atomicInc(&u[0], 16u);
	atomicDec(&u[1], 9u);
	atomicMin(&u[2], (unsigned int)v);
	atomicMax(&u[3], (unsigned int)v);
	atomicAdd(&ull[0], (unsigned long long)v << 20);
	atomicMax(&ull[1], (unsigned long long)v * 0x100000001ULL);
	atomicOr_system(&ull[2], 1ULL << (i % 64));
	atomicAdd_block(&blk[2 * blockIdx.x], 1);
	atomicMax_block(&blk[2 * blockIdx.x + 1], v);
}
