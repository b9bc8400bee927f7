/*
** mem.c: allocations, sparse pages and checked byte copies.  See mem.h.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "memmodel/mem.h"

/* Sparse pages: page numbers and their pages, in the order touched,
** indexed by page number (base/htab.h). */
struct mem_pages {
	uint64_t *keys;		/* page numbers */
	uint8_t **vals;
	uint32_t n, cap;	/* pages; room in keys and vals */
	struct htab t;
};

const char *mem_fault_name(enum mem_fault f)
{
	switch (f) {
	case MF_NONE: return "no fault";
	case MF_NULL: return "null pointer";
	case MF_INVALID: return "invalid pointer";
	case MF_OOB: return "out-of-bounds";
	case MF_MISALIGNED: return "misaligned";
	case MF_READONLY: return "write to read-only memory";
	case MF_BUDGET: return "memory budget exceeded";
	}
	return "fault";
}

void mem_pool_init(struct mem_pool *p, uint64_t cap)
{
	p->cap = cap;
	atomic_init(&p->used, 0);
	atomic_init(&p->peak, 0);
	atomic_init(&p->running, 0);
	atomic_init(&p->refusals, 0);
}

void mem_pool_enter(struct mem_pool *p)
{
	if (p)
		atomic_fetch_add(&p->running, 1);
}

void mem_pool_leave(struct mem_pool *p)
{
	if (p)
		atomic_fetch_sub(&p->running, 1);
}

/* P's peak is at least NOW. */
static void pool_peak(struct mem_pool *p, uint64_t now)
{
	uint64_t pk = atomic_load(&p->peak);
	while (now > pk && !atomic_compare_exchange_weak(&p->peak, &pk, now))
		;
}

void mem_pool_add(struct mem_pool *p, uint64_t n)
{
	if (p)
		pool_peak(p, atomic_fetch_add(&p->used, n) + n);
}

int mem_pool_take(struct mem_pool *p, uint64_t n)
{
	if (p == NULL)
		return 0;
	uint64_t now = atomic_fetch_add(&p->used, n) + n;
	if (now > p->cap && atomic_load(&p->running) > 1) {
		atomic_fetch_sub(&p->used, n);
		atomic_fetch_add(&p->refusals, 1);
		return -1;
	}
	pool_peak(p, now);
	return 0;
}

void mem_pool_give(struct mem_pool *p, uint64_t n)
{
	if (p)
		atomic_fetch_sub(&p->used, n);
}

/* M's bytes grow by N: in its pool too, whatever the pool says (memory
** already allocated); a refusal is remembered. */
static void charge(struct mem *m, uint64_t n)
{
	m->used += n;
	if (m->pool && mem_pool_take(m->pool, n) < 0) {
		m->pool_refused = 1;
		mem_pool_add(m->pool, n);
	}
}

/* M's bytes shrink by N (memory freed; EXTERNAL: the caller's, never
** drawn from the pool). */
static void uncharge(struct mem *m, uint64_t n, int external)
{
	m->used -= n;
	if (!external)
		mem_pool_give(m->pool, n);
}

void mem_init(struct mem *m)
{
	memset(m, 0, sizeof *m);
	/* id 0 is the null allocation: never valid */
	m->a = xcalloc(64, sizeof *m->a);
	m->cap = 64;
	m->n = 1;
}

static void pages_free(struct mem_pages *pg)
{
	if (pg == NULL)
		return;
	for (uint32_t i = 0; i < pg->n; i++)
		free(pg->vals[i]);
	free(pg->keys);
	free(pg->vals);
	htab_free(&pg->t);
	free(pg);
}

static void alloc_clear(struct mem *m, struct mem_alloc *a)
{
	if (a->data)
		uncharge(m, a->size, a->external);
	if (a->pages)
		uncharge(m, (uint64_t)a->pages->n * MEM_PAGE_SIZE, 0);
	if (!a->external)
		free(a->data);
	free(a->written);
	pages_free(a->pages);
	memset(a, 0, sizeof *a);
}

void mem_release(struct mem *m, uint32_t id)
{
	struct mem_alloc *a = &m->a[id];
	if (a->data)
		uncharge(m, a->size, a->external);
	if (!a->external)
		free(a->data);
	free(a->written);
	a->data = NULL;
	a->written = NULL;
	a->live = 0;
}

