/*
** check_prune.c: GMRace's pruning (exec/prune.h).  Which sites a launch
** keeps out of the model, on small kernels compiled at test time at -O3
** and -O0: thread-private indices (a thread's element, a grid-stride
** loop, a 2-D index whose row pitch clears the block, a struct of fields
** per thread), read-only buffers whatever their index, and what keeps a
** buffer in the model (a neighbour's element, a shared slot, a pitch
** narrower than the block, an atomic, a pointer loaded from memory, a
** shared index shifted by blockIdx at one site only).  Then a randomized
** check: generated kernels, run with and without pruning under the
** model, must give the same findings.
*/
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/finding.h"
#include "detect/analyse.h"
#include "detect/races.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "exec/prune.h"
#include "memmodel/mam.h"
#include "memmodel/mem.h"
#include "tests.h"

struct ker {
	struct loaded l;
	int func;
};

static void load_bc(struct ker *k, const char *bc, const char *name)
{
	k->func = tu_load_kernel(bc, name, &k->l);
}

/* A launch: NBUF buffers of 4096 bytes as the first parameters (or the
** ones named by BUFS), then the scalars. */
struct launch {
	struct dim3 grid, block;
	uint32_t nbuf;
	int alias;		/* buffer 1 is buffer 0 */
	uint64_t scalars[4];
	uint32_t nscalars;
	uint32_t bytes;		/* of each buffer (0: 4096) */
};

static uint32_t setup_args(const struct program *p, struct mem *m, const struct launch *L,
			   uint64_t *args)
{
	interp_mem_setup(p, m, 0);
	uint32_t ids[4] = { 0 };
	for (uint32_t b = 0; b < L->nbuf; b++) {
		uint32_t bytes = L->bytes ? L->bytes : 4096;
		ids[b] = L->alias && b == 1 ? ids[0] : mem_new(m, AS_GLOBAL, bytes, "buf");
		ck_assert_uint_ne(ids[b], 0);
		for (uint32_t i = 0; i < bytes / 4; i++) {
			uint32_t v = i % 64;
			memcpy(m->a[ids[b]].data + 4 * i, &v, 4);
		}
		args[b] = MEM_PTR(ids[b], 0);
	}
	for (uint32_t i = 0; i < L->nscalars; i++)
		args[L->nbuf + i] = L->scalars[i];
	return L->nbuf + L->nscalars;
}

/* The sites launch L of K prunes, as "LINE" plus L for a load or S for
** a store, in site order, space-separated ("5L 5S"). */
static char *pruned_sites(const struct ker *k, const struct launch *L)
{
	const struct program *p = k->l.prog;
	struct mem m;
	mem_init(&m);
	uint64_t args[8];
	setup_args(p, &m, L, args);
	struct launch_cfg cfg = { 0 };
	cfg.grid = L->grid;
	cfg.block = L->block;
	uint32_t n = 0, seen = 0;
	uint8_t *pr = prune_sites(p, (uint32_t)k->func, args, &m, &cfg, &n);
	char *out = calloc(1, 16 * (size_t)(n + 1));
	ck_assert_ptr_nonnull(out);
	for (uint32_t s = 0; pr && s < p->nsites; s++) {
		if (!pr[s])
			continue;
		ck_assert(p->sites[s].kind == SITE_LOAD || p->sites[s].kind == SITE_STORE);
		sprintf(out + strlen(out), "%s%u%c", seen++ ? " " : "", p->sites[s].loc.line,
			p->sites[s].kind == SITE_LOAD ? 'L' : 'S');
	}
	ck_assert_uint_eq(seen, n);
	free(pr);
	mem_free(&m);
	return out;
}

