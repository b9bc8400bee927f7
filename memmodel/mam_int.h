/*
** mam_int.h: what the Memory-Access Model (mam.c) and the files of its
** shadow memory share; see mam.h and docs/MODEL.md.
**
** Layout.  Shadow pages cover 1 KiB of one allocation and are found
** through an open-addressing table keyed by (allocation id, page), with
** the last page cached: a coalesced warp access stays in one or two pages.
** A word's state is kept in the smallest of three tiers that holds it:
** a segment record, one per quarter-warp instruction over 8 words
** (mam_seg.c, and mam_seg.h for the fast path); a 40-byte hot cell, which
** holds up to two accesses of one generation (a block's interval) inline
** (mam_hot.c); a full cell, for a word that needs more (a third access, an
** older interval that still matters, another block's history on global
** memory, a sub-word access), allocated then and referred to by the hot
** cell (mam_cell.c).  Streaming kernels touch each word once or twice and
** never allocate one.  All of it comes from per-launch storage
** (mam_store.c).
**
** Everything is reset lazily.  Generations number (block, interval) pairs
** and grow for the model's lifetime, so a hot cell whose generation is
** older than the launch is fresh, one older than the block is another
** block's, and pages need no initialisation, even when their storage is
** recycled by the next launch.  A full cell belongs to one block (owner)
** and each of its two interval summaries names its interval.  Nothing is
** cleared at block or barrier boundaries.
**
** The window.  Deleting a static barrier deletes all its instances, so an
** access conflicts usefully (makes the barrier that began its interval
** needed) with every access of the intervals since that barrier's run of
** instances began: generations win_gen .. gen - 1, the interval before the
** run's first instance included.  An older access is ordered by another
** static barrier as well.  The window of a straight-line barrier is the
** interval before it; a loop whose only barrier is B keeps every trip
** since the loop began in B's window.
**
** The prefix of a function names its file: store_ mam_store.c, seg_
** mam_seg.c (or mam_seg.h), hot_ mam_hot.c, cell_ mam_cell.c, model_
** mam.c (the model's rules, which every tier applies).
*/
#ifndef SIMULEE_MAM_INT_H
#define SIMULEE_MAM_INT_H

#include <stddef.h>
#include <stdint.h>

#include "memmodel/mam.h"
#include "memmodel/mem.h"
#include "base/util.h"

#define NONE32 UINT32_MAX
#define PAGE_SHIFT 10				/* bytes of memory per shadow page: 1 KiB */
#define PAGE_WORDS (1u << (PAGE_SHIFT - 2))
#define SEG_WORDS 8				/* words of a segment: a quarter-warp's run */
#define SEG_SHIFT 5				/* log2 of its bytes */
#define PAGE_SEGS (PAGE_WORDS / SEG_WORDS)
#define PCACHE 64				/* recently used pages remembered */

/*
** One remembered access of the owner block in one interval: 16 bytes.
** who packs the static instruction (22 bits) and the thread index in the
** block (10 bits); stamp is the warp clock at the access; kf its kind,
** scope and whether val, the value a plain write stored, is known.
*/
struct slot {
	uint32_t stamp;
	uint32_t who;
	uint32_t val;
	uint8_t kf;
	uint8_t pad[3];
};
#define WHO(insn, tid) ((uint32_t)(insn) << 10 | (uint32_t)(tid))
#define W_TID(x) ((x) & 1023u)
#define W_INSN(x) ((x) >> 10)
#define MAX_INSN ((1u << 22) - 1)
#define KF(kind, scope, val) ((uint8_t)((kind) | (scope) << 3 | ((val) ? F_VAL : 0)))
#define KF_KIND(f) ((f) & 7u)
#define KF_SCOPE(f) (((f) >> 3) & 3u)
#define F_VAL 0x80u

