/*
** exec.c: the warp interpreter.
**
** One dispatch executes an instruction for all 32 lanes of a warp: the
** register file is slot-major (regs[slot * 32 + lane]) so the lane loops of
** ALU opcodes are straight loops the C compiler vectorises.  Lanes outside
** the active mask keep their registers (results are blended by mask).
**
** Divergence uses minimum-pc reconvergence: when lanes of a frame split,
** each waiting lane keeps its own pc, and the group with the smallest pc
** runs next; lanes meet again where their pcs become equal.  The lowering
** lays code out with loops contiguous and in topological order, which makes
** the minimum-pc group the one that must run first for the others to
** reconverge at the immediate post-dominator (docs/BYTECODE.md).
*/
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec.h"
#include "core/program.h"
#include "base/util.h"

#define WMASK(w) ((w) >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << (w)) - 1)
#define SX(v, w) ((int64_t)((uint64_t)(v) << (64 - (w))) >> (64 - (w)))

static inline float f32(uint64_t v) { uint32_t u = (uint32_t)v; float f; memcpy(&f, &u, 4); return f; }
static inline uint64_t bf32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
/* an f32 arithmetic result with the GPU's one NaN (core/mathfn.h) */
static inline uint64_t nf32(float f) { return math_f32_bits(f); }
static inline double f64(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
static inline uint64_t bf64(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

void exec_push_frame(struct warp *w, const struct program *p, uint32_t fn, uint32_t mask)
{
	if (w->depth == w->capdepth) {
		uint32_t nc = w->capdepth ? w->capdepth * 2 : 4;
		w->frames = xrealloc(w->frames, nc * sizeof *w->frames);
		memset(w->frames + w->capdepth, 0, (nc - w->capdepth) * sizeof *w->frames);
		w->capdepth = nc;
	}
	struct frame *f = &w->frames[w->depth++];
	uint32_t ns = p->funcs[fn].nslots;
	if (f->nslots < ns || f->regs == NULL) {
		free(f->regs);
		f->regs = xcalloc((size_t)(ns ? ns : 1) * 32, sizeof(uint64_t));
		f->nslots = ns;
	}
	f->fn = fn;
	f->entered = mask;
	f->returned = 0;
	f->waiting = 0;
	f->bar_blocked = 0;
	f->ws_blocked = 0;
	w->active = mask;
	w->pc = 0;
}

int exec_past_deadline(struct exec *ex)
{
	if (!stop_signal_seen && (ex->cfg->deadline <= 0 || mono_seconds() < ex->cfg->deadline))
		return 0;
	ex->stopped = 1;
	ex->timed_out = 1;
	return 1;
}

/* A launch past twice its work budget by this projection is cut early
** (docs/DECISIONS.md, "A launch that will not finish is cut early"). */
#define WORK_PROJECTION_MARGIN 2.0

int exec_past_work(struct exec *ex, int in_block)
{
	const uint64_t budget = ex->cfg->max_work;
	if (budget == 0 || ex->work_cut)
		return ex->work_cut;
	/* the running block's steps so far: a lower bound of its own work */
	uint64_t cur = 0;
	for (uint32_t i = 0; in_block && ex->ws && i < ex->nwarps; i++)
		cur += ex->ws[i].steps;
	uint64_t done = ex->warp_insns + cur, blocks = ex->blocks_done + (cur > 0);
	if (blocks == 0)
		return 0;
	const struct dim3 *g = &ex->cfg->grid;
	double nblocks = (double)g->x * g->y * g->z;
	/* the blocks so far (the running one as a whole one) as the average block */
	double projected = (double)done / (double)blocks * nblocks;
	/* a launch that may stop between blocks (launch_cfg partial_ok)
	** does so before it would pass the budget: only a block or a row
	** that runs away from it ends it here */
	if (ex->cfg->partial_ok ? (double)done <= WORK_PROJECTION_MARGIN * (double)budget
				: done <= budget && projected <= WORK_PROJECTION_MARGIN * (double)budget)
		return 0;
	ex->stopped = 1;
	ex->work_cut = 1;
	return 1;
}

/* Ends the launch: W, the warp running (or NULL), leaves at its next
** step check, which sees its steps past any budget. */
static void stop_launch(struct exec *ex, struct warp *w)
{
	ex->stopped = 1;
	if (w != NULL && ex->stop_warp == NULL) {
		ex->stop_warp = w;
		ex->stop_steps = w->steps;
		w->steps = UINT64_MAX - 1;
	}
}

/* Records finding K of lane LANE at instruction (FN, PC), cited at LOC,
** about WHERE ("SPACE 'name'" or NULL).  Returns it when new, NULL when it
** was only counted or the launch has stopped. */
static struct finding *record(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
			      const struct srcloc *loc, enum finding_kind k, uint64_t addr,
			      const char *where, const char *detail)
{
	if (ex->stopped)
		return NULL;
	struct finding *old = findings_find(ex->out, k, fn, pc), *fd = NULL;
	if (old != NULL) {
		old->count++;
	} else {
		struct thread_id who = { { ex->block[0], ex->block[1], ex->block[2] },
					 { w->tid[0][lane], w->tid[1][lane], w->tid[2][lane] } };
		fd = findings_add(ex->out, k, fn, pc, loc, &who, addr, where, detail);
	}
	if (exec_stops_on(ex, k))
		stop_launch(ex, w);
	return fd;
}

/* Records finding K of lane LANE at instruction (FN, PC), cited at LOC;
** ADDR, when not 0, is named.  Returns it when new, else NULL. */
static struct finding *finding_at(struct exec *ex, struct warp *w, int lane, uint32_t fn,
				  uint32_t pc, const struct srcloc *loc, enum finding_kind k,
				  uint64_t addr, const char *detail)
{
	if (ex->stopped)
		return NULL;
	struct finding *old = findings_find(ex->out, k, fn, pc);
	if (old != NULL) {
		old->count++;
		if (exec_stops_on(ex, k))
			stop_launch(ex, w);
		return NULL;
	}
	char where[256] = "";
	if (addr)
		mem_name_addr(ex->m, addr, where, sizeof where);
	struct finding *fd = record(ex, w, lane, fn, pc, loc, k, addr, where[0] ? where : NULL, detail);
	if (fd != NULL)
		if (ex->origin != UINT32_MAX)
			fd->launched_by = ex->p->sites[ex->origin].loc;
	if (fd != NULL && where[0]) {
		/* the space of what it names: global for anything not shared,
		** local or constant (parameter memory included) */
		uint8_t as = ex->m->a[MEM_ID(addr)].space;
		fd->space = as == AS_SHARED || as == AS_LOCAL || as == AS_CONST ? as : AS_GLOBAL;
	}
	return fd;
}

uint32_t exec_insn_site(const struct program *p, uint32_t fn, uint32_t pc)
{
	const struct func *f = &p->funcs[fn];
	const struct insn *I = pc < f->ncode ? &f->code[pc] : NULL;
	if (I && (I->op == OP_LOAD || I->op == OP_STORE || I->op == OP_ATOMIC || I->op == OP_CMPXCHG
		  || I->op == OP_MEMCPY || I->op == OP_MEMSET || I->op == OP_BARRIER
		  || I->op == OP_TEX || I->op == OP_SULD || I->op == OP_SUST)
	    && I->x < p->nsites)
		return I->x;
	return UINT32_MAX;
}

static uint32_t user_depth(const struct program *p, const struct warp *w, uint32_t d);

struct finding *exec_finding(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
			     enum finding_kind k, uint64_t addr, const char *detail)
{
	const struct program *p = ex->p;
	/* in a CUDA header's function (clang's atomicMin, a libdevice
	** wrapper) the user's call of it is the site, as for asserts */
	if (w != NULL && w->depth > 0 && w->frames[w->depth - 1].fn == fn) {
		uint32_t u = user_depth(p, w, w->depth - 1);
		if (u != w->depth - 1) {
			fn = w->frames[u].fn;
			pc = w->frames[u].call_pc;
		}
	}
	const struct func *f = &p->funcs[fn];
	struct srcloc loc = { f->file, f->demangled, pc < f->ncode ? f->line[pc] : 0, 0 };
	uint32_t site = exec_insn_site(p, fn, pc);
	if (site != UINT32_MAX)
		loc = p->sites[site].loc;
	return finding_at(ex, w, lane, fn, pc, &loc, k, addr, detail);
}

/* The value X that makes integer comparison F true with X on its left
** (SIDE 0) or right (1) and OTHER on the other side, of VM's width, the
** closest to OTHER. */
static uint64_t cmp_flip(unsigned f, int side, uint64_t other, uint64_t vm)
{
	/* with X on the right, X > OTHER is OTHER < X: mirror the order */
	static const unsigned mirror[] = { ICMP_EQ, ICMP_NE, ICMP_ULT, ICMP_ULE, ICMP_UGT,
					   ICMP_UGE, ICMP_SLT, ICMP_SLE, ICMP_SGT, ICMP_SGE };
	if (side && f < sizeof mirror / sizeof mirror[0])
		f = mirror[f];
	switch (f) {
	case ICMP_NE: return (other + 1) & vm;
	case ICMP_UGT: case ICMP_SGT: return (other + 1) & vm;
	case ICMP_ULT: case ICMP_SLT: return (other - 1) & vm;
	default: return other;	/* EQ, and the orders that hold at equality */
	}
}

/* Notes in LG that watched value K, in a comparison that came out false,
** needs OTHER to make it true.  Only the first match of a comparison
** counts (*LATEST set, then cleared): it becomes the latest.  Distinct
** pairs are kept; when the log is full the one after the latest is
** replaced (a loop's comparisons do not crowd out the assert's). */
static void cmp_put(struct cmp_log *lg, uint32_t k, uint64_t other, int *latest)
{
	if (!*latest)
		return;
	uint32_t i = 0;
	while (i < lg->n && !(lg->e[i].watch == k && lg->e[i].other == other))
		i++;
	if (i == lg->n) {
		if (lg->n < CMP_LOG_MAX)
			lg->n++;
		else
			i = (lg->last + 1) % CMP_LOG_MAX;
		lg->e[i].watch = k;
		lg->e[i].other = other;
	}
	lg->last = i;
	lg->failed = 1;
	*latest = 0;
}

/* Input-to-state (struct launch_cfg cmplog): an integer comparison F of A
** with B, both of VM's width, that came out false (an assert's, a
** precondition's) records, for the first watched value one of them equals
** (the left first: blockDim.y == 8 in a block of 32 x 32 compares 32 with
** 8 for both dimensions), the value closest to the other side that makes
** it true; it becomes the latest (before a failed assert stops the
** launch, the faulting thread's).  One that matches no watched value sets
** the log's unnamed instead. */
static void cmp_note(const struct launch_cfg *cfg, unsigned f, uint64_t a, uint64_t b, uint64_t vm)
{
	uint64_t sb = (vm >> 1) + 1, sa = a ^ sb, sbv = b ^ sb;
	int res;
	switch (f) {
	case ICMP_NE: res = a != b; break;
	case ICMP_UGT: res = a > b; break;
	case ICMP_UGE: res = a >= b; break;
	case ICMP_ULT: res = a < b; break;
	case ICMP_ULE: res = a <= b; break;
	case ICMP_SGT: res = sa > sbv; break;
	case ICMP_SGE: res = sa >= sbv; break;
	case ICMP_SLT: res = sa < sbv; break;
	case ICMP_SLE: res = sa <= sbv; break;
	default: res = a == b; break;
	}
	if (res)
		return;
	int latest = 1;
	for (int side = 0; side < 2; side++) {
		uint64_t x = side ? b : a, y = side ? a : b;
		for (uint32_t k = 0; k < cfg->nwatch; k++)
			if ((cfg->watch_fp == NULL || cfg->watch_fp[k] == 0) && (cfg->watch[k] & vm) == x)
				cmp_put(cfg->cmplog, k, cmp_flip(f, side, y, vm), &latest);
	}
	cfg->cmplog->unnamed = (uint8_t)latest;
}

/* Y as the bits of a float of WIDTH 32 or 64, moved by one step toward
** -infinity (DIR < 0) or +infinity (DIR > 0) unless it already lies
** strictly on that side of Y: the closest value of the type that is below
** (above) Y, or Y itself (DIR 0, rounded to the type). */
static uint64_t fp_beside(double y, int dir, unsigned width)
{
	if (width == 32) {
		float t = (float)y;
		if ((dir < 0 && !((double)t < y)) || (dir > 0 && !((double)t > y)))
			t = nextafterf(t, dir < 0 ? -INFINITY : INFINITY);
		return bf32(t);
	}
	if (dir != 0)
		y = nextafter(y, dir < 0 ? -INFINITY : INFINITY);
	return bf64(y);
}

/* Input-to-state for floating-point comparison F of A with B (widened to
** double): as cmp_note, for the watched floats (launch_cfg watch_fp), the
** closest value of the watched value's type that makes it true (x < 0.5f
** false: the float below 0.5f). */
static int fcmp(unsigned pred, double a, double b);

static void fcmp_note(const struct launch_cfg *cfg, unsigned f, double a, double b)
{
	if (cfg->watch_fp == NULL || isnan(a) || isnan(b) || fcmp(f, a, b))
		return;
	int latest = 1;
	for (int side = 0; side < 2; side++) {
		double x = side ? b : a, y = side ? a : b;
		/* where X must move with Y on the other side: below (-1) for
		** X < Y, above (1) for X > Y or X != Y, onto it (0) else */
		int dir = 0;
		switch (f) {
		case FCMP_OLT: case FCMP_ULT: dir = -1; break;
		case FCMP_OGT: case FCMP_UGT: dir = 1; break;
		case FCMP_ONE: case FCMP_UNE: dir = 1; break;
		default: break;
		}
		if (side && f != FCMP_ONE && f != FCMP_UNE)
			dir = -dir;
		for (uint32_t k = 0; k < cfg->nwatch; k++) {
			unsigned wd = cfg->watch_fp[k];
			if (wd == 0 || (wd == 32 ? (double)f32(cfg->watch[k]) : f64(cfg->watch[k])) != x)
				continue;
			cmp_put(cfg->cmplog, k, fp_beside(y, dir, wd), &latest);
		}
	}
	cfg->cmplog->unnamed = (uint8_t)latest;
}

/* Lanes M of W leave the kernel at instruction PC of function FN (a
** barrier divergence says where they went). */
static void note_exit(struct warp *w, uint32_t m, uint32_t fn, uint32_t pc)
{
	for (; m; m &= m - 1) {
		int l = __builtin_ctz(m);
		w->exit_fn[l] = fn;
		w->exit_pc[l] = pc;
	}
}

/* Picks the next group of the top frame: the waiting lanes with the
** smallest pc.  Returns 0 if no lane of the top frame can run. */
static int resched(struct warp *w)
{
	struct frame *fr = &w->frames[w->depth - 1];
	uint32_t run = fr->waiting;
	if (w->active) {
		/* the running group joins the waiting lanes at its pc */
		for (uint32_t m = w->active; m; m &= m - 1)
			fr->pc[__builtin_ctz(m)] = w->pc;
		run |= w->active;
		w->active = 0;
	}
	if (run == 0) {
		fr->waiting = 0;
		return 0;
	}
	uint32_t best;
	if (exec_lanes_at_one_pc(fr->pc, run, &best)) {
		w->active = run;
		w->pc = best;
		fr->waiting = 0;
		return 1;
	}
	best = UINT32_MAX;
	for (uint32_t m = run; m; m &= m - 1) {
		uint32_t pc = fr->pc[__builtin_ctz(m)];
		if (pc < best)
			best = pc;
	}
	uint32_t grp = 0;
	for (uint32_t m = run; m; m &= m - 1) {
		int l = __builtin_ctz(m);
		if (fr->pc[l] == best)
			grp |= 1u << l;
	}
	w->active = grp;
	w->pc = best;
	fr->waiting = run & ~grp;
	return 1;
}

/* Directed rounding: the host FPU's mode around one operation.  volatile
** keeps the compiler from moving the arithmetic across fesetround. */
static int fe_mode(uint32_t mode)
{
	switch (mode) {
	case RND_ZERO: return FE_TOWARDZERO;
	case RND_DOWN: return FE_DOWNWARD;
	case RND_UP: return FE_UPWARD;
	default: return FE_TONEAREST;
	}
}

static uint64_t frnd32(unsigned opk, uint32_t mode, uint64_t a, uint64_t b, uint64_t c)
{
	volatile float x = f32(a), y = f32(b), z = f32(c), r;
	if (mode != RND_NEAREST)
		fesetround(fe_mode(mode));
	switch (opk) {
	case 0: r = x + y; break;
	case 1: r = x * y; break;
	case 2: r = x / y; break;
	case 3: r = fmaf(x, y, z); break;
	case 4: r = sqrtf(x); break;
	case 5: r = 1.0f / x; break;
	default: r = x - y; break;
	}
	if (mode != RND_NEAREST)
		fesetround(FE_TONEAREST);
	return nf32(r);
}

static uint64_t frnd64(unsigned opk, uint32_t mode, uint64_t a, uint64_t b, uint64_t c)
{
	volatile double x = f64(a), y = f64(b), z = f64(c), r;
	if (mode != RND_NEAREST)
		fesetround(fe_mode(mode));
	switch (opk) {
	case 0: r = x + y; break;
	case 1: r = x * y; break;
	case 2: r = x / y; break;
	case 3: r = fma(x, y, z); break;
	case 4: r = sqrt(x); break;
	case 5: r = 1.0 / x; break;
	default: r = x - y; break;
	}
	if (mode != RND_NEAREST)
		fesetround(FE_TONEAREST);
	return bf64(r);
}

static double round_mode(double x, uint32_t mode)
{
	switch (mode) {
	case RND_ZERO: return trunc(x);
	case RND_DOWN: return floor(x);
	case RND_UP: return ceil(x);
	default: return nearbyint(x);
	}
}

/* float -> integer as PTX cvt does: rounded, saturated, NaN -> 0. */
static uint64_t f2i(double x, uint32_t mode, unsigned w, int sgn)
{
	if (isnan(x))
		return 0;
	x = round_mode(x, mode);
	if (sgn) {
		double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1);
		int64_t v;
		if (x <= lo)
			v = w == 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
		else if (x >= hi)
			v = w == 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1;
		else
			v = (int64_t)x;
		return (uint64_t)v & WMASK(w);
	}
	double hi = ldexp(1.0, (int)w);
	if (x <= 0)
		return 0;
	if (x >= hi)
		return WMASK(w);
	return (uint64_t)x & WMASK(w);
}

/* integer -> float with a rounding mode: the host FPU rounds the
** conversion (volatile keeps it after fesetround) */
static uint64_t i2f(unsigned kind, unsigned w, uint32_t mode, uint64_t a)
{
	volatile int64_t s = SX(a, w);
	volatile uint64_t u = a & WMASK(w);
	uint64_t r;
	fesetround(fe_mode(mode));
	switch (kind) {
	case CVT_SI_TO_F32: { volatile float f = (float)s; r = bf32(f); break; }
	case CVT_UI_TO_F32: { volatile float f = (float)u; r = bf32(f); break; }
	case CVT_SI_TO_F64: { volatile double d = (double)s; r = bf64(d); break; }
	default: { volatile double d = (double)u; r = bf64(d); break; }
	}
	fesetround(FE_TONEAREST);
	return r;
}

static uint64_t cvt(unsigned kind, unsigned w, uint32_t mode, uint64_t a)
{
	if (mode != RND_NEAREST && kind >= CVT_SI_TO_F32 && kind <= CVT_UI_TO_F64)
		return i2f(kind, w, mode, a);
	if (mode != RND_NEAREST && kind == CVT_F64_TO_F32) {
		volatile double d = f64(a);
		fesetround(fe_mode(mode));
		volatile float f = (float)d;
		fesetround(FE_TONEAREST);
		return bf32(f);
	}
	switch (kind) {
	case CVT_F32_TO_SI: case CVT_F32_TO_SI_SAT: return f2i(f32(a), mode, w, 1);
	case CVT_F32_TO_UI: case CVT_F32_TO_UI_SAT: return f2i(f32(a), mode, w, 0);
	case CVT_F64_TO_SI: case CVT_F64_TO_SI_SAT: return f2i(f64(a), mode, w, 1);
	case CVT_F64_TO_UI: case CVT_F64_TO_UI_SAT: return f2i(f64(a), mode, w, 0);
	case CVT_SI_TO_F32: return bf32((float)SX(a, w));
	case CVT_UI_TO_F32: return bf32((float)(a & WMASK(w)));
	case CVT_SI_TO_F64: return bf64((double)SX(a, w));
	case CVT_UI_TO_F64: return bf64((double)(a & WMASK(w)));
	case CVT_F32_TO_F64: return bf64((double)f32(a));
	case CVT_F64_TO_F32: return bf32((float)f64(a));
	case CVT_F16_TO_F32: return bf32(math_f16_to_f32((uint16_t)a));
	case CVT_F32_TO_F16: return math_f32_to_f16(f32(a));
	case CVT_F16_TO_F64: return bf64((double)math_f16_to_f32((uint16_t)a));
	case CVT_F64_TO_F16: return math_f64_to_f16(f64(a));
	case CVT_BF16_TO_F32: return (a & 0xffff) << 16;
	case CVT_F32_TO_BF16: {
		uint32_t u = (uint32_t)a;
		if ((u & 0x7fffffff) > 0x7f800000)
			return (u >> 16) | 0x40;
		u += 0x7fff + ((u >> 16) & 1);
		return u >> 16;
	}
	}
	return 0;
}

/* llvm.is.fpclass: whether V (bits of format FMT) is in one of the classes
** of MASK (bit 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal,
** 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf). */
static uint64_t fpclass(unsigned fmt, uint64_t v, uint64_t mask)
{
	static const unsigned ebits[] = { 5, 8, 8, 11 }, mbits[] = { 10, 7, 23, 52 };
	unsigned eb = ebits[fmt & 3], mb = mbits[fmt & 3];
	uint64_t man = v & WMASK(mb), ex = (v >> mb) & WMASK(eb);
	int neg = (int)((v >> (mb + eb)) & 1);
	unsigned cls;
	if (ex == WMASK(eb))
		cls = man == 0 ? (neg ? 2 : 9) : (unsigned)((man >> (mb - 1)) & 1);
	else if (ex == 0)
		cls = man == 0 ? (neg ? 5 : 6) : (neg ? 4 : 7);
	else
		cls = neg ? 3 : 8;
	return (mask >> cls) & 1;
}

static int fcmp(unsigned pred, double a, double b)
{
	int uno = isnan(a) || isnan(b);
	switch (pred) {
	case FCMP_FALSE: return 0;
	case FCMP_OEQ: return !uno && a == b;
	case FCMP_OGT: return !uno && a > b;
	case FCMP_OGE: return !uno && a >= b;
	case FCMP_OLT: return !uno && a < b;
	case FCMP_OLE: return !uno && a <= b;
	case FCMP_ONE: return !uno && a != b;
	case FCMP_ORD: return !uno;
	case FCMP_UNO: return uno;
	case FCMP_UEQ: return uno || a == b;
	case FCMP_UGT: return uno || a > b;
	case FCMP_UGE: return uno || a >= b;
	case FCMP_ULT: return uno || a < b;
	case FCMP_ULE: return uno || a <= b;
	case FCMP_UNE: return uno || a != b;
	default: return 1;
	}
}

static uint64_t iunary(unsigned f, uint64_t a, unsigned w)
{
	a &= WMASK(w);
	switch (f) {
	case 0: { int64_t s = SX(a, w); return (s < 0 ? 0 - (uint64_t)s : (uint64_t)s) & WMASK(w); }
	case 1: return (uint64_t)__builtin_popcountll(a);
	case 2: return a == 0 ? w : (uint64_t)(__builtin_clzll(a) - (64 - (int)w));
	case 3: return a == 0 ? w : (uint64_t)__builtin_ctzll(a);
	case 4: return __builtin_bswap64(a) >> (64 - w);
	default: {
		uint64_t r = 0;
		for (unsigned i = 0; i < w; i++)
			r |= ((a >> i) & 1) << (w - 1 - i);
		return r;
	}
	}
}

/* PTX prmt (default mode): each selector nibble picks one of the eight
** bytes of b:a, its top bit replicating that byte's sign. */
static uint64_t prmt(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t bytes = (a & 0xffffffffu) | ((b & 0xffffffffu) << 32), r = 0;
	for (int i = 0; i < 4; i++) {
		unsigned sel = (unsigned)(c >> (4 * i)) & 0xf;
		uint64_t byte = (bytes >> (8 * (sel & 7))) & 0xff;
		if (sel & 8)
			byte = (byte & 0x80) ? 0xff : 0;
		r |= byte << (8 * i);
	}
	return r;
}

/* Element I (W bits) of V, sign- or zero-extended. */
static int64_t vs_elem(uint64_t v, unsigned i, unsigned w, int sgn)
{
	uint64_t e = (v >> (i * w)) & WMASK(w);
	return sgn ? SX(e, w) : (int64_t)e;
}

/* PTX video SIMD (vadd2, vabsdiff4, vset2, ...) and dp4a/dp2a over the
** 32-bit operands a, b, c: per element an exact result, clamped with .sat,
** then either merged into a word or, with .add, summed into c. */
static uint64_t vsimd(unsigned f, unsigned w, uint32_t fl, uint64_t a, uint64_t b, uint64_t c)
{
	int as = fl & VSF_ASIGNED, bs = fl & VSF_BSIGNED;
	if (f == VS_DP4A || f == VS_DP2A_LO || f == VS_DP2A_HI) {
		int64_t acc = (int64_t)(uint32_t)c;
		if (f == VS_DP4A) {
			for (unsigned i = 0; i < 4; i++)
				acc += vs_elem(a, i, 8, as) * vs_elem(b, i, 8, bs);
		} else {
			unsigned off = f == VS_DP2A_HI ? 2 : 0;
			for (unsigned i = 0; i < 2; i++)
				acc += vs_elem(a, i, 16, as) * vs_elem(b, i + off, 8, bs);
		}
		return (uint64_t)acc & 0xffffffffu;
	}
	unsigned n = 32 / w;
	uint64_t r = 0;
	int64_t sum = 0;
	for (unsigned i = 0; i < n; i++) {
		int64_t x = vs_elem(a, i, w, as), y = vs_elem(b, i, w, bs), t;
		switch (f) {
		case VS_ADD: t = x + y; break;
		case VS_SUB: t = x - y; break;
		case VS_ABSDIFF: t = x > y ? x - y : y - x; break;
		case VS_AVRG: t = (x + y + 1) >> 1; break;
		case VS_MIN: t = x < y ? x : y; break;
		case VS_MAX: t = x > y ? x : y; break;
		default:
			switch (fl >> VSF_CMP_SHIFT) {
			case VSC_EQ: t = x == y; break;
			case VSC_NE: t = x != y; break;
			case VSC_LT: t = x < y; break;
			case VSC_LE: t = x <= y; break;
			case VSC_GT: t = x > y; break;
			default: t = x >= y; break;
			}
			break;
		}
		if (fl & VSF_SAT) {
			int64_t lo = fl & VSF_DSIGNED ? -(INT64_C(1) << (w - 1)) : 0;
			int64_t hi = fl & VSF_DSIGNED ? (INT64_C(1) << (w - 1)) - 1 : (INT64_C(1) << w) - 1;
			t = t < lo ? lo : t > hi ? hi : t;
		}
		sum += t;
		r |= ((uint64_t)t & WMASK(w)) << (i * w);
	}
	return fl & VSF_ADD ? (uint64_t)(sum + (int64_t)(uint32_t)c) & 0xffffffffu : r;
}

static uint64_t atomic_op(unsigned f, uint64_t old, uint64_t v, unsigned bytes)
{
	unsigned w = bytes * 8;
	uint64_t m = WMASK(w);
	switch (f) {
	case AT_XCHG: return v;
	case AT_ADD: return (old + v) & m;
	case AT_SUB: return (old - v) & m;
	case AT_AND: return old & v;
	case AT_NAND: return ~(old & v) & m;
	case AT_OR: return old | v;
	case AT_XOR: return old ^ v;
	case AT_MAX: return SX(old, w) >= SX(v, w) ? old : v;
	case AT_MIN: return SX(old, w) <= SX(v, w) ? old : v;
	case AT_UMAX: return old >= v ? old : v;
	case AT_UMIN: return old <= v ? old : v;
	case AT_FADD: return nf32(f32(old) + f32(v));
	case AT_FSUB: return nf32(f32(old) - f32(v));
	case AT_FMAX: return bf32(fmaxf(f32(old), f32(v)));
	case AT_FMIN: return bf32(fminf(f32(old), f32(v)));
	case AT_FADD64: return bf64(f64(old) + f64(v));
	case AT_FSUB64: return bf64(f64(old) - f64(v));
	case AT_FMAX64: return bf64(fmax(f64(old), f64(v)));
	case AT_FMIN64: return bf64(fmin(f64(old), f64(v)));
	case AT_UINC: return old >= v ? 0 : (old + 1) & m;
	case AT_UDEC: return (old == 0 || old > v) ? v : old - 1;
	}
	return old;
}

static inline uint64_t load_n(const uint8_t *p, unsigned n)
{
	switch (n) {
	case 1: return *p;
	case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
	case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
	default: { uint64_t v; memcpy(&v, p, 8); return v; }
	}
}

static inline void store_n(uint8_t *p, unsigned n, uint64_t v)
{
	switch (n) {
	case 1: *p = (uint8_t)v; break;
	case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	default: memcpy(p, &v, 8); break;
	}
}

static enum finding_kind fault_kind(enum mem_fault f)
{
	switch (f) {
	case MF_NULL: return FK_NULL;
	case MF_INVALID: return FK_INVALID_PTR;
	case MF_MISALIGNED: return FK_MISALIGNED;
	case MF_READONLY: return FK_READONLY;
	case MF_BUDGET: return FK_MEMORY_BUDGET;
	default: return FK_OOB;
	}
}

/* What the search reads from a memory fault FD at (FN, PC) of W, lane
** address ADDR: the dependence mask of the user's site and, for an
** out-of-bounds access, the variable, the dimension left and the index. */
static void describe_fault(struct exec *ex, struct warp *w, struct finding *fd, uint32_t fn,
			   uint32_t pc, uint64_t addr)
{
	const struct program *p = ex->p;
	uint32_t site = exec_insn_site(p, fn, pc);
	if (site != UINT32_MAX && w->depth > 0)
		fd->dep = p->sites[exec_user_site(p, w, w->depth - 1, site)].dep;
	uint32_t id = MEM_ID(addr);
	if (fd->kind != FK_OOB || id >= ex->m->n)
		return;
	const struct mem_alloc *a = &ex->m->a[id];
	/* variable v's id is load_options' id_base + v + 1 unless it is
	** another program's (gvar.shared) */
	uint32_t base = p->ngvars ? p->gvars[p->ngvars - 1].alloc_id - p->ngvars : 0;
	if (p->ngvars && id > base && id - base - 1 < p->ngvars
	    && p->gvars[id - base - 1].alloc_id == id)
		fd->var = id - base - 1;
	for (uint32_t v = 0; v < p->ngvars && fd->var == FINDING_NO_VAR; v++)
		if (p->gvars[v].alloc_id == id)
			fd->var = v;
	/* below the allocation the offset wraps: negative as int64_t */
	int64_t off = (int64_t)MEM_OFF(addr);
	uint64_t es = a->elem_size ? a->elem_size : 1;
	if (a->ndims >= 1 && a->dims != NULL) {
		uint64_t row = es;
		for (unsigned d = 1; d < a->ndims; d++)
			row *= a->dims[d] ? a->dims[d] : 1;
		fd->dim = 1;
		fd->extent = a->dims[0] ? a->dims[0] : a->size / row;
		fd->index = floor_div(off, (int64_t)row);
	} else {
		fd->dim = 0;
		fd->extent = a->size / es;
		fd->index = floor_div(off, (int64_t)es);
	}
}

/* ", out of bounds of 'a' (32 elements): index -1" for out-of-bounds
** address ADDR, in BUF: the allocation its pointer came from (pointers keep
** it, mem.h), with the index in elements of the outermost dimension. */
static void oob_words(const struct mem *m, uint64_t addr, char *buf, size_t n)
{
	uint32_t id = MEM_ID(addr);
	buf[0] = '\0';
	if (id == 0 || id >= m->n || m->a[id].name == NULL)
		return;
	const struct mem_alloc *a = &m->a[id];
	int64_t off = (int64_t)MEM_OFF(addr), row = a->elem_size ? a->elem_size : 1;
	for (unsigned d = 1; a->dims != NULL && d < a->ndims; d++)
		row *= a->dims[d] ? a->dims[d] : 1;
	int64_t idx = floor_div(off, row);
	if (a->sparse && off >= 0)
		snprintf(buf, n, ", out of bounds of '%s' (a buffer of unknown size has at most 2^31): "
			 "index %lld", a->name, (long long)idx);
	else if (a->sparse)
		snprintf(buf, n, ", out of bounds of '%s': index %lld (below its start)", a->name,
			 (long long)idx);
	else
		snprintf(buf, n, ", out of bounds of '%s' (%llu %s%s): index %lld%s", a->name,
			 (unsigned long long)(a->size / (uint64_t)row), a->heap ? "byte" : "element",
			 a->size == (uint64_t)row ? "" : "s", (long long)idx,
			 idx < 0 ? " (below its start)" : "");
}

static void mem_fault_finding(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
			      enum mem_fault f, uint64_t addr, unsigned size, int write)
{
	if (ex->stopped)
		return;
	struct finding *old = findings_find(ex->out, fault_kind(f), fn, pc);
	if (old != NULL) {	/* counted only: skip the formatting */
		old->count++;
		if (exec_stops_on(ex, fault_kind(f)))
			stop_launch(ex, w);
		return;
	}
	char detail[400];
	int k = snprintf(detail, sizeof detail, "%s of %u byte%s at address 0x%llx",
			 write ? "write" : "read", size, size == 1 ? "" : "s",
			 (unsigned long long)addr);
	if (f == MF_OOB && k > 0 && (size_t)k < sizeof detail)
		oob_words(ex->m, addr, detail + k, sizeof detail - (size_t)k);
	if (f == MF_BUDGET && k > 0 && (size_t)k < sizeof detail)
		snprintf(detail + k, sizeof detail - (size_t)k, ": the launch's simulated memory would "
			 "pass its budget of %llu bytes (--max-memory)", (unsigned long long)ex->m->limit);
	uint32_t id = MEM_ID(addr);
	if (f == MF_INVALID && id < ex->m->n && ex->m->a[id].heap && k > 0 && (size_t)k < sizeof detail)
		snprintf(detail + k, sizeof detail - (size_t)k, ", in a heap block freed before "
			 "(use after free)");
	struct finding *fd = exec_finding(ex, w, lane, fn, pc, fault_kind(f), addr, detail);
	if (fd != NULL)
		describe_fault(ex, w, fd, fn, pc, addr);
}

/* Lane LANE's index IDX broke subscript check I at (FN, PC): one finding
** per instruction, counted per lane. */
static void subscript_finding(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
			      const struct insn *I, int64_t idx)
{
	const struct program *p = ex->p;
	if (ex->stopped || I->x >= p->nsubs)
		return;
	const struct subscript *s = &p->subs[I->x];
	struct finding *old = findings_find(ex->out, FK_SUBSCRIPT, fn, pc);
	if (old != NULL) {
		old->count++;
		if (exec_stops_on(ex, FK_SUBSCRIPT))
			stop_launch(ex, w);
		return;
	}
	static const char *const spaces[] = { [AS_SHARED] = "shared", [AS_LOCAL] = "local",
					      [AS_CONST] = "constant", [AS_GLOBAL] = "global" };
	const char *sp = s->space < sizeof spaces / sizeof spaces[0] && spaces[s->space]
			 ? spaces[s->space] : "global";
	char where[300], deps[160], detail[400];
	snprintf(where, sizeof where, "%s '%s'", sp, s->name ? s->name : "?");
	prog_dep_print(s->dep, deps, sizeof deps);
	snprintf(detail, sizeof detail,
		 "the address stays inside the %s, in another element; the index depends on %s",
		 s->member != PROG_NO_VAR ? "struct" : "array", deps);
	struct finding *fd = record(ex, w, lane, fn, pc, &s->loc, FK_SUBSCRIPT, 0, where, detail);
	if (fd == NULL)
		return;
	fd->dep = s->dep;
	fd->var = s->var;
	fd->member = s->member;
	fd->dim = s->dim;
	fd->extent = s->extent;
	fd->index = idx;
}

/* vprintf: the argument buffer holds each argument at its natural
** alignment (8 for double, long, pointers; 4 for int). */
static void do_printf(struct exec *ex, struct warp *w, int lane, uint64_t fmtp, uint64_t argp)
{
	char *fmt = mem_strdup(ex->m, fmtp, 4096);
	char out[8192];
	size_t o = 0;
	uint64_t off = 0;
	if (!ex->cfg->printf_plain)
		o += (size_t)snprintf(out, sizeof out, "[block (%u,%u,%u) thread (%u,%u,%u)] ",
				      ex->block[0], ex->block[1], ex->block[2],
				      w->tid[0][lane], w->tid[1][lane], w->tid[2][lane]);
	for (const char *p = fmt; *p && o < sizeof out - 1;) {
		if (*p != '%') {
			out[o++] = *p++;
			continue;
		}
		if (p[1] == '%') {
			out[o++] = '%';
			p += 2;
			continue;
		}
		char spec[32];
		size_t k = 0;
		spec[k++] = *p++;
		int longs = 0;
		while (*p && strchr("0123456789.-+ #lhzjt", *p) && k < sizeof spec - 2) {
			if (*p == 'l')
				longs++;
			spec[k++] = *p++;
		}
		char conv = *p ? *p++ : 'd';
		spec[k++] = conv;
		spec[k] = '\0';
		char buf[1024];
		uint64_t v = 0;
		int is64 = strchr("eEfFgGaA", conv) || conv == 's' || conv == 'p' || longs > 0;
		unsigned sz = is64 ? 8 : 4;
		off = (off + sz - 1) & ~(uint64_t)(sz - 1);
		if (argp)
			mem_read(ex->m, argp + off, &v, sz, NULL);
		off += sz;
		/* print through a normalised spec: strip length modifiers */
		char ns[40];
		size_t q = 0;
		for (size_t i = 0; i < k - 1; i++)
			if (!strchr("lhzjt", spec[i]))
				ns[q++] = spec[i];
		if (strchr("eEfFgGaA", conv)) {
			ns[q++] = conv;
			ns[q] = '\0';
			snprintf(buf, sizeof buf, ns, f64(v));
		} else if (conv == 's') {
			char *s = mem_strdup(ex->m, v, 512);
			ns[q++] = 's';
			ns[q] = '\0';
			snprintf(buf, sizeof buf, ns, s);
			free(s);
		} else if (conv == 'c') {
			ns[q++] = 'c';
			ns[q] = '\0';
			snprintf(buf, sizeof buf, ns, (int)(uint8_t)v);
		} else if (conv == 'p') {
			snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
		} else {
			ns[q++] = 'l';
			ns[q++] = 'l';
			ns[q++] = conv;
			ns[q] = '\0';
			if (strchr("di", conv))
				snprintf(buf, sizeof buf, ns, is64 ? (long long)v : (long long)(int32_t)v);
			else
				snprintf(buf, sizeof buf, ns, is64 ? (unsigned long long)v
					 : (unsigned long long)(uint32_t)v);
		}
		for (const char *b = buf; *b && o < sizeof out - 1; b++)
			out[o++] = *b;
	}
	out[o] = '\0';
	fputs(out, ex->print_out);
	free(fmt);
}

/* Enters function CALLEE for lanes MASK of the top frame, at the CALL or
** ICALL I at PC: the arguments go to the callee's parameter slots and its
** frame becomes the top one.  A callee without code, or a call too deep,
** is reported and the lanes exit instead. */
static void enter_call(struct exec *ex, struct warp *w, const struct insn *I, uint32_t pc,
		       uint32_t callee, uint32_t mask)
{
	const struct program *p = ex->p;
	struct frame *fr = &w->frames[w->depth - 1];
	const struct func *cf = &p->funcs[callee];
	const char *why = NULL;
	char detail[300];
	enum finding_kind k = FK_TRAP;
	if (cf->code == NULL) {
		snprintf(detail, sizeof detail, "call to %s, which could not be lowered",
			 cf->demangled);
		why = detail;
	} else if (w->depth >= 256) {
		why = "call depth over 256 (unbounded recursion?)";
		k = FK_STEP_BUDGET;
	}
	if (why != NULL) {
		exec_finding(ex, w, __builtin_ctz(mask), fr->fn, pc, k, 0, why);
		note_exit(w, mask, fr->fn, pc);
		w->exited |= mask;
		w->active &= ~mask;
		return;
	}
	fr->call_pc = pc;
	exec_push_frame(w, p, callee, mask);
	struct frame *nf = &w->frames[w->depth - 1];
	fr = &w->frames[w->depth - 2];	/* frames may have moved */
	nf->call_pc = 0;
	uint32_t n = 0;
	for (uint32_t i = 0; i < cf->nparams; i++) {
		for (uint32_t e = 0; e < cf->params[i].nslots && n < I->b; e++, n++) {
			uint32_t o = p->arglists[I->x + n];
			const uint64_t *S = o & OPND_CONST ? p->consts + ((size_t)(o & ~OPND_CONST) << 5)
					    : fr->regs + ((size_t)o << 5);
			uint64_t *D = nf->regs + ((size_t)(cf->param_slot[i] + e) << 5);
			memcpy(D, S, 32 * sizeof *D);
		}
	}
}

/* ---- dispatch ------------------------------------------------------------ */

#if defined(__GNUC__)
#define vmdispatch(o)	goto *disptab[o];
#define vmcase(l)	L_##l:
#define vmbreak		goto next
#else
#define vmdispatch(o)	switch (o)
#define vmcase(l)	case OP_##l:
#define vmbreak		break
#endif

#define R(s)	(regs + ((size_t)(s) << 5))
/* a select, not a branch: one handler serves operands of both kinds */
#define OP(x)	(((x) & OPND_CONST ? cpool : regs) + ((size_t)((x) & ~OPND_CONST) << 5))

/* The destination slot may be one of the sources, but then the very same
** slot: lane l reads only lane l, so no iteration depends on another and
** the loop may be vectorised without the alias checks that otherwise keep
** GCC's -O2 cost model from vectorising it at all. */
#if defined(__GNUC__) && !defined(__clang__)
#define LANE_LOOP _Pragma("GCC ivdep")
#elif defined(__clang__)
#define LANE_LOOP _Pragma("clang loop vectorize(assume_safety)")
#else
#define LANE_LOOP
#endif

/* Applies EXPR (of a, b, c) to every active lane, results masked to wm.
** Under a partial mask the results are blended through lmask (all ones in
** the active lanes), made when the mask changes: a per-lane shift of m or
** a 64-bit compare would keep the blend from vectorising with SSE2. */
#define LANES(expr) do { \
	uint64_t *D_ = R(I->d); \
	const uint64_t *A_ = OP(I->a), *B_ = OP(I->b), *C_ = OP(I->c); \
	if (m == FULL_MASK) { \
		LANE_LOOP \
		for (int l = 0; l < 32; l++) { \
			uint64_t a = A_[l], b = B_[l], c = C_[l]; (void)a; (void)b; (void)c; \
			D_[l] = (expr) & wm; \
		} \
	} else { \
		if (lmask_of != m) { \
			for (int l = 0; l < 32; l++) \
				lmask[l] = 0 - (uint64_t)((m >> l) & 1); \
			lmask_of = m; \
		} \
		LANE_LOOP \
		for (int l = 0; l < 32; l++) { \
			uint64_t a = A_[l], b = B_[l], c = C_[l]; (void)a; (void)b; (void)c; \
			uint64_t r_ = (expr) & wm; \
			D_[l] = (r_ & lmask[l]) | (D_[l] & ~lmask[l]); \
		} \
	} \
} while (0)

