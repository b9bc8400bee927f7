#include "tests.h"
Suite *mem_suite(void)
{
	Suite *s = suite_create("mem");
	return s;
}
