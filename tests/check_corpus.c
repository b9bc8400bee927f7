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
** One tcase per kernel; its loop iterations are (shape, -O level) pairs.
** On a mismatch the message carries the full command line and the input
** files are kept, so the run can be repeated by hand.
*/
#include <errno.h>
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

/* ---- the table ----------------------------------------------------------- */

struct kcase {
	const char *name;	/* kernels/func/NAME.cu */
	const char *params;	/* the kernel's parameter names, in order */
	int nshapes;
	void (*setup)(struct launch *L, int shape, struct rng *r);
};

/*
** Arguments and buffers are passed to simulee-c by position: the -O1 and
** -O3 bitcode has no parameter names (clang keeps only line tables for
** optimised device code unless given --cuda-noopt-device-debug).
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
	K(hash_rounds, "seed out n rounds", 3),
};
#undef K
#define NKCASES (sizeof kcases / sizeof kcases[0])

/* Loop-test iterations per kernel: shape * 3 + -O level, below SLOTS. */
#define SLOTS 16
static const char *const olevels[3] = { "O0", "O1", "O3" };

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
	if (got == want)
		return true;
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

/* Words of simulee-c's finding kinds: none may appear in a clean run. */
static const char *const finding_words[] = {
	"out-of-bounds", "null pointer", "invalid pointer", "misaligned", "read-only",
	"assertion failed", "did not finish", "divergence", "division by zero", "data race",
};

static const char *find_finding(const char *err)
{
	for (size_t k = 0; k < sizeof finding_words / sizeof finding_words[0]; k++)
		if (strstr(err, finding_words[k]))
			return finding_words[k];
	return NULL;
}

#define MSG_MAX 8192

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

/* The 0-based position of parameter NAME in the space-separated PARAMS. */
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
static void run_and_check(const struct kcase *kc, int shape, int ol, struct launch *L)
{
	const char *name = kc->name;
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_msg(bin != NULL, "SIMULEE_BIN is not set (run through make check)");
	ck_assert_msg(access(bin, X_OK) == 0, "SIMULEE_BIN=%s is not an executable", bin);
	char rel[128];
	snprintf(rel, sizeof rel, "func/%s.%s.bc", name, olevels[ol]);
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
	for (int k = 0; k < L->nargs; k++) {
		const char *eq = strchr(L->args[k], '=');
		ck_assert_ptr_nonnull(eq);
		int pos = param_pos(kc->params, L->args[k], (size_t)(eq - L->args[k]));
		argv_add(&a, "--arg");
		argv_add(&a, "%d=%s", pos, eq + 1);
	}
	size_t ndump = 0;
	int bpos[MAX_BUFS];
	for (int k = 0; k < L->nbufs; k++) {
		const struct buf *b = &L->bufs[k];
		bpos[k] = param_pos(kc->params, b->name, strlen(b->name));
		argv_add(&a, "--size");
		argv_add(&a, "%d=%zu", bpos[k], b->n);
		argv_add(&a, "--type");
		argv_add(&a, "%d=%s", bpos[k], ety_name[b->type]);
		if (b->init) {
			files[k] = write_init(b);
			argv_add(&a, "--init");
			argv_add(&a, "%d=@%s", bpos[k], files[k]);
		}
	}
	for (int k = 0; k < L->nbufs; k++)
		if (L->bufs[k].want) {
			argv_add(&a, "--dump");
			argv_add(&a, "%d", bpos[k]);
			ndump += L->bufs[k].n;
		}
	argv_add(&a, "%s", bc);
	char *cmd = argv_join(&a);

	struct tu_run run;
	int rc = tu_run(&run, (const char *const *)a.v);
	ck_assert_msg(rc == 0, "cannot run %s", bin);

	static char msg[MSG_MAX];
	msg[0] = '\0';
	const char *fw = find_finding(run.err);
	if (run.status != 0 || fw != NULL) {
		msg_add(msg, "exit status %d%s%s; stderr:\n%.2000s", run.status,
			fw ? ", reports " : "", fw ? fw : "", run.err);
	} else {
		const char *p = run.out;
		int bad = 0;
		for (int k = 0; k < L->nbufs && !msg[0]; k++) {
			const struct buf *b = &L->bufs[k];
			if (b->want == NULL)
				continue;
			for (size_t i = 0; i < b->n; i++) {
				union num got;
				if (!parse_elem(&p, b->type, &got)) {
					msg_add(msg, "stdout: cannot read element %zu of %s (expected %zu "
						"values in all)", i, b->name, ndump);
					break;
				}
				bool ok;
				if (b->type == F32 || b->type == F64)
					ok = float_ok(b->type, got.f, b->want[i].f, &b->tol) ||
					     (b->alt && float_ok(b->type, got.f, b->alt[i].f, &b->tol));
				else
					ok = got.i == b->want[i].i;
				if (!ok && bad++ < 6) {
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
			if (bad > 6)
				msg_add(msg, "... %d mismatches in all\n", bad);
		}
		if (!msg[0]) {
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
		snprintf(full, sizeof full, "%s shape %d -%s:\n%s\nparameters: %s\ncommand: %.4000s",
			 name, shape, olevels[ol], msg, kc->params, cmd);
		free(cmd);
		ck_abort_msg("%s", full);
	}
	free(cmd);
}

START_TEST(test_kernel)
{
	const struct kcase *kc = &kcases[_i / SLOTS];
	int shape = _i % SLOTS / 3, ol = _i % SLOTS % 3;
	struct launch L;
	struct rng r;
	memset(&L, 0, sizeof L);
	rng_seed(&r, kc->name, shape);
	kc->setup(&L, shape, &r);
	ck_assert_msg(nthreads(&L) <= 4096, "%s: launch too large for the interpreter", kc->name);
	run_and_check(kc, shape, ol, &L);
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

Suite *corpus_suite(void)
{
	Suite *s = suite_create("corpus");
	TCase *tc = tcase_create("corpus_list");
	tcase_add_test(tc, test_corpus_list);
	suite_add_tcase(s, tc);
	for (size_t k = 0; k < NKCASES; k++) {
		tc = tcase_create(kcases[k].name);
		tcase_set_timeout(tc, 120);
		tcase_add_loop_test(tc, test_kernel, (int)k * SLOTS,
				    (int)k * SLOTS + kcases[k].nshapes * 3);
		suite_add_tcase(s, tc);
	}
	return s;
}
