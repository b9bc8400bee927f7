/*
** replay.c: see replay.h.  The buffers a reproduction uploads are made the
** way the finding's replay line makes them: the launch's options become
** pins again and params_setup builds the buffers from them, with the same
** generators and seed, in memory of their own.  So `simulee-c <replay
** line> --dump-inputs` and `repro --dump-inputs` print the same lines,
** which the tests check.
*/
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report.h"
#include "evolve/driver.h"
#include "core/program.h"
#include "memmodel/mem.h"
#include "replay/replay.h"

/* A buffer of unknown size (a sparse one) is uploaded as this many bytes
** of zeros: what a kernel indexing it within reason needs. */
#define REPLAY_SPARSE_BYTES (UINT64_C(16) << 20)

/* How many times run.sh runs the launch to compare the results, unless
** told otherwise (./run.sh N, or SIMULEE_REPLAY_RUNS). */
#define REPLAY_RUNS 50
/* Bytes compute-sanitizer memcheck leaves unallocated after each buffer
** (--padding), so that a read past one end meets no other buffer. */
#define REPLAY_PADDING 4096

/* One element at P of element type ET as --dump prints it, into BUF. */
static void format_value(char *buf, size_t n, const uint8_t *p, uint8_t et)
{
	uint64_t bits = 0;
	memcpy(&bits, p, elem_size(et));	/* little-endian, as the device */
	elem_format(bits, et, buf, n);
}

void replay_dump_inputs(FILE *out, const struct func *f, const struct params_buf *bufs,
			const struct mem *m)
{
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct params_buf *b = &bufs[i];
		if (b->param < 0 || b->same_as || b->tex)
			continue;
		const struct mem_alloc *a = &m->a[b->alloc];
		char label[128];
		params_label(f, i, label, sizeof label);
		fprintf(out, "# %s %s %" PRIu64 "%s\n", label, elem_name(b->et), b->elems,
			a->uninit ? " uninit" : "");
		if (!a->uninit && a->data != NULL)
			replay_print_values(out, a->data, b->elems, b->et);
	}
}

void replay_print_values(FILE *out, const uint8_t *data, uint64_t elems, uint8_t et)
{
	unsigned es = elem_size(et);
	char val[64];
	for (uint64_t k = 0; k < elems; k++) {
		format_value(val, sizeof val, data + k * es, et);
		fprintf(out, "%s\n", val);
	}
}

/* ---- the compute-sanitizer tool of each kind ------------------------- */

/* BY_REPEAT is no kind's default: confirm_of gives it where only the
** comparison of repeated runs can confirm a finding. */
enum confirm { BY_TOOL, BY_FAILURE, BY_TIMEOUT, NOT_CONFIRMABLE, BY_REPEAT };

/* How each kind is confirmed on hardware, from core/finding_kinds.h: the
** tool (BY_TOOL) or the reason nothing can (NOT_CONFIRMABLE). */
static const struct {
	enum confirm confirm;
	const char *tool_or_why;
} kind_confirm[FK__COUNT] = {
#define FK_CONFIRM(kind, id, name, severity, flags, confirm, tool_or_why, brief, full, help) \
	[kind] = { confirm, tool_or_why },
	SIMULEE_FINDING_KINDS(FK_CONFIRM)
#undef FK_CONFIRM
};

/* How a finding is confirmed on hardware: *TOOL the compute-sanitizer tool
** (BY_TOOL), or *WHY the reason nothing can confirm it.  The kind's entry
** decides, but where the tool does not watch the finding's memory: a
** race on global memory is left to the comparison of repeated runs
** (BY_REPEAT). */
static enum confirm confirm_of(const struct finding *f, const char **tool, const char **why)
{
	*tool = NULL;
	*why = NULL;
	if (f->kind == FK_RACE && f->space != AS_SHARED)
		return BY_REPEAT;
	if (f->kind == FK_UNINIT && f->space != AS_GLOBAL) {
		*why = "initcheck tracks global memory only; an uninitialized read of shared or "
		       "local memory is not checked by any compute-sanitizer tool";
		return NOT_CONFIRMABLE;
	}
	if ((unsigned)f->kind >= FK__COUNT) {
		*why = FINDING_WHY_NOT_RUNTIME;
		return NOT_CONFIRMABLE;
	}
	enum confirm c = kind_confirm[f->kind].confirm;
	if (c == BY_TOOL)
		*tool = kind_confirm[f->kind].tool_or_why;
	else if (c == NOT_CONFIRMABLE)
		*why = kind_confirm[f->kind].tool_or_why;
	return c;
}

