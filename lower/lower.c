/*
** lower.c: LLVM IR to simulee-c bytecode, one function at a time.
**
** Two passes per function: every SSA value gets its slots (vectors and
** aggregates are flattened into consecutive slots), then the blocks are laid
** out with loops contiguous and in topological order (which the warp
** scheduler's minimum-pc reconvergence needs, see docs/BYTECODE.md) and
** emitted as fixed-size instructions.  Phis become moves on CFG edges: in
** the predecessor before an unconditional branch, or in a trampoline placed
** just before the target block when the predecessor branches two ways.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_int.h"
#include "core/program.h"
#include "memmodel/mem.h"

#define MAX_FLAT 256

const char *lower_str(struct lctx *lc, const char *s)
{
	return s ? arena_strdup(lc->p->strings, s, strlen(s)) : NULL;
}

/* ---- types --------------------------------------------------------------- */

enum { TK_INT, TK_F16, TK_BF16, TK_F32, TK_F64, TK_PTR, TK_OTHER };

static int tkind(LLVMTypeRef t)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMIntegerTypeKind: return TK_INT;
	case LLVMHalfTypeKind: return TK_F16;
	case LLVMBFloatTypeKind: return TK_BF16;
	case LLVMFloatTypeKind: return TK_F32;
	case LLVMDoubleTypeKind: return TK_F64;
	case LLVMPointerTypeKind: return TK_PTR;
	default: return TK_OTHER;
	}
}

unsigned lower_int_width(LLVMTypeRef t)
{
	switch (tkind(t)) {
	case TK_INT: return LLVMGetIntTypeWidth(t);
	case TK_F16: case TK_BF16: return 16;
	case TK_F32: return 32;
	default: return 64;
	}
}

static uint64_t type_size(struct lctx *lc, LLVMTypeRef t)
{
	return LLVMABISizeOfType(lc->td, t);
}

/* Flattens T (scalars, vectors, structs, arrays) into its scalar elements
** with their byte offsets from BASE.  Returns the count, or -1 if there are
** more than MAX or a type has no slots (e.g. a label). */
static int flatten(struct lctx *lc, LLVMTypeRef t, LLVMTypeRef *types, uint64_t *offs,
		   int n, int max, uint64_t base)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMVoidTypeKind:
		return n;
	case LLVMStructTypeKind: {
		unsigned k = LLVMCountStructElementTypes(t);
		for (unsigned i = 0; i < k; i++) {
			LLVMTypeRef e = LLVMStructGetTypeAtIndex(t, i);
			n = flatten(lc, e, types, offs, n, max, base + LLVMOffsetOfElement(lc->td, t, i));
			if (n < 0)
				return -1;
		}
		return n;
	}
	case LLVMArrayTypeKind: {
		unsigned k = (unsigned)LLVMGetArrayLength2(t);
		LLVMTypeRef e = LLVMGetElementType(t);
		uint64_t es = type_size(lc, e);
		for (unsigned i = 0; i < k; i++) {
			n = flatten(lc, e, types, offs, n, max, base + i * es);
			if (n < 0)
				return -1;
		}
		return n;
	}
	case LLVMVectorTypeKind: {
		unsigned k = LLVMGetVectorSize(t);
		LLVMTypeRef e = LLVMGetElementType(t);
		uint64_t es = LLVMStoreSizeOfType(lc->td, e);
		for (unsigned i = 0; i < k; i++) {
			n = flatten(lc, e, types, offs, n, max, base + i * es);
			if (n < 0)
				return -1;
		}
		return n;
	}
	default:
		if (tkind(t) == TK_OTHER)
			return -1;
		if (n >= max)
			return -1;
		if (types)
			types[n] = t;
		if (offs)
			offs[n] = base;
		return n + 1;
	}
}

uint32_t lower_nflat(struct lctx *lc, LLVMTypeRef t)
{
	int n = flatten(lc, t, NULL, NULL, 0, 1 << 20, 0);
	return n < 0 ? 0 : (uint32_t)n;
}

static uint32_t nflat(struct lctx *lc, LLVMTypeRef t)
{
	int n = flatten(lc, t, NULL, NULL, 0, 1 << 20, 0);
	return n < 0 ? 0 : (uint32_t)n;
}

/* ---- emission ------------------------------------------------------------ */

uint32_t lower_emit(struct lctx *lc, uint16_t op, uint8_t w, uint8_t f, uint32_t d,
		    uint32_t a, uint32_t b, uint32_t c, uint32_t x, int64_t imm)
{
	struct fctx *fc = lc->f;
	/* an operand the instruction does not read (FNEG's b and c, the c of
	** a two-operand op) names the constant 0, never OPND_NONE: the
	** interpreter's lane loop loads all three operands' rows, and a dead
	** load is still a load (an -O0 build makes it, through a pointer far
	** outside the constant pool, NULL when the pool is empty).  RET's a
	** alone keeps OPND_NONE, which RET tests for "returns nothing". */
	if (op != OP_RET) {
		if (a == OPND_NONE)
			a = lower_const(lc, 0);
		if (b == OPND_NONE)
			b = lower_const(lc, 0);
		if (c == OPND_NONE)
			c = lower_const(lc, 0);
	}
	/* what the kernel's author reads of the launch (rule 10) */
	if (op == OP_SREG && f < SREG__COUNT && !lower_from_header(lc))
		lc->p->funcs[fc->fidx].own_sregs |= UINT64_C(1) << f;
	vec_reserve(&fc->code, &fc->capcode, fc->ncode + 1, sizeof *fc->code);
	vec_reserve(&fc->line, &fc->capline, fc->ncode + 1, sizeof *fc->line);
	struct insn *i = &fc->code[fc->ncode];
	i->op = op;
	i->w = w;
	i->f = f;
	i->d = d;
	i->a = a;
	i->b = b;
	i->c = c;
	i->x = x;
	i->imm = imm;
	fc->line[fc->ncode] = fc->home_line;
	return fc->ncode++;
}

/* htab callbacks of the constant pool: CTX a struct const_probe. */
struct const_probe {
	const struct program *p;
	uint64_t value;
};

static uint64_t const_hash_at(const void *ctx, uint32_t idx)
{
	const struct const_probe *q = ctx;
	return htab_mix(q->p->consts[(size_t)idx * 32]);
}

static int const_eq(const void *ctx, uint32_t idx)
{
	const struct const_probe *q = ctx;
	return q->p->consts[(size_t)idx * 32] == q->value;
}

uint32_t lower_const(struct lctx *lc, uint64_t value)
{
	struct program *p = lc->p;
	/* UINT64_MAX is simply never deduplicated (as when the keys were
	** value + 1), so the pool's numbering stays what it was */
	if (value != UINT64_MAX) {
		struct const_probe q = { p, value };
		uint32_t *s = htab_slot(&lc->cpool, htab_mix(value), const_eq, const_hash_at, &q);
		if (*s != 0)
			return (*s - 1) | OPND_CONST;
		htab_set(&lc->cpool, s, p->nconsts);
	}
	vec_reserve(&p->consts, &lc->capconsts, (p->nconsts + 1) * 32, sizeof *p->consts);
	for (int l = 0; l < 32; l++)
		p->consts[(size_t)p->nconsts * 32 + l] = value;
	return p->nconsts++ | OPND_CONST;
}

uint32_t lower_temp(struct lctx *lc, uint32_t n)
{
	uint32_t s = lc->f->nslots;
	lc->f->nslots += n;
	return s;
}

uint32_t lower_slot(struct lctx *lc, LLVMValueRef v)
{
	uint32_t *s = ptrmap_get(&lc->f->vals, v);
	return s ? *s : OPND_NONE;
}

/* Whether FILE is one of the headers that wrap CUDA's intrinsics: our
** prelude, clang's __clang_cuda_*.h, or the CUDA toolkit's include tree.
** A user's own .cuh is not. */
int lower_is_system_header(const char *file)
{
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	if (strcmp(base, "simulee_cuda.h") == 0 || strcmp(base, "simulee_texref.h") == 0
	    || strcmp(base, "simulee_dynpar.h") == 0 || strcmp(base, "simulee_surface.h") == 0
	    || strncmp(base, "__clang_cuda_", 13) == 0)
		return 1;
	const char *cu = strstr(file, "/cuda"), *inc = strstr(file, "/include/");
	return cu != NULL && inc != NULL && cu < inc;
}

/* " (inlined at FILE:LINE:COL)" for an instruction inlined from another
** function (a CUDA header's, say), naming the outermost call site; "" else. */
static void inlined_at(struct lctx *lc, LLVMValueRef inst, char *buf, size_t n)
{
	buf[0] = '\0';
	LLVMMetadataRef loc = inst ? LLVMInstructionGetDebugLoc(inst) : NULL;
	LLVMMetadataRef at = loc ? LLVMDILocationGetInlinedAt(loc) : NULL, last = NULL;
	for (; at; at = LLVMDILocationGetInlinedAt(at))
		last = at;
	if (!last)
		return;
	unsigned len = 0;
	const char *file = reader_scope_file(lc->ctx, LLVMDILocationGetScope(last), &len);
	snprintf(buf, n, " (inlined at %.*s:%u:%u)", (int)len, file ? file : "?",
		 LLVMDILocationGetLine(last), LLVMDILocationGetColumn(last));
}

int lower_unsupported(struct lctx *lc, const char *what)
{
	struct fctx *fc = lc->f;
	char at[600];
	inlined_at(lc, fc ? fc->cur : NULL, at, sizeof at);
	if (fc && fc->cur_line)
		return sim_fail(lc->err, SIM_ERR_UNSUPPORTED, "%s:%u:%u: unsupported %s in %s%s",
				fc->file ? fc->file : "?", fc->cur_line, fc->cur_col, what,
				fc->funcname ? fc->funcname : "?", at);
	return sim_fail(lc->err, SIM_ERR_UNSUPPORTED, "unsupported %s in %s (no debug location)",
			what, fc && fc->funcname ? fc->funcname : "?");
}

/* Whether the instruction being lowered is the code of a toolkit header
** other than CUDA's builtin wrappers (cub's generic block code inlined
** into the kernel, say): its debug location and the calls it was inlined
** through, past the wrappers (threadIdx.z is a function of
** __clang_cuda_builtin_vars.h inlined where it is read), name such a
** header first.  Code with no location counts as the user's. */
int lower_from_header(struct lctx *lc)
{
	LLVMMetadataRef loc = lc->f->cur ? LLVMInstructionGetDebugLoc(lc->f->cur) : NULL;
	for (; loc; loc = LLVMDILocationGetInlinedAt(loc)) {
		unsigned len = 0;
		const char *file = reader_scope_file(lc->ctx, LLVMDILocationGetScope(loc), &len);
		char name[512];
		snprintf(name, sizeof name, "%.*s", (int)len, file ? file : "");
		const char *base = strrchr(name, '/');
		base = base ? base + 1 : name;
		if (strncmp(base, "__clang_cuda_", 13) == 0 || strcmp(base, "simulee_cuda.h") == 0)
			continue;	/* the wrapper of a builtin: whoever called it reads */
		return lower_is_system_header(name);
	}
	return 0;
}

/* The source location of the instruction being lowered, for reports. */
static struct srcloc cur_srcloc(struct lctx *lc)
{
	struct srcloc sl = { lc->f->file, lc->f->funcname, lc->f->cur_line, lc->f->cur_col };
	/* code of a CUDA header's wrapper inlined into the user's function is
	** reported where the user called it */
	LLVMMetadataRef loc = lc->f->cur ? LLVMInstructionGetDebugLoc(lc->f->cur) : NULL;
	while (loc) {
		unsigned len = 0;
		const char *file = reader_scope_file(lc->ctx, LLVMDILocationGetScope(loc), &len);
		char name[512];
		snprintf(name, sizeof name, "%.*s", (int)len, file ? file : "");
		if (!lower_is_system_header(name)) {
			if (loc != LLVMInstructionGetDebugLoc(lc->f->cur)) {
				sl.file = arena_strdup(lc->p->strings, file, len);
				sl.line = LLVMDILocationGetLine(loc);
				sl.col = LLVMDILocationGetColumn(loc);
			}
			break;
		}
		loc = LLVMDILocationGetInlinedAt(loc);
	}
	return sl;
}

uint32_t lower_site(struct lctx *lc, uint8_t kind, uint8_t space, uint16_t size)
{
	struct program *p = lc->p;
	struct site s = { 0 };
	s.func = lc->f->fidx;
	s.pc = lc->f->ncode;
	s.kind = kind;
	s.space = space;
	s.size = size;
	s.whole = size;
	s.loc = cur_srcloc(lc);
	VEC_PUSH(p->sites, p->nsites, lc->capsites, s);
	return p->nsites - 1;
}

/* ---- constants ----------------------------------------------------------- */

static int const_value(struct lctx *lc, LLVMValueRef c, uint64_t *out);
static int const_expr(struct lctx *lc, LLVMValueRef c, uint64_t *out);

/* Constant expressions nest no deeper than this: const_value recurses
** through them and a module may nest them as deep as it likes (100,000
** levels overflow the stack); real code nests a handful. */
#define MAX_CEXPR_DEPTH 1000

/* The byte offset of constant-index GEP (its indices from operand FIRST
** on, over source element type SRC) into *OFF.  Offsets wrap modulo 2^64
** as the address arithmetic they feed does (index 2^63-1 of an i32 is not
** undefined here, only far away). */
static int gep_const_offset(struct lctx *lc, LLVMTypeRef src, LLVMValueRef gep,
			    unsigned first, uint64_t *off)
{
	unsigned n = (unsigned)LLVMGetNumOperands(gep);
	LLVMTypeRef t = src;
	uint64_t o = 0;
	for (unsigned i = first; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(gep, i);
		uint64_t iv = 0;
		if (const_value(lc, idx, &iv) < 0)
			return -1;
		unsigned w = lower_int_width(LLVMTypeOf(idx));
		if (w < 64)
			iv = (uint64_t)((int64_t)(iv << (64 - w)) >> (64 - w));
		if (i == first) {
			o += iv * type_size(lc, t);
		} else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
			o += LLVMOffsetOfElement(lc->td, t, (unsigned)iv);
			t = LLVMStructGetTypeAtIndex(t, (unsigned)iv);
		} else {
			t = LLVMGetElementType(t);
			o += iv * type_size(lc, t);
		}
	}
	*off = o;
	return 0;
}

/* The 64-bit slot value of scalar constant C (integers zero-extended,
** floats as their bits, pointers tagged).  Returns -1 (with the error set)
** for constants it cannot evaluate. */
static int const_value(struct lctx *lc, LLVMValueRef c, uint64_t *out)
{
	LLVMTypeRef t = LLVMTypeOf(c);
	switch (LLVMGetValueKind(c)) {
	case LLVMConstantIntValueKind: {
		unsigned w = LLVMGetIntTypeWidth(t);
		if (w > 64)
			return lower_unsupported(lc, "integer constant wider than 64 bits");
		uint64_t v = LLVMConstIntGetZExtValue(c);
		*out = w == 64 ? v : v & ((UINT64_C(1) << w) - 1);
		return 0;
	}
	case LLVMConstantFPValueKind: {
		LLVMBool loses = 0;
		double d = LLVMConstRealGetDouble(c, &loses);
		switch (tkind(t)) {
		case TK_F64: memcpy(out, &d, 8); return 0;
		case TK_F32: { float f = (float)d; uint32_t b; memcpy(&b, &f, 4); *out = b; return 0; }
		case TK_F16: *out = math_f32_to_f16((float)d); return 0;
		case TK_BF16: { float f = (float)d; uint32_t b; memcpy(&b, &f, 4); *out = b >> 16; return 0; }
		default: return lower_unsupported(lc, "floating-point constant type");
		}
	}
	case LLVMConstantPointerNullValueKind:
	case LLVMUndefValueValueKind:
	case LLVMPoisonValueValueKind:
	case LLVMConstantAggregateZeroValueKind:
	case LLVMConstantTokenNoneValueKind:
		*out = 0;
		return 0;
	case LLVMGlobalVariableValueKind: {
		uint32_t *g = ptrmap_get(&lc->gvarmap, c);
		if (g == NULL)
			return lower_unsupported(lc, "reference to an unknown global variable");
		*out = MEM_PTR(lc->p->gvars[*g].alloc_id, 0);
		/* the extern __shared__ array this function names first */
		if (lc->f != NULL && lc->p->gvars[*g].dynamic_shared
		    && lc->p->funcs[lc->f->fidx].dyn_var == 0)
			lc->p->funcs[lc->f->fidx].dyn_var = *g + 1;
		return 0;
	}
	case LLVMFunctionValueKind:
		/* a function's address: its index under the reserved id, so
		** that ICALL can map it back and every function differs */
		*out = MEM_FUNC_PTR(lower_func_ref(lc, c));
		return 0;
	case LLVMConstantExprValueKind: {
		if (lc->cdepth >= MAX_CEXPR_DEPTH)
			return sim_fail(lc->err, SIM_ERR_LIMIT, "constant expression nested deeper than %d",
					MAX_CEXPR_DEPTH);
		lc->cdepth++;
		int r = const_expr(lc, c, out);
		lc->cdepth--;
		return r;
	}
	default:
		return lower_unsupported(lc, "constant");
	}
}

