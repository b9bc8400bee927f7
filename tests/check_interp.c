/*
** check_interp.c: the interpreter through its library API: .ll modules
** written at test time, loaded with load_file, launched with
** interp_launch on one i32 buffer, checked value by value.  Covers
** divergence and reconvergence, switch, phi cycles (parallel moves), 3D
** indices, calls from divergent code, indirect calls (divergent targets,
** function addresses, calls through bad pointers), barrier popc, vote,
** shfl, a kernel the lowering rejects and the launch counters;
** libdevice functions and math intrinsics with exact expected results
** (modf, halving adds, sad, llrint/llround, rhypot, is.fpclass, half
** conversions).
*/
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/finding.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "reader/reader.h"
#include "memmodel/mam.h"
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
	uint64_t max_work;		/* launch_cfg max_work */
	uint8_t partial_ok;		/* launch_cfg partial_ok */
};

/* run_k with pre-Volta warps when LOCKSTEP (launch_cfg.lockstep). */
static void run_km(const char *text, const struct launch *ln, int32_t *out, uint32_t n,
		   struct findings *fs, int lockstep)
{
	char *path = tu_tmpfile(text, strlen(text));
	struct load_options opt = { 0 };
	struct loaded l;
	struct sim_error err = { 0 };
	int rc = load_file(path, &opt, &l, &err);
	unlink(path);
	free(path);
	ck_assert_msg(rc == 0, "load_file: %d %s", rc, err.msg);
	int ki = load_find_kernel(&l, "k");
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
	cfg.max_work = ln->max_work;
	cfg.partial_ok = ln->partial_ok;
	cfg.lockstep = (uint8_t)lockstep;
	memset(fs, 0, sizeof *fs);
	rc = interp_launch(l.prog, (uint32_t)l.kernels[ki].func, args, &m, &cfg, fs, &err);
	ck_assert_msg(rc == 0, "interp_launch: %d %s", rc, err.msg);
	ck_assert_int_eq(mem_read(&m, MEM_PTR(id, 0), out, (uint64_t)n * 4, NULL), MF_NONE);
	mem_free(&m);
	load_free(&l);
}

