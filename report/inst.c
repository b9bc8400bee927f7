/*
** inst.c: one finding per mistake across a template's instantiations
** (report/inst.h; docs/DECISIONS.md, "One mistake in a template is one
** finding").
**
** A kernel template instantiated at four block sizes is four kernels, four
** jobs and four reports; a race in the template's source shows in each.
** Findings of different kernels are the same mistake when the kernels
** instantiate one template (the demangled name before its template
** arguments) of one input file, and the findings have the same kind, the
** same memory object (space and the name before '[') and the same
** fingerprint (report_fingerprint: the kind, the template and the least
** member's sites, template arguments left out of every function name).
** The first finding of the worst severity, in job order, is the witness;
** the others are listed by the kernel they showed in.
**
** The text report groups the reports of one input's jobs before printing
** them (report_inst_mark, src/run.c holds them back); the JSON report and
** the SARIF log group the merged tree (report_merge, which also merges
** shards: a finding grouped in a shard carries its list, which the merge
** joins), so a run and the merge of its shards group alike.
*/
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "report/inst.h"
#include "report/report_int.h"
#include "base/util.h"

/* Where the template argument list of demangled name S starts (its '<',
** outside any parentheses) and ends (past its matching '>'); 0 when S has
** none. */
static int targs(const char *s, size_t *open, size_t *close)
{
	int paren = 0;
	for (size_t i = 0; s[i]; i++) {
		if (s[i] == '(')
			paren++;
		else if (s[i] == ')')
			paren--;
		else if (s[i] == '<' && paren == 0) {
			int depth = 0;
			for (size_t j = i; s[j]; j++) {
				depth += s[j] == '<' ? 1 : s[j] == '>' ? -1 : 0;
				if (depth == 0) {
					*open = i;
					*close = j + 1;
					return 1;
				}
			}
			return 0;
		}
	}
	return 0;
}

char *report_template_of(const char *demangled)
{
	size_t a, z;
	if (demangled == NULL || !targs(demangled, &a, &z))
		return NULL;
	return xstrndup(demangled, a);
}

int report_inst_kind(enum finding_kind kind)
{
	/* a barrier redundant in several instantiations is one line to
	** remove; the others without a thread are about a kernel's search or
	** the host's code, not a site of the template */
	unsigned fl = finding_kind_flags(kind);
	if (kind == FK_REDUNDANT_BARRIER)
		return 1;
	if (fl & (FKF_PERF | FKF_HOST | FKF_NO_THREAD))
		return 0;
	return kind != FK_ASSUMPTION && kind != FK_MEMORY_BUDGET;
}

/* The grouping key of a finding: its kernel's template, the input, the
** fingerprint and the object; NULL (never grouped) without a template. */
static char *key_of(const char *demangled, const char *input, const char *fp, const char *space,
		    const char *where)
{
	char *t = report_template_of(demangled);
	if (t == NULL || fp == NULL)
		return free(t), NULL;
	const char *w = where ? where : "";
	char *k = xasprintf("%s\x1f%s\x1f%s\x1f%s\x1f%.*s", t, input ? input : "", fp,
			    space ? space : "", (int)strcspn(w, "["), w);
	free(t);
	return k;
}

/* The items being grouped: a key (or NULL) and a kernel each. */
struct items {
	char **key;
	uint32_t *kernel;
	uint32_t n;
	uint64_t h;		/* the hash looked up (eq compares keys) */
	const char *want;
};

static uint64_t key_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

static uint64_t hash_at(const void *ctx, uint32_t i)
{
	return key_hash(((const struct items *)ctx)->key[i]);
}

static int eq_at(const void *ctx, uint32_t i)
{
	const struct items *it = ctx;
	return strcmp(it->key[i], it->want) == 0;
}

/* For each item, the first item of its group (itself when it starts one;
** UINT32_MAX without a key): the first earlier item with the same key, of
** another kernel.  Newly allocated. */
static uint32_t *cluster(struct items *it)
{
	uint32_t *root = xcalloc(it->n ? it->n : 1, sizeof *root);
	struct htab t = { 0 };
	for (uint32_t i = 0; i < it->n; i++) {
		root[i] = UINT32_MAX;
		if (it->key[i] == NULL)
			continue;
		it->want = it->key[i];
		uint32_t *s = htab_slot(&t, key_hash(it->key[i]), eq_at, hash_at, it);
		if (*s == 0) {
			htab_set(&t, s, i);
			root[i] = i;
		} else {
			root[i] = it->kernel[*s - 1] != it->kernel[i] ? *s - 1 : i;
		}
	}
	htab_free(&t);
	return root;
}

