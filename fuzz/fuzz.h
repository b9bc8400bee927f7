/*
** fuzz.h: what the libFuzzer harnesses of fuzz/ share (docs/FUZZING.md).
**
** load_file reads a path, so each input is written to one anonymous
** in-memory file first; its /proc/self/fd path also names it in the
** reader probe's child, which inherits the descriptor.
*/
#ifndef SIMULEE_FUZZ_H
#define SIMULEE_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "exec/interp.h"
#include "lower/load.h"

/* The path of a file that holds exactly the N bytes at DATA (the same
** file every call; it lives as long as the process). */
const char *fuzz_file(const uint8_t *data, size_t n);

/* Loads the N bytes at DATA as load_file loads a file, with the
** verifier on; returns what load_file returns (*out is empty on
** failure, else the caller frees it with load_free). */
int fuzz_load(const uint8_t *data, size_t n, struct loaded *out);

/* Makes every child forked from now on die without telling libFuzzer:
** a crash of the loader's probe child is its answer, not the harness's
** crash (fuzz/child.c).  fuzz_file calls it once. */
void fuzz_quiet_children(void);

/* The entry points libFuzzer calls (declared for -Wmissing-prototypes);
** fuzz.c's LLVMFuzzerInitialize adds the harnesses' common flags. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t n, size_t max, unsigned int seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t n, size_t max);

#endif
