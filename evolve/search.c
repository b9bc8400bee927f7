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
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detect/races.h"
#include "evolve/pcg32.h"
#include "evolve/search.h"
#include "memmodel/mem.h"
#include "evolve/params.h"
#include "base/util.h"

#define INT_LIMIT 65536.0	/* searched integers stay within +-2^16 */
#define FLOAT_LIMIT 1e6
#define FILL_MIN_ELEMS 4096	/* elements a searched buffer starts with */
#define SHARED_LIMIT 49152	/* CUDA's default dynamic shared maximum */
#define MIN_WARP_STEPS 1000	/* a warp's share of the budget is never below */
#define STALL_GENERATIONS 5	/* stop after so many generations with no progress */
#define BUDGET_FACTOR 20	/* a launch's budget: times the median work of its siblings */
#define BUDGET_MIN 10000	/* warp instructions a launch may always execute */
#define HOST_WARP_STEPS 100000	/* a warp of a host launch may always execute */
#define REAL_WARP_STEPS_MAX (UINT64_C(1) << 24)	/* a real-size launch's warp at most */

int evolve_is_contract_fault(enum finding_kind k)
{
	return (finding_kind_flags(k) & FKF_CONTRACT_FAULT) != 0;
}

/* Whether out-of-bounds finding F is a finding even under the search: the
** access left a shared array (static or dynamic: its size is the kernel's
** or the launch's, never made up by the search) or a buffer whose size the
** user pinned (allocation BOUNDED[0..NB)), a surface left below zero, or
** no launch could avoid it:
** an index below 0 that depends on no scalar argument and no data (a[i - 1]
** at thread 0), an access past the largest unsized buffer (of M) at an
** index no scalar or data gives, or
** a local array at a constant index; or a device heap block's (the kernel
** chose its size): out of its bounds, used after free, freed twice, and a
** free of a live allocation that malloc did not return.  Anything else (a
** local array at an index the launch gives, an alloca too large) puts the
** launch outside the contract. */
static int oob_is_finding(const struct finding *f, const struct mem *m, const uint32_t *bounded,
			  uint32_t nb)
{
	uint32_t id = MEM_ID(f->addr);
	if (f->kind == FK_INVALID_PTR && f->addr != 0 && id < m->n
	    && (m->a[id].heap || m->a[id].live))
		return 1;
	if (f->kind != FK_OOB || f->addr == 0 || f->where == NULL)
		return 0;
	if (f->outside_any)
		return 1;
	/* below a shared array: as long as the index depends on no block
	** shape either (a scan's stride that is 0 when blockDim.x is not a
	** power of two: the shape is the kernel's contract) */
	const uint16_t shape = DEP_NTID_X | DEP_NTID_Y | DEP_NTID_Z | DEP_NCTAID;
	if (f->space == AS_SHARED)
		return f->index >= 0 || !(f->dep & (DEP_PARAM | DEP_DATA | shape));
	/* past every buffer the search could size: unless the index comes
	** from a scalar or data (n - 1 - i with n < 0 wraps there too) */
	if (id < m->n && (m->a[id].heap || (m->a[id].sparse && f->index >= 0
					    && !(f->dep & (DEP_PARAM | DEP_DATA)))))
		return 1;
	if ((f->index < 0 && !(f->dep & (DEP_PARAM | DEP_DATA)))
	    || (f->space == AS_LOCAL && f->dep == 0))
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
	uint32_t warp_mult;	/* the block's threads a multiple of this (assumed; 0: none) */
	int grid_blind;		/* the kernel reads neither blockIdx nor gridDim */
	int shared_mem;		/* the kernel has __shared__ variables whose starting
				   contents are searched */
	uint32_t min_threads;	/* the block's threads at least this (assumed) */
	uint32_t max_block;	/* the block's threads at most this (assumed; 0: none) */
	uint32_t *band_off;	/* per parameter: where its strata start */
	uint8_t *nonzero;	/* per parameter: the kernel assumes it is not 0 */
};

static uint32_t *comp(struct dim3 *d, int i)
{
	return i == 0 ? &d->x : i == 1 ? &d->y : &d->z;
}

static uint32_t compc(const struct dim3 *d, int i)
{
	return i == 0 ? d->x : i == 1 ? d->y : d->z;
}

/* The bits a candidate carries: one per parameter, then one per struct
** field. */
static uint32_t nbits(const struct evolve_problem *pb)
{
	return pb->nparams + pb->nfields;
}

static void cand_alloc(struct evolve_cand *c, const struct evolve_problem *pb)
{
	uint32_t np = pb->nparams, nb = nbits(pb);
	memset(c, 0, sizeof *c);
	c->bits = xcalloc(nb ? nb : 1, sizeof *c->bits);
	c->fill = xcalloc(np ? np : 1, sizeof *c->fill);
	c->touched = xcalloc(np ? np : 1, sizeof *c->touched);
	c->elems = xcalloc(np ? np : 1, sizeof *c->elems);
	c->rejected = -1;
	c->site = -1;
}

static void cand_copy(struct evolve_cand *dst, const struct evolve_cand *src,
		      const struct evolve_problem *pb)
{
	uint32_t np = pb->nparams;
	cand_alloc(dst, pb);
	dst->grid = src->grid;
	dst->block = src->block;
	dst->dyn_shared = src->dyn_shared;
	dst->shared = src->shared;
	dst->budget = src->budget;
	dst->site = src->site;
	memcpy(dst->bits, src->bits, nbits(pb) * sizeof *dst->bits);
	memcpy(dst->fill, src->fill, np * sizeof *dst->fill);
	memcpy(dst->elems, src->elems, np * sizeof *dst->elems);
	if (src->vars) {
		dst->vars = xmalloc(src->nvars * sizeof *dst->vars + 1);
		memcpy(dst->vars, src->vars, src->nvars * sizeof *dst->vars);
		dst->nvars = src->nvars;
	}
}

