/*
** merge.c: many reports of one run into the report of the whole run.
**
** A run over many kernels is a list of jobs, one kernel each (struct
** report_kernel's job).  Every job's report is a tree of its own; the run
** writes the merge of its jobs' trees, and `--merge` writes the merge of
** the shards' trees, with the same code, so the two are the same bytes.
** Merging works on the printed form (a JSON report or a SARIF log), which
** is what shards running on other machines leave behind: kernels in job
** order, the launches, findings and barriers of each after those of the
** kernels before it, their indices renumbered, the summary counts summed.
*/
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "base/util.h"
#include "report/jtree.h"
#include "report/report.h"
#include "report/inst.h"

/* One kernel found in the trees: its job, its tree and its index there. */
struct kref {
	uint32_t job;
	uint32_t tree;
	uint32_t local;
};

/* One element of a merged array: where it goes and where it came from. */
struct item {
	uint32_t kernel;	/* its kernel's new index (UINT32_MAX: none) */
	uint32_t tree, local;	/* its tree and index there (the tie-breaks) */
	const cJSON *node;
};

static int cmp_kref(const void *a, const void *b)
{
	const struct kref *x = a, *y = b;
	return x->job != y->job ? (x->job < y->job ? -1 : 1)
	       : x->tree != y->tree ? (x->tree < y->tree ? -1 : 1) : 0;
}

static int cmp_item(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	if (x->kernel != y->kernel)
		return x->kernel < y->kernel ? -1 : 1;
	if (x->tree != y->tree)
		return x->tree < y->tree ? -1 : 1;
	return x->local < y->local ? -1 : x->local > y->local;
}

int report_tree_is_sarif(const cJSON *tree)
{
	return cJSON_GetObjectItemCaseSensitive(tree, "runs") != NULL;
}

/* A non-negative integer member, or -1 when absent or not one. */
static int64_t int_of(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 9e15
	       ? (int64_t)v->valuedouble : -1;
}

/* What the merge needs to know about the shape of one format. */
struct shape {
	int sarif;
	/* the object holding the run's members (the root, or runs[0]) */
	cJSON *(*body)(const cJSON *tree);
};

static cJSON *json_body(const cJSON *tree)
{
	return (cJSON *)tree;
}

static cJSON *sarif_body(const cJSON *tree)
{
	const cJSON *runs = cJSON_GetObjectItemCaseSensitive(tree, "runs");
	return cJSON_GetArraySize(runs) == 1 ? cJSON_GetArrayItem(runs, 0) : NULL;
}

/* The kernels array of a body: "kernels", or SARIF's properties.kernels. */
static cJSON *kernels_of(const struct shape *sh, const cJSON *body)
{
	if (!sh->sarif)
		return cJSON_GetObjectItemCaseSensitive(body, "kernels");
	return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(body, "properties"),
						"kernels");
}

/* The object whose members must agree between trees and whose counts are
** summed: the root (JSON), or the run's properties (SARIF). */
static cJSON *header_of(const struct shape *sh, const cJSON *body)
{
	return sh->sarif ? cJSON_GetObjectItemCaseSensitive(body, "properties") : (cJSON *)body;
}

/* A SARIF run's first invocation: executionSuccessful false (the run
** stopped before its end). */
static void mark_unsuccessful(struct jb *b, cJSON *run)
{
	cJSON *inv = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(run, "invocations"), 0);
	if (inv == NULL)
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(inv, "executionSuccessful");
	jput(b, inv, "executionSuccessful", cJSON_CreateFalse());
}

/* Members of the header that are merged, not compared. */
static int merged_member(const struct shape *sh, const char *key)
{
	static const char *const json[] = { "kernels", "launches", "findings", "performance",
					    "barriers", "summary", "shard", "incomplete" };
	static const char *const sarif[] = { "kernels", "findingsOutsideContract", "launches",
					     "barriersNotCovered", "shard", "incomplete" };
	const char *const *v = sh->sarif ? sarif : json;
	size_t n = sh->sarif ? sizeof sarif / sizeof *sarif : sizeof json / sizeof *json;
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], key) == 0)
			return 1;
	return 0;
}

