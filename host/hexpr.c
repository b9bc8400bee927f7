/*
** hexpr.c: the host sites without LLVM (hostsite.h): folding constants,
** evaluating an expression for given variables (the search's view of a
** launch the host code makes), printing (--dump-hostmap) and freeing.
** The reader that builds them from host IR is lower_host.c.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "host/hexpr_int.h"
#include "host/hostsite.h"

#define EVAL_MAX_DEPTH 4096		/* hexpr_eval's recursion (hand-made trees) */

/* ---- values ------------------------------------------------------------- */

uint64_t hexpr_mask_of(unsigned w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

unsigned hexpr_swap_pred(unsigned pred)
{
	static const uint8_t sw[] = { [HP_EQ] = HP_EQ, [HP_NE] = HP_NE, [HP_ULT] = HP_UGT,
				      [HP_ULE] = HP_UGE, [HP_UGT] = HP_ULT, [HP_UGE] = HP_ULE,
				      [HP_SLT] = HP_SGT, [HP_SLE] = HP_SGE, [HP_SGT] = HP_SLT,
				      [HP_SGE] = HP_SLE };
	return sw[pred];
}

/* V's low W bits as a signed number. */
int64_t hexpr_sx(uint64_t v, unsigned w)
{
	if (w >= 64)
		return (int64_t)v;
	uint64_t m = UINT64_C(1) << (w - 1);
	v &= hexpr_mask_of(w);
	return (int64_t)((v ^ m) - m);
}

static double fp_get(uint64_t bits, unsigned w)
{
	if (w == 32) {
		uint32_t b = (uint32_t)bits;
		float f;
		memcpy(&f, &b, sizeof f);
		return f;
	}
	double d;
	memcpy(&d, &bits, sizeof d);
	return d;
}

uint64_t hexpr_fp_put(double d, unsigned w)
{
	if (w == 32) {
		float f = (float)d;
		uint32_t b;
		memcpy(&b, &f, sizeof b);
		return b;
	}
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

static int is_binop(unsigned op)
{
	return (op >= HX_ADD && op <= HX_XOR) || op == HX_ICMP || (op >= HX_SMIN && op <= HX_FDIV)
	       || (op >= HX_FMIN && op <= HX_FPOW);
}

int hexpr_is_cast(unsigned op)
{
	return op == HX_ZEXT || op == HX_SEXT || op == HX_TRUNC || (op >= HX_SITOFP && op <= HX_FPTRUNC);
}

int hexpr_is_fmath(unsigned op)
{
	return op >= HX_FCEIL && op <= HX_FPOW;
}

unsigned hexpr_nops(unsigned op)
{
	if (op == HX_CONST || op == HX_VAR)
		return 0;
	if (hexpr_is_cast(op) || (op >= HX_FCEIL && op < HX_FMIN))
		return 1;
	return op == HX_SELECT ? 3 : 2;
}

/* Integer operator OP on W-bit A and B (PRED for HX_ICMP).  0, or -1 where
** the result is undefined: division by zero, a shift by W or more. */
int hexpr_fold_int(unsigned op, unsigned pred, unsigned w, uint64_t a, uint64_t b, uint64_t *out)
{
	uint64_t m = hexpr_mask_of(w);
	int64_t sa = hexpr_sx(a, w), sb = hexpr_sx(b, w);
	a &= m;
	b &= m;
	uint64_t r;
	switch (op) {
	case HX_ADD: r = a + b; break;
	case HX_SUB: r = a - b; break;
	case HX_MUL: r = a * b; break;
	case HX_UDIV:
	case HX_UREM:
		if (b == 0)
			return -1;
		r = op == HX_UDIV ? a / b : a % b;
		break;
	case HX_SDIV:
	case HX_SREM:
		if (b == 0)
			return -1;
		if (sb == -1)	/* INT_MIN / -1 wraps to INT_MIN (and C traps on it) */
			r = op == HX_SDIV ? (uint64_t)0 - a : 0;
		else
			r = (uint64_t)(op == HX_SDIV ? sa / sb : sa % sb);
		break;
	case HX_SHL:
	case HX_LSHR:
	case HX_ASHR:
		if (b >= w)
			return -1;
		r = op == HX_SHL ? a << b : op == HX_LSHR ? a >> b
			: (uint64_t)(sa < 0 ? ~(~(uint64_t)sa >> b) : (uint64_t)sa >> b);
		break;
	case HX_AND: r = a & b; break;
	case HX_OR: r = a | b; break;
	case HX_XOR: r = a ^ b; break;
	case HX_SMIN: r = sa < sb ? a : b; break;
	case HX_SMAX: r = sa > sb ? a : b; break;
	case HX_UMIN: r = a < b ? a : b; break;
	case HX_UMAX: r = a > b ? a : b; break;
	case HX_ICMP:
		switch (pred) {
		case HP_EQ: r = a == b; break;
		case HP_NE: r = a != b; break;
		case HP_ULT: r = a < b; break;
		case HP_ULE: r = a <= b; break;
		case HP_UGT: r = a > b; break;
		case HP_UGE: r = a >= b; break;
		case HP_SLT: r = sa < sb; break;
		case HP_SLE: r = sa <= sb; break;
		case HP_SGT: r = sa > sb; break;
		case HP_SGE: r = sa >= sb; break;
		default: return -1;
		}
		*out = r;
		return 0;
	default:
		return -1;
	}
	*out = r & m;
	return 0;
}

/* IEEE operator OP on floats of W bits (32 or 64). */
int hexpr_fold_float(unsigned op, unsigned w, uint64_t a, uint64_t b, uint64_t *out)
{
	if (w != 32 && w != 64)
		return -1;
	if (w == 32) {
		float x = (float)fp_get(a, 32), y = (float)fp_get(b, 32), r;
		switch (op) {
		case HX_FADD: r = x + y; break;
		case HX_FSUB: r = x - y; break;
		case HX_FMUL: r = x * y; break;
		case HX_FDIV: r = x / y; break;
		default: return -1;
		}
		*out = hexpr_fp_put(r, 32);
		return 0;
	}
	double x = fp_get(a, 64), y = fp_get(b, 64), r;
	switch (op) {
	case HX_FADD: r = x + y; break;
	case HX_FSUB: r = x - y; break;
	case HX_FMUL: r = x * y; break;
	case HX_FDIV: r = x / y; break;
	default: return -1;
	}
	*out = hexpr_fp_put(r, 64);
	return 0;
}

/* C's math function OP on W-bit floats A and B: the float functions
** (ceilf, ...) for W = 32, the double ones for 64, so that a value is
** the one the program computes with the same C library. */
int hexpr_fold_fmath(unsigned op, unsigned w, uint64_t a, uint64_t b, uint64_t *out)
{
	if (w != 32 && w != 64)
		return -1;
	double x = fp_get(a, w), y = fp_get(b, w), r;
	if (w == 32) {
		float f = (float)x, g = (float)y;
		switch (op) {
		case HX_FCEIL: r = ceilf(f); break;
		case HX_FFLOOR: r = floorf(f); break;
		case HX_FTRUNC: r = truncf(f); break;
		case HX_FROUND: r = roundf(f); break;
		case HX_FRINT: r = nearbyintf(f); break;
		case HX_FSQRT: r = sqrtf(f); break;
		case HX_FABS: r = fabsf(f); break;
		case HX_FLOG2: r = log2f(f); break;
		case HX_FEXP2: r = exp2f(f); break;
		case HX_FLOG: r = logf(f); break;
		case HX_FEXP: r = expf(f); break;
		case HX_FMIN: r = fminf(f, g); break;
		case HX_FMAX: r = fmaxf(f, g); break;
		case HX_FPOW: r = powf(f, g); break;
		default: return -1;
		}
	} else {
		switch (op) {
		case HX_FCEIL: r = ceil(x); break;
		case HX_FFLOOR: r = floor(x); break;
		case HX_FTRUNC: r = trunc(x); break;
		case HX_FROUND: r = round(x); break;
		case HX_FRINT: r = nearbyint(x); break;
		case HX_FSQRT: r = sqrt(x); break;
		case HX_FABS: r = fabs(x); break;
		case HX_FLOG2: r = log2(x); break;
		case HX_FEXP2: r = exp2(x); break;
		case HX_FLOG: r = log(x); break;
		case HX_FEXP: r = exp(x); break;
		case HX_FMIN: r = fmin(x, y); break;
		case HX_FMAX: r = fmax(x, y); break;
		case HX_FPOW: r = pow(x, y); break;
		default: return -1;
		}
	}
	*out = hexpr_fp_put(r, w);
	return 0;
}

/* Cast OP of A (FROM bits, float if FFLOAT) to W bits. */
int hexpr_fold_cast(unsigned op, unsigned from, unsigned w, uint64_t a, uint64_t *out)
{
	switch (op) {
	case HX_ZEXT:
	case HX_TRUNC:
		*out = a & hexpr_mask_of(from) & hexpr_mask_of(w);
		return 0;
	case HX_SEXT:
		*out = (uint64_t)hexpr_sx(a, from) & hexpr_mask_of(w);
		return 0;
	case HX_SITOFP:
		if (w != 32 && w != 64)
			return -1;
		*out = hexpr_fp_put(w == 32 ? (double)(float)hexpr_sx(a, from) : (double)hexpr_sx(a, from), w);
		return 0;
	case HX_UITOFP:
		if (w != 32 && w != 64)
			return -1;
		a &= hexpr_mask_of(from);
		*out = hexpr_fp_put(w == 32 ? (double)(float)a : (double)a, w);
		return 0;
	case HX_FPTOSI:
	case HX_FPTOUI: {
		if (from != 32 && from != 64)
			return -1;
		double d = trunc(fp_get(a, from));
		if (op == HX_FPTOSI) {
			double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1);
			if (!(d >= lo && d < hi))
				return -1;	/* NaN or out of range: poison */
			*out = (uint64_t)(int64_t)d & hexpr_mask_of(w);
		} else {
			if (!(d >= 0 && d < ldexp(1.0, (int)w)))
				return -1;
			*out = (uint64_t)d & hexpr_mask_of(w);
		}
		return 0;
	}
	case HX_FPEXT:
	case HX_FPTRUNC:
		if ((from != 32 && from != 64) || (w != 32 && w != 64))
			return -1;
		*out = hexpr_fp_put(fp_get(a, from), w);
		return 0;
	default:
		return -1;
	}
}

static int eval(const struct hostsites *hs, uint32_t e, const uint64_t *vars, uint64_t *out, int depth)
{
	if (e >= hs->nx || depth > EVAL_MAX_DEPTH)
		return -1;
	const struct hexpr *x = &hs->x[e];
	uint64_t a, b;
	switch (x->op) {
	case HX_CONST:
		*out = x->value & hexpr_mask_of(x->width);
		return 0;
	case HX_VAR:
		if (vars == NULL || x->value >= hs->nvars)
			return -1;
		*out = vars[x->value] & hexpr_mask_of(x->width);
		return 0;
	case HX_SELECT:
		if (eval(hs, x->a, vars, &a, depth + 1) < 0)
			return -1;
		return eval(hs, (a & 1) ? x->b : x->c, vars, out, depth + 1);
	default:
		break;
	}
	if (eval(hs, x->a, vars, &a, depth + 1) < 0)
		return -1;
	if (hexpr_is_cast(x->op))
		return x->a < hs->nx ? hexpr_fold_cast(x->op, hs->x[x->a].width, x->width, a, out) : -1;
	if (hexpr_is_fmath(x->op) && hexpr_nops(x->op) == 1)
		return hexpr_fold_fmath(x->op, x->width, a, 0, out);
	if (!is_binop(x->op) || eval(hs, x->b, vars, &b, depth + 1) < 0)
		return -1;
	if (hexpr_is_fmath(x->op))
		return hexpr_fold_fmath(x->op, x->width, a, b, out);
	if (x->op >= HX_FADD && x->op <= HX_FDIV)
		return hexpr_fold_float(x->op, x->width, a, b, out);
	/* a comparison's width is 1; its operands' is what it compares */
	unsigned w = x->op == HX_ICMP ? hs->x[x->a].width : x->width;
	return hexpr_fold_int(x->op, x->pred, w, a, b, out);
}

int hexpr_eval(const struct hostsites *hs, uint32_t e, const uint64_t *vars, uint64_t *out)
{
	return eval(hs, e, vars, out, 0);
}

static int is_const_rec(const struct hostsites *hs, uint32_t e, int depth)
{
	if (e >= hs->nx || depth > EVAL_MAX_DEPTH)
		return 0;
	const struct hexpr *x = &hs->x[e];
	if (x->op == HX_CONST)
		return 1;
	if (x->op == HX_VAR)
		return 0;
	if (!is_const_rec(hs, x->a, depth + 1))
		return 0;
	if (hexpr_nops(x->op) == 1)
		return 1;
	if (!is_const_rec(hs, x->b, depth + 1))
		return 0;
	return x->op != HX_SELECT || is_const_rec(hs, x->c, depth + 1);
}

int hexpr_is_const(const struct hostsites *hs, uint32_t e)
{
	return is_const_rec(hs, e, 0);
}

int64_t hvar_value(const struct hvar *v, uint64_t x)
{
	x &= hexpr_mask_of(v->width);
	return v->is_signed ? hexpr_sx(x, v->width) : (int64_t)x;
}

int hbound_holds(const struct hostsites *hs, const struct hbound *b, uint64_t x)
{
	int64_t v = hvar_value(&hs->vars[b->var], x);
	return v >= b->lo && v <= b->hi;
}

uint32_t hexpr_var_of(const struct hostsites *hs, uint32_t e, int *ext)
{
	*ext = 0;
	if (e == HX_NONE)
		return UINT32_MAX;
	const struct hexpr *x = &hs->x[e];
	if ((x->op == HX_SEXT || x->op == HX_ZEXT) && hs->x[x->a].op == HX_VAR) {
		*ext = x->op == HX_SEXT ? 1 : 2;
		x = &hs->x[x->a];
	}
	return x->op == HX_VAR && !x->is_float ? (uint32_t)x->value : UINT32_MAX;
}

int hguard_holds(const struct hostsites *hs, uint32_t g, const uint64_t *vars)
{
	uint64_t r;
	return hexpr_eval(hs, g, vars, &r) < 0 || (r & 1);
}

int hguard_split(const struct hostsites *hs, uint32_t g, uint32_t *var, uint32_t *e, unsigned *pred)
{
	const struct hexpr *x = &hs->x[g];
	if (x->op != HX_ICMP || x->pred > HP_SGE)
		return -1;
	uint8_t *used = xcalloc(hs->nvars + 1, 1);
	int r = -1;
	for (int side = 0; side < 2 && r < 0; side++) {
		int ext;
		uint32_t v = hexpr_var_of(hs, side ? x->b : x->a, &ext);
		if (v == UINT32_MAX)
			continue;
		memset(used, 0, hs->nvars + 1);
		hexpr_vars(hs, side ? x->a : x->b, used);
		if (used[v])
			continue;
		r = 0;
		*var = v;
		*e = side ? x->a : x->b;
		*pred = side ? hexpr_swap_pred(x->pred) : x->pred;
	}
	free(used);
	return r;
}

/* ---- printing ------------------------------------------------------------ */

enum { PR_COND = 3, PR_OR = 6, PR_XOR, PR_AND, PR_EQ, PR_REL, PR_SHIFT, PR_ADD, PR_MUL,
       PR_UNARY, PR_PRIMARY };

static int prec(const struct hexpr *x)
{
	switch (x->op) {
	case HX_ADD: case HX_SUB: case HX_FADD: case HX_FSUB: return PR_ADD;
	case HX_MUL: case HX_UDIV: case HX_SDIV: case HX_UREM: case HX_SREM:
	case HX_FMUL: case HX_FDIV: return PR_MUL;
	case HX_SHL: case HX_LSHR: case HX_ASHR: return PR_SHIFT;
	case HX_AND: return PR_AND;
	case HX_OR: return PR_OR;
	case HX_XOR: return PR_XOR;
	case HX_ICMP: return x->pred <= HP_NE ? PR_EQ : PR_REL;
	case HX_SELECT: return PR_COND;
	case HX_CONST: return x->is_float || !(x->width > 1 && hexpr_sx(x->value, x->width) < 0)
			      ? PR_PRIMARY : PR_UNARY;
	case HX_VAR: case HX_SMIN: case HX_SMAX: case HX_UMIN: case HX_UMAX: return PR_PRIMARY;
	default: return hexpr_is_fmath(x->op) ? PR_PRIMARY : PR_UNARY;
	}
}

static void print_const(const struct hexpr *x, FILE *out)
{
	if (x->is_float) {
		fprintf(out, x->width == 32 ? "%.9g" : "%.17g", fp_get(x->value, x->width));
		if (x->width == 32)
			fputc('f', out);
	} else if (x->width > 1 && hexpr_sx(x->value, x->width) < 0) {
		fprintf(out, "%lld", (long long)hexpr_sx(x->value, x->width));
	} else {
		fprintf(out, "%llu", (unsigned long long)(x->value & hexpr_mask_of(x->width)));
	}
}

/* Prints expression E of HS on OUT as C source, parenthesised where its
** operator binds less tightly than the enclosing OUTER precedence; '?'
** for an index out of range or past EVAL_MAX_DEPTH levels (DEPTH: the
** current one). */
static void print_rec(const struct hostsites *hs, uint32_t e, int outer, FILE *out, int depth)
{
	if (e >= hs->nx || depth > EVAL_MAX_DEPTH) {
		fputc('?', out);
		return;
	}
	const struct hexpr *x = &hs->x[e];
	int p = prec(x);
	int paren = p < outer;
	if (paren)
		fputc('(', out);
	static const char *const binops[] = {
		[HX_ADD] = "+", [HX_SUB] = "-", [HX_MUL] = "*", [HX_UDIV] = "/u", [HX_SDIV] = "/",
		[HX_UREM] = "%u", [HX_SREM] = "%", [HX_SHL] = "<<", [HX_LSHR] = ">>u", [HX_ASHR] = ">>",
		[HX_AND] = "&", [HX_OR] = "|", [HX_XOR] = "^", [HX_FADD] = "+", [HX_FSUB] = "-",
		[HX_FMUL] = "*", [HX_FDIV] = "/",
	};
	static const char *const preds[] = { "==", "!=", "<u", "<=u", ">u", ">=u", "<", "<=", ">", ">=" };
	static const char *const minmax[] = { [HX_SMIN] = "min", [HX_SMAX] = "max",
					      [HX_UMIN] = "umin", [HX_UMAX] = "umax" };
	static const char *const fmath_names[] = { "ceil", "floor", "trunc", "round", "nearbyint", "sqrt",
						   "fabs", "log2", "exp2", "log", "exp", "fmin", "fmax",
						   "pow" };
	switch (x->op) {
	case HX_CONST:
		print_const(x, out);
		break;
	case HX_VAR:
		if (x->value < hs->nvars && hs->vars[x->value].name)
			fputs(hs->vars[x->value].name, out);
		else
			fprintf(out, "v%llu", (unsigned long long)x->value);
		break;
	case HX_SELECT:
		print_rec(hs, x->a, PR_COND + 1, out, depth + 1);
		fputs(" ? ", out);
		print_rec(hs, x->b, PR_COND + 1, out, depth + 1);
		fputs(" : ", out);
		print_rec(hs, x->c, PR_COND, out, depth + 1);
		break;
	case HX_SMIN: case HX_SMAX: case HX_UMIN: case HX_UMAX:
		fprintf(out, "%s(", minmax[x->op]);
		print_rec(hs, x->a, 0, out, depth + 1);
		fputs(", ", out);
		print_rec(hs, x->b, 0, out, depth + 1);
		fputc(')', out);
		break;
	case HX_ZEXT: case HX_SEXT: case HX_TRUNC: case HX_FPTOSI: case HX_FPTOUI:
		fprintf(out, "(%c%u)", x->op == HX_ZEXT || x->op == HX_FPTOUI ? 'u' : 'i', x->width);
		print_rec(hs, x->a, PR_UNARY, out, depth + 1);
		break;
	case HX_FCEIL: case HX_FFLOOR: case HX_FTRUNC: case HX_FROUND: case HX_FRINT: case HX_FSQRT:
	case HX_FABS: case HX_FLOG2: case HX_FEXP2: case HX_FLOG: case HX_FEXP: case HX_FMIN:
	case HX_FMAX: case HX_FPOW:
		/* C's name: ceilf of a float, ceil of a double */
		fprintf(out, "%s%s(", fmath_names[x->op - HX_FCEIL], x->width == 32 ? "f" : "");
		print_rec(hs, x->a, 0, out, depth + 1);
		if (hexpr_nops(x->op) > 1) {
			fputs(", ", out);
			print_rec(hs, x->b, 0, out, depth + 1);
		}
		fputc(')', out);
		break;
	case HX_SITOFP: case HX_UITOFP: case HX_FPEXT: case HX_FPTRUNC:
		fputs(x->width == 32 ? "(float)" : "(double)", out);
		if (x->op == HX_UITOFP)
			fputs("(unsigned)", out);
		print_rec(hs, x->a, PR_UNARY, out, depth + 1);
		break;
	default:
		if (!is_binop(x->op)) {
			fputc('?', out);
			break;
		}
		print_rec(hs, x->a, p, out, depth + 1);
		/* x + -c reads better as x - c */
		if (x->op == HX_ADD && x->b < hs->nx && hs->x[x->b].op == HX_CONST
		    && x->width > 1 && hexpr_sx(hs->x[x->b].value, x->width) < 0
		    && hexpr_sx(hs->x[x->b].value, x->width) != INT64_MIN) {
			fprintf(out, " - %lld", -(long long)hexpr_sx(hs->x[x->b].value, x->width));
			break;
		}
		fprintf(out, " %s ", x->op == HX_ICMP ? (x->pred < 10 ? preds[x->pred] : "?") : binops[x->op]);
		print_rec(hs, x->b, p + 1, out, depth + 1);
		break;
	}
	if (paren)
		fputc(')', out);
}

void hexpr_print(const struct hostsites *hs, uint32_t e, FILE *out)
{
	if (e == HX_NONE) {
		fputc('?', out);
		return;
	}
	print_rec(hs, e, 0, out, 0);
}

/* Marks in USED (one byte per variable) the variables E depends on. */
static void vars_of(const struct hostsites *hs, uint32_t e, uint8_t *used, int depth)
{
	if (e >= hs->nx || depth > EVAL_MAX_DEPTH)
		return;
	const struct hexpr *x = &hs->x[e];
	if (x->op == HX_CONST)
		return;
	if (x->op == HX_VAR) {
		if (x->value < hs->nvars)
			used[x->value] = 1;
		return;
	}
	vars_of(hs, x->a, used, depth + 1);
	if (hexpr_nops(x->op) > 1)
		vars_of(hs, x->b, used, depth + 1);
	if (x->op == HX_SELECT)
		vars_of(hs, x->c, used, depth + 1);
}

void hexpr_vars(const struct hostsites *hs, uint32_t e, uint8_t *used)
{
	vars_of(hs, e, used, 0);
}

void hostsite_vars(const struct hostsites *hs, const struct hsite *s, uint8_t *used)
{
	for (int d = 0; d < 3; d++) {
		vars_of(hs, s->grid[d], used, 0);
		vars_of(hs, s->block[d], used, 0);
	}
	vars_of(hs, s->shmem, used, 0);
	for (uint32_t a = 0; a < s->nargs; a++) {
		vars_of(hs, s->args[a], used, 0);
		vars_of(hs, s->buf_bytes[a], used, 0);
		for (uint32_t f = 0; s->nfields && s->fields && s->fields[a] && f < s->nfields[a]; f++)
			vars_of(hs, s->fields[a][f].expr, used, 0);
	}
}

/* A struct argument's fields: {n=EXPR, +8=EXPR}, their variables marked in USED. */
static void print_fields(const struct hostsites *hs, const struct hsite *s, uint32_t a, uint8_t *used,
			 FILE *out)
{
	fputc('{', out);
	for (uint32_t i = 0; i < s->nfields[a]; i++) {
		const struct hfield *f = &s->fields[a][i];
		const char *nm = s->fieldname && s->fieldname[a] ? s->fieldname[a][i] : NULL;
		if (nm)
			fprintf(out, "%s%s=", i ? ", " : "", nm);
		else
			fprintf(out, "%s+%u=", i ? ", " : "", f->off);
		hexpr_print(hs, f->expr, out);
		vars_of(hs, f->expr, used, 0);
	}
	fputc('}', out);
}

void hostsite_print(const struct hostsites *hs, FILE *out)
{
	static const char *const dims[] = { "grid.x", "grid.y", "grid.z", "block.x", "block.y", "block.z" };
	uint8_t *used = xcalloc(hs->nvars ? hs->nvars : 1, 1);
	for (uint32_t i = 0; i < hs->ns; i++) {
		const struct hsite *s = &hs->s[i];
		char *dem = demangle_name(s->kernel ? s->kernel : "?");
		fprintf(out, "%s:%u: %s <<<", s->file ? s->file : "?", s->line, dem);
		free(dem);
		memset(used, 0, hs->nvars ? hs->nvars : 1);
		for (int d = 0; d < 6; d++) {
			uint32_t e = d < 3 ? s->grid[d] : s->block[d - 3];
			fprintf(out, "%s=", dims[d]);
			hexpr_print(hs, e, out);
			fputs(", ", out);
			vars_of(hs, e, used, 0);
		}
		fputs("shmem=", out);
		hexpr_print(hs, s->shmem, out);
		vars_of(hs, s->shmem, used, 0);
		fputs(">>> (", out);
		for (uint32_t a = 0; a < s->nargs; a++) {
			if (s->argname && s->argname[a])
				fprintf(out, "%s%s=", a ? ", " : "", s->argname[a]);
			else
				fprintf(out, "%sarg%u=", a ? ", " : "", a);
			if (s->nfields && s->nfields[a]) {
				print_fields(hs, s, a, used, out);
				continue;
			}
			hexpr_print(hs, s->args[a], out);
			vars_of(hs, s->args[a], used, 0);
		}
		fputc(')', out);
		int first = 1;
		for (uint32_t a = 0; a < s->nargs; a++) {
			if (s->buf_bytes[a] == HX_NONE)
				continue;
			fputs(first ? " bufs: " : ", ", out);
			first = 0;
			if (s->argname && s->argname[a])
				fprintf(out, "%s=", s->argname[a]);
			else
				fprintf(out, "arg%u=", a);
			hexpr_print(hs, s->buf_bytes[a], out);
			fputs(s->uninit && s->uninit[a] ? " bytes uninit" : " bytes", out);
			vars_of(hs, s->buf_bytes[a], used, 0);
		}
		for (uint32_t v = 0; v < hs->nvars; v++) {
			if (!used[v] || hs->vars[v].nseen == 0)
				continue;
			fprintf(out, "; %s seen", hs->vars[v].name ? hs->vars[v].name : "?");
			for (uint32_t k = 0; k < hs->vars[v].nseen; k++) {
				struct hexpr c = { .op = HX_CONST, .width = hs->vars[v].width,
						   .is_float = hs->vars[v].is_float,
						   .value = hs->vars[v].seen[k] };
				fputs(k ? ", " : " ", out);
				print_const(&c, out);
			}
		}
		for (uint32_t k = 0; k < s->nbounds; k++) {
			const struct hbound *b = &s->bounds[k];
			const char *vn = hs->vars[b->var].name ? hs->vars[b->var].name : "?";
			if (b->lo == b->hi)
				fprintf(out, "; %s == %lld", vn, (long long)b->lo);
			else if (b->lo == INT64_MIN)
				fprintf(out, "; %s <= %lld", vn, (long long)b->hi);
			else if (b->hi == INT64_MAX)
				fprintf(out, "; %s >= %lld", vn, (long long)b->lo);
			else
				fprintf(out, "; %lld <= %s <= %lld", (long long)b->lo, vn, (long long)b->hi);
		}
		for (uint32_t k = 0; k < s->nguards; k++) {
			fputs("; if ", out);
			hexpr_print(hs, s->guards[k], out);
		}
		fputc('\n', out);
	}
	free(used);
}

void hostsites_free(struct hostsites *hs)
{
	for (uint32_t i = 0; i < hs->nvars; i++) {
		free(hs->vars[i].name);
		free(hs->vars[i].seen);
	}
	for (uint32_t i = 0; i < hs->ns; i++)
		hsite_free(&hs->s[i]);
	for (uint32_t i = 0; i < hs->nparams; i++) {
		free(hs->params[i].fn);
		free(hs->params[i].base);
	}
	free(hs->params);
	for (uint32_t i = 0; i < hs->nmvars; i++) {
		free(hs->mvars[i].key);
		free(hs->mvars[i].member);
	}
	free(hs->mvars);
	for (uint32_t i = 0; i < hs->nmstores; i++)
		hmstore_free(&hs->mstores[i]);
	free(hs->mstores);
	for (uint32_t i = 0; i < hs->ndefined; i++)
		free(hs->defined[i]);
	free(hs->defined);
	for (uint32_t i = 0; i < hs->ndevargs; i++)
		free(hs->devargs[i].fn);
	free(hs->devargs);
	for (uint32_t i = 0; i < hs->ngiven; i++)
		free(hs->given[i].fn);
	free(hs->given);
	free(hs->phideps);
	for (uint32_t i = 0; i < hs->ncalled; i++)
		free(hs->called[i]);
	free(hs->called);
	for (uint32_t i = 0; i < hs->ncalls; i++) {
		free(hs->calls[i].from);
		free(hs->calls[i].fn);
		free(hs->calls[i].sl);
		free(hs->calls[i].bounds);
		free(hs->calls[i].guards);
	}
	free(hs->calls);
	for (uint32_t i = 0; i < hs->nseqs; i++)
		hm_seq_free(&hs->seqs[i]);
	free(hs->seqs);
	free(hs->x);
	free(hs->vars);
	free(hs->s);
	memset(hs, 0, sizeof *hs);
}

void hmstore_free(struct hmstore *m)
{
	free(m->key);
	free(m->via);
	free(m->fn);
	free(m->bounds);
	free(m->guards);
	for (uint32_t i = 0; i < m->npts; i++) {
		free(m->pts[i].callee);
		free(m->pts[i].bounds);
		free(m->pts[i].guards);
	}
	free(m->pts);
}

void hsite_free(struct hsite *s)
{
	free(s->kernel);
	free(s->file);
	free(s->args);
	free(s->buf_bytes);
	for (uint32_t a = 0; a < s->nargs; a++) {
		if (s->argname)
			free(s->argname[a]);
		uint32_t nf = s->nfields ? s->nfields[a] : 0;
		for (uint32_t f = 0; s->fieldname && s->fieldname[a] && f < nf; f++)
			free(s->fieldname[a][f]);
		if (s->fieldname)
			free(s->fieldname[a]);
		if (s->fields)
			free(s->fields[a]);
	}
	free(s->argname);
	free(s->nfields);
	free(s->fields);
	free(s->fieldname);
	free(s->uninit);
	free(s->bounds);
	free(s->guards);
	memset(s, 0, sizeof *s);
}
