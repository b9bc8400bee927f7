/*
** mam_seg.c: the first tier of the shadow, segment records, and the
** segments' read-only history.
**
** A page is 32 segments of 8 words.  While a quarter-warp's instructions
** cover a whole segment, lane l on word l, one record per instruction
** stands for what 8 hot cells would hold (seg_access(), in mam_seg.h for
** mam_access to inline), and the records give way to the hot cells
** (seg_spill) as soon as a word is used on its own.  The read-only
** history of a global segment holds other blocks' plain reads of words
** that have no full cell, the entries their history lists c would hold,
** so that a word every block only reads needs no full cell (docs/MODEL.md,
** "Shadow layout").
*/
#include <string.h>

#include "memmodel/mam_seg.h"

void seg_spill(struct page *pg, struct seg *s)
{
	struct hot *h = &pg->cells[(s - pg->seg) * SEG_WORDS];
	for (unsigned i = 0; i < SEG_WORDS; i++) {
		h[i].gen = s->gen;
		h[i].ext = 0;
		h[i].n = (uint8_t)s->n;
		for (unsigned k = 0; k < s->n; k++) {
			const struct wrec *r = &s->rec[k];
			h[i].u.s[k].stamp = r->stamp;
			h[i].u.s[k].who = r->who0 + i;
			h[i].u.s[k].val = r->val[i];
			h[i].u.s[k].kf = r->kf;
		}
	}
	if (s->touched < s->gen)
		s->touched = s->gen;
	s->gen = 0;
}

/* The read-only history of the segment of global word UADDR, or NULL;
** *BIT is the word's bit in it. */
static struct roc *roc_of(struct mam *m, uint64_t uaddr, uint16_t *bit)
{
	uint64_t off = MEM_OFF(uaddr);
	struct page *pg = page_of(m, MEM_ID(uaddr), off);
	if (pg == NULL)
		return NULL;
	*bit = (uint16_t)(1u << ((off >> 2) & (SEG_WORDS - 1)));
	return pg->roc[(off >> SEG_SHIFT) & (PAGE_SEGS - 1)];
}

int seg_ro_has(struct mam *m, uint64_t uaddr)
{
	uint16_t bit;
	const struct roc *r = roc_of(m, uaddr, &bit);
	return r != NULL && (r->words & bit);
}

void seg_ro_move(struct mam *m, struct cell *x, uint64_t uaddr)
{
	uint16_t bit;
	struct roc *r = roc_of(m, uaddr, &bit);
	if (r == NULL || !(r->words & bit))
		return;
	unsigned wi = (unsigned)__builtin_ctz(bit);
	struct hist *h = cell_hist(m, x);
	for (unsigned i = 0; i < r->n; i++) {
		struct roe *e = &r->v[i];
		if (e->word != wi)
			continue;
		if (h != NULL && cell_hput(m, &h->c, HC_R, e->block, e->stamp, e->who, e->kf,
					   e->val, NONE32) < 0)
			model_drop(m);
		e->word = RO_GONE;
	}
	r->words &= (uint16_t)~bit;
	for (unsigned k = 0; k < r->ninsn; k++)
		r->mask[k] &= (uint16_t)~bit;
}

struct roc *seg_roc_room(struct mam *m, struct roc **rp, unsigned need)
{
	struct roc *r = *rp;
	if (r == NULL) {
		if ((r = store_alloc(m, AR_MISC, sizeof *r)) == NULL)
			return NULL;
		memset(r, 0, sizeof *r);
		*rp = r;
	}
	if (r->n + need > r->cap) {
		unsigned nc = r->cap ? 2u * r->cap : 16;
		while (nc < r->n + need)
			nc *= 2;
		struct roe *v = store_alloc(m, AR_MISC, nc * sizeof *v);
		if (v == NULL)
			return NULL;
		if (r->n)
			memcpy(v, r->v, r->n * sizeof *v);
		r->v = v;
		r->cap = (uint16_t)nc;
	}
	return r;
}

