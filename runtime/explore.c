/*
** explore.c: see explore.h.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evolve/driver.h"
#include "runtime/explore.h"

/* ---- keeping the launches ------------------------------------------------ */

static uint64_t key_hash(const uint8_t *k, uint32_t n)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (uint32_t i = 0; i < n; i++)
		h = (h ^ k[i]) * UINT64_C(0x100000001b3);
	return h;
}

struct key_probe {
	const struct rt_explore *x;
	const uint8_t *key;
	uint32_t len;
};

static uint64_t shape_hash_at(const void *ctx, uint32_t idx)
{
	const struct key_probe *q = ctx;
	return key_hash(q->x->shapes[idx].key, q->x->shapes[idx].len);
}

static int shape_eq(const void *ctx, uint32_t idx)
{
	const struct key_probe *q = ctx;
	const struct rt_shape *s = &q->x->shapes[idx];
	return s->len == q->len && memcmp(s->key, q->key, q->len) == 0;
}

static void put(uint8_t **k, uint32_t *n, uint32_t *cap, const void *v, uint32_t len)
{
	if (*n + len > *cap) {
		*cap = (*n + len) * 2;
		*k = xrealloc(*k, *cap);
	}
	memcpy(*k + *n, v, len);
	*n += len;
}

/*
** What makes a launch of kernel KERNEL (function F, on memory M)
** distinct: its kernel, grid, block and dynamic shared size, then per
** parameter the size of the allocation a pointer points into and the
** offset (not its address: the same launch on the other of two buffers
** is of the same kind), a by-value struct's bytes, else its slots.
** Newly allocated, *LEN bytes.
*/
static uint8_t *launch_key(const struct mem *m, const struct func *f, uint32_t kernel,
			   struct dim3 grid, struct dim3 block, uint64_t dyn, const uint64_t *slots,
			   uint32_t *len)
{
	uint8_t *k = NULL;
	uint32_t n = 0, cap = 0;
	uint32_t dims[7] = { kernel, grid.x, grid.y, grid.z, block.x, block.y, block.z };
	put(&k, &n, &cap, dims, sizeof dims);
	put(&k, &n, &cap, &dyn, sizeof dyn);
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		const uint64_t *v = &slots[f->param_slot[i] - f->param_slot[0]];
		uint32_t id = MEM_ID(*v);
		int known = id > 0 && id < m->n && m->a[id].live;
		if (pa->is_ptr && !pa->byval && pa->nfields == 0 && known) {
			uint64_t sz[2] = { m->a[id].size, MEM_OFF(*v) };
			put(&k, &n, &cap, sz, sizeof sz);
		} else if (pa->byval && known && m->a[id].data) {
			put(&k, &n, &cap, m->a[id].data, (uint32_t)m->a[id].size);
		} else {
			put(&k, &n, &cap, v, pa->nslots * (uint32_t)sizeof *v);
		}
	}
	*len = n;
	return k;
}

/* See explore.h: a launch of a new kind is counted in x->st.shapes, and
** kept (its slots and a copy of M) unless its kernel has its
** RT_EXPLORE_SHAPES or the memory is past the limits, which are counted. */
uint32_t rt_explore_note(struct rt_explore *x, const struct loaded *l, uint32_t module,
			 uint32_t kernel, uint32_t id, const struct mem *m, struct dim3 grid,
			 struct dim3 block, uint64_t dyn_shared, const uint64_t *slots, uint32_t run,
			 const uint64_t *frames, uint32_t nframes)
{
	const struct func *f = &l->prog->funcs[l->kernels[kernel].func];
	uint32_t len;
	uint8_t *key = launch_key(m, f, id, grid, block, dyn_shared, slots, &len);
	struct key_probe q = { x, key, len };
	uint32_t *slot = htab_slot(&x->t, key_hash(key, len), shape_eq, shape_hash_at, &q);
	if (*slot != 0) {
		free(key);
		return UINT32_MAX;	/* a launch of a kind seen before */
	}
	VEC_PUSH(x->shapes, x->nshapes, x->capshapes, ((struct rt_shape){ id, len, key }));
	htab_set(&x->t, slot, x->nshapes - 1);
	x->st.shapes++;
	if (id >= x->nper) {
		x->per_kernel = xrealloc(x->per_kernel, (id + 1) * sizeof *x->per_kernel);
		memset(x->per_kernel + x->nper, 0, (id + 1 - x->nper) * sizeof *x->per_kernel);
		x->nper = id + 1;
	}
	if (x->per_kernel[id] >= RT_EXPLORE_SHAPES) {
		x->st.over_cap++;
		return UINT32_MAX;
	}
	if (m->used > RT_EXPLORE_BYTES || x->bytes + m->used > RT_EXPLORE_TOTAL) {
		x->st.too_large++;
		return UINT32_MAX;
	}
	x->per_kernel[id]++;
	x->bytes += m->used;
	struct rt_seed sd = { 0 };
	sd.module = module;
	sd.kernel = kernel;
	sd.id = id;
	sd.run = run;
	sd.grid = grid;
	sd.block = block;
	sd.dyn_shared = dyn_shared;
	sd.nslots = params_nslots(f);
	sd.slots = xcalloc(sd.nslots ? sd.nslots : 1, sizeof *sd.slots);
	memcpy(sd.slots, slots, sd.nslots * sizeof *sd.slots);
	mem_clone(&sd.m, m);
	sd.nframes = nframes < SIMRT_FRAMES ? nframes : SIMRT_FRAMES;
	memcpy(sd.frames, frames, sd.nframes * sizeof *sd.frames);
	VEC_PUSH(x->seeds, x->nseeds, x->capseeds, sd);
	return x->nseeds - 1;
}

