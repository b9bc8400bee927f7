/*
** check_sarif.c: the SARIF writer (report/sarif.c).  Every log the tests
** produce is validated against the official SARIF 2.1.0 schema
** (tests/data/sarif-schema-2.1.0.json) with python3's jsonschema, skipped
** with a message where that is missing (SIMULEE_REQUIRE_JSONSCHEMA=1, which
** CI sets, makes that a failure); GitHub code scanning's required fields are
** checked here in C; and the fingerprints are checked to stay the same
** across seeds and checkouts and to differ between bugs.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "report/report.h"
#include "exec/interp.h"
#include "memmodel/mam.h"
#include "base/util.h"
#include "tests.h"

/* ---- validating with the official schema -------------------------------- */

/* Validates the files argv[2:] against schema argv[1]; exit 77 without
** jsonschema, 1 with the first errors printed. */
static const char validator[] =
	"import json, sys\n"
	"try:\n"
	"    import jsonschema\n"
	"except ImportError:\n"
	"    sys.exit(77)\n"
	"V = jsonschema.Draft7Validator\n"
	"fc = getattr(V, 'FORMAT_CHECKER', None) or jsonschema.draft7_format_checker\n"
	"schema = json.load(open(sys.argv[1]))\n"
	"V.check_schema(schema)\n"
	"v = V(schema, format_checker=fc)\n"
	"bad = 0\n"
	"for f in sys.argv[2:]:\n"
	"    for e in list(v.iter_errors(json.load(open(f))))[:5]:\n"
	"        bad = 1\n"
	"        print(f + ': /' + '/'.join(map(str, e.absolute_path)) + ': ' + e.message)\n"
	"sys.exit(bad)\n";

/* Runs the validator on the SARIF logs TEXTS[0..N), all in one run of
** python3, with its output in *R (tu_run_free it); returns its status, or
** -1 when python3 or jsonschema is missing (the test goes on with its own
** checks, unless SIMULEE_REQUIRE_JSONSCHEMA=1 makes that a failure). */
static int run_validator(const char *const *texts, int n, struct tu_run *r)
{
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(srcdir != NULL, "SIMULEE_SRCDIR is not set");
	char *schema = xasprintf("%s/tests/data/sarif-schema-2.1.0.json", srcdir);
	char *files[16];
	const char *argv[24] = { "/usr/bin/env", "python3", "-c", validator, schema };
	ck_assert_int_le(n, 16);
	for (int i = 0; i < n; i++) {
		files[i] = tu_tmpfile(texts[i], strlen(texts[i]));
		argv[5 + i] = files[i];
	}
	argv[5 + n] = NULL;
	int started = tu_run(r, argv);
	for (int i = 0; i < n; i++) {
		unlink(files[i]);
		free(files[i]);
	}
	free(schema);
	if (started == 0 && r->status != 127 && r->status != 77)
		return r->status;
	const char *need = getenv("SIMULEE_REQUIRE_JSONSCHEMA");
	ck_assert_msg(need == NULL || strcmp(need, "1") != 0,
		      "SARIF schema validation needs python3 with jsonschema (python3-jsonschema)");
	fprintf(stderr, "check_sarif: python3 or its jsonschema module is missing: "
		"SARIF schema validation skipped\n");
	if (started == 0)
		tu_run_free(r);
	r->out = r->err = NULL;
	return -1;
}

/* Asserts that the SARIF logs TEXTS[0..N) follow the official schema. */
static void validate(const char *const *texts, int n)
{
	struct tu_run r;
	int st = run_validator(texts, n, &r);
	if (st < 0)
		return;
	ck_assert_msg(st == 0, "SARIF schema validation failed (%d): %.2000s%.2000s", st, r.out, r.err);
	tu_run_free(&r);
}

/* ---- reading a log -------------------------------------------------------- */


/* The string at PATH of DOC, asserted to be a nonempty string. */
static const char *jstr(const cJSON *doc, const char *path)
{
	const cJSON *v = tu_jat(doc, path);
	ck_assert_msg(cJSON_IsString(v) && v->valuestring[0], "%s: not a nonempty string", path);
	return v->valuestring;
}

