/*
** deps.c: dependence masks (enum dep, core/program.h) of the addresses of
** memory sites and of the indices of subscript checks, from the lowered
** bytecode alone.
**
** The analysis is flow-insensitive: a slot's mask is the union over every
** instruction that writes it (phis are moves on the CFG edges, so a phi's
** slot takes every incoming value), iterated to a fixed point over the
** whole program, where a device function's parameters take the union of
** what its call sites pass.  Branches add nothing, with one exception: the
** natural loops of each function's control-flow graph add what their exit
** conditions depend on to their loop-carried slots (slots written both in
** the loop and outside it: the phis of the header), since the exit test
** bounds the values an induction variable takes.  So k in
** `for (k = 0; k < blockDim.x; k++) s[k]` is DEP_NTID_X, and tid * 2
** computed in that loop stays DEP_TID_X.
**
** Alongside, each slot keeps which kernel parameters it comes from (one
** bit per scalar or by-value struct parameter, by the same data flow), so
** that a site says which scalars its address depends on (struct site
** params), and which scalars a branch compares with the thread's
** coordinates (struct func guards: a bounds check): the search ties a
** scalar to the launch only through an index that computes with both,
** and never one the kernel checks its threads against (docs/CONTRACTS.md,
** rule 7).
**
** Two more masks per slot, by the same data flow and with kernel
** parameter I at bit DEP_PARAM_SHIFT + I, say which buffers a value
** comes from: the pointer and by-value struct parameters it may point
** into (a pointer loaded from a buffer points into what that buffer
** reaches, so it keeps the buffer's bit), and the ones whose contents
** it was computed from (a load adds the buffers its address points
** into).  A loop's exit conditions add their contents to the loop's
** carried slots, as above, so j in `for (j = row[i]; j < row[i + 1];
** j++) val[j]` comes from row's contents (struct site bufs: the kernel
** assumes row's values keep val's index in bounds, docs/CONTRACTS.md
** rule 12).
**
** Memory the kernel writes and reads back itself is followed by cells
** (struct cells): each static __shared__ variable, the dynamic segment
** (every extern __shared__ array) and each local array is one, and a
** fourth mask per slot says which cells a value points into (a shared
** variable's address is a constant of the pool; an ALLOCA makes a local
** array's).  A store into a cell adds what its value points into and
** comes from to the cell's entry, a load from it takes the entry: one
** entry per cell and kernel, flow-insensitive as the slots (a queue
** staged in shared memory, `q[t] = frontier[i]; ... level[q[t]]`, gives
** level's index frontier's contents; a value the kernel computed from no
** buffer gives nothing).  A pointer to a cell kept in memory is not
** followed.
**
** Calls are not inlined at -O0, and what a device function returns, or
** stores through a pointer parameter (a constructor's `this`), depends on
** what each call passes: each device function is summarised in terms of
** its own parameters first (struct summary, mode M_SUM), and a call's
** results and its stores into the caller's local arrays take the summary
** with the call's own arguments.  For the dependence masks the thread's
** local arrays are followed by 4-byte lanes (a dim3's x, y and z apart),
** but for one whose address is stored in memory or given to code not
** followed (mark_escapes); any other memory is DEP_DATA.
**
** Last, a branch that compares a value of the thread's coordinates (and
** no memory) with a value read from buffers bounds the accesses on its
** side where the first stays below the second and whose address computes
** with the same coordinates (`if (i < *len) dst[i] = src[i]`): they get
** the second's buffers, as a loop's bound gives its counter's (guard_bufs;
** a flag, `if (flag[0]) out[i] = x`, compares no coordinate and bounds
** nothing).
*/
#include <stdlib.h>
#include <string.h>

#include "core/mathfn.h"
#include "core/program.h"
#include "base/util.h"
#include "memmodel/mem.h"

/* Internal: a pointer into a by-value kernel parameter, whose loads are
** the parameter's fields (DEP_PARAM), not memory. */
#define DEP_BYVAL UINT64_C(0x8000)
/* Internal: kernel parameter I (I < PROG_DEP_PARAMS) is bit
** DEP_PARAM_SHIFT + I of a slot's mask (struct site params). */
#define DEP_PARAM_SHIFT 16
_Static_assert(DEP_PARAM_SHIFT + PROG_DEP_PARAMS <= 64, "a parameter's bit fits");

struct loop {
	uint32_t *conds;	/* operands of the branches that leave it */
	uint32_t nconds;
	uint32_t *carried;	/* slots written inside it and outside it */
	uint32_t ncarried;
};

struct fdeps {
	uint64_t *dep;		/* per slot */
	uint64_t *ptr;		/* per slot: the buffers it may point into */
	uint64_t *data;		/* per slot: the buffers whose contents it comes from */
	uint64_t *cell;		/* per slot: the kernel's own memory it may point
				   into (struct cells) */
	uint64_t own;		/* the cells of its own local arrays (struct cells) */
	int64_t *off;		/* per slot: the byte offset it points at into an
				   allocation of its own or where a pointer
				   parameter points, or OFF_UNKNOWN */
	struct summary *sum;	/* a device function's summary, or NULL */
	struct loop *loops;
	uint32_t nloops;
};

static uint64_t od(const uint64_t *dep, uint32_t nslots, uint32_t o)
{
	if (o == OPND_NONE || (o & OPND_CONST) || o >= nslots)
		return 0;
	return dep[o];
}

/* As od, where a constant operand has KMASK's mask (one per constant of
** the pool; NULL: none, as od). */
static uint64_t odk(const uint64_t *dep, uint32_t nslots, const uint64_t *kmask, uint32_t o)
{
	if (kmask != NULL && o != OPND_NONE && (o & OPND_CONST))
		return kmask[o & ~OPND_CONST];
	return od(dep, nslots, o);
}

/* (program.h) */
uint32_t prog_insn_ndests(const struct insn *I)
{
	switch (I->op) {
	case OP_NOP: case OP_BR: case OP_CBR: case OP_SWITCH: case OP_RET: case OP_TRAP:
	case OP_ASSERTFAIL: case OP_ASSUME: case OP_SYNCWARP: case OP_FENCE: case OP_STORE:
	case OP_MEMCPY: case OP_MEMSET: case OP_SUBCHK: case OP_FREE:
		return 0;
	case OP_CALL: case OP_ICALL:
		return I->c;
	case OP_BARRIER:
		return I->f != 0;
	case OP_SHFL: case OP_OVF: case OP_CARRY: case OP_CMPXCHG:
		return 2;
	case OP_MATCH:
		return I->f == 1 ? 2 : 1;
	case OP_INSERT:
		return (uint32_t)I->imm;
	case OP_TEX:
		return 4;
	case OP_SULD:
		return I->c;
	case OP_SUST:
		return 0;
	default:
		return 1;
	}
}

static uint64_t sreg_dep(unsigned f)
{
	switch (f) {
	case SREG_TID_X: case SREG_LANEID: case SREG_LANEMASK_EQ: case SREG_LANEMASK_LT:
	case SREG_LANEMASK_LE: case SREG_LANEMASK_GT: case SREG_LANEMASK_GE:
		return DEP_TID_X;
	case SREG_TID_Y: return DEP_TID_Y;
	case SREG_TID_Z: return DEP_TID_Z;
	case SREG_NTID_X: return DEP_NTID_X;
	case SREG_NTID_Y: return DEP_NTID_Y;
	case SREG_NTID_Z: return DEP_NTID_Z;
	case SREG_CTAID_X: return DEP_CTAID_X;
	case SREG_CTAID_Y: return DEP_CTAID_Y;
	case SREG_CTAID_Z: return DEP_CTAID_Z;
	case SREG_NCTAID_X: case SREG_NCTAID_Y: case SREG_NCTAID_Z:
		return DEP_NCTAID;
	case SREG_WARPID:	/* the linear thread index / 32 */
		return DEP_TID_X | DEP_TID_Y | DEP_TID_Z | DEP_NTID_X | DEP_NTID_Y;
	case SREG_NWARPID:
		return DEP_NTID_X | DEP_NTID_Y | DEP_NTID_Z;
	case SREG_WARPSIZE:
		return 0;
	case SREG_DYNAMIC_SMEM_SIZE:
		return DEP_PARAM;
	case SREG_ENVREG0: case SREG_ENVREG1: case SREG_ENVREG2:
		return 0;	/* the same in every thread of every launch */
	default:		/* clocks, timers, SM ids */
		return DEP_DATA;
	}
}

/* The arguments of CALL/ICALL I (constants by KMASK, as odk). */
static uint64_t args_dep(const struct program *p, const uint64_t *dep, uint32_t ns,
			 const uint64_t *kmask, const struct insn *I)
{
	uint64_t m = 0;
	for (uint32_t k = 0; k < I->b && I->x + k < p->narglists; k++)
		m |= odk(dep, ns, kmask, p->arglists[I->x + k]);
	return m;
}

/* The pointer arguments of CALL I, by the callee's parameters: what an
** address the callee forms from them depends on (struct site ptr_dep). */
static uint64_t ptr_args_dep(const struct program *p, const uint64_t *dep, uint32_t ns,
			     const struct insn *I)
{
	if ((uint64_t)I->imm >= p->nfuncs)
		return 0;
	const struct func *cf = &p->funcs[(uint32_t)I->imm];
	uint64_t m = 0;
	uint32_t n = 0;
	for (uint32_t i = 0; i < cf->nparams; i++)
		for (uint32_t e = 0; e < cf->params[i].nslots && n < I->b; e++, n++)
			if (cf->params[i].is_ptr && I->x + n < p->narglists)
				m |= od(dep, ns, p->arglists[I->x + n]);
	return m;
}

