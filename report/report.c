/*
** report.c: see report.h.  Building a report: its kernels, launches and
** findings, what it shows under the contract chosen, its counts and exit
** status.  The wording lives in words.c, the writers in text.c and json.c
** (report_int.h is what they share).  The text and JSON formats are
** specified field by field in docs/REPORT-FORMAT.md; keep the writers, that
** document and docs/report.schema.json in step.
*/
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "report/report.h"
#include "report/jtree.h"
#include "report/group.h"
#include "base/util.h"

/* ---- building a report --------------------------------------------------- */

void report_init(struct report *r)
{
	memset(r, 0, sizeof *r);
	r->warp_model = REPORT_ITS;
	r->fail_on = FAIL_ON_ERROR;
	r->show = CL_INFERRED;
}

static void launch_free(struct report_launch *l)
{
	for (uint32_t j = 0; j < l->nargs; j++) {
		free(l->args[j].name);
		free(l->args[j].value);
	}
	free(l->args);
	for (uint32_t j = 0; j < l->nbufs; j++) {
		free(l->bufs[j].name);
		free(l->bufs[j].type);
		free(l->bufs[j].init);
		free(l->bufs[j].tex);
	}
	free(l->bufs);
	free(l->shared_init);
	for (uint32_t j = 0; j < l->nhost_stack; j++)
		free(l->host_stack[j]);
	free(l->host_stack);
}

void report_free(struct report *r)
{
	for (uint32_t i = 0; i < r->nkernels; i++) {
		free(r->kernels[i].name);
		free(r->kernels[i].demangled);
		free(r->kernels[i].search);
		free(r->kernels[i].input);
	}
	free(r->kernels);
	for (uint32_t i = 0; i < r->nlaunches; i++)
		launch_free(&r->launches[i]);
	free(r->launches);
	free(r->barriers);
	report_inst_clear(r);
	findings_free(&r->findings);
	memset(r, 0, sizeof *r);
}

uint32_t report_add_kernel(struct report *r, const char *name, const char *demangled)
{
	struct report_kernel k = { 0 };
	k.name = xstrdup(name);
	k.demangled = xstrdup(demangled ? demangled : name);
	VEC_PUSH(r->kernels, r->nkernels, r->capkernels, k);
	return r->nkernels - 1;
}

void report_kernel_origin(struct report *r, uint32_t k, const char *input, uint32_t job)
{
	free(r->kernels[k].input);
	r->kernels[k].input = input ? xstrdup(input) : NULL;
	r->kernels[k].job = job;
}

void report_kernel_search(struct report *r, uint32_t k, const struct report_search *s)
{
	struct report_search *c = xmalloc(sizeof *c);
	*c = *s;
	free(r->kernels[k].search);
	r->kernels[k].search = c;
}

uint32_t report_add_launch(struct report *r, uint32_t kernel, struct dim3 grid,
			   struct dim3 block, uint64_t dyn_shared, uint64_t seed)
{
	struct report_launch l = { 0 };
	l.kernel = kernel;
	l.grid = grid;
	l.block = block;
	l.dyn_shared = dyn_shared;
	l.seed = seed;
	l.contract = CL_DECLARED;
	VEC_PUSH(r->launches, r->nlaunches, r->caplaunches, l);
	return r->nlaunches - 1;
}

void report_launch_host_stack(struct report *r, uint32_t l, char *const *frames, uint32_t n)
{
	struct report_launch *L = &r->launches[l];
	L->host_stack = xcalloc(n ? n : 1, sizeof *L->host_stack);
	for (uint32_t i = 0; i < n; i++)
		L->host_stack[i] = xstrdup(frames[i]);
	L->nhost_stack = n;
}

void report_pop_launch(struct report *r)
{
	if (r->nlaunches > 0)
		launch_free(&r->launches[--r->nlaunches]);
}

void report_launch_contract(struct report *r, uint32_t l, enum contract_level c)
{
	r->launches[l].contract = (uint8_t)c;
}

void report_launch_arg(struct report *r, uint32_t l, const char *name, const char *value)
{
	struct report_launch *L = &r->launches[l];
	struct report_arg a = { xstrdup(name), xstrdup(value) };
	VEC_PUSH(L->args, L->nargs, L->capargs, a);
}

void report_launch_program_grid(struct report *r, uint32_t l, struct dim3 program)
{
	r->launches[l].program_grid = program;
}

void report_launch_shared_init(struct report *r, uint32_t l, const char *gen)
{
	free(r->launches[l].shared_init);
	r->launches[l].shared_init = xstrdup(gen);
}

void report_launch_buffer(struct report *r, uint32_t l, const char *name, const char *type,
			  uint64_t elems, const char *init)
{
	struct report_launch *L = &r->launches[l];
	struct report_buffer b = { xstrdup(name), type ? xstrdup(type) : NULL, elems,
				   init ? xstrdup(init) : NULL, NULL };
	VEC_PUSH(L->bufs, L->nbufs, L->capbufs, b);
}

void report_launch_buffer_tex(struct report *r, uint32_t l, const char *desc)
{
	struct report_launch *L = &r->launches[l];
	if (L->nbufs > 0) {
		free(L->bufs[L->nbufs - 1].tex);
		L->bufs[L->nbufs - 1].tex = xstrdup(desc);
	}
}

