/*
** finding.c: see finding.h.
*/
#include <stdlib.h>
#include <string.h>

#include "detect/finding.h"
#include "src/util.h"

static const char *const kind_names[FK__COUNT] = {
	[FK_OOB] = "out-of-bounds access",
	[FK_NULL] = "null pointer dereference",
	[FK_INVALID_PTR] = "invalid pointer dereference",
	[FK_MISALIGNED] = "misaligned access",
	[FK_READONLY] = "write to read-only memory",
	[FK_ASSERT] = "assertion failed",
	[FK_TRAP] = "trap",
	[FK_STEP_BUDGET] = "thread did not finish",
	[FK_BARRIER_DIVERGENCE] = "barrier divergence",
	[FK_WARP_SYNC] = "warp synchronization divergence",
	[FK_DIV_ZERO] = "integer division by zero",
	[FK_RACE] = "data race",
	[FK_REDUNDANT_BARRIER] = "redundant barrier",
	[FK_UNINIT] = "read of uninitialized memory",
};

static const char *const kind_ids[FK__COUNT] = {
	[FK_OOB] = "out-of-bounds",
	[FK_NULL] = "null-dereference",
	[FK_INVALID_PTR] = "invalid-pointer",
	[FK_MISALIGNED] = "misaligned",
	[FK_READONLY] = "readonly-write",
	[FK_ASSERT] = "assert",
	[FK_TRAP] = "trap",
	[FK_STEP_BUDGET] = "step-budget",
	[FK_BARRIER_DIVERGENCE] = "barrier-divergence",
	[FK_WARP_SYNC] = "warp-sync-divergence",
	[FK_DIV_ZERO] = "division-by-zero",
	[FK_RACE] = "data-race",
	[FK_REDUNDANT_BARRIER] = "redundant-barrier",
	[FK_UNINIT] = "uninitialized-read",
};

const char *finding_kind_name(enum finding_kind k)
{
	return (unsigned)k < FK__COUNT ? kind_names[k] : "finding";
}

const char *finding_kind_id(enum finding_kind k)
{
	return (unsigned)k < FK__COUNT ? kind_ids[k] : "finding";
}

struct finding *findings_add(struct findings *fs, enum finding_kind kind,
			     uint32_t func, uint32_t pc, const struct srcloc *loc,
			     const struct thread_id *who, uint64_t addr,
			     const char *where, const char *detail)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		if (f->kind == kind && f->func == func && f->pc == pc && f->kind != FK_RACE) {
			f->count++;
			return f;
		}
	}
	struct finding f = { 0 };
	f.kind = kind;
	f.func = func;
	f.pc = pc;
	if (loc)
		f.loc = *loc;
	if (who)
		f.who = *who;
	f.addr = addr;
	f.where = where ? xstrdup(where) : NULL;
	f.detail = detail ? xstrdup(detail) : NULL;
	f.count = 1;
	VEC_PUSH(fs->v, fs->n, fs->cap, f);
	return &fs->v[fs->n - 1];
}

struct finding *findings_get_pair(struct findings *fs, enum finding_kind kind,
				  uint32_t func, uint32_t pc, uint32_t func2, uint32_t pc2,
				  int *isnew)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		if (f->kind == kind && f->func == func && f->pc == pc
		    && f->second.func == func2 && f->second.pc == pc2) {
			*isnew = 0;
			return f;
		}
	}
	struct finding f = { 0 };
	f.kind = kind;
	f.func = func;
	f.pc = pc;
	f.second.func = func2;
	f.second.pc = pc2;
	VEC_PUSH(fs->v, fs->n, fs->cap, f);
	*isnew = 1;
	return &fs->v[fs->n - 1];
}

void findings_free(struct findings *fs)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		free(fs->v[i].where);
		free(fs->v[i].detail);
	}
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}

void findings_print_text(const struct findings *fs, FILE *out)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		if (f->loc.file && f->loc.line)
			fprintf(out, "%s:%u:%u: ", f->loc.file, f->loc.line, f->loc.col);
		else
			fprintf(out, "%s: ", f->loc.func ? f->loc.func : "simulee-c");
		fprintf(out, "error: %s", finding_kind_name(f->kind));
		if (f->where)
			fprintf(out, " on %s", f->where);
		fprintf(out, "\n");
		fprintf(out, "  thread (%u,%u,%u) of block (%u,%u,%u)",
			f->who.thread[0], f->who.thread[1], f->who.thread[2],
			f->who.block[0], f->who.block[1], f->who.block[2]);
		if (f->loc.func)
			fprintf(out, " in %s", f->loc.func);
		fprintf(out, "; %llu occurrence%s\n", (unsigned long long)f->count,
			f->count == 1 ? "" : "s");
		if (f->detail)
			fprintf(out, "  %s\n", f->detail);
	}
}
