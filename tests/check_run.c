/*
** check_run.c: `simulee-c run` (docs/RUN.md) on the kernels/run corpus:
** each NAME.expect names a program (and its other source files), its
** arguments, what it prints, its exit status through simulee-c, the
** launches it made and every finding (kind, hazard for races, file:line,
** object) the run must report, no more and no fewer; and the run's
** behaviour at its edges.  Five test programs run its cases (run_suite
** says which).
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "base/util.h"
#include "tests/tests.h"

#define MAXLINES 64

/* One parsed NAME.expect. */
struct expect {
	char name[256];
	char program[256];
	char *sources[4];	/* the program's other files, after it */
	uint32_t nsources;
	char *flags[4];		/* its build flags (-fopenmp, -l...), before it */
	uint32_t nflags;
	char *args[8];
	uint32_t nargs;
	char *stdout_lines[8];
	uint32_t nstdout;
	int status;
	char *options[4];	/* simulee-c's, before the program ("--explore") */
	uint32_t noptions;
	char run[128];		/* "launches=N simulated=N refused=N cut=N" */
	char explore[128];	/* "explored=N findings=N repeated=N": --explore's counts */
	char refused[128];
	int needs_toolkit;
	int needs_openmp;
	char *findings[MAXLINES];
	uint32_t nfindings;
	char *notes[4];		/* each in one of the report's run notes */
	uint32_t nnotes;
};

static void expect_free(struct expect *e)
{
	for (uint32_t i = 0; i < e->nsources; i++)
		free(e->sources[i]);
	for (uint32_t i = 0; i < e->nflags; i++)
		free(e->flags[i]);
	for (uint32_t i = 0; i < e->nargs; i++)
		free(e->args[i]);
	for (uint32_t i = 0; i < e->noptions; i++)
		free(e->options[i]);
	for (uint32_t i = 0; i < e->nstdout; i++)
		free(e->stdout_lines[i]);
	for (uint32_t i = 0; i < e->nfindings; i++)
		free(e->findings[i]);
	for (uint32_t i = 0; i < e->nnotes; i++)
		free(e->notes[i]);
}

static const char *run_dir(void)
{
	static char dir[1024];
	snprintf(dir, sizeof dir, "%s/kernels/run", tu_env("SIMULEE_SRCDIR"));
	return dir;
}

/* The corpus's expectations, sorted by name: NAMES[0..*N). */
static void list_expects(char names[][256], int *n, int max)
{
	DIR *d = opendir(run_dir());
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	*n = 0;
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len > 7 && strcmp(e->d_name + len - 7, ".expect") == 0 && *n < max)
			snprintf(names[(*n)++], 256, "%.*s", (int)(len - 7), e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)*n, 256, (int (*)(const void *, const void *))strcmp);
}

static void parse_expect(const char *name, struct expect *x)
{
	memset(x, 0, sizeof *x);
	snprintf(x->name, sizeof x->name, "%s", name);
	char path[1536];
	snprintf(path, sizeof path, "%s/%s.expect", run_dir(), name);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s", path);
	char line[1024];
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *v = strchr(line, ':');
		ck_assert_msg(v != NULL, "%s: bad line '%s'", path, line);
		*v++ = '\0';
		while (*v == ' ')
			v++;
		if (strcmp(line, "program") == 0) {
			snprintf(x->program, sizeof x->program, "%s", v);
		} else if (strcmp(line, "sources") == 0) {
			for (char *t = strtok(v, " "); t != NULL && x->nsources < 4; t = strtok(NULL, " "))
				x->sources[x->nsources++] = xstrdup(t);
		} else if (strcmp(line, "flags") == 0) {
			for (char *t = strtok(v, " "); t != NULL && x->nflags < 4; t = strtok(NULL, " "))
				x->flags[x->nflags++] = xstrdup(t);
		} else if (strcmp(line, "args") == 0) {
			for (char *t = strtok(v, " "); t != NULL && x->nargs < 8; t = strtok(NULL, " "))
				x->args[x->nargs++] = xstrdup(t);
		} else if (strcmp(line, "options") == 0) {
			for (char *t = strtok(v, " "); t != NULL && x->noptions < 4; t = strtok(NULL, " "))
				x->options[x->noptions++] = xstrdup(t);
		} else if (strcmp(line, "explore") == 0) {
			snprintf(x->explore, sizeof x->explore, "%s", v);
		} else if (strcmp(line, "stdout") == 0) {
			ck_assert(x->nstdout < 8);
			x->stdout_lines[x->nstdout++] = xstrdup(v);
		} else if (strcmp(line, "status") == 0) {
			x->status = atoi(v);
		} else if (strcmp(line, "run") == 0) {
			snprintf(x->run, sizeof x->run, "%s", v);
		} else if (strcmp(line, "refused") == 0) {
			snprintf(x->refused, sizeof x->refused, "%s", v);
		} else if (strcmp(line, "needs") == 0) {
			x->needs_toolkit = strcmp(v, "toolkit") == 0;
			x->needs_openmp = strcmp(v, "openmp") == 0;
		} else if (strcmp(line, "finding") == 0) {
			ck_assert(x->nfindings < MAXLINES);
			x->findings[x->nfindings++] = xstrdup(v);
		} else if (strcmp(line, "note") == 0) {
			ck_assert(x->nnotes < 4);
			x->notes[x->nnotes++] = xstrdup(v);
		} else {
			ck_abort_msg("%s: unknown key '%s'", path, line);
		}
	}
	fclose(f);
	ck_assert_msg(x->program[0] != '\0', "%s: no program", path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "kind[/hazard] file:line where" of finding (or group member) F;
** "explored kind[/hazard] file:line object" of one --explore found (the
** element it names depends on the data the search made). */
static char *finding_key(const cJSON *f)
{
	const cJSON *contract = cJSON_GetObjectItemCaseSensitive(f, "contract");
	int explored = cJSON_IsString(contract) && strcmp(contract->valuestring, "explored") == 0;
	const cJSON *loc = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(f, "locations"), 0);
	const cJSON *file = cJSON_GetObjectItemCaseSensitive(loc, "file");
	const cJSON *hz = cJSON_GetObjectItemCaseSensitive(f, "hazard");
	const cJSON *where = cJSON_GetObjectItemCaseSensitive(f, "where");
	const char *fn = cJSON_IsString(file) ? file->valuestring : "?";
	const char *base = strrchr(fn, '/');
	const char *w = cJSON_IsString(where) ? where->valuestring : "-";
	return xasprintf("%s%s%s%s %s:%d %.*s", explored ? "explored " : "",
			 cJSON_GetObjectItemCaseSensitive(f, "kind")->valuestring,
			 cJSON_IsString(hz) ? "/" : "", cJSON_IsString(hz) ? hz->valuestring : "",
			 base ? base + 1 : fn, cJSON_GetObjectItemCaseSensitive(loc, "line")->valueint,
			 explored ? (int)strcspn(w, "[") : (int)strlen(w), w);
}

