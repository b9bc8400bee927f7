/*
** check_compile.c: CUDA source in (front/compile.h): `simulee-c app.cu`
** with the prelude and with the toolkit, clang's diagnostics and our exit
** status, pass-through options, the host IR the launch-site reader gets,
** compile databases, and the temporary directory going away.
*/
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "front/compile.h"
#include "tests.h"

/* A kernel whose neighbour read races with the write (no barrier
** between), launched by host code as a program would. */
static const char racy_cu[] =
	"__global__ void shift(int *a)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\ts[threadIdx.x] = a[threadIdx.x];\n"
	"\ta[threadIdx.x] = s[(threadIdx.x + 1) % 64];\n"
	"}\n"
	"\n"
	"int main()\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 64 * sizeof(int));\n"
	"\tshift<<<1, 64>>>(d);\n"
	"\tcudaDeviceSynchronize();\n"
	"\tcudaFree(d);\n"
	"\treturn 0;\n"
	"}\n";

/* The same with the barrier. */
static const char clean_cu[] =
	"__global__ void shift(int *a)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\ts[threadIdx.x] = a[threadIdx.x];\n"
	"\t__syncthreads();\n"
	"\ta[threadIdx.x] = s[(threadIdx.x + 1) % 64];\n"
	"}\n"
	"\n"
	"int main()\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 64 * sizeof(int));\n"
	"\tshift<<<1, 64>>>(d);\n"
	"\tcudaDeviceSynchronize();\n"
	"\tcudaFree(d);\n"
	"\treturn 0;\n"
	"}\n";

/* ---- helpers ---------------------------------------------------------- */

static char *xfmt(const char *fmt, const char *a, const char *b)
{
	size_t n = strlen(fmt) + strlen(a) + (b ? strlen(b) : 0) + 1;
	char *p = malloc(n);
	ck_assert_ptr_nonnull(p);
	snprintf(p, n, fmt, a, b ? b : "");
	return p;
}

/* A fresh directory under $TMPDIR (or /tmp); free the path. */
static char *make_dir(void)
{
	const char *t = getenv("TMPDIR");
	char *d = xfmt("%s/simulee-compile-test-XXXXXX", t && *t ? t : "/tmp", NULL);
	ck_assert_msg(mkdtemp(d) != NULL, "mkdtemp: %s", strerror(errno));
	return d;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* Writes TEXT to DIR/NAME and returns the path (free it). */
static char *write_in(const char *dir, const char *name, const char *text)
{
	char *p = xfmt("%s/%s", dir, name);
	write_text(p, text);
	return p;
}

/* Removes DIR and everything under it (test scratch only). */
static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	if (d == NULL)
		return;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char *p = xfmt("%s/%s", dir, e->d_name);
		struct stat st;
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(p);
		else
			unlink(p);
		free(p);
	}
	closedir(d);
	rmdir(dir);
}

/* The number of entries in DIR, "." and ".." aside. */
static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "%s: %s", dir, strerror(errno));
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	size_t cap = 1 << 16, len = 0, got;
	char *buf = malloc(cap);
	ck_assert_ptr_nonnull(buf);
	while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (len + 1 == cap) {
			buf = realloc(buf, cap *= 2);
			ck_assert_ptr_nonnull(buf);
		}
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* The number of lines of TEXT that start with PREFIX. */
static int lines_starting(const char *text, const char *prefix)
{
	int n = 0;
	size_t pl = strlen(prefix);
	for (const char *p = text; p != NULL && *p; ) {
		if (strncmp(p, prefix, pl) == 0)
			n++;
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return n;
}

/* Sets $TMPDIR to DIR, or back to what it was with NULL. */
static void set_tmpdir(const char *dir)
{
	static char *saved;
	static int have_saved;
	if (!have_saved) {
		const char *t = getenv("TMPDIR");
		saved = t != NULL ? strdup(t) : NULL;
		have_saved = 1;
	}
	if (dir != NULL)
		setenv("TMPDIR", dir, 1);
	else if (saved != NULL)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
}

/* Runs simulee-c ARGS with $TMPDIR set to TMP (when not NULL). */
static void run_in(struct tu_run *r, const char *tmp, const char *const *args)
{
	if (tmp != NULL)
		set_tmpdir(tmp);
	tu_run_bin(r, args);
	set_tmpdir(NULL);
}

/* Compile options for the API tests: the source tree's data files and
** the toolkit CUDA (NULL: the prelude). */
static struct compile_opts api_opts(const char *cuda)
{
	struct compile_opts o = { 0 };
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(srcdir != NULL, "SIMULEE_SRCDIR is not set");
	static char datadir[4096];
	snprintf(datadir, sizeof datadir, "%s/kernels", srcdir);
	o.datadir = datadir;
	o.clang = tu_env("SIMULEE_CLANG");
	o.cuda_path = cuda != NULL ? cuda : "";
	return o;
}

/* ---- .cu input on the command line ------------------------------------ */

/* Runs simulee-c on SRC (written to a .cu file) with the extra options
** (NULL-terminated, after the file) and checks status and stdout. */
static void run_cu(const char *src, const char *const *opts, int status, const char *want)
{
	char *dir = make_dir();
	char *cu = write_in(dir, "app.cu", src);
	const char *args[TU_MAX_ARGS];
	int n = 0;
	args[n++] = cu;
	for (int i = 0; opts[i] != NULL; i++)
		args[n++] = opts[i];
	args[n] = NULL;
	struct tu_run r;
	run_in(&r, dir, args);
	ck_assert_msg(r.status == status, "status %d, expected %d: %s%s", r.status, status, r.out,
		      r.err);
	ck_assert_msg(strstr(r.out, want) != NULL, "stdout lacks '%s': %s", want, r.out);
	/* the report names the source, not the temporary bitcode */
	ck_assert_msg(strstr(r.out, "simulee-c-") == NULL, "temporary path in: %s", r.out);
	tu_run_free(&r);
	ck_assert_int_eq(count_entries(dir), 1);	/* app.cu alone: no temporary left */
	remove_tree(dir);
	free(cu);
	free(dir);
}

START_TEST(cu_race_prelude)
{
	run_cu(racy_cu, (const char *const[]){ "--prelude", "--no-search", "--grid", "1", "--block",
					       "64", "--size", "a=64", NULL },
	       1, "data race on shared 's[");
}
END_TEST

START_TEST(cu_clean_prelude)
{
	run_cu(clean_cu, (const char *const[]){ "--prelude", "--no-search", "--grid", "1", "--block",
						"64", "--size", "a=64", NULL },
	       0, "0 errors, 0 warnings");
}
END_TEST

/* A program's usual includes compile against the prelude (its stand-ins
** under prelude/include), host launch and all. */
START_TEST(cu_includes_prelude)
{
	static const char src[] =
		"#include <cuda_runtime.h>\n"
		"#include <cuda_runtime_api.h>\n"
		"#include <cuda.h>\n"
		"#include <device_launch_parameters.h>\n"
		"__global__ void k(int *a) { a[0] = threadIdx.x; }\n"
		"int main() { int *a; cudaMalloc(&a, 4); k<<<1, 32>>>(a); return 0; }\n";
	run_cu(src, (const char *const[]){ "--prelude", NULL }, 1, "data race on global 'a[0]'");
}
END_TEST

START_TEST(cu_race_search)
{
	/* the default pipeline: the search finds the race too */
	run_cu(racy_cu, (const char *const[]){ "--prelude", "--time-limit", "20", NULL }, 1,
	       "data race on shared 's[");
}
END_TEST

START_TEST(cu_toolkit)
{
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	if (cuda == NULL) {
		printf("cu_toolkit: skipped: no CUDA toolkit\n");
		return;
	}
	char *opt = xfmt("--cuda-path=%s", cuda, NULL);
	run_cu(racy_cu, (const char *const[]){ opt, "--no-search", "--grid", "1", "--block", "64",
					       "--size", "a=64", NULL },
	       1, "data race on shared 's[");
	run_cu(clean_cu, (const char *const[]){ opt, "--no-search", "--grid", "1", "--block", "64",
						"--size", "a=64", NULL },
	       0, "0 errors, 0 warnings");
	free(opt);
}
END_TEST

START_TEST(cu_compile_error)
{
	char *dir = make_dir();
	char *cu = write_in(dir, "broken.cu", "__global__ void k(int *a)\n{\n\ta[0] = no_such_name;\n}\n");
	struct tu_run r;
	run_in(&r, dir, (const char *const[]){ cu, "--prelude", NULL });
	ck_assert_msg(r.status == 2, "status %d: %s", r.status, r.err);
	/* clang's own diagnostic, as clang prints it */
	ck_assert_msg(strstr(r.err, "broken.cu:3:9: error: use of undeclared identifier 'no_such_name'")
		      != NULL, "stderr: %s", r.err);
	ck_assert_msg(strstr(r.err, "compilation failed") != NULL, "stderr: %s", r.err);
	ck_assert_int_eq(lines_starting(r.err, "simulee-c:"), 1);
	tu_run_free(&r);
	ck_assert_int_eq(count_entries(dir), 1);
	remove_tree(dir);
	free(cu);
	free(dir);
}
END_TEST

START_TEST(cu_no_clang)
{
	char *dir = make_dir();
	char *cu = write_in(dir, "app.cu", clean_cu);
	const char *forms[][2] = { { "--clang=/nonexistent/clang", "/nonexistent/clang" },
				   { "--clang=simulee-no-such-clang", "simulee-no-such-clang" } };
	for (int i = 0; i < 2; i++) {
		struct tu_run r;
		run_in(&r, dir, (const char *const[]){ forms[i][0], cu, NULL });
		ck_assert_msg(r.status == 2, "status %d: %s", r.status, r.err);
		ck_assert_msg(strstr(r.err, forms[i][1]) != NULL, "stderr: %s", r.err);
		ck_assert_msg(lines_starting(r.err, "") == 1 && r.err[strlen(r.err) - 1] == '\n',
			      "not one line: %s", r.err);
		tu_run_free(&r);
	}
	ck_assert_int_eq(count_entries(dir), 1);
	remove_tree(dir);
	free(cu);
	free(dir);
}
END_TEST

START_TEST(cu_bad_cuda_path)
{
	char *dir = make_dir();
	char *cu = write_in(dir, "app.cu", clean_cu);
	struct tu_run r;
	run_in(&r, dir, (const char *const[]){ "--cuda-path", dir, cu, NULL });
	ck_assert_msg(r.status == 2, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "no CUDA toolkit there") != NULL, "stderr: %s", r.err);
	ck_assert_int_eq(lines_starting(r.err, ""), 1);
	tu_run_free(&r);
	remove_tree(dir);
	free(cu);
	free(dir);
}
END_TEST