/* Does run.sh run the launch many times and compare the results (after
** the tool, if any)?  For the kinds whose harm is a result that depends
** on the schedule: races and barrier divergences a block survives. */
static int repeats(const struct finding *f)
{
	return f->kind == FK_RACE || f->kind == FK_BARRIER_DIVERGENCE || f->kind == FK_WARP_SYNC;
}

/* ---- files -------------------------------------------------------------- */

/* Creates directory PATH and its parents, as mkdir -p does. */
static int make_dir(const char *path, struct sim_error *err)
{
	char *bad = NULL;
	if (make_dirs(path, &bad) == 0)
		return 0;
	int e = errno;
	int rc = sim_fail(err, SIM_ERR_IO, "--replay: cannot create %s: %s", bad,
			  e == EEXIST ? "not a directory" : strerror(e));
	free(bad);
	return rc;
}

static FILE *create(const char *dir, const char *name, struct sim_error *err)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	if (f == NULL)
		sim_fail(err, SIM_ERR_IO, "--replay: cannot write %s: %s", path, strerror(errno));
	free(path);
	return f;
}

static int finish(FILE *f, const char *dir, const char *name, struct sim_error *err)
{
	int bad = ferror(f);
	if (fclose(f) != 0 || bad)
		return sim_fail(err, SIM_ERR_IO, "--replay: writing %s/%s failed", dir, name);
	return 0;
}

/* Copies file FROM to DIR/NAME (mode MODE). */
static int copy_file(const char *from, const char *dir, const char *name, mode_t mode,
		     struct sim_error *err)
{
	FILE *in = fopen(from, "rb");
	if (in == NULL)
		return sim_fail(err, SIM_ERR_IO, "--replay: cannot read %s: %s", from, strerror(errno));
	FILE *out = create(dir, name, err);
	if (out == NULL) {
		fclose(in);
		return err->status;
	}
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		fwrite(buf, 1, n, out);
	fclose(in);
	int rc = finish(out, dir, name, err);
	char *path = xasprintf("%s/%s", dir, name);
	if (rc == 0 && chmod(path, mode) != 0)
		rc = sim_fail(err, SIM_ERR_IO, "--replay: chmod %s: %s", path, strerror(errno));
	free(path);
	return rc;
}

/* ---- one reproduction --------------------------------------------------- */

/* The pins that give launch L's arguments and buffers again (its replay
** line's --arg, --size, --type, --init and --tex), into the vectors of
** *P; free with free_pins. */
struct pin_vecs {
	struct params_kv *v[5];
	uint32_t n[5], cap[5];
};

/* Appends pin NAME=VALUE (VALUE taken) to list WHICH. */
static void pin(struct pin_vecs *pv, int which, const char *name, char *value)
{
	struct params_kv kv = { xstrdup(name), value };
	VEC_PUSH(pv->v[which], pv->n[which], pv->cap[which], kv);
}

static struct params_pins pins_of_launch(const struct report_launch *L, struct pin_vecs *pv)
{
	enum { ARGS, SIZES, TYPES, INITS, TEXS };
	for (uint32_t i = 0; i < L->nargs; i++)
		pin(pv, ARGS, L->args[i].name, xstrdup(L->args[i].value));
	for (uint32_t i = 0; i < L->nbufs; i++) {
		const struct report_buffer *b = &L->bufs[i];
		if (b->tex) {
			pin(pv, TEXS, b->name, xstrdup(b->tex));
			continue;
		}
		if (b->elems)
			pin(pv, SIZES, b->name, xasprintf("%" PRIu64, b->elems));
		if (b->type)
			pin(pv, TYPES, b->name, xstrdup(b->type));
		if (b->init && strcmp(b->init, "zero") != 0)
			pin(pv, INITS, b->name, xstrdup(b->init));
	}
	return (struct params_pins){ .args = pv->v[ARGS], .nargs = pv->n[ARGS],
				     .sizes = pv->v[SIZES], .nsizes = pv->n[SIZES],
				     .types = pv->v[TYPES], .ntypes = pv->n[TYPES],
				     .inits = pv->v[INITS], .ninits = pv->n[INITS],
				     .texs = pv->v[TEXS], .ntexs = pv->n[TEXS] };
}

