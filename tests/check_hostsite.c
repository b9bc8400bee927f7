/*
** check_hostsite.c: launch sites read from host IR (host/lower_host.c),
** the expressions they are made of, and declared launch bounds (load.c).
**
** Three kinds of input: hand-written IR under tests/data/host/ in the shape
** clang gives (no CUDA toolkit needed), small .cu files compiled for the
** host against the installed toolkit's headers (skipped without one), and
** expressions built by hand.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/hostsite.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "tests.h"

/* ---- helpers ---------------------------------------------------------------- */

/* "$SIMULEE_SRCDIR/tests/data/host/NAME" (free it). */
static char *data_path(const char *name)
{
	const char *dir = tu_env("SIMULEE_SRCDIR");
	ck_assert_msg(dir != NULL, "SIMULEE_SRCDIR is not set");
	size_t n = strlen(dir) + strlen(name) + 32;
	char *p = malloc(n);
	ck_assert_ptr_nonnull(p);
	snprintf(p, n, "%s/tests/data/host/%s", dir, name);
	return p;
}

/* Compiles CUDA source TEXT for the host against the installed toolkit's
** headers, at OLEVEL (-O0 keeps no optnone), to a temporary .ll (or .bc
** when BC) whose path is returned (free it, unlink it); NULL without a
** toolkit. */
static char *host_ir(const char *text, const char *olevel, int bc)
{
	const char *clang = tu_env("SIMULEE_CLANG");
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	ck_assert_msg(clang != NULL && srcdir != NULL, "SIMULEE_CLANG/SIMULEE_SRCDIR unset");
	if (cuda == NULL)
		return NULL;
	char *src = tu_tmpfile(text, strlen(text));
	char out[4200], cudapath[4200], compat[4200], cccl[4200];
	snprintf(out, sizeof out, "%s.%s", src, bc ? "bc" : "ll");
	snprintf(cudapath, sizeof cudapath, "--cuda-path=%s", cuda);
	snprintf(compat, sizeof compat, "%s/kernels/cuda-compat", srcdir);
	snprintf(cccl, sizeof cccl, "-I%s/include/cccl", cuda);
	/* at -O0 the last two arguments drop optnone; else the list ends before */
	int o0 = strcmp(olevel, "-O0") == 0;
	const char *argv[] = { clang, "-x", "cuda", "--cuda-host-only", cudapath, "--cuda-gpu-arch=sm_70",
			       "-std=c++17", "-Wno-unknown-cuda-version", cccl, "-idirafter", compat,
			       "-emit-llvm", bc ? "-c" : "-S", "-g", olevel, src, "-o", out,
			       o0 ? "-Xclang" : NULL, "-disable-O0-optnone", NULL };
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, argv), 0);
	ck_assert_msg(r.status == 0, "clang failed: %s", r.err);
	tu_run_free(&r);
	unlink(src);
	free(src);
	return strdup(out);
}

static char *host_ll(const char *text, const char *olevel)
{
	return host_ir(text, olevel, 0);
}

/* Reads PATH's sites into *HS (which starts empty), asserting success. */
static void read_ok(const char *path, struct hostsites *hs)
{
	struct sim_error err = { 0 };
	memset(hs, 0, sizeof *hs);
	int r = hostsite_read(path, hs, &err);
	ck_assert_msg(r == 0, "hostsite_read(%s): %d %s", path, r, err.msg);
}

/* The sites of CUDA source TEXT compiled for the host (-O0), or 0 without
** a toolkit. */
static int read_cu(const char *text, struct hostsites *hs)
{
	char *ll = host_ll(text, "-O0");
	if (ll == NULL) {
		memset(hs, 0, sizeof *hs);
		return 0;
	}
	read_ok(ll, hs);
	unlink(ll);
	free(ll);
	return 1;
}

/* The site at source line LINE (the only one). */
static const struct hsite *at_line(const struct hostsites *hs, uint32_t line)
{
	const struct hsite *s = NULL;
	for (uint32_t i = 0; i < hs->ns; i++) {
		if (hs->s[i].line != line)
			continue;
		ck_assert_msg(s == NULL, "two sites at line %u", line);
		s = &hs->s[i];
	}
	ck_assert_msg(s != NULL, "no site at line %u (%u sites)", line, hs->ns);
	return s;
}

/* The index of the only variable named NAME. */
static uint32_t var_named(const struct hostsites *hs, const char *name)
{
	uint32_t found = UINT32_MAX;
	for (uint32_t i = 0; i < hs->nvars; i++) {
		if (strcmp(hs->vars[i].name, name) != 0)
			continue;
		ck_assert_msg(found == UINT32_MAX, "two variables named %s", name);
		found = i;
	}
	ck_assert_msg(found != UINT32_MAX, "no variable named %s", name);
	return found;
}

/* E evaluated with variable NAME = VALUE and every other one 0. */
static uint64_t eval1(const struct hostsites *hs, uint32_t e, const char *name, uint64_t value)
{
	uint64_t *vals = calloc(hs->nvars + 1, sizeof *vals);
	ck_assert_ptr_nonnull(vals);
	if (name)
		vals[var_named(hs, name)] = value;
	uint64_t out = 0;
	ck_assert_msg(hexpr_eval(hs, e, vals, &out) == 0, "expression %u undefined", e);
	free(vals);
	return out;
}

static uint64_t evalc(const struct hostsites *hs, uint32_t e)
{
	ck_assert_msg(hexpr_is_const(hs, e), "expression %u is not constant", e);
	uint64_t out = 0;
	ck_assert_int_eq(hexpr_eval(hs, e, NULL, &out), 0);
	return out;
}

/* Whether E is variable NAME itself. */
static int is_var(const struct hostsites *hs, uint32_t e, const char *name)
{
	return e < hs->nx && hs->x[e].op == HX_VAR && hs->x[e].value == var_named(hs, name);
}

/* Expression E as text (free it). */
static char *xstr(const struct hostsites *hs, uint32_t e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	hexpr_print(hs, e, f);
	fclose(f);
	return buf;
}

static char *sites_str(const struct hostsites *hs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	hostsite_print(hs, f);
	fclose(f);
	return buf;
}

static void assert_dims(const struct hostsites *hs, const struct hsite *s, const uint64_t g[3],
			const uint64_t b[3])
{
	for (int d = 0; d < 3; d++) {
		ck_assert_msg(evalc(hs, s->grid[d]) == g[d], "grid[%d] = %llu, want %llu", d,
			      (unsigned long long)evalc(hs, s->grid[d]), (unsigned long long)g[d]);
		ck_assert_msg(evalc(hs, s->block[d]) == b[d], "block[%d] = %llu, want %llu", d,
			      (unsigned long long)evalc(hs, s->block[d]), (unsigned long long)b[d]);
	}
}

/* The field at byte OFF of struct argument K of S, or NULL. */
static const struct hfield *field_at(const struct hsite *s, uint32_t k, uint32_t off)
{
	ck_assert_uint_lt(k, s->nargs);
	for (uint32_t i = 0; i < s->nfields[k]; i++)
		if (s->fields[k][i].off == off)
			return &s->fields[k][i];
	return NULL;
}

/* The name the site gives the field at byte OFF of argument K, or NULL. */
static const char *field_name(const struct hsite *s, uint32_t k, uint32_t off)
{
	for (uint32_t i = 0; i < s->nfields[k]; i++)
		if (s->fields[k][i].off == off)
			return s->fieldname[k] ? s->fieldname[k][i] : NULL;
	return NULL;
}

/* Asserts struct argument K of S has the constant field (W bits, float if
** FL) BITS at OFF. */
static void assert_field_const(const struct hostsites *hs, const struct hsite *s, uint32_t k, uint32_t off,
			       unsigned w, int fl, uint64_t bits)
{
	const struct hfield *f = field_at(s, k, off);
	ck_assert_msg(f != NULL, "no field at +%u", off);
	ck_assert_uint_eq(hs->x[f->expr].width, w);
	ck_assert_int_eq(hs->x[f->expr].is_float, fl);
	ck_assert_msg(evalc(hs, f->expr) == bits, "field +%u = %llx, want %llx", off,
		      (unsigned long long)evalc(hs, f->expr), (unsigned long long)bits);
}

static uint32_t fbits(float f)
{
	uint32_t b;
	memcpy(&b, &f, sizeof b);
	return b;
}

static uint64_t dbits(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

/* The fields are in increasing offset order, and never HX_NONE. */
static void assert_fields_sane(const struct hostsites *hs)
{
	for (uint32_t i = 0; i < hs->ns; i++) {
		const struct hsite *s = &hs->s[i];
		for (uint32_t k = 0; k < s->nargs; k++) {
			ck_assert(s->nfields[k] == 0 || s->fields[k] != NULL);
			for (uint32_t f = 0; f < s->nfields[k]; f++) {
				ck_assert_uint_lt(s->fields[k][f].expr, hs->nx);
				ck_assert(f == 0 || s->fields[k][f - 1].off < s->fields[k][f].off);
			}
		}
	}
}

/* ---- hand-written IR (no toolkit) ---------------------------------------------- */

/* launch.ll: <<<>>> and cudaLaunchKernel in clang's shape, with debug info. */
START_TEST(test_ll_launch)
{
	char *path = data_path("launch.ll");
	struct hostsites hs;
	read_ok(path, &hs);
	ck_assert_uint_eq(hs.ns, 3);

	/* scale<<<(n + 255) / 256, 256>>>(d, n) */
	const struct hsite *s = at_line(&hs, 12);
	ck_assert_str_eq(s->kernel, "_Z5scalePfi");
	ck_assert_str_eq(s->file, "launch.cu");
	ck_assert_uint_eq(s->col, 3);
	ck_assert_uint_eq(s->nargs, 2);
	ck_assert_str_eq(s->argname[0], "x");
	ck_assert_str_eq(s->argname[1], "n");
	ck_assert_uint_eq(s->args[0], HX_NONE);
	ck_assert(is_var(&hs, s->args[1], "n"));
	ck_assert_int_eq(hs.vars[var_named(&hs, "n")].is_signed, 1);
	ck_assert_uint_eq(hs.vars[var_named(&hs, "n")].nseen, 0);
	static const uint64_t ns[] = { 0, 1, 255, 256, 257, 1000, 65536 };
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", ns[i]), (ns[i] + 255) / 256);
		ck_assert_uint_eq(eval1(&hs, s->buf_bytes[0], "n", ns[i]), ns[i] * 4);
	}
	ck_assert_uint_eq(evalc(&hs, s->block[0]), 256);
	ck_assert_uint_eq(evalc(&hs, s->grid[1]), 1);
	ck_assert_uint_eq(evalc(&hs, s->shmem), 0);
	ck_assert_uint_eq(s->buf_bytes[1], HX_NONE);
	char *t = xstr(&hs, s->grid[0]);
	ck_assert_str_eq(t, "(n + 255) / 256");
	free(t);

	/* cudaLaunchKernel(scale, dim3(4, 2), dim3(16, 16), {&d, &n}, 64, 0):
	** the argument is the same n */
	s = at_line(&hs, 14);
	ck_assert_str_eq(s->kernel, "_Z5scalePfi");
	assert_dims(&hs, s, (const uint64_t[]){ 4, 2, 1 }, (const uint64_t[]){ 16, 16, 1 });
	ck_assert_uint_eq(evalc(&hs, s->shmem), 64);
	ck_assert(is_var(&hs, s->args[1], "n"));
	ck_assert_uint_eq(eval1(&hs, s->buf_bytes[0], "n", 10), 40);

	/* run(1000), run(4096): m's values are seen */
	s = at_line(&hs, 18);
	uint32_t m = var_named(&hs, "m");
	ck_assert(is_var(&hs, s->args[1], "m"));
	ck_assert_uint_eq(hs.vars[m].nseen, 2);
	ck_assert_uint_eq(hs.vars[m].seen[0], 1000);
	ck_assert_uint_eq(hs.vars[m].seen[1], 4096);
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "m", 4096), 32);
	ck_assert_uint_eq(eval1(&hs, s->shmem, "m", 1000), 4000);
	ck_assert_uint_eq(s->buf_bytes[0], HX_NONE);	/* a global's pointer */

	t = sites_str(&hs);
	ck_assert_msg(strstr(t, "launch.cu:12: scale(float*, int) <<<grid.x=(n + 255) / 256, grid.y=1, "
			     "grid.z=1, block.x=256, block.y=1, block.z=1, shmem=0>>> (x=?, n=n) "
			     "bufs: x=(i64)n * 4 bytes uninit\n") != NULL, "%s", t);
	/* nothing wrote d before the first launch; the second follows it */
	ck_assert_uint_eq(at_line(&hs, 12)->uninit[0], 1);
	ck_assert_uint_eq(at_line(&hs, 14)->uninit[0], 0);
	ck_assert_msg(strstr(t, "; m seen 1000, 4096\n") != NULL, "%s", t);
	free(t);
	hostsites_free(&hs);
	free(path);
}
END_TEST

/* structs.ll: struct arguments in registers ({i64, float} through the
** stub's local) and byval (a declared stub), without debug info. */
START_TEST(test_ll_structs)
{
	char *path = data_path("structs.ll");
	struct hostsites hs;
	read_ok(path, &hs);
	ck_assert_uint_eq(hs.ns, 5);
	assert_fields_sane(&hs);
	/* k<<<16, 256>>>(P{4096, 4, 0.25f}) */
	const struct hsite *s = &hs.s[0];
	ck_assert_uint_eq(s->nargs, 1);
	ck_assert_uint_eq(s->args[0], HX_NONE);
	ck_assert_uint_eq(s->nfields[0], 3);
	assert_field_const(&hs, s, 0, 0, 32, 0, 4096);
	assert_field_const(&hs, s, 0, 4, 32, 0, 4);
	assert_field_const(&hs, s, 0, 8, 32, 1, fbits(0.25f));
	ck_assert_ptr_null(field_name(s, 0, 0));
	/* k<<<n, 32>>>(P{n, 2, 0.5f}): the grid and the field are one n */
	s = &hs.s[1];
	ck_assert_uint_eq(s->nfields[0], 3);
	ck_assert_uint_eq(field_at(s, 0, 0)->expr, s->grid[0]);
	ck_assert(is_var(&hs, s->grid[0], "atoi()"));
	assert_field_const(&hs, s, 0, 4, 32, 0, 2);
	assert_field_const(&hs, s, 0, 8, 32, 1, fbits(0.5f));
	/* fill(&q): nothing known */
	s = &hs.s[2];
	ck_assert_uint_eq(s->nfields[0], 0);
	ck_assert_ptr_null(s->fields[0]);
	/* kb(B) byval, through memset, stores and a memcpy; no pointer field */
	s = &hs.s[3];
	ck_assert_str_eq(s->kernel, "_Z2kb1B");
	ck_assert_uint_eq(s->nfields[0], 5);
	assert_field_const(&hs, s, 0, 0, 32, 0, 0);
	assert_field_const(&hs, s, 0, 12, 32, 0, 0);
	ck_assert(is_var(&hs, field_at(s, 0, 8)->expr, "atoi()"));
	assert_field_const(&hs, s, 0, 16, 64, 1, dbits(1.5));
	ck_assert_ptr_null(field_at(s, 0, 24));
	/* cudaLaunchKernel with a copy of a constant global */
	s = &hs.s[4];
	assert_dims(&hs, s, (const uint64_t[]){ 2, 1, 1 }, (const uint64_t[]){ 32, 1, 1 });
	assert_field_const(&hs, s, 0, 0, 32, 0, 7);
	assert_field_const(&hs, s, 0, 4, 32, 0, 9);
	assert_field_const(&hs, s, 0, 8, 32, 1, fbits(2.0f));
	char *t = sites_str(&hs);
	ck_assert_msg(strstr(t, ">>> (arg0={+0=4096, +4=4, +8=0.25f})\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, ">>> (arg0=?)\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, ">>> (arg0={+0=0, +4=0, +8=atoi(), +12=0, +16=1.5})\n") != NULL, "%s", t);
	free(t);
	hostsites_free(&hs);
	free(path);
}
END_TEST

