/*
** ptrmap.c: a map from pointers to 32-bit numbers (base/ptrmap.h).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/ptrmap.h"
#include "base/util.h"

static uint64_t ptr_hash(const void *p)
{
	return htab_mix((uint64_t)(uintptr_t)p);
}

/* htab callbacks of a ptrmap; CTX is the map, or for a lookup a struct
** ptr_probe. */
struct ptr_probe {
	const struct ptrmap *m;
	const void *key;
};

static uint64_t ptrmap_hash_at(const void *ctx, uint32_t idx)
{
	const struct ptr_probe *q = ctx;
	return ptr_hash(q->m->keys[idx]);
}

static int ptrmap_eq(const void *ctx, uint32_t idx)
{
	const struct ptr_probe *q = ctx;
	return q->m->keys[idx] == q->key;
}

uint32_t *ptrmap_get(const struct ptrmap *m, const void *key)
{
	struct ptr_probe q = { m, key };
	int64_t i = htab_find(&m->t, ptr_hash(key), ptrmap_eq, &q);
	return i < 0 ? NULL : &m->vals[i];
}

void ptrmap_put(struct ptrmap *m, const void *key, uint32_t val)
{
	struct ptr_probe q = { m, key };
	uint32_t *s = htab_slot(&m->t, ptr_hash(key), ptrmap_eq, ptrmap_hash_at, &q);
	if (*s != 0) {
		m->vals[*s - 1] = val;
		return;
	}
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 32;
		m->keys = xrealloc(m->keys, m->cap * sizeof *m->keys);
		m->vals = xrealloc(m->vals, m->cap * sizeof *m->vals);
	}
	m->keys[m->n] = key;
	m->vals[m->n] = val;
	htab_set(&m->t, s, m->n++);
}

void ptrmap_free(struct ptrmap *m)
{
	free(m->keys);
	free(m->vals);
	htab_free(&m->t);
	memset(m, 0, sizeof *m);
}