/* The coordinates of a TEX, SULD or SUST (four slots from b). */
static uint64_t coords_dep(const uint64_t *dep, uint32_t ns, const struct insn *I)
{
	uint64_t m = 0;
	for (uint32_t k = 0; k < 4; k++)
		m |= od(dep, ns, I->b + k);
	return m;
}

/* What instruction I computes from, by its operands (a constant operand by
** KMASK, as odk). */
static uint64_t sources(const struct program *p, const uint64_t *dep, uint32_t ns,
			const uint64_t *kmask, const struct insn *I)
{
	uint64_t a = odk(dep, ns, kmask, I->a), b = odk(dep, ns, kmask, I->b);
	uint64_t c = odk(dep, ns, kmask, I->c);
	switch (I->op) {
	case OP_SREG:
		return sreg_dep(I->f);
	case OP_CALL:
		return DEP_DATA | args_dep(p, dep, ns, kmask, I);
	case OP_ICALL:
		return DEP_DATA | a | args_dep(p, dep, ns, kmask, I);
	case OP_PRINTF: case OP_ACTIVEMASK: case OP_DLAUNCH:
		return DEP_DATA;
	case OP_BARRIER:
		return DEP_DATA | a;
	case OP_VOTE: case OP_MATCH:
		return DEP_DATA | a | b;
	case OP_SHFL:
		return DEP_DATA | a | b | c | odk(dep, ns, kmask, I->x);
	case OP_LOAD:
		return a & DEP_BYVAL ? (a & ~DEP_BYVAL) | DEP_PARAM : a | DEP_DATA;
	case OP_ATOMIC:
		return DEP_DATA | a | b;
	case OP_CMPXCHG:
		return DEP_DATA | a | b | c;
	case OP_TEX: case OP_SULD:
		return DEP_DATA | coords_dep(dep, ns, I);
	case OP_ALLOCA: case OP_MALLOC:
		return 0;	/* a new allocation: a base, as a variable's address */
	case OP_EXTRACT: {
		uint64_t m = b;
		for (int64_t k = 0; k < I->imm; k++)
			m |= odk(dep, ns, kmask, I->a + (uint32_t)k);
		return m;
	}
	case OP_INSERT:
		return b | c;
	case OP_MATH32: case OP_MATH64: {
		unsigned ar = I->f < MF__COUNT ? math_arity[I->f] : 3;
		return a | (ar > 1 ? b : 0) | (ar > 2 ? c : 0);
	}
	case OP_FRND32: case OP_FRND64:
		return I->f == 3 ? a | b | c : I->f == 4 || I->f == 5 ? a : a | b;
	case OP_MOV: case OP_SEXT: case OP_IUNARY: case OP_CVT: case OP_FPCLASS:
	case OP_FNEG32: case OP_FNEG64: case OP_PTRADD:
		return a;
	case OP_SELECT: case OP_FSHL: case OP_FSHR: case OP_CARRY: case OP_PRMT: case OP_VSIMD:
	case OP_FMA32: case OP_FMA64:
		return a | b | c;
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_UDIV: case OP_SDIV: case OP_UREM:
	case OP_SREM: case OP_AND: case OP_OR: case OP_XOR: case OP_SHL: case OP_LSHR:
	case OP_ASHR: case OP_ICMP: case OP_SMIN: case OP_SMAX: case OP_UMIN: case OP_UMAX:
	case OP_OVF: case OP_SAT: case OP_MULHI: case OP_PTRIDX:
	case OP_FADD32: case OP_FSUB32: case OP_FMUL32: case OP_FDIV32: case OP_FREM32:
	case OP_FCMP32: case OP_FADD64: case OP_FSUB64: case OP_FMUL64: case OP_FDIV64:
	case OP_FREM64: case OP_FCMP64:
		return a | b;
	default:		/* an opcode this table does not know: anything */
		return DEP_DATA | a | b | c;
	}
}

static int ends_block(uint64_t op)
{
	return op == OP_BR || op == OP_CBR || op == OP_SWITCH || op == OP_RET || op == OP_TRAP
	       || op == OP_ASSERTFAIL;
}

/* The control-flow graph of one function's bytecode. */
struct cfg {
	uint32_t nb;
	uint32_t *start;	/* block -> first pc; start[nb] = ncode */
	uint32_t *blk;		/* pc -> block */
	uint32_t **succ, *nsucc;
	uint32_t **pred, *npred, *cappred;
	uint32_t *rpo;		/* block -> rpo number, UINT32_MAX unreachable */
	uint32_t *order;	/* rpo number -> block */
	uint32_t nreach;
	uint32_t *idom;
};

static void add_edge(struct cfg *g, uint32_t *capsucc, uint32_t u, uint32_t v)
{
	for (uint32_t k = 0; k < g->nsucc[u]; k++)
		if (g->succ[u][k] == v)
			return;
	VEC_PUSH(g->succ[u], g->nsucc[u], capsucc[u], v);
	VEC_PUSH(g->pred[v], g->npred[v], g->cappred[v], u);
}

/* (program.h) */
uint8_t *prog_block_leaders(const struct program *p, const struct func *f)
{
	uint32_t n = f->ncode;
	uint8_t *lead = xcalloc(n + 1, 1);
	lead[0] = 1;
	for (uint32_t pc = 0; pc < n; pc++) {
		const struct insn *I = &f->code[pc];
		if (ends_block(I->op) && pc + 1 < n)
			lead[pc + 1] = 1;
		if (I->op == OP_BR || I->op == OP_CBR) {
			if ((uint64_t)I->imm < n)
				lead[I->imm] = 1;
			if (I->op == OP_CBR && I->x < n)
				lead[I->x] = 1;
		} else if (I->op == OP_SWITCH) {
			for (uint32_t k = 0; k < I->x; k++) {
				uint64_t t = (uint64_t)p->switch_tab[(I->imm + k) * 2 + 1];
				if (t < n)
					lead[t] = 1;
			}
			if (I->c < n)
				lead[I->c] = 1;
		}
	}
	return lead;
}

static void cfg_build(const struct program *p, const struct func *f, struct cfg *g)
{
	uint32_t n = f->ncode;
	uint8_t *lead = prog_block_leaders(p, f);
	g->nb = 0;
	for (uint32_t pc = 0; pc < n; pc++)
		g->nb += lead[pc];
	g->start = xmalloc((g->nb + 1) * sizeof *g->start);
	g->blk = xmalloc((n ? n : 1) * sizeof *g->blk);
	for (uint32_t pc = 0, b = 0; pc < n; pc++) {
		if (lead[pc])
			g->start[b++] = pc;
		g->blk[pc] = b - 1;
	}
	g->start[g->nb] = n;
	free(lead);
	g->succ = xcalloc(g->nb, sizeof *g->succ);
	g->nsucc = xcalloc(g->nb, sizeof *g->nsucc);
	g->pred = xcalloc(g->nb, sizeof *g->pred);
	g->npred = xcalloc(g->nb, sizeof *g->npred);
	g->cappred = xcalloc(g->nb, sizeof *g->cappred);
	uint32_t *capsucc = xcalloc(g->nb, sizeof *capsucc);
	for (uint32_t b = 0; b < g->nb; b++) {
		uint32_t last = g->start[b + 1] - 1;
		const struct insn *I = &f->code[last];
		switch (I->op) {
		case OP_BR:
			if ((uint64_t)I->imm < n)
				add_edge(g, capsucc, b, g->blk[I->imm]);
			break;
		case OP_CBR:
			if ((uint64_t)I->imm < n)
				add_edge(g, capsucc, b, g->blk[I->imm]);
			if (I->x < n)
				add_edge(g, capsucc, b, g->blk[I->x]);
			break;
		case OP_SWITCH:
			for (uint32_t k = 0; k < I->x; k++) {
				uint64_t t = (uint64_t)p->switch_tab[(I->imm + k) * 2 + 1];
				if (t < n)
					add_edge(g, capsucc, b, g->blk[t]);
			}
			if (I->c < n)
				add_edge(g, capsucc, b, g->blk[I->c]);
			break;
		case OP_RET: case OP_TRAP: case OP_ASSERTFAIL:
			break;
		default:
			if (b + 1 < g->nb)
				add_edge(g, capsucc, b, b + 1);
			break;
		}
	}
	free(capsucc);
	/* reverse post-order from the entry (an explicit stack) */
	g->rpo = xmalloc(g->nb * sizeof *g->rpo);
	g->order = xmalloc(g->nb * sizeof *g->order);
	uint32_t *stack = xmalloc(g->nb * sizeof *stack), *next = xcalloc(g->nb, sizeof *next);
	uint32_t *post = xmalloc(g->nb * sizeof *post), npost = 0, sp = 0;
	for (uint32_t b = 0; b < g->nb; b++)
		g->rpo[b] = UINT32_MAX;
	if (g->nb) {
		g->rpo[0] = 0;	/* visited */
		stack[sp++] = 0;
	}
	while (sp) {
		uint32_t b = stack[sp - 1];
		if (next[b] < g->nsucc[b]) {
			uint32_t s = g->succ[b][next[b]++];
			if (g->rpo[s] == UINT32_MAX) {
				g->rpo[s] = 0;
				stack[sp++] = s;
			}
		} else {
			post[npost++] = b;
			sp--;
		}
	}
	g->nreach = npost;
	for (uint32_t i = 0; i < npost; i++) {
		uint32_t b = post[npost - 1 - i];
		g->rpo[b] = i;
		g->order[i] = b;
	}
	free(stack);
	free(next);
	free(post);
	/* dominators (Cooper, Harvey and Kennedy) */
	g->idom = xmalloc(g->nb * sizeof *g->idom);
	for (uint32_t b = 0; b < g->nb; b++)
		g->idom[b] = UINT32_MAX;
	if (g->nb)
		g->idom[0] = 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t i = 1; i < g->nreach; i++) {
			uint32_t b = g->order[i], nd = UINT32_MAX;
			for (uint32_t k = 0; k < g->npred[b]; k++) {
				uint32_t q = g->pred[b][k];
				if (g->rpo[q] == UINT32_MAX || g->idom[q] == UINT32_MAX)
					continue;
				if (nd == UINT32_MAX) {
					nd = q;
					continue;
				}
				uint32_t x = q, y = nd;
				while (x != y) {
					while (g->rpo[x] > g->rpo[y])
						x = g->idom[x];
					while (g->rpo[y] > g->rpo[x])
						y = g->idom[y];
				}
				nd = x;
			}
			if (nd != UINT32_MAX && g->idom[b] != nd) {
				g->idom[b] = nd;
				changed = 1;
			}
		}
	}
}

