/*
** run.c: the options become a run: inputs compiled and loaded, one fixed
** launch or the search of each kernel (evolve/driver.h), the report.  See
** run.h.
*/
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "config.h"
#include "core/program.h"
#include "detect/analyse.h"
#include "memmodel/mem.h"
#include "evolve/driver.h"
#include "front/compile.h"
#include "replay/replay.h"
#include "src/run.h"

/* One component "N" or "LO..HI" at *P (advanced past it); 0 or -1. */
static int parse_component(const char **p, uint32_t *lo, uint32_t *hi)
{
	uint32_t v[2];
	for (int i = 0; i < 2; i++) {
		char *end;
		errno = 0;
		if (**p < '0' || **p > '9')
			return -1;
		unsigned long long x = strtoull(*p, &end, 10);
		if (errno || x == 0 || x > 0xffffffffull)
			return -1;
		v[i] = (uint32_t)x;
		*p = end;
		if (i == 0 && !(end[0] == '.' && end[1] == '.')) {
			v[1] = v[0];
			break;
		}
		if (i == 0)
			*p += 2;
	}
	if (v[0] > v[1])
		return -1;
	*lo = v[0];
	*hi = v[1];
	return 0;
}

int run_parse_dim3_range(const char *s, struct dim3 *lo, struct dim3 *hi)
{
	uint32_t l[3] = { 1, 1, 1 }, h[3] = { 1, 1, 1 };
	const char *p = s;
	for (int i = 0; i < 3; i++) {
		if (parse_component(&p, &l[i], &h[i]) < 0)
			return -1;
		if (*p == '\0') {
			*lo = (struct dim3){ l[0], l[1], l[2] };
			*hi = (struct dim3){ h[0], h[1], h[2] };
			return 0;
		}
		if (*p != ',' && *p != 'x')
			return -1;
		p++;
	}
	return -1;
}

static int check_names(const struct params_kv *v, uint32_t n, const struct func *f, const char *opt,
		       struct sim_error *err)
{
	for (uint32_t i = 0; i < n; i++)
		if (!params_known(f, v[i].name))
			return sim_fail(err, SIM_ERR_USAGE, "%s %s: the kernel has no parameter '%s'",
					opt, v[i].name, v[i].name);
	return 0;
}

/* The pins of the options, for evolve/params.h. */
static struct params_pins pins_of(const struct run_opts *o)
{
	return (struct params_pins){ .args = o->args, .sizes = o->sizes, .types = o->types,
				     .inits = o->inits, .nargs = o->nargs, .nsizes = o->nsizes,
				     .ntypes = o->ntypes, .ninits = o->ninits,
				     .texs = o->texs, .ntexs = o->ntexs };
}

/* Prints ", enum {0, 1, 2}" for the N enumerator values V: runs of four or
** more consecutive values as "lo..hi", and past 16 items their count. */
static void print_enum(FILE *out, const int64_t *v, uint32_t n)
{
	fprintf(out, ", enum {");
	uint32_t items = 0, i = 0;
	for (; i < n && items < 16; items++) {
		uint32_t j = i;
		while (j + 1 < n && v[j] != INT64_MAX && v[j + 1] == v[j] + 1)
			j++;
		fprintf(out, "%s%lld", items ? ", " : "", (long long)v[i]);
		if (j - i >= 3) {
			fprintf(out, "..%lld", (long long)v[j]);
			i = j + 1;
		} else {
			i++;
		}
	}
	if (i < n)
		fprintf(out, ", ... (%u values)", n);
	fputc('}', out);
}

static void list_kernels(const struct loaded *l, FILE *out)
{
	for (uint32_t i = 0; i < l->nkernels; i++) {
		const struct kernel_info *k = &l->kernels[i];
		fprintf(out, "%s\n  mangled: %s\n", k->demangled, k->name);
		if (k->maxntid[0])	/* .maxntid bounds the product of the dimensions */
			fprintf(out, "  launch bounds: at most %llu threads per block\n",
				(unsigned long long)load_block_bound(k));
		if (k->reqntid[0])
			fprintf(out, "  required block: %u x %u x %u\n", k->reqntid[0],
				k->reqntid[1] ? k->reqntid[1] : 1, k->reqntid[2] ? k->reqntid[2] : 1);
		if (k->func < 0) {
			fprintf(out, "  not analysable: %s\n", k->error);
			continue;
		}
		const struct func *f = &l->prog->funcs[k->func];
		for (uint32_t p = 0; p < f->nparams; p++) {
			const struct param *pa = &f->params[p];
			const char *kind = pa->byval ? "struct" : pa->is_ptr ? "pointer" : "scalar";
			const char *et = elem_name(pa->is_ptr ? pa->elem : pa->type);
			fprintf(out, "  param %u: %s (%s", p, pa->name ? pa->name : "-", kind);
			if (pa->byval) {
				fprintf(out, ", %u fields, %u bytes)\n", pa->nfields, pa->size);
				continue;
			}
			if (pa->texobj != TEXOBJ_NONE) {
				char desc[160];
				tex_format(&pa->texdef, desc, sizeof desc);
				fprintf(out, " i64, %s object; default --tex %s=%s)\n",
					pa->texobj == TEXOBJ_TEX ? "texture" : "surface", pa->name ? pa->name : "-", desc);
				continue;
			}
			if (pa->nfns > 0) {
				fprintf(out, " to a device function:");
				for (uint32_t q = 0; q < pa->nfns; q++)
					fprintf(out, "%s%s", q ? ", " : " ", pa->fn_names[q]);
				fprintf(out, ")\n");
				continue;
			}
			fprintf(out, " %s", et ? et : "?");
			if (pa->nenums > 0)
				print_enum(out, pa->enums, pa->nenums);
			fprintf(out, ")\n");
		}
	}
}

/* Names a simulated address for --dump-model. */
static void name_addr(void *ctx, uint64_t addr, char *buf, size_t n)
{
	mem_name_addr(ctx, addr, buf, n);
}

/* The witness of the launch: every scalar argument (given or 0) and every
** buffer, as the user would give them again. */
static void describe_launch(struct report *r, uint32_t l, const struct run_opts *o,
			    const struct func *f, const struct params_buf *bufs)
{
	uint32_t nb = f->nparams;	/* the pointer fields' buffers, in order */
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		char label[128];
		params_label(f, i, label, sizeof label);
		if (bufs[i].param >= 0 && bufs[i].same_as) {
			report_launch_buffer(r, l, label, NULL, 0, NULL);
			report_launch_buffer_tex(r, l, params_pin(o->texs, o->ntexs, f, (int)i));
			continue;
		}
		if (bufs[i].param >= 0) {
			report_launch_buffer(r, l, label, elem_name(bufs[i].et), bufs[i].elems,
					     params_pin(o->inits, o->ninits, f, (int)i));
			if (bufs[i].tex) {
				char desc[160];
				tex_format(bufs[i].tex, desc, sizeof desc);
				report_launch_buffer_tex(r, l, desc);
			}
			continue;
		}
		const char *av = params_pin(o->args, o->nargs, f, (int)i);
		if (pa->nfns > 0) {
			report_launch_arg(r, l, label, pa->fn_names[params_fn_pick(pa, av)]);
		} else if (av != NULL) {
			report_launch_arg(r, l, label, av);
		} else if (pa->nfields > 1) {
			/* zeros, and nothing for a pointer field's buffer */
			char *zeros = xmalloc(2 * (size_t)pa->nfields);
			size_t len = 0;
			for (uint32_t j = 0; j < pa->nfields; j++) {
				if (pa->field_type[j] != ET_U64)
					zeros[len++] = '0';
				if (j + 1 < pa->nfields)
					zeros[len++] = ',';
			}
			zeros[len] = '\0';
			report_launch_arg(r, l, label, zeros);
			free(zeros);
		} else {
			report_launch_arg(r, l, label, pa->nfields == 1 && pa->field_type[0] == ET_U64 ? "" : "0");
		}
		for (uint32_t j = 0; j < pa->nfields && pa->texobj == TEXOBJ_NONE; j++) {
			if (pa->field_type[j] != ET_U64)
				continue;
			const struct params_buf *b = &bufs[nb++];
			char fl[256];
			params_field_label(f, i, j, fl, sizeof fl);
			if (b->param >= 0)
				report_launch_buffer(r, l, fl, elem_name(b->et), b->elems,
						     params_field_pin(o->inits, o->ninits, f, i, j));
		}
	}
}

