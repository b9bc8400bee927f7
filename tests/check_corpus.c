/*
** check_corpus.c: functional tests over the kernel corpus (kernels/func).
**
** Every kernel is launched through the simulee-c command line (the contract
** in docs/CLI-contract.md) on two or three launch shapes, at -O0, -O1 and
** -O3, and the buffers it dumps are compared with a reference computed here
** in C.  A run must also exit with status 0 and report no findings: these
** kernels are race-free and in bounds.
**
** Inputs come from a seeded generator (splitmix64, seeded from the kernel
** name and the shape) and reach the simulator as --init NAME=@FILE files.
** Integers must match bit for bit.  Floats follow the tolerance rule of
** docs/CORPUS.md: exact where the kernel's operation order is fixed (with
** a second accepted result where a multiply-add may be contracted into an
** fma), a few ulp for libm functions, an absolute plus relative bound for
** the fast approximations.
**
** Arguments and buffers are named at -O0 and given by position at -O1 and
** -O3, whose bitcode has no parameter names (see kcases[] below).
**
** One tcase per kernel; its loop iterations are (shape, -O level) pairs.
** On a mismatch the message carries the full command line and the input
** files are kept, so the run can be repeated by hand.
*/
#include <errno.h>
#include <fenv.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"

/* ---- launch descriptions ---------------------------------------------- */

enum ety { F32, F64, I8, U8, I16, U16, I32, U32, I64, U64 };

static const char *const ety_name[] = {
	[F32] = "f32", [F64] = "f64", [I8] = "i8", [U8] = "u8", [I16] = "i16",
	[U16] = "u16", [I32] = "i32", [U32] = "u32", [I64] = "i64", [U64] = "u64",
};

/* One element: .f for f32/f64 (an f32 value is held exactly as a double),
** .i for integers (u64 as its bit pattern). */
union num {
	double f;
	int64_t i;
};

/* A float matches if it is equal, within ULPS units in the last place, or
** within ABS + REL * |want|.  All zero: exact. */
struct tol {
	int ulps;
	double rel, abs;
};

struct buf {
	const char *name;
	enum ety type;
	size_t n;
	union num *init;	/* initial contents, passed as a file; NULL: zeros */
	union num *want;	/* expected contents; NULL: not dumped */
	union num *alt;		/* a second accepted result (fma), or NULL */
	struct tol tol;
};

#define MAX_ARGS 8
#define MAX_BUFS 8

struct launch {
	unsigned grid[3], block[3];
	unsigned shared;
	int nargs;
	char args[MAX_ARGS][128];
	int nbufs;
	struct buf bufs[MAX_BUFS];
};

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (p == NULL)
		abort();
	return p;
}

static void set_grid(struct launch *L, unsigned x, unsigned y, unsigned z)
{
	L->grid[0] = x;
	L->grid[1] = y;
	L->grid[2] = z;
}

static void set_block(struct launch *L, unsigned x, unsigned y, unsigned z)
{
	L->block[0] = x;
	L->block[1] = y;
	L->block[2] = z;
}

static unsigned nthreads(const struct launch *L)
{
	return L->grid[0] * L->grid[1] * L->grid[2] * L->block[0] * L->block[1] * L->block[2];
}

/* Adds a scalar argument "NAME=VALUE". */
static void add_arg(struct launch *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_arg(struct launch *L, const char *fmt, ...)
{
	ck_assert_int_lt(L->nargs, MAX_ARGS);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(L->args[L->nargs++], sizeof L->args[0], fmt, ap);
	va_end(ap);
}

/* Adds a buffer of N elements, zero-initialised and not dumped. */
static struct buf *add_buf(struct launch *L, const char *name, enum ety type, size_t n)
{
	ck_assert_int_lt(L->nbufs, MAX_BUFS);
	struct buf *b = &L->bufs[L->nbufs++];
	memset(b, 0, sizeof *b);
	b->name = name;
	b->type = type;
	b->n = n;
	return b;
}

static union num *init_of(struct buf *b)
{
	if (b->init == NULL)
		b->init = xcalloc(b->n, sizeof *b->init);
	return b->init;
}

/* The expected contents, starting as a copy of the initial ones. */
static union num *want_of(struct buf *b)
{
	if (b->want == NULL) {
		b->want = xcalloc(b->n, sizeof *b->want);
		if (b->init)
			memcpy(b->want, b->init, b->n * sizeof *b->want);
	}
	return b->want;
}

static union num *alt_of(struct buf *b)
{
	if (b->alt == NULL) {
		b->alt = xcalloc(b->n, sizeof *b->alt);
		if (b->init)
			memcpy(b->alt, b->init, b->n * sizeof *b->alt);
	}
	return b->alt;
}

static void launch_free(struct launch *L)
{
	for (int k = 0; k < L->nbufs; k++) {
		free(L->bufs[k].init);
		free(L->bufs[k].want);
		free(L->bufs[k].alt);
	}
	memset(L, 0, sizeof *L);
}

/* ---- deterministic inputs ---------------------------------------------- */

struct rng {
	uint64_t s;
};

static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rng_seed(struct rng *r, const char *name, int shape)
{
	uint64_t h = 1469598103934665603ULL;
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	r->s = h ^ ((uint64_t)shape << 32);
	rng_next(r);
}

/* Uniform in [lo, hi], inclusive. */
static int64_t rng_int(struct rng *r, int64_t lo, int64_t hi)
{
	uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
	uint64_t v = rng_next(r);
	return span == 0 ? (int64_t)v : (int64_t)((uint64_t)lo + v % span);
}

/* Uniform floats in [lo, hi) on a 2^-24 grid of the interval. */
static float rng_f32(struct rng *r, float lo, float hi)
{
	return lo + (hi - lo) * ((float)(rng_next(r) >> 40) * 0x1p-24f);
}

static union num *gen_int(struct buf *b, struct rng *r, int64_t lo, int64_t hi)
{
	union num *v = init_of(b);
	for (size_t i = 0; i < b->n; i++)
		v[i].i = rng_int(r, lo, hi);
	return v;
}

static union num *gen_f32(struct buf *b, struct rng *r, float lo, float hi)
{
	union num *v = init_of(b);
	for (size_t i = 0; i < b->n; i++)
		v[i].f = rng_f32(r, lo, hi);
	return v;
}

static union num *gen_f64(struct buf *b, struct rng *r, double lo, double hi)
{
	union num *v = init_of(b);
	for (size_t i = 0; i < b->n; i++)
		v[i].f = lo + (hi - lo) * ((double)(rng_next(r) >> 11) * 0x1p-53);
	return v;
}

/* Forces rounding to float (or double) storage, so that the compiler of this
** file cannot contract a product and a following sum into an fma. */
static float rf(float x)
{
	volatile float v = x;
	return v;
}

static double rd(double x)
{
	volatile double v = x;
	return v;
}

#define FV(b, k) ((float)(b)->init[k].f)
#define IV(b, k) ((b)->init[k].i)

/* Returns SHAPE, failing the test unless it indexes a table of N rows. */
static int shape_ok(int shape, size_t n)
{
	ck_assert_msg(shape >= 0 && (size_t)shape < n, "no launch shape %d", shape);
	return shape;
}

/* Row SHAPE of the static table T. */
#define SHAPE(T, shape) ((T)[shape_ok((shape), sizeof(T) / sizeof((T)[0]))])

/* ---- the kernels -------------------------------------------------------- */

static void setup_vecadd(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 4, 64, 256 }, { 3, 100, 290 }, { 1, 32, 20 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", F32, n), *b = add_buf(L, "b", F32, n);
	struct buf *c = add_buf(L, "c", F32, n);
	add_arg(L, "n=%d", n);
	gen_f32(a, r, -1, 1);
	gen_f32(b, r, -1, 1);
	union num *w = want_of(c);
	for (int i = 0; i < n; i++)
		w[i].f = FV(a, i) + FV(b, i);
}

static void setup_saxpy(struct launch *L, int shape, struct rng *r)
{
	static const struct saxpy_shape { int g, b, n; float a; } sh[] = {
		{ 2, 128, 250, 2.5f }, { 1, 64, 64, -0.75f }, { 5, 32, 150, 0.3f },
	};
	const struct saxpy_shape *s = &SHAPE(sh, shape);
	int n = s->n;
	float a = s->a;
	set_grid(L, s->g, 1, 1);
	set_block(L, s->b, 1, 1);
	add_arg(L, "n=%d", n);
	add_arg(L, "a=%.9g", a);
	struct buf *x = add_buf(L, "x", F32, n), *y = add_buf(L, "y", F32, n);
	gen_f32(x, r, -1, 1);
	gen_f32(y, r, -1, 1);
	union num *w = want_of(y), *f = alt_of(y);
	for (int i = 0; i < n; i++) {
		w[i].f = rf(a * FV(x, i)) + FV(y, i);
		f[i].f = fmaf(a, FV(x, i), FV(y, i));
	}
}

static void setup_reduce_shared(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 4, 256, 1000 }, { 3, 64, 150 }, { 1, 128, 128 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", F32, n), *out = add_buf(L, "out", F32, g);
	add_arg(L, "n=%d", n);
	gen_f32(in, r, -1, 1);
	union num *w = want_of(out);
	float buf[256];
	for (int b = 0; b < g; b++) {
		for (int t = 0; t < bs; t++)
			buf[t] = b * bs + t < n ? FV(in, b * bs + t) : 0.0f;
		for (int st = bs / 2; st > 0; st >>= 1)
			for (int t = 0; t < st; t++)
				buf[t] += buf[t + st];
		w[b].f = buf[0];
	}
}

static void setup_reduce_warp(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 4, 128, 500 }, { 2, 64, 128 }, { 1, 1024, 1000 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *part = add_buf(L, "part", I32, g);
	struct buf *total = add_buf(L, "total", I32, 1);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -1000, 1000);
	union num *wp = want_of(part), *wt = want_of(total);
	for (int i = 0; i < n; i++) {
		wp[i / bs].i += IV(in, i);
		wt[0].i += IV(in, i);
	}
}

static void setup_scan_hillis(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 3, 128, 300 }, { 2, 256, 512 }, { 1, 32, 17 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -50, 50);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++)
		w[i].i = (i % bs ? w[i - 1].i : 0) + IV(in, i);
}

static void setup_scan_blelloch(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 128, 500 }, { 1, 256, 512 }, { 3, 16, 90 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", U32, n), *out = add_buf(L, "out", U32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, 0, 999);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++)
		w[i].i = i % (2 * bs) ? w[i - 1].i + IV(in, i - 1) : 0;
}

static void setup_matmul_tiled(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 16, 16, 16 }, { 13, 10, 7 }, { 5, 21, 19 } };
	const int *s = SHAPE(sh, shape);
	int m = s[0], n = s[1], k = s[2];
	set_grid(L, (n + 7) / 8, (m + 7) / 8, 1);
	set_block(L, 8, 8, 1);
	struct buf *A = add_buf(L, "A", F32, (size_t)m * k), *B = add_buf(L, "B", F32, (size_t)k * n);
	struct buf *C = add_buf(L, "C", F32, (size_t)m * n);
	add_arg(L, "m=%d", m);
	add_arg(L, "n=%d", n);
	add_arg(L, "k=%d", k);
	gen_f32(A, r, -1, 1);
	gen_f32(B, r, -1, 1);
	union num *w = want_of(C), *f = alt_of(C);
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			float s1 = 0.0f, s2 = 0.0f;
			for (int t = 0; t < k; t++) {
				s1 = s1 + rf(FV(A, i * k + t) * FV(B, t * n + j));
				s2 = fmaf(FV(A, i * k + t), FV(B, t * n + j), s2);
			}
			w[i * n + j].f = s1;
			f[i * n + j].f = s2;
		}
}

static void setup_transpose(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][2] = { { 32, 32 }, { 20, 35 }, { 5, 16 } };
	const int *s = SHAPE(sh, shape);
	int rows = s[0], cols = s[1];
	set_grid(L, (cols + 15) / 16, (rows + 15) / 16, 1);
	set_block(L, 16, 16, 1);
	struct buf *in = add_buf(L, "in", F32, (size_t)rows * cols);
	struct buf *out = add_buf(L, "out", F32, (size_t)rows * cols);
	add_arg(L, "rows=%d", rows);
	add_arg(L, "cols=%d", cols);
	gen_f32(in, r, -100, 100);
	union num *w = want_of(out);
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++)
			w[x * rows + y].f = in->init[y * cols + x].f;
}

