/*
** text.c: see report.h.  The compiler-style text report
** (docs/REPORT-FORMAT.md, "Text").
*/
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_int.h"
#include "report/group.h"
#include "base/util.h"

/* ---- text ------------------------------------------------------------------ */

static const char *const hazard_words[] = { "read after write", "write after read",
					    "write after write" };
static const char *const scope_words[] = { [SCOPE_BLOCK] = "block", [SCOPE_DEVICE] = "device",
					   [SCOPE_SYSTEM] = "system", [SCOPE_THREAD] = "thread" };

/* "file:line:col", "file:line" without a column, or NULL without a file. */
static int put_loc(FILE *out, const struct srcloc *l)
{
	if (l->file == NULL || l->line == 0)
		return 0;
	if (l->col)
		fprintf(out, "%s:%" PRIu32 ":%" PRIu32, l->file, l->line, l->col);
	else
		fprintf(out, "%s:%" PRIu32, l->file, l->line);
	return 1;
}

static void put_thread(FILE *out, const struct thread_id *t)
{
	fprintf(out, "thread (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ") of block (%" PRIu32 ",%" PRIu32
		",%" PRIu32 ")", t->thread[0], t->thread[1], t->thread[2],
		t->block[0], t->block[1], t->block[2]);
}

/* "  write at k.cu:9:7 in f(int*) by thread (1,0,0) of block (0,0,0)" */
static void put_access(FILE *out, unsigned kind, unsigned scope, const struct srcloc *l,
		       const struct thread_id *who)
{
	fprintf(out, "  %s", report_access_words(kind));
	if (kind >= AK_ATOMIC)
		fprintf(out, " (%s scope)", NAME_OF(scope_words, scope));
	if (l->file && l->line) {
		fprintf(out, " at ");
		put_loc(out, l);
	}
	if (l->func)
		fprintf(out, " in %s", l->func);
	fprintf(out, " by ");
	put_thread(out, who);
	fprintf(out, "\n");
}

/* "  first access: its grid was launched by parent(int*) at k.cu:12", for
** a thread of a grid a kernel launched from device code (L set). */
static void put_launched_by(FILE *out, const char *whose, const struct srcloc *l)
{
	if (l->func == NULL && l->line == 0)
		return;
	fprintf(out, "  %s: its grid was launched by %s", whose, l->func ? l->func : "a kernel");
	if (l->file && l->line) {
		fprintf(out, " at ");
		put_loc(out, l);
	}
	fprintf(out, "\n");
}

