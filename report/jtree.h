/*
** jtree.h: building a cJSON tree that remembers when memory ran out, for
** the JSON and SARIF writers (which then print nothing half-built).
*/
#ifndef SIMULEE_JTREE_H
#define SIMULEE_JTREE_H

#include <stdio.h>

#include <cJSON.h>

struct jb {
	int failed;		/* some insertion failed */
};

/* Adds ITEM to object OBJ under KEY, or to array OBJ when KEY is NULL.
** Returns ITEM, or NULL with b->failed set when ITEM is NULL (a cJSON
** constructor ran out of memory) or cannot be added (it is freed). */
cJSON *jput(struct jb *b, cJSON *obj, const char *key, cJSON *item);

/* Prints ROOT to OUT, then frees it.  -1 (nothing printed) when B saw a
** failure or printing runs out of memory, else 0. */
int jprint(struct jb *b, cJSON *root, FILE *out);

#endif
