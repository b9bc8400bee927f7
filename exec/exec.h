/*
** exec.h: warp execution, shared by exec.c (the dispatch loop) and
** launch.c (blocks, barriers, the launch).  Internal to exec/.
*/
#ifndef SIMULEE_EXEC_H
#define SIMULEE_EXEC_H

#include <stdint.h>
#include <stdio.h>

#include "core/program.h"
#include "exec/interp.h"
#include "memmodel/mem.h"

#define FULL_MASK 0xffffffffu

/* One activation of a function in a warp.  Lanes of the warp are, within
** the top frame, in exactly one state: running (warp->active, at warp->pc),
** waiting (diverged, runnable at pc[l]), blocked at a barrier or a
** warp-level sync op (pc[l] is that instruction), returned, or not in this
** frame at all. */
struct frame {
	uint32_t fn;
	uint64_t *regs;		/* nslots * 32, slot-major */
	uint32_t nslots;
	uint32_t call_pc;	/* the CALL in the caller */
	uint32_t entered;
	uint32_t returned;
	uint32_t waiting;
	uint32_t bar_blocked;
	uint32_t ws_blocked;
	uint32_t pc[32];
};

struct warp {
	uint32_t id;
	uint32_t exists;	/* lanes that are threads of the block */
	uint32_t exited;
	uint8_t stalled;	/* stopped by the step budget: it has not exited */
	uint32_t active;
	uint32_t pc;
	struct frame *frames;
	uint32_t depth, capdepth;
	uint64_t steps;
	uint32_t tid[3][32];
	uint64_t bar_pred[32];
	uint32_t exit_fn[32];	/* where each exited lane left: function and pc */
	uint32_t exit_pc[32];	/* (exit_fn UINT32_MAX: unknown), for divergence */
	struct mam_warp_ctx mam;	/* intra-warp order for the model */
	uint8_t grid_parked;	/* arrived at a grid barrier: runs on (at pc,
				** active) once every block has arrived */
	/* Spinning (docs/MODEL.md, "Forward progress"): backward branches
	** taken while other lanes of the frame wait, since the last check;
	** the last lock word a lane of the warp took (an atomic that changed
	** it from what the lane expected; 0 once an exchange writes 0 there)
	** and by which lane; the last failed take of a lock word, by which
	** lane and where (the user's call). */
	uint32_t spins;
	uint64_t lock_addr;
	uint32_t lock_lane;
	uint64_t spin_addr;
	uint32_t spin_lane, spin_fn, spin_pc;
	uint32_t spin_fails;
	/* The barrier the warp's block was last released at divergent
	** (FINDING_NO_SITE: never): threads that never arrived left their
	** shared stores undone, so an uninitialized read after it is the
	** divergence's (report/group.c). */
	uint32_t div_fn, div_pc;
};

