/*
** server.c: see server.h.
*/
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "detect/analyse.h"
#include "evolve/driver.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "kernels/runtime/simrt_proto.h"
#include "memmodel/mem.h"
#include "runtime/server.h"

/* The default of --max-memory for a run: the simulated device's. */
#define RT_DEFAULT_MEMORY (UINT64_C(16) << 30)
/* CUDA's dynamic shared memory without cudaFuncSetAttribute's opt-in */
#define RT_DYN_SHARED_DEFAULT (48u << 10)
/* Memory shared with the program lives at its simulated address in the
** program too, so its id must give an address a process can map:
** MEM_PTR(id, 0) below 2^47 */
#define RT_SHARED_ID_END 31u
#define RT_SHARED_IDS 16u

/* A kernel of the module, once the program registered it. */
struct rt_kernel {
	uint32_t rk;		/* its index in the report, UINT32_MAX until launched */
	uint32_t first;		/* the report launch of its first launch */
	uint32_t launches;	/* launches simulated */
	uint32_t made;		/* launches of it the program made (to sample) */
	struct barrier_verdicts bv;
};

/* The device code of one CUDA unit, loaded when the program registers
** it: its variables have allocation ids of their own in the one memory
** (load_options' id_base), so every unit's kernels run on the same
** buffers and each unit keeps its own __device__ and __constant__
** variables, as each CUDA module does. */
struct rt_module {
	uint32_t unit;		/* its number in rt_options */
	struct loaded l;	/* l.prog NULL: device code with no kernel */
	struct rt_kernel *ks;	/* per kernel of l */
};

/* A kernel or variable handed to the program: the number it registers
** it by is its index in the server's table. */
struct rt_ref {
	uint32_t module, index;
};

struct server {
	const struct rt_options *o;
	struct report *rep;
	struct rt_result *res;
	struct rt_module *mods;	/* in the order the program registered them */
	uint32_t nmods, capmods;
	struct rt_ref *kref, *vref;	/* kernels and variables registered */
	uint32_t nkref, capkref, nvref, capvref;
	struct mem m;
	struct mam *mam;
	enum mam_warp_model model;
	uint8_t *from_malloc;	/* per allocation id: made by the program (1),
				   and named after a parameter of the launch
				   under way or last made (2) */
	struct rt_named {
		uint32_t id;
		const char *name;	/* what the launch named it */
		const char *was;	/* its name before, and element type */
		uint8_t elem;
		uint32_t elem_size;
	} *named;		/* the buffers the last launch named */
	uint32_t nnamed, capnamed;
	uint32_t shared_lo, shared_hi;	/* the ids kept for memory shared with
					   the program */
	struct rt_map {
		uint32_t id;
		void *data;
		size_t len;
	} *maps;		/* that memory, mapped here too */
	uint32_t nmaps, capmaps;
	uint32_t nfrom, capfrom;
	int sticky;		/* enum simrt_status the context is lost with, 0 none */
	double deadline;	/* mono_seconds() past which the program is stopped */
	struct sbuf_lines {
		char *s;
		size_t n;
	} notes;
	struct rt_frames {
		uint32_t launch;	/* report launch */
		uint32_t n;
		uint64_t pcs[SIMRT_FRAMES];
	} *frames;		/* of the launches the report keeps */
	uint32_t nframes, capframes;
	struct tex_desc **texs;	/* the descriptors of the views (texture
				   references bound, texture and surface
				   objects), each an allocation's */
	uint32_t ntexs, captexs;
	struct rt_explore xp;	/* the launches --explore starts from */
};

/* ---- the socket ------------------------------------------------------- */

/* SIGINT, SIGTERM and the time limit's SIGALRM: the launch under way
** stops where it is (exec reads stop_signal_seen), the server at its next
** read. */
static void on_stop(int sig)
{
	stop_signal_seen = sig;
}

