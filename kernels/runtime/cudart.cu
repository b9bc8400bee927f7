/*
** cudart.cu: simulee-c's CUDA runtime, the one a program built by
** `simulee-c run` links instead of NVIDIA's (docs/RUN.md).
**
** simulee-c compiles this file as the host side of CUDA, with the same
** headers and flags as the program, so every type is the program's own.
** Each call goes to simulee-c over the socket SIMULEE_RUN_FD names
** (simrt_proto.h): simulee-c holds the device memory and runs every
** launch in its simulator.  Host memory stays here; copies carry bytes.
**
** What CUDA keeps per thread (the last error, the pushed launch
** configurations) is per thread here too; calls are serialised by one
** lock.  A call this runtime does not simulate tells simulee-c its name
** and ends the program (simrt_refuse).
*/
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "simrt_proto.h"

/* simulee_legacy.h (cuda-compat) makes cudaDeviceProp a struct with the
** members CUDA 13 removed, filled by an inline cudaGetDeviceProperties of
** its own: the runtime defines the toolkit's entry point, on its struct */
#ifdef cudaDeviceProp
#undef cudaDeviceProp
#endif

#ifdef CUDART_VERSION
#define CUDART_VERSION_OF_SIMRT CUDART_VERSION
#else
#define CUDART_VERSION_OF_SIMRT 12080
#endif

/* ---- the connection ---------------------------------------------------- */

static int simrt_fd = -1;
static pthread_mutex_t simrt_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread cudaError_t simrt_last;	/* cudaGetLastError's */

static void simrt_die(const char *what)
{
	fflush(stdout);
	fprintf(stderr, "simulee-c run: %s: the simulated GPU is gone\n", what);
	_exit(125);
}

static int simrt_connect(void)
{
	if (simrt_fd >= 0)
		return simrt_fd;
	const char *s = getenv(SIMRT_ENV_FD);
	if (s == NULL || *s == '\0') {
		fprintf(stderr, "simulee-c run: this program was built to run on simulee-c's "
			"simulated GPU: start it with simulee-c run\n");
		_exit(125);
	}
	simrt_fd = atoi(s);
	return simrt_fd;
}

static void simrt_write_all(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t w = writev(fd, iov, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			simrt_die("write");
		size_t left = (size_t)w;
		while (n > 0 && left >= iov->iov_len) {
			left -= iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + left;
			iov->iov_len -= left;
		}
	}
}

static void simrt_read_all(int fd, void *buf, size_t n)
{
	char *p = (char *)buf;
	while (n > 0) {
		ssize_t r = read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			simrt_die("read");
		p += r;
		n -= (size_t)r;
	}
}

/* Reads the reply's header from SOCK: a descriptor it carries
** (SCM_RIGHTS) goes to *FD, or is closed when FD is NULL. */
static void simrt_read_header(int sock, struct simrt_rep *r, int *fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec riov = { r, sizeof *r };
	struct msghdr mh;
	memset(&mh, 0, sizeof mh);
	mh.msg_iov = &riov;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof u.buf;
	ssize_t got;
	while ((got = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
		;
	if (got <= 0)
		simrt_die("read");
	if (fd != NULL)
		*fd = -1;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c != NULL; c = CMSG_NXTHDR(&mh, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
			int d;
			memcpy(&d, CMSG_DATA(c), sizeof d);
			if (fd != NULL)
				*fd = d;
			else
				close(d);
		}
	if ((size_t)got < sizeof *r)
		simrt_read_all(sock, (char *)r + got, sizeof *r - (size_t)got);
}

/* One request OP with payload A (NA bytes) then B (NB), and its reply:
** up to NOUT bytes into OUT (*GOT: how many came, may be NULL), a
** descriptor it carries into *FD (may be NULL: none expected).  Returns
** the reply's status. */
static int simrt_call_rx(uint32_t op, const void *a, size_t na, const void *b, size_t nb,
			 void *out, size_t nout, size_t *got, int *fd)
{
	if (na + nb > UINT32_MAX)	/* copies come in chunks (simrt_chunks) */
		simrt_die("request too long");
	/* What the program printed so far goes out before simulee-c acts:
	** a run simulee-c stops (--time-limit, SIGINT, SIGTERM) ends it
	** with SIGKILL, which would lose what stdio still holds (a pipe or
	** a file is fully buffered), and a launch's device printf then
	** follows the program's own lines, as on a GPU.  Nothing to write
	** costs a lock; stderr is unbuffered. */
	fflush(stdout);
	pthread_mutex_lock(&simrt_lock);
	int sock = simrt_connect();
	struct simrt_req q = { op, (uint32_t)(na + nb) };
	struct iovec iov[3] = { { &q, sizeof q }, { (void *)a, na }, { (void *)b, nb } };
	simrt_write_all(sock, iov, 3);
	struct simrt_rep r;
	simrt_read_header(sock, &r, fd);
	size_t take = r.len < nout ? r.len : nout;
	simrt_read_all(sock, out, take);
	for (size_t left = r.len - take; left > 0;) {
		char sink[256];
		size_t k = left < sizeof sink ? left : sizeof sink;
		simrt_read_all(sock, sink, k);
		left -= k;
	}
	pthread_mutex_unlock(&simrt_lock);
	if (got)
		*got = take;
	return r.status;
}

static int simrt_call2(uint32_t op, const void *a, size_t na, const void *b, size_t nb,
		       void *out, size_t nout, size_t *got)
{
	return simrt_call_rx(op, a, na, b, nb, out, nout, got, NULL);
}

static int simrt_call(uint32_t op, const void *a, size_t na, void *out, size_t nout)
{
	return simrt_call_rx(op, a, na, NULL, 0, out, nout, NULL, NULL);
}

/* A request whose reply may carry a descriptor (*FD, -1 when none). */
static int simrt_call_fd(uint32_t op, const void *a, size_t na, void *out, size_t nout, int *fd)
{
	return simrt_call_rx(op, a, na, NULL, 0, out, nout, NULL, fd);
}

/* The cudaError_t of simulee-c's status S (the values are CUDA's). */
static cudaError_t simrt_error(int s)
{
	static const int codes[SIMRT__STATUS_COUNT] = {
		0,	/* cudaSuccess */
		1,	/* cudaErrorInvalidValue */
		2,	/* cudaErrorMemoryAllocation */
		9,	/* cudaErrorInvalidConfiguration */
		13,	/* cudaErrorInvalidSymbol */
		98,	/* cudaErrorInvalidDeviceFunction */
		17,	/* cudaErrorInvalidDevicePointer */
		701,	/* cudaErrorLaunchOutOfResources */
		209,	/* cudaErrorNoKernelImageForDevice */
		700,	/* cudaErrorIllegalAddress */
		710,	/* cudaErrorAssert */
		716,	/* cudaErrorMisalignedAddress */
		719,	/* cudaErrorLaunchFailure */
		702,	/* cudaErrorLaunchTimeout */
	};
	return (cudaError_t)(s >= 0 && s < SIMRT__STATUS_COUNT ? codes[s] : 999);
}

/* The result of a call with status S: also the thread's last error. */
static cudaError_t simrt_ret(int s)
{
	cudaError_t e = simrt_error(s);
	if (e != 0)
		simrt_last = e;
	return e;
}

/* A call of NAME, which cannot be simulated: simulee-c reports it, and
** the program ends here. */
static void __attribute__((noreturn)) simrt_refuse(const char *name)
{
	simrt_call(SIMRT_REFUSE, name, strlen(name) + 1, NULL, 0);
	fflush(stdout);	/* what the program printed so far is its own */
	fprintf(stderr, "simulee-c run: the program called %s, which simulee-c does not simulate: "
		"stopped\n", name);
	_exit(125);
}

/* The program's end, with its status: simulee-c knows the run finished. */
static void simrt_at_exit(void)
{
	if (simrt_fd < 0)
		return;
	int32_t v[2] = { 0, 0 };
	simrt_call(SIMRT_EXIT, v, sizeof v, NULL, 0);
}

/* ---- registration (what clang's module constructor calls) ------------- */

struct simrt_fn {
	const void *stub;	/* the host stub: the kernel's handle */
	char *name;
	int status;		/* the registration's: not found, ... */
	uint32_t kernel;
	uint32_t nparams;
	uint32_t *sizes;
	uint32_t dyn_shared_max;	/* cudaFuncSetAttribute's, 0: none */
};

struct simrt_var {
	const void *shadow;	/* the host variable standing for it */
	int status;
	uint32_t var;
	int texread;		/* a texture reference: its read mode + 1 */
};

static struct simrt_fn *simrt_fns;
static uint32_t simrt_nfns, simrt_capfns;
static struct simrt_var *simrt_vars;
static uint32_t simrt_nvars, simrt_capvars;

static void *simrt_grow(void *v, uint32_t *cap, size_t size)
{
	*cap = *cap ? *cap * 2 : 16;
	void *n = realloc(v, (size_t)*cap * size);
	if (n == NULL)
		simrt_die("out of memory");
	return n;
}

extern "C" void **__cudaRegisterFatBinary(void *fatCubin)
{
	static int registered;
	if (!registered) {
		registered = 1;
		atexit(simrt_at_exit);
		/* a line the program prints after its last CUDA call is out
		** before simulee-c may stop it (SIGKILL at --time-limit),
		** as on a terminal: stdout to a pipe or a file is fully
		** buffered.  With no buffer given, glibc only sets the mode,
		** which is safe after output too. */
		if (!isatty(1))
			setvbuf(stdout, NULL, _IOLBF, 0);
	}
	/* clang's wrapper: { int magic, int version, const void *data, void * } */
	struct wrapper {
		int magic, version;
		const unsigned char *data;
		void *rest;
	};
	const struct wrapper *w = (const struct wrapper *)fatCubin;
	uint32_t *h = (uint32_t *)calloc(2, sizeof *h);
	if (h == NULL)
		simrt_die("out of memory");
	h[1] = UINT32_MAX;
	if (w != NULL && w->data != NULL
	    && memcmp(w->data, SIMRT_MODULE_MAGIC, SIMRT_MODULE_MAGIC_LEN) == 0) {
		uint32_t q[2] = { 0, SIMRT_VERSION };
		memcpy(&q[0], w->data + SIMRT_MODULE_MAGIC_LEN, sizeof q[0]);
		uint32_t module = UINT32_MAX;
		if (simrt_call(SIMRT_MODULE, q, sizeof q, &module, sizeof module) == SIMRT_OK)
			h[1] = module;
	}
	return (void **)h;
}

extern "C" void __cudaRegisterFatBinaryEnd(void **handle)
{
	(void)handle;
}

/* Relocatable device code (-fgpu-rdc): clang's registration of a unit
** calls __cudaRegisterLinkedBinary_ID(REG, WRAP, ...), which nvcc's device
** link would define; simulee-c run defines each to call this, which
** registers the unit as __cudaRegisterFatBinary and runs REG, the unit's
** registration of its kernels and variables, with the handle. */
extern "C" void __simulee_register_linked(void (*reg)(void **), void *wrap)
{
	void **h = __cudaRegisterFatBinary(wrap);
	reg(h);
	__cudaRegisterFatBinaryEnd(h);
}

extern "C" void __cudaUnregisterFatBinary(void **handle)
{
	free(handle);
}

extern "C" void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun,
				       const char *deviceName, int thread_limit, uint3 *tid,
				       uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize)
{
	(void)deviceFun, (void)thread_limit, (void)tid, (void)bid, (void)bDim, (void)gDim,
		(void)wSize;
	uint32_t module = ((uint32_t *)handle)[1];
	if (simrt_nfns == simrt_capfns)
		simrt_fns = (struct simrt_fn *)simrt_grow(simrt_fns, &simrt_capfns, sizeof *simrt_fns);
	struct simrt_fn *f = &simrt_fns[simrt_nfns++];
	memset(f, 0, sizeof *f);
	f->stub = hostFun;
	f->name = strdup(deviceName);
	f->status = SIMRT_NO_KERNEL_IMAGE;
	if (module == UINT32_MAX)
		return;
	uint32_t buf[1024];
	size_t got = 0;
	f->status = simrt_call2(SIMRT_FUNCTION, &module, sizeof module, deviceName,
				strlen(deviceName) + 1, buf, sizeof buf, &got);
	if (f->status != SIMRT_OK || got < 2 * sizeof *buf)
		return;
	f->kernel = buf[0];
	f->nparams = buf[1];
	f->sizes = (uint32_t *)calloc(f->nparams + 1, sizeof *f->sizes);
	if (f->sizes == NULL)
		simrt_die("out of memory");
	memcpy(f->sizes, buf + 2, f->nparams * sizeof *f->sizes);
}

extern "C" void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress,
				  const char *deviceName, int ext, size_t size, int constant,
				  int global)
{
	(void)deviceAddress, (void)ext, (void)global;
	uint32_t module = ((uint32_t *)handle)[1];
	if (simrt_nvars == simrt_capvars)
		simrt_vars = (struct simrt_var *)simrt_grow(simrt_vars, &simrt_capvars, sizeof *simrt_vars);
	struct simrt_var *v = &simrt_vars[simrt_nvars++];
	v->shadow = hostVar;
	v->status = SIMRT_INVALID_SYMBOL;
	if (module == UINT32_MAX)
		return;
	struct {
		uint32_t module;
		uint32_t constant;
		uint64_t size;
	} q = { module, (uint32_t)constant, size };
	v->status = simrt_call2(SIMRT_VAR, &q, sizeof q, deviceName, strlen(deviceName) + 1,
				&v->var, sizeof v->var, NULL);
}