static void jexpect_str(const cJSON *doc, const char *path, const char *want)
{
	const char *s = jstr(doc, path);
	ck_assert_msg(strcmp(s, want) == 0, "%s: '%s', expected '%s'", path, s, want);
}

static double jnum(const cJSON *doc, const char *path)
{
	const cJSON *v = tu_jat(doc, path);
	ck_assert_msg(cJSON_IsNumber(v), "%s: not a number", path);
	return v->valuedouble;
}

static int jlen(const cJSON *doc, const char *path)
{
	const cJSON *v = tu_jat(doc, path);
	ck_assert_msg(cJSON_IsArray(v), "%s: not an array", path);
	return cJSON_GetArraySize(v);
}

static int is_level(const char *s)
{
	return strcmp(s, "error") == 0 || strcmp(s, "warning") == 0 || strcmp(s, "note") == 0;
}

/* The fingerprint of result I of DOC, asserted to be 16 hex digits. */
static const char *fingerprint(const cJSON *doc, int i)
{
	char path[96];
	snprintf(path, sizeof path, "runs/0/results/%d/partialFingerprints", i);
	const cJSON *fp = cJSON_GetObjectItemCaseSensitive(tu_jat(doc, path), "simuleeFinding/v1");
	ck_assert_msg(cJSON_IsString(fp), "result %d: no fingerprint", i);
	ck_assert_int_eq(strlen(fp->valuestring), 16);
	ck_assert_uint_eq(strspn(fp->valuestring, "0123456789abcdef"), 16);
	return fp->valuestring;
}

/*
** Parses TEXT and asserts what GitHub code scanning requires of an upload:
** the driver's name, rules with id, descriptions, help and a default level
** (and the optional precision, problem.severity and tags in their forms),
** and of every result a rule, a message, a location with an artifact URI
** and a start line where one is known, and a fingerprint.  Returns the
** document (cJSON_Delete it).
*/
static cJSON *check_log(const char *text)
{
	cJSON *doc = cJSON_Parse(text);
	ck_assert_msg(doc != NULL, "not JSON: %.2000s", text);
	jexpect_str(doc, "version", "2.1.0");
	ck_assert_int_eq(jlen(doc, "runs"), 1);
	jexpect_str(doc, "runs/0/tool/driver/name", "simulee-c");
	jstr(doc, "runs/0/tool/driver/version");
	jstr(doc, "runs/0/tool/driver/informationUri");
	ck_assert_int_eq(jlen(doc, "runs/0/tool/driver/rules"), FK__COUNT);
	char p[160];
	for (int k = 0; k < FK__COUNT; k++) {
#define RULE(field) (snprintf(p, sizeof p, "runs/0/tool/driver/rules/%d/%s", k, field), p)
		jexpect_str(doc, RULE("id"), finding_kind_id((enum finding_kind)k));
		jstr(doc, RULE("name"));
		jstr(doc, RULE("shortDescription/text"));
		jstr(doc, RULE("fullDescription/text"));
		jstr(doc, RULE("help/text"));
		ck_assert(is_level(jstr(doc, RULE("defaultConfiguration/level"))));
		const char *prec = jstr(doc, RULE("properties/precision"));
		ck_assert(strstr("very-high high medium low", prec) != NULL);
		const cJSON *ps = cJSON_GetObjectItemCaseSensitive(tu_jat(doc, RULE("properties")),
								   "problem.severity");
		ck_assert(cJSON_IsString(ps) && strstr("error warning recommendation", ps->valuestring));
		ck_assert_int_ge(jlen(doc, RULE("properties/tags")), 1);
#undef RULE
	}
	jnum(doc, "runs/0/invocations/0/exitCode");
	ck_assert(cJSON_IsBool(tu_jat(doc, "runs/0/invocations/0/executionSuccessful")));
	int n = jlen(doc, "runs/0/results");
	for (int i = 0; i < n; i++) {
#define RES(field) (snprintf(p, sizeof p, "runs/0/results/%d/%s", i, field), p)
		const char *id = jstr(doc, RES("ruleId"));
		int ri = (int)jnum(doc, RES("ruleIndex"));
		ck_assert(ri >= 0 && ri < FK__COUNT);
		ck_assert_str_eq(id, finding_kind_id((enum finding_kind)ri));
		ck_assert(is_level(jstr(doc, RES("level"))));
		jstr(doc, RES("message/text"));
		ck_assert_int_ge(jlen(doc, RES("locations")), 1);
		jstr(doc, RES("locations/0/physicalLocation/artifactLocation/uri"));
		if (tu_jat(doc, RES("locations/0/physicalLocation/region")))
			ck_assert(jnum(doc, RES("locations/0/physicalLocation/region/startLine")) >= 1);
		fingerprint(doc, i);
#undef RES
	}
	return doc;
}