/* The value of constant expression C, as const_value. */
static int const_expr(struct lctx *lc, LLVMValueRef c, uint64_t *out)
{
	LLVMTypeRef t = LLVMTypeOf(c);
	LLVMOpcode op = LLVMGetConstOpcode(c);
	uint64_t a = 0, b = 0;
	switch (op) {
	case LLVMGetElementPtr: {
		uint64_t off = 0;
		if (const_value(lc, LLVMGetOperand(c, 0), &a) < 0)
			return -1;
		if (gep_const_offset(lc, LLVMGetGEPSourceElementType(c), c, 1, &off) < 0)
			return -1;
		*out = a + off;
		return 0;
	}
	case LLVMAddrSpaceCast:
	case LLVMBitCast:
	case LLVMIntToPtr:
		return const_value(lc, LLVMGetOperand(c, 0), out);
	case LLVMPtrToInt:
	case LLVMTrunc: {
		if (const_value(lc, LLVMGetOperand(c, 0), &a) < 0)
			return -1;
		unsigned w = lower_int_width(t);
		*out = w >= 64 ? a : a & ((UINT64_C(1) << w) - 1);
		return 0;
	}
	case LLVMAdd:
	case LLVMSub:
	case LLVMMul:
	case LLVMXor: {
		if (const_value(lc, LLVMGetOperand(c, 0), &a) < 0
		    || const_value(lc, LLVMGetOperand(c, 1), &b) < 0)
			return -1;
		uint64_t r = op == LLVMAdd ? a + b : op == LLVMSub ? a - b
			   : op == LLVMMul ? a * b : a ^ b;
		unsigned w = lower_int_width(t);
		*out = w >= 64 ? r : r & ((UINT64_C(1) << w) - 1);
		return 0;
	}
	default:
		return lower_unsupported(lc, "constant expression");
	}
}

/* The constant element ELEM of (possibly aggregate) constant C. */
static int const_elem(struct lctx *lc, LLVMValueRef c, unsigned elem, uint64_t *out)
{
	LLVMTypeRef t = LLVMTypeOf(c);
	LLVMTypeKind k = LLVMGetTypeKind(t);
	if (k != LLVMStructTypeKind && k != LLVMArrayTypeKind && k != LLVMVectorTypeKind) {
		if (elem != 0)
			return lower_unsupported(lc, "constant element index");
		return const_value(lc, c, out);
	}
	LLVMValueKind vk = LLVMGetValueKind(c);
	if (vk == LLVMUndefValueValueKind || vk == LLVMPoisonValueValueKind
	    || vk == LLVMConstantAggregateZeroValueKind) {
		*out = 0;
		return 0;
	}
	unsigned count = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(t)
		       : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
		       : LLVMGetVectorSize(t);
	for (unsigned i = 0; i < count; i++) {
		LLVMTypeRef et = k == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i)
			       : LLVMGetElementType(t);
		unsigned n = nflat(lc, et);
		if (elem < n) {
			LLVMValueRef e = LLVMGetAggregateElement(c, i);
			if (e == NULL)
				return lower_unsupported(lc, "aggregate constant");
			return const_elem(lc, e, elem, out);
		}
		elem -= n;
	}
	return lower_unsupported(lc, "constant element index");
}

uint32_t lower_opnd(struct lctx *lc, LLVMValueRef v, unsigned elem)
{
	if (LLVMIsAConstant(v)) {
		uint64_t val = 0;
		if (const_elem(lc, v, elem, &val) < 0)
			return OPND_NONE;
		return lower_const(lc, val);
	}
	uint32_t *s = ptrmap_get(&lc->f->vals, v);
	if (s == NULL) {
		lower_unsupported(lc, "operand (not a value of this function)");
		return OPND_NONE;
	}
	return *s + elem;
}

/* ---- global variables ---------------------------------------------------- */

static int const_bytes(struct lctx *lc, LLVMValueRef c, uint8_t *buf, uint64_t size)
{
	LLVMTypeRef t = LLVMTypeOf(c);
	LLVMValueKind vk = LLVMGetValueKind(c);
	if (vk == LLVMUndefValueValueKind || vk == LLVMPoisonValueValueKind
	    || vk == LLVMConstantAggregateZeroValueKind || vk == LLVMConstantPointerNullValueKind)
		return 0;
	LLVMTypeKind k = LLVMGetTypeKind(t);
	if (k == LLVMArrayTypeKind && vk == LLVMConstantDataArrayValueKind
	    && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind
	    && LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 8) {
		size_t len = 0;
		const char *s = LLVMGetAsString(c, &len);
		memcpy(buf, s, len < size ? len : size);
		return 0;
	}
	if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
		unsigned count = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(t)
			       : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
			       : LLVMGetVectorSize(t);
		for (unsigned i = 0; i < count; i++) {
			uint64_t off;
			if (k == LLVMStructTypeKind)
				off = LLVMOffsetOfElement(lc->td, t, i);
			else if (k == LLVMArrayTypeKind)
				off = i * type_size(lc, LLVMGetElementType(t));
			else
				off = i * LLVMStoreSizeOfType(lc->td, LLVMGetElementType(t));
			LLVMValueRef e = LLVMGetAggregateElement(c, i);
			if (e == NULL)
				return lower_unsupported(lc, "global initializer");
			if (off < size && const_bytes(lc, e, buf + off, size - off) < 0)
				return -1;
		}
		return 0;
	}
	uint64_t v = 0;
	if (const_value(lc, c, &v) < 0)
		return -1;
	uint64_t n = LLVMStoreSizeOfType(lc->td, t);
	if (n > 8)
		n = 8;
	if (n > size)
		n = size;
	memcpy(buf, &v, n);	/* little-endian host, as NVPTX */
	return 0;
}

static const char *short_name(const char *demangled)
{
	/* "vadd(float*)::s" -> "s"; the last "::" outside parentheses */
	const char *best = demangled;
	int depth = 0;
	for (const char *q = demangled; *q; q++) {
		if (*q == '(' || *q == '<')
			depth++;
		else if ((*q == ')' || *q == '>') && depth > 0)
			depth--;
		else if (depth == 0 && q[0] == ':' && q[1] == ':')
			best = q + 2;
	}
	return best;
}

static uint8_t elem_of_type(LLVMTypeRef t)
{
	switch (tkind(t)) {
	case TK_F32: return ET_F32;
	case TK_F64: return ET_F64;
	case TK_F16: return ET_F16;
	case TK_PTR: return ET_U64;
	case TK_INT:
		switch (LLVMGetIntTypeWidth(t)) {
		case 8: return ET_I8;
		case 16: return ET_I16;
		case 32: return ET_I32;
		case 64: return ET_I64;
		default: return ET_U8;
		}
	default: return ET_NONE;
	}
}

/* The shape of a variable of type T (a global's or an alloca's): array
** extents outermost first into DIMS (dimensions past MEM_MAX_DIMS fold
** into the innermost), their number, and the innermost element's type
** and size (1 when it has none). */
static void array_shape(struct lctx *lc, LLVMTypeRef t, uint32_t *dims, uint8_t *ndims,
			uint8_t *elem, uint32_t *elem_size)
{
	unsigned nd = 0;
	while (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
		uint64_t ext = LLVMGetArrayLength2(t);
		if (nd < MEM_MAX_DIMS)
			dims[nd++] = ext > UINT32_MAX ? UINT32_MAX : (uint32_t)ext;
		else	/* deeper dimensions fold into the innermost index */
			dims[MEM_MAX_DIMS - 1] *= (uint32_t)ext;
		t = LLVMGetElementType(t);
	}
	*ndims = (uint8_t)nd;
	*elem = elem_of_type(t);
	*elem_size = (uint32_t)type_size(lc, t);
	if (*elem_size == 0 || *elem_size > UINT32_MAX / 2)
		*elem_size = 1;
}

/* llvm.used, llvm.compiler.used, llvm.global_ctors ...: LLVM's own. */
static int is_llvm_global(LLVMValueRef g)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(g, &len);
	return len > 5 && strncmp(name, "llvm.", 5) == 0;
}

int lower_globals(struct lctx *lc)
{
	struct program *p = lc->p;
	uint32_t cap = 0;
	int dyn = -1;
	/* pass 1: ids, so that initializers can point at other globals.
	** llvm.used and the like are not program data: skipped, so that the
	** functions they list are not lowered for their sake. */
	for (LLVMValueRef g = LLVMGetFirstGlobal(lc->mod); g; g = LLVMGetNextGlobal(g)) {
		if (is_llvm_global(g))
			continue;
		unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
		LLVMTypeRef vt = LLVMGlobalGetValueType(g);
		uint64_t size = type_size(lc, vt);
		struct gvar v = { 0 };
		size_t len = 0;
		const char *name = LLVMGetValueName2(g, &len);
		v.name = xstrndup(name, len);
		char *dm = demangle_name(v.name);
		v.demangled = xstrdup(short_name(dm));
		free(dm);
		v.space = as == AS_SHARED ? AS_SHARED : as == AS_CONST ? AS_CONST
			: as == AS_LOCAL ? AS_LOCAL : AS_GLOBAL;
		v.size = size;
		array_shape(lc, vt, v.dims, &v.ndims, &v.elem, &v.elem_size);
		v.alloc_id = lc->id_base + p->ngvars + 1;
		if (lc->shared_var != NULL && as != AS_SHARED && as != AS_LOCAL
		    && !LLVMIsDeclaration(g) && LLVMGetLinkage(g) == LLVMExternalLinkage) {
			uint32_t id = lc->shared_var(lc->shared_ctx, v.name);
			if (id != 0) {
				v.alloc_id = id;
				v.shared = 1;
			}
		}
		if (as == AS_SHARED && LLVMIsDeclaration(g)) {
			/* every extern __shared__ array is the one segment a
			** launch sizes; each keeps its name and element type */
			v.dynamic_shared = 1;
			v.size = 0;
			if (dyn >= 0) {
				v.alloc_id = p->gvars[dyn].alloc_id;
				v.alias = 1;
			} else {
				dyn = (int)p->ngvars;
			}
		}
		ptrmap_put(&lc->gvarmap, g, p->ngvars);
		VEC_PUSH(p->gvars, p->ngvars, cap, v);
	}
	/* pass 2: initial bytes */
	for (LLVMValueRef g = LLVMGetFirstGlobal(lc->mod); g; g = LLVMGetNextGlobal(g)) {
		if (is_llvm_global(g))
			continue;
		uint32_t *gi = ptrmap_get(&lc->gvarmap, g);
		struct gvar *v = &p->gvars[*gi];
		if (v->space == AS_SHARED || LLVMIsDeclaration(g))
			continue;
		LLVMValueRef init = LLVMGetInitializer(g);
		if (init == NULL)
			continue;
		v->init = xcalloc(1, v->size ? v->size : 1);
		if (const_bytes(lc, init, v->init, v->size) < 0)
			return sim_fail(lc->err, SIM_ERR_UNSUPPORTED, "global %s: %s",
					v->demangled, lc->err->msg);
	}
	p->first_dyn_alloc = p->ngvars + 1;
	return 0;
}

/* ---- block layout -------------------------------------------------------- */

struct layout {
	uint32_t n;
	uint32_t **succ;
	uint32_t *nsucc;
	uint32_t **pred;
	uint32_t *npred;
	uint32_t *rpo;		/* block -> rpo number, UINT32_MAX unreachable */
	uint32_t *idom;
	uint32_t nloops;
	uint32_t *lhead;	/* loop -> header block */
	uint8_t **lbody;	/* loop -> membership per block */
	uint32_t *lsize;
	int *lparent;
	int *inner;		/* block -> innermost loop, -1 none */
};

static uint32_t dom_intersect(const struct layout *L, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (L->rpo[a] > L->rpo[b])
			a = L->idom[a];
		while (L->rpo[b] > L->rpo[a])
			b = L->idom[b];
	}
	return a;
}

static int dominates(const struct layout *L, uint32_t a, uint32_t b)
{
	while (1) {
		if (a == b)
			return 1;
		if (b == 0 || L->idom[b] == b)
			return 0;
		b = L->idom[b];
	}
}

static int in_region(const struct layout *L, int region, uint32_t b)
{
	return region < 0 ? L->rpo[b] != UINT32_MAX : L->lbody[region][b];
}

/* Appends to OUT (*NOUT entries so far) the blocks of loop REGION (-1:
** the whole function) in layout order: each directly nested loop is one
** unit placed whole by a recursive call, units in topological order of
** their edges (the header's back edges left out), ties and cycles of an
** irreducible region broken by reverse post-order. */
static void order_region(const struct layout *L, int region, uint32_t *out, uint32_t *nout)
{
	uint32_t n = L->n;
	uint32_t *unit = xmalloc(n * sizeof *unit);
	uint32_t *indeg = xcalloc(n, sizeof *indeg);
	uint8_t *is_unit = xcalloc(n, 1), *done = xcalloc(n, 1);
	uint32_t nunits = 0;
	uint32_t header = region >= 0 ? L->lhead[region] : UINT32_MAX;
	for (uint32_t b = 0; b < n; b++) {
		unit[b] = UINT32_MAX;
		if (!in_region(L, region, b))
			continue;
		int l = L->inner[b];
		if (l == region) {
			unit[b] = b;
		} else {
			while (L->lparent[l] != region)
				l = L->lparent[l];
			unit[b] = L->lhead[l];
		}
		if (!is_unit[unit[b]]) {
			is_unit[unit[b]] = 1;
			nunits++;
		}
	}
	for (uint32_t b = 0; b < n; b++) {
		if (unit[b] == UINT32_MAX)
			continue;
		for (uint32_t k = 0; k < L->nsucc[b]; k++) {
			uint32_t s = L->succ[b][k];
			if (unit[s] == UINT32_MAX || unit[s] == unit[b] || s == header)
				continue;
			indeg[unit[s]]++;
		}
	}
	for (uint32_t left = nunits; left > 0; left--) {
		uint32_t best = UINT32_MAX, bestforced = UINT32_MAX;
		for (uint32_t u = 0; u < n; u++) {
			if (!is_unit[u] || done[u])
				continue;
			if (indeg[u] == 0 && (best == UINT32_MAX || L->rpo[u] < L->rpo[best]))
				best = u;
			if (bestforced == UINT32_MAX || L->rpo[u] < L->rpo[bestforced])
				bestforced = u;
		}
		if (best == UINT32_MAX)
			best = bestforced;	/* irreducible: break the cycle */
		done[best] = 1;
		int sub = -1;
		if (unit[best] == best && L->inner[best] != region) {
			for (uint32_t l = 0; l < L->nloops; l++)
				if (L->lhead[l] == best && L->lparent[l] == region)
					sub = (int)l;
		}
		if (sub >= 0)
			order_region(L, sub, out, nout);
		else
			out[(*nout)++] = best;
		for (uint32_t b = 0; b < n; b++) {
			if (unit[b] != best)
				continue;
			for (uint32_t k = 0; k < L->nsucc[b]; k++) {
				uint32_t s = L->succ[b][k];
				if (unit[s] == UINT32_MAX || unit[s] == best || s == header)
					continue;
				if (indeg[unit[s]] > 0)
					indeg[unit[s]]--;
			}
		}
	}
	free(unit);
	free(indeg);
	free(is_unit);
	free(done);
}

