/*
** proto_rt.c: a prototype of simulee-c's CUDA runtime for `simulee-c run`.
**
** The program's host object (clang --cuda-host-only with
** -fcuda-include-gpubinary pointing at our wrapped device bitcode) is linked
** against this file and a snapshot of libsimulee.a.  Registration loads the
** embedded bitcode with interp_load; device memory is one struct mem that
** lives as long as the process; each launch runs at once through
** interp_launch with the program's real arguments; findings are printed at
** exit.  One module (translation unit) only; no streams or events beyond
** no-ops.  A design experiment, not the product.
*/
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "exec/interp.h"
#include "core/finding.h"
#include "detect/races.h"
#include "memmodel/mam.h"

typedef int cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct { unsigned x, y, z; } rt_dim3;

enum {
	E_OK = 0, E_INVALID_VALUE = 1, E_MEMORY_ALLOCATION = 2, E_INVALID_CONFIGURATION = 9,
	E_INVALID_SYMBOL = 13, E_INVALID_DEVICE_POINTER = 17, E_INVALID_MEMCPY_DIRECTION = 21,
	E_INVALID_DEVICE_FUNCTION = 98, E_ASSERT = 710, E_LAUNCH_FAILURE = 719,
};

#define FATBINC_MAGIC 0x466243B1u
#define BC_WRAPPER_MAGIC 0x0B17C0DEu
/* ids below this are host-canonical addresses (bits 47..63 clear): kept
** for memory the host and the device share at one address */
#define FIRST_DEVICE_ID 32u

struct wrapper { int magic, version; const void *data; void *unused; };

static struct {
	int ready;
	struct loaded l;
	struct mem m;
	struct mam *mam;
	struct findings fs;
	uint32_t nlaunch;
	struct { const void *stub; int k; } kreg[256];
	int nk;
	struct { const void *shadow; uint32_t id; uint64_t size; int constant; } vreg[256];
	int nv;
	struct { rt_dim3 g, b; size_t shmem; void *stream; } cfg[16];
	int ncfg;
	cudaError_t last, sticky;
	uint32_t next_shared_id;	/* next id below FIRST_DEVICE_ID for managed memory */
} rt;

static cudaError_t fail(cudaError_t e)
{
	if (rt.last == E_OK)
		rt.last = e;
	return e;
}

void **__cudaRegisterFatBinary(void *fatCubin)
{
	const struct wrapper *w = fatCubin;
	const uint32_t *h = w->data;
	if ((uint32_t)w->magic != FATBINC_MAGIC || h[0] != BC_WRAPPER_MAGIC) {
		fprintf(stderr, "simrt: this program's device code is not simulee-c's wrapped bitcode\n");
		exit(2);
	}
	size_t len = (size_t)h[2] + h[3];
	char path[] = "/tmp/simrt-XXXXXX.bc";
	int fd = mkstemps(path, 3);
	if (fd < 0 || write(fd, w->data, len) != (ssize_t)len) {
		perror("simrt");
		exit(2);
	}
	close(fd);
	struct sim_error err = { 0 };
	if (interp_load(path, NULL, &rt.l, &err) < 0) {
		fprintf(stderr, "simrt: %s\n", err.msg);
		exit(2);
	}
	unlink(path);
	fprintf(stderr, "[simrt] module of %zu bytes: %u kernels, %u variables\n", len,
		rt.l.nkernels, rt.l.prog->ngvars);
	mem_init(&rt.m);
	interp_mem_setup(rt.l.prog, &rt.m, 0);
	/* ids ngvars+1 .. 31 are the pool of host-shared memory; device ids from 32 */
	rt.next_shared_id = rt.m.n;
	while (rt.m.n < FIRST_DEVICE_ID) {
		uint32_t id = mem_new(&rt.m, AS_GLOBAL, 0, "reserved");
		free(rt.m.a[id].data);
		rt.m.a[id].data = NULL;
		rt.m.a[id].live = 0;
	}
	struct mam_options mo = { 0 };
	mo.model = MAM_ITS;
	rt.mam = mam_new(&mo);
	rt.ready = 1;
	return (void **)&rt;
}

void __cudaRegisterFatBinaryEnd(void **h) { (void)h; }

static void report(void);

