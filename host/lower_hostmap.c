/*
** lower_hostmap.c: the CUDA runtime calls of each host function, in program
** order (host/hostmap.h), read from the host module hostsite_read has
** cleaned (lower_host.c: small helpers inlined, locals in SSA).
**
** Each function that calls the runtime or launches a kernel is walked once,
** its blocks in layout order: a loop's body is seen once, and both arms of
** a branch are seen (docs/HOST-MAPPING.md says what this misses).  A
** helper it calls is walked there, in place, its parameters bound to the
** arguments (HM_INLINE_DEPTH levels, HM_INLINE_INSNS instructions).  A
** pointer is named by what it comes from, through casts and GEPs: a
** malloc-like call's result, a local array, or a load from a variable (or a
** constant element of an array of them) that cudaMalloc, cudaMallocManaged
** or cudaMallocHost filled, or that a named buffer was stored to.  A stream
** or an event is the variable it was loaded from, or the SSA value itself
** (a parameter); a stream the walk cannot name is a stream of its own.
** What the walk does not know is left out when that cannot make a report
** (a call given a host buffer writes it), and taken as the strongest
** synchronization when leaving it out could (an unknown runtime call, a
** helper defined here that calls the runtime, an event never recorded).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/lower_host_int.h"
#include "reader/reader.h"
#include "base/util.h"

#define HM_MAX_OPS 16384u	/* operations kept per function (hm_seq.truncated) */
#define HM_MAX_KEYS 4096u	/* variables named per function */
#define HM_MAX_STREAMS 256u	/* streams and events per function */
#define HM_INLINE_DEPTH 2	/* helpers walked at their calls, nested */
#define HM_INLINE_INSNS 2000u	/* ... of at most this many instructions */

/* A variable (base, offset) or an SSA value (value, 0) standing for a
** buffer, a stream or an event. */
enum { KEY_BUF, KEY_STREAM, KEY_EVENT };

struct hkey {
	LLVMValueRef base;
	int64_t off;
	uint8_t what;
	int32_t id;
};

/* The walk of one function. */
struct hmw {
	struct hctx *hc;
	struct hm_seq *seq;
	struct hkey *keys;
	uint32_t nkeys, capkeys;
	struct ptrmap bufof;	/* malloc-like call or local array -> buffer + 1 */
	struct ptrmap uses_rt;	/* defined function -> 1 + whether it calls the runtime */
	int32_t unknown_stream;	/* the stream of every operation whose stream the
				   walk cannot name, or HM_NONE */
	/* helpers walked at their calls: each parameter bound to its argument */
	LLVMValueRef *bparam, *barg;
	uint32_t nbind, capbind, capbarg;
	LLVMValueRef stack[HM_INLINE_DEPTH + 1];	/* the functions being walked */
	int depth;
	uint16_t fn;		/* the function the operations come from (hm_seq.fns) */
	int ptds;		/* the module calls _ptsz entry points: built with the
				   per-thread default stream, so stream 0 means it */
};

void hm_seq_free(struct hm_seq *s)
{
	for (uint32_t i = 0; i < s->nbufs; i++)
		free(s->bufs[i].name);
	for (uint32_t i = 0; i < s->nstreams; i++)
		free(s->streams[i].name);
	for (uint32_t i = 0; i < s->nops; i++) {
		free(s->ops[i].kernel);
		free(s->ops[i].kname);
		free(s->ops[i].args);
	}
	for (uint32_t i = 0; i < s->nfn; i++) {
		free(s->fns[i].name);
		free(s->fns[i].file);
	}
	free(s->fns);
	free(s->bufs);
	free(s->streams);
	free(s->ops);
	memset(s, 0, sizeof *s);
}

/* ---- the runtime's functions ---------------------------------------------- */

enum {
	RT_NONE,	/* not the runtime's */
	RT_IGNORE,	/* changes nothing the checks follow */
	RT_UNKNOWN,	/* the runtime's, not modelled: a device synchronization */
	RT_MALLOC, RT_MALLOC_MANAGED, RT_MALLOC_HOST, RT_MALLOC_PITCH,
	RT_FREE,	/* cudaFree: synchronizes the device */
	RT_MEMCPY, RT_MEMCPY_ASYNC, RT_MEMSET, RT_MEMSET_ASYNC,
	RT_DEV_SYNC, RT_STREAM_SYNC, RT_EVENT_SYNC,
	RT_STREAM_CREATE, RT_STREAM_CREATE_FLAGS, RT_EVENT_CREATE,
	RT_EVENT_RECORD, RT_STREAM_WAIT,
	RT_HOST_DEVPTR,	/* cudaHostGetDevicePointer: the device's name of pinned memory */
	RT_HOST_REGISTER,	/* cudaHostRegister: host memory becomes pinned */
	RT_HOST_UNREGISTER,	/* cudaHostUnregister: ... pageable again */
	/* the C library */
	RT_HOST_ALLOC, RT_HOST_CALLOC, RT_HOST_FREE,
};

struct rtname {
	const char *name;
	uint8_t rt;
};