/* Reads N bytes; 0, 1 at the end of the stream (the program is gone), or
** -1 when a stop signal came. */
static int read_all(int fd, void *buf, size_t n)
{
	char *p = buf;
	while (n > 0) {
		ssize_t r = read(fd, p, n);
		if (r < 0 && errno == EINTR) {
			if (stop_signal_seen)
				return -1;
			continue;
		}
		if (r <= 0)
			return 1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static int write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The reply to a request: STATUS and N bytes of PAYLOAD, with descriptor
** PASS (SCM_RIGHTS, along with the reply's header) unless it is -1. */
static int reply(int fd, int status, const void *payload, size_t n, int pass)
{
	struct simrt_rep r = { status, (uint32_t)n };
	if (pass < 0) {
		if (write_all(fd, &r, sizeof r) < 0)
			return -1;
	} else {
		struct iovec iov = { &r, sizeof r };
		union {
			char buf[CMSG_SPACE(sizeof(int))];
			struct cmsghdr align;
		} u;
		memset(&u, 0, sizeof u);
		struct msghdr mh = { 0 };
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_control = u.buf;
		mh.msg_controllen = sizeof u.buf;
		struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &pass, sizeof pass);
		ssize_t w;
		while ((w = sendmsg(fd, &mh, 0)) < 0 && errno == EINTR)
			;
		if (w != (ssize_t)sizeof r)
			return -1;
	}
	return n ? write_all(fd, payload, n) : 0;
}

static void note(struct server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void note(struct server *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char line[1024];
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (s->notes.s != NULL && strstr(s->notes.s, line) != NULL)
		return;		/* once */
	size_t k = strlen(line);
	s->notes.s = xrealloc(s->notes.s, s->notes.n + k + 2);
	memcpy(s->notes.s + s->notes.n, line, k);
	s->notes.n += k;
	s->notes.s[s->notes.n++] = '\n';
	s->notes.s[s->notes.n] = '\0';
}

/* ---- registration -------------------------------------------------------- */

/* load_options' shared_var: the allocation of variable NAME in a unit
** registered before, when NAME is one of the symbols the units share
** (relocatable device code: one `__device__` variable that one file
** defines and others declare extern, docs/RUN.md), else 0. */
static uint32_t shared_var(void *ctx, const char *name)
{
	const struct server *s = ctx;
	if (!compile_symbol_listed(s->o->rdc_symbols, name, strlen(name)))
		return 0;
	for (uint32_t m = 0; m < s->nmods; m++) {
		const struct program *p = s->mods[m].l.prog;
		for (uint32_t v = 0; p != NULL && v < p->ngvars; v++)
			if (!p->gvars[v].shared && p->gvars[v].space != AS_SHARED
			    && strcmp(p->gvars[v].name, name) == 0)
				return p->gvars[v].alloc_id;
	}
	return 0;
}

/*
** SIMRT_MODULE: the program registers CUDA unit Q's device code (clang's
** start-up code, once a unit).  The first registration of a unit loads
** its bitcode, its variables at allocation ids of their own past every
** id taken so far; the first unit also sets the memory's limit, the
** warp model and the ids kept for memory shared with the program.
** *MODULE gets the module's number.  Returns a status, or -1 with *err
** filled when the bitcode cannot be loaded or the runtime is another
** simulee-c's.
*/
static int op_module(struct server *s, const uint8_t *q, uint32_t n, uint32_t *module,
		     struct sim_error *err)
{
	uint32_t unit, version = 0;
	if (n < sizeof unit)
		return SIMRT_INVALID_VALUE;
	memcpy(&unit, q, sizeof unit);
	if (n >= 2 * sizeof unit)
		memcpy(&version, q + sizeof unit, sizeof version);
	if (version != SIMRT_VERSION) {
		sim_fail(err, SIM_ERR_IO, "run: the program's CUDA runtime speaks version %u of "
			 "simulee-c run's protocol, this simulee-c %u: reinstall simulee-c (its "
			 "runtime/cudart.cu does not match the binary)", version, SIMRT_VERSION);
		return -1;
	}
	if (unit >= s->o->nunits)
		return SIMRT_INVALID_VALUE;
	for (uint32_t i = 0; i < s->nmods; i++)
		if (s->mods[i].unit == unit) {
			*module = i;
			return SIMRT_OK;
		}
	struct rt_module md = { 0 };
	md.unit = unit;
	struct load_options lo = { 0 };
	lo.allow_no_kernels = 1;	/* a unit of __device__ variables only */
	lo.id_base = s->m.n - 1;	/* mem_new gives the next id: these */
	lo.shared_var = shared_var;
	lo.shared_ctx = s;
	if (load_file(s->o->bcs[unit], &lo, &md.l, err) < 0)
		return -1;
	const struct program *p = md.l.prog;
	int first = s->nmods == 0;
	if (first)
		s->m.limit = s->o->max_memory ? s->o->max_memory : RT_DEFAULT_MEMORY;
	if (p != NULL) {
		interp_mem_setup(p, &s->m, 0);
		/* a texture reference is unbound until cudaBindTexture */
		for (uint32_t i = 0; i < p->ngvars; i++)
			if (p->gvars[i].texref)
				memset(s->m.a[p->gvars[i].alloc_id].data, 0, 8);
	}
	if (first) {
		/* ids for managed and pinned memory, which the program maps at
		** their simulated addresses: kept free, low enough to map */
		s->shared_lo = s->m.n;
		while (s->m.n < RT_SHARED_ID_END && s->m.n - s->shared_lo < RT_SHARED_IDS) {
			uint32_t id = mem_new(&s->m, AS_GLOBAL, 0, "reserved");
			mem_release(&s->m, id);
		}
		s->shared_hi = s->m.n;
		s->model = s->o->warp_model >= 0 ? (enum mam_warp_model)s->o->warp_model
			   : p == NULL || p->sm >= 70 || p->sm == 0 ? MAM_ITS : MAM_LOCKSTEP;
		struct mam_options mo = { 0 };
		mo.model = s->model;
		mo.max_bytes = s->o->max_shadow;
		s->mam = mam_new(&mo);
		s->rep->warp_model = s->model == MAM_LOCKSTEP ? REPORT_LOCKSTEP : REPORT_ITS;
	}
	md.ks = xcalloc(md.l.nkernels ? md.l.nkernels : 1, sizeof *md.ks);
	for (uint32_t k = 0; k < md.l.nkernels; k++) {
		md.ks[k].rk = UINT32_MAX;
		barrier_verdicts_init(&md.ks[k].bv, p, md.l.kernels[k].func < 0 ? UINT32_MAX
				      : (uint32_t)md.l.kernels[k].func);
	}
	VEC_PUSH(s->mods, s->nmods, s->capmods, md);
	*module = s->nmods - 1;
	return SIMRT_OK;
}

/* The module of request payload Q (its first u32), or NULL. */
static struct rt_module *module_of(struct server *s, const uint8_t *q, uint32_t n)
{
	uint32_t m;
	if (n < sizeof m)
		return NULL;
	memcpy(&m, q, sizeof m);
	return m < s->nmods ? &s->mods[m] : NULL;
}

static int op_function(struct server *s, const uint8_t *q, uint32_t n, uint32_t **out,
		       uint32_t *nout)
{
	struct rt_module *md = module_of(s, q, n);
	if (md == NULL || n < sizeof(uint32_t) + 1 || q[n - 1] != '\0')
		return SIMRT_INVALID_VALUE;
	const char *name = (const char *)q + sizeof(uint32_t);
	int ki = md->l.prog ? load_find_kernel(&md->l, name) : -1;
	if (ki < 0)
		return SIMRT_INVALID_FUNCTION;
	const struct kernel_info *k = &md->l.kernels[ki];
	if (k->func < 0) {
		note(s, "%s: not simulated: %s; its launches fail with "
		     "cudaErrorNoKernelImageForDevice", k->demangled, k->error ? k->error : "?");
		return SIMRT_NO_KERNEL_IMAGE;
	}
	const struct func *f = &md->l.prog->funcs[k->func];
	struct rt_ref r = { (uint32_t)(md - s->mods), (uint32_t)ki };
	VEC_PUSH(s->kref, s->nkref, s->capkref, r);
	*nout = 2 + f->nparams;
	*out = xcalloc(*nout, sizeof **out);
	(*out)[0] = s->nkref - 1;
	(*out)[1] = f->nparams;
	for (uint32_t i = 0; i < f->nparams; i++)
		(*out)[2 + i] = interp_arg_bytes(&f->params[i]);
	return SIMRT_OK;
}

static int op_var(struct server *s, const uint8_t *q, uint32_t n, uint32_t *var)
{
	const size_t head = 2 * sizeof(uint32_t) + sizeof(uint64_t);
	struct rt_module *md = module_of(s, q, n);
	if (md == NULL || md->l.prog == NULL || n < head + 1 || q[n - 1] != '\0')
		return SIMRT_INVALID_SYMBOL;
	const char *name = (const char *)q + head;
	const struct program *p = md->l.prog;
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (p->gvars[i].name != NULL && strcmp(p->gvars[i].name, name) == 0
		    && p->gvars[i].space != AS_SHARED) {
			struct rt_ref r = { (uint32_t)(md - s->mods), i };
			VEC_PUSH(s->vref, s->nvref, s->capvref, r);
			*var = s->nvref - 1;
			return SIMRT_OK;
		}
	return SIMRT_INVALID_SYMBOL;
}

/* The variable the program registered as VAR, or NULL. */
static const struct gvar *var_of(const struct server *s, uint32_t var)
{
	if (var >= s->nvref)
		return NULL;
	return &s->mods[s->vref[var].module].l.prog->gvars[s->vref[var].index];
}

/* ---- memory ------------------------------------------------------------------ */

/* The allocation device pointer P is the start of, made by cudaMalloc and
** live; 0 if none. */
static uint32_t malloc_of(const struct server *s, uint64_t p)
{
	uint32_t id = MEM_ID(p);
	if (p == 0 || id >= s->m.n || id >= s->nfrom || !s->from_malloc[id] || !s->m.a[id].live
	    || MEM_OFF(p) != 0)
		return 0;
	return id;
}

/* Memory the program shares with the device (KIND: SIMRT_MANAGED or
** SIMRT_HOST_SHARED): an anonymous file mapped here as the allocation's
** data, its descriptor in *FD for the program to map at *PTR. */
/* An allocation past the simulated device's memory (a quarter of
** --max-memory) fails as CUDA's does, and the report says which limit the
** program met, once per call name. */
static int budget_refused(struct server *s, const char *call)
{
	note(s, "%s refused (cudaErrorMemoryAllocation): the simulated device holds %" PRIu64
	     " MiB, a quarter of --max-memory; a larger --max-memory gives it more", call,
	     s->m.limit >> 20);
	return SIMRT_OUT_OF_MEMORY;
}

static int shared_malloc(struct server *s, uint64_t size, uint32_t kind, uint64_t *ptr, int *fd)
{
	uint32_t id = s->shared_lo;
	while (id < s->shared_hi && s->m.a[id].live)
		id++;
	if (id >= s->shared_hi)
		return SIMRT_OUT_OF_MEMORY;
	if (!mem_fits(&s->m, size))
		return budget_refused(s, kind == SIMRT_MANAGED ? "cudaMallocManaged" : "cudaHostAlloc");
	int mfd = (int)syscall(SYS_memfd_create, "simulee-shared", 1u /* MFD_CLOEXEC */);
	size_t len = (size_t)((size + 4095) & ~(uint64_t)4095);
	if (mfd < 0)
		return SIMRT_OUT_OF_MEMORY;
	void *data = ftruncate(mfd, (off_t)len) == 0
		     ? mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0) : MAP_FAILED;
	if (data == MAP_FAILED) {
		close(mfd);
		return SIMRT_OUT_OF_MEMORY;
	}
	uint32_t got = mem_new_external(&s->m, id, AS_GLOBAL, size, data,
					kind == SIMRT_MANAGED ? "managed" : "pinned");
	if (got != id) {
		if (got != 0)
			mem_release(&s->m, got);
		munmap(data, len);
		close(mfd);
		return SIMRT_OUT_OF_MEMORY;
	}
	struct rt_map mp = { id, data, len };
	VEC_PUSH(s->maps, s->nmaps, s->capmaps, mp);
	while (s->nfrom <= id)
		VEC_PUSH(s->from_malloc, s->nfrom, s->capfrom, 0);
	s->from_malloc[id] = 1;
	*ptr = MEM_PTR(id, 0);
	*fd = mfd;
	return SIMRT_OK;
}

/* SIMRT_MALLOC: Q (N bytes) holds the size and the kind (enum simrt_mem:
** device, managed, host-shared, array).  A device allocation or an array
** is a fresh simulated buffer whose bytes count as unwritten; managed and
** host-shared ones are shared with the program (shared_malloc, *FD the
** memory's descriptor to pass).  *PTR gets the tagged device address (0
** for size 0, as CUDA); SIMRT_OUT_OF_MEMORY before any unit is
** registered, past MEM_MAX_SIZE or past the budget. */
static int op_malloc(struct server *s, const uint8_t *q, uint32_t n, uint64_t *ptr, int *fd)
{
	uint64_t size;
	uint32_t kind = SIMRT_DEVICE;
	if (n < sizeof size)
		return SIMRT_INVALID_VALUE;
	memcpy(&size, q, sizeof size);
	if (n >= sizeof size + sizeof kind)
		memcpy(&kind, q + sizeof size, sizeof kind);
	*ptr = 0;
	if (size == 0)
		return SIMRT_OK;	/* CUDA hands back NULL */
	if (s->nmods == 0) {
		/* no device code registered yet: the memory needs ids past the
		** module's variables, which are made when it is loaded */
		return SIMRT_OUT_OF_MEMORY;
	}
	if (size > MEM_MAX_SIZE)
		return SIMRT_OUT_OF_MEMORY;
	if (!mem_fits(&s->m, size))
		return budget_refused(s, kind == SIMRT_MANAGED ? "cudaMallocManaged"
				      : kind == SIMRT_HOST_SHARED ? "cudaHostAlloc"
				      : kind == SIMRT_ARRAY ? "cudaMallocArray" : "cudaMalloc");
	if (kind == SIMRT_MANAGED || kind == SIMRT_HOST_SHARED)
		return shared_malloc(s, size, kind, ptr, fd);
	uint32_t id = mem_new(&s->m, AS_GLOBAL, size, kind == SIMRT_ARRAY ? "cudaArray" : "cudaMalloc");
	if (id == 0)
		return SIMRT_OUT_OF_MEMORY;
	while (s->nfrom <= id)
		VEC_PUSH(s->from_malloc, s->nfrom, s->capfrom, 0);
	s->from_malloc[id] = 1;
	/* CUDA leaves cudaMalloc's memory undefined: a read of a byte no copy,
	** memset or launch wrote is an uninitialized read */
	s->m.a[id].uninit = 1;
	s->m.a[id].written = xcalloc((size + 7) / 8, 1);
	*ptr = MEM_PTR(id, 0);
	return SIMRT_OK;
}

static int op_free(struct server *s, const uint8_t *q, uint32_t n)
{
	uint64_t p;
	if (n < sizeof p)
		return SIMRT_INVALID_VALUE;
	memcpy(&p, q, sizeof p);
	uint32_t id = malloc_of(s, p);
	if (id == 0)
		return SIMRT_INVALID_VALUE;
	for (uint32_t i = 0; i < s->nmaps; i++)
		if (s->maps[i].id == id) {
			munmap(s->maps[i].data, s->maps[i].len);
			s->maps[i] = s->maps[--s->nmaps];
			break;
		}
	mem_release(&s->m, id);
	s->from_malloc[id] = 0;	/* the id may be reused, by simulee-c too */
	return SIMRT_OK;
}

/* Whether [P, P + N) lies in one live global or constant allocation. */
static int device_range(const struct server *s, uint64_t p, uint64_t n)
{
	uint32_t id = MEM_ID(p);
	if (p == 0 || id == 0 || id >= s->m.n)
		return 0;
	const struct mem_alloc *a = &s->m.a[id];
	uint64_t off = MEM_OFF(p);
	return a->live && a->data != NULL && (a->space == AS_GLOBAL || a->space == AS_CONST)
	       && off <= a->size && n <= a->size - off;
}

static int op_to_device(struct server *s, const uint8_t *q, uint32_t n)
{
	uint64_t d;
	if (n < sizeof d)
		return SIMRT_INVALID_VALUE;
	memcpy(&d, q, sizeof d);
	uint64_t len = n - sizeof d;
	if (!device_range(s, d, len))
		return SIMRT_INVALID_VALUE;
	memcpy(s->m.a[MEM_ID(d)].data + MEM_OFF(d), q + sizeof d, len);
	mem_mark_written(&s->m, MEM_ID(d), MEM_OFF(d), len);
	return SIMRT_OK;
}

static int op_from_device(struct server *s, const uint8_t *q, uint32_t n, const uint8_t **out,
			  uint64_t *nout)
{
	uint64_t v[2];
	if (n < sizeof v)
		return SIMRT_INVALID_VALUE;
	memcpy(v, q, sizeof v);
	if (!device_range(s, v[0], v[1]) || v[1] > UINT32_MAX)
		return SIMRT_INVALID_VALUE;
	*out = s->m.a[MEM_ID(v[0])].data + MEM_OFF(v[0]);
	*nout = v[1];
	return SIMRT_OK;
}

static int op_device_copy(struct server *s, const uint8_t *q, uint32_t n)
{
	uint64_t v[3];
	if (n < sizeof v)
		return SIMRT_INVALID_VALUE;
	memcpy(v, q, sizeof v);
	if (!device_range(s, v[0], v[2]) || !device_range(s, v[1], v[2]))
		return SIMRT_INVALID_VALUE;
	memmove(s->m.a[MEM_ID(v[0])].data + MEM_OFF(v[0]), s->m.a[MEM_ID(v[1])].data + MEM_OFF(v[1]),
		v[2]);
	/* the destination counts as written, even where the source was
	** not: copying undefined bytes is not a read the GPU reports, and
	** tracking them further is left for later */
	mem_mark_written(&s->m, MEM_ID(v[0]), MEM_OFF(v[0]), v[2]);
	return SIMRT_OK;
}

static int op_set(struct server *s, const uint8_t *q, uint32_t n)
{
	struct {
		uint64_t dst;
		uint32_t byte, pad;
		uint64_t n;
	} v;
	if (n < sizeof v)
		return SIMRT_INVALID_VALUE;
	memcpy(&v, q, sizeof v);
	if (!device_range(s, v.dst, v.n))
		return SIMRT_INVALID_VALUE;
	memset(s->m.a[MEM_ID(v.dst)].data + MEM_OFF(v.dst), (int)v.byte, v.n);
	mem_mark_written(&s->m, MEM_ID(v.dst), MEM_OFF(v.dst), v.n);
	return SIMRT_OK;
}

/* The bytes [OFF, OFF + N) of variable VAR: NULL when they are not all in it. */
static uint8_t *symbol_bytes(struct server *s, uint32_t var, uint64_t off, uint64_t n)
{
	const struct gvar *g = var_of(s, var);
	if (g == NULL)
		return NULL;
	struct mem_alloc *a = &s->m.a[g->alloc_id];
	if (a->data == NULL || off > a->size || n > a->size - off)
		return NULL;
	return a->data + off;
}

static int op_symbol(struct server *s, int to, const uint8_t *q, uint32_t n, const uint8_t **out,
		     uint64_t *nout)
{
	struct {
		uint32_t var, pad;
		uint64_t offset;
	} v;
	if (n < sizeof v)
		return SIMRT_INVALID_VALUE;
	memcpy(&v, q, sizeof v);
	if (to) {
		/* the host writes __constant__ memory too */
		uint8_t *b = symbol_bytes(s, v.var, v.offset, n - sizeof v);
		if (b == NULL)
			return SIMRT_INVALID_VALUE;
		memcpy(b, q + sizeof v, n - sizeof v);
		return SIMRT_OK;
	}
	uint64_t len;
	if (n < sizeof v + sizeof len)
		return SIMRT_INVALID_VALUE;
	memcpy(&len, q + sizeof v, sizeof len);
	uint8_t *b = symbol_bytes(s, v.var, v.offset, len);
	if (b == NULL || len > UINT32_MAX)
		return SIMRT_INVALID_VALUE;
	*out = b;
	*nout = len;
	return SIMRT_OK;
}

/* Variable VAR's device pointer and size into OUT[0], OUT[1]. */
static int op_symbol_address(struct server *s, const uint8_t *q, uint32_t n, uint64_t out[2])
{
	uint32_t var;
	if (n < sizeof var)
		return SIMRT_INVALID_SYMBOL;
	memcpy(&var, q, sizeof var);
	const struct gvar *g = var_of(s, var);
	if (g == NULL)
		return SIMRT_INVALID_SYMBOL;
	uint32_t id = g->alloc_id;
	out[0] = MEM_PTR(id, 0);
	out[1] = s->m.a[id].size;
	return SIMRT_OK;
}

/* ---- texture references ---------------------------------------------------- */

/* The texel format of channel descriptor bits BITS, kind KIND
** (cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float) into T; 0 when
** it is none simulee-c models (three channels, 64-bit channels, ...). */
static int channel_format(const int32_t bits[4], int32_t kind, struct tex_desc *t)
{
	unsigned n = 0;
	while (n < 4 && bits[n] != 0)
		n++;
	if (n == 3 || n == 0)
		return 0;
	for (unsigned i = 1; i < n; i++)
		if (bits[i] != bits[0])
			return 0;
	t->nch = (uint8_t)n;
	if (kind == 2 && (bits[0] == 32 || bits[0] == 16))
		t->fmt = bits[0] == 32 ? ET_F32 : ET_F16;
	else if (kind == 0 || kind == 1) {
		static const uint8_t s8[] = { ET_I8, ET_I16, ET_I32 }, u8[] = { ET_U8, ET_U16, ET_U32 };
		int k = bits[0] == 8 ? 0 : bits[0] == 16 ? 1 : bits[0] == 32 ? 2 : -1;
		if (k < 0)
			return 0;
		t->fmt = kind == 0 ? s8[k] : u8[k];
	} else {
		return 0;
	}
	return 1;
}

/* Allocation ID becomes a view of texels elsewhere with descriptor T (a
** copy, which the server owns), or stops being one when T is NULL. */
static void set_view(struct server *s, uint32_t id, const struct tex_desc *t)
{
	struct mem_alloc *a = &s->m.a[id];
	for (uint32_t i = 0; a->tex != NULL && i < s->ntexs; i++)
		if (s->texs[i] == a->tex) {
			free(s->texs[i]);
			s->texs[i] = s->texs[--s->ntexs];
			break;
		}
	a->tex = NULL;
	if (t == NULL)
		return;
	struct tex_desc *keep = xmalloc(sizeof *keep);
	*keep = *t;
	VEC_PUSH(s->texs, s->ntexs, s->captexs, keep);
	a->tex = keep;
}

/* The address mode of cudaTextureAddressMode M (wrap, clamp, mirror, border). */
static uint8_t addr_mode(int32_t m)
{
	static const uint8_t modes[] = { TA_WRAP, TA_CLAMP, TA_MIRROR, TA_BORDER };
	return m >= 0 && m < 4 ? modes[m] : TA_CLAMP;
}

/*
** The descriptor of the texels request B describes into *T (its base the
** texels' pointer): a linear region (tex1Dfetch's: the bytes B gives, at
** most to the buffer's end, zero outside), or an array or pitched memory
** of 1 to 3 dimensions with B's addressing, filter, coordinates and read
** mode; a surface for B->surface.  Returns a status: INVALID_VALUE for
** texels outside one live buffer and for what cudaCreateTextureObject
** refuses (a format simulee-c does not model among them).
*/
static int tex_desc_of(const struct server *s, const struct simrt_tex *b, struct tex_desc *t)
{
	memset(t, 0, sizeof *t);
	t->kind = b->surface ? TEXOBJ_SURF : TEXOBJ_TEX;
	if (!device_range(s, b->ptr, 1) || !channel_format(b->bits, b->kind, t))
		return SIMRT_INVALID_VALUE;	/* cudaErrorInvalidChannelDescriptor */
	t->base = b->ptr;
	uint64_t ts = tex_texel_size(t), room = s->m.a[MEM_ID(b->ptr)].size - MEM_OFF(b->ptr);
	t->dim[0] = t->dim[1] = t->dim[2] = 1;
	if (b->linear) {
		uint64_t bytes = b->width < room ? b->width : room;
		if (bytes / ts == 0 || bytes / ts > UINT32_MAX)
			return SIMRT_INVALID_VALUE;
		t->ndims = 1;
		t->dim[0] = (uint32_t)(bytes / ts);
		t->addr[0] = TA_BORDER;
	} else {
		uint64_t ext[3] = { b->width, b->height, b->depth };
		uint64_t pitch = b->pitch ? b->pitch : b->width * ts;
		uint64_t rows = b->height * b->depth * (b->layers ? b->layers : 1);
		/* extents past any GPU's (2^20 texels, 2^16 layers), so that
		** the products below stay far from overflow */
		if (b->ndims < 1 || b->ndims > 3 || (b->layers && b->ndims == 3) || pitch % ts != 0
		    || pitch < b->width * ts || pitch > (UINT64_C(1) << 30) || b->layers > 65536)
			return SIMRT_INVALID_VALUE;
		for (unsigned d = 0; d < 3; d++) {
			if (ext[d] == 0 || ext[d] > (1u << 20) || (d >= b->ndims && ext[d] != 1))
				return SIMRT_INVALID_VALUE;
			t->dim[d] = (uint32_t)ext[d];
			t->addr[d] = addr_mode(b->addr[d]);
		}
		if (b->width * ts > room || rows - 1 > (room - b->width * ts) / pitch)
			return SIMRT_INVALID_VALUE;
		t->ndims = (uint8_t)b->ndims;
		t->layers = b->layers;
		t->pitch = pitch == b->width * ts ? 0 : (uint32_t)(pitch / ts);
		t->filter = b->filter == 1 ? TF_LINEAR : TF_POINT;
		t->norm = b->normalized != 0;
	}
	if (b->surface)
		return t->pitch == 0 ? SIMRT_OK : SIMRT_INVALID_VALUE;
	int isf = t->fmt == ET_F32 || t->fmt == ET_F16;
	if (b->read == 1) {
		if (isf || t->fmt == ET_I32 || t->fmt == ET_U32)
			return SIMRT_INVALID_VALUE;
		t->read = TR_NORMALIZED;
	}
	if (t->filter == TF_LINEAR && !isf && t->read != TR_NORMALIZED)
		return SIMRT_INVALID_VALUE;
	return SIMRT_OK;
}

/*
** cudaBindTexture, cudaBindTexture2D and cudaBindTextureToArray (a
** simrt_tex in Q): the texture reference's variable becomes a view with a
** descriptor of what the bind says, and holds its own handle, so a fetch
** reads the program's data in the reference's own format (two references
** bound to one buffer keep a format each: SHOC's MD binds one as float4
** and as int4).  Binding again replaces the descriptor; unbinding (a null
** pointer) clears the variable, so a later fetch is a null dereference.
*/
static int op_bind_tex(struct server *s, const uint8_t *q, uint32_t n)
{
	struct simrt_tex b;
	if (n != sizeof b)
		return SIMRT_INVALID_VALUE;
	memcpy(&b, q, sizeof b);
	const struct gvar *tr = var_of(s, b.var);
	if (tr == NULL || !tr->texref || b.surface)
		return SIMRT_INVALID_SYMBOL;
	uint8_t *var = s->m.a[tr->alloc_id].data;
	if (b.ptr == 0) {
		memset(var, 0, 8);
		set_view(s, tr->alloc_id, NULL);
		return SIMRT_OK;
	}
	struct tex_desc t;
	int st = tex_desc_of(s, &b, &t);
	if (st != SIMRT_OK)
		return st;
	set_view(s, tr->alloc_id, &t);
	uint64_t h = MEM_PTR(tr->alloc_id, 0);
	memcpy(var, &h, 8);
	return SIMRT_OK;
}

/* cudaCreateTextureObject and cudaCreateSurfaceObject (a simrt_tex in
** Q): a view of its own, whose tagged pointer is the handle (*H). */
static int op_tex_object(struct server *s, const uint8_t *q, uint32_t n, uint64_t *h)
{
	struct simrt_tex b;
	if (n != sizeof b)
		return SIMRT_INVALID_VALUE;
	memcpy(&b, q, sizeof b);
	struct tex_desc t;
	int st = tex_desc_of(s, &b, &t);
	if (st != SIMRT_OK)
		return st;
	uint32_t id = mem_new(&s->m, AS_GLOBAL, 8, b.surface ? "surface object" : "texture object");
	if (id == 0)
		return SIMRT_OUT_OF_MEMORY;
	set_view(s, id, &t);
	*h = MEM_PTR(id, 0);
	return SIMRT_OK;
}

/* cudaDestroyTextureObject, cudaDestroySurfaceObject: handle Q, which
** op_tex_object made; a later fetch through it is an invalid handle. */
static int op_tex_destroy(struct server *s, const uint8_t *q, uint32_t n)
{
	uint64_t h;
	if (n != sizeof h)
		return SIMRT_INVALID_VALUE;
	memcpy(&h, q, sizeof h);
	uint32_t id = MEM_ID(h);
	if (h == 0)
		return SIMRT_OK;
	if (id >= s->m.n || !s->m.a[id].live || s->m.a[id].tex == NULL || MEM_OFF(h) != 0
	    || s->m.a[id].space != AS_GLOBAL || (id < s->nfrom && s->from_malloc[id]))
		return SIMRT_INVALID_VALUE;
	for (uint32_t m = 0; m < s->nmods; m++) {
		const struct program *p = s->mods[m].l.prog;
		for (uint32_t v = 0; p != NULL && v < p->ngvars; v++)
			if (p->gvars[v].alloc_id == id)
				return SIMRT_INVALID_VALUE;	/* a reference's */
	}
	set_view(s, id, NULL);
	mem_release(&s->m, id);
	return SIMRT_OK;
}

/* ---- launches ---------------------------------------------------------------- */

/* The status a launch's findings FS leave the context in: a failed
** device assert or a trap loses it, as on the GPU (the other faults are
** reported, and the run goes on: simulee-c's choice, docs/RUN.md). */
static int sticky_of(const struct findings *fs)
{
	for (uint32_t i = 0; i < fs->n; i++)
		if (fs->v[i].kind == FK_ASSERT)
			return SIMRT_ASSERT;
	for (uint32_t i = 0; i < fs->n; i++)
		if (fs->v[i].kind == FK_TRAP)
			return SIMRT_LAUNCH_FAILURE;
	return 0;
}

/* Gives back the names (and element types) the last launch gave the
** buffers it was passed: each takes the one it had before. */
static void unname_buffers(struct server *s)
{
	while (s->nnamed > 0) {
		const struct rt_named *n = &s->named[--s->nnamed];
		struct mem_alloc *a = &s->m.a[n->id];
		if (n->id < s->nfrom && s->from_malloc[n->id] == 2 && a->name == n->name) {
			s->from_malloc[n->id] = 1;
			a->name = n->was;
			a->elem = n->elem;
			a->elem_size = n->elem_size;
		}
	}
}

/* Builds the argument slots of kernel F from the program's argument
** bytes ARGS (interp_args_from_bytes), and names each buffer the program
** allocated after the first parameter of F it is passed as, for this
** launch: the names of the last launch's parameters are given back
** first, so no finding of F names a buffer after another kernel's. */
static void build_slots(struct server *s, const struct func *f, const uint8_t *args, uint64_t *slots)
{
	interp_args_from_bytes(&s->m, f, args, slots);
	unname_buffers(s);
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		if (pa->byval || pa->nfields > 0 || !pa->is_ptr)
			continue;
		/* a buffer gets the name of the parameter it is first passed
		** as, and its element type, for name[index] */
		uint64_t v = slots[f->param_slot[i] - f->param_slot[0]];
		uint32_t id = MEM_ID(v);
		if (v != 0 && id < s->nfrom && s->from_malloc[id] == 1) {
			struct mem_alloc *a = &s->m.a[id];
			struct rt_named n = { id, pa->name, a->name, a->elem, a->elem_size };
			VEC_PUSH(s->named, s->nnamed, s->capnamed, n);
			s->from_malloc[id] = 2;
			a->name = pa->name;
			if (pa->elem != ET_NONE) {
				a->elem = pa->elem;
				a->elem_size = elem_size(pa->elem);
			}
		}
	}
}

/* Records launch LI's arguments in the report as the program gave them
** (ARGS: the argument block): a scalar's value, a pointer as the buffer
** and element it points at. */
static void record_args(struct server *s, uint32_t li, const struct func *f, const uint8_t *args)
{
	size_t at = 0;
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		uint32_t nb = interp_arg_bytes(pa);
		const uint8_t *b = args + at;
		at += nb;
		char v[160];
		uint64_t u = 0;
		memcpy(&u, b, nb < sizeof u ? nb : sizeof u);
		if (pa->byval || pa->nfields > 0) {
			snprintf(v, sizeof v, "a %u-byte struct", pa->size);
		} else if (pa->is_ptr) {
			uint32_t id = MEM_ID(u);
			if (u == 0)
				snprintf(v, sizeof v, "NULL");
			else if (id > 0 && id < s->m.n && s->m.a[id].live && s->m.a[id].space != AS_PARAM
				 && MEM_OFF(u) == 0)
				snprintf(v, sizeof v, "buffer '%s' (%" PRIu64 " bytes)", s->m.a[id].name,
					 s->m.a[id].size);
			else if (id > 0 && id < s->m.n && s->m.a[id].live && s->m.a[id].space != AS_PARAM)
				snprintf(v, sizeof v, "buffer '%s' (%" PRIu64 " bytes) + %" PRIu64,
					 s->m.a[id].name, s->m.a[id].size, MEM_OFF(u));
			else
				snprintf(v, sizeof v, "0x%" PRIx64 " (no device memory)", u);
		} else if (pa->type == ET_F32) {
			float x;
			memcpy(&x, b, sizeof x);
			snprintf(v, sizeof v, "%g", (double)x);
		} else if (pa->type == ET_F64) {
			double x;
			memcpy(&x, b, sizeof x);
			snprintf(v, sizeof v, "%g", x);
		} else if (elem_is_signed(pa->type)) {
			unsigned sh = 64 - 8 * (nb < 8 ? nb : 8);
			snprintf(v, sizeof v, "%" PRId64, sh < 64 ? (int64_t)(u << sh) >> sh : (int64_t)u);
		} else {
			snprintf(v, sizeof v, "%" PRIu64, u);
		}
		report_launch_arg(s->rep, li, pa->name, v);
	}
}

