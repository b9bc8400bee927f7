/*
** lower_di.c: what a parameter's debug info type says beyond its name: the
** enumerators of an enum, the source path of each flattened field of a
** struct ("inner.x", "v[2]") and the enumerators of its enum fields.
**
** LLVM-C reads little of DI nodes, so most of this walks node operands by
** position (DIDerivedType: file, scope, name, base type, ...;
** DICompositeType: the same, then elements) and checks each node's kind
** before asking anything of it: a node that is not what its place says
** makes the answer "unknown", never a misread.  An enumerator's value has
** no accessor and no operand; it is read from the printed node.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_int.h"

/* DWARF tags of the nodes walked here. */
enum {
	TAG_ARRAY = 0x01, TAG_CLASS = 0x02, TAG_ENUM = 0x04, TAG_MEMBER = 0x0d,
	TAG_STRUCT = 0x13, TAG_TYPEDEF = 0x16, TAG_INHERIT = 0x1c, TAG_CONST = 0x26,
	TAG_POINTER = 0x0f, TAG_VOLATILE = 0x35, TAG_RESTRICT = 0x37, TAG_ATOMIC = 0x47,
};

#define MAX_DEPTH 16		/* nesting of structs and arrays, and typedef chains */
#define MAX_ENUMS 4096		/* more enumerators than this: unknown */
#define MAX_DIMS 8

/* The metadata kind of V, or -1 when V is no metadata node. */
static int md_kind(LLVMValueRef v)
{
	if (v == NULL || LLVMIsAMDNode(v) == NULL)
		return -1;
	return (int)LLVMGetMetadataKind(LLVMValueAsMetadata(v));
}

static int is_type(int k)
{
	return k == LLVMDIBasicTypeMetadataKind || k == LLVMDIDerivedTypeMetadataKind
	       || k == LLVMDICompositeTypeMetadataKind;
}

static unsigned tag_of(LLVMValueRef v)
{
	return LLVMGetDINodeTag(LLVMValueAsMetadata(v));
}

static uint64_t bits_of(LLVMValueRef v)
{
	return LLVMDITypeGetSizeInBits(LLVMValueAsMetadata(v));
}

/* V without its typedefs and qualifiers, whatever node ends the chain
** (a DI type, or a subroutine type); NULL past MAX_DEPTH. */
static LLVMValueRef strip_any(LLVMValueRef v)
{
	for (int depth = 0; depth < MAX_DEPTH; depth++) {
		if (md_kind(v) != LLVMDIDerivedTypeMetadataKind)
			return v;
		unsigned tag = tag_of(v);
		if (tag != TAG_TYPEDEF && tag != TAG_CONST && tag != TAG_VOLATILE
		    && tag != TAG_RESTRICT && tag != TAG_ATOMIC)
			return v;
		v = reader_md_operand(v, 3);
	}
	return NULL;
}

/* DI type V without its typedefs and qualifiers; NULL when V is no DI
** type or the chain does not end (every link of a chain is a derived
** type, so only its end needs checking). */
static LLVMValueRef strip(LLVMValueRef v)
{
	v = strip_any(v);
	return v != NULL && is_type(md_kind(v)) ? v : NULL;
}

/* The operands of tuple V (an elements or subranges list) into *OPS
** (xmalloc'd, free it); their number, or -1 when V is no tuple. */
static int tuple_ops(LLVMValueRef v, LLVMValueRef **ops)
{
	*ops = NULL;
	if (md_kind(v) != LLVMMDTupleMetadataKind)
		return -1;
	unsigned n = LLVMGetMDNodeNumOperands(v);
	*ops = xcalloc(n ? n : 1, sizeof **ops);
	LLVMGetMDNodeOperands(v, *ops);
	return (int)n;
}

