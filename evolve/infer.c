/*
** infer.c: contract inference (docs/CONTRACTS.md, search_int.h): the
** probes that find the assumptions behind a candidate's faults, the
** rules, the program's own launch that breaks the contract, and each
** assumption's warning.
*/
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evolve/search_int.h"
#include "memmodel/mem.h"
#include "base/util.h"

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

/* Whether assumptions A and B (of one relation and component) are on the
** same thing: parameter, pair of scalars, array; one per component for
** whole warps and a component at 1. */
static int same_subject(const struct evolve_assumption *a, const struct evolve_assumption *b)
{
	switch (b->rel) {
	case EVOLVE_NONZERO: case EVOLVE_RELATION: case EVOLVE_NONNEG:
		return a->param == b->param;
	case EVOLVE_SCALARS:
		return a->param == b->param && a->param2 == b->param2;
	case EVOLVE_DATA: case EVOLVE_READBACK:	/* one per statement (its line) and source */
		return a->param == b->param && a->func == b->func && a->bound == b->bound;
	case EVOLVE_MULTIPLE: case EVOLVE_FLAT: case EVOLVE_LANES: case EVOLVE_GRID_ONE:
	case EVOLVE_LINEAR:
		return 1;
	case EVOLVE_PART:
		return a->alloc == b->alloc;
	default:
		return a->alloc == b->alloc;
	}
}

/* Records assumption NA, or lowers the bound of the one it refines (same
** array and component, or same parameter); marks the candidates beyond the
** assumptions.  Nothing once the time limit has cut a launch short: a probe
** it cut says nothing, and the search ends. */
static void add_assumption(struct driver *d, const struct evolve_assumption *na)
{
	struct evolve_result *r = d->res;
	if (search_clock_cut(r))
		return;		/* a probe the time limit cut short showed nothing */
	struct evolve_assumption *a = NULL;
	for (uint32_t k = 0; k < r->nassumptions && a == NULL; k++) {
		struct evolve_assumption *o = &r->assumptions[k];
		if (o->dim == na->dim && o->rel == na->rel && same_subject(o, na))
			a = o;
	}
	if (a == NULL)
		VEC_PUSH(r->assumptions, r->nassumptions, r->capassumptions, *na);
	else if (na->rel == EVOLVE_AT_MOST || na->rel == EVOLVE_PART || na->rel == EVOLVE_LINEAR
		 ? na->bound < a->bound
		 : (na->rel == EVOLVE_AT_LEAST || na->rel == EVOLVE_MULTIPLE) && na->bound > a->bound)
		*a = *na;
	for (uint32_t k = 0; k < r->ncands; k++)
		if (r->cands[k].site < 0 && search_beyond_assumptions(d->pb, r, &r->cands[k])) {
			r->cands[k].beyond = 1;
			r->cands[k].contract = CL_NONE;
		}
}

/* The dynamic shared memory a probe's retry gets (the searched segment):
** BASE's bytes per thread times C's threads, in whole words. */
static uint64_t sized_dyn_shared(const struct evolve_cand *base, const struct evolve_cand *c)
{
	uint64_t bt = search_threads_of(base) / ((uint64_t)base->grid.x * base->grid.y * base->grid.z);
	uint64_t ct = search_threads_of(c) / ((uint64_t)c->grid.x * c->grid.y * c->grid.z);
	if (ct <= bt || bt == 0)
		return c->dyn_shared;
	uint64_t v = (base->dyn_shared * ct + bt - 1) / bt;
	v = (v + 3) & ~(uint64_t)3;
	return v > SEARCH_SHARED_LIMIT ? SEARCH_SHARED_LIMIT : v;
}

/* Whether probe C's fault may be the doing of a size the search chose for
** the launch it was copied from, BASE, rather than the kernel's: C's
** launch is larger in some component, and an access left the dynamic
** shared segment the search sized or an assert (of the segment's size)
** failed where it is searched, or C was rejected at an access out of
** bounds, through a null or invalid pointer, with a default texture or a
** buffer of pointers (its first rows only point somewhere) among the
** parameters.  Not a size the kernel, the host or the user gave. */
static int sized_fault(const struct driver *d, const struct evolve_cand *base,
		       const struct evolve_cand *c)
{
	const struct evolve_problem *pb = d->pb;
	int grew = 0;
	for (unsigned dim = 0; dim < 6; dim++)
		grew |= *search_dim_of((struct evolve_cand *)c, dim)
			> *search_dim_of((struct evolve_cand *)base, dim);
	if (!grew || c->rejected == EVOLVE_CUT || c->rejected == EVOLVE_REFUSED)
		return 0;
	/* the segment the search sized: left, or its size asserted */
	if (d->s->dyn_shared && c->rejected == FK_ASSERT)
		return 1;
	for (uint32_t i = 0; d->s->dyn_shared && i < c->fs.n; i++)
		if (c->fs.v[i].kind == FK_OOB && c->fs.v[i].space == AS_SHARED
		    && static_shared_var(pb->prog, c->fs.v[i].addr) < 0)
			return 1;
	if (c->rejected != FK_OOB && c->rejected != FK_NULL && c->rejected != FK_INVALID_PTR)
		return 0;
	for (uint32_t p = 0; p < pb->nparams; p++) {
		const struct evolve_param *pa = &pb->params[p];
		if (pa->kind == EVOLVE_BUFFER && !pa->pinned
		    && ((pa->tex && !pa->tex_given) || (pa->inner && c->elems[p] == 0)))
			return 1;
	}
	return 0;
}

/* The probes of the launch under inference executed WORK more warp
** instructions (driver probe_room). */
static void spend(struct driver *d, uint64_t work)
{
	if (d->probe_room == INT64_MAX)
		return;
	int64_t w = work > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)work;
	d->probe_room = d->probe_room < INT64_MIN + w ? INT64_MIN : d->probe_room - w;
}

/* Whether the probes of the launch under inference may run more: they
** have not passed their room; notes it when they have (driver
** probes_short). */
static int room_left(struct driver *d)
{
	if (d->probe_room >= 0)
		return 1;
	d->probes_short = 1;
	return 0;
}

static void infer_data(struct driver *d, uint32_t ci, uint32_t gen);
static void infer_readback(struct driver *d, uint32_t ci, uint32_t gen);
static void infer_assumption(struct driver *d, uint32_t ci, uint32_t gen);
static void nonzero_on(struct driver *d, uint32_t ci, uint32_t gen);

/* Whether the inference rules may look at launch C for D: it ran inside
** the contract, is the search's own (no host site's) and within the
** assumptions so far, and the probes have room left. */
static int rules_on(struct driver *d, const struct evolve_cand *c)
{
	return c->rejected < 0 && c->site < 0 && !c->beyond && room_left(d);
}

/*
** Runs probe C (a copy of candidate BASE with part of its launch changed;
** owned, moved into the result) and returns its index in the result.  A
** probe whose launch grew past the sizes the search chose for BASE (the
** rows of a buffer of pointers, a default texture's extents, the dynamic
** shared segment) may fault on them, not on the kernel: it runs once more
** with them sized for its own launch (issue 27, item 6), and the retry
** stands in for it.  Sizes the kernel, the host or the user gave are
** never changed.
*/
static uint32_t run_probe(struct driver *d, uint32_t base, struct evolve_cand *c, uint32_t gen)
{
	c->probe = 1;
	search_evaluate(d->pb, &d->ws[0], c);
	spend(d, c->work);
	const struct evolve_cand *b = &d->res->cands[base];
	if (!c->sized && sized_fault(d, b, c)) {
		struct evolve_cand s;
		search_cand_copy(&s, c, d->pb);
		s.probe = 1;
		s.sized = 1;
		if (d->s->dyn_shared)
			s.dyn_shared = sized_dyn_shared(b, c);
		search_evaluate(d->pb, &d->ws[0], &s);
		spend(d, s.work);
		if (s.rejected != EVOLVE_CUT) {
			search_cand_free(c);
			*c = s;
		} else {
			search_cand_free(&s);
		}
	}
	uint32_t i = search_add_cand(d, c, gen);
	infer_data(d, i, gen);	/* its findings lie under a contract too */
	/* a probe that leaves a shared array the launch it came from did
	** not (a tile's probe at its row length, 33 on s[32][33]) shows
	** rule 1's assumption as well as any draw would */
	if (!d->in_rule1 && !d->pb->base && rules_on(d, &d->res->cands[i]))
		infer_assumption(d, i, gen);
	/* and a probe that set a scalar to 0 (rule 9's, a count raised from
	** below 0) divides by it as any draw would */
	if (!d->in_rule2)
		nonzero_on(d, i, gen);
	return i;
}