static void cand_free(struct evolve_cand *c)
{
	free(c->bits);
	free(c->fill);
	free(c->touched);
	free(c->elems);
	free(c->vars);
	findings_free(&c->fs);
	free(c->bars);
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

/* Launch component D of C (0..2 block, 3..5 grid). */
static uint32_t *dim_of_c(struct evolve_cand *c, int d)
{
	return d < 3 ? comp(&c->block, d) : comp(&c->grid, d - 3);
}

/* The launch's threads, UINT64_MAX when that does not fit (a pinned grid
** of 2^31-1 x 65535 x 65535 blocks of 1024 threads is 2^73). */
static uint64_t threads_of(const struct evolve_cand *c)
{
	uint64_t b = (uint64_t)c->grid.x * c->grid.y * c->grid.z, t = (uint64_t)c->block.x * c->block.y * c->block.z;
	return t != 0 && b > UINT64_MAX / t ? UINT64_MAX : b * t;
}

/* The threads a block may have: __launch_bounds__', else CUDA's. */
static uint32_t block_limit(const struct evolve_problem *pb)
{
	return pb->max_block_threads ? pb->max_block_threads : LAUNCH_MAX_THREADS_PER_BLOCK;
}

/* Rounds C's block x so that the block's threads are a multiple of M (a
** power of two up to 32), up, or down past the range, where the ranges
** allow it; with ONLY, to an odd multiple of M where one is in reach. */
static void round_to_multiple(const struct space *s, struct evolve_cand *c, uint32_t m, int only)
{
	uint32_t yz = c->block.y * c->block.z, need = m;
	while (need > 1 && yz % 2 == 0) {
		need /= 2;
		yz /= 2;
	}
	uint32_t x = c->block.x;
	if (x % need == 0 && !only)
		return;
	x = (x + need - 1) / need * need;
	if (only && m < 32 && (uint64_t)x * c->block.y * c->block.z % (2 * m) == 0)
		x += need;
	if (x > s->bhi[0])
		x = c->block.x / need * need;
	if (x >= s->blo[0] && x >= 1)
		c->block.x = x;
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
	if (s->min_threads && (uint64_t)c->block.x * c->block.y * c->block.z < s->min_threads) {
		uint32_t yz = c->block.y * c->block.z;
		uint32_t x = (s->min_threads + yz - 1) / yz;
		if (x <= s->bhi[0])
			c->block.x = x;
	}
	if (s->warp_mult)
		round_to_multiple(s, c, s->warp_mult, 0);
	for (;;) {
		uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
		uint32_t most_block = block_limit(s->pb);
		if (s->max_block && s->max_block < most_block)
			most_block = s->max_block;
		int over_block = bt > most_block;
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

/* Scalar K of a candidate's bits: a parameter (K < nparams) or a struct
** field, with its type, enumerators, parameter and field index. */
struct scalar_ref {
	uint8_t et;
	const int64_t *enums;
	uint32_t nenums;
	const struct evolve_param *pa;
	uint32_t field;		/* UINT32_MAX for a parameter */
};

/* Fills *SR for scalar K; returns whether the search sets it (an unpinned
** scalar, or a field of an unpinned struct that is not a pointer). */
static int scalar_ref(const struct evolve_problem *pb, uint32_t k, struct scalar_ref *sr)
{
	if (k < pb->nparams) {
		const struct evolve_param *pa = &pb->params[k];
		*sr = (struct scalar_ref){ pa->et, pa->enums, pa->nenums, pa, UINT32_MAX };
		return pa->kind == EVOLVE_SCALAR && !pa->pinned;
	}
	uint32_t f = k - pb->nparams;
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->kind != EVOLVE_FIXED || f < pa->fbase || f >= pa->fbase + pa->nfields)
			continue;
		uint32_t j = f - pa->fbase;
		int en = pa->field_nenums && pa->field_nenums[j];
		*sr = (struct scalar_ref){ pa->field_type[j], en ? pa->field_enums[j] : NULL,
					   en ? pa->field_nenums[j] : 0, pa, j };
		return !pa->pinned && pa->field_type[j] != ET_U64 && pa->field_type[j] != ET_NONE;
	}
	memset(sr, 0, sizeof *sr);
	return 0;
}

/* Field J of struct parameter PA as its image holds it. */
static uint64_t field_image(const struct evolve_param *pa, uint32_t j)
{
	uint64_t v = 0;
	if (pa->bytes && pa->field_off[j] + evolve_elem_size(pa->field_type[j]) <= pa->nbytes)
		memcpy(&v, pa->bytes + pa->field_off[j], evolve_elem_size(pa->field_type[j]));
	else if (pa->slots && j < pa->nslots)
		v = pa->slots[j];
	return v;
}

/* Enumerator I of SR as bits of its type. */
static uint64_t enum_bits(const struct scalar_ref *sr, uint32_t i)
{
	unsigned w = evolve_elem_size(sr->et) * 8;
	uint64_t v = (uint64_t)sr->enums[i % sr->nenums];
	return w < 64 ? v & ((UINT64_C(1) << w) - 1) : v;
}

/* A value for scalar SR from stratum BAND: an enumerator of an enum,
** else strata_scalar's. */
static uint64_t draw_scalar(struct pcg32 *g, unsigned band, double threads,
			    const struct scalar_ref *sr)
{
	if (sr->nenums)
		return enum_bits(sr, band);
	return strata_scalar(g, band, threads, sr->et);
}

/* A child's value of scalar SR from BITS: another enumerator now and then;
** else a jump to another stratum now and then, or a Normal or Cauchy
** step. */
static uint64_t step_scalar(struct pcg32 *g, int cauchy, uint64_t bits, double threads,
			    const struct scalar_ref *sr)
{
	if (sr->nenums)
		return pcg32_bounded(g, cauchy ? 2 : 4) == 0 ? enum_bits(sr, pcg32_next(g)) : bits;
	if (pcg32_bounded(g, cauchy ? 4 : 16) == 0)
		return strata_scalar(g, pcg32_next(g), threads, sr->et);
	double step = cauchy ? pcg32_cauchy(g) : pcg32_normal(g);
	double x = scalar_value(bits, sr->et);
	return scalar_set(x + step * fmax(1, fabs(x) / 8), sr->et);
}

/* Sets C's struct fields: drawn from stratum BAND (+ each field's offset)
** where the search sets them, else the image's. */
static void init_fields(const struct space *s, struct pcg32 *g, unsigned band, double threads,
			struct evolve_cand *c)
{
	for (uint32_t k = s->pb->nparams; k < nbits(s->pb); k++) {
		struct scalar_ref sr;
		c->bits[k] = scalar_ref(s->pb, k, &sr) ? draw_scalar(g, band + s->band_off[k], threads, &sr)
			     : sr.pa ? field_image(sr.pa, sr.field) : 0;
	}
}

/* Moves C's searched struct fields as a child's (except those FIXED_BY
** says the host gives). */
static void mutate_fields(const struct space *s, struct pcg32 *g, int cauchy, struct evolve_cand *c,
			  int (*fixed_by)(const struct space *, const struct evolve_cand *, uint32_t))
{
	for (uint32_t k = s->pb->nparams; k < nbits(s->pb); k++) {
		struct scalar_ref sr;
		if (scalar_ref(s->pb, k, &sr) && !(fixed_by && fixed_by(s, c, k)))
			c->bits[k] = step_scalar(g, cauchy, c->bits[k], (double)threads_of(c), &sr);
	}
}

/* Shared memory's starting contents for individual I: zeros for half of
** them (what a fresh GPU often shows), a generator for the rest. */
static void init_shared(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c)
{
	c->shared = s->pb->shared_init;		/* pinned, or zeros */
	if (s->shared_mem && i % 2)
		random_fill(g, &c->shared, i / 2);
}

/* A child's shared contents: another generator now and then. */
static void mutate_shared(const struct space *s, struct pcg32 *g, int cauchy, struct evolve_cand *c)
{
	if (s->shared_mem && pcg32_bounded(g, cauchy ? 4 : 16) == 0)
		random_fill(g, &c->shared, pcg32_next(g));
}

/* Keeps the scalars the kernel assumes nonzero away from 0. */
static void keep_nonzero(const struct space *s, struct evolve_cand *c)
{
	for (uint32_t k = 0; k < nbits(s->pb); k++)
		if (s->nonzero[k] && c->bits[k] == 0)
			c->bits[k] = 1;
}

/* ---- host launch sites --------------------------------------------------- */

#define HOST_SHARED_LIMIT (227u * 1024)	/* dynamic shared memory a launch can opt into */
#define HOST_BUFFER_LIMIT (UINT64_C(64) << 20)	/* bytes of a host-sized buffer */

/* A value of host unknown V from stratum BAND: one the host code is seen
** to pass, else a size of the kinds host code computes launches from
** (small, medium, large, powers of two, a power of two plus a tail). */
static uint64_t host_var_draw(struct pcg32 *g, const struct hvar *v, unsigned band)
{
	if (v->nseen)
		return v->seen[band % v->nseen];
	if (v->is_float) {
		double x = band % 2 ? pcg32_double(g) * 2 - 1 : pcg32_double(g) * 64;
		return evolve_scalar_bits(x, v->width == 32 ? ET_F32 : ET_F64);
	}
	uint64_t x;
	switch (band % 5) {
	case 0: x = rand_in(g, 1, 64); break;
	case 1: x = rand_in(g, 65, 1024); break;
	case 2: x = rand_in(g, 1025, 8192); break;
	case 3: x = UINT64_C(1) << rand_in(g, 5, 13); break;
	default: x = (UINT64_C(1) << rand_in(g, 5, 12)) + rand_in(g, 1, 31); break;
	}
	if (v->width < 64)
		x &= (UINT64_C(1) << v->width) - 1;
	return x;
}

/* The bits of host expression value X (of expression E) as a scalar of type ET. */
static uint64_t host_bits(const struct hexpr *e, uint64_t x, uint8_t et)
{
	if (is_float_et(et)) {
		double d = !e->is_float ? (double)(int64_t)x
			   : scalar_value(x, e->width == 64 ? ET_F64 : ET_F32);
		return evolve_scalar_bits(d, et);
	}
	unsigned bits = evolve_elem_size(et) * 8;
	return bits < 64 ? x & ((UINT64_C(1) << bits) - 1) : x;
}

/* The field at byte offset OFF of the struct the site passes as parameter
** P, or NULL when the host's value is not known. */
static const struct hfield *host_field(const struct hsite *st, uint32_t p, uint32_t off)
{
	if (p >= st->nargs || st->nfields == NULL || st->fields == NULL)
		return NULL;
	for (uint32_t k = 0; k < st->nfields[p]; k++)
		if (st->fields[p][k].off == off)
			return &st->fields[p][k];
	return NULL;
}

/*
** Sets C's launch from its host site and unknowns: grid, block and dynamic
** shared size, the scalars the site gives, and the sizes of the buffers
** whose cudaMalloc it sees.  A dimension of 0 or past CUDA's limits, or a
** block of more than 1024 threads, is a launch CUDA refuses (c->refused:
** never run); a launch over the host thread budget loses grid blocks (its
** largest grid component halves), never block threads.
*/
static void apply_site(const struct space *s, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	const struct hostsites *hs = pb->hs;
	const struct hsite *st = &hs->s[pb->sites[c->site]];
	static const uint32_t lim[6] = { 1024, 1024, 64, 0x7fffffff, 65535, 65535 };
	c->refused = 0;
	for (int d = 0; d < 6; d++) {
		uint64_t v = 1;
		uint32_t e = d < 3 ? st->block[d] : st->grid[d - 3];
		if (hexpr_eval(hs, e, c->vars, &v) < 0)
			v = 1;
		/* a dimension of 0 or past CUDA's limits: the runtime refuses
		** the launch (cudaErrorInvalidConfiguration), the GPU runs
		** nothing; the values kept only name it */
		if (v == 0 || v > lim[d])
			c->refused = 1;
		v &= 0xffffffffu;
		*dim_of_c(c, d) = (uint32_t)(v == 0 ? 1 : v > lim[d] ? lim[d] : v);
	}
	if ((uint64_t)c->block.x * c->block.y * c->block.z > LAUNCH_MAX_THREADS_PER_BLOCK)
		c->refused = 1;
	while ((uint64_t)c->block.x * c->block.y * c->block.z > LAUNCH_MAX_THREADS_PER_BLOCK) {
		uint32_t *b = c->block.x >= c->block.y ? &c->block.x : &c->block.y;
		*b = (*b + 1) / 2;
	}
	uint64_t cap = pb->host_max_threads ? pb->host_max_threads : UINT64_C(1) << 20;
	while (threads_of(c) > cap && c->grid.x * (uint64_t)c->grid.y * c->grid.z > 1) {
		uint32_t *gm = &c->grid.x;
		if (c->grid.y > *gm)
			gm = &c->grid.y;
		if (c->grid.z > *gm)
			gm = &c->grid.z;
		*gm = (*gm + 1) / 2;
	}
	uint64_t sh = 0;
	if (!pb->shared_pinned && hexpr_eval(hs, st->shmem, c->vars, &sh) == 0)
		c->dyn_shared = sh > HOST_SHARED_LIMIT ? HOST_SHARED_LIMIT : sh;
	for (uint32_t p = 0; p < pb->nparams && p < st->nargs; p++) {
		const struct evolve_param *pa = &pb->params[p];
		uint64_t v;
		if (pa->kind == EVOLVE_SCALAR && !pa->pinned && st->args[p] != HX_NONE
		    && hexpr_eval(hs, st->args[p], c->vars, &v) == 0)
			c->bits[p] = host_bits(&hs->x[st->args[p]], v, pa->et);
		c->elems[p] = 0;
		if (pa->kind == EVOLVE_BUFFER && !pa->pinned && st->buf_bytes[p] != HX_NONE
		    && hexpr_eval(hs, st->buf_bytes[p], c->vars, &v) == 0 && v <= HOST_BUFFER_LIMIT) {
			unsigned es = evolve_elem_size(pa->et);
			c->elems[p] = v / es ? v / es : 1;
		}
		/* the fields of a struct the host fills */
		for (uint32_t j = 0; pa->kind == EVOLVE_FIXED && !pa->pinned && j < pa->nfields; j++) {
			const struct hfield *h = host_field(st, p, pa->field_off[j]);
			if (h && pa->field_type[j] != ET_U64 && hexpr_eval(hs, h->expr, c->vars, &v) == 0)
				c->bits[pb->nparams + pa->fbase + j] = host_bits(&hs->x[h->expr], v,
										 pa->field_type[j]);
		}
	}
}

int evolve_host_uninit(const struct evolve_problem *pb, const struct evolve_cand *c, uint32_t p)
{
	if (c->site < 0 || p >= pb->nparams || pb->params[p].kind != EVOLVE_BUFFER || pb->params[p].pinned)
		return 0;
	const struct hsite *st = &pb->hs->s[pb->sites[c->site]];
	return p < st->nargs && st->uninit && st->uninit[p] && c->elems[p] != 0;
}

/* Whether scalar P of C (a parameter, or a struct field past nparams)
** comes from its host site (not searched). */
static int host_given(const struct space *s, const struct evolve_cand *c, uint32_t p)
{
	if (c->site < 0)
		return 0;
	const struct hsite *st = &s->pb->hs->s[s->pb->sites[c->site]];
	if (p < s->pb->nparams)
		return p < st->nargs && st->args[p] != HX_NONE;
	struct scalar_ref sr;
	scalar_ref(s->pb, p, &sr);
	return sr.pa && host_field(st, (uint32_t)(sr.pa - s->pb->params), sr.pa->field_off[sr.field])
	       != NULL;
}

/* Individual I of the host phase: site I modulo the sites, its unknowns
** from their strata, then what the host leaves open as init_cand would. */
static void init_host(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	c->site = (int32_t)(i % pb->nsites);
	c->nvars = pb->hs->nvars;
	c->vars = xcalloc(c->nvars + 1, sizeof *c->vars);
	for (uint32_t v = 0; v < c->nvars; v++)
		c->vars[v] = host_var_draw(g, &pb->hs->vars[v], i / pb->nsites + v);
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->kind == EVOLVE_BUFFER && !pa->pinned)
			random_fill(g, &c->fill[p], i + p);
		else if (pa->kind == EVOLVE_SCALAR && pa->pinned)
			c->bits[p] = pa->bits;
		else if (pa->kind == EVOLVE_SCALAR) {
			struct scalar_ref sr;
			scalar_ref(pb, p, &sr);
			c->bits[p] = draw_scalar(g, i + s->band_off[p], 256, &sr);
		}
	}
	init_fields(s, g, i, 256, c);
	init_shared(s, g, i, c);
	c->dyn_shared = pb->dyn_shared;
	apply_site(s, c);
}

/* A child of host launch PARENT: its unknowns move by a Normal or Cauchy
** step (or to another seen value, or another site), its free scalars and
** buffer contents as mutate would move them; the launch follows. */
static void mutate_host(const struct space *s, struct pcg32 *g, const struct evolve_cand *parent,
			int cauchy, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	cand_copy(c, parent, pb);
	if (pb->nsites > 1 && pcg32_bounded(g, 8) == 0)
		c->site = (int32_t)pcg32_bounded(g, pb->nsites);
	for (uint32_t v = 0; v < c->nvars; v++) {
		const struct hvar *hv = &pb->hs->vars[v];
		if (hv->nseen || hv->is_float || pcg32_bounded(g, cauchy ? 4 : 16) == 0) {
			c->vars[v] = host_var_draw(g, hv, pcg32_next(g));
			continue;
		}
		double step = cauchy ? pcg32_cauchy(g) : pcg32_normal(g);
		double x = (double)c->vars[v];
		x = round(x + step * fmax(1, x / 8));
		x = x < 1 ? 1 : x > 1 << 20 ? 1 << 20 : x;
		c->vars[v] = (uint64_t)x;
	}
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->pinned || pa->kind == EVOLVE_FIXED || host_given(s, c, p))
			continue;
		if (pa->kind == EVOLVE_SCALAR && pa->nenums) {
			struct scalar_ref sr;
			scalar_ref(pb, p, &sr);
			c->bits[p] = step_scalar(g, cauchy, c->bits[p], 256, &sr);
		} else if (pa->kind == EVOLVE_SCALAR) {
			double step = cauchy ? pcg32_cauchy(g) : pcg32_normal(g);
			double x = scalar_value(c->bits[p], pa->et);
			c->bits[p] = scalar_set(x + step * fmax(1, fabs(x) / 8), pa->et);
		} else if (pcg32_bounded(g, cauchy ? 2 : 8) == 0) {
			random_fill(g, &c->fill[p], pcg32_next(g));
		}
	}
	mutate_fields(s, g, cauchy, c, host_given);
	mutate_shared(s, g, cauchy, c);
	apply_site(s, c);
}

/* Individual I of the initial population: each dimension, scalar and
** buffer from a band chosen by I, so the population covers them. */
static void init_cand(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	/* realistic shapes first (docs/CONTRACTS.md): a power of two from a
	** warp to 256, a multiple of 32 up to 1024, 512 or 1024; then odd ones,
	** a partial warp or any size */
	static const uint32_t bx[5][2] = { { 5, 8 }, { 1, 32 }, { 9, 10 }, { 1, 31 }, { 33, 1024 } };
	static const uint32_t gx[3][2] = { { 2, 4 }, { 1, 1 }, { 5, 16 } };
	for (int d = 0; d < 3; d++) {
		uint32_t *b = comp(&c->block, d), *gr = comp(&c->grid, d);
		if (d == 0) {
			*b = rand_in(g, bx[i % 5][0], bx[i % 5][1]);
			if (i % 5 == 0 || i % 5 == 2)
				*b = 1u << *b;
			else if (i % 5 == 1)
				*b *= 32;
			*gr = rand_in(g, gx[i % 3][0], gx[i % 3][1]);
		} else {
			/* small, or a tile's side (8, 16, 32): 2-D kernels are
			** nearly always written for square tiles of those */
			*b = i % 2 ? rand_in(g, 1, 4) : 1u << rand_in(g, 3, 5);
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
			struct scalar_ref sr;
			scalar_ref(pb, p, &sr);
			c->bits[p] = draw_scalar(g, band, threads, &sr);
		}
	}
	init_fields(s, g, i, threads, c);
	init_shared(s, g, i, c);
	keep_nonzero(s, c);
}

