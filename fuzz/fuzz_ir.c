/*
** fuzz_ir.c: the loader on textual IR.  Seeds: the corpus kernels
** through llvm-dis; fuzz/ir.dict gives the mutator IR's words.  Input
** that starts like bitcode is skipped: fuzz_bitcode covers that reader.
*/
#include "fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	if (n >= 2 && ((data[0] == 'B' && data[1] == 'C') || (data[0] == 0xde && data[1] == 0xc0)))
		return -1;	/* not kept in the corpus */
	struct loaded l;
	if (fuzz_load(data, n, &l) == 0)
		load_free(&l);
	return 0;
}
