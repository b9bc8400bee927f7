/*
** compile.h: CUDA sources in, LLVM files out.  `simulee-c app.cu` has clang
** compile the file twice, the device side to bitcode (what load_file
** reads) and the host side to textual IR (where the launch sites are), and
** a compile database's CUDA translation units are compiled to host IR the
** same way.  Every output lives in one private temporary directory that
** compile_out_free removes; a fatal signal (Ctrl-C, SIGTERM, SIGPIPE)
** removes it too, for one struct compile_out at a time.
**
** clang is run with posix_spawn, never through a shell, so no file name is
** ever quoted or split; its diagnostics go to our stderr untouched.
*/
#ifndef SIMULEE_FRONT_COMPILE_H
#define SIMULEE_FRONT_COMPILE_H

#include <stdint.h>

#include "base/util.h"

/* The GPU architecture of both passes unless --cuda-gpu-arch says. */
#define COMPILE_GPU_ARCH "sm_70"

struct compile_opts {
	const char *clang;	/* NULL: the clang configure found (SIMULEE_CLANG) */
	const char *cuda_path;	/* NULL: the toolkit configure found, if it is still
				   there; "": none, always our prelude */
	const char *gpu_arch;	/* NULL: COMPILE_GPU_ARCH */
	/* -I, -D, -U, -include of the command line, each already one or two
	** clang arguments ("-Idir", "-include", "file"), in their order; they
	** apply to the input file only. */
	char *const *cc_args;
	uint32_t ncc_args;
	char *const *extra_args;	/* after `--`: to the input's two compiles as is */
	uint32_t nextra_args;
	/* simulee-c run: the program's host compile flags (each host side:
	** compile_host_object, compile_native_object) and link flags
	** (compile_link), as clang arguments in their order */
	char *const *host_args;
	uint32_t nhost_args;
	char *const *link_args;
	uint32_t nlink_args;
	int verbose;		/* print each clang command line on stderr, and
				   the diagnostics of database TUs that fail */
	const char *llvm_bindir;	/* NULL: where configure found llc, opt and
				   llvm-link (SIMULEE_LLVM_BINDIR) */
	const char *datadir;	/* NULL: where the prelude and cuda-compat are
				   found (installed, or the source tree's
				   kernels/ for a binary in the build tree) */
};

/* A CUDA translation unit to analyse: its source, the flags its compile
** database entry gives (none without one), and its device bitcode once
** compile_unit has run (NULL until then, or when it failed). */
struct compile_unit {
	char *src;
	char **flags;
	uint32_t nflags, capflags;
	char *device_bc;
};

/* A C or C++ file of the program (a compile database's, or one named on
** the command line): host code only, compiled to host IR when the launch
** sites need its calls (compile_host_needed). */
struct compile_host_src {
	char *src;		/* canonical */
	char **flags;		/* its database entry's (compile_convert_entry) */
	uint32_t nflags, capflags;
	int done;		/* compiled (or tried) */
};

/* What the compiles produced.  Zero-initialise; compile_out_free releases
** it and removes the directory with everything in it. */
struct compile_out {
	char *tmpdir;		/* the private directory, NULL until needed */
	char *device_bc;	/* the input's device bitcode, NULL if none */
	char **host_irs;	/* host IR files (.ll), in the order compiled */
	uint32_t nhost_irs, caphost_irs;
	/* The input's own flags from the compile database (see compile_db),
	** used for its two compiles; NULL-free list. */
	char **db_flags;
	uint32_t ndb_flags, capdb_flags;
	struct compile_unit *units;	/* compile_db_units, compile_add_unit */
	uint32_t nunits, capunits;
	struct compile_host_src *host_srcs;	/* compile_db, compile_db_units,
						   compile_add_host_src */
	uint32_t nhost_srcs, caphost_srcs;
	/* compile_link_units: the symbols one unit declares and another
	** defines, one a line (relocatable device code: each is one object
	** of the program), or NULL when the units share nothing */
	char *rdc_symbols;
};

/* Whether PATH names CUDA source (".cu"), which compile_cu takes, rather
** than bitcode or IR. */
int compile_is_cuda_source(const char *path);

