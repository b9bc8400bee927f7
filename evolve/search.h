/*
** search.h: the evolutionary input search (Simulee, ICSE'20, section 3.1,
** Algorithms 1 and 2), which finds launches that expose a kernel's bugs
** when the user gives none.
**
** A candidate is a launch: grid and block dimensions, dynamic shared size,
** scalar arguments and buffer-content generators (evolve/input.h).  What
** the user pinned (struct evolve_param, the dimension ranges) stays as
** given; the rest is searched.  Every candidate is run and analysed by the
** detectors; its fitness is the paper's F (distinct words over lane
** accesses, lower is better) with R (distinct words) breaking ties at 1.
** A candidate on which the kernel faults (assert or assume, trap, step
** budget, a null or invalid pointer, out-of-bounds on a
** local array or an unsized buffer) is outside the kernel's contract: its
** findings are dropped and it ranks last.  An access past the end of a
** static __shared__ array that grows with the launch's shape is a shape
** assumption of the kernel: probes find the smallest launch that shows it,
** the search keeps below it from then on, and launches beyond it lie
** outside the inferred contract (their findings are kept, tagged CL_NONE).  Out-of-bounds on shared memory
** or on a buffer the user sized is a finding, like a race.  The result is the union of the
** findings of every candidate within the contract, each with the first
** candidate that exposed it, and every barrier's verdict over all of them
** (a barrier none of them needed is redundant).  Candidates of a generation run in parallel (jobs threads), each
** thread with its own memory and model; results are merged in candidate
** order, so the outcome depends on the seed alone.
*/
#ifndef SIMULEE_EVOLVE_SEARCH_H
#define SIMULEE_EVOLVE_SEARCH_H

#include <stdint.h>

#include "core/program.h"
#include "detect/analyse.h"
#include "evolve/input.h"
#include "host/hostsite.h"
#include "exec/interp.h"
#include "memmodel/mem.h"

enum evolve_pkind {
	EVOLVE_SCALAR,		/* an integer or float argument */
	EVOLVE_BUFFER,		/* a pointer argument: a buffer */
	EVOLVE_FIXED,		/* a struct: slots and bytes as given */
};

/* One kernel parameter as the caller (evolve/driver.c) set it up. */
struct evolve_param {
	enum evolve_pkind kind;
	uint8_t et;		/* SCALAR: its type; BUFFER: element type */
	uint32_t slot;		/* first argument slot, relative to the first parameter */
	uint32_t nslots;
	int pinned;		/* SCALAR: bits fixed; BUFFER: image fixed */
	uint64_t bits;		/* SCALAR, pinned */
	uint64_t *slots;	/* FIXED: nslots values (NULL for a byval struct) */
	uint8_t *bytes;		/* FIXED byval: the parameter-space image */
	uint32_t nbytes;
	uint8_t *image;		/* BUFFER, pinned: ELEMS elements; NULL: zeros */
	uint64_t elems;		/* BUFFER, pinned: 0 for a sparse (unbounded) buffer */
	int uninit;		/* BUFFER, pinned: --init X=uninit */
	const char *label;	/* name in reports (not owned) */
	/* SCALAR of an enum type: its enumerators, which the search draws
	** (debug info; not owned).  0: any value. */
	const int64_t *enums;
	uint32_t nenums;
	/* FIXED: its scalar fields, flattened (struct param's, not owned).
	** Unless the struct is pinned (--arg), each field is searched like a
	** scalar, its bits at evolve_cand bits[nparams + fbase + j]; an ET_U64
	** field is a pointer and keeps the image's value. */
	uint32_t nfields;
	uint32_t fbase;
	const uint32_t *field_off;	/* byval: byte offset in BYTES */
	const uint8_t *field_type;	/* enum elem_type */
	const uint32_t *field_nenums;	/* per field: enumerators (NULL: none) */
	int64_t *const *field_enums;
	char *const *field_name;	/* per field: "stride", "in.x" (NULL: unknown) */
	/* BUFFER backing a texture or surface object: its descriptor (not
	** owned).  The buffer is dense, ELEMS elements (channels) whether
	** pinned or not; an unpinned one's contents are searched. */
	const struct tex_desc *tex;
	uint32_t same_as;	/* BUFFER: an object made on another object's
				   array: 1 + that parameter, whose buffer it
				   shares (nothing of its own); else 0 */
	int tex_given;		/* the descriptor is the user's (--tex): an access
				   outside the surface is a finding, not a launch
				   outside the contract (the default's extents
				   are made up) */
	/* BUFFER of a struct's pointer field: 1 + the FIXED parameter whose
	** field FIELD it is (its address goes there, not into a slot of its
	** own); 0 for a pointer parameter.  These come after the kernel's
	** parameters in evolve_problem.params. */
	uint32_t owner;
	uint32_t field;
	/* BUFFER whose elements hold pointers (param.ninner, from debug
	** info): the parameter, and the names of the buffers they point to
	** (params_inner; neither owned).  NULL: none. */
	const struct param *inner;
	char *const *inner_labels;
	/* BUFFER of a problem with a base (below): its allocation there,
	** whose size it keeps and whose contents the search varies unless
	** pinned (0: none) */
	uint32_t base_id;
};

