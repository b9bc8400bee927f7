/*
** check_mam.c: the Memory-Access Model (memmodel/mam.h), driven with
** hand-made access sequences in the order the interpreter would issue
** them (warp 0 of a block runs until it blocks, then warp 1, ...).  Each
** test asserts the exact set of race records and barrier verdicts, so a
** missed race and a false one both fail.  The paper's figures 2, 3, 6 and
** the kaldi warp-synchronous reduction come first, then one test per rule.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evolve/pcg32.h"
#include "memmodel/mam.h"
#include "memmodel/mem.h"
#include "tests.h"

#define SH_ID 5u		/* a __shared__ array */
#define GL_ID 6u		/* a global buffer */
#define LOCAL_ID 7u		/* never tracked */
#define SH(off) MEM_PTR(SH_ID, (off))
#define GL(off) MEM_PTR(GL_ID, (off))
#define FULL 0xffffffffu

struct fx {
	struct mam *m;
	struct mam_warp_ctx *w;		/* the warps of the current block */
	uint32_t nwarps, threads;
};

static void fx_launch(struct fx *f, uint32_t grid, uint32_t threads)
{
	uint32_t g[3] = { grid, 1, 1 }, b[3] = { threads, 1, 1 };
	mam_launch_begin(f->m, g, b);
	mam_track(f->m, SH_ID, MAM_SPACE_SHARED);
	mam_track(f->m, GL_ID, MAM_SPACE_GLOBAL);
	mam_track(f->m, LOCAL_ID, MAM_SPACE_NONE);
	free(f->w);
	f->threads = threads;
	f->nwarps = (threads + 31) / 32;
	f->w = calloc(f->nwarps, sizeof *f->w);
	ck_assert_ptr_nonnull(f->w);
}

static void fx_init(struct fx *f, enum mam_warp_model model, uint32_t grid, uint32_t threads)
{
	struct mam_options o = { .model = model, .dump_max = 4096 };
	memset(f, 0, sizeof *f);
	f->m = mam_new(&o);
	fx_launch(f, grid, threads);
}

static void fx_block(struct fx *f, uint32_t block)
{
	mam_block_begin(f->m, block);
	for (uint32_t i = 0; i < f->nwarps; i++) {
		uint32_t n = f->threads - 32 * i;
		mam_warp_begin(f->m, &f->w[i], i, n >= 32 ? FULL : (1u << n) - 1);
	}
}

static void fx_free(struct fx *f)
{
	mam_free(f->m);
	free(f->w);
}

/* Thread T (linear in the block) alone accesses ADDR. */
static void one(struct fx *f, uint32_t t, uint64_t addr, unsigned size, enum mam_kind k,
		enum mam_scope sc, uint32_t insn, uint64_t val)
{
	uint64_t a[32] = { 0 }, v[32] = { 0 };
	a[t & 31] = addr;
	v[t & 31] = val;
	mam_access(f->m, &f->w[t >> 5], a, 1u << (t & 31), size, k, sc, insn, v);
}

#define RD(f, t, addr, insn) one((f), (t), (addr), 4, MAM_READ, 0, (insn), 0)
#define WR(f, t, addr, insn, val) one((f), (t), (addr), 4, MAM_WRITE, 0, (insn), (val))

/* Lanes MASK of warp W access BASE + lane * STRIDE; writes store the lane's
** thread index unless VAL is given. */
static void warp_acc(struct fx *f, uint32_t w, uint32_t mask, uint64_t base, int64_t stride,
		     unsigned size, enum mam_kind k, uint32_t insn, const uint64_t *val)
{
	uint64_t a[32], v[32];
	for (unsigned l = 0; l < 32; l++) {
		a[l] = base + (uint64_t)((int64_t)l * stride);
		v[l] = val ? val[l] : w * 32 + l;
	}
	mam_access(f->m, &f->w[w], a, mask, size, k, MAM_SCOPE_DEVICE, insn, v);
}

/* The race record (class, hazard, first insn, second insn), or NULL. */
static const struct mam_race *find(const struct fx *f, unsigned cls, unsigned hz, uint32_t ia,
				   uint32_t ib)
{
	for (uint32_t i = 0; i < mam_nraces(f->m); i++) {
		const struct mam_race *r = mam_race_at(f->m, i);
		if (r->cls == cls && r->hazard == hz && r->first.insn == ia && r->second.insn == ib)
			return r;
	}
	return NULL;
}

static const struct mam_race *expect(const struct fx *f, unsigned cls, unsigned hz, uint32_t ia,
				     uint32_t ib)
{
	const struct mam_race *r = find(f, cls, hz, ia, ib);
	ck_assert_msg(r != NULL, "missing %s %s race %u -> %u", mam_class_name(cls),
		      mam_hazard_name(hz), ia, ib);
	return r;
}

static const struct mam_barrier_info *barrier(const struct fx *f, uint32_t id)
{
	for (uint32_t i = 0; i < mam_nbarriers(f->m); i++)
		if (mam_barrier_at(f->m, i)->id == id)
			return mam_barrier_at(f->m, i);
	return NULL;
}

static char *dump(const struct fx *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(o);
	mam_dump(f->m, o, NULL, NULL);
	fclose(o);
	return buf;
}

/* ---- the paper's figures ----------------------------------------------------- */

/* Figure 6: threads 1, 2, 3 read one unit in visit order 0; after a
** barrier thread 3 reads it again in visit order 1.  No race, and the
** dump shows the four unit tuples. */
START_TEST(fig6_memory_unit)
{
	struct fx f;
	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 4);
	fx_block(&f, 0);
	warp_acc(&f, 0, 0xe, SH(0), 0, 4, MAM_READ, 1, NULL);
	mam_barrier(f.m, 9);
	RD(&f, 3, SH(0), 2);
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	const struct mam_barrier_info *b = barrier(&f, 9);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(b->executions, 1);
	ck_assert(!b->needed_ls && !b->needed_its);
	char *d = dump(&f);
	ck_assert_ptr_nonnull(strstr(d, "1 memory units, 4 unit tuples"));
	ck_assert_ptr_nonnull(strstr(d, "memory unit shared alloc 5 + 0 of block (0 0 0):\n"
				      "  <0, (1 0 0), read> insn 1, 4 bytes\n"
				      "  <0, (2 0 0), read> insn 1, 4 bytes\n"
				      "  <0, (3 0 0), read> insn 1, 4 bytes\n"
				      "  <1, (3 0 0), read> insn 2, 4 bytes\n"));
	ck_assert_ptr_nonnull(strstr(d, "barrier 9: executed 1 times, needed under lockstep: no, under its: no"));
	free(d);
	fx_free(&f);
}
END_TEST

/* Figure 2 (thundersvm): f_val2reduce[tid] is written, then
** get_block_min reads f_val2reduce[tid + 32] and rewrites f_val2reduce[tid]
** for tid < 32, with no barrier in between. */
static void fig2(struct fx *f, int fixed)
{
	fx_block(f, 0);
	warp_acc(f, 0, FULL, SH(0), 4, 4, MAM_WRITE, 1, NULL);		/* f_val2reduce[tid] = f */
	if (fixed) {
		warp_acc(f, 1, FULL, SH(128), 4, 4, MAM_WRITE, 1, NULL);
		mam_barrier(f->m, 10);
	}
	warp_acc(f, 0, FULL, SH(128), 4, 4, MAM_READ, 2, NULL);		/* f_val2reduce[tid + 32] */
	warp_acc(f, 0, FULL, SH(0), 4, 4, MAM_READ, 3, NULL);		/* f_val2reduce[tid] */
	warp_acc(f, 0, FULL, SH(0), 4, 4, MAM_WRITE, 4, NULL);		/* f_val2reduce[tid] = min */
	if (!fixed)
		warp_acc(f, 1, FULL, SH(128), 4, 4, MAM_WRITE, 1, NULL);
	mam_block_end(f->m);
}

START_TEST(fig2_missing_barrier)
{
	struct fx f;
	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 64);
	fig2(&f, 0);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_WAR, 2, 1);
	ck_assert_uint_eq(r->space, MAM_SPACE_SHARED);
	ck_assert(!r->its_only && !r->benign && !r->capped);
	ck_assert_uint_eq(r->occurrences, 32);
	ck_assert_uint_eq(r->addresses, 32);
	ck_assert_uint_eq(r->thread_pairs, 32);
	ck_assert_uint_eq(r->first.tid, 0);
	ck_assert_uint_eq(r->second.tid, 32);
	ck_assert_uint_eq(r->first.kind, MAM_READ);
	ck_assert_uint_eq(r->second.kind, MAM_WRITE);
	ck_assert_uint_eq(r->addr, SH(128));
	fx_free(&f);

	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 64);
	fig2(&f, 1);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	const struct mam_barrier_info *b = barrier(&f, 10);
	ck_assert(b->needed_ls && b->needed_its);
	ck_assert_uint_eq(b->why_first.tid, 32);
	ck_assert_uint_eq(b->why_second.tid, 0);
	ck_assert_uint_eq(b->why_addr, SH(128));
	fx_free(&f);
}
END_TEST

/* Figure 3 (arrayfire): each thread only touches s_median[tid] and
** s_idx[tid], so the barrier between them is redundant. */
START_TEST(fig3_redundant_barrier)
{
	struct fx f;
	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 64);
	fx_block(&f, 0);
	for (uint32_t w = 0; w < 2; w++) {
		warp_acc(&f, w, FULL, SH(w * 128), 4, 4, MAM_WRITE, 1, NULL);		/* s_median */
		warp_acc(&f, w, FULL, SH(256 + w * 128), 4, 4, MAM_WRITE, 2, NULL);	/* s_idx */
	}
	mam_barrier(f.m, 20);
	for (uint32_t w = 0; w < 2; w++) {
		warp_acc(&f, w, FULL, SH(256 + w * 128), 4, 4, MAM_WRITE, 3, NULL);
		warp_acc(&f, w, FULL, SH(w * 128), 4, 4, MAM_WRITE, 4, NULL);
	}
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	const struct mam_barrier_info *b = barrier(&f, 20);
	ck_assert_uint_eq(b->executions, 1);
	ck_assert(!b->needed_ls && !b->needed_its);
	fx_free(&f);
}
END_TEST

/* The kaldi warp-synchronous reduction (the paper's lockstep argument):
** for shift = 16 .. 1, if (tid < shift) s[tid] += s[tid + shift], in one
** warp with no __syncwarp.  Race-free under lockstep (the divergence
** reconverges every round); under its lane tid + shift's write of one
** round and lane tid's read of the next are unordered. */
static void kaldi(struct fx *f, int syncwarp)
{
	fx_block(f, 0);
	warp_acc(f, 0, FULL, SH(0), 4, 4, MAM_WRITE, 9, NULL);	/* s[tid] = x */
	if (syncwarp)
		mam_syncwarp(&f->w[0], FULL);
	for (uint32_t shift = 16; shift >= 1; shift /= 2) {
		uint32_t act = (1u << shift) - 1;
		mam_warp_group(&f->w[0], act);		/* if (tid < shift) */
		warp_acc(f, 0, act, SH(4 * shift), 4, 4, MAM_READ, 1, NULL);
		warp_acc(f, 0, act, SH(0), 4, 4, MAM_READ, 2, NULL);
		warp_acc(f, 0, act, SH(0), 4, 4, MAM_WRITE, 3, NULL);
		mam_warp_group(&f->w[0], FULL);		/* reconverged */
		if (syncwarp)
			mam_syncwarp(&f->w[0], FULL);
	}
	mam_block_end(f->m);
}

START_TEST(kaldi_warp_synchronous)
{
	struct fx f;
	fx_init(&f, MAM_LOCKSTEP, 1, 32);
	kaldi(&f, 0);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	fx_free(&f);

	fx_init(&f, MAM_ITS, 1, 32);
	kaldi(&f, 0);
	ck_assert_uint_eq(mam_nraces(f.m), 2);
	const struct mam_race *r = expect(&f, MAM_INTRA_WARP, MAM_RAW, 9, 1);
	ck_assert(r->its_only && !r->benign);
	/* round 16 reads the initial values, and each later round meets the
	** initial store of the lane whose sum it reads too: 16 + 8 + 4 + 2 + 1 */
	ck_assert_uint_eq(r->occurrences, 31);
	r = expect(&f, MAM_INTRA_WARP, MAM_RAW, 3, 1);
	ck_assert(r->its_only && !r->benign);
	ck_assert_uint_eq(r->occurrences, 15);		/* rounds 8, 4, 2, 1 read sums */
	ck_assert_uint_eq(r->addresses, 15);
	ck_assert_uint_eq(r->thread_pairs, 15);
	fx_free(&f);

	/* the Volta fix: __syncwarp() every round */
	fx_init(&f, MAM_ITS, 1, 32);
	kaldi(&f, 1);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	fx_free(&f);
}
END_TEST

/* ---- intra-warp rules ---------------------------------------------------------- */

