/*
** input.c: see input.h.
*/
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evolve/input.h"
#include "evolve/pcg32.h"
#include "core/program.h"
#include "base/util.h"

void evolve_reads_of(const struct program *p, uint32_t fn, struct evolve_reads *r)
{
	memset(r, 0, sizeof *r);
	for (uint32_t g = 0; g < p->ngvars; g++)
		if (p->gvars[g].dynamic_shared)
			r->dyn_shared = 1;
	uint8_t *seen = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	uint32_t *stack = xmalloc((p->nfuncs + 1) * sizeof *stack);
	uint32_t n = 0;
	int all = 0;
	stack[n++] = fn;
	seen[fn] = 1;
	while (n > 0) {
		const struct func *f = &p->funcs[stack[--n]];
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			if (I->op == OP_SREG) {
				if (I->f <= SREG_TID_Z)
					r->block[I->f - SREG_TID_X] = 1;
				else if (I->f <= SREG_NTID_Z)
					r->block[I->f - SREG_NTID_X] = 1;
				else if (I->f <= SREG_CTAID_Z)
					r->grid[I->f - SREG_CTAID_X] = 1;
				else if (I->f <= SREG_NCTAID_Z)
					r->grid[I->f - SREG_NCTAID_X] = r->grid_dim = 1;
				else if (I->f >= SREG_CLOCK && I->f != SREG_NSMID
					 && I->f != SREG_DYNAMIC_SMEM_SIZE)
					r->varies = 1;
			} else if (I->op == OP_MALLOC || I->op == OP_FREE || I->op == OP_DLAUNCH) {
				r->varies = 1;
			} else if (I->op == OP_STORE || I->op == OP_ATOMIC || I->op == OP_CMPXCHG
				   || I->op == OP_MEMCPY || I->op == OP_MEMSET || I->op == OP_SUST) {
				r->writes = 1;
			} else if (I->op == OP_ASSERTFAIL || I->op == OP_ASSUME) {
				r->asserts = 1;
			} else if (I->op == OP_CALL) {
				uint32_t c = (uint32_t)I->imm;
				if (c < p->nfuncs && !seen[c]) {
					seen[c] = 1;
					stack[n++] = c;
				}
			} else if (I->op == OP_ICALL && !all) {
				all = 1;
				for (uint32_t c = 0; c < p->nfuncs; c++)
					if (!seen[c]) {
						seen[c] = 1;
						stack[n++] = c;
					}
			}
		}
	}
	free(stack);
	free(seen);
}

int evolve_fill_parse(const char *s, struct evolve_fill *f)
{
	memset(f, 0, sizeof *f);
	char *end;
	if (strcmp(s, "zero") == 0) {
		f->kind = FILL_ZERO;
		return 0;
	}
	if (strcmp(s, "iota") == 0) {
		f->kind = FILL_IOTA;
		return 0;
	}
	if (strncmp(s, "mod:", 4) == 0) {
		errno = 0;
		long long k = strtoll(s + 4, &end, 10);
		if (errno || end == s + 4 || *end || k < 1)
			return -1;
		f->kind = FILL_MOD;
		f->k = k;
		return 0;
	}
	if (strncmp(s, "const:", 6) == 0) {
		f->v = strtod(s + 6, &end);
		if (end == s + 6 || *end || !isfinite(f->v))
			return -1;
		f->kind = FILL_CONST;
		return 0;
	}
	if (strncmp(s, "rand:", 5) == 0) {
		errno = 0;
		long long k = strtoll(s + 5, &end, 10);
		if (errno || end == s + 5 || *end != ':' || k < 1)
			return -1;
		const char *q = end + 1;
		unsigned long long seed = strtoull(q, &end, 10);
		if (errno || end == q || *end || *q == '-')
			return -1;
		f->kind = FILL_RAND;
		f->k = k;
		f->seed = seed;
		return 0;
	}
	return -1;
}