static void cfg_free(struct cfg *g)
{
	for (uint32_t b = 0; b < g->nb; b++) {
		free(g->succ[b]);
		free(g->pred[b]);
	}
	free(g->succ);
	free(g->nsucc);
	free(g->pred);
	free(g->npred);
	free(g->cappred);
	free(g->start);
	free(g->blk);
	free(g->rpo);
	free(g->order);
	free(g->idom);
}

static int dominates(const struct cfg *g, uint32_t a, uint32_t b)
{
	if (g->rpo[b] == UINT32_MAX)
		return 0;
	for (;;) {
		if (a == b)
			return 1;
		if (b == 0 || g->idom[b] == UINT32_MAX || g->idom[b] == b)
			return 0;
		b = g->idom[b];
	}
}

/* The natural loops of function F (one per header, of its control-flow
** graph CG), with their exit conditions and loop-carried slots. */
static void find_loops(const struct func *f, const struct cfg *cg, struct fdeps *fd)
{
	const struct cfg g = *cg;
	uint8_t *body = xmalloc(g.nb ? g.nb : 1);
	uint8_t *in = xmalloc(f->nslots ? f->nslots : 1), *out = xmalloc(f->nslots ? f->nslots : 1);
	uint32_t *work = xmalloc((g.nb ? g.nb : 1) * sizeof *work);
	uint32_t cap = 0;
	for (uint32_t h = 0; h < g.nb; h++) {
		if (g.rpo[h] == UINT32_MAX)
			continue;
		/* the body: blocks that reach a back edge's source without h */
		memset(body, 0, g.nb);
		uint32_t nw = 0;
		for (uint32_t k = 0; k < g.npred[h]; k++) {
			uint32_t u = g.pred[h][k];
			if (dominates(&g, h, u) && !body[u] && u != h) {
				body[u] = 1;
				work[nw++] = u;
			}
			if (u == h)
				body[h] = 2;	/* a self loop */
		}
		if (nw == 0 && body[h] != 2)
			continue;
		body[h] = 1;
		while (nw) {
			uint32_t b = work[--nw];
			for (uint32_t k = 0; k < g.npred[b]; k++) {
				uint32_t q = g.pred[b][k];
				if (!body[q] && g.rpo[q] != UINT32_MAX) {
					body[q] = 1;
					work[nw++] = q;
				}
			}
		}
		struct loop L = { 0 };
		uint32_t capc = 0, capk = 0;
		memset(in, 0, f->nslots);
		memset(out, 0, f->nslots);
		for (uint32_t b = 0; b < g.nb; b++) {
			for (uint32_t pc = g.start[b]; pc < g.start[b + 1]; pc++) {
				const struct insn *I = &f->code[pc];
				uint32_t nd = prog_insn_ndests(I);
				for (uint32_t k = 0; k < nd; k++)
					if (I->d + k < f->nslots)
						(body[b] ? in : out)[I->d + k] = 1;
			}
			if (!body[b])
				continue;
			const struct insn *T = &f->code[g.start[b + 1] - 1];
			if (T->op != OP_CBR && T->op != OP_SWITCH)
				continue;
			int exits = 0;
			for (uint32_t k = 0; k < g.nsucc[b]; k++)
				exits |= !body[g.succ[b][k]];
			if (exits)
				VEC_PUSH(L.conds, L.nconds, capc, T->a);
		}
		for (uint32_t s = 0; s < f->nslots; s++)
			if (in[s] && out[s])
				VEC_PUSH(L.carried, L.ncarried, capk, s);
		if (L.nconds && L.ncarried) {
			VEC_PUSH(fd->loops, fd->nloops, cap, L);
		} else {
			free(L.conds);
			free(L.carried);
		}
	}
	free(work);
	free(in);
	free(out);
	free(body);
}

/* Which mask flow computes: the dependence masks, the memory the kernel
** owns that a value points into (its cells), the buffers a value points
** into, those whose contents it comes from, and the device functions'
** summaries. */
enum mode { M_DEP, M_CELL, M_PTR, M_DATA, M_SUM };

/*
** A device function's dependence masks in terms of its own parameters,
** so that a call takes what its own arguments give (a constructor that
** `dim3(x, y, z)` stores its arguments, called once with threadIdx's and
** once with blockDim's, gives each caller's object its own): bits below
** DEP_PARAM_SHIFT as in a dependence mask, bit SUM_VAL + I parameter I's
** value, bit SUM_MEM + I what parameter I points to holds.  A parameter
** past SUM_FORMALS is memory (DEP_DATA).  Its own local arrays are cells
** of its own (lcell), and a store through a pointer parameter is its
** effect on the caller's memory (store).
*/
#define SUM_FORMALS 24
#define SUM_VAL DEP_PARAM_SHIFT
#define SUM_MEM (DEP_PARAM_SHIFT + SUM_FORMALS)
#define SUM_LOW ((UINT64_C(1) << DEP_PARAM_SHIFT) - 1)
#define SUM_ALL ((UINT64_C(1) << SUM_FORMALS) - 1)
_Static_assert(SUM_MEM + SUM_FORMALS <= 64, "a summary's bits fit");

/* How many cells a mask tells apart: cell G is bit DEP_PARAM_SHIFT +
** G % CELL_BITS (two cells on one bit share their contents). */
#define CELL_BITS (64 - DEP_PARAM_SHIFT)

/* Memory the dependence masks follow is kept by 4-byte lanes of an
** object's first LANES * 4 bytes (a dim3's x, y and z apart); an access
** past them, or at an offset not known, takes every lane. */
#define LANES 4
#define ALL_LANES ((1u << LANES) - 1)
#define OFF_UNKNOWN INT64_MIN
/* A result's first RET_SLOTS slots apart (a dim3 returned by value), the
** rest together. */
#define RET_SLOTS 4

struct summary {
	uint64_t *slot;				/* per slot */
	uint64_t ret[RET_SLOTS];		/* what it returns, by slot */
	uint64_t store[SUM_FORMALS][LANES];	/* what it stores where parameter I points */
	uint64_t lcell[CELL_BITS][LANES];	/* what its own local arrays hold */
	uint32_t ptrs;				/* the parameters that are pointers */
};

/* The lanes W bytes at byte offset OFF cover. */
static unsigned lanes_of(int64_t off, unsigned w)
{
	if (off == OFF_UNKNOWN || off < 0 || w == 0 || off + w > LANES * 4)
		return ALL_LANES;
	unsigned m = 0;
	for (int64_t b = off / 4; b * 4 < off + w; b++)
		m |= 1u << b;
	return m;
}

/* Lanes L moved by SHIFT bytes (every lane where that is not whole lanes
** inside the object). */
static unsigned lanes_shift(unsigned l, int64_t shift)
{
	if (shift == OFF_UNKNOWN || shift < 0 || shift % 4 != 0 || shift >= LANES * 4
	    || l == ALL_LANES)
		return ALL_LANES;
	unsigned m = l << (shift / 4);
	return m > ALL_LANES ? ALL_LANES : m;
}

static uint64_t *masks(const struct fdeps *fd, enum mode mode)
{
	switch (mode) {
	case M_DEP: return fd->dep;
	case M_CELL: return fd->cell;
	case M_PTR: return fd->ptr;
	case M_DATA: return fd->data;
	default: return fd->sum ? fd->sum->slot : NULL;
	}
}

/* The parameters' bits of a mask (the buffer and cell masks keep no
** others). */
#define PARAM_BITS (~(uint64_t)0 << DEP_PARAM_SHIFT)