/* The warp model: its for sm_70 and later unless --warp-model says. */
static enum mam_warp_model warp_model_of(const struct run_opts *o, const struct program *p)
{
	return o->warp_model >= 0 ? (enum mam_warp_model)o->warp_model
	       : p->sm >= 70 || p->sm == 0 ? MAM_ITS : MAM_LOCKSTEP;
}

static void report_header(struct report *rep, const struct run_opts *o, enum mam_warp_model model)
{
	report_init(rep);
	rep->input = o->input;
	rep->version = PACKAGE_VERSION;
	rep->llvm_version = LLVM_VERSION_STRING;
	rep->seed = o->seed;
	rep->warp_model = model == MAM_LOCKSTEP ? REPORT_LOCKSTEP : REPORT_ITS;
	rep->fail_on = o->fail_on;
	rep->show = o->contract;
	rep->perf = o->perf;
}

/* The text report's line for each searched kernel of REP. */
static void search_lines(FILE *out, const struct report *rep)
{
	for (uint32_t k = 0; k < rep->nkernels; k++) {
		const struct report_search *s = rep->kernels[k].search;
		if (s == NULL)
			continue;
		fprintf(out, "simulee-c: %s: searched %" PRIu32 " launch%s in %" PRIu32
			" generation%s (stop: %s", rep->kernels[k].demangled,
			s->evaluations, s->evaluations == 1 ? "" : "es", s->generations_run + 1,
			s->generations_run ? "s" : "", s->stop);
		if (s->cut)
			fprintf(out, ", %" PRIu32 " launch%s cut short", s->cut, s->cut == 1 ? "" : "es");
		fprintf(out, "), best fitness %.3g", s->best_fitness);
		if (s->refused)
			fprintf(out, "; %" PRIu32 " host launch%s CUDA refuses (not run)", s->refused,
				s->refused == 1 ? "" : "es");
		if (s->unmade)
			fprintf(out, "; %" PRIu32 " host launch%s whose conditions never held (not "
				"run)", s->unmade, s->unmade == 1 ? "" : "es");
		if (s->outside_contract) {
			fprintf(out, "; %" PRIu32 " outside the kernel's contract (", s->outside_contract);
			const char *sep = "";
			for (int i = 0; i < FK__COUNT; i++)
				if (s->outside_by_kind[i]) {
					fprintf(out, "%s%" PRIu32 " %s", sep, s->outside_by_kind[i],
						finding_kind_name((enum finding_kind)i));
					sep = ", ";
				}
			fprintf(out, ")");
		}
		fprintf(out, "\n");
	}
}

/* Opens where the report goes: --output, else stdout (stderr when --dump
** prints on stdout).  NULL with *err filled when --output cannot be
** written, before any analysis. */
static FILE *open_output(const struct run_opts *o, struct sim_error *err)
{
	if (o->output == NULL)
		return o->ndumps || o->dump_inputs ? stderr : stdout;
	FILE *out = fopen(o->output, "w");
	if (out == NULL)
		sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	return out;
}