static const struct rtname rt_names[] = {
	{ "cudaMalloc", RT_MALLOC }, { "cudaMallocManaged", RT_MALLOC_MANAGED },
	{ "cudaMallocHost", RT_MALLOC_HOST }, { "cudaHostAlloc", RT_MALLOC_HOST },
	{ "cudaMallocPitch", RT_MALLOC_PITCH }, { "cudaMallocAsync", RT_MALLOC },
	{ "cudaFreeAsync", RT_IGNORE },
	{ "cudaFree", RT_FREE }, { "cudaFreeHost", RT_FREE },
	{ "cudaMemcpy", RT_MEMCPY }, { "cudaMemcpyAsync", RT_MEMCPY_ASYNC },
	{ "cudaMemset", RT_MEMSET }, { "cudaMemsetAsync", RT_MEMSET_ASYNC },
	{ "cudaDeviceSynchronize", RT_DEV_SYNC }, { "cudaThreadSynchronize", RT_DEV_SYNC },
	{ "cudaDeviceReset", RT_DEV_SYNC }, { "cudaThreadExit", RT_DEV_SYNC },
	{ "cudaStreamSynchronize", RT_STREAM_SYNC }, { "cudaStreamQuery", RT_STREAM_SYNC },
	{ "cudaEventSynchronize", RT_EVENT_SYNC }, { "cudaEventQuery", RT_EVENT_SYNC },
	{ "cudaStreamCreate", RT_STREAM_CREATE },
	{ "cudaStreamCreateWithFlags", RT_STREAM_CREATE_FLAGS },
	{ "cudaStreamCreateWithPriority", RT_STREAM_CREATE_FLAGS },
	{ "cudaEventCreate", RT_EVENT_CREATE }, { "cudaEventCreateWithFlags", RT_EVENT_CREATE },
	{ "cudaEventRecord", RT_EVENT_RECORD }, { "cudaEventRecordWithFlags", RT_EVENT_RECORD },
	{ "cudaStreamWaitEvent", RT_STREAM_WAIT },
	{ "cudaHostGetDevicePointer", RT_HOST_DEVPTR },
	{ "cudaHostRegister", RT_HOST_REGISTER }, { "cudaHostUnregister", RT_HOST_UNREGISTER },
	/* no effect on device memory or on ordering */
	{ "cudaGetLastError", RT_IGNORE }, { "cudaPeekAtLastError", RT_IGNORE },
	{ "cudaGetErrorString", RT_IGNORE }, { "cudaGetErrorName", RT_IGNORE },
	{ "cudaGetDevice", RT_IGNORE }, { "cudaSetDevice", RT_IGNORE },
	{ "cudaGetDeviceCount", RT_IGNORE }, { "cudaGetDeviceProperties", RT_IGNORE },
	{ "cudaDeviceGetAttribute", RT_IGNORE }, { "cudaEventDestroy", RT_IGNORE },
	{ "cudaEventElapsedTime", RT_IGNORE }, { "cudaStreamDestroy", RT_IGNORE },
	{ "cudaFuncSetAttribute", RT_IGNORE }, { "cudaFuncGetAttributes", RT_IGNORE },
	{ "cudaFuncSetCacheConfig", RT_IGNORE }, { "cudaDeviceSetCacheConfig", RT_IGNORE },
	{ "cudaDeviceSetSharedMemConfig", RT_IGNORE },
	{ "cudaDeviceSetLimit", RT_IGNORE }, { "cudaDeviceGetLimit", RT_IGNORE },
	/* CUDA 3's names of those, which old code still calls */
	{ "cudaThreadSetLimit", RT_IGNORE }, { "cudaThreadGetLimit", RT_IGNORE },
	{ "cudaThreadSetCacheConfig", RT_IGNORE }, { "cudaThreadGetCacheConfig", RT_IGNORE },
	{ "cudaSetDoubleForDevice", RT_IGNORE }, { "cudaSetDoubleForHost", RT_IGNORE },
	{ "cudaOccupancyMaxActiveBlocksPerMultiprocessor", RT_IGNORE },
	{ "cudaOccupancyMaxPotentialBlockSize", RT_IGNORE },
	{ "cudaMemGetInfo", RT_IGNORE }, { "cudaDriverGetVersion", RT_IGNORE },
	{ "cudaRuntimeGetVersion", RT_IGNORE }, { "cudaSetDeviceFlags", RT_IGNORE },
	{ "cudaProfilerStart", RT_IGNORE }, { "cudaProfilerStop", RT_IGNORE },
	{ "cudaPointerGetAttributes", RT_IGNORE }, { "cudaChooseDevice", RT_IGNORE },
	{ "cudaDeviceCanAccessPeer", RT_IGNORE },
	/* the C and C++ libraries */
	{ "malloc", RT_HOST_ALLOC }, { "aligned_alloc", RT_HOST_ALLOC },
	{ "operator new[]", RT_HOST_ALLOC }, { "operator new", RT_HOST_ALLOC },
	{ "new[]", RT_HOST_ALLOC }, { "new", RT_HOST_ALLOC },	/* as base names */
	{ "delete[]", RT_HOST_FREE }, { "delete", RT_HOST_FREE },
	{ "calloc", RT_HOST_CALLOC }, { "free", RT_HOST_FREE },
	{ "operator delete[]", RT_HOST_FREE }, { "operator delete", RT_HOST_FREE },
};

/* Whether NAME (LEN bytes) is a per-thread default stream entry point
** (cudaMemcpyAsync_ptsz, cudaMemcpy_ptds). */
static int is_ptsz(const char *name, size_t len)
{
	return len > 5 && (strncmp(name + len - 5, "_ptsz", 5) == 0 || strncmp(name + len - 5, "_ptds", 5) == 0);
}