/* Per active lane, with lane index l, for the opcodes that cannot be
** vectorised (memory, calls into libm, traps). */
#define FOR_LANES(mask, l) for (uint32_t mm_ = (mask), l; mm_ && ((l = (uint32_t)__builtin_ctz(mm_)), 1); mm_ &= mm_ - 1)

/* Where the active lanes of a load or store of N bytes at A[l] + OFF go
** when they all fall inside one dense allocation, in bounds and aligned
** (and writable, for a store): returns the allocation's host memory and
** sets *base to the tagged pointer of its byte 0.  Returns NULL otherwise;
** the caller then goes lane by lane through mem_ptr, which finds the
** faults.  The full-mask check has no branch and vectorises. */
static inline uint8_t *one_alloc(const struct mem *mem, const uint64_t *A, uint64_t off,
				 uint32_t m, unsigned n, int write, uint64_t *base)
{
	uint32_t id = MEM_ID(A[__builtin_ctz(m)] + off);
	if (id >= mem->n || n > 8 || (n & (n - 1)) != 0)
		return NULL;
	const struct mem_alloc *a = &mem->a[id];
	if (a->data == NULL || a->size < n || a->size - n > MEM_OFF_MASK || (write && a->readonly))
		return NULL;
	/* o = A[l] + off - b is the lane's offset in the allocation when it is
	** below 2^40 (anything else is another allocation); an offset is at
	** most size - n iff o + slack < 2^40 */
	uint64_t b = MEM_PTR(id, 0), k = off - b, slack = MEM_OFF_MASK - (a->size - n);
	uint64_t offs = 0, ends = 0;
	if (m == FULL_MASK) {
		LANE_LOOP
		for (int l = 0; l < 32; l++) {
			offs |= A[l] + k;
			ends |= A[l] + k + slack;
		}
	} else {
		FOR_LANES(m, l) {
			offs |= A[l] + k;
			ends |= A[l] + k + slack;
		}
	}
	if (((offs | ends) >> MEM_OFF_BITS) != 0 || (offs & (n - 1)) != 0)
		return NULL;
	*base = b;
	return a->data;
}

