/*
** check_params.c: what the lowering reads from a kernel's debug info about
** its parameters beyond their names: the enumerators of an enum parameter
** (plain, enum class with a narrow base, negative and sparse values,
** behind a typedef or const) and the source paths of a by-value struct's
** flattened fields (nested structs, arrays, base classes, enum fields;
** unions, bit-fields and padding unknown).  Without -g, at -O3 and with
** debug info that is not what it should be, nothing is known and nothing
** crashes.  Kernels are CUDA compiled at test time with the prelude.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evolve/params.h"
#include "front/compile.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "tests.h"

static void load_bc(struct loaded *l, const char *bc)
{
	struct load_options opt = { 0 };
	struct sim_error err = { 0 };
	int rc = load_file(bc, &opt, l, &err);
	ck_assert_msg(rc == 0, "load_file: %d %s", rc, err.msg);
}

/* The kernel NAME of L, lowered. */
static const struct func *kernel(const struct loaded *l, const char *name)
{
	int ki = load_find_kernel(l, name);
	ck_assert_msg(ki >= 0, "no kernel %s", name);
	ck_assert_msg(l->kernels[ki].func >= 0, "lowering failed: %s",
		      l->kernels[ki].error ? l->kernels[ki].error : "?");
	return &l->prog->funcs[l->kernels[ki].func];
}

static const struct param *param(const struct func *f, uint32_t i)
{
	ck_assert_uint_lt(i, f->nparams);
	return &f->params[i];
}

/* Asserts that V (N values) is WANT (NWANT values). */
static void expect_values(const char *what, const int64_t *v, uint32_t n, const int64_t *want,
			  uint32_t nwant)
{
	ck_assert_msg(n == nwant, "%s: %u values, expected %u", what, n, nwant);
	ck_assert_ptr_nonnull(v);
	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(v[i] == want[i], "%s: value %u is %lld, expected %lld", what, i,
			      (long long)v[i], (long long)want[i]);
}

#define EXPECT_ENUM(pa, ...) do { \
	static const int64_t want_[] = { __VA_ARGS__ }; \
	expect_values((pa)->name, (pa)->enums, (pa)->nenums, want_, \
		      (uint32_t)(sizeof want_ / sizeof want_[0])); \
} while (0)

static void expect_no_enum(const struct param *pa)
{
	ck_assert_msg(pa->nenums == 0 && pa->enums == NULL, "%s: %u enumerators", pa->name, pa->nenums);
}

/* Asserts that PA has a field at byte OFF named NAME (NULL: unknown); its
** index. */
static uint32_t expect_field(const struct param *pa, uint32_t off, const char *name)
{
	for (uint32_t j = 0; j < pa->nfields; j++) {
		if (pa->field_off[j] != off)
			continue;
		ck_assert_ptr_nonnull(pa->field_name);
		if (name == NULL)
			ck_assert_msg(pa->field_name[j] == NULL, "%s field at %u: '%s', expected unknown",
				      pa->name, off, pa->field_name[j]);
		else
			ck_assert_msg(pa->field_name[j] && strcmp(pa->field_name[j], name) == 0,
				      "%s field at %u: '%s', expected '%s'", pa->name, off,
				      pa->field_name[j] ? pa->field_name[j] : "(unknown)", name);
		return j;
	}
	ck_abort_msg("%s: no field at byte %u", pa->name, off);
	return 0;
}

static const char enums_cu[] =
	"enum Plain { A, B, C };\n"
	"enum class Small : unsigned char { X = 1, Y = 200, Z = 7 };\n"
	"enum Sparse { NEG = -5, ZERO = 0, BIG = 1000, AGAIN = 0, MID = 12 };\n"
	"typedef enum { TA = 3, TB = 7 } Tdef;\n"
	"enum class Wide : long long { LO = -9000000000LL, HI = 9000000000LL };\n"
	"__global__ void k(int *out, Plain p, Small s, Sparse sp, Tdef t, const Plain cp, Wide w,\n"
	"		  int n, bool b)\n"
	"{\n"
	"	out[threadIdx.x] = p + (int)s + sp + t + cp + (int)w + n + b;\n"
	"}\n";