/* Orders the blocks of the current function: loops contiguous, header
** first, and otherwise topological in reverse post-order.  Unreachable
** blocks are left out.  Returns the count. */
static uint32_t compute_layout(struct lctx *lc, uint32_t *order)
{
	struct fctx *fc = lc->f;
	struct layout L = { 0 };
	uint32_t n = L.n = fc->nblocks;
	L.succ = xcalloc(n, sizeof *L.succ);
	L.nsucc = xcalloc(n, sizeof *L.nsucc);
	L.pred = xcalloc(n, sizeof *L.pred);
	L.npred = xcalloc(n, sizeof *L.npred);
	uint32_t *capp = xcalloc(n, sizeof *capp);
	for (uint32_t b = 0; b < n; b++) {
		LLVMValueRef term = LLVMGetBasicBlockTerminator(fc->blocks[b]);
		unsigned k = term ? LLVMGetNumSuccessors(term) : 0;
		L.succ[b] = xcalloc(k ? k : 1, sizeof **L.succ);
		for (unsigned i = 0; i < k; i++) {
			uint32_t s = *ptrmap_get(&fc->blockidx, LLVMGetSuccessor(term, i));
			L.succ[b][L.nsucc[b]++] = s;
			VEC_PUSH(L.pred[s], L.npred[s], capp[s], b);
		}
	}
	free(capp);
	/* reverse post-order by iterative DFS */
	L.rpo = xmalloc(n * sizeof *L.rpo);
	for (uint32_t b = 0; b < n; b++)
		L.rpo[b] = UINT32_MAX;
	uint32_t *post = xmalloc(n * sizeof *post), npost = 0;
	uint32_t *stack = xmalloc(n * sizeof *stack), *next = xcalloc(n, sizeof *next);
	uint8_t *seen = xcalloc(n, 1);
	uint32_t sp = 0;
	stack[sp++] = 0;
	seen[0] = 1;
	while (sp > 0) {
		uint32_t b = stack[sp - 1];
		if (next[b] < L.nsucc[b]) {
			uint32_t s = L.succ[b][next[b]++];
			if (!seen[s]) {
				seen[s] = 1;
				stack[sp++] = s;
			}
		} else {
			post[npost++] = b;
			sp--;
		}
	}
	for (uint32_t i = 0; i < npost; i++)
		L.rpo[post[npost - 1 - i]] = i;
	/* dominators (Cooper, Harvey, Kennedy) */
	L.idom = xmalloc(n * sizeof *L.idom);
	for (uint32_t b = 0; b < n; b++)
		L.idom[b] = UINT32_MAX;
	L.idom[0] = 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t i = 1; i < npost; i++) {
			uint32_t b = post[npost - 1 - i];
			uint32_t nd = UINT32_MAX;
			for (uint32_t k = 0; k < L.npred[b]; k++) {
				uint32_t q = L.pred[b][k];
				if (L.idom[q] == UINT32_MAX)
					continue;
				nd = nd == UINT32_MAX ? q : dom_intersect(&L, q, nd);
			}
			if (nd != L.idom[b]) {
				L.idom[b] = nd;
				changed = 1;
			}
		}
	}
	/* natural loops, one per header */
	uint32_t capl = 0;
	for (uint32_t h = 0; h < n; h++) {
		if (L.rpo[h] == UINT32_MAX)
			continue;
		uint8_t *body = NULL;
		for (uint32_t k = 0; k < L.npred[h]; k++) {
			uint32_t t = L.pred[h][k];
			if (L.rpo[t] == UINT32_MAX || !dominates(&L, h, t))
				continue;
			if (body == NULL) {
				body = xcalloc(n, 1);
				body[h] = 1;
			}
			uint32_t wsp = 0;
			if (!body[t]) {
				body[t] = 1;
				stack[wsp++] = t;
			}
			while (wsp > 0) {
				uint32_t x = stack[--wsp];
				for (uint32_t j = 0; j < L.npred[x]; j++) {
					uint32_t y = L.pred[x][j];
					if (!body[y] && L.rpo[y] != UINT32_MAX) {
						body[y] = 1;
						stack[wsp++] = y;
					}
				}
			}
		}
		if (body) {
			uint32_t id = L.nloops;
			vec_reserve(&L.lhead, &capl, id + 1, sizeof *L.lhead);
			L.lbody = xrealloc(L.lbody, capl * sizeof *L.lbody);
			L.lsize = xrealloc(L.lsize, capl * sizeof *L.lsize);
			L.lhead[id] = h;
			L.lbody[id] = body;
			uint32_t sz = 0;
			for (uint32_t b = 0; b < n; b++)
				sz += body[b];
			L.lsize[id] = sz;
			L.nloops++;
		}
	}
	L.lparent = xmalloc((L.nloops ? L.nloops : 1) * sizeof *L.lparent);
	for (uint32_t l = 0; l < L.nloops; l++) {
		int best = -1;
		for (uint32_t m = 0; m < L.nloops; m++) {
			if (m == l || !L.lbody[m][L.lhead[l]] || L.lsize[m] <= L.lsize[l])
				continue;
			if (best < 0 || L.lsize[m] < L.lsize[best])
				best = (int)m;
		}
		L.lparent[l] = best;
	}
	L.inner = xmalloc(n * sizeof *L.inner);
	for (uint32_t b = 0; b < n; b++) {
		int best = -1;
		for (uint32_t l = 0; l < L.nloops; l++)
			if (L.lbody[l][b] && (best < 0 || L.lsize[l] < L.lsize[best]))
				best = (int)l;
		L.inner[b] = best;
	}
	uint32_t nout = 0;
	order_region(&L, -1, order, &nout);
	/* kept for the subscript checks (lower_gep) */
	fc->idom = xmalloc(n * sizeof *fc->idom);
	fc->npred = xmalloc(n * sizeof *fc->npred);
	memcpy(fc->idom, L.idom, n * sizeof *fc->idom);
	memcpy(fc->npred, L.npred, n * sizeof *fc->npred);
	for (uint32_t b = 0; b < n; b++) {
		free(L.succ[b]);
		free(L.pred[b]);
	}
	for (uint32_t l = 0; l < L.nloops; l++)
		free(L.lbody[l]);
	free(L.succ); free(L.nsucc); free(L.pred); free(L.npred); free(L.rpo);
	free(L.idom); free(L.lhead); free(L.lbody); free(L.lsize); free(L.lparent);
	free(L.inner); free(post); free(stack); free(next); free(seen);
	return nout;
}

/* ---- instructions -------------------------------------------------------- */

static void set_loc(struct lctx *lc, LLVMValueRef inst)
{
	struct fctx *fc = lc->f;
	fc->cur = inst;
	unsigned line = LLVMGetDebugLocLine(inst);
	if (line) {
		fc->cur_line = line;
		fc->cur_col = LLVMGetDebugLocColumn(inst);
		unsigned len = 0;
		LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(inst);
		const char *file = loc ? reader_scope_file(lc->ctx, LLVMDILocationGetScope(loc), &len) : NULL;
		if (file && len && (fc->file == NULL || strncmp(fc->file, file, len) != 0
				    || fc->file[len] != '\0'))
			fc->file = arena_strdup(lc->p->strings, file, len);
		fc->home_line = line;
		for (LLVMMetadataRef at = loc; at && fc->home && fc->file != fc->home
		     && strcmp(fc->file, fc->home) != 0; at = LLVMDILocationGetInlinedAt(at)) {
			unsigned n = 0;
			const char *f = reader_scope_file(lc->ctx, LLVMDILocationGetScope(at), &n);
			if (f && n == strlen(fc->home) && strncmp(f, fc->home, n) == 0) {
				fc->home_line = LLVMDILocationGetLine(at);
				break;
			}
		}
	}
}

static int icmp_pred(LLVMIntPredicate p)
{
	switch (p) {
	case LLVMIntEQ: return ICMP_EQ;
	case LLVMIntNE: return ICMP_NE;
	case LLVMIntUGT: return ICMP_UGT;
	case LLVMIntUGE: return ICMP_UGE;
	case LLVMIntULT: return ICMP_ULT;
	case LLVMIntULE: return ICMP_ULE;
	case LLVMIntSGT: return ICMP_SGT;
	case LLVMIntSGE: return ICMP_SGE;
	case LLVMIntSLT: return ICMP_SLT;
	default: return ICMP_SLE;
	}
}

/* Emits a float binary operation on one element, going through f32 for
** half and bfloat. */
static int emit_fbin(struct lctx *lc, int tk, uint16_t op32, uint16_t op64,
		     uint32_t d, uint32_t a, uint32_t b, uint32_t c)
{
	if (tk == TK_F32) {
		lower_emit(lc, op32, 32, 0, d, a, b, c, 0, 0);
	} else if (tk == TK_F64) {
		lower_emit(lc, op64, 64, 0, d, a, b, c, 0, 0);
	} else if (tk == TK_F16 || tk == TK_BF16) {
		uint32_t t = lower_temp(lc, 4);
		uint8_t up = tk == TK_F16 ? CVT_F16_TO_F32 : CVT_BF16_TO_F32;
		uint8_t down = tk == TK_F16 ? CVT_F32_TO_F16 : CVT_F32_TO_BF16;
		lower_emit(lc, OP_CVT, 32, up, t, a, 0, 0, 0, 0);
		if (b != OPND_NONE)
			lower_emit(lc, OP_CVT, 32, up, t + 1, b, 0, 0, 0, 0);
		if (c != OPND_NONE)
			lower_emit(lc, OP_CVT, 32, up, t + 2, c, 0, 0, 0, 0);
		if (op32 == OP_FCMP32) {
			lower_emit(lc, op32, 32, 0, d, t, t + 1, 0, 0, 0);
			return 0;
		}
		lower_emit(lc, op32, 32, 0, t + 3, t, b != OPND_NONE ? t + 1 : OPND_NONE,
			   c != OPND_NONE ? t + 2 : OPND_NONE, 0, 0);
		lower_emit(lc, OP_CVT, 32, down, d, t + 3, 0, 0, 0, 0);
	} else {
		return lower_unsupported(lc, "floating-point type");
	}
	return 0;
}

static int emit_moves(struct lctx *lc, uint32_t *dst, uint32_t *src, uint32_t n)
{
	/* parallel moves: a source that is also a destination is saved first */
	for (uint32_t i = 0; i < n; i++) {
		if (src[i] & OPND_CONST)
			continue;
		for (uint32_t j = 0; j < n; j++) {
			if (j != i && dst[j] == src[i]) {
				uint32_t t = lower_temp(lc, 1);
				lower_emit(lc, OP_MOV, 64, 0, t, src[i], 0, 0, 0, 0);
				src[i] = t;
				break;
			}
		}
	}
	for (uint32_t i = 0; i < n; i++)
		if (dst[i] != src[i])
			lower_emit(lc, OP_MOV, 64, 0, dst[i], src[i], 0, 0, 0, 0);
	return 0;
}

static int block_has_phis(LLVMBasicBlockRef bb)
{
	LLVMValueRef first = LLVMGetFirstInstruction(bb);
	return first && LLVMGetInstructionOpcode(first) == LLVMPHI;
}

/* Emits the phi moves of edge FROM -> TO. */
static int emit_phi_moves(struct lctx *lc, uint32_t from, uint32_t to)
{
	struct fctx *fc = lc->f;
	LLVMBasicBlockRef src = fc->blocks[from];
	uint32_t *dst = NULL, *val = NULL, n = 0, cd = 0, cv = 0;
	for (LLVMValueRef phi = LLVMGetFirstInstruction(fc->blocks[to]);
	     phi && LLVMGetInstructionOpcode(phi) == LLVMPHI; phi = LLVMGetNextInstruction(phi)) {
		unsigned k = LLVMCountIncoming(phi);
		LLVMValueRef in = NULL;
		for (unsigned i = 0; i < k; i++)
			if (LLVMGetIncomingBlock(phi, i) == src)
				in = LLVMGetIncomingValue(phi, i);
		if (in == NULL)
			continue;
		uint32_t base = lower_slot(lc, phi);
		uint32_t cnt = nflat(lc, LLVMTypeOf(phi));
		for (uint32_t e = 0; e < cnt; e++) {
			uint32_t o = lower_opnd(lc, in, e);
			if (o == OPND_NONE) {
				free(dst);
				free(val);
				return -1;
			}
			VEC_PUSH(dst, n, cd, base + e);
			n--;
			VEC_PUSH(val, n, cv, o);
		}
	}
	emit_moves(lc, dst, val, n);
	free(dst);
	free(val);
	return 0;
}

static void add_fixup(struct lctx *lc, uint32_t pc, uint8_t field, uint32_t from, uint32_t to)
{
	struct fixup fx = { pc, field, from, to };
	VEC_PUSH(lc->f->fix, lc->f->nfix, lc->f->capfix, fx);
}

/*
** The `ret void` of block BB when that is all it does, else NULL.  clang
** -O0 merges every return of a function into one such block, whose `ret`
** carries the line of the closing brace; each branch to it carries the line
** of the `return` statement a thread took (and -O2 keeps that branch where
** the return's block stays on its own).
*/
static LLVMValueRef bare_return(LLVMBasicBlockRef bb)
{
	for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
		if (LLVMGetInstructionOpcode(i) == LLVMRet)
			return LLVMGetNumOperands(i) == 0 ? i : NULL;
		if (LLVMIsADbgInfoIntrinsic(i) == NULL)
			return NULL;
	}
	return NULL;
}

static int lower_terminator(struct lctx *lc, LLVMValueRef I, uint32_t bidx)
{
	struct fctx *fc = lc->f;
	LLVMOpcode op = LLVMGetInstructionOpcode(I);
	switch (op) {
	case LLVMRet: {
		if (LLVMGetNumOperands(I) == 0) {
			lower_emit(lc, OP_RET, 0, 0, 0, OPND_NONE, 0, 0, 0, 0);
			return 0;
		}
		LLVMValueRef v = LLVMGetOperand(I, 0);
		uint32_t n = nflat(lc, LLVMTypeOf(v));
		uint32_t base = lower_slot(lc, v);
		if (base == OPND_NONE) {
			base = lower_temp(lc, n);
			for (uint32_t e = 0; e < n; e++) {
				uint32_t o = lower_opnd(lc, v, e);
				if (o == OPND_NONE)
					return -1;
				lower_emit(lc, OP_MOV, 64, 0, base + e, o, 0, 0, 0, 0);
			}
		}
		lower_emit(lc, OP_RET, 0, 0, 0, base, n, 0, 0, 0);
		return 0;
	}
	case LLVMBr: {
		if (!LLVMIsConditional(I)) {
			LLVMBasicBlockRef t = LLVMGetSuccessor(I, 0);
			uint32_t to = *ptrmap_get(&fc->blockidx, t);
			LLVMValueRef ret = bare_return(t);
			if (ret != NULL) {
				/* returns here, at this branch's line: where a
				** thread left is its own `return` (launch.c reports
				** exits), not the shared block's closing brace; a
				** branch with no line (the end of an else) has the
				** ret's */
				if (LLVMGetDebugLocLine(I) == 0)
					set_loc(lc, ret);
				lower_emit(lc, OP_RET, 0, 0, 0, OPND_NONE, 0, 0, 0, 0);
				return 0;
			}
			if (emit_phi_moves(lc, bidx, to) < 0)
				return -1;
			uint32_t pc = lower_emit(lc, OP_BR, 0, 0, 0, 0, 0, 0, 0, 0);
			add_fixup(lc, pc, FIX_IMM, UINT32_MAX, to);
			return 0;
		}
		uint32_t c = lower_opnd(lc, LLVMGetCondition(I), 0);
		if (c == OPND_NONE)
			return -1;
		uint32_t t = *ptrmap_get(&fc->blockidx, LLVMGetSuccessor(I, 0));
		uint32_t f = *ptrmap_get(&fc->blockidx, LLVMGetSuccessor(I, 1));
		uint32_t pc = lower_emit(lc, OP_CBR, 0, 0, 0, c, 0, 0, 0, 0);
		add_fixup(lc, pc, FIX_IMM, block_has_phis(fc->blocks[t]) ? bidx : UINT32_MAX, t);
		add_fixup(lc, pc, FIX_X, block_has_phis(fc->blocks[f]) ? bidx : UINT32_MAX, f);
		return 0;
	}
	case LLVMSwitch: {
		LLVMValueRef cond = LLVMGetOperand(I, 0);
		uint32_t c = lower_opnd(lc, cond, 0);
		if (c == OPND_NONE)
			return -1;
		unsigned nops = (unsigned)LLVMGetNumOperands(I);
		unsigned ncases = nops / 2 - 1;
		struct program *p = lc->p;
		uint32_t tab = p->nswitch;
		uint32_t def = *ptrmap_get(&fc->blockidx, LLVMGetSwitchDefaultDest(I));
		uint32_t pc = lower_emit(lc, OP_SWITCH, (uint8_t)lower_int_width(LLVMTypeOf(cond)), 0, 0,
					 c, 0, 0, ncases, tab);
		add_fixup(lc, pc, FIX_C, block_has_phis(fc->blocks[def]) ? bidx : UINT32_MAX, def);
		for (unsigned i = 0; i < ncases; i++) {
			uint64_t v = 0;
			if (const_value(lc, LLVMGetOperand(I, 2 + 2 * i), &v) < 0)
				return -1;
			LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(LLVMGetOperand(I, 3 + 2 * i));
			uint32_t to = *ptrmap_get(&fc->blockidx, bb);
			vec_reserve(&p->switch_tab, &lc->capswitch, (p->nswitch + 1) * 2, sizeof *p->switch_tab);
			p->switch_tab[p->nswitch * 2] = (int64_t)v;
			p->switch_tab[p->nswitch * 2 + 1] = 0;
			add_fixup(lc, p->nswitch, FIX_TAB, block_has_phis(fc->blocks[to]) ? bidx : UINT32_MAX, to);
			p->nswitch++;
		}
		return 0;
	}
	case LLVMUnreachable:
		lower_emit(lc, OP_TRAP, 0, TRAP_UNREACHABLE, 0, 0, 0, 0, 0, 0);
		return 0;
	default:
		return lower_unsupported(lc, "terminator instruction");
	}
}

/* Copies the flattened elements [first, first+n) of V into slots at D. */
static int copy_elems(struct lctx *lc, uint32_t d, LLVMValueRef v, uint32_t first, uint32_t n)
{
	for (uint32_t e = 0; e < n; e++) {
		uint32_t o = lower_opnd(lc, v, first + e);
		if (o == OPND_NONE)
			return -1;
		lower_emit(lc, OP_MOV, 64, 0, d + e, o, 0, 0, 0, 0);
	}
	return 0;
}