/* Loads or stores of every active lane in lane order, once one_alloc has
** found them all inside host memory HD, with OFF_ = imm - base. */
#define GATHER(T) do { \
	if (m == FULL_MASK) { \
		for (int l = 0; l < 32; l++) { \
			T v_; memcpy(&v_, hd + (A[l] + off_), sizeof v_); D[l] = v_; \
		} \
	} else { \
		FOR_LANES(m, l) { \
			T v_; memcpy(&v_, hd + (A[l] + off_), sizeof v_); D[l] = v_; \
		} \
	} \
} while (0)
#define SCATTER(T) do { \
	if (m == FULL_MASK) { \
		for (int l = 0; l < 32; l++) { \
			T v_ = (T)B[l]; memcpy(hd + (A[l] + off_), &v_, sizeof v_); \
		} \
	} else { \
		FOR_LANES(m, l) { \
			T v_ = (T)B[l]; memcpy(hd + (A[l] + off_), &v_, sizeof v_); \
		} \
	} \
} while (0)

/* The depth of the frame the user wrote that frame D of W runs for: D, or
** the caller of the outermost CUDA-header function on top of it. */
static uint32_t user_depth(const struct program *p, const struct warp *w, uint32_t d)
{
	while (d > 0 && p->funcs[w->frames[d].fn].is_header)
		d--;
	return d;
}

uint32_t exec_user_site(const struct program *p, const struct warp *w, uint32_t d, uint32_t site)
{
	uint32_t u = user_depth(p, w, d);
	if (u == d)
		return site;
	const struct insn *C = &p->funcs[w->frames[u].fn].code[w->frames[u].call_pc];
	return C->op == OP_CALL ? C->a : (uint32_t)C->imm;
}

/* A finding of kind K at instruction PC of FN, which the top frame of W
** runs, reported at the user's instruction: the call of the outermost
** header function on the stack (a warp-level intrinsic or assert of the
** CUDA headers is reported where the kernel calls it). */
static void user_finding(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
			 enum finding_kind k, const char *detail)
{
	uint32_t u = user_depth(ex->p, w, w->depth - 1);
	if (u != w->depth - 1) {
		fn = w->frames[u].fn;
		pc = w->frames[u].call_pc;
	}
	exec_finding(ex, w, lane, fn, pc, k, 0, detail);
}

/*
** Forward progress of diverged paths (docs/MODEL.md, "Forward progress").
** Minimum-pc scheduling runs the lowest path until it reaches the others,
** which a path that spins on what another path of its warp must do first
** (a lock it holds, a flag it sets) never does.  Every SPIN_TURN backward
** branches that the running group takes while other lanes of its frame
** wait, independent thread scheduling (sm_70+, which guarantees starvation
** freedom between the paths of a warp) gives the next path by pc, cyclically,
** one turn: it runs until its next branch or stop, then minimum-pc goes on.
** Loops that reconverge within SPIN_TURN iterations never see it.  Under
** lockstep the running path keeps the warp; when it keeps failing to take
** a lock word that a waiting lane of its own warp took, that is the
** pre-Volta deadlock, reported (FK_WARP_DEADLOCK) and the warp stopped.
*/
#define SPIN_TURN 64

/* W stops for good without having exited (the step budget, a deadlock):
** its block ends there, with no barrier divergence for it (launch.c). */
static void stall_warp(struct warp *w)
{
	w->exited = w->exists;
	w->stalled = 1;
	w->active = 0;
	w->depth = 0;
}

/* The running group of W, at PC after a backward branch, lets the next
** waiting path run (its).  Returns 0 when no other path can. */
static int give_turn(struct warp *w, uint32_t pc)
{
	struct frame *fr = &w->frames[w->depth - 1];
	uint32_t next = UINT32_MAX, low = UINT32_MAX;
	for (uint32_t mm = fr->waiting; mm; mm &= mm - 1) {
		uint32_t q = fr->pc[__builtin_ctz(mm)];
		if (q > pc && q < next)
			next = q;
		if (q != pc && q < low)
			low = q;
	}
	if (next == UINT32_MAX)
		next = low;
	if (next == UINT32_MAX)
		return 0;
	uint32_t run = fr->waiting | w->active, grp = 0;
	FOR_LANES(w->active, l)
		fr->pc[l] = pc;
	FOR_LANES(run, l)
		if (fr->pc[l] == next)
			grp |= 1u << l;
	w->active = grp;
	w->pc = next;
	fr->waiting = run & ~grp;
	return 1;
}

/* W's running group takes a backward branch to PC while other lanes of
** its frame wait.  Returns 1 when the warp goes on elsewhere (another
** path's turn, or stopped by a deadlock finding): reload. */
static int spin_check(struct exec *ex, struct warp *w, uint32_t pc)
{
	if (++w->spins < SPIN_TURN)
		return 0;
	w->spins = 0;
	uint32_t fails = w->spin_fails;
	w->spin_fails = 0;
	if (!ex->cfg->lockstep)
		return give_turn(w, pc);
	uint32_t own = w->lock_lane;
	if (fails == 0 || w->spin_addr != w->lock_addr || w->lock_addr == 0
	    || !(w->active >> w->spin_lane & 1) || (w->active >> own & 1) || (w->exited >> own & 1))
		return 0;
	char detail[200];
	snprintf(detail, sizeof detail,
		 "lane %u spins on a lock that lane %u of its own warp holds: under lockstep "
		 "(before Volta) the holder never runs again, a deadlock; independent thread "
		 "scheduling (sm_70+) lets it go on", w->spin_lane, own);
	exec_finding(ex, w, (int)w->spin_lane, w->spin_fn, w->spin_pc, FK_WARP_DEADLOCK, 0, detail);
	stall_warp(w);
	return 1;
}