/* Kernels: one statement per line, the lines the cases name. */
static const char *const src =
	"struct two { float x, y; };\n"				/* 1 */
	"__global__ void own(const float *a, float *b)\n"	/* 2 */
	"{\n"							/* 3 */
	"	int g = blockIdx.x * blockDim.x + threadIdx.x;\n"	/* 4 */
	"	b[g] = a[g] * 2.0f;\n"				/* 5 */
	"	b[g] += 1.0f;\n"				/* 6 */
	"}\n"							/* 7 */
	"__global__ void neighbour(float *a, float *b)\n"	/* 8 */
	"{\n"							/* 9 */
	"	int g = blockIdx.x * blockDim.x + threadIdx.x;\n"	/* 10 */
	"	a[g + 1] = b[g];\n"				/* 11 */
	"	b[g] = a[g];\n"					/* 12 */
	"}\n"							/* 13 */
	"__global__ void stride(const float *a, float *b, int n)\n"	/* 14 */
	"{\n"							/* 15 */
	"	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)\n" /* 16 */
	"		b[i] = a[i] + 1.0f;\n"			/* 17 */
	"}\n"							/* 18 */
	"__global__ void pitch(float *a, float *b, int w)\n"	/* 19 */
	"{\n"							/* 20 */
	"	int x = blockIdx.x * blockDim.x + threadIdx.x, y = threadIdx.y;\n"	/* 21 */
	"	a[y * w + x] = b[x];\n"				/* 22 */
	"}\n"							/* 23 */
	"__global__ void shared_slot(float *a, float *b)\n"	/* 24 */
	"{\n"							/* 25 */
	"	__shared__ float s[256];\n"			/* 26 */
	"	s[threadIdx.x] = a[threadIdx.x];\n"		/* 27 */
	"	__syncthreads();\n"				/* 28 */
	"	b[threadIdx.x] = s[255 - threadIdx.x];\n"	/* 29 */
	"}\n"							/* 30 */
	"__global__ void atomics(int *a, int *b)\n"		/* 31 */
	"{\n"							/* 32 */
	"	atomicAdd(&a[threadIdx.x], 1);\n"		/* 33 */
	"	b[threadIdx.x] = a[threadIdx.x];\n"		/* 34 */
	"}\n"							/* 35 */
	"__global__ void loaded(float **pp, float *b)\n"	/* 36 */
	"{\n"							/* 37 */
	"	b[threadIdx.x] = 1.0f;\n"			/* 38 */
	"	pp[0][threadIdx.x] = 2.0f;\n"			/* 39 */
	"}\n"							/* 40 */
	"__global__ void gather(const float *a, const int *idx, float *b)\n"	/* 41 */
	"{\n"							/* 42 */
	"	b[threadIdx.x] = a[idx[threadIdx.x]];\n"	/* 43 */
	"}\n"							/* 44 */
	"__global__ void shift(float *b)\n"			/* 45 */
	"{\n"							/* 46 */
	"	__shared__ float s[256];\n"			/* 47 */
	"	s[threadIdx.x + blockIdx.x] = 1.0f;\n"		/* 48 */
	"	b[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];\n"	/* 49 */
	"}\n"							/* 50 */
	"__global__ void fields(two *v)\n"			/* 51 */
	"{\n"							/* 52 */
	"	int g = blockIdx.x * blockDim.x + threadIdx.x;\n"	/* 53 */
	"	v[g].y = v[g].x + 1.0f;\n"			/* 54 */
	"}\n"							/* 55 */
	"__global__ void shifted(const float *a, float *b)\n"	/* 56 */
	"{\n"							/* 57 */
	"	int g = blockIdx.x * blockDim.x + threadIdx.x;\n"	/* 58 */
	"	b[g] = a[g + 1];\n"				/* 59 */
	"}\n";							/* 60 */

static const char *const olevels[2] = { "-O3", "-O0" };

static void load_level(int o, const char *name, struct ker *k)
{
	char *bc = tu_compile_cu_opt(src, olevels[o]);
	load_bc(k, bc, name);
	unlink(bc);
	free(bc);
}

static struct launch one_d(uint32_t grid, uint32_t block, uint32_t nbuf)
{
	struct launch L = { { grid, 1, 1 }, { block, 1, 1 }, nbuf, 0, { 0 }, 0, 0 };
	return L;
}

/* The sites pruned for kernel NAME at -O3 and -O0 (the loader promotes
** -O0's local variables to registers, so its indices are found too). */
static void expect2(const char *name, const struct launch *L, const char *o3, const char *o0)
{
	for (int o = 0; o < 2; o++) {
		struct ker k;
		load_level(o, name, &k);
		char *got = pruned_sites(&k, L);
		const char *want = o == 0 ? o3 : o0;
		ck_assert_msg(strcmp(got, want) == 0, "%s at %s: pruned \"%s\", expected \"%s\"",
			      name, olevels[o], got, want);
		free(got);
		load_free(&k.l);
	}
}

static void expect(const char *name, const struct launch *L, const char *want)
{
	expect2(name, L, want, want);
}