/*
** The summary of one interval at one unit: up to SUM_CAP accesses, at most
** two per (class, static instruction).  Each class is homogeneous in what
** it conflicts with inside the block, so two accesses of one instruction by
** distinct threads, in distinct warps when there are two, answer every
** question a later access asks about that instruction (docs/MODEL.md).
** Thread-scope atomics are atomic for nobody else and count as plain
** accesses.
*/
enum {
	CL_R,		/* plain reads: conflict with every write */
	CL_W,		/* plain writes: with everything */
	CL_A,		/* writing atomics: with plain reads and writes */
	CL_AR,		/* atomic loads: with plain writes */
};
#define SUM_CAP 8
struct sum {
	uint32_t epoch;		/* the interval described; NONE32: empty */
	uint32_t n;		/* s[0..n) hold accesses */
	struct slot s[SUM_CAP];
};

/*
** What a global unit's owner did in its older intervals (d: later
** intervals are ordered after them by barriers) and what the blocks before
** it did (c): one access per (history class, static instruction), up to
** HIST_CAP of each, the first one seen.  The classes are homogeneous in
** what they conflict with across blocks (a summary class, split by whether
** an atomic covers other blocks).  An entry keeps the witness whole
** (block, thread, instruction, warp clock).  Allocated when first needed:
** a unit touched by a second block, or one whose summary had to forget an
** access; the entry array grows from 2 to HIST_CAP.
*/
enum {
	HC_R, HC_W,		/* plain (and thread-scope atomic) reads, writes */
	HC_AN, HC_ARN,		/* block-scope writing atomics, atomic loads */
	HC_AW, HC_ARW,		/* device or system scope: the same */
	HC__N
};
#define HIST_CAP 32
struct hent {
	uint32_t block;		/* c: the block; d: unused (the owner) */
	uint32_t stamp, who, val;
	uint32_t rel;		/* c: the first release of its block it is ordered
				** before (the hand-over between blocks), or NONE32 */
	uint8_t kf;		/* KF(); F_VAL cleared once class-W values differ */
	uint8_t hc;		/* HC_* */
	uint8_t pad[2];
};
struct hlist {
	uint16_t n, cap;
	struct hent *v;
};
struct hist {
	struct hlist d, c;
};

/*
** One word (or, after a split, one byte) of tracked memory.  e[] are the
** owner block's latest interval touched, at e[epoch & 1], and the other
** one its window: the accesses of the intervals of the window before it,
** merged (model_insert()'s rules, ordered only by a thread's own program
** order), named by the oldest of them.
*/
struct cell {
	uint32_t owner;		/* linear block of e[] and h->d; NONE32: fresh */
	uint32_t pad;
	struct cell *sub;	/* the four byte cells of a split word, or NULL */
	struct hist *h;		/* global only, or NULL */
	struct sum e[2];
};

/*
** The shadow of one word: 40 bytes.  Inline (ext 0), s[0..n) are accesses
** of generation gen.  Otherwise x is the word's full cell and gen the
** generation of its last touch.  A generation below the launch's first
** makes the cell fresh, whatever the rest holds.
*/
struct hot {
	uint32_t gen;
	uint8_t n;
	uint8_t ext;
	uint8_t pad[2];
	union {
		struct slot s[2];
		struct cell *x;
	} u;
};
_Static_assert(sizeof(struct hot) == 40, "a hot cell is 40 bytes");
_Static_assert(4 * SEG_WORDS == 1 << SEG_SHIFT, "a segment is SEG_WORDS words");

/*
** A quarter-warp instruction that covered a whole segment, its lane l
** accessing word l (4 bytes): what 8 hot cells would hold, in 44 bytes.
*/
struct wrec {
	uint32_t stamp;
	uint32_t who0;		/* WHO(insn, thread of the run's lane 0) */
	uint8_t kf;
	uint8_t pad[3];
	uint32_t val[SEG_WORDS];	/* lane l's value (F_VAL), else 0 */
};

/*
** 8 words of a page.  While gen is a generation of this launch, rec[0..n)
** is the state of every word of the segment (one generation; each record
** a quarter-warp, lane l on word l), and its hot cells are stale.  touched is
** the latest generation at which a hot cell of the segment was used, so
** records can start over without reading 8 cells.
*/
struct seg {
	uint32_t gen, touched, n;
	struct wrec rec[2];
};

/* The read-only history of a segment (mam_seg.h). */
struct roc;

