/*
** check_contracts.c: golden tests of the default run on the contract corpus
** (kernels/contracts, docs/CORPUS-CONTRACTS.md): `simulee-c NAME.cu` with
** no options must report exactly the manifest's in-contract findings, each
** under the contract the manifest names, exactly its shape assumptions,
** and nothing from launches outside the contract; the fixed twin only the
** assumptions (those marked twin=no not even them), in each warp model the
** manifest's `models` lists.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/tests.h"

#define MAX_ENTRIES 32
#define MAX_ALTS 4

/* Every program of the corpus (kernels/contracts/NAME.cu, NAME_fixed.cu,
** NAME.expect). */
static const char *const contract_names[] = {
	"normalize_one_block", "shared256_neighbor", "tiled_matmul16", "warp_shuffle_sum",
	"dynamic_block_colsum", "params_struct_stride", "enum_mode_shift", "divzero_then_race",
	"launch_bounds_scan", "helper_launch_tail", "launch_kernel_dynshared",
	"dynshared_hist_bins", "library_part256", "saxpy_missing_copy", "tile_matmul_nocheck",
	"split_planes", "reverse_in_place", "loop_sizes_shift", "branch_block_shift",
	"argv_checked_pairs", "zero_grid_launch", "seg_stage_sums", "wrapper_partials",
	"matrix_stride_rows", "count_sign_head", "header_index_flat", "warp_rows_bounds",
	"loop_bound_elim", "struct_field_rows",
	"warp_lane_rows",
	"row_dot_pairs",
	"union_rev_sums",
	"cub_row_stats",
	"seg_row_reverse", "seg_host_short",
	"ceil_grid_partials",
	"extent_product_div", "block_part_unpack", "grid_rows_colsum", "row_fields_stride",
	"csr_row_sums", "gather_rows", "shared_queue_visit", "count_copy_flag",
	"row_first_warp", "warp_slot_sums",
	"log_softmax_back", "tile_rms_scale", "gate_rows_stats",
	"head_scale_inplace", "tile_pass_transpose",
};
#define NCONTRACTS (int)(sizeof contract_names / sizeof contract_names[0])

/* One `finding` entry. */
struct centry {
	char kind[32];		/* the report's kind id */
	char space[16];
	char var[32];
	char contract[16];
	int race;
	char lines[MAX_ALTS][64];	/* race: the two lines; else alternatives */
	int nlines;
	int matched;
};

/* One `assumption` entry. */
struct cassume {
	char kernel[64];
	char rel[16];		/* "<=" (the default), ">=", "==", "multiple", "lanes", "tie",
				   "ge", "eq", "nonneg", "flat", "segment", "nonzero", "data",
				   "part", "gridone", "rows" or "linear" */
	char scalar[32];	/* tie, ge, eq, nonneg: the scalar, and (not nonneg) what it
				   equals ("gridDim.x*16") or keeps up with ("d.cols");
				   data: the buffer the index's values come from */
	char value[64];
	int twin_no;		/* twin=no: only NAME.cu shows it */
	char dim[48];
	unsigned bound;
	char arrays[MAX_ALTS][64];
	int narrays;
	int matched;
};

struct cmanifest {
	struct centry f[MAX_ENTRIES];
	int nf;
	struct cassume a[MAX_ENTRIES];
	int na;
	int fixed_none;
	char models[2][64];	/* `models`: the warp models checked (default its) */
	int nmodels;
	char with[64];		/* `with`: a C++ file given after the .cu (its caller) */
};

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	ck_assert_msg(fp != NULL, "cannot open %s", path);
	fseek(fp, 0, SEEK_END);
	long n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(fread(s, 1, (size_t)n, fp), (size_t)n);
	s[n] = '\0';
	fclose(fp);
	return s;
}

/* The value of KEY= in the blank-separated LINE, into OUT. */
static int keyval(const char *line, const char *key, char *out, size_t n)
{
	size_t kl = strlen(key);
	for (const char *p = line; (p = strstr(p, key)) != NULL; p++) {
		if ((p != line && p[-1] != ' ') || p[kl] != '=')
			continue;
		p += kl + 1;
		size_t len = strcspn(p, " \n");
		snprintf(out, n, "%.*s", (int)len, p);
		return 0;
	}
	return -1;
}

/* Splits S at '|' or ',' (SEP) into at most MAX_ALTS strings of size N. */
static int split(const char *s, char sep, char (*out)[64], size_t n)
{
	int k = 0;
	while (*s && k < MAX_ALTS) {
		size_t len = strcspn(s, sep == '|' ? "|" : ",");
		snprintf(out[k++], n, "%.*s", (int)len, s);
		s += len;
		if (*s)
			s++;
	}
	return k;
}

static const char *kind_id(const char *k)
{
	static const char *const map[][2] = {
		{ "race", "data-race" }, { "barrier-divergence", "barrier-divergence" },
		{ "redundant-barrier", "redundant-barrier" }, { "uninit", "uninitialized-read" },
		{ "oob", "out-of-bounds" }, { "div-zero", "division-by-zero" },
		{ "refused-launch", "refused-launch" },
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(k, map[i][0]) == 0)
			return map[i][1];
	ck_abort_msg("unknown finding kind '%s' in a manifest", k);
	return NULL;
}

static void load_manifest(const char *name, struct cmanifest *m)
{
	char path[512];
	snprintf(path, sizeof path, "%s/kernels/contracts/%s.expect", tu_env("SIMULEE_SRCDIR"), name);
	char *text = slurp(path);
	memset(m, 0, sizeof *m);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (strncmp(line, "finding ", 8) == 0) {
			ck_assert_int_lt(m->nf, MAX_ENTRIES);
			struct centry *e = &m->f[m->nf++];
			char kind[32], lines[256];
			sscanf(line + 8, "%31s", kind);
			snprintf(e->kind, sizeof e->kind, "%s", kind_id(kind));
			e->race = strcmp(kind, "race") == 0;
			keyval(line, "space", e->space, sizeof e->space);
			keyval(line, "var", e->var, sizeof e->var);
			ck_assert_int_eq(keyval(line, "contract", e->contract, sizeof e->contract), 0);
			ck_assert_int_eq(keyval(line, "lines", lines, sizeof lines), 0);
			e->nlines = split(lines, e->race ? ',' : '|', e->lines, sizeof e->lines[0]);
		} else if (strncmp(line, "assumption ", 11) == 0) {
			ck_assert_int_lt(m->na, MAX_ENTRIES);
			struct cassume *a = &m->a[m->na++];
			char bound[16], arrays[128];
			keyval(line, "kernel", a->kernel, sizeof a->kernel);
			if (keyval(line, "rel", a->rel, sizeof a->rel) != 0)
				snprintf(a->rel, sizeof a->rel, "<=");
			keyval(line, "dim", a->dim, sizeof a->dim);
			keyval(line, "bound", bound, sizeof bound);
			a->bound = (unsigned)strtoul(bound, NULL, 10);
			keyval(line, "array", arrays, sizeof arrays);
			keyval(line, "scalar", a->scalar, sizeof a->scalar);
			keyval(line, "value", a->value, sizeof a->value);
			char twin[8] = "";
			keyval(line, "twin", twin, sizeof twin);
			a->twin_no = strcmp(twin, "no") == 0;
			char alts[MAX_ALTS][64];
			a->narrays = split(arrays, '|', alts, sizeof alts[0]);
			for (int i = 0; i < a->narrays; i++)
				memcpy(a->arrays[i], alts[i], sizeof a->arrays[i]);
		} else if (strncmp(line, "with ", 5) == 0) {
			snprintf(m->with, sizeof m->with, "%s", line + 5);
		} else if (strcmp(line, "fixed none") == 0) {
			m->fixed_none = 1;
		} else if (strncmp(line, "models ", 7) == 0) {
			char alts[MAX_ALTS][64];
			int n = split(line + 7, ',', alts, sizeof alts[0]);
			for (int i = 0; i < n && m->nmodels < 2; i++) {
				size_t k = strnlen(alts[i], sizeof m->models[0] - 1);
				memcpy(m->models[m->nmodels], alts[i], k);
				m->models[m->nmodels++][k] = '\0';
			}
		}
	}
	free(text);
	if (m->nmodels == 0)
		snprintf(m->models[m->nmodels++], sizeof m->models[0], "its");
	ck_assert_msg(m->fixed_none, "%s.expect: no `fixed none`", name);
}