static const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* "the barrier at k.cu:16:3" ("in g(int*)" when not the finding's function),
** or "this barrier" for the finding's own */
static void put_barrier(FILE *out, const struct finding *f, const struct bd_group *g)
{
	if (g->state == BD_WAITING) {
		fprintf(out, "this barrier");
		return;
	}
	fprintf(out, "the barrier");
	if (g->loc.file && g->loc.line) {
		fprintf(out, " at ");
		put_loc(out, &g->loc);
	}
	if (g->loc.func && (f->loc.func == NULL || strcmp(g->loc.func, f->loc.func) != 0))
		fprintf(out, " in %s", g->loc.func);
}

/* One line per group of threads of the divergent block, then one per
** barrier reached by part of a warp. */
static void text_divergence(FILE *out, const struct finding *f)
{
	const struct divergence *d = f->div;
	uint32_t nt = report_block_threads(d), nw = (nt + 31) / 32;
	for (uint32_t i = 0; i < d->ngroups; i++) {
		const struct bd_group *g = &d->groups[i];
		int one = g->nthreads == 1;
		char *set = report_thread_set(g->mask, d->bdim, 4);
		fprintf(out, "  %" PRIu32 " thread%s %s", g->nthreads, one ? "" : "s", set);
		free(set);
		if (i == 0)
			fprintf(out, " of block (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")", f->who.block[0],
				f->who.block[1], f->who.block[2]);
		int known = g->loc.file && g->loc.line;
		switch (g->state) {
		case BD_WAITING:
			fprintf(out, " wait%s here", one ? "s" : "");
			break;
		case BD_OTHER_BARRIER:
			fprintf(out, " wait%s at ", one ? "s" : "");
			put_barrier(out, f, g);
			break;
		case BD_EXITED:
			fprintf(out, " exited");
			if (known) {
				fprintf(out, " at ");
				put_loc(out, &g->loc);
			}
			break;
		default:
			fprintf(out, " %s elsewhere", one ? "is" : "are");
			if (known) {
				fprintf(out, ", at ");
				put_loc(out, &g->loc);
			}
			if (g->loc.func && (f->loc.func == NULL || strcmp(g->loc.func, f->loc.func) != 0))
				fprintf(out, " in %s", g->loc.func);
			break;
		}
		fprintf(out, "\n");
	}
	/* barriers reached by part of a warp: warps with the same lanes together */
	for (uint32_t i = 0; i < d->ngroups; i++) {
		const struct bd_group *g = &d->groups[i];
		uint32_t done = 0;	/* warps already printed */
		for (uint32_t w = 0; w < nw; w++) {
			uint32_t lanes = report_partial_lanes(g, w, nt);
			if (lanes == 0 || ((done >> w) & 1))
				continue;
			uint32_t ws[32], nws = 0, ls[32], nls = 0;
			for (uint32_t v = w; v < nw; v++)
				if (report_partial_lanes(g, v, nt) == lanes) {
					ws[nws++] = v;
					done |= 1u << v;
				}
			for (uint32_t l = 0; l < 32; l++)
				if ((lanes >> l) & 1)
					ls[nls++] = l;
			struct run wr[32], lr[32];
			uint32_t nwr = report_runs_of(ws, nws, wr), nlr = report_runs_of(ls, nls, lr);
			struct sbuf b = { 0 };
			for (uint32_t k = 0; k < nlr && k < 4; k++) {
				report_sb_add(&b, "%s", k ? ", " : "");
				report_sb_run(&b, &lr[k]);
			}
			if (nlr > 4)
				report_sb_add(&b, " and %" PRIu32 " more", nlr - 4);
			report_sb_add(&b, " of warp%s ", nws == 1 ? "" : "s");
			for (uint32_t k = 0; k < nwr; k++) {
				report_sb_add(&b, "%s", k ? ", " : "");
				report_sb_run(&b, &wr[k]);
			}
			fprintf(out, "  part of a warp: ");
			put_barrier(out, f, g);
			fprintf(out, " is reached by lane%s %s only\n", nls == 1 ? "" : "s", b.s);
			free(b.s);
		}
	}
}

/* " (lanes 1 and 5 of warp 0)" or " (warps 0 and 1)": where the two
** threads of a race within a block are, for checking its class by hand. */
static void put_warps(FILE *out, const struct dim3 *bd, const struct thread_id *a,
		      const struct thread_id *b)
{
	uint64_t ta = a->thread[0] + (uint64_t)bd->x * (a->thread[1] + (uint64_t)bd->y * a->thread[2]);
	uint64_t tb = b->thread[0] + (uint64_t)bd->x * (b->thread[1] + (uint64_t)bd->y * b->thread[2]);
	if (ta / 32 == tb / 32)
		fprintf(out, " (lanes %" PRIu64 " and %" PRIu64 " of warp %" PRIu64 ")", ta % 32,
			tb % 32, ta / 32);
	else
		fprintf(out, " (warps %" PRIu64 " and %" PRIu64 ")", ta / 32, tb / 32);
}

/* The label of a finding's launch line, by the contract it lies under. */
static const char *const contract_words[CL__COUNT] = {
	[CL_HOST] = "host (a launch the host code makes)",
	[CL_EXPLORED] = "explored (a launch the program made, with data it did not give)",
	[CL_DECLARED] = "declared (inside what the kernel and the command line state)",
	[CL_INFERRED] = "inferred (inside the shapes the kernel's code assumes)",
	[CL_NONE] = "none (outside every contract)",
};

/* The most members of a group the text lists; JSON lists them all. */
#define TEXT_MEMBERS 8

/* "read at k.cu:9:7" (no location: "read in f(int*)"). */
static void put_site(FILE *out, const char *what, const struct srcloc *l)
{
	fprintf(out, "%s ", what);
	if (!(l->file && l->line && fprintf(out, "at ") && put_loc(out, l)))
		fprintf(out, "in %s", l->func ? l->func : "?");
}

