/*
** check_evolve.c: the evolutionary input search (evolve/) and the default
** pipeline `simulee-c kernel.bc`: buffer generators, the dimensions a
** kernel reads, --grid/--block ranges, reproducibility (the same seed gives
** the same JSON, whatever --jobs), pins, the kernel's contract and the
** search's summary in the report; the pins' set-up (evolve/params.h) and
** the driver (evolve/driver.h) called without the command line.  The bug
** corpus under the search is in check_bugs.c (search_run).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evolve/driver.h"
#include "evolve/input.h"
#include "evolve/params.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "src/run.h"
#include "tests.h"

#define MAXARGS TU_MAX_ARGS

/* ---- generators -------------------------------------------------------- */

START_TEST(fill_parse_format)
{
	static const char *const good[] = { "zero", "iota", "mod:16", "const:3", "const:-2.5",
					    "rand:64:7", "rand:1:0", NULL };
	for (int i = 0; good[i]; i++) {
		struct evolve_fill f;
		ck_assert_msg(evolve_fill_parse(good[i], &f) == 0, "rejected %s", good[i]);
		char buf[64];
		evolve_fill_format(&f, buf, sizeof buf);
		ck_assert_str_eq(buf, good[i]);
	}
	static const char *const bad[] = { "", "random", "@x", "mod:", "mod:0", "mod:-3", "mod:3x",
					   "const:", "const:x", "rand:5", "rand:0:1", "rand:5:",
					   "rand:5:-1", "iota:3", NULL };
	for (int i = 0; bad[i]; i++) {
		struct evolve_fill f;
		ck_assert_msg(evolve_fill_parse(bad[i], &f) != 0, "accepted '%s'", bad[i]);
	}
}
END_TEST

START_TEST(fill_values)
{
	struct evolve_fill f;
	int32_t v[10];
	ck_assert_int_eq(evolve_fill_parse("mod:3", &f), 0);
	evolve_fill_run(&f, ET_I32, (uint8_t *)v, 10);
	for (int i = 0; i < 10; i++)
		ck_assert_int_eq(v[i], i % 3);
	ck_assert_int_eq(evolve_fill_parse("iota", &f), 0);
	evolve_fill_run(&f, ET_I32, (uint8_t *)v, 10);
	for (int i = 0; i < 10; i++)
		ck_assert_int_eq(v[i], i);
	ck_assert_int_eq(evolve_fill_parse("const:-4", &f), 0);
	evolve_fill_run(&f, ET_I32, (uint8_t *)v, 10);
	for (int i = 0; i < 10; i++)
		ck_assert_int_eq(v[i], -4);
	float x[10];
	ck_assert_int_eq(evolve_fill_parse("mod:4", &f), 0);
	evolve_fill_run(&f, ET_F32, (uint8_t *)x, 10);
	for (int i = 0; i < 10; i++)
		ck_assert(x[i] == (float)(i % 4));
	/* rand: in range, reproducible, and a prefix of a longer fill */
	int32_t a[64], b[100];
	ck_assert_int_eq(evolve_fill_parse("rand:5:42", &f), 0);
	evolve_fill_run(&f, ET_I32, (uint8_t *)a, 64);
	evolve_fill_run(&f, ET_I32, (uint8_t *)b, 100);
	int seen[5] = { 0 };
	for (int i = 0; i < 64; i++) {
		ck_assert(a[i] >= 0 && a[i] < 5);
		ck_assert_int_eq(a[i], b[i]);
		seen[a[i]] = 1;
	}
	for (int i = 0; i < 5; i++)
		ck_assert(seen[i]);
	double d[50];
	ck_assert_int_eq(evolve_fill_parse("rand:2:9", &f), 0);
	evolve_fill_run(&f, ET_F64, (uint8_t *)d, 50);
	int neg = 0;
	for (int i = 0; i < 50; i++) {
		ck_assert(d[i] >= -2 && d[i] < 2);
		neg += d[i] < 0;
	}
	ck_assert(neg > 0 && neg < 50);
	/* 16-bit elements wrap like the type */
	uint16_t h[4];
	ck_assert_int_eq(evolve_fill_parse("const:-1", &f), 0);
	evolve_fill_run(&f, ET_U16, (uint8_t *)h, 4);
	ck_assert_uint_eq(h[3], 0xffff);
}
END_TEST

START_TEST(scalar_bits)
{
	char buf[64];
	elem_format(evolve_scalar_bits(-3.4, ET_I32), ET_I32, buf, sizeof buf);
	ck_assert_str_eq(buf, "-3");
	elem_format(evolve_scalar_bits(2.5, ET_F32), ET_F32, buf, sizeof buf);
	ck_assert_str_eq(buf, "2.5");
	elem_format(evolve_scalar_bits(300, ET_U8), ET_U8, buf, sizeof buf);
	ck_assert_str_eq(buf, "44");
	elem_format(evolve_scalar_bits(-1, ET_I64), ET_I64, buf, sizeof buf);
	ck_assert_str_eq(buf, "-1");
}
END_TEST

START_TEST(dim3_ranges)
{
	struct dim3 lo, hi;
	ck_assert_int_eq(run_parse_dim3_range("32..1024", &lo, &hi), 0);
	ck_assert_uint_eq(lo.x, 32);
	ck_assert_uint_eq(hi.x, 1024);
	ck_assert_uint_eq(lo.y, 1);
	ck_assert_uint_eq(hi.z, 1);
	ck_assert_int_eq(run_parse_dim3_range("8,2..4,3", &lo, &hi), 0);
	ck_assert(lo.x == 8 && hi.x == 8 && lo.y == 2 && hi.y == 4 && lo.z == 3 && hi.z == 3);
	ck_assert_int_eq(run_parse_dim3_range("64", &lo, &hi), 0);
	ck_assert(lo.x == 64 && hi.x == 64);
	static const char *const bad[] = { "", "0", "4..2", "1..", "..4", "1...4", "1..0", "a",
					   "1,2,3,4", "1..2..3", "-1", "1,", NULL };
	for (int i = 0; bad[i]; i++)
		ck_assert_msg(run_parse_dim3_range(bad[i], &lo, &hi) != 0, "accepted '%s'", bad[i]);
}
END_TEST

/* ---- what a kernel reads ----------------------------------------------- */

static void reads_of(const char *rel, const char *kernel, struct evolve_reads *r)
{
	char *bc = tu_kernel(rel);
	struct loaded l = { 0 };
	struct load_options lo = { 0 };
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(bc, &lo, &l, &err) == 0, "%s: %s", bc, err.msg);
	int k = load_find_kernel(&l, kernel);
	ck_assert_int_ge(k, 0);
	ck_assert_int_ge(l.kernels[k].func, 0);
	evolve_reads_of(l.prog, (uint32_t)l.kernels[k].func, r);
	load_free(&l);
	free(bc);
}

START_TEST(reads)
{
	struct evolve_reads r;
	reads_of("bugs/scan_dim_nosync.O0.bc", "scan_dim_nosync", &r);
	ck_assert(r.block[0] && r.block[1] && !r.block[2]);
	ck_assert(r.grid[0] && !r.grid[1] && !r.grid[2]);
	ck_assert(!r.dyn_shared);
	reads_of("bugs/dyn_shared_oob.O0.bc", "dyn_shared_oob", &r);
	ck_assert(r.dyn_shared);
	ck_assert(r.block[0] && !r.block[1]);
	/* threadIdx read only in a device function it calls */
	reads_of("bugs/block_min_nosync.O0.bc", "block_min_nosync", &r);
	ck_assert(r.block[0]);
	ck_assert(!r.grid[0]);
}
END_TEST

