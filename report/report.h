/*
** report.h: what one run of simulee-c found, and the writers that print it.
**
** A report holds the kernels analysed, every launch that ran (the witness a
** user can paste back on the command line), the deduplicated findings of all
** launches, the warp model and the seed.  The writers print it as
** compiler-style text, as versioned JSON (docs/REPORT-FORMAT.md,
** docs/report.schema.json) or as SARIF 2.1.0 (report/sarif.c).  The report also decides each finding's
** severity and the exit status (--fail-on).
*/
#ifndef SIMULEE_REPORT_H
#define SIMULEE_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "core/program.h"

struct cJSON;

/* The version of the JSON report's schema; bump it on any change that
** removes, renames or retypes a field (adding a field does not). */
#define REPORT_SCHEMA_NAME "simulee-c/report"
#define REPORT_SCHEMA_VERSION 1

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_SARIF };

/* The least severe finding that makes the exit status 1. */
enum report_fail_on { FAIL_ON_ERROR, FAIL_ON_WARNING, FAIL_ON_NOTE, FAIL_ON_NEVER };

enum report_warp_model { REPORT_ITS, REPORT_LOCKSTEP };

/* What the evolutionary search did for a kernel (evolve/search.h). */
struct report_search {
	uint32_t population, generations;	/* the options */
	double threshold;
	uint32_t generations_run;
	uint32_t evaluations;			/* launches evaluated */
	uint32_t outside_contract;		/* of them, faulting */
	uint32_t outside_by_kind[FK__COUNT];	/* by fault */
	double best_fitness;			/* F of the best launch */
	const char *stop;			/* "threshold", "generations", "time-limit",
						   "stalled" */
	uint32_t refused;			/* host launches CUDA refuses (a
						   dimension of 0 or past its limits):
						   in evaluations, never run */
	uint32_t unmade;			/* host launches whose site's
						   conditions never held (none the
						   program makes): in evaluations,
						   never run */
	uint32_t cut;				/* launches the time limit stopped or
						   came before (not in evaluations) */
};

struct report_kernel {
	char *name;		/* mangled */
	char *demangled;
	struct report_search *search;	/* NULL: no search (a fixed launch) */
	uint8_t host_sites;	/* the host code launches it (wording of the
				   findings outside the contract) */
	char *input;		/* the file it came from, or NULL: the report's */
	uint32_t job;		/* its number among the run's kernels (every
				   input's, in order): how merged shards sort */
};

/* A scalar argument as the user would give it: --arg name=value. */
struct report_arg {
	char *name;
	char *value;
};

/* A pointer argument's buffer. */
struct report_buffer {
	char *name;
	char *type;		/* element type: f32, i32, ... */
	uint64_t elems;		/* 0: size unknown (a sparse buffer) */
	char *init;		/* zero, random, iota, @FILE; NULL: zero */
	char *tex;		/* the backing buffer of a texture or surface
				   object: its descriptor as --tex takes it; NULL */
};

struct report_launch {
	uint32_t kernel;	/* index in the report's kernels */
	uint8_t contract;	/* enum contract_level (default CL_DECLARED: a
				   launch the user gave) */
	struct dim3 grid, block;
	uint64_t dyn_shared;
	uint64_t seed;
	struct report_arg *args;
	uint32_t nargs, capargs;
	struct report_buffer *bufs;
	uint32_t nbufs, capbufs;
	char *shared_init;	/* what shared memory starts with (a generator,
				   --shared-init), or NULL: zeros */
	struct dim3 program_grid;	/* a host launch run with fewer blocks
					   than its program's (the host budget):
					   the program's grid; else all 0 */
	uint32_t run;		/* simulee-c run: its number among the program's
				   launches, from 1; 0: not a program's launch */
	char **host_stack;	/* ... and the host call stack that made it,
				   innermost first: "main (app.cu:37)" */
	uint32_t nhost_stack;
};

/* A static barrier of an analysed kernel and what the launches told about
** it (coverage: listed whatever the verdict, not findings). */
struct report_barrier {
	uint32_t kernel;	/* index in the report's kernels */
	struct srcloc loc;	/* points into the program's strings */
	enum barrier_verdict verdict;
	uint64_t launches;	/* launches that executed it */
	uint64_t executions;
	uint64_t kernel_launches;	/* launches of its kernel it was checked against */
};

