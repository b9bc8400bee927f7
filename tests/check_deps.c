/*
** check_deps.c: what the interpreter tells the search about a kernel's
** shape assumptions.  Subscript checks (SUBCHK, FK_SUBSCRIPT) on shared
** 2-D tiles at -O0 and -O3, local arrays, struct members, none through
** pointer parameters and none the lowering can prove in range; the
** dependence masks of sites and subscripts (threadIdx, blockDim, data,
** loop bounds, scalar parameters, and which ones) and the fields of FK_OOB findings; the
** early stop of a launch (launch_cfg stop_kinds).  Kernels are CUDA
** compiled at test time with the prelude and run through the library
** API.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/finding.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "memmodel/mem.h"
#include "tests.h"

/* A kernel loaded from CUDA source. */
struct ker {
	struct loaded l;
	int func;		/* program function of the kernel */
};

static void load_cu(struct ker *k, const char *src, const char *olevel, const char *name)
{
	char *bc = tu_compile_cu_opt(src, olevel);
	k->func = tu_load_kernel(bc, name, &k->l);
	unlink(bc);
	free(bc);
}

/* How a test launches: grid, block, one i32/f32 buffer of NBUF elements
** as the first argument, then the scalars. */
struct run {
	struct dim3 grid, block;
	uint32_t nbuf;
	uint64_t scalars[4];
	uint32_t nscalars;
	uint32_t stop_kinds;
	uint64_t max_steps;
	struct launch_stats stats;
};

static void launch(struct ker *k, struct run *r, struct findings *fs)
{
	struct mem m;
	mem_init(&m);
	interp_mem_setup(k->l.prog, &m, 0);
	uint32_t id = mem_new(&m, AS_GLOBAL, (uint64_t)r->nbuf * 4, "out");
	ck_assert_uint_ne(id, 0);
	uint64_t args[8] = { MEM_PTR(id, 0) };
	for (uint32_t i = 0; i < r->nscalars; i++)
		args[1 + i] = r->scalars[i];
	struct launch_cfg cfg = { 0 };
	cfg.grid = r->grid;
	cfg.block = r->block;
	cfg.seed = 1;
	cfg.stats = &r->stats;
	cfg.stop_kinds = r->stop_kinds;
	cfg.max_steps = r->max_steps;
	memset(fs, 0, sizeof *fs);
	struct sim_error err = { 0 };
	int rc = interp_launch(k->l.prog, (uint32_t)k->func, args, &m, &cfg, fs, &err);
	ck_assert_msg(rc == 0, "interp_launch: %d %s", rc, err.msg);
	mem_free(&m);
}

static const struct finding *find_kind(const struct findings *fs, enum finding_kind kind, int nth)
{
	for (uint32_t i = 0; i < fs->n; i++)
		if (fs->v[i].kind == kind && nth-- == 0)
			return &fs->v[i];
	return NULL;
}

static uint32_t count_kind(const struct findings *fs, enum finding_kind kind)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < fs->n; i++)
		n += fs->v[i].kind == kind;
	return n;
}

/* SUBCHK instructions in the whole program. */
static uint32_t subchks(const struct program *p)
{
	uint32_t n = 0;
	for (uint32_t f = 0; f < p->nfuncs; f++)
		for (uint32_t pc = 0; pc < p->funcs[f].ncode; pc++)
			n += p->funcs[f].code[pc].op == OP_SUBCHK;
	return n;
}

static uint32_t gvar_named(const struct program *p, const char *name)
{
	for (uint32_t i = 0; i < p->ngvars; i++)
		if (strcmp(p->gvars[i].demangled, name) == 0)
			return i;
	ck_abort_msg("no variable %s", name);
	return UINT32_MAX;
}

#define D2(x, y) ((struct dim3){ (x), (y), 1 })

/* ---- subscript checks --------------------------------------------------- */

static const char tile_src[] =
	"__global__ void tiles(float *out)\n"
	"{\n"
	"\t__shared__ float tile[16][16];\n"
	"\ttile[threadIdx.y][threadIdx.x] = threadIdx.x;\n"				/* 4 */
	"\t__syncthreads();\n"
	"\tout[threadIdx.y * blockDim.x + threadIdx.x] = tile[threadIdx.y][threadIdx.x];\n"
	"}\n";

