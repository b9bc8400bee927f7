/*
** check_report.c: the report writers (report/words.c, text.c, json.c) on hand-made reports
** with every kind of finding, exact text lines and JSON fields; every JSON
** document the tests produce is validated against docs/report.schema.json;
** the validator itself is checked on broken documents; and the command
** line's --format, --fail-on and --output from the outside.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "detect/races.h"
#include "report/report.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "memmodel/mam.h"
#include "base/util.h"
#include "tests.h"

/* ---- a hand-made report with every kind of finding -------------------------- */

static const char *const FN = "reduce(int*)";

static struct srcloc at(uint32_t line, uint32_t col)
{
	return (struct srcloc){ "k.cu", FN, line, col };
}

static struct thread_id tid(uint32_t t, uint32_t b)
{
	return (struct thread_id){ { b, 0, 0 }, { t, 0, 0 } };
}

/* A race between (pc1, loc1, who1, k1) and (pc2, loc2, who2, k2). */
static struct finding *race(struct findings *fs, uint32_t pc1, struct srcloc l1,
			    struct thread_id w1, unsigned k1, uint32_t pc2, struct srcloc l2,
			    struct thread_id w2, unsigned k2, uint8_t space, const char *where)
{
	int isnew;
	struct finding *f = findings_get_pair(fs, FK_RACE, 0, pc1, 0, pc2, &isnew);
	ck_assert_int_eq(isnew, 1);
	f->loc = l1;
	f->who = w1;
	f->access1 = (uint8_t)k1;
	f->second.loc = l2;
	f->second.who = w2;
	f->second.kind = (uint8_t)k2;
	f->space = space;
	f->where = xstrdup(where);
	f->count = 1;
	f->addresses = 1;
	f->thread_pairs = 1;
	return f;
}

/* Threads T0, T0 + STEP, ..., up to T1 of a block, into MASK. */
static void set_threads(uint32_t *mask, uint32_t t0, uint32_t t1, uint32_t step)
{
	for (uint32_t t = t0; t <= t1; t += step)
		mask[t / 32] |= 1u << (t % 32);
}

/* A barrier divergence in a block of 64: threads 0..15 wait at line 17,
** 16..31 at line 19, the even ones of 32..63 exited at line 22 and the odd
** ones are at no known place. */
static struct finding *divergence(struct findings *fs)
{
	int isnew;
	struct finding *f = findings_get_pair(fs, FK_BARRIER_DIVERGENCE, 0, 55, 0, 57, &isnew);
	ck_assert_int_eq(isnew, 1);
	f->loc = at(17, 3);
	f->who = tid(0, 0);
	f->second.loc = at(19, 3);
	f->second.who = tid(16, 0);
	f->detail = xstrdup("16 threads wait here; 16 exited, 16 wait at another barrier, "
			    "16 are stuck elsewhere");
	f->count = 1;
	struct divergence *d = xcalloc(1, sizeof *d);
	d->bdim[0] = 64;
	d->bdim[1] = d->bdim[2] = 1;
	d->ngroups = 4;
	d->groups = xcalloc(4, sizeof *d->groups);
	static const struct { uint8_t state; uint32_t line, col, t0, t1, step; } g[] = {
		{ BD_WAITING, 17, 3, 0, 15, 1 }, { BD_OTHER_BARRIER, 19, 3, 16, 31, 1 },
		{ BD_EXITED, 22, 0, 32, 62, 2 }, { BD_ELSEWHERE, 0, 0, 33, 63, 2 },
	};
	for (int i = 0; i < 4; i++) {
		d->groups[i].state = g[i].state;
		if (g[i].line)
			d->groups[i].loc = at(g[i].line, g[i].col);
		set_threads(d->groups[i].mask, g[i].t0, g[i].t1, g[i].step);
		d->groups[i].nthreads = 16;
	}
	f->div = d;
	return f;
}

/* Findings 1..8 of the report below, in this order:
** 1 inter-warp RAW race, 2 benign intra-warp WAW race, 3 its-only
** intra-warp WAR race, 4 inter-block WAW race with an atomic, 5 redundant
** barrier, 6 barrier divergence, 7 out-of-bounds, 8 step budget without a
** source file. */
static void add_all_kinds(struct findings *fs)
{
	struct finding *f;
	f = race(fs, 10, at(9, 7), tid(1, 0), AK_WRITE, 20, at(12, 5), tid(33, 0), AK_READ,
		 AS_SHARED, "s[33]");
	f->race_class = RC_INTER_WARP;
	f->hazard = HZ_RAW;
	f->addr = 0x300000084;
	f->count = 2;
	f->thread_pairs = 32;

	f = race(fs, 30, at(20, 9), tid(0, 1), AK_WRITE, 30, at(20, 9), tid(5, 1), AK_WRITE,
		 AS_SHARED, "s[0]");
	f->race_class = RC_INTRA_WARP;
	f->hazard = HZ_WAW;
	f->benign = 1;
	f->thread_pairs = 31;

	f = race(fs, 40, at(30, 11), tid(5, 0), AK_READ, 41, at(31, 3), tid(6, 0), AK_WRITE,
		 AS_GLOBAL, "out[5]");
	f->race_class = RC_INTRA_WARP;
	f->hazard = HZ_WAR;
	f->its_only = 1;
	f->count = 3;
	f->addresses = 2;
	f->thread_pairs = 2;

	f = race(fs, 45, at(40, 5), tid(0, 0), AK_ATOMIC_WRITE, 46, at(41, 5), tid(0, 1),
		 AK_WRITE, AS_GLOBAL, "acc[0]");
	f->loc.func = "add(int*, int)";
	f->scope1 = SCOPE_DEVICE;
	f->race_class = RC_INTER_BLOCK;
	f->hazard = HZ_WAW;

	struct srcloc rl = at(14, 3);
	f = findings_add(fs, FK_REDUNDANT_BARRIER, 0, 50, &rl, NULL, 0, NULL, NULL);
	f->launches = 10;
	f->executions = 640;

	divergence(fs);

	struct srcloc l;
	struct thread_id w;

	l = at(25, 12);
	w = tid(16, 1);
	for (int i = 0; i < 2; i++)
		findings_add(fs, FK_OOB, 0, 60, &l, &w, 0x20000000200, "global 'p[128]'",
			     "write of 4 bytes at address 0x20000000200");

	l = (struct srcloc){ NULL, FN, 0, 0 };
	w = tid(3, 0);
	findings_add(fs, FK_STEP_BUDGET, 0, 70, &l, &w, 0, NULL, "did not finish within 100 steps");
}

/* The report of one launch of reduce with the findings above. */
static void make_report(struct report *r)
{
	report_init(r);
	r->input = "k.bc";
	r->version = "0.1.0";
	r->llvm_version = "19.1.7";
	r->seed = 7;
	uint32_t k = report_add_kernel(r, "_Z6reducePi", "reduce(int*)");
	uint32_t l = report_add_launch(r, k, (struct dim3){ 2, 1, 1 }, (struct dim3){ 64, 1, 1 },
				       256, 7);
	report_launch_arg(r, l, "n", "64");
	report_launch_buffer(r, l, "p", "i32", 128, "iota");
	report_launch_buffer(r, l, "q", "f32", 0, NULL);
	struct findings fs = { 0 };
	add_all_kinds(&fs);
	report_take_findings(r, &fs, l);
	struct srcloc bl = at(11, 3);
	report_add_barrier(r, k, &bl, BV_NEEDED, 1, 2, 1);
	ck_assert_uint_eq(fs.n, 0);
	ck_assert_ptr_null(fs.v);
}

#define LAUNCH "  launch: --kernel _Z6reducePi --grid 2,1,1 --block 64,1,1 --shared 256 " \
	"--arg n=64 --size p=128 --type p=i32 --init p=iota --seed 7"

static const char *const all_kinds_text[] = {
	"k.cu:9:7: error: data race on shared 's[33]' between a write and a read",
	"  write at k.cu:9:7 in reduce(int*) by thread (1,0,0) of block (0,0,0)",
	"  read at k.cu:12:5 in reduce(int*) by thread (33,0,0) of block (0,0,0)",
	"  class: inter-warp (warps 0 and 1), RAW (read after write)",
	"  2 occurrences, 1 address, 32 thread pairs",
	LAUNCH,
	"k.cu:20:9: warning: data race on shared 's[0]' between two writes of the same value",
	"  write at k.cu:20:9 in reduce(int*) by thread (0,0,0) of block (1,0,0)",
	"  write at k.cu:20:9 in reduce(int*) by thread (5,0,0) of block (1,0,0)",
	"  class: intra-warp (lanes 0 and 5 of warp 0), WAW (write after write)",
	"  benign: both wrote the same value",
	"  1 occurrence, 1 address, 31 thread pairs",
	LAUNCH,
	"k.cu:30:11: error: data race on global 'out[5]' between a read and a write",
	"  read at k.cu:30:11 in reduce(int*) by thread (5,0,0) of block (0,0,0)",
	"  write at k.cu:31:3 in reduce(int*) by thread (6,0,0) of block (0,0,0)",
	"  class: intra-warp (lanes 5 and 6 of warp 0), WAR (write after read)",
	"  only under independent thread scheduling: lockstep warps order these accesses",
	"  3 occurrences, 2 addresses, 2 thread pairs",
	LAUNCH,
	"k.cu:40:5: error: data race on global 'acc[0]' between an atomic write and a write",
	"  atomic write (device scope) at k.cu:40:5 in add(int*, int) by thread (0,0,0) of block (0,0,0)",
	"  write at k.cu:41:5 in reduce(int*) by thread (0,0,0) of block (1,0,0)",
	"  class: inter-block, WAW (write after write)",
	"  1 occurrence, 1 address, 1 thread pair",
	LAUNCH,
	"k.cu:14:3: warning: redundant barrier",
	"  no conflicting accesses were ordered by it (in reduce(int*))",
	"  checked on 10 launches, 640 executions",
	"  1 occurrence",
	LAUNCH,
	"k.cu:17:3: error: barrier divergence",
	"  16 threads (0..15,0,0) of block (0,0,0) wait here",
	"  16 threads (16..31,0,0) wait at the barrier at k.cu:19:3",
	"  16 threads (32..62 step 2,0,0) exited at k.cu:22",
	"  16 threads (33..63 step 2,0,0) are elsewhere",
	"  part of a warp: this barrier is reached by lanes 0..15 of warp 0 only",
	"  part of a warp: the barrier at k.cu:19:3 is reached by lanes 16..31 of warp 0 only",
	"  1 occurrence",
	LAUNCH,
	"k.cu:25:12: error: out-of-bounds access on global 'p[128]'",
	"  thread (16,0,0) of block (1,0,0) in reduce(int*)",
	"  write of 4 bytes at address 0x20000000200",
	"  2 occurrences",
	LAUNCH,
	"reduce(int*): error: thread did not finish",
	"  thread (3,0,0) of block (0,0,0) in reduce(int*)",
	"  did not finish within 100 steps",
	"  1 occurrence",
	LAUNCH,
	"simulee-c: reduce(int*): 6 errors, 2 warnings (8 findings, 1 benign race; "
	"grid 2,1,1 block 64,1,1, seed 7, warp model its)",
	NULL,
};