void rt_explore_ran(struct rt_explore *x, uint32_t seed, int ran, uint64_t work)
{
	if (seed >= x->nseeds)
		return;
	x->seeds[seed].ran = ran;
	x->seeds[seed].work = work;
	if (!ran) {
		/* nothing to explore from: give its place back */
		struct rt_seed *sd = &x->seeds[seed];
		x->bytes -= sd->m.used;
		mem_free(&sd->m);
		mem_init(&sd->m);
	}
}

void rt_explore_free(struct rt_explore *x)
{
	for (uint32_t i = 0; i < x->nseeds; i++) {
		free(x->seeds[i].slots);
		mem_free(&x->seeds[i].m);
	}
	free(x->seeds);
	for (uint32_t i = 0; i < x->nshapes; i++)
		free(x->shapes[i].key);
	free(x->shapes);
	htab_free(&x->t);
	free(x->per_kernel);
	free(x->made);
	memset(x, 0, sizeof *x);
}

/* ---- the search around them ---------------------------------------------- */

/* A stable PCG32 stream per kernel and seed: the FNV-1a hash of the
** kernel's name, then of the seed's number among the kernel's. */
static uint64_t seed_stream(const char *name, uint32_t nth)
{
	uint64_t h = key_hash((const uint8_t *)name, (uint32_t)strlen(name));
	return (h ^ nth) * UINT64_C(0x100000001b3);
}

/* Whether parameter PA, given V on memory M, is a buffer the search may
** fill: a pointer to the start of the device memory the program
** allocated (or a __device__ variable), holding no pointers. */
static uint32_t buffer_of(const struct param *pa, uint64_t v, const struct mem *m)
{
	uint32_t id = MEM_ID(v);
	if (!pa->is_ptr || pa->byval || pa->nfields || v == 0 || id == 0 || id >= m->n)
		return 0;
	const struct mem_alloc *a = &m->a[id];
	if (!a->live || a->space != AS_GLOBAL || a->data == NULL || a->readonly || a->size == 0
	    || a->heap)
		return 0;
	return id;
}

/* The per-thread step budget of an explored launch: sixteen times what
** the whole launch of the run executed (data the program did not give
** may make a loop longer, not without end), within the run's. */
static uint64_t explore_steps(const struct rt_seed *sd, const struct rt_explore_opts *o)
{
	uint64_t most = o->max_steps ? o->max_steps : UINT64_C(100000000);
	uint64_t s = sd->work > most / 16 ? most : 16 * sd->work;
	return s < 100000 ? (most < 100000 ? most : 100000) : s;
}

/* Records explored launch LI's arguments: scalars as the program gave
** them, each buffer with what it held (the fill of candidate C). */
static void record_args(struct report *rep, uint32_t li, const struct func *f,
			const struct evolve_problem *pb, const struct evolve_cand *c,
			const struct mem *m)
{
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		const struct evolve_param *ep = &pb->params[i];
		uint64_t v = pb->base->slots[ep->slot];
		char val[256], gen[96];
		if (ep->kind == EVOLVE_BUFFER && ep->base_id) {
			const struct mem_alloc *a = &m->a[ep->base_id];
			if (ep->pinned)
				snprintf(gen, sizeof gen, "program");
			else
				evolve_fill_format(&c->fill[i], gen, sizeof gen);
			snprintf(val, sizeof val, "buffer '%s' (%" PRIu64 " bytes) holding %s",
				 a->name ? a->name : "?", a->size, gen);
		} else if (pa->byval || pa->nfields) {
			snprintf(val, sizeof val, "a %u-byte struct", pa->size);
		} else if (pa->is_ptr) {
			snprintf(val, sizeof val, v ? "a pointer the program gave" : "NULL");
		} else {
			elem_format(v, pa->type, val, sizeof val);
		}
		report_launch_arg(rep, li, pa->name, val);
	}
}

