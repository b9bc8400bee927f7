/*
** simbench.c: how fast simulee-c's interpreter runs large launches, beside
** the same computation compiled natively.  A benchmark, not a test (`make
** check` does not run it); bench/run.sh builds and runs it, and
** docs/PERFORMANCE.md records what it measured.
**
** For each kernel of the table below, and each -O level asked for, it loads
** $KERNELS/func/NAME.OLEVEL.bc, runs one launch of about a million threads
** through load_file/analyse_launch exactly as simulee-c does, and times a
** plain C loop over all threads of the same launch that computes the same
** thing (for kernels with barriers: one loop over the threads of a block
** per barrier interval).  The outputs of both are compared byte for byte,
** so the native loop cannot be optimised away and the simulation is checked
** too.  Each side runs --reps times in this one process; the table shows
** medians of the thread's CPU time (or of wall time), and the ratio of the
** two medians.
**
** Lane-instructions and memory accesses come from the interpreter's own
** counters (struct launch_stats): one lane-instruction is one bytecode
** instruction executed by one thread.
**
** --detect measures race detection instead: the same launches with the
** Memory-Access Model off, on with a new model per launch (what one run of
** simulee-c pays, first-touch page faults of the shadow memory included),
** and on with one model reused across launches (what a search over inputs
** pays), alternating; the outputs must still match the native loop's and
** the model must find no race.  Memory: the model's own bytes
** (mam_get_stats) and, from Linux's peak-RSS counter reset before a
** launch, how much the process's peak grows during one launch.  The last
** column is the share of lane accesses the launch kept out of the model
** (pruned sites, exec/prune.h); --no-prune feeds it everything.
*/
#include <inttypes.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/program.h"
#include "detect/analyse.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "memmodel/mem.h"
#include "base/util.h"

#define MAX_PARAMS 8
#define MAX_BUFS 4

/* One launch: buffers with their initial contents, scalar arguments, and
** where the native loop leaves its results. */
struct job {
	struct dim3 grid, block;
	uint32_t nparams;
	int buf_of[MAX_PARAMS];		/* parameter -> buffer index, or -1 */
	uint64_t scalar[MAX_PARAMS];	/* scalar parameters: their bits */
	uint32_t nbufs;
	size_t bytes[MAX_BUFS];
	uint8_t *init[MAX_BUFS];	/* initial contents */
	uint8_t *nat[MAX_BUFS];		/* the native loop's memory */
	uint8_t *sim[MAX_BUFS];		/* the simulated memory after the launch */
	int out[MAX_BUFS];		/* compared after the launch */
};

struct bench {
	const char *name;	/* kernels/func/NAME.cu */
	const char *kind;	/* what it stresses */
	void (*setup)(struct job *j, uint32_t scale);
	void (*native)(struct job *j);
	/* or NULL: the same loop with 32 threads interleaved, as a warp runs
	** them, for kernels whose one-thread-at-a-time loop is latency-bound */
	void (*native_warp)(struct job *j);
};

/* ---- inputs ------------------------------------------------------------ */

static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int add_buf(struct job *j, size_t bytes, int out)
{
	int b = (int)j->nbufs++;
	j->bytes[b] = bytes;
	j->init[b] = xcalloc(bytes, 1);
	j->nat[b] = xmalloc(bytes);
	j->sim[b] = xmalloc(bytes);
	j->out[b] = out;
	return b;
}

static void param_buf(struct job *j, int b)
{
	j->buf_of[j->nparams++] = b;
}

static void param_u32(struct job *j, uint32_t v)
{
	j->buf_of[j->nparams] = -1;
	j->scalar[j->nparams++] = v;
}

static void param_f32(struct job *j, float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	param_u32(j, u);
}

/* Floats in [-1, 1) on a 2^-24 grid. */
static void fill_f32(struct job *j, int b, uint64_t seed)
{
	float *f = (float *)j->init[b];
	for (size_t i = 0; i < j->bytes[b] / 4; i++)
		f[i] = (float)(int32_t)(mix(&seed) >> 40 & 0xffffff) * 0x1p-23f - 1.0f;
}

static void set_dims(struct job *j, uint32_t gx, uint32_t gy, uint32_t bx, uint32_t by)
{
	j->grid = (struct dim3){ gx, gy, 1 };
	j->block = (struct dim3){ bx, by, 1 };
}

