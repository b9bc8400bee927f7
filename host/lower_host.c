/*
** lower_host.c: the launch sites of a program's host code (hostsite.h).
**
** The host side's IR (clang -x cuda --cuda-host-only -emit-llvm, -O0
** without optnone) is cleaned as the loader cleans device code: the small
** functions a launch is built from (dim3's constructor, the cuda_runtime.h
** templates cudaMalloc<T> and cudaLaunchKernel<T>, std::min/max and leaf
** helpers such as a ceil-div) are inlined, never a __device_stub__, then
** sroa, early-cse, simplifycfg and instsimplify turn locals into SSA.  A
** site is then
**   - a call of a device stub preceded by __cudaPushCallConfiguration on
**     its path (what `k<<<g, b, s, st>>>(args)` becomes), or
**   - a call of cudaLaunchKernel or cudaLaunchCooperativeKernel (C API or
**     template) whose function operand is a device stub, outside the stubs
**     (at -O2 the stub is inlined there, and what it pops is what was
**     pushed before it).
** Values become expressions by following SSA, and memory the analysis can
** see (an alloca whose address escapes, a global) through the last store on
** every path before the read; what it cannot follow becomes a variable.
** Expressions are hash-consed and bounded (HX_MAX_TREE nodes per tree,
** HX_MAX_DEPTH levels of SSA), so hostile IR cannot blow them up.
** docs/DECISIONS.md ("Host launch sites") has the rules in full.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "host/hostsite.h"
#include "host/hexpr_int.h"
#include "host/lower_host_int.h"
#include "reader/reader.h"
#include "base/util.h"

/* __cxa_demangle comes with the C++ runtime that libLLVM links anyway. */
extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

#define HX_MAX_TREE 512u		/* nodes of one expression, as a tree */
#define HX_MAX_NODES (1u << 22)		/* nodes of one hostsites */
#define HX_MAX_DEPTH 96			/* SSA definitions followed from a use */
#define MEM_MAX_BLOCKS 64		/* blocks one memory read looks back through */
#define MEM_MAX_STEPS 20000000ull	/* instructions all memory reads may scan */
#define HX_MAX_WORK 4000000ull		/* instructions all values may convert */
#define INLINE_MAX_INSNS 64		/* a leaf helper inlined into its callers */

/* The clean-up: what prepare_inlining marked, then locals into SSA;
** simplifycfg folds the diamond std::min leaves into a select. */
#define PIPELINE "always-inline,function(sroa,early-cse,simplifycfg,instsimplify)"


/* ---- building expressions ------------------------------------------------ */

/* One scalar leaf of a struct: nested structs and arrays flattened. */
struct sleaf {
	uint32_t off;		/* byte offset */
	LLVMTypeRef ty;		/* an integer of 64 bits or less, float, double */
	uint8_t is_signed;	/* from debug info; default 1 */
	char *name;		/* "n", "in.lo", "a[2]" (debug info), or NULL */
};

/* A struct type's scalar leaves, by offset (pointers left out). */
struct shape {
	struct sleaf *leaf;
	uint32_t n, cap;
};

/* A leaf of a debug-info type: its bits and its path of member names. */
struct dileaf {
	uint64_t off, size;	/* bits */
	uint8_t is_signed;
	char *name;
};

struct dilist {
	struct dileaf *l;
	uint32_t n, cap;
};

/* A struct parameter of a host function: the layout its fields follow. */
struct sparam {
	char *name;		/* the parameter's source name */
	struct shape shape;
	LLVMValueRef divar;	/* its DILocalVariable (before the clean-up only) */
};

/* An IR parameter holding a struct parameter, or a part of it: clang
** passes a small struct in one or two registers ({i64, float}: the
** first eight bytes and the rest), a large one as a byval pointer. */
struct spiece {
	char *fn;		/* the function's name (it outlives the clean-up) */
	uint32_t arg;		/* its IR parameter */
	uint32_t param;		/* index in sparams */
	uint32_t off;		/* the struct's byte the parameter's first byte is */
	uint8_t byval;		/* a pointer to the whole struct */
};

/* The variable of one field of a struct parameter. */
struct fvar {
	uint32_t param, off;
	uint8_t width, is_float;
	uint32_t var;
};

/* Everything one hostsite_read works with. */
struct hctx {
	LLVMContextRef ctx;
	LLVMModuleRef mod;
	LLVMTargetDataRef td;
	struct hostsites *hs;
	struct htab ht;		/* hash-consing: the nodes, by content */
	uint16_t *tsz;		/* per node: its size as a tree (saturating) */
	uint32_t captsz;
	struct ptrmap memo;	/* SSA value -> expression */
	struct ptrmap busy;	/* SSA values being converted (cycles) -> 1 */
	struct ptrmap varkey;	/* what an unknown stands for -> variable */
	struct ptrmap byteskey;	/* pointer parameter -> the variable of its buffer's bytes */
	struct ptrmap dbg;	/* value or alloca -> index in dbgvar */
	LLVMValueRef *dbgvar;	/* DILocalVariable nodes, as values */
	uint32_t ndbg, capdbg;
	struct ptrmap fclass;	/* function -> FC_* + 1 */
	struct ptrmap roparam;	/* parameter -> 1 + (its pointee is only read) */
	struct ptrmap bindex;	/* block -> index in pstart */
	uint32_t *pstart;	/* preds of block i: plist[pstart[i] .. pstart[i+1]) */
	LLVMBasicBlockRef *plist;
	uint8_t *ends;		/* block i calls a function that never returns
				   (build_preds): its path ends there */
	uint32_t nblocks;	/* blocks numbered in bindex */
	struct ptrmap stubidx;	/* stub function -> index in stubs */
	struct stubmap *stubs;
	uint32_t nstubs, capstubs;
	struct ptrmap argrec;	/* IR parameter -> index in pieces */
	struct spiece *pieces;	/* IR parameters holding (part of) a struct */
	uint32_t npieces, cappieces;
	struct sparam *sparams;	/* struct parameters of host functions */
	uint32_t nsparams, capsparams;
	struct fvar *fvars;	/* the variables of their fields */
	uint32_t nfvars, capfvars;
	uint64_t steps;		/* instructions scanned by memory reads */
	uint64_t work;		/* instructions converted to expressions */
	uint64_t cycles;	/* SSA cycles met (a phi's value depending on itself) */
	LLVMValueRef *siteat;	/* per site read from this module: its launch call */
	uint32_t nsiteat, capsiteat, site0;
	struct phivar *phis;	/* phis that became unknowns, for their values */
	uint32_t nphis, capphis;
	LLVMBasicBlockRef *blk;	/* block index (bindex) -> block */
	uint32_t *idom;		/* block index -> its immediate dominator's, per
				   function on first use (UINT32_MAX: not yet) */
	struct ptrmap wantfn;	/* function defined here with a parameter that
				   became a variable -> 1 */
	LLVMValueRef *callat;	/* per call read from this module: the call */
	uint32_t ncallat, capcallat, call0;
	uint32_t *callcap;	/* per call read from this module: its slices' capacity */
	uint32_t ncallcap, capcallcap;
	LLVMValueRef *pure;	/* calls of atoi and kin met, for same_pure */
	uint32_t npure, cappure;
	struct fread_at *freads;	/* fields read through pointers, for field_read_var */
	uint32_t nfreads, capfreads;
	struct pread_at *preads;	/* paths from pointer parameters, for path_var */
	uint32_t npreads, cappreads;
};

/* A field read through a pointer: one variable per function, pointer and
** field. */
struct fread_at {
	LLVMValueRef base;
	int64_t off;
	LLVMTypeRef ty;
	uint32_t var;
};

/* A phi standing for an unknown of its own (struct hvar VAR). */
struct phivar {
	LLVMValueRef phi;
	uint32_t var;
};


static uint64_t hash_node(const struct hexpr *n)
{
	uint64_t h = 1469598103934665603ull;
	uint64_t parts[6] = { n->op | (uint64_t)n->width << 8 | (uint64_t)n->is_float << 16
			      | (uint64_t)n->pred << 24, n->a, n->b, n->c, n->value, n->value >> 32 };
	for (int i = 0; i < 6; i++) {
		h ^= parts[i];
		h *= 1099511628211ull;
		h ^= h >> 29;
	}
	return h;
}

static int same_node(const struct hexpr *x, const struct hexpr *y)
{
	return x->op == y->op && x->width == y->width && x->is_float == y->is_float
	       && x->pred == y->pred && x->a == y->a && x->b == y->b && x->c == y->c
	       && x->value == y->value;
}

/* htab callbacks of the hash-consing table; CTX a struct node_probe. */
struct node_probe {
	const struct hostsites *hs;
	const struct hexpr *n;
};

static uint64_t node_hash_at(const void *ctx, uint32_t idx)
{
	const struct node_probe *q = ctx;
	return hash_node(&q->hs->x[idx]);
}

static int node_eq(const void *ctx, uint32_t idx)
{
	const struct node_probe *q = ctx;
	return same_node(&q->hs->x[idx], q->n);
}

/* The node N (operands already there), shared with an equal node; HX_NONE
** when its tree would pass HX_MAX_TREE or the table HX_MAX_NODES. */
static uint32_t node(struct hctx *hc, struct hexpr n)
{
	struct hostsites *hs = hc->hs;
	unsigned k = hexpr_nops(n.op);
	uint32_t ops[3] = { n.a, n.b, n.c };
	uint32_t size = 1;
	for (unsigned i = 0; i < 3; i++) {
		if (i >= k) {
			ops[i] = 0;
			continue;
		}
		if (ops[i] >= hs->nx)
			return HX_NONE;
		size += hc->tsz[ops[i]];
	}
	n.a = ops[0];
	n.b = ops[1];
	n.c = ops[2];
	if (n.op != HX_ICMP)
		n.pred = 0;
	if (size > HX_MAX_TREE)
		return HX_NONE;
	struct node_probe q = { hs, &n };
	uint32_t *s = htab_slot(&hc->ht, hash_node(&n), node_eq, node_hash_at, &q);
	if (*s != 0)
		return *s - 1;
	if (hs->nx >= HX_MAX_NODES)
		return HX_NONE;
	VEC_PUSH(hs->x, hs->nx, hs->capx, n);
	vec_reserve(&hc->tsz, &hc->captsz, hs->nx, sizeof *hc->tsz);
	hc->tsz[hs->nx - 1] = (uint16_t)size;
	htab_set(&hc->ht, s, hs->nx - 1);
	return hs->nx - 1;
}

static uint32_t mk_const(struct hctx *hc, unsigned w, uint64_t bits, int is_float)
{
	struct hexpr n = { .op = HX_CONST, .width = (uint8_t)w, .is_float = (uint8_t)is_float,
			   .value = bits & hexpr_mask_of(w) };
	return node(hc, n);
}

static const struct hexpr *X(const struct hctx *hc, uint32_t e)
{
	return &hc->hs->x[e];
}

static int is_c(const struct hctx *hc, uint32_t e)
{
	return e != HX_NONE && X(hc, e)->op == HX_CONST;
}

static uint32_t mk_extract(struct hctx *hc, uint32_t e, unsigned lo, unsigned w);
static uint32_t extract_try(struct hctx *hc, uint32_t e, unsigned lo, unsigned w);
static uint32_t mk_cast(struct hctx *hc, unsigned op, uint32_t a, unsigned w, int is_float);

/* The expression A OP B (an HX_* binary operator), hash-consed: constants
** folded, x - c as x + -c, identities (x + 0, x * 1, x & mask, ...) and
** nested constant additions simplified, and a right shift by a constant
** turned into an extract and a zero extension where it can.  HX_NONE
** when an operand is, or when widths or float-ness disagree. */
static uint32_t mk_bin(struct hctx *hc, unsigned op, uint32_t a, uint32_t b)
{
	if (a == HX_NONE || b == HX_NONE)
		return HX_NONE;
	int fl = op >= HX_FADD && op <= HX_FDIV;
	unsigned w = X(hc, a)->width;
	if (w != X(hc, b)->width || X(hc, a)->is_float != fl || X(hc, b)->is_float != fl)
		return HX_NONE;
	uint64_t r;
	if (is_c(hc, a) && is_c(hc, b)) {
		int ok = fl ? hexpr_fold_float(op, w, X(hc, a)->value, X(hc, b)->value, &r)
			    : hexpr_fold_int(op, 0, w, X(hc, a)->value, X(hc, b)->value, &r);
		if (ok == 0)
			return mk_const(hc, w, r, fl);
	}
	if (!fl) {
		int commut = op == HX_ADD || op == HX_MUL || op == HX_AND || op == HX_OR || op == HX_XOR
			     || (op >= HX_SMIN && op <= HX_UMAX);
		if (commut && is_c(hc, a) && !is_c(hc, b)) {
			uint32_t t = a;
			a = b;
			b = t;
		}
		if (is_c(hc, b)) {
			uint64_t c = X(hc, b)->value, m = hexpr_mask_of(w);
			if (op == HX_SUB)	/* x - c as x + -c: constants then merge */
				return mk_bin(hc, HX_ADD, a, mk_const(hc, w, (uint64_t)0 - c, 0));
			if (c == 0 && (op == HX_ADD || op == HX_OR || op == HX_XOR || op == HX_SHL
				       || op == HX_LSHR || op == HX_ASHR))
				return a;
			if (c == 0 && (op == HX_MUL || op == HX_AND))
				return b;
			if (c == 1 && (op == HX_MUL || op == HX_UDIV || op == HX_SDIV))
				return a;
			if (c == m && op == HX_AND)
				return a;
			if (op == HX_ADD && X(hc, a)->op == HX_ADD && is_c(hc, X(hc, a)->b)) {
				/* (x + c1) + c2: locals, since mk_const may move hs->x */
				uint32_t inner = X(hc, a)->a;
				uint64_t sum = X(hc, X(hc, a)->b)->value + c;
				uint32_t k = mk_const(hc, w, sum, 0);
				return mk_bin(hc, HX_ADD, inner, k);
			}
			if (op == HX_LSHR && c < w) {
				uint32_t t = extract_try(hc, a, (unsigned)c, w - (unsigned)c);
				if (t != HX_NONE)
					return mk_cast(hc, HX_ZEXT, t, w, 0);
			}
		}
	}
	struct hexpr n = { .op = (uint8_t)op, .width = (uint8_t)w, .is_float = (uint8_t)fl, .a = a, .b = b };
	return node(hc, n);
}

/* C's math function OP (HX_FCEIL ... HX_FPOW) of float A (and B for one
** of two operands, else ignored), folded when its operands are
** constants; HX_NONE when an operand is, or is no float of A's width. */
static uint32_t mk_fmath(struct hctx *hc, unsigned op, uint32_t a, uint32_t b)
{
	unsigned k = hexpr_nops(op);
	if (k == 1)
		b = 0;
	if (a == HX_NONE || b == HX_NONE || !X(hc, a)->is_float
	    || (k > 1 && (X(hc, b)->width != X(hc, a)->width || !X(hc, b)->is_float)))
		return HX_NONE;
	unsigned w = X(hc, a)->width;
	uint64_t r;
	if (is_c(hc, a) && (k == 1 || is_c(hc, b))
	    && hexpr_fold_fmath(op, w, X(hc, a)->value, k > 1 ? X(hc, b)->value : 0, &r) == 0)
		return mk_const(hc, w, r, 1);
	struct hexpr n = { .op = (uint8_t)op, .width = (uint8_t)w, .is_float = 1, .a = a, .b = b };
	return node(hc, n);
}

static uint32_t mk_icmp(struct hctx *hc, unsigned pred, uint32_t a, uint32_t b)
{
	if (a == HX_NONE || b == HX_NONE || X(hc, a)->is_float || X(hc, b)->is_float
	    || X(hc, a)->width != X(hc, b)->width)
		return HX_NONE;
	uint64_t r;
	if (is_c(hc, a) && is_c(hc, b)
	    && hexpr_fold_int(HX_ICMP, pred, X(hc, a)->width, X(hc, a)->value, X(hc, b)->value, &r) == 0)
		return mk_const(hc, 1, r, 0);
	struct hexpr n = { .op = HX_ICMP, .width = 1, .pred = (uint8_t)pred, .a = a, .b = b };
	return node(hc, n);
}

static uint32_t mk_select(struct hctx *hc, uint32_t c, uint32_t a, uint32_t b)
{
	if (c == HX_NONE || a == HX_NONE || b == HX_NONE || X(hc, c)->width != 1
	    || X(hc, a)->width != X(hc, b)->width || X(hc, a)->is_float != X(hc, b)->is_float)
		return HX_NONE;
	if (is_c(hc, c))
		return (X(hc, c)->value & 1) ? a : b;
	if (a == b)
		return a;
	/* c < d ? c : d is min(c, d), and the like */
	const struct hexpr *k = X(hc, c);
	if (k->op == HX_ICMP && !X(hc, a)->is_float
	    && ((k->a == a && k->b == b) || (k->a == b && k->b == a))) {
		int same = k->a == a;
		int op = -1;
		switch (k->pred) {
		case HP_SLT: case HP_SLE: op = same ? HX_SMIN : HX_SMAX; break;
		case HP_SGT: case HP_SGE: op = same ? HX_SMAX : HX_SMIN; break;
		case HP_ULT: case HP_ULE: op = same ? HX_UMIN : HX_UMAX; break;
		case HP_UGT: case HP_UGE: op = same ? HX_UMAX : HX_UMIN; break;
		default: break;
		}
		if (op >= 0)
			return mk_bin(hc, (unsigned)op, a, b);
	}
	struct hexpr n = { .op = HX_SELECT, .width = X(hc, a)->width, .is_float = X(hc, a)->is_float,
			   .a = c, .b = a, .c = b };
	return node(hc, n);
}

/* Bits [LO, LO + W) of E when they simplify to something smaller than a
** shift and a truncation of E, else HX_NONE: how the {x, y} pairs of two
** dim3 packed in an i64 come apart again. */
static uint32_t extract_try(struct hctx *hc, uint32_t e, unsigned lo, unsigned w)
{
	if (e == HX_NONE)
		return HX_NONE;
	const struct hexpr x = *X(hc, e);
	if (x.is_float || lo + w > x.width)
		return HX_NONE;
	if (lo == 0 && w == x.width)
		return e;
	unsigned aw = hexpr_nops(x.op) ? X(hc, x.a)->width : 0;
	switch (x.op) {
	case HX_CONST:
		return mk_const(hc, w, x.value >> lo, 0);
	case HX_ZEXT:
		if (lo >= aw)
			return mk_const(hc, w, 0, 0);
		if (lo + w <= aw)
			return mk_extract(hc, x.a, lo, w);
		if (lo == 0)
			return mk_cast(hc, HX_ZEXT, x.a, w, 0);
		return HX_NONE;
	case HX_SEXT:
		return lo + w <= aw ? mk_extract(hc, x.a, lo, w) : HX_NONE;
	case HX_TRUNC:
		return mk_extract(hc, x.a, lo, w);
	case HX_AND:
	case HX_OR:
	case HX_XOR: {
		uint32_t q = extract_try(hc, x.b, lo, w);
		/* a mask of all ones, or bits or-ed in elsewhere: the other side */
		if (is_c(hc, q) && (x.op == HX_AND ? X(hc, q)->value == hexpr_mask_of(w) : X(hc, q)->value == 0))
			return mk_extract(hc, x.a, lo, w);
		if (is_c(hc, q) && x.op == HX_AND && X(hc, q)->value == 0)
			return q;
		uint32_t p = extract_try(hc, x.a, lo, w);
		return p != HX_NONE && q != HX_NONE ? mk_bin(hc, x.op, p, q) : HX_NONE;
	}
	case HX_SHL:
		if (!is_c(hc, x.b) || X(hc, x.b)->value >= x.width)
			return HX_NONE;
		if (lo >= X(hc, x.b)->value)
			return mk_extract(hc, x.a, lo - (unsigned)X(hc, x.b)->value, w);
		if (lo + w <= X(hc, x.b)->value)
			return mk_const(hc, w, 0, 0);
		return HX_NONE;
	case HX_LSHR:
		if (is_c(hc, x.b) && X(hc, x.b)->value < x.width && lo >= x.width - X(hc, x.b)->value)
			return mk_const(hc, w, 0, 0);	/* shifted in: zeros */
		if (!is_c(hc, x.b) || lo + X(hc, x.b)->value + w > x.width)
			return HX_NONE;
		return mk_extract(hc, x.a, lo + (unsigned)X(hc, x.b)->value, w);
	default:
		return HX_NONE;
	}
}

/* Bits [LO, LO + W) of integer E. */
static uint32_t mk_extract(struct hctx *hc, uint32_t e, unsigned lo, unsigned w)
{
	if (e == HX_NONE || X(hc, e)->is_float || lo + w > X(hc, e)->width || w == 0)
		return HX_NONE;
	uint32_t t = extract_try(hc, e, lo, w);
	if (t != HX_NONE)
		return t;
	unsigned ew = X(hc, e)->width;
	if (lo > 0) {
		struct hexpr s = { .op = HX_LSHR, .width = (uint8_t)ew, .a = e,
				   .b = mk_const(hc, ew, lo, 0) };
		e = node(hc, s);
		if (e == HX_NONE)
			return HX_NONE;
	}
	if (w == ew)
		return e;
	struct hexpr n = { .op = HX_TRUNC, .width = (uint8_t)w, .a = e };
	return node(hc, n);
}

/* Cast OP of A to W bits (a float result when IS_FLOAT). */
static uint32_t mk_cast(struct hctx *hc, unsigned op, uint32_t a, unsigned w, int is_float)
{
	if (a == HX_NONE || w == 0 || w > 64)
		return HX_NONE;
	const struct hexpr x = *X(hc, a);
	if (op == HX_TRUNC)
		return x.is_float || w > x.width ? HX_NONE : mk_extract(hc, a, 0, w);
	if ((op == HX_ZEXT || op == HX_SEXT) && (x.is_float || w < x.width))
		return HX_NONE;
	if ((op == HX_ZEXT || op == HX_SEXT) && w == x.width)
		return a;
	uint64_t r;
	if (x.op == HX_CONST && hexpr_fold_cast(op, x.width, w, x.value, &r) == 0)
		return mk_const(hc, w, r, is_float);
	if (op == HX_ZEXT && x.op == HX_ZEXT)
		return mk_cast(hc, HX_ZEXT, x.a, w, 0);
	if (op == HX_SEXT && x.op == HX_SEXT)
		return mk_cast(hc, HX_SEXT, x.a, w, 0);
	struct hexpr n = { .op = (uint8_t)op, .width = (uint8_t)w, .is_float = (uint8_t)is_float, .a = a };
	return node(hc, n);
}

/* ---- reading the module -------------------------------------------------- */

/* ---- names and debug info ------------------------------------------------ */

/* The function name in demangled DEM without return type, template
** arguments or parameters: "dim3::dim3", "cudaMalloc", "std::min". */
static void base_name(const char *dem, char *buf, size_t n)
{
	size_t o = 0, last_space = 0;
	int depth = 0;
	for (size_t i = 0; dem[i] && o + 1 < n; i++) {
		char ch = dem[i];
		if (depth == 0 && strncmp(dem + i, "(anonymous namespace)", 21) == 0) {
			size_t k = 21 < n - 1 - o ? 21 : n - 1 - o;
			memcpy(buf + o, dem + i, k);
			o += k;
			i += 20;
			continue;
		}
		if (ch == '<') {
			depth++;
		} else if (ch == '>' && depth > 0) {
			depth--;
		} else if (depth == 0) {
			if (ch == '(')
				break;
			if (ch == ' ')
				last_space = o + 1;
			buf[o++] = ch;
		}
	}
	buf[o] = '\0';
	if (last_space)
		memmove(buf, buf + last_space, o - last_space + 1);
}

static char *value_name(LLVMValueRef v)
{
	size_t len = 0;
	const char *nm = LLVMGetValueName2(v, &len);
	return nm && len ? xstrndup(nm, len) : NULL;
}

/* The base name of function FN ("" when it has none). */
static void fn_base(LLVMValueRef fn, char *buf, size_t n)
{
	char *nm = value_name(fn);
	char *dem = demangle_name(nm ? nm : "");
	base_name(dem, buf, n);
	free(dem);
	free(nm);
}


/* A DILocalVariable's name (operand 1), or NULL. */
static char *di_name(LLVMValueRef var)
{
	LLVMValueRef s = reader_md_operand(var, 1);
	unsigned len = 0;
	const char *str = s ? LLVMGetMDString(s, &len) : NULL;
	return str && len ? xstrndup(str, len) : NULL;
}

/* Whether debug-info type T is signed: unsigned types (through typedefs
** such as size_t and qualifiers) and bool are not. */
static int di_type_signed(LLVMValueRef t)
{
	for (int depth = 0; t && LLVMIsAMDNode(t) && depth < 8; depth++) {
		LLVMMetadataKind k = LLVMGetMetadataKind(LLVMValueAsMetadata(t));
		if (k == LLVMDIBasicTypeMetadataKind) {
			size_t len = 0;
			const char *nm = LLVMDITypeGetName(LLVMValueAsMetadata(t), &len);
			char b[64];
			snprintf(b, sizeof b, "%.*s", (int)len, nm ? nm : "");
			return strstr(b, "unsigned") == NULL && strcmp(b, "bool") != 0
			       && strcmp(b, "_Bool") != 0 && strncmp(b, "char16", 6) != 0
			       && strncmp(b, "char32", 6) != 0;
		}
		if (k != LLVMDIDerivedTypeMetadataKind)
			return 1;
		t = reader_md_operand(t, 3);
	}
	return 1;
}

/* Whether a DILocalVariable's type is signed. */
static int di_signed(LLVMValueRef var)
{
	return di_type_signed(reader_md_operand(var, 3));
}

/* Records, for every value or alloca a dbg.declare / dbg.value names, its
** DILocalVariable (the first one). */
static void build_dbg(struct hctx *hc)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
			for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
				if (LLVMGetInstructionOpcode(I) != LLVMCall)
					continue;
				LLVMValueRef callee = LLVMGetCalledValue(I);
				size_t len = 0;
				const char *nm = callee ? LLVMGetValueName2(callee, &len) : NULL;
				if (nm == NULL || (strcmp(nm, "llvm.dbg.value") != 0
						   && strcmp(nm, "llvm.dbg.declare") != 0))
					continue;
				if (LLVMGetNumArgOperands(I) < 2)
					continue;
				LLVMValueRef loc = LLVMGetOperand(I, 0), var = LLVMGetOperand(I, 1);
				/* a DIArgList is no MDNode: asking it for operands reads
				** out of bounds */
				if (LLVMIsAMDNode(loc) == NULL || LLVMGetMDNodeNumOperands(loc) != 1
				    || LLVMIsAMDNode(var) == NULL
				    || LLVMGetMetadataKind(LLVMValueAsMetadata(var)) != LLVMDILocalVariableMetadataKind)
					continue;
				LLVMValueRef v = NULL;
				LLVMGetMDNodeOperands(loc, &v);
				if (v == NULL || ptrmap_get(&hc->dbg, v))
					continue;
				ptrmap_put(&hc->dbg, v, hc->ndbg);
				VEC_PUSH(hc->dbgvar, hc->ndbg, hc->capdbg, var);
			}
		}
	}
}

static LLVMValueRef dbg_var(const struct hctx *hc, LLVMValueRef v)
{
	uint32_t *i = ptrmap_get(&hc->dbg, v);
	return i ? hc->dbgvar[*i] : NULL;
}

static char *dbg_name(const struct hctx *hc, LLVMValueRef v)
{
	LLVMValueRef var = dbg_var(hc, v);
	return var ? di_name(var) : NULL;
}

/* ---- functions the analysis knows ---------------------------------------- */


static int classify(const char *name, const char *base, int is_decl)
{
	if (strstr(name, "__device_stub__") != NULL)
		return FC_STUB;
	if (strcmp(name, "__cudaPushCallConfiguration") == 0)
		return FC_PUSH;
	if (strncmp(name, "llvm.dbg.", 9) == 0 || strncmp(name, "llvm.lifetime.", 14) == 0
	    || strcmp(name, "llvm.assume") == 0)
		return FC_INERT;
	if (strcmp(name, "__cudaPopCallConfiguration") == 0)
		return FC_POP;
	if (strncmp(name, "llvm.memcpy.", 12) == 0 || strncmp(name, "llvm.memmove.", 13) == 0
	    || (is_decl && (strcmp(name, "memcpy") == 0 || strcmp(name, "memmove") == 0)))
		return FC_MEMCPY;
	if (strncmp(name, "llvm.memset.", 12) == 0 || (is_decl && strcmp(name, "memset") == 0))
		return FC_MEMSET;
	static const char *const launch[] = { "cudaLaunchKernel", "cudaLaunchKernel_ptsz",
					      "cudaLaunchCooperativeKernel",
					      "cudaLaunchCooperativeKernel_ptsz" };
	for (size_t i = 0; i < sizeof launch / sizeof launch[0]; i++)
		if (strcmp(base, launch[i]) == 0)
			return FC_LAUNCH;
	if (strcmp(base, "cudaMalloc") == 0 || strcmp(base, "cudaMallocManaged") == 0)
		return FC_MALLOC;
	return is_decl ? FC_EXTERN : FC_OTHER;
}

/* The class of the function a call or invoke calls (FC_OTHER when it is
** not a known function: an indirect call). */
static int fn_class(struct hctx *hc, LLVMValueRef fn);

static int call_class(struct hctx *hc, LLVMValueRef call, LLVMValueRef *fnout)
{
	LLVMValueRef fn = LLVMGetCalledValue(call);
	if (fnout)
		*fnout = NULL;
	if (fn == NULL || LLVMIsAFunction(fn) == NULL)
		return FC_OTHER;
	if (fnout)
		*fnout = fn;
	return fn_class(hc, fn);
}

/* The class of function FN (call_class). */
static int fn_class(struct hctx *hc, LLVMValueRef fn)
{
	uint32_t *c = ptrmap_get(&hc->fclass, fn);
	if (c)
		return (int)*c;
	char *nm = value_name(fn);
	char base[256];
	fn_base(fn, base, sizeof base);
	int k = classify(nm ? nm : "", base, LLVMIsDeclaration(fn));
	free(nm);
	ptrmap_put(&hc->fclass, fn, (uint32_t)k);
	return k;
}

static int is_call(LLVMValueRef I)
{
	LLVMOpcode oc = LLVMGetInstructionOpcode(I);
	return oc == LLVMCall || oc == LLVMInvoke;
}

/* Whether value V is a call or invoke instruction. */
static int is_callinst(LLVMValueRef v)
{
	return LLVMIsACallInst(v) != NULL || LLVMIsAInvokeInst(v) != NULL;
}

/* Whether FN is a small leaf worth inlining: no calls but intrinsics, at
** most INLINE_MAX_INSNS instructions (a ceil-div, a struct's constructor,
** a helper filling a struct through a pointer). */
static int small_leaf(LLVMValueRef fn)
{
	if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)))
		return 0;
	unsigned n = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			if (++n > INLINE_MAX_INSNS)
				return 0;
			if (!is_call(I))
				continue;
			LLVMValueRef c = LLVMGetCalledValue(I);
			size_t len = 0;
			const char *nm = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &len) : NULL;
			if (nm == NULL || strncmp(nm, "llvm.", 5) != 0)
				return 0;
		}
	}
	return 1;
}

/* Lets the passes clean -O0 code: optnone goes everywhere (it makes every
** pass skip a function), and the functions a launch is built from become
** alwaysinline: dim3's constructors, the cuda_runtime.h templates
** cudaMalloc<T>, cudaMallocManaged<T>, cudaLaunchKernel<T> and
** cudaLaunchCooperativeKernel<T>, std::min and std::max, and small leaf
** helpers.  Device stubs and functions that launch stay as they are. */
static void prepare_inlining(struct hctx *hc)
{
	unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
	unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
	unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
	static const char *const wrappers[] = { "dim3::dim3", "cudaMalloc", "cudaMallocManaged",
						"cudaLaunchKernel", "cudaLaunchCooperativeKernel",
						"std::min", "std::max" };
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone);
		char *nm = value_name(fn);
		int stub = nm && strstr(nm, "__device_stub__") != NULL;
		int is_main = nm && strcmp(nm, "main") == 0;
		free(nm);
		if (stub || is_main)
			continue;
		char base[256];
		fn_base(fn, base, sizeof base);
		int want = small_leaf(fn);
		for (size_t i = 0; i < sizeof wrappers / sizeof wrappers[0]; i++)
			want |= strcmp(base, wrappers[i]) == 0;
		if (!want)
			continue;
		LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, noinline);
		LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(hc->ctx, always, 0));
		for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef user = LLVMGetUser(u);
			if (is_callinst(user) && LLVMGetCalledValue(user) == fn)
				LLVMRemoveCallSiteEnumAttribute(user, LLVMAttributeFunctionIndex, noinline);
		}
	}
}

/* Whether FN is a defined function with no return: `usage()` that
** prints and calls exit(1), which clang at -O0 does not mark noreturn. */
static int never_returns(LLVMValueRef fn)
{
	if (LLVMCountBasicBlocks(fn) == 0)
		return 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
		if (t == NULL || LLVMGetInstructionOpcode(t) != LLVMUnreachable)
			return 0;
	}
	return 1;
}

/* Whether block BB calls (a call, not an invoke, whose exception a
** handler may catch) a function that never returns: a path through BB
** ends there, as at exit(1).  MEMO maps functions to 1 + the answer. */
static int block_ends(LLVMBasicBlockRef bb, struct ptrmap *memo)
{
	for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
		if (LLVMIsACallInst(I) == NULL)
			continue;
		LLVMValueRef f = LLVMGetCalledValue(I);
		if (f == NULL || LLVMIsAFunction(f) == NULL)
			continue;
		uint32_t *m = ptrmap_get(memo, f);
		if (m == NULL) {
			ptrmap_put(memo, f, 1 + (uint32_t)never_returns(f));
			m = ptrmap_get(memo, f);
		}
		if (*m == 2)
			return 1;
	}
	return 0;
}

/* Whether a path through block BB ends there (build_preds' ends). */
static int ends_in(const struct hctx *hc, LLVMBasicBlockRef bb)
{
	uint32_t *i = ptrmap_get(&hc->bindex, bb);
	return i != NULL && hc->ends[*i];
}

