/*
** repro.c: one launch simulee-c found, replayed on a GPU through the CUDA
** driver API.  simulee-c --replay copies this file and compare.h,
** unchanged, into every reproduction directory beside launch.txt, which
** describes the launch:
**
**	ptx FILE			the kernel's module (llc's PTX)
**	kernel NAME			its mangled name
**	grid X Y Z, block X Y Z		the witness launch's shape
**	shared BYTES			dynamic shared memory
**	buffer NAME TYPE ELEMS FILE	a pointer argument: ELEMS elements of
**					TYPE, uploaded from FILE; FILE "-":
**					zeros, "uninit": allocated and never
**					written, "sparse:BYTES": a buffer of
**					unknown size (ELEMS 0), BYTES of zeros
**	value NAME HEX			any other argument: its bytes
**	cooperative			launch with cuLaunchCooperativeKernel
**					(the kernel syncs the whole grid)
**	global NAME BYTES		a __device__ variable of the module (its
**					PTX name): compared by --repeat, and
**					set back to its initial bytes before
**					each run
**
** The buffer and value lines are the kernel's parameters, in order.
** Lines starting with '#' are comments.
**
**	./repro [launch.txt]			runs the launch once
**	./repro --repeat N [--timeout S] [launch.txt]
**						runs it N times, uploading the
**						inputs afresh before each run and
**						copying every buffer and global
**						back after it, and says whether
**						the results differed; a run not
**						finished in S seconds (default
**						60) is a hang
**	./repro --dump-inputs [launch.txt]	prints every buffer as it would be
**						uploaded, as simulee-c --dump-inputs
**						does; needs no GPU
**
** Exit status: 0 the launch completed (with --repeat: every run gave the
** same result), 1 it failed (the CUDA error is printed), 2 a bad
** launch.txt or command line, a missing file or no CUDA driver; with
** --repeat also 3 a run did not finish in S seconds, 4 the runs gave
** different results.  --repeat's last line is its verdict:
**
**	repro: CONFIRMED: 7 distinct results in 50 runs
**	repro: NOT CONFIRMED: 1 distinct result in 50 runs (...)
**	repro: LAUNCH FAILED in run 3 of 50: CUDA_ERROR_... (...)
**	repro: HUNG: run 6 of 50 did not finish in 60 s
**
** The driver (libcuda.so.1) is opened at run time, so the program builds
** with the toolkit's headers alone and --dump-inputs runs on a machine
** without a GPU.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <dlfcn.h>

#include <cuda.h>

#include "compare.h"

#define MAXPARAMS 256
#define MAXGLOBALS 1024

struct param {
	char name[256];
	int is_buffer;
	char type[16];
	unsigned long long elems;
	int uninit;		/* allocated, never written */
	size_t nbytes;
	unsigned char *bytes;	/* the buffer's contents, or the value */
};

static struct param params[MAXPARAMS];
static int nparams;

/* A __device__ variable --repeat sets back and compares. */
struct global {
	char name[256];
	size_t nbytes;
	CUdeviceptr ptr;	/* 0: the module has no such variable */
	unsigned char *init;	/* its bytes when the module was loaded */
};

static struct global globals[MAXGLOBALS];
static int nglobals;
static char ptx[4096], kernel[4096];
static unsigned grid[3] = { 1, 1, 1 }, block[3] = { 1, 1, 1 };
static unsigned long long shared_bytes;
static int cooperative;

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "repro: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static size_t type_size(const char *t)
{
	static const struct { const char *name; size_t size; } types[] = {
		{ "i8", 1 }, { "u8", 1 }, { "i16", 2 }, { "u16", 2 }, { "f16", 2 },
		{ "i32", 4 }, { "u32", 4 }, { "f32", 4 }, { "i64", 8 }, { "u64", 8 },
		{ "f64", 8 },
	};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(types[i].name, t) == 0)
			return types[i].size;
	return 0;
}

/* The directory of PATH, for the files launch.txt names. */
static void sibling(char *out, size_t n, const char *launch, const char *file)
{
	const char *slash = strrchr(launch, '/');
	if (file[0] == '/' || slash == NULL)
		snprintf(out, n, "%s", file);
	else
		snprintf(out, n, "%.*s/%s", (int)(slash - launch), launch, file);
}

