/*
** testutil.c: running the simulee-c binary from tests, and test data paths.
*/
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec/interp.h"
#include "lower/load.h"
#include "tests.h"

struct sink {
	char *buf;
	size_t len, cap;
};

static void sink_add(struct sink *s, const char *p, size_t n)
{
	if (s->len + n + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->len + n + 1)
			cap *= 2;
		s->buf = realloc(s->buf, cap);
		if (s->buf == NULL)
			abort();
		s->cap = cap;
	}
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	s->buf[s->len] = '\0';
}

/* The last run's exit status and the end of its standard error, which a
** check on its output that fails names (a crash under the sanitizers
** leaves the output empty). */
int tu_last_status;
char tu_last_err[2049];

int tu_run(struct tu_run *r, const char *const *argv)
{
	int po[2], pe[2];
	memset(r, 0, sizeof *r);
	if (pipe(po) != 0)
		return -1;
	if (pipe(pe) != 0) {
		close(po[0]);
		close(po[1]);
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);
		if (devnull >= 0)
			dup2(devnull, 0);
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]);
		close(pe[0]);
		execv(argv[0], (char *const *)argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	struct sink so = { 0 }, se = { 0 };
	sink_add(&so, "", 0);
	sink_add(&se, "", 0);
	struct pollfd fds[2] = { { po[0], POLLIN, 0 }, { pe[0], POLLIN, 0 } };
	int open_fds = 2;
	while (open_fds > 0) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			char buf[8192];
			ssize_t n = read(fds[i].fd, buf, sizeof buf);
			if (n > 0) {
				sink_add(i == 0 ? &so : &se, buf, (size_t)n);
			} else {
				close(fds[i].fd);
				fds[i].fd = -1;
				open_fds--;
			}
		}
	}
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	r->out = so.buf;
	r->out_len = so.len;
	r->err = se.buf;
	r->err_len = se.len;
	tu_last_status = r->status;
	snprintf(tu_last_err, sizeof tu_last_err, "%.*s", (int)(se.len < 2048 ? se.len : 2048),
		 se.buf + (se.len > 2048 ? se.len - 2048 : 0));
	return 0;
}

void tu_run_free(struct tu_run *r)
{
	free(r->out);
	free(r->err);
	memset(r, 0, sizeof *r);
}

const char *tu_env(const char *name)
{
	const char *v = getenv(name);
	return v != NULL && *v != '\0' ? v : NULL;
}

char *tu_kernel(const char *rel)
{
	const char *dir = tu_env("SIMULEE_KERNELS");
	if (dir == NULL)
		dir = "kernels/build";
	size_t n = strlen(dir) + strlen(rel) + 2;
	char *p = malloc(n);
	if (p == NULL)
		abort();
	snprintf(p, n, "%s/%s", dir, rel);
	return p;
}

/* TEXT in a new file named TEMPLATE (mkstemps, SUFFIX its last letters). */
static char *tmpfile_named(const char *text, size_t len, const char *suffix)
{
	const char *tmp = getenv("TMPDIR");
	char *path = malloc(4096);
	if (path == NULL)
		abort();
	snprintf(path, 4096, "%s/simulee-test-XXXXXX%s", tmp && *tmp ? tmp : "/tmp", suffix);
	int fd = mkstemps(path, (int)strlen(suffix));
	if (fd < 0)
		abort();
	size_t off = 0;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);
		if (n <= 0)
			abort();
		off += (size_t)n;
	}
	close(fd);
	return path;
}

char *tu_tmpfile(const char *text, size_t len)
{
	return tmpfile_named(text, len, "");
}

char *tu_tmp_cu(const char *text)
{
	return tmpfile_named(text, strlen(text), ".cu");
}

int tu_need_clang(const char *what, int toolkit)
{
	if (tu_env("SIMULEE_CLANG") != NULL && (!toolkit || tu_env("SIMULEE_CUDA_PATH") != NULL))
		return 1;
	printf("%s: skipped: no clang%s\n", what, toolkit ? " or CUDA toolkit" : "");
	return 0;
}

