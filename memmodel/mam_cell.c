/*
** mam_cell.c: the third tier of the shadow, full cells, with their
** histories and byte cells.
**
** A full cell holds the owner block's summaries of its latest interval
** and of that interval's window (mam_int.h), 8 slots each, for global
** memory a history of the owner's older accesses (d) and of earlier
** blocks (c), and after a sub-word access the word's four byte cells.  It
** is reset lazily: another block's cell is retired into its history c
** (global) or starts over (shared) when the running block first touches
** it.
*/
#include <string.h>

#include "memmodel/mam_int.h"

struct cell *cell_new(struct mam *m)
{
	struct cell *x = m->free_cells;
	if (x != NULL)
		m->free_cells = x->sub;
	else if ((x = store_alloc(m, AR_MISC, sizeof *x)) == NULL)
		return NULL;
	x->owner = NONE32;
	x->sub = NULL;
	x->h = NULL;
	x->e[0].epoch = x->e[1].epoch = NONE32;
	x->e[0].n = x->e[1].n = 0;
	return x;
}

/* A copy of history list L in per-launch storage, values sliced to byte
** BYTE.  Returns 0, or -1 over budget. */
static int hlist_slice(struct mam *m, struct hlist *to, const struct hlist *l, unsigned byte)
{
	*to = *l;
	if (l->cap == 0)
		return 0;
	to->v = store_alloc(m, AR_MISC, l->cap * sizeof *to->v);
	if (to->v == NULL)
		return -1;
	for (unsigned k = 0; k < l->n; k++) {
		to->v[k] = l->v[k];
		to->v[k].val = (l->v[k].val >> (8 * byte)) & 0xff;
	}
	return 0;
}

int cell_split(struct mam *m, struct cell *c)
{
	struct cell *s = store_alloc(m, AR_MISC, 4 * sizeof *s);
	struct hist *h = c->h ? store_alloc(m, AR_MISC, 4 * sizeof *h) : NULL;
	if (s == NULL || (c->h && h == NULL))
		return -1;
	for (unsigned i = 0; i < 4; i++) {
		s[i] = *c;
		s[i].sub = NULL;
		for (unsigned j = 0; j < 2; j++)
			for (unsigned k = 0; k < c->e[j].n; k++)
				s[i].e[j].s[k].val = (c->e[j].s[k].val >> (8 * i)) & 0xff;
		if (h) {
			if (hlist_slice(m, &h[i].d, &c->h->d, i) < 0
			    || hlist_slice(m, &h[i].c, &c->h->c, i) < 0)
				return -1;
			s[i].h = &h[i];
		}
	}
	c->sub = s;
	return 0;
}

int cell_hput(struct mam *m, struct hlist *l, unsigned hc, uint32_t blk, uint32_t st,
	      uint32_t x, uint8_t f, uint32_t val, uint32_t rel)
{
	int known = (f & F_VAL) != 0, has_class = 0;
	unsigned count[HC__N] = { 0 };
	for (unsigned i = 0; i < l->n; i++) {
		struct hent *e = &l->v[i];
		count[e->hc]++;
		if (e->hc != hc)
			continue;
		has_class = 1;
		if (W_INSN(e->who) != W_INSN(x))
			continue;
		if (hc == HC_W && (!known || val != e->val))
			e->kf &= (uint8_t)~F_VAL;
		if (e->rel != NONE32 && rel == NONE32) {
			/* an access no release orders is the better witness */
			e->block = blk;
			e->stamp = st;
			e->who = x;
			e->rel = NONE32;
		}
		return 0;
	}
	struct hent *e;
	if (l->n < l->cap) {
		e = &l->v[l->n++];
	} else if (l->cap < HIST_CAP) {
		unsigned nc = l->cap ? 2u * l->cap : 2;
		struct hent *v = store_alloc(m, AR_MISC, nc * sizeof *v);
		if (v == NULL)
			return -1;
		if (l->n)
			memcpy(v, l->v, l->n * sizeof *v);
		l->v = v;
		l->cap = (uint16_t)nc;
		e = &l->v[l->n++];
	} else if (has_class) {
		m->st.overflows++;
		if (hc == HC_W)
			for (unsigned i = 0; i < l->n; i++)
				if (l->v[i].hc == HC_W && (!known || val != l->v[i].val))
					l->v[i].kf &= (uint8_t)~F_VAL;
		return 0;
	} else {
		m->st.overflows++;
		unsigned big = 0;
		for (unsigned k = 1; k < HC__N; k++)
			if (count[k] > count[big])
				big = k;
		unsigned i = l->n;
		while (l->v[--i].hc != big)
			;
		e = &l->v[i];
	}
	e->block = blk;
	e->stamp = st;
	e->who = x;
	e->val = val;
	e->rel = rel;
	e->kf = f;
	e->hc = (uint8_t)hc;
	return 0;
}

struct hist *cell_hist(struct mam *m, struct cell *c)
{
	if (c->h == NULL) {
		c->h = store_alloc(m, AR_MISC, sizeof *c->h);
		if (c->h == NULL) {
			model_drop(m);
			return NULL;
		}
		memset(c->h, 0, sizeof *c->h);
	}
	return c->h;
}

void cell_fold_one(struct mam *m, struct cell *c, const struct slot *a)
{
	struct hist *h = cell_hist(m, c);
	if (h != NULL && cell_hput(m, &h->d, hclass(sclass(a->kf), a->kf), 0, a->stamp, a->who,
				   a->kf, a->val, NONE32) < 0)
		model_drop(m);
}

