/*
** run.h: what `simulee-c` does with its parsed options: compile and load
** the input, then run one launch (buffers, arguments, dumps) or search
** each kernel (evolve/driver.h), and report the findings.
*/
#ifndef SIMULEE_RUN_H
#define SIMULEE_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "report/report.h"
#include "evolve/driver.h"
#include "front/compile.h"
#include "exec/interp.h"
#include "lower/load.h"

struct run_opts {
	const char *input;	/* the run's name in reports (run_main sets it) */
	char **inputs;		/* the input files; none: every CUDA TU of the
				   compile database */
	uint32_t ninputs;
	uint32_t shard_index, shard_count;	/* --shard I/N (count 0: none) */
	const char *kernel;
	struct dim3 grid, block;	/* the launch, or the low ends of ranges */
	struct dim3 grid_hi, block_hi;	/* the high ends (equal to grid, block when exact) */
	int grid_given, block_given;	/* --grid, --block seen */
	struct dim3 run_blocks;		/* --run-blocks: the box of the grid's
					   blocks that runs (x 0: all) */
	int shared_given;		/* --shared seen */
	uint64_t dyn_shared;
	int shared_init_given;		/* --shared-init seen */
	struct evolve_fill shared_init;	/* its generator (zeros when not given) */
	struct params_kv *args, *sizes, *types, *inits;
	uint32_t nargs, nsizes, ntypes, ninits;
	uint32_t capargs, capsizes, captypes, capinits;
	char **dumps;
	uint32_t ndumps, capdumps;
	int dump_inputs;	/* --dump-inputs: print every buffer before the launch */
	const char *replay_dir;	/* --replay DIR: a reproduction per finding */
	uint64_t seed;
	uint64_t max_steps;
	uint64_t max_shadow;	/* --max-shadow: the shadow's share of the budget per launch
				** (0: three quarters of it; run_budget) */
	int trace;
	int list_kernels;
	int dump_bytecode;
	int dump_hostmap;	/* print the host code's CUDA calls (detect/hostmap.h) */
	const char *output;	/* report file, or NULL for stdout */
	const char *timings;	/* --timings FILE: what each kernel's search spent,
				   one TSV line a kernel (NULL: none) */
	int warp_model;		/* -1 from the target (its for sm_70+), else enum mam_warp_model */
	int dump_model;		/* print the Memory-Access Model after the launch */
	enum report_format format;	/* --format (default text) */
	int format_given;		/* --format seen */
	int perf;			/* --perf: show the performance notes */
	int no_prune;			/* --no-prune (launch_cfg no_prune) */
	enum report_fail_on fail_on;	/* --fail-on (default error) */
	enum contract_level contract;	/* --contract (default CL_INFERRED) */

	/* The evolutionary search (evolve/driver.h) */
	int search;		/* -1: when no launch is given; 0: --no-search; 1: --search */
	uint64_t population, generations;
	double threshold;
	uint64_t jobs;		/* 0: the number of cores */
	double time_limit;	/* seconds per kernel; 0: none */
	uint64_t max_threads;	/* grid * block budget of a searched launch */

	/* Compiling a .cu input and a compile database (front/compile.h) */
	const char *clang;	/* --clang; NULL: the one configure found */
	const char *cuda_path;	/* --cuda-path; NULL: configure's toolkit; "": --prelude */
	const char *gpu_arch;	/* --cuda-gpu-arch; NULL: the device's (sm_70) */
	const struct sim_device *device;	/* --device; NULL: sim_device_default() */
	char **cc_args;		/* -I, -D, -U, -include as clang arguments, in order */
	uint32_t ncc_args, capcc_args;
	char **extra_args;	/* the arguments after `--`, to clang as they are */
	uint32_t nextra_args;
	const char *compile_db;	/* compile_commands.json (-p DIR, --compile-commands) */
	int verbose;		/* --verbose: show clang's command lines */