/* All lanes store to one address in one instruction: a race in both
** models; benign when they all store the same value. */
START_TEST(same_insn_uniform_store)
{
	static const uint64_t seven[32] = { 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
					    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7 };
	for (int same = 0; same < 2; same++) {
		struct fx f;
		fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 32);
		fx_block(&f, 0);
		warp_acc(&f, 0, FULL, SH(0), 0, 4, MAM_WRITE, 5, same ? seven : NULL);
		mam_block_end(f.m);
		ck_assert_uint_eq(mam_nraces(f.m), 1);
		const struct mam_race *r = expect(&f, MAM_INTRA_WARP, MAM_WAW, 5, 5);
		ck_assert(!r->its_only);
		ck_assert_int_eq(r->benign, same);
		/* lane 1 meets lane 0; lanes 2..31 meet the two remembered writers */
		ck_assert_uint_eq(r->occurrences, 61);
		ck_assert_uint_eq(r->thread_pairs, 61);
		ck_assert_uint_eq(r->addresses, 1);
		fx_free(&f);
	}
}
END_TEST

/* The same store executed twice by a converged warp (a loop) is two
** instructions: ordered under lockstep, racy under its. */
START_TEST(same_insn_two_instances)
{
	struct fx f;
	fx_init(&f, MAM_LOCKSTEP, 1, 32);
	fx_block(&f, 0);
	WR(&f, 0, SH(0), 5, 1);
	WR(&f, 1, SH(0), 5, 2);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	fx_free(&f);

	fx_init(&f, MAM_ITS, 1, 32);
	fx_block(&f, 0);
	WR(&f, 0, SH(0), 5, 1);
	WR(&f, 1, SH(0), 5, 2);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	ck_assert(expect(&f, MAM_INTRA_WARP, MAM_WAW, 5, 5)->its_only);
	fx_free(&f);
}
END_TEST

/* if (lane == 0) s[0] = 1; else if (lane == 1) r = s[0]; -- the two sides
** of a divergent branch race in both models. */
START_TEST(divergent_branches)
{
	struct fx f;
	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 32);
	fx_block(&f, 0);
	mam_warp_group(&f.w[0], 0x1);
	WR(&f, 0, SH(0), 1, 1);
	mam_warp_group(&f.w[0], 0x2);
	RD(&f, 1, SH(0), 2);
	mam_warp_group(&f.w[0], FULL);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	const struct mam_race *r = expect(&f, MAM_INTRA_WARP, MAM_RAW, 1, 2);
	ck_assert(!r->its_only);
	ck_assert_uint_eq(r->first.tid, 0);
	ck_assert_uint_eq(r->second.tid, 1);
	fx_free(&f);
}
END_TEST

/* if (lane == 0) s[0] = 1; (reconverge) r = s[0] in lane 1: ordered by the
** reconvergence under lockstep, a race under its. */
START_TEST(reconvergence_orders_lockstep)
{
	for (int model = 0; model < 2; model++) {
		struct fx f;
		fx_init(&f, model ? MAM_LOCKSTEP : MAM_ITS, 1, 32);
		fx_block(&f, 0);
		mam_warp_group(&f.w[0], 0x1);
		WR(&f, 0, SH(0), 1, 1);
		mam_warp_group(&f.w[0], FULL);
		RD(&f, 1, SH(0), 2);
		if (model) {
			ck_assert_uint_eq(mam_nraces(f.m), 0);
		} else {
			ck_assert_uint_eq(mam_nraces(f.m), 1);
			ck_assert(expect(&f, MAM_INTRA_WARP, MAM_RAW, 1, 2)->its_only);
		}
		fx_free(&f);
	}
}
END_TEST

/* Divergence nested in divergence: lanes 0 and 1 run alone in turn, then
** lanes {0,1} reconverge while lane 2 is still apart. */
START_TEST(partial_reconvergence)
{
	struct fx f;
	fx_init(&f, MAM_LOCKSTEP, 1, 32);
	fx_block(&f, 0);
	mam_warp_group(&f.w[0], 0x1);
	WR(&f, 0, SH(0), 1, 1);
	mam_warp_group(&f.w[0], 0x4);
	RD(&f, 2, SH(0), 2);		/* lane 2, apart from lane 0: race */
	mam_warp_group(&f.w[0], 0x3);
	RD(&f, 1, SH(0), 3);		/* lanes 0 and 1 reconverged: ordered */
	mam_warp_group(&f.w[0], FULL);
	WR(&f, 3, SH(0), 4, 9);		/* everyone reconverged: ordered */
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	ck_assert(!expect(&f, MAM_INTRA_WARP, MAM_RAW, 1, 2)->its_only);
	fx_free(&f);
}
END_TEST

/* __syncwarp orders the lanes of its mask, transitively, and no others. */
START_TEST(syncwarp_orders)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 1, 32);
	fx_block(&f, 0);
	WR(&f, 0, SH(0), 1, 1);
	mam_syncwarp(&f.w[0], FULL);
	RD(&f, 1, SH(0), 2);
	ck_assert_uint_eq(mam_nraces(f.m), 0);

	WR(&f, 0, SH(4), 3, 1);
	mam_syncwarp(&f.w[0], 0x3);
	RD(&f, 1, SH(4), 4);		/* in the mask: ordered */
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	RD(&f, 2, SH(4), 5);		/* outside: a race (its only: the warp never diverged) */
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	ck_assert(expect(&f, MAM_INTRA_WARP, MAM_RAW, 3, 5)->its_only);

	/* lane 0 -> lane 1 -> lane 2 through two partial syncs */
	WR(&f, 0, SH(8), 6, 1);
	mam_syncwarp(&f.w[0], 0x3);
	mam_syncwarp(&f.w[0], 0x6);
	RD(&f, 2, SH(8), 7);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	/* a sync before the write orders nothing after it */
	mam_syncwarp(&f.w[0], FULL);
	WR(&f, 0, SH(12), 8, 1);
	RD(&f, 1, SH(12), 9);
	ck_assert_uint_eq(mam_nraces(f.m), 2);
	expect(&f, MAM_INTRA_WARP, MAM_RAW, 8, 9);
	fx_free(&f);
}
END_TEST

/* s[tid] = s[tid + 1] over two warps: within a warp an its-only race,
** across the warp boundary (s[32]) a real one. */
START_TEST(shift_left_two_warps)
{
	for (int model = 0; model < 2; model++) {
		struct fx f;
		fx_init(&f, model ? MAM_LOCKSTEP : MAM_ITS, 1, 64);
		fx_block(&f, 0);
		for (uint32_t w = 0; w < 2; w++) {
			warp_acc(&f, w, FULL, SH(w * 128 + 4), 4, 4, MAM_READ, 1, NULL);
			warp_acc(&f, w, FULL, SH(w * 128), 4, 4, MAM_WRITE, 2, NULL);
		}
		mam_block_end(f.m);
		const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_WAR, 1, 2);
		ck_assert(!r->its_only);
		ck_assert_uint_eq(r->occurrences, 1);
		ck_assert_uint_eq(r->first.tid, 31);
		ck_assert_uint_eq(r->second.tid, 32);
		ck_assert_uint_eq(r->addr, SH(128));
		if (model) {
			ck_assert_uint_eq(mam_nraces(f.m), 1);
		} else {
			ck_assert_uint_eq(mam_nraces(f.m), 2);
			const struct mam_race *q = expect(&f, MAM_INTRA_WARP, MAM_WAR, 1, 2);
			ck_assert(q->its_only);
			ck_assert_uint_eq(q->occurrences, 62);
			ck_assert_uint_eq(q->addresses, 62);
		}
		fx_free(&f);
	}
}
END_TEST

/* ---- inter-warp, barriers, redundant barriers ---------------------------------- */

START_TEST(inter_warp_and_barrier)
{
	struct fx f;
	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 64);
	fx_block(&f, 0);
	WR(&f, 0, SH(0), 1, 1);
	RD(&f, 32, SH(0), 2);		/* same interval, other warp */
	WR(&f, 33, SH(4), 3, 1);
	mam_barrier(f.m, 7);
	RD(&f, 1, SH(4), 4);		/* after the barrier */
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_RAW, 1, 2);
	ck_assert(!r->its_only && !r->benign);
	const struct mam_barrier_info *b = barrier(&f, 7);
	ck_assert(b->needed_ls && b->needed_its);
	fx_free(&f);
}
END_TEST

/* Three static barriers: the middle one of three that each separate the
** conflict is not needed, nor are the other two (deleting one leaves the
** others). */
START_TEST(barrier_adjacent_intervals)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 1, 64);
	fx_block(&f, 0);
	WR(&f, 0, SH(0), 1, 1);
	mam_barrier(f.m, 1);
	RD(&f, 5, SH(64), 2);
	mam_barrier(f.m, 2);
	RD(&f, 32, SH(0), 3);		/* two barriers after the write */
	mam_barrier(f.m, 3);
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	ck_assert_uint_eq(mam_nbarriers(f.m), 3);
	for (uint32_t id = 1; id <= 3; id++) {
		const struct mam_barrier_info *b = barrier(&f, id);
		ck_assert_uint_eq(b->executions, 1);
		ck_assert(!b->needed_its && !b->needed_ls);
	}
	ck_assert_ptr_null(barrier(&f, 4));	/* never executed: not listed */
	fx_free(&f);
}
END_TEST

/* Thread 1 writes word 1 of BASE, in the tier TIER puts it in: a hot cell
** (0), a full cell (1: two more accesses of the thread), a segment record
** (2: lanes 0-7 of warp 0 on words 0-7). */
static void write_in_tier(struct fx *f, unsigned tier, uint64_t base)
{
	if (tier == 2) {
		warp_acc(f, 0, 0xffu, base, 4, 4, MAM_WRITE, 1, NULL);
		return;
	}
	WR(f, 1, base + 4, 1, 7);
	if (tier == 1) {
		RD(f, 1, base + 4, 2);
		RD(f, 1, base + 4, 3);
	}
}

/*
** A loop whose only barrier is B (the tree reduction of clock.cu, whose
** trips write nothing on sorted data): a read two trips after the write
** it conflicts with is ordered by nothing but B's instances, so B is
** needed, in whichever tier (_i % 3) the word is, on shared and global
** memory (_i / 3 % 2), in both models (_i / 6).  A read after B, C, B
** still has C between it and the write: neither is needed.
*/
START_TEST(barrier_loop_instances)
{
	unsigned tier = (unsigned)_i % 3;
	uint64_t base = (_i / 3) % 2 ? GL(0) : SH(0);
	for (int other = 0; other < 2; other++) {
		struct fx f;
		fx_init(&f, _i / 6 ? MAM_LOCKSTEP : MAM_ITS, 1, 64);
		fx_block(&f, 0);
		write_in_tier(&f, tier, base);
		mam_barrier(f.m, 5);
		RD(&f, 40, base + 64, 9);	/* a trip that touches another word */
		mam_barrier(f.m, other ? 6 : 5);
		mam_barrier(f.m, 5);		/* a trip that touches nothing */
		RD(&f, 33, base + 4, 4);
		mam_block_end(f.m);
		ck_assert_uint_eq(mam_nraces(f.m), 0);
		const struct mam_barrier_info *b = barrier(&f, 5);
		ck_assert_uint_eq(b->executions, other ? 2 : 3);
		ck_assert_int_eq(b->needed_its, !other);
		ck_assert_int_eq(b->needed_ls, !other);
		if (!other) {
			ck_assert_uint_eq(b->why_first.tid, 1);
			ck_assert_uint_eq(b->why_second.tid, 33);
			ck_assert_uint_eq(b->why_second.insn, 4);
		} else {
			ck_assert(!barrier(&f, 6)->needed_its && !barrier(&f, 6)->needed_ls);
		}
		fx_free(&f);
	}
}
END_TEST

/* The window of a barrier starts at the interval before its run of
** instances: after C, B, B the write in C's interval (before the run)
** needs nothing, one in the interval after C needs B. */
START_TEST(barrier_window_starts_at_run)
{
	for (int late = 0; late < 2; late++) {
		struct fx f;
		fx_init(&f, MAM_ITS, 1, 64);
		fx_block(&f, 0);
		if (!late)
			WR(&f, 1, SH(4), 1, 7);
		mam_barrier(f.m, 6);
		if (late)
			WR(&f, 1, SH(4), 1, 7);
		mam_barrier(f.m, 5);
		mam_barrier(f.m, 5);
		RD(&f, 33, SH(4), 4);
		mam_block_end(f.m);
		ck_assert_int_eq(barrier(&f, 5)->needed_its, late);
		ck_assert_int_eq(barrier(&f, 6)->needed_its, 0);
		fx_free(&f);
	}
}
END_TEST

/* A barrier that only a warp-synchronous (lockstep) program can drop. */
START_TEST(barrier_needed_only_under_its)
{
	struct fx f;
	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 1, 32);
	fx_block(&f, 0);
	WR(&f, 0, SH(0), 1, 1);
	mam_barrier(f.m, 3);
	RD(&f, 1, SH(0), 2);
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	const struct mam_barrier_info *b = barrier(&f, 3);
	ck_assert(!b->needed_ls);
	ck_assert(b->needed_its);
	fx_free(&f);
}
END_TEST