/*
** The warps of a block (docs/MODEL.md, "Forward progress").  A warp runs
** until it exits or blocks at a barrier, unless it runs a whole turn
** (EXEC_TURN steps, exec.h) in one go while another warp of its block
** could run: a stretch that long without a barrier is a loop, and a loop
** that long is, in the code that needs it, a wait for what another warp
** does (a flag, a lock word).  Every GPU schedules the warps of a block
** independently, so the warp then yields (WARP_YIELD) and run_block goes
** on with the next warp, round-robin.  The check is the step budget's
** compare, against the turn's end instead of the budget.
*/

/* The step at which a warp's turn ends, from its step S: TURN steps on,
** the budget MAX at most. */
static inline uint64_t turn_end(uint64_t s, uint64_t max, uint64_t turn)
{
	return s < max && max - s > turn ? s + turn : max;
}

/* Whether a warp of the block other than W can run now: it has not
** ended and has lanes that are not blocked at a barrier (a guess for
** warps blocked below a call; a wrong "yes" costs one pass of run_block). */
static int others_run(const struct exec *ex, const struct warp *w)
{
	if (ex->ws == NULL)
		return 0;
	for (uint32_t i = 0; i < ex->nwarps; i++) {
		const struct warp *o = &ex->ws[i];
		if (o == w || o->depth == 0 || o->grid_parked)
			continue;
		if (o->active != 0 || o->frames[o->depth - 1].waiting != 0)
			return 1;
	}
	return 0;
}

/* Lanes TAKEN of W's running atomic at PC changed lock word A[l] from what
** they expected, lanes FAILED left it as it was (a failed compare-and-swap,
** an exchange that wrote what was there): what spin_check looks at. */
static void lock_note(struct exec *ex, struct warp *w, const uint64_t *A, uint32_t taken,
		      uint32_t failed, uint32_t pc)
{
	if (taken) {
		w->lock_lane = (uint32_t)__builtin_ctz(taken);
		w->lock_addr = A[w->lock_lane];
	}
	if (failed) {
		uint32_t l = (uint32_t)__builtin_ctz(failed), d = w->depth - 1;
		uint32_t u = user_depth(ex->p, w, d);
		w->spin_lane = l;
		w->spin_addr = A[l];
		w->spin_fn = w->frames[u].fn;
		w->spin_pc = u != d ? w->frames[u].call_pc : pc;
		w->spin_fails++;
	}
}

/* Lane LANE's read of unwritten shared byte ADDR at site S: a finding, which
** notes the barrier the block was released at divergent before it, if any
** (struct finding after_divergence). */
static void uninit_at(struct exec *ex, struct warp *w, int lane, const struct site *s,
		      uint64_t addr)
{
	struct finding *fd = finding_at(ex, w, lane, s->func, s->pc, &s->loc, FK_UNINIT, addr, NULL);
	if (fd != NULL && w->div_fn != FINDING_NO_SITE) {
		fd->after_divergence = 1;
		fd->div_func = w->div_fn;
		fd->div_pc = w->div_pc;
	}
}

/*
** Uninitialized shared memory (ARBALEST's uninitialized reads): lane LANE
** reads (READS) and/or writes (WRITES) N bytes at ADDR, at user site US.
** A read of a byte of a shared allocation that no thread of the block has
** written is a finding at the read; writes mark their bytes.  Copies
** (memcpy) carry the marks of their source instead of reading it.
*/
static void shared_init(struct exec *ex, struct warp *w, int lane, uint64_t addr, uint64_t n,
			int reads, int writes, uint32_t us)
{
	uint32_t id = MEM_ID(addr);
	if (id >= ex->nshinit || ex->shinit[id] == NULL)
		return;
	uint8_t *bits = ex->shinit[id];
	uint64_t off = MEM_OFF(addr);
	if (n <= 8 && (off & 7) + n <= 8) {
		/* the usual case: the bytes share one bitmap byte */
		uint8_t mask = (uint8_t)(((1u << n) - 1) << (off & 7));
		uint8_t *b = &bits[off >> 3];
		if (reads && (*b & mask) != mask) {
			uint64_t i = off;
			while (*b >> (i & 7) & 1)
				i++;
			const struct site *s = &ex->p->sites[us];
			uninit_at(ex, w, lane, s, MEM_PTR(id, i));
		}
		if (writes) {
			ex->shset[id] += (uint64_t)popc32(mask & (uint8_t)~*b);
			*b |= mask;
		}
		return;
	}
	if (reads)
		for (uint64_t i = off; i < off + n; i++)
			if (!(bits[i >> 3] >> (i & 7) & 1)) {
				const struct site *s = &ex->p->sites[us];
				uninit_at(ex, w, lane, s, MEM_PTR(id, i));
				break;
			}
	if (writes)
		for (uint64_t i = off; i < off + n; i++) {
			ex->shset[id] += !(bits[i >> 3] >> (i & 7) & 1);
			bits[i >> 3] |= (uint8_t)(1u << (i & 7));
		}
}

/* Lane LANE's memcpy of N bytes from SRC to DST: shared bytes of DST are
** written where the bytes of SRC were (a struct copy moves padding that
** nobody wrote without using it). */
static void shared_init_copy(struct exec *ex, uint64_t dst, uint64_t src, uint64_t n)
{
	uint32_t id = MEM_ID(dst), sid = MEM_ID(src);
	if (id >= ex->nshinit || ex->shinit[id] == NULL)
		return;
	const uint8_t *sb = sid < ex->nshinit ? ex->shinit[sid] : NULL;
	uint8_t *bits = ex->shinit[id];
	uint64_t off = MEM_OFF(dst), so = MEM_OFF(src);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t d = off + i, s = so + i;
		uint8_t bit = (uint8_t)(1u << (d & 7)), was = bits[d >> 3] & bit;
		if (sb == NULL || (sb[s >> 3] >> (s & 7) & 1)) {
			bits[d >> 3] |= bit;
			ex->shset[id] += !was;
		} else {
			bits[d >> 3] &= (uint8_t)~bit;
			ex->shset[id] -= !!was;
		}
	}
}

/* Lane L wrote N bytes at ADDR whole, at memory site X (a memset, or a
** copy whose unreadable source reads as zeros): the memory model's write
** and, for uninitialized reads, the bytes marked written. */
static void note_fill(struct exec *ex, struct warp *w, uint32_t l, uint64_t addr, uint64_t n,
		      uint32_t x)
{
	if (ex->mam == NULL || n == 0)
		return;
	uint32_t us = exec_user_site(ex->p, w, w->depth - 1, x);
	mam_access_range(ex->mam, &w->mam, l, addr, n, MAM_WRITE, us);
	if (ex->shinit)
		shared_init(ex, w, (int)l, addr, n, 0, 1, us);
}

/* Allocation ID, new in the launch, starts with no byte written: it gets
** a bitmap of written bytes, as shared memory has (shared_init).  Only
** with the model on, where the bitmaps are kept. */
static void init_track(struct exec *ex, uint32_t id)
{
	if (ex->shinit == NULL || ex->m->a[id].size == 0)
		return;
	if (id >= ex->nshinit) {
		uint32_t nn = ex->nshinit ? ex->nshinit : 64;
		while (nn <= id)
			nn *= 2;
		ex->shinit = xrealloc(ex->shinit, nn * sizeof *ex->shinit);
		ex->shset = xrealloc(ex->shset, nn * sizeof *ex->shset);
		memset(ex->shinit + ex->nshinit, 0, (nn - ex->nshinit) * sizeof *ex->shinit);
		memset(ex->shset + ex->nshinit, 0, (nn - ex->nshinit) * sizeof *ex->shset);
		ex->nshinit = nn;
	}
	free(ex->shinit[id]);
	ex->shinit[id] = xcalloc((ex->m->a[id].size + 7) / 8, 1);
	ex->shset[id] = 0;
}

/* Lane LANE frees P at (FN, PC): NULL is nothing; a live heap block's start
** is freed; anything else (a block freed before, a pointer inside a block,
** one malloc did not return) is an invalid-pointer finding. */
static void heap_free(struct exec *ex, struct warp *w, int lane, uint32_t fn, uint32_t pc,
		      uint64_t p)
{
	if (p == 0)
		return;
	struct mem *m = ex->m;
	uint32_t id = MEM_ID(p);
	const struct mem_alloc *a = id < m->n ? &m->a[id] : NULL;
	char detail[200];
	if (a == NULL || !a->heap)
		snprintf(detail, sizeof detail, "free of address 0x%llx, which no device malloc "
			 "returned", (unsigned long long)p);
	else if (!a->live)
		snprintf(detail, sizeof detail, "double free: the heap block at 0x%llx was freed "
			 "before", (unsigned long long)p);
	else if (MEM_OFF(p) != 0)
		snprintf(detail, sizeof detail, "free of address 0x%llx, %lld bytes into a heap block "
			 "of %llu", (unsigned long long)p, (long long)MEM_OFF(p),
			 (unsigned long long)a->size);
	else {
		mem_heap_free(m, id);
		if (id < ex->nshinit && ex->shinit[id]) {
			free(ex->shinit[id]);
			ex->shinit[id] = NULL;
		}
		return;
	}
	exec_finding(ex, w, lane, fn, pc, FK_INVALID_PTR, id < m->n && m->a[id].name ? p : 0, detail);
}

/* The model's scope of an atomic with bytecode scope SC. */
static enum mam_scope model_scope(int64_t sc)
{
	switch (sc) {
	case SCOPE_BLOCK: return MAM_SCOPE_BLOCK;
	case SCOPE_DEVICE: return MAM_SCOPE_DEVICE;
	case SCOPE_THREAD: return MAM_SCOPE_THREAD;
	default: return MAM_SCOPE_SYSTEM;
	}
}

/* The model's kind of a LOAD (or with STORE, a STORE) with flags F
** (bit 0 atomic or strong, bit 1 volatile; lower.c, ptxasm.c). */
static inline enum mam_kind ld_kind(uint32_t f, int store)
{
	if (f & LDF_ATOMIC)
		return store ? MAM_ATOMIC_WRITE : MAM_ATOMIC_READ;
	if (f & LDF_VOLATILE)
		return store ? MAM_VOLATILE_WRITE : MAM_VOLATILE_READ;
	return store ? MAM_WRITE : MAM_READ;
}

/* The scope of an atomic LOAD or STORE with flags F: system when the
** bitcode gave none (LLVM's default). */
static inline enum mam_scope ld_scope(uint32_t f)
{
	return (f >> LDF_SCOPE_SHIFT) ? model_scope((int64_t)(f >> LDF_SCOPE_SHIFT) - 1) : MAM_SCOPE_SYSTEM;
}

/* ---- performance: bank conflicts and sectors ---- */

/*
** What one static access costs the hardware (docs/MODEL.md, "Bank
** conflicts and uncoalesced access"), for every warp execution of it
** while the model is on.
** Shared memory: 32 banks of 4 bytes; the lanes of a request are served
** in groups of 128 bytes of request (the whole warp for accesses of up to
** 4 bytes, half-warps for 8, quarter-warps for 16), and a group takes as
** many passes as the most distinct 4-byte words any one bank holds (lanes
** on one word are a broadcast).  Global memory: the 32-byte sectors the
** lanes touch, against the fewest their distinct bytes could fit in.
*/
struct perf_stat {
	uint32_t site;		/* the user's site (where it is reported, with
				   the instruction of that site) */
	uint8_t shared;		/* a bank count; else a sector count */
	uint64_t execs, bad;	/* warp executions, and those with the problem */
	uint32_t worst, need;	/* the worst execution: passes or sectors, and
				   the fewest possible */
	struct thread_id who;	/* its first lane of the worst pass */
	uint64_t addr;		/* that lane's address */
	char name[64];		/* the allocation's name */
	char detail[256];	/* its lanes and addresses */
	/* The last execution's shape, whose result the next one reuses when
	** its lanes are the same and their addresses lie the same distances
	** from the first lane's, which sits at the same place in a bank row
	** (4 bytes) or a sector (32): banks and sectors only move with it. */
	uint32_t cmask;
	uint64_t calign;
	uint32_t cworst, cneed, clanes;
	uint64_t cdelta[32];
};

/* Shared accesses at or above this degree, and global ones using at least
** this many times the sectors they need, are reported. */
#define PERF_BANK_DEGREE 2
#define PERF_SECTOR_RATIO 2
/* ... and touching at least this many sectors: a few lanes of a partial
** warp straddling a sector boundary (2 sectors for 28 bytes) are no
** pattern to fix */
#define PERF_SECTORS_MIN 4

/* The number of distinct values among V[i] for the bits i of MASK. */
static uint32_t distinct_in(const uint64_t *v, uint32_t mask)
{
	/* a broadcast (every one the same) is the usual many-lane case */
	uint64_t v0 = v[__builtin_ctz(mask)];
	uint64_t diff = 0;
	FOR_LANES(mask, i)
		diff |= v[i] ^ v0;
	if (diff == 0)
		return 1;
	uint32_t n = 0, seen = 0;
	FOR_LANES(mask, i) {
		int dup = 0;
		for (uint32_t s = seen; s && !dup; s &= s - 1)
			dup = v[__builtin_ctz(s)] == v[i];
		if (!dup) {
			n++;
			seen |= 1u << i;
		}
	}
	return n;
}

/* "lanes 0, 8, 16 and 24 of warp 1 at shared 'tile[0]', ..." into BUF. */
static void perf_describe(struct exec *ex, const struct warp *w, uint32_t lanes,
			  const uint64_t *A, char *buf, size_t n)
{
	size_t k = (size_t)snprintf(buf, n, "lane%s", popc32(lanes) == 1 ? "" : "s");
	uint32_t shown = 0, total = (uint32_t)popc32(lanes);
	FOR_LANES(lanes, l) {
		if (shown == 4)
			break;
		k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s %u",
				      shown == 0 ? "" : shown + 1 == total ? " and" : ",", l);
		shown++;
	}
	if (total > shown)
		k += (size_t)snprintf(buf + k, k < n ? n - k : 0, " and %u more", total - shown);
	k += (size_t)snprintf(buf + k, k < n ? n - k : 0, " of warp %u at", w->id);
	shown = 0;
	FOR_LANES(lanes, l) {
		if (shown == 4 || k >= n)
			break;
		char name[96];
		mem_name_addr(ex->m, A[l], name, sizeof name);
		k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s %s", shown ? "," : "", name);
		shown++;
	}
	if (total > shown && k < n)
		snprintf(buf + k, n - k, ", ...");
}

/* The site's entry, made at its first access. */
static struct perf_stat *perf_stat_of(struct exec *ex, uint32_t site, uint32_t us, int shared)
{
	if (ex->perf_idx == NULL)
		ex->perf_idx = xcalloc(ex->p->nsites ? ex->p->nsites : 1, sizeof *ex->perf_idx);
	if (ex->perf_idx[site] == 0) {
		struct perf_stat st = { 0 };
		st.site = us < ex->p->nsites ? us : site;
		st.shared = (uint8_t)shared;
		VEC_PUSH(ex->perf, ex->nperf, ex->capperf, st);
		ex->perf_idx[site] = ex->nperf;
	}
	return &ex->perf[ex->perf_idx[site] - 1];
}

/* Bank passes of a shared access of SIZE bytes by lanes OK at A: the
** worst group's passes (*WORST), the groups (*GROUPS), and in *LANES the
** lanes of the worst bank of the worst group. */
static void bank_passes(const uint64_t *A, uint32_t ok, unsigned size, uint32_t *worst,
			uint32_t *groups, uint32_t *lanes)
{
	unsigned words = size <= 4 ? 1 : size / 4;	/* words per lane */
	unsigned per = 32 / words;			/* lanes per group */
	*worst = 0;
	*groups = 0;
	*lanes = 0;
	for (unsigned g = 0; g < 32; g += per) {
		uint32_t gl = ok & (per == 32 ? FULL_MASK : ((1u << per) - 1) << g);
		if (gl == 0)
			continue;
		(*groups)++;
		/* item i: word i % words of lane g + i / words; at most 32 */
		uint64_t word[32];
		uint32_t bank[32] = { 0 };
		FOR_LANES(gl, l)
			for (unsigned k = 0; k < words; k++) {
				unsigned i = (l - g) * words + k;
				word[i] = (MEM_OFF(A[l]) >> 2) + k;
				bank[word[i] & 31] |= 1u << i;
			}
		uint32_t passes = 1, wb = 0;
		for (unsigned b = 0; b < 32; b++) {
			if (popc32(bank[b]) < 2)
				continue;
			uint32_t d = distinct_in(word, bank[b]);
			if (d > passes) {
				passes = d;
				wb = bank[b];
			}
		}
		if (passes > *worst) {
			*worst = passes;
			*lanes = 0;
			FOR_LANES(wb, i)
				*lanes |= 1u << (g + i / words);
		}
	}
}

