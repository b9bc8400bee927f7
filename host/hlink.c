/*
** hlink.c: a launch site inside a host function whose shape or scalars
** are the function's parameters (`extern "C" void launch_x(dim3 g, dim3 b,
** float *p, int n)`) takes them from the function's callers, in every
** file read (hostsite.h, hostsites_link): one site per call, the call's
** arguments put in for the parameters.  A parameter no caller reaches is
** unbound, and a site built from it is no launch the program is seen to
** make.  A struct's field read through a pointer, or a global, takes the
** values the program stores to it (struct hmemvar, struct hmstore): one
** site per store, with the conditions the storing function keeps to.
** Free of LLVM: it works on the expressions lower_host.c recorded
** (struct hparam, struct hcall).
*/
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "host/hexpr_int.h"
#include "host/hostsite.h"

#define LINK_MAX_DEPTH 8	/* levels of callers followed */
#define LINK_MAX_SITES 64	/* sites made from one launch */
#define LINK_MAX_NODES 4096	/* nodes one site's substitution may add */
#define LINK_NODES_MAX (1u << 22)	/* nodes of one hostsites, as lower_host.c */
#define LINK_FAIL (UINT32_MAX - 1)	/* a substitution gave up */

struct link {
	struct hostsites *hs;
	uint32_t *pof;		/* per variable: its index in hs->params, or UINT32_MAX */
	uint32_t *mof;		/* per variable: its index in hs->mvars, or UINT32_MAX */
	char **called, **defined;	/* hs's, sorted (not owned) */
	int has_main;		/* a file read defines main */
	uint8_t *open;		/* per parameter: main's, the program's input */
	uint32_t *ncalls;	/* per parameter: the calls of its function */
	struct hsite *out;	/* the sites after linking */
	uint32_t nout, capout;
	uint32_t made;		/* sites made from the launch being expanded */
	uint32_t budget;	/* nodes the current substitution may still add */
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int in_set(char **set, uint32_t n, const char *name)
{
	return n && bsearch(&name, set, n, sizeof *set, cmp_str) != NULL;
}

/* Whether a store or call in function FN (its symbol; NULL: none, as a
** global's initializer) is made: FN is main, or some file read calls it
** or takes its address, or no file read defines main (a library's
** functions are called from outside).  In a program, a function nothing
** calls never runs. */
static int live(const struct link *lk, const char *fn)
{
	return fn == NULL || !lk->has_main || strcmp(fn, "main") == 0 || in_set(lk->called, lk->hs->ncalled, fn);
}

/* Whether call C calls the function parameter P belongs to. */
static int calls_fn(const struct hcall *c, const struct hparam *p)
{
	return strcmp(c->fn, p->fn) == 0 && (!p->local || c->unit == p->unit);
}

static int same_fn(const struct hparam *a, const struct hparam *b)
{
	return a->unit == b->unit && strcmp(a->fn, b->fn) == 0;
}

/* Appends node N (folded to a constant when its operands are), or
** LINK_FAIL past the budget. */
static uint32_t push(struct link *lk, struct hexpr n)
{
	struct hostsites *hs = lk->hs;
	if (lk->budget == 0 || hs->nx >= LINK_NODES_MAX)
		return LINK_FAIL;
	lk->budget--;
	VEC_PUSH(hs->x, hs->nx, hs->capx, n);
	uint32_t e = hs->nx - 1;
	unsigned k = hexpr_nops(n.op);
	int folds = k > 0 && hs->x[n.a].op == HX_CONST && (k < 2 || hs->x[n.b].op == HX_CONST)
		    && (k < 3 || hs->x[n.c].op == HX_CONST);
	uint64_t v;
	if (folds && hexpr_eval(hs, e, NULL, &v) == 0)
		hs->x[e] = (struct hexpr){ .op = HX_CONST, .width = n.width, .is_float = n.is_float, .value = v };
	return e;
}

/* E with each variable V that MAP gives (MAP[V] != HX_NONE) replaced. */
static uint32_t subst(struct link *lk, uint32_t e, const uint32_t *map, int depth)
{
	if (e == HX_NONE)
		return HX_NONE;
	struct hexpr x = lk->hs->x[e];
	if (x.op == HX_CONST)
		return e;
	if (x.op == HX_VAR)
		return map[x.value] != HX_NONE ? map[x.value] : e;
	if (depth > 256)
		return LINK_FAIL;
	unsigned k = hexpr_nops(x.op);
	uint32_t a = subst(lk, x.a, map, depth + 1);
	uint32_t b = k > 1 ? subst(lk, x.b, map, depth + 1) : x.b;
	uint32_t c = k > 2 ? subst(lk, x.c, map, depth + 1) : x.c;
	if (a == LINK_FAIL || b == LINK_FAIL || c == LINK_FAIL)
		return LINK_FAIL;
	if (a == x.a && b == x.b && c == x.c)
		return e;
	x.a = a;
	x.b = b;
	x.c = c;
	return push(lk, x);
}

/* What call C passes for parameter P: its slice, or the bits of a wider
** integer slice of the same argument; HX_NONE when the call's value is not
** known (the parameter stays a variable for that call). */
static uint32_t arg_expr(struct link *lk, const struct hparam *p, const struct hcall *c)
{
	const struct hostsites *hs = lk->hs;
	for (uint32_t i = 0; i < c->nsl; i++) {
		const struct hslice *sl = &c->sl[i];
		if (sl->arg == p->arg && sl->bit == p->bit && sl->width == p->width
		    && sl->is_float == p->is_float && sl->byval == p->byval && sl->bytes == p->bytes
		    && sl->deref == p->deref && memcmp(sl->hop, p->hop, p->deref * sizeof *p->hop) == 0
		    && hs->x[sl->expr].width == p->width && hs->x[sl->expr].is_float == p->is_float)
			return sl->expr;
	}
	for (uint32_t i = 0; i < c->nsl && !p->is_float && !p->byval && !p->bytes && !p->deref; i++) {
		const struct hslice *sl = &c->sl[i];
		if (sl->arg != p->arg || sl->byval || sl->bytes || sl->deref || sl->is_float || sl->bit > p->bit
		    || p->bit + p->width > sl->bit + sl->width || hs->x[sl->expr].width != sl->width)
			continue;
		uint32_t e = sl->expr;
		if (p->bit > sl->bit) {
			uint32_t sh = push(lk, (struct hexpr){ .op = HX_CONST, .width = sl->width,
							       .value = p->bit - sl->bit });
			e = sh == LINK_FAIL ? sh : push(lk, (struct hexpr){ .op = HX_LSHR, .width = sl->width,
									.a = e, .b = sh });
		}
		if (e != LINK_FAIL && p->width < sl->width)
			e = push(lk, (struct hexpr){ .op = HX_TRUNC, .width = p->width, .a = e });
		return e == LINK_FAIL ? HX_NONE : e;
	}
	return HX_NONE;
}

/* Narrows the bound on VAR in *BS (added when new) to [LO, HI]. */
static void meet(struct hbound **bs, uint32_t *n, uint32_t *cap, uint32_t var, int64_t lo, int64_t hi)
{
	for (uint32_t i = 0; i < *n; i++) {
		if ((*bs)[i].var != var)
			continue;
		if (lo > (*bs)[i].lo)
			(*bs)[i].lo = lo;
		if (hi < (*bs)[i].hi)
			(*bs)[i].hi = hi;
		return;
	}
	struct hbound b = { var, lo, hi };
	VEC_PUSH(*bs, *n, *cap, b);
}

/*
** The bounds of site T, made from site S by MAP for call C: S's bounds on
** the variables kept, a bound on a parameter moved to the variable the call
** passes for it (a constant the call passes must keep to it), and the
** call's own; only those on T's variables.  -1 when no value can keep to
** them: the program never reaches the launch from that call.
*/
static int clone_bounds(struct link *lk, const struct hsite *s, const uint32_t *map, const struct hcall *c,
			struct hsite *t)
{
	struct hostsites *hs = lk->hs;
	struct hbound *bs = NULL;
	uint32_t n = 0, cap = 0, m = 0;
	int ok = 1;
	for (uint32_t i = 0; i < s->nbounds && ok; i++) {
		const struct hbound *b = &s->bounds[i];
		uint32_t r = map[b->var];
		if (r == HX_NONE) {
			meet(&bs, &n, &cap, b->var, b->lo, b->hi);
			continue;
		}
		const struct hexpr *x = &hs->x[r];
		if (x->op == HX_CONST)
			ok = hbound_holds(hs, b, x->value);
		else if (x->op == HX_VAR && hs->vars[x->value].width == hs->vars[b->var].width
			 && hs->vars[x->value].is_signed == hs->vars[b->var].is_signed)
			meet(&bs, &n, &cap, (uint32_t)x->value, b->lo, b->hi);
	}
	for (uint32_t i = 0; i < c->nbounds; i++)
		meet(&bs, &n, &cap, c->bounds[i].var, c->bounds[i].lo, c->bounds[i].hi);
	uint8_t *used = xcalloc(hs->nvars + 1, 1);
	hostsite_vars(hs, t, used);
	for (uint32_t i = 0; i < n && ok; i++) {
		ok = bs[i].lo <= bs[i].hi;
		if (used[bs[i].var])
			bs[m++] = bs[i];
	}
	free(used);
	t->bounds = m && ok ? bs : NULL;
	t->nbounds = ok ? m : 0;
	if (!m || !ok)
		free(bs);
	return ok ? 0 : -1;
}

/* Site S with MAP's values put in for its variables (call C's), into *T:
** 0, or -1 when the substitution gave up or the call reaches no launch. */
static int clone_site(struct link *lk, const struct hsite *s, const uint32_t *map, const struct hcall *c,
		      const uint32_t *xg, uint32_t nxg, struct hsite *t)
{
	memset(t, 0, sizeof *t);
	lk->budget = LINK_MAX_NODES;
	t->kernel = xstrdup(s->kernel);
	t->file = s->file ? xstrdup(s->file) : NULL;
	t->line = s->line;
	t->col = s->col;
	t->nargs = s->nargs;
	uint32_t bad = 0;
	for (int d = 0; d < 3; d++) {
		bad |= (t->grid[d] = subst(lk, s->grid[d], map, 0)) == LINK_FAIL;
		bad |= (t->block[d] = subst(lk, s->block[d], map, 0)) == LINK_FAIL;
	}
	bad |= (t->shmem = subst(lk, s->shmem, map, 0)) == LINK_FAIL;
	uint32_t na = s->nargs ? s->nargs : 1;
	t->args = xcalloc(na, sizeof *t->args);
	t->buf_bytes = xcalloc(na, sizeof *t->buf_bytes);
	t->argname = xcalloc(na, sizeof *t->argname);
	t->nfields = xcalloc(na, sizeof *t->nfields);
	t->fields = xcalloc(na, sizeof *t->fields);
	t->fieldname = xcalloc(na, sizeof *t->fieldname);
	t->uninit = xcalloc(na, 1);
	for (uint32_t a = 0; a < s->nargs; a++) {
		bad |= (t->args[a] = subst(lk, s->args[a], map, 0)) == LINK_FAIL;
		bad |= (t->buf_bytes[a] = subst(lk, s->buf_bytes[a], map, 0)) == LINK_FAIL;
		t->argname[a] = s->argname && s->argname[a] ? xstrdup(s->argname[a]) : NULL;
		t->uninit[a] = s->uninit ? s->uninit[a] : 0;
		uint32_t nf = s->nfields && s->fields && s->fields[a] ? s->nfields[a] : 0;
		if (nf == 0)
			continue;
		t->nfields[a] = nf;
		t->fields[a] = xcalloc(nf, sizeof *t->fields[a]);
		t->fieldname[a] = xcalloc(nf, sizeof *t->fieldname[a]);
		for (uint32_t f = 0; f < nf; f++) {
			t->fields[a][f].off = s->fields[a][f].off;
			bad |= (t->fields[a][f].expr = subst(lk, s->fields[a][f].expr, map, 0)) == LINK_FAIL;
			const char *fn = s->fieldname && s->fieldname[a] ? s->fieldname[a][f] : NULL;
			t->fieldname[a][f] = fn ? xstrdup(fn) : NULL;
		}
	}
	if (s->nguards + nxg) {
		t->guards = xcalloc(s->nguards + nxg, sizeof *t->guards);
		t->nguards = s->nguards + nxg;
		for (uint32_t k = 0; k < s->nguards; k++) {
			uint32_t e = t->guards[k] = subst(lk, s->guards[k], map, 0);
			/* a guard the call's constants break: no launch there */
			bad |= e == LINK_FAIL || (lk->hs->x[e].op == HX_CONST && !(lk->hs->x[e].value & 1));
		}
		for (uint32_t k = 0; k < nxg; k++)	/* the store's, over its own unknowns */
			t->guards[s->nguards + k] = xg[k];
	}
	if (bad || clone_bounds(lk, s, map, c, t) < 0) {
		hsite_free(t);
		return -1;
	}
	return 0;
}

/* Whether variable V is a parameter of a function nothing read calls. */
static int unbound(const struct link *lk, uint32_t v)
{
	uint32_t p = lk->pof[v];
	return p != UINT32_MAX && !lk->open[p] && lk->ncalls[p] == 0;
}

/* Site S's unbound parameters (into TRIED): a buffer size built from one is
** left unknown; 0, or -1 when its shape, shared size, a scalar or a field
** is built from one (the site is no launch the program is seen to make). */
static int drop_unbound(struct link *lk, struct hsite *s, const uint8_t *used, uint8_t *tried)
{
	struct hostsites *hs = lk->hs;
	uint8_t *core = xcalloc(hs->nvars + 1, 1);
	for (int d = 0; d < 3; d++) {
		hexpr_vars(hs, s->grid[d], core);
		hexpr_vars(hs, s->block[d], core);
	}
	hexpr_vars(hs, s->shmem, core);
	for (uint32_t a = 0; a < s->nargs; a++) {
		hexpr_vars(hs, s->args[a], core);
		for (uint32_t f = 0; s->nfields && s->fields && s->fields[a] && f < s->nfields[a]; f++)
			hexpr_vars(hs, s->fields[a][f].expr, core);
	}
	int rc = 0;
	for (uint32_t v = 0; v < hs->nvars; v++) {
		if (!used[v] || !unbound(lk, v))
			continue;
		tried[v] = 1;
		if (core[v])
			rc = -1;
	}
	free(core);
	if (rc < 0)
		return rc;
	for (uint32_t a = 0; a < s->nargs; a++) {
		uint8_t *u = xcalloc(hs->nvars + 1, 1);
		hexpr_vars(hs, s->buf_bytes[a], u);
		for (uint32_t v = 0; v < hs->nvars; v++)
			if (u[v] && unbound(lk, v)) {
				s->buf_bytes[a] = HX_NONE;
				if (s->uninit)
					s->uninit[a] = 0;
			}
		free(u);
	}
	return 0;
}

static void expand(struct link *lk, struct hsite *s, const uint8_t *tried0, int depth);

/* Whether a file read defines function SYM, or it is one of the C
** library's that only read what they are given. */
static int defined_or_reads(const struct link *lk, const char *sym)
{
	static const char *const reads[] = { "free", "printf", "fprintf", "puts", "fputs", "fwrite", "memcmp",
					     "strlen", "strcmp" };
	for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++)
		if (strcmp(sym, reads[i]) == 0)
			return 1;
	return in_set(lk->defined, lk->hs->ndefined, sym);
}