/* Gives the extern __shared__ array of program P DYN bytes for the next launch. */
static void set_dyn_shared(struct server *s, const struct program *p, uint64_t dyn)
{
	for (uint32_t i = 0; i < p->ngvars; i++) {
		if (!p->gvars[i].dynamic_shared)
			continue;
		struct mem_alloc *a = &s->m.a[p->gvars[i].alloc_id];
		if (a->size == dyn)
			continue;
		s->m.used -= a->size;
		free(a->data);
		a->data = xcalloc(dyn ? dyn : 1, 1);
		a->size = dyn;
		s->m.used += dyn;
	}
}

/* Whether the report holds a finding, or a group's member, of launch L. */
static int launch_shows(const struct report *r, uint32_t l)
{
	for (uint32_t i = 0; i < r->findings.n; i++) {
		const struct finding *f = &r->findings.v[i];
		if (f->launch == l)
			return 1;
		/* a group's other members name their own launches */
		for (uint32_t j = 0; j < f->nmembers; j++)
			if (f->members[j].launch == l)
				return 1;
	}
	return 0;
}

/*
** Simulates the launch the program asks for (Q, N bytes: struct
** simrt_launch and the argument bytes): a launch CUDA refuses is refused
** with CUDA's error and not simulated; past --max-launches or the time
** limit it is cut.  Otherwise it runs at its real shape on the program's
** memory, its races and barrier verdicts are taken from the model, and
** its findings merge into the report (the launch is kept in the report
** only when it is a finding's witness or its kernel's first launch).
** Returns the call's status.
*/
static int op_launch(struct server *s, const uint8_t *q, uint32_t n)
{
	struct simrt_launch L;
	if (n < sizeof L || s->nmods == 0)
		return SIMRT_INVALID_FUNCTION;
	memcpy(&L, q, sizeof L);
	s->res->launches++;
	if (L.kernel == UINT32_MAX) {
		/* a kernel that could not be lowered or registered (a warning
		** says why): the program goes on without its results */
		s->res->unsimulated++;
		return SIMRT_NO_KERNEL_IMAGE;
	}
	if (L.kernel >= s->nkref)
		return SIMRT_INVALID_FUNCTION;
	struct rt_module *md = &s->mods[s->kref[L.kernel].module];
	uint32_t ki = s->kref[L.kernel].index;
	const struct kernel_info *k = &md->l.kernels[ki];
	const struct program *p = md->l.prog;
	if (k->func < 0)
		return SIMRT_INVALID_FUNCTION;
	const struct func *f = &p->funcs[k->func];
	size_t need = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		need += interp_arg_bytes(&f->params[i]);
	if (L.nparams != f->nparams || n - sizeof L < need)
		return SIMRT_INVALID_VALUE;
	struct dim3 grid = { L.grid[0], L.grid[1], L.grid[2] };
	struct dim3 block = { L.block[0], L.block[1], L.block[2] };
	struct sim_error e = { 0 };
	uint64_t threads = (uint64_t)block.x * block.y * block.z;
	uint64_t bound = load_block_bound(k);
	int refused = interp_check_launch(grid, block, L.dyn_shared, &e) < 0 ? SIMRT_INVALID_CONFIG
		      : bound && threads > bound ? SIMRT_OUT_OF_RESOURCES
		      : L.dyn_shared > (L.dyn_shared_max > RT_DYN_SHARED_DEFAULT ? L.dyn_shared_max
					: RT_DYN_SHARED_DEFAULT) ? SIMRT_INVALID_VALUE : 0;
	if (refused) {
		s->res->refused++;
		if (s->o->verbose)
			fprintf(stderr, "simulee-c: launch %" PRIu32 " of %s refused, as CUDA refuses it\n",
				s->res->launches, k->demangled);
		return refused;
	}
	if (s->sticky)
		return s->sticky;
	if ((s->o->max_launches && s->res->simulated >= s->o->max_launches)
	    || (s->deadline > 0 && mono_seconds() >= s->deadline)) {
		s->res->cut++;
		return SIMRT_OK;
	}
	/* --sample-launches: the model and the detectors for one launch in
	** SAMPLE of the kernel; the others still run, so the program's data
	** stay right, and still report their faults */
	int check = s->o->sample <= 1 || md->ks[ki].made++ % s->o->sample == 0;
	uint32_t nslots = params_nslots(f);
	uint64_t *slots = xcalloc(nslots ? nslots : 1, sizeof *slots);
	uint32_t mark = s->m.n;
	build_slots(s, f, q + sizeof L, slots);
	set_dyn_shared(s, p, L.dyn_shared);
	uint32_t seed = !s->o->explore ? UINT32_MAX
			: rt_explore_note(&s->xp, &md->l, s->kref[L.kernel].module, ki,
					  L.kernel, &s->m, grid, block, L.dyn_shared, slots,
					  s->res->launches, L.frames, L.nframes);
	struct launch_stats ls = { 0 };
	struct launch_cfg cfg = { 0 };
	cfg.grid = grid;
	cfg.block = block;
	cfg.dyn_shared = L.dyn_shared;
	cfg.device = s->o->device;
	cfg.max_steps = s->o->max_steps;
	cfg.seed = s->o->seed;
	cfg.print_out = stdout;
	cfg.printf_plain = 1;	/* the program's output, as on a GPU */
	cfg.mam = check ? s->mam : NULL;
	cfg.perf = (uint8_t)check;
	cfg.lockstep = s->model == MAM_LOCKSTEP;
	cfg.no_prune = (uint8_t)s->o->no_prune;
	cfg.deadline = s->deadline;
	cfg.stats = &ls;
	struct findings fs = { 0 };
	struct rt_kernel *rk = &md->ks[ki];
	/* a launch the model sees adds to its kernel's barrier verdicts */
	struct analyse_options ao = { .model = s->model, .bv = &rk->bv };
	struct analyse_result ar;
	int rc = analyse_launch(p, (uint32_t)k->func, slots, &s->m, &cfg, &ao, &fs, &ar, &e);
	if (seed != UINT32_MAX)
		rt_explore_ran(&s->xp, seed, rc == 0 && !ar.timed_out, ls.warp_insns);
	fflush(stdout);
	mem_release_from(&s->m, mark);
	free(slots);
	if (rc < 0) {
		findings_free(&fs);
		note(s, "%s: a launch could not be simulated: %s", k->demangled, e.msg);
		s->res->cut++;
		return SIMRT_LAUNCH_FAILURE;
	}
	if (ar.timed_out) {
		findings_free(&fs);
		s->res->cut++;
		return SIMRT_OK;
	}
	s->res->simulated++;
	if (rk->rk == UINT32_MAX) {
		/* each kernel its own job, numbered as first run: one mistake
		** of a template is then grouped across its instantiations as
		** the static jobs' are (report/inst.c) */
		rk->rk = report_add_kernel(s->rep, k->name, k->demangled);
		report_kernel_origin(s->rep, rk->rk, NULL, rk->rk);
	}
	if (!check) {
		/* what it wrote is unknown to the written bits: every buffer
		** counts as written, so no later read is reported on its
		** account (a miss, never a false report) */
		s->res->unchecked++;
		for (uint32_t id = 1; id < s->m.n; id++)
			if (s->m.a[id].written)
				mem_mark_written(&s->m, id, 0, s->m.a[id].size);
	}
	int sticky = sticky_of(&fs);
	for (uint32_t i = 0; i < fs.n; i++)
		fs.v[i].launches = 1;
	uint32_t li = report_add_launch(s->rep, rk->rk, grid, block, L.dyn_shared, s->o->seed);
	report_launch_contract(s->rep, li, CL_HOST);
	s->rep->launches[li].run = s->res->launches;
	report_take_findings(s->rep, &fs, li);
	int kept = 1;
	if (rk->launches++ == 0)
		rk->first = li;
	else if (!launch_shows(s->rep, li))
		report_pop_launch(s->rep), kept = 0;
	if (kept)
		record_args(s, li, f, q + sizeof L);
	if (kept) {
		struct rt_frames fr = { li, L.nframes < SIMRT_FRAMES ? L.nframes : SIMRT_FRAMES, { 0 } };
		memcpy(fr.pcs, L.frames, fr.n * sizeof *fr.pcs);
		VEC_PUSH(s->frames, s->nframes, s->capframes, fr);
	}
	if (s->o->verbose)
		fprintf(stderr, "simulee-c: launch %" PRIu32 ": %s<<<(%u,%u,%u), (%u,%u,%u), %" PRIu64
			">>> simulated\n", s->res->launches, k->demangled, grid.x, grid.y, grid.z,
			block.x, block.y, block.z, (uint64_t)L.dyn_shared);
	if (sticky)
		s->sticky = sticky;
	return SIMRT_OK;
}