/* declared.ll: stubs without bodies, every shape of name, a loop, the
** per-thread-stream and cooperative launches, globals. */
START_TEST(test_ll_declared)
{
	char *path = data_path("declared.ll");
	struct hostsites hs;
	read_ok(path, &hs);
	ck_assert_uint_eq(hs.ns, 6);	/* cudaLaunchKernel(main, ...) is none */
	static const char *const names[] = { "ck", "_Z2tkILi256EEvPf", "_ZN2ns2nkEPff",
					     "_ZN12_GLOBAL__N_15anonkEPi", "_ZN12_GLOBAL__N_15anonkEPi",
					     "ck" };
	for (uint32_t i = 0; i < hs.ns; i++) {
		ck_assert_str_eq(hs.s[i].kernel, names[i]);
		ck_assert_ptr_null(hs.s[i].file);	/* no debug info */
	}
	/* the loop: n is a phi of different values, so an unknown; the grid
	** divides unsigned, the block is umin(n, 512) */
	const struct hsite *s = &hs.s[0];
	ck_assert_uint_eq(s->nargs, 2);
	ck_assert(is_var(&hs, s->args[1], "n"));
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 4096), 64);
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", UINT32_C(0x80000000)), UINT32_C(0x2000000));
	ck_assert_uint_eq(eval1(&hs, s->block[0], "n", 4096), 512);
	ck_assert_uint_eq(eval1(&hs, s->block[0], "n", 128), 128);
	char *t = xstr(&hs, s->block[0]);
	ck_assert_str_eq(t, "umin(n, 512)");
	free(t);
	/* tk<256><<<dim3(n, 3, 2), 256, 1024>>>: n a call's truncated result */
	s = &hs.s[1];
	ck_assert_uint_eq(evalc(&hs, s->grid[1]), 3);
	ck_assert_uint_eq(evalc(&hs, s->grid[2]), 2);
	ck_assert_uint_eq(evalc(&hs, s->shmem), 1024);
	ck_assert(!hexpr_is_const(&hs, s->grid[0]));
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "strtoul()", UINT64_C(0x100000007)), 7);
	/* a float argument */
	s = &hs.s[2];
	ck_assert(hs.x[s->args[1]].is_float);
	ck_assert_uint_eq(evalc(&hs, s->args[1]), 0x3f000000u);
	assert_dims(&hs, &hs.s[3], (const uint64_t[]){ 8, 1, 1 }, (const uint64_t[]){ 32, 1, 1 });
	assert_dims(&hs, &hs.s[4], (const uint64_t[]){ 2, 1, 1 }, (const uint64_t[]){ 32, 1, 1 });
	/* limit is what was stored to it; cap is never written: its
	** initializer is seen */
	s = &hs.s[5];
	ck_assert_uint_eq(s->grid[0], hs.s[1].grid[0]);
	ck_assert(is_var(&hs, s->block[0], "cap"));
	uint32_t cap = var_named(&hs, "cap");
	ck_assert_uint_eq(hs.vars[cap].nseen, 1);
	ck_assert_uint_eq(hs.vars[cap].seen[0], 96);
	hostsites_free(&hs);
	free(path);
}
END_TEST

/* Reading appends: a second file's sites, variables and nodes follow. */
START_TEST(test_ll_append)
{
	char *p1 = data_path("launch.ll"), *p2 = data_path("declared.ll");
	struct hostsites hs;
	read_ok(p1, &hs);
	uint32_t nx = hs.nx, nv = hs.nvars;
	struct sim_error err = { 0 };
	ck_assert_int_eq(hostsite_read(p2, &hs, &err), 0);
	ck_assert_uint_eq(hs.ns, 9);
	ck_assert_uint_gt(hs.nx, nx);
	ck_assert_uint_gt(hs.nvars, nv);
	/* the first file's expressions still evaluate as before */
	ck_assert_uint_eq(eval1(&hs, hs.s[0].grid[0], NULL, 0), 0);
	ck_assert_str_eq(hs.s[8].kernel, "ck");
	/* constants are shared between the files */
	ck_assert_uint_eq(hs.s[8].block[1], hs.s[0].grid[1]);
	hostsites_free(&hs);
	ck_assert_uint_eq(hs.ns, 0);
	free(p1);
	free(p2);
}
END_TEST

START_TEST(test_ll_errors)
{
	struct hostsites hs = { 0 };
	struct sim_error err = { 0 };
	char *path = data_path("truncated.ll");
	ck_assert_int_eq(hostsite_read(path, &hs, &err), SIM_ERR_BITCODE);
	ck_assert_ptr_nonnull(strstr(err.msg, "truncated.ll"));
	ck_assert_ptr_null(strchr(err.msg, '\n'));
	ck_assert_uint_eq(hs.ns, 0);
	free(path);

	/* corrupt bitcode, binary junk, an empty file, a missing one */
	static const char bc[] = "BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00\x62\x0c\x30\x24";
	static const char junk[] = "\x7f" "ELF\x02\x01\x01";
	const struct { const char *text; size_t len; int status; } cases[] = {
		{ bc, sizeof bc - 1, SIM_ERR_BITCODE },
		{ junk, sizeof junk - 1, SIM_ERR_BITCODE },
		{ "", 0, SIM_ERR_BITCODE },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *p = tu_tmpfile(cases[i].text, cases[i].len);
		memset(&err, 0, sizeof err);
		ck_assert_int_eq(hostsite_read(p, &hs, &err), cases[i].status);
		ck_assert_msg(err.msg[0] != '\0' && strchr(err.msg, '\n') == NULL, "case %zu: '%s'", i, err.msg);
		unlink(p);
		free(p);
	}
	ck_assert_int_eq(hostsite_read("/nonexistent/host.ll", &hs, &err), SIM_ERR_IO);
	/* parses, but the verifier rejects it: a use before its definition */
	static const char unverified[] =
		"target triple = \"x86_64-pc-linux-gnu\"\n"
		"define i32 @main() {\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  ret i32 %a\n}\n";
	char *p = tu_tmpfile(unverified, sizeof unverified - 1);
	ck_assert_int_eq(hostsite_read(p, &hs, &err), SIM_ERR_VERIFY);
	ck_assert_ptr_null(strchr(err.msg, '\n'));
	unlink(p);
	free(p);
	/* device code is not the host side */
	path = data_path("bounds.ll");
	ck_assert_int_eq(hostsite_read(path, &hs, &err), SIM_ERR_TARGET);
	ck_assert_ptr_nonnull(strstr(err.msg, "--cuda-host-only"));
	free(path);
	ck_assert_uint_eq(hs.ns, 0);
	ck_assert_uint_eq(hs.nx, 0);

	/* valid IR with no launch: no sites, and success */
	path = data_path("nosites.ll");
	read_ok(path, &hs);
	ck_assert_uint_eq(hs.ns, 0);
	hostsites_free(&hs);
	free(path);
}
END_TEST

/* Hostile IR: a chain of squarings (a DAG whose tree doubles at every
** step) and a long chain of additions feed the grid; the reader stays
** bounded and the expressions evaluate. */
START_TEST(test_ll_hostile)
{
	enum { STEPS = 3000 };
	size_t cap = 200 * STEPS + 4096, len = 0;
	char *ir = malloc(cap);
	ck_assert_ptr_nonnull(ir);
	len += (size_t)snprintf(ir + len, cap - len,
		"target triple = \"x86_64-pc-linux-gnu\"\n"
		"declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64, ptr)\n"
		"declare void @__device_stub__k(i32, i32)\n"
		"define void @f(i32 %%n) {\n  %%s0 = add i32 %%n, 0\n  %%m0 = add i32 %%n, 1\n");
	for (int i = 1; i <= STEPS; i++)
		len += (size_t)snprintf(ir + len, cap - len,
					"  %%s%d = mul i32 %%s%d, %%s%d\n  %%m%d = add i32 %%m%d, %d\n",
					i, i - 1, i - 1, i, i - 1, i);
	len += (size_t)snprintf(ir + len, cap - len,
		"  %%g = zext i32 %%s%d to i64\n  %%b = zext i32 %%m%d to i64\n"
		"  %%c = call i32 @__cudaPushCallConfiguration(i64 %%g, i32 1, i64 %%b, i32 1, i64 0, ptr null)\n"
		"  call void @__device_stub__k(i32 %%s%d, i32 %%m%d)\n  ret void\n}\n",
		STEPS, STEPS, STEPS, STEPS);
	char *path = tu_tmpfile(ir, len);
	free(ir);
	struct hostsites hs;
	read_ok(path, &hs);
	unlink(path);
	free(path);
	ck_assert_uint_eq(hs.ns, 1);
	ck_assert_uint_lt(hs.nx, 20000);
	const struct hsite *s = &hs.s[0];
	/* both stay expressions over unknowns and evaluate (to something) */
	uint64_t *vals = calloc(hs.nvars + 1, sizeof *vals);
	uint64_t out;
	ck_assert_int_eq(hexpr_eval(&hs, s->grid[0], vals, &out), 0);
	ck_assert_int_eq(hexpr_eval(&hs, s->block[0], vals, &out), 0);
	ck_assert_int_eq(hexpr_eval(&hs, s->args[1], vals, &out), 0);
	ck_assert(!hexpr_is_const(&hs, s->args[1]));
	free(vals);
	char *t = sites_str(&hs);
	ck_assert_uint_lt(strlen(t), 100000);
	free(t);
	hostsites_free(&hs);
}
END_TEST

/* Declared launch bounds in every spelling (load.c). */
START_TEST(test_bounds_ll)
{
	char *path = data_path("bounds.ll");
	struct loaded l;
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(path, NULL, &l, &err) == 0, "%s", err.msg);
	static const struct { const char *name; uint32_t max[3], req[3]; } want[] = {
		{ "lb", { 256, 0, 0 }, { 0, 0, 0 } },
		{ "dims", { 8, 8, 4 }, { 0, 0, 0 } },
		{ "req", { 0, 0, 0 }, { 128, 2, 0 } },
		{ "attrs", { 64, 4, 0 }, { 32, 2, 1 } },
		{ "none", { 0, 0, 0 }, { 0, 0, 0 } },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		int k = load_find_kernel(&l, want[i].name);
		ck_assert_msg(k >= 0, "no kernel %s", want[i].name);
		for (int d = 0; d < 3; d++) {
			ck_assert_uint_eq(l.kernels[k].maxntid[d], want[i].max[d]);
			ck_assert_uint_eq(l.kernels[k].reqntid[d], want[i].req[d]);
		}
	}
	load_free(&l);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ "--list-kernels", path, NULL });
	ck_assert_int_eq(r.status, 0);
	ck_assert_msg(strstr(r.out, "dims\n  mangled: dims\n  launch bounds: at most 256 threads per block\n")
		      != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "  required block: 128 x 2 x 1\n") != NULL, "%s", r.out);
	tu_run_free(&r);
	free(path);
}
END_TEST

/* __launch_bounds__ as clang 19 compiles it with our prelude. */
START_TEST(test_bounds_cu)
{
	char *bc = tu_compile_cu("__global__ void __launch_bounds__(256, 2) a(float *x) { x[0] = 1; }\n"
				 "__global__ void __launch_bounds__(128) b(float *x) { x[0] = 1; }\n"
				 "__global__ void c(float *x) { x[0] = 1; }\n");
	struct loaded l;
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(bc, NULL, &l, &err) == 0, "%s", err.msg);
	static const uint32_t want[3] = { 256, 128, 0 };
	static const char *const names[3] = { "a", "b", "c" };
	for (int i = 0; i < 3; i++) {
		int k = load_find_kernel(&l, names[i]);
		ck_assert_int_ge(k, 0);
		ck_assert_uint_eq(l.kernels[k].maxntid[0], want[i]);
		ck_assert_uint_eq(l.kernels[k].maxntid[1], 0);
		ck_assert_uint_eq(l.kernels[k].reqntid[0], 0);
	}
	load_free(&l);
	unlink(bc);
	free(bc);
}
END_TEST

/* ---- expressions by hand -------------------------------------------------------- */

static uint32_t add_node(struct hostsites *hs, struct hexpr n)
{
	if (hs->nx == hs->capx) {
		hs->capx = hs->capx ? 2 * hs->capx : 64;
		hs->x = realloc(hs->x, hs->capx * sizeof *hs->x);
		ck_assert_ptr_nonnull(hs->x);
	}
	hs->x[hs->nx] = n;
	return hs->nx++;
}

static uint32_t k(struct hostsites *hs, unsigned w, uint64_t v)
{
	return add_node(hs, (struct hexpr){ .op = HX_CONST, .width = (uint8_t)w, .value = v });
}

static uint32_t kf(struct hostsites *hs, float f)
{
	uint32_t bits;
	memcpy(&bits, &f, sizeof bits);
	return add_node(hs, (struct hexpr){ .op = HX_CONST, .width = 32, .is_float = 1, .value = bits });
}

static uint32_t op2(struct hostsites *hs, unsigned op, unsigned w, uint32_t a, uint32_t b)
{
	return add_node(hs, (struct hexpr){ .op = (uint8_t)op, .width = (uint8_t)w,
					    .is_float = op >= HX_FADD && op <= HX_FDIV, .a = a, .b = b });
}

static uint32_t cast(struct hostsites *hs, unsigned op, unsigned w, int fl, uint32_t a)
{
	return add_node(hs, (struct hexpr){ .op = (uint8_t)op, .width = (uint8_t)w, .is_float = (uint8_t)fl,
					    .a = a });
}

static int ev(const struct hostsites *hs, uint32_t e, uint64_t *out)
{
	return hexpr_eval(hs, e, NULL, out);
}

START_TEST(test_eval_int)
{
	struct hostsites hs = { 0 };
	uint64_t r;
	/* wrap at the width */
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_ADD, 8, k(&hs, 8, 200), k(&hs, 8, 100)), &r), 0);
	ck_assert_uint_eq(r, 44);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SUB, 32, k(&hs, 32, 1), k(&hs, 32, 2)), &r), 0);
	ck_assert_uint_eq(r, 0xffffffffu);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_MUL, 16, k(&hs, 16, 300), k(&hs, 16, 300)), &r), 0);
	ck_assert_uint_eq(r, (300 * 300) & 0xffff);
	/* signed and unsigned division of the same bits */
	uint32_t m7 = k(&hs, 32, (uint32_t)-7), two = k(&hs, 32, 2);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SDIV, 32, m7, two), &r), 0);
	ck_assert_uint_eq(r, (uint32_t)-3);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_UDIV, 32, m7, two), &r), 0);
	ck_assert_uint_eq(r, ((uint32_t)-7) / 2);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SREM, 32, m7, two), &r), 0);
	ck_assert_uint_eq(r, (uint32_t)-1);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_UREM, 32, m7, two), &r), 0);
	ck_assert_uint_eq(r, 1);
	/* division by zero is undefined; INT_MIN / -1 wraps */
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SDIV, 32, m7, k(&hs, 32, 0)), &r), -1);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_UREM, 32, m7, k(&hs, 32, 0)), &r), -1);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SDIV, 64, k(&hs, 64, UINT64_C(1) << 63), k(&hs, 64, UINT64_MAX)),
			    &r), 0);
	ck_assert_uint_eq(r, UINT64_C(1) << 63);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SREM, 32, k(&hs, 32, 0x80000000u), k(&hs, 32, 0xffffffffu)), &r), 0);
	ck_assert_uint_eq(r, 0);
	/* shifts: arithmetic keeps the sign at the width; too far is undefined */
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_ASHR, 8, k(&hs, 8, 0x80), k(&hs, 8, 3)), &r), 0);
	ck_assert_uint_eq(r, 0xf0);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_LSHR, 8, k(&hs, 8, 0x80), k(&hs, 8, 3)), &r), 0);
	ck_assert_uint_eq(r, 0x10);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SHL, 8, k(&hs, 8, 0x81), k(&hs, 8, 1)), &r), 0);
	ck_assert_uint_eq(r, 0x02);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SHL, 32, k(&hs, 32, 1), k(&hs, 32, 32)), &r), -1);
	/* casts, comparisons, min/max */
	uint32_t b = k(&hs, 8, 0xfe);
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_SEXT, 32, 0, b), &r), 0);
	ck_assert_uint_eq(r, 0xfffffffeu);
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_ZEXT, 32, 0, b), &r), 0);
	ck_assert_uint_eq(r, 0xfe);
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_TRUNC, 4, 0, b), &r), 0);
	ck_assert_uint_eq(r, 0xe);
	uint32_t c = add_node(&hs, (struct hexpr){ .op = HX_ICMP, .width = 1, .pred = HP_SLT, .a = b,
						   .b = k(&hs, 8, 1) });
	ck_assert_int_eq(ev(&hs, c, &r), 0);
	ck_assert_uint_eq(r, 1);
	c = add_node(&hs, (struct hexpr){ .op = HX_ICMP, .width = 1, .pred = HP_ULT, .a = b, .b = k(&hs, 8, 1) });
	ck_assert_int_eq(ev(&hs, c, &r), 0);
	ck_assert_uint_eq(r, 0);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_SMIN, 8, b, k(&hs, 8, 1)), &r), 0);
	ck_assert_uint_eq(r, 0xfe);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_UMIN, 8, b, k(&hs, 8, 1)), &r), 0);
	ck_assert_uint_eq(r, 1);
	/* select evaluates only the side it takes */
	uint32_t bad = op2(&hs, HX_UDIV, 8, b, k(&hs, 8, 0));
	uint32_t sel = add_node(&hs, (struct hexpr){ .op = HX_SELECT, .width = 8, .a = c, .b = bad, .c = b });
	ck_assert_int_eq(ev(&hs, sel, &r), 0);
	ck_assert_uint_eq(r, 0xfe);
	sel = add_node(&hs, (struct hexpr){ .op = HX_SELECT, .width = 8, .a = k(&hs, 1, 1), .b = bad, .c = b });
	ck_assert_int_eq(ev(&hs, sel, &r), -1);
	ck_assert(hexpr_is_const(&hs, sel));
	/* variables: their values, or undefined without them */
	hs.vars = calloc(1, sizeof *hs.vars);
	hs.vars[0] = (struct hvar){ .name = strdup("n"), .width = 32, .is_signed = 1 };
	hs.nvars = hs.capvars = 1;
	uint32_t n = add_node(&hs, (struct hexpr){ .op = HX_VAR, .width = 32, .value = 0 });
	uint32_t e = op2(&hs, HX_SDIV, 32, op2(&hs, HX_ADD, 32, n, k(&hs, 32, 255)), k(&hs, 32, 256));
	ck_assert(!hexpr_is_const(&hs, e));
	ck_assert_int_eq(ev(&hs, e, &r), -1);
	ck_assert_int_eq(hexpr_eval(&hs, e, (const uint64_t[]){ 1000 }, &r), 0);
	ck_assert_uint_eq(r, 4);
	ck_assert_int_eq(hexpr_eval(&hs, e, (const uint64_t[]){ (uint32_t)-1000 }, &r), 0);
	ck_assert_uint_eq(r, (uint32_t)-2);	/* C's truncating division */
	char *t = xstr(&hs, e);
	ck_assert_str_eq(t, "(n + 255) / 256");
	free(t);
	ck_assert(!hexpr_is_const(&hs, HX_NONE));
	ck_assert_int_eq(ev(&hs, HX_NONE, &r), -1);
	hostsites_free(&hs);
}
END_TEST

