/*
** mam.c: the Memory-Access Model; see mam.h and docs/MODEL.md.
**
** Layout.  Shadow pages cover 256 bytes of one allocation (64 hot cells of
** 40 bytes, one per word) and are found through an open-addressing table
** keyed by (allocation id, page), with the last page cached: a coalesced
** warp access stays in one or two pages.  A hot cell holds up to two
** accesses of one generation (a block's interval) inline; a word that needs
** more (a third access, an older interval that still matters, another
** block's history on global memory, a sub-word access) moves to a full
** cell, allocated then and referred to by the hot cell.  Streaming
** kernels touch each word once or twice and never allocate one.
**
** Everything is reset lazily.  Generations number (block, interval) pairs
** and grow for the model's lifetime, so a hot cell whose generation is
** older than the launch is fresh, one older than the block is another
** block's, and pages need no initialisation, even when their storage is
** recycled by the next launch.  A full cell belongs to one block (owner)
** and each of its two interval summaries names its interval.  Nothing is
** cleared at block or barrier boundaries.
*/
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

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
#define SET_CAP 65536u				/* distinct addresses / thread pairs kept */
#define CHUNK_MAP ((size_t)2 << 20)		/* a chunk's mapping: one huge page */
#define CHUNK (CHUNK_MAP - sizeof(struct chunk))	/* and what it holds */

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
** owner block's current and previous intervals (by parity).
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
	uint8_t kf, word;	/* word: 0..15, RO_GONE once moved */
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

/*
** Release/acquire across blocks (docs/MODEL.md).  A thread's last fence of
** device scope or wider (fence_at, by thread, tagged with block + 1); a
** release: thread tid of block wrote location loc atomically (last at
** stamp as) after a fence at stamp fs, in the interval that barrier
** cut_bar began at stamp cut (the interval before it began at cut_prev);
** an acquisition:
** thread tid first read loc atomically at astamp, in interval aepoch.  An
** entry with tid ACQ_ANY summarises a location: the first interval in
** which any thread of the block acquired it.
*/
struct fence_at {
	uint32_t block, stamp, cut, cut_prev, cut_bar;
};
struct rel {
	uint64_t loc;
	uint32_t block, tid, fs, as, cut, cut_prev, cut_bar;
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

struct u64set {
	uint64_t *v;
	uint32_t n, cap;
	uint8_t zero, full;
};

struct rec {
	struct mam_race pub;
	int score;		/* of the witness: 2 not its-only, 1 not benign */
	struct u64set addrs, pairs;
};

/* Races already counted for the current lane access (a word access on a
** split word, or an 8-byte access, meets the same witness twice). */
struct seen {
	uint32_t n;
	struct { uint32_t rec, block; uint16_t tid; } v[16];
};

struct tuple {
	uint64_t addr;
	uint32_t block, epoch, insn, seq;
	uint16_t tid;
	uint8_t kind, scope, size, space;
};

struct chunk {
	struct chunk *next;
	size_t used, size;
	size_t mapped;		/* bytes mapped (mmap), or 0 (malloc) */
	_Alignas(16) unsigned char data[];
};

/* Per-launch storage: chunks in use and chunks of earlier launches. */
struct arena {
	struct chunk *chunks, *spare;
};
enum { AR_PAGES, AR_MISC };	/* pages hold only hot cells, so they need no clearing */

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

struct mam {
	struct mam_options opt;
	struct shape *shapes;	/* by instruction, SHAPES; allocated when first used */
	struct arena ar[2];
	uint32_t grid[3], bdim[3];
	/* tracked allocations */
	uint8_t *space;
	uint32_t nspace;
	/* shadow pages */
	uint64_t *pkeys;
	struct page **pages;
	uint32_t pcap, pn;
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
	struct gen_info *gens;	/* by generation - launch_gen */
	uint32_t ngens, capgens;
	uint32_t *bar_of_epoch;	/* the barrier that started interval e */
	uint32_t nboe, capboe;
	/* results */
	struct rec *recs;
	uint32_t nrecs, caprecs;
	uint32_t *rix;		/* record index + 1, by key hash */
	uint32_t rcap;
	struct mam_barrier_info *bars;	/* by static id */
	uint8_t *bar_seen;
	uint32_t capbars;
	uint32_t *bar_list;	/* executed ids, sorted */
	uint32_t nbar_list, capbar_list;
	struct mam_stats st;
	/* release/acquire across blocks */
	uint32_t bclock;	/* the running block's clock: access stamps */
	uint32_t epoch_seq;	/* bclock when the current interval began */
	uint32_t prev_seq;	/* and when the one before it began */
	struct fence_at *fences;	/* by thread, 1024 */
	struct rel *rels;	/* this launch, grouped by block */
	uint32_t nrels, caprels, rel_cur;	/* rel_cur: first of the running block */
	uint32_t *relix;	/* block + 1 and first release, by block hash */
	uint32_t relcap, relused;
	struct acq *acqs;	/* the running block's, ACQ_CAP hash slots */
	uint32_t *acq_used;	/* slots in use */
	uint32_t nacq;
	/* --dump-model */
	struct tuple *tuples;
	uint32_t ntuples, captuples;
	uint64_t tuples_lost;
};

/* ---- kinds and scopes ----------------------------------------------------- */

static inline int kind_writes(unsigned k)
{
	return k == MAM_WRITE || k == MAM_ATOMIC || k == MAM_ATOMIC_WRITE;
}

static inline int kind_atomic(unsigned k)
{
	return k >= MAM_ATOMIC;
}

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

/* ---- per-launch storage ------------------------------------------------------ */

/*
** A new chunk of CHUNK bytes, zeroed.  On Linux it is one 2 MiB mapping,
** aligned and marked for a transparent huge page: a launch's shadow then
** costs one page fault per 2 MiB instead of 512, and fewer TLB misses
** (docs/PERFORMANCE.md).  Elsewhere, or when mmap fails, calloc.
*/
static struct chunk *chunk_new(void)
{
	struct chunk *c = NULL;
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	size_t len = CHUNK_MAP * 2;
	unsigned char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p != MAP_FAILED) {
		size_t head = (CHUNK_MAP - (uintptr_t)p % CHUNK_MAP) % CHUNK_MAP;
		if (head)
			munmap(p, head);
		if (len - head > CHUNK_MAP)
			munmap(p + head + CHUNK_MAP, len - head - CHUNK_MAP);
		c = (struct chunk *)(void *)(p + head);
		madvise(c, CHUNK_MAP, MADV_HUGEPAGE);
		c->mapped = CHUNK_MAP;
	}
#endif
	if (c == NULL) {
		c = xcalloc(1, CHUNK_MAP);
		c->mapped = 0;
	}
	c->size = CHUNK;
	return c;
}

