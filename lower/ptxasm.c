/*
** ptxasm.c: inline PTX assembly.
**
** libdevice and the CUDA headers (and, now and then, a user's kernel) emit
** small pieces of PTX through inline asm: carry chains of 32-bit adds and
** multiply-adds for wide products, moves from special registers, video
** SIMD instructions, funnel shifts, rcp/sub with rounding modes.  This file
** parses such a statement (operands $N bound by the constraint string, .reg
** locals in nested { } scopes, {a,b} vector packing, @p guards, the carry
** flag CC.CF as a slot, labels and branches) and lowers it into ordinary
** bytecode: a branch is a BR or CBR inside the statement's code, so lanes
** that diverge there reconverge like anywhere else (minimum pc, at the
** latest at the end of the statement).  Anything outside the subset is an
** error naming the PTX instruction and the source line of the asm.
** docs/BYTECODE.md lists the subset.
*/
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_int.h"
#include "core/program.h"

#define PX_LOCALS 64
#define PX_ASMOPS 32
#define PX_OPNDS 6
#define PX_VEC 4
#define PX_LABELS 64
#define PX_SCOPES 16	/* { } scopes open at once */
#define PX_JUMPS 128

/* An operand element; PE_ADDR is a memory operand [base+off] (base in n,
** of kind ik, the offset in imm). */
enum { PE_ASM, PE_LOCAL, PE_SREG, PE_IMM, PE_WARPSZ, PE_ADDR };
/* Immediate kinds: integer, f32 bits (0f...), f64 bits (0d...), decimal real. */
enum { IK_INT, IK_F32, IK_F64, IK_REAL };

struct pel {
	int kind;
	uint32_t n;		/* asm operand, local index or special register */
	int ik;
	uint64_t imm;
	double real;
};

struct pop {
	int nel;		/* 1 for a scalar, 2..4 for a {a,b,..} vector */
	struct pel el[PX_VEC];
};

struct px {
	struct lctx *lc;
	LLVMValueRef call;
	const char *text;
	size_t textlen;
	const char *insn;	/* opcode of the statement being lowered, or NULL */
	char opbuf[64];
	struct { char name[48]; uint32_t slot; unsigned w; } loc[PX_LOCALS];
	int nloc;
	struct { uint8_t out; uint32_t idx; } aop[PX_ASMOPS];
	int naop;
	uint32_t outbase;
	int nout;
	uint32_t cf;		/* carry flag, a 1-bit slot; OPND_NONE until used */
	int mark[PX_SCOPES];	/* nloc where each open { } scope began */
	int depth;
	/* labels (the first walk finds them all, the second places them) and
	** the branches to patch once every label has its pc */
	struct { char name[48]; uint32_t pc; } lab[PX_LABELS];
	int nlab;
	struct { uint32_t pc; int lab; uint8_t taken; } jump[PX_JUMPS];
	int njump;
	int tail;		/* something branches to the statement's end */
};

static uint64_t wmask(unsigned w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* "unsupported inline asm instruction 'X' in "..."" */
static int px_fail(struct px *x, const char *why)
{
	char buf[100], what[300];
	size_t k = 0;
	for (size_t i = 0; i < x->textlen && k < sizeof buf - 4; i++) {
		char c = x->text[i];
		if (c == '\n' || c == '\t' || c == '\r')
			c = ' ';
		if (c == ' ' && k > 0 && buf[k - 1] == ' ')
			continue;
		buf[k++] = c;
	}
	if (k == sizeof buf - 4 && x->textlen > k)
		buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
	buf[k] = '\0';
	if (x->insn)
		snprintf(what, sizeof what, "inline asm instruction '%s'%s%s (in \"%s\")", x->insn,
			 why ? ": " : "", why ? why : "", buf);
	else
		snprintf(what, sizeof what, "inline asm%s%s (in \"%s\")", why ? ": " : "",
			 why ? why : "", buf);
	return lower_unsupported(x->lc, what);
}

static uint32_t emit(struct px *x, uint16_t op, unsigned w, unsigned f, uint32_t d,
		     uint32_t a, uint32_t b, uint32_t c, uint32_t xx, int64_t imm)
{
	return lower_emit(x->lc, op, (uint8_t)w, (uint8_t)f, d, a, b, c, xx, imm);
}

static uint32_t cst(struct px *x, uint64_t v)
{
	return lower_const(x->lc, v);
}

static uint32_t tmp(struct px *x, uint32_t n)
{
	return lower_temp(x->lc, n);
}

/* ---- parsing ---- */

static const char *skipws(const char *s, const char *e)
{
	while (s < e && isspace((unsigned char)*s))
		s++;
	return s;
}

static int find_local(const struct px *x, const char *name, size_t n)
{
	for (int i = x->nloc - 1; i >= 0; i--)	/* the innermost scope's first */
		if (strlen(x->loc[i].name) == n && memcmp(x->loc[i].name, name, n) == 0)
			return i;
	return -1;
}

/* PTX special register name (after '%') -> SREG index, or -1. */
static int ptx_sreg(const char *s, size_t n)
{
	char nm[40];
	if (n >= sizeof nm)
		return -1;
	memcpy(nm, s, n);
	nm[n] = '\0';
	if (strncmp(nm, "lanemask_", 9) == 0)
		nm[8] = '.';
	if (strcmp(nm, "globaltimer_lo") == 0)
		return SREG_GLOBALTIMER;
	return lower_sreg_index(nm);
}

static int parse_number(const char *s, size_t n, struct pel *e)
{
	char buf[64];
	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	e->kind = PE_IMM;
	e->ik = IK_INT;
	char *end;
	if ((buf[0] == '0') && (buf[1] == 'f' || buf[1] == 'F' || buf[1] == 'd' || buf[1] == 'D')) {
		e->ik = buf[1] == 'f' || buf[1] == 'F' ? IK_F32 : IK_F64;
		e->imm = strtoull(buf + 2, &end, 16);
		return *end ? -1 : 0;
	}
	if (strpbrk(buf, ".eE") && !(buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))) {
		e->ik = IK_REAL;
		e->real = strtod(buf, &end);
		return *end ? -1 : 0;
	}
	int neg = buf[0] == '-';
	const char *p = neg ? buf + 1 : buf;
	e->imm = strtoull(p, &end, 0);
	if (*end == 'U' || *end == 'u')
		end++;
	if (*end)
		return -1;
	if (neg)
		e->imm = (uint64_t)0 - e->imm;
	return 0;
}

static int parse_elem(struct px *x, const char *s, const char *e, struct pel *el);

/* Splits S..E at the commas outside braces and brackets into at most MAX
** pieces; returns how many, or -1 when there are more. */
static int split_top(const char *s, const char *e, const char **ps, const char **pe, int max)
{
	int n = 0;
	while (s < e) {
		const char *c = s;
		int depth = 0;
		while (c < e && (depth > 0 || *c != ',')) {
			if (*c == '{' || *c == '[')
				depth++;
			else if (*c == '}' || *c == ']')
				depth--;
			c++;
		}
		if (n == max)
			return -1;
		ps[n] = skipws(s, c);
		pe[n] = c;
		while (pe[n] > ps[n] && isspace((unsigned char)pe[n][-1]))
			pe[n]--;
		n++;
		s = c < e ? c + 1 : c;
	}
	return n;
}

/* The elements of "{a, b}" or of a lone "a" into EL (at most 4). */
static int parse_group(struct px *x, const char *s, const char *e, struct pel *el)
{
	s = skipws(s, e);
	if (s < e && *s == '{') {
		if (e[-1] != '}')
			return px_fail(x, "unbalanced braces");
		s++, e--;
	}
	const char *ps[PX_VEC], *pe[PX_VEC];
	int n = split_top(s, e, ps, pe, PX_VEC);
	if (n < 0)
		return px_fail(x, "vector too long");
	if (n == 0)
		return px_fail(x, "vector operand");
	for (int i = 0; i < n; i++)
		if (parse_elem(x, ps[i], pe[i], &el[i]) < 0)
			return -1;
	return n;
}

/* [reg], [reg+imm], [reg-imm]: a register (asm operand or .reg local) and a
** byte offset. */
static int parse_addr(struct px *x, const char *s, const char *e, struct pel *el)
{
	if (e - s < 3 || e[-1] != ']')
		return px_fail(x, "bad memory operand");
	const char *b = s + 1, *end = e - 1, *sign = NULL;
	for (const char *q = b + 1; q < end; q++)
		if (*q == '+' || *q == '-') {
			sign = q;
			break;
		}
	struct pel base;
	if (parse_elem(x, b, sign ? sign : end, &base) < 0)
		return -1;
	if (base.kind != PE_ASM && base.kind != PE_LOCAL)
		return px_fail(x, "memory operand: only a register, or a register and an offset");
	int64_t off = 0;
	if (sign) {
		struct pel o;
		const char *q = skipws(sign + 1, end), *t = end;
		while (t > q && isspace((unsigned char)t[-1]))
			t--;
		if (parse_number(q, (size_t)(t - q), &o) < 0 || o.ik != IK_INT)
			return px_fail(x, "memory operand offset");
		off = *sign == '-' ? -(int64_t)o.imm : (int64_t)o.imm;
	}
	el->kind = PE_ADDR;
	el->n = base.n;
	el->ik = base.kind;
	el->imm = (uint64_t)off;
	return 0;
}

static int parse_elem(struct px *x, const char *s, const char *e, struct pel *el)
{
	s = skipws(s, e);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	size_t n = (size_t)(e - s);
	if (n == 0)
		return px_fail(x, "empty operand");
	if (s[0] == '$' && n > 1 && isdigit((unsigned char)s[1])) {
		char *end;
		unsigned long k = strtoul(s + 1, &end, 10);
		if (end != e || k >= (unsigned long)x->naop)
			return px_fail(x, "bad operand number");
		el->kind = PE_ASM;
		el->n = (uint32_t)k;
		return 0;
	}
	if (s[0] == '[')
		return parse_addr(x, s, e, el);
	if (isdigit((unsigned char)s[0]) || s[0] == '-' || s[0] == '+') {
		if (parse_number(s[0] == '+' ? s + 1 : s, s[0] == '+' ? n - 1 : n, el) < 0)
			return px_fail(x, "bad immediate");
		return 0;
	}
	int li = find_local(x, s, n);
	if (li >= 0) {
		el->kind = PE_LOCAL;
		el->n = (uint32_t)li;
		return 0;
	}
	if (n == 7 && memcmp(s, "WARP_SZ", 7) == 0) {
		el->kind = PE_WARPSZ;
		return 0;
	}
	if (s[0] == '%') {
		int r = ptx_sreg(s + 1, n - 1);
		if (r >= 0) {
			el->kind = PE_SREG;
			el->n = (uint32_t)r;
			return 0;
		}
		return px_fail(x, "unknown special register");
	}
	return px_fail(x, "unknown register");
}

static int parse_opnd(struct px *x, const char *s, const char *e, struct pop *o)
{
	s = skipws(s, e);
	o->nel = 1;
	if (s < e && *s == '{') {
		int n = parse_group(x, s, e, o->el);
		if (n < 0)
			return -1;
		if (n < 2)
			return px_fail(x, "vector operand");
		o->nel = n;
		return 0;
	}
	return parse_elem(x, s, e, &o->el[0]);
}