static unsigned char *read_all(const char *path, size_t want)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		die("cannot open", path);
	unsigned char *b = calloc(want ? want : 1, 1);
	if (b == NULL)
		die("out of memory", NULL);
	if (fread(b, 1, want, f) != want)
		die("too short", path);
	fclose(f);
	return b;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void parse(const char *launch)
{
	FILE *f = fopen(launch, "r");
	if (f == NULL)
		die("cannot open", launch);
	char line[8192];
	while (fgets(line, sizeof line, f) != NULL) {
		char a[4096], b[256], c[4096];
		unsigned long long e;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "ptx %4095s", a) == 1) {
			sibling(ptx, sizeof ptx, launch, a);
		} else if (sscanf(line, "kernel %4095s", kernel) == 1) {
		} else if (sscanf(line, "grid %u %u %u", &grid[0], &grid[1], &grid[2]) == 3) {
		} else if (sscanf(line, "block %u %u %u", &block[0], &block[1], &block[2]) == 3) {
		} else if (sscanf(line, "shared %llu", &shared_bytes) == 1) {
		} else if (strcmp(line, "cooperative\n") == 0) {
			cooperative = 1;
		} else if (nglobals < MAXGLOBALS && sscanf(line, "global %255s %llu", b, &e) == 2) {
			struct global *g = &globals[nglobals++];
			snprintf(g->name, sizeof g->name, "%s", b);
			g->nbytes = (size_t)e;
		} else if (nparams < MAXPARAMS
			   && sscanf(line, "buffer %255s %15s %llu %4095s", a, b, &e, c) == 4) {
			struct param *p = &params[nparams++];
			snprintf(p->name, sizeof p->name, "%s", a);
			snprintf(p->type, sizeof p->type, "%s", b);
			p->is_buffer = 1;
			p->elems = e;
			p->nbytes = (size_t)e * type_size(b);
			if (type_size(b) == 0)
				die("unknown element type", b);
			if (strncmp(c, "sparse:", 7) == 0) {
				p->nbytes = (size_t)strtoull(c + 7, NULL, 10);
				p->bytes = calloc(p->nbytes ? p->nbytes : 1, 1);
			} else if (strcmp(c, "-") == 0 || strcmp(c, "uninit") == 0) {
				p->uninit = strcmp(c, "uninit") == 0;
				p->bytes = calloc(p->nbytes ? p->nbytes : 1, 1);
			} else {
				char path[8192];
				sibling(path, sizeof path, launch, c);
				p->bytes = read_all(path, p->nbytes);
			}
		} else if (nparams < MAXPARAMS && sscanf(line, "value %255s %4095s", a, c) == 2) {
			struct param *p = &params[nparams++];
			size_t n = strlen(c);
			snprintf(p->name, sizeof p->name, "%s", a);
			if (n % 2)
				die("odd number of hex digits for", a);
			p->nbytes = n / 2;
			p->bytes = calloc(n / 2 + 1, 1);
			for (size_t i = 0; i < n / 2; i++) {
				int hi = hexval(c[2 * i]), lo = hexval(c[2 * i + 1]);
				if (hi < 0 || lo < 0)
					die("not hex digits for", a);
				p->bytes[i] = (unsigned char)(hi << 4 | lo);
			}
		} else {
			die("cannot read this line of launch.txt", line);
		}
	}
	fclose(f);
	if (ptx[0] == '\0' || kernel[0] == '\0')
		die("launch.txt names no ptx or no kernel", launch);
}

static float half_to_float(uint16_t h)
{
	uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31, man = h & 1023, bits;
	if (exp == 0 && man == 0) {
		bits = sign;
	} else if (exp == 0) {
		/* subnormal: normalise */
		exp = 127 - 15 + 1;
		while (!(man & 1024)) {
			man <<= 1;
			exp--;
		}
		bits = sign | exp << 23 | (man & 1023) << 13;
	} else if (exp == 31) {
		bits = sign | 0xff << 23 | man << 13;
	} else {
		bits = sign | (exp + 127 - 15) << 23 | man << 13;
	}
	float f;
	memcpy(&f, &bits, 4);
	return f;
}

