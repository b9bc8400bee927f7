/*
** compile.c: running clang on CUDA sources (front/compile.h).
**
** Both passes compile at -O0 without optnone and with -g, as DESIGN.md asks
** (optimisation deletes and merges racing accesses): the device pass to
** bitcode, the host pass to textual IR.  With a CUDA toolkit clang reads its
** headers (--cuda-path) and links libdevice, as a user's build does; without
** one it reads our prelude, which declares the host runtime API a launch
** needs, and libdevice stays out (the simulator implements __nv_* itself).
*/
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>

#include "front/cache.h"
#include "front/compile.h"

extern char **environ;

/* Makefile.am defines these; the fallbacks keep the file compilable alone. */
#ifndef SIMULEE_PKGDATADIR
#define SIMULEE_PKGDATADIR "/usr/local/share/simulee-c"
#endif
#ifndef SIMULEE_TOP_SRCDIR
#define SIMULEE_TOP_SRCDIR "."
#endif
#ifndef SIMULEE_TOP_BUILDDIR
#define SIMULEE_TOP_BUILDDIR "."
#endif
#ifndef SIMULEE_CUDA_PATH
#define SIMULEE_CUDA_PATH ""
#endif
#ifndef SIMULEE_LLVM_BINDIR
#define SIMULEE_LLVM_BINDIR ""
#endif

/* The CUDA version claimed where clang would assume none (setup_args). */
#define ASSUMED_SDK_VERSION "12.0"

/* ---- argument vectors ------------------------------------------------ */

struct argv_buf {
	char **v;
	uint32_t n, cap;
};

static void av_add(struct argv_buf *a, const char *s)
{
	VEC_PUSH(a->v, a->n, a->cap, xstrdup(s));
}

static void av_take(struct argv_buf *a, char *s)
{
	VEC_PUSH(a->v, a->n, a->cap, s);
}

static void av_addv(struct argv_buf *a, char *const *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		av_add(a, v[i]);
}

/* A NULL after the last argument (not counted), for exec. */
static char **av_argv(struct argv_buf *a)
{
	vec_reserve(&a->v, &a->cap, a->n + 1, sizeof *a->v);
	a->v[a->n] = NULL;
	return a->v;
}

static void av_free(struct argv_buf *a)
{
	for (uint32_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof *a);
}

/* ---- files ----------------------------------------------------------- */

static int has_file(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	int ok = access(p, R_OK) == 0;
	free(p);
	return ok;
}

static int same_dir(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev
	       && sa.st_ino == sb.st_ino;
}

/*
** The path of data file REL (as under kernels/: "prelude/simulee_cuda.h"),
** or NULL.  A binary run from its build tree reads the source tree's
** kernels/, so a build never picks up an older installed prelude; an
** installed one reads $(pkgdatadir); anything else (the test program links
** the library from tests/) tries $(pkgdatadir), then the source tree.
** DATADIR, when not NULL, is the only place looked in.
*/
static char *data_file(const char *datadir, const char *rel)
{
	if (datadir != NULL)
		return has_file(datadir, rel) ? xasprintf("%s/%s", datadir, rel) : NULL;
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	int in_build = 0;
	if (n > 0) {
		self[n] = '\0';
		char *slash = strrchr(self, '/');
		if (slash != NULL) {
			*slash = '\0';
			in_build = same_dir(self, SIMULEE_TOP_BUILDDIR);
		}
	}
	const char *dirs[] = { in_build ? SIMULEE_TOP_SRCDIR "/kernels" : NULL, SIMULEE_PKGDATADIR,
			       SIMULEE_TOP_SRCDIR "/kernels" };
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (dirs[i] != NULL && has_file(dirs[i], rel))
			return xasprintf("%s/%s", dirs[i], rel);
	return NULL;
}

/* DIR/P unless P is absolute (or DIR is NULL or empty). */
static char *absolute(const char *dir, const char *p)
{
	if (p[0] == '/' || dir == NULL || dir[0] == '\0')
		return xstrdup(p);
	return xasprintf("%s/%s", dir, p);
}

/* ---- removal on a signal --------------------------------------------- */

/*
** A search can run for minutes and Ctrl-C is the usual way to end it, so
** the temporary directory must go when a signal ends the process too.  A
** signal handler reaches nothing but static storage: this list of what to
** remove is the one piece of global state in simulee-c.  A node is complete
** before a store to the volatile head publishes it; the handler only calls
** unlink, rmdir and raise, which are async-signal-safe.  Files come before
** their directory in the list (it is a stack).
*/
struct doomed {
	struct doomed *next;
	int is_dir;
	char path[];
};

static struct doomed *volatile doomed_head;

static void on_fatal_signal(int sig)
{
	for (struct doomed *d = doomed_head; d != NULL; d = d->next)
		if (d->is_dir)
			rmdir(d->path);
		else
			unlink(d->path);
	raise(sig);	/* SA_RESETHAND: the default action, once we return */
}

/* Adds PATH to what a fatal signal removes; the first call installs the
** handlers (for signals whose action is still the default). */
static void doom(const char *path, int is_dir)
{
	if (doomed_head == NULL) {
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
		for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
			struct sigaction old, sa;
			if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL)
				continue;
			memset(&sa, 0, sizeof sa);
			sa.sa_handler = on_fatal_signal;
			sa.sa_flags = SA_RESETHAND;
			sigemptyset(&sa.sa_mask);
			sigaction(sigs[i], &sa, NULL);
		}
	}
	size_t n = strlen(path) + 1;
	struct doomed *d = xmalloc(sizeof *d + n);
	memcpy(d->path, path, n);
	d->is_dir = is_dir;
	d->next = doomed_head;
	doomed_head = d;
}

/* Forgets everything doom() recorded (the directory is gone). */
static void undoom_all(void)
{
	struct doomed *d = doomed_head;
	doomed_head = NULL;
	while (d != NULL) {
		struct doomed *next = d->next;
		free(d);
		d = next;
	}
}

static int ensure_tmpdir(struct compile_out *out, struct sim_error *err)
{
	if (out->tmpdir != NULL)
		return 0;
	const char *t = getenv("TMPDIR");
	if (t == NULL || t[0] == '\0')
		t = "/tmp";
	char *p = xasprintf("%s/simulee-c-XXXXXX", t);
	if (mkdtemp(p) == NULL) {
		int e = errno;
		free(p);
		return sim_fail(err, SIM_ERR_IO, "cannot create a temporary directory in %s: %s", t,
				strerror(e));
	}
	out->tmpdir = p;
	doom(p, 1);
	return 0;
}

/* Removes directory DIR and the files in it (it has no subdirectories
** unless a user's clang flag made one: those are left). */
static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (d != NULL) {
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			unlinkat(dirfd(d), e->d_name, 0);
		}
		closedir(d);
	}
	rmdir(dir);
}

void compile_out_free(struct compile_out *out)
{
	if (out->tmpdir != NULL) {
		remove_dir(out->tmpdir);
		undoom_all();
	}
	free(out->tmpdir);
	free(out->device_bc);
	free(out->rdc_symbols);
	for (uint32_t i = 0; i < out->nhost_irs; i++)
		free(out->host_irs[i]);
	free(out->host_irs);
	for (uint32_t i = 0; i < out->ndb_flags; i++)
		free(out->db_flags[i]);
	free(out->db_flags);
	for (uint32_t i = 0; i < out->nunits; i++) {
		struct compile_unit *u = &out->units[i];
		free(u->src);
		for (uint32_t k = 0; k < u->nflags; k++)
			free(u->flags[k]);
		free(u->flags);
		free(u->device_bc);
	}
	free(out->units);
	for (uint32_t i = 0; i < out->nhost_srcs; i++) {
		struct compile_host_src *h = &out->host_srcs[i];
		free(h->src);
		for (uint32_t k = 0; k < h->nflags; k++)
			free(h->flags[k]);
		free(h->flags);
	}
	free(out->host_srcs);
	memset(out, 0, sizeof *out);
}

int compile_is_cuda_source(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && strcmp(path + n - 3, ".cu") == 0;
}

int compile_is_host_source(const char *path)
{
	/* the endings gcc and clang read as C or C++ */
	static const char *const ends[] = { ".c", ".C", ".cc", ".cp", ".cpp", ".CPP", ".cxx",
					    ".c++" };
	const char *b = strrchr(path, '/');
	const char *dot = strrchr(b != NULL ? b + 1 : path, '.');
	if (dot == NULL || dot == (b != NULL ? b + 1 : path))
		return 0;
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
		if (strcmp(dot, ends[i]) == 0)
			return 1;
	return 0;
}

/* ---- running clang --------------------------------------------------- */

/* ARGV as a shell reads it back, each word after a space. */
static void put_command(FILE *out, char *const *argv)
{
	for (; *argv != NULL; argv++) {
		const char *s = *argv;
		int plain = s[0] != '\0' && strpbrk(s, " \t\n'\"\\$`*?;&|<>()") == NULL;
		if (plain) {
			fprintf(out, " %s", s);
			continue;
		}
		fputs(" '", out);
		for (; *s; s++)
			if (*s == '\'')
				fputs("'\\''", out);
			else
				fputc(*s, out);
		fputc('\'', out);
	}
}

static void print_command(char *const *argv)
{
	fputs("simulee-c: running:", stderr);
	put_command(stderr, argv);
	fputc('\n', stderr);
}

/* ARGV as one shell command line (malloc'd). */
static char *command_line(char *const *argv)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	if (f == NULL)
		return xstrdup(argv[0]);
	put_command(f, argv);
	fclose(f);
	memmove(s, s + (s[0] == ' '), n);
	return s;
}

