/*
** load.c: reading NVPTX bitcode or IR, verifying it, finding kernels,
** cleaning -O0 code (mem2reg/sroa on private allocas only) and handing each
** kernel to the lowering.  The LLVM module and context are disposed here.
*/
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/memfd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "lower/lower_int.h"

/* Calls FN(target, key, key length, value, CTX) for every (key, value)
** pair of every nvvm.annotations node (a target, then key-value pairs). */
static void for_annotations(LLVMModuleRef mod,
			    void (*fn)(LLVMValueRef target, const char *key, unsigned len,
				       LLVMValueRef value, void *ctx),
			    void *ctx)
{
	unsigned na = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
	if (na == 0)
		return;
	LLVMValueRef *ops = xcalloc(na, sizeof *ops);
	LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", ops);
	for (unsigned i = 0; i < na; i++) {
		unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
		if (k < 3)
			continue;
		LLVMValueRef *el = xcalloc(k, sizeof *el);
		LLVMGetMDNodeOperands(ops[i], el);
		for (unsigned j = 1; j + 1 < k; j += 2) {
			unsigned len = 0;
			const char *key = el[j] ? LLVMGetMDString(el[j], &len) : NULL;
			if (key)
				fn(el[0], key, len, el[j + 1], ctx);
		}
		free(el);
	}
	free(ops);
}

struct kernel_list {
	LLVMValueRef *v;
	uint32_t n, cap;
};

static void kernel_annotation(LLVMValueRef target, const char *key, unsigned len,
			      LLVMValueRef value, void *ctx)
{
	struct kernel_list *kl = ctx;
	(void)value;
	if (len != 6 || memcmp(key, "kernel", 6) != 0 || target == NULL
	    || LLVMIsAFunction(target) == NULL || LLVMIsDeclaration(target))
		return;
	for (uint32_t q = 0; q < kl->n; q++)
		if (kl->v[q] == target)
			return;
	VEC_PUSH(kl->v, kl->n, kl->cap, target);
}

/* Kernels: the ptx_kernel calling convention or nvvm.annotations "kernel". */
static void find_kernels(LLVMModuleRef mod, LLVMValueRef **out, uint32_t *n)
{
	struct kernel_list kl = { 0 };
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMIsDeclaration(fn) && LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv)
			VEC_PUSH(kl.v, kl.n, kl.cap, fn);
	}
	for_annotations(mod, kernel_annotation, &kl);
	*out = kl.v;
	*n = kl.n;
}

/* Sets *V from attribute NAME of FN, "x[,y[,z]]" (LLVM 20 and later
** spell launch bounds so). */
static void bounds_attr(LLVMValueRef fn, const char *name, uint32_t v[3])
{
	LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name,
							    (unsigned)strlen(name));
	if (a == NULL)
		return;
	unsigned len = 0;
	const char *s = LLVMGetStringAttributeValue(a, &len);
	char buf[64];
	snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), s ? s : "");
	char *p = buf;
	for (int d = 0; d < 3 && *p; d++) {
		char *end = NULL;
		unsigned long x = strtoul(p, &end, 10);
		if (end == p || x > UINT32_MAX)
			return;
		v[d] = (uint32_t)x;
		p = *end == ',' ? end + 1 : end;
	}
}

/* The kernels whose launch bounds nvvm.annotations may set: FNS[i]'s in
** KS[i], found through MAP (function -> index). */
struct bounds_ctx {
	const struct ptrmap *map;
	struct kernel_info *ks;
};

