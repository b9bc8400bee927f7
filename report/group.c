/*
** group.c: one finding per mistake (report/group.h).
**
** A missing barrier before four neighbour reads is one mistake, but the
** detectors see up to a dozen instruction pairs (each read and write of
** each statement, each hazard, each warp class) and an uninitialized read
** at each read the write did not reach first.  The report groups them as
** they arrive (docs/DECISIONS.md, "One finding per mistake"):
**
**   - races on one memory object of one kernel whose statements connect
**     (a pair shares a statement with another pair), or that one launch
**     first saw between the same two threads over the same footprint (the
**     fields of one element), are one finding;
**   - an uninitialized read at an instruction that one of those races
**     reads at, on the same object, is explained by the race and joins it;
**   - the uninitialized reads of one statement on one object are one
**     finding, and so are the out-of-bounds accesses, and those of
**     statements one launch first saw at the same thread as many times;
**   - barrier divergences of one kernel that share a barrier (a loop left
**     early: threads wait at the loop's barrier while others wait at the
**     one after it, and the block's last threads at the latter alone), or
**     that were first seen in one block with the same threads missing (a
**     loop some threads left early, at each of its barriers), are one
**     finding;
**   - an uninitialized read of shared memory in a block released divergent
**     at one of those barriers before it joins them (the threads that
**     never arrived never wrote), whatever the object.
**
** A statement is a source line (file and line); an instruction without a
** line is a statement of its own.  A memory object is the address space
** and the name `where` gives before its first '['.
*/
#include <stdlib.h>
#include <string.h>

#include "report/group.h"
#include "base/util.h"

int report_group_kind(enum finding_kind kind)
{
	return kind == FK_RACE || kind == FK_UNINIT || kind == FK_OOB
	       || kind == FK_BARRIER_DIVERGENCE;
}

/* The kernel of the launch that exposed F, UINT32_MAX when none. */
static uint32_t kernel_of(const struct report *r, const struct finding *f)
{
	return f->launch < r->nlaunches ? r->launches[f->launch].kernel : UINT32_MAX;
}

/* Whether A and B are about the same memory object. */
static int same_object(const struct finding *a, const struct finding *b)
{
	if (a->space != b->space)
		return 0;
	const char *x = a->where ? a->where : "", *y = b->where ? b->where : "";
	size_t nx = strcspn(x, "["), ny = strcspn(y, "[");
	return nx == ny && strncmp(x, y, nx) == 0;
}

/* One access site of a finding. */
struct gsite {
	uint32_t func, pc;
	const struct srcloc *loc;
};

/* The sites of member M: both accesses of a race, a divergence's barrier
** and the other barrier threads waited at, else its one site. */
static int sites_of(const struct finding *m, struct gsite s[2])
{
	s[0] = (struct gsite){ m->func, m->pc, &m->loc };
	if (m->kind == FK_BARRIER_DIVERGENCE && m->second.func == FINDING_NO_SITE)
		return 1;
	if (m->kind != FK_RACE && m->kind != FK_BARRIER_DIVERGENCE)
		return 1;
	s[1] = (struct gsite){ m->second.func, m->second.pc, &m->second.loc };
	return 2;
}

static int same_stmt(const struct gsite *a, const struct gsite *b)
{
	if (a->loc->line == 0 || b->loc->line == 0)
		return a->func == b->func && a->pc == b->pc;
	return a->loc->line == b->loc->line && a->loc->file && b->loc->file
	       && strcmp(a->loc->file, b->loc->file) == 0;
}

/* The threads of divergence M's witness block that waited at no barrier
** (exited, or elsewhere) into MASK, a bit per thread as struct bd_group's;
** whether there were any. */
static int absent_threads(const struct finding *m, uint32_t mask[32])
{
	memset(mask, 0, 32 * sizeof *mask);
	int any = 0;
	for (uint32_t g = 0; m->div && g < m->div->ngroups; g++) {
		const struct bd_group *bg = &m->div->groups[g];
		if (bg->state != BD_EXITED && bg->state != BD_ELSEWHERE)
			continue;
		for (int w = 0; w < 32; w++) {
			mask[w] |= bg->mask[w];
			any |= bg->mask[w] != 0;
		}
	}
	return any;
}

/* Whether divergences A and B were first seen in one block of one launch
** with the same threads missing: the threads that left a loop early miss
** each of its barriers, one mistake. */
static int same_absent(const struct finding *a, const struct finding *b)
{
	uint32_t ma[32], mb[32];
	if (a->grid || b->grid || a->launch != b->launch
	    || memcmp(a->who.block, b->who.block, sizeof a->who.block) != 0)
		return 0;
	return absent_threads(a, ma) && absent_threads(b, mb) && memcmp(ma, mb, sizeof ma) == 0;
}