/* Interval summary S of global cell C is about to be forgotten: its
** accesses join the owner's history d. */
static void fold_sum(struct mam *m, struct cell *c, const struct sum *s)
{
	for (unsigned i = 0; i < s->n; i++)
		cell_fold_one(m, c, &s->s[i]);
}

/* The owner block of global cell C (unit UADDR) is done: its history
** joins c, each access with the release of its block it is ordered
** before. */
static void retire(struct mam *m, struct cell *c, uint64_t uaddr)
{
	/* the older interval first: its accesses become the witnesses */
	unsigned first = c->e[1].epoch < c->e[0].epoch;
	for (unsigned j = 0; j < 2; j++)
		if (c->e[first ^ j].epoch != NONE32)
			fold_sum(m, c, &c->e[first ^ j]);
	struct hist *h = c->h;
	if (h == NULL)
		return;
	for (unsigned k = 0; k < h->d.n; k++) {
		const struct hent *e = &h->d.v[k];
		if (cell_hput(m, &h->c, e->hc, c->owner, e->stamp, e->who, e->kf, e->val,
			      model_released(m, c->owner, e->who, e->kf, e->stamp, uaddr)) < 0)
			model_drop(m);
	}
	h->d.n = 0;
}

/* Forgets summary S of cell C (of SPACE): on global memory its accesses
** join the owner's history d first. */
static void sum_drop(struct mam *m, struct cell *c, unsigned space, struct sum *s)
{
	if (space == MAM_SPACE_GLOBAL && s->epoch != NONE32)
		fold_sum(m, c, s);
	s->epoch = NONE32;
	s->n = 0;
}

/* Summary DST of cell C takes the accesses of SRC, as model_insert() keeps
** them with nothing ordered but a thread's own accesses (FOLD: global). */
static void sum_merge(struct mam *m, struct cell *c, int fold, struct sum *dst,
		      const struct sum *src)
{
	for (unsigned i = 0; i < src->n; i++) {
		const struct slot *a = &src->s[i];
		struct acc x = { .stamp = a->stamp, .insn = W_INSN(a->who),
				 .tid = (uint16_t)W_TID(a->who), .kind = (uint8_t)KF_KIND(a->kf),
				 .scope = (uint8_t)KF_SCOPE(a->kf), .has_val = (a->kf & F_VAL) != 0,
				 .val = a->val };
		x.writes = (uint8_t)kind_writes(x.kind);
		x.atomic = (uint8_t)kind_atomic(x.kind);
		model_insert(m, NULL, c, fold, dst->s, &dst->n, SUM_CAP, &x);
	}
}

/*
** Cell C (unit of SPACE) of the running block is first touched in interval
** E.  Its newer summary, of interval L, and the older one, L's window,
** make E's window (the other slot of e[]) and e[E & 1] starts empty.  E's
** window is intervals lo .. E-1 (lo from win_gen).  When L > lo, one run
** of instances of E's barrier covers L's window too, so the two merge,
** older accesses first; when L == lo it is L alone; when L < lo, or C
** holds nothing, it is empty.  What leaves the window goes to the history
** d on global memory (sum_drop()).
*/
static void cell_advance(struct mam *m, struct cell *c, unsigned space, uint32_t e)
{
	uint32_t lo = m->win_gen - m->block_gen;
	struct sum *cur = &c->e[e & 1], *win = &c->e[(e & 1) ^ 1];
	unsigned ni = c->e[0].epoch == NONE32
		      || (c->e[1].epoch != NONE32 && c->e[1].epoch > c->e[0].epoch);
	struct sum *nw = &c->e[ni], *ol = &c->e[ni ^ 1];
	if (nw->epoch == NONE32 || nw->epoch < lo) {
		sum_drop(m, c, space, ol);
		sum_drop(m, c, space, nw);
	} else if (nw->epoch == lo) {
		sum_drop(m, c, space, ol);
		if (nw != win)
			*win = *nw;
	} else {
		struct sum t = *nw;
		if (ol != win)
			*win = *ol;
		if (win->epoch == NONE32) {
			win->epoch = t.epoch;
			win->n = 0;
		}
		sum_merge(m, c, space == MAM_SPACE_GLOBAL, win, &t);
	}
	cur->epoch = e;
	cur->n = 0;
}

void cell_unit(struct mam *m, const struct mam_warp_ctx *w, struct cell *c, unsigned space,
	       uint64_t uaddr, const struct acc *b, struct seen *sn)
{
	uint32_t e = m->epoch;
	if (c->owner != m->block) {
		if (space == MAM_SPACE_GLOBAL && c->owner != NONE32)
			retire(m, c, uaddr);
		c->owner = m->block;
		c->e[0].epoch = c->e[1].epoch = NONE32;
		c->e[0].n = c->e[1].n = 0;
		m->st.units++;
	}
	struct sum *a = &c->e[e & 1];
	if (a->epoch != e)
		cell_advance(m, c, space, e);
	if (a->n)
		model_check_slots(m, w, a->s, a->n, 0, b, space, uaddr, sn);
	if (e > 0 && m->bar_of_epoch[e] < m->capbars) {
		const struct sum *p = &c->e[(e & 1) ^ 1];
		const struct mam_barrier_info *bi = &m->bars[m->bar_of_epoch[e]];
		if (p->epoch != NONE32 && p->n && !(bi->needed_its && bi->needed_ls))
			model_check_slots(m, w, p->s, p->n, 1, b, space, uaddr, sn);
	}
	if (c->h && c->h->c.n)
		model_check_blocks(m, c->h, b, uaddr, sn);
	model_insert(m, w, c, space == MAM_SPACE_GLOBAL, a->s, &a->n, SUM_CAP, b);
}