/* Whether trees A and B are of one run: their headers agree but for the
** merged members (and, for SARIF, the tool and base URIs agree).  On a
** difference, *WHAT names the member. */
static int same_run(const struct shape *sh, const cJSON *a, const cJSON *b, const char **what)
{
	const cJSON *ha = header_of(sh, sh->body(a)), *hb = header_of(sh, sh->body(b));
	for (int pass = 0; pass < 2; pass++) {
		const cJSON *x = pass ? hb : ha, *y = pass ? ha : hb, *m;
		cJSON_ArrayForEach(m, x) {
			if (merged_member(sh, m->string))
				continue;
			const cJSON *o = cJSON_GetObjectItemCaseSensitive(y, m->string);
			if (o == NULL || !cJSON_Compare(m, o, 1)) {
				*what = m->string;
				return 0;
			}
		}
	}
	if (sh->sarif) {
		static const char *const keys[] = { "tool", "originalUriBaseIds" };
		for (int i = 0; i < 2; i++)
			if (!cJSON_Compare(cJSON_GetObjectItemCaseSensitive(sh->body(a), keys[i]),
					   cJSON_GetObjectItemCaseSensitive(sh->body(b), keys[i]), 1)) {
				*what = keys[i];
				return 0;
			}
		if (!cJSON_Compare(cJSON_GetObjectItemCaseSensitive(a, "version"),
				   cJSON_GetObjectItemCaseSensitive(b, "version"), 1)) {
			*what = "version";
			return 0;
		}
	}
	return 1;
}

/* The merge's state. */
struct merge {
	const struct shape *sh;
	cJSON *const *trees;
	uint32_t n;
	uint32_t *kbase;	/* tree t's kernels: kmap[kbase[t] + local] */
	uint32_t *kmap;		/* their new indices */
	uint32_t nkernels;
	struct kref *ks;	/* the kernels in job order */
	struct jb b;
};

/* The new index of kernel LOCAL of tree T (UINT32_MAX: not one). */
static uint32_t new_kernel(const struct merge *m, uint32_t t, int64_t local)
{
	uint32_t count = m->kbase[t + 1] - m->kbase[t];
	return local >= 0 && local < count ? m->kmap[m->kbase[t] + (uint32_t)local] : UINT32_MAX;
}

/* Gathers the elements of array KEY of every tree's body (or of its header
** when IN_HEADER), each with its kernel's new index (from member KMEMBER,
** an index; from "properties"."job" for SARIF results: KMEMBER NULL), sorted
** into the merged order.  *N gets their count. */
static struct item *gather(struct merge *m, const char *key, int in_header, const char *kmember,
			   uint32_t *n)
{
	struct item *v = NULL;
	uint32_t cnt = 0, cap = 0;
	for (uint32_t t = 0; t < m->n; t++) {
		const cJSON *body = m->sh->body(m->trees[t]);
		const cJSON *arr = cJSON_GetObjectItemCaseSensitive(in_header ? header_of(m->sh, body)
								    : body, key);
		const cJSON *e;
		uint32_t local = 0;
		cJSON_ArrayForEach(e, arr) {
			struct item it = { UINT32_MAX, t, local++, e };
			if (kmember) {
				it.kernel = new_kernel(m, t, int_of(e, kmember));
			} else {
				int64_t job = int_of(cJSON_GetObjectItemCaseSensitive(e, "properties"), "job");
				/* the kernel of that job in this tree */
				for (uint32_t k = 0; job >= 0 && k < m->nkernels; k++)
					if (m->ks[k].job == (uint32_t)job && m->ks[k].tree == t)
						it.kernel = k;
			}
			VEC_PUSH(v, cnt, cap, it);
		}
	}
	if (cnt)
		qsort(v, cnt, sizeof *v, cmp_item);
	*n = cnt;
	return v;
}

/* Sets integer member KEY of O to V (keeping its place). */
static void set_num(struct merge *m, cJSON *o, const char *key, double v)
{
	cJSON *x = cJSON_CreateNumber(v);
	if (x == NULL || !cJSON_ReplaceItemInObjectCaseSensitive(o, key, x)) {
		cJSON_Delete(x);
		m->b.failed = 1;
	}
}

/* Member "launch" of O, an index into tree T's launches, to its new
** index (LMAP, LBASE as rebuild's; none when LMAP is NULL). */
static void remap_launch(struct merge *m, cJSON *o, uint32_t t, const uint32_t *lbase,
			 const uint32_t *lmap)
{
	int64_t l = lmap ? int_of(o, "launch") : -1;
	if (l >= 0 && l < lbase[t + 1] - lbase[t])
		set_num(m, o, "launch", lmap[lbase[t] + (uint32_t)l]);
}