void __cudaUnregisterFatBinary(void **h)
{
	(void)h;
	report();
}

void __cudaRegisterFunction(void **h, const char *hostFun, char *deviceFun, const char *deviceName,
			    int thread_limit, void *tid, void *bid, void *bDim, void *gDim, int *wSize)
{
	(void)h; (void)deviceFun; (void)thread_limit; (void)tid; (void)bid; (void)bDim; (void)gDim; (void)wSize;
	int k = interp_find_kernel(&rt.l, deviceName);
	fprintf(stderr, "[simrt] kernel %s -> %d\n", deviceName, k);
	rt.kreg[rt.nk].stub = hostFun;
	rt.kreg[rt.nk].k = k;
	rt.nk++;
}

void __cudaRegisterVar(void **h, char *hostVar, char *deviceAddress, const char *deviceName,
		       int ext, size_t size, int constant, int global)
{
	(void)h; (void)deviceAddress; (void)ext; (void)global;
	const struct program *p = rt.l.prog;
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (strcmp(p->gvars[i].name, deviceName) == 0) {
			rt.vreg[rt.nv].shadow = hostVar;
			rt.vreg[rt.nv].id = p->gvars[i].alloc_id;
			rt.vreg[rt.nv].size = size;
			rt.vreg[rt.nv].constant = constant;
			rt.nv++;
			fprintf(stderr, "[simrt] variable %s: %zu bytes, allocation %u\n", deviceName, size,
				p->gvars[i].alloc_id);
			return;
		}
	fprintf(stderr, "[simrt] variable %s: not in the device module\n", deviceName);
}

unsigned __cudaPushCallConfiguration(rt_dim3 g, rt_dim3 b, size_t shmem, struct CUstream_st *s)
{
	if (rt.ncfg == 16)
		return 1;
	rt.cfg[rt.ncfg].g = g;
	rt.cfg[rt.ncfg].b = b;
	rt.cfg[rt.ncfg].shmem = shmem;
	rt.cfg[rt.ncfg].stream = s;
	rt.ncfg++;
	return 0;
}

cudaError_t __cudaPopCallConfiguration(rt_dim3 *g, rt_dim3 *b, size_t *shmem, void *stream)
{
	if (rt.ncfg == 0) {	/* clang's stub ignores this: make the launch invalid */
		memset(g, 0, sizeof *g);
		memset(b, 0, sizeof *b);
		*shmem = 0;
		*(void **)stream = NULL;
		return E_INVALID_CONFIGURATION;
	}
	rt.ncfg--;
	*g = rt.cfg[rt.ncfg].g;
	*b = rt.cfg[rt.ncfg].b;
	*shmem = rt.cfg[rt.ncfg].shmem;
	*(void **)stream = rt.cfg[rt.ncfg].stream;
	return E_OK;
}

/* A device pointer the program holds: a live allocation's id */
static int is_device(const void *p)
{
	uint64_t v = (uint64_t)(uintptr_t)p;
	uint32_t id = MEM_ID(v);
	return id != 0 && id < rt.m.n && rt.m.a[id].live;
}

