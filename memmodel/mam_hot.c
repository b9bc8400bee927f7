/*
** mam_hot.c: the second tier of the shadow, hot cells, and the lane-by-
** lane path that goes through them.
**
** A word used on its own (not as part of a segment record) has a 40-byte
** hot cell in its page, which holds up to two accesses of one generation
** inline; a word that needs more moves to a full cell (mam_cell.c) that
** its hot cell then refers to.  The shortcuts for plain reads of shared
** words (hot_read_done, hot_pair_read) let lanes that change nothing
** leave mam_access's lane loop early.
*/
#include <string.h>

#include "memmodel/mam_int.h"

/* The hot cell of the word at byte offset OFF of allocation ID (id >= 1),
** to be used on its own, or NULL when the budget is exhausted. */
static struct hot *cell_of(struct mam *m, uint32_t id, uint64_t off)
{
	struct page *pg = page_of(m, id, off);
	if (pg == NULL)
		return NULL;
	if (pg->cells == NULL
	    && (pg->cells = store_alloc(m, AR_PAGES, PAGE_WORDS * sizeof *pg->cells)) == NULL)
		return NULL;
	uint32_t w = (uint32_t)(off >> 2) & (PAGE_WORDS - 1);
	struct seg *s = &pg->seg[w / SEG_WORDS];
	if (s->gen >= m->launch_gen)
		seg_spill(pg, s);
	s->touched = m->gen;
	return &pg->cells[w];
}

/* The full cell of hot cell H (word UADDR of SPACE), made from its inline
** accesses if it has none yet, with the word's read-only history in its
** c; NULL over budget.  H's generation is left alone. */
static struct cell *full_of(struct mam *m, struct hot *h, unsigned space, uint64_t uaddr)
{
	if (h->gen >= m->launch_gen && h->ext)
		return h->u.x;
	struct cell *x = cell_new(m);
	if (x == NULL)
		return NULL;
	if (space == MAM_SPACE_GLOBAL)
		seg_ro_move(m, x, uaddr);
	if (h->gen >= m->launch_gen && h->n) {
		const struct gen_info *g = &m->gens[h->gen - m->launch_gen];
		struct sum *s = &x->e[g->epoch & 1];
		x->owner = g->block;
		s->epoch = g->epoch;
		s->n = h->n;
		memcpy(s->s, h->u.s, h->n * sizeof *s->s);
	}
	h->ext = 1;
	h->u.x = x;
	return x;
}

/*
** Applies B, an access of the whole word, to hot cell H at UADDR.  While
** the word's state fits inline this is the whole work: a fresh cell, or a
** shared one whose accesses can no longer matter (another block's, one
** from before the window, or the window's once the barrier that began
** this interval is known needed in both models), starts over with B; in
** the current interval B is checked against the inline accesses and joins
** them.  Everything else goes to the full cell, which decides exactly as
** cell_unit() always did.
*/
static void hot_unit(struct mam *m, const struct mam_warp_ctx *w, struct hot *h, unsigned space,
		     uint64_t uaddr, const struct acc *b, struct seen *sn)
{
	uint32_t g = h->gen;
	struct cell *x;
	if (g >= m->launch_gen && h->ext) {
		x = h->u.x;
		if (space == MAM_SPACE_SHARED && g < m->block_gen && x->sub == NULL) {
			/* another block's shared word: back to inline */
			x->sub = m->free_cells;
			m->free_cells = x;
			goto fresh;
		}
		h->gen = m->gen;
		cell_unit(m, w, x, space, uaddr, b, sn);
		return;
	}
	if (g < m->block_gen) {
		if (g < m->launch_gen || space == MAM_SPACE_SHARED)
			goto fresh;
		/* another block's global word: its history, read-only if it can */
		if (!b->writes && seg_ro_absorb(m, h, uaddr))
			goto fresh;
		goto full;
	}
	if (g != m->gen) {
		if (space == MAM_SPACE_SHARED && g < m->win_gen)
			goto restart;
		if (space == MAM_SPACE_SHARED) {
			const struct mam_barrier_info *bi = &m->bars[m->bar_of_epoch[m->epoch]];
			if (bi->needed_its && bi->needed_ls)
				goto restart;
		}
		goto full;
	}
	if (b->writes && space == MAM_SPACE_GLOBAL && seg_ro_has(m, uaddr))
		goto full;	/* it meets the other blocks' reads */
	model_check_slots(m, w, h->u.s, h->n, 0, b, space, uaddr, sn);
	uint32_t n = h->n;
	if (model_insert(m, w, NULL, space == MAM_SPACE_GLOBAL, h->u.s, &n, 2, b) == 0) {
		h->n = (uint8_t)n;
		return;
	}
	/* B needs more than the hot cell holds; it is checked already */
	if ((x = full_of(m, h, space, uaddr)) == NULL) {
		model_drop(m);
		return;
	}
	struct sum *a = &x->e[m->epoch & 1];
	model_insert(m, w, x, space == MAM_SPACE_GLOBAL, a->s, &a->n, SUM_CAP, b);
	return;
full:
	if ((x = full_of(m, h, space, uaddr)) == NULL) {
		model_drop(m);
		return;
	}
	h->gen = m->gen;
	cell_unit(m, w, x, space, uaddr, b, sn);
	return;
fresh:
	m->st.units++;
restart:
	h->gen = m->gen;
	h->ext = 0;
	h->n = 1;
	slot_set(&h->u.s[0], b);
}

