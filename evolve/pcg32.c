/*
** pcg32.c: the PCG32 generator and the distributions built on it.
*/
#include <math.h>
#include <stdint.h>

#include "evolve/pcg32.h"

/* The 64-bit LCG multiplier of the PCG paper (Knuth's MMIX constant). */
#define MULT UINT64_C(6364136223846793005)

/* pi to more digits than a double holds; M_PI is not ISO C. */
static const double PI = 3.14159265358979323846;

static void step(struct pcg32 *g)
{
	g->state = g->state * MULT + g->inc;
}

void pcg32_seed(struct pcg32 *g, uint64_t initstate, uint64_t initseq)
{
	g->state = 0;
	g->inc = (initseq << 1) | 1;
	step(g);
	g->state += initstate;
	step(g);
}

/*
** XSH-RR: xorshift the high bits down, keep 32 of them, and rotate by the
** top five bits.  The output is taken from the old state so the multiply
** can overlap with the permutation.
*/
uint32_t pcg32_next(struct pcg32 *g)
{
	uint64_t old = g->state;
	step(g);
	uint32_t x = (uint32_t)(((old >> 18) ^ old) >> 27);
	uint32_t rot = (uint32_t)(old >> 59);
	return (x >> rot) | (x << ((-rot) & 31));
}

/*
** Lemire, "Fast Random Integer Generation in an Interval" (2019): the high
** word of x * bound is the result, and the low word tells whether x fell in
** the 2^32 mod bound values that would over-represent some results.  The
** division computing that threshold only runs when a rejection is possible
** at all (low word < bound).
*/
uint32_t pcg32_bounded(struct pcg32 *g, uint32_t bound)
{
	uint64_t m = (uint64_t)pcg32_next(g) * bound;
	uint32_t low = (uint32_t)m;
	if (low < bound) {
		uint32_t threshold = -bound % bound;	/* 2^32 mod bound */
		while (low < threshold) {
			m = (uint64_t)pcg32_next(g) * bound;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

uint64_t pcg32_next64(struct pcg32 *g)
{
	uint64_t hi = pcg32_next(g);
	return (hi << 32) | pcg32_next(g);
}

/*
** Bounds of 2^32 and more: reject the 2^64 mod bound smallest values, which
** leaves a multiple of bound values for the modulo to fold evenly.  At
** least half the range is kept, so the loop runs fewer than twice on average.
*/
uint64_t pcg32_bounded64(struct pcg32 *g, uint64_t bound)
{
	if (bound <= UINT32_MAX)
		return pcg32_bounded(g, (uint32_t)bound);
	uint64_t threshold = -bound % bound;	/* 2^64 mod bound */
	for (;;) {
		uint64_t r = pcg32_next64(g);
		if (r >= threshold)
			return r % bound;
	}
}

double pcg32_double(struct pcg32 *g)
{
	return (double)(pcg32_next64(g) >> 11) * 0x1.0p-53;
}

/*
** Box-Muller with u1 = 1 - pcg32_double in (0, 1], so the logarithm is
** finite.  The sine deviate is thrown away rather than cached: a cache
** would make a draw depend on the draws before it, and pcg32_advance could
** not skip normals by counting outputs.
*/
double pcg32_normal(struct pcg32 *g)
{
	double u1 = 1.0 - pcg32_double(g);
	double u2 = pcg32_double(g);
	return sqrt(-2.0 * log(u1)) * cos(2.0 * PI * u2);
}

/*
** u - 0.5 = (2k + 1 - 2^52) * 2^-53 for k uniform in [0, 2^52): an odd
** integer in (-2^52, 2^52), exact in a double, and symmetric under negation.
** Its magnitude stays below 0.5, and the double PI is below pi, so tan never
** reaches its pole.
*/
double pcg32_cauchy(struct pcg32 *g)
{
	int64_t k = (int64_t)(pcg32_next64(g) >> 12);
	double centred = (double)(2 * k + 1 - (INT64_C(1) << 52)) * 0x1.0p-53;
	return tan(PI * centred);
}

/*
** Brown's jump: DELTA steps of s -> a*s + c compose to s -> A*s + C.  Walk
** the bits of DELTA while squaring the step (a, c) -> (a*a, (a+1)*c), and
** fold the step into (A, C) for every set bit.  All arithmetic is mod 2^64.
*/
void pcg32_advance(struct pcg32 *g, uint64_t delta)
{
	uint64_t acc_mult = 1, acc_plus = 0;
	uint64_t cur_mult = MULT, cur_plus = g->inc;
	while (delta > 0) {
		if (delta & 1) {
			acc_mult *= cur_mult;
			acc_plus = acc_plus * cur_mult + cur_plus;
		}
		cur_plus = (cur_mult + 1) * cur_plus;
		cur_mult *= cur_mult;
		delta >>= 1;
	}
	g->state = acc_mult * g->state + acc_plus;
}
