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

#include "core/finding_kinds.h"
#include "core/program.h"

/* The kinds of finding: one per entry of core/finding_kinds.h, in its
** order (what each is, its ids, severity and texts are there). */
enum finding_kind {
#define FK_ENUM(kind, id, name, severity, flags, confirm, tool_or_why, brief, full, help) kind,
	SIMULEE_FINDING_KINDS(FK_ENUM)
#undef FK_ENUM
	FK__COUNT
};

/* Under which contract a launch lies, and so the findings it exposed,
** strongest first (docs/CONTRACTS.md): a launch the host code makes, one
** inside what the kernel or the command line declares, one inside what the
** kernel's own code shows it assumes, or none of these.  CL_EXPLORED is
** `simulee-c run --explore`'s: a launch of the shape, size and scalars the
** program used, with buffer contents it did not give (runtime/explore.h). */
enum contract_level { CL_HOST, CL_EXPLORED, CL_DECLARED, CL_INFERRED, CL_NONE, CL__COUNT };

/* "host", "explored", "declared", "inferred", "none" (stable, for JSON). */
const char *contract_level_name(enum contract_level c);

/* How bad a finding is; --fail-on chooses which set the exit status. */
enum severity { SEV_ERROR, SEV_WARNING, SEV_NOTE };

/* What the launches run tell about a static barrier. */
enum barrier_verdict {
	BV_NOT_COVERED,		/* never executed: no verdict */
	BV_REDUNDANT,		/* executed, no conflict ever crossed it */
	BV_NEEDED,		/* a conflict crossed it */
	BV_COMPUTES,		/* __syncthreads_count/_and/_or: computes a value */
};

/* What an access did (data races). */
enum access_kind { AK_READ, AK_WRITE, AK_ATOMIC, AK_ATOMIC_READ, AK_ATOMIC_WRITE };

/* Where the two threads of a race are relative to each other. */
enum race_class { RC_INTRA_WARP, RC_INTER_WARP, RC_INTER_BLOCK };

/* The order in which the simulation saw the two accesses of a race. */
enum hazard { HZ_RAW, HZ_WAR, HZ_WAW };

const char *finding_kind_name(enum finding_kind k);
const char *finding_kind_id(enum finding_kind k);	/* stable, for JSON */

struct thread_id {
	uint32_t block[3];
	uint32_t thread[3];
};

/* Where the threads of a block were when a barrier had to be forced
** (FK_BARRIER_DIVERGENCE). */
enum bd_state {
	BD_WAITING,		/* at the finding's barrier */
	BD_OTHER_BARRIER,	/* at another barrier */
	BD_EXITED,		/* returned from the kernel (or trapped) */
	BD_ELSEWHERE,		/* live but at no barrier (a warp-level sync, a call) */
};

/* One place the threads of a divergent block were at: the threads as a
** bit set, lane l of warp w (thread w * 32 + l, linear in the block) is
** bit l of mask[w]. */
struct bd_group {
	uint8_t state;			/* enum bd_state */
	struct srcloc loc;		/* line 0 when unknown */
	uint32_t nthreads;
	uint32_t mask[32];
};

/* Every live and exited thread of the block of the first witness, grouped
** by where it was: the barrier waited at first, then the other barriers,
** the exits and the other places, each in order of the first thread
** there. */
struct divergence {
	uint32_t bdim[3];		/* block dimensions (for thread coordinates) */
	uint32_t ngroups;
	struct bd_group *groups;
};

/* One access of a two-access finding. */
struct access_site {
	uint32_t func, pc;		/* function index and instruction */
	struct srcloc loc;
	struct thread_id who;
	uint8_t kind;			/* enum access_kind */
	uint8_t scope;			/* enum scope, for atomics */
	struct srcloc launched_by;	/* as struct finding's, for this access */
};

struct finding {
	enum finding_kind kind;
	enum severity severity;
	uint32_t func;			/* function index of the first site */
	uint32_t pc;			/* instruction of the first site */
	struct srcloc loc;		/* its source location */
	struct thread_id who;		/* the first thread seen */
	uint64_t addr;			/* the simulated address, or 0 */
	char *where;			/* "name[index]" or NULL; see space */
	char *detail;			/* one more line, or NULL */
	uint64_t count;			/* occurrences */
	uint32_t launch;		/* index of the launch that exposed it */
	/* The thread `who` is of a child grid a kernel launched from device
	** code (dynamic parallelism): where that launch is, in the parent
	** kernel; line 0 and func NULL for a grid the host launched. */
	struct srcloc launched_by;
	uint8_t contract;		/* enum contract_level of that launch */