/* Block BB's successors as the host reader follows them: none after a
** call that never returns.  *T its terminator. */
static unsigned succs(const struct hctx *hc, LLVMBasicBlockRef bb, LLVMValueRef *t)
{
	*t = LLVMGetBasicBlockTerminator(bb);
	return *t == NULL || ends_in(hc, bb) ? 0 : LLVMGetNumSuccessors(*t);
}

/* Numbers the blocks, marks those whose path ends at a call that never
** returns, and lists each one's predecessors (not through those). */
static void build_preds(struct hctx *hc)
{
	uint32_t nb = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			ptrmap_put(&hc->bindex, bb, nb++);
	hc->nblocks = nb;
	hc->ends = xcalloc(nb + 1, 1);
	struct ptrmap memo = { 0 };
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			hc->ends[*(uint32_t *)ptrmap_get(&hc->bindex, bb)] = (uint8_t)block_ends(bb, &memo);
	ptrmap_free(&memo);
	hc->pstart = xcalloc(nb + 2, sizeof *hc->pstart);
	for (int pass = 0; pass < 2; pass++) {
		uint32_t *fill = pass ? xcalloc(nb + 1, sizeof *fill) : NULL;
		for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
			for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
				LLVMValueRef t;
				unsigned ns = succs(hc, bb, &t);
				for (unsigned k = 0; k < ns; k++) {
					uint32_t *j = ptrmap_get(&hc->bindex, LLVMGetSuccessor(t, k));
					if (j == NULL)
						continue;
					if (pass == 0)
						hc->pstart[*j + 1]++;
					else
						hc->plist[hc->pstart[*j] + fill[*j]++] = bb;
				}
			}
		}
		if (pass == 0) {
			for (uint32_t i = 0; i < nb; i++)
				hc->pstart[i + 1] += hc->pstart[i];
			hc->plist = xcalloc(hc->pstart[nb] + 1, sizeof *hc->plist);
		}
		free(fill);
	}
}

/* ---- memory -------------------------------------------------------------- */

/* An address: a base (an alloca, a global, or anything else) plus a byte
** offset, known when every GEP on the way has constant indices. */
struct maddr {
	LLVMValueRef base;
	int64_t off;
	int known;
};

static LLVMOpcode opcode_of(LLVMValueRef v)
{
	if (LLVMIsAInstruction(v))
		return LLVMGetInstructionOpcode(v);
	if (LLVMIsAConstantExpr(v))
		return LLVMGetConstOpcode(v);
	return (LLVMOpcode)0;
}

/* A + B as the two's complement machine does: hostile IR may give GEP
** offsets whose sum overflows, which C's signed addition may not. */
static int64_t addw(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

static int64_t mulw(int64_t a, uint64_t b)
{
	return (int64_t)((uint64_t)a * b);
}

/* The constant byte offset of GEP (every index a constant of at most 64
** bits, through structs, arrays and vectors of sized types) in *OFF:
** 1, or 0 when an index is not constant or a type is not laid out. */
static int gep_offset(struct hctx *hc, LLVMValueRef gep, int64_t *off)
{
	LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
	int n = LLVMGetNumOperands(gep);
	int64_t o = 0;
	for (int i = 1; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
		if (t == NULL || LLVMIsAConstantInt(idx) == NULL
		    || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64 || !LLVMTypeIsSized(t))
			return 0;
		int64_t c = LLVMConstIntGetSExtValue(idx);
		if (i == 1) {
			o = addw(o, mulw(c, LLVMABISizeOfType(hc->td, t)));
			continue;
		}
		switch (LLVMGetTypeKind(t)) {
		case LLVMStructTypeKind:
			if (c < 0 || (unsigned)c >= LLVMCountStructElementTypes(t))
				return 0;
			o = addw(o, (int64_t)LLVMOffsetOfElement(hc->td, t, (unsigned)c));
			t = LLVMStructGetTypeAtIndex(t, (unsigned)c);
			break;
		case LLVMArrayTypeKind:
		case LLVMVectorTypeKind:
			t = LLVMGetElementType(t);
			if (!LLVMTypeIsSized(t))
				return 0;
			o = addw(o, mulw(c, LLVMABISizeOfType(hc->td, t)));
			break;
		default:
			return 0;
		}
	}
	*off = o;
	return 1;
}

static struct maddr addr_of(struct hctx *hc, LLVMValueRef p)
{
	struct maddr a = { p, 0, 1 };
	for (int i = 0; i < 32 && a.base; i++) {
		LLVMOpcode oc = opcode_of(a.base);
		if (oc == LLVMBitCast || oc == LLVMAddrSpaceCast) {
			a.base = LLVMGetOperand(a.base, 0);
		} else if (oc == LLVMGetElementPtr) {
			int64_t off = 0;
			if (gep_offset(hc, a.base, &off))
				a.off = addw(a.off, off);
			else
				a.known = 0;
			a.base = LLVMGetOperand(a.base, 0);
		} else {
			break;
		}
	}
	return a;
}

enum {
	MW_TOP,		/* no path writes it (nothing met yet) */
	MW_NONE,	/* nothing written since the variable began */
	MW_STORE,	/* a store of the value, at the address, of the type */
	MW_PART,	/* a store of a wider value covering it (a struct's
			   fields packed in an i64): bytes from slot on */
	MW_ALLOC,	/* cudaMalloc wrote the pointer */
	MW_POP,		/* __cudaPopCallConfiguration wrote it */
	MW_COPY,	/* a memcpy wrote it: its source from byte slot on */
	MW_FILL,	/* a memset of a constant byte wrote it */
	MW_DEVQ,	/* a device query wrote it (cudaGetDeviceProperties,
			   cudaDeviceGetAttribute): byte slot of its result */
	MW_CLOBBER,	/* something the analysis cannot follow */
};

struct mres {
	int kind;
	LLVMValueRef v;		/* MW_STORE, MW_PART: the value; MW_ALLOC,
				   MW_POP, MW_COPY, MW_FILL: the call */
	int slot;		/* MW_POP: the operand of the matching push it
				   is; MW_PART, MW_COPY: the byte offset */
	int dev;		/* a copy from device memory wrote it on some
				   path (mread_at; struct hvar from_device) */
};

struct mquery {
	struct maddr a;
	uint64_t size;
	LLVMTypeRef ty;
	int global;		/* the base is a global: defined functions may write it */
	LLVMBasicBlockRef seen[MEM_MAX_BLOCKS];
	uint32_t nseen;
	int dev;		/* a copy from device memory writes it (is_readback) */
};

static struct mres mres(int kind, LLVMValueRef v)
{
	struct mres r = { kind, v, 0, 0 };
	return r;
}

/* The push operand that the pop call's argument K at byte OFF (SIZE bytes)
** receives: grid {x,y} at 0 and z at 8, block likewise, then shmem; -1
** for anything else (the stream). */
static int pop_slot(unsigned k, int64_t off, uint64_t size)
{
	if (k <= 1 && off == 0 && size == 8)
		return (int)k * 2;
	if (k <= 1 && off == 8 && size == 4)
		return (int)k * 2 + 1;
	if (k == 2 && off == 0 && size == 8)
		return 4;
	return -1;
}

/* Whether a write of SIZE bytes at OFF covers all of Q's bytes (Q's
** offset known). */
static int covers(int64_t off, int64_t size, const struct mquery *q)
{
	return off <= q->a.off && addw(q->a.off, (int64_t)q->size) <= addw(off, size)
	       && q->a.off - off < INT32_MAX;
}

/* What memcpy or memset CALL (class FC) does to Q's bytes: MW_TOP when it
** does not write them (it may read them), MW_COPY or MW_FILL when it
** writes all of them from a known source or a constant byte, else
** MW_CLOBBER. */
static struct mres mem_call(struct hctx *hc, const struct mquery *q, LLVMValueRef call, int fc)
{
	if (LLVMGetNumArgOperands(call) < 3)
		return mres(MW_CLOBBER, NULL);
	struct maddr d = addr_of(hc, LLVMGetOperand(call, 0));
	if (d.base != q->a.base)
		return mres(MW_TOP, NULL);
	LLVMValueRef len = LLVMGetOperand(call, 2);
	if (!d.known || !q->a.known || LLVMIsAConstantInt(len) == NULL
	    || LLVMGetIntTypeWidth(LLVMTypeOf(len)) > 64)
		return mres(MW_CLOBBER, NULL);
	uint64_t n = LLVMConstIntGetZExtValue(len);
	if (n > INT32_MAX)
		return mres(MW_CLOBBER, NULL);
	if (addw(d.off, (int64_t)n) <= q->a.off || addw(q->a.off, (int64_t)q->size) <= d.off)
		return mres(MW_TOP, NULL);
	if (!covers(d.off, (int64_t)n, q))
		return mres(MW_CLOBBER, NULL);
	if (fc == FC_MEMSET) {
		LLVMValueRef byte = LLVMGetOperand(call, 1);
		return LLVMIsAConstantInt(byte) && LLVMGetIntTypeWidth(LLVMTypeOf(byte)) <= 64
		       ? mres(MW_FILL, call) : mres(MW_CLOBBER, NULL);
	}
	if (!addr_of(hc, LLVMGetOperand(call, 1)).known)
		return mres(MW_CLOBBER, NULL);
	struct mres r = mres(MW_COPY, call);
	r.slot = (int)(q->a.off - d.off);
	return r;
}

/* Whether CALL is a device query whose first argument points to its
** result: cudaGetDeviceProperties (cudaGetDeviceProperties_v2 in CUDA 12's
** headers; with CUDA 13, the inline one of kernels/cuda-compat's
** simulee_cuda13.h, which fills the members CUDA 13 dropped) or
** cudaDeviceGetAttribute. */
static int is_devq(LLVMValueRef call)
{
	LLVMValueRef fn = LLVMGetCalledValue(call);
	if (fn == NULL || !LLVMIsAFunction(fn))
		return 0;
	char base[64];
	fn_base(fn, base, sizeof base);
	return strcmp(base, "cudaGetDeviceProperties") == 0 || strcmp(base, "cudaGetDeviceProperties_v2") == 0
	       || (strcmp(base, "cudaDeviceGetAttribute") == 0 && LLVMIsDeclaration(fn));
}

/* Whether CALL copies device memory into the host memory its first
** argument points to: cudaMemcpy or cudaMemcpyAsync with the kind
** cudaMemcpyDeviceToHost, cudaMemcpyFromSymbol(Async).  The value read
** there is a kernel's result (a count the device wrote back). */
static int is_readback(LLVMValueRef call)
{
	LLVMValueRef fn = LLVMGetCalledValue(call);
	if (fn == NULL || !LLVMIsAFunction(fn))
		return 0;
	char base[64];
	fn_base(fn, base, sizeof base);
	if (strcmp(base, "cudaMemcpyFromSymbol") == 0 || strcmp(base, "cudaMemcpyFromSymbolAsync") == 0)
		return 1;
	if ((strcmp(base, "cudaMemcpy") != 0 && strcmp(base, "cudaMemcpyAsync") != 0)
	    || LLVMGetNumArgOperands(call) < 4)
		return 0;
	LLVMValueRef kind = LLVMGetOperand(call, 3);
	return LLVMIsAConstantInt(kind) && LLVMConstIntGetZExtValue(kind) == 2;
}

static void dominators(struct hctx *hc, LLVMValueRef fn);
static uint32_t block_index(const struct hctx *hc, LLVMBasicBlockRef bb);
static int dominates(const struct hctx *hc, uint32_t a, uint32_t b);

/* Whether instruction A runs before instruction B on every path to B:
** earlier in B's block, or in a block that dominates B's. */
static int runs_before(struct hctx *hc, LLVMValueRef a, LLVMValueRef b)
{
	LLVMBasicBlockRef ab = LLVMGetInstructionParent(a), bb = LLVMGetInstructionParent(b);
	if (ab == bb) {
		for (LLVMValueRef I = LLVMGetNextInstruction(a); I; I = LLVMGetNextInstruction(I))
			if (I == b)
				return 1;
		return 0;
	}
	if (LLVMGetBasicBlockParent(ab) != LLVMGetBasicBlockParent(bb))
		return 0;
	dominators(hc, LLVMGetBasicBlockParent(bb));
	return dominates(hc, block_index(hc, ab), block_index(hc, bb));
}

/*
** The call that is the only write of local BASE, when it comes before
** BEFORE on every path, or NULL: a device query (ALLOC 0) or a
** cudaMalloc (ALLOC 1) whose first argument is BASE itself, BASE an
** alloca whose other uses only read it (loads, address arithmetic, debug
** and lifetime markers) or store a constant before the call (`float *d
** = NULL;`).  The local then holds the query's answer, or
** the buffer, wherever it is read, however many blocks away (mblock
** looks back through MEM_MAX_BLOCKS only; a benchmark's device
** properties and buffers are read all over a long function, past a
** check of every runtime call).
*/
static LLVMValueRef only_write(struct hctx *hc, LLVMValueRef base, LLVMValueRef before, int alloc)
{
	LLVMValueRef stack[64], found = NULL, init[8];
	int n = 0, seen = 0, ninit = 0;
	stack[n++] = base;
	while (n > 0) {
		LLVMValueRef p = stack[--n];
		for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef I = LLVMGetUser(u);
			if (++seen > 4096 || LLVMIsAInstruction(I) == NULL)
				return NULL;
			LLVMOpcode oc = LLVMGetInstructionOpcode(I);
			if (oc == LLVMLoad)
				continue;
			if ((oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast)
			    && LLVMGetOperand(I, 0) == p) {
				if (n == 64)
					return NULL;
				stack[n++] = I;
				continue;
			}
			if (oc == LLVMStore && p == base && LLVMGetOperand(I, 1) == base
			    && LLVMIsAConstant(LLVMGetOperand(I, 0)) && ninit < 8) {
				init[ninit++] = I;	/* `float *d = NULL;` */
				continue;
			}
			if (!is_call(I))
				return NULL;
			if (p == base && found == NULL && LLVMGetOperand(I, 0) == base
			    && (alloc ? call_class(hc, I, NULL) == FC_MALLOC : is_devq(I))) {
				found = I;
				continue;
			}
			if (call_class(hc, I, NULL) != FC_INERT)
				return NULL;
		}
	}
	if (found == NULL || !runs_before(hc, found, before))
		return NULL;
	for (int i = 0; i < ninit; i++)
		if (!runs_before(hc, init[i], found))
			return NULL;
	return found;
}

#define RO_MAX_DEPTH 4		/* calls a read-only pointer is followed into */
#define RO_MAX_USES 4096	/* uses one read-only question may look at */

static int param_reads_only(struct hctx *hc, LLVMValueRef fn, unsigned k, int depth, uint32_t *uses);

/* Whether pointer V (a parameter or derived from one) is only read: loaded
** from, compared, offset or cast into pointers only read, or passed to a
** function defined here whose parameter is only read (the call's pointer
** result too: std::forward gives its argument back).  A store through it
** or of it, a call through or into anything else, may write. */
static int ptr_reads_only(struct hctx *hc, LLVMValueRef v, int depth, uint32_t *uses)
{
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef U = LLVMGetUser(u);
		if (++*uses > RO_MAX_USES || LLVMIsAInstruction(U) == NULL)
			return 0;
		LLVMOpcode oc = LLVMGetInstructionOpcode(U);
		if (oc == LLVMLoad || oc == LLVMICmp)
			continue;
		if (oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast) {
			if (LLVMGetOperand(U, 0) != v || !ptr_reads_only(hc, U, depth, uses))
				return 0;
			continue;
		}
		if (!is_call(U))
			return 0;
		LLVMValueRef fn = NULL;
		int fc = call_class(hc, U, &fn);
		if (fc == FC_INERT)
			continue;
		if (fn == NULL || LLVMIsDeclaration(fn) || depth >= RO_MAX_DEPTH)
			return 0;
		unsigned na = LLVMGetNumArgOperands(U), np = LLVMCountParams(fn);
		for (unsigned k = 0; k < na; k++)
			if (LLVMGetOperand(U, k) == v
			    && (k >= np || !param_reads_only(hc, fn, k, depth + 1, uses)))
				return 0;
		if (LLVMGetTypeKind(LLVMTypeOf(U)) == LLVMPointerTypeKind
		    && !ptr_reads_only(hc, U, depth + 1, uses))
			return 0;
	}
	return 1;
}

/* Whether function FN (defined here) only reads what its parameter K
** points to; remembered per parameter.  A parameter under question is
** taken to write until answered, so recursion says "may write". */
static int param_reads_only(struct hctx *hc, LLVMValueRef fn, unsigned k, int depth, uint32_t *uses)
{
	LLVMValueRef p = LLVMGetParam(fn, k);
	uint32_t *m = ptrmap_get(&hc->roparam, p);
	if (m)
		return *m == 2;
	ptrmap_put(&hc->roparam, p, 1);
	int ro = ptr_reads_only(hc, p, depth, uses);
	if (ro)
		ptrmap_put(&hc->roparam, p, 2);
	return ro;
}

/* What the last write to Q's address before FROM (or the end of BB when
** FROM is NULL) wrote, on every path from the function's entry. */
static struct mres mblock(struct hctx *hc, struct mquery *q, LLVMBasicBlockRef bb, LLVMValueRef from)
{
	LLVMValueRef I = from ? LLVMGetPreviousInstruction(from) : LLVMGetLastInstruction(bb);
	for (; I; I = LLVMGetPreviousInstruction(I)) {
		if (++hc->steps > MEM_MAX_STEPS)
			return mres(MW_CLOBBER, NULL);
		if (I == q->a.base)
			return mres(MW_NONE, NULL);
		LLVMOpcode oc = LLVMGetInstructionOpcode(I);
		if (oc == LLVMStore) {
			struct maddr d = addr_of(hc, LLVMGetOperand(I, 1));
			if (d.base != q->a.base)
				continue;
			LLVMValueRef val = LLVMGetOperand(I, 0);
			LLVMTypeRef vt = LLVMTypeOf(val);
			if (!d.known || !q->a.known || !LLVMTypeIsSized(vt))
				return mres(MW_CLOBBER, NULL);
			int64_t vs = (int64_t)LLVMStoreSizeOfType(hc->td, vt);
			if (addw(d.off, vs) <= q->a.off || addw(q->a.off, (int64_t)q->size) <= d.off)
				continue;
			if (d.off == q->a.off && vt == q->ty)
				return mres(MW_STORE, val);
			if (covers(d.off, vs, q)) {
				struct mres r = mres(MW_PART, val);
				r.slot = (int)(q->a.off - d.off);
				return r;
			}
			return mres(MW_CLOBBER, NULL);
		}
		if (!is_call(I))
			continue;
		int fc = call_class(hc, I, NULL);
		if (fc == FC_INERT || fc == FC_LAUNCH || fc == FC_PUSH || fc == FC_STUB)
			continue;	/* they only read host memory */
		if (q->global && fc == FC_OTHER)
			return mres(MW_CLOBBER, NULL);
		if (fc == FC_MEMCPY || fc == FC_MEMSET) {
			struct mres r = mem_call(hc, q, I, fc);
			if (r.kind == MW_TOP)
				continue;
			return r;
		}
		unsigned na = LLVMGetNumArgOperands(I);
		for (unsigned k = 0; k < na; k++) {
			LLVMValueRef arg = LLVMGetOperand(I, k);
			if (LLVMGetTypeKind(LLVMTypeOf(arg)) != LLVMPointerTypeKind)
				continue;
			struct maddr d = addr_of(hc, arg);
			if (d.base != q->a.base)
				continue;
			if (fc == FC_MALLOC && k == 0 && d.known && q->a.known && d.off == q->a.off
			    && LLVMGetTypeKind(q->ty) == LLVMPointerTypeKind)
				return mres(MW_ALLOC, I);
			int64_t rel = addw(q->a.off, -d.off);
			if (k == 0 && d.known && q->a.known && rel >= 0 && rel < 4096 && is_devq(I)) {
				struct mres r = mres(MW_DEVQ, I);
				r.slot = (int)rel;
				return r;
			}
			if (fc == FC_POP && d.known && q->a.known && pop_slot(k, rel, q->size) >= 0) {
				struct mres r = mres(MW_POP, I);
				r.slot = pop_slot(k, rel, q->size);
				return r;
			}
			if (k == 0 && is_readback(I))
				q->dev = 1;
			LLVMValueRef callee = NULL;
			uint32_t uses = 0;
			(void)call_class(hc, I, &callee);
			if (callee && !LLVMIsDeclaration(callee) && k < LLVMCountParams(callee)
			    && param_reads_only(hc, callee, k, 0, &uses))
				continue;	/* a helper that only reads it (a
						   benchmark loop's `A &&...args`) */
			return mres(MW_CLOBBER, NULL);
		}
	}
	uint32_t *bi = ptrmap_get(&hc->bindex, bb);
	if (bi == NULL)
		return mres(MW_CLOBBER, NULL);
	uint32_t p0 = hc->pstart[*bi], p1 = hc->pstart[*bi + 1];
	if (p0 == p1)
		return mres(MW_NONE, NULL);	/* the entry: nothing written yet */
	struct mres acc = mres(MW_TOP, NULL);
	for (uint32_t p = p0; p < p1; p++) {
		LLVMBasicBlockRef pb = hc->plist[p];
		int seen = 0;
		for (uint32_t k = 0; k < q->nseen; k++)
			seen |= q->seen[k] == pb;
		if (seen)
			continue;	/* around a loop: what came before it decides */
		if (q->nseen >= MEM_MAX_BLOCKS)
			return mres(MW_CLOBBER, NULL);
		q->seen[q->nseen++] = pb;
		struct mres r = mblock(hc, q, pb, NULL);
		if (r.kind == MW_TOP)
			continue;
		if (r.kind == MW_CLOBBER)
			return r;
		if (acc.kind == MW_TOP)
			acc = r;
		else if (acc.kind != r.kind || acc.v != r.v || acc.slot != r.slot)
			return mres(MW_CLOBBER, NULL);
	}
	return acc;
}

/* The type a byval parameter V holds, or NULL when V is no such
** parameter: memory of the function's own, as an alloca. */
static LLVMTypeRef byval_type(LLVMValueRef v)
{
	if (v == NULL || LLVMIsAArgument(v) == NULL)
		return NULL;
	LLVMValueRef fn = LLVMGetParamParent(v);
	unsigned np = LLVMCountParams(fn);
	for (unsigned i = 0; i < np; i++) {
		if (LLVMGetParam(fn, i) != v)
			continue;
		LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, i + 1, LLVMGetEnumAttributeKindForName("byval", 5));
		return a ? LLVMGetTypeAttributeValue(a) : NULL;
	}
	return NULL;
}

/* What the value of type TY at address A is just before instruction
** BEFORE: the stored value (or a wider one holding it), the cudaMalloc
** that wrote it, a memset, nothing written (MW_NONE) or something the
** analysis cannot follow (MW_CLOBBER).  A memcpy that wrote it is followed
** to its source; *FIN (may be NULL) gets the address the answer is about.
** Only allocas, globals and byval parameters are followed; a call that
** does not get the address is taken not to write it (a defined function
** may write a global). */
static struct mres mread_at(struct hctx *hc, struct maddr a, LLVMTypeRef ty, LLVMValueRef before,
			    struct maddr *fin)
{
	struct mquery *q = xcalloc(1, sizeof *q);
	struct mres r = mres(MW_CLOBBER, NULL);
	int dev = 0;
	for (int hop = 0; hop < 8; hop++) {
		memset(q, 0, sizeof *q);
		q->a = a;
		q->ty = ty;
		int local = LLVMIsAAllocaInst(a.base) != NULL || byval_type(a.base) != NULL;
		q->global = LLVMIsAGlobalVariable(a.base) != NULL;
		if (q->global && LLVMIsGlobalConstant(a.base) && !LLVMIsDeclaration(a.base)) {
			r = mres(MW_NONE, NULL);	/* its initializer, always */
			break;
		}
		if (!(local || q->global) || !LLVMTypeIsSized(ty)) {
			r = mres(MW_CLOBBER, NULL);
			break;
		}
		q->size = LLVMStoreSizeOfType(hc->td, ty);
		r = mblock(hc, q, LLVMGetInstructionParent(before), before);
		dev |= q->dev;
		if (r.kind == MW_TOP)
			r.kind = MW_NONE;
		if (r.kind != MW_COPY)
			break;
		struct maddr src = addr_of(hc, LLVMGetOperand(r.v, 1));
		a.base = src.base;
		a.off = addw(src.off, r.slot);
		before = r.v;
		r = mres(MW_CLOBBER, NULL);
	}
	free(q);
	if (fin)
		*fin = a;
	r.dev = dev;
	return r;
}

static struct mres mread(struct hctx *hc, LLVMValueRef p, LLVMTypeRef ty, LLVMValueRef before)
{
	return mread_at(hc, addr_of(hc, p), ty, before, NULL);
}

/* ---- buffers filled with read-back values -------------------------------- */

/* Pointer P's buffer as the reader tells buffers apart: the base of its
** address (a malloc'd pointer, a parameter, a local), or, for a base
** loaded from a global or a local (`h_offsets`, reloaded after every
** call), that global or local with *DEREF 1. */
static LLVMValueRef buf_root(struct hctx *hc, LLVMValueRef p, int *deref)
{
	struct maddr a = addr_of(hc, p);
	*deref = 0;
	if (a.base && LLVMIsALoadInst(a.base)) {
		struct maddr s = addr_of(hc, LLVMGetOperand(a.base, 0));
		if (s.known && s.off == 0 && (LLVMIsAGlobalVariable(s.base) || LLVMIsAAllocaInst(s.base))) {
			*deref = 1;
			return s.base;
		}
	}
	return a.base;
}

/* Whether instruction A may run before instruction B in one call of
** their function: earlier in B's block, or B's block reachable from A's
** (around a loop too). */
static int may_run_before(struct hctx *hc, LLVMValueRef a, LLVMValueRef b)
{
	LLVMBasicBlockRef ab = LLVMGetInstructionParent(a), bb = LLVMGetInstructionParent(b);
	if (LLVMGetBasicBlockParent(ab) != LLVMGetBasicBlockParent(bb))
		return 0;
	for (LLVMValueRef I = LLVMGetNextInstruction(a); ab == bb && I; I = LLVMGetNextInstruction(I))
		if (I == b)
			return 1;
	struct ptrmap seen = { 0 };
	LLVMBasicBlockRef *stack = NULL;
	uint32_t n = 0, cap = 0;
	int found = 0;
	VEC_PUSH(stack, n, cap, ab);
	while (n > 0 && !found) {
		LLVMValueRef t;
		LLVMBasicBlockRef x = stack[--n];
		unsigned ns = succs(hc, x, &t);
		for (unsigned k = 0; k < ns && !found; k++) {
			LLVMBasicBlockRef y = LLVMGetSuccessor(t, k);
			found = y == bb;
			if (ptrmap_get(&seen, y) == NULL) {
				ptrmap_put(&seen, y, 1);
				VEC_PUSH(stack, n, cap, y);
			}
		}
	}
	ptrmap_free(&seen);
	free(stack);
	return found;
}

/* The calls given buffer ROOT (DEREF as buf_root says) as an argument,
** through address arithmetic: FN(hc, call, argument, ARG) on each until
** it returns nonzero, which is returned; 0 after them all (or past 4096
** uses). */
static int root_calls(struct hctx *hc, LLVMValueRef root, int deref,
		      int (*fn)(struct hctx *, LLVMValueRef, unsigned, void *), void *arg)
{
	LLVMValueRef *stack = NULL;
	uint32_t n = 0, cap = 0, seen = 0;
	int r = 0;
	if (!deref)
		VEC_PUSH(stack, n, cap, root);
	for (LLVMUseRef u = deref ? LLVMGetFirstUse(root) : NULL; u; u = LLVMGetNextUse(u)) {
		LLVMValueRef I = LLVMGetUser(u);
		if (LLVMIsALoadInst(I) && LLVMGetOperand(I, 0) == root)
			VEC_PUSH(stack, n, cap, I);
	}
	while (n > 0 && r == 0) {
		LLVMValueRef p = stack[--n];
		for (LLVMUseRef u = LLVMGetFirstUse(p); u && r == 0; u = LLVMGetNextUse(u)) {
			LLVMValueRef I = LLVMGetUser(u);
			if (++seen > 4096 || LLVMIsAInstruction(I) == NULL)
				break;
			LLVMOpcode oc = LLVMGetInstructionOpcode(I);
			if ((oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast)
			    && LLVMGetOperand(I, 0) == p) {
				VEC_PUSH(stack, n, cap, I);
				continue;
			}
			if (!is_call(I))
				continue;
			unsigned na = LLVMGetNumArgOperands(I);
			for (unsigned k = 0; k < na && r == 0; k++)
				if (LLVMGetOperand(I, k) == p)
					r = fn(hc, I, k, arg);
		}
	}
	free(stack);
	return r;
}

/* root_calls' test: a device-to-host copy into the buffer that may run
** before instruction AT. */
static int readback_before(struct hctx *hc, LLVMValueRef call, unsigned k, void *at)
{
	return k == 0 && is_readback(call) && may_run_before(hc, call, at);
}

/* Whether the memory LOAD reads is written by a device-to-host copy on
** some path to it: a local or global as mread_at follows it, any other
** buffer (heap memory, a global pointer's) by a copy into that buffer
** in the load's function that may run before it. */
static int load_read_back(struct hctx *hc, LLVMValueRef load, LLVMValueRef *stored)
{
	struct maddr a = addr_of(hc, LLVMGetOperand(load, 0));
	*stored = NULL;
	if (LLVMIsAAllocaInst(a.base) || LLVMIsAGlobalVariable(a.base) || byval_type(a.base)) {
		struct mres r = mread_at(hc, a, LLVMTypeOf(load), load, NULL);
		if (r.kind == MW_STORE || r.kind == MW_PART)
			*stored = r.v;
		return r.dev;
	}
	int deref;
	LLVMValueRef root = buf_root(hc, LLVMGetOperand(load, 0), &deref);
	return root && root_calls(hc, root, deref, readback_before, load);
}

/* Whether value V is computed from memory a device-to-host copy wrote
** (load_read_back), through arithmetic, phis and stored locals; SEEN
** holds the values met (cycles), DEPTH bounds the walk at 48. */
static int dev_value(struct hctx *hc, LLVMValueRef v, struct ptrmap *seen, int depth)
{
	if (v == NULL || depth > 48 || LLVMIsAInstruction(v) == NULL || ptrmap_get(seen, v))
		return 0;
	ptrmap_put(seen, v, 1);
	LLVMOpcode oc = LLVMGetInstructionOpcode(v);
	if (oc == LLVMLoad) {
		LLVMValueRef st;
		return load_read_back(hc, v, &st) || dev_value(hc, st, seen, depth + 1);
	}
	if (oc == LLVMCall || oc == LLVMInvoke || oc == LLVMAlloca || oc == LLVMGetElementPtr)
		return 0;
	int n = LLVMGetNumOperands(v);
	for (int k = 0; k < n; k++)
		if (dev_value(hc, LLVMGetOperand(v, (unsigned)k), seen, depth + 1))
			return 1;
	return 0;
}

/* Whether function FN makes a device-to-host copy. */
static int copies_back(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I))
			if (is_call(I) && is_readback(I))
				return 1;
	return 0;
}

/* Whether FN writes read-back values into the buffer its pointer
** parameter P points to: a device-to-host copy into it, or a store
** through it of a value dev_value traces to one. */
static int fills_with_device(struct hctx *hc, LLVMValueRef p)
{
	LLVMValueRef *stack = NULL;
	uint32_t n = 0, cap = 0, seen = 0;
	int r = 0;
	VEC_PUSH(stack, n, cap, p);
	while (n > 0 && r == 0) {
		LLVMValueRef q = stack[--n];
		for (LLVMUseRef u = LLVMGetFirstUse(q); u && r == 0; u = LLVMGetNextUse(u)) {
			LLVMValueRef I = LLVMGetUser(u);
			if (++seen > 4096 || LLVMIsAInstruction(I) == NULL)
				break;
			LLVMOpcode oc = LLVMGetInstructionOpcode(I);
			if ((oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast)
			    && LLVMGetOperand(I, 0) == q) {
				VEC_PUSH(stack, n, cap, I);
			} else if (oc == LLVMStore && LLVMGetOperand(I, 1) == q) {
				struct ptrmap vs = { 0 };
				r = dev_value(hc, LLVMGetOperand(I, 0), &vs, 0);
				ptrmap_free(&vs);
			} else if (is_call(I) && LLVMGetNumArgOperands(I) > 0 && LLVMGetOperand(I, 0) == q) {
				r = is_readback(I);
			}
		}
	}
	free(stack);
	return r;
}

/* The functions of this module that fill a buffer their caller gives
** them with values read back from the device (struct hdevarg): only
** those that make a device-to-host copy themselves are looked at. */
static void collect_devargs(struct hctx *hc)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn) || !copies_back(fn))
			continue;
		unsigned np = LLVMCountParams(fn);
		for (unsigned k = 0; k < np; k++) {
			LLVMValueRef p = LLVMGetParam(fn, k);
			if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind || byval_type(p)
			    || !fills_with_device(hc, p))
				continue;
			LLVMLinkage l = LLVMGetLinkage(fn);
			struct hdevarg d = { .fn = value_name(fn), .arg = k, .unit = hc->hs->nunits - 1,
					     .local = l == LLVMInternalLinkage || l == LLVMPrivateLinkage };
			VEC_PUSH(hc->hs->devargs, hc->hs->ndevargs, hc->hs->capdevargs, d);
		}
	}
}

struct given_at {
	LLVMValueRef load;
	uint32_t var;
};

/* root_calls' step for given_read: a device-to-host copy into the buffer
** before the load ends the walk (1); a call of a function that may run
** before it is recorded (struct hgiven). */
static int given_call(struct hctx *hc, LLVMValueRef call, unsigned k, void *arg)
{
	const struct given_at *g = arg;
	if (!may_run_before(hc, call, g->load))
		return 0;
	if (k == 0 && is_readback(call))
		return 1;
	int fc = call_class(hc, call, NULL);
	if (fc != FC_OTHER && fc != FC_EXTERN)
		return 0;
	LLVMValueRef fn = LLVMGetCalledValue(call);
	size_t len = 0;
	const char *nm = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : NULL;
	if (nm == NULL || len == 0 || strncmp(nm, "llvm.", 5) == 0)
		return 0;
	struct hgiven gv = { .var = g->var, .fn = xstrndup(nm, len), .arg = k, .unit = hc->hs->nunits - 1 };
	VEC_PUSH(hc->hs->given, hc->hs->ngiven, hc->hs->capgiven, gv);
	return 0;
}

