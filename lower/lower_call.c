/*
** lower_call.c: calls.  Device functions become CALL; intrinsics, special
** registers, barriers, warp operations, atomics, math functions (llvm.*,
** llvm.nvvm.* and libdevice's __nv_*), vprintf and __assertfail become
** dedicated opcodes here, so no name is looked at after lowering.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_int.h"
#include "core/program.h"

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static LLVMValueRef arg(LLVMValueRef call, unsigned i)
{
	return LLVMGetOperand(call, i);
}

static unsigned nargs(LLVMValueRef call)
{
	return LLVMGetNumArgOperands(call);
}

/* Argument I of CALL, element ELEM, as an operand; OPND_NONE after an
** error when the call has no argument I (a function we lower by its name,
** declared with fewer parameters than it has). */
static uint32_t op(struct lctx *lc, LLVMValueRef call, unsigned i, unsigned elem)
{
	if (i >= nargs(call)) {
		lower_unsupported(lc, "call with fewer arguments than the function it names takes");
		return OPND_NONE;
	}
	return lower_opnd(lc, arg(call, i), elem);
}

static int ftype(LLVMTypeRef t)
{
	LLVMTypeKind k = LLVMGetTypeKind(t);
	if (k == LLVMVectorTypeKind)
		k = LLVMGetTypeKind(LLVMGetElementType(t));
	return k == LLVMFloatTypeKind ? 32 : k == LLVMDoubleTypeKind ? 64
	       : k == LLVMHalfTypeKind ? 16 : 0;
}