/*
** The members of group F other than its witness (which the lines above
** show), one line each, at most TEXT_MEMBERS: a race's two accesses,
** class and hazard; a divergence's barriers; an uninitialized read or an
** out-of-bounds access at its site; each with its occurrences, and the
** contract when a weaker one than the report shows.
*/
static void text_members(FILE *out, const struct report *r, const struct finding *f)
{
	uint32_t other = 0, listed = 0, reads = 0;
	for (uint32_t i = 0; i < f->nmembers; i++)
		if (!(f->members[i].kind == f->kind && finding_same(&f->members[i], f))
		    && report_shows(r, &f->members[i])) {
			other++;
			reads += f->members[i].kind == FK_UNINIT;
		}
	if (other == 0)
		return;
	if (f->kind == FK_BARRIER_DIVERGENCE && reads > 0)
		fprintf(out, "  the same mistake at %" PRIu32 " more site%s:\n", other,
			plural(other, "", "s"));
	else if (f->kind == FK_BARRIER_DIVERGENCE)
		fprintf(out, "  the same mistake at %" PRIu32 " more barrier%s:\n", other,
			plural(other, "", "s"));
	else
		fprintf(out, "  the same mistake at %" PRIu32 " more site%s of %s '%.*s':\n", other,
			plural(other, "", "s"), report_space_name(f->space),
			(int)strcspn(f->where ? f->where : "?", "["), f->where ? f->where : "?");
	for (uint32_t i = 0; i < f->nmembers; i++) {
		const struct finding *m = &f->members[i];
		if ((m->kind == f->kind && finding_same(m, f)) || !report_shows(r, m))
			continue;
		if (listed++ == TEXT_MEMBERS) {
			fprintf(out, "    and %" PRIu32 " more (--format=json lists them)\n",
				other - TEXT_MEMBERS);
			break;
		}
		fprintf(out, "    ");
		if (m->kind == FK_BARRIER_DIVERGENCE) {
			put_site(out, "barrier", &m->loc);
			if (m->second.loc.func) {
				fprintf(out, ", others waiting at ");
				put_site(out, "the barrier", &m->second.loc);
			}
		} else if (m->kind == FK_RACE) {
			put_site(out, report_access_words(m->access1), &m->loc);
			fprintf(out, ", ");
			put_site(out, report_access_words(m->second.kind), &m->second.loc);
			fprintf(out, ": %s, %s", report_class_name(m->race_class),
				report_hazard_name(m->hazard));
			if (m->benign)
				fprintf(out, ", benign");
		} else {
			put_site(out, m->kind == FK_UNINIT ? "read" : "access", &m->loc);
			if (m->where)
				fprintf(out, " of '%s'", m->where);
			fprintf(out, ": %s", m->kind != FK_UNINIT ? "out of bounds"
				: f->kind == FK_RACE ? "uninitialized (the race explains it)"
				: f->kind == FK_BARRIER_DIVERGENCE
				? "uninitialized (the divergence explains it)" : "uninitialized");
		}
		fprintf(out, ", %" PRIu64 " occurrence%s", m->count, plural(m->count, "", "s"));
		if (m->contract != f->contract)
			fprintf(out, " (contract: %s)", contract_level_name((enum contract_level)m->contract));
		fprintf(out, "\n");
	}
}

