/*
** main.c: the Check runner.  Every suite of tests/check_*.c is added here;
** tests are forked, so a crash is one failed test and not a dead suite.
*/
#include <stdlib.h>

#include "tests.h"

int main(void)
{
	SRunner *sr = srunner_create(mem_suite());
	srunner_add_suite(sr, mam_suite());
	srunner_add_suite(sr, interp_suite());
	srunner_add_suite(sr, pcg32_suite());
	srunner_add_suite(sr, cli_suite());
	srunner_add_suite(sr, corpus_suite());
	srunner_add_suite(sr, bugs_suite());
	srunner_add_suite(sr, report_suite());
	srunner_add_suite(sr, evolve_suite());
	srunner_add_suite(sr, hostsite_suite());
	srunner_add_suite(sr, contracts_suite());
	srunner_add_suite(sr, hostmap_suite());
	srunner_add_suite(sr, run_suite());
	srunner_add_suite(sr, deps_suite());
	srunner_add_suite(sr, compile_suite());
	srunner_add_suite(sr, params_suite());
	srunner_add_suite(sr, sarif_suite());
	srunner_add_suite(sr, tex_suite());
	srunner_add_suite(sr, fuzz_suite());
	srunner_add_suite(sr, prune_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
