/*
** program.c: the opcode names, printing instructions and freeing programs.
*/
#include <stdio.h>
#include <stdlib.h>

#include "core/program.h"
#include "base/util.h"

const char *const prog_opcode_names[OP__COUNT] = {
#define OPC_NAME(name, meaning) #name,
	SIMULEE_OPCODES(OPC_NAME)
#undef OPC_NAME
};

static const char *const dep_names[DEP__COUNT] = {
	"threadIdx.x", "threadIdx.y", "threadIdx.z", "blockDim.x", "blockDim.y", "blockDim.z",
	"blockIdx.x", "blockIdx.y", "blockIdx.z", "gridDim", "a parameter", "memory",
};

char *prog_dep_print(uint16_t mask, char *buf, size_t n)
{
	size_t o = 0;
	if (n == 0)
		return buf;
	buf[0] = '\0';
	if ((mask & DEP_ALL) == 0) {
		snprintf(buf, n, "nothing");
		return buf;
	}
	for (unsigned i = 0; i < DEP__COUNT && o < n; i++)
		if (mask >> i & 1) {
			int k = snprintf(buf + o, n - o, "%s%s", o ? ", " : "", dep_names[i]);
			o += k > 0 ? (size_t)k : 0;
		}
	return buf;
}

static void opnd(const struct program *p, uint32_t o, char *buf, size_t n)
{
	if (o == OPND_NONE)
		snprintf(buf, n, "-");
	else if (o & OPND_CONST)
		snprintf(buf, n, "#%llx", (unsigned long long)p->consts[(size_t)(o & ~OPND_CONST) * 32]);
	else
		snprintf(buf, n, "r%u", o);
}

void prog_print_insn(const struct program *p, const struct func *fn, uint32_t pc,
		     char *buf, size_t n)
{
	const struct insn *i = &fn->code[pc];
	char a[32], b[32], c[32];
	opnd(p, i->a, a, sizeof a);
	opnd(p, i->b, b, sizeof b);
	opnd(p, i->c, c, sizeof c);
	snprintf(buf, n, "%4u %-10s w=%-2u f=%-2u d=r%-4u a=%s b=%s c=%s x=%u imm=%lld  ; line %u",
		 pc, i->op < OP__COUNT ? prog_opcode_names[i->op] : "?", i->w, i->f, i->d, a, b, c,
		 i->x, (long long)i->imm, fn->line ? fn->line[pc] : 0);
}

void prog_param_free(struct param *pa)
{
	free(pa->name);
	free(pa->field_off);
	free(pa->field_type);
	free(pa->enums);
	for (uint32_t j = 0; pa->field_name && j < pa->nfields; j++)
		free(pa->field_name[j]);
	free(pa->field_name);
	for (uint32_t j = 0; pa->field_enums && j < pa->nfields; j++)
		free(pa->field_enums[j]);
	free(pa->field_enums);
	free(pa->field_nenums);
	free(pa->field_elem);
	free(pa->fns);
	for (uint32_t j = 0; pa->inner_name && j < pa->ninner; j++)
		free(pa->inner_name[j]);
	free(pa->inner_name);
	free(pa->inner_off);
	free(pa->inner_elem);
	free(pa->fn_names);
}

void prog_free(struct program *p)
{
	for (uint32_t i = 0; i < p->nfuncs; i++) {
		struct func *f = &p->funcs[i];
		free(f->name);
		free(f->demangled);
		free(f->code);
		free(f->line);
		for (uint32_t k = 0; k < f->nparams; k++)
			prog_param_free(&f->params[k]);
		free(f->params);
		free(f->param_slot);
	}
	free(p->funcs);
	for (uint32_t i = 0; i < p->ngvars; i++) {
		free(p->gvars[i].name);
		free(p->gvars[i].demangled);
		free(p->gvars[i].init);
	}
	free(p->gvars);
	free(p->consts);
	free(p->arglists);
	free(p->switch_tab);
	free(p->sites);
	free(p->subs);
	free(p->locals);
	free(p->triple);
	arena_free(p->strings);
	free(p);
}

static uint32_t dyn_var_from(const struct program *p, uint32_t fn, uint8_t *seen)
{
	if (fn >= p->nfuncs || seen[fn])
		return 0;
	seen[fn] = 1;
	const struct func *f = &p->funcs[fn];
	if (f->dyn_var != 0 || f->code == NULL)
		return f->dyn_var;
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		uint32_t v = f->code[pc].op == OP_CALL ? dyn_var_from(p, (uint32_t)f->code[pc].imm, seen) : 0;
		if (v != 0)
			return v;
	}
	return 0;
}

uint32_t prog_dyn_alloc(const struct program *p)
{
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (p->gvars[i].dynamic_shared)
			return p->gvars[i].alloc_id;
	return 0;
}

uint32_t prog_dyn_var(const struct program *p, uint32_t fn)
{
	uint8_t *seen = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	uint32_t v = dyn_var_from(p, fn, seen);
	free(seen);
	return v == 0 ? UINT32_MAX : v - 1;
}