/* Algorithm 2 and the dimension step: the Normal child (CAUCHY 0) moves
** every searched part by a small step, the Cauchy child by a heavy-tailed
** one. */
static void mutate(const struct space *s, struct pcg32 *g, const struct evolve_cand *parent,
		   int cauchy, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	cand_copy(c, parent, pb);
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
			/* block x keeps to whole warps mostly, once there */
			uint32_t unit = !grid && d == 0 && *v % 32 == 0 && pcg32_bounded(g, 4) ? 32 : 1;
			if (!pow2 && (!cauchy || pcg32_bounded(g, 3) == 0))
				*v = step == 0 ? (*v > unit ? *v - unit : 1) : step == 2 ? *v + unit : *v;
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
		if (pa->kind == EVOLVE_SCALAR && pa->nenums) {
			struct scalar_ref sr;
			scalar_ref(pb, p, &sr);
			c->bits[p] = step_scalar(g, cauchy, c->bits[p], (double)threads_of(c), &sr);
			continue;
		}
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
	mutate_fields(s, g, cauchy, c, NULL);
	mutate_shared(s, g, cauchy, c);
	keep_nonzero(s, c);
}

/* ---- evaluation -------------------------------------------------------- */

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

/* Whether C's block is the one the kernel's __launch_bounds__ (.maxntid,
** every thread it allows) or .reqntid asks for: a launch at its header's
** full size. */
static int bounds_block(const struct evolve_problem *pb, const struct evolve_cand *c)
{
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	if (pb->max_block_threads && bt == pb->max_block_threads)
		return 1;
	return pb->block_lo.x == pb->block_hi.x && pb->block_lo.y == pb->block_hi.y
	       && pb->block_lo.z == pb->block_hi.z && pb->block_lo.x > 1
	       && c->block.x == pb->block_lo.x && c->block.y == pb->block_lo.y
	       && c->block.z == pb->block_lo.z;
}

/*
** The per-warp step budget of a launch at its real size (a host site's,
** or the block its header asks for): 64 instructions per unit of the
** work a thread of it may do, where a unit is a row of its largest
** buffer (sqrt(E) elements: a matrix row or column a thread walks, as
** matrixMul's k loop) plus the elements of that buffer each thread covers
** (32 E / T for a warp: a grid-stride loop over the whole buffer, with
** the grid the thread cap left).  Never below HOST_WARP_STEPS, never
** above REAL_WARP_STEPS_MAX.  E: elements of the largest buffer, T: the
** launch's threads.
*/
static uint64_t real_size_steps(const struct evolve_problem *pb, const struct evolve_cand *c)
{
	uint64_t e = 0, t = threads_of(c);
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		uint64_t n = pa->kind != EVOLVE_BUFFER ? 0 : pa->tex || pa->pinned ? pa->elems : c->elems[i];
		if (n > e)
			e = n;
	}
	uint64_t r = (uint64_t)sqrt((double)e);
	uint64_t steps = 64 * (r + 32 * e / (t ? t : 1));
	return steps < HOST_WARP_STEPS ? HOST_WARP_STEPS : steps > REAL_WARP_STEPS_MAX
	       ? REAL_WARP_STEPS_MAX : steps;
}

struct worker {
	struct mam *mam;
	FILE *devnull;
	double deadline;	/* the time limit's end (mono_seconds()), 0: none */
};

/* Candidate C did not run to its end: the time limit stopped it or came
** first.  It says nothing: no findings, no barriers, never the best. */
static void cut_short(struct evolve_cand *c)
{
	findings_free(&c->fs);
	free(c->bars);
	c->bars = NULL;
	c->nbars = 0;
	c->rejected = EVOLVE_CUT;
	c->f = c->r = 2;
	c->work = 0;
}

/* The most values a launch's comparisons are watched for. */
#define I2S_WATCH_MAX 32

/*
** Input-to-state (the fuzzing literature's name): the values a launch's
** integer comparisons are watched for, into WATCH: C's six launch
** dimensions (block x, y, z, grid x, y, z), then the bits of each integer
** scalar parameter the search sets; *WHAT of each is -1 - d for dimension
** d, else the parameter.  Returns how many.
*/
static uint32_t i2s_watch(const struct evolve_problem *pb, const struct evolve_cand *c,
			  uint64_t *watch, int32_t *what)
{
	uint32_t n = 0;
	const uint32_t dims[6] = { c->block.x, c->block.y, c->block.z, c->grid.x, c->grid.y,
				   c->grid.z };
	for (int d = 0; d < 6; d++) {
		watch[n] = dims[d];
		what[n++] = -1 - d;
	}
	for (uint32_t p = 0; p < pb->nparams && n < I2S_WATCH_MAX; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->kind != EVOLVE_SCALAR || pa->pinned || is_float_et(pa->et))
			continue;
		watch[n] = c->bits[p];
		what[n++] = (int32_t)p;
	}
	return n;
}

/*
** A child of PARENT, a launch the kernel rejected at a failed assert,
** precondition or trap, that takes the value its latest comparison that
** came out false (before the fault, the faulting thread's) names for a
** watched dimension or scalar: the value compared with, or beside it for
** an order.  Returns 0 when there is none to try (a host launch, no such
** comparison, a dimension the search keeps fixed or outside its bounds);
** *C is left unallocated then.
*/
static int i2s_child(const struct space *s, const struct evolve_cand *parent,
		     struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	const struct cmp_log *lg = &parent->cmp;
	if (parent->site >= 0 || !lg->failed)
		return 0;
	uint64_t watch[I2S_WATCH_MAX];
	int32_t what[I2S_WATCH_MAX];
	uint32_t nw = i2s_watch(pb, parent, watch, what);
	uint32_t e = lg->last;
	if (lg->e[e].watch >= nw)
		return 0;
	uint64_t v = lg->e[e].other;
	int32_t t = what[lg->e[e].watch];
	if (t < 0) {
		int d = -1 - t, i = d % 3, grid = d >= 3;
		uint32_t lo = grid ? s->glo[i] : s->blo[i], hi = grid ? s->ghi[i] : s->bhi[i];
		if (lo == hi || v < lo || v > hi)
			return 0;
		cand_copy(c, parent, pb);
		*dim_of_c(c, d) = (uint32_t)v;
		clamp(s, c);
		c->i2s = parent->i2s < UINT8_MAX ? parent->i2s + 1 : UINT8_MAX;
		return 1;
	}
	const struct evolve_param *pa = &pb->params[t];
	unsigned bits = evolve_elem_size(pa->et) * 8;
	uint64_t mask = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
	v &= mask;
	double x = (double)v;
	if (is_signed_et(pa->et) && v >> (bits - 1))
		x = (double)(int64_t)(v | ~mask);
	cand_copy(c, parent, pb);
	c->bits[t] = scalar_set(x, pa->et);
	c->i2s = parent->i2s < UINT8_MAX ? parent->i2s + 1 : UINT8_MAX;
	return 1;
}

/* Whether candidate C never ran to its end: cut by the time limit, or a
** launch CUDA refuses. */
static int said_nothing(const struct evolve_cand *c)
{
	return c->rejected == EVOLVE_CUT || c->rejected == EVOLVE_REFUSED;
}

/* Runs candidate C on W's model and memory: fills C's fitness, rejected,
** touched and work, its findings (for a rejected candidate, what it found
** up to its fault) and its barrier verdicts (none for a rejected one). */
static void evaluate(const struct evolve_problem *pb, struct worker *w, struct evolve_cand *c)
{
	if (w->deadline > 0 && mono_seconds() >= w->deadline) {
		cut_short(c);
		return;
	}
	if (c->refused) {
		cut_short(c);
		c->rejected = EVOLVE_REFUSED;
		return;
	}
	const struct program *p = pb->prog;
	struct mem m;
	mem_init(&m);
	m.limit = pb->max_memory;
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
		uint64_t field_ptr = 0;	/* a pointer field's: set below */
		uint64_t *slot = pa->owner ? &field_ptr : &args[pa->slot];
		if (pa->kind == EVOLVE_SCALAR) {
			*slot = c->bits[i];
		} else if (pa->kind == EVOLVE_FIXED) {
			const uint64_t *fb = &c->bits[pb->nparams + pa->fbase];
			if (pa->bytes) {
				uint32_t id = mem_new(&m, AS_PARAM, pa->nbytes, "param");
				memcpy(m.a[id].data, pa->bytes, pa->nbytes);
				for (uint32_t j = 0; j < pa->nfields; j++) {
					unsigned n = evolve_elem_size(pa->field_type[j]);
					if (pa->field_type[j] != ET_U64 && pa->field_off[j] + n <= pa->nbytes)
						memcpy(m.a[id].data + pa->field_off[j], &fb[j], n);
				}
				m.a[id].readonly = 1;
				*slot = MEM_PTR(id, 0);
				alloc[i] = id;
			} else {
				memcpy(slot, pa->slots, pa->nslots * sizeof *slot);
				for (uint32_t j = 0; j < pa->nfields && j < pa->nslots; j++)
					if (pa->field_type[j] != ET_U64)
						slot[j] = fb[j];
			}
		} else if (pa->same_as) {
			continue;	/* below, once its array exists */
		} else {
			unsigned es = evolve_elem_size(pa->et);
			/* a texture's extents are its descriptor's, a pinned
			** buffer's the user's, else the host's cudaMalloc's */
			uint64_t n = pa->tex || pa->pinned ? pa->elems : c->elems[i];
			uint32_t id;
			if (n != 0) {
				id = mem_new(&m, AS_GLOBAL, n * es, pa->label);
				/* the bound is real, but a default texture's made-up extents */
				if (!pa->tex || pa->tex_given)
					bounded[nbounded++] = id;
				if (pa->pinned && pa->image)
					memcpy(m.a[id].data, pa->image, n * es);
				else if (!pa->pinned && c->fill[i].kind != FILL_ZERO)
					evolve_fill_run(&c->fill[i], pa->et, m.a[id].data, n);
				m.a[id].tex = pa->tex;
				/* what the user declares, or the host never wrote,
				** starts unwritten */
				if (!pa->tex)
					m.a[id].uninit = (uint8_t)(pa->pinned ? pa->uninit
								   : evolve_host_uninit(pb, c, i));
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
			if (pa->inner)
				params_inner(&m, id, pa->inner, pa->inner_labels);
			alloc[i] = id;
			*slot = MEM_PTR(id, 0);
		}
	}
	for (uint32_t i = 0; i < pb->nparams; i++)
		if (pb->params[i].kind == EVOLVE_BUFFER && pb->params[i].same_as) {
			alloc[i] = alloc[pb->params[i].same_as - 1];
			args[pb->params[i].slot] = MEM_PTR(alloc[i], 0);
		}
	/* a struct's pointer fields point at their buffers */
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		if (pa->kind != EVOLVE_BUFFER || pa->owner == 0)
			continue;
		const struct evolve_param *o = &pb->params[pa->owner - 1];
		uint64_t v = MEM_PTR(alloc[i], 0);
		if (o->bytes)
			memcpy(m.a[alloc[pa->owner - 1]].data + o->field_off[pa->field], &v, 8);
		else
			args[o->slot + pa->field] = v;
	}
	struct launch_cfg cfg = { 0 };
	cfg.grid = c->grid;
	cfg.block = c->block;
	cfg.dyn_shared = c->dyn_shared;
	uint64_t nwarps = (uint64_t)c->grid.x * c->grid.y * c->grid.z
			  * (((uint64_t)c->block.x * c->block.y * c->block.z + 31) / 32);
	cfg.max_steps = pb->max_steps;
	if (cfg.max_steps == 0) {
		cfg.max_steps = (c->budget ? c->budget : pb->step_budget) / (nwarps ? nwarps : 1);
		if (cfg.max_steps < MIN_WARP_STEPS)
			cfg.max_steps = MIN_WARP_STEPS;
		/* a launch the program makes, or the block its header asks
		** for, is only cut short when it loops: its warps may do the
		** work its data asks for */
		if (c->site >= 0 || bounds_block(pb, c)) {
			uint64_t floor = real_size_steps(pb, c);
			if (cfg.max_steps < floor)
				cfg.max_steps = floor;
		}
	}
	cfg.seed = pb->seed;
	cfg.print_out = w->devnull;
	cfg.mam = w->mam;
	/* costed only where warps are runs of threadIdx.x, as a kernel's
	** author lays them out: a block of whole warps in x, or a line of
	** threads (a 2 x 32 block's warps stride rows by construction) */
	cfg.perf = (c->block.y == 1 && c->block.z == 1) || c->block.x % 32 == 0;
	cfg.lockstep = pb->model == MAM_LOCKSTEP;
	cfg.no_prune = (uint8_t)pb->no_prune;
	cfg.fitness = 1;
	if (c->shared.kind != FILL_ZERO) {
		cfg.shared_init = evolve_fill_shared;
		cfg.shared_ctx = &c->shared;
	}
	/* a launch that breaks its contract is discarded: stop it there */
	cfg.stop_kinds = 1u << FK_ASSERT | 1u << FK_TRAP | 1u << FK_STEP_BUDGET | 1u << FK_MEMORY_BUDGET;
	cfg.deadline = w->deadline;
	struct launch_stats ls = { 0 };
	cfg.stats = &ls;
	mam_clear_results(w->mam);
	struct sim_error err = { 0 };
	findings_free(&c->fs);
	free(c->bars);
	c->bars = NULL;
	c->nbars = 0;
	c->rejected = -1;
	/* the comparisons of a launch the search makes up (not a host
	** launch, whose values come from the host code) */
	uint64_t watch[I2S_WATCH_MAX];
	int32_t what[I2S_WATCH_MAX];
	memset(&c->cmp, 0, sizeof c->cmp);
	if (c->site < 0) {
		cfg.nwatch = i2s_watch(pb, c, watch, what);
		cfg.watch = watch;
		cfg.cmplog = &c->cmp;
	}
	if (interp_launch(p, pb->func, args, &m, &cfg, &c->fs, &err) < 0) {
		c->rejected = FK__COUNT;
	} else {
		for (uint32_t i = 0; i < c->fs.n && c->rejected < 0; i++)
			if (evolve_is_contract_fault(c->fs.v[i].kind)
			    && !oob_is_finding(&c->fs.v[i], &m, bounded, nbounded))
				c->rejected = (int)c->fs.v[i].kind;
	}
	c->work = ls.warp_insns;
	/* Simulee's F and R, over every access (pruned or in the model) */
	c->f = ls.unit_accesses ? (double)ls.units / (double)ls.unit_accesses : 1.0;
	c->r = (double)ls.units;
	for (uint32_t i = 0; i < pb->nparams; i++)
		if (pb->params[i].kind == EVOLVE_BUFFER) {
			unsigned es = evolve_elem_size(pb->params[i].et);
			c->touched[i] = (m.a[alloc[i]].size + es - 1) / es;
		}
	/* a rejected launch keeps what it found before it ended: the probes
	** read it (an access past an array's end, then a wild pointer), and
	** host_fault may report its fault; only accepted launches are merged */
	if (ls.timed_out) {
		/* the clock stopped it: the model holds half a launch */
		cut_short(c);
	} else if (c->rejected < 0) {
		detect_races(p, w->mam, &m, 0, &c->fs);
		c->nbars = mam_nbarriers(w->mam);
		c->bars = xcalloc(c->nbars ? c->nbars : 1, sizeof *c->bars);
		for (uint32_t i = 0; i < c->nbars; i++)
			c->bars[i] = *mam_barrier_at(w->mam, i);
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
		evaluate(b->pb, t->w, &b->cands[i]);
	}
	return NULL;
}