	/* FK_RACE: the first access is (func, pc, loc, who) with kind
	** access1; the second is `second`.  FK_BARRIER_DIVERGENCE: (func,
	** pc, loc, who) is the barrier and a thread that waited there;
	** `second`, when its loc.func is set, is another barrier threads
	** waited at instead and one of them (else second.func is
	** FINDING_NO_SITE).  Both are deduplicated as an unordered pair. */
	uint8_t access1, scope1;	/* enum access_kind, enum scope */
	struct access_site second;
	uint8_t space;			/* enum addrspace of `where` (AS_SHARED, ...) */
	uint8_t race_class;		/* enum race_class */
	uint8_t hazard;			/* enum hazard */
	uint8_t its_only;		/* a race only without lockstep order */
	uint8_t benign;			/* both wrote the same value */
	uint64_t addresses;		/* distinct addresses */
	uint64_t thread_pairs;		/* distinct thread pairs */

	/* FK_REDUNDANT_BARRIER: over how many launches and executions */
	uint64_t launches, executions;

	/* FK_BARRIER_DIVERGENCE: where every thread of the block was (owned),
	** or NULL */
	struct divergence *div;

	/* FK_OOB and FK_SUBSCRIPT, from the first occurrence: what the search
	** needs to state a shape assumption ("assumes blockDim.x <= 256:
	** shared 'part[256]' is indexed by threadIdx.x").  dep: the DEP_* mask
	** of the faulting access's address (FK_OOB, at the user's site) or of
	** the index (FK_SUBSCRIPT).  var: the gvar index of the variable
	** (shared, __device__, __constant__), FINDING_NO_VAR for anything else
	** (a local array is named by `where` and space AS_LOCAL).  dim: the
	** dimension indexed, 1 the outermost (of an array member, for a
	** FK_SUBSCRIPT with member != FINDING_NO_VAR), 0 when the allocation
	** is no array; extent: that dimension's extent (dim 0: the
	** allocation's elements, or bytes when it has no element size);
	** index: the index seen there, signed; member: for a FK_SUBSCRIPT on
	** an array member of a struct, its byte offset in that struct, else
	** FINDING_NO_VAR.  For FK_SUBSCRIPT `where` is the variable as
	** declared ("tile[16][16]"). */
	uint16_t dep;
	uint8_t dim;
	uint32_t var;
	uint32_t member;
	uint64_t extent;
	int64_t index;

	/* FK_INCOMPLETE: the shadow budget in bytes, and what the model had no
	** room for: lane accesses, in blocks (linear) who.block to last_block
	** of the launch, `blocks` of them; the 1 KiB pages of memory refused
	** a shadow (sampled: every access to them was not checked). */
	uint64_t budget, dropped, blocks, pages;
	uint32_t last_block[3];
	/* FK_BARRIER_DIVERGENCE at a grid barrier (cooperative groups' grid
	** sync): blocks, not threads of a block, disagree; div holds the
	** witness block, whose threads all wait there */
	uint8_t grid;
	/* FK_BANK_CONFLICT: passes of the worst execution's worst group (the
	** degree) and its groups; FK_UNCOALESCED: sectors it touched and the
	** fewest its bytes need.  count: executions with the problem;
	** executions: all of the instruction's warp executions. */
	uint32_t perf_worst, perf_need;
	/* FK_OOB of a surface access below zero in some coordinate: outside
	** the surface whatever its extents, so a finding even where the search
	** made the extents up (evolve/evaluate.c) */
	uint8_t outside_any;
	/* FK_OOB the kernel's assumption on its data explains (rule 12,
	** evolve/infer.c): the index comes from the contents the search made
	** up, and the launch with them zeros stays inside; the finding lies
	** outside the inferred contract whatever its launch's */
	uint8_t data_outside;
	/* FK_UNINIT of shared memory, from the first occurrence: the barrier
	** (div_func, div_pc) at which the reading block was released
	** divergent before the read, when it was (after_divergence 1): the
	** threads that never arrived left their stores undone, so the
	** divergence explains the read (report/group.c). */
	uint8_t after_divergence;
	uint32_t div_func, div_pc;