/* ---- the kernels and their native loops -------------------------------- */

#define HASH_ROUNDS 32

static void setup_hash_rounds(struct job *j, uint32_t scale)
{
	uint32_t n = (1u << 20) / scale;
	set_dims(j, n / 256, 1, 256, 1);
	int seed = add_buf(j, (size_t)n * 4, 0), out = add_buf(j, (size_t)n * 4, 1);
	uint64_t s = 1;
	uint32_t *v = (uint32_t *)j->init[seed];
	for (uint32_t i = 0; i < n; i++)
		v[i] = (uint32_t)mix(&s);
	param_buf(j, seed);
	param_buf(j, out);
	param_u32(j, n);
	param_u32(j, HASH_ROUNDS);
}

static void native_hash_rounds(struct job *j)
{
	const uint32_t *seed = (const uint32_t *)j->nat[0];
	uint32_t *out = (uint32_t *)j->nat[1];
	int n = (int)j->scalar[2], rounds = (int)j->scalar[3];
	for (uint32_t b = 0; b < j->grid.x; b++)
		for (uint32_t t = 0; t < j->block.x; t++) {
			int i = (int)(b * j->block.x + t);
			if (i >= n)
				continue;
			uint32_t h = seed[i];
			for (int r = 0; r < rounds; r++) {
				h ^= h >> 16;
				h *= 0x7feb352du;
				h ^= h >> 15;
				h *= 0x846ca68bu;
				h ^= h >> 16;
				h += (uint32_t)r;
			}
			out[i] = h;
		}
}

/* 32 independent chains side by side: the compiler vectorises the lanes
** and the multiplies no longer wait on each other. */
static void native_warp_hash_rounds(struct job *j)
{
	const uint32_t *seed = (const uint32_t *)j->nat[0];
	uint32_t *out = (uint32_t *)j->nat[1];
	int n = (int)j->scalar[2], rounds = (int)j->scalar[3];
	uint32_t nt = j->grid.x * j->block.x;
	for (uint32_t w = 0; w < nt; w += 32) {
		uint32_t h[32];
		for (uint32_t l = 0; l < 32; l++)
			h[l] = (int)(w + l) < n ? seed[w + l] : 0;
		for (int r = 0; r < rounds; r++)
			for (uint32_t l = 0; l < 32; l++) {
				uint32_t x = h[l];
				x ^= x >> 16;
				x *= 0x7feb352du;
				x ^= x >> 15;
				x *= 0x846ca68bu;
				x ^= x >> 16;
				h[l] = x + (uint32_t)r;
			}
		for (uint32_t l = 0; l < 32; l++)
			if ((int)(w + l) < n)
				out[w + l] = h[l];
	}
}

static void setup_vecadd(struct job *j, uint32_t scale)
{
	uint32_t n = (1u << 20) / scale;
	set_dims(j, n / 256, 1, 256, 1);
	int a = add_buf(j, (size_t)n * 4, 0), b = add_buf(j, (size_t)n * 4, 0);
	int c = add_buf(j, (size_t)n * 4, 1);
	fill_f32(j, a, 1);
	fill_f32(j, b, 2);
	param_buf(j, a);
	param_buf(j, b);
	param_buf(j, c);
	param_u32(j, n);
}

static void native_vecadd(struct job *j)
{
	const float *a = (const float *)j->nat[0], *b = (const float *)j->nat[1];
	float *c = (float *)j->nat[2];
	int n = (int)j->scalar[3];
	for (uint32_t bl = 0; bl < j->grid.x; bl++)
		for (uint32_t t = 0; t < j->block.x; t++) {
			int i = (int)(bl * j->block.x + t);
			if (i < n)
				c[i] = a[i] + b[i];
		}
}

static void setup_saxpy(struct job *j, uint32_t scale)
{
	uint32_t n = (1u << 20) / scale;
	set_dims(j, n / 256, 1, 256, 1);
	int x = add_buf(j, (size_t)n * 4, 0), y = add_buf(j, (size_t)n * 4, 1);
	fill_f32(j, x, 3);
	fill_f32(j, y, 4);
	param_u32(j, n);
	param_f32(j, 2.5f);
	param_buf(j, x);
	param_buf(j, y);
}