/*
** Runs ARGV (NULL-terminated; argv[0] a path, or a name looked up in PATH)
** with stdin from /dev/null and stdout onto stderr (so a report on stdout
** stays clean), and waits for it.  QUIET sends its stderr to /dev/null,
** LOG (when not NULL) both its stdout and stderr to the end of that file.
** Returns 0 when it exited with status 0, its exit status when it failed
** (128 + the signal when one ended it), or SIM_ERR_COMPILE with *err
** filled when it could not be started or waited for.
*/
static int run_tool(char *const *argv, int quiet, const char *log, int verbose,
		    struct sim_error *err)
{
	if (verbose)
		print_command(argv);
	posix_spawn_file_actions_t fa;
	if (posix_spawn_file_actions_init(&fa) != 0)
		return sim_fail(err, SIM_ERR_COMPILE, "cannot run %s: out of memory", argv[0]);
	int rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (rc == 0 && (quiet || log))
		rc = posix_spawn_file_actions_addopen(&fa, 2, log ? log : "/dev/null",
						      log ? O_WRONLY | O_CREAT | O_APPEND : O_WRONLY, 0644);
	if (rc == 0)
		rc = posix_spawn_file_actions_adddup2(&fa, 2, 1);
	pid_t pid = 0;
	if (rc == 0)
		rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		return sim_fail(err, SIM_ERR_COMPILE, "cannot run %s: %s", argv[0], strerror(rc));
	int st = 0;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return sim_fail(err, SIM_ERR_COMPILE, "waiting for %s: %s", argv[0],
					strerror(errno));
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/* How a tool that ran ended, for a message: "" for clang's usual status 1. */
static const char *how_failed_tool(const char *tool, int status, char *buf, size_t n)
{
	if (status == 1)
		snprintf(buf, n, "%s", "");
	else if (status > 128)
		snprintf(buf, n, " (%s was killed by signal %d)", tool, status - 128);
	else
		snprintf(buf, n, " (%s exited with status %d)", tool, status);
	return buf;
}

static const char *how_failed(int status, char *buf, size_t n)
{
	return how_failed_tool("clang", status, buf, n);
}

/* ---- how CUDA is compiled -------------------------------------------- */

/* What both compiles of every file share, resolved once. */
struct setup {
	const char *clang;
	const char *arch;
	const char *toolkit;	/* CUDA toolkit root, or NULL for the prelude */
	char *prelude;		/* prelude header (no toolkit) */
	char *prelude_inc;	/* its stand-ins for cuda_runtime.h and kin */
	char *compat;		/* cuda-compat directory (a toolkit lacking a header) */
	char *legacy;		/* cuda-compat/simulee_legacy.h (any toolkit) */
	char *cccl;		/* the toolkit's include/cccl, where it has one */
	int nolib;		/* the toolkit has no libdevice: -nocudalib */
};

static void setup_free(struct setup *s)
{
	free(s->prelude);
	free(s->prelude_inc);
	free(s->compat);
	free(s->legacy);
	free(s->cccl);
	memset(s, 0, sizeof *s);
}

/*
** Fills *S from O: which clang, which toolkit (o->cuda_path, else the one
** configure found if it is still there, else none) and the data files that
** go with the choice.  Returns 0, or a negative SIM_ERR_* with *err filled
** (*S then needs no freeing).
*/
static int setup_resolve(const struct compile_opts *o, struct setup *s, struct sim_error *err)
{
	memset(s, 0, sizeof *s);
	const char *where = o->datadir != NULL ? o->datadir
			    : SIMULEE_PKGDATADIR " or " SIMULEE_TOP_SRCDIR "/kernels";
	s->clang = o->clang != NULL ? o->clang : SIMULEE_CLANG;
	s->arch = o->gpu_arch != NULL ? o->gpu_arch : COMPILE_GPU_ARCH;
	if (s->clang[0] == '\0')
		return sim_fail(err, SIM_ERR_COMPILE, "no clang to compile CUDA with: configure found "
				"none; give --clang=PATH");
	if (strchr(s->clang, '/') != NULL && access(s->clang, X_OK) != 0)
		return sim_fail(err, SIM_ERR_COMPILE, "cannot run clang %s: %s", s->clang,
				strerror(errno));
	if (o->cuda_path != NULL && o->cuda_path[0] != '\0') {
		if (!has_file(o->cuda_path, "include/cuda_runtime.h"))
			return sim_fail(err, SIM_ERR_USAGE, "--cuda-path %s: no CUDA toolkit there "
					"(include/cuda_runtime.h is missing)", o->cuda_path);
		s->toolkit = o->cuda_path;
	} else if (o->cuda_path == NULL && SIMULEE_CUDA_PATH[0] != '\0'
		   && has_file(SIMULEE_CUDA_PATH, "include/cuda_runtime.h")) {
		s->toolkit = SIMULEE_CUDA_PATH;
	}
	if (s->toolkit == NULL) {
		s->prelude = data_file(o->datadir, "prelude/simulee_cuda.h");
		if (s->prelude == NULL)
			return sim_fail(err, SIM_ERR_IO, "cannot find simulee-c's prelude "
					"(prelude/simulee_cuda.h under %s)", where);
		s->prelude_inc = data_file(o->datadir, "prelude/include/cuda_runtime.h");
		if (s->prelude_inc != NULL)
			*strrchr(s->prelude_inc, '/') = '\0';
		return 0;
	}
	s->legacy = data_file(o->datadir, "cuda-compat/simulee_legacy.h");
	if (s->legacy == NULL)
		return sim_fail(err, SIM_ERR_IO, "cannot find simulee-c's cuda-compat headers, "
				"which a CUDA toolkit needs with clang (under %s)", where);
	if (!has_file(s->toolkit, "include/texture_fetch_functions.h")) {
		char *f = data_file(o->datadir, "cuda-compat/texture_fetch_functions.h");
		if (f == NULL) {
			setup_free(s);
			return sim_fail(err, SIM_ERR_IO, "cannot find simulee-c's cuda-compat "
					"headers, which a CUDA 13 toolkit needs with clang (under %s)",
					where);
		}
		*strrchr(f, '/') = '\0';
		s->compat = f;
	}
	s->nolib = !has_file(s->toolkit, "nvvm/libdevice/libdevice.10.bc");
	char *cccl = xasprintf("%s/include/cccl", s->toolkit);
	struct stat st;
	if (stat(cccl, &st) == 0 && S_ISDIR(st.st_mode))
		s->cccl = cccl;
	else
		free(cccl);
	return 0;
}

/*
** Appends to A the start of a compile for the device side (HOST 0), the
** host side to IR (HOST 1) or the host side to a native object (HOST 2,
** simulee-c run): clang, the pass, the architecture, -O0 without
** optnone, -g, and the toolkit's or the prelude's flags.  A pass where
** clang knows no CUDA version (the prelude's host pass; any pass with
** -nocudalib, which drops the version clang read from the toolkit) is
** given one: with none clang looks up the pre-9.2 launch function
** cudaConfigureCall, which CUDA 13's headers no longer declare, and emits
** the old launch sequence, unlike any host IR made with a toolkit.  The
** prelude's device pass stays as the corpus is compiled (the prelude
** declares cudaConfigureCall too).  A toolkit's include/cccl comes as
** -isystem, as nvcc does; the compat directory comes last (-idirafter), so
** a toolkit's own header would win.  With a toolkit, simulee_legacy.h is
** forced in after clang's CUDA wrapper and before the user's -include: it
** gives host code what nvcc's headers do and clang's do not, and puts back
** what CUDA 13 removed (kernels/cuda-compat/simulee_legacy.h).
*/
static void setup_args(const struct setup *s, int host, struct argv_buf *a)
{
	av_add(a, s->clang);
	av_add(a, "-x");
	av_add(a, "cuda");
	av_add(a, host ? "--cuda-host-only" : "--cuda-device-only");
	av_take(a, xasprintf("--cuda-gpu-arch=%s", s->arch));
	if (host < 2)
		av_add(a, "-emit-llvm");
	if (host == 1)
		av_add(a, "-S");
	av_add(a, "-O0");
	av_add(a, "-Xclang");
	av_add(a, "-disable-O0-optnone");
	av_add(a, "-g");
	av_add(a, "-Wno-unknown-cuda-version");
	if (s->toolkit != NULL) {
		av_take(a, xasprintf("--cuda-path=%s", s->toolkit));
		if (s->nolib) {
			av_add(a, "-nocudalib");
			av_add(a, "-Xclang");
			av_add(a, "-target-sdk-version=" ASSUMED_SDK_VERSION);
		}
		if (s->cccl != NULL) {
			av_add(a, "-isystem");
			av_add(a, s->cccl);
		}
		if (s->compat != NULL) {
			av_add(a, "-idirafter");
			av_add(a, s->compat);
		}
		av_add(a, "-include");
		av_add(a, s->legacy);
		return;
	}
	av_add(a, "-nocudainc");
	av_add(a, "-nocudalib");
	av_add(a, "-include");
	av_add(a, s->prelude);
	if (s->prelude_inc != NULL) {
		/* after the user's -I: their own cuda_runtime.h wins */
		av_add(a, "-idirafter");
		av_add(a, s->prelude_inc);
	}
	if (host) {
		av_add(a, "-Xclang");
		av_add(a, "-target-sdk-version=" ASSUMED_SDK_VERSION);
	}
}

/* ---- launches nvcc reads and clang does not ----------------------------- */


static int ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether the identifier that ends just before P (blanks skipped back to
** START) is WORD. */
static int word_before(const char *start, const char *p, const char *word)
{
	while (p > start && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	size_t n = strlen(word);
	return (size_t)(p - start) >= n && strncmp(p - n, word, n) == 0
	       && (p - n == start || !ident_char(p[-n - 1]));
}

/* Where the literal or comment that starts at P ends (the character after
** it), counting the newlines inside into *LN and *BOL.  P points at the
** opening quote, or at the '/' of a comment; RAW: a raw string's quote. */
static const char *skip_lexeme(const char *p, int raw, unsigned *ln, const char **bol)
{
	const char *end = NULL;
	if (p[0] == '/' && p[1] == '/') {
		/* to the end of the line, a backslash-newline continuing it */
		for (end = p + 2; *end != '\0' && *end != '\n'; end++)
			if (end[0] == '\\' && end[1] == '\n')
				end++;
	} else if (p[0] == '/') {
		end = strstr(p + 2, "*/");
		end = end != NULL ? end + 2 : p + strlen(p);
	} else if (raw) {
		/* R"delim( ... )delim" */
		const char *paren = strchr(p + 1, '(');
		if (paren != NULL && paren - p - 1 <= 16) {
			char close[20];
			snprintf(close, sizeof close, ")%.*s\"", (int)(paren - p - 1), p + 1);
			end = strstr(paren + 1, close);
			end = end != NULL ? end + strlen(close) : p + strlen(p);
		} else {
			end = p + 1;
		}
	} else {
		char q = p[0];
		for (end = p + 1; *end != '\0' && *end != q && *end != '\n'; end++)
			if (end[0] == '\\' && end[1] != '\0')
				end++;
		if (*end == q)
			end++;
	}
	for (const char *c = p; c < end; c++)
		if (*c == '\n') {
			(*ln)++;
			*bol = c + 1;
		}
	return end;
}

/* A scan of CUDA source text: where it is, its line, and whether the
** characters just read are a number (a ' in 1'000 opens no literal). */
struct scan {
	const char *text, *p, *bol;
	unsigned ln;
	int number;
};

/* Steps over what the launch scanners never look inside: a newline (the
** line count), a comment, a string, character or raw string literal.
** Returns 1 when S moved, else 0 with the number state updated for the
** character at S->p, which the caller reads. */
static int scan_skip(struct scan *s)
{
	const char *p = s->p, *text = s->text;
	char c = *p;
	if (c == '\n') {
		s->ln++;
		s->bol = ++s->p;
		s->number = 0;
		return 1;
	}
	if (c >= '0' && c <= '9' && !(p > text && ident_char(p[-1])))
		s->number = 1;
	else if (!ident_char(c) && c != '.' && c != '\'')
		s->number = 0;
	if ((c == '/' && (p[1] == '/' || p[1] == '*')) || c == '"' || (c == '\'' && !s->number)) {
		const char *w = p;
		while (w > text && ident_char(w[-1]))
			w--;
		int raw = c == '"' && p > text && p[-1] == 'R'
			  && (p - w == 1 || (p - w == 2 && strchr("uUL", *w) != NULL)
			      || (p - w == 3 && strncmp(w, "u8", 2) == 0));
		s->p = skip_lexeme(p, raw, &s->ln, &s->bol);
		return 1;
	}
	return 0;
}

/*
** Finds the first kernel launch in source TEXT spelled with blanks inside
** its brackets, "k<< <g, b>>>(...)" or "k<<<g, b>> >(...)": nvcc reads
** them, clang's lexer makes the launch tokens only of three adjacent
** characters.  Comments and string, character and raw string literals are
** skipped, and so are `operator<< <T>` (template arguments of operator<<)
** and digit separators (1'000).  A closing `>> >` counts only after a
** launch has opened and not closed yet (`A<B<C<int>> >` is a template).
** Returns 1 with the 1-based line and column of the spelling in *LINE and
** *COL and the spelling itself in *WHAT ("<< <" or ">> >"), or 0.
*/
static int find_spaced_launch(const char *text, unsigned *line, unsigned *col, const char **what)
{
	struct scan s = { text, text, text, 1, 0 };
	int open = 0;
	while (*s.p != '\0') {
		if (scan_skip(&s))
			continue;
		const char *p = s.p;
		char c = *p;
		if ((c == '<' || c == '>') && p[1] == c && p[2] == c) {
			open = c == '<';	/* "<<<" opens a launch, ">>>" closes it */
			s.p += 3;
			continue;
		}
		if ((c == '<' || c == '>') && p[1] == c) {
			const char *q = p + 2;
			while (*q == ' ' || *q == '\t')
				q++;
			int spaced = q > p + 2 && q[0] == c && q[1] != c;
			if (spaced && c == '<' && !word_before(text, p, "operator"))
				*what = "<< <";
			else if (spaced && c == '>' && open)
				*what = ">> >";
			else {
				s.p += 2;
				continue;
			}
			*line = s.ln;
			*col = (unsigned)(p - s.bol) + 1;
			return 1;
		}
		s.p++;
	}
	return 0;
}

/*
** Finds the first kernel launch (`<<<`) in source TEXT inside a function
** declared __global__ or __device__ (a __host__ __device__ one included):
** dynamic parallelism, which clang compiles only with -fgpu-rdc and
** simulee-c does not simulate.  A brace opens device code when the
** declaration before it (since the last ';', '{' or '}') names
** __global__ or __device__, and what it encloses is device code too;
** comments, literals and preprocessor lines are skipped (a macro that
** expands to __global__ is not seen).  Returns 1 with the 1-based line
** and column of the `<<<` in *LINE and *COL, or 0.  Only launches at FROM
** or after it count.
*/
static int find_device_launch(const char *text, const char *from, unsigned *line, unsigned *col)
{
	enum { MAX_NEST = 256 };
	uint8_t dev[MAX_NEST] = { 0 };
	unsigned depth = 0;
	int decl_dev = 0;
	struct scan s = { text, text, text, 1, 0 };
	while (*s.p != '\0') {
		if (*s.p == '#' && strspn(s.bol, " \t") == (size_t)(s.p - s.bol)) {
			/* a preprocessor line, with its continuations */
			while (*s.p != '\0' && (*s.p != '\n' || s.p[-1] == '\\')) {
				if (*s.p == '\n')
					s.ln++, s.bol = s.p + 1;
				s.p++;
			}
			continue;
		}
		if (scan_skip(&s))
			continue;
		const char *p = s.p;
		char c = *p;
		if (ident_char(c) && !(p > text && ident_char(p[-1])) && !s.number) {
			const char *w = p;
			while (ident_char(*s.p))
				s.p++;
			size_t n = (size_t)(s.p - w);
			if (n == 10 && (strncmp(w, "__global__", 10) == 0 || strncmp(w, "__device__", 10) == 0))
				decl_dev = 1;
			continue;
		}
		if (c == '{') {
			if (depth + 1 < MAX_NEST) {
				dev[depth + 1] = (uint8_t)(dev[depth] || decl_dev);
				depth++;
			}
			decl_dev = 0;
		} else if (c == '}') {
			if (depth > 0)
				depth--;
			decl_dev = 0;
		} else if (c == ';') {
			decl_dev = 0;
		} else if (c == '<' && p[1] == '<' && p[2] == '<' && dev[depth] && p >= from) {
			*line = s.ln;
			*col = (unsigned)(p - s.bol) + 1;
			return 1;
		}
		s.p++;
	}
	return 0;
}

/* Where the callee of the launch whose `<<<` is at LT starts in TEXT: a
** name, qualified (a::b, ::b) and with template arguments (k<T, 2>). */
static const char *callee_start(const char *text, const char *lt)
{
	const char *q = lt;
	for (;;) {
		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q > text && q[-1] == '>') {
			int depth = 0;
			do {
				q--;
				depth += *q == '>' ? 1 : *q == '<' ? -1 : 0;
			} while (q > text && depth > 0);
			while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
				q--;
		}
		while (q > text && ident_char(q[-1]))
			q--;
		const char *r = q;
		while (r > text && (r[-1] == ' ' || r[-1] == '\t'))
			r--;
		if (r - text >= 2 && r[-1] == ':' && r[-2] == ':') {
			q = r - 2;
			const char *t = q;
			while (t > text && (t[-1] == ' ' || t[-1] == '\t'))
				t--;
			if (t > text && (ident_char(t[-1]) || t[-1] == '>'))
				continue;
		}
		return q;
	}
}

/*
** TEXT with every kernel launch in device code (find_device_launch)
** `k<<<cfg>>>(args)` written `__simulee_dlaunch<decltype(&k), &k>(cfg)(args)`
** (kernels/cuda-compat/simulee_dynpar.h), on the same lines: the name's
** second copy has its line breaks made blanks.  NULL when TEXT launches
** nothing from device code.
*/
static char *rewrite_device_launches(const char *text)
{
	struct sb { char *s; uint32_t n, cap; } b = { NULL, 0, 0 };
	const char *from = text;	/* copied up to here */
	const char *at = text;
	unsigned line, col;
	int any = 0;
	while (find_device_launch(text, at, &line, &col)) {
		const char *bol = text;
		for (unsigned l = 1; l < line; l++)
			bol = strchr(bol, '\n') + 1;
		const char *lt = bol + col - 1;
		const char *gt = strstr(lt + 3, ">>>");
		const char *start = callee_start(text, lt);
		if (gt == NULL || start >= lt || start < from)
			break;
		size_t nname = (size_t)(lt - start);
		char *name1 = xasprintf("%.*s", (int)nname, start);
		char *name2 = xstrdup(name1);
		for (char *c = name2; *c; c++)
			if (*c == '\n' || *c == '\r')
				*c = ' ';
		char *piece = xasprintf("%.*s__simulee_dlaunch<decltype(&%s), &%s>(%.*s)",
					(int)(start - from), from, name2, name1,
					(int)(gt - (lt + 3)), lt + 3);
		size_t np = strlen(piece);
		vec_reserve(&b.s, &b.cap, b.n + (uint32_t)np + 1, 1);
		memcpy(b.s + b.n, piece, np);
		b.n += np;
		free(piece);
		free(name1);
		free(name2);
		from = at = gt + 3;
		any = 1;
	}
	if (!any) {
		free(b.s);
		return NULL;
	}
	size_t rest = strlen(from);
	vec_reserve(&b.s, &b.cap, b.n + (uint32_t)rest + 1, 1);
	memcpy(b.s + b.n, from, rest + 1);
	return b.s;
}

int compile_device_copy(const struct compile_opts *o, const char *src, const char *out,
			struct sim_error *err)
{
	char *text = read_whole_file(src, NULL, err);
	if (text == NULL)
		return SIM_ERR_IO;	/* *err says why */
	char *rew = rewrite_device_launches(text);
	free(text);
	if (rew == NULL)
		return 0;
	char *hdr = data_file(o->datadir, "cuda-compat/simulee_dynpar.h");
	if (hdr == NULL) {
		free(rew);
		return sim_fail(err, SIM_ERR_IO, "cuda-compat/simulee_dynpar.h not found");
	}
	FILE *f = fopen(out, "w");
	int ok = f != NULL;
	if (ok) {
		/* the #line's name as a string literal */
		fprintf(f, "#include \"%s\"\n#line 1 \"", hdr);
		for (const char *c = src; *c; c++)
			fprintf(f, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
		fprintf(f, "\"\n%s", rew);
		ok = fclose(f) == 0;
	}
	free(hdr);
	free(rew);
	if (!ok) {
		if (f != NULL)
			unlink(out);
		return sim_fail(err, SIM_ERR_IO, "%s: cannot write", out);
	}
	return 1;
}

/*
** When SRC launches kernels from device code, which clang 19 refuses:
** writes the copy the device pass compiles instead (DIR/NAME.dp.cu,
** compile_device_copy) and returns its path, with *QUOTE set to SRC's
** directory for its "..." includes.  NULL otherwise, and when it cannot
** be written (clang then says why).
*/
static char *device_copy(const struct compile_opts *o, const char *src, const char *dir,
			 const char *name, char **quote)
{
	struct sim_error ignored = { 0 };
	char *path = xasprintf("%s/%s.dp.cu", dir, name);
	if (compile_device_copy(o, src, path, &ignored) != 1) {
		free(path);
		return NULL;
	}
	doom(path, 0);
	const char *slash = strrchr(src, '/');
	*quote = slash ? xasprintf("%.*s", (int)(slash - src), src) : xstrdup(".");
	if ((*quote)[0] == '\0') {
		free(*quote);
		*quote = xstrdup("/");
	}
	return path;
}

/* The one line that says why SRC did not compile, when it holds a launch
** spelled as only nvcc reads it; "" when not (or it cannot be read: clang
** has said why). */
static void launch_note(const char *src, char *buf, size_t n)
{
	struct sim_error ignored = { 0 };
	char *text = read_whole_file(src, NULL, &ignored);
	unsigned line = 0, col = 0;
	const char *what = NULL;
	buf[0] = '\0';
	if (text != NULL && find_spaced_launch(text, &line, &col, &what))
		snprintf(buf, n, "%s:%u:%u: compilation failed: the launch is spelled `%s`, which "
			 "nvcc reads and clang does not: write `<<<` and `>>>` with no blank inside "
			 "(k<<<grid, block>>>(...))", src, line, col, what);
	free(text);
}

/* Appends "-c SRC -o OUT" (SRC made safe from being read as an option). */
static void io_args(struct argv_buf *a, const char *src, const char *out)
{
	av_add(a, "-c");
	av_take(a, src[0] == '-' ? xasprintf("./%s", src) : xstrdup(src));
	av_add(a, "-o");
	av_add(a, out);
}

/*
** Compiles SRC twice, with FLAGS (N) before the command line's: the device
** side to *DEVICE (a new file NAME.bc in OUT's directory), the host side
** to NAME.ll appended to OUT->host_irs.  See compile_cu.
*/
static int compile_pair(const struct compile_opts *o, const char *src, char *const *flags,
			uint32_t n, const char *name, struct compile_out *out, char **device,
			struct sim_error *err)
{
	struct setup s;
	struct argv_buf a = { 0 };
	char *path = NULL;
	int rc = setup_resolve(o, &s, err);
	if (rc < 0)
		return rc;
	if (access(src, R_OK) != 0) {
		rc = sim_fail(err, SIM_ERR_IO, "%s: %s", src, strerror(errno));
		goto done;
	}
	if ((rc = ensure_tmpdir(out, err)) < 0)
		goto done;
	for (int host = 0; host <= 1; host++) {
		path = xasprintf("%s/%s.%s", out->tmpdir, name, host ? "ll" : "bc");
		doom(path, 0);
		setup_args(&s, host, &a);
		av_addv(&a, flags, n);
		av_addv(&a, o->cc_args, o->ncc_args);
		av_addv(&a, o->extra_args, o->nextra_args);
		/* launches in device code: the device pass reads a copy */
		char *quote = NULL, *dsrc = host ? NULL : device_copy(o, src, out->tmpdir, name, &quote);
		if (quote != NULL) {
			av_add(&a, "-iquote");
			av_take(&a, quote);
		}
		io_args(&a, dsrc ? dsrc : src, path);
		free(dsrc);
		rc = run_tool(av_argv(&a), 0, NULL, o->verbose, err);
		av_free(&a);
		if (rc < 0)
			goto done;
		char how[64];
		if (rc > 0 && !host) {
			/* clang has said why: one line of ours, which says how to
			** fix a launch spelled as only nvcc reads it */
			char note[sizeof err->msg];
			launch_note(src, note, sizeof note);
			if (note[0] != '\0')
				rc = sim_fail(err, SIM_ERR_COMPILE, "%s", note);
			else
				rc = sim_fail(err, SIM_ERR_COMPILE, "%s: compilation failed%s", src,
					      how_failed(rc, how, sizeof how));
			goto done;
		}
		if (rc > 0) {
			fprintf(stderr, "simulee-c: warning: %s: the host side did not compile%s; "
				"its launch sites are not read\n", src, how_failed(rc, how, sizeof how));
			free(path);
		} else if (host) {
			VEC_PUSH(out->host_irs, out->nhost_irs, out->caphost_irs, path);
		} else {
			free(*device);
			*device = path;
		}
		path = NULL;
	}
	rc = 0;
done:
	free(path);
	av_free(&a);
	setup_free(&s);
	return rc;
}

int compile_cu(const struct compile_opts *o, const char *src, struct compile_out *out,
	       struct sim_error *err)
{
	return compile_pair(o, src, out->db_flags, out->ndb_flags, "dev", out, &out->device_bc, err);
}

uint32_t compile_add_unit(struct compile_out *out, const char *src)
{
	struct compile_unit u = { 0 };
	u.src = xstrdup(src);
	VEC_PUSH(out->units, out->nunits, out->capunits, u);
	return out->nunits - 1;
}

/* The base name of unit U's two outputs in OUT's directory. */
static char *unit_name(const struct compile_out *out, uint32_t u)
{
	char *st = compile_stem(out->units[u].src);
	char *name = xasprintf("unit%u-%s", u, st);
	free(st);
	return name;
}

int compile_unit(const struct compile_opts *o, struct compile_out *out, uint32_t u,
		 struct sim_error *err)
{
	char *name = unit_name(out, u);
	struct compile_unit *cu = &out->units[u];
	int rc = compile_pair(o, cu->src, cu->flags, cu->nflags, name, out, &cu->device_bc, err);
	free(name);
	return rc;
}

/* What a child compiling one unit tells its parent through a pipe. */
struct unit_result {
	int rc;			/* compile_pair's */
	uint8_t host;		/* the host IR was made */
	char msg[sizeof ((struct sim_error *)0)->msg];
};

/* In a child: compiles unit U into OUT's directory, writes the result to
** FD and leaves without running anything of the parent's (_exit). */
static void unit_child(const struct compile_opts *o, struct compile_out *out, uint32_t u, int fd)
{
	struct compile_out mine = { 0 };
	mine.tmpdir = out->tmpdir;
	struct unit_result res = { 0 };
	struct sim_error err = { 0 };
	char *device = NULL, *name = unit_name(out, u);
	const struct compile_unit *cu = &out->units[u];
	res.rc = compile_pair(o, cu->src, cu->flags, cu->nflags, name, &mine, &device, &err);
	res.host = mine.nhost_irs > 0;
	snprintf(res.msg, sizeof res.msg, "%s", err.msg);
	ssize_t w = write(fd, &res, sizeof res);
	_exit(w == (ssize_t)sizeof res ? 0 : 1);
}

int compile_units(const struct compile_opts *o, struct compile_out *out, const uint32_t *units,
		  uint32_t n, uint32_t jobs, struct sim_error *errs)
{
	struct sim_error err = { 0 };
	int rc;
	if (n == 0)
		return 0;
	if (jobs <= 1 || n == 1) {
		for (uint32_t i = 0; i < n; i++) {
			memset(&errs[i], 0, sizeof errs[i]);
			rc = compile_unit(o, out, units[i], &errs[i]);
			if (rc < 0 && rc != SIM_ERR_COMPILE)
				return rc;
		}
		return 0;
	}
	/* the children's outputs exist before any child: they are doomed here,
	** where a fatal signal's handler runs */
	if ((rc = ensure_tmpdir(out, &errs[0])) < 0)
		return rc;
	pid_t *pids = xcalloc(n, sizeof *pids);
	int *fds = xcalloc(n, sizeof *fds);
	struct unit_result *res = xcalloc(n, sizeof *res);
	uint32_t next = 0, running = 0;
	rc = 0;
	while ((next < n || running > 0) && rc == 0) {
		while (next < n && running < jobs) {
			uint32_t i = next++;
			char *name = unit_name(out, units[i]);
			for (int h = 0; h <= 1; h++) {
				char *path = xasprintf("%s/%s.%s", out->tmpdir, name, h ? "ll" : "bc");
				doom(path, 0);
				free(path);
			}
			free(name);
			int pfd[2];
			if (pipe(pfd) != 0) {
				rc = sim_fail(&err, SIM_ERR_COMPILE, "cannot compile in parallel: %s",
					      strerror(errno));
				break;
			}
			fflush(NULL);
			pid_t pid = fork();
			if (pid == 0) {
				close(pfd[0]);
				unit_child(o, out, units[i], pfd[1]);
			}
			close(pfd[1]);
			if (pid < 0) {
				close(pfd[0]);
				rc = sim_fail(&err, SIM_ERR_COMPILE, "cannot compile in parallel: %s",
					      strerror(errno));
				break;
			}
			pids[i] = pid;
			fds[i] = pfd[0];
			running++;
		}
		if (running == 0)
			break;
		int st;
		pid_t done = waitpid(-1, &st, 0);
		if (done < 0) {
			if (errno == EINTR)
				continue;
			rc = sim_fail(&err, SIM_ERR_COMPILE, "waiting for a compile: %s", strerror(errno));
			break;
		}
		for (uint32_t i = 0; i < next; i++) {
			if (pids[i] != done)
				continue;
			pids[i] = 0;
			running--;
			if (read(fds[i], &res[i], sizeof res[i]) != (ssize_t)sizeof res[i]) {
				res[i].rc = SIM_ERR_COMPILE;
				snprintf(res[i].msg, sizeof res[i].msg, "%s: its compile ended abnormally",
					 out->units[units[i]].src);
			}
			close(fds[i]);
		}
	}
	/* on an error, the children still running are waited for */
	for (uint32_t i = 0; i < next; i++)
		if (pids[i] > 0) {
			int st;
			while (waitpid(pids[i], &st, 0) < 0 && errno == EINTR)
				;
			close(fds[i]);
		}
	/* in the units' order, whatever order they finished in */
	for (uint32_t i = 0; i < n && rc == 0; i++) {
		struct compile_unit *cu = &out->units[units[i]];
		char *name = unit_name(out, units[i]);
		memset(&errs[i], 0, sizeof errs[i]);
		if (res[i].rc < 0) {
			errs[i].status = res[i].rc;
			snprintf(errs[i].msg, sizeof errs[i].msg, "%s", res[i].msg);
			if (res[i].rc != SIM_ERR_COMPILE) {
				rc = res[i].rc;
				err = errs[i];
			}
		} else {
			free(cu->device_bc);
			cu->device_bc = xasprintf("%s/%s.bc", out->tmpdir, name);
			if (res[i].host) {
				char *ll = xasprintf("%s/%s.ll", out->tmpdir, name);
				VEC_PUSH(out->host_irs, out->nhost_irs, out->caphost_irs, ll);
			}
		}
		free(name);
	}
	free(pids);
	free(fds);
	free(res);
	if (rc < 0)
		errs[0] = err;
	return rc;
}

/* ---- compile databases ----------------------------------------------- */

int compile_split_command(const char *cmd, char ***v, uint32_t *n, uint32_t *cap)
{
	struct argv_buf a = { *v, *n, *cap };
	size_t len = strlen(cmd);
	char *word = xmalloc(len + 1);
	const char *p = cmd;
	int rc = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '\0')
			break;
		size_t w = 0;
		while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
			if (*p == '\'') {
				const char *q = strchr(p + 1, '\'');
				if (q == NULL) {
					rc = -1;
					goto out;
				}
				memcpy(word + w, p + 1, (size_t)(q - p - 1));
				w += (size_t)(q - p - 1);
				p = q + 1;
			} else if (*p == '"') {
				p++;
				while (*p != '"') {
					if (*p == '\0') {
						rc = -1;
						goto out;
					}
					/* inside double quotes a backslash quotes only these */
					if (*p == '\\' && p[1] != '\0' && strchr("\"\\$`\n", p[1]) != NULL)
						p++;
					word[w++] = *p++;
				}
				p++;
			} else if (*p == '\\' && p[1] != '\0') {
				word[w++] = p[1];
				p += 2;
			} else {
				word[w++] = *p++;
			}
		}
		av_take(&a, xstrndup(word, w));
	}
