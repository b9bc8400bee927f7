/*
** mam.c: the Memory-Access Model; see mam.h and docs/MODEL.md.
**
** The model's rules (the conflict checks, which accesses a summary keeps,
** release and acquire across blocks, intra-warp order), its results, and
** mam_access, which gives each quarter-warp to the segment records
** (mam_seg.h, inline) or each lane to the hot cells (mam_hot.c).
** mam_int.h has the shadow's layout; full cells are in mam_cell.c, the
** storage under all of them in mam_store.c.
*/
#include <stdlib.h>
#include <string.h>

#include "memmodel/mam_int.h"
#include "memmodel/mam_seg.h"

#define SET_CAP 65536u				/* distinct addresses / thread pairs kept */

/*
** Release/acquire across blocks (docs/MODEL.md).  A thread's last fence of
** device scope or wider (fence_at, by thread, tagged with block + 1); a
** release: thread tid of block wrote location loc atomically (last at
** stamp as) after a fence at stamp fs, in the interval that barrier
** cut_bar began at stamp cut (the first interval of its window, see
** mam_int.h, began at cut_win);
** an acquisition:
** thread tid first read loc atomically at astamp, in interval aepoch.  An
** entry with tid ACQ_ANY summarises a location: the first interval in
** which any thread of the block acquired it.
*/
struct fence_at {
	uint32_t block, stamp, cut, cut_win, cut_bar;
	uint32_t bstamp;	/* the last fence of block scope or wider */
};
struct rel {
	uint64_t loc;
	uint32_t block, tid, fs, as, cut, cut_win, cut_bar;
};
#define ACQ_ANY 0xffffu
#define ACQ_CAP 8192u		/* hash slots per block; at most half used */
#define REL_PER_BLOCK 256u
#define REL_CAP (1u << 20)
struct acq {
	uint64_t loc;
	uint32_t astamp, aepoch;
	uint16_t tid;
	uint16_t used;
	uint32_t alast;		/* the latest atomic read of block scope or wider (0: none) */
};

/*
** A release inside the running block (docs/MODEL.md, "Locks and flags in
** a block"): thread tid's atomic write of loc at stamp as, after its fence
** of block scope or wider at stamp fs; fs0 and as0 are the release before
** (a flag published twice, a lock taken again), NONE32 and 0 when none.
*/
struct lrel {
	uint64_t loc;
	uint32_t tid, fs, as, fs0, as0;
};
#define LREL_CAP 1024u

/* Distinct values, at most SET_CAP (base/htab.h's keyset).  A race
** is reported once per earlier access an access meets at its address,
** so one value often comes several times in a row: the last one is
** kept apart and costs no probe. */
struct u64set {
	struct keyset k;
	uint64_t last;		/* the value added or found last, if has_last */
	uint8_t has_last;
	uint8_t full;		/* a value came past SET_CAP */
};

struct rec {
	struct mam_race pub;
	int score;		/* of the witness: 2 not its-only, 1 not benign */
	struct u64set addrs, pairs;
};

struct tuple {
	uint64_t addr;
	uint32_t block, epoch, insn, seq;
	uint16_t tid;
	uint8_t kind, scope, size, space;
};

/*
** How the lanes of a warp's plain 4-byte read of shared memory group by
** word, a function of the active lanes and of each lane's address less
** the first one's (lane l's word is read by lanes lw[l]; lanes in alone
** hashed onto another word's slot and go on their own).  Kept per
** instruction, so a read that repeats its pattern, the usual case, costs
** one vectorised comparison of the differences instead of a hash pass.
*/
#define SHAPES 256
struct shape {
	uint32_t todo;		/* 0: empty */
	uint32_t alone;
	uint8_t shared;		/* some word has more than one lane */
	uint64_t d[32];		/* addr[l] - addr[first lane] */
	uint32_t lw[32];
};

/* ---- kinds and scopes ----------------------------------------------------- */

/* Whether two atomics are atomic with respect to each other: each one's
** scope includes the other's thread (PTX "morally strong"). */
static inline int covers(unsigned sa, unsigned sb, int same_block)
{
	unsigned need = same_block ? MAM_SCOPE_BLOCK : MAM_SCOPE_DEVICE;
	return sa >= need && sb >= need;
}

const char *mam_kind_name(enum mam_kind k)
{
	static const char *const n[] = { "read", "write", "atomic", "atomic-read", "atomic-write" };
	return (unsigned)k < 5 ? n[k] : "access";
}

const char *mam_class_name(enum mam_class c)
{
	static const char *const n[] = { "intra-warp", "inter-warp", "inter-block" };
	return (unsigned)c < 3 ? n[c] : "race";
}

const char *mam_hazard_name(enum mam_hazard h)
{
	static const char *const n[] = { "RAW", "WAR", "WAW" };
	return (unsigned)h < 3 ? n[h] : "race";
}

static const char *scope_name(unsigned s)
{
	static const char *const n[] = { "thread", "block", "device", "system" };
	return s < 4 ? n[s] : "?";
}

/* ---- results ---------------------------------------------------------------- */

/* Adds X; returns 1 if it is new, 0 if known or the set is full. */
static int set_add(struct u64set *s, uint64_t x)
{
	if (s->full || (s->has_last && s->last == x))
		return 0;
	int r = keyset_add(&s->k, x, SET_CAP);
	if (r < 0) {
		s->full = 1;
		return 0;
	}
	s->last = x;
	s->has_last = 1;
	return r;
}

static void set_free(struct u64set *s)
{
	keyset_free(&s->k);
}

static uint64_t rec_hash(unsigned space, unsigned cls, unsigned hz, uint32_t ia, uint32_t ib)
{
	return mix64(((uint64_t)ia << 32 | ib) ^ ((uint64_t)(space << 4 | cls << 2 | hz) << 58));
}

/* htab callbacks of the race records; CTX a struct rec_probe (the key,
** and the records). */
struct rec_probe {
	const struct mam *m;
	unsigned space, cls, hz;
	uint32_t ia, ib;
};

static uint64_t rec_hash_at(const void *ctx, uint32_t idx)
{
	const struct rec_probe *q = ctx;
	const struct mam_race *r = &q->m->recs[idx].pub;
	return rec_hash(r->space, r->cls, r->hazard, r->first.insn, r->second.insn);
}

static int rec_eq(const void *ctx, uint32_t idx)
{
	const struct rec_probe *q = ctx;
	const struct mam_race *r = &q->m->recs[idx].pub;
	return r->space == q->space && r->cls == q->cls && r->hazard == q->hz && r->first.insn == q->ia
	       && r->second.insn == q->ib;
}

static uint32_t rec_find(struct mam *m, unsigned space, unsigned cls, unsigned hz,
			 uint32_t ia, uint32_t ib, int *created)
{
	struct rec_probe q = { m, space, cls, hz, ia, ib };
	uint32_t *s = htab_slot(&m->rix, rec_hash(space, cls, hz, ia, ib), rec_eq, rec_hash_at, &q);
	if (*s != 0) {
		*created = 0;
		return *s - 1;
	}
	if (m->nrecs == m->caprecs) {
		m->caprecs = m->caprecs ? m->caprecs * 2 : 16;
		m->recs = xrealloc(m->recs, m->caprecs * sizeof *m->recs);
	}
	struct rec *r = &m->recs[m->nrecs];
	memset(r, 0, sizeof *r);
	r->pub.space = (uint8_t)space;
	r->pub.cls = (uint8_t)cls;
	r->pub.hazard = (uint8_t)hz;
	r->pub.first.insn = ia;
	r->pub.second.insn = ib;
	htab_set(&m->rix, s, m->nrecs);
	*created = 1;
	return m->nrecs++;
}