static char *text_of(const struct report *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	ck_assert_ptr_nonnull(f);
	report_text(f, r);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/* Returns the JSON report of R, validated against the schema, parsed. */
static cJSON *json_of(const struct report *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(report_json(f, r), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(n > 0 && buf[n - 1] == '\n', "no final newline");
	cJSON *doc = tu_check_report_json(buf);
	free(buf);
	return doc;
}

/* Asserts TEXT is exactly the lines WANT (NULL-terminated), each ended by
** a newline; names the first line that differs. */
static void expect_lines(const char *text, const char *const *want)
{
	const char *p = text;
	int i;
	for (i = 0; want[i] != NULL; i++) {
		const char *nl = strchr(p, '\n');
		ck_assert_msg(nl != NULL, "line %d missing; wanted: %s\ngot:\n%s", i + 1, want[i], text);
		ck_assert_msg((size_t)(nl - p) == strlen(want[i]) && strncmp(p, want[i], strlen(want[i])) == 0,
			      "line %d:\n got: %.*s\nwant: %s", i + 1, (int)(nl - p), p, want[i]);
		p = nl + 1;
	}
	ck_assert_msg(*p == '\0', "extra output after line %d: %s", i, p);
}


static void jexpect_str(const cJSON *doc, const char *path, const char *want)
{
	const cJSON *v = tu_jat(doc, path);
	if (want == NULL) {
		ck_assert_msg(cJSON_IsNull(v), "%s: expected null", path);
		return;
	}
	ck_assert_msg(cJSON_IsString(v), "%s: not a string", path);
	ck_assert_msg(strcmp(v->valuestring, want) == 0, "%s: '%s', expected '%s'", path,
		      v->valuestring, want);
}

static void jexpect_num(const cJSON *doc, const char *path, double want)
{
	const cJSON *v = tu_jat(doc, path);
	ck_assert_msg(cJSON_IsNumber(v), "%s: not a number", path);
	ck_assert_msg(v->valuedouble == want, "%s: %g, expected %g", path, v->valuedouble, want);
}

static void jexpect_bool(const cJSON *doc, const char *path, int want)
{
	const cJSON *v = tu_jat(doc, path);
	ck_assert_msg(cJSON_IsBool(v), "%s: not a boolean", path);
	ck_assert_msg(!cJSON_IsTrue(v) == !want, "%s: expected %s", path, want ? "true" : "false");
}

static void jexpect_len(const cJSON *doc, const char *path, int want)
{
	const cJSON *v = tu_jat(doc, path);
	ck_assert_msg(cJSON_IsArray(v), "%s: not an array", path);
	ck_assert_int_eq(cJSON_GetArraySize(v), want);
}


/* A kernel's name without its parameters keeps template arguments that
** hold parentheses (a cast enum value): what assumption warnings and
** SARIF's logical locations name. */
START_TEST(name_without_params)
{
	const char *cases[][2] = {
		{ "vadd(float*, int)", "vadd" },
		{ "void mul_mat_vec_q<(ggml_type)2, 1>(void const*, float*)",
		  "void mul_mat_vec_q<(ggml_type)2, 1>" },
		{ "void reduce<float, 256>(float const*, float*, unsigned int)", "void reduce<float, 256>" },
		{ "ns::k<(E)1>::run(int)", "ns::k<(E)1>::run" },
		{ "plain", "plain" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *s = xstrdup_no_params(cases[i][0]);
		ck_assert_str_eq(s, cases[i][1]);
		free(s);
	}
}
END_TEST
/* ---- text ------------------------------------------------------------------ */

START_TEST(text_all_kinds)
{
	struct report r;
	make_report(&r);
	char *t = text_of(&r);
	expect_lines(t, all_kinds_text);
	free(t);
	report_free(&r);
}
END_TEST

START_TEST(text_summary_variants)
{
	struct report r;
	report_init(&r);
	char *t = text_of(&r);
	expect_lines(t, (const char *const[]){
		"simulee-c: 0 errors, 0 warnings (0 findings; 0 launches, seed 0, warp model its)", NULL });
	free(t);

	/* two kernels, three launches, lockstep, a note, a location without a
	** column, a fault on an address without a name */
	r.warp_model = REPORT_LOCKSTEP;
	r.seed = 42;
	report_add_kernel(&r, "a", NULL);
	report_add_kernel(&r, "_Z1bv", "b()");
	for (uint32_t i = 0; i < 3; i++)
		report_add_launch(&r, i % 2, (struct dim3){ 1, 1, 1 }, (struct dim3){ 32, 1, 1 }, 0, 42);
	struct findings fs = { 0 };
	struct srcloc l = { "b.cu", "b()", 4, 0 };
	struct thread_id w = tid(2, 0);
	findings_add(&fs, FK_DIV_ZERO, 1, 3, &l, &w, 0, NULL, NULL);
	findings_add(&fs, FK_NULL, 1, 4, &l, &w, 0, "x[2]", NULL);
	report_take_findings(&r, &fs, 1);
	r.findings.v[0].severity = SEV_NOTE;
	t = text_of(&r);
	expect_lines(t, (const char *const[]){
		"b.cu:4: note: integer division by zero",
		"  thread (2,0,0) of block (0,0,0) in b()",
		"  1 occurrence",
		"  launch: --kernel _Z1bv --grid 1,1,1 --block 32,1,1 --shared 0 --seed 42",
		"b.cu:4: error: null pointer dereference on 'x[2]'",
		"  thread (2,0,0) of block (0,0,0) in b()",
		"  1 occurrence",
		"  launch: --kernel _Z1bv --grid 1,1,1 --block 32,1,1 --shared 0 --seed 42",
		"simulee-c: 2 kernels: 1 error, 0 warnings, 1 note (2 findings; 3 launches, seed 42, "
		"warp model lockstep)",
		NULL });
	free(t);
	cJSON *doc = json_of(&r);
	jexpect_str(doc, "warp_model", "lockstep");
	jexpect_str(doc, "kernels/0/demangled", "a");
	jexpect_num(doc, "findings/0/kernel", 1);
	jexpect_num(doc, "findings/0/launch", 1);
	jexpect_str(doc, "findings/0/severity", "note");
	jexpect_num(doc, "findings/0/locations/0/column", 0);
	jexpect_str(doc, "findings/1/where", "x[2]");
	jexpect_str(doc, "findings/1/space", NULL);
	jexpect_num(doc, "summary/notes", 1);
	cJSON_Delete(doc);
	report_free(&r);
}
END_TEST

START_TEST(launch_options_quoted)
{
	struct report r;
	report_init(&r);
	report_add_kernel(&r, "k", NULL);
	uint32_t l = report_add_launch(&r, 0, (struct dim3){ 3, 2, 1 }, (struct dim3){ 8, 4, 2 },
				       1024, 9);
	report_launch_arg(&r, l, "p", "1.5,3,7");
	report_launch_arg(&r, l, "s", "it's");
	report_launch_buffer(&r, l, "in", "f64", 64, "@/tmp/my data");
	report_launch_buffer(&r, l, "out", "u8", 16, "zero");
	report_launch_buffer(&r, l, "sparse", "u8", 0, "random");
	char *o = report_launch_options(&r, l);
	ck_assert_str_eq(o, "--kernel k --grid 3,2,1 --block 8,4,2 --shared 1024 --arg p=1.5,3,7 "
			 "--arg 's=it'\\''s' --size in=64 --type in=f64 --init 'in=@/tmp/my data' "
			 "--size out=16 --type out=u8 --seed 9");
	free(o);
	cJSON *doc = json_of(&r);
	jexpect_num(doc, "launches/0/grid/1", 2);
	jexpect_num(doc, "launches/0/block/2", 2);
	jexpect_num(doc, "launches/0/dynamic_shared", 1024);
	jexpect_str(doc, "launches/0/arguments/1/value", "it's");
	jexpect_str(doc, "launches/0/buffers/0/init", "@/tmp/my data");
	jexpect_str(doc, "launches/0/buffers/2/elements", NULL);
	jexpect_str(doc, "launches/0/buffers/2/init", "random");
	cJSON_Delete(doc);
	report_free(&r);
}
END_TEST

/* ---- severities, exit status, merging ---------------------------------------- */

START_TEST(severity_rules)
{
	for (int k = 0; k < FK__COUNT; k++) {
		struct finding f = { 0 };
		f.kind = (enum finding_kind)k;
		int warn = k == FK_REDUNDANT_BARRIER || k == FK_ASSUMPTION || k == FK_SUBSCRIPT
			   || k == FK_NOTHING_CHECKED || k == FK_REFUSED_LAUNCH;
		int note = k == FK_INCOMPLETE || k == FK_BANK_CONFLICT || k == FK_UNCOALESCED
			   || k == FK_SEARCH_SHORT;
		enum severity want = note ? SEV_NOTE : warn ? SEV_WARNING : SEV_ERROR;
		ck_assert_msg(finding_severity(&f) == want, "kind %s", finding_kind_id(f.kind));
		f.benign = 1;
		want = note ? SEV_NOTE : k == FK_RACE || warn ? SEV_WARNING : SEV_ERROR;
		ck_assert_msg(finding_severity(&f) == want, "benign %s", finding_kind_id(f.kind));
	}
}
END_TEST

START_TEST(exit_status_fail_on)
{
	struct report r;
	make_report(&r);
	static const int with_errors[] = { 1, 1, 1, 0 };
	for (int i = 0; i <= FAIL_ON_NEVER; i++) {
		r.fail_on = (enum report_fail_on)i;
		ck_assert_int_eq(report_exit_status(&r), with_errors[i]);
	}
	/* keep only the warnings: the benign race and the redundant barrier */
	uint32_t n = 0;
	for (uint32_t i = 0; i < r.findings.n; i++) {
		struct finding *f = &r.findings.v[i];
		if (f->severity == SEV_WARNING)
			r.findings.v[n++] = *f;
		else
			finding_clear(f);
	}
	r.findings.n = n;
	ck_assert_uint_eq(n, 2);
	static const int warnings_only[] = { 0, 1, 1, 0 };
	for (int i = 0; i <= FAIL_ON_NEVER; i++) {
		r.fail_on = (enum report_fail_on)i;
		ck_assert_int_eq(report_exit_status(&r), warnings_only[i]);
	}
	r.findings.v[0].severity = SEV_NOTE;
	r.findings.n = 1;
	finding_clear(&r.findings.v[1]);
	static const int note_only[] = { 0, 0, 1, 0 };
	for (int i = 0; i <= FAIL_ON_NEVER; i++) {
		r.fail_on = (enum report_fail_on)i;
		ck_assert_int_eq(report_exit_status(&r), note_only[i]);
	}
	r.findings.n = 0;
	finding_clear(&r.findings.v[0]);
	for (int i = 0; i <= FAIL_ON_NEVER; i++) {
		r.fail_on = (enum report_fail_on)i;
		ck_assert_int_eq(report_exit_status(&r), 0);
	}
	report_free(&r);
}
END_TEST

START_TEST(parse_names)
{
	enum report_fail_on fo;
	enum report_format fm;
	static const char *const fons[] = { "error", "warning", "note", "never" };
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(report_parse_fail_on(fons[i], &fo), 0);
		ck_assert_int_eq(fo, i);
		ck_assert_str_eq(report_fail_on_name(fo), fons[i]);
	}
	ck_assert_int_eq(report_parse_fail_on("errors", &fo), -1);
	ck_assert_int_eq(report_parse_fail_on("", &fo), -1);
	ck_assert_int_eq(report_parse_format("json", &fm), 0);
	ck_assert_int_eq(fm, REPORT_JSON);
	ck_assert_int_eq(report_parse_format("text", &fm), 0);
	ck_assert_int_eq(fm, REPORT_TEXT);
	ck_assert_int_eq(report_parse_format("sarif", &fm), 0);
	ck_assert_int_eq(fm, REPORT_SARIF);
	ck_assert_int_eq(report_parse_format("SARIF", &fm), -1);
	ck_assert_int_eq(report_parse_format("JSON", &fm), -1);
}
END_TEST

/* A finding seen first outside the contract and then under a stronger one
** takes the stronger launch as its witness (its threads and place too),
** the counts of both add up, and only the listed ones count: hidden
** findings are one line and never set the exit status. */
START_TEST(take_findings_stronger_contract)
{
	struct report r;
	report_init(&r);
	report_add_kernel(&r, "k", NULL);
	for (int i = 0; i < 2; i++)
		report_add_launch(&r, 0, (struct dim3){ 1, 1, 1 }, (struct dim3){ 64, 1, 1 }, 0, 1);
	report_launch_contract(&r, 0, CL_NONE);
	report_launch_contract(&r, 1, CL_HOST);
	struct findings fs = { 0 };
	struct finding *f = race(&fs, 1, at(3, 1), tid(0, 0), AK_WRITE, 2, at(4, 1), tid(1, 0),
				 AK_WRITE, AS_SHARED, "s[0]");
	f->count = 5;
	f->addresses = 4;
	report_take_findings(&r, &fs, 0);
	struct srcloc l = at(9, 1);
	findings_add(&fs, FK_OOB, 0, 9, &l, NULL, 0, "shared 's[300]'", NULL);
	report_take_findings(&r, &fs, 0);
	ck_assert_uint_eq(report_hidden(&r, 0), 2);
	ck_assert_int_eq(report_exit_status(&r), 0);

	f = race(&fs, 1, at(3, 1), tid(7, 0), AK_WRITE, 2, at(4, 1), tid(8, 0), AK_WRITE,
		 AS_SHARED, "s[1]");
	f->count = 2;
	f->addresses = 9;
	report_take_findings(&r, &fs, 1);
	ck_assert_uint_eq(r.findings.n, 2);
	const struct finding *a = &r.findings.v[0];
	ck_assert_uint_eq(a->launch, 1);
	ck_assert_int_eq(a->contract, CL_HOST);
	ck_assert_str_eq(a->where, "s[1]");
	ck_assert_uint_eq(a->who.thread[0], 7);
	ck_assert_uint_eq(a->count, 7);
	ck_assert_uint_eq(a->addresses, 9);
	ck_assert_uint_eq(report_hidden(&r, 0), 1);
	ck_assert_int_eq(report_exit_status(&r), 1);
	char *t = text_of(&r);
	ck_assert_msg(strstr(t, "  contract: host (a launch the host code makes)\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, "simulee-c: k: outside the kernel's contract: 1 more finding, "
			      "--contract=any to list them\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, "out-of-bounds") == NULL, "%s", t);
	free(t);
	r.show = CL_NONE;
	t = text_of(&r);
	ck_assert_msg(strstr(t, "out-of-bounds access on shared 's[300]'") != NULL, "%s", t);
	free(t);
	report_free(&r);
}
END_TEST

/* The same race found by two launches is one finding; a new one keeps the
** launch that exposed it. */
START_TEST(take_findings_merges)
{
	struct report r;
	report_init(&r);
	report_add_kernel(&r, "k", NULL);
	for (int i = 0; i < 3; i++)
		report_add_launch(&r, 0, (struct dim3){ 1, 1, 1 }, (struct dim3){ 32 + 32 * (uint32_t)i, 1, 1 }, 0, 1);
	struct findings fs = { 0 };
	struct finding *f = race(&fs, 1, at(3, 1), tid(0, 0), AK_WRITE, 2, at(4, 1), tid(1, 0),
				 AK_WRITE, AS_SHARED, "s[0]");
	f->benign = 1;
	f->its_only = 1;
	f->count = 5;
	f->addresses = 4;
	f->thread_pairs = 10;
	struct srcloc l = at(9, 1);
	f = findings_add(&fs, FK_REDUNDANT_BARRIER, 0, 9, &l, NULL, 0, NULL, NULL);
	f->launches = 1;
	f->executions = 32;
	report_take_findings(&r, &fs, 0);

	f = race(&fs, 1, at(3, 1), tid(7, 0), AK_WRITE, 2, at(4, 1), tid(8, 0), AK_WRITE,
		 AS_SHARED, "s[1]");
	f->benign = 0;		/* this launch wrote different values */
	f->its_only = 1;
	f->count = 2;
	f->addresses = 9;
	f->thread_pairs = 3;
	/* another object: a different finding */
	f = race(&fs, 1, at(3, 1), tid(7, 0), AK_WRITE, 5, at(6, 1), tid(8, 0), AK_READ,
		 AS_SHARED, "u[2]");
	f->hazard = HZ_RAW;
	f = findings_add(&fs, FK_REDUNDANT_BARRIER, 0, 9, &l, NULL, 0, NULL, NULL);
	f->launches = 1;
	f->executions = 64;
	report_take_findings(&r, &fs, 2);

	ck_assert_uint_eq(r.findings.n, 3);
	const struct finding *a = &r.findings.v[0], *b = &r.findings.v[1], *c = &r.findings.v[2];
	ck_assert_uint_eq(a->count, 7);
	ck_assert_uint_eq(a->addresses, 9);
	ck_assert_uint_eq(a->thread_pairs, 10);
	ck_assert_int_eq(a->benign, 0);
	ck_assert_int_eq(a->its_only, 1);
	ck_assert_int_eq(a->severity, SEV_ERROR);
	ck_assert_uint_eq(a->launch, 0);
	ck_assert_str_eq(a->where, "s[0]");
	ck_assert_int_eq(b->kind, FK_REDUNDANT_BARRIER);
	ck_assert_uint_eq(b->launches, 2);
	ck_assert_uint_eq(b->executions, 96);
	ck_assert_uint_eq(b->count, 2);
	ck_assert_int_eq(b->severity, SEV_WARNING);
	ck_assert_uint_eq(c->launch, 2);
	ck_assert_uint_eq(c->second.pc, 5);
	char *t = text_of(&r);
	ck_assert_msg(strstr(t, "  launch: --kernel k --grid 1,1,1 --block 96,1,1 --shared 0 --seed 1\n"
			      "simulee-c: k: 2 errors, 1 warning (3 findings; 3 launches, seed 0, warp model its)\n")
		      != NULL, "%s", t);
	free(t);
	cJSON *doc = json_of(&r);
	jexpect_num(doc, "findings/2/launch", 2);
	jexpect_num(doc, "findings/1/counts/launches", 2);
	cJSON_Delete(doc);
	report_free(&r);
}
END_TEST

/* Adds uninitialized read or out-of-bounds KIND at (PC, line LINE) of
** WHERE (shared) to FS. */
static void single(struct findings *fs, enum finding_kind kind, uint32_t pc, uint32_t line,
		   const char *where, uint64_t count)
{
	struct srcloc l = at(line, pc);
	struct thread_id w = tid(pc, 0);
	struct finding *f = findings_add(fs, kind, 0, pc, &l, &w, 0, where, NULL);
	f->space = AS_SHARED;
	f->count = count;
}

/* The report FS1 then FS2 (launches 0 and 1 of one kernel) make. */
static void grouped(struct report *r, void (*fill)(struct findings *, int), int order)
{
	report_init(r);
	report_add_kernel(r, "k", NULL);
	report_add_kernel(r, "k2", NULL);
	report_add_launch(r, 0, (struct dim3){ 1, 1, 1 }, (struct dim3){ 64, 1, 1 }, 0, 1);
	report_add_launch(r, 0, (struct dim3){ 1, 1, 1 }, (struct dim3){ 64, 1, 1 }, 0, 2);
	report_add_launch(r, 1, (struct dim3){ 1, 1, 1 }, (struct dim3){ 64, 1, 1 }, 0, 3);
	for (int l = 0; l < 3; l++) {
		struct findings fs = { 0 };
		fill(&fs, order ? 2 - l : l);
		report_take_findings(r, &fs, (uint32_t)(order ? 2 - l : l));
	}
}

/* One missing barrier: a write at line 3 and reads at lines 5 and 6 of
** s, the reads uninitialized; an unrelated race on s at lines 10 and 11;
** two uninitialized reads of t at line 7; out-of-bounds accesses of s and
** t at line 8; in another kernel, the first race again. */
static void one_mistake(struct findings *fs, int launch)
{
	struct finding *f;
	switch (launch) {
	case 0:
		f = race(fs, 1, at(3, 1), tid(0, 0), AK_WRITE, 2, at(5, 1), tid(33, 0), AK_READ,
			 AS_SHARED, "s[1]");
		f->count = 4;
		race(fs, 20, at(10, 1), tid(0, 0), AK_WRITE, 21, at(11, 1), tid(40, 0), AK_WRITE,
		     AS_SHARED, "s[9]");
		single(fs, FK_UNINIT, 2, 5, "s[1]", 3);
		single(fs, FK_UNINIT, 9, 7, "t[0]", 1);
		single(fs, FK_OOB, 12, 8, "s[300]", 1);
		break;
	case 1:
		/* a read at line 6 first seen apart from the others */
		single(fs, FK_UNINIT, 3, 6, "s[2]", 2);
		race(fs, 1, at(3, 1), tid(0, 0), AK_WRITE, 3, at(6, 1), tid(34, 0), AK_READ,
		     AS_SHARED, "s[2]")->count = 5;
		single(fs, FK_UNINIT, 10, 7, "t[1]", 1);
		single(fs, FK_OOB, 13, 8, "t[300]", 1);
		f = race(fs, 2, at(5, 1), tid(33, 0), AK_READ, 1, at(3, 1), tid(0, 0), AK_WRITE,
			 AS_SHARED, "s[1]");
		f->count = 1;
		break;
	default:
		race(fs, 1, at(3, 1), tid(0, 0), AK_WRITE, 2, at(5, 1), tid(33, 0), AK_READ,
		     AS_SHARED, "s[1]");
		break;
	}
}

/* One finding per mistake (report/group.c): races on one object that
** share a statement, the uninitialized reads they explain, the reads and
** the out-of-bounds accesses of one statement and object; never across
** objects or kernels. */
START_TEST(groups_one_mistake)
{
	struct report r;
	grouped(&r, one_mistake, 0);
	ck_assert_uint_eq(r.findings.n, 6);
	const struct finding *g = &r.findings.v[0];
	ck_assert_int_eq(g->kind, FK_RACE);
	ck_assert_uint_eq(g->nmembers, 4);	/* two races, two reads they explain */
	ck_assert_uint_eq(g->pc, 1);
	ck_assert_uint_eq(g->second.pc, 2);
	ck_assert_uint_eq(g->count, 4 + 1 + 5);	/* the races' occurrences */
	ck_assert_uint_eq(g->launch, 0);
	ck_assert_int_eq(g->severity, SEV_ERROR);
	ck_assert_int_eq(r.findings.v[1].kind, FK_RACE);	/* lines 10-11: another mistake */
	ck_assert_uint_eq(r.findings.v[1].nmembers, 1);
	ck_assert_int_eq(r.findings.v[2].kind, FK_UNINIT);	/* t at line 7: one finding */
	ck_assert_uint_eq(r.findings.v[2].nmembers, 2);
	ck_assert_uint_eq(r.findings.v[2].count, 2);
	ck_assert_int_eq(r.findings.v[3].kind, FK_OOB);	/* s and t at line 8: two */
	ck_assert_int_eq(r.findings.v[4].kind, FK_OOB);
	ck_assert_int_eq(r.findings.v[5].kind, FK_RACE);	/* the other kernel's */
	ck_assert_uint_eq(r.findings.v[5].launch, 2);
	uint32_t errors;
	report_count(&r, &errors, NULL, NULL, NULL);
	ck_assert_uint_eq(errors, 6);

	char *t = text_of(&r);
	ck_assert_msg(strstr(t, "  the same mistake at 3 more sites of shared 's':\n"
			      "    read at k.cu:5:2 of 's[1]': uninitialized (the race explains it), "
			      "3 occurrences\n"
			      "    read at k.cu:6:3 of 's[2]': uninitialized (the race explains it), "
			      "2 occurrences\n"
			      "    write at k.cu:3:1, read at k.cu:6:1: intra-warp, RAW, 5 occurrences\n"
			      "  10 occurrences") != NULL, "%s", t);
	free(t);
	cJSON *doc = json_of(&r);
	jexpect_len(doc, "findings", 6);
	jexpect_len(doc, "findings/0/members", 4);
	jexpect_str(doc, "findings/0/members/1/kind", "uninitialized-read");
	jexpect_num(doc, "findings/0/members/3/counts/occurrences", 5);
	jexpect_num(doc, "findings/0/members/3/launch", 1);
	cJSON_Delete(doc);

	/* the same launches in the other order: the same groups, and the
	** same fingerprints (a group is its least member) */
	struct report o;
	grouped(&o, one_mistake, 1);
	ck_assert_uint_eq(o.findings.n, 6);
	for (uint32_t i = 0; i < r.findings.n; i++) {
		const struct finding *a = &r.findings.v[i];
		int found = 0;
		char *fa = report_fingerprint(&r, a);
		for (uint32_t j = 0; j < o.findings.n; j++) {
			char *fb = report_fingerprint(&o, &o.findings.v[j]);
			if (strcmp(fa, fb) == 0) {
				found = 1;
				ck_assert_uint_eq(o.findings.v[j].nmembers, a->nmembers);
			}
			free(fb);
		}
		ck_assert_msg(found, "finding %u has no twin", (unsigned)i);
		free(fa);
	}
	report_free(&o);
	report_free(&r);
}
END_TEST

/* Sets of threads as compact coordinate ranges. */
START_TEST(thread_sets)
{
	static const struct {
		uint32_t bdim[3];
		uint32_t t0, t1, step;		/* a first run of threads */
		uint32_t u0, u1, ustep;		/* a second one (ustep 0: none) */
		uint32_t max;
		const char *want;
	} cases[] = {
		{ { 64, 1, 1 }, 0, 63, 1, 0, 0, 0, 8, "(0..63,0,0)" },
		{ { 64, 1, 1 }, 0, 62, 2, 0, 0, 0, 8, "(0..62 step 2,0,0)" },
		{ { 64, 1, 1 }, 5, 5, 1, 0, 0, 0, 8, "(5,0,0)" },
		{ { 64, 1, 1 }, 0, 0, 1, 5, 7, 1, 8, "(0,0,0), (5..7,0,0)" },
		{ { 64, 1, 1 }, 0, 4, 4, 0, 0, 0, 8, "(0,0,0), (4,0,0)" },
		{ { 64, 1, 1 }, 0, 60, 4, 1, 61, 4, 2, "(0..1,0,0), (4..5,0,0) and 14 more ranges" },
		{ { 32, 4, 1 }, 0, 63, 1, 0, 0, 0, 8, "(0..31,0..1,0)" },
		{ { 32, 4, 1 }, 64, 127, 1, 0, 0, 0, 8, "(0..31,2..3,0)" },
		{ { 8, 2, 1 }, 0, 3, 1, 12, 15, 1, 8, "(0..3,0,0), (4..7,1,0)" },
		{ { 4, 2, 3 }, 0, 23, 1, 0, 0, 0, 8, "(0..3,0..1,0..2)" },
		{ { 4, 2, 3 }, 0, 7, 1, 16, 23, 1, 8, "(0..3,0..1,0), (0..3,0..1,2)" },
		/* two values are two ranges, three or more a strided one */
		{ { 4, 2, 3 }, 1, 23, 2, 0, 0, 0, 8, "(1,0..1,0..2), (3,0..1,0..2)" },
		{ { 8, 2, 1 }, 1, 15, 2, 0, 0, 0, 8, "(1..7 step 2,0..1,0)" },
		{ { 1024, 1, 1 }, 1023, 1023, 1, 0, 0, 0, 8, "(1023,0,0)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint32_t mask[32] = { 0 };
		set_threads(mask, cases[i].t0, cases[i].t1, cases[i].step);
		if (cases[i].ustep)
			set_threads(mask, cases[i].u0, cases[i].u1, cases[i].ustep);
		char *t = report_thread_set(mask, cases[i].bdim, cases[i].max);
		ck_assert_msg(strcmp(t, cases[i].want) == 0, "case %zu: '%s', expected '%s'", i, t,
			      cases[i].want);
		free(t);
	}
}
END_TEST

/* A divergence at barrier PC (line LINE) alone, first seen in block 0 of a
** block of 64: threads 0..GONE-1 wait there, GONE..63 have exited. */
static struct finding *lone_divergence(struct findings *fs, uint32_t pc, uint32_t line,
				       uint32_t gone)
{
	int isnew;
	struct finding *f = findings_get_pair(fs, FK_BARRIER_DIVERGENCE, 0, pc, FINDING_NO_SITE,
					      FINDING_NO_SITE, &isnew);
	ck_assert_int_eq(isnew, 1);
	f->loc = at(line, 3);
	f->who = tid(0, 0);
	f->count = 1;
	struct divergence *d = xcalloc(1, sizeof *d);
	d->bdim[0] = 64;
	d->bdim[1] = d->bdim[2] = 1;
	d->ngroups = 2;
	d->groups = xcalloc(2, sizeof *d->groups);
	d->groups[0].state = BD_WAITING;
	d->groups[0].loc = at(line, 3);
	d->groups[0].nthreads = gone;
	set_threads(d->groups[0].mask, 0, gone - 1, 1);
	d->groups[1].state = BD_EXITED;
	d->groups[1].loc = at(40, 1);
	d->groups[1].nthreads = 64 - gone;
	set_threads(d->groups[1].mask, gone, 63, 1);
	f->div = d;
	return f;
}

/* A loop whose trip count differs by thread (docs/DECISIONS.md, "A loop
** left early is one mistake"): launch 0 diverges at the loop's barriers
** at lines 17 and 19 with the same threads gone, and reads a slot of s at
** line 18 that a gone thread never wrote; launch 1 reads t at line 25 with
** no divergence before it, and diverges at line 30 with other threads
** gone. */
static void loop_left_early(struct findings *fs, int launch)
{
	struct finding *f;
	if (launch == 0) {
		lone_divergence(fs, 55, 17, 48);
		single(fs, FK_UNINIT, 56, 18, "s[50]", 7);
		f = findings_find(fs, FK_UNINIT, 0, 56);
		f->after_divergence = 1;
		f->div_func = 0;
		f->div_pc = 55;
		lone_divergence(fs, 57, 19, 48);
	} else if (launch == 1) {
		single(fs, FK_UNINIT, 60, 25, "t[3]", 2);
		lone_divergence(fs, 70, 30, 16);
	}
}

/* The barriers of a loop some threads left early, and the reads of what
** they never wrote, are one finding; a read with no divergence before it
** and a divergence with other threads gone are not. */
START_TEST(groups_loop_left_early)
{
	struct report r;
	grouped(&r, loop_left_early, 0);
	ck_assert_uint_eq(r.findings.n, 3);
	const struct finding *g = &r.findings.v[0];
	ck_assert_int_eq(g->kind, FK_BARRIER_DIVERGENCE);
	ck_assert_uint_eq(g->nmembers, 3);
	ck_assert_uint_eq(g->pc, 55);
	ck_assert_uint_eq(g->count, 2);	/* the divergences' occurrences */
	ck_assert_int_eq(r.findings.v[1].kind, FK_UNINIT);
	ck_assert_uint_eq(r.findings.v[1].nmembers, 1);
	ck_assert_int_eq(r.findings.v[2].kind, FK_BARRIER_DIVERGENCE);
	ck_assert_uint_eq(r.findings.v[2].pc, 70);
	uint32_t errors;
	report_count(&r, &errors, NULL, NULL, NULL);
	ck_assert_uint_eq(errors, 3);
	char *t = text_of(&r);
	ck_assert_msg(strstr(t, "  the same mistake at 2 more sites:\n"
			      "    read at k.cu:18:56 of 's[50]': uninitialized (the divergence "
			      "explains it), 7 occurrences\n"
			      "    barrier at k.cu:19:3, 1 occurrence\n") != NULL, "%s", t);
	free(t);
	cJSON *doc = json_of(&r);
	jexpect_len(doc, "findings/0/members", 3);
	jexpect_str(doc, "findings/0/members/1/kind", "uninitialized-read");
	cJSON_Delete(doc);
	report_free(&r);

	/* the other way round: the read first, then the divergences */
	grouped(&r, loop_left_early, 1);
	ck_assert_uint_eq(r.findings.n, 3);
	for (uint32_t i = 0; i < r.findings.n; i++)
		if (r.findings.v[i].nmembers == 3)
			ck_assert_int_eq(r.findings.v[i].kind, FK_BARRIER_DIVERGENCE);
	report_free(&r);
}
END_TEST

/* Launch 0: four fields of one element of f, each statement racing
** between the same two threads over the same footprint; a fifth
** statement between other threads; out-of-bounds accesses of g at lines
** 30 and 31 by one thread as many times, and at line 32 as often by
** another.  Launch 1: lines 40 and 41 race between the same threads over
** different footprints. */
static void footprints(struct findings *fs, int launch)
{
	struct finding *f;
	switch (launch) {
	case 0:
		for (uint32_t i = 0; i < 5; i++) {
			/* the fifth (line 25) between threads 30 and 1 */
			uint32_t t = i < 4 ? 31 : 30, line = i < 4 ? 19 + i : 25;
			f = race(fs, 1 + i, at(line, 2), tid(t, 0), AK_WRITE, 1 + i, at(line, 2),
				 tid(31 - t, 1), AK_READ, AS_GLOBAL, i < 4 ? "f[124]" : "f[125]");
			f->race_class = RC_INTER_BLOCK;
			f->addresses = 6;
			f->thread_pairs = 6;
		}
		for (uint32_t i = 0; i < 3; i++) {
			struct srcloc l = at(30 + i, 4);
			struct thread_id w = tid(i < 2 ? 7 : 8, 2);
			f = findings_add(fs, FK_OOB, 0, 20 + i, &l, &w, 0, "g[64]", NULL);
			f->space = AS_GLOBAL;
			f->count = 96;
		}
		break;
	case 1:
		for (uint32_t i = 0; i < 2; i++) {
			f = race(fs, 40 + i, at(40 + i, 2), tid(3, 0), AK_WRITE, 40 + i,
				 at(40 + i, 2), tid(4, 0), AK_WRITE, AS_GLOBAL, "h[0]");
			f->addresses = 1 + i;
		}
		break;
	default:
		break;
	}
}

/* Statements one launch first saw between the same two threads over the
** same footprint (the fields of one element) are one finding, and so are
** out-of-bounds accesses first seen at one thread as many times
** (report/group.c same_footprint); other threads or footprints are not. */
START_TEST(groups_same_footprint)
{
	for (int order = 0; order < 2; order++) {
		struct report r;
		grouped(&r, footprints, order);
		ck_assert_uint_eq(r.findings.n, 6);
		uint32_t fields = 0, oob2 = 0, singles = 0;
		for (uint32_t i = 0; i < r.findings.n; i++) {
			const struct finding *g = &r.findings.v[i];
			if (g->kind == FK_RACE && g->nmembers == 4) {
				fields++;
				ck_assert_uint_eq(g->loc.line, 19);
				ck_assert_uint_eq(g->count, 4);
			} else if (g->kind == FK_OOB && g->nmembers == 2) {
				oob2++;
				ck_assert_uint_eq(g->count, 192);
			} else {
				ck_assert_uint_eq(g->nmembers, 1);
				singles++;
			}
		}
		ck_assert_uint_eq(fields, 1);
		ck_assert_uint_eq(oob2, 1);
		ck_assert_uint_eq(singles, 4);	/* line 25, line 32, lines 40 and 41 */
		report_free(&r);
	}
}
END_TEST

/* A divergence found again with its two barriers the other way round is
** the same finding; a divergence at one of its barriers alone joins it
** (report/group.c), listed as a member. */
START_TEST(divergence_merges)
{
	struct report r;
	report_init(&r);
	report_add_kernel(&r, "k", NULL);
	for (int i = 0; i < 2; i++)
		report_add_launch(&r, 0, (struct dim3){ 1, 1, 1 }, (struct dim3){ 64, 1, 1 }, 0, 1);
	struct findings fs = { 0 };
	divergence(&fs);
	report_take_findings(&r, &fs, 0);
	int isnew;
	struct finding *f = findings_get_pair(&fs, FK_BARRIER_DIVERGENCE, 0, 57, 0, 55, &isnew);
	f->count = 3;
	f->loc = at(19, 3);
	f->second.loc = at(17, 3);
	/* the barrier alone: the same mistake */
	f = findings_get_pair(&fs, FK_BARRIER_DIVERGENCE, 0, 57, FINDING_NO_SITE, FINDING_NO_SITE,
			      &isnew);
	f->count = 1;
	f->loc = at(19, 3);
	f->who = tid(2, 0);
	report_take_findings(&r, &fs, 1);
	ck_assert_uint_eq(r.findings.n, 1);
	ck_assert_uint_eq(r.findings.v[0].nmembers, 2);
	ck_assert_uint_eq(r.findings.v[0].members[0].count, 4);
	ck_assert_uint_eq(r.findings.v[0].count, 5);
	ck_assert_uint_eq(r.findings.v[0].launch, 0);
	ck_assert_ptr_nonnull(r.findings.v[0].div);
	ck_assert_ptr_nonnull(r.findings.v[0].members[0].div);
	ck_assert_uint_eq(r.findings.v[0].members[1].launch, 1);
	char *t = text_of(&r);
	ck_assert_msg(strstr(t, "  the same mistake at 1 more barrier:\n"
			      "    barrier at k.cu:19:3, 1 occurrence\n"
			      "  5 occurrences\n") != NULL, "%s", t);
	free(t);
	cJSON *doc = json_of(&r);
	jexpect_len(doc, "findings", 1);
	jexpect_len(doc, "findings/0/members/1/locations", 1);
	jexpect_str(doc, "findings/0/members/1/divergence", NULL);
	jexpect_len(doc, "findings/0/members/0/locations", 2);
	jexpect_num(doc, "findings/0/counts/occurrences", 5);
	cJSON_Delete(doc);
	report_free(&r);
}
END_TEST

START_TEST(where_split)
{
	struct findings fs = { 0 };
	struct srcloc l = at(1, 1);
	static const struct { const char *in, *where; uint8_t space; } cases[] = {
		{ "shared 's[3]'", "s[3]", AS_SHARED },
		{ "global 'p[16]'", "p[16]", AS_GLOBAL },
		{ "local 'buf[0]'", "buf[0]", AS_LOCAL },
		{ "constant 'c[7]'", "c[7]", AS_CONST },
		{ "param 'param[0]'", "param[0]", AS_PARAM },
		{ "x[1]", "x[1]", 0 },
		{ "weird 'a[1]'", "weird 'a[1]'", 0 },
		{ "shared ''", "shared ''", 0 },
		{ "shared 'x", "shared 'x", 0 },
	};
	for (uint32_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct finding *f = findings_add(&fs, FK_OOB, 0, i, &l, NULL, 1, cases[i].in, NULL);
		ck_assert_str_eq(f->where, cases[i].where);
		ck_assert_int_eq(f->space, cases[i].space);
	}
	findings_free(&fs);
}
END_TEST

/* ---- JSON ------------------------------------------------------------------ */

START_TEST(json_all_kinds)
{
	struct report r;
	make_report(&r);
	cJSON *doc = json_of(&r);
	jexpect_str(doc, "schema", "simulee-c/report");
	jexpect_num(doc, "version", 1);
	jexpect_str(doc, "tool/name", "simulee-c");
	jexpect_str(doc, "tool/version", "0.1.0");
	jexpect_str(doc, "tool/llvm", "19.1.7");
	jexpect_str(doc, "input", "k.bc");
	jexpect_num(doc, "seed", 7);
	jexpect_str(doc, "warp_model", "its");
	jexpect_str(doc, "fail_on", "error");
	jexpect_str(doc, "kernels/0/name", "_Z6reducePi");
	jexpect_str(doc, "kernels/0/demangled", "reduce(int*)");
	jexpect_num(doc, "launches/0/kernel", 0);
	jexpect_num(doc, "launches/0/grid/0", 2);
	jexpect_num(doc, "launches/0/block/0", 64);
	jexpect_num(doc, "launches/0/dynamic_shared", 256);
	jexpect_num(doc, "launches/0/seed", 7);
	jexpect_str(doc, "launches/0/arguments/0/name", "n");
	jexpect_str(doc, "launches/0/arguments/0/value", "64");
	jexpect_str(doc, "launches/0/buffers/0/type", "i32");
	jexpect_num(doc, "launches/0/buffers/0/elements", 128);
	jexpect_str(doc, "launches/0/buffers/1/init", "zero");
	jexpect_str(doc, "launches/0/options", &LAUNCH[strlen("  launch: ")]);
	jexpect_len(doc, "findings", 8);

	/* 1: the inter-warp RAW race */
	jexpect_num(doc, "findings/0/id", 1);
	jexpect_str(doc, "findings/0/kind", "data-race");
	jexpect_str(doc, "findings/0/severity", "error");
	jexpect_str(doc, "findings/0/message", "data race on shared 's[33]' between a write and a read");
	jexpect_num(doc, "findings/0/kernel", 0);
	jexpect_num(doc, "findings/0/launch", 0);
	jexpect_len(doc, "findings/0/locations", 2);
	jexpect_str(doc, "findings/0/locations/0/file", "k.cu");
	jexpect_num(doc, "findings/0/locations/0/line", 9);
	jexpect_num(doc, "findings/0/locations/0/column", 7);
	jexpect_str(doc, "findings/0/locations/0/function", "reduce(int*)");
	jexpect_num(doc, "findings/0/locations/1/line", 12);
	jexpect_num(doc, "findings/0/locations/1/column", 5);
	jexpect_num(doc, "findings/0/threads/0/thread/0", 1);
	jexpect_num(doc, "findings/0/threads/1/thread/0", 33);
	jexpect_num(doc, "findings/0/threads/1/block/0", 0);
	jexpect_str(doc, "findings/0/accesses/0", "write");
	jexpect_str(doc, "findings/0/accesses/1", "read");
	jexpect_str(doc, "findings/0/space", "shared");
	jexpect_str(doc, "findings/0/where", "s[33]");
	jexpect_str(doc, "findings/0/address", "0x300000084");
	jexpect_str(doc, "findings/0/class", "inter-warp");
	jexpect_str(doc, "findings/0/hazard", "RAW");
	jexpect_bool(doc, "findings/0/its_only", 0);
	jexpect_bool(doc, "findings/0/benign", 0);
	jexpect_str(doc, "findings/0/detail", NULL);
	jexpect_num(doc, "findings/0/counts/occurrences", 2);
	jexpect_num(doc, "findings/0/counts/addresses", 1);
	jexpect_num(doc, "findings/0/counts/thread_pairs", 32);

	/* 2: benign; 3: its-only; 4: inter-block with an atomic */
	jexpect_str(doc, "findings/1/severity", "warning");
	jexpect_bool(doc, "findings/1/benign", 1);
	jexpect_str(doc, "findings/1/class", "intra-warp");
	jexpect_str(doc, "findings/1/hazard", "WAW");
	jexpect_num(doc, "findings/1/threads/1/block/0", 1);
	jexpect_bool(doc, "findings/2/its_only", 1);
	jexpect_str(doc, "findings/2/hazard", "WAR");
	jexpect_str(doc, "findings/2/space", "global");
	jexpect_str(doc, "findings/3/class", "inter-block");
	jexpect_str(doc, "findings/3/accesses/0", "atomic-write");
	jexpect_str(doc, "findings/3/locations/0/function", "add(int*, int)");

	/* 5: redundant barrier */
	jexpect_str(doc, "findings/4/kind", "redundant-barrier");
	jexpect_str(doc, "findings/4/severity", "warning");
	jexpect_len(doc, "findings/4/locations", 1);
	jexpect_len(doc, "findings/4/accesses", 0);
	jexpect_str(doc, "findings/4/class", NULL);
	jexpect_str(doc, "findings/4/where", NULL);
	jexpect_num(doc, "findings/4/counts/launches", 10);
	jexpect_num(doc, "findings/4/counts/executions", 640);

	/* 6: barrier divergence: the two barriers, and where every thread was */
	jexpect_str(doc, "findings/5/kind", "barrier-divergence");
	jexpect_len(doc, "findings/5/locations", 2);
	jexpect_num(doc, "findings/5/locations/0/line", 17);
	jexpect_num(doc, "findings/5/locations/1/line", 19);
	jexpect_num(doc, "findings/5/threads/1/thread/0", 16);
	jexpect_str(doc, "findings/5/detail", "16 threads wait here; 16 exited, 16 wait at another "
		    "barrier, 16 are stuck elsewhere");
	jexpect_num(doc, "findings/5/divergence/block/0", 0);
	jexpect_len(doc, "findings/5/divergence/groups", 4);
	jexpect_str(doc, "findings/5/divergence/groups/0/state", "waiting");
	jexpect_num(doc, "findings/5/divergence/groups/0/location/line", 17);
	jexpect_num(doc, "findings/5/divergence/groups/0/count", 16);
	jexpect_str(doc, "findings/5/divergence/groups/0/threads", "(0..15,0,0)");
	jexpect_len(doc, "findings/5/divergence/groups/0/ranges", 1);
	jexpect_num(doc, "findings/5/divergence/groups/0/ranges/0/1", 15);
	jexpect_len(doc, "findings/5/divergence/groups/0/partial_warps", 1);
	jexpect_num(doc, "findings/5/divergence/groups/0/partial_warps/0/warp", 0);
	jexpect_len(doc, "findings/5/divergence/groups/0/partial_warps/0/lanes", 16);
	jexpect_num(doc, "findings/5/divergence/groups/1/partial_warps/0/lanes/0", 16);
	jexpect_str(doc, "findings/5/divergence/groups/1/state", "other-barrier");
	jexpect_num(doc, "findings/5/divergence/groups/1/location/column", 3);
	jexpect_str(doc, "findings/5/divergence/groups/2/state", "exited");
	jexpect_num(doc, "findings/5/divergence/groups/2/location/line", 22);
	jexpect_num(doc, "findings/5/divergence/groups/2/ranges/0/0", 32);
	jexpect_num(doc, "findings/5/divergence/groups/2/ranges/0/2", 2);
	jexpect_len(doc, "findings/5/divergence/groups/2/partial_warps", 0);
	jexpect_str(doc, "findings/5/divergence/groups/3/state", "elsewhere");
	jexpect_str(doc, "findings/5/divergence/groups/3/location", NULL);
	jexpect_str(doc, "findings/5/divergence/groups/3/threads", "(33..63 step 2,0,0)");
	jexpect_str(doc, "findings/4/divergence", NULL);
	jexpect_str(doc, "findings/0/divergence", NULL);

	/* 7: out-of-bounds, 8: step budget without a file */
	jexpect_str(doc, "findings/6/kind", "out-of-bounds");
	jexpect_str(doc, "findings/6/space", "global");
	jexpect_str(doc, "findings/6/where", "p[128]");
	jexpect_str(doc, "findings/6/address", "0x20000000200");
	jexpect_num(doc, "findings/6/counts/occurrences", 2);
	jexpect_str(doc, "findings/6/class", NULL);
	jexpect_bool(doc, "findings/6/benign", 0);
	jexpect_str(doc, "findings/7/kind", "step-budget");
	jexpect_str(doc, "findings/7/locations/0/file", NULL);
	jexpect_num(doc, "findings/7/locations/0/line", 0);
	jexpect_str(doc, "findings/7/address", NULL);

	jexpect_len(doc, "barriers", 1);
	jexpect_str(doc, "barriers/0/verdict", "needed");
	jexpect_num(doc, "barriers/0/location/line", 11);
	jexpect_num(doc, "barriers/0/executions", 2);
	jexpect_num(doc, "summary/barriers_not_covered", 0);
	jexpect_num(doc, "summary/findings", 8);
	jexpect_num(doc, "summary/errors", 6);
	jexpect_num(doc, "summary/warnings", 2);
	jexpect_num(doc, "summary/notes", 0);
	jexpect_num(doc, "summary/benign_races", 1);
	jexpect_num(doc, "summary/exit_status", 1);
	cJSON_Delete(doc);

	r.fail_on = FAIL_ON_NEVER;
	doc = json_of(&r);
	jexpect_str(doc, "fail_on", "never");
	jexpect_num(doc, "summary/exit_status", 0);
	cJSON_Delete(doc);
	report_free(&r);
}
END_TEST

/* Every message in the JSON is the text line's message. */
START_TEST(json_messages_match_text)
{
	struct report r;
	make_report(&r);
	cJSON *doc = json_of(&r);
	char *t = text_of(&r);
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		const cJSON *m = cJSON_GetObjectItemCaseSensitive(f, "message");
		const cJSON *s = cJSON_GetObjectItemCaseSensitive(f, "severity");
		char line[512];
		snprintf(line, sizeof line, ": %s: %s\n", s->valuestring, m->valuestring);
		ck_assert_msg(strstr(t, line) != NULL, "no text line ending in '%s'", line);
	}
	free(t);
	cJSON_Delete(doc);
	report_free(&r);
}
END_TEST

START_TEST(json_empty)
{
	struct report r;
	report_init(&r);
	cJSON *doc = json_of(&r);
	jexpect_len(doc, "kernels", 0);
	jexpect_len(doc, "launches", 0);
	jexpect_len(doc, "findings", 0);
	jexpect_str(doc, "input", NULL);
	jexpect_str(doc, "tool/version", NULL);
	jexpect_num(doc, "summary/exit_status", 0);
	cJSON_Delete(doc);
	report_free(&r);
}
END_TEST

/* ---- the schema and its validator ---------------------------------------------- */

/* The validator rejects each way of breaking a valid report. */
START_TEST(schema_rejects)
{
	struct report r;
	make_report(&r);
	cJSON *good = json_of(&r);
	cJSON *schema = tu_report_schema();
	static const struct { const char *path, *key, *value, *why; } breaks[] = {
		/* path of an object, member to replace (or add), JSON value; NULL value: delete */
		{ "", "summary", NULL, "missing required member 'summary'" },
		{ "", "version", "2", "not one of the allowed values" },
		{ "", "extra", "1", "member 'extra' is not in the schema" },
		{ "", "seed", "-1", "below the minimum" },
		{ "", "warp_model", "\"warpwise\"", "not one of the allowed values" },
		{ "findings/0", "severity", "\"fatal\"", "not one of the allowed values" },
		{ "findings/0", "id", "\"1\"", "not of type integer" },
		{ "findings/0", "id", "1.5", "not of type integer" },
		{ "findings/0", "its_only", "0", "not of type boolean" },
		{ "findings/0", "class", "\"intra-block\"", "not one of the allowed values" },
		{ "findings/0", "where", "3", "not of any of the allowed types" },
		{ "findings/0", "locations", "[]", "fewer than 1" },
		{ "findings/0/counts", "thread_pairs", NULL, "missing required member 'thread_pairs'" },
		{ "findings/0/threads/0", "block", "[0, 0]", "fewer than 3" },
		{ "findings/0/locations/1", "line", "-3", "below the minimum" },
		{ "launches/0", "grid", "[1, 1, 1, 1]", "more than 3" },
		{ "launches/0/arguments/0", "value", "64", "not of type string" },
		{ "findings/2/accesses", NULL, "\"write\"", "more than 2" },
		{ "findings/5/divergence/groups/0", "state", "\"lost\"", "not one of the allowed values" },
		{ "findings/5/divergence", "groups", "[]", "fewer than 1" },
		{ "findings/5/divergence/groups/1/ranges/0", NULL, "4", "more than 3" },
		{ "findings/5/divergence/groups/3", "location", "{}", "missing required member 'file'" },
		{ "findings/0", "divergence", "[]", "not of any of the allowed types" },
		{ "findings/0", "divergence", NULL, "missing required member 'divergence'" },
		{ "barriers/0", "verdict", "\"useless\"", "not one of the allowed values" },
		{ "barriers/0", "kernel_launches", NULL, "missing required member 'kernel_launches'" },
		{ "summary", "barriers_not_covered", "-1", "below the minimum" },
	};
	for (size_t i = 0; i < sizeof breaks / sizeof breaks[0]; i++) {
		cJSON *doc = cJSON_Duplicate(good, 1);
		cJSON *at_ = (cJSON *)(*breaks[i].path ? tu_jat(doc, breaks[i].path) : doc);
		ck_assert_ptr_nonnull(at_);
		if (breaks[i].key == NULL) {
			cJSON_AddItemToArray(at_, cJSON_Parse(breaks[i].value));
		} else if (breaks[i].value == NULL) {
			cJSON_DeleteItemFromObjectCaseSensitive(at_, breaks[i].key);
		} else {
			cJSON *v = cJSON_Parse(breaks[i].value);
			ck_assert_ptr_nonnull(v);
			if (cJSON_GetObjectItemCaseSensitive(at_, breaks[i].key))
				cJSON_ReplaceItemInObjectCaseSensitive(at_, breaks[i].key, v);
			else
				cJSON_AddItemToObject(at_, breaks[i].key, v);
		}
		char err[1024];
		ck_assert_msg(tu_schema_validate(schema, doc, err, sizeof err) < 0,
			      "break %zu (%s.%s) accepted", i, breaks[i].path, breaks[i].key);
		ck_assert_msg(strstr(err, breaks[i].why) != NULL, "break %zu: '%s', wanted '%s'",
			      i, err, breaks[i].why);
		cJSON_Delete(doc);
	}
	/* and a keyword the validator does not know is an error, not ignored */
	cJSON *bad = cJSON_Parse("{\"type\": \"object\", \"patternProperties\": {}}");
	char err[256];
	ck_assert_int_lt(tu_schema_validate(bad, good, err, sizeof err), 0);
	ck_assert_msg(strstr(err, "unsupported keyword 'patternProperties'") != NULL, "%s", err);
	cJSON_Delete(bad);
	cJSON_Delete(schema);
	cJSON_Delete(good);
	report_free(&r);
}
END_TEST

/* Collects the member names of every "properties" in S into NAMES. */
static void property_names(const cJSON *s, const char **names, int *n, int max)
{
	const cJSON *e;
	if (cJSON_IsObject(s)) {
		const cJSON *props = cJSON_GetObjectItemCaseSensitive(s, "properties");
		cJSON_ArrayForEach(e, props) {
			int seen = 0;
			for (int i = 0; i < *n; i++)
				seen |= strcmp(names[i], e->string) == 0;
			if (!seen && *n < max)
				names[(*n)++] = e->string;
		}
		/* every required member is described */
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(s, "required"))
			ck_assert_msg(cJSON_GetObjectItemCaseSensitive(props, e->valuestring) != NULL,
				      "required '%s' has no properties entry", e->valuestring);
	}
	cJSON_ArrayForEach(e, s)
		if (cJSON_IsObject(e) || cJSON_IsArray(e))
			property_names(e, names, n, max);
}

static char *read_doc(const char *rel)
{
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", srcdir ? srcdir : ".", rel);
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char *buf = malloc(1 << 20);
	ck_assert_ptr_nonnull(buf);
	size_t n = fread(buf, 1, (1 << 20) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/* Every field of the schema is documented in docs/REPORT-FORMAT.md (as
** `name`) and in the man page. */
/* The template a kernel instantiates, for grouping one mistake across
** its instantiations (report/inst.c): the name before its own template
** arguments, never a '<' of the parameters. */
START_TEST(template_names)
{
	static const char *const cases[][2] = {
		{ "void tsum<64>(float const*, float*)", "void tsum" },
		{ "void ns::k<float, 4>(float*, int)", "void ns::k" },
		{ "void (anonymous namespace)::k<int>(int*)", "void (anonymous namespace)::k" },
		{ "k(Vec<float>*)", NULL },
		{ "reduce(int*)", NULL },
		{ "_Z6reducePi", NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *t = report_template_of(cases[i][0]);
		if (cases[i][1] == NULL)
			ck_assert_msg(t == NULL, "%s: %s", cases[i][0], t);
		else
			ck_assert_str_eq(t, cases[i][1]);
		free(t);
	}
	ck_assert_ptr_null(report_template_of(NULL));
}
END_TEST

START_TEST(schema_documented)
{
	cJSON *schema = tu_report_schema();
	const char *names[128];
	int n = 0;
	property_names(schema, names, &n, 128);
	ck_assert_int_gt(n, 40);
	char *md = read_doc("docs/REPORT-FORMAT.md");
	char *man = read_doc("man/simulee-c.1");
	for (int i = 0; i < n; i++) {
		char want[160];
		snprintf(want, sizeof want, "`%s`", names[i]);
		ck_assert_msg(strstr(md, want) != NULL, "docs/REPORT-FORMAT.md does not document %s", want);
		/* groff escapes '_' nowhere, but a '-' may be written \- */
		ck_assert_msg(strstr(man, names[i]) != NULL, "man/simulee-c.1 does not mention %s", names[i]);
	}
	free(md);
	free(man);
	cJSON_Delete(schema);
}
END_TEST

/* The kinds of core/finding_kinds.h are those the documents list, in its
** order and nothing else: the enum of "kind" in docs/report.schema.json,
** and the kinds table of docs/REPORT-FORMAT.md with each kind's default
** severity. */
START_TEST(kinds_documented)
{
	cJSON *schema = tu_report_schema();
	const cJSON *ids = tu_jat(schema, "$defs/finding/properties/kind/enum");
	ck_assert_msg(cJSON_IsArray(ids), "docs/report.schema.json: no $defs/finding/properties/kind/enum");
	int k = 0;
	const cJSON *e;
	cJSON_ArrayForEach(e, ids) {
		ck_assert_msg(cJSON_IsString(e), "docs/report.schema.json: kind %d is no string", k);
		ck_assert_msg(k < FK__COUNT, "docs/report.schema.json: kind '%s' is not in "
			      "core/finding_kinds.h", e->valuestring);
		ck_assert_msg(strcmp(e->valuestring, finding_kind_id((enum finding_kind)k)) == 0,
			      "docs/report.schema.json: kind %d is '%s', core/finding_kinds.h has '%s'",
			      k, e->valuestring, finding_kind_id((enum finding_kind)k));
		k++;
	}
	ck_assert_msg(k == FK__COUNT, "docs/report.schema.json lists %d kinds, core/finding_kinds.h %d",
		      k, FK__COUNT);
	cJSON_Delete(schema);

	char *md = read_doc("docs/REPORT-FORMAT.md");
	static const char head[] = "\n| kind | severity | what it is |\n|---|---|---|\n";
	const char *row = strstr(md, head);
	ck_assert_msg(row != NULL, "docs/REPORT-FORMAT.md has no table '| kind | severity | what it is |'");
	row += strlen(head);
	for (k = 0; row != NULL && strncmp(row, "| `", 3) == 0; k++) {
		const char *id = row + 3, *end = strchr(id, '`');
		ck_assert_ptr_nonnull(end);
		int n = (int)(end - id);
		ck_assert_msg(k < FK__COUNT, "docs/REPORT-FORMAT.md: kind '%.*s' is not in "
			      "core/finding_kinds.h", n, id);
		const char *want = finding_kind_id((enum finding_kind)k);
		ck_assert_msg((size_t)n == strlen(want) && strncmp(id, want, (size_t)n) == 0,
			      "docs/REPORT-FORMAT.md: kind %d is '%.*s', core/finding_kinds.h has '%s'", k,
			      n, id, want);
		char sev[32];
		snprintf(sev, sizeof sev, "` | `%s`",
			 report_severity_name(finding_kind_severity((enum finding_kind)k)));
		ck_assert_msg(strncmp(end, sev, strlen(sev)) == 0,
			      "docs/REPORT-FORMAT.md: the severity of '%s' is not %s", want, sev + 4);
		row = strchr(row, '\n');
		if (row != NULL)
			row++;
	}
	ck_assert_msg(k == FK__COUNT, "docs/REPORT-FORMAT.md lists %d kinds, core/finding_kinds.h %d",
		      k, FK__COUNT);
	free(md);
}
END_TEST

/* ---- the command line ------------------------------------------------------------ */

static const char cli_kernels[] =
	"__global__ void oob(int *p, int n)\n"		/* 1 */
	"{\n"						/* 2 */
	"\tp[threadIdx.x] = n;\n"			/* 3 */
	"}\n"
	"__global__ void fine(int *p)\n"
	"{\n"
	"\tp[threadIdx.x] = threadIdx.x;\n"
	"}\n"
	"__global__ void wide(int *p)\n"
	"{\n"
	"\tp[blockIdx.x * blockDim.x + threadIdx.x] = 1;\n"
	"}\n";

static char *cli_bc;

static void cli_setup(void)
{
	cli_bc = tu_compile_cu(cli_kernels);
}

static void cli_teardown(void)
{
	unlink(cli_bc);
	free(cli_bc);
	cli_bc = NULL;
}

/* --format=json on an out-of-bounds kernel: valid JSON on stdout, exit 1. */
START_TEST(cli_json_oob)
{
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cli_bc, "--kernel", "oob", "--size", "p=16", "--type", "p=i32",
					   "--arg", "n=5", "--format=json", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.err, "");
	cJSON *doc = tu_check_report_json(r.out);
	jexpect_str(doc, "kernels/0/name", "_Z3oobPii");
	jexpect_str(doc, "kernels/0/demangled", "oob(int*, int)");
	jexpect_str(doc, "input", cli_bc);
	jexpect_num(doc, "launches/0/block/0", 32);
	jexpect_str(doc, "launches/0/arguments/0/name", "n");
	jexpect_str(doc, "launches/0/arguments/0/value", "5");
	jexpect_str(doc, "launches/0/buffers/0/name", "p");
	jexpect_num(doc, "launches/0/buffers/0/elements", 16);
	jexpect_str(doc, "launches/0/options",
		    "--kernel _Z3oobPii --grid 1,1,1 --block 32,1,1 --shared 0 --arg n=5 "
		    "--size p=16 --type p=i32 --seed 1");
	jexpect_len(doc, "findings", 1);
	jexpect_str(doc, "findings/0/kind", "out-of-bounds");
	jexpect_str(doc, "findings/0/severity", "error");
	jexpect_str(doc, "findings/0/space", "global");
	jexpect_str(doc, "findings/0/where", "p[16]");
	jexpect_num(doc, "findings/0/locations/0/line", 3);
	jexpect_num(doc, "findings/0/threads/0/thread/0", 16);
	jexpect_num(doc, "findings/0/counts/occurrences", 16);
	jexpect_num(doc, "summary/errors", 1);
	jexpect_num(doc, "summary/exit_status", 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

START_TEST(cli_json_clean)
{
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cli_bc, "--kernel", "fine", "--size", "p=32", "--format", "json",
					   NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	jexpect_len(doc, "findings", 0);
	jexpect_num(doc, "summary/exit_status", 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

/* With --dump the JSON report goes to stderr; stdout holds the values. */
START_TEST(cli_json_dump)
{
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cli_bc, "--kernel", "fine", "--block", "4", "--size", "p=4",
					   "--type", "p=i32", "--dump", "p", "--format=json", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "0\n1\n2\n3\n");
	cJSON *doc = tu_check_report_json(r.err);
	jexpect_num(doc, "launches/0/block/0", 4);
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

START_TEST(cli_format_bogus)
{
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cli_bc, "--format=bogus", NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.out, "");
	ck_assert_str_eq(r.err, "simulee-c: --format bogus: expected text, json or sarif\n");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ cli_bc, "--fail-on", "errors", NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.out, "");
	ck_assert_str_eq(r.err, "simulee-c: --fail-on errors: expected error, warning, note or never\n");
	tu_run_free(&r);
}
END_TEST

/* --fail-on=never: the findings are reported, the status is 0; the other
** levels all fail on an error. */
START_TEST(cli_fail_on)
{
	static const struct { const char *opt; int status; } cases[] = {
		{ "--fail-on=never", 0 }, { "--fail-on=error", 1 }, { "--fail-on=warning", 1 },
		{ "--fail-on=note", 1 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ cli_bc, "--kernel", "oob", "--size", "p=16", "--type",
						   "p=i32", cases[i].opt, NULL });
		ck_assert_msg(r.status == cases[i].status, "%s: status %d: %s", cases[i].opt, r.status, r.err);
		ck_assert_msg(strstr(r.out, ":3:") && strstr(r.out, ": error: out-of-bounds access on global 'p[16]'\n"),
			      "%s: %s", cases[i].opt, r.out);
		ck_assert_msg(strstr(r.out, "\nsimulee-c: oob(int*, int): 1 error, 0 warnings (1 finding; "
				     "grid 1,1,1 block 32,1,1, seed 1, warp model its)\n"), "%s", r.out);
		tu_run_free(&r);
	}
}
END_TEST

/* A launch whose shadow outgrows --max-shadow: a note says what was not
** analysed (exit 0 unless --fail-on=note), in text and in JSON; a size
** below 1M is refused.  Its writes are each thread's own element, which
** the model only sees with --no-prune: pruned, they need no shadow. */
START_TEST(cli_incomplete)
{
	struct tu_run r0;
	tu_run_bin(&r0, (const char *const[]){ cli_bc, "--kernel", "wide", "--grid", "1024", "--block",
					      "256", "--size", "p=262144", "--type", "p=i32",
					      "--max-shadow", "1M", NULL });
	ck_assert_msg(r0.status == 0 && strstr(r0.out, "0 errors, 0 warnings (0 findings;"), "%s",
		      r0.out);
	tu_run_free(&r0);
	const char *const base[] = { cli_bc, "--kernel", "wide", "--grid", "1024", "--block", "256",
				     "--size", "p=262144", "--type", "p=i32", "--no-prune",
				     "--max-shadow" };
	enum { NB = sizeof base / sizeof base[0] };
	const char *argv[NB + 4];
	memcpy(argv, base, sizeof base);
	struct tu_run r;
	argv[NB] = "1M";
	argv[NB + 1] = NULL;
	tu_run_bin(&r, argv);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, ": note: analysis incomplete: shadow budget reached at block (")
		      && strstr(r.out, "the model's shadow memory (1 MiB, its share of --max-memory) was full; "
				"not analysed (sampled out): ")
		      && strstr(r.out, " of 'p' in bytes ") && strstr(r.out, "; --max-memory raises it\n")
		      && strstr(r.out, "0 errors, 0 warnings, 1 note (1 finding;"), "%s", r.out);
	tu_run_free(&r);
	argv[NB + 1] = "--fail-on=note";
	argv[NB + 2] = "--format=json";
	argv[NB + 3] = NULL;
	tu_run_bin(&r, argv);
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	jexpect_len(doc, "findings", 1);
	jexpect_str(doc, "findings/0/kind", "analysis-incomplete");
	jexpect_str(doc, "findings/0/severity", "note");
	jexpect_num(doc, "findings/0/unanalysed/budget_bytes", 1 << 20);
	jexpect_num(doc, "findings/0/unanalysed/last_block/0", 1023);
	const cJSON *u = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "findings"), 0),
					     "unanalysed");
	double first = cJSON_GetArrayItem(cJSON_GetObjectItem(u, "first_block"), 0)->valuedouble;
	double blocks = cJSON_GetObjectItem(u, "blocks")->valuedouble;
	ck_assert(first > 0 && first < 1023);
	ck_assert(blocks > 0 && blocks <= 1024 - first);	/* sampled: not every block */
	ck_assert(cJSON_GetObjectItem(u, "accesses")->valuedouble > 0);
	ck_assert(cJSON_GetObjectItem(u, "pages")->valuedouble > 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* with room enough, nothing to say */
	argv[NB] = "64M";
	argv[NB + 1] = NULL;
	tu_run_bin(&r, argv);
	ck_assert_msg(r.status == 0 && strstr(r.out, "0 errors, 0 warnings (0 findings;"), "%s", r.out);
	tu_run_free(&r);
	argv[NB] = "12K";
	tu_run_bin(&r, argv);
	ck_assert_int_eq(r.status, 2);
	ck_assert_str_eq(r.err, "simulee-c: --max-shadow 12K: expected a size of 1M or more (bytes, or "
			 "with K, M or G)\n");
	tu_run_free(&r);
}
END_TEST

/* --output FILE: the report goes there, nothing to stdout. */
START_TEST(cli_output_file)
{
	char *path = tu_tmpfile("", 0);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cli_bc, "--kernel", "oob", "--size", "p=16", "--format=json",
					   "--output", path, NULL });
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "");
	ck_assert_str_eq(r.err, "");
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	char buf[65536];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	cJSON *doc = tu_check_report_json(buf);
	jexpect_str(doc, "findings/0/kind", "out-of-bounds");
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(path);
	free(path);

	tu_run_bin(&r, (const char *const[]){ cli_bc, "--kernel", "oob", "--size", "p=16",
					   "--output", "/nonexistent/dir/report.txt", NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "simulee-c: --output /nonexistent/dir/report.txt: ") == r.err, "%s", r.err);
	tu_run_free(&r);
}
END_TEST