START_TEST(cu_missing_file)
{
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "/nonexistent/simulee-app.cu", NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "/nonexistent/simulee-app.cu: No such file") != NULL, "%s", r.err);
	tu_run_free(&r);
}
END_TEST

/* A kernel that only compiles with FOO=1, BAR defined, QUX=3, the header
** of directory inc/ and the forced include of pre.h. */
static const char needs_flags_cu[] =
	"#if FOO != 1 || !defined(BAR) || QUX != 3 || !defined(PRE)\n"
	"#error missing flags\n"
	"#endif\n"
	"#include \"only_in_inc.h\"\n"
	"__global__ void k(int *a)\n"
	"{\n"
	"\ta[threadIdx.x] = INC_VALUE;\n"
	"}\n";

START_TEST(cu_passthrough)
{
	char *dir = make_dir();
	char *src = make_dir();	/* the header lives away from the source */
	char *cu = write_in(src, "app.cu", needs_flags_cu);
	char *inc = xfmt("%s/inc", dir, NULL);
	ck_assert_int_eq(mkdir(inc, 0700), 0);
	char *hdr = write_in(inc, "only_in_inc.h", "#define INC_VALUE 7\n");
	char *pre = write_in(dir, "pre.h", "#define PRE 1\n");
	char *inc_joined = xfmt("-I%s", inc, NULL);
	struct tu_run r;
	/* each flag missing in turn: clang's #error, exit 2 */
	run_in(&r, dir, (const char *const[]){ "--prelude", cu, "-D", "FOO=1", "-DBAR", "-I", inc,
					       "-include", pre, NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "missing flags") != NULL, "%d %s", r.status, r.err);
	tu_run_free(&r);
	run_in(&r, dir, (const char *const[]){ "--prelude", cu, "-D", "FOO=1", "-DBAR", "-I", inc,
					       "--", "-DQUX=3", NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "missing flags") != NULL, "%d %s", r.status, r.err);
	tu_run_free(&r);
	run_in(&r, dir, (const char *const[]){ "--prelude", cu, "-D", "FOO=1", "-DBAR",
					       "-include", pre, "--", "-DQUX=3", NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "only_in_inc.h") != NULL, "%d %s", r.status, r.err);
	tu_run_free(&r);
	/* all of them: both spellings of -I and -D, `--` last */
	const char *const forms[][12] = {
		{ "--prelude", cu, "-D", "FOO=1", "-DBAR", "-I", inc, "-include", pre, "--", "-DQUX=3", NULL },
		{ "--prelude", "-DFOO=1", "-D", "BAR", inc_joined, "-include", pre, cu, "--no-search",
		  "--", "-DQUX=3", NULL },
	};
	for (int i = 0; i < 2; i++) {
		run_in(&r, dir, forms[i]);
		ck_assert_msg(r.status == 0, "form %d: status %d: %s%s", i, r.status, r.out, r.err);
		tu_run_free(&r);
	}
	/* -U undoes a -D that comes before it, in command-line order */
	run_in(&r, dir, (const char *const[]){ "--prelude", cu, "-DFOO=1", "-DBAR", "-UBAR", "-I", inc,
					       "-include", pre, "--", "-DQUX=3", NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "missing flags") != NULL, "%d %s", r.status, r.err);
	tu_run_free(&r);
	/* --verbose shows both clang commands */
	run_in(&r, dir, (const char *const[]){ "--prelude", "--verbose", cu, "-DFOO=1", "-DBAR",
					       inc_joined, "-include", pre, "--", "-DQUX=3", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_int_eq(lines_starting(r.err, "simulee-c: running:"), 2);
	ck_assert_msg(strstr(r.err, "--cuda-device-only") && strstr(r.err, "--cuda-host-only")
		      && strstr(r.err, "-DQUX=3 -c "), "%s", r.err);
	tu_run_free(&r);
	unlink(hdr);
	remove_tree(dir);
	remove_tree(src);
	free(cu); free(inc); free(hdr); free(pre); free(inc_joined); free(dir); free(src);
}
END_TEST

START_TEST(cu_gpu_arch)
{
	char *dir = make_dir();
	char *cu = write_in(dir, "app.cu", "#if __CUDA_ARCH__ && __CUDA_ARCH__ != 800\n#error arch\n#endif\n"
				      "__global__ void k(int *a) { a[0] = 1; }\n");
	struct tu_run r;
	run_in(&r, dir, (const char *const[]){ "--prelude", cu, "--list-kernels", NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "error arch") != NULL, "%d %s", r.status, r.err);
	tu_run_free(&r);
	run_in(&r, dir, (const char *const[]){ "--prelude", "--cuda-gpu-arch=sm_80", cu, "--list-kernels",
					       NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "k(int*)") != NULL, "%s", r.out);
	tu_run_free(&r);
	remove_tree(dir);
	free(cu);
	free(dir);
}
END_TEST

/* ---- legacy and current CUDA code ------------------------------------ */

/* Host code as real programs write it, against CUDA 12 and before or with
** nvcc only: the cudaThread* names, cudaDeviceProp's members CUDA 13
** removed, min and max on integers in host code; then racy_cu's kernel,
** launched as it is there.  The toolkit-only part uses what the prelude
** does not declare (managed-memory hints, limits). */
static const char legacy_cu[] =
	"#include <cstdio>\n"
	"#include <cstring>\n"
	"__global__ void shift(int *a)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\ts[threadIdx.x] = a[threadIdx.x];\n"
	"\ta[threadIdx.x] = s[(threadIdx.x + 1) % 64];\n"
	"}\n"
	"static void show(const cudaDeviceProp &p)\n"
	"{\n"
	"\tprintf(\"%s: %d kHz, mode %d, overlap %d, timeout %d, mem %d kHz\\n\", p.name, p.clockRate,\n"
	"\t       p.computeMode, p.deviceOverlap, p.kernelExecTimeoutEnabled, p.memoryClockRate);\n"
	"\tprintf(\"%d %d %d %d\\n\", p.maxTexture1DLinear, p.singleToDoublePrecisionPerfRatio,\n"
	"\t       p.cooperativeMultiDeviceLaunch, p.multiProcessorCount);\n"
	"}\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tcudaDeviceProp prop;\n"
	"\tcudaDeviceProp zero = {0};\n"
	"\tstruct cudaDeviceProp other;\n"
	"\tmemset(&other, 0, sizeof other);\n"
	"\tcudaGetDeviceProperties(&prop, 0);\n"
	"\tshow(prop);\n"
	"\tint a = argc, b = 3;\n"
	"\tunsigned ua = 4u;\n"
	"\tlong la = 5;\n"
	"\tunsigned long ula = 6;\n"
	"\tlong long lla = 7;\n"
	"\tunsigned long long ulla = 8;\n"
	"\tlong long n = max(a, b) + min(a, b) + max(ua, ua) + min(a, ua) + max(ua, b);\n"
	"\tn += max(la, la) + min(la, ula) + max(ula, la) + min(lla, lla) + max(lla, ulla);\n"
	"\tn += min(ulla, lla) + umin(ua, ua) + llmax(lla, lla) + ullmin(ulla, ulla);\n"
	"\tn += (long long)(max(1.5f, 2.5f) + min(1.0, 2.0) + max(1.0f, 2.0) + min(1.0, 2.0f));\n"
	"\tprintf(\"%lld %d %s\\n\", n, zero.clockRate + other.computeMode, argv[0]);\n"
	"#ifndef __SIMULEE_CUDA_PRELUDE__\n"
	"\tcudaThreadSetLimit(cudaLimitMallocHeapSize, 1 << 20);\n"
	"\tint *m;\n"
	"\tcudaMallocManaged(&m, 64 * sizeof(int));\n"
	"\tcudaMemPrefetchAsync(m, 64 * sizeof(int), 0);\n"
	"\tcudaMemAdvise(m, 64 * sizeof(int), cudaMemAdviseSetReadMostly, cudaCpuDeviceId);\n"
	"\tcudaFree(m);\n"
	"#endif\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 64 * sizeof(int));\n"
	"\tshift<<<1, 64>>>(d);\n"
	"\tcudaThreadSynchronize();\n"
	"\tcudaFree(d);\n"
	"\tcudaThreadExit();\n"
	"\treturn 0;\n"
	"}\n";

/* Runs simulee-c on SRC as DIR/NAME with OPTS (NULL-terminated, before the
** file): into *R; the file is removed again. */
static void run_src_in(struct tu_run *r, const char *dir, const char *name, const char *src,
		       const char *const *opts)
{
	char *cu = write_in(dir, name, src);
	const char *args[TU_MAX_ARGS];
	int n = 0;
	for (int i = 0; opts[i] != NULL; i++)
		args[n++] = opts[i];
	args[n++] = cu;
	args[n] = NULL;
	run_in(r, dir, args);
	unlink(cu);
	free(cu);
}

/* legacy_cu compiles in both passes, without a warning of ours, and its
** kernel is analysed from the launch its host code makes. */
static void legacy_program(const char *mode)
{
	char *dir = make_dir();
	struct tu_run r;
	run_src_in(&r, dir, "legacy.cu", legacy_cu, (const char *const[]){ mode, "--population", "4",
						   "--generations", "1", NULL });
	ck_assert_msg(r.status == 1, "%s: status %d: %s%s", mode, r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "data race on shared 's[") != NULL, "%s: %s", mode, r.out);
	/* found under the launch the host code makes: its host side was read */
	ck_assert_msg(strstr(r.out, "contract: host (a launch the host code makes)") != NULL, "%s: %s",
		      mode, r.out);
	ck_assert_msg(strstr(r.err, "error") == NULL && strstr(r.err, "warning") == NULL,
		      "%s: stderr: %s", mode, r.err);
	tu_run_free(&r);
	ck_assert_int_eq(count_entries(dir), 0);
	remove_tree(dir);
	free(dir);
}

START_TEST(legacy_program_prelude)
{
	legacy_program("--prelude");
}
END_TEST

START_TEST(legacy_program_toolkit)
{
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	if (cuda == NULL) {
		printf("legacy_program_toolkit: skipped: no CUDA toolkit\n");
		return;
	}
	char *opt = xfmt("--cuda-path=%s", cuda, NULL);
	legacy_program(opt);
	free(opt);
}
END_TEST

/* What nvcc includes into every CUDA file and clang's wrapper does not:
** time(), clock() and assert with no #include compile against the
** toolkit, as with nvcc (Rodinia's particlefilter calls time()). */
START_TEST(nvcc_implicit_headers)
{
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	if (cuda == NULL) {
		printf("nvcc_implicit_headers: skipped: no CUDA toolkit\n");
		return;
	}
	static const char src[] =
		"__global__ void k(int *p, int n)\n"
		"{\n"
		"\tassert(n > 0);\n"
		"\tp[threadIdx.x] = (int)(clock() & 1) + n;\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tsrand((unsigned)time(NULL));\n"
		"\tint *d;\n"
		"\tcudaMalloc(&d, 32 * sizeof(int));\n"
		"\tk<<<1, 32>>>(d, 1 + rand() % 4);\n"
		"\tcudaDeviceSynchronize();\n"
		"\tprintf(\"%ld\\n\", (long)clock());\n"
		"\treturn 0;\n"
		"}\n";
	char *dir = make_dir();
	char *opt = xfmt("--cuda-path=%s", cuda, NULL);
	struct tu_run r;
	run_src_in(&r, dir, "implicit.cu", src, (const char *const[]){ opt, "--population", "4",
						      "--generations", "1", NULL });
	ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.err, "error") == NULL, "stderr: %s", r.err);
	tu_run_free(&r);
	remove_tree(dir);
	free(opt);
	free(dir);
}
END_TEST