void seg_roc_put(struct roc *r, unsigned wi, uint32_t blk, uint32_t stamp, uint32_t who,
		 uint32_t val, uint8_t kf)
{
	unsigned k = roc_find(r, W_INSN(who));
	if (k == RO_INSNS) {
		k = r->ninsn++;
		r->insn[k] = W_INSN(who);
		r->mask[k] = 0;
	}
	r->mask[k] |= (uint16_t)(1u << wi);
	r->words |= (uint16_t)(1u << wi);
	struct roe *e = &r->v[r->n++];
	e->block = blk;
	e->stamp = stamp;
	e->who = who;
	e->val = val;
	e->kf = kf;
	e->word = (uint8_t)wi;
}

int seg_ro_absorb(struct mam *m, const struct hot *h, uint64_t uaddr)
{
	uint16_t bit;
	uint64_t off = MEM_OFF(uaddr);
	struct page *pg = page_of(m, MEM_ID(uaddr), off);
	if (pg == NULL)
		return 0;
	bit = (uint16_t)(1u << ((off >> 2) & (SEG_WORDS - 1)));
	struct roc **rp = &pg->roc[(off >> SEG_SHIFT) & (PAGE_SEGS - 1)], *r = *rp;
	uint32_t blk = NONE32;
	unsigned add[2], nadd = 0, newk = r ? r->ninsn : 0;
	for (unsigned i = 0; i < h->n; i++) {
		const struct slot *a = &h->u.s[i];
		if (sclass(a->kf) != CL_R)
			return 0;
		uint32_t insn = W_INSN(a->who);
		if (nadd && W_INSN(h->u.s[add[0]].who) == insn)
			continue;	/* retire() keeps the first */
		unsigned k = roc_find(r, insn);
		if (k < RO_INSNS && (r->mask[k] & bit))
			continue;	/* c has one of the instruction already */
		if (k == RO_INSNS && newk++ >= RO_INSNS)
			return 0;
		if (blk == NONE32)
			blk = m->gens[h->gen - m->launch_gen].block;
		if (model_released(m, blk, a->who, a->kf, a->stamp, uaddr) != NONE32)
			return 0;
		add[nadd++] = i;
	}
	if (nadd == 0)
		return 1;
	if ((r = seg_roc_room(m, rp, nadd)) == NULL)
		return 0;
	for (unsigned j = 0; j < nadd; j++) {
		const struct slot *a = &h->u.s[add[j]];
		seg_roc_put(r, (unsigned)__builtin_ctz(bit), blk, a->stamp, a->who, a->val, a->kf);
	}
	return 1;
}

int seg_ro_read(struct mam *m, const struct mam_warp_ctx *w, struct acc *b, uint64_t addr,
		unsigned lane)
{
	uint64_t off = MEM_OFF(addr);
	struct page *pg = page_of(m, MEM_ID(addr), off);
	if (pg == NULL || pg->cells == NULL)
		return 0;
	uint32_t wi = (uint32_t)(off >> 2) & (PAGE_WORDS - 1);
	struct seg *s = &pg->seg[wi / SEG_WORDS];
	struct hot *h = &pg->cells[wi];
	if (s->gen >= m->launch_gen || h->gen < m->launch_gen || h->gen >= m->block_gen || h->ext)
		return 0;
	/* the usual case: every read's instruction has its entry for the
	** word in the read-only history already, so nothing joins it */
	const struct roc *r = pg->roc[(off >> SEG_SHIFT) & (PAGE_SEGS - 1)];
	uint16_t bit = (uint16_t)(1u << (wi & (SEG_WORDS - 1)));
	unsigned i = 0;
	while (i < h->n && sclass(h->u.s[i].kf) == CL_R && roc_has(r, W_INSN(h->u.s[i].who), bit))
		i++;
	if (i < h->n && !seg_ro_absorb(m, h, addr))
		return 0;
	s->touched = m->gen;
	m->st.units++;
	m->st.lane_accesses++;
	h->gen = m->gen;
	h->n = 1;
	b->has_val = 0;
	b->val = 0;
	b->tid = (uint16_t)(w->warp * 32 + lane);
	slot_set(&h->u.s[0], b);
	return 1;
}