/* Sectors of a global access of SIZE bytes by lanes OK at A: used and the
** fewest the distinct bytes need.  Lanes in address order (the usual
** case: consecutive or strided) count the changes of sector and of
** address; any other order compares each with those before. */
static void sectors(const uint64_t *A, uint32_t ok, unsigned size, uint32_t *used,
		    uint32_t *need)
{
	uint64_t prev = 0, sec = UINT64_MAX;
	uint32_t u = 0, addrs = 0, ordered = 1;
	FOR_LANES(ok, l) {
		uint64_t a = A[l], first = a >> 5, last = (a + size - 1) >> 5;
		if (addrs && a < prev) {
			ordered = 0;
			break;
		}
		addrs += !addrs || a != prev;
		u += first != sec;
		u += last != first;
		sec = last;
		prev = a;
	}
	if (!ordered) {
		uint64_t key[64], addr[32];
		uint32_t n = 0;
		u = 0;
		FOR_LANES(ok, l) {
			uint64_t first = A[l] >> 5, last = (A[l] + size - 1) >> 5;
			key[n++] = first;
			if (last != first)
				key[n++] = last;
			addr[l] = A[l];
		}
		for (uint32_t i = 0; i < n; i++) {
			int dup = 0;
			for (uint32_t j = 0; j < i && !dup; j++)
				dup = key[j] == key[i];
			u += !dup;
		}
		addrs = distinct_in(addr, ok);
	}
	*used = u;
	*need = (uint32_t)(((uint64_t)addrs * size + 31) / 32);
}

/* Counts one warp execution of the access at SITE (reported at US) by
** lanes OK at addresses A (offsets applied) of SIZE bytes. */
static void perf_access(struct exec *ex, struct warp *w, uint32_t ok, const uint64_t *A,
			uint32_t site, uint32_t us)
{
	if (site >= ex->p->nsites)
		return;
	const struct site *S = &ex->p->sites[site];
	/* an element of a vector access: the first one stands for the whole */
	if (S->part != 0 || S->whole > 16 || (S->kind != SITE_LOAD && S->kind != SITE_STORE))
		return;
	unsigned size = S->whole;
	uint32_t id = MEM_ID(A[__builtin_ctz(ok)]);
	if (id >= ex->m->n)
		return;
	uint8_t space = ex->m->a[id].space;
	if (space != AS_SHARED && space != AS_GLOBAL)
		return;
	int shared = space == AS_SHARED;
	uint32_t worst, need, lanes = ok;
	struct perf_stat *st = perf_stat_of(ex, site, us, shared);
	uint64_t a0 = A[__builtin_ctz(ok)], align = a0 & (shared ? 3 : 31);
	uint64_t diff = (uint64_t)(ok ^ st->cmask) | (align ^ st->calign);
	if (diff == 0) {
		if (ok == FULL_MASK) {
			for (unsigned l = 0; l < 32; l++)
				diff |= (A[l] - a0) ^ st->cdelta[l];
		} else {
			FOR_LANES(ok, l)
				diff |= (A[l] - a0) ^ st->cdelta[l];
		}
	}
	if (diff == 0) {
		worst = st->cworst;
		need = st->cneed;
		lanes = st->clanes;
	} else {
		if (shared)
			bank_passes(A, ok, size, &worst, &need, &lanes);
		else
			sectors(A, ok, size, &worst, &need);
		st->cmask = ok;
		st->calign = align;
		st->cworst = worst;
		st->cneed = need;
		st->clanes = lanes;
		FOR_LANES(ok, l)
			st->cdelta[l] = A[l] - a0;
	}
	st->execs++;
	int bad = shared ? worst >= PERF_BANK_DEGREE
			 : worst >= PERF_SECTOR_RATIO * need && worst >= PERF_SECTORS_MIN;
	if (!bad)
		return;
	st->bad++;
	/* the worst execution is the witness: the first of the worst */
	if (!finding_perf_worse(shared ? FK_BANK_CONFLICT : FK_UNCOALESCED, worst, need, st->worst,
				st->need))
		return;
	st->worst = worst;
	st->need = need;
	int l = __builtin_ctz(lanes);
	st->who = (struct thread_id){ { ex->block[0], ex->block[1], ex->block[2] },
				      { w->tid[0][l], w->tid[1][l], w->tid[2][l] } };
	st->addr = A[l];
	snprintf(st->name, sizeof st->name, "%s", ex->m->a[id].name ? ex->m->a[id].name : "");
	perf_describe(ex, w, lanes, A, st->detail, sizeof st->detail);
}

void exec_perf_finish(struct exec *ex)
{
	for (uint32_t i = 0; i < ex->nperf; i++) {
		const struct perf_stat *st = &ex->perf[i];
		if (st->bad == 0)
			continue;
		const struct site *U = &ex->p->sites[st->site];
		char where[96];
		snprintf(where, sizeof where, "%s '%s'", st->shared ? "shared" : "global", st->name);
		struct finding *f = findings_add(ex->out, st->shared ? FK_BANK_CONFLICT : FK_UNCOALESCED,
						 U->func, U->pc, &U->loc, &st->who, st->addr,
						 st->name[0] ? where : NULL, st->detail);
		f->space = st->shared ? AS_SHARED : AS_GLOBAL;
		f->count = st->bad;
		f->executions = st->execs;
		f->launches = 1;
		f->perf_worst = st->worst;
		f->perf_need = st->need;
	}
	free(ex->perf);
	free(ex->perf_idx);
	ex->perf = NULL;
	ex->perf_idx = NULL;
	ex->nperf = ex->capperf = 0;
}

/* The search's fitness (launch_cfg fitness): the words of dense global
** and shared allocations lanes OK touch with SIZE bytes at A[l], counted
** once per launch (shared: per block, shared_start clears them). */
static void count_units(struct exec *ex, uint32_t ok, const uint64_t *A, unsigned size)
{
	FOR_LANES(ok, l) {
		uint32_t id = MEM_ID(A[l]);
		if (id >= ex->ntouch)
			continue;
		const struct mem_alloc *a = &ex->m->a[id];
		uint64_t off = MEM_OFF(A[l]);
		if ((a->space != AS_GLOBAL && a->space != AS_SHARED) || a->data == NULL || a->sparse
		    || off >= a->size)
			continue;
		if (ex->touch[id] == NULL)
			ex->touch[id] = xcalloc((a->size + 31) / 32, 1);
		uint8_t *bits = ex->touch[id];
		uint64_t end = off + size < a->size ? off + size : a->size;
		if (id == ex->dyn_id && end > ex->dyn_high)
			ex->dyn_high = end;
		ex->unit_accesses++;
		for (uint64_t wd = off >> 2; wd <= (end - 1) >> 2; wd++)
			if (!(bits[wd >> 3] >> (wd & 7) & 1)) {
				bits[wd >> 3] |= (uint8_t)(1u << (wd & 7));
				ex->units++;
				ex->shared_units += a->space == AS_SHARED;
			}
	}
}

/* Feeds one warp memory instruction to the Memory-Access Model: lanes OK
** accessed SIZE bytes at A[l] + OFF (VAL: what a plain store wrote;
** USES_OLD: the instruction uses the memory's old value, i.e. a load or an
** atomic other than exchange, for uninitialized reads).  The
** static id is the access's site.  With no offset the operand's own lane
** array is the address array: copying it cost 3 to 5% of a launch with
** the model on (matmul_tiled, scan_hillis; docs/CHANGELOG.md, 2026-11-22). */
static void model_access(struct exec *ex, struct warp *w, uint32_t ok, const uint64_t *A,
			 uint64_t off, unsigned size, enum mam_kind kind, enum mam_scope scope,
			 uint32_t site, const uint64_t *val, int uses_old, uint32_t id1)
{
	uint64_t ad[32];
	if (ok == 0)
		return;
	if (ex->cfg->reached && site < ex->p->nsites)
		ex->cfg->reached[site] = 1;
	if (off != 0) {
		if (ok == FULL_MASK) {
			for (unsigned l = 0; l < 32; l++)
				ad[l] = A[l] + off;
		} else {
			FOR_LANES(ok, l)
				ad[l] = A[l] + off;
		}
		A = ad;
	}
	uint32_t us = exec_user_site(ex->p, w, w->depth - 1, site);
	if (ex->shinit) {
		/* ID1 (or one look) when every lane is in one allocation */
		uint32_t id0 = id1, other = 0;
		if (id0 == 0) {
			id0 = MEM_ID(A[__builtin_ctz(ok)]);
			FOR_LANES(ok, l)
				other |= MEM_ID(A[l]) ^ id0;
		}
		int writes = kind != MAM_READ && kind != MAM_ATOMIC_READ && kind != MAM_VOLATILE_READ;
		int lanes = other || (id0 < ex->nshinit && ex->shinit[id0]
				      && ex->shset[id0] != ex->m->a[id0].size);
		if (lanes && !other && size == 4 && uses_old && !writes) {
			/* a shared 4-byte read: one pass finds that every lane's
			** bytes are aligned and written already, the usual case */
			const uint8_t *bits = ex->shinit[id0];
			unsigned bad = 0;
			FOR_LANES(ok, l) {
				uint64_t o = MEM_OFF(A[l]);
				bad |= (unsigned)(o & 3) | ((bits[o >> 3] >> (o & 7) & 15u) ^ 15u);
			}
			lanes = bad != 0;
		}
		if (lanes)
			FOR_LANES(ok, l)
				shared_init(ex, w, (int)l, A[l], size, uses_old, writes, us);
	}
	if (ex->touch)
		count_units(ex, ok, A, size);
	if (ex->prune && ex->prune[site])
		ex->pruned += (uint64_t)popc32(ok);
	else
		mam_access(ex->mam, &w->mam, A, ok, size, kind, scope, us, val);
	if (ex->cfg->perf && (kind == MAM_READ || kind == MAM_WRITE))
		perf_access(ex, w, ok, A, site, us);
}

/* ---- texture and surface objects (core/tex.h) ---- */

/* The descriptor of object handle H, or NULL after a finding for lane L;
** *B gets the texels' address.  A handle is a tagged pointer to the
** object's backing buffer (or into it: a texture reference bound past a
** buffer's start), or to a view whose descriptor names the texels
** elsewhere (its base: simulee-c run's texture objects and references,
** one descriptor each over the program's memory); anything else (an
** uninitialized or made-up handle, a view of freed memory) is an invalid
** one.  The kind is not checked: a texture and a surface object made on
** one array (--tex NAME=same:OTHER) are one buffer with one descriptor. */
static const struct tex_desc *tex_object(struct exec *ex, struct warp *w, int l, uint32_t fn,
					 uint32_t pc, uint64_t h, int write, uint64_t *b)
{
	uint32_t id = MEM_ID(h);
	const struct mem *m = ex->m;
	if (id < m->n && m->a[id].live && m->a[id].tex && MEM_OFF(h) < m->a[id].size) {
		const struct tex_desc *t = m->a[id].tex;
		*b = t->base ? t->base : h;
		uint32_t bid = MEM_ID(*b);
		if (!t->base || (bid < m->n && m->a[bid].live))
			return t;
		h = t->base;
		id = bid;
	}
	mem_fault_finding(ex, w, l, fn, pc, id == 0 ? MF_NULL : MF_INVALID, h, 4, write);
	return NULL;
}

/* TEX: every lane's taps, read texel by texel (each tap one access of the
** model, so a texture read races with a surface or global write of the same
** texel like any load), then weighted and written as the instruction's
** destination type takes them. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void exec_tex(struct exec *ex, struct warp *w, const struct insn *I, uint32_t m,
		     const uint64_t *H, uint64_t *regs, uint32_t fn, uint32_t pc)
{
	struct tex_taps tp[32];
	const struct tex_desc *td[32];
	uint64_t B[32];		/* each lane's texels */
	uint32_t ok = 0;
	unsigned ntaps = 0, ts = 4;
	const uint64_t *C = regs + ((size_t)I->b << 5);
	FOR_LANES(m, l) {
		td[l] = tex_object(ex, w, (int)l, fn, pc, H[l], 0, &B[l]);
		uint64_t c[3] = { C[l], C[32 + l], C[64 + l] };
		if (td[l] == NULL) {
			for (unsigned k = 0; k < 4; k++)
				regs[((size_t)(I->d + k) << 5) + l] = 0;
			continue;
		}
		ok |= 1u << l;
		tex_taps(td[l], I->w & TEXW_INTCOORDS, c, (int32_t)(uint32_t)C[96 + l], &tp[l]);
		if (tp[l].n > ntaps)
			ntaps = tp[l].n;
		ts = tex_texel_size(td[l]);
	}
	if (ok == 0)
		return;
	ex->mem_accesses += (uint64_t)popc32(ok) * ntaps;
	float acc[32][4];
	int64_t iv[32][4];
	int isf[32];
	memset(acc, 0, sizeof acc);
	for (unsigned k = 0; k < ntaps; k++) {
		uint64_t A[32];
		uint32_t hit = 0;
		FOR_LANES(ok, l) {
			if (k >= tp[l].n)
				continue;
			float f[4];
			const uint8_t *q = NULL;
			if (tp[l].texel[k] >= 0) {
				unsigned n = tex_texel_size(td[l]);
				enum mem_fault flt = MF_NONE;
				A[l] = B[l] + (uint64_t)tp[l].texel[k] * n;
				q = mem_ptr(ex->m, A[l], n, 0, &flt);
				if (q != NULL && n == ts)
					hit |= 1u << l;
			}
			tex_channels(td[l], q, f, iv[l], &isf[l]);
			for (unsigned c = 0; c < 4; c++)
				acc[l][c] += tp[l].wt[k] * f[c];
		}
		if (ex->mam)
			model_access(ex, w, hit, A, 0, ts, MAM_READ, MAM_SCOPE_SYSTEM, I->x, NULL, 1, 0);
	}
	unsigned dt = I->w & (TEXW_S32 | TEXW_U32);
	FOR_LANES(ok, l) {
		for (unsigned c = 0; c < 4; c++) {
			uint64_t v;
			if (dt == TEXW_F32) {
				float f = isf[l] ? acc[l][c] : (float)iv[l][c];
				uint32_t u;
				memcpy(&u, &f, 4);
				v = u;
			} else if (isf[l]) {
				/* a float texel into an integer result: converted */
				float f = acc[l][c];
				v = dt == TEXW_S32 ? (uint32_t)(int32_t)f : (uint32_t)(f < 0 ? 0 : f);
			} else {
				v = (uint32_t)iv[l][c];
			}
			regs[((size_t)(I->d + c) << 5) + l] = v;
		}
	}
}

/* A surface access of SIZE bytes at byte x, y, z, layer C of object T
** under boundary mode MODE: the byte offset in the backing buffer, or -1
** for an access outside it that the mode does not move inside. */
static int64_t surf_offset(const struct tex_desc *t, const uint64_t c[4], unsigned size, unsigned mode)
{
	int64_t ts = tex_texel_size(t);
	int64_t v[4] = { (int32_t)(uint32_t)c[0], (int32_t)(uint32_t)c[1], (int32_t)(uint32_t)c[2],
			 (int32_t)(uint32_t)c[3] };
	int64_t lim[4] = { (int64_t)t->dim[0] * ts - size, (int64_t)t->dim[1] - 1, (int64_t)t->dim[2] - 1,
			   t->layers ? (int64_t)t->layers - 1 : 0 };
	for (unsigned d = 0; d < 4; d++) {
		if (v[d] >= 0 && v[d] <= lim[d])
			continue;
		if (mode != SB_CLAMP || lim[d] < 0)
			return -1;
		v[d] = v[d] < 0 ? 0 : lim[d];
		if (d == 0)
			v[0] -= v[0] % (int64_t)size;
	}
	return (((v[3] * t->dim[2] + v[2]) * t->dim[1] + v[1]) * t->dim[0]) * ts + v[0];
}

/* SULD and SUST: C elements of W bytes at byte x of row y (z, layer) of a
** surface.  Out of range, .trap is a memory error (an out-of-bounds
** finding naming the surface and the coordinates), .zero reads zeros and
** drops writes, .clamp moves the access to the nearest texel. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void exec_surf(struct exec *ex, struct warp *w, const struct insn *I, uint32_t m,
		      const uint64_t *H, uint64_t *regs, uint32_t fn, uint32_t pc, int store)
{
	const uint64_t *C = regs + ((size_t)I->b << 5);
	unsigned n = I->w, cnt = I->c, size = n * cnt;
	uint64_t A[32];
	uint32_t ok = 0;
	FOR_LANES(m, l) {
		uint64_t b = 0;
		const struct tex_desc *t = tex_object(ex, w, (int)l, fn, pc, H[l], store, &b);
		uint64_t c[4] = { C[l], C[32 + l], C[64 + l], C[96 + l] };
		int64_t off = t ? surf_offset(t, c, size, (unsigned)I->imm) : -1;
		if (off < 0 || off % n != 0) {
			if (!store)
				for (unsigned k = 0; k < cnt; k++)
					regs[((size_t)(I->d + k) << 5) + l] = 0;
			if (t && (I->imm == SB_TRAP || off >= 0) && !ex->stopped) {
				char detail[200];
				const char *nm = ex->m->a[MEM_ID(b)].name;
				if (off >= 0)
					snprintf(detail, sizeof detail, "misaligned surface %s of %u bytes at byte x %d",
						 store ? "write" : "read", size, (int)(int32_t)c[0]);
				else
					snprintf(detail, sizeof detail, "surface %s of %u bytes at (byte x %d, y %d, z %d, "
						 "layer %d) outside surface '%s' (%u x %u x %u texels of %u bytes)",
						 store ? "write" : "read", size, (int32_t)c[0], (int32_t)c[1],
						 (int32_t)c[2], (int32_t)c[3], nm ? nm : "?", t->dim[0], t->dim[1],
						 t->dim[2], tex_texel_size(t));
				enum finding_kind k = off >= 0 ? FK_MISALIGNED : FK_OOB;
				uint8_t below = (int32_t)c[0] < 0 || (int32_t)c[1] < 0 || (int32_t)c[2] < 0
						|| (int32_t)c[3] < 0;
				struct finding *fd = exec_finding(ex, w, (int)l, fn, pc, k, b, detail);
				if (fd != NULL && nm != NULL) {
					/* the surface, not its first texel */
					free(fd->where);
					fd->where = xstrdup(nm);
				}
				/* a repeat is only counted: its side joins the first's */
				if ((fd = findings_find(ex->out, k, fn, pc)) != NULL)
					fd->outside_any |= below;
			}
			continue;
		}
		A[l] = b + (uint64_t)off;
		ok |= 1u << l;
	}
	ex->mem_accesses += (uint64_t)popc32(ok);
	for (unsigned k = 0; k < cnt; k++) {
		uint64_t *V = regs + ((size_t)(I->d + k) << 5);
		uint32_t done = 0;
		uint64_t Ak[32];
		FOR_LANES(ok, l) {
			enum mem_fault f = MF_NONE;
			Ak[l] = A[l] + (uint64_t)k * n;
			uint8_t *hp = mem_ptr(ex->m, Ak[l], n, store, &f);
			if (hp == NULL) {
				mem_fault_finding(ex, w, (int)l, fn, pc, f, Ak[l], n, store);
				continue;
			}
			if (store)
				store_n(hp, n, V[l]);
			else
				V[l] = load_n(hp, n);
			done |= 1u << l;
		}
		if (ex->mam)
			model_access(ex, w, done, Ak, 0, n, store ? MAM_WRITE : MAM_READ, MAM_SCOPE_SYSTEM,
				     I->x, store ? V : NULL, !store, 0);
	}
}