static void run_k(const char *text, const struct launch *ln, int32_t *out, uint32_t n,
		  struct findings *fs)
{
	run_km(text, ln, out, n, fs, 0);
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

#define L1(bx) ((struct launch){ { 1, 1, 1 }, { (bx), 1, 1 }, 0, NULL, 0, 0 })

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
	run_clean(ll, ((struct launch){ { 2, 1, 1 }, { 5, 3, 4 }, 0, NULL, 0, 0 }), out, 120);
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

/* Three functions for the indirect-call tests: f0(x) = x + 100,
** f1(x) = 2x, f2(x) = -x (f2 branches, so it has a divergent body). */
#define FUNCS3 \
	"define internal i32 @f0(i32 %x) noinline {\n  %r = add i32 %x, 100\n  ret i32 %r\n}\n" \
	"define internal i32 @f1(i32 %x) noinline {\n  %r = shl i32 %x, 1\n  ret i32 %r\n}\n" \
	"define internal i32 @f2(i32 %x) noinline {\n" \
	"  %c = icmp ult i32 %x, 8\n  br i1 %c, label %a, label %b\n" \
	"a:\n  %r = sub i32 0, %x\n  ret i32 %r\n" \
	"b:\n  %s = sub i32 0, %x\n  ret i32 %s\n}\n" \
	"@tab = internal addrspace(1) global [3 x ptr] [ptr @f0, ptr @f1, ptr @f2]\n"

START_TEST(indirect_call_divergent)
{
	/* lane t calls tab[t % 3] (three targets in one warp); right after
	** the call the warp has reconverged: activemask is full */
	static const char ll[] = HEADER FUNCS3
		"declare i32 @llvm.nvvm.activemask()\n"
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %i = urem i32 %t, 3\n"
		"  %g = getelementptr [3 x ptr], ptr addrspace(1) @tab, i32 0, i32 %i\n"
		"  %f = load ptr, ptr addrspace(1) %g\n"
		"  %r = call i32 %f(i32 %t)\n"
		"  %am = call i32 @llvm.nvvm.activemask()\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %r, ptr %p\n"
		"  %t2 = add i32 %t, 64\n"
		"  %q = getelementptr i32, ptr %out, i32 %t2\n"
		"  store i32 %am, ptr %q\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[128];
	run_clean(ll, L1(64), out, 128);
	for (int t = 0; t < 64; t++) {
		int32_t want = t % 3 == 0 ? t + 100 : t % 3 == 1 ? 2 * t : -t;
		ck_assert_int_eq(out[t], want);
		ck_assert_uint_eq((uint32_t)out[64 + t], 0xffffffffu);
	}
}
END_TEST

START_TEST(function_addresses)
{
	/* every function has its own address: stored, loaded back, compared */
	static const char ll[] = HEADER FUNCS3
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %a = load ptr, ptr addrspace(1) @tab\n"
		"  %g = getelementptr [3 x ptr], ptr addrspace(1) @tab, i32 0, i32 2\n"
		"  store ptr @f0, ptr addrspace(1) %g\n"
		"  %b = load ptr, ptr addrspace(1) %g\n"
		"  %e1 = icmp eq ptr %a, @f0\n"
		"  %e2 = icmp ne ptr @f0, @f1\n"
		"  %e3 = icmp eq ptr %b, %a\n"
		"  %e4 = icmp ne ptr @f0, null\n"
		"  %c1 = and i1 %e1, %e2\n  %c2 = and i1 %e3, %e4\n  %c = and i1 %c1, %c2\n"
		"  %v = zext i1 %c to i32\n"
		"  %r = call i32 %b(i32 %v)\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %r, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[32];
	run_clean(ll, L1(32), out, 32);
	for (int t = 0; t < 32; t++)
		ck_assert_int_eq(out[t], 101);
}
END_TEST

START_TEST(llvm_used_not_lowered)
{
	/* llvm.used names @h, which cannot be lowered: it is not program
	** data, so @h is not lowered for it and @k still runs */
	static const char ll[] = HEADER
		"define internal void @h() {\n"
		"  call void asm sideeffect \"frobnicate.b32 42;\", \"\"()\n  ret void\n}\n"
		"@llvm.used = appending global [1 x ptr] [ptr @h], section \"llvm.metadata\"\n"
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %t, ptr %p\n  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[32];
	run_clean(ll, L1(32), out, 32);
	for (int t = 0; t < 32; t++)
		ck_assert_int_eq(out[t], t);
}
END_TEST

START_TEST(indirect_call_faults)
{
	/* lanes 0-7 call through null, 8-15 through a data pointer, 16-23
	** an external function with no code, 24-31 f1: the first two are
	** faults (result 0, the lanes go on), the third ends its lanes */
	static const char ll[] = HEADER FUNCS3
		"declare i32 @ext(i32)\n"
		"@tab2 = internal addrspace(1) global [2 x ptr] [ptr @ext, ptr @f1]\n"
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %grp = lshr i32 %t, 3\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 -1, ptr %p\n"
		"  %lo = icmp ult i32 %grp, 2\n"
		"  br i1 %lo, label %bad, label %tab\n"
		"bad:\n"
		"  %isnull = icmp eq i32 %grp, 0\n"
		"  %fb = select i1 %isnull, ptr null, ptr %out\n"
		"  br label %call\n"
		"tab:\n"
		"  %j = sub i32 %grp, 2\n"
		"  %g = getelementptr [2 x ptr], ptr addrspace(1) @tab2, i32 0, i32 %j\n"
		"  %ft = load ptr, ptr addrspace(1) %g\n"
		"  br label %call\n"
		"call:\n"
		"  %f = phi ptr [ %fb, %bad ], [ %ft, %tab ]\n"
		"  %r = call i32 %f(i32 %t)\n"
		"  store i32 %r, ptr %p\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[32];
	struct findings fs;
	struct launch ln = L1(32);
	run_k(ll, &ln, out, 32, &fs);
	int seen_null = 0, seen_bad = 0, seen_ext = 0;
	for (uint32_t i = 0; i < fs.n; i++) {
		const struct finding *f = &fs.v[i];
		if (f->kind == FK_NULL) {
			seen_null = 1;
			ck_assert_uint_eq(f->count, 8);
		} else if (f->kind == FK_INVALID_PTR) {
			seen_bad = 1;
			ck_assert_uint_eq(f->count, 8);
			ck_assert_uint_eq(f->who.thread[0], 8);
		} else if (f->kind == FK_TRAP) {
			seen_ext = 1;
			ck_assert_msg(strstr(f->detail, "ext") != NULL, "detail: %s", f->detail);
		} else {
			ck_abort_msg("unexpected finding %s", finding_kind_name(f->kind));
		}
	}
	ck_assert(seen_null && seen_bad && seen_ext);
	for (int t = 0; t < 32; t++)
		ck_assert_int_eq(out[t], t < 16 ? 0 : t < 24 ? -1 : 2 * t);
	findings_free(&fs);
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

START_TEST(nan_canonical)
{
	/* f32 arithmetic gives the GPU's one NaN, 0x7fffffff, whatever the
	** operands' payloads (the host FPU keeps the first operand's: a + b
	** and b + a differ); a number stays as computed.  out[3t]: the sum
	** of two NaNs with lane-made payloads; out[3t+1]: fma of one; out[3t+2]:
	** t + 1.5 */
	static const char ll[] = HEADER
		"declare float @llvm.fma.f32(float, float, float)\n"
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %pa = or i32 %t, 2143289344\n"
		"  %t2 = add i32 %t, 100\n"
		"  %pb = or i32 %t2, 2143289344\n"
		"  %a = bitcast i32 %pa to float\n"
		"  %b = bitcast i32 %pb to float\n"
		"  %s = fadd float %a, %b\n"
		"  %m = call float @llvm.fma.f32(float %b, float 2.0, float 1.0)\n"
		"  %tf = uitofp i32 %t to float\n"
		"  %n = fadd float %tf, 1.5\n"
		"  %si = bitcast float %s to i32\n"
		"  %mi = bitcast float %m to i32\n"
		"  %ni = bitcast float %n to i32\n"
		"  %i0 = mul i32 %t, 3\n"
		"  %i1 = add i32 %i0, 1\n"
		"  %i2 = add i32 %i0, 2\n"
		"  %p0 = getelementptr i32, ptr %out, i32 %i0\n"
		"  %p1 = getelementptr i32, ptr %out, i32 %i1\n"
		"  %p2 = getelementptr i32, ptr %out, i32 %i2\n"
		"  store i32 %si, ptr %p0\n"
		"  store i32 %mi, ptr %p1\n"
		"  store i32 %ni, ptr %p2\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[96];
	run_clean(ll, L1(32), out, 96);
	for (int t = 0; t < 32; t++) {
		float want = (float)t + 1.5f;
		int32_t wb;
		memcpy(&wb, &want, 4);
		ck_assert_uint_eq((uint32_t)out[3 * t], 0x7fffffffu);
		ck_assert_uint_eq((uint32_t)out[3 * t + 1], 0x7fffffffu);
		ck_assert_int_eq(out[3 * t + 2], wb);
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
	struct load_options opt = { 0 };
	struct loaded l;
	struct sim_error err = { 0 };
	int rc = load_file(path, &opt, &l, &err);
	unlink(path);
	free(path);
	ck_assert_msg(rc == 0, "load_file: %d %s", rc, err.msg);
	int ki = load_find_kernel(&l, "k");
	ck_assert_int_ge(ki, 0);
	ck_assert_int_lt(l.kernels[ki].func, 0);
	ck_assert_ptr_nonnull(l.kernels[ki].error);
	ck_assert_msg(strstr(l.kernels[ki].error, "inline asm") != NULL, "error: %s",
		      l.kernels[ki].error);
	int ok = load_find_kernel(&l, "ok");
	ck_assert_int_ge(ok, 0);
	ck_assert_int_ge(l.kernels[ok].func, 0);
	ck_assert_ptr_null(l.kernels[ok].error);
	load_free(&l);
}
END_TEST

START_TEST(failed_callee_spares_others)
{
	/* @a calls @g and @h, and @h cannot be lowered: @a is rejected, but
	** @g is still lowered, so @k, which calls only @g, runs */
	static const char ll[] = HEADER
		"define internal i32 @g(i32 %x) noinline {\n  %r = add i32 %x, 5\n  ret i32 %r\n}\n"
		"define internal void @h() noinline {\n"
		"  call void asm sideeffect \"frobnicate.b32 42;\", \"\"()\n  ret void\n}\n"
		"define void @a(ptr %out) {\n"
		"  %r = call i32 @g(i32 1)\n  call void @h()\n"
		"  store i32 %r, ptr %out\n  ret void\n}\n"
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %r = call i32 @g(i32 %t)\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %r, ptr %p\n  ret void\n}\n"
		"!nvvm.annotations = !{!0, !1}\n"
		"!0 = !{ptr @a, !\"kernel\", i32 1}\n"
		"!1 = !{ptr @k, !\"kernel\", i32 1}\n";
	int32_t out[32];
	run_clean(ll, L1(32), out, 32);
	for (int t = 0; t < 32; t++)
		ck_assert_int_eq(out[t], t + 5);
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
	struct launch ln = { { 1, 1, 1 }, { 32, 1, 1 }, 10000, NULL, 0, 0 };
	run_k(ll, &ln, out, 1, &fs);
	ck_assert_uint_ge(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, FK_STEP_BUDGET);
	findings_free(&fs);
}
END_TEST

/* Issue 26, item 2: a launch past its work budget (launch_cfg max_work),
** or whose first block, as the average of its grid's, projects past twice
** it, stops there without a finding (the caller drops it), counted in
** stats->work_cut; under a budget it fits, it runs to its end. */
START_TEST(work_budget)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n  br label %l\n"
		"l:\n  %i = phi i32 [ 0, %entry ], [ %n, %l ]\n"
		"  %n = add i32 %i, 1\n"
		"  %c = icmp slt i32 %n, 1000\n"
		"  br i1 %c, label %l, label %e\n"
		"e:\n  store i32 %n, ptr %out\n  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[1];
	struct findings fs;
	/* 64 blocks of two warps, about 3,000 warp instructions a warp */
	const uint64_t budgets[3] = { 0, 1000000, 100000 };
	uint64_t full = 0;
	for (int i = 0; i < 3; i++) {
		struct launch_stats st = { 0 };
		struct launch ln = { { 64, 1, 1 }, { 64, 1, 1 }, 0, &st, budgets[i], 0 };
		out[0] = 0;
		run_k(ll, &ln, out, 1, &fs);
		ck_assert_uint_eq(fs.n, 0);
		findings_free(&fs);
		if (i == 0)
			full = st.warp_insns;
		ck_assert_uint_eq(st.work_cut, i == 2);
		ck_assert_uint_eq(st.stopped, i == 2);
		if (i < 2) {
			ck_assert_int_eq(out[0], 1000);
			ck_assert_uint_eq(st.warp_insns, full);
		} else {
			/* stopped within its first block: 2 warps' turns */
			ck_assert_uint_lt(st.warp_insns, full / 16);
		}
	}
	ck_assert_uint_gt(full, 300000);
}
END_TEST

/* A launch that may stop between blocks (launch_cfg partial_ok) and
** cannot run whole within its work budget runs the blocks an eighth of
** the budget holds, a box from block (0,0,0): a run of the first row,
** then whole rows; what they did stands (each thread counts itself),
** and it is counted in stats->partial, not work_cut.  One the budget
** holds whole runs whole; a single block past twice the budget still
** cuts the launch. */
START_TEST(work_budget_partial)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n  br label %l\n"
		"l:\n  %i = phi i32 [ 0, %entry ], [ %n, %l ]\n"
		"  %n = add i32 %i, 1\n"
		"  %c = icmp slt i32 %n, 1000\n"
		"  br i1 %c, label %l, label %e\n"
		"e:\n  %o = atomicrmw add ptr %out, i32 1 seq_cst\n  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[1];
	struct findings fs;
	/* a block of two warps: its work, alone */
	struct launch_stats one = { 0 };
	struct launch l1 = { { 1, 1, 1 }, { 64, 1, 1 }, 0, &one, 0, 1 };
	run_k(ll, &l1, out, 1, &fs);
	findings_free(&fs);
	const uint64_t blk = one.warp_insns;
	ck_assert_uint_gt(blk, 3000);
	/* 512 blocks in a row, a budget of 132 blocks: 16 run */
	struct launch_stats st = { 0 };
	struct launch ln = { { 512, 1, 1 }, { 64, 1, 1 }, 0, &st, blk * 132, 1 };
	out[0] = 0;
	run_k(ll, &ln, out, 1, &fs);
	ck_assert_uint_eq(fs.n, 0);
	findings_free(&fs);
	ck_assert_uint_eq(st.partial, 1);
	ck_assert_uint_eq(st.work_cut, 0);
	ck_assert_uint_eq(st.ran.x, 16);
	ck_assert_uint_eq(st.ran.y, 1);
	ck_assert_uint_eq(st.ran.z, 1);
	ck_assert_int_eq(out[0], 16 * 64);
	/* an 8 x 64 grid, the same budget: the first row, then whole rows
	** while the next fits: two rows */
	struct launch_stats s2 = { 0 };
	struct launch l2 = { { 8, 64, 1 }, { 64, 1, 1 }, 0, &s2, blk * 132, 1 };
	out[0] = 0;
	run_k(ll, &l2, out, 1, &fs);
	findings_free(&fs);
	ck_assert_uint_eq(s2.partial, 1);
	ck_assert_uint_eq(s2.ran.x, 8);
	ck_assert_uint_eq(s2.ran.y, 2);
	ck_assert_uint_eq(s2.ran.z, 1);
	ck_assert_int_eq(out[0], 16 * 64);
	/* a budget below half a block: cut in its first block */
	struct launch_stats s3 = { 0 };
	struct launch l3 = { { 64, 1, 1 }, { 64, 1, 1 }, 0, &s3, blk / 3, 1 };
	run_k(ll, &l3, out, 1, &fs);
	findings_free(&fs);
	ck_assert_uint_eq(s3.work_cut, 1);
	ck_assert_uint_eq(s3.partial, 0);
	/* a budget the whole grid fits: every block */
	struct launch_stats s4 = { 0 };
	struct launch l4 = { { 8, 8, 1 }, { 64, 1, 1 }, 0, &s4, blk * 65, 1 };
	out[0] = 0;
	run_k(ll, &l4, out, 1, &fs);
	findings_free(&fs);
	ck_assert_uint_eq(s4.partial, 0);
	ck_assert_int_eq(out[0], 64 * 64);
}
END_TEST