START_TEST(test_eval_float)
{
	struct hostsites hs = { 0 };
	uint64_t r;
	volatile float a = 0.1f, b = 0.2f;
	float sum = a + b, got;
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_FADD, 32, kf(&hs, 0.1f), kf(&hs, 0.2f)), &r), 0);
	uint32_t bits = (uint32_t)r;
	memcpy(&got, &bits, sizeof got);
	ck_assert(got == sum);
	ck_assert_int_eq(ev(&hs, op2(&hs, HX_FDIV, 32, kf(&hs, 1.0f), kf(&hs, 0.0f)), &r), 0);
	ck_assert_uint_eq(r, 0x7f800000u);	/* IEEE: +inf, no trap */
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_FPTOSI, 32, 0, kf(&hs, -2.75f)), &r), 0);
	ck_assert_uint_eq(r, (uint32_t)-2);
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_FPTOSI, 8, 0, kf(&hs, 300.0f)), &r), -1);
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_FPTOUI, 32, 0, kf(&hs, -1.0f)), &r), -1);
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_SITOFP, 64, 1, k(&hs, 32, (uint32_t)-3)), &r), 0);
	double d;
	memcpy(&d, &r, sizeof d);
	ck_assert(d == -3.0);
	ck_assert_int_eq(ev(&hs, cast(&hs, HX_FPEXT, 64, 1, kf(&hs, 0.5f)), &r), 0);
	memcpy(&d, &r, sizeof d);
	ck_assert(d == 0.5);
	char *t = xstr(&hs, kf(&hs, 1.5f));
	ck_assert_str_eq(t, "1.5f");
	free(t);
	hostsites_free(&hs);
}
END_TEST

START_TEST(test_kernel_names)
{
	static const char *const pairs[][2] = {
		{ "_Z23__device_stub__sum_rowsPKfPfi", "_Z8sum_rowsPKfPfi" },
		{ "_ZN2ns17__device_stub__nkEPfi", "_ZN2ns2nkEPfi" },
		{ "_Z17__device_stub__tkILi256EEvPf", "_Z2tkILi256EEvPf" },
		{ "_ZN12_GLOBAL__N_120__device_stub__anonkEPi", "_ZN12_GLOBAL__N_15anonkEPi" },
		{ "_ZN1a1b19__device_stub__deepIdEEvT_", "_ZN1a1b4deepIdEEvT_" },
		{ "_ZN1S17__device_stub__mkEPi", "_ZN1S2mkEPi" },
		{ "__device_stub__ck", "ck" },
		{ "_Z3runi", "_Z3runi" },
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		char *got = hostsite_kernel_name(pairs[i][0]);
		ck_assert_str_eq(got, pairs[i][1]);
		free(got);
	}
}
END_TEST

/* ---- the real toolkit's headers --------------------------------------------------- */

#define PRE "#include <cstdlib>\n"	/* line 1 of every source below */

START_TEST(test_cu_constant)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(int *x) { x[threadIdx.x] = 1; }\n"
		     "int main() { int *d; cudaMalloc(&d, 4096);\n"
		     "  k<<<4, 256>>>(d);\n"			/* 4 */
		     "  dim3 grid(4, 2), block(16, 16);\n"
		     "  k<<<grid, block>>>(d);\n"		/* 6 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 2);
	const struct hsite *s = at_line(&hs, 4);
	ck_assert_str_eq(s->kernel, "_Z1kPi");
	assert_dims(&hs, s, (const uint64_t[]){ 4, 1, 1 }, (const uint64_t[]){ 256, 1, 1 });
	ck_assert_uint_eq(evalc(&hs, s->shmem), 0);
	ck_assert_uint_eq(evalc(&hs, s->buf_bytes[0]), 4096);
	ck_assert_ptr_nonnull(strstr(s->file, "simulee-test-"));
	assert_dims(&hs, at_line(&hs, 6), (const uint64_t[]){ 4, 2, 1 }, (const uint64_t[]){ 16, 16, 1 });
	hostsites_free(&hs);
}
END_TEST

START_TEST(test_cu_ceil_div)
{
	struct hostsites hs;
	if (!read_cu(PRE "#define B 256\n"
		     "constexpr int BS = 128;\n"
		     "__global__ void k(float *x, int n) { }\n"
		     "int main(int argc, char **argv) {\n"
		     "  int n = atoi(argv[1]);\n"
		     "  float *d; cudaMalloc(&d, n * sizeof(float));\n"
		     "  k<<<(n + B - 1) / B, B>>>(d, n);\n"	/* 8 */
		     "  k<<<n / BS, BS, BS * sizeof(float)>>>(d, n);\n"
		     "  k<<<1, 64, n * 4>>>(d + 1, n);\n"	/* 10 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 3);
	const struct hsite *s = at_line(&hs, 8);
	ck_assert_str_eq(s->kernel, "_Z1kPfi");
	ck_assert_str_eq(s->argname[1], "n");
	/* the grid and the argument share n */
	ck_assert(is_var(&hs, s->args[1], "n"));
	static const int64_t ns[] = { 1, 255, 256, 257, 1000, 1 << 20 };
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", (uint64_t)ns[i]), (uint64_t)(ns[i] + 255) / 256);
		ck_assert_uint_eq(eval1(&hs, s->buf_bytes[0], "n", (uint64_t)ns[i]), (uint64_t)ns[i] * 4);
	}
	ck_assert_uint_eq(evalc(&hs, s->block[0]), 256);
	char *t = xstr(&hs, s->grid[0]);
	ck_assert_str_eq(t, "(n + 255) / 256");
	free(t);
	s = at_line(&hs, 9);
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 1000), 7);
	ck_assert_uint_eq(evalc(&hs, s->block[0]), 128);
	ck_assert_uint_eq(evalc(&hs, s->shmem), 512);
	s = at_line(&hs, 10);
	ck_assert_uint_eq(eval1(&hs, s->shmem, "n", 100), 400);
	ck_assert_uint_eq(s->buf_bytes[0], HX_NONE);	/* d + 1: an offset pointer */
	hostsites_free(&hs);
}
END_TEST

START_TEST(test_cu_seen)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(float *x, int n) { }\n"
		     "void run(int n) { float *d; cudaMalloc(&d, n * 4);\n"
		     "  k<<<(n + 255) / 256, 256>>>(d, n); }\n"	/* 4 */
		     "void other(int m) { k<<<m, 32>>>(nullptr, m); }\n"
		     "int main(int argc, char **argv) { run(1000); run(4096); run(1000);\n"
		     "  other(3); other(argc); return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 2);
	const struct hsite *s = at_line(&hs, 4);
	uint32_t n = var_named(&hs, "n");
	ck_assert(is_var(&hs, s->args[1], "n"));
	ck_assert_uint_eq(hs.vars[n].nseen, 2);
	ck_assert_uint_eq(hs.vars[n].seen[0], 1000);
	ck_assert_uint_eq(hs.vars[n].seen[1], 4096);
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 4096), 16);
	ck_assert_uint_eq(eval1(&hs, s->buf_bytes[0], "n", 4096), 16384);
	/* other(argc): not every call passes a constant */
	ck_assert_uint_eq(hs.vars[var_named(&hs, "m")].nseen, 0);
	hostsites_free(&hs);
}
END_TEST

/* The bound site S gives variable V, or NULL. */
static const struct hbound *bound_of(const struct hsite *s, uint32_t v)
{
	for (uint32_t i = 0; i < s->nbounds; i++)
		if (s->bounds[i].var == v)
			return &s->bounds[i];
	return NULL;
}

/* A loop's counter takes the loop's values, a value set on several
** branches those values, and a check that exits on a bad argument bounds
** it at the launches after it (docs/CONTRACTS.md, host launches). */
START_TEST(test_cu_branch_values)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n"
		     "__global__ void k(float *x, int n) { }\n"
		     "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 4096 * 4);\n"
		     "  for (int n = 64; n <= 1024; n *= 2)\n"
		     "    k<<<n / 64, 64>>>(d, n);\n"	/* 8 */
		     "  int bs, m;\n"
		     "  if (argc > 1 && strcmp(argv[1], \"big\") == 0) { puts(\"big\"); bs = 256; m = 4096; }\n"
		     "  else { puts(\"small\"); bs = 128; m = 1000; }\n"
		     "  k<<<(m + bs - 1) / bs, bs>>>(d, m);\n"	/* 12 */
		     "  int c = argc > 2 ? atoi(argv[2]) : 100;\n"
		     "  if (c < 1 || c > 4096) { fprintf(stderr, \"bad\\n\"); exit(1); }\n"
		     "  k<<<(c + 255) / 256, 256>>>(d, c);\n"	/* 15 */
		     "  for (int i = 0; i < argc; i++) k<<<1, 32>>>(d, i);\n"	/* 16 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 4);
	/* the loop: 64 .. 2048 (the value that leaves), at most 1024 inside */
	const struct hsite *s = at_line(&hs, 8);
	uint32_t n = (uint32_t)hs.x[s->args[1]].value;
	ck_assert_int_eq(hs.x[s->args[1]].op, HX_VAR);
	ck_assert_uint_eq(hs.vars[n].nseen, 6);
	ck_assert_uint_eq(hs.vars[n].seen[0], 64);
	ck_assert_uint_eq(hs.vars[n].seen[5], 2048);
	const struct hbound *b = bound_of(s, n);
	ck_assert_ptr_nonnull(b);
	ck_assert(b->hi == 1024 && !hbound_holds(&hs, b, 2048) && hbound_holds(&hs, b, 1024));
	/* the branches: 128 or 256, 1000 or 4096 */
	s = at_line(&hs, 12);
	uint32_t bs = var_named(&hs, "bs"), m = var_named(&hs, "m");
	ck_assert_uint_eq(hs.vars[bs].nseen, 2);
	ck_assert_uint_eq(hs.vars[bs].seen[0], 128);
	ck_assert_uint_eq(hs.vars[bs].seen[1], 256);
	ck_assert_uint_eq(hs.vars[m].nseen, 2);
	ck_assert_uint_eq(hs.vars[m].seen[1], 4096);
	/* the check: 1 <= c <= 4096 at the launch after it */
	s = at_line(&hs, 15);
	b = bound_of(s, var_named(&hs, "c"));
	ck_assert_ptr_nonnull(b);
	ck_assert(b->lo == 1 && b->hi == 4096);
	/* a loop up to an unknown: its counter is no list, it starts at 0 */
	s = at_line(&hs, 16);
	uint32_t i = (uint32_t)hs.x[s->args[1]].value;
	ck_assert_uint_eq(hs.vars[i].nseen, 0);
	ck_assert_ptr_null(bound_of(s, var_named(&hs, "c")));
	char *txt = sites_str(&hs);
	ck_assert_ptr_nonnull(strstr(txt, "; 1 <= c <= 4096"));
	ck_assert_ptr_nonnull(strstr(txt, "; bs seen 128, 256"));
	free(txt);
	hostsites_free(&hs);
}
END_TEST

/* Issue 27's guards: what the program holds to at a launch that no
** interval says (a loop's bound on another unknown, a check through a
** second atoi of the same argument, a count-down from an expression),
** and a value set on two branches from expressions (a select). */
START_TEST(test_cu_guards)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <cstdio>\n"
		     "__global__ void k(float *x, int n, int t) { }\n"
		     "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 4096 * 4);\n"
		     "  int n = atoi(argv[1]);\n"
		     "  if (atoi(argv[1]) % 16 != 0) { fprintf(stderr, \"bad\\n\"); exit(1); }\n"
		     "  for (int t = 0; t < n - 1; t++)\n"
		     "    k<<<1, 16>>>(d, n, t);\n"	/* 8 */
		     "  for (int s = n / 16 - 1; s >= 1; s--)\n"
		     "    k<<<1, 16>>>(d, n, s);\n"	/* 10 */
		     "  int th = n, bl = 1;\n"
		     "  if (n > 256) { bl = (n + 255) / 256; printf(\"%d\\n\", bl); th = 256; }\n"
		     "  k<<<bl, th>>>(d, n, 0);\n"	/* 13 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 3);
	char *txt = sites_str(&hs);
	/* both atoi calls are n: the check is n's; the loop keeps t below n - 1 */
	ck_assert_msg(strstr(txt, "(x=?, n=n, t=t) bufs: x=16384 bytes uninit; if t < n - 1; if n % 16 == 0")
		      != NULL, "%s", txt);
	/* counting down from n / 16 - 1: never above it */
	ck_assert_msg(strstr(txt, "s >= 1; if s < 1") == NULL && strstr(txt, "if s <= n / 16 - 1") != NULL,
		      "%s", txt);
	/* the branches give 256 threads past 256, else n */
	ck_assert_msg(strstr(txt, "block.x=min(n, 256)") != NULL, "%s", txt);
	free(txt);
	/* the search's side: a guard splits into variable, relation, expression */
	const struct hsite *st = at_line(&hs, 8);
	uint32_t v = UINT32_MAX, e = HX_NONE;
	unsigned pred = HP_EQ;
	ck_assert_uint_ge(st->nguards, 1);
	ck_assert_int_eq(hguard_split(&hs, st->guards[0], &v, &e, &pred), 0);
	ck_assert_uint_eq(v, var_named(&hs, "t"));
	ck_assert_uint_eq(pred, HP_SLT);
	uint64_t *vals = calloc(hs.nvars + 1, sizeof *vals);
	vals[var_named(&hs, "n")] = 64;
	vals[v] = 62;
	ck_assert(hguard_holds(&hs, st->guards[0], vals));
	vals[v] = 63;
	ck_assert(!hguard_holds(&hs, st->guards[0], vals));
	free(vals);
	hostsites_free(&hs);
}
END_TEST

