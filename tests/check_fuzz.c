/*
** check_fuzz.c: every input the fuzzers of fuzz/ found a crash with
** (fuzz/regressions/, docs/FUZZING.md) runs through the CLI and ends in
** a report or in one error line, never in a crash or a sanitizer's report.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

/* The arguments after the input when NAME.args is absent: the launch
** fuzz_launch runs. */
static const char *const default_args[] = { "--grid", "2", "--block", "32", "--no-search",
					    "--max-steps", "4000", NULL };

/* Splits the first line of file PATH at blanks into ARGV[0..max) (the
** strings point into *BUF, which the caller frees); 0 if it cannot be read. */
static int read_args(const char *path, char **buf, const char **argv, int max)
{
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return 0;
	size_t cap = 0;
	*buf = NULL;
	ssize_t len = getline(buf, &cap, f);
	fclose(f);
	ck_assert_msg(len > 0, "%s: empty", path);
	int n = 0;
	for (char *s = strtok(*buf, " \t\n"); s && n < max - 1; s = strtok(NULL, " \t\n"))
		argv[n++] = s;
	argv[n] = NULL;
	return 1;
}

/* A regression input is any file but the .args and README beside them. */
static int is_input(const char *name)
{
	size_t n = strlen(name);
	return name[0] != '.' && strcmp(name, "README.md") != 0
	       && !(n > 5 && strcmp(name + n - 5, ".args") == 0);
}

/* Runs input PATH with its arguments and checks the outcome. */
static void run_regression(const char *path)
{
	const char *argv[TU_MAX_ARGS];
	char *args = NULL;
	char side[4096];
	const char *dot = strrchr(path, '.');
	snprintf(side, sizeof side, "%.*s.args", (int)(dot ? dot - path : (long)strlen(path)), path);
	argv[0] = path;
	if (!read_args(side, &args, argv + 1, TU_MAX_ARGS - 1))
		memcpy(argv + 1, default_args, sizeof default_args);
	struct tu_run r;
	tu_run_bin(&r, argv);
	ck_assert_msg(r.status <= 2, "%s: status %d: %s", path, r.status, r.err);
	ck_assert_msg(strstr(r.err, "Sanitizer") == NULL && strstr(r.err, "runtime error") == NULL,
		      "%s: sanitizer report: %s", path, r.err);
	if (r.status == 2) {
		/* one line, ours */
		ck_assert_msg(strncmp(r.err, "simulee-c: ", 11) == 0 && strchr(r.err, '\n') == r.err + r.err_len - 1,
			      "%s: not one error line: %s", path, r.err);
	} else {
		ck_assert_msg(strstr(r.out, " error") != NULL, "%s: no report: %s%s", path, r.out, r.err);
	}
	tu_run_free(&r);
	free(args);
}

START_TEST(regressions)
{
	const char *src = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(src != NULL, "SIMULEE_SRCDIR is not set");
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/fuzz/regressions", src);
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "%s: cannot open", dir);
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (!is_input(e->d_name))
			continue;
		char path[4096 + 256];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		run_regression(path);
		n++;
	}
	closedir(d);
	ck_assert_msg(n > 0, "%s: no inputs", dir);
}
END_TEST

Suite *fuzz_suite(void)
{
	Suite *s = suite_create("fuzz");
	TCase *tc = tcase_create("regressions");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, regressions);
	suite_add_tcase(s, tc);
	return s;
}