static void check_tile(const char *olevel)
{
	struct ker k;
	load_cu(&k, tile_src, olevel, "tiles");
	const struct program *p = k.l.prog;
	ck_assert_uint_ge(subchks(p), 1);
	uint32_t tile = gvar_named(p, "tile");
	/* 32 x 8: threadIdx.x up to 31 indexes dimension 2 (extent 16) */
	struct run r = { { 1, 1, 1 }, D2(32, 8), 256, { 0 }, 0, 0, 0, { 0 } };
	struct findings fs;
	launch(&k, &r, &fs);
	ck_assert_uint_eq(count_kind(&fs, FK_OOB), 0);	/* the address stays inside */
	const struct finding *f = find_kind(&fs, FK_SUBSCRIPT, 0);
	ck_assert_msg(f != NULL, "%s: no subscript finding", olevel);
	ck_assert_uint_eq(f->dim, 2);
	ck_assert_uint_eq(f->extent, 16);
	ck_assert_int_eq(f->index, 16);		/* the first lane past it */
	ck_assert_uint_eq(f->who.thread[0], 16);
	ck_assert_uint_eq(f->who.thread[1], 0);
	ck_assert_uint_eq(f->var, tile);
	ck_assert_uint_eq(f->member, FINDING_NO_VAR);
	ck_assert_uint_eq(f->dep, DEP_TID_X);
	ck_assert_uint_eq(f->space, AS_SHARED);
	ck_assert_str_eq(f->where, "tile[16][16]");
	ck_assert_uint_eq(f->loc.line, 4);
	ck_assert_uint_eq(f->count, 16 * 8);	/* once per lane past it */
	findings_free(&fs);
	/* 16 x 16 fits */
	struct run r2 = { { 1, 1, 1 }, D2(16, 16), 256, { 0 }, 0, 0, 0, { 0 } };
	launch(&k, &r2, &fs);
	ck_assert_msg(fs.n == 0, "%s: %u findings on 16x16, first %s", olevel, fs.n,
		      fs.n ? finding_kind_id(fs.v[0].kind) : "");
	findings_free(&fs);
	load_free(&k.l);
}

START_TEST(subscript_tile_O0)
{
	check_tile("-O0");
}
END_TEST

START_TEST(subscript_tile_O3)
{
	check_tile("-O3");
}
END_TEST