/* Finding F of R as its first line and detail lines; ALSO (may be NULL)
** is the line naming the other instantiations of its kernel's template
** that show the same mistake (report_inst_mark). */
static void text_finding(FILE *out, const struct report *r, const struct finding *f,
			 const char *also)
{
	if (!put_loc(out, &f->loc))
		fprintf(out, "%s", f->loc.func ? f->loc.func : "simulee-c");
	char *msg = report_message(f);
	fprintf(out, ": %s: %s\n", report_severity_name(f->severity), msg);
	free(msg);

	switch (f->kind) {
	case FK_RACE:
		put_access(out, f->access1, f->scope1, &f->loc, &f->who);
		put_access(out, f->second.kind, f->second.scope, &f->second.loc, &f->second.who);
		fprintf(out, "  class: %s", report_class_name(f->race_class));
		if (f->launch < r->nlaunches && f->race_class != RC_INTER_BLOCK)
			put_warps(out, &r->launches[f->launch].block, &f->who, &f->second.who);
		fprintf(out, ", %s (%s)\n", report_hazard_name(f->hazard),
			NAME_OF(hazard_words, f->hazard));
		if (f->its_only)
			fprintf(out, "  only under independent thread scheduling: lockstep warps order these accesses\n");
		if (f->benign)
			fprintf(out, "  benign: both wrote the same value\n");
		break;
	case FK_BARRIER_DIVERGENCE:
		if (f->div) {
			text_divergence(out, f);
			break;
		}
		fprintf(out, "  arrived: ");
		put_thread(out, &f->who);
		if (f->loc.func)
			fprintf(out, " in %s", f->loc.func);
		fprintf(out, "\n");
		if (f->second.loc.func) {
			fprintf(out, "  did not arrive: ");
			put_thread(out, &f->second.who);
			if (f->second.loc.file && f->second.loc.line) {
				fprintf(out, ", at ");
				put_loc(out, &f->second.loc);
			}
			fprintf(out, " in %s\n", f->second.loc.func);
		}
		break;
	case FK_REDUNDANT_BARRIER:
		fprintf(out, "  no conflicting accesses were ordered by it");
		if (f->loc.func)
			fprintf(out, " (in %s)", f->loc.func);
		fprintf(out, "\n  checked on %" PRIu64 " launch%s, %" PRIu64 " execution%s\n",
			f->launches, plural(f->launches, "", "es"), f->executions,
			plural(f->executions, "", "s"));
		break;
	case FK_BANK_CONFLICT:
	case FK_UNCOALESCED:
		fprintf(out, "  worst in ");
		put_thread(out, &f->who);
		if (f->loc.func)
			fprintf(out, " in %s", f->loc.func);
		if (f->kind == FK_BANK_CONFLICT)
			fprintf(out, ": %" PRIu32 " pass%s over %" PRIu32 " group%s of lanes",
				f->perf_worst, plural(f->perf_worst, "", "es"), f->perf_need,
				plural(f->perf_need, "", "s"));
		fprintf(out, "\n  in %" PRIu64 " of %" PRIu64 " warp execution%s\n", f->count,
			f->executions, plural(f->executions, "", "s"));
		break;
	case FK_HOST_UNCOPIED_READ: case FK_HOST_UNSYNC_READ: case FK_STREAM_RACE:
	case FK_HOST_UNSYNC_WRITE:
		if (f->loc.func)
			fprintf(out, "  in %s (host code)\n", f->loc.func);
		break;
	case FK_SEARCH_SHORT:
		break;
	case FK_REFUSED_LAUNCH:
		if (f->loc.func)
			fprintf(out, "  %s never runs at this launch\n", f->loc.func);
		break;
	case FK_INCOMPLETE:
		fprintf(out, "  blocks not analysed fully: %" PRIu64 ", (%" PRIu32 ",%" PRIu32 ",%" PRIu32
			") to (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")\n", f->blocks, f->who.block[0],
			f->who.block[1], f->who.block[2], f->last_block[0], f->last_block[1],
			f->last_block[2]);
		break;
	default:
		fprintf(out, "  ");
		put_thread(out, &f->who);
		if (f->loc.func)
			fprintf(out, " in %s", f->loc.func);
		fprintf(out, "\n");
		break;
	}
	put_launched_by(out, f->kind == FK_RACE ? "first access" : "thread", &f->launched_by);
	if (f->kind == FK_RACE)
		put_launched_by(out, "second access", &f->second.launched_by);
	int refused = f->kind == FK_REFUSED_LAUNCH;
	int said = f->kind == FK_ASSUMPTION || f->kind == FK_NOTHING_CHECKED
		   || f->kind == FK_SEARCH_SHORT || refused;
	if (f->detail && !(f->kind == FK_BARRIER_DIVERGENCE && f->div && !f->grid) && !said)
		fprintf(out, "  %s\n", f->detail);
	text_members(out, r, f);
	if (also)
		fprintf(out, "  %s\n", also);
	if (finding_kind_is_host(f->kind))
		fprintf(out, "  contract: host (the program's own CUDA calls)\n");
	else if (refused)
		fprintf(out, "  contract: host (a launch the host code makes)\n");
	else if (!finding_kind_is_perf(f->kind) && f->kind != FK_NOTHING_CHECKED
		 && f->kind != FK_SEARCH_SHORT) {
		uint64_t count = report_shown_occurrences(r, f);
		fprintf(out, "  %" PRIu64 " occurrence%s", count, plural(count, "", "s"));
		if (f->kind == FK_RACE)
			fprintf(out, ", %" PRIu64 " address%s, %" PRIu64 " thread pair%s", f->addresses,
				plural(f->addresses, "", "es"), f->thread_pairs,
				plural(f->thread_pairs, "", "s"));
		fprintf(out, "\n");
	}
	if (f->launch < r->nlaunches && r->launches[f->launch].run) {
		/* the program's own launch: its number, not options to replay;
		** an explored one names the launch whose data it changed */
		const struct report_launch *l = &r->launches[f->launch];
		int explored = l->contract == CL_EXPLORED;
		fprintf(out, "  %s %" PRIu32 " of the run: %s<<<(%" PRIu32 ",%" PRIu32 ",%" PRIu32
			"), (%" PRIu32 ",%" PRIu32 ",%" PRIu32 "), %" PRIu64 ">>>",
			explored ? "explored from launch" : "launch", l->run,
			l->kernel < r->nkernels ? r->kernels[l->kernel].demangled : "?",
			l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y, l->block.z,
			l->dyn_shared);
		if (f->launches > 1 && f->kind != FK_REDUNDANT_BARRIER)
			fprintf(out, " (first of %" PRIu64 " %slaunches that show it)", f->launches,
				explored ? "explored " : "");
		fprintf(out, "\n");
		for (uint32_t i = 0; i < l->nargs; i++)
			fprintf(out, "%s%s=%s%s", i ? ", " : "  arguments: ", l->args[i].name,
				l->args[i].value, i + 1 == l->nargs ? "\n" : "");
		for (uint32_t i = 0; i < l->nhost_stack; i++)
			fprintf(out, "  %s %s\n", i ? "   from" : "made in", l->host_stack[i]);
		if (explored)
			fprintf(out, "  contract: %s\n", contract_words[CL_EXPLORED]);
	} else if (f->launch < r->nlaunches && !refused) {
		char *opts = report_launch_options(r, f->launch);
		fprintf(out, "  %s: %s\n", f->kind == FK_ASSUMPTION ? "smallest launch that shows it"
			: f->kind == FK_NOTHING_CHECKED ? "a launch it tried" : "launch", opts);
		free(opts);
		const struct report_launch *l = &r->launches[f->launch];
		if (f->contract != CL_DECLARED && !said) {
			fprintf(out, "  contract: %s",
				contract_words[f->contract < CL__COUNT ? f->contract : CL_NONE]);
			if (l->program_grid.x)
				fprintf(out, ", run with the first %" PRIu32 ",%" PRIu32 ",%" PRIu32
					" of its %" PRIu32 ",%" PRIu32 ",%" PRIu32 " blocks", l->grid.x,
					l->grid.y, l->grid.z, l->program_grid.x, l->program_grid.y,
					l->program_grid.z);
			fprintf(out, "\n");
		}
	}
}