/* The RT_* of function FN: by its demangled base name, a _ptsz entry point
** (per-thread default stream) as its plain one, with *PTSZ set; the base
** name in BASE (256 bytes) when it is not NULL. */
static int rt_of(LLVMValueRef fn, int *ptsz, char *base_out)
{
	char buf[256], *base = base_out ? base_out : buf;
	lh_fn_base(fn, base, 256);
	size_t n = strlen(base);
	*ptsz = is_ptsz(base, n);
	if (*ptsz)
		base[n - 5] = '\0';
	for (size_t i = 0; i < sizeof rt_names / sizeof rt_names[0]; i++)
		if (strcmp(base, rt_names[i].name) == 0)
			return rt_names[i].rt;
	/* the runtime's and the driver's other entry points, and the CUDA
	** libraries: what they do is not modelled */
	if (strncmp(base, "cuda", 4) == 0 || (base[0] == 'c' && base[1] == 'u' && base[2] >= 'A'
					     && base[2] <= 'Z')
	    || strncmp(base, "cublas", 6) == 0 || strncmp(base, "cufft", 5) == 0
	    || strncmp(base, "cusparse", 8) == 0 || strncmp(base, "cusolver", 8) == 0
	    || strncmp(base, "curand", 6) == 0 || strncmp(base, "nccl", 4) == 0
	    || strncmp(base, "thrust::", 8) == 0 || strncmp(base, "cub::", 5) == 0)
		return RT_UNKNOWN;
	return RT_NONE;
}

/* Whether defined function FN is one of cuda_runtime.h's templates over the
** runtime's functions (cudaMallocHost<T>, cudaEventCreate(e, flags)): the
** call is read as the runtime's, its arguments in the same order. */
static int runtime_template(LLVMValueRef fn)
{
	int ptsz = 0;
	char base[256];
	return rt_of(fn, &ptsz, base) > RT_UNKNOWN && strncmp(base, "cuda", 4) == 0;
}

/* ---- naming --------------------------------------------------------------- */

static struct hkey *key_find(struct hmw *w, LLVMValueRef base, int64_t off, int what)
{
	for (uint32_t i = 0; i < w->nkeys; i++)
		if (w->keys[i].base == base && w->keys[i].off == off && w->keys[i].what == what)
			return &w->keys[i];
	return NULL;
}

static void key_set(struct hmw *w, LLVMValueRef base, int64_t off, int what, int32_t id)
{
	struct hkey *k = key_find(w, base, off, what);
	if (k) {
		k->id = id;
		return;
	}
	if (w->nkeys >= HM_MAX_KEYS)
		return;
	struct hkey nk = { base, off, (uint8_t)what, id };
	VEC_PUSH(w->keys, w->nkeys, w->capkeys, nk);
}

/* "name", or "name[i]" for element OFF of an array of 8-byte handles, or
** DESC when debug info names nothing. */
static char *var_name(struct hmw *w, LLVMValueRef base, int64_t off, const char *desc)
{
	char *nm = lh_dbg_name(w->hc, base);
	if (nm == NULL)
		return xstrdup(desc);
	int array = LLVMIsAAllocaInst(base) && LLVMGetTypeKind(LLVMGetAllocatedType(base)) == LLVMArrayTypeKind;
	if (!array && off == 0)
		return nm;
	/* an array of handles by element, a struct's field by its byte */
	char *r = array ? xasprintf("%s[%lld]", nm, (long long)(off / 8))
		  : xasprintf("%s+%lld", nm, (long long)off);
	free(nm);
	return r;
}

static uint32_t line_of(LLVMValueRef I)
{
	LLVMMetadataRef loc = lh_outer_loc(I);
	return loc ? LLVMDILocationGetLine(loc) : 0;
}

static int32_t new_buf(struct hmw *w, char *name, int space, uint32_t line)
{
	struct hm_buf b = { .name = name, .space = (uint8_t)space, .line = line };
	VEC_PUSH(w->seq->bufs, w->seq->nbufs, w->seq->capbufs, b);
	return (int32_t)(w->seq->nbufs - 1);
}

static int32_t new_stream(struct hmw *w, char *name, int nonblocking, int unknown)
{
	struct hm_stream s = { name, (uint8_t)nonblocking, (uint8_t)unknown };
	VEC_PUSH(w->seq->streams, w->seq->nstreams, w->seq->capstreams, s);
	return (int32_t)(w->seq->nstreams - 1);
}

/* The argument a helper walked at its call was given for parameter A, or
** NULL. */
static LLVMValueRef bound(const struct hmw *w, LLVMValueRef a)
{
	if (a == NULL || LLVMIsAArgument(a) == NULL)
		return NULL;
	for (uint32_t i = w->nbind; i-- > 0;)
		if (w->bparam[i] == a)
			return w->barg[i];
	return NULL;
}

/* V, or what the parameters of the helpers being walked that it is bound
** to stand for, to the outermost caller's value. */
static LLVMValueRef unbind(const struct hmw *w, LLVMValueRef v)
{
	for (int i = 0; i <= HM_INLINE_DEPTH && bound(w, v) != NULL; i++)
		v = bound(w, v);
	return v;
}

/* P as a base and a byte offset (*KNOWN 0 when an index is not a
** constant), through casts, GEPs and the parameters of the helpers being
** walked. */
static void resolve(const struct hmw *w, LLVMValueRef p, LLVMValueRef *base, int64_t *off, int *known)
{
	*off = 0;
	*known = 1;
	for (int i = 0; i <= HM_INLINE_DEPTH + 1; i++) {
		int64_t o = 0;
		int k = 0;
		lh_addr_of(w->hc, p, base, &o, &k);
		*off = (int64_t)((uint64_t)*off + (uint64_t)o);
		*known &= k;
		LLVMValueRef b = bound(w, *base);
		if (b == NULL)
			return;
		p = b;
	}
}

/* The variable the pointer P points to: (base, offset), or 0. */
static int var_at(struct hmw *w, LLVMValueRef p, LLVMValueRef *base, int64_t *off)
{
	int known = 0;
	resolve(w, p, base, off, &known);
	return *base != NULL && known;
}