out:
	free(word);
	*v = a.v;
	*n = a.n;
	*cap = a.cap;
	return rc;
}

/* What a kept option is. */
enum opt_kind { K_PATH, K_PLAIN };

/* A clang option that takes a value: its spelling, whether the value is a
** path (made absolute), whether the value may be glued to it ("-Idir"). */
struct valopt {
	const char *spelling;
	enum opt_kind kind;
	int glued;		/* "-Ivalue" is this option too */
};

/* nvcc's options we keep, mapped to clang's spelling. */
static const struct { const char *nv, *nv_long, *clang; enum opt_kind kind; int list; } nvcc_keep[] = {
	{ "-I", "--include-path", "-I", K_PATH, 1 },
	{ "-isystem", "--system-include", "-isystem", K_PATH, 1 },
	{ "-D", "--define-macro", "-D", K_PLAIN, 1 },
	{ "-U", "--undefine-macro", "-U", K_PLAIN, 1 },
	{ "-include", "--pre-include", "-include", K_PATH, 1 },
	{ "-std", "--std", "-std=", K_PLAIN, 0 },
};

/* nvcc options whose value is a separate argument and that we drop. */
static const char *const nvcc_drop_valued[] = {
	"-o", "--output-file", "-Xcompiler", "--compiler-options", "-Xlinker", "--linker-options",
	"-Xptxas", "--ptxas-options", "-Xnvlink", "--nvlink-options", "-Xarchive",
	"--archive-options", "-Xcudafe", "-ccbin", "--compiler-bindir", "-gencode",
	"--generate-code", "-arch", "--gpu-architecture", "-code", "--gpu-code", "-MF",
	"--dependency-output", "-MT", "--dependency-target-name", "-odir", "--output-directory",
	"-rdc", "--relocatable-device-code", "-maxrregcount", "--maxrregcount", "-l", "--library",
	"-L", "--library-path", "-t", "--threads", "-x", "--x", "-ldir", "--libdevice-directory",
	"--keep-dir", "--run-args", "--split-compile", "-split-compile", "-diag-suppress",
	"--diag-suppress", "-diag-error", "--diag-error", "-diag-warn", "--diag-warn",
	"--options-file", "-optf",
};

