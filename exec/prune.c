/*
** prune.c: GMRace's static pruning, at the bytecode level and for one
** launch (docs/MODEL.md, "Pruning").
**
** Before a launch, an abstract interpretation of the kernel and the
** functions it calls gives every slot a value: a constant (the launch's
** dimensions, its scalar arguments, what a load from parameter or
** __constant__ memory at a known address reads), an affine form over the
** thread's coordinates and loop counters (tid.x, ..., ctaid.z, and one
** counter per slot that several writers set: a phi's induction), a
** pointer into one allocation at such a form of bytes, a pointer into one
** allocation at an unknown offset, or anything.  The analysis is
** flow-insensitive, like core/deps.c: a slot written in several places
** takes the join of what they write, base + g * k with its own counter k
** (k >= 0 when every step has one sign), and a device function's
** parameters the join of what its call sites pass.  It is iterated to a
** fixed point (or gives up after MAX_ROUNDS).
**
** Forms are exact integers, and every variable has a range: a thread
** coordinate its dimension, a counter what the step budget allows (a slot
** that adds constants to itself moves by at most their spread per step,
** and a thread runs at most max_steps instructions) or, for other updates,
** the hull of what its writes give, widened to everything after a few
** rounds.  A result below 64 bits keeps its form only where its range
** fits the width; a pointer keeps its allocation only while its offset
** stays well inside the 2^41 bytes the address's id allows (memmodel/mem.h).
** Within a function, strict SSA makes two forms that share a counter share
** its value (a definition used in the loop, or after it, is the latest
** one, computed from the latest instance of the phi); a call's result with
** a counter of the callee is anything, since its value differs from call
** to call.  The check below never relates the counters of two threads.
**
** Then each allocation's accesses are checked.  An allocation no site
** writes cannot race; its plain loads are pruned.  One that is written is
** pruned when all its accesses are plain loads and stores at forms whose
** thread coefficients are the same, and distinct threads' bytes never
** meet: sorted by size, each coordinate's coefficient is at least the
** span of the smaller ones plus the bytes the sites cover (mixed radix),
** and every loop counter's coefficient is a multiple of a modulus at least
** that large.  Shared memory drops the block coordinates (each block has
** its own).  An atomic, volatile, memcpy or memset access, an unknown
** offset, or an address that may be anywhere and reads (writes: nothing
** is pruned) keeps the allocation in the model.
*/
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "exec/prune.h"

#define NT 8			/* terms of a form */
#define NTHREADVARS 6		/* tid.x, .y, .z, ctaid.x, .y, .z */
#define MAX_VARS 60000
#define MAX_ROUNDS 40
#define LOCAL_OBJ 0x80000000u	/* object ids of ALLOCAs: LOCAL_OBJ | index */

enum { AV_BOT, AV_CONST, AV_INT, AV_PTR, AV_OBJ, AV_TOP };

/* c + sum k[i] * var v[i], the v sorted and the k nonzero */
struct form {
	int64_t c;
	uint32_t n;
	uint16_t v[NT];
	int64_t k[NT];
};

struct aval {
	uint8_t kind;
	uint8_t w;		/* AV_INT: the width its signed value is exact at;
				   AV_OBJ: units of unknown offset; AV_TOP: the
				   bits the value may use (0: all 64) */
	uint32_t obj;		/* AV_PTR, AV_OBJ: allocation id, or LOCAL_OBJ | n */
	struct form f;		/* AV_CONST: f.c is the slot's bits; AV_INT: the
				   value; AV_PTR: the byte offset in obj */
};

/* A variable: a thread coordinate (0 .. dimension - 1) or a counter,
** bounded by the steps a thread may take (launch_cfg max_steps): each
** change of the slot it counts is an instruction the thread ran. */
struct pvar {
	int64_t lo, hi;
	uint32_t owner;		/* a counter: the function whose slot it counts */
	uint8_t widen;		/* times its range grew */
};

struct fstate {
	struct aval *val;	/* per slot */
	uint32_t *nw;		/* per slot: instructions writing it */
	uint32_t *digit;	/* per slot: its counter (0: none yet) */
	struct aval *wval;	/* per pc: what it wrote (multi-writer slots) */
	uint32_t *wstart, *wlist;	/* per slot, the pcs writing it (nw > 1) */
	uint32_t *callers;	/* pairs (function, pc) of the CALLs to it */
	uint32_t ncallers, capcallers;
	uint32_t *rets;		/* its RET pcs */
	uint32_t nrets, caprets;
	uint8_t params_top;	/* reached through ICALL */
	uint8_t *lead;		/* per pc: a basic block starts there */
	uint32_t *ldef, *lgen;	/* per slot: the pc of its last write in the
				   current block, when lgen is gen */
	uint32_t gen;
	struct aval **io;	/* per CALL pc: the arguments; per RET: the results */
};

struct pctx {
	const struct program *p;
	const struct mem *m;
	const struct launch_cfg *cfg;
	uint64_t steps;		/* the most instructions a thread runs */
	const uint64_t *args;
	uint32_t fn;
	struct pvar *vars;
	uint32_t nvars, capvars;
	struct fstate *fs;
	uint8_t *reach;
	uint32_t nlocal;	/* ALLOCAs in the program: local objects */
	int changed;
};

static const struct aval TOP = { .kind = AV_TOP };
static const struct aval BOT = { .kind = AV_BOT };

static struct aval mk_const(uint64_t bits)
{
	struct aval r = { .kind = AV_CONST };
	r.f.c = (int64_t)bits;
	return r;
}