static void free_pins(struct pin_vecs *pv)
{
	for (int k = 0; k < 5; k++) {
		for (uint32_t i = 0; i < pv->n[k]; i++) {
			free(pv->v[k][i].name);
			free(pv->v[k][i].value);
		}
		free(pv->v[k]);
	}
}

static void put_hex(FILE *f, const uint8_t *p, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		fprintf(f, "%02x", p[i]);
}

/* A `global NAME BYTES` line for each __device__ variable P defines (not
** the declarations, such as clang's threadIdx), NAME as the PTX spells it
** (LLVM's NVPTX back end writes "_$_" for the characters PTX names cannot
** hold), so repro --repeat can set it back before each run and compare
** it after. */
static void put_globals(FILE *lt, const struct program *p)
{
	for (uint32_t i = 0; i < p->ngvars; i++) {
		const struct gvar *g = &p->gvars[i];
		if (g->space != AS_GLOBAL || g->init == NULL || g->size == 0 || g->name == NULL
		    || g->name[0] == '\0' || strlen(g->name) > 200 || strpbrk(g->name, " \t\n"))
			continue;
		fputs("global ", lt);
		for (const char *c = g->name; *c; c++) {
			if (*c == '.' || *c == '@' || *c == '<' || *c == '>')
				fputs("_$_", lt);
			else
				fputc(*c, lt);
		}
		fprintf(lt, " %" PRIu64 "\n", g->size);
	}
}

