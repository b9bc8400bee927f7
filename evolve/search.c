/*
** search.c: see search.h.
**
** Algorithm 1 of the paper with three changes: the initial population is
** stratified (block sizes below, at and above a warp, above 256; one and
** several blocks; small, medium and large scalars; each buffer generator),
** so the inputs bugs most often need are tried in the first generation;
** dimensions move by a vector in {-1, 0, 1} (the Normal child) or by
** doubling and halving (the Cauchy child), since +-1 alone crawls from 32
** to 257; and every candidate is analysed, not only the last.  Kernels
** state their contract with assert; docs/DECISIONS.md says how the search
** keeps to it.
*/
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "detect/races.h"
#include "evolve/pcg32.h"
#include "evolve/search.h"
#include "memmodel/mem.h"
#include "src/util.h"

#define INT_LIMIT 65536.0	/* searched integers stay within +-2^16 */
#define FLOAT_LIMIT 1e6
#define FILL_MIN_ELEMS 4096	/* elements a searched buffer starts with */
#define SHARED_LIMIT 49152	/* CUDA's default dynamic shared maximum */
#define MIN_WARP_STEPS 1000	/* a warp's share of the budget is never below */
#define STALL_GENERATIONS 5	/* stop after so many generations with no progress */

int evolve_is_contract_fault(enum finding_kind k)
{
	switch (k) {
	case FK_OOB: case FK_NULL: case FK_INVALID_PTR: case FK_MISALIGNED: case FK_READONLY:
	case FK_ASSERT: case FK_TRAP: case FK_STEP_BUDGET: case FK_DIV_ZERO:
		return 1;
	default:
		return 0;
	}
}

/* Whether out-of-bounds finding F is a finding even under the search: the
** access left a shared array (static or dynamic: its size is the kernel's
** or the launch's, never made up by the search) or a buffer whose size the
** user pinned (allocation BOUNDED[0..NB)).  Anything else (a local array,
** an alloca too large) puts the launch outside the contract. */
static int oob_is_finding(const struct finding *f, const uint32_t *bounded, uint32_t nb)
{
	if (f->kind != FK_OOB || f->addr == 0 || f->where == NULL)
		return 0;
	if (f->space == AS_SHARED)
		return 1;
	for (uint32_t i = 0; i < nb; i++)
		if (f->space == AS_GLOBAL && MEM_ID(f->addr) == bounded[i])
			return 1;
	return 0;
}

/* ---- candidates ---------------------------------------------------------- */

struct space {
	const struct evolve_problem *pb;
	uint32_t glo[3], ghi[3], blo[3], bhi[3];
	int dyn_shared;		/* searched */
	int x_pow2;		/* block x a power of two up to a warp (2-D blocks) */
	uint32_t *band_off;	/* per parameter: where its strata start */
};

static uint32_t *comp(struct dim3 *d, int i)
{
	return i == 0 ? &d->x : i == 1 ? &d->y : &d->z;
}

static uint32_t compc(const struct dim3 *d, int i)
{
	return i == 0 ? d->x : i == 1 ? d->y : d->z;
}

static void cand_alloc(struct evolve_cand *c, uint32_t np)
{
	memset(c, 0, sizeof *c);
	c->bits = xcalloc(np ? np : 1, sizeof *c->bits);
	c->fill = xcalloc(np ? np : 1, sizeof *c->fill);
	c->touched = xcalloc(np ? np : 1, sizeof *c->touched);
	c->rejected = -1;
}

static void cand_copy(struct evolve_cand *dst, const struct evolve_cand *src, uint32_t np)
{
	cand_alloc(dst, np);
	dst->grid = src->grid;
	dst->block = src->block;
	dst->dyn_shared = src->dyn_shared;
	memcpy(dst->bits, src->bits, np * sizeof *dst->bits);
	memcpy(dst->fill, src->fill, np * sizeof *dst->fill);
}

static void cand_free(struct evolve_cand *c)
{
	free(c->bits);
	free(c->fill);
	free(c->touched);
}

static int is_float_et(uint8_t et)
{
	return et == ET_F16 || et == ET_F32 || et == ET_F64;
}

static int is_signed_et(uint8_t et)
{
	return et == ET_I8 || et == ET_I16 || et == ET_I32 || et == ET_I64;
}

