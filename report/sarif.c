/*
** sarif.c: the report as a SARIF 2.1.0 log (report_sarif in report.h), the
** format code-scanning services (GitHub's among them) read.
**
** One run: tool.driver lists a rule per finding kind (its stable id from
** finding_kind_id), every finding shown is a result of its rule, and what
** the text report prints around a finding (launch, contract, race class,
** counts) goes into the result's property bag.  The findings outside the
** contract shown are not results, as in the other formats; the run's
** properties count them.  docs/REPORT-FORMAT.md documents the mapping; keep
** it and this file in step.
*/
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "report/report.h"
#include "report/jtree.h"
#include "report/inst.h"
#include "base/util.h"

/* The schema a log names (the $id of the OASIS schema tests/data keeps). */
#define SARIF_SCHEMA "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json"

/* Where the tool is described: the project's README (a placeholder until
** the project has a public home; docs/DECISIONS.md). */
#define SARIF_INFO_URI "https://example.invalid/simulee-c/README.md"

/* The base of the relative paths of the debug info: the directory the
** kernel was compiled in, normally the checkout's root. */
#define SARIF_SRCROOT "%SRCROOT%"

/* The key of the fingerprint in partialFingerprints; a change of recipe
** takes a new version, so old alerts are not matched against new ones. */
#define SARIF_FP_KEY "simuleeFinding/v1"

/* ---- the rules ------------------------------------------------------------ */

/* What a rule tells a CUDA developer, from core/finding_kinds.h. */
static const struct rule_text {
	const char *brief;	/* shortDescription */
	const char *full;	/* fullDescription */
	const char *help;	/* help: what it means, how to fix it */
} rule_texts[FK__COUNT] = {
#define FK_RULE(kind, id, name, severity, flags, confirm, tool_or_why, brief, full, help) \
	[kind] = { brief, full, help },
	SIMULEE_FINDING_KINDS(FK_RULE)
#undef FK_RULE
};

/* SARIF's level of severity S. */
static const char *level(enum severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "note";
}

/* ---- building the tree ------------------------------------------------------ */

static cJSON *obj(struct jb *b, cJSON *o, const char *key)
{
	return jput(b, o, key, cJSON_CreateObject());
}

static cJSON *arr(struct jb *b, cJSON *o, const char *key)
{
	return jput(b, o, key, cJSON_CreateArray());
}

static void str(struct jb *b, cJSON *o, const char *key, const char *s)
{
	if (s)
		jput(b, o, key, cJSON_CreateString(s));
}

static void num(struct jb *b, cJSON *o, const char *key, uint64_t v)
{
	jput(b, o, key, cJSON_CreateNumber((double)v));
}

static void boolean(struct jb *b, cJSON *o, const char *key, int v)
{
	jput(b, o, key, cJSON_CreateBool(v != 0));
}

/* {"text": S} under KEY */
static void msg(struct jb *b, cJSON *o, const char *key, const char *s)
{
	str(b, obj(b, o, key), "text", s);
}

static void dim(struct jb *b, cJSON *o, const char *key, const uint32_t *v)
{
	cJSON *a = arr(b, o, key);
	for (int i = 0; i < 3; i++)
		num(b, a, NULL, v[i]);
}

/* ---- locations -------------------------------------------------------------- */

/* PATH as a URI reference: percent-encoded but for the unreserved
** characters and '/'; an absolute path becomes a file: URI.  Newly
** allocated. */
static char *path_uri(const char *path)
{
	size_t n = strlen(path);
	char *u = xmalloc(3 * n + 8), *p = u;
	if (path[0] == '/')
		p += sprintf(p, "file://");
	for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')
		    || strchr("-._~/", *s))
			*p++ = (char)*s;
		else
			p += sprintf(p, "%%%02X", *s);
	}
	*p = '\0';
	return u;
}

static void artifact(struct jb *b, cJSON *phys, const char *file)
{
	cJSON *a = obj(b, phys, "artifactLocation");
	char *u = path_uri(file);
	str(b, a, "uri", u);
	free(u);
	if (file[0] != '/')
		str(b, a, "uriBaseId", SARIF_SRCROOT);
}

