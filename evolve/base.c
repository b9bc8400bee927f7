/*
** base.c: candidates of a launch the program made (struct evolve_base,
** simulee-c run --explore): their memory is the program's, their buffers'
** contents what their fills make of the program's data.
*/
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "evolve/search_int.h"
#include "memmodel/mem.h"

/* A value of about log-uniform size in [1, 64]. */
static int64_t small_k(struct pcg32 *g)
{
	static const int64_t ks[7] = { 1, 2, 4, 8, 16, 32, 64 };
	return ks[pcg32_bounded(g, 7)];
}

void search_base_fill(struct pcg32 *g, unsigned band, struct evolve_fill *f)
{
	memset(f, 0, sizeof *f);
	switch (band % 6) {
	case 0: f->kind = FILL_PROGRAM; break;
	case 1: case 2:
		/* the program's values, some repeated by a neighbour */
		f->kind = FILL_PROGRAM;
		f->k = small_k(g);
		f->seed = pcg32_next(g);
		break;
	case 3: f->kind = FILL_RAND; f->k = 1 + pcg32_bounded(g, 8); f->seed = pcg32_next(g); break;
	case 4: f->kind = FILL_RAND; f->k = 1 + pcg32_bounded(g, 1u << 16); f->seed = pcg32_next(g); break;
	default:
		f->kind = pcg32_bounded(g, 2) ? FILL_MOD : FILL_CONST;
		f->k = small_k(g);
		f->v = (double)pcg32_bounded(g, 9);
		break;
	}
}

uint32_t search_base_setup(const struct evolve_problem *pb, const struct evolve_cand *c,
			   struct mem *m, uint64_t *args, uint32_t *alloc, uint32_t **bounded)
{
	const struct evolve_base *b = pb->base;
	mem_clone(m, b->m);
	memcpy(args, b->slots, pb->nslots * sizeof *args);
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		if (pa->kind != EVOLVE_BUFFER || pa->base_id == 0 || pa->base_id >= m->n)
			continue;
		struct mem_alloc *a = &m->a[pa->base_id];
		alloc[i] = pa->base_id;
		const struct evolve_fill *f = &c->fill[i];
		if (pa->pinned || a->data == NULL || (f->kind == FILL_PROGRAM && f->k == 0))
			continue;
		unsigned es = elem_size(pa->et);
		evolve_fill_run(f, pa->et, a->data, a->size / es);
		/* contents a program could have written there */
		mem_mark_written(m, pa->base_id, 0, a->size);
	}
	/* every buffer has the size the program gave it */
	uint32_t n = 0;
	*bounded = xrealloc(*bounded, (m->n ? m->n : 1) * sizeof **bounded);
	for (uint32_t id = 1; id < m->n; id++)
		if (m->a[id].live && m->a[id].space == AS_GLOBAL && !m->a[id].sparse)
			(*bounded)[n++] = id;
	return n;
}
