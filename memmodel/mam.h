/*
** mam.h: the Memory-Access Model (Simulee, ICSE'20, section 3.2), online and
** in constant space per address.
**
** The paper keeps, per memory unit (address), every unit tuple
** <visit_order, thread, action> and decides Theorem 3.1 afterwards.  Here
** each 4-byte word of tracked memory has a shadow state that summarises
** the tuples that matter: for the current barrier interval (visit_order,
** "epoch") of the block that owns it, the readers, writers and atomics,
** with witnesses (thread, static instruction, warp clock) per instruction;
** the same for the previous interval (redundant barriers); and, for global
** memory, what this block did in all its intervals and what every earlier
** block did (inter-block races).  Each access is checked against that
** summary as it happens, so a race is found with both of its accesses.
** A word accessed below word size is split into four byte cells, so bytes
** of one word never race with each other.  The state is stored in the
** smallest of three forms that holds it: one record per quarter-warp
** instruction over 8 words, a 40-byte hot cell, a full cell.
** docs/MODEL.md has the rules, the guarantees and the hooks the
** interpreter calls.
**
** The interpreter drives it at warp granularity: one mam_access per warp
** memory instruction with the addresses of all 32 lanes.  Warp ordering
** (lockstep segments, __syncwarp and collectives) lives in a struct
** mam_warp_ctx the interpreter embeds in its warp; barriers and blocks are
** reported to the model.  The shadow is reset per launch (its storage is
** recycled); race records and barrier verdicts accumulate until
** mam_clear_results.
*/
#ifndef SIMULEE_MAM_H
#define SIMULEE_MAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What kind of memory an allocation is; only these two are tracked. */
enum mam_space {
	MAM_SPACE_NONE = 0,	/* local, constant, parameter: ignored */
	MAM_SPACE_GLOBAL,	/* one cell per address for the whole launch */
	MAM_SPACE_SHARED,	/* one cell per address per block */
};

/* What one memory instruction does. */
enum mam_kind {
	MAM_READ,		/* plain load */
	MAM_WRITE,		/* plain store */
	MAM_ATOMIC,		/* atomic read-modify-write, cmpxchg */
	MAM_ATOMIC_READ,	/* atomic load */
	MAM_ATOMIC_WRITE,	/* atomic store */
	MAM_VOLATILE_READ,	/* volatile load: strong (an atomic read of system
				** scope) on global memory, plain on shared */
	MAM_VOLATILE_WRITE,	/* volatile store: the same, as a write */
};

/* The scope of an atomic, narrowest first (the values of the bytecode's
** enum scope differ: map SCOPE_THREAD to MAM_SCOPE_THREAD). */
enum mam_scope {
	MAM_SCOPE_THREAD,
	MAM_SCOPE_BLOCK,
	MAM_SCOPE_DEVICE,
	MAM_SCOPE_SYSTEM,
};

/* Which intra-warp order decides whether a race is reported. */
enum mam_warp_model {
	MAM_ITS,		/* sm_70+: lanes ordered only by syncs */
	MAM_LOCKSTEP,		/* pre-Volta: a converged warp is ordered */
};

enum mam_class { MAM_INTRA_WARP, MAM_INTER_WARP, MAM_INTER_BLOCK };
enum mam_hazard { MAM_RAW, MAM_WAR, MAM_WAW };

struct mem_pool;

struct mam_options {
	enum mam_warp_model model;
	size_t max_bytes;	/* shadow memory per launch (0: 768 MiB, the
				** default share of --max-memory) */
	uint32_t dump_max;	/* unit tuples kept for mam_dump (0: none) */
	struct mem_pool *pool;	/* the process's pool (memmodel/mem.h) the
				** shadow's storage is drawn from too; NULL:
				** none */
};