/* A texture reference (`texture<T, D, M> tex`): its device side is a
** variable holding a texture object handle, which cudaBindTexture sets.
** NORM is the reference's read mode (clang passes the template's). */
extern "C" void __cudaRegisterTexture(void **handle, const void *hostVar, const void *deviceAddress,
				      const char *deviceName, int dim, int norm, int ext)
{
	(void)dim;
	__cudaRegisterVar(handle, (char *)hostVar, (char *)deviceAddress, deviceName, ext, 8, 0, 0);
	simrt_vars[simrt_nvars - 1].texread = norm + 1;
}

static const struct simrt_fn *simrt_fn_of(const void *stub)
{
	for (uint32_t i = 0; i < simrt_nfns; i++)
		if (simrt_fns[i].stub == stub)
			return &simrt_fns[i];
	return NULL;
}

static const struct simrt_var *simrt_var_of(const void *shadow)
{
	for (uint32_t i = 0; i < simrt_nvars; i++)
		if (simrt_vars[i].shadow == shadow)
			return &simrt_vars[i];
	return NULL;
}

/* ---- launches ------------------------------------------------------------ */

struct simrt_config {
	dim3 grid, block;
	size_t shmem;
	void *stream;
};

static thread_local struct simrt_config simrt_configs[16];
static __thread unsigned simrt_nconfigs;

/* clang's CUDA wrapper declares the stream void *, our prelude as CUDA's
** own headers do */
#ifdef __SIMULEE_CUDA_PRELUDE__
#define SIMRT_PUSH_STREAM struct CUstream_st *
#else
#define SIMRT_PUSH_STREAM void *
#endif

extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
						SIMRT_PUSH_STREAM stream)
{
	if (simrt_nconfigs == sizeof simrt_configs / sizeof *simrt_configs)
		return 1;	/* the launch is skipped, as with too deep a nesting */
	struct simrt_config *c = &simrt_configs[simrt_nconfigs++];
	c->grid = gridDim;
	c->block = blockDim;
	c->shmem = sharedMem;
	c->stream = (void *)stream;
	return 0;
}

extern "C" cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
						   void *stream)
{
	if (simrt_nconfigs == 0) {
		/* nothing pushed: a zero grid, which the launch refuses */
		gridDim->x = gridDim->y = gridDim->z = 0;
		return simrt_ret(SIMRT_INVALID_CONFIG);
	}
	struct simrt_config *c = &simrt_configs[--simrt_nconfigs];
	*gridDim = c->grid;
	*blockDim = c->block;
	*sharedMem = c->shmem;
	*(void **)stream = c->stream;
	return (cudaError_t)0;
}

/* The host call stack of a launch, in the executable's own addresses
** (the program is position independent): simulee-c names the frames. */
static void simrt_frames(struct simrt_launch *q)
{
	void *bt[SIMRT_FRAMES + 4];
	int n = backtrace(bt, SIMRT_FRAMES + 4);
	Dl_info self;
	if (dladdr((void *)simrt_frames, &self) == 0)
		return;
	for (int i = 1; i < n && q->nframes < SIMRT_FRAMES; i++) {
		Dl_info in;
		if (dladdr(bt[i], &in) == 0 || in.dli_fbase != self.dli_fbase)
			continue;	/* a library's frame */
		q->frames[q->nframes++] = (uint64_t)((uintptr_t)bt[i] - (uintptr_t)self.dli_fbase - 1);
	}
}

/* ---- stream capture (CUDA graphs) ------------------------------------------ */

/* A captured operation, done again at each cudaGraphLaunch: a launch
** (its argument bytes copied at capture, as CUDA copies a kernel node's
** parameters), a copy or memset (the pointers, read when it runs), a
** host function. */
enum simrt_node_kind {
	SIMRT_NODE_LAUNCH, SIMRT_NODE_COPY, SIMRT_NODE_SET, SIMRT_NODE_HOST,
	SIMRT_NODE_EMPTY, SIMRT_NODE_COPY3D, SIMRT_NODE_SET2D, SIMRT_NODE_CHILD
};
struct simrt_node {
	enum simrt_node_kind kind;
	const void *func;
	dim3 grid, block;
	size_t shmem;
	int cooperative;
	unsigned char *args;
	void *dst;
	const void *src;
	size_t count;
	int how;		/* the copy's direction, the memset's byte */
	void (*fn)(void *);
	void *data;
	struct cudaMemcpy3DParms p3;	/* COPY3D's */
	size_t pitch, width, height;	/* SET2D's: how is the value, count
					   the element's size */
	struct simrt_graph *child;	/* CHILD's: a copy of the graph */
	uint32_t *deps;		/* nodes added one by one: the indices of
				   the nodes it waits for */
	uint32_t ndeps;
};

/* A graph: its nodes in the order the program issued them, which
** respects every dependency a capture records (work is issued after
** what it waits for). */
struct simrt_graph {
	struct simrt_node *v;
	uint32_t n, cap;
	struct simrt_nodeh **hs;	/* the handles given out for its nodes */
	uint32_t nhs, caphs;
};

/* A cudaGraphNode_t: node I of graph G. */
struct simrt_nodeh {
	struct simrt_graph *g;
	uint32_t i;
};

/* The streams capturing now, and into which graph (cudaStreamWaitEvent
** on an event recorded in a capture brings a stream into it). */
static struct simrt_capture {
	void *stream;
	struct simrt_graph *g;
} simrt_captures[64];
static unsigned simrt_ncaptures;

/* The graph STREAM is capturing into, or NULL. */
static struct simrt_graph *simrt_capturing(void *stream)
{
	for (unsigned i = 0; i < simrt_ncaptures; i++)
		if (simrt_captures[i].stream == stream)
			return simrt_captures[i].g;
	return NULL;
}

/* A new node of graph G, zeroed. */
static struct simrt_node *simrt_node_new(struct simrt_graph *g)
{
	if (g->n == g->cap)
		g->v = (struct simrt_node *)simrt_grow(g->v, &g->cap, sizeof *g->v);
	struct simrt_node *nd = &g->v[g->n++];
	memset(nd, 0, sizeof *nd);
	return nd;
}

static cudaError_t simrt_launch(const void *func, dim3 grid, dim3 block, void **args,
				size_t shmem, void *stream, int cooperative)
{
	const struct simrt_fn *f = simrt_fn_of(func);
	if (f == NULL)
		return simrt_ret(SIMRT_INVALID_FUNCTION);
	if (f->status != SIMRT_OK) {
		/* simulee-c counts the launch it cannot simulate */
		struct simrt_launch q;
		memset(&q, 0, sizeof q);
		q.kernel = UINT32_MAX;
		simrt_call(SIMRT_LAUNCH, &q, sizeof q, NULL, 0);
		return simrt_ret(f->status);
	}
	size_t n = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		n += f->sizes[i];
	unsigned char *bytes = (unsigned char *)malloc(n ? n : 1);
	if (bytes == NULL)
		simrt_die("out of memory");
	size_t at = 0;
	for (uint32_t i = 0; i < f->nparams; i++) {
		memcpy(bytes + at, args[i], f->sizes[i]);
		at += f->sizes[i];
	}
	struct simrt_graph *g = simrt_capturing(stream);
	if (g != NULL) {
		struct simrt_node *nd = simrt_node_new(g);
		nd->kind = SIMRT_NODE_LAUNCH;
		nd->func = func;
		nd->grid = grid;
		nd->block = block;
		nd->shmem = shmem;
		nd->cooperative = cooperative;
		nd->args = bytes;
		return (cudaError_t)0;
	}
	struct simrt_launch q;
	memset(&q, 0, sizeof q);
	q.kernel = f->kernel;
	q.cooperative = (uint32_t)cooperative;
	q.grid[0] = grid.x, q.grid[1] = grid.y, q.grid[2] = grid.z;
	q.block[0] = block.x, q.block[1] = block.y, q.block[2] = block.z;
	q.dyn_shared = shmem;
	q.stream = (uint64_t)(uintptr_t)stream;
	q.nparams = f->nparams;
	q.dyn_shared_max = f->dyn_shared_max;
	simrt_frames(&q);
	int s = simrt_call2(SIMRT_LAUNCH, &q, sizeof q, bytes, n, NULL, 0, NULL);
	free(bytes);
	return simrt_ret(s);
}

extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
					size_t sharedMem, cudaStream_t stream)
{
	return simrt_launch(func, gridDim, blockDim, args, sharedMem, (void *)stream, 0);
}

extern "C" cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim,
						   void **args, size_t sharedMem, cudaStream_t stream)
{
	return simrt_launch(func, gridDim, blockDim, args, sharedMem, (void *)stream, 1);
}

