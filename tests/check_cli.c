/*
** check_cli.c: the simulee-c program from the outside: exit status and the
** one-line message for each kind of bad input, the informational options,
** a run with --dump, and the findings of small kernels compiled at test time.
*/
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "kernels/replay/compare.h"
#include "src/options.h"

#include "tests.h"

#define MAXARGS TU_MAX_ARGS

/* Asserts the run exited with STATUS and its stderr contains every
** non-NULL one of NEEDLE1, NEEDLE2. */
static void expect(const struct tu_run *r, int status, const char *needle1,
		   const char *needle2)
{
	ck_assert_msg(r->status == status, "exit status %d, expected %d; stderr: %s",
		      r->status, status, r->err);
	if (needle1 != NULL)
		ck_assert_msg(strstr(r->err, needle1) != NULL,
			      "stderr lacks '%s': %s", needle1, r->err);
	if (needle2 != NULL)
		ck_assert_msg(strstr(r->err, needle2) != NULL,
			      "stderr lacks '%s': %s", needle2, r->err);
}

/* Asserts NEEDLE is in stdout or stderr of the run. */
static void expect_output(const struct tu_run *r, const char *needle)
{
	ck_assert_msg(strstr(r->out, needle) != NULL || strstr(r->err, needle) != NULL,
		      "output lacks '%s'; stdout: %s; stderr: %s", needle, r->out, r->err);
}

/* Runs simulee-c with ARGS (NULL-terminated), expecting exit STATUS and
** every line of WANT (NULL-terminated) in its output. */
static void run_expect(const char *const *args, int status, const char *const *want)
{
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(r.status == status, "status %d: %s%s", r.status, r.out, r.err);
	for (; *want != NULL; want++)
		expect_output(&r, *want);
	tu_run_free(&r);
}

static char *write_tmp(const char *text)
{
	return tu_tmpfile(text, strlen(text));
}

/* Runs simulee-c on FILE with one extra option list, expecting a usage or
** input error (status 2) whose message contains NEEDLE. */
static void bad_input(const char *file, const char *const *extra, const char *needle,
		      const char *needle2)
{
	const char *args[MAXARGS];
	int n = 0;
	args[n++] = file;
	for (int i = 0; extra != NULL && extra[i] != NULL; i++)
		args[n++] = extra[i];
	args[n] = NULL;
	struct tu_run r;
	tu_run_bin(&r, args);
	expect(&r, 2, needle, needle2);
	tu_run_free(&r);
}

START_TEST(missing_file)
{
	const char *path = "/nonexistent/simulee-no-such.bc";
	bad_input(path, NULL, path, "No such file");
}
END_TEST

START_TEST(empty_file)
{
	char *path = write_tmp("");
	bad_input(path, NULL, "empty file", NULL);
	unlink(path);
	free(path);
}
END_TEST

START_TEST(random_bytes)
{
	/* seeded, so the bytes are the same every run */
	char buf[1000];
	unsigned x = 12345;
	for (size_t i = 0; i < sizeof buf; i++) {
		x = x * 1103515245u + 12345u;
		buf[i] = (char)(x >> 16);
	}
	buf[0] = 'Z';	/* neither 'B''C' nor a text module */
	char *path = tu_tmpfile(buf, sizeof buf);
	bad_input(path, NULL, "not LLVM bitcode or IR", NULL);
	unlink(path);
	free(path);
}
END_TEST

START_TEST(truncated_bitcode)
{
	char *bc = tu_kernel("func/vecadd.O0.bc");
	FILE *f = fopen(bc, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", bc);
	char *buf = malloc(1 << 20);
	ck_assert_ptr_nonnull(buf);
	size_t n = fread(buf, 1, 1 << 20, f);
	fclose(f);
	ck_assert_uint_gt(n, 100);
	char *path = tu_tmpfile(buf, n / 2);
	bad_input(path, NULL, "corrupt or truncated", NULL);
	unlink(path);
	free(path);
	free(buf);
	free(bc);
}
END_TEST

/* Corrupted bitcode (seeded byte flips and cuts): LLVM's own reader can
** crash on some; simulee-c must still answer with a status, never a signal. */
START_TEST(corrupted_bitcode)
{
	char *bc = tu_kernel("func/reduce_shared.O1.bc");
	FILE *f = fopen(bc, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", bc);
	unsigned char *buf = malloc(1 << 20), *mut = malloc(1 << 20);
	ck_assert_ptr_nonnull(buf);
	ck_assert_ptr_nonnull(mut);
	size_t n = fread(buf, 1, 1 << 20, f);
	fclose(f);
	ck_assert_uint_gt(n, 100);
	uint64_t x = 0x9e3779b97f4a7c15u;
	int rejected = 0;
	for (int i = 0; i < 60; i++) {
		size_t len = n;
		memcpy(mut, buf, n);
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		if (i % 3 == 0) {
			len = 4 + (size_t)(x % (n - 4));
		} else {
			for (int k = 0; k < 1 + i % 5; k++) {
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				mut[x % n] = (unsigned char)(x >> 40);
			}
		}
		char *path = tu_tmpfile((const char *)mut, len);
		const char *args[] = { "--grid", "2", "--block", "64", "--max-steps", "200000", path, NULL };
		struct tu_run r;
		tu_run_bin(&r, args);
		ck_assert_msg(r.status <= 2, "variant %d: status %d (a crash?): %s", i, r.status, r.err);
		if (r.status == 2) {
			rejected++;
			ck_assert_msg(strstr(r.err, "simulee-c: ") != NULL, "variant %d: no error line: %s", i, r.err);
		}
		tu_run_free(&r);
		unlink(path);
		free(path);
	}
	ck_assert_int_gt(rejected, 20);
	free(buf);
	free(mut);
	free(bc);
}
END_TEST

START_TEST(host_bitcode)
{
	const char *clang = tu_env("SIMULEE_CLANG");
	ck_assert_msg(clang != NULL, "SIMULEE_CLANG is not set");
	char *src = write_tmp("int f(int x) { return x + 1; }\n");
	char out[4200];
	snprintf(out, sizeof out, "%s.bc", src);
	const char *argv[] = { clang, "-c", "-emit-llvm", "-x", "c", src, "-o", out, NULL };
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, argv), 0);
	ck_assert_msg(r.status == 0, "clang failed: %s", r.err);
	tu_run_free(&r);
	bad_input(out, NULL, "not nvptx64-nvidia-cuda", NULL);
	unlink(out);
	unlink(src);
	free(src);
}
END_TEST

START_TEST(ir_syntax_error)
{
	char *path = write_tmp("target triple = \"nvptx64-nvidia-cuda\"\n"
			       "define void @k( {\n");
	bad_input(path, NULL, "not valid LLVM IR", NULL);
	unlink(path);
	free(path);
}
END_TEST

START_TEST(ir_fails_verifier)
{
	/* parses, but %y uses %z, which does not dominate it */
	char *path = write_tmp("target triple = \"nvptx64-nvidia-cuda\"\n"
			       "define void @k(i32 %x) {\n"
			       "entry:\n  br label %b\n"
			       "b:\n  %y = add i32 %z, 1\n  br label %c\n"
			       "c:\n  %z = add i32 %x, 1\n  ret void\n}\n"
			       "!nvvm.annotations = !{!0}\n"
			       "!0 = !{ptr @k, !\"kernel\", i32 1}\n");
	bad_input(path, NULL, "invalid module", "dominate");
	unlink(path);
	free(path);
}
END_TEST

/* The vecadd kernel with options EXTRA, expecting status 2 and NEEDLE. */
static void vecadd_bad(const char *const *extra, const char *needle)
{
	char *bc = tu_kernel("func/vecadd.O0.bc");
	bad_input(bc, extra, needle, NULL);
	free(bc);
}

START_TEST(unknown_kernel)
{
	vecadd_bad((const char *const[]){ "--kernel", "nope", NULL }, "no kernel named 'nope'");
}
END_TEST

START_TEST(bad_grid)
{
	static const char *const vals[] = { "0", "2,x", "-1", "1,2,3,4", "", "1,,2" };
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
		vecadd_bad((const char *const[]){ "--grid", vals[i], NULL }, "positive integers");
}
END_TEST

START_TEST(block_too_big)
{
	vecadd_bad((const char *const[]){ "--block", "2000", NULL }, "at most 1024");
	vecadd_bad((const char *const[]){ "--block", "32,32,2", NULL }, "at most 1024");
}
END_TEST

START_TEST(unknown_option)
{
	vecadd_bad((const char *const[]){ "--bogus", NULL }, "unknown option --bogus");
	/* a short option is named with the argument it stands in, never the
	** argument before it */
	vecadd_bad((const char *const[]){ "-fgpu-rdc", NULL }, "unknown option -f (in -fgpu-rdc)");
	vecadd_bad((const char *const[]){ "-p", NULL }, "-p needs a value");
}
END_TEST

START_TEST(arg_no_such_param)
{
	vecadd_bad((const char *const[]){ "--arg", "nope=1", NULL }, "no parameter 'nope'");
}
END_TEST

START_TEST(dump_needs_size)
{
	vecadd_bad((const char *const[]){ "--dump", "c", NULL }, "needs --size c");
}
END_TEST

START_TEST(help)
{
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--help", NULL });
	ck_assert_int_eq(r.status, 0);
	expect_output(&r, "--grid");
	expect_output(&r, "--max-steps");
	expect_output(&r, "usage");
	tu_run_free(&r);
}
END_TEST

/* The man page documents every option of src/options.h (as \-NAME, its
** dashes escaped), and every option it names in bold is one of them. */
START_TEST(options_documented)
{
#define NO_ROW(...)
#define NAME_O(id, name, arg, left, help) name,
	static const char *const names[] = { SIMULEE_OPTIONS(NAME_O, NO_ROW, NO_ROW) };
#undef NAME_O
#undef NO_ROW
	const size_t n = sizeof names / sizeof names[0];
	char path[4096];
	struct sim_error err = { 0 };
	snprintf(path, sizeof path, "%s/man/simulee-c.1", tu_env("SIMULEE_SRCDIR"));
	char *man = read_whole_file(path, NULL, &err);
	ck_assert_msg(man != NULL, "%s", err.msg);
	ck_assert_uint_gt(n, 40);
	for (size_t i = 0; i < n; i++) {
		char want[128];
		size_t k = (size_t)snprintf(want, sizeof want, "\\-");
		for (const char *c = names[i]; *c && k + 3 < sizeof want; c++)
			k += (size_t)snprintf(want + k, sizeof want - k, *c == '-' ? "\\-" : "%c", *c);
		const char *at = man;
		int found = 0;
		while (!found && (at = strstr(at, want)) != NULL) {
			at += k;
			found = !(*at >= 'a' && *at <= 'z') && *at != '\\';
		}
		ck_assert_msg(found, "man/simulee-c.1 does not document --%s", names[i]);
	}
	/* the other way: ".B \-\-name" and ".BI \-\-name" lines */
	for (const char *l = man; l != NULL; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = strncmp(l, ".B \\-\\-", 7) == 0 ? l + 7
			: strncmp(l, ".BI \\-\\-", 8) == 0 ? l + 8 : NULL;
		if (p == NULL || !(*p >= 'a' && *p <= 'z'))
			continue;
		char name[64];
		size_t k = 0;
		while (k + 1 < sizeof name && ((*p >= 'a' && *p <= 'z') || (p[0] == '\\' && p[1] == '-'))) {
			name[k++] = *p == '\\' ? '-' : *p;
			p += *p == '\\' ? 2 : 1;
		}
		name[k] = '\0';
		int known = 0;
		for (size_t i = 0; i < n; i++)
			known |= strcmp(names[i], name) == 0;
		ck_assert_msg(known, "man/simulee-c.1 documents --%s, which is no option", name);
	}
	free(man);
}
END_TEST

START_TEST(version)
{
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--version", NULL });
	ck_assert_int_eq(r.status, 0);
	expect_output(&r, "simulee-c ");
	expect_output(&r, "LLVM");
	tu_run_free(&r);
}
END_TEST

START_TEST(list_kernels)
{
	char *bc = tu_kernel("func/vecadd.O0.bc");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--list-kernels", bc, NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	expect_output(&r, "vecadd(float const*, float const*, float*, int)");
	expect_output(&r, "_Z6vecaddPKfS0_Pfi");
	expect_output(&r, "param 0: a");
	expect_output(&r, "param 2: c");
	expect_output(&r, "param 3: n (scalar i32)");
	tu_run_free(&r);
	free(bc);
}
END_TEST

/* Parameter names: from the subprogram's variables when no dbg.value names
** them, from the IR's value names, else by position (argN, argN_ when a
** parameter already has that name); addresses and the launch line use them. */
START_TEST(param_names)
{
	const char *ll =
		"target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
		"target triple = \"nvptx64-nvidia-cuda\"\n"
		"define void @k(ptr %0, i32 %1, ptr %2) !dbg !5 {\n"
		"  store i32 %1, ptr %0, align 4\n"
		"  ret void\n"
		"}\n"
		"define void @k2(ptr %arg1, i32 %1) {\n"
		"  store i32 %1, ptr %arg1, align 4\n"
		"  ret void\n"
		"}\n"
		"!llvm.dbg.cu = !{!0}\n"
		"!llvm.module.flags = !{!3}\n"
		"!nvvm.annotations = !{!20, !21}\n"
		"!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: \"t\", "
		"isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)\n"
		"!1 = !DIFile(filename: \"k.cu\", directory: \"/tmp\")\n"
		"!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
		"!5 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, line: 1, type: !6, "
		"scopeLine: 2, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !10)\n"
		"!6 = !DISubroutineType(types: !7)\n"
		"!7 = !{null}\n"
		"!8 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
		"!10 = !{!12, !11}\n"
		"!11 = !DILocalVariable(name: \"dst\", arg: 1, scope: !5, file: !1, line: 1, type: !8)\n"
		"!12 = !DILocalVariable(name: \"val\", arg: 2, scope: !5, file: !1, line: 1, type: !8)\n"
		"!20 = !{ptr @k, !\"kernel\", i32 1}\n"
		"!21 = !{ptr @k2, !\"kernel\", i32 1}\n";
	char *path = write_tmp(ll);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--list-kernels", path, NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	expect_output(&r, "  param 0: dst (pointer");
	expect_output(&r, "  param 1: val (scalar i32)");
	expect_output(&r, "  param 2: arg2 (pointer");
	expect_output(&r, "  param 0: arg1 (pointer");
	expect_output(&r, "  param 1: arg1_ (scalar i32)");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ path, "--kernel", "k2", "--size", "arg1=1", "--type",
					   "arg1=i32", "--arg", "arg1_=5", "--block", "2", "--dump",
					   "arg1", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "5\n");
	ck_assert_msg(strstr(r.err, "race on global 'arg1[0]' between two writes of the same value")
		      && strstr(r.err, "--arg arg1_=5 --size arg1=1 --type arg1=i32"), "%s", r.err);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ path, "--kernel", "k", "--size", "dst=1", "--arg", "1=5",
					   "--size", "2=4", "--dump", "dst", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.err, "--arg val=5 --size dst=1 --type dst=i32 --size arg2=4 --type arg2=u8"), "%s",
		      r.err);
	tu_run_free(&r);
	unlink(path);
	free(path);
}
END_TEST

/* An enum parameter's values follow its type: runs of four or more as
** lo..hi, past 16 items a count; a struct's line is as before. */
START_TEST(list_kernels_enums)
{
	char *bc = tu_compile_cu(
		"enum Mode { M0, M1, M2 };\n"
		"enum Runs { R0, R1, R2, R3, R4, R10 = 10, R12 = 12, RN = -3 };\n"
		"enum Many { Q0 = 0, Q1 = 2, Q2 = 4, Q3 = 6, Q4 = 8, Q5 = 10, Q6 = 12, Q7 = 14, Q8 = 16,\n"
		"	     Q9 = 18, Q10 = 20, Q11 = 22, Q12 = 24, Q13 = 26, Q14 = 28, Q15 = 30, Q16 = 32,\n"
		"	     Q17 = 34 };\n"
		"struct P { int n; Mode m; };\n"
		"__global__ void k(int *out, Mode mode, Runs r, Many q, P p, int n)\n"
		"{\n"
		"	out[threadIdx.x] = mode + r + q + p.n + n;\n"
		"}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--list-kernels", bc, NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	expect_output(&r, "  param 1: mode (scalar i32, enum {0, 1, 2})\n");
	expect_output(&r, "  param 2: r (scalar i32, enum {-3, 0..4, 10, 12})\n");
	expect_output(&r, "  param 3: q (scalar i32, enum {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, "
		      "26, 28, 30, ... (18 values)})\n");
	expect_output(&r, "  param 4: p (struct, 2 fields, 8 bytes)\n");
	expect_output(&r, "  param 5: n (scalar i32)\n");
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

START_TEST(list_kernels_not_analysable)
{
	/* each reason is one line, however the lowering worded it (here inline
	** asm with a CR LF and a tab in it), and the next kernel starts a line */
	static const char ll[] =
		"target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
		"target triple = \"nvptx64-nvidia-cuda\"\n"
		"declare i32 @llvm.nvvm.no.such.thing(i32)\n"
		"define void @a(ptr %o) {\n"
		"  call void asm sideeffect \"frob.b32 1;\\0D\\0A\\09frob.b32 2;\\0D\\0A\", \"\"()\n"
		"  ret void\n}\n"
		"define void @b(ptr %o) {\n"
		"  %x = call i32 @llvm.nvvm.no.such.thing(i32 1)\n  ret void\n}\n"
		"define void @c(ptr %o) {\n  store i32 1, ptr %o\n  ret void\n}\n"
		"!nvvm.annotations = !{!0, !1, !2}\n"
		"!0 = !{ptr @a, !\"kernel\", i32 1}\n"
		"!1 = !{ptr @b, !\"kernel\", i32 1}\n"
		"!2 = !{ptr @c, !\"kernel\", i32 1}\n";
	char *path = write_tmp(ll);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--list-kernels", path, NULL });
	unlink(path);
	free(path);
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	static const char *const want[] = {
		"a", "  mangled: a", "  not analysable: unsupported inline asm instruction 'frob.b32' (in \"frob.b32 1; frob.b32 2;",
		"b", "  mangled: b", "  not analysable: unsupported call to intrinsic 'llvm.nvvm.no.such.thing' in b",
		"c", "  mangled: c", "  param 0: ",
	};
	const char *line = r.out;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const char *nl = strchr(line, '\n');
		ck_assert_msg(nl != NULL, "line %zu unterminated: %s", i, r.out);
		ck_assert_msg(strncmp(line, want[i], strlen(want[i])) == 0, "line %zu: %.*s\nwanted: %s",
			      i, (int)(nl - line), line, want[i]);
		for (const char *q = line; q < nl; q++)
			ck_assert_msg((unsigned char)*q >= 0x20, "control character in line %zu", i);
		line = nl + 1;
	}
	tu_run_free(&r);
}
END_TEST

START_TEST(run_and_dump)
{
	char *bc = tu_kernel("func/vecadd.O0.bc");
	struct tu_run r;
	/* c[i] = i + i for i < 6; c[6], c[7] stay zero */
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "8", "--size", "a=8", "--size", "b=8",
					   "--size", "c=8", "--init", "a=iota", "--init", "b=iota",
					   "--arg", "n=6", "--dump", "c", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "0\n2\n4\n6\n8\n10\n0\n0\n");
	expect_output(&r, "0 findings");
	tu_run_free(&r);
	free(bc);
}
END_TEST

/* The warp operations of CUDA before 9 (no mask: the active lanes), with
** our prelude and with the toolkit's headers (issue 11, item 2): out[6 * i
** + k] for lane i of one warp, in[i] = i. */
START_TEST(legacy_warp_ops)
{
	static const char src[] =
		"__global__ void leg(const int *in, int *out)\n"
		"{\n"
		"\tint i = threadIdx.x, v = in[i];\n"
		"\tint *o = out + 6 * i;\n"
		"\to[0] = __shfl_down(v, 1);\n"
		"\to[1] = __shfl_xor(v, 2);\n"
		"\to[2] = __shfl(v, 5);\n"
		"\to[3] = __shfl_up(v, 1);\n"
		"\to[4] = 0;\n"
		"\tif (i < 24)\n"
		"\t\to[4] = (int)__ballot(v & 1);\n"
		"\to[5] = __any(v > 30) * 2 + __all(v > 0);\n"
		"}\n";
	for (int real = 0; real < 2; real++) {
		char *bc = real ? tu_compile_cu_real(src, "-O0") : tu_compile_cu(src);
		if (bc == NULL)
			continue;	/* no toolkit */
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "32", "--size", "in=32",
						   "--size", "out=192", "--init", "in=iota",
						   "--dump", "out", NULL });
		ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
		char want[4096] = "";
		size_t len = 0;
		for (int i = 0; i < 32; i++) {
			int w[6] = { i < 31 ? i + 1 : i, i ^ 2, 5, i > 0 ? i - 1 : i,
				     i < 24 ? 0xaaaaaa : 0, 2 };
			for (int k = 0; k < 6; k++)
				len += (size_t)snprintf(want + len, sizeof want - len, "%d\n", w[k]);
		}
		ck_assert_msg(strcmp(r.out, want) == 0, "%s headers: got\n%s", real ? "toolkit" : "prelude",
			      r.out);
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

