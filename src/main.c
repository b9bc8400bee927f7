/*
** main.c: option parsing only; everything else is in libsimulee.
*/
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "memmodel/mam.h"
#include "src/run.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: simulee-c [options] kernel.bc|kernel.ll\n"
		"\n"
		"Runs a CUDA kernel's NVPTX bitcode on the CPU, every block, warp and thread,\n"
		"and reports what goes wrong.\n"
		"\n"
		"  --kernel NAME          kernel to run (mangled or demangled name)\n"
		"  --list-kernels         list the kernels and their parameters\n"
		"  --grid X[,Y[,Z]]       grid dimensions (default 1)\n"
		"  --block X[,Y[,Z]]      block dimensions (default 32)\n"
		"  --shared BYTES         dynamic shared memory per block (default 0)\n"
		"  --arg NAME=VALUE       scalar argument, by name or 0-based position;\n"
		"                         a struct: its fields comma-separated\n"
		"  --size NAME=ELEMS      pointer argument NAME is a buffer of ELEMS elements\n"
		"  --type NAME=T          its element type: f32 f64 i8 u8 i16 u16 i32 u32 i64 u64\n"
		"  --init NAME=HOW        zero (default), random, iota, or @FILE (one value a line)\n"
		"  --dump NAME            print buffer NAME after the launch, one element a line\n"
		"  --seed N               random seed (default 1)\n"
		"  --max-steps N          instruction budget per warp (default 10000000)\n"
		"  --output FILE          write the report to FILE\n"
		"  --format FMT           report format: text (default) or json\n"
		"  --fail-on SEVERITY     exit 1 on findings this severe: error (default),\n"
		"                         warning, note, or never\n"
		"  --trace                print every executed warp instruction on stderr\n"
		"  --dump-bytecode        print the lowered bytecode on stderr\n"
		"  --warp-model=M         its (independent thread scheduling, default for\n"
		"                         sm_70 and later) or lockstep (pre-Volta warps)\n"
		"  --dump-model           print the Memory-Access Model after the launch\n"
		"  --help, --version\n"
		"\n"
		"Exit status: 0 no findings (as severe as --fail-on), 1 findings,\n"
		"2 usage or input error.\n");
}

static int kv(struct run_kv **v, uint32_t *n, uint32_t *cap, const char *opt, const char *s)
{
	const char *eq = strchr(s, '=');
	if (eq == NULL || eq == s) {
		fprintf(stderr, "simulee-c: %s %s: expected NAME=VALUE\n", opt, s);
		return -1;
	}
	struct run_kv e = { xstrndup(s, (size_t)(eq - s)), xstrdup(eq + 1) };
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

static void free_kv(struct run_kv *v, uint32_t n)
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
	       O_INIT, O_DUMP, O_SEED, O_STEPS, O_OUTPUT, O_FORMAT, O_FAIL_ON, O_TRACE, O_BYTECODE,
	       O_HELP, O_VERSION, O_WARP_MODEL, O_DUMP_MODEL };
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, O_KERNEL },
		{ "list-kernels", no_argument, NULL, O_LIST },
		{ "grid", required_argument, NULL, O_GRID },
		{ "block", required_argument, NULL, O_BLOCK },
		{ "shared", required_argument, NULL, O_SHARED },
		{ "arg", required_argument, NULL, O_ARG },
		{ "size", required_argument, NULL, O_SIZE },
		{ "type", required_argument, NULL, O_TYPE },
		{ "init", required_argument, NULL, O_INIT },
		{ "dump", required_argument, NULL, O_DUMP },
		{ "seed", required_argument, NULL, O_SEED },
		{ "max-steps", required_argument, NULL, O_STEPS },
		{ "output", required_argument, NULL, O_OUTPUT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "fail-on", required_argument, NULL, O_FAIL_ON },
		{ "trace", no_argument, NULL, O_TRACE },
		{ "dump-bytecode", no_argument, NULL, O_BYTECODE },
		{ "warp-model", required_argument, NULL, O_WARP_MODEL },
		{ "dump-model", no_argument, NULL, O_DUMP_MODEL },
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
	int status = 2, c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case O_KERNEL: o.kernel = optarg; break;
		case O_LIST: o.list_kernels = 1; break;
		case O_GRID:
		case O_BLOCK:
			if (run_parse_dim3(optarg, c == O_GRID ? &o.grid : &o.block) < 0) {
				fprintf(stderr, "simulee-c: --%s %s: expected X[,Y[,Z]] with positive integers\n",
					c == O_GRID ? "grid" : "block", optarg);
				goto done;
			}
			break;
		case O_SHARED: if (parse_u64("--shared", optarg, &o.dyn_shared) < 0) goto done; break;
		case O_ARG: if (kv(&o.args, &o.nargs, &o.capargs, "--arg", optarg) < 0) goto done; break;
		case O_SIZE: if (kv(&o.sizes, &o.nsizes, &o.capsizes, "--size", optarg) < 0) goto done; break;
		case O_TYPE: if (kv(&o.types, &o.ntypes, &o.captypes, "--type", optarg) < 0) goto done; break;
		case O_INIT: if (kv(&o.inits, &o.ninits, &o.capinits, "--init", optarg) < 0) goto done; break;
		case O_DUMP: VEC_PUSH(o.dumps, o.ndumps, o.capdumps, optarg); break;
		case O_SEED: if (parse_u64("--seed", optarg, &o.seed) < 0) goto done; break;
		case O_STEPS: if (parse_u64("--max-steps", optarg, &o.max_steps) < 0) goto done; break;
		case O_OUTPUT: o.output = optarg; break;
		case O_FORMAT:
			if (report_parse_format(optarg, &o.format) < 0) {
				fprintf(stderr, "simulee-c: --format %s: expected text or json\n", optarg);
				goto done;
			}
			break;
		case O_FAIL_ON:
			if (report_parse_fail_on(optarg, &o.fail_on) < 0) {
				fprintf(stderr, "simulee-c: --fail-on %s: expected error, warning, note or never\n",
					optarg);
				goto done;
			}
			break;
		case O_TRACE: o.trace = 1; break;
		case O_BYTECODE: o.dump_bytecode = 1; break;
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
		case 'h':
		case O_HELP: usage(stdout); status = 0; goto done;
		case O_VERSION:
			printf("simulee-c %s (LLVM %s)\n", PACKAGE_VERSION, LLVM_VERSION_STRING);
			status = 0;
			goto done;
		default:
			if (optopt)
				fprintf(stderr, "simulee-c: option needs a value or is unknown: %s\n", argv[optind - 1]);
			else
				fprintf(stderr, "simulee-c: unknown option %s\n", argv[optind - 1]);
			fprintf(stderr, "simulee-c: try --help\n");
			goto done;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "simulee-c: no input file (try --help)\n");
		goto done;
	}
	if (optind + 1 < argc) {
		fprintf(stderr, "simulee-c: one input file at a time (got %s and %s)\n", argv[optind], argv[optind + 1]);
		goto done;
	}
	o.input = argv[optind];
	status = run_main(&o);
done:
	free_kv(o.args, o.nargs);
	free_kv(o.sizes, o.nsizes);
	free_kv(o.types, o.ntypes);
	free_kv(o.inits, o.ninits);
	free(o.dumps);
	return status;
}
