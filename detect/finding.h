/*
** finding.h: the findings of a run, deduplicated by (kind, site pair).
**
** A finding keeps its first witness (threads, address, source locations)
** and counts of occurrences.  Faults of the simulated kernel (out-of-bounds,
** failed assert, exhausted step budget, ...) are findings, not C errors.
*/
#ifndef SIMULEE_FINDING_H
#define SIMULEE_FINDING_H

#include <stdint.h>
#include <stdio.h>

#include "interp/program.h"

enum finding_kind {
	FK_OOB,			/* out-of-bounds access */
	FK_NULL,		/* null pointer dereference */
	FK_INVALID_PTR,		/* pointer to no live allocation */
	FK_MISALIGNED,		/* misaligned access */
	FK_READONLY,		/* write to __constant__ or parameter memory */
	FK_ASSERT,		/* assert() failed in the kernel */
	FK_TRAP,		/* __trap(), unreachable code reached */
	FK_STEP_BUDGET,		/* thread did not finish within the step budget */
	FK_BARRIER_DIVERGENCE,	/* threads of a block at different barriers, or exited */
	FK_WARP_SYNC,		/* warp-level sync (shfl/vote/syncwarp) not reached by its mask */
	FK_DIV_ZERO,		/* integer division by zero */
	FK__COUNT
};

const char *finding_kind_name(enum finding_kind k);
const char *finding_kind_id(enum finding_kind k);	/* stable, for JSON */

struct thread_id {
	uint32_t block[3];
	uint32_t thread[3];
};

struct finding {
	enum finding_kind kind;
	uint32_t func;			/* function index of the first site */
	uint32_t pc;			/* instruction of the first site */
	struct srcloc loc;		/* its source location */
	struct thread_id who;		/* the first thread seen */
	uint64_t addr;			/* the simulated address, or 0 */
	char *where;			/* "name[index]" or NULL */
	char *detail;			/* one more line, or NULL */
	uint64_t count;			/* occurrences */
};

struct findings {
	struct finding *v;
	uint32_t n, cap;
};

/* Adds a finding, or counts one more occurrence of an equal (kind, func, pc)
** one.  WHERE and DETAIL are copied; either may be NULL.  Returns the entry. */
struct finding *findings_add(struct findings *fs, enum finding_kind kind,
			     uint32_t func, uint32_t pc, const struct srcloc *loc,
			     const struct thread_id *who, uint64_t addr,
			     const char *where, const char *detail);
void findings_free(struct findings *fs);

/* Prints the findings compiler-style (one line each, then details). */
void findings_print_text(const struct findings *fs, FILE *out);

#endif
