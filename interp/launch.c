/*
** launch.c: one launch.  Blocks run one after another; the warps of a
** block run in turn until each has exited or waits at a barrier; a barrier
** releases when every live thread of the block waits at it.  What does not
** line up (threads at different barriers, threads that exited while others
** wait) is barrier divergence: it is reported and the barrier released, so
** the launch always ends.
*/
#include <stdlib.h>
#include <string.h>

#include "interp/exec.h"
#include "base/util.h"

void interp_mem_setup(const struct program *p, struct mem *m, uint64_t dyn_shared)
{
	for (uint32_t i = 0; i < p->ngvars; i++) {
		const struct gvar *g = &p->gvars[i];
		uint64_t size = g->dynamic_shared ? dyn_shared : g->size;
		uint32_t id = mem_new(m, g->space, size, g->demangled);
		struct mem_alloc *a = &m->a[id];
		a->elem = g->elem;
		a->elem_size = g->elem_size;
		a->dims = g->dims;
		a->ndims = g->ndims;
		a->readonly = g->space == AS_CONST;
		if (g->init)
			memcpy(a->data, g->init, g->size);
	}
}

static void free_warp(struct warp *w)
{
	for (uint32_t i = 0; i < w->capdepth; i++)
		free(w->frames[i].regs);
	free(w->frames);
}

/* What every live thread of the block waits at, when they agree: the
** function and pc of one barrier.  Returns 0 if they do not. */
static int barrier_agrees(struct warp *ws, uint32_t nw, uint32_t *fn, uint32_t *pc,
			  uint32_t *missing)
{
	int have = 0, agree = 1;
	*missing = 0;
	for (uint32_t i = 0; i < nw; i++) {
		struct warp *w = &ws[i];
		uint32_t live = w->exists & ~w->exited;
		uint32_t blocked = 0;
		for (uint32_t d = 0; d < w->depth; d++) {
			struct frame *f = &w->frames[d];
			uint32_t at;
			if (f->bar_blocked == 0)
				continue;
			blocked |= f->bar_blocked;
			int one = exec_lanes_at_one_pc(f->pc, f->bar_blocked, &at);
			if (!have) {
				*fn = f->fn;
				*pc = at;
				have = 1;
			}
			if (!one || *fn != f->fn || *pc != at)
				agree = 0;
		}
		*missing += (uint32_t)popc32(live & ~blocked);
	}
	return have && agree && *missing == 0;
}

/* The barrier instruction every blocked lane of F waits at, or NULL if they
** wait at different ones. */
static const struct insn *frame_barrier(const struct program *p, const struct frame *f)
{
	uint32_t at;
	if (!exec_lanes_at_one_pc(f->pc, f->bar_blocked, &at))
		return NULL;
	return &p->funcs[f->fn].code[at];
}

/* Releases every thread blocked at a barrier; the _count/_and/_or forms
** get the reduction over the threads that arrived. */
static void release(const struct exec *ex, struct warp *ws, uint32_t nw)
{
	const struct program *p = ex->p;
	if (ex->mam) {
		/* a new barrier interval: the barrier the first blocked lane is at */
		for (uint32_t i = 0; i < nw; i++) {
			uint32_t d = 0;
			while (d < ws[i].depth && ws[i].frames[d].bar_blocked == 0)
				d++;
			if (d < ws[i].depth) {
				const struct frame *f = &ws[i].frames[d];
				const struct insn *B = &p->funcs[f->fn].code[f->pc[__builtin_ctz(f->bar_blocked)]];
				mam_barrier(ex->mam, exec_user_site(p, &ws[i], d, B->x));
				break;
			}
		}
	}
	uint64_t count = 0, all = 1, any = 0;
	/* the reduction only matters to the _count/_and/_or forms */
	int reduce = 0;
	for (uint32_t i = 0; i < nw && !reduce; i++)
		for (uint32_t d = 0; d < ws[i].depth; d++) {
			const struct frame *f = &ws[i].frames[d];
			const struct insn *I;
			if (f->bar_blocked && ((I = frame_barrier(p, f)) == NULL || I->f != 0))
				reduce = 1;
		}
	for (uint32_t i = 0; i < nw && reduce; i++)
		for (uint32_t d = 0; d < ws[i].depth; d++)
			for (uint32_t m = ws[i].frames[d].bar_blocked; m; m &= m - 1) {
				uint64_t v = ws[i].bar_pred[__builtin_ctz(m)];
				count += v;
				all &= v;
				any |= v;
			}
	for (uint32_t i = 0; i < nw; i++) {
		struct warp *w = &ws[i];
		for (uint32_t d = 0; d < w->depth; d++) {
			struct frame *f = &w->frames[d];
			const struct func *fn = &p->funcs[f->fn];
			const struct insn *B;
			if (f->bar_blocked && (B = frame_barrier(p, f)) != NULL && B->f == 0) {
				/* a plain barrier: every blocked lane steps past it */
				for (int l = 0; l < 32; l++)
					f->pc[l] += (f->bar_blocked >> l) & 1;
				f->waiting |= f->bar_blocked;
				f->bar_blocked = 0;
				continue;
			}
			for (uint32_t m = f->bar_blocked; m; m &= m - 1) {
				int l = __builtin_ctz(m);
				const struct insn *I = &fn->code[f->pc[l]];
				if (I->f != 0)
					f->regs[((size_t)I->d << 5) + l] = I->f == 1 ? count : I->f == 2 ? all : any;
				f->pc[l]++;
			}
			f->waiting |= f->bar_blocked;
			f->bar_blocked = 0;
		}
	}
}