/* clang before CUDA 9.2's launch sequence, and nvcc's: not used by clang's
** stubs here */
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
					 cudaStream_t stream)
{
	(void)gridDim, (void)blockDim, (void)sharedMem, (void)stream;
	simrt_refuse("cudaConfigureCall");
}

/* ---- memory -------------------------------------------------------------- */

extern "C" cudaError_t cudaMalloc(void **devPtr, size_t size)
{
	struct {
		uint64_t size;
		uint32_t kind, pad;
	} q = { size, SIMRT_DEVICE, 0 };
	uint64_t p = 0;
	int s = simrt_call(SIMRT_MALLOC, &q, sizeof q, &p, sizeof p);
	if (s == SIMRT_OK)
		*devPtr = (void *)(uintptr_t)p;
	return simrt_ret(s);
}

extern "C" cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
	size_t p = (width + 511) / 512 * 512;	/* textureAlignment-like rows */
	cudaError_t e = cudaMalloc(devPtr, p * (height ? height : 1));
	if (e == 0)
		*pitch = p;
	return e;
}

/* Memory shared with the simulated device, mapped here at the address
** it has there. */
struct simrt_shared {
	void *p;
	size_t len;
};

static struct simrt_shared *simrt_shareds;
static uint32_t simrt_nshareds, simrt_capshareds;

/* KIND memory of SIZE bytes that both sides use: 0 with *PTR set, or the
** status when simulee-c has none to give. */
static int simrt_shared_alloc(void **ptr, size_t size, uint32_t kind)
{
	struct {
		uint64_t size;
		uint32_t kind, pad;
	} q = { size, kind, 0 };
	uint64_t p = 0;
	int fd = -1;
	int s = simrt_call_fd(SIMRT_MALLOC, &q, sizeof q, &p, sizeof p, &fd);
	if (s != SIMRT_OK || fd < 0) {
		if (fd >= 0)
			close(fd);
		return s != SIMRT_OK ? s : SIMRT_OUT_OF_MEMORY;
	}
	size_t len = (size + 4095) & ~(size_t)4095;
	void *want = (void *)(uintptr_t)p;
	void *got = mmap(want, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
	close(fd);
	if (got != want) {
		/* that address is taken here: give the memory back */
		if (got != MAP_FAILED)
			munmap(got, len);
		simrt_call(SIMRT_FREE, &p, sizeof p, NULL, 0);
		return SIMRT_OUT_OF_MEMORY;
	}
	pthread_mutex_lock(&simrt_lock);
	if (simrt_nshareds == simrt_capshareds)
		simrt_shareds = (struct simrt_shared *)simrt_grow(simrt_shareds, &simrt_capshareds,
								   sizeof *simrt_shareds);
	simrt_shareds[simrt_nshareds].p = got;
	simrt_shareds[simrt_nshareds++].len = len;
	pthread_mutex_unlock(&simrt_lock);
	*ptr = got;
	return SIMRT_OK;
}

/* The shared mapping P starts, removed from the table, or 0 if none. */
static size_t simrt_shared_take(void *p)
{
	size_t len = 0;
	pthread_mutex_lock(&simrt_lock);
	for (uint32_t i = 0; i < simrt_nshareds; i++)
		if (simrt_shareds[i].p == p) {
			len = simrt_shareds[i].len;
			simrt_shareds[i] = simrt_shareds[--simrt_nshareds];
			break;
		}
	pthread_mutex_unlock(&simrt_lock);
	return len;
}

/* Whether P lies in memory shared with the device. */
static int simrt_is_shared(const void *p)
{
	int in = 0;
	pthread_mutex_lock(&simrt_lock);
	for (uint32_t i = 0; i < simrt_nshareds && !in; i++)
		in = (const char *)p >= (const char *)simrt_shareds[i].p
		     && (const char *)p < (const char *)simrt_shareds[i].p + simrt_shareds[i].len;
	pthread_mutex_unlock(&simrt_lock);
	return in;
}

extern "C" cudaError_t cudaFree(void *devPtr)
{
	if (devPtr == NULL)
		return (cudaError_t)0;
	uint64_t p = (uint64_t)(uintptr_t)devPtr;
	int s = simrt_call(SIMRT_FREE, &p, sizeof p, NULL, 0);
	if (s == SIMRT_OK) {
		size_t len = simrt_shared_take(devPtr);
		if (len)
			munmap(devPtr, len);
	}
	return simrt_ret(s);
}

/* Whether P is device memory simulee-c holds. */
static int simrt_is_device(const void *p)
{
	uint64_t q = (uint64_t)(uintptr_t)p;
	return p != NULL && simrt_call(SIMRT_QUERY, &q, sizeof q, NULL, 0) == SIMRT_OK;
}

/* The GPU simulee-c simulates (--device; sm_70 by default), asked once:
** every thread that asks first writes the same bytes. */
static const struct simrt_device *simrt_device(void)
{
	static struct simrt_device d;
	static int have;
	if (!have) {
		struct simrt_device got;
		memset(&got, 0, sizeof got);
		if (simrt_call(SIMRT_GPU, NULL, 0, &got, sizeof got) != SIMRT_OK)
			simrt_die("no device description");
		got.arch[sizeof got.arch - 1] = '\0';
		d = got;
		have = 1;
	}
	return &d;
}

/* The most bytes of memory a request or reply carries: SIMRT_CHUNK, or
** less where a test asks for it (SIMRT_ENV_CHUNK, docs/RUN.md). */
static size_t simrt_chunk(void)
{
	static size_t chunk;	/* a race writes the same value */
	if (chunk == 0) {
		const char *s = getenv(SIMRT_ENV_CHUNK);
		unsigned long long v = s != NULL ? strtoull(s, NULL, 10) : 0;
		chunk = v > 0 && v < SIMRT_CHUNK ? (size_t)v : (size_t)SIMRT_CHUNK;
	}
	return chunk;
}

/* Whether the COUNT bytes at device pointer P lie in one live allocation:
** a copy in several requests is checked whole first, so that it is done
** whole or not at all, as one request is. */
static int simrt_device_range(uint64_t p, size_t count)
{
	uint64_t q[2] = { p, count };
	return simrt_call(SIMRT_QUERY, q, sizeof q, NULL, 0) == SIMRT_OK;
}

/*
** Carries COUNT bytes at HOST to the device (TO) or from it in requests
** OP of at most simrt_chunk() bytes each (lengths on the wire are 32
** bits).  HDR (NHDR bytes) is the request's header: its u64 at byte AT
** is the device address or the offset in a variable, advanced chunk by
** chunk; a request from the device ends with the u64 length, set for
** each chunk.  At least one request is made.  Returns SIMRT_OK, or the
** first other status, which ends the copy.
*/
static int simrt_chunks(uint32_t op, int to, unsigned char *hdr, size_t nhdr, size_t at,
			char *host, size_t count)
{
	uint64_t base;
	memcpy(&base, hdr + at, sizeof base);
	size_t chunk = simrt_chunk(), done = 0;
	do {
		size_t k = count - done < chunk ? count - done : chunk;
		uint64_t a = base + done, n = k;
		memcpy(hdr + at, &a, sizeof a);
		int st;
		if (to) {
			st = simrt_call2(op, hdr, nhdr, host + done, k, NULL, 0, NULL);
		} else {
			memcpy(hdr + nhdr - sizeof n, &n, sizeof n);
			st = simrt_call2(op, hdr, nhdr, NULL, 0, host + done, k, NULL);
		}
		if (st != SIMRT_OK)
			return st;
		done += k;
	} while (done < count);
	return SIMRT_OK;
}

static cudaError_t simrt_copy(void *dst, const void *src, size_t count, int kind)
{
	if (count == 0)
		return (cudaError_t)0;
	if (kind == 4) {	/* cudaMemcpyDefault: from where the pointers point */
		int dd = simrt_is_device(dst), sd = simrt_is_device(src);
		kind = dd ? (sd ? 3 : 1) : (sd ? 2 : 0);
	}
	uint64_t d = (uint64_t)(uintptr_t)dst, s = (uint64_t)(uintptr_t)src;
	switch (kind) {
	case 0:		/* cudaMemcpyHostToHost */
		memmove(dst, src, count);
		return (cudaError_t)0;
	case 1:		/* cudaMemcpyHostToDevice */
		if (count > simrt_chunk() && !simrt_device_range(d, count))
			return simrt_ret(SIMRT_INVALID_VALUE);
		return simrt_ret(simrt_chunks(SIMRT_TO_DEVICE, 1, (unsigned char *)&d, sizeof d, 0,
					      (char *)src, count));
	case 2: {	/* cudaMemcpyDeviceToHost */
		uint64_t q[2] = { s, count };
		if (count > simrt_chunk() && !simrt_device_range(s, count))
			return simrt_ret(SIMRT_INVALID_VALUE);
		return simrt_ret(simrt_chunks(SIMRT_FROM_DEVICE, 0, (unsigned char *)q, sizeof q, 0,
					      (char *)dst, count));
	}
	case 3: {	/* cudaMemcpyDeviceToDevice: no bytes travel, the length is 64 bits */
		uint64_t q[3] = { d, s, count };
		return simrt_ret(simrt_call(SIMRT_DEVICE_COPY, q, sizeof q, NULL, 0));
	}
	}
	return simrt_ret(SIMRT_INVALID_VALUE);	/* cudaErrorInvalidMemcpyDirection is 21 */
}

extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
	return simrt_copy(dst, src, count, (int)kind);
}

extern "C" cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
				       enum cudaMemcpyKind kind, cudaStream_t stream)
{
	struct simrt_graph *g = simrt_capturing((void *)stream);
	if (g != NULL) {
		struct simrt_node *nd = simrt_node_new(g);
		nd->kind = SIMRT_NODE_COPY;
		nd->dst = dst;
		nd->src = src;
		nd->count = count;
		nd->how = (int)kind;
		return (cudaError_t)0;
	}
	/* every operation is done when the call returns */
	return simrt_copy(dst, src, count, (int)kind);
}

extern "C" cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
				    size_t width, size_t height, enum cudaMemcpyKind kind)
{
	if (width > dpitch || width > spitch)
		return simrt_ret(SIMRT_INVALID_VALUE);
	for (size_t r = 0; r < height; r++) {
		cudaError_t e = simrt_copy((char *)dst + r * dpitch, (const char *)src + r * spitch,
					   width, (int)kind);
		if (e != 0)
			return e;
	}
	return (cudaError_t)0;
}

/* No bytes travel: the length is 64 bits, one request sets them all. */
extern "C" cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
	struct {
		uint64_t dst;
		uint32_t byte, pad;
		uint64_t n;
	} q = { (uint64_t)(uintptr_t)devPtr, (uint32_t)(value & 0xff), 0, count };
	return simrt_ret(simrt_call(SIMRT_SET, &q, sizeof q, NULL, 0));
}

extern "C" cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
	struct simrt_graph *g = simrt_capturing((void *)stream);
	if (g != NULL) {
		struct simrt_node *nd = simrt_node_new(g);
		nd->kind = SIMRT_NODE_SET;
		nd->dst = devPtr;
		nd->count = count;
		nd->how = value;
		return (cudaError_t)0;
	}
	return cudaMemset(devPtr, value, count);
}