/*
** The intra-warp ordering state of one warp, owned by the interpreter
** (embed it in the warp; no heap).  It must be zeroed once (calloc)
** before its first mam_warp_begin; only the mam_* functions touch it.
** clock is the stamp of the warp's latest mam_access, taken from one
** clock per block (so stamps of different warps also compare in the
** order the block ran them); a "join" of a set of lanes records,
** in vc[q][p], that lane q knows every access of lane p up to that clock.
** Two matrices: its joins only at __syncwarp and mask-synchronising
** collectives, lockstep also at every change of the running group
** (divergence and reconvergence), and the running group is ordered by
** instruction while it runs (seg_mask from seg_start on).
*/
struct mam_warp_ctx {
	uint32_t block;		/* linear block index */
	uint32_t warp;		/* warp index in the block */
	uint32_t exists;	/* lanes that are threads of the block */
	uint32_t clock;
	uint32_t seg_mask;	/* lockstep: the group running now */
	uint32_t seg_start;	/* first clock of the group */
	uint32_t floor_its, floor_ls;	/* last join of the whole warp */
	uint32_t dirty_its, dirty_ls;	/* rows of vc written since mam_warp_begin */
	uint32_t vc_its[32][32];
	uint32_t vc_ls[32][32];
};

/* One access, as a race record or a dump names it. */
struct mam_who {
	uint32_t block;		/* linear block index */
	uint32_t tid;		/* linear thread index in the block */
	uint32_t insn;		/* static instruction (site) id */
	uint8_t kind;		/* enum mam_kind */
	uint8_t scope;		/* enum mam_scope (atomics) */
};

/*
** A data race, deduplicated by (space, class, hazard, instruction pair).
** first is the access the simulation saw first, second the later one.
** its_only: every occurrence is ordered under lockstep (only reported with
** MAM_ITS).  benign: every occurrence is two plain writes of the same
** value.  The witness is an occurrence that has the record's labels.
** occurrences counts detections (an access against one remembered access);
** addresses and thread_pairs count distinct ones, exactly up to 65536
** each (capped set: lower bounds beyond).
*/
struct mam_race {
	uint8_t space;		/* enum mam_space */
	uint8_t cls;		/* enum mam_class */
	uint8_t hazard;		/* enum mam_hazard */
	uint8_t its_only;
	uint8_t benign;
	uint8_t capped;
	struct mam_who first, second;
	uint64_t addr;		/* address of the witness (first byte that conflicts) */
	uint64_t occurrences;
	uint64_t addresses;
	uint64_t thread_pairs;
};

/*
** A static barrier: how often it released a block (dynamic executions, the
** paper's changingVisitOrderNumber), and whether an access after one of
** its executions conflicts with an earlier one that only its executions
** separate from it (in a loop, several trips back), i.e. removing it would
** create a race, under lockstep and under its.  A barrier executed and
** needed under neither is redundant on the inputs run so far.
*/
struct mam_barrier_info {
	uint32_t id;
	uint64_t executions;
	uint8_t needed_ls, needed_its;
	struct mam_who why_first, why_second;	/* first conflict that made it needed (its) */
	uint64_t why_addr;
};

struct mam_stats {
	uint64_t lane_accesses;	/* thread accesses recorded (the paper's sum of f(i)) */
	uint64_t units;		/* distinct (block-local for shared) words first touched */
	uint64_t bytes;		/* shadow memory in use this launch */
	uint64_t dropped;	/* lane accesses (or histories) not recorded: over max_bytes,
				** those to pages refused a shadow included */
	uint64_t drop_blocks;	/* blocks that had some of them */
	uint32_t drop_first;	/* the first and the last such block (linear), */
	uint32_t drop_last;	/* when drop_blocks */
	uint64_t budget;	/* max_bytes */
	uint64_t skipped_pages;	/* 1 KiB pages of memory refused a shadow (MAM_PAGE_BYTES;
				** mam_unanalysed_at says which) */
	uint8_t pool_refused;	/* the pool (mam_options) refused storage: the
				** launch met its neighbours' memory, and its
				** result is not its own */
	uint64_t detections;	/* races detected, before deduplication */
	uint64_t overflows;	/* a full summary or history forgot an instruction's witness */
};

struct mam;

/* A model; never NULL (allocation failure exits, as xmalloc). */
struct mam *mam_new(const struct mam_options *opt);
void mam_free(struct mam *m);

/* Starts a launch: forgets the shadow memory and the tracked allocations
** of the previous one (race records and barrier verdicts stay). */
void mam_launch_begin(struct mam *m, const uint32_t grid[3], const uint32_t block[3]);