/* Variable VAR, read by LOAD from memory mread_at does not follow (heap
** memory, a buffer given to a call): read back from the device when a
** device-to-host copy into that buffer may run before the load; the
** calls given the buffer before it are recorded (struct hgiven), for
** hostsites_link to mark it when one fills it with read-back values. */
static void given_read(struct hctx *hc, LLVMValueRef load, uint32_t var)
{
	int deref;
	LLVMValueRef root = buf_root(hc, LLVMGetOperand(load, 0), &deref);
	struct given_at g = { load, var };
	if (root && root_calls(hc, root, deref, given_call, &g))
		hc->hs->vars[var].from_device = 1;
}

/* ---- unknowns ------------------------------------------------------------- */

static int scalar_type(LLVMTypeRef t, unsigned *w, int *fl)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMIntegerTypeKind:
		*w = LLVMGetIntTypeWidth(t);
		*fl = 0;
		return *w >= 1 && *w <= 64;
	case LLVMFloatTypeKind:
		*w = 32;
		*fl = 1;
		return 1;
	case LLVMDoubleTypeKind:
		*w = 64;
		*fl = 1;
		return 1;
	default:
		return 0;
	}
}

/* The bits a value of type T holds: an aggregate's as memory lays it out. */
static uint64_t type_bits(const struct hctx *hc, LLVMTypeRef t)
{
	if (!LLVMTypeIsSized(t))
		return 0;
	LLVMTypeKind k = LLVMGetTypeKind(t);
	if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind)
		return LLVMABISizeOfType(hc->td, t) * 8;
	return LLVMSizeOfTypeInBits(hc->td, t);
}

/* Bits [B, B + W) of constant C (any first-class type, an aggregate as
** memory lays it out, little-endian) into *OUT: 0, or -1 where they are
** not one constant (undef, an expression, across two elements). */
static int const_bits(const struct hctx *hc, LLVMValueRef c, uint64_t b, unsigned w, uint64_t *out, int depth)
{
	if (c == NULL || depth > 16 || w == 0 || w > 64)
		return -1;
	LLVMTypeRef t = LLVMTypeOf(c);
	uint64_t tb = type_bits(hc, t);
	if (b > tb || w > tb - b)
		return -1;
	LLVMValueKind vk = LLVMGetValueKind(c);
	if (vk == LLVMConstantAggregateZeroValueKind || vk == LLVMConstantPointerNullValueKind) {
		*out = 0;
		return 0;
	}
	if (LLVMIsAConstantInt(c)) {
		if (LLVMGetIntTypeWidth(t) > 64)
			return -1;
		*out = (LLVMConstIntGetZExtValue(c) >> b) & hexpr_mask_of(w);
		return 0;
	}
	unsigned fw;
	int fl;
	if (LLVMIsAConstantFP(c)) {
		LLVMBool loses = 0;
		if (!scalar_type(t, &fw, &fl))
			return -1;
		*out = (hexpr_fp_put(LLVMConstRealGetDouble(c, &loses), fw) >> b) & hexpr_mask_of(w);
		return 0;
	}
	if (vk != LLVMConstantStructValueKind && vk != LLVMConstantArrayValueKind
	    && vk != LLVMConstantVectorValueKind && vk != LLVMConstantDataArrayValueKind
	    && vk != LLVMConstantDataVectorValueKind)
		return -1;	/* undef, poison, an expression */
	LLVMTypeKind k = LLVMGetTypeKind(t);
	if (k == LLVMStructTypeKind) {
		unsigned n = LLVMCountStructElementTypes(t);
		for (unsigned i = 0; i < n; i++) {
			uint64_t eo = LLVMOffsetOfElement(hc->td, t, i) * 8;
			uint64_t eb = type_bits(hc, LLVMStructGetTypeAtIndex(t, i));
			if (eo <= b && b - eo + w <= eb)
				return const_bits(hc, LLVMGetAggregateElement(c, i), b - eo, w, out, depth + 1);
		}
		return -1;
	}
	LLVMTypeRef et = LLVMGetElementType(t);
	uint64_t es = k == LLVMArrayTypeKind ? LLVMABISizeOfType(hc->td, et) * 8 : type_bits(hc, et);
	if (es == 0 || (b % es) + w > es)
		return -1;
	return const_bits(hc, LLVMGetAggregateElement(c, (unsigned)(b / es)), b % es, w, out, depth + 1);
}

static uint32_t mk_var(struct hctx *hc, uint32_t idx)
{
	const struct hvar *v = &hc->hs->vars[idx];
	struct hexpr n = { .op = HX_VAR, .width = v->width, .is_float = v->is_float, .value = idx };
	return node(hc, n);
}

/* The variable standing for KEY (of type TY), made with NAME (taken),
** IS_SIGNED and SEEN (taken) on first use; a new one each time for KEY
** NULL (the caller remembers it). */
static uint32_t var_for(struct hctx *hc, const void *key, LLVMTypeRef ty, char *name, int is_signed,
			uint64_t *seen, uint32_t nseen)
{
	uint32_t *have = key ? ptrmap_get(&hc->varkey, key) : NULL;
	unsigned w;
	int fl;
	if (have || !scalar_type(ty, &w, &fl)) {
		free(name);
		free(seen);
		return have ? mk_var(hc, *have) : HX_NONE;
	}
	struct hvar v = { .name = name ? name : xstrdup("?"), .width = (uint8_t)w, .is_float = (uint8_t)fl,
			  .is_signed = (uint8_t)is_signed, .seen = seen, .nseen = nseen };
	VEC_PUSH(hc->hs->vars, hc->hs->nvars, hc->hs->capvars, v);
	if (key)
		ptrmap_put(&hc->varkey, key, hc->hs->nvars - 1);
	return mk_var(hc, hc->hs->nvars - 1);
}

static int dbg_signed(const struct hctx *hc, LLVMValueRef v)
{
	LLVMValueRef var = dbg_var(hc, v);
	return var ? di_signed(var) : 1;
}

/* The constants every direct call of FN passes in bits [BIT, BIT + W) of
** its parameter IDX, or none when one call passes something else or the
** function is used other than by calls. */
static uint32_t calls_seen(const struct hctx *hc, LLVMValueRef fn, unsigned idx, uint64_t bit, unsigned w,
			   uint64_t **out)
{
	uint64_t *seen = NULL;
	uint32_t n = 0, cap = 0;
	*out = NULL;
	for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef call = LLVMGetUser(u);
		if (!is_callinst(call) || LLVMGetCalledValue(call) != fn
		    || LLVMGetNumArgOperands(call) <= idx)
			goto none;
		for (unsigned k = 0; k < LLVMGetNumArgOperands(call); k++)
			if (LLVMGetOperand(call, k) == fn)
				goto none;
		uint64_t bits;
		if (const_bits(hc, LLVMGetOperand(call, idx), bit, w, &bits, 0) < 0)
			goto none;
		int dup = 0;
		for (uint32_t k = 0; k < n; k++)
			dup |= seen[k] == bits;
		if (!dup)
			VEC_PUSH(seen, n, cap, bits);
	}
	*out = seen;
	return n;
none:
	free(seen);
	return 0;
}

/* SEEN in increasing order, as a W-bit integer of signedness SGN compares;
** floats keep the order of the calls. */
static void sort_seen(uint64_t *seen, uint32_t n, unsigned w, int fl, int sgn)
{
	for (uint32_t i = 1; i < n && !fl; i++) {
		for (uint32_t j = i; j > 0; j--) {
			uint64_t a = seen[j - 1], b = seen[j];
			int gt = sgn ? hexpr_sx(a, w) > hexpr_sx(b, w) : a > b;
			if (!gt)
				break;
			seen[j - 1] = b;
			seen[j] = a;
		}
	}
}

/* Notes variable VAR as bits [BIT, BIT + its width) of IR parameter ARG
** of host function FN (BYVAL: of the struct ARG points to), for
** hostsites_link to bind to what FN's callers pass. */
static void note_param(struct hctx *hc, LLVMValueRef fn, unsigned arg, uint64_t bit, uint32_t var, int byval)
{
	char *nm = value_name(fn);
	if (nm == NULL || bit > UINT32_MAX) {
		free(nm);
		return;
	}
	char base[256];
	fn_base(fn, base, sizeof base);
	const char *id = strrchr(base, ':');
	const struct hvar *v = &hc->hs->vars[var];
	LLVMLinkage l = LLVMGetLinkage(fn);
	struct hparam p = { .fn = nm, .base = xstrdup(id ? id + 1 : base), .unit = hc->hs->nunits - 1,
			    .arg = arg, .bit = (uint32_t)bit, .width = v->width, .is_float = v->is_float,
			    .byval = (uint8_t)byval,
			    .local = l == LLVMInternalLinkage || l == LLVMPrivateLinkage, .var = var };
	VEC_PUSH(hc->hs->params, hc->hs->nparams, hc->hs->capparams, p);
}

static unsigned param_index(LLVMValueRef arg)
{
	LLVMValueRef fn = LLVMGetParamParent(arg);
	unsigned np = LLVMCountParams(fn);
	for (unsigned i = 0; i < np; i++)
		if (LLVMGetParam(fn, i) == arg)
			return i;
	return np;
}

static uint32_t field_var(struct hctx *hc, uint32_t piece, uint64_t off, LLVMTypeRef ty);
static void note_global_read(struct hctx *hc, LLVMValueRef g, uint32_t var);
static uint32_t field_read_var(struct hctx *hc, struct maddr a, LLVMValueRef p, LLVMTypeRef ty,
			       LLVMValueRef load);

/* The variable of host function parameter ARG (a struct's part: its
** field's), named by debug info, seen with the constants every call in
** this file passes, and noted for hostsites_link; HX_NONE for a pointer
** or an aggregate. */
static uint32_t param_var(struct hctx *hc, LLVMValueRef arg)
{
	uint32_t *pi = ptrmap_get(&hc->argrec, arg);
	if (pi && !hc->pieces[*pi].byval)
		return field_var(hc, *pi, 0, LLVMTypeOf(arg));	/* a struct's part */
	if (ptrmap_get(&hc->varkey, arg))
		return var_for(hc, arg, LLVMTypeOf(arg), NULL, 1, NULL, 0);
	LLVMValueRef fn = LLVMGetParamParent(arg);
	unsigned idx = param_index(arg);
	char *name = dbg_name(hc, arg);
	if (name == NULL)
		name = value_name(arg);
	if (name == NULL) {
		char base[200];
		fn_base(fn, base, sizeof base);
		name = xasprintf("%s.arg%u", base, idx);
	}
	unsigned w;
	int fl;
	if (!scalar_type(LLVMTypeOf(arg), &w, &fl)) {
		free(name);
		return HX_NONE;
	}
	uint64_t *seen = NULL;
	uint32_t ns = calls_seen(hc, fn, idx, 0, w, &seen);
	int sgn = dbg_signed(hc, arg);
	sort_seen(seen, ns, w, fl, sgn);
	uint32_t nv = hc->hs->nvars;
	uint32_t e = var_for(hc, arg, LLVMTypeOf(arg), name, sgn, seen, ns);
	if (hc->hs->nvars > nv)
		note_param(hc, fn, idx, 0, nv, 0);
	return e;
}

/* A global's source name. */
static char *global_name(LLVMValueRef g)
{
	char *nm = value_name(g);
	char *dem = demangle_name(nm ? nm : "?");
	free(nm);
	return dem;
}

/* Whether P is all of a local or global variable of type TY. */
static int whole_var(struct hctx *hc, LLVMValueRef p, LLVMTypeRef ty)
{
	struct maddr a = addr_of(hc, p);
	return a.known && a.off == 0
	       && ((LLVMIsAAllocaInst(a.base) && LLVMGetAllocatedType(a.base) == ty)
		   || (LLVMIsAGlobalVariable(a.base) && LLVMGlobalGetValueType(a.base) == ty));
}

/* The unknown contents of P (type TY) read by LOAD: the variable of the
** alloca or global when P is all of it, else one of the load itself.  A
** global that nothing stores to gets its initializer as its seen value. */
static uint32_t mvar(struct hctx *hc, LLVMValueRef p, LLVMTypeRef ty, LLVMValueRef load)
{
	struct maddr a = addr_of(hc, p);
	LLVMValueRef b = a.base;
	if (!whole_var(hc, p, ty)) {
		char *bn = LLVMIsAGlobalVariable(b) ? global_name(b) : dbg_name(hc, b);
		char *name = bn ? xasprintf("%s+%lld", bn, a.known ? (long long)a.off : -1LL) : NULL;
		free(bn);
		return var_for(hc, load ? load : p, ty, name ? name : xstrdup("*?"), 1, NULL, 0);
	}
	if (ptrmap_get(&hc->varkey, b))
		return var_for(hc, b, ty, NULL, 1, NULL, 0);
	if (LLVMIsAAllocaInst(b)) {
		char *name = dbg_name(hc, b);
		return var_for(hc, b, ty, name ? name : value_name(b), dbg_signed(hc, b), NULL, 0);
	}
	uint64_t *seen = NULL;
	uint32_t ns = 0;
	LLVMValueRef init = LLVMIsDeclaration(b) ? NULL : LLVMGetInitializer(b);
	int stored = init == NULL;
	for (LLVMUseRef u = LLVMGetFirstUse(b); u && !stored; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		stored = LLVMIsALoadInst(user) == NULL || LLVMGetOperand(user, 0) != b;
	}
	if (!stored && LLVMIsAConstantInt(init) && LLVMGetIntTypeWidth(LLVMTypeOf(init)) <= 64) {
		seen = xmalloc(sizeof *seen);
		seen[0] = LLVMConstIntGetZExtValue(init);
		ns = 1;
	}
	uint32_t nv = hc->hs->nvars;
	uint32_t e = var_for(hc, b, ty, global_name(b), 1, seen, ns);
	if (hc->hs->nvars > nv && stored)
		note_global_read(hc, b, nv);
	return e;
}

/* The name of the unknown a call's result is: the local or global it is
** stored to, the variable a dbg.value gives it, else "callee()". */
static char *call_name(struct hctx *hc, LLVMValueRef call, int *is_signed)
{
	char *name = dbg_name(hc, call);
	*is_signed = dbg_signed(hc, call);
	for (LLVMUseRef u = LLVMGetFirstUse(call); u && !name; u = LLVMGetNextUse(u)) {
		LLVMValueRef st = LLVMGetUser(u);
		if (LLVMIsAStoreInst(st) == NULL || LLVMGetOperand(st, 0) != call)
			continue;
		struct maddr a = addr_of(hc, LLVMGetOperand(st, 1));
		if (a.known && a.off == 0 && LLVMIsAAllocaInst(a.base)) {
			name = dbg_name(hc, a.base);
			*is_signed = dbg_signed(hc, a.base);
		} else if (a.known && a.off == 0 && LLVMIsAGlobalVariable(a.base)) {
			name = global_name(a.base);
		}
	}
	if (name)
		return name;
	LLVMValueRef fn = LLVMGetCalledValue(call);
	if (fn && LLVMIsAFunction(fn)) {
		char base[200];
		fn_base(fn, base, sizeof base);
		return xasprintf("%s()", base);
	}
	return xstrdup("(*f)()");
}

/* Whether A and B are the same read of the program's arguments: one
** value, or loads and constant-offset GEPs of the same values down to a
** function's parameter (`argv[1]`), memory a C program does not write. */
static int same_arg_read(LLVMValueRef a, LLVMValueRef b, int depth)
{
	if (a == b && (LLVMIsAArgument(a) || LLVMIsAConstantInt(a)))
		return 1;
	if (depth > 8 || LLVMIsAInstruction(a) == NULL || LLVMIsAInstruction(b) == NULL
	    || LLVMGetInstructionOpcode(a) != LLVMGetInstructionOpcode(b) || LLVMTypeOf(a) != LLVMTypeOf(b))
		return 0;
	LLVMOpcode oc = LLVMGetInstructionOpcode(a);
	if (oc != LLVMLoad && oc != LLVMGetElementPtr)
		return 0;
	int n = LLVMGetNumOperands(a);
	if (n != LLVMGetNumOperands(b))
		return 0;
	for (int i = 0; i < n; i++) {
		LLVMValueRef x = LLVMGetOperand(a, i), y = LLVMGetOperand(b, i);
		if (i > 0 && oc == LLVMGetElementPtr ? x != y || !LLVMIsAConstantInt(x)
						      : !same_arg_read(x, y, depth + 1))
			return 0;
	}
	return 1;
}

/*
** The first call met of the same function with the same arguments when
** CALL is one of C's conversions of a string to a number (atoi, atol,
** atoll, atof, strtol, strtoul, strtoll, strtoull, strtod, strtof) of a
** program argument (same_arg_read): `n = atoi(argv[1])` and a later
** `if (atoi(argv[1]) % 16 != 0) exit(1)` read one value, so the check
** bounds n.  Else CALL itself.
*/
static LLVMValueRef same_pure(struct hctx *hc, LLVMValueRef call)
{
	static const char *const conv[] = { "atoi", "atol", "atoll", "atof", "strtol", "strtoul",
					    "strtoll", "strtoull", "strtod", "strtof" };
	LLVMValueRef fn = LLVMGetCalledValue(call);
	if (fn == NULL || !LLVMIsAFunction(fn) || !LLVMIsDeclaration(fn))
		return call;
	size_t len;
	const char *name = LLVMGetValueName2(fn, &len);
	size_t i = 0;
	while (i < sizeof conv / sizeof conv[0] && strcmp(name, conv[i]) != 0)
		i++;
	unsigned na = LLVMGetNumArgOperands(call);
	if (i == sizeof conv / sizeof conv[0] || na == 0)
		return call;
	LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
	for (uint32_t k = 0; k < hc->npure; k++) {
		LLVMValueRef o = hc->pure[k];
		if (o == call)
			return call;
		if (LLVMGetCalledValue(o) != fn || LLVMGetBasicBlockParent(LLVMGetInstructionParent(o)) != f)
			continue;
		unsigned a = 0;
		while (a < na && same_arg_read(LLVMGetOperand(call, a), LLVMGetOperand(o, a), 0))
			a++;
		if (a == na)
			return o;
	}
	VEC_PUSH(hc->pure, hc->npure, hc->cappure, call);
	return call;
}

/* An unknown for value V itself (a phi of different values, a call, an
** instruction the analysis does not follow, a tree grown too big). */
static uint32_t value_var(struct hctx *hc, LLVMValueRef v)
{
	if (ptrmap_get(&hc->varkey, v))
		return var_for(hc, v, LLVMTypeOf(v), NULL, 1, NULL, 0);
	if (is_callinst(v) && LLVMIsACallInst(v) && same_pure(hc, v) != v) {
		LLVMValueRef o = same_pure(hc, v);
		if (ptrmap_get(&hc->varkey, o) == NULL) {
			int sgn = 1;
			char *name = call_name(hc, o, &sgn);
			var_for(hc, o, LLVMTypeOf(o), name, sgn, NULL, 0);
		}
		ptrmap_put(&hc->varkey, v, *(uint32_t *)ptrmap_get(&hc->varkey, o));
		return var_for(hc, v, LLVMTypeOf(v), NULL, 1, NULL, 0);
	}
	if (is_callinst(v)) {
		int sgn = 1;
		char *name = call_name(hc, v, &sgn);
		return var_for(hc, v, LLVMTypeOf(v), name, sgn, NULL, 0);
	}
	char *name = dbg_name(hc, v);
	if (name == NULL)
		name = value_name(v);
	return var_for(hc, v, LLVMTypeOf(v), name ? name : xstrdup("?"), dbg_signed(hc, v), NULL, 0);
}

/* ---- structs passed by value --------------------------------------------- */

#define SHAPE_MAX_LEAVES 1024u	/* scalar fields of one struct */
#define SHAPE_MAX_DEPTH 12	/* nesting of structs and arrays */

/* DWARF tags the shape walk looks at. */
enum { TAG_ARRAY = 0x01, TAG_CLASS = 0x02, TAG_ENUM = 0x04, TAG_MEMBER = 0x0d, TAG_STRUCT = 0x13,
       TAG_TYPEDEF = 0x16, TAG_UNION = 0x17, TAG_INHERIT = 0x1c, TAG_CONST = 0x26,
       TAG_VOLATILE = 0x35, TAG_RESTRICT = 0x37, TAG_ATOMIC = 0x47 };

static void shape_free(struct shape *sh)
{
	for (uint32_t i = 0; i < sh->n; i++)
		free(sh->leaf[i].name);
	free(sh->leaf);
	memset(sh, 0, sizeof *sh);
}

/* Appends the scalar leaves of T, at byte OFF, to SH. */
static void flatten(const struct hctx *hc, LLVMTypeRef t, uint64_t off, struct shape *sh, int depth)
{
	if (depth > SHAPE_MAX_DEPTH || sh->n >= SHAPE_MAX_LEAVES || off > UINT32_MAX || !LLVMTypeIsSized(t))
		return;
	switch (LLVMGetTypeKind(t)) {
	case LLVMStructTypeKind: {
		unsigned n = LLVMCountStructElementTypes(t);
		for (unsigned i = 0; i < n; i++)
			flatten(hc, LLVMStructGetTypeAtIndex(t, i), off + LLVMOffsetOfElement(hc->td, t, i), sh,
				depth + 1);
		return;
	}
	case LLVMArrayTypeKind: {
		LLVMTypeRef e = LLVMGetElementType(t);
		uint64_t es = LLVMTypeIsSized(e) ? LLVMABISizeOfType(hc->td, e) : 0, n = LLVMGetArrayLength2(t);
		for (uint64_t i = 0; es && i < n && i < SHAPE_MAX_LEAVES && sh->n < SHAPE_MAX_LEAVES; i++)
			flatten(hc, e, off + i * es, sh, depth + 1);
		return;
	}
	default: {
		unsigned w;
		int fl;
		if (!scalar_type(t, &w, &fl) || w % 8 != 0)
			return;
		struct sleaf l = { .off = (uint32_t)off, .ty = t, .is_signed = 1 };
		VEC_PUSH(sh->leaf, sh->n, sh->cap, l);
	}
	}
}

static LLVMMetadataKind md_kind(LLVMValueRef md)
{
	return LLVMGetMetadataKind(LLVMValueAsMetadata(md));
}

/* Debug-info type T without typedefs and qualifiers, or NULL. */
static LLVMValueRef di_strip(LLVMValueRef t)
{
	for (int i = 0; t && LLVMIsAMDNode(t) && i < 16; i++) {
		if (md_kind(t) != LLVMDIDerivedTypeMetadataKind)
			return t;
		unsigned tag = LLVMGetDINodeTag(LLVMValueAsMetadata(t));
		if (tag != TAG_TYPEDEF && tag != TAG_CONST && tag != TAG_VOLATILE && tag != TAG_RESTRICT
		    && tag != TAG_ATOMIC)
			return t;
		t = reader_md_operand(t, 3);
	}
	return NULL;
}

/* Whether debug-info type T is a struct, class or union. */
static int di_is_record(LLVMValueRef t)
{
	t = di_strip(t);
	if (t == NULL || md_kind(t) != LLVMDICompositeTypeMetadataKind)
		return 0;
	unsigned tag = LLVMGetDINodeTag(LLVMValueAsMetadata(t));
	return tag == TAG_STRUCT || tag == TAG_CLASS || tag == TAG_UNION;
}

/* Appends the scalar leaves of debug-info type T, at bit OFF, named PATH,
** to OUT.  Members come from a record's elements (a DIDerivedType member
** has its offset; base classes have no name of their own), an array's
** elements are PATH[i]; static members and bit-fields are left out. */
static void di_walk(LLVMValueRef t, uint64_t off, const char *path, struct dilist *out, int depth)
{
	t = di_strip(t);
	if (t == NULL || depth > SHAPE_MAX_DEPTH || out->n >= SHAPE_MAX_LEAVES)
		return;
	LLVMMetadataRef m = LLVMValueAsMetadata(t);
	if (md_kind(t) == LLVMDICompositeTypeMetadataKind) {
		unsigned tag = LLVMGetDINodeTag(m);
		if (tag == TAG_ARRAY) {
			LLVMValueRef e = reader_md_operand(t, 3), es = di_strip(e);
			uint64_t esize = es ? LLVMDITypeGetSizeInBits(LLVMValueAsMetadata(es)) : 0;
			uint64_t n = esize ? LLVMDITypeGetSizeInBits(m) / esize : 0;
			for (uint64_t i = 0; i < n && i < SHAPE_MAX_LEAVES && out->n < SHAPE_MAX_LEAVES; i++) {
				char *p = xasprintf("%s[%llu]", path, (unsigned long long)i);
				di_walk(e, off + i * esize, p, out, depth + 1);
				free(p);
			}
			return;
		}
		if (tag == TAG_STRUCT || tag == TAG_CLASS || tag == TAG_UNION) {
			LLVMValueRef els = reader_md_operand(t, 4);
			unsigned n = els && LLVMIsAMDNode(els) ? LLVMGetMDNodeNumOperands(els) : 0;
			LLVMValueRef *ops = xcalloc(n + 1, sizeof *ops);
			if (n)
				LLVMGetMDNodeOperands(els, ops);
			for (unsigned i = 0; i < n; i++) {
				if (ops[i] == NULL || !LLVMIsAMDNode(ops[i])
				    || md_kind(ops[i]) != LLVMDIDerivedTypeMetadataKind)
					continue;
				LLVMMetadataRef om = LLVMValueAsMetadata(ops[i]);
				unsigned ot = LLVMGetDINodeTag(om);
				if ((ot != TAG_MEMBER && ot != TAG_INHERIT)
				    || (LLVMDITypeGetFlags(om) & (LLVMDIFlagStaticMember | LLVMDIFlagBitField)))
					continue;
				uint64_t o = off + LLVMDITypeGetOffsetInBits(om);
				size_t len = 0;
				const char *nm = ot == TAG_MEMBER ? LLVMDITypeGetName(om, &len) : NULL;
				char *p = nm && len ? (*path ? xasprintf("%s.%.*s", path, (int)len, nm)
						       : xasprintf("%.*s", (int)len, nm))
					: xstrdup(path);
				di_walk(reader_md_operand(ops[i], 3), o, p, out, depth + 1);
				free(p);
			}
			free(ops);
			return;
		}
		if (tag != TAG_ENUM)
			return;
	}
	struct dileaf l = { .off = off, .size = LLVMDITypeGetSizeInBits(m), .is_signed = (uint8_t)di_type_signed(t),
			    .name = xstrdup(path) };
	VEC_PUSH(out->l, out->n, out->cap, l);
}

/* The shape of struct type T, its leaves named by debug-info type DI (may
** be NULL): the first debug-info leaf of the same offset and size. */
static void build_shape(const struct hctx *hc, LLVMTypeRef t, LLVMValueRef di, struct shape *sh)
{
	memset(sh, 0, sizeof *sh);
	flatten(hc, t, 0, sh, 0);
	if (di == NULL || sh->n == 0)
		return;
	struct dilist dl = { 0 };
	di_walk(di, 0, "", &dl, 0);
	for (uint32_t i = 0; i < sh->n; i++) {
		struct sleaf *l = &sh->leaf[i];
		uint64_t size = LLVMStoreSizeOfType(hc->td, l->ty) * 8;
		for (uint32_t j = 0; j < dl.n; j++) {
			if (dl.l[j].off != (uint64_t)l->off * 8 || dl.l[j].size != size)
				continue;
			l->is_signed = dl.l[j].is_signed;
			l->name = dl.l[j].name[0] ? xstrdup(dl.l[j].name) : NULL;
			break;
		}
	}
	for (uint32_t j = 0; j < dl.n; j++)
		free(dl.l[j].name);
	free(dl.l);
}

/* The leaf of SH at byte OFF of W bits, or NULL. */
static const struct sleaf *leaf_at(const struct hctx *hc, const struct shape *sh, uint64_t off, unsigned w)
{
	for (uint32_t i = 0; i < sh->n; i++)
		if (sh->leaf[i].off == off && LLVMStoreSizeOfType(hc->td, sh->leaf[i].ty) * 8 == w)
			return &sh->leaf[i];
	return NULL;
}

/* Where unoptimised code puts IR parameter A of FN: a store of it into a
** struct local (one with a dbg.declare) or into a temporary that a memcpy
** copies into one, as clang writes a struct passed in registers.  Sets
** *VAR, *TY and *OFF (the struct's byte A's first byte is); 0, or -1. */
static int piece_home(struct hctx *hc, LLVMValueRef fn, LLVMValueRef a, LLVMValueRef *var, LLVMTypeRef *ty,
		      uint64_t *off)
{
	for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef st = LLVMGetUser(u);
		if (LLVMIsAStoreInst(st) == NULL || LLVMGetOperand(st, 0) != a)
			continue;
		struct maddr d = addr_of(hc, LLVMGetOperand(st, 1));
		if (!d.known || d.off < 0 || LLVMIsAAllocaInst(d.base) == NULL)
			continue;
		LLVMValueRef v = dbg_var(hc, d.base);
		if (v && di_is_record(reader_md_operand(v, 3))) {
			*var = v;
			*ty = LLVMGetAllocatedType(d.base);
			*off = (uint64_t)d.off;
			return 0;
		}
		/* the temporary: memcpy(local + o, tmp + so, len) */
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
			for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
				LLVMValueRef c = LLVMIsACallInst(I) ? LLVMGetCalledValue(I) : NULL;
				size_t len = 0;
				const char *nm = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &len) : NULL;
				if (nm == NULL || strncmp(nm, "llvm.memcpy.", 12) != 0 || LLVMGetNumArgOperands(I) < 3)
					continue;
				struct maddr src = addr_of(hc, LLVMGetOperand(I, 1));
				struct maddr dst = addr_of(hc, LLVMGetOperand(I, 0));
				LLVMValueRef n = LLVMGetOperand(I, 2);
				if (src.base != d.base || !src.known || !dst.known || dst.off < 0
				    || LLVMIsAAllocaInst(dst.base) == NULL || LLVMIsAConstantInt(n) == NULL
				    || d.off < src.off || d.off - src.off >= (int64_t)LLVMConstIntGetZExtValue(n))
					continue;
				v = dbg_var(hc, dst.base);
				if (v == NULL || !di_is_record(reader_md_operand(v, 3)))
					continue;
				*var = v;
				*ty = LLVMGetAllocatedType(dst.base);
				*off = (uint64_t)(d.off - src.off + dst.off);
				return 0;
			}
		}
	}
	return -1;
}

/* Before the clean-up (which turns the locals into SSA values): the struct
** parameters of host functions, and the IR parameters holding them. */
static void find_struct_params(struct hctx *hc)
{
	build_dbg(hc);
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
		char *fname = value_name(fn);
		if (LLVMIsDeclaration(fn) || fname == NULL || strstr(fname, "__device_stub__") != NULL) {
			free(fname);
			continue;
		}
		uint32_t first = hc->nsparams;
		unsigned np = LLVMCountParams(fn);
		for (unsigned i = 0; i < np; i++) {
			LLVMValueRef a = LLVMGetParam(fn, i), var = NULL;
			LLVMTypeRef st = byval_type(a);
			uint64_t off = 0;
			if (st)
				var = dbg_var(hc, a);
			else if (piece_home(hc, fn, a, &var, &st, &off) < 0)
				continue;
			if (var == NULL || st == NULL || LLVMGetTypeKind(st) != LLVMStructTypeKind
			    || !di_is_record(reader_md_operand(var, 3)) || off > UINT32_MAX)
				continue;
			uint32_t j = first;
			while (j < hc->nsparams && hc->sparams[j].divar != var)
				j++;
			if (j == hc->nsparams) {
				struct sparam sp = { .name = di_name(var), .divar = var };
				build_shape(hc, st, reader_md_operand(var, 3), &sp.shape);
				VEC_PUSH(hc->sparams, hc->nsparams, hc->capsparams, sp);
			}
			struct spiece pc = { .fn = xstrdup(fname), .arg = i, .param = j, .off = (uint32_t)off,
					     .byval = byval_type(a) != NULL };
			VEC_PUSH(hc->pieces, hc->npieces, hc->cappieces, pc);
		}
		free(fname);
	}
	for (uint32_t j = 0; j < hc->nsparams; j++)
		hc->sparams[j].divar = NULL;
	ptrmap_free(&hc->dbg);
	free(hc->dbgvar);
	hc->dbgvar = NULL;
	hc->ndbg = hc->capdbg = 0;
}

/* After the clean-up: the pieces' IR parameters again, by function name. */
static void bind_struct_params(struct hctx *hc)
{
	for (uint32_t i = 0; i < hc->npieces; i++) {
		LLVMValueRef fn = LLVMGetNamedFunction(hc->mod, hc->pieces[i].fn);
		if (fn && !LLVMIsDeclaration(fn) && hc->pieces[i].arg < LLVMCountParams(fn))
			ptrmap_put(&hc->argrec, LLVMGetParam(fn, hc->pieces[i].arg), i);
	}
}