static void setup_histogram(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][4] = { { 4, 64, 1000, 64 }, { 2, 32, 300, 10 }, { 1, 128, 77, 7 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2], nbins = s[3];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *data = add_buf(L, "data", U32, n), *bins = add_buf(L, "bins", U32, nbins);
	add_arg(L, "n=%d", n);
	add_arg(L, "nbins=%d", nbins);
	gen_int(data, r, 0, 999999);
	union num *w = want_of(bins);
	for (int i = 0; i < n; i++)
		w[IV(data, i) % nbins].i++;
}

static void setup_stencil2d(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][4] = { { 20, 12, 8, 8 }, { 32, 8, 16, 4 }, { 7, 5, 4, 4 } };
	const int *s = SHAPE(sh, shape);
	int wd = s[0], ht = s[1];
	set_grid(L, (wd + s[2] - 1) / s[2], (ht + s[3] - 1) / s[3], 1);
	set_block(L, s[2], s[3], 1);
	struct buf *in = add_buf(L, "in", F32, (size_t)wd * ht);
	struct buf *out = add_buf(L, "out", F32, (size_t)wd * ht);
	add_arg(L, "width=%d", wd);
	add_arg(L, "height=%d", ht);
	gen_f32(in, r, -1, 1);
	union num *w = want_of(out);
	for (int y = 0; y < ht; y++)
		for (int x = 0; x < wd; x++) {
			int i = y * wd + x;
			if (x == 0 || y == 0 || x == wd - 1 || y == ht - 1) {
				w[i].f = in->init[i].f;
				continue;
			}
			float t = FV(in, i) + FV(in, i - 1);
			t = t + FV(in, i + 1);
			t = t + FV(in, i - wd);
			t = t + FV(in, i + wd);
			w[i].f = t * 0.2f;
		}
}

static void setup_stencil3d(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][6] = {
		{ 10, 6, 5, 8, 4, 2 }, { 8, 4, 4, 8, 4, 2 }, { 5, 7, 9, 4, 4, 4 },
	};
	const int *s = SHAPE(sh, shape);
	int nx = s[0], ny = s[1], nz = s[2];
	set_grid(L, (nx + s[3] - 1) / s[3], (ny + s[4] - 1) / s[4], (nz + s[5] - 1) / s[5]);
	set_block(L, s[3], s[4], s[5]);
	size_t tot = (size_t)nx * ny * nz;
	struct buf *in = add_buf(L, "in", I32, tot), *out = add_buf(L, "out", I32, tot);
	add_arg(L, "nx=%d", nx);
	add_arg(L, "ny=%d", ny);
	add_arg(L, "nz=%d", nz);
	gen_int(in, r, -1000, 1000);
	union num *w = want_of(out);
	int sxy = nx * ny;
	for (int z = 0; z < nz; z++)
		for (int y = 0; y < ny; y++)
			for (int x = 0; x < nx; x++) {
				int i = z * sxy + y * nx + x;
				if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 ||
				    z == nz - 1)
					continue;
				w[i].i = 6 * IV(in, i) - IV(in, i - 1) - IV(in, i + 1) -
					 IV(in, i - nx) - IV(in, i + nx) - IV(in, i - sxy) -
					 IV(in, i + sxy);
			}
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = ((const union num *)a)->i, y = ((const union num *)b)->i;
	return (x > y) - (x < y);
}

static void setup_bitonic_sort(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][2] = { { 1, 64 }, { 2, 256 }, { 4, 32 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *data = add_buf(L, "data", I32, (size_t)g * bs);
	gen_int(data, r, -1000, 1000);
	union num *w = want_of(data);
	for (int b = 0; b < g; b++)
		qsort(w + (size_t)b * bs, bs, sizeof *w, cmp_i64);
}

static void setup_templates(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][5] = { { 2, 64, 100, -50, 500 }, { 1, 32, 32, 0, 100 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2], lo = s[3], hi = s[4];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	add_arg(L, "n=%d", n);
	add_arg(L, "lo=%d", lo);
	add_arg(L, "hi=%d", hi);
	gen_int(in, r, -20, 20);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		int64_t x = IV(in, i);
		int64_t p = ((1 * x - 1) * x + 3) * x + 2;
		w[i].i = p < lo ? lo : (p > hi ? hi : p);
	}
}

static void setup_switch_ops(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 128 }, { 1, 100, 77 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *op = add_buf(L, "op", I32, n), *a = add_buf(L, "a", I32, n);
	struct buf *b = add_buf(L, "b", I32, n), *out = add_buf(L, "out", I32, n);
	add_arg(L, "n=%d", n);
	gen_int(op, r, 0, 999);
	gen_int(a, r, -1000, 1000);
	gen_int(b, r, -1000, 1000);
	for (int i = 0; i < n; i += 9)
		b->init[i].i = 0;
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		int32_t x = (int32_t)IV(a, i), y = (int32_t)IV(b, i), v;
		switch (IV(op, i) % 10) {
		case 0: v = x + y; break;
		case 1: v = x - y; break;
		case 2: v = x * y; break;
		case 3: v = y != 0 ? x / y : 0; break;
		case 4: v = x & y; break;
		case 5: v = -x ^ y; break;
		case 6: v = x ^ y; break;
		case 7: v = x < y ? x : y; break;
		case 8: v = ((x & 0xffff) << 3) | (y & 7); break;
		default: v = -1; break;
		}
		w[i].i = v;
	}
}

static void setup_dp_double(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 9 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", F64, n), *out = add_buf(L, "out", F64, n);
	struct buf *acc = add_buf(L, "acc", F64, n);
	add_arg(L, "n=%d", n);
	gen_f64(in, r, -1, 1);
	union num *wo = want_of(out), *fo = alt_of(out), *wa = want_of(acc), *fa = alt_of(acc);
	for (int i = 0; i < n; i++) {
		double x = in->init[i].f;
		wo[i].f = (rd(x * x) + 1.0) / (x + 3.0);
		fo[i].f = fma(x, x, 1.0) / (x + 3.0);
		double s1 = 0.0, s2 = 0.0, wt = 1.0;
		for (int j = 0; j < 8; j++) {
			double v = in->init[(i + j) % n].f;
			s1 = s1 + rd(v * wt);
			s2 = fma(v, wt, s2);
			wt *= 0.5;
		}
		wa[i].f = s1;
		fa[i].f = s2;
	}
}

static uint64_t xorshift64s(uint64_t x)
{
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	return x * 0x2545F4914F6CDD1DULL;
}

static void setup_int64_ops(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 21 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", I64, n), *h = add_buf(L, "h", U64, 2 * (size_t)n);
	struct buf *q = add_buf(L, "q", I64, 3 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -(INT64_C(1) << 62), INT64_C(1) << 62);
	union num *wh = want_of(h), *wq = want_of(q);
	for (int i = 0; i < n; i++) {
		int64_t v = IV(in, i);
		uint64_t st = (uint64_t)v | 1;
		for (int k = 0; k < 4; k++)
			st = xorshift64s(st);
		wh[2 * i].i = (int64_t)st;
		wh[2 * i + 1].i =
			(int64_t)(uint64_t)(((unsigned __int128)st * 0x9E3779B97F4A7C15ULL) >> 64);
		int64_t d = (int64_t)(i % 7) - 3;
		if (d == 0)
			d = 11;
		wq[3 * i].i = v / d;
		wq[3 * i + 1].i = v % d;
		wq[3 * i + 2].i = (int64_t)((uint64_t)(v >> 5) + ((uint64_t)v >> 60) -
					    (uint64_t)v * 1000003ULL);
	}
}

static void setup_float4_load(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 64, 64 } };
	const int *s = SHAPE(sh, shape);
	int n4 = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", F32, 4 * (size_t)n4), *b = add_buf(L, "b", F32, 4 * (size_t)n4);
	struct buf *out = add_buf(L, "out", F32, 4 * (size_t)n4);
	add_arg(L, "n4=%d", n4);
	gen_f32(a, r, -1, 1);
	gen_f32(b, r, -1, 1);
	union num *w = want_of(out);
	for (int i = 0; i < 4 * n4; i++) {
		int src = (i & ~3) + 3 - (i & 3);
		w[i].f = FV(a, src) + FV(b, src);
	}
}

static void setup_struct_arg(struct launch *L, int shape, struct rng *r)
{
	static const struct struct_arg_shape { int g, b; float scale; int bias, lo, hi, n; } sh[] = {
		{ 2, 64, 1.5f, 3, -10, 40, 100 }, { 1, 32, -0.25f, -7, 0, 1000, 30 },
	};
	const struct struct_arg_shape *s = &SHAPE(sh, shape);
	float scale = s->scale;
	int bias = s->bias, lo = s->lo, hi = s->hi, n = s->n;
	set_grid(L, s->g, 1, 1);
	set_block(L, s->b, 1, 1);
	add_arg(L, "p=%.9g,%d,%d,%d,%d", scale, bias, lo, hi, n);
	struct buf *x = add_buf(L, "x", F32, n), *k = add_buf(L, "k", I32, n);
	struct buf *fy = add_buf(L, "fy", F32, n), *iy = add_buf(L, "iy", I32, n);
	gen_f32(x, r, -10, 10);
	gen_int(k, r, -50, 50);
	union num *wf = want_of(fy), *wi = want_of(iy);
	for (int i = 0; i < n; i++) {
		wf[i].f = FV(x, i) * scale;
		int64_t v = IV(k, i) + bias;
		wi[i].i = v < lo ? lo : (v > hi ? hi : v);
	}
}

static void setup_dyn_shared(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][2] = { { 3, 64 }, { 1, 256 }, { 2, 50 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = g * bs;
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	L->shared = 2 * bs * 4;
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	struct buf *sq = add_buf(L, "sq", I32, n);
	gen_int(in, r, -100, 100);
	union num *wo = want_of(out), *ws = want_of(sq);
	for (int i = 0; i < n; i++) {
		int src = i - i % bs + bs - 1 - i % bs;
		wo[i].i = IV(in, src);
		ws[i].i = IV(in, src) * IV(in, src);
	}
}

static void setup_const_mem(struct launch *L, int shape, struct rng *r)
{
	static const int taps[5] = { 1, -2, 5, -2, 1 };
	static const int table[16] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3 };
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 5 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	struct buf *f = add_buf(L, "f", F32, n), *fout = add_buf(L, "fout", F32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, 0, 99);
	gen_f32(f, r, -8, 8);
	union num *wo = want_of(out), *wf = want_of(fout);
	for (int i = 0; i < n; i++) {
		int64_t acc = 0;
		for (int t = 0; t < 5; t++) {
			int j = i + t - 2;
			if (j >= 0 && j < n)
				acc += taps[t] * IV(in, j);
		}
		wo[i].i = acc + table[IV(in, i) & 15];
		wf[i].f = FV(f, i) * 0.375f;
	}
}

static void setup_math_funcs(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 60 }, { 1, 16, 16 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *x = add_buf(L, "x", F32, n), *out = add_buf(L, "out", F32, 12 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_f32(x, r, 0.05f, 4.0f);
	out->tol = (struct tol){ 4, 0, 0 };
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		float v = FV(x, i);
		double d = v;
		union num *o = w + 12 * i;
		o[0].f = (float)sin(d);
		o[1].f = (float)cos(d);
		o[2].f = (float)exp(d);
		o[3].f = (float)log(d);
		o[4].f = (float)sqrt(d);
		o[5].f = (float)pow(d, 1.5);
		o[6].f = (float)tanh((double)(v - 2.0f));
		o[7].f = (float)atan2(d, 2.0);
		o[8].f = fabsf(v - 2.0f);
		o[9].f = floorf(v * 3.0f) + ceilf(v);
		o[10].f = fminf(v, 2.0f) + fmaxf(v, 1.0f);
		o[11].f = (float)(1.0 / sqrt(d));
	}
}

static void setup_dp_math(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 16, 7 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *x = add_buf(L, "x", F64, n), *out = add_buf(L, "out", F64, 6 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_f64(x, r, 0.05, 4.0);
	out->tol = (struct tol){ 2, 0, 0 };
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		double v = x->init[i].f;
		union num *o = w + 6 * i;
		o[0].f = sin(v);
		o[1].f = exp(-v);
		o[2].f = log(v);
		o[3].f = sqrt(v);
		o[4].f = pow(v, 0.75);
		o[5].f = fmin(fabs(v - 2.0), 1.0);
	}
}

