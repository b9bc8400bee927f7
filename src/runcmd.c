/*
** runcmd.c: `simulee-c run SOURCES -- ARGS` (docs/RUN.md): build the
** program against simulee-c's CUDA runtime, run it, report what its
** launches showed.
*/
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "detect/analyse.h"
#include "front/compile.h"
#include "host/hostsite.h"
#include "kernels/runtime/simrt_proto.h"
#include "memmodel/mem.h"
#include "report/report.h"
#include "runtime/server.h"
#include "src/run.h"

/* The step budget of a thread in a run: real programs loop longer than
** searched launches (a 30-million-turn loop in NVIDIA's concurrentKernels
** sample), and the launches are the program's own. */
#define RUN_PROGRAM_MAX_STEPS UINT64_C(100000000)

/* Writes the "fat binary" of unit U: simulee-c's magic and U. */
static int write_gpubin(const char *path, uint32_t u, struct sim_error *err)
{
	FILE *f = fopen(path, "wb");
	if (f == NULL)
		return sim_fail(err, SIM_ERR_IO, "run: cannot write %s: %s", path, strerror(errno));
	fwrite(SIMRT_MODULE_MAGIC, 1, SIMRT_MODULE_MAGIC_LEN, f);
	fwrite(&u, sizeof u, 1, f);
	if (fclose(f) != 0)
		return sim_fail(err, SIM_ERR_IO, "run: cannot write %s", path);
	return 0;
}

/* A source of the program: its file, the flags its compile database
** entry gives (none without -p), whether it is CUDA. */
struct source {
	const char *path;
	char *const *flags;
	uint32_t nflags;
	int cuda;
};

/* A built program: its executable, and the device bitcode of each CUDA
** unit in the order their numbers give. */
struct build {
	struct compile_out co;
	char *exe;
	char **bcs;
	const char **units;
	uint32_t nunits, capunits, nbcs, capbcs;
	char **objs;
	uint32_t nobjs, capobjs;
	struct source *srcs;	/* program_sources' */
	uint32_t nsrcs;
	struct compile_entry *db;	/* -p: the database's entries */
	uint32_t ndb;
	int from_db;		/* -p with no source named: every entry */
	const char *name;	/* the source the program is named after */
	char **links;		/* link_flags' (not owned) */
	uint32_t nlinks, caplinks;
};

static void build_free(struct build *b)
{
	free(b->exe);
	free(b->bcs);
	free(b->units);
	for (uint32_t i = 0; i < b->nobjs; i++)
		free(b->objs[i]);
	free(b->objs);
	free(b->srcs);
	compile_entries_free(b->db, b->ndb);
	free(b->links);
	compile_out_free(&b->co);
}

static int check_calls(const struct compile_opts *cop, const struct build *b, struct sim_error *err);
/* Whether input SRC is an object or a library to link as it is (.o, .a,
** .so, .so.N). */
static int link_input(const char *src)
{
	const char *base = strrchr(src, '/');
	base = base ? base + 1 : src;
	const char *dot = strrchr(base, '.');
	if (dot == NULL)
		return 0;
	return strcmp(dot, ".o") == 0 || strcmp(dot, ".a") == 0 || strcmp(dot, ".so") == 0
	       || strstr(base, ".so.") != NULL;
}

/*
** The program's sources into B->srcs: without -p, O's inputs as they
** are; with -p, each input with its database entry's flags (a warning
** for one the database lacks), or with no input every C, C++ and CUDA
** entry of the database (B->from_db: build() then keeps the one that
** defines main).  0, or a negative SIM_ERR_* with *err filled.
*/
static int program_sources(const struct run_opts *o, struct build *b, struct sim_error *err)
{
	if (o->compile_db != NULL) {
		int rc = compile_db_entries(o->compile_db, &b->db, &b->ndb, err);
		if (rc < 0)
			return rc;
	}
	if (o->ninputs == 0 && o->compile_db == NULL)
		return sim_fail(err, SIM_ERR_USAGE, "run: no source file (simulee-c run app.cu -- ARGS)");
	if (o->ninputs == 0) {
		if (b->ndb == 0)
			return sim_fail(err, SIM_ERR_USAGE, "run: %s: no C, C++ or CUDA entry",
					o->compile_db);
		b->from_db = 1;
		b->srcs = xcalloc(b->ndb, sizeof *b->srcs);
		for (uint32_t i = 0; i < b->ndb; i++)
			b->srcs[b->nsrcs++] = (struct source){ b->db[i].file, b->db[i].flags,
							       b->db[i].nflags, b->db[i].cuda };
		return 0;
	}
	b->srcs = xcalloc(o->ninputs, sizeof *b->srcs);
	for (uint32_t i = 0; i < o->ninputs; i++) {
		struct source *sr = &b->srcs[b->nsrcs++];
		sr->path = o->inputs[i];
		sr->cuda = compile_is_cuda_source(sr->path);
		if (o->compile_db == NULL || link_input(sr->path))
			continue;
		char *canon = realpath(sr->path, NULL);
		const struct compile_entry *e = NULL;
		for (uint32_t k = 0; canon != NULL && k < b->ndb && e == NULL; k++)
			if (strcmp(b->db[k].file, canon) == 0)
				e = &b->db[k];
		free(canon);
		if (e == NULL) {
			fprintf(stderr, "simulee-c: warning: run: %s is not in %s: built with the "
				"command line's flags only\n", sr->path, o->compile_db);
			continue;
		}
		sr->flags = e->flags;
		sr->nflags = e->nflags;
		sr->cuda = e->cuda;
	}
	return 0;
}