/* A helper that prints its usage and exits (clang at -O0 does not mark it
** noreturn) ends the path that calls it: the checks of the other branch
** hold at the launch after the if/else. */
START_TEST(test_cu_usage_exits)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <cstdio>\n"
		     "__global__ void k(float *x, int n) { }\n"
		     "void usage(char **argv) { fprintf(stderr, \"usage: %s N\\n\", argv[0]); exit(1); }\n"
		     "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 4096 * 4); int n;\n"
		     "  if (argc == 2) {\n"
		     "    n = atoi(argv[1]);\n"
		     "    if (n % 16 != 0 || n > 4096) { fprintf(stderr, \"bad\\n\"); exit(1); }\n"
		     "  } else {\n"
		     "    usage(argv);\n"
		     "  }\n"
		     "  k<<<n / 16, 16>>>(d, n);\n"	/* 11 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 1);
	char *txt = sites_str(&hs);
	ck_assert_msg(strstr(txt, "(x=?, n=n) bufs: x=16384 bytes uninit; n <= 4096; if n % 16 == 0")
		      != NULL, "%s", txt);
	free(txt);
	hostsites_free(&hs);
}
END_TEST

/* A size read from a table of constants at an index the host does not
** know (SHOC's `probSizes[sizeClass - 1]`) is one of the table's entries:
** a local array filled from a constant, a static const one, a static
** global nothing writes.  A table the host fills in a loop stays free. */
START_TEST(test_cu_table)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(float *x, int n) { }\n"
		     "static int ext[3] = { 96, 32, 96 };\n"
		     "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 4096 * 4);\n"
		     "  int sizes[4] = { 64, 8, 32, 1 };\n"
		     "  int c = atoi(argv[1]);\n"
		     "  int n = sizes[c - 1] * 256;\n"
		     "  k<<<n / 256, 256>>>(d, n);\n"	/* 8 */
		     "  static const unsigned tab[2][2] = { { 128, 512 }, { 1024, 128 } };\n"
		     "  k<<<tab[c][c % 2] / 64, 64>>>(d, ext[c]);\n"	/* 10 */
		     "  int sq[4];\n"
		     "  for (int i = 0; i < 4; i++) sq[i] = i * i;\n"
		     "  k<<<1, 32>>>(d, sq[c]);\n"	/* 13 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 3);
	char *txt = sites_str(&hs);
	ck_assert_msg(strstr(txt, "<<<grid.x=sizes[c - 1], ") != NULL
		      && strstr(txt, "(x=?, n=sizes[c - 1] * 256) bufs: x=16384 bytes uninit; "
				"sizes[c - 1] seen 1, 8, 32, 64\n") != NULL, "%s", txt);
	ck_assert_msg(strstr(txt, "main::tab[?] seen 128, 512, 1024") != NULL
		      && strstr(txt, "ext[c] seen 32, 96") != NULL, "%s", txt);
	/* filled by a loop: no entries known */
	const struct hsite *s = at_line(&hs, 13);
	ck_assert_uint_eq(hs.x[s->args[1]].op, HX_VAR);
	ck_assert_uint_eq(hs.vars[hs.x[s->args[1]].value].nseen, 0);
	free(txt);
	hostsites_free(&hs);
}
/* C's math functions keep a grid's tie to the size it covers, as an
** integer ceil-div does: `blocks = ceil(n / 512.0)` set on one branch
** (Rodinia bfs), ceilf, and floor, sqrt and fmax together, at -O0 (libm
** calls) and -O2 (llvm.* intrinsics; n is strtol's result there). */
static void check_libm(const char *olevel, const char *n_name)
{
	struct hostsites hs;
	char *ll = host_ll(PRE "#include <cmath>\n#include <cstdio>\n"
			   "__global__ void k(float *x, int n) { }\n"
			   "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 4096 * 4);\n"
			   "  int n = atoi(argv[1]);\n"
			   "  int blocks = 1, threads = n;\n"
			   "  if (n > 512) { blocks = (int)ceil(n / (double)512); threads = 512; }\n"
			   "  k<<<blocks, threads>>>(d, n);\n"	/* 9 */
			   "  k<<<(int)ceilf(n / 256.0f), 256>>>(d, n);\n"
			   "  k<<<(int)floor(sqrt((double)n)), (int)fmax(32.0, n / 8.0)>>>(d, n);\n"	/* 11 */
			   "  return 0; }\n", olevel);
	if (ll == NULL)
		return;
	read_ok(ll, &hs);
	unlink(ll);
	free(ll);
	ck_assert_uint_eq(hs.ns, 3);
	static const uint64_t ns[] = { 1, 100, 511, 512, 513, 1000, 1024, 1025, 65536, 1000001 };
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		uint64_t n = ns[i];
		const struct hsite *s = at_line(&hs, 9);
		/* grid * 512 >= n > (grid - 1) * 512 past one block */
		ck_assert_uint_eq(eval1(&hs, s->grid[0], n_name, n), n > 512 ? (n + 511) / 512 : 1);
		ck_assert_uint_eq(eval1(&hs, s->block[0], n_name, n), n > 512 ? 512 : n);
		s = at_line(&hs, 10);
		ck_assert_uint_eq(eval1(&hs, s->grid[0], n_name, n), (n + 255) / 256);
		s = at_line(&hs, 11);
		uint64_t r = 0;
		while ((r + 1) * (r + 1) <= n)
			r++;
		ck_assert_uint_eq(eval1(&hs, s->grid[0], n_name, n), r);
		ck_assert_uint_eq(eval1(&hs, s->block[0], n_name, n), n / 8 > 32 ? n / 8 : 32);
	}
	char *txt = sites_str(&hs);
	ck_assert_msg(strstr(txt, "ceil(") && strstr(txt, "ceilf(") && strstr(txt, "floor(sqrt(")
		      && strstr(txt, "fmax(") && !strstr(txt, "ceil()") && !strstr(txt, "ceilf()")
		      && !strstr(txt, "sqrt()") && !strstr(txt, "fmax()"), "%s", txt);
	free(txt);
	hostsites_free(&hs);
}

START_TEST(test_cu_libm)
{
	check_libm("-O0", "n");
	check_libm("-O2", "strtol()");
}
END_TEST

/* A loop's counter after the loop is the value it leaves with, an
** expression of the loop's bound (Rodinia lud's last lud_diagonal after
** `for (i = 0; i < n - 16; i += 16)`), counting up or down; inside the
** loop it stays a variable. */
START_TEST(test_cu_loop_exit)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(float *x, int n, int i) { }\n"
		     "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 4096 * 4);\n"
		     "  int n = atoi(argv[1]); int i;\n"
		     "  for (i = 0; i < n - 16; i += 16)\n"
		     "    k<<<1, 16>>>(d, n, i);\n"	/* 6 */
		     "  k<<<1, 16>>>(d, n, i);\n"
		     "  int j = n;\n"
		     "  for (; j >= 3; j -= 4) k<<<1, 16>>>(d, n, j);\n"	/* 9 */
		     "  k<<<1, 16>>>(d, n, j);\n"	/* 10 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 4);
	ck_assert_int_eq(hs.x[at_line(&hs, 6)->args[2]].op, HX_VAR);
	ck_assert_int_eq(hs.x[at_line(&hs, 9)->args[2]].op, HX_VAR);
	for (int64_t n = -40; n <= 1100; n += 7) {
		int64_t i = 0, j = n;
		for (i = 0; i < n - 16; i += 16)
			;
		for (; j >= 3; j -= 4)
			;
		ck_assert_int_eq((int32_t)eval1(&hs, at_line(&hs, 7)->args[2], "n", (uint64_t)n), i);
		ck_assert_int_eq((int32_t)eval1(&hs, at_line(&hs, 10)->args[2], "n", (uint64_t)n), j);
	}
	hostsites_free(&hs);
}
END_TEST

/* A loop's counter passed to a wrapper inside a longer loop keeps the
** values the loop steps to (SHOC sort's radix loop: `for (i = 0; i < 32;
** i += 4) radixSortStep(4, i, ...)`, with a check of every runtime
** call on the way).  Converting those checks adds variables while the
** counter's values are listed: they once went to the moved array, and
** the counter was left free (1 or 6 for the kernel's multiple of 4). */
START_TEST(test_cu_loop_in_loop)
{
	static const char *const check = "  C(cudaMemcpy(d, h, 4 * n, cudaMemcpyHostToDevice));\n";
	char src[8192];
	int len = snprintf(src, sizeof src, "%s",
			   PRE "#define C(x) do { cudaError_t e = (x); if (e != cudaSuccess) exit(1); } while (0)\n"
			   "__global__ void k(unsigned *d, unsigned sb, int n) { }\n"
			   "static void step(unsigned sb, unsigned *d, int n) { k<<<n / 256, 256>>>(d, sb, n); }\n"
			   "int main(int argc, char **argv) {\n" /* 5 */
			   "  int n = atoi(argv[1]), passes = atoi(argv[2]); unsigned *d, *h = (unsigned *)malloc(4 * n);\n"
			   "  C(cudaMalloc(&d, 4 * n));\n"
			   "  for (int p = 0; p < passes; p++) {\n");
	for (int i = 0; i < 40; i++)
		len += snprintf(src + len, sizeof src - (size_t)len, "%s", check);
	snprintf(src + len, sizeof src - (size_t)len, "%s",
		 "  for (int i = 0; i < 32; i += 4) step(i, d, n);\n"
		 "  C(cudaMemcpy(h, d, 4 * n, cudaMemcpyDeviceToHost)); }\n"
		 "  return 0; }\n");
	struct hostsites hs;
	if (!read_cu(src, &hs))
		return;
	hostsites_link(&hs);
	const struct hsite *s = at_line(&hs, 4);
	uint32_t e = s->args[1];
	ck_assert_msg(e != HX_NONE && hs.x[e].op == HX_VAR, "sb is %s", xstr(&hs, e));
	const struct hvar *v = &hs.vars[hs.x[e].value];
	ck_assert_uint_eq(v->nseen, 9);
	for (uint32_t i = 0; i < v->nseen; i++)
		ck_assert_uint_eq(v->seen[i], 4 * i);
	hostsites_free(&hs);
}
END_TEST

/* A buffer cudaMalloc made is the buffer the launch is given however
** many blocks lie between (SHOC BFS: a check of every runtime call,
** each a branch, between the allocation and the launch; the memory
** reads look back through 64 blocks), when the cudaMalloc is the only
** write of the pointer after its `= NULL`. */
START_TEST(test_cu_malloc_far)
{
	char src[16384];
	int len = snprintf(src, sizeof src, "%s",
			   PRE "#define C(x) do { cudaError_t e = (x); if (e != cudaSuccess) exit(1); } while (0)\n"
			   "__global__ void k(unsigned *d, unsigned *f, int n) { }\n"
			   "int main(int argc, char **argv) {\n"
			   "  int n = atoi(argv[1]); unsigned *d = NULL, *f = NULL, *h = (unsigned *)malloc(4 * n);\n"
			   "  C(cudaMalloc(&d, 4 * n)); C(cudaMalloc(&f, 8 * n));\n");
	for (int i = 0; i < 100; i++)
		len += snprintf(src + len, sizeof src - (size_t)len, "%s",
				"  C(cudaMemcpy(d, h, 4 * n, cudaMemcpyHostToDevice));\n");
	snprintf(src + len, sizeof src - (size_t)len, "%s",
		 "  if (argc > 2) f = d;\n"
		 "  k<<<n / 256, 256>>>(d, f, n);\n"
		 "  return 0; }\n");
	struct hostsites hs;
	if (!read_cu(src, &hs))
		return;
	ck_assert_uint_eq(hs.ns, 1);
	const struct hsite *s = &hs.s[0];
	ck_assert_msg(s->buf_bytes[0] != HX_NONE, "d is unsized");
	ck_assert_uint_eq(eval1(&hs, s->buf_bytes[0], "n", 1000), 4000);
	ck_assert_msg(s->buf_bytes[1] == HX_NONE, "f is %s", xstr(&hs, s->buf_bytes[1]));	/* two writes */
	hostsites_free(&hs);
}
END_TEST

/* Device queries read as the device the reader is given (--device):
** cudaGetDeviceProperties's fields by their names, cudaDeviceGetAttribute
** by its attribute; without a device they stay unknowns.  VARIANT 1 goes
** through the inline cudaGetDeviceProperties of kernels/cuda-compat's
** simulee_cuda13.h, as simulee-c compiles against CUDA 13 (-include
** simulee_legacy.h: its cudaDeviceProp is a struct derived from the
** toolkit's), one line down. */
static void check_devq(int variant)
{
	static const char *src = "__global__ void k(float *x, int n) { }\n"
		"int main(int argc, char **argv) { float *d; cudaMalloc(&d, 4096 * 4);\n"
		"  int n = atoi(argv[1]);\n"
		"  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);\n"
		"  unsigned q = (p.sharedMemPerBlock - 12) / 4;\n"
		"  if (q > p.maxThreadsPerBlock) q = p.maxThreadsPerBlock;\n"
		"  k<<<p.multiProcessorCount, p.maxThreadsPerBlock, q * 4>>>(d, n);\n"	/* 8 */
		"  int mt; cudaDeviceGetAttribute(&mt, cudaDevAttrMaxThreadsPerBlock, 0);\n"
		"  k<<<(n + mt - 1) / mt, mt>>>(d, n);\n"	/* 10 */
		"  return 0; }\n";
	char text[2048];
	snprintf(text, sizeof text, "%s%s%s", PRE, variant ? "#include <simulee_legacy.h>\n" : "", src);
	char *ll = host_ll(text, "-O0");
	if (ll == NULL)
		return;
	struct simrt_device dev = { .major = 8, .sms = 108, .threads_per_sm = 2048, .blocks_per_sm = 32,
			       .smem_per_sm = 164u << 10, .smem_optin = 163u << 10 };
	struct hostsites hs = { .dev = &dev };
	struct sim_error err = { 0 };
	ck_assert_int_eq(hostsite_read(ll, &hs, &err), 0);
	const struct hsite *s = at_line(&hs, 8 + (uint32_t)variant);
	ck_assert_uint_eq(evalc(&hs, s->grid[0]), 108);
	ck_assert_uint_eq(evalc(&hs, s->block[0]), 1024);
	ck_assert_uint_eq(evalc(&hs, s->shmem), 4096);
	s = at_line(&hs, 10 + (uint32_t)variant);
	ck_assert_uint_eq(evalc(&hs, s->block[0]), 1024);
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 5000), 5);
	hostsites_free(&hs);
	read_ok(ll, &hs);	/* no device: unknowns */
	ck_assert(!hexpr_is_const(&hs, at_line(&hs, 8 + (uint32_t)variant)->grid[0]));
	ck_assert(!hexpr_is_const(&hs, at_line(&hs, 10 + (uint32_t)variant)->block[0]));
	hostsites_free(&hs);
	unlink(ll);
	free(ll);
}

START_TEST(test_cu_device_query)
{
	check_devq(0);
	check_devq(1);
}
END_TEST

/* C++ source TEXT compiled for the host to a temporary .ll against the
** toolkit's headers (free it, unlink it); NULL without a toolkit. */
static char *cpp_ll(const char *text)
{
	const char *clang = tu_env("SIMULEE_CLANG");
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	if (cuda == NULL)
		return NULL;
	char *src = tu_tmpfile(text, strlen(text));
	char cpp[4200], out[4200], inc[4200];
	snprintf(cpp, sizeof cpp, "%s.cpp", src);
	ck_assert_int_eq(rename(src, cpp), 0);
	snprintf(out, sizeof out, "%s.ll", src);
	snprintf(inc, sizeof inc, "-I%s/include", cuda);
	const char *argv[] = { clang, inc, "-emit-llvm", "-S", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
			       cpp, "-o", out, NULL };
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, argv), 0);
	ck_assert_msg(r.status == 0, "clang failed: %s", r.err);
	tu_run_free(&r);
	unlink(cpp);
	free(src);
	return strdup(out);
}

/* The sites at source line LINE, into OUT (at most 4); how many. */
static uint32_t sites_at(const struct hostsites *hs, uint32_t line, const struct hsite **out)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < hs->ns; i++)
		if (hs->s[i].line == line && n < 4)
			out[n++] = &hs->s[i];
	return n;
}