/* ---- pins and the driver ------------------------------------------------ */

static void load_kernel(const char *rel, const char *kernel, struct loaded *l, int *k)
{
	char *bc = tu_kernel(rel);
	struct load_options lo = { 0 };
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(bc, &lo, l, &err) == 0, "%s: %s", bc, err.msg);
	free(bc);
	*k = load_find_kernel(l, kernel);
	ck_assert_int_ge(*k, 0);
	ck_assert_int_ge(l->kernels[*k].func, 0);
}

/* A pin as the command line makes it (owned strings); free_pins frees N. */
static struct params_kv pin(const char *name, const char *value)
{
	return (struct params_kv){ xstrdup(name), xstrdup(value) };
}

static void free_pins(struct params_kv *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].value);
	}
}

/* Pins name a parameter by name or position, the last one wins, and
** params_setup makes the buffers and scalars they give. */
START_TEST(params_pins)
{
	struct loaded l = { 0 };
	int k;
	load_kernel("func/vecadd.O0.bc", "vecadd", &l, &k);
	const struct func *f = &l.prog->funcs[l.kernels[k].func];
	ck_assert_int_eq(params_find(f, "c"), 2);
	ck_assert_int_eq(params_find(f, "3"), 3);
	ck_assert_int_eq(params_find(f, "4"), -1);
	ck_assert_int_eq(params_find(f, "nope"), -1);
	ck_assert_str_eq(elem_name(ET_F32), "f32");
	ck_assert_ptr_null(elem_name(ET_NONE));

	struct params_kv args[] = { pin("n", "5"), pin("3", "7") };
	struct params_kv sizes[] = { pin("a", "4") };
	struct params_kv types[] = { pin("0", "i32") };
	struct params_kv inits[] = { pin("a", "mod:3") };
	struct params_pins pins = { .args = args, .sizes = sizes, .types = types, .inits = inits,
				    .nargs = 2, .nsizes = 1, .ntypes = 1, .ninits = 1 };
	ck_assert_str_eq(params_pin(args, 2, f, 3), "7");
	ck_assert_ptr_null(params_pin(args, 2, f, 0));

	struct mem m;
	mem_init(&m);
	uint64_t *slots = xcalloc(params_nslots(f), sizeof *slots);
	struct params_buf *bufs = xcalloc(f->nparams, sizeof *bufs);
	struct sim_error err = { 0 };
	ck_assert_msg(params_setup(&pins, 1, f, &m, slots, bufs, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(bufs[0].param, 0);
	ck_assert_int_eq(bufs[0].et, ET_I32);
	ck_assert_uint_eq(bufs[0].elems, 4);
	const struct mem_alloc *a = &m.a[bufs[0].alloc];
	int32_t want[4] = { 0, 1, 2, 0 };
	ck_assert_int_eq(memcmp(a->data, want, sizeof want), 0);
	ck_assert_uint_eq(bufs[1].elems, 0);	/* unsized: sparse */
	ck_assert_int_eq(bufs[3].param, -1);
	ck_assert_uint_eq(slots[f->param_slot[3] - f->param_slot[0]], 7);
	params_free_bufs(bufs, f->nparams);
	mem_free(&m);

	/* a pointer given a value is refused, with the option's wording */
	struct params_kv ptr[] = { pin("b", "1") };
	struct params_pins bad = { .args = ptr, .nargs = 1 };
	mem_init(&m);
	bufs = xcalloc(f->nparams, sizeof *bufs);
	ck_assert_int_lt(params_setup(&bad, 1, f, &m, slots, bufs, &err), 0);
	ck_assert_msg(strstr(err.msg, "--arg b: 'b' is a pointer") != NULL, "%s", err.msg);
	params_free_bufs(bufs, f->nparams);
	mem_free(&m);
	free(slots);
	free_pins(args, 2);
	free_pins(sizes, 1);
	free_pins(types, 1);
	free_pins(inits, 1);
	free_pins(ptr, 1);
	load_free(&l);
}
END_TEST

/* The driver searches a kernel from its own settings (no command line)
** and adds the kernel, its search and the witness launches to a report;
** the same settings give the same report. */
START_TEST(driver_direct)
{
	struct loaded l = { 0 };
	int k;
	load_kernel("bugs/atomic_block_scope.O0.bc", "atomic_block_scope", &l, &k);
	struct driver_opts d = { 0 };
	d.grid = d.grid_hi = d.block = d.block_hi = (struct dim3){ 1, 1, 1 };
	d.model = MAM_ITS;
	d.seed = 1;
	d.max_threads = 4096;
	d.population = 10;
	d.generations = 10;
	d.threshold = 0.3;
	d.jobs = 2;
	uint32_t nl[2], nf[2];
	for (int run = 0; run < 2; run++) {
		struct report rep;
		report_init(&rep);
		struct sim_error err = { 0 };
		ck_assert_msg(driver_search_kernel(&d, &l, &l.kernels[k], NULL, &rep, &err) == 0,
			      "%s", err.msg);
		ck_assert_uint_eq(rep.nkernels, 1);
		ck_assert_str_eq(rep.kernels[0].name, l.kernels[k].name);
		ck_assert_ptr_nonnull(rep.kernels[0].search);
		ck_assert_uint_eq(rep.kernels[0].search->population, 10);
		ck_assert_uint_ge(rep.nlaunches, 1);
		ck_assert_uint_ge(rep.findings.n, 1);
		int wide = 0;
		for (uint32_t i = 0; i < rep.findings.n; i++)
			if (rep.launches[rep.findings.v[i].launch].grid.x > 1)
				wide = 1;
		ck_assert_msg(wide, "no finding from a launch of several blocks");
		nl[run] = rep.nlaunches;
		nf[run] = rep.findings.n;
		report_free(&rep);
	}
	ck_assert_uint_eq(nl[0], nl[1]);
	ck_assert_uint_eq(nf[0], nf[1]);
	load_free(&l);
}
END_TEST

/* ---- the default pipeline ------------------------------------------------ */

/* Runs simulee-c on bugs/NAME.O0.bc with EXTRA options and --format=json;
** returns the schema-checked report (cJSON_Delete it) and the run in *R. */
static cJSON *search_json(struct tu_run *r, const char *name, const char *const *extra)
{
	char rel[160];
	snprintf(rel, sizeof rel, "bugs/%s.O0.bc", name);
	char *bc = tu_kernel(rel);
	const char *args[MAXARGS];
	int n = 0;
	args[n++] = bc;
	args[n++] = "--format=json";
	for (int i = 0; extra && extra[i]; i++)
		args[n++] = extra[i];
	args[n] = NULL;
	tu_run_bin(r, args);
	free(bc);
	ck_assert_msg(r->status == 0 || r->status == 1, "exit %d: %s", r->status, r->err);
	return tu_check_report_json(r->out);
}

static const cJSON *search_of(const cJSON *doc)
{
	const cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "kernels"), 0);
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(k, "search");
	ck_assert_msg(s != NULL, "no search in the report");
	return s;
}

static int jint(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	ck_assert_msg(cJSON_IsNumber(v), "no number %s", key);
	return v->valueint;
}