/* The keys of every finding of report DOC, sorted; of a group
** (report/group.c) those of its members, which the expectations list. */
static uint32_t finding_keys(const cJSON *doc, char **keys, uint32_t max)
{
	uint32_t n = 0;
	const cJSON *f, *m;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		const cJSON *ms = cJSON_GetObjectItemCaseSensitive(f, "members");
		if (!cJSON_IsArray(ms)) {
			ck_assert(n < max);
			keys[n++] = finding_key(f);
			continue;
		}
		cJSON_ArrayForEach(m, ms) {
			ck_assert(n < max);
			keys[n++] = finding_key(m);
		}
	}
	qsort(keys, n, sizeof *keys, cmp_str);
	return n;
}

#define MAXEXPECTS 64

/* Whether the clang simulee-c runs builds and links an OpenMP program
** (omp.h and libomp: Debian's libomp-19-dev). */
static int have_openmp(void)
{
	char exe[] = "/tmp/simulee-omp-XXXXXX";
	int fd = mkstemp(exe);
	if (fd < 0)
		return 0;
	close(fd);
	char *cmd = xasprintf("printf '#include <omp.h>\\nint main(void) { return "
			      "omp_get_max_threads() < 0; }\\n' | '%s' -fopenmp -x c - -o %s "
			      ">/dev/null 2>&1", tu_env("SIMULEE_CLANG"), exe);
	int ok = system(cmd) == 0;
	free(cmd);
	unlink(exe);
	return ok;
}

/* The parts of the corpus, each the loop of a case run by a test program
** of its own (Makefile.am): the programs that run with --explore, and the
** others in two halves by name. */
enum part { PART_FIRST, PART_SECOND, PART_EXPLORE, NPARTS };

/* How many programs each part's loop runs at most (corpus_listed checks
** that each part has no more). */
static const int part_loop[NPARTS] = { MAXEXPECTS / 2, MAXEXPECTS / 2, MAXEXPECTS / 4 };

/* The names of part P of the corpus, sorted: NAMES[0..*N). */
static void part_names(enum part p, char names[][256], int *n)
{
	static char all[MAXEXPECTS][256];
	int explores[MAXEXPECTS], nall, others = 0;
	list_expects(all, &nall, MAXEXPECTS);
	for (int i = 0; i < nall; i++) {
		struct expect x;
		parse_expect(all[i], &x);
		explores[i] = 0;
		for (uint32_t k = 0; k < x.noptions; k++)
			explores[i] |= strcmp(x.options[k], "--explore") == 0;
		others += !explores[i];
		expect_free(&x);
	}
	*n = 0;
	for (int i = 0, k = 0; i < nall; i++) {
		enum part of = explores[i] ? PART_EXPLORE
			: k++ < (others + 1) / 2 ? PART_FIRST : PART_SECOND;
		if (of == p)
			snprintf(names[(*n)++], 256, "%s", all[i]);
	}
}