/*
** A launch the program made (simulee-c run --explore, runtime/explore.h):
** every candidate starts from a copy of the device memory as it was
** before that launch, with its argument slots, so the module's variables,
** the buffers and what the program wrote in them are the program's.  The
** problem pins the shape and the scalars; the candidates' fills vary the
** contents of the BUFFER parameters (FILL_PROGRAM keeps them).  Every
** global allocation keeps its real size: an access past one is a
** finding.  No assumption is inferred (the program gave the shape), and
** every candidate lies under CL_EXPLORED.
*/
struct evolve_base {
	const struct mem *m;
	const uint64_t *slots;	/* nslots of them */
};

/* The state of the search after each generation, for a progress line. */
struct evolve_progress {
	uint32_t generation, generations;
	uint32_t evaluations;
	double best_f;		/* 2 when no candidate is within the contract yet */
	uint32_t findings;
};

struct evolve_problem {
	const struct program *prog;
	uint32_t func;
	struct evolve_param *params;
	uint32_t nparams, nslots;
	uint32_t nfields;	/* struct fields over all FIXED parameters */
	/* The kernel states a contract (assert or __builtin_assume in its
	** code, __launch_bounds__, --grid/--block ranges): launches inside it
	** lie under CL_DECLARED, else under CL_INFERRED (docs/CONTRACTS.md). */
	int declared;
	uint32_t max_block_threads;	/* __launch_bounds__: threads per block at most (0: none) */
	/* The launches the program's host code makes of this kernel (NULL or
	** no sites: none seen): the search runs them first, with the host's
	** unknowns instantiated, under CL_HOST; every other launch then lies
	** under CL_NONE ("outside every observed launch"). */
	const struct hostsites *hs;
	const uint32_t *sites;		/* indices in hs->s */
	uint32_t nsites;
	uint64_t host_max_threads;	/* grid * block of a host launch at most */
	uint64_t static_shared;		/* bytes of the kernel's static __shared__
					   variables (kernel_info.static_shared):
					   a host launch whose dynamic bytes take
					   the block past its limit is refused */
	/* Dimension ranges, inclusive; lo == hi pins a component.  The search
	** narrows unpinned y and z components the kernel does not read to 1
	** (x is always searched). */
	struct dim3 grid_lo, grid_hi, block_lo, block_hi;
	int shared_pinned;
	uint64_t dyn_shared;	/* when pinned */
	/* What shared memory holds when a block starts: unspecified on the
	** hardware, so searched like a buffer's contents unless pinned
	** (--shared-init). */
	int shared_init_pinned;
	struct evolve_fill shared_init;	/* when pinned */
	enum mam_warp_model model;
	const struct sim_device *device;	/* launch_cfg's; NULL: the default */
	uint64_t max_steps;	/* per-warp step budget; 0: step_budget shared out */
	uint64_t max_shadow;	/* the model's bytes per launch (0: mam's default) */
	int no_prune;		/* launch_cfg no_prune */
	uint64_t step_budget;	/* warp instructions of one launch, over all warps */
	/* Warp instructions a launch may execute at most, all its warps
	** together, whatever its per-warp budget (launch_cfg max_work): one
	** past it, or obviously going to be, is cut early, counted in the
	** result's cut and work_cut, and its line tries smaller scalars
	** (docs/DECISIONS.md, "A launch that will not finish is cut early").
	** 0: none. */
	uint64_t launch_work;
	uint64_t max_threads;	/* grid * block of a searched launch */
	uint64_t seed;
	uint64_t stream;	/* PCG32 stream, e.g. a hash of the kernel name */
	uint32_t population, generations;
	double threshold;	/* stop once the best F is below */
	unsigned jobs;		/* worker threads (>= 1) */
	double time_limit;	/* seconds; 0: none */
	void (*progress)(void *ctx, const struct evolve_progress *st);
	void *progress_ctx;
	uint64_t max_memory;	/* simulated bytes per launch (struct mem limit; 0: none) */
	uint64_t pool_bytes;	/* simulated memory and shadow of the launches running at
				** once, together (struct mem_pool; 0: no pool) */
	const struct evolve_base *base;	/* the program's launch it varies, or NULL */
};