static void native_saxpy(struct job *j)
{
	int n = (int)j->scalar[0];
	float a;
	uint32_t u = (uint32_t)j->scalar[1];
	memcpy(&a, &u, 4);
	const float *x = (const float *)j->nat[0];
	float *y = (float *)j->nat[1];
	for (uint32_t b = 0; b < j->grid.x; b++)
		for (uint32_t t = 0; t < j->block.x; t++) {
			int i = (int)(b * j->block.x + t);
			if (i < n)
				y[i] = a * x[i] + y[i];
		}
}

static void setup_reduce_shared(struct job *j, uint32_t scale)
{
	uint32_t n = (1u << 20) / scale, g = n / 256;
	set_dims(j, g, 1, 256, 1);
	int in = add_buf(j, (size_t)n * 4, 0), out = add_buf(j, (size_t)g * 4, 1);
	fill_f32(j, in, 5);
	param_buf(j, in);
	param_buf(j, out);
	param_u32(j, n);
}

/* One loop over the threads of a block per barrier interval. */
static void native_reduce_shared(struct job *j)
{
	const float *in = (const float *)j->nat[0];
	float *out = (float *)j->nat[1];
	unsigned n = (unsigned)j->scalar[2], bs = j->block.x;
	float buf[256];
	for (uint32_t b = 0; b < j->grid.x; b++) {
		for (unsigned t = 0; t < bs; t++) {
			unsigned i = b * bs + t;
			buf[t] = i < n ? in[i] : 0.0f;
		}
		for (unsigned s = bs / 2; s > 0; s >>= 1)
			for (unsigned t = 0; t < bs; t++)
				if (t < s)
					buf[t] += buf[t + s];
		out[b] = buf[0];
	}
}

#define TILE 8
#define MM_K 32

static void setup_matmul_tiled(struct job *j, uint32_t scale)
{
	uint32_t m = 1024 / scale, n = 1024;
	set_dims(j, n / TILE, m / TILE, TILE, TILE);
	int A = add_buf(j, (size_t)m * MM_K * 4, 0), B = add_buf(j, (size_t)MM_K * n * 4, 0);
	int C = add_buf(j, (size_t)m * n * 4, 1);
	fill_f32(j, A, 6);
	fill_f32(j, B, 7);
	param_buf(j, A);
	param_buf(j, B);
	param_buf(j, C);
	param_u32(j, m);
	param_u32(j, n);
	param_u32(j, MM_K);
}

static void native_matmul_tiled(struct job *j)
{
	const float *A = (const float *)j->nat[0], *B = (const float *)j->nat[1];
	float *C = (float *)j->nat[2];
	int m = (int)j->scalar[3], n = (int)j->scalar[4], k = (int)j->scalar[5];
	float As[TILE][TILE], Bs[TILE][TILE], sum[TILE][TILE];
	for (uint32_t by = 0; by < j->grid.y; by++)
		for (uint32_t bx = 0; bx < j->grid.x; bx++) {
			int row0 = (int)by * TILE, col0 = (int)bx * TILE;
			memset(sum, 0, sizeof sum);
			for (int t = 0; t < (k + TILE - 1) / TILE; t++) {
				for (int ty = 0; ty < TILE; ty++)
					for (int tx = 0; tx < TILE; tx++) {
						int row = row0 + ty, col = col0 + tx;
						int ac = t * TILE + tx, br = t * TILE + ty;
						As[ty][tx] = row < m && ac < k ? A[row * k + ac] : 0.0f;
						Bs[ty][tx] = br < k && col < n ? B[br * n + col] : 0.0f;
					}
				for (int ty = 0; ty < TILE; ty++)
					for (int tx = 0; tx < TILE; tx++)
						for (int q = 0; q < TILE; q++)
							sum[ty][tx] += As[ty][q] * Bs[q][tx];
			}
			for (int ty = 0; ty < TILE; ty++)
				for (int tx = 0; tx < TILE; tx++)
					if (row0 + ty < m && col0 + tx < n)
						C[(row0 + ty) * n + col0 + tx] = sum[ty][tx];
		}
}

