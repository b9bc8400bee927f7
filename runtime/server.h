/*
** server.h: the simulated GPU of `simulee-c run` (docs/RUN.md).
**
** The program, built against simulee-c's CUDA runtime
** (kernels/runtime/cudart.cu), runs as a child process; every CUDA call
** it makes comes here over a socket (kernels/runtime/simrt_proto.h).
** Device memory is simulee-c's simulated memory; each launch runs in the
** interpreter at its real shape with the program's own data, feeds the
** Memory-Access Model and the detectors, and its findings merge into
** one report: one finding per mistake across all launches, with the
** launch that first showed it.  A child that crashes, exits early or is
** stopped (time limit, SIGINT, SIGTERM) still leaves the report of what
** ran.
*/
#ifndef SIMULEE_RUNTIME_SERVER_H
#define SIMULEE_RUNTIME_SERVER_H

#include <stdint.h>

#include "base/util.h"
#include "front/compile.h"
#include "report/report.h"
#include "runtime/explore.h"

struct rt_options {
	char *const *bcs;	/* the device bitcode of each CUDA unit, by the
				   number its "fat binary" carries */
	const char *const *units;	/* each unit's source, for messages */
	const char *exe;	/* the program built; argv[0] is what it is called */
	uint32_t nunits;
	const char *rdc_symbols;	/* symbols units share (compile_out's
					   rdc_symbols), or NULL */
	uint64_t max_steps;	/* per thread (0: the default) */
	uint64_t max_memory;	/* simulated bytes (0: the default) */
	uint64_t max_shadow;	/* the model's (0: its default) */
	uint64_t seed;		/* the schedule */
	int warp_model;		/* enum mam_warp_model, or -1: from the bitcode */
	int no_prune;
	uint32_t max_launches;	/* launches simulated; later ones are cut (0: all) */
	uint32_t sample;	/* check launch 1, 1 + SAMPLE, ... of each kernel for
				   races and uninitialized reads; run the others
				   without the model (0, 1: check every launch) */
	double time_limit;	/* seconds; past it the program is stopped (0: none) */
	int verbose;		/* a line per launch on stderr */
	const struct sim_device *device;	/* what the program sees (--device) */
	const struct compile_opts *cop;	/* llvm-symbolizer names the host frames */
	const struct rt_explore_opts *explore;	/* --explore after the run, or NULL */
};

/* How the run ended. */
struct rt_result {
	int exited;		/* the program ended by itself (else: stopped) */
	int status;		/* its exit status, or 128 + the signal that ended it;
				   0 when simulee-c stopped it (stop) */
	int signal;		/* the signal that ended it, 0 if none */
	const char *stop;	/* why simulee-c stopped it, or NULL */
	int stop_status;	/* the run's exit status when simulee-c stopped it:
				   124 at the time limit (as timeout(1)), 128 + the
				   signal at SIGINT or SIGTERM; 0 if not stopped */
	uint32_t launches;	/* launches the program made */
	uint32_t simulated;	/* of them, simulated to their end */
	uint32_t refused;	/* refused as CUDA refuses them (a zero grid, ...) */
	uint32_t cut;		/* not simulated, or not to their end (limits) */
	uint32_t unchecked;	/* of the simulated ones, run without the model
				   (--sample-launches): faults only */
	uint32_t unsimulated;	/* of a kernel simulee-c could not lower: the
				   program got cudaErrorNoKernelImageForDevice */
	char *refused_call;	/* the call that cannot be simulated, or NULL */
	char *notes;		/* warnings for the report, one a line, or NULL */
	struct loaded *loaded;	/* the device code of each CUDA unit the program
				   registered: the report's findings point into
				   them (freed by rt_result_free) */
	uint32_t *units;	/* the unit (rt_options' number) of each */
	uint32_t nloaded;
	struct rt_explored explored;	/* what --explore did */
};

void rt_result_free(struct rt_result *res);

/*
** Runs ARGV (argv[0] the program built by simulee-c run) with its
** stdin, stdout, stderr, current directory and environment, and serves
** its CUDA calls until it ends.  REP (report_init'ed by the caller, its
** header set) gets every kernel launched, the launches that showed a
** finding, the findings and the barriers; RES how the program ended.
** Returns 0, or a negative SIM_ERR_* with *err filled when the program
** cannot be started or a unit's bitcode cannot be loaded.
*/
int rt_run(const struct rt_options *o, char *const *argv, struct report *rep,
	   struct rt_result *res, struct sim_error *err);

#endif
