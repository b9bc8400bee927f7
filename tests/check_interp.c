/*
** check_interp.c: the interpreter through its library API: .ll modules
** written at test time, loaded with interp_load, launched with
** interp_launch on one i32 buffer, checked value by value.  Covers
** divergence and reconvergence, switch, phi cycles (parallel moves), 3D
** indices, calls from divergent code, barrier popc, vote, shfl, a
** kernel the lowering rejects and the launch counters.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "detect/finding.h"
#include "interp/interp.h"
#include "memmodel/mem.h"
#include "tests.h"

#define HEADER "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n" \
	"target triple = \"nvptx64-nvidia-cuda\"\n" \
	"declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n" \
	"declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()\n" \
	"declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()\n" \
	"declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n" \
	"declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()\n" \
	"declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()\n" \
	"declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
#define KERNEL_ANNOT "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n"

/* One launch of kernel @k of module TEXT with its one pointer parameter set
** to a zeroed buffer of N i32.  Fills OUT[0..n) and *fs. */
struct launch {
	struct dim3 grid, block;
	uint64_t max_steps;
	struct launch_stats *stats;	/* or NULL */
};

static void run_k(const char *text, const struct launch *ln, int32_t *out, uint32_t n,
		  struct findings *fs)
{
	char *path = tu_tmpfile(text, strlen(text));
	struct load_options opt = { .verify = 1 };
	struct loaded l;
	struct sim_error err = { 0 };
	int rc = interp_load(path, &opt, &l, &err);
	unlink(path);
	free(path);
	ck_assert_msg(rc == 0, "interp_load: %d %s", rc, err.msg);
	int ki = interp_find_kernel(&l, "k");
	ck_assert_int_ge(ki, 0);
	ck_assert_msg(l.kernels[ki].func >= 0, "lowering failed: %s",
		      l.kernels[ki].error ? l.kernels[ki].error : "?");
	struct mem m;
	mem_init(&m);
	interp_mem_setup(l.prog, &m, 0);
	uint32_t id = mem_new(&m, AS_GLOBAL, (uint64_t)n * 4, "out");
	ck_assert_uint_ne(id, 0);
	uint64_t args[4] = { MEM_PTR(id, 0), 0, 0, 0 };
	struct launch_cfg cfg = { 0 };
	cfg.grid = ln->grid;
	cfg.block = ln->block;
	cfg.max_steps = ln->max_steps;
	cfg.seed = 1;
	cfg.stats = ln->stats;
	memset(fs, 0, sizeof *fs);
	rc = interp_launch(l.prog, (uint32_t)l.kernels[ki].func, args, &m, &cfg, fs, &err);
	ck_assert_msg(rc == 0, "interp_launch: %d %s", rc, err.msg);
	ck_assert_int_eq(mem_read(&m, MEM_PTR(id, 0), out, (uint64_t)n * 4, NULL), MF_NONE);
	mem_free(&m);
	interp_loaded_free(&l);
}

/* Runs with the launch and asserts there were no findings. */
static void run_clean(const char *text, struct launch ln, int32_t *out, uint32_t n)
{
	struct findings fs;
	run_k(text, &ln, out, n, &fs);
	ck_assert_msg(fs.n == 0, "%u findings, first: %s", fs.n,
		      fs.n ? finding_kind_name(fs.v[0].kind) : "");
	findings_free(&fs);
}

#define L1(bx) ((struct launch){ { 1, 1, 1 }, { (bx), 1, 1 }, 0, NULL })