static uint64_t wmask(unsigned w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

static int64_t sext(uint64_t bits, unsigned w)
{
	if (w == 0 || w >= 64)
		return (int64_t)bits;
	bits &= wmask(w);
	uint64_t sign = UINT64_C(1) << (w - 1);
	return (int64_t)((bits ^ sign) - sign);
}

/* ---- forms ---- */

static struct form fconst(int64_t c)
{
	struct form f = { 0 };
	f.c = c;
	return f;
}

/* *r = a + s * b; -1 on overflow or too many terms. */
static int fadd(struct form *r, const struct form *a, const struct form *b, int64_t s)
{
	struct form o = { 0 };
	int64_t sc;
	if (__builtin_mul_overflow(b->c, s, &sc) || __builtin_add_overflow(a->c, sc, &o.c))
		return -1;
	uint32_t i = 0, j = 0;
	while (i < a->n || j < b->n) {
		uint16_t v;
		int64_t k;
		if (j >= b->n || (i < a->n && a->v[i] < b->v[j])) {
			v = a->v[i];
			k = a->k[i++];
		} else {
			int64_t bk;
			if (__builtin_mul_overflow(b->k[j], s, &bk))
				return -1;
			v = b->v[j];
			if (i < a->n && a->v[i] == v) {
				if (__builtin_add_overflow(a->k[i], bk, &k))
					return -1;
				i++;
			} else {
				k = bk;
			}
			j++;
		}
		if (k == 0)
			continue;
		if (o.n == NT)
			return -1;
		o.v[o.n] = v;
		o.k[o.n++] = k;
	}
	*r = o;
	return 0;
}

static int fscale(struct form *r, const struct form *a, int64_t s)
{
	struct form z = fconst(0);
	return fadd(r, &z, a, s);
}

static int feq(const struct form *a, const struct form *b)
{
	if (a->c != b->c || a->n != b->n)
		return 0;
	for (uint32_t i = 0; i < a->n; i++)
		if (a->v[i] != b->v[i] || a->k[i] != b->k[i])
			return 0;
	return 1;
}

static int aeq(const struct aval *a, const struct aval *b)
{
	return a->kind == b->kind && a->w == b->w && a->obj == b->obj && feq(&a->f, &b->f);
}

/* The form's range over its variables' ranges. */
static void frange(const struct pctx *x, const struct form *f, __int128 *lo, __int128 *hi)
{
	*lo = *hi = f->c;
	for (uint32_t i = 0; i < f->n; i++) {
		const struct pvar *v = &x->vars[f->v[i]];
		__int128 k = f->k[i], a = k * v->lo, b = k * v->hi;
		*lo += a < b ? a : b;
		*hi += a < b ? b : a;
	}
}

/* Whether F's range lies in [-LIM, LIM). */
static int within(const struct pctx *x, const struct form *f, __int128 lim)
{
	__int128 lo, hi;
	frange(x, f, &lo, &hi);
	return lo >= -lim && hi < lim;
}

/* Whether F fits a signed W-bit integer for every value of its variables. */
static int fits(const struct pctx *x, const struct form *f, unsigned w)
{
	return within(x, f, (__int128)1 << (w >= 64 ? 63 : w - 1));
}

static int nonneg(const struct pctx *x, const struct form *f)
{
	__int128 lo, hi;
	frange(x, f, &lo, &hi);
	return lo >= 0;
}

/* An integer result of width W: its form where it cannot wrap, else
** anything. */
static struct aval mk_int(const struct pctx *x, const struct form *f, unsigned w)
{
	if (f->n == 0)
		return mk_const((uint64_t)f->c & wmask(w));
	if (!fits(x, f, w))
		return TOP;
	struct aval r = { .kind = AV_INT, .w = (uint8_t)w };
	r.f = *f;
	return r;
}

/* The exact value of V read by an operation of width W (a narrower slot
** is zero-extended, a wider one truncated): 0, or -1 when unknown. */
static int as_form(const struct pctx *x, const struct aval *v, unsigned w, struct form *out)
{
	switch (v->kind) {
	case AV_CONST:
		*out = fconst(sext((uint64_t)v->f.c, w));
		return 0;
	case AV_INT:
		if (v->w == w || (v->w < w && nonneg(x, &v->f)) || (v->w > w && fits(x, &v->f, w))) {
			*out = v->f;
			return 0;
		}
		return -1;
	default:
		return -1;
	}
}

/* ---- pointers ---- */

static int real_obj(const struct pctx *x, uint32_t id)
{
	return id >= 1 && id < x->m->n && id != MEM_FUNC_ID;
}

/* A pointer keeps its allocation while its offset stays within 2^41
** bytes either way (memmodel/mem.h: the id is the address's top bits), so
** a known offset must lie within WIN, and an unknown one is counted in
** units of 2^39 bytes (what a 32-bit index scaled by at most 256 moves it)
** up to MAX_UNITS. */
#define WIN ((__int128)1 << 40)
#define UNIT_SHIFT 39
#define MAX_UNITS 3

/* The units of 2^39 bytes a known offset F moves its pointer. */
static unsigned units_of(const struct pctx *x, const struct form *f)
{
	__int128 lo, hi;
	frange(x, f, &lo, &hi);
	__int128 m = -lo > hi ? -lo : hi;
	if (m <= 0)
		return 0;
	__int128 u = ((m - 1) >> UNIT_SHIFT) + 1;
	return u > MAX_UNITS + 1 ? MAX_UNITS + 1 : (unsigned)u;
}

/* V as a pointer: its object and offset form, or with *units set (not
** 0) an object at an unknown offset that far at most.  -1: not a pointer
** into a known allocation, or it may have left it. */
static int as_ptr(const struct pctx *x, const struct aval *v, uint32_t *obj, struct form *off,
		  unsigned *units)
{
	*units = 0;
	switch (v->kind) {
	case AV_CONST: {
		uint64_t b = (uint64_t)v->f.c;
		if (!real_obj(x, MEM_ID(b)))
			return -1;
		*obj = MEM_ID(b);
		*off = fconst((int64_t)MEM_OFF(b));
		return 0;
	}
	case AV_INT:	/* a pointer made an integer and moved */
		if (v->w != 64 || !real_obj(x, MEM_ID((uint64_t)v->f.c)))
			return -1;
		*obj = MEM_ID((uint64_t)v->f.c);
		*off = v->f;
		off->c = (int64_t)MEM_OFF((uint64_t)v->f.c);
		return within(x, off, WIN) ? 0 : -1;
	case AV_PTR:
		*obj = v->obj;
		*off = v->f;
		return 0;
	case AV_OBJ:
		*obj = v->obj;
		*off = fconst(0);
		*units = v->w;
		return 0;
	default:
		return -1;
	}
}

/* A pointer into OBJ at OFF (known), or at an unknown offset of UNITS
** (not 0); anything when it may have left OBJ. */
static struct aval mk_ptr(const struct pctx *x, uint32_t obj, const struct form *off,
			  unsigned units)
{
	struct aval r = { .kind = units ? AV_OBJ : AV_PTR, .obj = obj };
	if (units) {
		if (units > MAX_UNITS)
			return TOP;
		r.w = (uint8_t)units;
		return r;
	}
	if (!within(x, off, WIN))
		return TOP;
	if (off->n == 0 && !(obj & LOCAL_OBJ))
		return mk_const(MEM_PTR(obj, off->c));
	r.f = *off;
	return r;
}

/* V plus DELTA bytes (a form), as a pointer. */
static struct aval ptr_plus(const struct pctx *x, const struct aval *v, const struct form *delta)
{
	uint32_t obj;
	struct form off;
	unsigned units;
	if (v->kind == AV_BOT)
		return BOT;
	if (as_ptr(x, v, &obj, &off, &units) < 0)
		return TOP;
	if (units)
		return mk_ptr(x, obj, &off, units + units_of(x, delta));
	if (fadd(&off, &off, delta, 1) < 0)
		return TOP;
	return mk_ptr(x, obj, &off, 0);
}

/* V moved by an unknown index of W bits (below 2^W in magnitude) times
** SCALE: an unknown offset that much further, or anything when it may
** leave the allocation. */
static struct aval ptr_unknown(const struct pctx *x, const struct aval *v, unsigned w, int64_t scale)
{
	uint32_t obj;
	struct form off;
	unsigned units;
	if (v->kind == AV_BOT)
		return BOT;
	if (w > 40 || scale > 65536 || scale < -65536 || as_ptr(x, v, &obj, &off, &units) < 0)
		return TOP;
	if (!units)
		units = units_of(x, &off);
	__int128 m = ((__int128)1 << w) * (scale < 0 ? -(__int128)scale : (__int128)scale);
	__int128 add = m > 0 ? ((m - 1) >> UNIT_SHIFT) + 1 : 0;
	return add > MAX_UNITS ? TOP : mk_ptr(x, obj, &off, units + (unsigned)add);
}

/* ---- transfer ---- */

static struct aval get(const struct pctx *x, uint32_t fi, uint32_t o)
{
	if (o == OPND_NONE)
		return TOP;
	if (o & OPND_CONST) {
		uint32_t i = o & ~OPND_CONST;
		return i < x->p->nconsts ? mk_const(x->p->consts[(size_t)i * 32]) : TOP;
	}
	const struct func *f = &x->p->funcs[fi];
	return o < f->nslots ? x->fs[fi].val[o] : TOP;
}

static uint64_t fold(uint16_t op, uint64_t a, uint64_t b, unsigned w, int *ok)
{
	uint64_t m = wmask(w);
	int64_t sa = sext(a, w), sb = sext(b, w);
	*ok = 1;
	a &= m;
	b &= m;
	switch (op) {
	case OP_ADD: return (a + b) & m;
	case OP_SUB: return (a - b) & m;
	case OP_MUL: return (a * b) & m;
	case OP_AND: return a & b;
	case OP_OR: return a | b;
	case OP_XOR: return a ^ b;
	case OP_SHL: if (b < w) return (a << b) & m; break;
	case OP_LSHR: if (b < w) return a >> b; break;
	case OP_ASHR: if (b < w) return (uint64_t)(sa >> b) & m; break;
	case OP_UDIV: if (b) return a / b; break;
	case OP_UREM: if (b) return a % b; break;
	case OP_SDIV: if (sb && !(sb == -1 && sa == INT64_MIN)) return (uint64_t)(sa / sb) & m; break;
	case OP_SREM: if (sb && !(sb == -1 && sa == INT64_MIN)) return (uint64_t)(sa % sb) & m; break;
	case OP_SMIN: return (uint64_t)(sa < sb ? sa : sb) & m;
	case OP_SMAX: return (uint64_t)(sa > sb ? sa : sb) & m;
	case OP_UMIN: return a < b ? a : b;
	case OP_UMAX: return a > b ? a : b;
	default: break;
	}
	*ok = 0;
	return 0;
}

/* What single-result instruction I of function FI computes. */
static struct aval local(const struct pctx *x, uint32_t fi, uint32_t o);

static struct aval transfer(const struct pctx *x, uint32_t fi, const struct insn *I)
{
	struct aval a = local(x, fi, I->a), b = local(x, fi, I->b);
	unsigned w = I->w;
	struct form fa, fb, r;
	switch (I->op) {
	case OP_SREG: {
		const struct launch_cfg *c = x->cfg;
		switch (I->f) {
		case SREG_TID_X: case SREG_TID_Y: case SREG_TID_Z:
		case SREG_CTAID_X: case SREG_CTAID_Y: case SREG_CTAID_Z: {
			unsigned v = I->f <= SREG_TID_Z ? I->f - SREG_TID_X : 3 + I->f - SREG_CTAID_X;
			struct form f = fconst(0);
			f.n = 1;
			f.v[0] = (uint16_t)v;
			f.k[0] = 1;
			return mk_int(x, &f, w ? w : 32);
		}
		case SREG_NTID_X: return mk_const(c->block.x & wmask(w));
		case SREG_NTID_Y: return mk_const(c->block.y & wmask(w));
		case SREG_NTID_Z: return mk_const(c->block.z & wmask(w));
		case SREG_NCTAID_X: return mk_const(launch_grid_dim(c).x & wmask(w));
		case SREG_NCTAID_Y: return mk_const(launch_grid_dim(c).y & wmask(w));
		case SREG_NCTAID_Z: return mk_const(launch_grid_dim(c).z & wmask(w));
		case SREG_WARPSIZE: return mk_const(32);
		case SREG_DYNAMIC_SMEM_SIZE: return mk_const(c->dyn_shared & wmask(w));
		default: return TOP;
		}
	}
	case OP_MOV:
		if (a.kind == AV_TOP && a.w == 0 && w < 64)
			a.w = (uint8_t)w;
		if (a.kind == AV_TOP && a.w > w)
			a.w = (uint8_t)w;
		if (a.kind == AV_BOT || a.kind == AV_TOP)
			return a;
		if (a.kind == AV_CONST)
			return mk_const((uint64_t)a.f.c & wmask(w));
		if (a.kind == AV_PTR || a.kind == AV_OBJ)
			return w == 64 ? a : TOP;
		if (a.w <= w)
			return a;	/* a copy (a phi's move, a zext): the same bits */
		return as_form(x, &a, w, &fa) < 0 ? TOP : mk_int(x, &fa, w);
	case OP_SEXT:
		if (a.kind == AV_BOT)
			return BOT;
		if (a.kind == AV_TOP) {
			/* below 2^w in magnitude: an index from memory */
			struct aval t = TOP;
			t.w = (uint8_t)(w < 64 ? w : 0);
			return t;
		}
		if (a.kind == AV_CONST)
			return mk_const((uint64_t)sext((uint64_t)a.f.c, w) & wmask((unsigned)I->imm));
		return as_form(x, &a, w, &fa) < 0 ? TOP : mk_int(x, &fa, (unsigned)I->imm);
	case OP_PTRADD:
		fb = fconst(I->imm);
		return ptr_plus(x, &a, &fb);
	case OP_PTRIDX:
		if (a.kind == AV_BOT || b.kind == AV_BOT)
			return BOT;
		if (as_form(x, &b, w, &fb) < 0 || fscale(&r, &fb, I->imm) < 0)
			return ptr_unknown(x, &a, b.kind == AV_TOP && b.w && b.w < w ? b.w : w, I->imm);
		return ptr_plus(x, &a, &r);
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_SHL:
	case OP_AND: case OP_OR: case OP_XOR: case OP_LSHR: case OP_ASHR: case OP_UDIV:
	case OP_UREM: case OP_SDIV: case OP_SREM: case OP_SMIN: case OP_SMAX: case OP_UMIN:
	case OP_UMAX: {
		if (a.kind == AV_BOT || b.kind == AV_BOT)
			return BOT;
		if (a.kind == AV_CONST && b.kind == AV_CONST) {
			int ok;
			uint64_t v = fold(I->op, (uint64_t)a.f.c, (uint64_t)b.f.c, w, &ok);
			return ok ? mk_const(v) : TOP;
		}
		if (I->op == OP_ADD && w == 64) {
			/* a pointer plus an integer, through ptrtoint */
			if ((a.kind == AV_PTR || a.kind == AV_OBJ) && as_form(x, &b, 64, &fb) == 0)
				return ptr_plus(x, &a, &fb);
			if ((b.kind == AV_PTR || b.kind == AV_OBJ) && as_form(x, &a, 64, &fa) == 0)
				return ptr_plus(x, &b, &fa);
		}
		if (I->op == OP_SUB && w == 64 && a.kind == AV_PTR && b.kind != AV_INT) {
			uint32_t oa, ob;
			unsigned ua, ub;
			if (as_ptr(x, &a, &oa, &fa, &ua) == 0 && as_ptr(x, &b, &ob, &fb, &ub) == 0
			    && oa == ob && !ua && !ub && fadd(&r, &fa, &fb, -1) == 0)
				return mk_int(x, &r, 64);
			if (b.kind == AV_CONST && as_form(x, &b, 64, &fb) == 0 && fscale(&fb, &fb, -1) == 0)
				return ptr_plus(x, &a, &fb);
			return TOP;
		}
		if (as_form(x, &a, w, &fa) < 0 || as_form(x, &b, w, &fb) < 0)
			return TOP;
		switch (I->op) {
		case OP_ADD:
			return fadd(&r, &fa, &fb, 1) < 0 ? TOP : mk_int(x, &r, w);
		case OP_SUB:
			return fadd(&r, &fa, &fb, -1) < 0 ? TOP : mk_int(x, &r, w);
		case OP_MUL:
			if (fb.n == 0)
				return fscale(&r, &fa, fb.c) < 0 ? TOP : mk_int(x, &r, w);
			if (fa.n == 0)
				return fscale(&r, &fb, fa.c) < 0 ? TOP : mk_int(x, &r, w);
			return TOP;
		case OP_SHL:
			if (b.kind == AV_CONST && ((uint64_t)b.f.c & wmask(w)) < w
			    && ((uint64_t)b.f.c & wmask(w)) < 62)
				return fscale(&r, &fa, INT64_C(1) << ((uint64_t)b.f.c & wmask(w))) < 0
				       ? TOP : mk_int(x, &r, w);
			return TOP;
		default:
			return TOP;
		}
	}
	case OP_SELECT: {
		struct aval c = local(x, fi, I->c);
		if (b.kind == AV_BOT || c.kind == AV_BOT)
			return BOT;
		return aeq(&b, &c) ? b : TOP;
	}
	case OP_LOAD: {
		/* parameter and __constant__ memory cannot change in a launch:
		** what a load at a known address there reads is a constant */
		struct aval ad;
		fa = fconst(I->imm);
		ad = ptr_plus(x, &a, &fa);
		if (ad.kind == AV_BOT)
			return BOT;
		if (ad.kind != AV_CONST || (I->f & (LDF_ATOMIC | LDF_VOLATILE)) || w == 0 || w > 8)
			return TOP;
		uint64_t pa = (uint64_t)ad.f.c;
		const struct mem_alloc *al = &x->m->a[MEM_ID(pa)];
		uint64_t off = MEM_OFF(pa);
		if (!al->live || !al->readonly || al->sparse || al->data == NULL
		    || (al->space != AS_PARAM && al->space != AS_CONST) || off > al->size
		    || al->size - off < w)
			return TOP;
		uint64_t v = 0;
		memcpy(&v, al->data + off, w);	/* little-endian, as the GPU */
		return mk_const(v);
	}
	default:
		return TOP;
	}
}

/* ---- joins ---- */

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static uint64_t uabs(int64_t v)
{
	return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

static __int128 div_floor(__int128 a, __int128 b)
{
	__int128 q = a / b;
	return q * b > a ? q - 1 : q;	/* b > 0 */
}

static __int128 div_ceil(__int128 a, __int128 b)
{
	__int128 q = a / b;
	return q * b < a ? q + 1 : q;	/* b > 0 */
}

/* The join of the N values V written to slot S of function FI, with the
** slot's own counter: base + g * k; at the widest width of the integer
** values among them, or W where all are constants. */
static struct aval join(struct pctx *x, uint32_t fi, uint32_t s, const struct aval *v, uint32_t n,
			unsigned w)
{
	const struct aval *first = NULL;
	int ptr = 0, all_same = 1;
	unsigned wi = 0;
	uint32_t obj = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (v[i].kind == AV_BOT)
			continue;
		if (v[i].kind == AV_TOP)
			return TOP;
		if (first && !aeq(first, &v[i]))
			all_same = 0;
		if (!first)
			first = &v[i];
		/* a constant pointer too: joined as an integer, another
		** allocation's pointer would pass for an offset in this one */
		if (v[i].kind == AV_PTR || v[i].kind == AV_OBJ
		    || (v[i].kind == AV_CONST && real_obj(x, MEM_ID((uint64_t)v[i].f.c))))
			ptr = 1;
		if (v[i].kind == AV_INT && v[i].w > wi)
			wi = v[i].w;
	}
	if (!first)
		return BOT;
	if (all_same)
		return *first;
	if (wi)
		w = wi;
	/* each value as a form: pointers as offsets in one object */
	struct form *f = xmalloc(n * sizeof *f);
	int64_t *hs = xmalloc(n * sizeof *hs);
	uint32_t nf = 0;
	unsigned units = 0, known = 0;
	struct aval res = TOP;
	for (uint32_t i = 0; i < n; i++) {
		if (v[i].kind == AV_BOT)
			continue;
		if (ptr) {
			uint32_t o;
			unsigned u;
			if (as_ptr(x, &v[i], &o, &f[nf], &u) < 0 || (nf && o != obj))
				goto out;
			obj = o;
			if (u > units)
				units = u;
			u = units_of(x, &f[nf]);
			if (u > known)
				known = u;
		} else if (as_form(x, &v[i], w, &f[nf]) < 0) {
			goto out;
		}
		nf++;
	}
	if (units) {
		res = mk_ptr(x, obj, &f[0], units > known ? units : known);
		goto out;
	}
	struct fstate *st = &x->fs[fi];
	uint32_t d = st->digit[s];
	/* each form is the rest (the same in all) + its constant + h * k */
	int64_t cmin = INT64_MAX, cmax = INT64_MIN;
	struct form rest0 = { 0 };
	int have_rest = 0, have_init = 0;
	for (uint32_t i = 0; i < nf; i++) {
		struct form r = { 0 };
		int64_t h = 0;
		r.c = f[i].c;
		for (uint32_t t = 0; t < f[i].n; t++) {
			if (d && f[i].v[t] == d) {
				h = f[i].k[t];
				continue;
			}
			r.v[r.n] = f[i].v[t];
			r.k[r.n++] = f[i].k[t];
		}
		struct form r0 = r;
		r0.c = 0;
		if (!have_rest) {
			rest0 = r0;
			have_rest = 1;
		} else if (!feq(&rest0, &r0)) {
			goto out;
		}
		if (h == 0) {
			have_init = 1;
			if (r.c < cmin)
				cmin = r.c;
			if (r.c > cmax)
				cmax = r.c;
		}
		hs[i] = h;
	}
	if (!have_init)
		goto out;
	if (d == 0) {
		if (x->nvars >= MAX_VARS)
			goto out;
		struct pvar nv = { 0, 0, fi, 0 };
		VEC_PUSH(x->vars, x->nvars, x->capvars, nv);
		d = st->digit[s] = x->nvars - 1;
	}
	uint64_t g = 0;
	int up = x->vars[d].lo >= 0, down = up;	/* once signed, signed */
	int64_t clo = INT64_MAX, chi = INT64_MIN, pk = 0;
	const struct aval *cur = &x->fs[fi].val[s];
	for (uint32_t t = 0; (cur->kind == AV_INT || cur->kind == AV_PTR) && t < cur->f.n; t++)
		if (cur->f.v[t] == d)
			pk = cur->f.k[t];
	int additive = 1;	/* every update is the slot plus a constant */
	int updates = 0;
	for (uint32_t i = 0; i < nf; i++) {
		int64_t h = hs[i], dl, dh;
		updates |= h != 0;
		if (h != 0 && h != pk)
			additive = 0;
		if (__builtin_sub_overflow(f[i].c, cmin, &dl) || __builtin_sub_overflow(f[i].c, cmax, &dh))
			goto out;
		g = gcd64(gcd64(g, uabs(dl)), uabs(h));
		if (dl < 0 || h < 0)
			up = 0;
		if (dh > 0 || h > 0)
			down = 0;
		if (f[i].c < clo)
			clo = f[i].c;
		if (f[i].c > chi)
			chi = f[i].c;
	}
	if (g == 0 || g > INT64_MAX) {
		res = TOP;
		goto out;
	}
	int64_t coef = down && !up ? -(int64_t)g : (int64_t)g, base = down && !up ? cmax : cmin;
	__int128 big = (__int128)1 << 62, klo, khi;
	if (!updates) {
		/* one of several values: between the extremes */
		klo = 0;
		khi = ((__int128)chi - clo) / (__int128)g;
	} else if (additive) {
		/* each step moves the slot by at most chi - clo (every value
		** it takes is its base plus such steps), and a thread takes at
		** most x->steps of them */
		khi = ((__int128)chi - clo) * ((__int128)x->steps + 1) / (__int128)g;
		klo = up || down ? 0 : -khi;
	} else {
		/* another update (cur = 1 - cur, x = 2 * x): the hull of what
		** the writes give with the counter's range so far, widened to
		** everything after a few rounds (a doubling never settles) */
		__int128 lo = 0, hi = 0;
		for (uint32_t i = 0; i < nf; i++) {
			__int128 a, b;
			frange(x, &f[i], &a, &b);
			lo = i == 0 || a < lo ? a : lo;
			hi = i == 0 || b > hi ? b : hi;
		}
		/* base + coef * k in [lo, hi] */
		if (coef < 0) {
			__int128 t = -(hi - base);
			hi = -(lo - base) + base;
			lo = t + base;
		}
		__int128 c = coef < 0 ? -(__int128)coef : coef;
		klo = div_ceil(lo - base, c);
		khi = div_floor(hi - base, c);
		if (x->vars[d].widen > 8)
			klo = -big, khi = big;
	}
	if (khi > big)
		khi = big;
	if (klo < -big)
		klo = -big;
	struct pvar *pv = &x->vars[d];
	if (klo < pv->lo || khi > pv->hi) {
		/* what was computed with the narrower range must be again */
		pv->lo = klo < pv->lo ? (int64_t)klo : pv->lo;
		pv->hi = khi > pv->hi ? (int64_t)khi : pv->hi;
		pv->widen += pv->widen < 255;
		x->changed = 1;
	}
	struct form j = rest0;
	struct form kt = fconst(0);
	kt.n = 1;
	kt.v[0] = (uint16_t)d;
	kt.k[0] = coef;
	j.c = base;
	if (fadd(&j, &j, &kt, 1) < 0)
		goto out;
	res = ptr ? mk_ptr(x, obj, &j, 0) : mk_int(x, &j, w);
out:
	free(f);
	free(hs);
	return res;
}

static void set(struct pctx *x, uint32_t fi, uint32_t s, struct aval v)
{
	struct aval *cur = &x->fs[fi].val[s];
	if (!aeq(cur, &v)) {
		*cur = v;
		x->changed = 1;
	}
}

/* ---- the sites ---- */

struct oacc {
	uint8_t seen, writes, bad;	/* bad: an access the check cannot take */
	uint8_t shared;
	uint32_t *pcs;			/* pairs (function, pc) of its sites */
	uint32_t npcs, cappcs;
	struct form *off;		/* per site: the offset it accesses */
	uint32_t *size;			/* and its bytes */
	uint32_t noff, capoff, nsize, capsize;
};

struct sites {
	struct oacc *o;		/* real objects 0 .. m->n-1, then locals */
	uint32_t nreal, nobj;
	int any_read, any_write;
};

/* ---- the program ---- */

static uint32_t nparam_slots(const struct func *f)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		n += f->params[i].nslots;
	return n;
}

