#include "tests.h"
Suite *interp_suite(void)
{
	Suite *s = suite_create("interp");
	return s;
}