static struct hm_op *emit(struct hmw *w, int opk, LLVMValueRef at);

/* What pointer V points into. */
static struct hm_ref ref_of(struct hmw *w, LLVMValueRef v)
{
	struct hm_ref r = { HM_NONE, 0, 0 };
	if (v == NULL || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
		return r;
	LLVMValueRef base = NULL;
	int64_t off = 0;
	int known = 0;
	resolve(w, v, &base, &off, &known);
	if (base == NULL)
		return r;
	r.off = off;
	r.off_known = (uint8_t)known;
	uint32_t *b = ptrmap_get(&w->bufof, base);
	if (b) {
		r.buf = (int32_t)*b - 1;
		return r;
	}
	if (LLVMIsAAllocaInst(base) && LLVMGetTypeKind(LLVMGetAllocatedType(base)) == LLVMArrayTypeKind) {
		/* a local array: a host buffer, named where first met */
		LLVMTypeRef et = LLVMGetElementType(LLVMGetAllocatedType(base));
		if (LLVMGetTypeKind(et) == LLVMPointerTypeKind)
			return r;	/* an array of handles or pointers, not data */
		char *nm = lh_dbg_name(w->hc, base);
		r.buf = new_buf(w, nm ? nm : xstrdup("a local array"), HM_HOST, line_of(base));
		ptrmap_put(&w->bufof, base, (uint32_t)r.buf + 1);
		struct hm_op *op = emit(w, HMO_ALLOC, base);
		if (op)
			op->dst = (struct hm_ref){ r.buf, 1, 0 };
		return r;
	}
	if (LLVMIsALoadInst(base)) {
		LLVMValueRef hb = NULL;
		int64_t hoff = 0;
		if (var_at(w, LLVMGetOperand(base, 0), &hb, &hoff)) {
			struct hkey *k = key_find(w, hb, hoff, KEY_BUF);
			if (k)
				r.buf = k->id;
		}
	}
	return r;
}

/* The stream handle value V names (PTSZ: a null handle is the per-thread
** default stream). */
static int32_t stream_of(struct hmw *w, LLVMValueRef v, int ptsz)
{
	v = unbind(w, v);
	ptsz |= w->ptds;
	if (v == NULL)
		return ptsz ? HM_PER_THREAD : HM_LEGACY;
	if (LLVMIsAConstantPointerNull(v))
		return ptsz ? HM_PER_THREAD : HM_LEGACY;
	if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMIntToPtr
	    && LLVMIsAConstantInt(LLVMGetOperand(v, 0))) {
		unsigned long long c = LLVMConstIntGetZExtValue(LLVMGetOperand(v, 0));
		if (c == 1)	/* cudaStreamLegacy */
			return HM_LEGACY;
		if (c == 2)	/* cudaStreamPerThread */
			return HM_PER_THREAD;
	}
	LLVMValueRef base = v;
	int64_t off = 0;
	if (LLVMIsALoadInst(v) && !var_at(w, LLVMGetOperand(v, 0), &base, &off))
		base = NULL;
	/* a variable (a local, a global, a parameter) is the same stream
	** wherever it is read; a handle reached through a call's result
	** (std::vector's operator[]) or a lambda's captures is not one
	** variable the walk can name */
	if (base != NULL && (LLVMIsAAllocaInst(base) || LLVMIsAArgument(base)
			     || (LLVMIsAGlobalVariable(base) && !LLVMIsGlobalConstant(base)))) {
		struct hkey *k = key_find(w, base, off, KEY_STREAM);
		if (k)
			return k->id;
		if (w->seq->nstreams < HM_MAX_STREAMS) {
			/* a stream made elsewhere (a parameter, a field): blocking,
			** the same wherever this variable is read */
			int32_t id = new_stream(w, var_name(w, base, off, "a stream"), 0, 0);
			key_set(w, base, off, KEY_STREAM, id);
			return id;
		}
	}
	if (w->unknown_stream == HM_NONE)
		w->unknown_stream = new_stream(w, NULL, 0, 1);
	return w->unknown_stream;
}

/* The event handle value V names, or HM_NONE. */
static int32_t event_of(struct hmw *w, LLVMValueRef v)
{
	v = unbind(w, v);
	LLVMValueRef base = v;
	int64_t off = 0;
	if (v == NULL || (LLVMIsALoadInst(v) && !var_at(w, LLVMGetOperand(v, 0), &base, &off)))
		return HM_NONE;
	if (LLVMIsAConstant(base))
		return HM_NONE;
	struct hkey *k = key_find(w, base, off, KEY_EVENT);
	return k ? k->id : HM_NONE;
}

/* ---- the walk ------------------------------------------------------------- */

static struct hm_op *emit(struct hmw *w, int opk, LLVMValueRef at)
{
	if (w->seq->nops >= HM_MAX_OPS) {
		w->seq->truncated = 1;
		return NULL;
	}
	struct hm_op op = { .op = (uint8_t)opk, .line = line_of(at), .bytes = -1, .fn = w->fn,
			    .dst = { HM_NONE, 0, 0 }, .src = { HM_NONE, 0, 0 }, .event = HM_NONE };
	VEC_PUSH(w->seq->ops, w->seq->nops, w->seq->capops, op);
	return &w->seq->ops[w->seq->nops - 1];
}

/* A host read or write of what P points to, when it is a buffer the host
** can touch: the operation, or NULL. */
static struct hm_op *host_access(struct hmw *w, int opk, LLVMValueRef p, LLVMValueRef at)
{
	struct hm_ref r = ref_of(w, p);
	if (r.buf == HM_NONE || w->seq->bufs[r.buf].space == HM_DEVICE)
		return NULL;
	struct hm_op *op = emit(w, opk, at);
	if (op)
		op->dst = r;
	return op;
}