static void mark_reach(struct pctx *x, uint32_t fi, uint32_t *stack, uint32_t *sp)
{
	if (fi >= x->p->nfuncs || x->reach[fi] || x->p->funcs[fi].code == NULL)
		return;
	x->reach[fi] = 1;
	stack[(*sp)++] = fi;
}

/* Prepares the pre-pass over X's kernel: marks the functions the kernel
** reaches (every non-kernel one when there is an indirect call), gives
** each reached function its per-slot and per-instruction state (values,
** write counts, ALLOCA objects numbered over the whole program, the writes
** of a slot that leave their block), records each function's callers, and
** sets the kernel's parameter slots to the launch's values (X->args).
** Allocates what prune's clean-up frees; never fails. */
static void setup(struct pctx *x)
{
	const struct program *p = x->p;
	uint32_t *stack = xmalloc((p->nfuncs + 1) * sizeof *stack), sp = 0;
	int icall = 0;
	mark_reach(x, x->fn, stack, &sp);
	while (sp) {
		const struct func *f = &p->funcs[stack[--sp]];
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			if (f->code[pc].op == OP_CALL)
				mark_reach(x, (uint32_t)f->code[pc].imm, stack, &sp);
			if (f->code[pc].op == OP_ICALL && !icall) {
				icall = 1;
				for (uint32_t g = 0; g < p->nfuncs; g++)
					if (!p->funcs[g].is_kernel)
						mark_reach(x, g, stack, &sp);
			}
		}
	}
	free(stack);
	uint32_t nlocal = 0;	/* numbers every ALLOCA, reached or not */
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		const struct func *f = &p->funcs[fi];
		if (!x->reach[fi]) {
			for (uint32_t pc = 0; pc < f->ncode; pc++)
				nlocal += f->code[pc].op == OP_ALLOCA;
			continue;
		}
		struct fstate *st = &x->fs[fi];
		uint32_t ns = f->nslots ? f->nslots : 1, nc = f->ncode ? f->ncode : 1;
		st->val = xcalloc(ns, sizeof *st->val);
		st->nw = xcalloc(ns, sizeof *st->nw);
		st->digit = xcalloc(ns, sizeof *st->digit);
		st->lgen = xcalloc(ns, sizeof *st->lgen);
		st->ldef = xcalloc(ns, sizeof *st->ldef);
		st->wval = xcalloc(nc, sizeof *st->wval);
		st->io = xcalloc(nc, sizeof *st->io);
		st->lead = prog_block_leaders(p, f);
		st->params_top = icall && !f->is_kernel;
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			uint32_t nd = prog_insn_ndests(I);
			for (uint32_t k = 0; k < nd; k++)
				if (I->d + k < f->nslots)
					st->nw[I->d + k]++;
			if (I->op == OP_ALLOCA) {
				/* a new object per thread: one of its own */
				struct form z = fconst(0);
				st->wval[pc] = mk_ptr(x, LOCAL_OBJ | nlocal++, &z, 0);
			}
			if (I->op == OP_RET || I->op == OP_CALL) {
				if (I->op == OP_RET)
					VEC_PUSH(st->rets, st->nrets, st->caprets, pc);
				st->io[pc] = xcalloc(I->b + 1, sizeof **st->io);
			}
		}
		/* the writes of a slot that several instructions write and
		** that leave their block (a multi-index GEP reuses its slot
		** within the block: only its last write is seen elsewhere) */
		uint8_t *exposed = xcalloc(nc, 1);
		uint32_t *cnt = xcalloc(ns, sizeof *cnt);
		st->gen = 1;
		for (uint32_t pc = f->ncode; pc-- > 0;) {
			const struct insn *I = &f->code[pc];
			uint32_t nd = prog_insn_ndests(I);
			if (pc + 1 < f->ncode && st->lead[pc + 1])
				st->gen++;
			for (uint32_t k = 0; k < nd; k++) {
				uint32_t s = I->d + k;
				if (s >= f->nslots || st->nw[s] < 2 || st->lgen[s] == st->gen)
					continue;
				st->lgen[s] = st->gen;
				exposed[pc] = 1;
				cnt[s]++;
			}
		}
		memset(st->lgen, 0, ns * sizeof *st->lgen);
		st->wstart = xcalloc(ns + 1, sizeof *st->wstart);
		for (uint32_t s = 0; s < f->nslots; s++)
			st->wstart[s + 1] = st->wstart[s] + cnt[s];
		st->wlist = xmalloc((st->wstart[f->nslots] + 1) * sizeof *st->wlist);
		memset(cnt, 0, ns * sizeof *cnt);
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			uint32_t nd = prog_insn_ndests(I);
			for (uint32_t k = 0; exposed[pc] && k < nd; k++) {
				uint32_t s = I->d + k;
				if (s < f->nslots && st->nw[s] > 1)
					st->wlist[st->wstart[s] + cnt[s]++] = pc;
			}
		}
		free(exposed);
		free(cnt);
	}
	x->nlocal = nlocal;
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		const struct func *f = &p->funcs[fi];
		if (!x->reach[fi])
			continue;
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			uint32_t g = (uint32_t)I->imm;
			if (I->op != OP_CALL || g >= p->nfuncs || !x->reach[g])
				continue;
			struct fstate *cs = &x->fs[g];
			VEC_PUSH(cs->callers, cs->ncallers, cs->capcallers, fi);
			VEC_PUSH(cs->callers, cs->ncallers, cs->capcallers, pc);
		}
	}
	/* the kernel's parameters: the launch's values */
	const struct func *k = &p->funcs[x->fn];
	uint32_t np = nparam_slots(k);
	for (uint32_t i = 0, n = 0; i < k->nparams; i++)
		for (uint32_t e = 0; e < k->params[i].nslots; e++, n++) {
			uint32_t s = k->param_slot[i] + e;
			if (s < k->nslots && n < np)
				x->fs[x->fn].val[s] = mk_const(x->args[n]);
		}
}