/* ---- the loop --------------------------------------------------------------- */

/* Serves requests on FD until the program closes it; -1 when a stop
** signal or the time limit ended it first, or a unit cannot be loaded
** (*err filled). */
static int serve(struct server *s, int fd, struct sim_error *err)
{
	for (;;) {
		struct simrt_req q;
		int r = read_all(fd, &q, sizeof q);
		if (r != 0)
			return r < 0 ? -1 : 0;
		uint8_t *pl = xmalloc(q.len ? q.len : 1);
		r = read_all(fd, pl, q.len);
		if (r != 0) {
			free(pl);
			return r < 0 ? -1 : 0;
		}
		int st = SIMRT_OK, pass = -1;
		uint32_t u32 = 0, *arr = NULL, narr = 0;
		uint64_t u64[2] = { 0, 0 }, nout = 0;
		const uint8_t *out = NULL;
		size_t outn = 0;
		int sticky_applies = s->sticky && q.op != SIMRT_EXIT && q.op != SIMRT_REFUSE
				     && q.op != SIMRT_MODULE && q.op != SIMRT_FUNCTION && q.op != SIMRT_VAR
				     && q.op != SIMRT_GPU;
		struct simrt_device dev;
		if (sticky_applies) {
			st = s->sticky;
		} else {
			switch (q.op) {
			case SIMRT_MODULE:
				st = op_module(s, pl, q.len, &u32, err);
				if (st < 0) {
					free(pl);
					return -1;
				}
				out = (const uint8_t *)&u32, outn = sizeof u32;
				break;
			case SIMRT_FUNCTION:
				st = op_function(s, pl, q.len, &arr, &narr);
				out = (const uint8_t *)arr, outn = narr * sizeof *arr;
				break;
			case SIMRT_VAR:
				st = op_var(s, pl, q.len, &u32);
				out = (const uint8_t *)&u32, outn = sizeof u32;
				break;
			case SIMRT_MALLOC:
				st = op_malloc(s, pl, q.len, &u64[0], &pass);
				out = (const uint8_t *)u64, outn = sizeof u64[0];
				break;
			case SIMRT_FREE:
				st = op_free(s, pl, q.len);
				break;
			case SIMRT_TO_DEVICE:
				st = op_to_device(s, pl, q.len);
				break;
			case SIMRT_FROM_DEVICE:
				st = op_from_device(s, pl, q.len, &out, &nout);
				outn = (size_t)nout;
				break;
			case SIMRT_DEVICE_COPY:
				st = op_device_copy(s, pl, q.len);
				break;
			case SIMRT_SET:
				st = op_set(s, pl, q.len);
				break;
			case SIMRT_TO_SYMBOL:
			case SIMRT_FROM_SYMBOL:
				st = op_symbol(s, q.op == SIMRT_TO_SYMBOL, pl, q.len, &out, &nout);
				outn = (size_t)nout;
				break;
			case SIMRT_SYMBOL_ADDRESS:
				st = op_symbol_address(s, pl, q.len, u64);
				out = (const uint8_t *)u64, outn = sizeof u64;
				break;
			case SIMRT_LAUNCH:
				st = op_launch(s, pl, q.len);
				break;
			case SIMRT_SYNC:
				st = SIMRT_OK;
				break;
			case SIMRT_GPU:
				sim_device_wire(s->o->device ? s->o->device : sim_device_default(), &dev);
				out = (const uint8_t *)&dev, outn = sizeof dev;
				st = SIMRT_OK;
				break;
			case SIMRT_QUERY:
				if (q.len >= sizeof u64[0]) {
					memcpy(&u64[0], pl, sizeof u64[0]);
					if (q.len >= sizeof u64)
						memcpy(&u64[1], pl + sizeof u64[0], sizeof u64[1]);
					st = device_range(s, u64[0], u64[1]) ? SIMRT_OK
					     : SIMRT_INVALID_VALUE;
				} else {
					st = SIMRT_INVALID_VALUE;
				}
				break;
			case SIMRT_EXIT:
				break;
			case SIMRT_BIND_TEX:
				st = op_bind_tex(s, pl, q.len);
				break;
			case SIMRT_TEX_OBJECT:
				st = op_tex_object(s, pl, q.len, &u64[0]);
				out = (const uint8_t *)u64, outn = sizeof u64[0];
				break;
			case SIMRT_TEX_DESTROY:
				st = op_tex_destroy(s, pl, q.len);
				break;
			case SIMRT_REFUSE:
				if (s->res->refused_call == NULL && q.len > 0) {
					pl[q.len - 1] = '\0';
					s->res->refused_call = xstrdup((const char *)pl);
				}
				break;
			default:
				st = SIMRT_INVALID_VALUE;
				break;
			}
		}
		if (st != SIMRT_OK)
			out = NULL, outn = 0;
		r = reply(fd, st, out, outn, pass);
		if (pass >= 0)
			close(pass);
		free(arr);
		free(pl);
		if (r < 0)
			return 0;	/* the program is gone */
		if (stop_signal_seen)
			return -1;	/* rt_run names the signal */
		if (s->deadline > 0 && mono_seconds() >= s->deadline) {
			s->res->stop = "time-limit";
			return -1;
		}
	}
}

