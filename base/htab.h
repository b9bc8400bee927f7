/*
** htab.h: the project's one hash table: an open-addressing index over an
** array the caller owns; and, at the end, a set of 64-bit numbers held in
** its slots (struct keyset) for the largest sets asked the most.
**
** A slot holds an index into the caller's array plus one (0: empty); the
** caller hashes its keys and says whether the entry at an index has the
** key it looks for.  The table never holds keys itself, so one
** implementation serves every map and set of the tree (pointers to slots
** in lowering, constants, sparse pages, race records, hash-consed host
** expressions): their entries stay in their own arrays, in the order they
** were added.  Linear probing, a power-of-two capacity, at most half
** full.  The functions are inline: a caller's EQ and HASH, static
** functions passed as constants, are inlined into the probe loop.
**
**     uint32_t *s = htab_slot(&t, hash(key), eq, ctx);
**     if (*s == 0) { append the entry at index n; htab_set(&t, s, n); }
**     else use entry *s - 1;
**
** htab_slot grows the table first when one more entry would make it more
** than half full (HASH rehashes the entries by index), so the slot it
** returns stays valid for htab_set.
*/
#ifndef SIMULEE_HTAB_H
#define SIMULEE_HTAB_H

#include <stdint.h>
#include <stdlib.h>

#include "base/util.h"

struct htab {
	uint32_t *slot;		/* index + 1, or 0 */
	uint32_t n, cap;	/* entries; slots (0 or a power of two) */
};

/* A 64-bit mix (the finaliser of MurmurHash3) for keys that are numbers. */
static inline uint64_t htab_mix(uint64_t k)
{
	k ^= k >> 33;
	k *= UINT64_C(0xff51afd7ed558ccd);
	k ^= k >> 33;
	return k;
}

/* Doubles T's slots (64 at first), placing each index again by HASH. */
static inline void htab_grow(struct htab *t, uint64_t (*hash)(const void *ctx, uint32_t idx),
			     const void *ctx)
{
	uint32_t nc = t->cap ? t->cap * 2 : 64;
	uint32_t *ns = xcalloc(nc, sizeof *ns);
	for (uint32_t i = 0; i < t->cap; i++) {
		if (t->slot[i] == 0)
			continue;
		uint32_t j = (uint32_t)hash(ctx, t->slot[i] - 1) & (nc - 1);
		while (ns[j] != 0)
			j = (j + 1) & (nc - 1);
		ns[j] = t->slot[i];
	}
	free(t->slot);
	t->slot = ns;
	t->cap = nc;
}

/* The slot of the entry with hash H that EQ accepts (EQ(ctx, index)), or
** the empty slot where such an entry goes.  Grows T first (by HASH) when
** one more entry would fill it past half. */
static inline uint32_t *htab_slot(struct htab *t, uint64_t h, int (*eq)(const void *ctx, uint32_t idx),
				  uint64_t (*hash)(const void *ctx, uint32_t idx), const void *ctx)
{
	if ((t->n + 1) * 2 > t->cap)
		htab_grow(t, hash, ctx);
	uint32_t j = (uint32_t)h & (t->cap - 1);
	while (t->slot[j] != 0 && !eq(ctx, t->slot[j] - 1))
		j = (j + 1) & (t->cap - 1);
	return &t->slot[j];
}

/* The index of the entry with hash H that EQ accepts, or -1; never grows
** T (a lookup of a const table). */
static inline int64_t htab_find(const struct htab *t, uint64_t h,
				int (*eq)(const void *ctx, uint32_t idx), const void *ctx)
{
	if (t->cap == 0)
		return -1;
	uint32_t j = (uint32_t)h & (t->cap - 1);
	while (t->slot[j] != 0) {
		if (eq(ctx, t->slot[j] - 1))
			return t->slot[j] - 1;
		j = (j + 1) & (t->cap - 1);
	}
	return -1;
}

/* Fills the empty slot S (from htab_slot) with index IDX. */
static inline void htab_set(struct htab *t, uint32_t *s, uint32_t idx)
{
	*s = idx + 1;
	t->n++;
}

/* Empties T, keeping its slots. */
static inline void htab_clear(struct htab *t)
{
	for (uint32_t i = 0; i < t->cap; i++)
		t->slot[i] = 0;
	t->n = 0;
}

static inline void htab_free(struct htab *t)
{
	free(t->slot);
	*t = (struct htab){ 0 };
}

/*
** A set of distinct 64-bit numbers asked only "is X new?": the numbers
** live in the slots themselves (0 marks an empty slot, so 0 itself is a
** flag), one probe touching one cache line where an index into an array
** of entries touches two.  For sets too large to stay in cache and asked
** millions of times (the race records' addresses and thread pairs); a
** set whose entries are more than the number, or whose order matters, is
** a struct htab.  Linear probing, a power-of-two capacity, at most half
** full.
*/
struct keyset {
	uint64_t *key;		/* the numbers, or 0 */
	uint32_t n, cap;	/* numbers (0 included); slots */
	uint8_t zero;		/* 0 is in the set */
};

/* Doubles S's slots (64 at first), placing each number again. */
static inline void keyset_grow(struct keyset *s)
{
	uint32_t nc = s->cap ? s->cap * 2 : 64;
	uint64_t *nk = xcalloc(nc, sizeof *nk);
	for (uint32_t i = 0; i < s->cap; i++) {
		if (s->key[i] == 0)
			continue;
		uint32_t j = (uint32_t)htab_mix(s->key[i]) & (nc - 1);
		while (nk[j] != 0)
			j = (j + 1) & (nc - 1);
		nk[j] = s->key[i];
	}
	free(s->key);
	s->key = nk;
	s->cap = nc;
}

/* Adds X unless S holds LIMIT numbers already; returns 1 if X was added,
** 0 if it was there, -1 if it is new but S is at LIMIT (S unchanged). */
static inline int keyset_add(struct keyset *s, uint64_t x, uint32_t limit)
{
	if (x == 0) {
		if (s->zero)
			return 0;
		if (s->n >= limit)
			return -1;
		s->zero = 1;
		s->n++;
		return 1;
	}
	/* at LIMIT only a lookup: the table never grows past it */
	if ((s->n + 1) * 2 > s->cap && s->n < limit)
		keyset_grow(s);
	if (s->cap == 0)
		return -1;
	uint32_t j = (uint32_t)htab_mix(x) & (s->cap - 1);
	while (s->key[j] != 0) {
		if (s->key[j] == x)
			return 0;
		j = (j + 1) & (s->cap - 1);
	}
	if (s->n >= limit)
		return -1;
	s->key[j] = x;
	s->n++;
	return 1;
}

static inline void keyset_free(struct keyset *s)
{
	free(s->key);
	*s = (struct keyset){ 0 };
}

#endif