/* The parameter slots of FI: what its call sites pass. */
static void settle_params(struct pctx *x, uint32_t fi)
{
	const struct program *p = x->p;
	const struct func *f = &p->funcs[fi];
	struct fstate *st = &x->fs[fi];
	if (fi == x->fn)
		return;
	struct aval *v = xmalloc((st->ncallers / 2 + 1) * sizeof *v);
	for (uint32_t i = 0, n = 0; i < f->nparams; i++)
		for (uint32_t e = 0; e < f->params[i].nslots; e++, n++) {
			uint32_t s = f->param_slot[i] + e;
			if (s >= f->nslots)
				continue;
			if (st->params_top) {
				set(x, fi, s, TOP);
				continue;
			}
			uint32_t nv = 0;
			for (uint32_t c = 0; c < st->ncallers; c += 2) {
				uint32_t cf = st->callers[c], cpc = st->callers[c + 1];
				const struct insn *I = &p->funcs[cf].code[cpc];
				v[nv++] = n < I->b ? x->fs[cf].io[cpc][n] : TOP;
			}
			set(x, fi, s, join(x, fi, s, v, nv, 64));
		}
	free(v);
}

/* What slot S of FI holds at the current instruction of the walk: what
** the block wrote last, or the slot's value over the whole function. */
static struct aval local(const struct pctx *x, uint32_t fi, uint32_t o)
{
	const struct fstate *st = &x->fs[fi];
	if (!(o & OPND_CONST) && o != OPND_NONE && o < x->p->funcs[fi].nslots
	    && st->lgen[o] == st->gen)
		return st->wval[st->ldef[o]];
	return get(x, fi, o);
}