/* The link flags: the command line's, then -fopenmp and -pthread that a
** database entry compiles with (its objects need their libraries). */
static void link_flags(const struct run_opts *o, struct build *b)
{
	for (uint32_t i = 0; i < o->nlink_args; i++)
		VEC_PUSH(b->links, b->nlinks, b->caplinks, o->link_args[i]);
	for (uint32_t i = 0; i < b->nsrcs; i++)
		for (uint32_t k = 0; k < b->srcs[i].nflags; k++) {
			const char *f = b->srcs[i].flags[k];
			int have = 0;
			if (strcmp(f, "-pthread") != 0 && strncmp(f, "-fopenmp", 8) != 0)
				continue;
			for (uint32_t j = 0; j < b->nlinks && !have; j++)
				have = strcmp(b->links[j], f) == 0;
			if (!have)
				VEC_PUSH(b->links, b->nlinks, b->caplinks, b->srcs[i].flags[k]);
		}
}

/*
** With -p and no source named, the program is the database's files, one
** of which must define main: B->name gets it.  Otherwise one error line
** naming the candidates (none: the database's files).  OBJ_OF[i]: the
** object of source i in B->objs.
*/
static int one_main(const struct compile_opts *cop, const char *db, struct build *b,
		    const uint32_t *obj_of, struct sim_error *err)
{
	char *names = xstrdup("");
	uint32_t n = 0;
	for (uint32_t i = 0; i < b->nsrcs; i++) {
		char *d = compile_symbols(cop, b->objs[obj_of[i]], 1);
		if (d != NULL && compile_symbol_listed(d, "main", 4)) {
			char *t = xasprintf("%s%s%s", names, n ? ", " : "", b->srcs[i].path);
			free(names);
			names = t;
			if (n++ == 0)
				b->name = b->srcs[i].path;
		}
		free(d);
	}
	int rc = 0;
	if (n == 0)
		rc = sim_fail(err, SIM_ERR_USAGE, "run: no file of %s defines main", db);
	else if (n > 1)
		rc = sim_fail(err, SIM_ERR_USAGE, "run: %u files of %s define main (%s): name the "
			      "program's sources (simulee-c run -p DIR app.cu lib.c -- ARGS)", n, db,
			      names);
	free(names);
	return rc;
}

/* Appends to *NAMES (a line each) the __cudaRegisterLinkedBinary_ID
** functions host object OBJ calls: 0, or SIM_ERR_COMPILE. */
static int linked_binary_names(const struct compile_opts *cop, const char *obj, char **names,
			       struct sim_error *err)
{
	static const char prefix[] = "__cudaRegisterLinkedBinary";
	char *und = compile_symbols(cop, obj, 0);
	if (und == NULL)
		return sim_fail(err, SIM_ERR_COMPILE, "run: llvm-nm could not list what %s needs", obj);
	for (const char *p = und; *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n > sizeof prefix - 1 && strncmp(p, prefix, sizeof prefix - 1) == 0) {
			char *t = xasprintf("%s%.*s\n", *names ? *names : "", (int)n, p);
			free(*names);
			*names = t;
		}
		p = nl ? nl + 1 : p + n;
	}
	free(und);
	return 0;
}