static void chunk_free(struct chunk *c)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	if (c->mapped) {
		munmap(c, c->mapped);
		return;
	}
#endif
	free(c);
}

/* N bytes of per-launch storage from arena A, or NULL over budget.  New
** page chunks are zeroed (a zero generation is fresh); recycled ones hold
** hot cells of earlier launches, which are fresh too. */
static void *lalloc_in(struct mam *m, unsigned a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (m->st.bytes + n > m->opt.max_bytes)
		return NULL;
	struct arena *ar = &m->ar[a];
	struct chunk *c = ar->chunks;
	if (c == NULL || c->size - c->used < n) {
		if (ar->spare != NULL && ar->spare->size >= n) {
			c = ar->spare;
			ar->spare = c->next;
		} else {
			if (n <= CHUNK) {
				c = chunk_new();
			} else {
				c = a == AR_PAGES ? xcalloc(1, sizeof *c + n) : xmalloc(sizeof *c + n);
				c->size = n;
				c->mapped = 0;
			}
		}
		c->used = 0;
		c->next = ar->chunks;
		ar->chunks = c;
	}
	void *p = c->data + c->used;
	c->used += n;
	m->st.bytes += n;
	return p;
}

static void *lalloc(struct mam *m, size_t n)
{
	return lalloc_in(m, AR_MISC, n);
}