/* The state of one launch, passed to everything (no globals). */
struct exec {
	const struct program *p;
	struct mem *m;
	const struct launch_cfg *cfg;
	struct findings *out;
	struct mam *mam;	/* the Memory-Access Model, or NULL */
	uint8_t *prune;		/* by site: its accesses skip the model (prune.h) */
	uint64_t pruned;	/* lane accesses they made */
	uint8_t **touch;	/* cfg->fitness: by allocation id below ntouch, a
				   bit per word touched (allocated at first use) */
	uint32_t ntouch;
	uint32_t dyn_id;	/* cfg->fitness: the dynamic shared segment's
				   allocation (0: none) */
	uint64_t dyn_high;	/* the highest byte + 1 of it an access reached */
	uint64_t units, unit_accesses;
	uint64_t shared_units;	/* of units, words of shared memory (per block) */
	uint8_t **shinit;	/* by allocation id: which bytes of a shared
				** allocation the block wrote (1 bit each), or NULL */
	uint64_t *shset;	/* by allocation id: how many of those bits are set */
	uint32_t nshinit;
	uint32_t block[3];	/* current block index */
	uint32_t nthreads;	/* threads per block */
	uint32_t nwarps;
	uint64_t max_steps;
	uint32_t local_mark;	/* first allocation id of per-block locals */
	FILE *print_out;
	uint64_t clock;
	uint64_t warp_insns;	/* counted for launch_stats */
	uint64_t lane_insns;
	uint64_t mem_accesses;
	/* launch_cfg stop_kinds: a finding of one of those kinds ends the
	** launch.  The warp that found it has its steps (saved in stop_steps)
	** pushed past the budget, so that the dispatch loop leaves at its next
	** instruction without testing anything per instruction. */
	int stopped;
	uint8_t timed_out;	/* launch_cfg deadline: stopped by the clock */
	uint8_t work_cut;	/* launch_cfg max_work: stopped by its work budget */
	uint64_t blocks_done;	/* blocks run to their end (for max_work) */
	uint32_t polls;		/* warp runs since the clock was last read */
	struct warp *stop_warp;
	uint64_t stop_steps;
	/* the cooperative launch's grid workspace (a tagged pointer, 0 when
	** the kernel never reads it) and its allocation: an atomic on it is a
	** block's arrival at a grid barrier (exec/launch.c) */
	uint64_t grid_ws;
	uint32_t grid_ws_id;
	uint32_t last_bar;	/* the model's id of the block's last released barrier */
	uint8_t grid_resumed;	/* the block goes on from a grid barrier */
	struct warp *ws;	/* the block's warps (run_block): whether another
				** one can run when a warp's turn ends */
	uint64_t turn;		/* steps in a warp's turn (EXEC_TURN) */
	/* Performance (exec.c): per static site, bank conflicts of shared and
	** sectors of global warp accesses; perf_idx[site] is 1 + the site's
	** entry in perf, 0 for none yet (allocated at the first access). */
	struct perf_stat *perf;
	uint32_t nperf, capperf;
	uint32_t *perf_idx;
	/* Dynamic parallelism (launch.c, docs/MODEL.md "Kernels launched
	** from device code"): the child grids launched so far, run after
	** the grid that launched them in launch order, depth first; the
	** grid running (0: the host's, 1 + its index in kids); its nesting
	** depth; the site of the launch that made it (UINT32_MAX: the
	** host's); the allocation whose words hand each launch over to its
	** child (0: the kernel launches nothing), and the model's linear id
	** of the running grid's block 0. */
	struct child_grid *kids;
	uint32_t nkids, capkids;
	uint32_t depth;
	uint32_t origin;
	uint32_t token_id;
	uint32_t block_base;
	uint8_t noted_depth, noted_pending;
};

/* A kernel launch in device code, queued (exec_device_launch). */
struct child_grid {
	uint32_t fn;
	struct dim3 grid, block;
	uint64_t shared;
	uint8_t *args;		/* the parameter buffer's bytes, each parameter's
				   back to back */
	uint32_t site;		/* the launch's user site */
	uint32_t depth;		/* 1 for a child of the host's grid */
	uint32_t token;		/* its word in token_id */
	uint32_t from_block;	/* the model's linear id of the launching block */
	uint64_t stream;	/* the stream (MAM_UNORDERED_STREAM: unordered) */
};

/* The most grids nested below the host's launch (CUDA's
** cudaLimitDevRuntimeSyncDepth ceiling) and the most launches from device
** code one host launch may queue (cudaLimitDevRuntimePendingLaunchCount's
** default). */
#define EXEC_MAX_NESTING 24u
#define EXEC_MAX_PENDING 2048u

/* DLAUNCH for the lanes MASK of W at instruction PC of FN: lane l launches
** the kernel at function pointer K[l] with the argument bytes at B[l] and
** the struct __simulee_launch_cfg at C[l]; D[l] gets the cudaError_t.
** SITE is the launch's user site. */
void exec_device_launch(struct exec *ex, struct warp *w, uint32_t mask, const uint64_t *K,
			const uint64_t *B, const uint64_t *C, uint64_t *D, uint32_t fn, uint32_t pc,
			uint32_t site);