START_TEST(subscript_local_2d)
{
	static const char src[] =
		"__global__ void loc(float *out)\n"
		"{\n"
		"\tfloat a[4][4];\n"
		"\tfor (int i = 0; i < 4; i++)\n"
		"\t\tfor (int j = 0; j < 4; j++)\n"
		"\t\t\ta[i][j] = i * 4 + j;\n"
		"\tout[threadIdx.x] = a[threadIdx.x % 4][threadIdx.x];\n"	/* 7 */
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "loc");
	/* the initialising loops are provably in range: one check is left */
	ck_assert_uint_eq(subchks(k.l.prog), 1);
	struct run r = { { 1, 1, 1 }, D2(4, 1), 64, { 0 }, 0, 0, 0, { 0 } };
	struct findings fs;
	launch(&k, &r, &fs);
	ck_assert_msg(fs.n == 0, "%u findings with 4 threads", fs.n);
	findings_free(&fs);
	r.block = D2(6, 1);
	launch(&k, &r, &fs);
	const struct finding *f = find_kind(&fs, FK_SUBSCRIPT, 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(f->space, AS_LOCAL);
	ck_assert_str_eq(f->where, "a[4][4]");
	ck_assert_uint_eq(f->var, FINDING_NO_VAR);
	ck_assert_uint_eq(f->dim, 2);
	ck_assert_uint_eq(f->extent, 4);
	ck_assert_int_eq(f->index, 4);
	ck_assert_uint_eq(f->count, 2);		/* threads 4 and 5 */
	ck_assert_uint_eq(f->loc.line, 7);
	/* a[1][4], a[1][5]: still inside a, so no out-of-bounds access */
	ck_assert_uint_eq(count_kind(&fs, FK_OOB), 0);
	findings_free(&fs);
	/* with 8 threads, a[3][7] leaves a: out of bounds, named as local */
	r.block = D2(8, 1);
	launch(&k, &r, &fs);
	f = find_kind(&fs, FK_OOB, 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(f->space, AS_LOCAL);
	ck_assert_str_eq(f->where, "a[4][3]");
	ck_assert_uint_eq(f->dim, 1);
	ck_assert_uint_eq(f->extent, 4);
	ck_assert_int_eq(f->index, 4);
	ck_assert_uint_eq(f->var, FINDING_NO_VAR);
	findings_free(&fs);
	load_free(&k.l);
}
END_TEST

START_TEST(subscript_struct_member)
{
	static const char src[] =
		"struct S { int n; float a[8]; int tail[4]; };\n"
		"__global__ void mem(float *out)\n"
		"{\n"
		"\t__shared__ struct S s;\n"
		"\ts.a[threadIdx.x] = 1.0f;\n"					/* 5 */
		"\t__syncthreads();\n"
		"\tout[threadIdx.x] = s.a[threadIdx.x];\n"
		"}\n";
	for (int o = 0; o < 2; o++) {
		struct ker k;
		load_cu(&k, src, o ? "-O3" : "-O0", "mem");
		struct run r = { { 1, 1, 1 }, D2(8, 1), 64, { 0 }, 0, 0, 0, { 0 } };
		struct findings fs;
		launch(&k, &r, &fs);
		ck_assert_msg(fs.n == 0, "%u findings with 8 threads", fs.n);
		findings_free(&fs);
		r.block = D2(10, 1);
		launch(&k, &r, &fs);
		const struct finding *f = find_kind(&fs, FK_SUBSCRIPT, 0);
		ck_assert_msg(f != NULL, "-O%d: no subscript finding", o * 3);
		ck_assert_uint_eq(f->member, 4);	/* a is at byte 4 of S */
		ck_assert_uint_eq(f->dim, 1);
		ck_assert_uint_eq(f->extent, 8);
		ck_assert_int_eq(f->index, 8);
		ck_assert_uint_eq(f->space, AS_SHARED);
		ck_assert_str_eq(f->where, "s");
		ck_assert_uint_eq(f->var, gvar_named(k.l.prog, "s"));
		ck_assert_uint_eq(f->loc.line, 5);
		ck_assert_uint_eq(count_kind(&fs, FK_OOB), 0);	/* s.tail holds them */
		findings_free(&fs);
		load_free(&k.l);
	}
}
END_TEST

START_TEST(subscript_not_through_pointers)
{
	/* a pointer parameter has no known shape, even typed as rows of 16 */
	static const char src[] =
		"__global__ void ptrs(float *out, float (*rows)[16], float *flat)\n"
		"{\n"
		"\trows[threadIdx.y][threadIdx.x] = 1.0f;\n"
		"\tflat[threadIdx.x] = 2.0f;\n"
		"\tout[threadIdx.x] = rows[0][threadIdx.x + 1];\n"
		"}\n";
	for (int o = 0; o < 2; o++) {
		struct ker k;
		load_cu(&k, src, o ? "-O3" : "-O0", "ptrs");
		ck_assert_uint_eq(subchks(k.l.prog), 0);
		load_free(&k.l);
	}
}
END_TEST

START_TEST(subscript_proven_in_range)
{
	/* j < 8 bounds the inner index; tx is checked once (As[ty][tx]) and
	** that check covers Bs[j][tx] in the loop it dominates */
	static const char src[] =
		"__global__ void mm(float *out)\n"
		"{\n"
		"\t__shared__ float As[8][8], Bs[8][8];\n"
		"\tint tx = threadIdx.x, ty = threadIdx.y;\n"
		"\tAs[ty][tx] = tx;\n"
		"\tBs[ty][tx] = ty;\n"
		"\t__syncthreads();\n"
		"\tfloat sum = 0;\n"
		"\tfor (int j = 0; j < 8; j++)\n"
		"\t\tsum += As[ty][j] * Bs[j][tx];\n"
		"\tout[ty * 8 + tx] = sum;\n"
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "mm");
	ck_assert_uint_eq(subchks(k.l.prog), 1);
	struct run r = { { 1, 1, 1 }, D2(16, 4), 256, { 0 }, 0, 0, 0, { 0 } };
	struct findings fs;
	launch(&k, &r, &fs);
	const struct finding *f = find_kind(&fs, FK_SUBSCRIPT, 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(f->loc.line, 5);
	ck_assert_uint_eq(f->extent, 8);
	ck_assert_uint_eq(count_kind(&fs, FK_SUBSCRIPT), 1);
	findings_free(&fs);
	load_free(&k.l);
}
END_TEST

START_TEST(subscript_lanes)
{
	/* i32 indices (the 32-bit lane test), negative ones, and a partial
	** mask under divergence */
	static const char ll[] =
		"target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
		"target triple = \"nvptx64-nvidia-cuda\"\n"
		"declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"@t = internal addrspace(3) global [4 x [8 x i32]] undef\n"
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %j = sub i32 %tid, 2\n"
		"  %p = getelementptr [4 x [8 x i32]], ptr addrspace(3) @t, i32 0, i32 1, i32 %j\n"
		"  store i32 1, ptr addrspace(3) %p\n"
		"  %c = icmp ult i32 %tid, 16\n"
		"  br i1 %c, label %a, label %b\n"
		"a:\n"
		"  %q = getelementptr [4 x [8 x i32]], ptr addrspace(3) @t, i32 0, i32 2, i32 %tid\n"
		"  store i32 2, ptr addrspace(3) %q\n"
		"  br label %b\n"
		"b:\n"
		"  ret void\n}\n"
		"!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n";
	char *path = tu_tmpfile(ll, strlen(ll));
	struct load_options opt = { 0 };
	struct sim_error err = { 0 };
	struct ker k;
	int rc = load_file(path, &opt, &k.l, &err);
	unlink(path);
	free(path);
	ck_assert_msg(rc == 0, "load_file: %s", err.msg);
	k.func = k.l.kernels[0].func;
	ck_assert_int_ge(k.func, 0);
	ck_assert_uint_eq(subchks(k.l.prog), 2);
	struct run r = { { 1, 1, 1 }, D2(32, 1), 4, { 0 }, 0, 0, 0, { 0 } };
	struct findings fs;
	launch(&k, &r, &fs);
	const struct finding *f = find_kind(&fs, FK_SUBSCRIPT, 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(f->index, -2);		/* lane 0 */
	ck_assert_uint_eq(f->count, 2 + 22);	/* j = -2, -1 and 8 .. 29 */
	ck_assert_uint_eq(f->extent, 8);
	ck_assert_uint_eq(f->dim, 2);
	f = find_kind(&fs, FK_SUBSCRIPT, 1);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(f->index, 8);		/* lanes 8 .. 15 of the 16 that ran */
	ck_assert_uint_eq(f->count, 8);
	f = find_kind(&fs, FK_OOB, 0);		/* t[1][24 ..]: past t itself */
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(f->count, 6);
	ck_assert_uint_eq(f->dim, 1);
	ck_assert_uint_eq(f->extent, 4);
	ck_assert_int_eq(f->index, 4);
	findings_free(&fs);
	/* 8 threads: only j = -2, -1 */
	r.block = D2(8, 1);
	launch(&k, &r, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_uint_eq(fs.v[0].count, 2);
	findings_free(&fs);
	load_free(&k.l);
}
END_TEST

/* ---- dependence masks ---------------------------------------------------- */

/* The union of the masks of the sites of KIND on source line LINE (at
** least one must exist). */
static uint16_t site_dep(const struct program *p, uint32_t line, int kind)
{
	uint16_t m = 0;
	int found = 0;
	for (uint32_t i = 0; i < p->nsites; i++)
		if (p->sites[i].loc.line == line && p->sites[i].kind == kind) {
			m |= p->sites[i].dep;
			found = 1;
		}
	ck_assert_msg(found, "no site of kind %d on line %u", kind, line);
	return m;
}

/* The union of the parameter masks (struct site params) of the sites of
** KIND on source line LINE. */
static uint64_t site_params(const struct program *p, uint32_t line, int kind)
{
	uint64_t m = 0;
	for (uint32_t i = 0; i < p->nsites; i++)
		if (p->sites[i].loc.line == line && p->sites[i].kind == kind)
			m |= p->sites[i].params;
	return m;
}

static const char deps_src[] =
	"__global__ void deps(int *out, const int *in, int n)\n"
	"{\n"
	"\t__shared__ int part[256], s[1024];\n"
	"\tpart[threadIdx.x] = 1;\n"						/* 4 */
	"\ts[threadIdx.x + blockDim.x] = 2;\n"					/* 5 */
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\ts[in[i] & 1023] = 3;\n"						/* 7 */
	"\tfor (int k = 0; k < blockDim.x; k++)\n"
	"\t\ts[k] = 4;\n"							/* 9 */
	"\ts[n - 1] = 5;\n"							/* 10 */
	"\tout[i] = part[threadIdx.y];\n"					/* 11 */
	"\tfor (int k = threadIdx.x * 2; k < 1024; k += 64)\n"
	"\t\ts[k] = threadIdx.z;\n"						/* 13 */
	"\tout[i] += s[threadIdx.x];\n"	/* s is read: -O3 keeps its stores */
	"}\n";

static void check_deps(const char *olevel)
{
	struct ker k;
	load_cu(&k, deps_src, olevel, "deps");
	const struct program *p = k.l.prog;
	ck_assert_uint_eq(site_dep(p, 4, SITE_STORE), DEP_TID_X);
	ck_assert_uint_eq(site_dep(p, 5, SITE_STORE), DEP_TID_X | DEP_NTID_X);
	uint16_t m = site_dep(p, 7, SITE_STORE);
	ck_assert_msg((m & DEP_DATA) && (m & DEP_TID_X), "s[in[i]]: %#x", m);
	/* the address of in[i] itself */
	ck_assert_uint_eq(site_dep(p, 7, SITE_LOAD), DEP_TID_X | DEP_NTID_X | DEP_CTAID_X);
	/* k runs up to blockDim.x: the loop's exit bounds it */
	ck_assert_uint_eq(site_dep(p, 9, SITE_STORE), DEP_NTID_X);
	ck_assert_uint_eq(site_dep(p, 10, SITE_STORE), DEP_PARAM);
	/* which parameter: n, the third */
	ck_assert_uint_eq(site_params(p, 10, SITE_STORE), 1u << 2);
	ck_assert_uint_eq(site_params(p, 5, SITE_STORE), 0);
	ck_assert_uint_eq(site_dep(p, 11, SITE_LOAD), DEP_TID_Y);
	/* a constant bound adds nothing to k = 2 * threadIdx.x + 64 j */
	ck_assert_uint_eq(site_dep(p, 13, SITE_STORE), DEP_TID_X);
	char buf[128];
	ck_assert_str_eq(prog_dep_print(DEP_TID_X | DEP_NTID_X, buf, sizeof buf),
			 "threadIdx.x, blockDim.x");
	ck_assert_str_eq(prog_dep_print(0, buf, sizeof buf), "nothing");
	ck_assert_str_eq(prog_dep_print(DEP_PARAM | DEP_DATA, buf, sizeof buf), "a parameter, memory");
	load_free(&k.l);
}

START_TEST(deps_O0)
{
	check_deps("-O0");
}
END_TEST

START_TEST(deps_O3)
{
	check_deps("-O3");
}
END_TEST

START_TEST(deps_oob_finding)
{
	/* "assumes blockDim.x <= 256: shared 'part[256]' is indexed by
	** threadIdx.x": what the out-of-bounds finding carries */
	static const char src[] =
		"__global__ void sum_rows(float *out)\n"
		"{\n"
		"\t__shared__ float part[256];\n"
		"\tpart[threadIdx.x] = threadIdx.x;\n"				/* 4 */
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0) out[blockIdx.x] = part[0];\n"
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "sum_rows");
	struct run r = { { 1, 1, 1 }, D2(320, 1), 64, { 0 }, 0, 0, 0, { 0 } };
	struct findings fs;
	launch(&k, &r, &fs);
	const struct finding *f = find_kind(&fs, FK_OOB, 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(f->loc.line, 4);
	ck_assert_uint_eq(f->dep, DEP_TID_X);
	ck_assert_uint_eq(f->var, gvar_named(k.l.prog, "part"));
	ck_assert_uint_eq(f->dim, 1);
	ck_assert_uint_eq(f->extent, 256);
	ck_assert_int_eq(f->index, 256);
	ck_assert_uint_eq(f->count, 64);
	findings_free(&fs);
	load_free(&k.l);
}
END_TEST

START_TEST(deps_device_function)
{
	/* a device function's parameters take what its callers pass */
	static const char src[] =
		"__device__ __noinline__ void put(int *s, int at) { s[at] = 1; }\n"	/* 1 */
		"__global__ void callers(int *out, int n)\n"
		"{\n"
		"\t__shared__ int s[512];\n"
		"\tput(s, threadIdx.x);\n"
		"\tput(s, n);\n"
		"\tout[threadIdx.x] = s[threadIdx.x];\n"
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "callers");
	ck_assert_uint_eq(site_dep(k.l.prog, 1, SITE_STORE), DEP_TID_X | DEP_PARAM);
	ck_assert_uint_eq(site_params(k.l.prog, 1, SITE_STORE), 1u << 1);
	ck_assert_uint_eq(k.l.prog->funcs[k.func].guards, 0);
	load_free(&k.l);
}
END_TEST

START_TEST(deps_call_results)
{
	/* at -O0 a call stays a call: what it returns, and what a
	** constructor stores into the caller's object, depend on what this
	** call passes (not on every caller's), field by field, and memory
	** behind a pointer into the caller's globals is memory; a branch on a
	** value read from memory checks no coordinate */
	static const char src[] =
		"struct pt { int x, y; __device__ pt(int a, int b) : x(a), y(b) {} };\n"	/* 1 */
		"__device__ int first(const pt &q) { return q.x; }\n"
		"__device__ int lane() { return threadIdx.x & 31; }\n"
		"__device__ float get(const float *p, int i) { return p[i]; }\n"
		"__global__ void summ(float *out, const float *in, int n)\n"		/* 5 */
		"{\n"
		"\tpt a(threadIdx.x, n), b(blockIdx.y, 7);\n"
		"\tout[first(a)] = 1.0f;\n"						/* 8 */
		"\tout[first(b) * n + lane()] = 2.0f;\n"				/* 9 */
		"\tout[(int)get(in, threadIdx.x)] = 3.0f;\n"				/* 10 */
		"\tif (lane() < n)\n"
		"\t\tout[blockIdx.x] = 4.0f;\n"
		"\tif (in[blockIdx.y * n] > 0.5f)\n"
		"\t\tout[0] = 5.0f;\n"
		"\tout[a.y] = 6.0f;\n"							/* 15 */
		"\tint v = 0, *pv[1] = { &v };\n"
		"\t*pv[0] = (int)in[1];\n"
		"\tout[v] = 7.0f;\n"								/* 18 */
		"\tint w = 0;\n"
		"\tauto set = [&](int k) { w = k; };\n"
		"\tset((int)in[2]);\n"
		"\tout[w] = 8.0f;\n"								/* 22 */
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "summ");
	const struct program *p = k.l.prog;
	ck_assert_uint_eq(site_dep(p, 8, SITE_STORE), DEP_TID_X | DEP_PARAM);
	ck_assert_uint_eq(site_dep(p, 9, SITE_STORE), DEP_CTAID_Y | DEP_TID_X | DEP_PARAM);
	ck_assert_uint_eq(site_params(p, 9, SITE_STORE), 1u << 2);
	ck_assert_uint_eq(site_dep(p, 10, SITE_STORE), DEP_TID_X | DEP_DATA);
	/* a's second field holds n alone: fields are apart */
	ck_assert_uint_eq(site_dep(p, 15, SITE_STORE), DEP_PARAM);
	/* a local whose address is kept in memory (a pointer array, a
	** lambda's capture by reference) is written where it is not seen */
	ck_assert(site_dep(p, 18, SITE_STORE) & DEP_DATA);
	ck_assert(site_dep(p, 22, SITE_STORE) & DEP_DATA);
	const struct func *f = &p->funcs[k.func];
	ck_assert_uint_eq(f->guard_at[0], 1u << 2);
	ck_assert_uint_eq(f->guard_at[4], 0);
	ck_assert_uint_eq(f->guards, 1u << 2);
	load_free(&k.l);
}
END_TEST

