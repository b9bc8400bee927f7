/*
** races.c: see races.h.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detect/races.h"
#include "base/util.h"

static const uint8_t access_of[] = {
	[MAM_READ] = AK_READ, [MAM_WRITE] = AK_WRITE, [MAM_ATOMIC] = AK_ATOMIC,
	[MAM_ATOMIC_READ] = AK_ATOMIC_READ, [MAM_ATOMIC_WRITE] = AK_ATOMIC_WRITE,
};

static const uint8_t scope_of[] = {
	[MAM_SCOPE_THREAD] = SCOPE_THREAD, [MAM_SCOPE_BLOCK] = SCOPE_BLOCK,
	[MAM_SCOPE_DEVICE] = SCOPE_DEVICE, [MAM_SCOPE_SYSTEM] = SCOPE_SYSTEM,
};

static void thread_of(const struct mam *mam, const struct mam_who *w, struct thread_id *t)
{
	mam_coords(mam, w->block, w->tid, t->block, t->thread);
}

/* Fills F's witness, labels and location from record R. */
static void fill_witness(const struct program *p, const struct mam *mam, const struct mem *m,
			 const struct mam_race *r, uint32_t launch, struct finding *f)
{
	const struct site *s1 = &p->sites[r->first.insn], *s2 = &p->sites[r->second.insn];
	f->func = s1->func;
	f->pc = s1->pc;
	f->second.func = s2->func;
	f->second.pc = s2->pc;
	f->loc = s1->loc;
	thread_of(mam, &r->first, &f->who);
	f->access1 = access_of[r->first.kind];
	f->scope1 = scope_of[r->first.scope];
	f->second.loc = s2->loc;
	thread_of(mam, &r->second, &f->second.who);
	f->second.kind = access_of[r->second.kind];
	f->second.scope = scope_of[r->second.scope];
	f->space = r->space == MAM_SPACE_SHARED ? AS_SHARED : AS_GLOBAL;
	f->race_class = r->cls == MAM_INTRA_WARP ? RC_INTRA_WARP
		      : r->cls == MAM_INTER_WARP ? RC_INTER_WARP : RC_INTER_BLOCK;
	f->hazard = r->hazard == MAM_RAW ? HZ_RAW : r->hazard == MAM_WAR ? HZ_WAR : HZ_WAW;
	uint32_t o1 = mam_block_origin(mam, r->first.block), o2 = mam_block_origin(mam, r->second.block);
	const struct srcloc none = { NULL, NULL, 0, 0 };
	f->launched_by = o1 < p->nsites ? p->sites[o1].loc : none;
	f->second.launched_by = o2 < p->nsites ? p->sites[o2].loc : none;
	f->addr = r->addr;
	f->launch = launch;
	char where[256];
	mem_name_addr(m, r->addr, where, sizeof where);
	f->where = where[0] ? xstrdup(where) : NULL;
}

void detect_races(const struct program *p, const struct mam *mam, const struct mem *m,
		  uint32_t launch, struct findings *fs)
{
	for (uint32_t i = 0; i < mam_nraces(mam); i++) {
		const struct mam_race *r = mam_race_at(mam, i);
		if (r->first.insn >= p->nsites || r->second.insn >= p->nsites)
			continue;
		const struct site *s1 = &p->sites[r->first.insn], *s2 = &p->sites[r->second.insn];
		int isnew;
		struct finding *f = findings_get_pair(fs, FK_RACE, s1->func, s1->pc, s2->func, s2->pc,
						      &isnew);
		/* the witness is the most severe part: not its-only, then not benign */
		int better = isnew || (f->its_only && !r->its_only)
			     || (f->its_only == r->its_only && f->benign && !r->benign);
		uint8_t its_only = isnew ? r->its_only : f->its_only & r->its_only;
		uint8_t benign = isnew ? r->benign : f->benign & r->benign;
		f->count += r->occurrences;
		f->addresses += r->addresses;
		f->thread_pairs += r->thread_pairs;
		if (better) {
			free(f->where);
			fill_witness(p, mam, m, r, launch, f);
		}
		f->its_only = its_only;
		f->benign = benign;
		f->severity = finding_severity(f);
	}
}

/* Whether header function FN (or one it calls) holds a barrier; with
** *computes set when one of them is a _count/_and/_or form.  DEPTH bounds
** the walk (the wrappers are shallow; recursion is not followed). */
static int header_barrier(const struct program *p, uint32_t fn, int *computes, int depth)
{
	const struct func *f = &p->funcs[fn];
	int any = 0;
	for (uint32_t k = 0; k < f->ncode && depth < 8; k++) {
		const struct insn *I = &f->code[k];
		if (I->op == OP_BARRIER) {
			any = 1;
			*computes |= I->f != 0;
		} else if (I->op == OP_CALL && (uint64_t)I->imm < p->nfuncs
			   && p->funcs[I->imm].is_header) {
			any |= header_barrier(p, (uint32_t)I->imm, computes, depth + 1);
		}
	}
	return any;
}

/* Whether the barrier at SITE computes a value (__syncthreads_count/_and/
** _or, directly or as the call of a header's wrapper). */
static int site_computes(const struct program *p, uint32_t site)
{
	const struct site *s = &p->sites[site];
	const struct insn *I = &p->funcs[s->func].code[s->pc];
	int computes = 0;
	if (I->op == OP_BARRIER)
		return I->f != 0;
	if (I->op == OP_CALL && (uint64_t)I->imm < p->nfuncs)
		header_barrier(p, (uint32_t)I->imm, &computes, 0);
	return computes;
}