/* The scalar's current value as a double (the paper's view of arguments). */
static double scalar_value(uint64_t bits, uint8_t et)
{
	switch (et) {
	case ET_F32: { float f; uint32_t u = (uint32_t)bits; memcpy(&f, &u, 4); return f; }
	case ET_F64: { double d; memcpy(&d, &bits, 8); return d; }
	case ET_I8: return (int8_t)bits;
	case ET_I16: return (int16_t)bits;
	case ET_I32: return (int32_t)bits;
	case ET_I64: return (double)(int64_t)bits;
	default: return (double)bits;
	}
}

static uint64_t scalar_set(double x, uint8_t et)
{
	if (!isfinite(x))
		x = 0;
	double lo = -INT_LIMIT, hi = INT_LIMIT;
	if (is_float_et(et)) {
		lo = -FLOAT_LIMIT;
		hi = FLOAT_LIMIT;
	} else {
		unsigned bits = evolve_elem_size(et) * 8;
		if (bits < 32) {
			double span = ldexp(1.0, (int)bits);
			lo = is_signed_et(et) ? -span / 2 : 0;
			hi = is_signed_et(et) ? span / 2 - 1 : span - 1;
		} else if (!is_signed_et(et)) {
			lo = 0;
		}
	}
	x = x < lo ? lo : x > hi ? hi : x;
	return evolve_scalar_bits(x, et);
}

static uint32_t rand_in(struct pcg32 *g, uint32_t lo, uint32_t hi)
{
	return hi <= lo ? lo : lo + pcg32_bounded(g, hi - lo + 1);
}

/* A value of about log-uniform size in [lo, hi]. */
static int64_t rand_log(struct pcg32 *g, int64_t lo, int64_t hi)
{
	double a = log((double)lo), b = log((double)hi + 1);
	int64_t v = (int64_t)exp(a + (b - a) * pcg32_double(g));
	return v < lo ? lo : v > hi ? hi : v;
}

static void random_fill(struct pcg32 *g, struct evolve_fill *f, unsigned band)
{
	memset(f, 0, sizeof *f);
	switch (band % 4) {
	case 0: f->kind = FILL_IOTA; break;
	case 1: f->kind = FILL_MOD; f->k = rand_log(g, 1, 64); break;
	case 2: f->kind = FILL_CONST; f->v = pcg32_bounded(g, 9); break;
	default: f->kind = FILL_RAND; f->k = rand_log(g, 2, 4096); f->seed = pcg32_next(g); break;
	}
}

static uint64_t threads_of(const struct evolve_cand *c)
{
	return (uint64_t)c->grid.x * c->grid.y * c->grid.z * c->block.x * c->block.y * c->block.z;
}

/* Brings C within the ranges, CUDA's limits and the thread budget: over
** budget, the largest searched grid component halves first, then the
** largest searched block component. */
static void clamp(const struct space *s, struct evolve_cand *c)
{
	for (int i = 0; i < 3; i++) {
		uint32_t *g = comp(&c->grid, i), *b = comp(&c->block, i);
		*g = *g < s->glo[i] ? s->glo[i] : *g > s->ghi[i] ? s->ghi[i] : *g;
		*b = *b < s->blo[i] ? s->blo[i] : *b > s->bhi[i] ? s->bhi[i] : *b;
	}
	if (s->x_pow2) {
		uint32_t x = 1;
		while (x * 2 <= c->block.x && x < 32)
			x *= 2;
		c->block.x = x < s->blo[0] ? s->blo[0] : x;
	}
	for (;;) {
		uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
		int over_block = bt > LAUNCH_MAX_THREADS_PER_BLOCK;
		int over_all = threads_of(c) > s->pb->max_threads;
		if (!over_block && !over_all)
			break;
		int which = -1, grid = 0;
		uint32_t most = 1;
		if (!over_block)
			for (int i = 0; i < 3; i++)
				if (compc(&c->grid, i) > most && compc(&c->grid, i) / 2 >= s->glo[i]) {
					most = compc(&c->grid, i);
					which = i;
					grid = 1;
				}
		if (which < 0)
			for (int i = 0; i < 3; i++)
				if (compc(&c->block, i) > most && compc(&c->block, i) / 2 >= s->blo[i]) {
					most = compc(&c->block, i);
					which = i;
				}
		if (which < 0)
			break;	/* the user's pins exceed the budget: keep them */
		uint32_t *v = grid ? comp(&c->grid, which) : comp(&c->block, which);
		*v /= 2;
	}
	if (s->dyn_shared) {
		c->dyn_shared &= ~(uint64_t)3;
		if (c->dyn_shared > SHARED_LIMIT)
			c->dyn_shared = SHARED_LIMIT;
	}
}