/* One element at P of type T as simulee-c's --dump prints it, into BUF. */
static void format_elem(char *buf, size_t n, const unsigned char *p, const char *t)
{
	if (strcmp(t, "f32") == 0) { float f; memcpy(&f, p, 4); snprintf(buf, n, "%.9g", f); }
	else if (strcmp(t, "f64") == 0) { double d; memcpy(&d, p, 8); snprintf(buf, n, "%.17g", d); }
	else if (strcmp(t, "f16") == 0) { uint16_t h; memcpy(&h, p, 2); snprintf(buf, n, "%.9g", half_to_float(h)); }
	else if (strcmp(t, "i8") == 0) snprintf(buf, n, "%d", (int8_t)p[0]);
	else if (strcmp(t, "u8") == 0) snprintf(buf, n, "%u", p[0]);
	else if (strcmp(t, "i16") == 0) { int16_t v; memcpy(&v, p, 2); snprintf(buf, n, "%d", v); }
	else if (strcmp(t, "u16") == 0) { uint16_t v; memcpy(&v, p, 2); snprintf(buf, n, "%u", v); }
	else if (strcmp(t, "i32") == 0) { int32_t v; memcpy(&v, p, 4); snprintf(buf, n, "%d", (int)v); }
	else if (strcmp(t, "u32") == 0) { uint32_t v; memcpy(&v, p, 4); snprintf(buf, n, "%u", (unsigned)v); }
	else if (strcmp(t, "i64") == 0) { int64_t v; memcpy(&v, p, 8); snprintf(buf, n, "%lld", (long long)v); }
	else { uint64_t v; memcpy(&v, p, 8); snprintf(buf, n, "%llu", (unsigned long long)v); }
}

static void dump_inputs(void)
{
	for (int i = 0; i < nparams; i++) {
		const struct param *p = &params[i];
		if (!p->is_buffer)
			continue;
		printf("# %s %s %llu%s\n", p->name, p->type, p->elems, p->uninit ? " uninit" : "");
		if (p->uninit)
			continue;
		size_t es = type_size(p->type);
		char val[64];
		for (unsigned long long k = 0; k < p->elems; k++) {
			format_elem(val, sizeof val, p->bytes + k * es, p->type);
			printf("%s\n", val);
		}
	}
}

/* The driver's entry points, by their versioned symbol names. */
static struct {
	CUresult (*init)(unsigned);
	CUresult (*device_get)(CUdevice *, int);
	CUresult (*ctx_retain)(CUcontext *, CUdevice);
	CUresult (*ctx_release)(CUdevice);
	CUresult (*ctx_set)(CUcontext);
	CUresult (*module_load)(CUmodule *, const char *);
	CUresult (*get_function)(CUfunction *, CUmodule, const char *);
	CUresult (*mem_alloc)(CUdeviceptr *, size_t);
	CUresult (*mem_free)(CUdeviceptr);
	CUresult (*htod)(CUdeviceptr, const void *, size_t);
	CUresult (*dtoh)(void *, CUdeviceptr, size_t);
	CUresult (*memset8)(CUdeviceptr, unsigned char, size_t);
	CUresult (*get_global)(CUdeviceptr *, size_t *, CUmodule, const char *);
	CUresult (*stream_query)(CUstream);
	CUresult (*set_attr)(CUfunction, CUfunction_attribute, int);
	CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
			   unsigned, CUstream, void **, void **);
	CUresult (*launch_coop)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
				unsigned, unsigned, CUstream, void **);
	CUresult (*sync)(void);
	CUresult (*error_name)(CUresult, const char **);
	CUresult (*error_string)(CUresult, const char **);
} cu;

static void *sym(void *lib, const char *name)
{
	void *p = dlsym(lib, name);
	if (p == NULL)
		die("the CUDA driver lacks", name);
	return p;
}

