/*
** tests.h: the suites of the test programs (one a program, through
** tests/main.c) and the helpers they share (tests/libtestutil.a).
*/
#ifndef SIMULEE_TESTS_H
#define SIMULEE_TESTS_H

#include <check.h>
#include <stddef.h>

#include <cJSON.h>

Suite *mem_suite(void);
Suite *mam_suite(void);
Suite *interp_suite(void);
Suite *pcg32_suite(void);
Suite *cli_suite(void);
Suite *corpus_suite(void);
Suite *bugs_suite(void);
Suite *report_suite(void);
Suite *evolve_suite(void);
Suite *hostsite_suite(void);
Suite *contracts_suite(void);
Suite *deps_suite(void);
Suite *compile_suite(void);
Suite *params_suite(void);
Suite *sarif_suite(void);
Suite *tex_suite(void);
Suite *fuzz_suite(void);
Suite *prune_suite(void);
Suite *hostmap_suite(void);
Suite *run_suite(void);

/* The tag of a case that runs in a test program of its own (a
** tests/check_SUITE_CASE of Makefile.am, built with tests/main.c's CASE):
** the suite's own program, tests/check_SUITE, leaves it out. */
#define TESTS_OWN_PROGRAM "own_program"

/* Built with AddressSanitizer (CI's gcc and clang ASan+UBSan runs,
** scripts/test.sh): gcc says so with __SANITIZE_ADDRESS__, clang with
** __has_feature. */
#if defined(__SANITIZE_ADDRESS__)
#define TESTS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TESTS_SANITIZED 1
#endif
#endif

/* How many of N random seeds a loop runs (mam's schedules against the
** oracle, the search's seeds of a corpus entry): all of them, or under
** the sanitizers the first tenth and at least two (so both parities of a
** schedule's seed, which pick the warp model, run).  The normal build
** checks every seed; a sanitized run is there for memory errors and
** undefined behaviour, which the first seeds reach through the same code
** at 2.7 to 4.3 times the CPU a seed (docs/DECISIONS.md, "The
** sanitized runs sample the random seeds"). */
#ifdef TESTS_SANITIZED
#define TESTS_SEEDS(n) ((n) / 10 > 2 ? (n) / 10 : (n) < 2 ? (n) : 2)
#else
#define TESTS_SEEDS(n) (n)
#endif

/* The result of running a program: exit status (or 128+signal), and
** everything it wrote to stdout and stderr, NUL-terminated. */
struct tu_run {
	int status;
	char *out;
	size_t out_len;
	char *err;
	size_t err_len;
};

/* Runs argv (argv[0] a path, NULL-terminated) with no stdin, waits for it
** and fills *r.  Returns 0, or -1 if it could not be started. */
int tu_run(struct tu_run *r, const char *const *argv);
/* The last tu_run's exit status and the last 2 KiB of its standard error. */
extern int tu_last_status;
extern char tu_last_err[2049];

/* Runs simulee-c ($SIMULEE_BIN) with the NULL-terminated arguments ARGS (at
** most TU_MAX_ARGS) into *R. */
#define TU_MAX_ARGS 64
void tu_run_bin(struct tu_run *r, const char *const *args);
void tu_run_free(struct tu_run *r);

/* The value of environment variable NAME, which `make check` sets
** (SIMULEE_BIN, SIMULEE_SRCDIR, SIMULEE_KERNELS, SIMULEE_CLANG,
** SIMULEE_CUDA_PATH); NULL when unset or empty. */
const char *tu_env(const char *name);

/* A newly allocated "$SIMULEE_KERNELS/REL" (free it). */
char *tu_kernel(const char *rel);

/* Writes TEXT to a new temporary file and returns its path (free it;
** the caller unlinks it when done). */
char *tu_tmpfile(const char *text, size_t len);
/* The same for CUDA source TEXT, in a file whose name ends in .cu. */
char *tu_tmp_cu(const char *text);

/* Whether clang is there (SIMULEE_CLANG), and the CUDA toolkit too
** (SIMULEE_CUDA_PATH) when TOOLKIT: 1, or 0 after printing "WHAT:
** skipped: no clang" (or "... no clang or CUDA toolkit"), for a test
** that needs them and returns. */
int tu_need_clang(const char *what, int toolkit);
/* A new directory of the test's own under $TMPDIR (or /tmp), made with
** mkdtemp (free the path); tu_rmtree removes it and all it holds. */
char *tu_tmpdir(void);
void tu_rmtree(const char *dir);

/* Compiles CUDA source TEXT to a temporary .bc (sm_70, -O0 without optnone,
** -g, the prelude) and returns its path (free it, unlink it); a clang
** failure fails the test. */
char *tu_compile_cu(const char *text);
/* The same at optimisation level OLEVEL ("-O2"). */
char *tu_compile_cu_opt(const char *text, const char *olevel);
/* The same against the installed CUDA toolkit's headers (and its libcu++
** in include/cccl) instead of the prelude; NULL without a toolkit. */
char *tu_compile_cu_real(const char *text, const char *olevel);

/* Loads bitcode file BC into *L (verified) and returns the program
** function of kernel NAME; a load or lowering failure fails the test. */
struct loaded;
int tu_load_kernel(const char *bc, const char *name, struct loaded *l);

/* Validates INSTANCE against SCHEMA with the subset of JSON Schema that
** docs/report.schema.json uses (tests/jsonschema.c).  0 if valid, else -1
** with "path: reason" in ERR. */
int tu_schema_validate(const cJSON *schema, const cJSON *instance, char *err, size_t errlen);
/* docs/report.schema.json, parsed (cJSON_Delete it). */
cJSON *tu_report_schema(void);
/* Parses TEXT, asserts it is valid JSON following the report schema and
** returns the document (cJSON_Delete it). */
cJSON *tu_check_report_json(const char *text);

/* The member at PATH ("findings/0/counts/occurrences": names and array
** indices) of DOC, or NULL. */
const cJSON *tu_jat(const cJSON *doc, const char *path);

#endif
