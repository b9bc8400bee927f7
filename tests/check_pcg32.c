/*
** check_pcg32.c: the PCG32 generator against the reference outputs of the
** PCG paper's pcg32-demo, jump-ahead against stepping, and the
** distributions against their known moments and quantiles.
**
** Every seed is fixed, so each statistical test gives the same statistic
** on every run; the limits sit well beyond the 99.9% quantile of the
** statistic under the null hypothesis, yet far below what the classic
** implementation mistakes produce (bounded_tests_have_power shows this for
** the two biased ways of reducing to a range).
*/
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "evolve/pcg32.h"
#include "tests.h"

/* Samples per statistical test: the standard error of a fraction is then at
** most 0.0005. */
#define N_SAMPLES 1000000

/* Checks inside the sample loops are written as if (...) ck_abort_msg():
** a passing ck_assert records a checkpoint for the forked runner, one
** system call each, which would make these tests take seconds. */

/* Pearson's statistic for COUNT[0..K) against equal expected counts. */
static double chi_square(const unsigned long *count, int k)
{
	unsigned long n = 0;
	for (int i = 0; i < k; i++)
		n += count[i];
	double expected = (double)n / k;
	double chi = 0.0;
	for (int i = 0; i < k; i++) {
		double d = (double)count[i] - expected;
		chi += d * d / expected;
	}
	return chi;
}

static int same_generator(const struct pcg32 *a, const struct pcg32 *b)
{
	return a->state == b->state && a->inc == b->inc;
}

/* ---- the raw generator ------------------------------------------------- */

START_TEST(reference_outputs)
{
	/* pcg32-demo: pcg32_srandom_r(&rng, 42u, 54u), first round. */
	static const uint32_t want[] = {
		0xa15c02b7, 0x7b47f409, 0xba1d3330,
		0x83d2f293, 0xbfa4784b, 0xcbed606e,
	};
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		uint32_t got = pcg32_next(&g);
		ck_assert_msg(got == want[i],
			"output %zu: 0x%08x, want 0x%08x",
			i, (unsigned)got, (unsigned)want[i]);
	}
}
END_TEST

START_TEST(same_seed_same_sequence)
{
	struct pcg32 a, b;
	pcg32_seed(&a, 0x853c49e6748fea9bULL, 0xda3e39cb94b95bdbULL);
	pcg32_seed(&b, 0x853c49e6748fea9bULL, 0xda3e39cb94b95bdbULL);
	ck_assert(same_generator(&a, &b));
	for (int i = 0; i < 10000; i++)
		if (pcg32_next(&a) != pcg32_next(&b))
			ck_abort_msg("output %d differs", i);
}
END_TEST

/* How many of the first 10000 outputs of two seeds agree position by
** position; about 10000 / 2^32 for unrelated sequences. */
static int agreements(uint64_t s1, uint64_t q1, uint64_t s2, uint64_t q2)
{
	struct pcg32 a, b;
	pcg32_seed(&a, s1, q1);
	pcg32_seed(&b, s2, q2);
	int same = 0;
	for (int i = 0; i < 10000; i++)
		same += pcg32_next(&a) == pcg32_next(&b);
	return same;
}

START_TEST(streams_differ)
{
	ck_assert_int_le(agreements(42, 54, 42, 55), 1);
	ck_assert_int_le(agreements(42, 54, 42, 0), 1);
	ck_assert_int_le(agreements(42, 54, 43, 54), 1);
	ck_assert_int_le(agreements(0, 0, 0, 1), 1);
	/* Nor is stream 55 stream 54 shifted by less than 2^20: its first
	** two outputs never appear there in a row (one 32-bit match is
	** chance, about 2^20 / 2^32; two are not). */
	struct pcg32 a, b;
	pcg32_seed(&a, 42, 54);
	pcg32_seed(&b, 42, 55);
	uint32_t first = pcg32_next(&b), second = pcg32_next(&b);
	for (long i = 0; i < (1L << 20); i++)
		if (pcg32_next(&a) == first && pcg32_next(&a) == second)
			ck_abort_msg("stream 55 is stream 54 shifted %ld", i);
}
END_TEST