/* Defines each function of NAMES (a line each; see host_objects) in an
** object added to B: each hands its unit to the runtime's
** __simulee_register_linked.  0, or a negative SIM_ERR_*. */
static int rdc_register_stubs(const struct compile_opts *cop, struct build *b, const char *names,
			      struct sim_error *err)
{
	char *src = xasprintf("%s/simulee-rdc-link.c", b->co.tmpdir);
	FILE *f = fopen(src, "w");
	if (f == NULL) {
		int rc = sim_fail(err, SIM_ERR_IO, "run: cannot write %s: %s", src, strerror(errno));
		free(src);
		return rc;
	}
	fputs("/* simulee-c run: what nvcc's device link would define */\n"
	      "void __simulee_register_linked(void (*)(void **), void *);\n", f);
	for (const char *p = names; *p != '\0';) {
		const char *nl = strchr(p, '\n');
		int n = (int)(nl ? nl - p : (ptrdiff_t)strlen(p));
		fprintf(f, "void %.*s(void (*reg)(void **), void *wrap, void *id, void (*d)(void *))\n"
			"{\n\t(void)id, (void)d;\n\t__simulee_register_linked(reg, wrap);\n}\n", n, p);
		p = nl ? nl + 1 : p + n;
	}
	if (fclose(f) != 0) {
		free(src);
		return sim_fail(err, SIM_ERR_IO, "run: cannot write %s/simulee-rdc-link.c", b->co.tmpdir);
	}
	struct compile_opts c = *cop;	/* simulee-c's code: not the program's flags */
	c.host_args = NULL;
	c.nhost_args = 0;
	c.cc_args = NULL;
	c.ncc_args = 0;
	char *obj = xasprintf("%s/simulee-rdc-link.o", b->co.tmpdir);
	int rc = compile_native_object(&c, src, NULL, 0, obj, err);
	free(src);
	VEC_PUSH(b->objs, b->nobjs, b->capobjs, obj);
	return rc;
}

/*
** The host side of each CUDA unit of B (OBJ_OF[i]: source i's object in
** B->objs, named by build; UNIT_OF[i] its unit in B->co) compiled to an object that registers the
** unit with the runtime.  With RDC, as relocatable device code: the host
** shadows of `__device__` variables are the program's symbols (another
** file's `extern __device__` reaches them) and clang registers each unit
** through a __cudaRegisterLinkedBinary_ID function, which nvcc's device
** link would write and an object of rdc_register_stubs defines here.
** 0, or a negative SIM_ERR_* with *err filled.
*/
static int host_objects(const struct compile_opts *cop, struct build *b, const uint32_t *obj_of,
			const uint32_t *unit_of, int rdc, struct sim_error *err)
{
	uint32_t unit = 0;
	int rc = 0;
	/* with RDC, -fgpu-rdc after the program's own host flags */
	struct compile_opts c = *cop;
	char **hargs = xcalloc(cop->nhost_args + 1, sizeof *hargs);
	for (uint32_t k = 0; k < cop->nhost_args; k++)
		hargs[k] = cop->host_args[k];
	hargs[cop->nhost_args] = xstrdup("-fgpu-rdc");
	if (rdc) {
		c.host_args = hargs;
		c.nhost_args = cop->nhost_args + 1;
	}
	char *stubs = NULL;
	for (uint32_t i = 0; i < b->nsrcs && rc == 0; i++) {
		if (!b->srcs[i].cuda)
			continue;
		uint32_t u = unit_of[i];	/* in b->co.units */
		const char *obj = b->objs[obj_of[i]];
		char *gpubin = xasprintf("%s.gpubin", obj);
		rc = write_gpubin(gpubin, unit++, err);
		if (rc == 0)
			rc = compile_host_object(&c, b->srcs[i].path, b->co.units[u].flags,
						 b->co.units[u].nflags, gpubin, obj, err);
		free(gpubin);
		if (rc == 0 && rdc)
			rc = linked_binary_names(cop, obj, &stubs, err);
	}
	if (rc == 0 && stubs != NULL)
		rc = rdc_register_stubs(cop, b, stubs, err);
	free(stubs);
	free(hargs[cop->nhost_args]);
	free(hargs);
	return rc;
}