/* Executed in every block: counted per execution, needed if any block
** needs it; the same value written on both sides does not need it. */
START_TEST(barrier_counts_and_benign)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 3, 64);
	for (uint32_t blk = 0; blk < 3; blk++) {
		fx_block(&f, blk);
		WR(&f, 0, SH(0), 1, 1);
		mam_barrier(f.m, 4);
		WR(&f, 32, SH(0), 2, blk == 2 ? 2 : 1);	/* block 2 stores another value */
		mam_block_end(f.m);
		const struct mam_barrier_info *b = barrier(&f, 4);
		ck_assert_uint_eq(b->executions, blk + 1);
		ck_assert_int_eq(b->needed_its, blk == 2);
		ck_assert_int_eq(b->needed_ls, blk == 2);
	}
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	fx_free(&f);
}
END_TEST

/* ---- atomics --------------------------------------------------------------------- */

START_TEST(atomics_same_block)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 1, 96);
	fx_block(&f, 0);
	one(&f, 0, SH(0), 4, MAM_ATOMIC, MAM_SCOPE_BLOCK, 1, 0);
	one(&f, 33, SH(0), 4, MAM_ATOMIC, MAM_SCOPE_DEVICE, 1, 0);
	one(&f, 1, SH(0), 4, MAM_ATOMIC_READ, MAM_SCOPE_BLOCK, 2, 0);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	RD(&f, 64, SH(0), 3);		/* plain read of an atomic counter */
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_RAW, 1, 3);
	ck_assert_uint_eq(r->first.tid, 0);
	ck_assert_uint_eq(r->first.kind, MAM_ATOMIC);
	ck_assert_uint_eq(r->first.scope, MAM_SCOPE_BLOCK);
	ck_assert_uint_eq(r->occurrences, 2);		/* against threads 0 and 33 */

	/* an atomic load races with a plain store, not with an atomic */
	one(&f, 2, SH(8), 4, MAM_ATOMIC_READ, MAM_SCOPE_DEVICE, 4, 0);
	WR(&f, 34, SH(8), 5, 1);
	expect(&f, MAM_INTER_WARP, MAM_WAR, 4, 5);
	/* a plain store, then an atomic */
	one(&f, 35, SH(12), 4, MAM_WRITE, 0, 6, 1);
	one(&f, 3, SH(12), 4, MAM_ATOMIC, MAM_SCOPE_BLOCK, 7, 0);
	expect(&f, MAM_INTER_WARP, MAM_WAW, 6, 7);
	/* thread-scope atomics are atomic for nobody else */
	one(&f, 4, SH(16), 4, MAM_ATOMIC, MAM_SCOPE_THREAD, 8, 0);
	one(&f, 36, SH(16), 4, MAM_ATOMIC, MAM_SCOPE_BLOCK, 9, 0);
	expect(&f, MAM_INTER_WARP, MAM_WAW, 8, 9);
	ck_assert_uint_eq(mam_nraces(f.m), 4);
	fx_free(&f);
}
END_TEST

/* Across blocks only device and system scope cover each other. */
START_TEST(atomics_across_blocks)
{
	static const struct { enum mam_scope a, b; int race; } cases[] = {
		{ MAM_SCOPE_DEVICE, MAM_SCOPE_DEVICE, 0 },
		{ MAM_SCOPE_SYSTEM, MAM_SCOPE_DEVICE, 0 },
		{ MAM_SCOPE_BLOCK, MAM_SCOPE_BLOCK, 1 },
		{ MAM_SCOPE_DEVICE, MAM_SCOPE_BLOCK, 1 },
		{ MAM_SCOPE_BLOCK, MAM_SCOPE_SYSTEM, 1 },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct fx f;
		fx_init(&f, MAM_ITS, 2, 32);
		fx_block(&f, 0);
		one(&f, 0, GL(0), 4, MAM_ATOMIC, cases[i].a, 1, 0);
		mam_block_end(f.m);
		fx_block(&f, 1);
		one(&f, 0, GL(0), 4, MAM_ATOMIC, cases[i].b, 2, 0);
		mam_block_end(f.m);
		ck_assert_uint_eq(mam_nraces(f.m), (unsigned)cases[i].race);
		if (cases[i].race) {
			const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_WAW, 1, 2);
			ck_assert_uint_eq(r->first.block, 0);
			ck_assert_uint_eq(r->second.block, 1);
			ck_assert_uint_eq(r->first.scope, cases[i].a);
		}
		fx_free(&f);
	}
	/* atomic vs plain across blocks races whatever the scope */
	struct fx f;
	fx_init(&f, MAM_ITS, 2, 32);
	fx_block(&f, 0);
	one(&f, 0, GL(0), 4, MAM_ATOMIC, MAM_SCOPE_SYSTEM, 1, 0);
	mam_block_end(f.m);
	fx_block(&f, 1);
	RD(&f, 0, GL(0), 2);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 2);
	fx_free(&f);
}
END_TEST

/* ---- inter-block ------------------------------------------------------------------ */

START_TEST(inter_block_plain)
{
	struct fx f;
	fx_init(&f, _i ? MAM_LOCKSTEP : MAM_ITS, 4, 32);
	/* block b writes out[0] (block 2 another value), reads in[b] and in[0] */
	for (uint32_t blk = 0; blk < 3; blk++) {
		fx_block(&f, blk);
		WR(&f, 0, GL(0), 1, blk == 2 ? 6 : 5);
		RD(&f, 1, GL(64 + 4 * blk), 2);
		RD(&f, 1, GL(64), 3);
		mam_block_end(f.m);
	}
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_WAW, 1, 1);
	ck_assert(!r->benign && !r->its_only);
	ck_assert_uint_eq(r->occurrences, 2);
	ck_assert_uint_eq(r->second.block, 2);	/* the witness is the non-benign one */
	ck_assert_uint_eq(r->first.block, 0);
	ck_assert_uint_eq(r->thread_pairs, 2);	/* (b0 t0, b1 t0), (b0 t0, b2 t0) */

	/* a barrier orders nothing across blocks; history of every interval counts */
	fx_block(&f, 3);
	mam_barrier(f.m, 8);
	RD(&f, 5, GL(0), 4);
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 2);
	r = expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 4);
	ck_assert_uint_eq(r->first.block, 0);
	ck_assert_uint_eq(r->second.block, 3);
	ck_assert_uint_eq(r->second.tid, 5);
	fx_free(&f);
}
END_TEST

START_TEST(inter_block_benign)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 3, 32);
	for (uint32_t blk = 0; blk < 3; blk++) {
		fx_block(&f, blk);
		WR(&f, 0, GL(0), 1, 1);		/* every block sets a flag to 1 */
		mam_block_end(f.m);
	}
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_WAW, 1, 1);
	ck_assert(r->benign);
	ck_assert_uint_eq(r->occurrences, 2);
	fx_free(&f);
}
END_TEST

/* A block's accesses in all its intervals meet later blocks. */
START_TEST(inter_block_history)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 2, 32);
	fx_block(&f, 0);
	WR(&f, 0, GL(0), 1, 1);
	mam_barrier(f.m, 1);
	RD(&f, 1, GL(0), 2);
	mam_barrier(f.m, 1);
	RD(&f, 2, GL(0), 3);		/* interval 2 reuses interval 0's summary */
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	fx_block(&f, 1);
	RD(&f, 0, GL(0), 4);
	WR(&f, 0, GL(0), 5, 2);
	mam_block_end(f.m);
	/* both reads of block 0 (instructions 2 and 3) meet the write */
	ck_assert_uint_eq(mam_nraces(f.m), 4);
	expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 4);
	expect(&f, MAM_INTER_BLOCK, MAM_WAR, 2, 5);
	expect(&f, MAM_INTER_BLOCK, MAM_WAR, 3, 5);
	expect(&f, MAM_INTER_BLOCK, MAM_WAW, 1, 5);
	fx_free(&f);
}
END_TEST

/* Shared memory is a new unit in every block; reads never race. */
START_TEST(no_false_races)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 2, 64);
	for (uint32_t blk = 0; blk < 2; blk++) {
		fx_block(&f, blk);
		WR(&f, 0, SH(0), 1, blk);		/* same shared offset */
		RD(&f, 32, GL(0), 2);			/* everyone reads in[0] */
		RD(&f, 0, GL(0), 2);
		warp_acc(&f, 0, FULL, GL(4096 + 256 * blk), 4, 4, MAM_WRITE, 3, NULL);	/* disjoint */
		WR(&f, 0, GL(1024), 4, 1);		/* same thread: write, read, write */
		RD(&f, 0, GL(1024), 5);
		if (blk == 0)
			WR(&f, 0, GL(1024), 6, 2);
		one(&f, 5, MEM_PTR(LOCAL_ID, 0), 4, MAM_WRITE, 0, 7, 0);	/* untracked */
		one(&f, 37, MEM_PTR(LOCAL_ID, 0), 4, MAM_WRITE, 0, 7, 0);
		mam_block_end(f.m);
	}
	/* only block 1's accesses to GL(1024) meet block 0's: each of its
	** three instructions there */
	ck_assert_uint_eq(mam_nraces(f.m), 5);
	expect(&f, MAM_INTER_BLOCK, MAM_WAR, 5, 4);
	expect(&f, MAM_INTER_BLOCK, MAM_WAW, 4, 4);
	expect(&f, MAM_INTER_BLOCK, MAM_WAW, 6, 4);
	expect(&f, MAM_INTER_BLOCK, MAM_RAW, 4, 5);
	expect(&f, MAM_INTER_BLOCK, MAM_RAW, 6, 5);
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.lane_accesses, 2 * (1 + 2 + 32 + 2) + 1);
	fx_free(&f);
}
END_TEST

/* ---- granularity ------------------------------------------------------------------ */

/* A char array: lanes writing neighbouring bytes of one word do not race;
** the byte read is the one that races. */
START_TEST(subword_bytes)
{
	for (int model = 0; model < 2; model++) {
		struct fx f;
		fx_init(&f, model ? MAM_LOCKSTEP : MAM_ITS, 1, 64);
		fx_block(&f, 0);
		warp_acc(&f, 0, FULL, SH(0), 1, 1, MAM_WRITE, 1, NULL);	/* c[lane] */
		ck_assert_uint_eq(mam_nraces(f.m), 0);
		one(&f, 0, SH(1), 1, MAM_READ, 0, 2, 0);		/* lane 0 reads c[1] */
		one(&f, 32, SH(5), 1, MAM_READ, 0, 3, 0);		/* warp 1 reads c[5] */
		one(&f, 33, SH(8), 4, MAM_READ, 0, 4, 0);		/* warp 1 reads c[8..11] */
		const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_RAW, 1, 3);
		ck_assert_uint_eq(r->addr, SH(5));
		ck_assert_uint_eq(r->first.tid, 5);
		r = expect(&f, MAM_INTER_WARP, MAM_RAW, 1, 4);
		ck_assert_uint_eq(r->occurrences, 4);
		ck_assert_uint_eq(r->addresses, 4);
		ck_assert_uint_eq(r->addr, SH(8));
		if (model) {
			ck_assert_uint_eq(mam_nraces(f.m), 2);
		} else {
			ck_assert_uint_eq(mam_nraces(f.m), 3);
			r = expect(&f, MAM_INTRA_WARP, MAM_RAW, 1, 2);
			ck_assert(r->its_only);
			ck_assert_uint_eq(r->addr, SH(1));
			ck_assert_uint_eq(r->first.tid, 1);
		}
		fx_free(&f);
	}
}
END_TEST

/* Halves of a word (short), and a word written whole then read by byte. */
START_TEST(subword_halves_and_split)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 1, 64);
	fx_block(&f, 0);
	one(&f, 0, SH(0), 2, MAM_WRITE, 0, 1, 0x1111);
	one(&f, 32, SH(2), 2, MAM_WRITE, 0, 2, 0x2222);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	one(&f, 33, SH(1), 1, MAM_READ, 0, 3, 0);		/* byte of thread 0's half */
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	ck_assert_uint_eq(expect(&f, MAM_INTER_WARP, MAM_RAW, 1, 3)->first.tid, 0);

	WR(&f, 1, SH(4), 4, 0x04030201);
	one(&f, 34, SH(6), 1, MAM_WRITE, 0, 5, 0x03);		/* same byte value: benign */
	const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_WAW, 4, 5);
	ck_assert_uint_eq(r->addr, SH(6));
	ck_assert(r->benign);
	one(&f, 35, SH(7), 1, MAM_WRITE, 0, 5, 0x05);
	r = expect(&f, MAM_INTER_WARP, MAM_WAW, 4, 5);
	ck_assert(!r->benign);
	ck_assert_uint_eq(r->addr, SH(7));
	/* a word access over the split word meets each byte's writers */
	WR(&f, 36, SH(4), 6, 0);
	r = expect(&f, MAM_INTER_WARP, MAM_WAW, 4, 6);
	ck_assert_uint_eq(r->occurrences, 1);			/* thread 1, once */
	r = expect(&f, MAM_INTRA_WARP, MAM_WAW, 5, 6);		/* 34, 35, 36: warp 1 */
	ck_assert_uint_eq(r->occurrences, 2);
	ck_assert(r->its_only);
	ck_assert_uint_eq(mam_nraces(f.m), 4);
	fx_free(&f);
}
END_TEST