static void bounds_annotation(LLVMValueRef target, const char *key, unsigned len,
			      LLVMValueRef v, void *ctx)
{
	struct bounds_ctx *bc = ctx;
	if (len != 8 || v == NULL || LLVMIsAConstantInt(v) == NULL
	    || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
		return;
	const uint32_t *ki = target ? ptrmap_get(bc->map, target) : NULL;
	if (ki == NULL)
		return;
	struct kernel_info *k = &bc->ks[*ki];
	uint64_t x = LLVMConstIntGetZExtValue(v);
	int d = key[7] - 'x';
	if (x > UINT32_MAX || d < 0 || d > 2)
		return;
	if (memcmp(key, "maxntid", 7) == 0)
		k->maxntid[d] = (uint32_t)x;
	else if (memcmp(key, "reqntid", 7) == 0)
		k->reqntid[d] = (uint32_t)x;
}

/* The declared launch bounds of the N kernels FNS into KS (struct
** kernel_info), in one pass over nvvm.annotations. */
static void read_bounds(LLVMModuleRef mod, LLVMValueRef *fns, uint32_t n, struct kernel_info *ks)
{
	struct ptrmap map = { 0 };
	for (uint32_t i = 0; i < n; i++) {
		bounds_attr(fns[i], "nvvm.maxntid", ks[i].maxntid);
		bounds_attr(fns[i], "nvvm.reqntid", ks[i].reqntid);
		ptrmap_put(&map, fns[i], i);
	}
	struct bounds_ctx bc = { &map, ks };
	for_annotations(mod, bounds_annotation, &bc);
	ptrmap_free(&map);
}

/* Whether global G is used, through constant expressions, by an
** instruction of a function MARK holds. */
static int used_in(LLVMValueRef g, const struct ptrmap *mark, int depth)
{
	for (LLVMUseRef u = LLVMGetFirstUse(g); u && depth < 16; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsAInstruction(user)) {
			if (ptrmap_get(mark, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user))))
				return 1;
		} else if (LLVMIsAConstantExpr(user) && used_in(user, mark, depth + 1)) {
			return 1;
		}
	}
	return 0;
}

/* The bytes of static shared memory kernel K uses: the address space 3
** globals of a known size (not `extern __shared__ x[]`) that K or a
** function it calls, directly or not, refers to. */
static uint64_t static_shared_of(LLVMModuleRef mod, LLVMTargetDataRef td, LLVMValueRef k)
{
	struct ptrmap mark = { 0 };
	LLVMValueRef *stack = NULL;
	uint32_t sp = 0, cap = 0;
	ptrmap_put(&mark, k, 1);
	VEC_PUSH(stack, sp, cap, k);
	while (sp) {
		LLVMValueRef fn = stack[--sp];
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef I = LLVMGetFirstInstruction(bb); I; I = LLVMGetNextInstruction(I)) {
				LLVMValueRef c = LLVMIsACallInst(I) ? LLVMGetCalledValue(I) : NULL;
				if (c && LLVMIsAFunction(c) && !LLVMIsDeclaration(c) && !ptrmap_get(&mark, c)) {
					ptrmap_put(&mark, c, 1);
					VEC_PUSH(stack, sp, cap, c);
				}
			}
	}
	free(stack);
	uint64_t bytes = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
		LLVMTypeRef t = LLVMGlobalGetValueType(g);
		if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 3 || !LLVMTypeIsSized(t))
			continue;
		uint64_t size = LLVMABISizeOfType(td, t);
		if (size > 0 && used_in(g, &mark, 0))
			bytes += size;
	}
	ptrmap_free(&mark);
	return bytes;
}

static unsigned parse_sm(LLVMModuleRef mod)
{
	unsigned best = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
								    "target-cpu", 10);
		if (a == NULL)
			continue;
		unsigned len = 0;
		const char *v = LLVMGetStringAttributeValue(a, &len);
		if (len > 3 && strncmp(v, "sm_", 3) == 0) {
			unsigned sm = (unsigned)strtoul(v + 3, NULL, 10);
			if (sm > best)
				best = sm;
		}
	}
	return best;
}

