/*
** evaluate.c: runs the search's candidates (search_int.h): one on a
** worker's memory and model, a batch on the worker threads, and what its
** faults mean for the contract.
*/
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "detect/analyse.h"
#include "evolve/params.h"
#include "evolve/search_int.h"
#include "memmodel/mem.h"
#include "base/util.h"

#define FILL_MIN_ELEMS 4096	/* elements a searched buffer starts with */
#define MIN_WARP_STEPS 1000	/* a warp's share of the budget is never below */
#define HOST_WARP_STEPS 100000	/* a warp of a host launch may always execute */
#define REAL_WARP_STEPS_MAX (UINT64_C(1) << 24)	/* a real-size launch's warp at most */
#define GIVE_BACK_AT (UINT64_C(16) << 20)	/* memory of a launch whose end gives the heap back */

int evolve_is_contract_fault(enum finding_kind k)
{
	return (finding_kind_flags(k) & FKF_CONTRACT_FAULT) != 0;
}

/* Whether out-of-bounds finding F is a finding even under the search: the
** access left a shared array (static or dynamic: its size is the kernel's
** or the launch's, never made up by the search) or a buffer whose size the
** user pinned (allocation BOUNDED[0..NB)), a surface left below zero, or
** no launch could avoid it:
** an index below 0 that depends on no scalar argument and no data (a[i - 1]
** at thread 0), an access past the largest unsized buffer (of M) at an
** index no scalar or data gives, or
** a local array at a constant index; or a device heap block's (the kernel
** chose its size): out of its bounds, used after free, freed twice, and a
** free of a live allocation that malloc did not return.  Anything else (a
** local array at an index the launch gives, an alloca too large) puts the
** launch outside the contract. */
static int oob_is_finding(const struct finding *f, const struct mem *m, const uint32_t *bounded,
			  uint32_t nb)
{
	uint32_t id = MEM_ID(f->addr);
	if (f->kind == FK_INVALID_PTR && f->addr != 0 && id < m->n
	    && (m->a[id].heap || m->a[id].live))
		return 1;
	if (f->kind != FK_OOB || f->addr == 0 || f->where == NULL)
		return 0;
	if (f->outside_any)
		return 1;
	/* below a shared array: as long as the index depends on no block
	** shape either (a scan's stride that is 0 when blockDim.x is not a
	** power of two: the shape is the kernel's contract) */
	const uint16_t shape = DEP_NTID_X | DEP_NTID_Y | DEP_NTID_Z | DEP_NCTAID;
	if (f->space == AS_SHARED)
		return f->index >= 0 || !(f->dep & (DEP_PARAM | DEP_DATA | shape));
	/* past every buffer the search could size: unless the index comes
	** from a scalar or data (n - 1 - i with n < 0 wraps there too) */
	if (id < m->n && (m->a[id].heap || (m->a[id].sparse && f->index >= 0
					    && !(f->dep & (DEP_PARAM | DEP_DATA)))))
		return 1;
	if ((f->index < 0 && !(f->dep & (DEP_PARAM | DEP_DATA)))
	    || (f->space == AS_LOCAL && f->dep == 0))
		return 1;
	for (uint32_t i = 0; i < nb; i++)
		if (f->space == AS_GLOBAL && MEM_ID(f->addr) == bounded[i])
			return 1;
	return 0;
}

/* ---- evaluation -------------------------------------------------------- */

/* *T, a default texture or surface (extents the search made up), grown to
** cover C's threads: a 1-D one every thread of the launch, else each
** dimension the grid's threads along it (an inference probe's retry,
** evolve_cand sized). */
static void sized_tex(struct tex_desc *t, const struct evolve_cand *c)
{
	uint64_t along[3] = {
		(uint64_t)c->grid.x * c->block.x, (uint64_t)c->grid.y * c->block.y,
		(uint64_t)c->grid.z * c->block.z,
	};
	if (t->ndims == 1)
		along[0] = search_threads_of(c);
	for (unsigned d = 0; d < t->ndims && d < 3; d++)
		if (along[d] > t->dim[d] && along[d] <= UINT32_MAX)
			t->dim[d] = (uint32_t)along[d];
}