/* .reg .TYPE a, b, r<4>; */
static int declare(struct px *x, const char *s, const char *e)
{
	static const struct { const char *t; unsigned w; } types[] = {
		{ ".pred", 1 }, { ".b8", 8 }, { ".u8", 8 }, { ".s8", 8 }, { ".b16", 16 }, { ".u16", 16 },
		{ ".s16", 16 }, { ".f16", 16 }, { ".b32", 32 }, { ".u32", 32 }, { ".s32", 32 },
		{ ".f32", 32 }, { ".b64", 64 }, { ".u64", 64 }, { ".s64", 64 }, { ".f64", 64 },
	};
	s = skipws(s + 4, e);
	unsigned w = 0;
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		size_t n = strlen(types[i].t);
		if ((size_t)(e - s) > n && memcmp(s, types[i].t, n) == 0 && isspace((unsigned char)s[n])) {
			w = types[i].w;
			s += n;
			break;
		}
	}
	if (!w)
		return px_fail(x, "unsupported .reg type");
	while (s < e) {
		const char *c = memchr(s, ',', (size_t)(e - s));
		if (!c)
			c = e;
		const char *a = skipws(s, c), *b = c;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		unsigned count = 1, param = 0;
		const char *lt = memchr(a, '<', (size_t)(b - a));
		if (lt) {
			count = (unsigned)strtoul(lt + 1, NULL, 10);
			param = 1;
			b = lt;
		}
		if (b == a || (size_t)(b - a) > 40 || count == 0 || count > PX_LOCALS)
			return px_fail(x, "bad .reg declaration");
		for (unsigned k = 0; k < count; k++) {
			if (x->nloc == PX_LOCALS)
				return px_fail(x, "too many .reg locals");
			if (param)
				snprintf(x->loc[x->nloc].name, sizeof x->loc[0].name, "%.*s%u",
					 (int)(b - a), a, k);
			else
				snprintf(x->loc[x->nloc].name, sizeof x->loc[0].name, "%.*s",
					 (int)(b - a), a);
			x->loc[x->nloc].w = w;
			x->loc[x->nloc].slot = tmp(x, 1);
			x->nloc++;
		}
		s = c + 1;
	}
	return 0;
}

/* ---- operand access ---- */

static double imm_real(const struct pel *e)
{
	if (e->ik == IK_REAL)
		return e->real;
	if (e->ik == IK_F32) {
		uint32_t u = (uint32_t)e->imm;
		float f;
		memcpy(&f, &u, 4);
		return f;
	}
	if (e->ik == IK_F64) {
		double g;
		memcpy(&g, &e->imm, 8);
		return g;
	}
	return (double)(int64_t)e->imm;
}

/* An immediate as a constant of width W; float instructions take 0f/0d
** bit patterns as they are and convert decimal reals. */
static uint32_t imm_value(struct px *x, const struct pel *e, unsigned w, int isf)
{
	uint64_t v = e->imm;
	if (isf && !((e->ik == IK_F32 && w == 32) || (e->ik == IK_F64 && w == 64))) {
		double d = imm_real(e);
		if (w == 32) {
			float f = (float)d;
			uint32_t u;
			memcpy(&u, &f, 4);
			v = u;
		} else {
			memcpy(&v, &d, 8);
		}
	}
	return cst(x, v & wmask(w));
}

/* The operand to read element E at width W (a float type when ISF). */
static uint32_t rd(struct px *x, const struct pel *e, unsigned w, int isf)
{
	switch (e->kind) {
	case PE_ASM:
		if (x->aop[e->n].out)
			return x->outbase + x->aop[e->n].idx;
		return lower_opnd(x->lc, LLVMGetOperand(x->call, x->aop[e->n].idx), 0);
	case PE_LOCAL:
		return x->loc[e->n].slot;
	case PE_SREG: {
		uint32_t t = tmp(x, 1);
		unsigned sw = e->n == SREG_CLOCK64 || e->n == SREG_GLOBALTIMER ? 64 : 32;
		emit(x, OP_SREG, sw < w ? sw : w, e->n, t, 0, 0, 0, 0, 0);
		return t;
	}
	case PE_WARPSZ:
		return cst(x, 32);
	case PE_ADDR:
		px_fail(x, "a memory operand where a value is expected");
		return OPND_NONE;
	default:
		return imm_value(x, e, w, isf);
	}
}

/* The slot to write element E, or OPND_NONE (error set). */
static uint32_t wr(struct px *x, const struct pel *e)
{
	if (e->kind == PE_LOCAL)
		return x->loc[e->n].slot;
	if (e->kind == PE_ASM && x->aop[e->n].out)
		return x->outbase + x->aop[e->n].idx;
	px_fail(x, "destination is not a register");
	return OPND_NONE;
}

static uint32_t carry(struct px *x)
{
	if (x->cf == OPND_NONE) {
		x->cf = tmp(x, 1);
		emit(x, OP_MOV, 1, 0, x->cf, cst(x, 0), 0, 0, 0, 0);
	}
	return x->cf;
}

/* ---- the instruction subset ---- */

struct mods {
	const char *part[12];
	size_t len[12];
	int n;
	unsigned w[3];		/* widths of the type suffixes, in order */
	char tk[3];		/* their kinds: 'u' 's' 'b' 'f' 'p' */
	int nt;
};

static int has(const struct mods *m, const char *s)
{
	for (int i = 1; i < m->n; i++)
		if (strlen(s) == m->len[i] && memcmp(m->part[i], s, m->len[i]) == 0)
			return 1;
	return 0;
}

static void split_mods(const char *op, struct mods *m)
{
	const char *p = op;
	m->n = m->nt = 0;
	while (*p && m->n < 12) {
		const char *d = strchr(p, '.');
		size_t n = d ? (size_t)(d - p) : strlen(p);
		m->part[m->n] = p;
		m->len[m->n] = n;
		if (m->n > 0 && m->nt < 3 && n >= 2 && strchr("usbf", p[0]) && isdigit((unsigned char)p[1])) {
			unsigned w = (unsigned)atoi(p + 1);
			if (w == 8 || w == 16 || w == 32 || w == 64) {
				m->w[m->nt] = w;
				m->tk[m->nt++] = p[0];
			}
		} else if (m->n > 0 && m->nt < 3 && n == 4 && memcmp(p, "pred", 4) == 0) {
			m->w[m->nt] = 1;
			m->tk[m->nt++] = 'p';
		}
		m->n++;
		if (!d)
			break;
		p = d + 1;
	}
}

static int rnd_mode(const struct mods *m, int *explicit_mode)
{
	static const struct { const char *s; int mode; } r[] = {
		{ "rn", RND_NEAREST }, { "rz", RND_ZERO }, { "rm", RND_DOWN }, { "rp", RND_UP },
		{ "rni", RND_NEAREST }, { "rzi", RND_ZERO }, { "rmi", RND_DOWN }, { "rpi", RND_UP },
	};
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
		if (has(m, r[i].s)) {
			*explicit_mode = 1;
			return r[i].mode;
		}
	*explicit_mode = 0;
	return RND_NEAREST;
}

static int nops_is(struct px *x, int nops, int want)
{
	if (nops != want)
		return px_fail(x, "wrong number of operands");
	return 0;
}

#define SCALARS(n) do { \
	for (int i_ = 0; i_ < (n); i_++) \
		if (o[i_].nel != 1) \
			return px_fail(x, "vector operand"); \
} while (0)

/* Half H (0 low, 1 high) of f16x2 operand V (PAIR), or V itself, as a
** double: the bits of the f16 widened exactly. */
static uint32_t half_in(struct px *x, uint32_t v, int pair, unsigned h)
{
	uint32_t t = v;
	if (pair) {
		t = tmp(x, 1);
		if (h)
			emit(x, OP_LSHR, 32, 0, t, v, cst(x, 16), 0, 0, 0);
		else
			emit(x, OP_AND, 32, 0, t, v, cst(x, 0xffff), 0, 0, 0);
	}
	uint32_t f = tmp(x, 1);
	emit(x, OP_CVT, 0, CVT_F16_TO_F64, f, t, 0, 0, RND_NEAREST, 0);
	return f;
}

/* D := the halves LO and HI (16-bit values) packed as an f16x2. */
static void half_pack(struct px *x, uint32_t d, uint32_t lo, uint32_t hi)
{
	uint32_t t = tmp(x, 1);
	emit(x, OP_SHL, 32, 0, t, hi, cst(x, 16), 0, 0, 0);
	emit(x, OP_OR, 32, 0, d, lo, t, 0, 0, 0);
}

/*
** Half-precision arithmetic (cuda_fp16.h's __hadd, __hmul2, __hfma ...):
** add sub mul fma min max neg abs of .f16, or of both halves of .f16x2.
** Each half is widened to double, where a sum or product of two halves
** is exact, computed there and rounded once to the nearest half (fma's
** sum may round twice where its terms are more than 29 binades apart);
** .sat clamps to [0, 1]; neg and abs flip or clear sign bits, as the GPU
** does (NaNs too).  Other rounding modes and .relu are not modelled.
*/
static int lower_half(struct px *x, const char *base, const struct mods *m, struct pop *o, int nops)
{
	int pair = has(m, "f16x2");
	int ar = !strcmp(base, "neg") || !strcmp(base, "abs") ? 1
		 : !strcmp(base, "fma") ? 3
		 : !strcmp(base, "add") || !strcmp(base, "sub") || !strcmp(base, "mul")
		   || !strcmp(base, "min") || !strcmp(base, "max") ? 2 : 0;
	if (ar == 0 || has(m, "rz") || has(m, "rm") || has(m, "rp") || has(m, "relu"))
		return px_fail(x, "half-precision PTX arithmetic");
	if (nops_is(x, nops, ar + 1) < 0)
		return -1;
	SCALARS(nops);
	unsigned w = pair ? 32 : 16;
	uint32_t d = wr(x, &o[0].el[0]), a[3] = { 0, 0, 0 };
	for (int k = 0; k < ar; k++)
		if ((a[k] = rd(x, &o[k + 1].el[0], w, 0)) == OPND_NONE)
			return -1;
	if (d == OPND_NONE)
		return -1;
	if (ar == 1) {
		int neg = base[0] == 'n';
		uint64_t bits = pair ? UINT64_C(0x80008000) : 0x8000;
		emit(x, neg ? OP_XOR : OP_AND, w, 0, d, a[0], cst(x, neg ? bits : ~bits & wmask(w)), 0, 0, 0);
		return 0;
	}
	uint32_t r[2];
	for (unsigned h = 0; h <= (unsigned)pair; h++) {
		uint32_t f[3] = { 0, 0, 0 }, v = tmp(x, 1);
		for (int k = 0; k < ar; k++)
			f[k] = half_in(x, a[k], pair, h);
		switch (base[0] == 'm' ? base[1] : base[0]) {
		case 'a': emit(x, OP_FADD64, 64, 0, v, f[0], f[1], 0, 0, 0); break;
		case 's': emit(x, OP_FSUB64, 64, 0, v, f[0], f[1], 0, 0, 0); break;
		case 'u': emit(x, OP_FMUL64, 64, 0, v, f[0], f[1], 0, 0, 0); break;
		case 'f': emit(x, OP_FMA64, 64, 0, v, f[0], f[1], f[2], 0, 0); break;
		default: {	/* min, max */
			int mx = base[1] == 'a', nan = has(m, "NaN");
			unsigned mf = mx ? (nan ? MF_FMAX_NAN : MF_FMAX) : (nan ? MF_FMIN_NAN : MF_FMIN);
			emit(x, OP_MATH64, 64, mf, v, f[0], f[1], 0, 0, 0);
		}
		}
		if (has(m, "sat"))
			emit(x, OP_MATH64, 64, MF_SATURATE, v, v, 0, 0, 0, 0);
		r[h] = pair ? tmp(x, 1) : d;
		emit(x, OP_CVT, 0, CVT_F64_TO_F16, r[h], v, 0, 0, RND_NEAREST, 0);
	}
	if (pair)
		half_pack(x, d, r[0], r[1]);
	return 0;
}