/* The union of the buffer masks (struct site bufs) of the sites of KIND
** on source line LINE. */
static uint64_t site_bufs(const struct program *p, uint32_t line, int kind)
{
	uint64_t m = 0;
	for (uint32_t i = 0; i < p->nsites; i++)
		if (p->sites[i].loc.line == line && p->sites[i].kind == kind)
			m |= p->sites[i].bufs;
	return m;
}

static const char bufs_src[] =
	"struct node { int start, count; };\n"
	"__global__ void csr(const float *val, const int *rows, const int *idx,\n"
	"\t\t    const node *nodes, const int *edges, float *out, int n)\n"
	"{\n"
	"\tint r = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (r >= n)\n"
	"\t\treturn;\n"
	"\tfloat t = 0;\n"
	"\tfor (int j = rows[r]; j < rows[r + 1]; j++)\n"			/* 9 */
	"\t\tt += val[j];\n"							/* 10 */
	"\tout[r] = t + val[idx[r] * 2 + 1];\n"				/* 11 */
	"\tfor (int i = nodes[r].start; i < nodes[r].start + nodes[r].count; i++)\n"	/* 12 */
	"\t\tout[edges[i]] += 1;\n"						/* 13 */
	"}\n";

static void check_bufs(const char *olevel)
{
	struct ker k;
	load_cu(&k, bufs_src, olevel, "csr");
	const struct program *p = k.l.prog;
	/* rows[r] itself: no loaded value */
	ck_assert_uint_eq(site_bufs(p, 9, SITE_LOAD), 0);
	/* j runs from rows' values to rows' values */
	ck_assert_uint_eq(site_bufs(p, 10, SITE_LOAD), 1u << 1);
	/* through arithmetic: idx */
	ck_assert_uint_eq(site_bufs(p, 11, SITE_LOAD), 1u << 2);
	/* a struct array's fields bound the loop (edges[i]); the edge's
	** value indexes out (the load of out[...] too) */
	ck_assert_uint_eq(site_bufs(p, 13, SITE_LOAD), (1u << 3) | (1u << 4));
	ck_assert_uint_eq(site_bufs(p, 13, SITE_STORE), (1u << 3) | (1u << 4));
	/* the guard r < n bounds nothing loaded */
	ck_assert_uint_eq(site_bufs(p, 12, SITE_LOAD), 0);
	load_free(&k.l);
}