/* A wrapper's parameters are bound to what its callers pass, in another
** file read before or after it (hostsites_link): one site per call, with
** the caller's constants, expressions and exit checks; a wrapper nothing
** calls is unbound and its site dropped; a static helper's call in its own
** file binds it; hostsites_wanted names the wrappers no file read calls. */
START_TEST(test_link_files)
{
	static const char cu[] = PRE "__global__ void k(float *x, int n) { }\n"
		"extern \"C\" void launch_k(dim3 g, dim3 b, float *x, int n) { k<<<g, b>>>(x, n); }\n" /* 3 */
		"extern \"C\" void lonely(int q) { k<<<(q + 127) / 128, 128>>>(nullptr, q); }\n" /* 4 */
		"static void local_run(int m) { k<<<m, 64>>>(nullptr, m); }\n"	/* 5 */
		"void run_local(void) { local_run(7); }\n";
	static const char cpp[] = "#include <cstdio>\n#include <cstdlib>\n#include <cuda_runtime.h>\n"
		"extern \"C\" void launch_k(dim3 g, dim3 b, float *x, int n);\n"
		"const int MAX_N = 4096;\n"
		"void run_local(void);\n"
		"int main(int argc, char **argv) {\n"
		"  int size = argc > 1 ? atoi(argv[1]) : 1000;\n"
		"  if (size < 1 || size > MAX_N) { fprintf(stderr, \"bad\\n\"); exit(1); }\n"
		"  launch_k(dim3((size + 255) / 256), dim3(256), nullptr, size);\n"
		"  launch_k(dim3(8, 2), dim3(32, 4), nullptr, 77);\n"
		"  run_local();\n"
		"  return 0; }\n";
	char *a = host_ll(cu, "-O0"), *b = a ? cpp_ll(cpp) : NULL;
	if (a == NULL)
		return;
	for (int order = 0; order < 2; order++) {
		struct hostsites hs = { 0 };
		struct sim_error err = { 0 };
		ck_assert_int_eq(hostsite_read(order ? b : a, &hs, &err), 0);
		if (order == 0) {
			/* the .cu alone: its two wrappers want callers */
			char **want = hostsites_wanted(&hs);
			ck_assert_ptr_nonnull(want);
			int nl = 0, nw = 0;
			for (int i = 0; want[i]; i++) {
				nl += strcmp(want[i], "launch_k") == 0;
				nw += strcmp(want[i], "lonely") == 0;
				ck_assert_str_ne(want[i], "local_run");
				free(want[i]);
			}
			free(want);
			ck_assert(nl == 1 && nw == 1);
		}
		ck_assert_int_eq(hostsite_read(order ? a : b, &hs, &err), 0);
		ck_assert_uint_eq(hs.ns, 3);
		hostsites_link(&hs);
		ck_assert_uint_eq(hs.nunbound, 1);
		ck_assert_uint_eq(hs.ns, 3);
		const struct hsite *w[4];
		ck_assert_uint_eq(sites_at(&hs, 3, w), 2);
		ck_assert_uint_eq(sites_at(&hs, 4, w + 2), 0);
		uint32_t n = var_named(&hs, "size");
		/* which of the two is the constant one */
		int c = hexpr_is_const(&hs, w[1]->args[1]) ? 1 : 0;
		const struct hsite *v = w[1 - c], *k = w[c];
		ck_assert(is_var(&hs, v->args[1], "size"));
		ck_assert_uint_eq(eval1(&hs, v->grid[0], "size", 4096), 16);
		ck_assert_uint_eq(evalc(&hs, v->block[0]), 256);
		const struct hbound *bd = bound_of(v, n);
		ck_assert_ptr_nonnull(bd);
		ck_assert(bd->lo == 1 && bd->hi == 4096);
		ck_assert_uint_eq(evalc(&hs, k->args[1]), 77);
		ck_assert(evalc(&hs, k->grid[0]) == 8 && evalc(&hs, k->grid[1]) == 2);
		ck_assert(evalc(&hs, k->block[0]) == 32 && evalc(&hs, k->block[1]) == 4);
		ck_assert_uint_eq(sites_at(&hs, 5, w), 1);
		ck_assert_uint_eq(evalc(&hs, w[0]->args[1]), 7);
		ck_assert_ptr_null(hostsites_wanted(&hs));
		hostsites_free(&hs);
	}
	unlink(a);
	unlink(b);
	free(a);
	free(b);
}
END_TEST

/* C source TEXT compiled for the host to a temporary .ll with the flags
** simulee-c gives C files (old C builds: K&R definitions, calls of
** undeclared functions); free it, unlink it.  NULL without a toolkit. */
static char *c_ll(const char *text)
{
	const char *clang = tu_env("SIMULEE_CLANG");
	if (tu_env("SIMULEE_CUDA_PATH") == NULL)
		return NULL;
	char *src = tu_tmpfile(text, strlen(text));
	char c[4200], out[4200];
	snprintf(c, sizeof c, "%s.c", src);
	ck_assert_int_eq(rename(src, c), 0);
	snprintf(out, sizeof out, "%s.ll", src);
	const char *argv[] = { clang, "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
			       "-w", "-emit-llvm", "-S", "-g", "-O0", "-Xclang", "-disable-O0-optnone", c, "-o",
			       out, NULL };
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, argv), 0);
	ck_assert_msg(r.status == 0, "clang failed: %s", r.err);
	tu_run_free(&r);
	unlink(c);
	free(src);
	return strdup(out);
}

/* Reads the host IR files PATHS (NULL-terminated, in that order) into *HS
** and links them; frees and unlinks them. */
static void read_link(char **paths, struct hostsites *hs)
{
	memset(hs, 0, sizeof *hs);
	for (int i = 0; paths[i]; i++) {
		struct sim_error err = { 0 };
		ck_assert_msg(hostsite_read(paths[i], hs, &err) == 0, "%s", err.msg);
		unlink(paths[i]);
		free(paths[i]);
	}
	hostsites_link(hs);
}

/* A struct's field read through a pointer takes the values stored to
** that field (same struct, same offset) in every file read: a K&R C
** constructor's parameter followed to its callers across files, with the
** exit check on the way to the call; a constant stored elsewhere too (one
** site per store); a store in a function nothing calls is never made; a
** field whose address a library call is given stays free. */
START_TEST(test_link_struct_fields)
{
	static const char cu[] = PRE "struct cfg { int n; int m; float scale; int extra; };\n"
		"__global__ void k(float *x, int n, int m) { }\n"
		"extern \"C\" void run(struct cfg *c, float *d) { k<<<c->n / 64, 64>>>(d, c->n, c->m); }\n" /* 4 */
		"extern \"C\" void run2(struct cfg *c, float *d) { k<<<c->extra, 32>>>(d, c->extra, 1); }\n";
	static const char mainc[] = "#include <stdio.h>\n#include <stdlib.h>\n"
		"struct cfg { int n; int m; float scale; int extra; };\n"
		"struct cfg *make_cfg();\nvoid run(); void run2();\n"
		"int main(int argc, char **argv) {\n"
		"  int size = atoi(argv[1]);\n"
		"  if (size % 64 != 0) { fprintf(stderr, \"bad\\n\"); exit(1); }\n"
		"  struct cfg *c = make_cfg(size, 3);\n"
		"  if (argc > 2) c->m = 5;\n"
		"  fread(&c->extra, sizeof c->extra, 1, stdin);\n"
		"  run(c, 0); run2(c, 0);\n"
		"  return 0; }\n";
	static const char cfgc[] = "#include <stdlib.h>\n"
		"struct cfg { int n; int m; float scale; int extra; };\n"
		"struct cfg *make_cfg(n, m) int n, m; {\n"
		"  struct cfg *c = malloc(sizeof *c); c->n = n; c->m = m; c->scale = 1.0f; c->extra = 0;\n"
		"  return c; }\n"
		"struct cfg *dead_cfg(int q) { struct cfg *c = malloc(sizeof *c); c->n = q; c->m = q; return c; }\n";
	char *a = host_ll(cu, "-O0");
	if (a == NULL)
		return;
	char *files[] = { a, c_ll(mainc), c_ll(cfgc), NULL };
	struct hostsites hs;
	read_link(files, &hs);
	const struct hsite *w[4];
	ck_assert_uint_eq(sites_at(&hs, 4, w), 2);
	uint32_t size = var_named(&hs, "size");
	uint64_t *vals = calloc(hs.nvars + 1, sizeof *vals);
	int seen3 = 0, seen5 = 0;
	for (int i = 0; i < 2; i++) {
		ck_assert(is_var(&hs, w[i]->args[1], "size"));
		ck_assert_uint_eq(eval1(&hs, w[i]->grid[0], "size", 4096), 64);
		uint64_t m = evalc(&hs, w[i]->args[2]);
		seen3 += m == 3;
		seen5 += m == 5;
		/* main's exit check holds at the launch */
		int held = 1;
		for (uint32_t g = 0; g < w[i]->nguards; g++) {
			vals[size] = 100;
			held &= hguard_holds(&hs, w[i]->guards[g], vals);
		}
		ck_assert_msg(!held, "size = 100 keeps to the guards");
	}
	ck_assert(seen3 == 1 && seen5 == 1);
	/* fread writes c->extra: it stays free */
	ck_assert_uint_eq(sites_at(&hs, 5, w), 1);
	ck_assert(is_var(&hs, w[0]->args[1], "c->extra"));
	free(vals);
	hostsites_free(&hs);
}
END_TEST

/* A global set in one file and read in another takes the values stored to
** it, with the checks the storing function makes before it goes on (a
** return, a call of the program's); a non-zero initializer is one of its
** values, a zero one only where nothing else is stored; a global whose
** address a call is given stays free. */
START_TEST(test_link_globals)
{
	static const char cu[] = PRE "extern int g_size, g_block, g_unset, g_read;\n"
		"__global__ void k(float *x, int n) { }\n"
		"extern \"C\" void go(float *d) { k<<<g_size / 32, g_block>>>(d, g_size); }\n" /* 4 */
		"extern \"C\" void go0(float *d) { k<<<1, 32>>>(d, g_unset); }\n"
		"extern \"C\" void go1(float *d) { k<<<1, 32>>>(d, g_read); }\n";
	static const char mainc[] = "#include <stdio.h>\n#include <stdlib.h>\n"
		"int g_size = 0; int g_block = 128; int g_unset = 0; int g_read = 64;\n"
		"void go(); void go0(); void go1();\n"
		"static void parse(char *s) {\n"
		"  g_size = atoi(s);\n"
		"  if (g_size % 32 != 0) { fprintf(stderr, \"bad\\n\"); exit(1); }\n"
		"}\n"
		"int main(int argc, char **argv) {\n"
		"  parse(argv[1]);\n"
		"  if (argc > 2) g_block = 256;\n"
		"  if (argc > 3) fscanf(stdin, \"%d\", &g_read);\n"
		"  go(0); go0(0); go1(0); return 0; }\n";
	char *a = host_ll(cu, "-O0");
	if (a == NULL)
		return;
	char *files[] = { a, c_ll(mainc), NULL };
	struct hostsites hs;
	read_link(files, &hs);
	const struct hsite *w[4];
	ck_assert_uint_eq(sites_at(&hs, 4, w), 2);
	int b128 = 0, b256 = 0;
	for (int i = 0; i < 2; i++) {
		/* g_size is parse's atoi(s), named after the global */
		ck_assert_uint_eq(hs.x[w[i]->args[1]].op, HX_VAR);
		ck_assert(hs.x[w[i]->args[1]].value == hs.x[w[0]->args[1]].value);
		ck_assert_str_eq(hs.vars[hs.x[w[i]->args[1]].value].name, "g_size");
		uint64_t b = evalc(&hs, w[i]->block[0]);
		b128 += b == 128;
		b256 += b == 256;
		ck_assert_uint_eq(w[i]->nguards, 1);
		char *t = xstr(&hs, w[i]->guards[0]);
		ck_assert_str_eq(t, "g_size % 32 == 0");
		free(t);
	}
	ck_assert(b128 == 1 && b256 == 1);
	/* nothing stores g_unset: its initializer */
	ck_assert_uint_eq(sites_at(&hs, 5, w), 1);
	ck_assert_uint_eq(evalc(&hs, w[0]->args[1]), 0);
	/* fscanf may write g_read: free, not its initializer */
	ck_assert_uint_eq(sites_at(&hs, 6, w), 1);
	ck_assert(!hexpr_is_const(&hs, w[0]->args[1]));
	hostsites_free(&hs);
}
END_TEST

/* A wrapper's pointer parameter has the buffer each caller's cudaMalloc
** made, through callers of callers (SHOC sort's radixSortStep, given
** the buffers RunBenchmark allocates); a caller passing a pointer of no
** known buffer leaves the size unknown. */
START_TEST(test_cu_wrapper_buffers)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(float *x, int n) { }\n"
		     "static void run(float *x, int n) { k<<<n / 256, 256>>>(x, n); }\n"	/* 3 */
		     "void run2(float *y, int n) { run(y, n); }\n"
		     "int main(int argc, char **argv) { int m = atoi(argv[1]); float *a = NULL, *b, *c;\n"
		     "  cudaMalloc(&a, m * 4); cudaMalloc(&b, 1024);\n"
		     "  run(a, m);\n"
		     "  run2(b, 256);\n"
		     "  c = argc > 2 ? a : b; run(c, m);\n"
		     "  return 0; }\n", &hs))
		return;
	hostsites_link(&hs);
	const struct hsite *w[4];
	ck_assert_uint_eq(sites_at(&hs, 3, w), 3);
	int sized_n = 0, sized_1024 = 0, unsized = 0;
	for (int i = 0; i < 3; i++) {
		uint32_t b = w[i]->buf_bytes[0];
		if (b == HX_NONE)
			unsized++;
		else if (hexpr_is_const(&hs, b))
			sized_1024 += evalc(&hs, b) == 1024;
		else
			sized_n += eval1(&hs, b, "m", 1000) == 4000;
	}
	ck_assert(sized_n == 1 && sized_1024 == 1 && unsized == 1);
	hostsites_free(&hs);
}
END_TEST

/* A launch inside a lambda reads its captures through the closure's
** pointer: each takes what the caller's closure holds when it is called
** (a by-value capture, a by-reference one through the variable's address,
** an explicit list, a closure passed by value or forwarded), several calls
** deep; a struct holding a pointer to a local likewise.  A closure that
** escapes to code the reader does not follow (std::function), and a
** capture the lambda writes before its launch, stay variables. */
START_TEST(test_link_closures)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <functional>\n#include <type_traits>\n#include <utility>\n"
		     "__global__ void k(float *x, int n) { }\n"					/* 5 */
		     "template <class L> void dispatch(L &&l, int bs) {\n"
		     "  if (bs == 32) l(std::integral_constant<int, 32>{}); }\n"
		     "template <class F> void by_val(F f) { f(); }\n"
		     "template <class F> void fwd(F &&f) { std::forward<F>(f)(); }\n"
		     "void a(float *x, int B, int T) {\n"						/* 10 */
		     "  auto l = [=](auto ic) { k<<<dim3(T, B), ic.value>>>(x, T); }; dispatch(l, 32); }\n"
		     "void b(float *x, int B, int T) {\n"
		     "  int n = T * 2; auto l = [&n, x, B]() { k<<<B, 64>>>(x, n); }; fwd(l); }\n"
		     "void c(float *x, int B, int T) {\n"
		     "  int m = T + 1; by_val([=]() { k<<<m, 128>>>(x, B); }); }\n"			/* 15 */
		     "void d(float *x, int B, int T) {\n"
		     "  std::function<void()> f = [&]() { k<<<T, 128>>>(x, B); }; f(); }\n"
		     "void e(float *x, int B, int T) {\n"
		     "  auto l = [&]() { T = T + B; k<<<T, 128>>>(x, B); }; l(); }\n"
		     "struct Ctx { int *n; };\n"							/* 20 */
		     "void run_ctx(const Ctx &c, float *x) { k<<<*c.n, 64>>>(x, 1); }\n"
		     "void f(float *x, int T) { Ctx c{&T}; run_ctx(c, x); }\n"
		     "int main(int argc, char **argv) { float *x; cudaMalloc(&x, 1 << 20);\n"
		     "  int q = atoi(argv[1]);\n"
		     "  a(x, 4, 64); b(x, 4, 64); c(x, 4, 64); d(x, 4, 64); e(x, 4, 64);\n"	/* 25 */
		     "  f(x, 48); f(x, q); return 0; }\n", &hs))
		return;
	hostsites_link(&hs);
	const struct hsite *w[4];
	ck_assert_uint_eq(sites_at(&hs, 11, w), 1);
	ck_assert_uint_eq(evalc(&hs, w[0]->grid[0]), 64);
	ck_assert_uint_eq(evalc(&hs, w[0]->grid[1]), 4);
	ck_assert_uint_eq(evalc(&hs, w[0]->args[1]), 64);
	ck_assert_uint_eq(sites_at(&hs, 13, w), 1);
	ck_assert_uint_eq(evalc(&hs, w[0]->grid[0]), 4);
	ck_assert_uint_eq(evalc(&hs, w[0]->args[1]), 128);
	ck_assert_uint_eq(sites_at(&hs, 15, w), 1);
	ck_assert_uint_eq(evalc(&hs, w[0]->grid[0]), 65);
	ck_assert_uint_eq(evalc(&hs, w[0]->args[1]), 4);
	/* escaped: free, but still the program's launch */
	ck_assert_uint_eq(sites_at(&hs, 17, w), 1);
	ck_assert(!hexpr_is_const(&hs, w[0]->grid[0]) && !hexpr_is_const(&hs, w[0]->args[1]));
	/* T written in the lambda: free; B only read: 4 */
	ck_assert_uint_eq(sites_at(&hs, 19, w), 1);
	ck_assert(!hexpr_is_const(&hs, w[0]->grid[0]));
	ck_assert_uint_eq(evalc(&hs, w[0]->args[1]), 4);
	ck_assert_uint_eq(sites_at(&hs, 21, w), 2);
	int k48 = hexpr_is_const(&hs, w[0]->grid[0]) ? 0 : 1;
	ck_assert_uint_eq(evalc(&hs, w[k48]->grid[0]), 48);
	ck_assert(is_var(&hs, w[1 - k48]->grid[0], "q"));
	ck_assert_uint_eq(hs.nunbound, 0);
	hostsites_free(&hs);
}
END_TEST