/* A place in the code where threads of a divergent block are: the user's
** site (function and pc; a barrier or access inside a header's wrapper is
** its call) and its source location. */
struct place {
	uint32_t fn, pc;
	struct srcloc loc;
};

/* The place of instruction PC of function FN, reached in frame D of W (W
** NULL: an exit, whose frame is gone). */
static struct place place_of(const struct program *p, const struct warp *w, uint32_t d,
			     uint32_t fn, uint32_t pc)
{
	const struct func *f = &p->funcs[fn];
	struct place pl = { fn, pc, { f->file, f->demangled, pc < f->ncode ? f->line[pc] : 0, 0 } };
	uint32_t site = exec_insn_site(p, fn, pc);
	if (site != UINT32_MAX) {
		if (w)
			site = exec_user_site(p, w, d, site);
		pl.fn = p->sites[site].func;
		pl.pc = p->sites[site].pc;
		pl.loc = p->sites[site].loc;
	}
	return pl;
}

/* Adds lane L of warp WI to the group of (STATE, PL) in *GS, making one;
** GFN and GPC hold each group's place. */
static void group_add(struct bd_group **gs, uint32_t *n, uint32_t *cap, uint8_t state,
		      const struct place *pl, uint32_t *gfn, uint32_t *gpc, uint32_t wi, int l)
{
	uint32_t g;
	for (g = 0; g < *n; g++)
		if ((*gs)[g].state == state && gfn[g] == pl->fn && gpc[g] == pl->pc)
			break;
	if (g == *n) {
		struct bd_group ng;
		memset(&ng, 0, sizeof ng);
		ng.state = state;
		ng.loc = pl->loc;
		gfn[g] = pl->fn;
		gpc[g] = pl->pc;
		VEC_PUSH(*gs, *n, *cap, ng);
	}
	(*gs)[g].mask[wi] |= 1u << l;
	(*gs)[g].nthreads++;
}

/* Where live lane L of W is: the deepest frame it is in, and whether it
** waits at a barrier there. */
static uint8_t lane_place(const struct program *p, const struct warp *w, int l, struct place *pl)
{
	for (uint32_t d = w->depth; d-- > 0;) {
		const struct frame *f = &w->frames[d];
		if (!(((f->entered & ~f->returned) >> l) & 1))
			continue;
		*pl = place_of(p, w, d, f->fn, f->pc[l]);
		return (f->bar_blocked >> l) & 1 ? BD_OTHER_BARRIER : BD_ELSEWHERE;
	}
	return BD_ELSEWHERE;
}