START_TEST(deps_bufs_O0)
{
	check_bufs("-O0");
}
END_TEST

START_TEST(deps_bufs_O3)
{
	check_bufs("-O3");
}
END_TEST

static const char staged_src[] =
	"__global__ void staged(const int *queue, const int *order, int *level, int *seen, int n)\n"
	"{\n"
	"\t__shared__ int q[128];\n"
	"\textern __shared__ int seg[];\n"
	"\tint *p = seg + 4;\n"
	"\tint t = threadIdx.x, tmp[8];\n"
	"\tq[t] = queue[t];\n"							/* 7 */
	"\tp[t] = t * 2;\n"							/* 8 */
	"\tfor (int k = 0; k < 8; k++)\n"
	"\t\ttmp[k] = order[t * 8 + k];\n"					/* 10 */
	"\t__syncthreads();\n"
	"\tlevel[q[t]] = 1;\n"							/* 12 */
	"\tlevel[p[(t + 1) % 128]] = 2;\n"					/* 13 */
	"\tseen[tmp[(t + n) & 7]] = 3;\n"					/* 14 */
	"}\n";

static void check_staged(const char *olevel)
{
	struct ker k;
	load_cu(&k, staged_src, olevel, "staged");
	const struct program *p = k.l.prog;
	/* a queue staged in a static shared array, then used as indices */
	ck_assert_uint_eq(site_bufs(p, 12, SITE_STORE), 1u << 0);
	/* the dynamic segment, through a pointer into it, holds what the
	** kernel computed from no buffer: nothing */
	ck_assert_uint_eq(site_bufs(p, 13, SITE_STORE), 0);
	ck_assert_uint_eq(site_bufs(p, 13, SITE_LOAD), 0);
	/* a local array of values read from order */
	ck_assert_uint_eq(site_bufs(p, 14, SITE_STORE), 1u << 1);
	/* the staging itself indexes by the thread alone */
	ck_assert_uint_eq(site_bufs(p, 7, SITE_STORE), 0);
	load_free(&k.l);
}