START_TEST(private_indices)
{
	struct launch L = one_d(2, 64, 2);
	/* a only read, b at the thread's own element (-O3 folds line 5's
	** store and line 6's load away) */
	expect2("own", &L, "5L 6S", "5L 5S 6L 6S");
	/* a's element g + 1 is the next thread's: a stays; b is private */
	expect("neighbour", &L, "11L 12S");
	/* distinct buffers: a is only read; the same buffer: thread g
	** writes the element thread g - 1 reads */
	expect("shifted", &L, "59L 59S");
	L.alias = 1;
	expect("shifted", &L, "");
	L.alias = 0;
	/* a grid-stride loop: the stride is the grid's threads */
	struct launch S = one_d(3, 32, 2);
	S.scalars[0] = 1000;
	S.nscalars = 1;
	expect("stride", &S, "17L 17S");
	/* two fields of the thread's own struct */
	struct launch F = one_d(2, 32, 1);
	expect("fields", &F, "54L 54S");
}
END_TEST

START_TEST(pitch_of_launch)
{
	/* rows of w floats, blocks of 16 x 4: private while w >= the
	** grid's width in x (32), a race past it */
	struct launch L = { { 2, 1, 1 }, { 16, 4, 1 }, 2, 0, { 32 }, 1, 0 };
	expect("pitch", &L, "22L 22S");
	/* b is only read: pruned whatever a's pitch */
	L.scalars[0] = 31;
	expect("pitch", &L, "22L");
}
END_TEST

START_TEST(kept_in_model)
{
	struct launch L = one_d(1, 64, 2);
	/* a: written and read by different threads; b: written privately
	** (its read of s is shared) */
	expect("shared_slot", &L, "27L 29S");
	/* a: atomics; b: private */
	expect("atomics", &L, "34S");
	/* a pointer loaded from memory may write anything */
	expect("loaded", &L, "");
	/* read-only buffers at any index */
	struct launch G = one_d(1, 64, 3);
	expect("gather", &G, "43L 43L 43S");
	/* s[t + blockIdx.x] against s[t]: within block 1, thread 0 writes
	** what thread 1 reads */
	struct launch S = one_d(2, 32, 1);
	expect("shift", &S, "49S");
}
END_TEST

/* Launch L of kernel K under the model, its findings in FS (free them),
** with launch_cfg's DEADLINE; the analysis's result. */
static struct analyse_result analyse_at(const struct ker *k, const struct launch *L,
					double deadline, struct findings *fs)
{
	const struct program *p = k->l.prog;
	struct mem m;
	mem_init(&m);
	uint64_t args[8];
	setup_args(p, &m, L, args);
	struct mam_options mo = { .model = MAM_ITS };
	struct mam *mam = mam_new(&mo);
	struct launch_cfg cfg = { 0 };
	cfg.grid = L->grid;
	cfg.block = L->block;
	cfg.seed = 1;
	cfg.mam = mam;
	cfg.max_steps = 100000;
	cfg.deadline = deadline;
	struct sim_error err = { 0 };
	struct analyse_result ar;
	int rc = analyse_launch(p, (uint32_t)k->func, args, &m, &cfg, NULL, fs, &ar, &err);
	ck_assert_msg(rc == 0, "analyse_launch: %d %s", rc, err.msg);
	mam_free(mam);
	mem_free(&m);
	return ar;
}

/* A launch the clock stopped is not analysed (issue 28): with a deadline
** already past, the clock is read after block 0's warp has run, whose
** threads all store one slot, and its race, in the model already, is not
** reported from half a launch; without a deadline it is. */
START_TEST(clock_stopped)
{
	char *bc = tu_compile_cu("__global__ void one_slot(int *a) { a[0] = threadIdx.x; }\n");
	struct ker k;
	load_bc(&k, bc, "one_slot");
	unlink(bc);
	free(bc);
	struct launch L = one_d(2, 32, 1);
	for (int past = 0; past < 2; past++) {
		struct findings fs = { 0 };
		struct analyse_result ar = analyse_at(&k, &L, past ? 1e-9 : 0, &fs);
		ck_assert_int_eq(ar.timed_out, past);
		ck_assert_int_eq(ar.analysed, !past);
		uint32_t races = 0;
		for (uint32_t i = 0; i < fs.n; i++)
			races += fs.v[i].kind == FK_RACE;
		ck_assert_msg(past ? races == 0 : races > 0, "%s deadline: %u races", past ? "past" : "no",
			      races);
		free(ar.bars);
		findings_free(&fs);
	}
	load_free(&k.l);
}
END_TEST