/* Evaluates CANDS[0..N) on the workers; the results do not depend on
** which worker ran what. */
static void run_batch(const struct evolve_problem *pb, struct worker *ws, unsigned nw,
		      struct evolve_cand *cands, uint32_t n)
{
	struct batch b = { pb, cands, n, 0, PTHREAD_MUTEX_INITIALIZER };
	unsigned nt = nw < n ? nw : n;
	if (nt <= 1) {
		for (uint32_t i = 0; i < n; i++)
			evaluate(pb, &ws[0], &cands[i]);
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

static struct finding *find_same(struct findings *all, const struct finding *f)
{
	for (uint32_t j = 0; j < all->n; j++)
		if (same_finding(&all->v[j], f))
			return &all->v[j];
	return NULL;
}

/* Moves the findings of *FS into *ALL; new ones get launch LAUNCH and
** contract CONTRACT. */
static void merge_findings(struct findings *all, struct findings *fs, uint32_t launch,
			   uint8_t contract)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i], *old = find_same(all, f);
		if (old == NULL) {
			f->launch = launch;
			f->contract = contract;
			VEC_PUSH(all->v, all->n, all->cap, *f);
			continue;
		}
		/* the witness is the launch that shows what the report says: the
		** worse execution of a performance note, under as strong a
		** contract; a race that is harmful (or shows under both warp
		** models) in a launch of the same contract */
		int perf = finding_kind_is_perf(f->kind);
		if ((perf && contract <= old->contract
		     && finding_perf_worse(f->kind, f->perf_worst, f->perf_need, old->perf_worst,
					   old->perf_need))
		    || (!perf && contract == old->contract
			&& ((old->benign && !f->benign) || (old->its_only && !f->its_only)))) {
			struct finding keep = *old;
			*old = *f;
			*f = keep;
			old->launch = launch;
			old->contract = contract;
		}
		old->count += f->count;
		old->executions += f->executions;
		old->launches += f->launches;
		old->addresses = old->addresses > f->addresses ? old->addresses : f->addresses;
		old->thread_pairs = old->thread_pairs > f->thread_pairs ? old->thread_pairs : f->thread_pairs;
		/* a weaker contract's launches do not change the verdict */
		if (contract == old->contract) {
			old->benign = old->benign && f->benign;
			old->its_only = old->its_only && f->its_only;
		}
		finding_clear(f);
	}
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}

/* Adds to *SEEN the (kind, sites) of the findings of FS not in it yet;
** returns how many were new. */
static uint32_t note_seen(struct findings *seen, const struct findings *fs)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < fs->n; i++) {
		/* a performance note is no reason to search on */
		if (finding_kind_is_perf(fs->v[i].kind) || find_same(seen, &fs->v[i]))
			continue;
		struct finding k = { 0 };
		k.kind = fs->v[i].kind;
		k.func = fs->v[i].func;
		k.pc = fs->v[i].pc;
		k.second.func = fs->v[i].second.func;
		k.second.pc = fs->v[i].second.pc;
		VEC_PUSH(seen->v, seen->n, seen->cap, k);
		n++;
	}
	return n;
}

/* ---- the driver ------------------------------------------------------- */

/* Is A better than B (Algorithm 1's sortByScore)?  Candidates outside the
** contract are worst, then those beyond an inferred shape assumption; then
** lower F; R decides when both F are 1 (no two lane accesses met), as the
** paper sorts by R only then; the older candidate wins a tie. */
static int better(const struct evolve_cand *a, uint32_t ia, const struct evolve_cand *b,
		  uint32_t ib)
{
	if ((a->rejected >= 0) != (b->rejected >= 0))
		return a->rejected < 0;
	if (said_nothing(a) != said_nothing(b))
		return said_nothing(b);
	/* of two rejected launches, the one further along a line of values
	** its comparisons named (a precondition met one term at a time) */
	if (a->rejected >= 0 && b->rejected >= 0 && a->i2s != b->i2s)
		return a->i2s > b->i2s;
	if (a->beyond != b->beyond)
		return !a->beyond;
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

struct site_ref {
	uint32_t func, pc;
	enum finding_kind kind;
	uint32_t tries;		/* launches probed for it so far */
};

/* The state the driver keeps across generations. */
struct driver {
	const struct evolve_problem *pb;
	struct space *s;
	struct worker *ws;
	unsigned nw;
	struct evolve_result *res;
	uint32_t capcands;
	struct findings seen;	/* (kind, sites) of every finding so far */
	uint32_t best;		/* the best candidate of the phases run, or UINT32_MAX */
	struct site_ref *probed;	/* faults probed for an assumption */
	uint32_t nprobed, capprobed;
};

static uint32_t *dim_of(struct evolve_cand *c, unsigned dim)
{
	return dim_of_c(c, (int)dim);
}

/* Whether C breaks an inferred assumption of R. */
static int beyond_assumptions(const struct evolve_result *r, struct evolve_cand *c)
{
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	for (uint32_t i = 0; i < r->nassumptions; i++) {
		const struct evolve_assumption *a = &r->assumptions[i];
		uint64_t v = a->dim < EVOLVE_PARAM_DIM ? *dim_of(c, a->dim)
			     : a->dim == EVOLVE_THREADS_DIM ? bt : 0;
		if (a->rel == EVOLVE_NONZERO ? c->bits[a->param] == 0
		    : a->rel == EVOLVE_AT_MOST ? v > a->bound
		    : a->rel == EVOLVE_AT_LEAST ? v < a->bound
		    : bt % a->bound != 0)
			return 1;
	}
	return 0;
}

/* The contract C lies under (docs/CONTRACTS.md): a host launch's; none
** beyond an assumption or, for a kernel the host launches, any other;
** else declared or inferred, as the kernel states a contract or not. */
static uint8_t cand_contract(const struct evolve_problem *pb, const struct evolve_cand *c)
{
	if (c->site >= 0)
		return CL_HOST;
	if (c->beyond || pb->nsites)
		return CL_NONE;
	return pb->declared ? CL_DECLARED : CL_INFERRED;
}

/* Drops from FS the inter-block races of identical blocks that only write
** the same value (a kernel that reads neither blockIdx nor gridDim, run as
** several blocks): each block redoes the same work, which is waste, not a
** bug.  Their other races (a read-modify-write of one slot) stay. */
static void drop_identical_writes(struct findings *fs)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		if (f->kind == FK_RACE && f->benign && f->race_class == RC_INTER_BLOCK)
			finding_clear(&fs->v[i]);
		else
			fs->v[k++] = fs->v[i];
	}
	fs->n = k;
}

/* Appends evaluated candidate C to the result (moved) and counts it;
** returns its index. */
static uint32_t add_cand(struct driver *d, struct evolve_cand *c, uint32_t gen)
{
	struct evolve_result *r = d->res;
	uint32_t idx = r->ncands;
	c->generation = gen;
	c->beyond = c->site < 0 && beyond_assumptions(r, c);
	c->contract = cand_contract(d->pb, c);
	if (c->rejected < 0 && d->s->grid_blind && c->grid.x * (uint64_t)c->grid.y * c->grid.z > 1)
		drop_identical_writes(&c->fs);
	VEC_PUSH(r->cands, r->ncands, d->capcands, *c);
	if (c->rejected == EVOLVE_CUT) {
		r->cut++;
		return idx;
	}
	if (c->rejected == EVOLVE_REFUSED) {
		r->refused++;
		return idx;
	}
	if (c->rejected >= 0) {
		r->rejected_by[c->rejected < FK__COUNT ? c->rejected : FK_TRAP]++;
		return idx;
	}
	r->accepted++;
	note_seen(&d->seen, &c->fs);
	barrier_verdicts_add_of(&r->barriers, d->pb->prog, c->bars, c->nbars, d->pb->model);
	return idx;
}

/* The static __shared__ variable that address ADDR lies in, or -1. */
static int static_shared_var(const struct program *p, uint64_t addr)
{
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (p->gvars[i].space == AS_SHARED && !p->gvars[i].dynamic_shared
		    && p->gvars[i].alloc_id == MEM_ID(addr))
			return (int)i;
	return -1;
}

/* The finding of kind KIND of C at (FUNC, PC), or NULL. */
static const struct finding *fault_at(const struct evolve_cand *c, enum finding_kind kind,
				      uint32_t func, uint32_t pc)
{
	for (uint32_t i = 0; i < c->fs.n; i++)
		if (c->fs.v[i].kind == kind && c->fs.v[i].func == func && c->fs.v[i].pc == pc)
			return &c->fs.v[i];
	return NULL;
}

/* Records assumption NA, or lowers the bound of the one it refines (same
** array and component, or same parameter); marks the candidates beyond the
** assumptions.  Nothing once the time limit has cut a launch short: a probe
** it cut says nothing, and the search ends. */
static void add_assumption(struct evolve_result *r, const struct evolve_assumption *na)
{
	if (r->cut)
		return;		/* a probe the time limit cut short showed nothing */
	struct evolve_assumption *a = NULL;
	for (uint32_t k = 0; k < r->nassumptions && a == NULL; k++) {
		struct evolve_assumption *o = &r->assumptions[k];
		if (o->dim == na->dim && o->rel == na->rel
		    && (na->rel == EVOLVE_NONZERO ? o->param == na->param
			: na->rel == EVOLVE_MULTIPLE || o->alloc == na->alloc))
			a = o;
	}
	if (a == NULL)
		VEC_PUSH(r->assumptions, r->nassumptions, r->capassumptions, *na);
	else if (na->rel == EVOLVE_AT_MOST ? na->bound < a->bound
		 : (na->rel == EVOLVE_AT_LEAST || na->rel == EVOLVE_MULTIPLE) && na->bound > a->bound)
		*a = *na;
	for (uint32_t k = 0; k < r->ncands; k++)
		if (r->cands[k].site < 0 && beyond_assumptions(r, &r->cands[k])) {
			r->cands[k].beyond = 1;
			r->cands[k].contract = CL_NONE;
		}
}