/* A spin lock that every lane of a warp takes, the critical section after
** the loop (out[0] the lock, out[1] the count): under its the holder gets
** turns and every lane counts; under lockstep the lanes that failed keep
** the warp, a deadlock reported as such (not as the step budget).  With
** _i == 2, lanes that take and release the lock inside the loop (the
** pre-Volta form) finish in lockstep too. */
START_TEST(spin_lock_progress)
{
	static const char spin[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %tot = getelementptr i32, ptr %out, i32 1\n"
		"  br label %spin\n"
		"spin:\n"
		"  %r = cmpxchg ptr %out, i32 0, i32 1 seq_cst seq_cst\n"
		"  %ok = extractvalue { i32, i1 } %r, 1\n"
		"  br i1 %ok, label %crit, label %spin\n"
		"crit:\n"
		"  %v = load i32, ptr %tot\n"
		"  %n = add i32 %v, 1\n"
		"  store i32 %n, ptr %tot\n"
		"  fence seq_cst\n"
		"  %x = atomicrmw xchg ptr %out, i32 0 seq_cst\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	static const char inside[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %tot = getelementptr i32, ptr %out, i32 1\n"
		"  br label %try\n"
		"try:\n"
		"  %r = cmpxchg ptr %out, i32 0, i32 1 seq_cst seq_cst\n"
		"  %ok = extractvalue { i32, i1 } %r, 1\n"
		"  br i1 %ok, label %crit, label %latch\n"
		"crit:\n"
		"  %v = load i32, ptr %tot\n"
		"  %n = add i32 %v, 1\n"
		"  store i32 %n, ptr %tot\n"
		"  fence seq_cst\n"
		"  %x = atomicrmw xchg ptr %out, i32 0 seq_cst\n"
		"  br label %latch\n"
		"latch:\n"
		"  br i1 %ok, label %done, label %try\n"
		"done:\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[2];
	struct findings fs;
	struct launch ln = { { 1, 1, 1 }, { 32, 1, 1 }, 200000, NULL, 0, 0 };
	run_km(_i == 2 ? inside : spin, &ln, out, 2, &fs, _i == 1);
	if (_i == 1) {
		ck_assert_uint_eq(fs.n, 1);
		ck_assert_int_eq(fs.v[0].kind, FK_WARP_DEADLOCK);
		ck_assert_int_eq(out[1], 0);
	} else {
		ck_assert_msg(fs.n == 0, "%u findings, first: %s", fs.n,
			      fs.n ? finding_kind_name(fs.v[0].kind) : "");
		ck_assert_int_eq(out[1], 32);
		ck_assert_int_eq(out[0], 0);
	}
	findings_free(&fs);
	if (_i == 2) {
		run_km(inside, &ln, out, 2, &fs, 1);
		ck_assert_uint_eq(fs.n, 0);
		ck_assert_int_eq(out[1], 32);
		findings_free(&fs);
	}
}
END_TEST

/* Warps of one block hand over with no barrier (docs/MODEL.md, "Forward
** progress"): warp 0 spins on a flag (out[0]) that warp 1 sets, then
** writes out[1] = flag + 1.  Warp 0 runs first and yields after its turn;
** both warp models finish with no finding (_i 0 its, 1 lockstep).  With
** _i 2 and 3 nobody sets the flag: a real deadlock, still the step
** budget's (and the budget is what stops it, not the turn). */
START_TEST(warps_take_turns)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"entry:\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %p = getelementptr i32, ptr %out, i32 1\n"
		"  %w = icmp ult i32 %t, 32\n"
		"  br i1 %w, label %spin, label %set\n"
		"spin:\n"
		"  %f = load atomic i32, ptr %out seq_cst, align 4\n"
		"  %z = icmp eq i32 %f, 0\n"
		"  br i1 %z, label %spin, label %use\n"
		"use:\n"
		"  %n = add i32 %f, 1\n"
		"  store atomic i32 %n, ptr %p seq_cst, align 4\n"
		"  ret void\n"
		"set:\n"
		"  %c = icmp eq i32 %t, 40\n"
		"  br i1 %c, label %go, label %done\n"
		"go:\n"
		"  %v = select i1 %NOSET, i32 0, i32 7\n"
		"  store atomic i32 %v, ptr %out seq_cst, align 4\n"
		"  br label %done\n"
		"done:\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	char text[sizeof ll + 16];
	const char *noset = _i >= 2 ? "true" : "false";
	const char *at = strstr(ll, "%NOSET");
	ck_assert_ptr_nonnull(at);
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - ll), ll, noset, at + 6);
	int32_t out[2];
	struct findings fs;
	struct launch ln = { { 1, 1, 1 }, { 64, 1, 1 }, 200000, NULL, 0, 0 };
	run_km(text, &ln, out, 2, &fs, _i & 1);
	if (_i < 2) {
		ck_assert_msg(fs.n == 0, "%u findings, first: %s", fs.n,
			      fs.n ? finding_kind_name(fs.v[0].kind) : "");
		ck_assert_int_eq(out[0], 7);
		ck_assert_int_eq(out[1], 8);
	} else {
		ck_assert_uint_eq(fs.n, 1);
		ck_assert_int_eq(fs.v[0].kind, FK_STEP_BUDGET);
		ck_assert_int_eq(out[1], 0);
	}
	findings_free(&fs);
}
END_TEST

/* A spin that never ends in a CUDA header's wrapper (atomicCAS on a lock
** nobody releases, two warps) is reported at the kernel's call, its line
** 5, not in the header. */
START_TEST(spin_budget_user_line)
{
	char *bc = tu_compile_cu(
		"__global__ void k(int *lock)\n"
		"{\n"
		"	if (threadIdx.x % 32 != 0)\n"
		"		return;\n"
		"	while (atomicCAS(lock, 0, 1) != 0)\n"
		"		;\n"
		"}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "64", "--size", "lock=1",
					   "--init", "lock=const:1", "--max-steps", "20000",
					   NULL });
	unlink(bc);
	free(bc);
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "did not finish") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, ":5: error: thread did not finish") != NULL && strstr(r.out, "__clang_cuda") == NULL
		      && strstr(r.out, "simulee_cuda.h") == NULL, "%s", r.out);
	tu_run_free(&r);
}
END_TEST

/* Atomic loads and stores keep their scope: a flag stored and loaded with
** syncscope("block") by two blocks is a race of block-scope atomics (the
** model's record says so), with "device" scope none; a release store is
** a fence and a store, so with device scope it publishes out[2]. */
#define SCOPED_LL(sc) HEADER \
		"define void @k(ptr %out) {\n" \
		"entry:\n" \
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n" \
		"  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n" \
		"  %t0 = icmp eq i32 %t, 0\n" \
		"  br i1 %t0, label %one, label %done\n" \
		"one:\n" \
		"  %f = getelementptr i32, ptr %out, i32 1\n" \
		"  %d = getelementptr i32, ptr %out, i32 2\n" \
		"  %b0 = icmp eq i32 %b, 0\n" \
		"  br i1 %b0, label %put, label %get\n" \
		"put:\n" \
		"  store i32 7, ptr %d\n" \
		"  store atomic i32 1, ptr %f syncscope(\"" sc "\") release, align 4\n" \
		"  br label %done\n" \
		"get:\n" \
		"  %v = load atomic i32, ptr %f syncscope(\"" sc "\") acquire, align 4\n" \
		"  %x = load i32, ptr %d\n" \
		"  store i32 %x, ptr %out\n" \
		"  br label %done\n" \
		"done:\n" \
		"  ret void\n}\n" KERNEL_ANNOT

START_TEST(atomic_load_store_scope)
{
	const char *ll = _i ? SCOPED_LL("device") : SCOPED_LL("block");
	char *path = tu_tmpfile(ll, strlen(ll));
	struct load_options opt = { 0 };
	struct loaded l;
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(path, &opt, &l, &err) == 0, "%s", err.msg);
	unlink(path);
	free(path);
	int ki = load_find_kernel(&l, "k");
	ck_assert_int_ge(ki, 0);
	struct mem m;
	mem_init(&m);
	interp_mem_setup(l.prog, &m, 0);
	uint32_t id = mem_new(&m, AS_GLOBAL, 16, "out");
	uint64_t args[1] = { MEM_PTR(id, 0) };
	struct mam_options mo = { .model = MAM_ITS };
	struct mam *mam = mam_new(&mo);
	mam_track(mam, id, MAM_SPACE_GLOBAL);
	struct launch_cfg cfg = { 0 };
	cfg.grid = (struct dim3){ 2, 1, 1 };
	cfg.block = (struct dim3){ 32, 1, 1 };
	cfg.seed = 1;
	cfg.mam = mam;
	struct findings fs = { 0 };
	ck_assert_int_eq(interp_launch(l.prog, (uint32_t)l.kernels[ki].func, args, &m, &cfg, &fs,
				       &err), 0);
	ck_assert_uint_eq(fs.n, 0);
	if (_i) {
		ck_assert_uint_eq(mam_nraces(mam), 0);
	} else {
		/* the flag (block-scope atomics of two blocks) and the data */
		ck_assert_uint_eq(mam_nraces(mam), 2);
		const struct mam_race *r = mam_race_at(mam, 0);
		ck_assert_uint_eq(r->first.kind, MAM_ATOMIC_WRITE);
		ck_assert_uint_eq(r->first.scope, MAM_SCOPE_BLOCK);
		ck_assert_uint_eq(r->second.kind, MAM_ATOMIC_READ);
		ck_assert_uint_eq(r->second.scope, MAM_SCOPE_BLOCK);
	}
	findings_free(&fs);
	mam_free(mam);
	mem_free(&m);
	load_free(&l);
}
END_TEST

