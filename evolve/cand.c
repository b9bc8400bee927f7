/*
** cand.c: the search's candidates (search_int.h): the space they are
** drawn from, the stratified initial population, the children of
** Algorithm 2, and the individuals of the host launch sites.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "evolve/search_int.h"

#define INT_LIMIT 65536.0	/* searched integers stay within +-2^16 */
#define FLOAT_LIMIT 1e6
#define SHARED_LIMIT SEARCH_SHARED_LIMIT

/* ---- candidates ---------------------------------------------------------- */


static uint32_t *comp(struct dim3 *d, int i)
{
	return i == 0 ? &d->x : i == 1 ? &d->y : &d->z;
}

uint32_t search_compc(const struct dim3 *d, int i)
{
	return i == 0 ? d->x : i == 1 ? d->y : d->z;
}

/* The bits a candidate carries: one per parameter, then one per struct
** field. */
uint32_t search_nbits(const struct evolve_problem *pb)
{
	return pb->nparams + pb->nfields;
}

void search_cand_alloc(struct evolve_cand *c, const struct evolve_problem *pb)
{
	uint32_t np = pb->nparams, nb = search_nbits(pb);
	memset(c, 0, sizeof *c);
	c->bits = xcalloc(nb ? nb : 1, sizeof *c->bits);
	c->fill = xcalloc(np ? np : 1, sizeof *c->fill);
	c->touched = xcalloc(np ? np : 1, sizeof *c->touched);
	c->elems = xcalloc(np ? np : 1, sizeof *c->elems);
	c->rejected = -1;
	c->site = -1;
}

void search_cand_copy(struct evolve_cand *dst, const struct evolve_cand *src,
		      const struct evolve_problem *pb)
{
	uint32_t np = pb->nparams;
	search_cand_alloc(dst, pb);
	dst->grid = src->grid;
	dst->block = src->block;
	dst->dyn_shared = src->dyn_shared;
	dst->seg_fit = src->seg_fit;
	dst->shared = src->shared;
	dst->budget = src->budget;
	dst->site = src->site;
	dst->shrunk = src->shrunk;
	dst->host_grid = src->host_grid;
	dst->host_elems = src->host_elems;
	memcpy(dst->bits, src->bits, search_nbits(pb) * sizeof *dst->bits);
	memcpy(dst->fill, src->fill, np * sizeof *dst->fill);
	memcpy(dst->elems, src->elems, np * sizeof *dst->elems);
	if (src->vars) {
		dst->vars = xmalloc(src->nvars * sizeof *dst->vars + 1);
		memcpy(dst->vars, src->vars, src->nvars * sizeof *dst->vars);
		dst->nvars = src->nvars;
	}
}

