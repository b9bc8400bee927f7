/*
** search_int.h: what the files of the input search (evolve/search.h)
** share: the search space, a scalar's reference, a worker, the driver's
** state, and the functions one of them defines and another calls.
**
**   cand.c        candidates: the space, the strata, the children, host sites
**   base.c        candidates of a launch the program made (run --explore)
**   evaluate.c    running a candidate on a worker; batches on the threads
**   population.c  ranking, merging findings, counting, the population's warnings
**   infer.c       contract inference: probes, the rules, the assumptions' texts
**   phases.c      the phases of Algorithm 1 and the result
*/
#ifndef SIMULEE_EVOLVE_SEARCH_INT_H
#define SIMULEE_EVOLVE_SEARCH_INT_H

#include <stdint.h>
#include <stdio.h>

#include "evolve/pcg32.h"
#include "evolve/search.h"

struct space {
	const struct evolve_problem *pb;
	uint32_t glo[3], ghi[3], blo[3], bhi[3];
	int dyn_shared;		/* searched */
	int seg_fit;		/* and sized to each launch's use (rule 11) */
	int x_pow2;		/* block x a power of two up to a warp (2-D blocks) */
	uint32_t warp_mult;	/* the block's threads a multiple of this (assumed; 0: none) */
	uint32_t x_mult;	/* block x a multiple of this (assumed: rows are
				   whole warps; 0: none) */
	int grid_blind;		/* the kernel reads neither blockIdx nor gridDim */
	int coop;		/* the kernel syncs its grid (a cooperative
				   launch): it runs whole grids or none */
	int shared_mem;		/* the kernel has __shared__ variables whose starting
				   contents are searched */
	uint32_t min_threads;	/* the block's threads at least this (assumed) */
	uint32_t max_block;	/* the block's threads at most this (assumed; 0: none) */
	uint64_t size_cap;	/* a mutated child's threads grow past its parent's
				   only up to this (0: no cap; population.c,
				   search_note_coverage) */
	uint32_t *band_off;	/* per parameter: where its strata start */
	uint8_t *nonzero;	/* per parameter: the kernel assumes it is not 0 */
	uint8_t *tie;		/* per parameter: the enum evolve_tie the kernel
				   assumes it keeps with the launch (0: none) */
	uint8_t *nonneg;	/* per scalar: the kernel assumes it is not negative */
	uint32_t *keeps_up;	/* per scalar: 1 + the scalar the kernel assumes
				   it is at least (0: none) */
	uint8_t *keeps_eq;	/* per scalar: ... or equal to */
	uint32_t *keeps_mul;	/* per scalar: ... times this factor (0, 1: none) */
};

/* Scalar K of a candidate's bits: a parameter (K < nparams) or a struct
** field, with its type, enumerators, parameter and field index. */
struct scalar_ref {
	uint8_t et;
	const int64_t *enums;
	uint32_t nenums;
	const struct evolve_param *pa;
	uint32_t field;		/* UINT32_MAX for a parameter */
};

struct worker {
	struct mam *mam;
	struct mem_pool *pool;	/* the driver's, which mam draws from too; NULL: none */
	FILE *devnull;
	double deadline;	/* the time limit's end (mono_seconds()), 0: none */
	/* The kernel's blocks are alike (it reads neither blockIdx nor
	** gridDim, nor anything else that tells blocks apart): a launch of
	** more blocks runs this many (2 when they may meet in memory, 1
	** when they never write it), as the whole grid's (docs/DECISIONS.md,
	** "Identical blocks run once"); 0: every block runs. */
	uint32_t alike;
};

struct site_ref {
	uint32_t func, pc;
	enum finding_kind kind;
	uint32_t tries;		/* launches probed for it so far */
};

/* The state the driver keeps across generations. */
struct driver {
	const struct evolve_problem *pb;
	struct space *s;
	struct worker *ws;
	unsigned nw;
	struct evolve_result *res;
	uint32_t capcands;
	struct findings seen;	/* (kind, sites) of every finding so far */
	uint32_t best;		/* the best candidate of the phases run, or UINT32_MAX */
	struct site_ref *probed;	/* faults probed for an assumption */
	uint32_t nprobed, capprobed;
	/* The coverage of the search's own launches within the contract
	** (search_note_coverage): the static sites their accesses reached,
	** the barriers they executed; the most threads one of them had, and
	** how many launches in a row larger than every one before showed
	** nothing new. */
	uint8_t *reached;		/* prog->nsites bytes, or NULL */
	uint32_t *bars_seen, nbars_seen, capbars_seen;
	uint64_t grown;
	uint32_t stale;
	/* The warp instructions the probes of the launch under inference may
	** still execute (INT64_MAX: no bound), and whether a rule stopped
	** short for it (docs/DECISIONS.md, "Inference follows the work"). */
	int64_t probe_room;
	int probes_short;
	/* Rule 1 is probing (infer_assumption): its own probes are not
	** inferred on again, it bisects them itself; rule 2 likewise
	** (infer_nonzero). */
	int in_rule1, in_rule2;
};

/* cand.c */
/* Sets C's launch from its host site and unknowns (C's vars): shape,
** shared size, scalars, buffer sizes, refused, shrunk (cand.c). */
void search_host_apply(const struct space *s, struct evolve_cand *c);
/* Keeps C's host unknowns to its site's bounds and guards after variable
** KEEP was set: a failing guard that compares one other variable (none
** read back from the device) with an expression sets that variable so
** that it holds, as the search mends a drawn launch (`index >= n` after a
** loop over n, once n grew).  1 when every bound and guard then holds, 0
** when one fails that this cannot mend. */
int search_host_refit(const struct evolve_problem *pb, struct evolve_cand *c, uint32_t keep);
uint32_t search_compc(const struct dim3 *d, int i);
uint32_t search_nbits(const struct evolve_problem *pb);
void search_cand_alloc(struct evolve_cand *c, const struct evolve_problem *pb);
void search_cand_copy(struct evolve_cand *dst, const struct evolve_cand *src,
		      const struct evolve_problem *pb);
