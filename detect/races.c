/*
** races.c: see races.h.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detect/races.h"
#include "src/util.h"

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
		f->severity = benign ? SEV_WARNING : SEV_ERROR;
	}
}

void detect_redundant_barriers(const struct program *p, const struct mam *mam,
			       enum mam_warp_model model, uint64_t launches, struct findings *fs)
{
	for (uint32_t i = 0; i < mam_nbarriers(mam); i++)
		detect_redundant_barriers_of(p, mam_barrier_at(mam, i), 1, model, launches, fs);
}

void detect_redundant_barriers_of(const struct program *p, const struct mam_barrier_info *bars,
				  uint32_t n, enum mam_warp_model model, uint64_t launches,
				  struct findings *fs)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct mam_barrier_info *b = &bars[i];
		int needed = model == MAM_LOCKSTEP ? b->needed_ls : b->needed_its;
		if (b->executions == 0 || needed || b->id >= p->nsites)
			continue;
		const struct site *s = &p->sites[b->id];
		/* __syncthreads_count/_and/_or compute a value: never redundant */
		const struct insn *I = &p->funcs[s->func].code[s->pc];
		if (I->op == OP_BARRIER && I->f != 0)
			continue;
		if (I->op == OP_CALL) {
			/* a barrier inside a header's wrapper, reported at its call */
			const struct func *callee = &p->funcs[I->imm];
			int computes = 0;
			for (uint32_t k = 0; k < callee->ncode; k++)
				if (callee->code[k].op == OP_BARRIER && callee->code[k].f != 0)
					computes = 1;
			if (computes)
				continue;
		}
		struct finding *f = findings_add(fs, FK_REDUNDANT_BARRIER, s->func, s->pc, &s->loc,
						 NULL, 0, NULL, NULL);
		f->severity = SEV_WARNING;
		f->launches = launches;
		f->executions = b->executions;
		f->count = b->executions;
	}
}