/* The value of DIEnumerator E, from "..., value: -5" or "value: 255,
** isUnsigned: true" in its printed form; 0, or -1 when unreadable or
** beyond 64 bits. */
static int enumerator_value(LLVMValueRef e, int64_t *out)
{
	/* printing shows the name inline: in a corrupt module its operand may
	** be no string at all, and LLVM's printer reads it as one */
	LLVMValueRef name = reader_md_operand(e, 0);
	unsigned len = 0;
	if (name != NULL && LLVMGetMDString(name, &len) == NULL)
		return -1;
	char *txt = LLVMPrintValueToString(e);
	const char *v = txt ? strstr(txt, ", value: ") : NULL;
	int r = -1;
	if (v != NULL) {
		v += 9;
		char *end = NULL;
		errno = 0;
		if (*v == '-') {
			long long s = strtoll(v, &end, 10);
			*out = (int64_t)s;
		} else {
			unsigned long long u = strtoull(v, &end, 10);
			*out = (int64_t)u;
		}
		if (errno == 0 && end != v && (*end == ',' || *end == ')'))
			r = 0;
	}
	LLVMDisposeMessage(txt);
	return r;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* The enumerators of T (stripped) when T is an enumeration type BITS wide:
** their values, sorted and distinct, into *VALS (xmalloc'd) and their
** number returned; 0 and *VALS NULL when T is no such enum, has none, or
** any of them is unreadable or does not fit BITS bits. */
static uint32_t enum_values(LLVMValueRef t, uint64_t bits, int64_t **vals)
{
	*vals = NULL;
	if (md_kind(t) != LLVMDICompositeTypeMetadataKind || tag_of(t) != TAG_ENUM
	    || bits == 0 || bits > 64 || bits_of(t) != bits)
		return 0;
	LLVMValueRef *ops;
	int n = tuple_ops(reader_md_operand(t, 4), &ops);
	if (n <= 0 || n > MAX_ENUMS) {
		free(ops);
		return 0;
	}
	int64_t *v = xmalloc((size_t)n * sizeof *v);
	int64_t lo = bits == 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1));
	int64_t hi = bits == 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << bits) - 1);
	for (int i = 0; i < n; i++) {
		/* an unsigned 64-bit value past INT64_MAX reads as negative:
		** the same bits, which is what a launch passes */
		if (md_kind(ops[i]) != LLVMDIEnumeratorMetadataKind || enumerator_value(ops[i], &v[i]) < 0
		    || v[i] < lo || v[i] > hi) {
			free(ops);
			free(v);
			return 0;
		}
	}
	free(ops);
	qsort(v, (size_t)n, sizeof *v, cmp_i64);
	uint32_t k = 0;
	for (int i = 0; i < n; i++)
		if (k == 0 || v[k - 1] != v[i])
			v[k++] = v[i];
	*vals = v;
	return k;
}

/* Appends S (SLEN bytes) to PATH (N bytes, its length at *LEN); -1 when
** it does not fit. */
static int append(char *path, size_t n, size_t *len, const char *s, size_t slen)
{
	if (slen >= n - *len)
		return -1;
	memcpy(path + *len, s, slen);
	*len += slen;
	path[*len] = '\0';
	return 0;
}

static int field_path(LLVMValueRef t, uint64_t off, uint64_t bits, char *path, size_t n, size_t len,
		      int depth, LLVMValueRef *leaf);

/* The one member of struct T (stripped) whose bits cover bit OFF; NULL when
** none does, or several (a union in disguise), or it is a bit-field. */
static LLVMValueRef member_at(LLVMValueRef t, uint64_t off, uint64_t *moff)
{
	LLVMValueRef *ops, found = NULL;
	int n = tuple_ops(reader_md_operand(t, 4), &ops);
	for (int i = 0; i < n; i++) {
		if (md_kind(ops[i]) != LLVMDIDerivedTypeMetadataKind)
			continue;
		LLVMMetadataRef m = LLVMValueAsMetadata(ops[i]);
		unsigned tag = LLVMGetDINodeTag(m);
		if ((tag != TAG_MEMBER && tag != TAG_INHERIT) || (LLVMDITypeGetFlags(m) & LLVMDIFlagStaticMember))
			continue;
		uint64_t o = LLVMDITypeGetOffsetInBits(m), s = LLVMDITypeGetSizeInBits(m);
		if (s == 0) {
			LLVMValueRef b = strip(reader_md_operand(ops[i], 3));
			s = b ? bits_of(b) : 0;
		}
		if (off < o || off - o >= s)
			continue;
		if (found != NULL || (LLVMDITypeGetFlags(m) & LLVMDIFlagBitField)) {
			found = NULL;
			break;
		}
		found = ops[i];
		*moff = o;
	}
	free(ops);
	return found;
}