/* ---- races the first version of the analysis pruned (a review) --------------- */

static char *run_model(const struct ker *k, const struct launch *L, int no_prune,
		       enum mam_warp_model model, uint64_t *pruned);

/* Each kernel races; the race must be found with pruning as without. */
static const char *const tricky_src =
	/* indices that wrap: 8, 16 and 32 bits, inside the buffer */
	"__global__ void wrap8(unsigned char *a)\n"
	"{ unsigned char i = threadIdx.x; for (int n = 0; n < 7; n++) { a[i] = n; i += 48; } }\n"
	"__global__ void ring8(int *out, int rounds)\n"
	"{ __shared__ int ring[256]; unsigned char p = threadIdx.x;\n"
	"  for (int r = 0; r < rounds; r++) { ring[p] = r; p += blockDim.x; }\n"
	"  __syncthreads(); out[threadIdx.x] = ring[threadIdx.x]; }\n"
	"__global__ void wrap16(int *a, int n)\n"
	"{ unsigned short i = threadIdx.x; for (int j = 0; j < n; j++) { a[i] = j; i += 48; } }\n"
	"__global__ void wrap32(int *a, int n)\n"
	"{ unsigned i = threadIdx.x; for (int j = 0; j < n; j++) i += 0x55555560u;\n"
	"  a[i] = 1; a[threadIdx.x] = 2; }\n"
	/* a callee's counters come back from two calls */
	"__device__ __noinline__ unsigned same(unsigned i) { return i; }\n"
	"__global__ void twocalls(int *a)\n"
	"{ unsigned t = threadIdx.x, x = same(t), y = same(t + 32); a[t + (y - x)] = 1; a[t] = 2; }\n"
	"__device__ __noinline__ unsigned hop(unsigned i, int n) { for (int k = 0; k < n; k++) i += 32; return i; }\n"
	"__global__ void twohops(int *a)\n"
	"{ unsigned t = threadIdx.x, x = hop(t, 1), y = hop(t, 2); a[t + (y - x)] = 1; a[t] = 2; }\n"
	/* one pointer, either of two buffers */
	"__device__ __noinline__ void put(int *p, unsigned i, int v) { p[i] = v; }\n"
	"__global__ void helper(int *a, int *b, int *out)\n"
	"{ unsigned t = threadIdx.x; put(a, t, 1); put(b, t, 2); out[t] = b[63 - t]; }\n"
	"__global__ void either(int *a, int *b, int *out)\n"
	"{ unsigned t = threadIdx.x; int *p = t < 32 ? a : b; p[t] = 1; out[t] = b[63 - t]; }\n"
	/* a function's call of itself returns the inner frame's counters
	** (found by a second review) */
	"__device__ __noinline__ int rec(int *a, int p, int depth)\n"
	"{ if (depth > 0) { int q = rec(a, p + 1, depth - 1); a[threadIdx.x + (q - p)] = 1; }\n"
	"  else a[threadIdx.x] = 2; return p; }\n"
	"__global__ void recursive(int *a) { rec(a, 0, 1); }\n"
	"__device__ __noinline__ int recl(int *a, int n, int depth)\n"
	"{ int i = 0; for (; i < n; i++) a[threadIdx.x + 64 * i] = 0;\n"
	"  if (depth > 0) { int q = recl(a, n + 1, depth - 1); a[threadIdx.x + (q - i)] = 1; }\n"
	"  return i; }\n"
	"__global__ void recursive_loop(int *a) { recl(a, 1, 1); }\n"
	/* an offset past 2^41 bytes would land in the next buffer: an
	** invalid pointer now (MEM_KEEP_ID), no race on b */
	"__global__ void far(int *a, int *b, int *c, long long d)\n"
	"{ unsigned t = threadIdx.x; a[t + d] = t; c[t] = b[t + 1]; }\n";