static cudaError_t simrt_symbol(const void *symbol, void *host, size_t count, size_t offset, int to)
{
	const struct simrt_var *v = simrt_var_of(symbol);
	if (v == NULL || v->status != SIMRT_OK)
		return simrt_ret(SIMRT_INVALID_SYMBOL);
	if (count > simrt_chunk()) {
		/* checked whole first, as a copy in one request is */
		uint64_t r[2];
		int s = simrt_call(SIMRT_SYMBOL_ADDRESS, &v->var, sizeof v->var, r, sizeof r);
		if (s != SIMRT_OK)
			return simrt_ret(s);
		if (offset > r[1] || count > r[1] - offset)
			return simrt_ret(SIMRT_INVALID_VALUE);
	}
	struct {
		uint32_t var, pad;
		uint64_t offset;
		uint64_t n;
	} q = { v->var, 0, offset, count };
	size_t at = (size_t)((char *)&q.offset - (char *)&q);
	if (to)
		return simrt_ret(simrt_chunks(SIMRT_TO_SYMBOL, 1, (unsigned char *)&q,
					      sizeof q - sizeof q.n, at, (char *)host, count));
	return simrt_ret(simrt_chunks(SIMRT_FROM_SYMBOL, 0, (unsigned char *)&q, sizeof q, at,
				      (char *)host, count));
}

extern "C" cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
					  size_t offset, enum cudaMemcpyKind kind)
{
	(void)kind;
	return simrt_symbol(symbol, (void *)src, count, offset, 1);
}

extern "C" cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
					    size_t offset, enum cudaMemcpyKind kind)
{
	(void)kind;
	return simrt_symbol(symbol, dst, count, offset, 0);
}

extern "C" cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
					       size_t offset, enum cudaMemcpyKind kind,
					       cudaStream_t stream)
{
	(void)kind, (void)stream;
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaMemcpyToSymbolAsync during stream capture");
	return simrt_symbol(symbol, (void *)src, count, offset, 1);
}

extern "C" cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
						 size_t offset, enum cudaMemcpyKind kind,
						 cudaStream_t stream)
{
	(void)kind, (void)stream;
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaMemcpyFromSymbolAsync during stream capture");
	return simrt_symbol(symbol, dst, count, offset, 0);
}

extern "C" cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
	const struct simrt_var *v = simrt_var_of(symbol);
	if (v == NULL || v->status != SIMRT_OK)
		return simrt_ret(SIMRT_INVALID_SYMBOL);
	uint64_t r[2];
	int s = simrt_call(SIMRT_SYMBOL_ADDRESS, &v->var, sizeof v->var, r, sizeof r);
	if (s == SIMRT_OK)
		*devPtr = (void *)(uintptr_t)r[0];
	return simrt_ret(s);
}

extern "C" cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
	const struct simrt_var *v = simrt_var_of(symbol);
	if (v == NULL || v->status != SIMRT_OK)
		return simrt_ret(SIMRT_INVALID_SYMBOL);
	uint64_t r[2];
	int s = simrt_call(SIMRT_SYMBOL_ADDRESS, &v->var, sizeof v->var, r, sizeof r);
	if (s == SIMRT_OK)
		*size = (size_t)r[1];
	return simrt_ret(s);
}

/* ---- CUDA arrays, texture references and objects ------------------------- */

/* A CUDA array: the program's cudaArray_t points here.  Its texels are
** device memory, row after row with no padding (rows of WIDTH texels,
** HEIGHT rows a plane, DEPTH planes or layers). */
struct simrt_array {
	uint64_t ptr;
	struct cudaChannelFormatDesc desc;
	size_t width, height, depth;	/* as made: 0 where unused */
	unsigned flags;
	unsigned es;			/* bytes a texel */
};

/* A request's channel descriptor fields from DESC. */
static void simrt_tex_format(struct simrt_tex *b, const struct cudaChannelFormatDesc *desc)
{
	b->bits[0] = desc->x;
	b->bits[1] = desc->y;
	b->bits[2] = desc->z;
	b->bits[3] = desc->w;
	b->kind = (int32_t)desc->f;
}

/* A request for the texels of array A: its shape (a layered array's
** depth is its layers). */
static void simrt_tex_array(struct simrt_tex *b, const struct simrt_array *a)
{
	b->ptr = a->ptr;
	b->width = a->width;
	b->height = a->height ? a->height : 1;
	b->depth = a->depth ? a->depth : 1;
	b->ndims = a->depth ? 3 : a->height ? 2 : 1;
	if (a->flags & 1) {	/* cudaArrayLayered: 1-D or 2-D layers */
		b->layers = (uint32_t)b->depth;
		b->depth = 1;
		b->ndims = a->height ? 2 : 1;
	}
	simrt_tex_format(b, &a->desc);
}

/*
** Binds texture reference TEXREF (the host variable clang registered) to
** device pointer PTR (0: unbinds it) with channel descriptor DESC (NULL:
** the reference's own) over NDIMS dimensions: WIDTH bytes for 1-D, else
** WIDTH x HEIGHT texels with rows PITCH bytes apart; or to array ARR
** (not NULL: PTR and the extents are ignored).  The reference's
** normalized, filterMode and addressMode are read now, as the CUDA 11
** runtime did at the bind.
*/
static cudaError_t simrt_bind(size_t *offset, const void *texref, const void *ptr,
			      const struct cudaChannelFormatDesc *desc, unsigned ndims, size_t width,
			      size_t height, size_t pitch, const struct simrt_array *arr)
{
	const struct simrt_var *v = simrt_var_of(texref);
	if (offset != NULL)
		*offset = 0;
	if (v == NULL || v->texread == 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	if (v->status != SIMRT_OK)
		return simrt_ret(v->status);
	const struct textureReference *t = (const struct textureReference *)texref;
	if (desc == NULL)
		desc = &t->channelDesc;
	struct simrt_tex b;
	memset(&b, 0, sizeof b);
	b.var = v->var;
	if (arr != NULL) {
		simrt_tex_array(&b, arr);
	} else {
		b.ndims = ndims;
		b.ptr = (uint64_t)(uintptr_t)ptr;
		b.width = width;
		b.height = height;
		b.depth = 1;
		b.pitch = pitch;
		b.linear = ndims == 1;
	}
	simrt_tex_format(&b, desc);
	b.normalized = t->normalized;
	b.filter = (int32_t)t->filterMode;
	for (int i = 0; i < 3; i++)
		b.addr[i] = (int32_t)t->addressMode[i];
	b.read = v->texread - 1;
	return simrt_ret(simrt_call(SIMRT_BIND_TEX, &b, sizeof b, NULL, 0));
}

extern "C" struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
							      enum cudaChannelFormatKind f)
{
	struct cudaChannelFormatDesc d;
	d.x = x, d.y = y, d.z = z, d.w = w, d.f = f;
	return d;
}

extern "C" cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
				       const void *devPtr, const struct cudaChannelFormatDesc *desc,
				       size_t size)
{
	if (devPtr == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	return simrt_bind(offset, texref, devPtr, desc, 1, size, 1, 0, NULL);
}

extern "C" cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
					 const void *devPtr, const struct cudaChannelFormatDesc *desc,
					 size_t width, size_t height, size_t pitch)
{
	if (devPtr == NULL || width == 0 || height == 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	return simrt_bind(offset, texref, devPtr, desc, 2, width, height, pitch, NULL);
}

extern "C" cudaError_t cudaUnbindTexture(const struct textureReference *texref)
{
	return simrt_bind(NULL, texref, NULL, NULL, 1, 0, 0, 0, NULL);
}

extern "C" cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
					      const struct cudaChannelFormatDesc *desc)
{
	if (array == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	const struct simrt_array *a = (const struct simrt_array *)array;
	return simrt_bind(NULL, texref, NULL, desc ? desc : &a->desc, 0, 0, 0, 0, a);
}

extern "C" cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref)
{
	const struct simrt_var *v = simrt_var_of(texref);
	if (v == NULL || v->texread == 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	if (offset != NULL)
		*offset = 0;
	return cudaSuccess;
}

/* Pinned host memory is memory shared with the device, as under unified
** addressing a kernel may use it; past what simulee-c can share it is
** ordinary memory (every copy is finished when its call returns), which
** a kernel cannot reach. */
extern "C" cudaError_t cudaMallocHost(void **ptr, size_t size)
{
	if (simrt_shared_alloc(ptr, size ? size : 1, SIMRT_HOST_SHARED) == SIMRT_OK)
		return (cudaError_t)0;
	*ptr = malloc(size ? size : 1);
	return *ptr ? (cudaError_t)0 : simrt_ret(SIMRT_OUT_OF_MEMORY);
}

extern "C" cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
	(void)flags;
	return cudaMallocHost(pHost, size);
}

extern "C" cudaError_t cudaFreeHost(void *ptr)
{
	if (ptr == NULL)
		return (cudaError_t)0;
	size_t len = simrt_shared_take(ptr);
	if (len == 0) {
		free(ptr);
		return (cudaError_t)0;
	}
	uint64_t p = (uint64_t)(uintptr_t)ptr;
	simrt_call(SIMRT_FREE, &p, sizeof p, NULL, 0);
	munmap(ptr, len);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
	(void)ptr, (void)size, (void)flags;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaHostUnregister(void *ptr)
{
	(void)ptr;
	return (cudaError_t)0;
}

/* Managed memory: the same bytes at the same address on both sides, so
** the host reads what a kernel wrote with no copy (every launch is done
** when its call returns). */
extern "C" cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
	(void)flags;
	if (size == 0) {
		*devPtr = NULL;
		return simrt_ret(SIMRT_INVALID_VALUE);
	}
	return simrt_ret(simrt_shared_alloc(devPtr, size, SIMRT_MANAGED));
}

/* Under unified addressing a mapped buffer's device pointer is its host
** pointer. */
extern "C" cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
	(void)flags;
	if (!simrt_is_shared(pHost))
		return simrt_ret(SIMRT_INVALID_VALUE);
	*pDevice = pHost;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
	*total = (size_t)simrt_device()->memory;
	*free_bytes = *total / 8 * 7;
	return (cudaError_t)0;
}

/* ---- synchronisation, streams, events ------------------------------------ */

/* Every launch and copy is done when its call returns: a wait only
** reports the context's sticky error. */
static cudaError_t simrt_wait(void)
{
	return simrt_ret(simrt_call(SIMRT_SYNC, NULL, 0, NULL, 0));
}

extern "C" cudaError_t cudaDeviceSynchronize(void)
{
	return simrt_wait();
}

extern "C" cudaError_t cudaThreadSynchronize(void)
{
	return simrt_wait();
}

extern "C" cudaError_t cudaDeviceReset(void)
{
	return simrt_wait();
}

extern "C" cudaError_t cudaThreadExit(void)
{
	return simrt_wait();
}

struct simrt_event {
	uint64_t seq;		/* launches and copies made before it was recorded */
	struct simrt_graph *capture;	/* recorded in a stream capturing into it */
};