START_TEST(stream_top_bit_ignored)
{
	/* Documented: INITSEQ is shifted left by one, losing its top bit. */
	struct pcg32 a, b;
	pcg32_seed(&a, 7, 54);
	pcg32_seed(&b, 7, 54 | (UINT64_C(1) << 63));
	ck_assert(same_generator(&a, &b));
	ck_assert_uint_eq(a.inc & 1, 1);
}
END_TEST

START_TEST(next64_is_two_outputs)
{
	struct pcg32 a, b;
	pcg32_seed(&a, 42, 54);
	pcg32_seed(&b, 42, 54);
	ck_assert_uint_eq(pcg32_next64(&a), 0xa15c02b77b47f409ULL);
	pcg32_advance(&b, 2);
	for (int i = 0; i < 1000; i++) {
		uint64_t hi = pcg32_next(&b);
		uint64_t lo = pcg32_next(&b);
		ck_assert_uint_eq(pcg32_next64(&a), hi << 32 | lo);
	}
}
END_TEST

/* ---- jump ahead -------------------------------------------------------- */

START_TEST(advance_equals_stepping)
{
	static const uint64_t deltas[] = {
		0, 1, 2, 3, 4, 5, 7, 8, 31, 32, 33, 100, 1000, 12345, 65536,
		99991,
	};
	for (size_t i = 0; i < sizeof deltas / sizeof deltas[0]; i++) {
		struct pcg32 a, b;
		pcg32_seed(&a, 42 + i, 54 * i);
		b = a;
		for (uint64_t k = 0; k < deltas[i]; k++)
			pcg32_next(&a);
		pcg32_advance(&b, deltas[i]);
		ck_assert_msg(same_generator(&a, &b),
			"advance(%llu) differs from stepping",
			(unsigned long long)deltas[i]);
		ck_assert_uint_eq(pcg32_next(&a), pcg32_next(&b));
	}
}
END_TEST

START_TEST(advance_backwards)
{
	static const uint64_t deltas[] = { 1, 2, 3, 17, 1000, 123456 };
	for (size_t i = 0; i < sizeof deltas / sizeof deltas[0]; i++) {
		struct pcg32 start, g;
		pcg32_seed(&start, 2024, 7 + i);
		g = start;
		uint32_t out[16];
		for (uint64_t k = 0; k < deltas[i]; k++) {
			uint32_t x = pcg32_next(&g);
			if (k < 16)
				out[k] = x;
		}
		/* 2^64 - delta, computed mod 2^64. */
		pcg32_advance(&g, UINT64_MAX - deltas[i] + 1);
		ck_assert(same_generator(&g, &start));
		for (uint64_t k = 0; k < deltas[i] && k < 16; k++)
			ck_assert_uint_eq(pcg32_next(&g), out[k]);
	}
	/* One step back repeats the last output. */
	struct pcg32 g;
	pcg32_seed(&g, 1, 2);
	pcg32_advance(&g, 1000);
	uint32_t last = pcg32_next(&g);
	pcg32_advance(&g, (uint64_t)-1);
	ck_assert_uint_eq(pcg32_next(&g), last);
}
END_TEST

START_TEST(advance_full_period)
{
	/* Half the period moves somewhere else, the full period (two halves)
	** comes back: this exercises the top bit of DELTA. */
	struct pcg32 start, g;
	pcg32_seed(&start, 42, 54);
	g = start;
	pcg32_advance(&g, UINT64_C(1) << 63);
	ck_assert(!same_generator(&g, &start));
	pcg32_advance(&g, UINT64_C(1) << 63);
	ck_assert(same_generator(&g, &start));
	/* And big jumps compose: 2^40 + 2^40 + 5 == 2^41 + 5. */
	struct pcg32 a = start, b = start;
	pcg32_advance(&a, UINT64_C(1) << 40);
	pcg32_advance(&a, (UINT64_C(1) << 40) + 5);
	pcg32_advance(&b, (UINT64_C(1) << 41) + 5);
	ck_assert(same_generator(&a, &b));
}
END_TEST

