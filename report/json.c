/*
** json.c: see report.h.  The versioned JSON report (docs/REPORT-FORMAT.md,
** docs/report.schema.json) and the cJSON helpers the SARIF writer shares
** (report/jtree.h).
*/
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "report/report.h"
#include "report/report_int.h"
#include "report/jtree.h"
#include "report/group.h"
#include "base/util.h"

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
	uint32_t nt = report_block_threads(d), nw = (nt + 31) / 32;
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
		uint32_t nr = report_linear_runs(g->mask, nt, runs);
		cJSON *rs = jput(b, go, "ranges", cJSON_CreateArray());
		for (uint32_t k = 0; k < nr; k++) {
			cJSON *r3 = jput(b, rs, NULL, cJSON_CreateArray());
			jnum(b, r3, NULL, runs[k].a);
			jnum(b, r3, NULL, runs[k].b);
			jnum(b, r3, NULL, runs[k].step);
		}
		cJSON *pw = jput(b, go, "partial_warps", cJSON_CreateArray());
		for (uint32_t w = 0; w < nw; w++) {
			uint32_t lanes = report_partial_lanes(g, w, nt);
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
	if (l->program_grid.x)
		jdim(b, o, "program_grid", l->program_grid.x, l->program_grid.y, l->program_grid.z);
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
	/* per thread: the device-side launch that made its grid, or null */
	cJSON *lb = jput(b, o, "launched_by", cJSON_CreateArray());
	if (!finding_kind_is_host(f->kind))
		jput(b, lb, NULL, f->launched_by.func || f->launched_by.line
			   ? location_obj(b, &f->launched_by) : cJSON_CreateNull());
	if (two)
		jput(b, lb, NULL, f->second.launched_by.func || f->second.launched_by.line
			   ? location_obj(b, &f->second.launched_by) : cJSON_CreateNull());
	cJSON *acc = jput(b, o, "accesses", cJSON_CreateArray());
	if (race) {
		jstr(b, acc, NULL, report_access_name(f->access1));
		jstr(b, acc, NULL, report_access_name(f->second.kind));
	}
	jstr(b, o, "space", f->where ? report_space_name(f->space) : NULL);
	jstr(b, o, "where", f->where);
}

/* F's "class", "hazard", "its_only" and "benign" (null and false but for
** a race). */
static void json_race(struct jb *b, cJSON *o, const struct finding *f)
{
	int race = f->kind == FK_RACE;
	jstr(b, o, "class", race ? report_class_name(f->race_class) : NULL);
	jstr(b, o, "hazard", race ? report_hazard_name(f->hazard) : NULL);
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
	char *fp = report_fingerprint(r, f);
	jstr(b, o, "fingerprint", fp);
	free(fp);
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
		jnum(b, u, "pages", f->pages);
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
	/* the other instantiations come with the merge (report/inst.c) */
	jput(b, o, "instantiations", cJSON_CreateArray());
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
	jnum(b, o, "unmade", s->unmade);
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