START_TEST(divergent_loop)
{
	/* out[t] = 0 + 1 + ... + (t-1): a loop of t trips, then every lane
	** writes out[32 + t] = the sum + 1 after reconverging */
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  br label %head\n"
		"head:\n"
		"  %i = phi i32 [ 0, %entry ], [ %i1, %body ]\n"
		"  %s = phi i32 [ 0, %entry ], [ %s1, %body ]\n"
		"  %c = icmp slt i32 %i, %t\n"
		"  br i1 %c, label %body, label %exit\n"
		"body:\n"
		"  %s1 = add i32 %s, %i\n"
		"  %i1 = add i32 %i, 1\n"
		"  br label %head\n"
		"exit:\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %s, ptr %p\n"
		"  %t2 = add i32 %t, 32\n"
		"  %q = getelementptr i32, ptr %out, i32 %t2\n"
		"  %s2 = add i32 %s, 1\n"
		"  store i32 %s2, ptr %q\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[64];
	run_clean(ll, L1(32), out, 64);
	for (int t = 0; t < 32; t++) {
		ck_assert_int_eq(out[t], t * (t - 1) / 2);
		ck_assert_int_eq(out[32 + t], t * (t - 1) / 2 + 1);
	}
}
END_TEST

START_TEST(switch_cases)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %r = urem i32 %t, 5\n"
		"  switch i32 %r, label %d [ i32 0, label %a\n"
		"                            i32 1, label %b\n"
		"                            i32 3, label %c ]\n"
		"a:\n  br label %j\n"
		"b:\n  br label %j\n"
		"c:\n  br label %j\n"
		"d:\n  br label %j\n"
		"j:\n"
		"  %v = phi i32 [ 10, %a ], [ 20, %b ], [ 30, %c ], [ 40, %d ]\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %v, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[40];
	run_clean(ll, L1(40), out, 40);
	static const int32_t want[5] = { 10, 20, 40, 30, 40 };
	for (int t = 0; t < 40; t++)
		ck_assert_int_eq(out[t], want[t % 5]);
}
END_TEST

START_TEST(phi_swap)
{
	/* a and b swap every trip: the phis must move in parallel */
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %n = add i32 %t, 1\n"
		"  br label %loop\n"
		"loop:\n"
		"  %a = phi i32 [ %t, %entry ], [ %b, %loop ]\n"
		"  %b = phi i32 [ 100, %entry ], [ %a, %loop ]\n"
		"  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n"
		"  %i1 = add i32 %i, 1\n"
		"  %c = icmp ult i32 %i1, %n\n"
		"  br i1 %c, label %loop, label %exit\n"
		"exit:\n"
		"  %m = mul i32 %a, 1000\n"
		"  %v = add i32 %m, %b\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %v, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[32];
	run_clean(ll, L1(32), out, 32);
	/* lane t exits with a, b after t swaps */
	for (int t = 0; t < 32; t++) {
		int32_t a = t % 2 == 0 ? t : 100, b = t % 2 == 0 ? 100 : t;
		ck_assert_int_eq(out[t], a * 1000 + b);
	}
}
END_TEST

START_TEST(indices_3d)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()\n"
		"  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()\n"
		"  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n"
		"  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()\n"
		"  %nz = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()\n"
		"  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
		"  %l0 = mul i32 %bx, %nz\n  %l1 = add i32 %l0, %tz\n"
		"  %l2 = mul i32 %l1, %ny\n  %l3 = add i32 %l2, %ty\n"
		"  %l4 = mul i32 %l3, %nx\n  %l5 = add i32 %l4, %tx\n"
		"  %v0 = mul i32 %ty, 10\n  %v1 = mul i32 %tz, 100\n  %v2 = mul i32 %bx, 1000\n"
		"  %v3 = add i32 %tx, %v0\n  %v4 = add i32 %v3, %v1\n  %v5 = add i32 %v4, %v2\n"
		"  %p = getelementptr i32, ptr %out, i32 %l5\n"
		"  store i32 %v5, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[2 * 5 * 3 * 4];
	memset(out, 0xff, sizeof out);
	run_clean(ll, ((struct launch){ { 2, 1, 1 }, { 5, 3, 4 }, 0, NULL }), out, 120);
	for (int bx = 0; bx < 2; bx++)
		for (int z = 0; z < 4; z++)
			for (int y = 0; y < 3; y++)
				for (int x = 0; x < 5; x++)
					ck_assert_int_eq(out[((bx * 4 + z) * 3 + y) * 5 + x],
							 x + 10 * y + 100 * z + 1000 * bx);
}
END_TEST