/*
** Memory the kernel writes and reads back itself, followed cell by cell:
** each static __shared__ variable, the dynamic segment (every extern
** __shared__ array names it) and each local array (an ALLOCA).  A store
** adds what its value points into and comes from to its cells' entries,
** a load of a cell takes them; flow-insensitive as the slots are, and kept
** per kernel, since parameter bits are the kernel's own (a device function
** stores for every kernel that calls it).
*/
struct cells {
	uint64_t *kbit;		/* per constant of the pool: the bit of the
				   shared variable it points into, or 0 */
	uint32_t nshared;	/* cells numbered for shared variables */
	uint32_t **fk;		/* per function: the kernels (ordinals) that call it */
	uint32_t *nfk;
	uint32_t nk;
	uint64_t (*ptr)[CELL_BITS];	/* per kernel and cell bit: the buffers the
					   values stored point into */
	uint64_t (*data)[CELL_BITS];	/* ... and whose contents they come from */
	uint64_t (*dep)[CELL_BITS][LANES];	/* ... and what they depend on (M_DEP),
						   by lane */
	uint64_t shared;		/* the bits a shared variable's cell has */
	uint64_t escaped;		/* the cells whose address is stored in memory
					   or given to code not followed */
};

static uint64_t cell_bit(uint32_t g)
{
	return UINT64_C(1) << (DEP_PARAM_SHIFT + g % CELL_BITS);
}

/* The cell of the ALLOCA at PC of function FI. */
static uint64_t alloca_cell(const struct cells *cs, uint32_t fi, uint32_t pc)
{
	return cell_bit(cs->nshared + fi * 131u + pc);
}

/* What instruction I at PC of function FI points into of the kernel's own
** memory (M_CELL), by its operands: a shared variable's address (a
** constant), a local array's allocation, and arithmetic on them; a loaded
** value points into none (a pointer to shared memory kept in memory is not
** followed), nor does a comparison. */
static uint64_t cell_sources(const struct program *p, const struct cells *cs,
			     const uint64_t *cell, uint32_t ns, uint32_t fi, uint32_t pc,
			     const struct insn *I)
{
	switch (I->op) {
	case OP_ALLOCA:		/* a number of its own per instruction */
		return alloca_cell(cs, fi, pc);
	case OP_LOAD: case OP_ATOMIC: case OP_CMPXCHG: case OP_TEX: case OP_SULD:
	case OP_ICMP: case OP_FCMP32: case OP_FCMP64: case OP_SREG: case OP_VOTE:
	case OP_MATCH: case OP_BARRIER:
		return 0;
	default:
		return sources(p, cell, ns, cs->kbit, I) & PARAM_BITS;
	}
}

/* The entries (table of MODE, M_PTR or M_DATA) of the cells BITS for
** every kernel that calls function FI. */
static uint64_t cell_read(const struct cells *cs, uint32_t fi, uint64_t bits, enum mode mode)
{
	uint64_t m = 0;
	uint64_t (*t)[CELL_BITS] = mode == M_PTR ? cs->ptr : cs->data;
	for (uint64_t b = bits & PARAM_BITS; b; b &= b - 1)
		for (uint32_t k = 0; k < cs->nfk[fi]; k++)
			m |= t[cs->fk[fi][k]][__builtin_ctzll(b) - DEP_PARAM_SHIFT];
	return m;
}

/* Adds V to the entries of the cells BITS (table of MODE) for every kernel
** that calls function FI; whether anything changed. */
static int cell_write(struct cells *cs, uint32_t fi, uint64_t bits, uint64_t v, enum mode mode)
{
	int changed = 0;
	uint64_t (*t)[CELL_BITS] = mode == M_PTR ? cs->ptr : cs->data;
	v &= PARAM_BITS;
	for (uint64_t b = bits & PARAM_BITS; v && b; b &= b - 1)
		for (uint32_t k = 0; k < cs->nfk[fi]; k++) {
			uint64_t *e = &t[cs->fk[fi][k]][__builtin_ctzll(b) - DEP_PARAM_SHIFT];
			changed |= (*e | v) != *e;
			*e |= v;
		}
	return changed;
}

/* The dependence masks (M_DEP) lanes L of the cells BITS hold, for every
** kernel that calls function FI. */
static uint64_t dcell_read(const struct cells *cs, uint32_t fi, uint64_t bits, unsigned l)
{
	uint64_t m = 0;
	for (uint64_t b = bits & PARAM_BITS; b; b &= b - 1)
		for (uint32_t k = 0; k < cs->nfk[fi]; k++)
			for (unsigned j = 0; j < LANES; j++)
				if (l >> j & 1)
					m |= cs->dep[cs->fk[fi][k]][__builtin_ctzll(b) - DEP_PARAM_SHIFT][j];
	return m;
}

/* Adds V to lanes L of the cells BITS (M_DEP) for every kernel that calls
** function FI; whether anything changed. */
static int dcell_write(struct cells *cs, uint32_t fi, uint64_t bits, unsigned l, uint64_t v)
{
	int changed = 0;
	for (uint64_t b = bits & PARAM_BITS; v && b; b &= b - 1)
		for (uint32_t k = 0; k < cs->nfk[fi]; k++)
			for (unsigned j = 0; j < LANES; j++) {
				uint64_t *e = &cs->dep[cs->fk[fi][k]][__builtin_ctzll(b) - DEP_PARAM_SHIFT][j];
				if (l >> j & 1) {
					changed |= (*e | v) != *e;
					*e |= v;
				}
			}
	return changed;
}

/* Adds V to lanes L of entry E (LANES of them); whether anything changed. */
static int lanes_add(uint64_t *e, unsigned l, uint64_t v)
{
	int changed = 0;
	for (unsigned j = 0; j < LANES; j++)
		if (l >> j & 1) {
			changed |= (e[j] | v) != e[j];
			e[j] |= v;
		}
	return changed;
}

/* Whether cell bits BITS name the kernel's local arrays only (no shared
** variable's cell has one of them): memory the thread alone writes. */
static int local_cells(const struct cells *cs, uint64_t bits)
{
	return (bits & PARAM_BITS) != 0 && !(bits & (cs->shared | cs->escaped));
}

/* How function FI's dependence masks are read: its own (M_DEP, for every
** kernel that calls it) or its summary's (M_SUM). */
struct view {
	const struct program *p;
	struct fdeps *fds;
	struct cells *cs;
	uint32_t fi;
	enum mode mode;
};

static uint64_t view_val(const struct view *v, uint32_t o)
{
	return od(masks(&v->fds[v->fi], v->mode), v->p->funcs[v->fi].nslots, o);
}

/* The offset of address operand O plus IMM (OFF_UNKNOWN when not known). */
static int64_t view_off(const struct view *v, uint32_t o, int64_t imm)
{
	const struct fdeps *fd = &v->fds[v->fi];
	int64_t r;
	if (o == OPND_NONE || (o & OPND_CONST) || o >= v->p->funcs[v->fi].nslots
	    || fd->off[o] == OFF_UNKNOWN || __builtin_add_overflow(fd->off[o], imm, &r))
		return OFF_UNKNOWN;
	return r;
}

/* What W bytes (0: any number) at address operand O plus IMM hold, with
** what the address itself depends on: a by-value parameter's field is the
** parameter; what the thread's local arrays hold is what was stored there,
** by lane where the offset is known (in a summary, what the caller's
** memory behind a pointer parameter holds is its SUM_MEM bit); any other
** memory is DEP_DATA. */
static uint64_t view_mem(const struct view *v, uint32_t o, int64_t imm, unsigned w)
{
	const struct fdeps *fd = &v->fds[v->fi];
	uint32_t ns = v->p->funcs[v->fi].nslots;
	uint64_t a = view_val(v, o), c = odk(fd->cell, ns, v->cs->kbit, o);
	unsigned l = lanes_of(view_off(v, o, imm), w);
	if (v->mode == M_DEP) {
		if (a & DEP_BYVAL)
			return (a & ~DEP_BYVAL) | DEP_PARAM;
		if (!local_cells(v->cs, c))
			return a | DEP_DATA;
		/* a caller's object is at an offset of the caller's */
		return a | dcell_read(v->cs, v->fi, c, c & ~fd->own ? ALL_LANES : l);
	}
	const struct summary *S = fd->sum;
	uint64_t via = (a >> SUM_VAL) & S->ptrs, own = c & fd->own, m = a | (via << SUM_MEM);
	if (c & v->cs->escaped)
		return m | DEP_DATA;
	for (uint64_t b = own; b; b &= b - 1)
		for (unsigned j = 0; j < LANES; j++)
			if (l >> j & 1)
				m |= S->lcell[__builtin_ctzll(b) - DEP_PARAM_SHIFT][j];
	return via || own ? m : m | DEP_DATA;
}

/* Adds VAL to lanes L of the memory address operand O points into: the
** thread's own local arrays, and in a summary the effect on what a
** pointer parameter points to; whether anything changed. */
static int view_store_lanes(const struct view *v, uint32_t o, unsigned l, uint64_t val)
{
	struct fdeps *fd = &v->fds[v->fi];
	uint32_t ns = v->p->funcs[v->fi].nslots;
	uint64_t own = odk(fd->cell, ns, v->cs->kbit, o) & fd->own;
	if (v->mode == M_DEP)
		return own ? dcell_write(v->cs, v->fi, own, l, val) : 0;
	struct summary *S = fd->sum;
	int changed = 0;
	for (uint64_t b = (view_val(v, o) >> SUM_VAL) & S->ptrs; b; b &= b - 1)
		changed |= lanes_add(S->store[__builtin_ctzll(b)], l, val);
	for (uint64_t b = own; b; b &= b - 1)
		changed |= lanes_add(S->lcell[__builtin_ctzll(b) - DEP_PARAM_SHIFT], l, val);
	return changed;
}