void search_cand_free(struct evolve_cand *c)
{
	free(c->bits);
	free(c->fill);
	free(c->touched);
	free(c->elems);
	free(c->vars);
	free(c->reached);
	findings_free(&c->fs);
	free(c->bars);
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

double search_scalar_get(uint64_t bits, uint8_t et)
{
	return scalar_value(bits, et);
}

uint64_t search_scalar_set(double x, uint8_t et)
{
	if (!isfinite(x))
		x = 0;
	double lo = -INT_LIMIT, hi = INT_LIMIT;
	if (elem_is_float(et)) {
		lo = -FLOAT_LIMIT;
		hi = FLOAT_LIMIT;
	} else {
		unsigned bits = elem_size(et) * 8;
		if (bits < 32) {
			double span = ldexp(1.0, (int)bits);
			lo = elem_is_signed(et) ? -span / 2 : 0;
			hi = elem_is_signed(et) ? span / 2 - 1 : span - 1;
		} else if (!elem_is_signed(et)) {
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
uint32_t *search_dim_of_c(struct evolve_cand *c, int d)
{
	return d < 3 ? comp(&c->block, d) : comp(&c->grid, d - 3);
}

/* The launch's threads, UINT64_MAX when that does not fit (a pinned grid
** of 2^31-1 x 65535 x 65535 blocks of 1024 threads is 2^73). */
uint64_t search_threads_of(const struct evolve_cand *c)
{
	uint64_t b = (uint64_t)c->grid.x * c->grid.y * c->grid.z, t = (uint64_t)c->block.x * c->block.y * c->block.z;
	return t != 0 && b > UINT64_MAX / t ? UINT64_MAX : b * t;
}

/* The threads a block may have: __launch_bounds__', else CUDA's. */
uint32_t search_block_limit(const struct evolve_problem *pb)
{
	return pb->max_block_threads ? pb->max_block_threads : LAUNCH_MAX_THREADS_PER_BLOCK;
}

/* Sets C's block x to X, a multiple of NEED rounded up from it, or where
** X passes the range's top to block x rounded down to a multiple of
** NEED; where the range allows the one chosen. */
static void set_x_multiple(const struct space *s, struct evolve_cand *c, uint32_t x, uint32_t need)
{
	if (x > s->bhi[0])
		x = c->block.x / need * need;
	if (x >= s->blo[0] && x >= 1)
		c->block.x = x;
}

/* Rounds C's block x so that the block's threads are a multiple of M (a
** power of two up to 32), up, or down past the range, where the ranges
** allow it; with ONLY, to an odd multiple of M where one is in reach. */
void search_round_to_multiple(const struct space *s, struct evolve_cand *c, uint32_t m, int only)
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
	set_x_multiple(s, c, x, need);
}

/* Brings C within the ranges, CUDA's limits, the assumed multiples (the
** block's threads, block x) and the thread budget: over budget, the
** largest searched grid component halves first, then the largest
** searched block component (block x only where it stays a multiple). */
void search_clamp(const struct space *s, struct evolve_cand *c)
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
		search_round_to_multiple(s, c, s->warp_mult, 0);
	if (s->x_mult && c->block.x % s->x_mult)
		set_x_multiple(s, c, (c->block.x + s->x_mult - 1) / s->x_mult * s->x_mult, s->x_mult);
	for (;;) {
		uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
		uint32_t most_block = search_block_limit(s->pb);
		if (s->max_block && s->max_block < most_block)
			most_block = s->max_block;
		int over_block = bt > most_block;
		int over_all = search_threads_of(c) > s->pb->max_threads;
		if (!over_block && !over_all)
			break;
		int which = -1, grid = 0;
		uint32_t most = 1;
		if (!over_block)
			for (int i = 0; i < 3; i++)
				if (search_compc(&c->grid, i) > most && search_compc(&c->grid, i) / 2 >= s->glo[i]) {
					most = search_compc(&c->grid, i);
					which = i;
					grid = 1;
				}
		if (which < 0)
			for (int i = 0; i < 3; i++)
				if (search_compc(&c->block, i) > most && search_compc(&c->block, i) / 2 >= s->blo[i]
				    && (i > 0 || !s->x_mult || c->block.x / 2 % s->x_mult == 0)) {
					most = search_compc(&c->block, i);
					which = i;
				}
		if (which < 0)
			break;	/* the user's pins exceed the budget: keep them */
		uint32_t *v = grid ? comp(&c->grid, which) : comp(&c->block, which);
		*v /= 2;
	}
	if (s->dyn_shared) {
		c->seg_fit = s->seg_fit;
		c->dyn_shared &= ~(uint64_t)3;
		if (c->dyn_shared > SHARED_LIMIT)
			c->dyn_shared = SHARED_LIMIT;
	}
}

/* A scalar of type ET from stratum BAND: small, medium and large
** non-negative values, about the launch's THREADS, negative, tiny. */
static uint64_t strata_scalar(struct pcg32 *g, unsigned band, double threads, uint8_t et)
{
	if (elem_is_float(et)) {
		static const double fb[3][2] = { { -1, 1 }, { 0, 64 }, { -100, 100 } };
		const double *r = fb[band % 3];
		return search_scalar_set(r[0] + (r[1] - r[0]) * pcg32_double(g), et);
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
	return search_scalar_set(x, et);
}


/* Fills *SR for scalar K; returns whether the search sets it (an unpinned
** scalar, or a field of an unpinned struct that is not a pointer). */
int search_scalar_ref(const struct evolve_problem *pb, uint32_t k, struct scalar_ref *sr)
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
	if (pa->bytes && pa->field_off[j] + elem_size(pa->field_type[j]) <= pa->nbytes)
		memcpy(&v, pa->bytes + pa->field_off[j], elem_size(pa->field_type[j]));
	else if (pa->slots && j < pa->nslots)
		v = pa->slots[j];
	return v;
}

/* Enumerator I of SR as bits of its type. */
static uint64_t enum_bits(const struct scalar_ref *sr, uint32_t i)
{
	unsigned w = elem_size(sr->et) * 8;
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
	return search_scalar_set(x + step * fmax(1, fabs(x) / 8), sr->et);
}

/* Sets C's struct fields: drawn from stratum BAND (+ each field's offset)
** where the search sets them, else the image's. */
static void init_fields(const struct space *s, struct pcg32 *g, unsigned band, double threads,
			struct evolve_cand *c)
{
	for (uint32_t k = s->pb->nparams; k < search_nbits(s->pb); k++) {
		struct scalar_ref sr;
		c->bits[k] = search_scalar_ref(s->pb, k, &sr) ? draw_scalar(g, band + s->band_off[k], threads, &sr)
			     : sr.pa ? field_image(sr.pa, sr.field) : 0;
	}
}

/* Moves C's searched struct fields as a child's (except those FIXED_BY
** says the host gives). */
static void mutate_fields(const struct space *s, struct pcg32 *g, int cauchy, struct evolve_cand *c,
			  int (*fixed_by)(const struct space *, const struct evolve_cand *, uint32_t))
{
	for (uint32_t k = s->pb->nparams; k < search_nbits(s->pb); k++) {
		struct scalar_ref sr;
		if (search_scalar_ref(s->pb, k, &sr) && !(fixed_by && fixed_by(s, c, k)))
			c->bits[k] = step_scalar(g, cauchy, c->bits[k], (double)search_threads_of(c),
						 &sr);
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

/* What relation TIE (enum evolve_tie) gives a scalar at launch C. */
uint64_t search_tie_value(unsigned tie, const struct evolve_cand *c)
{
	switch (tie) {
	case EVOLVE_TIE_GRID_BLOCK_X: return (uint64_t)c->grid.x * c->block.x;
	case EVOLVE_TIE_BLOCK_X: return c->block.x;
	case EVOLVE_TIE_GRID_X: return c->grid.x;
	case EVOLVE_TIE_GRID_BLOCK_Y: return (uint64_t)c->grid.y * c->block.y;
	case EVOLVE_TIE_BLOCK_Y: return c->block.y;
	case EVOLVE_TIE_GRID_Y: return c->grid.y;
	case EVOLVE_TIE_GRID_BLOCK_Z: return (uint64_t)c->grid.z * c->block.z;
	case EVOLVE_TIE_BLOCK_Z: return c->block.z;
	case EVOLVE_TIE_GRID_Z: return c->grid.z;
	default: return 0;
	}
}

/* Scalar P's bits when it keeps relation TIE with launch C (clamped to
** its type, as any value the search sets). */
uint64_t search_tie_bits(const struct evolve_problem *pb, uint32_t p, unsigned tie,
			 const struct evolve_cand *c)
{
	struct scalar_ref sr;
	if (!search_scalar_ref(pb, p, &sr))
		return c->bits[p];
	return search_scalar_set((double)search_tie_value(tie, c), sr.et);
}

/* Keeps the scalars the kernel assumes nonzero away from 0, those it
** assumes not negative at or above 0 (their magnitude), those it assumes
** at least (or equal to) another scalar, times a factor, at or above it
** (at it), and those it assumes tied to the launch at what the launch
** gives them. */
static void keep_nonzero(const struct space *s, struct evolve_cand *c)
{
	for (uint32_t k = 0; k < search_nbits(s->pb); k++) {
		struct scalar_ref sr;
		search_scalar_ref(s->pb, k, &sr);
		double v = scalar_value(c->bits[k], sr.et);
		if (s->nonneg[k] && v < 0)
			c->bits[k] = search_scalar_set(-v, sr.et);
		if (s->nonzero[k] && c->bits[k] == 0)
			c->bits[k] = 1;
	}
	for (uint32_t k = 0; k < search_nbits(s->pb); k++) {
		uint32_t o = s->keeps_up[k];
		if (o == 0)
			continue;
		struct scalar_ref sr, so;
		search_scalar_ref(s->pb, k, &sr);
		search_scalar_ref(s->pb, o - 1, &so);
		double v = scalar_value(c->bits[k], sr.et), w = scalar_value(c->bits[o - 1], so.et);
		if (s->keeps_mul[k] > 1)
			w *= s->keeps_mul[k];
		if (v < w || (s->keeps_eq[k] && v != w))
			c->bits[k] = search_scalar_set(w, sr.et);
	}
	for (uint32_t k = 0; k < search_nbits(s->pb); k++)
		if (s->tie[k])
			c->bits[k] = search_tie_bits(s->pb, k, s->tie[k], c);
}

/* ---- host launch sites --------------------------------------------------- */

#define HOST_SHARED_LIMIT SEARCH_HOST_SHARED_LIMIT
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

/*
** Keeps C's host unknowns to what the branches before its site allow
** (struct hbound: an argument checked and rejected, a loop's condition):
** a value outside is replaced by a value the host is seen to give inside
** the bound, else by one drawn inside it, its ends one time in two; one
** inside moves to an end one time in eight (the checks' limits are where
** the program's largest launches are) when MOVE is set.
*/
static void fit_bounds(const struct evolve_problem *pb, struct pcg32 *g, struct evolve_cand *c, int move)
{
	const struct hostsites *hs = pb->hs;
	const struct hsite *st = &hs->s[pb->sites[c->site]];
	for (uint32_t k = 0; k < st->nbounds; k++) {
		const struct hbound *b = &st->bounds[k];
		const struct hvar *v = &hs->vars[b->var];
		if (b->var >= c->nvars || v->is_float)
			continue;
		uint32_t nin = 0;
		for (uint32_t j = 0; j < v->nseen; j++)
			nin += hbound_holds(hs, b, v->seen[j]);
		int ok = hbound_holds(hs, b, c->vars[b->var]);
		if ((nin || !move) && ok)
			continue;
		if (nin) {
			uint32_t pick = pcg32_bounded(g, nin);
			for (uint32_t j = 0; j < v->nseen; j++)
				if (hbound_holds(hs, b, v->seen[j]) && pick-- == 0)
					c->vars[b->var] = v->seen[j];
			continue;
		}
		int64_t lo = b->lo, hi = b->hi;
		if (lo == INT64_MIN)
			lo = hi >= 1 ? 1 : hi > INT64_MIN + 8192 ? hi - 8192 : INT64_MIN;
		if (hi == INT64_MAX)
			hi = lo <= 8192 ? (lo < 1 ? 8192 : lo + 8192) : lo < INT64_MAX - 8192 ? lo + 8192 : INT64_MAX;
		uint32_t r = pcg32_bounded(g, ok ? 16 : 4);
		int64_t x;
		if (r == 0)
			x = b->lo != INT64_MIN ? b->lo : lo;
		else if (r == 1)
			x = b->hi != INT64_MAX ? b->hi : hi;
		else if (ok)
			continue;
		else if (lo >= 1)
			x = rand_log(g, lo, hi);
		else
			x = lo + (int64_t)(pcg32_double(g) * ((double)hi - (double)lo + 1));
		if (x < lo || x > hi)
			x = lo;
		c->vars[b->var] = (uint64_t)x & (v->width < 64 ? (UINT64_C(1) << v->width) - 1 : UINT64_MAX);
	}
}

/* Sets variable V of C so that guard G, `V PRED E`, holds: its end (where
** a loop's last turn and an off-by-one are) one time in two, else a value
** between it and 0 (below the end) or up to 64 past it (above), as the
** comparison's signedness reads them.  0, or -1 when E has no value or
** only a negative V would hold (`t < n - 1` with n = 1: the loop never
** runs; the search draws n again). */
static int mend_guard(const struct hostsites *hs, struct pcg32 *g, struct evolve_cand *c, uint32_t v,
		      uint32_t e, unsigned pred)
{
	uint64_t ev;
	if (hexpr_eval(hs, e, c->vars, &ev) < 0)
		return -1;
	unsigned w = hs->x[e].width;
	uint64_t mask = w < 64 ? (UINT64_C(1) << w) - 1 : UINT64_MAX;
	ev &= mask;
	int64_t x = (int64_t)ev;
	if (pred >= HP_SLT && w < 64 && (ev >> (w - 1)) & 1)
		x = (int64_t)(ev | ~mask);	/* signed: sign-extended */
	int64_t end = x;
	switch (pred) {
	case HP_ULT: case HP_SLT: end = x - 1; break;
	case HP_UGT: case HP_SGT: case HP_NE: end = x + 1; break;
	default: break;
	}
	/* the search's unknowns are sizes and counts, never below 0 */
	if (end < 0 || (end == 0 && pred >= HP_ULT && pred <= HP_UGE && x < 0))
		return -1;
	int64_t y = end;
	if (pcg32_bounded(g, 2) && pred != HP_EQ && pred != HP_NE) {
		int below = pred == HP_ULT || pred == HP_ULE || pred == HP_SLT || pred == HP_SLE;
		int64_t lo = below ? 0 : end, hi = below ? end : end + 64;
		y = lo + (int64_t)(pcg32_double(g) * ((double)hi - (double)lo + 1));
		if (y < lo || y > hi)
			y = end;
	}
	const struct hvar *hv = &hs->vars[v];
	c->vars[v] = (uint64_t)y & (hv->width < 64 ? (UINT64_C(1) << hv->width) - 1 : UINT64_MAX);
	return 0;
}

/* Whether C's unknowns keep to every bound and guard of its site. */
static int site_holds(const struct hostsites *hs, const struct hsite *st, const struct evolve_cand *c,
		      uint32_t *bad)
{
	for (uint32_t k = 0; k < st->nbounds; k++)
		if (st->bounds[k].var < c->nvars && !hs->vars[st->bounds[k].var].is_float
		    && !hbound_holds(hs, &st->bounds[k], c->vars[st->bounds[k].var])) {
			*bad = UINT32_MAX;
			return 0;
		}
	for (uint32_t k = 0; k < st->nguards; k++)
		if (!hguard_holds(hs, st->guards[k], c->vars)) {
			*bad = k;
			return 0;
		}
	return 1;
}

#define GUARD_ROUNDS 24	/* tries to mend a site's guards */

/*
** Keeps C's host unknowns to the bounds of its site (fit_bounds) and to
** its guards (struct hsite.guards: `t < n - 1`, `n % 16 == 0`): a guard
** that fails and compares one variable with an expression of others sets
** that variable to hold (mend_guard); on odd tries, or for any other
** guard, the guard's other variables (all of them where none is alone)
** are drawn again.  After GUARD_ROUNDS tries that leave one failing, C is
** unmade: a launch the program never makes, not run.
*/
static void fit_site(const struct evolve_problem *pb, struct pcg32 *g, struct evolve_cand *c)
{
	const struct hostsites *hs = pb->hs;
	const struct hsite *st = &hs->s[pb->sites[c->site]];
	fit_bounds(pb, g, c, 1);
	c->unmade = 0;
	if (st->nguards == 0)
		return;
	uint8_t *used = xcalloc(hs->nvars + 1, 1);
	uint32_t bad = 0;
	for (int round = 0; round < GUARD_ROUNDS && !site_holds(hs, st, c, &bad); round++) {
		if (bad == UINT32_MAX) {
			fit_bounds(pb, g, c, 0);
			continue;
		}
		uint32_t e = HX_NONE, v = UINT32_MAX;
		unsigned pred = HP_EQ;
		if (hguard_split(hs, st->guards[bad], &v, &e, &pred) < 0)
			v = UINT32_MAX;
		if (v < c->nvars && round % 2 == 0 && mend_guard(hs, g, c, v, e, pred) == 0)
			continue;
		memset(used, 0, hs->nvars + 1);
		hexpr_vars(hs, st->guards[bad], used);
		uint32_t nother = 0;
		for (uint32_t k = 0; k < hs->nvars && k < c->nvars; k++)
			nother += used[k] && k != v;
		for (uint32_t k = 0; k < hs->nvars && k < c->nvars; k++)
			if (used[k] && (k != v || nother == 0))
				c->vars[k] = host_var_draw(g, &hs->vars[k], pcg32_next(g));
	}
	c->unmade = !site_holds(hs, st, c, &bad);
	free(used);
}

int search_host_refit(const struct evolve_problem *pb, struct evolve_cand *c, uint32_t keep)
{
	const struct hostsites *hs = pb->hs;
	const struct hsite *st = &hs->s[pb->sites[c->site]];
	struct pcg32 g;
	pcg32_seed(&g, pb->seed, pb->stream ^ keep);
	uint32_t bad = 0;
	for (int round = 0; round < GUARD_ROUNDS && !site_holds(hs, st, c, &bad); round++) {
		uint32_t e = HX_NONE, v = UINT32_MAX;
		unsigned pred = HP_EQ;
		if (bad == UINT32_MAX || hguard_split(hs, st->guards[bad], &v, &e, &pred) < 0
		    || v == keep || v >= c->nvars || hs->vars[v].from_device
		    || mend_guard(hs, &g, c, v, e, pred) < 0)
			return 0;
	}
	return site_holds(hs, st, c, &bad);
}

/* The bits of host expression value X (of expression E) as a scalar of type ET. */
static uint64_t host_bits(const struct hexpr *e, uint64_t x, uint8_t et)
{
	if (elem_is_float(et)) {
		double d = !e->is_float ? (double)(int64_t)x
			   : scalar_value(x, e->width == 64 ? ET_F64 : ET_F32);
		return evolve_scalar_bits(d, et);
	}
	unsigned bits = elem_size(et) * 8;
	return bits < 64 ? x & ((UINT64_C(1) << bits) - 1) : x;
}

/* The field at byte offset OFF of the struct the site passes as parameter
** P, or NULL when the host's value is not known. */
const struct hfield *search_host_field(const struct hsite *st, uint32_t p, uint32_t off)
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
** whose cudaMalloc it sees.  A dimension of 0 or past CUDA's limits, a
** block of more than 1024 threads, or more shared memory (the kernel's
** static bytes and the dynamic ones) than a block can opt into
** (SEARCH_HOST_SHARED_LIMIT) is a launch CUDA refuses (c->refused:
** never run); a launch over the host thread budget loses grid blocks (its
** largest grid component halves), never block threads: c->shrunk says
** how (EVOLVE_SHRUNK_BLOCKS: the program's first blocks run, and gridDim
** reads the program's grid, C->host_grid; EVOLVE_SHRUNK_OTHER: a
** cooperative kernel, which needs its whole grid: no longer the
** program's launch).  A buffer past HOST_BUFFER_LIMIT is unbounded, as
** one whose size the host code does not show.
*/
void search_host_apply(const struct space *s, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	const struct hostsites *hs = pb->hs;
	const struct hsite *st = &hs->s[pb->sites[c->site]];
	static const uint32_t lim[6] = { 1024, 1024, 64, 0x7fffffff, 65535, 65535 };
	c->refused = c->unmade;
	c->shrunk = 0;
	c->host_elems = 0;
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
		*search_dim_of_c(c, d) = (uint32_t)(v == 0 ? 1 : v > lim[d] ? lim[d] : v);
	}
	if ((uint64_t)c->block.x * c->block.y * c->block.z > LAUNCH_MAX_THREADS_PER_BLOCK)
		c->refused = 1;
	while ((uint64_t)c->block.x * c->block.y * c->block.z > LAUNCH_MAX_THREADS_PER_BLOCK) {
		uint32_t *b = c->block.x >= c->block.y ? &c->block.x : &c->block.y;
		*b = (*b + 1) / 2;
	}
	c->host_grid = c->grid;
	uint64_t cap = pb->host_max_threads ? pb->host_max_threads : UINT64_C(1) << 20;
	while (search_threads_of(c) > cap && c->grid.x * (uint64_t)c->grid.y * c->grid.z > 1) {
		uint32_t *gm = &c->grid.x;
		if (c->grid.y > *gm)
			gm = &c->grid.y;
		if (c->grid.z > *gm)
			gm = &c->grid.z;
		*gm = (*gm + 1) / 2;
		c->shrunk |= s->coop ? EVOLVE_SHRUNK_OTHER : EVOLVE_SHRUNK_BLOCKS;
	}
	uint64_t sh = 0;
	if (!pb->shared_pinned && hexpr_eval(hs, st->shmem, c->vars, &sh) == 0) {
		/* with the kernel's static shared memory, more than a block
		** can opt into: refused too */
		if (sh > HOST_SHARED_LIMIT || sh + pb->static_shared > HOST_SHARED_LIMIT)
			c->refused = 1;
		c->dyn_shared = sh > HOST_SHARED_LIMIT ? HOST_SHARED_LIMIT : sh;
	}
	for (uint32_t p = 0; p < pb->nparams && p < st->nargs; p++) {
		const struct evolve_param *pa = &pb->params[p];
		uint64_t v;
		if (pa->kind == EVOLVE_SCALAR && !pa->pinned && st->args[p] != HX_NONE
		    && hexpr_eval(hs, st->args[p], c->vars, &v) == 0)
			c->bits[p] = host_bits(&hs->x[st->args[p]], v, pa->et);
		c->elems[p] = 0;
		if (pa->kind == EVOLVE_BUFFER && !pa->pinned && st->buf_bytes[p] != HX_NONE
		    && hexpr_eval(hs, st->buf_bytes[p], c->vars, &v) == 0) {
			/* past the limit: unbounded, as a buffer whose size
			** the host code does not show (what the kernel
			** touches), in the program's launch still */
			unsigned es = elem_size(pa->et);
			if (v <= HOST_BUFFER_LIMIT)
				c->elems[p] = v / es ? v / es : 1;
			if (v / es > c->host_elems)
				c->host_elems = v / es;
		}
		/* the fields of a struct the host fills */
		for (uint32_t j = 0; pa->kind == EVOLVE_FIXED && !pa->pinned && j < pa->nfields; j++) {
			const struct hfield *h = search_host_field(st, p, pa->field_off[j]);
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
	search_scalar_ref(s->pb, p, &sr);
	return sr.pa && search_host_field(st, (uint32_t)(sr.pa - s->pb->params), sr.pa->field_off[sr.field])
	       != NULL;
}

/* Individual I of the host phase: site I modulo the sites, its unknowns
** from their strata, then what the host leaves open as search_init_cand would. */
void search_init_host(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	c->site = (int32_t)(i % pb->nsites);
	c->nvars = pb->hs->nvars;
	c->vars = xcalloc(c->nvars + 1, sizeof *c->vars);
	for (uint32_t v = 0; v < c->nvars; v++)
		c->vars[v] = host_var_draw(g, &pb->hs->vars[v], i / pb->nsites + v);
	fit_site(pb, g, c);
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->kind == EVOLVE_BUFFER && !pa->pinned)
			random_fill(g, &c->fill[p], i + p);
		else if (pa->kind == EVOLVE_SCALAR && pa->pinned)
			c->bits[p] = pa->bits;
		else if (pa->kind == EVOLVE_SCALAR) {
			struct scalar_ref sr;
			search_scalar_ref(pb, p, &sr);
			c->bits[p] = draw_scalar(g, i + s->band_off[p], 256, &sr);
		}
	}
	init_fields(s, g, i, 256, c);
	init_shared(s, g, i, c);
	c->dyn_shared = pb->dyn_shared;
	search_host_apply(s, c);
}

/* A child of host launch PARENT: its unknowns move by a Normal or Cauchy
** step (or to another seen value, or another site), its free scalars and
** buffer contents as search_mutate would move them; the launch follows. */
void search_mutate_host(const struct space *s, struct pcg32 *g, const struct evolve_cand *parent,
			int cauchy, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	search_cand_copy(c, parent, pb);
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
	fit_site(pb, g, c);
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->pinned || pa->kind == EVOLVE_FIXED || host_given(s, c, p))
			continue;
		if (pa->kind == EVOLVE_SCALAR && pa->nenums) {
			struct scalar_ref sr;
			search_scalar_ref(pb, p, &sr);
			c->bits[p] = step_scalar(g, cauchy, c->bits[p], 256, &sr);
		} else if (pa->kind == EVOLVE_SCALAR) {
			double step = cauchy ? pcg32_cauchy(g) : pcg32_normal(g);
			double x = scalar_value(c->bits[p], pa->et);
			c->bits[p] = search_scalar_set(x + step * fmax(1, fabs(x) / 8), pa->et);
		} else if (pcg32_bounded(g, cauchy ? 2 : 8) == 0) {
			random_fill(g, &c->fill[p], pcg32_next(g));
		}
	}
	mutate_fields(s, g, cauchy, c, host_given);
	mutate_shared(s, g, cauchy, c);
	search_host_apply(s, c);
}

/* Individual I of the initial population: each dimension, scalar and
** buffer from a band chosen by I, so the population covers them. */
void search_init_cand(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c)
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
	search_clamp(s, c);
	/* a 2-D block's tile is nearly always square (TILE x TILE, asserted
	** by kernels that rely on it): half the strata try one */
	if (s->x_pow2 && s->blo[1] != s->bhi[1] && (i % 4 == 0 || i % 4 == 3)) {
		c->block.y = c->block.x;
		search_clamp(s, c);
	}
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	c->dyn_shared = s->dyn_shared ? bt * 4u << pcg32_bounded(g, 3) : pb->dyn_shared;
	double threads = (double)search_threads_of(c);
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		unsigned band = i + s->band_off[p];
		if (pa->kind == EVOLVE_BUFFER && !pa->pinned && pb->base) {
			/* the program's own data first */
			if (i == 0)
				c->fill[p] = (struct evolve_fill){ .kind = FILL_PROGRAM };
			else
				search_base_fill(g, band, &c->fill[p]);
		} else if (pa->kind == EVOLVE_BUFFER && !pa->pinned) {
			random_fill(g, &c->fill[p], i + p);
		} else if (pa->kind == EVOLVE_SCALAR && pa->pinned) {
			c->bits[p] = pa->bits;
		} else if (pa->kind == EVOLVE_SCALAR) {
			struct scalar_ref sr;
			search_scalar_ref(pb, p, &sr);
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
void search_mutate(const struct space *s, struct pcg32 *g, const struct evolve_cand *parent,
		   int cauchy, struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	search_cand_copy(c, parent, pb);
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
	search_clamp(s, c);
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->pinned || pa->kind == EVOLVE_FIXED)
			continue;
		double step = cauchy ? pcg32_cauchy(g) : pcg32_normal(g);
		if (pa->kind == EVOLVE_SCALAR && pa->nenums) {
			struct scalar_ref sr;
			search_scalar_ref(pb, p, &sr);
			c->bits[p] = step_scalar(g, cauchy, c->bits[p], (double)search_threads_of(c),
						 &sr);
			continue;
		}
		if (pa->kind == EVOLVE_SCALAR && pcg32_bounded(g, cauchy ? 4 : 16) == 0) {
			/* a jump to another stratum, as buffers change generator */
			c->bits[p] = strata_scalar(g, pcg32_next(g), (double)search_threads_of(c),
						   pa->et);
			continue;
		}
		if (pa->kind == EVOLVE_SCALAR) {
			double x = scalar_value(c->bits[p], pa->et);
			c->bits[p] = search_scalar_set(x + step * fmax(1, fabs(x) / 8), pa->et);
			continue;
		}
		struct evolve_fill *f = &c->fill[p];
		/* the program's data unchanged has no step to take */
		if (pcg32_bounded(g, cauchy ? 2 : 8) == 0
		    || (pb->base && f->kind == FILL_PROGRAM && f->k == 0)) {
			if (pb->base)
				search_base_fill(g, pcg32_next(g), f);
			else
				random_fill(g, f, pcg32_next(g));
			continue;
		}
		if (f->kind == FILL_MOD || f->kind == FILL_RAND || (f->kind == FILL_PROGRAM && f->k > 0)) {
			double k = (double)f->k + round(step * fmax(1, (double)f->k / 8));
			f->k = k < 1 ? 1 : k > INT_LIMIT ? (int64_t)INT_LIMIT : (int64_t)k;
			if (f->kind != FILL_MOD && cauchy)
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
	/* launch sizes grow only while they show something new (size_cap):
	** past the cap a child keeps its parent's shape */
	if (s->size_cap && search_threads_of(c) > s->size_cap
	    && search_threads_of(c) > search_threads_of(parent)) {
		c->grid = parent->grid;
		c->block = parent->block;
	}
}