/* A shadow page: segment records, and hot cells once a word is used on
** its own (a lane access that is not a whole segment's). */
struct page {
	struct hot *cells;
	struct roc *roc[PAGE_SEGS];	/* global only, or NULL */
	struct seg seg[PAGE_SEGS];
};

/* The block and interval of a generation of the current launch. */
struct gen_info {
	uint32_t block, epoch;
};

/* The access being applied to one unit. */
struct acc {
	uint64_t addr;		/* the lane's address */
	uint32_t stamp, insn;
	uint16_t tid;
	uint8_t kind, scope;
	uint8_t writes, atomic, has_val;
	uint32_t val;		/* the value slice for the unit */
};

/* Races already counted for the current lane access (a word access on a
** split word, or an 8-byte access, meets the same witness twice). */
struct seen {
	uint32_t n;
	struct { uint32_t rec, block; uint16_t tid; } v[16];
};

/* A chunk of per-launch storage (mam_store.c). */
struct chunk;

/* Per-launch storage: chunks in use and chunks of earlier launches. */
struct arena {
	struct chunk *chunks, *spare;
};
enum { AR_PAGES, AR_MISC };	/* pages hold only hot cells, so they need no clearing */

/* What only mam.c looks into: race records, dump tuples, release and
** acquire, read shapes. */
struct rec;
struct tuple;
struct fence_at;
struct rel;
struct acq;

/* A child grid run inside the launch: its blocks' linear ids start at
** first; its dimensions and how it was launched (mam_subgrid); the grid
** of the block that launched it (an index in subs, NONE32 for the
** launch's own) and its nesting depth (1 below the launch's own). */
struct mam_subgrid {
	uint32_t first;
	uint32_t grid[3], bdim[3];
	struct mam_child how;
	uint32_t parent, depth;
};
struct shape;

struct mam {
	struct mam_options opt;
	struct shape *shapes;	/* by instruction, SHAPES; allocated when first used */
	struct arena ar[2];
	uint32_t grid[3], bdim[3];
	struct mam_subgrid *subs;	/* child grids of the launch (mam_subgrid) */
	uint32_t nsubs, capsubs;
	uint32_t cur_sub;	/* the running block's grid in subs (NONE32: the
				** launch's own) */
	/* tracked allocations */
	uint8_t *space;
	uint32_t nspace;
	/* shadow pages */
	uint64_t *pkeys;
	struct page **pages;
	uint32_t pcap, pn;
	uint32_t lcap;		/* the table's size as this launch's storage counts
				** it (what pn needs; pcap may be larger, kept
				** from earlier launches), so the budget a launch
				** has does not depend on the launches before */
	/* the memory refused a shadow (mam_unanalysed_at) */
	struct unan *unan;
	uint32_t nunan, capunan;
	uint8_t admit_level;	/* pages admitted: 1 in 2^level; 4: none */
	uint64_t last_key;
	struct page *last_page;
	uint64_t pc_key[PCACHE];	/* recent pages, direct-mapped by key */
	struct page *pc_page[PCACHE];
	struct cell *free_cells;	/* full cells given back by shared words, by sub */
	/* the block running */
	uint32_t block, epoch;
	uint32_t gen;		/* generation of (block, epoch) */
	uint32_t launch_gen;	/* the launch's first generation */
	uint32_t block_gen;	/* the block's first generation */
	uint32_t win_gen;	/* the first generation of the window (below) */
	struct gen_info *gens;	/* by generation - launch_gen */
	uint32_t ngens, capgens;
	uint32_t *bar_of_epoch;	/* the barrier that started interval e */
	uint32_t nboe, capboe;
	/* results */
	struct rec *recs;
	uint32_t nrecs, caprecs;
	struct htab rix;	/* the records, by key */
	struct mam_barrier_info *bars;	/* by static id */
	uint8_t *bar_seen;
	uint32_t capbars;
	uint32_t *bar_list;	/* executed ids, sorted */
	uint32_t nbar_list, capbar_list;
	struct mam_stats st;
	uint32_t drop_mark;	/* the block counted in st.drop_blocks last */
	/* release/acquire across blocks */
	uint32_t bclock;	/* the running block's clock: access stamps */
	uint32_t epoch_seq;	/* bclock when the current interval began */
	uint32_t win_seq;	/* and when the window's first one began */
	struct fence_at *fences;	/* by thread, 1024 */
	struct rel *rels;	/* this launch, grouped by block */
	uint32_t nrels, caprels, rel_cur;	/* rel_cur: first of the running block */
	uint32_t *relix;	/* block + 1 and first release, by block hash */
	uint32_t relcap, relused;
	struct acq *acqs;	/* the running block's, ACQ_CAP hash slots */
	uint32_t *acq_used;	/* slots in use */
	uint32_t nacq;
	struct lrel *lrels;	/* releases inside the running block, LREL_CAP */
	uint32_t nlrel;
	/* --dump-model */
	struct tuple *tuples;
	uint32_t ntuples, captuples;
	uint64_t tuples_lost;
};