/* Ends a launch.  The chunks go to the spare lists (the next launch reuses
** them without faulting fresh pages in); the page table is emptied in
** place.  KEEP 0 frees everything. */
static void free_launch(struct mam *m, int keep)
{
	for (unsigned a = 0; a < 2; a++) {
		struct arena *ar = &m->ar[a];
		for (struct chunk *c = ar->chunks, *nx; c; c = nx) {
			nx = c->next;
			if (keep && c->size == CHUNK) {
				c->next = ar->spare;
				ar->spare = c;
			} else {
				chunk_free(c);
			}
		}
		ar->chunks = NULL;
		if (!keep) {
			for (struct chunk *c = ar->spare, *nx; c; c = nx) {
				nx = c->next;
				chunk_free(c);
			}
			ar->spare = NULL;
		}
	}
	if (keep && m->pkeys) {
		memset(m->pkeys, 0, (size_t)m->pcap * sizeof *m->pkeys);
	} else {
		free(m->pkeys);
		free(m->pages);
		m->pkeys = NULL;
		m->pages = NULL;
		m->pcap = 0;
	}
	m->pn = 0;
	m->last_key = UINT64_MAX;
	m->last_page = NULL;
	for (unsigned i = 0; i < PCACHE; i++)
		m->pc_key[i] = UINT64_MAX;
	m->free_cells = NULL;
	m->ngens = 0;
	free(m->space);
	m->space = NULL;
	m->nspace = 0;
	free(m->tuples);
	m->tuples = NULL;
	m->ntuples = m->captuples = 0;
	m->tuples_lost = 0;
	m->nrels = m->rel_cur = 0;
	if (m->relix)
		memset(m->relix, 0, (size_t)m->relcap * 2 * sizeof *m->relix);
	m->relused = 0;
	/* fence records are told apart by block, and block ids start again
	** at 0 in every launch: the previous launch's must not be read */
	if (m->fences)
		memset(m->fences, 0, 1024 * sizeof *m->fences);
	memset(&m->st, 0, sizeof m->st);
	m->st.bytes = (uint64_t)m->pcap * (sizeof(uint64_t) + sizeof(struct page *));
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

static int page_grow(struct mam *m)
{
	uint32_t nc = m->pcap ? m->pcap * 2 : 1024;
	size_t need = (size_t)nc * (sizeof(uint64_t) + sizeof(struct page *));
	size_t old = (size_t)m->pcap * (sizeof(uint64_t) + sizeof(struct page *));
	if (m->st.bytes - old + need > m->opt.max_bytes)
		return -1;
	uint64_t *k = xcalloc(nc, sizeof *k);
	struct page **v = xcalloc(nc, sizeof *v);
	for (uint32_t i = 0; i < m->pcap; i++) {
		if (m->pkeys[i] == 0)
			continue;
		uint32_t j = (uint32_t)mix64(m->pkeys[i]) & (nc - 1);
		while (k[j] != 0)
			j = (j + 1) & (nc - 1);
		k[j] = m->pkeys[i];
		v[j] = m->pages[i];
	}
	free(m->pkeys);
	free(m->pages);
	m->pkeys = k;
	m->pages = v;
	m->pcap = nc;
	m->st.bytes = m->st.bytes - old + need;
	return 0;
}

/* page_of() for a page other than the last one. */
static struct page *page_find(struct mam *m, uint64_t key)
{
	unsigned ci = (unsigned)(key ^ (key >> 32)) & (PCACHE - 1);
	if (m->pc_key[ci] == key) {
		m->last_key = key;
		return m->last_page = m->pc_page[ci];
	}
	if (m->pn * 2 >= m->pcap && page_grow(m) < 0)
		return NULL;
	uint32_t j = (uint32_t)mix64(key) & (m->pcap - 1);
	while (m->pkeys[j] != 0 && m->pkeys[j] != key)
		j = (j + 1) & (m->pcap - 1);
	if (m->pkeys[j] == 0) {
		struct page *pg = lalloc(m, sizeof *pg);
		if (pg == NULL)
			return NULL;
		pg->cells = NULL;
		for (unsigned i = 0; i < PAGE_SEGS; i++) {
			pg->seg[i].gen = pg->seg[i].touched = pg->seg[i].n = 0;
			pg->roc[i] = NULL;
		}
		m->pkeys[j] = key;
		m->pages[j] = pg;
		m->pn++;
	}
	m->last_key = m->pc_key[ci] = key;
	m->last_page = m->pc_page[ci] = m->pages[j];
	return m->last_page;
}

/* The page of byte offset OFF of allocation ID (id >= 1), or NULL when
** the budget is exhausted. */
static inline struct page *page_of(struct mam *m, uint32_t id, uint64_t off)
{
	uint64_t key = ((uint64_t)id << 32) | (off >> PAGE_SHIFT);
	return key == m->last_key ? m->last_page : page_find(m, key);
}

/* Segment S of page PG gives its records to its hot cells. */
static void seg_spill(struct page *pg, struct seg *s)
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

/* The hot cell of the word at byte offset OFF of allocation ID (id >= 1),
** to be used on its own, or NULL when the budget is exhausted. */
static struct hot *cell_of(struct mam *m, uint32_t id, uint64_t off)
{
	struct page *pg = page_of(m, id, off);
	if (pg == NULL)
		return NULL;
	if (pg->cells == NULL
	    && (pg->cells = lalloc_in(m, AR_PAGES, PAGE_WORDS * sizeof *pg->cells)) == NULL)
		return NULL;
	uint32_t w = (uint32_t)(off >> 2) & (PAGE_WORDS - 1);
	struct seg *s = &pg->seg[w / SEG_WORDS];
	if (s->gen >= m->launch_gen)
		seg_spill(pg, s);
	s->touched = m->gen;
	return &pg->cells[w];
}

/* A copy of history list L in per-launch storage, values sliced to byte
** BYTE.  Returns 0, or -1 over budget. */
static int hlist_slice(struct mam *m, struct hlist *to, const struct hlist *l, unsigned byte)
{
	*to = *l;
	if (l->cap == 0)
		return 0;
	to->v = lalloc(m, l->cap * sizeof *to->v);
	if (to->v == NULL)
		return -1;
	for (unsigned k = 0; k < l->n; k++) {
		to->v[k] = l->v[k];
		to->v[k].val = (l->v[k].val >> (8 * byte)) & 0xff;
	}
	return 0;
}

/* Splits word cell C into four byte cells that each start with C's
** history (values sliced to their byte).  Returns 0, or -1 over budget. */
static int split(struct mam *m, struct cell *c)
{
	struct cell *s = lalloc(m, 4 * sizeof *s);
	struct hist *h = c->h ? lalloc(m, 4 * sizeof *h) : NULL;
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

/* ---- results ---------------------------------------------------------------- */

/* Adds X; returns 1 if it is new, 0 if known or the set is full. */
static int set_add(struct u64set *s, uint64_t x)
{
	if (x == 0) {
		if (s->zero)
			return 0;
		s->zero = 1;
		return 1;
	}
	if (s->n * 2 >= s->cap) {
		if (s->cap >= 2 * SET_CAP) {
			s->full = 1;
			return 0;
		}
		uint32_t nc = s->cap ? s->cap * 2 : 16;
		uint64_t *v = xcalloc(nc, sizeof *v);
		for (uint32_t i = 0; i < s->cap; i++)
			if (s->v[i]) {
				uint32_t j = (uint32_t)mix64(s->v[i]) & (nc - 1);
				while (v[j])
					j = (j + 1) & (nc - 1);
				v[j] = s->v[i];
			}
		free(s->v);
		s->v = v;
		s->cap = nc;
	}
	uint32_t j = (uint32_t)mix64(x) & (s->cap - 1);
	while (s->v[j] != 0) {
		if (s->v[j] == x)
			return 0;
		j = (j + 1) & (s->cap - 1);
	}
	s->v[j] = x;
	s->n++;
	return 1;
}

static uint64_t rec_hash(unsigned space, unsigned cls, unsigned hz, uint32_t ia, uint32_t ib)
{
	return mix64(((uint64_t)ia << 32 | ib) ^ ((uint64_t)(space << 4 | cls << 2 | hz) << 58));
}

static uint32_t rec_find(struct mam *m, unsigned space, unsigned cls, unsigned hz,
			 uint32_t ia, uint32_t ib, int *created)
{
	if (m->nrecs * 2 >= m->rcap) {
		uint32_t nc = m->rcap ? m->rcap * 2 : 64;
		uint32_t *ix = xcalloc(nc, sizeof *ix);
		for (uint32_t i = 0; i < m->nrecs; i++) {
			const struct mam_race *r = &m->recs[i].pub;
			uint32_t j = (uint32_t)rec_hash(r->space, r->cls, r->hazard, r->first.insn,
							r->second.insn) & (nc - 1);
			while (ix[j])
				j = (j + 1) & (nc - 1);
			ix[j] = i + 1;
		}
		free(m->rix);
		m->rix = ix;
		m->rcap = nc;
	}
	uint32_t j = (uint32_t)rec_hash(space, cls, hz, ia, ib) & (m->rcap - 1);
	while (m->rix[j]) {
		const struct mam_race *r = &m->recs[m->rix[j] - 1].pub;
		if (r->space == space && r->cls == cls && r->hazard == hz && r->first.insn == ia
		    && r->second.insn == ib) {
			*created = 0;
			return m->rix[j] - 1;
		}
		j = (j + 1) & (m->rcap - 1);
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
	m->rix[j] = m->nrecs + 1;
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
	r->pub.addresses = r->addrs.n + r->addrs.zero;
	r->pub.thread_pairs = r->pairs.n + r->pairs.zero;
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

struct mam *mam_new(const struct mam_options *opt)
{
	struct mam *m = xcalloc(1, sizeof *m);
	if (opt)
		m->opt = *opt;
	if (m->opt.max_bytes == 0)
		m->opt.max_bytes = (size_t)1 << 30;
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
		free(m->recs[i].addrs.v);
		free(m->recs[i].pairs.v);
	}
	free(m->recs);
	free(m->rix);
	m->recs = NULL;
	m->rix = NULL;
	m->nrecs = m->caprecs = m->rcap = 0;
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
	free(m->bar_of_epoch);
	free(m->gens);
	free(m->fences);
	free(m->rels);
	free(m->relix);
	free(m->acqs);
	free(m->acq_used);
	free(m->shapes);
	free(m);
}

void mam_launch_begin(struct mam *m, const uint32_t grid[3], const uint32_t block[3])
{
	free_launch(m, 1);
	if (m->gen > UINT32_MAX / 2) {
		/* generations would wrap: make the recycled pages fresh again */
		for (struct chunk *c = m->ar[AR_PAGES].spare; c; c = c->next)
			memset(c->data, 0, c->size);
		m->gen = 0;
	}
	m->launch_gen = m->block_gen = m->gen + 1;
	for (int i = 0; i < 3; i++) {
		m->grid[i] = grid[i] ? grid[i] : 1;
		m->bdim[i] = block[i] ? block[i] : 1;
	}
	m->block = NONE32;
	m->epoch = 0;
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
	m->epoch = 0;
	new_gen(m);
	m->block_gen = m->gen;
	m->bclock = m->epoch_seq = m->prev_seq = 0;
	m->rel_cur = m->nrels;
	for (uint32_t i = 0; i < m->nacq; i++)
		m->acqs[m->acq_used[i]].used = 0;
	m->nacq = 0;
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
	m->epoch++;
	m->prev_seq = m->epoch_seq;
	m->epoch_seq = m->bclock;
	new_gen(m);
	vec_reserve(&m->bar_of_epoch, &m->capboe, m->nboe + 1, sizeof *m->bar_of_epoch);
	m->bar_of_epoch[m->nboe++] = barrier_id;
}

/* ---- release/acquire across blocks ------------------------------------------------ */

/* The first release of block BLK, or NONE32. */
static uint32_t rel_first(const struct mam *m, uint32_t blk)
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

/* The first release of finished block BLK that an access (who X, kind
** byte F, block-clock STAMP, of unit UADDR) is ordered before, or NONE32:
** the fencing thread's accesses before the fence and its releasing atomic
** writes themselves, and anyone's in an earlier interval (the barrier made
** them part of the fencing thread's past). */
static uint32_t released(const struct mam *m, uint32_t blk, uint32_t x, uint8_t f,
			 uint32_t stamp, uint64_t uaddr)
{
	uint32_t i = rel_first(m, blk);
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
** barrier ID (NONE32: none), which the pair's intervals are adjacent at:
** without it the pair would race, so it is needed in both models. */
static void handover_needs(struct mam *m, uint32_t id)
{
	if (id == NONE32 || id >= m->capbars || !m->bar_seen[id])
		return;
	m->bars[id].needed_its = m->bars[id].needed_ls = 1;
}

/* Has the running block acquired LOC before access B: the thread itself,
** by an earlier atomic read, or any thread in an earlier interval (the
** barrier passes it on, and is needed when it is the one right after)? */
static int acquired(struct mam *m, const struct acc *b, uint64_t loc)
{
	const struct acq *a = acq_slot(m, loc, b->tid, 0);
	if (a != NULL && b->stamp > a->astamp)
		return 1;
	a = acq_slot(m, loc, ACQ_ANY, 0);
	if (a == NULL || m->epoch <= a->aepoch)
		return 0;
	if (m->epoch == a->aepoch + 1)
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
	/* released through the barrier before the fence, from the interval
	** right before it: that barrier is needed too */
	uint32_t st = e->stamp;
	if (!(W_TID(e->who) == r->tid && st <= r->as) && st > r->cut_prev
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
		f->stamp = f->cut = f->cut_prev = f->cut_bar = NONE32;
	}
	return f;
}

/* Lane access B, an atomic of device scope or wider on global memory,
** reads and/or writes location B->addr: an acquisition, and after a fence
** of the thread a release. */
static void hand_atomic(struct mam *m, const struct acc *b)
{
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
			m->rels[i].cut_prev = f->cut_prev;
			m->rels[i].cut_bar = f->cut_bar;
			return;
		}
	if (m->nrels - m->rel_cur >= REL_PER_BLOCK || m->nrels >= REL_CAP)
		return;		/* unrecorded: its accesses stay unordered (no race is hidden) */
	if (m->nrels == m->rel_cur)
		rel_index(m, m->block, m->nrels);
	vec_reserve(&m->rels, &m->caprels, m->nrels + 1, sizeof *m->rels);
	m->rels[m->nrels++] = (struct rel){ b->addr, m->block, b->tid, f->stamp, b->stamp, f->cut,
					    f->cut_prev, f->cut_bar };
}

void mam_fence(struct mam *m, const struct mam_warp_ctx *w, uint32_t lanes, enum mam_scope scope)
{
	if (m->block == NONE32 || scope < MAM_SCOPE_DEVICE)
		return;
	for (uint32_t mm = lanes & w->exists; mm; mm &= mm - 1) {
		struct fence_at *f = fence_of(m, w->warp * 32 + (uint32_t)__builtin_ctz(mm));
		f->stamp = m->bclock;
		f->cut = m->epoch_seq;
		f->cut_prev = m->prev_seq;
		f->cut_bar = m->epoch ? m->bar_of_epoch[m->epoch] : NONE32;
	}
}

/* The history class of an access with kind byte F (of summary class CL). */
static inline unsigned hclass(unsigned cl, uint8_t f)
{
	if (cl == CL_R || cl == CL_W)
		return cl == CL_R ? HC_R : HC_W;
	return (KF_SCOPE(f) >= MAM_SCOPE_DEVICE ? HC_AW : HC_AN) + (cl == CL_AR);
}

/* The summary class of an access with kind byte F. */
static inline unsigned sclass(uint8_t f)
{
	unsigned k = KF_KIND(f);
	int w = kind_writes(k);
	return kind_atomic(k) && KF_SCOPE(f) >= MAM_SCOPE_BLOCK ? (w ? CL_A : CL_AR) : w ? CL_W : CL_R;
}

/*
** Adds access X (block BLK, stamp ST, kind byte F, value VAL if F_VAL) of
** history class HC to list L (d or c).  Per (class, instruction) the first
** access stays; a class-W entry loses F_VAL once a write of another value
** (or an unknown one) joins it.  A full list keeps at least one entry per
** class: it drops X when its class is there (every class-W entry then
** loses F_VAL unless X wrote its value), else evicts from the class with
** the most entries.  Returns 0, or -1 over budget.
*/
static int hput(struct mam *m, struct hlist *l, unsigned hc, uint32_t blk, uint32_t st,
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
		struct hent *v = lalloc(m, nc * sizeof *v);
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

static struct hist *hist_of(struct mam *m, struct cell *c)
{
	if (c->h == NULL) {
		c->h = lalloc(m, sizeof *c->h);
		if (c->h == NULL) {
			m->st.dropped++;
			return NULL;
		}
		memset(c->h, 0, sizeof *c->h);
	}
	return c->h;
}

/* An access A of global cell C's owner that its interval summary does not
** keep joins the owner's history d. */
static void fold_one(struct mam *m, struct cell *c, const struct slot *a)
{
	struct hist *h = hist_of(m, c);
	if (h != NULL && hput(m, &h->d, hclass(sclass(a->kf), a->kf), 0, a->stamp, a->who, a->kf,
			      a->val, NONE32) < 0)
		m->st.dropped++;
}

/* Interval summary S of global cell C is about to be forgotten: its
** accesses join the owner's history d. */
static void fold_sum(struct mam *m, struct cell *c, const struct sum *s)
{
	for (unsigned i = 0; i < s->n; i++)
		fold_one(m, c, &s->s[i]);
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
		if (hput(m, &h->c, e->hc, c->owner, e->stamp, e->who, e->kf, e->val,
			 released(m, c->owner, e->who, e->kf, e->stamp, uaddr)) < 0)
			m->st.dropped++;
	}
	h->d.n = 0;
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

/* Checks B against the interval summary V[0..N) of its own block: PREV 0
** the current interval (races), 1 the previous one (is the barrier between
** them needed?). */
static void check_slots(struct mam *m, const struct mam_warp_ctx *w, const struct slot *v,
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
		if (ord == 3)
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

/* Checks B against what other blocks did (global memory): the history c.
** Blocks run one after another, so every access of c happened before B in
** the simulation; only a hand-over (release and acquire) orders one. */
static void check_other_blocks(struct mam *m, const struct hist *h, const struct acc *b,
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
		int benign = e->hc == HC_W && b->kind == MAM_WRITE && b->has_val && (f & F_VAL)
			     && e->val == b->val;
		struct mam_who wa, wb;
		who_of(&wa, e->block, e->who, f);
		who_acc(&wb, m->block, b);
		unsigned hz = aw && b->writes ? MAM_WAW : aw ? MAM_RAW : MAM_WAR;
		report(m, sn, MAM_SPACE_GLOBAL, MAM_INTER_BLOCK, hz, 0, benign, &wa, &wb, uaddr);
	}
}

/*
** Remembers B in the interval summary V[0..*NP) of capacity CAP (see
** docs/MODEL.md, "Which accesses a summary keeps").  Slots are kept per
** (class, instruction): a later access of another instruction never takes
** an earlier one's slot while there is room, so every instruction pair
** keeps a witness.  With FOLD (global memory) an access the summary drops,
** or evicts, joins the history of full cell C first, so the history of a
** block misses nothing the next blocks must meet.  Returns 0, or 1 with
** nothing changed when the summary is a hot cell's (C NULL) and B needs
** more: a third slot, or a history to fold into.
*/
static int insert(struct mam *m, const struct mam_warp_ctx *w, struct cell *c, int fold,
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
		int ord = ta == tb || order_of(w, ta, a->stamp, tb, b->stamp) == 3;
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
		fold_one(m, c, &v[t]);
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
		fold_one(m, c, &x);
	}
	return 0;
}

/* Applies B to one unit (word or byte cell C at UADDR). */
static void unit(struct mam *m, const struct mam_warp_ctx *w, struct cell *c, unsigned space,
		 uint64_t uaddr, const struct acc *b, struct seen *sn)
{
	uint32_t e = m->epoch;
	if (c->owner != m->block) {
		if (space == MAM_SPACE_GLOBAL && c->owner != NONE32)
			retire(m, c, uaddr);
		c->owner = m->block;
		c->e[0].epoch = c->e[1].epoch = NONE32;
		m->st.units++;
	}
	struct sum *a = &c->e[e & 1];
	if (a->epoch != e) {
		if (space == MAM_SPACE_GLOBAL && a->epoch != NONE32)
			fold_sum(m, c, a);
		a->epoch = e;
		a->n = 0;
	}
	if (a->n)
		check_slots(m, w, a->s, a->n, 0, b, space, uaddr, sn);
	if (e > 0 && m->bar_of_epoch[e] < m->capbars) {
		const struct sum *p = &c->e[(e - 1) & 1];
		const struct mam_barrier_info *bi = &m->bars[m->bar_of_epoch[e]];
		if (p->epoch == e - 1 && p->n && !(bi->needed_its && bi->needed_ls))
			check_slots(m, w, p->s, p->n, 1, b, space, uaddr, sn);
	}
	if (c->h && c->h->c.n)
		check_other_blocks(m, c->h, b, uaddr, sn);
	insert(m, w, c, space == MAM_SPACE_GLOBAL, a->s, &a->n, SUM_CAP, b);
}

static void log_tuple(struct mam *m, unsigned space, const struct acc *b, unsigned size)
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

/* An empty full cell, or NULL over budget. */
static struct cell *new_cell(struct mam *m)
{
	struct cell *x = m->free_cells;
	if (x != NULL)
		m->free_cells = x->sub;
	else if ((x = lalloc(m, sizeof *x)) == NULL)
		return NULL;
	x->owner = NONE32;
	x->sub = NULL;
	x->h = NULL;
	x->e[0].epoch = x->e[1].epoch = NONE32;
	x->e[0].n = x->e[1].n = 0;
	return x;
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

/* Whether global word UADDR has read-only history entries. */
static inline int ro_has(struct mam *m, uint64_t uaddr)
{
	uint16_t bit;
	const struct roc *r = roc_of(m, uaddr, &bit);
	return r != NULL && (r->words & bit);
}

/* Full cell X of global word UADDR takes the word's read-only history
** entries into its list c, in order. */
static void ro_move(struct mam *m, struct cell *x, uint64_t uaddr)
{
	uint16_t bit;
	struct roc *r = roc_of(m, uaddr, &bit);
	if (r == NULL || !(r->words & bit))
		return;
	unsigned wi = (unsigned)__builtin_ctz(bit);
	struct hist *h = hist_of(m, x);
	for (unsigned i = 0; i < r->n; i++) {
		struct roe *e = &r->v[i];
		if (e->word != wi)
			continue;
		if (h != NULL && hput(m, &h->c, HC_R, e->block, e->stamp, e->who, e->kf, e->val,
				      NONE32) < 0)
			m->st.dropped++;
		e->word = RO_GONE;
	}
	r->words &= (uint16_t)~bit;
	for (unsigned k = 0; k < r->ninsn; k++)
		r->mask[k] &= (uint16_t)~bit;
}

/* The read-only history *RP with room for NEED more entries, made when
** missing; NULL over budget. */
static struct roc *roc_room(struct mam *m, struct roc **rp, unsigned need)
{
	struct roc *r = *rp;
	if (r == NULL) {
		if ((r = lalloc(m, sizeof *r)) == NULL)
			return NULL;
		memset(r, 0, sizeof *r);
		*rp = r;
	}
	if (r->n + need > r->cap) {
		unsigned nc = r->cap ? 2u * r->cap : 16;
		while (nc < r->n + need)
			nc *= 2;
		struct roe *v = lalloc(m, nc * sizeof *v);
		if (v == NULL)
			return NULL;
		if (r->n)
			memcpy(v, r->v, r->n * sizeof *v);
		r->v = v;
		r->cap = (uint16_t)nc;
	}
	return r;
}

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

/* Adds to R (with room) the entry of word WI for an access of block BLK. */
static void roc_put(struct roc *r, unsigned wi, uint32_t blk, uint32_t stamp, uint32_t who,
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

/*
** Another block's global word at UADDR, whose whole state is the plain
** reads inline in hot cell H, is about to be used by a plain read: the
** reads join the segment's read-only history instead of a full cell's c,
** as retire() would add them (one per instruction, the first; a word
** that has one keeps it), unless one is ordered before a release of its
** block, or the segment has no room for another instruction.  Returns 1
** when they did (H can start over), 0 with nothing changed.
*/
static int ro_absorb(struct mam *m, const struct hot *h, uint64_t uaddr)
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
		if (released(m, blk, a->who, a->kf, a->stamp, uaddr) != NONE32)
			return 0;
		add[nadd++] = i;
	}
	if (nadd == 0)
		return 1;
	if ((r = roc_room(m, rp, nadd)) == NULL)
		return 0;
	for (unsigned j = 0; j < nadd; j++) {
		const struct slot *a = &h->u.s[add[j]];
		roc_put(r, (unsigned)__builtin_ctz(bit), blk, a->stamp, a->who, a->val, a->kf);
	}
	return 1;
}

/* The full cell of hot cell H (word UADDR of SPACE), made from its inline
** accesses if it has none yet, with the word's read-only history in its
** c; NULL over budget.  H's generation is left alone. */
static struct cell *full_of(struct mam *m, struct hot *h, unsigned space, uint64_t uaddr)
{
	if (h->gen >= m->launch_gen && h->ext)
		return h->u.x;
	struct cell *x = new_cell(m);
	if (x == NULL)
		return NULL;
	if (space == MAM_SPACE_GLOBAL)
		ro_move(m, x, uaddr);
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

static inline void slot_set(struct slot *s, const struct acc *b)
{
	s->stamp = b->stamp;
	s->who = WHO(b->insn, b->tid);
	s->val = b->val;
	s->kf = KF(b->kind, b->scope, b->has_val);
}

/*
** Applies B, an access of the whole word, to hot cell H at UADDR.  While
** the word's state fits inline this is the whole work: a fresh cell, or a
** shared one whose accesses can no longer matter (another block's, an
** older interval's, or the previous interval's once its barrier is known
** needed in both models), starts over with B; in the current interval B
** is checked against the inline accesses and joins them.  Everything else
** goes to the full cell, which decides exactly as unit() always did.
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
		unit(m, w, x, space, uaddr, b, sn);
		return;
	}
	if (g < m->block_gen) {
		if (g < m->launch_gen || space == MAM_SPACE_SHARED)
			goto fresh;
		/* another block's global word: its history, read-only if it can */
		if (!b->writes && ro_absorb(m, h, uaddr))
			goto fresh;
		goto full;
	}
	if (g != m->gen) {
		if (space == MAM_SPACE_SHARED && g + 1 < m->gen)
			goto restart;
		if (space == MAM_SPACE_SHARED) {
			const struct mam_barrier_info *bi = &m->bars[m->bar_of_epoch[m->epoch]];
			if (bi->needed_its && bi->needed_ls)
				goto restart;
		}
		goto full;
	}
	if (b->writes && space == MAM_SPACE_GLOBAL && ro_has(m, uaddr))
		goto full;	/* it meets the other blocks' reads */
	check_slots(m, w, h->u.s, h->n, 0, b, space, uaddr, sn);
	uint32_t n = h->n;
	if (insert(m, w, NULL, space == MAM_SPACE_GLOBAL, h->u.s, &n, 2, b) == 0) {
		h->n = (uint8_t)n;
		return;
	}
	/* B needs more than the hot cell holds; it is checked already */
	if ((x = full_of(m, h, space, uaddr)) == NULL) {
		m->st.dropped++;
		return;
	}
	struct sum *a = &x->e[m->epoch & 1];
	insert(m, w, x, space == MAM_SPACE_GLOBAL, a->s, &a->n, SUM_CAP, b);
	return;
full:
	if ((x = full_of(m, h, space, uaddr)) == NULL) {
		m->st.dropped++;
		return;
	}
	h->gen = m->gen;
	unit(m, w, x, space, uaddr, b, sn);
	return;
fresh:
	m->st.units++;
restart:
	h->gen = m->gen;
	h->ext = 0;
	h->n = 1;
	slot_set(&h->u.s[0], b);
}

/* One lane's access of N bytes at ADDR (value V when HAS_VAL). */
static void lane_access(struct mam *m, const struct mam_warp_ctx *w, unsigned space,
			struct acc *b, uint64_t n, uint64_t v, int has_val)
{
	uint64_t addr = b->addr;
	uint32_t id = MEM_ID(addr);
	uint64_t off = MEM_OFF(addr), end = off + n;
	struct seen sn;
	sn.n = 0;
	m->st.lane_accesses++;
	if (m->opt.dump_max)
		log_tuple(m, space, b, (unsigned)(n > 255 ? 255 : n));
	if (end > MEM_OFF_MASK + 1)
		end = MEM_OFF_MASK + 1;
	for (uint64_t o = off; o < end;) {
		uint64_t word = o & ~(uint64_t)3;
		struct hot *h = cell_of(m, id, word);
		if (h == NULL) {
			m->st.dropped++;
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
					unit(m, w, &c->sub[i], space, MEM_PTR(id, word + i), b, &sn);
				}
			}
			o += 4;
		} else {
			struct cell *c = full_of(m, h, space, MEM_PTR(id, word));
			if (c == NULL || (c->sub == NULL && split(m, c) < 0)) {
				m->st.dropped++;
				return;
			}
			h->gen = m->gen;
			b->has_val = (uint8_t)has_val;
			b->val = k < 8 ? (uint32_t)(v >> (8 * k)) & 0xff : 0;
			unit(m, w, &c->sub[o & 3], space, MEM_PTR(id, o), b, &sn);
			o += 1;
		}
	}
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
	if (g < m->block_gen || g + 1 < m->gen)
		return 1;	/* another block's, or two barriers ago */
	const struct mam_barrier_info *bi = &m->bars[m->bar_of_epoch[m->epoch]];
	return bi->needed_its && bi->needed_ls;
}