#define EVOLVE_CUT (FK__COUNT + 1)
/* A host launch CUDA refuses (a grid or block dimension of 0 or past
** CUDA's limits): never run, like a cut one it says nothing. */
#define EVOLVE_REFUSED (FK__COUNT + 2)

/* An evaluated candidate. */
struct evolve_cand {
	struct dim3 grid, block;
	uint64_t dyn_shared;
	struct evolve_fill shared;	/* shared memory's contents at a block's start */
	uint64_t *bits;		/* per parameter: scalar bits (SCALAR); then per
				   struct field (evolve_param fbase) */
	struct evolve_fill *fill;	/* per parameter: generator (BUFFER, unpinned) */
	uint64_t *touched;	/* per parameter: elements the launch reached (BUFFER) */
	double f, r;		/* fitness */
	uint8_t pool_stopped;	/* the pool refused it memory that its own limits
				   allow (evaluate.c): its result is not its own
				   until it runs again alone */
	int rejected;		/* enum finding_kind of the fault, FK__COUNT when
				   the launch could not run, EVOLVE_CUT when the
				   time limit stopped it or came before it,
				   EVOLVE_REFUSED when CUDA refuses it; or -1 */
	uint8_t refused;	/* its host site gives a shape CUDA refuses */
	uint8_t unmade;		/* its host unknowns break a guard of its site
				   (struct hsite.guards) the search could not
				   mend: a launch the program never makes,
				   refused like one CUDA refuses */
	struct dim3 host_grid;	/* shrunk: the grid its site gives */
	uint64_t host_elems;	/* the most elements of a buffer its site
				   sizes, past the limit of a searched buffer
				   too (the work a thread of it may do) */
	uint8_t shrunk;		/* a host launch past the host budget
				   (EVOLVE_SHRUNK_*): its grid lost blocks, or
				   a buffer's size was drawn, while its
				   scalars stayed the program's */
	uint32_t generation;
	uint8_t contract;	/* enum contract_level, decided when the search ends */
	uint8_t beyond;		/* breaks an inferred assumption */
	uint8_t probe;		/* run to find the bound of a shape assumption */
	uint8_t sized;		/* a probe's retry: what the search sizes (the
				   rows of a buffer of pointers, a default
				   texture's extents) covers its threads */
	uint8_t readback;	/* rule 12's rerun of a host launch with the
				   values the host reads back from the device
				   at the lowest its site allows */
	uint8_t zeroed;		/* rule 12's rerun of a launch with the buffers
				   an out-of-bounds index came from zeroed */
	uint8_t seg_fit;	/* its dynamic shared segment is what its own
				   code uses (rule 11): it runs with the
				   largest the search gives, and dyn_shared
				   becomes the bytes it reached */
	uint64_t dyn_high;	/* the highest byte + 1 of the dynamic shared
				   segment an access reached (0: none) */
	int32_t site;		/* index in pb->sites of the host launch it is, or -1 */
	uint64_t *vars;		/* site: the host's unknowns (hs->nvars) */
	uint32_t nvars;
	uint64_t *elems;	/* per parameter: a buffer's size from the host's
				   cudaMalloc (elements), or 0 (sparse) */
	uint64_t work;		/* warp instructions the launch executed */
	uint64_t budget;	/* warp instructions it may execute (0: step_budget) */
	/* What the launch found (when rejected: up to its fault, and never
	** merged), kept until the search ends, when the contract of every
	** launch is known. */
	struct findings fs;
	struct mam_barrier_info *bars;
	uint32_t nbars;
	/* Input-to-state: what its comparisons said about its launch
	** dimensions and scalars (evaluate.c, i2s_watch); a rejected launch's
	** children try those values */
	struct cmp_log cmp;
	uint8_t i2s;		/* how many such values its line of rejected
				   launches took in turn (its progress) */
	uint8_t *reached;	/* by static site: its accesses ran in the launch
				   (launch_cfg reached; NULL: none kept), until
				   the search has taken its coverage */
	uint8_t work_cut;	/* cut by the launch's work budget (launch_work),
				   not the clock: EVOLVE_CUT, the search goes on */
	uint64_t named;		/* the largest scalar value its line's comparisons
				   named (a size of the kernel's own, such as
				   optN == 4000000): its step budget follows
				   it as a real size's; 0: none */
};

