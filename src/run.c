/*
** run.c: the options become a run: inputs compiled and loaded, one fixed
** launch or the search of each kernel (evolve/driver.h), the report.  See
** run.h.
*/
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "detect/finding.h"
#include "detect/races.h"
#include "memmodel/mam.h"
#include "evolve/driver.h"
#include "evolve/input.h"
#include "evolve/params.h"
#include "front/compile.h"
#include "interp/mathfn.h"
#include "src/run.h"

int run_parse_dim3(const char *s, struct dim3 *d)
{
	uint32_t v[3] = { 1, 1, 1 };
	const char *p = s;
	for (int i = 0; i < 3; i++) {
		char *end;
		errno = 0;
		if (*p < '0' || *p > '9')
			return -1;
		unsigned long long x = strtoull(p, &end, 10);
		if (errno || end == p || x == 0 || x > 0xffffffffull)
			return -1;
		v[i] = (uint32_t)x;
		if (*end == '\0') {
			d->x = v[0];
			d->y = v[1];
			d->z = v[2];
			return 0;
		}
		if (*end != ',' && *end != 'x')
			return -1;
		p = end + 1;
	}
	return -1;
}

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

static void format_value(char *buf, size_t n, const uint8_t *p, uint8_t et)
{
	switch (et) {
	case ET_F32: { float f; memcpy(&f, p, 4); snprintf(buf, n, "%.9g", f); break; }
	case ET_F64: { double d; memcpy(&d, p, 8); snprintf(buf, n, "%.17g", d); break; }
	case ET_F16: { uint16_t h; memcpy(&h, p, 2); snprintf(buf, n, "%.9g", math_f16_to_f32(h)); break; }
	case ET_I8: snprintf(buf, n, "%d", (int8_t)p[0]); break;
	case ET_U8: snprintf(buf, n, "%u", p[0]); break;
	case ET_I16: { int16_t v; memcpy(&v, p, 2); snprintf(buf, n, "%d", v); break; }
	case ET_U16: { uint16_t v; memcpy(&v, p, 2); snprintf(buf, n, "%u", v); break; }
	case ET_I32: { int32_t v; memcpy(&v, p, 4); snprintf(buf, n, "%" PRId32, v); break; }
	case ET_U32: { uint32_t v; memcpy(&v, p, 4); snprintf(buf, n, "%" PRIu32, v); break; }
	case ET_I64: { int64_t v; memcpy(&v, p, 8); snprintf(buf, n, "%" PRId64, v); break; }
	default: { uint64_t v; memcpy(&v, p, 8); snprintf(buf, n, "%" PRIu64, v); break; }
	}
}

static int check_names(const struct params_kv *v, uint32_t n, const struct func *f, const char *opt,
		       struct sim_error *err)
{
	for (uint32_t i = 0; i < n; i++)
		if (params_find(f, v[i].name) < 0)
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
				(unsigned long long)k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1)
				* (k->maxntid[2] ? k->maxntid[2] : 1));
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
			const char *et = params_et_name(pa->is_ptr ? pa->elem : pa->type);
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
			report_launch_buffer(r, l, label, params_et_name(bufs[i].et), bufs[i].elems,
					     params_pin(o->inits, o->ninits, f, (int)i));
			if (bufs[i].tex) {
				char desc[160];
				tex_format(bufs[i].tex, desc, sizeof desc);
				report_launch_buffer_tex(r, l, desc);
			}
			continue;
		}
		const char *av = params_pin(o->args, o->nargs, f, (int)i);
		if (av != NULL) {
			report_launch_arg(r, l, label, av);
		} else if (pa->nfields > 1) {
			char *zeros = xmalloc(2 * (size_t)pa->nfields);
			for (uint32_t j = 0; j < pa->nfields; j++) {
				zeros[2 * j] = '0';
				zeros[2 * j + 1] = j + 1 < pa->nfields ? ',' : '\0';
			}
			report_launch_arg(r, l, label, zeros);
			free(zeros);
		} else {
			report_launch_arg(r, l, label, "0");
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
}