/* clang/gcc options whose value is a separate argument and that we keep
** (path values made absolute). */
static const struct valopt clang_keep_valued[] = {
	{ "-I", K_PATH, 1 }, { "-isystem", K_PATH, 1 }, { "-idirafter", K_PATH, 1 },
	{ "-iquote", K_PATH, 1 }, { "-include", K_PATH, 0 }, { "-imacros", K_PATH, 0 },
	{ "-isysroot", K_PATH, 0 }, { "--sysroot", K_PATH, 0 }, { "-F", K_PATH, 1 },
	{ "-D", K_PLAIN, 1 }, { "-U", K_PLAIN, 1 }, { "-Xclang", K_PLAIN, 0 },
	{ "-target", K_PLAIN, 0 }, { "-iprefix", K_PATH, 0 }, { "-iwithprefix", K_PATH, 0 },
};

/* clang/gcc options whose value is a separate argument and that we drop. */
static const char *const clang_drop_valued[] = {
	"-o", "-MF", "-MT", "-MQ", "-MJ", "-x", "-Xcuda-ptxas", "-Xcuda-fatbinary", "-arch",
	"--serialize-diagnostics", "-dependency-file",
};

static int in_list(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return 1;
	return 0;
}

static int has_prefix(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

static int is_nvcc(const char *prog)
{
	const char *b = strrchr(prog, '/');
	return strstr(b != NULL ? b + 1 : prog, "nvcc") != NULL;
}

/* Appends nvcc option value VAL as clang option CLANG (one argument, or
** two for -isystem and -include); nvcc's list options take VAL,VAL,... */
static void nvcc_value(struct argv_buf *a, const char *clang, enum opt_kind kind, int list,
		       const char *val, const char *dir)
{
	const char *p = val;
	do {
		const char *comma = list ? strchr(p, ',') : NULL;
		size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p);
		char *one = xstrndup(p, len);
		if (len > 0) {
			char *v = kind == K_PATH ? absolute(dir, one) : xstrdup(one);
			size_t cl = strlen(clang);
			if (clang[cl - 1] == '=' || strcmp(clang, "-I") == 0 || strcmp(clang, "-D") == 0
			    || strcmp(clang, "-U") == 0) {
				av_take(a, xasprintf("%s%s", clang, v));
			} else {
				av_add(a, clang);
				av_add(a, v);
			}
			free(v);
		}
		free(one);
		p = comma != NULL ? comma + 1 : NULL;
	} while (p != NULL);
}