/* What the kernel's own code assumes of its launch (an inferred contract,
** docs/CONTRACTS.md), by its relation REL:
** - EVOLVE_AT_MOST: launch component DIM (0..2: block x, y, z; 3..5: grid
**   x, y, z) at most BOUND, shown by the access SITE (func, pc) leaving
**   static __shared__ array ALLOC beyond it;
** - EVOLVE_AT_LEAST: block component DIM (or with DIM = EVOLVE_THREADS_DIM
**   the block's threads) at least BOUND, shown by the read at SITE of
**   elements of ALLOC that no thread of a smaller block writes;
** - EVOLVE_MULTIPLE: block component DIM a multiple of BOUND (32: whole
**   warps), shown by the warp-level operation at SITE;
** - EVOLVE_LANES (DIM 0): block x alone a multiple of BOUND (32): every row
**   of the block is whole warps, threadIdx.x the lane, shown by the
**   warp-level operation at SITE on a block whose rows are not;
** - EVOLVE_NONZERO (DIM = EVOLVE_PARAM_DIM): scalar parameter PARAM not 0,
**   shown by the integer division at SITE that divides by zero when it is;
** - EVOLVE_RELATION (DIM = EVOLVE_PARAM_DIM): scalar parameter PARAM equal
**   to what the launch gives by relation BOUND (enum evolve_tie), shown by
**   the access at SITE (and its partner, for a race) that races on global
**   memory or leaves its buffer when it is not (rule 7);
** - EVOLVE_SCALARS (DIM = EVOLVE_PARAM_DIM): scalar PARAM at least scalar
**   PARAM2 times BASE (0 or 1: once) (BOUND 0) or equal to it (BOUND 1),
**   shown by the access at SITE that races or leaves its buffer when it
**   is not (rule 8);
** - EVOLVE_NONNEG (DIM = EVOLVE_PARAM_DIM): scalar PARAM, a size the
**   kernel bounds its threads by, not negative, shown by the fault at
**   SITE when it is (rule 9);
** - EVOLVE_FLAT: launch component DIM (1, 2, 4, 5) is 1, shown by the fault
**   at SITE on a launch with it above 1, in a kernel whose own code never
**   tells threads (or blocks) apart along it (rule 10);
** - EVOLVE_SEGMENT (DIM 0): the dynamic shared segment covers what the
**   kernel's own code uses of it, shown by the access at SITE past the end
**   of a smaller one (rule 11); FORM says how the use grows (enum
**   evolve_seg_form): BOUND bytes, BOUND bytes a block thread, or BOUND
**   bytes per unit of scalar PARAM plus BASE;
** - EVOLVE_DATA (DIM 0): the values the kernel reads from buffer parameter
**   PARAM keep the index of the access at SITE (source line BOUND) in
**   bounds: it leaves its buffer for the contents the search made up and
**   not with PARAM's (and the access's other sources) zeros (rule 12);
** - EVOLVE_READBACK (DIM 0): the value of host unknown PARAM (an index in
**   the host sites' vars), which the host reads back from the device,
**   keeps the index of the access at SITE (source line BOUND) in bounds:
**   it leaves its buffer at the value the search made up, and not at the
**   lowest the launch site allows (rule 12);
** - EVOLVE_PART: block component DIM (0..2) at most BOUND, shown by the
**   race between blocks at SITE on a global buffer whose index gives each
**   block a part of fixed size (rule 13);
** - EVOLVE_GRID_ONE: grid component DIM (4, 5) is 1, shown by the race
**   between blocks at SITE on a global buffer at an address that does not
**   read that block coordinate, in a kernel that reads it elsewhere
**   (rule 14);
** - EVOLVE_LINEAR: block component DIM (0, 1) at most BOUND, the stride
**   of the next component in the thread number the kernel's code makes
**   (threadIdx.x + PARAM2 * threadIdx.y, + PARAM2 * BOUND * threadIdx.z
**   for y), shown by the error at SITE that goes away within it (rule
**   15). */
#define EVOLVE_PARAM_DIM 6
/* How the host budget shrank a host launch (struct evolve_cand shrunk):
** its grid lost blocks, in a kernel whose blocks do the same in a smaller
** grid (the blocks it runs are blocks of the program's launch); or
** anything else (a buffer's drawn size, a kernel that reads gridDim): no
** launch the program makes. */
#define EVOLVE_SHRUNK_BLOCKS 1
#define EVOLVE_SHRUNK_OTHER 2
#define EVOLVE_THREADS_DIM 7	/* the block's threads, blockDim.x * .y * .z */
enum evolve_rel { EVOLVE_AT_MOST, EVOLVE_AT_LEAST, EVOLVE_MULTIPLE, EVOLVE_NONZERO,
		  EVOLVE_RELATION, EVOLVE_SCALARS, EVOLVE_NONNEG, EVOLVE_FLAT, EVOLVE_LANES,
		  EVOLVE_SEGMENT, EVOLVE_DATA, EVOLVE_PART, EVOLVE_GRID_ONE, EVOLVE_READBACK,
		  EVOLVE_LINEAR };