/* One detection: access A (seen first) and B race at ADDR. */
static void report(struct mam *m, struct seen *sn, unsigned space, unsigned cls, unsigned hz,
		   int its_only, int benign, const struct mam_who *a, const struct mam_who *b,
		   uint64_t addr)
{
	int created;
	uint32_t ri = rec_find(m, space, cls, hz, a->insn, b->insn, &created);
	for (uint32_t i = 0; i < sn->n; i++)
		if (sn->v[i].rec == ri && sn->v[i].block == a->block && sn->v[i].tid == a->tid)
			return;
	if (sn->n < 16) {
		sn->v[sn->n].rec = ri;
		sn->v[sn->n].block = a->block;
		sn->v[sn->n].tid = (uint16_t)a->tid;
		sn->n++;
	}
	struct rec *r = &m->recs[ri];
	int score = (its_only ? 0 : 2) + (benign ? 0 : 1);
	if (created) {
		r->pub.its_only = (uint8_t)its_only;
		r->pub.benign = (uint8_t)benign;
		r->score = -1;
	} else {
		r->pub.its_only &= (uint8_t)its_only;
		r->pub.benign &= (uint8_t)benign;
	}
	if (score > r->score) {
		r->score = score;
		r->pub.first = *a;
		r->pub.second = *b;
		r->pub.addr = addr;
	}
	r->pub.occurrences++;
	m->st.detections++;
	set_add(&r->addrs, addr);
	uint64_t ta = (uint64_t)a->block << 10 | a->tid, tb = (uint64_t)b->block << 10 | b->tid;
	uint64_t lo = ta < tb ? ta : tb, hi = ta < tb ? tb : ta;
	set_add(&r->pairs, mix64(lo) ^ (hi * UINT64_C(0x9e3779b97f4a7c15)));
	r->pub.addresses = r->addrs.k.n;
	r->pub.thread_pairs = r->pairs.k.n;
	r->pub.capped = r->addrs.full | r->pairs.full;
}

static struct mam_barrier_info *bar_get(struct mam *m, uint32_t id)
{
	if (id >= m->capbars) {
		uint32_t nc = m->capbars ? m->capbars : 16;
		while (nc <= id)
			nc *= 2;
		m->bars = xrealloc(m->bars, nc * sizeof *m->bars);
		m->bar_seen = xrealloc(m->bar_seen, nc);
		memset(m->bars + m->capbars, 0, (nc - m->capbars) * sizeof *m->bars);
		memset(m->bar_seen + m->capbars, 0, nc - m->capbars);
		m->capbars = nc;
	}
	if (!m->bar_seen[id]) {
		m->bar_seen[id] = 1;
		m->bars[id].id = id;
		vec_reserve(&m->bar_list, &m->capbar_list, m->nbar_list + 1, sizeof *m->bar_list);
		uint32_t i = m->nbar_list++;
		while (i > 0 && m->bar_list[i - 1] > id) {
			m->bar_list[i] = m->bar_list[i - 1];
			i--;
		}
		m->bar_list[i] = id;
	}
	return &m->bars[id];
}

/* ---- intra-warp order ----------------------------------------------------------- */

/*
** How access A (thread a_tid at clock a_stamp) is ordered before access B
** of the same block by thread b_tid, now, given B's warp W: 3 ordered in
** both models, 2 only under lockstep, 0 not at all.
*/
static inline unsigned order_of(const struct mam_warp_ctx *w, uint32_t a_tid, uint32_t a_stamp,
				uint32_t b_tid, uint32_t b_stamp)
{
	if (a_tid == b_tid)
		return 3;
	if ((a_tid >> 5) != (b_tid >> 5))
		return 0;
	uint32_t p = a_tid & 31, q = b_tid & 31;
	uint32_t v = w->vc_its[q][p];
	if ((v > w->floor_its ? v : w->floor_its) >= a_stamp)
		return 3;
	v = w->vc_ls[q][p];
	if ((v > w->floor_ls ? v : w->floor_ls) >= a_stamp)
		return 2;
	if ((w->seg_mask >> p & 1) && (w->seg_mask >> q & 1) && a_stamp >= w->seg_start
	    && a_stamp < b_stamp)
		return 2;
	return 0;
}

/* Lanes S (of EXISTS) synchronise at clock NOW: each learns what the
** others know.  A join of the whole warp only moves the floor. */
static void join(uint32_t vc[32][32], uint32_t *floor, uint32_t *dirty, uint32_t exists,
		 uint32_t s, uint32_t now)
{
	s &= exists;
	if ((s & (s - 1)) == 0)
		return;
	if (s == exists) {
		*floor = now;
		return;
	}
	uint32_t row[32] = { 0 };
	for (uint32_t mm = s; mm; mm &= mm - 1) {
		const uint32_t *r = vc[__builtin_ctz(mm)];
		for (unsigned p = 0; p < 32; p++)
			row[p] = r[p] > row[p] ? r[p] : row[p];
	}
	for (uint32_t mm = s; mm; mm &= mm - 1)
		row[__builtin_ctz(mm)] = now;
	for (uint32_t mm = s; mm; mm &= mm - 1)
		memcpy(vc[__builtin_ctz(mm)], row, sizeof row);
	*dirty |= s;
}

void mam_warp_begin(struct mam *m, struct mam_warp_ctx *w, uint32_t warp, uint32_t exists)
{
	for (uint32_t r = w->dirty_its; r; r &= r - 1)
		memset(w->vc_its[__builtin_ctz(r)], 0, sizeof w->vc_its[0]);
	for (uint32_t r = w->dirty_ls; r; r &= r - 1)
		memset(w->vc_ls[__builtin_ctz(r)], 0, sizeof w->vc_ls[0]);
	w->dirty_its = w->dirty_ls = 0;
	w->block = m->block;
	w->warp = warp;
	w->exists = exists;
	w->clock = 0;
	w->floor_its = w->floor_ls = 0;
	w->seg_mask = exists;
	w->seg_start = 1;
}

void mam_warp_group(struct mam_warp_ctx *w, uint32_t mask)
{
	if (mask == w->seg_mask || mask == 0)
		return;
	/* the group that ran is ordered up to now; the new one starts joined */
	join(w->vc_ls, &w->floor_ls, &w->dirty_ls, w->exists, w->seg_mask, w->clock);
	join(w->vc_ls, &w->floor_ls, &w->dirty_ls, w->exists, mask, w->clock);
	w->seg_mask = mask;
	w->seg_start = w->clock + 1;
}

void mam_syncwarp(struct mam_warp_ctx *w, uint32_t mask)
{
	join(w->vc_its, &w->floor_its, &w->dirty_its, w->exists, mask, w->clock);
	/* lockstep: the running group executes the sync, so it joins too */
	join(w->vc_ls, &w->floor_ls, &w->dirty_ls, w->exists, w->seg_mask | mask, w->clock);
}

/* ---- the model ------------------------------------------------------------------ */

/* Ends a launch: its storage (store_reset()), tracked allocations,
** generations, releases, tuples and statistics.  KEEP 0 frees
** everything. */
/* Forgets the shadow of the launch so far: its storage (store_reset
** KEEP), generations, releases to later blocks and fence records (which
** are told apart by block, and block ids start again at 0).  Returns the
** bytes still held. */
static uint64_t forget_shadow(struct mam *m, int keep)
{
	uint64_t kept = store_reset(m, keep);
	m->ngens = 0;
	m->nrels = m->rel_cur = 0;
	if (m->relix)
		memset(m->relix, 0, (size_t)m->relcap * 2 * sizeof *m->relix);
	m->relused = 0;
	if (m->fences)
		memset(m->fences, 0, 1024 * sizeof *m->fences);
	return kept;
}