/*
** A barrier had to be forced.  Every thread of the block goes into a group
** by where it is: the barrier the first waiting thread is at (the
** finding's), another barrier, the exit it left by, another place.  The
** finding is the pair (that barrier, the first other barrier), or the
** barrier alone; the first occurrence keeps the groups.
*/
static void report_divergence(struct exec *ex, struct warp *ws, uint32_t nw)
{
	const struct program *p = ex->p;
	if (ex->stopped)
		return;
	const struct place none = { FINDING_NO_SITE, FINDING_NO_SITE, { NULL, NULL, 0, 0 } };
	struct place prim = none, other = none;
	struct thread_id first[4];
	memset(first, 0, sizeof first);
	int have[4] = { 0, 0, 0, 0 };
	/* at most 1024 threads, so at most 1024 groups */
	uint32_t gfn[1024], gpc[1024];
	struct bd_group *gs = NULL;
	uint32_t n = 0, cap = 0;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < nw; i++) {
			const struct warp *w = &ws[i];
			for (uint32_t m = w->exists; m; m &= m - 1) {
				int l = __builtin_ctz(m);
				struct place pl = none;
				uint8_t state;
				if ((w->exited >> l) & 1) {
					state = BD_EXITED;
					if (w->exit_fn[l] < p->nfuncs)
						pl = place_of(p, NULL, 0, w->exit_fn[l], w->exit_pc[l]);
				} else {
					state = lane_place(p, w, l, &pl);
				}
				if (pass == 0) {
					/* the barrier of the first waiting thread */
					if (state == BD_OTHER_BARRIER && prim.fn == FINDING_NO_SITE)
						prim = pl;
					continue;
				}
				if (state == BD_OTHER_BARRIER && pl.fn == prim.fn && pl.pc == prim.pc)
					state = BD_WAITING;
				if (state == BD_OTHER_BARRIER && other.fn == FINDING_NO_SITE)
					other = pl;
				group_add(&gs, &n, &cap, state, &pl, gfn, gpc, i, l);
				if (!have[state]) {
					have[state] = 1;
					first[state] = (struct thread_id){
						{ ex->block[0], ex->block[1], ex->block[2] },
						{ w->tid[0][l], w->tid[1][l], w->tid[2][l] } };
				}
			}
			if (pass == 0 && i + 1 == nw && prim.fn == FINDING_NO_SITE)
				return;		/* nobody waits at a barrier */
		}
	/* the barrier first, then other barriers, exits and the rest, each in
	** order of its first thread: a stable sort by state */
	for (uint32_t a = 1; a < n; a++)
		for (uint32_t b = a; b > 0 && gs[b - 1].state > gs[b].state; b--) {
			struct bd_group t = gs[b];
			gs[b] = gs[b - 1];
			gs[b - 1] = t;
		}
	uint32_t count[4] = { 0, 0, 0, 0 };
	for (uint32_t g = 0; g < n; g++)
		count[gs[g].state] += gs[g].nthreads;
	int isnew;
	struct finding *fd = findings_get_pair(ex->out, FK_BARRIER_DIVERGENCE, prim.fn, prim.pc,
					       other.fn, other.pc, &isnew);
	fd->count++;
	if (exec_stops_on(ex, FK_BARRIER_DIVERGENCE))
		ex->stopped = 1;	/* after this one */
	if (!isnew) {
		free(gs);
		return;
	}
	fd->loc = prim.loc;
	fd->who = first[BD_WAITING];
	if (other.fn != FINDING_NO_SITE) {
		fd->second.loc = other.loc;
		fd->second.who = first[BD_OTHER_BARRIER];
	}
	char detail[256];
	snprintf(detail, sizeof detail,
		 "%u thread%s wait here; %u exited, %u wait at another barrier, %u are stuck elsewhere",
		 count[BD_WAITING], count[BD_WAITING] == 1 ? "" : "s", count[BD_EXITED],
		 count[BD_OTHER_BARRIER], count[BD_ELSEWHERE]);
	fd->detail = xstrdup(detail);
	fd->div = xcalloc(1, sizeof *fd->div);
	fd->div->bdim[0] = ex->cfg->block.x;
	fd->div->bdim[1] = ex->cfg->block.y;
	fd->div->bdim[2] = ex->cfg->block.z;
	fd->div->groups = gs;
	fd->div->ngroups = n;
}

/* The thread indices of every warp, the same in every block: set once per
** launch (three divisions per thread are not free at a million threads). */
static void init_warps(struct warp *ws, uint32_t nw, uint32_t nt, const struct launch_cfg *cfg)
{
	for (uint32_t i = 0; i < nw; i++) {
		struct warp *w = &ws[i];
		w->id = i;
		w->exists = 0;
		for (uint32_t l = 0; l < 32; l++) {
			uint32_t t = i * 32 + l;
			if (t < nt) {
				w->exists |= 1u << l;
				w->tid[0][l] = t % cfg->block.x;
				w->tid[1][l] = (t / cfg->block.x) % cfg->block.y;
				w->tid[2][l] = t / (cfg->block.x * cfg->block.y);
			} else {
				w->tid[0][l] = w->tid[1][l] = w->tid[2][l] = 0;
			}
		}
	}
}