/* A scalar of type ET from stratum BAND: small, medium and large
** non-negative values, about the launch's THREADS, negative, tiny. */
static uint64_t strata_scalar(struct pcg32 *g, unsigned band, double threads, uint8_t et)
{
	if (is_float_et(et)) {
		static const double fb[3][2] = { { -1, 1 }, { 0, 64 }, { -100, 100 } };
		const double *r = fb[band % 3];
		return scalar_set(r[0] + (r[1] - r[0]) * pcg32_double(g), et);
	}
	double x;
	switch (band % 6) {
	case 5: x = pcg32_bounded(g, 4); break;
	case 0: x = pcg32_bounded(g, 9); break;
	case 1: x = pcg32_bounded(g, 65); break;
	case 2: x = pcg32_bounded(g, 1025); break;
	case 3: x = threads + (double)pcg32_bounded(g, 81) - 40; break;
	default: x = -(double)pcg32_bounded(g, 65); break;
	}
	return scalar_set(x, et);
}

/* Individual I of the initial population: each dimension, scalar and
** buffer from a band chosen by I, so the population covers them. */
static void init_cand(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	/* a power of two in [2, 64], then (65, 256], (256, 1024], [1, 31] */
	static const uint32_t bx[4][2] = { { 1, 6 }, { 65, 256 }, { 257, 1024 }, { 1, 31 } };
	static const uint32_t gx[3][2] = { { 2, 4 }, { 1, 1 }, { 5, 16 } };
	for (int d = 0; d < 3; d++) {
		uint32_t *b = comp(&c->block, d), *gr = comp(&c->grid, d);
		if (d == 0) {
			*b = rand_in(g, bx[i % 4][0], bx[i % 4][1]);
			if (i % 4 == 0)
				*b = 1u << *b;
			*gr = rand_in(g, gx[i % 3][0], gx[i % 3][1]);
		} else {
			*b = rand_in(g, 1, 4);
			*gr = rand_in(g, 1, 4);
		}
		if (s->blo[d] == s->bhi[d])
			*b = s->blo[d];
		else if (*b < s->blo[d] || *b > s->bhi[d])
			*b = rand_in(g, s->blo[d], s->bhi[d] < 1024 ? s->bhi[d] : 1024);
		if (s->glo[d] == s->ghi[d])
			*gr = s->glo[d];
		else if (*gr < s->glo[d] || *gr > s->ghi[d])
			*gr = rand_in(g, s->glo[d], s->ghi[d] < 64 ? s->ghi[d] : 64);
	}
	clamp(s, c);
	/* a 2-D block's tile is nearly always square (TILE x TILE, asserted
	** by kernels that rely on it): half the strata try one */
	if (s->x_pow2 && s->blo[1] != s->bhi[1] && (i % 4 == 0 || i % 4 == 3)) {
		c->block.y = c->block.x;
		clamp(s, c);
	}
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	c->dyn_shared = s->dyn_shared ? bt * 4u << pcg32_bounded(g, 3) : pb->dyn_shared;
	double threads = (double)threads_of(c);
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		unsigned band = i + s->band_off[p];
		if (pa->kind == EVOLVE_BUFFER && !pa->pinned) {
			random_fill(g, &c->fill[p], i + p);
		} else if (pa->kind == EVOLVE_SCALAR && pa->pinned) {
			c->bits[p] = pa->bits;
		} else if (pa->kind == EVOLVE_SCALAR) {
			c->bits[p] = strata_scalar(g, band, threads, pa->et);
		}
	}
}

