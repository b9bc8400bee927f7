/*
** replay.h: a reproduction on real hardware for each finding (--replay
** DIR).  Each finding shown gets a directory DIR/KIND-FINGERPRINT with the
** kernel's PTX (LLVM's NVPTX back end on the very bitcode analysed), the
** witness launch's buffers as uploaded bytes, launch.txt describing the
** launch, a host program on the CUDA driver API that replays it
** (kernels/replay/repro.c and compare.h, copied), a Makefile and run.sh,
** which runs it under the compute-sanitizer tool that matches the finding
** and, for races and barrier divergences, runs it many times and compares
** the results, and says whether the hardware confirmed it.
** docs/REPLAY.md has the details and what compute-sanitizer cannot
** confirm.
*/
#ifndef SIMULEE_REPLAY_H
#define SIMULEE_REPLAY_H

#include <stdint.h>
#include <stdio.h>

#include "base/util.h"
#include "report/report.h"
#include "front/compile.h"
#include "exec/interp.h"
#include "lower/load.h"

/* What the reproductions of one kernel's findings come from. */
struct replay_src {
	const char *dir;		/* --replay DIR (created when missing) */
	const struct compile_opts *cop;	/* llc, and where repro.c is */
	const char *bc;			/* the bitcode analysed */
	const struct program *prog;
	const struct kernel_info *kernel;
};

/*
** Writes a reproduction directory for every finding report R shows (R's
** findings all of kernel S->kernel, whose launches R holds).  A finding
** whose launch cannot be replayed (a texture object, an argument passed
** in pieces) still gets its directory, with README saying why and no
** run.sh; so does every finding when LLVM cannot make the kernel's PTX
** (the README names the command that failed, ptx.log holds its output).
** N counts the directories written and, of them, those without PTX.
** Returns 0, or a negative SIM_ERR_* with *err filled (a directory or
** file that cannot be written).
*/
struct replay_counts {
	uint32_t written;
	uint32_t no_ptx;
};
int replay_write(const struct replay_src *s, const struct report *r, struct replay_counts *n,
		 struct sim_error *err);

/*
** Prints every buffer parameter BUFS (of F, N of them) holds in M as
** `--dump-inputs` does and as a reproduction's `repro --dump-inputs`
** does: a line "# NAME TYPE ELEMS" then one value a line (as --dump).
*/
struct params_buf;
struct mem;
void replay_dump_inputs(FILE *out, const struct func *f, const struct params_buf *bufs,
			const struct mem *m);

/* The ELEMS elements of type ET at DATA on OUT as --dump prints them,
** one value a line (what --dump prints after a launch and --dump-inputs
** before it). */
void replay_print_values(FILE *out, const uint8_t *data, uint64_t elems, uint8_t et);

#endif