void rt_result_free(struct rt_result *res)
{
	for (uint32_t m = 0; m < res->nloaded; m++)
		load_free(&res->loaded[m]);
	free(res->loaded);
	free(res->units);
	free(res->refused_call);
	free(res->notes);
	memset(res, 0, sizeof *res);
}

/* --explore, once the program ended by itself or at the time limit:
** the search around its launches, whose findings' launches get the host
** stacks of the launches they explored. */
static void explore(struct server *s)
{
	struct rt_explore_opts xo = *s->o->explore;
	xo.model = s->model;	/* the run's, as the bitcode decided it */
	if (s->res->stop && strcmp(s->res->stop, "time-limit") != 0) {
		s->xp.st.stopped = "the run was stopped";
	} else {
		const struct loaded **mods = xcalloc(s->nmods ? s->nmods : 1, sizeof *mods);
		for (uint32_t i = 0; i < s->nmods; i++)
			mods[i] = &s->mods[i].l;
		rt_explore_run(&s->xp, mods, &xo, s->rep);
		free(mods);
	}
	for (uint32_t i = 0; i < s->xp.nmade; i++) {
		const struct rt_seed *sd = &s->xp.seeds[s->xp.made[i].seed];
		struct rt_frames fr = { s->xp.made[i].launch, sd->nframes, { 0 } };
		memcpy(fr.pcs, sd->frames, fr.n * sizeof *fr.pcs);
		VEC_PUSH(s->frames, s->nframes, s->capframes, fr);
	}
	s->res->explored = s->xp.st;
}