/* ---- a hand-made report with a finding of every kind ---------------------- */

static struct srcloc at(uint32_t line, uint32_t col)
{
	return (struct srcloc){ "src/k.cu", "scan(int*, int)", line, col };
}

static struct thread_id tid(uint32_t t, uint32_t b)
{
	return (struct thread_id){ { b, 0, 0 }, { t, 0, 0 } };
}

/* A finding of every kind, at line 10 * (kind + 1), the kinds kept by site
** pair with a second site 3 lines on; a race and a barrier divergence with
** what their writers print; findings of a file with a space and of an
** absolute path, and one without a source file. */
static void add_every_kind(struct findings *fs)
{
	for (int k = 0; k < FK__COUNT; k++) {
		struct srcloc l = at(10 * (uint32_t)(k + 1), 5);
		struct thread_id w = tid((uint32_t)k, 1);
		struct finding *f;
		if (finding_kind_is_pair((enum finding_kind)k)) {
			int isnew;
			f = findings_get_pair(fs, (enum finding_kind)k, 0, 100u + (uint32_t)k, 0,
					      200u + (uint32_t)k, &isnew);
			f->loc = l;
			f->who = w;
			f->second.loc = at(l.line + 3, 7);
			f->second.who = tid((uint32_t)k + 40, 1);
			f->count = 1;
		} else {
			f = findings_add(fs, (enum finding_kind)k, 0, 100u + (uint32_t)k, &l, &w, 0x1000,
					 NULL, "one more line");
		}
		if (k == FK_RACE) {
			f->access1 = AK_WRITE;
			f->second.kind = AK_READ;
			f->space = AS_SHARED;
			f->where = xstrdup("s[33]");
			f->race_class = RC_INTER_WARP;
			f->hazard = HZ_RAW;
			f->addresses = 2;
			f->thread_pairs = 9;
		}
		if (k == FK_ASSUMPTION) {
			free(f->detail);
			f->detail = xstrdup("scan assumes blockDim.x <= 256: shared 's[256]' is indexed "
					    "by threadIdx.x (src/k.cu:160)");
		}
		if (k == FK_BARRIER_DIVERGENCE) {
			struct divergence *d = xcalloc(1, sizeof *d);
			d->bdim[0] = 64;
			d->bdim[1] = d->bdim[2] = 1;
			d->ngroups = 3;
			d->groups = xcalloc(3, sizeof *d->groups);
			d->groups[0] = (struct bd_group){ .state = BD_WAITING, .loc = l, .nthreads = 32 };
			d->groups[0].mask[0] = UINT32_MAX;
			d->groups[1] = (struct bd_group){ .state = BD_OTHER_BARRIER,
							  .loc = f->second.loc, .nthreads = 16 };
			d->groups[1].mask[1] = 0xffff;
			d->groups[2] = (struct bd_group){ .state = BD_EXITED, .loc = at(99, 0),
							  .nthreads = 16 };
			d->groups[2].mask[1] = 0xffff0000;
			f->div = d;
		}
	}
	struct srcloc l = { "my dir/a:b.cu", "odd(int)", 7, 0 };
	struct thread_id w = tid(1, 0);
	findings_add(fs, FK_DIV_ZERO, 0, 300, &l, &w, 0, NULL, NULL);
	l = (struct srcloc){ "/abs/k.cu", "abs(int)", 8, 2 };
	findings_add(fs, FK_DIV_ZERO, 0, 301, &l, &w, 0, NULL, NULL);
	l = (struct srcloc){ NULL, "scan(int*, int)", 0, 0 };
	findings_add(fs, FK_TRAP, 0, 302, &l, &w, 0, NULL, NULL);
}