static void setup_scan_hillis(struct job *j, uint32_t scale)
{
	uint32_t n = (1u << 20) / scale;
	set_dims(j, n / 256, 1, 256, 1);
	int in = add_buf(j, (size_t)n * 4, 0), out = add_buf(j, (size_t)n * 4, 1);
	uint64_t s = 8;
	int32_t *v = (int32_t *)j->init[in];
	for (uint32_t i = 0; i < n; i++)	/* small: no sum of 256 overflows */
		v[i] = (int32_t)(mix(&s) % 2001) - 1000;
	param_buf(j, in);
	param_buf(j, out);
	param_u32(j, n);
}

/* Hillis-Steele, double-buffered as the kernel is: one loop over the
** threads of a block per barrier interval. */
static void native_scan_hillis(struct job *j)
{
	const int32_t *in = (const int32_t *)j->nat[0];
	int32_t *out = (int32_t *)j->nat[1];
	unsigned n = (unsigned)j->scalar[2], bs = j->block.x;
	int32_t buf[2][256];
	for (uint32_t b = 0; b < j->grid.x; b++) {
		int cur = 0;
		for (unsigned t = 0; t < bs; t++) {
			unsigned i = b * bs + t;
			buf[cur][t] = i < n ? in[i] : 0;
		}
		for (unsigned off = 1; off < bs; off *= 2) {
			for (unsigned t = 0; t < bs; t++)
				buf[1 - cur][t] = buf[cur][t] + (t >= off ? buf[cur][t - off] : 0);
			cur = 1 - cur;
		}
		for (unsigned t = 0; t < bs; t++)
			if (b * bs + t < n)
				out[b * bs + t] = buf[cur][t];
	}
}

#define TDIM 16

static void setup_transpose(struct job *j, uint32_t scale)
{
	uint32_t rows = 1024 / scale, cols = 1024;
	set_dims(j, cols / TDIM, rows / TDIM, TDIM, TDIM);
	int in = add_buf(j, (size_t)rows * cols * 4, 0), out = add_buf(j, (size_t)rows * cols * 4, 1);
	fill_f32(j, in, 9);
	param_buf(j, in);
	param_buf(j, out);
	param_u32(j, rows);
	param_u32(j, cols);
}

static void native_transpose(struct job *j)
{
	const float *in = (const float *)j->nat[0];
	float *out = (float *)j->nat[1];
	unsigned rows = (unsigned)j->scalar[2], cols = (unsigned)j->scalar[3];
	for (unsigned y = 0; y < rows; y++)
		for (unsigned x = 0; x < cols; x++)
			out[x * rows + y] = in[y * cols + x];
}

static const struct bench benches[] = {
	{ "hash_rounds", "ALU", setup_hash_rounds, native_hash_rounds, native_warp_hash_rounds },
	{ "vecadd", "memory", setup_vecadd, native_vecadd, NULL },
	{ "saxpy", "memory", setup_saxpy, native_saxpy, NULL },
	{ "reduce_shared", "barriers", setup_reduce_shared, native_reduce_shared, NULL },
	{ "matmul_tiled", "barriers", setup_matmul_tiled, native_matmul_tiled, NULL },
	{ "scan_hillis", "shared", setup_scan_hillis, native_scan_hillis, NULL },
	{ "transpose", "shared", setup_transpose, native_transpose, NULL },
};
#define NBENCH (sizeof benches / sizeof benches[0])

/* ---- timing ------------------------------------------------------------- */

/* CPU time of this thread by default: the machine the benchmark runs on
** may be shared, and a rate per core is what it measures.  --wall asks
** for wall-clock time instead. */
static clockid_t clock_id = CLOCK_THREAD_CPUTIME_ID;