static const char cu_kernels[] =
	"__global__ void oob(int *p)\n"			/* 1 */
	"{\n"						/* 2 */
	"\tp[threadIdx.x] = 1;\n"			/* 3 */
	"}\n"
	"__global__ void spin(int *p)\n"
	"{\n"
	"\twhile (p[0] == 0)\n"
	"\t\t;\n"
	"}\n"
	"__global__ void asserts(int *p)\n"
	"{\n"
	"\tassert(threadIdx.x < 8);\n"
	"}\n"
	"__global__ void bar(int *p)\n"
	"{\n"
	"\tif (threadIdx.x < 16)\n"
	"\t\t__syncthreads();\n"
	"\tp[threadIdx.x] = 1;\n"
	"}\n"
	"__global__ void fine(int *p)\n"
	"{\n"
	"\tp[threadIdx.x] = threadIdx.x;\n"
	"}\n"
	"__global__ void spinbar(int *p)\n"
	"{\n"
	"\tif (threadIdx.x >= 32)\n"
	"\t\twhile (((volatile int *)p)[0] == 0)\n"
	"\t\t\t;\n"
	"\t__syncthreads();\n"
	"\tp[threadIdx.x] = 1;\n"
	"}\n";

/* Runs kernel NAME of cu_kernels with p a buffer of PSIZE ints. */
static void run_cu(struct tu_run *r, const char *name, const char *psize,
		   const char *block, const char *max_steps)
{
	char *bc = tu_compile_cu(cu_kernels);
	if (max_steps != NULL)
		tu_run_bin(r, (const char *const[]){ bc, "--kernel", name, "--size", psize,
						  "--type", "p=i32", "--block", block,
						  "--max-steps", max_steps, NULL });
	else
		tu_run_bin(r, (const char *const[]){ bc, "--kernel", name, "--size", psize,
						  "--type", "p=i32", "--block", block, NULL });
	unlink(bc);
	free(bc);
}

START_TEST(finding_oob)
{
	struct tu_run r;
	run_cu(&r, "oob", "p=16", "32", NULL);
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "out-of-bounds");
	expect_output(&r, ":3:");	/* the source line of the store */
	expect_output(&r, "p[16]");
	tu_run_free(&r);
}
END_TEST

START_TEST(finding_none)
{
	struct tu_run r;
	run_cu(&r, "fine", "p=32", "32", NULL);
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "0 findings");
	tu_run_free(&r);
}
END_TEST

START_TEST(finding_step_budget)
{
	struct tu_run r;
	time_t t0 = time(NULL);
	run_cu(&r, "spin", "p=16", "32", "100000");
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "did not finish");
	ck_assert_int_le(time(NULL) - t0, 20);
	tu_run_free(&r);
}
END_TEST

/* A warp the step budget stops has not exited: the others waiting at the
** barrier are no barrier divergence (issue 11, item 7). */
START_TEST(step_budget_no_divergence)
{
	struct tu_run r;
	run_cu(&r, "spinbar", "p=64", "64", "100000");
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "did not finish");
	ck_assert_msg(strstr(r.out, "barrier divergence") == NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "exited") == NULL, "%s", r.out);
	expect_output(&r, "1 error, 0 warnings");
	tu_run_free(&r);
}
END_TEST

START_TEST(finding_assert)
{
	struct tu_run r;
	run_cu(&r, "asserts", "p=16", "32", NULL);
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "assert");
	expect_output(&r, "threadIdx.x < 8");
	tu_run_free(&r);
}
END_TEST

START_TEST(finding_barrier_divergence)
{
	struct tu_run r;
	run_cu(&r, "bar", "p=64", "64", NULL);
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "barrier divergence");
	tu_run_free(&r);
}
END_TEST

/* Uninitialized shared reads: a load, or an atomic that uses the old value,
** of bytes no thread of the block wrote.  An exchange is no read; memset
** writes; a struct copy carries its source's written bytes; every block
** starts with nothing written.  Names: a byte inside a struct element
** ("st2[1]+4"), one index per dimension ("g2[1][0]"). */
/* --init X=uninit (issue 11, item 5): a read of a byte no access of the
** launch wrote is a finding, in any block; without --size it is a usage
** error. */
START_TEST(uninit_global_declared)
{
	char *bc = tu_compile_cu("__global__ void acc(int *p, int *q)\n"
				 "{\n"
				 "\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
				 "\tif (i % 2 == 0)\n"
				 "\t\tp[i] = i;\n"				/* 5 */
				 "\tq[i] = p[i];\n"				/* 6: odd i */
				 "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--grid", "2", "--block", "32", "--size", "p=64",
					      "--size", "q=64", "--init", "p=uninit", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, ":6:");
	expect_output(&r, "uninitialized memory on global 'p[1]'");
	expect_output(&r, "32 occurrences");
	tu_run_free(&r);
	/* declared for q only, which the kernel writes before nobody reads */
	tu_run_bin(&r, (const char *const[]){ bc, "--grid", "2", "--block", "32", "--size", "p=64",
					      "--size", "q=64", "--init", "q=uninit", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--grid", "2", "--block", "32", "--init",
					      "p=uninit", NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--init p needs --size p"));
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* Device malloc/free and new/delete (issue 11, item 5): the 8 MiB heap
** runs out (NULL), a block outlives its block of threads, and the misuses
** are findings: past a block's end, use after free, double free (delete[]
** twice), free of a pointer malloc did not return, of one inside a block;
** free(NULL) is nothing, and malloc'd bytes start unwritten. */
START_TEST(device_heap)
{
	char *bc = tu_compile_cu("__device__ char *kept;\n"
				 "__global__ void heap(int *out, int *g)\n"
				 "{\n"
				 "\tif (threadIdx.x != 0)\n"
				 "\t\treturn;\n"					/* 5 */
				 "\tif (blockIdx.x == 1) {\n"
				 "\t\tout[5] = kept[1];\n"			/* 7: block 0's */
				 "\t\treturn;\n"
				 "\t}\n"
				 "\tchar *a = (char *)malloc(5u << 20), *b = (char *)malloc(5u << 20);\n"
				 "\tout[0] = a != 0;\n"				/* 11 */
				 "\tout[1] = b == 0;\n"
				 "\tfree(a);\n"
				 "\tb = (char *)malloc(5u << 20);\n"
				 "\tout[2] = b != 0;\n"				/* 15 */
				 "\tb[0] = 1;\n"
				 "\tout[3] = b[(5u << 20)];\n"			/* 17: past the end */
				 "\tout[4] = a[0];\n"				/* 18: after free */
				 "\tint *p = new int[4];\n"
				 "\tdelete[] p;\n"					/* 20 */
				 "\tdelete[] p;\n"					/* 21: twice */
				 "\tfree(g);\n"					/* 22: not malloc's */
				 "\tfree(b + 4);\n"					/* 23: inside */
				 "\tfree(0);\n"
				 "\tkept = (char *)malloc(4);\n"			/* 25 */
				 "\tkept[1] = 7;\n"
				 "\tout[6] = kept[2];\n"				/* 27: unwritten */
				 "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "32", "--grid", "2", "--size", "out=8",
					      "--size", "g=4", "--dump", "out", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strncmp(r.out, "1\n1\n1\n", 6) == 0, "malloc results: %s", r.out);
	ck_assert_ptr_nonnull(strstr(r.out, "\n7\n"));	/* out[5]: block 1 read block 0's */
	expect_output(&r, ":17:");
	expect_output(&r, "out of bounds of 'heap' (5242880 bytes): index 5242880");
	expect_output(&r, ":18:");
	expect_output(&r, "use after free");
	expect_output(&r, ":21:");
	expect_output(&r, "double free");
	expect_output(&r, ":22:");
	expect_output(&r, "which no device malloc returned");
	expect_output(&r, ":23:");
	expect_output(&r, "4 bytes into a heap block");
	expect_output(&r, ":27:");
	expect_output(&r, "uninitialized memory on global 'heap[2]'");
	ck_assert_ptr_null(strstr(r.out, ":7:"));
	ck_assert_ptr_null(strstr(r.out, ":26:"));
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* A device malloc's block is global memory the model tracks: threads that
** share it through a pointer in shared memory race on it as on any buffer
** (two lanes of every warp write element 0 or 1), and not when each
** thread writes its own element. */
START_TEST(heap_race)
{
	static const char *const idx[2] = { "threadIdx.x % 2", "threadIdx.x" };
	for (int k = 0; k < 2; k++) {
		char *src = xasprintf("__global__ void hr(int *out)\n"
				      "{\n"
				      "\t__shared__ int *buf;\n"
				      "\tif (threadIdx.x == 0)\n"
				      "\t\tbuf = (int *)malloc(64 * sizeof(int));\n"	/* 5 */
				      "\t__syncthreads();\n"
				      "\tbuf[%s] = threadIdx.x;\n"			/* 7 */
				      "\t__syncthreads();\n"
				      "\tif (threadIdx.x == 0) {\n"
				      "\t\tout[0] = buf[1];\n"			/* 10 */
				      "\t\tfree(buf);\n"
				      "\t}\n"
				      "}\n", idx[k]);
		char *bc = tu_compile_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "64", "--size", "out=1", NULL });
		if (k == 0) {
			ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
			expect_output(&r, ":7:");
			expect_output(&r, "data race on global 'heap[");
			expect_output(&r, "between two writes");
		} else {
			ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
			ck_assert_msg(strstr(r.out, "0 errors, 0 warnings (0 findings;") != NULL, "%s", r.out);
		}
		tu_run_free(&r);
		unlink(bc);
		free(bc);
		free(src);
	}
}
END_TEST

/* A local array at a constant index past its end (issue 11, item 5): at
** -O0 the access is there, with the index folded into the address; a
** finding with a fixed launch and under the search (no launch avoids it),
** where it was a launch outside the contract.  And a local array read
** before written is an uninitialized read, where a scalar is not. */
START_TEST(local_const_index)
{
	char *bc = tu_compile_cu("__global__ void loc(int *out)\n"
				 "{\n"
				 "\tint t[4], u[2], s;\n"
				 "\tfor (int k = 0; k < 4; k++)\n"
				 "\t\tt[k] = k + threadIdx.x;\n"		/* 5 */
				 "\tu[0] = 1;\n"
				 "\tint c = s;\n"					/* 7: scalar */
				 "\tout[threadIdx.x] = t[4] + u[threadIdx.x & 1] + c;\n"	/* 8 */
				 "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "32", "--size", "out=32", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "out of bounds of 't' (4 elements): index 4");
	expect_output(&r, "uninitialized memory on local 'u[1]'");
	ck_assert_ptr_null(strstr(r.out, ":7:"));
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "out-of-bounds access on local 't[4]'");
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

START_TEST(uninit_shared_forms)
{
	char *bc = tu_compile_cu("struct pair { char x; int y; };\n"	/* 1 */
				 "__global__ void un(int *p)\n"
				 "{\n"
				 "\t__shared__ int a[64], b[64], c[64], lock, sum, g2[4][16];\n"
				 "\t__shared__ pair st[2], st2[2];\n"		/* 5 */
				 "\tint t = threadIdx.x;\n"
				 "\tatomicExch(&lock, 1);\n"
				 "\tatomicAdd(&sum, t);\n"			/* 8: reads */
				 "\tif (t < 32)\n"
				 "\t\ta[t] = t;\n"				/* 10 */
				 "\tif (t == 0) {\n"
				 "\t\tmemset(b, 0, sizeof b);\n"
				 "\t\tst[0].x = 1;\n"
				 "\t\tst[0].y = 2;\n"
				 "\t\tst2[0] = st[0];\n"			/* 15 */
				 "\t}\n"
				 "\tif (blockIdx.x == 0)\n"
				 "\t\tc[t] = 1;\n"
				 "\t__syncthreads();\n"
				 "\tint v = a[t];\n"				/* 20: t >= 32 */
				 "\tv += b[t];\n"
				 "\tv += lock;\n"
				 "\tv += c[t];\n"				/* 23: block 1 */
				 "\tv += st2[0].y;\n"
				 "\tv += st2[1].y;\n"				/* 25 */
				 "\tv += g2[1][t & 15];\n"
				 "\tp[blockIdx.x * 64 + t] = v;\n"
				 "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--grid", "2", "--block", "64", "--size", "p=128",
					   NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	static const char *const want[] = {
		":8:2: error: read of uninitialized memory on shared 'sum[0]'",
		":20:10: error: read of uninitialized memory on shared 'a[32]'",
		":23:7: error: read of uninitialized memory on shared 'c[0]'",
		":25:14: error: read of uninitialized memory on shared 'st2[1]+4'",
		":26:7: error: read of uninitialized memory on shared 'g2[1][0]'",
		"thread (32,0,0) of block (0,0,0)",
		"thread (0,0,0) of block (1,0,0)",
		"5 errors, 0 warnings (5 findings;",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		expect_output(&r, want[i]);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* A shared allocation that every byte of has been written needs no
** per-lane look at its reads (exec/exec.c counts the bytes written); a
** struct copy from bytes nobody wrote makes them unwritten again, and the
** next block starts with nothing written. */
START_TEST(uninit_after_full)
{
	char *bc = tu_compile_cu("struct quad { int v[4]; };\n"		/* 1 */
				 "__global__ void fu(int *p)\n"
				 "{\n"
				 "\t__shared__ quad q[16], z[1];\n"
				 "\tint t = threadIdx.x;\n"			/* 5 */
				 "\t((int *)q)[t] = t; ((int *)q)[t] = t + 1;\n"	/* counted once */
				 "\t__syncthreads();\n"
				 "\tint v = ((int *)q)[63 - t];\n"		/* 8: all written */
				 "\t__syncthreads();\n"
				 "\tif (t == 0)\n"				/* 10 */
				 "\t\tq[3] = z[0];\n"
				 "\t__syncthreads();\n"
				 "\tv += ((int *)q)[t];\n"			/* 13: q[3] again */
				 "\tif (blockIdx.x == 1 && t == 0)\n"
				 "\t\tv += ((int *)q)[1];\n"		/* 15: written */
				 "\tp[blockIdx.x * 64 + t] = v;\n"
				 "}\n");
	run_expect((const char *const[]){ bc, "--grid", "2", "--block", "64", "--size", "p=128", NULL },
		   1, (const char *const[]){
			   ":13:7: error: read of uninitialized memory on shared 'q[3]'",
			   "thread (12,0,0) of block (0,0,0)", "1 error, 0 warnings", NULL });
	/* one block of 32: half the array is written, so reads look lane by
	** lane (and with no overlap the first two barriers order nothing) */
	run_expect((const char *const[]){ bc, "--block", "32", "--size", "p=64", NULL }, 1,
		   (const char *const[]){
			   ":8:10: error: read of uninitialized memory on shared 'q[15]+12'",
			   ":13:7: error: read of uninitialized memory on shared 'q[3]'",
			   "2 errors, 2 warnings", NULL });
	unlink(bc);
	free(bc);
}
END_TEST

/* A struct copy whose source lies past its buffer's end is one
** out-of-bounds finding at the copy; its destination reads as zeros, as a
** load past the end does, so the reads of what it wrote are not
** uninitialized reads of their own (Rodinia lavaMD: rB_shared[wtx] =
** rB[wtx] past the particles, then every thread reads rB_shared[j]). */
START_TEST(oob_copy_writes_zeros)
{
	char *bc = tu_compile_cu("struct quad { double v, x, y, z; };\n"	/* 1 */
				 "__global__ void cp(const quad *in, double *out, int first)\n"
				 "{\n"
				 "\t__shared__ quad s[64];\n"
				 "\tint t = threadIdx.x;\n"			/* 5 */
				 "\ts[t] = in[first + t];\n"
				 "\t__syncthreads();\n"
				 "\tdouble v = 0;\n"
				 "\tfor (int j = 0; j < 64; j++)\n"
				 "\t\tv += s[j].v + s[j].z;\n"		/* 10 */
				 "\tout[t] = v;\n"
				 "}\n");
	run_expect((const char *const[]){ bc, "--block", "64", "--size", "in=64", "--size",
					  "out=64", "--arg", "first=2", NULL },
		   1, (const char *const[]){
			   ":6:", "out-of-bounds access on global 'in[",
			   "1 error, 0 warnings", NULL });
	unlink(bc);
	free(bc);
}
END_TEST

/* Rule 2 on other rules' probes: a division only a probe reaches (rule
** 9 raising a negative count n to its magnitude lets thread 0 past `if
** (n > 0)` to `% m`, with the m = 0 its launch drew) shows the kernel
** divides by m as well as a draw would.  With no generation after the
** first, the probe's division was listed as an error (llama.cpp
** k_bin_bcast's `i1 % ne11`). */
START_TEST(nonzero_on_probes)
{
	char *bc = tu_compile_cu("#define BLOCK 256\n"				/* 1 */
				 "__global__ void head_tile(const float *x, float *out, int n, "
				 "int m)\n"
				 "{\n"
				 "\t__shared__ float s[BLOCK];\n"
				 "\tint t = threadIdx.x;\n"				/* 5 */
				 "\tif (t < n)\n"
				 "\t\ts[t] = x[blockIdx.x * BLOCK + t];\n"
				 "\t__syncthreads();\n"
				 "\tif (t == 0) {\n"
				 "\t\tfloat acc = 0.0f;\n"				/* 10 */
				 "\t\tfor (unsigned k = 0; k < (unsigned)n && k < blockDim.x; "
				 "k++)\n"
				 "\t\t\tacc += s[k];\n"
				 "\t\tif (n > 0)\n"
				 "\t\t\tout[blockIdx.x] = acc * (float)(blockIdx.x % m);\n"
				 "\t}\n"						/* 15 */
				 "}\n");
	int assumed = 0;
	for (int seed = 1; seed <= 8; seed++) {
		char sd[8];
		snprintf(sd, sizeof sd, "%d", seed);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--seed", sd, "--generations", "0", NULL });
		ck_assert_msg(r.status == 0, "seed %d: status %d: %s%s", seed, r.status, r.out, r.err);
		ck_assert_msg(strstr(r.out, "integer division by zero") == NULL, "seed %d: %s", seed,
			      r.out);
		assumed += strstr(r.out, "head_tile assumes m != 0: it divides by it") != NULL;
		tu_run_free(&r);
	}
	ck_assert_int_ge(assumed, 2);	/* seeds 1 and 7 reach m = 0 by the probe alone */
	unlink(bc);
	free(bc);
}
END_TEST

/* The kernel's contract: a lane where __builtin_assume does not hold is a
** finding of kind assert at the assumption, at -O0 and -O2 (where the
** optimiser keeps the llvm.assume), and the lane stops there. */
START_TEST(assume_is_contract)
{
	static const char src[] = "__global__ void as(int *p, int n)\n"
				  "{\n"
				  "\tunsigned b = blockDim.x;\n"
				  "\t__builtin_assume(b <= 64);\n"	/* 4 */
				  "\tint t = threadIdx.x;\n"
				  "\t__builtin_assume(t < n);\n"	/* 6 */
				  "\tp[t] = t;\n"
				  "}\n";
	for (int opt = 0; opt < 2; opt++) {
		char *bc = tu_compile_cu_opt(src, opt ? "-O2" : "-O0");
		struct tu_run r;
		/* -O2 code has no names for its parameters (argN) */
		const char *p64 = opt ? "arg0=64" : "p=64", *n64 = opt ? "arg1=64" : "n=64";
		const char *p128 = opt ? "arg0=128" : "p=128", *n128 = opt ? "arg1=128" : "n=128";
		const char *p40 = opt ? "arg0=40" : "p=40", *n40 = opt ? "arg1=40" : "n=40";
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "64", "--size", p64,
						   "--arg", n64, NULL });
		ck_assert_msg(r.status == 0, "O%d: status %d: %s%s", 2 * opt, r.status, r.out, r.err);
		tu_run_free(&r);
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "128", "--size", p128,
						   "--arg", n128, NULL });
		ck_assert_msg(r.status == 1, "O%d: status %d: %s%s", 2 * opt, r.status, r.out, r.err);
		expect_output(&r, ":4: error: assertion failed");
		expect_output(&r, "an assumption does not hold");
		expect_output(&r, "1 error, 0 warnings");
		tu_run_free(&r);
		/* lanes 40.. break the second assumption and never store: no
		** out-of-bounds report for p[40..63] of a 40-element buffer */
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "64", "--size", p40,
						   "--arg", n40, NULL });
		ck_assert_msg(r.status == 1, "O%d: status %d: %s%s", 2 * opt, r.status, r.out, r.err);
		expect_output(&r, ":6: error: assertion failed");
		expect_output(&r, "thread (40,0,0)");
		expect_output(&r, "24 occurrences");
		expect_output(&r, "1 error, 0 warnings");
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* PTX memory instructions in inline asm (ld, st, atom, red; state spaces,
** .v2, cache hints, signed bytes, cas, float add), each checked by the kernel
** itself against plain C; and the hand-over of libcu++'s release store and
** acquire load: a relaxed store publishes nothing. */
static const char ptx_mem_src[] =
	"__global__ void pm(int *p, unsigned long long *q, float *f, int *out)\n"
	"{\n"
	"\tunsigned t = threadIdx.x;\n"
	"\tint ok = 1;\n"
	"\tasm volatile(\"st.global.b32 [%0], %1;\" :: \"l\"(p + t), \"r\"(t * 3) : \"memory\");\n"
	"\t__syncthreads();\n"
	"\tint v;\n"
	"\tasm volatile(\"ld.relaxed.gpu.b32 %0, [%1];\" : \"=r\"(v) : \"l\"(p + (t ^ 1)) : \"memory\");\n"
	"\tok &= v == (int)((t ^ 1) * 3);\n"
	"\tint a, b;\n"
	"\tasm volatile(\"ld.global.nc.v2.b32 {%0, %1}, [%2+8];\" : \"=r\"(a), \"=r\"(b) : \"l\"(p) : \"memory\");\n"
	"\tok &= a == 6 && b == 9;\n"
	"\tunsigned old;\n"
	"\tasm volatile(\"atom.add.relaxed.gpu.u32 %0, [%1], 1;\" : \"=r\"(old) : \"l\"(p + 64) : \"memory\");\n"
	"\tok &= old < 32;\n"
	"\tunsigned c;\n"
	"\tasm volatile(\"atom.global.cas.b32 %0, [%1], %2, %3;\" : \"=r\"(c) : \"l\"(p + 65), \"r\"(0), \"r\"(t + 1) : \"memory\");\n"
	"\tasm volatile(\"red.release.gpu.global.add.u64 [%0], %1;\" :: \"l\"(q), \"l\"((unsigned long long)t) : \"memory\");\n"
	"\tasm volatile(\"atom.add.f32 %0, [%1], %2;\" : \"=f\"(*(float *)&old) : \"l\"(f), \"f\"(1.0f) : \"memory\");\n"
	"\tasm volatile(\"atom.max.acq_rel.sys.s32 %0, [%1], %2;\" : \"=r\"(c) : \"l\"(p + 66), \"r\"((int)t - 16) : \"memory\");\n"
	"\t__syncthreads();\n"
	"\tif (t == 0) {\n"
	"\t\tasm volatile(\"st.volatile.b8 [%0], %1;\" :: \"l\"((char *)(p + 67)), \"h\"((unsigned short)0xff) : \"memory\");\n"
	"\t\tshort s8;\n"
	"\t\tasm volatile(\"ld.s8 %0, [%1+268];\" : \"=h\"(s8) : \"l\"(p) : \"memory\");\n"
	"\t\tok &= s8 == -1;\n"
	"\t\tok &= p[64] == 32 && p[65] >= 1 && p[65] <= 32 && p[66] == 15;\n"
	"\t\tok &= *q == 32ull * 31 / 2 && *f == 32.0f;\n"
	"\t}\n"
	"\tout[t] = ok;\n"
	"}\n"
	"__global__ void ho(int *flag, int *data, int *out, int rel)\n"
	"{\n"
	"\tif (blockIdx.x == 0) {\n"
	"\t\tdata[threadIdx.x] = threadIdx.x;\n"
	"\t\t__syncthreads();\n"
	"\t\tif (threadIdx.x == 0) {\n"
	"\t\t\tif (rel)\n"
	"\t\t\t\tasm volatile(\"st.release.gpu.b32 [%0], %1;\" :: \"l\"(flag), \"r\"(1) : \"memory\");\n"
	"\t\t\telse\n"
	"\t\t\t\tasm volatile(\"st.relaxed.gpu.b32 [%0], %1;\" :: \"l\"(flag), \"r\"(1) : \"memory\");\n"
	"\t\t}\n"
	"\t} else {\n"
	"\t\tif (threadIdx.x == 0) {\n"
	"\t\t\tint v;\n"
	"\t\t\tdo\n"
	"\t\t\t\tasm volatile(\"ld.acquire.gpu.b32 %0, [%1];\" : \"=r\"(v) : \"l\"(flag) : \"memory\");\n"
	"\t\t\twhile (v == 0);\n"
	"\t\t}\n"
	"\t\t__syncthreads();\n"
	"\t\tout[threadIdx.x] = data[threadIdx.x];\n"
	"\t}\n"
	"}\n";

START_TEST(ptx_memory_forms)
{
	for (int opt = 0; opt < 2; opt++) {
		char *bc = tu_compile_cu_opt(ptx_mem_src, opt ? "-O2" : "-O0");
		struct tu_run r;
		/* -O2 code has no names for its parameters */
		tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "pm", "--block", "32",
						   "--size", opt ? "arg0=128" : "p=128",
						   "--type", opt ? "arg0=i32" : "p=i32",
						   "--size", opt ? "arg1=1" : "q=1",
						   "--type", opt ? "arg1=u64" : "q=u64",
						   "--size", opt ? "arg2=1" : "f=1",
						   "--type", opt ? "arg2=f32" : "f=f32",
						   "--size", opt ? "arg3=32" : "out=32",
						   "--type", opt ? "arg3=i32" : "out=i32",
						   "--dump", opt ? "arg3" : "out", NULL });
		ck_assert_msg(r.status == 0, "O%d: status %d: %s%s", 2 * opt, r.status, r.out, r.err);
		ck_assert_str_eq(r.out, "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n"
					"1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n");
		expect_output(&r, "0 errors, 0 warnings (0 findings;");
		tu_run_free(&r);
		for (int rel = 0; rel < 2; rel++) {
			char relarg[16];
			snprintf(relarg, sizeof relarg, "%s=%d", opt ? "arg3" : "rel", rel);
			tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "ho", "--grid", "2",
							   "--block", "64", "--size",
							   opt ? "arg0=1" : "flag=1", "--type",
							   opt ? "arg0=i32" : "flag=i32", "--size",
							   opt ? "arg1=64" : "data=64", "--size",
							   opt ? "arg2=64" : "out=64", "--arg", relarg, NULL });
			if (rel) {
				ck_assert_msg(r.status == 0, "O%d: %s%s", 2 * opt, r.out, r.err);
				expect_output(&r, "0 errors, 0 warnings (0 findings;");
			} else {
				ck_assert_msg(r.status == 1, "O%d: %s%s", 2 * opt, r.out, r.err);
				expect_output(&r, ":35:");
				expect_output(&r, ":51:");
				expect_output(&r, "error: data race on global");
				expect_output(&r, "class: inter-block");
			}
			tu_run_free(&r);
		}
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* libcu++'s cuda::atomic_ref, compiled against the toolkit's own headers:
** its release store and acquire load (inline PTX) hand block 0's data to
** block 1, through the barriers on both sides; a relaxed store does not. */
START_TEST(libcu_atomic_handover)
{
	static const char src[] =
		"#include <cuda/atomic>\n"
		"__global__ void k(int *flag, int *data, int *out, int rel)\n"
		"{\n"
		"\tcuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);\n"
		"\tif (blockIdx.x == 0) {\n"				/* 5 */
		"\t\tdata[threadIdx.x] = threadIdx.x;\n"
		"\t\t__syncthreads();\n"
		"\t\tif (threadIdx.x == 0)\n"
		"\t\t\tf.store(1, rel ? cuda::std::memory_order_release\n"
		"\t\t\t\t     : cuda::std::memory_order_relaxed);\n"	/* 10 */
		"\t} else {\n"
		"\t\tif (threadIdx.x == 0)\n"
		"\t\t\twhile (f.load(cuda::std::memory_order_acquire) == 0) {}\n"
		"\t\t__syncthreads();\n"
		"\t\tout[threadIdx.x] = data[threadIdx.x];\n"		/* 15 */
		"\t}\n"
		"}\n";
	for (int opt = 0; opt < 2; opt++) {
		char *bc = tu_compile_cu_real(src, opt ? "-O2" : "-O0");
		if (bc == NULL) {
			printf("libcu++ hand-over: skipped: no CUDA toolkit\n");
			return;
		}
		for (int rel = 0; rel < 2; rel++) {
			char relarg[16];
			struct tu_run r;
			snprintf(relarg, sizeof relarg, "%s=%d", opt ? "arg3" : "rel", rel);
			tu_run_bin(&r, (const char *const[]){ bc, "--grid", "2", "--block", "64",
							   "--size", opt ? "arg0=1" : "flag=1",
							   "--type", opt ? "arg0=i32" : "flag=i32",
							   "--size", opt ? "arg1=64" : "data=64",
							   "--size", opt ? "arg2=64" : "out=64",
							   "--arg", relarg, NULL });
			if (rel) {
				ck_assert_msg(r.status == 0, "O%d: %s%s", 2 * opt, r.out, r.err);
				expect_output(&r, "0 errors, 0 warnings (0 findings;");
			} else {
				ck_assert_msg(r.status == 1, "O%d: %s%s", 2 * opt, r.out, r.err);
				expect_output(&r, ":6:");
				expect_output(&r, ":15:");
				expect_output(&r, "error: data race on global");
			}
			tu_run_free(&r);
		}
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* Cooperative groups' grid sync, with the toolkit's headers at -O0 and -O2:
** a two-phase reduction over 64 blocks of 256 threads gives every block
** the whole sum (each block reads every block's partial after the first
** grid.sync(), and block 0 one block's total after the second) and no
** finding; a grid sync some block skips is a grid barrier divergence; a
** grid that cannot be resident at once is refused once it syncs, while a
** kernel that only reads this_grid() runs with any grid. */
static const char cg_grid_src[] =
	"#include <cooperative_groups.h>\n"
	"namespace cg = cooperative_groups;\n"
	"__global__ void gsum(const int *in, int *partial, int *out)\n"
	"{\n"
	"\tcg::grid_group grid = cg::this_grid();\n"			/* 5 */
	"\tcg::thread_block block = cg::this_thread_block();\n"
	"\t__shared__ int s[256];\n"
	"\tunsigned t = block.thread_rank();\n"
	"\ts[t] = in[grid.thread_rank()];\n"
	"\tblock.sync();\n"						/* 10 */
	"\tfor (unsigned k = block.size() / 2; k > 0; k /= 2) {\n"
	"\t\tif (t < k)\n"
	"\t\t\ts[t] += s[t + k];\n"
	"\t\tblock.sync();\n"
	"\t}\n"								/* 15 */
	"\tif (t == 0)\n"
	"\t\tpartial[grid.block_rank()] = s[0];\n"
	"\tgrid.sync();\n"
	"\tif (t == 0) {\n"
	"\t\tint sum = 0;\n"						/* 20 */
	"\t\tfor (unsigned b = 0; b < grid.num_blocks(); b++)\n"
	"\t\t\tsum += partial[b];\n"
	"\t\tout[grid.block_rank()] = sum;\n"
	"\t}\n"
	"\tgrid.sync();\n"						/* 25 */
	"\tif (grid.thread_rank() == 0)\n"
	"\t\tpartial[0] = out[grid.num_blocks() - 1] + 1;\n"
	"}\n"
	"__global__ void gdiv(int *p)\n"
	"{\n"								/* 30 */
	"\tcg::grid_group grid = cg::this_grid();\n"
	"\tif (blockIdx.x != 1)\n"
	"\t\tgrid.sync();\n"
	"\tp[grid.thread_rank()] = 1;\n"
	"}\n"								/* 35 */
	"__global__ void grank(int *p)\n"
	"{\n"
	"\tp[cg::this_grid().thread_rank()] = 1;\n"
	"}\n";

/* --run-blocks runs the blocks of the --grid launch below it, each with its
** own index, and gridDim reads the whole grid (a host launch the search
** ran with its first blocks replays so), but in a grid launched from
** device code, which runs whole; it needs one exact launch, lies
** inside the grid, and a cooperative kernel, which syncs the whole grid,
** refuses it. */
START_TEST(run_blocks_part)
{
	static const char src[] =
		"__global__ void dims(int *out)\n"
		"{\n"
		"\tint b = blockIdx.x + gridDim.x * blockIdx.y;\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tout[b] = gridDim.x * 100 + gridDim.y;\n"
		"}\n";
	static const char dp_src[] =
		"__global__ void kid(int *out) { if (threadIdx.x == 0) out[blockIdx.x] = gridDim.x; }\n"
		"__global__ void spawn(int *out)\n"
		"{\n"
		"\tif (blockIdx.x == 0 && threadIdx.x == 0)\n"
		"\t\tkid<<<3, 32>>>(out);\n"
		"}\n";
	char *bc = tu_compile_cu(src);
	struct tu_run r;
	/* blocks (0..1, 0..1) of a 4 x 3 grid: out[0], out[1], out[4], out[5] */
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "dims", "--grid", "4,3", "--run-blocks",
					   "2,2", "--block", "32", "--size", "out=12", "--dump", "out",
					   NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "403\n403\n0\n0\n403\n403\n0\n0\n0\n0\n0\n0\n");
	tu_run_free(&r);
	/* the summary line names the whole grid and the blocks that ran */
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "dims", "--grid", "4,3", "--run-blocks",
					   "2,2", "--block", "32", "--size", "out=12", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "; grid 4,3,1 block 32,1,1, first 2,2,1 blocks run, seed ") != NULL,
		      "%s", r.out);
	tu_run_free(&r);
	/* a grid launched from device code reads its own gridDim */
	char *cu = tu_tmp_cu(dp_src);
	tu_run_bin(&r, (const char *const[]){ cu, "--kernel", "spawn", "--grid", "8", "--run-blocks", "2",
					   "--size", "out=4", "--dump", "out", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "3\n3\n3\n0\n");
	tu_run_free(&r);
	unlink(cu);
	free(cu);
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "dims", "--grid", "4", "--run-blocks", "8",
					   "--size", "out=12", NULL });
	expect(&r, 2, "the blocks to run (8,1,1) lie outside the grid (4,1,1)", NULL);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "dims", "--run-blocks", "2", NULL });
	expect(&r, 2, "--run-blocks runs part of one launch: it needs exact --grid and --block", NULL);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "dims", "--grid", "4", "--run-blocks",
					   "2,0", "--size", "out=12", NULL });
	expect(&r, 2, "--run-blocks 2,0: expected X[,Y[,Z]] with positive integers", NULL);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
	/* cooperative groups need the toolkit's headers */
	bc = tu_compile_cu_real(cg_grid_src, "-O0");
	if (bc == NULL)
		return;
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "gdiv", "--grid", "4", "--run-blocks",
					   "2", "--size", "0=128", NULL });
	expect(&r, 2, "a cooperative kernel syncs its whole grid", NULL);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