void hot_lane_access(struct mam *m, const struct mam_warp_ctx *w, unsigned space,
		     struct acc *b, uint64_t n, uint64_t v, int has_val)
{
	uint64_t addr = b->addr;
	uint32_t id = MEM_ID(addr);
	uint64_t off = MEM_OFF(addr), end = off + n;
	struct seen sn;
	sn.n = 0;
	m->st.lane_accesses++;
	if (m->opt.dump_max)
		model_log_tuple(m, space, b, (unsigned)(n > 255 ? 255 : n));
	if (end > MEM_MAX_SIZE)
		end = MEM_MAX_SIZE;
	for (uint64_t o = off; o < end;) {
		uint64_t word = o & ~(uint64_t)3;
		struct hot *h = cell_of(m, id, word);
		if (h == NULL) {
			model_drop(m);
			return;
		}
		uint64_t k = o - off;		/* byte of the access */
		if (o == word && end - o >= 4) {
			b->has_val = (uint8_t)has_val;
			b->val = k < 8 ? (uint32_t)(v >> (8 * k)) : 0;
			if (!(h->gen >= m->launch_gen && h->ext && h->u.x->sub != NULL)) {
				hot_unit(m, w, h, space, MEM_PTR(id, word), b, &sn);
			} else {
				struct cell *c = h->u.x;
				uint32_t wv = b->val;
				h->gen = m->gen;
				for (unsigned i = 0; i < 4; i++) {
					b->val = (wv >> (8 * i)) & 0xff;
					cell_unit(m, w, &c->sub[i], space, MEM_PTR(id, word + i), b,
						  &sn);
				}
			}
			o += 4;
		} else {
			struct cell *c = full_of(m, h, space, MEM_PTR(id, word));
			if (c == NULL || (c->sub == NULL && cell_split(m, c) < 0)) {
				model_drop(m);
				return;
			}
			h->gen = m->gen;
			b->has_val = (uint8_t)has_val;
			b->val = k < 8 ? (uint32_t)(v >> (8 * k)) & 0xff : 0;
			cell_unit(m, w, &c->sub[o & 3], space, MEM_PTR(id, o), b, &sn);
			o += 1;
		}
	}
}

