/*
** dpcopy.c: `dpcopy SRC OUT` writes to OUT the copy of CUDA source SRC
** that simulee-c's device pass compiles when SRC launches kernels from
** device code (compile_device_copy, front/compile.h).  The build uses it
** for the bug corpus's dynamic-parallelism kernels (kernels/bugs.mk,
** BUG_KERNELS_DYNPAR), which clang 19 does not compile as written, so
** that the corpus is compiled as a user's file is.  Not installed.
*/
#include <stdio.h>

#include "base/util.h"
#include "front/compile.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: dpcopy SRC OUT\n");
		return 2;
	}
	struct compile_opts o = { 0 };
	struct sim_error err = { 0 };
	int rc = compile_device_copy(&o, argv[1], argv[2], &err);
	if (rc == 0)
		fprintf(stderr, "dpcopy: %s launches no kernel from device code\n", argv[1]);
	else if (rc < 0)
		fprintf(stderr, "dpcopy: %s\n", err.msg);
	return rc == 1 ? 0 : 2;
}