static void open_driver(void)
{
	void *lib = dlopen("libcuda.so.1", RTLD_NOW);
	if (lib == NULL)
		die("no CUDA driver (libcuda.so.1)", dlerror());
	*(void **)&cu.init = sym(lib, "cuInit");
	*(void **)&cu.device_get = sym(lib, "cuDeviceGet");
	*(void **)&cu.ctx_retain = sym(lib, "cuDevicePrimaryCtxRetain");
	*(void **)&cu.ctx_release = sym(lib, "cuDevicePrimaryCtxRelease_v2");
	*(void **)&cu.ctx_set = sym(lib, "cuCtxSetCurrent");
	*(void **)&cu.module_load = sym(lib, "cuModuleLoad");
	*(void **)&cu.get_function = sym(lib, "cuModuleGetFunction");
	*(void **)&cu.mem_alloc = sym(lib, "cuMemAlloc_v2");
	*(void **)&cu.mem_free = sym(lib, "cuMemFree_v2");
	*(void **)&cu.htod = sym(lib, "cuMemcpyHtoD_v2");
	*(void **)&cu.dtoh = sym(lib, "cuMemcpyDtoH_v2");
	*(void **)&cu.memset8 = sym(lib, "cuMemsetD8_v2");
	*(void **)&cu.get_global = sym(lib, "cuModuleGetGlobal_v2");
	*(void **)&cu.stream_query = sym(lib, "cuStreamQuery");
	*(void **)&cu.set_attr = sym(lib, "cuFuncSetAttribute");
	*(void **)&cu.launch = sym(lib, "cuLaunchKernel");
	*(void **)&cu.launch_coop = sym(lib, "cuLaunchCooperativeKernel");
	*(void **)&cu.sync = sym(lib, "cuCtxSynchronize");
	*(void **)&cu.error_name = sym(lib, "cuGetErrorName");
	*(void **)&cu.error_string = sym(lib, "cuGetErrorString");
}

/* The CUDA error R as "NAME (text)", into BUF. */
static void error_text(char *buf, size_t n, CUresult r)
{
	const char *name = NULL, *text = NULL;
	cu.error_name(r, &name);
	cu.error_string(r, &text);
	snprintf(buf, n, "%s (%s)", name ? name : "?", text ? text : "?");
}

static void check(CUresult r, const char *what)
{
	if (r == CUDA_SUCCESS)
		return;
	char why[512];
	error_text(why, sizeof why, r);
	printf("repro: %s failed: %s\n", what, why);
	exit(1);
}

static CUdevice dev;
static CUfunction fn;
static CUdeviceptr dptr[MAXPARAMS];
static void *args[MAXPARAMS];

/* Opens the driver, loads the module and allocates the buffers; with
** GLOBALS, finds the module's __device__ variables launch.txt names and
** keeps their initial bytes.  Exits 1 or 2 on failure. */
static void setup(int with_globals)
{
	CUcontext ctx;
	CUmodule mod;
	open_driver();
	check(cu.init(0), "cuInit");
	check(cu.device_get(&dev, 0), "cuDeviceGet");
	check(cu.ctx_retain(&ctx, dev), "cuDevicePrimaryCtxRetain");
	check(cu.ctx_set(ctx), "cuCtxSetCurrent");
	check(cu.module_load(&mod, ptx), "cuModuleLoad (the PTX)");
	check(cu.get_function(&fn, mod, kernel), "cuModuleGetFunction");
	for (int i = 0; i < nparams; i++) {
		struct param *p = &params[i];
		if (!p->is_buffer) {
			args[i] = p->bytes;
			continue;
		}
		dptr[i] = 0;
		if (p->nbytes)
			check(cu.mem_alloc(&dptr[i], p->nbytes), "cuMemAlloc");
		args[i] = &dptr[i];
	}
	if (shared_bytes > 48 * 1024)
		check(cu.set_attr(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
				  (int)shared_bytes), "cuFuncSetAttribute");
	for (int i = 0; with_globals && i < nglobals; i++) {
		struct global *g = &globals[i];
		size_t n = 0;
		if (cu.get_global(&g->ptr, &n, mod, g->name) != CUDA_SUCCESS || n == 0) {
			fprintf(stderr, "repro: note: the module has no global %s; it is not "
				"compared\n", g->name);
			g->ptr = 0;
			continue;
		}
		g->nbytes = n;
		g->init = malloc(n);
		if (g->init == NULL)
			die("out of memory", NULL);
		check(cu.dtoh(g->init, g->ptr, n), "cuMemcpyDtoH (a global's initial bytes)");
	}
}