/* The host reads managed memory the kernel writes: after
** cudaThreadSynchronize or cudaThreadExit it may, before either it may
** not.  The host-code reader sees the old names as the device-wide
** synchronization they are. */
START_TEST(legacy_sync_is_sync)
{
	static const char tmpl[] =
		"#include <cstdio>\n"
		"__global__ void fill(int *a) { a[threadIdx.x] = threadIdx.x; }\n"
		"int main()\n"
		"{\n"
		"\tint *m;\n"
		"\tcudaMallocManaged(&m, 32 * sizeof(int));\n"
		"\tfill<<<1, 32>>>(m);\n"
		"\t%s\n"
		"\tprintf(\"%%d\\n\", m[3]);\n"
		"\treturn 0;\n"
		"}\n";
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	char *tk = cuda != NULL ? xfmt("--cuda-path=%s", cuda, NULL) : NULL;
	const char *modes[] = { "--prelude", tk };
	const char *syncs[] = { "cudaThreadSynchronize();", "cudaThreadExit();", "" };
	char *dir = make_dir();
	for (int m = 0; m < 2 && modes[m] != NULL; m++)
		for (int k = 0; k < 3; k++) {
			char src[1024];
			snprintf(src, sizeof src, tmpl, syncs[k]);
			struct tu_run r;
			run_src_in(&r, dir, "sync.cu", src, (const char *const[]){ modes[m], "--population",
							     "4", "--generations", "1", NULL });
			int unsynced = strstr(r.out, "host reads 'm' before the device's work on it is "
					      "synchronized") != NULL;
			ck_assert_msg(r.status == (k == 2) && unsynced == (k == 2), "%s %s: status %d: %s%s",
				      modes[m], syncs[k], r.status, r.out, r.err);
			tu_run_free(&r);
		}
	remove_tree(dir);
	free(dir);
	free(tk);
}
END_TEST