/* Algorithm 2 and the dimension step: the Normal child (CAUCHY 0) moves
** every searched part by a small step, the Cauchy child by a heavy-tailed
** one. */
static void mutate(const struct space *s, struct pcg32 *g, const struct evolve_cand *parent,
		   int cauchy, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	cand_copy(c, parent, pb->nparams);
	/* half the children keep the parent's shape: a kernel that asserts
	** its shape (a TILE x TILE block) accepts few shapes, and a child
	** that moved every dimension would nearly always leave them */
	int reshape = pcg32_bounded(g, 2);
	for (int d = 0; d < 3 && reshape; d++) {
		for (int grid = 0; grid < 2; grid++) {
			uint32_t lo = grid ? s->glo[d] : s->blo[d], hi = grid ? s->ghi[d] : s->bhi[d];
			if (lo == hi)
				continue;
			uint32_t *v = grid ? comp(&c->grid, d) : comp(&c->block, d);
			/* 0: -1 / halve, 1: keep / a power of two, 2: +1 / double */
			uint32_t step = pcg32_bounded(g, 3);
			int pow2 = d == 0 && !grid && s->x_pow2;
			if (!pow2 && (!cauchy || pcg32_bounded(g, 3) == 0))
				*v = step == 0 ? (*v > 1 ? *v - 1 : 1) : step == 2 ? *v + 1 : *v;
			else if (step == 1)	/* down to a power of two (scans, trees) */
				while (*v & (*v - 1))
					*v &= *v - 1;
			else
				*v = step == 0 ? (*v > 1 ? *v / 2 : 1) : *v * 2;
		}
	}
	if (s->dyn_shared) {
		double step = cauchy ? pcg32_cauchy(g) : pcg32_normal(g);
		double ds = (double)c->dyn_shared + 4 * round(step * fmax(1, (double)c->dyn_shared / 64));
		c->dyn_shared = ds < 0 ? 0 : ds > SHARED_LIMIT ? SHARED_LIMIT : (uint64_t)ds;
	}
	clamp(s, c);
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->pinned || pa->kind == EVOLVE_FIXED)
			continue;
		double step = cauchy ? pcg32_cauchy(g) : pcg32_normal(g);
		if (pa->kind == EVOLVE_SCALAR && pcg32_bounded(g, cauchy ? 4 : 16) == 0) {
			/* a jump to another stratum, as buffers change generator */
			c->bits[p] = strata_scalar(g, pcg32_next(g), (double)threads_of(c), pa->et);
			continue;
		}
		if (pa->kind == EVOLVE_SCALAR) {
			double x = scalar_value(c->bits[p], pa->et);
			c->bits[p] = scalar_set(x + step * fmax(1, fabs(x) / 8), pa->et);
			continue;
		}
		struct evolve_fill *f = &c->fill[p];
		if (pcg32_bounded(g, cauchy ? 2 : 8) == 0) {
			random_fill(g, f, pcg32_next(g));
			continue;
		}
		if (f->kind == FILL_MOD || f->kind == FILL_RAND) {
			double k = (double)f->k + round(step * fmax(1, (double)f->k / 8));
			f->k = k < 1 ? 1 : k > INT_LIMIT ? (int64_t)INT_LIMIT : (int64_t)k;
			if (f->kind == FILL_RAND && cauchy)
				f->seed = pcg32_next(g);
		} else if (f->kind == FILL_CONST) {
			f->v = round(f->v + step * fmax(1, fabs(f->v) / 8));
			if (fabs(f->v) > INT_LIMIT)
				f->v = 0;
		}
	}
}

/* ---- evaluation -------------------------------------------------------- */

/* What one candidate's launch left, for the merge. */
struct eval_out {
	struct findings fs;
	struct mam_barrier_info *bars;
	uint32_t nbars;
};

/* Copies SRC[0..N) to the start of sparse allocation ID a page at a time
** (mem_write goes byte by byte through the page table). */
static void fill_sparse(struct mem *m, uint32_t id, const uint8_t *src, uint64_t n)
{
	for (uint64_t off = 0; off < n;) {
		enum mem_fault f = MF_NONE;
		uint8_t *d = mem_ptr(m, MEM_PTR(id, off), 1, 1, &f);
		uint64_t k = MEM_PAGE_SIZE - (off & (MEM_PAGE_SIZE - 1));
		if (d == NULL)
			return;
		if (k > n - off)
			k = n - off;
		memcpy(d, src + off, k);
		off += k;
	}
}

struct worker {
	struct mam *mam;
	FILE *devnull;
};