/* How store W bears on memory variable M: 0 not at all, 1 a value for
** it, -1 a write the reader did not follow (M stays free). */
static int store_for(const struct link *lk, const struct hmemvar *m, const struct hmstore *w)
{
	if (w->global != m->global || strcmp(w->key, m->key) != 0 || !live(lk, w->fn)
	    || ((m->local || w->local) && w->unit != m->unit))
		return 0;
	if (w->whole)
		return w->via == NULL || !defined_or_reads(lk, w->via) ? -1 : 0;
	uint64_t we = (uint64_t)w->off + (w->width ? (w->width + 7u) / 8u : 1u);
	uint64_t me = (uint64_t)m->off + (m->width + 7u) / 8u;
	if (we <= m->off || me <= w->off)
		return 0;
	if (w->expr == HX_NONE || w->off != m->off || w->width != m->width || w->is_float != m->is_float)
		return -1;
	return 1;
}

/* Whether P is a place where the program goes on (a return, or a call of
** a function some file read defines): a call of the C library's reads no
** program memory. */
static int goes_on(const struct link *lk, const struct hpoint *p)
{
	return p->callee == NULL || in_set(lk->defined, lk->hs->ndefined, p->callee);
}

/* The conditions store W's value keeps to (into C's bounds and *G, owned):
** those at the store, and those on the way to every place after it where
** its function goes on into the program (a call of a function some file
** read defines, a return): `n = atoi(argv[1]); if (n % 16) exit(1);
** run();` stores n, and n % 16 == 0 holds wherever the program goes on. */
static void store_conds(const struct link *lk, const struct hmstore *w, struct hcall *c, uint32_t **g,
			uint32_t *ng)
{
	uint32_t cap = 0, bcap = 0;
	*g = NULL;
	*ng = 0;
	for (uint32_t i = 0; i < w->nbounds; i++)
		meet(&c->bounds, &c->nbounds, &bcap, w->bounds[i].var, w->bounds[i].lo, w->bounds[i].hi);
	for (uint32_t i = 0; i < w->nguards; i++)
		VEC_PUSH(*g, *ng, cap, w->guards[i]);
	const struct hpoint *first = NULL;
	for (uint32_t i = 0; i < w->npts; i++) {
		const struct hpoint *p = &w->pts[i];
		if (first == NULL && goes_on(lk, p))
			first = p;
	}
	for (uint32_t k = 0; first && k < first->nguards; k++) {
		int all = 1;
		for (uint32_t i = 0; i < w->npts && all; i++) {
			const struct hpoint *p = &w->pts[i];
			if (!goes_on(lk, p))
				continue;
			int has = 0;
			for (uint32_t j = 0; j < p->nguards && !has; j++)
				has = p->guards[j] == first->guards[k];
			all = has;
		}
		if (all)
			VEC_PUSH(*g, *ng, cap, first->guards[k]);
	}
	for (uint32_t k = 0; first && k < first->nbounds; k++) {
		struct hbound b = first->bounds[k];
		int all = 1;
		for (uint32_t i = 0; i < w->npts && all; i++) {
			const struct hpoint *p = &w->pts[i];
			if (!goes_on(lk, p))
				continue;
			int has = 0;
			for (uint32_t j = 0; j < p->nbounds && !has; j++) {
				if (p->bounds[j].var != b.var)
					continue;
				has = 1;
				b.lo = p->bounds[j].lo < b.lo ? p->bounds[j].lo : b.lo;
				b.hi = p->bounds[j].hi > b.hi ? p->bounds[j].hi : b.hi;
			}
			all = has;
		}
		if (all)
			meet(&c->bounds, &c->nbounds, &bcap, b.var, b.lo, b.hi);
	}
}

