/*
** fuzz_launch.c: load, then one small launch of each kernel (a bounded
** step budget, two blocks of 32 or 64 threads), race and barrier
** detection, and the text, JSON and SARIF reports.
**
** Byte mutations of bitcode almost never give a module that verifies, so
** the mutator works on the IR: it parses the input as bitcode, changes
** one thing the way a different kernel would differ (a constant, an
** operand, a comparison, an arithmetic operator, the order of two
** instructions), verifies the result and writes it back.  Input that is
** not bitcode, or a mutation that does not verify after a few tries,
** falls back to libFuzzer's byte mutations.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>

#include "config.h"
#include "detect/analyse.h"
#include "report/report.h"
#include "evolve/driver.h"
#include "fuzz/fuzz.h"
#include "reader/reader.h"
#include "memmodel/mem.h"

#define MAX_KERNELS 3		/* launched per input */
#define MAX_STEPS 4000		/* per thread: an input that spins ends fast */
#define MAX_SHADOW (16u << 20)	/* the model's bytes per launch */

static FILE *sink;

/* Builds, writes (to SINK) and frees the report of the launch of K. */
static void report_launch(const struct kernel_info *k, struct dim3 grid, struct dim3 block,
			  struct findings *fs, const struct barrier_verdicts *bv)
{
	struct report rep;
	report_init(&rep);
	rep.input = "fuzz";
	rep.version = PACKAGE_VERSION;
	uint32_t ki = report_add_kernel(&rep, k->name, k->demangled);
	uint32_t l = report_add_launch(&rep, ki, grid, block, 0, 1);
	report_take_findings(&rep, fs, l);
	for (uint32_t i = 0; i < bv->n; i++)
		report_add_barrier(&rep, ki, &bv->v[i].loc, barrier_record_verdict(&bv->v[i]),
				   bv->v[i].launches, bv->v[i].executions, bv->launches);
	report_text(sink, &rep);
	if (report_json(sink, &rep) < 0 || report_sarif(sink, &rep) < 0)
		abort();
	report_exit_status(&rep);
	report_free(&rep);
}

/* One launch of kernel K of L, as the CLI's fixed launch runs it. */
static void launch(const struct loaded *l, const struct kernel_info *k, uint32_t threads)
{
	const struct program *p = l->prog;
	const struct func *f = &p->funcs[k->func];
	struct mem m;
	struct findings fs = { 0 };
	struct barrier_verdicts bv = { 0 };
	struct sim_error err = { 0 };
	struct params_pins pins = { 0 };
	mem_init(&m);
	interp_mem_setup(p, &m, 0);
	uint32_t nslots = params_nslots(f), nbufs = params_nbufs(f);
	uint64_t *args = xcalloc(nslots ? nslots : 1, sizeof *args);
	struct params_buf *bufs = xcalloc(nbufs ? nbufs : 1, sizeof *bufs);
	struct mam_options mo = { .model = p->sm >= 70 || p->sm == 0 ? MAM_ITS : MAM_LOCKSTEP,
				  .max_bytes = MAX_SHADOW };
	struct mam *mam = mam_new(&mo);
	struct launch_cfg cfg = { .grid = { 2, 1, 1 }, .block = { threads, 1, 1 },
				  .max_steps = MAX_STEPS, .seed = 1, .print_out = sink, .mam = mam,
				  .lockstep = mo.model == MAM_LOCKSTEP };
	struct analyse_options ao = { .model = mo.model, .bv = &bv, .barrier_findings = 1 };
	struct analyse_result ar;
	if (params_setup(&pins, 1, f, &m, args, bufs, &err) < 0)
		goto out;
	barrier_verdicts_init(&bv, p, (uint32_t)k->func);
	if (analyse_launch(p, (uint32_t)k->func, args, &m, &cfg, &ao, &fs, &ar, &err) < 0)
		goto out;
	report_launch(k, cfg.grid, cfg.block, &fs, &bv);
out:
	params_free_bufs(bufs, nbufs);
	free(args);
	findings_free(&fs);
	barrier_verdicts_free(&bv);
	mam_free(mam);
	mem_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	if (sink == NULL && (sink = fopen("/dev/null", "w")) == NULL)
		abort();
	struct loaded l;
	if (fuzz_load(data, n, &l) < 0)
		return 0;
	/* the block size comes from the input, so both are tried */
	uint32_t threads = n % 2 ? 64 : 32;
	uint32_t ran = 0;
	for (uint32_t i = 0; i < l.nkernels && ran < MAX_KERNELS; i++) {
		if (l.kernels[i].func < 0)
			continue;
		launch(&l, &l.kernels[i], threads);
		ran++;
	}
	load_free(&l);
	return 0;
}

/* ---- the IR-aware mutator ------------------------------------------------- */