/* Runs candidate C on W's model and memory: fills C's fitness, rejected
** and touched, and *OUT with the findings and barrier verdicts (both empty
** for a rejected candidate). */
static void evaluate(const struct evolve_problem *pb, struct worker *w, struct evolve_cand *c,
		     struct eval_out *out)
{
	const struct program *p = pb->prog;
	struct mem m;
	mem_init(&m);
	interp_mem_setup(p, &m, c->dyn_shared);
	uint64_t *args = xcalloc(pb->nslots ? pb->nslots : 1, sizeof *args);
	uint32_t *alloc = xcalloc(pb->nparams ? pb->nparams : 1, sizeof *alloc);
	uint32_t *bounded = xcalloc(pb->nparams ? pb->nparams : 1, sizeof *bounded);
	uint32_t nbounded = 0;
	uint64_t fill_elems = threads_of(c) * 4;
	if (fill_elems < FILL_MIN_ELEMS)
		fill_elems = FILL_MIN_ELEMS;
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		uint64_t *slot = &args[pa->slot];
		if (pa->kind == EVOLVE_SCALAR) {
			*slot = c->bits[i];
		} else if (pa->kind == EVOLVE_FIXED) {
			if (pa->bytes) {
				uint32_t id = mem_new(&m, AS_PARAM, pa->nbytes, "param");
				memcpy(m.a[id].data, pa->bytes, pa->nbytes);
				m.a[id].readonly = 1;
				*slot = MEM_PTR(id, 0);
			} else {
				memcpy(slot, pa->slots, pa->nslots * sizeof *slot);
			}
		} else {
			unsigned es = evolve_elem_size(pa->et);
			uint32_t id;
			if (pa->pinned && pa->elems) {
				id = mem_new(&m, AS_GLOBAL, pa->elems * es, pa->label);
				bounded[nbounded++] = id;
				if (pa->image)
					memcpy(m.a[id].data, pa->image, pa->elems * es);
			} else {
				id = mem_new_sparse(&m, AS_GLOBAL, pa->label);
				if (!pa->pinned && c->fill[i].kind != FILL_ZERO) {
					uint8_t *tmp = xmalloc(fill_elems * es);
					evolve_fill_run(&c->fill[i], pa->et, tmp, fill_elems);
					fill_sparse(&m, id, tmp, fill_elems * es);
					free(tmp);
					m.a[id].size = 0;	/* count what the kernel touches */
				}
			}
			m.a[id].elem = pa->et;
			m.a[id].elem_size = es;
			alloc[i] = id;
			*slot = MEM_PTR(id, 0);
		}
	}
	struct launch_cfg cfg = { 0 };
	cfg.grid = c->grid;
	cfg.block = c->block;
	cfg.dyn_shared = c->dyn_shared;
	uint64_t nwarps = (uint64_t)c->grid.x * c->grid.y * c->grid.z
			  * (((uint64_t)c->block.x * c->block.y * c->block.z + 31) / 32);
	cfg.max_steps = pb->max_steps;
	if (cfg.max_steps == 0) {
		cfg.max_steps = pb->step_budget / (nwarps ? nwarps : 1);
		if (cfg.max_steps < MIN_WARP_STEPS)
			cfg.max_steps = MIN_WARP_STEPS;
	}
	cfg.seed = pb->seed;
	cfg.print_out = w->devnull;
	cfg.mam = w->mam;
	mam_clear_results(w->mam);
	struct sim_error err = { 0 };
	memset(out, 0, sizeof *out);
	c->rejected = -1;
	if (interp_launch(p, pb->func, args, &m, &cfg, &out->fs, &err) < 0) {
		c->rejected = FK__COUNT;
	} else {
		for (uint32_t i = 0; i < out->fs.n && c->rejected < 0; i++)
			if (evolve_is_contract_fault(out->fs.v[i].kind)
			    && !oob_is_finding(&out->fs.v[i], bounded, nbounded))
				c->rejected = (int)out->fs.v[i].kind;
	}
	struct mam_stats st;
	mam_get_stats(w->mam, &st);
	c->f = st.lane_accesses ? (double)st.units / (double)st.lane_accesses : 1.0;
	c->r = (double)st.units;
	for (uint32_t i = 0; i < pb->nparams; i++)
		if (pb->params[i].kind == EVOLVE_BUFFER) {
			unsigned es = evolve_elem_size(pb->params[i].et);
			c->touched[i] = (m.a[alloc[i]].size + es - 1) / es;
		}
	if (c->rejected >= 0) {
		findings_free(&out->fs);
	} else {
		detect_races(p, w->mam, &m, 0, &out->fs);
		out->nbars = mam_nbarriers(w->mam);
		out->bars = xcalloc(out->nbars ? out->nbars : 1, sizeof *out->bars);
		for (uint32_t i = 0; i < out->nbars; i++)
			out->bars[i] = *mam_barrier_at(w->mam, i);
	}
	free(bounded);
	free(alloc);
	free(args);
	mem_free(&m);
}

