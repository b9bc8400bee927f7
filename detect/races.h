/*
** races.h: findings from the Memory-Access Model of a launch: data races
** with both accesses, and barriers that no conflict needed.
*/
#ifndef SIMULEE_RACES_H
#define SIMULEE_RACES_H

#include <stdint.h>

#include "core/program.h"
#include "memmodel/mem.h"

/*
** Adds the data races MAM recorded to FS, one finding per (first site,
** second site), exposed by launch number LAUNCH; M names the addresses
** ("shared 's[3]'").  Races of the same site pair but another class or
** hazard merge into one finding (counts add up, labels stay only if every
** part has them).
*/
void detect_races(const struct program *p, const struct mam *mam, const struct mem *m,
		  uint32_t launch, struct findings *fs);

/* ---- barrier verdicts over several launches ------------------------------- */

/* One static barrier of a kernel: a __syncthreads() of the kernel or of a
** device function it calls, or the call of a header's wrapper that holds
** one (__syncthreads_count), as the model names it (its site). */
struct barrier_record {
	uint32_t site;
	uint32_t func, pc;	/* the site's function and instruction */
	struct srcloc loc;
	uint64_t launches;	/* launches that executed it */
	uint64_t executions;	/* times it released a block, over them all */
	uint8_t needed;		/* a conflict crossed it in some launch */
	uint8_t computes;	/* __syncthreads_count/_and/_or: never redundant */
};

struct barrier_verdicts {
	uint64_t launches;	/* launches added */
	struct barrier_record *v;
	uint32_t n, cap;
};

/* Starts the verdicts of kernel function KERNEL of P: every static barrier
** it can reach through direct calls, executed by no launch yet. */
void barrier_verdicts_init(struct barrier_verdicts *bv, const struct program *p, uint32_t kernel);
void barrier_verdicts_free(struct barrier_verdicts *bv);

/*
** Adds the verdicts of one launch: the barriers MAM saw executed, with
** how often, and whether a conflict needed them under MODEL.  MAM must
** hold that launch's barriers only (mam_clear_results between launches:
** the model accumulates its barrier verdicts until then).  Call it once
** per launch, with every candidate input a search runs, so a barrier is
** redundant only if no launch needed it.
*/
void barrier_verdicts_add(struct barrier_verdicts *bv, const struct program *p,
			  const struct mam *mam, enum mam_warp_model model);

/* The same for one launch's barrier verdicts BARS[0..N), copied out of
** its model (the search runs launches on several models in parallel and
** adds their verdicts in candidate order). */
void barrier_verdicts_add_of(struct barrier_verdicts *bv, const struct program *p,
			     const struct mam_barrier_info *bars, uint32_t n,
			     enum mam_warp_model model);

/* The verdict on B over the launches added (enum barrier_verdict). */
enum barrier_verdict barrier_record_verdict(const struct barrier_record *b);

/* Adds to FS a redundant-barrier finding for every barrier whose verdict
** is BV_REDUNDANT (checked on the launches that executed it), except a
** barrier KNOWN (the findings so far, may be FS itself or NULL) holds a
** barrier divergence at: its divergence is the verdict, and the fix is to
** move it out of the branch, not to delete it. */
void detect_barrier_findings(const struct barrier_verdicts *bv, const struct findings *known,
			     struct findings *fs);


#endif
