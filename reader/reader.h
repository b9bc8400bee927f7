/*
** reader.h: module reading, the room between a file on disk and the two
** rooms that walk LLVM modules (lower/, device code; host/, host code).
** LLVM's readers and passes are not hardened against corrupt or odd input,
** so a module is parsed, verified and cleaned in a child process under
** limits and handed back as bitcode LLVM's own writer made.  Also the
** debug-info accessors both walkers share.
*/
#ifndef SIMULEE_READER_H
#define SIMULEE_READER_H

#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "base/util.h"

/* LLVM's default diagnostic handler exits on errors; this one keeps the
** first error's text in CTX (a char[512], "" until then). */
void reader_diag_handler(LLVMDiagnosticInfoRef di, void *ctx);

/* Reads PATH (.bc or .ll) into a module of CTX: an empty file, binary that
** is not bitcode, corrupt bitcode and a parse error are one error line.
** Returns 0, or a negative SIM_ERR_* with *err filled: SIM_ERR_KERNEL for
** bitcode that holds no code at all (what clang's device pass makes of
** host code only), which is a module without kernels to reader_load. */
int reader_parse(const char *path, LLVMContextRef ctx, LLVMModuleRef *mod,
		     struct sim_error *err);

/* Reads PATH (.bc or .ll) into a module of CTX the safe way: LLVM's
** reader is not hardened against corrupt input, so a child process
** parses and verifies PATH under limits (READER_PROBE_MEMORY bytes of
** address space, READER_PROBE_SECONDS of CPU time), runs the new pass
** manager's PIPELINE on it when it verifies (debug records as intrinsics,
** optnone dropped: what the caller does next, since LLVM's passes are not
** hardened against odd valid IR either; NULL: no passes), and hands back
** the module as bitcode LLVM's writer made; only that is read here.
** 0, or a negative SIM_ERR_* with *err filled: reader_parse's errors,
** SIM_ERR_BITCODE when the child died or passed its limits,
** SIM_ERR_VERIFY with the verifier's first line when the module does not
** verify (then nothing is parsed here). */
#define READER_PROBE_MEMORY (UINT64_C(2) << 30)
#define READER_PROBE_SECONDS 30
#define READER_VMSG 512
int reader_load(const char *path, const char *pipeline, LLVMContextRef ctx,
		LLVMModuleRef *mod, struct sim_error *err);

/* What reader_load's child hands back, ahead of the bitcode its writer
** made (bclen bytes right after it).  Public so that the verdict below
** can be tested on hand-offs no working child writes. */
struct reader_handoff {
	uint32_t magic;			/* READER_HANDOFF_MAGIC */
	int32_t rc;			/* the read's answer: 0, or negative */
	int32_t status;			/* its SIM_ERR_* when negative */
	char msg[sizeof ((struct sim_error *)0)->msg];
	char vmsg[READER_VMSG];		/* the verifier's line, "" when valid */
	uint64_t bclen;
};
#define READER_HANDOFF_MAGIC 0x51ee0b0cu

/* reader_load's verdict on its child for PATH: W is 0 when the child was
** waited for (its wait status in ST), 1 when it was killed for its
** memory; H the hand-off it wrote (MAPLEN bytes mapped), NULL for none.
** 0 when H's bitcode is to be read, else a negative SIM_ERR_* with *err
** filled.  A failure's own status is believed only when negative. */
int reader_verdict(const char *path, int w, int st, const struct reader_handoff *h,
		   size_t maplen, struct sim_error *err);

/* The clean-up passes reader_load runs on device code. */
#define READER_PIPELINE "function(sroa,mem2reg)"

/* Clang's -O0 output carries optnone, which makes every pass skip the
** function; drops it from MOD's definitions so that sroa/mem2reg can
** promote private allocas. */
void reader_strip_optnone(LLVMModuleRef mod);

/* Operand I of metadata node MD (as a value), or NULL when MD is NULL, no
** node, or has fewer operands. */
LLVMValueRef reader_md_operand(LLVMValueRef md, unsigned i);

/* The file name of DI scope SCOPE (a subprogram, lexical block or file;
** its length in *LEN), or NULL when SCOPE or its "file:" is no such node.
** LLVM-C's accessors cast the file operand blindly and the verifier lets a
** lexical block name a subprogram there (issue 13), so every DI file name
** is read through here.  CTX: the module's context. */
const char *reader_scope_file(LLVMContextRef ctx, LLVMMetadataRef scope, unsigned *len);

#endif