START_TEST(cg_grid_sync)
{
	for (int opt = 0; opt < 2; opt++) {
		char *bc = tu_compile_cu_real(cg_grid_src, opt ? "-O2" : "-O0");
		if (bc == NULL) {
			printf("cooperative groups grid sync: skipped: no CUDA toolkit\n");
			return;
		}
		/* -O2 keeps no parameter names: positions */
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "gsum", "--grid", "64",
						   "--block", "256", "--size", "0=16384", "--size",
						   "1=64", "--size", "2=64", "--init", "0=iota",
						   "--dump", "2", "--dump", "1", NULL });
		ck_assert_msg(r.status == 0, "O%d: status %d: %s", 2 * opt, r.status, r.err);
		expect_output(&r, "0 errors, 0 warnings (0 findings;");
		/* 64 totals of 0 + 1 + ... + 16383, then partial[0] one more */
		const char *o = r.out;
		for (int i = 0; i < 65; i++) {
			const char *want = i < 64 ? "134209536\n" : "134209537\n";
			ck_assert_msg(strncmp(o, want, strlen(want)) == 0, "O%d: line %d: %s",
				      2 * opt, i, r.out);
			o += strlen(want);
		}
		tu_run_free(&r);

		tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "gdiv", "--grid", "3",
						   "--block", "32", "--size", "0=96", NULL });
		ck_assert_msg(r.status == 1, "O%d: %s%s", 2 * opt, r.out, r.err);
		expect_output(&r, ":33:");
		expect_output(&r, "error: grid barrier divergence");
		expect_output(&r, "2 blocks wait at this grid sync; 1 block ended without reaching "
			      "it, the first block (1,0,0)");
		ck_assert_msg(strstr(r.err, "redundant") == NULL && strstr(r.out, "redundant") == NULL,
			      "O%d: %s", 2 * opt, r.out);
		tu_run_free(&r);

		/* 80 SMs of 64 one-warp blocks each hold 2560 */
		tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "gdiv", "--grid", "2561",
						   "--block", "32", "--size", "0=81952", NULL });
		expect(&r, 2, "cooperative launch of 2561 blocks of 32 threads", "at most 2560");
		tu_run_free(&r);
		tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "grank", "--grid", "3000",
						   "--block", "32", "--size", "0=96000", NULL });
		ck_assert_msg(r.status == 0, "O%d: %s%s", 2 * opt, r.out, r.err);
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* Thread-block tiles and coalesced groups, with the toolkit's headers at
** -O0 and -O2: every thread of two blocks of 64 writes what its groups
** say (ranks, a tile's shfl_down sum broadcast by shfl, its ballot, any
** and all, a dynamic tile of 4, a coalesced group in a branch, the block's
** indices and sizes), each value checked; tiles of one warp vote and sync
** over their own lanes only. */
START_TEST(cg_tiles)
{
	static const char src[] =
		"#include <cooperative_groups.h>\n"
		"namespace cg = cooperative_groups;\n"
		"__global__ void tiles(const int *in, int *out)\n"
		"{\n"
		"\tcg::thread_block block = cg::this_thread_block();\n"
		"\tcg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);\n"
		"\tcg::thread_group t4 = cg::tiled_partition(block, 4);\n"
		"\tunsigned r = block.thread_rank();\n"
		"\tunsigned g = blockIdx.x * blockDim.x + r;\n"
		"\tint v = in[g];\n"
		"\tint *o = out + 8 * g;\n"
		"\to[0] = t8.thread_rank() + 100 * t8.meta_group_rank();\n"
		"\tint sum = v;\n"
		"\tfor (int k = 4; k > 0; k /= 2)\n"
		"\t\tsum += t8.shfl_down(sum, k);\n"
		"\to[1] = t8.shfl(sum, 0);\n"
		"\to[2] = t8.ballot(v & 1);\n"
		"\to[3] = t8.any(v == 5) * 2 + t8.all(v < 60);\n"
		"\tt4.sync();\n"
		"\to[4] = t4.thread_rank() + 10 * t4.size();\n"
		"\tif (r % 3 == 0) {\n"
		"\t\tcg::coalesced_group a = cg::coalesced_threads();\n"
		"\t\to[5] = a.size() * 100 + a.thread_rank();\n"
		"\t} else {\n"
		"\t\to[5] = -1;\n"
		"\t}\n"
		"\tblock.sync();\n"
		"\to[6] = block.group_index().x * 1000 + block.thread_index().x;\n"
		"\to[7] = block.size() + block.num_threads();\n"
		"}\n";
	static char want[8192];
	size_t len = 0;
	for (int g = 0; g < 128; g++) {
		int b = g / 64, r = g % 64, tb = g - r % 8;
		int w[8] = { r % 8 + 100 * (r / 8), 8 * tb + 28, 0xaa,
			     (tb <= 5 && 5 < tb + 8 ? 2 : 0) + (tb + 7 < 60),
			     r % 4 + 40, r % 3 ? -1 : 1100 + (r < 32 ? r / 3 : (r - 33) / 3),
			     b * 1000 + r, 128 };
		for (int k = 0; k < 8; k++)
			len += (size_t)snprintf(want + len, sizeof want - len, "%d\n", w[k]);
	}
	for (int opt = 0; opt < 2; opt++) {
		char *bc = tu_compile_cu_real(src, opt ? "-O2" : "-O0");
		if (bc == NULL) {
			printf("cooperative groups tiles: skipped: no CUDA toolkit\n");
			return;
		}
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--grid", "2", "--block", "64",
						   "--size", "0=128", "--size", "1=1024", "--init",
						   "0=iota", "--dump", "1", NULL });
		ck_assert_msg(r.status == 0, "O%d: status %d: %s", 2 * opt, r.status, r.err);
		ck_assert_msg(strcmp(r.out, want) == 0, "O%d: got\n%s", 2 * opt, r.out);
		expect_output(&r, "0 errors");
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* PTX outside the lowered subset: the kernel is named not analysable with
** the instruction and the asm's source line; its neighbour still runs. */
START_TEST(unsupported_asm)
{
	char *bc = tu_compile_cu("__global__ void ldasm(int *p)\n"
				 "{\n"
				 "\tint v; asm volatile(\"suq.width.b32 %0, [%1];\" : \"=r\"(v) : \"l\"(p));\n"
				 "\tp[threadIdx.x] = v;\n"
				 "}\n"
				 "__global__ void carry(unsigned *p)\n"
				 "{\n"
				 "\tunsigned lo, hi;\n"
				 "\tasm(\"add.cc.u32 %0, %2, %2;\\n\\taddc.u32 %1, 0, 0;\" : \"=r\"(lo), \"=r\"(hi) : \"r\"(p[threadIdx.x]));\n"
				 "\tp[threadIdx.x] = lo + 10 * hi;\n"
				 "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "ldasm", "--size", "p=32", NULL });
	expect(&r, 2, "unsupported inline asm instruction 'suq.width.b32'", ":3:");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--list-kernels", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	expect_output(&r, "not analysable");
	ck_assert_msg(strstr(r.out, "carry(unsigned int*)\n  mangled: _Z5carryPj\n  param") != NULL
		      || strstr(r.out, "carry(unsigned int*)\n  mangled: _Z5carryPj\n") != NULL,
		      "carry missing: %s", r.out);
	tu_run_free(&r);
	char *vals = write_tmp("5\n2147483648\n4294967295\n");
	char init[4200];
	snprintf(init, sizeof init, "p=@%s", vals);
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "carry", "--block", "3", "--size", "p=3",
					   "--init", init, "--dump", "p", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "10\n10\n8\n");
	tu_run_free(&r);
	unlink(vals);
	free(vals);
	unlink(bc);
	free(bc);
}
END_TEST

