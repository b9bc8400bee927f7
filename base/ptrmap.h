/*
** ptrmap.h: a map from pointers (LLVM values and blocks, say) to 32-bit
** numbers, its entries in order, indexed by base/htab.h.
*/
#ifndef SIMULEE_PTRMAP_H
#define SIMULEE_PTRMAP_H

#include <stdint.h>

#include "base/htab.h"

struct ptrmap {
	const void **keys;
	uint32_t *vals;
	uint32_t n, cap;	/* entries; room in keys and vals */
	struct htab t;
};

/* KEY's number, or NULL when KEY is not in M. */
uint32_t *ptrmap_get(const struct ptrmap *m, const void *key);
/* Sets KEY's number to VAL, adding KEY when new. */
void ptrmap_put(struct ptrmap *m, const void *key, uint32_t val);
/* Frees M's storage and empties it. */
void ptrmap_free(struct ptrmap *m);

#endif
