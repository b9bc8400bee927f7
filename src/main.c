/*
** main.c: option parsing only; everything else is in libsimulee.
*/
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "evolve/input.h"
#include "memmodel/mam.h"
#include "src/run.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: simulee-c [options] app.cu|kernel.bc|kernel.ll ... [-- clang arguments]\n"
		"       simulee-c [options] -p BUILD-DIR [-- clang arguments]\n"
		"       simulee-c --merge REPORT.json|REPORT.sarif ...\n"
		"       simulee-c run [options] app.cu [more.c ...] [-- program arguments]\n"
		"\n"
		"Runs a CUDA kernel's NVPTX bitcode on the CPU, every block, warp and thread,\n"
		"and reports what goes wrong.\n"
		"\n"
		"CUDA source (.cu) is compiled with clang first (device and host side, -O0 -g):\n"
		"  -I DIR, -D NAME[=VALUE], -U NAME, -include FILE\n"
		"                         passed to clang, in their order\n"
		"  --cuda-path=DIR        compile against this CUDA toolkit (default: the one\n"
		"                         configure found, else simulee-c's own prelude)\n"
		"  --prelude              compile against the prelude even with a toolkit\n"
		"  --cuda-gpu-arch=sm_XX  GPU architecture (default sm_70)\n"
		"  --clang=PATH           the clang to run (default: the one configure found)\n"
		"  -p DIR                 read DIR/compile_commands.json: the host side of its\n"
		"                         CUDA files is compiled too, for their launch sites;\n"
		"                         with no input file, every CUDA file is analysed\n"
		"  --compile-commands FILE  the same, naming the database file\n"
		"  --verbose              print the clang command lines, and with --grid and\n"
		"                         --block how many accesses skipped the model\n"
		"  -- ARGS                the rest goes to both clang commands as it is\n"
		"\n"
		"  --kernel NAME          kernel to run (mangled or demangled name)\n"
		"  --list-kernels         list the kernels and their parameters\n"
		"  --grid X[,Y[,Z]]       grid dimensions (default 1); a component may be a\n"
		"                         range LO..HI for the search\n"
		"  --block X[,Y[,Z]]      block dimensions (default 32); ranges as for --grid\n"
		"  --shared BYTES         dynamic shared memory per block (default 0)\n"
		"  --shared-init HOW      what shared memory holds when a block starts: zero\n"
		"                         (default), iota, mod:K, const:V or rand:K:S\n"
		"  --arg NAME=VALUE       scalar argument, by name or 0-based position;\n"
		"                         a struct: its fields comma-separated\n"
		"  --size NAME=ELEMS      pointer argument NAME is a buffer of ELEMS elements\n"
		"  --type NAME=T          its element type: f32 f64 i8 u8 i16 u16 i32 u32 i64 u64\n"
		"  --init NAME=HOW        zero (default), random, iota, @FILE (one value a line),\n"
		"                         or uninit (reads before a write are findings)\n"
		"  --tex NAME=DESC        texture or surface object NAME: FMT[xN]:W[xH[xD]]\n"
		"                         [,layers=L][,address=clamp|wrap|mirror|border]\n"
		"                         [,filter=point|linear][,coords=texel|normalized]\n"
		"                         [,read=element|normalized]; --init fills its texels;\n"
		"                         NAME=same:OTHER makes it on object OTHER's array\n"
		"  --dump NAME            print buffer NAME after the launch, one element a line\n"
		"  --dump-inputs          print every buffer before the launch (as a --replay\n"
		"                         reproduction uploads it)\n"
		"  --seed N               random seed (default 1)\n"
		"\n"
		"With none of --grid, --block, --shared, --size (or with a range), every\n"
		"kernel is analysed on launches found by an evolutionary search; what is\n"
		"given stays fixed.\n"
		"  --search, --no-search  search even with --grid/--block; never search\n"
		"  --population N         individuals per generation (default 10)\n"
		"  --generations N        generations after the first (default 10)\n"
		"  --threshold F          stop once fitness F is below (default 0.3)\n"
		"  --max-threads N        threads per searched launch (default 4096)\n"
		"  --time-limit SECONDS   search time per kernel (default 60; 0: none);\n"
		"                         with run: the program's (default none)\n"
		"  --max-launches N       run: simulate the first N launches only\n"
		"  --sample-launches K    run: check one launch in K of each kernel for races\n"
		"                         (the others run with faults checked only)\n"
		"  --jobs N               launches evaluated in parallel (default: cores)\n"
		"  --shard I/N            analyse share I of N of the kernels (every Nth from\n"
		"                         the I-th, over all inputs); --merge joins the shares\n"
		"  --merge                the inputs are the JSON or SARIF reports of every\n"
		"                         shard of a run: write the report of the whole run\n"
		"\n"
		"  --max-steps N          instruction budget per warp (default 10000000)\n"
		"  --max-shadow SIZE      the model's shadow memory per launch, e.g. 4G\n"
		"                         (default 1G; past it the report says what was\n"
		"                         not analysed)\n"
		"  --max-memory SIZE      simulated memory per launch, buffers included\n"
		"                         (default an eighth of RAM, 256M to 4G); a launch\n"
		"                         that needs more is a memory-budget finding\n"
		"  --no-prune             feed the model every access, also of the sites\n"
		"                         that cannot race in the launch (slower; the same\n"
		"                         findings, but --max-shadow is reached sooner)\n"
		"  --output FILE          write the report to FILE\n"
		"  --replay DIR           write a reproduction for a GPU of each finding into\n"
		"                         DIR (docs/REPLAY.md)\n"
		"  --format FMT           report format: text (default), json or sarif\n"
		"  --perf                 show the performance notes (bank conflicts with their\n"
		"                         degree, uncoalesced global accesses) with the\n"
		"                         findings; the JSON report always has them\n"
		"  --fail-on SEVERITY     exit 1 on findings this severe: error (default),\n"
		"                         warning, note, or never\n"
		"  --contract C           report findings under contract C or a stronger one:\n"
		"                         host (launches the host code makes), declared,\n"
		"                         inferred (default), or any\n"
		"  --trace                print every executed warp instruction on stderr\n"
		"  --dump-bytecode        print the lowered bytecode on stderr\n"
		"  --dump-hostmap         print the host code's CUDA calls, as the host-side\n"
		"                         checks read them, on stderr\n"
		"  --warp-model=M         its (independent thread scheduling, default for\n"
		"                         sm_70 and later) or lockstep (pre-Volta warps)\n"
		"  --dump-model           print the Memory-Access Model after the launch\n"
		"  --help, --version\n"
		"\n"
		"Exit status: 0 no findings (as severe as --fail-on), 1 findings,\n"
		"2 usage or input error.\n");
}