/* The findings of kernel K outside the contract shown, as one line. */
static void text_hidden(FILE *out, const struct report *r, uint32_t k)
{
	uint32_t n = report_hidden(r, k);
	if (n == 0)
		return;
	fprintf(out, "simulee-c: %s: %s: %" PRIu32 " more finding%s, --contract=any to list them\n",
		r->kernels[k].demangled, r->kernels[k].host_sites ? "outside every observed launch"
		: "outside the kernel's contract", n, plural(n, "", "s"));
}

void report_text_body(FILE *out, const struct report *r)
{
	for (uint32_t i = 0; i < r->findings.n; i++)
		if (report_shows(r, &r->findings.v[i]) && !(r->inst && r->inst[i].elsewhere))
			text_finding(out, r, &r->findings.v[i], r->inst ? r->inst[i].also : NULL);
	for (uint32_t k = 0; k < r->nkernels; k++)
		text_hidden(out, r, k);
	/* coverage: barriers no launch executed (remarks, not findings) */
	for (uint32_t i = 0; i < r->nbarriers; i++) {
		const struct report_barrier *b = &r->barriers[i];
		if (b->verdict != BV_NOT_COVERED)
			continue;
		if (!put_loc(out, &b->loc))
			fprintf(out, "%s", b->loc.func ? b->loc.func : "simulee-c");
		fprintf(out, ": remark: barrier not covered\n");
		fprintf(out, "  never executed in %" PRIu64 " launch%s", b->kernel_launches,
			plural(b->kernel_launches, "", "es"));
		if (b->kernel < r->nkernels)
			fprintf(out, " of %s", r->kernels[b->kernel].demangled);
		fprintf(out, ", so neither needed nor redundant\n");
	}
}