/* A call through a driver's function-pointer parameter is a call of each
** function the driver's direct callers pass there: l1 from main (10, 32),
** l2 through one forwarding template (20, 64), l4 through a benchmark
** template's forwarded references, its block a local read from a table
** (sz[j]: 16 or 48).  l3, called only through a table, stays unbound:
** its site is dropped. */
START_TEST(test_link_fnparam)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <utility>\n"
		     "__global__ void k(float *x, int n) { }\n"
		     "void l1(float *x, int n, int bs) { k<<<n, bs>>>(x, n); }\n"
		     "void l2(float *x, unsigned n, int bs) { k<<<n, bs>>>(x, 2); }\n"		/* 5 */
		     "void l3(float *x, int n, int bs) { k<<<n, bs>>>(x, 3); }\n"
		     "void l4(float *x, int n, int bs) { k<<<n, bs>>>(x, 4); }\n"
		     "template <class F> void drive(F f, float *x, int n, int bs) { f(x, n, bs); }\n"
		     "template <class F> void outer(F f, float *x, int n, int bs) {\n"
		     "  drive(f, x, n, bs); }\n"							/* 10 */
		     "template <class F, class... A> void bench(F f, A &&...a) {\n"
		     "  for (int r = 0; r < 3; r++) f(std::forward<A>(a)...); }\n"
		     "int main(int argc, char **argv) { float *x; cudaMalloc(&x, 1 << 20);\n"
		     "  void (*tab[2])(float *, int, int) = { l3, l3 };\n"
		     "  drive(l1, x, 10, 32); outer(l2, x, 20u, 64);\n"				/* 15 */
		     "  int sz[] = { 16, 48 }, n = 7;\n"
		     "  for (int j = 0; j < 2; j++) { int bs = sz[j]; bench(l4, x, n, bs); }\n"
		     "  tab[argc & 1](x, 5, 1); return 0; }\n", &hs))
		return;
	hostsites_link(&hs);
	const struct hsite *w[4];
	ck_assert_uint_eq(sites_at(&hs, 4, w), 1);
	ck_assert_uint_eq(evalc(&hs, w[0]->grid[0]), 10);
	ck_assert_uint_eq(evalc(&hs, w[0]->block[0]), 32);
	ck_assert_uint_eq(evalc(&hs, w[0]->args[1]), 10);
	ck_assert_uint_eq(sites_at(&hs, 5, w), 1);
	ck_assert_uint_eq(evalc(&hs, w[0]->grid[0]), 20);
	ck_assert_uint_eq(evalc(&hs, w[0]->block[0]), 64);
	ck_assert_uint_eq(sites_at(&hs, 6, w), 0);
	ck_assert_uint_gt(hs.nunbound, 0);
	ck_assert_uint_eq(sites_at(&hs, 7, w), 1);
	ck_assert_uint_eq(evalc(&hs, w[0]->grid[0]), 7);
	const struct hexpr *b = &hs.x[w[0]->block[0]];
	ck_assert_int_eq(b->op, HX_VAR);
	ck_assert_uint_eq(hs.vars[b->value].nseen, 2);
	ck_assert_uint_eq(hs.vars[b->value].seen[0], 16);
	ck_assert_uint_eq(hs.vars[b->value].seen[1], 48);
	hostsites_free(&hs);
}
END_TEST

/* A helper's site in the same file takes each call's values (the same
** binding as across files), a check in the helper that exits on a bad
** argument drops a call passing such a constant, and the caller's checks
** bound what it passes. */
START_TEST(test_link_same_file)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <cstdio>\n"
		     "__global__ void k(float *x, int n) { }\n"
		     "void run(float *d, int n) { if (n > 2048) { puts(\"no\"); exit(2); }\n"
		     "  k<<<(n + 127) / 128, 128>>>(d, n); }\n"	/* 5 */
		     "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 1 << 20);\n"
		     "  run(d, 1000); run(d, 4096);\n"
		     "  int m = atoi(argv[1]); if (m < 16) exit(1);\n"
		     "  run(d, m); return 0; }\n", &hs))
		return;
	hostsites_link(&hs);
	const struct hsite *w[4];
	ck_assert_uint_eq(sites_at(&hs, 5, w), 2);	/* run(d, 4096) exits first */
	int c = hexpr_is_const(&hs, w[1]->args[1]) ? 1 : 0;
	ck_assert_uint_eq(evalc(&hs, w[c]->args[1]), 1000);
	ck_assert_uint_eq(evalc(&hs, w[c]->grid[0]), 8);
	/* m: at least 16 from main, at most 2048 from run's check */
	const struct hbound *bd = bound_of(w[1 - c], var_named(&hs, "m"));
	ck_assert_ptr_nonnull(bd);
	ck_assert(bd->lo == 16 && bd->hi == 2048);
	hostsites_free(&hs);
}
END_TEST

START_TEST(test_cu_launch_kernel)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(const float *a, float *b, int n) { }\n"
		     "int main(int argc, char **argv) {\n"
		     "  int n = atoi(argv[1]);\n"
		     "  float *a, *b;\n"
		     "  cudaMalloc(&a, n * sizeof(float));\n"
		     "  cudaMalloc((void **)&b, 2 * n * sizeof(double));\n"
		     "  void *args[] = { &a, &b, &n };\n"
		     "  cudaLaunchKernel((void *)k, dim3(n / 32), dim3(32), args, 0, 0);\n"	/* 9 */
		     "  cudaLaunchKernel(k, dim3(4, 4), dim3(8, 8), args, 256, 0);\n"	/* 10 */
		     "  cudaLaunchCooperativeKernel((void *)k, 2, 64, args);\n"		/* 11 */
		     "  k<<<n, 1>>>(b, a, n);\n"						/* 12 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 4);	/* the stub's own cudaLaunchKernel is none */
	for (uint32_t line = 9; line <= 12; line++) {
		const struct hsite *s = at_line(&hs, line);
		ck_assert_str_eq(s->kernel, "_Z1kPKfPfi");
		ck_assert_uint_eq(s->nargs, 3);
		ck_assert(is_var(&hs, s->args[2], "n"));
		/* each buffer's size goes to the argument it is */
		uint32_t fa = line == 12 ? 1 : 0, fb = line == 12 ? 0 : 1;
		ck_assert_uint_eq(eval1(&hs, s->buf_bytes[fa], "n", 10), 40);
		ck_assert_uint_eq(eval1(&hs, s->buf_bytes[fb], "n", 10), 160);
	}
	ck_assert_uint_eq(eval1(&hs, at_line(&hs, 9)->grid[0], "n", 100), 3);
	assert_dims(&hs, at_line(&hs, 10), (const uint64_t[]){ 4, 4, 1 }, (const uint64_t[]){ 8, 8, 1 });
	ck_assert_uint_eq(evalc(&hs, at_line(&hs, 10)->shmem), 256);
	assert_dims(&hs, at_line(&hs, 11), (const uint64_t[]){ 2, 1, 1 }, (const uint64_t[]){ 64, 1, 1 });
	hostsites_free(&hs);
}
END_TEST

/* Template and namespace kernels: the name read on the host is the
** device module's own. */
START_TEST(test_cu_names)
{
	const char *src = PRE "template <int B> __global__ void tk(float *x) { x[threadIdx.x] = B; }\n"
		"namespace ns { __global__ void nk(float *x, int m) { x[threadIdx.x] = m; } }\n"
		"namespace { __global__ void ak(float *x) { x[0] = 1; } }\n"
		"namespace a { namespace b { template <class T> __global__ void deep(T *x, T v) { x[0] = v; } } }\n"
		"extern \"C\" __global__ void ck(float *x) { x[0] = 2; }\n"
		"int main() { float *d; cudaMalloc(&d, 1024);\n"
		"  tk<256><<<1, 256>>>(d); ns::nk<<<2, 32>>>(d, 7); ak<<<1, 1>>>(d);\n"
		"  a::b::deep<float><<<1, 1>>>(d, 1.5f); a::b::deep<int><<<1, 1>>>((int *)d, 3);\n"
		"  ck<<<1, 1>>>(d); tk<64><<<1, 64>>>(d); return 0; }\n";
	struct hostsites hs;
	if (!read_cu(src, &hs))
		return;
	ck_assert_uint_eq(hs.ns, 7);
	char *bc = tu_compile_cu_real(src, "-O0");
	ck_assert_ptr_nonnull(bc);
	struct loaded l;
	struct sim_error err = { 0 };
	ck_assert_msg(load_file(bc, NULL, &l, &err) == 0, "%s", err.msg);
	for (uint32_t i = 0; i < hs.ns; i++) {
		int ki = load_find_kernel(&l, hs.s[i].kernel);
		ck_assert_msg(ki >= 0, "site %u: no device kernel %s", i, hs.s[i].kernel);
		ck_assert_str_eq(l.kernels[ki].name, hs.s[i].kernel);
	}
	ck_assert_str_eq(hs.s[0].kernel, "_Z2tkILi256EEvPf");
	ck_assert_str_eq(hs.s[1].kernel, "_ZN2ns2nkEPfi");
	ck_assert_uint_eq(evalc(&hs, hs.s[1].args[1]), 7);
	ck_assert_str_eq(hs.s[5].kernel, "ck");
	ck_assert_str_eq(hs.s[6].kernel, "_Z2tkILi64EEvPf");
	/* a float argument by value */
	ck_assert(hs.x[hs.s[3].args[1]].is_float);
	ck_assert_uint_eq(evalc(&hs, hs.s[3].args[1]), 0x3fc00000u);
	load_free(&l);
	unlink(bc);
	free(bc);
	hostsites_free(&hs);
}
END_TEST

START_TEST(test_cu_two_sites_and_min)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <algorithm>\n"
		     "__global__ void k(int *x, int n) { }\n"
		     "static int div_up(int a, int b) { return (a + b - 1) / b; }\n"
		     "int main(int argc, char **argv) { int n = atoi(argv[1]); int *d;\n"
		     "  cudaMallocManaged(&d, n * sizeof(int));\n"
		     "  k<<<div_up(n, 64), std::min(n, 64)>>>(d, n);\n"	/* 7 */
		     "  if (n > 10)\n"
		     "    k<<<1, 32>>>(d, n - 1);\n"				/* 9 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 2);
	const struct hsite *s = at_line(&hs, 7);
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 65), 2);
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 64), 1);
	ck_assert_uint_eq(eval1(&hs, s->block[0], "n", 65), 64);
	ck_assert_uint_eq(eval1(&hs, s->block[0], "n", 10), 10);
	ck_assert_uint_eq(eval1(&hs, s->buf_bytes[0], "n", 10), 40);	/* cudaMallocManaged */
	s = at_line(&hs, 9);
	ck_assert_str_eq(s->kernel, hs.s[0].kernel);
	ck_assert_uint_eq(eval1(&hs, s->args[1], "n", 11), 10);
	hostsites_free(&hs);
}
END_TEST

/* Optimised host code inlines the stub: the configuration it pops is the
** one pushed before it. */
START_TEST(test_cu_optimised)
{
	char *ll = host_ll(PRE "__global__ void k(float *x, int n) { }\n"
			   "int main(int argc, char **argv) { int n = atoi(argv[1]); float *d;\n"
			   "  cudaMalloc(&d, n * sizeof(float));\n"
			   "  k<<<(n + 127) / 128, 128, 64>>>(d, n);\n"	/* 5 */
			   "  return 0; }\n", "-O2");
	if (ll == NULL)
		return;
	struct hostsites hs;
	read_ok(ll, &hs);
	unlink(ll);
	free(ll);
	ck_assert_uint_eq(hs.ns, 1);
	const struct hsite *s = at_line(&hs, 5);
	ck_assert_str_eq(s->kernel, "_Z1kPfi");
	ck_assert_uint_eq(evalc(&hs, s->block[0]), 128);
	ck_assert_uint_eq(evalc(&hs, s->shmem), 64);
	ck_assert(!hexpr_is_const(&hs, s->grid[0]));
	ck_assert_uint_eq(evalc(&hs, s->grid[1]), 1);
	hostsites_free(&hs);
}
END_TEST

/* Bitcode in, and an unsigned size: size_t n's variable is unsigned and
** the grid divides unsigned. */
START_TEST(test_cu_bitcode)
{
	char *bc = host_ir(PRE "__global__ void k(float *x, size_t n) { }\n"
			   "int main(int argc, char **argv) { size_t n = strtoul(argv[1], 0, 10);\n"
			   "  float *d; cudaMalloc(&d, n * sizeof(float));\n"
			   "  k<<<(n + 255) / 256, 256>>>(d, n);\n"	/* 5 */
			   "  return 0; }\n", "-O0", 1);
	if (bc == NULL)
		return;
	struct hostsites hs;
	read_ok(bc, &hs);
	unlink(bc);
	free(bc);
	ck_assert_uint_eq(hs.ns, 1);
	const struct hsite *s = at_line(&hs, 5);
	uint32_t n = var_named(&hs, "n");
	ck_assert_int_eq(hs.vars[n].is_signed, 0);
	ck_assert_uint_eq(hs.vars[n].width, 64);
	ck_assert(is_var(&hs, s->args[1], "n"));
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 1000), 4);
	/* unsigned: the huge n wraps around, as the host computes it */
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", UINT64_MAX), 0);
	char *t = xstr(&hs, s->grid[0]);
	ck_assert_str_eq(t, "(i32)((n + 255) /u 256)");
	free(t);
	hostsites_free(&hs);
}
END_TEST

/* A whole file's text (free it). */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	char chunk[4096];
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (len + n + 1 > cap) {
			cap = (len + n + 1) * 2;
			buf = realloc(buf, cap);
			ck_assert_ptr_nonnull(buf);
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	fclose(f);
	ck_assert_ptr_nonnull(buf);
	buf[len] = '\0';
	return buf;
}

/* The contract corpus's params_struct_stride: a struct filled field by
** field with constants, passed by value. */
START_TEST(test_cu_struct_stride)
{
	const char *dir = tu_env("SIMULEE_SRCDIR");
	char path[4200];
	snprintf(path, sizeof path, "%s/kernels/contracts/params_struct_stride.cu", dir);
	char *src = slurp(path);
	struct hostsites hs;
	int ok = read_cu(src, &hs);
	free(src);
	if (!ok)
		return;
	ck_assert_uint_eq(hs.ns, 1);
	assert_fields_sane(&hs);
	const struct hsite *s = &hs.s[0];
	ck_assert_str_eq(s->kernel, "_Z8decimatePKfPf6Params");
	ck_assert_uint_eq(s->nargs, 3);
	ck_assert_str_eq(s->argname[2], "p");
	ck_assert_uint_eq(s->args[2], HX_NONE);
	ck_assert_uint_eq(s->nfields[0], 0);
	ck_assert_uint_eq(s->nfields[2], 3);
	assert_field_const(&hs, s, 2, 0, 32, 0, 4096);
	assert_field_const(&hs, s, 2, 4, 32, 0, 4);
	assert_field_const(&hs, s, 2, 8, 32, 1, fbits(0.25f));
	ck_assert_str_eq(field_name(s, 2, 0), "n");
	ck_assert_str_eq(field_name(s, 2, 4), "stride");
	ck_assert_str_eq(field_name(s, 2, 8), "scale");
	assert_dims(&hs, s, (const uint64_t[]){ 16, 1, 1 }, (const uint64_t[]){ 256, 1, 1 });
	ck_assert_uint_eq(evalc(&hs, s->buf_bytes[1]), 4096);
	char *t = sites_str(&hs);
	ck_assert_msg(strstr(t, ">>> (in=?, out=?, p={n=4096, stride=4, scale=0.25f}) bufs: in=16384 bytes, "
			     "out=4096 bytes\n") != NULL, "%s", t);
	free(t);
	hostsites_free(&hs);
}
END_TEST