static int run_block(struct exec *ex, struct warp *ws, uint32_t fn, const uint64_t *args)
{
	const struct program *p = ex->p;
	const struct func *kf = &p->funcs[fn];
	for (uint32_t i = 0; i < ex->nwarps; i++) {
		struct warp *w = &ws[i];
		w->depth = 0;
		w->steps = 0;
		w->exited = 0;
		w->stalled = 0;
		w->spins = w->spin_fails = 0;
		w->lock_addr = w->spin_addr = 0;
		exec_push_frame(w, p, fn, w->exists);
		struct frame *f = &w->frames[0];
		for (uint32_t k = 0; k < kf->nparams; k++)
			for (uint32_t e = 0; e < kf->params[k].nslots; e++) {
				uint64_t *D = f->regs + ((size_t)(kf->param_slot[k] + e) << 5);
				uint64_t v = args[kf->param_slot[k] + e - kf->param_slot[0]];
				for (int l = 0; l < 32; l++)
					D[l] = v;
			}
		/* lanes past the end of the block count as exited from the start */
		w->exited = ~w->exists;
		for (int l = 0; l < 32; l++)
			w->exit_fn[l] = UINT32_MAX;
		if (ex->mam)
			mam_warp_begin(ex->mam, &w->mam, i, w->exists);
	}
	for (;;) {
		int any_blocked = 0;
		for (uint32_t i = 0; i < ex->nwarps; i++) {
			struct warp *w = &ws[i];
			w->exited |= ~w->exists;
			if (exec_warp(ex, w) == WARP_BLOCKED)
				any_blocked = 1;
			if (ex->stopped)
				break;
		}
		if (!any_blocked || ex->stopped)
			break;
		/* a warp the step budget stopped has not exited: the block
		** cannot go on, and its barriers say nothing (issue 11, item 7) */
		int stalled = 0;
		for (uint32_t i = 0; i < ex->nwarps; i++)
			stalled |= ws[i].stalled;
		if (stalled)
			break;
		uint32_t bfn = 0, bpc = 0, missing = 0;
		int ok = barrier_agrees(ws, ex->nwarps, &bfn, &bpc, &missing);
		uint32_t exited = 0;
		for (uint32_t i = 0; i < ex->nwarps; i++)
			exited |= ws[i].exists & ws[i].exited;
		int anyblocked_bar = 0;
		for (uint32_t i = 0; i < ex->nwarps; i++)
			for (uint32_t d = 0; d < ws[i].depth; d++)
				anyblocked_bar |= ws[i].frames[d].bar_blocked != 0;
		if (!ok || exited != 0) {
			if (anyblocked_bar)
				report_divergence(ex, ws, ex->nwarps);
			if (ex->stopped)
				break;
		}
		if (!anyblocked_bar) {
			/* blocked at warp-level syncs only: force them through */
			for (uint32_t i = 0; i < ex->nwarps; i++)
				for (uint32_t d = 0; d < ws[i].depth; d++) {
					struct frame *f = &ws[i].frames[d];
					f->waiting |= f->ws_blocked;
					f->ws_blocked = 0;
				}
			continue;
		}
		release(ex, ws, ex->nwarps);
	}
	for (uint32_t i = 0; i < ex->nwarps; i++)
		ex->warp_insns += ws[i].steps;
	return 0;
}