/* Whether W is a global's initializer of zero. */
static int init_zero(const struct hostsites *hs, const struct hmstore *w)
{
	return w->global && w->fn == NULL && w->expr != HX_NONE && hs->x[w->expr].op == HX_CONST
	       && hs->x[w->expr].value == 0;
}

/*
** Site S (owned, freed here when expanded) built from a memory variable
** (a field read through a pointer, a global) not in TRIED whose every
** write the reader followed: one site per store, its value put in and
** its conditions added, each expanded again.  0 when S has no such
** variable (it is left to the parameters' expansion); a variable with a
** write not followed, or no store made, stays free.
*/
static int expand_mem(struct link *lk, struct hsite *s, const uint8_t *used, uint8_t *tried, int depth)
{
	struct hostsites *hs = lk->hs;
	for (uint32_t v = 0; v < hs->nvars; v++) {
		if (!used[v] || tried[v] || lk->mof[v] == UINT32_MAX)
			continue;
		tried[v] = 1;
		const struct hmemvar *m = &hs->mvars[lk->mof[v]];
		uint32_t nval = 0;
		int free_ = 0;
		for (uint32_t i = 0; i < hs->nmstores && !free_; i++) {
			int r = store_for(lk, m, &hs->mstores[i]);
			free_ = r < 0;
			nval += r > 0;
		}
		if (free_ || nval == 0)
			continue;
		/* a global's zero initializer (C's default) is no value of
		** its own where code stores one */
		int zero_init = 0;
		for (uint32_t i = 0; i < hs->nmstores; i++)
			if (store_for(lk, m, &hs->mstores[i]) > 0 && init_zero(hs, &hs->mstores[i]))
				zero_init = 1;
		int skip0 = zero_init && nval > 1;
		uint32_t *map = xmalloc((hs->nvars + 1) * sizeof *map);
		for (uint32_t i = 0; i < hs->nmstores && lk->made < LINK_MAX_SITES; i++) {
			const struct hmstore *w = &hs->mstores[i];
			if (store_for(lk, m, w) <= 0 || (skip0 && init_zero(hs, w)))
				continue;
			for (uint32_t k = 0; k <= hs->nvars; k++)
				map[k] = HX_NONE;
			map[v] = w->expr;
			struct hcall c = { 0 };
			uint32_t *g, ng;
			store_conds(lk, w, &c, &g, &ng);
			struct hsite t;
			if (clone_site(lk, s, map, &c, g, ng, &t) == 0)
				expand(lk, &t, tried, depth + 1);
			free(c.bounds);
			free(g);
		}
		free(map);
		hsite_free(s);
		return 1;
	}
	return 0;
}