/* A location object for L with message TEXT (may be NULL) under KEY of O,
** or appended to array O (KEY NULL).  Without a source file it names
** FALLBACK (the input analysed; may be NULL) without a region, and without
** a function KERNEL (may be NULL); what is unknown is left out. */
static cJSON *location(struct jb *b, cJSON *o, const char *key, const struct srcloc *l,
		       const char *fallback, const char *kernel, const char *text)
{
	cJSON *loc = obj(b, o, key);
	if (l->file && l->line) {
		cJSON *phys = obj(b, loc, "physicalLocation");
		artifact(b, phys, l->file);
		cJSON *reg = obj(b, phys, "region");
		num(b, reg, "startLine", l->line);
		if (l->col)
			num(b, reg, "startColumn", l->col);
	} else if (l->file || fallback) {
		artifact(b, obj(b, loc, "physicalLocation"), l->file ? l->file : fallback);
	}
	const char *fn = l->func ? l->func : kernel;
	if (fn) {
		cJSON *ll = obj(b, arr(b, loc, "logicalLocations"), NULL);
		char *s = xstrdup_no_params(fn);
		str(b, ll, "name", s);
		free(s);
		str(b, ll, "fullyQualifiedName", fn);
		str(b, ll, "kind", "function");
	}
	if (text)
		msg(b, loc, "message", text);
	return loc;
}

/* ---- fingerprints ------------------------------------------------------------- */

/* 64-bit FNV-1a of S, continuing from H. */
static uint64_t fnv(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ull;
	}
	return h;
}

/* One site of a fingerprint: the file's base name, line, column and
** function, a template instantiation's as its template (the name before
** its arguments: one site in the template's source is one site, whichever
** instantiation ran it); never the directory, which differs between
** checkouts. */
static char *fp_site(const struct srcloc *l)
{
	const char *base = l->file ? strrchr(l->file, '/') : NULL;
	base = base ? base + 1 : l->file ? l->file : "";
	char *t = report_template_of(l->func);
	char *s = xasprintf("%s:%" PRIu32 ":%" PRIu32 ":%s", base, l->line, l->col,
			    t ? t : l->func ? l->func : "");
	free(t);
	return s;
}

/* The sites of finding F as its fingerprint hashes them: in a canonical
** order, which one a schedule saw first does not matter (*C NULL for a
** finding of one site). */
static void fp_sites(const struct finding *f, char **a, char **c)
{
	*a = fp_site(&f->loc);
	*c = NULL;
	if (finding_kind_is_pair(f->kind) && f->second.loc.func) {
		*c = fp_site(&f->second.loc);
		if (strcmp(*a, *c) > 0) {
			char *t = *a;
			*a = *c;
			*c = t;
		}
	}
}

char *report_fingerprint(const struct report *r, const struct finding *f)
{
	/* the kernel's mangled name; an instantiation's template instead */
	const char *kernel = "";
	char *tmpl = NULL;
	if (f->launch < r->nlaunches && r->launches[f->launch].kernel < r->nkernels) {
		const struct report_kernel *k = &r->kernels[r->launches[f->launch].kernel];
		tmpl = report_template_of(k->demangled);
		kernel = tmpl ? tmpl : k->name;
	}
	uint64_t h = fnv(0xcbf29ce484222325ull, finding_kind_id(f->kind));
	h = fnv(fnv(h, "|"), kernel);
	h = fnv(h, "|");
	free(tmpl);
	if (f->kind == FK_ASSUMPTION && f->detail) {
		/* an assumption is the shape it constrains, whichever access a
		** search saw break it first: its text up to the ':' (the arrays
		** and the site follow), without numbers (the bound moves with the
		** arrays' sizes) */
		for (const char *s = f->detail; *s && *s != ':'; s++)
			if (!isdigit((unsigned char)*s)) {
				char one[2] = { *s, 0 };
				h = fnv(h, one);
			}
		return xasprintf("%016" PRIx64, h);
	}
	/* a group (report/group.c) is its least member of its own kind, in
	** the order of the sites' text: whichever member a run saw first or
	** under the strongest contract, and a group of one is the finding it
	** was before groups */
	char *a, *c;
	fp_sites(f, &a, &c);
	for (uint32_t i = 0; i < f->nmembers; i++) {
		if (f->members[i].kind != f->kind)
			continue;
		char *ma, *mc;
		fp_sites(&f->members[i], &ma, &mc);
		int less = strcmp(ma, a) < 0 || (strcmp(ma, a) == 0 && strcmp(mc ? mc : "", c ? c : "") < 0);
		if (less) {
			char *t = a, *u = c;
			a = ma, c = mc, ma = t, mc = u;
		}
		free(ma);
		free(mc);
	}
	h = fnv(fnv(h, a), "|");
	h = fnv(h, c ? c : "");
	free(a);
	free(c);
	return xasprintf("%016" PRIx64, h);
}