/* A warp-level operation of a header's code inlined into the kernel
** (cooperative groups' reduce, forced inline even at -O0) is reported at
** the kernel's line that calls it, in the kernel's file: not the header's
** line under the kernel's file name (cg.cu:333 for helpers.h:333).  Lanes
** 40..63 skip the reduce that their tile's 32 lanes must all reach. */
START_TEST(header_warp_op_location)
{
	static const char src[] =
		"#include <cooperative_groups.h>\n"
		"#include <cooperative_groups/reduce.h>\n"
		"namespace cg = cooperative_groups;\n"
		"__global__ void norm(float *out, const float *x, int n)\n"
		"{\n"
		"\tcg::thread_block block = cg::this_thread_block();\n"
		"\tcg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tfloat v = i < n ? x[i] * x[i] : 0.0f;\n"
		"\tif (i < n) {\n"
		"\t\tfloat s = cg::reduce(warp, v, cg::plus<float>());\n"
		"\t\tif (warp.thread_rank() == 0)\n"
		"\t\t\tatomicAdd(out, s);\n"
		"\t}\n"
		"}\n";
	char *bc = tu_compile_cu_real(src, "-O0");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--grid", "1", "--block", "64", "--arg", "n=40", "--size",
					   "x=64", "--size", "out=1", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, ":11: error: warp synchronization divergence") != NULL, "%s", r.out);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* At -O2 functions are inlined: an unsupported construct in one names its
** own line and the call site it was inlined at; a race through the
** prelude's inlined atomicAdd is reported at the user's line. */
START_TEST(inlined_header_locations)
{
	char *bc = tu_compile_cu_opt("__device__ __forceinline__ unsigned ld(const unsigned *q)\n"
				     "{ unsigned v; asm volatile(\"suq.width.b32 %0, [%1];\" : \"=r\"(v) : \"l\"(q)); return v; }\n"
				     "__global__ void lda(unsigned *p)\n"
				     "{\n"
				     "\tp[threadIdx.x] = ld(p + 1);\n"
				     "}\n"
				     "__global__ void mix(int *p)\n"
				     "{\n"
				     "\tif (threadIdx.x == 0)\n"
				     "\t\tp[0] = 5;\n"
				     "\telse\n"
				     "\t\tatomicAdd(p, 1);\n"
				     "}\n", "-O2");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--list-kernels", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	expect_output(&r, ":2:");
	expect_output(&r, "(inlined at ");
	expect_output(&r, ":5:");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--kernel", "mix", "--block", "64", "--size", "0=1", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, ":12:");
	/* -O2 keeps no parameter names: named by position */
	expect_output(&r, "data race on global 'arg0[0]'");
	ck_assert_msg(strstr(r.out, "simulee_cuda.h") == NULL, "header location in: %s", r.out);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* ---- reliability (issue 13): inputs that crashed or hit undefined behaviour -- */

/* "$SIMULEE_SRCDIR/tests/data/reliability/NAME" (free it). */
static char *reliability_input(const char *name)
{
	const char *dir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(dir != NULL, "SIMULEE_SRCDIR is not set");
	size_t n = strlen(dir) + strlen(name) + 40;
	char *p = malloc(n);
	ck_assert_ptr_nonnull(p);
	snprintf(p, n, "%s/tests/data/reliability/%s", dir, name);
	return p;
}

/* The lines of S. */
static int count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* A lexical block whose "file:" is a subprogram (the verifier lets it
** through; reading it as a DIFile crashed): a normal run, the location
** named through the kernel's own file. */
START_TEST(difile_not_a_file)
{
	char *in = reliability_input("D1-difile-not-a-file.ll");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ in, NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "k.cu:2:3: warning: data race on global 'a[0]'");
	expect_output(&r, "k: 0 errors, 1 warning");
	tu_run_free(&r);
	free(in);
}
END_TEST

/* GEP index 2^63-1 of an i32 (and of a constant expression's): the
** offset wraps modulo 2^64 to -4, an access one element below 'a'. */
START_TEST(gep_index_wraps)
{
	char *in = reliability_input("D8-gep-index-overflow.ll");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ in, NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "k: error: out-of-bounds access on global 'a[-1]+4'");
	expect_output(&r, "index -1 (below its start)");
	tu_run_free(&r);
	free(in);
}
END_TEST

/* Constant expressions nested DEPTH deep in one store of kernel @k, as IR
** in a temporary file (free and unlink it). */
static char *nested_cexpr(int depth)
{
	const char *head = "target triple = \"nvptx64-nvidia-cuda\"\n"
			   "@g = addrspace(1) global [4 x i32] zeroinitializer\n"
			   "define ptx_kernel void @k(ptr %a) {\n  store ";
	const char *open = "ptr getelementptr (i8, ";
	const char *base = "ptr addrspacecast (ptr addrspace(1) @g to ptr)";
	const char *close = ", i64 1)";
	const char *tail = ", ptr %a, align 8\n  ret void\n}\n";
	size_t n = strlen(head) + (size_t)depth * (strlen(open) + strlen(close))
		   + strlen(base) + strlen(tail) + 1;
	char *t = malloc(n), *q = t;
	ck_assert_ptr_nonnull(t);
	q = stpcpy(q, head);
	for (int i = 0; i < depth; i++)
		q = stpcpy(q, open);
	q = stpcpy(q, base);
	for (int i = 0; i < depth; i++)
		q = stpcpy(q, close);
	stpcpy(q, tail);
	char *path = tu_tmpfile(t, strlen(t));
	free(t);
	return path;
}

/* 2,000 levels: LLVM reads them, the lowering stops at its bound with
** one line for the kernel (and the usual "no kernel" line), status 2. */
START_TEST(cexpr_too_deep)
{
	char *in = nested_cexpr(2000);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ in, NULL });
	expect(&r, 2, "simulee-c: kernel k skipped: constant expression nested deeper than 1000\n",
	       "no kernel can be analysed\n");
	ck_assert_msg(count_lines(r.err) == 2, "stderr: %s", r.err);
	tu_run_free(&r);
	/* within the bound: lowered and run, no finding */
	unlink(in);
	free(in);
	in = nested_cexpr(900);
	tu_run_bin(&r, (const char *const[]){ in, NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "k: 0 errors");
	tu_run_free(&r);
	unlink(in);
	free(in);
}
END_TEST

/* 100,000 levels overflow LLVM's IR parser: the probe child dies (by a
** signal, or by a sanitizer's exit), the input is rejected in one line. */
START_TEST(cexpr_crashes_reader)
{
	char *in = nested_cexpr(100000);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ in, NULL });
	expect(&r, 2, "corrupt LLVM bitcode or IR (the LLVM reader crashed on it", NULL);
	ck_assert_msg(count_lines(r.err) == 1, "stderr: %s", r.err);
	tu_run_free(&r);
	unlink(in);
	free(in);
}
END_TEST

/* A metadata attachment naming an instruction LLVM's reader has freed (a
** use after free inside the reader): the probe child, with freed memory
** filled, crashes on it, so the input is rejected in one line instead of
** the parent's heap being corrupted (docs/FUZZING.md, 2026-11-28).  Kept
** here, not in fuzz/regressions: fuzz_launch's mutator parses its seeds
** in process under ASan, where the child's quarantine hides the damage. */
START_TEST(reader_use_after_free)
{
	char *in = reliability_input("reader-metadata-uaf.bc");
	for (int i = 0; i < 3; i++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ in, "--list-kernels", NULL });
		expect(&r, 2, "corrupt LLVM bitcode or IR (the LLVM reader crashed on it", NULL);
		ck_assert_msg(count_lines(r.err) == 1, "stderr: %s", r.err);
		tu_run_free(&r);
	}
	free(in);
}
END_TEST

/* ---- shards and merges ------------------------------------------------ */

static const char shard_src[] =
	"__global__ void k_race(int *p) { p[0] = threadIdx.x; }\n"
	"__global__ void k_clean(int *p) { p[threadIdx.x] = 1; }\n"
	"__global__ void k_tile(int *p) { __shared__ int t[32]; t[threadIdx.x % 32] = p[threadIdx.x];\n"
	"  p[threadIdx.x] = t[(threadIdx.x + 1) % 32]; }\n"
	"__global__ void k_oob(int *p, int n) { __shared__ int t[8]; t[n] = 1; p[0] = t[0]; }\n"
	"__global__ void k_sync(int *p) { if (threadIdx.x < 16) __syncthreads(); p[threadIdx.x] = 2; }\n";

/* simulee-c BC with the search kept small, FORMAT and, when SHARD is not
** NULL, --shard SHARD; returns its stdout (a temporary file's path in
** *PATH too) after checking its exit status is EXPECT (-1: 0 or 1). */
static char *shard_run(const char *bc, const char *format, const char *shard, int expect,
		       char **path)
{
	const char *args[MAXARGS] = { bc, "--format", format, "--population", "4", "--generations",
				      "1", "--time-limit", "20", "--jobs", "2" };
	int n = 11;
	if (shard) {
		args[n++] = "--shard";
		args[n++] = shard;
	}
	args[n] = NULL;
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(expect < 0 ? r.status == 0 || r.status == 1 : r.status == expect,
		      "status %d: %s", r.status, r.err);
	char *out = strdup(r.out);
	*path = write_tmp(out);
	tu_run_free(&r);
	return out;
}

/* --merge of the files PATHS (N) into its stdout; its exit status in *ST. */
static char *merge_run(char **paths, int n, int *st, char **err)
{
	const char *args[MAXARGS] = { "--merge" };
	for (int i = 0; i < n; i++)
		args[1 + i] = paths[i];
	args[1 + n] = NULL;
	struct tu_run r;
	tu_run_bin(&r, args);
	*st = r.status;
	char *out = strdup(r.out);
	if (err)
		*err = strdup(r.err);
	tu_run_free(&r);
	return out;
}

START_TEST(shard_merge)
{
	char *bc = tu_compile_cu(shard_src);
	for (int sarif = 0; sarif <= 1; sarif++) {
		const char *fmt = sarif ? "sarif" : "json";
		char *all_path;
		char *all = shard_run(bc, fmt, NULL, -1, &all_path);
		cJSON *doc = cJSON_Parse(all);
		ck_assert_ptr_nonnull(doc);
		if (!sarif) {
			cJSON_Delete(doc);
			doc = tu_check_report_json(all);
			/* five kernels, jobs 0..4 in module order, each from the input */
			const cJSON *ks = tu_jat(doc, "kernels");
			ck_assert_int_eq(cJSON_GetArraySize(ks), 5);
			for (int k = 0; k < 5; k++) {
				const cJSON *kk = cJSON_GetArrayItem(ks, k);
				ck_assert_int_eq((int)cJSON_GetObjectItem(kk, "job")->valuedouble, k);
				ck_assert_str_eq(cJSON_GetObjectItem(kk, "input")->valuestring, bc);
			}
		}
		int status = (int)(sarif ? tu_jat(doc, "runs/0/invocations/0/exitCode")
				   : tu_jat(doc, "summary/exit_status"))->valuedouble;
		cJSON_Delete(doc);
		/* three shards (given out of order), or two for SARIF */
		int nsh = sarif ? 2 : 3;
		char *paths[3], *outs[3];
		for (int i = 0; i < nsh; i++) {
			char sh[16];
			snprintf(sh, sizeof sh, "%d/%d", i + 1, nsh);
			outs[i] = shard_run(bc, fmt, sh, -1, &paths[nsh - 1 - i]);
			ck_assert_msg(strstr(outs[i], "\"shard\"") != NULL, "%s", outs[i]);
			ck_assert_msg(strcmp(outs[i], all) != 0, "shard %s is the whole run", sh);
		}
		int st;
		char *merged = merge_run(paths, nsh, &st, NULL);
		ck_assert_int_eq(st, status);
		ck_assert_msg(strcmp(merged, all) == 0, "merged shards differ from the whole run:\n%s\n---\n%s",
			      merged, all);
		free(merged);
		for (int i = 0; i < nsh; i++) {
			unlink(paths[i]);
			free(paths[i]);
			free(outs[i]);
		}
		unlink(all_path);
		free(all_path);
		free(all);
	}
	free(bc);
}
END_TEST

/* ---- one mistake in a template ---------------------------------------- */

/* A race on shared acc[0] in a template's source, instantiated at three
** block sizes (TPL_ONE: only tsum<64> has it). */
#define TPL_SRC(cond) \
	"template <int B>\n" \
	"__global__ void tsum(const float *in, float *out)\n" \
	"{\n" \
	"	__shared__ float acc[1];\n" \
	"	int t = threadIdx.x;\n" \
	"	if (" cond ")\n" \
	"		acc[0] += in[blockIdx.x * B + t];\n" \
	"	else if (t == 0)\n" \
	"		acc[0] = 0;\n" \
	"	__syncthreads();\n" \
	"	if (t == 0)\n" \
	"		out[blockIdx.x] = acc[0];\n" \
	"}\n" \
	"template __global__ void tsum<32>(const float *, float *);\n" \
	"template __global__ void tsum<64>(const float *, float *);\n" \
	"template __global__ void tsum<128>(const float *, float *);\n"

static const char tpl_all[] = TPL_SRC("t < B");
static const char tpl_one[] = TPL_SRC("B == 64 && t < B");

/* simulee-c BC --seed 1 in FORMAT (SHARD: --shard SHARD, or NULL), which
** finds an error; its stdout, in *PATH too. */
static char *tpl_run(const char *bc, const char *format, const char *shard, char **path)
{
	const char *args[MAXARGS] = { bc, "--format", format, "--seed", "1", "--jobs", "2",
				      "--time-limit", "20" };
	int n = 9;
	if (shard) {
		args[n++] = "--shard";
		args[n++] = shard;
	}
	args[n] = NULL;
	struct tu_run r;
	tu_run_bin(&r, args);
	/* a shard may hold no error */
	ck_assert_msg(r.status == 1 || (shard && r.status == 0), "status %d: %s", r.status, r.err);
	char *out = strdup(r.out);
	*path = write_tmp(out);
	tu_run_free(&r);
	return out;
}

