/*
** words.c: see report.h.  How a report words things: the names of its
** enums and their parsers, a finding's message, a launch as command-line
** options, and sets of threads (barrier divergence) as ranges.
*/
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_int.h"
#include "base/util.h"

/* ---- names ---------------------------------------------------------------- */

static const char *const severity_names[] = { "error", "warning", "note" };
static const char *const fail_on_names[] = { "error", "warning", "note", "never" };
static const char *const format_names[] = { "text", "json", "sarif" };
static const char *const model_names[] = { "its", "lockstep" };
static const char *const class_names[] = { "intra-warp", "inter-warp", "inter-block" };
static const char *const hazard_names[] = { "RAW", "WAR", "WAW" };
/* access kinds: JSON ids and the words of the text */
static const char *const access_ids[] = { "read", "write", "atomic", "atomic-read",
					  "atomic-write" };
static const char *const access_words[] = { "read", "write", "atomic read-modify-write",
					    "atomic read", "atomic write" };

static const char *const verdict_names[] = { [BV_NOT_COVERED] = "not-covered",
					     [BV_REDUNDANT] = "redundant", [BV_NEEDED] = "needed",
					     [BV_COMPUTES] = "computes" };

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

const char *report_access_words(unsigned k)
{
	return NAME_OF(access_words, k);
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
	/* no option shows the explored contract alone: only a run has it,
	** and a run lists every finding */
	for (unsigned i = 0; i < CL__COUNT; i++)
		if (contract_options[i] && strcmp(name, contract_options[i]) == 0) {
			*out = (enum contract_level)i;
			return 0;
		}
	return -1;
}

const char *report_contract_option_name(enum contract_level c)
{
	const char *n = NAME_OF(contract_options, c);
	return n ? n : "?";	/* CL_EXPLORED is never shown alone */
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


void report_sb_add(struct sbuf *b, const char *fmt, ...)
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
		report_sb_add(b, "%s", w);
		return;
	}
	report_sb_add(b, "'");
	for (const char *p = w; *p; p++) {
		if (*p == '\'')
			report_sb_add(b, "'\\''");
		else
			report_sb_add(b, "%c", *p);
	}
	report_sb_add(b, "'");
}

/* " --OPT NAME=VALUE", the pair quoted for the shell. */
static void sb_opt(struct sbuf *b, const char *opt, const char *name, const char *value)
{
	char *kv = xasprintf("%s=%s", name, value);
	report_sb_add(b, " --%s ", opt);
	sb_word(b, kv);
	free(kv);
}