/* The host min and max give what nvcc's do: the program is compiled for
** the host with the same headers and run. */
START_TEST(host_minmax_as_nvcc)
{
	static const char src[] =
		"#include <stdio.h>\n"
		"#define CHECK(e, want) \\\n"
		"\tif ((e) != (want)) { printf(\"%s: %.17g, want %.17g\\n\", #e, (double)(e), \\\n"
		"\t\t\t\t    (double)(want)); bad = 1; }\n"
		"int main(void)\n"
		"{\n"
		"\tint bad = 0;\n"
		"\tCHECK(max(-1, 2), 2);\n"
		"\tCHECK(min(-1, 2), -1);\n"
		"\tCHECK(max(-1, 1u), 4294967295u);	/* mixed: compared as unsigned */\n"
		"\tCHECK(min(1u, -1), 1u);\n"
		"\tCHECK(max(-1L, 1UL), (unsigned long)-1);\n"
		"\tCHECK(min(-1L, 1L), -1L);\n"
		"\tCHECK(max(-5LL, 3LL), 3LL);\n"
		"\tCHECK(min(-1LL, 2ULL), 2ULL);\n"
		"\tCHECK(max(2.5f, 1.5f), 2.5f);\n"
		"\tCHECK(min(2.5f, 1.0), 1.0);\n"
		"\tCHECK(max(0.0 / 0.0, 3.0), 3.0);	/* a NaN gives the other */\n"
		"\tCHECK(umax(3u, 7u), 7u);\n"
		"\tCHECK(llmin(-3LL, 7LL), -3LL);\n"
		"\tCHECK(ullmax(3ULL, 7ULL), 7ULL);\n"
		"\treturn bad;\n"
		"}\n";
	const char *clang = tu_env("SIMULEE_CLANG");
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	ck_assert_ptr_nonnull(clang);
	ck_assert_ptr_nonnull(srcdir);
	char *dir = make_dir();
	char *cu = write_in(dir, "minmax.cu", src);
	char *obj = xfmt("%s/minmax.o", dir, NULL), *exe = xfmt("%s/minmax", dir, NULL);
	char *prelude = xfmt("%s/kernels/prelude/simulee_cuda.h", srcdir, NULL);
	char *legacy = xfmt("%s/kernels/cuda-compat/simulee_legacy.h", srcdir, NULL);
	char *compat = xfmt("%s/kernels/cuda-compat", srcdir, NULL);
	char *cpath = cuda != NULL ? xfmt("--cuda-path=%s", cuda, NULL) : NULL;
	for (int m = 0; m < 2; m++) {
		if (m == 1 && cuda == NULL) {
			printf("host_minmax_as_nvcc: toolkit part skipped: no CUDA toolkit\n");
			break;
		}
		const char *const pre[] = { clang, "-x", "cuda", "--cuda-host-only", "-Wno-unknown-cuda-version",
					    "-nocudainc", "-nocudalib", "-include", prelude, "-c", cu, "-o",
					    obj, NULL };
		const char *const tk[] = { clang, "-x", "cuda", "--cuda-host-only", "-Wno-unknown-cuda-version",
					   cpath, "-nocudalib", "-idirafter", compat, "-include", legacy,
					   "-c", cu, "-o", obj, NULL };
		struct tu_run r;
		ck_assert_int_eq(tu_run(&r, m == 0 ? pre : tk), 0);
		ck_assert_msg(r.status == 0, "compile %d: %s%s", m, r.out, r.err);
		tu_run_free(&r);
		ck_assert_int_eq(tu_run(&r, (const char *const[]){ clang, obj, "-o", exe, NULL }), 0);
		ck_assert_msg(r.status == 0, "link %d: %s%s", m, r.out, r.err);
		tu_run_free(&r);
		ck_assert_int_eq(tu_run(&r, (const char *const[]){ exe, NULL }), 0);
		ck_assert_msg(r.status == 0, "%s: %s", m == 0 ? "prelude" : "toolkit", r.out);
		tu_run_free(&r);
	}
	remove_tree(dir);
	free(cu); free(obj); free(exe); free(prelude); free(legacy); free(compat); free(cpath); free(dir);
}
END_TEST

/* A source that must not compile, and the line simulee-c must say. */
struct fail_case {
	const char *src, *want;
};

/* Each of the N CASES, as app.cu with the prelude and (when there is
** one) the toolkit: status 2, WANT in stderr, one line of ours; nothing
** left in the directory. */
static void compile_fails(const struct fail_case *cases, int n)
{
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	char *tk = cuda != NULL ? xfmt("--cuda-path=%s", cuda, NULL) : NULL;
	const char *modes[] = { "--prelude", tk };
	char *dir = make_dir();
	for (int m = 0; m < 2 && modes[m] != NULL; m++) {
		for (int c = 0; c < n; c++) {
			struct tu_run r;
			run_src_in(&r, dir, "app.cu", cases[c].src, (const char *const[]){ modes[m], NULL });
			ck_assert_msg(r.status == 2, "%s case %d: status %d: %s", modes[m], c, r.status, r.err);
			ck_assert_msg(strstr(r.err, cases[c].want) != NULL, "%s case %d: %s", modes[m], c, r.err);
			ck_assert_int_eq(lines_starting(r.err, "simulee-c:"), 1);
			tu_run_free(&r);
		}
	}
	ck_assert_int_eq(count_entries(dir), 0);
	remove_tree(dir);
	free(dir);
	free(tk);
}

/* A launch spelled `<< <` or `>> >`: one line of ours that names the
** spelling, where it is and the fix; the same spelling in a comment, a
** string or `operator<< <T>` is not blamed for an unrelated error. */
START_TEST(spaced_launch)
{
	static const char open_cu[] =
		"__global__ void k(int *a) { a[threadIdx.x] = 1; }\n"
		"int main()\n"
		"{\n"
		"\tint *d;\n"
		"\tcudaMalloc(&d, 128);\n"
		"\tk<< <1, 32>>>(d);\n"
		"\treturn 0;\n"
		"}\n";
	static const char close_cu[] =
		"template <class T> struct V { T v; };\n"
		"V<V<V<int>> > nested;	/* a template, not a launch */\n"
		"__global__ void k(int *a) { a[threadIdx.x] = 1; }\n"
		"int main()\n"
		"{\n"
		"\tint *d;\n"
		"\tcudaMalloc(&d, 128);\n"
		"\tk<<<1, 32>> >(d);\n"
		"\treturn 0;\n"
		"}\n";
	static const char innocent_cu[] =
		"// k<< <1, 32>>>(d) in a comment\n"
		"const char *s = \"k<< <1, 32>>>(d)\";\n"
		"struct O {};\n"
		"template <class T> O &operator<<(O &o, T) { return o; }\n"
		"template O &operator<< <int>(O &, int);\n"
		"int big = 1'000'000;\n"
		"__global__ void k(int *a) { a[threadIdx.x] = no_such_name; }\n";
	const struct fail_case cases[] = {
		{ open_cu, "app.cu:6:3: compilation failed: the launch is spelled `<< <`, which nvcc "
			   "reads and clang does not: write `<<<` and `>>>` with no blank inside" },
		{ close_cu, "app.cu:8:11: compilation failed: the launch is spelled `>> >`" },
		{ innocent_cu, "app.cu: compilation failed\n" },
	};
	compile_fails(cases, 3);
}
END_TEST