static double now(void)
{
	struct timespec ts;
	clock_gettime(clock_id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One simulated launch of the job, feeding MAM unless it is NULL.  Copies
** the buffers back into j->sim and adds the launch's counts to *st.
** Returns the seconds analyse_launch took (the launch, and with MAM the
** race detection), or a negative value on an error (printed); a race the
** model found is one. */
/* --no-prune: every access goes to the model (launch_cfg no_prune) */
static uint8_t no_prune;

static double sim_once(const struct loaded *l, int ki, struct job *j, struct launch_stats *st,
		       struct mam *mam)
{
	const struct program *p = l->prog;
	uint32_t fn = (uint32_t)l->kernels[ki].func;
	const struct func *f = &p->funcs[fn];
	if (f->nparams != j->nparams) {
		fprintf(stderr, "simbench: %s has %u parameters, the bench gives %u\n",
			f->demangled, f->nparams, j->nparams);
		return -1;
	}
	struct mem m;
	mem_init(&m);
	interp_mem_setup(p, &m, 0);
	uint64_t args[MAX_PARAMS];
	uint32_t ids[MAX_BUFS] = { 0 };
	for (uint32_t b = 0; b < j->nbufs; b++) {
		ids[b] = mem_new(&m, AS_GLOBAL, j->bytes[b], "buf");
		memcpy(m.a[ids[b]].data, j->init[b], j->bytes[b]);
	}
	for (uint32_t k = 0; k < j->nparams; k++)
		args[f->param_slot[k] - f->param_slot[0]] =
			j->buf_of[k] >= 0 ? MEM_PTR(ids[j->buf_of[k]], 0) : j->scalar[k];
	struct launch_cfg cfg = { 0 };
	cfg.grid = j->grid;
	cfg.block = j->block;
	cfg.seed = 1;
	cfg.max_steps = UINT64_C(1) << 40;
	cfg.stats = st;
	cfg.mam = mam;
	cfg.perf = 1;	/* what simulee-c pays, notes included */
	cfg.no_prune = no_prune;
	struct findings fs = { 0 };
	struct sim_error err = { 0 };
	double t0 = now();
	struct analyse_result ar;
	int rc = analyse_launch(p, fn, args, &m, &cfg, NULL, &fs, &ar, &err);
	double t = now() - t0;
	/* performance notes (bank conflicts, sectors) are no faults */
	uint32_t faults = 0;
	for (uint32_t i = 0; i < fs.n; i++)
		faults += !finding_kind_is_perf(fs.v[i].kind);
	if (rc < 0) {
		fprintf(stderr, "simbench: %s: %s\n", f->demangled, err.msg);
		t = -1;
	} else if (faults) {
		fprintf(stderr, "simbench: %s: %u unexpected findings\n", f->demangled, faults);
		t = -1;
	} else if (mam && mam_nraces(mam)) {
		fprintf(stderr, "simbench: %s: %u unexpected races\n", f->demangled, mam_nraces(mam));
		t = -1;
	}
	for (uint32_t b = 0; b < j->nbufs; b++)
		memcpy(j->sim[b], m.a[ids[b]].data, j->bytes[b]);
	findings_free(&fs);
	mem_free(&m);
	return t;
}

static double native_once(void (*native)(struct job *), struct job *j)
{
	for (uint32_t b = 0; b < j->nbufs; b++)
		memcpy(j->nat[b], j->init[b], j->bytes[b]);
	double t0 = now();
	native(j);
	return now() - t0;
}

/* Whether the native loop's outputs are the simulation's, byte for byte. */
static int same_outputs(const struct job *j)
{
	for (uint32_t b = 0; b < j->nbufs; b++)
		if (j->out[b] && memcmp(j->nat[b], j->sim[b], j->bytes[b]) != 0)
			return 0;
	return 1;
}

static void job_free(struct job *j)
{
	for (uint32_t b = 0; b < j->nbufs; b++) {
		free(j->init[b]);
		free(j->nat[b]);
		free(j->sim[b]);
	}
}

static void si(char *buf, size_t n, double v)
{
	if (v >= 1e9)
		snprintf(buf, n, "%.2fG", v / 1e9);
	else if (v >= 1e6)
		snprintf(buf, n, "%.1fM", v / 1e6);
	else
		snprintf(buf, n, "%.0fk", v / 1e3);
}

/* Loads the -OLEVEL bitcode of BN from DIR/func into *L; returns the
** kernel's index, or -1 after saying why. */
static int load_bench(const struct bench *bn, const char *dir, const char *olevel, struct loaded *l)
{
	char *path = xasprintf("%s/func/%s.%s.bc", dir, bn->name, olevel);
	struct load_options lo = { 0 };
	struct sim_error err = { 0 };
	int ki = -1;
	if (load_file(path, &lo, l, &err) < 0) {
		fprintf(stderr, "simbench: %s\n", err.msg);
	} else {
		ki = load_find_kernel(l, bn->name);
		if (ki < 0 || l->kernels[ki].func < 0) {
			fprintf(stderr, "simbench: %s: kernel %s not found or not lowered\n", path, bn->name);
			ki = -1;
		}
	}
	free(path);
	return ki;
}

/* Runs one bench at one -O level and prints its row.  Returns 0, or -1 if
** it could not run or the outputs differ. */
static int run_bench(const struct bench *bn, const char *dir, const char *olevel, int reps,
		     uint32_t scale)
{
	struct loaded l = { 0 };
	struct job j = { 0 };
	double *ts = xcalloc((size_t)reps, sizeof *ts), *tn = xcalloc((size_t)reps, sizeof *tn);
	double *tw = xcalloc((size_t)reps, sizeof *tw);
	int rc = -1;
	int ki = load_bench(bn, dir, olevel, &l);
	if (ki < 0)
		goto out;
	bn->setup(&j, scale);
	struct launch_stats st = { 0 };
	for (int r = 0; r < reps; r++) {
		/* alternate, so both sides see the same machine load */
		tn[r] = native_once(bn->native, &j);
		ts[r] = sim_once(&l, ki, &j, &st, NULL);
		if (ts[r] < 0)
			goto out;
	}
	if (!same_outputs(&j)) {
		fprintf(stderr, "simbench: %s.%s: simulated and native results differ\n", bn->name, olevel);
		goto out;
	}
	for (int r = 0; bn->native_warp && r < reps; r++)
		tw[r] = native_once(bn->native_warp, &j);
	if (bn->native_warp && !same_outputs(&j)) {
		fprintf(stderr, "simbench: %s: the interleaved native loop differs\n", bn->name);
		goto out;
	}
	uint64_t threads = (uint64_t)j.grid.x * j.grid.y * j.grid.z * j.block.x * j.block.y * j.block.z;
	uint64_t lanes = st.lane_insns / (uint64_t)reps, accs = st.mem_accesses / (uint64_t)reps;
	uint64_t warps = st.warp_insns / (uint64_t)reps;
	double sim = median(ts, reps), nat = median(tn, reps);
	char lr[16], ar[16], li[16];
	si(lr, sizeof lr, (double)lanes / sim);
	si(ar, sizeof ar, (double)accs / sim);
	si(li, sizeof li, (double)lanes);
	printf("%-14s %-3s %-8s %8" PRIu64 " %8s %6.1f %8s %8s %9.2f %9.3f %7.1f\n",
	       bn->name, olevel, bn->kind, threads, li, (double)lanes / (double)warps, lr, ar,
	       sim * 1e3, nat * 1e3, sim / nat);
	if (bn->native_warp) {
		double nw = median(tw, reps);
		printf("%-14s %-3s %-8s %8s %8s %6s %8s %8s %9s %9.3f %7.1f\n", "  warp-wise", "",
		       "native", "", "", "", "", "", "", nw * 1e3, sim / nw);
	}
	fflush(stdout);
	rc = 0;
out:
	free(ts);
	free(tn);
	free(tw);
	job_free(&j);
	if (l.prog)
		load_free(&l);
	return rc;
}

/* ---- --detect ----------------------------------------------------------------- */

/* A field of /proc/self/status in KiB ("VmRSS", "VmHWM"), or -1. */
static long status_kib(const char *field)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long v = -1;
	size_t n = strlen(field);
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, field, n) == 0 && line[n] == ':') {
			v = strtol(line + n + 1, NULL, 10);
			break;
		}
	fclose(f);
	return v;
}