/* A copy of the elements V (N of them), as a new array, with member KMEMBER
** set to the new kernel index and, for launches, "launch" remapped through
** LMAP (the new index of launch LOCAL of tree T at LMAP[LBASE[T] + LOCAL]),
** and "id" numbered from 1 when ID. */
static cJSON *rebuild(struct merge *m, const struct item *v, uint32_t n, const char *kmember,
		      const uint32_t *lbase, const uint32_t *lmap, int id)
{
	cJSON *a = cJSON_CreateArray();
	if (a == NULL) {
		m->b.failed = 1;
		return NULL;
	}
	for (uint32_t i = 0; i < n; i++) {
		cJSON *c = jput(&m->b, a, NULL, cJSON_Duplicate(v[i].node, 1));
		if (c == NULL)
			continue;
		if (kmember && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(c, kmember)))
			set_num(m, c, kmember, v[i].kernel);
		remap_launch(m, c, v[i].tree, lbase, lmap);
		/* a group's members (report/group.c), and a finding grouped
		** across instantiations in its tree: the kernels and launches
		** of its list (report/inst.c) */
		cJSON *e;
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c, "members"))
			remap_launch(m, e, v[i].tree, lbase, lmap);
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c, "instantiations")) {
			if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(e, "kernel")))
				set_num(m, e, "kernel", new_kernel(m, v[i].tree, int_of(e, "kernel")));
			remap_launch(m, e, v[i].tree, lbase, lmap);
		}
		if (id)
			set_num(m, c, "id", i + 1);
	}
	return a;
}

/* The sum of integer member KEY of object PATH of every tree's header
** (PATH NULL: the header itself). */
static double sum(const struct merge *m, const char *path, const char *key)
{
	double s = 0;
	for (uint32_t t = 0; t < m->n; t++) {
		const cJSON *h = header_of(m->sh, m->sh->body(m->trees[t]));
		if (path)
			h = cJSON_GetObjectItemCaseSensitive(h, path);
		int64_t v = int_of(h, key);
		s += v > 0 ? (double)v : 0;
	}
	return s;
}

/* The JSON report: the first tree's members in their order, the merged
** arrays and summary in place of its own. */
static cJSON *merge_json(struct merge *m)
{
	cJSON *root = cJSON_CreateObject();
	if (root == NULL)
		return NULL;
	uint32_t nl, nf, nb;
	struct item *ls = gather(m, "launches", 0, "kernel", &nl);
	struct item *fs = gather(m, "findings", 0, "kernel", &nf);
	uint32_t np;
	struct item *ps = gather(m, "performance", 0, "kernel", &np);
	struct item *bs = gather(m, "barriers", 0, "kernel", &nb);
	/* launches: their new indices, for the findings' "launch" */
	uint32_t *lbase = xcalloc(m->n + 1, sizeof *lbase), *lmap = xcalloc(nl ? nl : 1, sizeof *lmap);
	for (uint32_t i = 0; i < nl; i++)
		lbase[ls[i].tree + 1]++;
	for (uint32_t t = 0; t < m->n; t++)
		lbase[t + 1] += lbase[t];
	for (uint32_t i = 0; i < nl; i++)
		lmap[lbase[ls[i].tree] + ls[i].local] = i;

	const cJSON *first = m->trees[0], *x;
	cJSON_ArrayForEach(x, first) {
		const char *k = x->string;
		if (strcmp(k, "shard") == 0 || strcmp(k, "incomplete") == 0)
			continue;
		if (strcmp(k, "kernels") == 0) {
			cJSON *a = jput(&m->b, root, k, cJSON_CreateArray());
			for (uint32_t i = 0; i < m->nkernels; i++) {
				const cJSON *ks = cJSON_GetObjectItemCaseSensitive(m->trees[m->ks[i].tree], k);
				jput(&m->b, a, NULL, cJSON_Duplicate(cJSON_GetArrayItem(ks, (int)m->ks[i].local), 1));
			}
		} else if (strcmp(k, "launches") == 0) {
			jput(&m->b, root, k, rebuild(m, ls, nl, "kernel", NULL, NULL, 0));
		} else if (strcmp(k, "findings") == 0) {
			jput(&m->b, root, k, rebuild(m, fs, nf, "kernel", lbase, lmap, 1));
		} else if (strcmp(k, "performance") == 0) {
			jput(&m->b, root, k, rebuild(m, ps, np, "kernel", lbase, lmap, 1));
		} else if (strcmp(k, "barriers") == 0) {
			jput(&m->b, root, k, rebuild(m, bs, nb, "kernel", NULL, NULL, 0));
		} else if (strcmp(k, "summary") == 0) {
			cJSON *s = jput(&m->b, root, k, cJSON_Duplicate(x, 1));
			const cJSON *f;
			cJSON_ArrayForEach(f, x) {
				double v = sum(m, "summary", f->string);
				if (strcmp(f->string, "exit_status") == 0) {
					v = 0;
					for (uint32_t t = 0; t < m->n; t++) {
						int64_t e = int_of(cJSON_GetObjectItemCaseSensitive(m->trees[t], k),
								   f->string);
						v = e > v ? (double)e : v;
					}
				}
				if (s)
					set_num(m, s, f->string, v);
			}
		} else {
			jput(&m->b, root, k, cJSON_Duplicate(x, 1));
		}
	}
	free(lbase);
	free(lmap);
	free(ls);
	free(fs);
	free(ps);
	free(bs);
	return root;
}

