/*
** driver.h: the search of one kernel from the user's settings, as the
** default pipeline runs it: the settings and the kernel become a struct
** evolve_problem (evolve/search.h), the search runs, and its result
** becomes report launches and findings (report/report.h).
**
** The settings are the command line's, but not its struct: the caller
** (src/run.c) copies what the search needs, so evolve/ imports nothing of
** the command line.
*/
#ifndef SIMULEE_EVOLVE_DRIVER_H
#define SIMULEE_EVOLVE_DRIVER_H

#include <stdint.h>

#include "report/report.h"
#include "evolve/input.h"
#include "evolve/params.h"
#include "host/hostsite.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "memmodel/mem.h"

#define DRIVER_STEP_BUDGET 100000		/* warp instructions of a searched launch */
#define DRIVER_HOST_MAX_THREADS (1u << 20)	/* grid * block of a host launch at most */
/* warp instructions one launch of the search may execute, all its warps
** together, unless --max-steps is given (evolve_problem launch_work) */
#define DRIVER_LAUNCH_WORK (UINT64_C(1) << 26)

struct driver_opts {
	struct params_pins pins;	/* pinned parts of every launch */
	struct dim3 grid, block;	/* the low ends of the ranges */
	struct dim3 grid_hi, block_hi;	/* the high ends (equal when exact) */
	int grid_given, block_given;	/* the ranges are the user's */
	int shared_given;		/* dyn_shared is pinned */
	uint64_t dyn_shared;
	int shared_init_given;		/* shared memory's starting contents are
					   pinned to SHARED_INIT, else searched */
	struct evolve_fill shared_init;
	enum mam_warp_model model;
	const struct sim_device *device;	/* launch_cfg's; NULL: the default */
	uint64_t seed;
	uint64_t max_steps;		/* per warp; 0: the launch's budget shared out */
	uint64_t max_shadow;		/* the model's bytes per launch; 0: its default */
	int no_prune;			/* launch_cfg no_prune */
	uint64_t max_threads;		/* grid * block of a searched launch */
	uint64_t population, generations;
	double threshold;
	double time_limit;		/* seconds per kernel; 0: none */
	uint64_t jobs;			/* 0: the number of cores */
	uint64_t max_memory;		/* simulated bytes per launch (struct mem limit) */
	uint64_t pool_bytes;		/* what the launches running at once hold together
					** (--max-memory; 0: no pool) */
	int verbose;			/* the pool's figures to stderr */
	struct driver_stats *stats;	/* NULL: none; else filled with what the
					** search of each kernel spent */
};

/* What the search of one kernel spent (driver_opts stats), for the run's
** --timings file; none of it goes into the report. */
struct driver_stats {
	uint32_t launches;		/* launches run, to their end or cut */
	uint32_t cut;			/* of them, those cut (time limit, work budget) */
	uint32_t generations;		/* generations run after the first */
	const char *stop;		/* why the search stopped, as the report says */
	uint64_t pool_peak;		/* bytes of simulated memory and shadow its
					** launches held at once (depends on --jobs) */
};

/*
** Searches kernel K of LD (its func must be >= 0) and adds it, its best
** launch and each launch that exposed a finding to REP.  HS (NULL: none)
** holds the host code's launch sites; the kernel's own are used unless
** D gives the grid or the block.  A progress line goes to stderr when it
** is a terminal.  Returns 0, or a negative SIM_ERR_* with *err filled.
*/
int driver_search_kernel(const struct driver_opts *d, const struct loaded *ld,
			 const struct kernel_info *k, const struct hostsites *hs,
			 struct report *rep, struct sim_error *err);

/* The room's public header: the rest of its interface, for the rooms
** that include it (HACKING.md, "The rooms"). */
#include "evolve/search.h"
#include "evolve/pcg32.h"

#endif