/* ---- kinds, classes, slots ------------------------------------------------- */

static inline int kind_writes(unsigned k)
{
	return k == MAM_WRITE || k == MAM_ATOMIC || k == MAM_ATOMIC_WRITE;
}

static inline int kind_atomic(unsigned k)
{
	return k >= MAM_ATOMIC;
}

/* The summary class of an access with kind byte F. */
static inline unsigned sclass(uint8_t f)
{
	unsigned k = KF_KIND(f);
	int w = kind_writes(k);
	return kind_atomic(k) && KF_SCOPE(f) >= MAM_SCOPE_BLOCK ? (w ? CL_A : CL_AR) : w ? CL_W : CL_R;
}

/* The history class of an access with kind byte F (of summary class CL). */
static inline unsigned hclass(unsigned cl, uint8_t f)
{
	if (cl == CL_R || cl == CL_W)
		return cl == CL_R ? HC_R : HC_W;
	return (KF_SCOPE(f) >= MAM_SCOPE_DEVICE ? HC_AW : HC_AN) + (cl == CL_AR);
}

static inline void slot_set(struct slot *s, const struct acc *b)
{
	s->stamp = b->stamp;
	s->who = WHO(b->insn, b->tid);
	s->val = b->val;
	s->kf = KF(b->kind, b->scope, b->has_val);
}

static inline uint64_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	x *= UINT64_C(0xc4ceb9fe1a85ec53);
	x ^= x >> 33;
	return x;
}

static inline unsigned space_of(const struct mam *m, uint64_t addr)
{
	uint32_t id = MEM_ID(addr);
	return id < m->nspace ? m->space[id] : MAM_SPACE_NONE;
}

/* Whether nothing a hot cell or record of generation G (0: none) holds
** can matter to an access now, in SPACE. */
static inline int irrelevant(const struct mam *m, unsigned space, uint32_t g)
{
	if (g < m->launch_gen)
		return 1;
	if (space != MAM_SPACE_SHARED || g >= m->gen)
		return 0;
	if (g < m->block_gen || g < m->win_gen)
		return 1;	/* another block's, or before the window */
	const struct mam_barrier_info *bi = &m->bars[m->bar_of_epoch[m->epoch]];
	return bi->needed_its && bi->needed_ls;
}

/* ---- mam_store.c: per-launch storage --------------------------------------- */

/*
** N bytes of per-launch storage from arena A, or NULL over budget.  New
** page chunks are zeroed (a zero generation is fresh); recycled ones hold
** hot cells of earlier launches, which are fresh too.
*/
void *store_alloc(struct mam *m, unsigned a, size_t n);

/*
** Ends a launch's storage.  The chunks go to the spare lists (the next
** launch reuses them without faulting fresh pages in, unless the pool
** is more than half full); the page table is emptied in place, and the
** page caches and free full cells are forgotten.  KEEP 0 frees
** everything.  Returns the bytes still counted against max_bytes: 0 (the
** page table counts what the next launch needs of it).
*/
uint64_t store_reset(struct mam *m, int keep);

/* Forgets the pages refused a shadow and the admission level (a new
** launch). */
void store_forget_unanalysed(struct mam *m);

/* Zeroes the spare page chunks, so that their hot cells are fresh to any
** generation (before generations start over). */
void store_clear_pages(struct mam *m);