/* The flattened index of aggregate member path IDX[0..n) in type T, and the
** member's type. */
static uint32_t member_flat_index(struct lctx *lc, LLVMTypeRef t, const unsigned *idx,
				  unsigned n, LLVMTypeRef *member)
{
	uint32_t flat = 0;
	for (unsigned i = 0; i < n; i++) {
		if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
			for (unsigned k = 0; k < idx[i]; k++)
				flat += nflat(lc, LLVMStructGetTypeAtIndex(t, k));
			t = LLVMStructGetTypeAtIndex(t, idx[i]);
		} else {
			t = LLVMGetElementType(t);
			flat += idx[i] * nflat(lc, t);
		}
	}
	*member = t;
	return flat;
}

static uint8_t space_of(LLVMValueRef ptr)
{
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
	return as == AS_SHARED || as == AS_GLOBAL || as == AS_CONST || as == AS_LOCAL
	       ? (uint8_t)as : AS_GENERIC;
}

static uint8_t scope_of(LLVMValueRef I)
{
	if (LLVMIsAtomicSingleThread(I))
		return SCOPE_THREAD;
	char *s = LLVMPrintValueToString(I);
	uint8_t sc = SCOPE_SYSTEM;
	if (strstr(s, "syncscope(\"block\")") || strstr(s, "syncscope(\"cta\")"))
		sc = SCOPE_BLOCK;
	else if (strstr(s, "syncscope(\"device\")") || strstr(s, "syncscope(\"cluster\")")
		 || strstr(s, "syncscope(\"agent\")"))
		sc = SCOPE_DEVICE;
	LLVMDisposeMessage(s);
	return sc;
}

/* Whether the function being lowered is one of the CUDA toolkit's
** atomic functions (cuda_bf16.hpp's `atomicAdd(__nv_bfloat162 *, ...)`
** below sm_90, cuda_fp16.hpp's on halves):
** atomic by their contract, they read the word plainly and then
** compare-and-swap it in a loop, which a stale read only makes retry.
** Their plain loads are relaxed atomic reads, so the user's atomicAdd
** does not race with the other threads' (docs/DECISIONS.md, "A toolkit
** atomic's first read is atomic"). */
static int toolkit_atomic(const struct lctx *lc)
{
	const struct fctx *fc = lc->f;
	if (fc->home == NULL || fc->funcname == NULL || strncmp(fc->funcname, "atomic", 6) != 0
	    || !lower_is_system_header(fc->home))
		return 0;
	const char *base = strrchr(fc->home, '/');
	return strncmp(base ? base + 1 : fc->home, "__clang_cuda_", 13) != 0;
}

/* Lowers load or store I (IS_STORE) of any flattenable type: one
** OP_LOAD/OP_STORE per scalar element, each with a site of its own (its
** space, size, the whole access's size and its part), atomic flags and
** scope, volatile, a fence before a release store, and a narrowing OP_MOV
** after a load of an odd-width integer.  0, or -1 with the reason
** recorded (lower_unsupported). */
static int lower_mem(struct lctx *lc, LLVMValueRef I, int is_store)
{
	LLVMValueRef ptr = LLVMGetOperand(I, is_store ? 1 : 0);
	LLVMValueRef val = is_store ? LLVMGetOperand(I, 0) : I;
	LLVMTypeRef t = LLVMTypeOf(val);
	LLVMTypeRef types[MAX_FLAT];
	uint64_t offs[MAX_FLAT];
	int n = flatten(lc, t, types, offs, 0, MAX_FLAT, 0);
	if (n < 0)
		return lower_unsupported(lc, is_store ? "store of this type" : "load of this type");
	uint32_t a = lower_opnd(lc, ptr, 0);
	if (a == OPND_NONE)
		return -1;
	uint32_t d = is_store ? 0 : lower_slot(lc, I);
	uint8_t atomic = LLVMGetOrdering(I) != LLVMAtomicOrderingNotAtomic;
	/* the flags: atomic with its scope kept (a block-scope atomic used
	** across blocks is a scoped race), volatile */
	if (atomic) {
		uint8_t sc = scope_of(I);
		LLVMAtomicOrdering o = LLVMGetOrdering(I);
		atomic = (uint8_t)(LDF_ATOMIC | LDF_SCOPE(sc));
		/* a release store is PTX's release pattern: a fence of its
		** scope, then the store (docs/MODEL.md) */
		if (is_store && (o == LLVMAtomicOrderingRelease
				 || o == LLVMAtomicOrderingSequentiallyConsistent))
			lower_emit(lc, OP_FENCE, 0, sc == SCOPE_BLOCK ? SCOPE_BLOCK : sc == SCOPE_DEVICE
				   ? SCOPE_DEVICE : SCOPE_SYSTEM, 0, 0, 0, 0, 0, 0);
	}
	if (LLVMGetVolatile(I))
		atomic |= LDF_VOLATILE;
	else if (!atomic && !is_store && !LLVMIsAAllocaInst(ptr) && toolkit_atomic(lc))
		atomic = (uint8_t)(LDF_ATOMIC | LDF_SCOPE(SCOPE_DEVICE));
	for (int e = 0; e < n; e++) {
		uint64_t sz = LLVMStoreSizeOfType(lc->td, types[e]);
		if (sz != 1 && sz != 2 && sz != 4 && sz != 8)
			return lower_unsupported(lc, "memory access size");
		uint32_t site = lower_site(lc, is_store ? SITE_STORE : SITE_LOAD, space_of(ptr), (uint16_t)sz);
		uint64_t whole = LLVMStoreSizeOfType(lc->td, t);
		lc->p->sites[site].whole = (uint16_t)(whole < UINT16_MAX ? whole : UINT16_MAX);
		lc->p->sites[site].part = (uint8_t)(e < 255 ? e : 255);
		if (is_store) {
			uint32_t v = lower_opnd(lc, val, (unsigned)e);
			if (v == OPND_NONE)
				return -1;
			lower_emit(lc, OP_STORE, (uint8_t)sz, atomic, 0, a, v, 0, site, (int64_t)offs[e]);
		} else {
			uint32_t pc = lower_emit(lc, OP_LOAD, (uint8_t)sz, atomic, d + (uint32_t)e, a, 0, 0,
						 site, (int64_t)offs[e]);
			if (tkind(types[e]) == TK_INT && LLVMGetIntTypeWidth(types[e]) < sz * 8)
				lower_emit(lc, OP_MOV, (uint8_t)LLVMGetIntTypeWidth(types[e]), 0,
					   d + (uint32_t)e, d + (uint32_t)e, 0, 0, 0, 0);
			(void)pc;
		}
	}
	return 0;
}

/* ---- array subscripts ------------------------------------------------------
** A GEP into a variable whose shape the lowering knows (a shared,
** __device__, __constant__ or local global, or an alloca of one object)
** gets a SUBCHK for every non-constant index into an array dimension that
** the allocation's own bounds do not cover: an inner dimension
** (tile[ty][tx] with tx = 17 stays inside tile), or any dimension of an
** array member of a struct.  The outermost dimension of the variable is
** the allocation's bound, checked by every access already.  Pointers of
** unknown shape (parameters, loaded pointers) get nothing.
*/

static const char *md_string_operand(LLVMValueRef md, unsigned i);

/* The variable V points into, through casts and GEPs (instructions or
** constant expressions), when its shape is known; NULL otherwise. */
static LLVMValueRef shaped_root(struct lctx *lc, LLVMValueRef v)
{
	for (int depth = 0; v != NULL && depth < 64; depth++) {
		if (LLVMIsAGlobalVariable(v))
			return ptrmap_get(&lc->gvarmap, v) != NULL ? v : NULL;
		if (LLVMIsAAllocaInst(v)) {
			LLVMValueRef cnt = LLVMGetOperand(v, 0);
			return LLVMIsAConstantInt(cnt) && LLVMConstIntGetZExtValue(cnt) == 1 ? v : NULL;
		}
		LLVMOpcode op;
		if (LLVMIsAInstruction(v))
			op = LLVMGetInstructionOpcode(v);
		else if (LLVMIsAConstantExpr(v))
			op = LLVMGetConstOpcode(v);
		else
			return NULL;
		if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
			return NULL;
		v = LLVMGetOperand(v, 0);
	}
	return NULL;
}

static LLVMTypeRef root_type(LLVMValueRef root)
{
	return LLVMIsAGlobalVariable(root) ? LLVMGlobalGetValueType(root) : LLVMGetAllocatedType(root);
}

/* Where a pointer points inside its variable: the type there, how many
** array levels lie above it (below the variable, or below the struct
** member holding it), and that member's byte offset in its struct
** (PROG_NO_VAR: no struct in between). */
struct vpos {
	LLVMTypeRef t;
	unsigned depth;
	uint32_t member;
	int known;
};

/* Whether type S occurs in T (itself, an array element or a struct member,
** at any depth; the first place in layout order), and where (struct vpos,
** relative to T). */
static int type_find(struct lctx *lc, LLVMTypeRef t, LLVMTypeRef s, unsigned *depth,
		     uint32_t *member, int budget)
{
	if (t == s) {
		*depth = 0;
		*member = PROG_NO_VAR;
		return 1;
	}
	if (budget <= 0)
		return 0;
	if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
		if (!type_find(lc, LLVMGetElementType(t), s, depth, member, budget - 1))
			return 0;
		if (*member == PROG_NO_VAR)
			(*depth)++;
		return 1;
	}
	if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
		unsigned n = LLVMCountStructElementTypes(t);
		for (unsigned i = 0; i < n; i++) {
			if (!type_find(lc, LLVMStructGetTypeAtIndex(t, i), s, depth, member, budget - 1))
				continue;
			if (*member == PROG_NO_VAR)
				*member = (uint32_t)LLVMOffsetOfElement(lc->td, t, i);
			return 1;
		}
	}
	return 0;
}

/* A GEP's source type S at a pointer at BASE: the same place, a place
** inside it, or (a byte offset, a cast) wherever S first occurs in the
** variable ROOT. */
static struct vpos vpos_enter(struct lctx *lc, struct vpos base, LLVMValueRef root, LLVMTypeRef s)
{
	struct vpos r = { s, 0, PROG_NO_VAR, 1 };
	unsigned d;
	uint32_t m;
	if (base.known && base.t == s)
		return base;
	if (base.known && type_find(lc, base.t, s, &d, &m, 16)) {
		r.depth = m == PROG_NO_VAR ? base.depth + d : d;
		r.member = m == PROG_NO_VAR ? base.member : m;
		return r;
	}
	if (type_find(lc, root_type(root), s, &d, &m, 16)) {
		r.depth = d;
		r.member = m;
		return r;
	}
	r.known = 0;
	return r;
}

/* Index 2 or later of a GEP: into the array or struct at P. */
static void vpos_step(struct lctx *lc, struct vpos *p, LLVMValueRef idx)
{
	if (!p->known)
		return;
	if (LLVMGetTypeKind(p->t) == LLVMArrayTypeKind) {
		p->t = LLVMGetElementType(p->t);
		p->depth++;
	} else if (LLVMGetTypeKind(p->t) == LLVMStructTypeKind && LLVMIsAConstantInt(idx)) {
		unsigned f = (unsigned)LLVMConstIntGetZExtValue(idx);
		p->member = (uint32_t)LLVMOffsetOfElement(lc->td, p->t, f);
		p->t = LLVMStructGetTypeAtIndex(p->t, f);
		p->depth = 0;
	} else {
		p->known = 0;
	}
}

/* Where pointer V points inside ROOT, following casts and GEPs. */
static struct vpos vpos_of(struct lctx *lc, LLVMValueRef v, LLVMValueRef root, int budget)
{
	struct vpos unknown = { NULL, 0, PROG_NO_VAR, 0 };
	if (v == root)
		return (struct vpos){ root_type(root), 0, PROG_NO_VAR, 1 };
	if (budget <= 0)
		return unknown;
	LLVMOpcode op;
	if (LLVMIsAInstruction(v))
		op = LLVMGetInstructionOpcode(v);
	else if (LLVMIsAConstantExpr(v))
		op = LLVMGetConstOpcode(v);
	else
		return unknown;
	if (op == LLVMBitCast || op == LLVMAddrSpaceCast)
		return vpos_of(lc, LLVMGetOperand(v, 0), root, budget - 1);
	if (op != LLVMGetElementPtr)
		return unknown;
	struct vpos p = vpos_enter(lc, vpos_of(lc, LLVMGetOperand(v, 0), root, budget - 1), root,
				   LLVMGetGEPSourceElementType(v));
	unsigned n = (unsigned)LLVMGetNumOperands(v);
	for (unsigned i = 2; i < n; i++)
		vpos_step(lc, &p, LLVMGetOperand(v, i));
	return p;
}

/* The source name of alloca A: the variable of its dbg.declare (or, in
** optimised code, dbg.assign), else its IR name, else "local" (in the
** program's strings). */
static const char *alloca_name(struct lctx *lc, LLVMValueRef a)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(lc->f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			if (LLVMGetInstructionOpcode(I) != LLVMCall)
				continue;
			LLVMValueRef callee = LLVMGetCalledValue(I);
			size_t len = 0;
			const char *nm = callee ? LLVMGetValueName2(callee, &len) : "";
			unsigned at = strcmp(nm, "llvm.dbg.declare") == 0 ? 0
				      : strcmp(nm, "llvm.dbg.assign") == 0 ? 4 : UINT32_MAX;
			if (at == UINT32_MAX || (unsigned)LLVMGetNumOperands(I) <= at)
				continue;
			LLVMValueRef loc = LLVMGetOperand(I, at), var = LLVMGetOperand(I, 1);
			if (LLVMIsAMDNode(loc) == NULL || LLVMGetMDNodeNumOperands(loc) != 1)
				continue;
			LLVMValueRef v = NULL;
			LLVMGetMDNodeOperands(loc, &v);
			const char *name = v == a ? md_string_operand(var, 1) : NULL;
			if (name && *name)
				return lower_str(lc, name);
		}
	size_t len = 0;
	const char *nm = LLVMGetValueName2(a, &len);
	return len ? arena_strdup(lc->p->strings, nm, len) : lower_str(lc, "local");
}

/* NAME followed by the extents of the arrays of type T: "tile[16][17]". */
static const char *declared_form(struct lctx *lc, const char *name, LLVMTypeRef t)
{
	char buf[256];
	size_t o = (size_t)snprintf(buf, sizeof buf, "%s", name);
	for (; LLVMGetTypeKind(t) == LLVMArrayTypeKind && o < sizeof buf; t = LLVMGetElementType(t))
		o += (size_t)snprintf(buf + o, sizeof buf - o, "[%llu]",
				      (unsigned long long)LLVMGetArrayLength2(t));
	return lower_str(lc, buf);
}

/* A new subscript check of dimension DIM (extent EXT) at P in ROOT, for
** the SUBCHK about to be emitted. */
static uint32_t new_subscript(struct lctx *lc, LLVMValueRef root, const struct vpos *p,
			      uint64_t ext)
{
	struct program *pr = lc->p;
	struct subscript s = { 0 };
	s.func = lc->f->fidx;
	s.pc = lc->f->ncode;
	s.member = p->member;
	s.dim = (uint8_t)(p->depth + 1 > 255 ? 255 : p->depth + 1);
	s.extent = ext;
	s.loc = cur_srcloc(lc);
	if (LLVMIsAGlobalVariable(root)) {
		s.var = *ptrmap_get(&lc->gvarmap, root);
		s.space = pr->gvars[s.var].space;
		s.name = declared_form(lc, pr->gvars[s.var].demangled, root_type(root));
	} else {
		s.var = PROG_NO_VAR;
		s.space = AS_LOCAL;
		s.name = declared_form(lc, alloca_name(lc, root), root_type(root));
	}
	VEC_PUSH(pr->subs, pr->nsubs, lc->capsubs, s);
	return pr->nsubs - 1;
}

/* The naming record of alloca I (struct localvar), for ALLOCA x. */
static uint32_t new_localvar(struct lctx *lc, LLVMValueRef I)
{
	struct program *p = lc->p;
	struct localvar v = { 0 };
	v.name = alloca_name(lc, I);
	array_shape(lc, LLVMGetAllocatedType(I), v.dims, &v.ndims, &v.elem, &v.elem_size);
	VEC_PUSH(p->locals, p->nlocals, lc->caplocals, v);
	return p->nlocals - 1;
}

/* V without the sign or zero extensions around it: a check of sext(x) or
** zext(x) in [0, E) with E <= 2^31 says the same about x. */
static LLVMValueRef strip_ext(LLVMValueRef v)
{
	while (LLVMIsAInstruction(v) && (LLVMGetInstructionOpcode(v) == LLVMSExt
					 || LLVMGetInstructionOpcode(v) == LLVMZExt))
		v = LLVMGetOperand(v, 0);
	return v;
}

static int block_dominates(const struct fctx *fc, uint32_t a, uint32_t b)
{
	for (uint32_t guard = 0; guard <= fc->nblocks; guard++) {
		if (a == b)
			return 1;
		if (b == 0 || fc->idom[b] == UINT32_MAX || fc->idom[b] == b)
			return 0;
		b = fc->idom[b];
	}
	return 0;
}