/* How many times NEEDLE occurs in S. */
static int occurs(const char *s, const char *needle)
{
	int n = 0;
	for (const char *p = s; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

START_TEST(template_instances)
{
	if (!tu_need_clang("template_instances", 0))
		return;
	for (int one = 0; one <= 1; one++) {
		char *bc = tu_compile_cu(one ? tpl_one : tpl_all);
		char *p[5];
		/* text: the race once, naming the other instantiations */
		char *text = tpl_run(bc, "text", NULL, &p[0]);
		ck_assert_int_eq(occurs(text, "error: data race on shared 'acc"), 1);
		ck_assert_msg(strstr(text, one ? ": 1 error, 1 warning (2 findings;"
				      : ": 1 error, 0 warnings (1 finding;") != NULL, "%s", text);
		if (one) {
			ck_assert_msg(strstr(text, "the same mistake in 1 more instantiation of tsum: "
					       "<128>\n") != NULL, "%s", text);
			ck_assert_msg(strstr(text, "in void tsum<64>") != NULL, "%s", text);
		} else {
			ck_assert_msg(strstr(text, "  the same mistake in 2 more instantiations of tsum: "
					       "<64>, <128>\n") != NULL, "%s", text);
			ck_assert_msg(strstr(text, "in void tsum<32>") != NULL, "%s", text);
		}
		/* JSON: one race, every instantiation listed; the twin's
		** redundant barrier in tsum<32> and tsum<128> is one warning */
		char *json = tpl_run(bc, "json", NULL, &p[1]);
		cJSON *doc = tu_check_report_json(json);
		ck_assert_int_eq((int)tu_jat(doc, "summary/errors")->valuedouble, 1);
		ck_assert_int_eq((int)tu_jat(doc, "summary/findings")->valuedouble, one ? 2 : 1);
		const cJSON *race = NULL, *f;
		cJSON_ArrayForEach(f, tu_jat(doc, "findings"))
			if (strcmp(cJSON_GetObjectItem(f, "kind")->valuestring, "data-race") == 0) {
				ck_assert_ptr_null(race);
				race = f;
			}
		ck_assert_ptr_nonnull(race);
		const cJSON *inst = cJSON_GetObjectItem(race, "instantiations");
		ck_assert_int_eq(cJSON_GetArraySize(inst), one ? 0 : 3);
		for (int i = 0; !one && i < 3; i++)
			ck_assert_int_eq((int)cJSON_GetObjectItem(cJSON_GetArrayItem(inst, i), "kernel")
					 ->valuedouble, i);
		ck_assert_int_eq((int)cJSON_GetObjectItem(race, "kernel")->valuedouble, one ? 1 : 0);
		/* every member's launch is one of the race's kernel, after the merge */
		const cJSON *mb;
		cJSON_ArrayForEach(mb, cJSON_GetObjectItem(race, "members")) {
			int l = (int)cJSON_GetObjectItem(mb, "launch")->valuedouble;
			const cJSON *la = cJSON_GetArrayItem(tu_jat(doc, "launches"), l);
			ck_assert_int_eq((int)cJSON_GetObjectItem(la, "kernel")->valuedouble, one ? 1 : 0);
		}
		cJSON_Delete(doc);
		/* SARIF: one result for the race */
		char *sarif = tpl_run(bc, "sarif", NULL, &p[2]);
		doc = cJSON_Parse(sarif);
		int races = 0;
		cJSON_ArrayForEach(f, tu_jat(doc, "runs/0/results")) {
			if (strcmp(cJSON_GetObjectItem(f, "ruleId")->valuestring, "data-race") != 0)
				continue;
			races++;
			const cJSON *si = cJSON_GetObjectItem(cJSON_GetObjectItem(f, "properties"),
							      "instantiations");
			ck_assert_int_eq(cJSON_GetArraySize(si), one ? 0 : 3);
		}
		ck_assert_int_eq(races, 1);
		ck_assert_int_eq(cJSON_GetArraySize(tu_jat(doc, "runs/0/results")), one ? 2 : 1);
		cJSON_Delete(doc);
		/* the shards' merge is the whole run's (tsum<64> alone in one) */
		for (int sf = 0; sf < 2; sf++) {
			const char *fmt = sf ? "sarif" : "json";
			char *s1 = tpl_run(bc, fmt, "1/2", &p[3]), *s2 = tpl_run(bc, fmt, "2/2", &p[4]);
			int st;
			char *merged = merge_run(&p[3], 2, &st, NULL);
			ck_assert_int_eq(st, 1);
			ck_assert_msg(strcmp(merged, sf ? sarif : json) == 0, "merged shards differ:\n%s\n---\n%s",
				      merged, sf ? sarif : json);
			free(merged);
			free(s1);
			free(s2);
			for (int i = 3; i < 5; i++) {
				unlink(p[i]);
				free(p[i]);
			}
		}
		for (int i = 0; i < 3; i++) {
			unlink(p[i]);
			free(p[i]);
		}
		free(text);
		free(json);
		free(sarif);
		free(bc);
	}
}
END_TEST

START_TEST(merge_errors)
{
	char *bc = tu_compile_cu(shard_src);
	char *p[4], *o[4], *err;
	int st;
	o[0] = shard_run(bc, "json", "1/3", -1, &p[0]);
	o[1] = shard_run(bc, "json", "2/3", -1, &p[1]);
	o[2] = shard_run(bc, "sarif", "3/3", -1, &p[2]);
	o[3] = shard_run(bc, "json", NULL, -1, &p[3]);
	struct { char *files[3]; int n; const char *needle; } cases[] = {
		{ { p[0], p[1] }, 2, "shard 3/3 is missing" },
		{ { p[0], p[0], p[1] }, 3, "shard 1/3 is given twice" },
		{ { p[0], p[2] }, 2, "merge reports of one format" },
		{ { p[3] }, 1, "not a shard" },
		{ { bc }, 1, "not JSON" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		free(merge_run(cases[i].files, cases[i].n, &st, &err));
		ck_assert_msg(st == 2 && strstr(err, cases[i].needle) != NULL && count_lines(err) == 1,
			      "case %zu: status %d: %s", i, st, err);
		free(err);
	}
	/* a shard of another run (another seed) */
	const char *args[] = { bc, "--format", "json", "--population", "4", "--generations", "1",
			       "--seed", "9", "--shard", "3/3", NULL };
	struct tu_run r;
	tu_run_bin(&r, args);
	char *other = write_tmp(r.out);
	tu_run_free(&r);
	char *mix[3] = { p[0], p[1], other };
	free(merge_run(mix, 3, &st, &err));
	ck_assert_msg(st == 2 && strstr(err, "\"seed\" differs") != NULL, "%d %s", st, err);
	free(err);
	/* --shard takes I/N with 1 <= I <= N, and the search */
	static const char *const bad[] = { "0/3", "4/3", "3", "a/b", "1/0" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		bad_input(bc, (const char *const[]){ "--shard", bad[i], NULL }, "--shard", "I/N");
	bad_input(bc, (const char *const[]){ "--shard", "1/2", "--grid", "1", "--kernel", "k_race",
					     NULL }, "--shard", "needs the search");
	bad_input(bc, (const char *const[]){ bc, "--grid", "1", "--kernel", "k_race", NULL },
		  "a fixed launch", NULL);
	unlink(other);
	free(other);
	for (int i = 0; i < 4; i++) {
		unlink(p[i]);
		free(p[i]);
		free(o[i]);
	}
	free(bc);
}
END_TEST

/* Several inputs: one report, each kernel with its file; the text's
** summary counts them all. */
START_TEST(several_inputs)
{
	char *a = tu_compile_cu("__global__ void first(int *p) { p[0] = threadIdx.x; }\n");
	char *b = tu_compile_cu("__global__ void second(int *p) { p[threadIdx.x] = 1; }\n"
				"__global__ void third(int *p) { p[threadIdx.x] = 2; }\n");
	const char *args[] = { a, b, "--population", "4", "--generations", "1", NULL };
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "simulee-c: 3 kernels: 1 error, 0 warnings") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "first(int*): searched") && strstr(r.out, "third(int*): searched"),
		      "%s", r.out);
	tu_run_free(&r);
	const char *jargs[] = { a, b, "--population", "4", "--generations", "1", "--format", "json",
				"--shard", "2/2", NULL };
	tu_run_bin(&r, jargs);
	cJSON *doc = tu_check_report_json(r.out);
	/* jobs 0 (first), 1 (second), 2 (third): the second shard holds job 1 */
	ck_assert_int_eq(cJSON_GetArraySize(tu_jat(doc, "kernels")), 1);
	ck_assert_str_eq(tu_jat(doc, "kernels/0/input")->valuestring, b);
	ck_assert_str_eq(tu_jat(doc, "kernels/0/demangled")->valuestring, "second(int*)");
	ck_assert_int_eq((int)tu_jat(doc, "shard/jobs")->valuedouble, 3);
	ck_assert(cJSON_IsNull(tu_jat(doc, "input")));
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* a missing one among several: one line, exit 2, nothing analysed */
	const char *margs[] = { a, "/nonexistent/k.bc", b, NULL };
	tu_run_bin(&r, margs);
	ck_assert_msg(r.status == 2 && strstr(r.err, "/nonexistent/k.bc: No such file") != NULL
		      && count_lines(r.err) == 1 && r.out[0] == '\0', "%d %s", r.status, r.err);
	tu_run_free(&r);
	free(a);
	free(b);
}
END_TEST

/* DIR/NAME with TEXT in it; returns the path (free it). */
static char *put_file(const char *dir, const char *name, const char *text)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);
	ck_assert_ptr_nonnull(p);
	snprintf(p, n, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	ck_assert_msg(f != NULL, "%s", p);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	return p;
}

/* The number of lines of S that start with PREFIX. */
static int lines_with_prefix(const char *s, const char *prefix)
{
	int n = 0;
	size_t pl = strlen(prefix);
	for (const char *p = s; *p; ) {
		n += strncmp(p, prefix, pl) == 0;
		const char *nl = strchr(p, '\n');
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return n;
}

/* A launch inside a wrapper whose grid and scalars are its parameters
** is a host launch with the values a C++ file among the inputs passes
** (compiled for its calls, with the prelude too), and no host launch
** when nothing read calls the wrapper. */
START_TEST(host_wrapper_callers)
{
	char tmpl[] = "/tmp/simulee-cli-wrapper-XXXXXX";
	char *dir = mkdtemp(tmpl);
	ck_assert_ptr_nonnull(dir);
	char *cu = put_file(dir, "wk.cu", "__global__ void wk(int *a, int n)\n"
			    "{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] = i; }\n"
			    "extern \"C\" void launch_wk(int n, int *d) { wk<<<(n + 31) / 32, 32>>>(d, n); }\n");
	char *cpp = put_file(dir, "wmain.cpp", "extern \"C\" void launch_wk(int n, int *d);\n"
			     "int main() { launch_wk(64, 0); launch_wk(100, 0); return 0; }\n");
	for (int alone = 0; alone < 2; alone++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ "--prelude", "--format=json", "--population", "4",
						      "--generations", "1", cu, alone ? NULL : cpp, NULL });
		ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
		ck_assert_msg(strstr(r.err, "warning") == NULL, "%s", r.err);
		cJSON *doc = tu_check_report_json(r.out);
		const cJSON *k = cJSON_GetArrayItem(tu_jat(doc, "kernels"), 0);
		ck_assert_ptr_nonnull(k);
		ck_assert_int_eq(cJSON_IsTrue(cJSON_GetObjectItem(k, "host_sites")), !alone);
		cJSON_Delete(doc);
		tu_run_free(&r);
	}
	unlink(cu);
	unlink(cpp);
	free(cu);
	free(cpp);
	rmdir(dir);
}
END_TEST

/* Host code among the inputs (a C or C++ file, a .cu without a kernel),
** named on the command line or in a compile database: a one-line note for
** each and the others analysed; as the one input, one error line.  A .cpp
** its database entry compiles as CUDA is CUDA. */
START_TEST(host_only_inputs)
{
	char tmpl[] = "/tmp/simulee-cli-hostonly-XXXXXX";
	char *dir = mkdtemp(tmpl);
	ck_assert_ptr_nonnull(dir);
	char *files[] = {
		put_file(dir, "k.cu", "__global__ void k(int *a) { a[threadIdx.x] = 1; }\n"
				      "void run(int *d) { k<<<1, 32>>>(d); }\n"),
		put_file(dir, "main.cpp", "void run(int *d);\nint main() { run(0); return 0; }\n"),
		put_file(dir, "util.c", "int add(int a, int b) { return a + b; }\n"),
		put_file(dir, "host.cu", "int main() { int *d; cudaMalloc(&d, 128); return 0; }\n"),
		put_file(dir, "dev.cpp", "__global__ void dev(int *a) { a[threadIdx.x] = 2; }\n"),
		NULL,
	};
	char db[4096];
	snprintf(db, sizeof db,
		 "[ { \"directory\": \"%s\", \"file\": \"k.cu\", \"command\": \"nvcc -c k.cu\" },\n"
		 "  { \"directory\": \"%s\", \"file\": \"main.cpp\", \"command\": \"g++ -c main.cpp\" },\n"
		 "  { \"directory\": \"%s\", \"file\": \"host.cu\", \"command\": \"nvcc -c host.cu\" },\n"
		 "  { \"directory\": \"%s\", \"file\": \"dev.cpp\",\n"
		 "    \"command\": \"clang++ -x cuda -c dev.cpp\" } ]\n", dir, dir, dir, dir);
	char *dbf = put_file(dir, "compile_commands.json", db);
	struct tu_run r;
	/* several inputs: k.cu searched, the three others one note each */
	tu_run_bin(&r, (const char *const[]){ "--prelude", files[0], files[1], files[2], files[3],
					      "--population", "4", "--generations", "1", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "k(int*)") != NULL, "%s", r.out);
	ck_assert_int_eq(lines_with_prefix(r.err, "simulee-c: note: "), 3);
	ck_assert_int_eq(count_lines(r.err), 3);
	ck_assert_msg(strstr(r.err, "main.cpp: host code only (a C or C++ file, not CUDA); skipped")
		      && strstr(r.err, "host.cu: host code only (no __global__ function); skipped"),
		      "%s", r.err);
	tu_run_free(&r);
	/* -p: dev.cpp is CUDA by its entry, main.cpp and host.cu are notes */
	tu_run_bin(&r, (const char *const[]){ "--prelude", "-p", dir, "--list-kernels", files[0],
					      files[1], files[3], files[4], NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "k(int*)") && strstr(r.out, "dev(int*)"), "%s", r.out);
	ck_assert_int_eq(lines_with_prefix(r.err, "simulee-c: note: "), 2);
	ck_assert_int_eq(count_lines(r.err), 2);
	tu_run_free(&r);
	/* -p alone: every CUDA TU; host.cu a note (main.cpp is not CUDA) */
	tu_run_bin(&r, (const char *const[]){ "--prelude", "-p", dir, "--population", "4",
					      "--generations", "1", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "k(int*)") && strstr(r.out, "dev(int*)"), "%s", r.out);
	ck_assert_int_eq(lines_with_prefix(r.err, "simulee-c: note: "), 1);
	ck_assert_int_eq(count_lines(r.err), 1);
	tu_run_free(&r);
	/* the one input: one line, exit 2, no temporary file named */
	for (int i = 1; i <= 3; i++) {
		tu_run_bin(&r, (const char *const[]){ "--prelude", files[i], NULL });
		ck_assert_msg(r.status == 2 && count_lines(r.err) == 1
			      && strstr(r.err, "host code only") != NULL
			      && strstr(r.err, "holds no code") == NULL && strstr(r.err, "/simulee-c-") == NULL,
			      "%s: status %d: %s", files[i], r.status, r.err);
		tu_run_free(&r);
	}
	for (int i = 0; files[i] != NULL; i++) {
		unlink(files[i]);
		free(files[i]);
	}
	unlink(dbf);
	free(dbf);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* --replay in the search: a reproduction per finding shown, named by kind
** and fingerprint; a directory that cannot be made is one error line. */
START_TEST(replay_search)
{
	char *bc = tu_compile_cu(shard_src);
	char tmpl[] = "/tmp/simulee-cli-replay-XXXXXX";
	char *dir = mkdtemp(tmpl);
	ck_assert_ptr_nonnull(dir);
	char out[256];
	snprintf(out, sizeof out, "%s/repros", dir);
	const char *args[] = { bc, "--kernel", "k_oob", "--population", "4", "--generations", "1",
			       "--format", "json", "--replay", out, NULL };
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	int nf = cJSON_GetArraySize(tu_jat(doc, "findings"));
	ck_assert_int_ge(nf, 1);
	char want[64];
	snprintf(want, sizeof want, "reproduction%s written to", nf == 1 ? "" : "s");
	ck_assert_msg(strstr(r.err, want) != NULL, "%s", r.err);
	/* the out-of-bounds one: memcheck, and its launch uploads n as 4 bytes */
	int found = 0;
	DIR *d = opendir(out);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "out-of-bounds-", 14) != 0)
			continue;
		found++;
		char p[1024];
		snprintf(p, sizeof p, "%s/%s/run.sh", out, e->d_name);
		FILE *f = fopen(p, "r");
		ck_assert_ptr_nonnull(f);
		char buf[4096];
		size_t n = fread(buf, 1, sizeof buf - 1, f);
		buf[n] = '\0';
		fclose(f);
		ck_assert_msg(strstr(buf, "--tool memcheck") != NULL, "%s", buf);
		snprintf(p, sizeof p, "%s/%s/launch.txt", out, e->d_name);
		f = fopen(p, "r");
		ck_assert_ptr_nonnull(f);
		n = fread(buf, 1, sizeof buf - 1, f);
		buf[n] = '\0';
		fclose(f);
		ck_assert_msg(strstr(buf, "kernel _Z5k_oobPii\n") && strstr(buf, "\nvalue n ")
			      && strstr(buf, "\nbuffer p i32 "), "%s", buf);
		const char *v = strstr(buf, "\nvalue n ") + 9;
		ck_assert_int_eq((int)strcspn(v, "\n"), 8);
	}
	closedir(d);
	ck_assert_int_eq(found, 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
	/* a file where the directory should go */
	char *file = write_tmp("x");
	bad_input(bc, (const char *const[]){ "--kernel", "k_oob", "--population", "4",
					     "--generations", "1", "--replay", file, NULL },
		  "--replay", NULL);
	unlink(file);
	free(file);
	const char *rm[] = { "/bin/rm", "-rf", dir, NULL };
	ck_assert_int_eq(tu_run(&r, rm), 0);
	tu_run_free(&r);
	free(bc);
}
END_TEST

/* Reads DIR/NAME into BUF (N bytes); 0 when there is no such file. */
static int read_in(const char *dir, const char *name, char *buf, size_t n)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "r");
	if (f == NULL)
		return 0;
	size_t k = fread(buf, 1, n - 1, f);
	buf[k] = '\0';
	fclose(f);
	return 1;
}

/* Counts the reproductions under DIR whose README holds NEEDLE and which
** have (HAS) or lack a run.sh and kernel.ptx; fails on any other. */
static int repros_with(const char *dir, const char *needle, int has)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char sub[1024], buf[8192];
		snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
		ck_assert(read_in(sub, "README", buf, sizeof buf));
		ck_assert_msg(strstr(buf, needle) != NULL, "%s: %s", e->d_name, buf);
		ck_assert_int_eq(read_in(sub, "run.sh", buf, sizeof buf), has);
		ck_assert_int_eq(read_in(sub, "kernel.ptx", buf, sizeof buf), has);
		ck_assert(read_in(sub, "ptx.log", buf, sizeof buf));
		n++;
	}
	closedir(d);
	return n;
}

/* Legacy warp intrinsics (__shfl_down without _sync, gone from sm_70):
** the PTX is made for sm_60, which has them.  With an sm_70 intrinsic
** beside them no PTX can be made: each reproduction's README says why and
** names the command, llc's crash goes to ptx.log, and the report and exit
** status are those of the run without --replay.  DIR's parents are made. */
START_TEST(replay_legacy_intrinsics)
{
	if (!tu_need_clang("replay_legacy_intrinsics", 0))
		return;
	static const char *const src[2] = {
		"__global__ void red(int *out, const int *in)\n"
		"{\n"
		"	__shared__ int s[32];\n"
		"	int v = in[threadIdx.x];\n"
		"	v += __shfl_down(v, 1);\n"
		"	s[threadIdx.x % 32] = v;\n"
		"	out[blockIdx.x] = s[(threadIdx.x + 1) % 32];\n"
		"}\n",
		"__global__ void red(int *out, const int *in)\n"
		"{\n"
		"	__shared__ int s[32];\n"
		"	int v = in[threadIdx.x];\n"
		"	v += __shfl_down(v, 1);\n"
		"	v += (int)__match_any_sync(0xffffffffu, v);\n"
		"	s[threadIdx.x % 32] = v;\n"
		"	out[blockIdx.x] = s[(threadIdx.x + 1) % 32];\n"
		"}\n",
	};
	for (int k = 0; k < 2; k++) {
		char *cu = tu_tmp_cu(src[k]);
		char tmpl[] = "/tmp/simulee-cli-legacy-XXXXXX";
		char *dir = mkdtemp(tmpl);
		ck_assert_ptr_nonnull(dir);
		char out[256];
		snprintf(out, sizeof out, "%s/a/b", dir);
		struct tu_run plain, r;
		tu_run_bin(&plain, (const char *const[]){ cu, "--generations", "2", NULL });
		tu_run_bin(&r, (const char *const[]){ cu, "--generations", "2", "--replay", out, NULL });
		ck_assert_msg(plain.status == 1, "%d %s", plain.status, plain.err);
		ck_assert_int_eq(r.status, plain.status);
		ck_assert_str_eq(r.out, plain.out);
		ck_assert_msg(strstr(r.err, "LLVM ERROR") == NULL && strstr(r.err, "Stack dump") == NULL,
			      "%s", r.err);
		int n;
		if (k == 0) {
			n = repros_with(out, "# the PTX is for sm_60: llc could not make sm_70 code", 1);
			ck_assert_msg(strstr(r.err, "without PTX") == NULL, "%s", r.err);
		} else {
			n = repros_with(out, "# not reproducible: no PTX could be made of the kernel: llc "
				       "could not make PTX of it (llc was killed by signal 6); the command: ", 0);
			char want[64];
			snprintf(want, sizeof want, " (%d without PTX, which LLVM", n);
			ck_assert_msg(strstr(r.err, want) != NULL, "%s", r.err);
		}
		ck_assert_int_ge(n, 1);
		tu_run_free(&plain);
		tu_run_free(&r);
		const char *rm[] = { "/bin/rm", "-rf", dir, cu, NULL };
		ck_assert_int_eq(tu_run(&r, rm), 0);
		tu_run_free(&r);
		free(cu);
	}
}
END_TEST