/* Aggregate and designated initialisers, a constructor, a copy, a
** returned struct: fields over the host's n share it with the grid. */
START_TEST(test_cu_struct_init)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <cstring>\n"
		     "struct P { int n; int stride; float scale; };\n"
		     "struct Q { int a; float x, y; };\n"
		     "struct C { int n; float s; __host__ __device__ C(int n_, float s_) : n(n_), s(s_) {} };\n"
		     "__global__ void kp(P p) { }\n"
		     "__global__ void kq(Q q) { }\n"
		     "__global__ void kc(C c) { }\n"
		     "static P make(int n, int s) { P p; p.n = n; p.stride = s; p.scale = 1.0f / s; return p; }\n"
		     "int main(int argc, char **argv) { int n = atoi(argv[1]);\n"		/* 10 */
		     "  P a = {4096, 4, 0.25f};\n"
		     "  kp<<<(n + 255) / 256, 256>>>(a);\n"					/* 12 */
		     "  Q q{.a = n, .x = 1.5f, .y = 2.5f};\n"
		     "  kq<<<(n + 255) / 256, 256>>>(q);\n"					/* 14 */
		     "  kc<<<n, 1>>>(C(n, 2.0f));\n"						/* 15 */
		     "  P m = make(n, 8); P c; memcpy(&c, &m, sizeof c);\n"
		     "  kp<<<n / 8, 32>>>(c);\n"						/* 17 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 4);
	assert_fields_sane(&hs);
	const struct hsite *s = at_line(&hs, 12);
	ck_assert_uint_eq(s->nfields[0], 3);
	assert_field_const(&hs, s, 0, 0, 32, 0, 4096);
	assert_field_const(&hs, s, 0, 4, 32, 0, 4);
	assert_field_const(&hs, s, 0, 8, 32, 1, fbits(0.25f));
	s = at_line(&hs, 14);
	ck_assert_uint_eq(s->nfields[0], 3);
	ck_assert(is_var(&hs, field_at(s, 0, 0)->expr, "n"));
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 1000), 4);
	assert_field_const(&hs, s, 0, 4, 32, 1, fbits(1.5f));
	assert_field_const(&hs, s, 0, 8, 32, 1, fbits(2.5f));
	ck_assert_str_eq(field_name(s, 0, 4), "x");
	s = at_line(&hs, 15);
	ck_assert_uint_eq(s->nfields[0], 2);
	ck_assert_uint_eq(field_at(s, 0, 0)->expr, s->grid[0]);
	assert_field_const(&hs, s, 0, 4, 32, 1, fbits(2.0f));
	s = at_line(&hs, 17);
	ck_assert_uint_eq(s->nfields[0], 3);
	ck_assert(is_var(&hs, field_at(s, 0, 0)->expr, "n"));
	assert_field_const(&hs, s, 0, 4, 32, 0, 8);
	assert_field_const(&hs, s, 0, 8, 32, 1, fbits(0.125f));
	char *t = sites_str(&hs);
	ck_assert_msg(strstr(t, ">>> (q={a=n, x=1.5f, y=2.5f})\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, ">>> (c={n=n, s=2f})\n") != NULL, "%s", t);
	free(t);
	hostsites_free(&hs);
}
END_TEST

/* A struct parameter of a host function: its fields are variables ("p.n")
** that the grid shares, seen with the constants the callers pass; a
** struct a helper builds from its parameters is made of them. */
START_TEST(test_cu_struct_helper)
{
	struct hostsites hs;
	if (!read_cu(PRE "struct P { int n; int stride; float scale; };\n"
		     "struct Big { int a[6]; double z; };\n"
		     "__global__ void kp(float *o, P p) { }\n"
		     "__global__ void kb(Big b) { }\n"
		     "void run(P p, float *o) {\n"
		     "  kp<<<(p.n + 255) / 256, 256>>>(o, p); }\n"			/* 7 */
		     "void build(int n, int s, float *o) { P p; p.n = n; p.stride = s; p.scale = 1.0f / s;\n"
		     "  kp<<<(n + 255) / 256, 256>>>(o, p); }\n"				/* 9 */
		     "void big(Big b) { kb<<<1, b.a[0]>>>(b); }\n"			/* 10 */
		     "int main(int argc, char **argv) { float *d; cudaMalloc(&d, 64);\n"
		     "  run(P{4096, 4, 0.25f}, d); run(P{100, 2, 0.5f}, d);\n"
		     "  build(1000, 3, d); build(2000, 3, d);\n"
		     "  Big b = {}; b.a[0] = 32; big(b);\n"
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 3);
	assert_fields_sane(&hs);
	/* run(P p): p.n, p.stride, p.scale */
	const struct hsite *s = at_line(&hs, 7);
	ck_assert_uint_eq(s->nfields[1], 3);
	ck_assert(is_var(&hs, field_at(s, 1, 0)->expr, "p.n"));
	ck_assert(is_var(&hs, field_at(s, 1, 4)->expr, "p.stride"));
	ck_assert(is_var(&hs, field_at(s, 1, 8)->expr, "p.scale"));
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "p.n", 1000), 4);
	char *t = xstr(&hs, s->grid[0]);
	ck_assert_str_eq(t, "(p.n + 255) / 256");
	free(t);
	const struct hvar *v = &hs.vars[var_named(&hs, "p.n")];
	ck_assert_uint_eq(v->width, 32);
	ck_assert_int_eq(v->is_signed, 1);
	ck_assert_uint_eq(v->nseen, 2);
	ck_assert_uint_eq(v->seen[0], 100);
	ck_assert_uint_eq(v->seen[1], 4096);
	v = &hs.vars[var_named(&hs, "p.scale")];
	ck_assert_int_eq(v->is_float, 1);
	ck_assert_uint_eq(v->nseen, 2);
	/* build(n, s): fields over the helper's parameters */
	s = at_line(&hs, 9);
	ck_assert_uint_eq(s->nfields[1], 3);
	ck_assert(is_var(&hs, field_at(s, 1, 0)->expr, "n"));
	ck_assert(is_var(&hs, field_at(s, 1, 4)->expr, "s"));
	ck_assert_uint_eq(eval1(&hs, s->grid[0], "n", 1000), 4);
	uint64_t sc = eval1(&hs, field_at(s, 1, 8)->expr, "s", 4);
	ck_assert_uint_eq(sc, fbits(0.25f));
	ck_assert_uint_eq(hs.vars[var_named(&hs, "s")].nseen, 1);
	/* big(Big b), byval: the block is the field's variable */
	s = at_line(&hs, 10);
	ck_assert_uint_eq(s->nfields[0], 7);
	ck_assert(is_var(&hs, s->block[0], "b.a[0]"));
	ck_assert_uint_eq(field_at(s, 0, 0)->expr, s->block[0]);
	ck_assert(is_var(&hs, field_at(s, 0, 24)->expr, "b.z"));
	ck_assert_str_eq(field_name(s, 0, 20), "a[5]");
	t = sites_str(&hs);
	ck_assert_msg(strstr(t, "(o=?, p={n=p.n, stride=p.stride, scale=p.scale}) bufs: o=bytes(o) bytes; p.n seen 100, 4096; "
			     "p.stride seen 2, 4; p.scale seen ") != NULL, "%s", t);
	free(t);
	hostsites_free(&hs);
}
END_TEST

