/*
** options.h: simulee-c's command-line options, in one list.
**
** The list makes the option parser's table and enum (src/main.c), the
** --help text (in the list's order), and the check that the man page
** documents every option (tests/check_cli.c).  A row is one of
**
**   O(ID, NAME, ARG, LEFT, HELP)  the long option --NAME (O_ID in the
**                                 parser's switch); ARG 1 when it takes a
**                                 value; LEFT its --help column and HELP
**                                 its text ('\n' between lines), or LEFT
**                                 NULL when a neighbouring row shows it
**   S(LEFT, HELP)                 a --help row of options with no long
**                                 name of their own (-I, -p, `--`)
**   T(TEXT)                       a line of --help prose ("" a blank one)
**
** To add an option: one O row here, its case in main.c's switch, its
** entry in man/simulee-c.1 (the check fails until it is there).
*/
#ifndef SIMULEE_OPTIONS_H
#define SIMULEE_OPTIONS_H

#define SIMULEE_OPTIONS(O, S, T) \
	T("CUDA source (.cu) is compiled with clang first (device and host side, -O0 -g):") \
	S("-I DIR, -D NAME[=VALUE], -U NAME, -include FILE", "passed to clang, in their order") \
	O(INCLUDE, "include", 1, NULL, NULL) \
	O(CUDA_PATH, "cuda-path", 1, "--cuda-path=DIR", \
	  "compile against this CUDA toolkit (default: the one\n" \
	  "configure found, else simulee-c's own prelude)") \
	O(PRELUDE, "prelude", 0, "--prelude", "compile against the prelude even with a toolkit") \
	O(GPU_ARCH, "cuda-gpu-arch", 1, "--cuda-gpu-arch=sm_XX", \
	  "GPU architecture (default: --device's, sm_70)") \
	O(DEVICE, "device", 1, "--device NAME", \
	  "the GPU simulated: sm_70 (default), sm_75, sm_80,\n" \
	  "sm_86, sm_89, sm_90, or v100, t4, a100, rtx3090, l4,\n" \
	  "h100: what a run's program sees, the grid a cooperative\n" \
	  "launch may have, and the code compiled") \
	O(CLANG, "clang", 1, "--clang=PATH", \
	  "the clang to run (default: the one configure found)") \
	S("-p DIR", \
	  "read DIR/compile_commands.json: the host side of its\n" \
	  "CUDA files is compiled too, for their launch sites;\n" \
	  "with no input file, every CUDA file is analysed") \
	O(COMPILE_DB, "compile-commands", 1, "--compile-commands FILE", \
	  "the same, naming the database file") \
	O(VERBOSE, "verbose", 0, "--verbose", \
	  "print the clang command lines, and with --grid and\n" \
	  "--block how many accesses skipped the model") \
	S("-- ARGS", "the rest goes to both clang commands as it is") \
	T("") \
	O(KERNEL, "kernel", 1, "--kernel NAME", "kernel to run (mangled or demangled name)") \
	O(LIST, "list-kernels", 0, "--list-kernels", "list the kernels and their parameters") \
	O(GRID, "grid", 1, "--grid X[,Y[,Z]]", \
	  "grid dimensions (default 1); a component may be a\n" \
	  "range LO..HI for the search") \
	O(RUN_BLOCKS, "run-blocks", 1, "--run-blocks X[,Y[,Z]]", \
	  "run only the blocks below these (from block 0,0,0) of\n" \
	  "the --grid launch, which gridDim reads") \
	O(BLOCK, "block", 1, "--block X[,Y[,Z]]", \
	  "block dimensions (default 32); ranges as for --grid") \
	O(SHARED, "shared", 1, "--shared BYTES", "dynamic shared memory per block (default 0)") \
	O(SHARED_INIT, "shared-init", 1, "--shared-init HOW", \
	  "what shared memory holds when a block starts: zero\n" \
	  "(default), iota, mod:K, const:V or rand:K:S") \
	O(ARG, "arg", 1, "--arg NAME=VALUE", \
	  "scalar argument, by name or 0-based position;\n" \
	  "a struct: its fields comma-separated") \
	O(SIZE, "size", 1, "--size NAME=ELEMS", \
	  "pointer argument NAME is a buffer of ELEMS elements") \
	O(TYPE, "type", 1, "--type NAME=T", \
	  "its element type: f32 f64 i8 u8 i16 u16 i32 u32 i64 u64") \
	O(INIT, "init", 1, "--init NAME=HOW", \
	  "zero (default), random, iota, @FILE (one value a line),\n" \
	  "or uninit (reads before a write are findings)") \
	O(TEX, "tex", 1, "--tex NAME=DESC", \
	  "texture or surface object NAME: FMT[xN]:W[xH[xD]]\n" \
	  "[,layers=L][,address=clamp|wrap|mirror|border]\n" \
	  "[,filter=point|linear][,coords=texel|normalized]\n" \
	  "[,read=element|normalized]; --init fills its texels;\n" \
	  "NAME=same:OTHER makes it on object OTHER's array") \
	O(DUMP, "dump", 1, "--dump NAME", \
	  "print buffer NAME after the launch, one element a line") \
	O(DUMP_INPUTS, "dump-inputs", 0, "--dump-inputs", \
	  "print every buffer before the launch (as a --replay\n" \
	  "reproduction uploads it)") \
	O(SEED, "seed", 1, "--seed N", "random seed (default 1)") \
	T("") \
	T("With none of --grid, --block, --shared, --size (or with a range), every") \
	T("kernel is analysed on launches found by an evolutionary search; what is") \
	T("given stays fixed.") \
	O(SEARCH, "search", 0, "--search, --no-search", \
	  "search even with --grid/--block; never search") \
	O(NO_SEARCH, "no-search", 0, NULL, NULL) \
	O(POPULATION, "population", 1, "--population N", \
	  "individuals per generation (default 10)") \
	O(GENERATIONS, "generations", 1, "--generations N", \
	  "generations after the first (default 10)") \
	O(THRESHOLD, "threshold", 1, "--threshold F", \
	  "stop once fitness F is below (default 0.3)") \
	O(MAX_THREADS, "max-threads", 1, "--max-threads N", \
	  "threads per searched launch (default 4096)") \
	O(TIME_LIMIT, "time-limit", 1, "--time-limit SECONDS", \
	  "search time per kernel (default 60; 0: none);\n" \
	  "with run: the program's (default none)") \
	O(MAX_LAUNCHES, "max-launches", 1, "--max-launches N", \
	  "run: simulate the first N launches only") \
	O(SAMPLE_LAUNCHES, "sample-launches", 1, "--sample-launches K", \
	  "run: check one launch in K of each kernel for races\n" \
	  "(the others run with faults checked only)") \
	S("-lLIB, -LDIR, -Wl,..., -Xlinker A", \
	  "run: the program's link flags (objects and libraries\n" \
	  "among the inputs are linked too)") \
	S("-Xcompiler A[,B...]", "run: flags of every host side's compile") \
	S("-fopenmp, -pthread", "run: to every host compile and the link") \
	O(EXPLORE, "explore", 0, "--explore", \
	  "run: after the program, search other buffer contents\n" \
	  "for each kind of launch it made (findings: explored)") \
	O(JOBS, "jobs", 1, "--jobs N", "launches evaluated in parallel (default: cores)") \
	O(SHARD, "shard", 1, "--shard I/N", \
	  "analyse share I of N of the kernels (every Nth from\n" \
	  "the I-th, over all inputs); --merge joins the shares") \
	O(MERGE, "merge", 0, "--merge", \
	  "the inputs are the JSON or SARIF reports of every\n" \
	  "shard of a run: write the report of the whole run") \
	T("") \
	O(STEPS, "max-steps", 1, "--max-steps N", \
	  "instruction budget per warp (default 10000000)") \
	O(MAX_MEMORY, "max-memory", 1, "--max-memory SIZE", \
	  "memory of the launches running at once, e.g. 4G\n" \
	  "(default 1G): each launch may have a quarter for\n" \
	  "simulated memory (more is a memory-budget finding)\n" \
	  "and the rest for the model's shadow (past half of\n" \
	  "it, memory is analysed by sample, and the report\n" \
	  "says what was not); the same for any --jobs") \
	O(MAX_SHADOW, "max-shadow", 1, "--max-shadow SIZE", \
	  "the shadow's share of --max-memory per launch\n" \
	  "(default three quarters; simulated memory gets\n" \
	  "the rest)") \
	O(NO_PRUNE, "no-prune", 0, "--no-prune", \
	  "feed the model every access, also of the sites\n" \
	  "that cannot race in the launch (slower; the same\n" \
	  "findings, but the shadow's budget is reached sooner)") \
	O(OUTPUT, "output", 1, "--output FILE", "write the report to FILE") \
	O(TIMINGS, "timings", 1, "--timings FILE", \
	  "write each kernel's search time to FILE, one\n" \
	  "tab-separated line a kernel: CPU and wall seconds,\n" \
	  "launches, memory peaks (never in the report)") \
	O(REPLAY, "replay", 1, "--replay DIR", \
	  "write a reproduction for a GPU of each finding into\n" \
	  "DIR (docs/REPLAY.md)") \
	O(FORMAT, "format", 1, "--format FMT", "report format: text (default), json or sarif") \
	O(PERF, "perf", 0, "--perf", \
	  "show the performance notes (bank conflicts with their\n" \
	  "degree, uncoalesced global accesses) with the\n" \
	  "findings; the JSON report always has them") \
	O(FAIL_ON, "fail-on", 1, "--fail-on SEVERITY", \
	  "exit 1 on findings this severe: error (default),\n" \
	  "warning, note, or never") \
	O(CONTRACT, "contract", 1, "--contract C", \
	  "report findings under contract C or a stronger one:\n" \
	  "host (launches the host code makes), declared,\n" \
	  "inferred (default), or any") \
	O(TRACE, "trace", 0, "--trace", "print every executed warp instruction on stderr") \
	O(BYTECODE, "dump-bytecode", 0, "--dump-bytecode", "print the lowered bytecode on stderr") \
	O(HOSTMAP, "dump-hostmap", 0, "--dump-hostmap", \
	  "print the host code's CUDA calls, as the host-side\n" \
	  "checks read them, on stderr") \
	O(WARP_MODEL, "warp-model", 1, "--warp-model=M", \
	  "its (independent thread scheduling, default for\n" \
	  "sm_70 and later) or lockstep (pre-Volta warps)") \
	O(DUMP_MODEL, "dump-model", 0, "--dump-model", \
	  "print the Memory-Access Model after the launch") \
	O(HELP, "help", 0, "--help, --version", NULL) \
	O(VERSION, "version", 0, NULL, NULL)

#endif