START_TEST(reviewed_races)
{
	static const struct {
		const char *name;
		uint32_t block, nbuf, bytes;
		uint64_t scalar;
		int nscalars;
		const char *kind;	/* the first finding's kind: a race, or an invalid pointer */
	} cases[] = {
		{ "wrap8", 48, 1, 0, 0, 0, "11 " }, { "ring8", 48, 1, 0, 7, 1, "11 " },
		{ "wrap16", 48, 1, 4 << 16, 1366, 1, "11 " }, { "wrap32", 48, 1, 0, 3, 1, "11 " },
		{ "twocalls", 64, 1, 0, 0, 0, "11 " }, { "twohops", 64, 1, 0, 0, 0, "11 " },
		{ "helper", 64, 3, 0, 0, 0, "11 " }, { "either", 64, 3, 0, 0, 0, "11 " },
		{ "far", 64, 3, 0, UINT64_C(1) << 40, 1, "2 " },
		{ "recursive", 64, 1, 0, 0, 0, "11 " }, { "recursive_loop", 64, 1, 0, 0, 0, "11 " },
	};
	for (int o = 0; o < 2; o++) {
		char *bc = tu_compile_cu_opt(tricky_src, olevels[o]);
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			struct ker k;
			load_bc(&k, bc, cases[i].name);
			struct launch L = one_d(1, cases[i].block, cases[i].nbuf);
			L.bytes = cases[i].bytes;
			L.scalars[0] = cases[i].scalar;
			L.nscalars = (uint32_t)cases[i].nscalars;
			uint64_t pa, pn;
			char *with = run_model(&k, &L, 0, MAM_ITS, &pa);
			char *without = run_model(&k, &L, 1, MAM_ITS, &pn);
			ck_assert_msg(strncmp(without, cases[i].kind, strlen(cases[i].kind)) == 0,
				      "%s at %s: not a finding of kind %s even without pruning:\n%s",
				      cases[i].name, olevels[o], cases[i].kind, without);
			ck_assert_msg(strcmp(cases[i].kind, "2 ") != 0 || !strstr(without, "\n11 "),
				      "%s at %s: a race through the wild pointer:\n%s", cases[i].name,
				      olevels[o], without);
			ck_assert_msg(strcmp(with, without) == 0, "%s at %s: pruned (%llu):\n%s\nnot:\n%s",
				      cases[i].name, olevels[o], (unsigned long long)pa, with, without);
			free(with);
			free(without);
			load_free(&k.l);
		}
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* ---- randomized: the same findings with and without pruning ---------------- */

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
	rng_state = rng_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	return (uint32_t)(rng_state >> 33) % n;
}

static const char *const gidx[] = {
	"g", "g + 3", "2 * g", "2 * g + 1", "g * 4", "t", "t + 5", "bx", "7", "n - 1 - g",
	"g ^ 1", "g / 2", "tx", "ty * 40 + tx", "(g + n) % 512", "c[g % 64] & 511", "g + bd",
};
static const char *const sidx[] = {
	"t", "t + 3", "2 * t", "t ^ 1", "9", "tx", "ty", "t / 2", "bx + t", "255 - t",
};
#define NG (sizeof gidx / sizeof *gidx)
#define NS (sizeof sidx / sizeof *sidx)

static void sb_add(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void sb_add(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(*buf + *len, *cap - *len, fmt, ap);
		va_end(ap);
		ck_assert_int_ge(n, 0);
		if ((size_t)n < *cap - *len) {
			*len += (size_t)n;
			return;
		}
		*cap = *cap * 2 + (size_t)n;
		*buf = realloc(*buf, *cap);
		ck_assert_ptr_nonnull(*buf);
	}
}

#define NKER 40