/* Runs a copy of candidate BASE with launch component DIM (below
** EVOLVE_PARAM_DIM), or scalar parameter DIM - EVOLVE_PARAM_DIM, set to V
** as a probe; returns its index in the result. */
static uint32_t probe(struct driver *d, uint32_t base, unsigned dim, uint32_t v, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	if (dim < EVOLVE_PARAM_DIM)
		*search_dim_of(&c, dim) = v;
	else
		c.bits[dim - EVOLVE_PARAM_DIM] = v;
	return run_probe(d, base, &c, gen);
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
	return search_compc(dim < 3 ? &d->pb->block_lo : &d->pb->grid_lo, (int)dim % 3);
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
	add_assumption(d, &(struct evolve_assumption){
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
	add_assumption(d, &(struct evolve_assumption){
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
		uint32_t hi = *search_dim_of(&r->cands[ci], dim);
		if (hi <= 1 || !grows_with(dep, dim) || user_lo(d, dim) > 1)
			continue;
		uint32_t base = ci;
		int pinned = 0;
		for (unsigned o = 0; o < 6 && !pinned; o++) {
			if (o == dim || !grows_with(dep, o)
			    || *search_dim_of(&r->cands[base], o) <= 1)
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
	int was = d->in_rule1;
	d->in_rule1 = 1;
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
			uint32_t hi = *search_dim_of(&r->cands[ci], dim), lo, at = ci;
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
	d->in_rule1 = was;
}

/* Gives back one try of the fault KIND at (FUNC, PC) (probed_n): the try
** showed an assumption, and the site may show another. */
static void untry(struct driver *d, enum finding_kind kind, uint32_t func, uint32_t pc)
{
	for (uint32_t i = 0; i < d->nprobed; i++)
		if (d->probed[i].func == func && d->probed[i].pc == pc && d->probed[i].kind == kind
		    && d->probed[i].tries > 0 && d->probed[i].tries != UINT32_MAX)
			d->probed[i].tries--;
}

/* Whether probe C ran past the division at (FUNC, PC): it was accepted,
** or it ended at a pointer gone wrong later in the same function (a
** quotient or a stride of the search's made into an address), which the
** division's threads reached after it. */
static int past(const struct evolve_cand *c, uint32_t func, uint32_t pc)
{
	if (c->rejected < 0)
		return 1;
	if (c->rejected != FK_OOB && c->rejected != FK_NULL && c->rejected != FK_INVALID_PTR)
		return 0;
	for (uint32_t i = 0; i < c->fs.n; i++)
		if (c->fs.v[i].kind == (enum finding_kind)c->rejected)
			return c->fs.v[i].func == func && c->fs.v[i].pc > pc;
	return 0;
}

/* Runs a copy of candidate BASE with the N scalars ZS at 1 but for scalar
** KEEP (UINT32_MAX: none), left as BASE has it; returns its index. */
static uint32_t probe_ones(struct driver *d, uint32_t base, const uint32_t *zs, uint32_t n,
			   uint32_t keep, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	for (uint32_t i = 0; i < n; i++)
		if (zs[i] != keep)
			c.bits[zs[i]] = 1;
	return run_probe(d, base, &c, gen);
}

/*
** Rule 2 (docs/CONTRACTS.md): a division by zero at a site of candidate
** CI, a launch where integer scalars the search set are 0, that goes away
** with all of them at 1 shows the kernel divides by them: a divisor is an
** extent, or a product of extents (`i / (ne2 * ne1 * ne0)`).  The kernel
** assumes each one that alone at 0 (the others at 1) brings the division
** back is not 0; with one scalar at 0 that is the scalar.  The search keeps
** them nonzero from then on.  A division no scalar explains (a divisor
** read from memory) stays a finding.  Every site of the launch is probed,
** up to TILE_TRIES launches a site that show nothing new: another launch
** may have another extent at 0 at the same division.
*/
static void infer_nonzero(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	int was = d->in_rule2;
	d->in_rule2 = 1;
	uint32_t nb = search_nbits(pb), *zs = xmalloc((nb ? nb : 1) * sizeof *zs);
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n && room_left(d); fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if (f->kind != FK_DIV_ZERO)
			continue;
		uint32_t func = f->func, pc = f->pc, nz = 0;
		for (uint32_t p = 0; p < nb; p++) {
			struct scalar_ref sr;
			if (search_scalar_ref(pb, p, &sr) && r->cands[ci].bits[p] == 0
			    && !elem_is_float(sr.et) && !d->s->nonzero[p])
				zs[nz++] = p;
		}
		if (nz == 0 || probed_n(d, FK_DIV_ZERO, func, pc, TILE_TRIES, 0))
			continue;
		uint32_t pi = probe_ones(d, ci, zs, nz, UINT32_MAX, gen);
		if (!past(&r->cands[pi], func, pc) || fault_at(&r->cands[pi], FK_DIV_ZERO, func, pc))
			continue;	/* not the scalars' doing */
		int found = 0;
		for (uint32_t i = 0; i < nz; i++) {
			if (nz > 1) {
				uint32_t ki = probe_ones(d, ci, zs, nz, zs[i], gen);
				if (!fault_at(&r->cands[ki], FK_DIV_ZERO, func, pc))
					continue;	/* not alone */
			}
			add_assumption(d, &(struct evolve_assumption){
				.dim = EVOLVE_PARAM_DIM, .rel = EVOLVE_NONZERO, .kind = FK_DIV_ZERO,
				.param = zs[i], .func = func, .pc = pc, .launch = ci });
			d->s->nonzero[zs[i]] = 1;
			found = 1;
		}
		if (found)
			untry(d, FK_DIV_ZERO, func, pc);
	}
	free(zs);
	d->in_rule2 = was;
}

/* Rule 2 on candidate CI where it applies: a made-up launch inside the
** assumptions so far that ran, or ended at a pointer a quotient by 0 gone
** wrong (all ones, below its array) made, of a kernel without host sites
** (there the host's values decide a scalar); probes too. */
static void nonzero_on(struct driver *d, uint32_t ci, uint32_t gen)
{
	const struct evolve_cand *c = &d->res->cands[ci];
	int bad_ptr = c->rejected == FK_OOB || c->rejected == FK_NULL
		      || c->rejected == FK_INVALID_PTR;
	if ((c->rejected < 0 || bad_ptr) && c->site < 0 && !c->beyond && d->pb->nsites == 0
	    && !d->pb->base && room_left(d))
		infer_nonzero(d, ci, gen);
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

/* The uninitialized read of candidate C in allocation ALLOC (any
** statement), or NULL. */
static const struct finding *uninit_in(const struct evolve_cand *c, uint32_t alloc)
{
	for (uint32_t i = 0; i < c->fs.n; i++)
		if (c->fs.v[i].kind == FK_UNINIT && c->fs.v[i].space == AS_SHARED
		    && MEM_ID(c->fs.v[i].addr) == alloc)
			return &c->fs.v[i];
	return NULL;
}

/* Rule 4's values for static __shared__ variable GV into EXT (at most
** MEM_MAX_DIMS + 6), their number: its array extents, or for a variable
** that has none (a union of a tile and a reduction's sums reused across
** phases, a library's opaque storage such as cub's BlockReduce<T,
** 256>::TempStorage) the block sizes such code is written for, the
** powers of two from 32 up to MOST threads, each a count of the block's
** threads (*THREADS set). */
static unsigned tile_extents(const struct gvar *gv, uint32_t most, uint32_t *ext, int *threads)
{
	*threads = gv->ndims == 0;
	if (!*threads) {
		memcpy(ext, gv->dims, gv->ndims * sizeof *ext);
		return gv->ndims;
	}
	unsigned n = 0;
	for (uint32_t t = 32; t <= most && n < MEM_MAX_DIMS + 6; t *= 2)
		ext[n++] = t;
	return n;
}

/* The step of a block component that keeps a block of whole warps whole
** (OTHERS the other components' threads, LO the component): 32 /
** gcd(OTHERS, 32), or 1 for a block that is not whole warps.  A probe's
** own faults are listed, never inferred on: a partial warp in warp-level
** code (cub's shuffles) would list errors of a launch nobody makes. */
static uint32_t whole_step(uint64_t others, uint32_t lo)
{
	if (others * lo % 32 != 0)
		return 1;
	uint32_t g = 32;
	while (others % g != 0)
		g /= 2;
	return 32 / g;
}

/* Whether some block component of candidate C, raised alone, can make
** the block's threads one of the N counts THREADS (ascending) within the
** search's bounds and MOST threads: a block of 8 x 8 x 16 has no room to
** grow, and a variable probed there would spend its tries on nothing. */
static int threads_room(const struct driver *d, const struct evolve_cand *c,
			const uint32_t *threads, unsigned n, uint32_t most)
{
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	for (unsigned dim = 0; dim < 3 && n > 0; dim++) {
		uint32_t lo = *search_dim_of((struct evolve_cand *)c, dim);
		uint64_t others = bt / lo;
		for (unsigned k = 0; k < n; k++) {
			uint64_t e = (threads[k] + others - 1) / others;
			if (d->s->blo[dim] != d->s->bhi[dim] && e > lo && e <= d->s->bhi[dim]
			    && others * e <= most)
				return 1;
		}
	}
	return 0;
}

/* Whether candidate C faults in allocation ALLOC at any statement: reads
** it where nothing was written, leaves it, or breaks a subscript of it. */
static int faults_in(const struct evolve_cand *c, uint32_t alloc)
{
	for (uint32_t i = 0; i < c->fs.n; i++) {
		const struct finding *f = &c->fs.v[i];
		if ((f->kind == FK_UNINIT || f->kind == FK_OOB || f->kind == FK_SUBSCRIPT)
		    && f->space == AS_SHARED && MEM_ID(f->addr) == alloc)
			return 1;
	}
	return 0;
}

/* Whether the read of candidate CI's FK_UNINIT finding at (FUNC, PC) in
** variable GV ran clean in probe PI: the access (for a variable without
** extents, THREADS: the whole variable, a block too small for such storage
** leaves several of its parts unwritten, one statement each, and a block
** that fills it by a component its tile bounds (a union's trans[16][17]
** raised to y = 64) breaks that tile instead). */
static int tile_clean(const struct evolve_result *r, uint32_t pi, const struct gvar *gv,
		      int threads, uint32_t func, uint32_t pc)
{
	return clean_at(r, pi, func, pc) && !(threads && faults_in(&r->cands[pi], gv->alloc_id));
}

/* Runs a copy of candidate BASE with a block of X x 1 x 1 threads as a
** probe; whether variable GV (and the read at FUNC, PC) ran clean. */
static int clean_1d(struct driver *d, uint32_t base, uint32_t x, const struct gvar *gv,
		    uint32_t func, uint32_t pc, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	c.block = (struct dim3){ x, 1, 1 };
	uint32_t pi = run_probe(d, base, &c, gen);
	return tile_clean(d->res, pi, gv, 1, func, pc);
}

/* The threads storage without extents needs, NEED as a block shaped like
** candidate CI's showed it: the smallest multiple of 32 below it whose
** block of that many threads in x alone runs GV clean (the powers of two
** first, then a bisection), where the search allows such a block.  Every layout of a block of T threads gives the linear
** thread indexes 0 to T - 1, and a 1-D block gives them with no
** aliasing: cub's BlockReduce<T, 256> takes threadIdx.x alone for the
** index and a 232 x 2 x 2 block fills it by x (928 threads "needed"). */
static uint32_t need_1d(struct driver *d, uint32_t ci, uint32_t need, const struct gvar *gv,
			uint32_t func, uint32_t pc, uint32_t gen)
{
	if (d->s->blo[1] > 1 || d->s->blo[2] > 1)
		return need;	/* no such block */
	uint32_t hi = 0, lo = 0;
	for (uint32_t t = 32; t < need && t <= d->s->bhi[0] && hi == 0; t *= 2) {
		if (clean_1d(d, ci, t, gv, func, pc, gen))
			hi = t;
		else
			lo = t;
	}
	if (hi == 0)
		return need;	/* a layout of its own: need stands */
	while (hi - lo > 32) {
		uint32_t mid = lo + (hi - lo) / 64 * 32;
		if (clean_1d(d, ci, mid, gv, func, pc, gen))
			hi = mid;
		else
			lo = mid;
	}
	return hi < need ? hi : need;
}

/* Runs a copy of candidate BASE with block B as a probe; returns its index. */
static uint32_t probe_block(struct driver *d, uint32_t base, struct dim3 b, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	c.block = b;
	return run_probe(d, base, &c, gen);
}

/* Whether probe PI ran inside the contract with shared memory clean at
** every statement (the read at FUNC, PC of variable GV too): a 1-D block
** of 1024 threads that indexes a tile's side by threadIdx.x breaks the
** tile's subscripts, which is no slot a warp. */
static int slot_clean(const struct evolve_result *r, uint32_t pi, const struct gvar *gv,
		      uint32_t func, uint32_t pc)
{
	const struct evolve_cand *c = &r->cands[pi];
	for (uint32_t i = 0; i < c->fs.n; i++) {
		const struct finding *f = &c->fs.v[i];
		if ((f->kind == FK_UNINIT || f->kind == FK_OOB || f->kind == FK_SUBSCRIPT)
		    && f->space == AS_SHARED)
			return 0;
	}
	return !c->beyond && tile_clean(r, pi, gv, 1, func, pc);
}

/* Runs a copy of candidate BASE with a block of X x 1 x 1 threads as a
** probe; returns its index. */
static uint32_t probe_1d(struct driver *d, uint32_t base, uint32_t x, uint32_t gen)
{
	return probe_block(d, base, (struct dim3){ x, 1, 1 }, gen);
}

/*
** Rule 4 for an array of one slot a warp (`s[threadIdx.x / 32] = sum`
** by each warp's first lane, then `s[lane]` read by every lane: a block
** reduction written for 32 warps, llama.cpp's rms_norm_back_f32<1024>):
** no block component raised alone to an extent fills it, since a warp
** writes one element.  The block of 32 times the extent E of a 1-D
** variable GV (of the N extents EXT), laid out in x (rows would share the warps'
** slots), must read clean at (FUNC, PC) of candidate CI; a bisection in
** whole warps then finds the smallest block x that does.  Returns it (0:
** none), with *AT the largest 1-D probe that still showed the read.
*/
static uint32_t warp_slots(struct driver *d, uint32_t ci, const struct gvar *gv,
			   const uint32_t *ext, unsigned n, uint32_t func, uint32_t pc,
			   uint32_t *at, uint32_t gen)
{
	struct evolve_result *r = d->res;
	uint32_t most = search_block_limit(d->pb), hi = 0;
	if (gv->ndims != 1 || d->s->blo[1] > 1 || d->s->blo[2] > 1 || d->s->blo[0] == d->s->bhi[0])
		return 0;	/* no row of slots (a tile's probe at 32 times its side
				   breaks its subscripts, listed), no 1-D block, or x
				   not searched */
	for (unsigned k = 0; k < n && hi == 0; k++) {
		uint64_t t = (uint64_t)ext[k] * 32;
		if (t <= r->cands[ci].block.x || t > most || t > d->s->bhi[0])
			continue;
		if (slot_clean(r, probe_1d(d, ci, (uint32_t)t, gen), gv, func, pc))
			hi = (uint32_t)t;
	}
	uint32_t lo = 0;
	while (hi - lo > 32) {
		uint32_t mid = lo + (hi - lo) / 64 * 32;
		uint32_t pi = probe_1d(d, ci, mid, gen);
		if (slot_clean(r, pi, gv, func, pc)) {
			hi = mid;
		} else {
			lo = mid;
			if (fault_at(&r->cands[pi], FK_UNINIT, func, pc) != NULL)
				*at = pi;
		}
	}
	return hi;
}

/*
** Rule 4 (docs/CONTRACTS.md): a read in candidate CI of elements of a
** static __shared__ array that no thread wrote (FK_UNINIT), which goes
** away when a block component is raised to one of the array's extents
** or, for y and z, one past it (a tile staged by every row but the
** first, s[threadIdx.y - 1][...]), shows a kernel written for blocks at least
** that large (a tile filled one element per thread, As[ty][tx] = ...).
** A bisection finds the smallest
** such component; the search keeps at or above it.  The raised probe must
** leave the access clean: a read that only moves past the array's end (a
** halo one past the block) is a bug, not a shape.  A variable without
** array extents (a union reused across phases, cub's TempStorage) is
** raised to the powers of two as counts of the block's threads, and must
** then be read clean everywhere (tile_extents, tile_clean).
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
		if (var < 0)
			continue;
		uint32_t func = f->func, pc = f->pc;
		const struct gvar *gv = &p->gvars[var];
		uint32_t most = search_block_limit(d->pb);
		uint32_t ext[MEM_MAX_DIMS + 6];
		int threads;
		unsigned next = tile_extents(gv, most, ext, &threads);
		/* storage without extents is probed for the variable, whose
		** every read must come clean: one site, not one per statement */
		uint32_t kf = threads ? UINT32_MAX - 2 : func, kp = threads ? gv->alloc_id : pc;
		if ((threads && (uninit_in(&r->cands[ci], gv->alloc_id) != f
				 || !threads_room(d, &r->cands[ci], ext, next, most)))
		    || probed_n(d, FK_UNINIT, kf, kp, TILE_TRIES, 0))
			continue;	/* once a launch; one with no room costs no try */
		/* per component: the smallest value that clears the read, the
		** threads of the block then, and the largest launch still showing it */
		uint32_t clear[3] = { 0 }, at[3] = { ci, ci, ci };
		uint64_t need[3] = { 0 };
		unsigned nclear = 0, only = 0;
		for (unsigned dim = 0; dim < 3; dim++) {
			uint32_t lo = *search_dim_of(&r->cands[ci], dim), hi = 0;
			if (d->s->blo[dim] == d->s->bhi[dim])
				continue;	/* not searched: pinned, or not read */
			uint64_t others = (uint64_t)r->cands[ci].block.x * r->cands[ci].block.y
					  * r->cands[ci].block.z / lo;
			/* the smallest extent above the component that clears the
			** read; the smallest component that makes the block's
			** threads an extent (a flattened index: s[ty * blockDim.x +
			** tx] needs the threads, whichever component supplies them);
			** or for rows (y, z) one past an extent (a tile staged by
			** every row but the first: [threadIdx.y - 1]).  One past is
			** not probed where it would make a block of whole warps
			** partial (the probe's own findings are listed, never
			** inferred on) */
			uint32_t step = threads ? whole_step(others, lo) : 1;
			for (uint32_t k = 0; k < 3 * next; k++) {
				uint32_t e = ext[k / 3];
				if (threads && k % 3 != 1)
					continue;	/* a count of threads, no side */
				if (k % 3 == 1)
					e = (uint32_t)((e + others - 1) / others);
				e = (e + step - 1) / step * step;
				if (k % 3 == 2) {
					e++;
					if (dim == 0 || (others * e % 32 && others * lo % 32 == 0))
						continue;	/* no partial warps of whole ones */
				}
				if (e <= lo || e > d->s->bhi[dim] || others * e > most || (hi && e >= hi))
					continue;
				uint32_t pi = probe(d, ci, dim, e, gen);
				if (tile_clean(r, pi, gv, threads, func, pc))
					hi = e;
			}
			/* a tile filled in passes (`for (i = 0; i < 32; i += 8)
			** s[ty + i][tx]`) is bounded by rule 1 below its extents
			** (ty <= 8), and that bound fills it */
			uint32_t top = d->s->bhi[dim] / step * step;
			if (hi == 0 && !threads && top > lo && top < ext[0] && others * top <= most
			    && tile_clean(r, probe(d, ci, dim, top, gen), gv, threads, func, pc))
				hi = top;
			if (hi == 0)
				continue;
			while (hi - lo > step) {
				uint32_t mid = lo + (hi - lo) / step / 2 * step;
				uint32_t pi = probe(d, ci, dim, mid, gen);
				if (tile_clean(r, pi, gv, threads, func, pc)) {
					hi = mid;
				} else {
					lo = mid;
					if (threads ? uninit_in(&r->cands[pi], gv->alloc_id) != NULL
					    : fault_at(&r->cands[pi], FK_UNINIT, func, pc) != NULL)
						at[dim] = pi;
				}
			}
			clear[dim] = hi;
			need[dim] = others * hi;
			nclear++;
			only = dim;
		}
		if (nclear == 0 && !threads) {
			/* no component alone fills it: a slot a warp, the block in x */
			uint32_t at_x = ci, need_x = warp_slots(d, ci, gv, ext, next, func, pc, &at_x, gen);
			if (need_x == 0)
				continue;
			clear[0] = need_x;
			at[0] = at_x;
			nclear = 1;
			only = 0;
		}
		if (nclear == 0)
			continue;
		struct evolve_assumption na = { 0 };
		na.rel = EVOLVE_AT_LEAST;
		na.alloc = gv->alloc_id;
		na.kind = FK_UNINIT;
		na.func = func;
		na.pc = pc;
		if (nclear == 1 && !threads) {
			/* a tile's side: the one component that fills it */
			na.dim = (uint8_t)only;
			na.bound = clear[only];
			if (d->s->blo[only] < clear[only])
				d->s->blo[only] = clear[only];
		} else {
			/* any component fills it: a flattened index (ty * blockDim.x
			** + tx) needs the block's threads, the product (rule 6); so
			** does storage without extents, which has no side */
			na.dim = EVOLVE_THREADS_DIM;
			na.bound = UINT32_MAX;
			for (unsigned dim = 0; dim < 3; dim++)
				if (clear[dim] && need[dim] < na.bound) {
					na.bound = (uint32_t)need[dim];
					only = dim;
				}
			if (threads)
				na.bound = need_1d(d, ci, na.bound, gv, func, pc, gen);
			if (d->s->min_threads < na.bound)
				d->s->min_threads = na.bound;
		}
		na.launch = at[only];
		const struct finding *u = uninit_in(&r->cands[na.launch], gv->alloc_id);
		if (threads && u != NULL) {
			na.func = u->func;	/* the read the warning names */
			na.pc = u->pc;
		}
		add_assumption(d, &na);
		/* a variable's storage may need another component too (a 32 x
		** 2 block of a 32 x 8 union): its tries go on */
		if (!threads)
			probed_n(d, FK_UNINIT, kf, kp, TILE_TRIES, 1);
	}
}

/* Rule 5 for a 2-D or 3-D block whose x rounded up to a multiple of M
** passes MOST threads (16 x 15 x 3 for whole warps; 4 x 30 under
** __launch_bounds__(128)): *W's block becomes x rounded so, every row
** whole (an odd multiple of M below 32, so that the block is not whole
** warps by chance), with z, then y, cut to fit.  Whether there is one. */
static int fit_rows(const struct driver *d, const struct evolve_cand *c, uint32_t m,
		    uint32_t most, struct evolve_cand *w)
{
	if (c->block.y * c->block.z == 1)
		return 0;
	uint32_t x = (c->block.x + m - 1) / m * m;
	if (m < 32 && x / m % 2 == 0)
		x += m;
	if (x > d->s->bhi[0] || x > most)
		return 0;
	uint32_t z = c->block.z < most / x ? c->block.z : most / x;
	uint32_t y = c->block.y < most / x / z ? c->block.y : most / x / z;
	if (y < d->s->blo[1] || z < d->s->blo[2] || (m < 32 && (uint64_t)x * y * z % (2 * m) == 0))
		return 0;
	w->block = (struct dim3){ x, y, z };
	return 1;
}

/* Rule 5 for rows: candidate C's block with x rounded up to a multiple of
** 32 and z, then y, cut so that it keeps within MOST threads, into *B;
** whether there is one that still has rows (y or z above 1: a block of
** one row passes by being whole warps, which the rule for the block's
** threads says). */
static int whole_rows(const struct driver *d, const struct evolve_cand *c, uint32_t most,
		      struct dim3 *b)
{
	uint32_t x = (c->block.x + 31) / 32 * 32;
	if (c->block.y * c->block.z == 1 || x > d->s->bhi[0] || x > most)
		return 0;
	uint32_t z = c->block.z < most / x ? c->block.z : most / x;
	uint32_t y = c->block.y < most / x / z ? c->block.y : most / x / z;
	if (y < d->s->blo[1] || z < d->s->blo[2] || y * z == 1)
		return 0;
	*b = (struct dim3){ x, y, z };
	return 1;
}

static void infer_rows_race(struct driver *d, uint32_t ci, uint32_t gen);

/*
** Rule 5: a warp-level operation in candidate CI that reads lanes a
** partial warp lacks (or that lanes it lacks never reach), which goes away
** when block x is rounded up so the block's threads are a multiple of M
** (the smallest power of two up to 32 that does; 32 for code written with
** a full mask), shows warp-level code written for such blocks: the kernel
** assumes it, and the search keeps to it.  The probe for M < 32 is an odd
** multiple of M, so that it does not pass only by being whole warps.  A
** block with rows (y or z above 1) whose rounded x passes the block's
** limit gets x rounded with z and y cut to fit (fit_rows).
** When no such M clears it, or the block is whole warps already, and the
** block has rows whose x is not a multiple of 32 (8 x 4: one warp holds
** four rows), block x rounded up to a multiple of 32 with rows kept
** (whole_rows) must clear it: the kernel takes threadIdx.x for the lane
** (a row per warp, some rows leaving before the row's shuffles), and
** assumes blockDim.x a multiple of 32 (EVOLVE_LANES).
** Lanes missing from a whole warp (exited ones) of a block whose rows are
** whole warps are a bug, not a shape.
*/
static void infer_whole_warps(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_cand *c = &r->cands[ci];
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	int rows = c->block.y * c->block.z > 1 && c->block.x % 32 != 0 && !d->s->x_mult;
	if (bt % 32 == 0 && !rows)
		return;
	if (rows)
		infer_rows_race(d, ci, gen);	/* rule 4's rows, from a race */
	uint32_t most = search_block_limit(d->pb);
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if (f->kind != FK_WARP_SYNC)
			continue;
		uint32_t func = f->func, pc = f->pc;
		/* the block's multiples get the site's one try while the block is
		** not whole warps; its rows get one of their own (a site that
		** needed whole warps at 8 x 1 may need whole rows at 8 x 4) */
		int block_tried = bt % 32 == 0 || probed(d, FK_WARP_SYNC, func, pc);
		for (uint32_t m = 2; m <= 32 && !block_tried; m *= 2) {
			if (bt % m == 0 || m <= d->s->warp_mult)
				continue;	/* already a multiple: not enough */
			struct evolve_cand w = { 0 };
			w.block = r->cands[ci].block;
			search_round_to_multiple(d->s, &w, m, 1);
			uint64_t wt = (uint64_t)w.block.x * w.block.y * w.block.z;
			if ((wt % m || wt > most) && !fit_rows(d, &r->cands[ci], m, most, &w))
				continue;
			uint32_t pi = probe_block(d, ci, w.block, gen);
			if (r->cands[pi].rejected >= 0 || fault_at(&r->cands[pi], FK_WARP_SYNC, func, pc))
				continue;
			add_assumption(d, &(struct evolve_assumption){
				.dim = 0, .rel = EVOLVE_MULTIPLE, .bound = m, .kind = FK_WARP_SYNC,
				.func = func, .pc = pc, .launch = ci });
			d->s->warp_mult = m;
			return;
		}
		struct dim3 b;
		if (!rows || !whole_rows(d, &r->cands[ci], most, &b)
		    || probed(d, FK_WARP_SYNC, func, pc | 1u << 30))
			continue;
		uint32_t pi = probe_block(d, ci, b, gen);
		if (r->cands[pi].rejected >= 0 || fault_at(&r->cands[pi], FK_WARP_SYNC, func, pc))
			continue;
		add_assumption(d, &(struct evolve_assumption){
			.dim = 0, .rel = EVOLVE_LANES, .bound = 32, .kind = FK_WARP_SYNC,
			.func = func, .pc = pc, .launch = ci });
		d->s->x_mult = 32;
		d->s->warp_mult = 32;	/* whole rows make whole warps */
		return;
	}
}

/* The side of relation TIE (enum evolve_tie): 0 x, 1 y, 2 z; and its form
** as the x relation of that side. */
static unsigned tie_side(unsigned tie)
{
	return tie ? (tie - 1) / 3 : 0;
}

static unsigned tie_base(unsigned tie)
{
	return tie ? tie - 3 * tie_side(tie) : 0;
}

/* The parameters a branch of the program compares with a coordinate that
** relation TIE (enum evolve_tie) refuses: for a grid relation along y or z
** (a block coordinate as a head or batch index), those compared with
** blockIdx along its side (struct func guard_at; a loop over a head's
** channels checks threadIdx); for every other relation, those compared
** with any thread or block coordinate (struct func guards: the kernel
** bounds its threads by them).  Every function counts: a device
** function's bits are its callers'. */
static uint64_t tie_guards(const struct program *p, unsigned tie)
{
	unsigned side = tie_side(tie);
	int grid_yz = side > 0 && tie_base(tie) == EVOLVE_TIE_GRID_X;
	uint64_t guards = 0;
	for (uint32_t k = 0; k < p->nfuncs; k++)
		guards |= grid_yz ? p->funcs[k].guard_at[3 + side] : p->funcs[k].guards;
	return guards;
}

/* The parameters some comparison of the program sets on their own against
** a thread or block coordinate: the counts and lengths the kernel bounds
** its threads by (struct func counts). */
static uint64_t all_counts(const struct program *p)
{
	uint64_t counts = 0;
	for (uint32_t k = 0; k < p->nfuncs; k++)
		counts |= p->funcs[k].counts;
	return counts;
}

/* A finding as rule 7 looks for it again in a probe: its kind and its
** site, or for a race its two sites. */
struct fid {
	enum finding_kind kind;
	uint32_t func, pc, func2, pc2;
};

/* Whether candidate C shows finding ID: the same kind at the same site, or
** for a race the same two sites in either order. */
static int shows(const struct evolve_cand *c, const struct fid *id)
{
	for (uint32_t i = 0; i < c->fs.n; i++) {
		const struct finding *g = &c->fs.v[i];
		if (g->kind != id->kind)
			continue;
		int first = g->func == id->func && g->pc == id->pc;
		if (id->kind != FK_RACE) {
			if (first)
				return 1;
			continue;
		}
		int second = g->second.func == id->func2 && g->second.pc == id->pc2;
		int swapped = g->func == id->func2 && g->pc == id->pc2
			      && g->second.func == id->func && g->second.pc == id->pc;
		if ((first && second) || swapped)
			return 1;
	}
	return 0;
}

/* Whether candidate C shows finding ID or, for a race, one of its sites
** racing with any access: one mistake's races (a read-modify-write's read
** and write with another's) come out as different pairs from launch to
** launch (rules 8 to 10). */
static int shows_near(const struct evolve_cand *c, const struct fid *id)
{
	if (id->kind != FK_RACE)
		return shows(c, id);
	for (uint32_t i = 0; i < c->fs.n; i++) {
		const struct finding *g = &c->fs.v[i];
		if (g->kind != FK_RACE)
			continue;
		int a = (g->func == id->func && g->pc == id->pc)
			|| (g->func == id->func2 && g->pc == id->pc2);
		int b = (g->second.func == id->func && g->second.pc == id->pc)
			|| (g->second.func == id->func2 && g->second.pc == id->pc2);
		if (a || b)
			return 1;
	}
	return 0;
}

/* Whether probe PI ran inside the contract without finding ID. */
static int clean_of(const struct evolve_result *r, uint32_t pi, const struct fid *id)
{
	return r->cands[pi].rejected < 0 && !r->cands[pi].beyond && !shows(&r->cands[pi], id);
}

/* Whether probe PI ran inside the contract without finding ID nor, for a
** race, any race at its sites. */
static int clean_near(const struct evolve_result *r, uint32_t pi, const struct fid *id)
{
	return r->cands[pi].rejected < 0 && !r->cands[pi].beyond && !shows_near(&r->cands[pi], id);
}

/* Adds to *DEP and *PARAMS the DEP_* mask and the parameters (struct site
** params) of the address of the memory access at (FUNC, PC); whether it
** is one. */
static int access_deps(const struct program *p, uint32_t func, uint32_t pc, uint16_t *dep,
		       uint64_t *params)
{
	if (func >= p->nfuncs || pc >= p->funcs[func].ncode)
		return 0;
	const struct insn *I = &p->funcs[func].code[pc];
	if ((I->op != OP_LOAD && I->op != OP_STORE && I->op != OP_ATOMIC && I->op != OP_CMPXCHG)
	    || I->x >= p->nsites)
		return 0;
	*dep |= p->sites[I->x].dep;
	*params |= p->sites[I->x].params;
	return 1;
}

/* Whether race F is between two lanes of one warp in different rows of
** one block (threadIdx.y or .z differ) at addresses that grow with
** neither (the static masks): the rows do the same work there. */
static int rows_race(const struct program *p, const struct finding *f)
{
	const struct thread_id *a = &f->who, *b = &f->second.who;
	if (f->kind != FK_RACE || f->race_class != RC_INTRA_WARP
	    || (a->thread[1] == b->thread[1] && a->thread[2] == b->thread[2]))
		return 0;
	uint16_t dep = 0;
	uint64_t params = 0;
	if (!access_deps(p, f->func, f->pc, &dep, &params)
	    || !access_deps(p, f->second.func, f->second.pc, &dep, &params))
		return 0;
	return !(dep & (DEP_TID_Y | DEP_TID_Z | DEP_NTID_Y | DEP_NTID_Z | DEP_DATA));
}

/*
** Rule 4 for rows, from a race: code that takes threadIdx.x for a row's
** lanes and the block's first threads for a row's results (`if (tid <
** warpSize) out[j] = s[tid]` with tid = threadIdx.y * blockDim.x +
** threadIdx.x and j from threadIdx.x, kaldi's column sums) is written for
** rows at least that long: in a 16 x 16 block the first 32 threads are
** two rows, and both write out[j].  A race in candidate CI between two
** lanes of one warp in different rows, at addresses that do not grow
** with the row, which goes away (no race at either statement) with block
** x raised to a power of two up to 32 (the rows cut to fit the block's
** bound, at least two of them kept), shows the kernel assumes block x at
** least the smallest such value; each smaller one must show the race.
** The search keeps x at or above it.  A race that stays when the rows
** are that long is a bug.
*/
static void infer_rows_race(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct program *p = d->pb->prog;
	uint32_t most = search_block_limit(d->pb);
	if (d->s->max_block && d->s->max_block < most)
		most = d->s->max_block;	/* rows cut to the block's bound (smem[256]) */
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if (!rows_race(p, f) || probed(d, FK_RACE, f->func, f->pc | 1u << 30))
			continue;
		struct fid id = { f->kind, f->func, f->pc, f->second.func, f->second.pc };
		const struct dim3 b0 = r->cands[ci].block;
		uint32_t x = 1, bound = 0;
		while (x <= b0.x)
			x *= 2;
		for (; x <= 32 && x <= d->s->bhi[0] && room_left(d); x *= 2) {
			uint32_t z = b0.z < most / x ? b0.z : most / x;
			uint32_t y = b0.y < most / x / z ? b0.y : most / x / z;
			if (y < d->s->blo[1] || z < d->s->blo[2] || y * z < 2)
				break;
			uint32_t pi = probe_block(d, ci, (struct dim3){ x, y, z }, gen);
			if (clean_near(r, pi, &id)) {
				bound = x;
				break;
			}
			if (r->cands[pi].rejected >= 0 || !shows_near(&r->cands[pi], &id))
				break;	/* something else at this length: say nothing */
		}
		if (bound == 0)
			continue;
		f = &r->cands[ci].fs.v[fi];
		add_assumption(d, &(struct evolve_assumption){
			.dim = 0, .rel = EVOLVE_AT_LEAST, .bound = bound, .kind = FK_RACE,
			.alloc = UINT32_MAX, .func = f->func, .pc = f->pc, .launch = ci });
		if (d->s->blo[0] < bound)
			d->s->blo[0] = bound;
		return;
	}
}

/* Runs a copy of candidate BASE with launch component DIM (6: none) at DV
** and scalar P's bits at PV, as a probe; returns its index. */
static uint32_t probe_tie(struct driver *d, uint32_t base, unsigned dim, uint32_t dv, uint32_t p,
			  uint64_t pv, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	if (dim < 6)
		*search_dim_of(&c, dim) = dv;
	c.bits[p] = pv;
	return run_probe(d, base, &c, gen);
}

/* Another value the search space allows launch component DIM of C, the
** rest of C as it is: the next grid size, or a block twice or half as
** large; whether there is one. */
static int other_value(const struct driver *d, unsigned dim, const struct evolve_cand *c,
		       uint32_t *v)
{
	const struct space *s = d->s;
	int grid = dim >= 3;
	unsigned i = dim % 3;
	uint32_t lo = grid ? s->glo[i] : s->blo[i], hi = grid ? s->ghi[i] : s->bhi[i];
	uint32_t cur = grid ? search_compc(&c->grid, (int)i) : search_compc(&c->block, (int)i);
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	uint64_t most = search_block_limit(d->pb);
	if (s->max_block && s->max_block < most)
		most = s->max_block;
	uint32_t up = grid ? cur + 1 : cur * 2, down = grid ? cur - 1 : cur / 2;
	uint64_t t_up = search_threads_of(c) / cur * up;
	if (cur < hi && up <= hi && t_up <= d->pb->max_threads && (grid || bt / cur * up <= most)) {
		*v = up;
		return 1;
	}
	if (down >= 1 && down >= lo && down != cur && (grid || bt / cur * down >= s->min_threads)) {
		*v = down;
		return 1;
	}
	return 0;
}

/* The buffer parameter of PB that a finding's WHERE ("c[34]") names, or
** UINT32_MAX. */
static uint32_t buffer_named(const struct evolve_problem *pb, const char *where)
{
	if (where == NULL)
		return UINT32_MAX;
	size_t n = strcspn(where, "[");
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		if (pa->kind == EVOLVE_BUFFER && !pa->same_as && pa->label
		    && strlen(pa->label) == n && strncmp(pa->label, where, n) == 0)
			return i;
	}
	return UINT32_MAX;
}