static void setup_fast_math(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 64 }, { 1, 32, 10 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *x = add_buf(L, "x", F32, n), *out = add_buf(L, "out", F32, 6 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_f32(x, r, 0.05f, 3.0f);
	out->tol = (struct tol){ 0, 4e-6, 2e-6 };
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		float v = FV(x, i);
		double d = v;
		union num *o = w + 6 * i;
		o[0].f = (float)exp(d);
		o[1].f = (float)log(d);
		o[2].f = (float)sin(d);
		o[3].f = (float)cos(d);
		o[4].f = (float)(1.0 / (double)(v + 1.0f));
		o[5].f = (float)sqrt(d);
	}
}

static void setup_grid_stride(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 1000 }, { 4, 64, 256 }, { 1, 8, 100 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -100000, 100000);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++)
		w[i].i = 3 * IV(in, i) + i;
}

static void setup_ragged2d(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][4] = { { 13, 10, 8, 4 }, { 5, 33, 16, 16 }, { 10, 11, 7, 3 } };
	const int *s = SHAPE(sh, shape);
	int rows = s[0], cols = s[1];
	set_grid(L, (cols + s[2] - 1) / s[2], (rows + s[3] - 1) / s[3], 1);
	set_block(L, s[2], s[3], 1);
	struct buf *in = add_buf(L, "in", I32, (size_t)rows * cols);
	struct buf *out = add_buf(L, "out", I32, (size_t)rows * cols);
	add_arg(L, "rows=%d", rows);
	add_arg(L, "cols=%d", cols);
	gen_int(in, r, -1000, 1000);
	union num *w = want_of(out);
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++)
			w[y * cols + x].i = IV(in, y * cols + x) + y * x;
}

static void setup_warp_vote(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 50 }, { 1, 96, 90 } };
	const int *s = SHAPE(sh, shape);
	int thr = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	int n = (int)nthreads(L);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, 4 * (size_t)n);
	add_arg(L, "thr=%d", thr);
	union num *v = init_of(in);
	for (int i = 0; i < n; i++)
		v[i].i = (i / 32) % 2 == 0 ? rng_int(r, 1, 60) : rng_int(r, -5, 100);
	union num *w = want_of(out);
	for (int base = 0; base < n; base += 32) {
		uint32_t odd = 0;
		int all = 1, any = 0;
		for (int l = 0; l < 32; l++) {
			int64_t x = v[base + l].i;
			odd |= (uint32_t)(x & 1) << l;
			all &= x > 0;
			any |= x > thr;
		}
		for (int l = 0; l < 32; l++) {
			int i = base + l;
			w[4 * i].i = (int32_t)odd;
			w[4 * i + 1].i = all;
			w[4 * i + 2].i = any;
			w[4 * i + 3].i = (v[i].i & 1) ? __builtin_popcount(odd & ((1u << l) - 1u)) : -1;
		}
	}
}

static void setup_atomic_cas(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][4] = { { 2, 64, 128, 5000 }, { 1, 32, 20, 1000000 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	unsigned cap = (unsigned)s[3];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *val = add_buf(L, "val", U32, n), *best = add_buf(L, "best", U64, 1);
	struct buf *sum = add_buf(L, "sum", U32, 2);
	add_arg(L, "n=%d", n);
	add_arg(L, "cap=%u", cap);
	gen_int(val, r, 0, 99);
	union num *wb = want_of(best), *ws = want_of(sum);
	uint64_t mx = 0, tot = 0;
	for (int i = 0; i < n; i++) {
		uint64_t key = ((uint64_t)IV(val, i) << 32) | (uint32_t)i;
		if (key > mx)
			mx = key;
		tot += (uint64_t)IV(val, i);
	}
	wb[0].i = (int64_t)mx;
	ws[0].i = tot < cap ? (int64_t)tot : cap;
	ws[1].i = (int64_t)tot;
}

static void setup_matvec(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][4] = { { 2, 32, 50, 20 }, { 1, 16, 16, 37 } };
	const int *s = SHAPE(sh, shape);
	int rows = s[2], cols = s[3];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *A = add_buf(L, "A", F32, (size_t)rows * cols), *x = add_buf(L, "x", F32, cols);
	struct buf *y = add_buf(L, "y", F32, rows);
	add_arg(L, "rows=%d", rows);
	add_arg(L, "cols=%d", cols);
	gen_f32(A, r, -1, 1);
	gen_f32(x, r, -1, 1);
	union num *w = want_of(y), *f = alt_of(y);
	for (int i = 0; i < rows; i++) {
		float s1 = 0.0f, s2 = 0.0f;
		for (int c = 0; c < cols; c++) {
			s1 = s1 + rf(FV(A, i * cols + c) * FV(x, c));
			s2 = fmaf(FV(A, i * cols + c), FV(x, c), s2);
		}
		w[i].f = s1;
		f[i].f = s2;
	}
}

static void setup_scan_warp(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 128, 250 }, { 1, 64, 64 }, { 3, 32, 90 } };
	const int *s = SHAPE(sh, shape);
	int bs = s[1], n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -100, 100);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++)
		w[i].i = (i % bs ? w[i - 1].i : 0) + IV(in, i);
}

static void setup_intdiv(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 120 }, { 1, 32, 31 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", I32, n), *b = add_buf(L, "b", I32, n);
	struct buf *out = add_buf(L, "out", I32, 8 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_int(a, r, -(1 << 30), 1 << 30);
	gen_int(b, r, -1000, 1000);
	for (int i = 0; i < n; i += 5)
		b->init[i].i = i % 2 ? rng_int(r, -(1 << 20), 1 << 20) : 0;
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		int32_t x = (int32_t)IV(a, i), y = (int32_t)IV(b, i);
		if (y == 0)
			y = 1;
		uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
		union num *o = w + 8 * i;
		o[0].i = x / y;
		o[1].i = x % y;
		o[2].i = (int32_t)(ux / uy);
		o[3].i = (int32_t)(ux % uy);
		o[4].i = x / 7;
		o[5].i = x % -13;
		o[6].i = (int32_t)(ux / 10u);
		o[7].i = (int32_t)(ux % 1000u) + x / 64;
	}
}

static uint32_t brev32(uint32_t v)
{
	uint32_t r = 0;
	for (int k = 0; k < 32; k++)
		r |= ((v >> k) & 1u) << (31 - k);
	return r;
}

/* __byte_perm(x, y, s) for selectors whose nibbles are all below 8. */
static uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
	uint64_t src = ((uint64_t)y << 32) | x;
	uint32_t r = 0;
	for (int k = 0; k < 4; k++)
		r |= (uint32_t)((src >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
	return r;
}

static void setup_bit_tricks(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 13 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", U32, n), *in64 = add_buf(L, "in64", U64, n);
	struct buf *out = add_buf(L, "out", I32, 10 * (size_t)n);
	add_arg(L, "n=%d", n);
	union num *v = init_of(in), *v64 = init_of(in64);
	for (int i = 0; i < n; i++) {
		uint64_t x = rng_next(r);
		int shift = (int)rng_int(r, 0, 31);
		v[i].i = (uint32_t)x >> shift;
		v64[i].i = (int64_t)(rng_next(r) >> (2 * shift));
	}
	v[0].i = 0;
	v64[0].i = 0;
	v[1].i = 0xffffffff;
	v64[1].i = -1;
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		uint32_t x = (uint32_t)v[i].i;
		uint64_t y = (uint64_t)v64[i].i;
		union num *o = w + 10 * i;
		o[0].i = __builtin_popcount(x);
		o[1].i = x ? __builtin_clz(x) : 32;
		o[2].i = __builtin_ffs((int)x);
		o[3].i = (int32_t)brev32(x);
		o[4].i = (int32_t)byte_perm(x, 0x01234567u, 0x5140u);
		o[5].i = __builtin_popcountll(y) + 100 * (y ? __builtin_clzll(y) : 64);
		o[6].i = __builtin_ffsll((long long)y);
		o[7].i = (int32_t)((x << 7) | (x >> 25));
		o[8].i = (int32_t)(x & (0u - x));
		o[9].i = (int32_t)((uint32_t)((x & 0x7fffff) * 3) +
				   (uint32_t)(((uint64_t)x * 0x9e3779b9u) >> 32));
	}
}

static int64_t wrap16(int64_t v)
{
	return (int64_t)(((v & 0xffff) ^ 0x8000) - 0x8000);
}

static void setup_small_types(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 7 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *px = add_buf(L, "px", U8, n), *delta = add_buf(L, "delta", I8, n);
	struct buf *sv = add_buf(L, "s", I16, n), *outpx = add_buf(L, "outpx", U8, n);
	struct buf *outs = add_buf(L, "outs", I16, n), *outu = add_buf(L, "outu", U16, n);
	add_arg(L, "n=%d", n);
	gen_int(px, r, 0, 255);
	gen_int(delta, r, -128, 127);
	gen_int(sv, r, -32768, 32767);
	union num *wp = want_of(outpx), *ws = want_of(outs), *wu = want_of(outu);
	for (int i = 0; i < n; i++) {
		int64_t v = IV(px, i) + IV(delta, i) * 2;
		wp[i].i = v < 0 ? 0 : (v > 255 ? 255 : v);
		ws[i].i = wrap16(IV(sv, i) * 3 - IV(delta, i));
		wu[i].i = (IV(sv, i) + 40000) & 0xffff;
	}
}

/* The binary16 value nearest to X (ties to even), as a double. */
static double round_half(double x)
{
	if (x == 0 || isnan(x) || isinf(x))
		return x;
	int e;
	frexp(fabs(x), &e);
	int ex = e - 1 < -14 ? -14 : e - 1;	/* below 2^-14: subnormal spacing */
	double q = ldexp(1.0, ex - 10);
	double v = nearbyint(fabs(x) / q) * q;
	return copysign(v > 65504.0 ? INFINITY : v, x);
}

static void setup_half_precision(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 16, 16 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", F32, n), *b = add_buf(L, "b", F32, n);
	struct buf *out = add_buf(L, "out", F32, 2 * (size_t)n);
	add_arg(L, "n=%d", n);
	/* magnitudes in [1/64, 4]: sums and products of two halves stay exact
	** in float, so promoting to float first would round the same way */
	union num *va = init_of(a), *vb = init_of(b);
	for (int i = 0; i < n; i++) {
		va[i].f = (rng_next(r) & 1 ? -1 : 1) * rng_f32(r, 1.0f / 64, 4.0f);
		vb[i].f = (rng_next(r) & 1 ? -1 : 1) * rng_f32(r, 1.0f / 64, 4.0f);
	}
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		double ha = round_half(va[i].f), hb = round_half(vb[i].f);
		w[2 * i].f = round_half(ha + hb);
		w[2 * i + 1].f = round_half(ha * hb);
	}
}

static void setup_do_while(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 32 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", U32, n), *steps = add_buf(L, "steps", I32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, 0, 999);
	in->init[0].i = 0;
	union num *w = want_of(steps);
	for (int i = 0; i < n; i++) {
		uint32_t x = (uint32_t)IV(in, i) + 1;
		int k = 0;
		do {
			x = (x & 1) ? 3 * x + 1 : x / 2;
			k++;
		} while (x != 1 && k < 1000);
		w[i].i = k;
	}
}

static void setup_divergent_call(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 48, 45 } };
	const int *s = SHAPE(sh, shape);
	int bs = s[1], n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -100000, 100000);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		int32_t v = (int32_t)IV(in, i), res;
		int32_t a = (i % bs) % 3 == 0 ? v : i, b = (i % bs) % 3 == 0 ? i : v;
		int32_t d = v & 1 ? v : v * 7, ds = 0;
		for (d = d < 0 ? -d : d; d > 0; d /= 10)
			ds += d % 10;
		if ((i % bs) % 3 == 0)
			res = (a * 31) ^ (b + 7);
		else if (v & 1)
			res = ds + ((a * 31) ^ (b + 7));
		else
			res = ds;
		w[i].i = res;
	}
}