/*
** Builds the program of O's sources (program_sources) into B: each CUDA
** source's device side to bitcode (as `simulee-c app.cu` does) and its
** host side to an object that registers that unit with the runtime;
** each C or C++ source as it is; objects and libraries among the inputs
** as they are; simulee-c's CUDA runtime (kernels/runtime/cudart.cu)
** with the same headers; all linked.  B->name: the source the program
** is named after.  0, or a negative SIM_ERR_* with *err filled (clang's
** own diagnostics already on stderr).
*/
static int build(const struct run_opts *o, struct build *b, struct sim_error *err)
{
	struct compile_opts cop = run_compile_opts(o);
	int rc = program_sources(o, b, err);
	if (rc < 0)
		return rc;
	uint32_t *obj_of = xcalloc(b->nsrcs, sizeof *obj_of);
	uint32_t *unit_of = xcalloc(b->nsrcs, sizeof *unit_of);
	/* the CUDA sources first (the temporary directory comes with the first
	** one), then the others, whatever order a Makefile lists them in */
	for (uint32_t k = 0; k < 2 * b->nsrcs && rc == 0; k++) {
		uint32_t i = k % b->nsrcs;
		const struct source *sr = &b->srcs[i];
		const char *src = sr->path;
		if ((k < b->nsrcs) != (sr->cuda != 0))
			continue;
		char *name = compile_stem(src);
		obj_of[i] = b->nobjs;
		if (sr->cuda) {
			uint32_t u = compile_add_unit(&b->co, src);
			unit_of[i] = u;
			for (uint32_t f = 0; f < sr->nflags; f++)
				VEC_PUSH(b->co.units[u].flags, b->co.units[u].nflags,
					 b->co.units[u].capflags, xstrdup(sr->flags[f]));
			rc = compile_unit(&cop, &b->co, u, err);
			if (rc < 0) {
				free(name);
				break;
			}
			uint32_t unit = b->nunits;
			VEC_PUSH(b->bcs, b->nbcs, b->capbcs, b->co.units[u].device_bc);
			VEC_PUSH(b->units, b->nunits, b->capunits, src);
			if (b->name == NULL && !b->from_db)
				b->name = src;
			/* its host side after the device link (host_objects) */
			char *obj = xasprintf("%s/run%u-%s.o", b->co.tmpdir, unit, name);
			VEC_PUSH(b->objs, b->nobjs, b->capobjs, obj);
		} else if (link_input(src)) {
			/* an object or library of the program's, linked as it is */
			VEC_PUSH(b->objs, b->nobjs, b->capobjs, xstrdup(src));
		} else if (compile_is_host_source(src) || b->ndb > 0) {
			struct sim_error e2 = { 0 };
			if (b->co.tmpdir == NULL) {
				rc = sim_fail(err, SIM_ERR_USAGE, "run: no CUDA source among the inputs");
			} else {
				char *obj = xasprintf("%s/c%u-%s.o", b->co.tmpdir, i, name);
				rc = compile_native_object(&cop, src, sr->flags, sr->nflags, obj, &e2);
				if (rc < 0)
					*err = e2;
				VEC_PUSH(b->objs, b->nobjs, b->capobjs, obj);
			}
		} else {
			rc = sim_fail(err, SIM_ERR_USAGE, "run: %s: neither CUDA (.cu) nor C or C++ "
				      "source, nor an object or library (.o, .a, .so)", src);
		}
		free(name);
	}
	if (rc == 0 && b->nunits == 0)
		rc = sim_fail(err, SIM_ERR_USAGE, "run: no CUDA source among the inputs");
	if (rc == 0) {
		/* device code one unit uses from another (relocatable device
		** code); the units are the CUDA sources, in order, so unit k
		** is bcs[k] */
		if (compile_link_units(&cop, &b->co) > 0)
			for (uint32_t k = 0; k < b->nbcs && k < b->co.nunits; k++)
				b->bcs[k] = b->co.units[k].device_bc;
		int rdc = o->rdc >= 0 ? o->rdc : b->co.rdc_symbols != NULL;
		rc = host_objects(&cop, b, obj_of, unit_of, rdc, err);
	}
	if (rc == 0 && b->from_db)
		rc = one_main(&cop, o->compile_db, b, obj_of, err);
	free(obj_of);
	free(unit_of);
	if (rc < 0)
		return rc;
	char *rt = compile_data_path(&cop, "runtime/cudart.cu");
	if (rt == NULL)
		return sim_fail(err, SIM_ERR_IO, "run: runtime/cudart.cu not found where simulee-c's "
				"data files are");
	char *rt_obj = xasprintf("%s/simulee-cudart.o", b->co.tmpdir);
	/* the program's -D, -U, -I and -include are not the runtime's */
	struct compile_opts rcop = cop;
	rcop.cc_args = NULL;
	rcop.ncc_args = 0;
	rcop.host_args = NULL;
	rcop.nhost_args = 0;
	/* it depends on the toolkit, clang and simulee-c, not the program:
	** the cache keeps it between runs (front/cache.h) */
	char *cache = cache_dir();
	rc = compile_runtime_object(&rcop, rt, rt_obj, cache, NULL, err);
	free(cache);
	free(rt);
	VEC_PUSH(b->objs, b->nobjs, b->capobjs, rt_obj);
	if (rc < 0)
		return rc;
	if ((rc = check_calls(&cop, b, err)) < 0)
		return rc;
	char *name = compile_stem(b->name);
	b->exe = xasprintf("%s/%s", b->co.tmpdir, name);
	free(name);
	link_flags(o, b);
	cop.link_args = b->links;
	cop.nlink_args = b->nlinks;
	return compile_link(&cop, b->objs, b->nobjs, b->exe, err);
}