/* Aligned to a cache line, so that where the linker happens to put it does
** not move the hot lane loops across line boundaries (a 15% swing in the
** benchmark from unrelated changes elsewhere in a program). */
#if defined(__GNUC__)
__attribute__((aligned(64)))
#endif
enum warp_status exec_warp(struct exec *ex, struct warp *w)
{
	const struct program *p = ex->p;
	const uint64_t *cpool = p->consts;
	struct mem *mem = ex->m;
	struct frame *fr;
	const struct func *fn;
	const struct insn *code, *I;
	uint64_t *regs;
	uint32_t pc, m;
	uint64_t wm;
	/* Lane-instructions are counted per stretch of dispatches under one
	** active mask (steps since seg_steps, times the lanes of seg_mask),
	** so the dispatch loop itself pays nothing for them. */
	uint64_t seg_steps = w->steps;
	uint32_t seg_mask = 0;
	uint64_t lmask[32];
	uint32_t lmask_of = FULL_MASK;	/* LANES fills lmask for other masks */
	FILE *const trace = ex->cfg->trace;
	/* the end of this turn (EXEC_TURN) or of the budget: the one compare
	** per instruction (the budget itself is read only when it is reached) */
	uint64_t limit = turn_end(w->steps, ex->max_steps, ex->turn);

#if defined(__GNUC__)
	static const void *const disptab[OP__COUNT] = {
#define OPC_LABEL(name, meaning) &&L_##name,
		SIMULEE_OPCODES(OPC_LABEL)
#undef OPC_LABEL
	};
#endif

reload:
	if (ex->stopped)
		goto stopped;
	ex->lane_insns += (w->steps - seg_steps) * (uint64_t)popc32(seg_mask);
	seg_steps = w->steps;
	seg_mask = 0;
	if (w->depth == 0)
		return WARP_DONE;
	fr = &w->frames[w->depth - 1];
	if (w->active == 0 && !resched(w)) {
		/* no lane of the top frame can run */
		if ((fr->bar_blocked | fr->ws_blocked) != 0)
			return WARP_BLOCKED;
		if (w->depth > 1 && (fr->returned | (fr->entered & w->exited)) == fr->entered) {
			/* every lane returned: back to the caller */
			uint32_t back = fr->entered & ~w->exited;
			w->depth--;
			struct frame *caller = &w->frames[w->depth - 1];
			w->active = back;
			w->pc = caller->call_pc + 1;
			/* other lanes of the caller may have to run first, e.g. those
			** still waiting to make their own call at an ICALL */
			if (back != 0 && caller->waiting != 0)
				resched(w);
			goto reload;
		}
		if (w->depth == 1)
			return WARP_DONE;
		/* lanes of a callee are gone but others remain blocked below */
		return WARP_BLOCKED;
	}
	fn = &p->funcs[fr->fn];
	code = fn->code;
	regs = fr->regs;
	pc = w->pc;
	m = w->active;
	seg_mask = m;
	if (ex->mam)
		mam_warp_group(&w->mam, m);

