/*
** interp.h: run launches of a lowered program (lower/load.h loads one).
**
** interp_launch runs one launch of one kernel: every block, every warp,
** feeding the Memory-Access Model when it is given one; faults of the
** kernel become findings.
*/
#ifndef SIMULEE_INTERP_H
#define SIMULEE_INTERP_H

#include <stdint.h>
#include <stdio.h>

#include "core/program.h"
#include "memmodel/mem.h"
#include "base/util.h"

struct findings;
struct mam;

/* What a launch executed (bench/).  A lane-instruction is one instruction
** of one thread: a warp instruction counts its active lanes.  Memory
** accesses are per lane too: loads, stores, atomics, cmpxchg, and each
** memcpy/memset (whatever its length). */
struct launch_stats {
	uint64_t warp_insns;
	uint64_t lane_insns;
	uint64_t mem_accesses;
	uint64_t stopped;	/* launches that stop_kinds, the deadline or max_work ended early */
	uint64_t timed_out;	/* launches the deadline ended (launch_cfg) */
	uint64_t work_cut;	/* launches their work budget ended (launch_cfg max_work) */
	uint64_t pruned;	/* lane accesses kept out of the model (pruned sites) */
	/* launch_cfg fitness: distinct 4-byte words of global and shared
	** memory the launch touched (shared: per block) and the lane
	** accesses to them, pruned or not */
	uint64_t units, unit_accesses;
	uint64_t shared_units;	/* of units, the words of shared memory */
	/* launch_cfg fitness: the highest byte + 1 of the dynamic shared
	** segment that an access inside it reached, in any block (the most
	** over the launches counted here); 0: none */
	uint64_t dyn_high;
	/* launch_cfg partial_ok: the launches that stopped between blocks,
	** keeping what their first blocks showed, and the box of blocks from
	** (0,0,0) that the latest of them ran */
	uint64_t partial;
	struct dim3 ran;
};