/* Whether integer V is never negative: constants, zext, special
** registers, nsw sums and products of such, phis of such (the phis in
** ASSUMED, being proved, count as such: k = phi [0, k + 1] is).  DEPTH
** bounds the operands followed, so a shared subexpression costs little. */
static int nonneg_at(LLVMValueRef v, LLVMValueRef *assumed, int nassumed, int depth)
{
	if (LLVMIsAConstantInt(v))
		return LLVMConstIntGetSExtValue(v) >= 0;
	if (!LLVMIsAInstruction(v) || nassumed >= 8 || depth > 12)
		return 0;
	for (int i = 0; i < nassumed; i++)
		if (assumed[i] == v)
			return 1;
	LLVMValueRef a = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
	LLVMValueRef b = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
#define NONNEG(x) nonneg_at((x), assumed, nassumed, depth + 1)
	switch (LLVMGetInstructionOpcode(v)) {
	case LLVMZExt:
		return 1;
	case LLVMSExt:
		return NONNEG(a);
	case LLVMAdd: case LLVMMul:
		return LLVMGetNSW(v) && NONNEG(a) && NONNEG(b);
	case LLVMAnd:
		return NONNEG(a) || NONNEG(b);
	case LLVMLShr:
		return (LLVMIsAConstantInt(b) && LLVMConstIntGetZExtValue(b) > 0)
		       || NONNEG(a);
	case LLVMUDiv:
		return NONNEG(a);
	case LLVMURem:
		return NONNEG(b);
	case LLVMSelect:
		return NONNEG(b) && NONNEG(LLVMGetOperand(v, 2));
	case LLVMPHI: {
		assumed[nassumed] = v;
		unsigned n = LLVMCountIncoming(v);
		for (unsigned i = 0; i < n; i++)
			if (!nonneg_at(LLVMGetIncomingValue(v, i), assumed, nassumed + 1, depth + 1))
				return 0;
		return 1;
	}
	case LLVMCall: {
		LLVMValueRef callee = LLVMGetCalledValue(v);
		size_t len = 0;
		const char *nm = callee ? LLVMGetValueName2(callee, &len) : "";
		static const char *const small[] = { "tid.", "ntid.", "ctaid.", "nctaid.", "laneid",
						     "warpid", "nwarpid", "warpsize" };
		if (strncmp(nm, "llvm.nvvm.read.ptx.sreg.", 24) != 0)
			return 0;	/* lane masks and clocks may have the top bit set */
		for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
			if (strncmp(nm + 24, small[i], strlen(small[i])) == 0)
				return 1;
		return 0;
	}
	default:
		return 0;
	}
#undef NONNEG
}

/* Whether V is in [0, EXT) wherever block B runs: B lies under the edge
** of a branch on V < K (or V <= K, or K > V ...) with K <= EXT that is
** taken only then, and V is not negative (or the compare is unsigned).
** The bounds of counted loops, `for (j = 0; j < 8; j++) a[i][j]`. */
static int proven_in_range(struct lctx *lc, LLVMValueRef v, uint64_t ext, uint32_t b)
{
	struct fctx *fc = lc->f;
	for (uint32_t c = b, guard = 0; c != 0 && guard <= fc->nblocks; guard++) {
		uint32_t p = fc->idom[c];
		if (p == UINT32_MAX || p == c)
			return 0;
		LLVMValueRef term = LLVMGetBasicBlockTerminator(fc->blocks[p]);
		if (fc->npred[c] == 1 && term && LLVMGetInstructionOpcode(term) == LLVMBr
		    && LLVMIsConditional(term) && LLVMGetNumSuccessors(term) == 2
		    && LLVMGetSuccessor(term, 0) != LLVMGetSuccessor(term, 1)) {
			LLVMValueRef cond = LLVMGetCondition(term);
			int taken = LLVMGetSuccessor(term, 0) == fc->blocks[c];
			if (LLVMIsAICmpInst(cond)) {
				LLVMIntPredicate pr = LLVMGetICmpPredicate(cond);
				LLVMValueRef x = LLVMGetOperand(cond, 0), k = LLVMGetOperand(cond, 1);
				if (strip_ext(k) == v && strip_ext(x) != v) {	/* K op V: swap */
					LLVMValueRef t = x;
					x = k;
					k = t;
					pr = pr == LLVMIntSGT ? LLVMIntSLT : pr == LLVMIntSGE ? LLVMIntSLE
					     : pr == LLVMIntUGT ? LLVMIntULT : pr == LLVMIntUGE ? LLVMIntULE
					     : pr == LLVMIntSLT ? LLVMIntSGT : pr == LLVMIntSLE ? LLVMIntSGE
					     : pr == LLVMIntULT ? LLVMIntUGT : pr == LLVMIntULE ? LLVMIntUGE : pr;
				}
				if (!taken)	/* the false edge: the negation */
					pr = pr == LLVMIntSLT ? LLVMIntSGE : pr == LLVMIntSLE ? LLVMIntSGT
					     : pr == LLVMIntULT ? LLVMIntUGE : pr == LLVMIntULE ? LLVMIntUGT
					     : pr == LLVMIntSGE ? LLVMIntSLT : pr == LLVMIntSGT ? LLVMIntSLE
					     : pr == LLVMIntUGE ? LLVMIntULT : pr == LLVMIntUGT ? LLVMIntULE
					     : LLVMIntEQ;
				if (strip_ext(x) == v && LLVMIsAConstantInt(k)) {
					int64_t kv = LLVMConstIntGetSExtValue(k);
					int64_t bound = pr == LLVMIntSLT || pr == LLVMIntULT ? kv
						      : pr == LLVMIntSLE || pr == LLVMIntULE ? kv + 1 : -1;
					int uns = pr == LLVMIntULT || pr == LLVMIntULE;
					LLVMValueRef assumed[8];
					if (bound > 0 && (uint64_t)bound <= ext && bound <= INT32_MAX
					    && (uns || nonneg_at(v, assumed, 0, 0)))
						return 1;
				}
			}
		}
		c = p;
	}
	return 0;
}

/* Whether the subscript check of index IDX against EXT in block B is
** needed: not when a check of the same value against EXT or less
** dominates it, nor when the index is provably in range. */
static int subchk_needed(struct lctx *lc, LLVMValueRef idx, uint64_t ext, uint32_t b)
{
	struct fctx *fc = lc->f;
	LLVMValueRef v = strip_ext(idx);
	if (ext > INT32_MAX)
		return 1;
	for (uint32_t i = 0; i < fc->nchk; i++)
		if (fc->chk[i].v == v && fc->chk[i].ext <= ext && block_dominates(fc, fc->chk[i].block, b))
			return 0;
	if (proven_in_range(lc, v, ext, b))
		return 0;
	struct subchk_done d = { v, ext, b };
	VEC_PUSH(fc->chk, fc->nchk, fc->capchk, d);
	return 1;
}

static int lower_gep(struct lctx *lc, LLVMValueRef I)
{
	if (LLVMGetTypeKind(LLVMTypeOf(I)) == LLVMVectorTypeKind)
		return lower_unsupported(lc, "vector getelementptr");
	uint32_t d = lower_slot(lc, I);
	uint32_t cur = lower_opnd(lc, LLVMGetOperand(I, 0), 0);
	if (cur == OPND_NONE)
		return -1;
	LLVMTypeRef t = LLVMGetGEPSourceElementType(I);
	unsigned n = (unsigned)LLVMGetNumOperands(I);
	uint64_t off = 0;	/* wraps modulo 2^64, as gep_const_offset */
	int emitted = 0;
	/* where the base points inside a variable of known shape, if it does */
	LLVMValueRef ptr = LLVMGetOperand(I, 0), root = shaped_root(lc, ptr);
	struct vpos pos = { NULL, 0, PROG_NO_VAR, 0 };
	if (root != NULL)
		pos = vpos_enter(lc, vpos_of(lc, ptr, root, 32), root, t);
	for (unsigned i = 1; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(I, i);
		int64_t scale;
		/* an array dimension the allocation's bound does not cover */
		uint64_t ext = 0;
		struct vpos at = pos;
		if (i >= 2 && pos.known && LLVMGetTypeKind(t) == LLVMArrayTypeKind
		    && (pos.depth > 0 || pos.member != PROG_NO_VAR))
			ext = LLVMGetArrayLength2(t);
		if (i >= 2)
			vpos_step(lc, &pos, idx);
		if (i == 1) {
			scale = (int64_t)type_size(lc, t);
		} else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
			uint64_t fv = 0;
			if (const_value(lc, idx, &fv) < 0)
				return -1;
			off += LLVMOffsetOfElement(lc->td, t, (unsigned)fv);
			t = LLVMStructGetTypeAtIndex(t, (unsigned)fv);
			continue;
		} else {
			t = LLVMGetElementType(t);
			scale = (int64_t)type_size(lc, t);
		}
		unsigned w = lower_int_width(LLVMTypeOf(idx));
		if (LLVMIsAConstant(idx)) {
			uint64_t iv = 0;
			if (const_value(lc, idx, &iv) < 0)
				return -1;
			if (w < 64)
				iv = (uint64_t)((int64_t)(iv << (64 - w)) >> (64 - w));
			off += iv * (uint64_t)scale;
			continue;
		}
		uint32_t io = lower_opnd(lc, idx, 0);
		if (io == OPND_NONE)
			return -1;
		if (ext > 0 && ext <= INT64_MAX
		    && subchk_needed(lc, idx, ext, *ptrmap_get(&lc->f->blockidx, LLVMGetInstructionParent(I)))) {
			uint32_t sx = new_subscript(lc, root, &at, ext);
			lower_emit(lc, OP_SUBCHK, (uint8_t)w, 0, 0, io, 0, 0, sx, (int64_t)ext);
		}
		lower_emit(lc, OP_PTRIDX, (uint8_t)w, 0, d, cur, io, 0, 0, scale);
		cur = d;
		emitted = 1;
	}
	if (off != 0 || !emitted)
		lower_emit(lc, off ? OP_PTRADD : OP_MOV, 64, 0, d, cur, 0, 0, 0, (int64_t)off);
	return 0;
}

/* Bitcasts between types whose flattened shapes differ (<2 x i32> <->
** i64, double <-> <2 x float>): pack into 64-bit words or unpack. */
static int lower_bitcast(struct lctx *lc, LLVMValueRef I)
{
	LLVMValueRef src = LLVMGetOperand(I, 0);
	LLVMTypeRef st = LLVMTypeOf(src), dt = LLVMTypeOf(I);
	LLVMTypeRef stypes[MAX_FLAT], dtypes[MAX_FLAT];
	int ns = flatten(lc, st, stypes, NULL, 0, MAX_FLAT, 0);
	int nd = flatten(lc, dt, dtypes, NULL, 0, MAX_FLAT, 0);
	if (ns < 0 || nd < 0)
		return lower_unsupported(lc, "bitcast");
	uint32_t d = lower_slot(lc, I);
	unsigned sw = lower_int_width(stypes[0]), dw = lower_int_width(dtypes[0]);
	if (ns == nd && sw == dw)
		return copy_elems(lc, d, src, 0, (uint32_t)nd);
	if (nd == 1) {		/* pack */
		uint32_t acc = lower_temp(lc, 2);
		lower_emit(lc, OP_MOV, 64, 0, acc, lower_const(lc, 0), 0, 0, 0, 0);
		for (int e = 0; e < ns; e++) {
			uint32_t o = lower_opnd(lc, src, (unsigned)e);
			if (o == OPND_NONE)
				return -1;
			lower_emit(lc, OP_SHL, 64, 0, acc + 1, o, lower_const(lc, (uint64_t)e * sw), 0, 0, 0);
			lower_emit(lc, OP_OR, 64, 0, acc, acc, acc + 1, 0, 0, 0);
		}
		lower_emit(lc, OP_MOV, (uint8_t)dw, 0, d, acc, 0, 0, 0, 0);
		return 0;
	}
	if (ns == 1) {		/* unpack */
		uint32_t o = lower_opnd(lc, src, 0);
		if (o == OPND_NONE)
			return -1;
		for (int e = 0; e < nd; e++) {
			lower_emit(lc, OP_LSHR, 64, 0, d + (uint32_t)e, o, lower_const(lc, (uint64_t)e * dw), 0, 0, 0);
			lower_emit(lc, OP_MOV, (uint8_t)dw, 0, d + (uint32_t)e, d + (uint32_t)e, 0, 0, 0, 0);
		}
		return 0;
	}
	return lower_unsupported(lc, "bitcast between vector shapes");
}

static int lower_cast(struct lctx *lc, LLVMValueRef I, LLVMOpcode op)
{
	LLVMValueRef src = LLVMGetOperand(I, 0);
	LLVMTypeRef st = LLVMTypeOf(src), dt = LLVMTypeOf(I);
	if (op == LLVMBitCast && nflat(lc, st) != 1)
		return lower_bitcast(lc, I);
	if (op == LLVMBitCast && nflat(lc, dt) != 1)
		return lower_bitcast(lc, I);
	LLVMTypeRef stypes[MAX_FLAT], dtypes[MAX_FLAT];
	int n = flatten(lc, st, stypes, NULL, 0, MAX_FLAT, 0);
	if (n < 0 || flatten(lc, dt, dtypes, NULL, 0, MAX_FLAT, 0) != n)
		return lower_unsupported(lc, "cast");
	uint32_t d = lower_slot(lc, I);
	for (int e = 0; e < n; e++) {
		uint32_t a = lower_opnd(lc, src, (unsigned)e);
		if (a == OPND_NONE)
			return -1;
		uint32_t de = d + (uint32_t)e;
		int sk = tkind(stypes[e]), dk = tkind(dtypes[e]);
		unsigned sw = lower_int_width(stypes[e]), dw = lower_int_width(dtypes[e]);
		switch (op) {
		case LLVMTrunc:
			lower_emit(lc, OP_MOV, (uint8_t)dw, 0, de, a, 0, 0, 0, 0);
			break;
		case LLVMZExt:
		case LLVMBitCast:
		case LLVMAddrSpaceCast:
		case LLVMIntToPtr:
			lower_emit(lc, OP_MOV, 64, 0, de, a, 0, 0, 0, 0);
			break;
		case LLVMPtrToInt:
			lower_emit(lc, OP_MOV, (uint8_t)dw, 0, de, a, 0, 0, 0, 0);
			break;
		case LLVMSExt:
			lower_emit(lc, OP_SEXT, (uint8_t)sw, 0, de, a, 0, 0, 0, dw);
			break;
		case LLVMFPToSI:
		case LLVMFPToUI: {
			int sgn = op == LLVMFPToSI;
			uint32_t x = a;
			if (sk == TK_F16 || sk == TK_BF16) {
				x = lower_temp(lc, 1);
				lower_emit(lc, OP_CVT, 32, sk == TK_F16 ? CVT_F16_TO_F32 : CVT_BF16_TO_F32, x, a, 0, 0, 0, 0);
				sk = TK_F32;
			}
			uint8_t k = sk == TK_F32 ? (sgn ? CVT_F32_TO_SI : CVT_F32_TO_UI)
				  : (sgn ? CVT_F64_TO_SI : CVT_F64_TO_UI);
			lower_emit(lc, OP_CVT, (uint8_t)dw, k, de, x, 0, 0, RND_ZERO, 0);
			break;
		}
		case LLVMSIToFP:
		case LLVMUIToFP: {
			int sgn = op == LLVMSIToFP;
			int half = dk == TK_F16 || dk == TK_BF16;
			uint32_t dst = half ? lower_temp(lc, 1) : de;
			uint8_t k = (dk == TK_F64) ? (sgn ? CVT_SI_TO_F64 : CVT_UI_TO_F64)
				  : (sgn ? CVT_SI_TO_F32 : CVT_UI_TO_F32);
			lower_emit(lc, OP_CVT, (uint8_t)sw, k, dst, a, 0, 0, RND_NEAREST, 0);
			if (half)
				lower_emit(lc, OP_CVT, 32, dk == TK_F16 ? CVT_F32_TO_F16 : CVT_F32_TO_BF16, de, dst, 0, 0, 0, 0);
			break;
		}
		case LLVMFPExt:
		case LLVMFPTrunc: {
			uint8_t k;
			if (sk == TK_F32 && dk == TK_F64) k = CVT_F32_TO_F64;
			else if (sk == TK_F64 && dk == TK_F32) k = CVT_F64_TO_F32;
			else if (sk == TK_F16 && dk == TK_F32) k = CVT_F16_TO_F32;
			else if (sk == TK_F32 && dk == TK_F16) k = CVT_F32_TO_F16;
			else if (sk == TK_F16 && dk == TK_F64) k = CVT_F16_TO_F64;
			else if (sk == TK_F64 && dk == TK_F16) k = CVT_F64_TO_F16;
			else if (sk == TK_BF16 && dk == TK_F32) k = CVT_BF16_TO_F32;
			else if (sk == TK_F32 && dk == TK_BF16) k = CVT_F32_TO_BF16;
			else return lower_unsupported(lc, "floating-point conversion");
			lower_emit(lc, OP_CVT, 32, k, de, a, 0, 0, 0, 0);
			break;
		}
		default:
			return lower_unsupported(lc, "cast");
		}
	}
	return 0;
}

