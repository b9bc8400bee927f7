/*
** mam_seg.h: the segment records' fast path, the part of their tier
** (mam_seg.c) that mam_access inlines.  mam_access tries a record on
** every quarter-warp: with seg_run() out of line, bench/mambench's
** whole-segment streams ran 7-9% slower and matmul_tiled's detection
** (simbench --detect) 3-6%; with only seg_absorb() out of line, which it
** takes about once per segment and block, the shared stream ran 3-5%
** slower.  Included by mam.c and mam_seg.c only.
*/
#ifndef SIMULEE_MAM_SEG_H
#define SIMULEE_MAM_SEG_H

#include <string.h>

#include "memmodel/mam_int.h"

/*
** The read-only history of a global segment: plain reads of finished
** blocks at words that have no full cell, the entries the words' history
** lists c would hold, in the order they would hold them (one per word and
** instruction, the first, no release after it).  A word's entries move to
** its c when it gets a full cell (anything but a plain read of a later
** block needs one), so a word that every block only reads keeps a hot cell
** and costs one entry per instruction for the whole launch.
*/
#define RO_INSNS 4
struct roe {
	uint32_t block, stamp, who, val;
	uint8_t kf, word;	/* word: 0..SEG_WORDS-1, RO_GONE once moved */
	uint8_t pad[2];
};
#define RO_GONE 0xffu
struct roc {
	uint32_t insn[RO_INSNS];
	uint16_t mask[RO_INSNS];	/* words with an entry of insn[k] */
	uint16_t words;			/* words with any entry */
	uint16_t n, cap;
	uint8_t ninsn;
	struct roe *v;
};

/* The read-only history *RP with room for NEED more entries, made when
** missing; NULL over budget. */
struct roc *seg_roc_room(struct mam *m, struct roc **rp, unsigned need);

/* Adds to R (with room) the entry of word WI for an access of block BLK. */
void seg_roc_put(struct roc *r, unsigned wi, uint32_t blk, uint32_t stamp, uint32_t who,
		 uint32_t val, uint8_t kf);

/* The index of instruction INSN in R (may be NULL), or RO_INSNS. */
static inline unsigned roc_find(const struct roc *r, uint32_t insn)
{
	for (unsigned k = 0; r != NULL && k < r->ninsn; k++)
		if (r->insn[k] == insn)
			return k;
	return RO_INSNS;
}

/* Whether R has an entry of instruction INSN for the word of BIT. */
static inline int roc_has(const struct roc *r, uint32_t insn, uint16_t bit)
{
	unsigned k = roc_find(r, insn);
	return k < RO_INSNS && (r->mask[k] & bit) != 0;
}

/*
** Global segment S (read-only history *RP) holds records of generation G,
** another block's, and a plain read of a later block covers it: what the
** lane-by-lane path would do, word by word, when every record is plain
** reads (seg_ro_absorb(): their entries join the read-only history, one
** per word and instruction, the first; the words start over).  Returns 1
** when done, 0 with nothing changed when some word would need a full cell
** instead (a record that is not plain reads, a fifth instruction, a
** release of the block, the budget).
*/
static inline int seg_absorb(struct mam *m, struct seg *s, struct roc **rp, uint32_t g)
{
	uint32_t blk = m->gens[g - m->launch_gen].block;
	if (model_rel_first(m, blk) != NONE32)
		return 0;
	struct roc *r = *rp;
	unsigned nk = s->n, newk = r ? r->ninsn : 0, ki[2];
	for (unsigned k = 0; k < nk; k++) {
		const struct wrec *e = &s->rec[k];
		if (sclass(e->kf) != CL_R)
			return 0;
		if (k == 1 && W_INSN(e->who0) == W_INSN(s->rec[0].who0)) {
			nk = 1;		/* retire() keeps the first */
			break;
		}
		ki[k] = roc_find(r, W_INSN(e->who0));
		if (ki[k] == RO_INSNS && newk++ >= RO_INSNS)
			return 0;
	}
	unsigned need = 0;
	for (unsigned k = 0; k < nk; k++)
		need += SEG_WORDS - (ki[k] < RO_INSNS ? popc32(r->mask[ki[k]]) : 0);
	if (need == 0)
		return 1;
	if ((r = seg_roc_room(m, rp, need)) == NULL)
		return 0;
	for (unsigned i = 0; i < SEG_WORDS; i++)
		for (unsigned k = 0; k < nk; k++) {
			const struct wrec *e = &s->rec[k];
			if (!roc_has(r, W_INSN(e->who0), (uint16_t)(1u << i)))
				seg_roc_put(r, i, blk, e->stamp, e->who0 + i, e->val[i], e->kf);
		}
	return 1;
}