/* ---- barrier verdicts over several launches ------------------------------- */

static struct barrier_record *record_of(struct barrier_verdicts *bv, const struct program *p,
					uint32_t site)
{
	for (uint32_t i = 0; i < bv->n; i++)
		if (bv->v[i].site == site)
			return &bv->v[i];
	struct barrier_record b = { 0 };
	b.site = site;
	b.func = p->sites[site].func;
	b.pc = p->sites[site].pc;
	b.loc = p->sites[site].loc;
	b.computes = (uint8_t)site_computes(p, site);
	VEC_PUSH(bv->v, bv->n, bv->cap, b);
	return &bv->v[bv->n - 1];
}

void barrier_verdicts_init(struct barrier_verdicts *bv, const struct program *p, uint32_t kernel)
{
	memset(bv, 0, sizeof *bv);
	if (kernel >= p->nfuncs)
		return;
	/* the functions the kernel reaches by direct calls, headers' wrappers
	** aside (their barriers are the call's) */
	uint8_t *seen = xcalloc(p->nfuncs, 1);
	uint32_t *todo = xcalloc(p->nfuncs, sizeof *todo), ntodo = 0;
	todo[ntodo++] = kernel;
	seen[kernel] = 1;
	while (ntodo > 0) {
		const struct func *f = &p->funcs[todo[--ntodo]];
		for (uint32_t k = 0; k < f->ncode; k++) {
			const struct insn *I = &f->code[k];
			if (I->op == OP_BARRIER && I->x < p->nsites) {
				record_of(bv, p, I->x);
			} else if (I->op == OP_CALL && (uint64_t)I->imm < p->nfuncs) {
				uint32_t c = (uint32_t)I->imm;
				int computes = 0;
				if (p->funcs[c].is_header) {
					if (I->a < p->nsites && header_barrier(p, c, &computes, 0))
						record_of(bv, p, I->a);
				} else if (!seen[c]) {
					seen[c] = 1;
					todo[ntodo++] = c;
				}
			}
		}
	}
	free(seen);
	free(todo);
	/* in source order */
	for (uint32_t a = 1; a < bv->n; a++)
		for (uint32_t b = a; b > 0; b--) {
			const struct srcloc *x = &bv->v[b - 1].loc, *y = &bv->v[b].loc;
			int fx = x->file ? 1 : 0, fy = y->file ? 1 : 0;
			int c = fx != fy ? fy - fx : fx ? strcmp(x->file, y->file) : 0;
			if (c < 0 || (c == 0 && (x->line < y->line
						 || (x->line == y->line && x->col <= y->col))))
				break;
			struct barrier_record t = bv->v[b];
			bv->v[b] = bv->v[b - 1];
			bv->v[b - 1] = t;
		}
}

void barrier_verdicts_free(struct barrier_verdicts *bv)
{
	free(bv->v);
	memset(bv, 0, sizeof *bv);
}

/* Adds barrier B of one launch to BV. */
static void add_barrier(struct barrier_verdicts *bv, const struct program *p,
			const struct mam_barrier_info *b, enum mam_warp_model model)
{
	if (b->id >= p->nsites || b->executions == 0)
		return;
	/* a barrier reached another way (a call through a pointer) is added
	** when first seen */
	struct barrier_record *r = record_of(bv, p, b->id);
	r->launches++;
	r->executions += b->executions;
	r->needed |= model == MAM_LOCKSTEP ? b->needed_ls : b->needed_its;
}

void barrier_verdicts_add(struct barrier_verdicts *bv, const struct program *p,
			  const struct mam *mam, enum mam_warp_model model)
{
	bv->launches++;
	for (uint32_t i = 0; i < mam_nbarriers(mam); i++)
		add_barrier(bv, p, mam_barrier_at(mam, i), model);
}

void barrier_verdicts_add_of(struct barrier_verdicts *bv, const struct program *p,
			     const struct mam_barrier_info *bars, uint32_t n,
			     enum mam_warp_model model)
{
	bv->launches++;
	for (uint32_t i = 0; i < n; i++)
		add_barrier(bv, p, &bars[i], model);
}

enum barrier_verdict barrier_record_verdict(const struct barrier_record *b)
{
	if (b->executions == 0)
		return BV_NOT_COVERED;
	if (b->computes)
		return BV_COMPUTES;
	return b->needed ? BV_NEEDED : BV_REDUNDANT;
}

/* Whether FS holds a barrier divergence at (FUNC, PC). */
static int diverges_at(const struct findings *fs, uint32_t func, uint32_t pc)
{
	for (uint32_t i = 0; fs != NULL && i < fs->n; i++)
		if (fs->v[i].kind == FK_BARRIER_DIVERGENCE && fs->v[i].func == func
		    && fs->v[i].pc == pc)
			return 1;
	return 0;
}

void detect_barrier_findings(const struct barrier_verdicts *bv, const struct findings *known,
			     struct findings *fs)
{
	for (uint32_t i = 0; i < bv->n; i++) {
		const struct barrier_record *b = &bv->v[i];
		if (barrier_record_verdict(b) != BV_REDUNDANT || diverges_at(known, b->func, b->pc))
			continue;
		struct finding *f = findings_add(fs, FK_REDUNDANT_BARRIER, b->func, b->pc, &b->loc,
						 NULL, 0, NULL, NULL);
		f->severity = finding_severity(f);
		f->launches = b->launches;
		f->executions = b->executions;
		f->count = b->executions;
	}
}
