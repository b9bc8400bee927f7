/*
** mam_store.c: the shadow's per-launch storage and its page table.
**
** Every tier of the shadow (mam_int.h) lives in per-launch storage: two
** arenas of 2 MiB chunks, one for the pages' hot cells and one for the
** rest, capped together at max_bytes and recycled by the next launch.
** Pages are found through an open-addressing table keyed by (allocation
** id, page), with the last page and 64 recent ones cached in front of it.
** Past half of max_bytes, pages first touched are admitted by sample
** (admit()); the ones refused are remembered per allocation, a bit a
** page, outside the budget (a 1/8192 of the memory they stand for).
** What the storage maps is drawn from the process's pool (mem.h) too.
*/
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "memmodel/mam_int.h"

#define CHUNK_MAP ((size_t)2 << 20)		/* a chunk's mapping: one huge page */
#define CHUNK (CHUNK_MAP - sizeof(struct chunk))	/* and what it holds */

/* The pages refused a shadow in one allocation: a bit a page, from page
** 0 (the model sees no access below byte 0). */
struct unan {
	struct mam_unanalysed u;
	uint64_t *bits;
	uint64_t nbits;		/* words of bits */
};

struct chunk {
	struct chunk *next;
	size_t used, size;
	size_t mapped;		/* bytes mapped (mmap), or 0 (malloc) */
	_Alignas(16) unsigned char data[];
};