/* The SARIF log: the first tree's, with the results of every tree, the
** highest exit code and the run properties' counts summed. */
static cJSON *merge_sarif(struct merge *m)
{
	cJSON *root = cJSON_Duplicate(m->trees[0], 1);
	cJSON *run = root ? sarif_body(root) : NULL;
	if (run == NULL) {
		cJSON_Delete(root);
		return NULL;
	}
	uint32_t nr;
	struct item *rs = gather(m, "results", 0, NULL, &nr);
	cJSON *results = rebuild(m, rs, nr, NULL, NULL, NULL, 0);
	free(rs);
	if (results == NULL || !cJSON_ReplaceItemInObjectCaseSensitive(run, "results", results)) {
		cJSON_Delete(results);
		m->b.failed = 1;
	}
	double code = 0;
	for (uint32_t t = 0; t < m->n; t++) {
		const cJSON *inv = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(sarif_body(m->trees[t]),
										      "invocations"), 0);
		int64_t c = int_of(inv, "exitCode");
		code = c > code ? (double)c : code;
	}
	cJSON *inv = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(run, "invocations"), 0);
	if (inv)
		set_num(m, inv, "exitCode", code);
	cJSON *props = cJSON_GetObjectItemCaseSensitive(run, "properties");
	static const char *const counts[] = { "findingsOutsideContract", "launches",
					      "barriersNotCovered" };
	for (int i = 0; i < 3 && props; i++)
		set_num(m, props, counts[i], sum(m, NULL, counts[i]));
	if (props) {
		cJSON_DeleteItemFromObjectCaseSensitive(props, "shard");
		cJSON_DeleteItemFromObjectCaseSensitive(props, "incomplete");
		cJSON *a = cJSON_CreateArray();
		for (uint32_t i = 0; a && i < m->nkernels; i++) {
			const cJSON *ks = kernels_of(m->sh, sarif_body(m->trees[m->ks[i].tree]));
			jput(&m->b, a, NULL, cJSON_Duplicate(cJSON_GetArrayItem(ks, (int)m->ks[i].local), 1));
		}
		if (a == NULL || !cJSON_ReplaceItemInObjectCaseSensitive(props, "kernels", a)) {
			cJSON_Delete(a);
			m->b.failed = 1;
		}
	}
	return root;
}

/* The "incomplete" member of tree T (a run stopped before its end), or
** NULL. */
static const cJSON *incomplete_of(const struct merge *m, uint32_t t)
{
	return cJSON_GetObjectItemCaseSensitive(header_of(m->sh, m->sh->body(m->trees[t])), "incomplete");
}

/* The "incomplete" member of OUT, merged from the trees that have one:
** the first one's reason, every tree's jobs not analysed. */
static void merge_incomplete(struct merge *m, cJSON *out)
{
	cJSON *h = header_of(m->sh, m->sh->body(out));
	cJSON *inc = jput(&m->b, h, "incomplete", cJSON_CreateObject());
	cJSON *na = NULL;
	for (uint32_t t = 0; t < m->n && !m->b.failed; t++) {
		const cJSON *x = incomplete_of(m, t), *e;
		if (x == NULL)
			continue;
		if (na == NULL) {
			jput(&m->b, inc, "reason",
			     cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(x, "reason"), 1));
			na = jput(&m->b, inc, "not_analysed", cJSON_CreateArray());
		}
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(x, "not_analysed"))
			jput(&m->b, na, NULL, cJSON_Duplicate(e, 1));
	}
	if (m->sh->sarif)
		mark_unsuccessful(&m->b, m->sh->body(out));
}