/* The comparison of repeated runs (kernels/replay/compare.h, a part of
** every reproduction's repro.c), compiled here as plain C: results are
** counted as distinct by their buffers' digests, each buffer's contents
** are counted, and the first difference is found by element. */
START_TEST(replay_compare)
{
	ck_assert(cmp_hash(CMP_HASH_SEED, "", 0) == CMP_HASH_SEED);
	/* FNV-1a of "a", the published value */
	ck_assert(cmp_hash(CMP_HASH_SEED, "a", 1) == UINT64_C(0xaf63dc4c8601ec8c));
	int x[4] = { 1, 2, 3, 4 }, y[4] = { 1, 2, 9, 4 };
	uint64_t hx = cmp_hash(CMP_HASH_SEED, x, sizeof x), hy = cmp_hash(CMP_HASH_SEED, y, sizeof y);
	ck_assert(hx != hy);
	ck_assert_int_eq((int)cmp_first_difference(x, y, sizeof x, sizeof x[0]), 2);
	ck_assert_int_eq((int)cmp_first_difference(x, x, sizeof x, sizeof x[0]), -1);
	ck_assert_int_eq((int)cmp_first_difference(x, y, sizeof x, 1), 8);
	struct cmp_runs t;
	ck_assert_int_eq(cmp_init(&t, 2, 5), 0);
	ck_assert_int_eq(cmp_distinct(&t), 0);
	/* runs: (x, x) (x, x) (y, x) (x, y) (y, x): three distinct results,
	** each buffer two contents */
	const uint64_t rows[5][2] = { { hx, hx }, { hx, hx }, { hy, hx }, { hx, hy }, { hy, hx } };
	for (int r = 0; r < 5; r++) {
		ck_assert_int_eq(cmp_add(&t, rows[r]), r);
		ck_assert_int_eq(cmp_distinct(&t), r < 2 ? 1 : r == 2 ? 2 : 3);
	}
	ck_assert_int_eq(cmp_add(&t, rows[0]), -1);	/* full */
	ck_assert(cmp_same(&t, 0, 1) && cmp_same(&t, 2, 4) && !cmp_same(&t, 2, 3));
	ck_assert_int_eq(cmp_buffer_distinct(&t, 0), 2);
	ck_assert_int_eq(cmp_buffer_distinct(&t, 1), 2);
	cmp_free(&t);
	/* a launch with no buffer: every run the same, empty result */
	ck_assert_int_eq(cmp_init(&t, 0, 3), 0);
	for (int r = 0; r < 3; r++)
		ck_assert_int_eq(cmp_add(&t, NULL), r);
	ck_assert_int_eq(cmp_distinct(&t), 1);
	cmp_free(&t);
}
END_TEST

/* Runs ARGV (NULL-terminated) with LD_LIBRARY_PATH=LIB and
** SIMULEE_MOCK_CUDA=MODE in its environment; checks its exit status is
** STATUS and that its output holds WANT. */
static void run_mocked(const char *lib, const char *mode, const char *const *argv, int status,
		       const char *want)
{
	const char *av[16];
	char ld[600], mm[64];
	snprintf(ld, sizeof ld, "LD_LIBRARY_PATH=%s", lib);
	snprintf(mm, sizeof mm, "SIMULEE_MOCK_CUDA=%s", mode);
	int n = 0;
	av[n++] = "/usr/bin/env";
	av[n++] = ld;
	av[n++] = mm;
	av[n++] = "SIMULEE_REPLAY_TIMEOUT=1";
	for (int i = 0; argv[i] != NULL && n < 15; i++)
		av[n++] = argv[i];
	av[n] = NULL;
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, av), 0);
	ck_assert_msg(r.status == status && strstr(r.out, want) != NULL,
		      "%s %s: status %d (want %d), no \"%s\" in:\n%s%s", mode, argv[0], r.status,
		      status, want, r.out, r.err);
	tu_run_free(&r);
}

/* Writes the reproductions of the kernel of source SRC, analysed with
** OPTS (NULL-terminated, at most 12), to TMPL's new directory (mkdtemp) /r,
** its path into OUT (N bytes); the run reports an error.  Returns the
** directory made, for the caller to remove. */
static char *replay_made(const char *src, const char *const *opts, char *tmpl, char *out, size_t n)
{
	char *bc = tu_compile_cu(src);
	char *dir = mkdtemp(tmpl);
	ck_assert_ptr_nonnull(dir);
	snprintf(out, n, "%s/r", dir);
	const char *av[16];
	int k = 0;
	av[k++] = bc;
	for (int i = 0; opts[i] != NULL && k < 13; i++)
		av[k++] = opts[i];
	av[k++] = "--replay";
	av[k++] = out;
	av[k] = NULL;
	struct tu_run r;
	tu_run_bin(&r, av);
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
	return dir;
}

/*
** A race on global memory, a __device__ variable's and a buffer's: its
** reproduction's run.sh runs the launch many times ($RUNS: ./run.sh N,
** SIMULEE_REPLAY_RUNS, 50) and compares the results, which launch.txt's
** `global` line extends to the variable.  With a toolkit, the program
** builds with nvcc and runs against a stand-in driver
** (tests/data/replay/mock_libcuda.c): one result is not confirmed,
** several are, a failed launch and a hang are their own lines, and
** run.sh's exit status follows.
*/
START_TEST(replay_repeat)
{
	char tmpl[] = "/tmp/simulee-cli-repeat-XXXXXX", out[256];
	char *dir = replay_made("__device__ int total;\n"
				"__global__ void sum(const int *in, int *out)\n"
				"{\n"
				"	if (threadIdx.x == 0) {\n"
				"		total += in[blockIdx.x];\n"
				"		out[0] = total;\n"
				"	}\n"
				"}\n",
				(const char *const[]){ "--grid", "2", "--block", "32", "--size", "in=2",
						       "--size", "out=1", NULL },
				tmpl, out, sizeof out);
	struct tu_run r;
	DIR *d = opendir(out);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	char sub[1024] = "";
	int races = 0;
	static char buf[65536];
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "data-race-", 10) != 0)
			continue;
		races++;
		snprintf(sub, sizeof sub, "%s/%s", out, e->d_name);
		ck_assert(read_in(sub, "run.sh", buf, sizeof buf));
		ck_assert_msg(strstr(buf, "RUNS=${1:-${SIMULEE_REPLAY_RUNS:-50}}\n")
			      && strstr(buf, "./repro --repeat \"$RUNS\" --timeout \"$limit\"")
			      && strstr(buf, "4) echo \"simulee-c replay: $v: the results depend on the "
					"schedule\"; exit 0;;")
			      && strstr(buf, "--tool") == NULL, "%s", buf);
		ck_assert(read_in(sub, "launch.txt", buf, sizeof buf));
		ck_assert_msg(strstr(buf, "\nglobal total 4\n") && !strstr(buf, "global threadIdx"),
			      "%s", buf);
		ck_assert(read_in(sub, "README", buf, sizeof buf));
		ck_assert_msg(strstr(buf, "# confirm with: ./run.sh (the launch run 50 times"), "%s", buf);
		ck_assert(read_in(sub, "Makefile", buf, sizeof buf));
		ck_assert_msg(strstr(buf, "repro: repro.c compare.h\n"), "%s", buf);
		/* compare.h is the one the tests compile */
		ck_assert(read_in(sub, "compare.h", buf, sizeof buf));
		static char want[65536];
		ck_assert(read_in(tu_env("SIMULEE_SRCDIR"), "kernels/replay/compare.h", want, sizeof want));
		ck_assert_str_eq(buf, want);
	}
	closedir(d);
	ck_assert_int_ge(races, 1);
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	char nvcc[512];
	snprintf(nvcc, sizeof nvcc, "%s/bin/nvcc", cuda ? cuda : "");
	if (cuda == NULL || access(nvcc, X_OK) != 0) {
		printf("replay_repeat: no toolkit: repro not built or run\n");
	} else {
		char repro[1100], src[1100], lib[600], mock[1100];
		snprintf(repro, sizeof repro, "%s/repro", sub);
		snprintf(src, sizeof src, "%s/repro.c", sub);
		snprintf(lib, sizeof lib, "%s/lib", dir);
		ck_assert_int_eq(mkdir(lib, 0755), 0);
		snprintf(mock, sizeof mock, "%s/libcuda.so.1", lib);
		char *mock_src = xasprintf("%s/tests/data/replay/mock_libcuda.c", tu_env("SIMULEE_SRCDIR"));
		const char *b1[] = { nvcc, "-O2", "-o", repro, src, "-ldl", NULL };
		const char *b2[] = { nvcc, "-shared", "-Xcompiler", "-fPIC", "-o", mock, mock_src, NULL };
		const char *const *builds[] = { b1, b2 };
		for (int k = 0; k < 2; k++) {
			ck_assert_int_eq(tu_run(&r, builds[k]), 0);
			ck_assert_msg(r.status == 0, "nvcc %s: %s%s", k ? "mock_libcuda.c" : "repro.c",
				      r.out, r.err);
			tu_run_free(&r);
		}
		free(mock_src);
		char lt[1100];
		snprintf(lt, sizeof lt, "%s/launch.txt", sub);
		const char *rep[] = { repro, "--repeat", "5", "--timeout", "0.2", lt, NULL };
		run_mocked(lib, "same", rep, 0, "repro: NOT CONFIRMED: 1 distinct result in 5 runs "
			   "(the schedule did not change the outcome here)\n");
		run_mocked(lib, "differ", rep, 4, "repro: CONFIRMED: 3 distinct results in 5 runs\n");
		run_mocked(lib, "differ", rep, 4, "repro: buffer out: 3 distinct contents; run 2 first "
			   "differs from run 1 at element 0 (");
		run_mocked(lib, "fail", rep, 1, "repro: LAUNCH FAILED in run 2 of 5: "
			   "CUDA_ERROR_LAUNCH_FAILED");
		run_mocked(lib, "hang", rep, 3, "repro: HUNG: run 1 of 5 did not finish in 0.2 s\n");
		const char *once[] = { repro, lt, NULL };
		run_mocked(lib, "same", once, 0, "ran to completion");
		char sh[1100];
		snprintf(sh, sizeof sh, "%s/run.sh", sub);
		const char *run_sh[] = { "/bin/sh", sh, "4", NULL };
		run_mocked(lib, "same", run_sh, 1, "simulee-c replay: NOT CONFIRMED: 1 distinct result "
			   "in 4 runs");
		run_mocked(lib, "differ", run_sh, 0, "simulee-c replay: CONFIRMED: 3 distinct results in "
			   "4 runs: the results depend on the schedule\n");
		run_mocked(lib, "fail", run_sh, 2, "simulee-c replay: LAUNCH FAILED in run 2 of 4: ");
		run_mocked(lib, "hang", run_sh, 2, "simulee-c replay: HUNG: run 1 of 4 did not finish in "
			   "1 s (a hang, not a difference between runs)\n");
	}
	const char *rm[] = { "/bin/rm", "-rf", dir, NULL };
	ck_assert_int_eq(tu_run(&r, rm), 0);
	tu_run_free(&r);
}
END_TEST

/* Writes TEXT to DIR/NAME with mode MODE. */
static void write_in(const char *dir, const char *name, const char *text, mode_t mode)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	ck_assert_int_eq(chmod(p, mode), 0);
}

/*
** How run.sh calls compute-sanitizer, with a stand-in tool
** ($COMPUTE_SANITIZER) and program (no GPU, no nvcc): a tool stopped by
** the time limit after its log holds the error (initcheck printing
** thousands of uninitialised reads ran past a 20 s limit on an H200)
** confirms the reproduction, one that holds none could not run it; and
** memcheck pads allocations where the tool has --padding (a read one past
** a buffer met the next buffer there).
*/
START_TEST(replay_tool_timeout)
{
	char tmpl[] = "/tmp/simulee-cli-tooltime-XXXXXX", out[256];
	char *dir = replay_made("__global__ void add(const float *a, float *s)\n"
				"{\n"
				"	s[threadIdx.x] += a[threadIdx.x];\n"
				"}\n",
				(const char *const[]){ "--block", "32", "--size", "a=16", "--size", "s=32",
						       "--init", "s=uninit", NULL },
				tmpl, out, sizeof out);
	struct tu_run r;
	DIR *d = opendir(out);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	char sub[1024] = "", oob[1024] = "";
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "uninitialized-read-", 19) == 0)
			snprintf(sub, sizeof sub, "%s/%s", out, e->d_name);
		else if (strncmp(e->d_name, "out-of-bounds-", 14) == 0)
			snprintf(oob, sizeof oob, "%s/%s", out, e->d_name);
	closedir(d);
	ck_assert_msg(sub[0] != '\0' && oob[0] != '\0', "no reproduction of the uninitialised read "
		      "or of the out-of-bounds read in %s", out);
	/* programs newer than their sources: make leaves them */
	write_in(sub, "repro", "#!/bin/sh\nexit 0\n", 0755);
	write_in(oob, "repro", "#!/bin/sh\nexit 0\n", 0755);
	char tool[1100], run_sh[1100], env_tool[1200];
	snprintf(tool, sizeof tool, "%s/sanitizer", dir);
	snprintf(run_sh, sizeof run_sh, "%s/run.sh", sub);
	snprintf(env_tool, sizeof env_tool, "COMPUTE_SANITIZER=%s", tool);
	const char *av[] = { "/usr/bin/env", env_tool, "SIMULEE_REPLAY_TIMEOUT=1", "/bin/sh", run_sh,
			     NULL };
	write_in(dir, "sanitizer", "#!/bin/sh\necho '========= COMPUTE-SANITIZER'\n"
		 "echo '========= Uninitialized __global__ memory read of size 4 bytes'\n"
		 "exec sleep 5\n", 0755);
	ck_assert_int_eq(tu_run(&r, av), 0);
	ck_assert_msg(r.status == 0 && strstr(r.out, "simulee-c replay: compute-sanitizer reported the "
					      "error, then ran past 1 s\nsimulee-c replay: CONFIRMED by "
					      "compute-sanitizer --tool initcheck\n"),
		      "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	write_in(dir, "sanitizer", "#!/bin/sh\necho '========= COMPUTE-SANITIZER'\nexec sleep 5\n",
		 0755);
	ck_assert_int_eq(tu_run(&r, av), 0);
	ck_assert_msg(r.status == 2 && strstr(r.out, "simulee-c replay: compute-sanitizer --tool "
					      "initcheck could not run it (status 124)\n"),
		      "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	/* memcheck pads each allocation where the tool can (a read one past
	** a buffer is no other buffer's): this stand-in sees the read only
	** when padded */
	snprintf(run_sh, sizeof run_sh, "%s/run.sh", oob);
	const char *padded = "#!/bin/sh\ncase \"$1\" in --help) echo '  --padding arg (=0)'; exit 0;; esac\n"
		"case \"$*\" in *'--tool memcheck --padding 4096 '*) "
		"echo '========= Invalid __global__ read of size 4 bytes'; exit 99;; esac\nexit 0\n";
	write_in(dir, "sanitizer", padded, 0755);
	ck_assert_int_eq(tu_run(&r, av), 0);
	ck_assert_msg(r.status == 0 && strstr(r.out, "simulee-c replay: CONFIRMED by compute-sanitizer "
					      "--tool memcheck\n"),
		      "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	/* a tool without the option runs unpadded */
	write_in(dir, "sanitizer", "#!/bin/sh\ncase \"$*\" in *--padding*) "
		 "echo '========= Invalid __global__ read of size 4 bytes'; exit 99;; esac\nexit 0\n",
		 0755);
	ck_assert_int_eq(tu_run(&r, av), 0);
	ck_assert_msg(r.status == 1 && strstr(r.out, "simulee-c replay: NOT CONFIRMED: "
					      "compute-sanitizer --tool memcheck reported nothing"),
		      "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	const char *rm[] = { "/bin/rm", "-rf", dir, NULL };
	ck_assert_int_eq(tu_run(&r, rm), 0);
	tu_run_free(&r);
}
END_TEST

/* --dump-inputs: every buffer before the launch, in the repro's format. */
START_TEST(dump_inputs)
{
	char *bc = tu_compile_cu(shard_src);
	const char *args[] = { bc, "--kernel", "k_tile", "--block", "4", "--size", "p=3", "--init",
			       "p=iota", "--dump-inputs", NULL };
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "# p i32 3\n0\n1\n2\n");
	tu_run_free(&r);
	free(bc);
}
END_TEST

/* CUDA's launch limits are checked before the input is read, each block
** component before the product (2^31 * 2^31 * 4 wraps to 0, which ran
** nothing); --output before the analysis (a missing kernel would be
** reported otherwise). */
START_TEST(launch_limits_first)
{
	char *in = reliability_input("racy.bc");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ in, "--block", "2147483648,2147483648,4", NULL });
	expect(&r, 2, "block (2147483648,2147483648,4): more than 2^64 threads, CUDA allows at most 1024",
	       NULL);
	ck_assert_msg(count_lines(r.err) == 1, "stderr: %s", r.err);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--search", "--block", "2147483648,2147483648,4", NULL });
	expect(&r, 2, "more than 2^64 threads", NULL);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ "/nonexistent/k.bc", "--grid", "1,65536", NULL });
	expect(&r, 2, "exceeds CUDA's limits", NULL);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--shared", "232449", NULL });
	expect(&r, 2, "232449 bytes of dynamic shared memory: CUDA allows at most 232448", NULL);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--shared", "232448", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--kernel", "nope", "--output", "/nonexistent/r.txt", NULL });
	expect(&r, 2, "--output /nonexistent/r.txt: No such file or directory", NULL);
	ck_assert_msg(count_lines(r.err) == 1 && r.out[0] == '\0', "out: %s err: %s", r.out, r.err);
	tu_run_free(&r);
	/* a file that is writable is neither truncated nor left behind */
	char *keep = write_tmp("old report\n");
	tu_run_bin(&r, (const char *const[]){ in, "--kernel", "nope", "--output", keep, NULL });
	expect(&r, 2, "no kernel named 'nope'", NULL);
	tu_run_free(&r);
	FILE *f = fopen(keep, "r");
	char line[64] = "";
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
	fclose(f);
	ck_assert_str_eq(line, "old report\n");
	unlink(keep);
	free(keep);
	free(in);
}
END_TEST

/* A kernel-chosen memset/memcpy length (memhuge.cu) is a fault of the
** launch, found at once: past an unsized buffer's bound (2^40 bytes, or
** -16 as unsigned), or past --max-memory; never "out of memory" and exit
** 2, nor gigabytes written first.  The search ends with a report. */
START_TEST(kernel_memory_bounded)
{
	char *in = reliability_input("memhuge.bc");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ in, "--kernel", "mset", "--block", "4",
					   "--arg", "n=1099511627776", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "error: out-of-bounds access on global 'a[2147483648]'");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--kernel", "mcpy", "--block", "4",
					   "--arg", "n=18446744073709551600", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "read of 1 byte at address");
	expect_output(&r, "out of bounds of 'b' (a buffer of unknown size has at most 2^31)");
	ck_assert_msg(strstr(r.err, "out of memory") == NULL, "stderr: %s", r.err);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--kernel", "mset", "--block", "4",
					   "--arg", "n=1073741824", "--max-memory", "16M", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "error: memory budget exceeded on global 'a[0]'");
	/* a quarter of the process's 16M is the launch's */
	expect_output(&r, "pass its budget of 4194304 bytes (--max-memory)");
	tu_run_free(&r);
	/* within the budget: no finding, the bytes written */
	tu_run_bin(&r, (const char *const[]){ in, "--kernel", "mset", "--block", "4",
					   "--arg", "n=100000", "--max-memory", "16M", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--jobs", "2", NULL });
	ck_assert_msg(r.status <= 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "2 kernels:");
	tu_run_free(&r);
	free(in);
}
END_TEST

/* One budget per process (--max-memory): a launch whose shadow needs more
** than its share is analysed by sample, the note naming what was not,
** and the report is the same whatever --jobs (a launch the pool stops
** because of its neighbours runs again alone).  A --max-shadow that
** leaves no memory is one line, status 2. */
START_TEST(memory_budget_jobs)
{
	/* a stencil on rows of 64 ints: each thread's words on pages of
	** their own, so the shadow outgrows 1M */
	char *bc = tu_compile_cu("__global__ void st3(const int *in, int *out, int nx, int ny)\n"
				 "{\n"
				 "\tint x = blockIdx.x * blockDim.x + threadIdx.x;\n"
				 "\tint y = blockIdx.y * blockDim.y + threadIdx.y;\n"
				 "\tif (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)\n"
				 "\t\treturn;\n"
				 "\tint i = (y * nx + x) * 64;\n"
				 "\tout[i] = in[i - 64] + in[i + 64] + in[i - 64 * nx] + in[i + 64 * nx];\n"
				 "}\n");
	struct tu_run r1, r2;
	tu_run_bin(&r1, (const char *const[]){ bc, "--max-memory", "8M", "--max-shadow", "1M", "--seed", "3",
					    "--format", "json", "--jobs", "1", NULL });
	tu_run_bin(&r2, (const char *const[]){ bc, "--max-memory", "8M", "--max-shadow", "1M", "--seed", "3",
					    "--format", "json", "--jobs", "2", NULL });
	ck_assert_msg(r1.status == r2.status, "status %d, %d: %s%s", r1.status, r2.status, r1.err, r2.err);
	ck_assert_msg(strstr(r1.out, "\"analysis-incomplete\"") != NULL, "no note: %.2000s", r1.err);
	ck_assert(strstr(r1.out, "not analysed (sampled out): ") != NULL);
	ck_assert(strstr(r1.out, "\"pages\":") != NULL);
	ck_assert_msg(strcmp(r1.out, r2.out) == 0, "the reports of --jobs 1 and 2 differ");
	tu_run_free(&r1);
	tu_run_free(&r2);
	tu_run_bin(&r1, (const char *const[]){ bc, "--max-shadow", "4G", NULL });
	ck_assert_msg(r1.status == 2 && count_lines(r1.err) == 1, "status %d: %s", r1.status, r1.err);
	expect_output(&r1, "--max-shadow 4096M: not below --max-memory 1024M");
	tu_run_free(&r1);
	free(bc);
}
END_TEST

/* LLVM's reader on fuzzed bitcode: 3 GB and 15 s, an over-read, its own
** "LLVM ERROR: out of memory".  The probe child runs under limits, and
** each is one line, status 2. */
START_TEST(reader_limits)
{
	static const char *const names[] = { "D9-llvm-reader-3GB.bc", "D9-llvm-reader-heap-overread.bc",
					     "D9-llvm-reader-oom-message.bc" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char *in = reliability_input(names[i]);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ in, NULL });
		expect(&r, 2, "corrupt", names[i]);
		ck_assert_msg(count_lines(r.err) == 1 && strstr(r.err, "LLVM ERROR") == NULL,
			      "%s: stderr: %s", names[i], r.err);
		tu_run_free(&r);
		free(in);
	}
}
END_TEST