/* Whether launch A did at least what launch B did: reached as far into
** buffer parameter BUF, and ran as many warp instructions. */
static int as_much(const struct evolve_result *r, uint32_t a, uint32_t b, uint32_t buf)
{
	return r->cands[a].touched[buf] >= r->cands[b].touched[buf]
	       && r->cands[a].work >= r->cands[b].work;
}

/* The launch bits an index reads along x, y and z, and the threads'
** alone. */
static const uint16_t tie_deps[3] = {
	DEP_TID_X | DEP_NTID_X | DEP_CTAID_X | DEP_NCTAID,
	DEP_TID_Y | DEP_NTID_Y | DEP_CTAID_Y | DEP_NCTAID,
	DEP_TID_Z | DEP_NTID_Z | DEP_CTAID_Z,	/* gridDim alone: x and y */
};
static const uint16_t tie_threads[3] = {
	DEP_TID_X | DEP_NTID_X, DEP_TID_Y | DEP_NTID_Y, DEP_TID_Z | DEP_NTID_Z,
};

/*
** Rule 7's probes of scalar P for finding ID of candidate CI, whose
** index reads P and the launch (DEP): the first relation (enum evolve_tie,
** in order) such that the same launch with P at what the relation gives
** runs clean, another launch (a grid or block component moved) with P
** tied to it runs clean too, that launch with P at CI's value shows the
** finding again, and, where the index reads blockIdx.y or .z, so does
** that launch with P one below the relation's value.  The second launch
** tells the relation from a value that happens to clear it (n = 1
** leaves one thread); the last probe tells it from a value large enough
** to (`(b * nh + h) * t` clears at any nh above gridDim.y, gridDim.x *
** blockDim.x among them: the relation is where the finding starts).  A
** relation that fails only that probe is kept in case no later one
** passes it (the first such along x or y: what rule 7 inferred without
** the probe; z, new with it, keeps none).  A clean launch must also reach as far into
** buffer parameter BUF (the finding's) and run as many warp instructions
** as the one with the finding: a guard that skips the access (`if (i + k
** < n)` with k past most threads) clears it by doing less, not by the
** relation.  A relation with a block component needs an index that reads
** the threads along it (threadIdx or blockDim there), and none is tried
** with a scalar the kernel checks its coordinates against (tie_guards: it
** is written for any launch).
** 0: none.
*/
static unsigned find_tie(struct driver *d, uint32_t ci, const struct fid *id, uint32_t p,
			 uint32_t buf, uint16_t dep, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	uint64_t orig = r->cands[ci].bits[p], tried[EVOLVE_TIE__COUNT];
	uint32_t tried_at[EVOLVE_TIE__COUNT];
	unsigned ntried = 0, fallback = 0;
	struct scalar_ref sr;
	search_scalar_ref(pb, p, &sr);
	for (unsigned tie = 1; tie < EVOLVE_TIE__COUNT; tie++) {
		unsigned y = tie_side(tie), base = tie_base(tie);
		if (!(dep & tie_deps[y]))
			continue;	/* the index does not read that side of the launch */
		if (base != EVOLVE_TIE_GRID_X && !(dep & tie_threads[y]))
			continue;	/* nor the threads along it */
		if (tie_guards(pb->prog, tie) >> p & 1)
			continue;	/* a bounds check of those coordinates */
		if (search_tie_value(tie, &r->cands[ci]) > INT32_MAX)
			continue;
		uint64_t bits = search_tie_bits(pb, p, tie, &r->cands[ci]);
		if (bits == orig)
			continue;	/* it holds already */
		uint32_t p1 = UINT32_MAX;
		for (unsigned k = 0; k < ntried; k++)
			if (tried[k] == bits)
				p1 = tried_at[k];	/* that value was run: another
							   relation may give it too */
		if (p1 == UINT32_MAX) {
			p1 = probe_tie(d, ci, 6, 0, p, bits, gen);
			tried_at[ntried] = p1;
			tried[ntried++] = bits;
		}
		if (!clean_of(r, p1, id))
			continue;
		/* less work at the relation: a skipped access, unless the
		** finding starts right there, P one below it showing it
		** (a head's C / nh channels shrink as nh grows) */
		int less = !as_much(r, p1, ci, buf);
		if (less) {
			uint64_t v1 = search_tie_value(tie, &r->cands[ci]);
			uint64_t below1 = search_scalar_set((double)v1 - 1, sr.et);
			if (v1 < 1)
				continue;
			if (below1 != orig) {
				uint32_t p0 = probe_tie(d, ci, 6, 0, p, below1, gen);
				if (r->cands[p0].rejected >= 0 || !shows(&r->cands[p0], id))
					continue;
			}
		}
		/* the relation, not the value: a grid tie moves the grid (its
		** block when the grid cannot move), a block tie the block */
		unsigned dims[2] = { (base == EVOLVE_TIE_BLOCK_X ? 0u : 3u) + y, y };
		unsigned ndims = base == EVOLVE_TIE_GRID_BLOCK_X ? 2 : 1;
		int ok = 0, loose = 0;
		for (unsigned k = 0; k < ndims && !ok; k++) {
			uint32_t dv;
			if (!other_value(d, dims[k], &r->cands[ci], &dv))
				continue;
			struct evolve_cand w = { 0 };
			w.grid = r->cands[ci].grid;
			w.block = r->cands[ci].block;
			*search_dim_of(&w, dims[k]) = dv;
			uint64_t bits2 = search_tie_bits(pb, p, tie, &w);
			uint64_t v2 = search_tie_value(tie, &w);
			if (bits2 == orig || v2 > INT32_MAX)
				continue;
			uint32_t back = probe_tie(d, ci, dims[k], dv, p, orig, gen);
			if (r->cands[back].rejected >= 0 || !shows(&r->cands[back], id))
				break;
			uint32_t p2 = probe_tie(d, ci, dims[k], dv, p, bits2, gen);
			ok = clean_of(r, p2, id) && (less || as_much(r, p2, back, buf));
			if (!ok)
				break;
			/* where the finding starts: one below the relation,
			** for an index with a head or batch coordinate */
			uint64_t below = search_scalar_set((double)v2 - 1, sr.et);
			if (below == orig || v2 < 1 || !(dep & (DEP_CTAID_Y | DEP_CTAID_Z)))
				break;
			uint32_t p3 = probe_tie(d, ci, dims[k], dv, p, below, gen);
			ok = r->cands[p3].rejected < 0 && shows_near(&r->cands[p3], id);
			if (!ok) {
				loose |= fallback == 0;
				break;
			}
		}
		if (ok)
			return tie;
		if (loose && fallback == 0 && y < 2)
			fallback = tie;
	}
	return fallback;
}