/* Program AT of part P of the corpus (nothing when it has fewer), run as
** a user would (in the corpus's directory), JSON to a file: everything
** its .expect says, exactly. */
static void corpus_entry(enum part p, int at)
{
	if (!tu_need_clang("run corpus", 0))
		return;
	static char names[MAXEXPECTS][256];
	int n;
	part_names(p, names, &n);
	if (at >= n)
		return;
	struct expect x;
	parse_expect(names[at], &x);
	if (x.needs_toolkit && tu_env("SIMULEE_CUDA_PATH") == NULL) {
		printf("run corpus %s: skipped: no CUDA toolkit\n", x.name);
		expect_free(&x);
		return;
	}
	if (x.needs_openmp && !have_openmp()) {
		printf("run corpus %s: skipped: clang cannot build OpenMP code here (no omp.h or "
		       "libomp: Debian's libomp-19-dev)\n", x.name);
		expect_free(&x);
		return;
	}
	ck_assert_int_eq(chdir(run_dir()), 0);
	char json[] = "/tmp/simulee-run-XXXXXX";
	int fd = mkstemp(json);
	ck_assert_int_ge(fd, 0);
	close(fd);
	const char *argv[24];
	int k = 0;
	argv[k++] = "run";
	for (uint32_t i = 0; i < x.noptions; i++)
		argv[k++] = x.options[i];
	argv[k++] = "--format=json";
	argv[k++] = "--output";
	argv[k++] = json;
	for (uint32_t i = 0; i < x.nflags; i++)
		argv[k++] = x.flags[i];
	argv[k++] = x.program;
	for (uint32_t i = 0; i < x.nsources; i++)
		argv[k++] = x.sources[i];
	argv[k++] = "--";
	for (uint32_t i = 0; i < x.nargs; i++)
		argv[k++] = x.args[i];
	argv[k] = NULL;
	struct tu_run r;
	tu_run_bin(&r, argv);
	ck_assert_msg(r.status == x.status, "%s: exit %d, expected %d\n%s", x.name, r.status, x.status,
		      r.err);
	for (uint32_t i = 0; i < x.nstdout; i++)
		ck_assert_msg(strstr(r.out, x.stdout_lines[i]) != NULL, "%s: no '%s' in:\n%s", x.name,
			      x.stdout_lines[i], r.out);
	FILE *jf = fopen(json, "r");
	ck_assert_ptr_nonnull(jf);
	char *text = xcalloc(1 << 22, 1);
	size_t len = fread(text, 1, (1 << 22) - 1, jf);
	fclose(jf);
	unlink(json);
	text[len] = '\0';
	cJSON *doc = tu_check_report_json(text);
	const cJSON *run = cJSON_GetObjectItemCaseSensitive(doc, "run");
	ck_assert_ptr_nonnull(run);
	char got[128];
	snprintf(got, sizeof got, "launches=%d simulated=%d refused=%d cut=%d unsimulated=%d",
		 cJSON_GetObjectItemCaseSensitive(run, "launches")->valueint,
		 cJSON_GetObjectItemCaseSensitive(run, "simulated")->valueint,
		 cJSON_GetObjectItemCaseSensitive(run, "refused")->valueint,
		 cJSON_GetObjectItemCaseSensitive(run, "cut")->valueint,
		 cJSON_GetObjectItemCaseSensitive(run, "unsimulated")->valueint);
	ck_assert_msg(strcmp(got, x.run) == 0, "%s: run %s, expected %s", x.name, got, x.run);
	const cJSON *xp = cJSON_GetObjectItemCaseSensitive(run, "explore");
	ck_assert_msg(!x.explore[0] == !xp, "%s: explore", x.name);
	if (xp) {
		snprintf(got, sizeof got, "explored=%d findings=%d repeated=%d",
			 cJSON_GetObjectItemCaseSensitive(xp, "explored")->valueint,
			 cJSON_GetObjectItemCaseSensitive(xp, "findings")->valueint,
			 cJSON_GetObjectItemCaseSensitive(xp, "repeated")->valueint);
		ck_assert_msg(strcmp(got, x.explore) == 0, "%s: explore %s, expected %s", x.name, got,
			      x.explore);
	}
	const cJSON *rc = cJSON_GetObjectItemCaseSensitive(run, "refused_call");
	ck_assert_msg(x.refused[0] ? cJSON_IsString(rc) && strcmp(rc->valuestring, x.refused) == 0
		      : cJSON_IsNull(rc), "%s: refused call", x.name);
	for (uint32_t i = 0; i < x.nnotes; i++) {
		int seen = 0;
		const cJSON *nt;
		cJSON_ArrayForEach(nt, cJSON_GetObjectItemCaseSensitive(run, "notes"))
			seen |= cJSON_IsString(nt) && strstr(nt->valuestring, x.notes[i]) != NULL;
		ck_assert_msg(seen, "%s: no run note with '%s'", x.name, x.notes[i]);
	}
	char *keys[MAXLINES];
	uint32_t nk = finding_keys(doc, keys, MAXLINES);
	qsort(x.findings, x.nfindings, sizeof *x.findings, cmp_str);
	char *want = xstrdup(""), *have = xstrdup("");
	for (uint32_t i = 0; i < x.nfindings; i++) {
		char *t = xasprintf("%s%s\n", want, x.findings[i]);
		free(want);
		want = t;
	}
	for (uint32_t i = 0; i < nk; i++) {
		char *t = xasprintf("%s%s\n", have, keys[i]);
		free(have);
		have = t;
		free(keys[i]);
	}
	ck_assert_msg(strcmp(want, have) == 0, "%s: findings\n%sexpected\n%s", x.name, have, want);
	free(want);
	free(have);
	cJSON_Delete(doc);
	free(text);
	tu_run_free(&r);
	expect_free(&x);
}

START_TEST(corpus)
{
	corpus_entry(PART_FIRST, _i);
}
END_TEST

START_TEST(corpus2)
{
	corpus_entry(PART_SECOND, _i);
}
END_TEST

START_TEST(corpus_explore)
{
	corpus_entry(PART_EXPLORE, _i);
}
END_TEST

/* Every .expect of the corpus is run by a case of the loops above: each
** is in one part, and no part has more than its loop runs. */
START_TEST(corpus_listed)
{
	static char names[MAXEXPECTS][256];
	int n, in_parts = 0;
	list_expects(names, &n, MAXEXPECTS);
	ck_assert_int_ge(n, 8);
	ck_assert_int_le(n, MAXEXPECTS);
	for (int p = 0; p < NPARTS; p++) {
		int k;
		part_names((enum part)p, names, &k);
		ck_assert_int_ge(k, 1);
		ck_assert_int_le(k, part_loop[p]);
		in_parts += k;
	}
	ck_assert_int_eq(in_parts, n);
}
END_TEST