/* spin2.cu loops forever whatever its inputs: every searched launch hits
** the step budget, which the search would drop; the kernel is a finding. */
START_TEST(no_finishing_launch)
{
	char *in = reliability_input("spin2.bc");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ in, NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, "spin2.cu:2: error: thread did not finish");
	expect_output(&r, "no launch finishes: all ");
	expect_output(&r, " launches the search ran hit the step budget");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ in, "--fail-on", "never", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	tu_run_free(&r);
	free(in);
	/* late.cu at 131072 blocks: the shadow budget is reached, and said */
	in = reliability_input("late.bc");
	tu_run_bin(&r, (const char *const[]){ in, "--grid", "131072", "--block", "256", "--arg", "n=33554432",
					   "--size", "z=33554432", "--max-shadow", "64M", NULL });
	expect_output(&r, "note: analysis incomplete: shadow budget reached");
	tu_run_free(&r);
	free(in);
}
END_TEST

/* Nothing checked is a warning, never silence (issue 27, item 5): a kernel
** whose every searched launch dereferences a null pointer read from a
** __constant__ table nobody filled, or fails its assert, says so at the
** fault (exit 1 under --fail-on=warning); with a guard against the null
** pointer (the twin), launches run and nothing is said. */
START_TEST(nothing_checked)
{
	static const char *const body[3] = {
		"\tout[i] = *table[i % 4] + i;\n",
		"\tassert(n == 3 && n == 4);\n\tout[i] = n;\n",
		"\tif (table[i % 4])\n\t\tout[i] = *table[i % 4] + i;\n",
	};
	for (int k = 0; k < 3; k++) {
		char *src = xasprintf("#include <cassert>\n"
				      "__constant__ int *table[4];\n"
				      "__global__ void nc(int *out, int n)\n"
				      "{\n"
				      "\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
				      "%s}\n", body[k]);			/* 6 */
		char *bc = tu_compile_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--fail-on=warning", NULL });
		if (k < 2) {
			ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
			expect_output(&r, ":6:");
			expect_output(&r, ": warning: nothing checked: every launch the search tried "
				      "stopped at a fault, all here (");
			expect_output(&r, k == 0 ? "null pointer dereference, " : "assertion failed, ");
			expect_output(&r, "  a launch it tried: --kernel ");
			expect_output(&r, "0 errors, 1 warning (1 finding;");
		} else {
			ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
			ck_assert_msg(strstr(r.out, "nothing checked") == NULL, "%s", r.out);
		}
		tu_run_free(&r);
		unlink(bc);
		free(bc);
		free(src);
	}
}
END_TEST

/* A host launch CUDA refuses (issue 27, item 3): `k<<<N / 64, 64>>>` with
** N = 32 makes a grid of 0 blocks, which the runtime refuses; the launch is
** never simulated as one block (which reported the kernel's race under
** the host contract) and, its shape being constant, a refused-launch
** warning at the launch site says so.  With
** N = 4096 the race is the program's. */
START_TEST(zero_grid_refused)
{
	for (int k = 0; k < 2; k++) {
		char *src = xasprintf("#include <cuda_runtime.h>\n"
				      "#define N %d\n"
				      "__global__ void scale(float *x, int n)\n"
				      "{\n"
				      "\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
				      "\t__shared__ float t[64];\n"
				      "\tt[threadIdx.x] = i < n ? x[i] : 0.0f;\n"	/* 7 */
				      "\tif (i < n)\n"
				      "\t\tx[i] = t[(threadIdx.x + 1) %% 64] * 2.0f;\n"	/* 9 */
				      "}\n"
				      "int main()\n"
				      "{\n"
				      "\tfloat *d;\n"
				      "\tcudaMalloc(&d, N * sizeof(float));\n"
				      "\tcudaMemset(d, 0, N * sizeof(float));\n"
				      "\tscale<<<N / 64, 64>>>(d, N);\n"		/* 16 */
				      "\tcudaDeviceSynchronize();\n"
				      "\treturn 0;\n"
				      "}\n", k ? 4096 : 32);
		char *cu = tu_tmp_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ cu, NULL });
		if (k == 0) {
			ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
			expect_output(&r, ":16:");
			expect_output(&r, "warning: launch CUDA refuses: <<<(0,1,1), (64,1,1), 0>>>: "
				      "grid.x is 0");
			expect_output(&r, "host launches CUDA refuses (not run)");
			ck_assert_msg(strstr(r.out, "nothing checked") == NULL, "%s", r.out);
			ck_assert_msg(strstr(r.out, "data race") == NULL, "%s", r.out);
		} else {
			ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
			expect_output(&r, "data race on shared 't[");
			ck_assert_msg(strstr(r.out, "nothing checked") == NULL, "%s", r.out);
		}
		tu_run_free(&r);
		unlink(cu);
		free(cu);
		free(src);
	}
}
END_TEST

/* Every launch a site makes refused, its shape not constant (a block of
** 2048 or 4096 threads, as argc says): a nothing-checked warning at the
** site counts the host launches the search made there, all of them (it
** read "29 of 28" where it also counted launches the program never
** makes). */
START_TEST(all_refused_count)
{
	char *cu = tu_tmp_cu("#include <cuda_runtime.h>\n"
			     "__global__ void fill(int *x)\n"
			     "{\n"
			     "\tx[threadIdx.x] = 1;\n"
			     "}\n"
			     "int main(int argc, char **argv)\n"
			     "{\n"
			     "\tint *d;\n"
			     "\tint b = argc > 2 ? 4096 : 2048;\n"
			     "\tcudaMalloc(&d, 4096 * sizeof(int));\n"
			     "\tfill<<<1, b>>>(d);\n"			/* 11 */
			     "\tcudaDeviceSynchronize();\n"
			     "\treturn 0;\n"
			     "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cu, "--generations", "1", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	const char *w = strstr(r.out, ":11:2: warning: nothing checked: every launch the host code "
			   "makes here is one CUDA refuses (all ");
	ck_assert_msg(w != NULL, "%s", r.out);
	ck_assert_msg(strstr(w, "; the first: grid (1,1,1), block (") != NULL, "%s", r.out);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* A launch site under a condition the host's values never meet (the
** device's size makes `y == 1` false for every block size the program
** uses): the program makes no launch of the kernel.  The search line
** counts those launches apart from the ones CUDA refuses, and the
** nothing-checked warning at the site says why (it read "CUDA refuses"
** and "no launch lies inside the contract"). */
START_TEST(unmade_launches)
{
	char *cu = tu_tmp_cu("#include <cuda_runtime.h>\n"
			     "__global__ void fill(int *x)\n"
			     "{\n"
			     "\tx[blockIdx.x * blockDim.x + threadIdx.x] = 1;\n"
			     "}\n"
			     "int main(int argc, char **argv)\n"
			     "{\n"
			     "\tint *d;\n"
			     "\tint b = argc > 2 ? 256 : 128;\n"
			     "\tint y = 163840 / (b * 48);\n"
			     "\tcudaMalloc(&d, 65536 * sizeof(int));\n"
			     "\tif (y == 1)\n"
			     "\t\tfill<<<1, b>>>(d);\n"			/* 13 */
			     "\tcudaDeviceSynchronize();\n"
			     "\treturn 0;\n"
			     "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cu, "--generations", "1", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
	expect_output(&r, " host launches whose conditions never held (not run)");
	ck_assert_msg(strstr(r.out, "CUDA refuses") == NULL && strstr(r.err, "CUDA refuses") == NULL,
		      "%s%s", r.out, r.err);
	expect_output(&r, ":13:3: warning: nothing checked: the program makes no launch of it: the "
		      "conditions on the way to its launch site never held");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ cu, "--generations", "1", "--format=json", NULL });
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "kernels"), 0);
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(k, "search");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(s, "refused")->valueint, 0);
	ck_assert_int_gt(cJSON_GetObjectItemCaseSensitive(s, "unmade")->valueint, 0);
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(s, "outside_contract")->valueint, 0);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* GPUVerify's annotations (kernels/cuda-compat/simulee_specs.h) compile,
** with a toolkit and with the prelude: __requires is a precondition the
** search meets (n == 512, a block of 64) before it finds the race;
** __invariant and __implies are dropped. */
START_TEST(gpuverify_annotations)
{
	char *cu = tu_tmp_cu("__global__ void gv(int *out, int n)\n"
			     "{\n"
			     "\t__requires(n == 512);\n"
			     "\t__requires(blockDim.x == 64);\n"
			     "\t__shared__ int s[64];\n"
			     "\tfor (int i = threadIdx.x; i < n; i += blockDim.x) {\n"
			     "\t\t__invariant(__implies(i >= 0, i < n + 64));\n"
			     "\t\ts[threadIdx.x] = i;\n"			/* 8 */
			     "\t\tout[i] = s[(threadIdx.x + 1) % 64];\n"	/* 9 */
			     "\t}\n"
			     "}\n");
	for (int prelude = 0; prelude < 2; prelude++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ cu, prelude ? "--prelude" : "--seed", prelude ? NULL : "1",
						   NULL });
		ck_assert_msg(r.status == 1, "%s: status %d: %s%s", prelude ? "prelude" : "toolkit",
			      r.status, r.out, r.err);
		expect_output(&r, ":9:12: error: data race on shared 's[");
		expect_output(&r, "--block 64,1,1");
		expect_output(&r, "--arg n=512");
		tu_run_free(&r);
	}
	unlink(cu);
	free(cu);
}
END_TEST

/* Input-to-state (issue 27, item 1): a kernel whose assert ties a scalar
** to one value and another to the block size, before a race, has the race
** found by the default search at every seed: the failed comparisons name
** the values the next launches take.  Without them no launch of the
** search passed the assert. */
START_TEST(input_to_state)
{
	char *bc = tu_compile_cu("#include <cassert>\n"
				 "__global__ void i2s(int *out, int n, int sz)\n"
				 "{\n"
				 "\tassert(n == 1000 && sz == (int)blockDim.x);\n"
				 "\t__shared__ int s[1024];\n"
				 "\ts[threadIdx.x] = n;\n"			/* 6 */
				 "\tout[threadIdx.x] = s[(threadIdx.x + 1) % sz];\n"	/* 7 */
				 "}\n");
	for (int seed = 1; seed <= 3; seed++) {
		char sd[8];
		snprintf(sd, sizeof sd, "%d", seed);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--seed", sd, NULL });
		ck_assert_msg(r.status == 1, "seed %d: status %d: %s%s", seed, r.status, r.out, r.err);
		expect_output(&r, "data race on shared 's[");
		expect_output(&r, "--arg n=1000");
		ck_assert_msg(strstr(r.out, "nothing checked") == NULL, "%s", r.out);
		tu_run_free(&r);
	}
	unlink(bc);
	free(bc);
}
END_TEST

/* The lines of the file at PATH, split in place into *LINES (free both). */
static char *read_lines(const char *path, char ***lines, int *n)
{
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char *buf = malloc(1 << 20);
	ck_assert_ptr_nonnull(buf);
	size_t len = fread(buf, 1, (1 << 20) - 1, f);
	fclose(f);
	buf[len] = '\0';
	*lines = malloc(sizeof **lines * (len + 1));
	*n = 0;
	for (char *s = buf; *s;) {
		char *e = strchr(s, '\n');
		(*lines)[(*n)++] = s;
		if (e == NULL)
			break;
		*e = '\0';
		s = e + 1;
	}
	return buf;
}

/* Runs simulee-c with ARGS and --timings into DIR/t.tsv, expecting exit
** status 0 or 1; returns the file's lines (*LINES, *N; free both). */
static char *timings_of(const char *dir, const char **args, int n, char ***lines, int *nl)
{
	char *path = xasprintf("%s/t.tsv", dir);
	args[n++] = "--timings";
	args[n++] = path;
	args[n] = NULL;
	struct tu_run r;
	tu_run_bin(&r, args);
	ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s", r.status, r.err);
	tu_run_free(&r);
	char *buf = read_lines(path, lines, nl);
	unlink(path);
	free(path);
	return buf;
}

/* Whether S is a decimal number whose value is at least 0 (*V). */
static int parses_nonneg(const char *s, double *v)
{
	char *end;
	*v = strtod(s, &end);
	return end != s && *end == '\0' && *v >= 0;
}

/* --timings: a header and one line a kernel of the shard, twelve
** tab-separated fields whose numbers parse; the report is the same with
** and without it; bad uses are one line and exit 2. */
START_TEST(timings_file)
{
	char *bc = tu_compile_cu(shard_src);
	char *dir = tu_tmpdir();
	static const char *const names[] = { "_Z6k_racePi", "_Z7k_cleanPi", "_Z6k_tilePi",
					     "_Z5k_oobPii", "_Z6k_syncPi" };
	for (int sharded = 0; sharded <= 1; sharded++) {
		const char *args[MAXARGS] = { bc, "--format", "json", "--population", "4", "--generations",
					      "1", "--jobs", "2" };
		int n = 9;
		if (sharded) {
			args[n++] = "--shard";
			args[n++] = "2/3";
		}
		char **lines;
		int nl;
		char *buf = timings_of(dir, args, n, &lines, &nl);
		/* the header, then jobs 0..4 (the second of three shards: 1 and 4) */
		int want[5], nw = 0;
		for (int j = 0; j < 5; j++)
			if (!sharded || j % 3 == 1)
				want[nw++] = j;
		ck_assert_msg(nl == 1 + nw, "%d lines", nl);
		ck_assert_str_eq(lines[0], "input\tkernel\tjob\tcpu_s\twall_s\tlaunches\tcut\tgenerations"
				 "\tstop\tpool_peak_mib\trss_peak_mib\tdemangled");
		for (int i = 1; i < nl; i++) {
			char *f[16];
			int nf = 0;
			for (char *t = lines[i]; nf < 16; nf++) {
				f[nf] = t;
				char *e = strchr(t, '\t');
				if (e == NULL) {
					nf++;
					break;
				}
				*e = '\0';
				t = e + 1;
			}
			ck_assert_msg(nf == 12, "line %d: %d fields", i, nf);
			ck_assert_str_eq(f[0], bc);
			int j = want[i - 1];
			ck_assert_str_eq(f[1], names[j]);
			ck_assert_int_eq(atoi(f[2]), j);
			double v;
			for (int c = 3; c <= 10; c++)
				ck_assert_msg(c == 8 || parses_nonneg(f[c], &v), "line %d field %d: '%s'", i, c,
					      f[c]);
			ck_assert_msg(parses_nonneg(f[5], &v) && v >= 1, "launches '%s'", f[5]);
			/* the report's stops (a crowded machine may meet the time limit) */
			ck_assert_msg(strcmp(f[8], "stalled") == 0 || strcmp(f[8], "threshold") == 0
				      || strcmp(f[8], "generations") == 0 || strcmp(f[8], "time-limit") == 0,
				      "stop '%s'", f[8]);
			ck_assert_msg(strstr(f[11], "(int*") != NULL, "demangled '%s'", f[11]);
		}
		free(lines);
		free(buf);
	}
	/* the report does not depend on it */
	const char *jargs[] = { bc, "--format", "json", "--population", "4", "--generations", "1", NULL };
	struct tu_run a, b;
	tu_run_bin(&a, jargs);
	char *tp = xasprintf("%s/u.tsv", dir);
	const char *targs[] = { bc, "--format", "json", "--population", "4", "--generations", "1",
				"--timings", tp, NULL };
	tu_run_bin(&b, targs);
	ck_assert_msg(strcmp(a.out, b.out) == 0, "the report differs with --timings");
	tu_run_free(&a);
	tu_run_free(&b);
	unlink(tp);
	free(tp);
	/* bad uses: one line, exit 2, nothing written */
	const char *const bad[][6] = {
		{ bc, "--timings", dir, NULL },
		{ bc, "--timings", "/nonexistent/t.tsv", NULL },
		{ bc, "--timings", "t.tsv", "--list-kernels", NULL },
		{ bc, "--timings", "t.tsv", "--grid", "1", NULL },
		{ "--merge", bc, "--timings", "t.tsv", NULL },
	};
	const char *const why[] = { "is a directory", "No such file", "needs the search", "needs the search",
				    "not --merge" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tu_run r;
		tu_run_bin(&r, bad[i]);
		ck_assert_msg(r.status == 2 && strstr(r.err, why[i]) != NULL && count_lines(r.err) == 1,
			      "case %zu: %d %s", i, r.status, r.err);
		tu_run_free(&r);
	}
	ck_assert_msg(access("t.tsv", F_OK) != 0, "t.tsv was written");
	tu_rmtree(dir);
	free(dir);
	unlink(bc);
	free(bc);
}
END_TEST

/* gcc says ASan with __SANITIZE_ADDRESS__, clang with __has_feature */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* docs/BAD-INPUT.md's table is what scripts/bad-input.sh prints: every
** class run again, row for row (a row the script skips here, as x86
** bitcode without clang, is not compared); each class of status 2 one
** line (an unknown option adds "try --help"). */
START_TEST(bad_input_table)
{
	const char *src = tu_env("SIMULEE_SRCDIR"), *bin = tu_env("SIMULEE_BIN");
	const char *kern = tu_env("SIMULEE_KERNELS"), *clang = tu_env("SIMULEE_CLANG");
	ck_assert_msg(src && bin && kern, "SIMULEE_SRCDIR, SIMULEE_BIN or SIMULEE_KERNELS is not set");
	char script[4200], doc[4200];
	snprintf(script, sizeof script, "%s/scripts/bad-input.sh", src);
	snprintf(doc, sizeof doc, "%s/docs/BAD-INPUT.md", src);
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, (const char *const[]){ "/bin/sh", script, bin, src, kern,
							  clang ? clang : "", NULL }), 0);
	ck_assert_msg(r.status == 0, "bad-input.sh: status %d: %s", r.status, r.err);
	char *got = write_tmp(r.out);
	tu_run_free(&r);
	char **gl, **dl;
	int ng, nd;
	char *gbuf = read_lines(got, &gl, &ng), *dbuf = read_lines(doc, &dl, &nd);
	int at = 0;
	while (at < nd && strcmp(dl[at], "<!-- table: scripts/bad-input.sh -->") != 0)
		at++;
	ck_assert_msg(at < nd, "docs/BAD-INPUT.md has no table marker");
	at++;
	ck_assert_int_gt(ng, 40);
	for (int i = 0; i < ng; i++) {
		ck_assert_msg(at + i < nd, "the table ends before row %d: %s", i, gl[i]);
		if (strstr(gl[i], " | - | skipped: ") != NULL)
			continue;
#ifdef UNDER_ASAN
		/* no address-space limit under ASan: the reader's own failure */
		if (strncmp(gl[i], "| D9-", 5) == 0) {
			ck_assert_msg(strstr(gl[i], " | 2 | ") && strstr(gl[i], "corrupt"), "%s", gl[i]);
			continue;
		}
#endif
		ck_assert_msg(strcmp(gl[i], dl[at + i]) == 0, "docs/BAD-INPUT.md row %d is\n%s\nbut the "
			      "program now gives\n%s\n(scripts/bad-input.sh --update)", i, dl[at + i], gl[i]);
		if (strstr(gl[i], " | 2 | ") != NULL) {
			const char *sep = strstr(gl[i], " / ");
			ck_assert_msg(sep == NULL || strcmp(sep, " / simulee-c: try --help |") == 0,
				      "more than one line: %s", gl[i]);
		}
	}
	ck_assert_msg(strcmp(dl[at + ng], "<!-- end of table -->") == 0, "the table has more rows: %s",
		      dl[at + ng]);
	free(gl);
	free(dl);
	free(gbuf);
	free(dbuf);
	unlink(got);
	free(got);
}
END_TEST