static uint64_t simrt_events_recorded;

extern "C" cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
	static uintptr_t next = 0x5100;
	*pStream = (cudaStream_t)(next += 0x10);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
	(void)flags;
	return cudaStreamCreate(pStream);
}

extern "C" cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags,
						    int priority)
{
	(void)flags, (void)priority;
	return cudaStreamCreate(pStream);
}

extern "C" cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
	(void)stream;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
	(void)stream;
	return simrt_wait();
}

extern "C" cudaError_t cudaStreamQuery(cudaStream_t stream)
{
	(void)stream;
	return simrt_wait();
}

/* Work is done when its call returns, so a wait orders nothing, but a
** stream that waits for an event recorded in a capture joins it, as in
** CUDA (the fork of a captured graph into several streams). */
extern "C" cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
	(void)flags;
	struct simrt_graph *g = event ? ((struct simrt_event *)event)->capture : NULL;
	if (g != NULL && simrt_capturing((void *)stream) == NULL) {
		if (simrt_ncaptures == sizeof simrt_captures / sizeof *simrt_captures)
			return simrt_ret(SIMRT_INVALID_VALUE);
		simrt_captures[simrt_ncaptures].stream = (void *)stream;
		simrt_captures[simrt_ncaptures++].g = g;
	}
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaEventCreate(cudaEvent_t *event)
{
	struct simrt_event *e = (struct simrt_event *)calloc(1, sizeof *e);
	if (e == NULL)
		return simrt_ret(SIMRT_OUT_OF_MEMORY);
	*event = (cudaEvent_t)e;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
	(void)flags;
	return cudaEventCreate(event);
}

extern "C" cudaError_t cudaEventDestroy(cudaEvent_t event)
{
	free(event);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
	(void)stream;
	if (event == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	((struct simrt_event *)event)->seq = ++simrt_events_recorded;
	((struct simrt_event *)event)->capture = simrt_capturing((void *)stream);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
	(void)event;
	return simrt_wait();
}

extern "C" cudaError_t cudaEventQuery(cudaEvent_t event)
{
	(void)event;
	return simrt_wait();
}

/* Time means nothing in a simulation: a fixed, deterministic 1 ms per
** event recorded between the two, so a run's output can be compared. */
extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
	if (start == NULL || end == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	const struct simrt_event *a = (const struct simrt_event *)start;
	const struct simrt_event *b = (const struct simrt_event *)end;
	*ms = (float)(b->seq > a->seq ? b->seq - a->seq : 0);
	return (cudaError_t)0;
}

/* ---- errors ---------------------------------------------------------------- */

extern "C" cudaError_t cudaGetLastError(void)
{
	cudaError_t sticky = simrt_error(simrt_call(SIMRT_SYNC, NULL, 0, NULL, 0));
	cudaError_t e = sticky != 0 ? sticky : simrt_last;
	simrt_last = (cudaError_t)0;
	return e;
}

extern "C" cudaError_t cudaPeekAtLastError(void)
{
	cudaError_t sticky = simrt_error(simrt_call(SIMRT_SYNC, NULL, 0, NULL, 0));
	return sticky != 0 ? sticky : simrt_last;
}

struct simrt_errname {
	int code;
	const char *name, *text;
};

static const struct simrt_errname simrt_errnames[] = {
	{ 0, "cudaSuccess", "no error" },
	{ 1, "cudaErrorInvalidValue", "invalid argument" },
	{ 2, "cudaErrorMemoryAllocation", "out of memory" },
	{ 3, "cudaErrorInitializationError", "initialization error" },
	{ 9, "cudaErrorInvalidConfiguration", "invalid configuration argument" },
	{ 13, "cudaErrorInvalidSymbol", "invalid device symbol" },
	{ 17, "cudaErrorInvalidDevicePointer", "invalid device pointer" },
	{ 21, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy" },
	{ 98, "cudaErrorInvalidDeviceFunction", "invalid device function" },
	{ 100, "cudaErrorNoDevice", "no CUDA-capable device is detected" },
	{ 101, "cudaErrorInvalidDevice", "invalid device ordinal" },
	{ 209, "cudaErrorNoKernelImageForDevice", "no kernel image is available for execution on the device" },
	{ 400, "cudaErrorInvalidResourceHandle", "invalid resource handle" },
	{ 600, "cudaErrorNotReady", "device not ready" },
	{ 700, "cudaErrorIllegalAddress", "an illegal memory access was encountered" },
	{ 701, "cudaErrorLaunchOutOfResources", "too many resources requested for launch" },
	{ 702, "cudaErrorLaunchTimeout", "the launch timed out and was terminated" },
	{ 710, "cudaErrorAssert", "device-side assert triggered" },
	{ 716, "cudaErrorMisalignedAddress", "misaligned address" },
	{ 719, "cudaErrorLaunchFailure", "unspecified launch failure" },
	{ 999, "cudaErrorUnknown", "unknown error" },
};

static const struct simrt_errname *simrt_errname_of(int code)
{
	for (size_t i = 0; i < sizeof simrt_errnames / sizeof *simrt_errnames; i++)
		if (simrt_errnames[i].code == code)
			return &simrt_errnames[i];
	return NULL;
}

extern "C" const char *cudaGetErrorString(cudaError_t error)
{
	const struct simrt_errname *e = simrt_errname_of((int)error);
	return e ? e->text : "unrecognized error code";
}

extern "C" const char *cudaGetErrorName(cudaError_t error)
{
	const struct simrt_errname *e = simrt_errname_of((int)error);
	return e ? e->name : "cudaErrorUnknown";
}

/* ---- the device ------------------------------------------------------------ */

extern "C" cudaError_t cudaGetDeviceCount(int *count)
{
	*count = 1;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaSetDevice(int device)
{
	if (device != 0) {
		simrt_last = (cudaError_t)101;	/* cudaErrorInvalidDevice */
		return (cudaError_t)101;
	}
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGetDevice(int *device)
{
	*device = 0;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
	(void)flags;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaDriverGetVersion(int *v)
{
	*v = CUDART_VERSION_OF_SIMRT;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaRuntimeGetVersion(int *v)
{
	*v = CUDART_VERSION_OF_SIMRT;
	return (cudaError_t)0;
}

/* The simulated device, as docs/RUN.md describes it. */
extern "C" cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
	if (device != 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	const struct simrt_device *d = simrt_device();
	memset(prop, 0, sizeof *prop);
	snprintf(prop->name, sizeof prop->name, "simulee-c %s", d->arch);
#define SIMRT_PROP_SET(field, attr, value) prop->field = (__typeof__(prop->field))(value);
	SIMRT_DEVICE_PROPS(SIMRT_PROP_SET)
#if CUDART_VERSION < 13000
	SIMRT_DEVICE_PROPS_PRE13(SIMRT_PROP_SET)
#endif
#undef SIMRT_PROP_SET
	return (cudaError_t)0;
}

#ifndef __SIMULEE_CUDA_PRELUDE__
/* The same device as cudaGetDeviceProperties, attribute by attribute (0
** for what it does not know). */
extern "C" cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
	if (device != 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	const struct simrt_device *d = simrt_device();
	*value = 0;
#define SIMRT_ATTR_GET(field, a, v) if (a != 0 && (int)attr == a) *value = (int)(v);
	SIMRT_DEVICE_PROPS(SIMRT_ATTR_GET)
	SIMRT_DEVICE_PROPS_PRE13(SIMRT_ATTR_GET)
#undef SIMRT_ATTR_GET
	return (cudaError_t)0;
}
#endif

#ifndef __SIMULEE_CUDA_PRELUDE__
/* What a kernel's launches may use: no ptxas, so 32 registers a thread
** is assumed; shared memory from the static limit. */
extern "C" cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
	if (simrt_fn_of(func) == NULL)
		return simrt_ret(SIMRT_INVALID_FUNCTION);
	memset(attr, 0, sizeof *attr);
	attr->maxThreadsPerBlock = 1024;
	attr->numRegs = 32;
	attr->ptxVersion = 70;
	attr->binaryVersion = 70;
	attr->maxDynamicSharedSizeBytes = 48 << 10;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
	struct simrt_fn *f = (struct simrt_fn *)simrt_fn_of(func);
	if (f == NULL)
		return simrt_ret(SIMRT_INVALID_FUNCTION);
	if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
		if (value < 0 || (uint32_t)value > simrt_device()->smem_optin)
			return simrt_ret(SIMRT_INVALID_VALUE);
		f->dyn_shared_max = (uint32_t)value;
	}
	return (cudaError_t)0;
}

/* Blocks of BLOCKSIZE threads and DYN bytes of dynamic shared memory a
** multiprocessor of the simulated device holds at once (its threads,
** blocks and shared memory; sm_70: 2048, 32, 96 KiB). */
static int simrt_occupancy(int blockSize, size_t dyn)
{
	const struct simrt_device *d = simrt_device();
	if (blockSize <= 0)
		return 0;
	int n = (int)d->threads_per_sm / blockSize;
	if (n > (int)d->blocks_per_sm)
		n = (int)d->blocks_per_sm;
	if (dyn > 0 && (size_t)n * dyn > (size_t)d->smem_per_sm)
		n = (int)((size_t)d->smem_per_sm / dyn);
	return n;
}

extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
								     int blockSize, size_t dynamicSMemSize)
{
	(void)func;
	*numBlocks = simrt_occupancy(blockSize, dynamicSMemSize);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
									      const void *func,
									      int blockSize,
									      size_t dynamicSMemSize,
									      unsigned int flags)
{
	(void)func, (void)flags;
	*numBlocks = simrt_occupancy(blockSize, dynamicSMemSize);
	return (cudaError_t)0;
}

/* The launch behind cudaLaunchKernelEx (thrust and CUB under CUDA 13). */
extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func,
					   void **args)
{
	int coop = 0;
	for (unsigned i = 0; i < config->numAttrs; i++)
		if (config->attrs[i].id == cudaLaunchAttributeCooperative && config->attrs[i].val.cooperative)
			coop = 1;
	return simrt_launch(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes,
			    (void *)config->stream, coop);
}

extern "C" cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream)
{
	(void)hStream;
	if (simrt_capturing((void *)hStream) != NULL)
		simrt_refuse("cudaMallocAsync during stream capture");
	return cudaMalloc(devPtr, size);
}

extern "C" cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream)
{
	(void)hStream;
	if (simrt_capturing((void *)hStream) != NULL)
		simrt_refuse("cudaFreeAsync during stream capture");
	return cudaFree(devPtr);
}

extern "C" cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
	if (device != 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	*memPool = (cudaMemPool_t)(uintptr_t)0x5000;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr,
					       void *value)
{
	(void)memPool, (void)attr, (void)value;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
	if (leastPriority)
		*leastPriority = 0;
	if (greatestPriority)
		*greatestPriority = -1;
	return (cudaError_t)0;
}