/* 8-byte accesses cover two words; one race is one occurrence. */
START_TEST(wide_accesses)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 1, 96);
	fx_block(&f, 0);
	one(&f, 0, GL(0), 8, MAM_WRITE, 0, 1, 0x1111111122222222u);
	one(&f, 32, GL(8), 4, MAM_READ, 0, 2, 0);		/* next double: no race */
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	one(&f, 33, GL(4), 4, MAM_READ, 0, 3, 0);		/* upper half */
	const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_RAW, 1, 3);
	ck_assert_uint_eq(r->addr, GL(4));
	one(&f, 34, GL(0), 8, MAM_WRITE, 0, 4, 0x1111111122222222u);
	r = expect(&f, MAM_INTER_WARP, MAM_WAW, 1, 4);
	ck_assert_uint_eq(r->occurrences, 1);
	ck_assert(r->benign);
	one(&f, 64, GL(0), 8, MAM_WRITE, 0, 4, 0x1111111122222223u);	/* low word differs */
	r = expect(&f, MAM_INTER_WARP, MAM_WAW, 1, 4);
	ck_assert(!r->benign);
	ck_assert_uint_eq(r->occurrences, 2);
	/* memcpy into a range, then a read inside it */
	mam_access_range(f.m, &f.w[0], 1, GL(64), 16, MAM_WRITE, 5);
	RD(&f, 36, GL(72), 6);
	expect(&f, MAM_INTER_WARP, MAM_RAW, 5, 6);
	expect(&f, MAM_INTER_WARP, MAM_WAW, 4, 4);
	/* thread 33's read of the upper half meets both 8-byte writes */
	ck_assert(expect(&f, MAM_INTRA_WARP, MAM_WAR, 3, 4)->its_only);	/* thread 34 */
	ck_assert_uint_eq(expect(&f, MAM_INTER_WARP, MAM_WAR, 3, 4)->second.tid, 64);
	ck_assert_uint_eq(mam_nraces(f.m), 6);
	fx_free(&f);
}
END_TEST

/* ---- model lifetime ---------------------------------------------------------------- */

/* Many warps read, one writes: the summary keeps two warps, so the write
** meets another warp whichever warp it comes from. */
START_TEST(many_warps_summary)
{
	for (uint32_t writer = 0; writer < 8; writer++) {
		struct fx f;
		fx_init(&f, MAM_ITS, 1, 256);
		fx_block(&f, 0);
		for (uint32_t w = 0; w < 8; w++)
			RD(&f, w * 32, SH(0), 1);
		WR(&f, writer * 32, SH(0), 2, 1);
		ck_assert_uint_eq(mam_nraces(f.m), 1);
		const struct mam_race *r = expect(&f, MAM_INTER_WARP, MAM_WAR, 1, 2);
		ck_assert_uint_eq(r->occurrences, writer < 2 ? 1 : 2);
		fx_free(&f);
	}
}
END_TEST

START_TEST(launch_reset)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 2, 32);
	fx_block(&f, 0);
	WR(&f, 0, GL(0), 1, 1);
	mam_barrier(f.m, 3);
	mam_block_end(f.m);
	fx_block(&f, 1);
	WR(&f, 0, GL(0), 1, 2);
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	/* a new launch forgets the shadow but keeps results */
	fx_launch(&f, 1, 32);
	fx_block(&f, 0);
	WR(&f, 0, GL(0), 2, 3);
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	ck_assert_uint_eq(expect(&f, MAM_INTER_BLOCK, MAM_WAW, 1, 1)->occurrences, 1);
	ck_assert_uint_eq(mam_nbarriers(f.m), 1);
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.lane_accesses, 1);
	ck_assert_uint_eq(st.units, 1);
	mam_clear_results(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	ck_assert_uint_eq(mam_nbarriers(f.m), 0);
	fx_free(&f);
}
END_TEST

START_TEST(memory_budget)
{
	struct mam_options o = { .model = MAM_ITS, .max_bytes = 256 * 1024 };
	struct fx f;
	memset(&f, 0, sizeof f);
	f.m = mam_new(&o);
	fx_launch(&f, 2, 32);
	fx_block(&f, 0);
	for (uint32_t i = 0; i < 1000; i++)
		warp_acc(&f, 0, FULL, GL((uint64_t)i * 4096), 4, 4, MAM_WRITE, 1, NULL);
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.lane_accesses, 32000);
	ck_assert_uint_gt(st.dropped, 0);
	ck_assert_uint_lt(st.dropped, 32000);
	ck_assert_uint_le(st.bytes, 256 * 1024);
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	/* the block that had no room is named, once */
	ck_assert_uint_eq(st.drop_blocks, 1);
	ck_assert_uint_eq(st.drop_first, 0);
	ck_assert_uint_eq(st.drop_last, 0);
	ck_assert_uint_eq(st.budget, 256 * 1024);
	fx_block(&f, 1);
	for (uint32_t i = 0; i < 10; i++)
		warp_acc(&f, 0, FULL, GL((uint64_t)(i + 2000) * 4096), 4, 4, MAM_WRITE, 1, NULL);
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.drop_blocks, 2);
	ck_assert_uint_eq(st.drop_first, 0);
	ck_assert_uint_eq(st.drop_last, 1);
	fx_launch(&f, 2, 32);	/* a new launch starts over */
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.dropped, 0);
	ck_assert_uint_eq(st.drop_blocks, 0);
	fx_free(&f);
}
END_TEST

/* Past half of its budget the shadow admits the pages first touched by
** sample: a page refused stays refused (counted once, named by buffer
** and bytes), and a page admitted before keeps every access checked. */
START_TEST(shadow_sampled)
{
	struct mam_options o = { .model = MAM_ITS, .max_bytes = 256 * 1024 };
	struct fx f;
	memset(&f, 0, sizeof f);
	f.m = mam_new(&o);
	fx_launch(&f, 2, 32);
	fx_block(&f, 0);
	warp_acc(&f, 0, FULL, GL(0), 4, 4, MAM_WRITE, 1, NULL);
	for (uint32_t i = 1; i < 1000; i++)
		warp_acc(&f, 0, FULL, GL((uint64_t)i * MAM_PAGE_BYTES), 4, 4, MAM_WRITE, 2, NULL);
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	ck_assert_uint_gt(st.skipped_pages, 0);
	ck_assert_uint_lt(st.skipped_pages, 999);
	ck_assert_uint_eq(st.dropped, 32 * st.skipped_pages);	/* the reserve held */
	ck_assert_uint_eq(mam_nunanalysed(f.m), 1);
	const struct mam_unanalysed *u = mam_unanalysed_at(f.m, 0);
	ck_assert_uint_eq(u->alloc, GL_ID);
	ck_assert_uint_eq(u->pages, st.skipped_pages);
	ck_assert_uint_ge(u->lo, MAM_PAGE_BYTES);
	ck_assert_uint_le(u->hi, 1000 * MAM_PAGE_BYTES);
	ck_assert_uint_ge(u->hi - u->lo, u->pages * MAM_PAGE_BYTES);
	ck_assert_ptr_null(mam_unanalysed_at(f.m, 1));
	uint64_t skipped = st.skipped_pages;
	/* block 1 writes page 0 again: admitted first, so the race is found;
	** the pages refused stay refused, counted once */
	fx_block(&f, 1);
	warp_acc(&f, 0, FULL, GL(0), 4, 4, MAM_WRITE, 3, NULL);
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	for (uint32_t i = 1; i < 1000; i++)
		warp_acc(&f, 0, FULL, GL((uint64_t)i * MAM_PAGE_BYTES), 4, 4, MAM_READ, 4, NULL);
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.skipped_pages, skipped);
	ck_assert_uint_eq(mam_unanalysed_at(f.m, 0)->pages, skipped);
	fx_launch(&f, 2, 32);	/* a new launch starts over */
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.skipped_pages, 0);
	ck_assert_uint_eq(mam_nunanalysed(f.m), 0);
	fx_free(&f);
}
END_TEST

/* Storage the process's pool refuses (its neighbours hold it) is said in
** the stats, for the caller to run the launch again alone; alone it is
** never refused. */
START_TEST(shadow_pool)
{
	struct mem_pool pool;
	mem_pool_init(&pool, 1);
	struct mam_options o = { .model = MAM_ITS, .pool = &pool };
	struct fx f;
	memset(&f, 0, sizeof f);
	f.m = mam_new(&o);
	mem_pool_enter(&pool);
	mem_pool_enter(&pool);
	fx_launch(&f, 1, 32);
	fx_block(&f, 0);
	warp_acc(&f, 0, FULL, GL(0), 4, 4, MAM_WRITE, 1, NULL);
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.pool_refused, 1);
	ck_assert_uint_gt(st.dropped, 0);
	mem_pool_leave(&pool);
	fx_launch(&f, 1, 32);
	fx_block(&f, 0);
	warp_acc(&f, 0, FULL, GL(0), 4, 4, MAM_WRITE, 1, NULL);
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.pool_refused, 0);
	ck_assert_uint_eq(st.dropped, 0);
	ck_assert_uint_gt(atomic_load(&pool.used), 0);
	mam_trim(f.m);
	ck_assert_uint_eq(atomic_load(&pool.used), 0);
	mem_pool_leave(&pool);
	fx_free(&f);
}
END_TEST

/* A large launch: every block races with block 0 on one flag and works
** on its own slice; counts are exact. */
START_TEST(counts_many_blocks)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 100, 128);
	for (uint32_t blk = 0; blk < 100; blk++) {
		fx_block(&f, blk);
		for (uint32_t w = 0; w < 4; w++)
			warp_acc(&f, w, FULL, GL(4096 + blk * 512 + w * 128), 4, 4, MAM_WRITE, 1, NULL);
		mam_barrier(f.m, 2);
		for (uint32_t w = 0; w < 4; w++)
			warp_acc(&f, w, FULL, GL(4096 + blk * 512 + w * 128), 4, 4, MAM_READ, 3, NULL);
		if (blk > 0)
			RD(&f, 7, GL(4096), 4);		/* block 0's element */
		mam_block_end(f.m);
	}
	ck_assert_uint_eq(mam_nraces(f.m), 1);
	const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 4);
	ck_assert_uint_eq(r->occurrences, 99);
	ck_assert_uint_eq(r->thread_pairs, 99);
	ck_assert_uint_eq(r->addresses, 1);
	ck_assert_uint_eq(barrier(&f, 2)->executions, 100);
	ck_assert(!barrier(&f, 2)->needed_its);
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	ck_assert_uint_eq(st.lane_accesses, 100 * 256 + 99);
	ck_assert_uint_eq(st.units, 100 * 128 + 99);
	fx_free(&f);
}
END_TEST

START_TEST(dump_global_and_names)
{
	struct fx f;
	fx_init(&f, MAM_LOCKSTEP, 2, 2);
	fx_block(&f, 0);
	mam_warp_group(&f.w[0], 0x2);
	WR(&f, 1, GL(8), 3, 1);
	mam_warp_group(&f.w[0], 0x1);
	one(&f, 0, GL(8), 4, MAM_ATOMIC, MAM_SCOPE_DEVICE, 4, 0);
	mam_block_end(f.m);
	fx_block(&f, 1);
	RD(&f, 0, GL(8), 5);
	mam_block_end(f.m);
	char *d = dump(&f);
	ck_assert_ptr_nonnull(strstr(d, "Memory-Access Model (lockstep), grid (2,1,1) block (2,1,1): "
				      "1 memory units, 3 unit tuples"));
	ck_assert_ptr_nonnull(strstr(d, "memory unit global alloc 6 + 8:\n"
				      "  <0, (1 0 0), write> block (0 0 0) insn 3, 4 bytes\n"
				      "  <0, (0 0 0), atomic.device> block (0 0 0) insn 4, 4 bytes\n"
				      "  <0, (0 0 0), read> block (1 0 0) insn 5, 4 bytes\n"));
	ck_assert_ptr_nonnull(strstr(d, "race global intra-warp WAW between insn 3"));
	ck_assert_ptr_nonnull(strstr(d, "race global inter-block RAW between insn 3"));
	free(d);
	uint32_t bx[3], tx[3];
	mam_coords(f.m, 1, 1, bx, tx);
	ck_assert_uint_eq(bx[0], 1);
	ck_assert_uint_eq(tx[0], 1);
	fx_free(&f);
}
END_TEST

/* ---- against an oracle ------------------------------------------------------------ */

/* One unit tuple as the paper keeps it, with everything Theorem 3.1 and
** the atomic/scope rules look at. */
struct otuple {
	uint32_t block, tid, epoch, insn;
	uint8_t space, kind, scope, size;
	uint64_t off;
};