static void convert_nvcc(char *const *argv, uint32_t argc, const char *dir, struct argv_buf *a)
{
	for (uint32_t i = 1; i < argc; i++) {
		const char *s = argv[i];
		int done = 0;
		for (size_t k = 0; k < sizeof nvcc_keep / sizeof nvcc_keep[0] && !done; k++) {
			const char *names[2] = { nvcc_keep[k].nv, nvcc_keep[k].nv_long };
			for (int j = 0; j < 2 && !done; j++) {
				size_t nl = strlen(names[j]);
				const char *val = NULL;
				if (strcmp(s, names[j]) == 0) {
					if (i + 1 >= argc) {
						done = 1;
						break;
					}
					val = argv[++i];
				} else if (strncmp(s, names[j], nl) == 0 && s[nl] == '=') {
					val = s + nl + 1;
				} else if (j == 0 && strncmp(s, names[j], nl) == 0 && s[nl] != '\0'
					   && strcmp(names[j], "-include") != 0
					   && strcmp(names[j], "-isystem") != 0
					   && strcmp(names[j], "-std") != 0) {
					val = s + nl;	/* -Idir, -DNAME */
				}
				if (val != NULL) {
					nvcc_value(a, nvcc_keep[k].clang, nvcc_keep[k].kind,
						   nvcc_keep[k].list, val, dir);
					done = 1;
				}
			}
		}
		if (!done && in_list(s, nvcc_drop_valued,
				     sizeof nvcc_drop_valued / sizeof nvcc_drop_valued[0]))
			i++;
	}
}

/* Whether clang/gcc flag S is one we drop (it takes no separate value). */
static int clang_drop_flag(const char *s)
{
	static const char *const exact[] = {
		"-c", "-S", "-E", "-emit-llvm", "-fsyntax-only", "-nocudainc", "-nocudalib",
		"-Werror", "-g0", "-pipe",
	};
	static const char *const prefixes[] = {
		"-M", "-O", "-o", "-x", "-Werror=", "--cuda-", "--offload-arch", "--no-offload-arch",
		"-save-temps", "--save-temps", "--serialize-diagnostics=",
	};
	if (in_list(s, exact, sizeof exact / sizeof exact[0]))
		return 1;
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
		if (has_prefix(s, prefixes[i]))
			return 1;
	return 0;
}

static void convert_clang(char *const *argv, uint32_t argc, const char *dir, struct argv_buf *a)
{
	for (uint32_t i = 1; i < argc; i++) {
		const char *s = argv[i];
		if (s[0] != '-')
			continue;	/* an input (the file itself) or a response file */
		if (in_list(s, clang_drop_valued, sizeof clang_drop_valued / sizeof clang_drop_valued[0])) {
			i++;
			continue;
		}
		const struct valopt *vo = NULL;
		size_t nl = 0;
		for (size_t k = 0; k < sizeof clang_keep_valued / sizeof clang_keep_valued[0]; k++) {
			const struct valopt *c = &clang_keep_valued[k];
			nl = strlen(c->spelling);
			if (strcmp(s, c->spelling) == 0 || (c->glued && has_prefix(s, c->spelling))
			    || (has_prefix(s, c->spelling) && s[nl] == '=')) {
				vo = c;
				break;
			}
		}
		if (vo != NULL && s[nl] == '\0') {
			if (i + 1 >= argc)
				break;
			const char *val = argv[++i];
			av_add(a, s);
			av_take(a, vo->kind == K_PATH ? absolute(dir, val) : xstrdup(val));
			continue;
		}
		if (vo != NULL) {
			/* "-Idir", "--sysroot=dir"; a glued "-I=dir" is relative
			** to the sysroot and stays as it is */
			const char *val = s + nl + (!vo->glued && s[nl] == '=');
			char *v = vo->kind == K_PATH && val[0] != '=' ? absolute(dir, val) : xstrdup(val);
			av_take(a, xasprintf("%.*s%s", (int)(val - s), s, v));
			free(v);
			continue;
		}
		if (clang_drop_flag(s))
			continue;
		av_add(a, s);
	}
}

void compile_convert_entry(char *const *argv, uint32_t argc, const char *dir,
			   char ***v, uint32_t *n, uint32_t *cap)
{
	struct argv_buf a = { *v, *n, *cap };
	if (argc > 0 && is_nvcc(argv[0]))
		convert_nvcc(argv, argc, dir, &a);
	else if (argc > 0)
		convert_clang(argv, argc, dir, &a);
	*v = a.v;
	*n = a.n;
	*cap = a.cap;
}

/* Whether an entry compiles CUDA: a .cu file, or -x cuda (clang), -x cu
** (nvcc) in its arguments. */
static int entry_is_cuda(const char *file, char *const *argv, uint32_t argc)
{
	if (compile_is_cuda_source(file))
		return 1;
	for (uint32_t i = 1; i < argc; i++) {
		const char *s = argv[i], *lang = NULL;
		if ((strcmp(s, "-x") == 0 || strcmp(s, "--x") == 0) && i + 1 < argc)
			lang = argv[i + 1];
		else if (has_prefix(s, "--x="))
			lang = s + 4;
		else if (has_prefix(s, "-x") && s[2] != '\0')
			lang = s + 2;
		if (lang != NULL && (strcmp(lang, "cuda") == 0 || strcmp(lang, "cu") == 0))
			return 1;
	}
	return 0;
}

/* The canonical name of PATH, for telling two spellings of a file apart. */
static char *canonical(const char *path)
{
	char *r = realpath(path, NULL);
	return r != NULL ? r : xstrdup(path);
}

/* The last part of PATH without its extension, for a readable output name. */
char *compile_stem(const char *path)
{
	const char *b = strrchr(path, '/');
	b = b != NULL ? b + 1 : path;
	const char *dot = strrchr(b, '.');
	return xstrndup(b, dot != NULL && dot != b ? (size_t)(dot - b) : strlen(b));
}

/*
** Reads database entry E (index I) into its file (absolute), directory
** and argument vector (*A).  Returns 0, or -1 with a warning printed when
** the entry lacks what the format requires.
*/
static int read_entry(const char *db, int i, const cJSON *e, char **file, const char **dir,
		      struct argv_buf *a)
{
	const cJSON *jd = cJSON_GetObjectItemCaseSensitive(e, "directory");
	const cJSON *jf = cJSON_GetObjectItemCaseSensitive(e, "file");
	const cJSON *jargs = cJSON_GetObjectItemCaseSensitive(e, "arguments");
	const cJSON *jcmd = cJSON_GetObjectItemCaseSensitive(e, "command");
	if (!cJSON_IsString(jd) || !cJSON_IsString(jf)) {
		fprintf(stderr, "simulee-c: warning: %s: entry %d has no \"directory\" or \"file\"; "
			"skipped\n", db, i);
		return -1;
	}
	*dir = jd->valuestring;
	if (cJSON_IsArray(jargs)) {
		const cJSON *x;
		cJSON_ArrayForEach(x, jargs) {
			if (cJSON_IsString(x))
				av_add(a, x->valuestring);
		}
	} else if (!cJSON_IsString(jcmd)
		   || compile_split_command(jcmd->valuestring, &a->v, &a->n, &a->cap) < 0) {
		fprintf(stderr, "simulee-c: warning: %s: entry %d (%s) has no usable \"arguments\" "
			"or \"command\"; skipped\n", db, i, jf->valuestring);
		return -1;
	}
	*file = absolute(*dir, jf->valuestring);
	return 0;
}

/* Which TUs of a database are analysed: those among the canonical names
** INS (N), or ALL of them; LEGACY: the one input's flags go to db_flags
** (compile_db), not to a unit. */
struct db_want {
	char *const *ins;
	uint32_t n;
	int all, legacy;
};

static int host_src_index(const struct compile_out *out, const char *canon);