/* ---- results -------------------------------------------------------------------- */

static char *thread_words(const struct thread_id *t)
{
	return xasprintf("thread (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ") of block (%" PRIu32 ",%" PRIu32
			 ",%" PRIu32 ")", t->thread[0], t->thread[1], t->thread[2], t->block[0],
			 t->block[1], t->block[2]);
}

/* One threadFlow: thread WHO at L (what it did there: WHAT, may be NULL);
** with the launch's block dimensions BD (may be NULL) its warp and lane. */
static void thread_flow(struct jb *b, cJSON *tfs, const struct srcloc *l,
			const struct thread_id *who, const struct dim3 *bd, const char *what,
			const char *kernel, const char *fallback)
{
	cJSON *tf = obj(b, tfs, NULL);
	char *t = thread_words(who);
	str(b, tf, "id", t);
	char *text = what ? xasprintf("%s: %s", t, what) : xstrdup(t);
	msg(b, tf, "message", text);
	cJSON *p = obj(b, tf, "properties");
	dim(b, p, "block", who->block);
	dim(b, p, "thread", who->thread);
	if (bd) {
		uint64_t lin = who->thread[0] + (uint64_t)bd->x * (who->thread[1] + (uint64_t)bd->y
								   * who->thread[2]);
		num(b, p, "warp", lin / 32);
		num(b, p, "lane", lin % 32);
	}
	cJSON *tl = obj(b, arr(b, tf, "locations"), NULL);
	location(b, tl, "location", l, fallback, kernel, what ? what : t);
	free(text);
	free(t);
}

/* "write of shared 's[3]'" */
static char *access_words(unsigned kind, const struct finding *f)
{
	const char *sp = f->where ? report_space_name(f->space) : NULL;
	if (f->where)
		return xasprintf("%s of %s%s'%s'", report_access_name(kind), sp ? sp : "",
				 sp ? " " : "", f->where);
	return xstrdup(report_access_name(kind));
}

/* The places a divergent block's threads were at besides the finding's
** barrier, as related locations from ID on; returns the next id. */
static uint32_t divergence_related(struct jb *b, cJSON *rel, const struct finding *f,
				   const char *kernel, const char *fallback, uint32_t id)
{
	static const char *const verbs[] = { [BD_WAITING] = "wait here",
		[BD_OTHER_BARRIER] = "wait at this other barrier", [BD_EXITED] = "exited here",
		[BD_ELSEWHERE] = "are here, at no barrier" };
	const struct divergence *d = f->div;
	for (uint32_t i = 0; i < d->ngroups; i++) {
		const struct bd_group *g = &d->groups[i];
		if (g->state == BD_WAITING || g->loc.line == 0)
			continue;
		char *set = report_thread_set(g->mask, d->bdim, 4);
		char *text = xasprintf("%" PRIu32 " thread%s %s %s", g->nthreads,
				       g->nthreads == 1 ? "" : "s", set,
				       g->state < 4 ? verbs[g->state] : "are here");
		num(b, location(b, rel, NULL, &g->loc, fallback, kernel, text), "id", id++);
		free(text);
		free(set);
	}
	return id;
}