static uint32_t new_id(struct mem *m);

uint32_t mem_new_external(struct mem *m, uint32_t at, uint8_t space, uint64_t size, uint8_t *data,
			  const char *name)
{
	uint32_t id = at;
	if (id == 0 || id >= m->n || m->a[id].live || m->a[id].data || m->a[id].pages)
		id = new_id(m);
	if (id == 0)
		return 0;
	struct mem_alloc *a = &m->a[id];
	memset(a, 0, sizeof *a);
	a->space = space;
	a->size = size;
	a->data = data;
	a->external = 1;
	m->used += size;
	a->live = 1;
	a->name = name;
	a->elem_size = 1;
	return id;
}

void mem_mark_written(struct mem *m, uint32_t id, uint64_t off, uint64_t n)
{
	uint8_t *w = m->a[id].written;
	if (w == NULL)
		return;
	uint64_t end = off + n;
	for (; off < end && (off & 7); off++)
		w[off >> 3] |= (uint8_t)(1u << (off & 7));
	if (end - off >= 8) {
		memset(w + (off >> 3), 0xff, (end - off) >> 3);
		off += (end - off) & ~(uint64_t)7;
	}
	for (; off < end; off++)
		w[off >> 3] |= (uint8_t)(1u << (off & 7));
}

void mem_free(struct mem *m)
{
	for (uint32_t i = 0; i < m->n; i++)
		alloc_clear(m, &m->a[i]);
	free(m->a);
	memset(m, 0, sizeof *m);
}

static uint32_t new_id(struct mem *m)
{
	if (m->n >= MEM_WILD_ID)
		return 0;
	if (m->n == m->cap) {
		m->a = xrealloc(m->a, (size_t)m->cap * 2 * sizeof *m->a);
		memset(m->a + m->cap, 0, (size_t)m->cap * sizeof *m->a);
		m->cap *= 2;
	}
	return m->n++;
}

uint32_t mem_new(struct mem *m, uint8_t space, uint64_t size, const char *name)
{
	uint32_t id = new_id(m);
	if (id == 0)
		return 0;
	struct mem_alloc *a = &m->a[id];
	a->space = space;
	a->size = size;
	a->data = xcalloc(1, size ? size : 1);
	charge(m, size);
	a->live = 1;
	a->name = name;
	a->elem_size = 1;
	return id;
}

uint32_t mem_new_sparse(struct mem *m, uint8_t space, const char *name)
{
	uint32_t id = new_id(m);
	if (id == 0)
		return 0;
	struct mem_alloc *a = &m->a[id];
	a->space = space;
	a->sparse = 1;
	a->pages = xcalloc(1, sizeof *a->pages);
	a->live = 1;
	a->name = name;
	a->elem_size = 1;
	return id;
}

void mem_release_from(struct mem *m, uint32_t first)
{
	if (first == 0)
		first = 1;
	uint32_t keep = first;
	for (uint32_t i = first; i < m->n; i++) {
		if (m->a[i].heap) {	/* the device heap outlives a block */
			keep = i + 1;
			continue;
		}
		alloc_clear(m, &m->a[i]);
	}
	if (keep < m->n)
		m->n = keep;
}

static uint8_t *page_get(struct mem *m, struct mem_pages *pg, uint64_t pageno);

void mem_clone(struct mem *dst, const struct mem *src)
{
	*dst = *src;
	dst->limit = 0;		/* the pages below are counted already */
	dst->cap = src->n > 1 ? src->n : 2;
	dst->a = xcalloc(dst->cap, sizeof *dst->a);
	for (uint32_t i = 0; i < src->n; i++) {
		const struct mem_alloc *s = &src->a[i];
		struct mem_alloc *d = &dst->a[i];
		*d = *s;
		d->external = 0;
		d->written = NULL;
		d->pages = NULL;
		if (s->data) {
			d->data = xmalloc(s->size ? s->size : 1);
			memcpy(d->data, s->data, s->size);
		}
		if (s->written) {
			d->written = xmalloc((s->size + 7) / 8 + 1);
			memcpy(d->written, s->written, (s->size + 7) / 8);
		}
		if (s->pages) {
			d->pages = xcalloc(1, sizeof *d->pages);
			for (uint32_t k = 0; k < s->pages->n; k++) {
				uint8_t *pg = page_get(dst, d->pages, s->pages->keys[k]);
				if (pg)
					memcpy(pg, s->pages->vals[k], MEM_PAGE_SIZE);
			}
		}
	}
	dst->used = src->used;
	dst->limit = src->limit;
}