START_TEST(call_in_divergent_branch)
{
	static const char ll[] = HEADER
		"define internal i32 @f(i32 %x) noinline {\n"
		"  %c = icmp ugt i32 %x, 20\n"
		"  br i1 %c, label %big, label %small\n"
		"big:\n  %m = mul i32 %x, 3\n  ret i32 %m\n"
		"small:\n  %s = sub i32 0, %x\n  ret i32 %s\n}\n"
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %odd = and i32 %t, 1\n"
		"  %c = icmp ne i32 %odd, 0\n"
		"  br i1 %c, label %call, label %other\n"
		"call:\n  %r = call i32 @f(i32 %t)\n  br label %j\n"
		"other:\n  %o = add i32 %t, 1000\n  br label %j\n"
		"j:\n"
		"  %v = phi i32 [ %r, %call ], [ %o, %other ]\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %v, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[32];
	run_clean(ll, L1(32), out, 32);
	for (int t = 0; t < 32; t++) {
		int32_t want = t % 2 == 0 ? t + 1000 : t > 20 ? 3 * t : -t;
		ck_assert_int_eq(out[t], want);
	}
}
END_TEST

START_TEST(barrier_popc)
{
	/* __syncthreads_count(t < 5 || t == 40) over a block of 64: two warps */
	static const char ll[] = HEADER
		"declare i32 @llvm.nvvm.barrier0.popc(i32)\n"
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %a = icmp ult i32 %t, 5\n"
		"  %b = icmp eq i32 %t, 40\n"
		"  %c = or i1 %a, %b\n"
		"  %z = zext i1 %c to i32\n"
		"  %n = call i32 @llvm.nvvm.barrier0.popc(i32 %z)\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %n, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[64];
	run_clean(ll, L1(64), out, 64);
	for (int t = 0; t < 64; t++)
		ck_assert_int_eq(out[t], 6);
}
END_TEST

START_TEST(vote_ballot)
{
	static const char ll[] = HEADER
		"declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)\n"
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %r = urem i32 %t, 3\n"
		"  %c = icmp eq i32 %r, 0\n"
		"  %v = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %c)\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %v, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[64];
	run_clean(ll, L1(64), out, 64);
	uint32_t w0 = 0, w1 = 0;
	for (int l = 0; l < 32; l++) {
		if (l % 3 == 0)
			w0 |= 1u << l;
		if ((l + 32) % 3 == 0)
			w1 |= 1u << l;
	}
	for (int t = 0; t < 64; t++)
		ck_assert_uint_eq((uint32_t)out[t], t < 32 ? w0 : w1);
}
END_TEST

START_TEST(shfl)
{
	/* out[t] = idx-shuffle of 7*t from lane (t+5)%32, plus 1000 * the
	** down-shuffle by 3 of t (out-of-range lanes keep their own value) */
	static const char ll[] = HEADER
		"declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)\n"
		"declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)\n"
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %v = mul i32 %t, 7\n"
		"  %s0 = add i32 %t, 5\n"
		"  %src = and i32 %s0, 31\n"
		"  %a = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 %src, i32 31)\n"
		"  %d = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %t, i32 3, i32 31)\n"
		"  %d1 = mul i32 %d, 1000\n"
		"  %r = add i32 %a, %d1\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %r, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[32];
	run_clean(ll, L1(32), out, 32);
	for (int t = 0; t < 32; t++) {
		int32_t down = t + 3 < 32 ? t + 3 : t;
		ck_assert_int_eq(out[t], 7 * ((t + 5) % 32) + 1000 * down);
	}
}
END_TEST