/* NKER kernels rk0..: a few statements each, over float a[], b[], int c[]
** (1024 elements) and shared s[256], indices from the tables above. */
/* (not inlined: gcc 12 then takes the text for a pointer into sb_add's
** buffer before its realloc, -Wdangling-pointer) */
static __attribute__((noinline)) char *random_source(void)
{
	size_t len = 0, cap = 4096;
	char *b = malloc(cap);
	ck_assert_ptr_nonnull(b);
	b[0] = '\0';
	for (int k = 0; k < NKER; k++) {
		sb_add(&b, &len, &cap,
		       "__global__ void rk%d(float *a, float *b, int *c, int n)\n{\n"
		       "\t__shared__ float s[256];\n"
		       "\tint tx = threadIdx.x, ty = threadIdx.y, bx = blockIdx.x;\n"
		       "\tint bd = blockDim.x * blockDim.y, t = ty * blockDim.x + tx;\n"
		       "\tint g = bx * bd + t;\n", k);
		int nst = 2 + (int)rnd(5);
		for (int i = 0; i < nst; i++) {
			const char *e1 = gidx[rnd(NG)], *e2 = gidx[rnd(NG)], *se = sidx[rnd(NS)];
			switch (rnd(10)) {
			case 0: sb_add(&b, &len, &cap, "\ta[%s] = b[%s] + 1.0f;\n", e1, e2); break;
			case 1: sb_add(&b, &len, &cap, "\tb[%s] += 1.0f;\n", e1); break;
			case 2: sb_add(&b, &len, &cap, "\ts[%s] = a[%s];\n", se, e1); break;
			case 3: sb_add(&b, &len, &cap, "\ta[%s] = s[%s];\n", e1, se); break;
			case 4: sb_add(&b, &len, &cap, "\t__syncthreads();\n"); break;
			case 5: sb_add(&b, &len, &cap, "\tif (t %% 2 == 0)\n\t\ta[%s] = 2.0f;\n", e1); break;
			case 6: {
				static const char *const step[] = { "gridDim.x * bd", "bd", "1", "64" };
				sb_add(&b, &len, &cap, "\tfor (int i = g; i < n; i += %s)\n"
				       "\t\tb[i] = a[i] * 2.0f;\n", step[rnd(4)]);
				break;
			}
			case 7:
				sb_add(&b, &len, &cap, "\tfor (int i = 0; i < 4; i++)\n"
				       "\t\ta[(%s) * 4 %% 1024 + i] = 1.0f;\n", e1);
				break;
			case 8: sb_add(&b, &len, &cap, "\tatomicAdd(&c[(%s) %% 64], 1);\n", e1); break;
			default: sb_add(&b, &len, &cap, "\tc[%s] = c[%s] + 1;\n", e1, e2); break;
			}
		}
		sb_add(&b, &len, &cap, "}\n");
	}
	return b;
}

/* Where kernel rkK's definition starts in TEXT (*FROM) and its length. */
static size_t kernel_text(const char *text, int k, size_t *from)
{
	char head[32];
	snprintf(head, sizeof head, "void rk%d(", k);
	const char *a = strstr(text, head);
	ck_assert_ptr_nonnull(a);
	const char *z = strstr(a, "\n}\n");
	ck_assert_ptr_nonnull(z);
	*from = (size_t)(a - text);
	return (size_t)(z - a) + 3;
}

/* One finding as a line of text with everything the reports show. */
static void finding_line(char **b, size_t *len, size_t *cap, const struct finding *f)
{
	sb_add(b, len, cap,
	       "%d %u %u %u b%u,%u,%u t%u,%u,%u %llx %s %s %llu | %u %u %u b%u t%u,%u,%u %u %u %u %u %u "
	       "%llu %llu %llu %llu\n",
	       (int)f->kind, f->func, f->pc, f->loc.line, f->who.block[0], f->who.block[1],
	       f->who.block[2], f->who.thread[0], f->who.thread[1], f->who.thread[2],
	       (unsigned long long)f->addr, f->where ? f->where : "-", f->detail ? f->detail : "-",
	       (unsigned long long)f->count, f->second.func, f->second.pc, f->second.loc.line,
	       f->second.who.block[0], f->second.who.thread[0], f->second.who.thread[1],
	       f->second.who.thread[2], f->access1, f->second.kind, f->race_class, f->hazard,
	       f->its_only * 2u + f->benign, (unsigned long long)f->addresses,
	       (unsigned long long)f->thread_pairs, (unsigned long long)f->launches,
	       (unsigned long long)f->executions);
}