START_TEST(documented_consumption)
{
	/* The header promises how many outputs each draw takes, so that
	** pcg32_advance can skip draws. */
	struct pcg32 g, ref;
	pcg32_seed(&g, 99, 3);
	ref = g;
	for (int i = 0; i < 1000; i++) {
		pcg32_double(&g);
		pcg32_advance(&ref, 2);
		ck_assert(same_generator(&g, &ref));
		pcg32_normal(&g);
		pcg32_advance(&ref, 4);
		ck_assert(same_generator(&g, &ref));
		pcg32_cauchy(&g);
		pcg32_advance(&ref, 2);
		ck_assert(same_generator(&g, &ref));
		pcg32_bounded(&g, UINT32_C(1) << 31);
		pcg32_bounded(&g, 1);
		pcg32_advance(&ref, 2);
		ck_assert(same_generator(&g, &ref));
	}
}
END_TEST

/* ---- bounded integers -------------------------------------------------- */

START_TEST(bounded_in_range)
{
	static const uint32_t bounds[] = {
		2, 3, 7, 10, 1000, 65537, UINT32_C(1) << 31,
		(UINT32_C(1) << 31) + 1, UINT32_C(3) << 30, UINT32_MAX - 1,
		UINT32_MAX,
	};
	struct pcg32 g;
	pcg32_seed(&g, 5, 6);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_eq(pcg32_bounded(&g, 1), 0);
	ck_assert_uint_eq(pcg32_bounded(&g, 0), 0);
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		uint32_t b = bounds[i];
		int low = 0, high = 0;
		for (int k = 0; k < 10000; k++) {
			uint32_t x = pcg32_bounded(&g, b);
			if (x >= b)
				ck_abort_msg("%u out of [0, %u)", (unsigned)x,
					(unsigned)b);
			if (x < b / 2)
				low++;
			else
				high++;
		}
		/* Both halves of the range are reached. */
		ck_assert_int_gt(low, 2000);
		ck_assert_int_gt(high, 2000);
	}
}
END_TEST

START_TEST(bounded_uniform_small)
{
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	unsigned long count[10] = { 0 };
	for (long i = 0; i < N_SAMPLES; i++)
		count[pcg32_bounded(&g, 10)]++;
	/* 9 degrees of freedom: 99.9% quantile 27.88. */
	double chi = chi_square(count, 10);
	ck_assert_double_lt(chi, 50.0);
}
END_TEST

/*
** A non-power-of-two bound close to 2^32, where a biased reduction shows:
** with BOUND = 3 * 2^30, x % BOUND hits [0, 2^30) twice as often as the
** rest, and the high word of x * BOUND without rejection hits multiples of
** 3 twice as often as other values.  So count twelve equal blocks of the
** range (catches the first) and the residues mod 3 (catches the second).
*/
#define BIG_BOUND (UINT32_C(3) << 30)
#define BIG_LIMIT_BLOCKS 60.0	/* 11 d.o.f.: 99.9% quantile 31.26 */
#define BIG_LIMIT_MOD3 30.0	/* 2 d.o.f.: 99.9% quantile 13.82 */

struct big_stats {
	double blocks;	/* chi-square over the twelve blocks */
	double mod3;	/* chi-square over the residues mod 3 */
};