static void free_launch(struct mam *m, int keep)
{
	uint64_t kept = forget_shadow(m, keep);
	store_forget_unanalysed(m);
	free(m->space);
	m->space = NULL;
	m->nspace = 0;
	free(m->tuples);
	m->tuples = NULL;
	m->ntuples = m->captuples = 0;
	m->tuples_lost = 0;
	memset(&m->st, 0, sizeof m->st);
	m->st.bytes = kept;
}

struct mam *mam_new(const struct mam_options *opt)
{
	struct mam *m = xcalloc(1, sizeof *m);
	if (opt)
		m->opt = *opt;
	if (m->opt.max_bytes == 0)
		m->opt.max_bytes = (size_t)768 << 20;
	m->last_key = UINT64_MAX;
	m->block = NONE32;
	m->launch_gen = m->block_gen = 1;
	for (int i = 0; i < 3; i++)
		m->grid[i] = m->bdim[i] = 1;
	return m;
}

void mam_clear_results(struct mam *m)
{
	for (uint32_t i = 0; i < m->nrecs; i++) {
		set_free(&m->recs[i].addrs);
		set_free(&m->recs[i].pairs);
	}
	free(m->recs);
	htab_free(&m->rix);
	m->recs = NULL;
	m->nrecs = m->caprecs = 0;
	free(m->bars);
	free(m->bar_seen);
	free(m->bar_list);
	m->bars = NULL;
	m->bar_seen = NULL;
	m->bar_list = NULL;
	m->capbars = m->nbar_list = m->capbar_list = 0;
}

void mam_free(struct mam *m)
{
	if (m == NULL)
		return;
	free_launch(m, 0);
	mam_clear_results(m);
	free(m->subs);
	free(m->bar_of_epoch);
	free(m->gens);
	free(m->fences);
	free(m->rels);
	free(m->relix);
	free(m->acqs);
	free(m->lrels);
	free(m->acq_used);
	free(m->shapes);
	free(m);
}

/* The next generation is the first of what comes (the launch, or what
** follows a grid barrier), with no block running. */
static void start_gens(struct mam *m)
{
	if (m->gen > UINT32_MAX / 2) {
		/* generations would wrap: make the recycled pages fresh again */
		store_clear_pages(m);
		m->gen = 0;
	}
	m->launch_gen = m->block_gen = m->gen + 1;
	m->block = NONE32;
	m->epoch = 0;
}

void mam_launch_begin(struct mam *m, const uint32_t grid[3], const uint32_t block[3])
{
	free_launch(m, 1);
	start_gens(m);
	for (int i = 0; i < 3; i++) {
		m->grid[i] = grid[i] ? grid[i] : 1;
		m->bdim[i] = block[i] ? block[i] : 1;
	}
	m->nsubs = 0;
	m->cur_sub = NONE32;
}

/* The index in m->subs of the child grid block BLOCK belongs to, or
** NONE32 for the launch's own: the last one starting at or before it
** (they are added in order). */
static uint32_t sub_index(const struct mam *m, uint32_t block)
{
	uint32_t lo = 0, hi = m->nsubs;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (m->subs[mid].first <= block)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == 0 ? NONE32 : lo - 1;
}

/* The child grid block BLOCK belongs to, or NULL for the launch's own. */
static const struct mam_subgrid *subgrid_of(const struct mam *m, uint32_t block)
{
	uint32_t i = sub_index(m, block);
	return i == NONE32 ? NULL : &m->subs[i];
}

void mam_subgrid(struct mam *m, uint32_t first_block, const uint32_t grid[3],
		 const uint32_t block[3], const struct mam_child *how)
{
	struct mam_subgrid g;
	g.first = first_block;
	for (int i = 0; i < 3; i++) {
		g.grid[i] = grid[i] ? grid[i] : 1;
		g.bdim[i] = block[i] ? block[i] : 1;
	}
	g.how = *how;
	g.parent = sub_index(m, how->from_block);
	g.depth = g.parent == NONE32 ? 1 : m->subs[g.parent].depth + 1;
	VEC_PUSH(m->subs, m->nsubs, m->capsubs, g);
}

/* The grid of sub index X one level up (NONE32: the launch's own). */
static uint32_t sub_up(const struct mam *m, uint32_t x)
{
	return x == NONE32 ? NONE32 : m->subs[x].parent;
}

/* The nesting depth of the grid of sub index X (0: the launch's own). */
static uint32_t sub_depth(const struct mam *m, uint32_t x)
{
	return x == NONE32 ? 0 : m->subs[x].depth;
}

uint32_t mam_block_origin(const struct mam *m, uint32_t block)
{
	const struct mam_subgrid *g = subgrid_of(m, block);
	return g ? g->how.origin : UINT32_MAX;
}

void mam_grid_barrier(struct mam *m)
{
	/* the tracked allocations, the statistics and the --dump-model
	** tuples stay */
	m->st.bytes = forget_shadow(m, 1);
	start_gens(m);
}

void mam_track(struct mam *m, uint32_t alloc_id, enum mam_space space)
{
	if (alloc_id == 0 || alloc_id >= MEM_MAX_ALLOCS)
		return;
	if (alloc_id >= m->nspace) {
		uint32_t nn = m->nspace ? m->nspace : 64;
		while (nn <= alloc_id)
			nn *= 2;
		m->space = xrealloc(m->space, nn);
		memset(m->space + m->nspace, 0, nn - m->nspace);
		m->nspace = nn;
	}
	m->space[alloc_id] = (uint8_t)space;
}

/* The running block enters a new interval: a new generation. */
static void new_gen(struct mam *m)
{
	m->gen++;
	vec_reserve(&m->gens, &m->capgens, m->ngens + 1, sizeof *m->gens);
	m->gens[m->ngens].block = m->block;
	m->gens[m->ngens].epoch = m->epoch;
	m->ngens++;
}

void mam_block_begin(struct mam *m, uint32_t block)
{
	m->block = block;
	m->cur_sub = m->nsubs ? sub_index(m, block) : NONE32;
	m->epoch = 0;
	new_gen(m);
	m->block_gen = m->gen;
	m->bclock = m->epoch_seq = m->win_seq = 0;
	m->win_gen = m->gen;
	m->rel_cur = m->nrels;
	for (uint32_t i = 0; i < m->nacq; i++)
		m->acqs[m->acq_used[i]].used = 0;
	m->nacq = 0;
	m->nlrel = 0;
	m->nboe = 0;
	vec_reserve(&m->bar_of_epoch, &m->capboe, 1, sizeof *m->bar_of_epoch);
	m->bar_of_epoch[m->nboe++] = NONE32;
}

void mam_block_end(struct mam *m)
{
	/* nothing to flush: cells fold their history into the other-blocks
	** summary when the next block touches them */
	m->block = NONE32;
	m->epoch = 0;
}

void mam_barrier(struct mam *m, uint32_t barrier_id)
{
	/* ids index a dense table, as instruction ids are clamped in records */
	if (barrier_id > MAX_INSN)
		barrier_id = MAX_INSN;
	bar_get(m, barrier_id)->executions++;
	if (barrier_id != m->bar_of_epoch[m->epoch]) {
		/* a new run of instances: its window is the interval it closes */
		m->win_gen = m->gen;
		m->win_seq = m->epoch_seq;
	}
	m->epoch++;
	m->epoch_seq = m->bclock;
	new_gen(m);
	vec_reserve(&m->bar_of_epoch, &m->capboe, m->nboe + 1, sizeof *m->bar_of_epoch);
	m->bar_of_epoch[m->nboe++] = barrier_id;
}

