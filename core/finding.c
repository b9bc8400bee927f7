/*
** finding.c: see finding.h.
*/
#include <stdlib.h>
#include <string.h>

#include "core/finding.h"
#include "base/util.h"

/* What finding_kinds.h says of each kind that this file answers for. */
static const struct {
	const char *name, *id;
	enum severity severity;
	unsigned flags;
} kinds[FK__COUNT] = {
#define FK_INFO(kind, id, name, severity, flags, confirm, tool_or_why, brief, full, help) \
	[kind] = { name, id, severity, flags },
	SIMULEE_FINDING_KINDS(FK_INFO)
#undef FK_INFO
};

static const char *const contract_names[CL__COUNT] = {
	[CL_HOST] = "host", [CL_EXPLORED] = "explored", [CL_DECLARED] = "declared",
	[CL_INFERRED] = "inferred", [CL_NONE] = "none",
};

const char *contract_level_name(enum contract_level c)
{
	return (unsigned)c < CL__COUNT ? contract_names[c] : "none";
}

const char *finding_kind_name(enum finding_kind k)
{
	return (unsigned)k < FK__COUNT ? kinds[k].name : "finding";
}

const char *finding_kind_id(enum finding_kind k)
{
	return (unsigned)k < FK__COUNT ? kinds[k].id : "finding";
}

enum severity finding_kind_severity(enum finding_kind kind)
{
	return (unsigned)kind < FK__COUNT ? kinds[kind].severity : SEV_ERROR;
}

unsigned finding_kind_flags(enum finding_kind kind)
{
	return (unsigned)kind < FK__COUNT ? kinds[kind].flags : 0;
}

enum severity finding_severity(const struct finding *f)
{
	if (f->kind == FK_RACE && f->benign)
		return SEV_WARNING;
	return finding_kind_severity(f->kind);
}

int finding_kind_is_pair(enum finding_kind kind)
{
	return (finding_kind_flags(kind) & FKF_PAIR) != 0;
}

int finding_kind_is_perf(enum finding_kind kind)
{
	return (finding_kind_flags(kind) & FKF_PERF) != 0;
}

int finding_kind_is_host(enum finding_kind kind)
{
	return (finding_kind_flags(kind) & FKF_HOST) != 0;
}

/*
** WHERE as the finding keeps it, "name[index]", with its address space in
** *space.  A caller may still name the space in the text ("global
** 'p[16]'"); that form is split here, anything else is copied (the
** interpreter passes "name[index]" and sets the space itself).
*/
static char *split_where(const char *where, uint8_t *space)
{
	static const struct { const char *word; uint8_t as; } spaces[] = {
		{ "global", AS_GLOBAL }, { "shared", AS_SHARED }, { "local", AS_LOCAL },
		{ "constant", AS_CONST }, { "param", AS_PARAM },
	};
	size_t n = strlen(where);
	const char *q = strstr(where, " '");
	if (q != NULL && n > 0 && where[n - 1] == '\'' && where + n - 1 > q + 2) {
		for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++) {
			size_t wl = strlen(spaces[i].word);
			if ((size_t)(q - where) == wl && strncmp(where, spaces[i].word, wl) == 0) {
				*space = spaces[i].as;
				return xstrndup(q + 2, (size_t)(where + n - 1 - (q + 2)));
			}
		}
	}
	return xstrdup(where);
}

struct finding *findings_find(struct findings *fs, enum finding_kind kind, uint32_t func,
			      uint32_t pc)
{
	if (finding_kind_is_pair(kind))
		return NULL;
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		if (f->kind == kind && f->func == func && f->pc == pc)
			return f;
	}
	return NULL;
}

struct finding *findings_add(struct findings *fs, enum finding_kind kind,
			     uint32_t func, uint32_t pc, const struct srcloc *loc,
			     const struct thread_id *who, uint64_t addr,
			     const char *where, const char *detail)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		if (f->kind == kind && f->func == func && f->pc == pc && !finding_kind_is_pair(kind)) {
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
	f.where = where ? split_where(where, &f.space) : NULL;
	f.detail = detail ? xstrdup(detail) : NULL;
	f.count = 1;
	f.var = FINDING_NO_VAR;
	f.member = FINDING_NO_VAR;
	VEC_PUSH(fs->v, fs->n, fs->cap, f);
	return &fs->v[fs->n - 1];
}

struct finding *findings_get_pair(struct findings *fs, enum finding_kind kind,
				  uint32_t func, uint32_t pc, uint32_t func2, uint32_t pc2,
				  int *isnew)
{
	for (uint32_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		/* a pair is unordered: which access the simulation saw first
		** depends on the schedule */
		if (f->kind == kind
		    && ((f->func == func && f->pc == pc && f->second.func == func2 && f->second.pc == pc2)
			|| (f->func == func2 && f->pc == pc2 && f->second.func == func
			    && f->second.pc == pc))) {
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
	f.var = FINDING_NO_VAR;
	f.member = FINDING_NO_VAR;
	VEC_PUSH(fs->v, fs->n, fs->cap, f);
	*isnew = 1;
	return &fs->v[fs->n - 1];
}

int finding_same(const struct finding *a, const struct finding *b)
{
	if (a->kind != b->kind)
		return 0;
	/* one access can show several assumptions (As[ty][tx]: x and y) */
	if (a->kind == FK_ASSUMPTION && a->detail && b->detail && strcmp(a->detail, b->detail) != 0)
		return 0;
	/* no device site: one per launch site of the host code */
	if (a->kind == FK_REFUSED_LAUNCH)
		return a->loc.line == b->loc.line && a->loc.col == b->loc.col
		       && strcmp(a->loc.file ? a->loc.file : "", b->loc.file ? b->loc.file : "") == 0;
	if (!finding_kind_is_pair(a->kind))
		return a->func == b->func && a->pc == b->pc;
	return (a->func == b->func && a->pc == b->pc && a->second.func == b->second.func
		&& a->second.pc == b->second.pc)
	       || (a->func == b->second.func && a->pc == b->second.pc
		   && a->second.func == b->func && a->second.pc == b->pc);
}

int finding_perf_worse(enum finding_kind kind, uint32_t worst, uint32_t need, uint32_t worst2,
		       uint32_t need2)
{
	if (kind == FK_BANK_CONFLICT)
		return worst > worst2;
	return (uint64_t)worst * (need2 ? need2 : 1) > (uint64_t)worst2 * (need ? need : 1);
}

void finding_clear(struct finding *f)
{
	free(f->where);
	free(f->detail);
	if (f->div)
		free(f->div->groups);
	free(f->div);
	for (uint32_t i = 0; i < f->nmembers; i++)
		finding_clear(&f->members[i]);
	free(f->members);
	f->where = NULL;
	f->detail = NULL;
	f->div = NULL;
	f->members = NULL;
	f->nmembers = f->capmembers = 0;
}

void findings_free(struct findings *fs)
{
	for (uint32_t i = 0; i < fs->n; i++)
		finding_clear(&fs->v[i]);
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}