static struct big_stats big_bound_stats(struct pcg32 *g,
	uint32_t (*draw)(struct pcg32 *, uint32_t))
{
	unsigned long block[12] = { 0 }, mod3[3] = { 0 };
	for (long i = 0; i < N_SAMPLES; i++) {
		uint32_t x = draw(g, BIG_BOUND);
		if (x >= BIG_BOUND)
			ck_abort_msg("%u out of range", (unsigned)x);
		block[x >> 28]++;
		mod3[x % 3]++;
	}
	struct big_stats s = { chi_square(block, 12), chi_square(mod3, 3) };
	return s;
}

/* The two wrong reductions, for the power check below. */
static uint32_t biased_modulo(struct pcg32 *g, uint32_t bound)
{
	return pcg32_next(g) % bound;
}

static uint32_t biased_multiply(struct pcg32 *g, uint32_t bound)
{
	return (uint32_t)(((uint64_t)pcg32_next(g) * bound) >> 32);
}

START_TEST(bounded_uniform_large)
{
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	struct big_stats s = big_bound_stats(&g, pcg32_bounded);
	ck_assert_double_lt(s.blocks, BIG_LIMIT_BLOCKS);
	ck_assert_double_lt(s.mod3, BIG_LIMIT_MOD3);
}
END_TEST

START_TEST(bounded_tests_have_power)
{
	/* The same statistics on the same seed reject both biased
	** reductions by orders of magnitude (expected N/8 and N/8). */
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	struct big_stats s = big_bound_stats(&g, biased_modulo);
	ck_assert_double_gt(s.blocks, 100 * BIG_LIMIT_BLOCKS);
	pcg32_seed(&g, 42, 54);
	s = big_bound_stats(&g, biased_multiply);
	ck_assert_double_gt(s.mod3, 100 * BIG_LIMIT_MOD3);
}
END_TEST

START_TEST(bounded64_in_range)
{
	static const uint64_t bounds[] = {
		2, 10, UINT32_MAX, UINT64_C(1) << 32, (UINT64_C(1) << 32) + 1,
		UINT64_C(1000000000000), UINT64_C(1) << 63,
		(UINT64_C(1) << 63) + 1, UINT64_C(3) << 62, UINT64_MAX,
	};
	struct pcg32 g;
	pcg32_seed(&g, 8, 9);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_eq(pcg32_bounded64(&g, 1), 0);
	ck_assert_uint_eq(pcg32_bounded64(&g, 0), 0);
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		uint64_t b = bounds[i];
		int low = 0, high = 0;
		for (int k = 0; k < 10000; k++) {
			uint64_t x = pcg32_bounded64(&g, b);
			if (x >= b)
				ck_abort_msg("%llu out of [0, %llu)",
					(unsigned long long)x,
					(unsigned long long)b);
			if (x < b / 2)
				low++;
			else
				high++;
		}
		ck_assert_int_gt(low, 2000);
		ck_assert_int_gt(high, 2000);
	}
	/* Small bounds are served by pcg32_bounded, as documented. */
	struct pcg32 a, c;
	pcg32_seed(&a, 1, 1);
	pcg32_seed(&c, 1, 1);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_eq(pcg32_bounded64(&a, 1000003),
			pcg32_bounded(&c, 1000003));
}
END_TEST

START_TEST(bounded64_uniform_large)
{
	/* As above with 2^64 = 3 * 2^62 + 2^62: the modulo of a raw 64-bit
	** draw would put half the mass into the first four of twelve
	** blocks.  Residues mod 3 check the low end of the value. */
	const uint64_t bound = UINT64_C(3) << 62;
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	unsigned long block[12] = { 0 }, mod3[3] = { 0 };
	unsigned long biased[12] = { 0 };
	for (long i = 0; i < N_SAMPLES; i++) {
		uint64_t x = pcg32_bounded64(&g, bound);
		if (x >= bound)
			ck_abort_msg("%llu out of range",
				(unsigned long long)x);
		block[x >> 60]++;
		mod3[x % 3]++;
	}
	ck_assert_double_lt(chi_square(block, 12), BIG_LIMIT_BLOCKS);
	ck_assert_double_lt(chi_square(mod3, 3), BIG_LIMIT_MOD3);
	for (long i = 0; i < N_SAMPLES; i++)
		biased[(pcg32_next64(&g) % bound) >> 60]++;
	ck_assert_double_gt(chi_square(biased, 12), 100 * BIG_LIMIT_BLOCKS);
}
END_TEST