/* Copies SRC[0..N) to the start of sparse allocation ID a page at a time
** (mem_write goes byte by byte through the page table). */
static void fill_sparse(struct mem *m, uint32_t id, const uint8_t *src, uint64_t n)
{
	for (uint64_t off = 0; off < n;) {
		enum mem_fault f = MF_NONE;
		uint8_t *d = mem_ptr(m, MEM_PTR(id, off), 1, 1, &f);
		uint64_t k = MEM_PAGE_SIZE - (off & (MEM_PAGE_SIZE - 1));
		if (d == NULL)
			return;
		if (k > n - off)
			k = n - off;
		memcpy(d, src + off, k);
		off += k;
	}
}

/* Whether C's block is the one the kernel's __launch_bounds__ (.maxntid,
** every thread it allows) or .reqntid asks for: a launch at its header's
** full size. */
static int bounds_block(const struct evolve_problem *pb, const struct evolve_cand *c)
{
	uint64_t bt = (uint64_t)c->block.x * c->block.y * c->block.z;
	if (pb->max_block_threads && bt == pb->max_block_threads)
		return 1;
	return pb->block_lo.x == pb->block_hi.x && pb->block_lo.y == pb->block_hi.y
	       && pb->block_lo.z == pb->block_hi.z && pb->block_lo.x > 1
	       && c->block.x == pb->block_lo.x && c->block.y == pb->block_lo.y
	       && c->block.z == pb->block_lo.z;
}

/* The magnitude of integer scalar BITS of element type ET (two's
** complement for a signed type); *NEG (if not NULL): whether negative. */
static uint64_t magnitude(uint64_t bits, uint8_t et, int *neg)
{
	unsigned w = elem_size(et) * 8;
	uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	uint64_t v = bits & mask;
	int n = elem_is_signed(et) && (v >> (w - 1)) & 1;
	if (neg)
		*neg = n;
	return n ? (~v + 1) & mask : v;
}

/*
** The per-warp step budget of a launch at its real size (a host site's,
** or the block its header asks for): 64 instructions per unit of the
** work a thread of it may do, where a unit is a row of its largest
** buffer (sqrt(E) elements: a matrix row or column a thread walks, as
** matrixMul's k loop) plus the elements of that buffer each thread covers
** (32 E / T for a warp: a grid-stride loop over the whole buffer, with
** the grid the thread cap left).  Never below HOST_WARP_STEPS, never
** above REAL_WARP_STEPS_MAX.  E: elements of the largest buffer (for a
** host launch, as its host code sizes it, even past what the search
** allocates: a row of 50,257 floats in a buffer of 8,192 rows), or the
** largest value the kernel's comparisons named for the launch (c->named)
** when that is larger, T: the launch's threads; and for a host launch, at
** least 64 instructions a unit of its largest integer scalar (the bound
** of a thread's loop, as the program passes it).
*/
static uint64_t real_size_steps(const struct evolve_problem *pb, const struct evolve_cand *c)
{
	uint64_t e = 0, t = search_threads_of(c);
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		uint64_t n = pa->kind != EVOLVE_BUFFER ? 0 : pa->tex || pa->pinned ? pa->elems : c->elems[i];
		if (n > e)
			e = n;
	}
	if (c->named > e)
		e = c->named;
	if (c->host_elems > e)
		e = c->host_elems;
	uint64_t r = (uint64_t)sqrt((double)e);
	uint64_t steps = 64 * (r + 32 * e / (t ? t : 1));
	/* a host launch's integer scalars, as the program passes them: a
	** loop's bound (`for (k = 0; k < n; k++)`), 64 instructions a trip */
	for (uint32_t i = 0; c->site >= 0 && i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		if (pa->kind != EVOLVE_SCALAR || elem_is_float(pa->et) || elem_size(pa->et) == 0)
			continue;
		uint64_t v = magnitude(c->bits[i], pa->et, NULL);
		if (v < REAL_WARP_STEPS_MAX / 64 && 64 * v > steps)
			steps = 64 * v;
		else if (v >= REAL_WARP_STEPS_MAX / 64)
			steps = REAL_WARP_STEPS_MAX;
	}
	return steps < HOST_WARP_STEPS ? HOST_WARP_STEPS : steps > REAL_WARP_STEPS_MAX
	       ? REAL_WARP_STEPS_MAX : steps;
}


/* Candidate C did not run to its end: the time limit stopped it or came
** first.  It says nothing: no findings, no barriers, never the best. */
void search_cut_short(struct evolve_cand *c)
{
	findings_free(&c->fs);
	free(c->bars);
	c->bars = NULL;
	c->nbars = 0;
	c->rejected = EVOLVE_CUT;
	c->f = c->r = 2;
	c->work = 0;
}

/* The most values a launch's comparisons are watched for. */
#define I2S_WATCH_MAX 32

