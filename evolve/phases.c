/*
** phases.c: the search's phases and its result; see search.h and
** search_int.h.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detect/analyse.h"
#include "evolve/pcg32.h"
#include "evolve/search_int.h"
#include "memmodel/mem.h"
#include "base/util.h"

#define STALL_GENERATIONS 5	/* stop after so many generations with no progress */
#define BUDGET_FACTOR 20	/* a launch's budget: times the median work of its siblings */
#define BUDGET_MIN 10000	/* warp instructions a launch may always execute */
/* Inference follows the work: its probes may always execute PROBE_FLOOR
** warp instructions, and beyond that as many as the search's own
** launches executed */
#define PROBE_FLOOR (UINT64_C(1) << 22)

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

/* Candidate I of R, counted as accepted or rejected, is cut after all. */
static void uncount_cut(struct evolve_result *r, uint32_t i)
{
	struct evolve_cand *c = &r->cands[i];
	if (c->rejected < 0)
		r->accepted--;
	else if (c->rejected == EVOLVE_REFUSED)
		*(c->unmade ? &r->unmade : &r->refused) -= 1;
	else if (c->rejected != EVOLVE_CUT)
		r->rejected_by[c->rejected < FK__COUNT ? c->rejected : FK_TRAP]--;
	search_cut_short(c);
	r->cut++;
}

/* The work R's launches executed: the search's own (*OWN) and its probes'
** (*PROBES, of *NPROBES launches). */
static void work_split(const struct evolve_result *r, uint64_t *own, uint64_t *probes, uint32_t *nprobes)
{
	*own = *probes = 0;
	*nprobes = 0;
	for (uint32_t i = 0; i < r->ncands; i++) {
		*(r->cands[i].probe ? probes : own) += r->cands[i].work;
		*nprobes += r->cands[i].probe;
	}
}

/* What the probes of D's search may still execute: PROBE_FLOOR plus what
** the search's own launches executed, less what the probes did
** (docs/DECISIONS.md, "Inference follows the work"); below 0: spent. */
static int64_t probe_room(const struct driver *d)
{
	uint64_t own, probes;
	uint32_t nprobes;
	work_split(d->res, &own, &probes, &nprobes);
	uint64_t cap = PROBE_FLOOR + own;
	return probes >= cap ? -(int64_t)(probes - cap > INT64_MAX ? INT64_MAX : probes - cap)
			     : (int64_t)(cap - probes > INT64_MAX ? INT64_MAX : cap - probes);
}