/* A buffer size of site S that is still the bytes of a pointer parameter
** (its caller's buffer unknown, or its callers not all known) is unknown. */
static void unsized(struct link *lk, struct hsite *s)
{
	struct hostsites *hs = lk->hs;
	uint8_t *u = xcalloc(hs->nvars + 1, 1);
	for (uint32_t a = 0; a < s->nargs; a++) {
		memset(u, 0, hs->nvars + 1);
		hexpr_vars(hs, s->buf_bytes[a], u);
		for (uint32_t v = 0; v < hs->nvars && s->buf_bytes[a] != HX_NONE; v++)
			if (u[v] && lk->pof[v] != UINT32_MAX && hs->params[lk->pof[v]].bytes)
				s->buf_bytes[a] = HX_NONE;
	}
	free(u);
}

/*
** Site S (owned: moved to the output or freed): when it is built from a
** parameter of a function with callers (one not in TRIED, per variable),
** one site per call with that function's parameters put in, each expanded
** again one level up; a site built from an unbound parameter is dropped;
** else S as it is.
*/
static void expand(struct link *lk, struct hsite *s, const uint8_t *tried0, int depth)
{
	struct hostsites *hs = lk->hs;
	uint8_t *used = xcalloc(hs->nvars + 1, 1), *tried = xcalloc(hs->nvars + 1, 1);
	memcpy(tried, tried0, hs->nvars);
	hostsite_vars(hs, s, used);
	if (drop_unbound(lk, s, used, tried) < 0) {
		hs->nunbound++;
		hsite_free(s);
		goto out;
	}
	if (depth < LINK_MAX_DEPTH && lk->made < LINK_MAX_SITES && expand_mem(lk, s, used, tried, depth))
		goto out;
	uint32_t pick = UINT32_MAX;
	for (uint32_t v = 0; v < hs->nvars && pick == UINT32_MAX; v++)
		if (used[v] && !tried[v] && lk->pof[v] != UINT32_MAX && !lk->open[lk->pof[v]])
			pick = lk->pof[v];
	if (pick == UINT32_MAX || depth >= LINK_MAX_DEPTH || lk->made >= LINK_MAX_SITES) {
		if (lk->made < LINK_MAX_SITES || depth == 0) {
			unsized(lk, s);
			VEC_PUSH(lk->out, lk->nout, lk->capout, *s);
			lk->made++;
		} else {
			hsite_free(s);
		}
		goto out;
	}
	const struct hparam *P = &hs->params[pick];
	for (uint32_t v = 0; v < hs->nvars; v++)
		if (used[v] && lk->pof[v] != UINT32_MAX && same_fn(&hs->params[lk->pof[v]], P))
			tried[v] = 1;
	uint32_t *map = xmalloc((hs->nvars + 1) * sizeof *map);
	for (uint32_t i = 0; i < hs->ncalls && lk->made < LINK_MAX_SITES; i++) {
		const struct hcall *c = &hs->calls[i];
		if (!calls_fn(c, P) || !live(lk, c->from))
			continue;
		for (uint32_t v = 0; v <= hs->nvars; v++)
			map[v] = HX_NONE;
		lk->budget = LINK_MAX_NODES;
		for (uint32_t v = 0; v < hs->nvars; v++)
			if (used[v] && lk->pof[v] != UINT32_MAX && same_fn(&hs->params[lk->pof[v]], P))
				map[v] = arg_expr(lk, &hs->params[lk->pof[v]], c);
		struct hsite t;
		if (clone_site(lk, s, map, c, c->guards, c->nguards, &t) == 0)
			expand(lk, &t, tried, depth + 1);
	}
	free(map);
	hsite_free(s);
out:
	free(used);
	free(tried);
}