/* "file:line" of location L of finding F (the file's base name). */
static void loc_of(const cJSON *f, int l, char *out, size_t n)
{
	const cJSON *loc = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(f, "locations"), l);
	const cJSON *file = cJSON_GetObjectItemCaseSensitive(loc, "file");
	const char *fs = cJSON_IsString(file) ? file->valuestring : "?";
	const char *base = strrchr(fs, '/');
	snprintf(out, n, "%s:%d", base ? base + 1 : fs,
		 cJSON_GetObjectItemCaseSensitive(loc, "line")->valueint);
}

static const char *jstr(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : "";
}

/* Runs the binary on PATH with a launch's OPTIONS (the report's
** `options`, words split at spaces: no quoting in these tests). */
static void run_options(struct tu_run *r, const char *path, const char *options)
{
	char *opts = strdup(options);
	const char *argv[64] = { path };
	int n = 1;
	for (char *t = strtok(opts, " "); t && n < 62; t = strtok(NULL, " "))
		argv[n++] = t;
	argv[n] = NULL;
	tu_run_bin(r, argv);
	free(opts);
}

/* The errors of report DOC, each of kind KIND under `host` (asserted);
** *LAUNCH (if not NULL) the last one's launch object. */
static int host_errors(const cJSON *doc, const char *kind, const cJSON **launch)
{
	int n = 0;
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		if (strcmp(jstr(f, "severity"), "error") != 0)
			continue;
		n++;
		ck_assert_str_eq(jstr(f, "kind"), kind);
		ck_assert_str_eq(jstr(f, "contract"), "host");
		if (launch)
			*launch = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"),
						     cJSON_GetObjectItemCaseSensitive(f, "launch")->valueint);
	}
	return n;
}

/* Runs host program SRC, variant V of a host-binding case: an odd V (a
** size from argv) keeps a `host` error, an even V (constants) has none;
** both have host sites. */
static void expect_host_variant(const char *src, int v)
{
	char *cu = tu_tmp_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cu, "--format=json", NULL });
	cJSON *doc = tu_check_report_json(r.out);
	int host = 0;
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		host += strcmp(jstr(f, "severity"), "error") == 0 && strcmp(jstr(f, "contract"), "host") == 0;
	const cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "kernels"), 0);
	ck_assert_ptr_nonnull(k);
	int sites = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(k, "host_sites"));
	if (v % 2)
		ck_assert_msg(host > 0 && sites, "variant %d: host %d: %s", v, host, r.out);
	else
		ck_assert_msg(host == 0 && sites, "variant %d: host %d sites %d: %s", v, host, sites, r.out);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}

/* The variable of a finding's `where` ("part" in "part[3]"). */
static void var_of(const cJSON *f, char *out, size_t n)
{
	const char *w = jstr(f, "where");
	snprintf(out, n, "%.*s", (int)strcspn(w, "[+"), w);
}

static int entry_matches(const struct centry *e, const cJSON *f)
{
	char var[64], l0[96], l1[96];
	var_of(f, var, sizeof var);
	if (strcmp(jstr(f, "kind"), e->kind) != 0 || strcmp(jstr(f, "contract"), e->contract) != 0)
		return 0;
	if (e->var[0] && strcmp(var, e->var) != 0)
		return 0;
	if (e->space[0] && strcmp(jstr(f, "space"), e->space) != 0)
		return 0;
	loc_of(f, 0, l0, sizeof l0);
	if (e->race) {
		loc_of(f, 1, l1, sizeof l1);
		return (strcmp(l0, e->lines[0]) == 0 && strcmp(l1, e->lines[1]) == 0)
		       || (strcmp(l0, e->lines[1]) == 0 && strcmp(l1, e->lines[0]) == 0);
	}
	for (int i = 0; i < e->nlines; i++)
		if (strcmp(l0, e->lines[i]) == 0)
			return 1;
	return 0;
}

/* A racing read may also be seen as a read of uninitialized shared memory
** at the race's own line (docs/CORPUS-CONTRACTS.md). */
static int tolerated(const struct cmanifest *m, const cJSON *f)
{
	if (strcmp(jstr(f, "kind"), "uninitialized-read") != 0)
		return 0;
	char var[64], l0[96];
	var_of(f, var, sizeof var);
	loc_of(f, 0, l0, sizeof l0);
	for (int i = 0; i < m->nf; i++)
		if (m->f[i].race && strcmp(m->f[i].var, var) == 0
		    && (strcmp(l0, m->f[i].lines[0]) == 0 || strcmp(l0, m->f[i].lines[1]) == 0))
			return 1;
	return 0;
}

/* Whether shape-assumption F ("K assumes D <= B: shared 'A[..]' ...",
** "K assumes D >= B: ...", "K assumes whole warps (D a multiple of 32)" or
** "K assumes D is a multiple of B") is assumption A. */
static int assume_matches(const struct cassume *a, const cJSON *f)
{
	char want[400];
	const char *msg = jstr(f, "message");
	if (strcmp(a->rel, "multiple") == 0) {
		/* dim=blockDim.x*blockDim.y*blockDim.z: the block's threads */
		char dim[128] = "";
		for (const char *v = a->dim; *v; v++)
			snprintf(dim + strlen(dim), sizeof dim - strlen(dim), *v == '*' ? " * " : "%c",
				 *v);
		if (a->bound == 32)
			snprintf(want, sizeof want, "%s assumes whole warps (%s a multiple of 32): ",
				 a->kernel, dim);
		else
			snprintf(want, sizeof want, "%s assumes %s is a multiple of %u: ", a->kernel,
				 dim, a->bound);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "lanes") == 0) {
		/* "k assumes blockDim.x is a multiple of 32: its warp-level code takes
		** threadIdx.x for the lane, ..." */
		snprintf(want, sizeof want, "%s assumes %s is a multiple of %u: its warp-level code "
			 "takes threadIdx.x for the lane", a->kernel, a->dim, a->bound);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "ge") == 0 || strcmp(a->rel, "eq") == 0) {
		/* "add_mat assumes d.stride >= d.cols: global 'dst' races unless it
		** holds"; value=3*n: "split_fields assumes stride >= 3 * n: ..." */
		char value[128] = "";
		for (const char *v = a->value; *v; v++)
			snprintf(value + strlen(value), sizeof value - strlen(value), *v == '*' ? " * "
				 : "%c", *v);
		snprintf(want, sizeof want, "%s assumes %s %s %s: global '%s' ", a->kernel, a->scalar,
			 a->rel[0] == 'g' ? ">=" : "==", value, a->arrays[0]);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "nonneg") == 0) {
		/* "head_sums assumes n >= 0: shared 's' is read where ... when it is negative" */
		snprintf(want, sizeof want, "%s assumes %s >= 0: ", a->kernel, a->scalar);
		return strstr(msg, want) != NULL && strstr(msg, "when it is negative") != NULL;
	}
	if (strcmp(a->rel, "flat") == 0) {
		/* "scale assumes blockDim.y == 1: its own code never reads threadIdx.y, ..." */
		snprintf(want, sizeof want, "%s assumes %s == 1: its own code never reads ", a->kernel,
			 a->dim);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "nonzero") == 0) {
		/* "plane_sums assumes n0 != 0: it divides by it" */
		snprintf(want, sizeof want, "%s assumes %s != 0: it divides by it", a->kernel,
			 a->scalar);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "data") == 0) {
		/* "row_sums assumes the values it reads from rows keep val's index in bounds" */
		snprintf(want, sizeof want, "%s assumes the values it reads from %s keep %s's index "
			 "in bounds", a->kernel, a->scalar, a->arrays[0]);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "part") == 0 || strcmp(a->rel, "gridone") == 0) {
		/* "unpack2 assumes blockDim.x <= 64: each block owns a part of global
		** 'out' ...", "col_sums assumes gridDim.y == 1: global 'sums' races
		** between blocks ..." */
		for (int i = 0; i < a->narrays; i++) {
			if (a->rel[0] == 'p')
				snprintf(want, sizeof want, "%s assumes %s <= %u: each block owns a part "
					 "of global '%s' ", a->kernel, a->dim, a->bound, a->arrays[i]);
			else
				snprintf(want, sizeof want, "%s assumes %s == 1: global '%s' races "
					 "between blocks that differ only in ", a->kernel, a->dim,
					 a->arrays[i]);
			if (strstr(msg, want) != NULL)
				return 1;
		}
		return 0;
	}
	if (strcmp(a->rel, "linear") == 0) {
		/* "k assumes blockDim.x <= 32: its code numbers the block's threads
		** threadIdx.x + 32 * threadIdx.y, and shared 'tmp' is read where
		** nothing was written when it is above" */
		snprintf(want, sizeof want, "%s assumes %s <= %u: its code numbers the block's "
			 "threads threadIdx.x + ", a->kernel, a->dim, a->bound);
		const char *p = strstr(msg, want);
		for (int i = 0; p && i < a->narrays; i++) {
			snprintf(want, sizeof want, "'%s'", a->arrays[i]);
			if (strstr(p, want) != NULL)
				return 1;
		}
		return 0;
	}
	if (strcmp(a->rel, "rows") == 0) {
		/* "col_sums assumes blockDim.x >= 32: its code takes threadIdx.x for a
		** row's lanes, and where a smaller block's rows share a warp, global
		** 'out' races" */
		snprintf(want, sizeof want, "%s assumes %s >= %u: its code takes threadIdx.x for a "
			 "row's lanes, and where a smaller block's rows share a warp, global '%s' "
			 "races", a->kernel, a->dim, a->bound, a->arrays[0]);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "segment") == 0) {
		/* "k assumes 128 bytes of dynamic shared memory: ...", "k assumes
		** dynamic shared memory >= 4 * (ncols + 32) bytes: ..." */
		char value[128] = "";
		int bytes = a->value[0] != '\0';
		for (const char *v = a->value; *v; v++) {
			bytes &= *v >= '0' && *v <= '9';
			snprintf(value + strlen(value), sizeof value - strlen(value),
				 *v == '*' ? " * " : *v == '+' ? " + " : "%c", *v);
		}
		if (bytes)
			snprintf(want, sizeof want, "%s assumes %s bytes of dynamic shared memory: ",
				 a->kernel, value);
		else
			snprintf(want, sizeof want, "%s assumes dynamic shared memory >= %s bytes: ",
				 a->kernel, value);
		return strstr(msg, want) != NULL;
	}
	if (strcmp(a->rel, "tie") == 0) {
		/* "mm assumes n == gridDim.x * 16: global 'c' races unless it holds" */
		char value[128] = "";
		for (const char *v = a->value; *v; v++)
			snprintf(value + strlen(value), sizeof value - strlen(value), *v == '*' ? " * "
				 : "%c", *v);
		snprintf(want, sizeof want, "%s assumes %s == %s: global '%s' ", a->kernel,
			 a->scalar, value, a->arrays[0]);
		return strstr(msg, want) != NULL;
	}
	/* dim=blockDim.x*blockDim.y*blockDim.z: the block's threads */
	char dim[128] = "";
	for (const char *v = a->dim; *v; v++)
		snprintf(dim + strlen(dim), sizeof dim - strlen(dim), *v == '*' ? " * " : "%c", *v);
	snprintf(want, sizeof want, "%s assumes %s %s %u: shared '", a->kernel, dim, a->rel,
		 a->bound);
	const char *p = strstr(msg, want);
	if (p == NULL)
		return 0;
	p += strlen(want);
	for (int i = 0; i < a->narrays; i++) {
		size_t n = strlen(a->arrays[i]);
		/* 'part[256]', or 'smem' for a variable without extents */
		if (strncmp(p, a->arrays[i], n) == 0 && (p[n] == '[' || p[n] == '\''))
			return 1;
	}
	return 0;
}