/* ---- continuous distributions ------------------------------------------ */

START_TEST(double_uniform)
{
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	double sum = 0.0, sum2 = 0.0;
	long odd = 0;
	unsigned long bin[16] = { 0 };
	for (long i = 0; i < N_SAMPLES; i++) {
		double u = pcg32_double(&g);
		if (!(u >= 0.0 && u < 1.0))
			ck_abort_msg("%a out of [0, 1)", u);
		sum += u;
		sum2 += (u - 0.5) * (u - 0.5);
		bin[(int)(u * 16)]++;
		/* u is k * 2^-53: the lowest of the 53 bits is live. */
		double k = u * 0x1.0p53;
		if (k != floor(k))
			ck_abort_msg("%a is not a multiple of 2^-53", u);
		odd += fmod(k, 2.0) == 1.0;
	}
	ck_assert_double_eq_tol(sum / N_SAMPLES, 0.5, 0.002);
	ck_assert_double_eq_tol(sum2 / N_SAMPLES, 1.0 / 12, 0.0005);
	ck_assert_double_eq_tol((double)odd / N_SAMPLES, 0.5, 0.005);
	/* 15 degrees of freedom: 99.9% quantile 37.70. */
	ck_assert_double_lt(chi_square(bin, 16), 60.0);
}
END_TEST

START_TEST(normal_moments_and_quantiles)
{
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	double sum = 0.0, sum2 = 0.0, sum4 = 0.0;
	long below_lo = 0, below_0 = 0, below_hi = 0;
	for (long i = 0; i < N_SAMPLES; i++) {
		double x = pcg32_normal(&g);
		if (!(isfinite(x) && fabs(x) < 8.6))
			ck_abort_msg("normal deviate %g", x);
		sum += x;
		sum2 += x * x;
		sum4 += x * x * x * x;
		below_lo += x < -1.96;
		below_0 += x < 0.0;
		below_hi += x < 1.96;
	}
	double n = N_SAMPLES;
	double mean = sum / n;
	/* Standard errors: mean 0.001, variance 0.0014, fourth moment
	** 0.0097, fraction at +-1.96 0.00016, at 0 0.0005. */
	ck_assert_double_eq_tol(mean, 0.0, 0.005);
	ck_assert_double_eq_tol(sum2 / n - mean * mean, 1.0, 0.01);
	ck_assert_double_eq_tol(sum4 / n, 3.0, 0.06);
	ck_assert_double_eq_tol(below_lo / n, 0.0249979, 0.001);
	ck_assert_double_eq_tol(below_0 / n, 0.5, 0.003);
	ck_assert_double_eq_tol(below_hi / n, 0.9750021, 0.001);
}
END_TEST

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

