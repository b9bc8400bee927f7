/*
** launch.c: one launch.  Blocks run one after another; the warps of a
** block run in turn until each has exited or waits at a barrier; a barrier
** releases when every live thread of the block waits at it.  What does not
** line up (threads at different barriers, threads that exited while others
** wait) is barrier divergence: it is reported and the barrier released, so
** the launch always ends.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec.h"
#include "exec/prune.h"
#include "base/util.h"

/* Texture reference G bound to a buffer of its default descriptor, its
** texels iota (element i of the channel type holds i, wrapped to it):
** simulee-c does not know what the host binds, and distinct texels let a
** fetched value pick distinct elements. */
static void bind_made_up(const struct gvar *g, struct mem *m)
{
	const struct tex_desc *t = &g->texdef;
	unsigned es = t->fmt == ET_I8 || t->fmt == ET_U8 ? 1 : t->fmt == ET_I16 || t->fmt == ET_U16 ? 2 : 4;
	uint64_t n = tex_texels(t) * t->nch;
	uint32_t id = mem_new(m, AS_GLOBAL, n * es, g->demangled);
	struct mem_alloc *a = &m->a[id];
	a->elem = t->fmt;
	a->elem_size = es;
	a->tex = t;
	for (uint64_t i = 0; i < n; i++) {
		if (t->fmt == ET_F32) {
			float f = (float)i;
			memcpy(a->data + i * 4, &f, 4);
		} else {
			uint32_t v = (uint32_t)i;
			memcpy(a->data + i * es, &v, es);	/* little-endian */
		}
	}
	uint64_t h = MEM_PTR(id, 0);
	memcpy(m->a[g->alloc_id].data, &h, sizeof h);
}

