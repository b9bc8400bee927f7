/*
** explore.h: `simulee-c run --explore` (docs/RUN.md): after the run, the
** evolutionary search (evolve/search.h) around the launches the program
** made.
**
** While the program runs, the first launch of each distinct kind of a
** kernel (its grid, block, dynamic shared size, the sizes of the buffers
** it is given and its scalar arguments) is kept with a copy of the device
** memory as it was before it ran: at most RT_EXPLORE_SHAPES of them a
** kernel.  After the run, each kept launch seeds a search that keeps its
** shape, sizes and scalars and varies only what its buffers hold: the
** program's own data first, then that data with values repeated, then
** generated values of the element type.  What those launches show and the
** run did not is reported under the `explored` contract (CL_EXPLORED),
** never as the program's; what the exploration left out is counted.
*/
#ifndef SIMULEE_RUNTIME_EXPLORE_H
#define SIMULEE_RUNTIME_EXPLORE_H

#include <stdint.h>

#include "base/util.h"
#include "kernels/runtime/simrt_proto.h"
#include "lower/load.h"
#include "memmodel/mem.h"
#include "report/report.h"

#define RT_EXPLORE_SHAPES 4	/* distinct launches of a kernel explored at most */
#define RT_EXPLORE_BYTES (UINT64_C(256) << 20)	/* device memory one kept launch may copy */
#define RT_EXPLORE_TOTAL (UINT64_C(1) << 30)	/* all kept launches together */

/* How the exploration searches. */
struct sim_device;

struct rt_explore_opts {
	uint32_t population, generations;
	double time_limit;	/* seconds per kernel, over its launches; 0: none */
	unsigned jobs;		/* worker threads; 0: the number of cores */
	uint64_t seed;
	uint64_t max_steps;	/* the run's per-thread budget (0: the default) */
	uint64_t max_shadow;
	int no_prune;
	int model;		/* enum mam_warp_model of the run */
	const struct sim_device *device;	/* the run's (--device) */
};

/* What the exploration did, for the report. */
struct rt_explored {
	int asked;		/* --explore was given */
	uint32_t shapes;	/* distinct launches the run made (kernel, shape,
				   buffer sizes, scalars) */
	uint32_t explored;	/* of them, searched */
	uint32_t over_cap;	/* not kept: past RT_EXPLORE_SHAPES of their kernel */
	uint32_t too_large;	/* not kept: their memory past RT_EXPLORE_BYTES or
				   RT_EXPLORE_TOTAL */
	uint32_t timed_out;	/* kept, but the time limit ended their search
				   early or came before it */
	uint32_t fixed;		/* kept, but given no buffer to fill (the kernel
				   reads only scalars, __constant__ or __device__
				   variables, or pointers inside its buffers) */
	uint32_t launches;	/* explored launches run to their end */
	uint32_t outside;	/* of them, outside the kernel's contract (a failed
				   assert, a trap, the step budget, ...) */
	uint32_t cut;		/* launches the time limit stopped or came before */
	uint32_t findings;	/* findings the run did not show */
	uint32_t repeated;	/* findings the run showed already: not listed again */
	const char *stopped;	/* why nothing was explored ("the run was
				   interrupted"), or NULL */
};

/* A launch kept to seed the search. */
struct rt_seed {
	uint32_t module;	/* the device code it is a kernel of */
	uint32_t kernel;	/* index in that module's loaded kernels */
	uint32_t id;		/* the kernel's number across modules */
	uint32_t run;		/* its number among the program's launches */
	struct dim3 grid, block;
	uint64_t dyn_shared;
	uint64_t *slots;	/* its argument slots */
	uint32_t nslots;
	struct mem m;		/* the device memory before it ran */
	uint64_t work;		/* warp instructions the run's launch executed */
	int ran;		/* it ran to its end in the run */
	uint32_t nframes;
	uint64_t frames[SIMRT_FRAMES];	/* the host call stack that made it */
};

/* A report launch the exploration added, and the seed it explored. */
struct rt_explore_made {
	uint32_t launch, seed;
};

struct rt_explore {
	struct rt_seed *seeds;
	uint32_t nseeds, capseeds;
	struct rt_shape {
		uint32_t kernel;	/* its number across modules */
		uint32_t len;
		uint8_t *key;
	} *shapes;		/* every distinct launch seen */
	uint32_t nshapes, capshapes;
	struct htab t;		/* over shapes */
	uint32_t *per_kernel;	/* shapes kept, by kernel */
	uint32_t nper;
	uint64_t bytes;		/* memory the seeds hold */
	struct rt_explore_made *made;
	uint32_t nmade, capmade;
	struct rt_explored st;
};

/*
** At a launch of kernel KERNEL of L (the device code of MODULE; ID the
** kernel's number across modules) that is about to run (M its memory,
** SLOTS its argument slots, RUN its number, FRAMES its host call stack):
** keeps it as a seed when it is
** the first of its kind, its kernel has fewer than RT_EXPLORE_SHAPES and
** its memory fits.  Returns the seed's index, or UINT32_MAX.
*/
uint32_t rt_explore_note(struct rt_explore *x, const struct loaded *l, uint32_t module,
			 uint32_t kernel, uint32_t id, const struct mem *m, struct dim3 grid,
			 struct dim3 block, uint64_t dyn_shared, const uint64_t *slots, uint32_t run,
			 const uint64_t *frames, uint32_t nframes);

/* Seed SEED's launch ran to its end (RAN) having executed WORK warp
** instructions; a seed whose launch did not is not explored. */
void rt_explore_ran(struct rt_explore *x, uint32_t seed, int ran, uint64_t work);

/*
** After the run: searches around each seed (MODS: each module's device
** code, by the seeds' module numbers), kernel by kernel, and adds
** to REP (which holds the run's findings) each finding the run did not
** show, under CL_EXPLORED, with its launch (x->made: the launches added
** and their seeds).  SIGINT and SIGTERM stop it where it is.  Fills
** x->st.
*/
void rt_explore_run(struct rt_explore *x, const struct loaded *const *mods,
		    const struct rt_explore_opts *o, struct report *rep);

void rt_explore_free(struct rt_explore *x);

#endif