START_TEST(unsupported_inline_asm)
{
	/* the lowering rejects @k but keeps it, with its error, and @ok runs */
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"  call void asm sideeffect \"frobnicate.b32 42;\", \"\"()\n"
		"  ret void\n}\n"
		"define void @ok(ptr %out) {\n"
		"  store i32 7, ptr %out\n"
		"  ret void\n}\n"
		"!nvvm.annotations = !{!0, !1}\n"
		"!0 = !{ptr @k, !\"kernel\", i32 1}\n"
		"!1 = !{ptr @ok, !\"kernel\", i32 1}\n";
	char *path = tu_tmpfile(ll, strlen(ll));
	struct load_options opt = { .verify = 1 };
	struct loaded l;
	struct sim_error err = { 0 };
	int rc = interp_load(path, &opt, &l, &err);
	unlink(path);
	free(path);
	ck_assert_msg(rc == 0, "interp_load: %d %s", rc, err.msg);
	int ki = interp_find_kernel(&l, "k");
	ck_assert_int_ge(ki, 0);
	ck_assert_int_lt(l.kernels[ki].func, 0);
	ck_assert_ptr_nonnull(l.kernels[ki].error);
	ck_assert_msg(strstr(l.kernels[ki].error, "inline asm") != NULL, "error: %s",
		      l.kernels[ki].error);
	int ok = interp_find_kernel(&l, "ok");
	ck_assert_int_ge(ok, 0);
	ck_assert_int_ge(l.kernels[ok].func, 0);
	ck_assert_ptr_null(l.kernels[ok].error);
	interp_loaded_free(&l);
}
END_TEST

START_TEST(oob_finding)
{
	/* the API reports a store past the buffer as a finding, not an error */
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 1, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[16];
	struct findings fs;
	struct launch ln = L1(32);
	run_k(ll, &ln, out, 16, &fs);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, FK_OOB);
	ck_assert_uint_eq(fs.v[0].count, 16);
	ck_assert_uint_eq(fs.v[0].who.thread[0], 16);
	for (int t = 0; t < 16; t++)
		ck_assert_int_eq(out[t], 1);
	findings_free(&fs);
}
END_TEST

START_TEST(step_budget)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n  br label %l\n"
		"l:\n  br label %l\n}\n" KERNEL_ANNOT;
	int32_t out[1];
	struct findings fs;
	struct launch ln = { { 1, 1, 1 }, { 32, 1, 1 }, 10000, NULL };
	run_k(ll, &ln, out, 1, &fs);
	ck_assert_uint_ge(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, FK_STEP_BUDGET);
	findings_free(&fs);
}
END_TEST

/* Lane values for the ALU tests: edge cases of i8, i32 and i64 compares. */
static const int32_t va[32] = {
	0, 1, -1, 2147483647, -2147483647 - 1, 127, -128, 128, 255, 256, 5, -5, 7, 7, -7, 100,
	0x12345678, -0x12345678, 0x7f, 0x80, 65535, 65536, -65536, 3, 42, -42, 1000000, 9, 0, -1, 64, 31,
};
static const int32_t vb[32] = {
	0, -1, 1, -2147483647 - 1, 2147483647, -128, 127, 127, 256, 255, 5, 5, -7, 7, -7, -100,
	0x12345679, -0x12345677, 0x80, 0x7f, 65536, 65535, 65536, 3, -42, 42, -1000000, 10, 1, 0, 63, 32,
};

/* The i32 list of V as LLVM IR text. */
static void ll_i32_array(char *buf, size_t n, const int32_t *v)
{
	size_t o = 0;
	o += (size_t)snprintf(buf + o, n - o, "[");
	for (int i = 0; i < 32; i++)
		o += (size_t)snprintf(buf + o, n - o, "%si32 %d", i ? ", " : "", v[i]);
	snprintf(buf + o, n - o, "]");
}

static int cmp_pred(int p, int64_t sa, int64_t sb, uint64_t ua, uint64_t ub)
{
	switch (p) {
	case 0: return ua == ub;
	case 1: return ua != ub;
	case 2: return ua > ub;
	case 3: return ua >= ub;
	case 4: return ua < ub;
	case 5: return ua <= ub;
	case 6: return sa > sb;
	case 7: return sa >= sb;
	case 8: return sa < sb;
	default: return sa <= sb;
	}
}