/* Issue 26, item 2: launch_cfg reached marks the static sites whose
** accesses a launch ran (the search's coverage): one branch's store with
** a block of 32 threads, both with 128. */
START_TEST(reached_sites)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %c = icmp ult i32 %t, 64\n"
		"  br i1 %c, label %a, label %b\n"
		"a:\n  store i32 1, ptr %out\n  ret void\n"
		"b:\n  %p = getelementptr i32, ptr %out, i32 1\n"
		"  store i32 2, ptr %p\n  ret void\n}\n" KERNEL_ANNOT;
	char *path = tu_tmpfile(ll, strlen(ll));
	struct load_options opt = { 0 };
	struct loaded l;
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(path, &opt, &l, &err) == 0, "%s", err.msg);
	unlink(path);
	free(path);
	int ki = load_find_kernel(&l, "k");
	ck_assert_int_ge(ki, 0);
	ck_assert_uint_ge(l.prog->nsites, 2);
	for (int run = 0; run < 2; run++) {
		struct mem m;
		mem_init(&m);
		interp_mem_setup(l.prog, &m, 0);
		uint32_t id = mem_new(&m, AS_GLOBAL, 16, "out");
		uint64_t args[1] = { MEM_PTR(id, 0) };
		struct mam_options mo = { .model = MAM_ITS };
		struct mam *mam = mam_new(&mo);
		uint8_t *reached = xcalloc(l.prog->nsites, 1);
		struct launch_cfg cfg = { 0 };
		cfg.grid = (struct dim3){ 1, 1, 1 };
		cfg.block = (struct dim3){ run ? 128 : 32, 1, 1 };
		cfg.seed = 1;
		cfg.mam = mam;
		cfg.reached = reached;
		struct findings fs = { 0 };
		ck_assert_int_eq(interp_launch(l.prog, (uint32_t)l.kernels[ki].func, args, &m, &cfg,
					       &fs, &err), 0);
		uint32_t n = 0;
		for (uint32_t s = 0; s < l.prog->nsites; s++)
			n += reached[s];
		ck_assert_uint_eq(n, run ? 2 : 1);
		free(reached);
		findings_free(&fs);
		mam_free(mam);
		mem_free(&m);
	}
	load_free(&l);
}
END_TEST

/* ---- libdevice functions and math intrinsics ------------------------------
** These kernels read lane t's inputs from constant tables (bit patterns,
** so that every special value is exact) and write results as i32 words;
** expected values are written out by hand from the CUDA/libdevice
** definitions, not computed with the functions under test. */

struct text {
	char *s;
	size_t n, cap;
};

static void tx(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tx(struct text *t, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int k = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
		va_end(ap);
		ck_assert_int_ge(k, 0);
		if (t->s && t->n + (size_t)k < t->cap) {
			t->n += (size_t)k;
			return;
		}
		t->cap = (t->cap + (size_t)k + 1) * 2;
		t->s = realloc(t->s, t->cap);
		ck_assert_ptr_nonnull(t->s);
	}
}

/* A constant table @NAME of N W-bit integers. */
static void table(struct text *t, const char *name, unsigned w, const uint64_t *v, unsigned n)
{
	tx(t, "@%s = internal addrspace(1) constant [%u x i%u] [", name, n, w);
	for (unsigned i = 0; i < n; i++)
		tx(t, "%si%u %llu", i ? ", " : "", w, (unsigned long long)v[i]);
	tx(t, "]\n");
}

/* "%NAME = <ty> table[t]" for table @TAB of N W-bit words, as type TY. */
static void load_elem(struct text *t, const char *name, const char *tab, unsigned w, unsigned n,
		      const char *ty)
{
	tx(t, "  %%%s.p = getelementptr [%u x i%u], ptr addrspace(1) @%s, i32 0, i32 %%t\n",
	   name, n, w, tab);
	tx(t, "  %%%s.b = load i%u, ptr addrspace(1) %%%s.p\n", name, w, name);
	tx(t, "  %%%s = bitcast i%u %%%s.b to %s\n", name, w, name, ty);
}

/* "out[k*32 + t] = V" for an i32 V; 64-bit values take words 2t, 2t+1 of
** the 64-word block at K*32. */
static void put32(struct text *t, unsigned k, const char *v)
{
	static unsigned uniq;
	uniq++;
	tx(t, "  %%o%u.i = add i32 %%t, %u\n  %%o%u.p = getelementptr i32, ptr %%out, i32 %%o%u.i\n"
	   "  store i32 %s, ptr %%o%u.p\n", uniq, k * 32, uniq, uniq, v, uniq);
}

static void put64(struct text *t, unsigned k, const char *v)
{
	static unsigned uniq;
	uniq++;
	tx(t, "  %%w%u.t = shl i32 %%t, 1\n  %%w%u.i = add i32 %%w%u.t, %u\n"
	   "  %%w%u.p = getelementptr i32, ptr %%out, i32 %%w%u.i\n  store i64 %s, ptr %%w%u.p\n",
	   uniq, uniq, uniq, k * 32, uniq, uniq, v, uniq);
}

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint64_t word64(const int32_t *out, unsigned k, unsigned t)
{
	return (uint32_t)out[k * 32 + 2 * t] | (uint64_t)(uint32_t)out[k * 32 + 2 * t + 1] << 32;
}

#define LANES_OF(n) ((struct launch){ { 1, 1, 1 }, { (n), 1, 1 }, 0, NULL, 0, 0 })