/* A batch of candidates shared by the worker threads. */
struct batch {
	const struct evolve_problem *pb;
	struct evolve_cand *cands;
	struct eval_out *outs;
	uint32_t n;
	uint32_t next;		/* the next candidate to take */
	pthread_mutex_t lock;
};

struct thread_arg {
	struct batch *b;
	struct worker *w;
};

static void *work(void *arg)
{
	struct thread_arg *t = arg;
	struct batch *b = t->b;
	for (;;) {
		pthread_mutex_lock(&b->lock);
		uint32_t i = b->next++;
		pthread_mutex_unlock(&b->lock);
		if (i >= b->n)
			break;
		evaluate(b->pb, t->w, &b->cands[i], &b->outs[i]);
	}
	return NULL;
}

/* Evaluates CANDS[0..N) on the workers; the results do not depend on
** which worker ran what. */
static void run_batch(const struct evolve_problem *pb, struct worker *ws, unsigned nw,
		      struct evolve_cand *cands, struct eval_out *outs, uint32_t n)
{
	struct batch b = { pb, cands, outs, n, 0, PTHREAD_MUTEX_INITIALIZER };
	unsigned nt = nw < n ? nw : n;
	if (nt <= 1) {
		for (uint32_t i = 0; i < n; i++)
			evaluate(pb, &ws[0], &cands[i], &outs[i]);
		return;
	}
	pthread_t *th = xcalloc(nt, sizeof *th);
	struct thread_arg *ta = xcalloc(nt, sizeof *ta);
	unsigned started = 0;
	for (unsigned i = 1; i < nt; i++) {
		ta[i].b = &b;
		ta[i].w = &ws[i];
		if (pthread_create(&th[i], NULL, work, &ta[i]) != 0)
			break;
		started = i;
	}
	ta[0].b = &b;
	ta[0].w = &ws[0];
	work(&ta[0]);
	for (unsigned i = 1; i <= started; i++)
		pthread_join(th[i], NULL);
	pthread_mutex_destroy(&b.lock);
	free(ta);
	free(th);
}

/* ---- merging ----------------------------------------------------------- */

static int same_finding(const struct finding *a, const struct finding *b)
{
	if (a->kind != b->kind)
		return 0;
	if (a->func == b->func && a->pc == b->pc)
		return a->kind != FK_RACE
		       || (a->second.func == b->second.func && a->second.pc == b->second.pc);
	return a->kind == FK_RACE && a->func == b->second.func && a->pc == b->second.pc
	       && a->second.func == b->func && a->second.pc == b->pc;
}

/* Moves the findings of *FS into *ALL; new ones get launch LAUNCH. */
static void merge_findings(struct findings *all, struct findings *fs, uint32_t launch)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i], *old = NULL;
		for (uint32_t j = 0; j < all->n && old == NULL; j++)
			if (same_finding(&all->v[j], f))
				old = &all->v[j];
		if (old == NULL) {
			f->launch = launch;
			VEC_PUSH(all->v, all->n, all->cap, *f);
			continue;
		}
		old->count += f->count;
		old->executions += f->executions;
		old->launches += f->launches;
		old->addresses = old->addresses > f->addresses ? old->addresses : f->addresses;
		old->thread_pairs = old->thread_pairs > f->thread_pairs ? old->thread_pairs : f->thread_pairs;
		old->benign = old->benign && f->benign;
		old->its_only = old->its_only && f->its_only;
		free(f->where);
		free(f->detail);
	}
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}

/* ---- the driver ------------------------------------------------------- */

/* Is A better than B (Algorithm 1's sortByScore)?  Candidates outside the
** contract are worst; then lower F; R decides when both F are 1 (no two
** lane accesses met), as the paper sorts by R only then; the older
** candidate wins a tie. */
static int better(const struct evolve_cand *a, uint32_t ia, const struct evolve_cand *b,
		  uint32_t ib)
{
	if ((a->rejected >= 0) != (b->rejected >= 0))
		return a->rejected < 0;
	if (a->f != b->f && !(a->f >= 1 && b->f >= 1))
		return a->f < b->f;
	if (a->r != b->r)
		return a->r < b->r;
	return ia < ib;
}