/* How rule 11's use of the dynamic shared segment grows: a constant, a
** number of bytes a block thread, a line in one scalar, or none of these
** (what the launch uses, as measured). */
enum evolve_seg_form { EVOLVE_SEG_BYTES, EVOLVE_SEG_THREADS, EVOLVE_SEG_SCALAR,
		       EVOLVE_SEG_USE };
/* The relations between a scalar and the launch that rule 7 tries, in
** order: n == gridDim.x * blockDim.x, n == blockDim.x, n == gridDim.x,
** then the same for y and for z (side (tie - 1) / 3, form (tie - 1) % 3). */
enum evolve_tie { EVOLVE_TIE_NONE, EVOLVE_TIE_GRID_BLOCK_X, EVOLVE_TIE_BLOCK_X,
		  EVOLVE_TIE_GRID_X, EVOLVE_TIE_GRID_BLOCK_Y, EVOLVE_TIE_BLOCK_Y,
		  EVOLVE_TIE_GRID_Y, EVOLVE_TIE_GRID_BLOCK_Z, EVOLVE_TIE_BLOCK_Z,
		  EVOLVE_TIE_GRID_Z, EVOLVE_TIE__COUNT };
struct evolve_assumption {
	uint8_t dim;
	uint8_t rel;		/* enum evolve_rel */
	uint32_t bound;
	uint32_t alloc;		/* the allocation (a static __shared__ array) */
	uint32_t param;		/* EVOLVE_PARAM_DIM: the parameter */
	uint32_t param2;	/* EVOLVE_SCALARS: the scalar PARAM keeps up with */
	uint8_t kind;		/* the fault: FK_OOB, FK_SUBSCRIPT (an inner
				   dimension), FK_UNINIT, FK_WARP_SYNC, FK_DIV_ZERO,
				   FK_RACE (a relation), or any error (rules 9
				   and 10) */
	uint16_t dep;		/* what the index depends on (DEP_*) */
	uint32_t func, pc;
	uint32_t launch;	/* index in cands: the smallest launch that shows it */
	uint8_t form;		/* EVOLVE_SEGMENT: enum evolve_seg_form */
	uint32_t base;		/* EVOLVE_SEGMENT, EVOLVE_SEG_SCALAR: the constant term;
				   EVOLVE_SCALARS: the factor */
};