/* The default pipeline finds an inter-block race that needs two blocks and
** reports the search (with the seed) and a launch per finding. */
START_TEST(default_finds)
{
	struct tu_run r;
	cJSON *doc = search_json(&r, "atomic_block_scope", NULL);
	ck_assert_int_eq(r.status, 1);
	const cJSON *s = search_of(doc);
	ck_assert_int_ge(jint(s, "evaluations"), 10);
	ck_assert_int_eq(jint(s, "population"), 10);
	ck_assert_int_eq(jint(s, "generations"), 10);
	ck_assert_int_eq(jint(doc, "seed"), 1);
	const cJSON *f, *ls = cJSON_GetObjectItemCaseSensitive(doc, "launches");
	int races = 0;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		const cJSON *cls = cJSON_GetObjectItemCaseSensitive(f, "class");
		if (cls && strcmp(cls->valuestring, "inter-block") == 0) {
			races++;
			int li = jint(f, "launch");
			const cJSON *l = cJSON_GetArrayItem(ls, li);
			ck_assert_ptr_nonnull(l);
			const cJSON *g = cJSON_GetObjectItemCaseSensitive(l, "grid");
			ck_assert_int_gt(cJSON_GetArrayItem(g, 0)->valueint, 1);
		}
	}
	ck_assert_int_ge(races, 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* the text report says what was searched */
	char *bc = tu_kernel("bugs/atomic_block_scope.O0.bc");
	tu_run_bin(&r, (const char *const[]){ bc, NULL });
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.out, "searched ") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "launch: --kernel") != NULL, "%s", r.out);
	ck_assert(r.err[0] == '\0');	/* not a terminal: no progress line */
	tu_run_free(&r);
	free(bc);
}
END_TEST

/* The same seed gives the same bytes, whatever the number of jobs; another
** seed searches other launches. */
START_TEST(reproducible)
{
	struct tu_run a, b, c;
	cJSON *da = search_json(&a, "block_min_nosync", (const char *const[]){ "--jobs", "1", NULL });
	cJSON *db = search_json(&b, "block_min_nosync", (const char *const[]){ "--jobs", "2", NULL });
	ck_assert_str_eq(a.out, b.out);
	cJSON *dc = search_json(&c, "block_min_nosync", (const char *const[]){ "--seed", "7", NULL });
	ck_assert_str_ne(a.out, c.out);
	ck_assert_int_eq(jint(dc, "seed"), 7);
	cJSON_Delete(da);
	cJSON_Delete(db);
	cJSON_Delete(dc);
	tu_run_free(&a);
	tu_run_free(&b);
	tu_run_free(&c);
}
END_TEST

/* Pins stay: a block range bounds every launch, an --arg stays as given. */
START_TEST(pins)
{
	struct tu_run r;
	cJSON *doc = search_json(&r, "join_bd", (const char *const[]){ "--block", "40..48",
				 "--arg", "n=77", "--generations", "3", "--threshold", "0", NULL });
	const cJSON *s = search_of(doc);
	ck_assert_int_eq(jint(s, "evaluations"), 70);
	ck_assert_int_eq(jint(s, "generations_run"), 3);
	const cJSON *l;
	int n = 0;
	cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(doc, "launches")) {
		int bx = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(l, "block"), 0)->valueint;
		ck_assert(bx >= 40 && bx <= 48);
		const cJSON *a;
		cJSON_ArrayForEach(a, cJSON_GetObjectItemCaseSensitive(l, "args"))
			if (strcmp(cJSON_GetObjectItemCaseSensitive(a, "name")->valuestring, "n") == 0)
				ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(a, "value")->valuestring, "77");
		n++;
	}
	ck_assert_int_ge(n, 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

/* A full launch is analysed as given, as before the search existed. */
START_TEST(fixed_launch_unchanged)
{
	struct tu_run r;
	cJSON *doc = search_json(&r, "atomic_block_scope", (const char *const[]){ "--grid", "1",
				 "--block", "32", "--size", "in=64", "--size", "count=1", NULL });
	const cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "kernels"), 0);
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(k, "search"));
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "launches")), 1);
	ck_assert_int_eq(r.status, 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

static int count_kind(const cJSON *doc, const char *kind)
{
	int n = 0;
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		n += strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, kind) == 0;
	return n;
}

/* Division by zero is no contract break (item 7 of issue 10): a division by
** a parameter the search set to 0 is the kernel's assumption that it is
** not (hamming_branch_race_fixed divides by feat_len), one warning under
** the inferred contract; the division itself is listed only with
** --contract=any, under a launch outside the contract. */
START_TEST(nonzero_assumption)
{
	struct tu_run r;
	cJSON *doc = search_json(&r, "hamming_branch_race_fixed", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "findings")), 1);
	ck_assert_int_eq(count_kind(doc, "shape-assumption"), 1);
	const cJSON *f = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "findings"), 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(f, "severity")->valuestring, "warning");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(f, "contract")->valuestring, "inferred");
	ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(f, "message")->valuestring,
				     "hamming_branch_race assumes feat_len != 0: it divides by it"));
	ck_assert_int_eq(r.status, 0);	/* a warning */
	cJSON_Delete(doc);
	tu_run_free(&r);
	static const char *const any[] = { "--contract=any", NULL };
	doc = search_json(&r, "hamming_branch_race_fixed", any);
	ck_assert_int_eq(count_kind(doc, "division-by-zero"), 1);
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		if (strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, "division-by-zero") == 0)
			ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(f, "contract")->valuestring, "none");
	ck_assert_int_eq(jint(cJSON_GetObjectItemCaseSensitive(doc, "summary"),
			      "findings_outside_contract"), 0);
	ck_assert_int_eq(r.status, 1);	/* the division is an error once listed */
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* --contract takes four words */
	static const char *const bad[] = { "--contract=some", NULL };
	char *bc = tu_kernel("bugs/hamming_branch_race_fixed.O0.bc");
	const char *args[] = { bc, bad[0], NULL };
	tu_run_bin(&r, args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--contract some: expected host, declared, inferred or any"));
	tu_run_free(&r);
	free(bc);
}
END_TEST

/* The default search of the .cu source SRC (device side only: no host
** sites), as JSON; *R keeps the run. */
static cJSON *search_cu_json(struct tu_run *r, const char *src, char **bc)
{
	*bc = tu_compile_cu(src);
	tu_run_bin(r, (const char *const[]){ *bc, "--format=json", NULL });
	ck_assert_msg(r->status == 0 || r->status == 1, "exit %d: %s", r->status, r->err);
	return tu_check_report_json(r->out);
}

/* The message of the first finding of kind KIND whose message holds
** NEEDLE, or NULL. */
static const char *finding_with(const cJSON *doc, const char *kind, const char *needle)
{
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		const char *k = cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring;
		const char *m = cJSON_GetObjectItemCaseSensitive(f, "message")->valuestring;
		if (strcmp(k, kind) == 0 && strstr(m, needle))
			return m;
	}
	return NULL;
}