/* How one launch runs. */
struct launch_cfg {
	struct dim3 grid, block;
	/* The program's grid, which gridDim reads, when only some of its
	** blocks run: GRID is then the box of blocks from (0,0,0) that runs,
	** each block with its own index, as in the program's launch (a host
	** launch past the search's thread budget).  x == 0: GRID is the
	** whole grid.  Never with a cooperative kernel (its grid syncs need
	** every block). */
	struct dim3 grid_dim;
	const struct sim_device *device;	/* whose multiprocessors a
						   cooperative grid fills;
						   NULL: sim_device_default() */
	uint64_t dyn_shared;	/* bytes of extern __shared__ */
	uint64_t max_steps;	/* per-thread instruction budget (0: default) */
	uint64_t seed;		/* schedule seed */
	FILE *trace;		/* print each warp instruction here, or NULL */
	FILE *print_out;	/* where device printf goes (default stdout) */
	uint8_t printf_plain;	/* device printf as the GPU prints it, without
				   the "[block (..) thread (..)] " prefix */
	struct launch_stats *stats;	/* if not NULL, the counts are added here */
	struct mam *mam;	/* the Memory-Access Model to feed, or NULL */
	/* Bit k set (1u << FK_ASSERT, ...): the first finding of kind k that
	** the interpreter reports ends the launch there, every warp of every
	** block, and nothing more is recorded; interp_launch returns 0 with
	** the findings so far and counts the launch in stats->stopped.
	** Races and redundant barriers, which the caller derives from the
	** model afterwards, are not the interpreter's.  0: run to the end. */
	uint32_t stop_kinds;
	/* mono_seconds() (base/util.h) at which the launch stops where it is,
	** unfinished: interp_launch returns 0 with the findings so far and
	** counts it in stats->timed_out (the caller discards such a launch).
	** Checked between warps' turns.  0: none.  A stop signal
	** (stop_signal_seen, base/util.h) ends a launch the same way. */
	double deadline;
	/* Warp instructions the whole launch may execute (0: no limit but
	** max_steps per warp).  Read where a warp's turn ends and where a
	** block ends: the launch stops where it is, unfinished, once it has
	** executed more, or once the blocks so far (the running one as a
	** whole block) times the grid's blocks over their number come to more
	** than twice it; interp_launch returns 0 with the findings so far
	** and counts it in stats->work_cut (the caller discards such a
	** launch, as one the deadline ended). */
	uint64_t max_work;
	/* With max_work or a deadline: the launch may also stop between two
	** blocks, at the edge of a box of blocks from (0,0,0) (a run of grid
	** x in the first row, whole rows of the first plane, or whole
	** planes), once the deadline has passed or the blocks so far, as
	** the average block, say the next row (or block, or plane) would take
	** it past its target: max_work where they say the whole grid fits
	** it, else an eighth of it (a launch that cannot run whole, run again
	** and again with other contents, costs little each time).  The
	** blocks run are checked as in a whole
	** launch: interp_launch returns 0 with their findings, counts the
	** launch in stats->partial and sets stats->ran to the box.  max_work
	** then cuts a launch (work_cut) only once it executed more than twice
	** it (a block or a row past any budget).  At least one block runs.
	** Not with a cooperative kernel, which runs every block.  0: every
	** block runs, or the launch is cut. */
	uint8_t partial_ok;
	/* With the model on: when not NULL, REACHED[s] (the program's nsites
	** bytes, the caller's) is set to 1 for each static site s whose
	** accesses the launch ran, pruned or not (the search's coverage). */
	uint8_t *reached;
	/* What shared memory holds when a block starts (unspecified on the
	** hardware): SHARED_INIT fills each __shared__ variable's SIZE bytes
	** at DATA, of element type ELEM (enum elem_type, ET_NONE unknown),
	** the same in every block.  NULL: zeros.  Reads of bytes no thread
	** of the block wrote are uninitialized reads either way. */
	void (*shared_init)(const void *ctx, uint8_t *data, uint64_t size, uint8_t elem);
	const void *shared_ctx;
	/* Pre-Volta warps (--warp-model=lockstep): a diverged path that spins
	** keeps the warp, so a lane waiting on a lock its own warp holds
	** deadlocks (a finding); 0: independent thread scheduling, where the
	** other paths get turns. */
	uint8_t lockstep;
	/* With the model on: cost every plain warp load and store (bank
	** conflicts, sectors) and report the performance notes
	** (FK_BANK_CONFLICT, FK_UNCOALESCED; docs/MODEL.md).  0: not costed. */
	uint8_t perf;
	/* With the model on: feed it every access, even those of the sites
	** that cannot race in this launch (exec/prune.h; --no-prune).
	** 0: such sites are pruned. */
	uint8_t no_prune;
	/* With the model on: count the words touched (launch_stats units,
	** unit_accesses), the search's fitness, the same whether an access
	** reached the model or was pruned. */
	uint8_t fitness;
	/* Input-to-state (the search, evolve/evaluate.c): when cmplog is not
	** NULL, every integer comparison in which the first active lane
	** compares one of the WATCH values (a scalar argument, a launch
	** dimension) with another value records that pair there; a
	** floating-point comparison, one of the WATCH values WATCH_FP marks
	** as a float of 32 or 64 bits (NULL: none is; 0: an integer). */
	const uint64_t *watch;
	const uint8_t *watch_fp;
	uint32_t nwatch;
	struct cmp_log *cmplog;
};

/* The grid that gridDim reads in launch C: its grid_dim, or its grid. */
static inline struct dim3 launch_grid_dim(const struct launch_cfg *c)
{
	return c->grid_dim.x ? c->grid_dim : c->grid;
}

/* What a launch's comparisons said about its watched values (struct
** launch_cfg cmplog): each entry a watched value's index and the value it
** was compared with, or for a comparison that came out false the value
** beside that which makes it true (x < 97 false: 96); distinct, in the
** order first seen, at most CMP_LOG_MAX; last is the entry of the latest
** comparison that came out false on a watched value (before a failed
** assert that stops the launch, the faulting thread's). */
#define CMP_LOG_MAX 32
struct cmp_log {
	uint32_t n, last;
	uint8_t failed;		/* some comparison came out false: last is set */
	uint8_t unnamed;	/* the latest comparison that came out false
				   compared no watched value (n % blockDim.x
				   == 0: a value computed from one) */
	struct {
		uint32_t watch;
		uint64_t other;
	} e[CMP_LOG_MAX];
};