/* page_of() for a page other than the last one: made when missing, and
** then the last one.  NULL over budget. */
struct page *store_page_find(struct mam *m, uint64_t key);

/* The page of byte offset OFF of allocation ID (id >= 1), or NULL when
** the budget is exhausted. */
/* An access or history the budget has no room for: counted, with its
** block (the report says which blocks were not fully analysed). */
static inline void model_drop(struct mam *m)
{
	m->st.dropped++;
	if (m->drop_mark == m->block && m->st.drop_blocks)
		return;
	m->drop_mark = m->block;
	if (m->st.drop_blocks++ == 0)
		m->st.drop_first = m->block;
	m->st.drop_last = m->block;
}

static inline struct page *page_of(struct mam *m, uint32_t id, uint64_t off)
{
	uint64_t key = ((uint64_t)id << 32) | (off >> PAGE_SHIFT);
	return key == m->last_key ? m->last_page : store_page_find(m, key);
}

/* ---- mam_seg.c: segment records, read-only history (and mam_seg.h) -------- */

/* Segment S of page PG gives its records to its hot cells. */
void seg_spill(struct page *pg, struct seg *s);

/* Whether global word UADDR has read-only history entries. */
int seg_ro_has(struct mam *m, uint64_t uaddr);

/* Full cell X of global word UADDR takes the word's read-only history
** entries into its list c, in order. */
void seg_ro_move(struct mam *m, struct cell *x, uint64_t uaddr);

/*
** Another block's global word at UADDR, whose whole state is the plain
** reads inline in hot cell H, is about to be used by a plain read: the
** reads join the segment's read-only history instead of a full cell's c,
** as retire() would add them (one per instruction, the first; a word
** that has one keeps it), unless one is ordered before a release of its
** block, or the segment has no room for another instruction.  Returns 1
** when they did (H can start over), 0 with nothing changed.
*/
int seg_ro_absorb(struct mam *m, const struct hot *h, uint64_t uaddr);

/*
** Lane LANE of warp W makes plain 4-byte read B of the global word at
** ADDR, whose whole state is another block's plain reads inline in its hot
** cell: what hot_lane_access() and hot_unit() would do (the reads join the
** read-only history, the cell starts over with B), without their
** generality.  Returns 0 with nothing changed when that is not the case.
*/
int seg_ro_read(struct mam *m, const struct mam_warp_ctx *w, struct acc *b, uint64_t addr,
		unsigned lane);

/* ---- mam_hot.c: hot cells, the lane-by-lane path --------------------------- */

/* One lane's access B of N bytes at B->addr, in SPACE (value V when
** HAS_VAL), word by word. */
void hot_lane_access(struct mam *m, const struct mam_warp_ctx *w, unsigned space,
		     struct acc *b, uint64_t n, uint64_t v, int has_val);

/* Lane LANE's plain 4-byte read B of the shared word of hot cell H when it
** changes nothing (read_noop()) or joins two reads of another warp
** (read_join()), counted; 0 with nothing changed otherwise. */
int hot_read_done(struct mam *m, const struct mam_warp_ctx *w, struct hot *h, struct acc *b,
		  unsigned lane);

/* The hot cell of the word at ADDR if its page has hot cells, else NULL;
** nothing is allocated or spilled. */
struct hot *hot_peek(struct mam *m, uint64_t addr);

/*
** The first two lanes, LANE and LANE2 of warp W, of a plain 4-byte read B
** of the shared word at ADDR: when the word's hot cell holds nothing that
** can matter now (see irrelevant()), the lane-by-lane path would start it
** over with LANE's read and add LANE2's (it cannot race with a read, and
** two lanes of one instruction are not ordered), so both are written at
** once.  Returns the hot cell then, NULL with nothing changed otherwise;
** *CELL is the word's hot cell either way (NULL over budget).
*/
struct hot *hot_pair_read(struct mam *m, const struct mam_warp_ctx *w, struct acc *b,
			  uint64_t addr, unsigned lane, unsigned lane2, struct hot **cell);

/* ---- mam_cell.c: full cells, histories, byte cells ------------------------- */

