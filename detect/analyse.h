/*
** analyse.h: one launch analysed: run by the interpreter, feeding the
** Memory-Access Model, then the detectors on what the model recorded
** (races, barrier verdicts).  Every caller that runs a kernel launches it
** through here: src/run.c, the search (evolve/evaluate.c), the runtime
** server, the fuzzer and the bench.  The memory and the arguments are the
** caller's to prepare; the host-side checks (detect/hostmap.h) look at the
** host code's sequences, not at a launch, and are not run here.
*/
#ifndef SIMULEE_ANALYSE_H
#define SIMULEE_ANALYSE_H

#include <stdint.h>

#include "core/program.h"
#include "detect/races.h"
#include "exec/interp.h"
#include "memmodel/mem.h"
#include "base/util.h"

/* What analyse_launch does besides the launch; all zeros: the races only. */
struct analyse_options {
	enum mam_warp_model model;	/* the model's warp model (for BV) */
	/* Whether the detectors run on a launch that ran to its end, given
	** its findings FS and memory M (the search: a launch outside the
	** kernel's contract is discarded, so nothing is detected on it).
	** NULL: they always run. */
	int (*gate)(void *ctx, const struct findings *fs, const struct mem *m);
	void *gate_ctx;
	/* When not NULL: the launch's barrier verdicts are added here (started
	** with barrier_verdicts_init for the same kernel). */
	struct barrier_verdicts *bv;
	/* With BV: its redundant-barrier findings are added to the launch's
	** (a lone launch, whose verdicts are final). */
	uint8_t barrier_findings;
	/* The model's barrier records of the launch are copied into the
	** result (the search adds them to its verdicts in candidate order). */
	uint8_t keep_bars;
};

/* What analyse_launch did. */
struct analyse_result {
	uint8_t timed_out;	/* the deadline stopped the launch: nothing detected */
	uint8_t work_cut;	/* its work budget (launch_cfg max_work) stopped it: the same */
	uint8_t analysed;	/* the detectors ran */
	struct mam_barrier_info *bars;	/* keep_bars: the NBARS records (the caller frees) */
	uint32_t nbars;
};

/*
** Runs the launch of kernel function FN of P with its parameter slots
** from ARGS, in M, under CFG (interp_launch), the kernel's faults into
** *FS.  With a model (CFG->mam): its results are cleared first; when the
** launch ran to its end (neither the deadline nor its work budget
** stopped it) and O's gate lets
** it, its races are added to *FS (launch number 0), its barrier verdicts
** to O->bv and, with O->barrier_findings, BV's redundant barriers to *FS.
** Without a model nothing is detected.  O may be NULL (all zeros).
** CFG->stats, when not NULL, gets the launch's counts as interp_launch
** adds them.  Returns 0 with *RES filled, or interp_launch's negative
** SIM_ERR_* with *ERR filled (*FS holds what the launch found before).
*/
int analyse_launch(const struct program *p, uint32_t fn, const uint64_t *args, struct mem *m,
		   const struct launch_cfg *cfg, const struct analyse_options *o,
		   struct findings *fs, struct analyse_result *res, struct sim_error *err);

/* The room's public header: the rest of its interface, for the rooms
** that include it (HACKING.md, "The rooms"). */
#include "detect/hostmap.h"

#endif