/* The text report goes to stderr after the program's output, which stays
** the program's own on stdout; usage errors are one line and exit 2. */
START_TEST(text_and_usage)
{
	if (!tu_need_clang("run text_and_usage", 0))
		return;
	ck_assert_int_eq(chdir(run_dir()), 0);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", "argv_size.cu", "--", "1000", NULL });
	ck_assert_int_eq(r.status, 1);
	ck_assert_str_eq(r.out, "c[999] = 2997\n");
	ck_assert_msg(strstr(r.err, "argv_size.cu:14:10: error: out-of-bounds access on global "
			     "'a[1000]'\n") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "  launch 1 of the run: vadd(float const*, float const*, float*, "
			     "int)<<<(4,1,1), (256,1,1), 0>>>\n"
			     "  arguments: a=buffer 'a' (4000 bytes), b=buffer 'b' (4000 bytes), "
			     "c=buffer 'c' (4000 bytes), n=1000\n"
			     "  made in main (argv_size.cu:36)\n") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "simulee-c: run: argv_size exited with status 0; 1 launch: "
			     "1 simulated\n") != NULL, "%s", r.err);
	tu_run_free(&r);
	/* the program's own exit status comes through */
	tu_run_bin(&r, (const char *const[]){ "run", "argv_size.cu", "--", "-5", NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "usage: argv_size N") != NULL, "%s", r.err);
	tu_run_free(&r);
	/* launches of a kernel simulee-c cannot lower: a warning, which
	** --fail-on=warning turns into a failure */
	tu_run_bin(&r, (const char *const[]){ "run", "--fail-on=warning", "unlowered.cu", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "warning: odd(int*): not simulated: ") != NULL
		      && strstr(r.err, "1 launch: 0 simulated, 1 not simulated") != NULL, "%s", r.err);
	tu_run_free(&r);
	static const char *const bad[][6] = {
		{ "run", NULL },
		{ "run", "--grid", "4", "argv_size.cu", NULL },
		{ "run", "nosuch.cu", NULL },
		{ "run", "argv_size.expect", NULL },
		{ "run", "argv_size.cu", "-Xlinker", NULL },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		tu_run_bin(&r, bad[i]);
		ck_assert_msg(r.status == 2, "case %zu: exit %d", i, r.status);
		ck_assert_msg(strncmp(r.err, "simulee-c: ", 11) == 0 && strchr(r.err, '\n') == r.err + r.err_len - 1,
			      "case %zu: %s", i, r.err);
		tu_run_free(&r);
	}
}
END_TEST

/* A launch made deep in the host code names every frame of its host
** call stack, and each finding's launch is the first that showed it. */
START_TEST(host_stack)
{
	if (!tu_need_clang("run host_stack", 0))
		return;
	char *cu = tu_tmp_cu("__global__ void inc(int *p, int n)\n"
			     "{\n"
			     "	int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
			     "	if (i <= n)\n"
			     "		p[i] = i;\n"
			     "}\n"
			     "static void step(int *p, int n) { inc<<<(n + 63) / 64, 64>>>(p, n); }\n"
			     "static void turns(int *p, int k) { for (int i = 0; i < k; i++) step(p, 64 + 36 * i); }\n"
			     "int main()\n"
			     "{\n"
			     "	int *p;\n"
			     "	cudaMalloc(&p, 100 * sizeof(int));\n"
			     "	turns(p, 3);\n"
			     "	return 0;\n"
			     "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", cu, NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	/* n = 64 is clean; n = 100 writes p[100]; n = 136 too */
	ck_assert_msg(strstr(r.err, "error: out-of-bounds access on global 'p[100]'") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "  launch 2 of the run: inc(int*, int)<<<(2,1,1), (64,1,1), 0>>> "
			     "(first of 2 launches that show it)\n"
			     "  arguments: p=buffer 'p' (400 bytes), n=100\n"
			     "  made in step(int*, int) (") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, ":7)\n     from turns(int*, int) (") != NULL
		      && strstr(r.err, ":8)\n     from main (") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "3 launches: 3 simulated\n") != NULL, "%s", r.err);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* Relocatable device code in a run: the kernel's file calls a __device__