static void check_enums(const struct func *f)
{
	expect_no_enum(param(f, 0));
	EXPECT_ENUM(param(f, 1), 0, 1, 2);
	EXPECT_ENUM(param(f, 2), 1, 7, 200);
	EXPECT_ENUM(param(f, 3), -5, 0, 12, 1000);
	EXPECT_ENUM(param(f, 4), 3, 7);
	EXPECT_ENUM(param(f, 5), 0, 1, 2);
	EXPECT_ENUM(param(f, 6), -9000000000LL, 9000000000LL);
	expect_no_enum(param(f, 7));
	expect_no_enum(param(f, 8));
	for (uint32_t i = 0; i < f->nparams; i++)
		ck_assert_ptr_null(f->params[i].field_name);
}

START_TEST(enum_params)
{
	char *bc = tu_compile_cu(enums_cu);
	struct loaded l;
	load_bc(&l, bc);
	const struct func *f = kernel(&l, "k");
	ck_assert_str_eq(param(f, 2)->name, "s");
	check_enums(f);
	load_free(&l);
	unlink(bc);
	free(bc);
}
END_TEST

static const char struct_cu[] =
	"enum Mode { M_A = 4, M_B = 2 };\n"
	"enum class Tiny : unsigned char { T0, T1 = 9 };\n"
	"struct Inner { int x; float y; };\n"
	"struct Base { int b; };\n"
	"union U { int i; float f; };\n"
	"struct S : Base {\n"
	"	int stride;\n"
	"	Inner inner;\n"
	"	int v[3];\n"
	"	Mode m;\n"
	"	Tiny t;\n"
	"	short grid[2][3];\n"
	"	Inner pair[2];\n"
	"	U u;\n"
	"	unsigned lo : 3, hi : 5;\n"
	"	struct { int anon; };\n"
	"	double *ptr;\n"
	"};\n"
	"typedef S Alias;\n"
	"__global__ void k(int *out, const Alias s, Inner in)\n"
	"{\n"
	"	out[threadIdx.x] = s.b + s.stride + s.inner.x + s.v[2] + s.m + (int)s.t + s.grid[1][2]\n"
	"		+ s.pair[1].x + s.u.i + s.lo + s.anon + (int)*s.ptr + in.x;\n"
	"}\n";

START_TEST(struct_fields)
{
	char *bc = tu_compile_cu(struct_cu);
	struct loaded l;
	load_bc(&l, bc);
	const struct func *f = kernel(&l, "k");
	const struct param *s = param(f, 1);
	ck_assert(s->byval);
	ck_assert_ptr_nonnull(s->field_name);
	ck_assert_ptr_nonnull(s->field_nenums);
	ck_assert_ptr_nonnull(s->field_enums);
	expect_field(s, 0, "b");
	expect_field(s, 4, "stride");
	expect_field(s, 8, "inner.x");
	expect_field(s, 12, "inner.y");
	expect_field(s, 16, "v[0]");
	expect_field(s, 24, "v[2]");
	uint32_t m = expect_field(s, 28, "m");
	expect_values("m", s->field_enums[m], s->field_nenums[m], (const int64_t[]){ 2, 4 }, 2);
	uint32_t t = expect_field(s, 32, "t");
	expect_values("t", s->field_enums[t], s->field_nenums[t], (const int64_t[]){ 0, 9 }, 2);
	expect_field(s, 34, "grid[0][0]");
	expect_field(s, 40, "grid[1][0]");
	expect_field(s, 44, "grid[1][2]");
	expect_field(s, 48, "pair[0].x");
	expect_field(s, 60, "pair[1].y");
	expect_field(s, 64, NULL);		/* the union */
	expect_field(s, 68, NULL);		/* the bit-fields' storage */
	expect_field(s, 72, "anon");
	expect_field(s, 80, "ptr");
	for (uint32_t j = 0; j < s->nfields; j++)
		if (j != m && j != t)
			ck_assert_msg(s->field_nenums[j] == 0 && s->field_enums[j] == NULL,
				      "field %u (%s) has enumerators", j,
				      s->field_name[j] ? s->field_name[j] : "?");
	const struct param *in = param(f, 2);
	expect_field(in, 0, "x");
	expect_field(in, 4, "y");
	ck_assert_ptr_null(in->field_enums);
	ck_assert_ptr_null(in->field_nenums);
	load_free(&l);
	unlink(bc);
	free(bc);
}
END_TEST