cudaError_t cudaLaunchKernel(const void *func, rt_dim3 g, rt_dim3 b, void **args, size_t shmem,
			     cudaStream_t stream)
{
	(void)stream;
	if (rt.sticky)
		return rt.sticky;
	int k = -1;
	for (int i = 0; i < rt.nk; i++)
		if (rt.kreg[i].stub == func)
			k = rt.kreg[i].k;
	if (k < 0 || rt.l.kernels[k].func < 0)
		return fail(E_INVALID_DEVICE_FUNCTION);
	struct sim_error err = { 0 };
	struct dim3 grid = { g.x, g.y, g.z }, block = { b.x, b.y, b.z };
	if (interp_check_launch(grid, block, shmem, &err) < 0) {
		fprintf(stderr, "[simrt] launch %u of %s refused: %s\n", rt.nlaunch,
			rt.l.kernels[k].demangled, err.msg);
		return fail(E_INVALID_CONFIGURATION);
	}
	const struct program *p = rt.l.prog;
	uint32_t fn = (uint32_t)rt.l.kernels[k].func;
	const struct func *f = &p->funcs[fn];
	uint32_t nslots = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		nslots += f->params[i].nslots;
	uint64_t *slots = calloc(nslots ? nslots : 1, sizeof *slots);
	uint32_t mark = rt.m.n;
	fprintf(stderr, "[simrt] launch %u: %s <<<(%u,%u,%u), (%u,%u,%u), %zu>>>(", rt.nlaunch,
		rt.l.kernels[k].demangled, g.x, g.y, g.z, b.x, b.y, b.z, shmem);
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		uint64_t *slot = &slots[f->param_slot[i] - f->param_slot[0]];
		const uint8_t *src = args[i];
		if (pa->byval) {
			uint32_t id = mem_new(&rt.m, AS_PARAM, pa->size, pa->name);
			memcpy(rt.m.a[id].data, src, pa->size);
			rt.m.a[id].readonly = 1;
			*slot = MEM_PTR(id, 0);
			fprintf(stderr, "%s%s=struct of %u bytes", i ? ", " : "", pa->name, pa->size);
		} else if (pa->nslots > 1 || pa->nfields > 0) {
			for (uint32_t j = 0; j < pa->nfields; j++) {
				uint32_t w = pa->field_type[j] == ET_F64 || pa->field_type[j] == ET_I64
					     || pa->field_type[j] == ET_U64 ? 8
					     : pa->field_type[j] == ET_I8 || pa->field_type[j] == ET_U8 ? 1
					     : pa->field_type[j] == ET_I16 || pa->field_type[j] == ET_U16
					       || pa->field_type[j] == ET_F16 ? 2 : 4;
				memcpy(&slot[j], src + pa->field_off[j], w);
			}
			fprintf(stderr, "%s%s=aggregate of %u fields", i ? ", " : "", pa->name, pa->nfields);
		} else {
			memcpy(slot, src, pa->size);
			fprintf(stderr, "%s%s=0x%llx", i ? ", " : "", pa->name, (unsigned long long)*slot);
			/* name a buffer after the first parameter it is passed as */
			if (pa->is_ptr && is_device((void *)(uintptr_t)*slot)
			    && strncmp(rt.m.a[MEM_ID(*slot)].name, "cudaMalloc", 10) == 0)
				rt.m.a[MEM_ID(*slot)].name = pa->name;
		}
	}
	fprintf(stderr, ")\n");
	/* the dynamic shared array takes this launch's size */
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (p->gvars[i].dynamic_shared) {
			struct mem_alloc *a = &rt.m.a[p->gvars[i].alloc_id];
			free(a->data);
			a->data = calloc(1, shmem ? shmem : 1);
			a->size = shmem;
		}
	struct launch_cfg cfg = { 0 };
	cfg.grid = grid;
	cfg.block = block;
	cfg.dyn_shared = shmem;
	cfg.seed = rt.nlaunch;
	cfg.print_out = stdout;
	cfg.mam = rt.mam;
	uint32_t before = rt.fs.n;
	int r = interp_launch(p, fn, slots, &rt.m, &cfg, &rt.fs, &err);
	if (r == 0)
		detect_races(p, rt.mam, &rt.m, rt.nlaunch, &rt.fs);
	mem_release_from(&rt.m, mark);
	free(slots);
	fprintf(stderr, "[simrt] launch %u done: %u new findings%s%s\n", rt.nlaunch, rt.fs.n - before,
		r < 0 ? ": " : "", r < 0 ? err.msg : "");
	for (uint32_t i = before; i < rt.fs.n; i++)
		if (rt.fs.v[i].kind == FK_ASSERT || rt.fs.v[i].kind == FK_TRAP)
			rt.sticky = E_ASSERT;
	rt.nlaunch++;
	return r < 0 ? fail(E_LAUNCH_FAILURE) : E_OK;
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
	if (rt.sticky)
		return rt.sticky;
	uint32_t id = mem_new(&rt.m, AS_GLOBAL, size, "cudaMalloc");
	if (id == 0)
		return fail(E_MEMORY_ALLOCATION);
	*devPtr = (void *)(uintptr_t)MEM_PTR(id, 0);
	return E_OK;
}