** function another file defines; its launch is simulated with that code
** linked in and computes what the GPU would. */
START_TEST(rdc_units)
{
	if (!tu_need_clang("run rdc_units", 0))
		return;
	char *app = tu_tmp_cu("#include <cstdio>\n"
			      "extern __device__ int twice(int x);\n"
			      "__global__ void k(int *p) { p[threadIdx.x] = twice(threadIdx.x); }\n"
			      "int main()\n"
			      "{\n"
			      "	int *p, h[32];\n"
			      "	cudaMalloc(&p, sizeof h);\n"
			      "	k<<<1, 32>>>(p);\n"
			      "	cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);\n"
			      "	printf(\"h[5] = %d\\n\", h[5]);\n"
			      "	return 0;\n"
			      "}\n");
	char *lib = tu_tmp_cu("__device__ int twice(int x) { return 2 * x; }\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", app, lib, NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "h[5] = 10\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.err, "1 launch: 1 simulated\n") != NULL, "%s", r.err);
	tu_run_free(&r);
	unlink(app);
	unlink(lib);
	free(app);
	free(lib);
}
END_TEST

/* The program's build flags before `--` (docs/RUN.md, "Build flags"):
** -Xcompiler's reach every host side's compile and not the device's, an
** object among the inputs is linked, -l and -L reach the link. */
START_TEST(program_flags)
{
	if (!tu_need_clang("run program_flags", 0))
		return;
	char *cu = tu_tmp_cu("#include <cstdio>\n"
			     "#ifndef HOSTDEF\n#define HOSTDEF 1\n#endif\n"
			     "extern \"C\" int ext_scale(void);\n"
			     "__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x * HOSTDEF; }\n"
			     "int main()\n"
			     "{\n"
			     "	int *p, h[32];\n"
			     "	cudaMalloc(&p, sizeof h);\n"
			     "	k<<<1, 32>>>(p);\n"
			     "	cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);\n"
			     "	printf(\"%d %d\\n\", h[5], HOSTDEF * ext_scale());\n"
			     "	return 0;\n"
			     "}\n");
	char *c = xasprintf("%s.ext.c", cu), *obj = xasprintf("%s.ext.o", cu);
	FILE *f = fopen(c, "w");
	ck_assert_ptr_nonnull(f);
	fputs("int ext_scale(void) { return 3; }\n", f);
	fclose(f);
	char *cmd = xasprintf("'%s' -c %s -o %s", tu_env("SIMULEE_CLANG"), c, obj);
	ck_assert_int_eq(system(cmd), 0);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", "-Xcompiler", "-DHOSTDEF=7,-O1", "-L/tmp", "-lm",
					       cu, obj, NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	/* the kernel was compiled without it, the host side with it */
	ck_assert_msg(strcmp(r.out, "5 21\n") == 0, "%s", r.out);
	tu_run_free(&r);
	/* a link flag the linker refuses: the build fails, one line last */
	tu_run_bin(&r, (const char *const[]){ "run", "-lsimulee_no_such_lib", cu, obj, NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "simulee-c: linking ") != NULL, "exit %d: %s",
		      r.status, r.err);
	tu_run_free(&r);
	unlink(cu);
	unlink(c);
	unlink(obj);
	free(cmd);
	free(cu);
	free(c);
	free(obj);
}
END_TEST

/* Writes TEXT to DIR/NAME. */
static void put_file(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ck_assert_msg(f != NULL, "%s", path);
	fputs(text, f);
	fclose(f);
	free(path);
}

/* Writes DIR/compile_commands.json: ENTRIES' file names (N), each with
** its FLAGS, as a build system would (relative paths, gcc and clang). */
static void put_db(const char *dir, const char *const *files, const char *const *flags, int n)
{
	char *text = xstrdup("[");
	for (int i = 0; i < n; i++) {
		char *t = xasprintf("%s%s\n{\"directory\": \"%s\", \"file\": \"%s\", \"command\": "
				    "\"g++ %s -c %s -o x%d.o\"}", text, i ? "," : "", dir, files[i],
				    flags[i], files[i], i);
		free(text);
		text = t;
	}
	char *t = xasprintf("%s\n]\n", text);
	put_file(dir, "compile_commands.json", t);
	free(t);
	free(text);
}

/* run -p BUILD (docs/RUN.md, "The compile database"): each file is built
** with its own entry's flags (a relative -I, -D); with no source named,
** every C, C++ and CUDA entry is the program, and exactly one may define
** main. */
START_TEST(compile_database)
{
	if (!tu_need_clang("run compile_database", 0))
		return;
	char *dir = tu_tmpdir();
	char *inc = xasprintf("%s/inc", dir);
	ck_assert_int_eq(mkdir(inc, 0700), 0);
	put_file(inc, "cfg.h", "#define SCALE FACTOR\n");
	put_file(dir, "app.cu", "#include <cstdio>\n#include \"cfg.h\"\nint offset(void);\n"
		 "__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x * SCALE; }\n"
		 "int main()\n{\n\tint *p, h[32];\n\tcudaMalloc(&p, sizeof h);\n"
		 "\tk<<<1, 32>>>(p);\n\tcudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);\n"
		 "\tprintf(\"%d\\n\", h[5] + offset());\n\treturn 0;\n}\n");
	put_file(dir, "lib.cpp", "int offset(void) { return OFFSET; }\n");
	put_file(dir, "other.c", "int main(void) { return 0; }\n");
	const char *files[] = { "app.cu", "lib.cpp", "other.c" };
	const char *flags[] = { "-Iinc -DFACTOR=4 -std=c++17", "-DOFFSET=5", "-O2" };
	put_db(dir, files, flags, 3);
	char *app = xasprintf("%s/app.cu", dir), *lib = xasprintf("%s/lib.cpp", dir);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", "-p", dir, app, lib, NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strcmp(r.out, "25\n") == 0, "%s", r.out);
	ck_assert_msg(strstr(r.err, "run: app exited with status 0; 1 launch: 1 simulated\n") != NULL,
		      "%s", r.err);
	tu_run_free(&r);
	/* no source named: two files define main */
	tu_run_bin(&r, (const char *const[]){ "run", "-p", dir, NULL });
	ck_assert_msg(r.status == 2, "exit %d: %s", r.status, r.err);
	char *line = xasprintf("simulee-c: run: 2 files of %s/compile_commands.json define main "
			       "(%s, %s/other.c): name the program's sources", dir, app, dir);
	ck_assert_msg(strstr(r.err, line) != NULL && strchr(strstr(r.err, line), '\n')
		      == r.err + r.err_len - 1, "%s", r.err);
	free(line);
	tu_run_free(&r);
	/* one defines main: the database is the program, named after it */
	put_db(dir, files, flags, 2);
	tu_run_bin(&r, (const char *const[]){ "run", "-p", dir, NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strcmp(r.out, "25\n") == 0, "%s", r.out);
	ck_assert_msg(strstr(r.err, "run: app exited with status 0") != NULL, "%s", r.err);
	tu_run_free(&r);
	tu_rmtree(dir);
	free(dir);
	free(app);
	free(lib);
	free(inc);
}
END_TEST

/* The C++ file with main() first, as a Makefile may list it
** (Rodinia's streamcluster): the CUDA source is still built first and
** names the program. */
START_TEST(host_source_first)
{
	if (!tu_need_clang("run host_source_first", 0))
		return;
	char *cu = tu_tmp_cu("__global__ void k(int *p) { p[threadIdx.x] = 3 * threadIdx.x; }\n"
			     "int run_k(int i)\n"
			     "{\n"
			     "	int *p, h[32];\n"
			     "	cudaMalloc(&p, sizeof h);\n"
			     "	k<<<1, 32>>>(p);\n"
			     "	cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);\n"
			     "	return h[i];\n"
			     "}\n");
	char *cpp = xasprintf("%s.main.cpp", cu);
	FILE *f = fopen(cpp, "w");
	ck_assert_ptr_nonnull(f);
	fputs("#include <cstdio>\nint run_k(int i);\n"
	      "int main() { std::printf(\"h[5] = %d\\n\", run_k(5)); return 0; }\n", f);
	fclose(f);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", cpp, cu, NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "h[5] = 15\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.err, "1 launch: 1 simulated\n") != NULL, "%s", r.err);
	tu_run_free(&r);
	unlink(cu);
	unlink(cpp);
	free(cu);
	free(cpp);
}
END_TEST