/* Without -g nothing is known (and names are positional). */
START_TEST(no_debug_info)
{
	const char *clang = tu_env("SIMULEE_CLANG");
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(clang != NULL && srcdir != NULL, "SIMULEE_CLANG/SIMULEE_SRCDIR unset");
	char prelude[4200], out[4200];
	snprintf(prelude, sizeof prelude, "%s/kernels/prelude/simulee_cuda.h", srcdir);
	char *src = tu_tmpfile(struct_cu, strlen(struct_cu));
	snprintf(out, sizeof out, "%s.bc", src);
	const char *argv[] = { clang, "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
			       "--cuda-gpu-arch=sm_70", "-include", prelude, "-emit-llvm", "-O0",
			       "-Xclang", "-disable-O0-optnone", "-c", src, "-o", out, NULL };
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, argv), 0);
	ck_assert_msg(r.status == 0, "clang failed: %s", r.err);
	tu_run_free(&r);
	struct loaded l;
	load_bc(&l, out);
	const struct func *f = kernel(&l, "k");
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		expect_no_enum(pa);
		ck_assert_ptr_null(pa->field_name);
		ck_assert_ptr_null(pa->field_nenums);
		ck_assert_ptr_null(pa->field_enums);
	}
	ck_assert_uint_gt(param(f, 1)->nfields, 10);
	load_free(&l);
	unlink(src);
	unlink(out);
	free(src);
}
END_TEST

/* Optimised: plain -g keeps line tables only (nothing known); with the
** variables kept, the dbg.value of each argument gives the same answers. */
START_TEST(optimised)
{
	char *bc = tu_compile_cu_opt(enums_cu, "-O3");
	struct loaded l;
	load_bc(&l, bc);
	const struct func *f = kernel(&l, "k");
	for (uint32_t i = 0; i < f->nparams; i++)
		expect_no_enum(param(f, i));
	load_free(&l);
	unlink(bc);
	free(bc);

	const char *clang = tu_env("SIMULEE_CLANG");
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(clang != NULL && srcdir != NULL, "SIMULEE_CLANG/SIMULEE_SRCDIR unset");
	char prelude[4200], out[4200];
	snprintf(prelude, sizeof prelude, "%s/kernels/prelude/simulee_cuda.h", srcdir);
	for (int which = 0; which < 2; which++) {
		const char *text = which ? struct_cu : enums_cu;
		char *src = tu_tmpfile(text, strlen(text));
		snprintf(out, sizeof out, "%s.bc", src);
		const char *argv[] = { clang, "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
				       "--cuda-gpu-arch=sm_70", "-include", prelude, "-emit-llvm", "-O3",
				       "-g", "-Xclang", "-debug-info-kind=constructor", "-c", src, "-o",
				       out, NULL };
		struct tu_run r;
		ck_assert_int_eq(tu_run(&r, argv), 0);
		ck_assert_msg(r.status == 0, "clang failed: %s", r.err);
		tu_run_free(&r);
		load_bc(&l, out);
		f = kernel(&l, "k");
		if (which == 0) {
			check_enums(f);
		} else {
			const struct param *s = param(f, 1);
			expect_field(s, 8, "inner.x");
			uint32_t m = expect_field(s, 28, "m");
			expect_values("m", s->field_enums[m], s->field_nenums[m], (const int64_t[]){ 2, 4 }, 2);
			expect_field(s, 44, "grid[1][2]");
		}
		load_free(&l);
		unlink(src);
		unlink(out);
		free(src);
	}
}
END_TEST