/* Fills LK's per-variable and per-parameter tables. */
static void link_init(struct link *lk, struct hostsites *hs)
{
	memset(lk, 0, sizeof *lk);
	lk->hs = hs;
	lk->pof = xmalloc((hs->nvars + 1) * sizeof *lk->pof);
	for (uint32_t v = 0; v <= hs->nvars; v++)
		lk->pof[v] = UINT32_MAX;
	lk->mof = xmalloc((hs->nvars + 1) * sizeof *lk->mof);
	for (uint32_t v = 0; v <= hs->nvars; v++)
		lk->mof[v] = UINT32_MAX;
	for (uint32_t i = 0; i < hs->nmvars; i++)
		if (hs->mvars[i].var < hs->nvars)
			lk->mof[hs->mvars[i].var] = i;
	lk->called = xmalloc((hs->ncalled + 1) * sizeof *lk->called);
	lk->defined = xmalloc((hs->ndefined + 1) * sizeof *lk->defined);
	if (hs->ncalled)
		memcpy(lk->called, hs->called, hs->ncalled * sizeof *lk->called);
	if (hs->ndefined)
		memcpy(lk->defined, hs->defined, hs->ndefined * sizeof *lk->defined);
	qsort(lk->called, hs->ncalled, sizeof *lk->called, cmp_str);
	qsort(lk->defined, hs->ndefined, sizeof *lk->defined, cmp_str);
	lk->has_main = in_set(lk->defined, hs->ndefined, "main");
	lk->open = xcalloc(hs->nparams + 1, 1);
	lk->ncalls = xcalloc(hs->nparams + 1, sizeof *lk->ncalls);
	for (uint32_t i = 0; i < hs->nparams; i++) {
		const struct hparam *p = &hs->params[i];
		if (p->var < hs->nvars)
			lk->pof[p->var] = i;
		/* main's parameters are the program's input; a function whose
		** address is taken is bound by its direct calls alone, as the
		** calls through pointers are not seen */
		lk->open[i] = strcmp(p->fn, "main") == 0;
		for (uint32_t k = 0; k < hs->ncalls; k++)
			lk->ncalls[i] += calls_fn(&hs->calls[k], p) && live(lk, hs->calls[k].from);
	}
}