/* `simulee-c FILE [WITH]` (WITH: "" for none) in warp model MODEL, as JSON. */
static cJSON *run_cu(struct tu_run *r, const char *file, const char *with, const char *model)
{
	char path[512], wpath[512];
	snprintf(path, sizeof path, "%s/kernels/contracts/%s", tu_env("SIMULEE_SRCDIR"), file);
	snprintf(wpath, sizeof wpath, "%s/kernels/contracts/%s", tu_env("SIMULEE_SRCDIR"), with);
	const char *args[] = { path, "--format=json", "--warp-model", model, with[0] ? wpath : NULL, NULL };
	tu_run_bin(r, args);
	ck_assert_msg(r->status == 0 || r->status == 1, "%s: exit %d: %s", file, r->status, r->err);
	return tu_check_report_json(r->out);
}

/* A launch the program makes with constants only, on which the kernel's
** assert fails whatever the buffers hold, is a bug at the host contract
** (tile_sum asserts a block of 256, the host launches 128), reported at the
** assert; one that fails on the data only (data_check asserts its input
** is not negative: the host's data decides) is not. */
START_TEST(host_assert)
{
	if (!tu_need_clang("contracts host_assert", 0))
		return;
	static const char src[] =
		"#include <cassert>\n"
		"#include <cuda_runtime.h>\n"
		"\n"
		"__global__ void tile_sum(const float *in, float *out)\n"
		"{\n"
		"\tassert(blockDim.x == 256);\n"
		"\t__shared__ float s[256];\n"
		"\ts[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];\n"
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0) {\n"
		"\t\tfloat t = 0;\n"
		"\t\tfor (int i = 0; i < 256; i++)\n"
		"\t\t\tt += s[i];\n"
		"\t\tout[blockIdx.x] = t;\n"
		"\t}\n"
		"}\n"
		"\n"
		"__global__ void data_check(const float *in, float *out)\n"
		"{\n"
		"\tassert(in[threadIdx.x] >= 0.0f);\n"
		"\tout[threadIdx.x] = in[threadIdx.x];\n"
		"}\n"
		"\n"
		"int main()\n"
		"{\n"
		"\tfloat *in, *out;\n"
		"\tcudaMalloc(&in, 4096 * sizeof(float));\n"
		"\tcudaMalloc(&out, 4096 * sizeof(float));\n"
		"\tstatic float host[4096];\n"
		"\tcudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);\n"
		"\ttile_sum<<<16, 128>>>(in, out);\n"
		"\tdata_check<<<1, 128>>>(in, out);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	char *path = tu_tmp_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ path, "--format=json", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	int n = 0;
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		if (strcmp(jstr(f, "kind"), "assert") != 0)
			continue;
		n++;
		ck_assert_str_eq(jstr(f, "contract"), "host");
		ck_assert_ptr_nonnull(strstr(jstr(f, "detail"), "blockDim.x == 256"));
		char l0[96];
		loc_of(f, 0, l0, sizeof l0);
		ck_assert_msg(strstr(l0, ".cu:6") != NULL, "reported at %s", l0);
	}
	ck_assert_int_eq(n, 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(path);
	free(path);
}
END_TEST

/* A buffer the host cudaMallocs and never writes before the launch (y in
** saxpy_missing_copy) starts unwritten at the host launch: the report's
** launch says `uninit` for it and not for the copied x, and its replay
** line, run as it stands, finds the read again. */
START_TEST(host_uninit_replay)
{
	if (!tu_need_clang("contracts host_uninit_replay", 0))
		return;
	char path[4200];
	snprintf(path, sizeof path, "%s/kernels/contracts/saxpy_missing_copy.cu", tu_env("SIMULEE_SRCDIR"));
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ path, "--format=json", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	const cJSON *f = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "findings"), 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(jstr(f, "kind"), "uninitialized-read");
	ck_assert_str_eq(jstr(f, "contract"), "host");
	const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"),
					    cJSON_GetObjectItemCaseSensitive(f, "launch")->valueint);
	const cJSON *b;
	int seen = 0;
	cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(l, "buffers")) {
		int is_y = strcmp(jstr(b, "name"), "y") == 0;
		ck_assert_int_eq(strcmp(jstr(b, "init"), "uninit") == 0, is_y);
		seen += is_y;
	}
	ck_assert_int_eq(seen, 1);
	ck_assert_ptr_nonnull(strstr(jstr(l, "options"), "--init y=uninit"));
	struct tu_run rr;
	run_options(&rr, path, jstr(l, "options"));
	ck_assert_msg(rr.status == 1 && strstr(rr.out, "uninitialized memory on global 'y[") != NULL,
		      "replay exit %d: %s", rr.status, rr.out);
	tu_run_free(&rr);
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