/* Launch L of kernel K under the model (MODEL), the race and barrier
** findings and the faults as text; *pruned gets the lane accesses kept
** out of the model. */
static char *run_model(const struct ker *k, const struct launch *L, int no_prune,
		       enum mam_warp_model model, uint64_t *pruned)
{
	const struct program *p = k->l.prog;
	struct mem m;
	mem_init(&m);
	uint64_t args[8];
	setup_args(p, &m, L, args);
	struct mam_options mo = { .model = model };
	struct mam *mam = mam_new(&mo);
	struct launch_stats ls = { 0 };
	struct launch_cfg cfg = { 0 };
	cfg.grid = L->grid;
	cfg.block = L->block;
	cfg.seed = 1;
	cfg.mam = mam;
	cfg.stats = &ls;
	cfg.no_prune = (uint8_t)no_prune;
	cfg.lockstep = model == MAM_LOCKSTEP;
	cfg.max_steps = 100000;
	struct findings fs = { 0 };
	struct sim_error err = { 0 };
	struct barrier_verdicts bv;
	barrier_verdicts_init(&bv, p, (uint32_t)k->func);
	struct analyse_options ao = { .model = model, .bv = &bv, .barrier_findings = 1 };
	struct analyse_result ar;
	int rc = analyse_launch(p, (uint32_t)k->func, args, &m, &cfg, &ao, &fs, &ar, &err);
	ck_assert_msg(rc == 0, "analyse_launch: %d %s", rc, err.msg);
	ck_assert(ar.analysed && !ar.timed_out);
	size_t len = 0, cap = 256;
	char *b = malloc(cap);
	ck_assert_ptr_nonnull(b);
	b[0] = '\0';
	for (uint32_t i = 0; i < fs.n; i++)
		finding_line(&b, &len, &cap, &fs.v[i]);
	*pruned = ls.pruned;
	barrier_verdicts_free(&bv);
	findings_free(&fs);
	mam_free(mam);
	mem_free(&m);
	return b;
}

static const struct dim3 blocks[] = { { 32, 1, 1 }, { 64, 1, 1 }, { 16, 2, 1 }, { 8, 4, 1 },
				      { 4, 8, 1 }, { 40, 1, 1 } };

START_TEST(randomized_same)
{
	rng_state = 20261127u + (uint64_t)_i;
	char *text = random_source();
	int runs = 0, with_pruning = 0, with_races = 0;
	for (int o = 0; o < 2; o++) {
		char *bc = tu_compile_cu_opt(text, olevels[o]);
		for (int k = 0; k < NKER; k++) {
			char name[16];
			snprintf(name, sizeof name, "rk%d", k);
			struct ker ker;
			load_bc(&ker, bc, name);
			for (int l = 0; l < 3; l++) {
				struct launch L = { { 1 + rnd(3), 1, 1 }, blocks[rnd(6)], 3, 0, { 0 }, 1, 0 };
				uint32_t threads = L.grid.x * L.block.x * L.block.y;
				const uint32_t ns[3] = { threads, threads + 7, 300 };
				L.scalars[0] = ns[rnd(3)];
				enum mam_warp_model model = rnd(4) == 0 ? MAM_LOCKSTEP : MAM_ITS;
				uint64_t pa = 0, pn = 0;
				char *with = run_model(&ker, &L, 0, model, &pa);
				char *without = run_model(&ker, &L, 1, model, &pn);
				if (strcmp(with, without) != 0) {
					size_t from, n = kernel_text(text, k, &from);
					printf("%s at %s, grid %u block %u,%u n %llu: pruned (%llu "
					       "accesses):\n%snot pruned:\n%s%.*s\n", name,
					       olevels[o], L.grid.x, L.block.x, L.block.y,
					       (unsigned long long)L.scalars[0], (unsigned long long)pa,
					       with, without, (int)n, text + from);
					ck_abort_msg("%s at %s: the findings differ with pruning (above)",
						     name, olevels[o]);
				}
				ck_assert_uint_eq(pn, 0);
				runs++;
				with_pruning += pa > 0;
				with_races += strncmp(with, "11 ", 3) == 0 || strstr(with, "\n11 ") != NULL;
				free(with);
				free(without);
			}
			load_free(&ker.l);
		}
		unlink(bc);
		free(bc);
	}
	printf("prune randomized %d: %d launches, %d pruned something, %d with a race first\n", _i,
	       runs, with_pruning, with_races);
	fflush(stdout);
	/* not vacuous: pruning happens, and so do races */
	ck_assert_int_ge(with_pruning, runs / 4);
	ck_assert_int_ge(with_races, runs / 10);
	free(text);
}
END_TEST

Suite *prune_suite(void)
{
	Suite *s = suite_create("prune");
	TCase *tc = tcase_create("prune sites");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, private_indices);
	tcase_add_test(tc, pitch_of_launch);
	tcase_add_test(tc, kept_in_model);
	tcase_add_test(tc, reviewed_races);
	tcase_add_test(tc, clock_stopped);
	suite_add_tcase(s, tc);
	tc = tcase_create("prune randomized");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, randomized_same, 0, 4);
	suite_add_tcase(s, tc);
	return s;
}