/* view_store_lanes for W bytes (0: any number) at address operand O plus
** IMM. */
static int view_store(const struct view *v, uint32_t o, int64_t imm, unsigned w, uint64_t val)
{
	return view_store_lanes(v, o, lanes_of(view_off(v, o, imm), w), val);
}

/* Where call I's argument for parameter K of callee CF starts in its
** argument list, in *N its slots (0 when it passes fewer). */
static uint32_t arg_at(const struct func *cf, const struct insn *I, uint32_t k, uint32_t *n)
{
	uint32_t at = 0;
	for (uint32_t i = 0; i < k; i++)
		at += cf->params[i].nslots;
	*n = at < I->b ? cf->params[k].nslots : 0;
	if (at + *n > I->b)
		*n = I->b - at;
	return at;
}

/* Summary mask M of the callee of call I in the caller's terms (V): its
** parameters' bits replaced by what the arguments depend on and by what
** they point to holds. */
static uint64_t subst(const struct view *v, const struct insn *I, uint64_t m)
{
	const struct program *p = v->p;
	const struct func *cf = &p->funcs[(uint32_t)I->imm];
	uint64_t r = m & SUM_LOW;
	for (uint64_t b = (m >> SUM_VAL) & SUM_ALL; b; b &= b - 1) {
		uint32_t n, at = arg_at(cf, I, (uint32_t)__builtin_ctzll(b), &n);
		for (uint32_t e = 0; e < n; e++)
			if (I->x + at + e < p->narglists)
				r |= view_val(v, p->arglists[I->x + at + e]);
	}
	for (uint64_t b = (m >> SUM_MEM) & SUM_ALL; b; b &= b - 1) {
		uint32_t n, at = arg_at(cf, I, (uint32_t)__builtin_ctzll(b), &n);
		if (n && I->x + at < p->narglists)
			r |= view_mem(v, p->arglists[I->x + at], 0, 0);
	}
	return r;
}

/* The callee's (of call I, with a summary) stores through its pointer
** parameters, into the memory the caller's arguments point to; whether
** anything changed. */
static int call_stores(const struct view *v, const struct insn *I)
{
	const struct program *p = v->p;
	const struct summary *S = v->fds[(uint32_t)I->imm].sum;
	const struct func *cf = &p->funcs[(uint32_t)I->imm];
	int changed = 0;
	for (uint32_t k = 0; k < SUM_FORMALS && k < cf->nparams; k++) {
		uint32_t n, at = arg_at(cf, I, k, &n);
		if (n == 0 || I->x + at >= p->narglists)
			continue;
		/* lane j of what the callee stores lands where the argument
		** points, moved by its offset */
		uint32_t o = p->arglists[I->x + at];
		int64_t off = view_off(v, o, 0);
		for (unsigned j = 0; j < LANES; j++)
			if (S->store[k][j]) {
				changed |= view_store_lanes(v, o, lanes_shift(1u << j, off),
							    subst(v, I, S->store[k][j]));
			}
	}
	return changed;
}

/* Whether I calls a device function with a summary (FDS). */
static int summarised(const struct program *p, const struct fdeps *fds, const struct insn *I)
{
	return I->op == OP_CALL && (uint64_t)I->imm < p->nfuncs && fds[(uint32_t)I->imm].sum != NULL;
}

/* What instruction I depends on (V: M_DEP or M_SUM): as sources says, but
** for a load, as view_mem says (a call of a device function takes its
** summary's returns slot by slot: flow). */
static uint64_t dep_sources(const struct view *v, const struct insn *I)
{
	if (I->op == OP_LOAD)
		return view_mem(v, I->a, I->imm, I->w);
	return sources(v->p, masks(&v->fds[v->fi], v->mode), v->p->funcs[v->fi].nslots, NULL, I);
}

/* A copy's (MEMCPY I) effect on the memory the masks follow: lane by lane
** where both ends' offsets and the length are known (a dim3 copied whole),
** else what the source holds into every lane.  Whether anything changed. */
static int dep_copy(const struct view *v, const struct insn *I)
{
	const struct program *p = v->p;
	int64_t so = view_off(v, I->b, 0), dof = view_off(v, I->a, 0), n = -1;
	if (I->c != OPND_NONE && (I->c & OPND_CONST) && (I->c & ~OPND_CONST) < p->nconsts)
		n = (int64_t)p->consts[(size_t)(I->c & ~OPND_CONST) * 32];
	if (so == OFF_UNKNOWN || dof == OFF_UNKNOWN || so % 4 || dof % 4 || n <= 0 || n % 4
	    || n > LANES * 4)
		return view_store(v, I->a, 0, 0, view_mem(v, I->b, 0, 0));
	int changed = 0;
	for (int64_t b = 0; b < n; b += 4)
		changed |= view_store(v, I->a, b, 4, view_mem(v, I->b, b, 4));
	return changed;
}

/* What instruction I (V: M_DEP or M_SUM) writes into memory: a store's or
** a memset's value, an atomic's with DEP_DATA, a copy's source's contents,
** and a summarised callee's stores; whether anything changed. */
static int dep_stores(const struct view *v, const struct insn *I)
{
	switch (I->op) {
	case OP_STORE:
		return view_store(v, I->a, I->imm, I->w, view_val(v, I->b));
	case OP_MEMSET:
		return view_store(v, I->a, 0, 0, view_val(v, I->b));
	case OP_ATOMIC:
		return view_store(v, I->a, 0, 0, DEP_DATA | view_val(v, I->b));
	case OP_CMPXCHG:
		return view_store(v, I->a, 0, 0, DEP_DATA | view_val(v, I->c));
	case OP_MEMCPY:
		return dep_copy(v, I);
	case OP_CALL:
		return summarised(v->p, v->fds, I) ? call_stores(v, I) : 0;
	default:
		return 0;
	}
}

/* What instruction I's results point into (M_PTR) or come from the
** contents of (M_DATA), by its operands (FD's masks, NS slots): as
** sources says for the dependence masks, plus, for the contents, the
** buffers a load, an atomic or a call reads through (a field of a
** by-value struct is no memory), and what the cells it reads (of function
** FI, CS) hold. */
static uint64_t buf_sources(const struct program *p, const struct fdeps *fd,
			    const struct cells *cs, uint32_t fi, const struct insn *I,
			    enum mode mode)
{
	uint32_t ns = p->funcs[fi].nslots;
	uint64_t m = sources(p, masks(fd, mode), ns, NULL, I) & PARAM_BITS;
	switch (I->op) {
	case OP_LOAD:
		if (od(fd->dep, ns, I->a) & DEP_BYVAL)
			break;
		if (mode == M_DATA)
			m |= od(fd->ptr, ns, I->a) & PARAM_BITS;
		m |= cell_read(cs, fi, odk(fd->cell, ns, cs->kbit, I->a), mode);
		break;
	case OP_ATOMIC: case OP_CMPXCHG:
		if (mode == M_DATA)
			m |= od(fd->ptr, ns, I->a) & PARAM_BITS;
		m |= cell_read(cs, fi, odk(fd->cell, ns, cs->kbit, I->a), mode);
		break;
	case OP_CALL: case OP_ICALL:
		if (mode == M_DATA)
			m |= sources(p, fd->ptr, ns, NULL, I) & PARAM_BITS;
		break;
	default:
		break;
	}
	return m;
}

/* What instruction I of function FI writes into the kernel's cells (CS)
** of what its value points into (M_PTR) or comes from (M_DATA): a store's,
** an atomic's or a cmpxchg's value, a copy's source (the buffers it points
** into are what it reads, as a load's), a memset's byte.  Whether anything
** changed. */
static int cell_stores(const struct program *p, const struct fdeps *fd, struct cells *cs,
		       uint32_t fi, const struct insn *I, enum mode mode)
{
	uint32_t ns = p->funcs[fi].nslots;
	const uint64_t *m = masks(fd, mode);
	uint64_t to = odk(fd->cell, ns, cs->kbit, I->a), v;
	switch (I->op) {
	case OP_STORE: case OP_ATOMIC:
		v = od(m, ns, I->b);
		break;
	case OP_CMPXCHG:
		v = od(m, ns, I->c);
		break;
	case OP_MEMSET:
		v = mode == M_DATA ? od(m, ns, I->b) : 0;
		break;
	case OP_MEMCPY:
		v = od(m, ns, I->b) | (mode == M_DATA ? od(fd->ptr, ns, I->b) : 0)
		    | cell_read(cs, fi, odk(fd->cell, ns, cs->kbit, I->b), mode);
		break;
	default:
		return 0;
	}
	return to ? cell_write(cs, fi, to, v, mode) : 0;
}