/* Issue 11, item 5: the search keeps an access below a buffer's start and
** one through an unsigned index that wrapped (16 GiB away) as findings of
** that buffer (no launch avoids them), and each launch's replay line is
** one simulee-c takes and gives the finding again, with its index. */
START_TEST(provenance_replays)
{
	static const char *const srcs[2] = {
		"__global__ void under(const float *in, float *out)\n"
		"{\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tout[i] = in[i - 1];\n"
		"}\n",
		"__global__ void wrap(const float *in, float *out)\n"
		"{\n"
		"\tunsigned i = blockIdx.x * blockDim.x + threadIdx.x, prev = i - 1;\n"
		"\tout[i] = in[prev];\n"
		"}\n",
	};
	static const char *const wheres[2] = { "in[-1]", "in[4294967295]" };
	static const char *const details[2] = { "index -1 (below its start)", "index 4294967295" };
	for (int k = 0; k < 2; k++) {
		struct tu_run r;
		char *bc;
		cJSON *doc = search_cu_json(&r, srcs[k], &bc);
		const cJSON *f, *oob = NULL;
		cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
			const cJSON *w = cJSON_GetObjectItemCaseSensitive(f, "where");
			if (oob == NULL && cJSON_IsString(w) && strcmp(w->valuestring, wheres[k]) == 0)
				oob = f;
		}
		ck_assert_msg(oob != NULL, "no out-of-bounds access at %s: %s", wheres[k], r.out);
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(oob, "kind")->valuestring,
				 "out-of-bounds");
		int li = cJSON_GetObjectItemCaseSensitive(oob, "launch")->valueint;
		const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"), li);
		char *opts = xstrdup(cJSON_GetObjectItemCaseSensitive(l, "options")->valuestring);
		const char *args[48] = { bc };
		int na = 1;
		for (char *save = NULL, *t = strtok_r(opts, " ", &save); t && na < 47;
		     t = strtok_r(NULL, " ", &save))
			args[na++] = t;
		args[na] = NULL;
		struct tu_run rr;
		tu_run_bin(&rr, args);
		ck_assert_msg(rr.status == 1 && strstr(rr.out, details[k]) && strstr(rr.out, wheres[k]),
			      "replay: %d %s%s", rr.status, rr.out, rr.err);
		tu_run_free(&rr);
		free(opts);
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* Issue 10, item 6: the fields of a struct passed by value are searched
** (the race needs stride >= 2), its divisor field is assumed nonzero, and
** the launch replays with the fields as --arg reads them. */
START_TEST(struct_fields)
{
	static const char src[] =
		"struct P { int n; int stride; float scale; };\n"
		"__global__ void dec(const float *in, float *out, P p)\n"
		"{\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tif (i < p.n)\n"
		"\t\tout[i / p.stride] += in[i] * p.scale;\n"
		"}\n";
	struct tu_run r;
	char *bc;
	cJSON *doc = search_cu_json(&r, src, &bc);
	ck_assert_msg(finding_with(doc, "data-race", "") != NULL, "no race: %s", r.err);
	ck_assert_ptr_nonnull(finding_with(doc, "shape-assumption", "dec assumes p.stride != 0"));
	ck_assert_int_eq(count_kind(doc, "division-by-zero"), 0);
	/* the race's witness replays it, the struct's fields as --arg gives them */
	const cJSON *f, *race = NULL;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		if (race == NULL && strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring,
					   "data-race") == 0)
			race = f;
	int li = cJSON_GetObjectItemCaseSensitive(race, "launch")->valueint;
	const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"), li);
	char *opts = xstrdup(cJSON_GetObjectItemCaseSensitive(l, "options")->valuestring);
	const char *p = strstr(opts, "--arg p=");
	int n, stride;
	ck_assert_msg(p && sscanf(p, "--arg p=%d,%d,", &n, &stride) == 2, "%s", opts);
	ck_assert_int_ge(stride, 2);
	const char *args[48] = { bc, "--format=json" };
	int na = 2;
	for (char *save = NULL, *t = strtok_r(opts, " ", &save); t && na < 47; t = strtok_r(NULL, " ", &save))
		args[na++] = t;
	args[na] = NULL;
	struct tu_run rr;
	tu_run_bin(&rr, args);
	ck_assert_msg(rr.status == 1 && strstr(rr.out, "data-race"), "replay: %d %s", rr.status, rr.err);
	tu_run_free(&rr);
	free(opts);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Issue 10, item 6: an enum parameter takes its enumerators (debug info):