/* The library a symbol the program needs belongs to, when simulee-c
** cannot simulate it: closed libraries, the driver API, graphics interop. */
static const char *closed_library(const char *sym)
{
	static const struct {
		const char *prefix, *what;
	} libs[] = {
		{ "cublas", "cuBLAS" }, { "cufft", "cuFFT" }, { "curand", "the cuRAND host API" },
		{ "cusparse", "cuSPARSE" }, { "cusolver", "cuSOLVER" }, { "cudnn", "cuDNN" },
		{ "nccl", "NCCL" }, { "nvrtc", "NVRTC" }, { "nvjpeg", "nvJPEG" },
		{ "cutensor", "cuTENSOR" }, { "nvshmem", "NVSHMEM" }, { "npp", "NPP" },
		{ "cudaGraphics", "graphics interop" }, { "cudaGL", "OpenGL interop" },
		{ "cudaEGL", "EGL interop" }, { "cudaVDPAU", "VDPAU interop" },
		{ "cudaD3D", "Direct3D interop" }, { "cudaIpc", "CUDA IPC" },
		{ "cudaDeviceEnablePeerAccess", "peer access" },
	};
	for (size_t i = 0; i < sizeof libs / sizeof *libs; i++)
		if (strncmp(sym, libs[i].prefix, strlen(libs[i].prefix)) == 0)
			return libs[i].what;
	/* the driver API: cuInit, cuModuleLoad, cuLaunchKernel, ... */
	if (sym[0] == 'c' && sym[1] == 'u' && sym[2] >= 'A' && sym[2] <= 'Z')
		return "the CUDA driver API";
	return NULL;
}


/*
** Before the link: a call of the program (in OBJS, the runtime's object
** last) that simulee-c cannot simulate is one error line naming it and
** what it belongs to, rather than the linker's undefined references.
** 0, or SIM_ERR_UNSUPPORTED.  Without llvm-nm the linker says it.
*/
static int check_calls(const struct compile_opts *cop, const struct build *b, struct sim_error *err)
{
	char *defined = NULL;
	size_t nd = 0;
	for (uint32_t i = 0; i < b->nobjs; i++) {
		char *d = compile_symbols(cop, b->objs[i], 1);
		if (d == NULL) {
			free(defined);
			return 0;
		}
		size_t k = strlen(d);
		defined = xrealloc(defined, nd + k + 2);
		memcpy(defined + nd, d, k);
		nd += k;
		defined[nd++] = '\n';
		defined[nd] = '\0';
		free(d);
	}
	int rc = 0;
	for (uint32_t i = 0; i + 1 < b->nobjs && rc == 0; i++) {
		char *u = compile_symbols(cop, b->objs[i], 0);
		for (char *p = u, *nl; p != NULL && *p && rc == 0; p = nl ? nl + 1 : NULL) {
			nl = strchr(p, '\n');
			if (nl)
				*nl = '\0';
			if (compile_symbol_listed(defined, p, strlen(p)))
				continue;
			const char *lib = closed_library(p);
			if (lib != NULL)
				rc = sim_fail(err, SIM_ERR_UNSUPPORTED, "run: the program calls %s (%s), "
					      "which simulee-c cannot simulate", p, lib);
			else if (strncmp(p, "cuda", 4) == 0)
				rc = sim_fail(err, SIM_ERR_UNSUPPORTED, "run: the program calls %s, which "
					      "simulee-c's CUDA runtime does not provide yet", p);
		}
		free(u);
	}
	free(defined);
	return rc;
}

/* Whether kernel KERNEL of the device code the run loaded (CTX, a
** struct rt_result) may write its parameter PARAM: the first unit that
** defines a kernel of that name says (anything for a kernel none does). */
static int may_write(void *ctx, const char *kernel, uint32_t param)
{
	const struct rt_result *res = ctx;
	for (uint32_t m = 0; res != NULL && m < res->nloaded; m++) {
		const struct loaded *l = &res->loaded[m];
		int ki = l->prog ? load_find_kernel(l, kernel) : -1;
		if (ki < 0)
			continue;
		if (l->kernels[ki].func < 0)
			return 1;
		const struct func *f = &l->prog->funcs[l->kernels[ki].func];
		return param >= f->nparams || f->params[param].may_write;
	}
	return 1;
}