char *report_launch_options(const struct report *r, uint32_t li)
{
	struct sbuf b = { 0 };
	const struct report_launch *l = &r->launches[li];
	if (l->kernel < r->nkernels) {
		report_sb_add(&b, "--kernel ");
		sb_word(&b, r->kernels[l->kernel].name);
		report_sb_add(&b, " ");
	}
	/* a host launch that ran its first blocks: the program's grid, and
	** the blocks that ran */
	const struct dim3 g = report_launch_whole_grid(l);
	report_sb_add(&b, "--grid %" PRIu32 ",%" PRIu32 ",%" PRIu32, g.x, g.y, g.z);
	if (l->program_grid.x)
		report_sb_add(&b, " --run-blocks %" PRIu32 ",%" PRIu32 ",%" PRIu32, l->grid.x,
			      l->grid.y, l->grid.z);
	report_sb_add(&b, " --block %" PRIu32 ",%" PRIu32 ",%" PRIu32 " --shared %" PRIu64,
		      l->block.x, l->block.y, l->block.z, l->dyn_shared);
	if (l->shared_init) {
		report_sb_add(&b, " --shared-init ");
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
	report_sb_add(&b, " --seed %" PRIu64, l->seed);
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
	if (f->kind == FK_SEARCH_SHORT && f->detail)
		return xasprintf("search stopped short: %s", f->detail);
	if (f->kind == FK_REFUSED_LAUNCH && f->detail)
		return xasprintf("launch CUDA refuses: %s", f->detail);
	struct sbuf b = { 0 };
	if (f->kind == FK_SUBSCRIPT && f->where) {
		/* "index 17 is past dimension 2 of shared 'tile[16][16]' (extent 16)" */
		const char *sp = report_space_name(f->space);
		report_sb_add(&b, "index %" PRId64 " is past dimension %u of ", f->index, (unsigned)f->dim);
		if (f->member != FINDING_NO_VAR)
			report_sb_add(&b, "the array member at byte %" PRIu32 " of ", f->member);
		report_sb_add(&b, "%s%s'%s' (extent %" PRIu64 ")", sp ? sp : "", sp ? " " : "", f->where,
		       f->extent);
		return sb_take(&b);
	}
	if (f->kind == FK_BANK_CONFLICT) {
		/* "4-way bank conflict on shared 'tile'" */
		report_sb_add(&b, "%" PRIu32 "-way bank conflict", f->perf_worst);
		if (f->where)
			report_sb_add(&b, " on shared '%s'", f->where);
		return sb_take(&b);
	}
	if (f->kind == FK_HOST_UNCOPIED_READ) {
		/* "host reads 'h_c', which nothing copied back from the device" */
		report_sb_add(&b, "host reads '%s', which nothing copied back from the device", f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_HOST_UNSYNC_READ) {
		report_sb_add(&b, "host reads '%s' before the device's work on it is synchronized",
		       f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_HOST_UNSYNC_WRITE) {
		report_sb_add(&b, "host writes '%s' before the device's work on it is synchronized",
		       f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_STREAM_RACE) {
		report_sb_add(&b, "race between streams on device buffer '%s'", f->where ? f->where : "?");
		return sb_take(&b);
	}
	if (f->kind == FK_UNCOALESCED) {
		/* "uncoalesced access to global 'a': uses 32 sectors, 4 needed" */
		report_sb_add(&b, "uncoalesced access");
		if (f->where)
			report_sb_add(&b, " to global '%s'", f->where);
		report_sb_add(&b, ": uses %" PRIu32 " sector%s, %" PRIu32 " needed", f->perf_worst,
		       f->perf_worst == 1 ? "" : "s", f->perf_need);
		return sb_take(&b);
	}
	report_sb_add(&b, "%s%s", f->kind == FK_BARRIER_DIVERGENCE && f->grid ? "grid " : "",
	       finding_kind_name(f->kind));
	if (f->kind == FK_INCOMPLETE) {
		const uint32_t *x = f->who.block;
		report_sb_add(&b, ": shadow budget reached at block (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")",
		       x[0], x[1], x[2]);
	}
	if (f->where) {
		const char *sp = report_space_name(f->space);
		if (sp)
			report_sb_add(&b, " on %s '%s'", sp, f->where);
		else
			report_sb_add(&b, " on '%s'", f->where);
	}
	if (f->kind == FK_RACE) {
		const char *a = NAME_OF(access_words, f->access1);
		const char *c = NAME_OF(access_words, f->second.kind);
		if (f->benign)
			report_sb_add(&b, " between two writes of the same value");
		else if (f->access1 == f->second.kind)
			report_sb_add(&b, " between two %ss", a);
		else
			report_sb_add(&b, " between %s %s and %s %s", article(a), a, article(c), c);
	}
	return sb_take(&b);
}

/* ---- sets of threads (barrier divergence) ---------------------------------- */


/* Splits the increasing values V[0..N) into runs, into OUT (N entries at
** most): a contiguous run where one starts, else an arithmetic one of
** three values or more, else a single value.  Returns their number. */
uint32_t report_runs_of(const uint32_t *v, uint32_t n, struct run *out)
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

void report_sb_run(struct sbuf *b, const struct run *r)
{
	if (r->a == r->b)
		report_sb_add(b, "%" PRIu32, r->a);
	else if (r->step == 1)
		report_sb_add(b, "%" PRIu32 "..%" PRIu32, r->a, r->b);
	else
		report_sb_add(b, "%" PRIu32 "..%" PRIu32 " step %" PRIu32, r->a, r->b, r->step);
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
	uint32_t k = report_runs_of(xs, n, runs);
	for (uint32_t i = 0; i < k; i++) {
		if (i)
			report_sb_add(b, ";");
		report_sb_run(b, &runs[i]);
	}
	return k;
}

/* A range of y or z. */
static void sb_range(struct sbuf *b, uint32_t a, uint32_t c)
{
	struct run r = { a, c, 1 };
	report_sb_run(b, &r);
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
					report_sb_add(&plane, "%" PRIu32 ":%" PRIu32 ":%s|", py0, y - 1, prow.s);
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
					report_sb_add(&out, "%s(%s,", items ? ", " : "", x);
					sb_range(&out, (uint32_t)y0, (uint32_t)y1);
					report_sb_add(&out, ",");
					sb_range(&out, pz0, pz1);
					report_sb_add(&out, ")");
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
		report_sb_add(&out, " and %" PRIu32 " more range%s", more, more == 1 ? "" : "s");
	return out.s ? out.s : xstrdup("()");
}

/* The runs of the linear thread indices of the set (JSON). */
uint32_t report_linear_runs(const uint32_t *mask, uint32_t nt, struct run *out)
{
	uint32_t ts[1024], n = 0;
	for (uint32_t t = 0; t < nt && t < 1024; t++)
		if (in_set(mask, t))
			ts[n++] = t;
	return report_runs_of(ts, n, out);
}

/* The lanes a barrier group holds of warp W when that is some but not all
** of the warp's threads, else 0. */
uint32_t report_partial_lanes(const struct bd_group *g, uint32_t w, uint32_t nt)
{
	uint32_t exists = nt >= (w + 1) * 32 ? 0xffffffffu : (1u << (nt - w * 32)) - 1;
	uint32_t m = g->mask[w];
	if (g->state != BD_WAITING && g->state != BD_OTHER_BARRIER)
		return 0;
	return m != 0 && m != exists ? m : 0;
}

uint32_t report_block_threads(const struct divergence *d)
{
	uint64_t nt = (uint64_t)d->bdim[0] * d->bdim[1] * d->bdim[2];
	return nt > 1024 ? 1024 : (uint32_t)nt;
}