uint32_t mem_heap_alloc(struct mem *m, uint8_t space, uint64_t size)
{
	if (size > MEM_HEAP_LIMIT - m->heap_used)
		return 0;
	uint32_t id = mem_new(m, space, size, "heap");
	if (id == 0)
		return 0;
	m->a[id].heap = 1;
	m->heap_used += size;
	return id;
}

void mem_heap_free(struct mem *m, uint32_t id)
{
	struct mem_alloc *a = &m->a[id];
	m->heap_used -= a->size;
	uncharge(m, a->size, 0);
	free(a->data);
	a->data = NULL;
	a->live = 0;
}

/* htab callbacks of a struct mem_pages; CTX a struct page_probe. */
struct page_probe {
	const struct mem_pages *pg;
	uint64_t pageno;
};

static uint64_t page_hash_at(const void *ctx, uint32_t idx)
{
	const struct page_probe *q = ctx;
	return htab_mix(q->pg->keys[idx]);
}

static int page_eq(const void *ctx, uint32_t idx)
{
	const struct page_probe *q = ctx;
	return q->pg->keys[idx] == q->pageno;
}

/* Page PAGENO of PG, made (zeroed) on first touch; NULL when M's budget
** has no room for a new page. */
static uint8_t *page_get(struct mem *m, struct mem_pages *pg, uint64_t pageno)
{
	struct page_probe q = { pg, pageno };
	uint32_t *s = htab_slot(&pg->t, htab_mix(pageno), page_eq, page_hash_at, &q);
	if (*s != 0)
		return pg->vals[*s - 1];
	if (!mem_fits(m, MEM_PAGE_SIZE))
		return NULL;
	if (m->pool && mem_pool_take(m->pool, MEM_PAGE_SIZE) < 0) {
		m->pool_refused = 1;
		return NULL;
	}
	if (pg->n == pg->cap) {
		pg->cap = pg->cap ? pg->cap * 2 : 16;
		pg->keys = xrealloc(pg->keys, pg->cap * sizeof *pg->keys);
		pg->vals = xrealloc(pg->vals, pg->cap * sizeof *pg->vals);
	}
	pg->keys[pg->n] = pageno;
	pg->vals[pg->n] = xcalloc(1, MEM_PAGE_SIZE);
	htab_set(&pg->t, s, pg->n);
	m->used += MEM_PAGE_SIZE;	/* taken from the pool above */
	return pg->vals[pg->n++];
}

uint8_t *mem_ptr_slow(struct mem *m, uint64_t p, unsigned size, int write,
		      enum mem_fault *fault)
{
	uint32_t id = MEM_ID(p);
	uint64_t off = MEM_OFF(p);
	if (id == 0) {
		*fault = MF_NULL;
		return NULL;
	}
	if (id >= m->n || !m->a[id].live) {
		*fault = MF_INVALID;
		return NULL;
	}
	struct mem_alloc *a = &m->a[id];
	if (write && a->readonly) {
		*fault = MF_READONLY;
		return NULL;
	}
	if ((off & (size - 1)) != 0) {
		*fault = MF_MISALIGNED;
		return NULL;
	}
	if (off >= MEM_MAX_SIZE) {	/* below byte 0, sparse or not */
		*fault = MF_OOB;
		return NULL;
	}
	if (!a->sparse) {
		if (off + size > a->size) {
			*fault = MF_OOB;
			return NULL;
		}
		return a->data + off;
	}
	if (off + size > (a->elem_size ? a->elem_size : 1) * MEM_SPARSE_MAX_ELEMS) {
		*fault = MF_OOB;
		return NULL;
	}
	uint8_t *page = page_get(m, a->pages, off >> MEM_PAGE_BITS);
	if (page == NULL) {
		*fault = MF_BUDGET;
		return NULL;
	}
	if (off + size > a->size)
		a->size = off + size;
	return page + (off & (MEM_PAGE_SIZE - 1));
}