/* set.CMP.DTYPE.STYPE d, a, b of halves (STYPE f16 or f16x2): each
** half's comparison as DTYPE takes it, 1.0 (f16, f16x2) or all ones
** (u32, s32: per half of an f16x2), else 0. */
static int lower_set_half(struct px *x, const struct mods *m, struct pop *o, int nops, int pred)
{
	int pair = m->n > 0 && m->len[m->n - 1] == 5 && !memcmp(m->part[m->n - 1], "f16x2", 5);
	char dk = m->tk[0];
	if (nops_is(x, nops, 3) < 0)
		return -1;
	SCALARS(3);
	if (dk != 'f' && dk != 'u' && dk != 's')
		return px_fail(x, NULL);
	uint32_t d = wr(x, &o[0].el[0]);
	uint32_t a = rd(x, &o[1].el[0], pair ? 32 : 16, 0), b = rd(x, &o[2].el[0], pair ? 32 : 16, 0);
	if (d == OPND_NONE || a == OPND_NONE || b == OPND_NONE)
		return -1;
	uint64_t one = dk == 'f' ? 0x3C00 : pair ? 0xffff : 0xffffffff;
	uint32_t r[2];
	for (unsigned h = 0; h <= (unsigned)pair; h++) {
		uint32_t p = tmp(x, 1);
		emit(x, OP_FCMP64, 64, (unsigned)pred, p, half_in(x, a, pair, h), half_in(x, b, pair, h), 0, 0, 0);
		r[h] = pair ? tmp(x, 1) : d;
		emit(x, OP_SELECT, 32, 0, r[h], p, cst(x, one), cst(x, 0), 0, 0);
	}
	if (pair)
		half_pack(x, d, r[0], r[1]);
	return 0;
}

/* Float arithmetic: add sub mul fma mad div rcp sqrt rsqrt ex2 lg2 sin cos
** tanh neg abs min max, .f32 / .f64, .ftz ignored, .sat clamps. */
static int lower_float(struct px *x, const char *base, const struct mods *m, struct pop *o, int nops)
{
	unsigned w = m->w[m->nt - 1];
	if (w == 16)
		return lower_half(x, base, m, o, nops);
	if (w != 32 && w != 64)
		return px_fail(x, "half-precision PTX arithmetic");
	int has_mode;
	int mode = rnd_mode(m, &has_mode);
	static const struct { const char *n; int arity; int frnd; int plain; int mf; } ops[] = {
		{ "add", 2, 0, OP_FADD32, -1 }, { "sub", 2, 6, OP_FSUB32, -1 },
		{ "mul", 2, 1, OP_FMUL32, -1 }, { "div", 2, 2, OP_FDIV32, -1 },
		{ "fma", 3, 3, OP_FMA32, -1 }, { "mad", 3, 3, OP_FMA32, -1 },
		{ "rcp", 1, 5, -1, MF_RCP }, { "sqrt", 1, 4, -1, MF_SQRT },
		{ "rsqrt", 1, -1, -1, MF_RSQRT }, { "ex2", 1, -1, -1, MF_EXP2 },
		{ "lg2", 1, -1, -1, MF_LOG2 }, { "sin", 1, -1, -1, MF_SIN }, { "cos", 1, -1, -1, MF_COS },
		{ "tanh", 1, -1, -1, MF_TANH }, { "abs", 1, -1, -1, MF_FABS },
		{ "neg", 1, -1, OP_FNEG32, -1 },
		{ "min", 2, -1, -1, MF_FMIN }, { "max", 2, -1, -1, MF_FMAX },
	};
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		if (strcmp(base, ops[i].n) != 0)
			continue;
		if (nops_is(x, nops, ops[i].arity + 1) < 0)
			return -1;
		SCALARS(nops);
		uint32_t d = wr(x, &o[0].el[0]);
		uint32_t a = rd(x, &o[1].el[0], w, 1);
		uint32_t b = ops[i].arity > 1 ? rd(x, &o[2].el[0], w, 1) : 0;
		uint32_t c = ops[i].arity > 2 ? rd(x, &o[3].el[0], w, 1) : 0;
		if (d == OPND_NONE || a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
			return -1;
		int mf = ops[i].mf;
		if (mf >= 0 && (ops[i].frnd < 0 || !has_mode)) {
			if (has(m, "NaN"))
				mf = mf == MF_FMIN ? MF_FMIN_NAN : mf == MF_FMAX ? MF_FMAX_NAN : mf;
			emit(x, w == 32 ? OP_MATH32 : OP_MATH64, w, (unsigned)mf, d, a, b, c, 0, 0);
		} else if (has_mode && ops[i].frnd >= 0) {
			emit(x, w == 32 ? OP_FRND32 : OP_FRND64, w, (unsigned)ops[i].frnd, d, a, b, c,
			     (uint32_t)mode, 0);
		} else {
			/* the f64 opcodes follow the f32 ones in the same order */
			_Static_assert(OP_FMA64 - OP_FADD64 == OP_FMA32 - OP_FADD32
				       && OP_FNEG64 - OP_FADD64 == OP_FNEG32 - OP_FADD32,
				       "float opcode order");
			uint16_t opc = (uint16_t)ops[i].plain;
			if (w == 64)
				opc = (uint16_t)(opc - OP_FADD32 + OP_FADD64);
			emit(x, opc, w, 0, d, a, b, c, 0, 0);
		}
		if (has(m, "sat"))
			emit(x, w == 32 ? OP_MATH32 : OP_MATH64, w, MF_SATURATE, d, d, 0, 0, 0, 0);
		return 0;
	}
	return px_fail(x, NULL);
}

/* setp.CMP[.BOOLOP].TYPE p, a, b[, q]; with SET, set.CMP.DTYPE.STYPE d,
** a, b of halves (lower_set_half) */
static int lower_setp(struct px *x, const struct mods *m, struct pop *o, int nops, int set)
{
	static const struct { const char *s; int si, ui, fl; } cmp[] = {
		{ "eq", ICMP_EQ, ICMP_EQ, FCMP_OEQ }, { "ne", ICMP_NE, ICMP_NE, FCMP_ONE },
		{ "lt", ICMP_SLT, ICMP_ULT, FCMP_OLT }, { "le", ICMP_SLE, ICMP_ULE, FCMP_OLE },
		{ "gt", ICMP_SGT, ICMP_UGT, FCMP_OGT }, { "ge", ICMP_SGE, ICMP_UGE, FCMP_OGE },
		{ "lo", ICMP_ULT, ICMP_ULT, -1 }, { "ls", ICMP_ULE, ICMP_ULE, -1 },
		{ "hi", ICMP_UGT, ICMP_UGT, -1 }, { "hs", ICMP_UGE, ICMP_UGE, -1 },
		{ "equ", -1, -1, FCMP_UEQ }, { "neu", -1, -1, FCMP_UNE }, { "ltu", -1, -1, FCMP_ULT },
		{ "leu", -1, -1, FCMP_ULE }, { "gtu", -1, -1, FCMP_UGT }, { "geu", -1, -1, FCMP_UGE },
		{ "num", -1, -1, FCMP_ORD }, { "nan", -1, -1, FCMP_UNO },
	};
	if (m->nt != 1 + set || m->n < 3 || (set && (m->tk[1] != 'f' || m->w[1] != 16)))
		return px_fail(x, set ? "set of types other than halves" : NULL);
	unsigned w = m->w[set];
	char k = m->tk[set];
	int pred = -1;
	for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++)
		if (m->len[1] == strlen(cmp[i].s) && memcmp(m->part[1], cmp[i].s, m->len[1]) == 0)
			pred = k == 'f' ? cmp[i].fl : k == 's' ? cmp[i].si : cmp[i].ui;
	if (pred < 0 || (!set && k == 'f' && w == 16 && has(m, "f16x2")))
		return px_fail(x, NULL);
	if (set)
		return lower_set_half(x, m, o, nops, pred);
	int boolop = has(m, "and") ? OP_AND : has(m, "or") ? OP_OR : has(m, "xor") ? OP_XOR : 0;
	if (nops_is(x, nops, boolop ? 4 : 3) < 0)
		return -1;
	SCALARS(nops);
	uint32_t d = wr(x, &o[0].el[0]);
	int fl = k == 'f' && w != 16;	/* a half's immediate is its bits */
	uint32_t a = rd(x, &o[1].el[0], w, fl), b = rd(x, &o[2].el[0], w, fl);
	uint32_t q = boolop ? rd(x, &o[3].el[0], 1, 0) : 0;
	if (d == OPND_NONE || a == OPND_NONE || b == OPND_NONE || q == OPND_NONE)
		return -1;
	uint32_t t = boolop ? tmp(x, 1) : d;
	if (k == 'f' && w == 16)
		emit(x, OP_FCMP64, 64, (unsigned)pred, t, half_in(x, a, 0, 0), half_in(x, b, 0, 0), 0, 0, 0);
	else if (k == 'f')
		emit(x, w == 32 ? OP_FCMP32 : OP_FCMP64, w, (unsigned)pred, t, a, b, 0, 0, 0);
	else
		emit(x, OP_ICMP, w, (unsigned)pred, t, a, b, 0, 0, 0);
	if (boolop)
		emit(x, (uint16_t)boolop, 1, 0, d, t, q, 0, 0, 0);
	return 0;
}

/* cvt.rn.f16x2.f32 d, a, b: d's high half a, its low half b, each
** rounded to the nearest half. */
static int lower_cvt_half2(struct px *x, const struct mods *m, struct pop *o, int nops)
{
	int has_mode;
	if (rnd_mode(m, &has_mode) != RND_NEAREST || m->tk[1] != 'f' || m->w[1] != 32)
		return px_fail(x, NULL);
	if (nops_is(x, nops, 3) < 0)
		return -1;
	SCALARS(3);
	uint32_t d = wr(x, &o[0].el[0]), hl[2];
	for (int k = 0; k < 2; k++) {
		uint32_t v = rd(x, &o[1 + k].el[0], 32, 1);
		if (v == OPND_NONE)
			return -1;
		hl[k] = tmp(x, 1);
		emit(x, OP_CVT, 0, CVT_F32_TO_F16, hl[k], v, 0, 0, RND_NEAREST, 0);
	}
	if (d == OPND_NONE)
		return -1;
	half_pack(x, d, hl[1], hl[0]);
	return 0;
}