static uint32_t i2s_watch(const struct evolve_problem *pb, const struct evolve_cand *c,
			  uint64_t *watch, int32_t *what, uint8_t *fp);

/* Below this a scalar is not shrunk (search_shrink_child): a size that
** small is no launch's reason to be cut. */
#define SHRINK_FLOOR 64

/*
** A child of PARENT, a launch its work budget cut (evolve_cand
** work_cut), smaller where its work came from: each integer scalar its
** comparisons read (the bound of a loop `i < n`, as the cmp log has it)
** whose magnitude is above SHRINK_FLOOR takes the square root of it,
** its sign kept (2^31 becomes 46,340, then 215); with no such scalar,
** the grid's x takes an eighth of it.  A host launch keeps the host's
** values.  Returns 0 when nothing shrinks (*C unallocated then).  The
** child takes no step further (i2s) and names no size.
*/
int search_shrink_child(const struct space *s, const struct evolve_cand *parent,
			struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	if (parent->site >= 0)
		return 0;
	uint64_t watch[I2S_WATCH_MAX];
	int32_t what[I2S_WATCH_MAX];
	uint8_t fp[I2S_WATCH_MAX];
	uint32_t nw = i2s_watch(pb, parent, watch, what, fp);
	uint8_t read[I2S_WATCH_MAX] = { 0 };
	for (uint32_t j = 0; j < parent->cmp.n; j++)
		if (parent->cmp.e[j].watch < nw)
			read[parent->cmp.e[j].watch] = 1;
	int shrunk = 0;
	search_cand_copy(c, parent, pb);
	for (uint32_t j = 0; j < nw; j++) {
		struct scalar_ref sr;
		if (!read[j] || what[j] < 0 || fp[j]
		    || !search_scalar_ref(pb, (uint32_t)what[j], &sr) || sr.nenums)
			continue;
		unsigned bits = elem_size(sr.et) * 8;
		uint64_t mask = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
		int neg;
		uint64_t mag = magnitude(c->bits[what[j]], sr.et, &neg);
		if (mag <= SHRINK_FLOOR)
			continue;
		mag = (uint64_t)sqrt((double)mag);
		c->bits[what[j]] = (neg ? ~mag + 1 : mag) & mask;
		shrunk = 1;
	}
	if (!shrunk && c->grid.x / 8 >= s->glo[0] && c->grid.x >= 8) {
		c->grid.x /= 8;
		shrunk = 1;
	}
	if (!shrunk) {
		search_cand_free(c);
		memset(c, 0, sizeof *c);
		return 0;
	}
	search_clamp(s, c);
	return 1;
}

/*
** Input-to-state (the fuzzing literature's name): the values a launch's
** comparisons are watched for, into WATCH: C's six launch dimensions
** (block x, y, z, grid x, y, z), then the bits of each integer or
** floating-point scalar the search sets, parameters and then struct
** fields; *WHAT of each is -1 - d for dimension d, else the scalar's index
** in the candidate's bits, and *FP its width when it is a float (else 0).
** Returns how many.
*/
static uint32_t i2s_watch(const struct evolve_problem *pb, const struct evolve_cand *c,
			  uint64_t *watch, int32_t *what, uint8_t *fp)
{
	uint32_t n = 0;
	const uint32_t dims[6] = { c->block.x, c->block.y, c->block.z, c->grid.x, c->grid.y,
				   c->grid.z };
	for (int d = 0; d < 6; d++) {
		watch[n] = dims[d];
		fp[n] = 0;
		what[n++] = -1 - d;
	}
	uint32_t nb = search_nbits(pb);
	for (uint32_t k = 0; k < nb && n < I2S_WATCH_MAX; k++) {
		struct scalar_ref sr;
		if (!search_scalar_ref(pb, k, &sr))
			continue;
		watch[n] = c->bits[k];
		fp[n] = elem_is_float(sr.et) ? (uint8_t)(elem_size(sr.et) * 8) : 0;
		what[n++] = (int32_t)k;
	}
	return n;
}

/* The smallest power of two at least V (at least 1). */
static uint64_t pow2_at_least(uint64_t v)
{
	uint64_t p = 1;
	while (p < v && p < (UINT64_C(1) << 62))
		p <<= 1;
	return p;
}