/* Adds M to the slots of the parameters of function G that receive the
** arguments of CALL/ICALL I (a constant argument by KMASK, as odk);
** whether anything changed. */
static int pass_args(const struct program *p, struct fdeps *fds, uint32_t caller, uint32_t g,
		     const struct insn *I, enum mode mode, const uint64_t *kmask)
{
	const struct func *cf = &p->funcs[g];
	const struct func *f = &p->funcs[caller];
	uint64_t *cd = masks(&fds[g], mode);
	int changed = 0;
	uint32_t n = 0;
	if (cd == NULL)
		return 0;
	for (uint32_t i = 0; i < cf->nparams; i++)
		for (uint32_t e = 0; e < cf->params[i].nslots && n < I->b; e++, n++) {
			uint32_t s = cf->param_slot[i] + e;
			if (s >= cf->nslots || I->x + n >= p->narglists)
				continue;
			uint64_t m = odk(masks(&fds[caller], mode), f->nslots, kmask,
					 p->arglists[I->x + n]);
			if ((cd[s] | m) != cd[s]) {
				cd[s] |= m;
				changed = 1;
			}
		}
	return changed;
}

/*
** One function's (FI's) masks of MODE to their fixed point, with the
** kernel's cells (CS) in the buffer and dependence modes; whether anything
** changed, here, in a callee's parameters, in a cell or in its summary
** (M_SUM, which takes nothing from the callers).
*/
static int flow(const struct program *p, struct fdeps *fds, struct cells *cs, uint32_t fi,
		enum mode mode)
{
	const struct func *f = &p->funcs[fi];
	struct fdeps *fd = &fds[fi];
	uint64_t *dep = masks(fd, mode);
	const uint64_t *kmask = mode == M_CELL ? cs->kbit : NULL;
	const struct view v = { p, fds, cs, fi, mode };
	const int deps = mode == M_DEP || mode == M_SUM;
	uint32_t ns = f->nslots;
	int any = 0;
	if (dep == NULL)
		return 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			uint32_t nd = prog_insn_ndests(I);
			if (nd) {
				/* a device function's result: each slot from its own
				** return slot of the summary */
				const struct summary *S = deps && summarised(p, fds, I)
							  ? fds[(uint32_t)I->imm].sum : NULL;
				uint64_t m = S != NULL ? 0
					     : deps ? dep_sources(&v, I)
					     : mode == M_CELL ? cell_sources(p, cs, dep, ns, fi, pc, I)
					     : buf_sources(p, fd, cs, fi, I, mode);
				for (uint32_t k = 0; k < nd; k++) {
					uint32_t s = I->d + k;
					uint32_t rk = k < RET_SLOTS ? k : RET_SLOTS - 1;
					uint64_t mk = S != NULL ? subst(&v, I, S->ret[rk]) : m;
					if (s < ns && (dep[s] | mk) != dep[s]) {
						dep[s] |= mk;
						changed = 1;
					}
				}
			}
			if (deps)
				any |= dep_stores(&v, I);
			else if (mode != M_CELL)
				changed |= cell_stores(p, fd, cs, fi, I, mode);
			if (mode == M_SUM && I->op == OP_RET && I->a != OPND_NONE)
				for (uint32_t e = 0; e < I->b; e++) {
					uint64_t *r = &fd->sum->ret[e < RET_SLOTS ? e : RET_SLOTS - 1];
					uint64_t m = od(dep, ns, I->a + e);
					any |= (*r | m) != *r;
					*r |= m;
				}
			/* a summary takes nothing from its callers */
			if (mode == M_SUM)
				continue;
			if (I->op == OP_CALL && (uint64_t)I->imm < p->nfuncs)
				any |= pass_args(p, fds, fi, (uint32_t)I->imm, I, mode, kmask);
			if (I->op == OP_ICALL) {
				/* any function this many argument slots fits */
				for (uint32_t g = 0; g < p->nfuncs; g++) {
					const struct func *cf = &p->funcs[g];
					uint32_t want = 0;
					for (uint32_t i = 0; i < cf->nparams; i++)
						want += cf->params[i].nslots;
					if (cf->code && !cf->is_kernel && want == I->b)
						any |= pass_args(p, fds, fi, g, I, mode, kmask);
				}
			}
		}
		/* a loop bounds what its counters point into by nothing */
		for (uint32_t l = 0; (deps || mode == M_DATA) && l < fd->nloops; l++) {
			const struct loop *L = &fd->loops[l];
			uint64_t c = 0;
			for (uint32_t k = 0; k < L->nconds; k++)
				c |= od(dep, ns, L->conds[k]);
			c &= ~DEP_BYVAL;
			for (uint32_t k = 0; k < L->ncarried; k++)
				if ((dep[L->carried[k]] | c) != dep[L->carried[k]]) {
					dep[L->carried[k]] |= c;
					changed = 1;
				}
		}
		any |= changed;
	}
	return any;
}

/* The parameters a comparison of X with OTHER counts (struct func
** counts): X's, when X is parameters alone and OTHER a coordinate. */
static uint64_t count_side(uint64_t x, uint64_t other)
{
	const uint64_t coords = DEP_TID_X | DEP_TID_Y | DEP_TID_Z | DEP_CTAID_X | DEP_CTAID_Y
				| DEP_CTAID_Z;
	if (!(other & coords) || (x & (DEP_ALL & ~(uint64_t)DEP_PARAM)))
		return 0;
	return x >> DEP_PARAM_SHIFT;
}

/* Numbers P's shared variables (the dynamic segment one) into CS's cells,
** gives each constant of the pool that points into one its bit, and each
** function the kernels that call it, directly or through device functions
** (not through a function pointer: what such a callee stores is not
** followed). */
static void cells_init(const struct program *p, struct cells *cs)
{
	uint32_t maxid = 0;
	for (uint32_t g = 0; g < p->ngvars; g++)
		if (p->gvars[g].space == AS_SHARED && p->gvars[g].alloc_id > maxid)
			maxid = p->gvars[g].alloc_id;
	uint32_t *num = xmalloc((maxid + 1) * sizeof *num);
	for (uint32_t i = 0; i <= maxid; i++)
		num[i] = UINT32_MAX;
	for (uint32_t g = 0; g < p->ngvars; g++)
		if (p->gvars[g].space == AS_SHARED && num[p->gvars[g].alloc_id] == UINT32_MAX)
			num[p->gvars[g].alloc_id] = cs->nshared++;
	cs->kbit = xcalloc(p->nconsts ? p->nconsts : 1, sizeof *cs->kbit);
	for (uint32_t i = 0; i < p->nconsts; i++) {
		uint64_t v = p->consts[(size_t)i * 32];
		uint32_t id = MEM_ID(v);
		if (id != 0 && id <= maxid && num[id] != UINT32_MAX && (v & MEM_OFF_MASK) >= MEM_BASE)
			cs->kbit[i] = cell_bit(num[id]);
	}
	free(num);
	size_t nf = p->nfuncs ? p->nfuncs : 1;
	cs->fk = xcalloc(nf, sizeof *cs->fk);
	cs->nfk = xcalloc(nf, sizeof *cs->nfk);
	uint32_t *cap = xcalloc(nf, sizeof *cap), *seen = xmalloc(nf * sizeof *seen);
	uint32_t *stack = xmalloc(nf * sizeof *stack);
	for (uint32_t fi = 0; fi < p->nfuncs; fi++)
		seen[fi] = UINT32_MAX;
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		if (!p->funcs[fi].is_kernel || p->funcs[fi].code == NULL)
			continue;
		uint32_t k = cs->nk++, sp = 0;
		seen[fi] = k;
		stack[sp++] = fi;
		while (sp) {
			const struct func *f = &p->funcs[stack[--sp]];
			VEC_PUSH(cs->fk[f - p->funcs], cs->nfk[f - p->funcs], cap[f - p->funcs], k);
			for (uint32_t pc = 0; pc < f->ncode; pc++) {
				uint64_t g = (uint64_t)f->code[pc].imm;
				if (f->code[pc].op == OP_CALL && g < p->nfuncs && p->funcs[g].code
				    && seen[g] != k) {
					seen[g] = k;
					stack[sp++] = (uint32_t)g;
				}
			}
		}
	}
	free(cap);
	free(seen);
	free(stack);
	cs->ptr = xcalloc(cs->nk ? cs->nk : 1, sizeof *cs->ptr);
	cs->data = xcalloc(cs->nk ? cs->nk : 1, sizeof *cs->data);
	cs->dep = xcalloc(cs->nk ? cs->nk : 1, sizeof *cs->dep);
	for (uint32_t g = 0; g < cs->nshared && g < CELL_BITS; g++)
		cs->shared |= cell_bit(g);
}

static void cells_free(const struct program *p, struct cells *cs)
{
	for (uint32_t fi = 0; fi < p->nfuncs; fi++)
		free(cs->fk[fi]);
	free(cs->fk);
	free(cs->nfk);
	free(cs->kbit);
	free(cs->ptr);
	free(cs->data);
	free(cs->dep);
}

/* A comparison in a branch's condition (ICMP at pc), and whether the side
** of the branch taken holds it true. */
struct term {
	uint32_t pc;
	int holds;
};
#define MAX_TERMS 8