/* The host address of the bytes at P, *len of them in a row (at most N,
** N >= 1): to the end of a dense allocation, or of a sparse page and its
** allocation's bound; NULL with *fault set when byte P faults. */
static uint8_t *span(struct mem *m, uint64_t p, uint64_t n, int write, uint64_t *len,
		     enum mem_fault *fault)
{
	uint8_t *h = mem_ptr(m, p, 1, write, fault);
	if (h == NULL)
		return NULL;
	const struct mem_alloc *a = &m->a[MEM_ID(p)];
	uint64_t off = MEM_OFF(p), end;
	if (!a->sparse) {
		end = a->size;
	} else {
		end = (off | (MEM_PAGE_SIZE - 1)) + 1;
		uint64_t max = (a->elem_size ? a->elem_size : 1) * MEM_SPARSE_MAX_ELEMS;
		end = end < max ? end : max;
	}
	*len = end - off < n ? end - off : n;
	if (a->sparse && off + *len > a->size)
		m->a[MEM_ID(p)].size = off + *len;
	return h;
}

/* What the N bytes at P of a sparse allocation would fault on before
** any of them is touched, with *bad set: MF_OOB at the allocation's bound
** when the range passes it (2 GiB of pages made for a fault), MF_BUDGET at
** P when the pages of the range that cannot exist yet do not fit in the
** budget; else MF_NONE (and a dense range: its faults come in order). */
static enum mem_fault range_fault(const struct mem *m, uint64_t p, uint64_t n, uint64_t *bad)
{
	uint32_t id = MEM_ID(p);
	uint64_t off = MEM_OFF(p);
	if (n == 0 || id == 0 || id >= m->n || !m->a[id].sparse || !m->a[id].live
	    || off >= MEM_MAX_SIZE)
		return MF_NONE;
	const struct mem_alloc *a = &m->a[id];
	uint64_t max = (a->elem_size ? a->elem_size : 1) * MEM_SPARSE_MAX_ELEMS;
	if (off >= max)
		return MF_NONE;		/* out of bounds at its first byte */
	if (n > max - off) {
		*bad = p + (max - off);
		return MF_OOB;
	}
	uint64_t pages = ((off + n - 1) >> MEM_PAGE_BITS) - (off >> MEM_PAGE_BITS) + 1;
	uint64_t have = a->pages ? a->pages->n : 0;
	if (pages > have && !mem_fits(m, (pages - have) * MEM_PAGE_SIZE)) {
		*bad = p;
		return MF_BUDGET;
	}
	return MF_NONE;
}

/* Copies through span: a dense range at once, a sparse one a page at a
** time; a fault at the first bad byte, the bytes before it copied. */
enum mem_fault mem_read(struct mem *m, uint64_t p, void *dst, uint64_t n, uint64_t *bad_ptr)
{
	uint64_t bad = 0;
	enum mem_fault f = range_fault(m, p, n, &bad);
	if (f != MF_NONE) {
		if (bad_ptr)
			*bad_ptr = bad;
		return f;
	}
	uint8_t *d = dst;
	for (uint64_t i = 0, len = 0; i < n; i += len) {
		const uint8_t *s = span(m, p + i, n - i, 0, &len, &f);
		if (s == NULL) {
			if (bad_ptr)
				*bad_ptr = p + i;
			return f;
		}
		memcpy(d + i, s, len);
	}
	return MF_NONE;
}

/* The loop of mem_write and mem_fill: SRC, or BYTE when SRC is NULL. */
static enum mem_fault store(struct mem *m, uint64_t p, const uint8_t *src, uint8_t byte,
			    uint64_t n, uint64_t *bad_ptr)
{
	uint64_t bad = 0;
	enum mem_fault f = range_fault(m, p, n, &bad);
	if (f != MF_NONE) {
		if (bad_ptr)
			*bad_ptr = bad;
		return f;
	}
	for (uint64_t i = 0, len = 0; i < n; i += len) {
		uint8_t *d = span(m, p + i, n - i, 1, &len, &f);
		if (d == NULL) {
			if (bad_ptr)
				*bad_ptr = p + i;
			return f;
		}
		if (src)
			memcpy(d, src + i, len);
		else
			memset(d, byte, len);
	}
	return MF_NONE;
}