/* The host-side data mapping checks (docs/HOST-MAPPING.md) on the host
** code of the program's CUDA sources, as `simulee-c app.cu` makes them:
** they read the program, not the run, so they find what the eager
** runtime hides (a read an asynchronous copy may not have finished).
** The findings point into HS, which must outlive REP's printing. */
static void host_checks(const struct build *b, const struct rt_result *res, struct hostsites *hs,
			struct report *rep)
{
	for (uint32_t i = 0; i < b->co.nhost_irs; i++) {
		struct sim_error e = { 0 };
		if (hostsite_read(b->co.host_irs[i], hs, &e) < 0)
			fprintf(stderr, "simulee-c: warning: the host side's CUDA calls not read: %s\n", e.msg);
	}
	struct findings fs = { 0 };
	for (uint32_t i = 0; i < hs->nseqs; i++)
		hostmap_check(&hs->seqs[i], may_write, (void *)res, &fs);
	report_add_host_findings(rep, &fs);
	findings_free(&fs);
}

/* The report's header for a run. */
static void header(struct report *rep, const struct run_opts *o)
{
	report_init(rep);
	rep->version = PACKAGE_VERSION;
	rep->llvm_version = LLVM_VERSION_STRING;
	rep->seed = o->seed;
	rep->fail_on = o->fail_on;
	rep->show = CL_NONE;	/* every launch is the program's own */
	rep->perf = o->perf;
}

/* What --explore did, as one line of the text report. */
static void explore_line(FILE *out, const struct rt_explored *x)
{
	fprintf(out, "simulee-c: run: explored %" PRIu32 " of %" PRIu32 " kind%s of launch with "
		"other data: %" PRIu32 " launch%s", x->explored, x->shapes, x->shapes == 1 ? "" : "s",
		x->launches, x->launches == 1 ? "" : "es");
	if (x->outside)
		fprintf(out, " (%" PRIu32 " outside the kernel's contract)", x->outside);
	fprintf(out, ", %" PRIu32 " new finding%s", x->findings, x->findings == 1 ? "" : "s");
	if (x->repeated)
		fprintf(out, " (%" PRIu32 " the run showed)", x->repeated);
	if (x->over_cap)
		fprintf(out, "; %" PRIu32 " not explored (at most %d a kernel)", x->over_cap,
			RT_EXPLORE_SHAPES);
	if (x->too_large)
		fprintf(out, "; %" PRIu32 " not explored (their memory too large to copy)", x->too_large);
	if (x->fixed)
		fprintf(out, "; %" PRIu32 " with no buffer argument to vary", x->fixed);
	if (x->timed_out || x->cut)
		fprintf(out, "; %s cut %" PRIu32 " kind%s short, %" PRIu32 " launch%s",
			x->stopped ? "the stop" : "the time limit (--time-limit)", x->timed_out,
			x->timed_out == 1 ? "" : "s", x->cut, x->cut == 1 ? "" : "es");
	if (x->stopped)
		fprintf(out, "; stopped: %s", x->stopped);
	fprintf(out, "\n");
}

/* The run's own lines of the text report. */
static void run_lines(FILE *out, const char *prog, const struct rt_result *res)
{
	for (const char *p = res->notes; p != NULL && *p;) {
		const char *nl = strchr(p, '\n');
		int len = nl ? (int)(nl - p) : (int)strlen(p);
		fprintf(out, "simulee-c: warning: %.*s\n", len, p);
		p = nl ? nl + 1 : p + len;
	}
	if (res->refused_call)
		fprintf(out, "simulee-c: warning: run: %s called %s, which simulee-c does not simulate: "
			"the run stopped there\n", prog, res->refused_call);
	fprintf(out, "simulee-c: run: %s ", prog);
	if (res->stop)
		fprintf(out, "was stopped (%s)", res->stop);
	else if (res->signal)
		fprintf(out, "was killed by signal %d", res->signal);
	else
		fprintf(out, "exited with status %d", res->status);
	fprintf(out, "; %" PRIu32 " launch%s: %" PRIu32 " simulated", res->launches,
		res->launches == 1 ? "" : "es", res->simulated);
	if (res->refused)
		fprintf(out, ", %" PRIu32 " refused as CUDA refuses them", res->refused);
	if (res->unchecked)
		fprintf(out, " (%" PRIu32 " of them for faults only: --sample-launches)", res->unchecked);
	if (res->cut)
		fprintf(out, ", %" PRIu32 " cut (--max-launches, --time-limit)", res->cut);
	if (res->unsimulated)
		fprintf(out, ", %" PRIu32 " not simulated (their kernel could not be lowered: the "
			"warnings above say why, and the program got no results from them)",
			res->unsimulated);
	fprintf(out, "\n");
	if (res->explored.asked)
		explore_line(out, &res->explored);
}