/* Whether PATH names C or C++ source (.c, .cc, .cpp, .cxx, .C, ...): host
** code, with no kernel to analyse unless a compile database compiles it
** as CUDA (-x cuda). */
int compile_is_host_source(const char *path);

/* The base name of PATH without its extension ("dir/app.cu": "app");
** newly allocated. */
char *compile_stem(const char *path);

/*
** Compiles CUDA source SRC: device side to OUT->device_bc, then host side
** to a host IR file appended to OUT->host_irs.  A device compile error
** leaves clang's diagnostics on stderr and returns SIM_ERR_COMPILE with
** "SRC: compilation failed" in *err; a host compile error after a good
** device compile is a warning on stderr (the kernels are still there, only
** their launch sites are not) and returns 0.  clang missing or not
** runnable, a --cuda-path without the CUDA headers, the prelude not found:
** a negative SIM_ERR_* with one line in *err.  Whatever was produced stays
** in OUT for compile_out_free.
*/
int compile_cu(const struct compile_opts *o, const char *src, struct compile_out *out,
	       struct sim_error *err);

/*
** Writes to OUT the copy of CUDA source SRC that the device pass compiles
** when SRC launches kernels from device code, which clang 19 refuses
** (docs/DECISIONS.md, "Dynamic parallelism is simulated"): the
** cuda-compat header simulee_dynpar.h, a #line back to SRC, and SRC's
** text with each device-side `k<<<cfg>>>(args)` written
** `__simulee_dlaunch<decltype(&k), &k>(cfg)(args)`.  Compile it with
** `-iquote` SRC's directory.  Returns 1; 0 when SRC launches nothing from
** device code (OUT is not written); a negative SIM_ERR_* with one line in
** *err when SRC cannot be read, the header is not found or OUT cannot be
** written (then nothing is left at OUT).
*/
int compile_device_copy(const struct compile_opts *o, const char *src, const char *out,
			struct sim_error *err);

/*
** Reads compile database DB (compile_commands.json) and compiles the host
** side of every CUDA translation unit in it (a .cu file, or -x cuda / -x cu)
** to a host IR file appended to OUT->host_irs, with the entry's own include
** paths, macros, forced includes and language standard (from a clang or an
** nvcc command line; the rest of the command is dropped); its C and C++
** entries go to OUT->host_srcs, for compile_host_needed.  The entry of
** file INPUT (may be NULL) is not compiled: its flags go to OUT->db_flags
** instead, for compile_cu to use, so call compile_db first.  A TU that
** fails to compile is a one-line warning naming it (clang's diagnostics
** only with o->verbose) and the others go on.  A missing or malformed
** database: a negative SIM_ERR_* with one line in *err.
*/
int compile_db(const struct compile_opts *o, const char *db, const char *input,
	       struct compile_out *out, struct sim_error *err);

/* A C, C++ or CUDA entry of a compile database: its file (canonical),
** the flags compile_convert_entry keeps of its command, and whether it
** compiles CUDA. */
struct compile_entry {
	char *file;
	char **flags;
	uint32_t nflags, capflags;
	int cuda;
};

/*
** simulee-c run -p: reads compile database DB into *OUT (*N entries, in
** the database's order, each file once: its first entry): every entry
** whose file is C, C++ (by its ending) or CUDA (entry_is_cuda).  Entries
** that lack what the format requires are warnings.  0, or a negative
** SIM_ERR_* with one line in *err (a missing or malformed database).
** compile_entries_free releases them.
*/
int compile_db_entries(const char *db, struct compile_entry **out, uint32_t *n,
		       struct sim_error *err);
void compile_entries_free(struct compile_entry *e, uint32_t n);

/*
** Like compile_db, for a run over many translation units: every CUDA TU of
** DB that is one of INPUTS (N of them; matched by canonical path) becomes
** a unit of OUT (in the inputs' order), or with ALL every CUDA TU does (in
** the database's order); the others are compiled to host IR.  Compile
** the units with compile_unit.  Errors as compile_db's.
*/
int compile_db_units(const struct compile_opts *o, const char *db, char *const *inputs,
		     uint32_t n, int all, struct compile_out *out, struct sim_error *err);