/*
** Rule 7 (docs/CONTRACTS.md): a race on global memory, or an access past
** a sized buffer, in candidate CI, whose index reads an unpinned integer
** scalar and the launch (the static masks say which scalars: struct site
** params), which goes away when the scalar keeps a relation with the
** launch (find_tie), is the kernel's assumption of that relation (a tile
** kernel without bounds checks assumes n == gridDim.x * 16): one per
** scalar, the search keeps it from then on, and launches breaking it lie
** outside the inferred contract.  A finding that stays when the relation
** holds, or that no such scalar explains, stays a finding.
*/
static void infer_relation(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if ((f->kind != FK_RACE && f->kind != FK_OOB) || f->space != AS_GLOBAL)
			continue;
		struct fid id = { f->kind, f->func, f->pc, f->second.func, f->second.pc };
		uint16_t dep = 0;
		uint64_t params = 0;
		if (!access_deps(pb->prog, id.func, id.pc, &dep, &params)
		    || (id.kind == FK_RACE && !access_deps(pb->prog, id.func2, id.pc2, &dep, &params)))
			continue;
		/* the index must tie a scalar to the launch, with no memory */
		if ((dep & DEP_DATA) || !(dep & DEP_PARAM) || !(dep & (tie_deps[0] | tie_deps[1] | tie_deps[2]))
		    || params == 0 || probed_n(d, id.kind, id.func, id.pc, TILE_TRIES, 0))
			continue;
		uint32_t buf = buffer_named(pb, f->where);
		if (buf == UINT32_MAX)
			continue;
		for (uint32_t p = 0; p < pb->nparams && p < PROG_DEP_PARAMS; p++) {
			struct scalar_ref sr;
			if (!(params >> p & 1) || !search_scalar_ref(pb, p, &sr) || sr.field != UINT32_MAX
			    || elem_is_float(sr.et) || sr.nenums || d->s->tie[p])
				continue;
			if (!room_left(d))
				return;
			unsigned tie = find_tie(d, ci, &id, p, buf, dep, gen);
			if (tie == 0)
				continue;
			add_assumption(d, &(struct evolve_assumption){
				.dim = EVOLVE_PARAM_DIM, .rel = EVOLVE_RELATION, .bound = tie,
				.param = p, .kind = (uint8_t)id.kind, .dep = dep, .func = id.func,
				.pc = id.pc, .launch = ci });
			d->s->tie[p] = (uint8_t)tie;
			probed_n(d, id.kind, id.func, id.pc, TILE_TRIES, 1);
			break;
		}
	}
}

/* ---- rule 11: the dynamic shared segment covers what the kernel uses ---- */

/* Whether finding F is an access past the end of P's dynamic shared
** segment at an index no memory gives (a size of the kernel's own, not
** its data's). */
static int seg_overflow(const struct program *p, const struct finding *f)
{
	uint32_t id = prog_dyn_alloc(p);
	return id != 0 && f->kind == FK_OOB && f->space == AS_SHARED && MEM_ID(f->addr) == id
	       && f->index >= 0 && !(f->dep & DEP_DATA);
}

int search_seg_short(const struct evolve_problem *pb, const struct evolve_cand *c)
{
	for (uint32_t i = 0; i < c->fs.n; i++)
		if (seg_overflow(pb->prog, &c->fs.v[i]))
			return 1;
	return 0;
}

/* Whether some function of P reads the segment's size (%dynamic_smem_size):
** the kernel then knows what it got, and a use past it is its bug. */
static int reads_seg_size(const struct program *p)
{
	for (uint32_t k = 0; k < p->nfuncs; k++)
		for (uint32_t pc = 0; pc < p->funcs[k].ncode; pc++)
			if (p->funcs[k].code[pc].op == OP_SREG
			    && p->funcs[k].code[pc].f == SREG_DYNAMIC_SMEM_SIZE)
				return 1;
	return 0;
}

/* Runs a copy of candidate BASE with the largest segment the search gives,
** block x at BX (0: as it is) and scalar K (UINT32_MAX: none) at bits V, as
** a probe; its use of the segment, or UINT64_MAX when it did not run clean
** (a fault, a launch beyond the assumptions, or an access past even that
** segment). */
static uint64_t seg_use(struct driver *d, uint32_t base, uint32_t bx, uint32_t k, uint64_t v,
			uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	c.dyn_shared = SEARCH_SHARED_LIMIT;
	c.seg_fit = 0;
	if (bx)
		c.block.x = bx;
	if (k != UINT32_MAX)
		c.bits[k] = v;
	uint32_t pi = run_probe(d, base, &c, gen);
	const struct evolve_cand *pc = &d->res->cands[pi];
	if (pc->rejected >= 0 || pc->beyond || search_seg_short(d->pb, pc))
		return UINT64_MAX;
	return pc->dyn_high;
}

/* Fits USE = A * X + B through (X1, U1) and (X2, U2) with A a positive
** integer, and checks it at (X3, U3) when U3 is not UINT64_MAX; whether it
** holds (*A, *B). */
static int seg_line(double x1, uint64_t u1, double x2, uint64_t u2, double x3, uint64_t u3,
		    uint32_t *a, int32_t *b)
{
	if (x1 == x2 || u1 == UINT64_MAX || u2 == UINT64_MAX || (u2 > u1) != (x2 > x1) || u1 == u2)
		return 0;
	double s = ((double)u2 - (double)u1) / (x2 - x1);
	if (s < 1 || s != floor(s) || s > UINT32_MAX)
		return 0;
	double off = (double)u1 - s * x1;
	if (fabs(off) > INT32_MAX
	    || (u3 != UINT64_MAX && s * x3 + off != (double)u3))
		return 0;
	*a = (uint32_t)s;
	*b = (int32_t)off;
	return 1;
}

/* A third block x for rule 11's line through blocks X and BX (BX twice or
** half X): on from BX the same way, within the space and the block's
** limit (ROWS: the block's threads per unit of x); whether there is one. */
static int third_block(const struct driver *d, uint32_t x, uint32_t bx, uint64_t rows,
		       uint32_t *out)
{
	uint32_t v = bx > x ? bx * 2 : bx / 2;
	if (v < 1 || v < d->s->blo[0] || v > d->s->bhi[0] || rows * v > search_block_limit(d->pb)
	    || (d->s->x_mult && v % d->s->x_mult) || rows * v < d->s->min_threads
	    || (d->s->max_block && rows * v > d->s->max_block))
		return 0;
	*out = v;
	return 1;
}

/*
** How the kernel's use of the segment grows, for rule 11's warning: from
** probe launches of CI with the largest segment, USE bytes at CI's own
** shape and scalars; another block (twice or half as wide) and, where
** that leaves the use as it is, other values of the integer scalars the
** faulting access (or a count, a loop's bound) reads.  Fills NA's form,
** bound, base and param.
*/
static void seg_form(struct driver *d, uint32_t ci, uint64_t use, uint64_t params,
		     struct evolve_assumption *na, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	na->form = EVOLVE_SEG_USE;
	na->bound = use > UINT32_MAX ? UINT32_MAX : (uint32_t)use;
	uint32_t bx;
	uint64_t t1 = (uint64_t)r->cands[ci].block.x * r->cands[ci].block.y * r->cands[ci].block.z;
	uint64_t rows = t1 / r->cands[ci].block.x;
	if (other_value(d, 0, &r->cands[ci], &bx)) {
		uint64_t u2 = seg_use(d, ci, bx, UINT32_MAX, 0, gen);
		uint32_t a;
		int32_t b;
		if (u2 == UINT64_MAX)
			return;
		if (u2 != use) {
			/* by the block's threads: through the origin at two
			** launches, or a line a third launch confirms */
			uint32_t bx3;
			uint64_t u3 = UINT64_MAX;
			double x3 = 0;
			if (use % t1 == 0 && u2 == use / t1 * rows * bx) {
				a = (uint32_t)(use / t1);
				b = 0;
			} else if (third_block(d, r->cands[ci].block.x, bx, rows, &bx3)) {
				u3 = seg_use(d, ci, bx3, UINT32_MAX, 0, gen);
				x3 = (double)(rows * bx3);
				if (u3 == UINT64_MAX
				    || !seg_line((double)t1, use, (double)(rows * bx), u2, x3, u3, &a, &b))
					return;
			} else {
				return;
			}
			na->form = EVOLVE_SEG_THREADS;
			na->bound = a;
			na->base = (uint32_t)b;
			return;
		}
	}
	/* the block leaves it as it is: a scalar's doing, or a constant */
	int moved = 0;
	for (uint32_t k = 0; k < pb->nparams && k < PROG_DEP_PARAMS && moved < 4; k++) {
		struct scalar_ref sr;
		if (!(params >> k & 1) || !search_scalar_ref(pb, k, &sr) || sr.field != UINT32_MAX
		    || elem_is_float(sr.et) || sr.nenums)
			continue;
		double x1 = search_scalar_get(r->cands[ci].bits[k], sr.et);
		uint64_t b2 = search_scalar_set(x1 + 1 + fabs(x1) / 2, sr.et);
		double x2 = search_scalar_get(b2, sr.et);
		uint64_t b3 = search_scalar_set(2 * x2 + 3, sr.et);
		double x3 = search_scalar_get(b3, sr.et);
		uint64_t u2 = seg_use(d, ci, 0, k, b2, gen);
		moved++;
		if (u2 == use)
			continue;
		uint64_t u3 = seg_use(d, ci, 0, k, b3, gen);
		uint32_t a;
		int32_t b;
		if (!seg_line(x1, use, x2, u2, x3, u3, &a, &b))
			return;		/* it grows with K, not on a line */
		na->form = EVOLVE_SEG_SCALAR;
		na->param = k;
		na->bound = a;
		na->base = (uint32_t)b;
		return;
	}
	na->form = EVOLVE_SEG_BYTES;
}

/*
** Rule 11 (docs/CONTRACTS.md): an access in candidate CI past the end of
** the dynamic shared segment the search drew, at an index no memory gives,
** that stays inside when the same launch has the largest segment the
** search gives, shows a kernel that sizes its segment from its own
** template constants, scalars or block (soft_max's `data[32 + col]` for
** col below its ncols): the kernel assumes the launch gives it what its
** code uses.  From then on every launch the search makes runs with the
** largest segment and keeps as its own the bytes it used (seg_fit), and
** launches that used more than they got lie outside the inferred contract.
** Not for a segment the host or the user sizes, nor for a kernel that
** reads its segment's size (a use past what it read is its bug).
*/
static void infer_segment(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	if (!d->s->dyn_shared || d->s->seg_fit || pb->nsites || reads_seg_size(pb->prog))
		return;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if (!seg_overflow(pb->prog, f) || probed_n(d, FK_OOB, f->func, f->pc, TILE_TRIES, 0))
			continue;
		struct evolve_assumption na = { .dim = 0, .rel = EVOLVE_SEGMENT, .kind = FK_OOB,
						.alloc = prog_dyn_alloc(pb->prog), .dep = f->dep,
						.func = f->func, .pc = f->pc, .launch = ci,
						.param = UINT32_MAX };
		uint64_t use = seg_use(d, ci, 0, UINT32_MAX, 0, gen);
		if (use == UINT64_MAX)
			continue;	/* even the largest segment is not enough */
		uint16_t dep = 0;
		uint64_t params = 0;
		access_deps(pb->prog, na.func, na.pc, &dep, &params);
		seg_form(d, ci, use, params | all_counts(pb->prog), &na, gen);
		add_assumption(d, &na);
		d->s->seg_fit = 1;
		probed_n(d, FK_OOB, na.func, na.pc, TILE_TRIES, 1);
		return;
	}
}

/* ---- rule 12: indices the kernel reads from its buffers ---------------- */

/* Whether buffer parameter K of candidate C holds contents the search made
** up: not pinned by the user, no texture, and (a launch the program made,
** run --explore) not the program's own. */
static int made_up(const struct evolve_problem *pb, const struct evolve_cand *c, uint32_t k)
{
	const struct evolve_param *pa = &pb->params[k];
	return pa->kind == EVOLVE_BUFFER && !pa->pinned && !pa->tex && !pa->same_as
	       && c->fill[k].kind != FILL_PROGRAM;
}

/* The kernel parameters (bits) whose contents the address of the access
** of finding F in P comes from (struct site bufs); 0 for no access.  A
** call there is one the lowering runs itself (an atomic of the toolkit's
** headers, `atomicMin(&cost[nid], c)`: a callee with code faults in its
** own body), and its site's mask is its pointer arguments'; not on shared
** memory, where zeros put a counter's index (a histogram's `atomicAdd(
** &bins[x[i] % nbins], 1)`) inside a segment smaller than the kernel's
** counters as well as past made-up data. */
static uint64_t site_bufs(const struct program *p, const struct finding *f)
{
	uint32_t func = f->func, pc = f->pc;
	if (func >= p->nfuncs || pc >= p->funcs[func].ncode)
		return 0;
	const struct insn *I = &p->funcs[func].code[pc];
	if (I->op == OP_CALL && f->space == AS_SHARED)
		return 0;
	uint32_t site = I->op == OP_CALL ? I->a : I->x;
	if ((I->op != OP_LOAD && I->op != OP_STORE && I->op != OP_ATOMIC && I->op != OP_CMPXCHG
	     && I->op != OP_MEMCPY && I->op != OP_MEMSET && I->op != OP_CALL) || site >= p->nsites)
		return 0;
	return p->sites[site].bufs;
}

/* The buffers (bits of PB's parameters, the first 64) of candidate C
** whose made-up contents the index of finding F may come from: an
** out-of-bounds error at an address a loaded value gives, each buffer
** behind one of the site's parameters (a by-value struct's: the buffers
** of its pointer fields).  0: none, so rule 12 does not apply. */
static uint64_t data_sources(const struct evolve_problem *pb, const struct evolve_cand *c,
			     const struct finding *f)
{
	if (f->kind != FK_OOB || finding_severity(f) != SEV_ERROR || f->data_outside)
		return 0;
	uint64_t bufs = site_bufs(pb->prog, f), out = 0;
	for (uint32_t k = 0; k < pb->nparams && k < 64; k++) {
		uint32_t owner = pb->params[k].owner;
		uint32_t which = owner ? owner - 1 : k;
		if (which < 64 && (bufs >> which & 1) && made_up(pb, c, k))
			out |= UINT64_C(1) << k;
	}
	return out;
}

/* Records rule 12's assumption for the access of finding F, which
** candidate CI showed: one per kernel parameter behind it (SOURCES, bits
** of PB's parameters) and statement (its line). */
static void assume_data(struct driver *d, uint32_t ci, const struct finding *f, uint64_t sources)
{
	const struct evolve_problem *pb = d->pb;
	for (uint32_t k = 0; k < pb->nparams && k < 64; k++) {
		if (!(sources >> k & 1))
			continue;
		uint32_t p = pb->params[k].owner ? pb->params[k].owner - 1 : k;
		struct evolve_assumption na = { .dim = 0, .rel = EVOLVE_DATA, .kind = FK_OOB,
						.bound = f->loc.line, .dep = f->dep,
						.func = f->func, .pc = f->pc, .launch = ci,
						.param = p };
		add_assumption(d, &na);
	}
}