/*
** Writes launch.txt and the buffers' files of launch L of kernel F into
** DIR.  Returns 0; 1 with *WHY set when the launch cannot be replayed
** (nothing written then); or a negative SIM_ERR_*.
*/
static int write_launch(const struct replay_src *s, const struct report *r, uint32_t li,
			const char *dir, const char *comment, const char **why,
			struct sim_error *err)
{
	const struct report_launch *L = &r->launches[li];
	const struct program *p = s->prog;
	const struct func *f = &p->funcs[s->kernel->func];
	struct pin_vecs pv = { 0 };
	struct params_pins pins = pins_of_launch(L, &pv);
	struct mem m;
	mem_init(&m);
	interp_mem_setup(p, &m, L->dyn_shared);
	uint32_t nslots = params_nslots(f);
	uint64_t *args = xcalloc(nslots ? nslots : 1, sizeof *args);
	uint32_t nbufs = params_nbufs(f);
	struct params_buf *bufs = xcalloc(nbufs ? nbufs : 1, sizeof *bufs);
	FILE *lt = NULL;
	int rc = params_setup(&pins, L->seed, f, &m, args, bufs, err);
	if (rc < 0)
		goto out;
	*why = NULL;
	for (uint32_t i = 0; i < f->nparams && *why == NULL; i++) {
		const struct param *pa = &f->params[i];
		if (pa->texobj != TEXOBJ_NONE)
			*why = "a texture or surface object is an argument: reproductions upload "
			       "plain buffers only";
		else if (bufs[i].param < 0 && !pa->byval && pa->nslots != 1)
			*why = "an argument is passed in several pieces, which the reproduction does "
			       "not lay out";
		else if (bufs[i].param < 0 && !pa->byval && pa->size > 8)
			*why = "an argument is wider than 8 bytes";
		else if (pa->nfns > 0)
			*why = "a function pointer is an argument, whose address the reproduction "
			       "cannot take";
		else if (bufs[i].param >= 0 && bufs[i].inner != NULL)
			*why = "a buffer's elements point to buffers of their own, which the "
			       "reproduction does not lay out";
	}
	if (*why == NULL && interp_launches_kernels(p, s->kernel->func))
		*why = "the kernel launches kernels (dynamic parallelism), which needs CUDA's "
		       "device runtime: relocatable device code linked against cudadevrt, "
		       "which the reproduction does not build";
	/* the PTX is the module's, so a kernel beside one that launches
	** kernels cannot be loaded either (on an H200: CUDA_ERROR_INVALID_PTX) */
	else if (*why == NULL && interp_program_launches(p))
		*why = "the module holds a kernel that launches kernels (dynamic parallelism): "
		       "its PTX needs CUDA's device runtime, relocatable device code linked "
		       "against cudadevrt, which the reproduction does not build";
	for (uint32_t k = f->nparams; k < nbufs && *why == NULL; k++)
		if (bufs[k].param >= 0)
			*why = "a struct argument's pointer fields point to buffers, which the "
			       "reproduction does not lay out";
	if (*why != NULL) {
		rc = 1;
		goto out;
	}
	lt = create(dir, "launch.txt", err);
	if (lt == NULL) {
		rc = err->status;
		goto out;
	}
	fprintf(lt, "%s", comment);
	fprintf(lt, "ptx kernel.ptx\nkernel %s\n", s->kernel->name);
	/* a host launch that ran its first blocks: the GPU runs them all */
	const struct dim3 g = report_launch_whole_grid(L);
	fprintf(lt, "grid %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", g.x, g.y, g.z);
	fprintf(lt, "block %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", L->block.x, L->block.y, L->block.z);
	fprintf(lt, "shared %" PRIu64 "\n", L->dyn_shared);
	/* a grid sync needs the driver's cooperative launch (its workspace) */
	if (interp_is_cooperative(p, s->kernel->func))
		fprintf(lt, "cooperative\n");
	put_globals(lt, p);
	for (uint32_t i = 0; i < f->nparams && rc == 0; i++) {
		const struct param *pa = &f->params[i];
		char label[128];
		params_label(f, i, label, sizeof label);
		if (bufs[i].param >= 0) {
			const struct mem_alloc *a = &m.a[bufs[i].alloc];
			const char *et = elem_name(bufs[i].et);
			if (bufs[i].elems == 0) {
				fprintf(lt, "buffer %s %s 0 sparse:%" PRIu64 "\n", label, et, REPLAY_SPARSE_BYTES);
			} else if (a->uninit) {
				fprintf(lt, "buffer %s %s %" PRIu64 " uninit\n", label, et, bufs[i].elems);
			} else {
				char *name = xasprintf("arg%u.bin", i);
				FILE *bf = create(dir, name, err);
				if (bf == NULL) {
					rc = err->status;
				} else {
					fwrite(a->data, 1, bufs[i].elems * elem_size(bufs[i].et), bf);
					rc = finish(bf, dir, name, err);
				}
				fprintf(lt, "buffer %s %s %" PRIu64 " %s\n", label, et, bufs[i].elems, name);
				free(name);
			}
			continue;
		}
		fprintf(lt, "value %s ", label);
		if (pa->byval) {
			const struct mem_alloc *a = &m.a[MEM_ID(args[f->param_slot[i] - f->param_slot[0]])];
			put_hex(lt, a->data, pa->size);
		} else {
			uint8_t b[8];
			uint64_t v = args[f->param_slot[i] - f->param_slot[0]];
			for (int k = 0; k < 8; k++)
				b[k] = (uint8_t)(v >> (8 * k));
			put_hex(lt, b, pa->size ? pa->size : 1);
		}
		fputc('\n', lt);
	}
	if (rc == 0)
		rc = finish(lt, dir, "launch.txt", err);
	else
		fclose(lt);
	lt = NULL;
out:
	if (lt)
		fclose(lt);
	params_free_bufs(bufs, nbufs);
	free(args);
	mem_free(&m);
	free_pins(&pv);
	return rc;
}

static const char makefile[] =
	"# Builds the reproduction on the CUDA driver API (needs the CUDA toolkit;\n"
	"# no GPU to build).  make CUDA_PATH=/path/to/cuda for another toolkit.\n"
	"CUDA_PATH ?= /usr/local/cuda\n"
	"NVCC ?= $(CUDA_PATH)/bin/nvcc\n"
	"\n"
	"# ptxas's target for `make check` (the PTX's .target or any later one)\n"
	"PTXAS_ARCH ?= sm_80\n"
	"\n"
	"repro: repro.c compare.h\n"
	"\t$(NVCC) -O2 -o $@ repro.c -ldl\n"
	"\n"
	"# assembles the PTX for PTXAS_ARCH: no GPU needed\n"
	"check: repro\n"
	"\t$(CUDA_PATH)/bin/ptxas -arch=$(PTXAS_ARCH) -o /dev/null kernel.ptx\n";