void mam_barrier_needed(struct mam *m, uint32_t barrier_id)
{
	if (barrier_id == NONE32)
		return;
	if (barrier_id > MAX_INSN)
		barrier_id = MAX_INSN;
	struct mam_barrier_info *b = bar_get(m, barrier_id);
	b->needed_ls = b->needed_its = 1;
}

/* ---- release/acquire across blocks ------------------------------------------------ */

uint32_t model_rel_first(const struct mam *m, uint32_t blk)
{
	if (m->relcap == 0)
		return NONE32;
	for (uint32_t i = (uint32_t)mix64(blk) & (m->relcap - 1);; i = (i + 1) & (m->relcap - 1)) {
		if (m->relix[2 * i] == 0)
			return NONE32;
		if (m->relix[2 * i] == blk + 1)
			return m->relix[2 * i + 1];
	}
}

static void rel_index(struct mam *m, uint32_t blk, uint32_t first)
{
	if (2 * (m->relused + 1) > m->relcap) {
		uint32_t oc = m->relcap, *old = m->relix;
		m->relcap = oc ? 2 * oc : 64;
		m->relix = xcalloc((size_t)m->relcap * 2, sizeof *m->relix);
		m->relused = 0;
		for (uint32_t i = 0; i < oc; i++)
			if (old[2 * i])
				rel_index(m, old[2 * i] - 1, old[2 * i + 1]);
		free(old);
	}
	uint32_t i = (uint32_t)mix64(blk) & (m->relcap - 1);
	while (m->relix[2 * i])
		i = (i + 1) & (m->relcap - 1);
	m->relix[2 * i] = blk + 1;
	m->relix[2 * i + 1] = first;
	m->relused++;
}

uint32_t model_released(const struct mam *m, uint32_t blk, uint32_t x, uint8_t f,
			uint32_t stamp, uint64_t uaddr)
{
	uint32_t i = model_rel_first(m, blk);
	if (i == NONE32)
		return NONE32;
	int aw = kind_atomic(KF_KIND(f)) && kind_writes(KF_KIND(f)) && KF_SCOPE(f) >= MAM_SCOPE_DEVICE;
	for (; i < m->nrels && m->rels[i].block == blk; i++) {
		const struct rel *r = &m->rels[i];
		if (stamp <= r->cut)
			return i;
		if (r->tid == W_TID(x)
		    && (stamp <= r->fs || (aw && (uaddr & ~(uint64_t)3) == (r->loc & ~(uint64_t)3)
					   && stamp <= r->as)))
			return i;
	}
	return NONE32;
}

/* The acquisition slot of (LOC, TID) in the running block; with ADD, a
** new empty one (NULL when the table is full). */
static struct acq *acq_slot(struct mam *m, uint64_t loc, uint32_t tid, int add)
{
	if (m->acqs == NULL) {
		if (!add)
			return NULL;
		m->acqs = xcalloc(ACQ_CAP, sizeof *m->acqs);
		m->acq_used = xmalloc(ACQ_CAP / 2 * sizeof *m->acq_used);
	}
	for (uint32_t i = (uint32_t)mix64(loc * 1025 + tid) & (ACQ_CAP - 1);; i = (i + 1) & (ACQ_CAP - 1)) {
		struct acq *a = &m->acqs[i];
		if (!a->used) {
			if (!add || m->nacq >= ACQ_CAP / 2)
				return NULL;
			memset(a, 0, sizeof *a);
			a->used = 1;
			a->loc = loc;
			a->tid = (uint16_t)tid;
			a->astamp = a->aepoch = NONE32;
			m->acq_used[m->nacq++] = i;
			return a;
		}
		if (a->loc == loc && a->tid == tid)
			return a;
	}
}

/* A hand-over between blocks ordered a conflicting pair through static
** barrier ID (NONE32: none), and the earlier side's interval is in ID's
** window (mam_int.h): without it the pair would race, so it is needed in
** both models. */
static void handover_needs(struct mam *m, uint32_t id)
{
	if (id == NONE32 || id >= m->capbars || !m->bar_seen[id])
		return;
	m->bars[id].needed_its = m->bars[id].needed_ls = 1;
}

/* Has the running block acquired LOC before access B: the thread itself,
** by an earlier atomic read, or any thread in an earlier interval (the
** barrier passes it on, and is needed when that interval is in its
** window)? */
static int acquired(struct mam *m, const struct acc *b, uint64_t loc)
{
	const struct acq *a = acq_slot(m, loc, b->tid, 0);
	if (a != NULL && b->stamp > a->astamp)
		return 1;
	a = acq_slot(m, loc, ACQ_ANY, 0);
	if (a == NULL || m->epoch <= a->aepoch)
		return 0;
	if (m->block_gen + a->aepoch >= m->win_gen)
		handover_needs(m, m->bar_of_epoch[m->epoch]);
	return 1;
}

/* Is history entry E (an earlier block's access) ordered before B by a
** hand-over: covered by a release on a location the running block has
** read atomically? */
static int handed_over(struct mam *m, const struct hent *e, const struct acc *b)
{
	if (m->nacq == 0 || e->rel == NONE32)
		return 0;
	const struct rel *r = &m->rels[e->rel];
	if (!acquired(m, b, r->loc))
		return 0;
	/* released through the barrier before the fence, from an interval of
	** its window: that barrier is needed too */
	uint32_t st = e->stamp;
	if (!(W_TID(e->who) == r->tid && st <= r->as) && st > r->cut_win
	    && st <= r->cut)
		handover_needs(m, r->cut_bar);
	return 1;
}

/* Thread TID's fence record in the running block. */
static struct fence_at *fence_of(struct mam *m, uint32_t tid)
{
	if (m->fences == NULL)
		m->fences = xcalloc(1024, sizeof *m->fences);
	struct fence_at *f = &m->fences[tid & 1023];
	if (f->block != m->block + 1) {
		f->block = m->block + 1;
		f->stamp = f->cut = f->cut_win = f->cut_bar = f->bstamp = NONE32;
	}
	return f;
}

/* Lane access B, an atomic of block scope or wider, read location
** B->addr: for each release inside the block on it, the thread's latest
** acquisition. */
static void local_acquire(struct mam *m, const struct acc *b)
{
	for (uint32_t i = 0; i < m->nlrel; i++)
		if (m->lrels[i].loc == b->addr) {
			struct acq *a = acq_slot(m, b->addr, b->tid, 1);
			if (a)
				a->alast = b->stamp;
			return;
		}
}

/* Lane access B, an atomic write of block scope or wider, by a thread
** whose last fence of block scope or wider was at stamp FS: a release
** inside the block. */
static void local_release(struct mam *m, const struct acc *b, uint32_t fs)
{
	struct lrel *r = NULL;
	for (uint32_t i = 0; i < m->nlrel && r == NULL; i++)
		if (m->lrels[i].loc == b->addr && m->lrels[i].tid == b->tid)
			r = &m->lrels[i];
	if (r == NULL) {
		if (m->nlrel >= LREL_CAP)
			return;		/* unrecorded: its accesses stay unordered */
		if (m->lrels == NULL)
			m->lrels = xmalloc(LREL_CAP * sizeof *m->lrels);
		r = &m->lrels[m->nlrel++];
		*r = (struct lrel){ b->addr, b->tid, NONE32, 0, NONE32, 0 };
	} else if (r->fs == fs) {
		r->as = b->stamp;	/* no new fence: the same release, later */
		return;
	}
	r->fs0 = r->fs;
	r->as0 = r->as;
	r->fs = fs;
	r->as = b->stamp;
}