static LLVMValueRef arg(LLVMValueRef call, unsigned i)
{
	return i < (unsigned)LLVMGetNumArgOperands(call) ? LLVMGetOperand(call, i) : NULL;
}

static int64_t const_or(LLVMValueRef v, int64_t dflt)
{
	if (v && LLVMIsAConstantInt(v) && LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64)
		return LLVMConstIntGetSExtValue(v);
	return dflt;
}

/* Marks the host buffer pointer V points into (if any) as escaping: kept
** where the walk does not follow it, so that anything may write it. */
static void escape(struct hmw *w, LLVMValueRef v)
{
	if (v == NULL || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
		return;
	struct hm_ref r = ref_of(w, v);
	if (r.buf != HM_NONE)
		w->seq->bufs[r.buf].escapes = 1;
}

/* The host uses P with an atomic operation: the buffer it points into is
** shared with the device on purpose (system-wide atomics on managed
** memory), and the program orders its accesses through the memory itself. */
static void host_atomic(struct hmw *w, LLVMValueRef p)
{
	struct hm_ref r = ref_of(w, p);
	if (r.buf != HM_NONE)
		w->seq->bufs[r.buf].atomic = 1;
}

/* Every pointer argument of CALL, a call the walk does not follow, that
** names a host buffer: the call may read it and may fill it, and may keep
** the pointer. */
static void call_uses(struct hmw *w, LLVMValueRef call)
{
	unsigned n = (unsigned)LLVMGetNumArgOperands(call);
	for (unsigned i = 0; i < n; i++) {
		host_access(w, HMO_CALL, LLVMGetOperand(call, i), call);
		escape(w, LLVMGetOperand(call, i));
	}
}

/* Every pointer argument of runtime call CALL that names a host buffer is
** written (an out-parameter: cudaStreamCreate(&streams[i]) fills a
** malloc'd array of handles). */
static void call_writes(struct hmw *w, LLVMValueRef call)
{
	unsigned n = (unsigned)LLVMGetNumArgOperands(call);
	for (unsigned i = 0; i < n; i++) {
		struct hm_op *op = host_access(w, HMO_WRITE, LLVMGetOperand(call, i), call);
		if (op)
			op->runtime = 1;
	}
}

/* Whether defined function FN calls the runtime or launches, itself or
** through the functions it calls (DEPTH levels; deeper: yes). */
static int uses_runtime(struct hmw *w, LLVMValueRef fn, int depth)
{
	uint32_t *c = ptrmap_get(&w->uses_rt, fn);
	if (c)
		return (int)*c - 1;
	if (depth > 8)
		return 1;
	ptrmap_put(&w->uses_rt, fn, 1);	/* a cycle: no */
	int r = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !r; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I && !r; I = LLVMGetNextInstruction(I)) {
			LLVMOpcode oc = LLVMGetInstructionOpcode(I);
			if (oc != LLVMCall && oc != LLVMInvoke)
				continue;
			LLVMValueRef callee = NULL;
			int fc = lh_call_class(w->hc, I, &callee);
			int ptsz = 0;
			if (fc == FC_STUB || fc == FC_LAUNCH || fc == FC_MALLOC)
				r = 1;
			else if (callee == NULL)
				r = 1;	/* an indirect call: anything */
			else if (LLVMIsDeclaration(callee) || runtime_template(callee)) {
				int rt = rt_of(callee, &ptsz, NULL);
				r = rt >= RT_UNKNOWN && rt < RT_HOST_ALLOC;
			}
			else if (fc == FC_OTHER)
				r = uses_runtime(w, callee, depth + 1);
		}
	ptrmap_put(&w->uses_rt, fn, (uint32_t)r + 1);
	return r;
}

static void walk_launch(struct hmw *w, LLVMValueRef call, LLVMValueRef stub)
{
	LLVMValueRef push = lh_find_push(w->hc, call);
	int32_t stream = HM_LEGACY;
	if (push != NULL) {
		unsigned n = (unsigned)LLVMGetNumArgOperands(push);
		LLVMValueRef s = n ? LLVMGetOperand(push, n - 1) : NULL;
		if (s && LLVMGetTypeKind(LLVMTypeOf(s)) == LLVMPointerTypeKind)
			stream = stream_of(w, s, 0);
	}
	size_t len = 0;
	const char *nm = LLVMGetValueName2(stub, &len);
	struct hm_op *op = emit(w, HMO_LAUNCH, call);
	if (op == NULL)
		return;
	char *sn = xstrndup(nm, len);
	op->kernel = hostsite_kernel_name(sn);
	free(sn);
	char base[256];
	lh_fn_base(stub, base, sizeof base);
	const char *b = strstr(base, "__device_stub__");
	op->kname = xstrdup(b ? b + 15 : base);
	op->stream = stream;
	op->nargs = (uint32_t)LLVMGetNumArgOperands(call);
	op->args = xcalloc(op->nargs + 1, sizeof *op->args);
	for (uint32_t i = 0; i < op->nargs; i++) {
		LLVMValueRef a = unbind(w, LLVMGetOperand(call, i));
		if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMIntegerTypeKind) {
			/* a scalar: what it is, to tell two launches of one kernel
			** on different parts apart (HM_SCALAR) */
			struct hm_ref sc = { HM_NONE, HM_SCALAR, (int64_t)(uintptr_t)a };
			if (LLVMIsAConstantInt(a) && LLVMGetIntTypeWidth(LLVMTypeOf(a)) <= 64)
				sc.off = LLVMConstIntGetSExtValue(a);
			else
				sc.off_known = HM_SCALAR_VALUE;
			w->seq->ops[w->seq->nops - 1].args[i] = sc;
			continue;
		}
		struct hm_ref r = ref_of(w, LLVMGetOperand(call, i));
		/* ref_of may have added a buffer, and so moved the ops */
		w->seq->ops[w->seq->nops - 1].args[i] = r;
	}
}