/* Two texture references bound to one buffer with different texel
** formats (SHOC's MD: float4 and int4 views of one array): each reads
** with its own format, and the run has no note about it. */
START_TEST(texref_two_formats)
{
	if (!tu_need_clang("run texref_two_formats", 1))
		return;
	const char *src = "#include <cstdio>\n"
			  "texture<float4, 1> tf;\n"
			  "texture<int4, 1> ti;\n"
			  "__global__ void k(float *out, int *outi)\n"
			  "{\n"
			  "	out[threadIdx.x] = tex1Dfetch(tf, threadIdx.x).x;\n"
			  "	outi[threadIdx.x] = tex1Dfetch(ti, threadIdx.x).x;\n"
			  "}\n"
			  "int main()\n"
			  "{\n"
			  "	float4 h[32];\n"
			  "	float out[32], *o;\n"
			  "	int outi[32], *oi;\n"
			  "	float4 *d;\n"
			  "	for (int i = 0; i < 32; i++) h[i] = make_float4(i, 0, 0, 0);\n"
			  "	cudaMalloc(&d, sizeof h);\n"
			  "	cudaMalloc(&o, sizeof out);\n"
			  "	cudaMalloc(&oi, sizeof outi);\n"
			  "	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);\n"
			  "	cudaBindTexture(0, tf, d, sizeof h);\n"
			  "	cudaBindTexture(0, ti, d, sizeof h);\n"
			  "	k<<<1, 32>>>(o, oi);\n"
			  "	cudaMemcpy(out, o, sizeof out, cudaMemcpyDeviceToHost);\n"
			  "	cudaMemcpy(outi, oi, sizeof outi, cudaMemcpyDeviceToHost);\n"
			  "	printf(\"out[3] = %g, outi[3] = %d\\n\", out[3], outi[3]);\n"
			  "	return 0;\n"
			  "}\n";
	char *app = tu_tmp_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", app, NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	/* 3.0f's bits, read through the int4 reference */
	ck_assert_msg(strstr(r.out, "out[3] = 3, outi[3] = 1077936128\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.err, "texel formats") == NULL, "%s", r.err);
	tu_run_free(&r);
	unlink(app);
	free(app);
}
END_TEST

/* --max-launches simulates the first N launches and counts the rest as
** cut; the program runs to its end.  --sample-launches runs them all and
** checks one in K. */
START_TEST(max_launches)
{
	if (!tu_need_clang("run max_launches", 0))
		return;
	ck_assert_int_eq(chdir(run_dir()), 0);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", "--max-launches", "5", "histogram_loop.cu", NULL });
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err, "50 launches: 5 simulated, 45 cut (--max-launches, "
			     "--time-limit)\n") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "(first of 5 launches that show it)") != NULL, "%s", r.err);
	tu_run_free(&r);
	/* --sample-launches checks launches 1, 11, ..., 41 and runs all 50 */
	tu_run_bin(&r, (const char *const[]){ "run", "--sample-launches", "10", "histogram_loop.cu", NULL });
	ck_assert_int_eq(r.status, 1);
	ck_assert_str_eq(r.out, "turns 50\n");
	ck_assert_msg(strstr(r.err, "50 launches: 50 simulated (45 of them for faults only: "
			     "--sample-launches)\n") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "(first of 5 launches that show it)") != NULL, "%s", r.err);
	tu_run_free(&r);
}
END_TEST