/*
** The repetition step of run.sh for finding F (a race or a barrier
** divergence): repro --repeat runs the launch $RUNS times, each from
** freshly uploaded inputs, and compares every buffer and __device__
** variable after each run.  Different results confirm (exit 0); one
** result does not (1, with UNCONFIRMED's caveat); a failed launch or a
** hang is reported on its own line as what it is, never as a difference
** (2), except that a barrier divergence whose block never finishes is
** confirmed, as under the tool.
*/
static void put_repeat(FILE *sh, const struct finding *f, const char *unconfirmed)
{
	int bd = f->kind != FK_RACE;
	fprintf(sh, "limit=${SIMULEE_REPLAY_TIMEOUT:-60}\n"
		"case $RUNS$limit in\n"
		"''|*[!0-9]*) echo \"simulee-c replay: RUNS ($RUNS) and SIMULEE_REPLAY_TIMEOUT ($limit) "
		"must be whole numbers\"; exit 2;;\n"
		"esac\n"
		"timeout -k 10 $((RUNS * limit + 60)) ./repro --repeat \"$RUNS\" --timeout \"$limit\" "
		"launch.txt > repeat.log 2>&1\n"
		"st=$?\n"
		"cat repeat.log\n"
		"v=$(grep -E '^repro: (CONFIRMED|NOT CONFIRMED|LAUNCH FAILED|HUNG)' repeat.log | "
		"tail -n 1 | sed 's/^repro: //')\n"
		"case $st in\n"
		"4) echo \"simulee-c replay: $v: the results depend on the schedule\"; exit 0;;\n"
		"0) echo \"simulee-c replay: $v%s\"; exit 1;;\n", unconfirmed);
	if (bd)
		fprintf(sh, "3) echo \"simulee-c replay: CONFIRMED: the block did not finish ($v: "
			"threads wait at a barrier the others never reach)\"; exit 0;;\n");
	else
		fprintf(sh, "3) echo \"simulee-c replay: $v (a hang, not a difference between "
			"runs)\"; exit 2;;\n");
	fprintf(sh, "1) echo \"simulee-c replay: $v (a failed launch, not a difference between "
		"runs)\"; exit 2;;\n"
		"124|137) echo \"simulee-c replay: the $RUNS runs did not end in $((RUNS * limit + 60)) "
		"s\"; exit 2;;\n"
		"*) echo \"simulee-c replay: the repeated runs could not run (status $st)\"; exit 2;;\n"
		"esac\n");
}