/*
** A child of PARENT, whose latest failed comparison compared no watched
** value but one computed from them (n % blockDim.x == 0, a power of two
** (n & (n - 1)) == 0): one integer scalar takes a simple relation to the
** launch, the rest of PARENT kept.  PICK chooses which scalar and which
** relation, in turn over the calls: n rounded up to a multiple of
** blockDim.x, up to a power of two, or set to blockDim.x or to gridDim.x *
** blockDim.x.  (Block shapes need none: the strata draw powers of two and
** whole warps first.)  Returns 0 when no scalar is searched (*C
** unallocated then).  It takes no step further (i2s): the relation is a
** guess, not a value the kernel named.
*/
static int relation_child(const struct space *s, const struct evolve_cand *parent, uint32_t pick,
			  struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	uint32_t tg[I2S_WATCH_MAX], nt = 0, nb = search_nbits(pb);
	for (uint32_t k = 0; k < nb && nt < I2S_WATCH_MAX; k++) {
		struct scalar_ref sr;
		if (search_scalar_ref(pb, k, &sr) && !elem_is_float(sr.et) && sr.nenums == 0)
			tg[nt++] = k;
	}
	if (nt == 0)
		return 0;
	uint32_t t = tg[pick % nt], r = pick / nt;
	search_cand_copy(c, parent, pb);
	c->named = parent->named;
	uint64_t bx = parent->block.x, thr = bx * parent->grid.x;
	struct scalar_ref sr;
	search_scalar_ref(pb, t, &sr);
	unsigned bits = elem_size(sr.et) * 8;
	uint64_t mask = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
	uint64_t v = c->bits[t] & mask;
	if (elem_is_signed(sr.et) && (v >> (bits - 1)) & 1)
		v = 0;	/* negative: from 1 up */
	if (v == 0)
		v = 1;
	switch (r % 4) {
	case 0: v = (v + bx - 1) / bx * bx; break;
	case 1: v = pow2_at_least(v); break;
	case 2: v = bx; break;
	default: v = thr; break;
	}
	c->bits[t] = v & mask;
	return 1;
}

/*
** A child of PARENT, a launch the kernel rejected at a failed assert,
** precondition or trap, that takes the value its latest comparison that
** came out false (before the fault, the faulting thread's) names for a
** watched dimension or scalar: the value compared with, or beside it for
** an order; when that comparison compared no watched value, a relation
** (relation_child, PICK choosing which).  Returns 0 when there is none to
** try (a host launch, no such comparison, a dimension the search keeps
** fixed or outside its bounds); *C is left unallocated then.
*/
int search_i2s_child(const struct space *s, const struct evolve_cand *parent, uint32_t pick,
		     struct evolve_cand *c)
{
	const struct evolve_problem *pb = s->pb;
	const struct cmp_log *lg = &parent->cmp;
	if (parent->site >= 0)
		return 0;
	if (lg->unnamed)
		return relation_child(s, parent, pick, c);
	if (!lg->failed)
		return 0;
	uint64_t watch[I2S_WATCH_MAX];
	int32_t what[I2S_WATCH_MAX];
	uint8_t fp[I2S_WATCH_MAX];
	uint32_t nw = i2s_watch(pb, parent, watch, what, fp);
	uint32_t e = lg->last;
	if (lg->e[e].watch >= nw)
		return 0;
	uint64_t v = lg->e[e].other;
	int32_t t = what[lg->e[e].watch];
	if (t < 0) {
		int d = -1 - t, i = d % 3, grid = d >= 3;
		uint32_t lo = grid ? s->glo[i] : s->blo[i], hi = grid ? s->ghi[i] : s->bhi[i];
		if (lo == hi || v < lo || v > hi)
			return 0;
		search_cand_copy(c, parent, pb);
		c->named = parent->named;
		*search_dim_of_c(c, d) = (uint32_t)v;
		search_clamp(s, c);
		c->i2s = parent->i2s < UINT8_MAX ? parent->i2s + 1 : UINT8_MAX;
		return 1;
	}
	struct scalar_ref sr;
	search_scalar_ref(pb, (uint32_t)t, &sr);
	unsigned bits = elem_size(sr.et) * 8;
	uint64_t mask = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
	/* exactly the value named, not clamped to the range the search
	** draws from (a precondition optN == 4000000) */
	search_cand_copy(c, parent, pb);
	c->bits[t] = v & mask;
	c->i2s = parent->i2s < UINT8_MAX ? parent->i2s + 1 : UINT8_MAX;
	/* a size the kernel names for itself: the launch is a real size's */
	uint64_t mag = v & mask;
	if (elem_is_float(sr.et))
		mag = 0;
	else if (elem_is_signed(sr.et) && bits < 64 && (mag >> (bits - 1)) & 1)
		mag = 0;	/* negative: no size */
	else if (elem_is_signed(sr.et) && bits == 64 && (int64_t)mag < 0)
		mag = 0;
	c->named = parent->named > mag ? parent->named : mag;
	return 1;
}