/* Names the host frames of the launches the report keeps (EXE: the
** program), leaving out simulee-c's runtime and clang's kernel stubs. */
static void name_frames(struct server *s, const char *exe)
{
	uint32_t total = 0;
	for (uint32_t i = 0; i < s->nframes; i++)
		total += s->frames[i].n;
	if (total == 0 || s->o->cop == NULL)
		return;
	uint64_t *pcs = xcalloc(total, sizeof *pcs);
	uint32_t k = 0;
	for (uint32_t i = 0; i < s->nframes; i++)
		for (uint32_t j = 0; j < s->frames[i].n; j++)
			pcs[k++] = s->frames[i].pcs[j];
	char **names = compile_symbolize(s->o->cop, exe, pcs, total);
	k = 0;
	for (uint32_t i = 0; i < s->nframes; i++) {
		char *keep[SIMRT_FRAMES];
		uint32_t nk = 0;
		for (uint32_t j = 0; j < s->frames[i].n; j++, k++) {
			const char *nm = names[k];
			const char *stub = nm ? strstr(nm, "__device_stub__") : NULL;
			if (nm == NULL || (stub != NULL && (stub == nm || stub[-1] == ':'))
			    || strstr(nm, "(cudart.cu:") != NULL || strstr(nm, "(??") != NULL)
				continue;	/* ours, clang's, or the C library's start */
			keep[nk++] = names[k];
		}
		report_launch_host_stack(s->rep, s->frames[i].launch, keep, nk);
	}
	for (uint32_t i = 0; i < total; i++)
		free(names[i]);
	free(names);
	free(pcs);
}