/* Nested structs and arrays in structs flatten to their scalar leaves. */
START_TEST(test_cu_struct_nested)
{
	struct hostsites hs;
	if (!read_cu(PRE "#include <cstring>\n"
		     "struct Inner { short lo; short hi; };\n"
		     "struct N { Inner in; int m; double d; };\n"
		     "struct A { struct { short s; char c; } e[3]; int tail; };\n"
		     "struct Base { int b0; };\n"
		     "struct D : Base { int d1; };\n"
		     "__global__ void kn(N v) { }\n"
		     "__global__ void ka(A v) { }\n"
		     "__global__ void kd(D v) { }\n"
		     "int main(int argc, char **argv) { int n = atoi(argv[1]);\n"	/* 11 */
		     "  N v; v.in.lo = 1; v.in.hi = -2; v.m = n; v.d = 3.0;\n"
		     "  kn<<<1, 1>>>(v);\n"						/* 13 */
		     "  A a; memset(&a, 0, sizeof a); a.e[1].s = 3; a.e[2].c = 4; a.tail = n;\n"
		     "  ka<<<1, 1>>>(a);\n"						/* 15 */
		     "  D x; x.b0 = 5; x.d1 = n;\n"
		     "  kd<<<1, 1>>>(x);\n"						/* 17 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 3);
	assert_fields_sane(&hs);
	const struct hsite *s = at_line(&hs, 13);
	ck_assert_uint_eq(s->nfields[0], 4);
	assert_field_const(&hs, s, 0, 0, 16, 0, 1);
	assert_field_const(&hs, s, 0, 2, 16, 0, 0xfffe);
	ck_assert(is_var(&hs, field_at(s, 0, 4)->expr, "n"));
	assert_field_const(&hs, s, 0, 8, 64, 1, dbits(3.0));
	ck_assert_str_eq(field_name(s, 0, 0), "in.lo");
	ck_assert_str_eq(field_name(s, 0, 2), "in.hi");
	ck_assert_str_eq(field_name(s, 0, 8), "d");
	s = at_line(&hs, 15);
	ck_assert_uint_eq(s->nfields[0], 7);
	assert_field_const(&hs, s, 0, 4, 16, 0, 3);
	assert_field_const(&hs, s, 0, 10, 8, 0, 4);
	assert_field_const(&hs, s, 0, 8, 16, 0, 0);
	ck_assert(is_var(&hs, field_at(s, 0, 12)->expr, "n"));
	ck_assert_str_eq(field_name(s, 0, 10), "e[2].c");
	ck_assert_str_eq(field_name(s, 0, 12), "tail");
	s = at_line(&hs, 17);
	ck_assert_uint_eq(s->nfields[0], 2);
	assert_field_const(&hs, s, 0, 0, 32, 0, 5);
	ck_assert_str_eq(field_name(s, 0, 0), "b0");
	ck_assert_str_eq(field_name(s, 0, 4), "d1");
	char *t = sites_str(&hs);
	ck_assert_msg(strstr(t, "(v={in.lo=1, in.hi=-2, m=n, d=3})\n") != NULL, "%s", t);
	free(t);
	hostsites_free(&hs);
}
END_TEST

/* Fields the host never sets or that cannot be followed are left out;
** pointer fields too. */
START_TEST(test_cu_struct_unknown)
{
	struct hostsites hs;
	if (!read_cu(PRE "struct P { int n; int stride; float scale; };\n"
		     "struct W { float *p; int n; };\n"
		     "void fill(P *p);\n"
		     "__global__ void kp(P p) { }\n"
		     "__global__ void kw(W w) { }\n"
		     "int main(int argc, char **argv) {\n"
		     "  P p; fill(&p);\n"
		     "  kp<<<1, 1>>>(p);\n"					/* 9 */
		     "  P h; h.n = 7;\n"
		     "  kp<<<2, 1>>>(h);\n"					/* 11 */
		     "  float *d; cudaMalloc(&d, 64); W w = {d, 9};\n"
		     "  kw<<<3, 1>>>(w);\n"					/* 13 */
		     "  return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 3);
	assert_fields_sane(&hs);
	const struct hsite *s = at_line(&hs, 9);
	ck_assert_uint_eq(s->nfields[0], 0);
	ck_assert_ptr_null(s->fields[0]);
	ck_assert_uint_eq(s->args[0], HX_NONE);
	/* scale is undef; stride shares an i64 with n, where sroa folds
	** the unset half to zeros */
	s = at_line(&hs, 11);
	assert_field_const(&hs, s, 0, 0, 32, 0, 7);
	ck_assert_ptr_null(field_at(s, 0, 8));
	s = at_line(&hs, 13);
	ck_assert_uint_eq(s->nfields[0], 1);
	assert_field_const(&hs, s, 0, 8, 32, 0, 9);
	ck_assert_uint_eq(s->buf_bytes[0], HX_NONE);
	char *t = sites_str(&hs);
	ck_assert_msg(strstr(t, ">>> (p=?)\n") != NULL, "%s", t);
	ck_assert_msg(strstr(t, ">>> (w={n=9})\n") != NULL, "%s", t);
	free(t);
	hostsites_free(&hs);
}
END_TEST

/* cudaLaunchKernel's argument array holds the struct's address; optimised
** code inlines the stub, the struct's registers stored into its local. */
START_TEST(test_cu_struct_launch)
{
	static const char src[] = PRE "struct P { int n; int stride; float scale; };\n"
		"__global__ void kp(P p) { }\n"
		"int main(int argc, char **argv) { int n = atoi(argv[1]);\n"
		"  P p = {n, 4, 0.5f}; void *args[] = { &p };\n"
		"  cudaLaunchKernel((void *)kp, dim3(n / 32), dim3(32), args, 0, 0);\n"	/* 6 */
		"  kp<<<n, 64>>>(p);\n"							/* 7 */
		"  return 0; }\n";
	struct hostsites hs;
	if (!read_cu(src, &hs))
		return;
	ck_assert_uint_eq(hs.ns, 2);
	for (uint32_t line = 6; line <= 7; line++) {
		const struct hsite *s = at_line(&hs, line);
		ck_assert_uint_eq(s->nfields[0], 3);
		ck_assert(is_var(&hs, field_at(s, 0, 0)->expr, "n"));
		assert_field_const(&hs, s, 0, 4, 32, 0, 4);
		assert_field_const(&hs, s, 0, 8, 32, 1, fbits(0.5f));
	}
	hostsites_free(&hs);
	char *ll = host_ll(src, "-O2");
	read_ok(ll, &hs);
	unlink(ll);
	free(ll);
	ck_assert_uint_eq(hs.ns, 2);
	assert_fields_sane(&hs);
	for (uint32_t line = 6; line <= 7; line++) {
		const struct hsite *s = at_line(&hs, line);
		ck_assert_uint_eq(s->nfields[0], 3);
		ck_assert_uint_eq(eval1(&hs, field_at(s, 0, 0)->expr, "strtol()", 77), 77);
		assert_field_const(&hs, s, 0, 4, 32, 0, 4);
		assert_field_const(&hs, s, 0, 8, 32, 1, fbits(0.5f));
	}
	ck_assert_uint_eq(field_at(at_line(&hs, 7), 0, 0)->expr, at_line(&hs, 7)->grid[0]);
	hostsites_free(&hs);
}
END_TEST

/* A variable a device-to-host copy writes on a path to the launch is
** marked from_device (a worklist's length); one only the host computes,
** or a host-to-device copy reads, is not.  -O0 and -O2. */
START_TEST(test_cu_readback)
{
	static const char src[] = PRE "__global__ void k(int *q, int len, int m) { }\n"
		"int main(int argc, char **argv) { int m = atoi(argv[1]); int *q, *c;\n"
		"  cudaMalloc(&q, 400); cudaMalloc(&c, 4); cudaMemcpy(c, &m, 4, cudaMemcpyHostToDevice);\n"
		"  int len = 1;\n"
		"  while (len > 0) {\n"
		"    k<<<(len + 63) / 64, 64>>>(q, len, m);\n"				/* 7 */
		"    cudaMemcpy(&len, c, sizeof(int), cudaMemcpyDeviceToHost); }\n"
		"  return 0; }\n";
	for (int opt = 0; opt < 2; opt++) {
		struct hostsites hs;
		if (opt == 0 && !read_cu(src, &hs))
			return;
		if (opt == 1) {
			char *ll = host_ll(src, "-O2");
			read_ok(ll, &hs);
			unlink(ll);
			free(ll);
		}
		ck_assert_uint_eq(hs.ns, 1);
		const struct hsite *s = at_line(&hs, 7);
		uint32_t e = s->args[1];
		ck_assert_uint_ne(e, HX_NONE);
		ck_assert_int_eq(hs.x[e].op, HX_VAR);
		ck_assert_int_eq(hs.vars[hs.x[e].value].from_device, 1);
		e = s->args[2];
		ck_assert_uint_ne(e, HX_NONE);
		ck_assert_int_eq(hs.x[e].op, HX_VAR);
		ck_assert_int_eq(hs.vars[hs.x[e].value].from_device, 0);
		hostsites_free(&hs);
	}
}
END_TEST

/* A sum the host makes of values it reads back (a loop adding counts a
** kernel wrote, one copy a turn or one array copied back) is from the
** device too; a loop counter beside it is not.  -O0 (the loops stay, the
** sums are phis) and -O2. */
START_TEST(test_cu_readback_sum)
{
	static const char src[] = PRE "__global__ void k(int *q, int n) { }\n"
		"int main(int argc, char **argv) { int *q, *c; cudaMalloc(&q, 400); cudaMalloc(&c, 16);\n"
		"  int total = 0, all = 0, h[4];\n"
		"  for (int i = 0; i < 4; i++) { int part;\n"
		"    cudaMemcpy(&part, c + i, sizeof(int), cudaMemcpyDeviceToHost); total += part; }\n"
		"  k<<<1, 64>>>(q, total);\n"						/* 7 */
		"  cudaMemcpy(h, c, sizeof h, cudaMemcpyDeviceToHost);\n"
		"  for (int i = 0; i < 4; i++) all += h[i] * 4;\n"
		"  k<<<1, 64>>>(q, all);\n"						/* 10 */
		"  for (int i = 0; i < argc; i++) k<<<1, 64>>>(q, i);\n"			/* 11 */
		"  return 0; }\n";
	for (int opt = 0; opt < 2; opt++) {
		char *ll = host_ll(src, opt ? "-O2" : "-O0");
		if (ll == NULL)
			return;
		struct hostsites hs;
		read_ok(ll, &hs);
		unlink(ll);
		free(ll);
		ck_assert_uint_eq(hs.ns, 3);
		for (uint32_t line = 7; line <= 10; line += 3) {
			uint8_t *used = xcalloc(hs.nvars + 1, 1);
			hexpr_vars(&hs, at_line(&hs, line)->args[1], used);
			uint32_t dev = 0, any = 0;
			for (uint32_t v = 0; v < hs.nvars; v++) {
				any += used[v];
				dev += used[v] && hs.vars[v].from_device;
			}
			ck_assert_msg(any > 0 && dev == any, "-O%d line %u: %u of %u variables from the device",
				      opt * 2, line, dev, any);
			free(used);
		}
		uint32_t e = at_line(&hs, 11)->args[1];
		ck_assert_int_eq(hs.x[e].op, HX_VAR);
		ck_assert_int_eq(hs.vars[hs.x[e].value].from_device, 0);
		hostsites_free(&hs);
	}
}
END_TEST

/* Whether every variable of expression E is read back from the device
** (1), none is (0), or some are (-1); E uses at least one. */
static int all_device(const struct hostsites *hs, uint32_t e)
{
	uint8_t *used = xcalloc(hs->nvars + 1, 1);
	hexpr_vars(hs, e, used);
	uint32_t dev = 0, any = 0;
	for (uint32_t v = 0; v < hs->nvars; v++) {
		any += used[v];
		dev += used[v] && hs->vars[v].from_device;
	}
	free(used);
	ck_assert_uint_gt(any, 0);
	return dev == any ? 1 : dev == 0 ? 0 : -1;
}

/* A heap or stack array that a function of another file fills, through
** its pointer parameter, with values read back from the device (bucket
** sizes computed from counts copied back into a global's heap buffer; a
** copy into the caller's array) is read back where the caller reads it,
** and so is a sum of it; an array the same function fills from its
** arguments is not.  A heap buffer the function copies back into itself
** is read back too.  Both orders of the files, -O0 and -O2. */
START_TEST(test_link_readback_param)
{
	static const char fill[] = PRE "#include <cuda_runtime.h>\n"
		"unsigned *h_counts = NULL;\n"
		"void init_fill(int n) { h_counts = (unsigned *)malloc(n * sizeof(unsigned)); }\n"
		"void fill_sizes(const unsigned *d_counts, int *sizes, int *plain, int n, int q) {\n"
		"  cudaMemcpy(h_counts, d_counts, n * sizeof(unsigned), cudaMemcpyDeviceToHost);\n"
		"  for (int i = 0; i < n; i++) { sizes[i] = (h_counts[i] + 3) / 4; plain[i] = q * 2 + i; } }\n"
		"void copy_out(int *dst, const int *d_src, int n) {\n"
		"  cudaMemcpy(dst, d_src, n * sizeof(int), cudaMemcpyDeviceToHost); }\n";
	static const char mainf[] = PRE "__global__ void k(float *q, int n) { }\n"
		"void init_fill(int n);\n"
		"void fill_sizes(const unsigned *d_counts, int *sizes, int *plain, int n, int q);\n"
		"void copy_out(int *dst, const int *d_src, int n);\n"
		"int main(int argc, char **argv) { float *q; unsigned *c; int *d, got[16];\n"
		"  cudaMalloc(&q, 4096); cudaMalloc(&c, 64); cudaMalloc(&d, 64);\n"
		"  int n = atoi(argv[1]), *sizes = (int *)malloc(n * sizeof(int)), *plain = (int *)malloc(n * sizeof(int));\n"
		"  init_fill(n); fill_sizes(c, sizes, plain, n, argc);\n"
		"  int total = 0;\n"
		"  for (int i = 0; i < n; i++) total += sizes[i] * 4;\n"
		"  k<<<1, 64>>>(q, total);\n"						/* 12 */
		"  k<<<1, 64>>>(q, plain[1]);\n"					/* 13 */
		"  copy_out(got, d, 16);\n"
		"  k<<<1, 64>>>(q, got[3]);\n"						/* 15 */
		"  int *h = (int *)malloc(64); cudaMemcpy(h, d, 64, cudaMemcpyDeviceToHost);\n"
		"  k<<<1, 64>>>(q, h[2]);\n"						/* 17 */
		"  return 0; }\n";
	for (int opt = 0; opt < 2; opt++) {
		const char *ol = opt ? "-O2" : "-O0";
		char *a = host_ll(fill, ol), *b = a ? host_ll(mainf, ol) : NULL;
		if (a == NULL)
			return;
		for (int order = 0; order < 2; order++) {
			struct hostsites hs = { 0 };
			struct sim_error err = { 0 };
			ck_assert_int_eq(hostsite_read(order ? b : a, &hs, &err), 0);
			ck_assert_int_eq(hostsite_read(order ? a : b, &hs, &err), 0);
			ck_assert_uint_eq(hs.ns, 4);
			/* only the copy in main's own function is seen before the link */
			ck_assert_int_eq(all_device(&hs, at_line(&hs, 12)->args[1]), 0);
			ck_assert_int_eq(all_device(&hs, at_line(&hs, 17)->args[1]), 1);
			hostsites_link(&hs);
			ck_assert_uint_eq(hs.ns, 4);
			ck_assert_msg(all_device(&hs, at_line(&hs, 12)->args[1]) == 1, "%s order %d: the sum", ol, order);
			ck_assert_msg(all_device(&hs, at_line(&hs, 13)->args[1]) == 0, "%s order %d: plain", ol, order);
			ck_assert_msg(all_device(&hs, at_line(&hs, 15)->args[1]) == 1, "%s order %d: got", ol, order);
			ck_assert_int_eq(all_device(&hs, at_line(&hs, 17)->args[1]), 1);
			hostsites_free(&hs);
		}
		unlink(a);
		unlink(b);
		free(a);
		free(b);
	}
}
END_TEST

START_TEST(test_cu_none)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(int *x) { }\n"
		     "int main() { int *d; cudaMalloc(&d, 64); cudaFree(d); return 0; }\n", &hs))
		return;
	ck_assert_uint_eq(hs.ns, 0);
	hostsites_free(&hs);
}
END_TEST

/* The host writes a cudaMalloc'd buffer before a launch (a copy to it, a
** memset, a store, an earlier launch given it), or the launch finds it
** unwritten (hsite.uninit); at -O0 and -O2. */
static void check_uninit(const char *olevel)
{
	char *ll = host_ll(PRE "__global__ void k(const float *a, float *b, int n) { }\n"
			   "__global__ void w(float *a, int n) { }\n"
			   "int main(int argc, char **argv) { int n = atoi(argv[1]);\n"
			   "  float *h = (float *)malloc(n * sizeof(float));\n"
			   "  float *a, *b, *c, *d, *e, *f, *g;\n"
			   "  cudaMalloc(&a, n * 4); cudaMalloc(&b, n * 4); cudaMalloc(&c, n * 4);\n"
			   "  cudaMalloc(&d, n * 4); cudaMalloc(&e, n * 4); cudaMalloc(&f, n * 4);\n"
			   "  cudaMalloc(&g, n * 4);\n"
			   "  cudaMemcpy(a, h, n * 4, cudaMemcpyHostToDevice);\n"
			   "  cudaMemset(c, 0, n * 4);\n"
			   "  k<<<1, 32>>>(a, b, n);\n"					/* 12 */
			   "  k<<<1, 32>>>(c, d, n);\n"					/* 13 */
			   "  for (int i = 0; i < argc; i++)\n"
			   "    cudaMemcpyAsync(e, h, n * 4, cudaMemcpyHostToDevice, 0);\n"
			   "  k<<<1, 32>>>(e, b, n);\n"					/* 16 */
			   "  w<<<1, 32>>>(f, n);\n"					/* 17 */
			   "  k<<<1, 32>>>(f, g, n);\n"					/* 18 */
			   "  cudaMemcpy(g, h, n * 4, cudaMemcpyHostToDevice);\n"
			   "  cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost);\n"
			   "  cudaFree(d);\n"
			   "  return 0; }\n", olevel);
	if (ll == NULL)
		return;
	struct hostsites hs;
	read_ok(ll, &hs);
	unlink(ll);
	free(ll);
	ck_assert_uint_eq(hs.ns, 5);
	const struct hsite *s = at_line(&hs, 12);
	ck_assert_msg(!s->uninit[0], "%s: a copied in", olevel);
	ck_assert_msg(s->uninit[1], "%s: b unwritten", olevel);
	ck_assert_uint_eq(s->uninit[2], 0);
	s = at_line(&hs, 13);
	ck_assert_msg(!s->uninit[0], "%s: c memset", olevel);
	ck_assert_msg(s->uninit[1], "%s: d only read back after", olevel);
	s = at_line(&hs, 16);
	ck_assert_msg(!s->uninit[0], "%s: e copied in a loop", olevel);
	ck_assert_msg(!s->uninit[1], "%s: b given to the launch at 12", olevel);
	ck_assert_msg(at_line(&hs, 17)->uninit[0], "%s: f unwritten at its first launch", olevel);
	s = at_line(&hs, 18);
	ck_assert_msg(!s->uninit[0], "%s: f given to w before", olevel);
	ck_assert_msg(s->uninit[1], "%s: g copied only after", olevel);
	/* the listing says so */
	char *txt = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&txt, &len);
	hostsite_print(&hs, mf);
	fclose(mf);
	uint32_t said = 0;
	for (const char *p = txt; (p = strstr(p, " bytes uninit")) != NULL; p++)
		said++;
	ck_assert_msg(said == 4, "%s", txt);
	free(txt);
	hostsites_free(&hs);
}

START_TEST(test_cu_uninit)
{
	check_uninit("-O0");
	check_uninit("-O2");
}
END_TEST

/* What the analysis cannot follow counts as written: a helper given the
** buffer, the pointer's address given away, managed memory the host
** stores to, a launch inside a loop with a copy after it. */
START_TEST(test_cu_uninit_conservative)
{
	struct hostsites hs;
	if (!read_cu(PRE "__global__ void k(const float *a, float *b, int n) { }\n"
		     "void fill(float *p, int n);\n"
		     "void keep(float **pp);\n"
		     "int main(int argc, char **argv) { int n = atoi(argv[1]);\n"
		     "  float *a, *b, *m, *x, *y;\n"
		     "  cudaMalloc(&a, n * 4); cudaMalloc(&b, n * 4); cudaMallocManaged(&m, n * 4);\n"
		     "  cudaMalloc(&x, n * 4); cudaMalloc(&y, n * 4);\n"
		     "  fill(a, n); keep(&b); m[0] = 1;\n"
		     "  k<<<1, 32>>>(a, b, n);\n"						/* 10 */
		     "  k<<<1, 32>>>(m, x, n);\n"						/* 11 */
		     "  for (int i = 0; i < n; i++) {\n"
		     "    k<<<1, 32>>>(y, y, n);\n"						/* 13 */
		     "    cudaMemcpy(y, a, n * 4, cudaMemcpyDeviceToDevice);\n"
		     "  }\n"
		     "  return 0; }\n", &hs))
		return;
	const struct hsite *s = at_line(&hs, 10);
	ck_assert(!s->uninit[0]);
	ck_assert(!s->uninit[1]);
	s = at_line(&hs, 11);
	ck_assert(!s->uninit[0]);	/* a store through the managed pointer */
	ck_assert(s->uninit[1]);
	s = at_line(&hs, 13);
	ck_assert(!s->uninit[0]);
	ck_assert(!s->uninit[1]);
	hostsites_free(&hs);
}
END_TEST

START_TEST(test_no_toolkit)
{
	ck_assert_ptr_null(tu_env("SIMULEE_CUDA_PATH"));
	printf("host sites against the CUDA headers: skipped: no CUDA toolkit\n");
}
END_TEST

Suite *hostsite_suite(void)
{
	Suite *s = suite_create("hostsite");
	TCase *tc = tcase_create("hostsite_ll");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_ll_launch);
	tcase_add_test(tc, test_ll_declared);
	tcase_add_test(tc, test_ll_structs);
	tcase_add_test(tc, test_ll_append);
	tcase_add_test(tc, test_ll_errors);
	tcase_add_test(tc, test_ll_hostile);
	tcase_add_test(tc, test_bounds_ll);
	tcase_add_test(tc, test_bounds_cu);
	suite_add_tcase(s, tc);
	tc = tcase_create("hostsite_expr");
	tcase_add_test(tc, test_eval_int);
	tcase_add_test(tc, test_eval_float);
	tcase_add_test(tc, test_kernel_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("hostsite_cuda");
	tcase_set_timeout(tc, 60);
	if (tu_env("SIMULEE_CUDA_PATH") != NULL) {
		tcase_add_test(tc, test_cu_constant);
		tcase_add_test(tc, test_cu_ceil_div);
		tcase_add_test(tc, test_cu_seen);
		tcase_add_test(tc, test_cu_branch_values);
		tcase_add_test(tc, test_cu_guards);
		tcase_add_test(tc, test_cu_usage_exits);
		tcase_add_test(tc, test_cu_table);
		tcase_add_test(tc, test_cu_libm);
		tcase_add_test(tc, test_cu_loop_exit);
		tcase_add_test(tc, test_cu_loop_in_loop);
		tcase_add_test(tc, test_cu_malloc_far);
		tcase_add_test(tc, test_cu_wrapper_buffers);
		tcase_add_test(tc, test_link_closures);
		tcase_add_test(tc, test_link_fnparam);
		tcase_add_test(tc, test_cu_device_query);
		tcase_add_test(tc, test_cu_launch_kernel);
		tcase_add_test(tc, test_cu_names);
		tcase_add_test(tc, test_cu_two_sites_and_min);
		tcase_add_test(tc, test_cu_optimised);
		tcase_add_test(tc, test_cu_bitcode);
		tcase_add_test(tc, test_cu_struct_stride);
		tcase_add_test(tc, test_cu_struct_init);
		tcase_add_test(tc, test_cu_struct_helper);
		tcase_add_test(tc, test_cu_struct_nested);
		tcase_add_test(tc, test_cu_struct_unknown);
		tcase_add_test(tc, test_cu_struct_launch);
		tcase_add_test(tc, test_cu_readback);
		tcase_add_test(tc, test_cu_readback_sum);
		tcase_add_test(tc, test_cu_none);
		tcase_add_test(tc, test_cu_uninit);
		tcase_add_test(tc, test_cu_uninit_conservative);
		tcase_add_test(tc, test_link_files);
		tcase_add_test(tc, test_link_same_file);
		tcase_add_test(tc, test_link_struct_fields);
		tcase_add_test(tc, test_link_globals);
		tcase_add_test(tc, test_link_readback_param);
	} else {
		tcase_add_test(tc, test_no_toolkit);
	}
	suite_add_tcase(s, tc);
	return s;
}