/* The variable of the field of type TY at byte OFF of the part of a struct
** parameter that PIECE holds: "p.n" (or "p.+4" without a field there),
** the same for every piece of the parameter.  Seen: the constants every
** call passes for it, when the struct arrives in registers. */
static uint32_t field_var(struct hctx *hc, uint32_t piece, uint64_t off, LLVMTypeRef ty)
{
	unsigned w;
	int fl;
	const struct spiece *pc = &hc->pieces[piece];
	uint64_t at = pc->off + off;
	if (!scalar_type(ty, &w, &fl) || at > UINT32_MAX)
		return HX_NONE;
	for (uint32_t i = 0; i < hc->nfvars; i++) {
		const struct fvar *f = &hc->fvars[i];
		if (f->param == pc->param && f->off == at && f->width == w && f->is_float == fl)
			return mk_var(hc, f->var);
	}
	const struct sparam *sp = &hc->sparams[pc->param];
	const struct sleaf *l = leaf_at(hc, &sp->shape, at, w);
	const char *pn = sp->name ? sp->name : "?";
	char *name = l && l->name ? xasprintf("%s.%s", pn, l->name) : xasprintf("%s.+%llu", pn, (unsigned long long)at);
	int sgn = l ? l->is_signed : 1;
	uint64_t *seen = NULL;
	uint32_t ns = 0;
	LLVMValueRef home = NULL;	/* the function and IR parameter holding the bytes */
	unsigned harg = 0;
	uint64_t hbit = 0;
	int hbyval = 0;
	/* the piece that holds these bytes, when passed by value */
	for (uint32_t i = 0; i < hc->npieces && home == NULL; i++) {
		const struct spiece *q = &hc->pieces[i];
		if (q->param != pc->param || at < q->off)
			continue;
		LLVMValueRef fn = LLVMGetNamedFunction(hc->mod, q->fn);
		if (fn == NULL || q->arg >= LLVMCountParams(fn))
			continue;
		if (q->byval) {
			home = fn;
			harg = q->arg;
			hbit = (at - q->off) * 8;
			hbyval = 1;
			continue;
		}
		uint64_t pb = type_bits(hc, LLVMTypeOf(LLVMGetParam(fn, q->arg)));
		if ((at - q->off) * 8 + w <= pb) {
			ns = calls_seen(hc, fn, q->arg, (at - q->off) * 8, w, &seen);
			sort_seen(seen, ns, w, fl, sgn);
			home = fn;
			harg = q->arg;
			hbit = (at - q->off) * 8;
		}
	}
	struct hvar v = { .name = name, .width = (uint8_t)w, .is_float = (uint8_t)fl, .is_signed = (uint8_t)sgn,
			  .seen = seen, .nseen = ns };
	VEC_PUSH(hc->hs->vars, hc->hs->nvars, hc->hs->capvars, v);
	struct fvar f = { .param = pc->param, .off = (uint32_t)at, .width = (uint8_t)w, .is_float = (uint8_t)fl,
			  .var = hc->hs->nvars - 1 };
	VEC_PUSH(hc->fvars, hc->nfvars, hc->capfvars, f);
	if (home)
		note_param(hc, home, harg, hbit, f.var, hbyval);
	return mk_var(hc, f.var);
}

/* ---- values --------------------------------------------------------------- */

static uint32_t xval(struct hctx *hc, LLVMValueRef v, int depth);
static LLVMValueRef find_push(struct hctx *hc, LLVMValueRef call);
static uint32_t bits_of(struct hctx *hc, LLVMValueRef v, uint64_t b, LLVMTypeRef ty, int depth);
static uint32_t bits_insn(struct hctx *hc, LLVMValueRef v, uint64_t b, LLVMTypeRef ty, int depth);
static uint32_t const_global(struct hctx *hc, struct maddr a, LLVMTypeRef ty);
static LLVMValueRef dbg_type(const struct hctx *hc, LLVMValueRef v);
static uint32_t mres_expr(struct hctx *hc, struct mres r, struct maddr fin, LLVMTypeRef ty, int field,
			  int depth);
static uint32_t table_var(struct hctx *hc, struct maddr a, LLVMTypeRef ty, LLVMValueRef load, int depth);
static void add_value(uint64_t **vals, uint32_t *n, uint32_t *cap, uint64_t x);

/* Whether V is bits of a struct parameter's IR parameter (a shift, a
** truncation, a bitcast or an element of it): then the field's variable
** is what it is (bits_of), not a slice of the whole parameter. */
static int piece_rooted(const struct hctx *hc, LLVMValueRef v)
{
	for (int i = 0; v && i < 8; i++) {
		if (LLVMIsAArgument(v))
			return ptrmap_get(&hc->argrec, v) != NULL;
		LLVMOpcode oc = opcode_of(v);
		if (!LLVMIsAInstruction(v) || (oc != LLVMLShr && oc != LLVMTrunc && oc != LLVMBitCast
					       && oc != LLVMExtractValue && oc != LLVMExtractElement))
			return 0;
		v = LLVMGetOperand(v, 0);
	}
	return 0;
}

static const uint8_t binop_of[] = {
	[LLVMAdd] = HX_ADD, [LLVMSub] = HX_SUB, [LLVMMul] = HX_MUL, [LLVMUDiv] = HX_UDIV,
	[LLVMSDiv] = HX_SDIV, [LLVMURem] = HX_UREM, [LLVMSRem] = HX_SREM, [LLVMShl] = HX_SHL,
	[LLVMLShr] = HX_LSHR, [LLVMAShr] = HX_ASHR, [LLVMAnd] = HX_AND, [LLVMOr] = HX_OR,
	[LLVMXor] = HX_XOR, [LLVMFAdd] = HX_FADD, [LLVMFSub] = HX_FSUB, [LLVMFMul] = HX_FMUL,
	[LLVMFDiv] = HX_FDIV, [LLVMZExt] = HX_ZEXT, [LLVMSExt] = HX_SEXT, [LLVMTrunc] = HX_TRUNC,
	[LLVMSIToFP] = HX_SITOFP, [LLVMUIToFP] = HX_UITOFP, [LLVMFPToSI] = HX_FPTOSI,
	[LLVMFPToUI] = HX_FPTOUI, [LLVMFPExt] = HX_FPEXT, [LLVMFPTrunc] = HX_FPTRUNC,
};

static unsigned pred_of(LLVMIntPredicate p)
{
	switch (p) {
	case LLVMIntEQ: return HP_EQ;
	case LLVMIntNE: return HP_NE;
	case LLVMIntUGT: return HP_UGT;
	case LLVMIntUGE: return HP_UGE;
	case LLVMIntULT: return HP_ULT;
	case LLVMIntULE: return HP_ULE;
	case LLVMIntSGT: return HP_SGT;
	case LLVMIntSGE: return HP_SGE;
	case LLVMIntSLT: return HP_SLT;
	default: return HP_SLE;
	}
}

/* The unknown phi V is, noted for phi_values (once the phi's own
** expression is known, its incoming values can be followed). */
static uint32_t phi_var(struct hctx *hc, LLVMValueRef v)
{
	int fresh = ptrmap_get(&hc->varkey, v) == NULL;
	uint32_t e = value_var(hc, v);
	if (fresh && e != HX_NONE && X(hc, e)->op == HX_VAR) {
		struct phivar pv = { v, (uint32_t)X(hc, e)->value };
		VEC_PUSH(hc->phis, hc->nphis, hc->capphis, pv);
	}
	return e;
}

/* Whether block A (index) dominates block B (index), dominators known. */
static int dominates(const struct hctx *hc, uint32_t a, uint32_t b)
{
	for (int guard = 0; b < hc->nblocks && guard < 10000; guard++) {
		if (b == a)
			return 1;
		uint32_t up = hc->idom[b];
		if (up == UINT32_MAX || up == b)
			return 0;
		b = up;
	}
	return 0;
}

/*
** Phi V at the join of a branch, as a select: two edges, the join's
** immediate dominator ends in a conditional branch, and each edge comes
** from one arm (the branch itself, or a block that arm's successor
** dominates, entered from the branch alone), not around a loop, and the
** branch tests only what the arms are made of.  So `threads = n; if (n >
** 512) { blocks = ceil(...); threads = 512; }` gives threads = n > 512 ?
** 512 : n.  An arm that brings undef gives the other arm.  Phis of
** constants only stay phi_values' (their values are listed); HX_NONE
** when V is no such phi.
*/
static uint32_t phi_select(struct hctx *hc, LLVMValueRef v, int depth)
{
	if (LLVMCountIncoming(v) != 2 || depth > HX_MAX_DEPTH || LLVMTypeOf(v) == NULL
	    || (LLVMIsAConstantInt(LLVMGetIncomingValue(v, 0))
		&& LLVMIsAConstantInt(LLVMGetIncomingValue(v, 1))))
		return HX_NONE;
	LLVMBasicBlockRef m = LLVMGetInstructionParent(v);
	dominators(hc, LLVMGetBasicBlockParent(m));
	uint32_t mi = block_index(hc, m);
	if (mi >= hc->nblocks || hc->idom[mi] == UINT32_MAX || hc->idom[mi] == mi)
		return HX_NONE;
	uint32_t di = hc->idom[mi];
	LLVMValueRef t = LLVMGetBasicBlockTerminator(hc->blk[di]);
	if (t == NULL || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
		return HX_NONE;
	LLVMBasicBlockRef arm[2] = { LLVMGetSuccessor(t, 0), LLVMGetSuccessor(t, 1) };
	int side[2] = { -1, -1 };
	for (unsigned i = 0; i < 2; i++) {
		LLVMBasicBlockRef p = LLVMGetIncomingBlock(v, i);
		uint32_t pi = block_index(hc, p);
		if (pi >= hc->nblocks || dominates(hc, mi, pi))
			return HX_NONE;	/* around a loop */
		if (pi == di) {
			side[i] = arm[0] == m && arm[1] != m ? 0 : arm[1] == m && arm[0] != m ? 1 : -1;
			continue;
		}
		for (int j = 0; j < 2; j++) {
			uint32_t aj = block_index(hc, arm[j]);
			if (arm[j] != m && aj < hc->nblocks && hc->pstart[aj + 1] - hc->pstart[aj] == 1
			    && dominates(hc, aj, pi))
				side[i] = j;
		}
	}
	if (side[0] < 0 || side[1] < 0 || side[0] == side[1])
		return HX_NONE;
	/* an arm that brings undef (`if (argc == 3) n = atoi(..); else
	** usage();` with no value set) may bring the other arm's value */
	for (unsigned i = 0; i < 2; i++)
		if (LLVMIsUndef(LLVMGetIncomingValue(v, i)) || LLVMIsPoison(LLVMGetIncomingValue(v, i)))
			return xval(hc, LLVMGetIncomingValue(v, !i), depth + 1);
	uint32_t c = xval(hc, LLVMGetCondition(t), depth + 1);
	uint32_t x0 = xval(hc, LLVMGetIncomingValue(v, 0), depth + 1);
	uint32_t x1 = xval(hc, LLVMGetIncomingValue(v, 1), depth + 1);
	if (c == HX_NONE || x0 == HX_NONE || x1 == HX_NONE)
		return HX_NONE;
	/* only a branch on the arms' own values (`n > 512 ? 512 : n`): a
	** default on another test (`argc > 1 ? atoi(argv[1]) : 1000`) stays
	** one unknown, which checks after it bound */
	uint8_t *cu = xcalloc(hc->hs->nvars + 1, 2);
	hexpr_vars(hc->hs, c, cu);
	hexpr_vars(hc->hs, x0, cu + hc->hs->nvars + 1);
	hexpr_vars(hc->hs, x1, cu + hc->hs->nvars + 1);
	int own = 1;
	for (uint32_t k = 0; k < hc->hs->nvars && own; k++)
		own = !cu[k] || cu[hc->hs->nvars + 1 + k];
	free(cu);
	if (!own)
		return HX_NONE;
	return side[0] == 0 ? mk_select(hc, c, x0, x1) : mk_select(hc, c, x1, x0);
}

/* The C library's math functions the host reader computes, by name:
** the double one, its float twin with an f, and LLVM's intrinsic
** (llvm.ceil.f64) for each.  lround and kin are their rounding followed by
** a conversion to the integer they return. */
static const struct { const char *name; uint8_t op; } fmath_fns[] = {
	{ "ceil", HX_FCEIL }, { "floor", HX_FFLOOR }, { "trunc", HX_FTRUNC }, { "round", HX_FROUND },
	{ "rint", HX_FRINT }, { "nearbyint", HX_FRINT }, { "roundeven", HX_FRINT },
	{ "sqrt", HX_FSQRT }, { "fabs", HX_FABS }, { "log2", HX_FLOG2 }, { "exp2", HX_FEXP2 },
	{ "log", HX_FLOG }, { "exp", HX_FEXP }, { "fmin", HX_FMIN }, { "fmax", HX_FMAX },
	{ "minnum", HX_FMIN }, { "maxnum", HX_FMAX }, { "pow", HX_FPOW },
	{ "lround", HX_FROUND }, { "llround", HX_FROUND }, { "lrint", HX_FRINT }, { "llrint", HX_FRINT },
};

/* CALL of FN, named NM, returning W bits, as C's math function on its
** arguments (fmath_fns), or HX_NONE.  Only declarations count (a function
** the program defines under a libm name is its own), and only the types
** the C library gives them: a libm name (`ceil`, `ceilf`) or an
** intrinsic's (`llvm.ceil.f32`). */
static uint32_t xmath(struct hctx *hc, LLVMValueRef call, LLVMValueRef fn, const char *nm, unsigned w,
		      int depth)
{
	if (!LLVMIsDeclaration(fn))
		return HX_NONE;
	int intr = strncmp(nm, "llvm.", 5) == 0;
	const char *base = intr ? nm + 5 : nm;
	size_t i = 0, len = 0;
	for (; i < sizeof fmath_fns / sizeof fmath_fns[0]; i++) {
		len = strlen(fmath_fns[i].name);
		if (strncmp(base, fmath_fns[i].name, len) != 0)
			continue;
		const char *rest = base + len;
		if (intr ? *rest == '.' : *rest == 0 || strcmp(rest, "f") == 0)
			break;
	}
	if (i == sizeof fmath_fns / sizeof fmath_fns[0])
		return HX_NONE;
	unsigned op = fmath_fns[i].op, k = hexpr_nops(op);
	int to_int = base[0] == 'l' && base[1] != 'o';	/* lround, llrint: not log */
	if (LLVMGetNumArgOperands(call) != k)
		return HX_NONE;
	uint32_t a = xval(hc, LLVMGetOperand(call, 0), depth + 1);
	uint32_t b = k > 1 && a != HX_NONE ? xval(hc, LLVMGetOperand(call, 1), depth + 1) : 0;
	uint32_t r = mk_fmath(hc, op, a, b);
	if (r == HX_NONE)
		return HX_NONE;
	if (to_int)
		return X(hc, r)->is_float ? mk_cast(hc, HX_FPTOSI, r, w, 0) : HX_NONE;
	return X(hc, r)->width == w ? r : HX_NONE;
}

/* ---- closures: scalars read through a pointer parameter ----------------------- */

/*
** A lambda's operator() (or any function given a small struct by pointer
** or reference) reads its captures through `this`: a by-value capture at
** a constant offset, a by-reference one through the pointer stored there.
** Such a scalar is the value its path from the parameter holds when the
** function is called, so it is a parameter of its own (struct hparam
** deref and hop) that hostsites_link binds to what each call's argument
** leads to (docs/DECISIONS.md, "Closures take their callers' values").
*/

/* A path variable of this file: one per parameter, hops and type. */
struct pread_at {
	LLVMValueRef arg;
	uint32_t hop[HPATH_MAX];
	unsigned n;
	LLVMTypeRef ty;
	uint32_t var;
};

/*
** Whether the function owning pointer V (at byte OFF of the memory the
** path's hop LEVEL reads) never writes what the path HOP[0..N) reads: V
** and what derives from it are loaded from (a pointer loaded at the hop's
** offset is followed to the next hop), compared, offset by constants,
** cast, or given to functions defined here that keep the path in turn
** (and std::forward's pointer result).  Any store through such a pointer
** or of it, and any other use, may write.  USES counts the uses looked at.
*/
static int path_reads_only(struct hctx *hc, LLVMValueRef v, int64_t off, const uint32_t *hop, unsigned n,
			   unsigned level, int depth, uint32_t *uses)
{
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef U = LLVMGetUser(u);
		if (++*uses > RO_MAX_USES || LLVMIsAInstruction(U) == NULL)
			return 0;
		LLVMOpcode oc = LLVMGetInstructionOpcode(U);
		if (oc == LLVMLoad) {
			if (level + 1 < n && off == (int64_t)hop[level]
			    && LLVMGetTypeKind(LLVMTypeOf(U)) == LLVMPointerTypeKind
			    && !path_reads_only(hc, U, 0, hop, n, level + 1, depth, uses))
				return 0;
			continue;
		}
		if (oc == LLVMICmp)
			continue;
		if (oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast) {
			int64_t d = 0;
			if (LLVMGetOperand(U, 0) != v || (oc == LLVMGetElementPtr && !gep_offset(hc, U, &d))
			    || !path_reads_only(hc, U, addw(off, d), hop, n, level, depth, uses))
				return 0;
			continue;
		}
		if (!is_call(U))
			return 0;
		LLVMValueRef fn = NULL;
		int fc = call_class(hc, U, &fn);
		if (fc == FC_INERT)
			continue;
		if (fn == NULL || LLVMIsDeclaration(fn) || depth >= RO_MAX_DEPTH || off != 0)
			return 0;
		unsigned na = LLVMGetNumArgOperands(U), np = LLVMCountParams(fn);
		for (unsigned k = 0; k < na; k++)
			if (LLVMGetOperand(U, k) == v
			    && (k >= np || !path_reads_only(hc, LLVMGetParam(fn, k), 0, hop, n, level, depth + 1, uses)))
				return 0;
		if (LLVMGetTypeKind(LLVMTypeOf(U)) == LLVMPointerTypeKind
		    && !path_reads_only(hc, U, 0, hop, n, level, depth + 1, uses))
			return 0;
	}
	return 1;
}

/* Whether ARG is a pointer parameter a path may start from: not byval
** (memory of the function's own), not main's (the program's input). */
static int path_root_ok(LLVMValueRef arg)
{
	if (arg == NULL || LLVMIsAArgument(arg) == NULL || LLVMGetTypeKind(LLVMTypeOf(arg)) != LLVMPointerTypeKind
	    || byval_type(arg) != NULL)
		return 0;
	size_t len = 0;
	const char *nm = LLVMGetValueName2(LLVMGetParamParent(arg), &len);
	return !(nm && strcmp(nm, "main") == 0);
}

static char *di_member(LLVMValueRef rec, uint64_t off, unsigned w, int *sgn);
static LLVMValueRef di_record(LLVMValueRef t, char **tag);

/* The name of the path variable: the member of the record ARG points to
** at HOP[0] (a closure's capture, named as the captured variable; a
** named struct's as `p->n`), `*` before it for a pointer followed, else
** byte offsets.  *SGN: the member's signedness, default 1. */
static char *path_name(struct hctx *hc, LLVMValueRef arg, const uint32_t *hop, unsigned n, unsigned w, int *sgn)
{
	char *base = dbg_name(hc, arg);
	char *tag = NULL, *member = NULL;
	*sgn = 1;
	LLVMValueRef t = di_strip(dbg_type(hc, arg));
	if (t && md_kind(t) == LLVMDIDerivedTypeMetadataKind)
		t = reader_md_operand(t, 3);
	else
		t = NULL;
	LLVMValueRef rec = t ? di_record(di_strip(t) ? t : NULL, &tag) : NULL;
	if (rec == NULL && t && di_is_record(di_strip(t)))
		rec = di_strip(t);	/* a closure: a record without a name */
	if (rec)
		member = di_member(rec, hop[0], n == 1 ? w : 64, sgn);
	char *name;
	if (member && tag == NULL && n <= 2)
		name = xasprintf("%s", member);
	else if (member)
		name = xasprintf("%s%s->%s", n > 1 ? "*" : "", base ? base : "?", member);
	else
		name = xasprintf("%s%s->+%u", n > 1 ? "*" : "", base ? base : "?", hop[0]);
	for (unsigned i = 1; i < n && !(member && tag == NULL && n <= 2); i++) {
		char *x = xasprintf("%s+%u", name, hop[i]);
		free(name);
		name = x;
	}
	free(base);
	free(tag);
	free(member);
	return name;
}

/* The variable of the scalar of type TY that pointer parameter ARG
** leads to along HOP[0..N) (noted for hostsites_link), or HX_NONE when
** the function may write on the way. */
static uint32_t path_var(struct hctx *hc, LLVMValueRef arg, const uint32_t *hop, unsigned n, LLVMTypeRef ty)
{
	unsigned w;
	int fl, sgn;
	if (n == 0 || n > HPATH_MAX || !scalar_type(ty, &w, &fl) || !path_root_ok(arg))
		return HX_NONE;
	for (uint32_t i = 0; i < hc->npreads; i++) {
		const struct pread_at *r = &hc->preads[i];
		if (r->arg == arg && r->n == n && r->ty == ty && memcmp(r->hop, hop, n * sizeof *hop) == 0)
			return r->var == UINT32_MAX ? HX_NONE : mk_var(hc, r->var);
	}
	struct pread_at r = { .arg = arg, .n = n, .ty = ty, .var = UINT32_MAX };
	memcpy(r.hop, hop, n * sizeof *hop);
	uint32_t uses = 0;
	if (!path_reads_only(hc, arg, 0, hop, n, 0, 0, &uses)) {
		VEC_PUSH(hc->preads, hc->npreads, hc->cappreads, r);
		return HX_NONE;
	}
	r.var = hc->hs->nvars;
	char *name = path_name(hc, arg, hop, n, w, &sgn);
	uint32_t e = var_for(hc, NULL, ty, name, sgn, NULL, 0);
	VEC_PUSH(hc->preads, hc->npreads, hc->cappreads, r);
	uint32_t np = hc->hs->nparams;
	note_param(hc, LLVMGetParamParent(arg), param_index(arg), 0, r.var, 0);
	if (hc->hs->nparams > np) {
		struct hparam *p = &hc->hs->params[np];
		p->deref = (uint8_t)n;
		memcpy(p->hop, hop, n * sizeof *hop);
	}
	return e;
}

/* The variable of a load of TY from address P when P is a path from a
** pointer parameter: constant offsets, with at most HPATH_MAX - 1
** pointers loaded on the way; HX_NONE otherwise. */
static uint32_t path_param_var(struct hctx *hc, LLVMValueRef p, LLVMTypeRef ty)
{
	uint32_t rev[HPATH_MAX];
	unsigned k = 0;
	for (;;) {
		struct maddr a = addr_of(hc, p);
		if (!a.known || a.off < 0 || a.off > UINT32_MAX || k == HPATH_MAX || a.base == NULL)
			return HX_NONE;
		rev[k++] = (uint32_t)a.off;
		if (LLVMIsAArgument(a.base)) {
			uint32_t hop[HPATH_MAX];
			for (unsigned i = 0; i < k; i++)
				hop[i] = rev[k - 1 - i];
			return path_var(hc, a.base, hop, k, ty);
		}
		if (LLVMIsALoadInst(a.base) == NULL)
			return HX_NONE;
		p = LLVMGetOperand(a.base, 0);
	}
}

static uint32_t mem_expr(struct hctx *hc, struct maddr a, LLVMTypeRef ty, LLVMValueRef before, int depth);

/* What pointer PTR leads to along HOP[0..N) (a scalar of type TY) just
** before instruction BEFORE: memory of the caller's own (a closure's
** local, the variable a by-reference capture points to) read there, or
** a path variable of the caller's own pointer parameter; HX_NONE when
** neither (a pointer from a call, a phi). */
static uint32_t path_expr(struct hctx *hc, LLVMValueRef ptr, const uint32_t *hop, unsigned n, LLVMTypeRef ty,
			  LLVMValueRef before, int depth)
{
	struct maddr a = addr_of(hc, ptr);
	if (n == 0 || !a.known || a.base == NULL || depth > HX_MAX_DEPTH)
		return HX_NONE;
	int64_t off = addw(a.off, hop[0]);
	if (off < 0 || off > UINT32_MAX)
		return HX_NONE;
	uint32_t h[HPATH_MAX];
	h[0] = (uint32_t)off;
	memcpy(h + 1, hop + 1, (n - 1) * sizeof *hop);
	if (LLVMIsAArgument(a.base) && !byval_type(a.base))
		return path_var(hc, a.base, h, n, ty);
	if (LLVMIsALoadInst(a.base) && n < HPATH_MAX) {
		/* the pointer was itself read from memory: one hop more */
		uint32_t h2[HPATH_MAX] = { 0 };
		memcpy(h2 + 1, h, n * sizeof *h);
		return path_expr(hc, LLVMGetOperand(a.base, 0), h2, n + 1, ty, before, depth + 1);
	}
	struct maddr at = { a.base, off, 1 };
	struct maddr fin;
	if (n == 1) {
		/* a scalar stored whole is the value stored (`int bs =
		** sizes[j];`, a table read, which bits_of does not follow) */
		struct mres r = const_global(hc, at, ty) == HX_NONE ? mread_at(hc, at, ty, before, &fin)
								 : mres(MW_CLOBBER, NULL);
		if (r.kind == MW_STORE && LLVMTypeOf(r.v) == ty)
			return xval(hc, r.v, depth + 1);
		return mem_expr(hc, at, ty, before, depth + 1);
	}
	struct mres r = mread_at(hc, at, LLVMTypeOf(ptr), before, &fin);
	if (r.kind != MW_STORE || LLVMGetTypeKind(LLVMTypeOf(r.v)) != LLVMPointerTypeKind)
		return HX_NONE;
	return path_expr(hc, r.v, h + 1, n - 1, ty, before, depth + 1);
}

/* Instruction V (of W bits, float if FL) as an expression, or HX_NONE. */
static uint32_t xinsn(struct hctx *hc, LLVMValueRef v, unsigned w, int fl, int depth)
{
	LLVMOpcode oc = LLVMGetInstructionOpcode(v);
	if ((oc == LLVMTrunc || oc == LLVMBitCast) && piece_rooted(hc, LLVMGetOperand(v, 0))) {
		uint32_t e = bits_of(hc, LLVMGetOperand(v, 0), 0, LLVMTypeOf(v), depth + 1);
		if (e != HX_NONE)
			return e;
	}
	switch (oc) {
	case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
	case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr:
	case LLVMXor: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: {
		uint32_t a = xval(hc, LLVMGetOperand(v, 0), depth + 1);
		uint32_t b = a == HX_NONE ? HX_NONE : xval(hc, LLVMGetOperand(v, 1), depth + 1);
		return mk_bin(hc, binop_of[oc], a, b);
	}
	case LLVMFNeg: {
		uint32_t a = xval(hc, LLVMGetOperand(v, 0), depth + 1);
		uint32_t z = mk_const(hc, w, hexpr_fp_put(-0.0, w), 1);
		return mk_bin(hc, HX_FSUB, z, a);
	}
	case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMSIToFP: case LLVMUIToFP:
	case LLVMFPToSI: case LLVMFPToUI: case LLVMFPExt: case LLVMFPTrunc:
		return mk_cast(hc, binop_of[oc], xval(hc, LLVMGetOperand(v, 0), depth + 1), w, fl);
	case LLVMFreeze:
		return xval(hc, LLVMGetOperand(v, 0), depth + 1);
	case LLVMICmp: {
		uint32_t a = xval(hc, LLVMGetOperand(v, 0), depth + 1);
		uint32_t b = a == HX_NONE ? HX_NONE : xval(hc, LLVMGetOperand(v, 1), depth + 1);
		return mk_icmp(hc, pred_of(LLVMGetICmpPredicate(v)), a, b);
	}
	case LLVMSelect: {
		uint32_t c = xval(hc, LLVMGetOperand(v, 0), depth + 1);
		uint32_t a = c == HX_NONE ? HX_NONE : xval(hc, LLVMGetOperand(v, 1), depth + 1);
		uint32_t b = a == HX_NONE ? HX_NONE : xval(hc, LLVMGetOperand(v, 2), depth + 1);
		return mk_select(hc, c, a, b);
	}
	case LLVMPHI: {
		/* one expression on every edge, the two arms of a branch, or
		** an unknown of its own */
		unsigned n = LLVMCountIncoming(v);
		uint32_t e = HX_NONE;
		int have = 0;
		for (unsigned i = 0; i < n; i++) {
			/* an edge from a call that never returns is never taken */
			if (ends_in(hc, LLVMGetIncomingBlock(v, i)))
				continue;
			uint32_t x = xval(hc, LLVMGetIncomingValue(v, i), depth + 1);
			if (x == HX_NONE || (have && x != e)) {
				uint32_t sel = phi_select(hc, v, depth);
				return sel != HX_NONE ? sel : phi_var(hc, v);
			}
			e = x;
			have = 1;
		}
		return e != HX_NONE ? e : phi_var(hc, v);
	}
	case LLVMExtractValue:
	case LLVMExtractElement: {
		uint32_t e = bits_insn(hc, v, 0, LLVMTypeOf(v), depth);
		return e != HX_NONE ? e : value_var(hc, v);
	}
	case LLVMLoad: {
		LLVMValueRef p = LLVMGetOperand(v, 0);
		struct maddr a = addr_of(hc, p);
		uint32_t k = const_global(hc, a, LLVMTypeOf(v));
		if (k != HX_NONE)
			return k;
		LLVMValueRef dq = a.known && LLVMIsAAllocaInst(a.base) ? only_write(hc, a.base, v, 0) : NULL;
		if (dq) {
			struct mres q = mres(MW_DEVQ, dq);
			q.slot = (int)a.off;
			k = a.off >= 0 && a.off < 4096 ? mres_expr(hc, q, a, LLVMTypeOf(v), 0, depth) : HX_NONE;
			if (k != HX_NONE)
				return k;
		}
		struct maddr fin;
		struct mres r = mread_at(hc, a, LLVMTypeOf(v), v, &fin);
		if (r.kind == MW_POP) {
			/* the configuration a stub inlined at -O2 pops is what
			** the push before it was given */
			LLVMValueRef push = find_push(hc, r.v);
			LLVMValueRef op = push && LLVMGetNumArgOperands(push) > (unsigned)r.slot
					  ? LLVMGetOperand(push, (unsigned)r.slot) : NULL;
			if (op && LLVMTypeOf(op) == LLVMTypeOf(v))
				return xval(hc, op, depth + 1);
		}
		uint32_t e = mres_expr(hc, r, fin, LLVMTypeOf(v), 0, depth);
		if (e == HX_NONE && !a.known)
			e = table_var(hc, a, LLVMTypeOf(v), v, depth);
		if (e == HX_NONE && r.kind == MW_CLOBBER)
			e = field_read_var(hc, a, p, LLVMTypeOf(v), v);
		if (e == HX_NONE && r.kind == MW_CLOBBER)
			e = path_param_var(hc, p, LLVMTypeOf(v));
		if (e == HX_NONE)
			e = mvar(hc, p, LLVMTypeOf(v), v);
		if (r.dev && e != HX_NONE && hc->hs->x[e].op == HX_VAR)
			hc->hs->vars[hc->hs->x[e].value].from_device = 1;
		if (r.kind == MW_CLOBBER && e != HX_NONE && hc->hs->x[e].op == HX_VAR
		    && !hc->hs->vars[hc->hs->x[e].value].from_device)
			given_read(hc, v, (uint32_t)hc->hs->x[e].value);
		return e;
	}
	case LLVMCall: {
		LLVMValueRef fn = LLVMGetCalledValue(v);
		size_t len = 0;
		const char *nm = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : NULL;
		static const struct { const char *name; uint8_t op; } mm[] = {
			{ "llvm.smin.", HX_SMIN }, { "llvm.smax.", HX_SMAX },
			{ "llvm.umin.", HX_UMIN }, { "llvm.umax.", HX_UMAX },
		};
		for (size_t i = 0; nm && i < sizeof mm / sizeof mm[0]; i++) {
			if (strncmp(nm, mm[i].name, strlen(mm[i].name)) != 0 || LLVMGetNumArgOperands(v) != 2)
				continue;
			uint32_t a = xval(hc, LLVMGetOperand(v, 0), depth + 1);
			uint32_t b = a == HX_NONE ? HX_NONE : xval(hc, LLVMGetOperand(v, 1), depth + 1);
			return mk_bin(hc, mm[i].op, a, b);
		}
		uint32_t e = nm ? xmath(hc, v, fn, nm, w, depth) : HX_NONE;
		return e != HX_NONE ? e : value_var(hc, v);
	}
	default:
		return value_var(hc, v);
	}
}

/* V as an expression: HX_NONE for a value that is no integer of 64 bits
** or less, float or double, and (not remembered) for one on an SSA cycle
** being followed; beyond HX_MAX_DEPTH or HX_MAX_TREE an unknown. */
static uint32_t xval(struct hctx *hc, LLVMValueRef v, int depth)
{
	unsigned w;
	int fl;
	if (!scalar_type(LLVMTypeOf(v), &w, &fl))
		return HX_NONE;
	uint32_t *m = ptrmap_get(&hc->memo, v);
	if (m)
		return *m;
	uint32_t r;
	if (LLVMIsAConstantInt(v)) {
		r = mk_const(hc, w, LLVMConstIntGetZExtValue(v), 0);
	} else if (LLVMIsAConstantFP(v)) {
		LLVMBool loses = 0;
		r = mk_const(hc, w, hexpr_fp_put(LLVMConstRealGetDouble(v, &loses), w), 1);
	} else if (LLVMIsAArgument(v)) {
		r = param_var(hc, v);
	} else if (!LLVMIsAInstruction(v)) {
		r = value_var(hc, v);	/* undef, poison, a constant expression */
	} else {
		uint32_t *busy = ptrmap_get(&hc->busy, v);
		if (busy && *busy) {
			hc->cycles++;
			return HX_NONE;
		}
		if (depth > HX_MAX_DEPTH || ++hc->work > HX_MAX_WORK) {
			r = value_var(hc, v);
		} else {
			uint64_t c0 = hc->cycles;
			ptrmap_put(&hc->busy, v, 1);
			r = xinsn(hc, v, w, fl, depth);
			ptrmap_put(&hc->busy, v, 0);
			if (r == HX_NONE && hc->cycles != c0)
				return HX_NONE;	/* on a cycle: decided by its phi */
			if (r == HX_NONE)
				r = value_var(hc, v);
		}
	}
	if (r != HX_NONE)
		ptrmap_put(&hc->memo, v, r);
	return r;
}

/* V as an expression from a site: an unknown where it cannot be one. */
static uint32_t xtop(struct hctx *hc, LLVMValueRef v)
{
	uint32_t r = xval(hc, v, 0);
	return r != HX_NONE ? r : value_var(hc, v);
}

/* ---- struct fields ---------------------------------------------------------- */

static int is_zero(const struct hctx *hc, uint32_t e)
{
	return is_c(hc, e) && X(hc, e)->value == 0;
}

