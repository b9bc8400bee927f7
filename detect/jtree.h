/*
** jtree.h: building a cJSON tree that remembers when memory ran out, for
** the JSON and SARIF writers (which then print nothing half-built).
*/
#ifndef SIMULEE_JTREE_H
#define SIMULEE_JTREE_H

#include <cJSON.h>

struct jb {
	int failed;		/* some insertion failed */
};

/* Adds ITEM to object OBJ under KEY, or to array OBJ when KEY is NULL.
** Returns ITEM, or NULL with b->failed set when ITEM is NULL (a cJSON
** constructor ran out of memory) or cannot be added (it is freed). */
cJSON *jput(struct jb *b, cJSON *obj, const char *key, cJSON *item);

#endif