/* cvt{.rnd}{.ftz}{.sat}.dtype.atype d, a */
static int lower_cvt(struct px *x, const struct mods *m, struct pop *o, int nops)
{
	if (m->nt == 2 && has(m, "f16x2"))
		return lower_cvt_half2(x, m, o, nops);
	if (m->nt != 2 || nops_is(x, nops, 2) < 0)
		return m->nt != 2 ? px_fail(x, NULL) : -1;
	SCALARS(2);
	unsigned dw = m->w[0], aw = m->w[1];
	char dk = m->tk[0], ak = m->tk[1];
	int has_mode;
	int mode = rnd_mode(m, &has_mode);
	uint32_t d = wr(x, &o[0].el[0]);
	uint32_t a = rd(x, &o[1].el[0], aw, ak == 'f' && aw != 16);
	if (d == OPND_NONE || a == OPND_NONE)
		return -1;
	if (ak == 'f' && aw == 16 && (dk != 'f' || dw == 16)) {
		/* a half to an integer, or to an integral half: through
		** float, where every half is exact */
		uint32_t f = tmp(x, 1);
		emit(x, OP_CVT, 0, CVT_F16_TO_F32, f, a, 0, 0, RND_NEAREST, 0);
		if (dk == 'f') {
			if (!has_mode)
				return px_fail(x, NULL);
			static const uint8_t mf[] = { MF_RINT, MF_TRUNC, MF_FLOOR, MF_CEIL };
			emit(x, OP_MATH32, 32, mf[mode], f, f, 0, 0, 0, 0);
			emit(x, OP_CVT, 0, CVT_F32_TO_F16, d, f, 0, 0, RND_NEAREST, 0);
			return 0;
		}
		a = f;
		aw = 32;
	} else if (dk == 'f' && dw == 16 && ak != 'f') {
		/* an integer to a half: exact in double (64-bit ones up to
		** 2^53), rounded once; only to nearest is modelled */
		if (mode != RND_NEAREST)
			return px_fail(x, "conversion to a half with this rounding mode");
		uint32_t f = tmp(x, 1);
		emit(x, OP_CVT, aw, ak == 's' ? CVT_SI_TO_F64 : CVT_UI_TO_F64, f, a, 0, 0, RND_NEAREST, 0);
		emit(x, OP_CVT, 0, CVT_F64_TO_F16, d, f, 0, 0, RND_NEAREST, 0);
		return 0;
	}
	if (dk != 'f' && ak != 'f') {
		if (has(m, "sat"))
			return px_fail(x, "saturating integer conversion");
		if (dw > aw && ak == 's')
			emit(x, OP_SEXT, aw, 0, d, a, 0, 0, 0, dw);
		else
			emit(x, OP_MOV, dw < aw ? dw : aw, 0, d, a, 0, 0, 0, 0);
		return 0;
	}
	int kind = -1;
	unsigned iw = 0;
	if (dk == 'f' && ak == 'f') {
		if (dw == aw) {
			if (!has_mode || dw == 16)
				return px_fail(x, NULL);
			static const uint8_t mf[] = { MF_RINT, MF_TRUNC, MF_FLOOR, MF_CEIL };
			emit(x, dw == 32 ? OP_MATH32 : OP_MATH64, dw, mf[mode], d, a, 0, 0, 0, 0);
			goto sat;
		}
		kind = dw == 64 && aw == 32 ? CVT_F32_TO_F64 : dw == 32 && aw == 64 ? CVT_F64_TO_F32
		     : dw == 32 && aw == 16 ? CVT_F16_TO_F32 : dw == 16 && aw == 32 ? CVT_F32_TO_F16
		     : dw == 64 && aw == 16 ? CVT_F16_TO_F64 : CVT_F64_TO_F16;
	} else if (dk == 'f') {
		if (dw == 16)
			return px_fail(x, NULL);
		iw = aw;
		kind = dw == 32 ? (ak == 's' ? CVT_SI_TO_F32 : CVT_UI_TO_F32)
		     : (ak == 's' ? CVT_SI_TO_F64 : CVT_UI_TO_F64);
	} else {
		if (aw == 16)
			return px_fail(x, NULL);
		iw = dw;
		kind = aw == 32 ? (dk == 's' ? CVT_F32_TO_SI_SAT : CVT_F32_TO_UI_SAT)
		     : (dk == 's' ? CVT_F64_TO_SI_SAT : CVT_F64_TO_UI_SAT);
	}
	emit(x, OP_CVT, iw, (unsigned)kind, d, a, 0, 0, (uint32_t)mode, 0);
sat:
	if (dk == 'f' && has(m, "sat") && dw != 16)
		emit(x, dw == 32 ? OP_MATH32 : OP_MATH64, dw, MF_SATURATE, d, d, 0, 0, 0, 0);
	return 0;
}

/* mov: scalar, from a special register, or packing/unpacking {a,b}. */
static int lower_mov(struct px *x, const struct mods *m, struct pop *o, int nops)
{
	if (m->nt != 1 || nops_is(x, nops, 2) < 0)
		return m->nt != 1 ? px_fail(x, NULL) : -1;
	unsigned w = m->w[0];
	if (o[0].nel > 1 && o[1].nel > 1)
		return px_fail(x, "vector to vector move");
	if (o[0].nel > 1) {
		unsigned ew = w / (unsigned)o[0].nel;
		uint32_t s = rd(x, &o[1].el[0], w, 0);
		if (s == OPND_NONE)
			return -1;
		uint32_t t = tmp(x, 1);
		emit(x, OP_MOV, w, 0, t, s, 0, 0, 0, 0);
		for (int i = 0; i < o[0].nel; i++) {
			uint32_t d = wr(x, &o[0].el[i]);
			if (d == OPND_NONE)
				return -1;
			if (i == 0) {
				emit(x, OP_MOV, ew, 0, d, t, 0, 0, 0, 0);
			} else {
				emit(x, OP_LSHR, w, 0, d, t, cst(x, (uint64_t)i * ew), 0, 0, 0);
				emit(x, OP_MOV, ew, 0, d, d, 0, 0, 0, 0);
			}
		}
		return 0;
	}
	uint32_t d = wr(x, &o[0].el[0]);
	if (d == OPND_NONE)
		return -1;
	if (o[1].nel > 1) {
		unsigned ew = w / (unsigned)o[1].nel;
		uint32_t acc = tmp(x, 1), t = tmp(x, 1);
		for (int i = 0; i < o[1].nel; i++) {
			uint32_t s = rd(x, &o[1].el[i], ew, 0);
			if (s == OPND_NONE)
				return -1;
			if (i == 0) {
				emit(x, OP_MOV, ew, 0, acc, s, 0, 0, 0, 0);
			} else {
				emit(x, OP_MOV, ew, 0, t, s, 0, 0, 0, 0);
				emit(x, OP_SHL, w, 0, t, t, cst(x, (uint64_t)i * ew), 0, 0, 0);
				emit(x, OP_OR, w, 0, acc, acc, t, 0, 0, 0);
			}
		}
		emit(x, OP_MOV, w, 0, d, acc, 0, 0, 0, 0);
		return 0;
	}
	const struct pel *s = &o[1].el[0];
	if (s->kind == PE_SREG) {
		emit(x, OP_SREG, w, s->n, d, 0, 0, 0, 0, 0);
		return 0;
	}
	uint32_t a = rd(x, s, w, m->tk[0] == 'f');
	if (a == OPND_NONE)
		return -1;
	emit(x, OP_MOV, w, 0, d, a, 0, 0, 0, 0);
	return 0;
}