/* The path into array T (stripped) of the scalar at bit OFF, BITS wide:
** "[i]" per dimension, outermost first, then the element's own path. */
static int array_path(LLVMValueRef t, uint64_t off, uint64_t bits, char *path, size_t n, size_t len,
		      int depth, LLVMValueRef *leaf)
{
	LLVMValueRef elem = reader_md_operand(t, 3), se = strip(elem);
	uint64_t es = se ? bits_of(se) : 0;
	LLVMValueRef *ops;
	int nd = tuple_ops(reader_md_operand(t, 4), &ops);
	uint64_t count[MAX_DIMS], total = 1;
	int ok = es > 0 && nd >= 1 && nd <= MAX_DIMS;
	for (int d = 0; ok && d < nd; d++) {
		LLVMValueRef c = md_kind(ops[d]) == LLVMDISubrangeMetadataKind ? reader_md_operand(ops[d], 0) : NULL;
		if (c != NULL && LLVMIsAConstantInt(c) && LLVMConstIntGetSExtValue(c) > 0)
			count[d] = (uint64_t)LLVMConstIntGetSExtValue(c);
		else if (nd == 1 && bits_of(t) / es > 0)
			count[d] = bits_of(t) / es;	/* no count operand: from the sizes */
		else
			ok = 0;
		if (ok && count[d] > UINT32_MAX)
			ok = 0;
		total *= ok ? count[d] : 1;
	}
	free(ops);
	if (!ok || off / es >= total)
		return -1;
	uint64_t idx = off / es, sub[MAX_DIMS];
	for (int d = nd - 1; d >= 0; d--) {
		sub[d] = idx % count[d];
		idx /= count[d];
	}
	for (int d = 0; d < nd; d++) {
		char ix[32];
		int k = snprintf(ix, sizeof ix, "[%llu]", (unsigned long long)sub[d]);
		if (append(path, n, &len, ix, (size_t)k) < 0)
			return -1;
	}
	return field_path(elem, off % es, bits, path, n, len, depth + 1, leaf);
}

/* The source path (appended to PATH, N bytes, LEN used) of the scalar at
** bit offset OFF, BITS wide, inside DI type T, and its type into *LEAF.
** 0, or -1 when unknown: no member there, overlapping members, a union, a
** bit-field, a size that disagrees, or nesting past MAX_DEPTH. */
static int field_path(LLVMValueRef t, uint64_t off, uint64_t bits, char *path, size_t n, size_t len,
		      int depth, LLVMValueRef *leaf)
{
	t = strip(t);
	if (t == NULL || depth > MAX_DEPTH)
		return -1;
	unsigned tag = tag_of(t);
	if (md_kind(t) == LLVMDICompositeTypeMetadataKind && (tag == TAG_STRUCT || tag == TAG_CLASS)) {
		uint64_t moff = 0;
		LLVMValueRef m = member_at(t, off, &moff);
		if (m == NULL)
			return -1;
		/* a base class's fields, and an anonymous struct's, read
		** unqualified, as in the source */
		size_t nlen = 0;
		const char *name = tag_of(m) == TAG_MEMBER ? LLVMDITypeGetName(LLVMValueAsMetadata(m), &nlen) : NULL;
		if (name != NULL && nlen > 0
		    && ((len > 0 && append(path, n, &len, ".", 1) < 0) || append(path, n, &len, name, nlen) < 0))
			return -1;
		LLVMValueRef mt = reader_md_operand(m, 3);
		if ((name == NULL || nlen == 0) && md_kind(strip(mt)) != LLVMDICompositeTypeMetadataKind)
			return -1;
		return field_path(mt, off - moff, bits, path, n, len, depth + 1, leaf);
	}
	if (md_kind(t) == LLVMDICompositeTypeMetadataKind && tag == TAG_ARRAY)
		return array_path(t, off, bits, path, n, len, depth, leaf);
	if (md_kind(t) == LLVMDICompositeTypeMetadataKind && tag != TAG_ENUM)
		return -1;	/* a union, or something stranger */
	if (off != 0 || bits_of(t) != bits || len == 0)
		return -1;
	*leaf = t;
	return 0;
}