START_TEST(alu_lanes)
{
	/* every icmp predicate at i8, i32 and i64 (the i64 values reach past
	** 2^32 and 2^63), shifts and products by constants, and a negative
	** index into an array, for full and partial warps: out[k * 32 + t] */
	static const char *const preds[10] = { "eq", "ne", "ugt", "uge", "ult", "ule",
					       "sgt", "sge", "slt", "sle" };
	static char ll[16384];
	char a_txt[1024], b_txt[1024];
	ll_i32_array(a_txt, sizeof a_txt, va);
	ll_i32_array(b_txt, sizeof b_txt, vb);
	size_t o = 0;
	o += (size_t)snprintf(ll + o, sizeof ll - o, HEADER
			      "@va = internal addrspace(1) constant [32 x i32] %s\n"
			      "@vb = internal addrspace(1) constant [32 x i32] %s\n"
			      "define void @k(ptr %%out) {\n"
			      "  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
			      "  %%pa = getelementptr [32 x i32], ptr addrspace(1) @va, i32 0, i32 %%t\n"
			      "  %%pb = getelementptr [32 x i32], ptr addrspace(1) @vb, i32 0, i32 %%t\n"
			      "  %%a = load i32, ptr addrspace(1) %%pa\n"
			      "  %%b = load i32, ptr addrspace(1) %%pb\n"
			      "  %%a8 = trunc i32 %%a to i8\n"
			      "  %%b8 = trunc i32 %%b to i8\n"
			      "  %%a64s = sext i32 %%a to i64\n"
			      "  %%b64s = sext i32 %%b to i64\n"
			      "  %%a64 = shl i64 %%a64s, 31\n"
			      "  %%b64 = shl i64 %%b64s, 31\n", a_txt, b_txt);
	static const char *const ty[3] = { "i8", "i32", "i64" };
	static const char *const sfx[3] = { "8", "", "64" };
	int k = 0;
	for (int w = 0; w < 3; w++)
		for (int p = 0; p < 10; p++, k++)
			o += (size_t)snprintf(ll + o, sizeof ll - o,
					      "  %%c%d = icmp %s %s %%a%s, %%b%s\n"
					      "  %%z%d = zext i1 %%c%d to i32\n"
					      "  %%i%d = add i32 %%t, %d\n"
					      "  %%p%d = getelementptr i32, ptr %%out, i32 %%i%d\n"
					      "  store i32 %%z%d, ptr %%p%d\n",
					      k, preds[p], ty[w], sfx[w], sfx[w], k, k, k, k * 32, k, k, k, k);
	/* k = 30..35: shl 5, lshr 7, lshr i8 3, mul i32, mul i16, a[t - 16] via
	** a pointer to the middle of va */
	static const char *const misc[6] = {
		"shl i32 %a, 5", "lshr i32 %a, 7", "lshr i8 %a8, 3", "mul i32 %a, %b",
		"mul i16 %a16, %b16", "load i32, ptr addrspace(1) %pn",
	};
	static const char *const widen[6] = {
		"bitcast i32", "bitcast i32", "zext i8", "bitcast i32", "zext i16", "bitcast i32",
	};
	o += (size_t)snprintf(ll + o, sizeof ll - o,
			      "  %%a16 = trunc i32 %%a to i16\n"
			      "  %%b16 = trunc i32 %%b to i16\n"
			      "  %%mid = getelementptr [32 x i32], ptr addrspace(1) @va, i32 0, i32 16\n"
			      "  %%neg = sub i32 %%t, 16\n"
			      "  %%pn = getelementptr i32, ptr addrspace(1) %%mid, i32 %%neg\n");
	for (int j = 0; j < 6; j++, k++)
		o += (size_t)snprintf(ll + o, sizeof ll - o,
				      "  %%r%d = %s\n"
				      "  %%x%d = %s %%r%d to i32\n"
				      "  %%i%d = add i32 %%t, %d\n"
				      "  %%p%d = getelementptr i32, ptr %%out, i32 %%i%d\n"
				      "  store i32 %%x%d, ptr %%p%d\n",
				      k, misc[j], k, widen[j], k, k, k * 32,
				      k, k, k, k);
	snprintf(ll + o, sizeof ll - o, "  ret void\n}\n" KERNEL_ANNOT);
	int32_t out[36 * 32];
	for (int nt = 32; nt >= 20; nt -= 12) {
		memset(out, 0, sizeof out);
		run_clean(ll, L1((unsigned)nt), out, 36 * 32);
		for (int t = 0; t < 32; t++) {
			int in = t < nt;
			k = 0;
			for (int w = 0; w < 3; w++)
				for (int p = 0; p < 10; p++, k++) {
					int64_t sa = w == 0 ? (int8_t)va[t] : w == 1 ? va[t] : (int64_t)((uint64_t)(int64_t)va[t] << 31);
					int64_t sb = w == 0 ? (int8_t)vb[t] : w == 1 ? vb[t] : (int64_t)((uint64_t)(int64_t)vb[t] << 31);
					uint64_t m = w == 0 ? 0xff : w == 1 ? 0xffffffffu : ~UINT64_C(0);
					int want = cmp_pred(p, sa, sb, (uint64_t)sa & m, (uint64_t)sb & m);
					ck_assert_msg(out[k * 32 + t] == (in ? want : 0), "%s %s lane %d (%d threads)",
						      preds[p], ty[w], t, nt);
				}
			uint32_t ua = (uint32_t)va[t], ub = (uint32_t)vb[t];
			int32_t want[6] = {
				(int32_t)(ua << 5), (int32_t)(ua >> 7), (uint8_t)ua >> 3, (int32_t)(ua * ub),
				(uint16_t)((uint16_t)ua * (uint16_t)ub), va[t],
			};
			for (int j = 0; j < 6; j++)
				ck_assert_msg(out[(30 + j) * 32 + t] == (in ? want[j] : 0), "misc %d lane %d (%d threads)",
					      j, t, nt);
		}
	}
}
END_TEST