void interp_mem_setup(const struct program *p, struct mem *m, uint64_t dyn_shared)
{
	for (uint32_t i = 0; i < p->ngvars; i++) {
		const struct gvar *g = &p->gvars[i];
		uint64_t size = g->dynamic_shared ? dyn_shared : g->size;
		uint32_t id = mem_new(m, g->space, g->shared || g->alias ? 0 : size, g->demangled);
		if (g->shared || g->alias) {
			/* another program's allocation, or the module's first
			** extern __shared__ array's: the id is kept unused, so
			** that the ids after it stay what lowering gave */
			mem_release(m, id);
			continue;
		}
		struct mem_alloc *a = &m->a[id];
		a->elem = g->elem;
		a->elem_size = g->elem_size;
		a->dims = g->dims;
		a->ndims = g->ndims;
		a->readonly = g->space == AS_CONST;
		if (g->init)
			memcpy(a->data, g->init, g->size);
	}
	/* after every variable, whose ids are fixed */
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (p->gvars[i].texref)
			bind_made_up(&p->gvars[i], m);
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
static void release(struct exec *ex, struct warp *ws, uint32_t nw)
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
				ex->last_bar = exec_user_site(p, &ws[i], d, B->x);
				mam_barrier(ex->mam, ex->last_bar);
				if (ex->grid_resumed)
					mam_barrier_needed(ex->mam, ex->last_bar);
				ex->grid_resumed = 0;
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
	for (uint32_t i = 0; i < nw; i++) {
		ws[i].div_fn = prim.fn;
		ws[i].div_pc = prim.pc;
	}
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
	if (ex->origin != UINT32_MAX)
		fd->launched_by = p->sites[ex->origin].loc;
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

/* Starts every warp of the block at the kernel FN's entry with ARGS. */
static void start_block(struct exec *ex, struct warp *ws, uint32_t fn, const uint64_t *args)
{
	const struct program *p = ex->p;
	const struct func *kf = &p->funcs[fn];
	for (uint32_t i = 0; i < ex->nwarps; i++) {
		struct warp *w = &ws[i];
		w->depth = 0;
		w->steps = 0;
		w->exited = 0;
		w->stalled = 0;
		w->grid_parked = 0;
		w->spins = w->spin_fails = 0;
		w->lock_addr = w->spin_addr = 0;
		w->div_fn = w->div_pc = FINDING_NO_SITE;
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
}

/* launch_cfg deadline: between warps' runs the clock is read every
** DEADLINE_POLLS runs (a run ends at a barrier, or after a turn, where
** exec_warp reads it itself). */
#define DEADLINE_POLLS 64
static void past_deadline(struct exec *ex)
{
	if ((ex->cfg->deadline <= 0 && !stop_signal_seen) || ++ex->polls < DEADLINE_POLLS)
		return;
	ex->polls = 0;
	exec_past_deadline(ex);
}

/*
** Runs the warps of a started block until every thread has exited (returns
** 0), or until its master thread has arrived at a grid barrier (returns 1):
** its other threads wait at the block barrier the grid sync ends with, and
** the block goes on from there once run_block is called again.
*/
static int run_block(struct exec *ex, struct warp *ws)
{
	ex->ws = ws;
	for (;;) {
		int any_blocked = 0, parked = 0, yielded = 0;
		for (uint32_t i = 0; i < ex->nwarps; i++) {
			struct warp *w = &ws[i];
			w->exited |= ~w->exists;
			enum warp_status st = w->grid_parked ? WARP_GRID : exec_warp(ex, w);
			if (st == WARP_BLOCKED)
				any_blocked = 1;
			parked |= st == WARP_GRID;
			yielded |= st == WARP_YIELD;
			past_deadline(ex);
			if (ex->stopped)
				break;
		}
		if (parked && !ex->stopped)
			return 1;
		/* a warp that yielded (docs/MODEL.md, "Forward progress") goes
		** on in the next pass, after the warps behind it: round-robin */
		if (yielded && !ex->stopped)
			continue;
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

/* launch_cfg partial_ok: a launch whose blocks, as the average of those
** run so far, come to more than max_work runs blocks worth this share of
** it (a host launch is run many times, with other buffer contents). */
#define PARTIAL_WORK_SHARE 8

/* launch_cfg partial_ok: whether the launch stops before block (X,Y,Z),
** some blocks done, and if so the box of blocks from (0,0,0) that ran
** into *RAN.  Only a block that closes a box may be the first one not
** run: any block of the first row, the first of a row of the first plane,
** the first of a plane; the next step is then one block, a row or a
** plane, which the blocks so far, as the average block, say would pass
** the launch's target (max_work where the whole grid fits it, else
** max_work / PARTIAL_WORK_SHARE), or the deadline has passed. */
static int stop_between(struct exec *ex, uint32_t x, uint32_t y, uint32_t z, struct dim3 *ran)
{
	const struct launch_cfg *cfg = ex->cfg;
	const struct dim3 g = cfg->grid;
	uint64_t step;
	struct dim3 box;
	if (y == 0 && z == 0) {
		step = 1;
		box = (struct dim3){ x, 1, 1 };
	} else if (x == 0 && z == 0) {
		step = g.x;
		box = (struct dim3){ g.x, y, 1 };
	} else if (x == 0 && y == 0) {
		step = (uint64_t)g.x * g.y;
		box = (struct dim3){ g.x, g.y, z };
	} else {
		return 0;
	}
	/* a launch the budget holds whole runs whole; a larger one, a share */
	double avg = (double)ex->warp_insns / (double)ex->blocks_done;
	double whole = avg * (double)g.x * (double)g.y * (double)g.z;
	double target = whole <= (double)cfg->max_work ? (double)cfg->max_work
			: (double)cfg->max_work / PARTIAL_WORK_SHARE;
	int over = cfg->max_work && (double)ex->warp_insns + avg * (double)step > target;
	if (!over && !(cfg->deadline > 0 && mono_seconds() >= cfg->deadline))
		return 0;
	*ran = box;
	return 1;
}

/* The coordinates of block B (linear, x fastest) of the launch. */
static void block_xyz(const struct launch_cfg *cfg, uint64_t b, uint32_t xyz[3])
{
	xyz[0] = (uint32_t)(b % cfg->grid.x);
	xyz[1] = (uint32_t)(b / cfg->grid.x % cfg->grid.y);
	xyz[2] = (uint32_t)(b / cfg->grid.x / cfg->grid.y);
}

/*
** The model of launch EX ran out of shadow memory: what it could not
** record was not checked, which the report must say (a note at kernel FN:
** the budget, the first and last blocks concerned, how many).
*/
static void note_incomplete(struct exec *ex, uint32_t fn)
{
	struct mam_stats st;
	mam_get_stats(ex->mam, &st);
	if (st.dropped == 0)
		return;
	const struct func *f = &ex->p->funcs[fn];
	struct srcloc loc = { f->file, f->demangled, f->decl_line, 0 };
	struct thread_id who = { { 0, 0, 0 }, { 0, 0, 0 } };
	uint32_t last[3];
	/* dropped accesses always come with their block (mam_int.h model_drop) */
	block_xyz(ex->cfg, st.drop_first, who.block);
	block_xyz(ex->cfg, st.drop_last, last);
	char detail[512];
	int n = snprintf(detail, sizeof detail,
			 "%" PRIu64 " accesses were not checked: the model's shadow memory (%" PRIu64
			 " MiB, its share of --max-memory) was full", st.dropped, st.budget >> 20);
	/* the memory sampled out, by buffer (mam_unanalysed_at) */
	for (uint32_t i = 0; i < mam_nunanalysed(ex->mam) && i < 3 && n > 0 && (size_t)n < sizeof detail; i++) {
		const struct mam_unanalysed *u = mam_unanalysed_at(ex->mam, i);
		const char *name = u->alloc < ex->m->n && ex->m->a[u->alloc].name ? ex->m->a[u->alloc].name : "?";
		n += snprintf(detail + n, sizeof detail - (size_t)n,
			      "%s %" PRIu64 " KiB of '%s' in bytes %" PRIu64 "..%" PRIu64,
			      i ? "," : "; not analysed (sampled out):", u->pages, name, u->lo, u->hi);
	}
	if (n > 0 && (size_t)n < sizeof detail && mam_nunanalysed(ex->mam) > 3)
		n += snprintf(detail + n, sizeof detail - (size_t)n, ", and in %" PRIu32 " more buffers",
			      mam_nunanalysed(ex->mam) - 3);
	if (n > 0 && (size_t)n < sizeof detail)
		snprintf(detail + n, sizeof detail - (size_t)n, "; --max-memory raises it");
	struct finding *fd = findings_add(ex->out, FK_INCOMPLETE, fn, 0, &loc, &who, 0, NULL, detail);
	fd->budget = st.budget;
	fd->pages = st.skipped_pages;
	fd->dropped = st.dropped;
	fd->blocks = st.drop_blocks;
	memcpy(fd->last_block, last, sizeof last);
}

/* Shared memory starts over in every block (and so does the record of
** which of its bytes the block wrote). */
static void shared_start(struct exec *ex)
{
	const struct program *p = ex->p;
	const struct launch_cfg *cfg = ex->cfg;
	for (uint32_t g = 0; g < p->ngvars; g++) {
		struct mem_alloc *a = &ex->m->a[p->gvars[g].alloc_id];
		if (a->space == AS_SHARED && a->data && cfg->shared_init)
			cfg->shared_init(cfg->shared_ctx, a->data, a->size, a->elem);
		else if (a->space == AS_SHARED && a->data)
			memset(a->data, 0, a->size);
		uint32_t id = p->gvars[g].alloc_id;
		if (a->space == AS_SHARED && id < ex->ntouch && ex->touch[id])
			memset(ex->touch[id], 0, (a->size + 31) / 32);
		if (id < ex->nshinit && ex->shinit[id]) {
			memset(ex->shinit[id], 0, (a->size + 7) / 8);
			ex->shset[id] = 0;
		}
	}
}

/* A launch of kernel FN calls the dynamic shared segment after the
** extern __shared__ array its code names (SHOC's s_float and s_double
** are one segment): its name and element type, for the findings.  A
** module with one such array (no alias) keeps the name it was made with,
** so the call graph is walked only where there is a choice. */
static void name_dyn_shared(const struct program *p, uint32_t fn, struct mem *m)
{
	uint32_t alias = 0;
	for (uint32_t i = 0; i < p->ngvars && !alias; i++)
		alias = p->gvars[i].alias;
	if (!alias)
		return;
	uint32_t v = prog_dyn_var(p, fn);
	if (v == UINT32_MAX || p->gvars[v].alloc_id >= m->n)
		return;
	const struct gvar *g = &p->gvars[v];
	struct mem_alloc *a = &m->a[g->alloc_id];
	a->name = g->demangled;
	a->elem = g->elem;
	a->elem_size = g->elem_size;
	a->dims = g->dims;
	a->ndims = g->ndims;
}

/* Whether function FN holds an instruction HIT accepts, itself or through
** the functions it calls; SEEN marks the functions visited. */
static int reaches(const struct program *p, uint32_t fn, uint8_t *seen,
		   int (*hit)(const struct insn *I))
{
	if (fn >= p->nfuncs || seen[fn] || p->funcs[fn].code == NULL)
		return 0;
	seen[fn] = 1;
	const struct func *f = &p->funcs[fn];
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		const struct insn *I = &f->code[pc];
		if (hit(I) || (I->op == OP_CALL && reaches(p, (uint32_t)I->imm, seen, hit)))
			return 1;
	}
	return 0;
}

static int reaches_from(const struct program *p, uint32_t fn, int (*hit)(const struct insn *I))
{
	uint8_t *seen = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	int r = reaches(p, fn, seen, hit);
	free(seen);
	return r;
}

/* A read of the grid workspace (%envreg1 or 2). */
static int reads_grid_ws(const struct insn *I)
{
	return I->op == OP_SREG && (I->f == SREG_ENVREG1 || I->f == SREG_ENVREG2);
}

int interp_is_cooperative(const struct program *p, uint32_t fn)
{
	return reaches_from(p, fn, reads_grid_ws);
}

/* The blocks a cooperative launch can have: every block must be resident
** at once on the launch's device (sm_70's V100 by default: 80 SMs, each
** with 2048 threads, 32 blocks and 96 KiB of shared memory);
** docs/MODEL.md. */
static const struct sim_device *coop_device(const struct exec *ex)
{
	return ex->cfg->device ? ex->cfg->device : sim_device_default();
}

static uint64_t coop_max_blocks(const struct exec *ex)
{
	const struct sim_device *d = coop_device(ex);
	uint64_t per_sm = d->blocks_per_sm;
	uint64_t by_threads = d->threads_per_sm / ((uint64_t)ex->nwarps * 32);
	if (by_threads < per_sm)
		per_sm = by_threads;
	uint64_t shared = 0;
	for (uint32_t id = 1; id < ex->m->n; id++)
		if (ex->m->a[id].space == AS_SHARED)
			shared += ex->m->a[id].size;
	if (shared > 0 && d->smem_per_sm / shared < per_sm)
		per_sm = d->smem_per_sm / shared;
	return per_sm * d->sms;
}

/* One block of a cooperative launch between its turns. */
struct coop_block {
	struct warp *ws;	/* NULL until it starts */
	uint8_t parked;		/* its master waits at a grid barrier */
	uint8_t done;
	uint8_t *shared;	/* its shared memory and written-bits, saved */
};

/* Saves (SAVE) or restores the shared allocations of the block into or
** from BUF, each allocation's bytes then its written-bits. */
static void shared_swap(struct exec *ex, uint8_t *buf, int save)
{
	const struct program *p = ex->p;
	for (uint32_t g = 0; g < p->ngvars; g++) {
		uint32_t id = p->gvars[g].alloc_id;
		struct mem_alloc *a = &ex->m->a[id];
		if (a->space != AS_SHARED || a->data == NULL)
			continue;
		if (save)
			memcpy(buf, a->data, a->size);
		else
			memcpy(a->data, buf, a->size);
		buf += a->size;
		if (id < ex->nshinit && ex->shinit[id]) {
			size_t nb = (a->size + 7) / 8;
			if (save) {
				memcpy(buf, ex->shinit[id], nb);
				memcpy(buf + nb, &ex->shset[id], sizeof ex->shset[id]);
			} else {
				memcpy(ex->shinit[id], buf, nb);
				memcpy(&ex->shset[id], buf + nb, sizeof ex->shset[id]);
			}
			buf += nb + sizeof ex->shset[id];
		}
	}
}

/*
** A grid barrier some blocks never reached: NPARKED blocks wait at it, the
** first of them BPARKED (CB), and NDONE ended without arriving, the first
** of them FIRST_DONE.  The finding is the grid sync (the user's call) with
** the witness block's threads, all waiting there, as its one group.
*/
static void report_grid_divergence(struct exec *ex, struct coop_block *cb, uint32_t bparked,
				   uint32_t nparked, uint32_t ndone, uint32_t first_done)
{
	const struct program *p = ex->p;
	const struct launch_cfg *cfg = ex->cfg;
	struct warp *w = NULL;
	for (uint32_t i = 0; i < ex->nwarps && w == NULL; i++)
		if (cb->ws[i].grid_parked)
			w = &cb->ws[i];
	if (w == NULL || w->active == 0 || w->depth == 0 || ex->stopped)
		return;
	struct place pl = place_of(p, w, w->depth - 1, w->frames[w->depth - 1].fn, w->pc - 1);
	int isnew;
	struct finding *fd = findings_get_pair(ex->out, FK_BARRIER_DIVERGENCE, pl.fn, pl.pc,
					       FINDING_NO_SITE, FINDING_NO_SITE, &isnew);
	fd->count++;
	if (exec_stops_on(ex, FK_BARRIER_DIVERGENCE))
		ex->stopped = 1;	/* after this one */
	if (!isnew)
		return;
	int l = __builtin_ctz(w->active);
	fd->loc = pl.loc;
	block_xyz(cfg, bparked, fd->who.block);
	fd->who.thread[0] = w->tid[0][l];
	fd->who.thread[1] = w->tid[1][l];
	fd->who.thread[2] = w->tid[2][l];
	fd->grid = 1;
	uint32_t fb[3];
	block_xyz(cfg, first_done, fb);
	char detail[256];
	snprintf(detail, sizeof detail,
		 "%u block%s wait at this grid sync; %u block%s ended without reaching it, "
		 "the first block (%u,%u,%u)",
		 nparked, nparked == 1 ? "" : "s", ndone, ndone == 1 ? "" : "s", fb[0], fb[1], fb[2]);
	fd->detail = xstrdup(detail);
	struct bd_group *gs = NULL;
	uint32_t n = 0, cap = 0, gfn[1], gpc[1];
	for (uint32_t i = 0; i < ex->nwarps; i++)
		for (uint32_t m = cb->ws[i].exists; m; m &= m - 1)
			group_add(&gs, &n, &cap, BD_WAITING, &pl, gfn, gpc, i, __builtin_ctz(m));
	fd->div = xcalloc(1, sizeof *fd->div);
	fd->div->bdim[0] = cfg->block.x;
	fd->div->bdim[1] = cfg->block.y;
	fd->div->bdim[2] = cfg->block.z;
	fd->div->groups = gs;
	fd->div->ngroups = n;
}

/*
** A cooperative launch: the kernel syncs the grid, so a block that arrives
** at a grid barrier keeps its warps and shared memory and waits while the
** others run up to it; once every block has arrived (or ended: a
** divergence) the model orders everything before the barrier before
** everything after it, and the blocks go on, in the same order.  Blocks
** run whole turns, so the model still sees one block at a time.
*/
static int run_grid(struct exec *ex, uint32_t fn, const uint64_t *args, struct sim_error *err)
{
	const struct launch_cfg *cfg = ex->cfg;
	struct mem *m = ex->m;
	uint64_t nb = (uint64_t)cfg->grid.x * cfg->grid.y * cfg->grid.z;
	uint64_t maxb = coop_max_blocks(ex);
	int rc = 0;
	/* the driver's grid workspace: its size, then the barrier word */
	uint32_t wsid = mem_new(m, AS_GLOBAL, 8, "grid workspace");
	ex->grid_ws_id = wsid;
	ex->grid_ws = MEM_PTR(wsid, 0);
	uint32_t wsword = 8;
	memcpy(m->a[wsid].data, &wsword, 4);
	size_t shbytes = 0;
	for (uint32_t g = 0; g < ex->p->ngvars; g++) {
		uint32_t id = ex->p->gvars[g].alloc_id;
		const struct mem_alloc *a = &m->a[id];
		if (a->space == AS_SHARED && a->data != NULL)
			shbytes += a->size + (id < ex->nshinit && ex->shinit[id]
					      ? (a->size + 7) / 8 + sizeof ex->shset[id] : 0);
	}
	/* a grid too large to sync is fine until its first grid sync, and
	** then fails: its blocks take turns in one record meanwhile */
	int one = nb > maxb;
	struct coop_block *bs = xcalloc(one ? 1 : nb, sizeof *bs);
	while (!ex->stopped) {
		uint32_t barrier;
		memcpy(&barrier, m->a[wsid].data + 4, 4);
		uint32_t nparked = 0, ndone = 0, bparked = 0, first_done = 0;
		for (uint64_t b = 0; b < nb && !ex->stopped; b++) {
			struct coop_block *cb = &bs[one ? 0 : b];
			if (cb->done)
				continue;
			block_xyz(cfg, b, ex->block);
			if (ex->mam)
				mam_block_begin(ex->mam, (uint32_t)b);
			if (cb->ws == NULL) {
				cb->ws = xcalloc(ex->nwarps, sizeof *cb->ws);
				init_warps(cb->ws, ex->nwarps, ex->nthreads, cfg);
				cb->shared = xmalloc(shbytes ? shbytes : 1);
				shared_start(ex);
				start_block(ex, cb->ws, fn, args);
			} else {
				shared_swap(ex, cb->shared, 0);
				for (uint32_t i = 0; i < ex->nwarps; i++) {
					struct warp *w = &cb->ws[i];
					w->grid_parked = 0;
					if (ex->mam)
						mam_warp_begin(ex->mam, &w->mam, i, w->exists);
				}
			}
			/* the grid sync's block barriers (their sites are the
			** user's call) are needed: the one released before the
			** master arrived, and the first one after it goes on */
			ex->last_bar = UINT32_MAX;
			ex->grid_resumed = cb->parked;
			cb->parked = (uint8_t)run_block(ex, cb->ws);
			ex->grid_resumed = 0;
			if (cb->parked && ex->mam)
				mam_barrier_needed(ex->mam, ex->last_bar);
			if (ex->mam)
				mam_block_end(ex->mam);
			if (cb->parked && nb > maxb) {
				/* a kernel may read the grid (this_grid()) in any
				** launch; only one that syncs it must fit */
				rc = sim_fail(err, SIM_ERR_LIMIT,
					      "cooperative launch of %llu blocks of %u threads: the "
					      "kernel syncs the grid, so every block must be resident "
					      "at once, and at most %llu can be (%u SMs of an %s "
					      "device)", (unsigned long long)nb, ex->nthreads,
					      (unsigned long long)maxb, coop_device(ex)->sms,
					      coop_device(ex)->arch);
				break;
			}
			if (cb->parked) {
				shared_swap(ex, cb->shared, 1);
				if (nparked++ == 0)
					bparked = (uint32_t)b;
			} else {
				cb->done = !one;
				if (ndone++ == 0)
					first_done = (uint32_t)b;
				for (uint32_t i = 0; i < ex->nwarps; i++)
					free_warp(&cb->ws[i]);
				free(cb->ws);
				cb->ws = NULL;
				free(cb->shared);
				cb->shared = NULL;
			}
		}
		if (rc < 0 || nparked == 0 || ex->stopped)
			break;
		/* ended blocks never arrive: divergence, and the barrier word
		** is flipped as if they had, so the waiting masters go on */
		if (ndone > 0)
			report_grid_divergence(ex, &bs[bparked], bparked, nparked, ndone, first_done);
		barrier += 0x80000000u;
		memcpy(m->a[wsid].data + 4, &barrier, 4);
		if (ex->mam)
			mam_grid_barrier(ex->mam);
	}
	for (uint64_t b = 0; b < (one ? 1 : nb); b++) {
		if (bs[b].ws != NULL) {
			for (uint32_t i = 0; i < ex->nwarps; i++) {
				ex->warp_insns += bs[b].ws[i].steps;
				free_warp(&bs[b].ws[i]);
			}
			free(bs[b].ws);
		}
		free(bs[b].shared);
	}
	free(bs);
	return rc;
}

/* ---- kernels launched from device code (dynamic parallelism) -------------- */

uint32_t interp_arg_bytes(const struct param *pa)
{
	if (pa->byval || pa->nfields == 0)
		return pa->size;
	uint32_t end = 0;
	for (uint32_t j = 0; j < pa->nfields; j++) {
		uint32_t e = pa->field_off[j] + elem_size(pa->field_type[j]);
		if (e > end)
			end = e;
	}
	return pa->size > end ? pa->size : end;
}

static uint32_t args_bytes(const struct func *f)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		n += interp_arg_bytes(&f->params[i]);
	return n;
}

/* Notes, once per launch, that a device-side launch was refused at a
** limit, so its grid never ran: the analysis of the launch is incomplete. */
static void note_refused(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
			 uint8_t *noted, const char *detail)
{
	if (*noted)
		return;
	*noted = 1;
	exec_finding(ex, w, lane, fn, pc, FK_INCOMPLETE, 0, detail);
}

/* The launch configuration as kernels/cuda-compat/simulee_dynpar.h lays
** it out (struct __simulee_launch_cfg). */
struct dcfg {
	uint32_t grid[3], block[3];
	uint32_t shared, pad;
	uint64_t stream;
};

/* cudaError_t values a device-side launch returns. */
enum { CUDA_OK = 0, CUDA_BAD_CONFIG = 9, CUDA_BAD_FUNCTION = 98, CUDA_DEPTH = 65,
       CUDA_PENDING = 69 };

/*
** (exec.h)  Each lane's launch is checked as the device runtime does (a
** kernel, a valid configuration, the nesting depth and the pending-launch
** count: the last two are also noted as an incomplete analysis, since the
** grid then never runs), its arguments copied out of the parameter
** buffer, and the child queued.  For the model, the launch is a release
** by the launching thread: a device-scope fence and an atomic write of the
** child's word of token_id, which the child's threads read atomically
** when they start (docs/MODEL.md, "Release and acquire across blocks").
*/
void exec_device_launch(struct exec *ex, struct warp *w, uint32_t mask, const uint64_t *K,
			const uint64_t *B, const uint64_t *C, uint64_t *D, uint32_t fn, uint32_t pc,
			uint32_t site)
{
	const struct program *p = ex->p;
	for (uint32_t mm = mask; mm; mm &= mm - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(mm);
		uint64_t bad = 0;
		struct dcfg c;
		uint32_t kf = (uint32_t)MEM_OFF(K[l]);
		if (K[l] == 0 || MEM_ID(K[l]) != MEM_FUNC_ID || kf >= p->nfuncs
		    || !p->funcs[kf].is_kernel || p->funcs[kf].code == NULL) {
			exec_finding(ex, w, (int)l, fn, pc, FK_INVALID_PTR, 0,
				     "a kernel launch in device code of something that is no kernel");
			D[l] = CUDA_BAD_FUNCTION;
			continue;
		}
		enum mem_fault f = mem_read(ex->m, C[l], &c, sizeof c, &bad);
		struct sim_error ignored = { 0 };
		struct dim3 g = { c.grid[0], c.grid[1], c.grid[2] }, b = { c.block[0], c.block[1], c.block[2] };
		if (f != MF_NONE || interp_check_launch(g, b, c.shared, &ignored) < 0) {
			D[l] = CUDA_BAD_CONFIG;
			continue;
		}
		const struct func *k = &p->funcs[kf];
		uint32_t nb = args_bytes(k);
		uint8_t *args = xcalloc(1, nb ? nb : 1);
		if (nb > 0 && mem_read(ex->m, B[l], args, nb, &bad) != MF_NONE) {
			free(args);
			D[l] = CUDA_BAD_CONFIG;
			continue;
		}
		if (ex->depth + 1 > EXEC_MAX_NESTING) {
			char d[200];
			snprintf(d, sizeof d, "a kernel launch in device code %u grids deep, past CUDA's "
				 "limit of %u: that grid and any deeper were not run", ex->depth + 1,
				 EXEC_MAX_NESTING);
			note_refused(ex, w, (int)l, fn, pc, &ex->noted_depth, d);
			free(args);
			D[l] = CUDA_DEPTH;
			continue;
		}
		if (ex->nkids >= EXEC_MAX_PENDING || ex->token_id == 0) {
			char d[200];
			snprintf(d, sizeof d, "more than %u kernel launches in device code from one host "
				 "launch (CUDA's default pending-launch limit): the later grids were not "
				 "run", EXEC_MAX_PENDING);
			note_refused(ex, w, (int)l, fn, pc, &ex->noted_pending, d);
			free(args);
			D[l] = CUDA_PENDING;
			continue;
		}
		/* the special streams (cudaStreamTailLaunch, 3, and
		** cudaStreamFireAndForget, 4) order nothing here */
		uint64_t stream = c.stream == 3 || c.stream == 4 ? MAM_UNORDERED_STREAM : c.stream;
		const struct dim3 *gd = &ex->cfg->grid;
		uint32_t from = ex->block_base + ex->block[0]
				+ gd->x * (ex->block[1] + gd->y * ex->block[2]);
		struct child_grid kid = { kf, g, b, c.shared, args, site, ex->depth + 1, ex->nkids,
					  from, stream };
		VEC_PUSH(ex->kids, ex->nkids, ex->capkids, kid);
		if (ex->mam) {
			uint64_t at[32] = { 0 };
			at[l] = MEM_PTR(ex->token_id, 4 * (uint64_t)kid.token);
			mam_fence(ex->mam, &w->mam, 1u << l, MAM_SCOPE_DEVICE);
			mam_access(ex->mam, &w->mam, at, 1u << l, 4, MAM_ATOMIC_WRITE, MAM_SCOPE_DEVICE,
				   site, NULL);
		}
		D[l] = CUDA_OK;
	}
}

/* A kernel launch in device code. */
static int launches(const struct insn *I)
{
	return I->op == OP_DLAUNCH;
}

int interp_launches_kernels(const struct program *p, uint32_t fn)
{
	return reaches_from(p, fn, launches);
}

int interp_program_launches(const struct program *p)
{
	for (uint32_t fi = 0; fi < p->nfuncs; fi++)
		for (uint32_t pc = 0; p->funcs[fi].code && pc < p->funcs[fi].ncode; pc++)
			if (p->funcs[fi].code[pc].op == OP_DLAUNCH)
				return 1;
	return 0;
}

void interp_args_from_bytes(struct mem *m, const struct func *f, const uint8_t *args,
			   uint64_t *slots)
{
	size_t at = 0;
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		uint64_t *slot = &slots[f->param_slot[i] - f->param_slot[0]];
		uint32_t nb = interp_arg_bytes(pa);
		const uint8_t *b = args + at;
		at += nb;
		if (pa->byval) {
			uint32_t id = mem_new(m, AS_PARAM, pa->size, "param");
			if (id != 0) {
				memcpy(m->a[id].data, b, pa->size);
				m->a[id].readonly = 1;
				*slot = MEM_PTR(id, 0);
			}
		} else if (pa->nfields > 0) {
			for (uint32_t j = 0; j < pa->nfields; j++) {
				uint64_t v = 0;
				memcpy(&v, b + pa->field_off[j], elem_size(pa->field_type[j]));
				slot[j] = v;
			}
		} else {
			uint64_t v = 0;
			memcpy(&v, b, nb < sizeof v ? nb : sizeof v);
			*slot = v;
		}
	}
}

/* extern __shared__ takes the child's SIZE bytes (and its written-bits). */
static void size_dyn_shared(struct exec *ex, uint64_t size)
{
	const struct program *p = ex->p;
	for (uint32_t g = 0; g < p->ngvars; g++) {
		if (!p->gvars[g].dynamic_shared)
			continue;
		uint32_t id = p->gvars[g].alloc_id;
		struct mem_alloc *a = &ex->m->a[id];
		if (a->size == size)
			continue;
		free(a->data);
		a->data = xcalloc(1, size ? size : 1);
		ex->m->used = ex->m->used - a->size + size;
		a->size = size;
		if (id < ex->nshinit && ex->shinit[id]) {
			free(ex->shinit[id]);
			ex->shinit[id] = xmalloc((size + 7) / 8 + 1);
		}
		if (id < ex->ntouch && ex->touch[id]) {
			free(ex->touch[id]);
			ex->touch[id] = NULL;
		}
	}
}

/*
** Runs queued child grid K (ex->kids[K]) after every grid before it: its
** blocks one after another, as the host's grid's, with the model's block
** ids after the earlier grids' (mam_subgrid), each thread first acquiring
** the launch's word of token_id.  Its own launches join the queue.
*/
static void run_child(struct exec *ex, uint32_t k, uint64_t *nblocks_run)
{
	struct child_grid kid = ex->kids[k];
	const struct program *p = ex->p;
	const struct func *kf = &p->funcs[kid.fn];
	struct launch_cfg cfg = *ex->cfg;
	cfg.grid = kid.grid;
	cfg.grid_dim = (struct dim3){ 0, 0, 0 };	/* a child grid runs whole */
	cfg.block = kid.block;
	cfg.dyn_shared = kid.shared;
	uint64_t nb = (uint64_t)kid.grid.x * kid.grid.y * kid.grid.z;
	if (*nblocks_run + nb > UINT32_MAX) {
		/* the model names blocks by 32-bit ids */
		if (!ex->noted_pending) {
			ex->noted_pending = 1;
			const struct srcloc *loc = &p->sites[kid.site].loc;
			struct thread_id who = { { 0, 0, 0 }, { 0, 0, 0 } };
			findings_add(ex->out, FK_INCOMPLETE, p->sites[kid.site].func, p->sites[kid.site].pc,
				     loc, &who, 0, NULL, "the grids launched from device code have more "
				     "than 2^32 blocks in all: the later ones were not run");
		}
		return;
	}
	const struct launch_cfg *saved = ex->cfg;
	uint32_t snt = ex->nthreads, snw = ex->nwarps, sdepth = ex->depth, sorigin = ex->origin;
	ex->cfg = &cfg;
	ex->nthreads = kid.block.x * kid.block.y * kid.block.z;
	ex->nwarps = (ex->nthreads + 31) / 32;
	ex->depth = kid.depth;
	ex->origin = kid.site;
	ex->block_base = (uint32_t)*nblocks_run;
	*nblocks_run += nb;
	size_dyn_shared(ex, kid.shared);
	name_dyn_shared(ex->p, kid.fn, ex->m);
	uint32_t start = ex->m->n;
	uint64_t *slots = xcalloc(kf->nparams ? kf->param_slot[kf->nparams - 1] + kf->params[kf->nparams - 1].nslots
				  - kf->param_slot[0] + 1 : 1, sizeof *slots);
	interp_args_from_bytes(ex->m, kf, kid.args, slots);
	if (ex->mam) {
		const uint32_t g[3] = { kid.grid.x, kid.grid.y, kid.grid.z };
		const uint32_t b[3] = { kid.block.x, kid.block.y, kid.block.z };
		const struct mam_child how = { kid.site, kid.from_block, kid.stream,
					       MEM_PTR(ex->token_id, 4 * (uint64_t)kid.token) };
		mam_subgrid(ex->mam, ex->block_base, g, b, &how);
	}
	struct warp *ws = xcalloc(ex->nwarps, sizeof *ws);
	init_warps(ws, ex->nwarps, ex->nthreads, &cfg);
	uint32_t mark = ex->m->n;
	for (uint64_t bl = 0; bl < nb && !ex->stopped; bl++) {
		block_xyz(&cfg, bl, ex->block);
		shared_start(ex);
		if (ex->mam)
			mam_block_begin(ex->mam, ex->block_base + (uint32_t)bl);
		start_block(ex, ws, kid.fn, slots);
		if (ex->mam) {
			/* the child's start acquires what its launch released */
			uint64_t at[32];
			for (int l = 0; l < 32; l++)
				at[l] = MEM_PTR(ex->token_id, 4 * (uint64_t)kid.token);
			for (uint32_t i = 0; i < ex->nwarps; i++)
				mam_access(ex->mam, &ws[i].mam, at, ws[i].exists, 4, MAM_ATOMIC_READ,
					   MAM_SCOPE_DEVICE, kid.site, NULL);
		}
		run_block(ex, ws);
		if (ex->mam)
			mam_block_end(ex->mam);
		mem_release_from(ex->m, mark);
		for (uint32_t id = mark; id < ex->nshinit; id++)
			if (ex->shinit[id] && (id >= ex->m->n || !ex->m->a[id].heap)) {
				free(ex->shinit[id]);
				ex->shinit[id] = NULL;
			}
	}
	for (uint32_t i = 0; i < ex->nwarps; i++)
		free_warp(&ws[i]);
	free(ws);
	free(slots);
	mem_release_from(ex->m, start);
	ex->cfg = saved;
	ex->nthreads = snt;
	ex->nwarps = snw;
	ex->depth = sdepth;
	ex->origin = sorigin;
}

/* Runs the child grids FROM to TO of the queue, in order, each followed
** by those it launched (depth first): a grid and all it launched end
** before the next grid of its stream starts, as CUDA orders them. */
static void run_tree(struct exec *ex, uint32_t from, uint32_t to, uint64_t *nblocks)
{
	for (uint32_t k = from; k < to && !ex->stopped; k++) {
		uint32_t mine = ex->nkids;
		run_child(ex, k, nblocks);
		run_tree(ex, mine, ex->nkids, nblocks);
	}
}

/* Runs every child grid queued (the host's grid launched them) and those
** they queue, then frees the queue. */
static void run_children(struct exec *ex, uint64_t nblocks)
{
	run_tree(ex, 0, ex->nkids, &nblocks);
	for (uint32_t k = 0; k < ex->nkids; k++)
		free(ex->kids[k].args);
	free(ex->kids);
	ex->kids = NULL;
	ex->nkids = 0;
}

int interp_check_launch(struct dim3 grid, struct dim3 block, uint64_t dyn_shared,
			struct sim_error *err)
{
	if (block.x == 0 || block.y == 0 || block.z == 0 || grid.x == 0 || grid.y == 0 || grid.z == 0)
		return sim_fail(err, SIM_ERR_USAGE, "grid and block dimensions must be at least 1");
	/* x * y fits in 64 bits; times z it may not (2^31 * 2^31 * 4 wraps
	** to 0) */
	uint64_t xy = (uint64_t)block.x * block.y;
	if (xy > UINT64_MAX / block.z)
		return sim_fail(err, SIM_ERR_LIMIT, "block (%u,%u,%u): more than 2^64 threads, CUDA "
				"allows at most 1024", block.x, block.y, block.z);
	if (xy * block.z > LAUNCH_MAX_THREADS_PER_BLOCK)
		return sim_fail(err, SIM_ERR_LIMIT, "block of %llu threads: CUDA allows at most 1024",
				(unsigned long long)(xy * block.z));
	if (block.z > 64)
		return sim_fail(err, SIM_ERR_LIMIT, "block z of %u: CUDA allows at most 64", block.z);
	if (grid.y > 65535 || grid.z > 65535 || grid.x > 0x7fffffffu)
		return sim_fail(err, SIM_ERR_LIMIT,
				"grid (%u,%u,%u) exceeds CUDA's limits (2^31-1, 65535, 65535)",
				grid.x, grid.y, grid.z);
	if (dyn_shared > LAUNCH_MAX_DYN_SHARED)
		return sim_fail(err, SIM_ERR_LIMIT, "%llu bytes of dynamic shared memory: CUDA allows "
				"at most %u (227 KiB) per block", (unsigned long long)dyn_shared,
				LAUNCH_MAX_DYN_SHARED);
	return 0;
}

int interp_launch(const struct program *p, uint32_t fn, const uint64_t *args,
		  struct mem *m, const struct launch_cfg *cfg,
		  struct findings *out, struct sim_error *err)
{
	if (fn >= p->nfuncs || p->funcs[fn].code == NULL)
		return sim_fail(err, SIM_ERR_KERNEL, "kernel %u was not lowered", fn);
	int rc = interp_check_launch(cfg->grid, cfg->block, cfg->dyn_shared, err);
	if (rc < 0)
		return rc;
	if (cfg->grid_dim.x) {
		const struct dim3 g = cfg->grid, d = cfg->grid_dim;
		if ((rc = interp_check_launch(d, cfg->block, cfg->dyn_shared, err)) < 0)
			return rc;
		if (g.x > d.x || g.y > d.y || g.z > d.z)
			return sim_fail(err, SIM_ERR_USAGE, "the blocks to run (%u,%u,%u) lie outside "
					"the grid (%u,%u,%u)", g.x, g.y, g.z, d.x, d.y, d.z);
		if (interp_is_cooperative(p, fn))
			return sim_fail(err, SIM_ERR_USAGE, "a cooperative kernel syncs its whole grid: "
					"it runs every block, never the first %u,%u,%u of %u,%u,%u",
					g.x, g.y, g.z, d.x, d.y, d.z);
	}
	name_dyn_shared(p, fn, m);
	uint64_t nt = (uint64_t)cfg->block.x * cfg->block.y * cfg->block.z;
	struct exec ex = { 0 };
	ex.origin = UINT32_MAX;
	ex.p = p;
	ex.m = m;
	ex.cfg = cfg;
	ex.out = out;
	ex.nthreads = (uint32_t)nt;
	ex.nwarps = (uint32_t)((nt + 31) / 32);
	ex.max_steps = cfg->max_steps ? cfg->max_steps : LAUNCH_DEFAULT_MAX_STEPS;
	if (ex.max_steps > UINT64_MAX - 2)	/* a stopped warp's steps exceed any budget */
		ex.max_steps = UINT64_MAX - 2;
	ex.turn = EXEC_TURN(ex.max_steps);
	ex.print_out = cfg->print_out ? cfg->print_out : stdout;
	ex.polls = DEADLINE_POLLS - 1;	/* the clock is read at the first warp */
	ex.mam = cfg->mam;
	/* the words that hand each device-side launch over to its child */
	if (interp_program_launches(p)) {
		ex.token_id = mem_new(m, AS_GLOBAL, 4 * EXEC_MAX_PENDING, "device launches");
		if (ex.token_id != 0)
			m->a[ex.token_id].elem_size = 4;
	}
	if (ex.mam) {
		const uint32_t g[3] = { cfg->grid.x, cfg->grid.y, cfg->grid.z };
		const uint32_t b[3] = { cfg->block.x, cfg->block.y, cfg->block.z };
		mam_launch_begin(ex.mam, g, b);
		for (uint32_t id = 1; id < m->n; id++)
			if (m->a[id].space == AS_GLOBAL || m->a[id].space == AS_SHARED)
				mam_track(ex.mam, id, m->a[id].space == AS_GLOBAL ? MAM_SPACE_GLOBAL
									: MAM_SPACE_SHARED);
		/* which shared bytes each block wrote: uninitialized reads;
		** and which bytes of a global buffer that starts
		** uninitialized the launch wrote (over all blocks) */
		ex.nshinit = m->n;
		ex.shinit = xcalloc(m->n, sizeof *ex.shinit);
		ex.shset = xcalloc(m->n, sizeof *ex.shset);
		for (uint32_t id = 1; id < m->n; id++)
			if (m->a[id].space == AS_SHARED && m->a[id].data && m->a[id].size)
				ex.shinit[id] = xmalloc((m->a[id].size + 7) / 8);
			else if (m->a[id].uninit && m->a[id].data && m->a[id].size) {
				ex.shinit[id] = xcalloc((m->a[id].size + 7) / 8, 1);
				/* what earlier launches and the host wrote */
				if (m->a[id].written)
					memcpy(ex.shinit[id], m->a[id].written, (m->a[id].size + 7) / 8);
			}
		uint32_t npruned;
		int kids = interp_launches_kernels(p, fn);
		/* pruning proves a site race-free among the grid's own threads;
		** a child grid's are not among them */
		if (!cfg->no_prune && !kids)
			ex.prune = prune_sites(p, fn, args, m, cfg, &npruned);
		if (cfg->fitness) {
			ex.ntouch = m->n;
			ex.touch = xcalloc(m->n, sizeof *ex.touch);
			uint32_t dyn = prog_dyn_alloc(p);
			ex.dyn_id = dyn < m->n ? dyn : 0;
		}
	}
	struct warp *ws = xcalloc(ex.nwarps, sizeof *ws);
	init_warps(ws, ex.nwarps, ex.nthreads, cfg);
	uint32_t mark = m->n;
	int coop = interp_is_cooperative(p, fn);
	rc = 0;
	if (coop) {
		rc = run_grid(&ex, fn, args, err);
		mem_release_from(m, mark);
	}
	struct dim3 ran = cfg->grid;
	int part = 0;
	for (uint32_t z = 0; z < cfg->grid.z && !ex.stopped && !coop && !part; z++)
		for (uint32_t y = 0; y < cfg->grid.y && !ex.stopped && !part; y++)
			for (uint32_t x = 0; x < cfg->grid.x && !ex.stopped && !part; x++) {
				if (cfg->partial_ok && ex.blocks_done && stop_between(&ex, x, y, z, &ran)) {
					part = 1;
					break;
				}
				ex.block[0] = x;
				ex.block[1] = y;
				ex.block[2] = z;
				shared_start(&ex);
				if (ex.mam)
					mam_block_begin(ex.mam, x + cfg->grid.x * (y + cfg->grid.y * z));
				start_block(&ex, ws, fn, args);
				run_block(&ex, ws);
				ex.blocks_done++;
				if (cfg->max_work)
					exec_past_work(&ex, 0);
				if (ex.mam)
					mam_block_end(ex.mam);
				mem_release_from(m, mark);
				/* the written-bytes maps of what the block made, but
				** its heap blocks (the ids are reused) */
				for (uint32_t id = mark; id < ex.nshinit; id++)
					if (ex.shinit[id] && (id >= m->n || !m->a[id].heap)) {
						free(ex.shinit[id]);
						ex.shinit[id] = NULL;
					}
			}
	if (ex.nkids > 0 && rc == 0)
		run_children(&ex, (uint64_t)cfg->grid.x * cfg->grid.y * cfg->grid.z);
	run_children(&ex, 0);	/* frees what a stopped launch left queued */
	if (ex.mam)
		note_incomplete(&ex, fn);
	exec_perf_finish(&ex);
	if (cfg->stats && part) {
		cfg->stats->partial++;
		cfg->stats->ran = ran;
	}
	if (cfg->stats) {
		cfg->stats->warp_insns += ex.warp_insns;
		cfg->stats->lane_insns += ex.lane_insns;
		cfg->stats->mem_accesses += ex.mem_accesses;
		cfg->stats->stopped += (uint64_t)ex.stopped;
		cfg->stats->timed_out += ex.timed_out;
		cfg->stats->work_cut += ex.work_cut;
		cfg->stats->pruned += ex.pruned;
		cfg->stats->units += ex.units;
		cfg->stats->unit_accesses += ex.unit_accesses;
		cfg->stats->shared_units += ex.shared_units;
		if (ex.dyn_high > cfg->stats->dyn_high)
			cfg->stats->dyn_high = ex.dyn_high;
	}
	free(ex.prune);
	for (uint32_t id = 0; id < ex.ntouch; id++)
		free(ex.touch[id]);
	free(ex.touch);
	for (uint32_t i = 0; i < ex.nwarps; i++)
		free_warp(&ws[i]);
	free(ws);
	for (uint32_t id = 0; id < ex.nshinit; id++) {
		/* what this launch wrote stays written for the next */
		if (ex.shinit[id] && id < m->n && m->a[id].written && m->a[id].space != AS_SHARED
		    && m->a[id].data)
			memcpy(m->a[id].written, ex.shinit[id], (m->a[id].size + 7) / 8);
		free(ex.shinit[id]);
	}
	free(ex.shinit);
	free(ex.shset);
	if (ex.token_id != 0)
		mem_release(m, ex.token_id);
	return rc;
}