static void items_free(struct items *it)
{
	for (uint32_t i = 0; i < it->n; i++)
		free(it->key[i]);
	free(it->key);
	free(it->kernel);
}

/* ---- the text: reports held back ----------------------------------------- */

/* A shown finding of the held reports. */
struct tref {
	uint32_t rep, idx;
};

/* The kernel of finding F of report R, or NULL. */
static const struct report_kernel *kernel_of(const struct report *r, const struct finding *f)
{
	if (f->launch >= r->nlaunches || r->launches[f->launch].kernel >= r->nkernels)
		return NULL;
	return &r->kernels[r->launches[f->launch].kernel];
}

/* Marks group G (its N findings, in job order) of the held reports: the
** first of the worst severity shows the others' template arguments, the
** others are shown with it. */
static void mark_group(struct report *const *reps, const struct tref *g, uint32_t n)
{
	uint32_t w = 0;
	for (uint32_t i = 1; i < n; i++)
		if (reps[g[i].rep]->findings.v[g[i].idx].severity
		    < reps[g[w].rep]->findings.v[g[w].idx].severity)
			w = i;
	struct report *wr = reps[g[w].rep];
	const struct report_kernel *wk = kernel_of(wr, &wr->findings.v[g[w].idx]);
	struct sbuf b = { 0 };
	char *t = report_template_of(wk->demangled);
	const char *name = strncmp(t, "void ", 5) == 0 ? t + 5 : t;
	report_sb_add(&b, "the same mistake in %" PRIu32 " more instantiation%s of %s:", n - 1,
		      n == 2 ? "" : "s", name);
	free(t);
	for (uint32_t i = 0, k = 0; i < n; i++) {
		struct report *r = reps[g[i].rep];
		if (i == w)
			continue;
		r->inst[g[i].idx].elsewhere = 1;
		const struct report_kernel *rk = kernel_of(r, &r->findings.v[g[i].idx]);
		size_t a, z;
		if (targs(rk->demangled, &a, &z))
			report_sb_add(&b, "%s %.*s", k++ ? "," : "", (int)(z - a), rk->demangled + a);
	}
	wr->inst[g[w].idx].also = b.s;
}

/*
** Marks the findings of the held reports REPS[0..N) (jobs in job order)
** that are one mistake across instantiations (struct report's inst): the
** text shows each group once, at its witness, and counts it once.  Only
** findings the report shows are grouped; a report's earlier marks are
** replaced.
*/
void report_inst_mark(struct report *const *reps, uint32_t n)
{
	struct items it = { 0 };
	struct tref *refs = NULL;
	uint32_t nk = 0, nj = 0, nr = 0, capk = 0, capj = 0, capr = 0;
	for (uint32_t r = 0; r < n; r++) {
		struct report *rep = reps[r];
		report_inst_clear(rep);
		rep->inst = xcalloc(rep->findings.n ? rep->findings.n : 1, sizeof *rep->inst);
		for (uint32_t i = 0; i < rep->findings.n; i++) {
			const struct finding *f = &rep->findings.v[i];
			const struct report_kernel *k = kernel_of(rep, f);
			if (!report_shows(rep, f) || !report_inst_kind(f->kind) || k == NULL)
				continue;
			char *fp = report_fingerprint(rep, f);
			char *key = key_of(k->demangled, k->input ? k->input : rep->input, fp,
					   f->where ? report_space_name(f->space) : NULL, f->where);
			free(fp);
			if (key == NULL)
				continue;
			VEC_PUSH(it.key, nk, capk, key);
			/* the kernel by its job, unique in the run */
			VEC_PUSH(it.kernel, nj, capj, k->job);
			VEC_PUSH(refs, nr, capr, ((struct tref){ r, i }));
		}
	}
	it.n = nk;
	uint32_t *root = cluster(&it);
	struct tref *g = xcalloc(it.n ? it.n : 1, sizeof *g);
	for (uint32_t i = 0; i < it.n; i++) {
		if (root[i] != i)
			continue;
		uint32_t m = 0;
		for (uint32_t j = i; j < it.n; j++)
			if (root[j] == i)
				g[m++] = refs[j];
		if (m > 1)
			mark_group(reps, g, m);
	}
	free(g);
	free(root);
	free(refs);
	items_free(&it);
}

void report_inst_clear(struct report *r)
{
	if (r->inst == NULL)
		return;
	for (uint32_t i = 0; i < r->findings.n; i++)
		free(r->inst[i].also);
	free(r->inst);
	r->inst = NULL;
}

/* ---- the trees ---------------------------------------------------------------- */

static const char *sget(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int64_t iget(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) && v->valuedouble >= 0 ? (int64_t)v->valuedouble : -1;
}