/* Adds C or C++ file SRC to OUT's host-only files (without database
** flags), unless it is there. */
void compile_add_host_src(struct compile_out *out, const char *src);

/*
** Compiles to host IR (appended to OUT->host_irs) each host-only file of
** OUT not compiled yet whose text names one of NAMES (NULL-terminated
** identifiers: the functions whose callers the launch sites want,
** hostsites_wanted), with its database flags and the command line's -I,
** -D, -U and -include, as C or C++ by its name with the toolkit's
** headers (without a toolkit, C++ as CUDA's host side with the prelude).
** A file that does not compile is a one-line warning.  Returns how many were compiled, or a negative SIM_ERR_* with
** *err filled (clang cannot run).
*/
int compile_host_needed(const struct compile_opts *o, struct compile_out *out, char *const *names,
			struct sim_error *err);

/* Adds SRC as a unit of OUT without database flags; returns its index. */
uint32_t compile_add_unit(struct compile_out *out, const char *src);

/* The unit of OUT whose source is SRC (canonical paths compared), or -1. */
int compile_find_unit(const struct compile_out *out, const char *src);

/*
** Compiles unit U of OUT as compile_cu compiles its source (with the
** unit's flags before the command line's): the device bitcode to
** OUT->units[U].device_bc, the host IR appended to OUT->host_irs.  Errors
** as compile_cu's.
*/
int compile_unit(const struct compile_opts *o, struct compile_out *out, uint32_t u,
		 struct sim_error *err);

/*
** simulee-c run: compiles the host side of CUDA source SRC (FLAGS, N of
** them, before the command line's -I, -D, -U and -include) to a native
** object OBJ for this machine, with the toolkit's or the prelude's
** headers, embedding file GPUBIN (NULL: none) as its "fat binary", which
** clang registers with the runtime at start-up.  SIM_ERR_COMPILE after
** clang's diagnostics when it does not compile.
*/
int compile_host_object(const struct compile_opts *o, const char *src, char *const *flags,
			uint32_t n, const char *gpubin, const char *obj, struct sim_error *err);

/*
** simulee-c run: compiles simulee-c's CUDA runtime SRC (cudart.cu, with
** simrt_proto.h beside it) to native object OBJ as compile_host_object
** does without a "fat binary", or copies it from the cache in directory
** CACHE (NULL: none; front/cache.h), keyed by everything the object
** depends on.  *HIT (may be NULL): whether the cache gave it.  A cache
** that cannot be used is a miss, never an error; errors as
** compile_host_object's.
*/
int compile_runtime_object(const struct compile_opts *o, const char *src, const char *obj,
			   const char *cache, int *hit, struct sim_error *err);

/* simulee-c run: compiles C or C++ source SRC (by its name) to native
** object OBJ, with the toolkit's include directory.  In a C source, what
** clang 16 made errors and older compilers warned of (implicit function
** declarations and int, int-pointer conversions) stays a warning; a C++
** source's cuda_runtime.h gets back what CUDA 13 removed, as a CUDA
** source's does (kernels/cuda-compat/host/).  FLAGS (N, may be NULL):
** its compile database entry's; then the host args and the command
** line's -I, -D, -U, -include. */
int compile_native_object(const struct compile_opts *o, const char *src, char *const *flags,
			  uint32_t n, const char *obj, struct sim_error *err);

/* simulee-c run: links objects OBJS (N) into executable EXE with the
** options' link args, then the C++, math and thread libraries. */
int compile_link(const struct compile_opts *o, char *const *objs, uint32_t n, const char *exe,
		 struct sim_error *err);

/* simulee-c run: the symbols object OBJ defines (DEFINED) or needs, one a
** line, as llvm-nm lists them; NULL when llvm-nm cannot be run. */
char *compile_symbols(const struct compile_opts *o, const char *obj, int defined);

/* Whether symbol SYM (SYMLEN bytes) is a line of LIST (compile_symbols'
** text, or any list of one symbol a line); LIST may be NULL. */
int compile_symbol_listed(const char *list, const char *sym, size_t symlen);