/* Work before a callback is done when its call returns: the callback
** runs at once, with the context's status. */
extern "C" cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
					     void *userData, unsigned int flags)
{
	(void)flags;
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaStreamAddCallback during stream capture");
	callback(stream, simrt_wait(), userData);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
	struct simrt_graph *g = simrt_capturing((void *)stream);
	if (g != NULL) {
		struct simrt_node *nd = simrt_node_new(g);
		nd->kind = SIMRT_NODE_HOST;
		nd->fn = fn;
		nd->data = userData;
		return (cudaError_t)0;
	}
	fn(userData);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)
{
	size_t pitch = (extent.width + 511) / 512 * 512;
	void *p = NULL;
	cudaError_t e = cudaMalloc(&p, pitch * (extent.height ? extent.height : 1)
					      * (extent.depth ? extent.depth : 1));
	if (e == 0) {
		pitchedDevPtr->ptr = p;
		pitchedDevPtr->pitch = pitch;
		pitchedDevPtr->xsize = extent.width;
		pitchedDevPtr->ysize = extent.height;
	}
	return e;
}

/* ---- CUDA arrays ------------------------------------------------------------- */

/* An array of WIDTH x HEIGHT x DEPTH texels of DESC (0 where a dimension
** is unused; a layered array's DEPTH is its layers) with FLAGS. */
static cudaError_t simrt_array_new(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
				   size_t width, size_t height, size_t depth, unsigned flags)
{
	if (array == NULL || desc == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	*array = NULL;
	int bits = desc->x + desc->y + desc->z + desc->w;
	if (flags & cudaArrayCubemap)
		simrt_refuse("cudaMalloc3DArray of a cubemap");
	if (width == 0 || (height == 0 && depth != 0 && !(flags & cudaArrayLayered))
	    || bits <= 0 || bits % 8 != 0 || desc->x < 0 || desc->y < 0 || desc->z < 0 || desc->w < 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_array *a = (struct simrt_array *)calloc(1, sizeof *a);
	if (a == NULL)
		return simrt_ret(SIMRT_OUT_OF_MEMORY);
	a->desc = *desc;
	a->width = width;
	a->height = height;
	a->depth = depth;
	a->flags = flags;
	a->es = (unsigned)bits / 8;
	struct {
		uint64_t size;
		uint32_t kind, pad;
	} q = { (uint64_t)width * (height ? height : 1) * (depth ? depth : 1) * a->es, SIMRT_ARRAY, 0 };
	int st = simrt_call(SIMRT_MALLOC, &q, sizeof q, &a->ptr, sizeof a->ptr);
	if (st != SIMRT_OK) {
		free(a);
		return simrt_ret(st);
	}
	*array = (cudaArray_t)a;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
				       size_t width, size_t height, unsigned int flags)
{
	return simrt_array_new(array, desc, width, height, 0, flags);
}

extern "C" cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
					 struct cudaExtent extent, unsigned int flags)
{
	return simrt_array_new(array, desc, extent.width, extent.height, extent.depth, flags);
}

extern "C" cudaError_t cudaFreeArray(cudaArray_t array)
{
	if (array == NULL)
		return (cudaError_t)0;
	struct simrt_array *a = (struct simrt_array *)array;
	int st = simrt_call(SIMRT_FREE, &a->ptr, sizeof a->ptr, NULL, 0);
	if (st == SIMRT_OK)
		free(a);
	return simrt_ret(st);
}

extern "C" cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
					unsigned int *flags, cudaArray_t array)
{
	if (array == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	const struct simrt_array *a = (const struct simrt_array *)array;
	if (desc)
		*desc = a->desc;
	if (extent)
		*extent = make_cudaExtent(a->width, a->height, a->depth);
	if (flags)
		*flags = a->flags;
	return (cudaError_t)0;
}

/* Bytes a row of array A. */
static size_t simrt_row(const struct simrt_array *a)
{
	return a->width * a->es;
}

/* Device pointer of byte WOFF of row HOFF of array A (rows run on
** through its planes), when HEIGHT rows of WIDTH bytes from there lie in
** it, or for a linear copy (HEIGHT 0) WIDTH bytes; else 0. */
static uint64_t simrt_array_at(const struct simrt_array *a, size_t woff, size_t hoff, size_t width,
			       size_t height)
{
	size_t row = simrt_row(a), rows = (a->height ? a->height : 1) * (a->depth ? a->depth : 1);
	if (woff > row || hoff > rows)
		return 0;
	size_t at = hoff * row + woff;
	if (at > rows * row
	    || (height == 0 ? width > rows * row - at : width > row - woff || height > rows - hoff))
		return 0;
	return a->ptr + at;
}

extern "C" cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
					   size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	uint64_t d = dst ? simrt_array_at((const struct simrt_array *)dst, wOffset, hOffset, width, height) : 0;
	if (d == 0 || height == 0)
		return simrt_ret(d == 0 ? SIMRT_INVALID_VALUE : SIMRT_OK);
	return cudaMemcpy2D((void *)(uintptr_t)d, simrt_row((const struct simrt_array *)dst), src, spitch,
			    width, height, kind);
}

extern "C" cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
					     size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	uint64_t s = src ? simrt_array_at((const struct simrt_array *)src, wOffset, hOffset, width, height) : 0;
	if (s == 0 || height == 0)
		return simrt_ret(s == 0 ? SIMRT_INVALID_VALUE : SIMRT_OK);
	return cudaMemcpy2D(dst, dpitch, (const void *)(uintptr_t)s, simrt_row((const struct simrt_array *)src),
			    width, height, kind);
}

extern "C" cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
						const void *src, size_t spitch, size_t width, size_t height,
						enum cudaMemcpyKind kind, cudaStream_t stream)
{
	(void)stream;
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaMemcpy2DToArrayAsync during stream capture");
	return cudaMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
}

extern "C" cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
						  size_t wOffset, size_t hOffset, size_t width, size_t height,
						  enum cudaMemcpyKind kind, cudaStream_t stream)
{
	(void)stream;
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaMemcpy2DFromArrayAsync during stream capture");
	return cudaMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}

/* CUDA 10.1 deprecated these and CUDA 13 still has them: COUNT bytes from
** byte WOFFSET of row HOFFSET on, row after row. */
extern "C" cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
					 size_t count, enum cudaMemcpyKind kind)
{
	uint64_t d = dst ? simrt_array_at((const struct simrt_array *)dst, wOffset, hOffset, count, 0) : 0;
	if (d == 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	return simrt_copy((void *)(uintptr_t)d, src, count, (int)kind);
}

extern "C" cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
					   size_t count, enum cudaMemcpyKind kind)
{
	uint64_t s = src ? simrt_array_at((const struct simrt_array *)src, wOffset, hOffset, count, 0) : 0;
	if (s == 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	return simrt_copy(dst, (const void *)(uintptr_t)s, count, (int)kind);
}

/* One side of a 3-D copy: its first byte, bytes a row and rows a plane. */
struct simrt_side {
	char *p;
	size_t pitch, rows;
	size_t es;	/* bytes of the elements its position counts */
};

/* Side of array A or pitched pointer P at position POS, for a copy of
** HEIGHT rows and DEPTH planes of ROW bytes: 0, or -1 when it leaves an
** array (pitched memory is checked by each row's copy). */
static int simrt_side_of(const struct simrt_array *a, struct cudaPitchedPtr p, struct cudaPos pos,
			 size_t row, size_t height, size_t depth, struct simrt_side *sd)
{
	if (a != NULL) {
		sd->pitch = simrt_row(a);
		sd->rows = a->height ? a->height : 1;
		sd->es = a->es;
		size_t planes = a->depth ? a->depth : 1;
		if (pos.x * a->es > sd->pitch || row > sd->pitch - pos.x * a->es || pos.y > sd->rows
		    || height > sd->rows - pos.y || pos.z > planes || depth > planes - pos.z)
			return -1;
		sd->p = (char *)(uintptr_t)a->ptr;
	} else {
		sd->pitch = p.pitch;
		sd->rows = p.ysize ? p.ysize : height;
		sd->es = 1;
		sd->p = (char *)p.ptr;
		if (sd->p == NULL || row > sd->pitch)
			return -1;
	}
	sd->p += (pos.z * sd->rows + pos.y) * sd->pitch + pos.x * sd->es;
	return 0;
}

/*
** cudaMemcpy3D: extent.width elements of the array's element (bytes when
** no array takes part) by height rows by depth planes, between arrays
** and pitched memory, each side at its position (in its own elements),
** row by row.
*/
extern "C" cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
	if (p == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	const struct simrt_array *sa = (const struct simrt_array *)p->srcArray;
	const struct simrt_array *da = (const struct simrt_array *)p->dstArray;
	size_t es = sa ? sa->es : da ? da->es : 1;
	size_t row = p->extent.width * es, h = p->extent.height, d = p->extent.depth;
	struct simrt_side s, t;
	if (simrt_side_of(sa, p->srcPtr, p->srcPos, row, h, d, &s) < 0
	    || simrt_side_of(da, p->dstPtr, p->dstPos, row, h, d, &t) < 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	int kind = (int)p->kind;
	if (kind == 4)	/* cudaMemcpyDefault: arrays are device memory */
		kind = (da || simrt_is_device(t.p) ? 1 : 0) | (sa || simrt_is_device(s.p) ? 2 : 0);
	for (size_t z = 0; z < d; z++)
		for (size_t y = 0; y < h; y++) {
			cudaError_t e = simrt_copy(t.p + (z * t.rows + y) * t.pitch,
						   s.p + (z * s.rows + y) * s.pitch, row, kind);
			if (e != 0)
				return e;
		}
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
	(void)stream;
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaMemcpy3DAsync during stream capture");
	return cudaMemcpy3D(p);
}

extern "C" cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
					 size_t width, size_t height, enum cudaMemcpyKind kind,
					 cudaStream_t stream)
{
	(void)stream;
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaMemcpy2DAsync during stream capture");
	return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

/* ---- texture and surface objects ---------------------------------------------- */

/* A texture or surface object (SURFACE) on resource R with TD's
** addressing, filter, coordinates and read mode (NULL: a surface's). */
static cudaError_t simrt_object(unsigned long long *handle, const struct cudaResourceDesc *r,
				const struct cudaTextureDesc *td, int surface)
{
	if (handle == NULL || r == NULL || (!surface && td == NULL))
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_tex b;
	memset(&b, 0, sizeof b);
	b.surface = surface;
	switch (r->resType) {
	case cudaResourceTypeArray:
		if (r->res.array.array == NULL)
			return simrt_ret(SIMRT_INVALID_VALUE);
		simrt_tex_array(&b, (const struct simrt_array *)r->res.array.array);
		break;
	case cudaResourceTypeLinear:
		if (surface)
			return simrt_ret(SIMRT_INVALID_VALUE);
		b.ndims = 1;
		b.linear = 1;
		b.ptr = (uint64_t)(uintptr_t)r->res.linear.devPtr;
		b.width = r->res.linear.sizeInBytes;
		simrt_tex_format(&b, &r->res.linear.desc);
		break;
	case cudaResourceTypePitch2D:
		if (surface)
			return simrt_ret(SIMRT_INVALID_VALUE);
		b.ndims = 2;
		b.ptr = (uint64_t)(uintptr_t)r->res.pitch2D.devPtr;
		b.width = r->res.pitch2D.width;
		b.height = r->res.pitch2D.height;
		b.depth = 1;
		b.pitch = r->res.pitch2D.pitchInBytes;
		simrt_tex_format(&b, &r->res.pitch2D.desc);
		break;
	default:
		simrt_refuse(surface ? "cudaCreateSurfaceObject on a mipmapped array"
				     : "cudaCreateTextureObject on a mipmapped array");
	}
	if (td != NULL) {
		b.normalized = td->normalizedCoords;
		b.filter = (int32_t)td->filterMode;
		for (int i = 0; i < 3; i++)
			b.addr[i] = (int32_t)td->addressMode[i];
		b.read = (int32_t)td->readMode;
	}
	uint64_t h = 0;
	int st = simrt_call(SIMRT_TEX_OBJECT, &b, sizeof b, &h, sizeof h);
	if (st == SIMRT_OK)
		*handle = h;
	return simrt_ret(st);
}

extern "C" cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
					       const struct cudaResourceDesc *pResDesc,
					       const struct cudaTextureDesc *pTexDesc,
					       const struct cudaResourceViewDesc *pResViewDesc)
{
	if (pResViewDesc != NULL && pResViewDesc->format != cudaResViewFormatNone)
		simrt_refuse("cudaCreateTextureObject with a resource view");
	return simrt_object(pTexObject, pResDesc, pTexDesc, 0);
}

extern "C" cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
					       const struct cudaResourceDesc *pResDesc)
{
	return simrt_object(pSurfObject, pResDesc, NULL, 1);
}