/*
** Writes DIR/run.sh for finding F, confirmed as C says (TOOL the
** compute-sanitizer tool, WHY the reason nothing can; either may be
** NULL where C does not use it): it builds the program, runs the tool or
** the plain launch, and for the kinds that repeat (repeats()) then runs
** the launch many times and compares the results.  Its exit status is 0
** confirmed, 1 not, 2 could not run, 3 nothing confirms this kind.
** Returns 0 or a negative SIM_ERR_*.
*/
static int write_run_sh(const char *dir, enum confirm c, const char *tool, const char *why,
			const struct finding *f, struct sim_error *err)
{
	FILE *sh = create(dir, "run.sh", err);
	if (sh == NULL)
		return err->status;
	int rep = repeats(f);
	fprintf(sh, "#!/bin/sh\n"
		"# Replays the finding in launch.txt on the GPU and says whether the hardware\n"
		"# confirmed it.  Exit status: 0 confirmed, 1 not confirmed, 2 could not run,\n"
		"# 3 nothing on the GPU can confirm this kind of finding.\n");
	if (rep)
		fprintf(sh, "# ./run.sh [RUNS]: %sthe launch runs RUNS times (default\n"
			"# $SIMULEE_REPLAY_RUNS, else %d), its inputs uploaded afresh each time,\n"
			"# and different results confirm the finding; SIMULEE_REPLAY_TIMEOUT bounds\n"
			"# each run (seconds, default 60).\n",
			c == BY_TOOL ? "unless the compute-sanitizer tool confirms it first, " : "",
			REPLAY_RUNS);
	fprintf(sh, "cd \"$(dirname \"$0\")\" || exit 2\n");
	if (rep)
		fprintf(sh, "RUNS=${1:-${SIMULEE_REPLAY_RUNS:-%d}}\n", REPLAY_RUNS);
	fprintf(sh, "make -s repro || exit 2\n");
	if (c == BY_TOOL)
		fprintf(sh, "SAN=${COMPUTE_SANITIZER:-compute-sanitizer}\n");
	/* a block some of whose threads wait at a barrier the others never
	** reach may hang on the GPU: that confirms it, whatever the tool says */
	int bd = f->kind == FK_BARRIER_DIVERGENCE;
	const char *unconfirmed = bd ? " (on an H100, synccheck reported none of simulee-c's "
		"corpus of block-level barrier divergences, and a barrier some threads skip "
		"completed: see simulee-c's docs/REPLAY.md)"
		: f->kind == FK_RACE && f->its_only ? " (the race needs independent thread "
		"scheduling to interleave the two lanes, which one run may not do)" : "";
	/* cuMemAlloc may place the buffers back to back, so that a read one
	** past a buffer's end is the next buffer's and memcheck sees nothing
	** (on an H200, docs/REPLAY.md): padding after each allocation, where
	** the tool has the option, makes it no memory */
	int pad = c == BY_TOOL && strcmp(tool, "memcheck") == 0;
	if (pad)
		fprintf(sh, "PAD=\n"
			"\"$SAN\" --help 2>/dev/null | grep -q -e '--padding' && PAD=\"--padding %d\"\n",
			REPLAY_PADDING);
	switch (c) {
	case BY_TOOL:
		fprintf(sh, "timeout -k 10 ${SIMULEE_REPLAY_TIMEOUT:-120} \"$SAN\" --tool %s%s "
			"--error-exitcode 99 ./repro launch.txt > sanitizer.log 2>&1\n"
			"st=$?\n"
			"cat sanitizer.log\n"
			/* a tool stopped by the time limit after it reported
			** the error (thousands of reports take their time) has
			** confirmed it: only its exit status was lost */
			"if [ $st -eq 124 -o $st -eq 137 ] && grep -q -E "
			"'^========= +(Invalid |Uninitialized |Error: |Barrier error|Misaligned )' "
			"sanitizer.log; then\n"
			"\techo \"simulee-c replay: compute-sanitizer reported the error, then ran past "
			"${SIMULEE_REPLAY_TIMEOUT:-120} s\"\n"
			"\tst=99\n"
			"fi\n"
			"case $st in\n"
			"99) echo \"simulee-c replay: CONFIRMED by compute-sanitizer --tool %s\"; exit 0;;\n",
			tool, pad ? " $PAD" : "", tool);
		/* where the runs are repeated, they have the last word */
		if (rep)
			fprintf(sh, "0) echo \"simulee-c replay: compute-sanitizer --tool %s reported "
				"nothing; comparing the results of $RUNS runs\";;\n", tool);
		else
			fprintf(sh, "0) echo \"simulee-c replay: NOT CONFIRMED: compute-sanitizer --tool "
				"%s reported nothing%s\"; exit 1;;\n", tool, unconfirmed);
		if (bd)
			fprintf(sh, "124|137) echo \"simulee-c replay: CONFIRMED: the block did not "
				"finish in ${SIMULEE_REPLAY_TIMEOUT:-120} s (threads wait at a barrier "
				"the others never reach)\"; exit 0;;\n");
		fprintf(sh, "*) echo \"simulee-c replay: compute-sanitizer --tool %s could not run it "
			"(status $st)%s\"%s;;\n"
			"esac\n", tool, rep ? "; comparing the results of $RUNS runs" : "",
			rep ? "" : "; exit 2");
		if (rep)
			put_repeat(sh, f, unconfirmed);
		break;
	case BY_REPEAT:
		put_repeat(sh, f, unconfirmed);
		break;
	case BY_FAILURE:
		fprintf(sh, "timeout -k 10 60 ./repro launch.txt\n"
			"st=$?\n"
			"case $st in\n"
			"1) echo \"simulee-c replay: CONFIRMED: the kernel failed on the GPU\"; exit 0;;\n"
			"0) echo \"simulee-c replay: NOT CONFIRMED: the kernel completed\"; exit 1;;\n"
			"*) exit 2;;\n"
			"esac\n");
		break;
	case BY_TIMEOUT:
		fprintf(sh, "timeout -k 10 60 ./repro launch.txt\n"
			"st=$?\n"
			"case $st in\n"
			"124|137) echo \"simulee-c replay: CONFIRMED: the kernel did not finish in 60 s\"; exit 0;;\n"
			"0) echo \"simulee-c replay: NOT CONFIRMED: the kernel finished\"; exit 1;;\n"
			"*) exit 2;;\n"
			"esac\n");
		break;
	case NOT_CONFIRMABLE:
		/* the launch still runs: a hang or a failure is worth knowing */
		fprintf(sh, "timeout -k 10 60 ./repro launch.txt\n"
			"case $? in\n"
			"124|137) echo \"simulee-c replay: note: the launch did not finish in 60 s\";;\n"
			"esac\n"
			"echo \"simulee-c replay: cannot be confirmed on the GPU: %s\"\n"
			"exit 3\n", why);
		break;
	}
	int rc = finish(sh, dir, "run.sh", err);
	char *path = xasprintf("%s/run.sh", dir);
	if (rc == 0 && chmod(path, 0755) != 0)
		rc = sim_fail(err, SIM_ERR_IO, "--replay: chmod %s: %s", path, strerror(errno));
	free(path);
	return rc;
}

