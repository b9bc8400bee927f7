/*
** report.c: see report.h.  The text and JSON formats are specified field by
** field in docs/REPORT-FORMAT.md; keep the three (this file, that document
** and docs/report.schema.json) in step.
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
		** launch that shows it necessarily lies beyond it */
		f->contract = f->kind == FK_ASSUMPTION ? CL_INFERRED : contract;
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
	if (f->kind == FK_NOTHING_CHECKED)
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
		if (!report_shows(r, f))
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
	for (uint32_t i = 0; i < r->findings.n; i++)
		if ((int)r->findings.v[i].severity <= (int)r->fail_on
		    && report_shows(r, &r->findings.v[i]))
			return 1;
	return 0;
}

/* ---- names ---------------------------------------------------------------- */

static const char *const severity_names[] = { "error", "warning", "note" };
static const char *const fail_on_names[] = { "error", "warning", "note", "never" };
static const char *const format_names[] = { "text", "json", "sarif" };
static const char *const model_names[] = { "its", "lockstep" };
static const char *const class_names[] = { "intra-warp", "inter-warp", "inter-block" };
static const char *const hazard_names[] = { "RAW", "WAR", "WAW" };
static const char *const hazard_words[] = { "read after write", "write after read",
					    "write after write" };
/* access kinds: JSON ids and the words of the text */
static const char *const access_ids[] = { "read", "write", "atomic", "atomic-read",
					  "atomic-write" };
static const char *const access_words[] = { "read", "write", "atomic read-modify-write",
					    "atomic read", "atomic write" };
static const char *const scope_words[] = { [SCOPE_BLOCK] = "block", [SCOPE_DEVICE] = "device",
					   [SCOPE_SYSTEM] = "system", [SCOPE_THREAD] = "thread" };

static const char *const verdict_names[] = { [BV_NOT_COVERED] = "not-covered",
					     [BV_REDUNDANT] = "redundant", [BV_NEEDED] = "needed",
					     [BV_COMPUTES] = "computes" };

#define NAME_OF(tab, i) ((unsigned)(i) < sizeof tab / sizeof tab[0] ? tab[i] : "?")

const char *report_verdict_name(enum barrier_verdict v)
{
	return NAME_OF(verdict_names, v);
}

const char *report_severity_name(enum severity s)
{
	return NAME_OF(severity_names, s);
}

const char *report_fail_on_name(enum report_fail_on f)
{
	return NAME_OF(fail_on_names, f);
}

const char *report_warp_model_name(enum report_warp_model m)
{
	return NAME_OF(model_names, m);
}

const char *report_class_name(unsigned c)
{
	return NAME_OF(class_names, c);
}

const char *report_hazard_name(unsigned h)
{
	return NAME_OF(hazard_names, h);
}

const char *report_access_name(unsigned k)
{
	return NAME_OF(access_ids, k);
}

const char *report_space_name(unsigned space)
{
	switch (space) {
	case AS_GLOBAL: return "global";
	case AS_SHARED: return "shared";
	case AS_CONST: return "constant";
	case AS_LOCAL: return "local";
	case AS_PARAM: return "param";
	default: return NULL;
	}
}

int report_parse_fail_on(const char *name, enum report_fail_on *out)
{
	for (unsigned i = 0; i < sizeof fail_on_names / sizeof fail_on_names[0]; i++)
		if (strcmp(name, fail_on_names[i]) == 0) {
			*out = (enum report_fail_on)i;
			return 0;
		}
	return -1;
}

static const char *const contract_options[CL__COUNT] = {
	[CL_HOST] = "host", [CL_DECLARED] = "declared", [CL_INFERRED] = "inferred",
	[CL_NONE] = "any",
};

int report_parse_contract(const char *name, enum contract_level *out)
{
	for (unsigned i = 0; i < CL__COUNT; i++)
		if (strcmp(name, contract_options[i]) == 0) {
			*out = (enum contract_level)i;
			return 0;
		}
	return -1;
}

const char *report_contract_option_name(enum contract_level c)
{
	return NAME_OF(contract_options, c);
}