/* Memory the host and the device share at one address: its pages are
** mapped at MEM_PTR(id, 0) for an id below FIRST_DEVICE_ID, a canonical
** user-space address, and the simulated allocation's data is those pages. */
static cudaError_t shared_alloc(void **ptr, size_t size, const char *name)
{
	if (rt.sticky)
		return rt.sticky;
	for (; rt.next_shared_id < FIRST_DEVICE_ID; rt.next_shared_id++) {
		uint32_t id = rt.next_shared_id;
		void *want = (void *)(uintptr_t)MEM_PTR(id, 0);
		void *got = mmap(want, size ? size : 1, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (got == MAP_FAILED)
			continue;	/* something of the process lives there */
		if (got != want) {
			munmap(got, size ? size : 1);
			continue;
		}
		struct mem_alloc *a = &rt.m.a[id];
		a->space = AS_GLOBAL;
		a->size = size;
		a->data = got;	/* external: must not be free()d (see RUN-DESIGN.md) */
		a->live = 1;
		a->name = name;
		a->elem_size = 1;
		rt.next_shared_id++;
		*ptr = got;
		return E_OK;
	}
	return fail(E_MEMORY_ALLOCATION);
}

cudaError_t cudaMallocManaged(void **p, size_t size, unsigned flags)
{
	(void)flags;
	return shared_alloc(p, size, "managed");
}

cudaError_t cudaHostAlloc(void **p, size_t size, unsigned flags)
{
	(void)flags;
	return shared_alloc(p, size, "pinned");
}

cudaError_t cudaMallocHost(void **p, size_t size)
{
	return shared_alloc(p, size, "pinned");
}

cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags)
{
	(void)flags;
	if (!is_device(host))
		return fail(E_INVALID_VALUE);
	*dev = host;
	return E_OK;
}

cudaError_t cudaFree(void *p)
{
	if (p == NULL)
		return E_OK;
	uint32_t id = MEM_ID((uint64_t)(uintptr_t)p);
	if (!is_device(p) || MEM_OFF((uint64_t)(uintptr_t)p) != 0 || id < FIRST_DEVICE_ID)
		return fail(E_INVALID_VALUE);
	struct mem_alloc *a = &rt.m.a[id];
	rt.m.used -= a->size;
	free(a->data);
	a->data = NULL;
	a->live = 0;	/* the id stays taken: a later use is a use after free */
	return E_OK;
}

cudaError_t cudaFreeHost(void *p)
{
	uint32_t id = MEM_ID((uint64_t)(uintptr_t)p);
	if (!is_device(p) || id >= FIRST_DEVICE_ID)
		return fail(E_INVALID_VALUE);
	struct mem_alloc *a = &rt.m.a[id];
	munmap(a->data, a->size ? a->size : 1);
	a->data = NULL;
	a->live = 0;
	return E_OK;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind)
{
	if (rt.sticky)
		return rt.sticky;
	int dd = is_device(dst), sd = is_device(src);
	/* shared (managed, pinned) memory is both: take the host side */
	if (dd && MEM_ID((uint64_t)(uintptr_t)dst) < FIRST_DEVICE_ID)
		dd = kind == 1 || kind == 3;
	if (sd && MEM_ID((uint64_t)(uintptr_t)src) < FIRST_DEVICE_ID)
		sd = kind == 2 || kind == 3;
	if (kind == 4)	/* cudaMemcpyDefault: from the pointers */
		kind = dd ? (sd ? 3 : 1) : (sd ? 2 : 0);
	if (kind < 0 || kind > 3)
		return fail(E_INVALID_MEMCPY_DIRECTION);
	uint64_t bad = 0;
	enum mem_fault f = MF_NONE;
	switch (kind) {
	case 0: memmove(dst, src, n); break;
	case 1: f = dd ? mem_write(&rt.m, (uintptr_t)dst, src, n, &bad) : MF_INVALID; break;
	case 2: f = sd ? mem_read(&rt.m, (uintptr_t)src, dst, n, &bad) : MF_INVALID; break;
	case 3: f = dd && sd ? mem_copy(&rt.m, (uintptr_t)dst, (uintptr_t)src, n, &bad) : MF_INVALID; break;
	}
	if (f != MF_NONE) {
		fprintf(stderr, "[simrt] cudaMemcpy(%p, %p, %zu, kind %d): %s at 0x%llx\n", dst, src, n,
			kind, mem_fault_name(f), (unsigned long long)bad);
		return fail(E_INVALID_VALUE);
	}
	return E_OK;
}