/* Lowers integer or float arithmetic I (opcode OP; FNeg is the one unary
** operator) on a scalar or each element of a vector: integer operations
** at the element's width, float ones in f32 or f64 (emit_fbin).  0, or
** -1 with the reason recorded (lower_unsupported). */
static int lower_binary(struct lctx *lc, LLVMValueRef I, LLVMOpcode op)
{
	LLVMTypeRef types[MAX_FLAT];
	int n = flatten(lc, LLVMTypeOf(I), types, NULL, 0, MAX_FLAT, 0);
	if (n < 0)
		return lower_unsupported(lc, "operand type");
	uint32_t d = lower_slot(lc, I);
	for (int e = 0; e < n; e++) {
		uint32_t a = lower_opnd(lc, LLVMGetOperand(I, 0), (unsigned)e);
		uint32_t b = op == LLVMFNeg ? OPND_NONE : lower_opnd(lc, LLVMGetOperand(I, 1), (unsigned)e);
		if (a == OPND_NONE || (op != LLVMFNeg && b == OPND_NONE))
			return -1;
		uint32_t de = d + (uint32_t)e;
		int tk = tkind(types[e]);
		uint8_t w = (uint8_t)lower_int_width(types[e]);
		uint16_t iop;
		switch (op) {
		case LLVMAdd: iop = OP_ADD; break;
		case LLVMSub: iop = OP_SUB; break;
		case LLVMMul: iop = OP_MUL; break;
		case LLVMUDiv: iop = OP_UDIV; break;
		case LLVMSDiv: iop = OP_SDIV; break;
		case LLVMURem: iop = OP_UREM; break;
		case LLVMSRem: iop = OP_SREM; break;
		case LLVMAnd: iop = OP_AND; break;
		case LLVMOr: iop = OP_OR; break;
		case LLVMXor: iop = OP_XOR; break;
		case LLVMShl: iop = OP_SHL; break;
		case LLVMLShr: iop = OP_LSHR; break;
		case LLVMAShr: iop = OP_ASHR; break;
		case LLVMFAdd: if (emit_fbin(lc, tk, OP_FADD32, OP_FADD64, de, a, b, OPND_NONE) < 0) return -1; continue;
		case LLVMFSub: if (emit_fbin(lc, tk, OP_FSUB32, OP_FSUB64, de, a, b, OPND_NONE) < 0) return -1; continue;
		case LLVMFMul: if (emit_fbin(lc, tk, OP_FMUL32, OP_FMUL64, de, a, b, OPND_NONE) < 0) return -1; continue;
		case LLVMFDiv: if (emit_fbin(lc, tk, OP_FDIV32, OP_FDIV64, de, a, b, OPND_NONE) < 0) return -1; continue;
		case LLVMFRem: if (emit_fbin(lc, tk, OP_FREM32, OP_FREM64, de, a, b, OPND_NONE) < 0) return -1; continue;
		case LLVMFNeg: if (emit_fbin(lc, tk, OP_FNEG32, OP_FNEG64, de, a, OPND_NONE, OPND_NONE) < 0) return -1; continue;
		default: return lower_unsupported(lc, "binary operator");
		}
		if (tk != TK_INT)
			return lower_unsupported(lc, "integer operation on this type");
		lower_emit(lc, iop, w, 0, de, a, b, 0, 0, 0);
	}
	return 0;
}

static int lower_cmp(struct lctx *lc, LLVMValueRef I, int is_fp)
{
	LLVMValueRef x = LLVMGetOperand(I, 0);
	LLVMTypeRef types[MAX_FLAT];
	int n = flatten(lc, LLVMTypeOf(x), types, NULL, 0, MAX_FLAT, 0);
	if (n < 0)
		return lower_unsupported(lc, "compare operand type");
	uint32_t d = lower_slot(lc, I);
	for (int e = 0; e < n; e++) {
		uint32_t a = lower_opnd(lc, x, (unsigned)e);
		uint32_t b = lower_opnd(lc, LLVMGetOperand(I, 1), (unsigned)e);
		if (a == OPND_NONE || b == OPND_NONE)
			return -1;
		if (!is_fp) {
			lower_emit(lc, OP_ICMP, (uint8_t)lower_int_width(types[e]),
				   (uint8_t)icmp_pred(LLVMGetICmpPredicate(I)), d + (uint32_t)e, a, b, 0, 0, 0);
			continue;
		}
		uint8_t pred = (uint8_t)LLVMGetFCmpPredicate(I);
		int tk = tkind(types[e]);
		uint32_t pc0 = lc->f->ncode;
		if (emit_fbin(lc, tk, OP_FCMP32, OP_FCMP64, d + (uint32_t)e, a, b, OPND_NONE) < 0)
			return -1;
		for (uint32_t pc = pc0; pc < lc->f->ncode; pc++)
			if (lc->f->code[pc].op == OP_FCMP32 || lc->f->code[pc].op == OP_FCMP64)
				lc->f->code[pc].f = pred;
	}
	return 0;
}

/* Lowers instruction I of block BIDX of the current function by opcode:
** terminators, arithmetic, comparisons, casts, selects, allocas, loads,
** stores, GEPs, calls (inline PTX among them), vector and aggregate
** element operations, atomics (read-modify-write and compare-exchange)
** and fences; a phi emits nothing here (the edges into its block carry
** its moves).  0, or -1 with the reason recorded (lower_unsupported). */
static int lower_inst(struct lctx *lc, LLVMValueRef I, uint32_t bidx)
{
	LLVMOpcode op = LLVMGetInstructionOpcode(I);
	uint32_t d = lower_slot(lc, I);
	switch (op) {
	case LLVMRet: case LLVMBr: case LLVMSwitch: case LLVMUnreachable:
		return lower_terminator(lc, I, bidx);
	case LLVMPHI:
		return 0;
	case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
	case LLVMURem: case LLVMSRem: case LLVMAnd: case LLVMOr: case LLVMXor:
	case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMFAdd: case LLVMFSub:
	case LLVMFMul: case LLVMFDiv: case LLVMFRem: case LLVMFNeg:
		return lower_binary(lc, I, op);
	case LLVMICmp:
		return lower_cmp(lc, I, 0);
	case LLVMFCmp:
		return lower_cmp(lc, I, 1);
	case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI: case LLVMFPToSI:
	case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt:
	case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast:
		return lower_cast(lc, I, op);
	case LLVMSelect: {
		LLVMValueRef cond = LLVMGetOperand(I, 0);
		int vcond = LLVMGetTypeKind(LLVMTypeOf(cond)) == LLVMVectorTypeKind;
		uint32_t n = nflat(lc, LLVMTypeOf(I));
		for (uint32_t e = 0; e < n; e++) {
			uint32_t c = lower_opnd(lc, cond, vcond ? e : 0);
			uint32_t a = lower_opnd(lc, LLVMGetOperand(I, 1), e);
			uint32_t b = lower_opnd(lc, LLVMGetOperand(I, 2), e);
			if (c == OPND_NONE || a == OPND_NONE || b == OPND_NONE)
				return -1;
			lower_emit(lc, OP_SELECT, 64, 0, d + e, c, a, b, 0, 0);
		}
		return 0;
	}
	case LLVMFreeze:
		return copy_elems(lc, d, LLVMGetOperand(I, 0), 0, nflat(lc, LLVMTypeOf(I)));
	case LLVMAlloca: {
		LLVMTypeRef t = LLVMGetAllocatedType(I);
		uint32_t cnt = lower_opnd(lc, LLVMGetOperand(I, 0), 0);
		if (cnt == OPND_NONE)
			return -1;
		lower_emit(lc, OP_ALLOCA, 64, 0, d, cnt, 0, 0, new_localvar(lc, I), (int64_t)type_size(lc, t));
		return 0;
	}
	case LLVMLoad:
		return lower_mem(lc, I, 0);
	case LLVMStore:
		return lower_mem(lc, I, 1);
	case LLVMGetElementPtr:
		return lower_gep(lc, I);
	case LLVMCall:
		return lower_call(lc, I);
	case LLVMExtractElement: {
		LLVMValueRef vec = LLVMGetOperand(I, 0), idx = LLVMGetOperand(I, 1);
		uint32_t n = nflat(lc, LLVMTypeOf(vec));
		if (LLVMIsAConstant(idx)) {
			uint64_t k = 0;
			if (const_value(lc, idx, &k) < 0)
				return -1;
			if (k >= n) {
				lower_emit(lc, OP_MOV, 64, 0, d, lower_const(lc, 0), 0, 0, 0, 0);
				return 0;
			}
			return copy_elems(lc, d, vec, (uint32_t)k, 1);
		}
		uint32_t base = lower_slot(lc, vec);
		if (base == OPND_NONE) {
			base = lower_temp(lc, n);
			if (copy_elems(lc, base, vec, 0, n) < 0)
				return -1;
		}
		uint32_t io = lower_opnd(lc, idx, 0);
		if (io == OPND_NONE)
			return -1;
		lower_emit(lc, OP_EXTRACT, 64, 0, d, base, io, 0, 0, n);
		return 0;
	}
	case LLVMInsertElement: {
		LLVMValueRef vec = LLVMGetOperand(I, 0), val = LLVMGetOperand(I, 1), idx = LLVMGetOperand(I, 2);
		uint32_t n = nflat(lc, LLVMTypeOf(I));
		if (copy_elems(lc, d, vec, 0, n) < 0)
			return -1;
		uint32_t v = lower_opnd(lc, val, 0);
		if (v == OPND_NONE)
			return -1;
		if (LLVMIsAConstant(idx)) {
			uint64_t k = 0;
			if (const_value(lc, idx, &k) < 0)
				return -1;
			if (k < n)
				lower_emit(lc, OP_MOV, 64, 0, d + (uint32_t)k, v, 0, 0, 0, 0);
			return 0;
		}
		uint32_t io = lower_opnd(lc, idx, 0);
		if (io == OPND_NONE)
			return -1;
		lower_emit(lc, OP_INSERT, 64, 0, d, d, io, v, 0, n);
		return 0;
	}
	case LLVMShuffleVector: {
		LLVMValueRef v1 = LLVMGetOperand(I, 0), v2 = LLVMGetOperand(I, 1);
		uint32_t n1 = nflat(lc, LLVMTypeOf(v1));
		unsigned nm = LLVMGetNumMaskElements(I);
		/* all sources first: the destination may overlap neither, but a
		** temp keeps the moves simple */
		uint32_t t = lower_temp(lc, nm);
		for (unsigned i = 0; i < nm; i++) {
			int m = LLVMGetMaskValue(I, i);
			uint32_t o;
			if (m < 0 || m == LLVMGetUndefMaskElem())
				o = lower_const(lc, 0);
			else if ((uint32_t)m < n1)
				o = lower_opnd(lc, v1, (unsigned)m);
			else
				o = lower_opnd(lc, v2, (unsigned)m - n1);
			if (o == OPND_NONE)
				return -1;
			lower_emit(lc, OP_MOV, 64, 0, t + i, o, 0, 0, 0, 0);
		}
		for (unsigned i = 0; i < nm; i++)
			lower_emit(lc, OP_MOV, 64, 0, d + i, t + i, 0, 0, 0, 0);
		return 0;
	}
	case LLVMExtractValue: {
		LLVMValueRef agg = LLVMGetOperand(I, 0);
		LLVMTypeRef member;
		uint32_t k = member_flat_index(lc, LLVMTypeOf(agg), LLVMGetIndices(I),
					       LLVMGetNumIndices(I), &member);
		return copy_elems(lc, d, agg, k, nflat(lc, member));
	}
	case LLVMInsertValue: {
		LLVMValueRef agg = LLVMGetOperand(I, 0), val = LLVMGetOperand(I, 1);
		LLVMTypeRef member;
		uint32_t k = member_flat_index(lc, LLVMTypeOf(agg), LLVMGetIndices(I),
					       LLVMGetNumIndices(I), &member);
		uint32_t n = nflat(lc, LLVMTypeOf(I));
		if (copy_elems(lc, d, agg, 0, n) < 0)
			return -1;
		for (uint32_t e = 0; e < nflat(lc, member); e++) {
			uint32_t o = lower_opnd(lc, val, e);
			if (o == OPND_NONE)
				return -1;
			lower_emit(lc, OP_MOV, 64, 0, d + k + e, o, 0, 0, 0, 0);
		}
		return 0;
	}
	case LLVMAtomicRMW: {
		LLVMValueRef ptr = LLVMGetOperand(I, 0), val = LLVMGetOperand(I, 1);
		LLVMTypeRef t = LLVMTypeOf(val);
		int tk = tkind(t);
		uint8_t f;
		switch (LLVMGetAtomicRMWBinOp(I)) {
		case LLVMAtomicRMWBinOpXchg: f = AT_XCHG; break;
		case LLVMAtomicRMWBinOpAdd: f = AT_ADD; break;
		case LLVMAtomicRMWBinOpSub: f = AT_SUB; break;
		case LLVMAtomicRMWBinOpAnd: f = AT_AND; break;
		case LLVMAtomicRMWBinOpNand: f = AT_NAND; break;
		case LLVMAtomicRMWBinOpOr: f = AT_OR; break;
		case LLVMAtomicRMWBinOpXor: f = AT_XOR; break;
		case LLVMAtomicRMWBinOpMax: f = AT_MAX; break;
		case LLVMAtomicRMWBinOpMin: f = AT_MIN; break;
		case LLVMAtomicRMWBinOpUMax: f = AT_UMAX; break;
		case LLVMAtomicRMWBinOpUMin: f = AT_UMIN; break;
		case LLVMAtomicRMWBinOpFAdd: f = tk == TK_F64 ? AT_FADD64 : AT_FADD; break;
		case LLVMAtomicRMWBinOpFSub: f = tk == TK_F64 ? AT_FSUB64 : AT_FSUB; break;
		case LLVMAtomicRMWBinOpFMax: f = tk == TK_F64 ? AT_FMAX64 : AT_FMAX; break;
		case LLVMAtomicRMWBinOpFMin: f = tk == TK_F64 ? AT_FMIN64 : AT_FMIN; break;
		case LLVMAtomicRMWBinOpUIncWrap: f = AT_UINC; break;
		case LLVMAtomicRMWBinOpUDecWrap: f = AT_UDEC; break;
		default: return lower_unsupported(lc, "atomicrmw operation");
		}
		if ((f >= AT_FADD && f <= AT_FMIN && tk != TK_F32) || tk == TK_F16 || tk == TK_BF16)
			return lower_unsupported(lc, "atomicrmw on this type");
		uint64_t sz = LLVMStoreSizeOfType(lc->td, t);
		uint32_t a = lower_opnd(lc, ptr, 0), b = lower_opnd(lc, val, 0);
		if (a == OPND_NONE || b == OPND_NONE)
			return -1;
		uint32_t site = lower_site(lc, SITE_ATOMIC, space_of(ptr), (uint16_t)sz);
		lower_emit(lc, OP_ATOMIC, (uint8_t)sz, f, d, a, b, 0, site, scope_of(I));
		return 0;
	}
	case LLVMAtomicCmpXchg: {
		LLVMValueRef ptr = LLVMGetOperand(I, 0);
		LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(I, 1));
		uint64_t sz = LLVMStoreSizeOfType(lc->td, t);
		uint32_t a = lower_opnd(lc, ptr, 0), b = lower_opnd(lc, LLVMGetOperand(I, 1), 0);
		uint32_t c = lower_opnd(lc, LLVMGetOperand(I, 2), 0);
		if (a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
			return -1;
		uint32_t site = lower_site(lc, SITE_CMPXCHG, space_of(ptr), (uint16_t)sz);
		lower_emit(lc, OP_CMPXCHG, (uint8_t)sz, 0, d, a, b, c, site, scope_of(I));
		return 0;
	}
	case LLVMFence: {
		uint8_t sc = scope_of(I);
		lower_emit(lc, OP_FENCE, 0, sc == SCOPE_BLOCK ? SCOPE_BLOCK : sc == SCOPE_DEVICE
			   ? SCOPE_DEVICE : SCOPE_SYSTEM, 0, 0, 0, 0, 0, 0);
		return 0;
	}
	default: {
		char what[128];
		char *s = LLVMPrintValueToString(I);
		const char *eq = strstr(s, " = ");
		const char *start = eq ? eq + 3 : s;
		while (*start == ' ')
			start++;
		size_t len = strcspn(start, " ");
		snprintf(what, sizeof what, "instruction '%.*s'", (int)len, start);
		LLVMDisposeMessage(s);
		return lower_unsupported(lc, what);
	}
	}
}

/* ---- parameters and debug names ------------------------------------------ */