	/* Set by run_main for everything it calls (callers leave them zero):
	** the host-side LLVM IR files (.ll) compiled from the .cu input and
	** from the compile database's CUDA TUs, in no particular order, for
	** the launch-site reader (host/hostsite.h).  They exist until
	** run_main returns; none without a .cu input or a database. */
	char **host_irs;
	uint32_t nhost_irs;
	struct params_kv *texs;	/* --tex NAME=DESC: texture and surface objects */
	uint32_t ntexs, captexs;
	uint64_t max_memory;	/* --max-memory: the process's budget of simulated memory and
				** shadow (0: RUN_MAX_MEMORY; run_budget) */

	/* simulee-c run (docs/RUN.md) */
	int run;		/* the `run` command: extra_args are the program's arguments */
	uint32_t max_launches;	/* --max-launches (0: every launch) */
	uint32_t sample_launches;	/* --sample-launches K (0: check every launch) */
	int time_limit_given;	/* --time-limit seen (a run has none by default) */
	char **link_args;	/* -l, -L, -Wl,, -Xlinker, -pthread, -fopenmp: the
				   program's link, in order */
	uint32_t nlink_args, caplink_args;
	char **host_args;	/* -Xcompiler's, -pthread, -fopenmp: every host
				   side's compile */
	uint32_t nhost_args, caphost_args;
	int rdc;		/* -rdc=true, -fgpu-rdc (1), -rdc=false (0), or
				   -1: relocatable device code when the CUDA
				   files use what another defines */
	int explore;		/* --explore: the search around the run's launches */
};

/* Defaults of the search options. */
#define RUN_POPULATION 10
#define RUN_GENERATIONS 10
#define RUN_THRESHOLD 0.3
#define RUN_MAX_THREADS 4096
#define RUN_TIME_LIMIT 60.0

/* The default --max-memory: what the process's launches running at once
** hold together, simulated memory and the model's shadow. */
#define RUN_MAX_MEMORY (UINT64_C(1) << 30)

/*
** The budget of O (--max-memory, --max-shadow) shared out: *TOTAL the
** process's (the search's pool), *MEM and *SHADOW a launch's own limits,
** simulated memory and shadow, from the budget alone (never from --jobs):
** the shadow gets --max-shadow or three quarters, memory the rest.  -1,
** with the reason in ERR, when --max-shadow leaves memory less than 1M.
*/
int run_budget(const struct run_opts *o, uint64_t *total, uint64_t *mem, uint64_t *shadow,
	       struct sim_error *err);

/* Runs everything; returns the exit status (0 clean, 1 findings at least
** as severe as o->fail_on, 2 error) after printing any error as one line on
** stderr.  A .cu input is compiled first (front/compile.h), into a
** temporary directory removed before it returns. */
int run_main(const struct run_opts *o);

/*
** `simulee-c run SOURCES -- ARGS`: builds the program from its CUDA
** sources (and C or C++ ones) against simulee-c's CUDA runtime, runs it
** with ARGS, simulates every launch it makes and reports what they
** showed (docs/RUN.md).  Returns the program's exit status when it is
** not 0, else 1 when findings are at least as severe as --fail-on, else
** 0; 2 after one error line when the program cannot be built or run.
*/
int run_program(const struct run_opts *o);

/* The compile options the command line gives (front/compile.h): with
** `run`, the arguments after `--` are the program's, not clang's. */
struct compile_opts run_compile_opts(const struct run_opts *o);

/* `--merge`: merges the reports O->inputs (every shard of one run, JSON
** or SARIF) into the report of the whole run, written where --output
** says.  Returns the merged report's exit status (0 or 1), or 2 after one
** error line on stderr. */
int run_merge(const struct run_opts *o);

/* Parses "X[,Y[,Z]]" where each component is N or a range LO..HI into
** *lo and *hi (missing components are 1).  0 or -1. */
int run_parse_dim3_range(const char *s, struct dim3 *lo, struct dim3 *hi);

#endif