cudaError_t cudaMemset(void *p, int v, size_t n)
{
	if (rt.sticky)
		return rt.sticky;
	if (!is_device(p) || mem_fill(&rt.m, (uintptr_t)p, (uint8_t)v, n, NULL) != MF_NONE)
		return fail(E_INVALID_VALUE);
	return E_OK;
}

static int var_of(const void *sym)
{
	for (int i = 0; i < rt.nv; i++)
		if (rt.vreg[i].shadow == sym)
			return i;
	return -1;
}

cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t off, int kind)
{
	if (rt.sticky)
		return rt.sticky;
	int v = var_of(sym);
	if (v < 0)
		return fail(E_INVALID_SYMBOL);
	if (off > rt.vreg[v].size || n > rt.vreg[v].size - off)
		return fail(E_INVALID_VALUE);
	if (kind != 1 && kind != 3 && kind != 4)
		return fail(E_INVALID_MEMCPY_DIRECTION);
	struct mem_alloc *a = &rt.m.a[rt.vreg[v].id];
	memcpy(a->data + off, src, n);	/* host writes __constant__ too */
	return E_OK;
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t off, int kind)
{
	if (rt.sticky)
		return rt.sticky;
	int v = var_of(sym);
	if (v < 0)
		return fail(E_INVALID_SYMBOL);
	if (off > rt.vreg[v].size || n > rt.vreg[v].size - off)
		return fail(E_INVALID_VALUE);
	if (kind != 2 && kind != 3 && kind != 4)
		return fail(E_INVALID_MEMCPY_DIRECTION);
	memcpy(dst, rt.m.a[rt.vreg[v].id].data + off, n);
	return E_OK;
}

cudaError_t cudaDeviceSynchronize(void) { return rt.sticky; }

cudaError_t cudaGetLastError(void)
{
	cudaError_t e = rt.sticky ? rt.sticky : rt.last;
	rt.last = E_OK;
	return e;
}

cudaError_t cudaPeekAtLastError(void) { return rt.sticky ? rt.sticky : rt.last; }

const char *cudaGetErrorString(cudaError_t e)
{
	switch (e) {
	case E_OK: return "no error";
	case E_INVALID_VALUE: return "invalid argument";
	case E_MEMORY_ALLOCATION: return "out of memory";
	case E_INVALID_CONFIGURATION: return "invalid configuration argument";
	case E_INVALID_SYMBOL: return "invalid device symbol";
	case E_INVALID_MEMCPY_DIRECTION: return "invalid copy direction for memcpy";
	case E_INVALID_DEVICE_FUNCTION: return "invalid device function";
	case E_ASSERT: return "device-side assert triggered";
	case E_LAUNCH_FAILURE: return "unspecified launch failure";
	default: return "unrecognized error code";
	}
}

static void report(void)
{
	static int done;
	if (done || !rt.ready)
		return;
	done = 1;
	fprintf(stderr, "[simrt] %u launches, %u findings\n", rt.nlaunch, rt.fs.n);
	for (uint32_t i = 0; i < rt.fs.n; i++) {
		const struct finding *f = &rt.fs.v[i];
		fprintf(stderr, "[simrt]   %s:%u: %s%s%s (launch %u, block (%u,%u,%u) thread (%u,%u,%u), x%llu)%s%s\n",
			f->loc.file ? f->loc.file : "?", f->loc.line, finding_kind_name(f->kind),
			f->where ? " on " : "", f->where ? f->where : "", f->launch,
			f->who.block[0], f->who.block[1], f->who.block[2], f->who.thread[0],
			f->who.thread[1], f->who.thread[2], (unsigned long long)f->count,
			f->detail ? ": " : "", f->detail ? f->detail : "");
	}
	/* shared pages are the host's: never free()d by mem_free */
	for (uint32_t id = 1; id < FIRST_DEVICE_ID && id < rt.m.n; id++)
		if (rt.m.a[id].space == AS_GLOBAL && rt.m.a[id].data
		    && (uintptr_t)rt.m.a[id].data == MEM_PTR(id, 0))
			rt.m.a[id].data = NULL;
}
