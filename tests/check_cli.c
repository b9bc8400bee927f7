#include "tests.h"
Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	return s;
}