static void setup_sync_count(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 3, 64, 10 }, { 2, 100, 0 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], thr = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, (size_t)g * bs), *res = add_buf(L, "res", I32, 3 * (size_t)g);
	add_arg(L, "thr=%d", thr);
	union num *v = init_of(in);
	for (int b = 0; b < g; b++)
		for (int t = 0; t < bs; t++)	/* block 0: no negatives and no zeros */
			v[b * bs + t].i = b == 0 ? rng_int(r, 1, 20) : rng_int(r, -2, 20);
	union num *w = want_of(res);
	for (int b = 0; b < g; b++) {
		int c = 0, all = 1, any = 0;
		for (int t = 0; t < bs; t++) {
			int64_t x = v[b * bs + t].i;
			c += x > thr;
			all &= x >= 0;
			any |= x == 0;
		}
		w[3 * b].i = c;
		w[3 * b + 1].i = all;
		w[3 * b + 2].i = any;
	}
}

static void setup_atomics_mix(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 120 }, { 3, 32, 96 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *acc = add_buf(L, "acc", I32, 10);
	struct buf *u = add_buf(L, "u", U32, 4), *ull = add_buf(L, "ull", U64, 3);
	struct buf *blk = add_buf(L, "blk", I32, 2 * (size_t)g);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -1000, 1000);
	union num *a0 = init_of(acc), *u0 = init_of(u);
	a0[0].i = 100;
	a0[1].i = 100;
	a0[2].i = INT32_MAX;
	a0[3].i = INT32_MIN;
	a0[4].i = -1;
	a0[6].i = 0x5a5a;
	u0[2].i = UINT32_MAX;
	union num *wa = want_of(acc), *wu = want_of(u), *wl = want_of(ull), *wb = want_of(blk);
	uint32_t inc = 0, dec = 0, umin = UINT32_MAX, umax = 0;
	uint64_t lsum = 0, lmax = 0, lor = 0;
	int32_t smin = INT32_MAX, smax = INT32_MIN, vand = -1, vor = 0, vxor = 0x5a5a, sum = 0;
	for (int i = 0; i < n; i++) {
		int32_t v = (int32_t)IV(in, i);
		sum += v;
		smin = v < smin ? v : smin;
		smax = v > smax ? v : smax;
		vand &= ~(1 << (i % 31));
		vor |= 1 << (v & 15);
		vxor ^= v;
		inc = inc >= 16u ? 0 : inc + 1;
		dec = (dec == 0 || dec > 9u) ? 9u : dec - 1;
		umin = (uint32_t)v < umin ? (uint32_t)v : umin;
		umax = (uint32_t)v > umax ? (uint32_t)v : umax;
		lsum += (uint64_t)(int64_t)v << 20;
		uint64_t m = (uint64_t)(int64_t)v * 0x100000001ULL;
		lmax = m > lmax ? m : lmax;
		lor |= 1ULL << (i % 64);
		int b = i / bs;
		wb[2 * b].i++;
		if (v > wb[2 * b + 1].i)
			wb[2 * b + 1].i = v;
	}
	wa[0].i = 100 + sum;
	wa[1].i = 100 - sum;
	wa[2].i = smin;
	wa[3].i = smax;
	wa[4].i = vand;
	wa[5].i = vor;
	wa[6].i = vxor;
	wa[7].i = 2 * n;
	wa[8].i = 42;
	wa[9].i = 42;
	wu[0].i = inc;
	wu[1].i = dec;
	wu[2].i = umin;
	wu[3].i = umax;
	wl[0].i = (int64_t)lsum;
	wl[1].i = (int64_t)lmax;
	wl[2].i = (int64_t)lor;
}

static void setup_float_atomic(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 4, 32, 128 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *q = add_buf(L, "q", I32, n), *fsum = add_buf(L, "fsum", F32, 4 + (size_t)g);
	struct buf *dsum = add_buf(L, "dsum", F64, 1);
	add_arg(L, "n=%d", n);
	gen_int(q, r, -40, 40);
	union num *wf = want_of(fsum), *wd = want_of(dsum);
	for (int i = 0; i < n; i++) {
		wf[i % 4].f += IV(q, i) * 0.125;
		wf[4 + i / bs].f += 1.0;
		wd[0].f += IV(q, i) * 0.25;
	}
}

static void setup_shfl_variants(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 1, 64, 7 }, { 2, 32, 31 } };
	const int *s = SHAPE(sh, shape);
	int src = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	int n = (int)nthreads(L);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, 6 * (size_t)n);
	struct buf *fout = add_buf(L, "fout", F32, n), *lout = add_buf(L, "lout", I64, n);
	add_arg(L, "src=%d", src);
	union num *v = gen_int(in, r, 0, 1000);
	union num *w = want_of(out), *wf = want_of(fout), *wl = want_of(lout);
	for (int i = 0; i < n; i++) {
		int l = i % 32, base = i - l;
#define LANE(k) (v[base + (k)].i)
		union num *o = w + 6 * i;
		o[0].i = LANE(src);
		o[1].i = LANE(l ^ 5);
		o[2].i = (l & 7) >= 3 ? LANE(l - 3) : LANE(l);
		o[3].i = (l & 15) + 2 < 16 ? LANE(l + 2) : LANE(l);
		o[4].i = LANE((l & ~3) + ((l + 1) & 3));
		o[5].i = (int32_t)((uint32_t)LANE(l ^ 16) * 3u);
		wf[i].f = (float)(l < 31 ? LANE(l + 1) : LANE(l)) * 0.5f;
		wl[i].i = (LANE(31 - l) << 33) + LANE(l ^ 1);
#undef LANE
	}
}

static unsigned gcd_u(unsigned a, unsigned b)
{
	while (b) {
		unsigned t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static void setup_recursion(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][4] = { { 2, 32, 50, 5 }, { 1, 16, 16, 8 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2], len = s[3];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", U32, n), *b = add_buf(L, "b", U32, n);
	struct buf *wv = add_buf(L, "w", I32, (size_t)n + len - 1);
	struct buf *g = add_buf(L, "g", U32, n), *sm = add_buf(L, "s", I32, n);
	add_arg(L, "n=%d", n);
	add_arg(L, "len=%d", len);
	gen_int(a, r, 1, 100000);
	gen_int(b, r, 1, 100000);
	for (int i = 0; i < n; i += 3)	/* make some common factors */
		b->init[i].i = a->init[i].i / 2 * 6 % 100000 + 6;
	gen_int(wv, r, -1000, 1000);
	union num *wg = want_of(g), *ws = want_of(sm);
	for (int i = 0; i < n; i++) {
		wg[i].i = gcd_u((unsigned)IV(a, i), (unsigned)IV(b, i));
		for (int j = 0; j < len; j++)
			ws[i].i += IV(wv, i + j);
	}
}

static void setup_local_sort(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 16, 16 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", I32, 8 * (size_t)n), *out = add_buf(L, "out", I32, 8 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -50, 50);
	union num *w = want_of(out);
	memcpy(w, in->init, 8 * (size_t)n * sizeof *w);
	for (int i = 0; i < n; i++)
		qsort(w + 8 * i, 8, sizeof *w, cmp_i64);
}

static uint32_t f32_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

static float bits_f32(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

/* Multiples of 0.5 in [-lo, lo]: ties for the rounding functions. */
static union num *gen_halves(struct buf *b, struct rng *r, int lo)
{
	union num *v = init_of(b);
	for (size_t i = 0; i < b->n; i++)
		v[i].f = (float)rng_int(r, -2 * lo, 2 * lo) * 0.5f;
	return v;
}

static void setup_math_misc(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 16, 16 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *x = add_buf(L, "x", F32, n), *y = add_buf(L, "y", F32, n);
	struct buf *h = add_buf(L, "h", F32, n), *ex = add_buf(L, "ex", F32, 16 * (size_t)n);
	struct buf *ap = add_buf(L, "ap", F32, 6 * (size_t)n), *iv = add_buf(L, "iv", I32, 2 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_f32(x, r, -8, 8);
	gen_f32(y, r, 0.5f, 4);
	gen_halves(h, r, 6);
	x->init[0].f = 0.0f;
	x->init[1].f = -3.0f;
	x->init[2].f = -0.25f;
	ap->tol = (struct tol){ 4, 0, 0 };
	union num *we = want_of(ex), *wa = want_of(ap), *wi = want_of(iv);
	for (int i = 0; i < n; i++) {
		float a = FV(x, i), b = FV(y, i), t = FV(h, i), ip;
		int e2;
		union num *e = we + 16 * i;
		e[0].f = fmaf(a, b, -rf(a * b));
		e[1].f = roundf(t);
		e[2].f = rintf(t);
		e[3].f = truncf(a);
		e[4].f = nearbyintf(t);
		e[5].f = copysignf(b, a);
		e[6].f = fmodf(a, b);
		e[7].f = remainderf(a, b);
		e[8].f = ldexpf(a, 5);
		e[9].f = frexpf(a, &e2);
		e[10].f = modff(a, &ip);
		e[11].f = ip;
		e[12].f = b + a;
		e[13].f = INFINITY;
		e[14].f = -0.0;
		float q = rf(a * 0.25f);
		e[15].f = q > 1.0f ? 1.0f : (q > 0.0f ? q : 0.0f);
		wi[2 * i].i = e2;
		wi[2 * i + 1].i = 15;
		union num *o = wa + 6 * i;
		o[0].f = (float)sin(b);
		o[1].f = (float)cos(b);
		o[2].f = (float)cbrt(a);
		o[3].f = (float)hypot(a, b);
		o[4].f = (float)expm1((double)rf(b * 0.125f));
		o[5].f = (float)log1p(b);
	}
}

enum rmode { RN, RZ, RU, RD };

/* EXACT (an exactly known value) rounded to float in mode M. */
static float round_f32(double exact, enum rmode m)
{
	float f = (float)exact;
	if (m == RZ && fabs((double)f) > fabs(exact))
		f = nextafterf(f, 0.0f);
	else if (m == RU && (double)f < exact)
		f = nextafterf(f, INFINITY);
	else if (m == RD && (double)f > exact)
		f = nextafterf(f, -INFINITY);
	return f;
}

static void setup_rounding(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 32, 13 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", F32, n), *b = add_buf(L, "b", F32, n);
	struct buf *h = add_buf(L, "h", F32, n), *k = add_buf(L, "k", I32, n);
	struct buf *d = add_buf(L, "d", F64, n), *f = add_buf(L, "f", F32, 10 * (size_t)n);
	struct buf *q = add_buf(L, "q", I32, 6 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_f32(a, r, -100, 100);
	gen_f32(b, r, -100, 100);
	for (int i = 0; i < n; i++)	/* no zero divisors */
		if (b->init[i].f == 0)
			b->init[i].f = 1;
	gen_halves(h, r, 8);
	gen_int(k, r, -(1 << 30), 1 << 30);
	gen_f64(d, r, -1e6, 1e6);
	union num *wf = want_of(f), *wq = want_of(q);
	for (int i = 0; i < n; i++) {
		float x = FV(a, i), y = FV(b, i), t = FV(h, i);
		double sum = (double)x + (double)y, prod = (double)x * (double)y;
		double kd = (double)IV(k, i), dd = d->init[i].f;
		union num *o = wf + 10 * i;
		o[0].f = round_f32(sum, RZ);
		o[1].f = round_f32(sum, RU);
		o[2].f = round_f32(sum, RD);
		o[3].f = round_f32(prod, RZ);
		o[4].f = round_f32(prod, RU);
		o[5].f = round_f32(prod, RD);
		o[6].f = round_f32(kd, RZ) + round_f32(kd, RU);
		o[7].f = round_f32(kd, RD);
		o[8].f = round_f32(dd, RZ);
		o[9].f = round_f32(dd, RU) + x / y;
		union num *z = wq + 6 * i;
		z[0].i = (int)nearbyintf(t);
		z[1].i = (int)truncf(t);
		z[2].i = (int)ceilf(t);
		z[3].i = (int)floorf(t);
		z[4].i = (int)nearbyintf(fabsf(t));
		z[5].i = (int)floorf(rf(x * 1000.0f));
	}
	/* With libdevice inlined at -O1 and above, LLVM 19's NVVM instcombine
	** turns llvm.nvvm.i2f.rz into a plain sitofp (round to nearest): the
	** bitcode itself then computes this, and simulee-c runs the bitcode. */
	union num *af = alt_of(f);
	memcpy(af, wf, f->n * sizeof *af);
	for (int i = 0; i < n; i++) {
		double kd = (double)IV(k, i);
		af[10 * i + 6].f = (float)kd + round_f32(kd, RU);
	}
}

static void setup_func_ptr(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 32, 12 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2], na = (n + 3) & ~3;
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *sel = add_buf(L, "sel", I32, n), *a = add_buf(L, "a", I32, na);
	struct buf *b = add_buf(L, "b", I32, n), *out = add_buf(L, "out", I32, 2 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_int(sel, r, 0, 15);
	gen_int(a, r, -1000, 1000);
	gen_int(b, r, -1000, 1000);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		int64_t x = IV(a, i), y = IV(b, i), v;
		switch (IV(sel, i) & 3) {
		case 0: v = x + y; break;
		case 1: v = x - y; break;
		case 2: v = x * y; break;
		default: v = x > y ? x : y; break;
		}
		w[2 * i].i = v;
		bool use_max = (IV(sel, i) >> 2) & 1;
		int64_t acc = IV(a, i & ~3);
		for (int j = 1; j < 4; j++) {
			int64_t e = IV(a, (i & ~3) + j);
			acc = use_max ? (acc > e ? acc : e) : acc + e;
		}
		w[2 * i + 1].i = acc;
	}
}

static void setup_switch_table(struct launch *L, int shape, struct rng *r)
{
	static const int days[13] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, -1 };
	static const float wt[4] = { 0.5f, 0.25f, 2.0f, -1.0f };
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 13 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	struct buf *w = add_buf(L, "w", F32, n);
	add_arg(L, "n=%d", n);
	union num *v = gen_int(in, r, 0, 10000);
	for (int i = 0; i < n && i < 13; i++)
		v[i].i = i;
	union num *wo = want_of(out), *ww = want_of(w);
	for (int i = 0; i < n; i++) {
		wo[i].i = days[v[i].i % 13] * 1000 + "simulee!"[v[i].i & 7];
		ww[i].f = wt[v[i].i & 3] * (float)v[i].i;
	}
}

static void setup_fence_reduce(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 4, 64, 250 }, { 3, 256, 700 }, { 1, 32, 20 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *partial = add_buf(L, "partial", I32, g);
	struct buf *result = add_buf(L, "result", I32, 1);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -1000, 1000);
	union num *wp = want_of(partial), *wr = want_of(result);
	for (int i = 0; i < n; i++) {
		wp[i / bs].i += IV(in, i);
		wr[0].i += IV(in, i);
	}
}

static void setup_warp_divergent(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][2] = { { 2, 64 }, { 1, 48 }, { 3, 32 } };
	const int *s = SHAPE(sh, shape);
	int bs = s[1];
	set_grid(L, s[0], 1, 1);
	set_block(L, bs, 1, 1);
	int n = (int)nthreads(L);
	struct buf *in = add_buf(L, "in", I32, n), *sum = add_buf(L, "sum", I32, n);
	struct buf *res = add_buf(L, "res", I32, n);
	union num *v = gen_int(in, r, -50, 50);
	union num *ws = want_of(sum), *wr = want_of(res);
	for (int base = 0; base < n; base += 32) {
		int nl = bs - base % bs < 32 ? bs - base % bs : 32;
		int64_t tot = 0, t[16];
		for (int l = 0; l < nl; l++)
			tot += v[base + l].i;
		for (int l = 0; l < 16; l++)
			t[l] = v[base + l].i;
		for (int off = 8; off > 0; off >>= 1)
			for (int l = 0; l < 16; l++)	/* ascending: reads t[l + off] before it changes */
				if (l + off < 16 && t[l + off] > t[l])
					t[l] = t[l + off];
		int pos = 0;
		for (int l = 16; l < nl; l++)
			pos += v[base + l].i > 0;
		for (int l = 0; l < nl; l++) {
			ws[base + l].i = tot;
			wr[base + l].i = l < 16 ? t[l] : pos * 100 + (l - 16);
		}
	}
}

static void setup_shared_atomics(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 3, 32, 96 } };
	const int *s = SHAPE(sh, shape);
	int g = s[0], bs = s[1], n = s[2];
	set_grid(L, g, 1, 1);
	set_block(L, bs, 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, 8 * (size_t)g);
	struct buf *fout = add_buf(L, "fout", F32, g), *kmax = add_buf(L, "kmax", U64, g);
	add_arg(L, "n=%d", n);
	gen_int(in, r, -100, 100);
	union num *wo = want_of(out), *wf = want_of(fout), *wk = want_of(kmax);
	for (int b = 0; b < g; b++) {
		int64_t sum = 0, cnt = 0, hist[4] = { 0 };
		uint64_t mx = 0;
		double fs = 0;
		for (int i = b * bs; i < (b + 1) * bs && i < n; i++) {
			int32_t v = (int32_t)IV(in, i);
			sum += v;
			cnt++;
			hist[v & 3]++;
			fs += v * 0.25;
			uint64_t key = ((uint64_t)(v & 0xff) << 32) | (uint32_t)i;
			mx = key > mx ? key : mx;
		}
		union num *o = wo + 8 * b;
		o[0].i = sum;
		o[1].i = cnt % 7;
		for (int k = 0; k < 4; k++)
			o[2 + k].i = hist[k];
		o[6].i = (int32_t)(mx >> 32);
		o[7].i = (int32_t)(uint32_t)mx;
		wf[b].f = fs;
		wk[b].i = (int64_t)mx;
	}
}