/*
** simulee-c run: the names of the return addresses PCS (N, offsets into
** executable EXE) as llvm-symbolizer gives them: "function (file:line)",
** NULL where it knows none (or cannot be run).  The array (N entries)
** and its strings are newly allocated.
*/
char **compile_symbolize(const struct compile_opts *o, const char *exe, const uint64_t *pcs,
			 uint32_t n);

/* The path of data file REL (e.g. "replay/repro.c") where the prelude is
** looked for (installed, or the source tree's kernels/), or NULL when it
** is in neither.  Newly allocated. */
char *compile_data_path(const struct compile_opts *o, const char *rel);

/*
** Compiles bitcode BC to PTX file PTX with LLVM's NVPTX back end: the
** module a reproduction loads on a GPU, from the very bitcode simulee-c
** analysed.  llvm-link adds the libdevice functions it calls (from the
** toolkit, when there is one), opt keeps only line tables of its debug
** info, llc makes PTX 7.8 for the GPU architecture, or for sm_60 where
** llc cannot make code for an sm_70 or later one (the warp intrinsics
** without _sync exist only before sm_70).  ARCH (NARCH bytes, may be NULL)
** gets the architecture used.  Temporary files go beside PTX.  The tools'
** output goes to the end of file LOG (NULL: stderr).  Returns 0, or
** SIM_ERR_COMPILE with *err filled (a tool missing or failing, with the
** command that failed; where llc failed, its input PTX.lines.bc is kept).
*/
int compile_ptx(const struct compile_opts *o, const char *bc, const char *ptx, const char *log,
		char *arch, size_t narch, struct sim_error *err);

/*
** Relocatable device code across translation units, as nvlink links
** `-rdc=true` objects: each unit of OUT whose device bitcode calls or uses
** what it only declares, and some other unit's bitcode defines, gets
** those definitions (and what they need in turn) linked in with
** `llvm-link --only-needed`; its device_bc then names the linked file (in
** OUT's directory).  The other units' kernels stay theirs.  A unit that
** cannot be linked (two definitions of one symbol, a tool missing) keeps
** its own bitcode, with a warning on stderr.  OUT's rdc_symbols gets the
** symbols so shared.  Returns how many units were linked.
*/
uint32_t compile_link_units(const struct compile_opts *o, struct compile_out *out);

/*
** Compiles the N units UNITS of OUT as compile_unit does, up to JOBS at
** once (each in a child process; one at a time in this process when JOBS
** or N is 1).  ERRS[i] gets unit i's error (status 0: compiled; a failed
** compile is SIM_ERR_COMPILE there, clang's diagnostics on stderr).  The
** host IR files are appended in the order of UNITS whatever order the
** compiles end in, so what follows is the same for any JOBS.  Returns 0,
** or a negative SIM_ERR_* (clang cannot run, no process can be made) with
** ERRS[0] saying why.
*/
int compile_units(const struct compile_opts *o, struct compile_out *out, const uint32_t *units,
		  uint32_t n, uint32_t jobs, struct sim_error *errs);

/* Frees OUT's strings and removes its directory and what is in it. */
void compile_out_free(struct compile_out *out);

/* Splits shell command line CMD as a compile database's "command" does
** (blanks separate; '...', "..." and backslash quote) into a NULL-terminated
** argv appended to *V (of *N elements, capacity *CAP; each string
** allocated).  Returns 0, or -1 on an unterminated quote. */
int compile_split_command(const char *cmd, char ***v, uint32_t *n, uint32_t *cap);

/*
** Converts compile database entry ARGV (ARGC arguments, argv[0] the
** compiler) of the file in directory DIR into the flags our host compile
** keeps, appended to *V (allocated strings; relative paths made absolute
** against DIR).  From nvcc: -I, -isystem, -D, -U, -include, -std (short and
** long spellings); from anything else (clang, gcc): every flag but the
** compiler, the inputs, -o, -c, -S, -E, -x, -M* dependency output, -O
** levels, -Werror, and the CUDA mode flags simulee-c sets itself.
*/
void compile_convert_entry(char *const *argv, uint32_t argc, const char *dir,
			   char ***v, uint32_t *n, uint32_t *cap);

/* The room's public header: the rest of its interface, for the rooms
** that include it (HACKING.md, "The rooms"). */
#include "front/cache.h"

#endif