static void link_free(struct link *lk)
{
	free(lk->pof);
	free(lk->mof);
	free(lk->called);
	free(lk->defined);
	free(lk->open);
	free(lk->ncalls);
}

/* Whether expression E uses a variable read back from the device (beyond
** 64 levels: taken not to). */
static int uses_device(const struct hostsites *hs, uint32_t e, int depth)
{
	if (e == HX_NONE || e >= hs->nx || depth > 64)
		return 0;
	const struct hexpr *x = &hs->x[e];
	if (x->op == HX_CONST)
		return 0;
	if (x->op == HX_VAR)
		return x->value < hs->nvars && hs->vars[x->value].from_device;
	unsigned k = hexpr_nops(x->op);
	return uses_device(hs, x->a, depth + 1) || (k > 1 && uses_device(hs, x->b, depth + 1))
	       || (k > 2 && uses_device(hs, x->c, depth + 1));
}

/* The variables read from buffers given to functions that fill them with
** read-back values, in any file read (a function of internal linkage in
** its own), are read back; then the phis that take them, to a fixed
** point. */
static void given_device(struct hostsites *hs)
{
	int any = 0;
	for (uint32_t i = 0; i < hs->ngiven; i++) {
		const struct hgiven *g = &hs->given[i];
		for (uint32_t k = 0; k < hs->ndevargs && !hs->vars[g->var].from_device; k++) {
			const struct hdevarg *d = &hs->devargs[k];
			if (d->arg == g->arg && strcmp(d->fn, g->fn) == 0 && (!d->local || d->unit == g->unit)) {
				hs->vars[g->var].from_device = 1;
				any = 1;
			}
		}
	}
	for (int changed = any, round = 0; changed && round < 64; round++) {
		changed = 0;
		for (uint32_t i = 0; i < hs->nphideps; i++) {
			const struct hphidep *p = &hs->phideps[i];
			if (!hs->vars[p->var].from_device && uses_device(hs, p->expr, 0)) {
				hs->vars[p->var].from_device = 1;
				changed = 1;
			}
		}
	}
}