static void setup_struct_copy(struct launch *L, int shape, struct rng *r)
{
	static const struct struct_copy_shape { int g, b, n; float dt; } sh[] = {
		{ 2, 32, 50, 0.5f }, { 1, 16, 16, 0.1f },
	};
	const struct struct_copy_shape *s = &SHAPE(sh, shape);
	int n = s->n;
	float dt = s->dt;
	set_grid(L, s->g, 1, 1);
	set_block(L, s->b, 1, 1);
	struct buf *in = add_buf(L, "in", I32, 8 * (size_t)n), *out = add_buf(L, "out", I32, 8 * (size_t)n);
	add_arg(L, "n=%d", n);
	add_arg(L, "dt=%.9g", dt);
	union num *v = init_of(in), *w = want_of(out);
	for (int i = 0; i < n; i++) {
		union num *p = v + 8 * i;
		for (int k = 0; k < 6; k++)
			p[k].i = (int32_t)f32_bits(rng_f32(r, -10, 10));
		p[6].i = rng_int(r, -1000, 1000);
		p[7].i = (int32_t)(uint32_t)rng_next(r);
		union num *o = w + 8 * (n - 1 - i);
		for (int k = 0; k < 3; k++) {
			float pos = bits_f32((uint32_t)p[k].i), vel = bits_f32((uint32_t)p[3 + k].i);
			o[k].i = (int32_t)f32_bits(pos + vel);
			o[3 + k].i = (int32_t)f32_bits(vel * dt);
		}
		o[6].i = -p[6].i;
		o[7].i = (int32_t)((uint32_t)p[7].i | 1u << (p[6].i & 7));
	}
}

static void setup_goto_loops(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 17 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", I32, n), *out = add_buf(L, "out", I32, n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, 0, 1000);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		int v = (int)IV(in, i), acc = 0;
		for (int a = 0; a < 8; a++) {
			if (a == (v & 7))
				continue;
			bool jumped = false;
			for (int b = 0; b < 8; b++) {
				if ((a * b + v) % 5 == 0)
					break;
				if (b > a) {
					jumped = true;
					break;
				}
				acc += a ^ b;
			}
			if (!jumped)
				acc = (acc * 3) & 0xffff;
		}
		for (int k = 1; k <= (v & 15); k++)
			acc += k;
		w[i].i = acc;
	}
}

static int32_t sext24(uint32_t x)
{
	return (int32_t)(x << 8) >> 8;
}