/* Is access A (thread ATID at stamp AST) of the running block ordered
** before access B by a release inside the block that B's thread has
** acquired since: A before the release's fence, and an atomic read of
** its location by B's thread after the release's write? */
static int local_handed(struct mam *m, uint32_t atid, uint32_t ast, const struct acc *b)
{
	for (uint32_t i = 0; i < m->nlrel; i++) {
		const struct lrel *r = &m->lrels[i];
		if (r->tid != atid || (ast > r->fs && ast > r->fs0))
			continue;
		const struct acq *q = acq_slot(m, r->loc, b->tid, 0);
		if (q == NULL || q->alast == 0)
			continue;
		if ((ast <= r->fs && q->alast > r->as)
		    || (r->fs0 != NONE32 && ast <= r->fs0 && q->alast > r->as0))
			return 1;
	}
	return 0;
}

/* Lane access B, an atomic of block scope or wider (WIDE: device scope or
** wider, on global memory), reads and/or writes location B->addr: an
** acquisition, and after a fence of the thread a release, inside the
** block and, when WIDE, to later blocks. */
static void hand_atomic(struct mam *m, const struct acc *b, int wide)
{
	if (b->kind != MAM_ATOMIC_WRITE && m->nlrel != 0)
		local_acquire(m, b);
	if (b->kind != MAM_ATOMIC_READ && m->fences != NULL) {
		const struct fence_at *f = fence_of(m, b->tid);
		if (f->bstamp != NONE32)
			local_release(m, b, f->bstamp);
	}
	if (!wide)
		return;
	if (b->kind != MAM_ATOMIC_WRITE) {
		struct acq *a = acq_slot(m, b->addr, b->tid, 1);
		if (a && a->astamp == NONE32) {
			a->astamp = b->stamp;
			a->aepoch = m->epoch;
		}
		a = acq_slot(m, b->addr, ACQ_ANY, 1);
		if (a && a->aepoch == NONE32)
			a->aepoch = m->epoch;
	}
	if (b->kind == MAM_ATOMIC_READ || m->fences == NULL)
		return;
	const struct fence_at *f = fence_of(m, b->tid);
	if (f->stamp == NONE32)
		return;
	for (uint32_t i = m->rel_cur; i < m->nrels; i++)
		if (m->rels[i].tid == b->tid && m->rels[i].loc == b->addr) {
			m->rels[i].fs = f->stamp;
			m->rels[i].as = b->stamp;
			m->rels[i].cut = f->cut;
			m->rels[i].cut_win = f->cut_win;
			m->rels[i].cut_bar = f->cut_bar;
			return;
		}
	if (m->nrels - m->rel_cur >= REL_PER_BLOCK || m->nrels >= REL_CAP)
		return;		/* unrecorded: its accesses stay unordered (no race is hidden) */
	if (m->nrels == m->rel_cur)
		rel_index(m, m->block, m->nrels);
	vec_reserve(&m->rels, &m->caprels, m->nrels + 1, sizeof *m->rels);
	m->rels[m->nrels++] = (struct rel){ b->addr, m->block, b->tid, f->stamp, b->stamp, f->cut,
					    f->cut_win, f->cut_bar };
}

void mam_fence(struct mam *m, const struct mam_warp_ctx *w, uint32_t lanes, enum mam_scope scope)
{
	if (m->block == NONE32 || scope < MAM_SCOPE_BLOCK)
		return;
	for (uint32_t mm = lanes & w->exists; mm; mm &= mm - 1) {
		struct fence_at *f = fence_of(m, w->warp * 32 + (uint32_t)__builtin_ctz(mm));
		f->bstamp = m->bclock;
		if (scope < MAM_SCOPE_DEVICE)
			continue;
		f->stamp = m->bclock;
		f->cut = m->epoch_seq;
		f->cut_win = m->win_seq;
		f->cut_bar = m->epoch ? m->bar_of_epoch[m->epoch] : NONE32;
	}
}

static inline void who_of(struct mam_who *o, uint32_t block, uint32_t x, uint8_t f)
{
	o->block = block;
	o->tid = W_TID(x);
	o->insn = W_INSN(x);
	o->kind = (uint8_t)KF_KIND(f);
	o->scope = (uint8_t)KF_SCOPE(f);
}

static inline void who_acc(struct mam_who *o, uint32_t block, const struct acc *b)
{
	o->block = block;
	o->tid = b->tid;
	o->insn = b->insn;
	o->kind = b->kind;
	o->scope = b->scope;
}

void model_check_slots(struct mam *m, const struct mam_warp_ctx *w, const struct slot *v,
		       unsigned n, int prev, const struct acc *b, unsigned space, uint64_t uaddr,
		       struct seen *sn)
{
	for (unsigned i = 0; i < n; i++) {
		const struct slot *a = &v[i];
		uint8_t f = a->kf;
		int aw = kind_writes(KF_KIND(f));
		if (!aw && !b->writes)
			continue;	/* reads never race with reads */
		if (kind_atomic(KF_KIND(f)) && b->atomic && covers(KF_SCOPE(f), b->scope, 1))
			continue;
		uint32_t atid = W_TID(a->who);
		unsigned ord = order_of(w, atid, a->stamp, b->tid, b->stamp);
		if (ord == 3 || (m->nlrel != 0 && local_handed(m, atid, a->stamp, b)))
			continue;
		int benign = sclass(f) == CL_W && b->kind == MAM_WRITE && b->has_val && (f & F_VAL)
			     && a->val == b->val;
		struct mam_who wa, wb;
		who_of(&wa, m->block, a->who, f);
		who_acc(&wb, m->block, b);
		if (prev) {
			if (benign)
				continue;
			struct mam_barrier_info *bi = &m->bars[m->bar_of_epoch[m->epoch]];
			if (!bi->needed_its) {
				bi->needed_its = 1;
				bi->why_first = wa;
				bi->why_second = wb;
				bi->why_addr = uaddr;
			}
			if (ord == 0)
				bi->needed_ls = 1;
			continue;
		}
		if (m->opt.model == MAM_LOCKSTEP && ord != 0)
			continue;
		unsigned cls = (atid >> 5) == (uint32_t)(b->tid >> 5) ? MAM_INTRA_WARP : MAM_INTER_WARP;
		unsigned hz = aw && b->writes ? MAM_WAW : aw ? MAM_RAW : MAM_WAR;
		report(m, sn, space, cls, hz, ord == 2, benign, &wa, &wb, uaddr);
	}
}

/* Whether history entry E is covered by its block's release on LOC (the
** word of a launch from device code); the barrier it is covered through,
** from an interval of that barrier's window, is needed (handed_over). */
static int released_on(struct mam *m, const struct hent *e, uint64_t loc)
{
	uint32_t i = model_rel_first(m, e->block);
	for (; i != NONE32 && i < m->nrels && m->rels[i].block == e->block; i++) {
		const struct rel *r = &m->rels[i];
		if (r->loc != loc)
			continue;
		if (r->tid == W_TID(e->who) && e->stamp <= r->fs)
			return 1;
		if (e->stamp > r->cut)
			return 0;
		if (e->stamp > r->cut_win)
			handover_needs(m, r->cut_bar);
		return 1;
	}
	return 0;
}