/* ---- performance notes -------------------------------------------------- */

/* kernels/perf/NAME.cu, compiled for the test. */
static char *perf_kernel(const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/kernels/perf/%s.cu", tu_env("SIMULEE_SRCDIR"), name);
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s", path);
	static char text[16384];
	size_t n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	return tu_compile_cu(text);
}

/* The golden values: each corpus kernel at its launch has exactly these
** performance notes (or none), never a finding, and shows them only with
** --perf. */
START_TEST(perf_golden)
{
	static const struct {
		const char *name, *args;
		const char *kind;	/* NULL: no note */
		int line, worst, needed, bad, execs;
	} g[] = {
		{ "transpose_tile", "--grid 2,2 --block 32,32 --size in=4096 --size out=4096 --arg n=64",
		  "bank-conflict", 16, 32, 1, 128, 128 },
		{ "transpose_tile_padded", "--grid 2,2 --block 32,32 --size in=4096 --size out=4096 "
		  "--arg n=64", NULL, 0, 0, 0, 0, 0 },
		{ "transpose_tile_f64", "--grid 2,2 --block 32,32 --size in=4096 --size out=4096 "
		  "--arg n=64", "bank-conflict", 16, 16, 2, 128, 128 },
		{ "row_sums_by_thread", "--grid 2 --block 64 --size a=16384 --size sums=128 --arg n=128",
		  "uncoalesced-access", 13, 32, 4, 512, 512 },
		{ "row_sums_by_warp", "--grid 2 --block 256 --size a=16384 --size sums=128 --arg n=128",
		  NULL, 0, 0, 0, 0, 0 },
	};
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
		char *bc = perf_kernel(g[i].name);
		for (int perf = 0; perf <= 1; perf++) {
			const char *args[MAXARGS];
			int n = 0;
			char buf[512];
			snprintf(buf, sizeof buf, "%s", g[i].args);
			args[n++] = bc;
			for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
				args[n++] = t;
			args[n++] = "--format";
			args[n++] = perf ? "text" : "json";
			if (perf)
				args[n++] = "--perf";
			args[n] = NULL;
			struct tu_run r;
			tu_run_bin(&r, args);
			ck_assert_msg(r.status == 0, "%s: status %d: %s", g[i].name, r.status, r.err);
			if (perf) {
				/* the note in the text, which exits 0 (a note) */
				char want[64];
				snprintf(want, sizeof want, "%d-way bank conflict", g[i].worst);
				if (g[i].kind && strcmp(g[i].kind, "bank-conflict") == 0)
					ck_assert_msg(strstr(r.out, want) != NULL, "%s: %s", g[i].name, r.out);
				else if (g[i].kind)
					ck_assert_msg(strstr(r.out, "uses 32 sectors, 4 needed") != NULL, "%s: %s",
						      g[i].name, r.out);
				else
					ck_assert_msg(strstr(r.out, ": note: ") == NULL, "%s: %s", g[i].name, r.out);
				tu_run_free(&r);
				continue;
			}
			cJSON *doc = tu_check_report_json(r.out);
			ck_assert_int_eq(cJSON_GetArraySize(tu_jat(doc, "findings")), 0);
			const cJSON *ps = tu_jat(doc, "performance");
			ck_assert_int_eq(cJSON_GetArraySize(ps), g[i].kind ? 1 : 0);
			if (g[i].kind) {
				ck_assert_str_eq(tu_jat(ps, "0/kind")->valuestring, g[i].kind);
				ck_assert_str_eq(tu_jat(ps, "0/severity")->valuestring, "note");
				ck_assert_int_eq((int)tu_jat(ps, "0/locations/0/line")->valuedouble, g[i].line);
				ck_assert_int_eq((int)tu_jat(ps, "0/cost/worst")->valuedouble, g[i].worst);
				ck_assert_int_eq((int)tu_jat(ps, "0/cost/needed")->valuedouble, g[i].needed);
				ck_assert_int_eq((int)tu_jat(ps, "0/counts/occurrences")->valuedouble, g[i].bad);
				ck_assert_int_eq((int)tu_jat(ps, "0/counts/executions")->valuedouble, g[i].execs);
			}
			/* not counted without --perf */
			ck_assert_int_eq((int)tu_jat(doc, "summary/notes")->valuedouble, 0);
			cJSON_Delete(doc);
			tu_run_free(&r);
		}
		free(bc);
	}
}
END_TEST

/* The search reports the conflict too, and does not chase it: the same
** launches with the notes as without (--no-... is not needed: the notes
** never make a launch new). */
START_TEST(perf_search)
{
	char *bc = perf_kernel("transpose_tile");
	const char *args[] = { bc, "--population", "6", "--generations", "2", "--format", "json",
			       "--perf", NULL };
	struct tu_run r;
	tu_run_bin(&r, args);
	/* the kernel checks no bounds: the search finds faults too */
	ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *ps = tu_jat(doc, "performance");
	int conflict = 0;
	for (int i = 0; i < cJSON_GetArraySize(ps); i++) {
		const cJSON *p = cJSON_GetArrayItem(ps, i);
		if (strcmp(tu_jat(p, "kind")->valuestring, "bank-conflict") == 0
		    && (int)tu_jat(p, "locations/0/line")->valuedouble == 16
		    && (int)tu_jat(p, "cost/worst")->valuedouble >= 2)
			conflict = 1;
	}
	ck_assert_msg(conflict, "%s", r.out);
	/* with --perf the notes are findings of the report, notes */
	ck_assert_int_ge((int)tu_jat(doc, "summary/notes")->valuedouble, cJSON_GetArraySize(ps));
	cJSON_Delete(doc);
	tu_run_free(&r);
	free(bc);
}
END_TEST

/* ---- a run that is stopped ------------------------------------------- */

/* The stopped-run tests' kernels: eight whose launches never end (a spin
** on a flag no thread sets), so each kernel's search lasts its time limit. */
static const char stop_src[] =
	"#define SPIN(n) __global__ void k##n(volatile int *a) { while (a[0] == 0) a[n + 1]++; }\n"
	"SPIN(0) SPIN(1) SPIN(2) SPIN(3) SPIN(4) SPIN(5) SPIN(6) SPIN(7)\n";
#define NSTOP 8

/* Starts simulee-c with the NULL-terminated ARGS, its stdout into file
** OUT (when not NULL), waits until file WAIT exists or OUT holds TEXT (60
** s at most), DELAY_MS more, then sends SIG and returns the exit status
** (128 + a signal that ended it). */
static int run_and_signal(const char *const *args, const char *out, const char *wait,
			  const char *text, int delay_ms, int sig)
{
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_ptr_nonnull(bin);
	const char *argv[MAXARGS + 1] = { bin };
	for (int i = 0; args[i] != NULL && i < MAXARGS - 1; i++)
		argv[i + 1] = args[i];
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		int fd = out ? open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644) : null;
		dup2(null, 0);
		dup2(fd, 1);
		dup2(null, 2);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		execv(bin, (char *const *)argv);
		_exit(127);
	}
	int seen = 0;
	for (int i = 0; i < 1200 && !seen; i++) {
		if (wait)
			seen = access(wait, R_OK) == 0;
		if (text) {
			struct sim_error e = { 0 };
			char *s = read_whole_file(out, NULL, &e);
			seen = s && strstr(s, text) != NULL;
			free(s);
		}
		struct timespec ts = { 0, 50 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	ck_assert_msg(seen, "the run never reached the point to stop it at");
	struct timespec ts = { delay_ms / 1000, (delay_ms % 1000) * 1000L * 1000 };
	nanosleep(&ts, NULL);
	ck_assert_int_eq(kill(pid, sig), 0);
	int st = 0;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
}

/* The stopped-run arguments: FMT, --output OUT (NULL: stdout), --shard
** SHARD (NULL: none), a search of two seconds per kernel, the input BC. */
static void stop_args(const char **args, const char *fmt, const char *out, const char *shard,
		      const char *bc)
{
	int n = 0;
	args[n++] = "--format";
	args[n++] = fmt;
	if (out) {
		args[n++] = "--output";
		args[n++] = out;
	}
	if (shard) {
		args[n++] = "--shard";
		args[n++] = shard;
	}
	args[n++] = "--time-limit";
	args[n++] = "2";
	args[n++] = "--max-steps";
	args[n++] = "1000000000000";
	args[n++] = "--jobs";
	args[n++] = "1";
	args[n++] = bc;
	args[n] = NULL;
}

/* The report in file PATH: valid, incomplete for REASON, every job either
** in its kernels or among those not analysed (*NKERNELS the former). */
static cJSON *stopped_report(const char *path, const char *reason, int *nkernels)
{
	struct sim_error e = { 0 };
	char *text = read_whole_file(path, NULL, &e);
	ck_assert_msg(text != NULL, "%s", e.msg);
	cJSON *doc = tu_check_report_json(text);
	free(text);
	const cJSON *inc = tu_jat(doc, "incomplete");
	ck_assert_msg(inc != NULL, "the report is not marked incomplete");
	ck_assert_str_eq(tu_jat(doc, "incomplete/reason")->valuestring, reason);
	int nk = cJSON_GetArraySize(tu_jat(doc, "kernels"));
	int nn = cJSON_GetArraySize(tu_jat(doc, "incomplete/not_analysed"));
	ck_assert_int_gt(nn, 0);
	ck_assert_int_eq(nk + nn, (int)NSTOP);
	*nkernels = nk;
	return doc;
}

/* A stopped-run test's files: the kernels' bitcode, a directory, OUT and
** OUT.tmp in it. */
struct stop_files {
	char tmpl[40];
	char *bc, *dir, *out, *tmp;
};

static void stop_begin(struct stop_files *f, const char *name)
{
	snprintf(f->tmpl, sizeof f->tmpl, "/tmp/simulee-cli-stop-XXXXXX");
	f->bc = tu_compile_cu(stop_src);
	f->dir = mkdtemp(f->tmpl);
	ck_assert_ptr_nonnull(f->dir);
	f->out = xasprintf("%s/%s", f->dir, name);
	f->tmp = xasprintf("%s/%s.tmp", f->dir, name);
}

static void stop_end(struct stop_files *f)
{
	unlink(f->tmp);
	unlink(f->out);
	rmdir(f->dir);
	unlink(f->bc);
	free(f->bc);
	free(f->out);
	free(f->tmp);
}

/* --output through a symbolic link (or to a device: /dev/stdout) is
** written where it points, never replaced by the snapshots' rename: the
** link stays a link and its target holds the whole report. */
START_TEST(output_link_kept)
{
	char tmpl[] = "/tmp/simulee-cli-link-XXXXXX";
	char *dir = mkdtemp(tmpl);
	ck_assert_ptr_nonnull(dir);
	char *target = xasprintf("%s/target.json", dir), *link = xasprintf("%s/link.json", dir);
	ck_assert_int_eq(symlink(target, link), 0);
	char *bc = tu_kernel("func/vecadd.O0.bc");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--format=json", "--output", link, bc, NULL });
	ck_assert_msg(r.status == 0 || r.status == 1, "status %d: %s", r.status, r.err);
	tu_run_free(&r);
	struct stat st;
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert_msg(S_ISLNK(st.st_mode), "--output's symbolic link was replaced");
	struct sim_error e = { 0 };
	char *text = read_whole_file(target, NULL, &e);
	ck_assert_msg(text != NULL, "%s", e.msg);
	cJSON_Delete(tu_check_report_json(text));
	free(text);
	unlink(link);
	unlink(target);
	rmdir(dir);
	free(bc);
	free(link);
	free(target);
}
END_TEST

START_TEST(stop_sigterm_report)
{
	struct stop_files f;
	stop_begin(&f, "r.json");
	const char *args[MAXARGS];
	stop_args(args, "json", f.out, NULL, f.bc);
	/* the first snapshot comes before the first kernel's search */
	int st = run_and_signal(args, NULL, f.out, NULL, 1500, SIGTERM);
	ck_assert_int_eq(st, 128 + SIGTERM);
	int nk;
	cJSON *doc = stopped_report(f.out, "terminated (SIGTERM)", &nk);
	ck_assert_int_ge(nk, 1);
	/* the kernel the signal stopped says so */
	char want[32];
	snprintf(want, sizeof want, "kernels/%d", nk - 1);
	const cJSON *last = tu_jat(doc, want);
	ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(last, "search"), "stop")->valuestring,
			 "interrupted");
	ck_assert_msg(access(f.tmp, F_OK) != 0, "%s left behind", f.tmp);
	cJSON_Delete(doc);
	stop_end(&f);
}
END_TEST

START_TEST(stop_sigkill_snapshot)
{
	struct stop_files f;
	stop_begin(&f, "r.json");
	const char *args[MAXARGS];
	stop_args(args, "json", f.out, NULL, f.bc);
	int st = run_and_signal(args, NULL, f.out, NULL, 2500, SIGKILL);
	ck_assert_int_eq(st, 128 + SIGKILL);
	int nk;
	cJSON_Delete(stopped_report(f.out, "in progress", &nk));
	stop_end(&f);
}
END_TEST

START_TEST(stop_sigint_text)
{
	struct stop_files f;
	stop_begin(&f, "out.txt");
	const char *args[MAXARGS];
	stop_args(args, "text", NULL, NULL, f.bc);
	/* stopped during the second kernel, after the first one's line */
	int st = run_and_signal(args, f.out, NULL, "simulee-c: k0", 300, SIGINT);
	ck_assert_int_eq(st, 128 + SIGINT);
	struct sim_error e = { 0 };
	char *text = read_whole_file(f.out, NULL, &e);
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, "simulee-c: interrupted (SIGINT): ") != NULL
		      && strstr(text, " jobs not analysed: ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "stop: interrupted") != NULL, "%s", text);
	/* the summary line still ends it */
	ck_assert_msg(strstr(text, "seed 1") != NULL, "%s", text);
	free(text);
	stop_end(&f);
}
END_TEST

START_TEST(stop_merge_shards)
{
	struct stop_files f, g;
	stop_begin(&f, "s1.json");
	stop_begin(&g, "s2.json");
	const char *args[MAXARGS];
	/* both shards are stopped, the second one later than the first */
	stop_args(args, "json", f.out, "1/2", f.bc);
	ck_assert_int_eq(run_and_signal(args, NULL, f.out, NULL, 1500, SIGTERM), 128 + SIGTERM);
	stop_args(args, "json", g.out, "2/2", f.bc);
	ck_assert_int_eq(run_and_signal(args, NULL, g.out, NULL, 2500, SIGTERM), 128 + SIGTERM);
	char *sh[2] = { f.out, g.out };
	int st;
	char *err;
	char *merged = merge_run(sh, 2, &st, &err);
	ck_assert_msg(st == 0 || st == 1, "merge: status %d: %s", st, err);
	cJSON *doc = tu_check_report_json(merged);
	ck_assert_str_eq(tu_jat(doc, "incomplete/reason")->valuestring, "terminated (SIGTERM)");
	int nk = cJSON_GetArraySize(tu_jat(doc, "kernels"));
	int nn = cJSON_GetArraySize(tu_jat(doc, "incomplete/not_analysed"));
	ck_assert_int_eq(nk + nn, NSTOP);
	ck_assert_ptr_null(tu_jat(doc, "shard"));
	cJSON_Delete(doc);
	free(merged);
	free(err);
	stop_end(&f);
	stop_end(&g);
}
END_TEST

Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("bad input");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, missing_file);
	tcase_add_test(tc, empty_file);
	tcase_add_test(tc, random_bytes);
	tcase_add_test(tc, truncated_bitcode);
	tcase_add_test(tc, host_bitcode);
	tcase_add_test(tc, corrupted_bitcode);
	tcase_add_test(tc, ir_syntax_error);
	tcase_add_test(tc, ir_fails_verifier);
	tcase_add_test(tc, unknown_kernel);
	tcase_add_test(tc, bad_grid);
	tcase_add_test(tc, block_too_big);
	tcase_add_test(tc, unknown_option);
	tcase_add_test(tc, arg_no_such_param);
	tcase_add_test(tc, dump_needs_size);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, help);
	tcase_add_test(tc, version);
	tcase_add_test(tc, options_documented);
	tcase_add_test(tc, list_kernels);
	tcase_add_test(tc, list_kernels_enums);
	tcase_add_test(tc, list_kernels_not_analysable);
	tcase_add_test(tc, param_names);
	tcase_add_test(tc, run_and_dump);
	tcase_add_test(tc, run_blocks_part);
	tcase_add_test(tc, legacy_warp_ops);
	suite_add_tcase(s, tc);

	tc = tcase_create("findings");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, finding_oob);
	tcase_add_test(tc, finding_none);
	tcase_add_test(tc, finding_step_budget);
	tcase_add_test(tc, step_budget_no_divergence);
	tcase_add_test(tc, finding_assert);
	tcase_add_test(tc, finding_barrier_divergence);
	tcase_add_test(tc, uninit_shared_forms);
	tcase_add_test(tc, uninit_after_full);
	tcase_add_test(tc, oob_copy_writes_zeros);
	tcase_add_test(tc, nonzero_on_probes);
	tcase_add_test(tc, uninit_global_declared);
	tcase_add_test(tc, device_heap);
	tcase_add_test(tc, heap_race);
	tcase_add_test(tc, local_const_index);
	tcase_add_test(tc, assume_is_contract);
	tcase_add_test(tc, ptx_memory_forms);
	tcase_add_test(tc, libcu_atomic_handover);
	tcase_add_test(tc, unsupported_asm);
	tcase_add_test(tc, inlined_header_locations);
	tcase_add_test(tc, header_warp_op_location);
	tcase_add_test(tc, cg_grid_sync);
	tcase_add_test(tc, cg_tiles);
	suite_add_tcase(s, tc);

	tc = tcase_create("reliability");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, difile_not_a_file);
	tcase_add_test(tc, gep_index_wraps);
	tcase_add_test(tc, cexpr_too_deep);
	tcase_add_test(tc, cexpr_crashes_reader);
	tcase_add_test(tc, reader_use_after_free);
	tcase_add_test(tc, launch_limits_first);
	tcase_add_test(tc, kernel_memory_bounded);
	tcase_add_test(tc, memory_budget_jobs);
	tcase_add_test(tc, reader_limits);
	tcase_add_test(tc, no_finishing_launch);
	tcase_add_test(tc, nothing_checked);
	tcase_add_test(tc, input_to_state);
	tcase_add_test(tc, gpuverify_annotations);
	tcase_add_test(tc, zero_grid_refused);
	tcase_add_test(tc, all_refused_count);
	tcase_add_test(tc, unmade_launches);
	tcase_add_test(tc, bad_input_table);
	suite_add_tcase(s, tc);

	tc = tcase_create("shards");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, shard_merge);
	tcase_add_test(tc, template_instances);
	tcase_add_test(tc, merge_errors);
	tcase_add_test(tc, several_inputs);
	tcase_add_test(tc, host_only_inputs);
	tcase_add_test(tc, host_wrapper_callers);
	tcase_add_test(tc, timings_file);
	suite_add_tcase(s, tc);

	tc = tcase_create("stopped");
	tcase_set_timeout(tc, 180);
	tcase_add_test(tc, stop_sigterm_report);
	tcase_add_test(tc, stop_sigkill_snapshot);
	tcase_add_test(tc, stop_sigint_text);
	tcase_add_test(tc, stop_merge_shards);
	tcase_add_test(tc, output_link_kept);
	suite_add_tcase(s, tc);

	tc = tcase_create("replay");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, replay_search);
	tcase_add_test(tc, replay_legacy_intrinsics);
	tcase_add_test(tc, replay_compare);
	tcase_add_test(tc, replay_repeat);
	tcase_add_test(tc, replay_tool_timeout);
	tcase_add_test(tc, dump_inputs);
	suite_add_tcase(s, tc);

	tc = tcase_create("performance");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, perf_golden);
	tcase_add_test(tc, perf_search);
	suite_add_tcase(s, tc);
	return s;
}