/*
** Handles entry I (E) of database DB: a CUDA TU not seen before is compiled
** to host IR (appended to OUT), or, when W wants it analysed, becomes a
** unit with its flags (or its flags go to OUT->db_flags); a C or C++ one
** goes to OUT->host_srcs.  SEEN collects
** the canonical names done.  Returns 0 (a TU that fails to compile is a
** warning), or a negative SIM_ERR_* with *err filled when clang cannot run.
*/
static int db_entry(const struct compile_opts *o, const struct setup *s, const char *db, int i,
		    const cJSON *e, const struct db_want *w, struct argv_buf *seen,
		    struct compile_out *out, struct sim_error *err)
{
	struct argv_buf args = { 0 }, flags = { 0 }, cmd = { 0 };
	char *file = NULL, *canon = NULL, *path = NULL;
	const char *dir = NULL;
	int rc = 0;
	if (read_entry(db, i, e, &file, &dir, &args) < 0)
		goto done;
	canon = canonical(file);
	if (in_list(canon, (const char *const *)seen->v, seen->n))
		goto done;
	if (!entry_is_cuda(file, args.v, args.n)) {
		/* host code only: compiled when the launch sites need it */
		if (compile_is_host_source(file) && host_src_index(out, canon) < 0) {
			av_add(seen, canon);
			compile_add_host_src(out, canon);
			struct compile_host_src *h = &out->host_srcs[out->nhost_srcs - 1];
			compile_convert_entry(args.v, args.n, dir, &h->flags, &h->nflags, &h->capflags);
		}
		goto done;
	}
	av_add(seen, canon);
	compile_convert_entry(args.v, args.n, dir, &flags.v, &flags.n, &flags.cap);
	if (w->all || in_list(canon, (const char *const *)w->ins, w->n)) {
		/* analysed: compile_cu or compile_unit compiles it, with these flags */
		struct compile_unit *u = NULL;
		if (!w->legacy) {
			uint32_t ui = compile_add_unit(out, canon);
			u = &out->units[ui];
		}
		for (uint32_t k = 0; k < flags.n; k++) {
			if (u)
				VEC_PUSH(u->flags, u->nflags, u->capflags, flags.v[k]);
			else
				VEC_PUSH(out->db_flags, out->ndb_flags, out->capdb_flags, flags.v[k]);
		}
		flags.n = 0;
		goto done;
	}
	char *st = compile_stem(file);
	path = xasprintf("%s/tu%u-%s.ll", out->tmpdir, seen->n, st);
	free(st);
	doom(path, 0);
	setup_args(s, 1, &cmd);
	av_addv(&cmd, flags.v, flags.n);
	io_args(&cmd, file, path);
	rc = run_tool(av_argv(&cmd), !o->verbose, NULL, o->verbose, err);
	if (rc > 0) {
		char how[64];
		fprintf(stderr, "simulee-c: warning: %s: %s: the host side did not compile%s; its "
			"launch sites are not read%s\n", db, file, how_failed(rc, how, sizeof how),
			o->verbose ? "" : " (--verbose shows why)");
		rc = 0;
	} else if (rc == 0) {
		VEC_PUSH(out->host_irs, out->nhost_irs, out->caphost_irs, path);
		path = NULL;
	}
done:
	av_free(&args);
	av_free(&flags);
	av_free(&cmd);
	free(file);
	free(canon);
	free(path);
	return rc;
}

static int host_src_index(const struct compile_out *out, const char *canon)
{
	for (uint32_t i = 0; i < out->nhost_srcs; i++)
		if (strcmp(out->host_srcs[i].src, canon) == 0)
			return (int)i;
	return -1;
}

void compile_add_host_src(struct compile_out *out, const char *src)
{
	char *canon = canonical(src);
	if (host_src_index(out, canon) >= 0) {
		free(canon);
		return;
	}
	struct compile_host_src h = { .src = canon };
	VEC_PUSH(out->host_srcs, out->nhost_srcs, out->caphost_srcs, h);
}

/* Whether TEXT names identifier ID (not as part of a longer one). */
static int names_ident(const char *text, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = text; n && (p = strstr(p, id)) != NULL; p++)
		if ((p == text || !ident_char(p[-1])) && !ident_char(p[n]))
			return 1;
	return 0;
}

/* Appends to A what compiles C or C++ file SRC on this host: clang, -O0,
** -g, and the headers a host file of a CUDA program includes (the
** toolkit's, or the prelude's stand-ins). */
static void native_args(const struct setup *s, const char *src, struct argv_buf *a)
{
	av_add(a, s->clang);
	av_add(a, "-O0");
	av_add(a, "-g");
	size_t n = strlen(src);
	if (n > 2 && strcmp(src + n - 2, ".c") == 0) {
		/* C that gcc 13 and older build with warnings (the compiler
		** CUDA benchmarks name for their C files) and clang 16 refuses:
		** a warning here too, so such a program builds unpatched */
		static const char *const old_c[] = {
			"-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
			"-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types"
		};
		for (size_t i = 0; i < sizeof old_c / sizeof *old_c; i++)
			av_add(a, old_c[i]);
	} else if (s->legacy != NULL) {
		/* C++: cuda_runtime.h with what CUDA 13 removed put back */
		char *host = xstrdup(s->legacy);
		strcpy(strrchr(host, '/') + 1, "host");
		av_take(a, xasprintf("-I%s", host));
		free(host);
	}
	if (s->toolkit != NULL)
		av_take(a, xasprintf("-I%s/include", s->toolkit));
}

/* Compiles host-only file H to host IR in OUT's directory (appended to
** OUT->host_irs); a compile error is a warning.  0, or a negative SIM_ERR_*
** when clang cannot run. */
static int host_src_ir(const struct compile_opts *o, const struct setup *s, struct compile_out *out,
		       const struct compile_host_src *h, struct sim_error *err)
{
	struct argv_buf a = { 0 };
	char *st = compile_stem(h->src);
	char *path = xasprintf("%s/c%u-%s.ll", out->tmpdir, out->nhost_irs, st);
	free(st);
	doom(path, 0);
	size_t n = strlen(h->src);
	if (s->toolkit == NULL && !(n > 2 && strcmp(h->src + n - 2, ".c") == 0)) {
		/* the prelude is for clang's CUDA mode, whose host side
		** compiles C++ as it is */
		setup_args(s, 1, &a);
	} else {
		native_args(s, h->src, &a);
		av_add(&a, "-emit-llvm");
		av_add(&a, "-S");
		av_add(&a, "-Xclang");
		av_add(&a, "-disable-O0-optnone");
	}
	av_addv(&a, h->flags, h->nflags);
	av_addv(&a, o->host_args, o->nhost_args);
	av_addv(&a, o->cc_args, o->ncc_args);
	io_args(&a, h->src, path);
	int rc = run_tool(av_argv(&a), !o->verbose, NULL, o->verbose, err);
	if (rc > 0) {
		char how[64];
		fprintf(stderr, "simulee-c: warning: %s: the host code did not compile%s; the values "
			"it passes are not read%s\n", h->src, how_failed(rc, how, sizeof how),
			o->verbose ? "" : " (--verbose shows why)");
		rc = 0;
	} else if (rc == 0) {
		VEC_PUSH(out->host_irs, out->nhost_irs, out->caphost_irs, path);
		path = NULL;
	}
	free(path);
	av_free(&a);
	return rc;
}

int compile_host_needed(const struct compile_opts *o, struct compile_out *out, char *const *names,
			struct sim_error *err)
{
	struct setup s = { 0 };
	int rc = 0, made = 0, ready = 0;
	for (uint32_t i = 0; names && i < out->nhost_srcs && rc >= 0; i++) {
		struct compile_host_src *h = &out->host_srcs[i];
		if (h->done)
			continue;
		char *text = read_whole_file(h->src, NULL, err);
		int want = 0;
		for (uint32_t k = 0; text && names[k] && !want; k++)
			want = names_ident(text, names[k]);
		free(text);
		if (!want)
			continue;
		if (!ready && ((rc = setup_resolve(o, &s, err)) < 0 || (rc = ensure_tmpdir(out, err)) < 0))
			break;
		ready = 1;
		h->done = 1;
		uint32_t before = out->nhost_irs;
		rc = host_src_ir(o, &s, out, h, err);
		made += out->nhost_irs > before;
	}
	setup_free(&s);
	return rc < 0 ? rc : made;
}

/* compile_db and compile_db_units: W says which TUs are analysed. */
static int read_db(const struct compile_opts *o, const char *db, const struct db_want *w,
		   struct compile_out *out, struct sim_error *err)
{
	struct setup s = { 0 };
	struct argv_buf seen = { 0 };
	char *text = read_whole_file(db, NULL, err);
	if (text == NULL)
		return err->status;
	cJSON *root = cJSON_Parse(text);
	free(text);
	int rc;
	if (root == NULL || !cJSON_IsArray(root)) {
		rc = sim_fail(err, SIM_ERR_USAGE, "%s: not a compile database (a JSON array of "
			      "entries)", db);
		goto out;
	}
	if ((rc = setup_resolve(o, &s, err)) < 0 || (rc = ensure_tmpdir(out, err)) < 0)
		goto out;
	const cJSON *e;
	int i = 0;
	cJSON_ArrayForEach(e, root) {
		if ((rc = db_entry(o, &s, db, i++, e, w, &seen, out, err)) < 0)
			break;
	}
out:
	av_free(&seen);
	cJSON_Delete(root);
	setup_free(&s);
	return rc;
}

int compile_db_entries(const char *db, struct compile_entry **out, uint32_t *n,
		       struct sim_error *err)
{
	*out = NULL;
	*n = 0;
	char *text = read_whole_file(db, NULL, err);
	if (text == NULL)
		return err->status;
	cJSON *root = cJSON_Parse(text);
	free(text);
	if (root == NULL || !cJSON_IsArray(root)) {
		cJSON_Delete(root);
		return sim_fail(err, SIM_ERR_USAGE, "%s: not a compile database (a JSON array of "
				"entries)", db);
	}
	uint32_t cap = 0;
	const cJSON *e;
	int i = 0;
	cJSON_ArrayForEach(e, root) {
		struct argv_buf args = { 0 };
		char *file = NULL;
		const char *dir = NULL;
		if (read_entry(db, i++, e, &file, &dir, &args) == 0) {
			int cuda = entry_is_cuda(file, args.v, args.n);
			char *canon = canonical(file);
			int seen = 0;
			for (uint32_t k = 0; k < *n && !seen; k++)
				seen = strcmp((*out)[k].file, canon) == 0;
			if (!seen && (cuda || compile_is_host_source(file))) {
				struct compile_entry ce = { 0 };
				ce.file = canon;
				ce.cuda = cuda;
				compile_convert_entry(args.v, args.n, dir, &ce.flags, &ce.nflags,
						      &ce.capflags);
				canon = NULL;
				VEC_PUSH(*out, *n, cap, ce);
			}
			free(canon);
		}
		free(file);
		av_free(&args);
	}
	cJSON_Delete(root);
	return 0;
}

void compile_entries_free(struct compile_entry *e, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		free(e[i].file);
		for (uint32_t k = 0; k < e[i].nflags; k++)
			free(e[i].flags[k]);
		free(e[i].flags);
	}
	free(e);
}