/* Uploads the inputs: every buffer's bytes (with ZERO_UNINIT, zeros into
** the "uninit" ones, so that repeated runs start alike) and every
** global's initial bytes. */
static void upload(int zero_uninit)
{
	for (int i = 0; i < nparams; i++) {
		struct param *p = &params[i];
		if (!p->is_buffer || dptr[i] == 0)
			continue;
		if (!p->uninit)
			check(cu.htod(dptr[i], p->bytes, p->nbytes), "cuMemcpyHtoD");
		else if (zero_uninit)
			check(cu.memset8(dptr[i], 0, p->nbytes), "cuMemsetD8");
	}
	for (int i = 0; i < nglobals; i++)
		if (globals[i].ptr)
			check(cu.htod(globals[i].ptr, globals[i].init, globals[i].nbytes),
			      "cuMemcpyHtoD (a global)");
}

static CUresult start(void)
{
	if (cooperative)
		return cu.launch_coop(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
				      (unsigned)shared_bytes, NULL, args);
	return cu.launch(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
			 (unsigned)shared_bytes, NULL, args, NULL);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waits for the launch to end: its status, or CUDA_ERROR_NOT_READY when it
** has not ended after LIMIT seconds. */
static CUresult wait_for(double limit)
{
	double until = now() + limit;
	const struct timespec ms = { 0, 1000000 };
	CUresult r;
	while ((r = cu.stream_query(NULL)) == CUDA_ERROR_NOT_READY && now() < until)
		nanosleep(&ms, NULL);
	return r == CUDA_SUCCESS ? cu.sync() : r;
}

static int launch(void)
{
	setup(0);
	upload(0);
	check(start(), cooperative ? "cuLaunchCooperativeKernel" : "cuLaunchKernel");
	check(cu.sync(), "the kernel");
	printf("repro: %s ran to completion (grid %u,%u,%u block %u,%u,%u)\n", kernel, grid[0],
	       grid[1], grid[2], block[0], block[1], block[2]);
	for (int i = 0; i < nparams; i++)
		if (params[i].is_buffer && dptr[i])
			cu.mem_free(dptr[i]);
	cu.ctx_release(dev);
	return 0;
}

/* One result --repeat compares: a buffer parameter or a global. */
struct result {
	const char *what;	/* "buffer" or "global" */
	const char *name;
	const char *type;	/* element type; NULL: bytes */
	size_t nbytes, es;
	CUdeviceptr ptr;
	unsigned char *first;	/* run 1's bytes */
	unsigned char *last;	/* the latest run's */
	int diff_run;		/* the first run that differs from run 1, or 0 */
	long long diff_at;	/* and its first differing element */
	char was[64], is[64];	/* the element's value in run 1 and then */
};

/* The values of element K of result R in run 1 and in the latest run. */
static void note_difference(struct result *r, int run, long long k)
{
	r->diff_run = run;
	r->diff_at = k;
	const unsigned char *a = r->first + (size_t)k * r->es, *b = r->last + (size_t)k * r->es;
	if (r->type != NULL) {
		format_elem(r->was, sizeof r->was, a, r->type);
		format_elem(r->is, sizeof r->is, b, r->type);
	} else {
		snprintf(r->was, sizeof r->was, "0x%02x", a[0]);
		snprintf(r->is, sizeof r->is, "0x%02x", b[0]);
	}
}

/*
** --repeat: runs the launch RUNS times, each from freshly uploaded inputs,
** a run not finished in LIMIT seconds a hang.  After each run it copies
** every buffer and global back, hashes them (compare.h), and at the end
** prints, for each that varied, how many contents it had and its first
** difference from run 1, then the verdict line.  A failed launch or a
** hang ends the repetition with its own line: it is not a difference.
** Returns the exit status (repro.c's header comment).
*/
static int repeat(int runs, double limit)
{
	static struct result res[MAXPARAMS + MAXGLOBALS];
	int nres = 0;
	setup(1);
	for (int i = 0; i < nparams; i++)
		if (params[i].is_buffer && dptr[i])
			res[nres++] = (struct result){ "buffer", params[i].name, params[i].type,
						       params[i].nbytes, type_size(params[i].type),
						       dptr[i], NULL, NULL, 0, -1, "", "" };
	for (int i = 0; i < nglobals; i++)
		if (globals[i].ptr)
			res[nres++] = (struct result){ "global", globals[i].name, NULL,
						       globals[i].nbytes, 1, globals[i].ptr, NULL,
						       NULL, 0, -1, "", "" };
	struct cmp_runs t;
	uint64_t *digest = calloc((size_t)nres + 1, sizeof *digest);
	if (digest == NULL || cmp_init(&t, nres, runs) != 0)
		die("out of memory", NULL);
	for (int i = 0; i < nres; i++) {
		res[i].first = malloc(res[i].nbytes);
		res[i].last = malloc(res[i].nbytes);
		if (res[i].first == NULL || res[i].last == NULL)
			die("out of memory", NULL);
	}
	char why[512];
	for (int run = 0; run < runs; run++) {
		upload(1);
		CUresult r = start();
		if (r == CUDA_SUCCESS)
			r = wait_for(limit);
		if (r == CUDA_ERROR_NOT_READY) {
			printf("repro: HUNG: run %d of %d did not finish in %g s\n", run + 1, runs, limit);
			fflush(stdout);
			/* not exit(): the driver's teardown may wait for the running kernel */
			_exit(3);
		}
		if (r != CUDA_SUCCESS) {
			error_text(why, sizeof why, r);
			printf("repro: LAUNCH FAILED in run %d of %d: %s\n", run + 1, runs, why);
			return 1;
		}
		for (int i = 0; i < nres; i++) {
			struct result *x = &res[i];
			unsigned char *to = run == 0 ? x->first : x->last;
			check(cu.dtoh(to, x->ptr, x->nbytes), "cuMemcpyDtoH (a result)");
			digest[i] = cmp_hash(CMP_HASH_SEED, to, x->nbytes);
			if (run > 0 && x->diff_run == 0) {
				long long k = cmp_first_difference(x->first, x->last, x->nbytes, x->es);
				if (k >= 0)
					note_difference(x, run + 1, k);
			}
		}
		cmp_add(&t, digest);
	}
	int distinct = cmp_distinct(&t);
	for (int i = 0; i < nres; i++) {
		const struct result *x = &res[i];
		if (x->diff_run == 0)
			continue;
		printf("repro: %s %s: %d distinct contents; run %d first differs from run 1 at "
		       "%s %lld (%s in run 1, %s in run %d)\n", x->what, x->name,
		       cmp_buffer_distinct(&t, i), x->diff_run, x->type ? "element" : "byte",
		       x->diff_at, x->was, x->is, x->diff_run);
	}
	if (distinct > 1)
		printf("repro: CONFIRMED: %d distinct results in %d runs\n", distinct, runs);
	else
		printf("repro: NOT CONFIRMED: 1 distinct result in %d run%s (the schedule did not "
		       "change the outcome here)\n", runs, runs == 1 ? "" : "s");
	for (int i = 0; i < nres; i++) {
		free(res[i].first);
		free(res[i].last);
	}
	for (int i = 0; i < nparams; i++)
		if (params[i].is_buffer && dptr[i])
			cu.mem_free(dptr[i]);
	cmp_free(&t);
	free(digest);
	cu.ctx_release(dev);
	return distinct > 1 ? 4 : 0;
}

/* A positive number for option OPT, or die. */
static double positive(const char *opt, const char *v)
{
	char *end = NULL;
	double d = v ? strtod(v, &end) : 0;
	if (v == NULL || end == v || *end != '\0' || !(d > 0))
		die("needs a positive number", opt);
	return d;
}

int main(int argc, char **argv)
{
	int dump = 0, runs = 0;
	double limit = 60;
	const char *file = "launch.txt";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--dump-inputs") == 0) {
			dump = 1;
		} else if (strcmp(argv[i], "--repeat") == 0) {
			double n = positive("--repeat", i + 1 < argc ? argv[++i] : NULL);
			if (n > 1000000 || n != (int)n)
				die("--repeat needs a whole number of runs up to 1000000", argv[i]);
			runs = (int)n;
		} else if (strcmp(argv[i], "--timeout") == 0) {
			limit = positive("--timeout", i + 1 < argc ? argv[++i] : NULL);
		} else if (argv[i][0] == '-' && argv[i][1] == '-') {
			die("unknown option", argv[i]);
		} else {
			file = argv[i];
		}
	}
	parse(file);
	if (dump) {
		dump_inputs();
		return 0;
	}
	return runs > 0 ? repeat(runs, limit) : launch();
}