/* The constant of type TY at address A, a constant global's, or HX_NONE. */
static uint32_t const_global(struct hctx *hc, struct maddr a, LLVMTypeRef ty)
{
	unsigned w;
	int fl;
	uint64_t bits;
	LLVMValueRef g = a.base;
	if (!a.known || a.off < 0 || !scalar_type(ty, &w, &fl) || LLVMIsAGlobalVariable(g) == NULL
	    || !LLVMIsGlobalConstant(g) || LLVMIsDeclaration(g)
	    || const_bits(hc, LLVMGetInitializer(g), (uint64_t)a.off * 8, w, &bits, 0) < 0)
		return HX_NONE;
	return mk_const(hc, w, bits, fl);
}

/*
** The W-bit integer device query R (MW_DEVQ) wrote at FIN, as the device
** the reader is given says (hs->dev, hdevice_prop), or HX_NONE:
** cudaDeviceGetAttribute's result by its constant attribute,
** cudaGetDeviceProperties's field by the name debug info gives the
** struct's member at that offset (FIN's base a local with a
** dbg.declare).  Without a device, or a field or attribute it does not
** know, the value stays an unknown.
*/
static uint32_t devq_expr(struct hctx *hc, struct mres r, struct maddr fin, unsigned w)
{
	LLVMValueRef fn = LLVMGetCalledValue(r.v);
	size_t len = 0;
	const char *nm = LLVMGetValueName2(fn, &len);
	int64_t v = -1;
	if (hc->hs->dev == NULL)
		return HX_NONE;
	if (strcmp(nm, "cudaDeviceGetAttribute") == 0) {
		LLVMValueRef at = LLVMGetNumArgOperands(r.v) > 1 ? LLVMGetOperand(r.v, 1) : NULL;
		if (r.slot != 0 || w != 32 || at == NULL || !LLVMIsAConstantInt(at)
		    || hdevice_attr(hc->hs->dev, (int)LLVMConstIntGetSExtValue(at), &v) < 0)
			return HX_NONE;
		return mk_const(hc, w, (uint64_t)v, 0);
	}
	LLVMValueRef di = dbg_type(hc, fin.base);
	if (di == NULL)
		return HX_NONE;
	struct dilist dl = { 0 };
	di_walk(di, 0, "", &dl, 0);
	int found = -1;
	for (uint32_t j = 0; j < dl.n; j++) {
		if (found < 0 && dl.l[j].off == (uint64_t)r.slot * 8 && dl.l[j].size == w)
			found = hdevice_prop(hc->hs->dev, dl.l[j].name, &v);
		free(dl.l[j].name);
	}
	free(dl.l);
	return found == 0 ? mk_const(hc, w, (uint64_t)v, 0) : HX_NONE;
}

/* What mread_at found (R, about address FIN) as a value of type TY: the
** stored value or the bits of a wider one, a memset's bytes, the field of
** a byval struct parameter; HX_NONE for anything else.  FIELD: the stored
** value as a field's (bits_of: no unknown for memory it cannot follow). */
static uint32_t mres_expr(struct hctx *hc, struct mres r, struct maddr fin, LLVMTypeRef ty, int field,
			  int depth)
{
	unsigned w;
	int fl;
	if (!scalar_type(ty, &w, &fl))
		return HX_NONE;
	switch (r.kind) {
	case MW_STORE:
		return field ? bits_of(hc, r.v, 0, ty, depth + 1) : xval(hc, r.v, depth + 1);
	case MW_PART:
		return bits_of(hc, r.v, (uint64_t)r.slot * 8, ty, depth + 1);
	case MW_FILL: {
		uint64_t byte = LLVMConstIntGetZExtValue(LLVMGetOperand(r.v, 1)) & 0xff, bits = 0;
		for (unsigned i = 0; i < 8; i++)
			bits |= byte << (8 * i);
		return mk_const(hc, w, bits, fl);
	}
	case MW_DEVQ:
		return fl ? HX_NONE : devq_expr(hc, r, fin, w);
	case MW_NONE: {
		uint32_t *pi = fin.known && fin.off >= 0 ? ptrmap_get(&hc->argrec, fin.base) : NULL;
		if (pi && hc->pieces[*pi].byval)
			return field_var(hc, *pi, (uint64_t)fin.off, ty);
		return const_global(hc, fin, ty);
	}
	default:
		return HX_NONE;
	}
}

/* The value of type TY at address A just before BEFORE, as memory the
** analysis follows holds it, or HX_NONE: never an unknown of its own. */
static uint32_t mem_expr(struct hctx *hc, struct maddr a, LLVMTypeRef ty, LLVMValueRef before, int depth)
{
	if (!a.known || depth > HX_MAX_DEPTH)
		return HX_NONE;
	uint32_t k = const_global(hc, a, ty);
	if (k != HX_NONE)
		return k;
	struct maddr fin;
	struct mres r = mread_at(hc, a, ty, before, &fin);
	return mres_expr(hc, r, fin, ty, 1, depth);
}

#define TABLE_MAX_ENTRIES 64u	/* elements of a table read at an unknown index */

/* The scalar type the arrays of type T (nested or not) hold, their count
** of elements in *N; NULL for any other type or past TABLE_MAX_ENTRIES. */
static LLVMTypeRef table_elem(LLVMTypeRef t, uint64_t *n)
{
	uint64_t k = 1;
	int d = 0;
	for (; d < 8 && LLVMGetTypeKind(t) == LLVMArrayTypeKind; d++) {
		uint64_t len = LLVMGetArrayLength2(t);
		if (len == 0 || len > TABLE_MAX_ENTRIES || k * len > TABLE_MAX_ENTRIES)
			return NULL;
		k *= len;
		t = LLVMGetElementType(t);
	}
	unsigned w;
	int fl;
	if (d == 0 || !scalar_type(t, &w, &fl))
		return NULL;
	*n = k;
	return t;
}

/* Whether pointer V (a global, or a constant or instruction GEP or cast
** of one) is only ever loaded from: memory no code of the module writes. */
static int only_loaded(LLVMValueRef v, int depth)
{
	if (depth > 4)
		return 0;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsALoadInst(user))
			continue;
		LLVMOpcode oc = opcode_of(user);
		if ((oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast)
		    && LLVMGetOperand(user, 0) == v && only_loaded(user, depth + 1))
			continue;
		return 0;
	}
	return 1;
}

/* The value of type TY at byte OFF of table BASE just before BEFORE, as
** a constant: its initializer's for a global, memory as followed for a
** local (the memcpy from a constant that fills it, its stores); -1 when
** it is no constant. */
static int table_entry(struct hctx *hc, LLVMValueRef base, uint64_t off, LLVMTypeRef ty, LLVMValueRef before,
		       int depth, uint64_t *out)
{
	unsigned w;
	int fl;
	if (!scalar_type(ty, &w, &fl))
		return -1;
	if (LLVMIsAGlobalVariable(base))
		return const_bits(hc, LLVMGetInitializer(base), off * 8, w, out, 0);
	struct maddr m = { base, (int64_t)off, 1 };
	uint32_t e = mem_expr(hc, m, ty, before, depth + 1);
	if (e == HX_NONE || !is_c(hc, e))
		return -1;
	*out = X(hc, e)->value;
	return 0;
}

/*
** A load LOAD of type TY at address A (an index not constant) from a
** table of elements of type TY: a local array, a constant global, or a
** global of this file (static) that nothing here writes (another file
** may write one it shares), whose every element holds a constant there
** (a local filled from a constant by memcpy or by stores, an
** initializer).  The value is one of the entries, whatever the index
** (reading past the table is undefined): an unknown of its own whose
** seen values are the distinct entries, as phi_values lists a value set
** on several branches, named `table[index]`.  HX_NONE when A is no such
** read.
*/
static uint32_t table_var(struct hctx *hc, struct maddr a, LLVMTypeRef ty, LLVMValueRef load, int depth)
{
	LLVMValueRef b = a.base;
	int own = LLVMIsAGlobalVariable(b) && (LLVMGetLinkage(b) == LLVMInternalLinkage
					       || LLVMGetLinkage(b) == LLVMPrivateLinkage);
	LLVMTypeRef ot = LLVMIsAAllocaInst(b) ? LLVMGetAllocatedType(b)
			 : LLVMIsAGlobalVariable(b) && !LLVMIsDeclaration(b) && LLVMGetInitializer(b)
			   && (LLVMIsGlobalConstant(b) || (own && only_loaded(b, 0))) ? LLVMGlobalGetValueType(b)
			 : NULL;
	uint64_t n = 0;
	if (a.known || ot == NULL || table_elem(ot, &n) != ty)
		return HX_NONE;
	if (LLVMIsAAllocaInst(b) && !LLVMIsAConstantInt(LLVMGetOperand(b, 0)))
		return HX_NONE;	/* an array of run-time length */
	unsigned w;
	int fl;
	scalar_type(ty, &w, &fl);
	uint64_t es = LLVMABISizeOfType(hc->td, ty), *seen = NULL;
	uint32_t ns = 0, cap = 0;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t x;
		if (table_entry(hc, b, i * es, ty, load, depth, &x) < 0) {
			free(seen);
			return HX_NONE;
		}
		add_value(&seen, &ns, &cap, x & hexpr_mask_of(w));
	}
	int sgn = LLVMIsAAllocaInst(b) ? dbg_signed(hc, b) : 1;
	sort_seen(seen, ns, w, fl, sgn);
	char *tn = LLVMIsAGlobalVariable(b) ? global_name(b) : dbg_name(hc, b);
	char *idx = NULL;
	size_t len = 0;
	int nvar = 0;
	LLVMValueRef at = NULL;
	for (LLVMValueRef p = LLVMGetOperand(load, 0);
	     nvar < 2 && (opcode_of(p) == LLVMGetElementPtr || opcode_of(p) == LLVMBitCast); p = LLVMGetOperand(p, 0))
		for (int k = 1; opcode_of(p) == LLVMGetElementPtr && k < LLVMGetNumOperands(p); k++)
			if (!LLVMIsAConstantInt(LLVMGetOperand(p, (unsigned)k)))
				nvar++, at = LLVMGetOperand(p, (unsigned)k);
	uint32_t ie = nvar == 1 ? xval(hc, at, depth + 1) : HX_NONE;
	while (ie != HX_NONE && (X(hc, ie)->op == HX_SEXT || X(hc, ie)->op == HX_ZEXT))
		ie = X(hc, ie)->a;	/* the index as the source writes it */
	if (ie != HX_NONE) {
		FILE *f = open_memstream(&idx, &len);
		if (f) {
			hexpr_print(hc->hs, ie, f);
			fclose(f);
		}
	}
	char *name = xasprintf("%s[%s]", tn ? tn : "?", idx ? idx : "?");
	free(tn);
	free(idx);
	return var_for(hc, load, ty, name, sgn, seen, ns);
}

/* The bit offset and type of the element of aggregate type T that
** insertvalue or extractvalue I names. */
static int agg_index(const struct hctx *hc, LLVMValueRef I, LLVMTypeRef t, uint64_t *off, LLVMTypeRef *et)
{
	unsigned n = LLVMGetNumIndices(I);
	const unsigned *idx = LLVMGetIndices(I);
	uint64_t o = 0;
	for (unsigned i = 0; i < n; i++) {
		LLVMTypeKind k = LLVMGetTypeKind(t);
		if (k == LLVMStructTypeKind) {
			if (idx[i] >= LLVMCountStructElementTypes(t))
				return -1;
			o += LLVMOffsetOfElement(hc->td, t, idx[i]) * 8;
			t = LLVMStructGetTypeAtIndex(t, idx[i]);
		} else if (k == LLVMArrayTypeKind) {
			t = LLVMGetElementType(t);
			o += (uint64_t)idx[i] * LLVMABISizeOfType(hc->td, t) * 8;
		} else {
			return -1;
		}
	}
	*off = o;
	*et = t;
	return 0;
}

/* Bits [B, B + width of TY) of instruction V, taken apart: how sroa packs
** and unpacks a struct's fields (zext, shl, or, lshr, trunc, bitcast,
** vector and aggregate elements), a load of memory, a select, a phi whose
** incoming values agree.  HX_NONE where the bits cannot be followed. */
static uint32_t bits_insn(struct hctx *hc, LLVMValueRef v, uint64_t b, LLVMTypeRef ty, int depth)
{
	unsigned w;
	int fl;
	if (!scalar_type(ty, &w, &fl) || LLVMIsAInstruction(v) == NULL)
		return HX_NONE;
	LLVMOpcode oc = LLVMGetInstructionOpcode(v);
	LLVMTypeRef vt = LLVMTypeOf(v);
	LLVMValueRef a = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
	uint64_t vw = type_bits(hc, vt);
	switch (oc) {
	case LLVMZExt:
	case LLVMSExt: {
		uint64_t aw = type_bits(hc, LLVMTypeOf(a));
		if (b + w <= aw)
			return bits_of(hc, a, b, ty, depth + 1);
		if (oc == LLVMZExt && b >= aw)
			return mk_const(hc, w, 0, fl);
		return HX_NONE;
	}
	case LLVMTrunc:
		return bits_of(hc, a, b, ty, depth + 1);
	case LLVMBitCast:
		return LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind ? HX_NONE
			: bits_of(hc, a, b, ty, depth + 1);
	case LLVMShl:
	case LLVMLShr: {
		LLVMValueRef c = LLVMGetOperand(v, 1);
		if (LLVMIsAConstantInt(c) == NULL || LLVMGetTypeKind(vt) != LLVMIntegerTypeKind
		    || LLVMConstIntGetZExtValue(c) >= vw)
			return HX_NONE;
		uint64_t k = LLVMConstIntGetZExtValue(c);
		if (oc == LLVMShl)
			return b >= k ? bits_of(hc, a, b - k, ty, depth + 1)
				: b + w <= k ? mk_const(hc, w, 0, fl) : HX_NONE;
		return b + k + w <= vw ? bits_of(hc, a, b + k, ty, depth + 1)
			: b >= vw - k ? mk_const(hc, w, 0, fl) : HX_NONE;
	}
	case LLVMOr:
	case LLVMXor:
	case LLVMAnd: {
		uint32_t x = bits_of(hc, a, b, ty, depth + 1);
		uint32_t y = x == HX_NONE ? HX_NONE : bits_of(hc, LLVMGetOperand(v, 1), b, ty, depth + 1);
		if (y == HX_NONE)
			return HX_NONE;
		if (oc != LLVMAnd && is_zero(hc, y))
			return x;
		if (oc != LLVMAnd && is_zero(hc, x))
			return y;
		if (oc == LLVMAnd && (is_zero(hc, x) || is_zero(hc, y)))
			return mk_const(hc, w, 0, fl);
		if (oc == LLVMAnd && is_c(hc, y) && (X(hc, y)->value & hexpr_mask_of(w)) == hexpr_mask_of(w))
			return x;
		return fl ? HX_NONE : mk_bin(hc, oc == LLVMOr ? HX_OR : oc == LLVMXor ? HX_XOR : HX_AND, x, y);
	}
	case LLVMInsertElement:
	case LLVMExtractElement: {
		LLVMValueRef idx = LLVMGetOperand(v, oc == LLVMInsertElement ? 2 : 1);
		LLVMTypeRef vec = LLVMTypeOf(oc == LLVMInsertElement ? v : a);
		uint64_t es = type_bits(hc, LLVMGetElementType(vec));
		if (LLVMIsAConstantInt(idx) == NULL || es == 0 || LLVMConstIntGetZExtValue(idx) > UINT32_MAX)
			return HX_NONE;
		uint64_t lo = LLVMConstIntGetZExtValue(idx) * es;
		if (oc == LLVMExtractElement)
			return bits_of(hc, a, lo + b, ty, depth + 1);
		if (b >= lo && b + w <= lo + es)
			return bits_of(hc, LLVMGetOperand(v, 1), b - lo, ty, depth + 1);
		if (b + w <= lo || b >= lo + es)
			return bits_of(hc, a, b, ty, depth + 1);
		return HX_NONE;
	}
	case LLVMInsertValue:
	case LLVMExtractValue: {
		uint64_t lo;
		LLVMTypeRef et;
		if (agg_index(hc, v, LLVMTypeOf(a), &lo, &et) < 0)
			return HX_NONE;
		if (oc == LLVMExtractValue)
			return bits_of(hc, a, lo + b, ty, depth + 1);
		uint64_t es = type_bits(hc, et);
		if (b >= lo && b + w <= lo + es)
			return bits_of(hc, LLVMGetOperand(v, 1), b - lo, ty, depth + 1);
		if (b + w <= lo || b >= lo + es)
			return bits_of(hc, a, b, ty, depth + 1);
		return HX_NONE;
	}
	case LLVMLoad: {
		struct maddr p = addr_of(hc, a);
		if (b % 8 != 0)
			return HX_NONE;
		p.off = addw(p.off, (int64_t)(b / 8));
		return mem_expr(hc, p, ty, v, depth + 1);
	}
	case LLVMSelect: {
		uint32_t c = xval(hc, a, depth + 1);
		uint32_t x = c == HX_NONE ? HX_NONE : bits_of(hc, LLVMGetOperand(v, 1), b, ty, depth + 1);
		uint32_t y = x == HX_NONE ? HX_NONE : bits_of(hc, LLVMGetOperand(v, 2), b, ty, depth + 1);
		return mk_select(hc, c, x, y);
	}
	case LLVMPHI: {
		uint32_t *busy = ptrmap_get(&hc->busy, v);
		if (busy && *busy)
			return HX_NONE;	/* around a loop */
		ptrmap_put(&hc->busy, v, 1);
		uint32_t e = HX_NONE;
		unsigned n = LLVMCountIncoming(v);
		for (unsigned i = 0; i < n; i++) {
			uint32_t x = bits_of(hc, LLVMGetIncomingValue(v, i), b, ty, depth + 1);
			if (x == HX_NONE || (i > 0 && x != e)) {
				e = HX_NONE;
				break;
			}
			e = x;
		}
		ptrmap_put(&hc->busy, v, 0);
		return e;
	}
	default:
		/* an integer the host computes or gets from a call: its bits */
		if (fl || LLVMGetTypeKind(vt) != LLVMIntegerTypeKind || oc == LLVMLoad || oc == LLVMPHI)
			return HX_NONE;
		return mk_extract(hc, xval(hc, v, depth + 1), (unsigned)b, w);
	}
}

/* Bits [B, B + width of TY) of V (of any first-class type, its bytes as
** memory would hold them, little-endian) as a value of type TY: a field
** of a struct passed in registers, or of one being packed for them.
** HX_NONE where they cannot be followed; never an unknown made for a
** load or call (a field the host cannot be seen to set is left out), but
** the field of a host function's struct parameter is its variable. */
static uint32_t bits_of(struct hctx *hc, LLVMValueRef v, uint64_t b, LLVMTypeRef ty, int depth)
{
	unsigned w;
	int fl;
	if (v == NULL || !scalar_type(ty, &w, &fl) || depth > HX_MAX_DEPTH || ++hc->work > HX_MAX_WORK)
		return HX_NONE;
	LLVMTypeRef vt = LLVMTypeOf(v);
	uint64_t vw = type_bits(hc, vt);
	if (b > vw || w > vw - b || LLVMGetTypeKind(vt) == LLVMPointerTypeKind)
		return HX_NONE;
	if (LLVMIsAArgument(v)) {
		uint32_t *pi = ptrmap_get(&hc->argrec, v);
		if (pi && !hc->pieces[*pi].byval && b % 8 == 0)
			return field_var(hc, *pi, b / 8, ty);
		if (b == 0 && vt == ty)
			return xval(hc, v, depth);
		if (!fl && LLVMGetTypeKind(vt) == LLVMIntegerTypeKind)
			return mk_extract(hc, xval(hc, v, depth), (unsigned)b, w);
		return HX_NONE;
	}
	if (LLVMIsAConstant(v)) {
		uint64_t bits;
		if (LLVMIsAConstantExpr(v) || const_bits(hc, v, b, w, &bits, 0) < 0)
			return HX_NONE;
		return mk_const(hc, w, bits, fl);
	}
	if (LLVMIsAInstruction(v) == NULL)
		return HX_NONE;
	LLVMOpcode oc = LLVMGetInstructionOpcode(v);
	/* a value of the field's own type is the host's (a call's result, a
	** local), but memory other than a whole variable must be followed:
	** an aggregate's elements, a struct's bytes */
	if (b == 0 && vt == ty && oc != LLVMExtractValue && oc != LLVMExtractElement
	    && (oc != LLVMLoad || whole_var(hc, LLVMGetOperand(v, 0), vt)))
		return xval(hc, v, depth);
	return bits_insn(hc, v, b, ty, depth);
}

/* The variable standing for the bytes of the buffer pointer parameter
** ARG of a host function points to, noted for hostsites_link to bind to
** what each caller's cudaMalloc gave ("bytes(keys)"). */
static uint32_t bytes_var(struct hctx *hc, LLVMValueRef arg)
{
	uint32_t *have = ptrmap_get(&hc->byteskey, arg);
	if (have)
		return mk_var(hc, *have);
	LLVMValueRef fn = LLVMGetParamParent(arg);
	unsigned idx = param_index(arg);
	char *pn = dbg_name(hc, arg);
	if (pn == NULL)
		pn = value_name(arg);
	struct hvar v = { .name = pn ? xasprintf("bytes(%s)", pn) : xasprintf("bytes(arg%u)", idx),
			  .width = 64, .is_signed = 0 };
	free(pn);
	VEC_PUSH(hc->hs->vars, hc->hs->nvars, hc->hs->capvars, v);
	uint32_t var = hc->hs->nvars - 1;
	ptrmap_put(&hc->byteskey, arg, var);
	uint32_t np = hc->hs->nparams;
	note_param(hc, fn, idx, 0, var, 0);
	if (hc->hs->nparams > np)
		hc->hs->params[np].bytes = 1;
	return mk_var(hc, var);
}

/* The bytes of the buffer pointer V points to: the size given to the
** cudaMalloc that wrote the pointer V was loaded from, or, for a host
** function's pointer parameter, its bytes variable (bytes_var).  An
** offset pointer (d + off) gets none.  *ALLOC gets that cudaMalloc call,
** or NULL. */
static uint32_t buf_of(struct hctx *hc, LLVMValueRef v, int depth, LLVMValueRef *alloc)
{
	*alloc = NULL;
	while (depth < 8 && (opcode_of(v) == LLVMBitCast || opcode_of(v) == LLVMAddrSpaceCast))
		v = LLVMGetOperand(v, 0), depth++;
	if (depth < 8 && LLVMIsAArgument(v) && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind
	    && byval_type(v) == NULL)
		return bytes_var(hc, v);
	if (depth >= 8 || LLVMIsALoadInst(v) == NULL)
		return HX_NONE;
	struct maddr a = addr_of(hc, LLVMGetOperand(v, 0));
	LLVMValueRef only = a.known && a.off == 0 && LLVMIsAAllocaInst(a.base) ? only_write(hc, a.base, v, 1) : NULL;
	struct mres r = only ? mres(MW_ALLOC, only) : mread(hc, LLVMGetOperand(v, 0), LLVMTypeOf(v), v);
	if (r.kind == MW_ALLOC) {
		LLVMValueRef size = LLVMGetOperand(r.v, 1);
		*alloc = r.v;
		return LLVMGetTypeKind(LLVMTypeOf(size)) == LLVMIntegerTypeKind ? xtop(hc, size) : HX_NONE;
	}
	if (r.kind == MW_STORE)
		return buf_of(hc, r.v, depth + 1, alloc);
	return HX_NONE;
}

/* ---- buffers the host writes before a launch ------------------------------ */

#define WRITE_MAX_USES 4096	/* uses one buffer's walk looks at */
#define WRITE_MAX_DEPTH 16	/* values one walk goes through (phi cycles) */

/* The walk over everything the host does with one cudaMalloc's buffer. */
struct wwalk {
	LLVMValueRef alloc;	/* the cudaMalloc call */
	LLVMValueRef launch;	/* the launch site's call */
	uint32_t uses;
	uint32_t *seen;		/* per block (bindex): the may_precede call
				   that met it (gen), so none clears it */
	uint32_t gen;
	LLVMBasicBlockRef *todo;
	int written;		/* something may write it before the launch */
};

/* Whether instruction I may run before instruction L of the same
** function: earlier in L's block, or on a path from I's block to L's
** (around a loop included). */
static int may_precede(struct hctx *hc, struct wwalk *w, LLVMValueRef I, LLVMValueRef l)
{
	LLVMBasicBlockRef ib = LLVMGetInstructionParent(I), lb = LLVMGetInstructionParent(l);
	if (ib == NULL || lb == NULL || LLVMGetBasicBlockParent(ib) != LLVMGetBasicBlockParent(lb))
		return 1;
	if (ib == lb)
		for (LLVMValueRef J = LLVMGetNextInstruction(I); J; J = LLVMGetNextInstruction(J))
			if (J == l)
				return 1;
	uint32_t n = 0;
	w->gen++;
	w->todo[n++] = ib;
	int first = 1;
	while (n > 0) {
		LLVMBasicBlockRef bb = w->todo[--n];
		if (bb == lb && !first)
			return 1;
		first = 0;
		LLVMValueRef t;
		unsigned ns = succs(hc, bb, &t);
		for (unsigned k = 0; k < ns; k++) {
			LLVMBasicBlockRef sb = LLVMGetSuccessor(t, k);
			uint32_t *j = ptrmap_get(&hc->bindex, sb);
			if (j == NULL)
				return 1;
			if (w->seen[*j] == w->gen)
				continue;
			w->seen[*j] = w->gen;
			w->todo[n++] = sb;
		}
	}
	return 0;
}

/* Use I of the buffer may write it: it does when it may come first. */
static void wnote(struct hctx *hc, struct wwalk *w, LLVMValueRef I)
{
	if (!LLVMIsAInstruction(I) || may_precede(hc, w, I, w->launch))
		w->written = 1;
}

/* Whether CALL, given pointer V, only reads what V points to or frees it:
** debug and lifetime markers, cudaFree, the source of a cudaMemcpy or
** cudaMemcpyAsync.  Any other call may write it (a helper, a launch). */
static int reads_only(struct hctx *hc, LLVMValueRef call, LLVMValueRef v)
{
	LLVMValueRef fn = NULL;
	int fc = call_class(hc, call, &fn);
	if (fc == FC_INERT)
		return 1;
	if (fn == NULL || !LLVMIsDeclaration(fn))
		return 0;
	char base[256];
	fn_base(fn, base, sizeof base);
	int copy = strcmp(base, "cudaMemcpy") == 0 || strcmp(base, "cudaMemcpyAsync") == 0;
	int frees = strcmp(base, "cudaFree") == 0;
	if (!copy && !frees)
		return 0;
	unsigned na = LLVMGetNumArgOperands(call);
	for (unsigned k = 0; k < na; k++)
		if (LLVMGetOperand(call, k) == v && !frees && k != 1)
			return 0;
	return 1;
}

static void wvalue(struct hctx *hc, struct wwalk *w, LLVMValueRef v, int depth);

/* The uses of memory X that holds the buffer's address (the cudaMalloc'd
** pointer's variable, a kernel argument's local, the launch's argument
** array): loads give the pointer back, a store of X's own address into
** another local makes that one a holder too. */
static void wholder(struct hctx *hc, struct wwalk *w, LLVMValueRef x, int depth)
{
	if (depth > WRITE_MAX_DEPTH || LLVMIsAAllocaInst(addr_of(hc, x).base) == NULL) {
		w->written = 1;
		return;
	}
	for (LLVMUseRef u = LLVMGetFirstUse(x); u && !w->written; u = LLVMGetNextUse(u)) {
		LLVMValueRef U = LLVMGetUser(u);
		if (++w->uses > WRITE_MAX_USES) {
			w->written = 1;
			return;
		}
		LLVMOpcode oc = opcode_of(U);
		if (oc == LLVMLoad) {
			wvalue(hc, w, U, depth + 1);
		} else if (oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast) {
			wholder(hc, w, U, depth + 1);
		} else if (oc == LLVMStore && LLVMGetOperand(U, 0) != x) {
			;	/* a value stored into it: walked from its own side */
		} else if (oc == LLVMStore) {
			wholder(hc, w, addr_of(hc, LLVMGetOperand(U, 1)).base, depth + 1);
		} else if (is_callinst(U) && (U == w->alloc || U == w->launch || reads_only(hc, U, x))) {
			;
		} else {
			wnote(hc, w, U);
		}
	}
}

/* The uses of V, a pointer into the buffer: a store through it, a call
** that gets it (a copy to it, a memset, a helper, another launch) may
** write it; loads, comparisons and the copies' sources do not. */
static void wvalue(struct hctx *hc, struct wwalk *w, LLVMValueRef v, int depth)
{
	if (depth > WRITE_MAX_DEPTH) {
		w->written = 1;
		return;
	}
	for (LLVMUseRef u = LLVMGetFirstUse(v); u && !w->written; u = LLVMGetNextUse(u)) {
		LLVMValueRef U = LLVMGetUser(u);
		if (++w->uses > WRITE_MAX_USES) {
			w->written = 1;
			return;
		}
		LLVMOpcode oc = opcode_of(U);
		if (oc == LLVMLoad || oc == LLVMICmp) {
			;
		} else if (oc == LLVMGetElementPtr || oc == LLVMBitCast || oc == LLVMAddrSpaceCast
			   || oc == LLVMPHI || oc == LLVMSelect) {
			wvalue(hc, w, U, depth + 1);
		} else if (oc == LLVMStore && LLVMGetOperand(U, 0) == v) {
			wholder(hc, w, addr_of(hc, LLVMGetOperand(U, 1)).base, depth + 1);
		} else if (is_callinst(U) && (U == w->launch || reads_only(hc, U, v))) {
			;
		} else {
			wnote(hc, w, U);	/* a store through it, a call, a cast to an integer */
		}
	}
}

/* Whether the buffer that cudaMalloc call ALLOC made is written by
** nothing the host may do before LAUNCH: no copy to it, no memset, no
** store through it, no other launch or helper given it, on any path that
** reaches LAUNCH.  Only a pointer variable that is a local of LAUNCH's
** function is followed; anything else counts as written. */
static int host_unwritten(struct hctx *hc, LLVMValueRef alloc, LLVMValueRef launch)
{
	if (alloc == NULL || LLVMGetNumArgOperands(alloc) < 1)
		return 0;
	LLVMValueRef slot = addr_of(hc, LLVMGetOperand(alloc, 0)).base;
	LLVMBasicBlockRef ab = LLVMGetInstructionParent(alloc), lb = LLVMGetInstructionParent(launch);
	if (slot == NULL || LLVMIsAAllocaInst(slot) == NULL || ab == NULL || lb == NULL
	    || LLVMGetBasicBlockParent(ab) != LLVMGetBasicBlockParent(lb))
		return 0;
	struct wwalk w = { .alloc = alloc, .launch = launch };
	w.seen = xcalloc(hc->nblocks + 1, sizeof *w.seen);
	w.todo = xcalloc(hc->nblocks + 1, sizeof *w.todo);
	wholder(hc, &w, slot, 0);
	free(w.seen);
	free(w.todo);
	return !w.written;
}

/* ---- kernels' parameters --------------------------------------------------- */

enum { AK_OTHER, AK_SCALAR, AK_PTR, AK_STRUCT };

/* Where a stub gets one field of a struct parameter: bits of an IR
** parameter (a struct passed in registers), or bytes of the struct a
** byval IR parameter points to. */
struct lsrc {
	int32_t irparam;	/* -1: the stub does not get it */
	uint8_t byval;
	uint64_t at;		/* bit offset in the IR parameter; byval: byte offset */
};

/* How a device stub's parameters are the kernel's: clang's stub stores
** each source parameter in a local (a struct by value may arrive in
** several IR parameters) and passes their addresses in a void*[] array to
** cudaLaunchKernel; that array gives the kernel's parameters in order. */
struct stubmap {
	LLVMValueRef fn;
	uint32_t nk;
	int32_t *irparam;	/* kernel parameter -> stub IR parameter, or -1 */
	uint8_t *kind;		/* AK_* */
	uint8_t *zext;		/* the stub widens the IR parameter (a bool) */
	LLVMTypeRef *type;	/* the parameter's type in host memory */
	char **name;		/* its source name, or NULL */
	struct shape *shape;	/* AK_STRUCT: its scalar fields */
	struct lsrc **src;	/* AK_STRUCT: per field, where the stub gets it */
};

static void stubmap_alloc(struct stubmap *m, uint32_t nk)
{
	m->nk = nk;
	m->irparam = xcalloc(nk + 1, sizeof *m->irparam);
	m->kind = xcalloc(nk + 1, sizeof *m->kind);
	m->zext = xcalloc(nk + 1, sizeof *m->zext);
	m->type = xcalloc(nk + 1, sizeof *m->type);
	m->name = xcalloc(nk + 1, sizeof *m->name);
	m->shape = xcalloc(nk + 1, sizeof *m->shape);
	m->src = xcalloc(nk + 1, sizeof *m->src);
}

static void stubmap_free(struct stubmap *m)
{
	for (uint32_t k = 0; k < m->nk; k++) {
		free(m->name[k]);
		shape_free(&m->shape[k]);
		free(m->src[k]);
	}
	free(m->irparam);
	free(m->kind);
	free(m->zext);
	free(m->type);
	free(m->name);
	free(m->shape);
	free(m->src);
}

/* Kernel parameter K is a struct of type T (debug-info type DI, may be
** NULL): its shape, with no field's source known yet. */
static void stub_struct(struct hctx *hc, struct stubmap *m, uint32_t k, LLVMTypeRef t, LLVMValueRef di)
{
	m->kind[k] = AK_STRUCT;
	m->type[k] = t;
	build_shape(hc, t, di, &m->shape[k]);
	m->src[k] = xcalloc(m->shape[k].n + 1, sizeof *m->src[k]);
	for (uint32_t i = 0; i < m->shape[k].n; i++)
		m->src[k][i].irparam = -1;
}

/* Every field of kernel parameter K comes from the struct byval IR
** parameter J points to, or (!BYVAL) from the bits of J, a first-class
** struct value. */
static void stub_struct_param(struct stubmap *m, uint32_t k, uint32_t j, int byval)
{
	for (uint32_t i = 0; i < m->shape[k].n; i++) {
		m->src[k][i].irparam = (int32_t)j;
		m->src[k][i].byval = (uint8_t)byval;
		m->src[k][i].at = byval ? m->shape[k].leaf[i].off : (uint64_t)m->shape[k].leaf[i].off * 8;
	}
}

