/*
** mam_store.c: the shadow's per-launch storage and its page table.
**
** Every tier of the shadow (mam_int.h) lives in per-launch storage: two
** arenas of 2 MiB chunks, one for the pages' hot cells and one for the
** rest, capped together at max_bytes and recycled by the next launch.
** Pages are found through an open-addressing table keyed by (allocation
** id, page), with the last page and 64 recent ones cached in front of it.
*/
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "memmodel/mam_int.h"

#define CHUNK_MAP ((size_t)2 << 20)		/* a chunk's mapping: one huge page */
#define CHUNK (CHUNK_MAP - sizeof(struct chunk))	/* and what it holds */

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

uint64_t store_reset(struct mam *m, int keep)
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
	return (uint64_t)m->pcap * (sizeof(uint64_t) + sizeof(struct page *));
}

void store_clear_pages(struct mam *m)
{
	for (struct chunk *c = m->ar[AR_PAGES].spare; c; c = c->next)
		memset(c->data, 0, c->size);
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

struct page *store_page_find(struct mam *m, uint64_t key)
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