/* Whether a barrier executed so far was needed by none of the launches. */
static int redundant_so_far(const struct barrier_verdicts *bv)
{
	for (uint32_t i = 0; i < bv->n; i++)
		if (barrier_record_verdict(&bv->v[i]) == BV_REDUNDANT)
			return 1;
	return 0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The state the driver keeps across generations. */
struct driver {
	const struct evolve_problem *pb;
	struct worker *ws;
	unsigned nw;
	struct evolve_result *res;
	uint32_t capcands;
};

/* Evaluates NEW[0..N) (moved into the result), merges their findings and
** barriers in order. */
static void evaluate_new(struct driver *d, struct evolve_cand *cands, uint32_t n, uint32_t gen)
{
	struct eval_out *outs = xcalloc(n ? n : 1, sizeof *outs);
	run_batch(d->pb, d->ws, d->nw, cands, outs, n);
	struct evolve_result *r = d->res;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t idx = r->ncands;
		cands[i].generation = gen;
		VEC_PUSH(r->cands, r->ncands, d->capcands, cands[i]);
		if (cands[i].rejected >= 0) {
			r->rejected_by[cands[i].rejected < FK__COUNT ? cands[i].rejected : FK_TRAP]++;
			continue;
		}
		r->accepted++;
		merge_findings(&r->findings, &outs[i].fs, idx);
		barrier_verdicts_add_of(&r->barriers, d->pb->prog, outs[i].bars, outs[i].nbars,
					d->pb->model);
		free(outs[i].bars);
	}
	free(outs);
}

/* Sorts the indices POP[0..N) best first (insertion sort: N is small). */
static void sort_pop(const struct evolve_result *r, uint32_t *pop, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++) {
		uint32_t x = pop[i], j = i;
		while (j > 0 && better(&r->cands[x], x, &r->cands[pop[j - 1]], pop[j - 1])) {
			pop[j] = pop[j - 1];
			j--;
		}
		pop[j] = x;
	}
}

static void report_progress(const struct driver *d, uint32_t gen, uint32_t best)
{
	if (d->pb->progress == NULL)
		return;
	const struct evolve_result *r = d->res;
	struct evolve_progress st = { gen, d->pb->generations, r->ncands,
				      r->cands[best].rejected < 0 ? r->cands[best].f : 2.0,
				      r->findings.n };
	d->pb->progress(d->pb->progress_ctx, &st);
}

int evolve_search(const struct evolve_problem *pb, struct evolve_result *out,
		  struct sim_error *err)
{
	memset(out, 0, sizeof *out);
	if (pb->population == 0)
		return sim_fail(err, SIM_ERR_USAGE, "--population must be at least 1");
	double t0 = now();
	struct evolve_reads rd;
	evolve_reads_of(pb->prog, pb->func, &rd);
	struct space s = { .pb = pb };
	for (int i = 0; i < 3; i++) {
		s.glo[i] = compc(&pb->grid_lo, i);
		s.ghi[i] = compc(&pb->grid_hi, i);
		s.blo[i] = compc(&pb->block_lo, i);
		s.bhi[i] = compc(&pb->block_hi, i);
		/* block x is always searched (two threads can meet on one
		** address without reading their index); the rest only if read:
		** blocks that cannot tell themselves apart all do the same work */
		if (i > 0 && !rd.block[i] && s.blo[i] != s.bhi[i])
			s.bhi[i] = s.blo[i];
		if (!rd.grid[i] && s.glo[i] != s.ghi[i])
			s.ghi[i] = s.glo[i];
	}
	s.dyn_shared = !pb->shared_pinned && rd.dyn_shared;
	/* A 2-D block's rows are a shared tile's rows ([ty][tx]), whose width
	** the kernel assumes: a row wider than the tile aliases the next row.
	** Rows of a power of two up to a warp fit every tile we know. */
	s.x_pow2 = (rd.block[1] || rd.block[2]) && s.blo[0] != s.bhi[0]
		   && pb->block_lo.x == 1 && pb->block_hi.x == 1024;