/*
** Whether history entry E, an access of an earlier grid's block, is
** ordered before the running block's accesses by the launches from device
** code (docs/MODEL.md, "Kernels launched from device code").  With X the
** entry's grid and Y the running one: when X is above Y, the release of
** the launch that started Y's line below X covers it (the hand-over is
** transitive down the launches); else, below the grid where their lines
** meet, X's line starts with a grid that the same block launched into
** the same stream before Y's line's, and that grid ends, with all it
** launched, before the later one starts.
*/
static int grid_ordered(struct mam *m, const struct hent *e)
{
	uint32_t x = sub_index(m, e->block), y = m->cur_sub;
	if (x == y)
		return 0;
	while (sub_depth(m, y) > sub_depth(m, x) + 1)
		y = sub_up(m, y);
	if (sub_depth(m, y) == sub_depth(m, x) + 1 && sub_up(m, y) == x)
		return m->subs[y].how.from_block == e->block
		       && released_on(m, e, m->subs[y].how.word);
	while (sub_depth(m, x) > sub_depth(m, y))
		x = sub_up(m, x);
	if (sub_depth(m, y) > sub_depth(m, x))
		y = sub_up(m, y);
	if (x == y)
		return 0;	/* Y's grid is above X's */
	while (sub_up(m, x) != sub_up(m, y)) {
		x = sub_up(m, x);
		y = sub_up(m, y);
	}
	const struct mam_child *a = &m->subs[x].how, *b = &m->subs[y].how;
	return x < y && a->from_block == b->from_block && a->stream == b->stream
	       && a->stream != MAM_UNORDERED_STREAM;
}

void model_check_blocks(struct mam *m, const struct hist *h, const struct acc *b,
			uint64_t uaddr, struct seen *sn)
{
	for (unsigned i = 0; i < h->c.n; i++) {
		const struct hent *e = &h->c.v[i];
		uint8_t f = e->kf;
		int aw = kind_writes(KF_KIND(f));
		if (!aw && !b->writes)
			continue;
		if (kind_atomic(KF_KIND(f)) && b->atomic && covers(KF_SCOPE(f), b->scope, 0))
			continue;
		if (handed_over(m, e, b))
			continue;
		if (m->nsubs != 0 && grid_ordered(m, e))
			continue;
		int benign = e->hc == HC_W && b->kind == MAM_WRITE && b->has_val && (f & F_VAL)
			     && e->val == b->val;
		struct mam_who wa, wb;
		who_of(&wa, e->block, e->who, f);
		who_acc(&wb, m->block, b);
		unsigned hz = aw && b->writes ? MAM_WAW : aw ? MAM_RAW : MAM_WAR;
		report(m, sn, MAM_SPACE_GLOBAL, MAM_INTER_BLOCK, hz, 0, benign, &wa, &wb, uaddr);
	}
}

int model_insert(struct mam *m, const struct mam_warp_ctx *w, struct cell *c, int fold,
		 struct slot *v, uint32_t *np, unsigned cap, const struct acc *b)
{
	uint8_t fb = KF(b->kind, b->scope, b->has_val);
	unsigned cl = sclass(fb), n = *np, t, nsame = 0, same[2] = { 0, 0 };
	unsigned count[4] = { 0 }, before = n;
	uint32_t tb = b->tid;
	for (unsigned i = 0; i < n; i++) {
		const struct slot *a = &v[i];
		unsigned k = sclass(a->kf);
		count[k]++;
		if (k != cl)
			continue;
		uint32_t ta = W_TID(a->who);
		int ord = ta == tb || (w != NULL && order_of(w, ta, a->stamp, tb, b->stamp) == 3);
		if (W_INSN(a->who) == b->insn) {
			/* the same instruction, ordered before B: whatever is
			** concurrent with it is concurrent with B, so B stands
			** for it (FastTrack's epoch rule) */
			if (ord) {
				t = i;
				if (fold && hclass(cl, a->kf) != hclass(cl, fb))
					goto evict;	/* another scope: history keeps both */
				goto put;
			}
			if (nsame < 2)
				same[nsame] = i;
			nsame++;
		} else if (ord && before == n) {
			before = i;	/* another instruction, ordered before B */
		}
	}
	if (nsame >= 2) {
		/* three concurrent accesses of one instruction: keep two warps */
		uint32_t w0 = W_TID(v[same[0]].who) >> 5, w1 = W_TID(v[same[1]].who) >> 5;
		if (w0 == w1 && (tb >> 5) != w0) {
			t = same[1];
			goto evict;
		}
		goto drop;
	}
	if (n < cap) {
		t = (*np)++;
		goto put;
	}
	if (c == NULL)
		return 1;
	m->st.overflows++;
	if (count[cl] >= 2) {
		/* full, and B's class has witnesses: one ordered before B can
		** go (B stands for it as an access, not as an instruction),
		** else two warps stay */
		if (before < n) {
			t = before;
			goto evict;
		}
		unsigned i0 = n, i1 = n;
		for (unsigned i = 0; i < n; i++)
			if (sclass(v[i].kf) != cl)
				continue;
			else if (i0 == n)
				i0 = i;
			else
				i1 = i;
		uint32_t w0 = W_TID(v[i0].who) >> 5, w1 = W_TID(v[i1].who) >> 5;
		if (w0 == w1 && (tb >> 5) != w0) {
			t = i1;
			goto evict;
		}
		goto drop;
	}
	/* full, and B's class has at most one witness: evict from the class
	** with the most (at least three: 8 slots, four classes) one whose
	** warp another one of the class has, so its warps stay */
	unsigned big = 0;
	for (unsigned k = 1; k < 4; k++)
		if (count[k] > count[big])
			big = k;
	t = n;
	for (unsigned i = 0; i < n && t == n; i++) {
		if (sclass(v[i].kf) != big)
			continue;
		for (unsigned j = 0; j < n; j++)
			if (j != i && sclass(v[j].kf) == big
			    && W_TID(v[j].who) >> 5 == W_TID(v[i].who) >> 5)
				t = i;
	}
	if (t == n)
		while (sclass(v[--t].kf) != big)
			;
evict:
	if (fold) {
		if (c == NULL)
			return 1;
		cell_fold_one(m, c, &v[t]);
	}
put:
	v[t].stamp = b->stamp;
	v[t].who = WHO(b->insn, tb);
	v[t].val = b->val;
	v[t].kf = fb;
	return 0;
drop:
	if (fold) {
		if (c == NULL)
			return 1;
		struct slot x = { .stamp = b->stamp, .who = WHO(b->insn, tb), .val = b->val, .kf = fb };
		cell_fold_one(m, c, &x);
	}
	return 0;
}

void model_log_tuple(struct mam *m, unsigned space, const struct acc *b, unsigned size)
{
	if (m->ntuples >= m->opt.dump_max) {
		m->tuples_lost++;
		return;
	}
	vec_reserve(&m->tuples, &m->captuples, m->ntuples + 1, sizeof *m->tuples);
	struct tuple *t = &m->tuples[m->ntuples];
	t->addr = b->addr;
	t->block = m->block;
	t->epoch = m->epoch;
	t->insn = b->insn;
	t->seq = m->ntuples++;
	t->tid = b->tid;
	t->kind = b->kind;
	t->scope = b->scope;
	t->size = (uint8_t)(size > 255 ? 255 : size);
	t->space = (uint8_t)space;
}

#define GROUP_WORDS 8	/* distinct shared words remembered per instruction */

/* Lanes X, later ones of a read, change nothing: they join *SKIP and leave
** the lane loop's *MM, counted now if they are in the run HM being
** visited, else when their run comes (lanes in *SKIP already are). */
static inline void skip_lanes(struct mam *m, uint32_t x, uint32_t hm, uint32_t *skip,
			      uint32_t *mm)
{
	x &= ~*skip;
	m->st.lane_accesses += popc32(x & hm);
	*skip |= x;
	*mm &= ~x;
}