/* The channels of the default surface format: the widest access of the
** program, in 8, 16 or 32-bit channels (a .b64 access is two f32). */
static uint8_t surf_channels(const struct program *p)
{
	unsigned n = (p->surf_vec ? p->surf_vec : 1) * (p->surf_bytes == 8 ? 2 : 1);
	return (uint8_t)(n > 4 ? 4 : n == 3 ? 4 : n);
}

int load_file(const char *path, const struct load_options *opt,
		struct loaded *out, struct sim_error *err)
{
	struct load_options defaults = { 0 };
	if (opt == NULL)
		opt = &defaults;
	memset(out, 0, sizeof *out);
	LLVMContextRef ctx = LLVMContextCreate();
	char diag[512] = "";
	LLVMContextSetDiagnosticHandler(ctx, reader_diag_handler, diag);
	LLVMModuleRef mod = NULL;
	LLVMValueRef *kfns = NULL;
	uint32_t nk = 0;
	struct program *p = NULL;
	struct lctx lc = { 0 };
	int r = reader_load(path, READER_PIPELINE, ctx, &mod, err);
	if (r == SIM_ERR_KERNEL && opt->allow_no_kernels)
		r = 0;	/* no code at all: no kernels, OUT stays empty */
	if (r < 0 || mod == NULL)
		goto fail;

	const char *triple = LLVMGetTarget(mod);
	if (triple == NULL || (strncmp(triple, "nvptx64-", 8) != 0 && strncmp(triple, "nvptx-", 6) != 0)) {
		r = sim_fail(err, SIM_ERR_TARGET,
			     "%s: target is '%s', not nvptx64-nvidia-cuda: compile with clang --cuda-device-only -emit-llvm",
			     path, triple && *triple ? triple : "unspecified");
		goto fail;
	}
	find_kernels(mod, &kfns, &nk);
	if (nk == 0) {
		if (!opt->allow_no_kernels)
			r = sim_fail(err, SIM_ERR_KERNEL, "%s: no kernels (no __global__ function) in this module", path);
		goto fail;
	}

	/* Debug records become intrinsic calls, which the C API can read. */
	LLVMSetIsNewDbgInfoFormat(mod, 0);
	reader_strip_optnone(mod);
	{
		LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
		LLVMErrorRef e = LLVMRunPasses(mod, READER_PIPELINE, NULL, po);
		LLVMDisposePassBuilderOptions(po);
		if (e != NULL) {
			char *m = LLVMGetErrorMessage(e);
			r = sim_fail(err, SIM_ERR_BITCODE, "%s: clean-up passes failed: %s", path, m);
			LLVMDisposeErrorMessage(m);
			goto fail;
		}
	}
	LLVMSetIsNewDbgInfoFormat(mod, 0);

	p = xcalloc(1, sizeof *p);
	p->strings = arena_new();
	p->triple = xstrdup(triple);
	p->sm = parse_sm(mod);
	lc.ctx = ctx;
	lc.mod = mod;
	lc.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	lc.p = p;
	lc.err = err;
	lc.id_base = opt->id_base;
	lc.shared_var = opt->shared_var;
	lc.shared_ctx = opt->shared_ctx;
	lc.kfns = kfns;
	lc.nkfns = nk;
	r = lower_globals(&lc);
	if (r < 0)
		goto fail;
	lower_texrefs(&lc);

