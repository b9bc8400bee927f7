/*
** mambench.c: throughput of the Memory-Access Model (memmodel/mam.h) on the
** access streams the interpreter produces most: warp-wide coalesced 4-byte
** accesses to global memory (read a[i], write b[i]), the same on shared
** memory with a barrier between the write and the read, and byte (char)
** accesses.  Prints lane accesses per second; not a test.
**
** usage: mambench [blocks]   (default 2048 blocks of 256 threads)
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "memmodel/mem.h"

#define THREADS 256u
#define WARPS (THREADS / 32)
#define IN_ID 2u
#define OUT_ID 3u
#define SH_ID 4u

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum stream { GLOBAL_RW, SHARED_BARRIER, BYTES };

/* One launch of BLOCKS blocks on model M; returns seconds. */
static double run(struct mam *m, enum stream s, uint32_t blocks)
{
	struct mam_warp_ctx *w = calloc(WARPS, sizeof *w);
	uint32_t grid[3] = { blocks, 1, 1 }, blk[3] = { THREADS, 1, 1 };
	uint64_t addr[32], val[32];
	double t0 = now();
	mam_launch_begin(m, grid, blk);
	mam_track(m, IN_ID, MAM_SPACE_GLOBAL);
	mam_track(m, OUT_ID, MAM_SPACE_GLOBAL);
	mam_track(m, SH_ID, MAM_SPACE_SHARED);
	for (uint32_t b = 0; b < blocks; b++) {
		mam_block_begin(m, b);
		for (uint32_t i = 0; i < WARPS; i++)
			mam_warp_begin(m, &w[i], i, 0xffffffffu);
		for (uint32_t i = 0; i < WARPS; i++) {
			uint64_t g = (uint64_t)b * THREADS + i * 32;
			for (unsigned l = 0; l < 32; l++)
				val[l] = g + l;
			switch (s) {
			case GLOBAL_RW:
				for (unsigned l = 0; l < 32; l++)
					addr[l] = MEM_PTR(IN_ID, 4 * (g + l));
				mam_access(m, &w[i], addr, 0xffffffffu, 4, MAM_READ, 0, 1, NULL);
				for (unsigned l = 0; l < 32; l++)
					addr[l] = MEM_PTR(OUT_ID, 4 * (g + l));
				mam_access(m, &w[i], addr, 0xffffffffu, 4, MAM_WRITE, 0, 2, val);
				break;
			case SHARED_BARRIER:
				for (unsigned l = 0; l < 32; l++)
					addr[l] = MEM_PTR(SH_ID, 4 * (i * 32 + l));
				mam_access(m, &w[i], addr, 0xffffffffu, 4, MAM_WRITE, 0, 1, val);
				break;
			case BYTES:
				for (unsigned l = 0; l < 32; l++)
					addr[l] = MEM_PTR(OUT_ID, g + l);
				mam_access(m, &w[i], addr, 0xffffffffu, 1, MAM_WRITE, 0, 1, val);
				mam_access(m, &w[i], addr, 0xffffffffu, 1, MAM_READ, 0, 2, NULL);
				break;
			}
		}
		if (s == SHARED_BARRIER) {
			mam_barrier(m, 3);
			for (uint32_t i = 0; i < WARPS; i++) {
				/* s[(tid + 32) % THREADS]: the next warp's values */
				for (unsigned l = 0; l < 32; l++)
					addr[l] = MEM_PTR(SH_ID, 4 * (((i + 1) % WARPS) * 32 + l));
				mam_access(m, &w[i], addr, 0xffffffffu, 4, MAM_READ, 0, 2, NULL);
			}
		}
		mam_block_end(m);
	}
	double t = now() - t0;
	free(w);
	return t;
}

int main(int argc, char **argv)
{
	uint32_t blocks = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 2048;
	if (blocks == 0)
		blocks = 1;
	static const struct { enum stream s; const char *name; } streams[] = {
		{ GLOBAL_RW, "global coalesced read a[i] + write b[i] (4 B)" },
		{ SHARED_BARRIER, "shared write s[tid], barrier, read s[tid+32] (4 B)" },
		{ BYTES, "global char write c[i] + read c[i] (1 B, split words)" },
	};
	printf("mambench: %u blocks x %u threads; cold = first launch of a model, "
	       "warm = later launches (shadow storage reused)\n", blocks, THREADS);
	for (unsigned k = 0; k < sizeof streams / sizeof streams[0]; k++)
		for (int model = 0; model < 2; model++) {
			struct mam_options o = { .model = model ? MAM_LOCKSTEP : MAM_ITS };
			struct mam *m = mam_new(&o);
			double cold = run(m, streams[k].s, blocks), warm = 1e30, total = 0;
			struct mam_stats st;
			mam_get_stats(m, &st);
			for (int reps = 0; reps < 3 || total < 0.3; reps++) {
				double t = run(m, streams[k].s, blocks);
				total += t;
				if (t < warm)
					warm = t;
			}
			double n = (double)st.lane_accesses;
			printf("  %-53s %-8s cold %6.1f, warm %6.1f M lane accesses/s (warm %5.0f ns per "
			       "warp access); shadow %.1f MiB", streams[k].name, model ? "lockstep" : "its",
			       n / cold * 1e-6, n / warm * 1e-6, warm / n * 32 * 1e9,
			       (double)st.bytes / (1 << 20));
			if (streams[k].s != SHARED_BARRIER)
				printf(" = %.0f B per unit", (double)st.bytes / (double)st.units);
			printf("; %u races\n", mam_nraces(m));
			mam_free(m);
		}
	return 0;
}