/* Writes REP where --output and --format say, after the search lines of
** the text report; returns 0 or 1 (--fail-on), or SIM_ERR_IO. */
static int emit_report(const struct run_opts *o, const struct report *rep, struct sim_error *err)
{
	int status = 0;
	FILE *out = o->ndumps ? stderr : stdout;
	if (o->output) {
		out = fopen(o->output, "w");
		if (out == NULL)
			return sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	}
	if (o->format == REPORT_JSON) {
		if (report_json(out, rep) < 0)
			status = sim_fail(err, SIM_ERR_IO, "out of memory writing the JSON report");
	} else if (o->format == REPORT_SARIF) {
		if (report_sarif(out, rep) < 0)
			status = sim_fail(err, SIM_ERR_IO, "out of memory writing the SARIF report");
	} else {
		for (uint32_t k = 0; k < rep->nkernels; k++) {
			const struct report_search *s = rep->kernels[k].search;
			if (s == NULL)
				continue;
			fprintf(out, "simulee-c: %s: searched %" PRIu32 " launch%s in %" PRIu32
				" generation%s (stop: %s), best fitness %.3g", rep->kernels[k].demangled,
				s->evaluations, s->evaluations == 1 ? "" : "es", s->generations_run + 1,
				s->generations_run ? "s" : "", s->stop, s->best_fitness);
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
		report_text(out, rep);
	}
	if (fflush(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "writing the report: %s", strerror(errno));
	if (o->output && fclose(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	if (status == 0)
		status = report_exit_status(rep);
	return status;
}

/*
** Builds the report of the one launch (taking the findings out of *FS,
** listing the barriers of BV),
** writes it where --output, --format and --dump say, and returns the exit
** status --fail-on gives (0 or 1), or SIM_ERR_IO with *err filled.
*/
static int write_report(const struct run_opts *o, const struct kernel_info *k,
			const struct func *f, const struct params_buf *bufs, struct findings *fs,
			const struct barrier_verdicts *bv, enum mam_warp_model model,
			struct sim_error *err)
{
	struct report rep;
	report_header(&rep, o, model);
	uint32_t ki = report_add_kernel(&rep, k->name, k->demangled);
	uint32_t l = report_add_launch(&rep, ki, o->grid, o->block, o->dyn_shared, o->seed);
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

	int status = emit_report(o, &rep, err);
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
				found = params_find(&l->prog->funcs[l->kernels[k].func], lists[li].v[i].name) >= 0;
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

/* The default pipeline: search every kernel (or the one --kernel names),
** detect, report. */
static int run_search(const struct run_opts *o, const struct loaded *l, int only,
		      const struct hostsites *hs, struct sim_error *err)
{
	if (check_names_any(o, l, only, err) < 0)
		return err->status;
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
	d.model = warp_model_of(o, l->prog);
	d.seed = o->seed;
	d.max_steps = o->max_steps;
	d.max_shadow = o->max_shadow;
	d.max_threads = o->max_threads;
	d.population = o->population;
	d.generations = o->generations;
	d.threshold = o->threshold;
	d.time_limit = o->time_limit;
	d.jobs = o->jobs;
	d.max_memory = o->max_memory ? o->max_memory : run_default_max_memory();
	struct report rep;
	report_header(&rep, o, d.model);
	int rc = 0, any = 0;
	for (uint32_t k = 0; k < l->nkernels && rc == 0; k++) {
		if (only >= 0 && (int)k != only)
			continue;
		if (l->kernels[k].func < 0) {
			fprintf(stderr, "simulee-c: kernel %s skipped: %s\n", l->kernels[k].demangled,
				l->kernels[k].error);
			continue;
		}
		any = 1;
		rc = driver_search_kernel(&d, l, &l->kernels[k], hs, &rep, err);
	}
	if (rc == 0 && !any)
		rc = sim_fail(err, SIM_ERR_UNSUPPORTED, "%s: no kernel can be analysed", o->input);
	if (rc == 0)
		rc = emit_report(o, &rep, err);
	report_free(&rep);
	return rc;
}

/*
** Compiles what needs compiling: the compile database's CUDA TUs (first,
** so the input's own entry lends its flags) and a .cu input.  Fills *CO
** (the caller frees it on every path) and sets *LOAD to what interp_load
** reads.  Returns 0, or a negative SIM_ERR_* with *err filled.
*/
static int compile_inputs(const struct run_opts *o, struct compile_out *co, const char **load,
			  struct sim_error *err)
{
	struct compile_opts cop = { 0 };
	cop.clang = o->clang;
	cop.cuda_path = o->cuda_path;
	cop.gpu_arch = o->gpu_arch;
	cop.cc_args = o->cc_args;
	cop.ncc_args = o->ncc_args;
	cop.extra_args = o->extra_args;
	cop.nextra_args = o->nextra_args;
	cop.verbose = o->verbose;
	int cu = compile_is_cuda_source(o->input);
	*load = o->input;
	if (o->compile_db != NULL) {
		int rc = compile_db(&cop, o->compile_db, cu ? o->input : NULL, co, err);
		if (rc < 0)
			return rc;
	}
	if (!cu)
		return 0;
	int rc = compile_cu(&cop, o->input, co, err);
	if (rc < 0)
		return rc;
	*load = co->device_bc;
	return 0;
}

uint64_t run_default_max_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
	uint64_t ram = pages > 0 && psize > 0 ? (uint64_t)pages * (uint64_t)psize : 0;
	uint64_t b = ram / 8;
	if (b < (UINT64_C(256) << 20))
		b = UINT64_C(256) << 20;
	return b < (UINT64_C(4) << 30) ? b : UINT64_C(4) << 30;
}

/* Whether report file PATH (NULL: stdout) can be opened for writing; it
** is not truncated, and not left behind if it did not exist. */
static int check_output(const char *path, struct sim_error *err)
{
	if (path == NULL)
		return 0;
	struct stat st;
	int existed = stat(path, &st) == 0;
	if (existed && S_ISDIR(st.st_mode))
		return sim_fail(err, SIM_ERR_IO, "--output %s: is a directory", path);
	int fd = open(path, O_WRONLY | O_CREAT, 0666);
	if (fd < 0)
		return sim_fail(err, SIM_ERR_IO, "--output %s: %s", path, strerror(errno));
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
	const char *load = NULL;
	struct sim_error err = { 0 };
	struct loaded l = { 0 };
	struct load_options lo = { .verify = 1, .dump_bytecode = o->dump_bytecode };
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
	    || check_output(o->output, &err) < 0)
		goto fail;
	if (compile_inputs(o, &co, &load, &err) < 0)
		goto fail;
	ro.host_irs = co.host_irs;
	ro.nhost_irs = co.nhost_irs;
	if (interp_load(load, &lo, &l, &err) < 0)
		goto fail;
	if (o->list_kernels) {
		list_kernels(&l, stdout);
		status = 0;
		goto out;
	}
	int single = o->trace || o->dump_model || o->ndumps > 0;
	int search = o->search == 1 || dims_ranged(o)
		     || (o->search < 0 && !o->grid_given && !o->block_given && !single
			 && !o->shared_given && o->nsizes == 0);
	if (search && o->search == 0) {
		sim_fail(&err, SIM_ERR_USAGE, "--no-search needs exact --grid and --block, not ranges");
		goto fail;
	}
	if (search && single) {
		sim_fail(&err, SIM_ERR_USAGE, "--dump, --trace and --dump-model need one launch: give "
			 "--grid or --block, or --no-search");
		goto fail;
	}
	int ki = -1;
	if (o->kernel) {
		ki = interp_find_kernel(&l, o->kernel);
		if (ki < 0) {
			sim_fail(&err, SIM_ERR_KERNEL, "%s: no kernel named '%s' (--list-kernels lists them)",
				 o->input, o->kernel);
			goto fail;
		}
	} else if (l.nkernels == 1) {
		ki = 0;
	} else if (!search) {
		sim_fail(&err, SIM_ERR_USAGE, "%s has %u kernels: choose one with --kernel (--list-kernels lists them)",
			 o->input, l.nkernels);
		goto fail;
	}
	if (search) {
		if (o->kernel == NULL)
			ki = -1;
		struct hostsites hs = { 0 };
		for (uint32_t i = 0; i < o->nhost_irs; i++) {
			struct sim_error herr = { 0 };
			/* a host side the reader cannot take leaves the kernels
			** without observed launches, and says so */
			if (hostsite_read(o->host_irs[i], &hs, &herr) < 0)
				fprintf(stderr, "simulee-c: warning: host launch sites not read: %s\n",
					herr.msg);
		}
		status = run_search(o, &l, ki, &hs, &err);
		hostsites_free(&hs);
		if (status < 0)
			goto fail;
		goto out;
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

	m.limit = o->max_memory ? o->max_memory : run_default_max_memory();
	interp_mem_setup(p, &m, o->dyn_shared);
	uint32_t nslots = params_nslots(f);
	args = xcalloc(nslots ? nslots : 1, sizeof *args);
	bufs = xcalloc(f->nparams ? f->nparams : 1, sizeof *bufs);
	nbufs = f->nparams;
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

	struct launch_cfg cfg = { 0 };
	cfg.grid = o->grid;
	cfg.block = o->block;
	cfg.dyn_shared = o->dyn_shared;
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
	mo.max_bytes = o->max_shadow;
	mam = mam_new(&mo);
	cfg.mam = mam;
	cfg.lockstep = mo.model == MAM_LOCKSTEP;
	if (interp_launch(p, (uint32_t)k->func, args, &m, &cfg, &fs, &err) < 0)
		goto fail;
	fflush(stdout);
	detect_races(p, mam, &m, 0, &fs);
	barrier_verdicts_init(&bv, p, (uint32_t)k->func);
	barrier_verdicts_add(&bv, p, mam, mo.model);
	detect_barrier_findings(&bv, &fs);
	if (o->dump_model)
		mam_dump(mam, o->ndumps ? stderr : stdout, name_addr, &m);

	for (uint32_t d = 0; d < o->ndumps; d++) {
		struct params_buf *b = &bufs[params_find(f, o->dumps[d])];
		const struct mem_alloc *a = &m.a[b->alloc];
		unsigned es = evolve_elem_size(b->et);
		char val[64];
		for (uint64_t i = 0; i < b->elems; i++) {
			format_value(val, sizeof val, a->data + i * es, b->et);
			puts(val);
		}
	}
	fflush(stdout);
	status = write_report(o, k, f, bufs, &fs, &bv, mo.model, &err);
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
	interp_loaded_free(&l);
	compile_out_free(&co);
	return status;
}