static void record(const struct pctx *x, struct sites *S, uint32_t fi, uint32_t pc,
		   const struct aval *ad, int write, int plain);

/* The bits single-result instruction I's value may use, 0 when all 64
** or not known: a w-bit integer operation's, a load's. */
static unsigned result_bits(const struct insn *I)
{
	unsigned b = 0;
	switch (I->op) {
	case OP_LOAD:
		b = 8u * I->w;
		break;
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_UDIV: case OP_SDIV: case OP_UREM:
	case OP_SREM: case OP_AND: case OP_OR: case OP_XOR: case OP_SHL: case OP_LSHR:
	case OP_ASHR: case OP_SMIN: case OP_SMAX: case OP_UMIN: case OP_UMAX: case OP_SELECT:
	case OP_MOV:
		b = I->w;
		break;
	default:
		break;
	}
	return b < 64 ? b : 0;
}

/* Whether V's form has a counter of a function other than FI: one a
** callee returned, whose value differed from call to call (the callee's
** parameters join every call's arguments), so two results of calls must
** not share it. */
static int foreign_counter(const struct pctx *x, const struct aval *v, uint32_t fi)
{
	if (v->kind != AV_INT && v->kind != AV_PTR)
		return 0;
	for (uint32_t t = 0; t < v->f.n; t++)
		if (v->f.v[t] >= NTHREADVARS && x->vars[v->f.v[t]].owner != fi)
			return 1;
	return 0;
}