/* Barrier divergence end to end: the threads that wait, the ones that
** exited and where, the ones elsewhere, a barrier in a device function,
** barriers reached by part of a warp. */
static const char bd_kernels[] =
	"__global__ void early(int *p)\n"		/* 1 */
	"{\n"						/* 2 */
	"\tif (threadIdx.x < 16)\n"			/* 3 */
	"\t\treturn;\n"				/* 4 */
	"\t__syncthreads();\n"				/* 5 */
	"\tp[threadIdx.x] = 1;\n"			/* 6 */
	"}\n"						/* 7 */
	"__device__ void helper(int *p)\n"		/* 8 */
	"{\n"						/* 9 */
	"\t__syncthreads();\n"				/* 10 */
	"\tp[threadIdx.x] = 2;\n"			/* 11 */
	"}\n"						/* 12 */
	"__global__ void nested(int *p)\n"		/* 13 */
	"{\n"						/* 14 */
	"\tif (threadIdx.y == 0)\n"			/* 15 */
	"\t\thelper(p);\n"				/* 16 */
	"\telse\n"					/* 17 */
	"\t\t__syncthreads();\n"			/* 18 */
	"}\n"						/* 19 */
	"__global__ void away(int *p)\n"		/* 20 */
	"{\n"						/* 21 */
	"\tif (threadIdx.x < 16)\n"			/* 22 */
	"\t\thelper(p);\n"				/* 23 */
	"\telse\n"					/* 24 */
	"\t\tp[threadIdx.x] = 0;\n"			/* 25 */
	"\tp[threadIdx.x] += 1;\n"			/* 26 */
	"}\n";						/* 27 */