/* Checks the shard members: all of one count N and one job total, indices
** 1..N each once; *JOBS gets the total.  A shard that stopped before its
** end counted only the jobs it reached: with one, the totals may differ
** (*JOBS the largest) and the caller does not ask for every job. */
static int check_shards(const struct merge *m, const char *const *names, uint32_t *jobs,
			int partial, struct sim_error *err)
{
	int64_t count = -1, total = -1;
	uint8_t *seen = NULL;
	int rc = 0;
	for (uint32_t t = 0; t < m->n && rc == 0; t++) {
		const cJSON *sd = cJSON_GetObjectItemCaseSensitive(header_of(m->sh, m->sh->body(m->trees[t])),
								  "shard");
		int64_t i = int_of(sd, "index"), c = int_of(sd, "count"), j = int_of(sd, "jobs");
		if (i < 1 || c < 1 || i > c || j < 0 || c > 1000000) {
			rc = sim_fail(err, SIM_ERR_USAGE, "%s: not a shard (written without --shard I/N)",
				      names[t]);
			break;
		}
		if (count < 0) {
			count = c;
			total = j;
			seen = xcalloc((size_t)c + 1, 1);
		} else if (partial && c == count) {
			total = j > total ? j : total;
		} else if (c != count || j != total) {
			rc = sim_fail(err, SIM_ERR_USAGE, "%s: shard %" PRId64 "/%" PRId64 " of %" PRId64
				      " jobs, but %s is one of %" PRId64 " shards of %" PRId64 " jobs",
				      names[t], i, c, j, names[0], count, total);
			break;
		}
		if (seen[i]++) {
			rc = sim_fail(err, SIM_ERR_USAGE, "%s: shard %" PRId64 "/%" PRId64 " is given twice",
				      names[t], i, c);
			break;
		}
	}
	for (int64_t i = 1; rc == 0 && i <= count; i++)
		if (!seen[i])
			rc = sim_fail(err, SIM_ERR_USAGE, "shard %" PRId64 "/%" PRId64 " is missing: merge "
				      "every shard of the run", i, count);
	free(seen);
	*jobs = total > 0 ? (uint32_t)total : 0;
	return rc;
}