/* Whether V's form has a counter: what a function's call of itself
** returns holds the inner frame's, which its own share no value with. */
static int any_counter(const struct aval *v)
{
	if (v->kind != AV_INT && v->kind != AV_PTR)
		return 0;
	for (uint32_t t = 0; t < v->f.n; t++)
		if (v->f.v[t] >= NTHREADVARS)
			return 1;
	return 0;
}

/* One pass over function FI, in order, with what each block wrote last;
** with S, the memory sites are recorded instead (the values are final). */
static void flow(struct pctx *x, uint32_t fi, struct sites *S)
{
	const struct program *p = x->p;
	const struct func *f = &p->funcs[fi];
	struct fstate *st = &x->fs[fi];
	if (!S)
		settle_params(x, fi);
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		const struct insn *I = &f->code[pc];
		if (st->lead[pc])
			st->gen++;
		if (S) {
			struct aval a = local(x, fi, I->a), ad;
			struct form imm = fconst(I->imm);
			switch (I->op) {
			case OP_LOAD: case OP_STORE:
				ad = ptr_plus(x, &a, &imm);
				record(x, S, fi, pc, &ad, I->op == OP_STORE,
				       (I->f & (LDF_ATOMIC | LDF_VOLATILE)) == 0);
				break;
			case OP_ATOMIC: case OP_CMPXCHG: case OP_MEMSET:
				record(x, S, fi, pc, &a, 1, 0);
				break;
			case OP_MEMCPY: {
				struct aval b = local(x, fi, I->b);
				record(x, S, fi, pc, &a, 1, 0);
				record(x, S, fi, pc, &b, 0, 0);
				break;
			}
			case OP_TEX: case OP_SULD:
				S->any_read = 1;
				break;
			case OP_SUST:
				S->any_write = 1;
				break;
			case OP_DLAUNCH:
				/* a child grid may touch whatever the
				** parent reaches, and it is not followed */
				S->any_read = S->any_write = 1;
				break;
			default:
				break;
			}
		}
		if (I->op == OP_CALL || I->op == OP_RET) {
			/* what the call passes, what the return gives back */
			for (uint32_t e = 0; e < I->b; e++) {
				uint32_t o = I->op == OP_RET ? (I->a == OPND_NONE ? OPND_NONE : I->a + e)
					   : I->x + e < p->narglists ? p->arglists[I->x + e] : OPND_NONE;
				struct aval v = local(x, fi, o);
				if (!aeq(&st->io[pc][e], &v)) {
					st->io[pc][e] = v;
					x->changed = 1;
				}
			}
		}
		uint32_t nd = prog_insn_ndests(I);
		if (nd == 0)
			continue;
		if (I->op == OP_CALL) {
			uint32_t g = (uint32_t)I->imm;
			const struct fstate *cs = g < p->nfuncs && x->reach[g] ? &x->fs[g] : NULL;
			for (uint32_t e = 0; e < nd; e++) {
				uint32_t s = I->d + e;
				if (s >= f->nslots)
					continue;
				struct aval r = TOP;
				if (cs && st->nw[s] == 1) {
					struct aval *v = xmalloc((cs->nrets + 1) * sizeof *v);
					for (uint32_t k = 0; k < cs->nrets; k++) {
						uint32_t rp = cs->rets[k];
						v[k] = e < p->funcs[g].code[rp].b ? cs->io[rp][e] : TOP;
					}
					r = join(x, fi, s, v, cs->nrets, 64);
					free(v);
					if (foreign_counter(x, &r, fi) || (g == fi && any_counter(&r)))
						r = TOP;
				}
				set(x, fi, s, r);
				st->lgen[s] = 0;	/* read the slot */
			}
			continue;
		}
		if (nd > 1) {
			for (uint32_t e = 0; e < nd; e++)
				if (I->d + e < f->nslots) {
					set(x, fi, I->d + e, TOP);
					st->lgen[I->d + e] = 0;
				}
			continue;
		}
		if (I->d >= f->nslots)
			continue;
		if (I->op != OP_ALLOCA) {
			struct aval r = transfer(x, fi, I);
			if (r.kind == AV_TOP && r.w == 0)
				r.w = (uint8_t)result_bits(I);
			if (!aeq(&st->wval[pc], &r)) {
				st->wval[pc] = r;
				x->changed = 1;
			}
		}
		if (st->nw[I->d] == 1)
			set(x, fi, I->d, st->wval[pc]);
		st->lgen[I->d] = st->gen;
		st->ldef[I->d] = pc;
	}
	if (S)
		return;
	/* the slots several instructions write: phis, mostly */
	for (uint32_t s = 0; s < f->nslots; s++) {
		uint32_t n = st->wstart[s + 1] - st->wstart[s];
		if (n == 0)
			continue;
		struct aval *v = xmalloc(n * sizeof *v);
		unsigned w = 0;
		int multi = 0;
		for (uint32_t k = 0; k < n; k++) {
			uint32_t pc = st->wlist[st->wstart[s] + k];
			const struct insn *I = &f->code[pc];
			multi |= prog_insn_ndests(I) > 1 || I->op == OP_CALL;
			v[k] = st->wval[pc];
			if (I->op == OP_SEXT)
				w = (unsigned)I->imm;
			else if (I->op != OP_MOV && I->w > w)
				w = I->w;
		}
		set(x, fi, s, multi ? TOP : join(x, fi, s, v, n, w ? w : 64));
		free(v);
	}
}