static int o_writes(unsigned k) { return k == MAM_WRITE || k == MAM_ATOMIC || k == MAM_ATOMIC_WRITE; }
static int o_atomic(unsigned k) { return k >= MAM_ATOMIC; }

/* Whether A (earlier) and B race, by brute force; *cls and *hz name it. */
static int o_race(const struct otuple *a, const struct otuple *b, int lockstep, unsigned *cls,
		  unsigned *hz)
{
	if (a->space != b->space || a->off >= b->off + b->size || b->off >= a->off + a->size)
		return 0;
	int same_block = a->block == b->block;
	if (same_block && a->tid == b->tid)
		return 0;
	if (!o_writes(a->kind) && !o_writes(b->kind))
		return 0;
	unsigned need = same_block ? MAM_SCOPE_BLOCK : MAM_SCOPE_DEVICE;
	if (o_atomic(a->kind) && o_atomic(b->kind) && a->scope >= need && b->scope >= need)
		return 0;
	if (!same_block && a->space == MAM_SPACE_SHARED)
		return 0;		/* another block's shared memory */
	if (same_block && a->epoch != b->epoch)
		return 0;		/* a barrier between */
	/* every access here is its own instruction and no lane ever syncs:
	** lanes of a warp are ordered under lockstep, never under its */
	if (same_block && lockstep && a->tid / 32 == b->tid / 32)
		return 0;
	*cls = !same_block ? MAM_INTER_BLOCK : a->tid / 32 == b->tid / 32 ? MAM_INTRA_WARP
									 : MAM_INTER_WARP;
	*hz = o_writes(a->kind) && o_writes(b->kind) ? MAM_WAW : o_writes(a->kind) ? MAM_RAW : MAM_WAR;
	return 1;
}

/*
** Whether the model has a record for the instruction pair IA -> IB in
** SPACE with hazard HZ, and class CLS unless CLS is -1.
*/
static int has_pair(const struct mam *m, int cls, unsigned hz, uint32_t ia, uint32_t ib,
		    unsigned space)
{
	for (uint32_t r = 0; r < mam_nraces(m); r++) {
		const struct mam_race *x = mam_race_at(m, r);
		if ((cls < 0 || x->cls == (unsigned)cls) && x->hazard == hz && x->first.insn == ia
		    && x->second.insn == ib && x->space == space)
			return 1;
	}
	return 0;
}

/*
** The oracle's racing pairs OK[0..NOK) (class << 2 | hazard, first and
** second instruction, space) against the model's records: every record is
** one of them (and none is its-only under LOCKSTEP), and when nothing
** overflowed every pair has a record, of the same class unless intra-warp.
*/
static void check_pairs(const struct fx *f, int seed, const uint32_t (*ok)[4], uint32_t nok,
			int lockstep)
{
	for (uint32_t r = 0; r < mam_nraces(f->m); r++) {
		const struct mam_race *x = mam_race_at(f->m, r);
		uint32_t k[4] = { (uint32_t)x->cls << 2 | x->hazard, x->first.insn, x->second.insn, x->space };
		int found = 0;
		for (uint32_t i = 0; i < nok && !found; i++)
			found = memcmp(ok[i], k, sizeof k) == 0;
		ck_assert_msg(found, "seed %d: record %s %s %u -> %u is no race", seed,
			      mam_class_name(x->cls), mam_hazard_name(x->hazard), x->first.insn,
			      x->second.insn);
		ck_assert(!(lockstep && x->its_only));
	}
	struct mam_stats st;
	mam_get_stats(f->m, &st);
	for (uint32_t i = 0; i < nok && st.overflows == 0; i++) {
		unsigned cls = ok[i][0] >> 2, hz = ok[i][0] & 3;
		ck_assert_msg(has_pair(f->m, cls == MAM_INTRA_WARP ? -1 : (int)cls, hz, ok[i][1], ok[i][2],
				       ok[i][3]),
			      "seed %d: no record for the pair %s %s %u -> %u", seed, mam_class_name(cls),
			      mam_hazard_name(hz), ok[i][1], ok[i][2]);
	}
}

/*
** Random access sequences (sizes 1-8 at any aligned offset of 16 bytes,
** every kind and scope, shared and global, barriers, three blocks of three
** warps): after every access, the model reports a race exactly when the
** oracle finds one with an earlier tuple, and every record it keeps is a
** pair the oracle found.  Per instruction pair: unless a summary or history
** overflowed (mam_stats.overflows), every (space, hazard, first and second
** instruction) the oracle finds has a record, of the same class when the
** class is inter-warp or inter-block.
*/
START_TEST(random_against_oracle)
{
	enum { NB = 3, NT = 96, STEPS = 80, MAXT = NB * STEPS };
	static const unsigned sizes[4] = { 1, 2, 4, 8 };
	int lockstep = _i & 1;
	struct pcg32 g;
	pcg32_seed(&g, 0x5eed0000u + (uint64_t)_i, 77);
	struct fx f;
	fx_init(&f, lockstep ? MAM_LOCKSTEP : MAM_ITS, NB, NT);
	struct otuple *t = calloc(MAXT, sizeof *t);
	uint32_t (*ok)[4] = calloc(MAXT * MAXT, sizeof *ok);	/* oracle records */
	uint32_t nt = 0, nok = 0;
	for (uint32_t blk = 0; blk < NB; blk++) {
		fx_block(&f, blk);
		uint32_t epoch = 0;
		for (int step = 0; step < STEPS; step++) {
			if (pcg32_bounded(&g, 12) == 0) {
				mam_barrier(f.m, ++epoch);
				continue;
			}
			struct otuple *b = &t[nt];
			b->block = blk;
			b->tid = pcg32_bounded(&g, NT);
			b->epoch = epoch;
			b->insn = 1 + pcg32_bounded(&g, 6);
			b->space = pcg32_bounded(&g, 2) ? MAM_SPACE_GLOBAL : MAM_SPACE_SHARED;
			b->kind = (uint8_t)pcg32_bounded(&g, 5);
			b->scope = (uint8_t)pcg32_bounded(&g, 4);
			b->size = (uint8_t)sizes[pcg32_bounded(&g, 4)];
			b->off = pcg32_bounded(&g, 16 / b->size) * b->size;
			int expect_race = 0;
			for (uint32_t i = 0; i < nt; i++) {
				unsigned cls, hz;
				if (o_race(&t[i], b, lockstep, &cls, &hz)) {
					expect_race = 1;
					uint32_t k[4] = { cls << 2 | hz, t[i].insn, b->insn, b->space };
					memcpy(ok[nok++], k, sizeof k);
				}
			}
			struct mam_stats before, after;
			mam_get_stats(f.m, &before);
			uint64_t addr = b->space == MAM_SPACE_GLOBAL ? GL(b->off) : SH(b->off);
			one(&f, b->tid, addr, b->size, b->kind, b->scope, b->insn, pcg32_bounded(&g, 2));
			mam_get_stats(f.m, &after);
			int got = after.detections > before.detections;
			ck_assert_msg(got == expect_race,
				      "seed %d access %u (block %u thread %u %s size %u at %s+%llu, epoch %u): "
				      "model %s, oracle %s", _i, nt, blk, b->tid, mam_kind_name(b->kind),
				      b->size, b->space == MAM_SPACE_GLOBAL ? "global" : "shared",
				      (unsigned long long)b->off, epoch, got ? "race" : "none",
				      expect_race ? "race" : "none");
			nt++;
		}
		mam_block_end(f.m);
	}
	ck_assert_uint_gt(mam_nraces(f.m), 0);
	check_pairs(&f, _i, ok, nok, lockstep);
	free(t);
	free(ok);
	fx_free(&f);
}
END_TEST

/*
** Whole warps as the interpreter issues them, against the same oracle:
** full-warp 4-byte accesses whose lanes cover 32 consecutive words, or
** whose halves each cover a 16-word segment (the model's per-segment fast
** path; both halves may share one, and then lanes of one instruction meet,
** which races in both models), half warps, the same shifted by a few words
** or reversed (lane by lane), mixed with single-lane accesses of any size,
** barriers, three blocks; exactness is asserted per access and, without
** overflows, per instruction pair, in both models.  Every other pair of
** seeds passes no values (nothing is benign), and then the barrier
** verdicts are checked too.  Barriers are three static ones in any order
** (a loop runs one again and again): barrier B is needed under its when an
** access after an instance of it conflicts with an earlier one of another
** thread that only instances of B separate from it, and under lockstep
** when that thread is in another warp.
*/
/* The occurrences of every race record of class CLS so far. */
static uint64_t occurrences_of(const struct mam *m, unsigned cls)
{
	uint64_t n = 0;
	for (uint32_t r = 0; r < mam_nraces(m); r++)
		if (mam_race_at(m, r)->cls == cls)
			n += mam_race_at(m, r)->occurrences;
	return n;
}