/* Most reruns one launch gets: one per set of buffers its out-of-bounds
** indices come from. */
#define DATA_RERUNS 4

/*
** Rule 12 (docs/CONTRACTS.md): an out-of-bounds error of candidate CI at
** an access whose index comes from the contents of buffers the search
** made up (a CSR row pointer, a gather's index) is run again with those
** buffers all zeros: when that launch runs to its end and the access
** stays inside, the kernel assumes the values it reads keep the index in
** bounds, valid inputs have such values, and the finding lies outside
** the inferred contract (data_outside).  Out of bounds with zeros too,
** it is the launch's or the kernel's, and stays.  A launch rejected at
** such an access (an index past every buffer the search sized) is
** checked through its rerun, which the search keeps like any launch.
** The rerun is a probe (zeroed) and gets no rerun of its own.
*/
static void infer_data(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	const struct evolve_cand *c = &r->cands[ci];
	if (c->zeroed || (c->rejected >= 0 && c->rejected != FK_OOB))
		return;
	uint64_t sets[DATA_RERUNS];
	unsigned nsets = 0;
	for (uint32_t i = 0; i < c->fs.n; i++) {
		uint64_t m = data_sources(pb, c, &c->fs.v[i]);
		unsigned k = 0;
		while (k < nsets && sets[k] != m)
			k++;
		if (m && k == nsets && nsets < DATA_RERUNS)
			sets[nsets++] = m;
	}
	for (unsigned s = 0; s < nsets && room_left(d); s++) {
		struct evolve_cand z;
		search_cand_copy(&z, &r->cands[ci], pb);
		for (uint32_t k = 0; k < pb->nparams && k < 64; k++)
			if (sets[s] >> k & 1)
				z.fill[k] = (struct evolve_fill){ .kind = FILL_ZERO };
		z.probe = 1;
		z.zeroed = 1;
		search_evaluate(pb, &d->ws[0], &z);
		spend(d, z.work);
		uint32_t zi = search_add_cand(d, &z, gen);
		infer_readback(d, zi, gen);	/* a host launch still */
		struct evolve_cand *h = &r->cands[ci];
		const struct evolve_cand *zc = &r->cands[zi];
		if (zc->rejected >= 0)
			continue;	/* the zeros end it at a fault: nothing shown */
		for (uint32_t i = 0; i < h->fs.n; i++) {
			struct finding *f = &h->fs.v[i];
			uint64_t m = data_sources(pb, h, f);
			if (m != sets[s] || fault_at(zc, FK_OOB, f->func, f->pc))
				continue;
			f->data_outside = 1;
			assume_data(d, ci, f, m);
		}
	}
}

/* ---- rule 12 for the values the host reads back from the device -------- */

/* The value the rerun gives host unknown V at site ST: the lowest its
** bounds there allow, never below 0 (a count); UINT64_MAX when they allow
** none. */
static uint64_t readback_low(const struct hostsites *hs, const struct hsite *st, uint32_t v)
{
	int64_t lo = 0, hi = INT64_MAX;
	for (uint32_t k = 0; k < st->nbounds; k++) {
		if (st->bounds[k].var != v)
			continue;
		if (st->bounds[k].lo > lo)
			lo = st->bounds[k].lo;
		if (st->bounds[k].hi < hi)
			hi = st->bounds[k].hi;
	}
	unsigned w = hs->vars[v].width;
	if (lo > hi || (w < 64 && (uint64_t)lo >> w))
		return UINT64_MAX;
	return (uint64_t)lo;
}

/* The highest value host unknown V's bounds at site ST allow (its
** width's largest when none bounds it above). */
static uint64_t readback_high(const struct hostsites *hs, const struct hsite *st, uint32_t v)
{
	unsigned w = hs->vars[v].width;
	uint64_t hi = w < 64 ? (UINT64_C(1) << (w - (hs->vars[v].is_signed ? 1 : 0))) - 1 : INT64_MAX;
	for (uint32_t k = 0; k < st->nbounds; k++)
		if (st->bounds[k].var == v && st->bounds[k].hi >= 0 && (uint64_t)st->bounds[k].hi < hi)
			hi = (uint64_t)st->bounds[k].hi;
	return hi;
}

/*
** A rerun at the lowest read-back values that CUDA refuses (a grid of no
** block from a count of 0: `(len / 4 + 255) / 256`) is no launch a
** program makes.  The N values RB (their lowest LOW) go up together, by
** one and then doubling, each kept within its site's bounds, to the
** least that gives a launch, applied to Z.  Returns the lowest count
** then, or UINT64_MAX when none does within 2^20 of the lowest.
*/
static uint64_t readback_raise(const struct space *s, const struct hostsites *hs, const struct hsite *st,
			       const uint32_t *rb, const uint64_t *low, uint32_t n, struct evolve_cand *z)
{
	for (uint64_t t = 1; t <= UINT64_C(1) << 20; t = t < 64 ? t + 1 : t * 2) {
		uint64_t least = UINT64_MAX;
		int moved = 0;
		for (uint32_t i = 0; i < n; i++) {
			uint64_t hi = readback_high(hs, st, rb[i]);
			uint64_t v = low[i] + t > hi ? hi : low[i] + t;
			if (v < low[i])
				v = low[i];
			moved |= v != z->vars[rb[i]];
			z->vars[rb[i]] = v;
			if (v < least)
				least = v;
		}
		if (!moved)
			return UINT64_MAX;	/* every one at its highest */
		search_host_apply(s, z);
		if (!z->refused)
			return least;
	}
	return UINT64_MAX;
}

/* Whether candidate C shows an out-of-bounds error no rule has explained. */
static int oob_left(const struct evolve_cand *c)
{
	for (uint32_t i = 0; i < c->fs.n; i++)
		if (c->fs.v[i].kind == FK_OOB && finding_severity(&c->fs.v[i]) == SEV_ERROR
		    && !c->fs.v[i].data_outside)
			return 1;
	return 0;
}

/* Runs rule 12's read-back rerun Z (owned, moved into the result; its
** buffers zeroed already when ZEROED) as a probe, then rule 12 on its
** made-up contents; returns its index in the result. */
static uint32_t run_readback(struct driver *d, struct evolve_cand *z, uint8_t zeroed, uint32_t gen)
{
	z->probe = 1;
	z->readback = 1;
	z->zeroed = zeroed;
	search_evaluate(d->pb, &d->ws[0], z);
	spend(d, z->work);
	uint32_t i = search_add_cand(d, z, gen);
	infer_data(d, i, gen);
	return i;
}

/* The buffer parameter of PB whose allocation finding F's access left (its
** name, ELEMS of C its extent), or -1. */
static int oob_param(const struct evolve_problem *pb, const struct evolve_cand *c,
		     const struct finding *f)
{
	if (f->where == NULL)
		return -1;
	size_t n = strcspn(f->where, "[");
	for (uint32_t k = 0; k < pb->nparams; k++) {
		const char *l = pb->params[k].label;
		if (pb->params[k].kind == EVOLVE_BUFFER && l && strlen(l) == n
		    && strncmp(l, f->where, n) == 0 && c->elems[k] == f->extent)
			return (int)k;
	}
	return -1;
}

/* Elements of the buffer whose bytes are expression E (elements of ES
** bytes) with the host's unknowns at VARS; 0 when undefined. */
static uint64_t host_elems(const struct hostsites *hs, uint32_t e, unsigned es, const uint64_t *vars)
{
	uint64_t b;
	return hexpr_eval(hs, e, vars, &b) == 0 ? b / es : 0;
}

/* The least value of host unknown V, from its value in VARS up, that gives
** the buffer of bytes E (elements of ES bytes) NEED elements, as a count
** grows (doubling, then halving the gap); UINT64_MAX when none below the
** variable's largest positive value does.  VARS[V] is restored. */
static uint64_t grow_to(const struct hostsites *hs, uint32_t e, unsigned es, uint64_t *vars,
			uint32_t v, uint64_t need)
{
	const struct hvar *hv = &hs->vars[v];
	uint64_t mask = hv->width < 64 ? (UINT64_C(1) << hv->width) - 1 : UINT64_MAX;
	uint64_t top = hv->is_signed ? mask >> 1 : mask, x0 = vars[v];
	uint64_t lo = x0 <= top ? x0 : 0, hi = lo ? lo : 1, got = UINT64_MAX;
	for (int i = 0; i < 64; i++) {
		vars[v] = hi;
		if (host_elems(hs, e, es, vars) >= need) {
			got = hi;
			break;
		}
		if (hi > top / 2)
			break;
		lo = hi;
		hi *= 2;
	}
	while (got != UINT64_MAX && got - lo > 1) {
		uint64_t mid = lo + (got - lo) / 2;
		vars[v] = mid;
		if (host_elems(hs, e, es, vars) >= need)
			got = mid;
		else
			lo = mid;
	}
	vars[v] = x0;
	return got;
}

/*
** Rule 12's read-back rerun ZI (docs/CONTRACTS.md) whose counts, at the
** lowest their site allows (LOW and above), are still past the buffer of
** parameter K: a count the device wrote back counts elements of a buffer
** the program sized, so the program makes such a launch only with the
** buffer that large.  ZI is run again with the one host unknown behind
** the buffer's size (not itself read back) grown to the least value that
** gives it LOW elements, the site's bounds and guards kept (a loop's
** counter past the grown size follows it: search_host_refit), and its
** made-up contents through rule 12.  Returns the new candidate's index,
** or UINT32_MAX when no unknown does it (a constant size: the launch is
** the program's as it is).
*/
static uint32_t readback_sized(struct driver *d, uint32_t zi, uint32_t k, uint64_t low, uint32_t gen)
{
	const struct evolve_problem *pb = d->pb;
	const struct hostsites *hs = pb->hs;
	const struct evolve_cand *zc = &d->res->cands[zi];
	const struct hsite *st = &hs->s[pb->sites[zc->site]];
	if (k >= st->nargs || st->buf_bytes[k] == HX_NONE || !room_left(d))
		return UINT32_MAX;
	uint32_t e = st->buf_bytes[k];
	unsigned es = elem_size(pb->params[k].et);
	uint8_t *used = xcalloc(hs->nvars + 1, 1);
	hexpr_vars(hs, e, used);
	struct evolve_cand z;
	search_cand_copy(&z, zc, pb);
	int ok = 0;
	for (uint32_t v = 0; v < hs->nvars && v < z.nvars && !ok; v++) {
		if (!used[v] || hs->vars[v].from_device || hs->vars[v].is_float)
			continue;
		uint64_t x = grow_to(hs, e, es ? es : 1, z.vars, v, low), x0 = z.vars[v];
		if (x == UINT64_MAX)
			continue;
		z.vars[v] = x;
		if (search_host_refit(pb, &z, v)) {
			search_host_apply(d->s, &z);
			ok = !z.refused && z.elems[k] >= low;
		}

		if (!ok)
			z.vars[v] = x0;
	}
	free(used);
	if (!ok) {
		search_cand_free(&z);
		return UINT32_MAX;
	}
	return run_readback(d, &z, zc->zeroed, gen);
}

/* Whether the rerun's fault G still shows finding F's error: an error no
** rule explains, or the rerun ended at some other fault (C, rejected). */
static int still_shown(const struct evolve_cand *c, const struct finding *g)
{
	return g ? !g->data_outside : c->rejected >= 0;
}

/*
** Rule 12 for the host's read-backs (docs/CONTRACTS.md): a value the host
** reads back from device memory (struct hvar from_device: a frontier's
** length, a count a kernel wrote) is a kernel's result, which the search
** makes up as it makes up buffer contents.  Host launch CI, whose site
** computes its launch from such values, is run again with each at the
** lowest value its site allows (the loop `while (len > 0)` gives 1), its
** other unknowns kept; the rerun's own made-up contents go through rule
** 12 as any launch's.  An out-of-bounds error of CI that the rerun does
** not show, running to its end, or shows only as rule 12's, needed the
** made-up value: the kernel assumes the device's value keeps the index
** in bounds, and the error lies outside the inferred contract.
*/
static void infer_readback(struct driver *d, uint32_t ci, uint32_t gen)
{
	const struct evolve_problem *pb = d->pb;
	const struct evolve_cand *c = &d->res->cands[ci];
	if (c->site < 0 || pb->hs == NULL || c->readback || !oob_left(c)
	    || (c->rejected >= 0 && c->rejected != FK_OOB) || !room_left(d))
		return;
	const struct hostsites *hs = pb->hs;
	const struct hsite *st = &hs->s[pb->sites[c->site]];
	uint8_t *used = xcalloc(hs->nvars + 1, 1);
	hostsite_vars(hs, st, used);
	struct evolve_cand z;
	search_cand_copy(&z, c, pb);
	uint32_t first = UINT32_MAX;
	uint64_t least = UINT64_MAX;	/* the lowest count the rerun gives */
	int moved = 0;
	uint32_t *rb = xcalloc(hs->nvars + 1, sizeof *rb), nrb = 0;
	uint64_t *lows = xcalloc(hs->nvars + 1, sizeof *lows);
	for (uint32_t v = 0; v < hs->nvars && v < z.nvars; v++) {
		if (!used[v] || !hs->vars[v].from_device || hs->vars[v].is_float)
			continue;
		uint64_t low = readback_low(hs, st, v);
		if (low == UINT64_MAX)
			continue;
		moved |= z.vars[v] != low;
		z.vars[v] = low;
		rb[nrb] = v;
		lows[nrb++] = low;
		if (low < least)
			least = low;
		if (first == UINT32_MAX)
			first = v;
	}
	free(used);
	if (first != UINT32_MAX && moved) {
		search_host_apply(d->s, &z);
		if (z.refused)
			least = readback_raise(d->s, hs, st, rb, lows, nrb, &z);
	}
	free(rb);
	free(lows);
	if (first == UINT32_MAX || (moved && z.refused)) {
		search_cand_free(&z);
		return;
	}
	/* at its lowest counts already, the launch is its own rerun */
	uint32_t zi = ci;
	if (moved)
		zi = run_readback(d, &z, c->zeroed, gen);	/* rule 12 zeroed its buffers already */
	else
		search_cand_free(&z);
	uint32_t si = UINT32_MAX;	/* the rerun with a buffer sized for the count */
	int tried = 0;
	for (uint32_t i = 0; i < d->res->cands[ci].fs.n; i++) {
		const struct finding *f = &d->res->cands[ci].fs.v[i];
		if (f->kind != FK_OOB || finding_severity(f) != SEV_ERROR || f->data_outside)
			continue;
		const struct evolve_cand *zc = &d->res->cands[zi];
		const struct finding *g = fault_at(zc, FK_OOB, f->func, f->pc);
		if (still_shown(zc, g)) {
			/* past the buffer only because the count is: an element
			** below the count the host read back */
			int k = g && g->index >= 0 && (uint64_t)g->index < least ? oob_param(pb, zc, g) : -1;
			if (k < 0)
				continue;
			if (!tried) {
				tried = 1;
				si = readback_sized(d, zi, (uint32_t)k, least, gen);
			}
			const struct evolve_cand *sc = si != UINT32_MAX ? &d->res->cands[si] : NULL;
			if (sc == NULL || sc->elems[k] < least
			    || still_shown(sc, fault_at(sc, FK_OOB, f->func, f->pc)))
				continue;
			/* the rerun's own launch pairs the count with the
			** small buffer too: its error lies outside as well */
			struct evolve_cand *zm = &d->res->cands[zi];
			for (uint32_t j = 0; j < zm->fs.n; j++)
				if (zm->fs.v[j].kind == FK_OOB && zm->fs.v[j].func == f->func
				    && zm->fs.v[j].pc == f->pc)
					zm->fs.v[j].data_outside = 1;
			f = &d->res->cands[ci].fs.v[i];
		}
		d->res->cands[ci].fs.v[i].data_outside = 1;
		struct evolve_assumption na = { .dim = 0, .rel = EVOLVE_READBACK, .kind = FK_OOB,
						.bound = f->loc.line, .dep = f->dep, .func = f->func,
						.pc = f->pc, .launch = ci, .param = first };
		add_assumption(d, &na);
	}
}

/* Whether F is an error rules 8 to 10 may explain: a race, a read of
** unwritten memory, an access out of bounds, a barrier some threads miss,
** a warp-level operation some lanes miss. */
static int explainable(const struct finding *f)
{
	return (f->kind == FK_RACE || f->kind == FK_UNINIT || f->kind == FK_OOB
		|| f->kind == FK_BARRIER_DIVERGENCE || f->kind == FK_WARP_SYNC)
	       && finding_severity(f) == SEV_ERROR;
}

/* The parameter (bit of struct site params) scalar K belongs to: its own,
** or its struct's; UINT32_MAX past what the masks tell apart. */
static uint32_t scalar_param(const struct evolve_problem *pb, const struct scalar_ref *sr,
			     uint32_t k)
{
	uint32_t p = sr->field == UINT32_MAX ? k : (uint32_t)(sr->pa - pb->params);
	return p < PROG_DEP_PARAMS ? p : UINT32_MAX;
}