/* The paths and enumerators of PA's flattened fields, whose LLVM types
** are FTYPES, from struct type T. */
static void struct_fields(struct lctx *lc, struct param *pa, LLVMValueRef t, LLVMTypeRef const *ftypes)
{
	t = strip(t);
	if (t == NULL || md_kind(t) != LLVMDICompositeTypeMetadataKind
	    || (tag_of(t) != TAG_STRUCT && tag_of(t) != TAG_CLASS) || bits_of(t) != (uint64_t)pa->size * 8)
		return;
	pa->field_name = xcalloc(pa->nfields ? pa->nfields : 1, sizeof *pa->field_name);
	for (uint32_t j = 0; j < pa->nfields; j++) {
		char path[256] = "";
		LLVMValueRef leaf = NULL;
		uint64_t bits = LLVMStoreSizeOfType(lc->td, ftypes[j]) * 8;
		if (field_path(t, (uint64_t)pa->field_off[j] * 8, bits, path, sizeof path, 0, 0, &leaf) < 0)
			continue;
		pa->field_name[j] = xstrdup(path);
		if (LLVMGetTypeKind(ftypes[j]) == LLVMPointerTypeKind) {
			if (pa->field_elem == NULL)
				pa->field_elem = xcalloc(pa->nfields, sizeof *pa->field_elem);
			pa->field_elem[j] = lower_pointee_elem(leaf);
		}
		int64_t *v = NULL;
		uint32_t k = LLVMGetTypeKind(ftypes[j]) == LLVMIntegerTypeKind ? enum_values(leaf, bits, &v) : 0;
		if (k == 0)
			continue;
		if (pa->field_enums == NULL) {
			pa->field_enums = xcalloc(pa->nfields, sizeof *pa->field_enums);
			pa->field_nenums = xcalloc(pa->nfields, sizeof *pa->field_nenums);
		}
		pa->field_enums[j] = v;
		pa->field_nenums[j] = k;
	}
}

/* TEXOBJ_TEX or TEXOBJ_SURF when DI type V is, through its typedefs and
** qualifiers, cudaTextureObject_t or cudaSurfaceObject_t (the CUDA headers'
** and our prelude's typedefs of a 64-bit integer); TEXOBJ_NONE else. */
static uint8_t texobj_of(LLVMValueRef v)
{
	for (int depth = 0; depth < MAX_DEPTH; depth++) {
		if (md_kind(v) != LLVMDIDerivedTypeMetadataKind)
			return TEXOBJ_NONE;
		unsigned tag = tag_of(v);
		if (tag == TAG_TYPEDEF) {
			size_t n = 0;
			const char *nm = LLVMDITypeGetName(LLVMValueAsMetadata(v), &n);
			if (nm && n == 19 && !memcmp(nm, "cudaTextureObject_t", 19))
				return TEXOBJ_TEX;
			if (nm && n == 19 && !memcmp(nm, "cudaSurfaceObject_t", 19))
				return TEXOBJ_SURF;
		} else if (tag != TAG_CONST && tag != TAG_VOLATILE) {
			return TEXOBJ_NONE;
		}
		v = reader_md_operand(v, 3);
	}
	return TEXOBJ_NONE;
}

#define MAX_INNER 16		/* pointers in one pointee element followed */

/* Records in PA pointer INNER of its pointee, at byte OFF, named SUFFIX. */
static void add_inner(struct param *pa, LLVMValueRef inner, uint32_t off, const char *suffix, size_t n)
{
	if (pa->ninner == 0) {
		pa->inner_off = xcalloc(MAX_INNER, sizeof *pa->inner_off);
		pa->inner_elem = xcalloc(MAX_INNER, sizeof *pa->inner_elem);
		pa->inner_name = xcalloc(MAX_INNER, sizeof *pa->inner_name);
	}
	pa->inner_off[pa->ninner] = off;
	pa->inner_elem[pa->ninner] = lower_pointee_elem(reader_md_operand(inner, 3));
	pa->inner_name[pa->ninner] = xstrndup(suffix, n);
	pa->ninner++;
}