int report_parse_format(const char *name, enum report_format *out)
{
	for (unsigned i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
		if (strcmp(name, format_names[i]) == 0) {
			*out = (enum report_format)i;
			return 0;
		}
	return -1;
}

/* ---- shared pieces of the writers ------------------------------------------ */

/* A growable string. */
struct sbuf {
	char *s;
	size_t n, cap;
};

static void sb_add(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if (b->n + (size_t)k + 1 > b->cap) {
		b->cap = (b->n + (size_t)k + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)k;
}

static char *sb_take(struct sbuf *b)
{
	return b->s ? b->s : xstrdup("");
}

/* A command-line word, single-quoted for the shell when it needs to be. */
static void sb_word(struct sbuf *b, const char *w)
{
	int plain = *w != '\0';
	for (const char *p = w; *p; p++)
		if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.,=:/@+-", *p))
			plain = 0;
	if (plain) {
		sb_add(b, "%s", w);
		return;
	}
	sb_add(b, "'");
	for (const char *p = w; *p; p++) {
		if (*p == '\'')
			sb_add(b, "'\\''");
		else
			sb_add(b, "%c", *p);
	}
	sb_add(b, "'");
}

/* " --OPT NAME=VALUE", the pair quoted for the shell. */
static void sb_opt(struct sbuf *b, const char *opt, const char *name, const char *value)
{
	char *kv = xasprintf("%s=%s", name, value);
	sb_add(b, " --%s ", opt);
	sb_word(b, kv);
	free(kv);
}

char *report_launch_options(const struct report *r, uint32_t li)
{
	struct sbuf b = { 0 };
	const struct report_launch *l = &r->launches[li];
	if (l->kernel < r->nkernels) {
		sb_add(&b, "--kernel ");
		sb_word(&b, r->kernels[l->kernel].name);
		sb_add(&b, " ");
	}
	sb_add(&b, "--grid %" PRIu32 ",%" PRIu32 ",%" PRIu32 " --block %" PRIu32 ",%" PRIu32
	       ",%" PRIu32 " --shared %" PRIu64, l->grid.x, l->grid.y, l->grid.z,
	       l->block.x, l->block.y, l->block.z, l->dyn_shared);
	if (l->shared_init) {
		sb_add(&b, " --shared-init ");
		sb_word(&b, l->shared_init);
	}
	for (uint32_t i = 0; i < l->nargs; i++)
		sb_opt(&b, "arg", l->args[i].name, l->args[i].value);
	for (uint32_t i = 0; i < l->nbufs; i++) {
		const struct report_buffer *u = &l->bufs[i];
		if (u->tex) {
			sb_opt(&b, "tex", u->name, u->tex);
		} else if (u->elems == 0) {
			continue;	/* sparse: nothing to give */
		} else {
			char n[24];
			snprintf(n, sizeof n, "%" PRIu64, u->elems);
			sb_opt(&b, "size", u->name, n);
			if (u->type)
				sb_opt(&b, "type", u->name, u->type);
		}
		if (u->init && strcmp(u->init, "zero") != 0)
			sb_opt(&b, "init", u->name, u->init);
	}
	sb_add(&b, " --seed %" PRIu64, l->seed);
	return sb_take(&b);
}

static const char *article(const char *word)
{
	return strchr("aeiou", word[0]) ? "an" : "a";
}

char *report_message(const struct finding *f)
{
	if (f->kind == FK_ASSUMPTION && f->detail)
		return xstrdup(f->detail);	/* the assumption is the message */
	if (f->kind == FK_NOTHING_CHECKED && f->detail)
		return xasprintf("nothing checked: %s", f->detail);
	struct sbuf b = { 0 };
	if (f->kind == FK_SUBSCRIPT && f->where) {
		/* "index 17 is past dimension 2 of shared 'tile[16][16]' (extent 16)" */
		const char *sp = report_space_name(f->space);
		sb_add(&b, "index %" PRId64 " is past dimension %u of ", f->index, (unsigned)f->dim);
		if (f->member != FINDING_NO_VAR)
			sb_add(&b, "the array member at byte %" PRIu32 " of ", f->member);
		sb_add(&b, "%s%s'%s' (extent %" PRIu64 ")", sp ? sp : "", sp ? " " : "", f->where,
		       f->extent);
		return sb_take(&b);
	}
	if (f->kind == FK_BANK_CONFLICT) {
		/* "4-way bank conflict on shared 'tile'" */
		sb_add(&b, "%" PRIu32 "-way bank conflict", f->perf_worst);
		if (f->where)
			sb_add(&b, " on shared '%s'", f->where);
		return sb_take(&b);
	}
	if (f->kind == FK_HOST_UNCOPIED_READ) {
		/* "host reads 'h_c', which nothing copied back from the device" */
		sb_add(&b, "host reads '%s', which nothing copied back from the device", f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_HOST_UNSYNC_READ) {
		sb_add(&b, "host reads '%s' before the device's work on it is synchronized",
		       f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_HOST_UNSYNC_WRITE) {
		sb_add(&b, "host writes '%s' before the device's work on it is synchronized",
		       f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_STREAM_RACE) {
		sb_add(&b, "race between streams on device buffer '%s'", f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_UNCOALESCED) {
		/* "uncoalesced access to global 'a': uses 32 sectors, 4 needed" */
		sb_add(&b, "uncoalesced access");
		if (f->where)
			sb_add(&b, " to global '%s'", f->where);
		sb_add(&b, ": uses %" PRIu32 " sector%s, %" PRIu32 " needed", f->perf_worst,
		       f->perf_worst == 1 ? "" : "s", f->perf_need);
		return sb_take(&b);
	}
	sb_add(&b, "%s%s", f->kind == FK_BARRIER_DIVERGENCE && f->grid ? "grid " : "",
	       finding_kind_name(f->kind));
	if (f->kind == FK_INCOMPLETE) {
		const uint32_t *x = f->who.block;
		sb_add(&b, ": shadow budget reached at block (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")",
		       x[0], x[1], x[2]);
	}
	if (f->where) {
		const char *sp = report_space_name(f->space);
		if (sp)
			sb_add(&b, " on %s '%s'", sp, f->where);
		else
			sb_add(&b, " on '%s'", f->where);
	}
	if (f->kind == FK_RACE) {
		const char *a = NAME_OF(access_words, f->access1);
		const char *c = NAME_OF(access_words, f->second.kind);
		if (f->benign)
			sb_add(&b, " between two writes of the same value");
		else if (f->access1 == f->second.kind)
			sb_add(&b, " between two %ss", a);
		else
			sb_add(&b, " between %s %s and %s %s", article(a), a, article(c), c);
	}
	return sb_take(&b);
}

/* ---- sets of threads (barrier divergence) ---------------------------------- */

/* first, first + step, ..., last */
struct run {
	uint32_t a, b, step;
};

/* Splits the increasing values V[0..N) into runs, into OUT (N entries at
** most): a contiguous run where one starts, else an arithmetic one of
** three values or more, else a single value.  Returns their number. */
static uint32_t runs_of(const uint32_t *v, uint32_t n, struct run *out)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < n;) {
		uint32_t j = i + 1, step = 1;
		if (j < n && v[j] == v[i] + 1) {
			while (j < n && v[j] == v[j - 1] + 1)
				j++;
		} else if (j + 1 < n && v[j + 1] - v[j] == v[j] - v[i]) {
			step = v[j] - v[i];
			while (j < n && v[j] - v[j - 1] == step)
				j++;
		}
		out[k++] = (struct run){ v[i], v[j - 1], step };
		i = j;
	}
	return k;
}

static void sb_run(struct sbuf *b, const struct run *r)
{
	if (r->a == r->b)
		sb_add(b, "%" PRIu32, r->a);
	else if (r->step == 1)
		sb_add(b, "%" PRIu32 "..%" PRIu32, r->a, r->b);
	else
		sb_add(b, "%" PRIu32 "..%" PRIu32 " step %" PRIu32, r->a, r->b, r->step);
}

static int in_set(const uint32_t *mask, uint32_t t)
{
	return (mask[t >> 5] >> (t & 31)) & 1;
}

/* The x coordinates of row (y, z) of the set as runs, printed into *B
** (one "X" part per run, separated by ';'); their number. */
static uint32_t row_runs(const uint32_t *mask, const uint32_t *bdim, uint32_t y, uint32_t z,
			 struct sbuf *b)
{
	uint32_t xs[1024], n = 0;
	struct run runs[1024];
	for (uint32_t x = 0; x < bdim[0]; x++)
		if (in_set(mask, x + bdim[0] * (y + bdim[1] * z)))
			xs[n++] = x;
	uint32_t k = runs_of(xs, n, runs);
	for (uint32_t i = 0; i < k; i++) {
		if (i)
			sb_add(b, ";");
		sb_run(b, &runs[i]);
	}
	return k;
}

/* A range of y or z. */
static void sb_range(struct sbuf *b, uint32_t a, uint32_t c)
{
	struct run r = { a, c, 1 };
	sb_run(b, &r);
}

char *report_thread_set(const uint32_t *mask, const uint32_t *bdim, uint32_t max_items)
{
	uint64_t nt = (uint64_t)bdim[0] * bdim[1] * bdim[2];
	if (nt == 0 || nt > 1024)
		return xstrdup("()");
	/* the rows of each plane z, equal consecutive rows merged into a y
	** range; equal consecutive planes merged into a z range; one item
	** "(X,Y,Z)" per run of x of each merged row */
	struct sbuf out = { 0 };
	uint32_t items = 0, more = 0;
	struct sbuf prev_plane = { 0 };
	uint32_t pz0 = 0, pz1 = 0;
	int have_plane = 0;
	for (uint32_t z = 0; z <= bdim[2]; z++) {
		struct sbuf plane = { 0 };
		if (z < bdim[2]) {
			struct sbuf prow = { 0 };
			uint32_t py0 = 0;
			int have_row = 0;
			for (uint32_t y = 0; y <= bdim[1]; y++) {
				struct sbuf row = { 0 };
				uint32_t k = y < bdim[1] ? row_runs(mask, bdim, y, z, &row) : 0;
				int same = have_row && k > 0 && strcmp(row.s, prow.s) == 0;
				if (have_row && !same) {
					/* close rows py0..y-1 */
					sb_add(&plane, "%" PRIu32 ":%" PRIu32 ":%s|", py0, y - 1, prow.s);
					have_row = 0;
				}
				if (k > 0 && !same) {
					free(prow.s);
					prow = row;
					row.s = NULL;
					py0 = y;
					have_row = 1;
				}
				free(row.s);
			}
			free(prow.s);
		}
		int same = have_plane && plane.s && strcmp(plane.s, prev_plane.s) == 0 && pz1 + 1 == z;
		if (same) {
			pz1 = z;
			free(plane.s);
			continue;
		}
		if (have_plane) {
			/* print planes pz0..pz1: "y0:y1:x;x|..." */
			char *save = NULL;
			for (char *seg = strtok_r(prev_plane.s, "|", &save); seg;
			     seg = strtok_r(NULL, "|", &save)) {
				unsigned long y0 = strtoul(seg, &seg, 10);
				unsigned long y1 = strtoul(seg + 1, &seg, 10);
				char *xsave = NULL;
				for (char *x = strtok_r(seg + 1, ";", &xsave); x;
				     x = strtok_r(NULL, ";", &xsave)) {
					if (items == max_items) {
						more++;
						continue;
					}
					sb_add(&out, "%s(%s,", items ? ", " : "", x);
					sb_range(&out, (uint32_t)y0, (uint32_t)y1);
					sb_add(&out, ",");
					sb_range(&out, pz0, pz1);
					sb_add(&out, ")");
					items++;
				}
			}
			have_plane = 0;
		}
		free(prev_plane.s);
		prev_plane = plane;
		if (plane.s) {
			have_plane = 1;
			pz0 = pz1 = z;
		}
	}
	free(prev_plane.s);
	if (more)
		sb_add(&out, " and %" PRIu32 " more range%s", more, more == 1 ? "" : "s");
	return out.s ? out.s : xstrdup("()");
}

/* The runs of the linear thread indices of the set (JSON). */
static uint32_t linear_runs(const uint32_t *mask, uint32_t nt, struct run *out)
{
	uint32_t ts[1024], n = 0;
	for (uint32_t t = 0; t < nt && t < 1024; t++)
		if (in_set(mask, t))
			ts[n++] = t;
	return runs_of(ts, n, out);
}

/* The lanes a barrier group holds of warp W when that is some but not all
** of the warp's threads, else 0. */
static uint32_t partial_lanes(const struct bd_group *g, uint32_t w, uint32_t nt)
{
	uint32_t exists = nt >= (w + 1) * 32 ? 0xffffffffu : (1u << (nt - w * 32)) - 1;
	uint32_t m = g->mask[w];
	if (g->state != BD_WAITING && g->state != BD_OTHER_BARRIER)
		return 0;
	return m != 0 && m != exists ? m : 0;
}

static uint32_t block_threads(const struct divergence *d)
{
	uint64_t nt = (uint64_t)d->bdim[0] * d->bdim[1] * d->bdim[2];
	return nt > 1024 ? 1024 : (uint32_t)nt;
}

/* ---- text ------------------------------------------------------------------ */

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
	fprintf(out, "  %s", NAME_OF(access_words, kind));
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
	uint32_t nt = block_threads(d), nw = (nt + 31) / 32;
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
			uint32_t lanes = partial_lanes(g, w, nt);
			if (lanes == 0 || ((done >> w) & 1))
				continue;
			uint32_t ws[32], nws = 0, ls[32], nls = 0;
			for (uint32_t v = w; v < nw; v++)
				if (partial_lanes(g, v, nt) == lanes) {
					ws[nws++] = v;
					done |= 1u << v;
				}
			for (uint32_t l = 0; l < 32; l++)
				if ((lanes >> l) & 1)
					ls[nls++] = l;
			struct run wr[32], lr[32];
			uint32_t nwr = runs_of(ws, nws, wr), nlr = runs_of(ls, nls, lr);
			struct sbuf b = { 0 };
			for (uint32_t k = 0; k < nlr && k < 4; k++) {
				sb_add(&b, "%s", k ? ", " : "");
				sb_run(&b, &lr[k]);
			}
			if (nlr > 4)
				sb_add(&b, " and %" PRIu32 " more", nlr - 4);
			sb_add(&b, " of warp%s ", nws == 1 ? "" : "s");
			for (uint32_t k = 0; k < nwr; k++) {
				sb_add(&b, "%s", k ? ", " : "");
				sb_run(&b, &wr[k]);
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
** class and hazard; an uninitialized read or an out-of-bounds access at
** its site; each with its occurrences, and the contract when a weaker one
** than the report shows.
*/
static void text_members(FILE *out, const struct report *r, const struct finding *f)
{
	uint32_t other = 0, listed = 0;
	for (uint32_t i = 0; i < f->nmembers; i++)
		other += !(f->members[i].kind == f->kind && finding_same(&f->members[i], f))
			 && report_shows(r, &f->members[i]);
	if (other == 0)
		return;
	if (f->kind == FK_BARRIER_DIVERGENCE)
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
			put_site(out, NAME_OF(access_words, m->access1), &m->loc);
			fprintf(out, ", ");
			put_site(out, NAME_OF(access_words, m->second.kind), &m->second.loc);
			fprintf(out, ": %s, %s", NAME_OF(class_names, m->race_class),
				NAME_OF(hazard_names, m->hazard));
			if (m->benign)
				fprintf(out, ", benign");
		} else {
			put_site(out, m->kind == FK_UNINIT ? "read" : "access", &m->loc);
			if (m->where)
				fprintf(out, " of '%s'", m->where);
			fprintf(out, ": %s", m->kind == FK_UNINIT ? f->kind == FK_RACE
				? "uninitialized (the race explains it)" : "uninitialized"
				: "out of bounds");
		}
		fprintf(out, ", %" PRIu64 " occurrence%s", m->count, plural(m->count, "", "s"));
		if (m->contract != f->contract)
			fprintf(out, " (contract: %s)", contract_level_name((enum contract_level)m->contract));
		fprintf(out, "\n");
	}
}

static void text_finding(FILE *out, const struct report *r, const struct finding *f)
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
		fprintf(out, "  class: %s", NAME_OF(class_names, f->race_class));
		if (f->launch < r->nlaunches && f->race_class != RC_INTER_BLOCK)
			put_warps(out, &r->launches[f->launch].block, &f->who, &f->second.who);
		fprintf(out, ", %s (%s)\n", NAME_OF(hazard_names, f->hazard),
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
	int said = f->kind == FK_ASSUMPTION || f->kind == FK_NOTHING_CHECKED;
	if (f->detail && !(f->kind == FK_BARRIER_DIVERGENCE && f->div && !f->grid) && !said)
		fprintf(out, "  %s\n", f->detail);
	text_members(out, r, f);
	if (finding_kind_is_host(f->kind))
		fprintf(out, "  contract: host (the program's own CUDA calls)\n");
	else if (!finding_kind_is_perf(f->kind) && f->kind != FK_NOTHING_CHECKED) {
		uint64_t count = report_shown_occurrences(r, f);
		fprintf(out, "  %" PRIu64 " occurrence%s", count, plural(count, "", "s"));
		if (f->kind == FK_RACE)
			fprintf(out, ", %" PRIu64 " address%s, %" PRIu64 " thread pair%s", f->addresses,
				plural(f->addresses, "", "es"), f->thread_pairs,
				plural(f->thread_pairs, "", "s"));
		fprintf(out, "\n");
	}
	if (f->launch < r->nlaunches && r->launches[f->launch].run) {
		/* the program's own launch: its number, not options to replay */
		const struct report_launch *l = &r->launches[f->launch];
		fprintf(out, "  launch %" PRIu32 " of the run: %s<<<(%" PRIu32 ",%" PRIu32 ",%" PRIu32
			"), (%" PRIu32 ",%" PRIu32 ",%" PRIu32 "), %" PRIu64 ">>>", l->run,
			l->kernel < r->nkernels ? r->kernels[l->kernel].demangled : "?",
			l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y, l->block.z,
			l->dyn_shared);
		if (f->launches > 1 && f->kind != FK_REDUNDANT_BARRIER)
			fprintf(out, " (first of %" PRIu64 " launches that show it)", f->launches);
		fprintf(out, "\n");
		for (uint32_t i = 0; i < l->nargs; i++)
			fprintf(out, "%s%s=%s%s", i ? ", " : "  arguments: ", l->args[i].name,
				l->args[i].value, i + 1 == l->nargs ? "\n" : "");
		for (uint32_t i = 0; i < l->nhost_stack; i++)
			fprintf(out, "  %s %s\n", i ? "   from" : "made in", l->host_stack[i]);
	} else if (f->launch < r->nlaunches) {
		char *opts = report_launch_options(r, f->launch);
		fprintf(out, "  %s: %s\n", f->kind == FK_ASSUMPTION ? "smallest launch that shows it"
			: f->kind == FK_NOTHING_CHECKED ? "a launch it tried" : "launch", opts);
		free(opts);
		if (f->contract != CL_DECLARED && !said)
			fprintf(out, "  contract: %s\n",
				contract_words[f->contract < CL__COUNT ? f->contract : CL_NONE]);
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
		if (report_shows(r, &r->findings.v[i]))
			text_finding(out, r, &r->findings.v[i]);
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
		t->grid = r->launches[0].grid;
		t->block = r->launches[0].block;
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
	if (t->launches == 1)
		fprintf(out, "grid %" PRIu32 ",%" PRIu32 ",%" PRIu32 " block %" PRIu32 ",%" PRIu32
			",%" PRIu32 ", ", t->grid.x, t->grid.y, t->grid.z, t->block.x, t->block.y,
			t->block.z);
	else
		fprintf(out, "%" PRIu32 " launch%s, ", t->launches, plural(t->launches, "", "es"));
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

/* ---- JSON ------------------------------------------------------------------ */

int jprint(struct jb *b, cJSON *root, FILE *out)
{
	char *text = b->failed ? NULL : cJSON_Print(root);
	cJSON_Delete(root);
	if (text == NULL)
		return -1;
	fputs(text, out);
	fputc('\n', out);
	cJSON_free(text);
	return 0;
}

cJSON *jput(struct jb *b, cJSON *obj, const char *key, cJSON *item)
{
	if (item == NULL) {
		b->failed = 1;
		return NULL;
	}
	int ok = obj != NULL && (key ? cJSON_AddItemToObject(obj, key, item)
				 : cJSON_AddItemToArray(obj, item));
	if (!ok) {
		cJSON_Delete(item);
		b->failed = 1;
		return NULL;
	}
	return item;
}

static void jstr(struct jb *b, cJSON *o, const char *key, const char *s)
{
	jput(b, o, key, s ? cJSON_CreateString(s) : cJSON_CreateNull());
}

static void jnum(struct jb *b, cJSON *o, const char *key, uint64_t v)
{
	jput(b, o, key, cJSON_CreateNumber((double)v));
}

static void jbool(struct jb *b, cJSON *o, const char *key, int v)
{
	jput(b, o, key, cJSON_CreateBool(v != 0));
}

static void jdim(struct jb *b, cJSON *o, const char *key, uint32_t x, uint32_t y, uint32_t z)
{
	cJSON *a = jput(b, o, key, cJSON_CreateArray());
	jnum(b, a, NULL, x);
	jnum(b, a, NULL, y);
	jnum(b, a, NULL, z);
}

/* A location object, or NULL when memory ran out (jput notices). */
static cJSON *location_obj(struct jb *b, const struct srcloc *l)
{
	cJSON *o = cJSON_CreateObject();
	if (o == NULL)
		return NULL;
	jstr(b, o, "file", l->file);
	jnum(b, o, "line", l->line);
	jnum(b, o, "column", l->col);
	jstr(b, o, "function", l->func);
	return o;
}

static void json_location(struct jb *b, cJSON *arr, const struct srcloc *l)
{
	jput(b, arr, NULL, location_obj(b, l));
}

static void json_thread(struct jb *b, cJSON *arr, const struct thread_id *t)
{
	cJSON *o = jput(b, arr, NULL, cJSON_CreateObject());
	jdim(b, o, "block", t->block[0], t->block[1], t->block[2]);
	jdim(b, o, "thread", t->thread[0], t->thread[1], t->thread[2]);
}

static const char *const bd_state_ids[] = { "waiting", "other-barrier", "exited", "elsewhere" };

/* The groups of a barrier divergence ("divergence"), or null. */
static void json_divergence(struct jb *b, cJSON *o, const struct finding *f)
{
	const struct divergence *d = f->kind == FK_BARRIER_DIVERGENCE ? f->div : NULL;
	if (d == NULL) {
		jput(b, o, "divergence", cJSON_CreateNull());
		return;
	}
	uint32_t nt = block_threads(d), nw = (nt + 31) / 32;
	cJSON *dv = jput(b, o, "divergence", cJSON_CreateObject());
	jdim(b, dv, "block", f->who.block[0], f->who.block[1], f->who.block[2]);
	cJSON *gs = jput(b, dv, "groups", cJSON_CreateArray());
	for (uint32_t i = 0; i < d->ngroups; i++) {
		const struct bd_group *g = &d->groups[i];
		cJSON *go = jput(b, gs, NULL, cJSON_CreateObject());
		jstr(b, go, "state", NAME_OF(bd_state_ids, g->state));
		if (g->loc.file || g->loc.func || g->loc.line) {
			jput(b, go, "location", location_obj(b, &g->loc));
		} else {
			jput(b, go, "location", cJSON_CreateNull());
		}
		jnum(b, go, "count", g->nthreads);
		char *set = report_thread_set(g->mask, d->bdim, UINT32_MAX);
		jstr(b, go, "threads", set);
		free(set);
		struct run runs[1024];
		uint32_t nr = linear_runs(g->mask, nt, runs);
		cJSON *rs = jput(b, go, "ranges", cJSON_CreateArray());
		for (uint32_t k = 0; k < nr; k++) {
			cJSON *r3 = jput(b, rs, NULL, cJSON_CreateArray());
			jnum(b, r3, NULL, runs[k].a);
			jnum(b, r3, NULL, runs[k].b);
			jnum(b, r3, NULL, runs[k].step);
		}
		cJSON *pw = jput(b, go, "partial_warps", cJSON_CreateArray());
		for (uint32_t w = 0; w < nw; w++) {
			uint32_t lanes = partial_lanes(g, w, nt);
			if (lanes == 0)
				continue;
			cJSON *wo = jput(b, pw, NULL, cJSON_CreateObject());
			jnum(b, wo, "warp", w);
			cJSON *ls = jput(b, wo, "lanes", cJSON_CreateArray());
			for (uint32_t l = 0; l < 32; l++)
				if ((lanes >> l) & 1)
					jnum(b, ls, NULL, l);
		}
	}
}

static void json_launch(struct jb *b, cJSON *arr, const struct report *r, uint32_t li)
{
	const struct report_launch *l = &r->launches[li];
	cJSON *o = jput(b, arr, NULL, cJSON_CreateObject());
	jnum(b, o, "kernel", l->kernel);
	jdim(b, o, "grid", l->grid.x, l->grid.y, l->grid.z);
	jdim(b, o, "block", l->block.x, l->block.y, l->block.z);
	jnum(b, o, "dynamic_shared", l->dyn_shared);
	jstr(b, o, "shared_init", l->shared_init ? l->shared_init : "zero");
	jnum(b, o, "seed", l->seed);
	cJSON *args = jput(b, o, "arguments", cJSON_CreateArray());
	for (uint32_t i = 0; i < l->nargs; i++) {
		cJSON *a = jput(b, args, NULL, cJSON_CreateObject());
		jstr(b, a, "name", l->args[i].name);
		jstr(b, a, "value", l->args[i].value);
	}
	cJSON *bufs = jput(b, o, "buffers", cJSON_CreateArray());
	for (uint32_t i = 0; i < l->nbufs; i++) {
		const struct report_buffer *u = &l->bufs[i];
		cJSON *a = jput(b, bufs, NULL, cJSON_CreateObject());
		jstr(b, a, "name", u->name);
		jstr(b, a, "type", u->type);
		if (u->elems)
			jnum(b, a, "elements", u->elems);
		else
			jput(b, a, "elements", cJSON_CreateNull());
		jstr(b, a, "init", u->init ? u->init : "zero");
		if (u->tex)
			jstr(b, a, "texture", u->tex);
	}
	char *opts = report_launch_options(r, li);
	jstr(b, o, "options", opts);
	free(opts);
	if (l->run) {
		jnum(b, o, "run_launch", l->run);
		cJSON *hs = jput(b, o, "host_stack", cJSON_CreateArray());
		for (uint32_t i = 0; i < l->nhost_stack; i++)
			jstr(b, hs, NULL, l->host_stack[i]);
	}
}

/* F's "locations", "threads" (a host finding has none), "accesses",
** "space" and "where", as a finding and a group's member give them. */
static void json_sites(struct jb *b, cJSON *o, const struct finding *f)
{
	int race = f->kind == FK_RACE;
	int two = race || (f->kind == FK_BARRIER_DIVERGENCE && f->second.loc.func != NULL);
	cJSON *locs = jput(b, o, "locations", cJSON_CreateArray());
	json_location(b, locs, &f->loc);
	if (two)
		json_location(b, locs, &f->second.loc);
	cJSON *th = jput(b, o, "threads", cJSON_CreateArray());
	if (!finding_kind_is_host(f->kind))
		json_thread(b, th, &f->who);
	if (two)
		json_thread(b, th, &f->second.who);
	cJSON *acc = jput(b, o, "accesses", cJSON_CreateArray());
	if (race) {
		jstr(b, acc, NULL, NAME_OF(access_ids, f->access1));
		jstr(b, acc, NULL, NAME_OF(access_ids, f->second.kind));
	}
	jstr(b, o, "space", f->where ? report_space_name(f->space) : NULL);
	jstr(b, o, "where", f->where);
}

/* F's "class", "hazard", "its_only" and "benign" (null and false but for
** a race). */
static void json_race(struct jb *b, cJSON *o, const struct finding *f)
{
	int race = f->kind == FK_RACE;
	jstr(b, o, "class", race ? NAME_OF(class_names, f->race_class) : NULL);
	jstr(b, o, "hazard", race ? NAME_OF(hazard_names, f->hazard) : NULL);
	jbool(b, o, "its_only", race && f->its_only);
	jbool(b, o, "benign", race && f->benign);
}

/* Member M of a group (struct finding's members) as the JSON report's
** "members" give it: its kind, sites, witness threads and counts. */
static void json_member(struct jb *b, cJSON *arr, const struct report *r, const struct finding *m)
{
	cJSON *o = jput(b, arr, NULL, cJSON_CreateObject());
	jstr(b, o, "kind", finding_kind_id(m->kind));
	jstr(b, o, "severity", report_severity_name(m->severity));
	jstr(b, o, "contract", contract_level_name((enum contract_level)m->contract));
	if (m->launch < r->nlaunches)
		jnum(b, o, "launch", m->launch);
	else
		jput(b, o, "launch", cJSON_CreateNull());
	json_sites(b, o, m);
	json_race(b, o, m);
	json_divergence(b, o, m);
	cJSON *c = jput(b, o, "counts", cJSON_CreateObject());
	jnum(b, c, "occurrences", m->count);
	jnum(b, c, "addresses", m->addresses);
	jnum(b, c, "thread_pairs", m->thread_pairs);
}

static void json_finding(struct jb *b, cJSON *arr, const struct report *r, uint32_t i,
			 uint32_t id)
{
	const struct finding *f = &r->findings.v[i];
	cJSON *o = jput(b, arr, NULL, cJSON_CreateObject());
	jnum(b, o, "id", id);
	jstr(b, o, "kind", finding_kind_id(f->kind));
	jstr(b, o, "severity", report_severity_name(f->severity));
	jstr(b, o, "contract", contract_level_name((enum contract_level)f->contract));
	char *msg = report_message(f);
	jstr(b, o, "message", msg);
	free(msg);
	if (f->launch < r->nlaunches) {
		jnum(b, o, "kernel", r->launches[f->launch].kernel);
		jnum(b, o, "launch", f->launch);
	} else {
		jput(b, o, "kernel", cJSON_CreateNull());
		jput(b, o, "launch", cJSON_CreateNull());
	}
	json_sites(b, o, f);
	if (f->addr) {
		char hex[32];
		snprintf(hex, sizeof hex, "0x%" PRIx64, f->addr);
		jstr(b, o, "address", hex);
	} else {
		jstr(b, o, "address", NULL);
	}
	json_race(b, o, f);
	jstr(b, o, "detail", f->detail);
	json_divergence(b, o, f);
	if (f->kind == FK_INCOMPLETE) {
		cJSON *u = jput(b, o, "unanalysed", cJSON_CreateObject());
		jnum(b, u, "budget_bytes", f->budget);
		jnum(b, u, "blocks", f->blocks);
		jdim(b, u, "first_block", f->who.block[0], f->who.block[1], f->who.block[2]);
		jdim(b, u, "last_block", f->last_block[0], f->last_block[1], f->last_block[2]);
		jnum(b, u, "accesses", f->dropped);
	} else {
		jput(b, o, "unanalysed", cJSON_CreateNull());
	}
	if (finding_kind_is_perf(f->kind)) {
		cJSON *p = jput(b, o, "cost", cJSON_CreateObject());
		jnum(b, p, "worst", f->perf_worst);
		jnum(b, p, "needed", f->perf_need);
	} else {
		jput(b, o, "cost", cJSON_CreateNull());
	}
	cJSON *c = jput(b, o, "counts", cJSON_CreateObject());
	jnum(b, c, "occurrences", report_shown_occurrences(r, f));
	jnum(b, c, "addresses", f->addresses);
	jnum(b, c, "thread_pairs", f->thread_pairs);
	jnum(b, c, "launches", f->launches);
	jnum(b, c, "executions", f->executions);
	if (f->members) {
		cJSON *ms = jput(b, o, "members", cJSON_CreateArray());
		for (uint32_t j = 0; j < f->nmembers; j++)
			if (report_shows(r, &f->members[j]))
				json_member(b, ms, r, &f->members[j]);
	} else {
		jput(b, o, "members", cJSON_CreateNull());
	}
}

/* The search of one kernel (struct report_search). */
static void json_search(struct jb *b, cJSON *k, const struct report_search *s)
{
	cJSON *o = jput(b, k, "search", cJSON_CreateObject());
	jnum(b, o, "population", s->population);
	jnum(b, o, "generations", s->generations);
	jput(b, o, "threshold", cJSON_CreateNumber(s->threshold));
	jnum(b, o, "generations_run", s->generations_run);
	jnum(b, o, "evaluations", s->evaluations);
	jnum(b, o, "outside_contract", s->outside_contract);
	cJSON *by = jput(b, o, "outside_by_kind", cJSON_CreateObject());
	for (int i = 0; i < FK__COUNT; i++)
		if (s->outside_by_kind[i])
			jnum(b, by, finding_kind_id((enum finding_kind)i), s->outside_by_kind[i]);
	jput(b, o, "best_fitness", cJSON_CreateNumber(s->best_fitness));
	jstr(b, o, "stop", s->stop);
	jnum(b, o, "cut", s->cut);
	jnum(b, o, "refused", s->refused);
}

int report_json(FILE *out, const struct report *r)
{
	struct jb b = { 0 };
	cJSON *root = report_json_tree(r);
	return root ? jprint(&b, root, out) : -1;
}

cJSON *report_json_tree(const struct report *r)
{
	struct jb b = { 0 };
	cJSON *root = cJSON_CreateObject();
	if (root == NULL)
		return NULL;
	jstr(&b, root, "schema", REPORT_SCHEMA_NAME);
	jnum(&b, root, "version", REPORT_SCHEMA_VERSION);
	cJSON *tool = jput(&b, root, "tool", cJSON_CreateObject());
	jstr(&b, tool, "name", "simulee-c");
	jstr(&b, tool, "version", r->version);
	jstr(&b, tool, "llvm", r->llvm_version);
	jstr(&b, root, "input", r->input);
	jnum(&b, root, "seed", r->seed);
	jstr(&b, root, "warp_model", report_warp_model_name(r->warp_model));
	jstr(&b, root, "fail_on", report_fail_on_name(r->fail_on));
	jstr(&b, root, "contract", report_contract_option_name(r->show));

	cJSON *ks = jput(&b, root, "kernels", cJSON_CreateArray());
	for (uint32_t i = 0; i < r->nkernels; i++) {
		cJSON *k = jput(&b, ks, NULL, cJSON_CreateObject());
		jstr(&b, k, "name", r->kernels[i].name);
		jstr(&b, k, "demangled", r->kernels[i].demangled);
		jbool(&b, k, "host_sites", r->kernels[i].host_sites);
		jstr(&b, k, "input", r->kernels[i].input ? r->kernels[i].input : r->input);
		jnum(&b, k, "job", r->kernels[i].job);
		jnum(&b, k, "findings_outside_contract", report_hidden(r, i));
		if (r->kernels[i].search)
			json_search(&b, k, r->kernels[i].search);
	}
	cJSON *ls = jput(&b, root, "launches", cJSON_CreateArray());
	for (uint32_t i = 0; i < r->nlaunches; i++)
		json_launch(&b, ls, r, i);
	cJSON *fs = jput(&b, root, "findings", cJSON_CreateArray());
	for (uint32_t i = 0, id = 0; i < r->findings.n; i++)
		if (report_shows(r, &r->findings.v[i]))
			json_finding(&b, fs, r, i, ++id);
	/* the performance notes, whether shown or not */
	cJSON *ps = jput(&b, root, "performance", cJSON_CreateArray());
	for (uint32_t i = 0, id = 0; i < r->findings.n; i++)
		if (finding_kind_is_perf(r->findings.v[i].kind)
		    && r->findings.v[i].contract <= r->show)
			json_finding(&b, ps, r, i, ++id);

	cJSON *bs = jput(&b, root, "barriers", cJSON_CreateArray());
	for (uint32_t i = 0; i < r->nbarriers; i++) {
		const struct report_barrier *rb = &r->barriers[i];
		cJSON *o = jput(&b, bs, NULL, cJSON_CreateObject());
		jnum(&b, o, "kernel", rb->kernel);
		jput(&b, o, "location", location_obj(&b, &rb->loc));
		jstr(&b, o, "verdict", report_verdict_name(rb->verdict));
		jnum(&b, o, "launches", rb->launches);
		jnum(&b, o, "executions", rb->executions);
		jnum(&b, o, "kernel_launches", rb->kernel_launches);
	}

	uint32_t e, w, n, bn;
	report_count(r, &e, &w, &n, &bn);
	cJSON *s = jput(&b, root, "summary", cJSON_CreateObject());
	jnum(&b, s, "findings", (uint64_t)e + w + n);
	jnum(&b, s, "findings_outside_contract", report_hidden(r, UINT32_MAX));
	jnum(&b, s, "errors", e);
	jnum(&b, s, "warnings", w);
	jnum(&b, s, "notes", n);
	jnum(&b, s, "benign_races", bn);
	jnum(&b, s, "barriers_not_covered", report_not_covered(r));
	jnum(&b, s, "exit_status", (uint64_t)report_exit_status(r));

	if (b.failed) {
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

int report_print_tree(FILE *out, cJSON *tree)
{
	struct jb b = { 0 };
	return jprint(&b, tree, out);
}
