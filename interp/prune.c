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
** flow-insensitive, like interp/deps.c: a slot written in several places
** takes the join of what they write, base + g * k with its own counter k
** (k >= 0 when every step has one sign), and a device function's
** parameters the join of what its call sites pass.  It is iterated to a
** fixed point (or gives up after MAX_ROUNDS).
**
** Forms are exact integers.  A result below 64 bits keeps its form where
** the form's range, over the launch's coordinates, fits the width, and is
** anything where it may wrap; a form with a loop counter has no range, and
** is taken not to wrap: a 32-bit index that wraps has first left its
** buffer (a negative offset, or one past 2^31 elements), which the memory
** checks report whether or not the access was pruned.  Every such form
** comes from one SSA value in one iteration, so two forms that share a
** counter share its value (strict SSA: a definition used in the loop, or
** after it, is the latest one, computed from the latest instance of the
** phi); the check below never relates the counters of two threads.
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
#include "interp/prune.h"

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
	uint8_t w;		/* AV_INT: the width its signed value is exact at */
	uint32_t obj;		/* AV_PTR, AV_OBJ: allocation id, or LOCAL_OBJ | n */
	struct form f;		/* AV_CONST: f.c is the slot's bits; AV_INT: the
				   value; AV_PTR: the byte offset in obj */
};

