/*
** linear.c: the constant widths a function's code numbers its block's
** threads by (docs/CONTRACTS.md, rule 15).  cub's RowMajorTid with its
** template block (threadIdx.x + threadIdx.y * 32 + threadIdx.z * 32 * 16)
** and hand-written `ty * TILE + tx` make a thread's number from its
** coordinates with constant strides; the number is one-to-one only while
** blockDim.x stays within the stride of y (and blockDim.y within the
** stride of z over that of y).  This reads those strides from the IR
** (after sroa and mem2reg: an -O0 build's constants reach the arithmetic);
** the search decides from a launch's findings whether they matter.
*/
#include <stdint.h>
#include <string.h>

#include "lower/lower_int.h"

#define LIN_DEPTH 12		/* operands followed from one sum */
#define LIN_MAX 1024		/* a stride past the block's limit is no width */

/* Whether V is a call of the intrinsic that reads threadIdx's component:
** its index (0..2), else -1. */
static int tid_read(LLVMValueRef v)
{
	if (!LLVMIsACallInst(v))
		return -1;
	LLVMValueRef callee = LLVMGetCalledValue(v);
	size_t len = 0;
	const char *name = callee ? LLVMGetValueName2(callee, &len) : NULL;
	static const char pre[] = "llvm.nvvm.read.ptx.sreg.tid.";
	if (name == NULL || len != sizeof pre || strncmp(name, pre, sizeof pre - 1) != 0)
		return -1;
	char c = name[sizeof pre - 1];
	return c >= 'x' && c <= 'z' ? c - 'x' : -1;
}

/* A constant integer operand's value into *K; whether it is one. */
static int const_of(LLVMValueRef v, int64_t *k)
{
	if (!LLVMIsAConstantInt(v))
		return 0;
	*k = LLVMConstIntGetSExtValue(v);
	return 1;
}

/*
** Writes into C the constant coefficients of threadIdx.x, .y and .z in
** integer value V, read as a sum of scaled coordinates and terms that do
** not read them (add, or, sub, mul and shl by a constant, casts; a phi or
** select whose arms agree or are the constant 0: cub's `dim == 1 ? 0 :
** ty * 32`).  Anything else counts as a term without coordinates.
** Returns 0 where a product or shift of two coordinate terms, or arms
** that disagree, make it no such sum.
*/
static int coeffs(LLVMValueRef v, int64_t c[3], int depth)
{
	c[0] = c[1] = c[2] = 0;
	int t = tid_read(v);
	if (t >= 0) {
		c[t] = 1;
		return 1;
	}
	if (depth >= LIN_DEPTH || !LLVMIsAInstruction(v))
		return 1;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	int64_t a[3], b[3], k;
	switch (op) {
	case LLVMAdd: case LLVMOr: case LLVMSub:
		if (!coeffs(LLVMGetOperand(v, 0), a, depth + 1)
		    || !coeffs(LLVMGetOperand(v, 1), b, depth + 1))
			return 0;
		for (int i = 0; i < 3; i++)
			c[i] = op == LLVMSub ? a[i] - b[i] : a[i] + b[i];
		return 1;
	case LLVMMul: case LLVMShl:
		for (unsigned s = 0; s < 2; s++) {
			if (!const_of(LLVMGetOperand(v, 1 - s), &k) || (op == LLVMShl && s == 1))
				continue;
			if (op == LLVMShl)
				k = k >= 0 && k < 20 ? INT64_C(1) << k : 0;
			if (!coeffs(LLVMGetOperand(v, s), a, depth + 1))
				return 0;
			for (int i = 0; i < 3; i++)
				c[i] = a[i] * k;
			return 1;
		}
		/* neither side constant: a product with a coordinate is no sum */
		if (!coeffs(LLVMGetOperand(v, 0), a, depth + 1)
		    || !coeffs(LLVMGetOperand(v, 1), b, depth + 1))
			return 0;
		return !(a[0] | a[1] | a[2] | b[0] | b[1] | b[2]);
	case LLVMZExt: case LLVMSExt: case LLVMTrunc:
		return coeffs(LLVMGetOperand(v, 0), c, depth + 1);
	case LLVMPHI: case LLVMSelect: {
		unsigned first = op == LLVMSelect ? 1 : 0;
		unsigned n = op == LLVMSelect ? 3 : LLVMCountIncoming(v);
		int any = 0;
		for (unsigned i = first; i < n; i++) {
			LLVMValueRef in = op == LLVMSelect ? LLVMGetOperand(v, i)
				: LLVMGetIncomingValue(v, i);
			if (const_of(in, &k) && k == 0)
				continue;
			if (in == v || !coeffs(in, a, depth + 1))
				return 0;
			if (any && memcmp(a, c, sizeof a) != 0)
				return 0;
			memcpy(c, a, sizeof a);
			any = 1;
		}
		return 1;
	}
	default:
		return 1;
	}
}

void lower_linear_widths(LLVMValueRef fn, uint32_t *width, uint32_t *rows)
{
	*width = *rows = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			LLVMOpcode op = LLVMGetInstructionOpcode(I);
			int64_t c[3];
			if ((op != LLVMAdd && op != LLVMOr) || !coeffs(I, c, 0))
				continue;
			/* tx + ty * K (+ tz * K * L): the thread's number */
			if (c[0] != 1 || c[1] <= 1 || c[1] >= LIN_MAX)
				continue;
			if (*width == 0 || (uint32_t)c[1] < *width)
				*width = (uint32_t)c[1];
			if (c[2] > c[1] && c[2] % c[1] == 0 && c[2] / c[1] < LIN_MAX
			    && (*rows == 0 || (uint32_t)(c[2] / c[1]) < *rows))
				*rows = (uint32_t)(c[2] / c[1]);
		}
}