/* The instructions of MOD's function bodies, in order (free it). */
static LLVMValueRef *all_insns(LLVMModuleRef mod, uint32_t *n)
{
	LLVMValueRef *v = NULL;
	uint32_t cap = 0;
	*n = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
				if (*n == cap) {
					cap = cap ? 2 * cap : 256;
					v = xrealloc(v, cap * sizeof *v);
				}
				v[(*n)++] = i;
			}
	return v;
}

/* A constant near or unlike C, of C's integer type. */
static LLVMValueRef other_int(struct pcg32 *g, LLVMValueRef c)
{
	LLVMTypeRef t = LLVMTypeOf(c);
	unsigned long long x = LLVMConstIntGetZExtValue(c);
	switch (pcg32_bounded(g, 8)) {
	case 0: x = 0; break;
	case 1: x = 1; break;
	case 2: x = ~0ull; break;		/* -1 */
	case 3: x += 1; break;
	case 4: x -= 1; break;
	case 5: x *= 2; break;
	case 6: x = 1ull << (pcg32_bounded(g, 64)); break;
	default: x = pcg32_next64(g); break;
	}
	return LLVMConstInt(t, x, 0);
}

/* Operand K of GEP G may take any integer: the first index (a pointer
** offset) and array or vector indices; a struct field index may not. */
static int gep_index_free(LLVMValueRef g, unsigned k)
{
	if (k == 1)
		return 1;
	LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
	for (unsigned i = 2; i <= k; i++) {
		LLVMTypeKind tk = LLVMGetTypeKind(t);
		if (tk != LLVMArrayTypeKind && tk != LLVMVectorTypeKind)
			return 0;
		if (i == k)
			return 1;
		t = LLVMGetElementType(t);
	}
	return 0;
}

/* Operand K of I may be replaced by another value of its type: not a
** callee, a switch's case, a struct index or an intrinsic's immediate. */
static int operand_free(LLVMValueRef i, unsigned k)
{
	LLVMOpcode op = LLVMGetInstructionOpcode(i);
	switch (op) {
	case LLVMGetElementPtr:
		return gep_index_free(i, k);
	case LLVMCall:
		/* intrinsics take immediates (immarg) the verifier insists on */
		return LLVMGetIntrinsicID(LLVMGetCalledValue(i)) == 0
		       && k + 1 < (unsigned)LLVMGetNumOperands(i);
	case LLVMSwitch: case LLVMAlloca: case LLVMExtractValue: case LLVMInsertValue:
	case LLVMShuffleVector: case LLVMInvoke: case LLVMCallBr: case LLVMLandingPad:
		return 0;
	default:
		return 1;
	}
}

/* A value of type T that dominates I: an argument of I's function or an
** earlier instruction of I's block (not for a phi, whose operands come
** from its predecessors); NULL if none. */
static LLVMValueRef same_type_value(struct pcg32 *g, LLVMValueRef i, LLVMTypeRef t)
{
	LLVMValueRef c[64];
	unsigned n = 0;
	LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
	LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
	for (LLVMValueRef a = LLVMGetFirstParam(fn); a && n < 64; a = LLVMGetNextParam(a))
		if (LLVMTypeOf(a) == t)
			c[n++] = a;
	if (LLVMGetInstructionOpcode(i) != LLVMPHI)
		for (LLVMValueRef j = LLVMGetFirstInstruction(bb); j && j != i && n < 64;
		     j = LLVMGetNextInstruction(j))
			if (LLVMTypeOf(j) == t)
				c[n++] = j;
	return n ? c[pcg32_bounded(g, n)] : NULL;
}

static const LLVMOpcode int_binops[] = {
	LLVMAdd, LLVMSub, LLVMMul, LLVMUDiv, LLVMSDiv, LLVMURem, LLVMSRem,
	LLVMShl, LLVMLShr, LLVMAShr, LLVMAnd, LLVMOr, LLVMXor,
};