static LLVMValueRef dbg_type(const struct hctx *hc, LLVMValueRef v)
{
	LLVMValueRef var = dbg_var(hc, v);
	return var ? reader_md_operand(var, 3) : NULL;
}

static uint8_t kind_of(LLVMTypeRef t)
{
	unsigned w;
	int fl;
	if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
		return AK_PTR;
	return scalar_type(t, &w, &fl) ? AK_SCALAR : AK_OTHER;
}

/* The number of pointers in array alloca A, or 0. */
static uint32_t ptr_array_len(LLVMValueRef a)
{
	if (LLVMIsAAllocaInst(a) == NULL)
		return 0;
	LLVMTypeRef t = LLVMGetAllocatedType(a);
	uint64_t n = 1;
	if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
		n = LLVMGetArrayLength2(t);
		t = LLVMGetElementType(t);
	}
	LLVMValueRef cnt = LLVMGetOperand(a, 0);
	if (LLVMIsAConstantInt(cnt) == NULL || LLVMGetIntTypeWidth(LLVMTypeOf(cnt)) > 64)
		return 0;
	n *= LLVMConstIntGetZExtValue(cnt);
	return LLVMGetTypeKind(t) == LLVMPointerTypeKind && n <= 4096 ? (uint32_t)n : 0;
}

/* The fields of struct local SLOT of stub M, where the stub's launch
** LAUNCH reads them: the stub stores its IR parameters into the local
** (the {i64, float} of a struct passed in registers), whole or in part. */
static void stub_fields(struct hctx *hc, struct stubmap *m, uint32_t k, LLVMValueRef slot, LLVMValueRef launch)
{
	for (uint32_t i = 0; i < m->shape[k].n; i++) {
		const struct sleaf *l = &m->shape[k].leaf[i];
		struct maddr a = { slot, l->off, 1 };
		struct mres r = mread_at(hc, a, l->ty, launch, NULL);
		if ((r.kind != MW_STORE && r.kind != MW_PART) || LLVMIsAArgument(r.v) == NULL
		    || LLVMGetParamParent(r.v) != m->fn)
			continue;
		m->src[k][i].irparam = (int32_t)param_index(r.v);
		m->src[k][i].at = r.kind == MW_PART ? (uint64_t)r.slot * 8 : 0;
	}
}

/* Kernel parameter K from clang's stub: the local whose address is in
** slot K of the array (LAUNCH's), and the stub parameter stored in it. */
static int stub_param(struct hctx *hc, struct stubmap *m, uint32_t k, LLVMValueRef slotval, LLVMValueRef launch)
{
	m->irparam[k] = -1;
	if (LLVMIsAArgument(slotval)) {		/* a struct passed by pointer */
		m->kind[k] = AK_OTHER;
		m->name[k] = dbg_name(hc, slotval);
		LLVMTypeRef bt = byval_type(slotval);
		if (bt && LLVMGetTypeKind(bt) == LLVMStructTypeKind && LLVMGetParamParent(slotval) == m->fn) {
			stub_struct(hc, m, k, bt, dbg_type(hc, slotval));
			stub_struct_param(m, k, param_index(slotval), 1);
		}
		return 0;
	}
	if (LLVMIsAAllocaInst(slotval) == NULL)
		return -1;
	m->type[k] = LLVMGetAllocatedType(slotval);
	m->kind[k] = kind_of(m->type[k]);
	m->name[k] = dbg_name(hc, slotval);
	if (m->kind[k] == AK_OTHER && LLVMGetTypeKind(m->type[k]) == LLVMStructTypeKind) {
		stub_struct(hc, m, k, m->type[k], dbg_type(hc, slotval));
		stub_fields(hc, m, k, slotval, launch);
		return 0;
	}
	if (m->kind[k] == AK_OTHER)
		return 0;
	for (LLVMUseRef u = LLVMGetFirstUse(slotval); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef st = LLVMGetUser(u);
		if (LLVMIsAStoreInst(st) == NULL || LLVMGetOperand(st, 1) != slotval
		    || LLVMTypeOf(LLVMGetOperand(st, 0)) != m->type[k])
			continue;
		LLVMValueRef val = LLVMGetOperand(st, 0);
		int widened = 0;
		if (opcode_of(val) == LLVMZExt && LLVMIsAArgument(LLVMGetOperand(val, 0))) {
			val = LLVMGetOperand(val, 0);	/* a bool: i1 in, a byte kept */
			widened = 1;
		}
		for (unsigned j = 0; j < LLVMCountParams(m->fn); j++) {
			if (LLVMGetParam(m->fn, j) == val) {
				m->irparam[k] = (int32_t)j;
				m->zext[k] = (uint8_t)widened;
			}
		}
	}
	if (m->irparam[k] < 0)
		m->kind[k] = AK_OTHER;
	return 0;
}

/* Reads clang's stub shape into *M; -1 when the stub looks otherwise. */
static int stub_from_body(struct hctx *hc, struct stubmap *m)
{
	if (LLVMIsDeclaration(m->fn))
		return -1;
	LLVMValueRef launch = NULL;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(m->fn); bb && !launch; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I && !launch; I = LLVMGetNextInstruction(I))
			if (is_call(I) && call_class(hc, I, NULL) == FC_LAUNCH && LLVMGetNumArgOperands(I) >= 6)
				launch = I;
	if (launch == NULL)
		return -1;
	struct maddr arr = addr_of(hc, LLVMGetOperand(launch, 5));
	uint32_t n = ptr_array_len(arr.base);
	LLVMTypeRef pt = LLVMTypeOf(LLVMGetOperand(launch, 5));
	if (!arr.known || arr.off != 0 || (n == 0 && LLVMCountParams(m->fn) != 0))
		return -1;
	stubmap_alloc(m, n);
	uint64_t psz = LLVMABISizeOfType(hc->td, pt);
	for (uint32_t k = 0; k < n; k++) {
		struct mquery *q = xcalloc(1, sizeof *q);
		q->a.base = arr.base;
		q->a.off = mulw((int64_t)k, psz);
		q->a.known = 1;
		q->ty = pt;
		q->size = psz;
		struct mres r = mblock(hc, q, LLVMGetInstructionParent(launch), launch);
		free(q);
		if (r.kind != MW_STORE || stub_param(hc, m, k, r.v, launch) < 0) {
			stubmap_free(m);
			return -1;
		}
	}
	return 0;
}

static const struct stubmap *stub_map(struct hctx *hc, LLVMValueRef stub)
{
	uint32_t *i = ptrmap_get(&hc->stubidx, stub);
	if (i)
		return &hc->stubs[*i];
	struct stubmap m = { .fn = stub };
	if (stub_from_body(hc, &m) < 0) {
		/* not clang's shape (a declaration in hand-written IR): one
		** kernel parameter per IR parameter */
		stubmap_alloc(&m, LLVMCountParams(stub));
		for (uint32_t k = 0; k < m.nk; k++) {
			LLVMValueRef p = LLVMGetParam(stub, k);
			m.irparam[k] = (int32_t)k;
			m.type[k] = LLVMTypeOf(p);
			m.kind[k] = kind_of(m.type[k]);
			m.name[k] = dbg_name(hc, p);
			if (m.name[k] == NULL)
				m.name[k] = value_name(p);
			LLVMTypeRef bt = byval_type(p);
			if (bt && LLVMGetTypeKind(bt) == LLVMStructTypeKind) {
				stub_struct(hc, &m, k, bt, dbg_type(hc, p));
				stub_struct_param(&m, k, k, 1);
			} else if (LLVMGetTypeKind(m.type[k]) == LLVMStructTypeKind) {
				stub_struct(hc, &m, k, m.type[k], dbg_type(hc, p));
				stub_struct_param(&m, k, k, 0);
			}
		}
	}
	VEC_PUSH(hc->stubs, hc->nstubs, hc->capstubs, m);
	ptrmap_put(&hc->stubidx, stub, hc->nstubs - 1);
	return &hc->stubs[hc->nstubs - 1];
}

/* The device-side mangled name of the kernel whose stub is STUB: the
** stub's name with "__device_stub__" taken out of its identifier, whose
** length prefix shrinks by 15 (_Z23__device_stub__sum_rowsPKfPfi is
** _Z8sum_rowsPKfPfi, _ZN2ns17__device_stub__nkEPfi is _ZN2ns2nkEPfi).
** Substitutions are unchanged: the identifier stays one component. */
char *hostsite_kernel_name(const char *stub)
{
	static const char tag[] = "__device_stub__";
	const size_t tl = sizeof tag - 1;
	const char *p = strstr(stub, tag);
	if (p == NULL)
		return xstrdup(stub);
	const char *d = p;
	while (d > stub && d[-1] >= '0' && d[-1] <= '9')
		d--;
	size_t rest = strlen(p + tl);
	/* The digits before the tag may end another component (the 1 of
	** _GLOBAL__N_1, the anonymous namespace): try the shortest run that
	** can be the length first, and keep the one whose demangling is the
	** stub's without the tag. */
	char *want = NULL, *pick = NULL;
	int st = -1;
	char *ds = __cxa_demangle(stub, NULL, NULL, &st);
	if (ds && st == 0) {
		char *t = strstr(ds, tag);
		if (t)
			want = xasprintf("%.*s%s", (int)(t - ds), ds, t + tl);
	}
	free(ds);
	for (const char *q = p - 1; q >= d && q >= p - 9; q--) {
		if (*q == '0')
			continue;
		unsigned long len = strtoul(q, NULL, 10);
		if (len <= tl || len - tl > rest)
			continue;
		char *cand = xasprintf("%.*s%lu%s", (int)(q - stub), stub, len - tl, p + tl);
		if (want) {
			char *dc = __cxa_demangle(cand, NULL, NULL, &st);
			int same = dc && st == 0 && strcmp(dc, want) == 0;
			free(dc);
			if (same) {
				free(pick);
				pick = cand;
				break;
			}
		}
		if (pick == NULL)
			pick = cand;
		else
			free(cand);
	}
	free(want);
	/* no length prefix (extern "C"): the name without the tag */
	return pick ? pick : xasprintf("%.*s%s", (int)(p - stub), stub, p + tl);
}

/* ---- sites ------------------------------------------------------------------ */

LLVMMetadataRef lh_outer_loc(LLVMValueRef I)
{
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(I);
	if (loc == NULL)
		return NULL;
	for (LLVMMetadataRef at = LLVMDILocationGetInlinedAt(loc); at; at = LLVMDILocationGetInlinedAt(at))
		loc = at;
	return loc;
}

char *lh_loc_file(LLVMValueRef I, LLVMMetadataRef loc)
{
	unsigned len = 0;
	const char *f = reader_scope_file(LLVMGetTypeContext(LLVMTypeOf(I)), LLVMDILocationGetScope(loc),
					 &len);
	return f && len ? xstrndup(f, len) : NULL;
}

/* The source location of CALL: where it was written, through inlining. */
static void site_loc(LLVMValueRef call, struct hsite *s)
{
	LLVMMetadataRef loc = lh_outer_loc(call);
	if (loc == NULL)
		return;
	s->line = LLVMDILocationGetLine(loc);
	s->col = LLVMDILocationGetColumn(loc);
	s->file = lh_loc_file(call, loc);
}

static int types_are(LLVMValueRef call, unsigned from, const LLVMTypeKind *kinds, const unsigned *widths,
		     unsigned n)
{
	if (LLVMGetNumArgOperands(call) < from + n)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(call, from + i));
		if (LLVMGetTypeKind(t) != kinds[i])
			return 0;
		if (kinds[i] == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) != widths[i])
			return 0;
	}
	return 1;
}

/* The i64 {x, y}, i32 z of a dim3 at operands I, I + 1 of CALL. */
static void dims_of(struct hctx *hc, LLVMValueRef call, unsigned i, uint32_t out[3])
{
	uint32_t xy = xtop(hc, LLVMGetOperand(call, i));
	out[0] = mk_extract(hc, xy, 0, 32);
	out[1] = mk_extract(hc, xy, 32, 32);
	out[2] = xtop(hc, LLVMGetOperand(call, i + 1));
}

static struct hsite *new_site(struct hctx *hc, LLVMValueRef stub, const struct stubmap *m, LLVMValueRef at)
{
	struct hsite s = { 0 };
	VEC_PUSH(hc->siteat, hc->nsiteat, hc->capsiteat, at);
	char *nm = value_name(stub);
	s.kernel = hostsite_kernel_name(nm ? nm : "?");
	free(nm);
	site_loc(at, &s);
	s.nargs = m->nk;
	s.args = xmalloc((m->nk + 1) * sizeof *s.args);
	s.buf_bytes = xmalloc((m->nk + 1) * sizeof *s.buf_bytes);
	s.argname = xcalloc(m->nk + 1, sizeof *s.argname);
	s.nfields = xcalloc(m->nk + 1, sizeof *s.nfields);
	s.fields = xcalloc(m->nk + 1, sizeof *s.fields);
	s.fieldname = xcalloc(m->nk + 1, sizeof *s.fieldname);
	s.uninit = xcalloc(m->nk + 1, sizeof *s.uninit);
	for (uint32_t k = 0; k < m->nk; k++) {
		s.args[k] = s.buf_bytes[k] = HX_NONE;
		s.argname[k] = m->name[k] ? xstrdup(m->name[k]) : NULL;
	}
	VEC_PUSH(hc->hs->s, hc->hs->ns, hc->hs->caps, s);
	return &hc->hs->s[hc->hs->ns - 1];
}

/* The fields of struct argument K of site S, whose call is CALL: from the
** call's operands (a stub call: ARR is NULL) or from the struct at
** address ARR (the argument array's slot of a cudaLaunchKernel).  Only
** the fields whose value is known are kept. */
static void site_fields(struct hctx *hc, struct hsite *s, const struct stubmap *m, uint32_t k,
			LLVMValueRef call, LLVMValueRef arr)
{
	const struct shape *sh = &m->shape[k];
	unsigned na = LLVMGetNumArgOperands(call);
	struct maddr base = arr ? addr_of(hc, arr) : (struct maddr){ 0 };
	s->fields[k] = xcalloc(sh->n + 1, sizeof *s->fields[k]);
	s->fieldname[k] = xcalloc(sh->n + 1, sizeof *s->fieldname[k]);
	for (uint32_t i = 0; i < sh->n; i++) {
		const struct sleaf *l = &sh->leaf[i];
		const struct lsrc *src = &m->src[k][i];
		uint32_t e = HX_NONE;
		if (arr) {
			struct maddr a = base;
			a.off = addw(a.off, l->off);
			e = mem_expr(hc, a, l->ty, call, 0);
		} else if (src->irparam >= 0 && (unsigned)src->irparam < na) {
			LLVMValueRef op = LLVMGetOperand(call, (unsigned)src->irparam);
			if (src->byval && LLVMGetTypeKind(LLVMTypeOf(op)) == LLVMPointerTypeKind) {
				struct maddr a = addr_of(hc, op);
				a.off = addw(a.off, (int64_t)src->at);
				e = mem_expr(hc, a, l->ty, call, 0);
			} else if (!src->byval) {
				e = bits_of(hc, op, src->at, l->ty, 0);
			}
		}
		if (e == HX_NONE)
			continue;
		uint32_t n = s->nfields[k]++;
		s->fields[k][n].off = l->off;
		s->fields[k][n].expr = e;
		s->fieldname[k][n] = l->name ? xstrdup(l->name) : NULL;
	}
	if (s->nfields[k] == 0) {
		free(s->fields[k]);
		free(s->fieldname[k]);
		s->fields[k] = NULL;
		s->fieldname[k] = NULL;
	}
}

/* The __cudaPushCallConfiguration that configures stub call CALL: the
** last one on its path, with no other launch between. */
static LLVMValueRef find_push(struct hctx *hc, LLVMValueRef call)
{
	LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
	LLVMValueRef I = LLVMGetPreviousInstruction(call);
	for (int blocks = 0; blocks < 16; blocks++) {
		for (; I; I = LLVMGetPreviousInstruction(I)) {
			if (!is_call(I))
				continue;
			int fc = call_class(hc, I, NULL);
			if (fc == FC_PUSH)
				return I;
			if (fc == FC_STUB || fc == FC_LAUNCH)
				return NULL;
		}
		uint32_t *bi = ptrmap_get(&hc->bindex, bb);
		if (bi == NULL || hc->pstart[*bi + 1] - hc->pstart[*bi] != 1)
			return NULL;
		bb = hc->plist[hc->pstart[*bi]];
		I = LLVMGetLastInstruction(bb);
	}
	return NULL;
}

/* k<<<grid, block, shmem, stream>>>(args): CALL calls stub STUB. */
static void site_push(struct hctx *hc, LLVMValueRef call, LLVMValueRef stub)
{
	static const LLVMTypeKind kinds[] = { LLVMIntegerTypeKind, LLVMIntegerTypeKind,
					      LLVMIntegerTypeKind, LLVMIntegerTypeKind,
					      LLVMIntegerTypeKind };
	static const unsigned widths[] = { 64, 32, 64, 32, 64 };
	LLVMValueRef push = find_push(hc, call);
	if (push == NULL || !types_are(push, 0, kinds, widths, 5))
		return;
	const struct stubmap *m = stub_map(hc, stub);
	uint32_t grid[3], block[3];
	dims_of(hc, push, 0, grid);
	dims_of(hc, push, 2, block);
	uint32_t shmem = xtop(hc, LLVMGetOperand(push, 4));
	uint32_t *args = xmalloc((m->nk + 1) * sizeof *args), *bufs = xmalloc((m->nk + 1) * sizeof *bufs);
	uint8_t *unw = xcalloc(m->nk + 1, 1);
	unsigned na = LLVMGetNumArgOperands(call);
	for (uint32_t k = 0; k < m->nk; k++) {
		args[k] = bufs[k] = HX_NONE;
		if (m->irparam[k] < 0 || (unsigned)m->irparam[k] >= na)
			continue;
		LLVMValueRef op = LLVMGetOperand(call, (unsigned)m->irparam[k]);
		if (m->kind[k] == AK_SCALAR && m->zext[k])
			args[k] = mk_cast(hc, HX_ZEXT, xtop(hc, op), LLVMGetIntTypeWidth(m->type[k]), 0);
		else if (m->kind[k] == AK_SCALAR)
			args[k] = xtop(hc, op);
		else if (m->kind[k] == AK_PTR && LLVMGetTypeKind(LLVMTypeOf(op)) == LLVMPointerTypeKind) {
			LLVMValueRef alloc;
			bufs[k] = buf_of(hc, op, 0, &alloc);
			unw[k] = (uint8_t)host_unwritten(hc, alloc, call);
		}
	}
	struct hsite *s = new_site(hc, stub, m, call);
	memcpy(s->grid, grid, sizeof grid);
	memcpy(s->block, block, sizeof block);
	s->shmem = shmem;
	memcpy(s->args, args, m->nk * sizeof *args);
	memcpy(s->buf_bytes, bufs, m->nk * sizeof *bufs);
	memcpy(s->uninit, unw, m->nk);
	free(args);
	free(bufs);
	free(unw);
	/* no site is added meanwhile, so S stays where it is */
	for (uint32_t k = 0; k < m->nk; k++)
		if (m->kind[k] == AK_STRUCT)
			site_fields(hc, s, m, k, call, NULL);
}

/* cudaLaunchKernel(stub, grid, block, args, shmem, stream) and its kin. */
static void site_launch(struct hctx *hc, LLVMValueRef call)
{
	static const LLVMTypeKind kinds[] = { LLVMPointerTypeKind, LLVMIntegerTypeKind,
					      LLVMIntegerTypeKind, LLVMIntegerTypeKind,
					      LLVMIntegerTypeKind, LLVMPointerTypeKind,
					      LLVMIntegerTypeKind };
	static const unsigned widths[] = { 0, 64, 32, 64, 32, 0, 64 };
	if (!types_are(call, 0, kinds, widths, 7))
		return;
	LLVMValueRef stub = addr_of(hc, LLVMGetOperand(call, 0)).base;
	if (stub == NULL || LLVMIsAFunction(stub) == NULL)
		return;
	char *nm = value_name(stub);
	int is_stub = nm && strstr(nm, "__device_stub__") != NULL;
	free(nm);
	if (!is_stub)
		return;
	const struct stubmap *m = stub_map(hc, stub);
	uint32_t grid[3], block[3];
	dims_of(hc, call, 1, grid);
	dims_of(hc, call, 3, block);
	uint32_t shmem = xtop(hc, LLVMGetOperand(call, 6));
	uint32_t *args = xmalloc((m->nk + 1) * sizeof *args), *bufs = xmalloc((m->nk + 1) * sizeof *bufs);
	uint8_t *unw = xcalloc(m->nk + 1, 1);
	LLVMValueRef *structs = xcalloc(m->nk + 1, sizeof *structs);
	LLVMValueRef arr = LLVMGetOperand(call, 5);
	struct maddr a = addr_of(hc, arr);
	LLVMTypeRef pt = LLVMTypeOf(arr);
	uint64_t psz = LLVMABISizeOfType(hc->td, pt);
	for (uint32_t k = 0; k < m->nk; k++) {
		args[k] = bufs[k] = HX_NONE;
		if (m->kind[k] == AK_OTHER || m->type[k] == NULL || !a.known)
			continue;
		/* slot k of the array holds the address of the argument */
		struct mquery *q = xcalloc(1, sizeof *q);
		q->a.base = a.base;
		q->a.off = addw(a.off, mulw((int64_t)k, psz));
		q->a.known = 1;
		q->ty = pt;
		q->size = psz;
		q->global = LLVMIsAGlobalVariable(a.base) != NULL;
		struct mres r = mres(MW_CLOBBER, NULL);
		if (LLVMIsAAllocaInst(a.base) || q->global)
			r = mblock(hc, q, LLVMGetInstructionParent(call), call);
		free(q);
		if (r.kind != MW_STORE)
			continue;
		LLVMValueRef addr = r.v;
		if (m->kind[k] == AK_STRUCT) {
			structs[k] = addr;
			continue;
		}
		struct mres val = mread(hc, addr, m->type[k], call);
		if (m->kind[k] == AK_SCALAR) {
			if (val.kind == MW_STORE)
				args[k] = xtop(hc, val.v);
			else
				args[k] = mvar(hc, addr, m->type[k], NULL);
		} else if (val.kind == MW_ALLOC) {
			LLVMValueRef size = LLVMGetOperand(val.v, 1);
			if (LLVMGetTypeKind(LLVMTypeOf(size)) == LLVMIntegerTypeKind)
				bufs[k] = xtop(hc, size);
			unw[k] = (uint8_t)host_unwritten(hc, val.v, call);
		} else if (val.kind == MW_STORE) {
			LLVMValueRef alloc;
			bufs[k] = buf_of(hc, val.v, 0, &alloc);
			unw[k] = (uint8_t)host_unwritten(hc, alloc, call);
		}
	}
	struct hsite *s = new_site(hc, stub, m, call);
	memcpy(s->grid, grid, sizeof grid);
	memcpy(s->block, block, sizeof block);
	s->shmem = shmem;
	memcpy(s->args, args, m->nk * sizeof *args);
	memcpy(s->buf_bytes, bufs, m->nk * sizeof *bufs);
	memcpy(s->uninit, unw, m->nk);
	free(args);
	free(bufs);
	free(unw);
	for (uint32_t k = 0; k < m->nk; k++)
		if (structs[k] && LLVMGetTypeKind(LLVMTypeOf(structs[k])) == LLVMPointerTypeKind)
			site_fields(hc, s, m, k, call, structs[k]);
	free(structs);
}

static void find_sites(struct hctx *hc)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		char *nm = value_name(fn);
		int stub = nm && strstr(nm, "__device_stub__") != NULL;
		free(nm);
		if (stub)	/* its own cudaLaunchKernel is the launch it was called for */
			continue;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
			for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
				if (!is_call(I))
					continue;
				LLVMValueRef callee = NULL;
				int fc = call_class(hc, I, &callee);
				if (fc == FC_STUB)
					site_push(hc, I, callee);
				else if (fc == FC_LAUNCH)
					site_launch(hc, I);
			}
		}
	}
}

/* ---- calls of host functions: what wrappers are given ------------------- */

#define CALL_ROUNDS 8	/* callers of callers followed in one file */

/* Whether FN is a C function declared without a prototype (`BPNN
** *bpnn_create();`, K&R C): `(...)` with no parameter, whose calls pass
** their arguments, promoted, to the definition's parameters. */
static int unprototyped(LLVMValueRef fn)
{
	return LLVMIsDeclaration(fn) && LLVMCountParams(fn) == 0
	       && LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn));
}

/* Whether a call of FN (class K, call_class) is worth recording for
** hostsites_link: a function defined here whose parameter became a
** variable (in hc->wantfn), or one only declared here that may be the
** program's (not an intrinsic, the CUDA runtime, the C++ library, a
** variadic one). */
static int fn_kept(struct hctx *hc, LLVMValueRef fn, int k)
{
	if ((k != FC_OTHER && k != FC_EXTERN) || (LLVMCountParams(fn) == 0) != unprototyped(fn)
	    || (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)) && !unprototyped(fn)))
		return 0;
	if (!LLVMIsDeclaration(fn))
		return ptrmap_get(&hc->wantfn, fn) != NULL;
	size_t len = 0;
	const char *nm = LLVMGetValueName2(fn, &len);
	static const char *const lib[] = { "llvm.", "cuda", "__", "_ZSt", "_ZNSt", "_ZNKSt", "_ZN9__gnu" };
	for (size_t i = 0; nm && i < sizeof lib / sizeof lib[0]; i++)
		if (strncmp(nm, lib[i], strlen(lib[i])) == 0)
			return 0;
	return nm && len;
}

/* Whether call CALL is worth recording (fn_kept), its callee in *FN. */
static int call_kept(struct hctx *hc, LLVMValueRef call, LLVMValueRef *fn)
{
	int k = call_class(hc, call, fn);
	return *fn != NULL && fn_kept(hc, *fn, k);
}

/* The LLVM type of a scalar W bits wide, a float when FL. */
static LLVMTypeRef scalar_of(struct hctx *hc, unsigned w, int fl)
{
	if (fl)
		return w == 64 ? LLVMDoubleTypeInContext(hc->ctx)
		       : w == 16 ? LLVMHalfTypeInContext(hc->ctx) : LLVMFloatTypeInContext(hc->ctx);
	return LLVMIntTypeInContext(hc->ctx, w);
}

/* Adds to call C (of CALL) what its arguments lead to along the paths
** of the callee's path parameters (struct hparam deref) from P on, that
** C has no slice for yet.  Returns how many such parameters the callee
** has: a call whose pointer leads nowhere known still calls it (the
** parameter stays a variable for that call, as the values of a closure
** that escaped to code the reader does not follow). */
static uint32_t path_slices(struct hctx *hc, struct hcall *c, uint32_t *cap, LLVMValueRef call, uint32_t p)
{
	unsigned na = LLVMGetNumArgOperands(call);
	uint32_t seen = 0;
	for (; p < hc->hs->nparams; p++) {
		const struct hparam P = hc->hs->params[p];
		if (P.deref == 0 || P.arg >= na || strcmp(P.fn, c->fn) != 0
		    || (P.local && P.unit != hc->hs->nunits - 1))
			continue;
		seen++;
		int have = 0;
		for (uint32_t i = 0; i < c->nsl && !have; i++)
			have = c->sl[i].arg == P.arg && c->sl[i].deref == P.deref
			       && memcmp(c->sl[i].hop, P.hop, P.deref * sizeof *P.hop) == 0
			       && c->sl[i].width == P.width && c->sl[i].is_float == P.is_float;
		if (have)
			continue;
		uint32_t e = path_expr(hc, LLVMGetOperand(call, P.arg), P.hop, P.deref,
				       scalar_of(hc, P.width, P.is_float), call, 0);
		if (e == HX_NONE)
			continue;
		struct hslice sl = { .arg = P.arg, .width = P.width, .is_float = P.is_float, .deref = P.deref,
				     .expr = e };
		memcpy(sl.hop, P.hop, sizeof sl.hop);
		VEC_PUSH(c->sl, c->nsl, *cap, sl);
	}
	return seen;
}

static void add_slice(struct hcall *c, uint32_t *cap, unsigned arg, uint64_t bit, unsigned w, int fl,
		      int byval, uint32_t e)
{
	if (e == HX_NONE || bit > UINT32_MAX)
		return;
	/* byval 2: the bytes of the buffer a pointer argument points to */
	struct hslice sl = { .arg = arg, .bit = (uint32_t)bit, .width = (uint8_t)w, .is_float = (uint8_t)fl,
			     .byval = (uint8_t)(byval == 1), .bytes = (uint8_t)(byval == 2), .expr = e };
	VEC_PUSH(c->sl, c->nsl, *cap, sl);
}

/* Records call CALL of FN (hs->calls): each scalar argument's value, the
** 32-bit halves of a 64-bit one (two fields of a struct passed in a
** register), the scalar fields of a struct passed byval, what pointer
** arguments lead to along the callee's paths.  Returns 1, or 0 when the
** call passes nothing known (not recorded). */
static int record_call(struct hctx *hc, LLVMValueRef call, LLVMValueRef fn)
{
	struct hcall c = { .fn = value_name(fn), .unit = hc->hs->nunits - 1,
			   .from = value_name(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call))) };
	uint32_t cap = 0;
	unsigned na = LLVMGetNumArgOperands(call), np = LLVMCountParams(fn);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(hc->ctx);
	if (unprototyped(fn))
		np = na;
	for (unsigned i = 0; i < na && i < np; i++) {
		LLVMValueRef a = LLVMGetOperand(call, i);
		LLVMTypeRef bt = unprototyped(fn) ? NULL : byval_type(LLVMGetParam(fn, i));
		unsigned w;
		int fl;
		if (bt != NULL) {
			struct shape sh = { 0 };
			flatten(hc, bt, 0, &sh, 0);
			struct maddr at = addr_of(hc, a);
			for (uint32_t k = 0; at.known && k < sh.n; k++) {
				struct maddr m = at;
				m.off += sh.leaf[k].off;
				if (scalar_type(sh.leaf[k].ty, &w, &fl))
					add_slice(&c, &cap, i, (uint64_t)sh.leaf[k].off * 8, w, fl, 1,
						  mem_expr(hc, m, sh.leaf[k].ty, call, 0));
			}
			shape_free(&sh);
			continue;
		}
		if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind) {
			LLVMValueRef alloc;
			uint32_t b = buf_of(hc, a, 0, &alloc);
			if (b != HX_NONE && X(hc, b)->width == 64 && !X(hc, b)->is_float)
				add_slice(&c, &cap, i, 0, 64, 0, 2, b);
			continue;
		}
		if (!scalar_type(LLVMTypeOf(a), &w, &fl))
			continue;
		add_slice(&c, &cap, i, 0, w, fl, 0, xval(hc, a, 0));
		if (!fl && w == 64) {
			add_slice(&c, &cap, i, 0, 32, 0, 0, bits_of(hc, a, 0, i32, 0));
			add_slice(&c, &cap, i, 32, 32, 0, 0, bits_of(hc, a, 32, i32, 0));
		}
	}
	uint32_t paths = c.fn ? path_slices(hc, &c, &cap, call, 0) : 0;
	if (c.nsl == 0 && paths == 0) {
		free(c.from);
		free(c.fn);
		free(c.sl);
		return 0;
	}
	VEC_PUSH(hc->hs->calls, hc->hs->ncalls, hc->hs->capcalls, c);
	VEC_PUSH(hc->callat, hc->ncallat, hc->capcallat, call);
	VEC_PUSH(hc->callcap, hc->ncallcap, hc->capcallcap, cap);
	return 1;
}

/* ---- calls through a function-pointer parameter ------------------------ */

#define FNPTR_STEPS 8	/* casts and loads followed back from a pointer */
#define FNPTR_MAX 16	/* functions one such call is taken to call */

/* What pointer V is, back through casts and loads of memory the reader
** follows (mread_at: the local an unoptimised function keeps its
** parameter in): a function, a parameter of V's function, or NULL. */
static LLVMValueRef fnptr_source(struct hctx *hc, LLVMValueRef v)
{
	for (int i = 0; i < FNPTR_STEPS && v; i++) {
		if (LLVMIsAFunction(v) || LLVMIsAArgument(v))
			return v;
		LLVMOpcode oc = opcode_of(v);
		if (oc == LLVMBitCast || oc == LLVMAddrSpaceCast) {
			v = LLVMGetOperand(v, 0);
		} else if (LLVMIsALoadInst(v)) {
			struct mres r = mread_at(hc, addr_of(hc, LLVMGetOperand(v, 0)), LLVMTypeOf(v), v, NULL);
			if (r.kind != MW_STORE || r.v == NULL || LLVMTypeOf(r.v) != LLVMTypeOf(v))
				return NULL;
			v = r.v;
		} else {
			return NULL;
		}
	}
	return NULL;
}

/* Adds to OUT (*N of at most FNPTR_MAX) the functions the direct calls of
** F pass as its parameter IDX; where a call passes its own function's
** parameter and FWD, what that function's direct calls pass there. */
static void fnparam_gather(struct hctx *hc, LLVMValueRef f, unsigned idx, int fwd, LLVMValueRef *out,
			   uint32_t *n)
{
	for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef c = LLVMGetUser(u);
		if (!is_callinst(c) || LLVMGetCalledValue(c) != f || idx >= LLVMGetNumArgOperands(c))
			continue;
		LLVMValueRef g = fnptr_source(hc, LLVMGetOperand(c, idx));
		if (g && LLVMIsAArgument(g) && fwd) {
			fnparam_gather(hc, LLVMGetParamParent(g), param_index(g), 0, out, n);
			continue;
		}
		if (g == NULL || LLVMIsAFunction(g) == NULL)
			continue;
		uint32_t j = 0;
		while (j < *n && out[j] != g)
			j++;
		if (j == *n && *n < FNPTR_MAX)
			out[(*n)++] = g;
	}
}