/* Whether uninitialized read U came after its block was released
** divergent at one of divergence D's barriers (struct finding
** after_divergence): the threads that never arrived never wrote. */
static int explains(const struct finding *d, const struct finding *u)
{
	if (d->kind != FK_BARRIER_DIVERGENCE || u->kind != FK_UNINIT || !u->after_divergence
	    || d->grid)
		return 0;
	return (d->func == u->div_func && d->pc == u->div_pc)
	       || (d->second.func == u->div_func && d->second.pc == u->div_pc);
}

/* Whether members A and B (on one object, of one kind) are one access
** pattern seen once: first seen in one launch by the same threads (a
** race's two, in the same class, over as many addresses and thread pairs;
** an out-of-bounds access's one, as many times).  Statements that touch
** the fields of one element (`fv[i].v += ...; fv[i].x += ...`) race, or
** leave the buffer, wherever the element does, so one index map that
** gives two threads one element (or one element past the end), or one
** missing barrier before it, explains them all; two mistakes on one
** object leave different threads or footprints. */
static int same_footprint(const struct finding *a, const struct finding *b)
{
	const size_t n = sizeof(struct thread_id);
	if (a->kind != b->kind || a->launch != b->launch)
		return 0;
	if (a->kind == FK_OOB)
		return a->count == b->count && memcmp(&a->who, &b->who, n) == 0;
	if (a->kind != FK_RACE || a->race_class != b->race_class
	    || a->addresses != b->addresses || a->thread_pairs != b->thread_pairs)
		return 0;
	return (memcmp(&a->who, &b->who, n) == 0 && memcmp(&a->second.who, &b->second.who, n) == 0)
	       || (memcmp(&a->who, &b->second.who, n) == 0
		   && memcmp(&a->second.who, &b->who, n) == 0);
}

/* Whether members A and B (of one kernel) are one mistake: on one object,
** races sharing a statement or a footprint, a race and an uninitialized
** read at one of its instructions, two reads of one statement, two
** out-of-bounds accesses of one statement or footprint; two divergences
** sharing a barrier or missing the same threads; a divergence and an
** uninitialized read it explains. */
static int linked(const struct finding *a, const struct finding *b)
{
	if (explains(a, b) || explains(b, a))
		return 1;
	/* out-of-bounds accesses and divergences link with their own kind
	** only; a grid barrier's divergence with a grid barrier's */
	if (a->kind == FK_OOB || b->kind == FK_OOB || a->kind == FK_BARRIER_DIVERGENCE
	    || b->kind == FK_BARRIER_DIVERGENCE) {
		if (a->kind != b->kind || a->grid != b->grid)
			return 0;
	}
	if (a->kind == FK_BARRIER_DIVERGENCE && same_absent(a, b))
		return 1;
	if (!same_object(a, b))
		return 0;
	if (same_footprint(a, b))
		return 1;
	struct gsite sa[2], sb[2];
	int na = sites_of(a, sa), nb = sites_of(b, sb);
	int exact = (a->kind == FK_RACE) != (b->kind == FK_RACE);
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			if (exact ? sa[i].func == sb[j].func && sa[i].pc == sb[j].pc
				  : same_stmt(&sa[i], &sb[j]))
				return 1;
	return 0;
}

/* Whether member F joins group G. */
static int joins(const struct report *r, const struct finding *g, const struct finding *f)
{
	if (g->members == NULL || kernel_of(r, g) != kernel_of(r, f))
		return 0;
	for (uint32_t i = 0; i < g->nmembers; i++)
		if (linked(&g->members[i], f))
			return 1;
	return 0;
}