struct pvar {
	int64_t hi;		/* thread coordinates: 0 .. hi */
	uint8_t bounded;	/* a coordinate; else a loop counter */
	uint8_t nonneg;		/* a counter that only grows from 0 */
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
	const uint64_t *args;
	uint32_t fn;
	struct pvar *vars;
	uint32_t nvars, capvars;
	struct fstate *fs;
	uint8_t *reach;
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

/* The form's range: *lo, *hi, with *unb set when a counter leaves it
** unbounded (then lo and hi are meaningless, but *lo_ok says whether it
** is still never below *lo, for the counters that only grow). */
static void frange(const struct pctx *x, const struct form *f, __int128 *lo, __int128 *hi,
		   int *unb, int *lo_ok)
{
	*lo = *hi = f->c;
	*unb = 0;
	*lo_ok = 1;
	for (uint32_t i = 0; i < f->n; i++) {
		const struct pvar *v = &x->vars[f->v[i]];
		__int128 k = f->k[i];
		if (v->bounded) {
			__int128 e = k * v->hi;
			if (e < 0)
				*lo += e;
			else
				*hi += e;
			continue;
		}
		*unb = 1;
		if (!(v->nonneg && k > 0))
			*lo_ok = 0;
	}
}

/* Whether F, as an exact value, fits a signed W-bit integer (a loop
** counter's form is taken to: see the top of the file). */
static int fits(const struct pctx *x, const struct form *f, unsigned w)
{
	__int128 lo, hi;
	int unb, lo_ok;
	frange(x, f, &lo, &hi, &unb, &lo_ok);
	if (unb)
		return 1;
	__int128 lim = (__int128)1 << (w >= 64 ? 63 : w - 1);
	return lo >= -lim && hi < lim;
}

static int nonneg(const struct pctx *x, const struct form *f)
{
	__int128 lo, hi;
	int unb, lo_ok;
	frange(x, f, &lo, &hi, &unb, &lo_ok);
	return lo >= 0 && lo_ok;
}

static int bounded(const struct pctx *x, const struct form *f)
{
	for (uint32_t i = 0; i < f->n; i++)
		if (!x->vars[f->v[i]].bounded)
			return 0;
	return 1;
}

/* F modulo 2^W, its constant and coefficients as signed W-bit residues:
** the same low W bits for every value of its variables. */
static void residues(struct form *f, unsigned w)
{
	f->c = sext((uint64_t)f->c, w);
	uint32_t n = 0;
	for (uint32_t i = 0; i < f->n; i++) {
		int64_t k = sext((uint64_t)f->k[i], w);
		if (k == 0)
			continue;
		f->v[n] = f->v[i];
		f->k[n++] = k;
	}
	f->n = n;
}

/* An integer result of width W: exact where it fits, a residue form for
** a loop counter's (taken not to wrap), anything else where it may wrap. */
static struct aval mk_int(const struct pctx *x, const struct form *f, unsigned w)
{
	if (f->n == 0)
		return mk_const((uint64_t)f->c & wmask(w));
	struct aval r = { .kind = AV_INT, .w = (uint8_t)w };
	r.f = *f;
	if (!bounded(x, f))
		residues(&r.f, w);
	else if (!fits(x, f, w))
		return TOP;
	return r.f.n ? r : mk_const((uint64_t)r.f.c & wmask(w));
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
		if (v->w == w || (v->w < w && nonneg(x, &v->f))) {
			*out = v->f;
			return 0;
		}
		if (v->w > w && (!bounded(x, &v->f) || fits(x, &v->f, w))) {
			/* truncated: a loop counter's form keeps its low bits */
			*out = v->f;
			if (!bounded(x, out))
				residues(out, w);
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

/* V as a pointer: its object and offset form, with *unknown set for an
** object at an unknown offset.  -1: not a pointer into a known object. */
static int as_ptr(const struct pctx *x, const struct aval *v, uint32_t *obj, struct form *off,
		  int *unknown)
{
	*unknown = 0;
	switch (v->kind) {
	case AV_CONST: {
		uint64_t b = (uint64_t)v->f.c;
		if (!real_obj(x, MEM_ID(b)))
			return -1;
		*obj = MEM_ID(b);
		*off = fconst((int64_t)MEM_OFF(b));
		return 0;
	}
	case AV_INT:	/* a join of pointers into one object, as integers */
		if (v->w != 64 || !real_obj(x, MEM_ID((uint64_t)v->f.c)))
			return -1;
		*obj = MEM_ID((uint64_t)v->f.c);
		*off = v->f;
		off->c = (int64_t)MEM_OFF((uint64_t)v->f.c);
		return 0;
	case AV_PTR:
		*obj = v->obj;
		*off = v->f;
		return 0;
	case AV_OBJ:
		*obj = v->obj;
		*off = fconst(0);
		*unknown = 1;
		return 0;
	default:
		return -1;
	}
}

static struct aval mk_ptr(uint32_t obj, const struct form *off, int unknown)
{
	struct aval r = { .kind = unknown ? AV_OBJ : AV_PTR, .obj = obj };
	if (unknown)
		return r;
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
	int unknown;
	if (v->kind == AV_BOT)
		return BOT;
	if (as_ptr(x, v, &obj, &off, &unknown) < 0)
		return TOP;
	if (!unknown && fadd(&off, &off, delta, 1) < 0)
		unknown = 1;
	return mk_ptr(obj, &off, unknown);
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
		case SREG_NCTAID_X: return mk_const(c->grid.x & wmask(w));
		case SREG_NCTAID_Y: return mk_const(c->grid.y & wmask(w));
		case SREG_NCTAID_Z: return mk_const(c->grid.z & wmask(w));
		case SREG_WARPSIZE: return mk_const(32);
		case SREG_DYNAMIC_SMEM_SIZE: return mk_const(c->dyn_shared & wmask(w));
		default: return TOP;
		}
	}
	case OP_MOV:
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
		if (a.kind == AV_CONST)
			return mk_const((uint64_t)sext((uint64_t)a.f.c, w) & wmask((unsigned)I->imm));
		return as_form(x, &a, w, &fa) < 0 ? TOP : mk_int(x, &fa, (unsigned)I->imm);
	case OP_PTRADD:
		fb = fconst(I->imm);
		return ptr_plus(x, &a, &fb);
	case OP_PTRIDX:
		if (a.kind == AV_BOT || b.kind == AV_BOT)
			return BOT;
		if (as_form(x, &b, w, &fb) < 0 || fscale(&r, &fb, I->imm) < 0) {
			uint32_t obj;
			int unknown;
			return as_ptr(x, &a, &obj, &fa, &unknown) < 0 ? TOP : mk_ptr(obj, &fa, 1);
		}
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
			int ua, ub;
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
		if (v[i].kind == AV_PTR || v[i].kind == AV_OBJ)
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
	int unknown = 0;
	struct aval res = TOP;
	for (uint32_t i = 0; i < n; i++) {
		if (v[i].kind == AV_BOT)
			continue;
		if (ptr) {
			uint32_t o;
			int u;
			if (as_ptr(x, &v[i], &o, &f[nf], &u) < 0 || (nf && o != obj))
				goto out;
			obj = o;
			unknown |= u;
		} else if (as_form(x, &v[i], w, &f[nf]) < 0) {
			goto out;
		}
		nf++;
	}
	if (unknown) {
		res = mk_ptr(obj, &f[0], 1);
		goto out;
	}
	struct fstate *st = &x->fs[fi];
	uint32_t d = st->digit[s];
	/* split each form into its counter's term and the rest */
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
		f[i] = r;
		hs[i] = h;
	}
	if (!have_init)
		goto out;
	if (d == 0) {
		if (x->nvars >= MAX_VARS)
			goto out;
		struct pvar nv = { 0, 0, 1 };
		VEC_PUSH(x->vars, x->nvars, x->capvars, nv);
		d = st->digit[s] = x->nvars - 1;
	}
	uint64_t g = 0;
	int up = x->vars[d].nonneg, down = x->vars[d].nonneg;
	for (uint32_t i = 0; i < nf; i++) {
		int64_t h = hs[i], dl, dh;
		if (__builtin_sub_overflow(f[i].c, cmin, &dl) || __builtin_sub_overflow(f[i].c, cmax, &dh))
			goto out;
		g = gcd64(gcd64(g, uabs(dl)), uabs(h));
		if (dl < 0 || h < 0)
			up = 0;
		if (dh > 0 || h > 0)
			down = 0;
	}
	if (g == 0 || g > INT64_MAX) {
		res = TOP;
		goto out;
	}
	struct form j = rest0;
	struct form kt = fconst(0);
	kt.n = 1;
	kt.v[0] = (uint16_t)d;
	kt.k[0] = down && !up ? -(int64_t)g : (int64_t)g;
	j.c = down && !up ? cmax : cmin;
	if (!up && !down && x->vars[d].nonneg) {
		/* what was computed with k >= 0 must be computed again */
		x->vars[d].nonneg = 0;
		x->changed = 1;
	}
	if (fadd(&j, &j, &kt, 1) < 0)
		goto out;
	res = ptr ? mk_ptr(obj, &j, 0) : mk_int(x, &j, w);
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
	uint32_t nlocal = 0;
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
				st->wval[pc] = mk_ptr(LOCAL_OBJ | nlocal++, &z, 0);
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

/* Records an access of site (FI, PC) through address value AD (+ IMM
** bytes), a write or not, plain or not. */
static void record(const struct pctx *x, struct sites *S, uint32_t fi, uint32_t pc,
		   const struct aval *ad, int write, int plain)
{
	uint32_t obj;
	struct form off;
	int unknown;
	if (as_ptr(x, ad, &obj, &off, &unknown) < 0) {
		/* anything: a BOT address too, to be safe */
		S->any_read |= !write;
		S->any_write |= write;
		return;
	}
	struct oacc *o = obj_acc(S, obj);
	if (o == NULL) {
		S->any_write |= write;
		S->any_read |= !write;
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
	x.fs = xcalloc(p->nfuncs, sizeof *x.fs);
	x.reach = xcalloc(p->nfuncs, 1);
	const uint32_t dims[NTHREADVARS] = { cfg->block.x, cfg->block.y, cfg->block.z,
					     cfg->grid.x, cfg->grid.y, cfg->grid.z };
	for (unsigned v = 0; v < NTHREADVARS; v++) {
		struct pvar t = { dims[v] ? (int64_t)dims[v] - 1 : 0, 1, 1 };
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
	uint32_t nlocal = 0;
	for (uint32_t fi = 0; fi < p->nfuncs; fi++)
		for (uint32_t pc = 0; pc < p->funcs[fi].ncode; pc++)
			nlocal += p->funcs[fi].code[pc].op == OP_ALLOCA;
	S.nreal = m->n;
	S.nobj = m->n + nlocal;
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