** the race is only in mode C = 77777, which no stratum of plain integers
** draws. */
START_TEST(enum_values)
{
	static const char src[] =
		"enum Mode { A = 0, B = 1000, C = 77777 };\n"
		"__global__ void k(float *out, Mode m)\n"
		"{\n"
		"\tif (m == C)\n"
		"\t\tout[0] = threadIdx.x;\n"
		"\telse\n"
		"\t\tout[threadIdx.x] = m;\n"
		"}\n";
	struct tu_run r;
	char *bc;
	cJSON *doc = search_cu_json(&r, src, &bc);
	ck_assert_msg(finding_with(doc, "data-race", "") != NULL, "mode C not tried: %s", r.err);
	ck_assert_int_eq(r.status, 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Issue 10, item 6: the grid is searched for a kernel that reads neither
** blockIdx nor gridDim: identical blocks' read-modify-writes of one slot
** race; their same-value writes do not count. */
START_TEST(grid_blind)
{
	static const char src[] =
		"__global__ void acc(const int *in, int *out, int *flag)\n"
		"{\n"
		"\tflag[threadIdx.x] = 1;\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tout[0] += in[0];\n"
		"}\n";
	struct tu_run r;
	char *bc;
	cJSON *doc = search_cu_json(&r, src, &bc);
	const cJSON *f;
	int races = 0;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		if (strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, "data-race") != 0)
			continue;
		races++;
		const cJSON *cls = cJSON_GetObjectItemCaseSensitive(f, "class");
		ck_assert_msg(cJSON_IsString(cls) && strcmp(cls->valuestring, "inter-block") == 0,
			      "a race that is not inter-block");
	}
	ck_assert_msg(races >= 1, "no inter-block race: %s", r.err);
	ck_assert_ptr_null(finding_with(doc, "data-race", "same value"));
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* docs/CONTRACTS.md rules 4 to 7 with no host code: a 16x16 tile kernel
** is pinned to 16 x 16 by its writes (x, y <= 16) and its reads (x, y >=
** 16), and its n to the grid by its unchecked store; a warp-shuffle kernel assumes whole warps; a flattened index bounds
** the block's threads from both sides.  Each reports its real race inside
** those shapes, and nothing else. */
START_TEST(shape_rules)
{
	static const char tile[] =
		"#define T 16\n"
		"__global__ void mm(const float *A, const float *B, float *C, int n)\n"
		"{\n"
		"\t__shared__ float As[T][T], Bs[T][T];\n"
		"\tint tx = threadIdx.x, ty = threadIdx.y;\n"
		"\tint row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;\n"
		"\tfloat acc = 0;\n"
		"\tfor (int t = 0; t < n; t += T) {\n"
		"\t\tAs[ty][tx] = A[row * n + t + tx];\n"
		"\t\tBs[ty][tx] = B[(t + ty) * n + col];\n"
		"\t\t__syncthreads();\n"
		"\t\tfor (int k = 0; k < T; k++)\n"
		"\t\t\tacc += As[ty][k] * Bs[k][tx];\n"
		"\t}\n"
		"\tC[row * n + col] = acc;\n"
		"}\n";
	struct tu_run r;
	char *bc;
	cJSON *doc = search_cu_json(&r, tile, &bc);
	static const char *const want[] = {
		"mm assumes blockDim.x == 16: shared 'As[16][16]' and 'Bs[16][16]' are indexed by threadIdx.x",
		"mm assumes blockDim.y == 16: shared 'As[16][16]' and 'Bs[16][16]' are indexed by threadIdx.y",
		/* rule 7: no bounds check, C[row * n + col] is one-to-one only then */
		"mm assumes n == gridDim.x * 16: global 'C' races unless it holds",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(finding_with(doc, "shape-assumption", want[i]) != NULL, "no '%s': %s",
			      want[i], r.err);
	/* one per component, one for the relation */
	ck_assert_int_eq(count_kind(doc, "shape-assumption"), 3);
	ck_assert_msg(finding_with(doc, "data-race", "") != NULL, "no race: %s", r.err);
	ck_assert_int_eq(count_kind(doc, "uninitialized-read"), 0);
	ck_assert_int_eq(count_kind(doc, "out-of-bounds"), 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);

	static const char warp[] =
		"__global__ void ws(const float *in, float *out)\n"
		"{\n"
		"\tfloat v = in[blockIdx.x * blockDim.x + threadIdx.x];\n"
		"\tfor (int o = 16; o > 0; o /= 2)\n"
		"\t\tv += __shfl_down_sync(0xffffffffu, v, o);\n"
		"\tif ((threadIdx.x & 31) == 0)\n"
		"\t\tatomicAdd(out, v);\n"
		"}\n";
	doc = search_cu_json(&r, warp, &bc);
	ck_assert_msg(finding_with(doc, "shape-assumption",
				   "ws assumes whole warps (blockDim.x a multiple of 32)") != NULL,
		      "no whole-warps assumption: %s", r.err);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "findings")), 1);
	ck_assert_int_eq(r.status, 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Issue 11, item 7: shared memory starts unspecified, so the search varies
** what it holds (--shared-init): the race on out[0] only happens where the
** unwritten half of best[] holds more than the input. */
START_TEST(shared_init_searched)
{
	static const char src[] =
		"__global__ void best_of(const int *in, int *out)\n"
		"{\n"
		"\t__shared__ int best[32];\n"
		"\tif (threadIdx.x < 16)\n"
		"\t\tbest[threadIdx.x] = in[threadIdx.x];\n"
		"\tint d = in[threadIdx.x];\n"
		"\tif (d < best[threadIdx.x])\n"
		"\t\tout[0] = d;\n"
		"}\n";
	struct tu_run r;
	char *bc;
	cJSON *doc = search_cu_json(&r, src, &bc);
	const cJSON *f, *race = NULL;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		if (strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, "data-race") == 0)
			race = f;
	ck_assert_msg(race != NULL, "no race: %s", r.err);
	int li = cJSON_GetObjectItemCaseSensitive(race, "launch")->valueint;
	const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"), li);
	const char *si = cJSON_GetObjectItemCaseSensitive(l, "shared_init")->valuestring;
	ck_assert_str_ne(si, "zero");
	ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(l, "options")->valuestring,
				     "--shared-init "));
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* pinned: zeros hide the race, a large constant shows it */
	static const char *const zero[] = { "--shared-init", "zero", NULL }, *big[] = { "--shared-init", "const:100", NULL };
	for (int k = 0; k < 2; k++) {
		const char *args[12] = { bc, "--grid", "1", "--block", "32", "--size", "in=32", "--size", "out=1",
					 "--init", "in=iota" };
		args[11] = NULL;
		const char *const *extra = k ? big : zero;
		const char *all[16];
		int n = 0;
		for (int i = 0; args[i]; i++)
			all[n++] = args[i];
		for (int i = 0; extra[i]; i++)
			all[n++] = extra[i];
		all[n] = NULL;
		tu_run_bin(&r, all);
		ck_assert_int_eq(r.status, 1);	/* the uninitialized read either way */
		ck_assert_int_eq(strstr(r.out, "data race on global 'out[0]'") != NULL, k);
		tu_run_free(&r);
	}
	tu_run_bin(&r, (const char *const[]){ bc, "--shared-init", "rand:x", NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--shared-init rand:x: expected"));
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* The kernel's contract: candidates on which an assert fails are counted
** and their findings dropped; out of bounds on a shared array beyond a
** block size is the kernel's inferred shape assumption, one warning with
** the smallest launch that shows it (em_256_oob: a block over 256), the
** out-of-bounds errors of those launches only listed by --contract=any;
** the fixed twin, which asserts its block, is clean. */
START_TEST(contract)
{
	struct tu_run r;
	cJSON *doc = search_json(&r, "em_256_oob_fixed", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "findings")), 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	doc = search_json(&r, "em_256_oob", NULL);
	ck_assert_int_eq(count_kind(doc, "out-of-bounds"), 0);
	ck_assert_int_eq(count_kind(doc, "shape-assumption"), 1);
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(f, "space")->valuestring, "shared");
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(f, "contract")->valuestring, "inferred");
		ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(f, "message")->valuestring,
					     "assumes blockDim.x <= 256: shared"));
		/* the smallest launch that shows it */
		const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"),
						    cJSON_GetObjectItemCaseSensitive(f, "launch")->valueint);
		ck_assert_int_eq(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(l, "block"), 0)->valueint,
				 257);
	}
	ck_assert_int_gt(jint(cJSON_GetObjectItemCaseSensitive(doc, "summary"),
			      "findings_outside_contract"), 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	static const char *const any[] = { "--contract=any", NULL };
	doc = search_json(&r, "em_256_oob", any);
	ck_assert_int_gt(count_kind(doc, "out-of-bounds"), 0);
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		if (strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, "out-of-bounds") == 0)
			ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(f, "contract")->valuestring, "none");
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* written for a block of 128: every other block size is outside */
	doc = search_json(&r, "sum_reduce_race_rb_fixed", NULL);
	const cJSON *s = search_of(doc);
	ck_assert_int_gt(jint(s, "outside_contract"), 0);
	const cJSON *by = cJSON_GetObjectItemCaseSensitive(s, "outside_by_kind");
	ck_assert_int_eq(jint(by, "assert"), jint(s, "outside_contract"));
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "findings")), 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