/*
** Whether a plain 4-byte read B (instruction INSN, warp WARP, clock STAMP)
** of the shared word of hot cell H (may be NULL) changes nothing: H holds
** two plain reads of INSN in this interval, none of them ordered before B
** (another warp's, or another lane's of the running instruction), and
** either both of B's warp (two other lanes of it) or of two warps.  B cannot
** race with reads, and model_insert() drops the third of three concurrent
** accesses of one instruction when the two it keeps are of one warp that
** is B's, or of two warps.  (On global memory the dropped one would join
** the history, so this is for shared words only.)  This is what makes a
** broadcast, or lane groups reading one word, cost two lanes per word.
*/
static inline int read_noop(const struct mam *m, const struct hot *h, uint32_t stamp,
			    uint32_t insn, uint32_t warp)
{
	const uint8_t rd = KF(MAM_READ, 0, 0);
	if (h == NULL || h->gen != m->gen || h->ext || h->n != 2)
		return 0;
	for (unsigned k = 0; k < 2; k++) {
		const struct slot *a = &h->u.s[k];
		if (a->kf != rd || W_INSN(a->who) != insn
		    || ((W_TID(a->who) >> 5) == warp && a->stamp != stamp))
			return 0;
	}
	uint32_t w0 = W_TID(h->u.s[0].who) >> 5, w1 = W_TID(h->u.s[1].who) >> 5;
	return w0 != w1 || w0 == warp;
}

/*
** A plain 4-byte read B of the shared word of hot cell H by lane LANE of
** warp W, after read_noop() said no: when H holds two plain reads of B's
** instruction in this interval by one other warp, model_insert() keeps
** two warps by putting B in the place of the second (reads do not race,
** and accesses of other warps are not ordered before B).  Does that and
** returns 1, or returns 0 with nothing changed.  Every later lane of W on
** the word is then a read_noop().
*/
static inline int read_join(struct mam *m, const struct mam_warp_ctx *w, struct hot *h,
			    struct acc *b, unsigned lane)
{
	const uint8_t rd = KF(MAM_READ, 0, 0);
	if (h == NULL || h->gen != m->gen || h->ext || h->n != 2)
		return 0;
	uint32_t w0 = W_TID(h->u.s[0].who) >> 5;
	for (unsigned k = 0; k < 2; k++) {
		const struct slot *a = &h->u.s[k];
		if (a->kf != rd || W_INSN(a->who) != b->insn || (W_TID(a->who) >> 5) != w0)
			return 0;
	}
	if (w0 == w->warp)
		return 0;
	b->has_val = 0;
	b->val = 0;
	b->tid = (uint16_t)(w->warp * 32 + lane);
	slot_set(&h->u.s[1], b);
	m->st.lane_accesses++;
	return 1;
}

int hot_read_done(struct mam *m, const struct mam_warp_ctx *w, struct hot *h,
		  struct acc *b, unsigned lane)
{
	if (read_noop(m, h, b->stamp, b->insn, w->warp)) {
		m->st.lane_accesses++;
		return 1;
	}
	return read_join(m, w, h, b, lane);
}

struct hot *hot_peek(struct mam *m, uint64_t addr)
{
	uint64_t off = MEM_OFF(addr);
	struct page *pg = page_of(m, MEM_ID(addr), off);
	if (pg == NULL || pg->cells == NULL)
		return NULL;
	return &pg->cells[(uint32_t)(off >> 2) & (PAGE_WORDS - 1)];
}

struct hot *hot_pair_read(struct mam *m, const struct mam_warp_ctx *w, struct acc *b,
			  uint64_t addr, unsigned lane, unsigned lane2, struct hot **cell)
{
	struct hot *h = *cell = cell_of(m, MEM_ID(addr), MEM_OFF(addr));
	if (h == NULL || (h->ext && h->gen >= m->launch_gen)
	    || !irrelevant(m, MAM_SPACE_SHARED, h->gen))
		return NULL;
	if (h->gen < m->block_gen)
		m->st.units++;
	h->gen = m->gen;
	h->ext = 0;
	h->n = 2;
	b->has_val = 0;
	b->val = 0;
	b->tid = (uint16_t)(w->warp * 32 + lane);
	slot_set(&h->u.s[0], b);
	b->tid = (uint16_t)(w->warp * 32 + lane2);
	slot_set(&h->u.s[1], b);
	m->st.lane_accesses++;	/* LANE's; LANE2 counts itself (read_noop) */
	return h;
}