/* Whether candidate C never ran to its end: cut by the time limit, or a
** launch CUDA refuses. */
int search_said_nothing(const struct evolve_cand *c)
{
	return c->rejected == EVOLVE_CUT || c->rejected == EVOLVE_REFUSED;
}

/* What decides whether a launch the search ran is analysed: its
** candidate, and the buffers whose bounds are real (oob_is_finding). */
struct contract_gate {
	struct evolve_cand *c;
	const uint32_t *bounded;
	uint32_t nbounded;
};

/* analyse_launch's gate for a launch that ran to its end: sets the
** candidate's rejected to the kind of its first fault outside the
** kernel's contract; lets the detectors run when there is none. */
static int within_contract(void *ctx, const struct findings *fs, const struct mem *m)
{
	struct contract_gate *g = ctx;
	for (uint32_t i = 0; i < fs->n && g->c->rejected < 0; i++)
		if (evolve_is_contract_fault(fs->v[i].kind)
		    && !oob_is_finding(&fs->v[i], m, g->bounded, g->nbounded))
			g->c->rejected = (int)fs->v[i].kind;
	return g->c->rejected < 0;
}

/* Runs candidate C on W's model and memory: fills C's fitness, rejected,
** touched and work, its findings (for a rejected candidate, what it found
** up to its fault) and its barrier verdicts (none for a rejected one). */
void search_evaluate(const struct evolve_problem *pb, struct worker *w, struct evolve_cand *c)
{
	if (stop_signal_seen || (w->deadline > 0 && mono_seconds() >= w->deadline)) {
		search_cut_short(c);
		return;
	}
	if (c->refused) {
		search_cut_short(c);
		c->rejected = EVOLVE_REFUSED;
		return;
	}
	const struct program *p = pb->prog;
	/* a segment sized to the launch's own use (rule 11): the largest the
	** search gives, then what the launch reached of it */
	const int seg_fit = c->seg_fit && c->site < 0 && !pb->base;
	if (seg_fit)
		c->dyn_shared = SEARCH_SHARED_LIMIT;
	struct mem m;
	uint64_t *args = xcalloc(pb->nslots ? pb->nslots : 1, sizeof *args);
	uint32_t *alloc = xcalloc(pb->nparams ? pb->nparams : 1, sizeof *alloc);
	uint32_t *bounded = xcalloc(pb->nparams ? pb->nparams : 1, sizeof *bounded);
	uint32_t nbounded = 0;
	mem_pool_enter(w->pool);
	if (pb->base) {
		/* the program's memory, its buffers' contents as C's fills say;
		** the copy's bytes are held from the pool like any others */
		nbounded = search_base_setup(pb, c, &m, args, alloc, &bounded);
		m.pool = w->pool;
		mem_pool_add(w->pool, m.used);
	} else {
		mem_init(&m);
		m.limit = pb->max_memory;
		m.pool = w->pool;
		interp_mem_setup(p, &m, c->dyn_shared);
	}
	/* a retry's own texture extents: the allocations point at them */
	struct tex_desc *texs = c->sized ? xcalloc(pb->nparams ? pb->nparams : 1, sizeof *texs) : NULL;
	/* blocks alike run as few, standing for the grid (the counts scale) */
	uint64_t nblocks = (uint64_t)c->grid.x * c->grid.y * c->grid.z;
	double scale = w->alike && nblocks > w->alike ? (double)nblocks / w->alike : 1;
	uint64_t fill_elems = (uint64_t)((double)search_threads_of(c) / scale) * 4;
	if (fill_elems < FILL_MIN_ELEMS)
		fill_elems = FILL_MIN_ELEMS;
	for (uint32_t i = 0; i < pb->nparams && !pb->base; i++) {
		const struct evolve_param *pa = &pb->params[i];
		uint64_t field_ptr = 0;	/* a pointer field's: set below */
		uint64_t *slot = pa->owner ? &field_ptr : &args[pa->slot];
		if (pa->kind == EVOLVE_SCALAR) {
			*slot = c->bits[i];
		} else if (pa->kind == EVOLVE_FIXED) {
			const uint64_t *fb = &c->bits[pb->nparams + pa->fbase];
			if (pa->bytes) {
				uint32_t id = mem_new(&m, AS_PARAM, pa->nbytes, "param");
				memcpy(m.a[id].data, pa->bytes, pa->nbytes);
				for (uint32_t j = 0; j < pa->nfields; j++) {
					unsigned n = elem_size(pa->field_type[j]);
					if (pa->field_type[j] != ET_U64 && pa->field_off[j] + n <= pa->nbytes)
						memcpy(m.a[id].data + pa->field_off[j], &fb[j], n);
				}
				m.a[id].readonly = 1;
				*slot = MEM_PTR(id, 0);
				alloc[i] = id;
			} else {
				memcpy(slot, pa->slots, pa->nslots * sizeof *slot);
				for (uint32_t j = 0; j < pa->nfields && j < pa->nslots; j++)
					if (pa->field_type[j] != ET_U64)
						slot[j] = fb[j];
			}
		} else if (pa->same_as) {
			continue;	/* below, once its array exists */
		} else {
			unsigned es = elem_size(pa->et);
			/* a texture's extents are its descriptor's, a pinned
			** buffer's the user's, else the host's cudaMalloc's */
			uint64_t n = pa->tex || pa->pinned ? pa->elems : c->elems[i];
			const struct tex_desc *tex = pa->tex;
			if (texs && pa->tex && !pa->tex_given) {
				texs[i] = *pa->tex;
				sized_tex(&texs[i], c);
				tex = &texs[i];
				n = tex_texels(tex) * tex->nch;
			}
			uint32_t id;
			if (n != 0) {
				id = mem_new(&m, AS_GLOBAL, n * es, pa->label);
				/* the bound is real, but a default texture's made-up extents */
				if (!pa->tex || pa->tex_given)
					bounded[nbounded++] = id;
				if (pa->pinned && pa->image)
					memcpy(m.a[id].data, pa->image, n * es);
				else if (!pa->pinned && c->fill[i].kind != FILL_ZERO)
					evolve_fill_run(&c->fill[i], pa->et, m.a[id].data, n);
				m.a[id].tex = tex;
				/* what the user declares, or the host never wrote,
				** starts unwritten */
				if (!pa->tex)
					m.a[id].uninit = (uint8_t)(pa->pinned ? pa->uninit
								   : evolve_host_uninit(pb, c, i));
			} else {
				id = mem_new_sparse(&m, AS_GLOBAL, pa->label);
				if (!pa->pinned && c->fill[i].kind != FILL_ZERO) {
					uint8_t *tmp = xmalloc(fill_elems * es);
					evolve_fill_run(&c->fill[i], pa->et, tmp, fill_elems);
					fill_sparse(&m, id, tmp, fill_elems * es);
					free(tmp);
					m.a[id].size = 0;	/* count what the kernel touches */
				}
			}
			m.a[id].elem = pa->et;
			m.a[id].elem_size = es;
			if (pa->inner)
				params_inner(&m, id, pa->inner, pa->inner_labels,
					     c->sized ? search_threads_of(c) : 0);
			alloc[i] = id;
			*slot = MEM_PTR(id, 0);
		}
	}
	for (uint32_t i = 0; i < pb->nparams && !pb->base; i++)
		if (pb->params[i].kind == EVOLVE_BUFFER && pb->params[i].same_as) {
			alloc[i] = alloc[pb->params[i].same_as - 1];
			args[pb->params[i].slot] = MEM_PTR(alloc[i], 0);
		}
	/* a struct's pointer fields point at their buffers */
	for (uint32_t i = 0; i < pb->nparams && !pb->base; i++) {
		const struct evolve_param *pa = &pb->params[i];
		if (pa->kind != EVOLVE_BUFFER || pa->owner == 0)
			continue;
		const struct evolve_param *o = &pb->params[pa->owner - 1];
		uint64_t v = MEM_PTR(alloc[i], 0);
		if (o->bytes)
			memcpy(m.a[alloc[pa->owner - 1]].data + o->field_off[pa->field], &v, 8);
		else
			args[o->slot + pa->field] = v;
	}
	struct launch_cfg cfg = { 0 };
	cfg.grid = c->grid;
	cfg.block = c->block;
	if (scale > 1)
		cfg.grid = (struct dim3){ w->alike, 1, 1 };
	/* a host launch past the thread budget: its first blocks, which read
	** the program's gridDim (a grid-stride loop keeps its stride) */
	if (c->site >= 0 && (c->shrunk & EVOLVE_SHRUNK_BLOCKS) && c->grid.x <= c->host_grid.x
	    && c->grid.y <= c->host_grid.y && c->grid.z <= c->host_grid.z)
		cfg.grid_dim = c->host_grid;
	cfg.dyn_shared = c->dyn_shared;
	uint64_t nwarps = (uint64_t)c->grid.x * c->grid.y * c->grid.z
			  * (((uint64_t)c->block.x * c->block.y * c->block.z + 31) / 32);
	cfg.max_steps = pb->max_steps;
	if (cfg.max_steps == 0) {
		cfg.max_steps = (c->budget ? c->budget : pb->step_budget) / (nwarps ? nwarps : 1);
		if (cfg.max_steps < MIN_WARP_STEPS)
			cfg.max_steps = MIN_WARP_STEPS;
		/* a launch the program makes, the block its header asks
		** for, or a size its own comparisons named, is only cut
		** short when it loops: its warps may do the work its data
		** asks for */
		if (c->site >= 0 || bounds_block(pb, c) || c->named) {
			uint64_t floor = real_size_steps(pb, c);
			if (cfg.max_steps < floor)
				cfg.max_steps = floor;
		}
	}
	cfg.seed = pb->seed;
	cfg.print_out = w->devnull;
	cfg.mam = w->mam;
	/* costed only where warps are runs of threadIdx.x, as a kernel's
	** author lays them out: a block of whole warps in x, or a line of
	** threads (a 2 x 32 block's warps stride rows by construction) */
	cfg.perf = (c->block.y == 1 && c->block.z == 1) || c->block.x % 32 == 0;
	cfg.lockstep = pb->model == MAM_LOCKSTEP;
	cfg.device = pb->device;
	cfg.no_prune = (uint8_t)pb->no_prune;
	cfg.fitness = 1;
	if (c->shared.kind != FILL_ZERO) {
		cfg.shared_init = evolve_fill_shared;
		cfg.shared_ctx = &c->shared;
	}
	/* a launch that breaks its contract is discarded: stop it there */
	cfg.stop_kinds = 1u << FK_ASSERT | 1u << FK_TRAP | 1u << FK_STEP_BUDGET | 1u << FK_MEMORY_BUDGET;
	cfg.deadline = w->deadline;
	/* a launch the program made keeps its size: the work is its own */
	cfg.max_work = pb->base ? 0 : pb->launch_work;
	/* a host launch past its work budget, or the clock, checks its first
	** blocks (as one past the thread budget) rather than nothing */
	cfg.partial_ok = (uint8_t)(c->site >= 0 && !pb->base && scale <= 1);
	struct launch_stats ls = { 0 };
	cfg.stats = &ls;
	struct sim_error err = { 0 };
	findings_free(&c->fs);
	free(c->bars);
	c->bars = NULL;
	c->nbars = 0;
	c->rejected = -1;
	/* the comparisons of a launch the search makes up (not a host
	** launch, whose values come from the host code) */
	uint64_t watch[I2S_WATCH_MAX];
	int32_t what[I2S_WATCH_MAX];
	uint8_t fp[I2S_WATCH_MAX];
	memset(&c->cmp, 0, sizeof c->cmp);
	free(c->reached);
	c->reached = p->nsites ? xcalloc(p->nsites, 1) : NULL;
	cfg.reached = c->reached;
	if (c->site < 0) {
		cfg.nwatch = i2s_watch(pb, c, watch, what, fp);
		cfg.watch = watch;
		cfg.watch_fp = fp;
		cfg.cmplog = &c->cmp;
	}
	/* a launch outside the contract is discarded: nothing is detected on it */
	struct contract_gate gate = { c, bounded, nbounded };
	struct analyse_options ao = { .model = pb->model, .gate = within_contract,
				      .gate_ctx = &gate, .keep_bars = 1 };
	struct analyse_result ar;
	if (analyse_launch(p, pb->func, args, &m, &cfg, &ao, &c->fs, &ar, &err) < 0)
		c->rejected = FK__COUNT;
	if (ls.partial && !ar.timed_out && !ar.work_cut) {
		/* the program's first blocks ran, the rest of its grid as
		** gridDim says: a launch the program makes still */
		c->grid = ls.ran;
		c->shrunk |= EVOLVE_SHRUNK_BLOCKS;
	}
	c->work = (uint64_t)((double)ls.warp_insns * scale);
	struct mam_stats mst;
	mam_get_stats(w->mam, &mst);
	c->pool_stopped = m.pool_refused || mst.pool_refused;
	/* Simulee's F and R, over every access (pruned or in the model); of
	** blocks alike, as the whole grid would count them: global words
	** are the same words, shared words and accesses are per block */
	double units = (double)(ls.units - ls.shared_units) + (double)ls.shared_units * scale;
	double accesses = (double)ls.unit_accesses * scale;
	c->f = ls.unit_accesses ? units / accesses : 1.0;
	c->r = units;
	c->dyn_high = ls.dyn_high;
	if (seg_fit)
		c->dyn_shared = (ls.dyn_high + 3) & ~(uint64_t)3;
	for (uint32_t i = 0; i < pb->nparams; i++)
		if (pb->params[i].kind == EVOLVE_BUFFER) {
			unsigned es = elem_size(pb->params[i].et);
			c->touched[i] = (m.a[alloc[i]].size + es - 1) / es;
		}
	/* a rejected launch keeps what it found before it ended: the probes
	** read it (an access past an array's end, then a wild pointer), and
	** search_host_fault may report its fault; only accepted launches are merged */
	if (ar.timed_out) {
		/* the clock stopped it: nothing was detected */
		search_cut_short(c);
	} else if (ar.work_cut) {
		/* too large for its budget: nothing was detected, and its line
		** tries smaller sizes (search_shrink_child) */
		search_cut_short(c);
		c->work_cut = 1;
	} else if (ar.analysed) {
		c->bars = ar.bars;
		c->nbars = ar.nbars;
	}
	free(bounded);
	free(alloc);
	free(args);
	uint64_t held = m.used;
	mem_free(&m);
	free(texs);
	mem_pool_leave(w->pool);
	if (held >= GIVE_BACK_AT)
		heap_give_back();
}