/* How many reproductions under DIR have a README holding NEEDLE. */
static int readmes_with(const char *dir, const char *needle)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	int seen = 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char *readme = xfmt("%s/%s/README", dir, e->d_name);
		char *text = slurp(readme);
		seen += strstr(text, needle) != NULL;
		free(text);
		free(readme);
	}
	closedir(d);
	return seen;
}
/* A kernel launched from device code (dynamic parallelism) compiles and
** runs as a child grid, with the prelude and the toolkit: the parent's
** write after the launch races with the child (the report names the
** launch), the write before it does not; a race among the child's own
** threads; a tree of launches three deep is clean; a launch that recurses
** without end stops at CUDA's depth limit, which the report says.  What
** a block wrote before its launches is ordered before each of its child
** grids and their children (no race), what it wrote after them is not;
** two grids one block launches into its stream are ordered, the first
** with the grid it launched itself (no race); grids of two blocks are
** not. */
START_TEST(device_launch)
{
	static const char after_cu[] =
		"__global__ void child(int *p) { p[threadIdx.x] = p[threadIdx.x] * 2; }\n"
		"__global__ void parent(int *p)\n"
		"{\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tchild<<<1, 32>>>(p);\n"
		"\tp[threadIdx.x] = threadIdx.x;\n"
		"}\n";
	static const char before_cu[] =
		"__global__ void child(int *p) { p[threadIdx.x] = p[threadIdx.x] * 2; }\n"
		"__global__ void parent(int *p)\n"
		"{\n"
		"\tp[threadIdx.x] = threadIdx.x;\n"
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tchild<<<dim3(1), dim3(32), 0, 0>>>(p);\n"
		"}\n";
	static const char inner_cu[] =
		"namespace k {\n"
		"__global__ void child(int *p, int n) { p[0] = n + threadIdx.x; }\n"
		"}\n"
		"__global__ void parent(int *p)\n"
		"{\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tk::child<<<1, 64>>>(p + blockIdx.x, 5);\n"
		"}\n";
	static const char tree_cu[] =
		"template <int W> __global__ void tree(int *p, int d, int at)\n"
		"{\n"
		"\tp[at * W + threadIdx.x] = d;\n"
		"\tif (d < 3 && threadIdx.x == 0) {\n"
		"\t\ttree<W><<<1, W>>>(p, d + 1, 2 * at + 1);\n"
		"\t\ttree<W><<<1, W>>>(p, d + 1, 2 * at + 2);\n"
		"\t}\n"
		"}\n"
		"__global__ void parent(int *p) { tree<4><<<1, 4>>>(p, 0, 0); }\n";
	static const char endless_cu[] =
		"__global__ void down(int *p, int d)\n"
		"{\n"
		"\tp[d % 32] = d;\n"
		"\tdown<<<1, 1>>>(p, d + 1);\n"
		"}\n"
		"__global__ void parent(int *p) { down<<<1, 1>>>(p, 0); }\n";
	static const char siblings_cu[] =
		"__global__ void deep(int *p) { p[32 + threadIdx.x] = threadIdx.x; }\n"
		"__global__ void fill(int *p)\n"
		"{\n"
		"\tp[threadIdx.x] = threadIdx.x;\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tdeep<<<1, 32>>>(p);\n"
		"}\n"
		"__global__ void twice(int *p) { p[threadIdx.x] = 2 * p[threadIdx.x] + p[32 + threadIdx.x]; }\n"
		"__global__ void parent(int *p)\n"
		"{\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tfill<<<1, 32>>>(p);\n"
		"\tif (threadIdx.x == 1)\n"
		"\t\ttwice<<<1, 32>>>(p);\n"
		"}\n";
	static const char two_launches_cu[] =
		"__global__ void rd(int *p, int *q) { q[threadIdx.x] = p[threadIdx.x]; }\n"
		"__global__ void parent(int *p, int *q)\n"
		"{\n"
		"\tp[threadIdx.x] = threadIdx.x;\n"
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0) {\n"
		"\t\trd<<<1, 32>>>(p, q);\n"
		"\t\trd<<<1, 32>>>(p, q + 32);\n"
		"\t}\n"
		"}\n";
	/* the parent's store before (WHERE 0) or after (1) the launch of mid */
	static const char grandchild_cu[2][400] = {
		"__global__ void rd(int *p, int *q) { q[threadIdx.x] = p[threadIdx.x]; }\n"
		"__global__ void mid(int *p, int *q)\n"
		"{\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\trd<<<1, 32>>>(p, q);\n"
		"}\n"
		"__global__ void parent(int *p, int *q)\n"
		"{\n"
		"\tp[threadIdx.x] = threadIdx.x;\n"
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tmid<<<1, 32>>>(p, q);\n"
		"}\n",
		"__global__ void rd(int *p, int *q) { q[threadIdx.x] = p[threadIdx.x]; }\n"
		"__global__ void mid(int *p, int *q)\n"
		"{\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\trd<<<1, 32>>>(p, q);\n"
		"}\n"
		"__global__ void parent(int *p, int *q)\n"
		"{\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tmid<<<1, 32>>>(p, q);\n"
		"\tp[threadIdx.x] = threadIdx.x;\n"
		"}\n",
	};
	static const char two_blocks_cu[] =
		"__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }\n"
		"__global__ void twice(int *p) { p[threadIdx.x] = 2 * p[threadIdx.x]; }\n"
		"__global__ void parent(int *p)\n"
		"{\n"
		"\tif (threadIdx.x == 0 && blockIdx.x == 0)\n"
		"\t\tfill<<<1, 32>>>(p);\n"
		"\tif (threadIdx.x == 0 && blockIdx.x == 1)\n"
		"\t\ttwice<<<1, 32>>>(p);\n"
		"}\n";
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	char *tk = cuda != NULL ? xfmt("--cuda-path=%s", cuda, NULL) : NULL;
	const char *modes[] = { "--prelude", tk };
	for (int m = 0; m < 2 && modes[m] != NULL; m++) {
		run_cu(two_launches_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent",
							       "--grid", "1", "--block", "32", "--size",
							       "p=32", "--size", "q=64", NULL },
		       0, "0 errors, 0 warnings");
		run_cu(grandchild_cu[0], (const char *const[]){ modes[m], "--no-search", "--kernel", "parent",
								"--grid", "1", "--block", "32", "--size",
								"p=32", "--size", "q=32", NULL },
		       0, "0 errors, 0 warnings");
		run_cu(grandchild_cu[1], (const char *const[]){ modes[m], "--no-search", "--kernel", "parent",
								"--grid", "1", "--block", "32", "--size",
								"p=32", "--size", "q=32", NULL },
		       1, "launched by mid(int*, int*) at ");
		run_cu(siblings_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent",
							   "--grid", "1", "--block", "32", "--size",
							   "p=64", NULL },
		       0, "0 errors");
		run_cu(two_blocks_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent",
							     "--grid", "2", "--block", "32", "--size",
							     "p=32", NULL },
		       1, "/app.cu:8:3\n");
		run_cu(after_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent", "--grid", "1", "--block",
							"32", "--size", "p=32", NULL },
		       1, "app.cu:5:3\n");
		run_cu(before_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent", "--grid", "1",
							 "--block", "32", "--size", "p=32", NULL },
		       0, "0 errors");
		run_cu(inner_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent", "--grid", "2", "--block",
							"32", "--size", "p=32", NULL },
		       1, "in k::child(int*, int) by thread");
		run_cu(tree_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent",
						       "--grid", "1", "--block", "1", "--size", "p=64",
						       NULL },
		       0, "0 errors");
		run_cu(endless_cu, (const char *const[]){ modes[m], "--no-search", "--kernel", "parent",
							  "--grid", "1", "--block", "1", "--size",
							  "p=32", NULL },
		       0, "25 grids deep, past CUDA's limit of 24");
	}
	free(tk);
	/* --replay: a launching kernel's reproduction says why it is none,
	** and the run's report and status stay */
	char *dir = make_dir();
	char *cu = write_in(dir, "app.cu", after_cu);
	char *rep = xfmt("%s/rep", dir, NULL);
	struct tu_run r;
	run_in(&r, dir, (const char *const[]){ "--prelude", "--no-search", "--kernel", "parent", "--grid",
					       "1", "--block", "32", "--size", "p=32", "--replay", rep,
					       cu, NULL });
	ck_assert_msg(r.status == 1 && strstr(r.out, "app.cu:5:3") != NULL, "status %d: %s%s", r.status,
		      r.out, r.err);
	ck_assert_int_eq(readmes_with(rep, "# not reproducible: the kernel launches kernels (dynamic "
				  "parallelism)"), 1);
	tu_run_free(&r);
	/* a kernel that launches none, beside one that does: the module's PTX
	** needs the device runtime all the same (the driver refuses it) */
	char *cu2 = write_in(dir, "inner.cu", inner_cu);
	char *rep2 = xfmt("%s/rep2", dir, NULL);
	run_in(&r, dir, (const char *const[]){ "--prelude", "--no-search", "--kernel", "_ZN1k5childEPii",
					       "--grid", "1", "--block", "64", "--size", "p=4",
					       "--replay", rep2, cu2, NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_int_ge(readmes_with(rep2, "# not reproducible: the module holds a kernel that "
				      "launches kernels (dynamic parallelism)"), 1);
	tu_run_free(&r);
	remove_tree(dir);
	free(rep2);
	free(cu2);
	free(rep);
	free(cu);
	free(dir);
}
END_TEST

/* Relocatable device code: a kernel calling a __device__ function another
** input defines, which calls one a third defines, is analysed with their
** code linked in (the race is in the kernel's file; the callee's line is
** the other file's), with the prelude and the toolkit. */
START_TEST(rdc_units)
{
	static const char kern_cu[] =
		"extern __device__ int quad(int x);\n"
		"__global__ void k(int *p)\n"
		"{\n"
		"\tp[threadIdx.x / 2] = quad(threadIdx.x);\n"
		"}\n";
	static const char quad_cu[] =
		"extern __device__ int twice(int x);\n"
		"__device__ int quad(int x) { return twice(twice(x)); }\n";
	static const char twice_cu[] = "__device__ int twice(int x) { return 2 * x; }\n";
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	char *tk = cuda != NULL ? xfmt("--cuda-path=%s", cuda, NULL) : NULL;
	const char *modes[] = { "--prelude", tk };
	char *dir = make_dir();
	char *k = write_in(dir, "kern.cu", kern_cu), *q = write_in(dir, "quad.cu", quad_cu);
	char *t = write_in(dir, "twice.cu", twice_cu);
	for (int m = 0; m < 2 && modes[m] != NULL; m++) {
		struct tu_run r;
		run_in(&r, dir, (const char *const[]){ modes[m], "--generations", "3", k, t, q, NULL });
		ck_assert_msg(r.status == 1, "%s: status %d: %s%s", modes[m], r.status, r.out, r.err);
		ck_assert_msg(strstr(r.out, "kern.cu:4:") && strstr(r.out, "data race on global 'p["), "%s: %s",
			      modes[m], r.out);
		ck_assert_msg(strstr(r.err, "unsupported call") == NULL, "%s: %s", modes[m], r.err);
		tu_run_free(&r);
	}
	unlink(k);
	unlink(q);
	unlink(t);
	free(k);
	free(q);
	free(t);
	ck_assert_int_eq(count_entries(dir), 0);
	remove_tree(dir);
	free(dir);
	free(tk);
}
END_TEST

/* ---- host IR ---------------------------------------------------------- */

/* Compiles SRC with the API (toolkit CUDA or the prelude) and checks the
** host IR: the launch's configuration push, the stub call, the stub's
** cudaLaunchKernel.  Returns the host IR text (free it). */
static char *host_ir_of(const char *src, const char *cuda)
{
	char *dir = make_dir();
	char *cu = write_in(dir, "app.cu", src);
	struct compile_opts o = api_opts(cuda);
	struct compile_out out = { 0 };
	struct sim_error err = { 0 };
	set_tmpdir(dir);
	ck_assert_msg(compile_cu(&o, cu, &out, &err) == 0, "%s", err.msg);
	set_tmpdir(NULL);
	ck_assert_ptr_nonnull(out.device_bc);
	ck_assert_int_eq(out.nhost_irs, 1);
	ck_assert_msg(access(out.device_bc, R_OK) == 0, "%s", out.device_bc);
	char *ir = slurp(out.host_irs[0]);
	ck_assert_msg(strstr(ir, "call i32 @__cudaPushCallConfiguration(") != NULL, "%.300s", ir);
	ck_assert_msg(strstr(ir, "call void @_Z20__device_stub__shiftPi(") != NULL, "%.300s", ir);
	ck_assert_msg(strstr(ir, "define dso_local void @_Z20__device_stub__shiftPi(") != NULL, "%.300s", ir);
	ck_assert_msg(strstr(ir, "call i32 @__cudaPopCallConfiguration(") != NULL, "%.300s", ir);
	ck_assert_msg(strstr(ir, "i32 @cudaLaunchKernel(ptr noundef @_Z20__device_stub__shiftPi,") != NULL, "%.300s", ir);
	ck_assert_msg(strstr(ir, "@_ZL10cudaMallocIiE9cudaErrorPPT_m") != NULL, "%.300s", ir);
	char *tmp = strdup(out.tmpdir);
	ck_assert_int_eq(count_entries(dir), 2);	/* app.cu and the directory */
	compile_out_free(&out);
	ck_assert_msg(access(tmp, F_OK) != 0, "%s is still there", tmp);
	ck_assert_ptr_null(out.tmpdir);
	free(tmp);
	remove_tree(dir);
	free(cu);
	free(dir);
	return ir;
}

/* The lines of IR that declare functions whose names start with PREFIX,
** sorted and joined (free it). */
static char *declares(const char *ir, const char *prefix)
{
	char *lines[64];
	int n = 0;
	for (const char *p = strstr(ir, "\ndeclare "); p != NULL; p = strstr(p + 1, "\ndeclare ")) {
		const char *at = strchr(p, '@');
		const char *end = strchr(p + 1, '\n');
		if (at == NULL || end == NULL || at > end || strncmp(at + 1, prefix, strlen(prefix)) != 0)
			continue;
		/* without attribute group references (#3): numbering differs */
		const char *hash = memchr(p + 1, '#', (size_t)(end - p - 1));
		size_t len = (size_t)((hash != NULL ? hash : end) - (p + 1));
		ck_assert_int_lt(n, 64);
		lines[n] = strndup(p + 1, len);
		n++;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && strcmp(lines[j - 1], lines[j]) > 0; j--) {
			char *t = lines[j];
			lines[j] = lines[j - 1];
			lines[j - 1] = t;
		}
	size_t total = 1;
	for (int i = 0; i < n; i++)
		total += strlen(lines[i]) + 1;
	char *s = calloc(total, 1);
	ck_assert_ptr_nonnull(s);
	for (int i = 0; i < n; i++) {
		strcat(s, lines[i]);
		strcat(s, "\n");
		free(lines[i]);
	}
	return s;
}

START_TEST(host_ir_prelude)
{
	char *ir = host_ir_of(racy_cu, NULL);
	/* the prelude's host pass claims a CUDA version: the 9.2+ sequence */
	ck_assert_msg(strstr(ir, "cudaConfigureCall") == NULL, "%.300s", ir);
	ck_assert_msg(strstr(ir, "cudaSetupArgument") == NULL, "%.300s", ir);
	free(ir);
}
END_TEST

START_TEST(host_ir_toolkit)
{
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	if (cuda == NULL) {
		printf("host_ir_toolkit: skipped: no CUDA toolkit\n");
		return;
	}
	char *real = host_ir_of(racy_cu, cuda);
	char *ours = host_ir_of(racy_cu, NULL);
	/* the runtime calls are declared alike with the prelude and with the
	** toolkit's headers */
	char *dr = declares(real, "cuda"), *dp = declares(ours, "cuda");
	ck_assert_msg(strstr(dr, "declare i32 @cudaMalloc(ptr noundef, i64 noundef)") != NULL, "%s", dr);
	ck_assert_str_eq(dr, dp);
	free(dr);
	free(dp);
	dr = declares(real, "__cuda");
	dp = declares(ours, "__cuda");
	ck_assert_msg(strstr(dr, "@__cudaPushCallConfiguration(i64, i32, i64, i32, i64 noundef, ptr noundef)")
		      != NULL, "%s", dr);
	ck_assert_str_eq(dr, dp);
	free(dr);
	free(dp);
	free(real);
	free(ours);
}
END_TEST

START_TEST(host_ir_failure_is_warning)
{
	/* host code the device pass never sees: only the host side fails */
	static const char src[] =
		"__global__ void k(int *a) { a[threadIdx.x] = 1; }\n"
		"#ifndef __CUDA_ARCH__\n"
		"void host(void) { this_is_not_declared(); }\n"
		"#endif\n";
	char *dir = make_dir();
	char *cu = write_in(dir, "app.cu", src);
	struct tu_run r;
	run_in(&r, dir, (const char *const[]){ "--prelude", cu, "--no-search", "--block", "4",
					       "--size", "a=4", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "this_is_not_declared") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "warning: ") != NULL && strstr(r.err, "launch sites are not read"),
		      "%s", r.err);
	tu_run_free(&r);
	ck_assert_int_eq(count_entries(dir), 1);
	remove_tree(dir);
	free(cu);
	free(dir);
}
END_TEST