/*
** A new chunk of CHUNK bytes, zeroed.  On Linux it is one 2 MiB mapping,
** aligned and marked for a transparent huge page: a launch's shadow then
** costs one page fault per 2 MiB instead of 512, and fewer TLB misses
** (docs/PERFORMANCE.md).  Elsewhere, or when mmap fails, calloc.
*/
static struct chunk *chunk_new(struct mam *m)
{
	if (mem_pool_take(m->opt.pool, CHUNK_MAP) < 0)
		return NULL;
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

/* The bytes chunk C holds in the pool. */
static size_t chunk_bytes(const struct chunk *c)
{
	return c->size == CHUNK ? CHUNK_MAP : sizeof *c + c->size;
}

static void chunk_free(struct mam *m, struct chunk *c)
{
	mem_pool_give(m->opt.pool, chunk_bytes(c));
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	if (c->mapped) {
		munmap(c, c->mapped);
		return;
	}
#endif
	free(c);
}

void *store_alloc(struct mam *m, unsigned a, size_t n)
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
				c = chunk_new(m);
			} else if (mem_pool_take(m->opt.pool, sizeof *c + n) == 0) {
				c = a == AR_PAGES ? xcalloc(1, sizeof *c + n) : xmalloc(sizeof *c + n);
				c->size = n;
				c->mapped = 0;
			}
			if (c == NULL) {
				m->st.pool_refused = 1;
				return NULL;
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

uint64_t store_reset(struct mam *m, int keep)
{
	/* a pool more than half full wants the spare chunks back more than
	** this model's next launch does */
	const struct mem_pool *pool = m->opt.pool;
	int spare = keep && (pool == NULL || atomic_load(&pool->used) <= pool->cap / 2);
	for (unsigned a = 0; a < 2; a++) {
		struct arena *ar = &m->ar[a];
		for (struct chunk *c = ar->chunks, *nx; c; c = nx) {
			nx = c->next;
			if (spare && c->size == CHUNK) {
				c->next = ar->spare;
				ar->spare = c;
			} else {
				chunk_free(m, c);
			}
		}
		ar->chunks = NULL;
		if (!spare) {
			for (struct chunk *c = ar->spare, *nx; c; c = nx) {
				nx = c->next;
				chunk_free(m, c);
			}
			ar->spare = NULL;
		}
	}
	if (keep && m->pkeys) {
		memset(m->pkeys, 0, (size_t)m->pcap * sizeof *m->pkeys);
	} else {
		free(m->pkeys);
		free(m->pages);
		mem_pool_give(m->opt.pool, (uint64_t)m->pcap * (sizeof(uint64_t) + sizeof(struct page *)));
		m->pkeys = NULL;
		m->pages = NULL;
		m->pcap = 0;
	}
	m->pn = 0;
	m->lcap = 0;
	m->last_key = UINT64_MAX;
	m->last_page = NULL;
	for (unsigned i = 0; i < PCACHE; i++)
		m->pc_key[i] = UINT64_MAX;
	m->free_cells = NULL;
	return 0;
}

void store_clear_pages(struct mam *m)
{
	for (struct chunk *c = m->ar[AR_PAGES].spare; c; c = c->next)
		memset(c->data, 0, c->size);
}

/*
** Makes room in the page table for one more page: the launch's count of
** it (lcap, what st.bytes and max_bytes see) doubles, and the table
** itself (pcap) when it is smaller.  -1 over max_bytes, or when the pool
** refuses the table's growth.
*/
static int page_grow(struct mam *m)
{
	const size_t entry = sizeof(uint64_t) + sizeof(struct page *);
	uint32_t nc = m->lcap ? m->lcap * 2 : 1024;
	if (m->st.bytes - (size_t)m->lcap * entry + (size_t)nc * entry > m->opt.max_bytes)
		return -1;
	if (nc > m->pcap) {
		if (mem_pool_take(m->opt.pool, (uint64_t)(nc - m->pcap) * entry) < 0) {
			m->st.pool_refused = 1;
			return -1;
		}
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
	}
	m->st.bytes += (size_t)(nc - m->lcap) * entry;
	m->lcap = nc;
	return 0;
}

/* Whether page KEY, first touched now, gets a shadow: every page while
** the storage holds less than half of max_bytes; then one in 2, 4, 8 (by
** a hash of the key) from 1/2, 5/8, 3/4 of it, none from 7/8.  The level
** only rises during a launch, and its subsets nest, so a page refused
** stays refused and one admitted has every access checked (the last
** eighth is for the pages admitted). */
static int admit(struct mam *m, uint64_t key)
{
	uint64_t max = m->opt.max_bytes, b = m->st.bytes;
	unsigned lvl = b < max / 2 ? 0 : b < max / 8 * 5 ? 1 : b < max / 4 * 3 ? 2 : b < max / 8 * 7 ? 3 : 4;
	if (lvl > m->admit_level)
		m->admit_level = (uint8_t)lvl;
	lvl = m->admit_level;
	if (lvl == 0)
		return 1;
	return lvl < 4 && (mix64(key + UINT64_C(0x9e3779b97f4a7c15)) >> (64 - lvl)) == 0;
}

/* Page KEY was refused a shadow: remembered in its allocation's bits. */
static void note_refused(struct mam *m, uint64_t key)
{
	uint32_t id = (uint32_t)(key >> 32);
	uint64_t pg = key & 0xffffffffu;
	struct unan *u = NULL;
	for (uint32_t i = 0; i < m->nunan && u == NULL; i++)
		if (m->unan[i].u.alloc == id)
			u = &m->unan[i];
	if (u == NULL) {
		vec_reserve(&m->unan, &m->capunan, m->nunan + 1, sizeof *m->unan);
		u = &m->unan[m->nunan++];
		memset(u, 0, sizeof *u);
		u->u.alloc = id;
		u->u.lo = UINT64_MAX;
	}
	if (pg / 64 >= u->nbits) {
		uint64_t nb = u->nbits ? u->nbits : 16;
		while (nb <= pg / 64)
			nb *= 2;
		u->bits = xrealloc(u->bits, nb * sizeof *u->bits);
		memset(u->bits + u->nbits, 0, (nb - u->nbits) * sizeof *u->bits);
		u->nbits = nb;
	}
	uint64_t bit = UINT64_C(1) << (pg % 64);
	if (u->bits[pg / 64] & bit)
		return;
	u->bits[pg / 64] |= bit;
	u->u.pages++;
	m->st.skipped_pages++;
	if (pg * MAM_PAGE_BYTES < u->u.lo)
		u->u.lo = pg * MAM_PAGE_BYTES;
	if ((pg + 1) * MAM_PAGE_BYTES > u->u.hi)
		u->u.hi = (pg + 1) * MAM_PAGE_BYTES;
}

void store_forget_unanalysed(struct mam *m)
{
	for (uint32_t i = 0; i < m->nunan; i++)
		free(m->unan[i].bits);
	free(m->unan);
	m->unan = NULL;
	m->nunan = m->capunan = 0;
	m->admit_level = 0;
}

uint32_t mam_nunanalysed(const struct mam *m)
{
	return m->nunan < MAM_UNANALYSED_MAX ? m->nunan : MAM_UNANALYSED_MAX;
}

const struct mam_unanalysed *mam_unanalysed_at(const struct mam *m, uint32_t i)
{
	return i < mam_nunanalysed(m) ? &m->unan[i].u : NULL;
}

struct page *store_page_find(struct mam *m, uint64_t key)
{
	unsigned ci = (unsigned)(key ^ (key >> 32)) & (PCACHE - 1);
	if (m->pc_key[ci] == key) {
		m->last_key = key;
		return m->last_page = m->pc_page[ci];
	}
	if (m->pn * 2 >= m->lcap && page_grow(m) < 0)
		return NULL;
	uint32_t j = (uint32_t)mix64(key) & (m->pcap - 1);
	while (m->pkeys[j] != 0 && m->pkeys[j] != key)
		j = (j + 1) & (m->pcap - 1);
	if (m->pkeys[j] == 0) {
		if (!admit(m, key)) {
			note_refused(m, key);
			return NULL;
		}
		struct page *pg = store_alloc(m, AR_MISC, sizeof *pg);
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