/* Whether finding F is worth a report of its own here: not what a search
** says of itself (nothing checked, an assumption), nor a barrier's or a
** performance verdict, which the run gives over every launch it made. */
static int explored_kind(const struct finding *f)
{
	/* an index read from the contents the search made up, which zeros
	** keep inside, is the kernel's assumption on its data (rule 12) */
	return f->kind != FK_NOTHING_CHECKED && f->kind != FK_ASSUMPTION && !f->data_outside
	       && f->kind != FK_REDUNDANT_BARRIER && !finding_kind_is_perf(f->kind);
}

/* The report's index of kernel K of L, or UINT32_MAX. */
static uint32_t report_kernel(const struct report *rep, const struct kernel_info *k)
{
	for (uint32_t i = 0; i < rep->nkernels; i++)
		if (strcmp(rep->kernels[i].name, k->name) == 0)
			return i;
	return UINT32_MAX;
}

/*
** Searches around seed SI (the NTH of its kernel) for SECONDS (0: no
** limit) and adds to REP, under CL_EXPLORED, every finding the run did
** not show, each launch that exposed one, and the counts to x->st.
*/
static void explore_seed(struct rt_explore *x, uint32_t si, uint32_t nth, const struct loaded *l,
			 const struct rt_explore_opts *o, double seconds, struct report *rep)
{
	struct rt_seed *sd = &x->seeds[si];
	const struct kernel_info *k = &l->kernels[sd->kernel];
	const struct func *f = &l->prog->funcs[k->func];
	uint32_t rk = report_kernel(rep, k);
	if (rk == UINT32_MAX)
		return;
	struct evolve_param *params = xcalloc(f->nparams ? f->nparams : 1, sizeof *params);
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		struct evolve_param *ep = &params[i];
		ep->slot = f->param_slot[i] - f->param_slot[0];
		ep->nslots = pa->nslots;
		ep->label = pa->name;
		uint64_t v = sd->slots[ep->slot];
		uint32_t id = buffer_of(pa, v, &sd->m);
		if (id) {
			ep->kind = EVOLVE_BUFFER;
			ep->et = pa->elem != ET_NONE ? pa->elem : ET_U8;
			ep->base_id = id;
			ep->elems = sd->m.a[id].size / elem_size(ep->et);
			/* pointers it holds stay the program's, and a buffer
			** passed twice is filled once */
			ep->pinned = pa->ninner > 0 || MEM_OFF(v) != 0;
			for (uint32_t j = 0; j < i; j++)
				ep->pinned |= params[j].base_id == id;
		} else if (pa->byval || pa->nfields) {
			ep->kind = EVOLVE_FIXED;
			ep->pinned = 1;
		} else {
			ep->kind = EVOLVE_SCALAR;
			ep->et = pa->type;
			ep->pinned = 1;
			ep->bits = v;
		}
	}
	uint32_t vary = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		vary += params[i].kind == EVOLVE_BUFFER && !params[i].pinned;
	if (vary == 0) {
		/* no buffer to fill: the run's launch was the only one */
		x->st.fixed++;
		free(params);
		return;
	}
	struct evolve_base base = { &sd->m, sd->slots };
	struct evolve_problem pb = { 0 };
	pb.prog = l->prog;
	pb.func = (uint32_t)k->func;
	pb.params = params;
	pb.nparams = f->nparams;
	pb.nslots = sd->nslots;
	pb.declared = 1;
	pb.max_block_threads = (uint32_t)load_block_bound(k);
	pb.grid_lo = pb.grid_hi = sd->grid;
	pb.block_lo = pb.block_hi = sd->block;
	pb.shared_pinned = 1;
	pb.dyn_shared = sd->dyn_shared;
	pb.shared_init_pinned = 1;	/* zeros, as the run's launch had */
	pb.model = (enum mam_warp_model)o->model;
	pb.device = o->device;
	pb.max_steps = explore_steps(sd, o);
	pb.max_shadow = o->max_shadow;
	pb.no_prune = o->no_prune;
	pb.step_budget = pb.max_steps;
	pb.max_threads = UINT64_MAX;
	pb.host_max_threads = UINT64_MAX;
	pb.seed = o->seed;
	pb.stream = seed_stream(k->name, nth);
	pb.population = o->population;
	pb.generations = o->generations;
	pb.threshold = 0;	/* no early stop: the budget is for data */
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	pb.jobs = o->jobs ? o->jobs : ncpu > 0 ? (unsigned)ncpu : 1;
	pb.time_limit = seconds;
	pb.base = &base;
	struct evolve_result res;
	struct sim_error err = { 0 };
	if (evolve_search(&pb, &res, &err) < 0) {
		free(params);
		return;
	}
	x->st.explored++;
	x->st.timed_out += res.stop == EVOLVE_STOP_TIME;
	x->st.launches += res.ncands - res.cut;
	x->st.outside += res.ncands - res.accepted - res.cut - res.refused;
	x->st.cut += res.cut;
	/* each launch that exposed a finding, in the order of the findings */
	uint8_t *taken = xcalloc(res.findings.n + 1, 1);
	for (uint32_t i = 0; i < res.findings.n; i++) {
		uint32_t w = res.findings.v[i].launch;
		if (taken[i] || w >= res.ncands)
			continue;
		uint32_t li = report_add_launch(rep, rk, sd->grid, sd->block, sd->dyn_shared, o->seed);
		report_launch_contract(rep, li, CL_EXPLORED);
		rep->launches[li].run = sd->run;
		struct findings fs = { 0 };
		for (uint32_t j = i; j < res.findings.n; j++) {
			struct finding *fd = &res.findings.v[j];
			if (taken[j] || fd->launch != w)
				continue;
			taken[j] = 1;
			fd->launch = li;
			fd->contract = CL_EXPLORED;
			if (!explored_kind(fd)) {
				finding_clear(fd);
			} else if (report_holds(rep, fd, CL_HOST)) {
				x->st.repeated++;
				finding_clear(fd);
			} else {
				VEC_PUSH(fs.v, fs.n, fs.cap, *fd);
			}
		}
		if (fs.n == 0) {
			report_pop_launch(rep);
			continue;
		}
		record_args(rep, li, f, &pb, &res.cands[w], &sd->m);
		report_take_findings(rep, &fs, li);
		VEC_PUSH(x->made, x->nmade, x->capmade, ((struct rt_explore_made){ li, si }));
	}
	/* what the loop took is the report's or cleared */
	for (uint32_t i = 0; i < res.findings.n; i++)
		if (!taken[i])
			finding_clear(&res.findings.v[i]);
	free(taken);
	free(res.findings.v);
	memset(&res.findings, 0, sizeof res.findings);
	evolve_result_free(&res, pb.nparams);
	free(params);
}