/* Runs a copy of candidate BASE with launch component DIM (below
** EVOLVE_PARAM_DIM), or scalar parameter DIM - EVOLVE_PARAM_DIM, set to V
** as a probe; returns its index in the result. */
static uint32_t probe(struct driver *d, uint32_t base, unsigned dim, uint32_t v, uint32_t gen)
{
	struct evolve_cand c;
	cand_copy(&c, &d->res->cands[base], d->pb);
	if (dim < EVOLVE_PARAM_DIM)
		*dim_of(&c, dim) = v;
	else
		c.bits[dim - EVOLVE_PARAM_DIM] = v;
	c.probe = 1;
	evaluate(d->pb, &d->ws[0], &c);
	return add_cand(d, &c, gen);
}

/* Whether the fault KIND at (FUNC, PC) was probed TRIES times already;
** counts one more try if not.  DONE: it need not be probed again. */
static int probed_n(struct driver *d, enum finding_kind kind, uint32_t func, uint32_t pc,
		    uint32_t tries, int done)
{
	uint32_t i = 0;
	while (i < d->nprobed && !(d->probed[i].func == func && d->probed[i].pc == pc
				   && d->probed[i].kind == kind))
		i++;
	if (i == d->nprobed) {
		struct site_ref sr = { func, pc, kind, 0 };
		VEC_PUSH(d->probed, d->nprobed, d->capprobed, sr);
	}
	if (d->probed[i].tries >= tries)
		return 1;
	d->probed[i].tries = done ? UINT32_MAX : d->probed[i].tries + 1;
	return 0;
}

/* Whether the fault KIND at (FUNC, PC) was probed already; notes it if not.
** A site is probed once: the first launch that shows it decides. */
static int probed(struct driver *d, enum finding_kind kind, uint32_t func, uint32_t pc)
{
	return probed_n(d, kind, func, pc, 1, 0);
}

/* A fault may need another part of the launch right first (a 4 x 32
** block reads rows of As[16][16] past its end before it reads unwritten
** ones; a launch whose probe at 1 ends on another fault says nothing): a
** few launches of a site get to try, until one shows its assumption. */
#define TILE_TRIES 4

/*
** The largest value of launch component DIM of candidate CI (which faults
** KIND at FUNC, PC with it at HI) under which that access stays clean: 1
** must be (else 0: the component is not what takes it out), then a
** bisection.  *AT becomes the smallest accepted launch that still faults.
** A probe that ends on another fault (a wild pointer after the access)
** still shows whether the access faulted.
*/
static uint32_t largest_clean(struct driver *d, uint32_t ci, unsigned dim, uint32_t hi,
			      enum finding_kind kind, uint32_t func, uint32_t pc, uint32_t gen,
			      uint32_t *at)
{
	struct evolve_result *r = d->res;
	uint32_t lo = 1, pi = probe(d, ci, dim, 1, gen);
	if (r->cands[pi].rejected >= 0 || fault_at(&r->cands[pi], kind, func, pc))
		return 0;
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		pi = probe(d, ci, dim, mid, gen);
		if (fault_at(&r->cands[pi], kind, func, pc)) {
			hi = mid;
			*at = r->cands[pi].rejected < 0 ? pi : *at;
		} else {
			lo = mid;
		}
	}
	return lo;
}

/* The launch components an index's coordinates grow with (block x, y,
** z, then grid x, y, z). */
static const uint16_t dim_deps[6] = {
	DEP_TID_X | DEP_NTID_X, DEP_TID_Y | DEP_NTID_Y, DEP_TID_Z | DEP_NTID_Z,
	DEP_CTAID_X | DEP_NCTAID, DEP_CTAID_Y | DEP_NCTAID, DEP_CTAID_Z | DEP_NCTAID,
};

/* Whether an index with dependence mask DEP grows with launch component
** DIM's coordinate (not only with gridDim, which every grid component
** shares). */
static int grows_with(uint16_t dep, unsigned dim)
{
	return (dep & dim_deps[dim] & ~DEP_NCTAID) != 0;
}

/* The lowest value the user's range allows launch component DIM. */
static uint32_t user_lo(const struct driver *d, unsigned dim)
{
	return compc(dim < 3 ? &d->pb->block_lo : &d->pb->grid_lo, (int)dim % 3);
}

/*
** Rule 6: an access at (FUNC, PC) in candidate CI past the end of static
** __shared__ array VAR whose index flattens the thread's block coordinates
** (ty * blockDim.x + tx: DEP says threadIdx and blockDim only) bounds the
** block's threads, not one component.  Block x is bisected with the rest
** of the launch as it is; the bound is the most threads that stay inside.
*/
static int infer_product(struct driver *d, uint32_t ci, uint32_t gen, int var,
			 enum finding_kind kind, uint32_t func, uint32_t pc, uint16_t dep)
{
	struct evolve_result *r = d->res;
	const uint16_t block_deps = DEP_TID_X | DEP_TID_Y | DEP_TID_Z | DEP_NTID_X | DEP_NTID_Y
				    | DEP_NTID_Z;
	uint32_t hi = r->cands[ci].block.x, lo, at = ci;
	if ((dep & ~block_deps) || !(dep & (DEP_NTID_X | DEP_NTID_Y)) || hi <= 1
	    || d->pb->block_lo.x > 1)
		return 0;
	uint64_t others = (uint64_t)r->cands[ci].block.y * r->cands[ci].block.z;
	lo = largest_clean(d, ci, 0, hi, kind, func, pc, gen, &at);
	if (lo == 0)
		return 0;	/* not the shape's doing */
	uint32_t bound = (uint32_t)(lo * others);
	add_assumption(r, &(struct evolve_assumption){
		.dim = EVOLVE_THREADS_DIM, .rel = EVOLVE_AT_MOST, .bound = bound,
		.alloc = d->pb->prog->gvars[var].alloc_id, .kind = (uint8_t)kind, .dep = dep,
		.func = func, .pc = pc, .launch = at });
	if (d->s->max_block == 0 || d->s->max_block > bound)
		d->s->max_block = bound;
	return 1;
}

static void infer_assumption(struct driver *d, uint32_t ci, uint32_t gen);

/* Records that the kernel assumes launch component DIM is at most BOUND
** (shown by launch AT) and keeps the search at or below it. */
static void assume_at_most(struct driver *d, unsigned dim, uint32_t bound, int var,
			   enum finding_kind kind, uint32_t func, uint32_t pc, uint16_t dep,
			   uint32_t at)
{
	add_assumption(d->res, &(struct evolve_assumption){
		.dim = (uint8_t)dim, .rel = EVOLVE_AT_MOST, .bound = bound,
		.alloc = d->pb->prog->gvars[var].alloc_id, .kind = (uint8_t)kind, .dep = dep,
		.func = func, .pc = pc, .launch = at });
	uint32_t *shi = dim < 3 ? &d->s->bhi[dim] : &d->s->ghi[dim - 3];
	if (*shi > bound)
		*shi = bound;
}

/*
** Rule 1 for an index that grows with several components, each by a
** fixed stride (s[ty][tx] on s[4][32], or ty * 32 + tx): what one
** component may be then depends on the others, except for the thread at 0
** in all of them, which every launch has.  So each component the index
** grows with is probed with the others at 1: if the access still leaves
** the array, the component alone takes it out, and a bisection (the
** others still at 1) finds the smallest value that does, a bound no
** launch can break without the fault.  Returns whether one was found.
*/
static int infer_separate(struct driver *d, uint32_t ci, uint32_t gen, int var,
			  enum finding_kind kind, uint32_t func, uint32_t pc, uint16_t dep)
{
	struct evolve_result *r = d->res;
	int found = 0;
	for (unsigned dim = 0; dim < 6; dim++) {
		uint32_t hi = *dim_of(&r->cands[ci], dim);
		if (hi <= 1 || !grows_with(dep, dim) || user_lo(d, dim) > 1)
			continue;
		uint32_t base = ci;
		int pinned = 0;
		for (unsigned o = 0; o < 6 && !pinned; o++) {
			if (o == dim || !grows_with(dep, o) || *dim_of(&r->cands[base], o) <= 1)
				continue;
			if (user_lo(d, o) > 1)
				pinned = 1;	/* the user's range keeps it above 1 */
			else
				base = probe(d, base, o, 1, gen);
		}
		if (pinned || !fault_at(&r->cands[base], kind, func, pc))
			continue;	/* the others take part in taking it out */
		uint32_t at = r->cands[base].rejected < 0 ? base : ci;
		uint32_t lo = largest_clean(d, base, dim, hi, kind, func, pc, gen, &at);
		if (lo == 0)
			continue;
		assume_at_most(d, dim, lo, var, kind, func, pc, dep, at);
		found = 1;
		/* at the bound, another access of the array may still leave it */
		probed_n(d, kind, func, pc, TILE_TRIES, 1);
		infer_assumption(d, probe(d, ci, dim, lo, gen), gen);
	}
	return found;
}

/*
** Finding F of candidate CI (an access past the end of a static __shared__
** array) may be a shape assumption: the kernel indexes the array by its
** thread or block coordinates and was written for launches below some
** size.  For each component of the launch above 1, probes the same launch
** with that component at 1 (the access must stay inside) and bisects for
** the smallest value that leaves the array.  Records the assumption (or
** lowers the bound of one on the same array and component), narrows the
** search space to it, and marks the candidates beyond it.  Probes run on
** the main thread, in order, so the result depends on the seed alone.
*/
static void infer_assumption(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct program *p = d->pb->prog;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if ((f->kind != FK_OOB && f->kind != FK_SUBSCRIPT) || f->space != AS_SHARED)
			continue;
		int var = f->kind == FK_OOB ? static_shared_var(p, f->addr)
			  : f->var != FINDING_NO_VAR && f->var < p->ngvars
			    && !p->gvars[f->var].dynamic_shared ? (int)f->var : -1;
		/* an index read from memory is the data's doing, not the shape's */
		if (var < 0 || (f->dep & DEP_DATA)
		    || probed_n(d, f->kind, f->func, f->pc, TILE_TRIES, 0))
			continue;
		uint32_t func = f->func, pc = f->pc;
		enum finding_kind kind = f->kind;
		uint16_t dep = f->dep;
		/* an index that grows with several components bounds their
		** product when it grows through blockDim (ty * blockDim.x + tx),
		** else each one with the others at 1 (s[ty][tx]): the bound of
		** one alone, the others as drawn, is not sound */
		unsigned ncomp = 0;
		for (unsigned dim = 0; dim < 6; dim++)
			ncomp += grows_with(dep, dim);
		if (ncomp > 1) {
			if (!infer_product(d, ci, gen, var, kind, func, pc, dep))
				infer_separate(d, ci, gen, var, kind, func, pc, dep);
			continue;
		}
		for (unsigned dim = 0; dim < 6; dim++) {
			uint32_t hi = *dim_of(&r->cands[ci], dim), lo, at = ci;
			if (hi <= 1 || user_lo(d, dim) > 1 || !(dep & dim_deps[dim]))
				continue;	/* not varied, pinned by the user, or not indexed by it */
			lo = largest_clean(d, ci, dim, hi, kind, func, pc, gen, &at);
			if (lo == 0)
				continue;	/* not this component's doing */
			assume_at_most(d, dim, lo, var, kind, func, pc, dep, at);
			/* at the bound, another access of the array may still leave
			** it (s[tid + h] is inside up to 513 threads, s[tid] up to
			** 256): the tightest bound must not wait on the search to
			** draw a launch between the two */
			probed_n(d, kind, func, pc, TILE_TRIES, 1);
			infer_assumption(d, probe(d, ci, dim, lo, gen), gen);
		}
	}
}

/*
** A division by zero in candidate CI that goes away when a scalar
** parameter the search set to 0 is 1 instead is the kernel's assumption
** that the parameter is not 0 (`i % n`), not a bug: the search keeps the
** parameter nonzero from then on.  A division by zero no parameter
** explains (a divisor read from memory) stays a finding.
*/
static void infer_nonzero(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if (f->kind != FK_DIV_ZERO || probed(d, f->kind, f->func, f->pc))
			continue;
		uint32_t func = f->func, pc = f->pc;
		for (uint32_t p = 0; p < nbits(pb); p++) {
			struct scalar_ref sr;
			if (!scalar_ref(pb, p, &sr) || r->cands[ci].bits[p] != 0 || is_float_et(sr.et))
				continue;
			uint32_t pi = probe(d, ci, EVOLVE_PARAM_DIM + p, 1, gen);
			if (r->cands[pi].rejected >= 0 || fault_at(&r->cands[pi], FK_DIV_ZERO, func, pc))
				continue;
			add_assumption(r, &(struct evolve_assumption){
				.dim = EVOLVE_PARAM_DIM, .rel = EVOLVE_NONZERO, .kind = FK_DIV_ZERO,
				.param = p, .func = func, .pc = pc, .launch = ci });
			d->s->nonzero[p] = 1;
			return;
		}
	}
}