static int kv(struct params_kv **v, uint32_t *n, uint32_t *cap, const char *opt, const char *s)
{
	const char *eq = strchr(s, '=');
	if (eq == NULL || eq == s) {
		fprintf(stderr, "simulee-c: %s %s: expected NAME=VALUE\n", opt, s);
		return -1;
	}
	struct params_kv e = { xstrndup(s, (size_t)(eq - s)), xstrdup(eq + 1) };
	VEC_PUSH(*v, *n, *cap, e);
	return 0;
}

static int parse_u64(const char *opt, const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (*s == '-' || *s == '\0') {
		fprintf(stderr, "simulee-c: %s %s: expected a non-negative integer\n", opt, s);
		return -1;
	}
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end != '\0') {
		fprintf(stderr, "simulee-c: %s %s: expected a non-negative integer\n", opt, s);
		return -1;
	}
	*out = v;
	return 0;
}

/* A size in bytes with an optional K, M or G (powers of 1024), of 1M at
** least: --max-shadow, --max-memory. */
static int parse_size(const char *opt, const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = *s >= '0' && *s <= '9' ? strtoull(s, &end, 10) : 0;
	unsigned shift = 0;
	if (*s >= '0' && *s <= '9' && !errno) {
		shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20
			: *end == 'G' || *end == 'g' ? 30 : 0;
		end += shift != 0;
	}
	if (*s < '0' || *s > '9' || errno || *end != '\0' || v > (UINT64_MAX >> shift)
	    || (v << shift) < ((uint64_t)1 << 20)) {
		fprintf(stderr, "simulee-c: %s %s: expected a size of 1M or more (bytes, or with K, M or G)\n",
			opt, s);
		return -1;
	}
	*out = (uint64_t)v << shift;
	return 0;
}

