/*
** report_int.h: what the report's own files (report.c, words.c, text.c,
** json.c) share: a growable string and runs of thread indices.
*/
#ifndef SIMULEE_REPORT_INT_H
#define SIMULEE_REPORT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "core/program.h"

/* TAB[I], or "?" past its end. */
#define NAME_OF(tab, i) ((unsigned)(i) < sizeof tab / sizeof tab[0] ? tab[i] : "?")

/* A growable string. */
struct sbuf {
	char *s;
	size_t n, cap;
};

/* An access kind as the text words it: "atomic read-modify-write". */
const char *report_access_words(unsigned kind);

/* Appends printf-style text to B. */
void report_sb_add(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* first, first + step, ..., last */
struct run {
	uint32_t a, b, step;
};

/* Splits the increasing values V[0..N) into runs, into OUT (N entries at
** most); returns their number (words.c). */
uint32_t report_runs_of(const uint32_t *v, uint32_t n, struct run *out);
/* Appends one run: "a", "a..b", or "a..b step s". */
void report_sb_run(struct sbuf *b, const struct run *r);
/* The runs of the linear thread indices of the set MASK of NT threads. */
uint32_t report_linear_runs(const uint32_t *mask, uint32_t nt, struct run *out);
/* The lanes a barrier group holds of warp W when that is some but not all
** of the warp's NT threads, else 0. */
uint32_t report_partial_lanes(const struct bd_group *g, uint32_t w, uint32_t nt);
/* The threads of D's block, at most 1024. */
uint32_t report_block_threads(const struct divergence *d);

#endif