/* Out of bounds on a buffer the user sized is a finding under the search;
** on a buffer the search sized (sparse, unbounded) there is none, and on a
** local array the launch is outside the contract. */
START_TEST(oob_sized_buffer)
{
	static const char src[] =
		"__global__ void k(int *p, int n)\n"
		"{\n"
		"\tint a[4];\n"
		"\ta[threadIdx.x & 3] = n;\n"
		"\tp[threadIdx.x] = a[n & 7];\n"	/* 5 */
		"}\n";
	char *bc = tu_compile_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--format=json", "--search", "--size", "p=16", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *f;
	int oob = 0;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		if (strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, "out-of-bounds"))
			continue;
		ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(f, "space")->valuestring, "global");
		oob++;
	}
	ck_assert_int_eq(oob, 1);	/* p[16..]: a[4..7] is outside the contract */
	const cJSON *by = cJSON_GetObjectItemCaseSensitive(search_of(doc), "outside_by_kind");
	ck_assert_int_gt(jint(by, "out-of-bounds"), 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--format=json", NULL });
	doc = tu_check_report_json(r.out);
	ck_assert_int_eq(count_kind(doc, "out-of-bounds"), 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Usage errors of the search options. */
START_TEST(usage)
{
	char *bc = tu_kernel("bugs/atomic_block_scope.O0.bc");
	static const char *const bad[][4] = {
		{ "--population", "0", NULL }, { "--jobs", "0", NULL }, { "--threshold", "x", NULL },
		{ "--block", "64..32", NULL }, { "--block", "32..64", "--no-search", NULL },
		{ "--dump", "in", NULL }, { "--max-threads", "0", NULL },
		{ "--arg", "nosuch=1", NULL },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *args[8] = { bc };
		int n = 1;
		for (int j = 0; bad[i][j]; j++)
			args[n++] = bad[i][j];
		args[n] = NULL;
		struct tu_run r;
		tu_run_bin(&r, args);
		ck_assert_msg(r.status == 2, "%s %s: exit %d", bad[i][0], bad[i][1], r.status);
		ck_assert(strstr(r.err, "simulee-c: ") != NULL);
		tu_run_free(&r);
	}
	free(bc);
}
END_TEST

/* A file with several kernels: each is searched and reported. */
START_TEST(every_kernel)
{
	static const char src[] =
		"__global__ void one(int *p) { p[0] = threadIdx.x; }\n"
		"__global__ void two(int *p) { p[threadIdx.x] = 1; }\n";
	char *bc = tu_compile_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--format=json", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *ks = cJSON_GetObjectItemCaseSensitive(doc, "kernels");
	ck_assert_int_eq(cJSON_GetArraySize(ks), 2);
	const cJSON *f;
	int races = 0;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		races += strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, "data-race") == 0;
	ck_assert_int_eq(races, 1);	/* one's p[0]; two is clean */
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* --time-limit holds inside a generation and inside a launch: a launch of
** more than 64 threads loops until its step budget, which is put out of
** reach; the search ends at the limit, not when the budget would end the
** launch.  What finished is reported (the race), what the limit cut short
** is counted apart and never a witness.  --jobs 1: which launches finish
** before the first long one is fixed by the seed. */
START_TEST(time_limit_cuts)
{
	char *bc = tu_compile_cu("__global__ void slowbig(int *p)\n"
				 "{\n"
				 "\tif (blockDim.x > 64)\n"
				 "\t\tfor (;;)\n"
				 "\t\t\tatomicAdd(&p[1], 1);\n"
				 "\tp[0] = threadIdx.x;\n"
				 "}\n"
				 "__global__ void slowall(int *p)\n"
				 "{\n"
				 "\tfor (;;)\n"
				 "\t\tatomicAdd(&p[1], 1);\n"
				 "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "slowbig", "--format=json", "--time-limit",
					  "1", "--jobs", "1", "--max-steps", "4000000000", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *s = search_of(doc);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(s, "stop")->valuestring, "time-limit");
	ck_assert_int_ge(jint(s, "cut"), 1);
	ck_assert_int_ge(jint(s, "evaluations"), 1);
	ck_assert_int_eq(jint(s, "outside_contract"), 0);
	const cJSON *l, *f;
	int races = 0;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		races += strcmp(cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring, "data-race") == 0;
	ck_assert_int_eq(races, 1);
	cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(doc, "launches")) {
		const cJSON *b = cJSON_GetObjectItemCaseSensitive(l, "block");
		int threads = 1;
		for (int i = 0; i < 3; i++)
			threads *= cJSON_GetArrayItem(b, i)->valueint;
		ck_assert_int_le(threads, 64);
	}
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* every launch is a long one: nothing finishes, and that is said */
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "slowall", "--time-limit", "1",
					  "--max-steps", "4000000000", NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "searched 0 launches in 1 generation (stop: time-limit, ") != NULL
		      && strstr(r.out, " cut short)") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.err, "the time limit (1 s) came before any launch finished: nothing "
			     "was checked") != NULL, "%s", r.err);
	/* and a finding, which --fail-on=warning fails on */
	ck_assert_msg(strstr(r.out, "warning: nothing checked: the time limit (1 s) came before any "
			     "launch finished; ") != NULL && strstr(r.out, "0 errors, 1 warning") != NULL,
		      "%s", r.out);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "slowall", "--time-limit", "1",
					  "--max-steps", "4000000000", "--fail-on=warning", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* A host launch at its real size (each thread walks a row of 8192
** elements, about 120,000 instructions a warp) runs to its end in the
** search: its budget scales with its data, where the fixed 100,000 a
** warp ended nearly every host launch in the step budget. */
START_TEST(real_size_budget)
{
	static const char text[] =
		"__global__ void rowsum(const float *m, float *out, int rows, int n)\n"
		"{\n"
		"	int r = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"	if (r >= rows)\n"
		"		return;\n"
		"	float acc = 0;\n"
		"	for (int j = 0; j < n; j++)\n"
		"		acc += m[(size_t)r * n + j];\n"
		"	out[r] = acc;\n"
		"}\n"
		"int main()\n"
		"{\n"
		"	int rows = 64, n = 8192;\n"
		"	float *m, *out;\n"
		"	cudaMalloc(&m, (size_t)rows * n * sizeof(float));\n"
		"	cudaMalloc(&out, rows * sizeof(float));\n"
		"	cudaMemset(m, 0, (size_t)rows * n * sizeof(float));\n"
		"	rowsum<<<rows / 32, 32>>>(m, out, rows, n);\n"
		"	return 0;\n"
		"}\n";
	char *cu = tu_tmp_cu(text);
	const char *args[] = { cu, "--generations", "1", "--format=json", NULL };
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *host = tu_jat(doc, "kernels/0/host_sites");
	ck_assert(cJSON_IsTrue(host));
	const cJSON *b = tu_jat(doc, "kernels/0/search/outside_by_kind/step-budget");
	/* the site's launches all finish; a mutant with a larger n may not */
	ck_assert_msg(b == NULL || b->valuedouble <= 2, "%s", r.out);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* A kernel that never finishes, whatever its launch, with a time limit
** that cuts some launches: the launches that ran to their budget still
** make the "no launch finishes" error (a cut one used to end the check,
** and the run said 0 errors). */
START_TEST(time_limit_never_finishes)
{
	char *bc = tu_compile_cu("__global__ void spin(int *p)\n"
				 "{\n"
				 "\tfor (;;)\n"
				 "\t\tatomicAdd(&p[1], 1);\n"
				 "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--time-limit", "2", "--max-steps", "30000",
					  "--jobs", "1", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "error: thread did not finish") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "no launch finishes: all ") != NULL, "%s", r.out);
	/* the launches cut short are counted apart, not as launches that ran */
	if (strstr(r.out, "launches cut short)") != NULL)
		ck_assert_msg(strstr(r.out, "more cut short by the time limit)") != NULL, "%s", r.out);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* The program's own launch fails the kernel's assert; its other launch,
** in the same batch, is cut by the time limit.  The failing launch still
** gets its two probes, and its fault is the program's bug. */
START_TEST(time_limit_host_fault)
{
	static const char text[] =
		"#include <cassert>\n"
		"__global__ void k(int *p, int n)\n"
		"{\n"
		"	if (n > 1000)\n"
		"		for (;;)\n"
		"			atomicAdd(&p[1], 1);\n"
		"	assert(n < 10);\n"
		"	p[threadIdx.x] = n;\n"
		"}\n"
		"int main()\n"
		"{\n"
		"	int *p;\n"
		"	cudaMalloc(&p, 256 * sizeof(int));\n"
		"	k<<<1, 32>>>(p, 20);\n"
		"	k<<<1, 32>>>(p, 2000);\n"
		"	cudaDeviceSynchronize();\n"
		"	return 0;\n"
		"}\n";
	char *cu = tu_tmp_cu(text);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cu, "--time-limit", "1", "--max-steps", "4000000000",
					  "--jobs", "1", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "error: assertion failed") != NULL
		      && strstr(r.out, "contract: host") != NULL
		      && strstr(r.out, "--arg n=20 ") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "launches cut short)") != NULL, "%s", r.out);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* Input-to-state (issue 27, item 1): a precondition the search can only