/* A host launch past the host thread budget (2^20 threads: 4096 blocks of
** 512) runs its first blocks, which read the program's gridDim: mirror
** indexes by gridDim.x and its own block count, right when they agree, as
** they do in the program's launch, so no launch shows an out-of-bounds
** write, under any contract.  (A grid of fewer blocks, read as such by
** gridDim, would write past `out`.) */
START_TEST(host_shrunk_launch)
{
	if (!tu_need_clang("contracts host_shrunk_launch", 0))
		return;
	static const char src[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void mirror(int *out, int nblocks)\n"
		"{\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tout[2 * nblocks - (int)gridDim.x - 1 - (int)blockIdx.x] = blockIdx.x;\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tint *out;\n"
		"\tcudaMalloc(&out, 4096 * sizeof(int));\n"
		"\tmirror<<<4096, 512>>>(out, 4096);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	char *path = tu_tmp_cu(src);
	for (int any = 0; any < 2; any++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--format=json", any ? "--contract=any" : NULL,
						      NULL });
		ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.out);
		cJSON *doc = tu_check_report_json(r.out);
		const cJSON *f;
		cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
			ck_assert_msg(strcmp(jstr(f, "kind"), "out-of-bounds") != 0, "%s", r.out);
		/* the host launch ran, with its first blocks */
		int first = 0;
		const cJSON *l;
		cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(doc, "launches")) {
			const cJSON *pg = cJSON_GetObjectItemCaseSensitive(l, "program_grid");
			first += cJSON_IsArray(pg) && cJSON_GetArrayItem(pg, 0)->valueint == 4096;
		}
		ck_assert_msg(first > 0 || !any, "%s", r.out);
		cJSON_Delete(doc);
		tu_run_free(&r);
	}
	unlink(path);
	free(path);
}
END_TEST

/* Rule 12's read-back rerun with a buffer sized for the count: `level`
** runs only for worklists of 1024 and more (the host's branch), so its
** lowest read-back length is still past a queue of the n elements the
** search drew.  A count the device wrote back counts elements of a buffer
** the program sized, so the rerun grows n (the loop counter `i >= n`
** follows it) to 1024: the guarded kernel is clean there, and its reads
** past the small queue lie outside the contract; the kernel that reads
** one past its element (queue[t + 1]) stays a host error; a queue of a
** constant 100 elements is the program's own, and stays too. */
START_TEST(host_readback_sized)
{
	if (!tu_need_clang("contracts host_readback_sized", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"#include <stdlib.h>\n"
		"__global__ void level(const int *queue, int qlen, int *out, int *count)\n"
		"{\n"
		"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tif (t < qlen)\n"
		"\t\tout[t] = queue[t%s] + 1;\n"
		"\tif (t == 0)\n"
		"\t\t*count = qlen / 2;\n"
		"}\n"
		"int main(int argc, char **argv)\n"
		"{\n"
		"\tint n = atoi(argv[1]);\n"
		"\tint *queue, *out, *count, i;\n"
		"\tint *h = (int *)malloc(%s * sizeof(int));\n"
		"\tfor (i = 0; i < %s; i++)\n"
		"\t\th[i] = 0;\n"
		"\tcudaMalloc(&queue, %s * sizeof(int));\n"
		"\tcudaMalloc(&out, %s * sizeof(int));\n"
		"\tcudaMalloc(&count, sizeof(int));\n"
		"\tcudaMemcpy(queue, h, %s * sizeof(int), cudaMemcpyHostToDevice);\n"
		"\tint len = 1;\n"
		"\twhile (len > 0) {\n"
		"\t\tif (len >= 1024)\n"
		"\t\t\tlevel<<<(len + 1023) / 1024, 1024>>>(queue, len, out, count);\n"
		"\t\tcudaMemcpy(&len, count, sizeof(int), cudaMemcpyDeviceToHost);\n"
		"\t}\n"
		"\treturn 0;\n"
		"}\n";
	/* the index's tail, the size; host errors on queue expected */
	static const struct { const char *idx, *n; int host; } v[] = {
		{ "", "n", 0 }, { " + 1", "n", 1 }, { "", "100", 1 },
	};
	for (unsigned k = 0; k < sizeof v / sizeof v[0]; k++) {
		char src[sizeof fmt + 64];
		snprintf(src, sizeof src, fmt, v[k].idx, v[k].n, v[k].n, v[k].n, v[k].n, v[k].n);
		char *path = tu_tmp_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--format=json", "--contract=any", NULL });
		cJSON *doc = tu_check_report_json(r.out);
		int host = 0, queue_host = 0, none = 0, warned = 0;
		const cJSON *f;
		cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
			if (strcmp(jstr(f, "kind"), "out-of-bounds") == 0) {
				int h = strcmp(jstr(f, "contract"), "host") == 0;
				host += h;
				queue_host += h && strstr(jstr(f, "message"), "'queue[") != NULL;
				none += strcmp(jstr(f, "contract"), "none") == 0;
			}
			const cJSON *d = cJSON_GetObjectItemCaseSensitive(f, "detail");
			warned += cJSON_IsString(d)
				  && strstr(d->valuestring, "assumes the len the host reads back from the "
							   "device keeps") != NULL;
		}
		if (v[k].host) {
			ck_assert_msg(queue_host > 0, "case %u: host %d none %d: %s", k, host, none, r.out);
		} else {
			ck_assert_msg(host == 0 && none > 0 && warned == 1, "case %u: host %d none %d warned %d: %s",
				      k, host, none, warned, r.out);
		}
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(path);
		free(path);
	}
}
END_TEST

/* A host launch past the thread budget in a kernel that reads no gridDim
** runs its first blocks, each doing what it does in the program's launch:
** the shared race of `stage` at <<<65536, 256>>> is a host error, and the
** launch names the program's grid (JSON program_grid, the text's
** contract line). */
START_TEST(host_shrunk_blocks)
{
	if (!tu_need_clang("contracts host_shrunk_blocks", 0))
		return;
	static const char src[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void stage(int *out)\n"
		"{\n"
		"\t__shared__ int s[256];\n"
		"\ts[threadIdx.x] = threadIdx.x;\n"
		"\tif (threadIdx.x == 0)\n"
		"\t\tout[blockIdx.x] = s[threadIdx.x + 1];\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tint *out;\n"
		"\tcudaMalloc(&out, 65536 * sizeof(int));\n"
		"\tstage<<<65536, 256>>>(out);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	char *path = tu_tmp_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ path, "--format=json", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	int races = 0;
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		if (strcmp(jstr(f, "kind"), "data-race") != 0)
			continue;
		races++;
		ck_assert_str_eq(jstr(f, "contract"), "host");
		const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"),
						    cJSON_GetObjectItemCaseSensitive(f, "launch")->valueint);
		const cJSON *pg = cJSON_GetObjectItemCaseSensitive(l, "program_grid");
		ck_assert(cJSON_IsArray(pg));
		ck_assert_int_eq(cJSON_GetArrayItem(pg, 0)->valueint, 65536);
		ck_assert_int_lt(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(l, "grid"), 0)->valueint,
				 65536);
	}
	ck_assert_int_eq(races, 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ path, NULL });
	ck_assert_msg(strstr(r.out, "blocks\n") != NULL && strstr(r.out, " of its 65536,1,1 blocks") != NULL,
		      "%s", r.out);
	tu_run_free(&r);
	unlink(path);
	free(path);
}
END_TEST

