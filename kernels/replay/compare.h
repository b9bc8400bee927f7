/*
** compare.h: how a reproduction tells whether repeated runs of one launch
** gave different results (repro --repeat N).  After each run every buffer
** the launch uses is copied back and hashed; a run's result is the row of
** its buffers' digests, and the verdict is the number of distinct rows.
**
** Plain C with no CUDA in it, so simulee-c's test suite compiles it into
** its own tests (tests/check_cli.c, "replay") as well as into repro.c, of
** which it is a part: simulee-c --replay copies it, unchanged, beside
** repro.c into every reproduction directory.
*/
#ifndef SIMULEE_REPRO_COMPARE_H
#define SIMULEE_REPRO_COMPARE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a, 64 bits: the digest of a buffer's bytes. */
#define CMP_HASH_SEED UINT64_C(0xcbf29ce484222325)

static uint64_t cmp_hash(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = (const unsigned char *)data;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

/* The digests of the runs so far: NBUFS a run, run after run. */
struct cmp_runs {
	int nbufs;
	int nruns;
	int cap;
	uint64_t *digest;	/* digest[run * nbufs + buffer] */
};

/* An empty table for runs of NBUFS buffers (0 allowed: every run is then
** the same, empty result).  Returns 0, or -1 when out of memory. */
static int cmp_init(struct cmp_runs *t, int nbufs, int cap)
{
	t->nbufs = nbufs;
	t->nruns = 0;
	t->cap = cap > 0 ? cap : 1;
	t->digest = (uint64_t *)calloc((size_t)t->cap * (size_t)(nbufs > 0 ? nbufs : 1),
				       sizeof *t->digest);
	return t->digest != NULL ? 0 : -1;
}

static void cmp_free(struct cmp_runs *t)
{
	free(t->digest);
	t->digest = NULL;
	t->nruns = t->cap = 0;
}

/* Appends one run's digests (T->nbufs of them).  Returns the run's index,
** or -1 when the table is full. */
static int cmp_add(struct cmp_runs *t, const uint64_t *digests)
{
	if (t->nruns >= t->cap)
		return -1;
	if (t->nbufs > 0 && digests != NULL)
		memcpy(t->digest + (size_t)t->nruns * (size_t)t->nbufs, digests,
		       (size_t)t->nbufs * sizeof *digests);
	return t->nruns++;
}

/* Did runs A and B give the same result? */
static int cmp_same(const struct cmp_runs *t, int a, int b)
{
	if (t->nbufs == 0)
		return 1;
	return memcmp(t->digest + (size_t)a * (size_t)t->nbufs,
		      t->digest + (size_t)b * (size_t)t->nbufs,
		      (size_t)t->nbufs * sizeof *t->digest) == 0;
}

/* How many distinct results the runs gave: 0 with no run, 1 when every
** run gave the first one's. */
static int cmp_distinct(const struct cmp_runs *t)
{
	int n = 0;
	for (int r = 0; r < t->nruns; r++) {
		int seen = 0;
		for (int q = 0; q < r && !seen; q++)
			seen = cmp_same(t, q, r);
		n += !seen;
	}
	return n;
}

/* How many distinct contents buffer B had over the runs. */
static int cmp_buffer_distinct(const struct cmp_runs *t, int b)
{
	int n = 0;
	for (int r = 0; r < t->nruns; r++) {
		int seen = 0;
		for (int q = 0; q < r && !seen; q++)
			seen = t->digest[(size_t)q * (size_t)t->nbufs + (size_t)b]
			       == t->digest[(size_t)r * (size_t)t->nbufs + (size_t)b];
		n += !seen;
	}
	return n;
}

/* The index of the first element (ES bytes each) that differs between A
** and B (N bytes each), or -1 when they are equal. */
static long long cmp_first_difference(const void *a, const void *b, size_t n, size_t es)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	if (es == 0)
		es = 1;
	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return (long long)(i / es);
	return -1;
}

#endif