/* The report of a launch of scan with those findings, and one out-of-bounds
** access found by a launch outside every contract (not a result). */
static void make_report(struct report *r)
{
	report_init(r);
	r->input = "src/k.cu";
	r->version = "0.1.0";
	r->llvm_version = "19.1.7";
	r->seed = 7;
	r->perf = 1;	/* --perf: the performance notes are results too */
	uint32_t k = report_add_kernel(r, "_Z4scanPii", "scan(int*, int)");
	uint32_t l = report_add_launch(r, k, (struct dim3){ 2, 1, 1 }, (struct dim3){ 64, 1, 1 }, 0, 7);
	report_launch_arg(r, l, "n", "64");
	report_launch_buffer(r, l, "p", "i32", 128, "iota");
	struct findings fs = { 0 };
	add_every_kind(&fs);
	report_take_findings(r, &fs, l);
	uint32_t l2 = report_add_launch(r, k, (struct dim3){ 1, 1, 1 }, (struct dim3){ 999, 1, 1 }, 0, 7);
	report_launch_contract(r, l2, CL_NONE);
	struct srcloc ol = at(500, 1);
	struct thread_id w = tid(998, 0);
	findings_add(&fs, FK_OOB, 0, 400, &ol, &w, 0, "global 'p[999]'", NULL);
	report_take_findings(r, &fs, l2);
	findings_free(&fs);
}