/* Debug info that is not what its place says: an enum with no
** enumerators, one wider than its parameter, an enumerator list holding
** something else, an enumerator past 8 bits for an 8-bit enum, a typedef
** cycle, a struct type for a scalar and a scalar type for a struct, a
** member whose offset lies outside the struct, an array with no subrange.
** Each is "unknown"; the kernel still loads. */
START_TEST(malformed)
{
	static const char ll[] =
		"target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
		"target triple = \"nvptx64-nvidia-cuda\"\n"
		"%struct.P = type { i32, [2 x i32] }\n"
		"define void @k(i32 %a, i32 %b, i32 %c, i8 %d, i32 %e, i32 %f, ptr byval(%struct.P) %g,\n"
		"               ptr byval(%struct.P) %h, ptr byval(%struct.P) %i) !dbg !5 {\n"
		"  call void @llvm.dbg.value(metadata i32 %a, metadata !11, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.value(metadata i32 %b, metadata !12, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.value(metadata i32 %c, metadata !13, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.value(metadata i8 %d, metadata !14, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.value(metadata i32 %e, metadata !15, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.value(metadata i32 %f, metadata !16, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.declare(metadata ptr %g, metadata !17, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.declare(metadata ptr %h, metadata !18, metadata !DIExpression()), !dbg !9\n"
		"  call void @llvm.dbg.declare(metadata ptr %i, metadata !19, metadata !DIExpression()), !dbg !9\n"
		"  ret void\n"
		"}\n"
		"declare void @llvm.dbg.value(metadata, metadata, metadata)\n"
		"declare void @llvm.dbg.declare(metadata, metadata, metadata)\n"
		"!llvm.dbg.cu = !{!0}\n"
		"!llvm.module.flags = !{!3}\n"
		"!nvvm.annotations = !{!4}\n"
		"!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: \"t\", "
		"isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
		"!1 = !DIFile(filename: \"k.cu\", directory: \"/tmp\")\n"
		"!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
		"!4 = !{ptr @k, !\"kernel\", i32 1}\n"
		"!5 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, line: 1, type: !6, "
		"scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)\n"
		"!6 = !DISubroutineType(types: !7)\n"
		"!7 = !{null}\n"
		"!8 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
		"!9 = !DILocation(line: 1, scope: !5)\n"
		"!11 = !DILocalVariable(name: \"a\", arg: 1, scope: !5, file: !1, line: 1, type: !30)\n"
		"!12 = !DILocalVariable(name: \"b\", arg: 2, scope: !5, file: !1, line: 1, type: !31)\n"
		"!13 = !DILocalVariable(name: \"c\", arg: 3, scope: !5, file: !1, line: 1, type: !32)\n"
		"!14 = !DILocalVariable(name: \"d\", arg: 4, scope: !5, file: !1, line: 1, type: !33)\n"
		"!15 = !DILocalVariable(name: \"e\", arg: 5, scope: !5, file: !1, line: 1, type: !34)\n"
		"!16 = !DILocalVariable(name: \"f\", arg: 6, scope: !5, file: !1, line: 1, type: !40)\n"
		"!17 = !DILocalVariable(name: \"g\", arg: 7, scope: !5, file: !1, line: 1, type: !8)\n"
		"!18 = !DILocalVariable(name: \"h\", arg: 8, scope: !5, file: !1, line: 1, type: !40)\n"
		"!19 = !DILocalVariable(name: \"i\", arg: 9, scope: !5, file: !1, line: 1, type: !50)\n"
		/* a: no elements */
		"!30 = !DICompositeType(tag: DW_TAG_enumeration_type, name: \"E0\", file: !1, size: 32, "
		"baseType: !8)\n"
		/* b: 64 bits wide for an i32 */
		"!31 = !DICompositeType(tag: DW_TAG_enumeration_type, name: \"E1\", file: !1, size: 64, "
		"baseType: !8, elements: !35)\n"
		/* c: the list holds a basic type */
		"!32 = !DICompositeType(tag: DW_TAG_enumeration_type, name: \"E2\", file: !1, size: 32, "
		"baseType: !8, elements: !{!8})\n"
		/* d: 300 does not fit 8 bits */
		"!33 = !DICompositeType(tag: DW_TAG_enumeration_type, name: \"E3\", file: !1, size: 8, "
		"elements: !{!36, !37})\n"
		/* e: a typedef cycle */
		"!34 = !DIDerivedType(tag: DW_TAG_typedef, name: \"T1\", baseType: !38)\n"
		"!38 = !DIDerivedType(tag: DW_TAG_typedef, name: \"T2\", baseType: !34)\n"
		"!35 = !{!36}\n"
		"!36 = !DIEnumerator(name: \"Q0\", value: 1)\n"
		"!37 = !DIEnumerator(name: \"Q1\", value: 300)\n"
		/* f, h: a struct (f: for a scalar) with one good member, one
		** outside it and an array with no subrange */
		"!40 = !DICompositeType(tag: DW_TAG_structure_type, name: \"P\", file: !1, size: 96, "
		"elements: !41)\n"
		"!41 = !{!42, !43, !44}\n"
		"!42 = !DIDerivedType(tag: DW_TAG_member, name: \"n\", scope: !40, baseType: !8, size: 32)\n"
		"!43 = !DIDerivedType(tag: DW_TAG_member, name: \"far\", scope: !40, baseType: !8, size: 32, "
		"offset: 4096)\n"
		"!44 = !DIDerivedType(tag: DW_TAG_member, name: \"arr\", scope: !40, baseType: !45, size: 64, "
		"offset: 32)\n"
		"!45 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 64, elements: !{})\n"
		/* i: a struct whose member's type is a cycle */
		"!50 = !DICompositeType(tag: DW_TAG_structure_type, name: \"Q\", file: !1, size: 96, "
		"elements: !{!51})\n"
		"!51 = !DIDerivedType(tag: DW_TAG_member, name: \"q\", scope: !50, baseType: !34, size: 32)\n";
	char *path = tu_tmpfile(ll, strlen(ll));
	struct loaded l;
	load_bc(&l, path);
	const struct func *f = kernel(&l, "k");
	for (uint32_t i = 0; i < 6; i++) {
		expect_no_enum(param(f, i));
		ck_assert_ptr_null(param(f, i)->field_name);
	}
	ck_assert_str_eq(param(f, 0)->name, "a");
	ck_assert_ptr_null(param(f, 6)->field_name);	/* an int for a struct */
	const struct param *h = param(f, 7);
	expect_field(h, 0, "n");
	expect_field(h, 4, NULL);
	expect_field(h, 8, NULL);
	const struct param *i = param(f, 8);
	expect_field(i, 0, NULL);
	ck_assert_ptr_null(i->field_enums);
	load_free(&l);
	unlink(path);
	free(path);
}
END_TEST