/* The lane groups (struct shape) of a read of ADDR by lanes TODO at
** instruction INSN: the remembered ones when the lanes and the addresses'
** differences are the same, else made by a hash pass (each word's lanes
** in a 64-slot table by word; a lane whose word collides with another's
** goes alone). */
static const struct shape *shape_of(struct mam *m, uint32_t insn, const uint64_t *addr,
				    uint32_t todo)
{
	if (m->shapes == NULL)
		m->shapes = xcalloc(SHAPES, sizeof *m->shapes);
	struct shape *sh = &m->shapes[insn & (SHAPES - 1)];
	uint64_t a0 = addr[__builtin_ctz(todo)];
	if (sh->todo == todo) {
		uint64_t bad = 0;
		if (todo == 0xffffffffu) {
			for (unsigned l = 0; l < 32; l++)
				bad |= (addr[l] - a0) ^ sh->d[l];
		} else {
			for (uint32_t mm = todo; mm; mm &= mm - 1) {
				unsigned l = (unsigned)__builtin_ctz(mm);
				bad |= (addr[l] - a0) ^ sh->d[l];
			}
		}
		if (bad == 0)
			return sh;
	}
	uint8_t hfirst[64];
	uint32_t hlanes[64];
	memset(hfirst, 0, sizeof hfirst);
	sh->todo = todo;
	sh->alone = 0;
	sh->shared = 0;
	for (uint32_t mm = todo; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t d = addr[l] - a0;
		unsigned k = (unsigned)(d >> 2) & 63;
		sh->d[l] = d;
		if (hfirst[k] == 0) {
			hfirst[k] = (uint8_t)(l + 1);
			hlanes[k] = 1u << l;
		} else if (sh->d[hfirst[k] - 1] == d) {
			hlanes[k] |= 1u << l;
			sh->shared = 1;
		} else {
			sh->alone |= 1u << l;
		}
	}
	for (uint32_t mm = todo; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		sh->lw[l] = hlanes[(unsigned)(sh->d[l] >> 2) & 63];
	}
	return sh;
}

/* A volatile access: strong on global memory (PTX: relaxed, system
** scope), where volatile flags hand data over; plain on shared memory,
** where volatile serves warp-synchronous code (docs/MODEL.md).  Out of
** line: mam_access's fast path pays one comparison. */
static void access_volatile(struct mam *m, struct mam_warp_ctx *w, const uint64_t addr[32],
			    uint32_t lanes, unsigned size, enum mam_kind kind, enum mam_scope scope,
			    uint32_t insn, const uint64_t *value)
{
	uint32_t glob = 0;
	for (uint32_t mm = lanes & w->exists; mm; mm &= mm - 1)
		if (space_of(m, addr[__builtin_ctz(mm)]) == MAM_SPACE_GLOBAL)
			glob |= mm & -mm;
	int wr = kind == MAM_VOLATILE_WRITE;
	if (lanes & ~glob)
		mam_access(m, w, addr, lanes & ~glob, size, wr ? MAM_WRITE : MAM_READ, scope, insn, value);
	if (glob)
		mam_access(m, w, addr, glob, size, wr ? MAM_ATOMIC_WRITE : MAM_ATOMIC_READ,
			   MAM_SCOPE_SYSTEM, insn, NULL);
}

void mam_access(struct mam *m, struct mam_warp_ctx *w, const uint64_t addr[32], uint32_t lanes,
		unsigned size, enum mam_kind kind, enum mam_scope scope, uint32_t insn,
		const uint64_t *value)
{
	if (m->block == NONE32 || size == 0)
		return;
	if (__builtin_expect(kind >= MAM_VOLATILE_READ, 0)) {
		access_volatile(m, w, addr, lanes, size, kind, scope, insn, value);
		return;
	}
	struct acc b;
	b.stamp = w->clock = ++m->bclock;
	b.insn = insn > MAX_INSN ? MAX_INSN : insn;
	b.kind = (uint8_t)kind;
	b.scope = kind_atomic(kind) ? (uint8_t)(scope & 3u) : 0;
	b.writes = (uint8_t)kind_writes(kind);
	b.atomic = (uint8_t)kind_atomic(kind);
	int has_val = value != NULL && kind == MAM_WRITE && size <= 8;
	uint32_t todo = lanes & w->exists;
	/* hand-overs: between blocks through device-scope atomics of global
	** memory, inside the block once it fenced or released (a shared
	** histogram's atomics cost nothing here) */
	if (b.atomic && b.scope >= MAM_SCOPE_BLOCK) {
		int local = m->fences != NULL || m->nlrel != 0;
		for (uint32_t mm = b.scope >= MAM_SCOPE_DEVICE || local ? todo : 0; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			unsigned sp = space_of(m, addr[l]);
			if (sp == MAM_SPACE_NONE || (sp == MAM_SPACE_SHARED && !local))
				continue;
			b.addr = addr[l];
			b.tid = (uint16_t)(w->warp * 32 + l);
			hand_atomic(m, &b, sp == MAM_SPACE_GLOBAL && b.scope >= MAM_SCOPE_DEVICE);
		}
	}
	int runs = size == 4 && m->opt.dump_max == 0;
	/* plain aligned 4-byte reads of shared words: the words met so far */
	int group = runs && kind == MAM_READ;
	uint64_t gw[GROUP_WORDS];
	struct hot *gh[GROUP_WORDS];
	uint32_t gsame[GROUP_WORDS];	/* the lanes on gw[i] */
	uint32_t skip = 0;		/* lanes whose read changes nothing (read_noop) */
	unsigned ng = 0;
	const uint32_t *lw = NULL;	/* the lanes on each lane's word */
	uint32_t alone = 0;
	int shared = 0;		/* shared words read by more than one lane */
	if (group && todo && space_of(m, addr[__builtin_ctz(todo)]) == MAM_SPACE_SHARED) {
		const struct shape *sh = shape_of(m, b.insn, addr, todo);
		lw = sh->lw;
		alone = sh->alone;
		shared = sh->shared;
	}
	uint32_t last_id = 0;
	unsigned last_sp = MAM_SPACE_NONE;
	/* run by run (SEG_WORDS lanes), in lane order: each whole (seg_access)
	** or lane by lane */
	const uint32_t seg_lanes = (1u << SEG_WORDS) - 1;
	for (unsigned h = 0; h < 32; h += SEG_WORDS) {
		uint32_t hm = todo & (seg_lanes << h);
		if (runs && hm == seg_lanes << h
		    && seg_run(m, w, addr + h, &b, has_val ? value + h : NULL, h))
			continue;
		/* lanes in SKIP count once, in their run, and change nothing */
		m->st.lane_accesses += (uint64_t)popc32(hm & skip);
		for (uint32_t mm = hm & ~skip; mm;) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			mm &= mm - 1;
			if (MEM_ID(addr[l]) != last_id) {
				last_id = MEM_ID(addr[l]);
				last_sp = space_of(m, addr[l]);
			}
			unsigned sp = last_sp;
			if (sp == MAM_SPACE_NONE)
				continue;
			unsigned gi = GROUP_WORDS;
			uint32_t same = 0;
			if (shared && sp == MAM_SPACE_SHARED && (addr[l] & 3) == 0) {
				for (gi = 0; gi < ng && gw[gi] != addr[l]; gi++)
					;
				if (gi < ng) {
					if (hot_read_done(m, w, gh[gi], &b, l)) {
						/* so it stays for the word's lanes to come */
						skip_lanes(m, gsame[gi] & ~((2u << l) - 1), hm, &skip, &mm);
						continue;
					}
				}
				if (gi == ng && ng < GROUP_WORDS && !(alone >> l & 1)) {
					/* a word's first lane: the later ones on it, and the
					** first two at once when they can be */
					same = lw[l] & ~((2u << l) - 1);
					struct hot *hh = NULL;
					if (same && hot_pair_read(m, w, &b, addr[l], l,
								  (unsigned)__builtin_ctz(same), &hh)) {
						skip_lanes(m, same, hm, &skip, &mm);
						continue;
					}
					/* another warp's reads of the word, e.g. (the
					** cell hot_pair_read() found, no spill since:
					** same word) */
					if (hh == NULL)
						hh = hot_peek(m, addr[l]);
					if (hot_read_done(m, w, hh, &b, l)) {
						skip_lanes(m, same, hm, &skip, &mm);
						gw[ng] = addr[l];
						gsame[ng] = same;
						gh[ng++] = hh;
						continue;
					}
				}
			}
			if (group && sp == MAM_SPACE_GLOBAL && (addr[l] & 3) == 0
			    && seg_ro_read(m, w, &b, addr[l], l))
				continue;
			b.addr = addr[l];
			b.tid = (uint16_t)(w->warp * 32 + l);
			hot_lane_access(m, w, sp, &b, size, has_val ? value[l] : 0, has_val);
			if (gi == ng && ng < GROUP_WORDS) {
				gw[ng] = addr[l];
				gsame[ng] = same;
				gh[ng++] = hot_peek(m, addr[l]);
			}
		}
	}
}