/* add sub addc subc mul mad madc, with .lo .hi .wide .cc .sat. */
static int lower_arith(struct px *x, const char *base, const struct mods *m, struct pop *o, int nops)
{
	unsigned w = m->w[m->nt - 1];
	int sgn = m->tk[m->nt - 1] == 's';
	int is_mul = strcmp(base, "mul") == 0, is_mad = base[0] == 'm' && base[1] == 'a';
	int cin = strcmp(base, "addc") == 0 || strcmp(base, "subc") == 0 || strcmp(base, "madc") == 0;
	int sub = base[0] == 's';
	int cc = has(m, "cc"), wide = has(m, "wide"), hi = has(m, "hi");
	if (nops_is(x, nops, is_mad ? 4 : 3) < 0)
		return -1;
	SCALARS(nops);
	if (w == 1 || w == 8)
		return px_fail(x, NULL);
	unsigned dw = wide ? 2 * w : w;
	uint32_t d = wr(x, &o[0].el[0]);
	uint32_t a = rd(x, &o[1].el[0], w, 0), b = rd(x, &o[2].el[0], w, 0);
	uint32_t c = is_mad ? rd(x, &o[3].el[0], dw, 0) : 0;
	if (d == OPND_NONE || a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
		return -1;
	if ((cc || cin) && (w != 32 && w != 64))
		return px_fail(x, NULL);
	if (has(m, "sat") && !(sgn && w == 32 && !is_mul && !is_mad && !cc && !cin))
		return px_fail(x, NULL);
	if (is_mul || is_mad) {
		if (wide && w == 64)
			return px_fail(x, NULL);
		uint32_t p = is_mad ? tmp(x, 1) : d;
		if (wide) {
			uint32_t ea = a, eb = b;
			if (sgn) {
				ea = tmp(x, 1);
				eb = tmp(x, 1);
				emit(x, OP_SEXT, w, 0, ea, a, 0, 0, 0, dw);
				emit(x, OP_SEXT, w, 0, eb, b, 0, 0, 0, dw);
			}
			emit(x, OP_MUL, dw, 0, p, ea, eb, 0, 0, 0);
		} else if (hi) {
			emit(x, OP_MULHI, w, (unsigned)sgn, p, a, b, 0, 0, 0);
		} else {
			emit(x, OP_MUL, w, 0, p, a, b, 0, 0, 0);
		}
		if (!is_mad)
			return 0;
		a = p;
		b = c;
	}
	if (!cc && !cin) {
		if (has(m, "sat"))
			emit(x, OP_SAT, 32, sub ? 2 : 0, d, a, b, 0, 0, 0);
		else
			emit(x, sub ? OP_SUB : OP_ADD, dw, 0, d, a, b, 0, 0, 0);
		return 0;
	}
	uint32_t ci = cin ? carry(x) : cst(x, 0);
	uint32_t t = tmp(x, 2);
	emit(x, OP_CARRY, dw, (unsigned)sub, t, a, b, ci, 0, 0);
	emit(x, OP_MOV, dw, 0, d, t, 0, 0, 0, 0);
	if (cc)
		emit(x, OP_MOV, 1, 0, carry(x), t + 1, 0, 0, 0, 0);
	return 0;
}

/* bfind{.shiftamt}.{u,s}{32,64} d, a: the position of the most significant
** non-sign bit, or its left-shift amount; 0xffffffff when there is none. */
static int lower_bfind(struct px *x, const struct mods *m, struct pop *o, int nops)
{
	if (m->nt != 1 || nops_is(x, nops, 2) < 0)
		return m->nt != 1 ? px_fail(x, NULL) : -1;
	SCALARS(2);
	unsigned w = m->w[0];
	uint32_t d = wr(x, &o[0].el[0]), a = rd(x, &o[1].el[0], w, 0);
	if (d == OPND_NONE || a == OPND_NONE)
		return -1;
	uint32_t v = a;
	if (m->tk[0] == 's') {
		uint32_t neg = tmp(x, 1), inv = tmp(x, 1);
		v = tmp(x, 1);
		emit(x, OP_ICMP, w, ICMP_SLT, neg, a, cst(x, 0), 0, 0, 0);
		emit(x, OP_XOR, w, 0, inv, a, cst(x, wmask(w)), 0, 0, 0);
		emit(x, OP_SELECT, w, 0, v, neg, inv, a, 0, 0);
	}
	uint32_t lz = tmp(x, 1), zero = tmp(x, 1), r = tmp(x, 1);
	emit(x, OP_IUNARY, w, 2, lz, v, 0, 0, 0, 0);
	if (has(m, "shiftamt"))
		emit(x, OP_MOV, 32, 0, r, lz, 0, 0, 0, 0);
	else
		emit(x, OP_SUB, 32, 0, r, cst(x, w - 1), lz, 0, 0, 0);
	emit(x, OP_ICMP, w, ICMP_EQ, zero, v, cst(x, 0), 0, 0, 0);
	emit(x, OP_SELECT, 32, 0, d, zero, cst(x, 0xffffffffu), r, 0, 0);
	return 0;
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel shift of b:a. */
static int lower_shf(struct px *x, const struct mods *m, struct pop *o, int nops)
{
	if (nops_is(x, nops, 4) < 0)
		return -1;
	SCALARS(4);
	int left = has(m, "l"), clamp = has(m, "clamp");
	if (left == has(m, "r") || clamp == has(m, "wrap") || m->nt != 1 || m->w[0] != 32)
		return px_fail(x, NULL);
	uint32_t d = wr(x, &o[0].el[0]);
	uint32_t a = rd(x, &o[1].el[0], 32, 0), b = rd(x, &o[2].el[0], 32, 0), c = rd(x, &o[3].el[0], 32, 0);
	if (d == OPND_NONE || a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
		return -1;
	uint32_t t = clamp ? tmp(x, 1) : d;
	emit(x, left ? OP_FSHL : OP_FSHR, 32, 0, t, b, a, c, 0, 0);
	if (clamp) {
		uint32_t big = tmp(x, 1);
		emit(x, OP_ICMP, 32, ICMP_UGT, big, c, cst(x, 31), 0, 0, 0);
		emit(x, OP_SELECT, 32, 0, d, big, left ? a : b, t, 0, 0);
	}
	return 0;
}

/* Video SIMD: vadd2 vsub4 vabsdiff2 vavrg4 vmin2 vmax4 vset2 ... and
** dp4a / dp2a.{lo,hi}. */
static int lower_video(struct px *x, const char *base, const struct mods *m, struct pop *o, int nops)
{
	static const struct { const char *n; int op; } vops[] = {
		{ "vadd", VS_ADD }, { "vsub", VS_SUB }, { "vabsdiff", VS_ABSDIFF },
		{ "vavrg", VS_AVRG }, { "vmin", VS_MIN }, { "vmax", VS_MAX }, { "vset", VS_SET },
	};
	static const struct { const char *s; int p; } sets[] = {
		{ "eq", VSC_EQ }, { "ne", VSC_NE }, { "lt", VSC_LT }, { "le", VSC_LE },
		{ "gt", VSC_GT }, { "ge", VSC_GE },
	};
	int vop = -1;
	unsigned ew = 0, flags = 0;
	if (nops_is(x, nops, 4) < 0)
		return -1;
	SCALARS(4);
	if (strcmp(base, "dp4a") == 0 || strcmp(base, "dp2a") == 0) {
		if (m->nt != 2)
			return px_fail(x, NULL);
		vop = base[2] == '4' ? VS_DP4A : has(m, "hi") ? VS_DP2A_HI : VS_DP2A_LO;
		ew = 8;
		flags = (m->tk[0] == 's' ? VSF_ASIGNED : 0) | (m->tk[1] == 's' ? VSF_BSIGNED : 0);
	} else {
		size_t n = strlen(base);
		char lanes = base[n - 1];
		if (lanes != '2' && lanes != '4')
			return px_fail(x, NULL);
		for (size_t i = 0; i < sizeof vops / sizeof vops[0]; i++)
			if (strlen(vops[i].n) == n - 1 && memcmp(vops[i].n, base, n - 1) == 0)
				vop = vops[i].op;
		if (vop < 0)
			return px_fail(x, NULL);
		ew = lanes == '2' ? 16 : 8;
		int want = vop == VS_SET ? 2 : 3;
		if (m->nt != want)
			return px_fail(x, NULL);
		int ti = vop == VS_SET ? 0 : 1;
		flags = (m->tk[ti] == 's' ? VSF_ASIGNED : 0) | (m->tk[ti + 1] == 's' ? VSF_BSIGNED : 0)
		      | (vop != VS_SET && m->tk[0] == 's' ? VSF_DSIGNED : 0)
		      | (has(m, "sat") ? VSF_SAT : 0) | (has(m, "add") ? VSF_ADD : 0);
		if (vop == VS_SET) {
			int p = -1;
			for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
				if (has(m, sets[i].s))
					p = sets[i].p;
			if (p < 0)
				return px_fail(x, NULL);
			flags |= (unsigned)p << VSF_CMP_SHIFT;
		}
	}
	uint32_t d = wr(x, &o[0].el[0]);
	uint32_t a = rd(x, &o[1].el[0], 32, 0), b = rd(x, &o[2].el[0], 32, 0), c = rd(x, &o[3].el[0], 32, 0);
	if (d == OPND_NONE || a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
		return -1;
	emit(x, OP_VSIMD, ew, (unsigned)vop, d, a, b, c, flags, 0);
	return 0;
}

/* Integer, bitwise and miscellaneous instructions of the subset. */
/* ---- memory: ld, st, atom, red ---- */

/* What a memory instruction's modifiers say. */
struct memmods {
	uint8_t space;		/* AS_* (AS_GENERIC without a state space) */
	uint8_t scope;		/* SCOPE_* */
	uint8_t strong;		/* relaxed, acquire, release, acq_rel, volatile, mmio */
	uint8_t acquire, release;
	unsigned vec;		/* 1, 2 or 4 */
};

static int is_mod(const struct mods *m, int i, const char *s)
{
	return strlen(s) == m->len[i] && memcmp(m->part[i], s, m->len[i]) == 0;
}

static int starts_mod(const struct mods *m, int i, const char *s)
{
	return m->len[i] >= strlen(s) && memcmp(m->part[i], s, strlen(s)) == 0;
}

/* The operations of atom and red, in the order of atomops[]. */
enum { AO_ADD, AO_MIN, AO_MAX, AO_AND, AO_OR, AO_XOR, AO_EXCH, AO_CAS, AO_INC, AO_DEC };

/* Reads the modifiers of ld/st/atom/red (from part 1 on); an unknown one is
** an error rather than a silently different instruction.  *OPNAME gets the
** atomic operation (AO_*), -1 for none. */
static int mem_mods(struct px *x, const struct mods *m, struct memmods *mm, int *opname)
{
	static const char *const ignored[] = {
		"weak", "ca", "cg", "cs", "lu", "cv", "wb", "wt", "nc", "noftz", "sc", NULL
	};
	static const char *const atomops[] = {
		"add", "min", "max", "and", "or", "xor", "exch", "cas", "inc", "dec", NULL
	};
	memset(mm, 0, sizeof *mm);
	mm->space = AS_GENERIC;
	mm->scope = SCOPE_DEVICE;
	mm->vec = 1;
	*opname = -1;
	int scoped = 0;
	for (int i = 1; i < m->n; i++) {
		int known = 0;
		for (int k = 0; ignored[k]; k++)
			known |= is_mod(m, i, ignored[k]);
		if (known || starts_mod(m, i, "L1::") || starts_mod(m, i, "L2::")
		    || starts_mod(m, i, "level::"))
			continue;
		if ((m->part[i][0] == 'u' || m->part[i][0] == 's' || m->part[i][0] == 'b'
		     || m->part[i][0] == 'f') && m->len[i] >= 2 && isdigit((unsigned char)m->part[i][1]))
			continue;	/* the type: m->w / m->tk */
		if (is_mod(m, i, "global"))
			mm->space = AS_GLOBAL;
		else if (starts_mod(m, i, "shared"))
			mm->space = AS_SHARED;
		else if (is_mod(m, i, "local"))
			mm->space = AS_LOCAL;
		else if (is_mod(m, i, "const"))
			mm->space = AS_CONST;
		else if (is_mod(m, i, "param"))
			mm->space = AS_PARAM;
		else if (is_mod(m, i, "cta"))
			mm->scope = SCOPE_BLOCK, scoped = 1;
		else if (is_mod(m, i, "gpu") || is_mod(m, i, "cluster"))
			mm->scope = SCOPE_DEVICE, scoped = 1;
		else if (is_mod(m, i, "sys"))
			mm->scope = SCOPE_SYSTEM, scoped = 1;
		else if (is_mod(m, i, "relaxed") || is_mod(m, i, "mmio"))
			mm->strong = 1;
		else if (is_mod(m, i, "volatile")) {
			mm->strong = 1;
			if (!scoped)
				mm->scope = SCOPE_SYSTEM;
		} else if (is_mod(m, i, "acquire"))
			mm->strong = mm->acquire = 1;
		else if (is_mod(m, i, "release"))
			mm->strong = mm->release = 1;
		else if (is_mod(m, i, "acq_rel"))
			mm->strong = mm->acquire = mm->release = 1;
		else if (is_mod(m, i, "v2"))
			mm->vec = 2;
		else if (is_mod(m, i, "v4"))
			mm->vec = 4;
		else {
			int a = -1;
			for (int k = 0; atomops[k]; k++)
				if (is_mod(m, i, atomops[k]))
					a = k;
			if (a < 0 || *opname >= 0)
				return px_fail(x, "unknown modifier");
			*opname = a;
		}
	}
	if (m->nt != 1 || (m->w[0] != 8 && m->w[0] != 16 && m->w[0] != 32 && m->w[0] != 64))
		return px_fail(x, "needs one type of 8 to 64 bits");
	return 0;
}

/* The base address of memory operand E plus its offset, as a slot. */
static uint32_t mem_addr(struct px *x, const struct pel *e, int with_offset)
{
	struct pel b = { .kind = e->ik, .n = e->n };
	uint32_t a = rd(x, &b, 64, 0);
	if (a == OPND_NONE || !with_offset || e->imm == 0)
		return a;
	uint32_t t = tmp(x, 1);
	emit(x, OP_PTRADD, 64, 0, t, a, 0, 0, 0, (int64_t)e->imm);
	return t;
}

/*
** ld, st, atom and red, scalar or .v2/.v4 (ld, st), in any state space.
** Strong accesses (relaxed, acquire, release, acq_rel, volatile) are atomic
** loads and stores for the race detector; release orders what came before
** through a fence of its scope first, acquire what comes after through one
** after, as the PTX release and acquire patterns do.
*/
static int lower_memop(struct px *x, const char *base, const struct mods *m, struct pop *o, int nops)
{
	struct memmods mm;
	int opname;
	if (mem_mods(x, m, &mm, &opname) < 0)
		return -1;
	unsigned w = m->w[0], nb = w / 8;
	char tk = m->tk[0];
	int is_ld = !strcmp(base, "ld"), is_st = !strcmp(base, "st");
	int is_red = !strcmp(base, "red");
	if ((is_ld || is_st) != (opname < 0))
		return px_fail(x, is_ld || is_st ? "unknown modifier" : "no atomic operation");
	if (!is_ld && !is_st && mm.vec != 1)
		return px_fail(x, "vector atomics");
	int ai = is_st || is_red ? 0 : 1;	/* the memory operand */
	int want = is_ld || is_st || is_red ? 2 : opname == AO_CAS ? 4 : 3;
	if (nops_is(x, nops, want) < 0)
		return -1;
	if (o[ai].nel != 1 || o[ai].el[0].kind != PE_ADDR)
		return px_fail(x, "memory operand");
	for (int i = 0; i < nops; i++)
		if (i != ai && (unsigned)o[i].nel != (i == (is_st ? 1 : 0) ? mm.vec : 1u))
			return px_fail(x, "vector operand");
	if (mm.release)
		emit(x, OP_FENCE, 0, mm.scope, 0, 0, 0, 0, 0, 0);
	if (is_ld || is_st) {
		/* strong accesses keep their scope: ld.relaxed.cta is a
		** block-scope atomic load */
		uint8_t ldf = mm.strong ? (uint8_t)(LDF_ATOMIC | LDF_SCOPE(mm.scope)) : 0;
		uint32_t a = mem_addr(x, &o[ai].el[0], 0);
		if (a == OPND_NONE)
			return -1;
		uint32_t site = lower_site(x->lc, is_ld ? SITE_LOAD : SITE_STORE, mm.space, (uint16_t)nb);
		for (unsigned i = 0; i < mm.vec; i++) {
			int64_t off = (int64_t)o[ai].el[0].imm + (int64_t)(i * nb);
			if (is_ld) {
				uint32_t d = wr(x, &o[0].el[i]);
				if (d == OPND_NONE)
					return -1;
				emit(x, OP_LOAD, nb, ldf, d, a, 0, 0, site, off);
				if (tk == 's' && w < 64)
					emit(x, OP_SEXT, w, 0, d, d, 0, 0, 0, 64);
			} else {
				uint32_t v = rd(x, &o[1].el[i], w, tk == 'f');
				if (v == OPND_NONE)
					return -1;
				emit(x, OP_STORE, nb, ldf, 0, a, v, 0, site, off);
			}
		}
	} else {
		uint32_t a = mem_addr(x, &o[ai].el[0], 1);
		uint32_t b = rd(x, &o[ai + 1].el[0], w, tk == 'f');
		uint32_t d = is_red ? tmp(x, 1) : wr(x, &o[0].el[0]);
		if (a == OPND_NONE || b == OPND_NONE || d == OPND_NONE)
			return -1;
		if (opname == AO_CAS) {
			uint32_t c = rd(x, &o[3].el[0], w, 0);
			if (c == OPND_NONE)
				return -1;
			uint32_t t = tmp(x, 2);
			uint32_t site = lower_site(x->lc, SITE_CMPXCHG, mm.space, (uint16_t)nb);
			emit(x, OP_CMPXCHG, nb, 0, t, a, b, c, site, mm.scope);
			emit(x, OP_MOV, w, 0, d, t, 0, 0, 0, 0);
		} else {
			static const uint8_t ops[][3] = {	/* unsigned/bits, signed, float */
				[AO_ADD] = { AT_ADD, AT_ADD, AT_FADD },
				[AO_MIN] = { AT_UMIN, AT_MIN, AT_FMIN },
				[AO_MAX] = { AT_UMAX, AT_MAX, AT_FMAX },
				[AO_AND] = { AT_AND, AT_AND, 0xff }, [AO_OR] = { AT_OR, AT_OR, 0xff },
				[AO_XOR] = { AT_XOR, AT_XOR, 0xff },
				[AO_EXCH] = { AT_XCHG, AT_XCHG, AT_XCHG },
				[AO_INC] = { AT_UINC, 0xff, 0xff }, [AO_DEC] = { AT_UDEC, 0xff, 0xff },
			};
			uint8_t f = ops[opname][tk == 's' ? 1 : tk == 'f' ? 2 : 0];
			if (f == 0xff || (tk == 'f' && w != 32 && w != 64) || w < 32)
				return px_fail(x, "atomic operation on this type");
			if (tk == 'f' && w == 64)
				f = f == AT_FADD ? AT_FADD64 : f == AT_FMIN ? AT_FMIN64 : f == AT_FMAX
				    ? AT_FMAX64 : f;
			uint32_t site = lower_site(x->lc, SITE_ATOMIC, mm.space, (uint16_t)nb);
			emit(x, OP_ATOMIC, nb, f, d, a, b, 0, site, mm.scope);
		}
	}
	if (mm.acquire)
		emit(x, OP_FENCE, 0, mm.scope, 0, 0, 0, 0, 0, 0);
	return 0;
}

static int lower_op(struct px *x, const char *op, struct pop *o, int nops)
{
	struct mods m;
	split_mods(op, &m);
	char base[24];
	if (m.len[0] >= sizeof base)
		return px_fail(x, NULL);
	memcpy(base, m.part[0], m.len[0]);
	base[m.len[0]] = '\0';
	unsigned w = m.nt ? m.w[m.nt - 1] : 0;
	char tk = m.nt ? m.tk[m.nt - 1] : 0;

	if (!strcmp(base, "ld") || !strcmp(base, "st") || !strcmp(base, "atom") || !strcmp(base, "red"))
		return lower_memop(x, base, &m, o, nops);
	if (strcmp(base, "mov") == 0)
		return lower_mov(x, &m, o, nops);
	if (strcmp(base, "setp") == 0 || strcmp(base, "set") == 0)
		return lower_setp(x, &m, o, nops, base[3] == '\0');
	if (strcmp(base, "cvt") == 0)
		return lower_cvt(x, &m, o, nops);
	if (strcmp(base, "bfind") == 0)
		return lower_bfind(x, &m, o, nops);
	if (strcmp(base, "shf") == 0)
		return lower_shf(x, &m, o, nops);
	if (base[0] == 'v' || strcmp(base, "dp4a") == 0 || strcmp(base, "dp2a") == 0) {
		if (strcmp(base, "vote") != 0)
			return lower_video(x, base, &m, o, nops);
	}
	if (tk == 'f' && m.nt == 1 && strcmp(base, "selp") != 0 && strcmp(base, "testp") != 0)
		return lower_float(x, base, &m, o, nops);
	if (!strcmp(base, "add") || !strcmp(base, "sub") || !strcmp(base, "addc") || !strcmp(base, "subc")
	    || !strcmp(base, "mul") || !strcmp(base, "mad") || !strcmp(base, "madc")) {
		if (m.nt != 1)
			return px_fail(x, NULL);
		return lower_arith(x, base, &m, o, nops);
	}
	/* no-operand and control instructions */
	if (!strcmp(base, "trap") || !strcmp(base, "brkpt") || !strcmp(base, "exit")) {
		if (nops != 0)
			return px_fail(x, "wrong number of operands");
		emit(x, OP_TRAP, 0, base[0] == 't' ? TRAP_TRAP : base[0] == 'b' ? TRAP_BRKPT : TRAP_EXIT,
		     0, 0, 0, 0, 0, 0);
		return 0;
	}
	if (!strcmp(base, "nanosleep") || !strcmp(base, "pmevent"))
		return 0;
	if (!strcmp(base, "membar") || !strcmp(base, "fence")) {
		int sc = has(&m, "cta") ? SCOPE_BLOCK : has(&m, "sys") ? SCOPE_SYSTEM : SCOPE_DEVICE;
		if (nops != 0 || has(&m, "proxy"))
			return px_fail(x, NULL);
		emit(x, OP_FENCE, 0, (unsigned)sc, 0, 0, 0, 0, 0, 0);
		return 0;
	}
	if ((!strcmp(base, "bar") || !strcmp(base, "barrier")) && m.n >= 2 && has(&m, "warp")) {
		if (nops_is(x, nops, 1) < 0)
			return -1;
		uint32_t a = rd(x, &o[0].el[0], 32, 0);
		if (a == OPND_NONE)
			return -1;
		emit(x, OP_SYNCWARP, 0, 0, 0, a, 0, 0, 0, 0);
		return 0;
	}
	if ((!strcmp(base, "bar") || !strcmp(base, "barrier")) && (has(&m, "sync") || m.n == 1)) {
		if (nops != 1 || o[0].nel != 1 || o[0].el[0].kind != PE_IMM || o[0].el[0].imm != 0)
			return px_fail(x, "only barrier 0 of the whole block");
		uint32_t site = lower_site(x->lc, SITE_BARRIER, 0, 0);
		emit(x, OP_BARRIER, 0, 0, 0, cst(x, 1), 0, 0, site, 0);
		return 0;
	}
	if (!strcmp(base, "activemask")) {
		if (nops_is(x, nops, 1) < 0)
			return -1;
		uint32_t d = wr(x, &o[0].el[0]);
		if (d == OPND_NONE)
			return -1;
		emit(x, OP_ACTIVEMASK, 32, 0, d, 0, 0, 0, 0, 0);
		return 0;
	}
	if (m.nt != 1)
		return px_fail(x, NULL);
	for (int i = 0; i < nops; i++)
		if (o[i].nel != 1)
			return px_fail(x, "vector operand");
	static const struct { const char *n; int op; int arity; } simple[] = {
		{ "and", OP_AND, 2 }, { "or", OP_OR, 2 }, { "xor", OP_XOR, 2 }, { "shl", OP_SHL, 2 },
		{ "div", OP_UDIV, 2 }, { "rem", OP_UREM, 2 }, { "min", OP_UMIN, 2 }, { "max", OP_UMAX, 2 },
		{ "shr", OP_LSHR, 2 }, { "not", OP_XOR, 1 }, { "neg", OP_SUB, 1 }, { "cnot", OP_ICMP, 1 },
		{ "abs", OP_IUNARY, 1 }, { "popc", OP_IUNARY, 1 }, { "clz", OP_IUNARY, 1 },
		{ "brev", OP_IUNARY, 1 }, { "selp", OP_SELECT, 3 }, { "prmt", OP_PRMT, 3 },
	};
	for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++) {
		if (strcmp(base, simple[i].n) != 0)
			continue;
		if (nops_is(x, nops, simple[i].arity + 1) < 0)
			return -1;
		int opc = simple[i].op;
		if (tk == 's') {
			opc = opc == OP_UDIV ? OP_SDIV : opc == OP_UREM ? OP_SREM : opc == OP_UMIN ? OP_SMIN
			    : opc == OP_UMAX ? OP_SMAX : opc == OP_LSHR ? OP_ASHR : opc;
		}
		if (opc == OP_PRMT && (w != 32 || m.n != 2))
			return px_fail(x, "prmt modes");
		uint32_t d = wr(x, &o[0].el[0]);
		uint32_t a = rd(x, &o[1].el[0], w, tk == 'f');
		uint32_t b = simple[i].arity > 1 ? rd(x, &o[2].el[0], opc == OP_SHL || opc == OP_LSHR
						      || opc == OP_ASHR ? 32 : w, tk == 'f') : 0;
		uint32_t c = simple[i].arity > 2 ? rd(x, &o[3].el[0], opc == OP_SELECT ? 1 : w, 0) : 0;
		if (d == OPND_NONE || a == OPND_NONE || b == OPND_NONE || c == OPND_NONE)
			return -1;
		if (opc == OP_SELECT) {
			emit(x, OP_SELECT, w, 0, d, c, a, b, 0, 0);
		} else if (opc == OP_PRMT) {
			emit(x, OP_PRMT, 32, 0, d, a, b, c, 0, 0);
		} else if (!strcmp(base, "not")) {
			emit(x, OP_XOR, w, 0, d, a, cst(x, wmask(w)), 0, 0, 0);
		} else if (!strcmp(base, "neg")) {
			emit(x, OP_SUB, w, 0, d, cst(x, 0), a, 0, 0, 0);
		} else if (!strcmp(base, "cnot")) {
			emit(x, OP_ICMP, w, ICMP_EQ, d, a, cst(x, 0), 0, 0, 0);
		} else if (opc == OP_IUNARY) {
			unsigned f = base[0] == 'a' ? 0 : base[0] == 'p' ? 1 : base[0] == 'c' ? 2 : 5;
			if (f == 0 && tk != 's')
				return px_fail(x, NULL);
			emit(x, OP_IUNARY, w, f, d, a, 0, 0, 0, 0);
			if (f == 1 || f == 2)
				emit(x, OP_MOV, 32, 0, d, d, 0, 0, 0, 0);
		} else {
			emit(x, (uint16_t)opc, w, 0, d, a, b, 0, 0, 0);
		}
		return 0;
	}
	return px_fail(x, NULL);
}

/* shfl[.sync].MODE.b32 d[|p], a, b, c[, membermask] (CUB's warp
** collectives): OP_SHFL gives the value and whether the source lane was
** in range; PRED (may be NULL) is the "|p" destination.  Without .sync
** (before sm_70) the lanes executing it take part. */
static int lower_shfl(struct px *x, const char *op, struct pop *o, int nops, struct pop *pred)
{
	struct mods m;
	split_mods(op, &m);
	int sync = has(&m, "sync");
	unsigned f = has(&m, "idx") ? 0 : has(&m, "up") ? 1 : has(&m, "down") ? 2
		     : has(&m, "bfly") ? 3 : 4;
	if (f == 4 || !has(&m, "b32"))
		return px_fail(x, NULL);
	if (nops_is(x, nops, sync ? 5 : 4) < 0)
		return -1;
	for (int i = 0; i < nops; i++)
		if (o[i].nel != 1)
			return px_fail(x, "vector operand");
	uint32_t d = wr(x, &o[0].el[0]);
	uint32_t v = rd(x, &o[1].el[0], 32, 0), l = rd(x, &o[2].el[0], 32, 0);
	uint32_t c = rd(x, &o[3].el[0], 32, 0);
	uint32_t mask = OPND_NONE;
	if (sync) {
		mask = rd(x, &o[4].el[0], 32, 0);
	} else {
		mask = tmp(x, 1);
		emit(x, OP_ACTIVEMASK, 32, 0, mask, 0, 0, 0, 0, 0);
	}
	uint32_t p = pred != NULL ? wr(x, &pred->el[0]) : 0;
	if (d == OPND_NONE || v == OPND_NONE || l == OPND_NONE || c == OPND_NONE || mask == OPND_NONE
	    || p == OPND_NONE)
		return -1;
	uint32_t t = tmp(x, 2);
	emit(x, OP_SHFL, 32, f, t, mask, v, l, c, 0);
	emit(x, OP_MOV, 32, 0, d, t, 0, 0, 0, 0);
	if (pred != NULL)
		emit(x, OP_MOV, 1, 0, p, t + 1, 0, 0, 0, 0);
	return 0;
}

/* ---- texture and surface instructions ---- */

/* "[handle, {c0, c1, ..}]": the handle's slot and the coordinates; a
** parameter of the function that is the handle is an object of KIND. */
static int parse_texaddr(struct px *x, const char *s, const char *e, unsigned kind, uint32_t *h,
			 struct pel *c)
{
	if (e - s < 2 || *s != '[' || e[-1] != ']')
		return px_fail(x, "expected [object, {coordinates}]");
	const char *ps[2], *pe[2];
	if (split_top(s + 1, e - 1, ps, pe, 2) != 2)
		return px_fail(x, "expected [object, {coordinates}]");
	struct pel he;
	if (parse_elem(x, ps[0], pe[0], &he) < 0)
		return -1;
	if (he.kind == PE_ASM && !x->aop[he.n].out && kind != TEXOBJ_NONE) {
		/* a parameter used as the object: without debug info (optimised
		** code) this is how it is known for one */
		LLVMValueRef v = LLVMGetOperand(x->call, x->aop[he.n].idx);
		struct func *fn = x->lc->f->params;
		for (uint32_t i = 0; fn && LLVMIsAArgument(v) && i < fn->nparams; i++)
			if (LLVMGetParam(x->lc->f->fn, i) == v && fn->params[i].texobj == TEXOBJ_NONE
			    && fn->params[i].size == 8 && !fn->params[i].is_ptr)
				fn->params[i].texobj = (uint8_t)kind;
	}
	*h = rd(x, &he, 64, 0);
	if (*h == OPND_NONE)
		return -1;
	return parse_group(x, ps[1], pe[1], c);
}

/* tex[.level].GEOM.v4.DTYPE.CTYPE {d0..d3}, [h, {c..}] [, lod]; and
** suld.b.GEOM[.vN].bW.MODE d, [h, {c..}]; sust.b.GEOM[.vN].bW.MODE
** [h, {c..}], v: the forms the CUDA headers and our prelude emit.  The
** coordinates go to four consecutive slots in the order x, y, z, layer
** (PTX puts an array's layer first). */
static int lower_texop(struct px *x, const char *op, const char *s, const char *e)
{
	struct mods m;
	split_mods(op, &m);
	int istex = m.len[0] == 3;
	int isst = !istex && op[1] == 'u' && op[2] == 's';
	int i = 1;
	if (istex && i < m.n && m.len[i] == 5 && !memcmp(m.part[i], "level", 5))
		i++;
	else if (!istex && (i >= m.n || m.len[i] != 1 || m.part[i][0] != 'b'))
		return px_fail(x, "only the unformatted (.b) surface instructions");
	else if (!istex)
		i++;
	static const char *const geoms[] = { "", "1d", "2d", "3d", "a1d", "a2d" };
	int g = 0;
	for (int k = 1; i < m.n && k < 6; k++)
		if (strlen(geoms[k]) == m.len[i] && !memcmp(m.part[i], geoms[k], m.len[i]))
			g = k;
	if (g == 0)
		return px_fail(x, "geometry (1d, 2d, 3d, a1d, a2d)");
	i++;
	unsigned vec = 1;
	if (i < m.n && m.len[i] == 2 && m.part[i][0] == 'v')
		vec = (unsigned)(m.part[i][1] - '0'), i++;
	unsigned nc = g == TG_3D ? 3 : g == TG_2D || g == TG_A1D ? 2 : g == TG_A2D ? 3 : 1;
	const char *ps[PX_OPNDS], *pe[PX_OPNDS];
	int nops = split_top(skipws(s, e), e, ps, pe, PX_OPNDS);
	struct pel dv[PX_VEC], cv[PX_VEC];
	uint32_t h;
	int nd, ncv;
	uint32_t coords = tmp(x, 4);
	struct program *p = x->lc->p;
	if (istex) {
		if (vec != 4 || m.nt != 2 || (m.tk[0] != 'f' && m.tk[0] != 's' && m.tk[0] != 'u')
		    || m.w[0] != 32 || m.w[1] != 32 || (m.tk[1] != 'f' && m.tk[1] != 's'))
			return px_fail(x, "only .v4 with .f32, .s32 or .u32 results and coordinates");
		if (nops < 2 || nops > 3 || (nd = parse_group(x, ps[0], pe[0], dv)) < 0)
			return nops < 2 || nops > 3 ? px_fail(x, "wrong number of operands") : -1;
		if ((ncv = parse_texaddr(x, ps[1], pe[1], TEXOBJ_TEX, &h, cv)) < 0)
			return -1;
		if (nd != 4 || (unsigned)ncv < nc)
			return px_fail(x, "operand count of the vectors");
	} else {
		if (i >= m.n || m.nt < 1 || m.tk[0] != 'b' || m.w[0] < 8
		    || (vec != 1 && vec != 2 && vec != 4))
			return px_fail(x, "element type .b8 .b16 .b32 .b64, .v2 or .v4");
		static const char *const modes[] = { "trap", "clamp", "zero" };
		int mode = -1;
		for (int k = 0; k < 3; k++)
			if (has(&m, modes[k]))
				mode = k;
		if (mode < 0)
			return px_fail(x, "boundary mode (.trap, .clamp, .zero)");
		if (nops != 2)
			return px_fail(x, "wrong number of operands");
		int ai = isst ? 0 : 1;
		if ((ncv = parse_texaddr(x, ps[ai], pe[ai], TEXOBJ_SURF, &h, cv)) < 0)
			return -1;
		if ((nd = parse_group(x, ps[1 - ai], pe[1 - ai], dv)) < 0)
			return -1;
		if ((unsigned)nd != vec || (unsigned)ncv < nc)
			return px_fail(x, "operand count of the vectors");
		i = mode;	/* kept for the emit below */
	}
	/* coordinates: x y z layer */
	int arr = g == TG_A1D || g == TG_A2D;
	int cf = istex && m.tk[1] == 'f';
	for (unsigned k = 0; k < 4; k++) {
		uint32_t v = cst(x, 0);
		int from = -1;
		if (arr)
			from = k == 3 ? 0 : k < nc - 1 ? (int)k + 1 : -1;
		else
			from = k < nc ? (int)k : -1;
		if (from >= 0) {
			v = rd(x, &cv[from], 32, cf && !(arr && from == 0));
			if (v == OPND_NONE)
				return -1;
		}
		emit(x, OP_MOV, 32, 0, coords + k, v, 0, 0, 0, 0);
	}
	unsigned dims = g == TG_A1D ? 1 : g == TG_A2D ? 2 : (unsigned)g;
	if (istex) {
		uint32_t d = tmp(x, 4);
		unsigned tw = (m.tk[1] == 's' ? TEXW_INTCOORDS : 0)
			      | (m.tk[0] == 's' ? TEXW_S32 : m.tk[0] == 'u' ? TEXW_U32 : TEXW_F32);
		uint32_t site = lower_site(x->lc, SITE_LOAD, AS_GLOBAL, 4);
		emit(x, OP_TEX, tw, (unsigned)g, d, h, coords, 0, site, 0);
		for (int k = 0; k < 4; k++) {
			uint32_t o = wr(x, &dv[k]);
			if (o == OPND_NONE)
				return -1;
			emit(x, OP_MOV, 32, 0, o, d + (uint32_t)k, 0, 0, 0, 0);
		}
		if (dims > p->tex_dims)
			p->tex_dims = (uint8_t)dims;
		p->tex_layered |= (uint8_t)arr;
		p->tex_int |= m.tk[0] != 'f';
		return 0;
	}
	unsigned eb = m.w[0] / 8;
	uint32_t v = tmp(x, vec);
	if (isst) {
		for (unsigned k = 0; k < vec; k++) {
			uint32_t a = rd(x, &dv[k], m.w[0], 0);
			if (a == OPND_NONE)
				return -1;
			emit(x, OP_MOV, m.w[0], 0, v + k, a, 0, 0, 0, 0);
		}
		uint32_t site = lower_site(x->lc, SITE_STORE, AS_GLOBAL, (uint16_t)eb);
		emit(x, OP_SUST, eb, (unsigned)g, v, h, coords, vec, site, i);
	} else {
		uint32_t site = lower_site(x->lc, SITE_LOAD, AS_GLOBAL, (uint16_t)eb);
		emit(x, OP_SULD, eb, (unsigned)g, v, h, coords, vec, site, i);
		for (unsigned k = 0; k < vec; k++) {
			uint32_t o = wr(x, &dv[k]);
			if (o == OPND_NONE)
				return -1;
			emit(x, OP_MOV, m.w[0], 0, o, v + k, 0, 0, 0, 0);
		}
	}
	if (dims > p->surf_dims)
		p->surf_dims = (uint8_t)dims;
	p->surf_layered |= (uint8_t)arr;
	if (eb * vec > (unsigned)p->surf_bytes * (p->surf_vec ? p->surf_vec : 1)) {
		p->surf_bytes = (uint8_t)eb;
		p->surf_vec = (uint8_t)vec;
	}
	return 0;
}

/* ---- labels and branches ---- */

/* The end of the name at S: PTX identifier characters, and clang's
** ${:uid} (GCC's %=, a number unique to the asm statement, which is all
** this lowering sees at a time). */
static const char *name_end(const char *s, const char *e)
{
	while (s < e) {
		if (e - s >= 7 && memcmp(s, "${:uid}", 7) == 0)
			s += 7;
		else if (isalnum((unsigned char)*s) || *s == '_' || *s == '$' || *s == '%')
			s++;
		else
			break;
	}
	return s;
}

/* A place where lanes that went apart meet: the scheduler merges lanes
** at a branch, so the way in by falling through is a BR too.  Returns the
** place's pc (the next instruction). */
static uint32_t join(struct px *x)
{
	uint32_t pc = emit(x, OP_BR, 0, 0, 0, 0, 0, 0, 0, 0);
	x->lc->f->code[pc].imm = pc + 1;
	return pc + 1;
}

/* The label NAME (N bytes), or -1. */
static int find_label(const struct px *x, const char *name, size_t n)
{
	for (int i = 0; i < x->nlab; i++)
		if (strlen(x->lab[i].name) == n && memcmp(x->lab[i].name, name, n) == 0)
			return i;
	return -1;
}

/*
** bra and bra.uni to the label named in [S, E): a BR, or under guard slot
** G a CBR that jumps when G is set (clear with GNEG) and falls through
** otherwise.  The target is patched in at the end (lower_asm); lanes that
** split here meet again by the interpreter's minimum-pc rule, within the
** statement.  Only the statement's own labels are targets: one statement
** is lowered at a time, and the compiler may copy or move it.
*/
static int lower_bra(struct px *x, const char *s, const char *e, uint32_t g, int gneg)
{
	s = skipws(s, e);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	const char *ne = name_end(s, e);
	if (ne == s || ne != e)
		return px_fail(x, "the target must be a label");
	int li = find_label(x, s, (size_t)(e - s));
	if (li < 0) {
		char why[120];
		snprintf(why, sizeof why, "no label '%.*s' in this asm statement (a branch cannot "
			 "leave it)", (int)(e - s) > 48 ? 48 : (int)(e - s), s);
		return px_fail(x, why);
	}
	if (x->njump == PX_JUMPS)
		return px_fail(x, "too many branches");
	uint32_t pc;
	if (g == OPND_NONE) {
		pc = emit(x, OP_BR, 0, 0, 0, 0, 0, 0, 0, 0);
	} else {
		/* the untaken side is the next instruction */
		pc = emit(x, OP_CBR, 0, 0, 0, g, 0, 0, 0, 0);
		if (gneg)
			x->lc->f->code[pc].imm = pc + 1;
		else
			x->lc->f->code[pc].x = pc + 1;
	}
	x->jump[x->njump].pc = pc;
	x->jump[x->njump].lab = li;
	x->jump[x->njump].taken = g == OPND_NONE || !gneg;
	x->njump++;
	return 0;
}

/* One statement between semicolons: a .reg declaration, or an optionally
** guarded instruction. */
static int lower_stmt(struct px *x, const char *s, const char *e)
{
	s = skipws(s, e);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	if (s == e)
		return 0;
	x->insn = NULL;
	if ((size_t)(e - s) > 4 && memcmp(s, ".reg", 4) == 0
	    && (isspace((unsigned char)s[4]) || s[4] == '.'))	/* cuda_fp16.h: ".reg.b32 f;" */
		return declare(x, s, e);
	if (*s == '.')
		return px_fail(x, "directives other than .reg");
	/* guard */
	int gneg = 0, guard = -1;
	if (*s == '@') {
		s++;
		if (s < e && *s == '!')
			gneg = 1, s++;
		const char *g = s;
		while (s < e && !isspace((unsigned char)*s))
			s++;
		guard = find_local(x, g, (size_t)(s - g));
		if (guard < 0)
			return px_fail(x, "unknown guard predicate");
		s = skipws(s, e);
	}
	char *op = x->opbuf;
	size_t n = 0;
	while (s < e && !isspace((unsigned char)*s) && n < sizeof x->opbuf - 1)
		op[n++] = *s++;
	op[n] = '\0';
	x->insn = op;
	if (!strcmp(op, "bra") || !strcmp(op, "bra.uni"))
		return lower_bra(x, s, e, guard < 0 ? OPND_NONE : x->loc[guard].slot, gneg);
	if (!strncmp(op, "bra", 3) || !strncmp(op, "brx", 3) || !strcmp(op, "ret")
	    || !strncmp(op, "call", 4))
		return px_fail(x, NULL);
	int memop = !strncmp(op, "ld.", 3) || !strncmp(op, "st.", 3) || !strncmp(op, "atom.", 5)
		    || !strncmp(op, "red.", 4);
	if (!strncmp(op, "prefetch", 8))
		return 0;	/* a hint */
	if (!strncmp(op, "tex.", 4) || !strncmp(op, "suld.", 5) || !strncmp(op, "sust.", 5)) {
		if (guard >= 0)
			return px_fail(x, "guard on this instruction");
		return lower_texop(x, op, s, e);
	}
	struct pop o[PX_OPNDS];
	const char *ps[PX_OPNDS], *pe[PX_OPNDS];
	int nops = split_top(skipws(s, e), e, ps, pe, PX_OPNDS);
	if (nops < 0)
		return px_fail(x, "too many operands");
	/* shfl's destination may be "d|p": the value and whether its
	** source lane was in range */
	struct pop pred;
	int haspred = 0;
	if (!strncmp(op, "shfl", 4) && nops > 0) {
		const char *bar = memchr(ps[0], '|', (size_t)(pe[0] - ps[0]));
		if (bar != NULL) {
			if (parse_opnd(x, bar + 1, pe[0], &pred) < 0)
				return -1;
			pe[0] = bar;
			haspred = 1;
		}
	}
	for (int i = 0; i < nops; i++)
		if (parse_opnd(x, ps[i], pe[i], &o[i]) < 0)
			return -1;
	if (!strncmp(op, "shfl", 4)) {
		if (guard >= 0)
			return px_fail(x, "guard on this instruction");
		return lower_shfl(x, op, o, nops, haspred ? &pred : NULL);
	}
	if (guard < 0)
		return lower_op(x, op, o, nops);
	int nodest = !strncmp(op, "bar", 3) || !strncmp(op, "membar", 6) || !strncmp(op, "fence", 5)
		     || !strcmp(op, "trap") || !strcmp(op, "brkpt") || !strcmp(op, "exit");
	if (memop || nodest || nops < 1 || o[0].nel != 1 || strstr(op, ".cc")
	    || !strncmp(op, "addc", 4) || !strncmp(op, "subc", 4) || !strncmp(op, "madc", 4)) {
		/* what a select cannot undo (a memory access, the carry flag,
		** no or several destinations): a branch around it, since the
		** lanes whose guard fails do not execute it */
		uint32_t pc = emit(x, OP_CBR, 0, 0, 0, x->loc[guard].slot, 0, 0, 0, 0);
		if (lower_op(x, op, o, nops) < 0)
			return -1;
		uint32_t past = join(x);
		struct insn *I = &x->lc->f->code[pc];
		I->imm = gneg ? past : pc + 1;
		I->x = gneg ? pc + 1 : past;
		x->tail = 1;
		return 0;
	}
	/* @p: compute into a temporary, then select it into the destination */
	struct pel dst = o[0].el[0];
	uint32_t dslot = wr(x, &dst);
	if (dslot == OPND_NONE)
		return -1;
	if (x->nloc == PX_LOCALS)
		return px_fail(x, "too many .reg locals");
	int li = x->nloc++;
	snprintf(x->loc[li].name, sizeof x->loc[0].name, " guard%d", li);
	x->loc[li].w = 64;
	x->loc[li].slot = tmp(x, 1);
	o[0].el[0].kind = PE_LOCAL;
	o[0].el[0].n = (uint32_t)li;
	if (lower_op(x, op, o, nops) < 0)
		return -1;
	uint32_t g = x->loc[guard].slot;
	emit(x, OP_SELECT, 64, 0, dslot, g, gneg ? dslot : x->loc[li].slot,
	     gneg ? x->loc[li].slot : dslot, 0, 0);
	return 0;
}

/* Binds $N to outputs (the call's result slots) and inputs (its arguments). */
static int bind_operands(struct px *x, LLVMValueRef asmval)
{
	size_t len = 0;
	const char *cs = LLVMGetInlineAsmConstraintString(asmval, &len);
	const char *p = cs, *e = cs + len;
	unsigned argi = 0;
	struct { int out; unsigned arg; } tied[PX_ASMOPS];
	int ntied = 0;
	while (p < e) {
		const char *c = memchr(p, ',', (size_t)(e - p));
		if (!c)
			c = e;
		if (*p == '~') {
			p = c + 1;
			continue;
		}
		if (memchr(p, '*', (size_t)(c - p)) || memchr(p, 'm', (size_t)(c - p)))
			return px_fail(x, "memory operands are not supported");
		if (x->naop == PX_ASMOPS)
			return px_fail(x, "too many operands");
		if (*p == '=') {
			x->aop[x->naop].out = 1;
			x->aop[x->naop].idx = (uint32_t)x->nout++;
		} else {
			if (isdigit((unsigned char)*p)) {
				tied[ntied].out = atoi(p);
				tied[ntied++].arg = argi;
			}
			x->aop[x->naop].out = 0;
			x->aop[x->naop].idx = argi++;
		}
		x->naop++;
		p = c + 1;
	}
	LLVMTypeRef rt = LLVMTypeOf(x->call);
	unsigned nres = LLVMGetTypeKind(rt) == LLVMVoidTypeKind ? 0 : lower_nflat(x->lc, rt);
	if (nres != (unsigned)x->nout || argi != LLVMGetNumArgOperands(x->call))
		return px_fail(x, "operands do not match the constraints");
	x->outbase = x->nout ? lower_slot(x->lc, x->call) : 0;
	for (int i = 0; i < ntied; i++) {
		if (tied[i].out < 0 || tied[i].out >= x->naop || !x->aop[tied[i].out].out)
			return px_fail(x, "bad tied operand");
		uint32_t v = lower_opnd(x->lc, LLVMGetOperand(x->call, tied[i].arg), 0);
		if (v == OPND_NONE)
			return -1;
		emit(x, OP_MOV, 64, 0, x->outbase + x->aop[tied[i].out].idx, v, 0, 0, 0, 0);
	}
	return 0;
}

/* A label at S ("NAME:"): the end of its name, or NULL. */
static const char *label_at(const char *s, const char *e)
{
	const char *n = name_end(s, e);
	if (n == s || isdigit((unsigned char)*s))
		return NULL;
	const char *c = skipws(n, e);
	return c < e && *c == ':' ? n : NULL;
}

/* Opens (+1) or closes (-1) a { } scope: the .reg locals declared in it
** go out of sight when it closes. */
static int scope(struct px *x, int dir)
{
	if (dir > 0) {
		if (x->depth == PX_SCOPES)
			return px_fail(x, "{ } nested too deep");
		x->mark[x->depth++] = x->nloc;
	} else {
		if (x->depth == 0)
			return px_fail(x, "unbalanced braces");
		x->nloc = x->mark[--x->depth];
	}
	return 0;
}

/*
** Walks the asm text: { } scopes, labels, statements (ending at ';'),
** // and block comments.  The first walk (LOWER 0) only collects the labels,
** so that a branch may name one further down; the second places them and
** lowers the statements.
*/
static int walk(struct px *x, int lower)
{
	const char *s = x->text, *e = x->text + x->textlen;
	x->depth = 0;
	while (s < e) {
		s = skipws(s, e);
		if (s == e)
			break;
		if (e - s >= 2 && s[0] == '/' && s[1] == '/') {
			while (s < e && *s != '\n')
				s++;
			continue;
		}
		if (e - s >= 2 && s[0] == '/' && s[1] == '*') {
			const char *c = s + 2;
			while (c + 1 < e && !(c[0] == '*' && c[1] == '/'))
				c++;
			s = c + 1 < e ? c + 2 : e;
			continue;
		}
		if (*s == '{' || *s == '}') {
			x->insn = NULL;
			if (lower && scope(x, *s == '{' ? 1 : -1) < 0)
				return -1;
			s++;
			continue;
		}
		const char *ln = label_at(s, e);
		if (ln) {
			size_t n = (size_t)(ln - s);
			int li = find_label(x, s, n);
			snprintf(x->opbuf, sizeof x->opbuf, "%.*s:", (int)(n > 48 ? 48 : n), s);
			x->insn = x->opbuf;
			if (!lower) {
				if (li >= 0)
					return px_fail(x, "the label is defined twice");
				if (n >= sizeof x->lab[0].name)
					return px_fail(x, "label too long");
				if (x->nlab == PX_LABELS)
					return px_fail(x, "too many labels");
				memcpy(x->lab[x->nlab].name, s, n);
				x->lab[x->nlab].name[n] = '\0';
				x->lab[x->nlab++].pc = UINT32_MAX;
			} else {
				x->lab[li].pc = join(x);
			}
			s = skipws(ln, e) + 1;
			continue;
		}
		/* a statement ends at ';', or where a comment starts */
		const char *c = s;
		while (c < e && *c != ';' && !(c + 1 < e && c[0] == '/' && (c[1] == '/' || c[1] == '*')))
			c++;
		if (lower && lower_stmt(x, s, c) < 0)
			return -1;
		s = c < e && *c == ';' ? c + 1 : c;
	}
	x->insn = NULL;
	if (lower && x->depth != 0)
		return px_fail(x, "unbalanced braces");
	return 0;
}

int lower_asm(struct lctx *lc, LLVMValueRef call, LLVMValueRef asmval)
{
	struct px *x = xcalloc(1, sizeof *x);
	x->lc = lc;
	x->call = call;
	x->text = LLVMGetInlineAsmAsmString(asmval, &x->textlen);
	x->cf = OPND_NONE;
	int r = walk(x, 0);
	if (r == 0)
		r = bind_operands(x, asmval);
	if (r == 0)
		r = walk(x, 1);
	if (r == 0 && x->njump) {
		struct fctx *fc = lc->f;
		for (int i = 0; i < x->njump; i++) {
			uint32_t to = x->lab[x->jump[i].lab].pc;
			struct insn *I = &fc->code[x->jump[i].pc];
			if (x->jump[i].taken)
				I->imm = to;
			else
				I->x = to;
			x->tail |= to == fc->ncode;
		}
	}
	if (r == 0 && x->tail)	/* a place to land inside the statement */
		emit(x, OP_NOP, 0, 0, 0, 0, 0, 0, 0, 0);
	free(x);
	return r < 0 ? -1 : 0;
}