/* What the text report does with one finding of a held report when
** another instantiation of its kernel's template shows the same mistake
** (report_inst_mark). */
struct report_inst {
	uint8_t elsewhere;	/* shown with another instantiation's finding:
				   neither printed nor counted here */
	char *also;		/* the witness's line naming the others
				   ("the same mistake in 2 more instantiations
				   of k: <128>, <256>"), or NULL */
};

struct report {
	const char *input;		/* the file analysed, or NULL (borrowed) */
	const char *version;		/* tool version (borrowed) */
	const char *llvm_version;	/* or NULL (borrowed) */
	uint64_t seed;
	enum report_warp_model warp_model;
	enum report_fail_on fail_on;
	/* The weakest contract whose findings are shown (--contract; default
	** CL_INFERRED; CL_NONE shows every finding).  The others are only
	** counted: they neither print nor set the exit status. */
	enum contract_level show;
	int perf;			/* --perf: performance notes are shown */
	struct report_kernel *kernels;
	uint32_t nkernels, capkernels;
	struct report_launch *launches;
	uint32_t nlaunches, caplaunches;
	/* Owned.  Source locations in the findings point into the program's
	** strings: write the report before the program is freed. */
	struct findings findings;
	struct report_barrier *barriers;	/* every static barrier, by kernel */
	uint32_t nbarriers, capbarriers;
	/* NULL, or one entry per finding: set by report_inst_mark for the
	** text report only (owned) */
	struct report_inst *inst;
};

/* An empty report: no kernels, launches or findings, warp model its,
** --fail-on=error. */
void report_init(struct report *r);
void report_free(struct report *r);

/* Adds a kernel (both names copied; DEMANGLED may be NULL) and returns
** its index. */
uint32_t report_add_kernel(struct report *r, const char *name, const char *demangled);

/* Kernel K came from file INPUT (copied; NULL: the report's input) and is
** job JOB of the run. */
void report_kernel_origin(struct report *r, uint32_t k, const char *input, uint32_t job);

/* Records what the search did for kernel K (copied). */
void report_kernel_search(struct report *r, uint32_t k, const struct report_search *s);

/* Adds a launch of kernel KERNEL with the given dimensions, dynamic shared
** size and seed; returns its index.  Pointers into r->launches stay valid
** only until the next report_add_launch. */
uint32_t report_add_launch(struct report *r, uint32_t kernel, struct dim3 grid,
			   struct dim3 block, uint64_t dyn_shared, uint64_t seed);
/* Launch L was made from the host call stack FRAMES (N, innermost first;
** copied). */
void report_launch_host_stack(struct report *r, uint32_t l, char *const *frames, uint32_t n);
/* Removes the last launch added (no finding may name it). */
void report_pop_launch(struct report *r);
/* Sets the contract launch L lies under (enum contract_level). */
void report_launch_contract(struct report *r, uint32_t l, enum contract_level c);

/* Records a scalar argument / a buffer of launch L (strings copied; TYPE
** and INIT may be NULL). */
void report_launch_arg(struct report *r, uint32_t l, const char *name, const char *value);
/* Launch L is a host launch run with only the blocks of GRID (its own)
** inside the program's grid PROGRAM. */
void report_launch_program_grid(struct report *r, uint32_t l, struct dim3 program);
/* The grid launch L's kernel reads as gridDim, whole on a GPU: its
** program_grid when it ran only some blocks, else its grid. */
static inline struct dim3 report_launch_whole_grid(const struct report_launch *l)
{
	return l->program_grid.x ? l->program_grid : l->grid;
}
/* Launch L's shared memory starts as generator GEN gives ("rand:16:7"). */
void report_launch_shared_init(struct report *r, uint32_t l, const char *gen);
void report_launch_buffer(struct report *r, uint32_t l, const char *name, const char *type,
			  uint64_t elems, const char *init);
/* The last buffer of launch L backs a texture or surface object described
** by DESC (--tex; copied): the replay options give --tex for it, not
** --size and --type. */
void report_launch_buffer_tex(struct report *r, uint32_t l, const char *desc);

/* Records static barrier LOC of kernel KERNEL with its verdict over
** KERNEL_LAUNCHES launches (LAUNCHES of them executed it, EXECUTIONS
** times in all). */
void report_add_barrier(struct report *r, uint32_t kernel, const struct srcloc *loc,
			enum barrier_verdict verdict, uint64_t launches, uint64_t executions,
			uint64_t kernel_launches);