/* The functions indirect call CALL is taken to call, into OUT (at most
** FNPTR_MAX; returns how many): where its callee is a parameter of its
** own function F, each function a direct call of F passes there (one
** level of forwarding: fnparam_gather), whose parameters match the
** call's arguments and whose calls are worth recording (fn_kept). */
static uint32_t fnparam_callees(struct hctx *hc, LLVMValueRef call, LLVMValueRef *out)
{
	LLVMValueRef callee = LLVMGetCalledValue(call);
	if (callee == NULL || LLVMIsAFunction(callee) || LLVMIsAInlineAsm(callee))
		return 0;
	LLVMValueRef p = fnptr_source(hc, callee);
	if (p == NULL || LLVMIsAArgument(p) == NULL)
		return 0;
	uint32_t n = 0, m = 0;
	fnparam_gather(hc, LLVMGetParamParent(p), param_index(p), 1, out, &n);
	unsigned na = LLVMGetNumArgOperands(call);
	for (uint32_t i = 0; i < n; i++) {
		LLVMValueRef g = out[i];
		int ok = LLVMCountParams(g) == na && !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(g))
			 && fn_kept(hc, g, fn_class(hc, g));
		for (unsigned k = 0; ok && k < na; k++)
			ok = LLVMTypeOf(LLVMGetParam(g, k)) == LLVMTypeOf(LLVMGetOperand(call, k));
		if (ok)
			out[m++] = g;
	}
	return m;
}

/* The (call, callee) pairs collect_calls recorded for calls through a
** function-pointer parameter. */
struct fnpairs {
	LLVMValueRef *v;	/* call, callee, call, callee, ... */
	uint32_t n, cap;
};

/* Records indirect call CALL as a call of each function it is taken to
** call (fnparam_callees) that PAIRS has not had yet; VIA is room for
** FNPTR_MAX of them. */
static void fnparam_record(struct hctx *hc, LLVMValueRef call, LLVMValueRef *via, struct fnpairs *pairs)
{
	uint32_t n = fnparam_callees(hc, call, via);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t j = 0;
		while (j < pairs->n && (pairs->v[j] != call || pairs->v[j + 1] != via[i]))
			j += 2;
		if (j < pairs->n || !record_call(hc, call, via[i]))
			continue;
		VEC_PUSH(pairs->v, pairs->n, pairs->cap, call);
		VEC_PUSH(pairs->v, pairs->n, pairs->cap, via[i]);
	}
}

/*
** After the sites: the calls that give values to the parameters that
** became variables (hostsite.h, struct hcall).  A call of a function defined here
** is kept when that function has such a parameter; converting its
** arguments may make the caller's own parameters variables, so the file
** is walked again, up to CALL_ROUNDS times (and a quarter of the
** conversion budget, which the sites' bounds get back after).  Calls of
** functions only declared here are all kept (call_kept): a later file may
** define a wrapper they call.  A path parameter (a closure's capture)
** noted in one round gets its slice in the calls recorded before, and a
** call that passed nothing known is looked at again in the next round.
*/
static void collect_calls(struct hctx *hc)
{
	struct hostsites *hs = hc->hs;
	struct ptrmap done = { 0 };
	struct fnpairs pairs = { 0 };
	uint32_t p0 = 0;
	uint64_t w0 = hc->work;	/* a share of the budget of their own: the
				   sites' bounds come after */
	for (int round = 0; round < CALL_ROUNDS && hc->work - w0 < HX_MAX_WORK / 4; round++) {
		for (uint32_t i = p0; i < hs->nparams; i++)
			if (hs->params[i].unit == hs->nunits - 1) {
				LLVMValueRef f = LLVMGetNamedFunction(hc->mod, hs->params[i].fn);
				if (f)
					ptrmap_put(&hc->wantfn, f, 1);
			}
		for (uint32_t k = 0; k < hc->ncallat && round > 0; k++)
			path_slices(hc, &hs->calls[hc->call0 + k], &hc->callcap[k], hc->callat[k], p0);
		p0 = hs->nparams;
		for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
			if (LLVMIsDeclaration(fn))
				continue;
			for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
				for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
					LLVMValueRef callee = NULL, via[FNPTR_MAX];
					if (!is_callinst(I) || ptrmap_get(&done, I))
						continue;
					if (LLVMIsAFunction(LLVMGetCalledValue(I)) == NULL) {
						fnparam_record(hc, I, via, &pairs);
						continue;
					}
					if (!call_kept(hc, I, &callee))
						continue;
					if (record_call(hc, I, callee))
						ptrmap_put(&done, I, 1);
				}
		}
		if (hs->nparams == p0)
			break;
	}
	hc->work = w0;
	ptrmap_free(&done);
	free(pairs.v);
}

/* ---- what the branches say of the unknowns -------------------------------- */

#define PHI_MAX_VALUES 256u	/* values of one phi listed (a loop's counter) */
#define COND_MAX 64u		/* conditions gathered on the way to one block */
#define COND_DEPTH 8		/* and/or of conditions followed */

/* One branch condition known to hold (or not, TRUTH 0) on every path to a block. */
struct cond {
	LLVMValueRef c;
	int truth;
};

struct conds {
	struct cond v[COND_MAX];
	uint32_t n;
};

static uint32_t block_index(const struct hctx *hc, LLVMBasicBlockRef bb)
{
	uint32_t *i = ptrmap_get(&hc->bindex, bb);
	return i ? *i : UINT32_MAX;
}

/*
** The immediate dominators of FN's blocks (Cooper, Harvey and Kennedy's
** iteration over reverse postorder), into hc->idom by block index; the
** entry block is its own.  Blocks no path reaches keep UINT32_MAX.
*/
static void dominators(struct hctx *hc, LLVMValueRef fn)
{
	if (hc->idom == NULL) {
		hc->idom = xmalloc((hc->nblocks + 1) * sizeof *hc->idom);
		hc->blk = xcalloc(hc->nblocks + 1, sizeof *hc->blk);
		for (uint32_t i = 0; i < hc->nblocks; i++)
			hc->idom[i] = UINT32_MAX;
		for (LLVMValueRef f = LLVMGetFirstFunction(hc->mod); f; f = LLVMGetNextFunction(f))
			for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
				uint32_t i = block_index(hc, bb);
				if (i < hc->nblocks)
					hc->blk[i] = bb;
			}
	}
	LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(fn);
	uint32_t e = entry ? block_index(hc, entry) : UINT32_MAX;
	if (e >= hc->nblocks || hc->idom[e] != UINT32_MAX)
		return;
	/* the function's blocks are numbered e .. e + n - 1 */
	uint32_t n = 0;
	for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb))
		n++;
	uint32_t *rpo = xmalloc(n * sizeof *rpo), *order = xmalloc(n * sizeof *order);
	uint32_t *stack = xmalloc(n * sizeof *stack), *next = xcalloc(n, sizeof *next);
	uint8_t *seen = xcalloc(n, 1);
	uint32_t sp = 0, nr = 0;
	stack[sp++] = 0;
	seen[0] = 1;
	while (sp) {
		uint32_t b = stack[sp - 1];
		LLVMValueRef t;
		unsigned ns = succs(hc, hc->blk[e + b], &t);
		if (next[b] < ns) {
			uint32_t s = block_index(hc, LLVMGetSuccessor(t, next[b]++));
			if (s >= e && s - e < n && !seen[s - e]) {
				seen[s - e] = 1;
				stack[sp++] = s - e;
			}
			continue;
		}
		order[nr++] = b;	/* postorder */
		sp--;
	}
	for (uint32_t i = 0; i < n; i++)
		rpo[i] = UINT32_MAX;
	for (uint32_t i = 0; i < nr; i++)
		rpo[order[nr - 1 - i]] = i;
	uint32_t *id = hc->idom + e;
	id[0] = 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t k = 1; k < nr; k++) {
			uint32_t b = order[nr - 1 - k], nd = UINT32_MAX;
			for (uint32_t q = hc->pstart[e + b]; q < hc->pstart[e + b + 1]; q++) {
				uint32_t p = block_index(hc, hc->plist[q]);
				if (p < e || p - e >= n || id[p - e] == UINT32_MAX)
					continue;
				p -= e;
				if (nd == UINT32_MAX) {
					nd = p;
					continue;
				}
				uint32_t a = p, c = nd;
				while (a != c) {
					while (rpo[a] > rpo[c])
						a = id[a];
					while (rpo[c] > rpo[a])
						c = id[c];
				}
				nd = a;
			}
			if (nd != UINT32_MAX && id[b] != nd) {
				id[b] = nd;
				changed = 1;
			}
		}
	}
	/* kept as block indices */
	for (uint32_t i = 0; i < n; i++)
		if (id[i] != UINT32_MAX)
			id[i] += e;
	free(rpo);
	free(order);
	free(stack);
	free(next);
	free(seen);
}

/* Adds to OUT the conditions that decide whether the edge from block P to
** block TO is taken (P's conditional branch), when they do. */
static void edge_cond(LLVMBasicBlockRef p, LLVMBasicBlockRef to, struct conds *out)
{
	LLVMValueRef t = LLVMGetBasicBlockTerminator(p);
	if (t == NULL || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t)
	    || LLVMGetSuccessor(t, 0) == LLVMGetSuccessor(t, 1) || out->n >= COND_MAX)
		return;
	if (LLVMGetSuccessor(t, 0) == to)
		out->v[out->n++] = (struct cond){ LLVMGetCondition(t), 1 };
	else if (LLVMGetSuccessor(t, 1) == to)
		out->v[out->n++] = (struct cond){ LLVMGetCondition(t), 0 };
}

#define REACH_MAX_BLOCKS 512u	/* blocks one reachability walk visits */

/* Whether block FROM may reach block TO (indices) along successor edges:
** 1 too when the walk passes REACH_MAX_BLOCKS. */
static int may_reach(struct hctx *hc, uint32_t from, uint32_t to)
{
	uint32_t *stack = xmalloc(REACH_MAX_BLOCKS * sizeof *stack), n = 0, seen = 0;
	struct ptrmap vis = { 0 };
	int r = 0;
	stack[n++] = from;
	ptrmap_put(&vis, hc->blk[from], 1);
	while (n && !r) {
		uint32_t b = stack[--n];
		if (b == to || ++seen >= REACH_MAX_BLOCKS) {
			r = 1;
			break;
		}
		LLVMValueRef t;
		unsigned ns = succs(hc, hc->blk[b], &t);
		for (unsigned k = 0; k < ns && n < REACH_MAX_BLOCKS; k++) {
			LLVMBasicBlockRef sb = LLVMGetSuccessor(t, k);
			uint32_t si = block_index(hc, sb);
			if (si >= hc->nblocks) {
				r = 1;
				break;
			}
			if (ptrmap_get(&vis, sb) == NULL) {
				ptrmap_put(&vis, sb, 1);
				stack[n++] = si;
			}
		}
	}
	ptrmap_free(&vis);
	free(stack);
	return r;
}

/* Block B (index), entered by several edges, on the dominator chain of
** block BB: when its immediate dominator ends in a conditional branch one
** of whose arms never reaches BB (it exits, or returns: `if (n % 16) {
** ...; exit(1); }` right before a loop whose header B is), the other
** arm's condition holds at BB.  Into OUT. */
static void exit_cond(struct hctx *hc, uint32_t b, LLVMBasicBlockRef bb, struct conds *out)
{
	uint32_t d = hc->idom[b], to = block_index(hc, bb);
	if (d == UINT32_MAX || d == b || to >= hc->nblocks || out->n >= COND_MAX)
		return;
	LLVMValueRef t = LLVMGetBasicBlockTerminator(hc->blk[d]);
	if (t == NULL || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
		return;
	LLVMBasicBlockRef s0 = LLVMGetSuccessor(t, 0), s1 = LLVMGetSuccessor(t, 1);
	uint32_t i0 = block_index(hc, s0), i1 = block_index(hc, s1);
	if (s0 == s1 || i0 >= hc->nblocks || i1 >= hc->nblocks)
		return;
	int r0 = may_reach(hc, i0, to), r1 = may_reach(hc, i1, to);
	if (r0 != r1)
		out->v[out->n++] = (struct cond){ LLVMGetCondition(t), r0 };
}

/* The branch conditions that hold on every path to block BB: each block
** on its dominator chain that only one edge enters, a conditional one,
** says its condition holds (or does not).  Exits (exit(1) after a bad
** argument) end in unreachable, so the check's other edge is the only
** way on. */
static void block_conds(struct hctx *hc, LLVMBasicBlockRef bb, struct conds *out)
{
	dominators(hc, LLVMGetBasicBlockParent(bb));
	uint32_t b = block_index(hc, bb);
	for (int guard = 0; b < hc->nblocks && guard < 10000; guard++) {
		if (hc->pstart[b + 1] - hc->pstart[b] == 1)
			edge_cond(hc->plist[hc->pstart[b]], hc->blk[b], out);
		else
			exit_cond(hc, b, bb, out);
		uint32_t up = hc->idom[b];
		if (up == UINT32_MAX || up == b)
			break;
		b = up;
	}
}

static unsigned negate_pred(unsigned p)
{
	static const uint8_t neg[] = { [HP_EQ] = HP_NE, [HP_NE] = HP_EQ, [HP_ULT] = HP_UGE,
				       [HP_ULE] = HP_UGT, [HP_UGT] = HP_ULE, [HP_UGE] = HP_ULT,
				       [HP_SLT] = HP_SGE, [HP_SLE] = HP_SGT, [HP_SGT] = HP_SLE,
				       [HP_SGE] = HP_SLT };
	return neg[p];
}

/* Narrows bound B (of variable V) by `V' PRED C`, V' the variable as EXT
** widens it (0 none, 1 sign, 2 zero) to W bits: only what one interval in
** the variable's own reading says (signed tests of a signed variable, an
** unsigned upper bound, equality). */
static void narrow(const struct hvar *v, unsigned pred, uint64_t c, unsigned w, int ext, struct hbound *b)
{
	int sgn_ok = v->is_signed && ext != 2;
	int64_t k = hexpr_sx(c, w);
	uint64_t uk = c & hexpr_mask_of(w);
	int64_t vmax = v->width >= 64 ? INT64_MAX
		       : v->is_signed ? (INT64_C(1) << (v->width - 1)) - 1 : (INT64_C(1) << v->width) - 1;
	switch (pred) {
	case HP_SLT: if (sgn_ok && k > INT64_MIN && k - 1 < b->hi) b->hi = k - 1; break;
	case HP_SLE: if (sgn_ok && k < b->hi) b->hi = k; break;
	case HP_SGT: if (sgn_ok && k < INT64_MAX && k + 1 > b->lo) b->lo = k + 1; break;
	case HP_SGE: if (sgn_ok && k > b->lo) b->lo = k; break;
	case HP_ULT:
	case HP_ULE: {
		/* 0 <= V' < C: in either reading when C is within the variable's range */
		if (uk > (uint64_t)vmax + (pred == HP_ULT))
			break;
		int64_t hi = pred == HP_ULT ? (int64_t)uk - 1 : (int64_t)uk;
		if (b->lo < 0)
			b->lo = 0;
		if (hi < b->hi)
			b->hi = hi;
		break;
	}
	case HP_UGT:
	case HP_UGE:
		if (!v->is_signed && uk <= (uint64_t)vmax) {
			int64_t lo = pred == HP_UGT ? (int64_t)uk + 1 : (int64_t)uk;
			if (lo > b->lo)
				b->lo = lo;
		}
		break;
	case HP_EQ:
		if (ext == 0 || (ext == 1) == (v->is_signed != 0)) {
			int64_t x = v->is_signed ? k : (int64_t)uk;
			if (x > b->lo)
				b->lo = x;
			if (x < b->hi)
				b->hi = x;
		}
		break;
	default:
		break;
	}
}

/* The bound on variable VAR in BS (N of them), added when new. */
static struct hbound *bound_for(struct hbound **bs, uint32_t *n, uint32_t *cap, uint32_t var)
{
	for (uint32_t i = 0; i < *n; i++)
		if ((*bs)[i].var == var)
			return &(*bs)[i];
	struct hbound b = { var, INT64_MIN, INT64_MAX };
	VEC_PUSH(*bs, *n, *cap, b);
	return &(*bs)[*n - 1];
}

/* Conditions no interval says, gathered for a site (struct hsite.guards). */
struct guards {
	uint32_t *v;
	uint32_t n, cap;
};

static void add_guard(struct guards *gs, uint32_t e)
{
	for (uint32_t i = 0; i < gs->n; i++)
		if (gs->v[i] == e)
			return;
	VEC_PUSH(gs->v, gs->n, gs->cap, e);
}

/* What condition C holding (TRUTH 1) or not says of the unknowns: a
** comparison of one with a constant narrows its bound; `a && b` holding
** (and `a || b` failing) says both.  Any other comparison of integers
** that uses an unknown (`t < n - 1`, `n % 16 == 0`) goes to GS as an
** expression that holds, when GS is not NULL. */
static void assume_cond(struct hctx *hc, LLVMValueRef c, int truth, struct hbound **bs, uint32_t *n,
			uint32_t *cap, struct guards *gs, int depth)
{
	if (depth > COND_DEPTH || !LLVMIsAInstruction(c))
		return;
	LLVMOpcode oc = LLVMGetInstructionOpcode(c);
	if (oc == LLVMXor && LLVMIsAConstantInt(LLVMGetOperand(c, 1))
	    && LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) == 1) {
		assume_cond(hc, LLVMGetOperand(c, 0), !truth, bs, n, cap, gs, depth + 1);
		return;
	}
	if ((oc == LLVMAnd && truth) || (oc == LLVMOr && !truth)) {
		assume_cond(hc, LLVMGetOperand(c, 0), truth, bs, n, cap, gs, depth + 1);
		assume_cond(hc, LLVMGetOperand(c, 1), truth, bs, n, cap, gs, depth + 1);
		return;
	}
	if (oc == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(c, truth ? 2 : 1))
	    && LLVMConstIntGetZExtValue(LLVMGetOperand(c, truth ? 2 : 1)) == (truth ? 0u : 1u)) {
		/* a && b as `a ? b : false`, a || b as `a ? true : b` */
		assume_cond(hc, LLVMGetOperand(c, 0), truth, bs, n, cap, gs, depth + 1);
		assume_cond(hc, LLVMGetOperand(c, truth ? 1 : 2), truth, bs, n, cap, gs, depth + 1);
		return;
	}
	if (oc != LLVMICmp)
		return;
	unsigned pred = pred_of(LLVMGetICmpPredicate(c));
	if (!truth)
		pred = negate_pred(pred);
	uint32_t a = xval(hc, LLVMGetOperand(c, 0), 0), b = xval(hc, LLVMGetOperand(c, 1), 0);
	if (a == HX_NONE || b == HX_NONE)
		return;
	if (is_c(hc, a)) {
		uint32_t t = a;
		a = b;
		b = t;
		pred = hexpr_swap_pred(pred);
	}
	int ext;
	uint32_t v = hexpr_var_of(hc->hs, a, &ext);
	if (v != UINT32_MAX && is_c(hc, b)) {
		narrow(&hc->hs->vars[v], pred, X(hc, b)->value, X(hc, a)->width, ext, bound_for(bs, n, cap, v));
		return;
	}
	uint32_t g = gs && !is_c(hc, a) ? mk_icmp(hc, pred, a, b) : HX_NONE;
	if (g != HX_NONE && !is_c(hc, g))
		add_guard(gs, g);
}

/* Whether expression E depends on variable V and no other. */
static int only_var(const struct hctx *hc, uint32_t e, uint32_t v, int *uses, int depth)
{
	if (e == HX_NONE || depth > 64)
		return 0;
	const struct hexpr *x = X(hc, e);
	if (x->op == HX_CONST)
		return 1;
	if (x->op == HX_VAR) {
		*uses |= x->value == v;
		return x->value == v;
	}
	unsigned k = hexpr_nops(x->op);
	return only_var(hc, x->a, v, uses, depth + 1) && (k < 2 || only_var(hc, x->b, v, uses, depth + 1))
	       && (k < 3 || only_var(hc, x->c, v, uses, depth + 1));
}

/* One way around a loop: the phi's next value (an expression of the phi's
** variable alone) and the conditions on the way, as expressions. */
struct step {
	uint32_t next;
	uint32_t cond[COND_MAX];
	uint8_t truth[COND_MAX];
	uint32_t ncond;
};

static void add_value(uint64_t **vals, uint32_t *n, uint32_t *cap, uint64_t x)
{
	for (uint32_t i = 0; i < *n; i++)
		if ((*vals)[i] == x)
			return;
	VEC_PUSH(*vals, *n, *cap, x);
}

/*
** The values phi PV can take, into its variable's seen list: the
** constants its edges bring (a value set on several branches), and for a
** loop's counter (an edge bringing an expression of the phi alone) each
** value the loop steps to while the conditions on the way around hold
** (`for (n = 64; n <= 1024; n *= 2)`: 64, 128, ..., 2048, the value that
** leaves).  Nothing when an edge brings anything else or the values pass
** PHI_MAX_VALUES.
*/
static void phi_values(struct hctx *hc, const struct phivar *at)
{
	/* xval adds variables and phis, which moves both arrays: a copy of
	** the phi, and the variable by its index */
	const struct phivar pv0 = *at, *pv = &pv0;
	const struct hvar *hv = &hc->hs->vars[pv->var];
	if (hv->nseen || hv->is_float)
		return;
	const unsigned width = hv->width;
	const int is_signed = hv->is_signed;
	unsigned n = LLVMCountIncoming(pv->phi);
	uint64_t *vals = NULL;
	uint32_t nv = 0, capv = 0, nsteps = 0;
	struct step *steps = xcalloc(n + 1, sizeof *steps);
	uint64_t *env = NULL;
	for (unsigned i = 0; i < n; i++) {
		uint32_t e = xval(hc, LLVMGetIncomingValue(pv->phi, i), 0);
		int uses = 0;
		if (e != HX_NONE && is_c(hc, e)) {
			add_value(&vals, &nv, &capv, X(hc, e)->value & hexpr_mask_of(width));
			continue;
		}
		const struct hexpr *x = e != HX_NONE ? X(hc, e) : NULL;
		if (x && x->op == HX_VAR && x->value != pv->var && hc->hs->vars[x->value].nseen
		    && x->width == width) {
			const struct hvar *o = &hc->hs->vars[x->value];
			for (uint32_t k = 0; k < o->nseen; k++)
				add_value(&vals, &nv, &capv, o->seen[k]);
			continue;
		}
		if (x == NULL || !only_var(hc, e, pv->var, &uses, 0) || !uses)
			goto none;
		struct step *st = &steps[nsteps++];
		st->next = e;
		struct conds cs = { .n = 0 };
		LLVMBasicBlockRef from = LLVMGetIncomingBlock(pv->phi, i);
		edge_cond(from, LLVMGetInstructionParent(pv->phi), &cs);
		block_conds(hc, from, &cs);
		for (uint32_t k = 0; k < cs.n && st->ncond < COND_MAX; k++) {
			uint32_t ce = xval(hc, cs.v[k].c, 0);
			int u = 0;
			if (ce != HX_NONE && only_var(hc, ce, pv->var, &u, 0) && u) {
				st->cond[st->ncond] = ce;
				st->truth[st->ncond++] = (uint8_t)cs.v[k].truth;
			}
		}
		if (st->ncond == 0)
			goto none;	/* nothing stops the loop that the analysis sees */
	}
	env = xcalloc(hc->hs->nvars + 1, sizeof *env);
	for (uint32_t i = 0; i < nv && nsteps; i++) {
		env[pv->var] = vals[i];
		for (uint32_t k = 0; k < nsteps; k++) {
			const struct step *st = &steps[k];
			int go = 1;
			for (uint32_t j = 0; j < st->ncond && go; j++) {
				uint64_t r;
				go = hexpr_eval(hc->hs, st->cond[j], env, &r) == 0 && (r & 1) == st->truth[j];
			}
			uint64_t y;
			if (!go || hexpr_eval(hc->hs, st->next, env, &y) < 0)
				continue;
			add_value(&vals, &nv, &capv, y & hexpr_mask_of(width));
			if (nv > PHI_MAX_VALUES)
				goto none;
		}
	}
	if (nv == 0)
		goto none;
	sort_seen(vals, nv, width, 0, is_signed);
	hc->hs->vars[pv->var].seen = vals;
	hc->hs->vars[pv->var].nseen = nv;
	vals = NULL;
none:
	free(vals);
	free(steps);
	free(env);
}

/* Whether expression E uses variable V (beyond 64 levels: taken to). */
static int uses_var(const struct hctx *hc, uint32_t e, uint32_t v, int depth)
{
	if (e == HX_NONE)
		return 0;
	const struct hexpr *x = X(hc, e);
	if (x->op == HX_CONST)
		return 0;
	if (x->op == HX_VAR)
		return x->value == v;
	if (depth > 64)
		return 1;
	unsigned k = hexpr_nops(x->op);
	return uses_var(hc, x->a, v, depth + 1) || (k > 1 && uses_var(hc, x->b, v, depth + 1))
	       || (k > 2 && uses_var(hc, x->c, v, depth + 1));
}

/* The step of a loop counter's edge E (phi variable V): K in `V + K`,
** or 0 when E is something else. */
static int64_t counter_step(const struct hctx *hc, uint32_t e, uint32_t v)
{
	const struct hexpr *x = X(hc, e);
	if (x->op != HX_ADD || X(hc, x->a)->op != HX_VAR || X(hc, x->a)->value != v || !is_c(hc, x->b))
		return 0;
	return hexpr_sx(X(hc, x->b)->value, x->width);
}

/*
** A loop counter the site uses whose values phi_values could not list
** (its loop's condition names another unknown: `for (i = 1; i <= m; i++)`,
** `for (i = m - 1; i >= 1; i--)`) still never passes its start the other
** way: one edge brings the start S, every other `i + K` with K of one
** sign, so the counter is >= S (K > 0) or <= S (K < 0), as its
** signedness reads it.  Into GS.
*/
static void counter_guards(struct hctx *hc, const uint8_t *used, struct guards *gs)
{
	/* xval adds variables and phis, which moves both arrays; a phi it
	** adds has a variable past USED's end */
	const uint32_t nphis = hc->nphis;
	for (uint32_t i = 0; i < nphis; i++) {
		const struct phivar pv0 = hc->phis[i], *pv = &pv0;
		if (!used[pv->var] || hc->hs->vars[pv->var].nseen || hc->hs->vars[pv->var].is_float)
			continue;
		uint32_t start = HX_NONE, nstart = 0;
		int up = 0, down = 0, other = 0;
		for (unsigned k = 0; k < LLVMCountIncoming(pv->phi); k++) {
			uint32_t e = xval(hc, LLVMGetIncomingValue(pv->phi, k), 0);
			int uses = 0;
			if (e == HX_NONE) {
				other = 1;
			} else if (only_var(hc, e, pv->var, &uses, 0) && uses) {
				int64_t st = counter_step(hc, e, pv->var);
				up |= st > 0;
				down |= st < 0;
				other |= st == 0;
			} else if (uses_var(hc, e, pv->var, 0)) {
				other = 1;
			} else if (start != e) {
				start = e;
				nstart++;
			}
		}
		const struct hvar *hv = &hc->hs->vars[pv->var];
		if (other || nstart != 1 || up == down || X(hc, start)->width != hv->width)
			continue;
		unsigned pred = up ? (hv->is_signed ? HP_SGE : HP_UGE) : (hv->is_signed ? HP_SLE : HP_ULE);
		uint32_t g = mk_icmp(hc, pred, mk_var(hc, pv->var), start);
		if (g != HX_NONE && !is_c(hc, g))
			add_guard(gs, g);
	}
}

/* E with variable VAR replaced by expression WITH, folded again; HX_NONE
** where the result cannot be built (a tree too big). */
static uint32_t subst_var(struct hctx *hc, uint32_t e, uint32_t var, uint32_t with, int depth)
{
	if (e == HX_NONE || depth > HX_MAX_DEPTH)
		return HX_NONE;
	struct hexpr x = *X(hc, e);
	if (x.op == HX_VAR && x.value == var)
		return with;
	if (!uses_var(hc, e, var, 0))
		return e;
	unsigned k = hexpr_nops(x.op);
	uint32_t a = subst_var(hc, x.a, var, with, depth + 1);
	uint32_t b = k > 1 ? subst_var(hc, x.b, var, with, depth + 1) : 0;
	uint32_t c = k > 2 ? subst_var(hc, x.c, var, with, depth + 1) : 0;
	if (a == HX_NONE || b == HX_NONE || c == HX_NONE)
		return HX_NONE;
	if (x.op == HX_ICMP)
		return mk_icmp(hc, x.pred, a, b);
	if (x.op == HX_SELECT)
		return mk_select(hc, a, b, c);
	if (hexpr_is_cast(x.op))
		return mk_cast(hc, x.op, a, x.width, x.is_float);
	if (hexpr_is_fmath(x.op))
		return mk_fmath(hc, x.op, a, b);
	return mk_bin(hc, x.op, a, b);
}

/*
** The value loop counter PV has at block BB after its loop, as an
** expression of the loop's start and bound, or HX_NONE.  The counter's
** phi has one start S and every other edge `i + K`, one K; its block
** ends the loop by a test `i PRED E` (E without i) whose exit edge enters
** a block of its own that dominates BB.  Then the counter leaves with the
** first value the test refuses: `for (i = 0; i < n - 16; i += 16)` gives
** `0 >= n - 16 ? 0 : 0 + (n - 16 - 0 + 15) / 16 * 16`.  Counting down
** likewise; `<=` and `>=` as `< E + 1` and `> E - 1`.
*/
static uint32_t exit_value(struct hctx *hc, const struct phivar *pv, LLVMBasicBlockRef bb)
{
	LLVMValueRef phi = pv->phi;
	LLVMBasicBlockRef h = LLVMGetInstructionParent(phi);
	LLVMValueRef t = LLVMGetBasicBlockTerminator(h);
	if (t == NULL || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t)
	    || LLVMIsAICmpInst(LLVMGetCondition(t)) == NULL)
		return HX_NONE;
	uint32_t start = HX_NONE, v = pv->var;
	int64_t step = 0;
	for (unsigned k = 0; k < LLVMCountIncoming(phi); k++) {
		uint32_t e = xval(hc, LLVMGetIncomingValue(phi, k), 0);
		if (e == HX_NONE)
			return HX_NONE;
		int64_t st = counter_step(hc, e, v);
		if (st != 0 && (step == 0 || st == step))
			step = st;
		else if (st != 0 || uses_var(hc, e, v, 0) || (start != HX_NONE && start != e))
			return HX_NONE;
		else
			start = e;
	}
	if (start == HX_NONE || step == 0 || X(hc, start)->width != hc->hs->vars[v].width)
		return HX_NONE;
	/* the exit: a successor only H enters, dominating BB */
	dominators(hc, LLVMGetBasicBlockParent(h));
	int out = -1;
	for (unsigned k = 0; k < 2; k++) {
		LLVMBasicBlockRef x = LLVMValueAsBasicBlock(LLVMGetOperand(t, k == 0 ? 2 : 1));
		uint32_t xi = block_index(hc, x), bi = block_index(hc, bb);
		if (x != h && xi < hc->nblocks && bi < hc->nblocks && hc->pstart[xi + 1] - hc->pstart[xi] == 1
		    && dominates(hc, xi, bi))
			out = (int)k;	/* 0: the true edge leaves */
	}
	if (out < 0)
		return HX_NONE;
	LLVMValueRef c = LLVMGetCondition(t);
	unsigned pred = pred_of(LLVMGetICmpPredicate(c));
	uint32_t a = xval(hc, LLVMGetOperand(c, 0), 0), b = xval(hc, LLVMGetOperand(c, 1), 0);
	if (a == HX_NONE || b == HX_NONE)
		return HX_NONE;
	if (!(X(hc, a)->op == HX_VAR && X(hc, a)->value == v)) {
		uint32_t tmp = a;
		a = b;
		b = tmp;
		pred = hexpr_swap_pred(pred);
	}
	if (!(X(hc, a)->op == HX_VAR && X(hc, a)->value == v) || uses_var(hc, b, v, 0))
		return HX_NONE;
	if (out == 0)
		pred = negate_pred(pred);	/* the loop goes on while it holds */
	unsigned w = X(hc, a)->width;
	int sgn = pred == HP_SLT || pred == HP_SLE || pred == HP_SGT || pred == HP_SGE;
	int up = pred == HP_SLT || pred == HP_SLE || pred == HP_ULT || pred == HP_ULE;
	int down = pred == HP_SGT || pred == HP_SGE || pred == HP_UGT || pred == HP_UGE;
	if (!(up && step > 0) && !(down && step < 0))
		return HX_NONE;
	uint64_t d = step > 0 ? (uint64_t)step : (uint64_t)0 - (uint64_t)step;
	uint32_t one = mk_const(hc, w, 1, 0), kd = mk_const(hc, w, d, 0);
	if (pred == HP_SLE || pred == HP_ULE)
		b = mk_bin(hc, HX_ADD, b, one);		/* i <= E: i < E + 1 */
	if (pred == HP_SGE || pred == HP_UGE)
		b = mk_bin(hc, HX_SUB, b, one);		/* i >= E: i > E - 1 */
	/* turns: ceil(|E - S| / d); the counter S + or - turns * d */
	uint32_t span = up ? mk_bin(hc, HX_SUB, b, start) : mk_bin(hc, HX_SUB, start, b);
	uint32_t turns = mk_bin(hc, sgn ? HX_SDIV : HX_UDIV, mk_bin(hc, HX_ADD, span, mk_const(hc, w, d - 1, 0)),
				kd);
	uint32_t end = mk_bin(hc, up ? HX_ADD : HX_SUB, start, mk_bin(hc, HX_MUL, turns, kd));
	unsigned never = up ? (sgn ? HP_SGE : HP_UGE) : (sgn ? HP_SLE : HP_ULE);
	return mk_select(hc, mk_icmp(hc, never, start, b), start, end);
}