/*
** Every block of the launch has arrived at a grid barrier (cooperative
** groups' grid sync): whatever any thread did before it happens before
** whatever any thread does after it, so the shadow of the launch so far
** is forgotten, as at mam_launch_begin, while the tracked allocations,
** the results and the statistics stay.  Blocks then run again from
** mam_block_begin (their intervals start over), and the interpreter
** restarts the ordering state of their warps with mam_warp_begin.
*/
void mam_grid_barrier(struct mam *m);

/* How a child grid was launched (mam_subgrid). */
#define MAM_UNORDERED_STREAM UINT64_MAX
struct mam_child {
	uint32_t origin;	/* the caller's name for the launch (exec/: its site) */
	uint32_t from_block;	/* the linear id of the block that launched it */
	uint64_t stream;	/* the stream it went to; MAM_UNORDERED_STREAM:
				** one whose grids are not ordered */
	uint64_t word;		/* the location the launch released (a fence and
				** an atomic write by the launching thread) and
				** the grid's threads acquire when they start */
};

/*
** Blocks from linear id FIRST_BLOCK on (up to the next mam_subgrid) are a
** child grid of GRID blocks of BLOCK threads that a kernel launched from
** device code (dynamic parallelism), as HOW says, run inside this launch
** after the blocks before them, so that the model compares their accesses
** with every earlier grid's (docs/MODEL.md, "Kernels launched from device
** code").  Besides the release and acquire at the launch itself, two
** orders hold between grids: what the launching block's release at the
** launch covers is ordered before the grid and everything below it (the
** hand-over is transitive down the launches), and a grid with everything
** it launched ends before a later grid that the same block launched into
** the same stream starts.  HOW->origin is mam_block_origin's answer.  Call
** in increasing FIRST_BLOCK order, each grid after every grid that must
** end before it starts; mam_launch_begin forgets them.
*/
void mam_subgrid(struct mam *m, uint32_t first_block, const uint32_t grid[3],
		 const uint32_t block[3], const struct mam_child *how);

/* ORIGIN of the child grid linear block BLOCK belongs to, or UINT32_MAX
** for a block of the launch itself. */
uint32_t mam_block_origin(const struct mam *m, uint32_t block);

/* Tracks allocation ID (the top 24 bits of a tagged pointer) as SPACE.
** Untracked allocations are ignored by mam_access. */
void mam_track(struct mam *m, uint32_t alloc_id, enum mam_space space);

/* Starts block BLOCK (linear index; blocks run one after another) at
** interval 0; ends it. */
void mam_block_begin(struct mam *m, uint32_t block);
void mam_block_end(struct mam *m);

/* The block's threads were all released from static barrier BARRIER_ID:
** a new interval starts. */
void mam_barrier(struct mam *m, uint32_t barrier_id);

/* Static barrier BARRIER_ID is needed whatever the accesses around it:
** the block barriers of a grid sync, whose ordering across blocks
** mam_grid_barrier gives without recording what it ordered.  UINT32_MAX:
** none. */
void mam_barrier_needed(struct mam *m, uint32_t barrier_id);

/* Resets W for warp WARP of the current block, with EXISTS its lanes; all
** lanes start converged. */
void mam_warp_begin(struct mam *m, struct mam_warp_ctx *w, uint32_t warp, uint32_t exists);

/* The warp now runs the lanes MASK together (call whenever the running
** group may have changed: after divergence, reconvergence, a release). */
void mam_warp_group(struct mam_warp_ctx *w, uint32_t mask);

/* The lanes MASK synchronised with each other: __syncwarp, and shuffles,
** votes and match with a mask, once all of MASK has arrived.  Under
** lockstep the running group, which executes the operation, joins too. */
void mam_syncwarp(struct mam_warp_ctx *w, uint32_t mask);

/*
** One memory instruction of a warp: lane l in LANES accesses SIZE bytes at
** tagged address ADDR[l] (any size; 1, 2, 4, 8 are the usual).  INSN is
** the static instruction id reported in races.  VALUE[l] is what a plain
** store writes (low SIZE bytes, SIZE <= 8), for benign-write labelling;
** NULL when unknown.  Lanes whose allocation is not tracked are skipped.
*/
void mam_access(struct mam *m, struct mam_warp_ctx *w, const uint64_t addr[32], uint32_t lanes,
		unsigned size, enum mam_kind kind, enum mam_scope scope, uint32_t insn,
		const uint64_t *value);