/* The barriers never executed (BV_NOT_COVERED). */
uint32_t report_not_covered(const struct report *r);
const char *report_verdict_name(enum barrier_verdict v);

/*
** Moves the findings of launch LAUNCH from *FS into the report and leaves
** *FS empty.  A finding equal to one already reported (same kind and
** instruction pair) adds its occurrences, executions and launches to it;
** its distinct addresses and thread pairs become the larger of the two (a
** count of distinct things cannot be summed across launches); the first
** launch that exposed it stays its witness unless LAUNCH lies under a
** stronger contract, whose witness then replaces it.  Each new finding
** gets launch = LAUNCH, that launch's contract (CL_NONE for one marked
** data_outside) and the severity finding_severity() gives it.
*/
void report_take_findings(struct report *r, struct findings *fs, uint32_t launch);

/* Whether R holds a finding under CONTRACT that F (its launch set) is
** the same mistake as: an equal finding, an equal member of a group, or
** a group F would join. */
int report_holds(const struct report *r, const struct finding *f, enum contract_level contract);

/* Moves the host-side findings FS (detect/hostmap.h) into R as they are:
** no launch, contract host. */
void report_add_host_findings(struct report *r, struct findings *fs);

/* Whether finding F is shown: found under r->show or a stronger contract. */
int report_shows(const struct report *r, const struct finding *f);

/* The occurrences of finding F that R shows: of a group (report/group.c),
** those of its members of the witness's kind under the contract shown
** (the others are neither listed nor counted); else its count. */
uint64_t report_shown_occurrences(const struct report *r, const struct finding *f);

/* The findings of kernel K (all kernels: K = UINT32_MAX) that the contract
** shown hides (not the performance notes that only --perf shows). */
uint32_t report_hidden(const struct report *r, uint32_t k);

/* Counts the shown findings of each severity; any pointer may be NULL. */
void report_count(const struct report *r, uint32_t *errors, uint32_t *warnings,
		  uint32_t *notes, uint32_t *benign);

/* 1 if some finding shown is at least as severe as r->fail_on, else 0;
** findings under CL_EXPLORED never count (a run's status is its own). */
int report_exit_status(const struct report *r);

/* Names used by both writers (and the JSON schema). */
const char *report_severity_name(enum severity s);
const char *report_fail_on_name(enum report_fail_on f);
const char *report_warp_model_name(enum report_warp_model m);
const char *report_space_name(unsigned space);
/* "intra-warp", ...; "RAW", ...; "read", "atomic-write", ... (enum
** race_class, enum hazard, enum access_kind; "?" when out of range). */
const char *report_class_name(unsigned c);
const char *report_hazard_name(unsigned h);
const char *report_access_name(unsigned k);
/* Parses "error", "warning", ... into *out; 0, or -1 if NAME is none. */
int report_parse_fail_on(const char *name, enum report_fail_on *out);
int report_parse_format(const char *name, enum report_format *out);
/* --contract: "host", "declared", "inferred" or "any" (CL_NONE). */
int report_parse_contract(const char *name, enum contract_level *out);
const char *report_contract_option_name(enum contract_level c);

/*
** Groups, for the text report, the findings of reports REPS[0..N) (jobs
** of one input in job order, each with its kernel's job and input set)
** across the instantiations of a kernel template (report/inst.c): each
** mistake is printed and counted once, at its witness, which names the
** other instantiations.  Sets each report's inst.
*/
void report_inst_mark(struct report *const *reps, uint32_t n);
/* Drops R's inst marks. */
void report_inst_clear(struct report *r);

/* The template a demangled function name instantiates: the name before
** its template argument list ("void k<64>(float*)" -> "void k"), newly
** allocated; NULL when the name has no template arguments of its own
** (a '<' inside the parameter list does not count). */
char *report_template_of(const char *demangled);

/* The report as text: for each finding one compiler-style line, then
** indented detail lines; the summary line last. */
void report_text(FILE *out, const struct report *r);

/* What the text's summary line counts, summed over the reports of a run's
** jobs (report_totals_add); zero-initialise. */
struct report_totals {
	uint32_t kernels, launches;
	uint32_t errors, warnings, notes, benign, not_covered;
	char *kernel;			/* the one kernel's name (owned), or NULL */
	struct dim3 grid, block;	/* the one launch's shape (its whole grid) */
	struct dim3 ran;		/* the blocks of it that ran, when only
					   some did (--run-blocks); else 0 */
	uint64_t seed;
	enum report_warp_model warp_model;
};
void report_totals_add(struct report_totals *t, const struct report *r);
void report_totals_free(struct report_totals *t);