/* Scalar K's value in C (signed as its type). */
static double value_of(const struct evolve_problem *pb, const struct evolve_cand *c, uint32_t k)
{
	struct scalar_ref sr;
	search_scalar_ref(pb, k, &sr);
	return search_scalar_get(c->bits[k], sr.et);
}

/* Whether scalar K is one rules 8 and 9 may constrain: an integer the
** search sets (a parameter or a struct field), not an enum, that the
** kernel does not already keep to something. */
static int free_integer(const struct driver *d, uint32_t k, struct scalar_ref *sr)
{
	return search_scalar_ref(d->pb, k, sr) && !elem_is_float(sr->et) && sr->nenums == 0
	       && !d->s->tie[k] && !d->s->keeps_up[k] && scalar_param(d->pb, sr, k) != UINT32_MAX;
}

/* A try of a probe that no finding's site names (a launch component or a
** scalar): at most TILE_TRIES launches get to show it. */
static int tried_n(struct driver *d, uint32_t what, uint32_t which)
{
	return probed_n(d, FK__COUNT, UINT32_MAX - what, which, TILE_TRIES, 0);
}

/* Runs a copy of candidate BASE with scalar K at bits V and, where J is
** not UINT32_MAX, scalar J at bits W; returns its index. */
static uint32_t probe_scalars(struct driver *d, uint32_t base, uint32_t k, uint64_t v,
			      uint32_t j, uint64_t w, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	c.bits[k] = v;
	if (j != UINT32_MAX)
		c.bits[j] = w;
	return run_probe(d, base, &c, gen);
}

/* Whether launch BASE, with scalar K at VJ - 1 (one below scalar J's VJ),
** shows finding ID: the finding starts where K drops below J, not at
** some value of K that J happens to pass. */
static int at_edge(struct driver *d, uint32_t base, const struct fid *id, uint32_t k, double vj,
		   uint32_t gen)
{
	struct evolve_result *r = d->res;
	struct scalar_ref sk;
	search_scalar_ref(d->pb, k, &sk);
	uint32_t pe = probe_scalars(d, base, k, search_scalar_set(vj - 1, sk.et), UINT32_MAX, 0, gen);
	return r->cands[pe].rejected < 0 && shows_near(&r->cands[pe], id);
}

/* The largest factor rule 8 tries: a row of up to 8 fields of J
** elements each (kaldi's LSTM rows hold 5). */
#define SCALARS_MUL_MAX 8

/* The threads of launch C along x (its grid's times its block's). */
static double threads_x(const struct evolve_cand *c)
{
	return (double)c->grid.x * c->block.x;
}

/* Rule 8's cut of scalar J to TX, launch CI's threads along x: the probe
** of CI with J at TX, when it still shows finding ID; else UINT32_MAX. */
static uint32_t cut_probe(struct driver *d, uint32_t ci, const struct fid *id, uint32_t j, double tx,
			  uint32_t gen)
{
	struct scalar_ref sj;
	search_scalar_ref(d->pb, j, &sj);
	uint32_t b = probe_scalars(d, ci, j, search_scalar_set(tx, sj.et), UINT32_MAX, 0, gen);
	const struct evolve_cand *c = &d->res->cands[b];
	return c->rejected >= 0 || !shows_near(c, id) ? UINT32_MAX : b;
}

/*
** Rule 8 with a factor: launch CI with scalar K at J's value VJ still
** shows finding ID.  A row of M fields of J elements (`d[i * stride + j +
** f * cell_dim]`, f below 5) needs K >= M * J, and shows it only where
** the launch's threads along x cover J (the last field's last element
** meets the next row's first): so J is cut to those threads, *BASE
** becomes that launch (it must show the finding with K as it was) and *VJ
** that value.  Then the smallest M from 2 to SCALARS_MUL_MAX such that K
** at M * J runs clean as far into buffer BUF and as long, and K one below
** shows the finding again; 0: none.
*/
static uint32_t factor_of(struct driver *d, uint32_t ci, const struct fid *id, uint32_t k,
			  uint32_t j, double *vj, uint32_t buf, uint32_t *base, uint32_t gen)
{
	struct evolve_result *r = d->res;
	struct scalar_ref sk;
	search_scalar_ref(d->pb, k, &sk);
	double tx = threads_x(&r->cands[ci]);
	*base = ci;
	if (*vj > tx) {
		*vj = tx;
		*base = cut_probe(d, ci, id, j, tx, gen);
		if (*base == UINT32_MAX)
			return 0;
	}
	int64_t v = (int64_t)*vj;
	if (v < 1)
		return 0;
	/* the largest factor first: when it does not clear the finding, none does */
	for (uint32_t m = SCALARS_MUL_MAX, i = 0; i < SCALARS_MUL_MAX - 1; m = 2 + i++) {
		double x = (double)(m * v);
		if (search_scalar_get(search_scalar_set(x, sk.et), sk.et) != x || !room_left(d))
			return 0;
		uint32_t pi = probe_scalars(d, *base, k, search_scalar_set(x, sk.et), UINT32_MAX, 0,
					    gen);
		int clean = clean_near(r, pi, id) && as_much(r, pi, *base, buf);
		if (i == 0 && !clean)
			return 0;
		if (i > 0 && clean)
			return m;
	}
	return SCALARS_MUL_MAX;
}

/* Rule 8 at factor 1 where launch CI's threads along x do not cover J's
** value *VJ: rows of `d[i * stride + j]`, j below cols, meet only at the
** columns some thread writes (64 threads along x and cols 617: a stride
** of 616 overlaps nothing the launch writes, so at_edge's probe at J's
** value less one runs clean).  J is cut to those threads, as factor_of
** does for a factor: that launch must still show finding ID with K as it
** was, run clean as far into buffer BUF and as long with K at the cut J,
** and show the finding again with K one below it.  Then *BASE and *VJ
** become that launch and value; returns whether it holds. */
static int cut_to_threads(struct driver *d, uint32_t ci, const struct fid *id, uint32_t k,
			  uint32_t j, double *vj, uint32_t buf, uint32_t *base, uint32_t gen)
{
	struct evolve_result *r = d->res;
	struct scalar_ref sk;
	search_scalar_ref(d->pb, k, &sk);
	double tx = threads_x(&r->cands[ci]);
	if (!(*vj > tx) || tx < 2 || !room_left(d))
		return 0;	/* the threads cover J: at_edge said no already */
	uint32_t b = cut_probe(d, ci, id, j, tx, gen);
	if (b == UINT32_MAX)
		return 0;
	uint32_t pk = probe_scalars(d, b, k, search_scalar_set(tx, sk.et), UINT32_MAX, 0, gen);
	if (!clean_near(r, pk, id) || !as_much(r, pk, b, buf) || !at_edge(d, b, id, k, tx, gen))
		return 0;
	*vj = tx;
	*base = b;
	return 1;
}

/*
** Rule 8 (docs/CONTRACTS.md): a race on global memory or an access past a
** sized buffer, in candidate CI, whose index reads scalar K (the static
** masks: struct site params, a struct's fields together) while another
** scalar J bounds the threads (a branch compares it with a coordinate: a
** row's length) and K < J, is the kernel assuming K >= J (a row stride at
** least the row's length: rows do not overlap) when three probes agree:
** the launch with K at J's value runs clean as far into the buffer and as
** long; the launch with J at K's value runs clean (the relation, not J's
** value: a pair K, J' that happens to clear the finding keeps it there);
** and the launch with K as far above J as it was below decides between
** at least (clean) and equal.  Where the launch's threads along x do not
** cover J, J is cut to them (factor_of, cut_to_threads), and a cut at a
** factor of 1 gives at least only.  One assumption per scalar; the
** search then keeps K at or above J.
*/
static void infer_scalars(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	uint64_t counts = all_counts(pb->prog);
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		if ((f->kind != FK_RACE && f->kind != FK_OOB) || f->space != AS_GLOBAL)
			continue;
		struct fid id = { f->kind, f->func, f->pc, f->second.func, f->second.pc };
		uint16_t dep = 0;
		uint64_t params = 0;
		if (!access_deps(pb->prog, id.func, id.pc, &dep, &params)
		    || (id.kind == FK_RACE && !access_deps(pb->prog, id.func2, id.pc2, &dep, &params)))
			continue;
		if ((dep & DEP_DATA) || !(dep & DEP_PARAM) || params == 0)
			continue;
		uint32_t buf = buffer_named(pb, f->where);
		/* its tries apart from rule 7's: the site's pc with the top bit */
		if (buf == UINT32_MAX || probed_n(d, id.kind, id.func, id.pc | 1u << 31, TILE_TRIES, 0))
			continue;
		for (uint32_t k = 0; k < search_nbits(pb); k++) {
			struct scalar_ref sk, sj;
			if (!free_integer(d, k, &sk) || !(params >> scalar_param(pb, &sk, k) & 1))
				continue;
			double vk = value_of(pb, &r->cands[ci], k);
			if (vk < 0)
				continue;	/* a sign is rule 9's business */
			for (uint32_t j = 0; j < search_nbits(pb); j++) {
				if (j == k || !search_scalar_ref(pb, j, &sj) || elem_is_float(sj.et)
				    || sj.nenums || scalar_param(pb, &sj, j) == UINT32_MAX
				    || !(counts >> scalar_param(pb, &sj, j) & 1))
					continue;
				double vj = value_of(pb, &r->cands[ci], j);
				if (!(vk < vj))
					continue;	/* the relation holds: not what faults */
				if (!room_left(d))
					return;
				uint32_t p1 = probe_scalars(d, ci, k, search_scalar_set(vj, sk.et),
							    UINT32_MAX, 0, gen);
				uint32_t m = 1, base = ci;	/* K >= m * J, shown at BASE */
				int cut = 0;	/* J cut to the threads at a factor of 1 */
				if (!clean_near(r, p1, &id) || !as_much(r, p1, ci, buf))
					m = factor_of(d, ci, &id, k, j, &vj, buf, &base, gen);
				else if (!at_edge(d, base, &id, k, vj, gen)
					 && !(cut = cut_to_threads(d, ci, &id, k, j, &vj, buf, &base, gen)))
					continue;	/* K's value, not its relation to J */
				if (m == 0 || (m > 1 && !at_edge(d, base, &id, k, m * vj, gen)))
					continue;
				/* the relation, not J's value: again with J moved up (down
				** where J was cut to the threads that cover it) */
				int64_t step = (int64_t)vj > 1 ? (int64_t)vj / (base == ci ? 2 : 3) : 1;
				double vj2 = (double)((int64_t)vj + (base == ci ? step : -step));
				if (vj2 < 1)
					continue;
				uint32_t p2 = probe_scalars(d, base, k, search_scalar_set(m * vj2, sk.et), j,
							    search_scalar_set(vj2, sj.et), gen);
				if (search_scalar_get(search_scalar_set(vj2, sj.et), sj.et) != vj2
				    || !clean_near(r, p2, &id) || !at_edge(d, p2, &id, k, m * vj2, gen))
					continue;
				uint32_t p3 = probe_scalars(d, base, k,
							    search_scalar_set(m * vj + (m * vj - vk), sk.et),
							    UINT32_MAX, 0, gen);
				int eq = !clean_near(r, p3, &id);
				if (eq && cut)
					continue;	/* rows that overlap want K >= J; K
							   above a cut J faulting is something
							   else (an odd K: rope's n_dims) */
				add_assumption(d, &(struct evolve_assumption){
					.dim = EVOLVE_PARAM_DIM, .rel = EVOLVE_SCALARS, .bound = (uint32_t)eq,
					.param = k, .param2 = j, .kind = (uint8_t)id.kind, .dep = dep,
					.func = id.func, .pc = id.pc, .launch = ci, .base = m });
				d->s->keeps_up[k] = j + 1;
				d->s->keeps_eq[k] = (uint8_t)eq;
				d->s->keeps_mul[k] = m;
				probed_n(d, id.kind, id.func, id.pc | 1u << 31, TILE_TRIES, 1);
				return;
			}
		}
	}
}

/*
** Rule 9 (docs/CONTRACTS.md): an error in candidate CI, at a launch where
** a signed scalar the kernel bounds its threads by (a branch compares it
** with a coordinate: a count, a length, a stride of a struct of sizes) is
** negative, which goes away with the scalar at its magnitude (at least
** the launch's threads) while the launch does at least as much work, is
** the kernel assuming the scalar is
** not negative: a count of threads or elements is never below 0.  One
** assumption per scalar; the search keeps it at or above 0.
*/
static void infer_nonneg(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct evolve_problem *pb = d->pb;
	uint64_t counts = all_counts(pb->prog);
	for (uint32_t k = 0; k < search_nbits(pb); k++) {
		struct scalar_ref sr;
		if (!free_integer(d, k, &sr) || !elem_is_signed(sr.et) || d->s->nonneg[k]
		    || !(counts >> scalar_param(pb, &sr, k) & 1))
			continue;
		double v = value_of(pb, &r->cands[ci], k);
		if (v >= 0 || tried_n(d, 1, k))
			continue;
		/* at least the launch's threads: a guard `i < n` then skips no
		** thread, so a clean launch does not owe it to doing less */
		double threads = (double)search_threads_of(&r->cands[ci]);
		uint32_t pi = probe_scalars(d, ci, k, search_scalar_set(-v > threads ? -v : threads, sr.et),
					    UINT32_MAX, 0, gen);
		const struct evolve_cand *pc = &r->cands[pi];
		if (pc->rejected >= 0 || pc->beyond || pc->work < r->cands[ci].work)
			continue;
		for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
			const struct finding *f = &r->cands[ci].fs.v[fi];
			struct fid id = { f->kind, f->func, f->pc, f->second.func, f->second.pc };
			if (!explainable(f) || shows_near(&r->cands[pi], &id))
				continue;
			add_assumption(d, &(struct evolve_assumption){
				.dim = EVOLVE_PARAM_DIM, .rel = EVOLVE_NONNEG, .param = k,
				.kind = (uint8_t)f->kind, .dep = f->dep, .func = f->func, .pc = f->pc,
				.launch = ci });
			d->s->nonneg[k] = 1;
			probed_n(d, FK__COUNT, UINT32_MAX - 1, k, TILE_TRIES, 1);
			return;
		}
	}
}