START_TEST(cauchy_quantiles)
{
	struct pcg32 g;
	pcg32_seed(&g, 42, 54);
	double *x = malloc(N_SAMPLES * sizeof *x);
	ck_assert_ptr_nonnull(x);
	/* Two-sided tails: P(|X| > t) = 1 - 2/pi * atan(t).  12.706 is the
	** 97.5% quantile of Student's t with one degree of freedom, which is
	** the standard Cauchy, so its tail is 0.05. */
	const double t1 = 12.706, t2 = 100.0;
	const double p1 = 1.0 - 2.0 / 3.14159265358979323846 * atan(t1);
	const double p2 = 1.0 - 2.0 / 3.14159265358979323846 * atan(t2);
	long tail1 = 0, tail2 = 0;
	for (long i = 0; i < N_SAMPLES; i++) {
		x[i] = pcg32_cauchy(&g);
		if (!isfinite(x[i]))
			ck_abort_msg("cauchy deviate %g", x[i]);
		tail1 += fabs(x[i]) > t1;
		tail2 += fabs(x[i]) > t2;
	}
	qsort(x, N_SAMPLES, sizeof *x, cmp_double);
	double q1 = x[N_SAMPLES / 4], med = x[N_SAMPLES / 2];
	double q3 = x[3 * (N_SAMPLES / 4)];
	free(x);
	ck_assert_double_eq_tol(p1, 0.05, 0.0001);
	/* Standard errors: median 0.0016, quartiles 0.0027, tails 0.00022
	** and 0.00008. */
	ck_assert_double_eq_tol(med, 0.0, 0.01);
	ck_assert_double_eq_tol(q1, -1.0, 0.015);
	ck_assert_double_eq_tol(q3, 1.0, 0.015);
	ck_assert_double_eq_tol(tail1 / (double)N_SAMPLES, p1, 0.0015);
	ck_assert_double_eq_tol(tail2 / (double)N_SAMPLES, p2, 0.0005);
}
END_TEST

START_TEST(cauchy_sign)
{
	struct pcg32 g;
	pcg32_seed(&g, 3, 4);
	long pos = 0, neg = 0;
	for (long i = 0; i < N_SAMPLES; i++) {
		double x = pcg32_cauchy(&g);
		pos += x > 0;
		neg += x < 0;
	}
	/* u - 0.5 is an odd multiple of 2^-53, so never 0. */
	ck_assert_int_eq(pos + neg, N_SAMPLES);
	ck_assert_double_eq_tol(pos / (double)N_SAMPLES, 0.5, 0.003);
}
END_TEST

/* ---- forced outputs ---------------------------------------------------- */

/*
** A state whose XSH-RR output is Y: rotation 0 (bits 59..63 clear), and
** bits 58..27 solved from the top so that bit i ^ bit i+18 is bit i-27 of
** Y.  Bits 0..26 do not reach the output and are left 0.
*/
static uint64_t state_with_output(uint32_t y)
{
	uint64_t s = 0;
	for (int i = 58; i >= 27; i--) {
		uint64_t above = i + 18 < 64 ? (s >> (i + 18)) & 1 : 0;
		s |= ((((uint64_t)y >> (i - 27)) & 1) ^ above) << i;
	}
	return s;
}

/* A generator whose next two outputs are Y1 and Y2: the increment is
** chosen to carry the first crafted state to the second (made odd by
** setting bit 0 of the second, which the output ignores). */
static struct pcg32 forced(uint32_t y1, uint32_t y2)
{
	uint64_t s1 = state_with_output(y1), s2 = state_with_output(y2) | 1;
	struct pcg32 g = { s1, s2 - s1 * UINT64_C(6364136223846793005) };
	struct pcg32 probe = g;
	ck_assert_uint_eq(pcg32_next(&probe), y1);
	ck_assert_uint_eq(pcg32_next(&probe), y2);
	return g;
}

/* Whether G is where START gets after N outputs. */
static int is_after(const struct pcg32 *g, struct pcg32 start, uint64_t n)
{
	pcg32_advance(&start, n);
	return same_generator(g, &start);
}