START_TEST(launch_counts)
{
	/* every thread stores once; threads 8 and up store a second time.
	** With 8 threads (one path, P1 of K1 warp instructions) lanes = 8 * K1.
	** With 40, both warps run the longer path P2 of K2 instructions (warp
	** 0 reconverges), so warps = 2 * K2 and lanes = 8 * K1 + 32 * K2. */
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 1, ptr %p\n"
		"  %c = icmp ult i32 %t, 8\n"
		"  br i1 %c, label %done, label %more\n"
		"more:\n"
		"  store i32 2, ptr %p\n"
		"  br label %done\n"
		"done:\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[40];
	struct launch_stats s8 = { 0 }, s40 = { 0 };
	struct launch ln = L1(8);
	ln.stats = &s8;
	run_clean(ll, ln, out, 40);
	ck_assert_uint_gt(s8.warp_insns, 0);
	ck_assert_uint_eq(s8.lane_insns, 8 * s8.warp_insns);
	ck_assert_uint_eq(s8.mem_accesses, 8);
	ln = L1(40);
	ln.stats = &s40;
	run_clean(ll, ln, out, 40);
	ck_assert_uint_eq(s40.mem_accesses, 40 + 32);
	ck_assert_uint_gt(s40.warp_insns, 2 * s8.warp_insns);
	ck_assert_uint_eq(s40.lane_insns, s8.lane_insns + 16 * s40.warp_insns);
	for (int t = 0; t < 40; t++)
		ck_assert_int_eq(out[t], t < 8 ? 1 : 2);
	/* counts add up over launches */
	run_clean(ll, ln, out, 40);
	ck_assert_uint_eq(s40.mem_accesses, 2 * 72);
}
END_TEST

Suite *interp_suite(void)
{
	Suite *s = suite_create("interp");
	TCase *tc = tcase_create("interp");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, divergent_loop);
	tcase_add_test(tc, switch_cases);
	tcase_add_test(tc, phi_swap);
	tcase_add_test(tc, indices_3d);
	tcase_add_test(tc, call_in_divergent_branch);
	tcase_add_test(tc, barrier_popc);
	tcase_add_test(tc, vote_ballot);
	tcase_add_test(tc, shfl);
	tcase_add_test(tc, unsupported_inline_asm);
	tcase_add_test(tc, oob_finding);
	tcase_add_test(tc, step_budget);
	tcase_add_test(tc, launch_counts);
	tcase_add_test(tc, alu_lanes);
	suite_add_tcase(s, tc);
	return s;
}