/* The same for a kernel that reads gridDim: a grid-stride loop keeps the
** program's stride in the first blocks that run.  `shift` reads its
** neighbour's staged element before the barrier its fixed twin has: at
** <<<8192, 256>>> that race is a host error, whose launch line replays
** the part that ran (--grid 8192,1,1 --run-blocks 4096,1,1); the twin
** shows no error.  One generation of one launch: the host's. */
START_TEST(host_shrunk_stride)
{
	if (!tu_need_clang("contracts host_shrunk_stride", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void shift(int *a, int n)\n"
		"{\n"
		"\t__shared__ int t[256];\n"
		"\tfor (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {\n"
		"\t\tt[threadIdx.x] = a[i];\n"
		"\t\t%s\n"
		"\t\ta[i] = t[(threadIdx.x + 1) %% 256];\n"
		"\t\t__syncthreads();\n"
		"\t}\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tint n = 8192 * 256, *a;\n"
		"\tcudaMalloc(&a, n * sizeof(int));\n"
		"\tcudaMemset(a, 0, n * sizeof(int));\n"
		"\tshift<<<n / 256, 256>>>(a, n);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	for (int fixed = 0; fixed < 2; fixed++) {
		char src[1024];
		snprintf(src, sizeof src, fmt, fixed ? "__syncthreads();" : "");
		char *path = tu_tmp_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--format=json", "--generations", "0",
						      "--population", "1", NULL });
		cJSON *doc = tu_check_report_json(r.out);
		const cJSON *l = NULL;
		int errors = host_errors(doc, "data-race", &l);
		char *opts = l ? strdup(jstr(l, "options")) : NULL;
		ck_assert_msg(errors == !fixed && r.status == !fixed, "fixed %d: exit %d: %s", fixed,
			      r.status, r.out);
		cJSON_Delete(doc);
		tu_run_free(&r);
		if (opts) {
			ck_assert_msg(strstr(opts, "--grid 8192,1,1 --run-blocks 4096,1,1 ") != NULL, "%s",
				      opts);
			run_options(&r, path, opts);
			ck_assert_msg(r.status == 1 && strstr(r.out, "error: data race on shared 't[") != NULL,
				      "replay exit %d: %s", r.status, r.out);
			tu_run_free(&r);
			free(opts);
		}
		unlink(path);
		free(path);
	}
}
END_TEST

/* A buffer past 64 MiB (2^25 ints) is left unbounded, as one whose size
** the host does not show; the launch stays the program's: `rotate`'s
** shared race (a neighbour read before the barrier its fixed twin has)
** is a host error, the twin shows no error. */
START_TEST(host_big_buffer)
{
	if (!tu_need_clang("contracts host_big_buffer", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void rotate(int *a, int n)\n"
		"{\n"
		"\t__shared__ int t[256];\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tt[threadIdx.x] = i < n ? a[i] : 0;\n"
		"\t%s\n"
		"\tif (i < n)\n"
		"\t\ta[i] = t[(threadIdx.x + 1) %% 256];\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tint *a;\n"
		"\tcudaMalloc(&a, (1 << 25) * sizeof(int));\n"
		"\tcudaMemset(a, 0, 1024 * sizeof(int));\n"
		"\trotate<<<4, 256>>>(a, 1024);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	for (int fixed = 0; fixed < 2; fixed++) {
		char src[1024];
		snprintf(src, sizeof src, fmt, fixed ? "__syncthreads();" : "");
		char *path = tu_tmp_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--format=json", NULL });
		cJSON *doc = tu_check_report_json(r.out);
		int errors = host_errors(doc, "data-race", NULL);
		ck_assert_msg(errors == !fixed && r.status == !fixed, "fixed %d: exit %d: %s", fixed,
			      r.status, r.out);
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(path);
		free(path);
	}
}
END_TEST

/* Every launch the host code makes cut short by the time limit, while the
** launches the search makes up beside them lie under `none`: nothing the
** contract covers was checked, a warning at the host's launch site says
** so (with --contract=none too), and --fail-on=warning fails. */
START_TEST(host_all_cut)
{
	if (!tu_need_clang("contracts host_all_cut", 0))
		return;
	static const char src[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void spin(int *p, int n)\n"
		"{\n"
		"\tfor (int k = 0; k < n; k++)\n"
		"\t\tatomicAdd(&p[threadIdx.x % 4], k);\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tint *p;\n"
		"\tcudaMalloc(&p, 4 * sizeof(int));\n"
		"\tspin<<<1024, 256>>>(p, 1 << 30);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	char *path = tu_tmp_cu(src);
	for (int strict = 0; strict < 2; strict++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--time-limit", "1", "--max-steps",
						      "4000000000", strict ? "--fail-on=warning" : NULL,
						      NULL });
		ck_assert_msg(r.status == strict, "exit %d: %s%s", r.status, r.out, r.err);
		ck_assert_msg(strstr(r.out, ":11:2: warning: nothing checked: the time limit (1 s) cut "
				     "short every launch the host code makes (") != NULL, "%s", r.out);
		tu_run_free(&r);
	}
	unlink(path);
	free(path);
}
END_TEST

/* A host launch past the work budget of a launch (2^26 warp
** instructions: 4096 blocks, each reading a row of 2^20 floats) runs its
** first blocks, as one past the thread budget does, rather than nothing:
** the race on `part` (no barrier before thread 0 sums it) is a host
** error, its launch the program's grid with the blocks that ran below it;
** the twin with the barrier shows no error. */
START_TEST(host_heavy_blocks)
{
	if (!tu_need_clang("contracts host_heavy_blocks", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void rowsum(const float *in, float *out, int n)\n"
		"{\n"
		"\t__shared__ float part[256];\n"
		"\tfloat acc = 0;\n"
		"\tfor (int j = threadIdx.x; j < n; j += blockDim.x)\n"
		"\t\tacc += in[j];\n"
		"\tpart[threadIdx.x] = acc;\n"
		"\t%s\n"
		"\tif (threadIdx.x == 0) {\n"
		"\t\tfloat s = 0;\n"
		"\t\tfor (int i = 0; i < blockDim.x; i++)\n"
		"\t\t\ts += part[i];\n"
		"\t\tout[blockIdx.x] = s;\n"
		"\t}\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tint n = 1 << 20;\n"
		"\tfloat *in, *out;\n"
		"\tcudaMalloc(&in, n * sizeof(float));\n"
		"\tcudaMalloc(&out, 4096 * sizeof(float));\n"
		"\tcudaMemset(in, 0, n * sizeof(float));\n"
		"\trowsum<<<4096, 256>>>(in, out, n);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	for (int fixed = 0; fixed < 2; fixed++) {
		char src[1024];
		snprintf(src, sizeof src, fmt, fixed ? "__syncthreads();" : "");
		char *path = tu_tmp_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--format=json", "--generations", "0",
						      "--population", "1", NULL });
		ck_assert_msg(r.status == !fixed, "exit %d: %s", r.status, r.err);
		cJSON *doc = tu_check_report_json(r.out);
		const cJSON *l = NULL;
		int errors = host_errors(doc, "data-race", &l);
		ck_assert_int_eq(errors, !fixed);
		if (!fixed) {
			const cJSON *pg = cJSON_GetObjectItemCaseSensitive(l, "program_grid");
			ck_assert(cJSON_IsArray(pg));
			ck_assert_int_eq(cJSON_GetArrayItem(pg, 0)->valueint, 4096);
			int ran = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(l, "grid"), 0)->valueint;
			ck_assert_msg(ran >= 1 && ran < 4096, "%d blocks", ran);
		}
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(path);
		free(path);
	}
}
END_TEST

/* The step budget stopping every launch the host code makes (a thread
** that loops 2^24 times) is a limit of the simulation, not the
** program's fault, and it hides the program's launch: a warning at the
** host's launch site says so and which option raises it, while the
** launches the search makes up (smaller n) lie under `none`.  Until
** then such a kernel read `0 errors, 0 warnings`. */
START_TEST(host_step_budget)
{
	if (!tu_need_clang("contracts host_step_budget", 0))
		return;
	static const char src[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void mix(unsigned *out, int n)\n"
		"{\n"
		"\tunsigned acc = threadIdx.x;\n"
		"\tfor (int k = 0; k < n; k++)\n"
		"\t\tacc = acc * 3u + (unsigned)k;\n"
		"\tout[blockIdx.x * blockDim.x + threadIdx.x] = acc;\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tunsigned *out;\n"
		"\tcudaMalloc(&out, 64 * sizeof(unsigned));\n"
		"\tmix<<<2, 32>>>(out, 1 << 24);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	char *path = tu_tmp_cu(src);
	for (int strict = 0; strict < 2; strict++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--generations", "0", "--population",
						      "2", strict ? "--fail-on=warning" : NULL, NULL });
		ck_assert_msg(r.status == strict, "exit %d: %s%s", r.status, r.out, r.err);
		ck_assert_msg(strstr(r.out, ":13:2: warning: nothing checked: no launch the host code "
				     "makes ran to its end: the step or memory budget, a limit of the "
				     "simulation and not a fault of the program, stopped ")
			      != NULL, "%s", r.out);
		ck_assert_msg(strstr(r.out, " (--max-steps and --max-memory raise them); the ") != NULL,
			      "%s", r.out);
		tu_run_free(&r);
	}
	unlink(path);
	free(path);
}
END_TEST