cJSON *report_merge(cJSON *const *trees, const char *const *names, uint32_t n, int shards,
		    struct sim_error *err)
{
	static const struct shape json = { 0, json_body }, sarif = { 1, sarif_body };
	if (n == 0) {
		sim_fail(err, SIM_ERR_USAGE, "nothing to merge");
		return NULL;
	}
	struct merge m = { 0 };
	m.sh = report_tree_is_sarif(trees[0]) ? &sarif : &json;
	m.trees = trees;
	m.n = n;
	for (uint32_t t = 0; t < n; t++) {
		const char *what = NULL;
		int sarif_t = report_tree_is_sarif(trees[t]);
		const cJSON *body = sarif_t ? sarif_body(trees[t]) : trees[t];
		if (body == NULL || (!sarif_t && !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(trees[t],
												    "schema")))) {
			sim_fail(err, SIM_ERR_USAGE, "%s: not a simulee-c report (JSON or SARIF with one run)",
				 names[t]);
			return NULL;
		}
		if (sarif_t != m.sh->sarif) {
			sim_fail(err, SIM_ERR_USAGE, "%s is %s but %s is %s: merge reports of one format",
				 names[t], sarif_t ? "SARIF" : "JSON", names[0], m.sh->sarif ? "SARIF" : "JSON");
			return NULL;
		}
		if (t > 0 && !same_run(m.sh, trees[0], trees[t], &what)) {
			sim_fail(err, SIM_ERR_USAGE, "%s and %s are not of one run: their \"%s\" differs",
				 names[0], names[t], what);
			return NULL;
		}
	}
	uint32_t jobs = 0, partial = 0;
	for (uint32_t t = 0; t < n; t++)
		partial += incomplete_of(&m, t) != NULL;
	if (shards && check_shards(&m, names, &jobs, partial > 0, err) < 0)
		return NULL;

	/* the kernels, in job order */
	m.kbase = xcalloc(n + 1, sizeof *m.kbase);
	struct kref *ks = NULL;
	uint32_t nks = 0, capks = 0;
	int rc = 0;
	for (uint32_t t = 0; t < n && rc == 0; t++) {
		const cJSON *arr = kernels_of(m.sh, m.sh->body(trees[t])), *k;
		uint32_t local = 0;
		cJSON_ArrayForEach(k, arr) {
			int64_t job = int_of(k, "job");
			if (job < 0 || job > UINT32_MAX) {
				rc = sim_fail(err, SIM_ERR_USAGE, "%s: kernel %u has no job number", names[t],
					      local);
				break;
			}
			struct kref r = { (uint32_t)job, t, local++ };
			VEC_PUSH(ks, nks, capks, r);
		}
		m.kbase[t + 1] = nks;
	}
	if (rc == 0 && nks)
		qsort(ks, nks, sizeof *ks, cmp_kref);
	for (uint32_t i = 1; rc == 0 && i < nks; i++)
		if (ks[i].job == ks[i - 1].job)
			rc = sim_fail(err, SIM_ERR_USAGE, "%s and %s both hold job %" PRIu32 ": merge each "
				      "shard once", names[ks[i - 1].tree], names[ks[i].tree], ks[i].job);
	if (rc == 0 && shards && !partial && (nks != jobs || (nks && ks[nks - 1].job != jobs - 1)))
		rc = sim_fail(err, SIM_ERR_USAGE, "the shards hold %" PRIu32 " of the run's %" PRIu32
			      " jobs", nks, jobs);
	cJSON *out = NULL;
	if (rc == 0) {
		m.kmap = xcalloc(nks ? nks : 1, sizeof *m.kmap);
		for (uint32_t i = 0; i < nks; i++)
			m.kmap[m.kbase[ks[i].tree] + ks[i].local] = i;
		m.ks = ks;
		m.nkernels = nks;
		out = m.sh->sarif ? merge_sarif(&m) : merge_json(&m);
		/* one mistake of a template, one finding (report/inst.c) */
		if (out != NULL && m.sh->sarif)
			report_inst_sarif(&m.b, out);
		else if (out != NULL)
			report_inst_json(&m.b, out);
		if (out != NULL && partial)
			merge_incomplete(&m, out);
		if (out == NULL || m.b.failed) {
			cJSON_Delete(out);
			out = NULL;
			sim_fail(err, SIM_ERR_IO, "out of memory merging the reports");
		}
	}
	free(m.kmap);
	free(m.kbase);
	free(ks);
	return out;
}

int report_mark_incomplete(cJSON *tree, const char *reason, const struct report_pending *pending,
			   uint32_t n)
{
	struct jb b = { 0 };
	int sarif = report_tree_is_sarif(tree);
	cJSON *body = sarif ? sarif_body(tree) : tree;
	cJSON *h = sarif ? cJSON_GetObjectItemCaseSensitive(body, "properties") : tree;
	cJSON *inc = jput(&b, h, "incomplete", cJSON_CreateObject());
	jput(&b, inc, "reason", cJSON_CreateString(reason));
	cJSON *na = jput(&b, inc, "not_analysed", cJSON_CreateArray());
	for (uint32_t i = 0; i < n && !b.failed; i++) {
		cJSON *e = jput(&b, na, NULL, cJSON_CreateObject());
		jput(&b, e, "input", pending[i].input ? cJSON_CreateString(pending[i].input) : cJSON_CreateNull());
		jput(&b, e, "kernel", pending[i].kernel ? cJSON_CreateString(pending[i].kernel) : cJSON_CreateNull());
		jput(&b, e, "demangled",
		     pending[i].demangled ? cJSON_CreateString(pending[i].demangled) : cJSON_CreateNull());
	}
	if (sarif)
		mark_unsuccessful(&b, body);
	return b.failed ? -1 : 0;
}

int report_mark_shard(cJSON *tree, uint32_t index, uint32_t count, uint32_t jobs)
{
	struct jb b = { 0 };
	cJSON *h = report_tree_is_sarif(tree) ? cJSON_GetObjectItemCaseSensitive(sarif_body(tree),
										   "properties") : tree;
	cJSON *s = jput(&b, h, "shard", cJSON_CreateObject());
	jput(&b, s, "index", cJSON_CreateNumber(index));
	jput(&b, s, "count", cJSON_CreateNumber(count));
	jput(&b, s, "jobs", cJSON_CreateNumber(jobs));
	return b.failed ? -1 : 0;
}