/* OBJ's member NAME: the string S, or null when S is NULL. */
static void add_string_or_null(cJSON *obj, const char *name, const char *s)
{
	if (s != NULL)
		cJSON_AddStringToObject(obj, name, s);
	else
		cJSON_AddNullToObject(obj, name);
}

/* The JSON report's "run" object. */
static void run_json(cJSON *root, const struct run_opts *o, const char *prog,
		     const struct rt_result *res)
{
	cJSON *r = cJSON_CreateObject();
	cJSON_AddStringToObject(r, "program", prog);
	cJSON *args = cJSON_AddArrayToObject(r, "arguments");
	for (uint32_t i = 0; i < o->nextra_args; i++)
		cJSON_AddItemToArray(args, cJSON_CreateString(o->extra_args[i]));
	cJSON_AddBoolToObject(r, "exited", res->exited && !res->stop);
	cJSON_AddNumberToObject(r, "status", res->status);
	cJSON_AddNumberToObject(r, "signal", res->signal);
	cJSON_AddNumberToObject(r, "launches", res->launches);
	cJSON_AddNumberToObject(r, "simulated", res->simulated);
	cJSON_AddNumberToObject(r, "refused", res->refused);
	cJSON_AddNumberToObject(r, "cut", res->cut);
	cJSON_AddNumberToObject(r, "unchecked", res->unchecked);
	cJSON_AddNumberToObject(r, "unsimulated", res->unsimulated);
	add_string_or_null(r, "stop", res->stop);
	add_string_or_null(r, "refused_call", res->refused_call);
	cJSON *notes = cJSON_AddArrayToObject(r, "notes");
	for (const char *p = res->notes; p != NULL && *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = xmalloc(len + 1);
		memcpy(line, p, len);
		line[len] = '\0';
		cJSON_AddItemToArray(notes, cJSON_CreateString(line));
		free(line);
		p = nl ? nl + 1 : p + len;
	}
	if (res->explored.asked) {
		const struct rt_explored *x = &res->explored;
		cJSON *e = cJSON_AddObjectToObject(r, "explore");
		cJSON_AddNumberToObject(e, "kinds", x->shapes);
		cJSON_AddNumberToObject(e, "explored", x->explored);
		cJSON_AddNumberToObject(e, "over_cap", x->over_cap);
		cJSON_AddNumberToObject(e, "too_large", x->too_large);
		cJSON_AddNumberToObject(e, "no_buffer", x->fixed);
		cJSON_AddNumberToObject(e, "timed_out", x->timed_out);
		cJSON_AddNumberToObject(e, "launches", x->launches);
		cJSON_AddNumberToObject(e, "outside_contract", x->outside);
		cJSON_AddNumberToObject(e, "cut", x->cut);
		cJSON_AddNumberToObject(e, "findings", x->findings);
		cJSON_AddNumberToObject(e, "repeated", x->repeated);
		add_string_or_null(e, "stopped", x->stopped);
	}
	cJSON_AddItemToObject(root, "run", r);
}

/* The JSON or SARIF tree of REP, one mistake of a kernel template once
** across its instantiations (report_merge groups a run's tree as it does
** the static jobs'); NULL with *ERR filled. */
static cJSON *grouped_tree(const struct run_opts *o, const char *prog, const struct report *rep,
			   struct sim_error *err)
{
	cJSON *t = o->format == REPORT_JSON ? report_json_tree(rep) : report_sarif_tree(rep);
	if (t == NULL) {
		sim_fail(err, SIM_ERR_IO, "out of memory writing the report");
		return NULL;
	}
	const char *name = o->input ? o->input : prog;
	cJSON *g = report_merge(&t, &name, 1, 0, err);
	cJSON_Delete(t);
	return g;
}