/* --time-limit stops a program that goes on past it, even one computing
** on the host with no call to notice it by; the report of what ran is
** still written, and the run exits 124 (the stop's status, as
** timeout(1)'s) though the report holds an error. */
START_TEST(time_limit)
{
	if (!tu_need_clang("run time_limit", 0))
		return;
	char *cu = tu_tmp_cu("#include <cstdio>\n"
			     "#include <unistd.h>\n"
			     "__global__ void k(int *p) { p[threadIdx.x + 1] = threadIdx.x; }\n"
			     "int main()\n"
			     "{\n"
			     "	int *p;\n"
			     "	cudaMalloc(&p, 64 * sizeof(int));\n"
			     "	k<<<1, 64>>>(p);\n"
			     "	printf(\"launched\\n\");\n"
			     "	fflush(stdout);\n"
			     "	sleep(60);\n"
			     "	return 3;\n"
			     "}\n");
	struct tu_run r;
	double t0 = mono_seconds();
	tu_run_bin(&r, (const char *const[]){ "run", "--time-limit", "2", cu, NULL });
	double took = mono_seconds() - t0;
	ck_assert_msg(took < 50, "took %.0f s", took);
	ck_assert_msg(r.status == 124, "exit %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "launched\n");
	ck_assert_msg(strstr(r.err, "error: out-of-bounds access on global 'p[64]'") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, " was stopped (time-limit); 1 launch: 1 simulated\n") != NULL, "%s",
		      r.err);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* Copies longer than a request carries (SIMULEE_RUN_CHUNK, the test hook
** that lowers SIMRT_CHUNK's 64 MiB) travel in chunks, in every
** direction, to and from variables, and come back exactly; one that runs
** past its allocation is refused whole, as a copy in one request is. */
START_TEST(chunked_copies)
{
	if (!tu_need_clang("run chunked_copies", 0))
		return;
	char *cu = tu_tmp_cu("#include <cstdio>\n"
			     "#include <cstdlib>\n"
			     "#define N (3 * 4096 + 123)\n"
			     "#define S 5000\n"
			     "__device__ unsigned char sym[S];\n"
			     "__global__ void twist(unsigned char *out, const unsigned char *in)\n"
			     "{\n"
			     "	int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
			     "	if (i < N)\n"
			     "		out[i] = (unsigned char)(in[i] * 7 + sym[i % S]);\n"
			     "}\n"
			     "static int differ(const unsigned char *x, const unsigned char *y, int n)\n"
			     "{\n"
			     "	for (int i = 0; i < n; i++)\n"
			     "		if (x[i] != y[i])\n"
			     "			return 1;\n"
			     "	return 0;\n"
			     "}\n"
			     "int main()\n"
			     "{\n"
			     "	unsigned char *h = (unsigned char *)malloc(N), *g = (unsigned char *)malloc(N);\n"
			     "	unsigned char *t = (unsigned char *)malloc(N), s[S], u[S];\n"
			     "	for (int i = 0; i < N; i++)\n"
			     "		h[i] = (unsigned char)(i * 131 + 7);\n"
			     "	for (int i = 0; i < S; i++)\n"
			     "		s[i] = (unsigned char)(i ^ 0x5a);\n"
			     "	unsigned char *a, *b;\n"
			     "	int bad = cudaMalloc(&a, N) != 0 || cudaMalloc(&b, N) != 0;\n"
			     "	bad |= cudaMemcpy(a, h, N, cudaMemcpyHostToDevice) != 0;\n"
			     "	bad |= cudaMemcpyToSymbol(sym, s, S) != 0;\n"
			     "	twist<<<(N + 255) / 256, 256>>>(b, a);\n"
			     "	bad |= cudaMemcpy(g, b, N, cudaMemcpyDeviceToHost) != 0;\n"
			     "	for (int i = 0; i < N; i++)\n"
			     "		bad |= g[i] != (unsigned char)(h[i] * 7 + s[i % S]);\n"
			     "	bad |= cudaMemcpyFromSymbol(u, sym, S) != 0 || differ(u, s, S);\n"
			     "	bad |= cudaMemcpyFromSymbolAsync(u, sym, S - 10, 10, cudaMemcpyDeviceToHost, 0) != 0\n"
			     "	       || differ(u, s + 10, S - 10);\n"
			     "	bad |= cudaMemcpyToSymbolAsync(sym, h, S, 0, cudaMemcpyHostToDevice, 0) != 0;\n"
			     "	bad |= cudaMemcpyFromSymbol(u, sym, S) != 0 || differ(u, h, S);\n"
			     "	bad |= cudaMemcpyAsync(a, g, N, cudaMemcpyDefault, 0) != 0;\n"
			     "	bad |= cudaMemcpy(b, a, N, cudaMemcpyDeviceToDevice) != 0;\n"
			     "	bad |= cudaMemcpyAsync(t, b, N, cudaMemcpyDeviceToHost, 0) != 0 || differ(t, g, N);\n"
			     "	bad |= cudaMemcpy(t, a, N, cudaMemcpyDefault) != 0 || differ(t, g, N);\n"
			     "	bad |= cudaMemsetAsync(b, 0xab, N, 0) != 0;\n"
			     "	bad |= cudaMemcpy(t, b, N, cudaMemcpyDeviceToHost) != 0;\n"
			     "	for (int i = 0; i < N; i++)\n"
			     "		bad |= t[i] != 0xab;\n"
			     "	/* past the end: refused whole, nothing written */\n"
			     "	bad |= cudaMemcpy(b + 100, h, N, cudaMemcpyHostToDevice) != cudaErrorInvalidValue;\n"
			     "	bad |= cudaMemcpy(t, b + 100, N, cudaMemcpyDeviceToHost) != cudaErrorInvalidValue;\n"
			     "	bad |= cudaMemcpyToSymbol(sym, s, S, 100) != cudaErrorInvalidValue;\n"
			     "	bad |= cudaMemcpy(t, b, N, cudaMemcpyDeviceToHost) != 0;\n"
			     "	for (int i = 0; i < N; i++)\n"
			     "		bad |= t[i] != 0xab;\n"
			     "	bad |= cudaMemcpyFromSymbol(u, sym, S) != 0 || differ(u, h, S);\n"
			     "	cudaGetLastError();\n"
			     "	printf(\"%s\\n\", bad ? \"mismatch\" : \"round trip ok\");\n"
			     "	return 0;\n"
			     "}\n");
	static const char *const chunks[] = { NULL, "1000", "4096" };
	for (size_t i = 0; i < sizeof chunks / sizeof *chunks; i++) {
		if (chunks[i] != NULL)
			setenv("SIMULEE_RUN_CHUNK", chunks[i], 1);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ "run", cu, NULL });
		ck_assert_msg(r.status == 0, "chunk %s: exit %d: %s", chunks[i], r.status, r.err);
		ck_assert_msg(strcmp(r.out, "round trip ok\n") == 0, "chunk %s: %s", chunks[i], r.out);
		ck_assert_msg(strstr(r.err, "1 launch: 1 simulated\n") != NULL, "%s", r.err);
		tu_run_free(&r);
	}
	unsetenv("SIMULEE_RUN_CHUNK");
	unlink(cu);
	free(cu);
}
END_TEST