void search_cand_free(struct evolve_cand *c);
uint64_t search_scalar_set(double x, uint8_t et);
double search_scalar_get(uint64_t bits, uint8_t et);
uint32_t *search_dim_of_c(struct evolve_cand *c, int d);
uint64_t search_threads_of(const struct evolve_cand *c);
uint32_t search_block_limit(const struct evolve_problem *pb);
void search_round_to_multiple(const struct space *s, struct evolve_cand *c, uint32_t m, int only);
void search_clamp(const struct space *s, struct evolve_cand *c);
uint64_t search_tie_value(unsigned tie, const struct evolve_cand *c);
uint64_t search_tie_bits(const struct evolve_problem *pb, uint32_t p, unsigned tie,
			 const struct evolve_cand *c);
int search_scalar_ref(const struct evolve_problem *pb, uint32_t k, struct scalar_ref *sr);
const struct hfield *search_host_field(const struct hsite *st, uint32_t p, uint32_t off);
void search_init_host(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c);
void search_mutate_host(const struct space *s, struct pcg32 *g, const struct evolve_cand *parent,
			int cauchy, struct evolve_cand *c);
void search_init_cand(const struct space *s, struct pcg32 *g, uint32_t i, struct evolve_cand *c);
void search_mutate(const struct space *s, struct pcg32 *g, const struct evolve_cand *parent,
		   int cauchy, struct evolve_cand *c);

/* base.c */
void search_base_fill(struct pcg32 *g, unsigned band, struct evolve_fill *f);
uint32_t search_base_setup(const struct evolve_problem *pb, const struct evolve_cand *c,
			   struct mem *m, uint64_t *args, uint32_t *alloc, uint32_t **bounded);

/* evaluate.c */
void search_cut_short(struct evolve_cand *c);
int search_shrink_child(const struct space *s, const struct evolve_cand *parent,
			struct evolve_cand *c);
int search_i2s_child(const struct space *s, const struct evolve_cand *parent, uint32_t pick,
		     struct evolve_cand *c);
int search_said_nothing(const struct evolve_cand *c);
void search_evaluate(const struct evolve_problem *pb, struct worker *w, struct evolve_cand *c);
uint32_t search_run_batch(const struct evolve_problem *pb, struct worker *ws, unsigned nw,
			  struct evolve_cand *cands, uint32_t n);

/* population.c */
void search_merge_findings(struct findings *all, struct findings *fs, uint32_t launch,
			   uint8_t contract);
uint32_t search_note_seen(struct findings *seen, const struct findings *fs);
int search_better(const struct evolve_cand *a, uint32_t ia, const struct evolve_cand *b,
		  uint32_t ib);
int search_redundant_so_far(const struct barrier_verdicts *bv);
uint32_t *search_dim_of(struct evolve_cand *c, unsigned dim);
int search_breaks(const struct evolve_problem *pb, const struct evolve_assumption *a,
		  const struct evolve_cand *c);
int search_beyond_assumptions(const struct evolve_problem *pb, const struct evolve_result *r,
			      struct evolve_cand *c);
uint8_t search_cand_contract(const struct evolve_problem *pb, const struct evolve_cand *c);
uint32_t search_add_cand(struct driver *d, struct evolve_cand *c, uint32_t gen);
void search_note_coverage(struct driver *d, struct evolve_cand *c, uint32_t fresh);
void search_sort_pop(const struct evolve_result *r, uint32_t *pop, uint32_t n);
int search_no_finishing_launch(struct evolve_result *r);
int search_nothing_checked(struct evolve_result *r);
int search_none_inside(const struct evolve_problem *pb, struct evolve_result *r);
int search_all_refused(const struct evolve_problem *pb, struct evolve_result *r);

/* Dynamic shared memory the search draws at most (bytes): CUDA's default maximum. */
#define SEARCH_SHARED_LIMIT 49152u

/* Dynamic shared memory a block can opt into (bytes): past it CUDA refuses the launch. */
#define SEARCH_HOST_SHARED_LIMIT (227u * 1024)

/* A refused-launch warning at each host site of the kernel whose launch
** is constant and one CUDA refuses; returns how many sites are so. */
uint32_t search_refused_sites(const struct evolve_problem *pb, struct evolve_result *r);
uint32_t search_inside(const struct evolve_result *r);

/* Whether the clock (the time limit, a stop signal) has cut a launch of
** R: the search ends.  A launch its work budget cut does not end it. */
static inline int search_clock_cut(const struct evolve_result *r)
{
	return r->cut > r->work_cut;
}

/* infer.c */
void search_host_fault(struct driver *d, uint32_t ci, uint32_t gen);
void search_infer_from(struct driver *d, uint32_t i, uint32_t gen);
/* Whether candidate C accessed the dynamic shared segment past its end
** at an index no memory gives: it got less than its own code uses (rule 11). */
int search_seg_short(const struct evolve_problem *pb, const struct evolve_cand *c);
/* Whether assumption A's warning is part of another's: whole warps when
** every row is (EVOLVE_LANES), the rows' when block x's bounds leave one
** multiple (blockDim.x == 32). */
int search_assumption_folded(const struct evolve_result *r, const struct evolve_assumption *a);
struct finding search_assumption_finding(const struct evolve_problem *pb,
					 const struct evolve_result *r,
					 const struct evolve_assumption *a);

#endif