extern "C" cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
	uint64_t h = texObject;
	return simrt_ret(simrt_call(SIMRT_TEX_DESTROY, &h, sizeof h, NULL, 0));
}

extern "C" cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
	uint64_t h = surfObject;
	return simrt_ret(simrt_call(SIMRT_TEX_DESTROY, &h, sizeof h, NULL, 0));
}

/* ---- CUDA graphs from stream capture ------------------------------------------ */

extern "C" cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
	(void)mode;
	/* the legacy default stream cannot be captured */
	if (stream == NULL || simrt_capturing((void *)stream) != NULL
	    || simrt_ncaptures == sizeof simrt_captures / sizeof *simrt_captures)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_graph *g = (struct simrt_graph *)calloc(1, sizeof *g);
	if (g == NULL)
		return simrt_ret(SIMRT_OUT_OF_MEMORY);
	simrt_captures[simrt_ncaptures].stream = (void *)stream;
	simrt_captures[simrt_ncaptures++].g = g;
	return (cudaError_t)0;
}

/* The capture ends for STREAM and every stream that joined it. */
extern "C" cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
	struct simrt_graph *g = simrt_capturing((void *)stream);
	if (g == NULL || pGraph == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	for (unsigned i = 0; i < simrt_ncaptures;)
		if (simrt_captures[i].g == g)
			simrt_captures[i] = simrt_captures[--simrt_ncaptures];
		else
			i++;
	*pGraph = (cudaGraph_t)g;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
	if (pCaptureStatus == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	*pCaptureStatus = simrt_capturing((void *)stream) ? cudaStreamCaptureStatusActive
			  : cudaStreamCaptureStatusNone;
	return (cudaError_t)0;
}

static void simrt_graph_free(struct simrt_graph *g)
{
	for (uint32_t i = 0; g != NULL && i < g->n; i++) {
		free(g->v[i].args);
		free(g->v[i].deps);
		simrt_graph_free(g->v[i].child);
	}
	for (uint32_t i = 0; g != NULL && i < g->nhs; i++)
		free(g->hs[i]);
	if (g != NULL) {
		free(g->v);
		free(g->hs);
	}
	free(g);
}

/* Node ND copied into graph E: its own argument bytes and child graph,
** no dependencies (E's order is the one they give). */
static void simrt_node_copy(struct simrt_graph *e, const struct simrt_node *nd);

/* The nodes of G in an order that puts each after those it waits for
** (the lowest-numbered ready node first: capture order where there are
** no edges), each copied into E, a child graph's nodes in its place.
** -1 when the dependencies make a cycle. */
static int simrt_graph_order(struct simrt_graph *e, const struct simrt_graph *g)
{
	uint8_t *done = (uint8_t *)calloc(g->n ? g->n : 1, 1);
	if (done == NULL)
		simrt_die("out of memory");
	uint32_t ndone = 0;
	while (ndone < g->n) {
		uint32_t i = 0;
		for (; i < g->n; i++) {
			if (done[i])
				continue;
			uint32_t k = 0;
			while (k < g->v[i].ndeps && done[g->v[i].deps[k]])
				k++;
			if (k == g->v[i].ndeps)
				break;
		}
		if (i == g->n) {
			free(done);
			return -1;
		}
		done[i] = 1;
		ndone++;
		if (g->v[i].kind == SIMRT_NODE_CHILD) {
			if (simrt_graph_order(e, g->v[i].child) < 0) {
				free(done);
				return -1;
			}
		} else {
			simrt_node_copy(e, &g->v[i]);
		}
	}
	free(done);
	return 0;
}

/* An executable graph: a copy of GRAPH's nodes, so the graph may be
** destroyed or captured again. */
extern "C" cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					    unsigned long long flags)
{
	(void)flags;
	const struct simrt_graph *g = (const struct simrt_graph *)graph;
	if (pGraphExec == NULL || g == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_graph *e = (struct simrt_graph *)calloc(1, sizeof *e);
	if (e == NULL)
		return simrt_ret(SIMRT_OUT_OF_MEMORY);
	if (simrt_graph_order(e, g) < 0) {
		simrt_graph_free(e);
		return simrt_ret(SIMRT_INVALID_VALUE);	/* a cycle */
	}
	*pGraphExec = (cudaGraphExec_t)e;
	return (cudaError_t)0;
}

static void simrt_node_copy(struct simrt_graph *e, const struct simrt_node *from)
{
	struct simrt_node *nd = simrt_node_new(e);
	*nd = *from;
	nd->deps = NULL;
	nd->ndeps = 0;
	nd->child = NULL;
	if (nd->kind == SIMRT_NODE_LAUNCH) {
		const struct simrt_fn *f = simrt_fn_of(nd->func);
		size_t n = 0;
		for (uint32_t k = 0; f != NULL && k < f->nparams; k++)
			n += f->sizes[k];
		nd->args = (unsigned char *)malloc(n ? n : 1);
		if (nd->args == NULL)
			simrt_die("out of memory");
		memcpy(nd->args, from->args, n);
	}
}

extern "C" cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
						     unsigned long long flags)
{
	return cudaGraphInstantiate(pGraphExec, graph, flags);
}

/* A memset node: HEIGHT rows of WIDTH elements of COUNT bytes (1, 2 or
** 4), PITCH bytes apart, each element the low bytes of HOW. */
static cudaError_t simrt_set2d(const struct simrt_node *nd)
{
	if (nd->count == 1)
		return cudaMemset2D(nd->dst, nd->pitch, nd->how, nd->width, nd->height);
	size_t row = nd->width * nd->count;
	unsigned char *b = (unsigned char *)malloc(row ? row : 1);
	if (b == NULL)
		simrt_die("out of memory");
	uint32_t v = (uint32_t)nd->how;
	for (size_t x = 0; x < nd->width; x++)
		memcpy(b + x * nd->count, &v, nd->count);	/* little-endian */
	cudaError_t r = (cudaError_t)0;
	for (size_t y = 0; y < nd->height && r == 0; y++)
		r = simrt_copy((char *)nd->dst + y * nd->pitch, b, row, 1);
	free(b);
	return r;
}

/* The graph's work, node after node, as if issued again now (each
** launch a launch of the run, with this call's host stack). */
extern "C" cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	const struct simrt_graph *e = (const struct simrt_graph *)graphExec;
	if (e == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	if (simrt_capturing((void *)stream) != NULL)
		simrt_refuse("cudaGraphLaunch during stream capture");
	for (uint32_t i = 0; i < e->n; i++) {
		const struct simrt_node *nd = &e->v[i];
		cudaError_t r = (cudaError_t)0;
		switch (nd->kind) {
		case SIMRT_NODE_LAUNCH: {
			const struct simrt_fn *f = simrt_fn_of(nd->func);
			void *args[256];
			size_t at = 0;
			for (uint32_t k = 0; f != NULL && k < f->nparams && k < 256; k++) {
				args[k] = nd->args + at;
				at += f->sizes[k];
			}
			r = simrt_launch(nd->func, nd->grid, nd->block, args, nd->shmem, (void *)stream,
					 nd->cooperative);
			break;
		}
		case SIMRT_NODE_COPY:
			r = simrt_copy(nd->dst, nd->src, nd->count, nd->how);
			break;
		case SIMRT_NODE_SET:
			r = cudaMemset(nd->dst, nd->how, nd->count);
			break;
		case SIMRT_NODE_HOST:
			nd->fn(nd->data);
			break;
		case SIMRT_NODE_COPY3D:
			r = cudaMemcpy3D(&nd->p3);
			break;
		case SIMRT_NODE_SET2D:
			r = simrt_set2d(nd);
			break;
		case SIMRT_NODE_EMPTY:
		case SIMRT_NODE_CHILD:	/* flattened by cudaGraphInstantiate */
			break;
		}
		if (r != 0)
			return r;
	}
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
	simrt_graph_free((struct simrt_graph *)graphExec);
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
	simrt_graph_free((struct simrt_graph *)graph);
	return (cudaError_t)0;
}

/* ---- CUDA graphs built node by node ------------------------------------------ */

extern "C" cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
	if (pGraph == NULL || flags != 0)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_graph *g = (struct simrt_graph *)calloc(1, sizeof *g);
	if (g == NULL)
		return simrt_ret(SIMRT_OUT_OF_MEMORY);
	*pGraph = (cudaGraph_t)g;
	return (cudaError_t)0;
}

/*
** A new node of GRAPH waiting for the N nodes DEPS (nodes of GRAPH), its
** handle in *NODE: the node, or NULL (*NODE untouched) when an argument
** is invalid.
*/
static struct simrt_node *simrt_graph_add(cudaGraphNode_t *node, cudaGraph_t graph,
					  const cudaGraphNode_t *deps, size_t n)
{
	struct simrt_graph *g = (struct simrt_graph *)graph;
	if (node == NULL || g == NULL || (n > 0 && deps == NULL) || n > UINT32_MAX)
		return NULL;
	for (size_t k = 0; k < n; k++) {
		const struct simrt_nodeh *h = (const struct simrt_nodeh *)deps[k];
		if (h == NULL || h->g != g)
			return NULL;
	}
	uint32_t *d = (uint32_t *)malloc((n ? n : 1) * sizeof *d);
	struct simrt_nodeh *h = (struct simrt_nodeh *)malloc(sizeof *h);
	if (d == NULL || h == NULL)
		simrt_die("out of memory");
	for (size_t k = 0; k < n; k++)
		d[k] = ((const struct simrt_nodeh *)deps[k])->i;
	h->g = g;
	h->i = g->n;
	if (g->nhs == g->caphs)
		g->hs = (struct simrt_nodeh **)simrt_grow(g->hs, &g->caphs, sizeof *g->hs);
	g->hs[g->nhs++] = h;
	struct simrt_node *nd = simrt_node_new(g);
	nd->deps = d;
	nd->ndeps = (uint32_t)n;
	*node = (cudaGraphNode_t)h;
	return nd;
}