/* One mutation of instruction I; 1 when something changed. */
static int mutate_insn(struct pcg32 *g, LLVMBuilderRef b, LLVMValueRef i)
{
	LLVMOpcode op = LLVMGetInstructionOpcode(i);
	unsigned nops = (unsigned)LLVMGetNumOperands(i);
	switch (pcg32_bounded(g, 4)) {
	case 0: {	/* an integer constant operand */
		if (nops == 0)
			return 0;
		unsigned k = pcg32_bounded(g, nops);
		LLVMValueRef o = LLVMGetOperand(i, k);
		if (!LLVMIsAConstantInt(o) || !operand_free(i, k))
			return 0;
		LLVMSetOperand(i, k, other_int(g, o));
		return 1;
	}
	case 1: {	/* an operand from another value of its type */
		if (nops == 0)
			return 0;
		unsigned k = pcg32_bounded(g, nops);
		LLVMValueRef o = LLVMGetOperand(i, k);
		if (LLVMIsABasicBlock(o) || LLVMIsAFunction(o) || !operand_free(i, k))
			return 0;
		LLVMValueRef v = same_type_value(g, i, LLVMTypeOf(o));
		if (v == NULL || v == o)
			return 0;
		LLVMSetOperand(i, k, v);
		return 1;
	}
	case 2: {	/* another predicate or operator, same operands */
		LLVMValueRef nw;
		LLVMPositionBuilderBefore(b, i);
		if (op == LLVMICmp) {
			LLVMIntPredicate p = (LLVMIntPredicate)(LLVMIntEQ + (int)pcg32_bounded(g, 10));
			if (p == LLVMGetICmpPredicate(i))
				return 0;
			nw = LLVMBuildICmp(b, p, LLVMGetOperand(i, 0), LLVMGetOperand(i, 1), "");
		} else if (LLVMIsABinaryOperator(i) && LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMIntegerTypeKind) {
			LLVMOpcode o = int_binops[pcg32_bounded(g, sizeof int_binops / sizeof *int_binops)];
			if (o == op)
				return 0;
			nw = LLVMBuildBinOp(b, o, LLVMGetOperand(i, 0), LLVMGetOperand(i, 1), "");
		} else {
			return 0;
		}
		LLVMReplaceAllUsesWith(i, nw);
		LLVMInstructionEraseFromParent(i);
		return 1;
	}
	default: {	/* swap I with the next instruction of the same opcode */
		if (op == LLVMPHI || LLVMIsATerminatorInst(i))
			return 0;
		LLVMValueRef j = LLVMGetNextInstruction(i);
		while (j && LLVMGetInstructionOpcode(j) != op)
			j = LLVMGetNextInstruction(j);
		if (j == NULL)
			return 0;
		/* J moves up before I: it must not use anything from I on
		** (the verifier catches a use it misses) */
		for (unsigned k = 0; k < (unsigned)LLVMGetNumOperands(j); k++)
			if (LLVMGetOperand(j, k) == i)
				return 0;
		LLVMInstructionRemoveFromParent(j);
		LLVMPositionBuilderBefore(b, i);
		LLVMInsertIntoBuilder(b, j);
		return 1;
	}
	}
}

/* Mutates the module in DATA[0..N) in place (at most MAX bytes); the new
** size, or 0 when DATA is not bitcode or no verified mutation was found. */
static size_t mutate_ir(uint8_t *data, size_t n, size_t max, unsigned int seed)
{
	size_t out = 0;
	/* libFuzzer's byte mutations make input the reader may crash on: the
	** module comes through the loader's child, as load_file's does */
	struct sim_error err = { 0 };
	LLVMContextRef ctx = LLVMContextCreate();
	char diag[512] = "";
	LLVMContextSetDiagnosticHandler(ctx, reader_diag_handler, diag);
	LLVMModuleRef mod = NULL;
	if (reader_load(fuzz_file(data, n), READER_PIPELINE, ctx, &mod, &err) < 0) {
		if (mod != NULL)
			LLVMDisposeModule(mod);
		LLVMContextDispose(ctx);
		return 0;
	}
	struct pcg32 g;
	pcg32_seed(&g, seed, 0x5eed);
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	uint32_t ni = 0;
	LLVMValueRef *insns = all_insns(mod, &ni);
	int changed = 0;
	/* one to three changes; each one that breaks the module ends the try */
	uint32_t want = 1 + pcg32_bounded(&g, 3);
	for (uint32_t tries = 0; ni > 0 && changed < (int)want && tries < 64; tries++) {
		if (!mutate_insn(&g, b, insns[pcg32_bounded(&g, ni)]))
			continue;
		changed++;
		/* erasing or moving changed the list: read it again */
		free(insns);
		insns = all_insns(mod, &ni);
	}
	free(insns);
	LLVMDisposeBuilder(b);
	char *msg = NULL;
	if (changed && !LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
		LLVMMemoryBufferRef w = LLVMWriteBitcodeToMemoryBuffer(mod);
		size_t wn = LLVMGetBufferSize(w);
		if (wn <= max) {
			memcpy(data, LLVMGetBufferStart(w), wn);
			out = wn;
		}
		LLVMDisposeMemoryBuffer(w);
	}
	LLVMDisposeMessage(msg);
	LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	return out;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t n, size_t max, unsigned int seed)
{
	/* a byte mutation now and then still reaches the reader's errors */
	if (seed % 8 != 0) {
		for (unsigned t = 0; t < 4; t++) {
			size_t r = mutate_ir(data, n, max, seed + t * 0x9e3779b9u);
			if (r)
				return r;
		}
	}
	return LLVMFuzzerMutate(data, n, max);
}
