/*
** lower_int.h: what the loader and the lowering files of lower/ share
** (no other room includes it).
*/
#ifndef SIMULEE_LOWER_INT_H
#define SIMULEE_LOWER_INT_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include "lower/load.h"
#include "reader/reader.h"
#include "base/util.h"
#include "core/program.h"

/* A forward branch target to patch once all blocks are placed. */
struct fixup {
	uint32_t pc;		/* instruction, or switch-table entry when field == FIX_TAB */
	uint8_t field;
	uint32_t from, to;	/* edge: from block index to block index */
};
enum { FIX_IMM, FIX_X, FIX_C, FIX_TAB };

struct tramp {
	uint32_t from, to, pc;
};

/* A subscript check emitted: its index (without sext/zext), its extent
** and its block, so that a check it dominates can be left out. */
struct subchk_done {
	LLVMValueRef v;
	uint64_t ext;
	uint32_t block;
};

/* The function being lowered. */
struct fctx {
	LLVMValueRef fn;
	uint32_t fidx;
	struct ptrmap vals;	/* value -> first slot */
	uint32_t nslots;
	LLVMBasicBlockRef *blocks;
	uint32_t nblocks;
	struct ptrmap blockidx;
	uint32_t *block_pc;
	struct insn *code;
	uint32_t ncode, capcode;
	uint32_t *line;
	uint32_t capline;
	struct fixup *fix;
	uint32_t nfix, capfix;
	struct tramp *tramp;
	uint32_t ntramp, captramp;
	LLVMValueRef cur;	/* instruction being lowered */
	uint32_t cur_line, cur_col;
	uint32_t home_line;	/* cur's line in the function's own file: code
				   inlined from another file (a header's) is
				   given the line of its call there */
	const char *file;
	const char *home;	/* the function's own file (its subprogram's) */
	const char *funcname;	/* demangled, in the program's arena */
	uint32_t *idom;		/* block -> immediate dominator (UINT32_MAX: unreachable) */
	uint32_t *npred;	/* block -> number of predecessors */
	struct subchk_done *chk;	/* subscript checks emitted so far */
	uint32_t nchk, capchk;
	struct func *params;	/* its parameters while it is lowered (moved
				   into the program's func at the end) */
};

struct lctx {
	LLVMContextRef ctx;
	LLVMModuleRef mod;
	LLVMTargetDataRef td;
	struct program *p;
	struct sim_error *err;
	uint32_t id_base;	/* load_options' */
	uint32_t (*shared_var)(void *ctx, const char *name);	/* load_options' */
	void *shared_ctx;
	struct ptrmap funcmap;	/* LLVM function -> func index */
	struct ptrmap gvarmap;	/* LLVM global -> gvar index */
	struct htab cpool;	/* constant pool dedup: constant indices */
	uint32_t capconsts, capsites, caparg, capswitch, capfuncs, capsubs, caplocals;
	LLVMValueRef *kfns;	/* the module's kernels (not owned) */
	uint32_t nkfns;
	LLVMValueRef *work;	/* functions waiting to be lowered */
	uint32_t nwork, capwork;
	struct fctx *f;
	uint32_t cdepth;	/* constant expressions being evaluated (const_value) */
	LLVMDIBuilderRef dib;	/* for di_arg_number's probes, made on first use */
};

/* lower.c */
int lower_globals(struct lctx *lc);
int lower_kernel(struct lctx *lc, LLVMValueRef fn, int *fidx);
uint32_t lower_emit(struct lctx *lc, uint16_t op, uint8_t w, uint8_t f, uint32_t d,
		    uint32_t a, uint32_t b, uint32_t c, uint32_t x, int64_t imm);
uint32_t lower_opnd(struct lctx *lc, LLVMValueRef v, unsigned elem);
uint32_t lower_const(struct lctx *lc, uint64_t value);
uint32_t lower_slot(struct lctx *lc, LLVMValueRef v);
uint32_t lower_temp(struct lctx *lc, uint32_t n);
uint32_t lower_site(struct lctx *lc, uint8_t kind, uint8_t space, uint16_t size);
int lower_unsupported(struct lctx *lc, const char *what);
int lower_is_system_header(const char *file);
int lower_from_header(struct lctx *lc);
unsigned lower_int_width(LLVMTypeRef t);
uint32_t lower_nflat(struct lctx *lc, LLVMTypeRef t);
int lower_sreg_index(const char *name);
/* The constant strides function FN numbers its block's threads by
** (lower/linear.c): *WIDTH the least K of a sum threadIdx.x + K *
** threadIdx.y, *ROWS the least L of one that adds K * L * threadIdx.z;
** 0 where there is none. */
void lower_linear_widths(LLVMValueRef fn, uint32_t *width, uint32_t *rows);
/* The program index of defined function FN, queued for lowering if new. */
int lower_func_index(struct lctx *lc, LLVMValueRef fn);
/* The index behind FN's address (a constant): as lower_func_index, except
** that an external declaration gets an index with no code. */
uint32_t lower_func_ref(struct lctx *lc, LLVMValueRef fn);
/* The element type a pointer of DI type DITYPE points to (through its
** typedefs, qualifiers and pointers), ET_NONE when not a basic type. */
uint8_t lower_pointee_elem(LLVMValueRef ditype);
const char *lower_str(struct lctx *lc, const char *s);

/* lower_di.c: what parameter PA's DILocalVariable VAR (a value; anything
** else, NULL included, is no debug info) says about its type: the
** enumerators of an integer scalar (T, its LLVM type) of an enum type, or
** the source paths and enumerators of its PA->nfields flattened fields
** (FTYPES, their LLVM types; NULL for a scalar).  What it cannot read
** stays unknown. */
/* The DISubroutineType a pointer-to-function parameter's variable VAR
** (a DILocalVariable) points to, through typedefs and qualifiers; NULL
** for any other parameter or without debug info. */
LLVMValueRef lower_fnptr_type(LLVMValueRef var);

void lower_param_di(struct lctx *lc, struct param *pa, LLVMValueRef var, LLVMTypeRef t,
		    LLVMTypeRef const *ftypes);

/* lower_di.c: marks the module's texture references (`texture<T, D, M>`
** variables, nvvm.annotations "texture") among LC's gvars, each with the
** default descriptor its declared type gives (T's channels, D's
** dimensions, M's read mode). */
void lower_texrefs(struct lctx *lc);

/* lower_call.c: calls, intrinsics, __nv_* functions, printf, assert. */
int lower_call(struct lctx *lc, LLVMValueRef call);

/* ptxasm.c: the inline PTX that libdevice and the CUDA headers emit. */
int lower_asm(struct lctx *lc, LLVMValueRef call, LLVMValueRef asmval);

#endif