void report_totals_add(struct report_totals *t, const struct report *r)
{
	uint32_t e, w, n, b;
	report_count(r, &e, &w, &n, &b);
	if (r->nkernels) {	/* (the host code's report has none) */
		free(t->kernel);
		t->kernel = t->kernels == 0 && r->nkernels == 1 ? xstrdup(r->kernels[0].demangled) : NULL;
	}
	if (t->launches == 0 && r->nlaunches == 1) {
		const struct report_launch *l = &r->launches[0];
		t->grid = report_launch_whole_grid(l);
		t->ran = l->program_grid.x ? l->grid : (struct dim3){ 0, 0, 0 };
		t->block = l->block;
	}
	t->kernels += r->nkernels;
	t->launches += r->nlaunches;
	t->errors += e;
	t->warnings += w;
	t->notes += n;
	t->benign += b;
	t->not_covered += report_not_covered(r);
	t->seed = r->seed;
	t->warp_model = r->warp_model;
}

void report_totals_free(struct report_totals *t)
{
	free(t->kernel);
	t->kernel = NULL;
}

void report_text_summary(FILE *out, const struct report_totals *t)
{
	fprintf(out, "simulee-c: ");
	if (t->kernels == 1)
		fprintf(out, "%s: ", t->kernel);
	else if (t->kernels > 1)
		fprintf(out, "%" PRIu32 " kernels: ", t->kernels);
	fprintf(out, "%" PRIu32 " error%s, %" PRIu32 " warning%s", t->errors,
		plural(t->errors, "", "s"), t->warnings, plural(t->warnings, "", "s"));
	if (t->notes)
		fprintf(out, ", %" PRIu32 " note%s", t->notes, plural(t->notes, "", "s"));
	uint32_t shown = t->errors + t->warnings + t->notes;
	fprintf(out, " (%" PRIu32 " finding%s", shown, plural(shown, "", "s"));
	if (t->benign)
		fprintf(out, ", %" PRIu32 " benign race%s", t->benign, plural(t->benign, "", "s"));
	if (t->not_covered)
		fprintf(out, "; %" PRIu32 " barrier%s not covered", t->not_covered,
			plural(t->not_covered, "", "s"));
	fprintf(out, "; ");
	if (t->launches == 1) {
		fprintf(out, "grid %" PRIu32 ",%" PRIu32 ",%" PRIu32 " block %" PRIu32 ",%" PRIu32
			",%" PRIu32 ", ", t->grid.x, t->grid.y, t->grid.z, t->block.x, t->block.y,
			t->block.z);
		if (t->ran.x)
			fprintf(out, "first %" PRIu32 ",%" PRIu32 ",%" PRIu32 " blocks run, ",
				t->ran.x, t->ran.y, t->ran.z);
	} else {
		fprintf(out, "%" PRIu32 " launch%s, ", t->launches, plural(t->launches, "", "es"));
	}
	fprintf(out, "seed %" PRIu64 ", warp model %s)\n", t->seed,
		report_warp_model_name(t->warp_model));
}

void report_text(FILE *out, const struct report *r)
{
	struct report_totals t = { 0 };
	report_totals_add(&t, r);
	report_text_body(out, r);
	report_text_summary(out, &t);
	report_totals_free(&t);
}