/* A kernel that loops forever whatever its launch, launched by the host:
** the search's own launches never finish either, so the step budget at
** the program's launch is the kernel's fault, an error (under `host`),
** not the simulation's limit that host_step_budget's warning names (that
** needs launches of the search's that finish, or none of them run). */
START_TEST(host_never_finishes)
{
	if (!tu_need_clang("contracts host_never_finishes", 0))
		return;
	char *path = tu_tmp_cu("#include <cuda_runtime.h>\n"
			       "__global__ void spin(int *p)\n"
			       "{\n"
			       "\tfor (;;)\n"
			       "\t\tatomicAdd(&p[threadIdx.x % 4], 1);\n"
			       "}\n"
			       "int main()\n"
			       "{\n"
			       "\tint *p;\n"
			       "\tcudaMalloc(&p, 4 * sizeof(int));\n"
			       "\tspin<<<2, 64>>>(p);\n"
			       "\tcudaDeviceSynchronize();\n"
			       "\treturn 0;\n"
			       "}\n");
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ path, "--generations", "1", "--population", "2",
					      NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, ":4: error: thread did not finish") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "no launch finishes: all ") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "nothing checked") == NULL, "%s", r.out);
	tu_run_free(&r);
	unlink(path);
	free(path);
}
END_TEST

/* Rule 12 for the host's read-backs: a worklist loop launches `expand`
** with the length a kernel wrote back (`cudaMemcpy(&len, ...,
** cudaMemcpyDeviceToHost)`), which the search makes up.  Past the queue's
** 100 elements that is a length no run gives: the guarded kernel's
** out-of-bounds reads need it, so they lie outside the contract with a
** warning naming `len`; the kernel that drops the guard reads past the
** queue at len = 1 too, and stays a host error. */
START_TEST(host_readback_len)
{
	if (!tu_need_clang("contracts host_readback_len", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void expand(const int *queue, int qlen, int *out, int *count)\n"
		"{\n"
		"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tif (%s)\n"
		"\t\tout[t] = queue[t] + 1;\n"
		"\tif (t == 0)\n"
		"\t\t*count = qlen / 2;\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tint *queue, *out, *count;\n"
		"\tcudaMalloc(&queue, 100 * sizeof(int));\n"
		"\tcudaMalloc(&out, 100 * sizeof(int));\n"
		"\tcudaMalloc(&count, sizeof(int));\n"
		"\tcudaMemset(queue, 0, 100 * sizeof(int));\n"
		"\tint len = 1;\n"
		"\twhile (len > 0) {\n"
		"\t\texpand<<<(len + 255) / 256, 256>>>(queue, len, out, count);\n"
		"\t\tcudaMemcpy(&len, count, sizeof(int), cudaMemcpyDeviceToHost);\n"
		"\t}\n"
		"\treturn 0;\n"
		"}\n";
	for (int guarded = 0; guarded < 2; guarded++) {
		char src[sizeof fmt + 32];
		snprintf(src, sizeof src, fmt, guarded ? "t < qlen" : "t >= 0");
		char *path = tu_tmp_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--format=json", "--contract=any", NULL });
		cJSON *doc = tu_check_report_json(r.out);
		int host = 0, none = 0, warned = 0;
		const cJSON *f;
		cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
			if (strcmp(jstr(f, "kind"), "out-of-bounds") == 0) {
				host += strcmp(jstr(f, "contract"), "host") == 0;
				none += strcmp(jstr(f, "contract"), "none") == 0;
			}
			const cJSON *d = cJSON_GetObjectItemCaseSensitive(f, "detail");
			warned += cJSON_IsString(d)
				  && strstr(d->valuestring, "assumes the len the host reads back from the "
							   "device keeps queue's index in bounds") != NULL;
		}
		if (guarded) {
			ck_assert_msg(host == 0 && none > 0 && warned == 1, "host %d none %d warned %d: %s",
				      host, none, warned, r.out);
		} else {
			ck_assert_msg(host > 0 && warned == 0, "host %d warned %d: %s", host, warned, r.out);
		}
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(path);
		free(path);
	}
}
END_TEST

/* Rule 12 for a heap array another file fills through a pointer
** parameter: bucket sizes computed from counts copied back from the
** device (hybridsort's bucketSort), summed by main into the launch's
** length.  The sum is read back, so the rerun at its lowest value decides;
** its lowest, 0, gives a grid of no block, which CUDA refuses, so the
** rerun takes the least sum that launches (4).  The out-of-bounds writes
** past the 1024-element buffer need a made-up sum: a warning naming
** `total`, no host error.  The twin's helper fills the sizes from main's
** argument instead: the sum is the program's own, and the error stays
** `host`. */
START_TEST(host_readback_param)
{
	if (!tu_need_clang("contracts host_readback_param", 0))
		return;
	static const char fillfmt[] =
		"#include <cuda_runtime.h>\n"
		"#include <stdlib.h>\n"
		"unsigned *h_counts = NULL;\n"
		"void init_fill(int n)\n"
		"{\n"
		"\th_counts = (unsigned *)malloc(n * sizeof(unsigned));\n"
		"}\n"
		"void fill_sizes(const unsigned *d_counts, int *sizes, int n, int q)\n"
		"{\n"
		"\tcudaMemcpy(h_counts, d_counts, n * sizeof(unsigned), cudaMemcpyDeviceToHost);\n"
		"\tfor (int i = 0; i < n; i++)\n"
		"\t\tsizes[i] = (%s + 3) / 4;\n"
		"}\n";
	static const char mainsrc[] =
		"#include <cuda_runtime.h>\n"
		"#include <stdlib.h>\n"
		"void init_fill(int n);\n"
		"void fill_sizes(const unsigned *d_counts, int *sizes, int n, int q);\n"
		"__global__ void first(float4 *result, int listsize)\n"
		"{\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tif (i < listsize / 4)\n"
		"\t\tresult[i] = make_float4(1, 2, 3, 4);\n"
		"}\n"
		"int main(int argc, char **argv)\n"
		"{\n"
		"\tfloat4 *result;\n"
		"\tunsigned *counts;\n"
		"\tcudaMalloc(&result, 1024 * sizeof(float4));\n"
		"\tcudaMalloc(&counts, 64 * sizeof(unsigned));\n"
		"\tint *sizes = (int *)malloc(64 * sizeof(int));\n"
		"\tinit_fill(64);\n"
		"\tfill_sizes(counts, sizes, 64, atoi(argv[1]));\n"
		"\tint total = 0;\n"
		"\tfor (int i = 0; i < 64; i++)\n"
		"\t\ttotal += sizes[i] * 4;\n"
		"\tint blocks = (total / 4) % 256 == 0 ? (total / 4) / 256 : (total / 4) / 256 + 1;\n"
		"\tfirst<<<blocks, 256>>>(result, total);\n"
		"\treturn 0;\n"
		"}\n";
	for (int dev = 0; dev < 2; dev++) {
		char fill[sizeof fillfmt + 32];
		snprintf(fill, sizeof fill, fillfmt, dev ? "h_counts[i]" : "q");
		char *a = tu_tmp_cu(fill), *b = tu_tmp_cu(mainsrc);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ a, b, "--format=json", "--contract=any", NULL });
		cJSON *doc = tu_check_report_json(r.out);
		int host = 0, warned = 0;
		const cJSON *f;
		cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
			if (strcmp(jstr(f, "kind"), "out-of-bounds") == 0)
				host += strcmp(jstr(f, "contract"), "host") == 0;
			const cJSON *d = cJSON_GetObjectItemCaseSensitive(f, "detail");
			warned += cJSON_IsString(d)
				  && strstr(d->valuestring, "assumes the total the host reads back from the "
							   "device keeps result's index in bounds") != NULL;
		}
		if (dev)
			ck_assert_msg(host == 0 && warned == 1, "host %d warned %d: %s", host, warned, r.out);
		else
			ck_assert_msg(host > 0 && warned == 0, "host %d warned %d: %s", host, warned, r.out);
		cJSON_Delete(doc);
		tu_run_free(&r);
		unlink(a);
		unlink(b);
		free(a);
		free(b);
	}
}
END_TEST