START_TEST(deps_bufs_staged_O0)
{
	check_staged("-O0");
}
END_TEST

START_TEST(deps_bufs_staged_O3)
{
	check_staged("-O3");
}
END_TEST

static const char guard_src[] =
	"__global__ void guarded(int *dst, const int *src, const int *len, const int *flag,\n"
	"\t\t\tint *out, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < *len)\n"
	"\t\tdst[i] = src[i];\n"						/* 6 */
	"\tif (flag[0])\n"
	"\t\tout[i] = 1;\n"							/* 8 */
	"\tif (i < n && flag[1] > i)\n"
	"\t\tout[i + 1] = 2;\n"							/* 10 */
	"\tif (i >= len[1])\n"
	"\t\treturn;\n"
	"\tout[i + n] = 3;\n"							/* 13 */
	"}\n";

static void check_guard(const char *olevel)
{
	struct ker k;
	load_cu(&k, guard_src, olevel, "guarded");
	const struct program *p = k.l.prog;
	/* the index checked against a count read from len */
	ck_assert_uint_eq(site_bufs(p, 6, SITE_STORE), 1u << 2);
	ck_assert_uint_eq(site_bufs(p, 6, SITE_LOAD), 1u << 2);
	/* a flag bounds no index: a missing guard stays the kernel's */
	ck_assert_uint_eq(site_bufs(p, 8, SITE_STORE), 0);
	/* flag[1] > i bounds i too (the other operand order, under &&) */
	ck_assert_uint_eq(site_bufs(p, 10, SITE_STORE), 1u << 3);
	/* an early return on the count: what follows is bounded by it */
	ck_assert_uint_eq(site_bufs(p, 13, SITE_STORE), 1u << 2);
	load_free(&k.l);
}

START_TEST(deps_bufs_guard_O0)
{
	check_guard("-O0");
}
END_TEST

START_TEST(deps_bufs_guard_O3)
{
	check_guard("-O3");
}
END_TEST