/* The properties of result F: what the text report prints besides its
** first line. */
static void result_properties(struct jb *b, cJSON *res, const struct report *r,
			      const struct finding *f, const char *kernel)
{
	cJSON *p = obj(b, res, "properties");
	str(b, p, "kind", finding_kind_id(f->kind));
	str(b, p, "kernel", kernel);
	if (f->launch < r->nlaunches && r->launches[f->launch].kernel < r->nkernels)
		num(b, p, "job", r->kernels[r->launches[f->launch].kernel].job);
	str(b, p, "contract", contract_level_name((enum contract_level)f->contract));
	if (f->launch < r->nlaunches) {
		char *opts = report_launch_options(r, f->launch);
		str(b, p, "launch", opts);
		free(opts);
	}
	if (f->where) {
		str(b, p, "space", report_space_name(f->space));
		str(b, p, "where", f->where);
	}
	if (f->kind == FK_RACE) {
		str(b, p, "raceClass", report_class_name(f->race_class));
		str(b, p, "hazard", report_hazard_name(f->hazard));
		cJSON *a = arr(b, p, "accesses");
		str(b, a, NULL, report_access_name(f->access1));
		str(b, a, NULL, report_access_name(f->second.kind));
		boolean(b, p, "itsOnly", f->its_only);
		boolean(b, p, "benign", f->benign);
	}
	str(b, p, "detail", f->detail);
	if (f->members) {
		uint32_t n = 0;
		for (uint32_t i = 0; i < f->nmembers; i++)
			n += report_shows(r, &f->members[i]);
		num(b, p, "members", n);
	}
	if (f->kind == FK_BARRIER_DIVERGENCE && f->div) {
		cJSON *g = arr(b, p, "divergence");
		for (uint32_t i = 0; i < f->div->ngroups; i++) {
			const struct bd_group *bg = &f->div->groups[i];
			char *set = report_thread_set(bg->mask, f->div->bdim, UINT32_MAX);
			static const char *const states[] = { "waiting", "other-barrier", "exited",
							      "elsewhere" };
			char *s = xasprintf("%s: %" PRIu32 " %s", bg->state < 4 ? states[bg->state] : "?",
					    bg->nthreads, set);
			str(b, g, NULL, s);
			free(s);
			free(set);
		}
	}
	if (f->kind == FK_INCOMPLETE) {
		cJSON *u = obj(b, p, "unanalysed");
		num(b, u, "budgetBytes", f->budget);
		num(b, u, "blocks", f->blocks);
		dim(b, u, "firstBlock", f->who.block);
		dim(b, u, "lastBlock", f->last_block);
		num(b, u, "accesses", f->dropped);
		num(b, u, "pages", f->pages);
	}
	cJSON *c = obj(b, p, "counts");
	num(b, c, "occurrences", report_shown_occurrences(r, f));
	if (f->kind == FK_RACE) {
		num(b, c, "addresses", f->addresses);
		num(b, c, "threadPairs", f->thread_pairs);
	}
	if (f->kind == FK_REDUNDANT_BARRIER) {
		num(b, c, "launches", f->launches);
		num(b, c, "executions", f->executions);
	}
}