/* The kind whose JSON id is ID, or FK__COUNT. */
static enum finding_kind kind_of(const char *id)
{
	for (int k = 0; id && k < FK__COUNT; k++)
		if (strcmp(finding_kind_id((enum finding_kind)k), id) == 0)
			return (enum finding_kind)k;
	return FK__COUNT;
}

/* 0 error, 1 warning, 2 note (SARIF's levels, the JSON's severities). */
static int rank(const char *sev)
{
	return sev == NULL ? 3 : strcmp(sev, "error") == 0 ? 0 : strcmp(sev, "warning") == 0 ? 1
	       : strcmp(sev, "note") == 0 ? 2 : 3;
}

/* What a tree pass needs of one format. */
struct tshape {
	const char *list;	/* the instantiations' member */
	const char *order;	/* their member giving the job order */
	/* the severity of element E */
	const char *(*sev)(const cJSON *e);
	/* a new list item for element E (its own instantiation) */
	cJSON *(*item)(struct jb *b, const cJSON *e);
	/* the object holding the list */
	cJSON *(*holder)(cJSON *e);
};

/* The items of list L in order of member ORDER (stable: an insertion
** sort of the detached items, the lists being short). */
static void sort_list(cJSON *l, const char *order)
{
	int n = cJSON_GetArraySize(l);
	cJSON **v = xcalloc(n ? (size_t)n : 1, sizeof *v);
	for (int i = 0; i < n; i++) {
		cJSON *x = cJSON_DetachItemFromArray(l, 0);
		int j = i;
		for (; j > 0 && iget(v[j - 1], order) > iget(x, order); j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	for (int i = 0; i < n; i++)
		cJSON_AddItemToArray(l, v[i]);
	free(v);
}

/*
** Groups the elements of array ARR whose keys KEY (one per element, NULL:
** none) make one group: the first of the worst severity stays, with the
** list of every instantiation (each element's own, or the list it carries
** from an earlier merge) in job order; the others leave ARR.  ON_DROP,
** when not NULL, is called with each element before it goes.
*/
static void group_tree(struct jb *b, cJSON *arr, struct items *it, const struct tshape *sh,
		       void (*on_drop)(void *ctx, const cJSON *e), void *ctx)
{
	uint32_t *root = cluster(it);
	uint8_t *drop = xcalloc(it->n ? it->n : 1, 1);
	for (uint32_t i = 0; i < it->n; i++) {
		if (root[i] != i)
			continue;
		uint32_t w = i, m = 0;
		for (uint32_t j = i; j < it->n; j++)
			if (root[j] == i) {
				m++;
				if (rank(sh->sev(cJSON_GetArrayItem(arr, (int)j)))
				    < rank(sh->sev(cJSON_GetArrayItem(arr, (int)w))))
					w = j;
			}
		if (m < 2)
			continue;
		cJSON *list = cJSON_CreateArray();
		for (uint32_t j = i; list && j < it->n; j++) {
			if (root[j] != i)
				continue;
			cJSON *e = cJSON_GetArrayItem(arr, (int)j);
			const cJSON *own = cJSON_GetObjectItemCaseSensitive(sh->holder(e), sh->list);
			const cJSON *x;
			if (cJSON_GetArraySize(own) > 0) {
				cJSON_ArrayForEach(x, own)
					jput(b, list, NULL, cJSON_Duplicate(x, 1));
			} else {
				jput(b, list, NULL, sh->item(b, e));
			}
			if (j != w) {
				drop[j] = 1;
				if (on_drop)
					on_drop(ctx, e);
			}
		}
		if (list == NULL) {
			b->failed = 1;
			continue;
		}
		sort_list(list, sh->order);
		cJSON *h = sh->holder(cJSON_GetArrayItem(arr, (int)w));
		cJSON_DeleteItemFromObjectCaseSensitive(h, sh->list);
		jput(b, h, sh->list, list);
	}
	for (uint32_t i = it->n; i-- > 0;)
		if (drop[i])
			cJSON_DeleteItemFromArray(arr, (int)i);
	free(drop);
	free(root);
}

/* -- JSON -- */

static const char *json_sev(const cJSON *e)
{
	return sget(e, "severity");
}

static cJSON *self(cJSON *e)
{
	return e;
}

static cJSON *json_item(struct jb *b, const cJSON *e)
{
	cJSON *o = cJSON_CreateObject();
	if (o == NULL)
		return NULL;
	jput(b, o, "kernel", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(e, "kernel"), 1));
	jput(b, o, "launch", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(e, "launch"), 1));
	jput(b, o, "severity", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(e, "severity"), 1));
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(e, "counts");
	jput(b, o, "occurrences", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(c, "occurrences"), 1));
	return o;
}