	/* A group (report/group.c): the races on one memory object whose
	** statements connect, with the uninitialized reads at their reads;
	** the uninitialized reads, or the out-of-bounds accesses, of one
	** statement on one object; the barrier divergences sharing a
	** barrier or missing the same threads, with the uninitialized reads
	** they explain.  Each member is a finding as the
	** launches gave it (its own sites, witness, counts, launch and
	** contract; no members of its own); the finding itself copies its
	** witness member and holds the group's counts.  NULL: no group
	** (a kind not grouped, or a finding outside a report). */
	struct finding *members;
	uint32_t nmembers, capmembers;
};

/* No variable (struct finding var, member). */
#define FINDING_NO_VAR UINT32_MAX

/* The second site of a barrier divergence that has no other barrier. */
#define FINDING_NO_SITE UINT32_MAX

struct findings {
	struct finding *v;
	uint32_t n, cap;
};

/* The finding of a single site (not a pair) of kind KIND at (FUNC, PC),
** or NULL: a repeated fault is only counted, so callers skip formatting
** its detail. */
struct finding *findings_find(struct findings *fs, enum finding_kind kind, uint32_t func,
			      uint32_t pc);

/* Adds a finding, or counts one more occurrence of an equal (kind, func, pc)
** one.  WHERE and DETAIL are copied; either may be NULL.  WHERE is
** "name[index]", or "SPACE 'name[index]'" (SPACE global, shared, local,
** constant or param), which sets the finding's space.  Returns the entry. */
struct finding *findings_add(struct findings *fs, enum finding_kind kind,
			     uint32_t func, uint32_t pc, const struct srcloc *loc,
			     const struct thread_id *who, uint64_t addr,
			     const char *where, const char *detail);
/* The finding of KIND for the unordered site pair (func, pc), (func2, pc2):
** an existing one (its sites in either order), or a new zeroed one holding
** just the kind and the sites, var and member FINDING_NO_VAR (*isnew tells
** which).  The caller fills in the rest and the counts. */
struct finding *findings_get_pair(struct findings *fs, enum finding_kind kind,
				  uint32_t func, uint32_t pc, uint32_t func2, uint32_t pc2,
				  int *isnew);
void findings_free(struct findings *fs);
/* Whether A and B are the same finding: kind and site (and text, for
** assumptions), or for the kinds kept by site pair the same unordered pair
** (which access or barrier a launch saw first depends on its schedule).
** Launches and kernels are the caller's to compare. */
int finding_same(const struct finding *a, const struct finding *b);
/* Frees what finding F owns (where, detail, div, members) and sets those
** to NULL. */
void finding_clear(struct finding *f);

/* The severity of a finding of KIND before anything particular to it, its
** FKF_* flags (core/finding_kinds.h); for a KIND out of range SEV_ERROR
** and 0. */
enum severity finding_kind_severity(enum finding_kind kind);
unsigned finding_kind_flags(enum finding_kind kind);

/* The severity of finding F by the rules of docs/REPORT-FORMAT.md: its
** kind's, but a benign race (both wrote the same value) is a warning.  The
** report decides it (report_take_findings), not the detectors. */
enum severity finding_severity(const struct finding *f);

/* Whether KIND is deduplicated by an unordered pair of sites
** (findings_get_pair) rather than by one site (findings_add): FKF_PAIR. */
int finding_kind_is_pair(enum finding_kind kind);

/* Whether KIND is a performance note (bank conflict, uncoalesced access):
** not a bug, shown only with --perf, never a reason for the search:
** FKF_PERF. */
int finding_kind_is_perf(enum finding_kind kind);

/* Whether KIND is a host-side data mapping finding (detect/hostmap.h): at
** a host source line, with no device site (func FINDING_NO_SITE) and no
** launch of its own (launch UINT32_MAX); where names the buffer, detail
** the other operation: FKF_HOST. */
int finding_kind_is_host(enum finding_kind kind);

/* Whether an execution whose cost is WORST against NEED (struct finding's
** perf_worst, perf_need) is worse than one of WORST2 against NEED2, for a
** performance note of KIND: a higher degree for a bank conflict (what its
** message gives), a higher ratio of sectors used to needed for an
** uncoalesced access.  The one rule for the witness, in a launch and
** across launches. */
int finding_perf_worse(enum finding_kind kind, uint32_t worst, uint32_t need, uint32_t worst2,
		       uint32_t need2);

/* The findings are printed by the report writers (report/report.h). */

#endif