int compile_db(const struct compile_opts *o, const char *db, const char *input,
	       struct compile_out *out, struct sim_error *err)
{
	char *in = input != NULL ? canonical(input) : NULL;
	struct db_want w = { &in, in != NULL, 0, 1 };
	int rc = read_db(o, db, &w, out, err);
	free(in);
	return rc;
}

int compile_db_units(const struct compile_opts *o, const char *db, char *const *inputs,
		     uint32_t n, int all, struct compile_out *out, struct sim_error *err)
{
	char **ins = xcalloc(n ? n : 1, sizeof *ins);
	for (uint32_t i = 0; i < n; i++)
		ins[i] = canonical(inputs[i]);
	struct db_want w = { ins, n, all, 0 };
	int rc = read_db(o, db, &w, out, err);
	for (uint32_t i = 0; i < n; i++)
		free(ins[i]);
	free(ins);
	return rc;
}

int compile_find_unit(const struct compile_out *out, const char *src)
{
	char *c = canonical(src);
	int found = -1;
	for (uint32_t i = 0; i < out->nunits && found < 0; i++) {
		char *u = canonical(out->units[i].src);
		if (strcmp(u, c) == 0)
			found = (int)i;
		free(u);
	}
	free(c);
	return found;
}

/* Finishes compile A (its clang and flags so far) with the command line's
** -I, -D, -U and -include and "-c SRC -o OBJ", runs it, and frees A and
** S: 0, or SIM_ERR_COMPILE after clang's diagnostics. */
static int compile_object(const struct compile_opts *o, struct argv_buf *a, struct setup *s,
			  const char *src, const char *obj, struct sim_error *err)
{
	av_addv(a, o->cc_args, o->ncc_args);
	io_args(a, src, obj);
	int rc = run_tool(av_argv(a), 0, NULL, o->verbose, err);
	if (rc > 0) {
		char how[64];
		rc = sim_fail(err, SIM_ERR_COMPILE, "%s: compilation failed%s", src,
			      how_failed(rc, how, sizeof how));
	}
	av_free(a);
	setup_free(s);
	return rc;
}

int compile_host_object(const struct compile_opts *o, const char *src, char *const *flags,
			uint32_t n, const char *gpubin, const char *obj, struct sim_error *err)
{
	struct setup s;
	struct argv_buf a = { 0 };
	int rc = setup_resolve(o, &s, err);
	if (rc < 0)
		return rc;
	setup_args(&s, 2, &a);
	/* a C++ function that falls off its end returns garbage under gcc
	** (nvcc's host compiler), where clang traps (SIGILL): Parboil's
	** readColMajorMatrixFile does, and its callers ignore the value */
	av_add(&a, "-fno-strict-return");
	if (gpubin != NULL) {
		av_add(&a, "-Xclang");
		av_add(&a, "-fcuda-include-gpubinary");
		av_add(&a, "-Xclang");
		av_add(&a, gpubin);
	}
	av_addv(&a, flags, n);
	av_addv(&a, o->host_args, o->nhost_args);
	return compile_object(o, &a, &s, src, obj, err);
}

/* The cache's key of the runtime's compile A (its command line so far,
** clang S->clang) of SRC into HEX: 0, or -1 when a source cannot be read
** (no caching then). */
static int runtime_key(const struct compile_opts *o, const struct setup *s, struct argv_buf *a,
		       const char *src, char hex[33])
{
	/* what moves clang's headers besides the command line */
	static const char *const env[] = { "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
					   "COMPILER_PATH", "GCC_EXEC_PREFIX" };
	struct cache_key k;
	cache_key_init(&k);
	cache_key_str(&k, "simulee-c runtime object " PACKAGE_VERSION " " LLVM_VERSION_STRING);
	cache_key_program(&k, s->clang);
	char *const *v = av_argv(a);
	for (uint32_t i = 0; i < a->n; i++)
		cache_key_str(&k, v[i]);
	cache_key_str(&k, src);
	for (size_t i = 0; i < sizeof env / sizeof *env; i++)
		cache_key_str(&k, getenv(env[i]));
	if (src[0] != '/' || (o->datadir != NULL && o->datadir[0] != '/')) {
		char cwd[PATH_MAX];	/* relative paths: the object's are this directory's */
		cache_key_str(&k, getcwd(cwd, sizeof cwd));
	}
	char *proto = xstrdup(src);
	char *slash = strrchr(proto, '/');
	char *p = xasprintf("%.*ssimrt_proto.h", slash ? (int)(slash - proto + 1) : 0, proto);
	int rc = cache_key_file(&k, src) == 0 && cache_key_file(&k, p) == 0 ? 0 : -1;
	free(p);
	free(proto);
	cache_key_hex(&k, hex);
	return rc;
}

/*
** simulee-c run: compiles simulee-c's CUDA runtime SRC (cudart.cu, with
** simrt_proto.h beside it) to native object OBJ as compile_host_object
** compiles a unit without a "fat binary", or copies it from the cache in
** directory CACHE (NULL: no cache; front/cache.h).  The entry's key
** hashes SRC's and simrt_proto.h's contents, clang (its path, size and
** time), the command line but OBJ, the environment variables that move
** headers and simulee-c's version; the entry lists every header clang
** read (-MD), with its size and time, and is used while they are as they
** were.  *HIT (may be NULL): whether the cache gave OBJ.  A cache that
** cannot be read or written is a miss, never an error.  Errors as
** compile_host_object's.
*/
int compile_runtime_object(const struct compile_opts *o, const char *src, const char *obj,
			   const char *cache, int *hit, struct sim_error *err)
{
	struct setup s;
	struct argv_buf a = { 0 };
	if (hit != NULL)
		*hit = 0;
	int rc = setup_resolve(o, &s, err);
	if (rc < 0)
		return rc;
	setup_args(&s, 2, &a);
	av_addv(&a, o->cc_args, o->ncc_args);
	char key[33], *name = NULL;
	if (cache != NULL && runtime_key(o, &s, &a, src, key) == 0) {
		name = xasprintf("cudart-%s.o", key);
		if (cache_fetch(cache, name, obj)) {
			if (o->verbose)
				fprintf(stderr, "simulee-c: run: the CUDA runtime's object from the cache "
					"(%s/%s)\n", cache, name);
			if (hit != NULL)
				*hit = 1;
			free(name);
			av_free(&a);
			setup_free(&s);
			return 0;
		}
	}
	char *dep = xasprintf("%s.d", obj);
	av_add(&a, "-MD");
	av_add(&a, "-MF");
	av_add(&a, dep);
	io_args(&a, src, obj);
	double since = (double)time(NULL);
	rc = run_tool(av_argv(&a), 0, NULL, o->verbose, err);
	if (rc > 0) {
		char how[64];
		rc = sim_fail(err, SIM_ERR_COMPILE, "%s: compilation failed%s", src,
			      how_failed(rc, how, sizeof how));
	}
	if (rc == 0 && name != NULL) {
		int stored = cache_store(cache, name, obj, dep, since);
		if (o->verbose)
			fprintf(stderr, "simulee-c: run: the CUDA runtime's object %s (%s/%s)\n",
				stored ? "is cached" : "could not be cached", cache, name);
	}
	unlink(dep);
	free(dep);
	free(name);
	av_free(&a);
	setup_free(&s);
	return rc;
}

int compile_native_object(const struct compile_opts *o, const char *src, char *const *flags,
			  uint32_t nflags, const char *obj, struct sim_error *err)
{
	struct setup s;
	struct argv_buf a = { 0 };
	int rc = setup_resolve(o, &s, err);
	if (rc < 0)
		return rc;
	native_args(&s, src, &a);
	av_add(&a, "-fno-strict-return");	/* as gcc: see compile_host_object */
	av_addv(&a, flags, nflags);
	av_addv(&a, o->host_args, o->nhost_args);
	return compile_object(o, &a, &s, src, obj, err);
}

int compile_link(const struct compile_opts *o, char *const *objs, uint32_t n, const char *exe,
		 struct sim_error *err)
{
	struct setup s;
	struct argv_buf a = { 0 };
	int rc = setup_resolve(o, &s, err);
	if (rc < 0)
		return rc;
	av_add(&a, s.clang);
	av_add(&a, "-o");
	av_add(&a, exe);
	av_addv(&a, objs, n);
	av_addv(&a, o->link_args, o->nlink_args);
	av_add(&a, "-lstdc++");
	av_add(&a, "-lm");
	av_add(&a, "-lpthread");
	rc = run_tool(av_argv(&a), 0, NULL, o->verbose, err);
	if (rc > 0) {
		char how[64];
		rc = sim_fail(err, SIM_ERR_COMPILE, "linking %s failed%s", exe,
			      how_failed_tool("the linker", rc, how, sizeof how));
	}
	av_free(&a);
	setup_free(&s);
	return rc;
}

static char *llvm_tool(const struct compile_opts *o, const char *name);

/* Runs ARGV with stdin and stderr on /dev/null and returns what it wrote
** on stdout (NULL when it cannot be run or fails). */
static char *capture(char *const *argv)
{
	int pfd[2];
	if (pipe(pfd) != 0)
		return NULL;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pfd[1], 1);
	posix_spawn_file_actions_addclose(&fa, pfd[0]);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pfd[1]);
	if (rc != 0) {
		close(pfd[0]);
		return NULL;
	}
	char *buf = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = xrealloc(buf, cap);
		}
		ssize_t r = read(pfd[0], buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(pfd[0]);
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

char *compile_symbols(const struct compile_opts *o, const char *obj, int defined)
{
	struct argv_buf a = { 0 };
	av_take(&a, llvm_tool(o, "llvm-nm"));
	av_add(&a, defined ? "--defined-only" : "--undefined-only");
	av_add(&a, "--format=just-symbols");
	av_add(&a, obj);
	char *text = capture(av_argv(&a));
	av_free(&a);
	return text;
}

int compile_symbol_listed(const char *list, const char *sym, size_t symlen)
{
	for (const char *p = list; p != NULL && *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n == symlen && memcmp(p, sym, n) == 0)
			return 1;
		p = nl ? nl + 1 : NULL;
	}
	return 0;
}

/* Whether some line of llvm-nm's list UNDEF is a line of DEF. */
static int nm_meets(const char *undef, const char *def)
{
	for (const char *p = undef; def != NULL && p != NULL && *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len > 0 && compile_symbol_listed(def, p, len))
			return 1;
		p = nl ? nl + 1 : NULL;
	}
	return 0;
}

