/*
** hostbench.c: what the host-side data mapping checks cost
** (docs/PERFORMANCE.md, "Host-side checks").
**
**   hostbench [--reps N] HOST.ll ...
**
** For each host IR file (clang -x cuda --cuda-host-only -emit-llvm -S -O0
** -Xclang -disable-O0-optnone -g, as simulee-c compiles it;
** scripts/hostmap-bench.sh makes them from .cu files): the time of
** hostsite_read, which reads the launch sites and walks the runtime calls
** in one go, and of the checks (hostmap_check) over what it read, the
** median of N runs each, with the operations and findings.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "detect/analyse.h"
#include "host/hostsite.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_d);
	return v[n / 2];
}

int main(int argc, char **argv)
{
	int reps = 5, first = 1;
	if (argc > 2 && strcmp(argv[1], "--reps") == 0) {
		reps = atoi(argv[2]);
		first = 3;
	}
	if (first >= argc || reps < 1 || reps > 1000) {
		fprintf(stderr, "usage: hostbench [--reps N] HOST.ll ...\n");
		return 2;
	}
	printf("%-36s %6s %6s %6s %10s %10s\n", "host IR", "funcs", "ops", "finds", "read ms", "check ms");
	double tr = 0, tc = 0;
	for (int a = first; a < argc; a++) {
		double *rd = xcalloc((size_t)reps, sizeof *rd), *ck = xcalloc((size_t)reps, sizeof *ck);
		uint32_t nseqs = 0, nops = 0, nf = 0;
		for (int r = 0; r < reps; r++) {
			struct hostsites hs = { 0 };
			struct sim_error err = { 0 };
			double t0 = now_ms();
			if (hostsite_read(argv[a], &hs, &err) < 0) {
				fprintf(stderr, "hostbench: %s\n", err.msg);
				return 1;
			}
			double t1 = now_ms();
			struct findings fs = { 0 };
			for (uint32_t i = 0; i < hs.nseqs; i++)
				hostmap_check(&hs.seqs[i], NULL, NULL, &fs);
			double t2 = now_ms();
			rd[r] = t1 - t0;
			ck[r] = t2 - t1;
			nseqs = hs.nseqs;
			nops = 0;
			for (uint32_t i = 0; i < hs.nseqs; i++)
				nops += hs.seqs[i].nops;
			nf = fs.n;
			findings_free(&fs);
			hostsites_free(&hs);
		}
		const char *base = strrchr(argv[a], '/');
		double mr = median(rd, reps), mc = median(ck, reps);
		tr += mr;
		tc += mc;
		printf("%-36s %6" PRIu32 " %6" PRIu32 " %6" PRIu32 " %10.2f %10.3f\n", base ? base + 1 : argv[a],
		       nseqs, nops, nf, mr, mc);
		free(rd);
		free(ck);
	}
	printf("%-36s %6s %6s %6s %10.2f %10.3f\n", "total", "", "", "", tr, tc);
	return 0;
}