static void result(struct jb *b, cJSON *results, const struct report *r, const struct finding *f)
{
	const struct report_launch *L = f->launch < r->nlaunches ? &r->launches[f->launch] : NULL;
	const char *kernel = L && L->kernel < r->nkernels ? r->kernels[L->kernel].demangled : NULL;
	/* where a location without debug info points: the kernel's file */
	const char *src = L && L->kernel < r->nkernels && r->kernels[L->kernel].input
			  ? r->kernels[L->kernel].input : r->input;
	cJSON *res = obj(b, results, NULL);
	str(b, res, "ruleId", finding_kind_id(f->kind));
	num(b, res, "ruleIndex", (uint64_t)f->kind);
	str(b, res, "level", level(f->severity));
	char *m = report_message(f);
	msg(b, res, "message", m);
	free(m);
	location(b, arr(b, res, "locations"), NULL, &f->loc, src, kernel, NULL);

	/* the other site: a race's other access, the other barrier of a
	** divergence and where the rest of its block was */
	int pair = finding_kind_is_pair(f->kind) && f->second.loc.func != NULL;
	if (pair || (f->kind == FK_BARRIER_DIVERGENCE && f->div) || f->nmembers > 1) {
		cJSON *rel = arr(b, res, "relatedLocations");
		uint32_t id = 1;
		if (pair && !(f->kind == FK_BARRIER_DIVERGENCE && f->div)) {
			char *t = thread_words(&f->second.who);
			char *what = f->kind == FK_RACE ? access_words(f->second.kind, f)
				     : xstrdup(f->kind == FK_BARRIER_DIVERGENCE
					       ? "the barrier other threads waited at" : "reached");
			char *text = xasprintf("the other %s: %s by %s",
					       f->kind == FK_RACE ? "access" : "site", what, t);
			num(b, location(b, rel, NULL, &f->second.loc, src, kernel, text), "id", id++);
			free(text);
			free(what);
			free(t);
		}
		if (f->kind == FK_BARRIER_DIVERGENCE && f->div)
			divergence_related(b, rel, f, kernel, src, id);
		/* the other members of a group (report/group.c), each at its
		** first site */
		for (uint32_t i = 0; i < f->nmembers; i++) {
			const struct finding *mb = &f->members[i];
			if ((mb->kind == f->kind && finding_same(mb, f)) || !report_shows(r, mb))
				continue;
			char *mm = report_message(mb);
			char *text = xasprintf("the same mistake: %s", mm);
			num(b, location(b, rel, NULL, &mb->loc, src, kernel, text), "id", id++);
			free(text);
			free(mm);
		}
	}

	/* the witness: a thread flow per thread (none for the kinds that have
	** no thread, FKF_NO_THREAD: a barrier's verdict, the model's budget,
	** the host code) */
	if (!(finding_kind_flags(f->kind) & FKF_NO_THREAD)) {
		cJSON *cf = obj(b, arr(b, res, "codeFlows"), NULL);
		msg(b, cf, "message", "the threads of the witness launch (the 'launch' property)");
		cJSON *tfs = arr(b, cf, "threadFlows");
		const struct dim3 *bd = L ? &L->block : NULL;
		char *w1 = f->kind == FK_RACE ? access_words(f->access1, f)
			   : f->kind == FK_BARRIER_DIVERGENCE ? xstrdup("waits at this barrier") : NULL;
		thread_flow(b, tfs, &f->loc, &f->who, bd, w1, kernel, src);
		free(w1);
		if (pair) {
			char *w2 = f->kind == FK_RACE ? access_words(f->second.kind, f)
				   : f->kind == FK_BARRIER_DIVERGENCE ? xstrdup("waits at another barrier")
				   : NULL;
			thread_flow(b, tfs, &f->second.loc, &f->second.who, bd, w2, kernel, src);
			free(w2);
		}
	}

	char *fp = report_fingerprint(r, f);
	str(b, obj(b, res, "partialFingerprints"), SARIF_FP_KEY, fp);
	free(fp);
	result_properties(b, res, r, f, kernel);
}

/* ---- the log ---------------------------------------------------------------------- */

/* Adds DRIVER's "rules": one per kind of core/finding_kinds.h, in its order
** (so a result's ruleIndex is its kind), with the kind's texts, default
** level, precision and tags.  What fails to allocate is recorded in B. */
static void rules(struct jb *b, cJSON *driver)
{
	cJSON *rs = arr(b, driver, "rules");
	for (int k = 0; k < FK__COUNT; k++) {
		const struct rule_text *t = &rule_texts[k];
		const char *id = finding_kind_id((enum finding_kind)k);
		unsigned flags = finding_kind_flags((enum finding_kind)k);
		cJSON *rule = obj(b, rs, NULL);
		str(b, rule, "id", id);
		/* "data-race" -> "DataRace" */
		char *name = xstrdup(id), *p = name;
		for (const char *s = id; *s; s++) {
			if (*s == '-')
				continue;
			*p++ = (char)(s == id || s[-1] == '-' ? toupper((unsigned char)*s) : *s);
		}
		*p = '\0';
		str(b, rule, "name", name);
		free(name);
		msg(b, rule, "shortDescription", t->brief);
		msg(b, rule, "fullDescription", t->full);
		msg(b, rule, "help", t->help);
		enum severity s = finding_kind_severity((enum finding_kind)k);
		str(b, obj(b, rule, "defaultConfiguration"), "level", level(s));
		cJSON *pr = obj(b, rule, "properties");
		/* a finding comes with the launch that shows it, so it is no guess;
		** one that holds for the launches tried (FKF_INFERRED) is less sure */
		str(b, pr, "precision", flags & FKF_INFERRED ? "medium" : "high");
		str(b, pr, "problem.severity", s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning"
					       : "recommendation");
		cJSON *tags = arr(b, pr, "tags");
		str(b, tags, NULL, "cuda");
		str(b, tags, NULL, flags & FKF_CONCURRENCY ? "concurrency" : "correctness");
	}
}