/* The pointers inside what pointer parameter PA (DI type TY) points to:
** the pointee itself when it is a pointer (float **), else the members of
** a pointee struct that are pointers (its top level only). */
static void inner_pointers(struct param *pa, LLVMValueRef ty)
{
	LLVMValueRef t = strip(ty);
	if (t == NULL || md_kind(t) != LLVMDIDerivedTypeMetadataKind || tag_of(t) != TAG_POINTER)
		return;
	LLVMValueRef e = strip(reader_md_operand(t, 3));
	if (e == NULL)
		return;
	if (md_kind(e) == LLVMDIDerivedTypeMetadataKind && tag_of(e) == TAG_POINTER && bits_of(e) == 64) {
		pa->inner_stride = 8;
		add_inner(pa, e, 0, "*", 1);
		pa->elem = ET_U64;
		return;
	}
	if (md_kind(e) != LLVMDICompositeTypeMetadataKind || (tag_of(e) != TAG_STRUCT && tag_of(e) != TAG_CLASS)
	    || bits_of(e) == 0 || bits_of(e) % 8 || bits_of(e) / 8 > UINT32_MAX)
		return;
	LLVMValueRef *ops;
	int n = tuple_ops(reader_md_operand(e, 4), &ops);
	for (int i = 0; i < n && pa->ninner < MAX_INNER; i++) {
		if (md_kind(ops[i]) != LLVMDIDerivedTypeMetadataKind || tag_of(ops[i]) != TAG_MEMBER)
			continue;
		LLVMMetadataRef m = LLVMValueAsMetadata(ops[i]);
		LLVMValueRef mt = strip(reader_md_operand(ops[i], 3));
		uint64_t off = LLVMDITypeGetOffsetInBits(m);
		if ((LLVMDITypeGetFlags(m) & (LLVMDIFlagStaticMember | LLVMDIFlagBitField)) || mt == NULL
		    || md_kind(mt) != LLVMDIDerivedTypeMetadataKind || tag_of(mt) != TAG_POINTER
		    || bits_of(mt) != 64 || off % 64 || off + 64 > bits_of(e))
			continue;
		size_t len = 0;
		const char *name = LLVMDITypeGetName(m, &len);
		char suffix[160];
		int k = snprintf(suffix, sizeof suffix, "->%.*s", (int)(len < 128 ? len : 128), name ? name : "");
		add_inner(pa, mt, (uint32_t)(off / 8), suffix, (size_t)k);
	}
	free(ops);
	if (pa->ninner)
		pa->inner_stride = (uint32_t)(bits_of(e) / 8);
}

void lower_param_di(struct lctx *lc, struct param *pa, LLVMValueRef var, LLVMTypeRef t,
		    LLVMTypeRef const *ftypes)
{
	if (md_kind(var) != LLVMDILocalVariableMetadataKind)
		return;
	LLVMValueRef ty = reader_md_operand(var, 3);
	if (pa->nfields > 0 && ftypes != NULL)
		struct_fields(lc, pa, ty, ftypes);
	else if (pa->is_ptr)
		inner_pointers(pa, ty);
	else if (!pa->is_ptr && !pa->byval && LLVMGetTypeKind(t) == LLVMIntegerTypeKind) {
		pa->nenums = enum_values(strip(ty), (uint64_t)pa->size * 8, &pa->enums);
		if (pa->size == 8)
			pa->texobj = texobj_of(ty);
	}
}


LLVMValueRef lower_fnptr_type(LLVMValueRef var)
{
	if (md_kind(var) != LLVMDILocalVariableMetadataKind)
		return NULL;
	LLVMValueRef t = strip_any(reader_md_operand(var, 3));
	if (md_kind(t) != LLVMDIDerivedTypeMetadataKind || tag_of(t) != TAG_POINTER)
		return NULL;
	LLVMValueRef fn = strip_any(reader_md_operand(t, 3));
	return md_kind(fn) == LLVMDISubroutineTypeMetadataKind ? fn : NULL;
}

/* ---- texture references ------------------------------------------------------ */

/* The element type and channels of texel type T as a texture<T, ...>'s
** debug-info name spells it ("float", "uchar4", "unsigned int"); 0 when
** it is none of the CUDA texel types. */
static int texel_of(const char *t, size_t n, uint8_t *fmt, uint8_t *nch)
{
	static const struct {
		const char *name;
		uint8_t fmt;
	} base[] = {
		{ "float", ET_F32 }, { "int", ET_I32 }, { "signed int", ET_I32 }, { "uint", ET_U32 },
		{ "unsigned int", ET_U32 }, { "short", ET_I16 }, { "ushort", ET_U16 },
		{ "unsigned short", ET_U16 }, { "char", ET_I8 }, { "signed char", ET_I8 },
		{ "uchar", ET_U8 }, { "unsigned char", ET_U8 },
	};
	for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
		size_t l = strlen(base[i].name);
		if (n < l || memcmp(t, base[i].name, l) != 0)
			continue;
		if (n == l) {
			*fmt = base[i].fmt;
			*nch = 1;
			return 1;
		}
		/* a vector type: float2, uchar4 (not "unsigned int4") */
		if (n == l + 1 && strchr(base[i].name, ' ') == NULL
		    && (t[l] == '1' || t[l] == '2' || t[l] == '4')) {
			*fmt = base[i].fmt;
			*nch = (uint8_t)(t[l] - '0');
			return 1;
		}
	}
	return 0;
}