/* The report's barriers and redundant-barrier findings of module MD's
** kernels, over every launch of each. */
static void conclude_module(struct server *s, struct rt_module *md)
{
	for (uint32_t k = 0; k < md->l.nkernels; k++) {
		struct rt_kernel *rk = &md->ks[k];
		if (rk->rk == UINT32_MAX) {
			barrier_verdicts_free(&rk->bv);
			continue;
		}
		struct findings fs = { 0 };
		detect_barrier_findings(&rk->bv, &s->rep->findings, &fs);
		for (uint32_t i = 0; i < fs.n; i++)
			fs.v[i].launches = rk->launches;
		report_take_findings(s->rep, &fs, rk->first);
		for (uint32_t i = 0; i < rk->bv.n; i++)
			if (rk->bv.v[i].launches > 0)	/* what the run executed */
				report_add_barrier(s->rep, rk->rk, &rk->bv.v[i].loc,
						   barrier_record_verdict(&rk->bv.v[i]),
						   rk->bv.v[i].launches, rk->bv.v[i].executions,
						   rk->bv.launches);
		barrier_verdicts_free(&rk->bv);
	}
}

/* Every module's barriers and redundant-barrier findings. */
static void conclude(struct server *s)
{
	for (uint32_t m = 0; m < s->nmods; m++)
		conclude_module(s, &s->mods[m]);
}

