/*
** lower_host_int.h: what host/lower_host.c (the launch sites) shares with
** host/lower_hostmap.c (the runtime calls, hostmap.h) while one
** hostsite_read holds the host module.  Internal to host/.
*/
#ifndef SIMULEE_INTERP_LOWER_HOST_INT_H
#define SIMULEE_INTERP_LOWER_HOST_INT_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#include "host/hostsite.h"

struct hctx;

/* What a called function is to the analyses. */
enum {
	FC_OTHER,	/* writes what it is given, and (when defined here) globals */
	FC_EXTERN,	/* a library function: writes only what it is given */
	FC_INERT,	/* writes nothing the analysis follows: debug and
			   lifetime markers, launches, the call configuration */
	FC_STUB,	/* a kernel's __device_stub__ */
	FC_PUSH,	/* __cudaPushCallConfiguration */
	FC_LAUNCH,	/* cudaLaunchKernel, cudaLaunchCooperativeKernel */
	FC_MALLOC,	/* cudaMalloc, cudaMallocManaged: writes *arg0 */
	FC_POP,		/* __cudaPopCallConfiguration: writes grid, block,
			   shmem and stream (a stub inlined at -O2) */
	FC_MEMCPY,	/* memcpy, memmove (library or intrinsic): *arg0 = *arg1 */
	FC_MEMSET,	/* memset (library or intrinsic): *arg0 = a byte */
};

LLVMModuleRef lh_module(const struct hctx *hc);
struct hostsites *lh_sites(const struct hctx *hc);
/* The FC_* class of the function CALL calls, that function in *FN (NULL
** for an indirect call). */
int lh_call_class(struct hctx *hc, LLVMValueRef call, LLVMValueRef *fn);
/* P as a base and a byte offset, through casts and GEPs (*KNOWN 0 when
** an index is not a constant). */
void lh_addr_of(struct hctx *hc, LLVMValueRef p, LLVMValueRef *base, int64_t *off, int *known);
/* The source name debug info gives value or alloca V, or NULL (owned). */
char *lh_dbg_name(const struct hctx *hc, LLVMValueRef v);
/* Where instruction I was written: its debug location, through inlining
** (the outermost), or NULL. */
LLVMMetadataRef lh_outer_loc(LLVMValueRef I);
/* The source file of LOC, a location of I, or NULL (owned). */
char *lh_loc_file(LLVMValueRef I, LLVMMetadataRef loc);
/* The demangled base name of function FN ("cudaMalloc", "std::min"). */
void lh_fn_base(LLVMValueRef fn, char *buf, size_t n);
/* The __cudaPushCallConfiguration a stub call CALL launches with, or NULL. */
LLVMValueRef lh_find_push(struct hctx *hc, LLVMValueRef call);

/* Appends to lh_sites(HC)->seqs the runtime calls of every host function
** of the module that makes some (lower_hostmap.c). */
void hostmap_collect(struct hctx *hc);

#endif