static void warps_oracle(int _i, int groups)
{
	enum { NT = 96, STEPS = 60, MAXB = 8, MAXT = MAXB * STEPS * 32 };
	static const unsigned sizes[4] = { 1, 2, 4, 8 };
	const uint32_t NB = groups ? MAXB : 3;
	int lockstep = _i & 1;
	struct pcg32 g;
	pcg32_seed(&g, (groups ? 0x9a0b000u : 0xfa57000u) + (uint64_t)_i, 55);
	struct fx f;
	fx_init(&f, lockstep ? MAM_LOCKSTEP : MAM_ITS, NB, NT);
	mam_free(f.m);		/* no dump: the fast path is off while tuples are kept */
	struct mam_options o = { .model = lockstep ? MAM_LOCKSTEP : MAM_ITS };
	f.m = mam_new(&o);
	fx_launch(&f, NB, NT);
	struct otuple *t = calloc(MAXT, sizeof *t);
	uint32_t nok = 0, capok = 4096, (*ok)[4] = malloc(capok * sizeof *ok);
	uint32_t nt = 0, nsteps = 0;
	int values = (_i >> 1) & 1;
	uint8_t need_its[4] = { 0 }, need_ls[4] = { 0 };
	uint32_t bar[STEPS + 1];	/* the static barrier that began each interval */
	for (uint32_t blk = 0; blk < NB; blk++) {
		fx_block(&f, blk);
		uint32_t epoch = 0;
		for (int step = 0; step < STEPS; step++) {
			uint32_t r = pcg32_bounded(&g, 16);
			if (r == 0) {
				bar[++epoch] = 1 + pcg32_bounded(&g, 3);
				mam_barrier(f.m, bar[epoch]);
				continue;
			}
			uint32_t first = nt, w = pcg32_bounded(&g, NT / 32);
			uint8_t space = pcg32_bounded(&g, 2) ? MAM_SPACE_GLOBAL : MAM_SPACE_SHARED;
			uint8_t kind = (uint8_t)pcg32_bounded(&g, 5), scope = (uint8_t)pcg32_bounded(&g, 4);
			if (groups && pcg32_bounded(&g, 4) != 0)
				kind = MAM_READ;	/* mostly reads: read-only words */
			uint32_t insn = 1 + pcg32_bounded(&g, groups ? 12 : 4);
			uint64_t a[32], v[32];
			uint32_t mask;
			unsigned size;
			if (r < 5) {
				/* one lane, any size */
				unsigned l = pcg32_bounded(&g, 32);
				size = sizes[pcg32_bounded(&g, 4)];
				mask = 1u << l;
				a[l] = pcg32_bounded(&g, 384 / size) * size;
				v[l] = pcg32_bounded(&g, 2);
			} else {
				uint32_t seg = pcg32_bounded(&g, 3), pat = pcg32_bounded(&g, groups ? 10 : 6);
				uint32_t shift = pat == 2 ? 1 + pcg32_bounded(&g, 31) : 0;
				uint32_t half[2] = { pcg32_bounded(&g, 6), pcg32_bounded(&g, 6) };
				size = 4;
				mask = pat == 5 ? 0xffffu << 16 * pcg32_bounded(&g, 2) : FULL;
				for (unsigned l = 0; l < 32; l++) {
					unsigned word = pat == 3 ? 31 - l : l + shift;
					a[l] = (seg * 32 + word) % 96 * 4;
					if (pat == 4 || pat == 5)	/* each half on a 16-word segment */
						a[l] = (half[l / 16] * 16 + l % 16) * 4;
					if (pat == 6)	/* a broadcast: one word */
						a[l] = (seg * 32 + half[1] * 5) % 96 * 4;
					if (pat == 7)	/* groups of 8 lanes on one word (As[ty][j]) */
						a[l] = (seg * 32 + half[0] + l / 8) % 96 * 4;
					if (pat == 8)	/* four groups on the same 8 words (Bs[j][tx]) */
						a[l] = (seg * 32 + half[0] + l % 8) % 96 * 4;
					if (pat == 9)	/* runs of 8 words (rows of a tile, A[row * k + c]) */
						a[l] = (half[0] * 8 + l / 8 * 24 + l % 8) % 96 * 4;
					v[l] = pcg32_bounded(&g, 2);
				}
			}
			for (uint32_t mm = mask; mm; mm &= mm - 1) {
				unsigned l = (unsigned)__builtin_ctz(mm);
				struct otuple *b = &t[nt++];
				b->block = blk;
				b->tid = w * 32 + l;
				b->epoch = epoch;
				b->insn = insn;
				b->space = space;
				b->kind = kind;
				b->scope = o_atomic(kind) ? scope : 0;
				b->size = (uint8_t)size;
				b->off = a[l];
				a[l] = space == MAM_SPACE_GLOBAL ? GL(a[l]) : SH(a[l]);
			}
			int expect_race = 0;
			for (uint32_t j = first; j < nt; j++)
				for (uint32_t i = first; i < j; i++) {
					/* two lanes of one instruction: never ordered */
					unsigned cls, hz;
					if (!o_race(&t[i], &t[j], 0, &cls, &hz))
						continue;
					expect_race = 1;
					if (nok == capok) {
						capok *= 2;
						ok = realloc(ok, capok * sizeof *ok);
						ck_assert_ptr_nonnull(ok);
					}
					uint32_t k[4] = { cls << 2 | hz, insn, insn, space };
					memcpy(ok[nok++], k, sizeof k);
				}
			uint32_t xblock = 0;	/* lanes that race with another block */
			for (uint32_t j = first; j < nt; j++)
				for (uint32_t i = 0, xb = 0; i < first; i++) {
					unsigned cls, hz;
					struct otuple x = t[i];
					uint32_t e0 = x.epoch + 1;
					while (x.block == blk && e0 <= epoch && bar[e0] == bar[epoch])
						e0++;
					if (x.block == blk && x.epoch < epoch && e0 > epoch && x.tid != t[j].tid) {
						/* only instances of one barrier between them:
						** is it needed? */
						x.epoch = epoch;
						if (o_race(&x, &t[j], 0, &cls, &hz)) {
							need_its[bar[epoch]] = 1;
							need_ls[bar[epoch]] |= cls == MAM_INTER_WARP;
						}
					}
					if (!o_race(&t[i], &t[j], lockstep, &cls, &hz))
						continue;
					expect_race = 1;
					if (cls == MAM_INTER_BLOCK && !xb) {
						xb = 1;
						xblock++;
					}
					if (nok == capok) {
						capok *= 2;
						ok = realloc(ok, capok * sizeof *ok);
						ck_assert_ptr_nonnull(ok);
					}
					uint32_t k[4] = { cls << 2 | hz, t[i].insn, insn, space };
					memcpy(ok[nok++], k, sizeof k);
				}
			struct mam_stats before, after;
			mam_get_stats(f.m, &before);
			uint64_t xocc = occurrences_of(f.m, MAM_INTER_BLOCK);
			mam_access(f.m, &f.w[w], a, mask, size, kind, scope, insn, values ? v : NULL);
			mam_get_stats(f.m, &after);
			/* every lane that conflicts with another block is reported */
			ck_assert_msg(occurrences_of(f.m, MAM_INTER_BLOCK) - xocc >= xblock,
				      "seed %d step %u: %u lanes race with another block, %llu "
				      "occurrences", _i, nsteps, xblock,
				      (unsigned long long)(occurrences_of(f.m, MAM_INTER_BLOCK) - xocc));
			int got = after.detections > before.detections;
			ck_assert_msg(got == expect_race, "seed %d step %u (block %u warp %u %s, %u lanes): "
				      "model %s, oracle %s", _i, nsteps, blk, w, mam_kind_name(kind),
				      __builtin_popcount(mask), got ? "race" : "none",
				      expect_race ? "race" : "none");
			ck_assert_uint_eq(after.lane_accesses - before.lane_accesses,
					  (uint64_t)__builtin_popcount(mask));
			nsteps++;
		}
		mam_block_end(f.m);
	}
	check_pairs(&f, _i, ok, nok, lockstep);
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	for (uint32_t i = 0; i < mam_nbarriers(f.m) && !values; i++) {
		const struct mam_barrier_info *bi = mam_barrier_at(f.m, i);
		ck_assert_uint_lt(bi->id, 4);
		ck_assert_msg(!bi->needed_its || need_its[bi->id], "seed %d: barrier %u needed (its) "
			      "with no conflict across it", _i, bi->id);
		ck_assert_msg(!bi->needed_ls || need_ls[bi->id], "seed %d: barrier %u needed "
			      "(lockstep) with no conflict across it", _i, bi->id);
		if (st.overflows == 0) {
			ck_assert_msg(bi->needed_its == need_its[bi->id], "seed %d: barrier %u not needed "
				      "(its)", _i, bi->id);
			ck_assert_msg(bi->needed_ls == need_ls[bi->id], "seed %d: barrier %u not needed "
				      "(lockstep)", _i, bi->id);
		}
	}
	free(t);
	free(ok);
	fx_free(&f);
}

START_TEST(random_warps_against_oracle)
{
	warps_oracle(_i, 0);
}
END_TEST

/* The same with lane groups on one word (broadcasts, the 8-lane rows and
** columns of a tiled matmul), runs of 8 words, mostly reads and 8 blocks:
** the shapes of the grouped-read paths and of read-only global words. */
START_TEST(random_groups_against_oracle)
{
	warps_oracle(_i, 1);
}
END_TEST

/*
** The same with intra-warp order: random __syncwarp masks and, for
** lockstep, random divergence and reconvergence (accesses come from the
** running group, as the interpreter issues them).  The oracle decides
** happens-before on its own, by forward propagation over the warp's
** events: a sync joins its mask; under lockstep an instruction joins its
** group, and a change of group joins the old and the new one.  Asserted:
** no race is reported that the oracle does not find, labels (its only)
** are right, and races with another warp or block are never missed,
** per instruction pair too unless a summary or history overflowed.
*/
enum { EV_ACC, EV_SYNC, EV_GROUP };
struct oev {
	uint8_t type;
	uint32_t warp, block;
	uint32_t mask;		/* EV_SYNC, EV_GROUP: the lanes; EV_ACC: the group */
	uint32_t old;		/* EV_SYNC: the group; EV_GROUP: the group before */
};

static void who_eq(const struct mam_who *a, const struct mam_who *b, int seed, uint32_t i)
{
	ck_assert_msg(a->block == b->block && a->tid == b->tid && a->insn == b->insn
		      && a->kind == b->kind && a->scope == b->scope,
		      "seed %d record %u: witness (%u,%u,i%u,k%u) against (%u,%u,i%u,k%u)", seed, i,
		      a->block, a->tid, a->insn, a->kind, b->block, b->tid, b->insn, b->kind);
}

/*
** Every fast path (segment records, the read-only history of a segment,
** grouped shared reads, read shapes, joins) gives what the lane-by-lane
** path gives: the same random launch drives a model with them (no dump)
** and one without (a dump turns them off), and the race records, their
** witnesses and counts, the barrier verdicts and the statistics must be
** the same.  Mostly reads of aligned words, in the shapes the fast paths
** take: whole segments, runs of 8 words (A[row * k + c]), broadcasts,
** groups of 8 lanes (As[ty][j]) and four groups on 8 words (Bs[j][tx]).
*/
START_TEST(fast_paths_match_lane_path)
{
	enum { NT = 64, STEPS = 70, NB = 8 };
	int lockstep = _i & 1;
	struct pcg32 g;
	pcg32_seed(&g, 0xfa5700u + (uint64_t)_i, 77);
	struct fx f[2];
	for (int k = 0; k < 2; k++) {
		fx_init(&f[k], lockstep ? MAM_LOCKSTEP : MAM_ITS, NB, NT);
		if (k == 0) {
			mam_free(f[k].m);
			struct mam_options o = { .model = lockstep ? MAM_LOCKSTEP : MAM_ITS };
			f[k].m = mam_new(&o);
			fx_launch(&f[k], NB, NT);
		}
	}
	for (uint32_t blk = 0; blk < NB; blk++) {
		for (int k = 0; k < 2; k++)
			fx_block(&f[k], blk);
		for (int step = 0; step < STEPS; step++) {
			uint32_t r = pcg32_bounded(&g, 20);
			if (r == 0) {
				/* three static barriers in any order: runs of one
				** barrier's instances, as in a loop */
				uint32_t id = 1 + pcg32_bounded(&g, 3);
				for (int k = 0; k < 2; k++)
					mam_barrier(f[k].m, id);
				continue;
			}
			uint32_t w = pcg32_bounded(&g, NT / 32), pat = pcg32_bounded(&g, 10);
			int global = pcg32_bounded(&g, 3) != 0;
			enum mam_kind kind = pcg32_bounded(&g, 5) ? MAM_READ : (enum mam_kind)pcg32_bounded(&g, 5);
			uint32_t insn = 1 + pcg32_bounded(&g, 6), mask = FULL;
			uint32_t x = pcg32_bounded(&g, 8), y = pcg32_bounded(&g, 4);
			uint64_t a[32], v[32];
			for (unsigned l = 0; l < 32; l++) {
				uint32_t word;
				switch (pat) {
				case 0: word = x * 8 + l; break;			/* whole segments */
				case 1: word = x * 8 + l + 1 + y; break;		/* shifted */
				case 2: word = x * 8 + 31 - l; break;
				case 3: word = x * 8 + y; break;			/* a broadcast */
				case 4: word = x * 8 + l / 8; break;			/* As[ty][j] */
				case 5: word = x * 8 + l % 8; break;			/* Bs[j][tx] */
				case 6: word = x * 8 + l / 8 * 32 + l % 8; break;	/* runs of 8 */
				case 7: word = y * 8 + l / 8 * 24 + l % 8; break;
				default: word = x * 8 + l; break;
				}
				a[l] = (uint64_t)(word % 128) * 4;
				a[l] = global ? GL(a[l]) : SH(a[l]);
				v[l] = pcg32_bounded(&g, 2);
			}
			if (pat == 8)
				mask = 0xffu << 8 * y;			/* one run of 8 lanes */
			if (pat == 9)
				mask = ~(1u << pcg32_bounded(&g, 32));	/* a lane missing */
			for (int k = 0; k < 2; k++)
				mam_access(f[k].m, &f[k].w[w], a, mask, 4, kind, MAM_SCOPE_DEVICE, insn, v);
		}
		for (int k = 0; k < 2; k++)
			mam_block_end(f[k].m);
	}
	const struct mam *ma = f[0].m, *mb = f[1].m;
	ck_assert_msg(mam_nraces(ma) == mam_nraces(mb), "seed %d: %u races against %u", _i,
		      mam_nraces(ma), mam_nraces(mb));
	for (uint32_t i = 0; i < mam_nraces(ma); i++) {
		const struct mam_race *x = mam_race_at(ma, i), *y = mam_race_at(mb, i);
		ck_assert_msg(x->space == y->space && x->cls == y->cls && x->hazard == y->hazard
			      && x->its_only == y->its_only && x->benign == y->benign && x->addr == y->addr,
			      "seed %d record %u: %s %s differ", _i, i, mam_class_name(x->cls),
			      mam_hazard_name(x->hazard));
		who_eq(&x->first, &y->first, _i, i);
		who_eq(&x->second, &y->second, _i, i);
		ck_assert_msg(x->occurrences == y->occurrences && x->addresses == y->addresses
			      && x->thread_pairs == y->thread_pairs,
			      "seed %d record %u: counts %llu/%llu/%llu against %llu/%llu/%llu", _i, i,
			      (unsigned long long)x->occurrences, (unsigned long long)x->addresses,
			      (unsigned long long)x->thread_pairs, (unsigned long long)y->occurrences,
			      (unsigned long long)y->addresses, (unsigned long long)y->thread_pairs);
	}
	ck_assert_uint_eq(mam_nbarriers(ma), mam_nbarriers(mb));
	for (uint32_t i = 0; i < mam_nbarriers(ma); i++) {
		const struct mam_barrier_info *x = mam_barrier_at(ma, i), *y = mam_barrier_at(mb, i);
		ck_assert_msg(x->id == y->id && x->executions == y->executions
			      && x->needed_ls == y->needed_ls && x->needed_its == y->needed_its,
			      "seed %d barrier %u: needed %u/%u against %u/%u", _i, x->id, x->needed_ls,
			      x->needed_its, y->needed_ls, y->needed_its);
		if (x->needed_its) {
			who_eq(&x->why_first, &y->why_first, _i, 1000 + i);
			who_eq(&x->why_second, &y->why_second, _i, 1000 + i);
		}
	}
	struct mam_stats sa, sb;
	mam_get_stats(ma, &sa);
	mam_get_stats(mb, &sb);
	ck_assert_msg(sa.lane_accesses == sb.lane_accesses && sa.detections == sb.detections,
		      "seed %d: lane accesses %llu against %llu, detections %llu against %llu", _i,
		      (unsigned long long)sa.lane_accesses, (unsigned long long)sb.lane_accesses,
		      (unsigned long long)sa.detections, (unsigned long long)sb.detections);
	for (int k = 0; k < 2; k++)
		fx_free(&f[k]);
}
END_TEST