	out->kernels = xcalloc(nk, sizeof *out->kernels);
	out->nkernels = nk;
	read_bounds(mod, kfns, nk, out->kernels);
	for (uint32_t i = 0; i < nk; i++) {
		size_t len = 0;
		const char *name = LLVMGetValueName2(kfns[i], &len);
		struct kernel_info *k = &out->kernels[i];
		k->name = xstrndup(name, len);
		k->demangled = demangle_name(k->name);
		k->static_shared = static_shared_of(mod, lc.td, kfns[i]);
		struct sim_error kerr = { 0 };
		lc.err = &kerr;
		int fidx = -1;
		if (lower_kernel(&lc, kfns[i], &fidx) < 0) {
			k->func = -1;
			k->error = xstrdup_line(kerr.msg[0] ? kerr.msg : "lowering failed");
		} else {
			k->func = fidx;
		}
		lc.err = err;
	}
	/* the masks of every site, once the kernels are lowered (device
	** functions kernels share get the union over their callers) */
	prog_compute_deps(p);
	/* texture and surface parameters get their default descriptors from
	** the fetches of the whole program (one kernel's do not say which
	** parameter they go through) */
	for (uint32_t f = 0; f < p->nfuncs; f++) {
		for (uint32_t i = 0; i < p->funcs[f].nparams; i++) {
			struct param *pa = &p->funcs[f].params[i];
			if (pa->texobj == TEXOBJ_TEX)
				tex_default(TEXOBJ_TEX, p->tex_int ? ET_I32 : ET_F32, 1,
					    p->tex_dims, p->tex_layered, &pa->texdef);
			else if (pa->texobj == TEXOBJ_SURF)
				tex_default(TEXOBJ_SURF, p->surf_bytes == 1 ? ET_U8 : p->surf_bytes == 2 ? ET_U16
					    : ET_F32, surf_channels(p),
					    p->surf_dims, p->surf_layered, &pa->texdef);
		}
	}
	if (opt->dump_bytecode) {
		char line[512];
		for (uint32_t f = 0; f < p->nfuncs; f++) {
			struct func *fn = &p->funcs[f];
			if (fn->code == NULL)
				continue;
			fprintf(stderr, "function %u %s (%u slots)\n", f, fn->demangled, fn->nslots);
			for (uint32_t pc = 0; pc < fn->ncode; pc++) {
				prog_print_insn(p, fn, pc, line, sizeof line);
				fprintf(stderr, "  %s\n", line);
			}
		}
	}
	out->prog = p;
	p = NULL;
	r = 0;
fail:
	free(kfns);
	ptrmap_free(&lc.funcmap);
	ptrmap_free(&lc.gvarmap);
	htab_free(&lc.cpool);
	free(lc.work);
	if (lc.dib)
		LLVMDisposeDIBuilder(lc.dib);
	if (lc.td)
		LLVMDisposeTargetData(lc.td);
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	if (p)
		prog_free(p);
	if (r < 0 && out->kernels) {
		load_free(out);
	}
	return r;
}

void load_free(struct loaded *l)
{
	for (uint32_t i = 0; i < l->nkernels; i++) {
		free(l->kernels[i].name);
		free(l->kernels[i].demangled);
		free(l->kernels[i].error);
	}
	free(l->kernels);
	if (l->prog)
		prog_free(l->prog);
	memset(l, 0, sizeof *l);
}

uint64_t load_block_bound(const struct kernel_info *k)
{
	if (k->maxntid[0] == 0)
		return 0;
	return (uint64_t)k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1)
	       * (k->maxntid[2] ? k->maxntid[2] : 1);
}

int load_find_kernel(const struct loaded *l, const char *name)
{
	for (uint32_t i = 0; i < l->nkernels; i++)
		if (strcmp(l->kernels[i].name, name) == 0 || strcmp(l->kernels[i].demangled, name) == 0)
			return (int)i;
	size_t n = strlen(name);
	for (uint32_t i = 0; i < l->nkernels; i++) {
		const char *d = l->kernels[i].demangled;
		/* "vadd" matches "vadd(float const*, ...)"; templates keep their args */
		if (strncmp(d, name, n) == 0 && d[n] == '(')
			return (int)i;
		const char *paren = strchr(d, '(');
		const char *sp = NULL;
		for (const char *q = d; paren && q < paren; q++)
			if (*q == ' ')
				sp = q;
		/* "void foo<int>(...)": a return type precedes template kernels' names */
		if (sp && strncmp(sp + 1, name, n) == 0 && sp[1 + n] == '(')
			return (int)i;
	}
	return -1;
}