/* Whether member A is a better witness than member B: the stronger
** contract (the group is shown under its witness's: a member under the
** kernel's contract keeps the group in the default report), then a race
** or a divergence before the reads it explains. */
static int better_witness(const struct finding *a, const struct finding *b)
{
	if (a->contract != b->contract)
		return a->contract < b->contract;
	if ((a->kind == FK_RACE) != (b->kind == FK_RACE))
		return a->kind == FK_RACE;
	return a->kind == FK_BARRIER_DIVERGENCE && b->kind != FK_BARRIER_DIVERGENCE;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/*
** Makes group G's own fields those of its witness member (the first best
** by better_witness) with the group's counts: occurrences and executions
** summed over the members of the witness's kind, distinct addresses,
** thread pairs and launches the largest of theirs (distinct things cannot
** be summed), benign and its-only only when every race is, the strongest
** contract and the worst severity.  What the witness owns (where, detail,
** a divergence's groups) the group holds a copy of.
*/
static void group_header(struct finding *g)
{
	uint32_t w = 0;
	for (uint32_t i = 1; i < g->nmembers; i++)
		if (better_witness(&g->members[i], &g->members[w]))
			w = i;
	struct finding *members = g->members;
	uint32_t n = g->nmembers, cap = g->capmembers;
	const struct finding *wm = &members[w];
	free(g->where);
	free(g->detail);
	if (g->div)
		free(g->div->groups);
	free(g->div);
	*g = *wm;
	g->where = wm->where ? xstrdup(wm->where) : NULL;
	g->detail = wm->detail ? xstrdup(wm->detail) : NULL;
	g->div = NULL;
	if (wm->div) {
		g->div = xmalloc(sizeof *g->div);
		*g->div = *wm->div;
		g->div->groups = xmalloc((wm->div->ngroups ? wm->div->ngroups : 1)
					 * sizeof *g->div->groups);
		memcpy(g->div->groups, wm->div->groups, wm->div->ngroups * sizeof *g->div->groups);
	}
	g->members = members;
	g->nmembers = n;
	g->capmembers = cap;
	g->count = g->executions = 0;
	g->benign = g->its_only = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct finding *m = &members[i];
		if (m->kind != g->kind)
			continue;
		g->count += m->count;
		g->executions += m->executions;
		g->addresses = max64(g->addresses, m->addresses);
		g->thread_pairs = max64(g->thread_pairs, m->thread_pairs);
		g->launches = max64(g->launches, m->launches);
		g->benign = g->benign && m->benign;
		g->its_only = g->its_only && m->its_only;
	}
	if (g->kind != FK_RACE)
		g->benign = g->its_only = 0;
	/* a race is a warning only when every member is benign: the worst */
	g->severity = finding_severity(g);
}

/* Moves the members of group *FROM into group G and removes *FROM from
** the report's findings (those after it move down one). */
static void group_absorb(struct report *r, struct finding *g, uint32_t from)
{
	struct finding *d = &r->findings.v[from];
	for (uint32_t i = 0; i < d->nmembers; i++)
		VEC_PUSH(g->members, g->nmembers, g->capmembers, d->members[i]);
	free(d->members);
	d->members = NULL;
	d->nmembers = 0;
	finding_clear(d);
	memmove(d, d + 1, (r->findings.n - from - 1) * sizeof *d);
	r->findings.n--;
}

void report_group_take(struct report *r, struct finding *f)
{
	/* the same site or pair again: its counts, and perhaps its witness */
	for (uint32_t i = 0; i < r->findings.n; i++) {
		struct finding *g = &r->findings.v[i];
		for (uint32_t j = 0; g->members && j < g->nmembers; j++) {
			struct finding *m = &g->members[j];
			if (kernel_of(r, m) == kernel_of(r, f) && finding_same(m, f)) {
				report_add_occurrences(m, f);
				group_header(g);
				return;
			}
		}
	}
	/* the first group it links to takes it, and every later one */
	uint32_t first = UINT32_MAX;
	for (uint32_t i = 0; i < r->findings.n; i++) {
		if (!joins(r, &r->findings.v[i], f))
			continue;
		if (first == UINT32_MAX) {
			first = i;
			continue;
		}
		group_absorb(r, &r->findings.v[first], i);
		i--;
	}
	if (first == UINT32_MAX) {
		struct finding g = { 0 };
		g.kind = f->kind;
		VEC_PUSH(r->findings.v, r->findings.n, r->findings.cap, g);
		first = r->findings.n - 1;
	}
	struct finding *g = &r->findings.v[first];
	VEC_PUSH(g->members, g->nmembers, g->capmembers, *f);
	memset(f, 0, sizeof *f);
	group_header(g);
}

int report_holds(const struct report *r, const struct finding *f, enum contract_level contract)
{
	for (uint32_t i = 0; i < r->findings.n; i++) {
		const struct finding *g = &r->findings.v[i];
		if (g->contract != contract)
			continue;
		if (g->members == NULL && finding_same(g, f))
			return 1;
		for (uint32_t j = 0; g->members && j < g->nmembers; j++)
			if (kernel_of(r, &g->members[j]) == kernel_of(r, f) && finding_same(&g->members[j], f))
				return 1;
		if (report_group_kind(f->kind) && joins(r, g, f))
			return 1;
	}
	return 0;
}