/* Whether event A (an access of lane P) happens before a later access of
** lane Q of the same warp, at event index B. */
static int o_hb(const struct oev *ev, uint32_t ia, uint32_t ib, unsigned p, unsigned q, int ls)
{
	uint32_t k = 1u << p;
	if (ls && (ev[ia].mask >> p & 1))
		k |= ev[ia].mask;
	for (uint32_t i = ia + 1; i < ib; i++) {
		const struct oev *e = &ev[i];
		if (e->warp != ev[ia].warp || e->block != ev[ia].block)
			continue;
		/* its: a sync joins its mask; lockstep: the group executing it too */
		uint32_t sm = e->mask | (ls ? e->old : 0);
		if (e->type == EV_SYNC && (k & sm))
			k |= sm;
		if (ls && e->type == EV_GROUP) {
			if (k & e->old)
				k |= e->old;
			if (k & e->mask)
				k |= e->mask;
		}
		if (ls && e->type == EV_ACC && (k & e->mask))
			k |= e->mask;
	}
	return (int)(k >> q & 1);
}

START_TEST(random_joins_against_oracle)
{
	enum { NB = 2, NT = 96, STEPS = 120, MAXE = NB * STEPS };
	int lockstep = _i & 1;
	struct pcg32 g;
	pcg32_seed(&g, 0x10e0000u + (uint64_t)_i, 99);
	struct fx f;
	fx_init(&f, lockstep ? MAM_LOCKSTEP : MAM_ITS, NB, NT);
	struct otuple *t = calloc(MAXE, sizeof *t);
	struct oev *ev = calloc(MAXE, sizeof *ev);
	uint32_t *evof = calloc(MAXE, sizeof *evof);	/* event of tuple i */
	uint32_t (*ok)[5] = calloc(MAXE * MAXE, sizeof *ok);
	uint32_t nt = 0, ne = 0, nok = 0;
	for (uint32_t blk = 0; blk < NB; blk++) {
		fx_block(&f, blk);
		uint32_t epoch = 0, group[NT / 32];
		for (unsigned w = 0; w < NT / 32; w++)
			group[w] = FULL;
		for (int step = 0; step < STEPS; step++) {
			uint32_t w = pcg32_bounded(&g, NT / 32), r = pcg32_bounded(&g, 20);
			struct oev *e = &ev[ne];
			e->warp = w;
			e->block = blk;
			if (r == 0) {
				mam_barrier(f.m, ++epoch);
				continue;
			}
			if (r <= 2) {
				uint32_t mk = pcg32_bounded(&g, 3) ? (uint32_t)pcg32_next(&g) & pcg32_next(&g) : FULL;
				mam_syncwarp(&f.w[w], mk);
				e->type = EV_SYNC;
				e->mask = mk;
				e->old = group[w];
				ne++;
				continue;
			}
			if (r <= 5) {
				uint32_t mk = pcg32_bounded(&g, 3) ? (uint32_t)pcg32_next(&g) & pcg32_next(&g) : FULL;
				if (mk == 0 || mk == group[w])
					continue;
				mam_warp_group(&f.w[w], mk);
				e->type = EV_GROUP;
				e->old = group[w];
				e->mask = mk;
				group[w] = mk;
				ne++;
				continue;
			}
			/* an access by a lane of the running group */
			unsigned lane = pcg32_bounded(&g, 32);
			while (!(group[w] >> lane & 1))
				lane = (lane + 1) & 31;
			struct otuple *b = &t[nt];
			b->block = blk;
			b->tid = w * 32 + lane;
			b->epoch = epoch;
			b->insn = 1 + pcg32_bounded(&g, 6);
			b->space = pcg32_bounded(&g, 2) ? MAM_SPACE_GLOBAL : MAM_SPACE_SHARED;
			b->kind = (uint8_t)pcg32_bounded(&g, 5);
			b->scope = (uint8_t)(1 + pcg32_bounded(&g, 3));
			b->size = 4;
			b->off = 4 * pcg32_bounded(&g, 3);
			e->type = EV_ACC;
			e->mask = group[w];
			evof[nt] = ne;
			int must = 0, may = 0;
			for (uint32_t i = 0; i < nt; i++) {
				unsigned cls, hz;
				/* o_race with lockstep = 0 says: a race unless ordered */
				if (!o_race(&t[i], b, 0, &cls, &hz))
					continue;
				int its_ord = 0, ls_ord = 0;
				if (cls == MAM_INTRA_WARP) {
					its_ord = o_hb(ev, evof[i], ne, t[i].tid & 31, lane, 0);
					ls_ord = o_hb(ev, evof[i], ne, t[i].tid & 31, lane, 1);
				}
				if (lockstep ? ls_ord : its_ord)
					continue;
				may = 1;
				if (cls != MAM_INTRA_WARP)
					must = 1;
				uint32_t k[5] = { cls << 2 | hz, t[i].insn, b->insn, b->space, (uint32_t)ls_ord };
				memcpy(ok[nok++], k, sizeof k);
			}
			ne++;
			struct mam_stats before, after;
			mam_get_stats(f.m, &before);
			uint64_t addr = b->space == MAM_SPACE_GLOBAL ? GL(b->off) : SH(b->off);
			one(&f, b->tid, addr, b->size, b->kind, b->scope, b->insn, pcg32_bounded(&g, 2));
			mam_get_stats(f.m, &after);
			int got = after.detections > before.detections;
			ck_assert_msg(!got || may, "seed %d access %u: a race the oracle does not find", _i, nt);
			ck_assert_msg(got || !must, "seed %d access %u: a missed inter-warp/block race", _i, nt);
			nt++;
		}
		mam_block_end(f.m);
	}
	for (uint32_t r = 0; r < mam_nraces(f.m); r++) {
		const struct mam_race *x = mam_race_at(f.m, r);
		uint32_t k[5] = { (uint32_t)x->cls << 2 | x->hazard, x->first.insn, x->second.insn,
				  x->space, x->its_only };
		int found = 0;
		for (uint32_t i = 0; i < nok && !found; i++)
			found = memcmp(ok[i], k, sizeof k) == 0;
		ck_assert_msg(found, "seed %d: record %s %s %u -> %u%s has no such pair", _i,
			      mam_class_name(x->cls), mam_hazard_name(x->hazard), x->first.insn,
			      x->second.insn, x->its_only ? " (its only)" : "");
	}
	struct mam_stats st;
	mam_get_stats(f.m, &st);
	for (uint32_t i = 0; i < nok && st.overflows == 0; i++) {
		unsigned cls = ok[i][0] >> 2, hz = ok[i][0] & 3;
		if (cls != MAM_INTRA_WARP)
			ck_assert_msg(has_pair(f.m, (int)cls, hz, ok[i][1], ok[i][2], ok[i][3]),
				      "seed %d: no record for the pair %s %s %u -> %u", _i,
				      mam_class_name(cls), mam_hazard_name(hz), ok[i][1], ok[i][2]);
	}
	free(t);
	free(ev);
	free(evof);
	free(ok);
	fx_free(&f);
}
END_TEST

/* A barrier id beyond the instruction-id range is clamped, not a table of
** four billion entries (this used to loop forever). */
START_TEST(barrier_id_clamped)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 1, 32);
	fx_block(&f, 0);
	mam_barrier(f.m, UINT32_MAX);
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nbarriers(f.m), 1);
	ck_assert_uint_eq(mam_barrier_at(f.m, 0)->id, (1u << 22) - 1);
	ck_assert_uint_eq(mam_barrier_at(f.m, 0)->executions, 1);
	fx_free(&f);
}
END_TEST

/* ---- release/acquire across blocks ------------------------------------------------ */

#define AT(f, t, addr, insn) one((f), (t), (addr), 4, MAM_ATOMIC, MAM_SCOPE_DEVICE, (insn), 0)
#define FENCE(f, t, sc) mam_fence((f)->m, &(f)->w[(t) >> 5], 1u << ((t) & 31), (sc))

/* The programming guide's "last block" reduction: thread 0 of each block
** stores its partial sum, fences, and takes a ticket with an atomic; the
** last block reads every partial sum and resets the counter.  _i selects a
** broken variant: 1 no fence, 2 another thread fences, 3 a block-scope
** fence, 4 the store comes after the fence. */
START_TEST(handover_last_block)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 3, 64);
	for (uint32_t blk = 0; blk < 2; blk++) {
		fx_block(&f, blk);
		if (_i != 4)
			WR(&f, 0, GL(4 * blk), 1, blk);
		if (_i == 0 || _i == 4)
			FENCE(&f, 0, MAM_SCOPE_DEVICE);
		else if (_i == 2)
			FENCE(&f, 1, MAM_SCOPE_DEVICE);
		else if (_i == 3)
			FENCE(&f, 0, MAM_SCOPE_BLOCK);
		if (_i == 4)
			WR(&f, 0, GL(4 * blk), 1, blk);
		AT(&f, 0, GL(256), 2);
		mam_block_end(f.m);
	}
	ck_assert_uint_eq(mam_nraces(f.m), 0);
	fx_block(&f, 2);
	AT(&f, 0, GL(256), 2);
	RD(&f, 0, GL(0), 3);
	RD(&f, 0, GL(4), 3);
	WR(&f, 0, GL(256), 4, 0);	/* the reset: after the thread's own atomic */
	RD(&f, 33, GL(4), 5);		/* another warp, same interval: not acquired */
	mam_barrier(f.m, 9);
	RD(&f, 34, GL(0), 6);		/* after the barrier: acquired through it */
	mam_block_end(f.m);
	if (_i == 0) {
		ck_assert_uint_eq(mam_nraces(f.m), 1);
		const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 5);
		ck_assert_uint_eq(r->second.tid, 33);
	} else {
		expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 3);
		expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 5);
		expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 6);
		/* the reset: the other blocks' tickets are no releases (variant 4's
		** is one, and covers itself) */
		if (_i != 4)
			expect(&f, MAM_INTER_BLOCK, MAM_WAW, 2, 4);
		ck_assert_uint_eq(mam_nraces(f.m), _i == 4 ? 3 : 4);
	}
	fx_free(&f);
}
END_TEST

/* A launch forgets the fences of the one before: block ids start again at
** 0, and a stale fence record of block 0 would make this launch's ticket a
** release (the search reuses one model for many launches: its results
** depended on which worker ran which launch before). */
START_TEST(fences_forgotten_between_launches)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 3, 64);
	fx_block(&f, 0);
	WR(&f, 0, GL(0), 1, 0);
	FENCE(&f, 0, MAM_SCOPE_DEVICE);
	AT(&f, 0, GL(256), 2);
	mam_block_end(f.m);
	mam_clear_results(f.m);
	fx_launch(&f, 3, 64);
	for (uint32_t blk = 0; blk < 2; blk++) {
		fx_block(&f, blk);
		WR(&f, 0, GL(4 * blk), 1, blk);
		AT(&f, 0, GL(256), 2);
		mam_block_end(f.m);
	}
	fx_block(&f, 2);
	AT(&f, 0, GL(256), 2);
	RD(&f, 0, GL(0), 3);
	RD(&f, 0, GL(4), 3);
	mam_block_end(f.m);
	/* no fence in this launch: both partial sums race with the read */
	const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 3);
	ck_assert_uint_eq(r->addresses, 2);
	fx_free(&f);
}
END_TEST

/* A grid barrier (cooperative groups' grid sync) orders every access of
** every block before it with every access after it: block 1 reading
** block 0's slot after the barrier is no race, nor is a shared slot the
** block wrote before it; without it, the global slots race; the barriers
** it marks needed are not redundant. */
START_TEST(grid_barrier_orders_blocks)
{
	for (int sync = 0; sync < 2; sync++) {
		struct fx f;
		fx_init(&f, MAM_ITS, 2, 64);
		for (uint32_t blk = 0; blk < 2; blk++) {
			fx_block(&f, blk);
			WR(&f, 0, GL(4 * blk), 1, blk + 1);
			WR(&f, 33, SH(8), 5, blk + 1);
			mam_barrier(f.m, 7);
			mam_block_end(f.m);
		}
		if (sync) {
			mam_grid_barrier(f.m);
			mam_barrier_needed(f.m, 7);
			mam_barrier_needed(f.m, UINT32_MAX);	/* none: ignored */
		}
		for (uint32_t blk = 0; blk < 2; blk++) {
			fx_block(&f, blk);
			RD(&f, 0, GL(4 * (1 - blk)), 2);
			RD(&f, 1, SH(8), 6);
			mam_block_end(f.m);
		}
		if (sync) {
			ck_assert_uint_eq(mam_nraces(f.m), 0);
			ck_assert_uint_eq(mam_nbarriers(f.m), 1);
			const struct mam_barrier_info *b = mam_barrier_at(f.m, 0);
			ck_assert(b->id == 7 && b->needed_its && b->needed_ls);
		} else {
			expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 2);
		}
		fx_free(&f);
	}
}
END_TEST