/* Writes the report where --output and --format say (text: stderr by
** default, after the program's own output); 0, or an error status with
** *ERR filled (SIM_ERR_IO: the output could not be written).  One
** mistake in a kernel template is one finding across the instantiations
** the program launched, as in the static report. */
static int emit(const struct run_opts *o, const char *prog, struct report *rep,
		const struct rt_result *res, struct sim_error *err)
{
	FILE *out = stderr;
	if (o->output != NULL && (out = fopen(o->output, "w")) == NULL)
		return sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	int rc = 0;
	if (o->format == REPORT_JSON || o->format == REPORT_SARIF) {
		cJSON *root = grouped_tree(o, prog, rep, err);
		if (root == NULL) {
			rc = err->status;
		} else {
			if (o->format == REPORT_JSON)
				run_json(root, o, prog, res);
			if (report_print_tree(out, root) < 0)	/* deletes it */
				rc = sim_fail(err, SIM_ERR_IO, "out of memory writing the report");
		}
	} else {
		report_inst_mark(&rep, 1);
		report_text(out, rep);
		run_lines(out, prog, res);
	}
	if (fflush(out) != 0 && rc == 0)
		rc = sim_fail(err, SIM_ERR_IO, "writing the report: %s", strerror(errno));
	if (out != stderr && fclose(out) != 0 && rc == 0)
		rc = sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	return rc;
}

int run_program(const struct run_opts *o)
{
	struct sim_error err = { 0 };
	struct build b = { 0 };
	struct report rep;
	struct rt_result res = { 0 };
	struct hostsites hs = { 0 };
	int status = 2;
	header(&rep, o);
	if (o->list_kernels || o->kernel || o->grid_given || o->block_given || o->nargs || o->nsizes
	    || o->replay_dir || o->shard_count) {
		sim_fail(&err, SIM_ERR_USAGE, "run: the program makes the launches: --kernel, --grid, "
			 "--block, --arg, --size, --list-kernels, --replay and --shard are not "
			 "for simulee-c run");
		goto fail;
	}
	if (build(o, &b, &err) < 0)
		goto fail;
	rep.input = b.name;	/* the program is named after it */
	char *prog = compile_stem(b.name);
	char **argv = xcalloc((size_t)o->nextra_args + 2, sizeof *argv);
	argv[0] = prog;		/* as the program would be started */
	for (uint32_t i = 0; i < o->nextra_args; i++)
		argv[i + 1] = o->extra_args[i];
	struct rt_options ro = { 0 };
	ro.bcs = b.bcs;
	ro.units = b.units;
	ro.nunits = b.nunits;
	ro.rdc_symbols = b.co.rdc_symbols;
	ro.exe = b.exe;
	ro.max_steps = o->max_steps ? o->max_steps : RUN_PROGRAM_MAX_STEPS;
	uint64_t total;
	struct sim_error berr = { 0 };
	run_budget(o, &total, &ro.max_memory, &ro.max_shadow, &berr);	/* main checked it */
	ro.seed = o->seed;
	ro.warp_model = o->warp_model;
	ro.no_prune = o->no_prune;
	ro.max_launches = o->max_launches;
	ro.sample = o->sample_launches;
	ro.time_limit = o->time_limit_given ? o->time_limit : 0;
	ro.verbose = o->verbose;
	ro.device = o->device;
	struct compile_opts cop = run_compile_opts(o);
	ro.cop = &cop;
	struct rt_explore_opts xo = { (uint32_t)o->population, (uint32_t)o->generations,
				      o->time_limit, (unsigned)o->jobs, o->seed, ro.max_steps,
				      o->max_shadow, o->no_prune, o->warp_model, o->device };
	ro.explore = o->explore ? &xo : NULL;
	int rc = rt_run(&ro, argv, &rep, &res, &err);
	free(argv);
	if (rc == 0)
		host_checks(&b, &res, &hs, &rep);
	if (rc == 0)
		rc = emit(o, prog, &rep, &res, &err);
	free(prog);
	if (rc < 0)
		goto fail;
	/* a stop first, as the program's own status would be: a run cut
	** short must not pass for a clean one */
	status = res.stop_status != 0 ? res.stop_status
		 : res.status != 0 ? res.status : report_exit_status(&rep);
	/* launches that were not simulated are a warning: the run checked
	** less than the program did */
	if (status == 0 && res.unsimulated
	    && (o->fail_on == FAIL_ON_WARNING || o->fail_on == FAIL_ON_NOTE))
		status = 1;
	goto out;
fail:
	fprintf(stderr, "simulee-c: %s\n", err.msg);
	status = 2;
out:
	report_free(&rep);
	hostsites_free(&hs);
	rt_result_free(&res);
	build_free(&b);
	return status;
}
