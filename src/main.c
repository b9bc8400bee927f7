/*
** main.c: option parsing only; everything else is in libsimulee.
*/
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "evolve/driver.h"
#include "memmodel/mem.h"
#include "src/options.h"
#include "src/run.h"

/* The --help column of an option row, and its text. */
static void usage_row(FILE *out, const char *left, const char *help)
{
	size_t n = strlen(left);
	fprintf(out, "  %s", left);
	if (help == NULL) {
		fputc('\n', out);
		return;
	}
	if (n > 30)
		fprintf(out, "\n%25s", "");
	else
		fprintf(out, "%*s", n < 22 ? (int)(23 - n) : 2, "");
	for (const char *p = help; *p; p++) {
		fputc(*p, out);
		if (*p == '\n')
			fprintf(out, "%25s", "");
	}
	fputc('\n', out);
}

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
		"\n");
#define ROW_O(id, name, arg, left, help) if (left) usage_row(out, left, help);
#define ROW_S(left, help) usage_row(out, left, help);
#define ROW_T(text) fprintf(out, "%s\n", text);
	SIMULEE_OPTIONS(ROW_O, ROW_S, ROW_T)
#undef ROW_O
#undef ROW_S
#undef ROW_T
	fprintf(out,
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

/*
** simulee-c run: takes the program's build flags out of AV[1..*AC) (what
** comes before `--`) into O: -lNAME, -LDIR (or -l NAME, -L DIR), -Wl,...
** and -Xlinker ARG go to the link; -Xcompiler A[,B...] (nvcc's spelling)
** to every host side's compile; -pthread and -fopenmp[=LIB] to both;
** -rdc=true|false, -rdc VALUE, --relocatable-device-code[=]VALUE,
** -fgpu-rdc and -fno-gpu-rdc set relocatable device code.
** docs/RUN.md, "Build flags".  0, or -1 after one error line.
*/
static int take_program_flags(char **av, int *ac, struct run_opts *o)
{
	int k = 1;
	for (int i = 1; i < *ac; i++) {
		const char *a = av[i];
		const char *v = NULL;
		int two = (strcmp(a, "-l") == 0 || strcmp(a, "-L") == 0 || strcmp(a, "-Xlinker") == 0
			   || strcmp(a, "-Xcompiler") == 0 || strcmp(a, "-rdc") == 0
			   || strcmp(a, "--relocatable-device-code") == 0);
		if (two) {
			if (i + 1 >= *ac) {
				fprintf(stderr, "simulee-c: run: %s needs a value\n", a);
				return -1;
			}
			v = av[++i];
		}
		const char *rdc = strncmp(a, "-rdc=", 5) == 0 ? a + 5
			: strncmp(a, "--relocatable-device-code=", 26) == 0 ? a + 26
			: strcmp(a, "-rdc") == 0 || strcmp(a, "--relocatable-device-code") == 0 ? v
			: strcmp(a, "-fgpu-rdc") == 0 ? "true" : strcmp(a, "-fno-gpu-rdc") == 0 ? "false"
			: NULL;
		if (rdc != NULL) {
			if (strcmp(rdc, "true") != 0 && strcmp(rdc, "false") != 0) {
				fprintf(stderr, "simulee-c: run: %s: expected true or false\n", a);
				return -1;
			}
			o->rdc = strcmp(rdc, "true") == 0;
		} else if (strcmp(a, "-l") == 0 || strcmp(a, "-L") == 0) {
			VEC_PUSH(o->link_args, o->nlink_args, o->caplink_args, xasprintf("%s%s", a, v));
		} else if (strcmp(a, "-Xlinker") == 0) {
			VEC_PUSH(o->link_args, o->nlink_args, o->caplink_args, xstrdup(a));
			VEC_PUSH(o->link_args, o->nlink_args, o->caplink_args, xstrdup(v));
		} else if (strcmp(a, "-Xcompiler") == 0) {
			for (const char *p = v; *p;) {	/* nvcc's A,B,C */
				size_t n = strcspn(p, ",");
				if (n > 0)
					VEC_PUSH(o->host_args, o->nhost_args, o->caphost_args,
						 xstrndup(p, n));
				p += n + (p[n] == ',');
			}
		} else if ((a[0] == '-' && (a[1] == 'l' || a[1] == 'L') && a[2] != '\0')
			   || strncmp(a, "-Wl,", 4) == 0) {
			VEC_PUSH(o->link_args, o->nlink_args, o->caplink_args, xstrdup(a));
		} else if (strcmp(a, "-pthread") == 0 || strcmp(a, "-fopenmp") == 0
			   || strncmp(a, "-fopenmp=", 9) == 0) {
			VEC_PUSH(o->link_args, o->nlink_args, o->caplink_args, xstrdup(a));
			VEC_PUSH(o->host_args, o->nhost_args, o->caphost_args, xstrdup(a));
		} else {
			av[k++] = av[i];
		}
	}
	av[k] = NULL;
	*ac = k;
	return 0;
}

int main(int argc, char **argv)
{
#define NO_ROW(...)
#define ENUM_O(id, name, arg, left, help) O_##id,
	enum { O__FIRST = 255, SIMULEE_OPTIONS(ENUM_O, NO_ROW, NO_ROW) };
#define LONG_O(id, name, arg, left, help) \
	{ name, (arg) ? required_argument : no_argument, NULL, O_##id },
	static const struct option longopts[] = {
		SIMULEE_OPTIONS(LONG_O, NO_ROW, NO_ROW)
		{ NULL, 0, NULL, 0 },
	};
#undef ENUM_O
#undef LONG_O
#undef NO_ROW
	struct run_opts o = { 0 };
	o.warp_model = -1;
	o.rdc = -1;
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
	if (o.run && take_program_flags(av, &ac, &o) < 0)
		goto done;
	int merge = 0;
	opterr = 0;
	int at;	/* where getopt looks next: the culprit of an error */
	while ((at = optind, c = getopt_long(ac, av, "hI:D:U:p:", longopts, NULL)) != -1) {
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
		case O_RUN_BLOCKS: {
			struct dim3 hi;
			if (run_parse_dim3_range(optarg, &o.run_blocks, &hi) < 0
			    || hi.x != o.run_blocks.x || hi.y != o.run_blocks.y || hi.z != o.run_blocks.z) {
				fprintf(stderr, "simulee-c: --run-blocks %s: expected X[,Y[,Z]] with positive "
					"integers\n", optarg);
				goto done;
			}
			break;
		}
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
		case O_EXPLORE: o.explore = 1; break;
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
		case O_TIMINGS: o.timings = optarg; break;
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
		case O_DEVICE:
			o.device = sim_device_find(optarg);
			if (o.device == NULL) {
				fprintf(stderr, "simulee-c: --device: unknown device '%s' (known: %s)\n",
					optarg, sim_device_names());
				goto done;
			}
			break;
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
			if (optopt > 0 && optopt < 256) {
				/* a short option: name it and the argument it is in
				** (-fgpu-rdc is -f, unknown), not the one before */
				const char *in = av[optind - 1];
				for (int j = at; j < ac; j++)
					if (av[j][0] == '-' && av[j][1] != '-' && strchr(av[j] + 1, optopt)) {
						in = av[j];
						break;
					}
				if (strchr("IDUp", optopt) != NULL)
					fprintf(stderr, "simulee-c: -%c needs a value\n", optopt);
				else
					fprintf(stderr, "simulee-c: unknown option -%c (in %s)\n", optopt, in);
			} else if (optopt)
				fprintf(stderr, "simulee-c: option needs a value or is unknown: %s\n",
					av[optind - 1] == include_opt ? "-include" : av[optind - 1]);
			else
				fprintf(stderr, "simulee-c: unknown option %s\n", av[optind - 1]);
			fprintf(stderr, "simulee-c: try --help\n");
			goto done;
		}
	}
	uint64_t total, mem, shadow;
	struct sim_error berr = { 0 };
	if (run_budget(&o, &total, &mem, &shadow, &berr) < 0) {
		fprintf(stderr, "simulee-c: %s\n", berr.msg);
		goto done;
	}
	o.inputs = av + optind;
	o.ninputs = (uint32_t)(ac - optind);
	o.input = o.ninputs ? o.inputs[0] : NULL;
	if (o.run_blocks.x && (merge || o.run)) {
		fprintf(stderr, "simulee-c: --run-blocks is for one launch of a kernel file (not %s)\n",
			merge ? "--merge" : "simulee-c run");
		goto done;
	}
	if (o.timings && (merge || o.run)) {
		fprintf(stderr, "simulee-c: --timings is for the search of kernel files (not %s)\n",
			merge ? "--merge" : "simulee-c run");
		goto done;
	}
	if (merge) {
		status = run_merge(&o);
		goto done;
	}
	if (o.run) {
		status = run_program(&o);
		goto done;
	}
	if (o.explore) {
		fprintf(stderr, "simulee-c: --explore is for simulee-c run (the launches a program makes)\n");
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
	for (uint32_t i = 0; i < o.nlink_args; i++)
		free(o.link_args[i]);
	free(o.link_args);
	for (uint32_t i = 0; i < o.nhost_args; i++)
		free(o.host_args[i]);
	free(o.host_args);
	free(db_path);
	free(av);
	return status;
}