/* The comparisons (into T, N so far) the value of SLOT of F is HOLDS on
** one side of a branch: itself, both sides of an `&&` that holds or of an
** `||` that fails, through a negation.  WR: each slot's only writer (pc),
** UINT32_MAX for none or several (a phi's slot).  Returns the new N. */
static uint32_t cond_terms(const struct program *p, const struct func *f, const uint32_t *wr,
			   uint32_t slot, int holds, int depth, struct term *t, uint32_t n)
{
	if ((slot & OPND_CONST) || slot >= f->nslots || wr[slot] == UINT32_MAX || depth > 4
	    || n >= MAX_TERMS)
		return n;
	const struct insn *I = &f->code[wr[slot]];
	switch (I->op) {
	case OP_ICMP:
		t[n++] = (struct term){ wr[slot], holds };
		return n;
	case OP_MOV:
		return cond_terms(p, f, wr, I->a, holds, depth + 1, t, n);
	case OP_AND: case OP_OR:
		if ((I->op == OP_AND) != (holds != 0))
			return n;
		n = cond_terms(p, f, wr, I->a, holds, depth + 1, t, n);
		return cond_terms(p, f, wr, I->b, holds, depth + 1, t, n);
	case OP_XOR:	/* a negation: x ^ true */
		if ((I->b & OPND_CONST) && (I->b & ~OPND_CONST) < p->nconsts
		    && (p->consts[(size_t)(I->b & ~OPND_CONST) * 32] & 1))
			return cond_terms(p, f, wr, I->a, !holds, depth + 1, t, n);
		return n;
	default:
		return n;
	}
}

/* Which operand of ICMP I the side where it HOLDS keeps at or below the
** other: 0 for a, 1 for b; -1 for an equality. */
static int bounded_side(const struct insn *I, int holds)
{
	switch (I->f) {
	case ICMP_ULT: case ICMP_ULE: case ICMP_SLT: case ICMP_SLE:
		return holds ? 0 : 1;
	case ICMP_UGT: case ICMP_UGE: case ICMP_SGT: case ICMP_SGE:
		return holds ? 1 : 0;
	default:
		return -1;
	}
}

/* The address mask (of DEP) of memory instruction I; 0 for another. */
static uint64_t access_dep(const uint64_t *dep, uint32_t ns, const struct insn *I)
{
	switch (I->op) {
	case OP_LOAD: case OP_STORE: case OP_ATOMIC: case OP_CMPXCHG: case OP_MEMSET:
		return od(dep, ns, I->a);
	case OP_MEMCPY:
		return od(dep, ns, I->a) | od(dep, ns, I->b);
	default:
		return 0;
	}
}

/* Adds the buffers (of FD's contents masks) that bound side SIDE (1: its
** condition holds) of branch T, leaving block B of G, to EXTRA for the
** accesses that side leads to, as guard_bufs says. */
static void guard_side(const struct program *p, const struct func *f, const struct fdeps *fd,
		       const struct cfg *g, const uint32_t *wr, uint32_t b, const struct insn *T,
		       int side, uint64_t *extra)
{
	const uint64_t coords = DEP_TID_X | DEP_TID_Y | DEP_TID_Z | DEP_CTAID_X | DEP_CTAID_Y
				| DEP_CTAID_Z;
	uint32_t ns = f->nslots, to = side ? (uint32_t)T->imm : T->x;
	if (to >= f->ncode || g->blk[to] == b || g->npred[g->blk[to]] != 1)
		return;
	struct term t[MAX_TERMS];
	uint32_t n = cond_terms(p, f, wr, T->a, side, 0, t, 0);
	for (uint32_t i = 0; i < n; i++) {
		const struct insn *C = &f->code[t[i].pc];
		int sd = bounded_side(C, t[i].holds);
		if (sd < 0)
			continue;
		uint64_t xd = od(fd->dep, ns, sd ? C->b : C->a);
		uint64_t ym = od(fd->data, ns, sd ? C->a : C->b) & PARAM_BITS;
		if (!(xd & coords) || (xd & DEP_DATA) || !ym)
			continue;
		for (uint32_t c = 0; c < g->nb; c++) {
			if (!dominates(g, g->blk[to], c))
				continue;
			for (uint32_t pc = g->start[c]; pc < g->start[c + 1]; pc++)
				if (access_dep(fd->dep, ns, &f->code[pc]) & xd & coords)
					extra[pc] |= ym;
		}
	}
}

/*
** Rule 12's guards in function F (FD's masks, G its graph): a conditional
** branch that compares a value X computed from the thread's coordinates
** (and no memory) with a value Y read from buffers bounds, on its side
** where X stays at or below Y, the accesses that side leads to (the
** blocks its successor there dominates, when it has no other predecessor)
** whose address computes with X's coordinates: their index assumes Y's
** buffers (`if (i < *len) dst[i] = src[i]`), which EXTRA (per pc, bits as
** a data mask) gets.  A flag (`if (flag[0]) out[i] = x`) compares no
** coordinate, an equality bounds nothing, and the accesses of the other
** side or after the branch's sides meet are not bounded by it.
*/
static void guard_bufs(const struct program *p, const struct func *f, const struct fdeps *fd,
		       const struct cfg *g, uint64_t *extra)
{
	uint32_t *wr = xmalloc((f->nslots ? f->nslots : 1) * sizeof *wr);
	for (uint32_t s = 0; s < f->nslots; s++)
		wr[s] = UINT32_MAX;
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		const struct insn *I = &f->code[pc];
		uint32_t nd = prog_insn_ndests(I);
		for (uint32_t k = 0; k < nd; k++)
			if (I->d + k < f->nslots)
				wr[I->d + k] = wr[I->d + k] == UINT32_MAX ? pc : UINT32_MAX - 1;
	}
	for (uint32_t s = 0; s < f->nslots; s++)
		if (wr[s] == UINT32_MAX - 1)
			wr[s] = UINT32_MAX;
	for (uint32_t b = 0; b < g->nb; b++) {
		const struct insn *T = &f->code[g->start[b + 1] - 1];
		if (g->rpo[b] == UINT32_MAX || T->op != OP_CBR)
			continue;
		guard_side(p, f, fd, g, wr, b, T, 1, extra);
		guard_side(p, f, fd, g, wr, b, T, 0, extra);
	}
	free(wr);
}

/* The byte offset each slot of function F points at (FD's off): 0 for an
** ALLOCA and a pointer parameter, moved by PTRADD and by PTRIDX of a
** constant, kept by MOV; OFF_UNKNOWN for anything else, and for a slot
** two writes disagree on (a phi). */
/* The offset MOV, PTRADD or PTRIDX I gives a pointer at offset A
** (OFF_UNKNOWN for a variable index, an unknown A or an overflow). */
static int64_t moved_off(const struct program *p, const struct insn *I, int64_t a)
{
	int64_t by = 0, o;
	if (a == OFF_UNKNOWN)
		return OFF_UNKNOWN;
	if (I->op == OP_PTRADD)
		by = I->imm;
	else if (I->op == OP_PTRIDX
		 && (I->b == OPND_NONE || !(I->b & OPND_CONST) || (I->b & ~OPND_CONST) >= p->nconsts
		     || __builtin_mul_overflow((int64_t)p->consts[(size_t)(I->b & ~OPND_CONST) * 32],
					       I->imm, &by)))
		return OFF_UNKNOWN;
	return __builtin_add_overflow(a, by, &o) || o == OFF_UNKNOWN ? OFF_UNKNOWN : o;
}

static void slot_offsets(const struct program *p, const struct func *f, struct fdeps *fd)
{
	uint32_t ns = f->nslots;
	int64_t *off = fd->off = xmalloc((ns ? ns : 1) * sizeof *off);
	/* per slot: 0 no write seen yet, 1 one offset, 2 none */
	uint8_t *st = xcalloc(ns ? ns : 1, 1);
	for (uint32_t s = 0; s < ns; s++)
		off[s] = OFF_UNKNOWN;
	for (uint32_t i = 0; i < f->nparams; i++)
		if (f->params[i].is_ptr && f->param_slot[i] < ns) {
			off[f->param_slot[i]] = 0;
			st[f->param_slot[i]] = 1;
		}
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			uint32_t nd = prog_insn_ndests(I);
			for (uint32_t k = 0; k < nd; k++) {
				uint32_t d = I->d + k;
				int from = I->op == OP_MOV || I->op == OP_PTRADD || I->op == OP_PTRIDX;
				if (d >= ns || st[d] == 2 || (from && (I->a >= ns || st[I->a] == 0)))
					continue;	/* its operand's offset comes later */
				int64_t o = nd != 1 ? OFF_UNKNOWN
					    : from ? moved_off(p, I, off[I->a])
					    : I->op == OP_ALLOCA ? 0 : OFF_UNKNOWN;
				if (st[d] == 0 && o != OFF_UNKNOWN) {
					off[d] = o;
					st[d] = 1;
					changed = 1;
				} else if (o == OFF_UNKNOWN || off[d] != o) {
					off[d] = OFF_UNKNOWN;
					st[d] = 2;
					changed = 1;
				}
			}
		}
	}
	free(st);
}

/* Marks in CS the cells whose address P stores into memory (a pointer to
** them kept in a struct, a lambda's capture by reference: what is stored
** through such a pointer is not followed), or gives to a function without
** code, a function pointer or a child grid.  FDS' cell masks are done. */
static void mark_escapes(const struct program *p, const struct fdeps *fds, struct cells *cs)
{
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		const struct func *f = &p->funcs[fi];
		const struct fdeps *fd = &fds[fi];
		if (fd->cell == NULL)
			continue;
		for (uint32_t pc = 0; pc < f->ncode; pc++) {
			const struct insn *I = &f->code[pc];
			uint64_t m = 0;
			if (I->op == OP_STORE || I->op == OP_ATOMIC)
				m = odk(fd->cell, f->nslots, cs->kbit, I->b);
			else if (I->op == OP_CMPXCHG)
				m = odk(fd->cell, f->nslots, cs->kbit, I->c);
			else if ((I->op == OP_CALL && !summarised(p, fds, I)) || I->op == OP_ICALL
				 || I->op == OP_DLAUNCH)
				m = sources(p, fd->cell, f->nslots, cs->kbit, I);
			cs->escaped |= m & PARAM_BITS;
		}
	}
}