/* See explore.h.  Kernels in the order the run first launched them; the
** time limit is per kernel, each kept launch of it getting an equal share
** of what is left (one the clock leaves none for is counted timed out).
** A stop signal ends it between and inside searches. */
void rt_explore_run(struct rt_explore *x, const struct loaded *const *mods,
		    const struct rt_explore_opts *o, struct report *rep)
{
	stop_on_signals();
	uint8_t *done = xcalloc(x->nseeds + 1, 1);
	for (uint32_t i = 0; i < x->nseeds && !stop_signal_seen; i++) {
		if (done[i])
			continue;
		/* kernel by kernel, in the order the run first launched them:
		** each of its seeds gets an equal share of what is left of the
		** kernel's time */
		uint32_t id = x->seeds[i].id, left = 0, nth = 0;
		for (uint32_t j = i; j < x->nseeds; j++)
			left += x->seeds[j].id == id && x->seeds[j].ran;
		double end = o->time_limit > 0 ? mono_seconds() + o->time_limit : 0;
		for (uint32_t j = i; j < x->nseeds; j++) {
			if (x->seeds[j].id != id)
				continue;
			done[j] = 1;
			if (!x->seeds[j].ran)
				continue;
			double share = 0;
			if (end > 0) {
				share = (end - mono_seconds()) / left;
				if (share <= 0 || stop_signal_seen) {
					x->st.timed_out++;
					left--;
					continue;
				}
			}
			if (stop_signal_seen)
				break;
			explore_seed(x, j, nth++, mods[x->seeds[j].module], o, share, rep);
			left--;
		}
	}
	if (stop_signal_seen)
		x->st.stopped = "interrupted";
	/* as the report lists them: one per mistake */
	for (uint32_t i = 0; i < rep->findings.n; i++)
		x->st.findings += rep->findings.v[i].contract == CL_EXPLORED;
	free(done);
	stop_on_signals_end();
}