/* Whether the access at (FUNC, PC) of probe PI ran clean: the probe was
** accepted and the access neither read unwritten memory nor left its
** array. */
static int clean_at(const struct evolve_result *r, uint32_t pi, uint32_t func, uint32_t pc)
{
	const struct evolve_cand *c = &r->cands[pi];
	return c->rejected < 0 && !fault_at(c, FK_UNINIT, func, pc) && !fault_at(c, FK_OOB, func, pc)
	       && !fault_at(c, FK_SUBSCRIPT, func, pc);
}

/*
** Rule 4 (docs/CONTRACTS.md): a read in candidate CI of elements of a
** static __shared__ array that no thread wrote (FK_UNINIT), which goes
** away when a block component is raised to one of the array's extents,
** shows a kernel written for blocks at least that large (a tile filled one
** element per thread, As[ty][tx] = ...).  A bisection finds the smallest
** such component; the search keeps at or above it.  The raised probe must
** leave the access clean: a read that only moves past the array's end (a
** halo one past the block) is a bug, not a shape.
*/
static void infer_tile_min(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct program *p = d->pb->prog;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if (f->kind != FK_UNINIT || f->space != AS_SHARED)
			continue;
		int var = static_shared_var(p, f->addr);
		if (var < 0 || probed_n(d, f->kind, f->func, f->pc, TILE_TRIES, 0))
			continue;
		uint32_t func = f->func, pc = f->pc;
		const struct gvar *gv = &p->gvars[var];
		uint32_t most = block_limit(d->pb);
		/* per component: the smallest value that clears the read, the
		** threads of the block then, and the largest launch still showing it */
		uint32_t clear[3] = { 0 }, at[3] = { ci, ci, ci };
		uint64_t need[3] = { 0 };
		unsigned nclear = 0, only = 0;
		for (unsigned dim = 0; dim < 3; dim++) {
			uint32_t lo = *dim_of(&r->cands[ci], dim), hi = 0;
			if (d->s->blo[dim] == d->s->bhi[dim])
				continue;	/* not searched: pinned, or not read */
			uint64_t others = (uint64_t)r->cands[ci].block.x * r->cands[ci].block.y
					  * r->cands[ci].block.z / lo;
			/* the smallest extent above the component that clears the read */
			for (uint32_t k = 0; k < gv->ndims; k++) {
				uint32_t e = gv->dims[k];
				if (e <= lo || e > d->s->bhi[dim] || others * e > most || (hi && e >= hi))
					continue;
				uint32_t pi = probe(d, ci, dim, e, gen);
				if (clean_at(r, pi, func, pc))
					hi = e;
			}
			if (hi == 0)
				continue;
			while (hi - lo > 1) {
				uint32_t mid = lo + (hi - lo) / 2;
				uint32_t pi = probe(d, ci, dim, mid, gen);
				if (clean_at(r, pi, func, pc)) {
					hi = mid;
				} else {
					lo = mid;
					if (fault_at(&r->cands[pi], FK_UNINIT, func, pc))
						at[dim] = pi;
				}
			}
			clear[dim] = hi;
			need[dim] = others * hi;
			nclear++;
			only = dim;
		}
		if (nclear == 0)
			continue;
		struct evolve_assumption na = { 0 };
		na.rel = EVOLVE_AT_LEAST;
		na.alloc = gv->alloc_id;
		na.kind = FK_UNINIT;
		na.func = func;
		na.pc = pc;
		if (nclear == 1) {
			/* a tile's side: the one component that fills it */
			na.dim = (uint8_t)only;
			na.bound = clear[only];
			if (d->s->blo[only] < clear[only])
				d->s->blo[only] = clear[only];
		} else {
			/* any component fills it: a flattened index (ty * blockDim.x
			** + tx) needs the block's threads, the product (rule 6) */
			na.dim = EVOLVE_THREADS_DIM;
			na.bound = UINT32_MAX;
			for (unsigned dim = 0; dim < 3; dim++)
				if (clear[dim] && need[dim] < na.bound) {
					na.bound = (uint32_t)need[dim];
					only = dim;
				}
			if (d->s->min_threads < na.bound)
				d->s->min_threads = na.bound;
		}
		na.launch = at[only];
		add_assumption(r, &na);
		probed_n(d, FK_UNINIT, func, pc, TILE_TRIES, 1);
	}
}

/*
** Rule 5: a warp-level operation in candidate CI that reads lanes a
** partial warp lacks (or that lanes it lacks never reach), which goes away
** when block x is rounded up so the block's threads are a multiple of M
** (the smallest power of two up to 32 that does; 32 for code written with
** a full mask), shows warp-level code written for such blocks: the kernel
** assumes it, and the search keeps to it.  The probe for M < 32 is an odd
** multiple of M, so that it does not pass only by being whole warps.
** Lanes missing from a whole warp (exited ones) are a bug, not a shape.
*/
static void infer_whole_warps(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_cand *c = &r->cands[ci];
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	if (bt % 32 == 0)
		return;
	uint32_t most = block_limit(d->pb);
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if (f->kind != FK_WARP_SYNC || probed(d, f->kind, f->func, f->pc))
			continue;
		uint32_t func = f->func, pc = f->pc;
		for (uint32_t m = 2; m <= 32; m *= 2) {
			if (bt % m == 0 || m <= d->s->warp_mult)
				continue;	/* already a multiple: not enough */
			struct evolve_cand w = { 0 };
			w.block = r->cands[ci].block;
			round_to_multiple(d->s, &w, m, 1);
			uint64_t wt = (uint64_t)w.block.x * w.block.y * w.block.z;
			if (wt % m || wt > most)
				continue;
			uint32_t pi = probe(d, ci, 0, w.block.x, gen);
			if (r->cands[pi].rejected >= 0 || fault_at(&r->cands[pi], FK_WARP_SYNC, func, pc))
				continue;
			add_assumption(r, &(struct evolve_assumption){
				.dim = 0, .rel = EVOLVE_MULTIPLE, .bound = m, .kind = FK_WARP_SYNC,
				.func = func, .pc = pc, .launch = ci });
			d->s->warp_mult = m;
			return;
		}
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/*
** The step budget of the next launches: BUDGET_FACTOR times the median work
** of the launches within the contract so far (a launch that needs that much
** more than its siblings is looping on a value it was not written for, and
** is discarded early), at least BUDGET_MIN and at most ten times the
** problem's budget; the problem's budget until a launch was accepted.
*/
static uint64_t sibling_budget(const struct driver *d)
{
	const struct evolve_result *r = d->res;
	if (d->pb->max_steps)
		return 0;
	uint64_t *w = xcalloc(r->ncands ? r->ncands : 1, sizeof *w);
	uint32_t n = 0;
	for (uint32_t i = 0; i < r->ncands; i++)
		if (r->cands[i].rejected < 0 && !r->cands[i].probe)
			w[n++] = r->cands[i].work;
	uint64_t b = d->pb->step_budget;
	if (n > 0) {
		qsort(w, n, sizeof *w, cmp_u64);
		b = w[n / 2] * BUDGET_FACTOR;
		b = b < BUDGET_MIN ? BUDGET_MIN : b > 10 * d->pb->step_budget ? 10 * d->pb->step_budget : b;
	}
	free(w);
	return b;
}

/* Evaluates CANDS[0..N) (moved into the result), adds them in order, and
** looks for the kernel's assumptions behind their faults. */
/* Whether host launch site SITE of PB gives every part of the launch as a
** constant: dimensions, dynamic shared size, every scalar and struct field
** the search would set (buffer contents aside). */
static int site_fixed(const struct evolve_problem *pb, int32_t site)
{
	const struct hostsites *hs = pb->hs;
	const struct hsite *st = &hs->s[pb->sites[site]];
	for (int i = 0; i < 3; i++)
		if (!hexpr_is_const(hs, st->grid[i]) || !hexpr_is_const(hs, st->block[i]))
			return 0;
	if (!pb->shared_pinned && !hexpr_is_const(hs, st->shmem))
		return 0;
	for (uint32_t k = 0; k < nbits(pb); k++) {
		struct scalar_ref sr;
		if (!scalar_ref(pb, k, &sr))
			continue;
		uint32_t p = (uint32_t)(sr.pa - pb->params);
		const struct hfield *h = sr.field == UINT32_MAX ? NULL
					 : host_field(st, p, sr.pa->field_off[sr.field]);
		uint32_t e = sr.field == UINT32_MAX ? (p < st->nargs ? st->args[p] : HX_NONE)
			     : h ? h->expr : HX_NONE;
		if (!hexpr_is_const(hs, e))
			return 0;
	}
	return 1;
}

/*
** A launch the program makes with constants only, on which an assert fails
** (or the kernel traps) whatever its buffers hold (it does again with them
** all zeros and all 0, 1, 2, ...): the program's own launch breaks the
** kernel's contract.  That is a bug to report at the host contract, not a
** launch to discard; candidate CI is taken back in with that one finding.
*/
static void host_fault(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_cand *c = &r->cands[ci];
	if (c->site < 0 || (c->rejected != FK_ASSERT && c->rejected != FK_TRAP)
	    || !site_fixed(d->pb, c->site))
		return;
	uint32_t fi = 0;
	while (fi < c->fs.n && c->fs.v[fi].kind != (enum finding_kind)c->rejected)
		fi++;
	if (fi == c->fs.n)
		return;
	enum finding_kind kind = c->fs.v[fi].kind;
	uint32_t func = c->fs.v[fi].func, pc = c->fs.v[fi].pc;
	if (probed(d, kind, func, pc))
		return;
	static const uint8_t fills[2] = { FILL_ZERO, FILL_IOTA };
	for (int k = 0; k < 2; k++) {
		struct evolve_cand pr;
		cand_copy(&pr, &r->cands[ci], d->pb);
		for (uint32_t p = 0; p < d->pb->nparams; p++)
			if (d->pb->params[p].kind == EVOLVE_BUFFER && !d->pb->params[p].pinned)
				pr.fill[p] = (struct evolve_fill){ .kind = fills[k], .k = 1 };
		pr.probe = 1;
		/* two launches decide whether the program's own launch is a
		** bug: they run to their end whatever the clock says */
		double deadline = d->ws[0].deadline;
		d->ws[0].deadline = 0;
		evaluate(d->pb, &d->ws[0], &pr);
		d->ws[0].deadline = deadline;
		uint32_t pi = add_cand(d, &pr, gen);
		if (r->cands[pi].rejected != (int)kind || !fault_at(&r->cands[pi], kind, func, pc))
			return;		/* the data's doing */
	}
	struct evolve_cand *h = &r->cands[ci];
	/* the launch ended there: its one finding is the fault */
	for (uint32_t i = 0; i < h->fs.n; i++)
		if (i != fi)
			finding_clear(&h->fs.v[i]);
	h->fs.v[0] = h->fs.v[fi];
	h->fs.n = 1;
	r->rejected_by[kind]--;
	r->accepted++;
	h->rejected = -1;
	h->f = h->r = 2;	/* never the best launch */
	note_seen(&d->seen, &h->fs);
}

/* Runs the inference rules on candidate I's faults (docs/CONTRACTS.md):
** a host launch's faults are the program's bugs, not assumptions. */
static void infer_from(struct driver *d, uint32_t i, uint32_t gen)
{
	static void (*const infer[3])(struct driver *, uint32_t, uint32_t) = {
		infer_assumption, infer_tile_min, infer_whole_warps,
	};
	for (int k = 0; k < 3; k++) {
		const struct evolve_cand *c = &d->res->cands[i];
		if (c->rejected < 0 && c->site < 0 && !c->beyond)
			infer[k](d, i, gen);
	}
	const struct evolve_cand *c = &d->res->cands[i];
	/* with host sites the host's values decide a parameter; a quotient
	** by 0 (all ones) used as an index is below its array, which rejects
	** the launch after the division that explains it */
	int bad_ptr = c->rejected == FK_OOB || c->rejected == FK_NULL
		      || c->rejected == FK_INVALID_PTR;
	if ((c->rejected < 0 || bad_ptr) && c->site < 0 && !c->beyond && d->pb->nsites == 0)
		infer_nonzero(d, i, gen);
}

/* Candidate I of R, counted as accepted or rejected, is cut after all. */
static void uncount_cut(struct evolve_result *r, uint32_t i)
{
	struct evolve_cand *c = &r->cands[i];
	if (c->rejected < 0)
		r->accepted--;
	else if (c->rejected == EVOLVE_REFUSED)
		r->refused--;
	else if (c->rejected != EVOLVE_CUT)
		r->rejected_by[c->rejected < FK__COUNT ? c->rejected : FK_TRAP]--;
	cut_short(c);
	r->cut++;
}

static void evaluate_new(struct driver *d, struct evolve_cand *cands, uint32_t n, uint32_t gen)
{
	uint64_t budget = sibling_budget(d);
	for (uint32_t i = 0; i < n; i++)
		cands[i].budget = budget;
	run_batch(d->pb, d->ws, d->nw, cands, n);
	uint32_t first = d->res->ncands;
	for (uint32_t i = 0; i < n; i++)
		add_cand(d, &cands[i], gen);
	for (uint32_t i = first; i < first + n; i++) {
		if (said_nothing(&d->res->cands[i]))
			continue;
		host_fault(d, i, gen);
		uint32_t before = d->res->ncands;
		infer_from(d, i, gen);
		/* a probe once the clock has cut a launch is cut too: what the
		** launch's faults mean is unknown, so it is cut as well */
		if (d->res->cut && d->res->ncands > before)
			uncount_cut(d->res, i);
	}
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
				      d->seen.n };
	d->pb->progress(d->pb->progress_ctx, &st);
}