char *tu_tmpdir(void)
{
	const char *tmp = getenv("TMPDIR");
	char *path = malloc(4096);
	if (path == NULL)
		abort();
	snprintf(path, 4096, "%s/simulee-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_msg(mkdtemp(path) != NULL, "mkdtemp %s: %s", path, strerror(errno));
	return path;
}

void tu_rmtree(const char *dir)
{
	size_t n = strlen(dir) + 16;
	char *cmd = malloc(n);
	if (cmd == NULL)
		abort();
	snprintf(cmd, n, "rm -rf '%s'", dir);
	ck_assert_msg(system(cmd) == 0, "%s", cmd);
	free(cmd);
}

char *tu_compile_cu(const char *text)
{
	return tu_compile_cu_opt(text, "-O0");
}

/* Runs clang ARGV (its source and output are the last two arguments but
** the NULL: written from TEXT, and returned) and returns the bitcode's
** path. */
static char *compile(const char **argv, int nargs, const char *text)
{
	char *src = tu_tmpfile(text, strlen(text));
	char out[4200];
	snprintf(out, sizeof out, "%s.bc", src);
	argv[nargs - 3] = src;
	argv[nargs - 1] = out;
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, argv), 0);
	ck_assert_msg(r.status == 0, "clang failed: %s", r.err);
	tu_run_free(&r);
	unlink(src);
	free(src);
	char *res = malloc(strlen(out) + 1);
	ck_assert_ptr_nonnull(res);
	strcpy(res, out);
	return res;
}

char *tu_compile_cu_real(const char *text, const char *olevel)
{
	const char *clang = tu_env("SIMULEE_CLANG");
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	ck_assert_msg(clang != NULL && srcdir != NULL, "SIMULEE_CLANG/SIMULEE_SRCDIR unset");
	if (cuda == NULL || cuda[0] == '\0')
		return NULL;
	char cudapath[4200], compat[4200], cccl[4200];
	snprintf(cudapath, sizeof cudapath, "--cuda-path=%s", cuda);
	snprintf(compat, sizeof compat, "%s/kernels/cuda-compat", srcdir);
	snprintf(cccl, sizeof cccl, "-I%s/include/cccl", cuda);
	/* the compat directory only stands in for headers CUDA 13 lacks; it
	** comes last so a toolkit's own header wins */
	const char *argv[] = { clang, "-x", "cuda", "--cuda-device-only", cudapath,
			       "--cuda-gpu-arch=sm_70", "-std=c++17", "-Wno-unknown-cuda-version",
			       cccl, "-idirafter", compat, "-emit-llvm", olevel, "-g",
			       "-c", NULL, "-o", NULL, NULL };
	return compile(argv, (int)(sizeof argv / sizeof argv[0]) - 1, text);
}

char *tu_compile_cu_opt(const char *text, const char *olevel)
{
	const char *clang = tu_env("SIMULEE_CLANG");
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(clang != NULL && srcdir != NULL, "SIMULEE_CLANG/SIMULEE_SRCDIR unset");
	char prelude[4200];
	snprintf(prelude, sizeof prelude, "%s/kernels/prelude/simulee_cuda.h", srcdir);
	const char *argv[] = { clang, "-x", "cuda", "--cuda-device-only", "-nocudainc",
			       "-nocudalib", "--cuda-gpu-arch=sm_70", "-include", prelude,
			       "-emit-llvm", olevel, "-Xclang", "-disable-O0-optnone", "-g",
			       "-c", NULL, "-o", NULL, NULL };
	return compile(argv, (int)(sizeof argv / sizeof argv[0]) - 1, text);
}

void tu_run_bin(struct tu_run *r, const char *const *args)
{
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_msg(bin != NULL, "SIMULEE_BIN is not set");
	const char *argv[TU_MAX_ARGS + 2];
	int n = 0;
	argv[n++] = bin;
	for (int i = 0; args[i] != NULL; i++) {
		ck_assert_int_le(n, TU_MAX_ARGS);
		argv[n++] = args[i];
	}
	argv[n] = NULL;
	ck_assert_int_eq(tu_run(r, argv), 0);
}

const cJSON *tu_jat(const cJSON *doc, const char *path)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", path);
	const cJSON *v = doc;
	char *save = NULL;
	for (char *t = strtok_r(buf, "/", &save); t && v; t = strtok_r(NULL, "/", &save)) {
		if (cJSON_IsArray(v))
			v = cJSON_GetArrayItem(v, atoi(t));
		else
			v = cJSON_GetObjectItemCaseSensitive(v, t);
	}
	return v;
}

int tu_load_kernel(const char *bc, const char *name, struct loaded *l)
{
	struct load_options opt = { 0 };
	struct sim_error err = { 0 };
	memset(l, 0, sizeof *l);
	int rc = load_file(bc, &opt, l, &err);
	ck_assert_msg(rc == 0, "load_file: %d %s", rc, err.msg);
	int ki = load_find_kernel(l, name);
	ck_assert_msg(ki >= 0, "no kernel %s", name);
	ck_assert_msg(l->kernels[ki].func >= 0, "lowering failed: %s",
		      l->kernels[ki].error ? l->kernels[ki].error : "?");
	return l->kernels[ki].func;
}
