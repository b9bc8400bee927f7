/*
** main.c: the runner of one test program.  Makefile.am compiles it once
** for each program with -DSUITE=NAME, so that tests/check_NAME runs
** NAME_suite() of tests/check_NAME.c and nothing else; `make -j check`
** runs the programs in parallel.  Tests are forked, so a crash is one
** failed test and not a dead suite.
**
** A case too long to share its suite's program is tagged
** TESTS_OWN_PROGRAM in its suite and gets a program of its own, built
** with -DCASE='"its name"' as well: that program runs the case alone, and
** tests/check_NAME runs the suite without it.
**
** CK_RUN_SUITE and CK_RUN_CASE still pick a suite and a case: a program
** whose suite is not CK_RUN_SUITE, or that has no case CK_RUN_CASE, runs
** nothing and exits 77, which automake's harness reports as SKIP.
*/
#include <stdlib.h>
#include <string.h>

#include "tests.h"

#ifndef SUITE
#error "compile tests/main.c with -DSUITE=NAME (Makefile.am does)"
#endif

#define SUITE_FN_(name) name##_suite
#define SUITE_FN(name) SUITE_FN_(name)
#define STR_(name) #name
#define STR(name) STR_(name)

/* The exit status automake's test harness reads as "skipped". */
#define EXIT_SKIP 77

/* The value of environment variable NAME, NULL when unset or empty. */
static const char *env(const char *name)
{
	const char *v = getenv(name);
	return v != NULL && *v != '\0' ? v : NULL;
}

int main(void)
{
	const char *want_suite = env("CK_RUN_SUITE");
	const char *want_case = env("CK_RUN_CASE");
	if (want_suite != NULL && strcmp(want_suite, STR(SUITE)) != 0)
		return EXIT_SKIP;
#ifdef CASE
	if (want_case != NULL && strcmp(want_case, CASE) != 0)
		return EXIT_SKIP;
#endif
	SRunner *sr = srunner_create(SUITE_FN(SUITE)());
#ifdef CASE
	srunner_run_tagged(sr, NULL, CASE, NULL, NULL, CK_NORMAL);
#else
	srunner_run_tagged(sr, NULL, NULL, NULL, TESTS_OWN_PROGRAM, CK_NORMAL);
#endif
	int run = srunner_ntests_run(sr);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (run == 0 && want_case != NULL)
		return EXIT_SKIP;
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