/*
** Links into OUT what bitcode BCS[K] needs of the other N - 1 (see
** compile_link_units), DEF and UND their defined and undefined symbols
** (llvm-nm's lists, NULL where unknown): 1 when OUT was written, 0 when it
** needs nothing of theirs, or SIM_ERR_COMPILE with *err filled.
*/
static int link_device(const struct compile_opts *o, char *const *bcs, char *const *def, char *const *und,
		       uint32_t n, uint32_t k, const char *out, struct sim_error *err)
{
	uint8_t *take = xcalloc(n, 1);
	uint32_t *order = xcalloc(n, sizeof *order);
	take[k] = 1;
	/* what it needs, then what that needs in turn, linked in that order:
	** --only-needed takes from a file only what is needed by then */
	uint32_t linked = 0;
	for (int grew = 1; grew;) {
		grew = 0;
		for (uint32_t i = 0; i < n; i++) {
			if (take[i] || def[i] == NULL)
				continue;
			int needed = 0;
			for (uint32_t j = 0; j < n && !needed; j++)
				needed = take[j] && nm_meets(und[j], def[i]);
			if (needed) {
				take[i] = 1;
				order[linked++] = i;
				grew = 1;
			}
		}
	}
	free(take);
	if (linked == 0) {
		free(order);
		return 0;
	}
	struct argv_buf a = { 0 };
	av_take(&a, llvm_tool(o, "llvm-link"));
	av_add(&a, "--only-needed");	/* of the files after the first */
	av_take(&a, bcs[k][0] == '-' ? xasprintf("./%s", bcs[k]) : xstrdup(bcs[k]));
	for (uint32_t t = 0; t < linked; t++) {
		const char *f = bcs[order[t]];
		av_take(&a, f[0] == '-' ? xasprintf("./%s", f) : xstrdup(f));
	}
	free(order);
	av_add(&a, "-o");
	av_add(&a, out);
	int rc = run_tool(av_argv(&a), 0, NULL, o->verbose, err);
	if (rc > 0) {
		char how[64];
		rc = sim_fail(err, SIM_ERR_COMPILE, "%s: llvm-link could not link the device code it "
			      "uses from the other inputs%s", bcs[k],
			      how_failed_tool("llvm-link", rc, how, sizeof how));
	}
	av_free(&a);
	return rc < 0 ? rc : 1;
}

/* The lines of UND[k] that some DEF[i], i != k, lists (N lists each),
** one a line and each once, or NULL when there is none. */
static char *shared_symbols(char *const *und, char *const *def, uint32_t n)
{
	char *out = NULL;
	size_t len = 0;
	for (uint32_t k = 0; k < n; k++)
		for (const char *p = und[k]; p != NULL && *p != '\0';) {
			const char *nl = strchr(p, '\n');
			size_t sl = nl ? (size_t)(nl - p) : strlen(p);
			int shared = 0;
			for (uint32_t i = 0; i < n && !shared && sl > 0; i++)
				shared = i != k && compile_symbol_listed(def[i], p, sl);
			if (shared && (out == NULL || !compile_symbol_listed(out, p, sl))) {
				out = xrealloc(out, len + sl + 2);
				memcpy(out + len, p, sl);
				len += sl;
				out[len++] = '\n';
				out[len] = '\0';
			}
			p = nl ? nl + 1 : NULL;
		}
	return out;
}

uint32_t compile_link_units(const struct compile_opts *o, struct compile_out *out)
{
	uint32_t cap = out->nunits ? out->nunits : 1;
	char **bcs = xcalloc(cap, sizeof *bcs), **def = xcalloc(cap, sizeof *def);
	char **und = xcalloc(cap, sizeof *und), **linked = xcalloc(cap, sizeof *linked);
	uint32_t *unit = xcalloc(cap, sizeof *unit);
	uint32_t n = 0, done = 0;
	for (uint32_t u = 0; u < out->nunits; u++)
		if (out->units[u].device_bc != NULL) {
			unit[n] = u;
			bcs[n++] = out->units[u].device_bc;
		}
	for (uint32_t i = 0; n > 1 && i < n; i++) {
		def[i] = compile_symbols(o, bcs[i], 1);
		und[i] = compile_symbols(o, bcs[i], 0);
	}
	free(out->rdc_symbols);
	out->rdc_symbols = shared_symbols(und, def, n);
	for (uint32_t k = 0; n > 1 && k < n; k++) {
		struct sim_error e = { 0 };
		char *path = xasprintf("%s/unit%u-rdc.bc", out->tmpdir, unit[k]);
		int rc = link_device(o, bcs, def, und, n, k, path, &e);
		if (rc < 0)
			fprintf(stderr, "simulee-c: warning: %s\n", e.msg);
		if (rc == 1) {
			linked[k] = path;
			done++;
		} else {
			free(path);
		}
	}
	/* every link read the others' own bitcode: replaced after all */
	for (uint32_t k = 0; k < n; k++) {
		if (linked[k] != NULL) {
			free(out->units[unit[k]].device_bc);
			out->units[unit[k]].device_bc = linked[k];
		}
		free(def[k]);
		free(und[k]);
	}
	free(bcs);
	free(def);
	free(und);
	free(linked);
	free(unit);
	return done;
}

char **compile_symbolize(const struct compile_opts *o, const char *exe, const uint64_t *pcs,
			 uint32_t n)
{
	char **out = xcalloc(n ? n : 1, sizeof *out);
	if (n == 0)
		return out;
	struct argv_buf a = { 0 };
	av_take(&a, llvm_tool(o, "llvm-symbolizer"));
	av_take(&a, xasprintf("--obj=%s", exe));
	av_add(&a, "--no-inlines");
	av_add(&a, "--relative-address");
	for (uint32_t i = 0; i < n; i++)
		av_take(&a, xasprintf("0x%" PRIx64, pcs[i]));
	char *text = capture(av_argv(&a));
	av_free(&a);
	/* two lines an address (function, file:line:col), then a blank one */
	char *p = text;
	for (uint32_t i = 0; p != NULL && i < n; i++) {
		char *fn = p, *nl = strchr(fn, '\n');
		if (nl == NULL)
			break;
		*nl = '\0';
		char *loc = nl + 1;
		nl = strchr(loc, '\n');
		if (nl == NULL)
			break;
		*nl = '\0';
		p = nl + 1;
		while (*p == '\n')
			p++;
		char *col = strrchr(loc, ':');
		if (col != NULL)
			*col = '\0';	/* file:line */
		const char *base = strrchr(loc, '/');
		if (strcmp(fn, "??") != 0)
			out[i] = xasprintf("%s (%s)", fn, base ? base + 1 : loc);
	}
	free(text);
	return out;
}

char *compile_data_path(const struct compile_opts *o, const char *rel)
{
	return data_file(o->datadir, rel);
}

/* LLVM tool NAME (llc, opt, llvm-link) of the LLVM simulee-c was built
** with, or o->llvm_bindir's. */
static char *llvm_tool(const struct compile_opts *o, const char *name)
{
	const char *dir = o->llvm_bindir ? o->llvm_bindir : SIMULEE_LLVM_BINDIR;
	return dir[0] ? xasprintf("%s/%s", dir, name) : xstrdup(name);
}

/* Runs tool argv A (A->v[0] its path, named NAME in errors); 0 or
** SIM_ERR_COMPILE. */
static int run_llvm_tool(const struct compile_opts *o, struct argv_buf *a, const char *name,
			 const char *bc, const char *log, struct sim_error *err)
{
	int rc = run_tool(av_argv(a), 0, log, o->verbose, err);
	if (rc > 0) {
		char how[64];
		char *cmd = command_line(av_argv(a));
		rc = sim_fail(err, SIM_ERR_COMPILE, "%s: %s could not make PTX of it%s; the command: %s",
			      bc, name, how_failed_tool(name, rc, how, sizeof how), cmd);
		free(cmd);
	}
	av_free(a);
	return rc;
}

/* llc on LINES for GPU architecture MCPU, into PTX. */
static int llc_ptx(const struct compile_opts *o, const char *bc, const char *lines, const char *ptx,
		   const char *mcpu, const char *log, struct sim_error *err)
{
	struct argv_buf a = { 0 };
	av_take(&a, llvm_tool(o, "llc"));
	av_add(&a, "-march=nvptx64");
	av_take(&a, xasprintf("-mcpu=%s", mcpu));
	av_add(&a, "-mattr=+ptx78");
	av_add(&a, "-o");
	av_add(&a, ptx);
	av_add(&a, lines);
	return run_llvm_tool(o, &a, "llc", bc, log, err);
}

int compile_ptx(const struct compile_opts *o, const char *bc, const char *ptx, const char *log,
		char *arch, size_t narch, struct sim_error *err)
{
	struct argv_buf a = { 0 };
	char *linked = xasprintf("%s.linked.bc", ptx), *lines = xasprintf("%s.lines.bc", ptx);
	char *libdevice = NULL;
	const char *cuda = o->cuda_path ? o->cuda_path : SIMULEE_CUDA_PATH;
	if (cuda[0]) {
		libdevice = xasprintf("%s/nvvm/libdevice/libdevice.10.bc", cuda);
		if (access(libdevice, R_OK) != 0) {
			free(libdevice);
			libdevice = NULL;
		}
	}
	/* the __nv_ functions of libdevice the module calls (a module compiled
	** against the toolkit has them already, internal) */
	av_take(&a, llvm_tool(o, "llvm-link"));
	av_add(&a, "--only-needed");
	av_take(&a, bc[0] == '-' ? xasprintf("./%s", bc) : xstrdup(bc));
	if (libdevice)
		av_add(&a, libdevice);
	av_add(&a, "-o");
	av_add(&a, linked);
	int rc = run_llvm_tool(o, &a, "llvm-link", bc, log, err);
	/* line tables only: LLVM 19's NVPTX debug sections name symbols ptxas
	** cannot parse, and compute-sanitizer needs only the lines */
	if (rc == 0) {
		av_take(&a, llvm_tool(o, "opt"));
		av_add(&a, "-passes=strip-nonlinetable-debuginfo");
		av_add(&a, linked);
		av_add(&a, "-o");
		av_add(&a, lines);
		rc = run_llvm_tool(o, &a, "opt", bc, log, err);
	}
	/* PTX ISA 7.8 (CUDA 11.8 drivers and later): sm_70 code with every
	** instruction the warp intrinsics need.  The warp intrinsics without
	** _sync (__shfl, __any before CUDA 9) have no sm_70 instruction, and
	** llc cannot select them there: sm_60 code has them, and the driver
	** and ptxas still take it for later GPUs */
	const char *mcpu = o->gpu_arch ? o->gpu_arch : COMPILE_GPU_ARCH;
	int llc_ran = rc == 0;
	if (rc == 0) {
		rc = llc_ptx(o, bc, lines, ptx, mcpu, log, err);
		if (rc == SIM_ERR_COMPILE && strncmp(mcpu, "sm_", 3) == 0 && atoi(mcpu + 3) >= 70) {
			struct sim_error e2 = { 0 };
			if (llc_ptx(o, bc, lines, ptx, "sm_60", log, &e2) == 0) {
				rc = 0;
				mcpu = "sm_60";
			} else {
				char *was = xstrdup(err->msg);
				sim_fail(err, SIM_ERR_COMPILE, "%s (nor for sm_60)", was);
				free(was);
			}
		}
	}
	if (rc == 0 && arch != NULL)
		snprintf(arch, narch, "%s", mcpu);
	unlink(linked);
	if (rc == 0 || !llc_ran)
		unlink(lines);	/* else kept: the failed command reads it */
	free(linked);
	free(lines);
	free(libdevice);
	return rc;
}