/* The run's properties: the options of the analysis and what it did not
** list. */
static void run_properties(struct jb *b, cJSON *run, const struct report *r)
{
	cJSON *p = obj(b, run, "properties");
	str(b, p, "input", r->input);
	str(b, p, "llvm", r->llvm_version);
	num(b, p, "seed", r->seed);
	str(b, p, "warpModel", report_warp_model_name(r->warp_model));
	str(b, p, "failOn", report_fail_on_name(r->fail_on));
	str(b, p, "contract", report_contract_option_name(r->show));
	num(b, p, "findingsOutsideContract", report_hidden(r, UINT32_MAX));
	num(b, p, "launches", r->nlaunches);
	num(b, p, "barriersNotCovered", report_not_covered(r));
	cJSON *ks = arr(b, p, "kernels");
	for (uint32_t i = 0; i < r->nkernels; i++) {
		const struct report_kernel *k = &r->kernels[i];
		cJSON *o = obj(b, ks, NULL);
		str(b, o, "name", k->name);
		str(b, o, "demangled", k->demangled);
		str(b, o, "input", k->input ? k->input : r->input);
		num(b, o, "job", k->job);
		num(b, o, "findingsOutsideContract", report_hidden(r, i));
		if (k->search) {
			cJSON *s = obj(b, o, "search");
			num(b, s, "evaluations", k->search->evaluations);
			num(b, s, "generations", (uint64_t)k->search->generations_run + 1);
			str(b, s, "stop", k->search->stop);
			num(b, s, "outsideContract", k->search->outside_contract);
			num(b, s, "cut", k->search->cut);
		}
	}
}

int report_sarif(FILE *out, const struct report *r)
{
	struct jb b = { 0 };
	cJSON *root = report_sarif_tree(r);
	return root ? jprint(&b, root, out) : -1;
}

cJSON *report_sarif_tree(const struct report *r)
{
	struct jb b = { 0 };
	cJSON *root = cJSON_CreateObject();
	if (root == NULL)
		return NULL;
	str(&b, root, "$schema", SARIF_SCHEMA);
	str(&b, root, "version", "2.1.0");
	cJSON *run = obj(&b, arr(&b, root, "runs"), NULL);
	cJSON *driver = obj(&b, obj(&b, run, "tool"), "driver");
	str(&b, driver, "name", "simulee-c");
	const char *v = r->version ? r->version : "0";
	str(&b, driver, "version", v);
	str(&b, driver, "semanticVersion", v);
	str(&b, driver, "informationUri", SARIF_INFO_URI);
	rules(&b, driver);
	cJSON *base = obj(&b, obj(&b, run, "originalUriBaseIds"), SARIF_SRCROOT);
	msg(&b, base, "description", "the directory the kernels were compiled in (the paths "
	    "of their debug info are relative to it)");

	cJSON *inv = obj(&b, arr(&b, run, "invocations"), NULL);
	boolean(&b, inv, "executionSuccessful", 1);
	num(&b, inv, "exitCode", (uint64_t)report_exit_status(r));

	cJSON *results = arr(&b, run, "results");
	for (uint32_t i = 0; i < r->findings.n; i++)
		if (report_shows(r, &r->findings.v[i]))
			result(&b, results, r, &r->findings.v[i]);
	run_properties(&b, run, r);

	if (b.failed) {
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}