static void setup_int_libdevice(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][3] = { { 2, 32, 50 }, { 1, 32, 7 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", I32, n), *b = add_buf(L, "b", I32, n);
	struct buf *sb = add_buf(L, "s", U32, n), *la = add_buf(L, "la", I64, n);
	struct buf *out = add_buf(L, "out", I32, 12 * (size_t)n);
	struct buf *lout = add_buf(L, "lout", I64, 3 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_int(a, r, INT32_MIN, INT32_MAX);
	gen_int(b, r, INT32_MIN, INT32_MAX);
	gen_int(sb, r, 0, UINT32_MAX);
	gen_int(la, r, INT64_MIN, INT64_MAX);
	a->init[0].i = INT32_MIN;
	b->init[0].i = -1;
	a->init[1].i = INT32_MAX;
	b->init[1].i = INT32_MAX;
	la->init[0].i = INT64_MIN;
	union num *w = want_of(out), *wl = want_of(lout);
	for (int i = 0; i < n; i++) {
		int32_t x = (int32_t)IV(a, i), y = (int32_t)IV(b, i);
		uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
		union num *o = w + 12 * i;
		o[0].i = (int32_t)(((int64_t)x * y) >> 32);
		o[1].i = (int32_t)(uint32_t)(((uint64_t)ux * uy) >> 32);
		o[2].i = (int32_t)(uint32_t)((int64_t)sext24(ux) * sext24(uy));
		o[3].i = (int32_t)(uint32_t)((uint64_t)(ux & 0xffffff) * (uy & 0xffffff));
		o[4].i = (int32_t)((x < y ? uy - ux : ux - uy) + 7u);
		o[5].i = (int32_t)((ux < uy ? uy - ux : ux - uy) + 3u);
		o[6].i = (int32_t)(((int64_t)x + y) >> 1);
		o[7].i = (int32_t)(((int64_t)x + y + 1) >> 1);
		o[8].i = (int32_t)(uint32_t)(((uint64_t)ux + uy) >> 1);
		o[9].i = (int32_t)(uint32_t)(((uint64_t)ux + uy + 1) >> 1);
		o[10].i = (int32_t)byte_perm(ux, uy, (uint32_t)IV(sb, i));
		o[11].i = (int32_t)((x < 0 ? 0u - ux : ux) ^ (uint32_t)(x < y ? x : y) ^
				    (ux > uy ? ux : uy));
		int64_t p = IV(la, i), q = IV(la, (i + 1) % n);
		uint64_t up = (uint64_t)p, uq = (uint64_t)q, rev = 0;
		for (int k = 0; k < 64; k++)
			rev |= ((up >> k) & 1) << (63 - k);
		wl[3 * i].i = (int64_t)(((__int128)p * q) >> 64);
		wl[3 * i + 1].i = (int64_t)(uint64_t)(((unsigned __int128)up * uq) >> 64);
		wl[3 * i + 2].i = (int64_t)((p < 0 ? 0 - up : up) ^ (uint64_t)(p < q ? p : q) ^ rev);
	}
}

/* ---- the table ----------------------------------------------------------- */

struct kcase {
	const char *name;	/* kernels/func/NAME.cu */
	const char *params;	/* the kernel's parameter names, in order */
	int nshapes;
	void (*setup)(struct launch *L, int shape, struct rng *r);
};

static void setup_hash_rounds(struct launch *L, int shape, struct rng *r)
{
	/* grid, block, n, rounds: a multiple of the 4x unrolled loop, a
	** remainder, no rounds at all */
	static const int sh[][4] = { { 3, 64, 180, 12 }, { 2, 32, 50, 7 }, { 1, 32, 20, 0 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2], rounds = s[3];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *seed = add_buf(L, "seed", U32, n), *out = add_buf(L, "out", U32, n);
	add_arg(L, "n=%d", n);
	add_arg(L, "rounds=%d", rounds);
	gen_int(seed, r, 0, UINT32_MAX);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		uint32_t h = (uint32_t)IV(seed, i);
		for (int k = 0; k < rounds; k++) {
			h ^= h >> 16;
			h *= 0x7feb352du;
			h ^= h >> 15;
			h *= 0x846ca68bu;
			h ^= h >> 16;
			h += (uint32_t)k;
		}
		w[i].i = h;
	}
}

/* ---- ptx_asm: references for the inline-PTX subset ---------------------- */

static int64_t sx(uint64_t v, unsigned w)
{
	uint64_t m = UINT64_C(1) << (w - 1);
	v &= (m << 1) - 1;
	return (int64_t)(v ^ m) - (int64_t)m;
}

/* Element K of V (W bits), signed or not. */
static int64_t lane_of(uint32_t v, unsigned k, unsigned w, bool sgn)
{
	uint64_t e = (v >> (k * w)) & ((UINT64_C(1) << w) - 1);
	return sgn ? sx(e, w) : (int64_t)e;
}

static uint32_t bfind32(uint32_t v, bool shiftamt)
{
	if (v == 0)
		return 0xffffffffu;
	int hi = 31;
	while (!(v >> hi & 1))
		hi--;
	return shiftamt ? (uint32_t)(31 - hi) : (uint32_t)hi;
}

static float round_op(int mode, float x, float y, char op)
{
	int old = fegetround();
	fesetround(mode);
	volatile float a = x, b = y, r = op == '-' ? a - b : a * b;
	fesetround(old);
	return r;
}

static void setup_ptx_asm(struct launch *L, int shape, struct rng *r)
{
	static const int sh[][2] = { { 2, 64 }, { 3, 96 } };
	const int *s = SHAPE(sh, shape);
	int n = s[0] * s[1];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *a = add_buf(L, "a", U32, 3 * (size_t)n), *p = add_buf(L, "p", U64, 2 * (size_t)n);
	struct buf *f = add_buf(L, "f", F32, 2 * (size_t)n), *x = add_buf(L, "x", F64, (size_t)n);
	struct buf *o = add_buf(L, "o", U32, 40 * (size_t)n), *o64 = add_buf(L, "o64", U64, 8 * (size_t)n);
	struct buf *fo = add_buf(L, "fo", F32, 10 * (size_t)n), *xo = add_buf(L, "xo", F64, 3 * (size_t)n);
	add_arg(L, "n=%d", n);
	union num *va = init_of(a), *vp = init_of(p), *vf = init_of(f), *vx = init_of(x);
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < 3; k++)
			va[3 * i + k].i = (uint32_t)rng_next(r);
		if (i % 16 == 3)
			va[3 * i].i = 0;
		if (i % 16 == 5)
			va[3 * i].i = 0x80000000u;
		vp[2 * i].i = (int64_t)rng_next(r);
		vp[2 * i + 1].i = i % 8 == 1 ? -1 : (int64_t)rng_next(r);
		vf[2 * i].f = rng_f32(r, -1e6f, 1e6f);
		vf[2 * i + 1].f = rng_f32(r, 0.5f, 100.0f);
		vx[i].f = i % 5 == 0 ? 0.5 : (double)rng_f32(r, -10.0f, 10.0f) + 1e-9 * i;
	}
	union num *wo = want_of(o), *w64 = want_of(o64), *wf = want_of(fo), *wx = want_of(xo);
	for (int i = 0; i < n; i++) {
		uint32_t A = (uint32_t)va[3 * i].i, B = (uint32_t)va[3 * i + 1].i, C = (uint32_t)va[3 * i + 2].i;
		uint64_t P = (uint64_t)vp[2 * i].i, Q = (uint64_t)vp[2 * i + 1].i;
		float F = (float)vf[2 * i].f, G = (float)vf[2 * i + 1].f;
		double X = vx[i].f;
		unsigned lane = (unsigned)i % 32;
		union num *O = wo + 40 * i;
		uint64_t abc = (uint64_t)A * B + C;
		O[0].i = (uint32_t)abc;
		O[1].i = (uint32_t)(abc >> 32);
		O[2].i = P + Q < P;
		O[3].i = (uint32_t)(A - B);
		O[4].i = (uint32_t)(B - A - (A < B));
		uint32_t v = A >> (B & 31);
		O[5].i = bfind32(v, false);
		O[6].i = bfind32(v, true);
		int32_t sv = (int32_t)A >> (B & 31);
		O[7].i = bfind32(sv < 0 ? ~(uint32_t)sv : (uint32_t)sv, false);
		uint64_t ba = ((uint64_t)B << 32) | A;
		O[8].i = (uint32_t)((ba << (C & 31)) >> 32);
		unsigned rs = (C & 63) > 32 ? 32 : (C & 63);
		O[9].i = (uint32_t)(ba >> rs);
		uint32_t r10 = 0, r11 = 0, r13 = 0, r14 = 0, r15 = 0, r16 = 0, r17 = 0;
		int64_t sad = C;
		for (unsigned k = 0; k < 2; k++) {
			int64_t ua = lane_of(A, k, 16, false), ub = lane_of(B, k, 16, false);
			int64_t sa = lane_of(A, k, 16, true), sb = lane_of(B, k, 16, true);
			r10 |= (uint32_t)((ua + ub) & 0xffff) << (16 * k);
			r13 |= (uint32_t)(((sa + sb + 1) >> 1) & 0xffff) << (16 * k);
			r15 |= (uint32_t)((sa > sb ? sa : sb) & 0xffff) << (16 * k);
			r17 |= (uint32_t)(sa >= sb) << (16 * k);
		}
		for (unsigned k = 0; k < 4; k++) {
			int64_t ua = lane_of(A, k, 8, false), ub = lane_of(B, k, 8, false);
			int64_t d = lane_of(A, k, 8, true) - lane_of(B, k, 8, true);
			d = d < -128 ? -128 : d > 127 ? 127 : d;
			r11 |= (uint32_t)(d & 0xff) << (8 * k);
			sad += ua > ub ? ua - ub : ub - ua;
			r14 |= (uint32_t)(ua < ub ? ua : ub) << (8 * k);
			r16 |= (uint32_t)(ua < ub) << (8 * k);
		}
		O[10].i = r10;
		O[11].i = r11;
		O[12].i = (uint32_t)sad;
		O[13].i = r13;
		O[14].i = r14;
		O[15].i = r15;
		O[16].i = r16;
		O[17].i = r17;
		int64_t dp = C;
		for (unsigned k = 0; k < 4; k++)
			dp += lane_of(A, k, 8, true) * lane_of(B, k, 8, false);
		O[18].i = (uint32_t)dp;
		dp = C;
		for (unsigned k = 0; k < 2; k++)
			dp += lane_of(A, k, 16, false) * lane_of(B, k + 2, 8, true);
		O[19].i = (uint32_t)dp;
		uint32_t pr = 0;
		for (unsigned k = 0; k < 4; k++) {
			unsigned sel = (C >> (4 * k)) & 0xf;
			uint32_t byte = (uint32_t)(ba >> (8 * (sel & 7))) & 0xff;
			if (sel & 8)
				byte = byte & 0x80 ? 0xff : 0;
			pr |= byte << (8 * k);
		}
		O[20].i = pr;
		O[21].i = (int32_t)A < (int32_t)B ? (uint32_t)(A + 5) : (uint32_t)(B - 1);
		O[22].i = (C & 1) && A > B ? A : B;
		O[23].i = lane;
		O[24].i = (UINT32_C(1) << lane) - 1;
		O[25].i = 0xffffffffu;
		/* plus the low byte of the next thread's A in the block */
		int nb = i - i % s[1] + (i % s[1] + 1) % s[1];
		O[26].i = 32 + (va[3 * nb].i & 0xff);
		O[27].i = __builtin_popcount(A);
		uint64_t pz = P >> (B & 63);
		O[28].i = pz ? __builtin_clzll(pz) : 64;
		O[29].i = brev32(A);
		O[30].i = (uint32_t)~A;
		O[31].i = (A & B & 1) == 0;
		O[32].i = A == 0x80000000u ? A : (uint32_t)abs((int32_t)A);
		O[33].i = (uint32_t)((int32_t)A < (int32_t)B ? A : B);
		O[34].i = A > B ? A : B;
		O[35].i = (uint32_t)((int32_t)A >> ((B & 63) > 31 ? 31 : (B & 63)));
		O[36].i = (B & 63) > 31 ? 0 : (uint32_t)(A << (B & 63));
		O[37].i = A & 0xffff;
		float fs = F * 1e4f;
		O[38].i = (uint32_t)(fs >= 0x1p31f ? INT32_MAX : fs <= -0x1p31f ? INT32_MIN : (int32_t)fs);
		uint32_t hi = (uint32_t)(((uint64_t)A * B) >> 32);
		O[39].i = (A & 7) == 0 ? hi : hi ^ 0x80000000u;
		union num *O64 = w64 + 8 * i;
		unsigned __int128 pq = (unsigned __int128)P * Q;
		O64[0].i = (int64_t)(uint64_t)pq;
		O64[1].i = (int64_t)(uint64_t)(pq >> 64);
		O64[2].i = (int64_t)(int32_t)A * (int32_t)B;
		O64[3].i = (int64_t)((uint64_t)A * B + P);
		O64[4].i = (int32_t)A;
		O64[5].i = (int64_t)(P + Q);
		O64[6].i = (int64_t)(((__int128)(int64_t)P * (int64_t)Q) >> 64);
		O64[7].i = (int64_t)(P ^ UINT64_C(0x00ff00ff00ff00ff));
		union num *FO = wf + 10 * i;
		FO[0].f = round_op(FE_TOWARDZERO, F, G, '-');
		FO[1].f = 1.0f / G;
		FO[2].f = fmaf(F, G, F);
		FO[3].f = F + 1.0f;
		FO[4].f = fminf(F, G);
		FO[5].f = fabsf(F);
		FO[6].f = sqrtf(G);
		FO[7].f = round_op(FE_DOWNWARD, F, G, '*');
		FO[8].f = (float)A;
		float sum = F + G;
		FO[9].f = sum > 1.0f ? 1.0f : sum > 0.0f ? sum : 0.0f;
		union num *XO = wx + 3 * i;
		XO[0].f = X == 0.5 ? 1.0 : 2.0;
		XO[1].f = X / (double)G;
		XO[2].f = (float)X;
	}
}

/* ---- ptx_branch: inline PTX labels, branches and cache operators ---------- */

static uint32_t tri32(uint32_t k)
{
	return k * (k + 1) / 2;
}

static void setup_ptx_branch(struct launch *L, int shape, struct rng *r)
{
	/* grid, block, n: a partial last warp, then a partial only warp */
	static const int sh[][3] = { { 2, 64, 100 }, { 1, 32, 29 } };
	const int *s = SHAPE(sh, shape);
	int n = s[2];
	set_grid(L, s[0], 1, 1);
	set_block(L, s[1], 1, 1);
	struct buf *in = add_buf(L, "in", U32, n), *out = add_buf(L, "out", U32, 8 * (size_t)n);
	add_arg(L, "n=%d", n);
	gen_int(in, r, 0, UINT32_MAX);
	union num *w = want_of(out);
	for (int i = 0; i < n; i++) {
		uint32_t x = (uint32_t)IV(in, i), y = (x * 2654435761u) >> 20;
		union num *o = w + 8 * i;
		o[0].i = i & 1 ? 0xdead : x;
		o[1].i = tri32(x % 23);
		o[2].i = tri32(x % 7);
		o[3].i = __builtin_popcount(x | 1u);
		o[4].i = x < y ? y - x : x - y;
		o[5].i = (uint32_t)(5u * x);
		/* the live lanes of i's warp (blocks are whole warps) */
		uint32_t m = 0;
		for (int l = 0; l < 32; l++)
			m |= (uint32_t)(i / 32 * 32 + l < n) << l;
		o[6].i = m;
		o[7].i = y;
	}
}