static char *sarif_of(const struct report *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(report_sarif(f, r), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(n > 0 && buf[n - 1] == '\n', "no final newline");
	return buf;
}

/* The index of the result whose message is MSG, or -1. */
static int result_with(const cJSON *doc, const char *msg)
{
	const cJSON *rs = tu_jat(doc, "runs/0/results");
	for (int i = 0; i < cJSON_GetArraySize(rs); i++) {
		const cJSON *t = tu_jat(cJSON_GetArrayItem(rs, i), "message/text");
		if (cJSON_IsString(t) && strcmp(t->valuestring, msg) == 0)
			return i;
	}
	return -1;
}

/* Every kind a rule and a result; the fields of a race, a divergence and
** the odd paths; the finding outside the contract only counted. */
START_TEST(every_kind)
{
	struct report r;
	make_report(&r);
	char *text = sarif_of(&r);
	validate((const char *const[]){ text }, 1);
	cJSON *doc = check_log(text);
	ck_assert_int_eq(jlen(doc, "runs/0/results"), FK__COUNT + 3);
	ck_assert_int_eq((int)jnum(doc, "runs/0/properties/findingsOutsideContract"), 1);
	ck_assert_int_eq((int)jnum(doc, "runs/0/invocations/0/exitCode"), 1);
	for (int k = 0; k < FK__COUNT; k++) {
		char p[96];
		snprintf(p, sizeof p, "runs/0/results/%d/ruleId", k);
		jexpect_str(doc, p, finding_kind_id((enum finding_kind)k));
		/* each rule's level is its kind's severity */
		struct finding f = { .kind = (enum finding_kind)k };
		snprintf(p, sizeof p, "runs/0/tool/driver/rules/%d/defaultConfiguration/level", k);
		jexpect_str(doc, p, report_severity_name(finding_severity(&f)));
	}
	jexpect_str(doc, "runs/0/tool/driver/rules/11/name", "DataRace");

	/* the race: its site, the other access, both threads, its properties */
	char p[128];
	int i = FK_RACE;
#define AT(field) (snprintf(p, sizeof p, "runs/0/results/%d/%s", i, field), p)
	jexpect_str(doc, AT("message/text"), "data race on shared 's[33]' between a write and a read");
	jexpect_str(doc, AT("level"), "error");
	jexpect_str(doc, AT("locations/0/physicalLocation/artifactLocation/uri"), "src/k.cu");
	jexpect_str(doc, AT("locations/0/physicalLocation/artifactLocation/uriBaseId"), "%SRCROOT%");
	ck_assert_int_eq((int)jnum(doc, AT("locations/0/physicalLocation/region/startLine")), 120);
	ck_assert_int_eq((int)jnum(doc, AT("locations/0/physicalLocation/region/startColumn")), 5);
	jexpect_str(doc, AT("locations/0/logicalLocations/0/name"), "scan");
	jexpect_str(doc, AT("locations/0/logicalLocations/0/fullyQualifiedName"), "scan(int*, int)");
	ck_assert_int_eq((int)jnum(doc, AT("relatedLocations/0/physicalLocation/region/startLine")), 123);
	ck_assert_int_eq(jlen(doc, AT("codeFlows/0/threadFlows")), 2);
	ck_assert_int_eq((int)jnum(doc, AT("codeFlows/0/threadFlows/1/properties/thread/0")), 51);
	ck_assert_int_eq((int)jnum(doc, AT("codeFlows/0/threadFlows/1/properties/warp")), 1);
	ck_assert_int_eq((int)jnum(doc, AT("codeFlows/0/threadFlows/1/locations/0/location/"
					  "physicalLocation/region/startLine")), 123);
	jexpect_str(doc, AT("properties/raceClass"), "inter-warp");
	jexpect_str(doc, AT("properties/hazard"), "RAW");
	jexpect_str(doc, AT("properties/contract"), "declared");
	jexpect_str(doc, AT("properties/kernel"), "scan(int*, int)");
	ck_assert(cJSON_IsFalse(tu_jat(doc, AT("properties/benign"))));
	ck_assert_int_eq((int)jnum(doc, AT("properties/counts/threadPairs")), 9);
	char *opts = report_launch_options(&r, 0);
	jexpect_str(doc, AT("properties/launch"), opts);
	free(opts);

	/* the divergence: the other barrier and the exit as related locations */
	i = FK_BARRIER_DIVERGENCE;
	ck_assert_int_eq(jlen(doc, AT("relatedLocations")), 2);
	ck_assert_int_eq((int)jnum(doc, AT("relatedLocations/0/physicalLocation/region/startLine")), 93);
	ck_assert_int_eq((int)jnum(doc, AT("relatedLocations/1/physicalLocation/region/startLine")), 99);
	ck_assert_ptr_null(tu_jat(doc, AT("relatedLocations/1/physicalLocation/region/startColumn")));
	ck_assert_int_eq(jlen(doc, AT("codeFlows/0/threadFlows")), 2);
	ck_assert_int_eq(jlen(doc, AT("properties/divergence")), 3);

	/* a file name that needs escaping, an absolute path, no file at all */
	i = FK__COUNT;
	jexpect_str(doc, AT("locations/0/physicalLocation/artifactLocation/uri"), "my%20dir/a%3Ab.cu");
	ck_assert_ptr_null(tu_jat(doc, AT("locations/0/physicalLocation/region/startColumn")));
	i = FK__COUNT + 1;
	jexpect_str(doc, AT("locations/0/physicalLocation/artifactLocation/uri"), "file:///abs/k.cu");
	ck_assert_ptr_null(tu_jat(doc, AT("locations/0/physicalLocation/artifactLocation/uriBaseId")));
	i = FK__COUNT + 2;
	jexpect_str(doc, AT("locations/0/physicalLocation/artifactLocation/uri"), "src/k.cu");
	ck_assert_ptr_null(tu_jat(doc, AT("locations/0/physicalLocation/region")));
#undef AT
	ck_assert_int_eq(result_with(doc, "out-of-bounds access on global 'p[999]'"), -1);

	/* no two findings share a fingerprint */
	for (int a = 0; a < FK__COUNT + 3; a++)
		for (int b = a + 1; b < FK__COUNT + 3; b++)
			ck_assert_msg(strcmp(fingerprint(doc, a), fingerprint(doc, b)) != 0,
				      "results %d and %d share a fingerprint", a, b);
	cJSON_Delete(doc);
	free(text);
	report_free(&r);
}
END_TEST

/* The fingerprint ignores what varies between runs of the same bug: the
** order of a race's sites, the threads, address, launch, count and the
** directory; it changes with the site, the kind and the kernel. */
START_TEST(fingerprint_recipe)
{
	struct report r;
	report_init(&r);
	uint32_t k = report_add_kernel(&r, "_Z1kPi", "k(int*)");
	report_add_launch(&r, k, (struct dim3){ 1, 1, 1 }, (struct dim3){ 32, 1, 1 }, 0, 1);
	struct finding a = { .kind = FK_RACE, .loc = { "a/k.cu", "k(int*)", 5, 3 },
			     .who = tid(1, 0), .addr = 0x100, .count = 1 };
	a.second.loc = (struct srcloc){ "a/k.cu", "k(int*)", 9, 4 };
	a.second.who = tid(2, 0);
	struct finding b = a;
	b.loc = a.second.loc;
	b.second.loc = (struct srcloc){ "/elsewhere/b/k.cu", "k(int*)", 5, 3 };
	b.loc.file = "../x/k.cu";
	b.who = tid(7, 3);
	b.addr = 0x900;
	b.count = 40;
	char *fa = report_fingerprint(&r, &a), *fb = report_fingerprint(&r, &b);
	ck_assert_str_eq(fa, fb);
	free(fb);
	b = a;
	b.second.loc.line = 10;
	fb = report_fingerprint(&r, &b);
	ck_assert_str_ne(fa, fb);
	free(fb);
	b = a;
	b.kind = FK_BARRIER_DIVERGENCE;
	fb = report_fingerprint(&r, &b);
	ck_assert_str_ne(fa, fb);
	free(fb);
	b = a;
	b.launch = 5;	/* no such launch: no kernel */
	fb = report_fingerprint(&r, &b);
	ck_assert_str_ne(fa, fb);
	free(fb);
	/* an assumption is its constraint, wherever a search saw it break */
	struct finding s = { .kind = FK_ASSUMPTION, .loc = { "k.cu", "k(int*)", 5, 3 } };
	s.detail = (char *)"k assumes blockDim.x <= 64: shared 's[64]' is indexed by threadIdx.x (k.cu:5)";
	struct finding t = s;
	t.loc.line = 7;
	t.detail = (char *)"k assumes blockDim.x <= 64: shared 's[64]' is indexed by threadIdx.x (k.cu:7)";
	char *fs = report_fingerprint(&r, &s), *ft = report_fingerprint(&r, &t);
	ck_assert_str_eq(fs, ft);
	free(ft);
	t.detail = (char *)"k assumes blockDim.y <= 64: shared 's[64]' is indexed by threadIdx.y (k.cu:7)";
	ft = report_fingerprint(&r, &t);
	ck_assert_str_ne(fs, ft);
	free(ft);
	free(fs);
	free(fa);
	report_free(&r);
}
END_TEST

/* The validator is no rubber stamp: a log with a level SARIF does not
** have, one without runs, and one whose region starts at line 0 fail. */
START_TEST(schema_rejects)
{
	static const char *const bad[] = {
		"{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"x\"}}, "
		"\"results\": [{\"message\": {\"text\": \"m\"}, \"level\": \"fatal\"}]}]}",
		"{\"version\": \"2.1.0\"}",
		"{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"x\"}}, "
		"\"results\": [{\"message\": {\"text\": \"m\"}, \"locations\": [{\"physicalLocation\": "
		"{\"region\": {\"startLine\": 0}}}]}]}]}",
	};
	for (int i = 0; i < 3; i++) {
		struct tu_run r;
		int st = run_validator(&bad[i], 1, &r);
		if (st < 0)
			return;
		ck_assert_msg(st == 1, "log %d: status %d: %s%s", i, st, r.out, r.err);
		tu_run_free(&r);
	}
}
END_TEST

/* ---- the command line: the bug corpus -------------------------------------- */

static void run_sarif(struct tu_run *r, const char *const *args, int status)
{
	tu_run_bin(r, args);
	ck_assert_msg(r->status == status, "status %d, expected %d: %s", r->status, status, r->err);
}

/* A result of DOC with rule ID whose location is at LINE (any line: -1),
** or -1. */
static int result_at(const cJSON *doc, const char *id, int line)
{
	const cJSON *rs = tu_jat(doc, "runs/0/results");
	for (int i = 0; i < cJSON_GetArraySize(rs); i++) {
		const cJSON *x = cJSON_GetArrayItem(rs, i);
		const cJSON *l = tu_jat(x, "locations/0/physicalLocation/region/startLine");
		if (strcmp(tu_jat(x, "ruleId")->valuestring, id) == 0
		    && (line < 0 || (cJSON_IsNumber(l) && (int)l->valuedouble == line)))
			return i;
	}
	return -1;
}

/* A race and a barrier divergence of the bug corpus, and a clean fixed
** twin, through --format sarif: valid logs with the findings where the
** manifests put them. */
START_TEST(cli_corpus)
{
	char *race = tu_kernel("bugs/block_min_nosync.O0.bc");
	char *bd = tu_kernel("bugs/deadlock_two_barriers.O0.bc");
	char *fixed = tu_kernel("bugs/deadlock_two_barriers_fixed.O0.bc");
	struct tu_run r1, r2, r3;
	run_sarif(&r1, (const char *const[]){ race, "--block", "64", "--size", "y=64", "--size", "a=64",
					      "--size", "out=2", "--init", "y=iota", "--init", "a=iota",
					      "--arg", "C=40.0", "--format=sarif", NULL }, 1);
	run_sarif(&r2, (const char *const[]){ bd, "--block", "64", "--size", "in=64", "--size", "out=64",
					      "--init", "in=iota", "--format", "sarif", NULL }, 1);
	run_sarif(&r3, (const char *const[]){ fixed, "--block", "64", "--size", "in=64", "--size",
					      "out=64", "--init", "in=iota", "--format", "sarif", NULL }, 0);
	ck_assert_str_eq(r1.err, "");
	validate((const char *const[]){ r1.out, r2.out, r3.out }, 3);

	cJSON *doc = check_log(r1.out);
	int i = result_at(doc, "data-race", 14);
	ck_assert_msg(i >= 0, "no race at line 14");
	char p[128];
	snprintf(p, sizeof p, "runs/0/results/%d/codeFlows/0/threadFlows", i);
	ck_assert_int_eq(jlen(doc, p), 2);
	snprintf(p, sizeof p, "runs/0/results/%d/relatedLocations/0/physicalLocation/artifactLocation/uri", i);
	ck_assert(strstr(jstr(doc, p), "block_min_nosync.cu") != NULL);
	snprintf(p, sizeof p, "runs/0/results/%d/properties/launch", i);
	ck_assert(strstr(jstr(doc, p), "--block 64,1,1") != NULL);
	cJSON_Delete(doc);

	doc = check_log(r2.out);
	i = result_at(doc, "barrier-divergence", 13);
	ck_assert_msg(i >= 0, "no divergence at line 13");
	snprintf(p, sizeof p, "runs/0/results/%d/relatedLocations/0/physicalLocation/region/startLine", i);
	ck_assert_int_eq((int)jnum(doc, p), 16);
	cJSON_Delete(doc);

	doc = check_log(r3.out);
	ck_assert_int_eq(jlen(doc, "runs/0/results"), 0);
	ck_assert_int_eq((int)jnum(doc, "runs/0/invocations/0/exitCode"), 0);
	cJSON_Delete(doc);
	tu_run_free(&r1);
	tu_run_free(&r2);
	tu_run_free(&r3);
	free(race);
	free(bd);
	free(fixed);
}
END_TEST

/* Copies the bug corpus' FILE.cu into a new directory under $TMPDIR,
** DEPTH levels down; returns the copy's path and sets *DIR (free both). */
static char *copy_kernel(const char *file, int depth, char **dir)
{
	const char *t = getenv("TMPDIR");
	char *d = xasprintf("%s/simulee-sarif-test-XXXXXX", t && *t ? t : "/tmp");
	ck_assert_msg(mkdtemp(d) != NULL, "mkdtemp: %s", strerror(errno));
	*dir = d;
	char *sub = xstrdup(d);
	for (int i = 0; i < depth; i++) {
		char *s = xasprintf("%s/d%d", sub, i);
		ck_assert_int_eq(mkdir(s, 0700), 0);
		free(sub);
		sub = s;
	}
	char *from = xasprintf("%s/kernels/bugs/%s", tu_env("SIMULEE_SRCDIR"), file);
	char *to = xasprintf("%s/%s", sub, file);
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	ck_assert_msg(in && out, "copying %s", from);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
	fclose(in);
	ck_assert_int_eq(fclose(out), 0);
	free(from);
	free(sub);
	return to;
}

/* Removes copy CU and the directories from its own up to DIR. */
static void remove_copy(char *dir, char *cu)
{
	ck_assert_int_eq(unlink(cu), 0);
	char *p = xstrdup(cu);
	do {
		*strrchr(p, '/') = '\0';
		ck_assert_int_eq(rmdir(p), 0);
	} while (strcmp(p, dir) != 0);
	free(p);
	free(cu);
	free(dir);
}

/* The fingerprints of DOC's results, sorted, as one string (free it). */
static char *fingerprints(const cJSON *doc)
{
	int n = jlen(doc, "runs/0/results");
	ck_assert_int_gt(n, 0);
	const char **v = xcalloc((size_t)n, sizeof *v);
	for (int i = 0; i < n; i++)
		v[i] = fingerprint(doc, i);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
			const char *x = v[j];
			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	char *s = xcalloc((size_t)n, 17);
	for (int i = 0; i < n; i++) {
		ck_assert_msg(i == 0 || strcmp(v[i - 1], v[i]) != 0, "two results share %s", v[i]);
		strcat(s, v[i]);
	}
	free(v);
	return s;
}

/* The same kernel searched from two directories with two seeds: the same
** fingerprints (the paths differ); another kernel's differ. */
START_TEST(cli_fingerprints_stable)
{
	char *d1, *d2, *d3;
	char *a = copy_kernel("block_min_nosync.cu", 0, &d1);
	char *b = copy_kernel("block_min_nosync.cu", 2, &d2);
	char *c = copy_kernel("deadlock_two_barriers.cu", 0, &d3);
	const char *clang = tu_env("SIMULEE_CLANG");
	struct tu_run r1, r2, r3;
	run_sarif(&r1, (const char *const[]){ a, "--prelude", "--seed", "1", "--format=sarif",
					      clang ? "--clang" : NULL, clang, NULL }, 1);
	run_sarif(&r2, (const char *const[]){ b, "--prelude", "--seed", "5", "--format=sarif",
					      clang ? "--clang" : NULL, clang, NULL }, 1);
	run_sarif(&r3, (const char *const[]){ c, "--prelude", "--seed", "1", "--format=sarif",
					      clang ? "--clang" : NULL, clang, NULL }, 1);
	validate((const char *const[]){ r1.out, r2.out, r3.out }, 3);
	cJSON *x = check_log(r1.out), *y = check_log(r2.out), *z = check_log(r3.out);
	/* the paths differ, the fingerprints do not */
	ck_assert_str_ne(jstr(x, "runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri"),
			 jstr(y, "runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri"));
	char *fx = fingerprints(x), *fy = fingerprints(y), *fz = fingerprints(z);
	ck_assert_msg(result_at(x, "data-race", -1) >= 0, "no race");
	ck_assert_msg(result_at(z, "barrier-divergence", 13) >= 0, "no divergence");
	ck_assert_str_eq(fx, fy);
	for (int i = 0; i < jlen(z, "runs/0/results"); i++)
		ck_assert(strstr(fx, fingerprint(z, i)) == NULL);
	free(fx);
	free(fy);
	free(fz);
	cJSON_Delete(x);
	cJSON_Delete(y);
	cJSON_Delete(z);
	tu_run_free(&r1);
	tu_run_free(&r2);
	tu_run_free(&r3);
	remove_copy(d1, a);
	remove_copy(d2, b);
	remove_copy(d3, c);
}
END_TEST

Suite *sarif_suite(void)
{
	Suite *s = suite_create("sarif");
	TCase *tc = tcase_create("writer");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, every_kind);
	tcase_add_test(tc, fingerprint_recipe);
	tcase_add_test(tc, schema_rejects);
	suite_add_tcase(s, tc);
	tc = tcase_create("command line");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, cli_corpus);
	tcase_add_test(tc, cli_fingerprints_stable);
	suite_add_tcase(s, tc);
	return s;
}