/*
** The whole-segment fast path: the quarter-warp of warp W starting at lane
** LANE0 makes access B over segment S (read-only history *RP, global
** only), its lane l on word l (VALUE: the quarter's 8 values, or NULL).
** Handled without touching a hot cell, with the result the lane-by-lane
** path would give, when the segment's state is irrelevant (B starts it
** over), or is another block's plain reads that B, a plain read, adds to
** the read-only history (seg_absorb()), or is records of this interval that B
** cannot conflict with and is not ordered after by a sync: the same
** threads' (B replaces the one of its instruction and class, or joins),
** or, when neither writes, other threads' that no __syncwarp ordered
** (model_insert()'s rules, record by record).  Returns 0 otherwise,
** changing nothing.
*/
static inline int seg_access(struct mam *m, const struct mam_warp_ctx *w, struct seg *s,
			     struct roc **rp, unsigned space, const struct acc *b,
			     const uint64_t *value, unsigned lane0)
{
	uint32_t tid0 = w->warp * 32 + lane0, who0 = WHO(b->insn, tid0);
	uint8_t kf = KF(b->kind, b->scope, value != NULL);
	unsigned cl = sclass(kf), nsame = 0, same[2] = { 0, 0 };
	uint32_t g = s->gen >= m->launch_gen ? s->gen : 0;
	struct wrec *r;
	if (b->writes && *rp != NULL && (*rp)->words != 0)
		return 0;	/* it meets other blocks' reads (seg_absorb()) */
	if (g == m->gen) {
		for (unsigned k = 0; k < s->n; k++) {
			struct wrec *e = &s->rec[k];
			if (W_TID(e->who0) == tid0) {
				if (e->who0 != who0 || sclass(e->kf) != cl)
					continue;
				if (e->kf != kf)
					return 0;
				r = e;		/* the same threads and instruction */
				goto put;
			}
			if (kind_writes(KF_KIND(e->kf)) || b->writes)
				return 0;	/* a conflict to check lane by lane */
			if ((W_TID(e->who0) >> 5) == w->warp && (w->dirty_its || w->floor_its >= e->stamp))
				return 0;	/* maybe ordered before B */
			if (W_INSN(e->who0) == b->insn && sclass(e->kf) == cl)
				same[nsame++] = k;
		}
		if (nsame == 2) {
			/* three concurrent accesses of one instruction: keep two warps */
			if (space == MAM_SPACE_GLOBAL)
				return 0;	/* the dropped one joins the history */
			uint32_t w0 = W_TID(s->rec[same[0]].who0) >> 5, w1 = W_TID(s->rec[same[1]].who0) >> 5;
			if (w0 == w1 && w->warp != w0) {
				r = &s->rec[same[1]];
				goto put;
			}
			goto done;
		}
		if (s->n == 2)
			return 0;	/* a third access: full cells */
		r = &s->rec[s->n++];
		goto put;
	}
	uint32_t prior = g > s->touched ? g : s->touched;
	if (!irrelevant(m, space, prior)
	    && !(space == MAM_SPACE_GLOBAL && g != 0 && g < m->block_gen && s->touched < m->launch_gen
		 && kf == KF(MAM_READ, 0, 0) && seg_absorb(m, s, rp, g)))
		return 0;
	if (prior < m->block_gen)
		m->st.units += SEG_WORDS;
	s->gen = m->gen;
	s->n = 1;
	r = &s->rec[0];
put:
	r->stamp = b->stamp;
	r->who0 = who0;
	r->kf = kf;
	if (value != NULL)
		for (unsigned l = 0; l < SEG_WORDS; l++)
			r->val[l] = (uint32_t)value[l];
	else
		memset(r->val, 0, sizeof r->val);
done:
	m->st.lane_accesses += SEG_WORDS;
	return 1;
}

/* Whether ADDR[0..SEG_WORDS) are the words of one segment, lane l on word l. */
static inline int whole_segment(const uint64_t *addr)
{
	uint64_t a0 = addr[0];
	if ((MEM_OFF(a0) & (4 * SEG_WORDS - 1)) || addr[1] != a0 + 4
	    || addr[SEG_WORDS - 1] != a0 + 4 * (SEG_WORDS - 1))
		return 0;
	unsigned bad = 0;
	for (unsigned l = 1; l < SEG_WORDS; l++)
		bad |= addr[l] != a0 + 4 * l;
	return !bad;
}

/*
** The fast path for the quarter-warp of warp W at LANE0 (ADDR, and VALUE
** when not NULL, are its 8 lanes'), when it is a segment's run of lanes:
** access B as one record of the segment (see seg_access()).  Returns 0,
** changing nothing, when it does not apply.
*/
static inline int seg_run(struct mam *m, const struct mam_warp_ctx *w, const uint64_t *addr,
			  const struct acc *b, const uint64_t *value, unsigned lane0)
{
	if (!whole_segment(addr))
		return 0;
	unsigned sp = space_of(m, addr[0]);
	if (sp == MAM_SPACE_NONE)
		return 0;
	uint64_t off = MEM_OFF(addr[0]);
	struct page *pg = page_of(m, MEM_ID(addr[0]), off);
	unsigned si = (unsigned)(off >> SEG_SHIFT) & (PAGE_SEGS - 1);
	return pg != NULL && seg_access(m, w, &pg->seg[si], &pg->roc[si], sp, b, value, lane0);
}

#endif