#define LAUNCH_DEFAULT_MAX_STEPS UINT64_C(10000000)
#define LAUNCH_MAX_THREADS_PER_BLOCK 1024u
/* The most dynamic shared memory a block can opt into (sm_90 and later,
** the largest of any architecture: 227 KiB; cudaFuncSetAttribute's
** MaxDynamicSharedMemorySize). */
#define LAUNCH_MAX_DYN_SHARED (227u * 1024)

/* A GPU a run can say it has (--device, exec/device.c): a compute
** capability's limits and a product of its class's size. */
struct sim_device {
	const char *arch;	/* "sm_80": also the code compiled for it */
	const char *product;	/* "a100": another name for it */
	uint8_t major, minor;	/* compute capability */
	uint32_t sms;		/* multiprocessors */
	uint32_t threads_per_sm, blocks_per_sm;
	uint32_t smem_per_sm;	/* shared memory a multiprocessor has */
	uint32_t smem_optin;	/* shared memory a block may opt into */
	uint32_t l2;		/* bytes of L2 cache */
	uint64_t memory;	/* bytes of device memory it reports */
};

/* The documented default device: sm_70 (docs/RUN.md). */
const struct sim_device *sim_device_default(void);
/* The device NAME names ("sm_80", "80", "8.0" or its product, "a100";
** any case), or NULL. */
const struct sim_device *sim_device_find(const char *name);
/* The names sim_device_find knows, for an error line. */
const char *sim_device_names(void);
/* Device D as simulee-c run's runtime and the host reader's device
** queries take it (kernels/runtime/simrt_proto.h). */
struct simrt_device;
void sim_device_wire(const struct sim_device *d, struct simrt_device *out);

/* Creates the program's global variables in M (ids 1..ngvars, or past
** the id_base it was loaded with), with their initial contents, and binds
** each texture reference to a made-up buffer of its default descriptor
** (ids past them).  Call once per launch, on an empty struct mem (or one
** whose next id is the id_base's next: simulee-c run's modules). */
void interp_mem_setup(const struct program *p, struct mem *m, uint64_t dyn_shared);

/* Runs the launch of kernel function FN with the kernel's parameter slots
** set from ARGS (one value per parameter slot, pointers tagged into M).
** Faults of the kernel become findings in *out.  Returns 0, or a negative
** SIM_ERR_* with *err filled for a launch that cannot run at all. */
int interp_launch(const struct program *p, uint32_t fn, const uint64_t *args,
		  struct mem *m, const struct launch_cfg *cfg,
		  struct findings *out, struct sim_error *err);

/* Whether kernel function FN needs a cooperative launch: it reads the
** grid workspace the driver gives one (%envreg1 or 2: cooperative groups'
** grid sync), itself or through the functions it calls. */
int interp_is_cooperative(const struct program *p, uint32_t fn);

/* The bytes parameter PA takes in a launch's argument block (a
** parameter buffer, or the host's launch): its scalar or pointer, its
** by-value struct, or its flattened struct's fields. */
uint32_t interp_arg_bytes(const struct param *pa);

/* Fills the argument slots SLOTS of kernel F from ARGS, each parameter's
** interp_arg_bytes in order: a by-value struct goes into read-only
** parameter memory of M (a new allocation), a flattened struct's fields
** into their slots, a scalar or pointer into its slot. */
void interp_args_from_bytes(struct mem *m, const struct func *f, const uint8_t *args,
			    uint64_t *slots);

/* Whether kernel function FN launches kernels (a DLAUNCH, itself or
** through the functions it calls): dynamic parallelism. */
int interp_launches_kernels(const struct program *p, uint32_t fn);
/* Whether any function of P launches kernels (a child may launch what
** its parent does not; a module's PTX holds them all). */
int interp_program_launches(const struct program *p);

/* Whether GRID, BLOCK and DYN_SHARED bytes of dynamic shared memory are a
** launch CUDA accepts (each dimension and the block's threads within
** CUDA's limits, checked per component first, so no product wraps): 0, or
** SIM_ERR_USAGE / SIM_ERR_LIMIT with one line in *err. */
int interp_check_launch(struct dim3 grid, struct dim3 block, uint64_t dyn_shared,
			struct sim_error *err);

#endif