/* The comment lines at the top of launch.txt and README. */
static char *describe(const struct report *r, const struct finding *f, const char *kernel)
{
	char *msg = report_message(f);
	char *opts = report_launch_options(r, f->launch);
	const struct report_launch *L = &r->launches[f->launch];
	char *s = xasprintf("# simulee-c %s reproduction of: %s\n"
			    "# at %s:%" PRIu32 ":%" PRIu32 " in %s\n"
			    "# the witness launch: %s\n%s",
			    r->version ? r->version : "", msg, f->loc.file ? f->loc.file : "?",
			    f->loc.line, f->loc.col, kernel, opts,
			    L->shared_init ? "# note: the witness started shared memory as "
			    "--shared-init says; on the GPU it starts undefined\n" : "");
	free(msg);
	free(opts);
	return s;
}

/*
** Makes the kernel's PTX in reproduction directory DIR: *PTX gets its path,
** or *NO_PTX why none could be made (the tool and the command that
** failed), for the README.  The tools' output goes to DIR/ptx.log, kept
** (*LOG its path) where llc failed for the architecture asked for; ARCH
** (NARCH bytes) gets the architecture of the PTX.  A reproduction that
** cannot be made never costs the report.
*/
static void make_ptx(const struct replay_src *s, const char *dir, char **ptx, char **log,
		     char **no_ptx, char *arch, size_t narch)
{
	char *path = xasprintf("%s/kernel.ptx", dir);
	char *lp = xasprintf("%s/ptx.log", dir);
	unlink(lp);
	struct sim_error e = { 0 };
	const char *want = s->cop->gpu_arch ? s->cop->gpu_arch : COMPILE_GPU_ARCH;
	if (compile_ptx(s->cop, s->bc, path, lp, arch, narch, &e) == 0) {
		*ptx = path;
		if (strcmp(arch, want) == 0) {
			unlink(lp);
			free(lp);
		} else {
			*log = lp;
		}
		return;
	}
	unlink(path);
	free(path);
	/* the bitcode's path is simulee-c's own temporary file for a .cu */
	const char *msg = e.msg;
	size_t nb = strlen(s->bc);
	if (strncmp(msg, s->bc, nb) == 0 && strncmp(msg + nb, ": ", 2) == 0)
		msg += nb + 2;
	struct stat st;
	if (stat(lp, &st) == 0 && st.st_size > 0) {
		*log = lp;
		*no_ptx = xasprintf("no PTX could be made of the kernel: %s; ptx.log has the tool's "
				    "output", msg);
	} else {
		unlink(lp);
		free(lp);
		*no_ptx = xasprintf("no PTX could be made of the kernel: %s", msg);
	}
}