enum evolve_stop {
	EVOLVE_STOP_THRESHOLD,		/* the best F fell below the threshold */
	EVOLVE_STOP_GENERATIONS,	/* all generations ran */
	EVOLVE_STOP_TIME,		/* the time limit (between generations, or
					   inside one: evolve_result cut) */
	EVOLVE_STOP_STALL,		/* generations without a better F or a new finding */
};

struct evolve_result {
	struct evolve_cand *cands;	/* every candidate, in evaluation order */
	uint32_t ncands;
	/* The union of findings: each finding's launch is the index in cands
	** of the first candidate that exposed it; redundant barriers are
	** attributed to the best candidate. */
	struct findings findings;
	/* Every static barrier of the kernel, with its verdict over the
	** candidates within the contract (never executed: not covered). */
	struct barrier_verdicts barriers;
	struct evolve_assumption *assumptions;	/* inferred, one per array and component */
	uint32_t nassumptions, capassumptions;
	uint32_t best;			/* index in cands */
	uint32_t generations;		/* generations run after the initial population */
	uint32_t accepted;		/* candidates within the contract */
	uint32_t rejected_by[FK__COUNT];	/* candidates outside it, by fault */
	uint32_t cut;			/* candidates the time limit cut short or
					   came before, or their work budget cut
					   (never run to their end: neither
					   accepted nor outside) */
	uint32_t refused;		/* host launches CUDA refuses (not run) */
	uint32_t unmade;		/* host launches whose site's conditions the
					   unknowns never met: none the program
					   makes (not run) */
	/* Launches whose faults and findings were not probed for the
	** kernel's assumptions: the probes had spent their budget (phases.c
	** probes_spent); the first of them. */
	uint32_t unprobed, first_unprobed;
	/* Of cut, the launches their work budget cut (evolve_problem
	** launch_work), not the clock; the first of them. */
	uint32_t work_cut, first_work_cut;
	/* The memory pool (evolve_problem pool_bytes): launches it stopped
	** because of the others running beside them, run again alone; the
	** most it held at once.  They depend on --jobs: never reported. */
	uint32_t reruns;
	uint64_t pool_peak;
	enum evolve_stop stop;
	double seconds;			/* wall time */
};

/* Runs the search.  Returns 0, or a negative SIM_ERR_* with *err filled
** (nothing to free then). */
int evolve_search(const struct evolve_problem *pb, struct evolve_result *out,
		  struct sim_error *err);
void evolve_result_free(struct evolve_result *r, uint32_t nparams);

/* Whether a fault of kind K puts a candidate outside the kernel's contract
** (FK_OOB only where the bound is made up: evolve/evaluate.c decides): its
** flag FKF_CONTRACT_FAULT (core/finding_kinds.h).  Integer division by zero
** does not: the GPU does not trap on it. */
int evolve_is_contract_fault(enum finding_kind k);

/* Whether buffer parameter P of candidate C starts unwritten: C is a host
** launch, P's buffer is the cudaMalloc'd one of its site, sized, and
** nothing the host does before the launch writes it (hsite.uninit). */
int evolve_host_uninit(const struct evolve_problem *pb, const struct evolve_cand *c, uint32_t p);

#endif