static unsigned vec_count(LLVMTypeRef t)
{
	return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

static unsigned elem_width(LLVMTypeRef t)
{
	if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
		t = LLVMGetElementType(t);
	return lower_int_width(t);
}

/* Elementwise math function FID over the call's first ARITY arguments,
** float or double by the type of argument 0. */
static int emit_math(struct lctx *lc, LLVMValueRef call, unsigned fid, unsigned arity)
{
	if (nargs(call) < arity)
		return lower_unsupported(lc, "math function call with too few arguments");
	LLVMTypeRef t = LLVMTypeOf(arg(call, 0));
	int ft = ftype(t);
	if (ft != 32 && ft != 64)
		return lower_unsupported(lc, "math function on this type");
	uint32_t d = lower_slot(lc, call);
	for (unsigned e = 0; e < vec_count(t); e++) {
		uint32_t a = op(lc, call, 0, e);
		uint32_t b = arity > 1 ? op(lc, call, 1, LLVMGetTypeKind(LLVMTypeOf(arg(call, 1))) == LLVMVectorTypeKind ? e : 0) : 0;
		uint32_t c = arity > 2 ? op(lc, call, 2, e) : 0;
		if (a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
			return -1;
		lower_emit(lc, ft == 32 ? OP_MATH32 : OP_MATH64, (uint8_t)ft, (uint8_t)fid, d + e, a, b, c, 0, 0);
	}
	return 0;
}

/* Elementwise integer operation OPC (sub-code F) over ARITY arguments. */
static int emit_int(struct lctx *lc, LLVMValueRef call, uint16_t opc, uint8_t f, unsigned arity)
{
	LLVMTypeRef t = LLVMTypeOf(arg(call, 0));
	uint32_t d = lower_slot(lc, call);
	unsigned w = elem_width(t);
	for (unsigned e = 0; e < vec_count(t); e++) {
		uint32_t a = op(lc, call, 0, e);
		uint32_t b = arity > 1 ? op(lc, call, 1, e) : 0;
		uint32_t c = arity > 2 ? op(lc, call, 2, e) : 0;
		if (a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
			return -1;
		lower_emit(lc, opc, (uint8_t)w, f, d + e, a, b, c, 0, 0);
	}
	return 0;
}

/* FRND: an IEEE operation with an explicit rounding mode. */
static int emit_frnd(struct lctx *lc, LLVMValueRef call, uint8_t opk, uint8_t mode, unsigned arity)
{
	int ft = ftype(LLVMTypeOf(arg(call, 0)));
	if (ft != 32 && ft != 64)
		return lower_unsupported(lc, "rounding-mode operation on this type");
	uint32_t d = lower_slot(lc, call);
	uint32_t a = op(lc, call, 0, 0);
	uint32_t b = arity > 1 ? op(lc, call, 1, 0) : 0;
	uint32_t c = arity > 2 ? op(lc, call, 2, 0) : 0;
	if (a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
		return -1;
	lower_emit(lc, ft == 32 ? OP_FRND32 : OP_FRND64, (uint8_t)ft, opk, d, a, b, c, mode, 0);
	return 0;
}

static uint8_t rnd_suffix(const char *s)
{
	if (strstr(s, ".rz"))
		return RND_ZERO;
	if (strstr(s, ".rm"))
		return RND_DOWN;
	if (strstr(s, ".rp"))
		return RND_UP;
	return RND_NEAREST;
}

static int emit_cvt(struct lctx *lc, LLVMValueRef call, uint8_t kind, uint8_t w, uint8_t mode)
{
	uint32_t d = lower_slot(lc, call);
	uint32_t a = op(lc, call, 0, 0);
	if (a == OPND_NONE)
		return -1;
	lower_emit(lc, OP_CVT, w, kind, d, a, 0, 0, mode, 0);
	return 0;
}

static int emit_mov(struct lctx *lc, LLVMValueRef call, unsigned i, uint8_t w)
{
	uint32_t d = lower_slot(lc, call);
	uint32_t a = op(lc, call, i, 0);
	if (a == OPND_NONE)
		return -1;
	lower_emit(lc, OP_MOV, w, 0, d, a, 0, 0, 0, 0);
	return 0;
}

static uint8_t space_of_ptr(LLVMValueRef p)
{
	/* a function lowered by its name may be declared with another
	** type there: an integer is no pointer */
	if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
		return AS_GENERIC;
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
	return as == AS_SHARED || as == AS_GLOBAL || as == AS_CONST || as == AS_LOCAL
	       ? (uint8_t)as : AS_GENERIC;
}

static int emit_atomic(struct lctx *lc, LLVMValueRef call, uint8_t f, uint8_t scope)
{
	LLVMValueRef p = arg(call, 0);
	LLVMTypeRef t = LLVMTypeOf(call);
	uint64_t sz = LLVMStoreSizeOfType(lc->td, t);
	uint32_t d = lower_slot(lc, call);
	uint32_t a = op(lc, call, 0, 0), b = op(lc, call, 1, 0);
	if (a == OPND_NONE || b == OPND_NONE)
		return -1;
	if (ftype(t) == 64) {
		if (f == AT_FADD) f = AT_FADD64;
	}
	uint32_t site = lower_site(lc, SITE_ATOMIC, space_of_ptr(p), (uint16_t)sz);
	lower_emit(lc, OP_ATOMIC, (uint8_t)sz, f, d, a, b, 0, site, scope);
	return 0;
}

static const struct { const char *name; uint8_t sreg; } sregs[] = {
	{ "tid.x", SREG_TID_X }, { "tid.y", SREG_TID_Y }, { "tid.z", SREG_TID_Z },
	{ "ntid.x", SREG_NTID_X }, { "ntid.y", SREG_NTID_Y }, { "ntid.z", SREG_NTID_Z },
	{ "ctaid.x", SREG_CTAID_X }, { "ctaid.y", SREG_CTAID_Y }, { "ctaid.z", SREG_CTAID_Z },
	{ "nctaid.x", SREG_NCTAID_X }, { "nctaid.y", SREG_NCTAID_Y }, { "nctaid.z", SREG_NCTAID_Z },
	{ "laneid", SREG_LANEID }, { "warpid", SREG_WARPID }, { "nwarpid", SREG_NWARPID },
	{ "warpsize", SREG_WARPSIZE }, { "lanemask.eq", SREG_LANEMASK_EQ },
	{ "lanemask.lt", SREG_LANEMASK_LT }, { "lanemask.le", SREG_LANEMASK_LE },
	{ "lanemask.gt", SREG_LANEMASK_GT }, { "lanemask.ge", SREG_LANEMASK_GE },
	{ "clock64", SREG_CLOCK64 }, { "clock", SREG_CLOCK }, { "globaltimer", SREG_GLOBALTIMER },
	{ "smid", SREG_SMID }, { "nsmid", SREG_NSMID }, { "gridid", SREG_GRIDID },
	{ "dynamic_smem_size", SREG_DYNAMIC_SMEM_SIZE },
	{ "envreg0", SREG_ENVREG0 }, { "envreg1", SREG_ENVREG1 }, { "envreg2", SREG_ENVREG2 },
};

int lower_sreg_index(const char *name)
{
	for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
		if (strcmp(name, sregs[i].name) == 0)
			return sregs[i].sreg;
	return -1;
}

/* libdevice names: "__nv_" + base + "f" for float, base for double. */
static const struct { const char *base; uint8_t fid; } nv_math[] = {
	{ "sqrt", MF_SQRT }, { "rsqrt", MF_RSQRT }, { "cbrt", MF_CBRT }, { "rcbrt", MF_RCBRT },
	{ "exp", MF_EXP }, { "exp2", MF_EXP2 }, { "exp10", MF_EXP10 }, { "expm1", MF_EXPM1 },
	{ "log", MF_LOG }, { "log2", MF_LOG2 }, { "log10", MF_LOG10 }, { "log1p", MF_LOG1P },
	{ "logb", MF_LOGB }, { "sin", MF_SIN }, { "cos", MF_COS }, { "tan", MF_TAN },
	{ "asin", MF_ASIN }, { "acos", MF_ACOS }, { "atan", MF_ATAN }, { "sinh", MF_SINH },
	{ "cosh", MF_COSH }, { "tanh", MF_TANH }, { "asinh", MF_ASINH }, { "acosh", MF_ACOSH },
	{ "atanh", MF_ATANH }, { "sinpi", MF_SINPI }, { "cospi", MF_COSPI }, { "erf", MF_ERF },
	{ "erfc", MF_ERFC }, { "erfinv", MF_ERFINV }, { "erfcinv", MF_ERFCINV },
	{ "erfcx", MF_ERFCX }, { "normcdf", MF_NORMCDF }, { "normcdfinv", MF_NORMCDFINV },
	{ "lgamma", MF_LGAMMA }, { "tgamma", MF_TGAMMA }, { "j0", MF_J0 }, { "j1", MF_J1 },
	{ "y0", MF_Y0 }, { "y1", MF_Y1 }, { "floor", MF_FLOOR }, { "ceil", MF_CEIL },
	{ "trunc", MF_TRUNC }, { "round", MF_ROUND }, { "rint", MF_RINT },
	{ "nearbyint", MF_NEARBYINT }, { "fabs", MF_FABS }, { "pow", MF_POW },
	{ "atan2", MF_ATAN2 }, { "fmod", MF_FMOD }, { "remainder", MF_REMAINDER },
	{ "hypot", MF_HYPOT }, { "fmin", MF_FMIN }, { "fmax", MF_FMAX }, { "fdim", MF_FDIM },
	{ "copysign", MF_COPYSIGN }, { "nextafter", MF_NEXTAFTER }, { "ldexp", MF_LDEXP },
	{ "powi", MF_POWI }, { "scalbn", MF_LDEXP }, { "fma", MF_FMA }, { "ilogb", MF_ILOGB },
	{ "fast_exp", MF_EXP }, { "fast_exp10", MF_EXP10 }, { "fast_log", MF_LOG },
	{ "fast_log2", MF_LOG2 }, { "fast_log10", MF_LOG10 }, { "fast_sin", MF_SIN },
	{ "fast_cos", MF_COS }, { "fast_tan", MF_TAN }, { "fast_pow", MF_POW },
	{ "fast_fdivide", MF_FDIVIDE }, { "fdivide", MF_FDIVIDE }, { "rhypot", MF_RHYPOT },
	{ "fast_tanh", MF_TANH },
};

/* |a - b| + c (PTX sad), signed or unsigned, W bits: the result slot D. */
static int emit_sad(struct lctx *lc, LLVMValueRef call, uint32_t d, int is_unsigned, unsigned w)
{
	uint32_t a = op(lc, call, 0, 0), b = op(lc, call, 1, 0), c = op(lc, call, 2, 0);
	if (a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
		return -1;
	uint32_t t = lower_temp(lc, 3);
	uint16_t mn = is_unsigned ? OP_UMIN : OP_SMIN, mx = is_unsigned ? OP_UMAX : OP_SMAX;
	lower_emit(lc, mn, (uint8_t)w, 0, t, a, b, 0, 0, 0);
	lower_emit(lc, mx, (uint8_t)w, 0, t + 1, a, b, 0, 0, 0);
	lower_emit(lc, OP_SUB, (uint8_t)w, 0, t + 2, t + 1, t, 0, 0, 0);
	lower_emit(lc, OP_ADD, (uint8_t)w, 0, d, t + 2, c, 0, 0, 0);
	return 0;
}

/* __nv_* functions; returns 1 if NAME was one, 0 if not, -1 on error. */
static int lower_nv(struct lctx *lc, LLVMValueRef call, const char *name)
{
	const char *b = name + 5;
	size_t n = strlen(b);
	LLVMTypeRef rt = LLVMTypeOf(call);
	/* predicates and special forms first */
	static const struct { const char *n; uint8_t fid; } preds[] = {
		{ "isnanf", MF_ISNAN }, { "isnand", MF_ISNAN }, { "isinff", MF_ISINF },
		{ "isinfd", MF_ISINF }, { "finitef", MF_ISFINITE }, { "isfinited", MF_ISFINITE },
		{ "signbitf", MF_SIGNBIT }, { "signbitd", MF_SIGNBIT }, { "saturatef", MF_SATURATE },
		{ "frcp_rn", MF_RCP }, { "drcp_rn", MF_RCP }, { "fsqrt_rn", MF_SQRT },
		{ "dsqrt_rn", MF_SQRT }, { "frsqrt_rn", MF_RSQRT }, { "fdiv_rn", MF_FDIVIDE },
		{ "ddiv_rn", MF_FDIVIDE },
	};
	for (size_t i = 0; i < sizeof preds / sizeof preds[0]; i++)
		if (strcmp(b, preds[i].n) == 0)
			return emit_math(lc, call, preds[i].fid, math_arity[preds[i].fid]) < 0 ? -1 : 1;
	/* directed-rounding arithmetic: __nv_fadd_rz, __nv_dmul_ru, __nv_fmaf_rd ... */
	if ((starts(b, "fadd_") || starts(b, "dadd_") || starts(b, "fmul_") || starts(b, "dmul_")
	     || starts(b, "fdiv_") || starts(b, "ddiv_") || starts(b, "fmaf_") || starts(b, "fma_")
	     || starts(b, "fsqrt_") || starts(b, "dsqrt_") || starts(b, "frcp_") || starts(b, "drcp_")
	     || starts(b, "fsub_") || starts(b, "dsub_")) && n > 3) {
		const char *m = strrchr(b, '_') + 1;
		uint8_t mode = strcmp(m, "rz") == 0 ? RND_ZERO : strcmp(m, "rd") == 0 ? RND_DOWN
			     : strcmp(m, "ru") == 0 ? RND_UP : RND_NEAREST;
		uint8_t opk = strstr(b, "add") ? 0 : strstr(b, "mul") ? 1 : strstr(b, "div") ? 2
			    : strstr(b, "fma") ? 3 : strstr(b, "sqrt") ? 4 : strstr(b, "rcp") ? 5 : 6;
		unsigned ar = opk == 3 ? 3 : (opk == 4 || opk == 5) ? 1 : 2;
		return emit_frnd(lc, call, opk, mode, ar) < 0 ? -1 : 1;
	}
	for (size_t i = 0; i < sizeof nv_math / sizeof nv_math[0]; i++) {
		size_t bl = strlen(nv_math[i].base);
		if (strncmp(b, nv_math[i].base, bl) != 0)
			continue;
		if (b[bl] == '\0' || (b[bl] == 'f' && b[bl + 1] == '\0'))
			return emit_math(lc, call, nv_math[i].fid, math_arity[nv_math[i].fid]) < 0 ? -1 : 1;
	}
	if (strcmp(b, "sincosf") == 0 || strcmp(b, "sincos") == 0 || strcmp(b, "fast_sincosf") == 0
	    || strcmp(b, "sincospif") == 0 || strcmp(b, "sincospi") == 0) {
		if (nargs(call) < 3)
			return lower_unsupported(lc, "sincos call with too few arguments");
		int ft = ftype(LLVMTypeOf(arg(call, 0)));
		int pi = strstr(b, "pi") != NULL;
		uint32_t t = lower_temp(lc, 2);
		uint32_t a = op(lc, call, 0, 0), ps = op(lc, call, 1, 0), pc = op(lc, call, 2, 0);
		if (a == OPND_NONE || ps == OPND_NONE || pc == OPND_NONE)
			return -1;
		uint16_t mo = ft == 32 ? OP_MATH32 : OP_MATH64;
		lower_emit(lc, mo, (uint8_t)ft, pi ? MF_SINPI : MF_SIN, t, a, 0, 0, 0, 0);
		lower_emit(lc, mo, (uint8_t)ft, pi ? MF_COSPI : MF_COS, t + 1, a, 0, 0, 0, 0);
		uint16_t sz = ft == 32 ? 4 : 8;
		uint32_t s1 = lower_site(lc, SITE_STORE, space_of_ptr(arg(call, 1)), sz);
		lower_emit(lc, OP_STORE, (uint8_t)sz, 0, 0, ps, t, 0, s1, 0);
		uint32_t s2 = lower_site(lc, SITE_STORE, space_of_ptr(arg(call, 2)), sz);
		lower_emit(lc, OP_STORE, (uint8_t)sz, 0, 0, pc, t + 1, 0, s2, 0);
		return 1;
	}
	/* integer functions */
	uint32_t d = lower_slot(lc, call);
	unsigned w = lower_int_width(rt);
	static const struct { const char *n; uint16_t op; uint8_t f; uint8_t ar; } ints[] = {
		{ "popc", OP_IUNARY, 1, 1 }, { "popcll", OP_IUNARY, 1, 1 },
		{ "clz", OP_IUNARY, 2, 1 }, { "clzll", OP_IUNARY, 2, 1 },
		{ "brev", OP_IUNARY, 5, 1 }, { "brevll", OP_IUNARY, 5, 1 },
		{ "abs", OP_IUNARY, 0, 1 }, { "llabs", OP_IUNARY, 0, 1 },
		{ "min", OP_SMIN, 0, 2 }, { "max", OP_SMAX, 0, 2 }, { "umin", OP_UMIN, 0, 2 },
		{ "umax", OP_UMAX, 0, 2 }, { "llmin", OP_SMIN, 0, 2 }, { "llmax", OP_SMAX, 0, 2 },
		{ "ullmin", OP_UMIN, 0, 2 }, { "ullmax", OP_UMAX, 0, 2 },
		{ "mulhi", OP_MULHI, 1, 2 }, { "umulhi", OP_MULHI, 0, 2 },
		{ "mul64hi", OP_MULHI, 1, 2 }, { "umul64hi", OP_MULHI, 0, 2 },
	};
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		if (strcmp(b, ints[i].n) != 0)
			continue;
		uint32_t a = op(lc, call, 0, 0);
		uint32_t bb = ints[i].ar > 1 ? op(lc, call, 1, 0) : 0;
		if (a == OPND_NONE || bb == OPND_NONE)
			return -1;
		unsigned aw = lower_int_width(LLVMTypeOf(arg(call, 0)));
		lower_emit(lc, ints[i].op, (uint8_t)aw, ints[i].f, d, a, bb, 0, 0, 0);
		if (aw != w)
			lower_emit(lc, OP_MOV, (uint8_t)w, 0, d, d, 0, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "ffs") == 0 || strcmp(b, "ffsll") == 0) {
		/* ffs(x) = x ? cttz(x) + 1 : 0 */
		unsigned aw = lower_int_width(LLVMTypeOf(arg(call, 0)));
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 2);
		lower_emit(lc, OP_IUNARY, (uint8_t)aw, 3, t, a, 0, 0, 0, 0);
		lower_emit(lc, OP_ADD, 32, 0, t, t, lower_const(lc, 1), 0, 0, 0);
		lower_emit(lc, OP_ICMP, (uint8_t)aw, ICMP_EQ, t + 1, a, lower_const(lc, 0), 0, 0, 0);
		lower_emit(lc, OP_SELECT, 32, 0, d, t + 1, lower_const(lc, 0), t, 0, 0);
		return 1;
	}
	if (strcmp(b, "mul24") == 0 || strcmp(b, "umul24") == 0) {
		uint32_t a = op(lc, call, 0, 0), bb = op(lc, call, 1, 0);
		if (a == OPND_NONE || bb == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 2);
		if (b[0] == 'u') {
			lower_emit(lc, OP_AND, 32, 0, t, a, lower_const(lc, 0xffffff), 0, 0, 0);
			lower_emit(lc, OP_AND, 32, 0, t + 1, bb, lower_const(lc, 0xffffff), 0, 0, 0);
		} else {
			lower_emit(lc, OP_SEXT, 24, 0, t, a, 0, 0, 0, 32);
			lower_emit(lc, OP_SEXT, 24, 0, t + 1, bb, 0, 0, 0, 32);
		}
		lower_emit(lc, OP_MUL, 32, 0, d, t, t + 1, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "float_as_int") == 0 || strcmp(b, "int_as_float") == 0
	    || strcmp(b, "float_as_uint") == 0 || strcmp(b, "uint_as_float") == 0
	    || strcmp(b, "double_as_longlong") == 0 || strcmp(b, "longlong_as_double") == 0)
		return emit_mov(lc, call, 0, 64) < 0 ? -1 : 1;
	if (strcmp(b, "double2hiint") == 0 || strcmp(b, "double2loint") == 0) {
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		lower_emit(lc, OP_LSHR, 64, 0, d, a, lower_const(lc, b[7] == 'h' ? 32 : 0), 0, 0, 0);
		lower_emit(lc, OP_MOV, 32, 0, d, d, 0, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "sad") == 0 || strcmp(b, "usad") == 0)
		return emit_sad(lc, call, d, b[0] == 'u', 32) < 0 ? -1 : 1;
	if (strcmp(b, "hadd") == 0 || strcmp(b, "rhadd") == 0 || strcmp(b, "uhadd") == 0
	    || strcmp(b, "urhadd") == 0) {
		/* halving adds without overflow, as libdevice computes them:
		** (a & b) + ((a ^ b) >> 1), rounded up: (a | b) - ((a ^ b) >> 1);
		** the shift is arithmetic for the signed forms */
		int up = b[0] == 'r' || b[1] == 'r', uns = b[0] == 'u';
		uint32_t a = op(lc, call, 0, 0), bb = op(lc, call, 1, 0);
		if (a == OPND_NONE || bb == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 2);
		lower_emit(lc, up ? OP_OR : OP_AND, 32, 0, t, a, bb, 0, 0, 0);
		lower_emit(lc, OP_XOR, 32, 0, t + 1, a, bb, 0, 0, 0);
		lower_emit(lc, uns ? OP_LSHR : OP_ASHR, 32, 0, t + 1, t + 1, lower_const(lc, 1), 0, 0, 0);
		lower_emit(lc, up ? OP_SUB : OP_ADD, 32, 0, d, t, t + 1, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "llrintf") == 0 || strcmp(b, "llrint") == 0) {
		/* cvt.rni.s64: to nearest even, saturated, NaN -> 0 */
		int ft = b[6] == 'f' ? 32 : 64;
		return emit_cvt(lc, call, ft == 32 ? CVT_F32_TO_SI : CVT_F64_TO_SI, 64, RND_NEAREST) < 0
		       ? -1 : 1;
	}
	if (strcmp(b, "llroundf") == 0 || strcmp(b, "llround") == 0) {
		/* halfway cases away from zero, saturated; NaN gives 0 for the
		** double version (a cvt.rzi) but INT64_MIN for the float one,
		** whose libdevice code tests for NaN itself */
		int ft = b[7] == 'f' ? 32 : 64;
		uint32_t x = op(lc, call, 0, 0);
		if (x == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 2);
		lower_emit(lc, ft == 32 ? OP_MATH32 : OP_MATH64, (uint8_t)ft, MF_ROUND, t, x, 0, 0, 0, 0);
		lower_emit(lc, OP_CVT, 64, ft == 32 ? CVT_F32_TO_SI : CVT_F64_TO_SI, ft == 32 ? t : d, t,
			   0, 0, RND_ZERO, 0);
		if (ft == 32) {
			lower_emit(lc, OP_FCMP32, 32, FCMP_UNO, t + 1, x, x, 0, 0, 0);
			lower_emit(lc, OP_SELECT, 64, 0, d, t + 1, lower_const(lc, UINT64_C(1) << 63), t, 0, 0);
		}
		return 1;
	}
	if (strcmp(b, "modff") == 0 || strcmp(b, "modf") == 0) {
		/* *ip = trunc(x); the result is x - trunc(x), or a zero with the
		** sign of x when x is integral (infinities included) */
		int ft = b[4] == 'f' ? 32 : 64;
		uint16_t mo = ft == 32 ? OP_MATH32 : OP_MATH64, sz = ft == 32 ? 4 : 8;
		uint32_t x = op(lc, call, 0, 0), pi = op(lc, call, 1, 0);
		if (x == OPND_NONE || pi == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 1);
		lower_emit(lc, mo, (uint8_t)ft, MF_TRUNC, t, x, 0, 0, 0, 0);
		uint32_t site = lower_site(lc, SITE_STORE, space_of_ptr(arg(call, 1)), sz);
		lower_emit(lc, OP_STORE, (uint8_t)sz, 0, 0, pi, t, 0, site, 0);
		lower_emit(lc, mo, (uint8_t)ft, MF_MODF, d, x, 0, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "half2float") == 0)
		return emit_cvt(lc, call, CVT_F16_TO_F32, 16, RND_NEAREST) < 0 ? -1 : 1;
	if (strcmp(b, "frexpf") == 0 || strcmp(b, "frexp") == 0) {
		/* m = x * 2^-e with e = ilogb(x) + 1, m in [0.5, 1); 0, inf, nan: e = 0 */
		int ft = b[5] == 'f' ? 32 : 64;
		uint16_t mo = ft == 32 ? OP_MATH32 : OP_MATH64;
		uint32_t x = op(lc, call, 0, 0), pe = op(lc, call, 1, 0);
		if (x == OPND_NONE || pe == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 5);
		lower_emit(lc, mo, (uint8_t)ft, MF_ILOGB, t, x, 0, 0, 0, 0);
		lower_emit(lc, OP_ADD, 32, 0, t, t, lower_const(lc, 1), 0, 0, 0);
		lower_emit(lc, mo, (uint8_t)ft, MF_ISFINITE, t + 1, x, 0, 0, 0, 0);
		uint64_t zero = 0;
		lower_emit(lc, ft == 32 ? OP_FCMP32 : OP_FCMP64, (uint8_t)ft, FCMP_UNE, t + 2, x, lower_const(lc, zero), 0, 0, 0);
		lower_emit(lc, OP_AND, 1, 0, t + 1, t + 1, t + 2, 0, 0, 0);
		lower_emit(lc, OP_SELECT, 32, 0, t, t + 1, t, lower_const(lc, 0), 0, 0);
		lower_emit(lc, OP_SUB, 32, 0, t + 3, lower_const(lc, 0), t, 0, 0, 0);
		lower_emit(lc, mo, (uint8_t)ft, MF_LDEXP, d, x, t + 3, 0, 0, 0);
		uint32_t site = lower_site(lc, SITE_STORE, space_of_ptr(arg(call, 1)), 4);
		lower_emit(lc, OP_STORE, 4, 0, 0, pe, t, 0, site, 0);
		return 1;
	}
	if (strcmp(b, "byte_perm") == 0) {
		/* __byte_perm uses 3 bits of each selector nibble (no sign mode) */
		uint32_t a = op(lc, call, 0, 0), bb = op(lc, call, 1, 0), c = op(lc, call, 2, 0);
		if (a == OPND_NONE || bb == OPND_NONE || c == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 1);
		lower_emit(lc, OP_AND, 32, 0, t, c, lower_const(lc, 0x7777), 0, 0, 0);
		lower_emit(lc, OP_PRMT, 32, 0, d, a, bb, t, 0, 0);
		return 1;
	}
	if (strcmp(b, "hiloint2double") == 0) {
		uint32_t hi = op(lc, call, 0, 0), lo = op(lc, call, 1, 0);
		if (hi == OPND_NONE || lo == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 1);
		lower_emit(lc, OP_SHL, 64, 0, t, hi, lower_const(lc, 32), 0, 0, 0);
		lower_emit(lc, OP_OR, 64, 0, d, t, lo, 0, 0, 0);
		return 1;
	}
	/* conversions: float2int_rn, double2uint_rz, int2float_rn, ll2double_rn ... */
	static const struct { const char *n; uint8_t kind; } cv[] = {
		{ "float2int_", CVT_F32_TO_SI }, { "float2uint_", CVT_F32_TO_UI },
		{ "double2int_", CVT_F64_TO_SI }, { "double2uint_", CVT_F64_TO_UI },
		{ "float2ll_", CVT_F32_TO_SI }, { "float2ull_", CVT_F32_TO_UI },
		{ "double2ll_", CVT_F64_TO_SI }, { "double2ull_", CVT_F64_TO_UI },
		{ "int2float_", CVT_SI_TO_F32 }, { "uint2float_", CVT_UI_TO_F32 },
		{ "ll2float_", CVT_SI_TO_F32 }, { "ull2float_", CVT_UI_TO_F32 },
		{ "int2double_", CVT_SI_TO_F64 }, { "uint2double_", CVT_UI_TO_F64 },
		{ "ll2double_", CVT_SI_TO_F64 }, { "ull2double_", CVT_UI_TO_F64 },
		{ "double2float_", CVT_F64_TO_F32 }, { "float2half_", CVT_F32_TO_F16 },
	};
	for (size_t i = 0; i < sizeof cv / sizeof cv[0]; i++) {
		size_t l = strlen(cv[i].n);
		if (strncmp(b, cv[i].n, l) != 0)
			continue;
		const char *m = b + l;
		uint8_t mode = strcmp(m, "rz") == 0 ? RND_ZERO : strcmp(m, "rd") == 0 ? RND_DOWN
			     : strcmp(m, "ru") == 0 ? RND_UP : RND_NEAREST;
		uint8_t kind = cv[i].kind;
		unsigned iw = (kind >= CVT_SI_TO_F32 && kind <= CVT_UI_TO_F64)
			      ? lower_int_width(LLVMTypeOf(arg(call, 0))) : w;
		return emit_cvt(lc, call, kind, (uint8_t)iw, mode) < 0 ? -1 : 1;
	}
	if (strcmp(b, "int2double_rn") == 0)
		return emit_cvt(lc, call, CVT_SI_TO_F64, 32, RND_NEAREST) < 0 ? -1 : 1;
	return 0;
}

/* A register holding the lanes active at this point (__activemask()),
** the mask of the warp operations that predate CUDA 9. */
static uint32_t active_mask(struct lctx *lc)
{
	uint32_t t = lower_temp(lc, 1);
	lower_emit(lc, OP_ACTIVEMASK, 32, 0, t, 0, 0, 0, 0, 0);
	return t;
}

/* llvm.nvvm.* intrinsics; 1 handled, 0 not one of ours, -1 error. */
static int lower_nvvm(struct lctx *lc, LLVMValueRef call, const char *name)
{
	const char *b = name + 10;	/* after "llvm.nvvm." */
	uint32_t d = lower_slot(lc, call);
	LLVMTypeRef rt = LLVMTypeOf(call);
	if (starts(b, "read.ptx.sreg.")) {
		int s = lower_sreg_index(b + 14);
		if (s < 0)
			return lower_unsupported(lc, name);
		lower_emit(lc, OP_SREG, (uint8_t)lower_int_width(rt), (uint8_t)s, d, 0, 0, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "barrier0") == 0 || strcmp(b, "barrier.sync") == 0 || strcmp(b, "bar.sync") == 0
	    || strcmp(b, "barrier.n") == 0 || starts(b, "barrier.cta.sync")) {
		uint32_t site = lower_site(lc, SITE_BARRIER, 0, 0);
		lower_emit(lc, OP_BARRIER, 0, 0, 0, lower_const(lc, 1), 0, 0, site, 0);
		return 1;
	}
	if (strcmp(b, "barrier0.popc") == 0 || strcmp(b, "barrier0.and") == 0 || strcmp(b, "barrier0.or") == 0) {
		uint8_t f = b[9] == 'p' ? 1 : b[9] == 'a' ? 2 : 3;
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		uint32_t site = lower_site(lc, SITE_BARRIER, 0, 0);
		lower_emit(lc, OP_BARRIER, 0, f, d, a, 0, 0, site, 0);
		return 1;
	}
	if (strcmp(b, "bar.warp.sync") == 0) {
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		lower_emit(lc, OP_SYNCWARP, 0, 0, 0, a, 0, 0, 0, 0);
		return 1;
	}
	if (starts(b, "shfl.")) {
		/* shfl.sync.MODE(mask, v, lane, c), or before CUDA 9 shfl.MODE(v,
		** lane, c): the lanes active there take part */
		int sync = starts(b, "shfl.sync.");
		const char *k = b + (sync ? 10 : 5);
		uint8_t f = starts(k, "idx") ? 0 : starts(k, "up") ? 1 : starts(k, "down") ? 2 : 3;
		uint32_t m = sync ? op(lc, call, 0, 0) : active_mask(lc);
		uint32_t v = op(lc, call, sync, 0), l = op(lc, call, sync + 1, 0), c = op(lc, call, sync + 2, 0);
		if (m == OPND_NONE || v == OPND_NONE || l == OPND_NONE || c == OPND_NONE)
			return -1;
		uint32_t dst = d;
		if (LLVMGetTypeKind(rt) != LLVMStructTypeKind) {
			dst = lower_temp(lc, 2);
		}
		lower_emit(lc, OP_SHFL, 32, f, dst, m, v, l, c, 0);
		if (dst != d)
			lower_emit(lc, OP_MOV, 64, 0, d, dst, 0, 0, 0, 0);
		return 1;
	}
	if (starts(b, "vote.")) {
		const char *k = b + 5;
		uint8_t f = starts(k, "all") ? 0 : starts(k, "any") ? 1 : starts(k, "uni") ? 2 : 3;
		/* vote.MODE.sync(mask, p), or before CUDA 9 vote.MODE(p) over the
		** lanes active there */
		int sync = strstr(k, ".sync") != NULL;
		uint32_t m = sync ? op(lc, call, 0, 0) : active_mask(lc), p = op(lc, call, sync, 0);
		if (m == OPND_NONE || p == OPND_NONE)
			return -1;
		lower_emit(lc, OP_VOTE, 32, f, d, m, p, 0, 0, 0);
		return 1;
	}
	if (starts(b, "match.")) {
		uint8_t f = starts(b + 6, "any") ? 0 : 1;
		uint32_t m = op(lc, call, 0, 0), v = op(lc, call, 1, 0);
		if (m == OPND_NONE || v == OPND_NONE)
			return -1;
		unsigned w = lower_int_width(LLVMTypeOf(arg(call, 1)));
		lower_emit(lc, OP_MATCH, (uint8_t)w, f, d, m, v, 0, 0, 0);
		return 1;
	}
	if (starts(b, "membar.") || starts(b, "fence.")) {
		uint8_t sc = strstr(b, "cta") ? SCOPE_BLOCK : strstr(b, "sys") ? SCOPE_SYSTEM : SCOPE_DEVICE;
		lower_emit(lc, OP_FENCE, 0, sc, 0, 0, 0, 0, 0, 0);
		return 1;
	}
	if (starts(b, "atomic.")) {
		const char *k = b + 7;
		uint8_t scope = strstr(k, ".cta.") ? SCOPE_BLOCK : strstr(k, ".sys.") ? SCOPE_SYSTEM : SCOPE_DEVICE;
		int isf = strstr(k, ".f.") != NULL;
		if (starts(k, "cas.")) {
			LLVMValueRef p = arg(call, 0);
			uint64_t sz = LLVMStoreSizeOfType(lc->td, rt);
			uint32_t a = op(lc, call, 0, 0), x = op(lc, call, 1, 0), y = op(lc, call, 2, 0);
			if (a == OPND_NONE || x == OPND_NONE || y == OPND_NONE)
				return -1;
			uint32_t t = lower_temp(lc, 2);
			uint32_t site = lower_site(lc, SITE_CMPXCHG, space_of_ptr(p), (uint16_t)sz);
			lower_emit(lc, OP_CMPXCHG, (uint8_t)sz, 0, t, a, x, y, site, scope);
			lower_emit(lc, OP_MOV, 64, 0, d, t, 0, 0, 0, 0);
			return 1;
		}
		static const struct { const char *n; uint8_t f, ff; } ops[] = {
			{ "add.", AT_ADD, AT_FADD }, { "exch.", AT_XCHG, AT_XCHG },
			{ "max.", AT_MAX, AT_FMAX }, { "min.", AT_MIN, AT_FMIN },
			{ "inc.", AT_UINC, AT_UINC }, { "dec.", AT_UDEC, AT_UDEC },
			{ "and.", AT_AND, AT_AND }, { "or.", AT_OR, AT_OR }, { "xor.", AT_XOR, AT_XOR },
			{ "load.inc.", AT_UINC, AT_UINC }, { "load.dec.", AT_UDEC, AT_UDEC },
		};
		for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
			if (!starts(k, ops[i].n))
				continue;
			uint8_t f = isf ? ops[i].ff : ops[i].f;
			if (strstr(k, ".ui.") && f == AT_MAX) f = AT_UMAX;
			if (strstr(k, ".ui.") && f == AT_MIN) f = AT_UMIN;
			return emit_atomic(lc, call, f, scope) < 0 ? -1 : 1;
		}
		return lower_unsupported(lc, name);
	}
	if (starts(b, "sad."))
		return emit_sad(lc, call, d, b[4] == 'u', lower_int_width(rt)) < 0 ? -1 : 1;
	if (starts(b, "f2h.rn"))
		return emit_cvt(lc, call, CVT_F32_TO_F16, 16, RND_NEAREST) < 0 ? -1 : 1;
	if (starts(b, "tanh.approx."))
		return emit_math(lc, call, MF_TANH, 1) < 0 ? -1 : 1;
	if (strcmp(b, "activemask") == 0) {
		lower_emit(lc, OP_ACTIVEMASK, 32, 0, d, 0, 0, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "prmt") == 0)
		return emit_int(lc, call, OP_PRMT, 0, 3) < 0 ? -1 : 1;
	if (starts(b, "ldg.global.") || starts(b, "ldu.global.")) {
		LLVMValueRef p = arg(call, 0);
		uint64_t sz = LLVMStoreSizeOfType(lc->td, rt);
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		uint32_t site = lower_site(lc, SITE_LOAD, space_of_ptr(p), (uint16_t)sz);
		lower_emit(lc, OP_LOAD, (uint8_t)sz, 0, d, a, 0, 0, site, 0);
		return 1;
	}
	if (starts(b, "ptr.gen.to.") || (starts(b, "ptr.") && strstr(b, ".to.gen")))
		return emit_mov(lc, call, 0, 64) < 0 ? -1 : 1;
	/* floating point with rounding modes */
	if (starts(b, "fma.r"))
		return emit_frnd(lc, call, 3, rnd_suffix(b), 3) < 0 ? -1 : 1;
	if (starts(b, "add.r"))
		return emit_frnd(lc, call, 0, rnd_suffix(b), 2) < 0 ? -1 : 1;
	if (starts(b, "mul.r"))
		return emit_frnd(lc, call, 1, rnd_suffix(b), 2) < 0 ? -1 : 1;
	if (starts(b, "div.r") || starts(b, "div.full") || starts(b, "div.approx"))
		return emit_frnd(lc, call, 2, starts(b, "div.r") ? rnd_suffix(b) : RND_NEAREST, 2) < 0 ? -1 : 1;
	if (starts(b, "rcp.r") || starts(b, "rcp.approx"))
		return emit_frnd(lc, call, 5, starts(b, "rcp.r") ? rnd_suffix(b) : RND_NEAREST, 1) < 0 ? -1 : 1;
	if (starts(b, "sqrt.r") || starts(b, "sqrt.approx") || strcmp(b, "sqrt.f") == 0)
		return emit_frnd(lc, call, 4, starts(b, "sqrt.r") ? rnd_suffix(b) : RND_NEAREST, 1) < 0 ? -1 : 1;
	if (starts(b, "rsqrt.approx"))
		return emit_math(lc, call, MF_RSQRT, 1) < 0 ? -1 : 1;
	if (starts(b, "ex2.approx"))
		return emit_math(lc, call, MF_EXP2, 1) < 0 ? -1 : 1;
	if (starts(b, "lg2.approx"))
		return emit_math(lc, call, MF_LOG2, 1) < 0 ? -1 : 1;
	if (starts(b, "sin.approx"))
		return emit_math(lc, call, MF_SIN, 1) < 0 ? -1 : 1;
	if (starts(b, "cos.approx"))
		return emit_math(lc, call, MF_COS, 1) < 0 ? -1 : 1;
	if (starts(b, "fabs."))
		return emit_math(lc, call, MF_FABS, 1) < 0 ? -1 : 1;
	if (starts(b, "fmin."))
		return emit_math(lc, call, strstr(b, "nan") ? MF_FMIN_NAN : MF_FMIN, 2) < 0 ? -1 : 1;
	if (starts(b, "fmax."))
		return emit_math(lc, call, strstr(b, "nan") ? MF_FMAX_NAN : MF_FMAX, 2) < 0 ? -1 : 1;
	if (starts(b, "floor."))
		return emit_math(lc, call, MF_FLOOR, 1) < 0 ? -1 : 1;
	if (starts(b, "ceil."))
		return emit_math(lc, call, MF_CEIL, 1) < 0 ? -1 : 1;
	if (starts(b, "trunc."))
		return emit_math(lc, call, MF_TRUNC, 1) < 0 ? -1 : 1;
	if (starts(b, "round."))
		return emit_math(lc, call, MF_RINT, 1) < 0 ? -1 : 1;
	if (starts(b, "saturate."))
		return emit_math(lc, call, MF_SATURATE, 1) < 0 ? -1 : 1;
	/* conversions: f2i.rn, d2ull.rz, i2f.rn, ll2d.rm, d2f.rn.ftz ... */
	{
		static const struct { const char *n; uint8_t kind; } cv[] = {
			{ "f2i.", CVT_F32_TO_SI }, { "f2ui.", CVT_F32_TO_UI }, { "d2i.r", CVT_F64_TO_SI },
			{ "d2ui.", CVT_F64_TO_UI }, { "f2ll.", CVT_F32_TO_SI }, { "f2ull.", CVT_F32_TO_UI },
			{ "d2ll.", CVT_F64_TO_SI }, { "d2ull.", CVT_F64_TO_UI }, { "i2f.", CVT_SI_TO_F32 },
			{ "ui2f.", CVT_UI_TO_F32 }, { "ll2f.", CVT_SI_TO_F32 }, { "ull2f.", CVT_UI_TO_F32 },
			{ "i2d.", CVT_SI_TO_F64 }, { "ui2d.", CVT_UI_TO_F64 }, { "ll2d.", CVT_SI_TO_F64 },
			{ "ull2d.", CVT_UI_TO_F64 }, { "d2f.", CVT_F64_TO_F32 },
		};
		for (size_t i = 0; i < sizeof cv / sizeof cv[0]; i++) {
			if (!starts(b, cv[i].n))
				continue;
			uint8_t kind = cv[i].kind;
			unsigned iw = (kind >= CVT_SI_TO_F32 && kind <= CVT_UI_TO_F64)
				      ? lower_int_width(LLVMTypeOf(arg(call, 0))) : lower_int_width(rt);
			return emit_cvt(lc, call, kind, (uint8_t)iw, rnd_suffix(b)) < 0 ? -1 : 1;
		}
	}
	if (starts(b, "bitcast."))
		return emit_mov(lc, call, 0, 64) < 0 ? -1 : 1;
	if (strcmp(b, "d2i.lo") == 0 || strcmp(b, "d2i.hi") == 0) {
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		lower_emit(lc, OP_LSHR, 64, 0, d, a, lower_const(lc, b[4] == 'h' ? 32 : 0), 0, 0, 0);
		lower_emit(lc, OP_MOV, 32, 0, d, d, 0, 0, 0, 0);
		return 1;
	}
	if (strcmp(b, "lohi.i2d") == 0) {
		uint32_t lo = op(lc, call, 0, 0), hi = op(lc, call, 1, 0);
		if (lo == OPND_NONE || hi == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 1);
		lower_emit(lc, OP_SHL, 64, 0, t, hi, lower_const(lc, 32), 0, 0, 0);
		lower_emit(lc, OP_OR, 64, 0, d, t, lo, 0, 0, 0);
		return 1;
	}
	if (starts(b, "mulhi."))
		return emit_int(lc, call, OP_MULHI, strstr(b, ".u") ? 0 : 1, 2) < 0 ? -1 : 1;
	if (starts(b, "brev"))
		return emit_int(lc, call, OP_IUNARY, 5, 1) < 0 ? -1 : 1;
	if (starts(b, "popc.") || starts(b, "clz.")) {
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		lower_emit(lc, OP_IUNARY, (uint8_t)lower_int_width(LLVMTypeOf(arg(call, 0))),
			   b[0] == 'p' ? 1 : 2, d, a, 0, 0, 0, 0);
		lower_emit(lc, OP_MOV, 32, 0, d, d, 0, 0, 0, 0);
		return 1;
	}
	if (starts(b, "abs."))
		return emit_int(lc, call, OP_IUNARY, 0, 1) < 0 ? -1 : 1;
	if (starts(b, "min.") || starts(b, "max.")) {
		int u = strstr(b, ".u") != NULL;
		uint16_t o = b[1] == 'i' ? (u ? OP_UMIN : OP_SMIN) : (u ? OP_UMAX : OP_SMAX);
		return emit_int(lc, call, o, 0, 2) < 0 ? -1 : 1;
	}
	return 0;
}

static int lower_overflow(struct lctx *lc, LLVMValueRef call, uint8_t f)
{
	uint32_t d = lower_slot(lc, call);
	uint32_t a = op(lc, call, 0, 0), b = op(lc, call, 1, 0);
	if (a == OPND_NONE || b == OPND_NONE)
		return -1;
	lower_emit(lc, OP_OVF, (uint8_t)lower_int_width(LLVMTypeOf(arg(call, 0))), f, d, a, b, 0, 0, 0);
	return 0;
}

/* llvm.* (target-independent) intrinsics; 1 handled, 0 unknown, -1 error. */
static int lower_llvm(struct lctx *lc, LLVMValueRef call, const char *name)
{
	const char *b = name + 5;
	uint32_t d = lower_slot(lc, call);
	if (strcmp(b, "assume") == 0) {
		/* __builtin_assume, and what the optimiser derived from the code:
		** a lane where it does not hold is outside the kernel's contract */
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		lower_emit(lc, OP_ASSUME, 0, 0, 0, a, 0, 0, 0, 0);
		return 1;
	}
	if (starts(b, "dbg.") || starts(b, "lifetime.")
	    || starts(b, "experimental.noalias.scope.decl") || starts(b, "invariant.")
	    || starts(b, "var.annotation") || strcmp(b, "sideeffect") == 0 || strcmp(b, "donothing") == 0
	    || starts(b, "pseudoprobe") || starts(b, "ptr.annotation"))
		return 1;
	if (starts(b, "expect.") || starts(b, "expect.with") || starts(b, "launder.") || starts(b, "strip.invariant"))
		return emit_mov(lc, call, 0, 64) < 0 ? -1 : 1;
	if (strcmp(b, "trap") == 0 || strcmp(b, "ubsantrap") == 0 || strcmp(b, "debugtrap") == 0) {
		lower_emit(lc, OP_TRAP, 0, TRAP_TRAP, 0, 0, 0, 0, 0, 0);
		return 1;
	}
	static const struct { const char *n; uint16_t op; uint8_t f; uint8_t ar; } ints[] = {
		{ "smax.", OP_SMAX, 0, 2 }, { "smin.", OP_SMIN, 0, 2 }, { "umax.", OP_UMAX, 0, 2 },
		{ "umin.", OP_UMIN, 0, 2 }, { "abs.", OP_IUNARY, 0, 1 }, { "ctpop.", OP_IUNARY, 1, 1 },
		{ "ctlz.", OP_IUNARY, 2, 1 }, { "cttz.", OP_IUNARY, 3, 1 }, { "bswap.", OP_IUNARY, 4, 1 },
		{ "bitreverse.", OP_IUNARY, 5, 1 }, { "fshl.", OP_FSHL, 0, 3 }, { "fshr.", OP_FSHR, 0, 3 },
		{ "sadd.sat.", OP_SAT, 0, 2 }, { "uadd.sat.", OP_SAT, 1, 2 },
		{ "ssub.sat.", OP_SAT, 2, 2 }, { "usub.sat.", OP_SAT, 3, 2 },
	};
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
		if (starts(b, ints[i].n))
			return emit_int(lc, call, ints[i].op, ints[i].f, ints[i].ar) < 0 ? -1 : 1;
	static const struct { const char *n; uint8_t f; } ovf[] = {
		{ "sadd.with.overflow.", 0 }, { "uadd.with.overflow.", 1 },
		{ "ssub.with.overflow.", 2 }, { "usub.with.overflow.", 3 },
		{ "smul.with.overflow.", 4 }, { "umul.with.overflow.", 5 },
	};
	for (size_t i = 0; i < sizeof ovf / sizeof ovf[0]; i++)
		if (starts(b, ovf[i].n))
			return lower_overflow(lc, call, ovf[i].f) < 0 ? -1 : 1;
	static const struct { const char *n; uint8_t fid; } fm[] = {
		{ "fma.", MF_FMA }, { "fmuladd.", MF_FMA }, { "sqrt.", MF_SQRT }, { "floor.", MF_FLOOR },
		{ "ceil.", MF_CEIL }, { "trunc.", MF_TRUNC }, { "round.", MF_ROUND },
		{ "roundeven.", MF_ROUNDEVEN }, { "rint.", MF_RINT }, { "nearbyint.", MF_NEARBYINT },
		{ "copysign.", MF_COPYSIGN }, { "fabs.", MF_FABS }, { "minnum.", MF_FMIN },
		{ "maxnum.", MF_FMAX }, { "minimum.", MF_MINIMUM }, { "maximum.", MF_MAXIMUM },
		{ "exp.", MF_EXP }, { "exp2.", MF_EXP2 }, { "exp10.", MF_EXP10 }, { "log.", MF_LOG },
		{ "log2.", MF_LOG2 }, { "log10.", MF_LOG10 }, { "pow.", MF_POW }, { "powi.", MF_POWI },
		{ "sin.", MF_SIN }, { "cos.", MF_COS }, { "tan.", MF_TAN }, { "ldexp.", MF_LDEXP },
		{ "asin.", MF_ASIN }, { "acos.", MF_ACOS }, { "atan.", MF_ATAN }, { "sinh.", MF_SINH },
		{ "cosh.", MF_COSH }, { "tanh.", MF_TANH },
	};
	for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++) {
		if (!starts(b, fm[i].n))
			continue;
		LLVMTypeRef t = LLVMTypeOf(arg(call, 0));
		if (ftype(t) == 16) {
			/* half: widen, compute in float, narrow */
			unsigned ar = math_arity[fm[i].fid];
			uint32_t tmp = lower_temp(lc, 4);
			for (unsigned k = 0; k < ar; k++) {
				uint32_t o = op(lc, call, k, 0);
				if (o == OPND_NONE)
					return -1;
				lower_emit(lc, OP_CVT, 32, CVT_F16_TO_F32, tmp + k, o, 0, 0, 0, 0);
			}
			lower_emit(lc, OP_MATH32, 32, fm[i].fid, tmp + 3, tmp, tmp + 1, tmp + 2, 0, 0);
			lower_emit(lc, OP_CVT, 32, CVT_F32_TO_F16, d, tmp + 3, 0, 0, 0, 0);
			return 1;
		}
		return emit_math(lc, call, fm[i].fid, math_arity[fm[i].fid]) < 0 ? -1 : 1;
	}
	if (starts(b, "lrint.") || starts(b, "llrint.") || starts(b, "lround.") || starts(b, "llround.")) {
		int ft = ftype(LLVMTypeOf(arg(call, 0)));
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		uint32_t t = lower_temp(lc, 1);
		lower_emit(lc, ft == 32 ? OP_MATH32 : OP_MATH64, (uint8_t)ft,
			   strstr(b, "round") ? MF_ROUND : MF_RINT, t, a, 0, 0, 0, 0);
		lower_emit(lc, OP_CVT, (uint8_t)lower_int_width(LLVMTypeOf(call)),
			   ft == 32 ? CVT_F32_TO_SI : CVT_F64_TO_SI, d, t, 0, 0, RND_ZERO, 0);
		return 1;
	}
	if (starts(b, "is.fpclass.")) {
		/* elementwise over vectors; the class mask is an immediate */
		LLVMTypeRef t = LLVMTypeOf(arg(call, 0));
		LLVMTypeRef et = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
		uint64_t mask = 0;
		LLVMValueRef mv = arg(call, 1);
		if (!LLVMIsAConstantInt(mv))
			return lower_unsupported(lc, "llvm.is.fpclass with a variable class mask");
		mask = LLVMConstIntGetZExtValue(mv);
		uint8_t fmt;
		switch (LLVMGetTypeKind(et)) {
		case LLVMHalfTypeKind: fmt = FMT_F16; break;
		case LLVMBFloatTypeKind: fmt = FMT_BF16; break;
		case LLVMFloatTypeKind: fmt = FMT_F32; break;
		case LLVMDoubleTypeKind: fmt = FMT_F64; break;
		default: return lower_unsupported(lc, "llvm.is.fpclass on this type");
		}
		for (unsigned e = 0; e < vec_count(t); e++) {
			uint32_t a = op(lc, call, 0, e);
			if (a == OPND_NONE)
				return -1;
			lower_emit(lc, OP_FPCLASS, 1, fmt, d + e, a, 0, 0, 0, (int64_t)mask);
		}
		return 1;
	}
	if (starts(b, "convert.from.fp16.")) {
		int ft = ftype(LLVMTypeOf(call));
		return emit_cvt(lc, call, ft == 64 ? CVT_F16_TO_F64 : CVT_F16_TO_F32, 16, RND_NEAREST) < 0
		       ? -1 : 1;
	}
	if (starts(b, "convert.to.fp16.")) {
		int ft = ftype(LLVMTypeOf(arg(call, 0)));
		return emit_cvt(lc, call, ft == 64 ? CVT_F64_TO_F16 : CVT_F32_TO_F16, 16, RND_NEAREST) < 0
		       ? -1 : 1;
	}
	if (starts(b, "fptosi.sat.") || starts(b, "fptoui.sat.")) {
		int ft = ftype(LLVMTypeOf(arg(call, 0)));
		int s = b[5] == 's';
		uint8_t kind = ft == 32 ? (s ? CVT_F32_TO_SI_SAT : CVT_F32_TO_UI_SAT)
			     : (s ? CVT_F64_TO_SI_SAT : CVT_F64_TO_UI_SAT);
		return emit_cvt(lc, call, kind, (uint8_t)lower_int_width(LLVMTypeOf(call)), RND_ZERO) < 0 ? -1 : 1;
	}
	if (starts(b, "memcpy.") || starts(b, "memmove.") || starts(b, "memset.")) {
		int set = starts(b, "memset.");
		uint32_t a = op(lc, call, 0, 0), s = op(lc, call, 1, 0), n = op(lc, call, 2, 0);
		if (a == OPND_NONE || s == OPND_NONE || n == OPND_NONE)
			return -1;
		uint32_t site = lower_site(lc, set ? SITE_MEMSET : SITE_MEMCPY, space_of_ptr(arg(call, 0)), 1);
		lower_emit(lc, set ? OP_MEMSET : OP_MEMCPY, 0, 0, 0, a, s, n, site, 0);
		return 1;
	}
	return 0;
}

/* The arguments of CALL flattened into a new argument list: sets *list
** to its first entry and returns the number of operands, or -1. */
static int emit_arglist(struct lctx *lc, LLVMValueRef call, uint32_t *list)
{
	struct program *p = lc->p;
	unsigned na = nargs(call);
	int count = 0;
	*list = p->narglists;
	for (unsigned i = 0; i < na; i++) {
		LLVMValueRef a = arg(call, i);
		uint32_t n = lower_nflat(lc, LLVMTypeOf(a));
		for (uint32_t e = 0; e < n; e++) {
			uint32_t o = lower_opnd(lc, a, e);
			if (o == OPND_NONE)
				return -1;
			VEC_PUSH(p->arglists, p->narglists, lc->caparg, o);
			count++;
		}
	}
	return count;
}

/* A call through a function pointer: ICALL finds the callee at run time
** (and serialises lanes that call different functions). */
/* CALL (TARGET a function index) or ICALL (TARGET the operand holding the
** callee's address): the argument list, the result slots and a call site. */
static int emit_call(struct lctx *lc, LLVMValueRef call, uint16_t op, uint32_t target)
{
	uint32_t list;
	int count = emit_arglist(lc, call, &list);
	if (count < 0)
		return -1;
	uint32_t rs = lower_nflat(lc, LLVMTypeOf(call));
	uint32_t d = rs ? lower_slot(lc, call) : 0;
	uint32_t site = lower_site(lc, SITE_CALL, 0, 0);
	if (op == OP_CALL)
		lower_emit(lc, OP_CALL, 0, 0, d, site, (uint32_t)count, rs, list, target);
	else
		lower_emit(lc, OP_ICALL, 0, 0, d, target, (uint32_t)count, rs, list, site);
	return 0;
}

static int lower_indirect(struct lctx *lc, LLVMValueRef call, LLVMValueRef callee)
{
	uint32_t target = lower_opnd(lc, callee, 0);
	if (target == OPND_NONE)
		return -1;
	return emit_call(lc, call, OP_ICALL, target);
}

/* Device malloc and operator new, new[] (declared, not defined: the
** toolkit's headers define new in terms of malloc, which then is the
** declaration seen). */
static int is_malloc(const char *name)
{
	return strcmp(name, "malloc") == 0 || strcmp(name, "_Znwm") == 0
	       || strcmp(name, "_Znam") == 0;
}

/* free and operator delete, delete[], plain and sized. */
static int is_free(const char *name)
{
	return strcmp(name, "free") == 0 || strcmp(name, "_ZdlPv") == 0
	       || strcmp(name, "_ZdaPv") == 0 || strcmp(name, "_ZdlPvm") == 0
	       || strcmp(name, "_ZdaPvm") == 0;
}

int lower_call(struct lctx *lc, LLVMValueRef call)
{
	LLVMValueRef callee = LLVMGetCalledValue(call);
	if (LLVMIsAInlineAsm(callee))
		return lower_asm(lc, call, callee);
	if (!LLVMIsAFunction(callee))
		return lower_indirect(lc, call, callee);
	size_t len = 0;
	const char *name = LLVMGetValueName2(callee, &len);
	int r = 0;
	if (starts(name, "llvm.nvvm."))
		r = lower_nvvm(lc, call, name);
	else if (starts(name, "llvm."))
		r = lower_llvm(lc, call, name);
	else if (starts(name, "__nv_"))
		r = lower_nv(lc, call, name);
	if (r < 0)
		return -1;
	if (r > 0)
		return 0;
	if (strcmp(name, "vprintf") == 0 && nargs(call) == 2) {
		uint32_t f = op(lc, call, 0, 0), a = op(lc, call, 1, 0);
		if (f == OPND_NONE || a == OPND_NONE)
			return -1;
		lower_emit(lc, OP_PRINTF, 32, 0, lower_slot(lc, call), f, a, 0, 0, 0);
		return 0;
	}
	if (strcmp(name, "__assertfail") == 0 || strcmp(name, "__assert_fail") == 0) {
		uint32_t m = op(lc, call, 0, 0), fl = op(lc, call, 1, 0), ln = op(lc, call, 2, 0);
		uint32_t fn = nargs(call) > 3 ? op(lc, call, 3, 0) : lower_const(lc, 0);
		if (m == OPND_NONE || fl == OPND_NONE || ln == OPND_NONE || fn == OPND_NONE)
			return -1;
		lower_emit(lc, OP_ASSERTFAIL, 0, 0, 0, m, fl, ln, fn, 0);
		return 0;
	}
	/* a kernel launch in device code, as kernels/cuda-compat/
	** simulee_dynpar.h spells it: the parameter buffer is per-thread
	** memory, and the launch reads it when it is made */
	if (LLVMIsDeclaration(callee) && nargs(call) == 2
	    && strcmp(name, "__simulee_param_buffer") == 0) {
		uint32_t n = op(lc, call, 1, 0);
		if (n == OPND_NONE)
			return -1;
		lower_emit(lc, OP_ALLOCA, 64, 0, lower_slot(lc, call), n, 0, 0, UINT32_MAX, 1);
		return 0;
	}
	if (LLVMIsDeclaration(callee) && nargs(call) == 3
	    && strcmp(name, "__simulee_launch_device") == 0) {
		uint32_t k = op(lc, call, 0, 0), b = op(lc, call, 1, 0), c = op(lc, call, 2, 0);
		if (k == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
			return -1;
		uint32_t site = lower_site(lc, SITE_ATOMIC, AS_GLOBAL, 4);
		lower_emit(lc, OP_DLAUNCH, 32, 0, lower_slot(lc, call), k, b, c, site, 0);
		return 0;
	}
	if (LLVMIsDeclaration(callee) && nargs(call) == 1 && is_malloc(name)) {
		uint32_t n = op(lc, call, 0, 0);
		if (n == OPND_NONE)
			return -1;
		lower_emit(lc, OP_MALLOC, 64, 0, lower_slot(lc, call), n, 0, 0, 0, 0);
		return 0;
	}
	if (LLVMIsDeclaration(callee) && nargs(call) >= 1 && is_free(name)) {
		uint32_t a = op(lc, call, 0, 0);
		if (a == OPND_NONE)
			return -1;
		lower_emit(lc, OP_FREE, 64, 0, 0, a, 0, 0, 0, 0);
		return 0;
	}
	if (starts(name, "llvm.") || LLVMIsDeclaration(callee)) {
		char what[300];
		snprintf(what, sizeof what, "call to %s '%s'",
			 starts(name, "llvm.") ? "intrinsic" : "external function", name);
		return lower_unsupported(lc, what);
	}
	/* a device function: arguments flattened into an argument list */
	return emit_call(lc, call, OP_CALL, (uint32_t)lower_func_index(lc, callee));
}