/* A batch of candidates shared by the worker threads. */
struct batch {
	const struct evolve_problem *pb;
	struct evolve_cand *cands;
	uint32_t n;
	uint32_t next;		/* the next candidate to take */
	pthread_mutex_t lock;
};

struct thread_arg {
	struct batch *b;
	struct worker *w;
};

static void *work(void *arg)
{
	struct thread_arg *t = arg;
	struct batch *b = t->b;
	for (;;) {
		pthread_mutex_lock(&b->lock);
		uint32_t i = b->next++;
		pthread_mutex_unlock(&b->lock);
		if (i >= b->n)
			break;
		search_evaluate(b->pb, t->w, &b->cands[i]);
	}
	/* nothing left to take: the shadow of this worker's last launch goes
	** back to the pool now, not at its next launch, or the launches still
	** running alone (never refused) draw on top of it */
	mam_trim(t->w->mam);
	return NULL;
}

/* Evaluates CANDS[0..N) on the workers; the results do not depend on
** which worker ran what, nor on how many ran at once: a candidate the
** memory pool stopped (pool_stopped) runs again afterwards alone, with
** the other workers' storage given back first, so the pool never refuses
** it.  Returns how many ran again. */
uint32_t search_run_batch(const struct evolve_problem *pb, struct worker *ws, unsigned nw,
			  struct evolve_cand *cands, uint32_t n)
{
	struct batch b = { pb, cands, n, 0, PTHREAD_MUTEX_INITIALIZER };
	unsigned nt = nw < n ? nw : n;
	if (nt <= 1) {
		for (uint32_t i = 0; i < n; i++)
			search_evaluate(pb, &ws[0], &cands[i]);
		return 0;
	}
	pthread_t *th = xcalloc(nt, sizeof *th);
	struct thread_arg *ta = xcalloc(nt, sizeof *ta);
	unsigned started = 0;
	for (unsigned i = 1; i < nt; i++) {
		ta[i].b = &b;
		ta[i].w = &ws[i];
		if (pthread_create(&th[i], NULL, work, &ta[i]) != 0)
			break;
		started = i;
	}
	ta[0].b = &b;
	ta[0].w = &ws[0];
	work(&ta[0]);
	for (unsigned i = 1; i <= started; i++)
		pthread_join(th[i], NULL);
	pthread_mutex_destroy(&b.lock);
	free(ta);
	free(th);
	uint32_t again = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (!cands[i].pool_stopped)
			continue;
		if (again++ == 0) {
			for (unsigned k = 1; k < nt; k++)
				mam_trim(ws[k].mam);
			heap_give_back();
		}
		search_evaluate(pb, &ws[0], &cands[i]);
	}
	return again;
}