void report_add_barrier(struct report *r, uint32_t kernel, const struct srcloc *loc,
			enum barrier_verdict verdict, uint64_t launches, uint64_t executions,
			uint64_t kernel_launches)
{
	struct report_barrier b = { kernel, *loc, verdict, launches, executions, kernel_launches };
	VEC_PUSH(r->barriers, r->nbarriers, r->capbarriers, b);
}

uint32_t report_not_covered(const struct report *r)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < r->nbarriers; i++)
		n += r->barriers[i].verdict == BV_NOT_COVERED;
	return n;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

void report_add_occurrences(struct finding *old, struct finding *f)
{
	if (f->contract < old->contract) {
		/* a witness under a stronger contract replaces the old one;
		** the old one's counts are added to it below */
		struct finding keep = *old;
		*old = *f;
		*f = keep;
	}
	old->count += f->count;
	old->executions += f->executions;
	old->launches += f->launches;
	old->addresses = max64(old->addresses, f->addresses);
	old->thread_pairs = max64(old->thread_pairs, f->thread_pairs);
	/* a race is benign only if every occurrence was */
	old->benign = old->benign && f->benign;
	old->its_only = old->its_only && f->its_only;
	old->severity = finding_severity(old);
	finding_clear(f);
}

void report_take_findings(struct report *r, struct findings *fs, uint32_t launch)
{
	uint8_t contract = launch < r->nlaunches ? r->launches[launch].contract : CL_DECLARED;
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		f->launch = launch;
		/* an assumption belongs to the inferred contract, though the
		** launch that shows it necessarily lies beyond it; an index
		** from contents the search made up lies outside it, whatever
		** the launch's (rule 12) */
		f->contract = f->kind == FK_ASSUMPTION ? CL_INFERRED
			      : f->data_outside ? CL_NONE : contract;
		f->severity = finding_severity(f);
		if (report_group_kind(f->kind)) {
			report_group_take(r, f);
			continue;
		}
		struct finding *old = NULL;
		for (uint32_t j = 0; j < r->findings.n && old == NULL; j++)
			if (finding_same(&r->findings.v[j], f))
				old = &r->findings.v[j];
		if (old == NULL) {
			VEC_PUSH(r->findings.v, r->findings.n, r->findings.cap, *f);
			continue;
		}
		/* a worse execution of a performance note, under as strong a
		** contract, is its witness */
		if (finding_kind_is_perf(f->kind) && f->contract <= old->contract
		    && finding_perf_worse(f->kind, f->perf_worst, f->perf_need, old->perf_worst,
					  old->perf_need)) {
			struct finding keep = *old;
			*old = *f;
			*f = keep;
		}
		report_add_occurrences(old, f);
	}
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}

void report_add_host_findings(struct report *r, struct findings *fs)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		f->launch = UINT32_MAX;
		f->contract = CL_HOST;
		f->severity = finding_severity(f);
		VEC_PUSH(r->findings.v, r->findings.n, r->findings.cap, *f);
	}
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}

int report_shows(const struct report *r, const struct finding *f)
{
	/* that nothing was checked is said whatever the contract shown: its
	** launch necessarily lies outside every contract */
	if (f->kind == FK_NOTHING_CHECKED || f->kind == FK_SEARCH_SHORT)
		return 1;
	return f->contract <= r->show && (r->perf || !finding_kind_is_perf(f->kind));
}

uint64_t report_shown_occurrences(const struct report *r, const struct finding *f)
{
	if (f->members == NULL)
		return f->count;
	uint64_t n = 0;
	for (uint32_t i = 0; i < f->nmembers; i++)
		if (f->members[i].kind == f->kind && report_shows(r, &f->members[i]))
			n += f->members[i].count;
	return n;
}

uint32_t report_hidden(const struct report *r, uint32_t k)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < r->findings.n; i++) {
		const struct finding *f = &r->findings.v[i];
		/* what --perf would show is not outside the contract */
		if (report_shows(r, f) || (finding_kind_is_perf(f->kind) && !r->perf))
			continue;
		if (k == UINT32_MAX || (f->launch < r->nlaunches && r->launches[f->launch].kernel == k))
			n++;
	}
	return n;
}

void report_count(const struct report *r, uint32_t *errors, uint32_t *warnings,
		  uint32_t *notes, uint32_t *benign)
{
	uint32_t c[3] = { 0, 0, 0 }, b = 0;
	for (uint32_t i = 0; i < r->findings.n; i++) {
		const struct finding *f = &r->findings.v[i];
		if (!report_shows(r, f) || (r->inst && r->inst[i].elsewhere))
			continue;
		if ((unsigned)f->severity < 3)
			c[f->severity]++;
		if (f->kind == FK_RACE && f->benign)
			b++;
	}
	if (errors)
		*errors = c[SEV_ERROR];
	if (warnings)
		*warnings = c[SEV_WARNING];
	if (notes)
		*notes = c[SEV_NOTE];
	if (benign)
		*benign = b;
}

int report_exit_status(const struct report *r)
{
	if (r->fail_on == FAIL_ON_NEVER)
		return 0;
	/* what `run --explore` found with data the program did not give is
	** listed, but the run's status stays the program's launches' */
	for (uint32_t i = 0; i < r->findings.n; i++)
		if ((int)r->findings.v[i].severity <= (int)r->fail_on
		    && r->findings.v[i].contract != CL_EXPLORED
		    && report_shows(r, &r->findings.v[i]))
			return 1;
	return 0;
}

