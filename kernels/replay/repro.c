/*
** repro.c: one launch simulee-c found, replayed on a GPU through the CUDA
** driver API.  simulee-c --replay copies this file, unchanged, into every
** reproduction directory beside launch.txt, which describes the launch:
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
**
** The buffer and value lines are the kernel's parameters, in order.
** Lines starting with '#' are comments.
**
**	./repro [launch.txt]			runs the launch once
**	./repro --dump-inputs [launch.txt]	prints every buffer as it would be
**						uploaded, as simulee-c --dump-inputs
**						does; needs no GPU
**
** Exit status: 0 the launch completed, 1 it failed (the CUDA error is
** printed), 2 a bad launch.txt, a missing file or no CUDA driver.
**
** The driver (libcuda.so.1) is opened at run time, so the program builds
** with the toolkit's headers alone and --dump-inputs runs on a machine
** without a GPU.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlfcn.h>

#include <cuda.h>

#define MAXPARAMS 256

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

/* One element as simulee-c's --dump prints it. */
static void print_elem(const unsigned char *p, const char *t)
{
	if (strcmp(t, "f32") == 0) { float f; memcpy(&f, p, 4); printf("%.9g\n", f); }
	else if (strcmp(t, "f64") == 0) { double d; memcpy(&d, p, 8); printf("%.17g\n", d); }
	else if (strcmp(t, "f16") == 0) { uint16_t h; memcpy(&h, p, 2); printf("%.9g\n", half_to_float(h)); }
	else if (strcmp(t, "i8") == 0) printf("%d\n", (int8_t)p[0]);
	else if (strcmp(t, "u8") == 0) printf("%u\n", p[0]);
	else if (strcmp(t, "i16") == 0) { int16_t v; memcpy(&v, p, 2); printf("%d\n", v); }
	else if (strcmp(t, "u16") == 0) { uint16_t v; memcpy(&v, p, 2); printf("%u\n", v); }
	else if (strcmp(t, "i32") == 0) { int32_t v; memcpy(&v, p, 4); printf("%d\n", (int)v); }
	else if (strcmp(t, "u32") == 0) { uint32_t v; memcpy(&v, p, 4); printf("%u\n", (unsigned)v); }
	else if (strcmp(t, "i64") == 0) { int64_t v; memcpy(&v, p, 8); printf("%lld\n", (long long)v); }
	else { uint64_t v; memcpy(&v, p, 8); printf("%llu\n", (unsigned long long)v); }
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
		for (unsigned long long k = 0; k < p->elems; k++)
			print_elem(p->bytes + k * es, p->type);
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
	*(void **)&cu.set_attr = sym(lib, "cuFuncSetAttribute");
	*(void **)&cu.launch = sym(lib, "cuLaunchKernel");
	*(void **)&cu.launch_coop = sym(lib, "cuLaunchCooperativeKernel");
	*(void **)&cu.sync = sym(lib, "cuCtxSynchronize");
	*(void **)&cu.error_name = sym(lib, "cuGetErrorName");
	*(void **)&cu.error_string = sym(lib, "cuGetErrorString");
}

static void check(CUresult r, const char *what)
{
	if (r == CUDA_SUCCESS)
		return;
	const char *name = NULL, *text = NULL;
	cu.error_name(r, &name);
	cu.error_string(r, &text);
	printf("repro: %s failed: %s (%s)\n", what, name ? name : "?", text ? text : "?");
	exit(1);
}

static int launch(void)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction fn;
	open_driver();
	check(cu.init(0), "cuInit");
	check(cu.device_get(&dev, 0), "cuDeviceGet");
	check(cu.ctx_retain(&ctx, dev), "cuDevicePrimaryCtxRetain");
	check(cu.ctx_set(ctx), "cuCtxSetCurrent");
	check(cu.module_load(&mod, ptx), "cuModuleLoad (the PTX)");
	check(cu.get_function(&fn, mod, kernel), "cuModuleGetFunction");
	static CUdeviceptr dptr[MAXPARAMS];
	static void *args[MAXPARAMS];
	for (int i = 0; i < nparams; i++) {
		struct param *p = &params[i];
		if (!p->is_buffer) {
			args[i] = p->bytes;
			continue;
		}
		dptr[i] = 0;
		if (p->nbytes) {
			check(cu.mem_alloc(&dptr[i], p->nbytes), "cuMemAlloc");
			if (!p->uninit)
				check(cu.htod(dptr[i], p->bytes, p->nbytes), "cuMemcpyHtoD");
		}
		args[i] = &dptr[i];
	}
	if (shared_bytes > 48 * 1024)
		check(cu.set_attr(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
				  (int)shared_bytes), "cuFuncSetAttribute");
	if (cooperative)
		check(cu.launch_coop(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
				     (unsigned)shared_bytes, NULL, args), "cuLaunchCooperativeKernel");
	else
		check(cu.launch(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
				(unsigned)shared_bytes, NULL, args, NULL), "cuLaunchKernel");
	check(cu.sync(), "the kernel");
	printf("repro: %s ran to completion (grid %u,%u,%u block %u,%u,%u)\n", kernel, grid[0],
	       grid[1], grid[2], block[0], block[1], block[2]);
	for (int i = 0; i < nparams; i++)
		if (params[i].is_buffer && dptr[i])
			cu.mem_free(dptr[i]);
	cu.ctx_release(dev);
	return 0;
}

int main(int argc, char **argv)
{
	int dump = argc > 1 && strcmp(argv[1], "--dump-inputs") == 0;
	const char *file = argc > 1 + dump ? argv[1 + dump] : "launch.txt";
	parse(file);
	if (dump) {
		dump_inputs();
		return 0;
	}
	return launch();
}