START_TEST(deps_guards)
{
	/* the branch compares the thread's index with k and n: both are
	** guards; m only scales the value stored */
	static const char src[] =
		"__global__ void shift(float *a, int n, int k, int m)\n"
		"{\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tif (i + k < n)\n"
		"\t\ta[i] = a[i + k] * m;\n"
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "shift");
	ck_assert_uint_eq(k.l.prog->funcs[k.func].guards, (1u << 1) | (1u << 2));
	/* n alone is set against a coordinate: a count; k is an offset */
	ck_assert_uint_eq(k.l.prog->funcs[k.func].counts, 1u << 1);
	load_free(&k.l);
}
END_TEST

START_TEST(deps_guard_at)
{
	/* per coordinate: t against T reads blockIdx.x and threadIdx.x, h
	** against nh blockIdx.y, the loop over a head's C / nh channels
	** threadIdx.y; nothing compares blockIdx.z (rule 7's relations ask
	** their own coordinates) */
	static const char src[] =
		"__global__ void heads(float *io, int T, int C, int nh)\n"
		"{\n"
		"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tint h = blockIdx.y, b = blockIdx.z;\n"
		"\tif (t >= T)\n"
		"\t\treturn;\n"
		"\tif (h >= nh)\n"
		"\t\treturn;\n"
		"\tfor (int i = threadIdx.y; i < C / nh; i += blockDim.y)\n"
		"\t\tio[((b * nh + h) * T + t) * C + i] *= 2.0f;\n"
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "heads");
	const struct func *f = &k.l.prog->funcs[k.func];
	ck_assert_uint_eq(f->guard_at[0], 1u << 1);
	ck_assert_uint_eq(f->guard_at[3], 1u << 1);
	ck_assert_uint_eq(f->guard_at[4], 1u << 3);
	ck_assert_uint_eq(f->guard_at[1], (1u << 2) | (1u << 3));
	ck_assert_uint_eq(f->guard_at[2], 0);
	ck_assert_uint_eq(f->guard_at[5], 0);
	ck_assert_uint_eq(f->guards, (1u << 1) | (1u << 2) | (1u << 3));
	load_free(&k.l);
}
END_TEST

START_TEST(deps_own_sregs)
{
	/* cooperative groups' dim3s read every coordinate, inlined into the
	** kernel at -O0: only x is the kernel's own reading (rule 10) */
	static const char src[] =
		"#include <cooperative_groups.h>\n"
		"namespace cg = cooperative_groups;\n"
		"__global__ void scale(float *x, int n)\n"
		"{\n"
		"\tcg::thread_block b = cg::this_thread_block();\n"
		"\tint i = b.group_index().x * b.group_dim().x + b.thread_index().x;\n"
		"\tif (i < n && threadIdx.x < 1024)\n"
		"\t\tx[i] *= 2.0f;\n"
		"}\n";
	char *bc = tu_compile_cu_real(src, "-O0");
	if (bc == NULL) {
		printf("deps own_sregs: skipped: no CUDA toolkit\n");
		return;
	}
	struct ker k;
	k.func = tu_load_kernel(bc, "scale", &k.l);
	unlink(bc);
	free(bc);
	uint64_t own = k.l.prog->funcs[k.func].own_sregs;
	ck_assert(own & UINT64_C(1) << SREG_TID_X);
	ck_assert(!(own & (UINT64_C(1) << SREG_TID_Y | UINT64_C(1) << SREG_TID_Z
			   | UINT64_C(1) << SREG_CTAID_Y | UINT64_C(1) << SREG_NTID_Z)));
	load_free(&k.l);
}
END_TEST

START_TEST(deps_linear_widths)
{
	/* rule 15: tx + ty * 16 by a shift, tx + 16 * ty + 128 * tz through a
	** phi with 0 on one arm (cub's `dim == 1 ? 0 : ...`); a product of
	** two coordinates and blockDim's stride are no constant width */
	static const char src[] =
		"__global__ void number(int *out, int rows)\n"
		"{\n"
		"\tint a = threadIdx.x + (threadIdx.y << 4);\n"
		"\tint z = rows == 1 ? 0 : threadIdx.z * 16 * 8;\n"
		"\tint b = z + threadIdx.y * 16 + threadIdx.x;\n"
		"\tint c = threadIdx.x + threadIdx.y * threadIdx.y;\n"
		"\tint d = threadIdx.x + threadIdx.y * blockDim.x;\n"
		"\tout[a] = b + c + d;\n"
		"}\n"
		"__global__ void flat(int *out)\n"
		"{\n"
		"\tout[threadIdx.y * blockDim.x + threadIdx.x] = 1;\n"
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "number");
	ck_assert_uint_eq(k.l.prog->funcs[k.func].lin_width, 16);
	ck_assert_uint_eq(k.l.prog->funcs[k.func].lin_rows, 8);
	load_free(&k.l);
	load_cu(&k, src, "-O0", "flat");
	ck_assert_uint_eq(k.l.prog->funcs[k.func].lin_width, 0);
	ck_assert_uint_eq(k.l.prog->funcs[k.func].lin_rows, 0);
	load_free(&k.l);
}
END_TEST

/* ---- early stop ------------------------------------------------------------ */