START_TEST(libdevice_modf)
{
	/* __nv_modff / __nv_modf: fraction returned, integral part stored;
	** integral x (infinities too) gives a zero with the sign of x */
	static const struct { float x, frac, ip; } c[] = {
		{ 2.5f, 0.5f, 2.0f }, { -2.5f, -0.5f, -2.0f }, { -3.0f, -0.0f, -3.0f },
		{ 0.0f, 0.0f, 0.0f }, { -0.0f, -0.0f, -0.0f }, { INFINITY, 0.0f, INFINITY },
		{ -INFINITY, -0.0f, -INFINITY }, { 1e30f, 0.0f, 1e30f }, { 0.75f, 0.75f, 0.0f },
		{ -1e-40f, -1e-40f, -0.0f }, { 8388607.5f, 0.5f, 8388607.0f },
		{ -0.25f, -0.25f, -0.0f }, { 123.125f, 0.125f, 123.0f }, { NAN, NAN, NAN },
	};
	enum { N = sizeof c / sizeof c[0] };
	uint64_t xf[N], xd[N];
	for (unsigned i = 0; i < N; i++) {
		xf[i] = fbits(c[i].x);
		xd[i] = dbits(c[i].x);
	}
	struct text t = { 0 };
	tx(&t, "%s", HEADER "declare float @__nv_modff(float, ptr)\n"
	   "declare double @__nv_modf(double, ptr)\n");
	table(&t, "xf", 32, xf, N);
	table(&t, "xd", 64, xd, N);
	tx(&t, "define void @k(ptr %%out) {\n  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
	load_elem(&t, "x", "xf", 32, N, "float");
	load_elem(&t, "d", "xd", 64, N, "double");
	tx(&t, "  %%ipf.i = add i32 %%t, 32\n  %%ipf = getelementptr i32, ptr %%out, i32 %%ipf.i\n"
	   "  %%fr = call float @__nv_modff(float %%x, ptr %%ipf)\n  %%frb = bitcast float %%fr to i32\n");
	put32(&t, 0, "%frb");
	tx(&t, "  %%ipd.t = shl i32 %%t, 1\n  %%ipd.i = add i32 %%ipd.t, 128\n"
	   "  %%ipd = getelementptr i32, ptr %%out, i32 %%ipd.i\n"
	   "  %%frd = call double @__nv_modf(double %%d, ptr %%ipd)\n  %%frdb = bitcast double %%frd to i64\n");
	put64(&t, 2, "%frdb");
	tx(&t, "  ret void\n}\n" KERNEL_ANNOT);
	int32_t out[192];
	run_clean(t.s, LANES_OF(N), out, 192);
	free(t.s);
	for (unsigned i = 0; i < N; i++) {
		uint64_t fd = word64(out, 2, i), id = word64(out, 4, i);
		if (isnan(c[i].x)) {
			ck_assert((out[i] & 0x7fffffff) > 0x7f800000);
			ck_assert((out[32 + i] & 0x7fffffff) > 0x7f800000);
			ck_assert((fd & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000));
			ck_assert((id & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000));
			continue;
		}
		ck_assert_msg((uint32_t)out[i] == fbits(c[i].frac), "modff(%g) = %08x", c[i].x, out[i]);
		ck_assert_msg((uint32_t)out[32 + i] == fbits(c[i].ip), "modff(%g) ip %08x", c[i].x,
			      out[32 + i]);
		ck_assert_msg(fd == dbits(c[i].frac), "modf(%g)", c[i].x);
		ck_assert_msg(id == dbits(c[i].ip), "modf(%g) ip", c[i].x);
	}
}
END_TEST

START_TEST(libdevice_halving_and_sad)
{
	/* __nv_hadd/rhadd/uhadd/urhadd never overflow; llvm.nvvm.sad.i/ui
	** (what __sad/__usad become with libdevice) wrap modulo 2^32 */
	static const int32_t a[] = { 0, 1, -1, INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN, 7, -7,
				     123456789, -5, 3 };
	static const int32_t b[] = { 0, 2, -2, INT32_MAX, INT32_MIN, INT32_MIN, -1, -8, 8,
				     987654321, 4, -3 };
	enum { N = sizeof a / sizeof a[0] };
	uint64_t va[N], vb[N];
	for (unsigned i = 0; i < N; i++) {
		va[i] = (uint32_t)a[i];
		vb[i] = (uint32_t)b[i];
	}
	struct text t = { 0 };
	tx(&t, "%s", HEADER);
	static const char *const fn[] = { "__nv_hadd", "__nv_rhadd", "__nv_uhadd", "__nv_urhadd" };
	for (unsigned k = 0; k < 4; k++)
		tx(&t, "declare i32 @%s(i32, i32)\n", fn[k]);
	tx(&t, "declare i32 @llvm.nvvm.sad.i(i32, i32, i32)\ndeclare i32 @llvm.nvvm.sad.ui(i32, i32, i32)\n");
	table(&t, "ta", 32, va, N);
	table(&t, "tb", 32, vb, N);
	tx(&t, "define void @k(ptr %%out) {\n  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
	load_elem(&t, "a", "ta", 32, N, "i32");
	load_elem(&t, "b", "tb", 32, N, "i32");
	for (unsigned k = 0; k < 4; k++) {
		char v[16];
		tx(&t, "  %%h%u = call i32 @%s(i32 %%a, i32 %%b)\n", k, fn[k]);
		snprintf(v, sizeof v, "%%h%u", k);
		put32(&t, k, v);
	}
	tx(&t, "  %%s0 = call i32 @llvm.nvvm.sad.i(i32 %%a, i32 %%b, i32 7)\n"
	   "  %%s1 = call i32 @llvm.nvvm.sad.ui(i32 %%a, i32 %%b, i32 -3)\n");
	put32(&t, 4, "%s0");
	put32(&t, 5, "%s1");
	tx(&t, "  ret void\n}\n" KERNEL_ANNOT);
	int32_t out[192];
	run_clean(t.s, LANES_OF(N), out, 192);
	free(t.s);
	for (unsigned i = 0; i < N; i++) {
		int64_t x = a[i], y = b[i];
		uint64_t ux = (uint32_t)a[i], uy = (uint32_t)b[i];
		/* floor((x + y) / 2) and floor((x + y + 1) / 2), exactly */
		int64_t s = x + y;
		int64_t h = s >= 0 ? s / 2 : -((-s + 1) / 2);
		int64_t rh = (s + 1) >= 0 ? (s + 1) / 2 : -((-(s + 1) + 1) / 2);
		ck_assert_int_eq(out[i], (int32_t)h);
		ck_assert_int_eq(out[32 + i], (int32_t)rh);
		ck_assert_uint_eq((uint32_t)out[64 + i], (uint32_t)((ux + uy) / 2));
		ck_assert_uint_eq((uint32_t)out[96 + i], (uint32_t)((ux + uy + 1) / 2));
		uint64_t ds = (uint64_t)(x > y ? x - y : y - x), du = ux > uy ? ux - uy : uy - ux;
		ck_assert_uint_eq((uint32_t)out[128 + i], (uint32_t)(ds + 7));
		ck_assert_uint_eq((uint32_t)out[160 + i], (uint32_t)(du + 0xfffffffdu));
	}
}
END_TEST

START_TEST(libdevice_llrint_llround)
{
	/* to nearest even / halfway away from zero, saturated; NaN is 0
	** except for __nv_llroundf, which returns INT64_MIN */
	static const double x[] = { 2.5, 3.5, -2.5, -0.5, 0.49999997, 1e19, -1e19, NAN, 0x1p62,
				    -0x1p63, 1.5, -1.5, INFINITY, -INFINITY, 0.5, -3.7 };
	static const int64_t rint_w[] = { 2, 4, -2, 0, 0, INT64_MAX, INT64_MIN, 0, INT64_C(1) << 62,
					  INT64_MIN, 2, -2, INT64_MAX, INT64_MIN, 0, -4 };
	static const int64_t round_w[] = { 3, 4, -3, -1, 0, INT64_MAX, INT64_MIN, 0, INT64_C(1) << 62,
					   INT64_MIN, 2, -2, INT64_MAX, INT64_MIN, 1, -4 };
	enum { N = sizeof x / sizeof x[0] };
	/* double-only cases in the double table: the largest double below
	** 0.5 (which x + 0.5 would round up) and 2^52 + 1 */
	uint64_t vf[N], vd[N];
	for (unsigned i = 0; i < N; i++) {
		vf[i] = fbits((float)x[i]);
		vd[i] = dbits(x[i]);
	}
	vd[4] = dbits(0.49999999999999994);
	vd[14] = dbits(4503599627370497.0);
	struct text t = { 0 };
	tx(&t, "%s", HEADER "declare i64 @__nv_llrintf(float)\ndeclare i64 @__nv_llroundf(float)\n"
	   "declare i64 @__nv_llrint(double)\ndeclare i64 @__nv_llround(double)\n");
	table(&t, "tf", 32, vf, N);
	table(&t, "td", 64, vd, N);
	tx(&t, "define void @k(ptr %%out) {\n  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
	load_elem(&t, "f", "tf", 32, N, "float");
	load_elem(&t, "d", "td", 64, N, "double");
	tx(&t, "  %%r0 = call i64 @__nv_llrintf(float %%f)\n  %%r1 = call i64 @__nv_llroundf(float %%f)\n"
	   "  %%r2 = call i64 @__nv_llrint(double %%d)\n  %%r3 = call i64 @__nv_llround(double %%d)\n");
	put64(&t, 0, "%r0");
	put64(&t, 2, "%r1");
	put64(&t, 4, "%r2");
	put64(&t, 6, "%r3");
	tx(&t, "  ret void\n}\n" KERNEL_ANNOT);
	int32_t out[256];
	run_clean(t.s, LANES_OF(N), out, 256);
	free(t.s);
	for (unsigned i = 0; i < N; i++) {
		int64_t rf = rint_w[i], ro = round_w[i], rd = rint_w[i], rod = round_w[i];
		if (i == 7)
			ro = INT64_MIN;		/* __nv_llroundf(NaN) */
		if (i == 14)
			rd = rod = INT64_C(4503599627370497);
		ck_assert_msg((int64_t)word64(out, 0, i) == rf, "llrintf(%g)", x[i]);
		ck_assert_msg((int64_t)word64(out, 2, i) == ro, "llroundf(%g)", x[i]);
		ck_assert_msg((int64_t)word64(out, 4, i) == rd, "llrint(%g)", x[i]);
		ck_assert_msg((int64_t)word64(out, 6, i) == rod, "llround(%g)", x[i]);
	}
}
END_TEST

START_TEST(libdevice_rhypot)
{
	/* 1 / hypot: an infinity wins over a NaN, zeros give +inf */
	static const float a[] = { 3, -3, INFINITY, NAN, 0, NAN, 5, 0x1p-140f, 1e30f };
	static const float b[] = { 4, 4, NAN, -INFINITY, 0, 1, 12, 0, -1e30f };
	enum { N = sizeof a / sizeof a[0] };
	uint64_t va[N], vb[N], da[N], db[N];
	for (unsigned i = 0; i < N; i++) {
		va[i] = fbits(a[i]);
		vb[i] = fbits(b[i]);
		da[i] = dbits(a[i]);
		db[i] = dbits(b[i]);
	}
	struct text t = { 0 };
	tx(&t, "%s", HEADER "declare float @__nv_rhypotf(float, float)\n"
	   "declare double @__nv_rhypot(double, double)\n");
	table(&t, "ta", 32, va, N);
	table(&t, "tb", 32, vb, N);
	table(&t, "tda", 64, da, N);
	table(&t, "tdb", 64, db, N);
	tx(&t, "define void @k(ptr %%out) {\n  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
	load_elem(&t, "a", "ta", 32, N, "float");
	load_elem(&t, "b", "tb", 32, N, "float");
	load_elem(&t, "c", "tda", 64, N, "double");
	load_elem(&t, "d", "tdb", 64, N, "double");
	tx(&t, "  %%r = call float @__nv_rhypotf(float %%a, float %%b)\n  %%rb = bitcast float %%r to i32\n"
	   "  %%s = call double @__nv_rhypot(double %%c, double %%d)\n  %%sb = bitcast double %%s to i64\n");
	put32(&t, 0, "%rb");
	put64(&t, 2, "%sb");
	tx(&t, "  ret void\n}\n" KERNEL_ANNOT);
	int32_t out[128];
	run_clean(t.s, LANES_OF(N), out, 128);
	free(t.s);
	/* 1/5, 1/13 and 2^140 are exact or correctly rounded by hand */
	const uint32_t wf[N] = { 0x3e4ccccd, 0x3e4ccccd, 0, 0, 0x7f800000, 0x7fc00000, 0x3d9d89d9,
				 0x7f800000, 0 };
	const uint64_t wd[N] = { UINT64_C(0x3fc999999999999a), UINT64_C(0x3fc999999999999a), 0, 0,
				 UINT64_C(0x7ff0000000000000), 0, UINT64_C(0x3fb3b13b13b13b14),
				 UINT64_C(0x48b0000000000000), 0 };
	for (unsigned i = 0; i < N; i++) {
		uint32_t rf = (uint32_t)out[i];
		uint64_t rd = word64(out, 2, i);
		if (i == 5) {
			ck_assert((rf & 0x7fffffff) > 0x7f800000);
			ck_assert((rd & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000));
		} else if (i == 8) {
			/* 1 / (sqrt(2) * 1e30), within an ulp */
			float want = 7.0710678e-31f;
			ck_assert_msg(abs((int32_t)rf - (int32_t)fbits(want)) <= 1, "rhypotf: %08x", rf);
		} else {
			ck_assert_msg(rf == wf[i], "rhypotf(%g, %g) = %08x", a[i], b[i], rf);
			ck_assert_msg(rd == wd[i], "rhypot(%g, %g) = %016llx", a[i], b[i],
				      (unsigned long long)rd);
		}
	}
}
END_TEST

START_TEST(is_fpclass)
{
	/* lane t holds a value of class t (sNaN, qNaN, -inf, -normal,
	** -subnormal, -0, +0, +subnormal, +normal, +inf) in four formats;
	** testing it against each one-class mask must give exactly 1 << t */
	static const uint64_t v16[10] = { 0x7c01, 0x7e00, 0xfc00, 0xbc00, 0x8001, 0x8000, 0, 1,
					  0x3c00, 0x7c00 };
	static const uint64_t vbf[10] = { 0x7f81, 0x7fc0, 0xff80, 0xbf80, 0x8001, 0x8000, 0, 1,
					  0x3f80, 0x7f80 };
	static const uint64_t v32[10] = { 0x7f800001, 0x7fc00000, 0xff800000, 0xbf800000,
					  0x80000001, 0x80000000, 0, 1, 0x3f800000, 0x7f800000 };
	static const uint64_t v64[10] = { UINT64_C(0x7ff0000000000001), UINT64_C(0x7ff8000000000000),
					  UINT64_C(0xfff0000000000000), UINT64_C(0xbff0000000000000),
					  UINT64_C(0x8000000000000001), UINT64_C(0x8000000000000000), 0,
					  1, UINT64_C(0x3ff0000000000000), UINT64_C(0x7ff0000000000000) };
	static const struct { const char *tab, *ty, *sfx; unsigned w; const uint64_t *v; } fm[4] = {
		{ "h", "half", "f16", 16, v16 }, { "bf", "bfloat", "bf16", 16, vbf },
		{ "f", "float", "f32", 32, v32 }, { "d", "double", "f64", 64, v64 },
	};
	struct text t = { 0 };
	tx(&t, "%s", HEADER);
	for (unsigned f = 0; f < 4; f++) {
		tx(&t, "declare i1 @llvm.is.fpclass.%s(%s, i32)\n", fm[f].sfx, fm[f].ty);
		table(&t, fm[f].tab, fm[f].w, fm[f].v, 10);
	}
	tx(&t, "declare <2 x i1> @llvm.is.fpclass.v2f32(<2 x float>, i32)\n");
	tx(&t, "define void @k(ptr %%out) {\n  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
	for (unsigned f = 0; f < 4; f++) {
		char x[16];
		snprintf(x, sizeof x, "x%u", f);
		load_elem(&t, x, fm[f].tab, fm[f].w, 10, fm[f].ty);
		tx(&t, "  %%acc%u.0 = add i32 0, 0\n", f);
		for (unsigned c = 0; c < 10; c++) {
			tx(&t, "  %%c%u.%u = call i1 @llvm.is.fpclass.%s(%s %%x%u, i32 %u)\n"
			   "  %%z%u.%u = zext i1 %%c%u.%u to i32\n  %%s%u.%u = shl i32 %%z%u.%u, %u\n"
			   "  %%acc%u.%u = or i32 %%acc%u.%u, %%s%u.%u\n",
			   f, c, fm[f].sfx, fm[f].ty, f, 1u << c, f, c, f, c, f, c, f, c, c,
			   f, c + 1, f, c, f, c);
		}
		char v[16];
		snprintf(v, sizeof v, "%%acc%u.10", f);
		put32(&t, f, v);
	}
	/* a vector: <x, 1.0> against "NaN or +normal" */
	tx(&t, "  %%vv0 = insertelement <2 x float> undef, float %%x2, i32 0\n"
	   "  %%vv = insertelement <2 x float> %%vv0, float 1.0, i32 1\n"
	   "  %%vc = call <2 x i1> @llvm.is.fpclass.v2f32(<2 x float> %%vv, i32 259)\n"
	   "  %%ve0 = extractelement <2 x i1> %%vc, i32 0\n  %%ve1 = extractelement <2 x i1> %%vc, i32 1\n"
	   "  %%vz0 = zext i1 %%ve0 to i32\n  %%vz1 = zext i1 %%ve1 to i32\n  %%vs1 = shl i32 %%vz1, 1\n"
	   "  %%vr = or i32 %%vz0, %%vs1\n");
	put32(&t, 4, "%vr");
	tx(&t, "  ret void\n}\n" KERNEL_ANNOT);
	int32_t out[160];
	run_clean(t.s, LANES_OF(10), out, 160);
	free(t.s);
	for (unsigned i = 0; i < 10; i++) {
		for (unsigned f = 0; f < 4; f++)
			ck_assert_msg((uint32_t)out[32 * f + i] == 1u << i, "%s class %u: %x", fm[f].ty,
				      i, out[32 * f + i]);
		ck_assert_int_eq(out[128 + i], (i < 2 || i == 8) | 2);
	}
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
			/* the 16-bit product in uint32_t: promoted to int, 65529 *
			** 65529 overflows (clang's UBSan saw it) */
			int32_t want[6] = {
				(int32_t)(ua << 5), (int32_t)(ua >> 7), (uint8_t)ua >> 3, (int32_t)(ua * ub),
				(uint16_t)((uint32_t)(uint16_t)ua * (uint16_t)ub), va[t],
			};
			for (int j = 0; j < 6; j++)
				ck_assert_msg(out[(30 + j) * 32 + t] == (in ? want[j] : 0), "misc %d lane %d (%d threads)",
					      j, t, nt);
		}
	}
}
END_TEST

START_TEST(half_conversions)
{
	/* llvm.nvvm.f2h.rn and fptrunc round to nearest even once (a double
	** just above a half tie must not round twice); convert.from.fp16 and
	** __nv_half2float widen exactly; tanh.approx is tanh */
	static const uint64_t fin[] = { 0x3f800000, 0x477ff000, 0x477fe000, 0x3f801000,
					0x3f803000, 0x33800000, 0x33000000, 0x7fc00000 };
	static const uint32_t fout[] = { 0x3c00, 0x7c00, 0x7bff, 0x3c00, 0x3c02, 0x0001, 0, 0x7e00 };
	static const uint64_t hin[] = { 0x3c00, 0x0001, 0xfc00, 0x7bff, 0x8000, 0x3555, 0, 0 };
	static const uint32_t hout[] = { 0x3f800000, 0x33800000, 0xff800000, 0x477fe000,
					 0x80000000, 0x3eaaa000, 0, 0 };
	enum { N = 8 };
	struct text t = { 0 };
	tx(&t, "%s", HEADER "declare i16 @llvm.nvvm.f2h.rn(float)\n"
	   "declare float @llvm.convert.from.fp16.f32(i16)\ndeclare float @__nv_half2float(i16)\n"
	   "declare float @llvm.nvvm.tanh.approx.f32(float)\n");
	table(&t, "tf", 32, fin, N);
	table(&t, "th", 16, hin, N);
	tx(&t, "define void @k(ptr %%out) {\n  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
	load_elem(&t, "f", "tf", 32, N, "float");
	load_elem(&t, "h", "th", 16, N, "i16");
	tx(&t, "  %%a = call i16 @llvm.nvvm.f2h.rn(float %%f)\n  %%a32 = zext i16 %%a to i32\n"
	   "  %%b = call float @llvm.convert.from.fp16.f32(i16 %%h)\n  %%b32 = bitcast float %%b to i32\n"
	   "  %%c = call float @__nv_half2float(i16 %%h)\n  %%c32 = bitcast float %%c to i32\n"
	   "  %%d = fptrunc double 0x3FF0020000400000 to half\n  %%d16 = bitcast half %%d to i16\n"
	   "  %%d32 = zext i16 %%d16 to i32\n"
	   "  %%e = call float @llvm.nvvm.tanh.approx.f32(float 0.5)\n  %%e32 = bitcast float %%e to i32\n");
	put32(&t, 0, "%a32");
	put32(&t, 1, "%b32");
	put32(&t, 2, "%c32");
	put32(&t, 3, "%d32");
	put32(&t, 4, "%e32");
	tx(&t, "  ret void\n}\n" KERNEL_ANNOT);
	int32_t out[160];
	run_clean(t.s, LANES_OF(N), out, 160);
	free(t.s);
	for (unsigned i = 0; i < N; i++) {
		ck_assert_msg((uint32_t)out[i] == fout[i], "f2h(%08llx) = %04x",
			      (unsigned long long)fin[i], out[i]);
		ck_assert_uint_eq((uint32_t)out[32 + i], hout[i]);
		ck_assert_uint_eq((uint32_t)out[64 + i], hout[i]);
		ck_assert_uint_eq((uint32_t)out[96 + i], 0x3c01);	/* 1 + 2^-10 */
		/* tanh(0.5) = 0.46211715726..., within 2 ulp */
		ck_assert_int_le(abs(out[128 + i] - (int32_t)fbits(0.46211716f)), 2);
	}
}
END_TEST

START_TEST(launch_counts)
{
	/* every thread stores once; threads 8 and up store a second time.
	** With 8 threads (one path of K1 warp instructions, its last the
	** return) lanes = 8 * K1.  The longer path is one store more and
	** returns by itself (a branch to a bare `ret void` is lowered as the
	** return, so a thread's exit place is its own), so with 40 threads
	** warp 1 runs K1 + 1 instructions with 8 lanes, and warp 0 runs the
	** K1 - 1 before the branch with 32, the store and return with 24 and
	** the short path's return with 8: warps = 2 * K1 + 3 and lanes =
	** 40 * K1 + 32. */
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
	ck_assert_uint_eq(s40.warp_insns, 2 * s8.warp_insns + 3);
	ck_assert_uint_eq(s40.lane_insns, 40 * s8.warp_insns + 32);
	for (int t = 0; t < 40; t++)
		ck_assert_int_eq(out[t], t < 8 ? 1 : 2);
	/* counts add up over launches */
	run_clean(ll, ln, out, 40);
	ck_assert_uint_eq(s40.mem_accesses, 2 * 72);
}
END_TEST

/* ---- inline PTX with labels and branches ---- */

START_TEST(asm_branches)
{
	/* per lane t of one warp: a forward @p bra over a mov, with a nested
	** scope whose .reg shadows the outer one; a loop of t trips (backward
	** bra.uni, forward @q exit); a do-while closed by @!q bra; activemask
	** right after the first (reconverged at its label: full); guarded stores, which
	** branch around the store for the lanes whose guard fails */
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %a = call i32 asm \"{ .reg .pred p; .reg .u32 v; mov.u32 v, 7; "
		"setp.lt.u32 p, $1, 10; @p bra SMALL${:uid}; mov.u32 v, 9; SMALL${:uid}: "
		"{ .reg .u32 v; mov.u32 v, 100; } mov.u32 $0, v; }\", \"=r,r\"(i32 %t)\n"
		"  %m = call i32 asm sideeffect \"activemask.b32 $0;\", \"=r\"()\n"
		"  %s = call i32 asm \"{\\0A\\09.reg .pred q;\\0A\\09.reg .u32 i, s;\\0A\\09"
		"mov.u32 s, 0;\\0A\\09mov.u32 i, 0;\\0ALOOP${:uid}:\\0A\\09setp.ge.u32 q, i, $1;"
		"\\0A\\09@q bra END${:uid};\\0A\\09add.u32 s, s, i;\\0A\\09add.u32 i, i, 1;"
		"\\0A\\09bra.uni LOOP${:uid};  // back\\0AEND${:uid}: mov.u32 $0, s;\\0A}\","
		" \"=r,r\"(i32 %t)\n"
		"  %d = call i32 asm \"{ .reg .pred q; .reg .u32 i; mov.u32 $0, 0; mov.u32 i, 0; "
		"AGAIN: add.u32 $0, $0, 2; add.u32 i, i, 1; setp.ge.u32 q, i, $1; @!q bra AGAIN; }\","
		" \"=r,r\"(i32 %t)\n"
		"  %b = shl i32 %t, 2\n"
		"  %p0 = getelementptr i32, ptr %out, i32 %b\n"
		"  store i32 %a, ptr %p0\n"
		"  %b1 = add i32 %b, 1\n"
		"  %p1 = getelementptr i32, ptr %out, i32 %b1\n"
		"  store i32 %s, ptr %p1\n"
		"  %b2 = add i32 %b, 2\n"
		"  %p2 = getelementptr i32, ptr %out, i32 %b2\n"
		"  store i32 %d, ptr %p2\n"
		"  %b3 = add i32 %b, 3\n"
		"  %p3 = getelementptr i32, ptr %out, i32 %b3\n"
		"  store i32 %m, ptr %p3\n"
		"  %g = shl i32 %t, 1\n"
		"  %g1 = add i32 %g, 128\n"
		"  %pg = getelementptr i32, ptr %out, i32 %g1\n"
		"  %odd = and i32 %t, 1\n"
		"  call void asm sideeffect \"{ .reg .pred p; setp.eq.u32 p, $1, 0; "
		"@p st.global.u32 [$0], 5; @!p st.global.u32 [$0+4], 6; }\", \"l,r\"(ptr %pg, i32 %odd)\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	int32_t out[192];
	run_clean(ll, L1(32), out, 192);
	for (int t = 0; t < 32; t++) {
		ck_assert_int_eq(out[4 * t], t < 10 ? 7 : 9);
		ck_assert_int_eq(out[4 * t + 1], t * (t - 1) / 2);
		ck_assert_int_eq(out[4 * t + 2], 2 * (t > 1 ? t : 1));
		ck_assert_int_eq((uint32_t)out[4 * t + 3], 0xffffffffu);
		ck_assert_int_eq(out[128 + 2 * t], t % 2 ? 0 : 5);
		ck_assert_int_eq(out[128 + 2 * t + 1], t % 2 ? 6 : 0);
	}
}
END_TEST

/* The lowering error of kernel @k of module TEXT (which must fail), or
** aborts; the caller frees it. */
static char *lowering_error(const char *text)
{
	char *path = tu_tmpfile(text, strlen(text));
	struct load_options opt = { 0 };
	struct loaded l;
	struct sim_error err = { 0 };
	int rc = load_file(path, &opt, &l, &err);
	unlink(path);
	free(path);
	ck_assert_msg(rc == 0, "load_file: %d %s", rc, err.msg);
	int ki = load_find_kernel(&l, "k");
	ck_assert_int_ge(ki, 0);
	ck_assert_int_lt(l.kernels[ki].func, 0);
	ck_assert_ptr_nonnull(l.kernels[ki].error);
	char *e = strdup(l.kernels[ki].error);
	ck_assert_ptr_nonnull(e);
	load_free(&l);
	return e;
}

START_TEST(asm_label_errors)
{
	/* a label the statement does not define (one in another asm
	** statement included: a branch cannot leave its statement), and one
	** defined twice: one error line each, naming the label */
	static const char *const ll[] = {
		HEADER "define void @k(ptr %out) {\n"
		"  call void asm sideeffect \"{ .reg .pred p; setp.eq.u32 p, 1, 1; @p bra NOPE; }\", \"\"()\n"
		"  ret void\n}\n" KERNEL_ANNOT,
		HEADER "define void @k(ptr %out) {\n"
		"  call void asm sideeffect \"THERE: membar.cta;\", \"\"()\n"
		"  call void asm sideeffect \"bra.uni THERE;\", \"\"()\n"
		"  ret void\n}\n" KERNEL_ANNOT,
		HEADER "define void @k(ptr %out) {\n"
		"  call void asm sideeffect \"{ L1: bra L1; L1: }\", \"\"()\n"
		"  ret void\n}\n" KERNEL_ANNOT,
	};
	static const char *const want[] = {
		"no label 'NOPE' in this asm statement", "no label 'THERE' in this asm statement",
		"'L1:': the label is defined twice",
	};
	for (int i = 0; i < 3; i++) {
		char *e = lowering_error(ll[i]);
		ck_assert_msg(strstr(e, want[i]) != NULL && strchr(e, '\n') == NULL, "error: %s", e);
		free(e);
	}
}
END_TEST

/* Float negation and two-operand float ops (f32 and half) leave operands
** unread; they name a real row (the constant 0), never OPND_NONE, which
** the lane loop would load through a pointer far outside the constant
** pool (a crash at -O0, UBSan's "offset to null pointer" with no
** constants): every operand of every instruction but RET's is a slot or
** a constant, and the values come out right.  issue 13. */
START_TEST(unread_operands)
{
	static const char ll[] = HEADER
		"define void @k(ptr %out) {\n"
		"  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
		"  %f = sitofp i32 %t to float\n"
		"  %n = fneg float %f\n"
		"  %m = fmul float %f, %n\n"
		"  %r = fptosi float %m to i32\n"
		"  %p = getelementptr i32, ptr %out, i32 %t\n"
		"  store i32 %r, ptr %p\n"
		"  %h = fptrunc float %f to half\n"
		"  %hn = fneg half %h\n"
		"  %hs = fadd half %hn, %hn\n"
		"  %hr = fptosi half %hs to i32\n"
		"  %i = add i32 %t, 32\n"
		"  %q = getelementptr i32, ptr %out, i32 %i\n"
		"  store i32 %hr, ptr %q\n"
		"  ret void\n}\n" KERNEL_ANNOT;
	char *path = tu_tmpfile(ll, strlen(ll));
	struct load_options opt = { 0 };
	struct loaded l;
	struct sim_error err = { 0 };
	int rc = load_file(path, &opt, &l, &err);
	unlink(path);
	free(path);
	ck_assert_msg(rc == 0, "load_file: %d %s", rc, err.msg);
	uint32_t checked = 0;
	for (uint32_t f = 0; f < l.prog->nfuncs; f++) {
		const struct func *fn = &l.prog->funcs[f];
		for (uint32_t pc = 0; pc < fn->ncode; pc++) {
			const struct insn *I = &fn->code[pc];
			if (I->op == OP_RET)
				continue;
			ck_assert_msg(I->a != OPND_NONE && I->b != OPND_NONE && I->c != OPND_NONE,
				      "%s pc %u (op %u) names OPND_NONE", fn->name, pc, I->op);
			checked++;
		}
	}
	ck_assert_uint_gt(checked, 8);
	load_free(&l);
	int32_t out[64];
	run_clean(ll, L1(32), out, 64);
	for (int t = 0; t < 32; t++) {
		ck_assert_int_eq(out[t], -t * t);
		ck_assert_int_eq(out[32 + t], -2 * t);
	}
}
END_TEST

/* A module that does not verify is answered by the child alone: no module
** comes back and the parent parses nothing (it used to parse the writer's
** bitcode of it and leave the verdict to the caller). */
START_TEST(load_invalid_module)
{
	static const char ll[] = "target triple = \"nvptx64-nvidia-cuda\"\n"
				 "define void @k(i32 %x) {\n"
				 "entry:\n  br label %b\n"
				 "b:\n  %y = add i32 %z, 1\n  br label %c\n"
				 "c:\n  %z = add i32 %x, 1\n  ret void\n}\n";
	char *path = tu_tmpfile(ll, sizeof ll - 1);
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef mod = NULL;
	struct sim_error err = { 0 };
	ck_assert_int_eq(reader_load(path, READER_PIPELINE, ctx, &mod, &err), SIM_ERR_VERIFY);
	ck_assert_ptr_null(mod);
	ck_assert_msg(strstr(err.msg, "invalid module") != NULL && strstr(err.msg, "dominate") != NULL,
		      "%s", err.msg);
	LLVMContextDispose(ctx);
	unlink(path);
	free(path);
}
END_TEST

/* The loader's verdict on its child believes a failure's status only when
** it is negative: a hand-off that claims a failed read with a positive
** status (a child that went wrong, not a verdict) is the answer of a
** crashed reader, never a status of ours; the other answers keep theirs. */
START_TEST(load_positive_status)
{
	struct reader_handoff h;
	memset(&h, 0, sizeof h);
	h.magic = READER_HANDOFF_MAGIC;
	h.rc = -1;
	h.status = 3;
	snprintf(h.msg, sizeof h.msg, "k.bc: not ours");
	struct sim_error err = { 0 };
	int r = reader_verdict("k.bc", 0, 0, &h, sizeof h, &err);
	ck_assert_int_eq(r, SIM_ERR_BITCODE);
	ck_assert_msg(strstr(err.msg, "corrupt LLVM bitcode or IR") != NULL, "%s", err.msg);
	/* a negative status is the child's verdict, its line kept */
	h.status = SIM_ERR_UNSUPPORTED;
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(reader_verdict("k.bc", 0, 0, &h, sizeof h, &err), SIM_ERR_UNSUPPORTED);
	ck_assert_str_eq(err.msg, "k.bc: not ours");
	/* a success with no bitcode after it, or a header cut short */
	h.rc = 0;
	h.status = 0;
	h.bclen = 16;
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(reader_verdict("k.bc", 0, 0, &h, sizeof h, &err), SIM_ERR_BITCODE);
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(reader_verdict("k.bc", 0, 0, &h, sizeof h + 16, &err), 0);
	ck_assert_int_eq(reader_verdict("k.bc", 0, 0, &h, 4, &err), SIM_ERR_BITCODE);
	/* a child that exited with a status, or none at all */
	ck_assert_int_eq(reader_verdict("k.bc", 0, 3 << 8, &h, sizeof h + 16, &err), SIM_ERR_BITCODE);
	ck_assert_int_eq(reader_verdict("k.bc", 0, 0, NULL, 0, &err), SIM_ERR_BITCODE);
}
END_TEST

/* A program that ignores SIGCHLD has its children reaped for it: the
** loader cannot wait for its child, reads in process instead, and leaves
** no child behind. */
START_TEST(load_sigchld_ignored)
{
	signal(SIGCHLD, SIG_IGN);
	char *bc = tu_kernel("func/vecadd.O0.bc");
	struct loaded l;
	struct load_options opt = { 0 };
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(bc, &opt, &l, &err) == 0, "%s", err.msg);
	ck_assert_int_ge(load_find_kernel(&l, "vecadd"), 0);
	load_free(&l);
	free(bc);
	/* nothing left to wait for */
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

Suite *interp_suite(void)
{
	Suite *s = suite_create("interp");
	TCase *tc = tcase_create("interp");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, divergent_loop);
	tcase_add_test(tc, load_invalid_module);
	tcase_add_test(tc, load_sigchld_ignored);
	tcase_add_test(tc, load_positive_status);
	tcase_add_test(tc, switch_cases);
	tcase_add_test(tc, phi_swap);
	tcase_add_test(tc, indices_3d);
	tcase_add_test(tc, call_in_divergent_branch);
	tcase_add_test(tc, indirect_call_divergent);
	tcase_add_test(tc, function_addresses);
	tcase_add_test(tc, indirect_call_faults);
	tcase_add_test(tc, llvm_used_not_lowered);
	tcase_add_test(tc, barrier_popc);
	tcase_add_test(tc, vote_ballot);
	tcase_add_test(tc, shfl);
	tcase_add_test(tc, nan_canonical);
	tcase_add_test(tc, unsupported_inline_asm);
	tcase_add_test(tc, failed_callee_spares_others);
	tcase_add_test(tc, oob_finding);
	tcase_add_test(tc, step_budget);
	tcase_add_test(tc, work_budget);
	tcase_add_test(tc, work_budget_partial);
	tcase_add_test(tc, reached_sites);
	tcase_add_loop_test(tc, spin_lock_progress, 0, 3);
	tcase_add_loop_test(tc, atomic_load_store_scope, 0, 2);
	tcase_add_loop_test(tc, warps_take_turns, 0, 4);
	tcase_add_test(tc, spin_budget_user_line);
	tcase_add_test(tc, launch_counts);
	tcase_add_test(tc, alu_lanes);
	suite_add_tcase(s, tc);
	TCase *lib = tcase_create("libdevice");
	tcase_set_timeout(lib, 60);
	tcase_add_test(lib, libdevice_modf);
	tcase_add_test(lib, libdevice_halving_and_sad);
	tcase_add_test(lib, libdevice_llrint_llround);
	tcase_add_test(lib, libdevice_rhypot);
	tcase_add_test(lib, is_fpclass);
	tcase_add_test(lib, half_conversions);
	suite_add_tcase(s, lib);
	TCase *as = tcase_create("asm");
	tcase_set_timeout(as, 60);
	tcase_add_test(as, asm_branches);
	tcase_add_test(as, asm_label_errors);
	suite_add_tcase(s, as);
	TCase *rel = tcase_create("reliability");
	tcase_set_timeout(rel, 60);
	tcase_add_test(rel, unread_operands);
	suite_add_tcase(s, rel);
	return s;
}