START_TEST(forced_extremes)
{
	/* The largest and smallest doubles. */
	struct pcg32 ones = forced(UINT32_MAX, UINT32_MAX);
	struct pcg32 zeros = forced(0, 0);
	struct pcg32 g = ones;
	ck_assert(pcg32_double(&g) == 1.0 - 0x1.0p-53);
	g = zeros;
	ck_assert(pcg32_double(&g) == 0.0);

	/* The Cauchy grid ends, k = 2^52 - 1 and k = 0: finite, mirror
	** images, and near the pole. */
	g = forced(UINT32_MAX, 0xfffff000);
	double top = pcg32_cauchy(&g);
	g = zeros;
	double bottom = pcg32_cauchy(&g);
	ck_assert(isfinite(top) && isfinite(bottom));
	ck_assert(top == -bottom);
	ck_assert_double_gt(top, 1e15);

	/* Normal: u1 = 2^-53 gives the largest radius, u1 = 1 gives 0. */
	g = ones;
	double far = pcg32_normal(&g);
	ck_assert(isfinite(far) && fabs(far) < 8.58);
	g = zeros;
	ck_assert(pcg32_normal(&g) == 0.0);
}
END_TEST

START_TEST(forced_rejections)
{
	/* Bound 2^32 - 1: x = 0 is the one rejected value (low word 0 <
	** 2^32 mod bound = 1); x = 5 is accepted and maps to 4. */
	struct pcg32 g = forced(0, 5), start = g;
	ck_assert_uint_eq(pcg32_bounded(&g, UINT32_MAX), 4);
	ck_assert(is_after(&g, start, 2));
	/* x = 2^32 - 1 is accepted at once as bound - 1. */
	g = start = forced(UINT32_MAX, 0);
	ck_assert_uint_eq(pcg32_bounded(&g, UINT32_MAX), UINT32_MAX - 1);
	ck_assert(is_after(&g, start, 1));

	/* Bound 3 * 2^30: 2^32 mod bound = 2^30 values are rejected; x = 0
	** is one of them, x = 1 (low word 3 * 2^30) is not. */
	g = start = forced(0, 1);
	ck_assert_uint_eq(pcg32_bounded(&g, BIG_BOUND), 0);
	ck_assert(is_after(&g, start, 2));

	/* bounded64 with 3 * 2^62 rejects r < 2^62: r = 2^62 is the first
	** accepted value and r = 2^62 - 1 the last rejected one. */
	const uint64_t bound = UINT64_C(3) << 62;
	g = start = forced(0x40000000, 0);
	ck_assert_uint_eq(pcg32_bounded64(&g, bound), UINT64_C(1) << 62);
	ck_assert(is_after(&g, start, 2));
	g = start = forced(0x3fffffff, UINT32_MAX);
	uint64_t x = pcg32_bounded64(&g, bound);
	ck_assert_uint_lt(x, bound);
	ck_assert(!is_after(&g, start, 2));
}
END_TEST

Suite *pcg32_suite(void)
{
	Suite *s = suite_create("pcg32");

	TCase *tc = tcase_create("generator");
	tcase_add_test(tc, reference_outputs);
	tcase_add_test(tc, same_seed_same_sequence);
	tcase_add_test(tc, streams_differ);
	tcase_add_test(tc, stream_top_bit_ignored);
	tcase_add_test(tc, next64_is_two_outputs);
	tcase_add_test(tc, advance_equals_stepping);
	tcase_add_test(tc, advance_backwards);
	tcase_add_test(tc, advance_full_period);
	tcase_add_test(tc, documented_consumption);
	tcase_add_test(tc, forced_extremes);
	tcase_add_test(tc, forced_rejections);
	suite_add_tcase(s, tc);

	/* A million draws per test; generous under sanitizers. */
	tc = tcase_create("distributions");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, bounded_in_range);
	tcase_add_test(tc, bounded_uniform_small);
	tcase_add_test(tc, bounded_uniform_large);
	tcase_add_test(tc, bounded_tests_have_power);
	tcase_add_test(tc, bounded64_in_range);
	tcase_add_test(tc, bounded64_uniform_large);
	tcase_add_test(tc, double_uniform);
	tcase_add_test(tc, normal_moments_and_quantiles);
	tcase_add_test(tc, cauchy_quantiles);
	tcase_add_test(tc, cauchy_sign);
	suite_add_tcase(s, tc);

	return s;
}