/* ---- compile databases ------------------------------------------------ */

/* A project: src/one.cu (clang, needs SCALE and inc/ from its entry),
** src/two.cu (nvcc, needs TWO and inc/), src/host.cpp (not CUDA),
** src/app.cu (clang, needs APP from its entry) and its database.  Returns
** the project directory (free it). */
static char *make_project(int with_broken)
{
	char *dir = make_dir();
	char *p;
	const char *subs[] = { "src", "inc", "build" };
	for (int i = 0; i < 3; i++) {
		p = xfmt("%s/%s", dir, subs[i]);
		ck_assert_int_eq(mkdir(p, 0700), 0);
		free(p);
	}
	free(write_in(dir, "inc/common.h", "#define BLOCK 128\n"));
	free(write_in(dir, "src/one.cu",
		      "#include \"common.h\"\n"
		      "__global__ void one(float *a, int n)\n"
		      "{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n\tif (i < n)\n\t\ta[i] *= SCALE;\n}\n"
		      "void run_one(float *d, int n) { one<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d, n); }\n"));
	free(write_in(dir, "src/two.cu",
		      "#include <common.h>\n"
		      "__global__ void two(int *a) { a[threadIdx.x] = TWO; }\n"
		      "void run_two(int *d) { two<<<1, BLOCK>>>(d); }\n"));
	free(write_in(dir, "src/host.cpp", "void run_one(float *d, int n);\n"
		      "int main() { run_one(0, 4096); return 0; }\n"));
	free(write_in(dir, "src/app.cu",
		      "__global__ void app(int *a) { a[threadIdx.x] = APP; }\n"
		      "int main() { int *d; cudaMalloc(&d, 256); app<<<1, 64>>>(d); return 0; }\n"));
	free(write_in(dir, "src/broken.cu", "__global__ void b(int *a) { a[0] = nope; }\n"));
	char broken[4096] = "";
	if (with_broken)
		snprintf(broken, sizeof broken,
			 ",\n { \"directory\": \"/\", \"file\": \"%s/src/broken.cu\",\n"
			 "   \"arguments\": [\"clang++\", \"-c\", \"%s/src/broken.cu\"] }", dir, dir);
	char db[8192];
	snprintf(db, sizeof db,
		 "[\n"
		 " { \"directory\": \"%s/build\", \"file\": \"../src/one.cu\",\n"
		 "   \"arguments\": [\"/usr/bin/clang++\", \"-x\", \"cuda\", \"--cuda-gpu-arch=sm_80\",\n"
		 "     \"-I../inc\", \"-DSCALE=2.0f\", \"-O2\", \"-MD\", \"-MF\", \"one.d\", \"-c\",\n"
		 "     \"../src/one.cu\", \"-o\", \"one.o\"] },\n"
		 " { \"directory\": \"%s/build\", \"file\": \"%s/src/two.cu\",\n"
		 "   \"command\": \"/usr/local/cuda/bin/nvcc -I ../inc --define-macro \\\"TWO=(1 + 1)\\\" "
		 "-gencode arch=compute_70,code=sm_70 -Xcompiler -fPIC -std=c++17 -x cu -c %s/src/two.cu -o two.o\" },\n"
		 " { \"directory\": \"%s/build\", \"file\": \"../src/host.cpp\",\n"
		 "   \"command\": \"g++ -c ../src/host.cpp -o host.o\" },\n"
		 " { \"directory\": \"%s\", \"file\": \"src/app.cu\",\n"
		 "   \"arguments\": [\"clang++\", \"-DAPP=5\", \"-c\", \"src/app.cu\"] }%s\n"
		 "]\n",
		 dir, dir, dir, dir, dir, dir, broken);
	free(write_in(dir, "build/compile_commands.json", db));
	return dir;
}