void hostsites_link(struct hostsites *hs)
{
	given_device(hs);
	struct link lk;
	link_init(&lk, hs);
	uint8_t *tried = xcalloc(hs->nvars + 1, 1);
	for (uint32_t i = 0; i < hs->ns; i++) {
		struct hsite s = hs->s[i];
		memset(&hs->s[i], 0, sizeof hs->s[i]);
		lk.made = 0;
		expand(&lk, &s, tried, 0);
	}
	free(tried);
	free(hs->s);
	hs->s = lk.out;
	hs->ns = lk.nout;
	hs->caps = lk.capout;
	link_free(&lk);
}

char **hostsites_wanted(const struct hostsites *hs)
{
	struct link lk;
	link_init(&lk, (struct hostsites *)hs);
	/* the variables a site depends on, then those the calls of their
	** functions pass, to a fixed point */
	uint8_t *used = xcalloc(hs->nvars + 1, 1), *callee = xcalloc(hs->ncalls + 1, 1);
	for (uint32_t i = 0; i < hs->ns; i++)
		hostsite_vars(hs, &hs->s[i], used);
	uint8_t *mdone = xcalloc(hs->nmvars + 1, 1);
	for (int changed = 1; changed;) {
		changed = 0;
		/* a memory variable's stores' values */
		for (uint32_t i = 0; i < hs->nmvars; i++) {
			if (mdone[i] || !used[hs->mvars[i].var])
				continue;
			mdone[i] = 1;
			changed = 1;
			for (uint32_t k = 0; k < hs->nmstores; k++)
				if (store_for(&lk, &hs->mvars[i], &hs->mstores[k]) > 0)
					hexpr_vars(hs, hs->mstores[k].expr, used);
		}
		for (uint32_t k = 0; k < hs->ncalls; k++) {
			for (uint32_t i = 0; i < hs->nparams && !callee[k]; i++)
				callee[k] = !hs->params[i].bytes && used[hs->params[i].var]
					    && calls_fn(&hs->calls[k], &hs->params[i]);
			if (!callee[k] || callee[k] == 2)
				continue;
			callee[k] = 2;
			changed = 1;
			for (uint32_t j = 0; j < hs->calls[k].nsl; j++)
				hexpr_vars(hs, hs->calls[k].sl[j].expr, used);
		}
	}
	char **names = NULL;
	uint32_t n = 0, cap = 0;
	for (uint32_t i = 0; i < hs->nparams + hs->nmvars; i++) {
		/* unbound parameters' functions; the members and globals
		** memory variables read, whose stores a file may make */
		const char *nm;
		if (i < hs->nparams) {
			const struct hparam *p = &hs->params[i];
			if (p->bytes || !used[p->var] || !unbound(&lk, p->var) || p->local)
				continue;
			nm = p->base;
		} else {
			const struct hmemvar *m = &hs->mvars[i - hs->nparams];
			if (!mdone[i - hs->nparams] || m->local || m->member == NULL)
				continue;
			nm = strrchr(m->member, '.') ? strrchr(m->member, '.') + 1 : m->member;
		}
		if (nm[0] == '\0' || strchr(nm, '[') || strchr(nm, ':'))
			continue;
		int dup = 0;
		for (uint32_t k = 0; k < n && !dup; k++)
			dup = strcmp(names[k], nm) == 0;
		if (!dup)
			VEC_PUSH(names, n, cap, xstrdup(nm));
	}
	free(mdone);
	free(used);
	free(callee);
	link_free(&lk);
	if (n == 0)
		return NULL;
	VEC_PUSH(names, n, cap, NULL);
	return names;
}