static const char stop_src[] =
	"#include <assert.h>\n"
	"__global__ void stopper(int *out, int n)\n"
	"{\n"
	"\tassert(blockIdx.x != 0 || threadIdx.x != 5);\n"
	"\tint acc = 0;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tacc += i ^ threadIdx.x;\n"
	"\tout[blockIdx.x * blockDim.x + threadIdx.x] = acc;\n"
	"}\n";

START_TEST(stop_on_assert)
{
	struct ker k;
	load_cu(&k, stop_src, "-O0", "stopper");
	struct findings fs;
	/* to the end: the failed assert, and every thread's long loop */
	struct run full = { { 4, 1, 1 }, D2(64, 1), 256, { 20000 }, 1, 0, 0, { 0 } };
	launch(&k, &full, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, FK_ASSERT);
	ck_assert_uint_eq(full.stats.stopped, 0);
	findings_free(&fs);
	/* stopped at the assert: block 0's first warp, before any loop */
	struct run st = full;
	memset(&st.stats, 0, sizeof st.stats);
	st.stop_kinds = 1u << FK_ASSERT;
	launch(&k, &st, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, FK_ASSERT);
	ck_assert_uint_eq(fs.v[0].count, 1);
	ck_assert_uint_eq(fs.v[0].who.thread[0], 5);
	ck_assert_uint_eq(st.stats.stopped, 1);
	ck_assert_uint_gt(st.stats.warp_insns, 0);
	ck_assert_uint_lt(st.stats.warp_insns * 1000, full.stats.warp_insns);
	ck_assert_uint_lt(st.stats.lane_insns * 1000, full.stats.lane_insns);
	ck_assert_uint_le(st.stats.lane_insns, 32 * st.stats.warp_insns);
	findings_free(&fs);
	/* a mask without FK_ASSERT changes nothing */
	struct run other = full;
	memset(&other.stats, 0, sizeof other.stats);
	other.stop_kinds = 1u << FK_TRAP;
	launch(&k, &other, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_uint_eq(other.stats.stopped, 0);
	ck_assert_uint_eq(other.stats.warp_insns, full.stats.warp_insns);
	ck_assert_uint_eq(other.stats.lane_insns, full.stats.lane_insns);
	findings_free(&fs);
	load_free(&k.l);
}
END_TEST

START_TEST(stop_on_step_budget)
{
	static const char src[] =
		"__global__ void spin(int *out, int n)\n"
		"{\n"
		"\twhile (out[0] == 0)\n"
		"\t\tn++;\n"
		"\tout[1] = n;\n"
		"}\n";
	struct ker k;
	load_cu(&k, src, "-O0", "spin");
	struct findings fs;
	struct run r = { { 8, 1, 1 }, D2(64, 1), 4, { 0 }, 1, 0, 2000, { 0 } };
	launch(&k, &r, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, FK_STEP_BUDGET);
	ck_assert_uint_eq(fs.v[0].count, 16);	/* every warp of every block */
	uint64_t all = r.stats.warp_insns;
	findings_free(&fs);
	memset(&r.stats, 0, sizeof r.stats);
	r.stop_kinds = 1u << FK_STEP_BUDGET;
	launch(&k, &r, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_uint_eq(fs.v[0].count, 1);	/* the first warp only */
	ck_assert_uint_eq(r.stats.stopped, 1);
	/* the first warp's budget, and the turns its block's other warp took
	** meanwhile (docs/MODEL.md, "Forward progress"): no other block ran */
	ck_assert_uint_ge(r.stats.warp_insns * 16, all);
	ck_assert_uint_le(r.stats.warp_insns * 8, all);
	findings_free(&fs);
	load_free(&k.l);
}
END_TEST

Suite *deps_suite(void)
{
	Suite *s = suite_create("deps");
	TCase *tc = tcase_create("subscripts");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, subscript_tile_O0);
	tcase_add_test(tc, subscript_tile_O3);
	tcase_add_test(tc, subscript_local_2d);
	tcase_add_test(tc, subscript_struct_member);
	tcase_add_test(tc, subscript_not_through_pointers);
	tcase_add_test(tc, subscript_proven_in_range);
	tcase_add_test(tc, subscript_lanes);
	suite_add_tcase(s, tc);
	TCase *dc = tcase_create("deps");
	tcase_set_timeout(dc, 60);
	tcase_add_test(dc, deps_O0);
	tcase_add_test(dc, deps_O3);
	tcase_add_test(dc, deps_oob_finding);
	tcase_add_test(dc, deps_device_function);
	tcase_add_test(dc, deps_call_results);
	tcase_add_test(dc, deps_bufs_O0);
	tcase_add_test(dc, deps_bufs_O3);
	tcase_add_test(dc, deps_bufs_staged_O0);
	tcase_add_test(dc, deps_bufs_staged_O3);
	tcase_add_test(dc, deps_bufs_guard_O0);
	tcase_add_test(dc, deps_bufs_guard_O3);
	tcase_add_test(dc, deps_guards);
	tcase_add_test(dc, deps_guard_at);
	tcase_add_test(dc, deps_own_sregs);
	tcase_add_test(dc, deps_linear_widths);
	suite_add_tcase(s, dc);
	TCase *sc = tcase_create("stop");
	tcase_set_timeout(sc, 60);
	tcase_add_test(sc, stop_on_assert);
	tcase_add_test(sc, stop_on_step_budget);
	suite_add_tcase(s, sc);
	return s;
}