START_TEST(db_two_tus)
{
	char *dir = make_project(0);
	char *db = xfmt("%s/build/compile_commands.json", dir, NULL);
	struct compile_opts o = api_opts(NULL);
	struct compile_out out = { 0 };
	struct sim_error err = { 0 };
	set_tmpdir(dir);
	/* no input: one.cu, two.cu and app.cu; host.cpp is not CUDA */
	ck_assert_msg(compile_db(&o, db, NULL, &out, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(out.nhost_irs, 3);
	compile_out_free(&out);

	/* app.cu is the input: two TUs compiled, app.cu's flags kept for it */
	char *app = xfmt("%s/src/app.cu", dir, NULL);
	ck_assert_msg(compile_db(&o, db, app, &out, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(out.nhost_irs, 2);
	ck_assert_int_eq(out.ndb_flags, 1);
	ck_assert_str_eq(out.db_flags[0], "-DAPP=5");
	const char *stubs[] = { "@_Z18__device_stub__onePfi(", "@_Z18__device_stub__twoPi(" };
	for (uint32_t i = 0; i < 2; i++) {
		char *ir = slurp(out.host_irs[i]);
		ck_assert_msg(strstr(ir, "call i32 @__cudaPushCallConfiguration(") != NULL, "%.300s", ir);
		ck_assert_msg(strstr(ir, stubs[i]) != NULL, "%s lacks %s", out.host_irs[i], stubs[i]);
		free(ir);
	}
	ck_assert_msg(compile_cu(&o, app, &out, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(out.nhost_irs, 3);
	char *tmp = strdup(out.tmpdir);
	compile_out_free(&out);
	set_tmpdir(NULL);
	ck_assert_msg(access(tmp, F_OK) != 0, "%s is still there", tmp);
	free(tmp);
	remove_tree(dir);
	free(app);
	free(db);
	free(dir);
}
END_TEST

/* A database's C and C++ files are host code only: kept, with their
** flags, and compiled to host IR only when they name a function whose
** callers the launch sites want, once (compile_host_needed). */
START_TEST(db_host_sources)
{
	char *dir = make_project(0);
	char *db = xfmt("%s/build/compile_commands.json", dir, NULL);
	struct compile_opts o = api_opts(NULL);
	struct compile_out out = { 0 };
	struct sim_error err = { 0 };
	set_tmpdir(dir);
	ck_assert_msg(compile_db(&o, db, NULL, &out, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(out.nhost_irs, 3);
	ck_assert_int_eq(out.nhost_srcs, 1);
	ck_assert_msg(strstr(out.host_srcs[0].src, "/src/host.cpp") != NULL, "%s", out.host_srcs[0].src);
	char w1[] = "run_one", w2[] = "run_on", w3[] = "one";
	char *const none[] = { w1, NULL };
	char *const other[] = { w2, w3, NULL };
	ck_assert_int_eq(compile_host_needed(&o, &out, other, &err), 0);
	ck_assert_int_eq(compile_host_needed(&o, &out, none, &err), 1);
	ck_assert_int_eq(out.nhost_irs, 4);
	char *ir = slurp(out.host_irs[3]);
	ck_assert_msg(strstr(ir, "call void @_Z7run_onePfi(ptr noundef null, i32 noundef 4096)") != NULL,
		      "%.400s", ir);
	free(ir);
	ck_assert_int_eq(compile_host_needed(&o, &out, none, &err), 0);
	compile_out_free(&out);
	set_tmpdir(NULL);
	remove_tree(dir);
	free(db);
	free(dir);
}
END_TEST

START_TEST(db_cli)
{
	char *dir = make_project(1);
	char *build = xfmt("%s/build", dir, NULL);
	char *app = xfmt("%s/src/app.cu", dir, NULL);
	char *tmp = xfmt("%s/tmp", dir, NULL);
	ck_assert_int_eq(mkdir(tmp, 0700), 0);
	struct tu_run r;
	/* without the database app.cu lacks APP */
	run_in(&r, tmp, (const char *const[]){ "--prelude", app, "--list-kernels", NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "'APP'") != NULL, "%d %s", r.status, r.err);
	tu_run_free(&r);
	/* with it: its entry's -DAPP=5; one.cu and two.cu compiled; the broken
	** TU one warning line, its diagnostics hidden */
	run_in(&r, tmp, (const char *const[]){ "--prelude", "-p", build, app, "--list-kernels", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "app(int*)") != NULL, "%s", r.out);
	ck_assert_int_eq(lines_starting(r.err, "simulee-c: warning: "), 1);
	ck_assert_msg(strstr(r.err, "broken.cu") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "'nope'") == NULL, "%s", r.err);
	tu_run_free(&r);
	/* --verbose: five clang runs (one, two, broken; app twice) and the
	** broken TU's diagnostics */
	char *dbfile = xfmt("%s/compile_commands.json", build, NULL);
	run_in(&r, tmp, (const char *const[]){ "--prelude", "--verbose", "--compile-commands", dbfile,
					       app, "--list-kernels", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_int_eq(lines_starting(r.err, "simulee-c: running:"), 5);
	ck_assert_msg(strstr(r.err, "'nope'") != NULL, "%s", r.err);
	ck_assert_msg(strstr(r.err, "-DAPP=5") != NULL, "%s", r.err);
	tu_run_free(&r);
	/* a .bc input takes host IR from the database all the same */
	char *bc = tu_kernel("func/vecadd.O0.bc");
	run_in(&r, tmp, (const char *const[]){ "--prelude", "--verbose", "-p", build, bc, "--list-kernels",
					       NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_int_eq(lines_starting(r.err, "simulee-c: running:"), 4);
	tu_run_free(&r);
	/* a missing database: one line, exit 2 */
	run_in(&r, tmp, (const char *const[]){ "-p", tmp, app, NULL });
	ck_assert_msg(r.status == 2 && strstr(r.err, "compile_commands.json") != NULL, "%s", r.err);
	ck_assert_int_eq(lines_starting(r.err, ""), 1);
	tu_run_free(&r);
	ck_assert_int_eq(count_entries(tmp), 0);
	remove_tree(dir);
	free(bc); free(dbfile); free(build); free(app); free(tmp); free(dir);
}
END_TEST

/* -p with no input file: every CUDA TU of the database is analysed with
** its own flags, a broken one is a warning, and the shards of the run
** merge into the run's report byte for byte. */
START_TEST(db_whole_project)
{
	char *dir = make_project(1);
	char *build = xfmt("%s/build", dir, NULL);
	char *tmp = xfmt("%s/tmp", dir, NULL);
	ck_assert_int_eq(mkdir(tmp, 0700), 0);
	char *path[3];
	char *text[3];
	for (int i = 0; i < 3; i++) {
		const char *shard = i == 0 ? NULL : i == 1 ? "1/2" : "2/2";
		struct tu_run r;
		run_in(&r, tmp, (const char *const[]){ "--prelude", "-p", build, "--format", "json",
						       "--population", "4", "--generations", "1",
						       shard ? "--shard" : NULL, shard, NULL });
		ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s", r.status, r.err);
		ck_assert_msg(strstr(r.err, "broken.cu: compilation failed; its kernels are not "
				     "analysed") != NULL, "%s", r.err);
		ck_assert_int_eq(lines_starting(r.err, "simulee-c: warning: "), 1);
		if (i == 0) {
			/* one.cu (SCALE and BLOCK from its entry), two.cu, app.cu:
			** jobs 0, 1, 2 in the database's order */
			cJSON *doc = tu_check_report_json(r.out);
			static const char *const want[][2] = { { "one(float*, int)", "/src/one.cu" },
				{ "two(int*)", "/src/two.cu" }, { "app(int*)", "/src/app.cu" } };
			const cJSON *ks = tu_jat(doc, "kernels");
			ck_assert_int_eq(cJSON_GetArraySize(ks), 3);
			for (int k = 0; k < 3; k++) {
				const cJSON *kk = cJSON_GetArrayItem(ks, k);
				const char *in = cJSON_GetObjectItem(kk, "input")->valuestring;
				ck_assert_str_eq(cJSON_GetObjectItem(kk, "demangled")->valuestring, want[k][0]);
				ck_assert_msg(strlen(in) > strlen(want[k][1])
					      && strcmp(in + strlen(in) - strlen(want[k][1]), want[k][1]) == 0,
					      "%s", in);
				ck_assert_int_eq((int)cJSON_GetObjectItem(kk, "job")->valuedouble, k);
				/* each is launched by the host code: run_one by
				** host.cpp's main, compiled for its call */
				ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(kk, "host_sites")));
			}
			char *dbfile = xfmt("%s/compile_commands.json", build, NULL);
			ck_assert_str_eq(tu_jat(doc, "input")->valuestring, dbfile);
			free(dbfile);
			cJSON_Delete(doc);
		}
		text[i] = strdup(r.out);
		path[i] = write_in(tmp, i == 0 ? "all.json" : i == 1 ? "s1.json" : "s2.json", r.out);
		tu_run_free(&r);
	}
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--merge", path[2], path[1], NULL });
	ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_msg(strcmp(r.out, text[0]) == 0, "merged:\n%s\nwhole:\n%s", r.out, text[0]);
	tu_run_free(&r);
	/* the files compiled one at a time (--jobs 1) rather than in parallel:
	** the same report */
	run_in(&r, tmp, (const char *const[]){ "--prelude", "-p", build, "--format", "json",
					       "--population", "4", "--generations", "1", "--jobs", "1",
					       NULL });
	ck_assert_msg(strcmp(r.out, text[0]) == 0, "--jobs 1:\n%s\nparallel:\n%s", r.out, text[0]);
	tu_run_free(&r);
	for (int i = 0; i < 3; i++) {
		free(path[i]);
		free(text[i]);
	}
	remove_tree(dir);
	free(build);
	free(tmp);
	free(dir);
}
END_TEST

START_TEST(db_malformed)
{
	char *dir = make_dir();
	char *db = write_in(dir, "compile_commands.json", "{ \"not\": \"an array\" }");
	struct compile_opts o = api_opts(NULL);
	struct compile_out out = { 0 };
	struct sim_error err = { 0 };
	ck_assert_int_lt(compile_db(&o, db, NULL, &out, &err), 0);
	ck_assert_msg(strstr(err.msg, "not a compile database") != NULL, "%s", err.msg);
	compile_out_free(&out);
	remove_tree(dir);
	free(db);
	free(dir);
}
END_TEST

static void check_argv(char **v, uint32_t n, const char *const *want)
{
	uint32_t i = 0;
	for (; want[i] != NULL; i++) {
		ck_assert_msg(i < n, "only %u arguments, want '%s' next", n, want[i]);
		ck_assert_str_eq(v[i], want[i]);
	}
	ck_assert_uint_eq(n, i);
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

START_TEST(split_command)
{
	char **v = NULL;
	uint32_t n = 0, cap = 0;
	ck_assert_int_eq(compile_split_command("  cc -DA='x y' \"-DB=\\\"q\\\"\" a\\ b.cu  -c\t", &v, &n,
					       &cap), 0);
	check_argv(v, n, (const char *const[]){ "cc", "-DA=x y", "-DB=\"q\"", "a b.cu", "-c", NULL });
	v = NULL;
	n = cap = 0;
	ck_assert_int_eq(compile_split_command("cc 'unterminated", &v, &n, &cap), -1);
	for (uint32_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}
END_TEST

START_TEST(convert_entries)
{
	char **v = NULL;
	uint32_t n = 0, cap = 0;
	const char *clang[] = { "/usr/bin/clang++", "-x", "cuda", "--cuda-gpu-arch=sm_80", "-Iinc",
				"-I", "/abs", "-isystem", "sys", "-DX=1", "-D", "Y", "-UZ", "-include",
				"pre.h", "-std=c++17", "-O2", "-MD", "-MF", "a.d", "-Werror", "-Wall",
				"-Xclang", "-foo", "-c", "a.cu", "-o", "a.o", "--cuda-path=/x", "-g" };
	compile_convert_entry((char *const *)clang, sizeof clang / sizeof clang[0], "/p", &v, &n, &cap);
	check_argv(v, n, (const char *const[]){ "-I/p/inc", "-I", "/abs", "-isystem", "/p/sys", "-DX=1",
						"-D", "Y", "-UZ", "-include", "/p/pre.h", "-std=c++17",
						"-Wall", "-Xclang", "-foo", "-g", NULL });
	v = NULL;
	n = cap = 0;
	const char *nvcc[] = { "/usr/local/cuda/bin/nvcc", "-I", "a,/b", "-Ic", "--include-path=d",
			       "-DX", "--define-macro", "Y=2,Z", "-U", "W", "--pre-include", "p.h",
			       "-isystem", "s", "--std", "c++14", "-gencode", "arch=compute_70,code=sm_70",
			       "-Xcompiler", "-Wall", "-x", "cu", "-O3", "-c", "k.cu", "-o", "k.o",
			       "--expt-relaxed-constexpr" };
	compile_convert_entry((char *const *)nvcc, sizeof nvcc / sizeof nvcc[0], "/p", &v, &n, &cap);
	check_argv(v, n, (const char *const[]){ "-I/p/a", "-I/b", "-I/p/c", "-I/p/d", "-DX", "-DY=2",
						"-DZ", "-UW", "-include", "/p/p.h", "-isystem", "/p/s",
						"-std=c++14", NULL });
}
END_TEST

/* ---- the temporary directory ------------------------------------------ */

START_TEST(tmpdir_removed_on_signal)
{
	/* a launch that never ends: SIGTERM while it runs */
	char *dir = make_dir();
	char *cu = write_in(dir, "loop.cu", "__global__ void k(volatile int *a)\n"
					   "{\n\twhile (a[0] == 0)\n\t\ta[1]++;\n}\n");
	char *tmp = xfmt("%s/tmp", dir, NULL);
	ck_assert_int_eq(mkdir(tmp, 0700), 0);
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_ptr_nonnull(bin);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		setenv("TMPDIR", tmp, 1);
		signal(SIGTERM, SIG_DFL);
		execl(bin, bin, "--prelude", "--no-search", "--block", "1", "--size", "a=2",
		      "--max-steps", "100000000000", cu, (char *)NULL);
		_exit(127);
	}
	/* wait for its directory and the bitcode in it, then for the load */
	int seen = 0;
	for (int i = 0; i < 400 && !seen; i++) {
		DIR *d = opendir(tmp);
		struct dirent *e;
		while (d != NULL && (e = readdir(d)) != NULL)
			if (strncmp(e->d_name, "simulee-c-", 10) == 0) {
				char *bc = xfmt("%s/%s/unit0-loop.ll", tmp, e->d_name);
				seen = access(bc, R_OK) == 0;
				free(bc);
			}
		if (d != NULL)
			closedir(d);
		struct timespec ts = { 0, 50 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	ck_assert_msg(seen, "no temporary directory with the host IR (unit0-loop.ll) appeared");
	struct timespec ts = { 0, 300 * 1000 * 1000 };
	nanosleep(&ts, NULL);
	ck_assert_int_eq(kill(pid, SIGTERM), 0);
	int st = 0;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "status 0x%x", st);
	ck_assert_int_eq(count_entries(tmp), 0);
	remove_tree(dir);
	free(cu);
	free(tmp);
	free(dir);
}
END_TEST

Suite *compile_suite(void)
{
	Suite *s = suite_create("compile");
	TCase *tc = tcase_create("cu input");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, cu_race_prelude);
	tcase_add_test(tc, cu_clean_prelude);
	tcase_add_test(tc, cu_race_search);
	tcase_add_test(tc, cu_includes_prelude);
	tcase_add_test(tc, cu_toolkit);
	tcase_add_test(tc, cu_compile_error);
	tcase_add_test(tc, cu_no_clang);
	tcase_add_test(tc, cu_bad_cuda_path);
	tcase_add_test(tc, cu_missing_file);
	tcase_add_test(tc, cu_passthrough);
	tcase_add_test(tc, cu_gpu_arch);
	suite_add_tcase(s, tc);

	tc = tcase_create("legacy code");
	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, legacy_program_prelude);
	tcase_add_test(tc, legacy_program_toolkit);
	tcase_add_test(tc, nvcc_implicit_headers);
	tcase_add_test(tc, legacy_sync_is_sync);
	tcase_add_test(tc, host_minmax_as_nvcc);
	tcase_add_test(tc, spaced_launch);
	tcase_add_test(tc, device_launch);
	tcase_add_test(tc, rdc_units);
	suite_add_tcase(s, tc);

	tc = tcase_create("host ir");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, host_ir_prelude);
	tcase_add_test(tc, host_ir_toolkit);
	tcase_add_test(tc, host_ir_failure_is_warning);
	suite_add_tcase(s, tc);

	tc = tcase_create("compile database");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, db_two_tus);
	tcase_add_test(tc, db_host_sources);
	tcase_add_test(tc, db_cli);
	tcase_add_test(tc, db_whole_project);
	tcase_add_test(tc, db_malformed);
	tcase_add_test(tc, split_command);
	tcase_add_test(tc, convert_entries);
	suite_add_tcase(s, tc);

	tc = tcase_create("temporary directory");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, tmpdir_removed_on_signal);
	suite_add_tcase(s, tc);
	return s;
}