/* Resets the peak RSS (VmHWM) to the current RSS; 0, or -1 where Linux
** does not let us (the peak columns then print as -1). */
static int hwm_reset(void)
{
	FILE *f = fopen("/proc/self/clear_refs", "w");
	if (f == NULL)
		return -1;
	int ok = fputs("5", f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* One launch with peak RSS measured: *grow gets how many KiB the peak RSS
** rose above the RSS at its start (-1 if unknown). */
static double sim_peak(const struct loaded *l, int ki, struct job *j, struct launch_stats *st,
		       struct mam *mam, long *grow)
{
	long rss = hwm_reset() == 0 ? status_kib("VmRSS") : -1;
	double t = sim_once(l, ki, j, st, mam);
	long hwm = rss >= 0 ? status_kib("VmHWM") : -1;
	*grow = rss >= 0 && hwm >= 0 ? hwm - rss : -1;
	return t;
}

/*
** Detection cost of one bench at one -O level: per rep, a launch with the
** model off, one with a new model (timed from the launch on: mam_new is a
** calloc, the shadow pages fault in inside the launch) and one with a
** model reused since an untimed warm-up launch.  Prints one row; returns 0
** or -1.
*/
static int run_detect(const struct bench *bn, const char *dir, const char *olevel, int reps,
		      uint32_t scale)
{
	struct loaded l = { 0 };
	struct job j = { 0 };
	struct mam_options mo = { .model = MAM_ITS };
	struct mam *keep = NULL;
	double *toff = xcalloc((size_t)reps, sizeof *toff), *ton = xcalloc((size_t)reps, sizeof *ton);
	double *tre = xcalloc((size_t)reps, sizeof *tre);
	int rc = -1;
	int ki = load_bench(bn, dir, olevel, &l);
	if (ki < 0)
		goto out;
	bn->setup(&j, scale);
	native_once(bn->native, &j);
	struct launch_stats st = { 0 };
	struct mam_stats ms = { 0 };
	long grow_off = -1, grow_on = -1;
	uint64_t pruned = 0;
	keep = mam_new(&mo);
	if (sim_once(&l, ki, &j, &st, keep) < 0)
		goto out;
	for (int r = 0; r < reps; r++) {
		struct mam *fresh = mam_new(&mo);
		toff[r] = sim_peak(&l, ki, &j, &st, NULL, &grow_off);
		int same = same_outputs(&j);
		uint64_t pruned0 = st.pruned;
		ton[r] = sim_peak(&l, ki, &j, &st, fresh, &grow_on);
		pruned = st.pruned - pruned0;
		same &= same_outputs(&j);
		mam_get_stats(fresh, &ms);
		mam_free(fresh);
		mam_clear_results(keep);
		tre[r] = sim_once(&l, ki, &j, &st, keep);
		same &= same_outputs(&j);
		if (toff[r] < 0 || ton[r] < 0 || tre[r] < 0)
			goto out;
		if (!same) {
			fprintf(stderr, "simbench: %s.%s: simulated and native results differ\n", bn->name,
				olevel);
			goto out;
		}
	}
	if (ms.dropped)
		fprintf(stderr, "simbench: %s.%s: the model dropped %" PRIu64 " accesses (over budget)\n",
			bn->name, olevel, ms.dropped);
	uint64_t threads = (uint64_t)j.grid.x * j.grid.y * j.grid.z * j.block.x * j.block.y * j.block.z;
	double off = median(toff, reps), on = median(ton, reps), re = median(tre, reps);
	char acc[16], rate[16];
	double nacc = (double)ms.lane_accesses;
	si(acc, sizeof acc, nacc);
	si(rate, sizeof rate, nacc / on);
	printf("%-14s %-3s %8" PRIu64 " %8s %8.1f %8.1f %6.1f %8.1f %6.1f %8s %6.0f %6.0f %7.1f %6.0f %6.0f %6.0f%%\n",
	       bn->name, olevel, threads, acc, off * 1e3, on * 1e3, on / off, re * 1e3, re / off, rate,
	       (on - off) / nacc * 1e9, (re - off) / nacc * 1e9, (double)ms.bytes / 1048576.0,
	       (double)ms.bytes / (double)threads,
	       grow_on >= 0 && grow_off >= 0 ? (double)(grow_on - grow_off) * 1024.0 / (double)threads
					     : -1.0,
	       nacc + (double)pruned > 0 ? 100.0 * (double)pruned / (nacc + (double)pruned) : 0.0);
	fflush(stdout);
	rc = 0;
out:
	if (keep)
		mam_free(keep);
	free(toff);
	free(ton);
	free(tre);
	job_free(&j);
	if (l.prog)
		load_free(&l);
	return rc;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: simbench [--kernels DIR] [--reps N] [--opt O3,O0] [--scale S] [--wall] [--detect]\n"
		"                [--no-prune] [NAME...]\n"
		"  --kernels DIR  the built corpus (DIR/func/NAME.O3.bc); default $SIMULEE_KERNELS\n"
		"                 or kernels/build\n"
		"  --reps N       timed runs of each side, medians reported (default 5)\n"
		"  --opt LIST     -O levels of the bitcode, comma-separated (default O3,O0)\n"
		"  --scale S      divide the launch sizes by S (a quick smoke run)\n"
		"  --wall         time wall-clock, not this thread's CPU time\n"
		"  --detect       the cost of race detection: model off / on (default -O3 only)\n"
		"  --no-prune     with --detect: no site skips the model (exec/prune.h)\n"
		"  NAME...        only these kernels:");
	for (size_t i = 0; i < NBENCH; i++)
		fprintf(out, " %s", benches[i].name);
	fprintf(out, "\n");
}

int main(int argc, char **argv)
{
	const char *dir = getenv("SIMULEE_KERNELS");
	const char *opts = NULL;
	int reps = 5, detect = 0;
	uint32_t scale = 1;
	const char *only[NBENCH];
	size_t nonly = 0;
	if (dir == NULL || *dir == '\0')
		dir = "kernels/build";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (i + 1 < argc && strcmp(a, "--kernels") == 0) {
			dir = argv[++i];
		} else if (i + 1 < argc && strcmp(a, "--reps") == 0) {
			reps = atoi(argv[++i]);
		} else if (i + 1 < argc && strcmp(a, "--opt") == 0) {
			opts = argv[++i];
		} else if (i + 1 < argc && strcmp(a, "--scale") == 0) {
			scale = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(a, "--detect") == 0) {
			detect = 1;
		} else if (strcmp(a, "--no-prune") == 0) {
			no_prune = 1;
		} else if (strcmp(a, "--wall") == 0) {
			clock_id = CLOCK_MONOTONIC;
		} else if (strcmp(a, "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (a[0] != '-' && nonly < NBENCH) {
			only[nonly++] = a;
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (reps < 1 || scale < 1 || scale > 256 || (scale & (scale - 1))) {
		fprintf(stderr, "simbench: --reps must be at least 1, --scale a power of two up to 256\n");
		return 2;
	}
	if (opts == NULL)
		opts = detect ? "O3" : "O3,O0";
#ifdef __GLIBC__
	/* A fixed threshold (the default value) stops glibc from raising it
	** after the first large free, so a new model's shadow chunks are fresh
	** mappings every time, as in a new simulee-c process, not recycled
	** heap that is already faulted in. */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
	if (detect) {
		printf("%-14s %-3s %8s %8s %8s %8s %6s %8s %6s %8s %6s %6s %7s %6s %6s %7s\n", "kernel",
		       "-O", "threads", "lane-acc", "off ms", "on ms", "ratio", "reuse ms", "ratio",
		       "acc/s", "ns/acc", "ns/acc", "mam", "mam", "RSS", "pruned");
		printf("%-14s %-3s %8s %8s %8s %8s %6s %8s %6s %8s %6s %6s %7s %6s %6s %7s\n", "", "", "",
		       "", "", "(new)", "on/off", "", "re/off", "on", "new", "reuse", "MiB", "B/thr",
		       "B/thr", "acc");
	} else {
		printf("%-14s %-3s %-8s %8s %8s %6s %8s %8s %9s %9s %7s\n", "kernel", "-O", "kind",
		       "threads", "lane-ins", "lanes/", "lane-i/s", "mem-a/s", "sim ms", "native ms",
		       "ratio");
		printf("%-14s %-3s %-8s %8s %8s %6s %8s %8s %9s %9s %7s\n", "", "", "", "", "", "w-ins",
		       "", "", "(median)", "(median)", "sim/nat");
	}
	int status = 0;
	for (size_t b = 0; b < NBENCH; b++) {
		int want = nonly == 0;
		for (size_t k = 0; k < nonly; k++)
			want |= strcmp(only[k], benches[b].name) == 0;
		if (!want)
			continue;
		char *list = xstrdup(opts), *save = NULL;
		for (char *o = strtok_r(list, ",", &save); o; o = strtok_r(NULL, ",", &save))
			if ((detect ? run_detect : run_bench)(&benches[b], dir, o, reps, scale) < 0)
				status = 1;
		free(list);
	}
	return status;
}