/* The kernel's name without its parameter list. */
/* Scalar K's name: the parameter's, or "p.stride" ("p.+4" where debug
** info names no field). */
static void scalar_label(const struct evolve_problem *pb, uint32_t k, char *buf, size_t n)
{
	struct scalar_ref sr;
	scalar_ref(pb, k, &sr);
	if (sr.pa == NULL)
		snprintf(buf, n, "?");
	else if (sr.field == UINT32_MAX)
		snprintf(buf, n, "%s", sr.pa->label);
	else if (sr.pa->field_name && sr.pa->field_name[sr.field])
		snprintf(buf, n, "%s.%s", sr.pa->label, sr.pa->field_name[sr.field]);
	else
		snprintf(buf, n, "%s.+%" PRIu32, sr.pa->label, sr.pa->field_off[sr.field]);
}

static char *short_name(const char *demangled)
{
	const char *par = strchr(demangled, '(');
	return par ? xstrndup(demangled, (size_t)(par - demangled)) : xstrdup(demangled);
}

/* "As[16][16]": the static __shared__ array of allocation ALLOC. */
static char *array_name(const struct program *p, uint32_t alloc)
{
	const struct gvar *g = NULL;
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (p->gvars[i].alloc_id == alloc)
			g = &p->gvars[i];
	char shape[96] = "";
	size_t len = 0;
	for (uint32_t i = 0; g && i < g->ndims && len < sizeof shape - 16; i++)
		len += (size_t)snprintf(shape + len, sizeof shape - len, "[%" PRIu32 "]", g->dims[i]);
	return xasprintf("%s%s", g ? (g->demangled ? g->demangled : g->name) : "?", shape);
}

/* "'As[16][16]' and 'Bs[16][16]'": the arrays whose assumptions give A's
** bound on A's component in A's direction. */
static char *bound_arrays(const struct program *p, const struct evolve_result *r,
			  const struct evolve_assumption *a)
{
	char *out = NULL;
	for (uint32_t i = 0; i < r->nassumptions; i++) {
		const struct evolve_assumption *b = &r->assumptions[i];
		if (b->dim != a->dim || b->rel != a->rel || b->bound != a->bound)
			continue;
		char *name = array_name(p, b->alloc), *more;
		if (out && strstr(out, name) == NULL)
			more = xasprintf("%s and '%s'", out, name);
		else
			more = out ? xstrdup(out) : xasprintf("'%s'", name);
		free(out);
		free(name);
		out = more;
	}
	return out;
}

/* " (k.cu:29)": where assumption A's fault shows, or "". */
static const char *at_text(const struct evolve_result *r, const struct evolve_assumption *a)
{
	static char buf[300];	/* read before the next call */
	const struct finding *o = fault_at(&r->cands[a->launch], (enum finding_kind)a->kind,
					   a->func, a->pc);
	buf[0] = '\0';
	if (o && o->loc.file && o->loc.line)
		snprintf(buf, sizeof buf, " (%s:%" PRIu32 ")", o->loc.file, o->loc.line);
	return buf;
}

/* The finding that reports assumption A: at the access that shows a
** component's bounds, all of them over every array ("sum_rows assumes
** blockDim.x <= 256: shared 'part[256]' is indexed by threadIdx.x
** (k.cu:7)"; "matmul assumes blockDim.x == 16: shared 'As[16][16]' and
** 'Bs[16][16]' are indexed by threadIdx.x (k.cu:29), and shared
** 'As[16][16]' is read where no thread of a smaller block writes
** (k.cu:33)"), at the warp-level operation that needs whole warps, or at
** the division ("hist assumes nbins != 0: it divides by it (k.cu:9)"). */
static struct finding assumption_finding(const struct evolve_problem *pb,
					 const struct evolve_result *r,
					 const struct evolve_assumption *a)
{
	static const char *const dims[8] = { "blockDim.x", "blockDim.y", "blockDim.z",
					     "gridDim.x", "gridDim.y", "gridDim.z", "?",
					     "blockDim.x * blockDim.y * blockDim.z" };
	static const char *const coords[6] = { "threadIdx.x", "threadIdx.y", "threadIdx.z",
					       "blockIdx.x", "blockIdx.y", "blockIdx.z" };
	const struct program *p = pb->prog;
	char *kname = short_name(p->funcs[pb->func].demangled);
	/* a component's bounds: the tightest from above (written or indexed
	** past the end) and from below (read where a smaller block writes
	** nothing), over every array that shows them */
	const struct evolve_assumption *le = NULL, *ge = NULL, *w = a;
	for (uint32_t i = 0; (a->rel == EVOLVE_AT_MOST || a->rel == EVOLVE_AT_LEAST)
			     && i < r->nassumptions; i++) {
		const struct evolve_assumption *b = &r->assumptions[i];
		if (b->dim != a->dim)
			continue;
		if (b->rel == EVOLVE_AT_MOST && (le == NULL || b->bound < le->bound))
			le = b;
		if (b->rel == EVOLVE_AT_LEAST && (ge == NULL || b->bound > ge->bound))
			ge = b;
	}
	if (le || ge)
		w = le ? le : ge;	/* the warning stands where the upper bound shows */
	struct finding f = { 0 };
	f.kind = FK_ASSUMPTION;
	f.func = w->func;
	f.pc = w->pc;
	f.launch = w->launch;
	f.count = 1;
	const struct finding *o = fault_at(&r->cands[w->launch], (enum finding_kind)w->kind,
					   w->func, w->pc);
	if (o) {
		f.loc = o->loc;
		f.who = o->who;
	}
	char at[300];
	snprintf(at, sizeof at, "%s", at_text(r, w));
	if (a->rel == EVOLVE_NONZERO) {
		char pname[160];
		scalar_label(pb, a->param, pname, sizeof pname);
		f.detail = xasprintf("%s assumes %s != 0: it divides by it%s", kname, pname, at);
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_MULTIPLE) {
		struct evolve_reads rd;
		evolve_reads_of(p, pb->func, &rd);
		const char *threads = rd.block[1] || rd.block[2]
				      ? "blockDim.x * blockDim.y * blockDim.z" : "blockDim.x";
		if (a->bound == 32)
			f.detail = xasprintf("%s assumes whole warps (%s a multiple of 32): its "
					     "warp-level code reads lanes a partial warp lacks%s",
					     kname, threads, at);
		else
			f.detail = xasprintf("%s assumes %s is a multiple of %" PRIu32 ": its "
					     "warp-level code reads lanes that other blocks lack%s",
					     kname, threads, a->bound, at);
		free(kname);
		return f;
	}
	/* by the coordinate when the index reads it, else by the dimension */
	static const uint16_t coord_deps[6] = { DEP_TID_X, DEP_TID_Y, DEP_TID_Z,
						DEP_CTAID_X, DEP_CTAID_Y, DEP_CTAID_Z };
	char *why_le = NULL, *why_ge = NULL;
	if (le) {
		char *names = bound_arrays(p, r, le);
		why_le = xasprintf("shared %s %s indexed by %s%s", names,
				   strstr(names, " and ") ? "are" : "is",
				   le->dim == EVOLVE_THREADS_DIM ? "the thread's index in its block"
				   : le->dep & coord_deps[le->dim] ? coords[le->dim] : dims[le->dim],
				   at_text(r, le));
		free(names);
	}
	if (ge) {
		char *names = bound_arrays(p, r, ge);
		why_ge = xasprintf("shared %s %s read where no thread of a smaller block writes%s",
				   names, strstr(names, " and ") ? "are" : "is", at_text(r, ge));
		free(names);
	}
	char head[160];
	if (le && ge && le->bound == ge->bound)
		snprintf(head, sizeof head, "%s == %" PRIu32, dims[a->dim], le->bound);
	else if (le && ge)
		snprintf(head, sizeof head, "%" PRIu32 " <= %s <= %" PRIu32, ge->bound, dims[a->dim],
			 le->bound);
	else if (le)
		snprintf(head, sizeof head, "%s <= %" PRIu32, dims[a->dim], le->bound);
	else
		snprintf(head, sizeof head, "%s >= %" PRIu32, dims[a->dim], ge->bound);
	f.detail = xasprintf("%s assumes %s: %s%s%s", kname, head, why_le ? why_le : "",
			     why_le && why_ge ? ", and " : "", why_ge ? why_ge : "");
	f.space = AS_SHARED;
	f.where = array_name(p, w->alloc);
	free(why_le);
	free(why_ge);
	free(kname);
	return f;
}

/* The finding of candidate C's fault (its kind, C->rejected), or NULL. */
static const struct finding *fault_of(const struct evolve_cand *c)
{
	for (uint32_t i = 0; c->rejected >= 0 && i < c->fs.n; i++)
		if ((int)c->fs.v[i].kind == c->rejected)
			return &c->fs.v[i];
	return NULL;
}

/* When no launch of R finished, every one stopped by the step budget or
** the memory budget (a kernel that loops forever whatever its inputs),
** the first such launch under the strongest contract becomes a finding:
** its budget fault, which the search would otherwise drop with the launch,
** saying so.  Silence would read as a clean kernel.  Returns whether it
** did. */
static int no_finishing_launch(struct evolve_result *r)
{
	uint32_t steps = 0, memory = 0, w = UINT32_MAX;
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct evolve_cand *c = &r->cands[i];
		if (said_nothing(c))
			continue;	/* the clock stopped it, or CUDA refuses it */
		if (c->rejected != FK_STEP_BUDGET && c->rejected != FK_MEMORY_BUDGET)
			return 0;
		*(c->rejected == FK_STEP_BUDGET ? &steps : &memory) += 1;
		if (w == UINT32_MAX || c->contract < r->cands[w].contract)
			w = i;
	}
	if (w == UINT32_MAX)
		return 0;
	struct evolve_cand *c = &r->cands[w];
	const struct finding *fault = fault_of(c);
	if (fault == NULL)
		return 0;
	uint32_t fi = (uint32_t)(fault - c->fs.v);
	for (uint32_t i = 0; i < c->fs.n; i++)
		if (i != fi)
			finding_clear(&c->fs.v[i]);
	c->fs.v[0] = c->fs.v[fi];
	c->fs.n = 1;
	struct finding *f = &c->fs.v[0];
	char *was = f->detail;
	uint32_t ran = steps + memory;
	char *cut = r->cut ? xasprintf(" (%" PRIu32 " more cut short by the time limit)", r->cut)
			   : xstrdup("");
	f->detail = xasprintf("no launch finishes: all %" PRIu32 " launch%s the search ran %s%s%s%s",
			      ran, ran == 1 ? "" : "es",
			      steps ? "hit the step budget" : "", steps && memory ? " or " : "",
			      memory ? "passed the memory budget" : "", cut);
	free(cut);
	free(was);
	merge_findings(&r->findings, &c->fs, w, c->contract);
	r->best = w;
	return 1;
}

/*
** When every launch the search ran stopped at a fault outside the
** kernel's contract (a failed assert, an access out of bounds, a null
** pointer read from a table nobody filled), nothing was checked: a warning
** at the fault that stopped most of them (the first such site on a tie),
** its witness the first of those launches under the strongest contract,
** says so and how many.  Silence would read as a clean kernel: 0 errors,
** exit 0.
*/
static void nothing_checked(struct evolve_result *r)
{
	uint32_t ran = 0, most = 0, w = UINT32_MAX;
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct evolve_cand *c = &r->cands[i];
		if (said_nothing(c))
			continue;
		if (c->rejected < 0)
			return;
		ran++;
	}
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct finding *a = fault_of(&r->cands[i]);
		if (a == NULL)
			continue;
		uint32_t n = 0, first = UINT32_MAX;
		for (uint32_t j = 0; j < r->ncands; j++) {
			const struct finding *b = fault_of(&r->cands[j]);
			if (b == NULL || b->kind != a->kind || b->func != a->func || b->pc != a->pc)
				continue;
			n++;
			if (first == UINT32_MAX || r->cands[j].contract < r->cands[first].contract)
				first = j;
		}
		if (n > most)
			most = n, w = first;
	}
	if (w == UINT32_MAX)
		return;
	const struct finding *a = fault_of(&r->cands[w]);
	struct findings fs = { 0 };
	struct finding *f = findings_add(&fs, FK_NOTHING_CHECKED, a->func, a->pc, &a->loc, &a->who,
					 0, NULL, NULL);
	f->detail = xasprintf("%s launch the search tried stopped at a fault, %s here (%s, %"
			      PRIu32 " of %" PRIu32 ")", ran == 1 ? "the one" : "every",
			      most == ran ? "all" : "most", finding_kind_name(a->kind), most, ran);
	merge_findings(&r->findings, &fs, w, r->cands[w].contract);
	free(fs.v);
	r->best = w;
}