/*
** At -O0 arguments and buffers are passed to simulee-c by name, which it
** reads from the debug info; at -O1 and -O3 by position, since clang keeps
** only line tables for optimised device code (unless given
** --cuda-noopt-device-debug), so that bitcode has no parameter names.
*/
#define K(name, params, n) { #name, params, n, setup_##name }
static const struct kcase kcases[] = {
	K(vecadd, "a b c n", 3),
	K(saxpy, "n a x y", 3),
	K(reduce_shared, "in out n", 3),
	K(reduce_warp, "in part total n", 3),
	K(scan_hillis, "in out n", 3),
	K(scan_blelloch, "in out n", 3),
	K(matmul_tiled, "A B C m n k", 3),
	K(transpose, "in out rows cols", 3),
	K(histogram, "data bins n nbins", 3),
	K(stencil2d, "in out width height", 3),
	K(stencil3d, "in out nx ny nz", 3),
	K(bitonic_sort, "data", 3),
	K(templates, "in out n lo hi", 2),
	K(switch_ops, "op a b out n", 2),
	K(dp_double, "in out acc n", 2),
	K(int64_ops, "in h q n", 2),
	K(float4_load, "a b out n4", 2),
	K(struct_arg, "p x k fy iy", 2),
	K(dyn_shared, "in out sq", 3),
	K(const_mem, "in out f fout n", 2),
	K(math_funcs, "x out n", 2),
	K(dp_math, "x out n", 2),
	K(fast_math, "x out n", 2),
	K(grid_stride, "in out n", 3),
	K(ragged2d, "in out rows cols", 3),
	K(warp_vote, "in out thr", 2),
	K(atomic_cas, "val best sum n cap", 2),
	K(matvec, "A x y rows cols", 2),
	K(scan_warp, "in out n", 3),
	K(intdiv, "a b out n", 2),
	K(bit_tricks, "in in64 out n", 2),
	K(small_types, "px delta s outpx outs outu n", 2),
	K(half_precision, "a b out n", 2),
	K(do_while, "in steps n", 2),
	K(divergent_call, "in out n", 2),
	K(sync_count, "in res thr", 2),
	K(atomics_mix, "in acc u ull blk n", 2),
	K(float_atomic, "q fsum dsum n", 2),
	K(shfl_variants, "in out fout lout src", 2),
	K(recursion, "a b w g s n len", 2),
	K(local_sort, "in out n", 2),
	K(math_misc, "x y h ex ap iv n", 2),
	K(rounding, "a b h k d f q n", 2),
	K(func_ptr, "sel a b out n", 2),
	K(switch_table, "in out w n", 2),
	K(fence_reduce, "in partial result n", 3),
	K(warp_divergent, "in sum res", 3),
	K(shared_atomics, "in out fout kmax n", 2),
	K(struct_copy, "in out n dt", 2),
	K(goto_loops, "in out n", 2),
	K(int_libdevice, "a b s la out lout n", 2),
	K(ptx_asm, "a p f x o o64 fo xo n", 2),
	K(hash_rounds, "seed out n rounds", 3),
	K(ptx_branch, "in out n", 2),
};
#undef K
#define NKCASES (sizeof kcases / sizeof kcases[0])

/* The bitcode builds of every kernel (kernels/build/BUILD with %s the
** kernel): our prelude at three -O levels, then the installed CUDA
** toolkit's own headers at four, with libdevice linked in and without
** (Makefile.am, REAL_VARIANTS). */
static const char *const builds[] = {
	"func/%s.O0.bc", "func/%s.O1.bc", "func/%s.O3.bc",
	"real/%s.O0.lib.bc", "real/%s.O1.lib.bc", "real/%s.O2.lib.bc", "real/%s.O3.lib.bc",
	"real/%s.O0.nolib.bc", "real/%s.O1.nolib.bc", "real/%s.O2.nolib.bc", "real/%s.O3.nolib.bc",
};
#define NPRELUDE 3
#define NREAL 8
/* Loop-test iterations: kernel * SLOTS + j, where j = shape * NPRELUDE +
** build below REAL_BASE, and REAL_BASE + shape * NREAL + (build - NPRELUDE)
** for the real-header builds. */
#define SLOTS 64
#define REAL_BASE 32

/* ---- running and comparing ---------------------------------------------- */

struct argv_b {
	char *v[96];
	int n;
};

static void argv_add(struct argv_b *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void argv_add(struct argv_b *a, const char *fmt, ...)
{
	ck_assert_int_lt(a->n, (int)(sizeof a->v / sizeof a->v[0]) - 1);
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = xcalloc((size_t)len + 1, 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	va_end(ap);
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

static void argv_free(struct argv_b *a)
{
	for (int k = 0; k < a->n; k++)
		free(a->v[k]);
	a->n = 0;
}

/* The command line as one string, for messages (free it). */
static char *argv_join(const struct argv_b *a)
{
	size_t len = 1;
	for (int k = 0; k < a->n; k++)
		len += strlen(a->v[k]) + 1;
	char *s = xcalloc(len, 1);
	for (int k = 0; k < a->n; k++) {
		if (k)
			strcat(s, " ");
		strcat(s, a->v[k]);
	}
	return s;
}

/* Writes the initial contents of B, one element per line; returns the path. */
static char *write_init(const struct buf *b)
{
	size_t cap = b->n * 32 + 1, len = 0;
	char *text = xcalloc(cap, 1);
	for (size_t i = 0; i < b->n; i++) {
		const union num *v = &b->init[i];
		if (b->type == F32)
			len += (size_t)snprintf(text + len, cap - len, "%.9g\n", v->f);
		else if (b->type == F64)
			len += (size_t)snprintf(text + len, cap - len, "%.17g\n", v->f);
		else if (b->type == U64)
			len += (size_t)snprintf(text + len, cap - len, "%llu\n",
						(unsigned long long)(uint64_t)v->i);
		else
			len += (size_t)snprintf(text + len, cap - len, "%lld\n", (long long)v->i);
	}
	char *path = tu_tmpfile(text, len);
	free(text);
	return path;
}

static int64_t ordered(double v, enum ety t)
{
	if (t == F32) {
		float f = (float)v;
		int32_t i;
		memcpy(&i, &f, sizeof i);
		return i < 0 ? (int64_t)INT32_MIN - i : i;
	}
	int64_t i;
	memcpy(&i, &v, sizeof i);
	return i < 0 ? INT64_MIN - i : i;
}

static bool float_ok(enum ety t, double got, double want, const struct tol *tol)
{
	if (isnan(want) || isnan(got))
		return isnan(want) && isnan(got);
	if (got == want)	/* exactly: a zero must have the right sign too */
		return got != 0 || tol->ulps || tol->rel || tol->abs ||
		       signbit(got) == signbit(want);
	if (tol->ulps > 0) {
		int64_t a = ordered(got, t), b = ordered(want, t);
		uint64_t d = a > b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
		if (d <= (uint64_t)tol->ulps)
			return true;
	}
	return fabs(got - want) <= tol->abs + tol->rel * fabs(want);
}

/* Parses one dumped element at *P (advancing it) into *OUT. */
static bool parse_elem(const char **p, enum ety t, union num *out)
{
	char *end;
	const char *s = *p;
	while (*s == ' ' || *s == '\t')
		s++;
	errno = 0;
	if (t == F32)
		out->f = strtof(s, &end);
	else if (t == F64)
		out->f = strtod(s, &end);
	else if (t == U64)
		out->i = (int64_t)strtoull(s, &end, 10);
	else
		out->i = strtoll(s, &end, 10);
	if (end == s || errno == ERANGE)
		return false;
	while (*end == ' ' || *end == '\t' || *end == '\r')
		end++;
	if (*end == '\n')
		end++;
	else if (*end != '\0')
		return false;
	*p = end;
	return true;
}

static void fmt_elem(char *s, size_t n, enum ety t, const union num *v)
{
	if (t == F32)
		snprintf(s, n, "%.9g", v->f);
	else if (t == F64)
		snprintf(s, n, "%.17g", v->f);
	else if (t == U64)
		snprintf(s, n, "%llu", (unsigned long long)(uint64_t)v->i);
	else
		snprintf(s, n, "%lld", (long long)v->i);
}

/*
** Whether simulee-c's report on stderr shows a finding: a compiler-style
** "file:line:col: error: <kind>" line, one of the kind names, or a summary
** "N findings" with N > 0.  Returns what it saw, or NULL.
*/
/*
** The findings a functional kernel may report: launch-dependent verdicts
** (a barrier that nothing crosses on this particular launch shape), each
** with the reason.  Everything else must come out clean; a known false
** positive of the model would be listed here too (there is none now:
** fence_reduce's hand-over through __threadfence and atomicInc is
** modelled, docs/MODEL.md).  SHAPE -1: every shape.  A finding line matches when
** it contains FILE_LINE ("kernel.cu:24:") and WHAT ("error: data race").
*/
static const struct expected_finding {
	const char *kernel;
	int shape;
	const char *file_line, *what, *why;
} expected_findings[] = {
	{ "matmul_tiled", 1, "matmul_tiled.cu:25:", "warning: redundant barrier",
	  "one tile per block: nothing crosses the loop's trailing barrier on this launch" },
	{ "scan_warp", 2, "scan_warp.cu:30:", "warning: redundant barrier",
	  "one warp per block: no other warp reads the warp totals on this launch" },
};

static bool expected_applies(const struct expected_finding *e, const char *kernel, int shape)
{
	return strcmp(e->kernel, kernel) == 0 && (e->shape < 0 || e->shape == shape);
}

/*
** Checks the findings in a report (stderr) against expected_findings:
** appends to MSG every finding line that is not expected and every
** expected finding that did not appear.  Returns whether an expected
** error was among them (the exit status is then 1).
*/
static bool check_findings(const char *err, const char *kernel, int shape, char *msg);

/* How much of a failure to show: overridable when hunting a bug. */
#ifndef MSG_MAX
#define MSG_MAX 8192
#endif
#ifndef MAX_REPORT
#define MAX_REPORT 6
#endif

/* Appends to the message buffer M (bounded). */
static void msg_add(char *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void msg_add(char *m, const char *fmt, ...)
{
	size_t len = strlen(m);
	if (len + 1 >= MSG_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m + len, MSG_MAX - len, fmt, ap);
	va_end(ap);
}

static bool check_findings(const char *err, const char *kernel, int shape, char *msg)
{
	enum { NEXP = sizeof expected_findings / sizeof expected_findings[0] };
	bool seen[NEXP] = { false }, errors = false;
	for (const char *line = err; *line; ) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char buf[1024];
		snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), line);
		if (buf[0] != ' ' && (strstr(buf, ": error: ") || strstr(buf, ": warning: ")
				      || strstr(buf, ": note: "))) {
			bool ok = false;
			for (size_t k = 0; k < NEXP; k++) {
				const struct expected_finding *e = &expected_findings[k];
				if (expected_applies(e, kernel, shape) && strstr(buf, e->file_line)
				    && strstr(buf, e->what)) {
					ok = seen[k] = true;
					errors |= strncmp(e->what, "error", 5) == 0;
				}
			}
			if (!ok)
				msg_add(msg, "unexpected finding: %s\n", buf);
		}
		line += len + (nl != NULL);
	}
	for (size_t k = 0; k < NEXP; k++)
		if (expected_applies(&expected_findings[k], kernel, shape) && !seen[k])
			msg_add(msg, "expected finding missing: %s %s (%s)\n", expected_findings[k].file_line,
				expected_findings[k].what, expected_findings[k].why);
	return errors;
}

/* The 0-based position of parameter NAME (LEN bytes) in the space-separated
** PARAMS. */
static int param_pos(const char *params, const char *name, size_t len)
{
	int pos = 0;
	for (const char *p = params; *p; pos++) {
		size_t n = strcspn(p, " ");
		if (n == len && strncmp(p, name, len) == 0)
			return pos;
		p += n;
		p += strspn(p, " ");
	}
	ck_abort_msg("no parameter %.*s in \"%s\"", (int)len, name, params);
	return -1;
}

/*
** Runs launch L of kernel KC at -O level OL and checks the outcome.
** Fails the current test (with the command line) on any difference; the
** input files are removed only when the run passes.
*/
static void run_and_check(const struct kcase *kc, int shape, int bi, struct launch *L)
{
	const char *name = kc->name;
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_msg(bin != NULL, "SIMULEE_BIN is not set (run through make check)");
	ck_assert_msg(access(bin, X_OK) == 0, "SIMULEE_BIN=%s is not an executable", bin);
	char rel[128];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	snprintf(rel, sizeof rel, builds[bi], name);
#pragma GCC diagnostic pop
	char *bc = tu_kernel(rel);
	ck_assert_msg(access(bc, R_OK) == 0, "%s is missing (make check builds it)", bc);

	struct argv_b a = { .n = 0 };
	char *files[MAX_BUFS] = { 0 };
	argv_add(&a, "%s", bin);
	argv_add(&a, "--grid");
	argv_add(&a, "%u,%u,%u", L->grid[0], L->grid[1], L->grid[2]);
	argv_add(&a, "--block");
	argv_add(&a, "%u,%u,%u", L->block[0], L->block[1], L->block[2]);
	if (L->shared) {
		argv_add(&a, "--shared");
		argv_add(&a, "%u", L->shared);
	}
	/* -O0 builds keep parameter names: pass arguments by name there */
	bool by_name = strstr(builds[bi], ".O0.") != NULL;
	for (int k = 0; k < L->nargs; k++) {
		const char *eq = strchr(L->args[k], '=');
		ck_assert_ptr_nonnull(eq);
		int pos = param_pos(kc->params, L->args[k], (size_t)(eq - L->args[k]));
		argv_add(&a, "--arg");
		if (by_name)
			argv_add(&a, "%s", L->args[k]);
		else
			argv_add(&a, "%d=%s", pos, eq + 1);
	}
	size_t ndump = 0;
	char bref[MAX_BUFS][32];	/* how the command line names each buffer */
	for (int k = 0; k < L->nbufs; k++) {
		const struct buf *b = &L->bufs[k];
		int pos = param_pos(kc->params, b->name, strlen(b->name));
		if (by_name)
			snprintf(bref[k], sizeof bref[k], "%s", b->name);
		else
			snprintf(bref[k], sizeof bref[k], "%d", pos);
		argv_add(&a, "--size");
		argv_add(&a, "%s=%zu", bref[k], b->n);
		argv_add(&a, "--type");
		argv_add(&a, "%s=%s", bref[k], ety_name[b->type]);
		if (b->init) {
			files[k] = write_init(b);
			argv_add(&a, "--init");
			argv_add(&a, "%s=@%s", bref[k], files[k]);
		}
	}
	for (int k = 0; k < L->nbufs; k++)
		if (L->bufs[k].want) {
			argv_add(&a, "--dump");
			argv_add(&a, "%s", bref[k]);
			ndump += L->bufs[k].n;
		}
	argv_add(&a, "%s", bc);
	char *cmd = argv_join(&a);

	struct tu_run run;
	int rc = tu_run(&run, (const char *const *)a.v);
	ck_assert_msg(rc == 0, "cannot run %s", bin);

	static char msg[MSG_MAX];
	msg[0] = '\0';
	bool errors = check_findings(run.err, name, shape, msg);
	if (msg[0] || run.status != (errors ? 1 : 0)) {
		msg_add(msg, "exit status %d; stderr:\n%.2000s", run.status, run.err);
	} else {
		const char *p = run.out;
		bool unreadable = false;
		for (int k = 0; k < L->nbufs && !unreadable; k++) {
			const struct buf *b = &L->bufs[k];
			int bad = 0;
			if (b->want == NULL)
				continue;
			for (size_t i = 0; i < b->n; i++) {
				union num got;
				if (!parse_elem(&p, b->type, &got)) {
					msg_add(msg, "stdout: cannot read element %zu of %s (expected %zu "
						"values in all)\n", i, b->name, ndump);
					unreadable = true;
					break;
				}
				bool ok;
				if (b->type == F32 || b->type == F64)
					ok = float_ok(b->type, got.f, b->want[i].f, &b->tol) ||
					     (b->alt && float_ok(b->type, got.f, b->alt[i].f, &b->tol));
				else
					ok = got.i == b->want[i].i;
				if (!ok && bad++ < MAX_REPORT) {
					char g[48], w[48], f[48] = "";
					fmt_elem(g, sizeof g, b->type, &got);
					fmt_elem(w, sizeof w, b->type, &b->want[i]);
					if (b->alt) {
						strcpy(f, " or ");
						fmt_elem(f + 4, sizeof f - 4, b->type, &b->alt[i]);
					}
					msg_add(msg, "%s[%zu] = %s, expected %s%s\n", b->name, i, g, w, f);
				}
			}
			if (bad > MAX_REPORT)
				msg_add(msg, "... %d mismatches in %s\n", bad, b->name);
		}
		if (!unreadable) {
			while (*p == '\n' || *p == ' ' || *p == '\r')
				p++;
			if (*p != '\0')
				msg_add(msg, "stdout has more than the %zu dumped values: %.200s", ndump, p);
		}
	}
	bool pass = msg[0] == '\0';
	if (pass)
		for (int k = 0; k < L->nbufs; k++)
			if (files[k])
				unlink(files[k]);
	for (int k = 0; k < L->nbufs; k++)
		free(files[k]);
	tu_run_free(&run);
	argv_free(&a);
	free(bc);
	if (!pass) {
		static char full[MSG_MAX + 4096];
		int len = snprintf(full, sizeof full, "%s shape %d (%s):\n%s\nparameters: %s\n"
				   "command: %.4000s", name, shape, rel, msg, kc->params, cmd);
		free(cmd);
		ck_abort_msg("%s%s", full, len >= (int)sizeof full ? " [cut]" : "");
	}
	free(cmd);
}

START_TEST(test_kernel)
{
	const struct kcase *kc = &kcases[_i / SLOTS];
	int j = _i % SLOTS, shape, bi;
	if (j < REAL_BASE) {
		shape = j / NPRELUDE;
		bi = j % NPRELUDE;
	} else {
		shape = (j - REAL_BASE) / NREAL;
		bi = NPRELUDE + (j - REAL_BASE) % NREAL;
	}
	struct launch L;
	struct rng r;
	memset(&L, 0, sizeof L);
	rng_seed(&r, kc->name, shape);
	kc->setup(&L, shape, &r);
	ck_assert_msg(nthreads(&L) <= 4096, "%s: launch too large for the interpreter", kc->name);
	run_and_check(kc, shape, bi, &L);
	launch_free(&L);
}
END_TEST

/* kernels/corpus.mk and the table above must list the same kernels. */
START_TEST(test_corpus_list)
{
	const char *src = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(src != NULL, "SIMULEE_SRCDIR is not set (run through make check)");
	char path[4096];
	snprintf(path, sizeof path, "%s/kernels/corpus.mk", src);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	static char text[1 << 16];
	size_t len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	char *p = strstr(text, "FUNC_KERNELS =");
	ck_assert_msg(p != NULL, "%s: no FUNC_KERNELS", path);
	p = strchr(p, '=');
	ck_assert_ptr_nonnull(p);
	p++;
	bool seen[NKCASES] = { false };
	int listed = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\\' || (*p == '\n' && p[-1] == '\\'))
			p++;
		if (*p == '\0' || *p == '\n' || *p == '#')
			break;
		char word[64];
		size_t n = strcspn(p, " \t\\\n");
		ck_assert_uint_lt(n, sizeof word);
		memcpy(word, p, n);
		word[n] = '\0';
		p += n;
		size_t k = 0;
		while (k < NKCASES && strcmp(kcases[k].name, word) != 0)
			k++;
		ck_assert_msg(k < NKCASES, "kernel %s of corpus.mk has no test case", word);
		seen[k] = true;
		listed++;
	}
	for (size_t k = 0; k < NKCASES; k++)
		ck_assert_msg(seen[k], "test case %s is not in corpus.mk", kcases[k].name);
	ck_assert_int_eq(listed, (int)NKCASES);
}
END_TEST