/* Function FI's own cells (FD), and a device function's summary with
** its parameters' bits. */
static void sum_init(const struct program *p, const struct cells *cs, uint32_t fi, struct fdeps *fd)
{
	const struct func *f = &p->funcs[fi];
	for (uint32_t pc = 0; pc < f->ncode; pc++)
		if (f->code[pc].op == OP_ALLOCA)
			fd->own |= alloca_cell(cs, fi, pc);
	fd->own &= ~cs->shared;
	slot_offsets(p, f, fd);
	if (f->is_kernel)
		return;
	struct summary *S = fd->sum = xcalloc(1, sizeof *fd->sum);
	S->slot = xcalloc(f->nslots ? f->nslots : 1, sizeof *S->slot);
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		uint64_t m = i < SUM_FORMALS ? UINT64_C(1) << (SUM_VAL + i) : DEP_DATA;
		if (i < SUM_FORMALS && (pa->is_ptr || pa->byval))
			S->ptrs |= UINT32_C(1) << i;
		for (uint32_t e = 0; e < pa->nslots; e++)
			if (f->param_slot[i] + e < f->nslots)
				S->slot[f->param_slot[i] + e] |= m;
	}
}

/* Sets the masks of the sites and subscript checks of function FI of P
** from FD (EXTRA: per pc, buffers a guard adds to an access's, or NULL),
** and the function's guards and counts. */
static void set_sites(struct program *p, uint32_t fi, const struct fdeps *fd,
		      const uint64_t *extra)
{
	const struct func *f = &p->funcs[fi];
	const uint64_t *dep = fd->dep, *data = fd->data;
	uint32_t ns = f->nslots;
	const uint64_t coords = DEP_TID_X | DEP_TID_Y | DEP_TID_Z | DEP_CTAID_X | DEP_CTAID_Y
				| DEP_CTAID_Z;
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		const struct insn *I = &f->code[pc];
		uint64_t m, dm;
		uint32_t site = UINT32_MAX;
		/* a bounds check: a branch on the thread's coordinates (a value
		** read from memory, which carries its address's, is none) */
		if ((I->op == OP_CBR || I->op == OP_SWITCH) && (od(dep, ns, I->a) & coords)
		    && !(od(dep, ns, I->a) & DEP_DATA)) {
			static const uint64_t at[6] = { DEP_TID_X, DEP_TID_Y, DEP_TID_Z,
							DEP_CTAID_X, DEP_CTAID_Y, DEP_CTAID_Z };
			uint64_t c = od(dep, ns, I->a);
			p->funcs[fi].guards |= c >> DEP_PARAM_SHIFT;
			for (unsigned k = 0; k < 6; k++)
				if (c & at[k])
					p->funcs[fi].guard_at[k] |= c >> DEP_PARAM_SHIFT;
		}
		if (I->op == OP_ICMP)
			p->funcs[fi].counts |= count_side(od(dep, ns, I->a), od(dep, ns, I->b))
					       | count_side(od(dep, ns, I->b), od(dep, ns, I->a));
		switch (I->op) {
		case OP_LOAD: case OP_STORE: case OP_ATOMIC: case OP_CMPXCHG:
			m = od(dep, ns, I->a);
			dm = od(data, ns, I->a);
			site = I->x;
			break;
		/* the bytes touched depend on the length too: a memset
		** past a buffer by a length the host chose is the
		** host's doing, as an index it passed is */
		case OP_MEMSET:
			m = od(dep, ns, I->a) | od(dep, ns, I->c);
			dm = od(data, ns, I->a) | od(data, ns, I->c);
			site = I->x;
			break;
		case OP_MEMCPY:
			m = od(dep, ns, I->a) | od(dep, ns, I->b) | od(dep, ns, I->c);
			dm = od(data, ns, I->a) | od(data, ns, I->b) | od(data, ns, I->c);
			site = I->x;
			break;
		case OP_TEX: case OP_SULD: case OP_SUST:
			m = coords_dep(dep, ns, I);
			dm = coords_dep(data, ns, I);
			site = I->x;
			break;
		case OP_CALL:	/* the contents behind the pointers it takes
				   (atomicMin's address, not its value) */
			m = args_dep(p, dep, ns, NULL, I);
			dm = ptr_args_dep(p, data, ns, I);
			site = I->a;
			break;
		case OP_ICALL:
			m = od(dep, ns, I->a) | args_dep(p, dep, ns, NULL, I);
			dm = od(data, ns, I->a) | args_dep(p, data, ns, NULL, I);
			site = (uint32_t)I->imm;
			break;
		case OP_SUBCHK:
			if (I->x < p->nsubs)
				p->subs[I->x].dep = od(dep, ns, I->a) & DEP_ALL;
			continue;
		default:
			continue;
		}
		if (extra != NULL)
			dm |= extra[pc];
		if (site < p->nsites) {
			p->sites[site].dep = m & DEP_ALL;
			p->sites[site].params = m >> DEP_PARAM_SHIFT;
			p->sites[site].bufs = dm >> DEP_PARAM_SHIFT;
			if (I->op == OP_CALL)
				p->sites[site].ptr_dep = ptr_args_dep(p, dep, ns, I) & DEP_ALL;
		}
	}
}

/*
** (program.h) Per function: its graph and loops, the kernel parameters'
** bits; then every mode's masks to their fixed point over the whole
** program, the guards' buffers, and the sites.
*/
void prog_compute_deps(struct program *p)
{
	struct fdeps *fds = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof *fds);
	struct cfg *cfgs = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof *cfgs);
	struct cells cs = { 0 };
	cells_init(p, &cs);
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		const struct func *f = &p->funcs[fi];
		if (f->code == NULL)
			continue;
		size_t n = f->nslots ? f->nslots : 1;
		fds[fi].dep = xcalloc(n, sizeof *fds[fi].dep);
		fds[fi].ptr = xcalloc(n, sizeof *fds[fi].ptr);
		fds[fi].data = xcalloc(n, sizeof *fds[fi].data);
		fds[fi].cell = xcalloc(n, sizeof *fds[fi].cell);
		cfg_build(p, f, &cfgs[fi]);
		find_loops(f, &cfgs[fi], &fds[fi]);
		if (!f->is_kernel)
			continue;
		for (uint32_t i = 0; i < f->nparams; i++) {
			const struct param *pa = &f->params[i];
			uint64_t m = pa->byval ? DEP_BYVAL : pa->is_ptr ? 0 : DEP_PARAM;
			uint64_t bit = i < PROG_DEP_PARAMS ? UINT64_C(1) << (DEP_PARAM_SHIFT + i) : 0;
			if (!pa->is_ptr)
				m |= bit;
			for (uint32_t e = 0; e < pa->nslots; e++)
				if (f->param_slot[i] + e < f->nslots) {
					fds[fi].dep[f->param_slot[i] + e] |= m;
					if (pa->is_ptr || pa->byval)
						fds[fi].ptr[f->param_slot[i] + e] |= bit;
				}
		}
	}
	for (uint32_t fi = 0; fi < p->nfuncs; fi++)
		if (fds[fi].dep != NULL)
			sum_init(p, &cs, fi, &fds[fi]);
	/* the cells (which the others read local arrays by), the device
	** functions' summaries, the dependence masks (a call's results by
	** its callee's summary), what points where, the contents */
	static const enum mode order[] = { M_CELL, M_SUM, M_DEP, M_PTR, M_DATA };
	for (unsigned o = 0; o < sizeof order / sizeof *order; o++) {
		for (int changed = 1; changed;) {
			changed = 0;
			for (uint32_t fi = 0; fi < p->nfuncs; fi++)
				if (fds[fi].dep != NULL)
					changed |= flow(p, fds, &cs, fi, order[o]);
		}
		if (order[o] == M_CELL)
			mark_escapes(p, fds, &cs);
	}
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		const struct func *f = &p->funcs[fi];
		if (fds[fi].dep == NULL)
			continue;
		uint64_t *extra = xcalloc(f->ncode ? f->ncode : 1, sizeof *extra);
		guard_bufs(p, f, &fds[fi], &cfgs[fi], extra);
		set_sites(p, fi, &fds[fi], extra);
		free(extra);
	}
	for (uint32_t fi = 0; fi < p->nfuncs; fi++) {
		for (uint32_t l = 0; l < fds[fi].nloops; l++) {
			free(fds[fi].loops[l].conds);
			free(fds[fi].loops[l].carried);
		}
		free(fds[fi].loops);
		free(fds[fi].dep);
		free(fds[fi].ptr);
		free(fds[fi].data);
		free(fds[fi].cell);
		free(fds[fi].off);
		if (fds[fi].sum != NULL)
			free(fds[fi].sum->slot);
		free(fds[fi].sum);
		if (p->funcs[fi].code != NULL)
			cfg_free(&cfgs[fi]);
	}
	free(cfgs);
	cells_free(p, &cs);
	free(fds);
}