/* Turns the launch's performance counts into findings (FK_BANK_CONFLICT,
** FK_UNCOALESCED) in ex->out and frees them. */
void exec_perf_finish(struct exec *ex);

/* A warp's turn (docs/MODEL.md, "Forward progress"): an eighth of the
** step budget MAX (the search gives a warp as little as 1000 steps: a
** spinning warp must yield well before it runs out), at most 2^14 steps,
** long enough that ordinary loops between barriers under the default
** budget never end one. */
#define EXEC_TURN(max) ((max) / 8 == 0 ? 1 : (max) / 8 < (1u << 14) ? (max) / 8 : (1u << 14))

/* WARP_GRID: the warp arrived at a grid barrier (grid_parked).
** WARP_YIELD: the warp ran a whole turn (EXEC_TURN steps) while other
** warps of its block could run, and lets them (docs/MODEL.md, "Forward
** progress"); it goes on where it stopped at its next exec_warp. */
enum warp_status { WARP_DONE, WARP_BLOCKED, WARP_GRID, WARP_YIELD };

/* The site to report for SITE, reached in frame D of W: itself, or, when
** frame D's function is one of the CUDA headers' wrappers (atomicAdd,
** __syncthreads_count, ...), the call in the nearest caller that is not. */
uint32_t exec_user_site(const struct program *p, const struct warp *w, uint32_t d, uint32_t site);

/* The site of instruction PC of function FN if it has one (memory accesses
** and barriers), else UINT32_MAX. */
uint32_t exec_insn_site(const struct program *p, uint32_t fn, uint32_t pc);

/* Whether every lane of MASK (not empty) is at the same pc of PCS; sets *at
** to the pc of its first lane either way.  After a barrier or a branch
** that reconverges this is the usual case, and it needs no per-lane
** branches (the full mask vectorises). */
static inline int exec_lanes_at_one_pc(const uint32_t *pcs, uint32_t mask, uint32_t *at)
{
	uint32_t p0 = pcs[__builtin_ctz(mask)], diff = 0;
	if (mask == FULL_MASK) {
		for (int l = 0; l < 32; l++)
			diff |= pcs[l] ^ p0;
	} else {
		for (int l = 0; l < 32; l++)
			diff |= (pcs[l] ^ p0) & (0u - ((mask >> l) & 1));
	}
	*at = p0;
	return diff == 0;
}

/* Runs warp W until every lane has exited or is blocked at a barrier (or
** at a warp-level sync op whose other lanes are blocked elsewhere). */
enum warp_status exec_warp(struct exec *ex, struct warp *w);

/* Starts a frame of function FN for lanes MASK at depth w->depth. */
void exec_push_frame(struct warp *w, const struct program *p, uint32_t fn, uint32_t mask);

/* Reports a fault of lane L at instruction PC of function FN.  Returns the
** finding when it is new, NULL when it was only counted (or the launch has
** stopped: then nothing is recorded). */
struct finding *exec_finding(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
			     enum finding_kind k, uint64_t addr, const char *detail);

/* Whether launch_cfg's deadline has passed, or a stop signal came
** (stop_signal_seen): if so the launch stops (ex->stopped,
** ex->timed_out).  Reads the clock. */
int exec_past_deadline(struct exec *ex);

/* Whether the launch is past launch_cfg max_work, or obviously will be:
** if so it stops (ex->stopped, ex->work_cut).  IN_BLOCK: the warps of
** ex->ws are under way (their steps count as the running block's). */
int exec_past_work(struct exec *ex, int in_block);

/* Whether a finding of kind K ends the launch (launch_cfg stop_kinds). */
static inline int exec_stops_on(const struct exec *ex, enum finding_kind k)
{
	return (unsigned)k < 32 && (ex->cfg->stop_kinds >> k & 1u) != 0;
}

#endif