/* Whether TEST (given CTX) holds for kernel FN or a function it calls
** (every function, where it calls through a pointer). */
static int code_any(const struct program *p, uint32_t fn,
		    int (*test)(const struct func *f, const void *ctx), const void *ctx)
{
	uint8_t *seen = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	uint32_t *stack = xmalloc((p->nfuncs + 1) * sizeof *stack);
	uint32_t n = 0;
	int found = 0;
	stack[n++] = fn;
	seen[fn] = 1;
	while (n > 0 && !found) {
		const struct func *f = &p->funcs[stack[--n]];
		found = test(f, ctx);
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			if (I->op == OP_CALL && (uint32_t)I->imm < p->nfuncs && !seen[(uint32_t)I->imm]) {
				seen[(uint32_t)I->imm] = 1;
				stack[n++] = (uint32_t)I->imm;
			} else if (I->op == OP_ICALL) {
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
	return found;
}

/* Whether F, outside the toolkit's headers, reads a special register of
** the mask *CTX. */
static int own_sregs_in(const struct func *f, const void *ctx)
{
	return (f->own_sregs & *(const uint64_t *)ctx) && !f->is_header;
}

/* Whether the code of kernel FN outside the toolkit's headers (its own
** functions, every one when it calls through a pointer) reads special
** register A or B, or the warp's index: cub's generic block code inlined
** into a kernel reads threadIdx.z for any kernel; its author does not. */
static int own_code_reads(const struct program *p, uint32_t fn, unsigned a, unsigned b)
{
	const uint64_t regs = UINT64_C(1) << a | UINT64_C(1) << b | UINT64_C(1) << SREG_WARPID
			      | UINT64_C(1) << SREG_NWARPID;
	return code_any(p, fn, own_sregs_in, &regs);
}

/* Runs a copy of candidate BASE with the N launch components DIMS at 1,
** but for component KEEP (below 6) kept as BASE has it; returns its index.
** Block x grows to keep the block's threads at the least the kernel
** already assumes (rule 4's count of threads, cub's BlockReduce<T, 256>:
** a 16 x 16 block probes 256 x 1 x 1, not 16 x 1 x 1, which lies under
** `none` and says nothing), rounded up to block x's assumed multiple,
** where the search's bounds on x and the block's limit allow it. */
static uint32_t probe_flat(struct driver *d, uint32_t base, const unsigned *dims, unsigned n,
			   unsigned keep, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	for (unsigned i = 0; i < n; i++)
		if (dims[i] != keep)
			*search_dim_of(&c, dims[i]) = 1;
	uint64_t rows = (uint64_t)c.block.y * c.block.z;
	uint64_t x = (d->s->min_threads + rows - 1) / rows;
	if (d->s->x_mult)
		x = (x + d->s->x_mult - 1) / d->s->x_mult * d->s->x_mult;
	if (x > c.block.x && x <= d->s->bhi[0] && x * rows <= search_block_limit(d->pb))
		c.block.x = (uint32_t)x;
	return run_probe(d, base, &c, gen);
}

/* Records that the kernel assumes launch component DIM is 1, shown by
** finding F of launch AT, and keeps the search there. */
static void assume_flat(struct driver *d, unsigned dim, const struct finding *f, uint32_t at)
{
	add_assumption(d, &(struct evolve_assumption){
		.dim = (uint8_t)dim, .rel = EVOLVE_FLAT, .bound = 1, .kind = (uint8_t)f->kind,
		.dep = f->dep, .func = f->func, .pc = f->pc, .launch = at });
	uint32_t *hi = dim < 3 ? &d->s->bhi[dim] : &d->s->ghi[dim - 3];
	*hi = 1;
}

/*
** Rule 10 (docs/CONTRACTS.md): an error in candidate CI, a launch with
** block (or grid) y or z above 1 in a kernel whose own code never reads
** that coordinate nor that dimension (only the toolkit's generic code
** may: cub's block code, cooperative groups' dim3s), that goes away with
** every such component at 1, and whose accesses' addresses do not tell
** threads apart along them: threads (blocks) that differ only there do
** the same work at the same addresses, which nothing the kernel's author
** wrote intends, so the kernel is written for those components at 1.
** The component is the one that alone brings the error back (the others
** at 1), or every one when none does.  One assumption per component; the
** search keeps it at 1.
*/
static void infer_flat(struct driver *d, uint32_t ci, uint32_t gen)
{
	static const unsigned order[4] = { 2, 1, 5, 4 };
	struct evolve_result *r = d->res;
	const struct program *p = d->pb->prog;
	unsigned dims[4], n = 0;
	for (unsigned i = 0; i < 4; i++) {
		unsigned dim = order[i];
		uint32_t hi = dim < 3 ? d->s->bhi[dim] : d->s->ghi[dim - 3];
		unsigned a = dim < 3 ? SREG_TID_X + dim : SREG_CTAID_X + dim - 3;
		unsigned b = dim < 3 ? SREG_NTID_X + dim : SREG_NCTAID_X + dim - 3;
		if (*search_dim_of(&r->cands[ci], dim) > 1 && hi > 1 && user_lo(d, dim) <= 1
		    && !own_code_reads(p, d->pb->func, a, b))
			dims[n++] = dim;
	}
	int any = 0;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++)
		any |= explainable(&r->cands[ci].fs.v[fi]);
	uint32_t set = 0;	/* the components probed, as bits: their tries */
	for (unsigned i = 0; i < n; i++)
		set |= 1u << dims[i];
	if (n == 0 || !any || tried_n(d, 2, set))
		return;
	uint32_t pi = probe_flat(d, ci, dims, n, 6, gen);
	if (r->cands[pi].rejected >= 0 || r->cands[pi].beyond)
		return;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		struct fid id = { f->kind, f->func, f->pc, f->second.func, f->second.pc };
		if (!explainable(f) || shows_near(&r->cands[pi], &id))
			continue;
		uint16_t dep = 0, along = 0;
		uint64_t params = 0;
		int access = access_deps(p, id.func, id.pc, &dep, &params)
			     && (id.kind != FK_RACE || access_deps(p, id.func2, id.pc2, &dep, &params));
		unsigned which[4], nw = 0;
		for (unsigned i = 0; i < n && n > 1; i++) {
			uint32_t ki = probe_flat(d, ci, dims, n, dims[i], gen);
			if (r->cands[ki].rejected < 0 && shows_near(&r->cands[ki], &id))
				which[nw++] = dims[i];
		}
		if (nw == 0)
			for (unsigned i = 0; i < n; i++)
				which[nw++] = dims[i];
		for (unsigned i = 0; i < nw; i++)
			along |= dim_deps[which[i]] & ~DEP_NCTAID;
		if (access && (dep & along))
			continue;	/* the address tells them apart: not the same work */
		for (unsigned i = 0; i < nw; i++)
			assume_flat(d, which[i], f, ci);
		return;
	}
}

/* ---- rule 15: a thread number with constant strides ---- */

/* What *CTX (two uint32_t: width, rows) gathers: the least strides F
** numbers its threads by.  Never stops the walk. */
static int linear_in(const struct func *f, const void *ctx)
{
	uint32_t *const *least = ctx;
	if (f->lin_width && ((*least)[0] == 0 || f->lin_width < (*least)[0]))
		(*least)[0] = f->lin_width;
	if (f->lin_rows && ((*least)[1] == 0 || f->lin_rows < (*least)[1]))
		(*least)[1] = f->lin_rows;
	return 0;
}

/* Runs a copy of candidate BASE with block BLOCK; returns its index. */
static uint32_t probe_shape(struct driver *d, uint32_t base, struct dim3 block, uint32_t gen)
{
	struct evolve_cand c;
	search_cand_copy(&c, &d->res->cands[base], d->pb);
	c.block = block;
	return run_probe(d, base, &c, gen);
}

/*
** Rule 15 (docs/CONTRACTS.md): kernel code that numbers a block's threads
** threadIdx.x + K * threadIdx.y (cub's BlockReduce<T, 32, ..., 16>,
** `ty * TILE + tx`) gives two threads one number when blockDim.x passes
** K, and one past its rows (K * L * threadIdx.z) when blockDim.y passes L.
** An error of candidate CI at a block past K along x that goes away with
** the same threads laid out K wide (64 x 8 as 32 x 16), or past L along y
** that goes away with y at L, shows the kernel assumes the bound: one
** assumption per component, and the search keeps within it.
*/
static void infer_linear(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	uint32_t least[2] = { 0, 0 }, *lp = least;
	code_any(d->pb->prog, d->pb->func, linear_in, &lp);
	for (unsigned dim = 0; dim < 2; dim++) {
		struct dim3 b = r->cands[ci].block;
		uint32_t k = least[dim], v = dim ? b.y : b.x;
		if (k == 0 || v <= k || user_lo(d, dim) > k || (dim == 1 && b.x > least[0])
		    || tried_n(d, 4, dim))
			continue;
		if (dim == 0) {
			/* the same threads, K wide: only the numbering changes */
			uint64_t t = (uint64_t)b.x * b.y;
			if (t % k || t / k > d->s->bhi[1])
				continue;
			b.y = (uint32_t)(t / k);
			b.x = k;
		} else {
			b.y = k;
		}
		uint32_t pi = probe_shape(d, ci, b, gen);
		if (r->cands[pi].rejected >= 0 || r->cands[pi].beyond)
			continue;
		for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
			const struct finding *f = &r->cands[ci].fs.v[fi];
			struct fid id = { f->kind, f->func, f->pc, f->second.func, f->second.pc };
			if (!explainable(f) || shows_near(&r->cands[pi], &id))
				continue;
			add_assumption(d, &(struct evolve_assumption){
				.dim = (uint8_t)dim, .rel = EVOLVE_LINEAR, .bound = k,
				.param2 = least[0], .kind = (uint8_t)f->kind, .dep = f->dep,
				.func = f->func, .pc = f->pc, .launch = ci });
			if (d->s->bhi[dim] > k)
				d->s->bhi[dim] = k;
			break;
		}
	}
}

/* ---- rules 13 and 14: blocks that write one element of a global buffer ---- */

/* Adds to *DEP the DEP_* mask of the address of the access at (FUNC,
** PC): a memory access's, or for a call (a header's function, where the
** race is reported at the user's call) its pointer arguments'; whether it
** is one. */
static int addr_deps(const struct program *p, uint32_t func, uint32_t pc, uint16_t *dep)
{
	uint64_t params = 0;
	if (access_deps(p, func, pc, dep, &params))
		return 1;
	if (func >= p->nfuncs || pc >= p->funcs[func].ncode)
		return 0;
	const struct insn *I = &p->funcs[func].code[pc];
	if (I->op != OP_CALL || I->a >= p->nsites)
		return 0;
	*dep |= p->sites[I->a].ptr_dep;
	return 1;
}

/* Whether F is a race on global memory between two blocks, and its two
** accesses' address masks (struct site dep), into *DEP. */
static int block_race(const struct program *p, const struct finding *f, uint16_t *dep)
{
	*dep = 0;
	return f->kind == FK_RACE && f->space == AS_GLOBAL && f->race_class == RC_INTER_BLOCK
	       && finding_severity(f) == SEV_ERROR && addr_deps(p, f->func, f->pc, dep)
	       && addr_deps(p, f->second.func, f->second.pc, dep);
}

/*
** Rule 13 (docs/CONTRACTS.md): a race between blocks on a global buffer
** in candidate CI, whose two accesses' addresses read a block coordinate
** and a thread coordinate along one axis and nothing else of the launch,
** no scalar and no memory (`y = yy + blockIdx.x * 256 + ...threadIdx.x`):
** the index gives each block a part of the buffer of a fixed size, its
** author's block size, and a larger block's threads write into the next
** block's part.  The same launch with that block component at 1 must run
** clean at the access; a bisection finds the most that do, and the kernel
** assumes the component is at most that.  One assumption per buffer and
** component; the search keeps below the bound.
*/
static void infer_block_part(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct program *p = d->pb->prog;
	const uint16_t other = DEP_DATA | DEP_PARAM | DEP_NCTAID | DEP_NTID_X | DEP_NTID_Y
			       | DEP_NTID_Z;
	for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
		const struct finding *f = &r->cands[ci].fs.v[fi];
		uint16_t dep = 0;
		if (!block_race(p, f, &dep) || (dep & other))
			continue;
		uint32_t func = f->func, pc = f->pc, buf = buffer_named(d->pb, f->where);
		for (unsigned dim = 0; dim < 3 && buf != UINT32_MAX; dim++) {
			uint32_t hi = *search_dim_of(&r->cands[ci], dim), at = ci;
			if (!(dep & DEP_TID_X << dim) || !(dep & DEP_CTAID_X << dim) || hi <= 1
			    || user_lo(d, dim) > 1
			    || probed_n(d, FK_RACE, func, pc | 1u << 30, TILE_TRIES, 0))
				continue;
			uint32_t lo = largest_clean(d, ci, dim, hi, FK_RACE, func, pc, gen, &at);
			if (lo == 0)
				continue;	/* not the block's size */
			add_assumption(d, &(struct evolve_assumption){
				.dim = (uint8_t)dim, .rel = EVOLVE_PART, .bound = lo, .alloc = buf,
				.kind = FK_RACE, .dep = dep, .func = func, .pc = pc, .launch = at });
			if (d->s->bhi[dim] > lo)
				d->s->bhi[dim] = lo;
			probed_n(d, FK_RACE, func, pc | 1u << 30, TILE_TRIES, 1);
			return;
		}
	}
}

/* Whether F has an atomic, a compare-and-swap or a fence beyond the block. */
static int combines_in(const struct func *f, const void *ctx)
{
	(void)ctx;
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		const struct insn *I = &f->code[pc];
		if (I->op == OP_ATOMIC || I->op == OP_CMPXCHG || (I->op == OP_FENCE && I->f > 0))
			return 1;
	}
	return 0;
}

/* Whether kernel FN's code (every function it calls; all of them when it
** calls through a pointer) can combine the work of several blocks: an
** atomic, a compare-and-swap or a fence beyond the block, what a
** protocol between blocks needs (a flag the last block waits on). */
static int combines_blocks(const struct program *p, uint32_t fn)
{
	return code_any(p, fn, combines_in, NULL);
}

/*
** Rule 14 (docs/CONTRACTS.md): a race between blocks on a global buffer
** in candidate CI, a launch with grid y (or z) above 1, at an address
** that reads neither blockIdx.y nor gridDim (both accesses), in a kernel
** whose own code reads blockIdx.y elsewhere (else rule 10 decides) and
** has no atomic and no fence beyond the block: every block along y writes
** that element and nothing lets the blocks combine their work, so no
** launch with more than one block there can run correctly, and the kernel
** is written for one (a grid-stride loop over rows by blockIdx.y, then
** per-column sums written at blockIdx.x's columns).  The same launch with that component at 1
** must run clean at the race's sites.  One assumption per component; the
** search keeps it at 1.
*/
static void infer_grid_one(struct driver *d, uint32_t ci, uint32_t gen)
{
	struct evolve_result *r = d->res;
	const struct program *p = d->pb->prog;
	for (unsigned dim = 4; dim < 6; dim++) {
		unsigned a = SREG_CTAID_X + dim - 3, b = SREG_NCTAID_X + dim - 3;
		uint16_t coord = (uint16_t)(DEP_CTAID_X << (dim - 3));
		if (*search_dim_of(&r->cands[ci], dim) <= 1 || d->s->ghi[dim - 3] <= 1
		    || user_lo(d, dim) > 1 || !own_code_reads(p, d->pb->func, a, b)
		    || combines_blocks(p, d->pb->func))
			continue;
		for (uint32_t fi = 0; fi < r->cands[ci].fs.n; fi++) {
			const struct finding *f = &r->cands[ci].fs.v[fi];
			struct fid id = { f->kind, f->func, f->pc, f->second.func, f->second.pc };
			uint16_t dep;
			if (!block_race(p, f, &dep) || (dep & (coord | DEP_NCTAID | DEP_DATA))
			    || tried_n(d, 3, dim))
				continue;
			uint32_t pi = probe(d, ci, dim, 1, gen);
			if (!clean_near(r, pi, &id))
				continue;
			add_assumption(d, &(struct evolve_assumption){
				.dim = (uint8_t)dim, .rel = EVOLVE_GRID_ONE, .bound = 1, .kind = FK_RACE,
				.dep = dep, .func = f->func, .pc = f->pc, .launch = ci });
			d->s->ghi[dim - 3] = 1;
			probed_n(d, FK__COUNT, UINT32_MAX - 3, dim, TILE_TRIES, 1);
			break;
		}
	}
}

/* A relation shown at a launch that a shape assumption found since puts
** outside the contract was shown outside it: it is dropped, the search no
** longer keeps it, and the launches only it put outside are back in. */
static void drop_unsupported_ties(struct driver *d)
{
	struct evolve_result *r = d->res;
	uint32_t k = 0;
	int dropped = 0;
	for (uint32_t i = 0; i < r->nassumptions; i++) {
		struct evolve_assumption a = r->assumptions[i];
		int out = 0;
		for (uint32_t j = 0; a.rel == EVOLVE_RELATION && j < r->nassumptions && !out; j++)
			out = r->assumptions[j].rel != EVOLVE_RELATION
			      && search_breaks(d->pb, &r->assumptions[j], &r->cands[a.launch]);
		if (out) {
			d->s->tie[a.param] = 0;
			dropped = 1;
			continue;
		}
		r->assumptions[k++] = a;
	}
	r->nassumptions = k;
	for (uint32_t i = 0; dropped && i < r->ncands; i++) {
		struct evolve_cand *c = &r->cands[i];
		if (c->site < 0) {
			c->beyond = (uint8_t)search_beyond_assumptions(d->pb, r, c);
			c->contract = search_cand_contract(d->pb, c);
		}
	}
}

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
	for (uint32_t k = 0; k < search_nbits(pb); k++) {
		struct scalar_ref sr;
		if (!search_scalar_ref(pb, k, &sr))
			continue;
		uint32_t p = (uint32_t)(sr.pa - pb->params);
		const struct hfield *h = sr.field == UINT32_MAX ? NULL
					 : search_host_field(st, p, sr.pa->field_off[sr.field]);
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
void search_host_fault(struct driver *d, uint32_t ci, uint32_t gen)
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
		search_cand_copy(&pr, &r->cands[ci], d->pb);
		for (uint32_t p = 0; p < d->pb->nparams; p++)
			if (d->pb->params[p].kind == EVOLVE_BUFFER && !d->pb->params[p].pinned)
				pr.fill[p] = (struct evolve_fill){ .kind = fills[k], .k = 1 };
		pr.probe = 1;
		/* two launches decide whether the program's own launch is a
		** bug: they run to their end whatever the clock says */
		double deadline = d->ws[0].deadline;
		d->ws[0].deadline = 0;
		search_evaluate(d->pb, &d->ws[0], &pr);
		d->ws[0].deadline = deadline;
		uint32_t pi = search_add_cand(d, &pr, gen);
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
	search_note_seen(&d->seen, &h->fs);
}

/* Runs the inference rules on candidate I's faults (docs/CONTRACTS.md):
** a host launch's faults are the program's bugs, not assumptions, but
** for the contents the search made up (rule 12, for every launch). */
void search_infer_from(struct driver *d, uint32_t i, uint32_t gen)
{
	if (room_left(d))
		infer_data(d, i, gen);
	infer_readback(d, i, gen);
	/* rule 11 with the shape rules: the segment is part of the launch */
	static void (*const infer[8])(struct driver *, uint32_t, uint32_t) = {
		infer_assumption, infer_tile_min, infer_whole_warps, infer_flat, infer_linear,
		infer_block_part, infer_grid_one, infer_segment,
	};
	if (d->pb->base)
		return;		/* the program gave the shape and the scalars */
	for (int k = 0; k < 8; k++) {
		if (rules_on(d, &d->res->cands[i]))
			infer[k](d, i, gen);
	}
	/* with host sites the host's values decide a parameter; a quotient
	** by 0 (all ones) used as an index is below its array, which rejects
	** the launch after the division that explains it */
	nonzero_on(d, i, gen);
	/* rules 9, 8 and 7 last: the shape rules first put the launch
	** outside, if it is; with host sites the host's values decide a
	** scalar, as for rule 2 */
	static void (*const scalars[3])(struct driver *, uint32_t, uint32_t) = {
		infer_nonneg, infer_scalars, infer_relation,
	};
	for (int k = 0; k < 3; k++) {
		if (d->pb->nsites == 0 && rules_on(d, &d->res->cands[i]))
			scalars[k](d, i, gen);
	}
	drop_unsupported_ties(d);
}