** meet through the value the kernel compares with, before a race every
** launch past it shows.  Each kernel's race is found and no
** nothing-checked warning stands: a scalar named past the range the
** search draws from (4000000), a struct's field, floating-point
** parameters (an equality and a bound past the draw range), a multiple
** of the block and a power of two (relations: the comparison that fails
** compares a value computed from the scalar). */
static const char *const precond_kernels[] = {
	/* a value past the draw range, exactly */
	"#include <cassert>\n"
	"__global__ void big(int *out, int n)\n"
	"{\n"
	"\tassert(n == 4000000);\n"
	"\t__shared__ int s[1024];\n"
	"\ts[threadIdx.x] = n;\n"
	"\tout[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];\n"
	"}\n",
	/* a struct's field */
	"#include <cassert>\n"
	"struct P { int n; int pitch; };\n"
	"__global__ void field(int *out, P p)\n"
	"{\n"
	"\tassert(p.pitch == 12345);\n"
	"\t__shared__ int s[1024];\n"
	"\ts[threadIdx.x] = p.n;\n"
	"\tout[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];\n"
	"}\n",
	/* floats: an equality, and a bound past the draw range */
	"#include <cassert>\n"
	"__global__ void fp(int *out, float scale, double lim)\n"
	"{\n"
	"\tassert(scale == 0.75f && lim > 2.5e6);\n"
	"\t__shared__ int s[1024];\n"
	"\ts[threadIdx.x] = (int)scale;\n"
	"\tout[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];\n"
	"}\n",
	/* relations: a multiple of the block (65537 is prime: no block of
	** 32 or more divides the value the bound names), a power of two */
	"#include <cassert>\n"
	"__global__ void mult(int *out, int n)\n"
	"{\n"
	"\tassert(blockDim.x >= 32 && n > 65536 && n % blockDim.x == 0);\n"
	"\t__shared__ int s[1024];\n"
	"\ts[threadIdx.x] = n;\n"
	"\tout[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];\n"
	"}\n",
	"#include <cassert>\n"
	"__global__ void pow2(int *out, unsigned n)\n"
	"{\n"
	"\tassert(n >= 100000 && (n & (n - 1)) == 0);\n"
	"\t__shared__ int s[1024];\n"
	"\ts[threadIdx.x] = n;\n"
	"\tout[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];\n"
	"}\n",
};

/* Issue 27 item 6: a probe is not defeated by a size the search chose.
** One thread per row of a table of row pointers, summed with full-mask
** shuffles: the search's table holds 16 rows, so every launch it accepts
** is a partial warp, and rule 5's probe, a whole warp, reads rows the
** table lacks.  The probe runs again with a row per thread: whole warps
** are the kernel's assumption, not a warp-sync error. */
START_TEST(probe_sized_rows)
{
	static const char src[] =
		"__global__ void warp_row_heads(const float *const *rows, float *out)\n"
		"{\n"
		"\tunsigned lane = threadIdx.x;\n"
		"\tfloat v = rows[blockIdx.x * blockDim.x + lane][0];\n"
		"\tfor (int o = 16; o > 0; o /= 2)\n"
		"\t\tv += __shfl_down_sync(0xffffffffu, v, o);\n"
		"\tif (lane == 0)\n"
		"\t\tout[blockIdx.x] = v;\n"
		"}\n";
	struct tu_run r;
	char *bc;
	cJSON *doc = search_cu_json(&r, src, &bc);
	ck_assert_msg(finding_with(doc, "shape-assumption", "assumes whole warps") != NULL,
		      "no whole-warps assumption: %s", r.out);
	ck_assert_msg(count_kind(doc, "warp-sync-divergence") == 0, "a warp-sync error: %s", r.out);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

START_TEST(preconditions_met)
{
	for (size_t i = 0; i < sizeof precond_kernels / sizeof precond_kernels[0]; i++) {
		struct tu_run r;
		char *bc;
		cJSON *doc = search_cu_json(&r, precond_kernels[i], &bc);
		ck_assert_msg(count_kind(doc, "nothing-checked") == 0, "kernel %zu: nothing checked: %s",
			      i, r.out);
		ck_assert_msg(finding_with(doc, "data-race", "") != NULL, "kernel %zu: no race: %s", i,
			      r.out);
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* Issue 26, item 2: a size the kernel's own precondition names (n ==
** 1000000, past the range the search draws from) is a real size: the
** launch that takes it walks its million elements to the end, where the
** share of 100,000 steps a searched launch gets stopped every such launch
** at the step budget and nothing was checked. */
START_TEST(named_size_budget)
{
	static const char src[] =
		"#include <cassert>\n"
		"__global__ void scale(const float *in, float *out, int *last, int n)\n"
		"{\n"
		"\tassert(n == 1000000);\n"
		"\tint t = blockDim.x * blockIdx.x + threadIdx.x, all = blockDim.x * gridDim.x;\n"
		"\tfor (int i = t; i < n; i += all)\n"
		"\t\tout[i] = in[i] * 2.0f;\n"
		"\tlast[0] = t;\n"
		"}\n";
	struct tu_run r;
	char *bc;
	cJSON *doc = search_cu_json(&r, src, &bc);
	ck_assert_msg(count_kind(doc, "nothing-checked") == 0, "nothing checked: %s", r.out);
	ck_assert_msg(finding_with(doc, "data-race", "") != NULL, "no race: %s", r.out);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Issue 26, item 2: blocks a kernel cannot tell apart (it reads neither
** blockIdx nor gridDim) run as two, standing for the grid: a launch of
** 65535 blocks of 1024 threads, 67 million threads that a simulation of
** every block would take an hour over, still shows the inter-block race
** of its identical blocks, and the report keeps the launch's own grid. */
START_TEST(identical_blocks)
{
	static const char src[] =
		"__global__ void acc(int *out, int n)\n"
		"{\n"
		"\tint a = 0;\n"
		"\tfor (int i = 0; i < n; i++)\n"
		"\t\ta += i ^ threadIdx.x;\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tout[0] += a;\n"
		"}\n";
	char *bc = tu_compile_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--format=json", "--grid", "65535", "--block",
					      "1024", "--search", "--population", "2",
					      "--generations", "1", "--arg", "n=100", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *f;
	int inter = 0;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		const cJSON *cls = cJSON_GetObjectItemCaseSensitive(f, "class");
		inter += cJSON_IsString(cls) && strcmp(cls->valuestring, "inter-block") == 0;
	}
	ck_assert_msg(inter == 1, "no inter-block race: %s", r.out);
	ck_assert_msg(strstr(r.out, "65535"), "the launch's grid is not reported: %s", r.out);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Rule 7 along y and z: a block coordinate that indexes heads or batches
** (`(h * B + b) * T + t`, b = blockIdx.z) ties the scalar to that grid
** component, and only where the race starts there (one below still
** races); a kernel that compares the coordinate with the scalar (`h >
** nh`, off by one) is written for any grid, and its race stays an error.
** --max-threads leaves room to grow the grid for the second launch. */
START_TEST(tie_block_heads)
{
	static const char batch[] =
		"__global__ void kv_scale(float *kv, int B, int T, int NH)\n"
		"{\n"
		"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tint h = blockIdx.y;\n"
		"\tint b = blockIdx.z;\n"
		"\tif (t >= T || h >= NH)\n"
		"\t\treturn;\n"
		"\tfloat *row = kv + (h * B + b) * T + t;\n"
		"\t*row = *row * 0.5f + (float)b;\n"
		"}\n";
	static const char offby[] =
		"__global__ void head_bias(float *io, int T, int nh)\n"
		"{\n"
		"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tint h = blockIdx.y;\n"
		"\tint b = blockIdx.z;\n"
		"\tif (t >= T || h > nh)\n"
		"\t\treturn;\n"
		"\tfloat *x = io + (b * nh + h) * T + t;\n"
		"\t*x = *x * 0.5f + (float)h;\n"
		"}\n";
	for (int j = 0; j < 2; j++) {
		char *bc = tu_compile_cu(j ? offby : batch);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--format=json", "--max-threads", "65536",
						      NULL });
		ck_assert_msg(r.status == 0 || r.status == 1, "exit %d: %s", r.status, r.err);
		cJSON *doc = tu_check_report_json(r.out);
		if (j == 0) {
			ck_assert_msg(finding_with(doc, "shape-assumption",
						   "assumes B == gridDim.z: global 'kv' races"),
				      "no relation: %s", r.out);
			ck_assert_int_eq(jint(cJSON_GetObjectItemCaseSensitive(doc, "summary"), "errors"), 0);
		} else {
			ck_assert_msg(!finding_with(doc, "shape-assumption", "assumes nh =="),
				      "tied a checked scalar: %s", r.out);
			ck_assert_int_ge(count_kind(doc, "data-race"), 1);
			ck_assert_int_ge(jint(cJSON_GetObjectItemCaseSensitive(doc, "summary"), "errors"), 1);
		}
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* Issue 26, item 2: rule 7's probes (every scalar an index reads against
** every relation with the launch, each a copy of the launch) stop at
** their budget, and a search-stopped-short note says how many launches
** were left unprobed; the run is the same whatever --jobs. */
START_TEST(probe_budget)
{
	static const char src[] =
		"__global__ void many(float *out, int a, int b, int c, int d, int e, int f, int g,\n"
		"\t\t     int h)\n"
		"{\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tfloat acc = 0;\n"
		"\tfor (int k = 0; k < 1000; k++)\n"
		"\t\tacc += k * 0.5f;\n"
		"\tout[(i + a + b + c + d + e + f + g + h) / 2] = acc;\n"
		"}\n";
	char *bc = tu_compile_cu(src);
	char *out[2];
	for (int j = 0; j < 2; j++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--format=json", "--max-steps", "1000000",
						      "--population", "4", "--generations", "1",
						      "--jobs", j ? "2" : "1", NULL });
		ck_assert_msg(r.status == 0 || r.status == 1, "exit %d: %s", r.status, r.err);
		cJSON *doc = tu_check_report_json(r.out);
		ck_assert_msg(count_kind(doc, "search-stopped-short") == 1, "no note: %s", r.out);
		ck_assert_ptr_nonnull(finding_with(doc, "search-stopped-short", "were not probed"));
		cJSON_Delete(doc);
		out[j] = strdup(r.out);
		tu_run_free(&r);
	}
	ck_assert_str_eq(out[0], out[1]);
	free(out[0]);
	free(out[1]);
	unlink(bc);
	free(bc);
}
END_TEST