/*
** When every launch the host code makes of the kernel, as the search
** evaluated its sites, is one CUDA refuses (a grid of n / 64 blocks with
** n below 64: zero), nothing the program does was checked: a warning at
** the host launch site of the first such launch says so (the launches the
** search makes up beyond the host's are checked as before, under a weaker
** contract).  Returns whether it did.
*/
static int all_refused(const struct evolve_problem *pb, struct evolve_result *r)
{
	uint32_t w = UINT32_MAX, host = 0;
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct evolve_cand *c = &r->cands[i];
		if (c->site < 0 || c->rejected == EVOLVE_CUT)
			continue;
		if (c->rejected != EVOLVE_REFUSED)
			return 0;
		host++;
		if (w == UINT32_MAX)
			w = i;
	}
	if (w == UINT32_MAX)
		return 0;
	const struct hsite *st = &pb->hs->s[pb->sites[r->cands[w].site]];
	const struct func *f = &pb->prog->funcs[pb->func];
	struct srcloc loc = { st->file, f->demangled, st->line, st->col };
	struct findings fs = { 0 };
	struct finding *fd = findings_add(&fs, FK_NOTHING_CHECKED, pb->func, UINT32_MAX, &loc, NULL,
					  0, NULL, NULL);
	uint64_t v[6];
	for (int d = 0; d < 6; d++)
		if (hexpr_eval(pb->hs, d < 3 ? st->block[d] : st->grid[d - 3], r->cands[w].vars,
			       &v[d]) < 0)
			v[d] = 1;
	fd->detail = xasprintf("every launch the host code makes here is one CUDA refuses (%" PRIu32
			       " of %" PRIu32 "; the first: grid (%" PRIu64 ",%" PRIu64 ",%" PRIu64
			       "), block (%" PRIu64 ",%" PRIu64 ",%" PRIu64 "): a dimension of 0, "
			       "or past CUDA's limits)", r->refused, host, v[3], v[4],
			       v[5], v[0], v[1], v[2]);
	merge_findings(&r->findings, &fs, w, r->cands[w].contract);
	free(fs.v);
	r->best = w;
	return 1;
}

/*
** Decides the contract of every candidate now that the assumptions are
** known, and builds the result from them: the union of findings, merged
** strongest contract first so a finding's witness lies under the
** strongest contract that showed it; the barrier verdicts over the
** launches inside the contract; the redundant barriers; one warning per
** assumption.
*/
static void conclude(struct driver *d)
{
	const struct evolve_problem *pb = d->pb;
	struct evolve_result *r = d->res;
	/* the assumptions first: their text comes from their launches' findings */
	uint8_t bounded[EVOLVE_THREADS_DIM + 1] = { 0 };
	for (uint32_t i = 0; i < r->nassumptions; i++) {
		const struct evolve_assumption *a = &r->assumptions[i];
		int bound = a->rel == EVOLVE_AT_MOST || a->rel == EVOLVE_AT_LEAST;
		if (bound && bounded[a->dim]++)
			continue;	/* one warning per component: its bounds */
		struct finding f = assumption_finding(pb, r, a);
		f.contract = CL_INFERRED;
		VEC_PUSH(r->findings.v, r->findings.n, r->findings.cap, f);
	}
	for (uint32_t i = 0; i < r->ncands; i++) {
		struct evolve_cand *c = &r->cands[i];
		c->beyond = c->site < 0 && beyond_assumptions(r, c);
		c->contract = cand_contract(pb, c);
	}
	barrier_verdicts_free(&r->barriers);
	barrier_verdicts_init(&r->barriers, pb->prog, pb->func);
	uint32_t best = UINT32_MAX;
	for (uint32_t i = 0; i < r->ncands; i++) {
		struct evolve_cand *c = &r->cands[i];
		if (c->rejected >= 0 || c->contract == CL_NONE)
			continue;
		barrier_verdicts_add_of(&r->barriers, pb->prog, c->bars, c->nbars, pb->model);
		if (best == UINT32_MAX || better(c, i, &r->cands[best], best))
			best = i;
	}
	for (uint8_t level = 0; level < CL__COUNT; level++)
		for (uint32_t i = 0; i < r->ncands; i++)
			if (r->cands[i].rejected < 0 && r->cands[i].contract == level)
				merge_findings(&r->findings, &r->cands[i].fs, i, level);
	if (best != UINT32_MAX) {
		struct findings fs = { 0 };
		detect_barrier_findings(&r->barriers, &r->findings, &fs);
		merge_findings(&r->findings, &fs, best, r->cands[best].contract);
		r->best = best;
	}
	if (!no_finishing_launch(r) && !all_refused(pb, r))
		nothing_checked(r);
}

/* The candidates of R inside the kernel's contract so far (accepted, and
** within the assumptions inferred so far). */
static uint32_t inside(const struct evolve_result *r)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < r->ncands; i++)
		n += r->cands[i].rejected < 0 && !r->cands[i].beyond;
	return n;
}

/*
** One phase of Algorithm 1: an initial population (host launch sites when
** HOST, the strata otherwise) and up to GENERATIONS generations of
** children, stopping at the threshold (when THRESHOLD), the time limit or
** a stall.  The
** phase's best candidate becomes the driver's best when it beats it.
*/
static void run_phase(struct driver *d, struct pcg32 *g, int host, uint32_t generations,
		      int threshold, double t0)
{
	const struct evolve_problem *pb = d->pb;
	struct space *s = d->s;
	struct evolve_result *out = d->res;
	uint32_t P = pb->population;
	struct evolve_cand *batch = xcalloc(2 * (size_t)P, sizeof *batch);
	uint32_t base = out->ncands;
	for (uint32_t i = 0; i < P; i++) {
		cand_alloc(&batch[i], pb);
		if (host)
			init_host(s, g, i, &batch[i]);
		else
			init_cand(s, g, i, &batch[i]);
	}
	evaluate_new(d, batch, P, 0);
	uint32_t *pop = xcalloc(3 * (size_t)P, sizeof *pop);
	for (uint32_t i = 0; i < P; i++)
		pop[i] = base + i;
	sort_pop(out, pop, P);
	report_progress(d, 0, pop[0]);
	out->stop = out->cut ? EVOLVE_STOP_TIME : EVOLVE_STOP_GENERATIONS;
	uint32_t stall = 0, fresh = P;
	for (uint32_t gen = 1; gen <= generations && !out->cut; gen++) {
		const struct evolve_cand *best = &out->cands[pop[0]];
		/* acceptable (the paper's stop), once a population's worth of
		** launches within the contract has been seen and no barrier is
		** redundant so far (more launches may show it needed) */
		if (threshold && best->rejected < 0 && !best->beyond && best->f < pb->threshold
		    && inside(out) >= P && !redundant_so_far(&out->barriers)) {
			out->stop = EVOLVE_STOP_THRESHOLD;
			break;
		}
		if (pb->time_limit > 0 && mono_seconds() - t0 > pb->time_limit) {
			out->stop = EVOLVE_STOP_TIME;
			break;
		}
		for (uint32_t i = 0; i < P; i++) {
			const struct evolve_cand *par = &out->cands[pop[i]];
			if (par->rejected >= 0 || par->beyond) {
				/* a parent the kernel rejects has children it mostly
				** rejects too: draw from the strata again instead
				** (the first child tries the value its comparisons
				** name, when they name one) */
				for (int k = 0; k < 2; k++) {
					if (k == 0 && (par->rejected == FK_ASSERT || par->rejected == FK_TRAP)
					    && i2s_child(s, par, &batch[2 * i + k]))
						continue;
					cand_alloc(&batch[2 * i + k], pb);
					if (host)
						init_host(s, g, fresh++, &batch[2 * i + k]);
					else
						init_cand(s, g, fresh++, &batch[2 * i + k]);
				}
				continue;
			}
			if (host) {
				mutate_host(s, g, par, 0, &batch[2 * i]);
				mutate_host(s, g, par, 1, &batch[2 * i + 1]);
			} else {
				mutate(s, g, par, 0, &batch[2 * i]);
				mutate(s, g, par, 1, &batch[2 * i + 1]);
			}
		}
		uint32_t nfound = d->seen.n;
		double best_f = out->cands[pop[0]].rejected < 0 ? out->cands[pop[0]].f : 2.0;
		uint8_t best_i2s = out->cands[pop[0]].i2s;
		uint32_t first = out->ncands;
		evaluate_new(d, batch, 2 * P, gen);
		for (uint32_t i = 0; i < 2 * P; i++)
			pop[P + i] = first + i;
		sort_pop(out, pop, 3 * P);
		out->generations += 1;
		report_progress(d, gen, pop[0]);
		if (out->cut) {
			out->stop = EVOLVE_STOP_TIME;
			break;
		}
		/* no better launch and nothing new found: the search has settled */
		double now_f = out->cands[pop[0]].rejected < 0 ? out->cands[pop[0]].f : 2.0;
		/* nor a rejected launch further along its comparisons' values */
		stall = now_f < best_f || d->seen.n > nfound
			|| (now_f >= 2.0 && out->cands[pop[0]].i2s > best_i2s) ? 0 : stall + 1;
		if (stall >= STALL_GENERATIONS && gen < generations) {
			out->stop = EVOLVE_STOP_STALL;
			break;
		}
	}
	if (d->best == UINT32_MAX
	    || better(&out->cands[pop[0]], pop[0], &out->cands[d->best], d->best))
		d->best = pop[0];
	free(pop);
	free(batch);
}

int evolve_search(const struct evolve_problem *pb, struct evolve_result *out,
		  struct sim_error *err)
{
	memset(out, 0, sizeof *out);
	if (pb->population == 0)
		return sim_fail(err, SIM_ERR_USAGE, "--population must be at least 1");
	double t0 = mono_seconds();
	struct evolve_reads rd;
	evolve_reads_of(pb->prog, pb->func, &rd);
	struct space s = { .pb = pb };
	for (int i = 0; i < 3; i++) {
		s.glo[i] = compc(&pb->grid_lo, i);
		s.ghi[i] = compc(&pb->grid_hi, i);
		s.blo[i] = compc(&pb->block_lo, i);
		s.bhi[i] = compc(&pb->block_hi, i);
		/* block and grid x are always searched (two threads can meet
		** on one address without reading their index, and identical
		** blocks race on global memory); the rest only if read */
		if (i > 0 && !rd.block[i] && s.blo[i] != s.bhi[i])
			s.bhi[i] = s.blo[i];
		if (i > 0 && !rd.grid[i] && s.glo[i] != s.ghi[i])
			s.ghi[i] = s.glo[i];
	}
	s.dyn_shared = !pb->shared_pinned && rd.dyn_shared;
	s.grid_blind = !rd.grid[0] && !rd.grid[1] && !rd.grid[2];
	for (uint32_t i = 0; i < pb->prog->ngvars && !pb->shared_init_pinned; i++)
		s.shared_mem |= pb->prog->gvars[i].space == AS_SHARED;
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
	s.band_off = xcalloc(nbits(pb) ? nbits(pb) : 1, sizeof *s.band_off);
	s.nonzero = xcalloc(nbits(pb) ? nbits(pb) : 1, 1);
	for (uint32_t p = 0; p < nbits(pb); p++)
		s.band_off[p] = pcg32_bounded(&g, 60);
	struct driver d = { .pb = pb, .s = &s, .res = out, .best = UINT32_MAX };
	barrier_verdicts_init(&out->barriers, pb->prog, pb->func);
	d.nw = pb->jobs ? pb->jobs : 1;
	d.ws = xcalloc(d.nw, sizeof *d.ws);
	struct mam_options mo = { .model = pb->model, .max_bytes = pb->max_shadow };
	for (unsigned i = 0; i < d.nw; i++) {
		d.ws[i].mam = mam_new(&mo);
		d.ws[i].devnull = fopen("/dev/null", "w");
		d.ws[i].deadline = pb->time_limit > 0 ? t0 + pb->time_limit : 0;
	}

	if (pb->nsites > 0) {
		/* the launches the program makes first; then, fewer, the others
		** (outside every observed launch: counted, not listed) */
		run_phase(&d, &g, 1, pb->generations, 1, t0);
		/* it looks for the kernel's assumptions, so no early stop */
		if (out->stop != EVOLVE_STOP_TIME)
			run_phase(&d, &g, 0, pb->generations / 2, 0, t0);
	} else {
		run_phase(&d, &g, 0, pb->generations, 1, t0);
	}
	out->best = d.best;
	conclude(&d);
	out->seconds = mono_seconds() - t0;
	free(d.seen.v);
	free(d.probed);
	free(s.band_off);
	free(s.nonzero);
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
	free(r->assumptions);
	findings_free(&r->findings);
	barrier_verdicts_free(&r->barriers);
	memset(r, 0, sizeof *r);
}