void mam_access_range(struct mam *m, struct mam_warp_ctx *w, uint32_t lane, uint64_t addr,
		      uint64_t n, enum mam_kind kind, uint32_t insn)
{
	if (m->block == NONE32 || n == 0 || lane >= 32 || !(w->exists >> lane & 1))
		return;
	unsigned sp = space_of(m, addr);
	if (sp == MAM_SPACE_NONE)
		return;
	struct acc b;
	b.stamp = w->clock = ++m->bclock;
	b.insn = insn > MAX_INSN ? MAX_INSN : insn;
	b.kind = (uint8_t)kind;
	b.scope = 0;
	b.writes = (uint8_t)kind_writes(kind);
	b.atomic = (uint8_t)kind_atomic(kind);
	b.addr = addr;
	b.tid = (uint16_t)(w->warp * 32 + lane);
	hot_lane_access(m, w, sp, &b, n, 0, 0);
}

/* ---- queries --------------------------------------------------------------------- */

uint32_t mam_nraces(const struct mam *m)
{
	return m->nrecs;
}

const struct mam_race *mam_race_at(const struct mam *m, uint32_t i)
{
	return i < m->nrecs ? &m->recs[i].pub : NULL;
}

uint32_t mam_nbarriers(const struct mam *m)
{
	return m->nbar_list;
}

const struct mam_barrier_info *mam_barrier_at(const struct mam *m, uint32_t i)
{
	return i < m->nbar_list ? &m->bars[m->bar_list[i]] : NULL;
}

void mam_trim(struct mam *m)
{
	free_launch(m, 0);
}

void mam_get_stats(const struct mam *m, struct mam_stats *st)
{
	*st = m->st;
	st->budget = m->opt.max_bytes;
}

void mam_coords(const struct mam *m, uint32_t block, uint32_t tid, uint32_t bxyz[3],
		uint32_t txyz[3])
{
	const struct mam_subgrid *g = subgrid_of(m, block);
	const uint32_t *gd = g ? g->grid : m->grid, *bd = g ? g->bdim : m->bdim;
	if (g)
		block -= g->first;
	bxyz[0] = block % gd[0];
	bxyz[1] = (block / gd[0]) % gd[1];
	bxyz[2] = block / (gd[0] * gd[1]);
	txyz[0] = tid % bd[0];
	txyz[1] = (tid / bd[0]) % bd[1];
	txyz[2] = tid / (bd[0] * bd[1]);
}

/* ---- --dump-model ---------------------------------------------------------------- */

static int tuple_cmp(const void *x, const void *y)
{
	const struct tuple *a = x, *b = y;
	if (a->space != b->space)
		return a->space < b->space ? -1 : 1;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	/* shared memory is a unit per block; global units span blocks */
	if (a->space == MAM_SPACE_SHARED && a->block != b->block)
		return a->block < b->block ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int same_unit(const struct tuple *a, const struct tuple *b)
{
	return a->space == b->space && a->addr == b->addr
	       && (a->space != MAM_SPACE_SHARED || a->block == b->block);
}

static void print_action(FILE *out, const struct tuple *t)
{
	if (kind_atomic(t->kind))
		fprintf(out, "%s.%s", mam_kind_name(t->kind), scope_name(t->scope));
	else
		fputs(mam_kind_name(t->kind), out);
}

void mam_dump(const struct mam *m, FILE *out, mam_namefn *name, void *ctx)
{
	struct tuple *t = NULL;
	if (m->ntuples) {
		t = xmalloc(m->ntuples * sizeof *t);
		memcpy(t, m->tuples, m->ntuples * sizeof *t);
		qsort(t, m->ntuples, sizeof *t, tuple_cmp);
	}
	uint32_t units = 0;
	for (uint32_t i = 0; i < m->ntuples; i++)
		if (i == 0 || !same_unit(&t[i], &t[i - 1]))
			units++;
	fprintf(out, "Memory-Access Model (%s), grid (%u,%u,%u) block (%u,%u,%u): %u memory units, "
		"%u unit tuples <visit_order, thread_id, action>",
		m->opt.model == MAM_LOCKSTEP ? "lockstep" : "its", m->grid[0], m->grid[1], m->grid[2],
		m->bdim[0], m->bdim[1], m->bdim[2], units, m->ntuples);
	if (m->tuples_lost)
		fprintf(out, " (%llu more not kept)", (unsigned long long)m->tuples_lost);
	fputc('\n', out);
	for (uint32_t i = 0; i < m->ntuples; i++) {
		const struct tuple *x = &t[i];
		uint32_t bx[3], tx[3];
		if (i == 0 || !same_unit(x, &t[i - 1])) {
			char nm[128];
			nm[0] = 0;
			if (name)
				name(ctx, x->addr, nm, sizeof nm);
			if (nm[0] == 0)
				snprintf(nm, sizeof nm, "alloc %u + %llu", MEM_ID(x->addr),
					 (unsigned long long)MEM_OFF(x->addr));
			fprintf(out, "memory unit %s %s", x->space == MAM_SPACE_SHARED ? "shared" : "global", nm);
			if (x->space == MAM_SPACE_SHARED) {
				mam_coords(m, x->block, 0, bx, tx);
				fprintf(out, " of block (%u %u %u)", bx[0], bx[1], bx[2]);
			}
			fputs(":\n", out);
		}
		mam_coords(m, x->block, x->tid, bx, tx);
		fprintf(out, "  <%u, (%u %u %u), ", x->epoch, tx[0], tx[1], tx[2]);
		print_action(out, x);
		fputc('>', out);
		if (x->space == MAM_SPACE_GLOBAL)
			fprintf(out, " block (%u %u %u)", bx[0], bx[1], bx[2]);
		fprintf(out, " insn %u, %u bytes\n", x->insn, x->size);
	}
	free(t);
	for (uint32_t i = 0; i < m->nbar_list; i++) {
		const struct mam_barrier_info *bi = &m->bars[m->bar_list[i]];
		fprintf(out, "barrier %u: executed %llu times, needed under lockstep: %s, under its: %s\n",
			bi->id, (unsigned long long)bi->executions, bi->needed_ls ? "yes" : "no",
			bi->needed_its ? "yes" : "no");
	}
	for (uint32_t i = 0; i < m->nrecs; i++) {
		const struct mam_race *r = &m->recs[i].pub;
		fprintf(out, "race %s %s %s between insn %u (thread %u of block %u, %s) and insn %u "
			"(thread %u of block %u, %s)%s%s: %llu times\n",
			r->space == MAM_SPACE_SHARED ? "shared" : "global", mam_class_name(r->cls),
			mam_hazard_name(r->hazard), r->first.insn, r->first.tid, r->first.block,
			mam_kind_name(r->first.kind), r->second.insn, r->second.tid, r->second.block,
			mam_kind_name(r->second.kind), r->its_only ? ", its only" : "",
			r->benign ? ", benign" : "", (unsigned long long)r->occurrences);
	}
}
