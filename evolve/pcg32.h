/*
** pcg32.h: the PCG32 random number generator (O'Neill, "PCG: A Family of
** Simple Fast Space-Efficient Statistically Good Algorithms for Random
** Number Generation", 2014): a 64-bit LCG state with the XSH-RR output
** permutation, 2^63 selectable streams, period 2^64 per stream.
**
** There is no global generator: every caller owns a struct pcg32 and passes
** it in, so a run is reproduced by its seed alone.  Every function below is
** a pure function of the struct (no hidden caches), and each documents how
** many 32-bit outputs it consumes, so pcg32_advance can skip over draws.
*/
#ifndef SIMULEE_PCG32_H
#define SIMULEE_PCG32_H

#include <stdint.h>

/* The whole generator.  INC is the stream and is always odd after
** pcg32_seed; the fields are public so a generator can be copied, saved and
** compared, but only pcg32_seed should write them. */
struct pcg32 {
	uint64_t state;
	uint64_t inc;
};

/* Seeds G as the reference pcg32_srandom_r does: INITSTATE picks the
** starting point, INITSEQ the stream.  Any values are valid; the top bit of
** INITSEQ is ignored, so INITSEQ and INITSEQ ^ 2^63 give the same stream. */
void pcg32_seed(struct pcg32 *g, uint64_t initstate, uint64_t initseq);

/* The next 32-bit output of G (one output). */
uint32_t pcg32_next(struct pcg32 *g);

/* A uniform value in [0, BOUND), without bias, by Lemire's multiply-shift
** with rejection.  Consumes one output, rarely more (never more than one
** when BOUND is a power of two).  BOUND must be >= 1; 0 returns 0. */
uint32_t pcg32_bounded(struct pcg32 *g, uint32_t bound);

/* 64 bits from two outputs: the first is the high half, the second the
** low half. */
uint64_t pcg32_next64(struct pcg32 *g);

/* A uniform value in [0, BOUND), without bias.  A BOUND below 2^32 is
** served by pcg32_bounded (usually one output); larger ones reject from
** pcg32_next64 (two outputs, rarely more).  BOUND must be >= 1; 0 returns
** 0. */
uint64_t pcg32_bounded64(struct pcg32 *g, uint64_t bound);

/* A uniform double in [0, 1) with all 53 mantissa bits random: k * 2^-53
** for k uniform in [0, 2^53).  Consumes two outputs. */
double pcg32_double(struct pcg32 *g);

/* A standard normal N(0, 1) deviate by Box-Muller, keeping the cosine
** branch only (no cached second deviate, so the result depends on G
** alone).  Consumes exactly four outputs; |result| < 8.6. */
double pcg32_normal(struct pcg32 *g);

/* A standard Cauchy deviate, tan(pi * (u - 0.5)), with u on a symmetric
** 2^52-point grid strictly inside (0, 1): the result is always finite and
** its distribution exactly symmetric about 0.  Consumes two outputs. */
double pcg32_cauchy(struct pcg32 *g);

/* Moves G DELTA outputs ahead in O(log DELTA) steps (Brown, "Random Number
** Generation with Arbitrary Strides", 1994), as if pcg32_next had been
** called DELTA times.  The period is 2^64, so 2^64 - n (that is, -n) steps
** back n outputs. */
void pcg32_advance(struct pcg32 *g, uint64_t delta);

#endif