/* A wrapper whose address is taken (a benchmark template calls it through
** a function pointer, given main's locals by reference, as llm.c's
** dev/cuda programs time every kernel) is bound by its direct calls
** alone, and a helper that only reads the locals it is given leaves their
** values known: the launches are the program's, C = 768, and the shared
** row buffer's overflow past 1024 columns is no host error.  The twin
** reads C from main's argument: any C, and the overflow is `host`.  A
** wrapper called only through the pointer takes what bench's callers
** pass (bench's parameter is the pointer, its callers pass the function):
** the same launches, nothing under `host`. */
START_TEST(host_fnptr_callers)
{
	if (!tu_need_clang("contracts host_fnptr_callers", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"#include <stdlib.h>\n"
		"#include <utility>\n"
		"__global__ void row_norm(float *out, const float *x, int C)\n"
		"{\n"
		"\t__shared__ float buf[1024];\n"
		"\tconst float *row = x + blockIdx.x * C;\n"
		"\tfor (int j = threadIdx.x; j < C; j += blockDim.x)\n"
		"\t\tbuf[j] = row[j];\n"
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0) {\n"
		"\t\tfloat s = 0.0f;\n"
		"\t\tfor (int j = 0; j < C; j++)\n"
		"\t\t\ts += buf[j] * buf[j];\n"
		"\t\tout[blockIdx.x] = s;\n"
		"\t}\n"
		"}\n"
		"void launch_row_norm(float *out, const float *x, int N, int C, int bs)\n"
		"{\n"
		"\trow_norm<<<N, bs>>>(out, x, C);\n"
		"}\n"
		"template <class F, class... A> float bench(int reps, F f, A &&...a)\n"
		"{\n"
		"\tfor (int r = 0; r < reps; r++)\n"
		"\t\tf(std::forward<A>(a)...);\n"
		"\treturn 0.0f;\n"
		"}\n"
		"int main(int argc, char **argv)\n"
		"{\n"
		"\tint N = 8, C = %s;\n"
		"\tfloat *out, *x;\n"
		"\tcudaMalloc(&out, N * sizeof(float));\n"
		"\tcudaMalloc(&x, N * C * sizeof(float));\n"
		"\tint sizes[] = { 32, 64, 128, 256 };\n"
		"\tfor (int j = 0; j < 4; j++) {\n"
		"\t\t%s\n"
		"\t\tbench(10, launch_row_norm, out, x, N, C, sizes[j]);\n"
		"\t}\n"
		"\treturn 0;\n"
		"}\n";
	static const char *const variant[][2] = {
		{ "768", "launch_row_norm(out, x, N, C, sizes[j]);" },
		{ "argc > 1 ? atoi(argv[1]) : 768", "launch_row_norm(out, x, N, C, sizes[j]);" },
		{ "768", "" },
	};
	for (int v = 0; v < 3; v++) {
		char src[sizeof fmt + 128];
		snprintf(src, sizeof src, fmt, variant[v][0], variant[v][1]);
		expect_host_variant(src, v);	/* the twin (v = 1) keeps its `host` error */
	}
}
END_TEST

/* A driver template given the launcher as a function-pointer parameter
** (`template <class K> void attention_backward1(..., K softmax, int bs)`
** as llm.c's attention_backward calls launch_softmax_6..8) calls it with
** its own parameters: the launcher takes what the driver's callers pass,
** directly or through one forwarding template.  C = 768, and the shared
** row buffer's overflow past 1024 columns is no host error; the twins
** read C from main's argument and keep it `host`.  One loop iteration a
** program: 0 the driver, 1 its twin, 2 through the forwarder, 3 its twin. */
START_TEST(host_fnparam_driver)
{
	if (!tu_need_clang("contracts host_fnparam_driver", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"#include <stdlib.h>\n"
		"__global__ void row_norm(float *out, const float *x, int C)\n"
		"{\n"
		"\t__shared__ float buf[1024];\n"
		"\tconst float *row = x + blockIdx.x * C;\n"
		"\tfor (int j = threadIdx.x; j < C; j += blockDim.x)\n"
		"\t\tbuf[j] = row[j];\n"
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0) {\n"
		"\t\tfloat s = 0.0f;\n"
		"\t\tfor (int j = 0; j < C; j++)\n"
		"\t\t\ts += buf[j] * buf[j];\n"
		"\t\tout[blockIdx.x] = s;\n"
		"\t}\n"
		"}\n"
		"void launch_row_norm(float *out, const float *x, int N, int C, int bs)\n"
		"{\n"
		"\trow_norm<<<N, bs>>>(out, x, C);\n"
		"}\n"
		"template <class Launcher>\n"
		"void drive(float *out, const float *x, int N, int C, Launcher launch, const int bs)\n"
		"{\n"
		"\tlaunch(out, x, N, C, bs);\n"
		"}\n"
		"template <class Launcher>\n"
		"void outer(float *out, const float *x, int N, int C, Launcher launch, int bs)\n"
		"{\n"
		"\tdrive(out, x, N, C, launch, bs);\n"
		"}\n"
		"int main(int argc, char **argv)\n"
		"{\n"
		"\tint N = 8, C = %s;\n"
		"\tfloat *out, *x;\n"
		"\tcudaMalloc(&out, N * sizeof(float));\n"
		"\tcudaMalloc(&x, N * C * sizeof(float));\n"
		"\tint sizes[] = { 64, 128 };\n"
		"\tfor (int j = 0; j < 2; j++)\n"
		"\t\t%s(out, x, N, C, launch_row_norm, sizes[j]);\n"
		"\treturn 0;\n"
		"}\n";
	const int v = _i;
	const char *c = v % 2 ? "argc > 1 ? atoi(argv[1]) : 768" : "768";
	char src[sizeof fmt + 128];
	snprintf(src, sizeof src, fmt, c, v < 2 ? "drive" : "outer");
	expect_host_variant(src, v);
}
END_TEST

/* A launch inside a lambda reads its captures through the closure: a
** by-reference capture through the pointer the closure holds (launched
** from a generic lambda a dispatch template calls with a block size, as
** llm.c's attention_backward does), a by-value one from the closure's
** own field (a lambda given to a forwarding template).  Both take the
** caller's values: C = 768, and the shared row buffer's overflow past
** 1024 columns is no host error.  The twins read C from main's argument:
** any C, and the overflow stays `host`.  One loop iteration a program:
** 0 by reference, 1 its twin, 2 by value, 3 its twin. */
START_TEST(host_lambda_captures)
{
	if (!tu_need_clang("contracts host_lambda_captures", 0))
		return;
	static const char fmt[] =
		"#include <cuda_runtime.h>\n"
		"#include <stdlib.h>\n"
		"#include <type_traits>\n"
		"#include <utility>\n"
		"__global__ void row_norm(float *out, const float *x, int C)\n"
		"{\n"
		"\t__shared__ float buf[1024];\n"
		"\tconst float *row = x + blockIdx.x * C;\n"
		"\tfor (int j = threadIdx.x; j < C; j += blockDim.x)\n"
		"\t\tbuf[j] = row[j];\n"
		"\t__syncthreads();\n"
		"\tif (threadIdx.x == 0) {\n"
		"\t\tfloat s = 0.0f;\n"
		"\t\tfor (int j = 0; j < C; j++)\n"
		"\t\t\ts += buf[j] * buf[j];\n"
		"\t\tout[blockIdx.x] = s;\n"
		"\t}\n"
		"}\n"
		"template <class L> void dispatch(L &&launch, int bs)\n"
		"{\n"
		"\tswitch (bs) {\n"
		"\tcase 64: return launch(std::integral_constant<int, 64>{});\n"
		"\tcase 128: return launch(std::integral_constant<int, 128>{});\n"
		"\t}\n"
		"}\n"
		"template <class F> void run(F &&f)\n"
		"{\n"
		"\tstd::forward<F>(f)();\n"
		"}\n"
		"void launch_ref(float *out, const float *x, int N, int C, int bs)\n"
		"{\n"
		"\tauto launch = [&](auto ic) { row_norm<<<N, ic.value>>>(out, x, C); };\n"
		"\tdispatch(launch, bs);\n"
		"}\n"
		"void launch_val(float *out, const float *x, int N, int C)\n"
		"{\n"
		"\trun([=]() { row_norm<<<N, 256>>>(out, x, C); });\n"
		"}\n"
		"int main(int argc, char **argv)\n"
		"{\n"
		"\tint N = 8, C = %s;\n"
		"\tfloat *out, *x;\n"
		"\tcudaMalloc(&out, N * sizeof(float));\n"
		"\tcudaMalloc(&x, N * C * sizeof(float));\n"
		"\tint sizes[] = { 64, 128 };\n"
		"\tfor (int j = 0; j < 2; j++)\n"
		"\t\t%s\n"
		"\treturn 0;\n"
		"}\n";
	const int v = _i;
	const char *c = v % 2 ? "argc > 1 ? atoi(argv[1]) : 768" : "768";
	const char *call = v < 2 ? "launch_ref(out, x, N, C, sizes[j]);" : "launch_val(out, x, N, C);";
	char src[sizeof fmt + 128];
	snprintf(src, sizeof src, fmt, c, call);
	expect_host_variant(src, v);
}
END_TEST

/* CUDA's limit on a block's shared memory is on the static and dynamic
** bytes together: 200 KiB of dynamic shared memory beside a kernel's
** 32 KiB static tile is refused (a refused-launch warning at the site,
** nothing run), and 150 KiB beside it is not. */
START_TEST(host_static_shared_refused)
{
	if (!tu_need_clang("contracts host_static_shared_refused", 0))
		return;
	static const char src[] =
		"#include <cuda_runtime.h>\n"
		"__global__ void stage(float *out)\n"
		"{\n"
		"\t__shared__ float tile[8192];\n"
		"\textern __shared__ float dyn[];\n"
		"\ttile[threadIdx.x] = 1.0f;\n"
		"\tdyn[threadIdx.x] = 2.0f;\n"
		"\t__syncthreads();\n"
		"\tout[threadIdx.x] = tile[threadIdx.x] + dyn[threadIdx.x];\n"
		"}\n"
		"int main()\n"
		"{\n"
		"\tfloat *out;\n"
		"\tcudaMalloc(&out, 128 * sizeof(float));\n"
		"\tstage<<<1, 128, 200 * 1024>>>(out);\n"
		"\tstage<<<1, 128, 150 * 1024>>>(out);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	char *path = tu_tmp_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ path, "--format=json", NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	int n = 0;
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		ck_assert_str_ne(jstr(f, "kind"), "nothing-checked");
		if (strcmp(jstr(f, "kind"), "refused-launch") != 0)
			continue;
		n++;
		ck_assert_msg(strstr(jstr(f, "message"), "(32768 static, 204800 dynamic)") != NULL, "%s",
			      jstr(f, "message"));
		char l0[96];
		loc_of(f, 0, l0, sizeof l0);
		ck_assert_msg(strstr(l0, ".cu:15") != NULL, "reported at %s", l0);
	}
	ck_assert_int_eq(n, 1);
	cJSON_Delete(doc);
	tu_run_free(&r);
	unlink(path);
	free(path);
}
END_TEST

/* A launch site inside a wrapper whose shape and scalars are its
** parameters, with no caller among the files read (wrapper_partials.cu
** alone, without the .cpp that calls it), is no launch the program is
** seen to make: nothing is reported under `host`, and the race is found
** within the kernel's inferred contract, as for a library kernel. */
START_TEST(host_wrapper_unbound)
{
	if (!tu_need_clang("contracts host_wrapper_unbound", 0))
		return;
	struct tu_run r;
	cJSON *doc = run_cu(&r, "wrapper_partials.cu", "", "its");
	int races = 0;
	const cJSON *f;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
		ck_assert_msg(strcmp(jstr(f, "contract"), "host") != 0, "%s under host: %s", jstr(f, "kind"),
			      jstr(f, "message"));
		if (strcmp(jstr(f, "kind"), "data-race") == 0) {
			ck_assert_str_eq(jstr(f, "contract"), "inferred");
			races++;
		}
	}
	ck_assert_int_eq(races, 1);
	const cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "kernels"), 0);
	ck_assert_ptr_nonnull(k);
	ck_assert(!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(k, "host_sites")));
	cJSON_Delete(doc);
	tu_run_free(&r);
}
END_TEST

