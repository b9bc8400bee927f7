/*
** params.h: a kernel's parameters set up from NAME=VALUE pins (the
** command line's --arg, --size, --type and --init): argument slots,
** buffers and byval structs in simulated memory.
**
** The fixed launch (src/run.c) and the search driver (evolve/driver.h)
** both start here, so a pin is parsed and checked once, with the same
** messages, whichever path runs.  A pin names a parameter by its source
** name or by its 0-based position.
*/
#ifndef SIMULEE_EVOLVE_PARAMS_H
#define SIMULEE_EVOLVE_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"
#include "core/program.h"
#include "memmodel/mem.h"

struct params_kv {
	char *name;
	char *value;
};

/* The pins of one run (not owned); a later pin of a parameter wins. */
struct params_pins {
	const struct params_kv *args, *sizes, *types, *inits;
	uint32_t nargs, nsizes, ntypes, ninits;
	const struct params_kv *texs;	/* --tex: texture and surface descriptors */
	uint32_t ntexs;
};

/* A pointer parameter's buffer, as params_setup made it. */
struct params_buf {
	int param;		/* the parameter; < 0 for a non-pointer */
	uint8_t et;		/* enum elem_type */
	uint64_t elems;		/* 0: size unknown (sparse) */
	uint32_t alloc;		/* in the memory params_setup was given */
	char *label;		/* owned; params_free_bufs frees it */
	struct tex_desc *tex;	/* a texture or surface object's descriptor
				   (owned; its allocation points to it), or NULL */
	uint32_t same_as;	/* an object made on another object's array
				   (--tex NAME=same:OTHER): 1 + OTHER's parameter,
				   whose ALLOC it shares (TEX is NULL); else 0 */
	char **inner;		/* the names of the buffers its elements point to
				   (params_inner_labels; owned), or NULL */
	uint32_t ninner;
	uint32_t field;		/* a pointer field's buffer: 1 + the field of
				   struct parameter PARAM it is; 0 for a
				   parameter's own */
};

/* The parameter of F that NAME names (source name, or a 0-based
** position), or -1. */
int params_find(const struct func *f, const char *name);

/* Parameter I's name as reports show it (its position when unnamed). */
void params_label(const struct func *f, uint32_t i, char *buf, size_t n);

/* The value the last of the N pins V gives parameter PARAM of F, or NULL. */
const char *params_pin(const struct params_kv *v, uint32_t n, const struct func *f, int param);

/* The entries of a BUFS array for F: one per parameter, then one per
** pointer field of its struct parameters (in parameter, then field
** order), which gets a buffer as a pointer parameter does. */
uint32_t params_nbufs(const struct func *f);

/* Pointer field J of struct parameter I's name in pins and reports:
** "P.FIELD" by the field's source path, "P.J" where debug info has none. */
void params_field_label(const struct func *f, uint32_t i, uint32_t j, char *buf, size_t n);

/* The value the last of the N pins V gives pointer field J of parameter
** I of F ("P.FIELD" or "P.J"), or NULL. */
const char *params_field_pin(const struct params_kv *v, uint32_t n, const struct func *f,
			     uint32_t i, uint32_t j);

/* The candidate of function-pointer parameter PA (param.fns) that NAME
** names (--arg's value; NULL: the first, the default); -1 when none. */
int params_fn_pick(const struct param *pa, const char *name);

/* Pointers to buffers of their own in the buffer OUTER of pointer
** parameter PA whose elements hold pointers (param.ninner, from debug
** info): for each of its first elements (all its elements up to
** PARAMS_INNER_MAX, PARAMS_INNER_SPARSE of a sparse one) and each inner
** pointer J, a new sparse buffer named LABELS[J] ("s->table"; not
** owned, they must outlive M) whose address is written there, over the
** buffer's contents.  ROWS, when not 0, replaces PARAMS_INNER_SPARSE
** and its cap (an inference probe's launch, one row per thread).  One
** level: the new buffers' own pointers are not followed (depth 2, the
** parameter's buffer being depth 1).  Nothing for a buffer declared
** uninitialized: what the host never wrote points nowhere. */
#define PARAMS_INNER_MAX 256
#define PARAMS_INNER_SPARSE 16
void params_inner(struct mem *m, uint32_t outer, const struct param *pa, char *const *labels,
		  uint64_t rows);

/* LABEL followed by each of PA's inner pointer names, xmalloc'd (NULL
** when it has none; free with params_free_labels). */
char **params_inner_labels(const struct param *pa, const char *label);
void params_free_labels(char **labels, uint32_t n);

/* Whether NAME names a parameter of F or a pointer field of one. */
int params_known(const struct func *f, const char *name);

/* The argument slots of F's parameters, over all of them. */
uint32_t params_nslots(const struct func *f);

/*
** Sets up the arguments of F from PINS into ARGS (params_nslots(f) values)
** and BUFS (params_nbufs(f) entries), creating the buffers and byval structs in
** M; "random" contents come from SEED.  Returns 0, or a negative SIM_ERR_*
** with *err filled (BUFS then holds what was made: free it all the same).
*/
int params_setup(const struct params_pins *pins, uint64_t seed, const struct func *f,
		 struct mem *m, uint64_t *args, struct params_buf *bufs, struct sim_error *err);

/* Frees BUFS (N of them, labels included); NULL is fine. */
void params_free_bufs(struct params_buf *bufs, uint32_t n);

#endif