/*
** Global segment S (read-only history *RP) holds records of generation G,
** another block's, and a plain read of a later block covers it: what the
** lane-by-lane path would do, word by word, when every record is plain
** reads (ro_absorb(): their entries join the read-only history, one per
** word and instruction, the first; the words start over).  Returns 1 when
** done, 0 with nothing changed when some word would need a full cell
** instead (a record that is not plain reads, a fifth instruction, a
** release of the block, the budget).
*/
static int seg_absorb(struct mam *m, struct seg *s, struct roc **rp, uint32_t g)
{
	uint32_t blk = m->gens[g - m->launch_gen].block;
	if (rel_first(m, blk) != NONE32)
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
	if ((r = roc_room(m, rp, need)) == NULL)
		return 0;
	for (unsigned i = 0; i < SEG_WORDS; i++)
		for (unsigned k = 0; k < nk; k++) {
			const struct wrec *e = &s->rec[k];
			if (!roc_has(r, W_INSN(e->who0), (uint16_t)(1u << i)))
				roc_put(r, i, blk, e->stamp, e->who0 + i, e->val[i], e->kf);
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
** (insert()'s rules, record by record).  Returns 0 otherwise, changing
** nothing.
*/
static int seg_access(struct mam *m, const struct mam_warp_ctx *w, struct seg *s, struct roc **rp,
		      unsigned space, const struct acc *b, const uint64_t *value, unsigned lane0)
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

/* Whether ADDR[0..16) are the words of one segment, lane l on word l. */
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

/* The fast path for the quarter-warp at LANE0, a segment's run of lanes
** (see seg_access); 0 when it does not apply. */
static int run_access(struct mam *m, const struct mam_warp_ctx *w, const uint64_t *addr,
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

/*
** Whether a plain 4-byte read B (instruction INSN, warp WARP, clock STAMP)
** of the shared word of hot cell H (may be NULL) changes nothing: H holds
** two plain reads of INSN in this interval, none of them ordered before B
** (another warp's, or another lane's of the running instruction), and
** either both of B's warp (two other lanes of it) or of two warps.  B cannot
** race with reads, and insert() drops the third of three concurrent
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
** instruction in this interval by one other warp, insert() keeps two warps
** by putting B in the place of the second (reads do not race, and
** accesses of other warps are not ordered before B).  Does that and
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

/* Lane LANE's plain 4-byte read B of the shared word of hot cell H when it
** changes nothing (read_noop()) or joins two reads of another warp
** (read_join()), counted; 0 with nothing changed otherwise. */
static inline int read_done(struct mam *m, const struct mam_warp_ctx *w, struct hot *h,
			    struct acc *b, unsigned lane)
{
	if (read_noop(m, h, b->stamp, b->insn, w->warp)) {
		m->st.lane_accesses++;
		return 1;
	}
	return read_join(m, w, h, b, lane);
}

/* The hot cell of the word at ADDR if its page has hot cells, else NULL;
** nothing is allocated or spilled. */
static struct hot *hot_peek(struct mam *m, uint64_t addr)
{
	uint64_t off = MEM_OFF(addr);
	struct page *pg = page_of(m, MEM_ID(addr), off);
	if (pg == NULL || pg->cells == NULL)
		return NULL;
	return &pg->cells[(uint32_t)(off >> 2) & (PAGE_WORDS - 1)];
}

#define GROUP_WORDS 8	/* distinct shared words remembered per instruction */

/*
** Lane LANE of warp W makes plain 4-byte read B of the global word at
** ADDR, whose whole state is another block's plain reads inline in its hot
** cell: what lane_access() and hot_unit() would do (the reads join the
** read-only history, the cell starts over with B), without their
** generality.  Returns 0 with nothing changed when that is not the case.
*/
static int ro_read(struct mam *m, const struct mam_warp_ctx *w, struct acc *b, uint64_t addr,
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
	if (i < h->n && !ro_absorb(m, h, addr))
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

/*
** The first two lanes, LANE and LANE2 of warp W, of a plain 4-byte read B
** of the shared word at ADDR: when the word's hot cell holds nothing that
** can matter now (see irrelevant()), the lane-by-lane path would start it
** over with LANE's read and add LANE2's (it cannot race with a read, and
** two lanes of one instruction are not ordered), so both are written at
** once.  Returns the hot cell then, NULL with nothing changed otherwise;
** *CELL is the word's hot cell either way (NULL over budget).
*/
static struct hot *pair_read(struct mam *m, const struct mam_warp_ctx *w, struct acc *b,
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

void mam_access(struct mam *m, struct mam_warp_ctx *w, const uint64_t addr[32], uint32_t lanes,
		unsigned size, enum mam_kind kind, enum mam_scope scope, uint32_t insn,
		const uint64_t *value)
{
	if (m->block == NONE32 || size == 0)
		return;
	struct acc b;
	b.stamp = w->clock = ++m->bclock;
	b.insn = insn > MAX_INSN ? MAX_INSN : insn;
	b.kind = (uint8_t)kind;
	b.scope = kind_atomic(kind) ? (uint8_t)(scope & 3u) : 0;
	b.writes = (uint8_t)kind_writes(kind);
	b.atomic = (uint8_t)kind_atomic(kind);
	int has_val = value != NULL && kind == MAM_WRITE && size <= 8;
	uint32_t todo = lanes & w->exists;
	if (b.atomic && b.scope >= MAM_SCOPE_DEVICE)
		for (uint32_t mm = todo; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			if (space_of(m, addr[l]) != MAM_SPACE_GLOBAL)
				continue;
			b.addr = addr[l];
			b.tid = (uint16_t)(w->warp * 32 + l);
			hand_atomic(m, &b);
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
		    && run_access(m, w, addr + h, &b, has_val ? value + h : NULL, h))
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
					if (read_done(m, w, gh[gi], &b, l)) {
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
					if (same && pair_read(m, w, &b, addr[l], l, (unsigned)__builtin_ctz(same), &hh)) {
						skip_lanes(m, same, hm, &skip, &mm);
						continue;
					}
					/* another warp's reads of the word, e.g. (the cell
					** pair_read() found, no spill since: same word) */
					if (hh == NULL)
						hh = hot_peek(m, addr[l]);
					if (read_done(m, w, hh, &b, l)) {
						skip_lanes(m, same, hm, &skip, &mm);
						gw[ng] = addr[l];
						gsame[ng] = same;
						gh[ng++] = hh;
						continue;
					}
				}
			}
			if (group && sp == MAM_SPACE_GLOBAL && (addr[l] & 3) == 0
			    && ro_read(m, w, &b, addr[l], l))
				continue;
			b.addr = addr[l];
			b.tid = (uint16_t)(w->warp * 32 + l);
			lane_access(m, w, sp, &b, size, has_val ? value[l] : 0, has_val);
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
	lane_access(m, w, sp, &b, n, 0, 0);
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

void mam_get_stats(const struct mam *m, struct mam_stats *st)
{
	*st = m->st;
}

void mam_coords(const struct mam *m, uint32_t block, uint32_t tid, uint32_t bxyz[3],
		uint32_t txyz[3])
{
	bxyz[0] = block % m->grid[0];
	bxyz[1] = (block / m->grid[0]) % m->grid[1];
	bxyz[2] = block / (m->grid[0] * m->grid[1]);
	txyz[0] = tid % m->bdim[0];
	txyz[1] = (tid / m->bdim[0]) % m->bdim[1];
	txyz[2] = tid / (m->bdim[0] * m->bdim[1]);
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