static struct oacc *obj_acc(struct sites *S, uint32_t obj)
{
	uint32_t i = obj & LOCAL_OBJ ? S->nreal + (obj & ~LOCAL_OBJ) : obj;
	return i < S->nobj ? &S->o[i] : NULL;
}

/* Records an access of site (FI, PC) at address value AD, a write or
** not, plain or not. */
static void record(const struct pctx *x, struct sites *S, uint32_t fi, uint32_t pc,
		   const struct aval *ad, int write, int plain)
{
	uint32_t obj;
	struct form off;
	unsigned unknown;
	struct oacc *o = NULL;
	if (as_ptr(x, ad, &obj, &off, &unknown) == 0)
		o = obj_acc(S, obj);
	if (o == NULL) {
		/* anything: a BOT address too, to be safe */
		S->any_read |= !write;
		S->any_write |= write;
		return;
	}
	o->seen = 1;
	o->writes |= (uint8_t)write;
	if (unknown || !plain)
		o->bad = 1;
	VEC_PUSH(o->pcs, o->npcs, o->cappcs, fi);
	VEC_PUSH(o->pcs, o->npcs, o->cappcs, pc);
	VEC_PUSH(o->off, o->noff, o->capoff, off);
	VEC_PUSH(o->size, o->nsize, o->capsize, x->p->funcs[fi].code[pc].w);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Whether no two threads' accesses of object O meet (see the top). */
static int private_to_threads(const struct pctx *x, const struct oacc *o)
{
	const struct launch_cfg *c = x->cfg;
	const uint64_t range[NTHREADVARS] = { c->block.x, c->block.y, c->block.z,
					      c->grid.x, c->grid.y, c->grid.z };
	int64_t coef[NTHREADVARS] = { 0 };
	__int128 cmin = 0, cend = 0;
	uint64_t mod = 0;
	for (uint32_t i = 0; i < o->noff; i++) {
		const struct form f = o->off[i];
		uint32_t size = o->size[i];
		int64_t k[NTHREADVARS] = { 0 };
		for (uint32_t t = 0; t < f.n; t++) {
			if (f.v[t] < NTHREADVARS)
				k[f.v[t]] = f.k[t];
			else
				mod = gcd64(mod, uabs(f.k[t]));
		}
		/* a coordinate that takes several values has one coefficient
		** at every site (for shared memory the block's coordinates
		** too: the same in both threads, they must shift both sites
		** alike) */
		for (unsigned v = 0; v < NTHREADVARS; v++) {
			if (range[v] < 2)
				continue;
			if (i > 0 && k[v] != coef[v])
				return 0;
			coef[v] = k[v];
		}
		if (i == 0 || f.c < cmin)
			cmin = f.c;
		if (i == 0 || (__int128)f.c + size > cend)
			cend = (__int128)f.c + size;
	}
	/* mixed radix over the coordinates that tell two threads apart
	** (shared memory: within one block): each one's step clears the
	** span of the smaller ones plus the bytes one thread's sites cover */
	uint64_t key[NTHREADVARS];
	uint32_t nk = 0;
	for (unsigned v = 0; v < NTHREADVARS; v++) {
		if (range[v] < 2 || (o->shared && v >= 3))
			continue;
		if (coef[v] == 0 || uabs(coef[v]) >= (UINT64_C(1) << 56))
			return 0;
		key[nk++] = uabs(coef[v]) << 3 | v;
	}
	qsort(key, nk, sizeof *key, cmp_u64);
	__int128 need = cend - cmin;
	for (uint32_t i = 0; i < nk; i++) {
		unsigned v = (unsigned)(key[i] & 7);
		__int128 a = (__int128)(key[i] >> 3);
		if (a < need)
			return 0;
		need += a * (__int128)(range[v] - 1);
	}
	/* and the loop counters move by whole periods of that pattern */
	return mod == 0 || (__int128)mod >= need;
}

uint8_t *prune_sites(const struct program *p, uint32_t fn, const uint64_t *args,
		     const struct mem *m, const struct launch_cfg *cfg, uint32_t *npruned)
{
	struct pctx x = { 0 };
	uint8_t *out = NULL;
	*npruned = 0;
	if (fn >= p->nfuncs || p->funcs[fn].code == NULL || p->nsites == 0)
		return NULL;
	x.p = p;
	x.m = m;
	x.cfg = cfg;
	x.args = args;
	x.fn = fn;
	x.steps = cfg->max_steps ? cfg->max_steps : LAUNCH_DEFAULT_MAX_STEPS;
	x.fs = xcalloc(p->nfuncs, sizeof *x.fs);
	x.reach = xcalloc(p->nfuncs, 1);
	const uint32_t dims[NTHREADVARS] = { cfg->block.x, cfg->block.y, cfg->block.z,
					     cfg->grid.x, cfg->grid.y, cfg->grid.z };
	for (unsigned v = 0; v < NTHREADVARS; v++) {
		struct pvar t = { 0, dims[v] ? (int64_t)dims[v] - 1 : 0, UINT32_MAX, 0 };
		VEC_PUSH(x.vars, x.nvars, x.capvars, t);
	}
	setup(&x);
	int round = 0;
	do {
		x.changed = 0;
		for (uint32_t fi = 0; fi < p->nfuncs; fi++)
			if (x.reach[fi])
				flow(&x, fi, NULL);
	} while (x.changed && ++round < MAX_ROUNDS);
	if (x.changed)
		goto done;

	struct sites S = { 0 };
	S.nreal = m->n;
	S.nobj = m->n + x.nlocal;
	S.o = xcalloc(S.nobj ? S.nobj : 1, sizeof *S.o);
	for (uint32_t id = 1; id < m->n; id++)
		S.o[id].shared = m->a[id].space == AS_SHARED;
	for (uint32_t fi = 0; fi < p->nfuncs; fi++)
		if (x.reach[fi])
			flow(&x, fi, &S);
	if (!S.any_write) {
		out = xcalloc(p->nsites, 1);
		for (uint32_t i = 0; i < S.nobj; i++) {
			const struct oacc *o = &S.o[i];
			if (!o->seen)
				continue;
			int ok = !o->writes
				 || (!o->bad && !S.any_read
				     && (i >= S.nreal || private_to_threads(&x, o)));
			for (uint32_t k = 0; ok && k < o->npcs; k += 2) {
				const struct insn *I = &p->funcs[o->pcs[k]].code[o->pcs[k + 1]];
				/* only plain loads and stores skip the model */
				if ((I->op != OP_LOAD && I->op != OP_STORE)
				    || (I->f & (LDF_ATOMIC | LDF_VOLATILE)) || I->x >= p->nsites)
					continue;
				if (!out[I->x])
					(*npruned)++;
				out[I->x] = 1;
			}
		}
		if (*npruned == 0) {
			free(out);
			out = NULL;
		}
	}
	for (uint32_t i = 0; i < S.nobj; i++) {
		free(S.o[i].pcs);
		free(S.o[i].off);
		free(S.o[i].size);
	}
	free(S.o);
done:
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		struct fstate *st = &x.fs[fi];
		free(st->val);
		free(st->nw);
		free(st->digit);
		free(st->wval);
		free(st->wstart);
		free(st->wlist);
		free(st->callers);
		free(st->lead);
		free(st->ldef);
		free(st->lgen);
		if (st->io)
			for (uint32_t pc = 0; pc < p->funcs[fi].ncode; pc++)
				free(st->io[pc]);
		free(st->io);
		free(st->rets);
	}
	free(x.fs);
	free(x.reach);
	free(x.vars);
	return out;
}