/*
** A memory fence by the lanes LANES of the warp (__threadfence and
** membar/fence of SCOPE).  Fences of device or system scope make the
** hand-over between blocks of docs/MODEL.md ("Release and acquire across
** blocks"): a fence followed by an atomic write (device scope or wider) of
** a global location releases what the thread, and through barriers its
** block, did before the fence; a later block's atomic read of that
** location acquires it for the reading thread, and after the next barrier
** for its whole block.  Within a block, a fence of block scope or wider
** followed by an atomic write (block scope or wider, global or shared)
** releases the thread's accesses before the fence to the block's threads
** that read the location atomically afterwards (locks, flags).
*/
void mam_fence(struct mam *m, const struct mam_warp_ctx *w, uint32_t lanes, enum mam_scope scope);

/* One lane accessing N bytes (memcpy, memset), as its own instruction. */
void mam_access_range(struct mam *m, struct mam_warp_ctx *w, uint32_t lane, uint64_t addr,
		      uint64_t n, enum mam_kind kind, uint32_t insn);

/* The races found so far, in the order they were first seen.  A returned
** pointer is valid until the next mam_access or mam_clear_results. */
uint32_t mam_nraces(const struct mam *m);
const struct mam_race *mam_race_at(const struct mam *m, uint32_t i);

/* Every static barrier executed so far, by increasing id. */
uint32_t mam_nbarriers(const struct mam *m);
const struct mam_barrier_info *mam_barrier_at(const struct mam *m, uint32_t i);

void mam_get_stats(const struct mam *m, struct mam_stats *st);

/*
** The memory of the launch the model did not analyse (docs/MODEL.md,
** "Memory budget"): once the shadow passes half of max_bytes, a page of
** memory (MAM_PAGE_BYTES of one allocation) first touched gets a shadow
** only when it is in a subset (by a hash of the page) that halves with
** each further eighth of the budget, and none past seven eighths; every
** access to a page refused is not checked, every access to a page
** admitted is (the last eighth is theirs).  Per allocation, in the order
** first met: how many pages were refused and the bytes they lie in; at
** most MAM_UNANALYSED_MAX allocations (the others count in the stats'
** skipped_pages only).  Valid until the next launch.
*/
#define MAM_PAGE_BYTES 1024u
#define MAM_UNANALYSED_MAX 8u
struct mam_unanalysed {
	uint32_t alloc;		/* allocation id */
	uint64_t pages;		/* pages refused */
	uint64_t lo, hi;	/* bytes [lo, hi) of the allocation hold them */
};
uint32_t mam_nunanalysed(const struct mam *m);
const struct mam_unanalysed *mam_unanalysed_at(const struct mam *m, uint32_t i);

/* Frees the storage the last launch held and the spare storage kept for
** the next one (results stay): a worker's memory back to its pool. */
void mam_trim(struct mam *m);

/* Forgets race records and barrier verdicts (a new kernel); call it
** between launches, not during one. */
void mam_clear_results(struct mam *m);

/* The 3-D block and thread indices of a linear block and thread index,
** for the dimensions of the current launch, or of the child grid the
** block belongs to (mam_subgrid), counted from that grid's first block. */
void mam_coords(const struct mam *m, uint32_t block, uint32_t tid, uint32_t bxyz[3],
		uint32_t txyz[3]);

/* Names an address for mam_dump ("s[3]"); writes at most N bytes to BUF. */
typedef void mam_namefn(void *ctx, uint64_t addr, char *buf, size_t n);

/*
** Prints the model of the current launch in the paper's terms: every
** memory unit with its unit tuples <visit_order, thread, action>, then the
** barriers.  Needs dump_max > 0; tuples past dump_max are counted, not
** kept.  NAME may be NULL (addresses print as alloc+offset).
*/
void mam_dump(const struct mam *m, FILE *out, mam_namefn *name, void *ctx);

const char *mam_kind_name(enum mam_kind k);
const char *mam_class_name(enum mam_class c);
const char *mam_hazard_name(enum mam_hazard h);

#endif