	struct pcg32 g;
	pcg32_seed(&g, pb->seed, pb->stream);
	/* each parameter walks its strata from its own random start, so the
	** strata of two parameters (or of a parameter and the block) are not
	** paired the same way in every search */
	s.band_off = xcalloc(pb->nparams ? pb->nparams : 1, sizeof *s.band_off);
	for (uint32_t p = 0; p < pb->nparams; p++)
		s.band_off[p] = pcg32_bounded(&g, 60);
	struct driver d = { .pb = pb, .res = out };
	barrier_verdicts_init(&out->barriers, pb->prog, pb->func);
	d.nw = pb->jobs ? pb->jobs : 1;
	d.ws = xcalloc(d.nw, sizeof *d.ws);
	struct mam_options mo = { .model = pb->model };
	for (unsigned i = 0; i < d.nw; i++) {
		d.ws[i].mam = mam_new(&mo);
		d.ws[i].devnull = fopen("/dev/null", "w");
	}

	uint32_t P = pb->population;
	struct evolve_cand *batch = xcalloc(2 * (size_t)P, sizeof *batch);
	for (uint32_t i = 0; i < P; i++) {
		cand_alloc(&batch[i], pb->nparams);
		init_cand(&s, &g, i, &batch[i]);
	}
	evaluate_new(&d, batch, P, 0);
	uint32_t *pop = xcalloc(3 * (size_t)P, sizeof *pop);
	for (uint32_t i = 0; i < P; i++)
		pop[i] = i;
	sort_pop(out, pop, P);
	report_progress(&d, 0, pop[0]);
	out->stop = EVOLVE_STOP_GENERATIONS;
	uint32_t stall = 0, fresh = P;
	for (uint32_t gen = 1; gen <= pb->generations; gen++) {
		const struct evolve_cand *best = &out->cands[pop[0]];
		/* acceptable (the paper's stop), once a population's worth of
		** launches within the contract has been seen and no barrier is
		** redundant so far (more launches may show it needed) */
		if (best->rejected < 0 && best->f < pb->threshold && out->accepted >= P
		    && !redundant_so_far(&out->barriers)) {
			out->stop = EVOLVE_STOP_THRESHOLD;
			break;
		}
		if (pb->time_limit > 0 && now() - t0 > pb->time_limit) {
			out->stop = EVOLVE_STOP_TIME;
			break;
		}
		for (uint32_t i = 0; i < P; i++) {
			if (out->cands[pop[i]].rejected >= 0) {
				/* a parent the kernel rejects has children it mostly
				** rejects too: draw from the strata again instead */
				for (int k = 0; k < 2; k++) {
					cand_alloc(&batch[2 * i + k], pb->nparams);
					init_cand(&s, &g, fresh++, &batch[2 * i + k]);
				}
				continue;
			}
			mutate(&s, &g, &out->cands[pop[i]], 0, &batch[2 * i]);
			mutate(&s, &g, &out->cands[pop[i]], 1, &batch[2 * i + 1]);
		}
		uint32_t first = out->ncands, nfound = out->findings.n;
		double best_f = out->cands[pop[0]].rejected < 0 ? out->cands[pop[0]].f : 2.0;
		evaluate_new(&d, batch, 2 * P, gen);
		for (uint32_t i = 0; i < 2 * P; i++)
			pop[P + i] = first + i;
		sort_pop(out, pop, 3 * P);
		out->generations = gen;
		report_progress(&d, gen, pop[0]);
		/* no better launch and nothing new found: the search has settled */
		double now_f = out->cands[pop[0]].rejected < 0 ? out->cands[pop[0]].f : 2.0;
		stall = now_f < best_f || out->findings.n > nfound ? 0 : stall + 1;
		if (stall >= STALL_GENERATIONS && gen < pb->generations) {
			out->stop = EVOLVE_STOP_STALL;
			break;
		}
	}
	out->best = pop[0];
	if (out->accepted > 0) {
		struct findings fs = { 0 };
		detect_barrier_findings(&out->barriers, &fs);
		merge_findings(&out->findings, &fs, out->best);
	}
	out->seconds = now() - t0;
	free(pop);
	free(batch);
	free(s.band_off);
	for (unsigned i = 0; i < d.nw; i++) {
		mam_free(d.ws[i].mam);
		if (d.ws[i].devnull)
			fclose(d.ws[i].devnull);
	}
	free(d.ws);
	return 0;
}

void evolve_result_free(struct evolve_result *r, uint32_t nparams)
{
	(void)nparams;
	for (uint32_t i = 0; i < r->ncands; i++)
		cand_free(&r->cands[i]);
	free(r->cands);
	findings_free(&r->findings);
	barrier_verdicts_free(&r->barriers);
	memset(r, 0, sizeof *r);
}