/* The contract corpus's enum and struct parameters, compiled as
** `simulee-c app.cu` compiles them (their host code needs the toolkit's
** headers). */
static const struct func *load_contract(struct loaded *l, struct compile_out *co, const char *file,
					const char *name)
{
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(srcdir != NULL, "SIMULEE_SRCDIR is not set");
	char datadir[4096], path[4096];
	snprintf(datadir, sizeof datadir, "%s/kernels", srcdir);
	snprintf(path, sizeof path, "%s/kernels/contracts/%s", srcdir, file);
	struct compile_opts o = { 0 };
	o.datadir = datadir;
	o.clang = tu_env("SIMULEE_CLANG");
	o.cuda_path = tu_env("SIMULEE_CUDA_PATH");
	struct sim_error err = { 0 };
	memset(co, 0, sizeof *co);
	int rc = compile_cu(&o, path, co, &err);
	ck_assert_msg(rc == 0 && co->device_bc != NULL, "compile_cu %s: %d %s", file, rc, err.msg);
	load_bc(l, co->device_bc);
	return kernel(l, name);
}

START_TEST(contracts)
{
	if (tu_env("SIMULEE_CUDA_PATH") == NULL) {
		printf("params contracts: skipped: no CUDA toolkit\n");
		return;
	}
	struct loaded l;
	struct compile_out co;
	const struct func *f = load_contract(&l, &co, "enum_mode_shift.cu", "transform");
	const struct param *mode = param(f, 3);
	ck_assert_str_eq(mode->name, "mode");
	EXPECT_ENUM(mode, 0, 1, 2);
	expect_no_enum(param(f, 2));
	expect_no_enum(param(f, 4));
	load_free(&l);
	compile_out_free(&co);

	f = load_contract(&l, &co, "params_struct_stride.cu", "decimate");
	const struct param *p = param(f, 2);
	ck_assert_str_eq(p->name, "p");
	ck_assert(p->byval);
	ck_assert_uint_eq(p->nfields, 3);
	expect_field(p, 0, "n");
	expect_field(p, 4, "stride");
	expect_field(p, 8, "scale");
	ck_assert_ptr_null(p->field_enums);
	load_free(&l);
	compile_out_free(&co);
}
END_TEST


/* A pin (the strings are never written). */
#define KV(n, v) { (char *)(n), (char *)(v) }

static const char ptrfields_cu[] =
	"struct Bufs { float *in; int *out; int n; };\n"
	"__global__ void k(Bufs b)\n"
	"{\n"
	"	int i = threadIdx.x;\n"
	"	if (i < b.n)\n"
	"		b.out[i] = (int)b.in[i];\n"
	"}\n";