/* Evaluates CANDS[0..N) (moved into the result), adds them in order, and
** looks for the kernel's assumptions behind their faults, while the
** probes' budget lasts (past it, the launches with findings or faults
** left unprobed are counted, and the report says so). */
static void evaluate_new(struct driver *d, struct evolve_cand *cands, uint32_t n, uint32_t gen)
{
	uint64_t budget = sibling_budget(d);
	for (uint32_t i = 0; i < n; i++)
		cands[i].budget = budget;
	d->res->reruns += search_run_batch(d->pb, d->ws, d->nw, cands, n);
	uint32_t first = d->res->ncands;
	for (uint32_t i = 0; i < n; i++)
		search_add_cand(d, &cands[i], gen);
	for (uint32_t i = first; i < first + n; i++) {
		if (search_said_nothing(&d->res->cands[i]))
			continue;
		search_host_fault(d, i, gen);
		/* a launch with findings probes while the budget lasts, the
		** others as before (their faults decide the contract) */
		int bounded = d->res->cands[i].fs.n > 0;
		d->probe_room = bounded ? probe_room(d) : INT64_MAX;
		d->probes_short = 0;
		if (bounded && d->probe_room < 0) {
			if (d->res->unprobed++ == 0)
				d->res->first_unprobed = i;
			continue;
		}
		uint32_t before = d->res->ncands;
		search_infer_from(d, i, gen);
		/* its probes stopped where the budget ran out */
		if (d->probes_short && d->res->unprobed++ == 0)
			d->res->first_unprobed = i;
		/* a probe once the clock has cut a launch is cut too: what the
		** launch's faults mean is unknown, so it is cut as well */
		if (search_clock_cut(d->res) && d->res->ncands > before)
			uncount_cut(d->res, i);
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

/* What the search-stopped-short note says of a search whose probes ran
** out of budget (a string to free). */
static char *unprobed_text(const struct driver *d)
{
	const struct evolve_result *r = d->res;
	uint64_t own, probes;
	uint32_t nprobes;
	work_split(r, &own, &probes, &nprobes);
	return xasprintf("the findings and faults of %" PRIu32 " launch%s were not probed for "
			 "the kernel's assumptions: its %" PRIu32 " probes had executed %" PRIu64
			 " warp instructions, past the probes' budget (%" PRIu64 " plus the %" PRIu64
			 " of the search's own launches)", r->unprobed, r->unprobed == 1 ? "" : "es",
			 nprobes, probes, PROBE_FLOOR, own);
}

/* What the search-stopped-short note says of a search whose launches'
** work budget cut some of them (evolve_problem launch_work; a string to
** free). */
static char *work_cut_text(const struct driver *d)
{
	const struct evolve_result *r = d->res;
	return xasprintf("%" PRIu32 " launch%s cut early, unchecked: each had executed more than "
			 "%" PRIu64 " warp instructions, or its blocks so far, as the average "
			 "block of its grid, came to more than twice that", r->work_cut,
			 r->work_cut == 1 ? " was" : "es were", d->pb->launch_work);
}

/* The search-stopped-short note, when the probes ran out of budget or
** the work budget cut launches (both in one note): at the kernel, no
** thread, the first launch left unprobed (else the first cut) as its
** witness. */
static void note_stopped_short(struct driver *d)
{
	const struct evolve_problem *pb = d->pb;
	struct evolve_result *r = d->res;
	const struct func *f = &pb->prog->funcs[pb->func];
	struct srcloc loc = { f->file, f->demangled, f->decl_line, 0 };
	char *a = r->unprobed ? unprobed_text(d) : NULL;
	char *b = r->work_cut ? work_cut_text(d) : NULL;
	struct findings fs = { 0 };
	struct finding *fd = findings_add(&fs, FK_SEARCH_SHORT, pb->func, UINT32_MAX, &loc, NULL, 0,
					  NULL, NULL);
	fd->detail = a && b ? xasprintf("%s; %s", a, b) : a ? a : b;
	if (a && b) {
		free(a);
		free(b);
	}
	uint32_t w = r->unprobed ? r->first_unprobed : r->first_work_cut;
	search_merge_findings(&r->findings, &fs, w, r->cands[w].contract);
	free(fs.v);
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
		if ((bound && bounded[a->dim]++) || search_assumption_folded(r, a))
			continue;	/* one warning per component: its bounds */
		struct finding f = search_assumption_finding(pb, r, a);
		f.contract = CL_INFERRED;
		VEC_PUSH(r->findings.v, r->findings.n, r->findings.cap, f);
	}
	for (uint32_t i = 0; i < r->ncands; i++) {
		struct evolve_cand *c = &r->cands[i];
		c->beyond = c->site < 0 && search_beyond_assumptions(pb, r, c);
		c->contract = search_cand_contract(pb, c);
	}
	barrier_verdicts_free(&r->barriers);
	barrier_verdicts_init(&r->barriers, pb->prog, pb->func);
	uint32_t best = UINT32_MAX;
	for (uint32_t i = 0; i < r->ncands; i++) {
		struct evolve_cand *c = &r->cands[i];
		if (c->rejected >= 0 || c->contract == CL_NONE)
			continue;
		barrier_verdicts_add_of(&r->barriers, pb->prog, c->bars, c->nbars, pb->model);
		if (best == UINT32_MAX || search_better(c, i, &r->cands[best], best))
			best = i;
	}
	for (uint8_t level = 0; level < CL__COUNT; level++)
		for (uint32_t i = 0; i < r->ncands; i++)
			if (r->cands[i].rejected < 0 && r->cands[i].contract == level)
				search_merge_findings(&r->findings, &r->cands[i].fs, i, level);
	if (best != UINT32_MAX) {
		struct findings fs = { 0 };
		detect_barrier_findings(&r->barriers, &r->findings, &fs);
		search_merge_findings(&r->findings, &fs, best, r->cands[best].contract);
		r->best = best;
	}
	if (r->unprobed || r->work_cut)
		note_stopped_short(d);
	/* every host site refused for its constants: their warnings say it */
	uint32_t nrefused = search_refused_sites(pb, r);
	if (pb->nsites && nrefused == pb->nsites)
		return;
	if (!search_no_finishing_launch(r) && !search_all_refused(pb, r) && !search_nothing_checked(r))
		search_none_inside(pb, r);
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
		search_cand_alloc(&batch[i], pb);
		if (host)
			search_init_host(s, g, i, &batch[i]);
		else
			search_init_cand(s, g, i, &batch[i]);
	}
	evaluate_new(d, batch, P, 0);
	uint32_t *pop = xcalloc(3 * (size_t)P, sizeof *pop);
	for (uint32_t i = 0; i < P; i++)
		pop[i] = base + i;
	search_sort_pop(out, pop, P);
	report_progress(d, 0, pop[0]);
	out->stop = search_clock_cut(out) ? EVOLVE_STOP_TIME : EVOLVE_STOP_GENERATIONS;
	uint32_t stall = 0, fresh = P;
	for (uint32_t gen = 1; gen <= generations && !search_clock_cut(out); gen++) {
		const struct evolve_cand *best = &out->cands[pop[0]];
		/* acceptable (the paper's stop), once a population's worth of
		** launches within the contract has been seen and no barrier is
		** redundant so far (more launches may show it needed) */
		if (threshold && best->rejected < 0 && !best->beyond && best->f < pb->threshold
		    && search_inside(out) >= P && !search_redundant_so_far(&out->barriers)) {
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
					/* one its work budget cut: the first
					** child tries smaller sizes */
					if (k == 0 && par->work_cut
					    && search_shrink_child(s, par, &batch[2 * i + k]))
						continue;
					if (k == 0 && (par->rejected == FK_ASSERT || par->rejected == FK_TRAP)
					    && search_i2s_child(s, par, gen * P + i, &batch[2 * i + k]))
						continue;
					search_cand_alloc(&batch[2 * i + k], pb);
					if (host)
						search_init_host(s, g, fresh++, &batch[2 * i + k]);
					else
						search_init_cand(s, g, fresh++, &batch[2 * i + k]);
				}
				continue;
			}
			if (host) {
				search_mutate_host(s, g, par, 0, &batch[2 * i]);
				search_mutate_host(s, g, par, 1, &batch[2 * i + 1]);
			} else {
				search_mutate(s, g, par, 0, &batch[2 * i]);
				search_mutate(s, g, par, 1, &batch[2 * i + 1]);
			}
		}
		uint32_t nfound = d->seen.n;
		double best_f = out->cands[pop[0]].rejected < 0 ? out->cands[pop[0]].f : 2.0;
		uint8_t best_i2s = out->cands[pop[0]].i2s;
		uint32_t first = out->ncands;
		evaluate_new(d, batch, 2 * P, gen);
		for (uint32_t i = 0; i < 2 * P; i++)
			pop[P + i] = first + i;
		search_sort_pop(out, pop, 3 * P);
		out->generations += 1;
		report_progress(d, gen, pop[0]);
		if (search_clock_cut(out)) {
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
	    || search_better(&out->cands[pop[0]], pop[0], &out->cands[d->best], d->best))
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
		s.glo[i] = search_compc(&pb->grid_lo, i);
		s.ghi[i] = search_compc(&pb->grid_hi, i);
		s.blo[i] = search_compc(&pb->block_lo, i);
		s.bhi[i] = search_compc(&pb->block_hi, i);
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
	s.coop = interp_is_cooperative(pb->prog, pb->func);
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
	s.band_off = xcalloc(search_nbits(pb) ? search_nbits(pb) : 1, sizeof *s.band_off);
	s.nonzero = xcalloc(search_nbits(pb) ? search_nbits(pb) : 1, 1);
	s.tie = xcalloc(search_nbits(pb) ? search_nbits(pb) : 1, 1);
	s.nonneg = xcalloc(search_nbits(pb) ? search_nbits(pb) : 1, 1);
	s.keeps_up = xcalloc(search_nbits(pb) ? search_nbits(pb) : 1, sizeof *s.keeps_up);
	s.keeps_eq = xcalloc(search_nbits(pb) ? search_nbits(pb) : 1, 1);
	s.keeps_mul = xcalloc(search_nbits(pb) ? search_nbits(pb) : 1, sizeof *s.keeps_mul);
	for (uint32_t p = 0; p < search_nbits(pb); p++)
		s.band_off[p] = pcg32_bounded(&g, 60);
	struct driver d = { .pb = pb, .s = &s, .res = out, .best = UINT32_MAX, .probe_room = INT64_MAX };
	barrier_verdicts_init(&out->barriers, pb->prog, pb->func);
	d.nw = pb->jobs ? pb->jobs : 1;
	d.ws = xcalloc(d.nw, sizeof *d.ws);
	struct mem_pool pool;
	mem_pool_init(&pool, pb->pool_bytes);
	struct mam_options mo = { .model = pb->model, .max_bytes = pb->max_shadow,
				  .pool = pb->pool_bytes ? &pool : NULL };
	for (unsigned i = 0; i < d.nw; i++) {
		d.ws[i].mam = mam_new(&mo);
		d.ws[i].pool = mo.pool;
		d.ws[i].devnull = fopen("/dev/null", "w");
		d.ws[i].deadline = pb->time_limit > 0 ? t0 + pb->time_limit : 0;
		if (s.grid_blind && !rd.varies)
			d.ws[i].alike = rd.writes ? 2 : 1;
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
	free(d.reached);
	free(d.bars_seen);
	free(s.band_off);
	free(s.nonzero);
	free(s.tie);
	free(s.nonneg);
	free(s.keeps_up);
	free(s.keeps_eq);
	free(s.keeps_mul);
	out->pool_peak = atomic_load(&pool.peak);
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
		search_cand_free(&r->cands[i]);
	free(r->cands);
	free(r->assumptions);
	findings_free(&r->findings);
	barrier_verdicts_free(&r->barriers);
	memset(r, 0, sizeof *r);
}