/* A cudaMalloc-like call: the variable *ARG0 points to holds a new buffer. */
static void walk_alloc(struct hmw *w, LLVMValueRef call, int space)
{
	LLVMValueRef hb = NULL;
	int64_t hoff = 0;
	if (!var_at(w, arg(call, 0), &hb, &hoff))
		return;
	int32_t b = new_buf(w, var_name(w, hb, hoff, space == HM_PINNED ? "a pinned buffer"
					: "a device buffer"), space, line_of(call));
	key_set(w, hb, hoff, KEY_BUF, b);
	if (space == HM_PINNED) {
		struct hm_op *op = emit(w, HMO_ALLOC, call);
		if (op)
			op->dst = (struct hm_ref){ b, 1, 0 };
	}
}

/* cudaMemcpy[Async](dst, src, bytes, kind[, stream]) (KIND HMO_COPY) or
** cudaMemset[Async](dst, value, bytes[, stream]) (HMO_SET). */
static void walk_mem(struct hmw *w, LLVMValueRef call, enum hm_opk kind, int async, int ptsz)
{
	struct hm_ref d = ref_of(w, arg(call, 0));
	struct hm_ref s = kind == HMO_COPY ? ref_of(w, arg(call, 1)) : (struct hm_ref){ HM_NONE, 0, 0 };
	int32_t stream = async ? stream_of(w, arg(call, kind == HMO_COPY ? 4 : 3), ptsz)
		: ptsz ? HM_PER_THREAD : HM_LEGACY;
	struct hm_op *op = emit(w, kind, call);
	if (op == NULL)
		return;
	op->dst = d;
	op->src = s;
	op->bytes = const_or(arg(call, 2), -1);
	op->async = (uint8_t)async;
	op->stream = stream;
}

static int walk_inline(struct hmw *w, LLVMValueRef call, LLVMValueRef fn);