START_TEST(default_run)
{
	const char *name = contract_names[_i];
	char what[128];
	snprintf(what, sizeof what, "contracts %s", name);
	if (!tu_need_clang(what, 0))
		return;
	struct cmanifest *m = malloc(sizeof *m);
	ck_assert_ptr_nonnull(m);
	load_manifest(name, m);
	for (int run = 0; run < 2 * m->nmodels; run++) {
		int which = run % 2;
		const char *model = m->models[run / 2];
		char file[160];
		snprintf(file, sizeof file, "%s%s.cu", name, which ? "_fixed" : "");
		struct tu_run r;
		cJSON *doc = run_cu(&r, file, m->with, model);
		for (int i = 0; i < m->na; i++)
			m->a[i].matched = 0;
		const cJSON *f;
		cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
			char l0[96];
			loc_of(f, 0, l0, sizeof l0);
			if (strcmp(jstr(f, "kind"), "shape-assumption") == 0) {
				int ok = 0;
				for (int i = 0; i < m->na; i++)
					if (!(which && m->a[i].twin_no) && assume_matches(&m->a[i], f))
						ok = m->a[i].matched = 1;
				ck_assert_msg(ok, "%s (%s): an assumption the manifest does not list: %s",
					      file, model, jstr(f, "message"));
				continue;
			}
			ck_assert_msg(which == 0, "%s (%s): the fixed twin reports %s at %s (%s)", file,
				      model, jstr(f, "kind"), l0, jstr(f, "message"));
			/* a group (report/group.c): the manifest lists its members */
			const cJSON *ms = cJSON_GetObjectItemCaseSensitive(f, "members"), *u;
			const cJSON *one = cJSON_IsArray(ms) ? ms->child : f;
			for (u = one; u != NULL; u = cJSON_IsArray(ms) ? u->next : NULL) {
				loc_of(u, 0, l0, sizeof l0);
				int ok = tolerated(m, u);
				for (int i = 0; i < m->nf; i++)
					if (entry_matches(&m->f[i], u))
						ok = m->f[i].matched = 1;
				ck_assert_msg(ok, "%s (%s): a finding the manifest does not list: %s at %s, "
					      "contract %s (%s)", file, model, jstr(u, "kind"), l0,
					      jstr(u, "contract"), jstr(f, "message"));
			}
		}
		for (int i = 0; i < m->na; i++)
			ck_assert_msg(m->a[i].matched || (which && m->a[i].twin_no),
				      "%s (%s): missed the assumption %s %s %u%s of %s", file, model,
				      m->a[i].dim, m->a[i].rel, m->a[i].bound, m->a[i].value,
				      m->a[i].kernel);
		for (int i = 0; which == 0 && i < m->nf; i++) {
			ck_assert_msg(m->f[i].matched, "%s (%s): missed %s on %s at %s (contract %s)",
				      file, model, m->f[i].kind, m->f[i].var, m->f[i].lines[0],
				      m->f[i].contract);
			m->f[i].matched = 0;
		}
		cJSON_Delete(doc);
		tu_run_free(&r);
	}
	printf("contracts %s: %d findings, %d assumptions as the manifest says (%d warp models); "
	       "twin clean\n", name, m->nf, m->na, m->nmodels);
	free(m);
}
END_TEST

Suite *contracts_suite(void)
{
	Suite *s = suite_create("contracts");
	TCase *tc = tcase_create("default run");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, host_assert);
	tcase_add_test(tc, host_uninit_replay);
	tcase_add_test(tc, host_static_shared_refused);
	tcase_add_test(tc, host_shrunk_launch);
	tcase_add_test(tc, host_shrunk_blocks);
	tcase_add_test(tc, host_shrunk_stride);
	tcase_add_test(tc, host_big_buffer);
	tcase_add_test(tc, host_all_cut);
	tcase_add_test(tc, host_heavy_blocks);
	tcase_add_test(tc, host_step_budget);
	tcase_add_test(tc, host_never_finishes);
	tcase_add_test(tc, host_readback_len);
	tcase_add_test(tc, host_readback_sized);
	tcase_add_test(tc, host_readback_param);
	tcase_add_test(tc, host_wrapper_unbound);
	tcase_add_test(tc, host_fnptr_callers);
	tcase_add_loop_test(tc, host_lambda_captures, 0, 4);
	tcase_add_loop_test(tc, host_fnparam_driver, 0, 4);
	suite_add_tcase(s, tc);
	/* the corpus' default runs in two programs of their own, by halves */
	tc = tcase_create("contracts runs");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, default_run, 0, NCONTRACTS / 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("contracts runs 2");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, default_run, NCONTRACTS / 2, NCONTRACTS);
	suite_add_tcase(s, tc);
	return s;
}