/* Takes finding E out of summary CTX's counts. */
static void json_drop(void *ctx, const cJSON *e)
{
	cJSON *s = ctx;
	static const char *const by_rank[] = { "errors", "warnings", "notes" };
	int rk = rank(sget(e, "severity"));
	const char *keys[3] = { "findings", rk < 3 ? by_rank[rk] : NULL,
				cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "benign"))
				&& strcmp(sget(e, "kind") ? sget(e, "kind") : "", "data-race") == 0
				? "benign_races" : NULL };
	for (int i = 0; i < 3; i++) {
		cJSON *v = keys[i] ? cJSON_GetObjectItemCaseSensitive(s, keys[i]) : NULL;
		if (cJSON_IsNumber(v) && v->valuedouble >= 1)
			cJSON_SetNumberValue(v, v->valuedouble - 1);
	}
}

void report_inst_json(struct jb *b, cJSON *root)
{
	static const struct tshape sh = { "instantiations", "kernel", json_sev, json_item, self };
	cJSON *fs = cJSON_GetObjectItemCaseSensitive(root, "findings");
	const cJSON *ks = cJSON_GetObjectItemCaseSensitive(root, "kernels");
	struct items it = { 0 };
	it.n = (uint32_t)cJSON_GetArraySize(fs);
	it.key = xcalloc(it.n ? it.n : 1, sizeof *it.key);
	it.kernel = xcalloc(it.n ? it.n : 1, sizeof *it.kernel);
	const cJSON *e;
	uint32_t i = 0;
	cJSON_ArrayForEach(e, fs) {
		int64_t k = iget(e, "kernel");
		const cJSON *kn = k >= 0 ? cJSON_GetArrayItem(ks, (int)k) : NULL;
		it.kernel[i] = (uint32_t)k;
		if (kn && report_inst_kind(kind_of(sget(e, "kind"))))
			it.key[i] = key_of(sget(kn, "demangled"), sget(kn, "input"), sget(e, "fingerprint"),
					   sget(e, "space"), sget(e, "where"));
		i++;
	}
	group_tree(b, fs, &it, &sh, json_drop, cJSON_GetObjectItemCaseSensitive(root, "summary"));
	items_free(&it);
	/* ids from 1 again */
	double id = 1;
	cJSON_ArrayForEach(e, fs) {
		cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "id");
		if (cJSON_IsNumber(v))
			cJSON_SetNumberValue(v, id);
		id++;
	}
}

/* -- SARIF -- */

static const char *sarif_sev(const cJSON *e)
{
	return sget(e, "level");
}

static cJSON *props(cJSON *e)
{
	return cJSON_GetObjectItemCaseSensitive(e, "properties");
}

static cJSON *sarif_item(struct jb *b, const cJSON *e)
{
	cJSON *o = cJSON_CreateObject();
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "properties");
	if (o == NULL)
		return NULL;
	jput(b, o, "kernel", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(p, "kernel"), 1));
	jput(b, o, "job", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(p, "job"), 1));
	jput(b, o, "level", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(e, "level"), 1));
	return o;
}

void report_inst_sarif(struct jb *b, cJSON *root)
{
	static const struct tshape sh = { "instantiations", "job", sarif_sev, sarif_item, props };
	cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "runs"), 0);
	cJSON *rs = cJSON_GetObjectItemCaseSensitive(run, "results");
	const cJSON *ks = cJSON_GetObjectItemCaseSensitive(props(run), "kernels");
	struct items it = { 0 };
	it.n = (uint32_t)cJSON_GetArraySize(rs);
	it.key = xcalloc(it.n ? it.n : 1, sizeof *it.key);
	it.kernel = xcalloc(it.n ? it.n : 1, sizeof *it.kernel);
	const cJSON *e;
	uint32_t i = 0;
	cJSON_ArrayForEach(e, rs) {
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "properties");
		int64_t job = iget(p, "job");
		const char *input = NULL, *fp = sget(cJSON_GetObjectItemCaseSensitive(e, "partialFingerprints"),
						     "simuleeFinding/v1");
		const cJSON *k;
		cJSON_ArrayForEach(k, ks)
			if (iget(k, "job") == job)
				input = sget(k, "input");
		it.kernel[i] = (uint32_t)job;
		if (job >= 0 && report_inst_kind(kind_of(sget(e, "ruleId"))))
			it.key[i] = key_of(sget(p, "kernel"), input, fp, sget(p, "space"), sget(p, "where"));
		i++;
	}
	group_tree(b, rs, &it, &sh, NULL, NULL);
	items_free(&it);
}