/* --shard I/N: 1 <= I <= N. */
static int parse_shard(const char *s, uint32_t *index, uint32_t *count)
{
	char *end;
	errno = 0;
	unsigned long i = *s >= '0' && *s <= '9' ? strtoul(s, &end, 10) : 0, n = 0;
	if (i && !errno && *end == '/' && end[1] >= '0' && end[1] <= '9') {
		n = strtoul(end + 1, &end, 10);
		if (errno || *end != '\0')
			n = 0;
	}
	if (i == 0 || n == 0 || i > n || n > 1000000) {
		fprintf(stderr, "simulee-c: --shard %s: expected I/N with 1 <= I <= N\n", s);
		return -1;
	}
	*index = (uint32_t)i;
	*count = (uint32_t)n;
	return 0;
}

static int parse_double(const char *opt, const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end != '\0' || !(v >= 0) || v > 1e9) {
		fprintf(stderr, "simulee-c: %s %s: expected a non-negative number\n", opt, s);
		return -1;
	}
	*out = v;
	return 0;
}

static void free_kv(struct params_kv *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].value);
	}
	free(v);
}

int main(int argc, char **argv)
{
	enum { O_KERNEL = 256, O_LIST, O_GRID, O_BLOCK, O_SHARED, O_ARG, O_SIZE, O_TYPE,
	       O_INIT, O_DUMP, O_SEED, O_STEPS, O_OUTPUT, O_FORMAT, O_FAIL_ON, O_CONTRACT, O_TRACE, O_BYTECODE, O_HOSTMAP,
	       O_HELP, O_VERSION, O_WARP_MODEL, O_DUMP_MODEL, O_SEARCH, O_NO_SEARCH,
	       O_POPULATION, O_GENERATIONS, O_THRESHOLD, O_JOBS, O_TIME_LIMIT, O_MAX_THREADS,
	       O_CLANG, O_CUDA_PATH, O_PRELUDE, O_GPU_ARCH, O_COMPILE_DB, O_VERBOSE, O_INCLUDE,
	       O_SHARED_INIT, O_MAX_SHADOW, O_TEX, O_SHARD, O_MERGE, O_DUMP_INPUTS, O_REPLAY,
	       O_MAX_MEMORY, O_PERF, O_NO_PRUNE, O_MAX_LAUNCHES, O_SAMPLE_LAUNCHES };
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, O_KERNEL },
		{ "list-kernels", no_argument, NULL, O_LIST },
		{ "grid", required_argument, NULL, O_GRID },
		{ "block", required_argument, NULL, O_BLOCK },
		{ "shared", required_argument, NULL, O_SHARED },
		{ "shared-init", required_argument, NULL, O_SHARED_INIT },
		{ "arg", required_argument, NULL, O_ARG },
		{ "size", required_argument, NULL, O_SIZE },
		{ "type", required_argument, NULL, O_TYPE },
		{ "init", required_argument, NULL, O_INIT },
		{ "tex", required_argument, NULL, O_TEX },
		{ "dump", required_argument, NULL, O_DUMP },
		{ "seed", required_argument, NULL, O_SEED },
		{ "max-steps", required_argument, NULL, O_STEPS },
		{ "max-shadow", required_argument, NULL, O_MAX_SHADOW },
		{ "max-memory", required_argument, NULL, O_MAX_MEMORY },
		{ "output", required_argument, NULL, O_OUTPUT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "fail-on", required_argument, NULL, O_FAIL_ON },
		{ "contract", required_argument, NULL, O_CONTRACT },
		{ "trace", no_argument, NULL, O_TRACE },
		{ "dump-bytecode", no_argument, NULL, O_BYTECODE },
		{ "dump-hostmap", no_argument, NULL, O_HOSTMAP },
		{ "warp-model", required_argument, NULL, O_WARP_MODEL },
		{ "dump-model", no_argument, NULL, O_DUMP_MODEL },
		{ "search", no_argument, NULL, O_SEARCH },
		{ "no-search", no_argument, NULL, O_NO_SEARCH },
		{ "population", required_argument, NULL, O_POPULATION },
		{ "generations", required_argument, NULL, O_GENERATIONS },
		{ "threshold", required_argument, NULL, O_THRESHOLD },
		{ "jobs", required_argument, NULL, O_JOBS },
		{ "time-limit", required_argument, NULL, O_TIME_LIMIT },
		{ "max-threads", required_argument, NULL, O_MAX_THREADS },
		{ "clang", required_argument, NULL, O_CLANG },
		{ "cuda-path", required_argument, NULL, O_CUDA_PATH },
		{ "prelude", no_argument, NULL, O_PRELUDE },
		{ "cuda-gpu-arch", required_argument, NULL, O_GPU_ARCH },
		{ "compile-commands", required_argument, NULL, O_COMPILE_DB },
		{ "verbose", no_argument, NULL, O_VERBOSE },
		{ "include", required_argument, NULL, O_INCLUDE },	/* -include, see below */
		{ "shard", required_argument, NULL, O_SHARD },
		{ "merge", no_argument, NULL, O_MERGE },
		{ "dump-inputs", no_argument, NULL, O_DUMP_INPUTS },
		{ "replay", required_argument, NULL, O_REPLAY },
		{ "perf", no_argument, NULL, O_PERF },
		{ "no-prune", no_argument, NULL, O_NO_PRUNE },
		{ "max-launches", required_argument, NULL, O_MAX_LAUNCHES },
		{ "sample-launches", required_argument, NULL, O_SAMPLE_LAUNCHES },
		{ "help", no_argument, NULL, O_HELP },
		{ "version", no_argument, NULL, O_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	struct run_opts o = { 0 };
	o.warp_model = -1;
	o.grid = (struct dim3){ 1, 1, 1 };
	o.block = (struct dim3){ 32, 1, 1 };
	o.seed = 1;
	o.format = REPORT_TEXT;
	o.fail_on = FAIL_ON_ERROR;
	o.contract = CL_INFERRED;
	o.grid_hi = o.grid;
	o.block_hi = o.block;
	o.search = -1;
	o.population = RUN_POPULATION;
	o.generations = RUN_GENERATIONS;
	o.threshold = RUN_THRESHOLD;
	o.time_limit = RUN_TIME_LIMIT;
	o.max_threads = RUN_MAX_THREADS;
	int status = 2, c;
	/*
	** Everything after `--` goes to clang untouched, so getopt must not
	** see it (it would move it among the inputs).  clang spells -include
	** with one dash, which getopt would read as -i -n -c...: it becomes
	** --include.
	*/
	char include_opt[] = "--include";
	/* `simulee-c run ...`: the program's arguments come after `--` */
	if (argc > 1 && strcmp(argv[1], "run") == 0) {
		o.run = 1;
		argv[1] = argv[0];
		argv++;
		argc--;
	}
	char **av = xcalloc((size_t)argc + 1, sizeof *av);
	int ac = argc;
	for (int i = 0; i < argc; i++) {
		if (i > 0 && strcmp(argv[i], "--") == 0 && ac == argc) {
			ac = i;
			o.extra_args = argv + i + 1;
			o.nextra_args = (uint32_t)(argc - i - 1);
		}
		av[i] = i > 0 && ac == argc && strcmp(argv[i], "-include") == 0 ? include_opt : argv[i];
	}
	av[ac] = NULL;
	char *db_path = NULL;
	int merge = 0;
	opterr = 0;
	while ((c = getopt_long(ac, av, "hI:D:U:p:", longopts, NULL)) != -1) {
		switch (c) {
		case O_KERNEL: o.kernel = optarg; break;
		case O_LIST: o.list_kernels = 1; break;
		case O_GRID:
		case O_BLOCK:
			if (run_parse_dim3_range(optarg, c == O_GRID ? &o.grid : &o.block,
						 c == O_GRID ? &o.grid_hi : &o.block_hi) < 0) {
				fprintf(stderr, "simulee-c: --%s %s: expected X[,Y[,Z]] with positive integers "
					"or ranges LO..HI\n", c == O_GRID ? "grid" : "block", optarg);
				goto done;
			}
			*(c == O_GRID ? &o.grid_given : &o.block_given) = 1;
			break;
		case O_SHARED:
			if (parse_u64("--shared", optarg, &o.dyn_shared) < 0)
				goto done;
			o.shared_given = 1;
			break;
		case O_SHARED_INIT:
			if (evolve_fill_parse(optarg, &o.shared_init) < 0) {
				fprintf(stderr, "simulee-c: --shared-init %s: expected zero, iota, mod:K, "
					"const:V or rand:K:S\n", optarg);
				goto done;
			}
			o.shared_init_given = 1;
			break;
		case O_SEARCH: o.search = 1; break;
		case O_NO_SEARCH: o.search = 0; break;
		case O_POPULATION:
			if (parse_u64("--population", optarg, &o.population) < 0)
				goto done;
			if (o.population == 0 || o.population > 10000) {
				fprintf(stderr, "simulee-c: --population %s: expected 1 to 10000\n", optarg);
				goto done;
			}
			break;
		case O_GENERATIONS:
			if (parse_u64("--generations", optarg, &o.generations) < 0)
				goto done;
			if (o.generations > 100000) {
				fprintf(stderr, "simulee-c: --generations %s: expected 0 to 100000\n", optarg);
				goto done;
			}
			break;
		case O_JOBS:
			if (parse_u64("--jobs", optarg, &o.jobs) < 0)
				goto done;
			if (o.jobs == 0 || o.jobs > 256) {
				fprintf(stderr, "simulee-c: --jobs %s: expected 1 to 256\n", optarg);
				goto done;
			}
			break;
		case O_MAX_THREADS:
			if (parse_u64("--max-threads", optarg, &o.max_threads) < 0)
				goto done;
			if (o.max_threads == 0) {
				fprintf(stderr, "simulee-c: --max-threads 0: expected a positive integer\n");
				goto done;
			}
			break;
		case O_THRESHOLD:
		case O_TIME_LIMIT:
			if (parse_double(c == O_THRESHOLD ? "--threshold" : "--time-limit", optarg,
					 c == O_THRESHOLD ? &o.threshold : &o.time_limit) < 0)
				goto done;
			o.time_limit_given |= c == O_TIME_LIMIT;
			break;
		case O_MAX_LAUNCHES:
		case O_SAMPLE_LAUNCHES: {
			uint64_t v;
			int max = c == O_MAX_LAUNCHES;
			if (parse_u64(max ? "--max-launches" : "--sample-launches", optarg, &v) < 0)
				goto done;
			*(max ? &o.max_launches : &o.sample_launches) =
				v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
			break;
		}
		case O_ARG: if (kv(&o.args, &o.nargs, &o.capargs, "--arg", optarg) < 0) goto done; break;
		case O_SIZE: if (kv(&o.sizes, &o.nsizes, &o.capsizes, "--size", optarg) < 0) goto done; break;
		case O_TYPE: if (kv(&o.types, &o.ntypes, &o.captypes, "--type", optarg) < 0) goto done; break;
		case O_INIT: if (kv(&o.inits, &o.ninits, &o.capinits, "--init", optarg) < 0) goto done; break;
		case O_TEX: if (kv(&o.texs, &o.ntexs, &o.captexs, "--tex", optarg) < 0) goto done; break;
		case O_DUMP: VEC_PUSH(o.dumps, o.ndumps, o.capdumps, optarg); break;
		case O_SEED: if (parse_u64("--seed", optarg, &o.seed) < 0) goto done; break;
		case O_STEPS: if (parse_u64("--max-steps", optarg, &o.max_steps) < 0) goto done; break;
		case O_MAX_SHADOW:
			if (parse_size("--max-shadow", optarg, &o.max_shadow) < 0)
				goto done;
			break;
		case O_MAX_MEMORY:
			if (parse_size("--max-memory", optarg, &o.max_memory) < 0)
				goto done;
			break;
		case O_OUTPUT: o.output = optarg; break;
		case O_FORMAT:
			if (report_parse_format(optarg, &o.format) < 0) {
				fprintf(stderr, "simulee-c: --format %s: expected text, json or sarif\n", optarg);
				goto done;
			}
			o.format_given = 1;
			break;
		case O_SHARD:
			if (parse_shard(optarg, &o.shard_index, &o.shard_count) < 0)
				goto done;
			break;
		case O_MERGE: merge = 1; break;
		case O_DUMP_INPUTS: o.dump_inputs = 1; break;
		case O_REPLAY: o.replay_dir = optarg; break;
		case O_PERF: o.perf = 1; break;
		case O_NO_PRUNE: o.no_prune = 1; break;
		case O_FAIL_ON:
			if (report_parse_fail_on(optarg, &o.fail_on) < 0) {
				fprintf(stderr, "simulee-c: --fail-on %s: expected error, warning, note or never\n",
					optarg);
				goto done;
			}
			break;
		case O_CONTRACT:
			if (report_parse_contract(optarg, &o.contract) < 0) {
				fprintf(stderr, "simulee-c: --contract %s: expected host, declared, inferred or any\n",
					optarg);
				goto done;
			}
			break;
		case O_TRACE: o.trace = 1; break;
		case O_BYTECODE: o.dump_bytecode = 1; break;
		case O_HOSTMAP: o.dump_hostmap = 1; break;
		case O_WARP_MODEL:
			if (strcmp(optarg, "its") == 0) {
				o.warp_model = MAM_ITS;
			} else if (strcmp(optarg, "lockstep") == 0) {
				o.warp_model = MAM_LOCKSTEP;
			} else {
				fprintf(stderr, "simulee-c: --warp-model %s: expected its or lockstep\n", optarg);
				goto done;
			}
			break;
		case O_DUMP_MODEL: o.dump_model = 1; break;
		case 'I':
		case 'D':
		case 'U':
			VEC_PUSH(o.cc_args, o.ncc_args, o.capcc_args, xasprintf("-%c%s", c, optarg));
			break;
		case O_INCLUDE:
			VEC_PUSH(o.cc_args, o.ncc_args, o.capcc_args, xstrdup("-include"));
			VEC_PUSH(o.cc_args, o.ncc_args, o.capcc_args, xstrdup(optarg));
			break;
		case O_CLANG: o.clang = optarg; break;
		case O_CUDA_PATH:
			if (optarg[0] == '\0') {
				fprintf(stderr, "simulee-c: --cuda-path needs a directory (--prelude: none)\n");
				goto done;
			}
			o.cuda_path = optarg;
			break;
		case O_PRELUDE: o.cuda_path = ""; break;
		case O_GPU_ARCH: o.gpu_arch = optarg; break;
		case 'p':
			free(db_path);
			db_path = xasprintf("%s/compile_commands.json", optarg);
			o.compile_db = db_path;
			break;
		case O_COMPILE_DB: o.compile_db = optarg; break;
		case O_VERBOSE: o.verbose = 1; break;
		case 'h':
		case O_HELP: usage(stdout); status = 0; goto done;
		case O_VERSION:
			printf("simulee-c %s (LLVM %s)\n", PACKAGE_VERSION, LLVM_VERSION_STRING);
			status = 0;
			goto done;
		default:
			if (optopt)
				fprintf(stderr, "simulee-c: option needs a value or is unknown: %s\n",
					av[optind - 1] == include_opt ? "-include" : av[optind - 1]);
			else
				fprintf(stderr, "simulee-c: unknown option %s\n", av[optind - 1]);
			fprintf(stderr, "simulee-c: try --help\n");
			goto done;
		}
	}
	o.inputs = av + optind;
	o.ninputs = (uint32_t)(ac - optind);
	o.input = o.ninputs ? o.inputs[0] : NULL;
	if (merge) {
		status = run_merge(&o);
		goto done;
	}
	if (o.run) {
		status = run_program(&o);
		goto done;
	}
	if (optind >= ac && o.compile_db == NULL) {
		fprintf(stderr, "simulee-c: no input file (try --help)\n");
		goto done;
	}
	status = run_main(&o);
done:
	free_kv(o.args, o.nargs);
	free_kv(o.sizes, o.nsizes);
	free_kv(o.types, o.ntypes);
	free_kv(o.inits, o.ninits);
	free_kv(o.texs, o.ntexs);
	free(o.dumps);
	for (uint32_t i = 0; i < o.ncc_args; i++)
		free(o.cc_args[i]);
	free(o.cc_args);
	free(db_path);
	free(av);
	return status;
}