/* A by-value struct's pointer fields get buffers as pointer parameters do:
** named "P.FIELD" or "P.J" by the pins, typed from debug info, and their
** addresses in the struct's param memory; --arg's 0 keeps one null, any
** other value for it is refused. */
START_TEST(struct_pointer_fields)
{
	char *bc = tu_compile_cu(ptrfields_cu);
	struct loaded l;
	load_bc(&l, bc);
	const struct func *f = kernel(&l, "k");
	const struct param *b = param(f, 0);
	ck_assert(b->byval);
	ck_assert_uint_eq(b->nfields, 3);
	ck_assert_ptr_nonnull(b->field_elem);
	ck_assert_int_eq(b->field_elem[0], ET_F32);
	ck_assert_int_eq(b->field_elem[1], ET_I32);
	ck_assert_uint_eq(params_nbufs(f), 3);
	ck_assert(params_known(f, "b.in") && params_known(f, "b.1") && params_known(f, "0.out"));
	ck_assert(!params_known(f, "b.n") && !params_known(f, "b.zz") && !params_known(f, "c.in"));
	char label[64];
	params_field_label(f, 0, 1, label, sizeof label);
	ck_assert_str_eq(label, "b.out");

	struct params_kv args[] = { KV("b", ",,3") }, sizes[] = { KV("b.in", "4") };
	struct params_kv inits[] = { KV("b.0", "iota") }, types[] = { KV("b.out", "u32") };
	struct params_pins pins = { .args = args, .sizes = sizes, .inits = inits, .types = types,
				    .nargs = 1, .nsizes = 1, .ninits = 1, .ntypes = 1 };
	struct mem m;
	mem_init(&m);
	uint64_t slots[4] = { 0 };
	struct params_buf *bufs = xcalloc(3, sizeof *bufs);
	struct sim_error err = { 0 };
	ck_assert_msg(params_setup(&pins, 1, f, &m, slots, bufs, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(bufs[0].param, -1);
	ck_assert_int_eq(bufs[1].param, 0);
	ck_assert_uint_eq(bufs[1].field, 1);
	ck_assert_str_eq(bufs[1].label, "b.in");
	ck_assert_int_eq(bufs[1].et, ET_F32);
	ck_assert_uint_eq(bufs[1].elems, 4);
	float want[4] = { 0, 1, 2, 3 };
	ck_assert_int_eq(memcmp(m.a[bufs[1].alloc].data, want, sizeof want), 0);
	ck_assert_uint_eq(bufs[2].field, 2);
	ck_assert_int_eq(bufs[2].et, ET_U32);
	ck_assert_uint_eq(bufs[2].elems, 0);	/* unsized: sparse */
	const uint8_t *img = m.a[MEM_ID(slots[0])].data;
	uint64_t in, out;
	int32_t n;
	memcpy(&in, img + b->field_off[0], 8);
	memcpy(&out, img + b->field_off[1], 8);
	memcpy(&n, img + b->field_off[2], 4);
	ck_assert_uint_eq(in, MEM_PTR(bufs[1].alloc, 0));
	ck_assert_uint_eq(out, MEM_PTR(bufs[2].alloc, 0));
	ck_assert_int_eq(n, 3);
	params_free_bufs(bufs, 3);
	mem_free(&m);

	/* 0: a null pointer, no buffer */
	struct params_kv null[] = { KV("b", "0,,3") };
	struct params_pins pn = { .args = null, .nargs = 1 };
	mem_init(&m);
	bufs = xcalloc(3, sizeof *bufs);
	ck_assert_msg(params_setup(&pn, 1, f, &m, slots, bufs, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(bufs[1].param, -1);
	ck_assert_int_eq(bufs[2].param, 0);
	memcpy(&in, m.a[MEM_ID(slots[0])].data + b->field_off[0], 8);
	ck_assert_uint_eq(in, 0);
	params_free_bufs(bufs, 3);
	mem_free(&m);

	/* any other value for a pointer field, or a null one given a size */
	struct params_kv bad[] = { KV("b", "5,,3") }, nsz[] = { KV("b.in", "4") };
	struct params_pins pb = { .args = bad, .nargs = 1 };
	mem_init(&m);
	bufs = xcalloc(3, sizeof *bufs);
	ck_assert_int_lt(params_setup(&pb, 1, f, &m, slots, bufs, &err), 0);
	ck_assert_msg(strstr(err.msg, "--arg b: field 0 '5' is a pointer") != NULL, "%s", err.msg);
	params_free_bufs(bufs, 3);
	mem_free(&m);
	struct params_pins pz = { .args = null, .nargs = 1, .sizes = nsz, .nsizes = 1 };
	mem_init(&m);
	bufs = xcalloc(3, sizeof *bufs);
	ck_assert_int_lt(params_setup(&pz, 1, f, &m, slots, bufs, &err), 0);
	ck_assert_msg(strstr(err.msg, "null pointer") != NULL, "%s", err.msg);
	params_free_bufs(bufs, 3);
	mem_free(&m);
	load_free(&l);
	unlink(bc);
	free(bc);
}
END_TEST

static const char byval_store_cu[] =
	"struct P { int x; int y; };\n"
	"__global__ void k(P p, P q, int *o)\n"
	"{\n"
	"	p.x = q.x + threadIdx.x;\n"
	"	o[threadIdx.x] = p.x + p.y;\n"
	"}\n";

/* A store into a by-value parameter writes the thread's own copy: no
** write to read-only param memory, no race between the threads' copies,
** and each thread reads back what it wrote (at -O0, where clang stores
** into the byval struct itself, and at -O2). */
START_TEST(byval_param_store)
{
	static const char *const olevels[] = KV("-O0", "-O2");
	for (int k = 0; k < 2; k++) {
		char *bc = k == 0 ? tu_compile_cu(byval_store_cu) : tu_compile_cu_opt(byval_store_cu, olevels[k]);
		const char *args[] = { bc, "--grid", "1", "--block", "64", "--arg", "1=10,0", "--arg", "0=0,5",
				       "--size", "2=64", "--dump", "2", NULL };
		struct tu_run r;
		tu_run_bin(&r, args);
		ck_assert_msg(r.status == 0, "%s: status %d: %s%s", olevels[k], r.status, r.out, r.err);
		ck_assert_msg(strstr(r.out, "read-only") == NULL && strstr(r.err, "read-only") == NULL,
			      "%s: %s%s", olevels[k], r.out, r.err);
		/* o[t] = 10 + t + 5 */
		ck_assert_msg(strncmp(r.out, "15\n16\n17\n", 9) == 0, "%s: %s", olevels[k], r.out);
		ck_assert_msg(strstr(r.out, "\n78\n") != NULL, "%s: %s", olevels[k], r.out);
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

static const char fnptr_cu[] =
	"__device__ int twice(int v) { return 2 * v; }\n"
	"__device__ int halve(int v) { return v / 2; }\n"
	"__device__ float other(float v) { return v; }\n"
	"typedef int (*unary)(int);\n"
	"__global__ void k(const unary f, int *o)\n"
	"{\n"
	"	assert(f == twice || f == halve);\n"
	"	o[threadIdx.x] = f(16);\n"
	"}\n"
	"__global__ void same_type(int *o) { o[0] = 1; }\n";

/* A function-pointer parameter's candidates are the module's device
** functions of its type (not a kernel, not another type); --arg names
** one, the first is the default, and the search draws only among them,
** so the assert holds in every launch it runs. */
START_TEST(function_pointer_params)
{
	char *bc = tu_compile_cu(fnptr_cu);
	struct loaded l;
	load_bc(&l, bc);
	const struct func *f = kernel(&l, "k");
	const struct param *fp = param(f, 0);
	ck_assert_uint_eq(fp->nfns, 2);
	ck_assert_str_eq(fp->fn_names[0], "twice");
	ck_assert_str_eq(fp->fn_names[1], "halve");
	ck_assert_int_eq(params_fn_pick(fp, NULL), 0);
	ck_assert_int_eq(params_fn_pick(fp, "halve"), 1);
	ck_assert_int_eq(params_fn_pick(fp, "other"), -1);
	ck_assert_uint_eq(param(f, 1)->nfns, 0);
	load_free(&l);

	const char *fixed[] = { bc, "--kernel", "k", "--block", "4", "--arg", "f=halve", "--size", "o=4",
				"--dump", "o", NULL };
	struct tu_run r;
	tu_run_bin(&r, fixed);
	ck_assert_msg(r.status == 0 && strcmp(r.out, "8\n8\n8\n8\n") == 0, "status %d: %s%s", r.status,
		      r.out, r.err);
	tu_run_free(&r);
	const char *bad[] = { bc, "--kernel", "k", "--block", "4", "--arg", "f=other", NULL };
	tu_run_bin(&r, bad);
	ck_assert_msg(r.status == 2 && strstr(r.err, "--arg f=other: no device function of its type")
		      != NULL, "status %d: %s", r.status, r.err);
	tu_run_free(&r);
	/* the search: no launch outside the contract for the assert */
	const char *search[] = { bc, "--kernel", "k", "--format=json", "--generations", "3", NULL };
	tu_run_bin(&r, search);
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *assert_out = tu_jat(doc, "kernels/0/search/outside_contract");
	ck_assert_msg(cJSON_IsNumber(assert_out) && assert_out->valuedouble == 0, "%s", r.out);
	ck_assert_msg(strstr(r.out, "\"twice\"") != NULL || strstr(r.out, "\"halve\"") != NULL, "%s", r.out);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

static const char inner_cu[] =
	"struct State { const float *table; int n; int *out; };\n"
	"__global__ void k(State *s, float **rows, float *plain)\n"
	"{\n"
	"	s->out[0] = (int)s->table[s->n] + (int)rows[1][2] + (int)plain[0];\n"
	"}\n";

/* A buffer whose elements hold pointers (debug info) gets pointers to
** buffers of its own: each element's, named after element 0's, one
** level deep; a sparse buffer's first PARAMS_INNER_SPARSE elements. */
START_TEST(pointer_buffers)
{
	char *bc = tu_compile_cu(inner_cu);
	struct loaded l;
	load_bc(&l, bc);
	const struct func *f = kernel(&l, "k");
	const struct param *st = param(f, 0), *rows = param(f, 1);
	ck_assert_uint_eq(st->ninner, 2);
	ck_assert_uint_eq(st->inner_stride, 24);
	ck_assert_uint_eq(st->inner_off[0], 0);
	ck_assert_uint_eq(st->inner_off[1], 16);
	ck_assert_int_eq(st->inner_elem[0], ET_F32);
	ck_assert_int_eq(st->inner_elem[1], ET_I32);
	ck_assert_str_eq(st->inner_name[1], "->out");
	ck_assert_uint_eq(rows->ninner, 1);
	ck_assert_uint_eq(rows->inner_stride, 8);
	ck_assert_int_eq(rows->elem, ET_U64);
	ck_assert_uint_eq(param(f, 2)->ninner, 0);

	struct params_kv sizes[] = { KV("s", "6") }, types[] = { KV("s", "u64") };
	struct params_pins pins = { .sizes = sizes, .nsizes = 1, .types = types, .ntypes = 1 };
	struct mem m;
	mem_init(&m);
	uint64_t slots[3] = { 0 };
	struct params_buf *bufs = xcalloc(3, sizeof *bufs);
	struct sim_error err = { 0 };
	ck_assert_msg(params_setup(&pins, 1, f, &m, slots, bufs, &err) == 0, "%s", err.msg);
	const uint8_t *sd = m.a[bufs[0].alloc].data;
	uint64_t offs[4] = { 0, 16, 24, 40 }, seen[4];
	for (int k = 0; k < 4; k++) {
		memcpy(&seen[k], sd + offs[k], 8);
		ck_assert_msg(MEM_ID(seen[k]) != 0 && MEM_OFF(seen[k]) == 0, "pointer %d: %llx", k,
			      (unsigned long long)seen[k]);
		ck_assert_str_eq(m.a[MEM_ID(seen[k])].name, k % 2 ? "s->out" : "s->table");
	}
	ck_assert_uint_ne(seen[0], seen[2]);	/* each element its own */
	enum mem_fault fault = MF_NONE;
	const uint8_t *r1 = mem_ptr(&m, MEM_PTR(bufs[1].alloc, 8), 8, 0, &fault);
	ck_assert_ptr_nonnull(r1);
	uint64_t row;
	memcpy(&row, r1, 8);
	ck_assert_str_eq(m.a[MEM_ID(row)].name, "*rows");
	ck_assert_int_eq(m.a[MEM_ID(row)].elem, ET_F32);
	params_free_bufs(bufs, 3);
	mem_free(&m);
	load_free(&l);
	unlink(bc);
	free(bc);
}
END_TEST

Suite *params_suite(void)
{
	Suite *s = suite_create("params");
	TCase *tc = tcase_create("params");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, enum_params);
	tcase_add_test(tc, struct_fields);
	tcase_add_test(tc, no_debug_info);
	tcase_add_test(tc, optimised);
	tcase_add_test(tc, malformed);
	tcase_add_test(tc, contracts);
	tcase_add_test(tc, struct_pointer_fields);
	tcase_add_test(tc, byval_param_store);
	tcase_add_test(tc, function_pointer_params);
	tcase_add_test(tc, pointer_buffers);
	suite_add_tcase(s, tc);
	return s;
}
