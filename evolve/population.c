/*
** population.c: the search's candidates once run (search_int.h): how they
** rank, how their findings merge, how they are counted, and the warnings
** the whole population gives when no launch finished or was checked.
*/
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "detect/analyse.h"
#include "evolve/search_int.h"
#include "base/util.h"

/* ---- merging ----------------------------------------------------------- */

static int same_finding(const struct finding *a, const struct finding *b)
{
	if (a->kind != b->kind)
		return 0;
	if (a->kind == FK_REFUSED_LAUNCH)
		return finding_same(a, b);
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
** contract CONTRACT, or CL_NONE for one the kernel's data assumption
** explains (rule 12).  A finding seen under a stronger contract than the
** one it was merged with takes that launch as its witness. */
void search_merge_findings(struct findings *all, struct findings *fs, uint32_t launch,
			   uint8_t launch_contract)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i], *old = find_same(all, f);
		uint8_t contract = f->data_outside ? CL_NONE : launch_contract;
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
		const int stronger = !perf && contract < old->contract;
		if ((perf && contract <= old->contract
		     && finding_perf_worse(f->kind, f->perf_worst, f->perf_need, old->perf_worst,
					   old->perf_need))
		    || stronger
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
		if (contract == old->contract && !stronger) {
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
uint32_t search_note_seen(struct findings *seen, const struct findings *fs)
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
int search_better(const struct evolve_cand *a, uint32_t ia, const struct evolve_cand *b,
		  uint32_t ib)
{
	if ((a->rejected >= 0) != (b->rejected >= 0))
		return a->rejected < 0;
	if (search_said_nothing(a) != search_said_nothing(b))
		return search_said_nothing(b);
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
int search_redundant_so_far(const struct barrier_verdicts *bv)
{
	for (uint32_t i = 0; i < bv->n; i++)
		if (barrier_record_verdict(&bv->v[i]) == BV_REDUNDANT)
			return 1;
	return 0;
}

uint32_t *search_dim_of(struct evolve_cand *c, unsigned dim)
{
	return search_dim_of_c(c, (int)dim);
}

/* Whether candidate C breaks assumption A of PB's kernel. */
int search_breaks(const struct evolve_problem *pb, const struct evolve_assumption *a,
		  const struct evolve_cand *c)
{
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	const uint32_t comps[6] = { c->block.x, c->block.y, c->block.z,
				    c->grid.x, c->grid.y, c->grid.z };
	uint64_t v = a->dim < EVOLVE_PARAM_DIM ? comps[a->dim] : a->dim == EVOLVE_THREADS_DIM ? bt : 0;
	switch (a->rel) {
	case EVOLVE_NONZERO:
		return c->bits[a->param] == 0;
	case EVOLVE_RELATION:
		return c->bits[a->param] != search_tie_bits(pb, a->param, a->bound, c);
	case EVOLVE_SCALARS: {
		struct scalar_ref sa, sb;
		search_scalar_ref(pb, a->param, &sa);
		search_scalar_ref(pb, a->param2, &sb);
		double x = search_scalar_get(c->bits[a->param], sa.et);
		double y = search_scalar_get(c->bits[a->param2], sb.et) * (a->base > 1 ? a->base : 1);
		return a->bound ? x != y : x < y;
	}
	case EVOLVE_NONNEG: {
		struct scalar_ref sa;
		search_scalar_ref(pb, a->param, &sa);
		return search_scalar_get(c->bits[a->param], sa.et) < 0;
	}
	case EVOLVE_FLAT: case EVOLVE_GRID_ONE:
		return v != 1;
	case EVOLVE_LANES:
		return c->block.x % a->bound != 0;
	case EVOLVE_SEGMENT:
		return search_seg_short(pb, c);
	case EVOLVE_DATA: case EVOLVE_READBACK:
		return 0;	/* the finding's, not the launch's (rule 12) */
	case EVOLVE_AT_MOST: case EVOLVE_PART: case EVOLVE_LINEAR:
		return v > a->bound;
	case EVOLVE_AT_LEAST:
		return v < a->bound;
	default:
		return bt % a->bound != 0;
	}
}

/* Whether C breaks an inferred assumption of R. */
int search_beyond_assumptions(const struct evolve_problem *pb, const struct evolve_result *r,
			      struct evolve_cand *c)
{
	for (uint32_t i = 0; i < r->nassumptions; i++)
		if (search_breaks(pb, &r->assumptions[i], c))
			return 1;
	return 0;
}

/* The contract C lies under (docs/CONTRACTS.md): explored for a problem
** with a base (a launch the program made); a host launch's, unless the
** budget shrank it other than by dropping blocks; none beyond an
** assumption or, for a kernel the host launches, any other;
** else declared or inferred, as the kernel states a contract or not. */
uint8_t search_cand_contract(const struct evolve_problem *pb, const struct evolve_cand *c)
{
	if (pb->base)
		return CL_EXPLORED;
	if (c->site >= 0 && (c->shrunk & EVOLVE_SHRUNK_OTHER) == 0)
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
uint32_t search_add_cand(struct driver *d, struct evolve_cand *c, uint32_t gen)
{
	struct evolve_result *r = d->res;
	uint32_t idx = r->ncands;
	c->generation = gen;
	c->beyond = c->site < 0 && search_beyond_assumptions(d->pb, r, c);
	c->contract = search_cand_contract(d->pb, c);
	if (c->rejected < 0 && d->s->grid_blind && c->grid.x * (uint64_t)c->grid.y * c->grid.z > 1)
		drop_identical_writes(&c->fs);
	VEC_PUSH(r->cands, r->ncands, d->capcands, *c);
	if (c->rejected == EVOLVE_CUT) {
		r->cut++;
		if (c->work_cut && r->work_cut++ == 0)
			r->first_work_cut = idx;
		return idx;
	}
	if (c->rejected == EVOLVE_REFUSED) {
		*(c->unmade ? &r->unmade : &r->refused) += 1;
		return idx;
	}
	if (c->rejected >= 0) {
		r->rejected_by[c->rejected < FK__COUNT ? c->rejected : FK_TRAP]++;
		return idx;
	}
	r->accepted++;
	uint32_t fresh = search_note_seen(&d->seen, &c->fs);
	barrier_verdicts_add_of(&r->barriers, d->pb->prog, c->bars, c->nbars, d->pb->model);
	search_note_coverage(d, &r->cands[idx], fresh);
	return idx;
}

/* Larger launches in a row that show nothing new before launch sizes
** stop growing (docs/DECISIONS.md, "Launch sizes grow while they show
** something new"). */
#define GROW_STALE 3

/*
** Takes the coverage of C, a launch within the contract that FRESH new
** (kind, sites) of findings came from: the static sites its accesses
** reached and the barriers it executed that no launch of the search's
** own had.  A launch of the search's own (no host site's, no probe) with
** more threads than every one before counts as growth: showing nothing
** new, GROW_STALE of them in a row cap the threads a mutated child may
** grow to (space size_cap) at the most threads so far; one that shows
** something new (a stratum's draw past the cap) lifts the cap.  C's
** reached sites are freed.
*/
void search_note_coverage(struct driver *d, struct evolve_cand *c, uint32_t fresh)
{
	const struct program *p = d->pb->prog;
	int news = fresh > 0;
	if (c->reached && p->nsites) {
		if (d->reached == NULL)
			d->reached = xcalloc(p->nsites, 1);
		for (uint32_t i = 0; i < p->nsites; i++)
			if (c->reached[i] && !d->reached[i])
				d->reached[i] = 1, news = 1;
	}
	free(c->reached);
	c->reached = NULL;
	for (uint32_t i = 0; i < c->nbars; i++) {
		uint32_t k = 0;
		if (c->bars[i].executions == 0)
			continue;
		while (k < d->nbars_seen && d->bars_seen[k] != c->bars[i].id)
			k++;
		if (k == d->nbars_seen) {
			VEC_PUSH(d->bars_seen, d->nbars_seen, d->capbars_seen, c->bars[i].id);
			news = 1;
		}
	}
	if (c->probe || c->site >= 0)
		return;
	uint64_t t = search_threads_of(c);
	if (t <= d->grown)
		return;
	d->grown = t;
	d->stale = news ? 0 : d->stale + 1;
	if (news)
		d->s->size_cap = 0;
	else if (d->stale >= GROW_STALE)
		d->s->size_cap = t;
}

/* Sorts the indices POP[0..N) best first (insertion sort: N is small). */
void search_sort_pop(const struct evolve_result *r, uint32_t *pop, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++) {
		uint32_t x = pop[i], j = i;
		while (j > 0 && search_better(&r->cands[x], x, &r->cands[pop[j - 1]], pop[j - 1])) {
			pop[j] = pop[j - 1];
			j--;
		}
		pop[j] = x;
	}
}

/* Whether C is a launch the program makes that the step or memory budget
** stopped: a limit of the simulation at the program's size, not a fault
** of the kernel's (docs/DECISIONS.md, "A budget that stops the program's
** launches is a warning"): search_none_inside says it, never as an
** error. */
static int host_budget_stop(const struct evolve_cand *c)
{
	return c->site >= 0 && (c->rejected == FK_STEP_BUDGET || c->rejected == FK_MEMORY_BUDGET);
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
** some of them the search's own (the program's alone, at its sizes, say
** nothing of that: search_none_inside's warning), the first such launch
** under the strongest contract becomes a finding:
** its budget fault, which the search would otherwise drop with the launch,
** saying so.  Silence would read as a clean kernel.  Returns whether it
** did. */
int search_no_finishing_launch(struct evolve_result *r)
{
	uint32_t steps = 0, memory = 0, made = 0, w = UINT32_MAX;
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct evolve_cand *c = &r->cands[i];
		if (search_said_nothing(c))
			continue;	/* the clock stopped it, or CUDA refuses it */
		if (c->rejected != FK_STEP_BUDGET && c->rejected != FK_MEMORY_BUDGET)
			return 0;
		made += !host_budget_stop(c);
		*(c->rejected == FK_STEP_BUDGET ? &steps : &memory) += 1;
		if (w == UINT32_MAX || c->contract < r->cands[w].contract)
			w = i;
	}
	/* only the program's launches, at its sizes: the simulation's limit
	** (search_none_inside), no sign of a kernel that never ends */
	if (w == UINT32_MAX || made == 0)
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
	uint32_t clock = r->cut - r->work_cut;
	char *cut = clock ? xasprintf(" (%" PRIu32 " more cut short by the time limit)", clock)
			  : xstrdup("");
	f->detail = xasprintf("no launch finishes: all %" PRIu32 " launch%s the search ran %s%s%s%s",
			      ran, ran == 1 ? "" : "es",
			      steps ? "hit the step budget" : "", steps && memory ? " or " : "",
			      memory ? "passed the memory budget" : "", cut);
	free(cut);
	free(was);
	search_merge_findings(&r->findings, &c->fs, w, c->contract);
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
** exit 0.  Returns whether it did.
*/
int search_nothing_checked(struct evolve_result *r)
{
	uint32_t ran = 0, most = 0, w = UINT32_MAX;
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct evolve_cand *c = &r->cands[i];
		if (search_said_nothing(c) || host_budget_stop(c))
			continue;
		if (c->rejected < 0)
			return 0;
		ran++;
	}
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct finding *a = host_budget_stop(&r->cands[i]) ? NULL : fault_of(&r->cands[i]);
		if (a == NULL)
			continue;
		uint32_t n = 0, first = UINT32_MAX;
		for (uint32_t j = 0; j < r->ncands; j++) {
			const struct finding *b = host_budget_stop(&r->cands[j]) ? NULL
						  : fault_of(&r->cands[j]);
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
		return 0;
	const struct finding *a = fault_of(&r->cands[w]);
	struct findings fs = { 0 };
	struct finding *f = findings_add(&fs, FK_NOTHING_CHECKED, a->func, a->pc, &a->loc, &a->who,
					 0, NULL, NULL);
	f->detail = xasprintf("%s launch the search tried stopped at a fault, %s here (%s, %"
			      PRIu32 " of %" PRIu32 ")", ran == 1 ? "the one" : "every",
			      most == ran ? "all" : "most", finding_kind_name(a->kind), most, ran);
	search_merge_findings(&r->findings, &fs, w, r->cands[w].contract);
	free(fs.v);
	r->best = w;
	return 1;
}

/*
** When no launch that finished lies inside the kernel's contract and no
** host launch stopped at a fault (which is the program's, and shown),
** nothing the contract covers was checked, and the report would read `0
** errors`: the time limit cut every launch, or every launch the host
** makes, while the launches the search made up lie under `none` (or
** beyond the kernel's inferred assumptions), or the program makes no
** launch of the kernel (its sites' conditions never held: unmade).  A
** warning at the first host launch site (else the kernel's definition)
** says which, its witness the first launch that finished (else the first
** cut).  Returns whether it did.
*/
int search_none_inside(const struct evolve_problem *pb, struct evolve_result *r)
{
	uint32_t finished = 0, cut = 0, host = 0, host_cut = 0, host_budget = 0, w = UINT32_MAX,
		 wcut = UINT32_MAX, wbudget = UINT32_MAX;
	uint32_t unmade = 0;
	int32_t site = -1, usite = -1;
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct evolve_cand *c = &r->cands[i];
		if (c->unmade && c->site >= 0) {
			unmade++;
			if (usite < 0)
				usite = c->site;
		}
		if (c->rejected == EVOLVE_REFUSED || c->unmade)
			continue;
		if (c->site >= 0) {
			host++;
			if (site < 0)
				site = c->site;
		}
		if (c->rejected == EVOLVE_CUT) {
			cut++;
			host_cut += c->site >= 0;
			if (wcut == UINT32_MAX)
				wcut = i;
			continue;
		}
		if (host_budget_stop(c)) {
			/* the tool's limit, not the program's fault: unchecked */
			host_budget++;
			if (wbudget == UINT32_MAX)
				wbudget = i;
			continue;
		}
		if ((c->rejected < 0 && c->contract != CL_NONE) || (c->rejected >= 0 && c->site >= 0))
			return 0;
		if (c->rejected < 0 && w == UINT32_MAX)
			w = i;
		finished += c->rejected < 0;
	}
	if (w == UINT32_MAX || wbudget != UINT32_MAX)
		w = wbudget != UINT32_MAX ? wbudget : wcut;
	if (w == UINT32_MAX)
		return 0;
	const struct func *fn = &pb->prog->funcs[pb->func];
	struct srcloc loc = { fn->file, fn->demangled, fn->decl_line, 0 };
	if (site < 0)
		site = usite;	/* the program's site it never reaches */
	if (site >= 0) {
		const struct hsite *st = &pb->hs->s[pb->sites[site]];
		loc = (struct srcloc){ st->file, fn->demangled, st->line, st->col };
	}
	char *clock = host_cut ? xasprintf(", the time limit cut %" PRIu32 " short", host_cut)
			       : xstrdup("");
	char *why = host && host_cut == host
		    ? xasprintf("the time limit (%g s) cut short every launch the host code makes "
				"(%" PRIu32 ")", pb->time_limit, host)
		    : host_budget && host_budget + host_cut == host
		    ? xasprintf("no launch the host code makes ran to its end: the step or memory "
				"budget, a limit of the simulation and not a fault of the program, "
				"stopped %" PRIu32 " (--max-steps and --max-memory raise them)%s",
				host_budget, clock)
		    : host ? xasprintf("no launch the host code makes ran as the program makes it "
				       "(%" PRIu32 ", %" PRIu32 " cut short by the time limit)", host,
				       host_cut)
		    : unmade ? xasprintf("the program makes no launch of it: the conditions on the "
					 "way to its launch site never held for the values the host "
					 "code gives (%" PRIu32 " tried)", unmade)
		    : finished ? xstrdup("no launch the search ran lies inside the kernel's contract")
		    : xasprintf("the time limit (%g s) came before any launch finished", pb->time_limit);
	char *ran = finished ? xasprintf("; the %" PRIu32 " launch%s that finished lie%s outside "
					 "every contract (--contract=any lists what %s showed)",
					 finished, finished == 1 ? "" : "es", finished == 1 ? "s" : "",
					 finished == 1 ? "it" : "they")
			     : xasprintf("; %" PRIu32 " launch%s cut short, none finished", cut,
					 cut == 1 ? "" : "es");
	struct findings fs = { 0 };
	struct finding *f = findings_add(&fs, FK_NOTHING_CHECKED, pb->func, UINT32_MAX, &loc, NULL,
					 0, NULL, NULL);
	f->detail = xasprintf("%s%s", why, ran);
	free(clock);
	free(why);
	free(ran);
	search_merge_findings(&r->findings, &fs, w, r->cands[w].contract);
	free(fs.v);
	r->best = w;
	return 1;
}

/*
** When every launch the host code makes of the kernel, as the search
** evaluated its sites, is one CUDA refuses (a grid of n / 64 blocks with
** n below 64: zero), nothing the program does was checked: a warning at
** the host launch site of the first such launch says so (the launches the
** search makes up beyond the host's are checked as before, under a weaker
** contract).  Returns whether it did.
*/
int search_all_refused(const struct evolve_problem *pb, struct evolve_result *r)
{
	uint32_t w = UINT32_MAX, host = 0;
	for (uint32_t i = 0; i < r->ncands; i++) {
		const struct evolve_cand *c = &r->cands[i];
		if (c->site < 0 || c->rejected == EVOLVE_CUT || c->unmade)
			continue;	/* an unmade launch is none the program makes */
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
	fd->detail = xasprintf("every launch the host code makes here is one CUDA refuses (all %"
			       PRIu32 "; the first: grid (%" PRIu64 ",%" PRIu64 ",%" PRIu64
			       "), block (%" PRIu64 ",%" PRIu64 ",%" PRIu64 "): a dimension of 0, "
			       "or past CUDA's limits)", host, v[3], v[4], v[5], v[0], v[1], v[2]);
	search_merge_findings(&r->findings, &fs, w, r->cands[w].contract);
	free(fs.v);
	r->best = w;
	return 1;
}

/*
** A host site whose grid, block and dynamic shared size are constants
** (`k<<<32 / 64, 64>>>`, `<<<1, 2048>>>`) that CUDA refuses is a mistake
** of the program's own, whatever else the search finds: the kernel never
** runs there.  A refused-launch warning stands at each such site, under
** `host`, with no thread; its witness is a launch drawn there, never run.  Sites refused only for
** some values of the host's unknowns (`n / 64` with n free) are skipped
** by the search, silently (search.refused counts them).
*/
uint32_t search_refused_sites(const struct evolve_problem *pb, struct evolve_result *r)
{
	static const uint64_t lim[6] = { 1024, 1024, 64, 0x7fffffff, 65535, 65535 };
	static const char *const dn[6] = { "block.x", "block.y", "block.z", "grid.x", "grid.y", "grid.z" };
	const struct hostsites *hs = pb->hs;
	uint32_t n = 0;
	for (uint32_t i = 0; hs && i < pb->nsites; i++) {
		const struct hsite *st = &hs->s[pb->sites[i]];
		uint64_t v[6], sh = 0;
		int fixed = pb->shared_pinned || hexpr_is_const(hs, st->shmem);
		for (int d = 0; d < 6; d++) {
			uint32_t e = d < 3 ? st->block[d] : st->grid[d - 3];
			fixed &= hexpr_is_const(hs, e) && hexpr_eval(hs, e, NULL, &v[d]) == 0;
		}
		if (!fixed || (!pb->shared_pinned && hexpr_eval(hs, st->shmem, NULL, &sh) < 0))
			continue;
		char why[160] = "";
		for (int d = 5; d >= 0 && !why[0]; d--)
			if (v[d] == 0 || v[d] > lim[d])
				snprintf(why, sizeof why, "%s is %" PRIu64 "%s", dn[d], v[d],
					 v[d] == 0 ? "" : ", past its limit");
		if (!why[0] && v[0] * v[1] * v[2] > LAUNCH_MAX_THREADS_PER_BLOCK)
			snprintf(why, sizeof why, "a block of %" PRIu64 " threads, more than %u",
				 v[0] * v[1] * v[2], (unsigned)LAUNCH_MAX_THREADS_PER_BLOCK);
		if (!why[0] && !pb->shared_pinned && sh > SEARCH_HOST_SHARED_LIMIT)
			snprintf(why, sizeof why, "%" PRIu64 " bytes of dynamic shared memory, more "
				 "than a block can have (%u)", sh, SEARCH_HOST_SHARED_LIMIT);
		if (!why[0] && !pb->shared_pinned && sh + pb->static_shared > SEARCH_HOST_SHARED_LIMIT)
			snprintf(why, sizeof why, "%" PRIu64 " bytes of shared memory (%" PRIu64
				 " static, %" PRIu64 " dynamic), more than a block can have (%u)",
				 sh + pb->static_shared, pb->static_shared, sh, SEARCH_HOST_SHARED_LIMIT);
		if (!why[0])
			continue;
		n++;
		const struct func *f = &pb->prog->funcs[pb->func];
		struct srcloc loc = { st->file, f->demangled, st->line, st->col };
		struct findings fs = { 0 };
		struct finding *fd = findings_add(&fs, FK_REFUSED_LAUNCH, pb->func, UINT32_MAX, &loc, NULL,
						  0, NULL, NULL);
		fd->detail = xasprintf("<<<(%" PRIu64 ",%" PRIu64 ",%" PRIu64 "), (%" PRIu64 ",%" PRIu64
				       ",%" PRIu64 "), %" PRIu64 ">>>: %s", v[3], v[4], v[5], v[0], v[1],
				       v[2], sh, why);
		/* its witness: a launch the search drew there (refused, not run) */
		uint32_t w = r->best;
		for (uint32_t k = 0; k < r->ncands; k++)
			if (r->cands[k].site == (int32_t)i) {
				w = k;
				break;
			}
		if (w == UINT32_MAX) {
			findings_free(&fs);
			continue;
		}
		search_merge_findings(&r->findings, &fs, w, CL_HOST);
		free(fs.v);
	}
	return n;
}

/* The search's own candidates in R inside the kernel's contract so far
** (accepted, and within the assumptions inferred so far); probes are not
** the search's draws and count for nothing here. */
uint32_t search_inside(const struct evolve_result *r)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < r->ncands; i++)
		n += r->cands[i].rejected < 0 && !r->cands[i].beyond && !r->cands[i].probe;
	return n;
}