/* The default descriptor of a reference whose DI type is named NAME
** ("texture<uchar4, 1, (cudaTextureReadMode)1>"); f32, 1-D where the
** name says less. */
static void texref_desc(const char *name, size_t n, struct tex_desc *t)
{
	uint8_t fmt = ET_F32, nch = 1;
	unsigned dims = 1;
	int layered = 0, normalized = 0;
	const char *lt = memchr(name, '<', n);
	if (lt != NULL && name[n - 1] == '>') {	/* lt: n > 0 */
		/* the last two commas: T itself may hold none ("float4") */
		const char *end = name + n - 1, *c2 = NULL, *c1 = NULL;
		for (const char *q = end; q > lt; q--)
			if (*q == ',') {
				if (c2 == NULL)
					c2 = q;
				else {
					c1 = q;
					break;
				}
			}
		if (c1 != NULL) {
			if (!texel_of(lt + 1, (size_t)(c1 - lt - 1), &fmt, &nch))
				fmt = ET_F32, nch = 1;
			long d = strtol(c1 + 1, NULL, 0);
			if (d == 2 || d == 3)
				dims = (unsigned)d;
			else if (d == 0xF1 || d == 0xF2)
				dims = (unsigned)(d - 0xF0), layered = 1;
			normalized = end[-1] == '1';
		}
	}
	tex_default(TEXOBJ_TEX, fmt, nch, dims, layered, t);
	if (normalized && fmt != ET_F32 && fmt != ET_I32 && fmt != ET_U32)
		t->read = TR_NORMALIZED;
}

/* The name of global G's DI type (through its DIGlobalVariableExpression
** and DIGlobalVariable: the type is the variable's operand 3), or NULL. */
static const char *global_type_name(struct lctx *lc, LLVMValueRef g, size_t *n)
{
	size_t nmd = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(g, &nmd);
	unsigned dbg = LLVMGetMDKindIDInContext(lc->ctx, "dbg", 3);
	const char *name = NULL;
	for (size_t i = 0; i < nmd && name == NULL; i++) {
		if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != dbg)
			continue;
		LLVMValueRef gve = LLVMMetadataAsValue(lc->ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
		LLVMValueRef var = reader_md_operand(gve, 0);
		if (md_kind(var) != LLVMDIGlobalVariableMetadataKind)
			continue;
		LLVMValueRef ty = strip(reader_md_operand(var, 3));
		if (ty != NULL && md_kind(ty) == LLVMDICompositeTypeMetadataKind)
			name = LLVMDITypeGetName(LLVMValueAsMetadata(ty), n);
	}
	if (md != NULL)
		LLVMDisposeValueMetadataEntries(md);
	return name;
}

void lower_texrefs(struct lctx *lc)
{
	unsigned n = LLVMGetNamedMetadataNumOperands(lc->mod, "nvvm.annotations");
	if (n == 0)
		return;
	LLVMValueRef *ann = xcalloc(n, sizeof *ann);
	LLVMGetNamedMetadataOperands(lc->mod, "nvvm.annotations", ann);
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef g = reader_md_operand(ann[i], 0);
		LLVMValueRef what = reader_md_operand(ann[i], 1);
		unsigned len = 0;
		const char *s = what ? LLVMGetMDString(what, &len) : NULL;
		if (g == NULL || s == NULL || len != 7 || memcmp(s, "texture", 7) != 0 || !LLVMIsAGlobalVariable(g))
			continue;
		uint32_t *gi = ptrmap_get(&lc->gvarmap, g);
		if (gi == NULL || lc->p->gvars[*gi].size != 8)
			continue;
		struct gvar *v = &lc->p->gvars[*gi];
		size_t tn = 0;
		const char *tname = global_type_name(lc, g, &tn);
		v->texref = 1;
		texref_desc(tname ? tname : "", tname ? tn : 0, &v->texdef);
	}
	free(ann);
}