START_TEST(cli_divergence)
{
	char *bc = tu_compile_cu(bd_kernels);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "early", "--size", "p=32", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, ":5:2: error: barrier divergence\n"
			     "  16 threads (16..31,0,0) of block (0,0,0) wait here\n"
			     "  16 threads (0..15,0,0) exited at ") != NULL, "%s", r.out);
	/* the return they took, not the closing brace */
	ck_assert_msg(strstr(r.out, ":4\n  part of a warp: this barrier is reached by lanes 16..31 "
			     "of warp 0 only\n  1 occurrence\n") != NULL, "%s", r.out);
	tu_run_free(&r);

	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "nested", "--block", "8,4", "--grid", "2",
					   "--size", "p=64", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, ":10:2: error: barrier divergence\n"
			     "  8 threads (0..7,0,0) of block (0,0,0) wait here\n"
			     "  24 threads (0..7,1..3,0) wait at the barrier at ") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, ":18:3 in nested(int*)\n"
			     "  part of a warp: this barrier is reached by lanes 0..7 of warp 0 only\n"
			     "  part of a warp: the barrier at ") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, ":18:3 in nested(int*) is reached by lanes 8..31 of warp 0 only\n"
			     "  2 occurrences\n") != NULL, "%s", r.out);
	tu_run_free(&r);

	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "away", "--size", "p=32", "--format=json",
					   NULL });
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	jexpect_str(doc, "findings/0/kind", "barrier-divergence");
	jexpect_len(doc, "findings/0/locations", 1);
	jexpect_num(doc, "findings/0/locations/0/line", 10);
	jexpect_str(doc, "findings/0/locations/0/function", "helper(int*)");
	jexpect_len(doc, "findings/0/divergence/groups", 2);
	jexpect_str(doc, "findings/0/divergence/groups/0/threads", "(0..15,0,0)");
	jexpect_num(doc, "findings/0/divergence/groups/0/partial_warps/0/lanes/15", 15);
	jexpect_str(doc, "findings/0/divergence/groups/1/state", "elsewhere");
	jexpect_str(doc, "findings/0/divergence/groups/1/location/function", "away(int*)");
	jexpect_num(doc, "findings/0/divergence/groups/1/count", 16);
	jexpect_num(doc, "findings/0/divergence/groups/1/ranges/0/0", 16);
	jexpect_num(doc, "findings/0/divergence/groups/1/ranges/0/1", 31);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Barrier verdicts over several launches: needed in one launch is needed;