/* A fence releases what the block did before the interval it is in (the
** barrier makes other threads' accesses part of the fencing thread's
** past), and an access that no release orders is the witness other blocks
** meet, even when an earlier block's released access came first. */
START_TEST(handover_cumulative_and_witness)
{
	struct fx f;
	fx_init(&f, MAM_LOCKSTEP, 3, 64);
	fx_block(&f, 0);
	WR(&f, 40, GL(8), 1, 1);	/* before the barrier: released by t0's fence */
	WR(&f, 1, GL(16), 7, 3);	/* also released */
	mam_barrier(f.m, 9);
	WR(&f, 41, GL(12), 2, 1);	/* same interval as the fence, other thread: not released */
	FENCE(&f, 0, MAM_SCOPE_SYSTEM);
	AT(&f, 0, GL(256), 3);
	mam_block_end(f.m);
	fx_block(&f, 1);
	WR(&f, 2, GL(16), 8, 3);	/* no release in this block */
	mam_block_end(f.m);
	ck_assert_uint_eq(mam_nraces(f.m), 1);	/* 7 and 8: same value, benign */
	ck_assert(expect(&f, MAM_INTER_BLOCK, MAM_WAW, 7, 8)->benign);
	fx_block(&f, 2);
	AT(&f, 5, GL(256), 3);
	RD(&f, 5, GL(8), 4);
	RD(&f, 5, GL(12), 5);
	RD(&f, 5, GL(16), 6);
	mam_block_end(f.m);
	ck_assert(find(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 4) == NULL);
	expect(&f, MAM_INTER_BLOCK, MAM_RAW, 2, 5);
	expect(&f, MAM_INTER_BLOCK, MAM_RAW, 8, 6);
	ck_assert(find(&f, MAM_INTER_BLOCK, MAM_RAW, 7, 6) == NULL);
	ck_assert_uint_eq(mam_nraces(f.m), 3);
	fx_free(&f);
}
END_TEST

/* An atomic load acquires too; an atomic store after a fence releases;
** a release or acquisition of another location orders nothing here; the
** next launch forgets every release. */
START_TEST(handover_locations_and_launches)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 2, 32);
	for (int launch = 0; launch < 2; launch++) {
		fx_launch(&f, 2, 32);
		fx_block(&f, 0);
		WR(&f, 3, GL(0), 1, 1);
		WR(&f, 3, GL(4), 2, 1);
		FENCE(&f, 3, MAM_SCOPE_DEVICE);
		if (launch == 0)
			one(&f, 3, GL(256), 4, MAM_ATOMIC_WRITE, MAM_SCOPE_DEVICE, 3, 1);
		mam_block_end(f.m);
		fx_block(&f, 1);
		one(&f, 7, GL(256), 4, MAM_ATOMIC_READ, MAM_SCOPE_DEVICE, 4, 0);
		one(&f, 7, GL(260), 4, MAM_ATOMIC_READ, MAM_SCOPE_DEVICE, 5, 0);
		RD(&f, 7, GL(0), 6);
		WR(&f, 9, GL(4), 7, 5);	/* another thread, same interval */
		mam_block_end(f.m);
	}
	/* launch 0: only the other thread's write races; launch 1 (no release):
	** the read as well */
	const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_WAW, 2, 7);
	ck_assert_uint_eq(r->occurrences, 2);
	r = expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 6);
	ck_assert_uint_eq(r->occurrences, 1);
	ck_assert_uint_eq(mam_nraces(f.m), 2);
	fx_free(&f);
}
END_TEST

/*
** Locks and flags inside a block (docs/MODEL.md): variant 0 is the lock
** of the guide (a fence of block scope before the release suffices in a
** block), between lanes of one warp and between two warps; 1 has no
** fence before the release; 2 has the acquisition before the release
** (a failed try that read the lock while it was held); 3 takes the lock
** with a block-scope atomic, a lock of shared memory.
*/
START_TEST(lock_in_block)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 1, 64);
	fx_block(&f, 0);
	uint64_t lk = _i == 3 ? SH(128) : GL(256);
	enum mam_scope sc = _i == 3 ? MAM_SCOPE_BLOCK : MAM_SCOPE_DEVICE;
	one(&f, 0, lk, 4, MAM_ATOMIC, sc, 1, 0);		/* lane 0 takes the lock */
	if (_i == 2)
		one(&f, 5, lk, 4, MAM_ATOMIC_READ, sc, 1, 0);	/* lane 5 fails, too early */
	RD(&f, 0, GL(0), 2);
	WR(&f, 0, GL(0), 3, 1);
	if (_i != 1)
		FENCE(&f, 0, MAM_SCOPE_BLOCK);
	one(&f, 0, lk, 4, MAM_ATOMIC, sc, 4, 0);		/* and releases it */
	if (_i != 2)
		one(&f, 5, lk, 4, MAM_ATOMIC, sc, 1, 0);	/* lane 5 takes it */
	RD(&f, 5, GL(0), 2);
	WR(&f, 5, GL(0), 3, 2);
	FENCE(&f, 5, MAM_SCOPE_BLOCK);
	one(&f, 5, lk, 4, MAM_ATOMIC, sc, 4, 0);
	one(&f, 40, lk, 4, MAM_ATOMIC, sc, 1, 0);		/* warp 1: thread 40 */
	RD(&f, 40, GL(0), 2);
	WR(&f, 40, GL(0), 3, 3);
	mam_block_end(f.m);
	if (_i == 0 || _i == 3) {
		ck_assert_uint_eq(mam_nraces(f.m), 0);
	} else {
		expect(&f, MAM_INTRA_WARP, MAM_RAW, 3, 2);
		expect(&f, MAM_INTRA_WARP, MAM_WAW, 3, 3);
		expect(&f, MAM_INTRA_WARP, MAM_WAR, 2, 3);
		/* lane 5 releases to thread 40 in both; lane 0 only where it
		** fenced (variant 2: its release, later read by 40, orders) */
		if (_i == 1)
			expect(&f, MAM_INTER_WARP, MAM_RAW, 3, 2);
		ck_assert_uint_eq(mam_nraces(f.m), _i == 1 ? 6 : 3);
	}
	fx_free(&f);
}
END_TEST

/* Volatile accesses: on global memory strong (relaxed, system scope), so
** a flag stored after a fence and loaded by a later block hands the data
** over, and its own store and load do not race; on shared memory plain,
** as the warp-synchronous code that uses them. */
START_TEST(volatile_flags)
{
	struct fx f;
	fx_init(&f, MAM_ITS, 2, 32);
	fx_block(&f, 0);
	WR(&f, 0, GL(0), 1, 7);
	if (_i == 0)
		FENCE(&f, 0, MAM_SCOPE_DEVICE);
	one(&f, 0, GL(64), 4, MAM_VOLATILE_WRITE, 0, 2, 1);
	one(&f, 0, SH(0), 4, MAM_VOLATILE_WRITE, 0, 5, 1);
	one(&f, 1, SH(0), 4, MAM_VOLATILE_READ, 0, 6, 0);
	mam_block_end(f.m);
	fx_block(&f, 1);
	one(&f, 0, GL(64), 4, MAM_VOLATILE_READ, 0, 3, 0);
	RD(&f, 0, GL(0), 4);
	mam_block_end(f.m);
	ck_assert(find(&f, MAM_INTER_BLOCK, MAM_RAW, 2, 3) == NULL);
	expect(&f, MAM_INTRA_WARP, MAM_RAW, 5, 6);
	if (_i == 0) {
		ck_assert_uint_eq(mam_nraces(f.m), 1);
	} else {
		expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 4);
		ck_assert_uint_eq(mam_nraces(f.m), 2);
	}
	fx_free(&f);
}
END_TEST

/* A block-scope atomic store and load of a flag between blocks: a scoped
** race, and the flag hands nothing over. */
START_TEST(scoped_flag_across_blocks)
{
	struct fx f;
	fx_init(&f, MAM_LOCKSTEP, 2, 32);
	enum mam_scope sc = _i ? MAM_SCOPE_DEVICE : MAM_SCOPE_BLOCK;
	fx_block(&f, 0);
	WR(&f, 0, GL(0), 1, 7);
	FENCE(&f, 0, sc);
	one(&f, 0, GL(64), 4, MAM_ATOMIC_WRITE, sc, 2, 1);
	mam_block_end(f.m);
	fx_block(&f, 1);
	one(&f, 0, GL(64), 4, MAM_ATOMIC_READ, sc, 3, 0);
	RD(&f, 0, GL(0), 4);
	mam_block_end(f.m);
	if (_i) {
		ck_assert_uint_eq(mam_nraces(f.m), 0);
	} else {
		const struct mam_race *r = expect(&f, MAM_INTER_BLOCK, MAM_RAW, 2, 3);
		ck_assert_uint_eq(r->first.scope, MAM_SCOPE_BLOCK);
		expect(&f, MAM_INTER_BLOCK, MAM_RAW, 1, 4);
		ck_assert_uint_eq(mam_nraces(f.m), 2);
	}
	fx_free(&f);
}
END_TEST

Suite *mam_suite(void)
{
	Suite *s = suite_create("mam");
	TCase *tc = tcase_create("paper");
	tcase_add_loop_test(tc, fig6_memory_unit, 0, 2);
	tcase_add_loop_test(tc, fig2_missing_barrier, 0, 2);
	tcase_add_loop_test(tc, fig3_redundant_barrier, 0, 2);
	tcase_add_test(tc, kaldi_warp_synchronous);
	suite_add_tcase(s, tc);

	tc = tcase_create("intra-warp");
	tcase_add_loop_test(tc, same_insn_uniform_store, 0, 2);
	tcase_add_test(tc, same_insn_two_instances);
	tcase_add_loop_test(tc, divergent_branches, 0, 2);
	tcase_add_test(tc, reconvergence_orders_lockstep);
	tcase_add_test(tc, partial_reconvergence);
	tcase_add_test(tc, syncwarp_orders);
	tcase_add_test(tc, shift_left_two_warps);
	suite_add_tcase(s, tc);

	tc = tcase_create("barriers");
	tcase_add_loop_test(tc, inter_warp_and_barrier, 0, 2);
	tcase_add_test(tc, barrier_adjacent_intervals);
	tcase_add_loop_test(tc, barrier_loop_instances, 0, 12);
	tcase_add_test(tc, barrier_window_starts_at_run);
	tcase_add_loop_test(tc, barrier_needed_only_under_its, 0, 2);
	tcase_add_test(tc, barrier_counts_and_benign);
	suite_add_tcase(s, tc);

	tc = tcase_create("atomics");
	tcase_add_test(tc, atomics_same_block);
	tcase_add_test(tc, atomics_across_blocks);
	suite_add_tcase(s, tc);

	tc = tcase_create("hand-over");
	tcase_add_loop_test(tc, handover_last_block, 0, 5);
	tcase_add_test(tc, handover_cumulative_and_witness);
	tcase_add_test(tc, fences_forgotten_between_launches);
	tcase_add_test(tc, handover_locations_and_launches);
	tcase_add_loop_test(tc, lock_in_block, 0, 4);
	tcase_add_loop_test(tc, volatile_flags, 0, 2);
	tcase_add_loop_test(tc, scoped_flag_across_blocks, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("inter-block");
	tcase_add_loop_test(tc, inter_block_plain, 0, 2);
	tcase_add_test(tc, grid_barrier_orders_blocks);
	tcase_add_test(tc, inter_block_benign);
	tcase_add_test(tc, inter_block_history);
	tcase_add_test(tc, no_false_races);
	suite_add_tcase(s, tc);

	tc = tcase_create("granularity");
	tcase_add_test(tc, subword_bytes);
	tcase_add_test(tc, subword_halves_and_split);
	tcase_add_test(tc, wide_accesses);
	suite_add_tcase(s, tc);

	tc = tcase_create("lifetime");
	tcase_add_test(tc, many_warps_summary);
	tcase_add_test(tc, launch_reset);
	tcase_add_test(tc, memory_budget);
	tcase_add_test(tc, shadow_sampled);
	tcase_add_test(tc, shadow_pool);
	tcase_add_test(tc, counts_many_blocks);
	tcase_add_test(tc, dump_global_and_names);
	tcase_add_test(tc, barrier_id_clamped);
	suite_add_tcase(s, tc);

	tc = tcase_create("oracle");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	/* each random case runs in well under a second alone, but can
	** pass Check's default 4 s on a machine at load 15 */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, random_against_oracle, 0, TESTS_SEEDS(400));
	tcase_add_loop_test(tc, random_joins_against_oracle, 0, TESTS_SEEDS(400));
	tcase_add_loop_test(tc, random_warps_against_oracle, 0, TESTS_SEEDS(300));
	tcase_add_loop_test(tc, fast_paths_match_lane_path, 0, TESTS_SEEDS(300));
	suite_add_tcase(s, tc);
	tc = tcase_create("oracle groups");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, random_groups_against_oracle, 0, TESTS_SEEDS(150));
	suite_add_tcase(s, tc);
	tc = tcase_create("oracle groups 2");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, random_groups_against_oracle, 150, 150 + TESTS_SEEDS(150));
	suite_add_tcase(s, tc);
	return s;
}