/* Scalar K's name: the parameter's, or "p.stride" ("p.+4" where debug
** info names no field). */
static void scalar_label(const struct evolve_problem *pb, uint32_t k, char *buf, size_t n)
{
	struct scalar_ref sr;
	search_scalar_ref(pb, k, &sr);
	if (sr.pa == NULL)
		snprintf(buf, n, "?");
	else if (sr.field == UINT32_MAX)
		snprintf(buf, n, "%s", sr.pa->label);
	else if (sr.pa->field_name && sr.pa->field_name[sr.field])
		snprintf(buf, n, "%s.%s", sr.pa->label, sr.pa->field_name[sr.field]);
	else
		snprintf(buf, n, "%s.+%" PRIu32, sr.pa->label, sr.pa->field_off[sr.field]);
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
		if (b->dim != a->dim || b->rel != a->rel || b->bound != a->bound
		    || b->kind == FK_RACE)
			continue;	/* rows from a race name no array */
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

/* The rows' assumption of R (EVOLVE_LANES), or NULL. */
static const struct evolve_assumption *lanes_of(const struct evolve_result *r)
{
	for (uint32_t i = 0; i < r->nassumptions; i++)
		if (r->assumptions[i].rel == EVOLVE_LANES)
			return &r->assumptions[i];
	return NULL;
}

/* Whether block x's bounds in R leave it one multiple of the rows'
** warps, LANES's bound (blockDim.x <= 32 from a shared array, and whole
** rows: blockDim.x == 32): the bound's warning says both. */
static int lanes_pin_x(const struct evolve_result *r, const struct evolve_assumption *lanes)
{
	uint32_t le = UINT32_MAX, ge = 0;
	for (uint32_t i = 0; lanes && i < r->nassumptions; i++) {
		const struct evolve_assumption *b = &r->assumptions[i];
		if (b->dim == 0 && b->rel == EVOLVE_AT_MOST && b->bound < le)
			le = b->bound;
		if (b->dim == 0 && b->rel == EVOLVE_AT_LEAST && b->bound > ge)
			ge = b->bound;
	}
	return lanes && le >= lanes->bound && le < 2 * lanes->bound && ge <= lanes->bound;
}

int search_assumption_folded(const struct evolve_result *r, const struct evolve_assumption *a)
{
	const struct evolve_assumption *lanes = lanes_of(r);
	if (a->rel == EVOLVE_MULTIPLE)
		return lanes != NULL && lanes->bound % a->bound == 0;
	return a->rel == EVOLVE_LANES && lanes_pin_x(r, a);
}

/* "global 'x' races": what finding O (of KIND; may be NULL) does, for
** the warnings of rules 8 to 10. */
static void fault_text(const struct finding *o, enum finding_kind kind, char *buf, size_t n)
{
	const char *var = o && o->where ? o->where : "?";
	const char *space = o && o->space == AS_SHARED ? "shared" : "global";
	int len = (int)strcspn(var, "[");
	switch (kind) {
	case FK_RACE:
		snprintf(buf, n, "%s '%.*s' races", space, len, var);
		break;
	case FK_UNINIT:
		snprintf(buf, n, "%s '%.*s' is read where nothing was written", space, len, var);
		break;
	case FK_OOB:
		snprintf(buf, n, "%s '%.*s' is accessed out of bounds", space, len, var);
		break;
	case FK_BARRIER_DIVERGENCE:
		snprintf(buf, n, "a barrier is reached by some threads only");
		break;
	default:
		snprintf(buf, n, "warp-level code reads lanes that do not take part");
		break;
	}
}

/* "4 * (ncols + 32)": A * NAME + B, factored where A divides B. */
static void seg_expr(uint32_t a, int32_t b, const char *name, char *buf, size_t n)
{
	char head[200];
	if (a == 1)
		snprintf(head, sizeof head, "%s", name);
	else if (b != 0 && b % (int64_t)a == 0)
		snprintf(head, sizeof head, "%" PRIu32 " * (%s %c %" PRId64 ")", a, name,
			 b < 0 ? '-' : '+', (b < 0 ? -(int64_t)b : b) / a);
	else
		snprintf(head, sizeof head, "%" PRIu32 " * %s", a, name);
	if (b == 0 || (a != 1 && b % (int64_t)a == 0))
		snprintf(buf, n, "%s", head);
	else
		snprintf(buf, n, "%s %c %" PRId64, head, b < 0 ? '-' : '+', (b < 0 ? -(int64_t)b : (int64_t)b));
}

/* Rule 11's warning for assumption A of kernel KNAME, whose access O (may
** be NULL) left a smaller segment, at AT: "k assumes 128 bytes of dynamic
** shared memory: ...", "k assumes dynamic shared memory >= 4 * (ncols +
** 32) bytes: ...".  Returns an allocated string. */
static char *seg_text(const struct evolve_problem *pb, const struct evolve_assumption *a,
		      const char *kname, const struct finding *o, const char *at)
{
	const char *var = o && o->where ? o->where : "?";
	char expr[260], name[160];
	char *why = xasprintf("shared '%.*s' is accessed past the end of a smaller segment%s",
			      (int)strcspn(var, "["), var, at), *out;
	if (a->form == EVOLVE_SEG_BYTES) {
		out = xasprintf("%s assumes %" PRIu32 " bytes of dynamic shared memory: %s", kname,
				a->bound, why);
	} else if (a->form == EVOLVE_SEG_USE) {
		out = xasprintf("%s assumes its dynamic shared memory covers what its code uses "
				"(%" PRIu32 " bytes at the launch that shows it): %s", kname, a->bound,
				why);
	} else {
		if (a->form == EVOLVE_SEG_SCALAR) {
			scalar_label(pb, a->param, name, sizeof name);
		} else {
			struct evolve_reads rd;
			evolve_reads_of(pb->prog, pb->func, &rd);
			snprintf(name, sizeof name, "%s", rd.block[1] || rd.block[2]
				 ? "blockDim.x * blockDim.y * blockDim.z" : "blockDim.x");
		}
		seg_expr(a->bound, (int32_t)a->base, name, expr, sizeof expr);
		out = xasprintf("%s assumes dynamic shared memory >= %s bytes: %s", kname, expr, why);
	}
	free(why);
	return out;
}

/* Rule 13's and 14's warning for assumption A of kernel KNAME, whose race
** O (may be NULL) shows it at AT: "k assumes blockDim.x <= 64: each block
** owns a part of global 'yy' of fixed size, and a larger block writes into
** the next block's part (k.cu:9)", "k assumes gridDim.y == 1: global 'sums'
** races between blocks that differ only in blockIdx.y, at an address that
** does not read it (k.cu:30)".  Returns an allocated string. */
static char *part_text(const struct evolve_problem *pb, const struct evolve_assumption *a,
		       const char *kname, const struct finding *o, const char *at)
{
	const char *var = o && o->where ? o->where : NULL;
	if (var == NULL && a->rel == EVOLVE_PART && a->alloc < pb->nparams)
		var = pb->params[a->alloc].label;
	int len = var ? (int)strcspn(var, "[") : 1;
	char c = (char)('x' + a->dim % 3);
	if (a->rel == EVOLVE_PART)
		return xasprintf("%s assumes blockDim.%c <= %" PRIu32 ": each block owns a part of "
				 "global '%.*s' of fixed size, and a larger block writes into the "
				 "next block's part%s", kname, c, a->bound, len, var ? var : "?", at);
	return xasprintf("%s assumes gridDim.%c == 1: global '%.*s' races between blocks that "
			 "differ only in blockIdx.%c, at an address that does not read it%s", kname,
			 c, len, var ? var : "?", c, at);
}

/* The side of the block along component DIM (0: x, 1: y) when the
** kernel's inferred assumptions pin it (a 16 x 16 tile), else 0. */
static uint32_t pinned_side(const struct evolve_result *r, unsigned dim)
{
	uint32_t le = UINT32_MAX, ge = 0;
	for (uint32_t i = 0; i < r->nassumptions; i++) {
		const struct evolve_assumption *b = &r->assumptions[i];
		if (b->dim == dim && b->rel == EVOLVE_AT_MOST && b->bound < le)
			le = b->bound;
		if (b->dim == dim && b->rel == EVOLVE_AT_LEAST && b->bound > ge)
			ge = b->bound;
	}
	return le == ge ? le : 0;
}

/* "gridDim.x * 16": what relation TIE ties a scalar to, with the tile's
** side for blockDim where the assumptions pin it. */
static void tie_text(const struct evolve_result *r, unsigned tie, char *buf, size_t n)
{
	unsigned y = tie_side(tie), base = tie_base(tie);
	char block[32], c = (char)('x' + y);
	uint32_t side = pinned_side(r, y);
	if (side)
		snprintf(block, sizeof block, "%" PRIu32, side);
	else
		snprintf(block, sizeof block, "blockDim.%c", c);
	if (base == EVOLVE_TIE_GRID_BLOCK_X)
		snprintf(buf, n, "gridDim.%c * %s", c, block);
	else if (base == EVOLVE_TIE_BLOCK_X)
		snprintf(buf, n, "blockDim.%c", c);
	else
		snprintf(buf, n, "gridDim.%c", c);
}

/* The finding that reports assumption A: at the access that shows a
** component's bounds, all of them over every array ("sum_rows assumes
** blockDim.x <= 256: shared 'part[256]' is indexed by threadIdx.x
** (k.cu:7)"; "matmul assumes blockDim.x == 16: shared 'As[16][16]' and
** 'Bs[16][16]' are indexed by threadIdx.x (k.cu:29), and shared
** 'As[16][16]' is read where no thread of a smaller block writes
** (k.cu:33)"), at the warp-level operation that needs whole warps, or at
** the division ("hist assumes nbins != 0: it divides by it (k.cu:9)"), or
** at the access that races when a scalar leaves its relation with the
** launch ("mm assumes n == gridDim.x * 16: global 'c' races unless it
** holds (k.cu:23)"). */
struct finding search_assumption_finding(const struct evolve_problem *pb,
					 const struct evolve_result *r,
					 const struct evolve_assumption *a)
{
	static const char *const dims[8] = { "blockDim.x", "blockDim.y", "blockDim.z",
					     "gridDim.x", "gridDim.y", "gridDim.z", "?",
					     "blockDim.x * blockDim.y * blockDim.z" };
	static const char *const coords[6] = { "threadIdx.x", "threadIdx.y", "threadIdx.z",
					       "blockIdx.x", "blockIdx.y", "blockIdx.z" };
	const struct program *p = pb->prog;
	char *kname = xstrdup_no_params(p->funcs[pb->func].demangled);
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
	if (a->rel == EVOLVE_RELATION) {
		char pname[160], rel[96];
		scalar_label(pb, a->param, pname, sizeof pname);
		tie_text(r, a->bound, rel, sizeof rel);
		const char *var = o && o->where ? o->where : "?";
		f.detail = xasprintf("%s assumes %s == %s: global '%.*s' %s unless it holds%s", kname,
				     pname, rel, (int)strcspn(var, "["), var,
				     a->kind == FK_RACE ? "races" : "is accessed out of bounds", at);
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_SCALARS || a->rel == EVOLVE_NONNEG || a->rel == EVOLVE_FLAT) {
		char pname[160], other[160], fault[200];
		fault_text(o, (enum finding_kind)a->kind, fault, sizeof fault);
		if (a->rel == EVOLVE_FLAT) {
			f.detail = xasprintf("%s assumes %s == 1: its own code never reads %s, and %s "
					     "when it is above 1%s", kname, dims[a->dim], coords[a->dim],
					     fault, at);
		} else {
			scalar_label(pb, a->param, pname, sizeof pname);
			if (a->rel == EVOLVE_NONNEG) {
				f.detail = xasprintf("%s assumes %s >= 0: %s when it is negative%s", kname,
						     pname, fault, at);
			} else {
				char mul[16] = "";
				scalar_label(pb, a->param2, other, sizeof other);
				if (a->base > 1)
					snprintf(mul, sizeof mul, "%" PRIu32 " * ", a->base);
				f.detail = xasprintf("%s assumes %s %s %s%s: %s unless it holds%s", kname,
						     pname, a->bound ? "==" : ">=", mul, other, fault,
						     at);
			}
		}
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_DATA) {
		const char *var = o && o->where ? o->where : "?";
		const char *src = a->param < pb->nparams && pb->params[a->param].label
				  ? pb->params[a->param].label : "its buffers";
		f.detail = xasprintf("%s assumes the values it reads from %s keep %.*s's index in "
				     "bounds%s", kname, src, (int)strcspn(var, "["), var, at);
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_READBACK) {
		const char *var = o && o->where ? o->where : "?";
		const char *hv = pb->hs && a->param < pb->hs->nvars ? pb->hs->vars[a->param].name : "?";
		f.detail = xasprintf("%s assumes the %s the host reads back from the device keeps "
				     "%.*s's index in bounds%s", kname, hv, (int)strcspn(var, "["), var, at);
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_PART || a->rel == EVOLVE_GRID_ONE) {
		f.detail = part_text(pb, a, kname, o, at);
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_LINEAR) {
		char fault[200], rows[48] = "";
		fault_text(o, (enum finding_kind)a->kind, fault, sizeof fault);
		if (a->dim == 1)
			snprintf(rows, sizeof rows, " + %" PRIu64 " * threadIdx.z",
				 (uint64_t)a->param2 * a->bound);
		f.detail = xasprintf("%s assumes %s <= %" PRIu32 ": its code numbers the block's "
				     "threads threadIdx.x + %" PRIu32 " * threadIdx.y%s, and %s when "
				     "it is above%s", kname, dims[a->dim], a->bound, a->param2, rows,
				     fault, at);
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_SEGMENT) {
		f.detail = seg_text(pb, a, kname, o, at);
		free(kname);
		return f;
	}
	if (a->rel == EVOLVE_LANES) {
		f.detail = xasprintf("%s assumes blockDim.x is a multiple of %" PRIu32 ": its "
				     "warp-level code takes threadIdx.x for the lane, and a row of "
				     "the block that is not whole warps lacks lanes it reads%s",
				     kname, a->bound, at);
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
	if (ge && ge->kind == FK_RACE) {
		/* rows from a race (infer_rows_race): no shared array */
		char what[160];
		fault_text(fault_at(&r->cands[ge->launch], FK_RACE, ge->func, ge->pc), FK_RACE,
			   what, sizeof what);
		why_ge = xasprintf("its code takes threadIdx.x for a row's lanes, and where a "
				   "smaller block's rows share a warp, %s%s", what, at_text(r, ge));
	} else if (ge) {
		char *names = bound_arrays(p, r, ge);
		why_ge = xasprintf("shared %s %s read where no thread of a smaller block writes%s",
				   names, strstr(names, " and ") ? "are" : "is", at_text(r, ge));
		free(names);
	}
	/* block x bounded to one multiple of whole rows: blockDim.x == 32 */
	const struct evolve_assumption *lanes = a->dim == 0 ? lanes_of(r) : NULL;
	char *why_lanes = NULL;
	if (lanes && lanes_pin_x(r, lanes))
		why_lanes = xasprintf("its warp-level code takes threadIdx.x for the lane%s",
				      at_text(r, lanes));
	char head[160];
	if (why_lanes)
		snprintf(head, sizeof head, "blockDim.x == %" PRIu32, lanes->bound);
	else if (le && ge && le->bound == ge->bound)
		snprintf(head, sizeof head, "%s == %" PRIu32, dims[a->dim], le->bound);
	else if (le && ge)
		snprintf(head, sizeof head, "%" PRIu32 " <= %s <= %" PRIu32, ge->bound, dims[a->dim],
			 le->bound);
	else if (le)
		snprintf(head, sizeof head, "%s <= %" PRIu32, dims[a->dim], le->bound);
	else
		snprintf(head, sizeof head, "%s >= %" PRIu32, dims[a->dim], ge->bound);
	f.detail = xasprintf("%s assumes %s: %s%s%s%s%s", kname, head, why_le ? why_le : "",
			     why_le && why_ge ? ", and " : "", why_ge ? why_ge : "",
			     why_lanes ? ", and " : "", why_lanes ? why_lanes : "");
	f.space = AS_SHARED;
	f.where = array_name(p, w->alloc);
	if (w->kind == FK_RACE && o && o->where) {
		free(f.where);
		f.space = o->space;
		f.where = xstrdup(o->where);
	}
	free(why_le);
	free(why_ge);
	free(why_lanes);
	free(kname);
	return f;
}