/* An empty full cell, or NULL over budget. */
struct cell *cell_new(struct mam *m);

/* Splits word cell C into four byte cells that each start with C's
** history (values sliced to their byte).  Returns 0, or -1 over budget. */
int cell_split(struct mam *m, struct cell *c);

/*
** Adds access X (block BLK, stamp ST, kind byte F, value VAL if F_VAL) of
** history class HC to list L (d or c).  Per (class, instruction) the first
** access stays; a class-W entry loses F_VAL once a write of another value
** (or an unknown one) joins it.  A full list keeps at least one entry per
** class: it drops X when its class is there (every class-W entry then
** loses F_VAL unless X wrote its value), else evicts from the class with
** the most entries.  REL is X's release (struct hent).  Returns 0, or -1
** over budget.
*/
int cell_hput(struct mam *m, struct hlist *l, unsigned hc, uint32_t blk, uint32_t st,
	      uint32_t x, uint8_t f, uint32_t val, uint32_t rel);

/* The history record of cell C, made empty when missing; NULL over budget
** (counted as dropped). */
struct hist *cell_hist(struct mam *m, struct cell *c);

/* An access A of global cell C's owner that its interval summary does not
** keep joins the owner's history d. */
void cell_fold_one(struct mam *m, struct cell *c, const struct slot *a);

/* Applies B to one unit (word or byte cell C at UADDR, of SPACE); SN holds
** the races already counted for the lane access. */
void cell_unit(struct mam *m, const struct mam_warp_ctx *w, struct cell *c, unsigned space,
	       uint64_t uaddr, const struct acc *b, struct seen *sn);

/* ---- mam.c: the model's rules ---------------------------------------------- */

/* The first release of block BLK, or NONE32. */
uint32_t model_rel_first(const struct mam *m, uint32_t blk);

/* The first release of finished block BLK that an access (who X, kind
** byte F, block-clock STAMP, of unit UADDR) is ordered before, or NONE32:
** the fencing thread's accesses before the fence and its releasing atomic
** writes themselves, and anyone's in an earlier interval (the barrier made
** them part of the fencing thread's past). */
uint32_t model_released(const struct mam *m, uint32_t blk, uint32_t x, uint8_t f,
			uint32_t stamp, uint64_t uaddr);

/* Checks B against the interval summary V[0..N) of its own block: PREV 0
** the current interval (races), 1 the window's (is the barrier that began
** the current interval needed?).  SPACE and UADDR are the unit's, SN the
** races already counted for the lane access. */
void model_check_slots(struct mam *m, const struct mam_warp_ctx *w, const struct slot *v,
		       unsigned n, int prev, const struct acc *b, unsigned space, uint64_t uaddr,
		       struct seen *sn);

/* Checks B against what other blocks did (global memory): the history c.
** Blocks run one after another, so every access of c happened before B in
** the simulation; only a hand-over (release and acquire) orders one. */
void model_check_blocks(struct mam *m, const struct hist *h, const struct acc *b,
			uint64_t uaddr, struct seen *sn);

/*
** Remembers B in the interval summary V[0..*NP) of capacity CAP (see
** docs/MODEL.md, "Which accesses a summary keeps").  Slots are kept per
** (class, instruction): a later access of another instruction never takes
** an earlier one's slot while there is room, so every instruction pair
** keeps a witness.  With FOLD (global memory) an access the summary drops,
** or evicts, joins the history of full cell C first, so the history of a
** block misses nothing the next blocks must meet.  W may be NULL (a
** window merges summaries of several warps): then only a thread's own
** accesses are ordered.  Returns 0, or 1 with nothing changed when the
** summary is a hot cell's (C NULL) and B needs more: a third slot, or a
** history to fold into.
*/
int model_insert(struct mam *m, const struct mam_warp_ctx *w, struct cell *c, int fold,
		 struct slot *v, uint32_t *np, unsigned cap, const struct acc *b);

/* Keeps lane access B (SIZE bytes, of SPACE) as a unit tuple for mam_dump,
** or counts it once dump_max are kept. */
void model_log_tuple(struct mam *m, unsigned space, const struct acc *b, unsigned size);

#endif