enum mem_fault mem_write(struct mem *m, uint64_t p, const void *src, uint64_t n, uint64_t *bad_ptr)
{
	return store(m, p, src, 0, n, bad_ptr);
}

enum mem_fault mem_fill(struct mem *m, uint64_t p, uint8_t byte, uint64_t n, uint64_t *bad_ptr)
{
	return store(m, p, NULL, byte, n, bad_ptr);
}

/* Checks both whole ranges first (the source's faults first, as a read
** before the write), then moves chunks of a small buffer, backwards when
** the destination starts inside the source. */
enum mem_fault mem_copy(struct mem *m, uint64_t dst, uint64_t src, uint64_t n, uint64_t *bad_ptr)
{
	uint64_t bad = 0;
	enum mem_fault f = range_fault(m, src, n, &bad);
	if (f == MF_NONE)
		f = range_fault(m, dst, n, &bad);
	if (f != MF_NONE) {
		if (bad_ptr)
			*bad_ptr = bad;
		return f;
	}
	uint64_t len = 0;
	for (uint64_t i = 0; i < n; i += len)
		if (span(m, src + i, n - i, 0, &len, &f) == NULL) {
			if (bad_ptr)
				*bad_ptr = src + i;
			return f;
		}
	for (uint64_t i = 0; i < n; i += len)
		if (span(m, dst + i, n - i, 1, &len, &f) == NULL) {
			if (bad_ptr)
				*bad_ptr = dst + i;
			return f;
		}
	uint8_t buf[4096];
	int back = MEM_ID(dst) == MEM_ID(src) && dst > src && dst - src < n;
	for (uint64_t done = 0; done < n;) {
		uint64_t k = n - done < sizeof buf ? n - done : sizeof buf;
		uint64_t at = back ? n - done - k : done;
		mem_read(m, src + at, buf, k, NULL);
		mem_write(m, dst + at, buf, k, NULL);
		done += k;
	}
	return MF_NONE;
}

char *mem_strdup(struct mem *m, uint64_t p, size_t max)
{
	char *s = xmalloc(max + 1);
	size_t i = 0;
	for (; i < max; i++) {
		enum mem_fault f = MF_NONE;
		uint8_t *c = mem_ptr(m, p + i, 1, 0, &f);
		if (c == NULL || *c == 0)
			break;
		s[i] = (char)*c;
	}
	s[i] = '\0';
	return s;
}

void mem_name_addr(const struct mem *m, uint64_t p, char *buf, size_t n)
{
	uint32_t id = MEM_ID(p);
	buf[0] = '\0';
	if (id == 0 || id >= m->n || m->a[id].name == NULL)
		return;
	const struct mem_alloc *a = &m->a[id];
	int64_t es = a->elem_size ? a->elem_size : 1, off = (int64_t)MEM_OFF(p);
	/* below byte 0 the index is negative: rounded down, with the byte
	** inside the element counted up from its start */
	int64_t idx = floor_div(off, es), in = off - idx * es;
	unsigned nd = a->dims && a->ndims > 1 ? a->ndims : 1;
	int64_t sub[MEM_MAX_DIMS];
	/* row-major: the innermost extent first; an index past the whole array
	** (out of bounds) stays in the outermost one */
	for (unsigned d = nd; d-- > 1;) {
		int64_t ext = a->dims[d] ? a->dims[d] : 1, q = floor_div(idx, ext);
		sub[d] = idx - q * ext;
		idx = q;
	}
	sub[0] = idx;
	int k = snprintf(buf, n, "%s", a->name);
	for (unsigned d = 0; d < nd && k >= 0 && (size_t)k < n; d++)
		k += snprintf(buf + k, n - (size_t)k, "[%lld]", (long long)sub[d]);
	if (in && k >= 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, "+%lld", (long long)in);
}