** never executed is not covered; redundant only if no launch needed it. */
static const char verdict_kernel[] =
	"__global__ void k(int *p, int n)\n"			/* 1 */
	"{\n"							/* 2 */
	"\t__shared__ int s[64];\n"				/* 3 */
	"\ts[threadIdx.x] = p[threadIdx.x];\n"			/* 4 */
	"\t__syncthreads();\n"					/* 5 */
	"\tif (n > 100)\n"					/* 6 */
	"\t\tp[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];\n"	/* 7 */
	"\tif (n < 0)\n"						/* 8 */
	"\t\t__syncthreads();\n"				/* 9 */
	"\t__syncthreads();\n"					/* 10 */
	"\tp[threadIdx.x] = 1;\n"				/* 11 */
	"}\n";

START_TEST(barrier_verdicts_launches)
{
	char *bc = tu_compile_cu(verdict_kernel);
	struct load_options opt = { 0 };
	struct loaded l;
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(bc, &opt, &l, &err) == 0, "%s", err.msg);
	unlink(bc);
	free(bc);
	int ki = load_find_kernel(&l, "k");
	ck_assert_int_ge(ki, 0);
	uint32_t fn = (uint32_t)l.kernels[ki].func;
	struct barrier_verdicts bv;
	barrier_verdicts_init(&bv, l.prog, fn);
	ck_assert_uint_eq(bv.n, 3);
	static const uint32_t lines[] = { 5, 9, 10 };
	for (int i = 0; i < 3; i++) {
		ck_assert_uint_eq(bv.v[i].loc.line, lines[i]);
		ck_assert_int_eq(barrier_record_verdict(&bv.v[i]), BV_NOT_COVERED);
	}
	struct mam_options mo = { 0 };
	mo.model = MAM_ITS;
	struct mam *mam = mam_new(&mo);
	static const int64_t ns[] = { 0, 200, 7 };
	for (int i = 0; i < 3; i++) {
		struct mem m;
		mem_init(&m);
		interp_mem_setup(l.prog, &m, 0);
		uint32_t id = mem_new(&m, AS_GLOBAL, 64 * 4, "p");
		uint64_t args[2] = { MEM_PTR(id, 0), (uint64_t)ns[i] };
		struct launch_cfg cfg = { 0 };
		cfg.grid = (struct dim3){ 1, 1, 1 };
		cfg.block = (struct dim3){ 32, 1, 1 };
		cfg.seed = 1;
		cfg.mam = mam;
		struct findings fs = { 0 };
		ck_assert_int_eq(interp_launch(l.prog, fn, args, &m, &cfg, &fs, &err), 0);
		ck_assert_uint_eq(fs.n, 0);
		barrier_verdicts_add(&bv, l.prog, mam, MAM_ITS);
		if (i == 0) {
			/* after the first launch alone, line 5 is redundant */
			ck_assert_int_eq(barrier_record_verdict(&bv.v[0]), BV_REDUNDANT);
		}
		mam_clear_results(mam);
		findings_free(&fs);
		mem_free(&m);
	}
	mam_free(mam);
	ck_assert_uint_eq(bv.launches, 3);
	ck_assert_int_eq(barrier_record_verdict(&bv.v[0]), BV_NEEDED);
	ck_assert_uint_eq(bv.v[0].launches, 3);
	ck_assert_uint_eq(bv.v[0].executions, 3);
	ck_assert_int_eq(barrier_record_verdict(&bv.v[1]), BV_NOT_COVERED);
	ck_assert_uint_eq(bv.v[1].launches, 0);
	ck_assert_int_eq(barrier_record_verdict(&bv.v[2]), BV_REDUNDANT);
	ck_assert_uint_eq(bv.v[2].executions, 3);

	struct findings fs = { 0 };
	detect_barrier_findings(&bv, &fs, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, FK_REDUNDANT_BARRIER);
	ck_assert_uint_eq(fs.v[0].loc.line, 10);
	ck_assert_uint_eq(fs.v[0].launches, 3);
	ck_assert_uint_eq(fs.v[0].executions, 3);

	struct report r;
	report_init(&r);
	uint32_t k = report_add_kernel(&r, "_Z1kPii", "k(int*, int)");
	for (int i = 0; i < 3; i++)
		report_add_launch(&r, k, (struct dim3){ 1, 1, 1 }, (struct dim3){ 32, 1, 1 }, 0, 1);
	report_take_findings(&r, &fs, 0);
	for (uint32_t i = 0; i < bv.n; i++)
		report_add_barrier(&r, k, &bv.v[i].loc, barrier_record_verdict(&bv.v[i]),
				   bv.v[i].launches, bv.v[i].executions, bv.launches);
	r.fail_on = FAIL_ON_NOTE;
	ck_assert_int_eq(report_exit_status(&r), 1);	/* the redundant barrier */
	char *t = text_of(&r);
	ck_assert_msg(strstr(t, ":10:2: warning: redundant barrier\n"
			     "  no conflicting accesses were ordered by it (in k(int*, int))\n"
			     "  checked on 3 launches, 3 executions\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, ":9:3: remark: barrier not covered\n"
			     "  never executed in 3 launches of k(int*, int), so neither needed nor "
			     "redundant\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, "\nsimulee-c: k(int*, int): 0 errors, 1 warning (1 finding; 1 barrier "
			     "not covered; 3 launches, seed 0, warp model its)\n") != NULL, "%s", t);
	free(t);
	cJSON *doc = json_of(&r);
	jexpect_len(doc, "barriers", 3);
	jexpect_str(doc, "barriers/0/verdict", "needed");
	jexpect_num(doc, "barriers/0/location/line", 5);
	jexpect_num(doc, "barriers/0/launches", 3);
	jexpect_str(doc, "barriers/1/verdict", "not-covered");
	jexpect_num(doc, "barriers/1/executions", 0);
	jexpect_num(doc, "barriers/1/kernel_launches", 3);
	jexpect_str(doc, "barriers/2/verdict", "redundant");
	jexpect_num(doc, "barriers/2/kernel", 0);
	jexpect_num(doc, "summary/barriers_not_covered", 1);
	jexpect_num(doc, "summary/notes", 0);
	jexpect_num(doc, "summary/findings", 1);
	cJSON_Delete(doc);

	/* without the redundant barrier, a barrier not covered fails nothing */
	r.findings.n = 0;
	finding_clear(&r.findings.v[0]);
	ck_assert_int_eq(report_exit_status(&r), 0);
	report_free(&r);
	barrier_verdicts_free(&bv);
	load_free(&l);
}
END_TEST

