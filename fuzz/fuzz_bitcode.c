/*
** fuzz_bitcode.c: the loader (read, verify, lower) on bitcode bytes.
** Seeds: the corpus kernels' .bc; libFuzzer's own byte mutations.
*/
#include "fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct loaded l;
	if (fuzz_load(data, n, &l) == 0)
		load_free(&l);
	return 0;
}