#define SEARCH_SEEDS TESTS_SEEDS(5)

/* The shape assumptions functional kernels show (docs/CONTRACTS.md, rule
** 5): each kernel's own comment states it.  The search must infer exactly
** these, as one warning, and nothing else. */
static const struct { const char *kernel, *assumes; } search_assumes[] = {
	{ "reduce_warp", "reduce_warp assumes whole warps (blockDim.x a multiple of 32)" },
	{ "shfl_variants", "shfl_variants assumes whole warps (blockDim.x a multiple of 32)" },
	{ "warp_divergent", "warp_divergent assumes blockDim.x is a multiple of 16" },
};

static const char *search_assumption(const char *kernel)
{
	for (size_t i = 0; i < sizeof search_assumes / sizeof search_assumes[0]; i++)
		if (strcmp(search_assumes[i].kernel, kernel) == 0)
			return search_assumes[i].assumes;
	return NULL;
}

/*
** The default pipeline (`simulee-c NAME.O0.bc`, the evolutionary search,
** no launch options) reports nothing on a functional kernel, for each of
** SEARCH_SEEDS seeds: the corpus is correct within the contracts its
** kernels state with assert (issue 4, item 7).  A finding here is a bug of
** the kernel or of the search, never an expected one; the only warning is
** the shape assumption search_assumes lists for the kernel.
*/
START_TEST(test_search_clean)
{
	const struct kcase *kc = &kcases[_i];
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_msg(bin != NULL, "SIMULEE_BIN is not set");
	char rel[128];
	snprintf(rel, sizeof rel, "func/%s.O0.bc", kc->name);
	char *bc = tu_kernel(rel);
	for (int seed = 1; seed <= SEARCH_SEEDS; seed++) {
		char sopt[16];
		snprintf(sopt, sizeof sopt, "%d", seed);
		const char *argv[] = { bin, bc, "--format=json", "--seed", sopt, NULL };
		struct tu_run r;
		ck_assert_int_eq(tu_run(&r, argv), 0);
		ck_assert_msg(r.status == 0 || r.status == 1, "%s seed %d: exit status %d; %s",
			      kc->name, seed, r.status, r.err);
		cJSON *doc = tu_check_report_json(r.out);
		const cJSON *fs = cJSON_GetObjectItemCaseSensitive(doc, "findings");
		ck_assert(cJSON_IsArray(fs));
		char msg[MSG_MAX] = "";
		const cJSON *f;
		const char *assumes = search_assumption(kc->name);
		int nassumed = 0, nother = 0;
		cJSON_ArrayForEach(f, fs) {
			const cJSON *m = cJSON_GetObjectItemCaseSensitive(f, "message");
			const cJSON *kind = cJSON_GetObjectItemCaseSensitive(f, "kind");
			if (assumes && cJSON_IsString(kind) && strcmp(kind->valuestring, "shape-assumption") == 0
			    && cJSON_IsString(m) && strncmp(m->valuestring, assumes, strlen(assumes)) == 0) {
				nassumed++;
				continue;
			}
			nother++;
			const cJSON *loc = cJSON_GetArrayItem(
				cJSON_GetObjectItemCaseSensitive(f, "locations"), 0);
			const cJSON *line = cJSON_GetObjectItemCaseSensitive(loc, "line");
			msg_add(msg, "  line %d: %s\n", cJSON_IsNumber(line) ? line->valueint : 0,
				cJSON_IsString(m) ? m->valuestring : "?");
		}
		ck_assert_msg(nother == 0 && r.status == 0,
			      "%s seed %d: the search reports on a functional kernel:\n%s", kc->name,
			      seed, msg);
		ck_assert_msg(nassumed == (assumes != NULL), "%s seed %d: expected the warning '%s', got %d",
			      kc->name, seed, assumes ? assumes : "(none)", nassumed);
		cJSON_Delete(doc);
		tu_run_free(&r);
	}
	free(bc);
	printf("search %s: clean with %d seeds\n", kc->name, SEARCH_SEEDS);
	fflush(stdout);
}
END_TEST

/* Without a CUDA toolkit the real-header builds do not exist: say so. */
START_TEST(test_no_toolkit)
{
	ck_assert_ptr_null(tu_env("SIMULEE_CUDA_PATH"));
	printf("corpus against the CUDA headers: skipped: no CUDA toolkit\n");
}
END_TEST

Suite *corpus_suite(void)
{
	_Static_assert(sizeof builds / sizeof builds[0] == NPRELUDE + NREAL, "builds");
	_Static_assert(3 * NPRELUDE <= REAL_BASE && REAL_BASE + 3 * NREAL <= SLOTS, "slots");
	Suite *s = suite_create("corpus");
	TCase *tc = tcase_create("corpus_list");
	tcase_add_test(tc, test_corpus_list);
	suite_add_tcase(s, tc);
	int cuda = tu_env("SIMULEE_CUDA_PATH") != NULL;
	for (size_t k = 0; k < NKCASES; k++) {
		int base = (int)k * SLOTS;
		tc = tcase_create(kcases[k].name);
		tcase_set_timeout(tc, 120);
		tcase_add_loop_test(tc, test_kernel, base, base + kcases[k].nshapes * NPRELUDE);
		if (cuda)
			tcase_add_loop_test(tc, test_kernel, base + REAL_BASE,
					    base + REAL_BASE + kcases[k].nshapes * NREAL);
		suite_add_tcase(s, tc);
	}
	tc = tcase_create("search");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_search_clean, 0, (int)NKCASES);
	suite_add_tcase(s, tc);
	if (!cuda) {
		tc = tcase_create("cuda_headers");
		tcase_add_test(tc, test_no_toolkit);
		suite_add_tcase(s, tc);
	}
	return s;
}