/* What a program printed before simulee-c stops it comes out, though
** stdout is a pipe (fully buffered) and the program never flushes it: the
** runtime flushes stdout at each CUDA call, and the program prints no
** more after its launch before it is stopped. */
START_TEST(stop_keeps_output)
{
	if (!tu_need_clang("run stop_keeps_output", 0))
		return;
	char *cu = tu_tmp_cu("#include <cstdio>\n"
			     "#include <unistd.h>\n"
			     "__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }\n"
			     "int main()\n"
			     "{\n"
			     "	int *p;\n"
			     "	printf(\"before the launch\\n\");\n"
			     "	printf(\"and a line without its end\");\n"
			     "	cudaMalloc(&p, 32 * sizeof(int));\n"
			     "	k<<<1, 32>>>(p);\n"
			     "	for (;;)\n"
			     "		sleep(1);\n"
			     "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "run", "--time-limit", "2", cu, NULL });
	ck_assert_msg(r.status == 124, "exit %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "before the launch\nand a line without its end");
	ck_assert_msg(strstr(r.err, " was stopped (time-limit); 1 launch: 1 simulated\n") != NULL, "%s",
		      r.err);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* The stat of the runtime's entry in cache directory DIR: 0, or -1 when none. */
static int cache_entry(const char *dir, struct stat *st)
{
	DIR *d = opendir(dir);
	int rc = -1;
	struct dirent *e;
	while (d != NULL && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "cudart-", 7) == 0) {
			char *p = xasprintf("%s/%s", dir, e->d_name);
			rc = stat(p, st);
			free(p);
		}
	if (d != NULL)
		closedir(d);
	return rc;
}

/* The runtime's object is compiled once into a fresh cache and taken
** from it by the next run, which reports the same; a cache that cannot
** be written is no cache, and the run goes on. */
START_TEST(runtime_cache)
{
	if (!tu_need_clang("run runtime_cache", 0))
		return;
	char *dir = tu_tmpdir();
	char *cache = xasprintf("%s/c", dir);
	setenv("SIMULEE_CACHE_DIR", cache, 1);
	ck_assert_int_eq(chdir(run_dir()), 0);
	const char *const argv[] = { "run", "argv_size.cu", "--", "1000", NULL };
	struct tu_run cold, warm, r;
	tu_run_bin(&cold, argv);
	ck_assert_msg(cold.status == 1, "exit %d: %s", cold.status, cold.err);
	struct stat before, after;
	ck_assert_int_eq(cache_entry(cache, &before), 0);
	tu_run_bin(&warm, argv);
	ck_assert_int_eq(cache_entry(cache, &after), 0);
	/* not written again: the same file, untouched */
	ck_assert(before.st_ino == after.st_ino && before.st_mtim.tv_sec == after.st_mtim.tv_sec
		  && before.st_mtim.tv_nsec == after.st_mtim.tv_nsec);
	ck_assert_int_eq(warm.status, cold.status);
	ck_assert_str_eq(warm.out, cold.out);
	ck_assert_str_eq(warm.err, cold.err);
	tu_run_free(&cold);
	tu_run_free(&warm);
	tu_run_bin(&r, (const char *const[]){ "run", "--verbose", "argv_size.cu", "--", "1000", NULL });
	ck_assert_msg(strstr(r.err, "simulee-c: run: the CUDA runtime's object from the cache (") != NULL,
		      "%s", r.err);
	tu_run_free(&r);
	/* a file where the directory should be: compiled as without one */
	setenv("SIMULEE_CACHE_DIR", "/dev/null/cache", 1);
	tu_run_bin(&r, (const char *const[]){ "run", "--verbose", "argv_size.cu", "--", "1000", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "the CUDA runtime's object could not be cached") != NULL, "%s",
		      r.err);
	tu_run_free(&r);
	unsetenv("SIMULEE_CACHE_DIR");
	tu_rmtree(dir);
	free(dir);
	free(cache);
}
END_TEST

/* --explore: the explored findings say so, with the program's launch
** they changed and its host stack; the same --seed gives the same report
** whatever --jobs; and the option is refused outside a run. */
START_TEST(explore)
{
	if (!tu_need_clang("run explore", 0))
		return;
	ck_assert_int_eq(chdir(run_dir()), 0);
	struct tu_run one, two;
	tu_run_bin(&one, (const char *const[]){ "run", "--explore", "--seed", "7", "--jobs", "1",
					       "explore_data.cu", NULL });
	tu_run_bin(&two, (const char *const[]){ "run", "--explore", "--seed", "7", "--jobs", "2",
					       "explore_data.cu", NULL });
	ck_assert_msg(one.status == 0, "exit %d: %s", one.status, one.err);
	ck_assert_str_eq(one.out, two.out);
	ck_assert_str_eq(one.err, two.err);
	ck_assert_msg(strstr(one.err, "  explored from launch 1 of the run: block_hist(int const*, int*, "
			     "int)<<<(4,1,1), (64,1,1), 0>>>\n") != NULL, "%s", one.err);
	ck_assert_msg(strstr(one.err, "  made in main (explore_data.cu:56)\n"
			     "  contract: explored (a launch the program made, with data it did not "
			     "give)\n") != NULL, "%s", one.err);
	ck_assert_msg(strstr(one.err, "simulee-c: run: explored 2 of 2 kinds of launch with other "
			     "data: ") != NULL, "%s", one.err);
	tu_run_free(&one);
	tu_run_free(&two);
	tu_run_bin(&one, (const char *const[]){ "--explore", "explore_data.cu", NULL });
	ck_assert_int_eq(one.status, 2);
	ck_assert_str_eq(one.err, "simulee-c: --explore is for simulee-c run (the launches a program "
			 "makes)\n");
	tu_run_free(&one);
}
END_TEST

/* The suite's cases in five test programs, by their cost
** (docs/PERFORMANCE.md, "The test suite, program by program"):
** tests/check_run runs "command", the runtime's calls and the run's
** options; the other cases each have a program of their own
** (TESTS_OWN_PROGRAM): the corpus in two halves, --explore (its corpus
** programs and its options), and building a program from several files
** and flags. */
Suite *run_suite(void)
{
	Suite *s = suite_create("run");
	TCase *tc = tcase_create("command");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, text_and_usage);
	tcase_add_test(tc, max_launches);
	tcase_add_test(tc, host_stack);
	tcase_add_test(tc, time_limit);
	tcase_add_test(tc, chunked_copies);
	tcase_add_test(tc, stop_keeps_output);
	tcase_add_test(tc, texref_two_formats);
	tcase_add_test(tc, corpus_listed);
	suite_add_tcase(s, tc);
	tc = tcase_create("run corpus");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, corpus, 0, part_loop[PART_FIRST]);
	suite_add_tcase(s, tc);
	tc = tcase_create("run corpus 2");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, corpus2, 0, part_loop[PART_SECOND]);
	suite_add_tcase(s, tc);
	tc = tcase_create("run explore");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, corpus_explore, 0, part_loop[PART_EXPLORE]);
	tcase_add_test(tc, explore);
	suite_add_tcase(s, tc);
	tc = tcase_create("run build");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, runtime_cache);
	tcase_add_test(tc, rdc_units);
	tcase_add_test(tc, host_source_first);
	tcase_add_test(tc, program_flags);
	tcase_add_test(tc, compile_database);
	suite_add_tcase(s, tc);
	return s;
}