/* Turns CALL, met in the host walk W, into its host-mapping operations:
** a launch stub's launch, the CUDA runtime's copies, sets, allocations,
** frees, synchronisations, stream and event calls and host memory
** registration, host reads and writes of memcpy/memset, and a call of a
** function of the module walked inline (walk_inline); any other call is
** inert. */
static void walk_call(struct hmw *w, LLVMValueRef call)
{
	LLVMValueRef callee = NULL;
	int fc = lh_call_class(w->hc, call, &callee);
	switch (fc) {
	case FC_INERT: case FC_PUSH: case FC_POP:
		return;
	case FC_STUB:
		walk_launch(w, call, callee);
		return;
	case FC_LAUNCH:	/* cudaLaunchKernel's arguments are not followed */
		emit(w, HMO_SYNC_DEVICE, call);
		return;
	case FC_MEMCPY:
		host_access(w, HMO_READ, arg(call, 1), call);
		host_access(w, HMO_WRITE, arg(call, 0), call);
		return;
	case FC_MEMSET:
		host_access(w, HMO_WRITE, arg(call, 0), call);
		return;
	default:
		break;
	}
	if (callee == NULL) {
		call_uses(w, call);
		emit(w, HMO_SYNC_DEVICE, call);
		return;
	}
	int ptsz = 0;
	if (!LLVMIsDeclaration(callee) && !runtime_template(callee)) {
		if (walk_inline(w, call, callee))
			return;
		if (uses_runtime(w, callee, 0))
			emit(w, HMO_SYNC_DEVICE, call);
		call_uses(w, call);
		return;
	}
	struct hm_op *op;
	int rt = rt_of(callee, &ptsz, NULL);
	/* the runtime's out-parameters in host memory; copies and memsets
	** say exactly what they read and write */
	if (rt > RT_UNKNOWN && rt < RT_HOST_ALLOC && rt != RT_MEMCPY && rt != RT_MEMCPY_ASYNC
	    && rt != RT_MEMSET && rt != RT_MEMSET_ASYNC && rt != RT_HOST_REGISTER
	    && rt != RT_HOST_UNREGISTER)
		call_writes(w, call);
	switch (rt) {
	case RT_NONE:
		call_uses(w, call);
		return;
	case RT_IGNORE:
		return;
	case RT_MALLOC: case RT_MALLOC_PITCH:
		walk_alloc(w, call, HM_DEVICE);
		return;
	case RT_MALLOC_MANAGED:
		walk_alloc(w, call, HM_MANAGED);
		return;
	case RT_MALLOC_HOST:
		walk_alloc(w, call, HM_PINNED);
		return;
	case RT_FREE:	/* cudaFree waits for the device */
		emit(w, HMO_SYNC_DEVICE, call);
		return;
	case RT_MEMCPY: case RT_MEMCPY_ASYNC:
		walk_mem(w, call, HMO_COPY, rt == RT_MEMCPY_ASYNC, ptsz);
		return;
	case RT_MEMSET: case RT_MEMSET_ASYNC:
		walk_mem(w, call, HMO_SET, rt == RT_MEMSET_ASYNC, ptsz);
		return;
	case RT_DEV_SYNC:
		emit(w, HMO_SYNC_DEVICE, call);
		return;
	case RT_STREAM_SYNC: {
		int32_t s = stream_of(w, arg(call, 0), ptsz);
		if ((op = emit(w, HMO_SYNC_STREAM, call)) != NULL)
			op->stream = s;
		return;
	}
	case RT_EVENT_SYNC: {
		int32_t e = event_of(w, arg(call, 0));
		if ((op = emit(w, HMO_SYNC_EVENT, call)) != NULL)
			op->event = e;
		return;
	}
	case RT_STREAM_CREATE: case RT_STREAM_CREATE_FLAGS: {
		LLVMValueRef hb = NULL;
		int64_t hoff = 0;
		if (!var_at(w, arg(call, 0), &hb, &hoff) || w->seq->nstreams >= HM_MAX_STREAMS)
			return;
		int nb = 0;
		if (rt == RT_STREAM_CREATE_FLAGS)
			nb = (const_or(arg(call, 1), 0) & 1) != 0;	/* cudaStreamNonBlocking */
		int32_t s = new_stream(w, var_name(w, hb, hoff, "a stream"), nb, 0);
		key_set(w, hb, hoff, KEY_STREAM, s);
		return;
	}
	case RT_EVENT_CREATE: {
		LLVMValueRef hb = NULL;
		int64_t hoff = 0;
		if (var_at(w, arg(call, 0), &hb, &hoff) && w->seq->nevents < HM_MAX_STREAMS)
			key_set(w, hb, hoff, KEY_EVENT, (int32_t)w->seq->nevents++);
		return;
	}
	case RT_EVENT_RECORD: {
		int32_t e = event_of(w, arg(call, 0)), s = stream_of(w, arg(call, 1), ptsz);
		if ((op = emit(w, HMO_RECORD, call)) != NULL) {
			op->event = e;
			op->stream = s;
		}
		return;
	}
	case RT_STREAM_WAIT: {
		int32_t s = stream_of(w, arg(call, 0), ptsz), e = event_of(w, arg(call, 1));
		if ((op = emit(w, HMO_WAIT, call)) != NULL) {
			op->event = e;
			op->stream = s;
		}
		return;
	}
	case RT_HOST_DEVPTR: {	/* *arg0 = arg1's memory, as the device sees it */
		LLVMValueRef hb = NULL;
		int64_t hoff = 0;
		struct hm_ref r = ref_of(w, arg(call, 1));
		if (r.buf != HM_NONE && r.off_known && r.off == 0 && var_at(w, arg(call, 0), &hb, &hoff))
			key_set(w, hb, hoff, KEY_BUF, r.buf);
		return;
	}
	case RT_HOST_REGISTER: case RT_HOST_UNREGISTER: {
		/* arg0's memory is pinned from here, or no longer */
		struct hm_ref r = ref_of(w, arg(call, 0));
		if (r.buf != HM_NONE && w->seq->bufs[r.buf].space == HM_HOST
		    && (op = emit(w, rt == RT_HOST_REGISTER ? HMO_PIN : HMO_UNPIN, call)) != NULL)
			op->dst = r;
		return;
	}
	case RT_HOST_ALLOC: case RT_HOST_CALLOC: {
		char *nm = lh_dbg_name(w->hc, call);
		int32_t b = new_buf(w, nm ? nm : xstrdup("a heap buffer"), HM_HOST, line_of(call));
		ptrmap_put(&w->bufof, call, (uint32_t)b + 1);
		if ((op = emit(w, HMO_ALLOC, call)) != NULL)
			op->dst = (struct hm_ref){ b, 1, 0 };
		if (rt == RT_HOST_CALLOC && (op = emit(w, HMO_WRITE, call)) != NULL)
			op->dst = (struct hm_ref){ b, 1, 0 };
		return;
	}
	case RT_HOST_FREE:
		return;
	default:	/* RT_UNKNOWN */
		emit(w, HMO_SYNC_DEVICE, call);
		call_uses(w, call);
		return;
	}
}

/* A store of a named buffer's pointer into a variable: the variable holds it. */
static void walk_store(struct hmw *w, LLVMValueRef st)
{
	LLVMValueRef val = LLVMGetOperand(st, 0), ptr = LLVMGetOperand(st, 1);
	host_access(w, HMO_WRITE, ptr, st);
	if (LLVMGetTypeKind(LLVMTypeOf(val)) != LLVMPointerTypeKind)
		return;
	LLVMValueRef hb = NULL, sb = NULL;
	int64_t hoff = 0, soff = 0;
	/* a stream or event handle copied to another variable (a lambda's
	** closure, a struct) is the same stream there */
	if (LLVMIsALoadInst(val) && var_at(w, LLVMGetOperand(val, 0), &sb, &soff) && var_at(w, ptr, &hb, &hoff)) {
		struct hkey *k = key_find(w, sb, soff, KEY_STREAM);
		if (k)
			key_set(w, hb, hoff, KEY_STREAM, k->id);
		k = key_find(w, sb, soff, KEY_EVENT);
		if (k)
			key_set(w, hb, hoff, KEY_EVENT, k->id);
	}
	struct hm_ref r = ref_of(w, val);
	if (r.buf == HM_NONE)
		return;
	if (r.off_known && r.off == 0 && var_at(w, ptr, &hb, &hoff)) {
		key_set(w, hb, hoff, KEY_BUF, r.buf);
		/* a variable of its own: its loads are followed */
		if (LLVMIsAAllocaInst(hb) && LLVMGetTypeKind(LLVMGetAllocatedType(hb)) == LLVMPointerTypeKind)
			return;
	}
	/* an alias the walk does not follow (plan[i].h_sum = h + i) */
	w->seq->bufs[r.buf].escapes = 1;
}