/* report_text in two halves: everything but the summary line, and the
** summary line of totals T. */
void report_text_body(FILE *out, const struct report *r);
void report_text_summary(FILE *out, const struct report_totals *t);

/* The report as one JSON object (schema REPORT_SCHEMA_NAME, version
** REPORT_SCHEMA_VERSION) followed by a newline.  Returns 0, or -1 if memory
** ran out building it (nothing is written then). */
int report_json(FILE *out, const struct report *r);
/* The same object as a tree (the caller deletes it), or NULL when memory
** ran out. */
struct cJSON *report_json_tree(const struct report *r);

/* The report as one SARIF 2.1.0 log (report/sarif.c, docs/REPORT-FORMAT.md)
** followed by a newline: a run with a rule per finding kind and a result
** per finding shown.  Returns 0, or -1 if memory ran out (nothing is
** written then). */
int report_sarif(FILE *out, const struct report *r);
struct cJSON *report_sarif_tree(const struct report *r);

/*
** Merges reports: N trees (JSON reports or SARIF logs, all of one format,
** NAMES[i] naming tree i in errors) into the one report a single run over
** all their kernels would have written, kernels in job order (struct
** report_kernel's job), launches, findings and barriers renumbered, counts
** summed.  With SHARDS, each tree is a shard of one run (`--shard I/N`
** wrote its "shard" member) and all N must be there, each once, together
** holding every job; the result has no "shard" member.  Without, the
** trees are the run's own jobs (no shard members).  Returns the new tree
** (the inputs are left as they were), or NULL with *err filled: trees of
** different runs or formats, a missing or repeated shard or job.
*/
struct sim_error;
struct cJSON *report_merge(struct cJSON *const *trees, const char *const *names, uint32_t n, int shards,
		    struct sim_error *err);

/* Adds the "shard" member of shard INDEX (1-based) of COUNT, of a run of
** JOBS jobs, to report TREE (JSON or SARIF).  0, or -1 out of memory. */
int report_mark_shard(struct cJSON *tree, uint32_t index, uint32_t count, uint32_t jobs);

/* A job a stopped run did not analyse: KERNEL (mangled; NULL: every
** kernel of INPUT, which was not loaded yet) of INPUT. */
struct report_pending {
	const char *input;
	const char *kernel;
	const char *demangled;
};

/* Marks report TREE (JSON or SARIF) as the report of a run that stopped
** before its end ("incomplete": REASON and the N jobs of PENDING; a SARIF
** invocation's executionSuccessful false).  0, or -1 out of memory. */
int report_mark_incomplete(struct cJSON *tree, const char *reason,
			   const struct report_pending *pending, uint32_t n);

/* Whether TREE is a SARIF log (else a JSON report). */
int report_tree_is_sarif(const struct cJSON *tree);

/* Prints TREE (deleting it) as report_json and report_sarif print: 0, or
** -1 out of memory. */
int report_print_tree(FILE *out, struct cJSON *tree);

/* The fingerprint of finding F of report R: 16 hex digits that stay the
** same for the same bug across runs, seeds, launches and checkouts (see
** docs/DECISIONS.md).  Newly allocated. */
char *report_fingerprint(const struct report *r, const struct finding *f);

/* The launch as options a user can paste on the command line
** ("--kernel K --grid X,Y,Z ..."); newly allocated. */
char *report_launch_options(const struct report *r, uint32_t l);

/* A set of threads of a block of dimensions BDIM (at most 1024 threads;
** thread t = x + bdim[0] * (y + bdim[1] * z) is bit t % 32 of
** mask[t / 32]) as compact coordinate ranges: "(0..31,0,0)",
** "(0..62 step 2,0..3,0), (5,1,0)"; after MAX_ITEMS ranges " and N more".
** Newly allocated. */
char *report_thread_set(const uint32_t *mask, const uint32_t *bdim, uint32_t max_items);

/* The first line of finding F's text without location and severity
** ("data race on shared 's[3]' between a write and a read"); newly
** allocated. */
char *report_message(const struct finding *f);

#endif