/* Flushes and closes OUT (from open_output); 0 or SIM_ERR_IO. */
static int close_output(const struct run_opts *o, FILE *out, int status, struct sim_error *err)
{
	if (fflush(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "writing the report: %s", strerror(errno));
	if (o->output && fclose(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	return status;
}

/* Writes REP where --output and --format say, after the search lines of
** the text report; returns 0 or 1 (--fail-on), or SIM_ERR_IO. */
static int emit_report(const struct run_opts *o, const struct report *rep, struct sim_error *err)
{
	int status = 0;
	FILE *out = open_output(o, err);
	if (out == NULL)
		return err->status;
	if (o->format == REPORT_JSON) {
		if (report_json(out, rep) < 0)
			status = sim_fail(err, SIM_ERR_IO, "out of memory writing the JSON report");
	} else if (o->format == REPORT_SARIF) {
		if (report_sarif(out, rep) < 0)
			status = sim_fail(err, SIM_ERR_IO, "out of memory writing the SARIF report");
	} else {
		search_lines(out, rep);
		report_text(out, rep);
	}
	status = close_output(o, out, status, err);
	if (status == 0)
		status = report_exit_status(rep);
	return status;
}

struct compile_opts run_compile_opts(const struct run_opts *o)
{
	struct compile_opts cop = { 0 };
	cop.clang = o->clang;
	cop.cuda_path = o->cuda_path;
	cop.gpu_arch = o->gpu_arch != NULL ? o->gpu_arch : o->device != NULL ? o->device->arch : NULL;
	cop.cc_args = o->cc_args;
	cop.ncc_args = o->ncc_args;
	cop.host_args = o->host_args;
	cop.nhost_args = o->nhost_args;
	cop.link_args = o->link_args;
	cop.nlink_args = o->nlink_args;
	if (!o->run) {	/* simulee-c run gives them to the program */
		cop.extra_args = o->extra_args;
		cop.nextra_args = o->nextra_args;
	}
	cop.verbose = o->verbose;
	return cop;
}

/* --replay: the reproductions of REP's findings (kernel K of program P,
** loaded from BC), counted in *N. */
static int write_replays(const struct run_opts *o, const char *bc, const struct program *p,
			 const struct kernel_info *k, const struct report *rep,
			 struct replay_counts *n, struct sim_error *err)
{
	if (o->replay_dir == NULL)
		return 0;
	struct compile_opts cop = run_compile_opts(o);
	struct replay_src src = { o->replay_dir, &cop, bc, p, k };
	return replay_write(&src, rep, n, err);
}

/* The line that says where --replay wrote N reproductions. */
static void say_replays(const struct run_opts *o, const struct replay_counts *n)
{
	if (o->replay_dir == NULL)
		return;
	fprintf(stderr, "simulee-c: %" PRIu32 " reproduction%s written to %s", n->written,
		n->written == 1 ? "" : "s", o->replay_dir);
	if (n->no_ptx)
		fprintf(stderr, " (%" PRIu32 " without PTX, which LLVM could not make: their "
			"README says why)", n->no_ptx);
	fputc('\n', stderr);
}

/*
** Builds the report of the one launch (taking the findings out of *FS,
** listing the barriers of BV),
** writes it where --output, --format and --dump say, and returns the exit
** status --fail-on gives (0 or 1), or SIM_ERR_IO with *err filled.
*/
static int write_report(const struct run_opts *o, const char *bc, const struct program *p,
			const struct kernel_info *k, const struct params_buf *bufs,
			struct findings *fs, const struct barrier_verdicts *bv,
			enum mam_warp_model model, struct sim_error *err)
{
	const struct func *f = &p->funcs[k->func];
	struct report rep;
	report_header(&rep, o, model);
	uint32_t ki = report_add_kernel(&rep, k->name, k->demangled);
	uint32_t l = report_add_launch(&rep, ki, o->run_blocks.x ? o->run_blocks : o->grid, o->block,
				       o->dyn_shared, o->seed);
	if (o->run_blocks.x)
		report_launch_program_grid(&rep, l, o->grid);
	if (o->shared_init.kind != FILL_ZERO) {
		char gen[96];
		evolve_fill_format(&o->shared_init, gen, sizeof gen);
		report_launch_shared_init(&rep, l, gen);
	}
	describe_launch(&rep, l, o, f, bufs);
	report_take_findings(&rep, fs, l);
	for (uint32_t i = 0; i < bv->n; i++)
		report_add_barrier(&rep, ki, &bv->v[i].loc, barrier_record_verdict(&bv->v[i]),
				   bv->v[i].launches, bv->v[i].executions, bv->launches);

	struct replay_counts n = { 0 };
	int status = write_replays(o, bc, p, k, &rep, &n, err);
	if (status == 0)
		status = emit_report(o, &rep, err);
	if (status >= 0)
		say_replays(o, &n);
	report_free(&rep);
	return status;
}

/* Checks that every --arg, --size, --type and --init names a parameter of
** one of the kernels to search. */
static int check_names_any(const struct run_opts *o, const struct loaded *l, int only,
			   struct sim_error *err)
{
	const struct { const struct params_kv *v; uint32_t n; const char *opt; } lists[] = {
		{ o->args, o->nargs, "--arg" }, { o->sizes, o->nsizes, "--size" },
		{ o->types, o->ntypes, "--type" }, { o->inits, o->ninits, "--init" },
		{ o->texs, o->ntexs, "--tex" },
	};
	for (size_t li = 0; li < sizeof lists / sizeof lists[0]; li++)
		for (uint32_t i = 0; i < lists[li].n; i++) {
			int found = 0;
			for (uint32_t k = 0; k < l->nkernels && !found; k++) {
				if (l->kernels[k].func < 0 || (only >= 0 && (int)k != only))
					continue;
				found = params_known(&l->prog->funcs[l->kernels[k].func], lists[li].v[i].name);
			}
			if (!found)
				return sim_fail(err, SIM_ERR_USAGE, "%s %s: the kernel has no parameter '%s'",
						lists[li].opt, lists[li].v[i].name, lists[li].v[i].name);
		}
	return 0;
}

/* A --grid or --block range: the search, with the range pinned. */
static int dims_ranged(const struct run_opts *o)
{
	return o->grid.x != o->grid_hi.x || o->grid.y != o->grid_hi.y || o->grid.z != o->grid_hi.z
	       || o->block.x != o->block_hi.x || o->block.y != o->block_hi.y
	       || o->block.z != o->block_hi.z;
}

/* One file to analyse: its name in the reports, and the bitcode or IR
** load_file reads (NULL: it did not compile, and is skipped). */
struct run_input {
	const char *name;
	const char *load;	/* NULL: skipped (host code only) */
};

/* The line for input NAME that holds host code only, as a run's error
** (NOTE 0: returns SIM_ERR_KERNEL) or as a note before the others are
** analysed (NOTE 1: returns 0).  C_FILE: a C or C++ file, not compiled. */
static int host_only(const char *name, int c_file, int note, struct sim_error *err)
{
	const char *why = c_file ? "a C or C++ file, not CUDA" : "no __global__ function";
	if (note) {
		fprintf(stderr, "simulee-c: note: %s: host code only (%s); skipped\n", name, why);
		return 0;
	}
	return sim_fail(err, SIM_ERR_KERNEL, "%s: host code only (%s): no kernel to analyse%s", name,
			why, c_file ? " (a compile database entry with -x cuda makes it CUDA)" : "");
}

/* Loads input IN into *L.  A CUDA source simulee-c compiled may hold host
** code only: no error, *L then holds no kernel.  Returns 0, 1 for such a
** file, or a negative SIM_ERR_* with *err filled. */
static int load_input(const struct run_input *in, int dump_bytecode, struct loaded *l,
		      struct sim_error *err)
{
	struct load_options lo = { .dump_bytecode = dump_bytecode,
				   .allow_no_kernels = in->load != in->name };
	int rc = load_file(in->load, &lo, l, err);
	return rc < 0 ? rc : l->nkernels == 0;
}

/* A job the run has not analysed (yet): KERNEL of INPUT, or with KERNEL
** NULL every kernel of INPUT (not loaded yet). */
struct pend {
	char *input, *kernel, *demangled;
};

struct pends {
	struct pend *v;
	uint32_t n, cap;
};

static void pends_add(struct pends *p, const char *input, const char *kernel, const char *demangled)
{
	struct pend e = { xstrdup(input), kernel ? xstrdup(kernel) : NULL,
			  demangled ? xstrdup(demangled) : NULL };
	VEC_PUSH(p->v, p->n, p->cap, e);
}

static void pends_free(struct pends *p)
{
	for (uint32_t i = 0; i < p->n; i++) {
		free(p->v[i].input);
		free(p->v[i].kernel);
		free(p->v[i].demangled);
	}
	free(p->v);
	*p = (struct pends){ 0 };
}

/* Where the reports of a run's jobs go: text as each job ends (held back
** while a kernel template has instantiations still to come, so one
** mistake in it prints once: report_inst_mark), trees to merge at the
** end.  JSON and SARIF to --output are also written whole
** before a job now and then (a snapshot, marked "incomplete" with the jobs
** still to come, replacing the file by rename), so a run killed at any
** moment leaves a valid report of what finished. */
struct sink {
	FILE *out;
	struct report_totals t;
	cJSON **trees;
	uint32_t ntrees, captrees;
	struct report *held;	/* text: the jobs' reports not printed yet */
	uint32_t nheld, capheld;
	int status;		/* the worst job's exit status (0 or 1) */
	double snapshot_at;	/* mono_seconds() of the last snapshot, 0: none */
};

/* Seconds between two snapshots at least (each costs a merge of every
** job's tree so far). */
#define SNAPSHOT_EVERY 2.0

/* Whether the run's JSON or SARIF goes to a plain file that snapshots
** may replace by rename: a regular file or one not there yet.  Never a
** device, a pipe or a symbolic link (--output /dev/stdout, /dev/null):
** those are written once, at the end, as the text report is. */
static int sink_snapshots(const struct run_opts *o)
{
	struct stat st;
	if (o->format == REPORT_TEXT || o->output == NULL)
		return 0;
	if (lstat(o->output, &st) != 0)
		return errno == ENOENT;
	return S_ISREG(st.st_mode);
}

/* Writes TREE (deleting it) to PATH whole: into PATH.tmp, then renamed
** over PATH, so PATH holds a whole report at every moment.  0, or
** SIM_ERR_IO. */
static int write_tree_file(const char *path, cJSON *tree, struct sim_error *err)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int rc = 0;
	if (f == NULL) {
		cJSON_Delete(tree);
		rc = sim_fail(err, SIM_ERR_IO, "--output %s: %s", tmp, strerror(errno));
	} else {
		if (report_print_tree(f, tree) < 0)
			rc = sim_fail(err, SIM_ERR_IO, "out of memory writing the report");
		if (fclose(f) != 0 && rc == 0)
			rc = sim_fail(err, SIM_ERR_IO, "--output %s: %s", tmp, strerror(errno));
		if (rc == 0 && rename(tmp, path) != 0)
			rc = sim_fail(err, SIM_ERR_IO, "--output %s: %s", path, strerror(errno));
		if (rc < 0)
			unlink(tmp);
	}
	free(tmp);
	return rc;
}

/* Opens the report's file at the first job's report (or at the end of a
** run with none), so a run that fails before any job leaves it alone. */
static int sink_open(const struct run_opts *o, struct sink *sk, struct sim_error *err)
{
	if (sk->out == NULL && (sk->out = open_output(o, err)) == NULL)
		return err->status;
	return 0;
}

/* Adds the report of one job to the sink (the text's is held, and REP
** left empty, until sink_release); 0, or SIM_ERR_IO. */
static int sink_add(const struct run_opts *o, struct sink *sk, struct report *rep,
		    struct sim_error *err)
{
	if (!sink_snapshots(o) && sink_open(o, sk, err) < 0)
		return err->status;
	int st = report_exit_status(rep);
	sk->status = st > sk->status ? st : sk->status;
	if (o->format == REPORT_TEXT) {
		/* held until sink_release; REP is left empty */
		VEC_PUSH(sk->held, sk->nheld, sk->capheld, *rep);
		report_init(rep);
		return 0;
	}
	cJSON *t = o->format == REPORT_JSON ? report_json_tree(rep) : report_sarif_tree(rep);
	if (t == NULL)
		return sim_fail(err, SIM_ERR_IO, "out of memory writing the report");
	VEC_PUSH(sk->trees, sk->ntrees, sk->captrees, t);
	return 0;
}

/* Prints the held text reports, one mistake of a template once across
** its instantiations, and frees them.  Before the program their source
** locations point into is freed. */
static void sink_release(const struct run_opts *o, struct sink *sk)
{
	if (o->format != REPORT_TEXT || sk->nheld == 0)
		return;
	struct report **v = xcalloc(sk->nheld, sizeof *v);
	for (uint32_t i = 0; i < sk->nheld; i++)
		v[i] = &sk->held[i];
	report_inst_mark(v, sk->nheld);
	free(v);
	for (uint32_t i = 0; i < sk->nheld; i++) {
		search_lines(sk->out, &sk->held[i]);
		report_text_body(sk->out, &sk->held[i]);
		report_totals_add(&sk->t, &sk->held[i]);
		report_free(&sk->held[i]);
	}
	sk->nheld = 0;
	fflush(sk->out);
}

/* The run's tree of what the sink holds: the merge of the jobs' trees (an
** EMPTY report's with none), marked as shard I of N of a run of JOBS jobs
** when sharded, and as incomplete (REASON, the jobs of PENDING) when
** REASON is not NULL.  NULL with *err filled. */
static cJSON *sink_tree(const struct run_opts *o, const struct sink *sk, const struct report *empty,
			uint32_t jobs, const char *reason, const struct pends *pending,
			struct sim_error *err)
{
	cJSON *tree;
	if (sk->ntrees == 0) {
		tree = o->format == REPORT_JSON ? report_json_tree(empty) : report_sarif_tree(empty);
		if (tree == NULL)
			sim_fail(err, SIM_ERR_IO, "out of memory writing the report");
	} else {
		const char **names = xcalloc(sk->ntrees, sizeof *names);
		for (uint32_t i = 0; i < sk->ntrees; i++)
			names[i] = o->input ? o->input : "the run";
		tree = report_merge(sk->trees, names, sk->ntrees, 0, err);
		free(names);
	}
	if (tree == NULL)
		return NULL;
	int rc = o->shard_count ? report_mark_shard(tree, o->shard_index, o->shard_count, jobs) : 0;
	if (rc == 0 && reason) {
		struct report_pending *v = xcalloc(pending->n ? pending->n : 1, sizeof *v);
		for (uint32_t i = 0; i < pending->n; i++)
			v[i] = (struct report_pending){ pending->v[i].input, pending->v[i].kernel,
							pending->v[i].demangled };
		rc = report_mark_incomplete(tree, reason, v, pending->n);
		free(v);
	}
	if (rc < 0) {
		cJSON_Delete(tree);
		sim_fail(err, SIM_ERR_IO, "out of memory writing the report");
		return NULL;
	}
	return tree;
}

/* Whether a snapshot is due: snapshots are made (sink_snapshots) and
** none was, or the last one is SNAPSHOT_EVERY seconds old. */
static int snapshot_due(const struct run_opts *o, const struct sink *sk)
{
	return sink_snapshots(o)
	       && (sk->snapshot_at == 0 || mono_seconds() - sk->snapshot_at >= SNAPSHOT_EVERY);
}

/* A snapshot of the report so far in --output (JSON, SARIF), the jobs of
** PENDING still to come.  0, or SIM_ERR_IO. */
static int sink_snapshot(const struct run_opts *o, struct sink *sk, const struct report *empty,
			 uint32_t jobs, const struct pends *pending, struct sim_error *err)
{
	sk->snapshot_at = mono_seconds();
	cJSON *tree = sink_tree(o, sk, empty, jobs, "in progress", pending, err);
	return tree ? write_tree_file(o->output, tree, err) : err->status;
}

/* The text report's line for a run that stopped before its end. */
static void text_incomplete(FILE *out, const char *reason, const struct pends *pending)
{
	fprintf(out, "simulee-c: %s: %" PRIu32 " job%s not analysed", reason, pending->n,
		pending->n == 1 ? "" : "s");
	for (uint32_t i = 0; i < pending->n && i < 8; i++) {
		const struct pend *e = &pending->v[i];
		if (e->kernel)
			fprintf(out, "%s %s (%s)", i ? "," : ":", e->demangled, e->input);
		else
			fprintf(out, "%s every kernel of %s", i ? "," : ":", e->input);
	}
	fprintf(out, "%s\n", pending->n > 8 ? ", ..." : "");
}

/* Writes what the sink holds after the last job: the summary line, or the
** merged tree (marked as shard I of N of a run of JOBS jobs when
** sharded).  EMPTY: a report with no kernels, for a shard with no jobs.
** REASON (NULL: the run finished): why the run stopped before the jobs of
** PENDING. */
static int sink_finish(const struct run_opts *o, struct sink *sk, const struct report *empty,
		       uint32_t jobs, const char *reason, const struct pends *pending,
		       struct sim_error *err)
{
	if (o->format == REPORT_TEXT) {
		if (sink_open(o, sk, err) < 0)
			return err->status;
		if (reason)
			text_incomplete(sk->out, reason, pending);
		sk->t.seed = o->seed;
		sk->t.warp_model = empty->warp_model;
		report_text_summary(sk->out, &sk->t);
		return 0;
	}
	cJSON *tree = sink_tree(o, sk, empty, jobs, reason, pending, err);
	if (tree == NULL)
		return err->status;
	if (sink_snapshots(o))
		return write_tree_file(o->output, tree, err);
	if (sink_open(o, sk, err) < 0) {
		cJSON_Delete(tree);
		return err->status;
	}
	if (report_print_tree(sk->out, tree) < 0)
		return sim_fail(err, SIM_ERR_IO, "out of memory writing the report");
	return 0;
}

static void sink_free(struct sink *sk)
{
	for (uint32_t i = 0; i < sk->nheld; i++)
		report_free(&sk->held[i]);
	free(sk->held);
	for (uint32_t i = 0; i < sk->ntrees; i++)
		cJSON_Delete(sk->trees[i]);
	free(sk->trees);
	report_totals_free(&sk->t);
}

/* What the loaded inputs say of each kernel's pointer parameters: whether
** its code may write through them (struct param's may_write), for the
** host-side checks. */
struct kwrite {
	char *name;		/* mangled */
	uint8_t *mw;		/* per parameter */
	uint32_t np;
};

struct kwrites {
	struct kwrite *v;
	uint32_t n, cap;
};

static void kwrites_add(struct kwrites *kw, const struct loaded *l)
{
	for (uint32_t k = 0; k < l->nkernels; k++) {
		const struct kernel_info *ki = &l->kernels[k];
		if (ki->func < 0)
			continue;
		const struct func *f = &l->prog->funcs[ki->func];
		struct kwrite e = { xstrdup(ki->name), xcalloc(f->nparams + 1, 1), f->nparams };
		for (uint32_t i = 0; i < f->nparams; i++)
			e.mw[i] = f->params[i].may_write;
		VEC_PUSH(kw->v, kw->n, kw->cap, e);
	}
}

static int kwrites_may_write(void *ctx, const char *kernel, uint32_t param)
{
	const struct kwrites *kw = ctx;
	for (uint32_t i = 0; i < kw->n; i++)
		if (strcmp(kw->v[i].name, kernel) == 0)
			return param >= kw->v[i].np || kw->v[i].mw[param];
	return 1;	/* a kernel no input defines: anything */
}

static void kwrites_free(struct kwrites *kw)
{
	for (uint32_t i = 0; i < kw->n; i++) {
		free(kw->v[i].name);
		free(kw->v[i].mw);
	}
	free(kw->v);
}

/* The host-side data mapping findings of every host function HS read
** (docs/HOST-MAPPING.md), as one more report after the kernels'.  They are
** no job of their own: every shard finds them, the first one reports
** them, so the shards' jobs stay the kernels.  0, or SIM_ERR_IO. */
static int host_findings(const struct run_opts *o, const struct hostsites *hs, const struct kwrites *kw,
			 enum mam_warp_model model, struct sink *sk, struct sim_error *err)
{
	struct findings fs = { 0 };
	for (uint32_t i = 0; i < hs->nseqs; i++) {
		if (hs->seqs[i].truncated)
			fprintf(stderr, "simulee-c: warning: %s: only the first %" PRIu32 " CUDA calls, "
				"loads and stores of the host function are checked\n", hs->seqs[i].fns[0].name,
				hs->seqs[i].nops);
		hostmap_check(&hs->seqs[i], kwrites_may_write, (void *)kw, &fs);
	}
	int rc = 0;
	if (fs.n && (!o->shard_count || o->shard_index == 1)) {
		struct report rep;
		report_header(&rep, o, model);
		report_add_host_findings(&rep, &fs);
		rc = sink_add(o, sk, &rep, err);
		sink_release(o, sk);
		report_free(&rep);
	}
	findings_free(&fs);
	return rc;
}

/* The jobs of this shard from kernel K of input I on (L loaded, J the
** job number kernel K would get), into *OUT: each kernel of L left, then
** every later input whole. */
static void stopped_at(const struct run_opts *o, const struct run_input *ins, uint32_t nins, uint32_t i,
		       const struct loaded *l, uint32_t k, int only, uint32_t j, struct pends *out)
{
	for (; k < l->nkernels; k++) {
		const struct kernel_info *ki = &l->kernels[k];
		if ((o->kernel && (int)k != only) || ki->func < 0)
			continue;
		uint32_t jj = j++;
		if (!o->shard_count || jj % o->shard_count == o->shard_index - 1)
			pends_add(out, ins[i].name, ki->name, ki->demangled);
	}
	for (uint32_t n = i + 1; n < nins; n++)
		if (ins[n].load)
			pends_add(out, ins[n].name, NULL, NULL);
}

/* The process's CPU seconds so far, user and system, of every thread (the
** search's workers are threads, joined before a kernel's search returns). */
static double cpu_seconds(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6
	       + (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* S as one TSV field: a tab or a line break becomes a space. */
static void tsv_field(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

/* The --timings file's columns (docs/DECISIONS.md, "Time per kernel in
** one process"). */
static const char timings_header[] = "input\tkernel\tjob\tcpu_s\twall_s\tlaunches\tcut\tgenerations"
				     "\tstop\tpool_peak_mib\trss_peak_mib\tdemangled\n";

/* One line of the --timings file F: kernel K of input IN, job J, its search's
** CPU and wall seconds and what it spent (ST), the process's peak resident
** memory so far; flushed, so that a killed run keeps the lines before. */
static void timings_line(FILE *f, const char *in, const struct kernel_info *k, uint32_t j, double cpu,
			 double wall, const struct driver_stats *st)
{
	struct rusage ru;
	long rss = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;	/* KiB */
	tsv_field(f, in);
	fputc('\t', f);
	tsv_field(f, k->name);
	fprintf(f, "\t%" PRIu32 "\t%.3f\t%.3f\t%" PRIu32 "\t%" PRIu32 "\t%" PRIu32 "\t%s\t%.1f\t%.1f\t", j,
		cpu, wall, st->launches, st->cut, st->generations, st->stop ? st->stop : "-",
		(double)st->pool_peak / (1 << 20), (double)rss / 1024);
	tsv_field(f, k->demangled);
	fputc('\n', f);
	fflush(f);
}

/* The templates of L's kernels that are jobs of this run, from job J on
** (as run_search numbers them; ONLY: --kernel's, or -1), into FAM (NULL:
** not a template instantiation, or not a job of this shard). */
static void job_templates(const struct run_opts *o, const struct loaded *l, int only, uint32_t j,
			  char **fam)
{
	for (uint32_t k = 0; k < l->nkernels; k++) {
		fam[k] = NULL;
		if ((o->kernel && (int)k != only) || l->kernels[k].func < 0)
			continue;
		uint32_t job = j++;
		if (o->format == REPORT_TEXT
		    && !(o->shard_count && job % o->shard_count != o->shard_index - 1))
			fam[k] = report_template_of(l->kernels[k].demangled);
	}
}

/* Whether the text must hold its reports back after kernel K of N: a
** template (FAM) has a kernel at or before K and one after it. */
static int template_open(char *const *fam, uint32_t n, uint32_t k)
{
	for (uint32_t a = 0; a <= k && a < n; a++)
		for (uint32_t b = k + 1; fam[a] && b < n; b++)
			if (fam[b] && strcmp(fam[a], fam[b]) == 0)
				return 1;
	return 0;
}

/*
** The default pipeline: every kernel of every input (or those --kernel
** names) is a job, numbered in input order and module order; each job in
** this shard (all of them without --shard) is searched, detected and
** reported on its own, and the run's report is the merge of the jobs'.
*/
static int run_search(const struct run_opts *o, const struct run_input *ins, uint32_t nins,
		      const struct hostsites *hs, struct sim_error *err)
{
	struct driver_opts d = { 0 };
	d.pins = pins_of(o);
	d.grid = o->grid;
	d.grid_hi = o->grid_hi;
	d.block = o->block;
	d.block_hi = o->block_hi;
	d.grid_given = o->grid_given;
	d.block_given = o->block_given;
	d.shared_given = o->shared_given;
	d.shared_init_given = o->shared_init_given;
	d.shared_init = o->shared_init;
	d.dyn_shared = o->dyn_shared;
	d.seed = o->seed;
	d.max_steps = o->max_steps;
	uint64_t total = 0;
	if (run_budget(o, &total, &d.max_memory, &d.max_shadow, err) < 0)
		return err->status;
	d.pool_bytes = total;
	d.verbose = o->verbose;
	d.no_prune = o->no_prune;
	d.max_threads = o->max_threads;
	d.population = o->population;
	d.generations = o->generations;
	d.threshold = o->threshold;
	d.time_limit = o->time_limit;
	d.jobs = o->jobs;
	struct driver_stats dst = { 0 };
	FILE *tf = NULL;
	if (o->timings) {
		tf = fopen(o->timings, "w");
		if (tf == NULL)
			return sim_fail(err, SIM_ERR_IO, "--timings %s: %s", o->timings, strerror(errno));
		fputs(timings_header, tf);
		fflush(tf);
		d.stats = &dst;
	}
	struct sink sk = { 0 };
	struct report empty;
	report_header(&empty, o, o->warp_model >= 0 ? (enum mam_warp_model)o->warp_model : MAM_ITS);
	uint32_t job = 0;
	struct replay_counts nreplays = { 0 };
	int rc = 0, named = 0;
	struct kwrites kw = { 0 };
	struct pends pending = { 0 };
	stop_on_signals();
	for (uint32_t i = 0; i < nins && rc == 0; i++) {
		if (ins[i].load == NULL)
			continue;
		struct loaded l = { 0 };
		int got = load_input(&ins[i], o->dump_bytecode, &l, err);
		if (got < 0) {
			if (nins == 1) {
				rc = err->status;
				break;
			}
			/* one file of many: the others go on */
			fprintf(stderr, "simulee-c: warning: %s: not analysed: %s\n", ins[i].name, err->msg);
			continue;
		}
		if (got == 1) {
			/* its host IR is read all the same: its launches of
			** other files' kernels count */
			rc = host_only(ins[i].name, 0, nins > 1, err);
			load_free(&l);
			continue;
		}
		kwrites_add(&kw, &l);
		int only = -1;
		if (o->kernel) {
			only = load_find_kernel(&l, o->kernel);
			named |= only >= 0;
		}
		if (nins == 1 && o->kernel && only < 0)
			rc = sim_fail(err, SIM_ERR_KERNEL, "%s: no kernel named '%s' (--list-kernels lists "
				      "them)", ins[i].name, o->kernel);
		else if (nins == 1)
			rc = check_names_any(o, &l, only, err);
		d.model = warp_model_of(o, l.prog);
		d.device = o->device;
		char **fam = xcalloc(l.nkernels ? l.nkernels : 1, sizeof *fam);
		job_templates(o, &l, only, job, fam);
		empty.warp_model = d.model == MAM_LOCKSTEP ? REPORT_LOCKSTEP : REPORT_ITS;
		for (uint32_t k = 0; k < l.nkernels && rc == 0; k++) {
			if ((o->kernel && (int)k != only))
				continue;
			if (l.kernels[k].func < 0) {
				fprintf(stderr, "simulee-c: kernel %s skipped: %s\n", l.kernels[k].demangled,
					l.kernels[k].error);
				continue;
			}
			if (stop_signal_seen) {
				stopped_at(o, ins, nins, i, &l, k, only, job, &pending);
				break;
			}
			if (snapshot_due(o, &sk)) {
				/* before this job (the first one among them): a kill
				** from here on leaves a report of the jobs before it */
				stopped_at(o, ins, nins, i, &l, k, only, job, &pending);
				rc = sink_snapshot(o, &sk, &empty, job, &pending, err);
				pends_free(&pending);
				if (rc < 0)
					break;
			}
			uint32_t j = job++;
			if (o->shard_count && j % o->shard_count != o->shard_index - 1)
				continue;
			struct report rep;
			report_header(&rep, o, d.model);
			double cpu0 = tf ? cpu_seconds() : 0, wall0 = tf ? mono_seconds() : 0;
			rc = driver_search_kernel(&d, &l, &l.kernels[k], hs, &rep, err);
			if (rc == 0 && tf)
				timings_line(tf, ins[i].name, &l.kernels[k], j, cpu_seconds() - cpu0,
					     mono_seconds() - wall0, &dst);
			if (rc == 0 && rep.nkernels == 1)
				report_kernel_origin(&rep, 0, ins[i].name, j);
			if (rc == 0)
				rc = write_replays(o, ins[i].load, l.prog, &l.kernels[k], &rep, &nreplays, err);
			if (rc == 0)
				rc = sink_add(o, &sk, &rep, err);
			if (!template_open(fam, l.nkernels, k))
				sink_release(o, &sk);
			report_free(&rep);
		}
		sink_release(o, &sk);
		for (uint32_t k = 0; k < l.nkernels; k++)
			free(fam[k]);
		free(fam);
		if (rc == 0 && stop_signal_seen && pending.n == 0)
			stopped_at(o, ins, nins, i, &l, l.nkernels, only, job, &pending);
		load_free(&l);
		if (stop_signal_seen)
			break;
	}
	const char *reason = NULL;
	if (stop_signal_seen) {
		reason = stop_signal_seen == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)";
		fprintf(stderr, "simulee-c: %s: reporting what finished\n", reason);
	}
	/* the host side's own calls, when the whole program is analysed */
	if (rc == 0 && job > 0 && o->kernel == NULL && reason == NULL)
		rc = host_findings(o, hs, &kw, d.model, &sk, err);
	kwrites_free(&kw);
	if (rc == 0 && o->kernel && !named && reason == NULL)
		rc = sim_fail(err, SIM_ERR_KERNEL, "no input has a kernel named '%s' (--list-kernels "
			      "lists them)", o->kernel);
	else if (rc == 0 && job == 0 && reason == NULL)
		rc = sim_fail(err, SIM_ERR_UNSUPPORTED, "%s: no kernel can be analysed",
			      o->input ? o->input : "the inputs");
	if (rc == 0)
		rc = sink_finish(o, &sk, &empty, job, reason, &pending, err);
	if (rc == 0)
		say_replays(o, &nreplays);
	if (sk.out)
		rc = close_output(o, sk.out, rc, err);
	if (tf && (ferror(tf) | fclose(tf)) && rc >= 0)
		rc = sim_fail(err, SIM_ERR_IO, "--timings %s: cannot write it", o->timings);
	if (rc == 0)
		rc = reason ? 128 + stop_signal_seen : sk.status;
	pends_free(&pending);
	sink_free(&sk);
	report_free(&empty);
	stop_on_signals_end();
	return rc;
}

/*
** Compiles what needs compiling and lists the files to analyse in *INS
** (*NINS of them; the caller frees the array, the names point into O and
** CO): each input file, a .cu one compiled first (with its compile
** database entry's flags when -p has one), or with no input file every
** CUDA translation unit of the database.  With one input, a compile error
** is the run's; with many, a file that does not compile is a warning and
** the others go on.  A C or C++ file (host code only, unless its database
** entry compiles it as CUDA) is skipped with a note, and is the run's error
** when it is the one input.  Fills *CO (the caller frees it on every path).
** Returns 0, or a negative SIM_ERR_* with *err filled.
*/
static int compile_inputs(const struct run_opts *o, struct compile_out *co,
			  struct run_input **ins, uint32_t *nins, struct sim_error *err)
{
	struct compile_opts cop = run_compile_opts(o);
	uint32_t n = o->ninputs, ncu = 0;
	/* a file named on the command line that is not there is the user's
	** mistake, whatever the others: said before any compile */
	for (uint32_t i = 0; n > 1 && i < n; i++)
		if (access(o->inputs[i], R_OK) != 0)
			return sim_fail(err, SIM_ERR_IO, "%s: %s", o->inputs[i], strerror(errno));
	/* a C or C++ file is CUDA where its database entry says so (-x cuda) */
	char **cus = xcalloc(n ? n : 1, sizeof *cus);
	for (uint32_t i = 0; i < n; i++)
		if (compile_is_cuda_source(o->inputs[i]) || compile_is_host_source(o->inputs[i]))
			cus[ncu++] = o->inputs[i];
	int rc = 0;
	if (o->compile_db != NULL)
		rc = compile_db_units(&cop, o->compile_db, cus, ncu, n == 0, co, err);
	free(cus);
	if (rc < 0)
		return rc;
	if (n == 0 && co->nunits == 0)
		return sim_fail(err, SIM_ERR_USAGE, "%s: no CUDA translation unit to analyse",
				o->compile_db);
	if (n == 1 && compile_is_host_source(o->inputs[0]) && compile_find_unit(co, o->inputs[0]) < 0)
		return host_only(o->inputs[0], 1, 0, err);
	uint32_t total = n ? n : co->nunits;
	*ins = xcalloc(total, sizeof **ins);
	*nins = total;
	/* the units to compile, all at once (--jobs of them in parallel) */
	uint32_t *todo = xcalloc(total, sizeof *todo), ntodo = 0;
	int *unit_of = xcalloc(total, sizeof *unit_of);
	for (uint32_t i = 0; i < total; i++) {
		struct run_input *in = &(*ins)[i];
		in->name = n ? o->inputs[i] : co->units[i].src;
		unit_of[i] = -1;
		int u = n ? compile_find_unit(co, in->name) : (int)i;
		if (n && !compile_is_cuda_source(in->name) && u < 0) {
			if (compile_is_host_source(in->name)) {
				host_only(in->name, 1, 1, err);	/* in->load stays NULL */
				compile_add_host_src(co, in->name);
			} else
				in->load = in->name;
			continue;
		}
		if (u < 0)
			u = (int)compile_add_unit(co, in->name);
		unit_of[i] = u;
		int again = 0;	/* a file named twice is compiled once */
		for (uint32_t t = 0; t < ntodo && !again; t++)
			again = todo[t] == (uint32_t)u;
		if (!again)
			todo[ntodo++] = (uint32_t)u;
	}
	struct sim_error *errs = xcalloc(ntodo ? ntodo : 1, sizeof *errs);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	uint32_t jobs = o->jobs ? (uint32_t)o->jobs : cores > 0 ? (uint32_t)cores : 1;
	rc = compile_units(&cop, co, todo, ntodo, jobs, errs);
	if (rc < 0)
		*err = errs[0];
	else
		compile_link_units(&cop, co);	/* device code across the inputs */
	for (uint32_t i = 0; i < total && rc == 0; i++) {
		struct run_input *in = &(*ins)[i];
		if (unit_of[i] < 0)
			continue;
		uint32_t t = 0;
		while (todo[t] != (uint32_t)unit_of[i])
			t++;
		const struct sim_error *e = &errs[t];
		if (e->status == SIM_ERR_COMPILE && total > 1) {
			/* clang said why; one file of many */
			fprintf(stderr, "simulee-c: warning: %s; its kernels are not analysed\n", e->msg);
			continue;
		}
		if (e->status < 0) {
			*err = *e;
			rc = e->status;
			break;
		}
		in->load = co->units[unit_of[i]].device_bc;
	}
	free(errs);
	free(todo);
	free(unit_of);
	return rc;
}

/*
** Reads the launch sites of the host IR files of CO into *HS, then, while
** the sites want callers of functions no file read calls
** (hostsites_wanted), compiles the program's C and C++ files that name
** them (compile_host_needed) and reads those too; then binds the sites to
** their callers (hostsites_link).  What cannot be read or compiled is a
** warning: the sites concerned stay unbound.
*/
static void read_host_sites(const struct run_opts *o, struct compile_out *co, struct hostsites *hs)
{
	struct compile_opts cop = run_compile_opts(o);
	uint32_t done = 0;
	/* the host's device queries read as the --device a run simulates */
	const struct sim_device *d = o->device ? o->device : sim_device_default();
	struct simrt_device dev;
	sim_device_wire(d, &dev);
	hs->dev = &dev;
	for (int round = 0; round < 8; round++) {
		for (; done < co->nhost_irs; done++) {
			struct sim_error herr = { 0 };
			/* a host side the reader cannot take leaves the kernels
			** without observed launches, and says so */
			if (hostsite_read(co->host_irs[done], hs, &herr) < 0)
				fprintf(stderr, "simulee-c: warning: host launch sites not read: %s\n",
					herr.msg);
		}
		char **want = co->nhost_srcs ? hostsites_wanted(hs) : NULL;
		struct sim_error cerr = { 0 };
		int made = want ? compile_host_needed(&cop, co, want, &cerr) : 0;
		for (uint32_t i = 0; want && want[i]; i++)
			free(want[i]);
		free(want);
		if (made < 0)
			fprintf(stderr, "simulee-c: warning: %s\n", cerr.msg);
		if (made <= 0)
			break;
	}
	hostsites_link(hs);
	hs->dev = NULL;
}

/* Reads report file PATH into a tree; NULL with *err filled. */
static cJSON *read_report(const char *path, struct sim_error *err)
{
	size_t n;
	char *buf = read_whole_file(path, &n, err);
	if (buf == NULL)
		return NULL;
	cJSON *t = cJSON_ParseWithLength(buf, n);
	free(buf);
	if (t == NULL)
		sim_fail(err, SIM_ERR_USAGE, "%s: not a JSON report or SARIF log (not JSON)", path);
	return t;
}

int run_merge(const struct run_opts *o)
{
	struct sim_error err = { 0 };
	cJSON **trees = xcalloc(o->ninputs ? o->ninputs : 1, sizeof *trees);
	cJSON *out = NULL;
	int status = 2;
	uint32_t n = 0;
	if (o->ninputs == 0) {
		sim_fail(&err, SIM_ERR_USAGE, "--merge needs the reports of the shards (JSON or SARIF)");
		goto done;
	}
	for (; n < o->ninputs; n++)
		if ((trees[n] = read_report(o->inputs[n], &err)) == NULL)
			goto done;
	out = report_merge(trees, (const char *const *)o->inputs, n, 1, &err);
	if (out == NULL)
		goto done;
	int sarif = report_tree_is_sarif(out);
	if (o->format_given && (o->format == REPORT_SARIF) != sarif) {
		sim_fail(&err, SIM_ERR_USAGE, "--merge writes the format of its inputs (%s), not %s",
			 sarif ? "sarif" : "json", o->format == REPORT_SARIF ? "sarif" : o->format == REPORT_JSON
			 ? "json" : "text");
		goto done;
	}
	const cJSON *st = sarif ? cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
			cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(out, "runs"), 0), "invocations"), 0)
			: cJSON_GetObjectItemCaseSensitive(out, "summary");
	const cJSON *code = cJSON_GetObjectItemCaseSensitive(st, sarif ? "exitCode" : "exit_status");
	int exit_status = cJSON_IsNumber(code) && code->valuedouble == 1 ? 1 : 0;
	FILE *f = open_output(o, &err);
	if (f == NULL)
		goto done;
	int rc = report_print_tree(f, out) < 0 ? sim_fail(&err, SIM_ERR_IO, "out of memory writing the report") : 0;
	out = NULL;
	rc = close_output(o, f, rc, &err);
	if (rc == 0)
		status = exit_status;
done:
	if (status == 2)
		fprintf(stderr, "simulee-c: %s\n", err.msg);
	cJSON_Delete(out);
	for (uint32_t i = 0; i < n; i++)
		cJSON_Delete(trees[i]);
	free(trees);
	return status;
}

int run_budget(const struct run_opts *o, uint64_t *total, uint64_t *mem, uint64_t *shadow,
	       struct sim_error *err)
{
	uint64_t b = o->max_memory ? o->max_memory : RUN_MAX_MEMORY;
	uint64_t s = o->max_shadow ? o->max_shadow : b / 4 * 3;
	if (s > b || b - s < (UINT64_C(1) << 20))
		return sim_fail(err, SIM_ERR_USAGE,
				"--max-shadow %" PRIu64 "M: not below --max-memory %" PRIu64
				"M, the budget the shadow is a share of (raise --max-memory too)",
				s >> 20, b >> 20);
	*total = b;
	*mem = b - s;
	*shadow = s;
	return 0;
}

/* Whether report file PATH (NULL: stdout) can be opened for writing; it
** is not truncated, and not left behind if it did not exist. */
static int check_output(const char *opt, const char *path, struct sim_error *err)
{
	if (path == NULL)
		return 0;
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return sim_fail(err, SIM_ERR_IO, "%s %s: is a directory", opt, path);
	/* the name itself: a dangling symbolic link is there (the file it
	** names is made through it and stays; unlinking would remove the link) */
	int existed = lstat(path, &st) == 0;
	int fd = open(path, O_WRONLY | O_CREAT, 0666);
	if (fd < 0)
		return sim_fail(err, SIM_ERR_IO, "%s %s: %s", opt, path, strerror(errno));
	close(fd);
	if (!existed)
		unlink(path);
	return 0;
}

int run_main(const struct run_opts *opts)
{
	/* a copy that carries the host IR files to everything below */
	struct run_opts ro = *opts;
	const struct run_opts *o = &ro;
	struct compile_out co = { 0 };
	struct run_input *ins = NULL;
	uint32_t nins = 0;
	struct sim_error err = { 0 };
	struct loaded l = { 0 };
	struct mem m;
	struct findings fs = { 0 };
	struct mam *mam = NULL;
	struct barrier_verdicts bv = { 0 };
	struct params_buf *bufs = NULL;
	uint32_t nbufs = 0;
	uint64_t *args = NULL;
	int status = 2;
	mem_init(&m);

	/* what the options alone can tell, before anything is compiled or
	** run: a launch CUDA refuses, a report file that cannot be written */
	if (interp_check_launch(o->grid, o->block, o->dyn_shared, &err) < 0
	    || check_output("--output", o->output, &err) < 0
	    || check_output("--timings", o->timings, &err) < 0)
		goto fail;
	int single = o->trace || o->dump_model || o->ndumps > 0 || o->dump_inputs;
	int search = o->search == 1 || dims_ranged(o)
		     || (o->search < 0 && !o->grid_given && !o->block_given && !single
			 && !o->shared_given && o->nsizes == 0);
	if (search && o->search == 0) {
		sim_fail(&err, SIM_ERR_USAGE, "--no-search needs exact --grid and --block, not ranges");
		goto fail;
	}
	if (o->run_blocks.x && (search || o->list_kernels)) {
		sim_fail(&err, SIM_ERR_USAGE, "--run-blocks runs part of one launch: it needs exact "
			 "--grid and --block");
		goto fail;
	}
	if (search && single) {
		sim_fail(&err, SIM_ERR_USAGE, "--dump, --dump-inputs, --trace and --dump-model need one launch: give "
			 "--grid or --block, or --no-search");
		goto fail;
	}
	if (o->ninputs != 1 && !search && !o->list_kernels) {
		sim_fail(&err, SIM_ERR_USAGE, "a fixed launch runs one kernel of one input file (got %s)",
			 o->ninputs ? "several" : "none but the compile database");
		goto fail;
	}
	if (o->shard_count && (!search || o->list_kernels)) {
		sim_fail(&err, SIM_ERR_USAGE, "--shard shares out the search's kernels: it needs the "
			 "search (no fixed launch, no --list-kernels)");
		goto fail;
	}
	if (o->timings && (!search || o->list_kernels)) {
		sim_fail(&err, SIM_ERR_USAGE, "--timings gives the search's time per kernel: it needs "
			 "the search (no fixed launch, no --list-kernels)");
		goto fail;
	}
	if (compile_inputs(o, &co, &ins, &nins, &err) < 0)
		goto fail;
	ro.host_irs = co.host_irs;
	ro.nhost_irs = co.nhost_irs;
	/* the run's name in its reports: the one file, or the database */
	ro.input = o->ninputs == 1 ? o->inputs[0] : o->ninputs == 0 ? o->compile_db : NULL;
	if (o->list_kernels) {
		for (uint32_t i = 0; i < nins; i++) {
			if (ins[i].load == NULL)
				continue;
			int got = load_input(&ins[i], o->dump_bytecode, &l, &err);
			if (got < 0)
				goto fail;
			if (got == 1) {
				host_only(ins[i].name, 0, 1, &err);
				continue;
			}
			if (nins > 1)
				printf("%s:\n", ins[i].name);
			list_kernels(&l, stdout);
			load_free(&l);
		}
		status = 0;
		goto out;
	}
	if (search) {
		struct hostsites hs = { 0 };
		read_host_sites(o, &co, &hs);
		for (uint32_t i = 0; o->dump_hostmap && i < hs.nseqs; i++)
			hostmap_print(stderr, &hs.seqs[i]);
		status = run_search(o, ins, nins, &hs, &err);
		hostsites_free(&hs);
		if (status < 0)
			goto fail;
		goto out;
	}
	int got = load_input(&ins[0], o->dump_bytecode, &l, &err);
	if (got < 0 || (got == 1 && host_only(ins[0].name, 0, 0, &err) < 0))
		goto fail;
	int ki = -1;
	if (o->kernel) {
		ki = load_find_kernel(&l, o->kernel);
		if (ki < 0) {
			sim_fail(&err, SIM_ERR_KERNEL, "%s: no kernel named '%s' (--list-kernels lists them)",
				 o->input, o->kernel);
			goto fail;
		}
	} else if (l.nkernels == 1) {
		ki = 0;
	} else {
		sim_fail(&err, SIM_ERR_USAGE, "%s has %u kernels: choose one with --kernel (--list-kernels lists them)",
			 o->input, l.nkernels);
		goto fail;
	}
	struct kernel_info *k = &l.kernels[ki];
	if (k->func < 0) {
		sim_fail(&err, SIM_ERR_UNSUPPORTED, "kernel %s skipped: %s", k->demangled, k->error);
		goto fail;
	}
	const struct program *p = l.prog;
	const struct func *f = &p->funcs[k->func];
	if (check_names(o->args, o->nargs, f, "--arg", &err) < 0
	    || check_names(o->sizes, o->nsizes, f, "--size", &err) < 0
	    || check_names(o->types, o->ntypes, f, "--type", &err) < 0
	    || check_names(o->inits, o->ninits, f, "--init", &err) < 0
	    || check_names(o->texs, o->ntexs, f, "--tex", &err) < 0)
		goto fail;

	uint64_t total, shadow;
	if (run_budget(o, &total, &m.limit, &shadow, &err) < 0)
		goto fail;
	interp_mem_setup(p, &m, o->dyn_shared);
	uint32_t nslots = params_nslots(f);
	args = xcalloc(nslots ? nslots : 1, sizeof *args);
	nbufs = params_nbufs(f);
	bufs = xcalloc(nbufs ? nbufs : 1, sizeof *bufs);
	struct params_pins pins = pins_of(o);
	if (params_setup(&pins, o->seed, f, &m, args, bufs, &err) < 0)
		goto fail;
	for (uint32_t d = 0; d < o->ndumps; d++) {
		int pi = params_find(f, o->dumps[d]);
		if (pi < 0 || bufs[pi].param < 0) {
			sim_fail(&err, SIM_ERR_USAGE, "--dump %s: not a pointer parameter of the kernel", o->dumps[d]);
			goto fail;
		}
		if (bufs[pi].elems == 0) {
			sim_fail(&err, SIM_ERR_USAGE, "--dump %s needs --size %s", o->dumps[d], o->dumps[d]);
			goto fail;
		}
	}

	if (o->dump_inputs) {
		replay_dump_inputs(stdout, f, bufs, &m);
		fflush(stdout);
	}

	struct launch_cfg cfg = { 0 };
	cfg.grid = o->grid;
	if (o->run_blocks.x) {
		cfg.grid = o->run_blocks;
		cfg.grid_dim = o->grid;
	}
	cfg.block = o->block;
	cfg.dyn_shared = o->dyn_shared;
	cfg.device = o->device;
	cfg.max_steps = o->max_steps;
	cfg.seed = o->seed;
	cfg.trace = o->trace ? stderr : NULL;
	cfg.print_out = stdout;
	if (o->shared_init.kind != FILL_ZERO) {
		cfg.shared_init = evolve_fill_shared;
		cfg.shared_ctx = &o->shared_init;
	}
	struct mam_options mo = { 0 };
	mo.model = warp_model_of(o, p);
	mo.dump_max = o->dump_model ? 100000 : 0;
	mo.max_bytes = shadow;
	mam = mam_new(&mo);
	cfg.mam = mam;
	cfg.perf = 1;
	/* the dumped model has every access */
	cfg.no_prune = (uint8_t)(o->no_prune || o->dump_model);
	cfg.lockstep = mo.model == MAM_LOCKSTEP;
	struct launch_stats ls = { 0 };
	cfg.stats = &ls;
	barrier_verdicts_init(&bv, p, (uint32_t)k->func);
	struct analyse_options ao = { .model = mo.model, .bv = &bv, .barrier_findings = 1 };
	struct analyse_result ar;
	if (analyse_launch(p, (uint32_t)k->func, args, &m, &cfg, &ao, &fs, &ar, &err) < 0)
		goto fail;
	fflush(stdout);
	if (o->verbose)
		fprintf(stderr, "simulee-c: %" PRIu64 " of %" PRIu64 " lane memory accesses kept out of "
			"the model: their sites cannot race in this launch (--no-prune feeds them)\n",
			ls.pruned, ls.mem_accesses);
	if (o->dump_model)
		mam_dump(mam, o->ndumps ? stderr : stdout, name_addr, &m);

	for (uint32_t d = 0; d < o->ndumps; d++) {
		struct params_buf *b = &bufs[params_find(f, o->dumps[d])];
		replay_print_values(stdout, m.a[b->alloc].data, b->elems, b->et);
	}
	fflush(stdout);
	status = write_report(o, ins[0].load, p, k, bufs, &fs, &bv, mo.model, &err);
	if (status < 0)
		goto fail;
	goto out;
fail:
	fprintf(stderr, "simulee-c: %s\n", err.msg);
	status = 2;
out:
	params_free_bufs(bufs, nbufs);
	free(args);
	findings_free(&fs);
	barrier_verdicts_free(&bv);
	if (mam)
		mam_free(mam);
	mem_free(&m);
	load_free(&l);
	compile_out_free(&co);
	free(ins);
	return status;
}