extern "C" cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					      const cudaGraphNode_t *pDependencies, size_t numDependencies,
					      const struct cudaKernelNodeParams *pNodeParams)
{
	if (pNodeParams != NULL && pNodeParams->kernelParams == NULL && pNodeParams->extra != NULL)
		simrt_refuse("cudaGraphAddKernelNode with `extra` parameters");
	const struct simrt_fn *f = pNodeParams ? simrt_fn_of(pNodeParams->func) : NULL;
	if (f == NULL)
		return simrt_ret(pNodeParams ? SIMRT_INVALID_FUNCTION : SIMRT_INVALID_VALUE);
	if (f->nparams > 0 && pNodeParams->kernelParams == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_node *nd = simrt_graph_add(pGraphNode, graph, pDependencies, numDependencies);
	if (nd == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	/* the parameters are copied when the node is made, as CUDA does */
	size_t n = 0;
	for (uint32_t k = 0; k < f->nparams; k++)
		n += f->sizes[k];
	nd->kind = SIMRT_NODE_LAUNCH;
	nd->func = pNodeParams->func;
	nd->grid = pNodeParams->gridDim;
	nd->block = pNodeParams->blockDim;
	nd->shmem = pNodeParams->sharedMemBytes;
	nd->args = (unsigned char *)malloc(n ? n : 1);
	if (nd->args == NULL)
		simrt_die("out of memory");
	size_t at = 0;
	for (uint32_t k = 0; k < f->nparams; k++) {
		memcpy(nd->args + at, pNodeParams->kernelParams[k], f->sizes[k]);
		at += f->sizes[k];
	}
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					      const cudaGraphNode_t *pDependencies, size_t numDependencies,
					      const struct cudaMemcpy3DParms *pCopyParams)
{
	if (pCopyParams == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_node *nd = simrt_graph_add(pGraphNode, graph, pDependencies, numDependencies);
	if (nd == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	nd->kind = SIMRT_NODE_COPY3D;
	nd->p3 = *pCopyParams;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
						const cudaGraphNode_t *pDependencies, size_t numDependencies,
						void *dst, const void *src, size_t count,
						enum cudaMemcpyKind kind)
{
	struct simrt_node *nd = simrt_graph_add(pGraphNode, graph, pDependencies, numDependencies);
	if (nd == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	nd->kind = SIMRT_NODE_COPY;
	nd->dst = dst;
	nd->src = src;
	nd->count = count;
	nd->how = (int)kind;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					      const cudaGraphNode_t *pDependencies, size_t numDependencies,
					      const struct cudaMemsetParams *pMemsetParams)
{
	const struct cudaMemsetParams *m = pMemsetParams;
	if (m == NULL || (m->elementSize != 1 && m->elementSize != 2 && m->elementSize != 4)
	    || (m->height > 1 && m->pitch < m->width * m->elementSize))
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_node *nd = simrt_graph_add(pGraphNode, graph, pDependencies, numDependencies);
	if (nd == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	nd->kind = SIMRT_NODE_SET2D;
	nd->dst = m->dst;
	nd->how = (int)m->value;
	nd->count = m->elementSize;
	nd->pitch = m->pitch;
	nd->width = m->width;
	nd->height = m->height ? m->height : 1;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					    const cudaGraphNode_t *pDependencies, size_t numDependencies,
					    const struct cudaHostNodeParams *pNodeParams)
{
	if (pNodeParams == NULL || pNodeParams->fn == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_node *nd = simrt_graph_add(pGraphNode, graph, pDependencies, numDependencies);
	if (nd == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	nd->kind = SIMRT_NODE_HOST;
	nd->fn = pNodeParams->fn;
	nd->data = pNodeParams->userData;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					     const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
	struct simrt_node *nd = simrt_graph_add(pGraphNode, graph, pDependencies, numDependencies);
	if (nd == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	nd->kind = SIMRT_NODE_EMPTY;
	return (cudaError_t)0;
}

/* A copy of graph G's nodes, with their dependencies and argument bytes. */
static struct simrt_graph *simrt_graph_clone(const struct simrt_graph *g)
{
	struct simrt_graph *c = (struct simrt_graph *)calloc(1, sizeof *c);
	if (c == NULL)
		simrt_die("out of memory");
	for (uint32_t i = 0; i < g->n; i++) {
		simrt_node_copy(c, &g->v[i]);
		struct simrt_node *nd = &c->v[c->n - 1];
		nd->ndeps = g->v[i].ndeps;
		nd->deps = (uint32_t *)malloc((nd->ndeps ? nd->ndeps : 1) * sizeof *nd->deps);
		if (nd->deps == NULL)
			simrt_die("out of memory");
		memcpy(nd->deps, g->v[i].deps, nd->ndeps * sizeof *nd->deps);
		if (g->v[i].child != NULL)
			nd->child = simrt_graph_clone(g->v[i].child);
	}
	return c;
}

/* The child graph is copied when the node is made, as CUDA does. */
extern "C" cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
						  const cudaGraphNode_t *pDependencies,
						  size_t numDependencies, cudaGraph_t childGraph)
{
	if (childGraph == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_node *nd = simrt_graph_add(pGraphNode, graph, pDependencies, numDependencies);
	if (nd == NULL)
		return simrt_ret(SIMRT_INVALID_VALUE);
	nd->kind = SIMRT_NODE_CHILD;
	nd->child = simrt_graph_clone((const struct simrt_graph *)childGraph);
	return (cudaError_t)0;
}

/* Edges FROM[k] -> TO[k]: TO[k] waits for FROM[k]. */
static cudaError_t simrt_graph_edges(cudaGraph_t graph, const cudaGraphNode_t *from,
				     const cudaGraphNode_t *to, size_t n)
{
	struct simrt_graph *g = (struct simrt_graph *)graph;
	if (g == NULL || (n > 0 && (from == NULL || to == NULL)))
		return simrt_ret(SIMRT_INVALID_VALUE);
	for (size_t k = 0; k < n; k++) {
		const struct simrt_nodeh *a = (const struct simrt_nodeh *)from[k];
		const struct simrt_nodeh *b = (const struct simrt_nodeh *)to[k];
		if (a == NULL || b == NULL || a->g != g || b->g != g)
			return simrt_ret(SIMRT_INVALID_VALUE);
	}
	for (size_t k = 0; k < n; k++) {
		struct simrt_node *nd = &g->v[((const struct simrt_nodeh *)to[k])->i];
		uint32_t *d = (uint32_t *)realloc(nd->deps, (nd->ndeps + 1) * sizeof *d);
		if (d == NULL)
			simrt_die("out of memory");
		d[nd->ndeps++] = ((const struct simrt_nodeh *)from[k])->i;
		nd->deps = d;
	}
	return (cudaError_t)0;
}

#if CUDART_VERSION_OF_SIMRT >= 13000
extern "C" cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
						const cudaGraphNode_t *to,
						const cudaGraphEdgeData *edgeData, size_t numDependencies)
{
	(void)edgeData;	/* the default edge: after the whole node */
	return simrt_graph_edges(graph, from, to, numDependencies);
}
#else
extern "C" cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
						const cudaGraphNode_t *to, size_t numDependencies)
{
	return simrt_graph_edges(graph, from, to, numDependencies);
}
#endif

extern "C" cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig)
{
	(void)func, (void)cacheConfig;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
	(void)limit, (void)value;
	return (cudaError_t)0;
}

/* Cache and bank configuration are hints a GPU may ignore: accepted. */
extern "C" cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig)
{
	(void)cacheConfig;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig)
{
	*pCacheConfig = cudaFuncCachePreferNone;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)
{
	(void)config;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig)
{
	*pConfig = cudaSharedMemBankSizeFourByte;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)
{
	(void)func, (void)config;
	return (cudaError_t)0;
}

/* HEIGHT rows of WIDTH bytes, PITCH apart, set to VALUE's low byte. */
extern "C" cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
	if (height > 1 && width > pitch)
		return simrt_ret(SIMRT_INVALID_VALUE);
	for (size_t y = 0; y < height; y++) {
		cudaError_t r = cudaMemset((char *)devPtr + y * pitch, value, width);
		if (r != 0)
			return r;
	}
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width,
					 size_t height, cudaStream_t stream)
{
	if (height > 1 && width > pitch)
		return simrt_ret(SIMRT_INVALID_VALUE);
	struct simrt_graph *g = simrt_capturing((void *)stream);
	if (g != NULL) {
		struct simrt_node *nd = simrt_node_new(g);
		nd->kind = SIMRT_NODE_SET2D;
		nd->dst = devPtr;
		nd->pitch = pitch;
		nd->how = value;
		nd->count = 1;
		nd->width = width;
		nd->height = height;
		return (cudaError_t)0;
	}
	return cudaMemset2D(devPtr, pitch, value, width, height);
}

/* EXTENT's depth slices of its height rows, each slice ysize rows of
** the pitched allocation, a 2-D memset each: done now (ASYNC 0), or on
** STREAM (a node a slice, in order, where it is capturing). */
static cudaError_t simrt_memset3d(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
				  cudaStream_t stream, int async)
{
	size_t slice = p.pitch * (p.ysize ? p.ysize : extent.height);
	for (size_t z = 0; z < extent.depth; z++) {
		char *at = (char *)p.ptr + z * slice;
		cudaError_t r = async ? cudaMemset2DAsync(at, p.pitch, value, extent.width, extent.height,
							  stream)
				      : cudaMemset2D(at, p.pitch, value, extent.width, extent.height);
		if (r != 0)
			return r;
	}
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent)
{
	return simrt_memset3d(p, value, extent, 0, 0);
}

extern "C" cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
					 cudaStream_t stream)
{
	return simrt_memset3d(p, value, extent, stream, 1);
}

/* Where managed memory lives is a hint on one simulated device: the
** advice and the prefetch are accepted, the memory stays where it is. */
#if CUDART_VERSION_OF_SIMRT >= 13000
extern "C" cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
					    struct cudaMemLocation location, unsigned int flags,
					    cudaStream_t stream)
{
	(void)devPtr, (void)count, (void)location, (void)flags, (void)stream;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
				     struct cudaMemLocation location)
{
	(void)devPtr, (void)count, (void)advice, (void)location;
	return (cudaError_t)0;
}
#else
extern "C" cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
					    cudaStream_t stream)
{
	(void)devPtr, (void)count, (void)dstDevice, (void)stream;
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
				     int device)
{
	(void)devPtr, (void)count, (void)advice, (void)device;
	return (cudaError_t)0;
}
#endif

#endif

extern "C" cudaError_t cudaProfilerStart(void)
{
	return (cudaError_t)0;
}

extern "C" cudaError_t cudaProfilerStop(void)
{
	return (cudaError_t)0;
}