int replay_write(const struct replay_src *s, const struct report *r, struct replay_counts *n,
		 struct sim_error *err)
{
	char *repro = compile_data_path(s->cop, "replay/repro.c");
	char *compare = compile_data_path(s->cop, "replay/compare.h");
	char *ptx = NULL;	/* the kernel's PTX, made once */
	char *ptx_log = NULL;	/* what llc said of it, where it did not make
				   it at first or at all */
	char *no_ptx = NULL;	/* why no PTX could be made */
	char arch[16] = "";
	const char *want_arch = s->cop->gpu_arch ? s->cop->gpu_arch : COMPILE_GPU_ARCH;
	int rc = 0;
	if (repro == NULL || compare == NULL) {
		free(repro);
		free(compare);
		return sim_fail(err, SIM_ERR_IO, "--replay: replay/repro.c or replay/compare.h not "
				"found where simulee-c's data files are");
	}
	char **done = NULL;	/* the directories written: findings of one
				   fingerprint share one reproduction */
	uint32_t ndone = 0, capdone = 0;
	if ((rc = make_dir(s->dir, err)) < 0)
		goto out;
	for (uint32_t i = 0; i < r->findings.n && rc >= 0; i++) {
		const struct finding *f = &r->findings.v[i];
		if (!report_shows(r, f) || f->launch >= r->nlaunches)
			continue;
		char *fp = report_fingerprint(r, f);
		char *dir = xasprintf("%s/%s-%s", s->dir, finding_kind_id(f->kind), fp);
		free(fp);
		int seen = 0;
		for (uint32_t k = 0; k < ndone && !seen; k++)
			seen = strcmp(done[k], dir) == 0;
		if (seen) {
			free(dir);
			continue;
		}
		VEC_PUSH(done, ndone, capdone, xstrdup(dir));
		char *text = describe(r, f, s->kernel->demangled);
		const char *why = NULL, *tool = NULL, *cwhy = NULL;
		enum confirm c = confirm_of(f, &tool, &cwhy);
		rc = make_dir(dir, err);
		if (rc == 0)
			rc = write_launch(s, r, f->launch, dir, text, &why, err);
		if (rc == 0 && ptx == NULL && no_ptx == NULL)
			make_ptx(s, dir, &ptx, &ptx_log, &no_ptx, arch, sizeof arch);
		else if (rc == 0 && ptx != NULL)
			rc = copy_file(ptx, dir, "kernel.ptx", 0644, err);
		if (rc == 0 && ptx_log != NULL && strncmp(ptx_log, dir, strlen(dir)) != 0)
			rc = copy_file(ptx_log, dir, "ptx.log", 0644, err);
		if (rc == 0 && no_ptx != NULL) {
			rc = 1;		/* a README that says why, nothing to run */
			why = no_ptx;
		}
		if (rc == 0)
			rc = copy_file(repro, dir, "repro.c", 0644, err);
		if (rc == 0)
			rc = copy_file(compare, dir, "compare.h", 0644, err);
		FILE *mk = rc == 0 ? create(dir, "Makefile", err) : NULL;
		if (mk != NULL) {
			fputs(makefile, mk);
			rc = finish(mk, dir, "Makefile", err);
		} else if (rc == 0) {
			rc = err->status;
		}
		if (rc == 0)
			rc = write_run_sh(dir, c, tool, cwhy, f, err);
		FILE *rd = rc >= 0 ? create(dir, "README", err) : NULL;
		if (rd != NULL) {
			fprintf(rd, "%s", text);
			if (rc != 1 && strcmp(arch, want_arch) != 0)
				fprintf(rd, "# the PTX is for %s: llc could not make %s code of the kernel "
					"(the warp intrinsics without _sync exist only before sm_70); "
					"ptx.log has what llc said\n", arch, want_arch);
			if (rc == 1)
				fprintf(rd, "# not reproducible: %s\n", why);
			else if (c == BY_TOOL && repeats(f))
				fprintf(rd, "# confirm with: ./run.sh (compute-sanitizer --tool %s, then the "
					"launch run %d times, ./run.sh N for N, and the results "
					"compared)\n", tool, REPLAY_RUNS);
			else if (c == BY_REPEAT)
				fprintf(rd, "# confirm with: ./run.sh (the launch run %d times, ./run.sh N "
					"for N, and the results compared: no compute-sanitizer tool checks "
					"races on global memory)\n", REPLAY_RUNS);
			else if (c == BY_TOOL)
				fprintf(rd, "# confirm with: ./run.sh (compute-sanitizer --tool %s)\n", tool);
			else if (c == NOT_CONFIRMABLE)
				fprintf(rd, "# no GPU tool confirms it: %s\n", cwhy);
			else
				fprintf(rd, "# confirm with: ./run.sh (%s)\n", c == BY_FAILURE
					? "the launch fails" : "the launch does not finish");
			int r2 = finish(rd, dir, "README", err);
			if (rc == 1 && why == no_ptx && r2 == 0)
				n->no_ptx++;
			rc = rc == 1 ? (r2 < 0 ? r2 : 0) : r2;
		} else if (rc >= 0) {
			rc = err->status;
		}
		if (rc == 0)
			n->written++;
		free(text);
		free(dir);
	}
out:
	for (uint32_t k = 0; k < ndone; k++)
		free(done[k]);
	free(done);
	free(ptx);
	free(ptx_log);
	free(no_ptx);
	free(repro);
	free(compare);
	return rc < 0 ? rc : 0;
}