/* Issue 26, item 2, and issue 27: a host launch of 2^20 threads, each
** looping 10,000 times (about 10^9 warp instructions), neither runs to
** the time limit nor is cut unchecked: past the launch's work budget it
** runs its first blocks (an eighth of the budget's worth), which the
** launch names under the program's grid; its warps may loop as far as
** the program's n asks (no step-budget fault), and the search goes on.
** (Before, it was cut after its first block and checked nothing.) */
START_TEST(launch_work_cut)
{
	static const char text[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void loopn(float *out, int n)\n"
		"{\n"
		"	int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"	float acc = 0;\n"
		"	for (int k = 0; k < n; k++)\n"
		"		acc += k * 0.5f;\n"
		"	out[i] = acc;\n"
		"}\n"
		"int main()\n"
		"{\n"
		"	float *d;\n"
		"	int n = 1 << 20;\n"
		"	cudaMalloc(&d, n * sizeof(float));\n"
		"	loopn<<<n / 256, 256>>>(d, 10000);\n"
		"	return 0;\n"
		"}\n";
	char *cu = tu_tmp_cu(text);
	const char *args[] = { cu, "--generations", "1", "--population", "4", "--format=json", NULL };
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *s = search_of(doc);
	ck_assert_int_eq(jint(s, "cut"), 0);
	ck_assert_int_gt(jint(s, "evaluations"), 0);
	ck_assert_str_ne(cJSON_GetObjectItemCaseSensitive(s, "stop")->valuestring, "time-limit");
	ck_assert_ptr_null(finding_with(doc, "nothing-checked", ""));
	const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"), 0);
	const cJSON *pg = cJSON_GetObjectItemCaseSensitive(l, "program_grid");
	ck_assert(cJSON_IsArray(pg));
	ck_assert_int_eq(cJSON_GetArrayItem(pg, 0)->valueint, 4096);
	int ran = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(l, "grid"), 0)->valueint;
	ck_assert_msg(ran >= 1 && ran < 4096, "%d blocks", ran);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

Suite *evolve_suite(void)
{
	Suite *s = suite_create("evolve");
	TCase *tc = tcase_create("inputs");
	tcase_add_test(tc, fill_parse_format);
	tcase_add_test(tc, fill_values);
	tcase_add_test(tc, scalar_bits);
	tcase_add_test(tc, dim3_ranges);
	tcase_add_test(tc, reads);
	suite_add_tcase(s, tc);
	tc = tcase_create("driver");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, params_pins);
	tcase_add_test(tc, driver_direct);
	suite_add_tcase(s, tc);
	tc = tcase_create("pipeline");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, default_finds);
	tcase_add_test(tc, reproducible);
	tcase_add_test(tc, pins);
	tcase_add_test(tc, fixed_launch_unchanged);
	tcase_add_test(tc, contract);
	tcase_add_test(tc, tie_block_heads);
	tcase_add_test(tc, nonzero_assumption);
	tcase_add_test(tc, oob_sized_buffer);
	tcase_add_test(tc, usage);
	tcase_add_test(tc, every_kernel);
	tcase_add_test(tc, struct_fields);
	tcase_add_test(tc, enum_values);
	tcase_add_test(tc, grid_blind);
	tcase_add_test(tc, shape_rules);
	tcase_add_test(tc, probe_sized_rows);
	tcase_add_test(tc, shared_init_searched);
	tcase_add_test(tc, provenance_replays);
	tcase_add_test(tc, real_size_budget);
	tcase_add_test(tc, time_limit_cuts);
	tcase_add_test(tc, time_limit_never_finishes);
	tcase_add_test(tc, time_limit_host_fault);
	suite_add_tcase(s, tc);
	tc = tcase_create("preconditions");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, preconditions_met);
	tcase_add_test(tc, named_size_budget);
	tcase_add_test(tc, identical_blocks);
	tcase_add_test(tc, probe_budget);
	tcase_add_test(tc, launch_work_cut);
	suite_add_tcase(s, tc);
	return s;
}