int rt_run(const struct rt_options *o, char *const *argv, struct report *rep,
	   struct rt_result *res, struct sim_error *err)
{
	memset(res, 0, sizeof *res);
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return sim_fail(err, SIM_ERR_IO, "run: socketpair: %s", strerror(errno));
	struct sigaction sa = { 0 }, old_int, old_term;
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	stop_signal_seen = 0;
	struct sigaction old_alrm;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGALRM, &sa, &old_alrm);
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		sigaction(SIGALRM, &old_alrm, NULL);
		return sim_fail(err, SIM_ERR_IO, "run: fork: %s", strerror(errno));
	}
	if (pid == 0) {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		sigaction(SIGALRM, &old_alrm, NULL);
		int fd = dup(sv[1]);	/* without CLOEXEC */
		char num[16];
		snprintf(num, sizeof num, "%d", fd);
		setenv(SIMRT_ENV_FD, num, 1);
		execv(o->exe, argv);
		fprintf(stderr, "simulee-c: run: cannot start %s: %s\n", o->exe, strerror(errno));
		_exit(127);
	}
	close(sv[1]);
	struct server s = { 0 };
	s.o = o;
	s.rep = rep;
	s.res = res;
	mem_init(&s.m);
	s.deadline = o->time_limit > 0 ? mono_seconds() + o->time_limit : 0;
	if (o->time_limit > 0) {
		/* the program may compute on the host past the limit, with no
		** call to notice it by: the timer interrupts the wait */
		struct itimerval it = { { 0, 0 }, { (time_t)o->time_limit,
						    (suseconds_t)((o->time_limit - (double)(time_t)o->time_limit) * 1e6) } };
		setitimer(ITIMER_REAL, &it, NULL);
	}
	struct sim_error serr = { 0 };
	int r = serve(&s, sv[0], &serr);
	close(sv[0]);
	if (o->time_limit > 0) {
		struct itimerval off = { { 0, 0 }, { 0, 0 } };
		setitimer(ITIMER_REAL, &off, NULL);
	}
	if (r < 0) {
		if (stop_signal_seen && res->stop == NULL)
			res->stop = stop_signal_seen == SIGINT ? "interrupted (SIGINT)"
				    : stop_signal_seen == SIGALRM ? "time-limit" : "terminated (SIGTERM)";
		if (serr.msg[0] && res->stop == NULL)
			res->stop = "a unit could not be loaded";
		kill(pid, SIGKILL);
	}
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGALRM, &old_alrm, NULL);
	res->exited = r == 0;
	if (r < 0) {
		/* stopped by simulee-c: no status of the program's; the run's
		** is the stop's (a cut run is no clean pass) */
		res->status = 0;
		if (res->stop != NULL && strcmp(res->stop, "time-limit") == 0)
			res->stop_status = 124;
		else if (stop_signal_seen == SIGINT || stop_signal_seen == SIGTERM)
			res->stop_status = 128 + stop_signal_seen;
	} else if (WIFSIGNALED(st)) {
		res->signal = WTERMSIG(st);
		res->status = 128 + res->signal;
	} else {
		res->status = WIFEXITED(st) ? WEXITSTATUS(st) : 1;
	}
	conclude(&s);
	if (o->explore)
		explore(&s);
	res->explored.asked = o->explore != NULL;
	rt_explore_free(&s.xp);
	name_frames(&s, o->exe);
	free(s.frames);
	res->notes = s.notes.s;
	for (uint32_t i = 0; i < s.nmaps; i++)
		munmap(s.maps[i].data, s.maps[i].len);
	free(s.maps);
	if (s.mam)
		mam_free(s.mam);
	free(s.kref);
	free(s.vref);
	free(s.from_malloc);
	free(s.named);
	/* the report's source locations point into the program: it stays
	** loaded until rt_result_free; the memory goes now */
	mem_free(&s.m);
	for (uint32_t i = 0; i < s.ntexs; i++)
		free(s.texs[i]);
	free(s.texs);
	res->loaded = xcalloc(s.nmods ? s.nmods : 1, sizeof *res->loaded);
	res->units = xcalloc(s.nmods ? s.nmods : 1, sizeof *res->units);
	for (uint32_t m = 0; m < s.nmods; m++) {
		res->loaded[m] = s.mods[m].l;
		res->units[m] = s.mods[m].unit;
		free(s.mods[m].ks);
	}
	res->nloaded = s.nmods;
	free(s.mods);
	if (serr.msg[0]) {
		*err = serr;
		return err->status;
	}
	return 0;
}