int interp_launch(const struct program *p, uint32_t fn, const uint64_t *args,
		  struct mem *m, const struct launch_cfg *cfg,
		  struct findings *out, struct sim_error *err)
{
	if (fn >= p->nfuncs || p->funcs[fn].code == NULL)
		return sim_fail(err, SIM_ERR_KERNEL, "kernel %u was not lowered", fn);
	uint64_t nt = (uint64_t)cfg->block.x * cfg->block.y * cfg->block.z;
	if (cfg->block.x == 0 || cfg->block.y == 0 || cfg->block.z == 0
	    || cfg->grid.x == 0 || cfg->grid.y == 0 || cfg->grid.z == 0)
		return sim_fail(err, SIM_ERR_USAGE, "grid and block dimensions must be at least 1");
	if (nt > LAUNCH_MAX_THREADS_PER_BLOCK)
		return sim_fail(err, SIM_ERR_LIMIT, "block of %llu threads: CUDA allows at most 1024",
				(unsigned long long)nt);
	if (cfg->block.z > 64)
		return sim_fail(err, SIM_ERR_LIMIT, "block z of %u: CUDA allows at most 64", cfg->block.z);
	if (cfg->grid.y > 65535 || cfg->grid.z > 65535 || cfg->grid.x > 0x7fffffffu)
		return sim_fail(err, SIM_ERR_LIMIT,
				"grid (%u,%u,%u) exceeds CUDA's limits (2^31-1, 65535, 65535)",
				cfg->grid.x, cfg->grid.y, cfg->grid.z);
	struct exec ex = { 0 };
	ex.p = p;
	ex.m = m;
	ex.cfg = cfg;
	ex.out = out;
	ex.nthreads = (uint32_t)nt;
	ex.nwarps = (uint32_t)((nt + 31) / 32);
	ex.max_steps = cfg->max_steps ? cfg->max_steps : LAUNCH_DEFAULT_MAX_STEPS;
	if (ex.max_steps > UINT64_MAX - 2)	/* a stopped warp's steps exceed any budget */
		ex.max_steps = UINT64_MAX - 2;
	ex.print_out = cfg->print_out ? cfg->print_out : stdout;
	ex.mam = cfg->mam;
	if (ex.mam) {
		const uint32_t g[3] = { cfg->grid.x, cfg->grid.y, cfg->grid.z };
		const uint32_t b[3] = { cfg->block.x, cfg->block.y, cfg->block.z };
		mam_launch_begin(ex.mam, g, b);
		for (uint32_t id = 1; id < m->n; id++)
			if (m->a[id].space == AS_GLOBAL || m->a[id].space == AS_SHARED)
				mam_track(ex.mam, id, m->a[id].space == AS_GLOBAL ? MAM_SPACE_GLOBAL
									: MAM_SPACE_SHARED);
		/* which shared bytes each block wrote: uninitialized reads */
		ex.nshinit = m->n;
		ex.shinit = xcalloc(m->n, sizeof *ex.shinit);
		ex.shset = xcalloc(m->n, sizeof *ex.shset);
		for (uint32_t id = 1; id < m->n; id++)
			if (m->a[id].space == AS_SHARED && m->a[id].data && m->a[id].size)
				ex.shinit[id] = xmalloc((m->a[id].size + 7) / 8);
	}
	struct warp *ws = xcalloc(ex.nwarps, sizeof *ws);
	init_warps(ws, ex.nwarps, ex.nthreads, cfg);
	uint32_t mark = m->n;
	for (uint32_t z = 0; z < cfg->grid.z && !ex.stopped; z++)
		for (uint32_t y = 0; y < cfg->grid.y && !ex.stopped; y++)
			for (uint32_t x = 0; x < cfg->grid.x && !ex.stopped; x++) {
				ex.block[0] = x;
				ex.block[1] = y;
				ex.block[2] = z;
				/* shared memory starts over in every block */
				for (uint32_t g = 0; g < p->ngvars; g++) {
					struct mem_alloc *a = &m->a[p->gvars[g].alloc_id];
					if (a->space == AS_SHARED && a->data && cfg->shared_init)
						cfg->shared_init(cfg->shared_ctx, a->data, a->size, a->elem);
					else if (a->space == AS_SHARED && a->data)
						memset(a->data, 0, a->size);
					uint32_t id = p->gvars[g].alloc_id;
					if (id < ex.nshinit && ex.shinit[id]) {
						memset(ex.shinit[id], 0, (a->size + 7) / 8);
						ex.shset[id] = 0;
					}
				}
				if (ex.mam)
					mam_block_begin(ex.mam, x + cfg->grid.x * (y + cfg->grid.y * z));
				run_block(&ex, ws, fn, args);
				if (ex.mam)
					mam_block_end(ex.mam);
				mem_release_from(m, mark);
			}
	if (cfg->stats) {
		cfg->stats->warp_insns += ex.warp_insns;
		cfg->stats->lane_insns += ex.lane_insns;
		cfg->stats->mem_accesses += ex.mem_accesses;
		cfg->stats->stopped += (uint64_t)ex.stopped;
	}
	for (uint32_t i = 0; i < ex.nwarps; i++)
		free_warp(&ws[i]);
	free(ws);
	for (uint32_t id = 0; id < ex.nshinit; id++)
		free(ex.shinit[id]);
	free(ex.shinit);
	free(ex.shset);
	return 0;
}