	for (;;) {
		I = &code[pc];
		if (++w->steps > limit) {
			if (ex->stopped)
				goto stopped;
			if (w->steps > ex->max_steps) {
				ex->lane_insns += (w->steps - 1 - seg_steps) * (uint64_t)popc32(seg_mask);
				/* a spin in a header's wrapper (atomicCAS, a volatile
				** load) is reported where the kernel calls it */
				user_finding(ex, w, __builtin_ctz(m), fr->fn, pc, FK_STEP_BUDGET, NULL);
				if (ex->stop_warp == w) {
					w->steps = ex->stop_steps;
					ex->stop_warp = NULL;
				}
				stall_warp(w);
				return WARP_DONE;
			}
			/* a turn ended: stop at the deadline; yield when
			** another warp can run */
			if ((ex->cfg->deadline > 0 || stop_signal_seen) && exec_past_deadline(ex)) {
				w->steps--;
				goto stopped;
			}
			if (ex->cfg->max_work && exec_past_work(ex, 1)) {
				w->steps--;
				goto stopped;
			}
			limit = turn_end(w->steps, ex->max_steps, ex->turn);
			if (others_run(ex, w)) {
				w->steps--;
				w->pc = pc;
				w->active = m;
				ex->lane_insns += (w->steps - seg_steps) * (uint64_t)popc32(seg_mask);
				return WARP_YIELD;
			}
		}
		if (trace) {
			char line[256];
			prog_print_insn(p, fn, pc, line, sizeof line);
			fprintf(trace, "b(%u,%u,%u) w%u m=%08x %s\n", ex->block[0], ex->block[1],
				ex->block[2], w->id, m, line);
		}
		wm = WMASK(I->w ? I->w : 64);
		vmdispatch(I->op) {
		vmcase(NOP)
			vmbreak;
		vmcase(MOV)
			LANES(a);
			vmbreak;
		vmcase(BR)
			if (fr->waiting) {
				w->pc = (uint32_t)I->imm;
				if (w->pc > pc || !spin_check(ex, w, w->pc))
					resched(w);
				goto reload;
			}
			pc = (uint32_t)I->imm;
			continue;
		vmcase(CBR) {
			const uint64_t *A = OP(I->a);
			uint32_t t = 0;
			/* no branch per lane: divergent conditions do not predict */
			for (int l = 0; l < 32; l++)
				t |= (uint32_t)(A[l] & 1) << l;
			t &= m;
			if (t == m || t == 0) {
				uint32_t to = t ? (uint32_t)I->imm : I->x;
				if (fr->waiting) {
					w->pc = to;
					if (to > pc || !spin_check(ex, w, to))
						resched(w);
					goto reload;
				}
				pc = to;
				continue;
			}
			FOR_LANES(m, l)
				fr->pc[l] = (t >> l) & 1 ? (uint32_t)I->imm : I->x;
			fr->waiting |= m;
			w->active = 0;
			resched(w);
			goto reload;
		}
		vmcase(SWITCH) {
			const uint64_t *A = OP(I->a);
			const int64_t *tab = p->switch_tab + I->imm * 2;
			uint64_t mask = WMASK(I->w);
			uint32_t first = UINT32_MAX;
			int same = 1;
			FOR_LANES(m, l) {
				uint32_t tgt = I->c;
				for (uint32_t k = 0; k < I->x; k++)
					if (((uint64_t)tab[2 * k] & mask) == (A[l] & mask)) {
						tgt = (uint32_t)tab[2 * k + 1];
						break;
					}
				fr->pc[l] = tgt;
				if (first == UINT32_MAX)
					first = tgt;
				else if (tgt != first)
					same = 0;
			}
			if (same && !fr->waiting) {
				pc = first;
				continue;
			}
			fr->waiting |= m;
			w->active = 0;
			resched(w);
			goto reload;
		}
		vmcase(RET) {
			if (w->depth == 1) {
				note_exit(w, m, fr->fn, pc);
				w->exited |= m;
				w->active = 0;
				goto reload;
			}
			struct frame *caller = &w->frames[w->depth - 2];
			const struct insn *call = &p->funcs[caller->fn].code[caller->call_pc];
			if (I->a != OPND_NONE) {
				for (uint32_t e = 0; e < I->b && e < call->c; e++) {
					const uint64_t *S = OP(I->a + e);
					uint64_t *D = caller->regs + ((size_t)(call->d + e) << 5);
					FOR_LANES(m, l)
						D[l] = S[l];
				}
			}
			fr->returned |= m;
			w->active = 0;
			goto reload;
		}
		vmcase(CALL)
			enter_call(ex, w, I, pc, (uint32_t)I->imm, m);
			goto reload;
		vmcase(ICALL) {
			/* the lanes that call what the lowest lane calls go first;
			** the others wait at this ICALL, lanes with no function to
			** call (reported) wait after it, and minimum-pc scheduling
			** runs each group in turn once the callee returns */
			const uint64_t *T = OP(I->a);
			uint64_t first = 0;
			uint32_t grp = 0, bad = 0;
			FOR_LANES(m, l) {
				uint64_t v = T[l];
				if (MEM_ID(v) != MEM_FUNC_ID || MEM_OFF(v) >= p->nfuncs) {
					bad |= 1u << l;
					continue;
				}
				if (grp == 0)
					first = v;
				if (v == first)
					grp |= 1u << l;
			}
			FOR_LANES(bad, l) {
				uint64_t v = T[l];
				exec_finding(ex, w, (int)l, fr->fn, pc, v == 0 ? FK_NULL : FK_INVALID_PTR, v,
					     v == 0 ? "call through a null function pointer"
					     : "call through a pointer that is not a function");
				for (uint32_t e = 0; e < I->c; e++)
					R(I->d + e)[l] = 0;
				fr->pc[l] = pc + 1;
			}
			FOR_LANES(m & ~grp & ~bad, l)
				fr->pc[l] = pc;
			fr->waiting |= m & ~grp;
			w->active = 0;
			if (grp)
				enter_call(ex, w, I, pc, (uint32_t)MEM_OFF(first), grp);
			goto reload;
		}
		vmcase(TRAP) {
			if (I->f != TRAP_EXIT)
				FOR_LANES(m, l)
					exec_finding(ex, w, (int)l, fr->fn, pc, FK_TRAP, 0,
						     I->f == TRAP_UNREACHABLE ? "unreachable code reached"
						     : I->f == TRAP_BRKPT ? "brkpt executed (no debugger)"
						     : "__trap() called");
			note_exit(w, m, fr->fn, pc);
			w->exited |= m;
			w->active = 0;
			goto reload;
		}
		vmcase(ASSERTFAIL) {
			const uint64_t *A = OP(I->a), *B = OP(I->b), *C = OP(I->c);
			FOR_LANES(m, l) {
				char *msg = mem_strdup(mem, A[l], 512);
				char *file = mem_strdup(mem, B[l], 512);
				char detail[1200];
				snprintf(detail, sizeof detail, "assert(%s) failed at %s:%u", msg, file,
					 (unsigned)C[l]);
				/* where the kernel asserts, not in __assert_fail */
				user_finding(ex, w, (int)l, fr->fn, pc, FK_ASSERT, detail);
				free(msg);
				free(file);
			}
			note_exit(w, m, fr->fn, pc);
			w->exited |= m;
			w->active = 0;
			goto reload;
		}
		vmcase(ASSUME) {
			const uint64_t *A = OP(I->a);
			uint32_t bad = 0;
			FOR_LANES(m, l)
				if (!(A[l] & 1))
					bad |= 1u << l;
			if (bad == 0)
				vmbreak;
			FOR_LANES(bad, l)
				exec_finding(ex, w, (int)l, fr->fn, pc, FK_ASSERT, 0,
					     "an assumption does not hold (__builtin_assume or llvm.assume)");
			/* what follows is undefined for these lanes: they stop, as at
			** a failed assert */
			note_exit(w, bad, fr->fn, pc);
			w->exited |= bad;
			w->active = m & ~bad;
			w->pc = pc + 1;
			goto reload;
		}
		vmcase(PRINTF) {
			const uint64_t *A = OP(I->a), *B = OP(I->b);
			uint64_t *D = R(I->d);
			FOR_LANES(m, l) {
				do_printf(ex, w, (int)l, A[l], B[l]);
				D[l] = 0;
			}
			vmbreak;
		}
		vmcase(BARRIER) {
			const uint64_t *A = OP(I->a);
			if (m == FULL_MASK) {
				for (int l = 0; l < 32; l++) {
					fr->pc[l] = pc;
					w->bar_pred[l] = A[l] & 1;
				}
			} else {
				FOR_LANES(m, l) {
					fr->pc[l] = pc;
					w->bar_pred[l] = A[l] & 1;
				}
			}
			fr->bar_blocked |= m;
			w->active = 0;
			goto reload;
		}
		vmcase(SYNCWARP)
		vmcase(VOTE)
		vmcase(SHFL)
		vmcase(MATCH) {
			/* warp-level sync: lanes of the mask that are still alive must
			** all be here; others blocked here earlier join now */
			const uint64_t *M = OP(I->a);
			/* lanes may name different masks: the tiles of a
			** partitioned warp each sync their own; every lane waits
			** for every lane some mask here names */
			uint32_t req = 0, named = 0;
			FOR_LANES(m, l) {
				req |= (uint32_t)M[l];
				named |= (uint32_t)M[l] & (1u << l);
			}
			if (named != m) {
				/* each calling lane must name itself in the mask, or
				** the result is undefined (the CUDA guide) */
				uint32_t bl = (uint32_t)__builtin_ctz(m & ~named);
				char msg[160];
				snprintf(msg, sizeof msg, "lane %u is not in its own mask 0x%08x: the result "
					 "is undefined", bl, (uint32_t)M[bl]);
				user_finding(ex, w, (int)bl, fr->fn, pc, FK_WARP_SYNC, msg);
				if (ex->stopped)
					goto stopped;
			}
			req &= w->exists & ~w->exited;
			uint32_t here = 0;
			for (uint32_t bm = fr->ws_blocked; bm; bm &= bm - 1) {
				int l = __builtin_ctz(bm);
				if (fr->pc[l] == pc)
					here |= 1u << l;
			}
			if (((m | here) & req) != req) {
				/* wait for the others, unless nobody else can run */
				uint32_t others = fr->waiting & ~(m | here);
				if (others) {
					FOR_LANES(m, l)
						fr->pc[l] = pc;
					fr->ws_blocked |= m;
					w->active = 0;
					goto reload;
				}
				user_finding(ex, w, __builtin_ctz(m), fr->fn, pc, FK_WARP_SYNC,
					     "lanes named in the mask never reached this warp-level operation");
				if (ex->stopped)
					goto stopped;
			}
			fr->ws_blocked &= ~here;
			/* this instruction runs for the lanes that waited here too */
			ex->lane_insns += (w->steps - 1 - seg_steps) * (uint64_t)popc32(seg_mask);
			seg_steps = w->steps - 1;
			m |= here;
			seg_mask = m;
			w->active = m;
			if (ex->mam) {
				/* each mask's lanes join among themselves */
				for (uint32_t left = m & req; left;) {
					uint32_t g = (uint32_t)M[__builtin_ctz(left)] & left;
					g |= left & (0u - left);
					mam_syncwarp(&w->mam, g);
					left &= ~g;
				}
				mam_warp_group(&w->mam, m);
			}
			switch (I->op) {
			case OP_SYNCWARP:
				break;
			case OP_VOTE: {
				const uint64_t *P = OP(I->b);
				uint32_t votes = 0;
				FOR_LANES(m & req, l)
					if (P[l] & 1)
						votes |= 1u << l;
				uint64_t *D = R(I->d);
				FOR_LANES(m, l) {
					/* over the lanes of this lane's own mask */
					uint32_t part = (uint32_t)M[l] & m & req;
					uint32_t ballot = votes & part;
					D[l] = I->f == 0 ? (ballot == part) : I->f == 1 ? (ballot != 0)
					     : I->f == 2 ? (ballot == part || ballot == 0) : ballot;
				}
				break;
			}
			case OP_SHFL: {
				const uint64_t *V = OP(I->b), *L = OP(I->c), *C = OP(I->x);
				uint64_t out[32], ok[32];
				uint32_t bad = 0, bad_l = 0, bad_j = 0;
				FOR_LANES(m, l) {
					uint32_t c = (uint32_t)C[l], b = (uint32_t)L[l] & 0x1f;
					uint32_t segmask = (c >> 8) & 0x1f, maxlane = c & 0x1f;
					uint32_t minlane = l & segmask;
					maxlane = (maxlane & ~segmask) | minlane;
					uint32_t j;
					int pval;
					switch (I->f) {
					case 0: j = minlane | (b & ~segmask); pval = j <= maxlane; break;
					case 1: j = l - b; pval = (int32_t)j >= (int32_t)maxlane; break;
					case 2: j = l + b; pval = j <= maxlane; break;
					default: j = l ^ b; pval = j <= maxlane; break;
					}
					if (!pval || j >= 32)
						j = l;
					out[l] = V[j];
					ok[l] = (uint64_t)pval;
					/* the source must take part in the shuffle, or
					** the value is undefined (the CUDA guide): a lane a
					** partial warp lacks, one that exited, or one that
					** is elsewhere */
					if (!(m >> j & 1) && !bad) {
						bad = 1;
						bad_l = l;
						bad_j = j;
					}
				}
				if (bad) {
					const char *why = !(w->exists >> bad_j & 1)
						? "which this warp does not have (the block's threads end inside the warp)"
						: w->exited >> bad_j & 1 ? "which has exited"
						: "which is not at this shuffle";
					char msg[200];
					snprintf(msg, sizeof msg, "lane %u reads lane %u, %s: the value is undefined",
						 bad_l, bad_j, why);
					user_finding(ex, w, (int)bad_l, fr->fn, pc, FK_WARP_SYNC, msg);
					if (ex->stopped)
						goto stopped;
				}
				uint64_t *D = R(I->d), *P = R(I->d + 1);
				FOR_LANES(m, l) {
					D[l] = out[l];
					P[l] = ok[l];
				}
				break;
			}
			case OP_MATCH: {
				const uint64_t *V = OP(I->b);
				uint64_t vm = WMASK(I->w);
				uint64_t *D = R(I->d);
				uint64_t res[32], alls[32];
				FOR_LANES(m, l) {
					/* over the lanes of this lane's own mask */
					uint32_t part = (uint32_t)M[l] & m & req, s = 0;
					for (uint32_t pm = part; pm; pm &= pm - 1) {
						int k = __builtin_ctz(pm);
						if ((V[k] & vm) == (V[l] & vm))
							s |= 1u << k;
					}
					alls[l] = s == part;
					res[l] = I->f == 0 ? s : (s == part ? part : 0);
				}
				FOR_LANES(m, l) {
					D[l] = res[l];
					if (I->f == 1)
						R(I->d + 1)[l] = alls[l];
				}
				break;
			}
			}
			vmbreak;
		}
		vmcase(ACTIVEMASK) {
			uint64_t *D = R(I->d);
			FOR_LANES(m, l)
				D[l] = m;
			vmbreak;
		}
		vmcase(FENCE)
			if (ex->mam)
				mam_fence(ex->mam, &w->mam, m, model_scope(I->f));
			vmbreak;
		vmcase(SREG) {
			uint64_t *D = R(I->d);
			const struct launch_cfg *cf = ex->cfg;
			uint64_t v = 0;		/* registers that are the same in every lane */
			switch (I->f) {
			case SREG_TID_X: case SREG_TID_Y: case SREG_TID_Z: {
				const uint32_t *T = w->tid[I->f - SREG_TID_X];
				LANES(T[l]);
				vmbreak;
			}
			case SREG_LANEID: case SREG_LANEMASK_EQ: case SREG_LANEMASK_LT:
			case SREG_LANEMASK_LE: case SREG_LANEMASK_GT: case SREG_LANEMASK_GE:
				FOR_LANES(m, l) {
					switch (I->f) {
					case SREG_LANEID: v = l; break;
					case SREG_LANEMASK_EQ: v = 1u << l; break;
					case SREG_LANEMASK_LT: v = (1u << l) - 1; break;
					case SREG_LANEMASK_LE: v = (uint32_t)((UINT64_C(2) << l) - 1); break;
					case SREG_LANEMASK_GT: v = ~(uint32_t)((UINT64_C(2) << l) - 1); break;
					default: v = ~((1u << l) - 1); break;
					}
					D[l] = v & wm;
				}
				vmbreak;
			case SREG_NTID_X: v = cf->block.x; break;
			case SREG_NTID_Y: v = cf->block.y; break;
			case SREG_NTID_Z: v = cf->block.z; break;
			case SREG_CTAID_X: v = ex->block[0]; break;
			case SREG_CTAID_Y: v = ex->block[1]; break;
			case SREG_CTAID_Z: v = ex->block[2]; break;
			case SREG_NCTAID_X: v = launch_grid_dim(cf).x; break;
			case SREG_NCTAID_Y: v = launch_grid_dim(cf).y; break;
			case SREG_NCTAID_Z: v = launch_grid_dim(cf).z; break;
			case SREG_WARPID: v = w->id; break;
			case SREG_NWARPID: v = ex->nwarps; break;
			case SREG_WARPSIZE: v = 32; break;
			case SREG_CLOCK: case SREG_CLOCK64: case SREG_GLOBALTIMER:
				v = w->steps; break;
			case SREG_DYNAMIC_SMEM_SIZE: v = cf->dyn_shared; break;
			case SREG_ENVREG1: v = ex->grid_ws >> 32; break;
			case SREG_ENVREG2: v = ex->grid_ws & 0xffffffffu; break;
			default: v = 0; break;
			}
			LANES(v);
			vmbreak;
		}
		vmcase(ADD) LANES(a + b); vmbreak;
		vmcase(SUB) LANES(a - b); vmbreak;
		vmcase(MUL)
			/* the low 32 bits of a product need only the low 32 bits of
			** its factors: a 32x32->64 multiply SSE2 has (pmuludq) */
			if (I->w <= 32)
				LANES((uint64_t)(uint32_t)a * (uint32_t)b);
			else
				LANES(a * b);
			vmbreak;
		vmcase(AND) LANES(a & b); vmbreak;
		vmcase(OR) LANES(a | b); vmbreak;
		vmcase(XOR) LANES(a ^ b); vmbreak;
		vmcase(SHL) {
			unsigned ww = I->w;
			if (I->b & OPND_CONST) {
				/* one count for every lane: a vector shift */
				uint64_t k = OP(I->b)[0] & wm;
				unsigned sh = k >= ww ? 0 : (unsigned)k;
				wm = k >= ww ? 0 : wm;
				LANES(a << sh);
			} else {
				LANES((b & wm) >= ww ? 0 : a << (b & 63));
			}
			vmbreak;
		}
		vmcase(LSHR) {
			unsigned ww = I->w;
			if (I->b & OPND_CONST) {
				uint64_t k = OP(I->b)[0] & wm;
				unsigned sh = k >= ww ? 0 : (unsigned)k;
				uint64_t am = wm;
				wm = k >= ww ? 0 : wm;
				LANES((a & am) >> sh);
			} else {
				LANES((b & wm) >= ww ? 0 : (a & wm) >> (b & 63));
			}
			vmbreak;
		}
		vmcase(ASHR) {
			unsigned ww = I->w;
			LANES((uint64_t)(SX(a, ww) >> ((b & wm) >= ww ? ww - 1 : (b & 63))));
			vmbreak;
		}
		vmcase(UDIV)
		vmcase(SDIV)
		vmcase(UREM)
		vmcase(SREM) {
			const uint64_t *A = OP(I->a), *B = OP(I->b);
			uint64_t *D = R(I->d);
			unsigned ww = I->w;
			FOR_LANES(m, l) {
				uint64_t a = A[l] & wm, b = B[l] & wm, r;
				if (b == 0) {
					exec_finding(ex, w, (int)l, fr->fn, pc, FK_DIV_ZERO, 0, NULL);
					r = I->op == OP_UDIV || I->op == OP_SDIV ? wm : a;
				} else if (I->op == OP_UDIV) {
					r = a / b;
				} else if (I->op == OP_UREM) {
					r = a % b;
				} else {
					int64_t sa = SX(a, ww), sb = SX(b, ww);
					if (sb == -1)
						r = I->op == OP_SDIV ? (uint64_t)0 - (uint64_t)sa : 0;
					else
						r = (uint64_t)(I->op == OP_SDIV ? sa / sb : sa % sb);
				}
				D[l] = r & wm;
			}
			vmbreak;
		}
		vmcase(ICMP) {
			/* one lane loop per predicate; signed orders become unsigned
			** ones by flipping the sign bit of the w-bit values */
			unsigned ww = I->w;
			uint64_t vm = WMASK(ww), sb = UINT64_C(1) << (ww - 1);
			if (__builtin_expect(ex->cfg->cmplog != NULL, 0)) {
				unsigned l0 = (unsigned)__builtin_ctz(m);
				cmp_note(ex->cfg, I->f, OP(I->a)[l0] & vm, OP(I->b)[l0] & vm, vm);
			}
			wm = 1;
			if (ww < 64) {
				/* below 2^63, x < y iff x - y wraps to a set top bit: a
				** subtract and a shift, where SSE2 has no 64-bit compare */
				switch (I->f) {
				case ICMP_EQ: LANES((((a ^ b) & vm) - 1) >> 63); break;
				case ICMP_NE: LANES(~((((a ^ b) & vm) - 1) >> 63)); break;
				case ICMP_UGT: LANES(((b & vm) - (a & vm)) >> 63); break;
				case ICMP_UGE: LANES(~(((a & vm) - (b & vm)) >> 63)); break;
				case ICMP_ULT: LANES(((a & vm) - (b & vm)) >> 63); break;
				case ICMP_ULE: LANES(~(((b & vm) - (a & vm)) >> 63)); break;
				case ICMP_SGT: LANES((((b & vm) ^ sb) - ((a & vm) ^ sb)) >> 63); break;
				case ICMP_SGE: LANES(~((((a & vm) ^ sb) - ((b & vm) ^ sb)) >> 63)); break;
				case ICMP_SLT: LANES((((a & vm) ^ sb) - ((b & vm) ^ sb)) >> 63); break;
				default: LANES(~((((b & vm) ^ sb) - ((a & vm) ^ sb)) >> 63)); break;
				}
				vmbreak;
			}
			switch (I->f) {
			case ICMP_EQ: LANES((a & vm) == (b & vm)); break;
			case ICMP_NE: LANES((a & vm) != (b & vm)); break;
			case ICMP_UGT: LANES((a & vm) > (b & vm)); break;
			case ICMP_UGE: LANES((a & vm) >= (b & vm)); break;
			case ICMP_ULT: LANES((a & vm) < (b & vm)); break;
			case ICMP_ULE: LANES((a & vm) <= (b & vm)); break;
			case ICMP_SGT: LANES(((a & vm) ^ sb) > ((b & vm) ^ sb)); break;
			case ICMP_SGE: LANES(((a & vm) ^ sb) >= ((b & vm) ^ sb)); break;
			case ICMP_SLT: LANES(((a & vm) ^ sb) < ((b & vm) ^ sb)); break;
			default: LANES(((a & vm) ^ sb) <= ((b & vm) ^ sb)); break;
			}
			vmbreak;
		}
		vmcase(SELECT) LANES((a & 1) ? b : c); vmbreak;
		vmcase(SEXT) {
			unsigned ww = I->w;
			wm = WMASK((unsigned)I->imm);
			LANES((uint64_t)SX(a, ww));
			vmbreak;
		}
		vmcase(SMIN) { unsigned ww = I->w; LANES(SX(a, ww) <= SX(b, ww) ? a : b); vmbreak; }
		vmcase(SMAX) { unsigned ww = I->w; LANES(SX(a, ww) >= SX(b, ww) ? a : b); vmbreak; }
		vmcase(UMIN) LANES((a & wm) <= (b & wm) ? a : b); vmbreak;
		vmcase(UMAX) LANES((a & wm) >= (b & wm) ? a : b); vmbreak;
		vmcase(IUNARY) { unsigned ww = I->w, f = I->f; LANES(iunary(f, a, ww)); vmbreak; }
		vmcase(FSHL) {
			unsigned ww = I->w;
			LANES(((c & wm) % ww) == 0 ? a : (a << ((c & wm) % ww)) | ((b & wm) >> (ww - (c & wm) % ww)));
			vmbreak;
		}
		vmcase(FSHR) {
			unsigned ww = I->w;
			LANES(((c & wm) % ww) == 0 ? b : ((b & wm) >> ((c & wm) % ww)) | (a << (ww - (c & wm) % ww)));
			vmbreak;
		}
		vmcase(OVF) {
			const uint64_t *A = OP(I->a), *B = OP(I->b);
			uint64_t *D = R(I->d), *O = R(I->d + 1);
			unsigned ww = I->w;
			FOR_LANES(m, l) {
				uint64_t a = A[l] & wm, b = B[l] & wm, r, o;
				switch (I->f) {
				case 0: r = (a + b) & wm; o = SX(a, ww) >= 0 ? (SX(b, ww) > 0 && SX(r, ww) < SX(a, ww)) : (SX(b, ww) < 0 && SX(r, ww) > SX(a, ww)); break;
				case 1: r = (a + b) & wm; o = r < a; break;
				case 2: r = (a - b) & wm; o = ((SX(a, ww) ^ SX(b, ww)) & (SX(a, ww) ^ SX(r, ww))) < 0; break;
				case 3: r = (a - b) & wm; o = a < b; break;
				case 4: {
					__int128 pr = (__int128)SX(a, ww) * SX(b, ww);
					r = (uint64_t)pr & wm;
					o = pr != (__int128)SX(r, ww);
					break;
				}
				default: {
					unsigned __int128 pr = (unsigned __int128)a * b;
					r = (uint64_t)pr & wm;
					o = pr != (unsigned __int128)r;
					break;
				}
				}
				D[l] = r;
				O[l] = o;
			}
			vmbreak;
		}
		vmcase(SAT) {
			const uint64_t *A = OP(I->a), *B = OP(I->b);
			uint64_t *D = R(I->d);
			unsigned ww = I->w;
			int64_t smax = ww == 64 ? INT64_MAX : (INT64_C(1) << (ww - 1)) - 1, smin = -smax - 1;
			FOR_LANES(m, l) {
				uint64_t a = A[l] & wm, b = B[l] & wm, r;
				switch (I->f) {
				case 0: { __int128 s = (__int128)SX(a, ww) + SX(b, ww); r = (uint64_t)(s > smax ? smax : s < smin ? smin : (int64_t)s); break; }
				case 1: r = a + b; r = (r & wm) < a ? wm : r; break;
				case 2: { __int128 s = (__int128)SX(a, ww) - SX(b, ww); r = (uint64_t)(s > smax ? smax : s < smin ? smin : (int64_t)s); break; }
				default: r = a < b ? 0 : a - b; break;
				}
				D[l] = r & wm;
			}
			vmbreak;
		}
		vmcase(MULHI) {
			const uint64_t *A = OP(I->a), *B = OP(I->b);
			uint64_t *D = R(I->d);
			unsigned ww = I->w;
			FOR_LANES(m, l) {
				uint64_t r;
				if (I->f) {
					__int128 pr = (__int128)SX(A[l], ww) * SX(B[l], ww);
					r = (uint64_t)(pr >> ww);
				} else {
					unsigned __int128 pr = (unsigned __int128)(A[l] & wm) * (B[l] & wm);
					r = (uint64_t)(pr >> ww);
				}
				D[l] = r & wm;
			}
			vmbreak;
		}
		vmcase(CARRY) {
			const uint64_t *A = OP(I->a), *B = OP(I->b), *C = OP(I->c);
			uint64_t *D = R(I->d), *O = R(I->d + 1);
			FOR_LANES(m, l) {
				unsigned __int128 s;
				uint64_t a = A[l] & wm, b = B[l] & wm, c = C[l] & 1;
				if (I->f)
					s = (unsigned __int128)a - b - c;
				else
					s = (unsigned __int128)a + b + c;
				D[l] = (uint64_t)s & wm;
				O[l] = I->f ? (a < b + c || (b == wm && c)) : (uint64_t)(s >> I->w) & 1;
			}
			vmbreak;
		}
		vmcase(VSIMD) {
			unsigned ww = I->w, f = I->f;
			uint32_t fl = I->x;
			wm = 0xffffffffu;
			LANES(vsimd(f, ww, fl, a, b, c));
			vmbreak;
		}
		vmcase(PRMT) {
			wm = 0xffffffffu;
			LANES(prmt(a, b, c));
			vmbreak;
		}
		/* address arithmetic keeps its pointer's allocation or points
		** at none (MEM_KEEP_ID): tags must not alias (issue 13) */
		vmcase(PTRADD) { int64_t k = I->imm; LANES(MEM_KEEP_ID(a + (uint64_t)k, a)); vmbreak; }
		vmcase(PTRIDX) {
			unsigned ww = I->w;
			int64_t k = I->imm;
			wm = ~UINT64_C(0);
			if (k > 0 && (k & (k - 1)) == 0 && (ww == 32 || ww == 64)) {
				/* the usual scales are powers of two: shift, no multiply */
				unsigned sh = (unsigned)__builtin_ctzll((uint64_t)k);
				if (ww == 32)
					LANES(MEM_KEEP_ID(a + ((uint64_t)(int64_t)(int32_t)b << sh), a));
				else
					LANES(MEM_KEEP_ID(a + (b << sh), a));
			} else {
				LANES(MEM_KEEP_ID(a + (uint64_t)SX(b, ww) * (uint64_t)k, a));
			}
			vmbreak;
		}
		vmcase(SUBCHK) {
			/* the index, signed, in [0, imm): one unsigned compare (a
			** negative index is a huge unsigned one).  With the extent
			** below 2^(w-1), x < ext iff the top bits of ~x and of
			** x - ext are both set: no compare, so SSE2 vectorises it */
			const uint64_t *A = OP(I->a);
			uint64_t ext = (uint64_t)I->imm, bad = 0;
			unsigned ww = I->w;
			if (m == FULL_MASK && ww == 32 && ext <= 0x80000000u) {
				uint32_t e32 = (uint32_t)ext, ok = 1;
				LANE_LOOP
				for (int l = 0; l < 32; l++) {
					uint32_t x = (uint32_t)A[l];
					ok &= (~x & (x - e32)) >> 31;
				}
				bad = !ok;
			} else if (m == FULL_MASK && ww == 64) {
				uint64_t ok = 1;
				LANE_LOOP
				for (int l = 0; l < 32; l++)
					ok &= (~A[l] & (A[l] - ext)) >> 63;
				bad = !ok;
			} else {
				FOR_LANES(m, l)
					bad |= (uint64_t)SX(A[l], ww) >= ext;
			}
			if (bad == 0)
				vmbreak;
			FOR_LANES(m, l)
				if ((uint64_t)SX(A[l], ww) >= ext)
					subscript_finding(ex, w, (int)l, fr->fn, pc, I, SX(A[l], ww));
			vmbreak;
		}
		vmcase(FADD32) LANES(nf32(f32(a) + f32(b))); vmbreak;
		vmcase(FSUB32) LANES(nf32(f32(a) - f32(b))); vmbreak;
		vmcase(FMUL32) LANES(nf32(f32(a) * f32(b))); vmbreak;
		vmcase(FDIV32) LANES(nf32(f32(a) / f32(b))); vmbreak;
		vmcase(FREM32) LANES(nf32(fmodf(f32(a), f32(b)))); vmbreak;
		vmcase(FNEG32) LANES(a ^ 0x80000000u); vmbreak;
		vmcase(FMA32) LANES(nf32(fmaf(f32(a), f32(b), f32(c)))); vmbreak;
		vmcase(FCMP32) {
			unsigned pr = I->f;
			if (__builtin_expect(ex->cfg->cmplog != NULL, 0)) {
				unsigned l0 = (unsigned)__builtin_ctz(m);
				fcmp_note(ex->cfg, pr, f32(OP(I->a)[l0]), f32(OP(I->b)[l0]));
			}
			wm = 1;
			LANES((uint64_t)fcmp(pr, f32(a), f32(b)));
			vmbreak;
		}
		vmcase(FADD64) LANES(bf64(f64(a) + f64(b))); vmbreak;
		vmcase(FSUB64) LANES(bf64(f64(a) - f64(b))); vmbreak;
		vmcase(FMUL64) LANES(bf64(f64(a) * f64(b))); vmbreak;
		vmcase(FDIV64) LANES(bf64(f64(a) / f64(b))); vmbreak;
		vmcase(FREM64) LANES(bf64(fmod(f64(a), f64(b)))); vmbreak;
		vmcase(FNEG64) LANES(a ^ (UINT64_C(1) << 63)); vmbreak;
		vmcase(FMA64) LANES(bf64(fma(f64(a), f64(b), f64(c)))); vmbreak;
		vmcase(FCMP64) {
			unsigned pr = I->f;
			if (__builtin_expect(ex->cfg->cmplog != NULL, 0)) {
				unsigned l0 = (unsigned)__builtin_ctz(m);
				fcmp_note(ex->cfg, pr, f64(OP(I->a)[l0]), f64(OP(I->b)[l0]));
			}
			wm = 1;
			LANES((uint64_t)fcmp(pr, f64(a), f64(b)));
			vmbreak;
		}
		vmcase(MATH32)
			math_apply32(I->f, m, R(I->d), OP(I->a), OP(I->b), OP(I->c));
			vmbreak;
		vmcase(MATH64)
			math_apply64(I->f, m, R(I->d), OP(I->a), OP(I->b), OP(I->c));
			vmbreak;
		vmcase(FRND32) { unsigned k = I->f; uint32_t md = I->x; wm = ~UINT64_C(0); LANES(frnd32(k, md, a, b, c)); vmbreak; }
		vmcase(FRND64) { unsigned k = I->f; uint32_t md = I->x; wm = ~UINT64_C(0); LANES(frnd64(k, md, a, b, c)); vmbreak; }
		vmcase(CVT) {
			unsigned k = I->f, ww = I->w;
			uint32_t md = I->x;
			wm = ~UINT64_C(0);
			LANES(cvt(k, ww, md, a));
			vmbreak;
		}
		vmcase(FPCLASS) {
			unsigned fmt = I->f;
			uint64_t cm = (uint64_t)I->imm;
			wm = 1;
			LANES(fpclass(fmt, a, cm));
			vmbreak;
		}
		vmcase(EXTRACT) {
			const uint64_t *B = OP(I->b);
			uint64_t *D = R(I->d);
			FOR_LANES(m, l) {
				uint64_t k = B[l];
				D[l] = k < (uint64_t)I->imm ? R(I->a + k)[l] : 0;
			}
			vmbreak;
		}
		vmcase(INSERT) {
			const uint64_t *B = OP(I->b), *C = OP(I->c);
			FOR_LANES(m, l) {
				uint64_t k = B[l];
				if (k < (uint64_t)I->imm)
					R(I->d + k)[l] = C[l];
			}
			vmbreak;
		}
		vmcase(LOAD) {
			ex->mem_accesses += (uint64_t)popc32(m);
			const uint64_t *A = OP(I->a);
			uint64_t *D = R(I->d);
			unsigned n = I->w;
			uint64_t base;
			uint8_t *hd = one_alloc(mem, A, (uint64_t)I->imm, m, n, 0, &base);
			if (hd) {
				uint64_t off_ = (uint64_t)I->imm - base;
				switch (n) {
				case 1: GATHER(uint8_t); break;
				case 2: GATHER(uint16_t); break;
				case 4: GATHER(uint32_t); break;
				default: GATHER(uint64_t); break;
				}
				if (ex->mam)
					model_access(ex, w, m, A, (uint64_t)I->imm, n, ld_kind(I->f, 0),
						     ld_scope(I->f), I->x, NULL, 1, MEM_ID(base));
				vmbreak;
			}
			uint32_t ok = m;
			FOR_LANES(m, l) {
				enum mem_fault f = MF_NONE;
				uint64_t addr = A[l] + (uint64_t)I->imm;
				uint8_t *hp = mem_ptr(mem, addr, n, 0, &f);
				if (hp == NULL) {
					mem_fault_finding(ex, w, (int)l, fr->fn, pc, f, addr, n, 0);
					D[l] = 0;
					ok &= ~(1u << l);
					continue;
				}
				D[l] = load_n(hp, n);
			}
			if (ex->mam)
				model_access(ex, w, ok, A, (uint64_t)I->imm, n, ld_kind(I->f, 0),
					     ld_scope(I->f), I->x, NULL, 1, 0);
			vmbreak;
		}
		vmcase(STORE) {
			ex->mem_accesses += (uint64_t)popc32(m);
			const uint64_t *A = OP(I->a), *B = OP(I->b);
			unsigned n = I->w;
			uint64_t base;
			uint8_t *hd = one_alloc(mem, A, (uint64_t)I->imm, m, n, 1, &base);
			if (hd) {
				uint64_t off_ = (uint64_t)I->imm - base;
				switch (n) {
				case 1: SCATTER(uint8_t); break;
				case 2: SCATTER(uint16_t); break;
				case 4: SCATTER(uint32_t); break;
				default: SCATTER(uint64_t); break;
				}
				if (ex->mam)
					model_access(ex, w, m, A, (uint64_t)I->imm, n, ld_kind(I->f, 1),
						     ld_scope(I->f), I->x, B, 0, MEM_ID(base));
				vmbreak;
			}
			uint32_t ok = m;
			FOR_LANES(m, l) {
				enum mem_fault f = MF_NONE;
				uint64_t addr = A[l] + (uint64_t)I->imm;
				uint8_t *hp = mem_ptr(mem, addr, n, 1, &f);
				if (hp == NULL) {
					mem_fault_finding(ex, w, (int)l, fr->fn, pc, f, addr, n, 1);
					ok &= ~(1u << l);
					continue;
				}
				store_n(hp, n, B[l]);
			}
			if (ex->mam)
				model_access(ex, w, ok, A, (uint64_t)I->imm, n, ld_kind(I->f, 1),
					     ld_scope(I->f), I->x, B, 0, 0);
			vmbreak;
		}
		vmcase(ATOMIC) {
			ex->mem_accesses += (uint64_t)popc32(m);
			const uint64_t *A = OP(I->a), *B = OP(I->b);
			uint64_t *D = R(I->d);
			unsigned n = I->w;
			uint32_t ok = m;
			FOR_LANES(m, l) {
				enum mem_fault f = MF_NONE;
				uint8_t *hp = mem_ptr(mem, A[l], n, 1, &f);
				if (hp == NULL) {
					mem_fault_finding(ex, w, (int)l, fr->fn, pc, f, A[l], n, 1);
					D[l] = 0;
					ok &= ~(1u << l);
					continue;
				}
				uint64_t old = load_n(hp, n);
				store_n(hp, n, atomic_op(I->f, old, B[l] & WMASK(n * 8), n));
				D[l] = old;
			}
			if (I->f == AT_XCHG && ok != 0) {
				/* an exchange that finds what it writes took nothing;
				** one that writes 0 over the lock word released it */
				uint32_t same = 0, took = 0;
				FOR_LANES(ok, l) {
					uint64_t v = B[l] & WMASK(n * 8);
					if (D[l] == v)
						same |= 1u << l;
					else if (v != 0)
						took |= 1u << l;
					else if (A[l] == w->lock_addr)
						w->lock_addr = 0;
				}
				if (same | took)
					lock_note(ex, w, A, took, same, pc);
			}
			if (ex->grid_ws_id != 0 && ok != 0
			    && MEM_ID(A[__builtin_ctz(ok)]) == ex->grid_ws_id) {
				/* the block's master counted its block in: it waits,
				** after its atomic, until every block has arrived */
				ex->lane_insns += (w->steps - seg_steps) * (uint64_t)popc32(seg_mask);
				w->pc = pc + 1;
				w->active = m;
				w->grid_parked = 1;
				return WARP_GRID;
			}
			if (ex->mam)
				model_access(ex, w, ok, A, 0, n, MAM_ATOMIC, model_scope(I->imm), I->x, NULL,
					     I->f != AT_XCHG, 0);
			vmbreak;
		}
		vmcase(CMPXCHG) {
			ex->mem_accesses += (uint64_t)popc32(m);
			const uint64_t *A = OP(I->a), *B = OP(I->b), *C = OP(I->c);
			uint64_t *D = R(I->d), *S = R(I->d + 1);
			unsigned n = I->w;
			uint64_t vm = WMASK(n * 8);
			uint32_t swapped = 0, failed = 0;
			FOR_LANES(m, l) {
				enum mem_fault f = MF_NONE;
				uint8_t *hp = mem_ptr(mem, A[l], n, 1, &f);
				if (hp == NULL) {
					mem_fault_finding(ex, w, (int)l, fr->fn, pc, f, A[l], n, 1);
					D[l] = 0;
					S[l] = 0;
					continue;
				}
				uint64_t old = load_n(hp, n);
				int ok = old == (B[l] & vm);
				if (ok)
					store_n(hp, n, C[l]);
				D[l] = old;
				S[l] = (uint64_t)ok;
				if (ok)
					swapped |= 1u << l;
				else
					failed |= 1u << l;
			}
			if ((swapped | failed) != 0)
				lock_note(ex, w, A, swapped, failed, pc);
			if (ex->mam) {
				/* a failed compare-and-swap only read */
				model_access(ex, w, swapped, A, 0, n, MAM_ATOMIC, model_scope(I->imm), I->x, NULL, 1, 0);
				model_access(ex, w, failed, A, 0, n, MAM_ATOMIC_READ, model_scope(I->imm), I->x, NULL, 1, 0);
			}
			vmbreak;
		}
		vmcase(MEMCPY) {
			ex->mem_accesses += (uint64_t)popc32(m);
			const uint64_t *A = OP(I->a), *B = OP(I->b), *C = OP(I->c);
			FOR_LANES(m, l) {
				uint64_t n = C[l], bad = 0;
				enum mem_fault f = mem_copy(mem, A[l], B[l], n, &bad);
				if (f != MF_NONE) {
					int to_dst = MEM_ID(bad) == MEM_ID(A[l]) && bad - A[l] < n;
					mem_fault_finding(ex, w, (int)l, fr->fn, pc, f, bad, 1, to_dst);
					/* an unreadable source reads as zeros, as a load's
					** does: the copy is found once, at the copy, not
					** again at each read of what it should have written */
					if (!to_dst && mem_fill(mem, A[l], 0, n, NULL) == MF_NONE)
						note_fill(ex, w, l, A[l], n, I->x);
				} else if (ex->mam && n) {
					uint32_t us = exec_user_site(p, w, w->depth - 1, I->x);
					mam_access_range(ex->mam, &w->mam, l, B[l], n, MAM_READ, us);
					mam_access_range(ex->mam, &w->mam, l, A[l], n, MAM_WRITE, us);
					if (ex->shinit)
						shared_init_copy(ex, A[l], B[l], n);
				}
			}
			vmbreak;
		}
		vmcase(MEMSET) {
			ex->mem_accesses += (uint64_t)popc32(m);
			const uint64_t *A = OP(I->a), *B = OP(I->b), *C = OP(I->c);
			FOR_LANES(m, l) {
				uint64_t bad = 0;
				enum mem_fault f = mem_fill(mem, A[l], (uint8_t)B[l], C[l], &bad);
				if (f != MF_NONE)
					mem_fault_finding(ex, w, (int)l, fr->fn, pc, f, bad, 1, 1);
				else
					note_fill(ex, w, l, A[l], C[l], I->x);
			}
			vmbreak;
		}
		vmcase(TEX) {
			exec_tex(ex, w, I, m, OP(I->a), regs, fr->fn, pc);
			vmbreak;
		}
		vmcase(SULD) {
			exec_surf(ex, w, I, m, OP(I->a), regs, fr->fn, pc, 0);
			vmbreak;
		}
		vmcase(SUST) {
			exec_surf(ex, w, I, m, OP(I->a), regs, fr->fn, pc, 1);
			vmbreak;
		}
		vmcase(ALLOCA) {
			const uint64_t *A = OP(I->a);
			uint64_t *D = R(I->d);
			FOR_LANES(m, l) {
				uint64_t size = (uint64_t)I->imm * (A[l] ? A[l] : 1);
				if (size > (UINT64_C(1) << 24)) {
					exec_finding(ex, w, (int)l, fr->fn, pc, FK_OOB, 0,
						     "alloca of more than 16 MiB");
					size = 1;
				} else if (!mem_fits(mem, size)) {
					exec_finding(ex, w, (int)l, fr->fn, pc, FK_MEMORY_BUDGET, 0,
						     "local array past the launch's memory budget (--max-memory)");
					size = 1;
				}
				const struct localvar *lv = I->x < p->nlocals ? &p->locals[I->x] : NULL;
				uint32_t id = mem_new(mem, AS_LOCAL, size, lv ? lv->name : "local");
				if (id != 0 && lv != NULL && A[l] <= 1) {
					/* one object: named with its dimensions */
					struct mem_alloc *na = &mem->a[id];
					na->elem = lv->elem;
					na->elem_size = lv->elem_size;
					na->ndims = lv->ndims;
					na->dims = lv->dims;
					/* a local array starts unwritten: read
					** before written is an uninitialized read
					** (scalars are not: -O0 code copies them
					** unwritten without using them) */
					if (lv->ndims >= 1)
						init_track(ex, id);
				}
				D[l] = MEM_PTR(id, 0);
			}
			vmbreak;
		}
		vmcase(MALLOC) {
			const uint64_t *A = OP(I->a);
			uint64_t *D = R(I->d);
			FOR_LANES(m, l) {
				uint32_t id = mem_heap_alloc(mem, AS_GLOBAL, A[l]);
				D[l] = id ? MEM_PTR(id, 0) : 0;
				if (id != 0) {
					init_track(ex, id);	/* malloc's bytes are garbage */
					/* threads share a block through pointers
					** they publish: its accesses can race */
					if (ex->mam)
						mam_track(ex->mam, id, MAM_SPACE_GLOBAL);
				}
			}
			vmbreak;
		}
		vmcase(DLAUNCH) {
			uint32_t us = exec_user_site(p, w, w->depth - 1, I->x);
			exec_device_launch(ex, w, m, OP(I->a), OP(I->b), OP(I->c), R(I->d), fr->fn, pc, us);
			vmbreak;
		}
		vmcase(FREE) {
			const uint64_t *A = OP(I->a);
			FOR_LANES(m, l)
				heap_free(ex, w, (int)l, fr->fn, pc, A[l]);
			vmbreak;
		}
#if !defined(__GNUC__)
		default:
			break;
		}
#else
		}
#endif
#if defined(__GNUC__)
next:
#endif
		pc++;
	}

stopped:
	/* stop_kinds: this warp ends here, with the steps it really ran */
	if (ex->stop_warp == w) {
		w->steps = ex->stop_steps;
		ex->stop_warp = NULL;
	}
	ex->lane_insns += (w->steps - seg_steps) * (uint64_t)popc32(seg_mask);
	w->exited = w->exists;
	w->active = 0;
	w->depth = 0;
	return WARP_DONE;
}