static const char *md_string_operand(LLVMValueRef md, unsigned i)
{
	unsigned n = LLVMGetMDNodeNumOperands(md);
	if (i >= n)
		return NULL;
	LLVMValueRef *ops = xcalloc(n, sizeof *ops);
	LLVMGetMDNodeOperands(md, ops);
	unsigned len = 0;
	const char *s = ops[i] ? LLVMGetMDString(ops[i], &len) : NULL;
	free(ops);
	return s;
}

/* The element type a DI pointer type points to, by the base type's name. */
uint8_t lower_pointee_elem(LLVMValueRef ditype)
{
	/* DIDerivedType operands: file, scope, name, base type, ... */
	for (int depth = 0; ditype && depth < 8; depth++) {
		LLVMMetadataRef md = LLVMValueAsMetadata(ditype);
		LLVMMetadataKind k = LLVMGetMetadataKind(md);
		if (k == LLVMDIBasicTypeMetadataKind) {
			size_t len = 0;
			const char *nm = LLVMDITypeGetName(md, &len);
			char buf[64];
			snprintf(buf, sizeof buf, "%.*s", (int)len, nm);
			static const struct { const char *n; uint8_t e; } map[] = {
				{ "float", ET_F32 }, { "double", ET_F64 }, { "int", ET_I32 },
				{ "unsigned int", ET_U32 }, { "char", ET_I8 }, { "signed char", ET_I8 },
				{ "unsigned char", ET_U8 }, { "short", ET_I16 },
				{ "unsigned short", ET_U16 }, { "long", ET_I64 },
				{ "long long", ET_I64 }, { "unsigned long", ET_U64 },
				{ "unsigned long long", ET_U64 }, { "bool", ET_U8 }, { "_Bool", ET_U8 },
				{ "__half", ET_F16 }, { "half", ET_F16 }, { "_Float16", ET_F16 },
			};
			for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
				if (strcmp(buf, map[i].n) == 0)
					return map[i].e;
			return ET_NONE;
		}
		if (k != LLVMDIDerivedTypeMetadataKind)
			return ET_NONE;
		ditype = reader_md_operand(ditype, 3);
	}
	return ET_NONE;
}

/* The argument number of DILocalVariable VAR read from its printed form
** ("!DILocalVariable(name: "p", arg: 1, ...)"): LLVM-C has no accessor for
** it.  Printing a node that a dbg call uses numbers every metadata node of
** the module first, so this costs a walk of the whole module. */
static unsigned arg_by_printing(LLVMValueRef var)
{
	/* the printed node shows its name inline: in a corrupt module the
	** name operand may be another node (the verifier does not look), and
	** LLVM's printer reads it as a string all the same, past its end */
	LLVMValueRef name = reader_md_operand(var, 1);
	unsigned len = 0;
	if (name != NULL && LLVMGetMDString(name, &len) == NULL)
		return 0;
	char *txt = LLVMPrintValueToString(var);
	unsigned arg = 0;
	const char *a = txt ? strstr(txt, ", arg: ") : NULL;
	if (a)
		arg = (unsigned)strtoul(a + 7, NULL, 10);
	LLVMDisposeMessage(txt);
	return arg;
}

/* The DILocalVariable with VAR's fields (operands SC, NM of LEN bytes,
** FL, TY, line LINE) but argument number ARG (0: a local) and FLAGS, as
** LLVM's uniquing has it: made now if the module has none. */
static LLVMMetadataRef var_like(struct lctx *lc, LLVMMetadataRef sc, const char *nm, unsigned len,
				LLVMMetadataRef fl, unsigned line, LLVMMetadataRef ty, unsigned arg,
				LLVMDIFlags flags)
{
	if (lc->dib == NULL)
		lc->dib = LLVMCreateDIBuilderDisallowUnresolved(lc->mod);
	if (arg == 0)
		return LLVMDIBuilderCreateAutoVariable(lc->dib, sc, nm, len, fl, line, ty, 0, flags, 0);
	return LLVMDIBuilderCreateParameterVariable(lc->dib, sc, nm, len, arg, fl, line, ty, 0, flags);
}

/* The argument number of DILocalVariable VAR (a value; 0: a local, not a
** parameter), asked of LLVM's uniquing rather than its printer: a
** DILocalVariable is unique per (scope, name, file, line, type, arg,
** flags, alignment, annotations), so the builder hands back VAR itself
** for the one argument number it has, given the same other fields.  The
** flags are not readable through LLVM-C: those clang gives parameters are
** tried (none, artificial, object pointer).  FIRST is tried first, then 0
** to MAX.  Where no probe finds VAR (a distinct node, annotations, other
** flags or an alignment, a scope that is no subprogram, an argument number
** beyond MAX) the printer answers, as it always did. */
static unsigned di_arg_number(struct lctx *lc, LLVMValueRef var, unsigned first, unsigned max)
{
	LLVMMetadataRef md = LLVMValueAsMetadata(var);
	/* the node keeps 16 bits of the number: a wider probe would wrap */
	if (LLVMGetMDNodeNumOperands(var) != 5 || reader_md_operand(var, 4) != NULL
	    || first > UINT16_MAX)
		return arg_by_printing(var);
	if (max > UINT16_MAX)
		max = UINT16_MAX;
	LLVMValueRef scope = reader_md_operand(var, 0), name = reader_md_operand(var, 1);
	LLVMValueRef file = reader_md_operand(var, 2), type = reader_md_operand(var, 3);
	unsigned len = 0;
	const char *nm = "";
	if (scope == NULL || LLVMIsAMDNode(scope) == NULL
	    || LLVMGetMetadataKind(LLVMValueAsMetadata(scope)) != LLVMDISubprogramMetadataKind
	    || (file != NULL && (LLVMIsAMDNode(file) == NULL
				 || LLVMGetMetadataKind(LLVMValueAsMetadata(file)) != LLVMDIFileMetadataKind))
	    || (type != NULL && LLVMIsAMDNode(type) == NULL)
	    || (name != NULL && (nm = LLVMGetMDString(name, &len)) == NULL))
		return arg_by_printing(var);
	LLVMMetadataRef sc = LLVMValueAsMetadata(scope);
	LLVMMetadataRef fl = file ? LLVMValueAsMetadata(file) : NULL;
	LLVMMetadataRef ty = type ? LLVMValueAsMetadata(type) : NULL;
	unsigned line = LLVMDIVariableGetLine(md);
	static const LLVMDIFlags flags[] = {
		LLVMDIFlagZero, LLVMDIFlagArtificial, LLVMDIFlagObjectPointer,
		LLVMDIFlagArtificial | LLVMDIFlagObjectPointer,
	};
	for (unsigned k = 0; k <= max + 1; k++) {
		unsigned arg = k == 0 ? first : k - 1;
		if (k > 0 && arg == first)
			continue;
		for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
			if (var_like(lc, sc, nm, len, fl, line, ty, arg, flags[i]) == md)
				return arg;
	}
	return arg_by_printing(var);
}

/* Names from the IR itself (%p in hand-written or name-keeping IR). */
static void params_from_ir_names(LLVMValueRef fn, struct func *out)
{
	for (uint32_t i = 0; i < out->nparams; i++) {
		size_t len = 0;
		const char *nm = LLVMGetValueName2(LLVMGetParam(fn, i), &len);
		if (out->params[i].name == NULL && nm && len > 0)
			out->params[i].name = xstrndup(nm, len);
	}
}

/* The parameters still without a name are named by position, arg0, arg1,
** ... (a name another parameter has is skipped: argN_). */
static void params_by_position(struct func *out)
{
	for (uint32_t i = 0; i < out->nparams; i++) {
		if (out->params[i].name != NULL)
			continue;
		char name[32];
		snprintf(name, sizeof name, "arg%u", i);
		for (int taken = 1; taken;) {
			taken = 0;
			for (uint32_t j = 0; j < out->nparams; j++)
				if (out->params[j].name && strcmp(out->params[j].name, name) == 0)
					taken = 1;
			if (taken)
				strncat(name, "_", sizeof name - strlen(name) - 1);
		}
		out->params[i].name = xstrdup(name);
		out->params[i].positional = 1;
	}
}

/* The DILocalVariables (as values) of FN's parameters: OWN[i] the one of
** FN's own scope with argument number i + 1, from a dbg.value or
** dbg.declare of the argument, else from the subprogram's retained
** variables (optimised code can drop the call); ANY[i] the first variable
** a dbg call ties to the argument, whatever its scope (after inlining, a
** callee's parameter can be all there is).  NULL where none. */
static void param_vars(struct lctx *lc, LLVMValueRef fn, uint32_t np, LLVMValueRef *own, LLVMValueRef *any)
{
	LLVMMetadataRef sp = LLVMGetSubprogram(fn);
	if (sp != NULL && LLVMGetMetadataKind(sp) != LLVMDISubprogramMetadataKind)
		sp = NULL;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			if (LLVMGetInstructionOpcode(I) != LLVMCall)
				continue;
			LLVMValueRef callee = LLVMGetCalledValue(I);
			size_t len = 0;
			const char *nm = callee ? LLVMGetValueName2(callee, &len) : "";
			if (strcmp(nm, "llvm.dbg.value") != 0 && strcmp(nm, "llvm.dbg.declare") != 0)
				continue;
			LLVMValueRef loc = LLVMGetOperand(I, 0), var = LLVMGetOperand(I, 1);
			/* a DIArgList (dbg.value of an expression over several values)
			** is neither an MDNode nor a value: asking it for operands
			** reads out of bounds */
			if (LLVMIsAMDNode(loc) == NULL || LLVMGetMDNodeNumOperands(loc) != 1
			    || LLVMIsAMDNode(var) == NULL
			    || LLVMGetMetadataKind(LLVMValueAsMetadata(var)) != LLVMDILocalVariableMetadataKind)
				continue;
			LLVMValueRef v = NULL;
			LLVMGetMDNodeOperands(loc, &v);
			if (v == NULL || !LLVMIsAArgument(v))
				continue;
			for (uint32_t i = 0; i < np; i++) {
				if (LLVMGetParam(fn, i) != v)
					continue;
				if (any[i] == NULL)
					any[i] = var;
				if (own[i] == NULL && sp != NULL && LLVMDIVariableGetScope(LLVMValueAsMetadata(var)) == sp
				    && di_arg_number(lc, var, i + 1, np) == i + 1)
					own[i] = var;
			}
		}
	}
	/* DISubprogram operands: file, scope, name, linkage name, type,
	** unit, declaration, retained nodes, ... */
	LLVMValueRef nodes = sp ? reader_md_operand(LLVMMetadataAsValue(lc->ctx, sp), 7) : NULL;
	if (nodes == NULL || LLVMIsAMDNode(nodes) == NULL)
		return;
	unsigned n = LLVMGetMDNodeNumOperands(nodes);
	LLVMValueRef *ops = xcalloc(n ? n : 1, sizeof *ops);
	LLVMGetMDNodeOperands(nodes, ops);
	for (unsigned k = 0; k < n; k++) {
		if (ops[k] == NULL || LLVMIsAMDNode(ops[k]) == NULL
		    || LLVMGetMetadataKind(LLVMValueAsMetadata(ops[k])) != LLVMDILocalVariableMetadataKind)
			continue;
		unsigned arg = di_arg_number(lc, ops[k], 0, np);
		if (arg >= 1 && arg <= np && own[arg - 1] == NULL)
			own[arg - 1] = ops[k];
	}
	free(ops);
}

/* Source names (and, for pointers, pointee types) of the parameters, from
** their variables (param_vars), else from the IR; the rest by position. */
static void param_names(LLVMValueRef fn, struct func *out, LLVMValueRef *own, LLVMValueRef *any)
{
	for (uint32_t i = 0; i < out->nparams; i++) {
		struct param *pa = &out->params[i];
		for (int k = 0; k < 2 && pa->name == NULL; k++) {
			LLVMValueRef var = k == 0 ? own[i] : any[i];
			const char *name = var ? md_string_operand(var, 1) : NULL;
			if (name == NULL || *name == '\0')
				continue;
			pa->name = xstrdup(name);
			if (pa->is_ptr && pa->elem == ET_NONE)
				pa->elem = lower_pointee_elem(reader_md_operand(var, 3));
		}
	}
	params_from_ir_names(fn, out);
	params_by_position(out);
}

/* The element type of the first load or store through pointer V (through
** GEPs and casts), for buffers without debug info. */
static uint8_t access_elem(LLVMValueRef v, int depth)
{
	if (depth > 6)
		return ET_NONE;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsAInstruction(user))
			continue;
		LLVMOpcode op = LLVMGetInstructionOpcode(user);
		if (op == LLVMLoad)
			return elem_of_type(LLVMTypeOf(user));
		if (op == LLVMStore && LLVMGetOperand(user, 1) == v)
			return elem_of_type(LLVMTypeOf(LLVMGetOperand(user, 0)));
		if (op == LLVMAtomicRMW)
			return elem_of_type(LLVMTypeOf(LLVMGetOperand(user, 1)));
	}
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsAInstruction(user))
			continue;
		LLVMOpcode op = LLVMGetInstructionOpcode(user);
		if (op == LLVMGetElementPtr || op == LLVMAddrSpaceCast || op == LLVMBitCast) {
			uint8_t e = access_elem(user, depth + 1);
			if (e != ET_NONE)
				return e;
		}
	}
	return ET_NONE;
}

/* The flattened fields of aggregate T into PA, and what VAR says of them;
** -1 when T does not flatten. */
static int param_fields(struct lctx *lc, struct param *pa, LLVMTypeRef t, LLVMValueRef var)
{
	LLVMTypeRef types[MAX_FLAT];
	uint64_t offs[MAX_FLAT];
	int k = flatten(lc, t, types, offs, 0, MAX_FLAT, 0);
	if (k < 0)
		return -1;
	pa->nfields = (uint32_t)k;
	pa->field_off = xcalloc((size_t)k + 1, sizeof *pa->field_off);
	pa->field_type = xcalloc((size_t)k + 1, sizeof *pa->field_type);
	for (int j = 0; j < k; j++) {
		pa->field_off[j] = (uint32_t)offs[j];
		pa->field_type[j] = elem_of_type(types[j]);
	}
	lower_param_di(lc, pa, var, t, types);
	return 0;
}

/* 1 when the memory of by-value parameter V may be written through one of
** its uses: anything but a load from it, a GEP or cast of it, or a copy out
** of it (clang's -O0 stores straight into a kernel's byval struct). */
static int byval_written(LLVMValueRef v, int depth)
{
	if (depth > 8)
		return 1;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsAInstruction(user))
			return 1;
		LLVMOpcode op = LLVMGetInstructionOpcode(user);
		if (op == LLVMLoad)
			continue;
		if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast) {
			if (LLVMGetOperand(user, 0) != v || byval_written(user, depth + 1))
				return 1;
			continue;
		}
		if (op == LLVMCall) {
			LLVMValueRef callee = LLVMGetCalledValue(user);
			size_t len = 0;
			const char *nm = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
			if ((strncmp(nm, "llvm.memcpy.", 12) == 0 || strncmp(nm, "llvm.memmove.", 13) == 0)
			    && LLVMGetOperand(user, 0) != v)
				continue;
			if (strncmp(nm, "llvm.dbg.", 9) == 0 || strncmp(nm, "llvm.lifetime.", 14) == 0)
				continue;
		}
		return 1;
	}
	return 0;
}

/* 1 when memory reached through pointer V may be written by the code it
** flows into (struct param's may_write): a store through it, an atomic,
** the destination of a memcpy, memmove or memset, a call or inline asm
** the analysis does not follow, a store of the pointer itself anywhere but
** into a local slot whose loads are followed in turn (-O0 spills every
** parameter), a conversion to an integer.  Loads, address arithmetic, phis,
** selects, comparisons and calls of functions defined in the module (into
** the callee's parameter) are followed.  BUDGET bounds the uses visited. */
static int ptr_may_write(LLVMValueRef v, int depth, int *budget)
{
	if (depth > 16 || --*budget < 0)
		return 1;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsAInstruction(user))
			return 1;
		switch (LLVMGetInstructionOpcode(user)) {
		case LLVMLoad: case LLVMICmp:
			continue;
		case LLVMGetElementPtr: case LLVMBitCast: case LLVMAddrSpaceCast:
		case LLVMPHI: case LLVMSelect:
			if (ptr_may_write(user, depth + 1, budget))
				return 1;
			continue;
		case LLVMStore: {
			LLVMValueRef slot = LLVMGetOperand(user, 1);
			if (LLVMGetOperand(user, 0) != v || slot == v || LLVMIsAAllocaInst(slot) == NULL)
				return 1;
			/* spilled to a local: what its loads give is followed */
			for (LLVMUseRef w = LLVMGetFirstUse(slot); w; w = LLVMGetNextUse(w)) {
				LLVMValueRef su = LLVMGetUser(w);
				if (!LLVMIsAInstruction(su))
					return 1;
				LLVMOpcode so = LLVMGetInstructionOpcode(su);
				if (so == LLVMStore && LLVMGetOperand(su, 1) == slot && LLVMGetOperand(su, 0) != slot)
					continue;
				if (so == LLVMCall && LLVMGetCalledValue(su)
				    && LLVMIsAFunction(LLVMGetCalledValue(su))) {
					size_t len = 0;
					const char *nm = LLVMGetValueName2(LLVMGetCalledValue(su), &len);
					if (strncmp(nm, "llvm.dbg.", 9) == 0 || strncmp(nm, "llvm.lifetime.", 14) == 0)
						continue;
				}
				if (so != LLVMLoad || ptr_may_write(su, depth + 1, budget))
					return 1;
			}
			continue;
		}
		case LLVMCall: {
			LLVMValueRef callee = LLVMGetCalledValue(user);
			if (callee == NULL || LLVMIsAFunction(callee) == NULL)
				return 1;
			size_t len = 0;
			const char *nm = LLVMGetValueName2(callee, &len);
			unsigned nargs = (unsigned)LLVMGetNumArgOperands(user);
			if (strncmp(nm, "llvm.dbg.", 9) == 0 || strncmp(nm, "llvm.lifetime.", 14) == 0
			    || strncmp(nm, "llvm.prefetch", 13) == 0 || strncmp(nm, "llvm.nvvm.ldg.", 14) == 0
			    || strncmp(nm, "llvm.nvvm.ldu.", 14) == 0)
				continue;
			if ((strncmp(nm, "llvm.memcpy.", 12) == 0 || strncmp(nm, "llvm.memmove.", 13) == 0)
			    && nargs >= 2 && LLVMGetOperand(user, 0) != v)
				continue;
			if (LLVMIsDeclaration(callee) || LLVMIsFunctionVarArg(LLVMGlobalGetValueType(callee))
			    || LLVMCountParams(callee) != nargs)
				return 1;
			for (unsigned i = 0; i < nargs; i++)
				if (LLVMGetOperand(user, i) == v
				    && ptr_may_write(LLVMGetParam(callee, i), depth + 1, budget))
					return 1;
			continue;
		}
		default:
			return 1;
		}
	}
	return 0;
}