/* Site S at block BB after the loops of the counters it uses: each such
** counter replaced by the value it leaves its loop with (exit_value) in
** every expression of the site, its guards included; a guard that
** becomes a constant is dropped.  All or nothing per counter. */
static void after_loops(struct hctx *hc, struct hsite *s, LLVMBasicBlockRef bb)
{
	for (uint32_t i = 0; i < hc->nphis; i++) {
		uint8_t *used = xcalloc(hc->hs->nvars + 1, 1);
		hostsite_vars(hc->hs, s, used);
		uint32_t v = hc->phis[i].var;
		uint32_t ex = used[v] ? exit_value(hc, &hc->phis[i], bb) : HX_NONE;
		free(used);
		if (ex == HX_NONE)
			continue;
		uint32_t total = 7 + 2 * s->nargs + s->nguards, nslot = 0;
		for (uint32_t a = 0; a < s->nargs; a++)
			total += s->nfields && s->fields && s->fields[a] ? s->nfields[a] : 0;
		uint32_t **all = xcalloc(total + 1, sizeof *all), *nw = xcalloc(total + 1, sizeof *nw);
		for (int d = 0; d < 3; d++) {
			all[nslot++] = &s->grid[d];
			all[nslot++] = &s->block[d];
		}
		all[nslot++] = &s->shmem;
		for (uint32_t a = 0; a < s->nargs; a++) {
			all[nslot++] = &s->args[a];
			all[nslot++] = &s->buf_bytes[a];
			for (uint32_t f = 0; s->nfields && s->fields && s->fields[a] && f < s->nfields[a]; f++)
				all[nslot++] = &s->fields[a][f].expr;
		}
		for (uint32_t g = 0; g < s->nguards; g++)
			all[nslot++] = &s->guards[g];
		int ok = 1;
		for (uint32_t k = 0; k < nslot && ok; k++) {
			nw[k] = *all[k] == HX_NONE ? HX_NONE : subst_var(hc, *all[k], v, ex, 0);
			ok = *all[k] == HX_NONE || nw[k] != HX_NONE;
		}
		for (uint32_t k = 0; k < nslot && ok; k++)
			*all[k] = nw[k];
		free(all);
		free(nw);
		uint32_t m = 0;
		for (uint32_t g = 0; g < s->nguards; g++)
			if (!is_c(hc, s->guards[g]))
				s->guards[m++] = s->guards[g];
		s->nguards = m;
	}
}

/* Site S's guards: those of GS (taken) that use a variable of the launch
** (USED, of NUSED entries; counter_guards may add unknowns past its end). */
static void site_guards(struct hctx *hc, struct hsite *s, const uint8_t *used, uint32_t nused,
			struct guards *gs)
{
	uint8_t *gu = xcalloc(hc->hs->nvars + 1, 1);
	uint32_t m = 0;
	for (uint32_t k = 0; k < gs->n; k++) {
		memset(gu, 0, hc->hs->nvars + 1);
		hexpr_vars(hc->hs, gs->v[k], gu);
		int any = 0;
		for (uint32_t v = 0; v < hc->hs->nvars && v < nused && !any; v++)
			any = gu[v] && used[v];
		if (any)
			gs->v[m++] = gs->v[k];
	}
	free(gu);
	s->guards = m ? gs->v : NULL;
	s->nguards = m;
	if (m == 0)
		free(gs->v);
}

/* ---- memory other host code writes ------------------------------------------ */

#define STORE_MAX_POINTS 16u	/* places a storing function goes on from, per store */
#define TAG_POINTER 0x0f

/* LLVM's name of struct type T without its kind and any ".N" LLVM added
** ("struct.BPNN" -> "BPNN"), or NULL. */
static char *llvm_struct_tag(LLVMTypeRef t)
{
	if (t == NULL || LLVMGetTypeKind(t) != LLVMStructTypeKind)
		return NULL;
	const char *nm = LLVMGetStructName(t);
	static const char *const kind[] = { "struct.", "class.", "union." };
	for (size_t i = 0; nm && i < sizeof kind / sizeof kind[0]; i++) {
		size_t k = strlen(kind[i]);
		if (strncmp(nm, kind[i], k) != 0)
			continue;
		size_t n = strlen(nm + k);
		size_t e = n;
		while (e > 0 && nm[k + e - 1] >= '0' && nm[k + e - 1] <= '9')
			e--;
		if (e > 0 && e < n && nm[k + e - 1] == '.')
			n = e - 1;
		/* clang's name for a type without one (a lambda's closure,
		** an unnamed struct): no tag, or every lambda would be one */
		if (n == 4 && strncmp(nm + k, "anon", 4) == 0)
			return NULL;
		return n ? xstrndup(nm + k, n) : NULL;
	}
	return NULL;
}

/* The record debug-info type T names through typedefs and qualifiers, its
** tag in *TAG (its own name, else the first typedef's; owned), or NULL. */
static LLVMValueRef di_record(LLVMValueRef t, char **tag)
{
	char *td = NULL;
	*tag = NULL;
	for (int i = 0; t && LLVMIsAMDNode(t) && i < 16; i++) {
		LLVMMetadataRef m = LLVMValueAsMetadata(t);
		if (md_kind(t) == LLVMDIDerivedTypeMetadataKind) {
			unsigned tg = LLVMGetDINodeTag(m);
			if (tg != TAG_TYPEDEF && tg != TAG_CONST && tg != TAG_VOLATILE && tg != TAG_RESTRICT)
				break;
			size_t len = 0;
			const char *nm = tg == TAG_TYPEDEF ? LLVMDITypeGetName(m, &len) : NULL;
			if (td == NULL && nm && len)
				td = xstrndup(nm, len);
			t = reader_md_operand(t, 3);
			continue;
		}
		if (!di_is_record(t))
			break;
		size_t len = 0;
		const char *nm = LLVMDITypeGetName(m, &len);
		*tag = nm && len ? xstrndup(nm, len) : td;
		if (*tag != td)
			free(td);
		return *tag ? t : NULL;
	}
	free(td);
	return NULL;
}

/* The member debug-info record REC has at byte OFF, W bits: its name
** (owned) and signedness, or NULL. */
static char *di_member(LLVMValueRef rec, uint64_t off, unsigned w, int *sgn)
{
	struct dilist dl = { 0 };
	char *name = NULL;
	di_walk(rec, 0, "", &dl, 0);
	for (uint32_t j = 0; j < dl.n; j++) {
		if (name == NULL && dl.l[j].off == off * 8 && dl.l[j].size == w && dl.l[j].name[0]) {
			name = xstrdup(dl.l[j].name);
			*sgn = dl.l[j].is_signed;
		}
		free(dl.l[j].name);
	}
	free(dl.l);
	return name;
}

/*
** The struct the bytes at address A (P, of W bits) lie in, as its tag
** (owned), or NULL: debug info of A's base (a pointer to a struct, class
** or union, or a local of one), else a GEP of a named struct type taken
** straight off the base, else a global of one.  The bytes must lie
** inside the struct.  *MEMBER (may be NULL) gets the member's name or
** NULL, *SGN its signedness (default 1).
*/
static char *struct_key(struct hctx *hc, LLVMValueRef p, struct maddr a, unsigned w, char **member, int *sgn)
{
	char *tag = NULL;
	uint64_t size = 0;
	*sgn = 1;
	if (member)
		*member = NULL;
	if (!a.known || a.off < 0 || a.base == NULL)
		return NULL;
	LLVMValueRef t = dbg_type(hc, a.base), rec = NULL;
	if (t && !LLVMIsAAllocaInst(a.base)) {
		t = di_strip(t);
		t = t && md_kind(t) == LLVMDIDerivedTypeMetadataKind
			    && LLVMGetDINodeTag(LLVMValueAsMetadata(t)) == TAG_POINTER
		    ? reader_md_operand(t, 3) : NULL;
	}
	if (t)
		rec = di_record(t, &tag);
	if (rec) {
		size = LLVMDITypeGetSizeInBits(LLVMValueAsMetadata(rec)) / 8;
		if (member)
			*member = di_member(rec, (uint64_t)a.off, w, sgn);
	} else {
		LLVMValueRef q = p;
		while (q && (opcode_of(q) == LLVMBitCast || opcode_of(q) == LLVMAddrSpaceCast))
			q = LLVMGetOperand(q, 0);
		LLVMTypeRef st = NULL;
		if (q && opcode_of(q) == LLVMGetElementPtr && LLVMIsAInstruction(q) && LLVMGetOperand(q, 0) == a.base
		    && LLVMGetNumOperands(q) > 2 && LLVMIsAConstantInt(LLVMGetOperand(q, 1))
		    && LLVMConstIntGetZExtValue(LLVMGetOperand(q, 1)) == 0)
			st = LLVMGetGEPSourceElementType(q);
		else if (LLVMIsAGlobalVariable(a.base))
			st = LLVMGlobalGetValueType(a.base);
		else if (LLVMIsAAllocaInst(a.base))
			st = LLVMGetAllocatedType(a.base);
		tag = llvm_struct_tag(st);
		if (tag && LLVMTypeIsSized(st))
			size = LLVMABISizeOfType(hc->td, st);
	}
	if (tag && (uint64_t)a.off + (w + 7) / 8 > size) {
		free(tag);
		tag = NULL;
	}
	if (tag == NULL && member) {
		free(*member);
		*member = NULL;
	}
	return tag;
}

/* The variable of LOAD, a scalar of type TY at address A (P) read through
** a pointer: a field of a struct whose stores elsewhere give its values
** (hs->mvars), named `base->member`; HX_NONE when A lies in no struct the
** reader can name. */
static uint32_t field_read_var(struct hctx *hc, struct maddr a, LLVMValueRef p, LLVMTypeRef ty,
			       LLVMValueRef load)
{
	unsigned w;
	int fl, sgn;
	if (!scalar_type(ty, &w, &fl) || LLVMIsAAllocaInst(a.base) || LLVMIsAGlobalVariable(a.base)
	    || byval_type(a.base))
		return HX_NONE;
	if (ptrmap_get(&hc->varkey, load))
		return var_for(hc, load, ty, NULL, 1, NULL, 0);
	for (uint32_t i = 0; i < hc->nfreads; i++) {
		const struct fread_at *f = &hc->freads[i];
		if (f->base == a.base && f->off == a.off && f->ty == ty) {
			ptrmap_put(&hc->varkey, load, f->var);
			return mk_var(hc, f->var);
		}
	}
	char *member = NULL;
	char *key = struct_key(hc, p, a, w, &member, &sgn);
	if (key == NULL)
		return HX_NONE;
	char *bn = dbg_name(hc, a.base);
	char *name = member ? xasprintf("%s->%s", bn ? bn : key, member)
			    : xasprintf("%s->+%lld", bn ? bn : key, (long long)a.off);
	free(bn);
	uint32_t nv = hc->hs->nvars;
	uint32_t e = var_for(hc, load, ty, name, sgn, NULL, 0);
	if (hc->hs->nvars == nv) {
		free(key);
		free(member);
		return e;
	}
	struct hmemvar m = { .key = key, .member = member, .off = (uint32_t)a.off, .width = (uint8_t)w,
			     .is_float = (uint8_t)fl, .unit = hc->hs->nunits - 1, .var = nv };
	VEC_PUSH(hc->hs->mvars, hc->hs->nmvars, hc->hs->capmvars, m);
	struct fread_at f = { a.base, a.off, ty, nv };
	VEC_PUSH(hc->freads, hc->nfreads, hc->capfreads, f);
	return e;
}

/* Notes variable VAR, global G read where no store before is seen, as
** taking the values the program stores to G (hs->mvars). */
static void note_global_read(struct hctx *hc, LLVMValueRef g, uint32_t var)
{
	unsigned w;
	int fl;
	LLVMTypeRef ty = LLVMGlobalGetValueType(g);
	char *sym = value_name(g);
	if (sym == NULL || !scalar_type(ty, &w, &fl) || LLVMIsGlobalConstant(g)) {
		free(sym);
		return;
	}
	LLVMLinkage l = LLVMGetLinkage(g);
	struct hmemvar m = { .key = sym, .member = global_name(g), .width = (uint8_t)w, .is_float = (uint8_t)fl,
			     .global = 1, .local = l == LLVMInternalLinkage || l == LLVMPrivateLinkage,
			     .unit = hc->hs->nunits - 1, .var = var };
	VEC_PUSH(hc->hs->mvars, hc->hs->nmvars, hc->hs->capmvars, m);
}

/* The bounds and guards (owned, into the out-parameters) that the
** conditions on every path to block BB give on the unknowns USED marks
** (NUSED entries: reading the conditions may add unknowns past its end,
** which it does not mark). */
static void conds_on(struct hctx *hc, LLVMBasicBlockRef bb, const uint8_t *used, uint32_t nused,
		     struct hbound **bo, uint32_t *nbo, uint32_t **go, uint32_t *ngo)
{
	struct conds cs = { .n = 0 };
	block_conds(hc, bb, &cs);
	struct hbound *bs = NULL;
	uint32_t n = 0, cap = 0, m = 0;
	struct guards gs = { NULL, 0, 0 };
	for (uint32_t k = 0; k < cs.n; k++)
		assume_cond(hc, cs.v[k].c, cs.v[k].truth, &bs, &n, &cap, &gs, 0);
	for (uint32_t k = 0; k < n; k++)
		if (bs[k].var < nused && used[bs[k].var] && (bs[k].lo != INT64_MIN || bs[k].hi != INT64_MAX))
			bs[m++] = bs[k];
	*bo = m ? bs : NULL;
	*nbo = m;
	if (m == 0)
		free(bs);
	uint8_t *gu = xcalloc(hc->hs->nvars + 1, 1);
	m = 0;
	for (uint32_t k = 0; k < gs.n; k++) {
		memset(gu, 0, hc->hs->nvars + 1);
		hexpr_vars(hc->hs, gs.v[k], gu);
		int any = 0;
		for (uint32_t v = 0; v < hc->hs->nvars && v < nused && !any; v++)
			any = gu[v] && used[v];
		if (any)
			gs.v[m++] = gs.v[k];
	}
	free(gu);
	*go = m ? gs.v : NULL;
	*ngo = m;
	if (m == 0)
		free(gs.v);
}

/*
** The places after STORE where its function goes on into other code: the
** calls (not of intrinsics, not of a function that never returns) and the
** returns in the blocks its block dominates, later in its own block, each
** with the conditions on its way (on the unknowns USED marks).  None when
** there are more than STORE_MAX_POINTS.
*/
static void store_points(struct hctx *hc, LLVMValueRef store, const uint8_t *used, uint32_t nused,
			 struct hmstore *m)
{
	LLVMBasicBlockRef sb = LLVMGetInstructionParent(store);
	LLVMValueRef fn = LLVMGetBasicBlockParent(sb);
	dominators(hc, fn);
	uint32_t si = block_index(hc, sb), cap = 0;
	int over = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !over; bb = LLVMGetNextBasicBlock(bb)) {
		uint32_t bi = block_index(hc, bb);
		if (bi >= hc->nblocks || si >= hc->nblocks || !dominates(hc, si, bi))
			continue;
		LLVMValueRef I = bb == sb ? LLVMGetNextInstruction(store) : LLVMGetFirstInstruction(bb);
		for (; I && !over; I = LLVMGetNextInstruction(I)) {
			char *callee = NULL;
			if (is_callinst(I)) {
				LLVMValueRef f = LLVMGetCalledValue(I);
				size_t len = 0;
				const char *nm = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
				if (nm == NULL || len == 0 || strncmp(nm, "llvm.", 5) == 0 || never_returns(f))
					continue;
				callee = xstrndup(nm, len);
			} else if (LLVMGetInstructionOpcode(I) != LLVMRet) {
				continue;
			}
			if (m->npts >= STORE_MAX_POINTS) {
				free(callee);
				over = 1;
				break;
			}
			struct hpoint pt = { .callee = callee };
			conds_on(hc, bb, used, nused, &pt.bounds, &pt.nbounds, &pt.guards, &pt.nguards);
			VEC_PUSH(m->pts, m->npts, cap, pt);
		}
	}
	if (!over)
		return;
	for (uint32_t i = 0; i < m->npts; i++) {
		free(m->pts[i].callee);
		free(m->pts[i].bounds);
		free(m->pts[i].guards);
	}
	free(m->pts);
	m->pts = NULL;
	m->npts = 0;
}

/* Records store ST (value VAL at address P, A) when it writes a global or a
** field of a struct the reader can name: its value while the budget from
** W0 lasts (else not followed), the conditions at it, and where its
** function goes on after it. */
static void record_store(struct hctx *hc, LLVMValueRef st, LLVMValueRef val, LLVMValueRef p, struct maddr a,
			 uint64_t w0)
{
	unsigned w;
	int fl, sgn;
	LLVMTypeRef ty = LLVMTypeOf(val);
	if (!scalar_type(ty, &w, &fl) || !a.known)
		return;
	struct hmstore m = { .width = (uint8_t)w, .is_float = (uint8_t)fl, .unit = hc->hs->nunits - 1 };
	if (LLVMIsAGlobalVariable(a.base) && a.off == 0 && LLVMGlobalGetValueType(a.base) == ty) {
		LLVMLinkage l = LLVMGetLinkage(a.base);
		m.key = value_name(a.base);
		m.global = 1;
		m.local = l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
	} else {
		m.key = struct_key(hc, p, a, w, NULL, &sgn);
		m.off = (uint32_t)a.off;
	}
	if (m.key == NULL)
		return;
	m.fn = value_name(LLVMGetBasicBlockParent(LLVMGetInstructionParent(st)));
	m.expr = hc->work - w0 < HX_MAX_WORK / 4 ? xval(hc, val, 0) : HX_NONE;
	if (m.expr != HX_NONE && !hexpr_is_const(hc->hs, m.expr)) {
		uint32_t nused = hc->hs->nvars + 1;
		uint8_t *used = xcalloc(nused, 1);
		hexpr_vars(hc->hs, m.expr, used);
		conds_on(hc, LLVMGetInstructionParent(st), used, nused, &m.bounds, &m.nbounds, &m.guards,
			 &m.nguards);
		store_points(hc, st, used, nused, &m);
		free(used);
	}
	VEC_PUSH(hc->hs->mstores, hc->hs->nmstores, hc->hs->capmstores, m);
}

/* Records what call CALL (class FC, of FN or NULL) may write of a struct
** through a pointer argument: a memcpy or memset into one writes any of
** its fields; so may a function only declared here given the struct's
** address (counted when no file read defines it); a field's own address
** given to a call leaves that field not followed. */
static void record_call_writes(struct hctx *hc, LLVMValueRef call, int fc, LLVMValueRef fn)
{
	if (fc == FC_INERT || fc == FC_LAUNCH || fc == FC_PUSH || fc == FC_STUB || fc == FC_POP)
		return;
	if (fn && !LLVMIsDeclaration(fn) && fc != FC_MEMCPY && fc != FC_MEMSET)
		return;	/* its stores are read with this file */
	unsigned na = LLVMGetNumArgOperands(call);
	for (unsigned k = 0; k < na; k++) {
		LLVMValueRef arg = LLVMGetOperand(call, k);
		if (LLVMGetTypeKind(LLVMTypeOf(arg)) != LLVMPointerTypeKind
		    || ((fc == FC_MEMCPY || fc == FC_MEMSET) && k != 0))
			continue;
		struct maddr a = addr_of(hc, arg);
		int sgn;
		char *key = struct_key(hc, arg, a, 8, NULL, &sgn);
		if (key == NULL)
			continue;
		struct hmstore m = { .key = key, .off = (uint32_t)a.off, .unit = hc->hs->nunits - 1,
				     .expr = HX_NONE, .fn = value_name(LLVMGetBasicBlockParent(
							      LLVMGetInstructionParent(call))) };
		if (a.off == 0 || fc == FC_MEMCPY || fc == FC_MEMSET) {
			m.whole = 1;
			m.via = fn && fc != FC_MEMCPY && fc != FC_MEMSET ? value_name(fn) : NULL;
		}
		VEC_PUSH(hc->hs->mstores, hc->hs->nmstores, hc->hs->capmstores, m);
	}
}

/* Records a write not followed of scalar global G for each use of it that
** is no load and no store to it (`fscanf(fp, "%d", &n)`, a pointer kept
** to it): its value is then not the stores' alone. */
static void global_escapes(struct hctx *hc, LLVMValueRef g)
{
	unsigned w;
	int fl;
	if (LLVMIsGlobalConstant(g) || !scalar_type(LLVMGlobalGetValueType(g), &w, &fl))
		return;
	LLVMLinkage l = LLVMGetLinkage(g);
	for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if ((LLVMIsALoadInst(user) && LLVMGetOperand(user, 0) == g)
		    || (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == g && LLVMGetOperand(user, 0) != g))
			continue;
		struct hmstore m = { .key = value_name(g), .global = 1, .whole = 1, .unit = hc->hs->nunits - 1,
				     .local = l == LLVMInternalLinkage || l == LLVMPrivateLinkage, .expr = HX_NONE };
		if (LLVMIsAInstruction(user))
			m.fn = value_name(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
		if (m.key)
			VEC_PUSH(hc->hs->mstores, hc->hs->nmstores, hc->hs->capmstores, m);
		else
			free(m.fn);
	}
}

/*
** Before the calls are collected: every store of a scalar to a global or
** to a struct's field the reader can name, in every function of the module
** (hs->mstores), the initializers of its scalar globals, the calls that
** may write such memory otherwise, and the functions it defines and calls
** (hs->defined, hs->called; a function whose address is taken counts as
** called).  Converting the stored values makes the storing functions'
** parameters variables, whose callers collect_calls then records.  A
** quarter of the conversion budget; stores past it are not followed.
*/
static void collect_stores(struct hctx *hc)
{
	struct hostsites *hs = hc->hs;
	uint64_t w0 = hc->work;
	for (LLVMValueRef g = LLVMGetFirstGlobal(hc->mod); g; g = LLVMGetNextGlobal(g)) {
		unsigned w;
		int fl;
		LLVMTypeRef ty = LLVMGlobalGetValueType(g);
		LLVMValueRef init = LLVMIsDeclaration(g) ? NULL : LLVMGetInitializer(g);
		if (init == NULL || LLVMIsGlobalConstant(g) || !scalar_type(ty, &w, &fl)
		    || (!LLVMIsAConstantInt(init) && !LLVMIsAConstantFP(init) && !LLVMIsNull(init)))
			continue;
		LLVMLinkage l = LLVMGetLinkage(g);
		struct hmstore m = { .key = value_name(g), .width = (uint8_t)w, .is_float = (uint8_t)fl,
				     .global = 1, .unit = hs->nunits - 1,
				     .local = l == LLVMInternalLinkage || l == LLVMPrivateLinkage,
				     .expr = LLVMIsNull(init) ? mk_const(hc, w, 0, fl) : xval(hc, init, 0) };
		if (m.key)
			VEC_PUSH(hs->mstores, hs->nmstores, hs->capmstores, m);
	}
	for (LLVMValueRef g = LLVMGetFirstGlobal(hc->mod); g; g = LLVMGetNextGlobal(g))
		global_escapes(hc, g);
	for (LLVMValueRef fn = LLVMGetFirstFunction(hc->mod); fn; fn = LLVMGetNextFunction(fn)) {
		size_t len = 0;
		const char *nm = LLVMGetValueName2(fn, &len);
		if (nm == NULL || len == 0 || strncmp(nm, "llvm.", 5) == 0)
			continue;
		if (!LLVMIsDeclaration(fn))
			VEC_PUSH(hs->defined, hs->ndefined, hs->capdefined, xstrndup(nm, len));
		if (LLVMGetFirstUse(fn))	/* called, or its address taken */
			VEC_PUSH(hs->called, hs->ncalled, hs->capcalled, xstrndup(nm, len));
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
				if (LLVMGetInstructionOpcode(I) == LLVMStore) {
					LLVMValueRef p = LLVMGetOperand(I, 1);
					record_store(hc, I, LLVMGetOperand(I, 0), p, addr_of(hc, p), w0);
				} else if (is_callinst(I)) {
					LLVMValueRef f = NULL;
					int fc = call_class(hc, I, &f);
					record_call_writes(hc, I, fc, f);
				}
			}
	}
	hc->work = w0;
}

/* What the conditions on every path to call CALL say of the unknowns its
** arguments use: C's bounds and guards. */
static void call_bounds(struct hctx *hc, LLVMValueRef call, struct hcall *c)
{
	uint32_t nused = hc->hs->nvars + 1;
	uint8_t *used = xcalloc(nused, 1);
	for (uint32_t k = 0; k < c->nsl; k++)
		hexpr_vars(hc->hs, c->sl[k].expr, used);
	conds_on(hc, LLVMGetInstructionParent(call), used, nused, &c->bounds, &c->nbounds, &c->guards, &c->nguards);
	free(used);
}

/* Whether expression E uses a variable read back from the device (beyond
** 64 levels: taken not to). */
static int uses_device(const struct hctx *hc, uint32_t e, int depth)
{
	if (e == HX_NONE || depth > 64)
		return 0;
	const struct hexpr *x = X(hc, e);
	if (x->op == HX_CONST)
		return 0;
	if (x->op == HX_VAR)
		return hc->hs->vars[x->value].from_device;
	unsigned k = hexpr_nops(x->op);
	return uses_device(hc, x->a, depth + 1) || (k > 1 && uses_device(hc, x->b, depth + 1))
	       || (k > 2 && uses_device(hc, x->c, depth + 1));
}

/* A phi that became an unknown and takes, on some edge, a value computed
** from one the host reads back from the device (`total += part` after a
** device-to-host copy into part: a sum of counts a kernel wrote) is a
** kernel's result too (struct hvar from_device), as a variable a copy
** writes on some path is; then the phis of such phis.  The edges of the
** phis left are kept (struct hphidep): hostsites_link marks them when a
** variable of another file's making turns out read back. */
static void phi_device(struct hctx *hc)
{
	for (int changed = 1, round = 0; changed && round < 16; round++) {
		changed = 0;
		for (uint32_t i = 0; i < hc->nphis; i++) {	/* xval may add phis */
			const struct phivar pv = hc->phis[i];
			unsigned n = LLVMCountIncoming(pv.phi);
			for (unsigned k = 0; k < n && !hc->hs->vars[pv.var].from_device; k++) {
				uint32_t e = xval(hc, LLVMGetIncomingValue(pv.phi, k), 0);
				if (uses_device(hc, e, 0)) {
					hc->hs->vars[pv.var].from_device = 1;
					changed = 1;
				}
			}
		}
	}
	for (uint32_t i = 0; i < hc->nphis; i++) {
		const struct phivar pv = hc->phis[i];
		unsigned n = LLVMCountIncoming(pv.phi);
		for (unsigned k = 0; k < n && !hc->hs->vars[pv.var].from_device; k++) {
			uint32_t e = xval(hc, LLVMGetIncomingValue(pv.phi, k), 0);
			if (e == HX_NONE || hexpr_is_const(hc->hs, e))
				continue;
			struct hphidep d = { pv.var, e };
			VEC_PUSH(hc->hs->phideps, hc->hs->nphideps, hc->hs->capphideps, d);
		}
	}
}

/* After the sites of this module are read: the values of the phis that
** became unknowns, each site's bounds from the conditions on every path to
** its launch, and each recorded call's. */
static void bound_sites(struct hctx *hc)
{
	for (uint32_t i = 0; i < hc->nphis; i++)	/* grows as values are followed */
		phi_values(hc, &hc->phis[i]);
	phi_device(hc);
	for (uint32_t i = 0; i < hc->nsiteat && hc->site0 + i < hc->hs->ns; i++) {
		struct conds cs = { .n = 0 };
		block_conds(hc, LLVMGetInstructionParent(hc->siteat[i]), &cs);
		struct hbound *bs = NULL;
		uint32_t n = 0, cap = 0;
		struct guards gs = { NULL, 0, 0 };
		for (uint32_t k = 0; k < cs.n; k++)
			assume_cond(hc, cs.v[k].c, cs.v[k].truth, &bs, &n, &cap, &gs, 0);
		/* only what narrows a variable of the launch, and never to nothing */
		struct hsite *s = &hc->hs->s[hc->site0 + i];
		uint32_t nused = hc->hs->nvars + 1;
		uint8_t *used = xcalloc(nused, 1);
		hostsite_vars(hc->hs, s, used);
		counter_guards(hc, used, &gs);
		site_guards(hc, s, used, nused, &gs);
		uint32_t m = 0;
		for (uint32_t k = 0; k < n; k++)
			if (bs[k].var < nused && used[bs[k].var] && (bs[k].lo != INT64_MIN || bs[k].hi != INT64_MAX)
			    && bs[k].lo <= bs[k].hi)
				bs[m++] = bs[k];
		free(used);
		s->bounds = bs;
		s->nbounds = m;
		if (m == 0) {
			free(bs);
			s->bounds = NULL;
		}
		after_loops(hc, s, LLVMGetInstructionParent(hc->siteat[i]));
	}
	for (uint32_t i = 0; i < hc->ncallat; i++)
		call_bounds(hc, hc->callat[i], &hc->hs->calls[hc->call0 + i]);
}

int hostsite_read(const char *path, struct hostsites *hs, struct sim_error *err)
{
	LLVMContextRef ctx = LLVMContextCreate();
	char diag[512] = "";
	LLVMContextSetDiagnosticHandler(ctx, reader_diag_handler, diag);
	struct hctx hc = { .ctx = ctx, .hs = hs };
	/* the expressions of files read before are shared too */
	for (uint32_t i = 0; i < hs->nx; i++) {
		struct node_probe q = { hs, &hs->x[i] };
		uint32_t *s = htab_slot(&hc.ht, hash_node(&hs->x[i]), node_eq, node_hash_at, &q);
		if (*s == 0)
			htab_set(&hc.ht, s, i);
	}
	int r = reader_load(path, PIPELINE, ctx, &hc.mod, err);
	if (r < 0)
		goto out;
	const char *triple = LLVMGetTarget(hc.mod);
	if (triple && (strncmp(triple, "nvptx64-", 8) == 0 || strncmp(triple, "nvptx-", 6) == 0)) {
		r = sim_fail(err, SIM_ERR_TARGET,
			     "%s: device code (%s), not the host side: compile with --cuda-host-only",
			     path, triple);
		goto out;
	}

	LLVMSetIsNewDbgInfoFormat(hc.mod, 0);
	hc.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(hc.mod));
	find_struct_params(&hc);
	prepare_inlining(&hc);
	LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
	LLVMErrorRef e = LLVMRunPasses(hc.mod, PIPELINE, NULL, po);
	LLVMDisposePassBuilderOptions(po);
	if (e != NULL) {
		char *m = LLVMGetErrorMessage(e);
		r = sim_fail(err, SIM_ERR_BITCODE, "%s: clean-up passes failed: %s", path, m);
		LLVMDisposeErrorMessage(m);
		goto out;
	}
	LLVMSetIsNewDbgInfoFormat(hc.mod, 0);
	bind_struct_params(&hc);
	build_dbg(&hc);
	build_preds(&hc);
	vec_reserve(&hc.tsz, &hc.captsz, hs->nx + 1, sizeof *hc.tsz);
	for (uint32_t i = 0; i < hs->nx; i++) {
		uint32_t size = 1;
		for (unsigned k = 0; k < hexpr_nops(hs->x[i].op); k++) {
			uint32_t o = k == 0 ? hs->x[i].a : k == 1 ? hs->x[i].b : hs->x[i].c;
			size += o < i ? hc.tsz[o] : HX_MAX_TREE;
		}
		hc.tsz[i] = (uint16_t)(size < HX_MAX_TREE + 1 ? size : HX_MAX_TREE + 1);
	}
	hs->nunits++;	/* note_param and record_call name it */
	hc.site0 = hs->ns;
	hc.call0 = hs->ncalls;
	find_sites(&hc);
	collect_stores(&hc);
	collect_calls(&hc);
	collect_devargs(&hc);
	bound_sites(&hc);
	hostmap_collect(&hc);
	r = 0;
out:
	for (uint32_t i = 0; i < hc.nstubs; i++)
		stubmap_free(&hc.stubs[i]);
	free(hc.stubs);
	ptrmap_free(&hc.stubidx);
	for (uint32_t i = 0; i < hc.npieces; i++)
		free(hc.pieces[i].fn);
	free(hc.pieces);
	for (uint32_t i = 0; i < hc.nsparams; i++) {
		free(hc.sparams[i].name);
		shape_free(&hc.sparams[i].shape);
	}
	free(hc.sparams);
	free(hc.fvars);
	free(hc.siteat);
	free(hc.callat);
	free(hc.callcap);
	ptrmap_free(&hc.wantfn);
	free(hc.phis);
	free(hc.pure);
	free(hc.freads);
	free(hc.preads);
	free(hc.blk);
	free(hc.idom);
	ptrmap_free(&hc.argrec);
	ptrmap_free(&hc.memo);
	ptrmap_free(&hc.busy);
	ptrmap_free(&hc.varkey);
	ptrmap_free(&hc.byteskey);
	ptrmap_free(&hc.dbg);
	ptrmap_free(&hc.fclass);
	ptrmap_free(&hc.roparam);
	ptrmap_free(&hc.bindex);
	free(hc.dbgvar);
	free(hc.pstart);
	free(hc.plist);
	free(hc.ends);
	htab_free(&hc.ht);
	free(hc.tsz);
	if (hc.td)
		LLVMDisposeTargetData(hc.td);
	if (hc.mod)
		LLVMDisposeModule(hc.mod);
	LLVMContextDispose(ctx);
	return r;
}

/* ---- what lower_hostmap.c shares (lower_host_int.h) ------------------------ */

LLVMModuleRef lh_module(const struct hctx *hc)
{
	return hc->mod;
}

struct hostsites *lh_sites(const struct hctx *hc)
{
	return hc->hs;
}

int lh_call_class(struct hctx *hc, LLVMValueRef call, LLVMValueRef *fn)
{
	return call_class(hc, call, fn);
}

void lh_addr_of(struct hctx *hc, LLVMValueRef p, LLVMValueRef *base, int64_t *off, int *known)
{
	struct maddr a = addr_of(hc, p);
	*base = a.base;
	*off = a.off;
	*known = a.known;
}

char *lh_dbg_name(const struct hctx *hc, LLVMValueRef v)
{
	return dbg_name(hc, v);
}

void lh_fn_base(LLVMValueRef fn, char *buf, size_t n)
{
	fn_base(fn, buf, n);
}

LLVMValueRef lh_find_push(struct hctx *hc, LLVMValueRef call)
{
	return find_push(hc, call);
}