/* Whether FN is worth walking: it launches or calls the runtime itself. */
static int calls_runtime(struct hmw *w, LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			LLVMOpcode oc = LLVMGetInstructionOpcode(I);
			if (oc != LLVMCall && oc != LLVMInvoke)
				continue;
			LLVMValueRef callee = NULL;
			int fc = lh_call_class(w->hc, I, &callee), ptsz = 0;
			if (fc == FC_STUB || fc == FC_MALLOC)
				return 1;
			if (callee && (LLVMIsDeclaration(callee) || runtime_template(callee))) {
				int rt = rt_of(callee, &ptsz, NULL);
				if (rt >= RT_MALLOC && rt < RT_HOST_ALLOC)
					return 1;
			}
		}
	return 0;
}

static char *fn_file(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			LLVMMetadataRef loc = lh_outer_loc(I);
			if (loc != NULL)
				return lh_loc_file(I, loc);
		}
	return NULL;
}

static void walk_body(struct hmw *w, LLVMValueRef fn);

/* Adds FN to the functions of SEQ: its index. */
static uint16_t push_fn(struct hm_seq *seq, LLVMValueRef fn)
{
	size_t len = 0;
	const char *nm = LLVMGetValueName2(fn, &len);
	char *raw = xstrndup(nm, len);
	struct hm_fn f = { demangle_name(raw), fn_file(fn) };
	free(raw);
	VEC_PUSH(seq->fns, seq->nfn, seq->capfn, f);
	return (uint16_t)(seq->nfn - 1);
}

static void walk_fn(struct hmw *w, LLVMValueRef fn)
{
	struct hm_seq seq = { 0 };
	w->seq = &seq;
	w->nkeys = 0;
	w->unknown_stream = HM_NONE;
	ptrmap_free(&w->bufof);
	memset(&w->bufof, 0, sizeof w->bufof);
	/* the two default streams come first */
	new_stream(w, NULL, 0, 0);
	new_stream(w, NULL, 0, 0);
	w->fn = push_fn(&seq, fn);
	w->depth = 0;
	w->stack[0] = fn;
	walk_body(w, fn);
	struct hostsites *hs = lh_sites(w->hc);
	VEC_PUSH(hs->seqs, hs->nseqs, hs->capseqs, seq);
	w->seq = NULL;
}

/* Walks the blocks of FN in layout order. */
static void walk_body(struct hmw *w, LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			switch (LLVMGetInstructionOpcode(I)) {
			case LLVMLoad:
				if (LLVMGetOrdering(I) != LLVMAtomicOrderingNotAtomic)
					host_atomic(w, LLVMGetOperand(I, 0));
				else
					host_access(w, HMO_READ, LLVMGetOperand(I, 0), I);
				break;
			case LLVMStore:
				walk_store(w, I);
				break;
			case LLVMCall: case LLVMInvoke:
				walk_call(w, I);
				break;
			case LLVMAtomicRMW: case LLVMAtomicCmpXchg:
				host_atomic(w, LLVMGetOperand(I, 0));
				break;
			case LLVMPHI: case LLVMSelect: case LLVMPtrToInt: case LLVMInsertValue:
			case LLVMRet: case LLVMIntToPtr:
				/* a pointer the walk stops following */
				for (int k = 0; k < LLVMGetNumOperands(I); k++)
					escape(w, LLVMGetOperand(I, (unsigned)k));
				break;
			default:
				break;
			}
		}
}

/* Walks defined function FN where CALL calls it, its parameters bound to
** the call's arguments, when it is small enough, not too deep and not
** being walked already (recursion): 1, or 0 to take the call as one the
** walk does not follow. */
static int walk_inline(struct hmw *w, LLVMValueRef call, LLVMValueRef fn)
{
	unsigned np = LLVMCountParams(fn);
	if (w->depth >= HM_INLINE_DEPTH || LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn))
	    || np != (unsigned)LLVMGetNumArgOperands(call) || w->seq->nfn >= UINT16_MAX)
		return 0;
	for (int i = 0; i <= w->depth; i++)
		if (w->stack[i] == fn)
			return 0;
	unsigned n = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I))
			if (++n > HM_INLINE_INSNS)
				return 0;
	uint32_t mark = w->nbind;
	for (unsigned i = 0; i < np; i++) {
		uint32_t t = w->nbind;
		VEC_PUSH(w->bparam, w->nbind, w->capbind, LLVMGetParam(fn, i));
		VEC_PUSH(w->barg, t, w->capbarg, LLVMGetOperand(call, i));
	}
	uint16_t caller = w->fn;
	w->fn = push_fn(w->seq, fn);
	w->stack[++w->depth] = fn;
	walk_body(w, fn);
	w->depth--;
	w->fn = caller;
	w->nbind = mark;
	return 1;
}

void hostmap_collect(struct hctx *hc)
{
	struct hmw w = { .hc = hc };
	for (LLVMValueRef fn = LLVMGetFirstFunction(lh_module(hc)); fn; fn = LLVMGetNextFunction(fn)) {
		size_t len = 0;
		const char *nm = LLVMGetValueName2(fn, &len);
		w.ptds |= is_ptsz(nm, len);
	}
	for (LLVMValueRef fn = LLVMGetFirstFunction(lh_module(hc)); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		size_t len = 0;
		const char *nm = LLVMGetValueName2(fn, &len);
		if ((nm && strstr(nm, "__device_stub__") != NULL) || runtime_template(fn))
			continue;
		if (calls_runtime(&w, fn))
			walk_fn(&w, fn);
	}
	free(w.keys);
	free(w.bparam);
	free(w.barg);
	ptrmap_free(&w.bufof);
	ptrmap_free(&w.uses_rt);
}