/* The kernel's own copy of each by-value parameter its code may write: a
** per-thread allocation named after the parameter, filled from the
** parameter's memory at entry, which the parameter's uses then reach.  A
** byval argument is the callee's own object (LLVM's byval; in CUDA, a
** kernel's parameters are copied to local memory when written), so the
** launch's read-only param memory stays as the launch set it. */
static int byval_copies(struct lctx *lc, LLVMValueRef fn, const struct func *f)
{
	unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
	for (uint32_t i = 0; i < f->nparams; i++) {
		LLVMValueRef arg = LLVMGetParam(fn, i);
		LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(fn, i + 1, byval_kind);
		if (!f->params[i].byval || bv == NULL || !byval_written(arg, 0))
			continue;
		LLVMTypeRef st = LLVMGetTypeAttributeValue(bv);
		struct program *p = lc->p;
		struct localvar v = { 0 };
		v.name = lower_str(lc, f->params[i].name ? f->params[i].name : "param");
		array_shape(lc, st, v.dims, &v.ndims, &v.elem, &v.elem_size);
		VEC_PUSH(p->locals, p->nlocals, lc->caplocals, v);
		uint32_t c = lower_temp(lc, 1), one = lower_const(lc, 1), n = lower_const(lc, f->params[i].size);
		if (one == OPND_NONE || n == OPND_NONE)
			return -1;
		lower_emit(lc, OP_ALLOCA, 64, 0, c, one, 0, 0, p->nlocals - 1, (int64_t)f->params[i].size);
		uint32_t site = lower_site(lc, SITE_MEMCPY, AS_LOCAL, 1);
		lower_emit(lc, OP_MEMCPY, 0, 0, 0, c, f->param_slot[i], n, site, 0);
		ptrmap_put(&lc->f->vals, arg, c);
	}
	return 0;
}

/* The device functions a kernel's pointer-to-function parameter PA (its
** variable VAR) may be given: every function defined in the module,
** not a kernel, whose debug-info type is the one the parameter points to
** (DISubroutineType nodes are uniqued, so one type is one node).  They
** are lowered with the kernel. */
static void fn_candidates(struct lctx *lc, struct param *pa, LLVMValueRef var)
{
	LLVMValueRef want = lower_fnptr_type(var);
	if (want == NULL)
		return;
	uint32_t cap = 0, capn = 0;
	for (LLVMValueRef g = LLVMGetFirstFunction(lc->mod); g; g = LLVMGetNextFunction(g)) {
		LLVMMetadataRef sp = LLVMIsDeclaration(g) ? NULL : LLVMGetSubprogram(g);
		int kernel = 0;
		for (uint32_t k = 0; k < lc->nkfns; k++)
			kernel |= lc->kfns[k] == g;
		if (sp == NULL || kernel)
			continue;
		LLVMValueRef t = reader_md_operand(LLVMMetadataAsValue(lc->ctx, sp), 4);
		if (t == NULL || LLVMValueAsMetadata(t) != LLVMValueAsMetadata(want))
			continue;
		uint32_t idx = (uint32_t)lower_func_index(lc, g), n = pa->nfns;
		const char *dm = lc->p->funcs[idx].demangled;
		VEC_PUSH(pa->fn_names, n, capn, arena_strdup(lc->p->strings, dm, strcspn(dm, "(")));
		VEC_PUSH(pa->fns, pa->nfns, cap, idx);
	}
}

static int setup_params(struct lctx *lc, LLVMValueRef fn, struct func *out)
{
	unsigned np = LLVMCountParams(fn);
	out->nparams = np;
	out->params = xcalloc(np ? np : 1, sizeof *out->params);
	out->param_slot = xcalloc(np ? np : 1, sizeof *out->param_slot);
	LLVMValueRef *own = xcalloc(np ? np : 1, sizeof *own), *any = xcalloc(np ? np : 1, sizeof *any);
	param_vars(lc, fn, np, own, any);
	unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
	int r = 0;
	for (unsigned i = 0; i < np && r == 0; i++) {
		LLVMValueRef arg = LLVMGetParam(fn, i);
		LLVMTypeRef t = LLVMTypeOf(arg);
		struct param *pa = &out->params[i];
		uint32_t n = nflat(lc, t);
		if (n == 0 && LLVMGetTypeKind(t) != LLVMVoidTypeKind) {
			r = lower_unsupported(lc, "parameter type");
			break;
		}
		out->param_slot[i] = lower_temp(lc, n);
		ptrmap_put(&lc->f->vals, arg, out->param_slot[i]);
		pa->nslots = n;
		pa->is_ptr = tkind(t) == TK_PTR;
		pa->type = elem_of_type(t);
		pa->size = (uint32_t)LLVMStoreSizeOfType(lc->td, t);
		LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(fn, i + 1, byval_kind);
		if (bv != NULL) {
			LLVMTypeRef st = LLVMGetTypeAttributeValue(bv);
			pa->byval = 1;
			pa->is_ptr = 0;
			pa->size = (uint32_t)type_size(lc, st);
			if (param_fields(lc, pa, st, own[i]) < 0)
				r = lower_unsupported(lc, "by-value struct parameter");
		} else if (n > 1 || LLVMGetTypeKind(t) == LLVMStructTypeKind
			   || LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
			/* an aggregate in registers: flattened fields, no memory */
			if (param_fields(lc, pa, t, own[i]) < 0)
				r = lower_unsupported(lc, "aggregate parameter");
		} else {
			lower_param_di(lc, pa, own[i], t, NULL);
		}
	}
	if (r == 0 && lc->p->funcs[lc->f->fidx].is_kernel)
		for (unsigned i = 0; i < np; i++)
			if (out->params[i].is_ptr)
				fn_candidates(lc, &out->params[i], own[i]);
	if (r == 0) {
		param_names(fn, out, own, any);
		for (unsigned i = 0; i < np; i++)
			if (out->params[i].is_ptr && out->params[i].elem == ET_NONE)
				out->params[i].elem = access_elem(LLVMGetParam(fn, i), 0);
		for (unsigned i = 0; i < np; i++) {
			int budget = 4096;
			out->params[i].may_write = !out->params[i].is_ptr
						   || ptr_may_write(LLVMGetParam(fn, i), 0, &budget);
		}
	}
	free(own);
	free(any);
	return r;
}

/* ---- functions ----------------------------------------------------------- */

/* A new function index for FN (named, no code yet). */
static uint32_t new_func(struct lctx *lc, LLVMValueRef fn)
{
	struct program *p = lc->p;
	struct func f = { 0 };
	size_t len = 0;
	const char *name = LLVMGetValueName2(fn, &len);
	f.name = xstrndup(name, len);
	f.demangled = demangle_name(f.name);
	VEC_PUSH(p->funcs, p->nfuncs, lc->capfuncs, f);
	ptrmap_put(&lc->funcmap, fn, p->nfuncs - 1);
	return p->nfuncs - 1;
}

int lower_func_index(struct lctx *lc, LLVMValueRef fn)
{
	uint32_t *idx = ptrmap_get(&lc->funcmap, fn);
	if (idx && *idx != UINT32_MAX)
		return (int)*idx;
	uint32_t i = new_func(lc, fn);
	VEC_PUSH(lc->work, lc->nwork, lc->capwork, fn);
	return (int)i;
}

uint32_t lower_func_ref(struct lctx *lc, LLVMValueRef fn)
{
	uint32_t *idx = ptrmap_get(&lc->funcmap, fn);
	if (idx && *idx != UINT32_MAX)
		return *idx;
	if (!LLVMIsDeclaration(fn))
		return (uint32_t)lower_func_index(lc, fn);
	/* an external function: it has an index (and so an address) but no
	** code; a call through its address is reported when it happens */
	return new_func(lc, fn);
}

static int lower_function(struct lctx *lc, LLVMValueRef fn, uint32_t fidx)
{
	struct program *p = lc->p;
	struct fctx fc = { 0 };
	struct fctx *saved = lc->f;
	uint32_t *order = NULL;
	int r = -1;
	lc->f = &fc;
	fc.fn = fn;
	fc.fidx = fidx;
	fc.funcname = lower_str(lc, p->funcs[fidx].demangled);
	LLVMMetadataRef sp = LLVMGetSubprogram(fn);
	if (sp) {
		unsigned len = 0;
		const char *file = reader_scope_file(lc->ctx, sp, &len);
		if (file && len)
			fc.file = arena_strdup(p->strings, file, len);
		p->funcs[fidx].decl_line = LLVMDISubprogramGetLine(sp);
	}
	p->funcs[fidx].file = fc.file;
	fc.home = fc.file;
	p->funcs[fidx].is_header = fc.file && lower_is_system_header(fc.file);
	lower_linear_widths(fn, &p->funcs[fidx].lin_width, &p->funcs[fidx].lin_rows);

	struct func tmp = { 0 };
	if (setup_params(lc, fn, &tmp) < 0)
		goto out;
	fc.params = &tmp;

	fc.nblocks = LLVMCountBasicBlocks(fn);
	fc.blocks = xcalloc(fc.nblocks, sizeof *fc.blocks);
	LLVMGetBasicBlocks(fn, fc.blocks);
	for (uint32_t b = 0; b < fc.nblocks; b++)
		ptrmap_put(&fc.blockidx, fc.blocks[b], b);
	/* pass 1: slots */
	for (uint32_t b = 0; b < fc.nblocks; b++) {
		for (LLVMValueRef I = LLVMGetFirstInstruction(fc.blocks[b]); I; I = LLVMGetNextInstruction(I)) {
			LLVMTypeRef t = LLVMTypeOf(I);
			if (LLVMGetTypeKind(t) == LLVMVoidTypeKind)
				continue;
			uint32_t n = nflat(lc, t);
			if (n == 0) {
				set_loc(lc, I);
				if (LLVMGetTypeKind(t) == LLVMTokenTypeKind || LLVMGetTypeKind(t) == LLVMMetadataTypeKind)
					continue;
				lower_unsupported(lc, "value type");
				goto out;
			}
			ptrmap_put(&fc.vals, I, lower_temp(lc, n));
		}
	}
	/* pass 2: code, in layout order */
	order = xmalloc(fc.nblocks * sizeof *order);
	uint32_t norder = compute_layout(lc, order);
	fc.block_pc = xmalloc(fc.nblocks * sizeof *fc.block_pc);
	for (uint32_t b = 0; b < fc.nblocks; b++)
		fc.block_pc[b] = UINT32_MAX;
	for (uint32_t i = 0; i < norder; i++) {
		uint32_t b = order[i];
		LLVMBasicBlockRef bb = fc.blocks[b];
		/* trampolines of the two-way edges into b, just before it */
		if (block_has_phis(bb)) {
			LLVMValueRef first = LLVMGetFirstInstruction(bb);
			unsigned k = LLVMCountIncoming(first);
			for (unsigned j = 0; j < k; j++) {
				LLVMBasicBlockRef pb = LLVMGetIncomingBlock(first, j);
				uint32_t from = *ptrmap_get(&fc.blockidx, pb);
				LLVMValueRef term = LLVMGetBasicBlockTerminator(pb);
				if (LLVMGetNumSuccessors(term) < 2)
					continue;
				int dup = 0;
				for (uint32_t t = 0; t < fc.ntramp; t++)
					dup |= fc.tramp[t].from == from && fc.tramp[t].to == b;
				if (dup)
					continue;
				set_loc(lc, term);
				struct tramp tr = { from, b, fc.ncode };
				VEC_PUSH(fc.tramp, fc.ntramp, fc.captramp, tr);
				if (emit_phi_moves(lc, from, b) < 0)
					goto out;
				uint32_t pc = lower_emit(lc, OP_BR, 0, 0, 0, 0, 0, 0, 0, 0);
				add_fixup(lc, pc, FIX_IMM, UINT32_MAX, b);
			}
		}
		fc.block_pc[b] = fc.ncode;
		if (b == 0 && LLVMGetFirstInstruction(bb)) {
			set_loc(lc, LLVMGetFirstInstruction(bb));
			if (byval_copies(lc, fn, &tmp) < 0)
				goto out;
		}
		for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
			set_loc(lc, I);
			if (lower_inst(lc, I, b) < 0)
				goto out;
		}
	}
	/* branch targets */
	for (uint32_t i = 0; i < fc.nfix; i++) {
		struct fixup *fx = &fc.fix[i];
		uint32_t target = fc.block_pc[fx->to];
		if (fx->from != UINT32_MAX) {
			for (uint32_t t = 0; t < fc.ntramp; t++)
				if (fc.tramp[t].from == fx->from && fc.tramp[t].to == fx->to)
					target = fc.tramp[t].pc;
		}
		switch (fx->field) {
		case FIX_IMM: fc.code[fx->pc].imm = target; break;
		case FIX_X: fc.code[fx->pc].x = target; break;
		case FIX_C: fc.code[fx->pc].c = target; break;
		case FIX_TAB: p->switch_tab[fx->pc * 2 + 1] = target; break;
		}
	}
	struct func *out = &p->funcs[fidx];
	out->code = fc.code;
	out->ncode = fc.ncode;
	out->line = fc.line;
	out->nslots = fc.nslots;
	out->nparams = tmp.nparams;
	out->params = tmp.params;
	out->param_slot = tmp.param_slot;
	out->ret_slots = nflat(lc, LLVMGetReturnType(LLVMGlobalGetValueType(fn)));
	fc.code = NULL;
	fc.line = NULL;
	tmp.params = NULL;
	tmp.param_slot = NULL;
	r = 0;
out:
	if (tmp.params) {
		for (uint32_t i = 0; i < tmp.nparams; i++)
			prog_param_free(&tmp.params[i]);
		free(tmp.params);
	}
	free(tmp.param_slot);
	free(order);
	free(fc.blocks);
	free(fc.block_pc);
	free(fc.code);
	free(fc.line);
	free(fc.fix);
	free(fc.tramp);
	free(fc.idom);
	free(fc.npred);
	free(fc.chk);
	ptrmap_free(&fc.vals);
	ptrmap_free(&fc.blockidx);
	lc->f = saved;
	return r;
}

int lower_kernel(struct lctx *lc, LLVMValueRef fn, int *fidx)
{
	int k = lower_func_index(lc, fn);
	lc->p->funcs[k].is_kernel = 1;
	/* lower the kernel and every device function it reaches (and those
	** whose address a global initializer holds).  After a failure the
	** rest is still lowered, so that nothing queued is left behind for
	** another kernel; the first error is the one reported. */
	struct sim_error *err = lc->err, later = { 0 };
	int failed = 0;
	while (lc->nwork > 0) {
		LLVMValueRef f = lc->work[--lc->nwork];
		uint32_t idx = *ptrmap_get(&lc->funcmap, f);
		if (idx == UINT32_MAX || lc->p->funcs[idx].code != NULL)
			continue;
		if (lower_function(lc, f, idx) < 0) {
			/* forget the failed functions: a later kernel that calls
			** them lowers them again and fails with the same message */
			ptrmap_put(&lc->funcmap, f, UINT32_MAX);
			failed = 1;
			lc->err = &later;
		}
	}
	lc->err = err;
	if (failed) {
		ptrmap_put(&lc->funcmap, fn, UINT32_MAX);
		return -1;
	}
	*fidx = k;
	return 0;
}