/* The command line lists barriers no launch executed as remarks: exit
** status 0 even with --fail-on=note. */
START_TEST(cli_not_covered)
{
	char *bc = tu_compile_cu(bd_kernels);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "early", "--block", "8", "--size", "p=32",
					   "--fail-on=note", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, ":5:2: remark: barrier not covered\n  never executed in 1 launch "
			     "of early(int*), so neither needed nor redundant\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "(0 findings; 1 barrier not covered; grid 1,1,1 block 8,1,1, ")
		      != NULL, "%s", r.out);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "early", "--block", "32", "--size", "p=32",
					   "--format=json", NULL });
	cJSON *doc = tu_check_report_json(r.out);
	jexpect_len(doc, "barriers", 1);
	jexpect_str(doc, "barriers/0/verdict", "redundant");
	jexpect_num(doc, "barriers/0/executions", 1);
	jexpect_num(doc, "summary/barriers_not_covered", 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

Suite *report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("writers");
	tcase_add_test(tc, name_without_params);
	tcase_add_test(tc, text_all_kinds);
	tcase_add_test(tc, text_summary_variants);
	tcase_add_test(tc, launch_options_quoted);
	tcase_add_test(tc, severity_rules);
	tcase_add_test(tc, exit_status_fail_on);
	tcase_add_test(tc, parse_names);
	tcase_add_test(tc, take_findings_merges);
	tcase_add_test(tc, groups_one_mistake);
	tcase_add_test(tc, take_findings_stronger_contract);
	tcase_add_test(tc, where_split);
	tcase_add_test(tc, thread_sets);
	tcase_add_test(tc, divergence_merges);
	tcase_add_test(tc, groups_loop_left_early);
	tcase_add_test(tc, groups_same_footprint);
	tcase_add_test(tc, json_all_kinds);
	tcase_add_test(tc, json_messages_match_text);
	tcase_add_test(tc, json_empty);
	tcase_add_test(tc, schema_rejects);
	tcase_add_test(tc, schema_documented);
	tcase_add_test(tc, template_names);
	tcase_add_test(tc, kinds_documented);
	suite_add_tcase(s, tc);

	tc = tcase_create("command line");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, cli_setup, cli_teardown);
	tcase_add_test(tc, cli_json_oob);
	tcase_add_test(tc, cli_json_clean);
	tcase_add_test(tc, cli_json_dump);
	tcase_add_test(tc, cli_format_bogus);
	tcase_add_test(tc, cli_fail_on);
	tcase_add_test(tc, cli_incomplete);
	tcase_add_test(tc, cli_output_file);
	tcase_add_test(tc, cli_divergence);
	tcase_add_test(tc, cli_not_covered);
	tcase_add_test(tc, barrier_verdicts_launches);
	suite_add_tcase(s, tc);
	return s;
}