void evolve_fill_format(const struct evolve_fill *f, char *buf, size_t n)
{
	switch (f->kind) {
	case FILL_IOTA: snprintf(buf, n, "iota"); break;
	case FILL_MOD: snprintf(buf, n, "mod:%" PRId64, f->k); break;
	case FILL_CONST: snprintf(buf, n, "const:%.17g", f->v); break;
	case FILL_RAND: snprintf(buf, n, "rand:%" PRId64 ":%" PRIu64, f->k, f->seed); break;
	case FILL_PROGRAM:
		if (f->k > 0)
			snprintf(buf, n, "program:%" PRId64 ":%" PRIu64, f->k, f->seed);
		else
			snprintf(buf, n, "program");
		break;
	default: snprintf(buf, n, "zero"); break;
	}
}

static uint64_t float_bits(double d, uint8_t et)
{
	if (et == ET_F64) {
		uint64_t u;
		memcpy(&u, &d, 8);
		return u;
	}
	if (et == ET_F16)
		return math_f64_to_f16(d);
	float x = (float)d;
	uint32_t u;
	memcpy(&u, &x, 4);
	return u;
}

uint64_t evolve_scalar_bits(double x, uint8_t et)
{
	if (elem_is_float(et))
		return float_bits(x, et);
	if (!isfinite(x))
		x = 0;
	if (x > 9.2e18)
		x = 9.2e18;
	if (x < -9.2e18)
		x = -9.2e18;
	uint64_t v = (uint64_t)(int64_t)llround(x);
	unsigned sz = elem_size(et);
	if (sz < 8)
		v &= (UINT64_C(1) << (sz * 8)) - 1;
	return v;
}

void evolve_fill_run(const struct evolve_fill *f, uint8_t et, uint8_t *dst, uint64_t elems)
{
	unsigned es = elem_size(et);
	int fl = elem_is_float(et);
	if (f->kind == FILL_CONST || f->kind == FILL_ZERO) {
		/* one value: convert it once */
		uint64_t v = f->kind == FILL_ZERO ? 0
			     : fl ? float_bits(f->v, et) : evolve_scalar_bits(f->v, et);
		for (uint64_t i = 0; i < elems; i++)
			memcpy(dst + i * es, &v, es);
		return;
	}
	struct pcg32 g;
	pcg32_seed(&g, f->seed, 0x5eedu);
	if (f->kind == FILL_PROGRAM) {
		/* equal neighbours: two keys of one warp alike, an index
		** repeated, the data the program's own values make */
		for (uint64_t i = 1; i < elems && f->k > 0; i++)
			if (pcg32_bounded64(&g, (uint64_t)f->k) == 0) {
				uint64_t j = i - 1 - pcg32_bounded64(&g, i < 32 ? i : 32);
				memmove(dst + i * es, dst + j * es, es);
			}
		return;
	}
	for (uint64_t i = 0; i < elems; i++) {
		double d = 0;
		uint64_t v = 0;
		switch (f->kind) {
		case FILL_IOTA: d = (double)i; v = i; break;
		case FILL_MOD: d = (double)(i % (uint64_t)f->k); v = i % (uint64_t)f->k; break;
		case FILL_CONST: d = f->v; v = evolve_scalar_bits(f->v, et); break;
		case FILL_RAND:
			if (fl)
				d = (pcg32_double(&g) * 2.0 - 1.0) * (double)f->k;
			else
				v = pcg32_bounded64(&g, (uint64_t)f->k);
			break;
		default: break;
		}
		if (fl)
			v = float_bits(d, et);
		memcpy(dst + i * es, &v, es);
	}
}

void evolve_fill_shared(const void *ctx, uint8_t *data, uint64_t size, uint8_t elem)
{
	uint8_t et = elem == ET_NONE ? ET_U8 : elem;
	unsigned es = elem_size(et);
	uint64_t n = size / es;
	evolve_fill_run(ctx, et, data, n);
	memset(data + n * es, 0, size - n * es);
}
