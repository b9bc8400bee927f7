/*
** check_tex.c: texture and surface objects (core/tex.h): the --tex
** descriptor and its errors, and fetched values against a C reference of
** the programming guide's texture-fetching appendix for every address
** mode, both filters, texel and normalized coordinates and both read
** modes, with our prelude and with the toolkit's headers (-O0 and -O2).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/program.h"
#include "core/tex.h"
#include "tests.h"

/* ---- the descriptor ------------------------------------------------------ */

START_TEST(parse_and_format)
{
	struct tex_desc t;
	char why[160], buf[160];
	ck_assert_int_eq(tex_parse("u8x4:64x32,address=wrap:clamp,filter=linear,coords=normalized,"
				   "read=normalized", TEXOBJ_TEX, &t, why, sizeof why), 0);
	ck_assert_uint_eq(t.fmt, ET_U8);
	ck_assert_uint_eq(t.nch, 4);
	ck_assert_uint_eq(t.ndims, 2);
	ck_assert_uint_eq(t.dim[0], 64);
	ck_assert_uint_eq(t.dim[1], 32);
	ck_assert_uint_eq(t.addr[0], TA_WRAP);
	ck_assert_uint_eq(t.addr[1], TA_CLAMP);
	ck_assert_uint_eq(tex_texel_size(&t), 4);
	tex_format(&t, buf, sizeof buf);
	ck_assert_str_eq(buf, "u8x4:64x32,address=wrap:clamp,filter=linear,coords=normalized,read=normalized");
	ck_assert_int_eq(tex_parse("f32:16x16x4", TEXOBJ_SURF, &t, why, sizeof why), 0);
	tex_format(&t, buf, sizeof buf);
	ck_assert_str_eq(buf, "f32:16x16x4");
	ck_assert_uint_eq(tex_texels(&t), 1024);
	ck_assert_int_eq(tex_parse("i16x2:8,layers=3,address=border", TEXOBJ_TEX, &t, why, sizeof why), 0);
	ck_assert_uint_eq(tex_texels(&t), 24);
	tex_format(&t, buf, sizeof buf);
	ck_assert_str_eq(buf, "i16x2:8,layers=3,address=border");
	static const char *const bad[] = {
		"f33:8", "f32", "f32:0", "f32:8x", "f32:8x8x8x8", "f32x3:8", "f32:8,filter=cubic",
		"u8:8,filter=linear", "i32:8,read=normalized", "f32:8,adress=clamp", "f32:8,address=",
		"f32:8x8x8,layers=2", "f32:65537", "f32:8,coords=unit", NULL
	};
	for (int i = 0; bad[i]; i++)
		ck_assert_msg(tex_parse(bad[i], TEXOBJ_TEX, &t, why, sizeof why) < 0 && why[0],
			      "'%s' was accepted", bad[i]);
	ck_assert_int_lt(tex_parse("f32:8,filter=linear", TEXOBJ_SURF, &t, why, sizeof why), 0);
}
END_TEST

/* ---- fetches against the appendix ------------------------------------------ */

#define W 6
#define H 4

/* The appendix's address modes on texel index I of extent N (-1: border). */
static long ref_addr(long i, long n, int mode)
{
	if (mode == TA_BORDER)
		return i < 0 || i >= n ? -1 : i;
	if (mode == TA_WRAP)
		return ((i % n) + n) % n;
	if (mode == TA_MIRROR) {
		long r = ((i % (2 * n)) + 2 * n) % (2 * n);
		return r < n ? r : 2 * n - 1 - r;
	}
	return i < 0 ? 0 : i >= n ? n - 1 : i;
}

static double ref_texel(const float *img, long i, long j, int mode)
{
	long x = ref_addr(i, W, mode), y = ref_addr(j, H, mode);
	return x < 0 || y < 0 ? 0.0 : img[y * W + x];
}

/* tex2D(x, y): point, T[floor(x)][floor(y)]; linear, the four texels
** around (x - 0.5, y - 0.5) weighted by their fractions in 9-bit fixed
** point (8 fraction bits). */
static double ref_tex2d(const float *img, double x, double y, int mode, int linear, int norm)
{
	if (norm)
		x *= W, y *= H;
	if (!linear)
		return ref_texel(img, (long)floor(x), (long)floor(y), mode);
	double xb = x - 0.5, yb = y - 0.5;
	long i = (long)floor(xb), j = (long)floor(yb);
	double a = round((xb - floor(xb)) * 256) / 256, b = round((yb - floor(yb)) * 256) / 256;
	return (1 - a) * (1 - b) * ref_texel(img, i, j, mode) + a * (1 - b) * ref_texel(img, i + 1, j, mode)
	       + (1 - a) * b * ref_texel(img, i, j + 1, mode) + a * b * ref_texel(img, i + 1, j + 1, mode);
}

static const char fetch_src[] =
	"__global__ void fetch2(cudaTextureObject_t t, const float *cx, const float *cy, float *out)\n"
	"{\n"
	"\tint i = threadIdx.x;\n"
	"\tout[i] = tex2D<float>(t, cx[i], cy[i]);\n"
	"}\n";

#define NPTS 32

/* Runs fetch2 from BC on texture DESC at the points CX, CY (their files)
** and compares every result with the reference. */
static void check_fetches(const char *bc, const char *what, const char *desc, const char *fx,
			  const char *fy, const double *cx, const double *cy, const float *img,
			  int mode, int linear, int norm)
{
	/* by position: optimised code has no parameter names */
	char tex[200];
	snprintf(tex, sizeof tex, "0=%s", desc);
	char ix[300], iy[300];
	snprintf(ix, sizeof ix, "1=@%s", fx);
	snprintf(iy, sizeof iy, "2=@%s", fy);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "32", "--tex", tex, "--init", "0=iota",
					   "--size", "1=32", "--size", "2=32", "--size", "3=32",
					   "--type", "1=f32", "--type", "2=f32", "--type", "3=f32",
					   "--init", ix, "--init", iy, "--dump", "3", NULL });
	ck_assert_msg(r.status == 0, "%s %s: status %d: %s", what, desc, r.status, r.err);
	const char *p = r.out;
	for (int i = 0; i < NPTS; i++) {
		char *end;
		double got = strtod(p, &end);
		ck_assert_msg(end != p, "%s %s: output ends at %d: %s", what, desc, i, r.out);
		p = end;
		/* the kernel reads the coordinates as floats */
		double want = ref_tex2d(img, (float)cx[i], (float)cy[i], mode, linear, norm);
		ck_assert_msg(fabs(got - want) <= 1e-4 * (1 + fabs(want)),
			      "%s %s: fetch %d at (%g, %g) gave %.9g, the appendix says %.9g",
			      what, desc, i, cx[i], cy[i], got, want);
	}
	tu_run_free(&r);
}

static char *write_values(const double *v, int n)
{
	char buf[4096];
	size_t len = 0;
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%.9g\n", v[i]);
	return tu_tmpfile(buf, len);
}

START_TEST(fetch_modes)
{
	static const char *const modes[] = { "clamp", "wrap", "mirror", "border" };
	float img[W * H];
	for (int i = 0; i < W * H; i++)
		img[i] = (float)i;	/* --init t=iota */
	/* points inside, on the edges and outside on every side, away from
	** texel boundaries where float rounding could pick either texel */
	double tx[NPTS], ty[NPTS], nx[NPTS], ny[NPTS];
	for (int i = 0; i < NPTS; i++) {
		tx[i] = -8.37 + 0.713 * i;
		ty[i] = -5.23 + 0.471 * i;
		nx[i] = tx[i] / W;
		ny[i] = ty[i] / H;
	}
	char *ftx = write_values(tx, NPTS), *fty = write_values(ty, NPTS);
	char *fnx = write_values(nx, NPTS), *fny = write_values(ny, NPTS);
	for (int v = 0; v < 3; v++) {
		char *bc = v == 0 ? tu_compile_cu(fetch_src) : tu_compile_cu_real(fetch_src, v == 1 ? "-O0" : "-O2");
		const char *what = v == 0 ? "prelude" : v == 1 ? "toolkit -O0" : "toolkit -O2";
		if (bc == NULL)
			continue;	/* no toolkit */
		for (int m = 0; m < 4; m++)
			for (int linear = 0; linear < 2; linear++)
				for (int norm = 0; norm < 2; norm++) {
					/* wrap and mirror are for normalized coordinates */
					if (!norm && (m == TA_WRAP || m == TA_MIRROR))
						continue;
					char desc[128];
					snprintf(desc, sizeof desc, "f32:%dx%d,address=%s%s%s", W, H, modes[m],
						 linear ? ",filter=linear" : "", norm ? ",coords=normalized" : "");
					check_fetches(bc, what, desc, norm ? fnx : ftx, norm ? fny : fty,
						      norm ? nx : tx, norm ? ny : ty, img, m, linear, norm);
				}
		unlink(bc);
		free(bc);
	}
	unlink(ftx);
	unlink(fty);
	unlink(fnx);
	unlink(fny);
	free(ftx);
	free(fty);
	free(fnx);
	free(fny);
}
END_TEST

/* Integer fetches (tex1Dfetch<int>, border: zero outside) and normalized
** reads of 8 and 16-bit channels (tex1Dfetch<float4> on u8x4, i16). */
START_TEST(read_modes)
{
	static const char src[] =
		"__global__ void reads(cudaTextureObject_t ti, cudaTextureObject_t tu, cudaTextureObject_t ts,\n"
		"\t\t      int *oi, float *of)\n"
		"{\n"
		"\tint i = threadIdx.x;\n"
		"\toi[i] = tex1Dfetch<int>(ti, i - 2);\n"
		"\tfloat4 v = tex1Dfetch<float4>(tu, i);\n"
		"\tof[2 * i] = v.y;\n"
		"\tof[2 * i + 1] = tex1Dfetch<float>(ts, i);\n"
		"}\n";
	for (int v = 0; v < 2; v++) {
		char *bc = v ? tu_compile_cu_real(src, "-O0") : tu_compile_cu(src);
		if (bc == NULL)
			continue;
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "8", "--tex", "ti=i32:4,address=border",
						   "--init", "ti=iota", "--tex", "tu=u8x4:8,read=normalized",
						   "--init", "tu=iota", "--tex", "ts=i16:8,read=normalized",
						   "--init", "ts=const:-32768", "--size", "oi=8", "--size", "of=16",
						   "--dump", "oi", NULL });
		ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
		ck_assert_str_eq(r.out, "0\n0\n0\n1\n2\n3\n0\n0\n");
		tu_run_free(&r);
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "8", "--tex", "ti=i32:4,address=border",
						   "--init", "ti=iota", "--tex", "tu=u8x4:8,read=normalized",
						   "--init", "tu=iota", "--tex", "ts=i16:8,read=normalized",
						   "--init", "ts=const:-32768", "--size", "oi=8", "--size", "of=16",
						   "--dump", "of", NULL });
		ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
		const char *p = r.out;
		for (int i = 0; i < 8; i++) {
			char *end;
			double y = strtod(p, &end), s = strtod(end, &end);
			p = end;
			/* channel y of texel i is byte 4i + 1 of iota; -32768 clamps to -1 */
			ck_assert_msg(fabs(y - (4 * i + 1) / 255.0) < 1e-6 && s == -1.0,
				      "texel %d: %g %g (%s)", i, y, s, r.out);
		}
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* Surface boundary modes: .zero reads zeros and drops writes, .clamp
** moves the access to the edge, .trap is an out-of-bounds finding. */
START_TEST(surface_modes)
{
	static const char src[] =
		"__global__ void sm(cudaSurfaceObject_t s, int *o, int trap)\n"
		"{\n"
		"\tint i = threadIdx.x;\n"
		"\to[2 * i] = surf1Dread<int>(s, (i - 2) * 4, cudaBoundaryModeZero);\n"
		"\to[2 * i + 1] = surf1Dread<int>(s, (i - 2) * 4, cudaBoundaryModeClamp);\n"
		"\tif (trap)\n"
		"\t\tsurf1Dwrite(i, s, i * 4);\n"
		"}\n";
	char *bc = tu_compile_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "8", "--tex", "s=i32:4", "--init", "s=iota",
					   "--size", "o=16", "--arg", "trap=0", "--dump", "o", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	ck_assert_str_eq(r.out, "0\n0\n0\n0\n0\n0\n1\n1\n2\n2\n3\n3\n0\n3\n0\n3\n");
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "8", "--tex", "s=i32:4", "--size", "o=16",
					   "--arg", "trap=1", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s", r.status, r.err);
	ck_assert_msg(strstr(r.out, "out-of-bounds") && strstr(r.out, "outside surface 's'")
		      && strstr(r.out, "--tex s=i32:4"), "%s", r.out);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* The search fills an object the user does not describe with the default
** descriptor and a searched backing buffer; the replay line gives --tex. */
START_TEST(search_default)
{
	static const char src[] =
		"__global__ void copy2(cudaTextureObject_t t, float *out)\n"
		"{\n"
		"\tint x = threadIdx.x, y = blockIdx.x;\n"
		"\tout[x] = tex2D<float>(t, x + 0.5f, y + 0.5f);\n"
		"}\n";
	char *bc = tu_compile_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--list-kernels", NULL });
	ck_assert_msg(r.status == 0 && strstr(r.out, "texture object; default --tex t=f32:64x64"), "%s%s",
		      r.out, r.err);
	tu_run_free(&r);
	tu_run_bin(&r, (const char *const[]){ bc, "--generations", "3", NULL });
	ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.out, "data race on global 'out[") && strstr(r.out, "--tex t=f32:64x64"),
		      "%s", r.out);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* A bad descriptor, or a texture given as a buffer or a scalar: one error
** line and status 2. */
START_TEST(cli_errors)
{
	char *bc = tu_compile_cu(fetch_src);
	static const char *const cases[][4] = {
		{ "--tex", "t=f32", "--tex t=f32: expected ':' and the extents", NULL },
		{ "--tex", "t=u8:8,filter=linear", "filter=linear needs f32, or read=normalized", NULL },
		{ "--tex", "t=f32:8,wrap", "expected KEY=VALUE", NULL },
		{ "--tex", "nope=f32:8", "--tex nope: the kernel has no parameter 'nope'", NULL },
		{ "--size", "t=8", "'t' is a texture object: its format and extents go in --tex t=FMT:WxH", NULL },
		{ "--arg", "t=3", "'t' is a texture object; describe it with --tex", NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--block", "32", cases[i][0], cases[i][1], NULL });
		ck_assert_msg(r.status == 2, "%s %s: status %d: %s", cases[i][0], cases[i][1], r.status, r.err);
		ck_assert_msg(strstr(r.err, cases[i][2]) != NULL, "%s %s: %s", cases[i][0], cases[i][1], r.err);
		const char *nl = strchr(r.err, '\n');
		ck_assert_msg(nl != NULL && nl[1] == '\0', "not one line: %s", r.err);
		tu_run_free(&r);
	}
	unlink(bc);
	free(bc);
}
END_TEST

/* The other geometries: tex3D, the layered fetches and tex2DLod (level
** 0), 3-D and layered surfaces, on iota texels at texel centres. */
START_TEST(geometries)
{
	static const char src[] =
		"__global__ void geo(cudaTextureObject_t t3, cudaTextureObject_t tl, cudaTextureObject_t t2,\n"
		"\t\t    cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, float *o)\n"
		"{\n"
		"\tint i = threadIdx.x;\n"
		"\to[8 * i] = tex3D<float>(t3, 1.5f, 2.5f, i + 0.5f);\n"
		"\to[8 * i + 1] = tex2DLayered<float>(tl, 1.5f, 0.5f, i);\n"
		"\to[8 * i + 2] = tex1DLayered<float>(tl, 2.5f, i);\n"
		"\to[8 * i + 3] = tex2DLod<float>(t2, i + 0.5f, 1.5f, 3.0f);\n"
		"\tsurf3Dwrite(100.0f + i, s3, 4, 1, i);\n"
		"\to[8 * i + 4] = surf3Dread<float>(s3, 4, 1, i);\n"
		"\tsurf2DLayeredwrite(200.0f + i, sl, 0, 1, i);\n"
		"\to[8 * i + 5] = surf2DLayeredread<float>(sl, 0, 1, i);\n"
		"\to[8 * i + 6] = surf1DLayeredread<float>(sl, 4, i);\n"
		"\to[8 * i + 7] = 0;\n"
		"}\n";
	char *bc = tu_compile_cu(src);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ bc, "--block", "4", "--tex", "t3=f32:3x4x4", "--init", "t3=iota",
					   "--tex", "tl=f32:4x2,layers=4", "--init", "tl=iota",
					   "--tex", "t2=f32:4x2", "--init", "t2=iota", "--tex", "s3=f32:2x2x4",
					   "--tex", "sl=f32:2x2,layers=4", "--init", "sl=iota",
					   "--size", "o=32", "--dump", "o", NULL });
	ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
	char want[1024] = "";
	size_t len = 0;
	for (int i = 0; i < 4; i++) {
		/* t3[z=i][y=2][x=1]; tl layer i, (1, 0); layer i read as 1-D
		** (row 0), x 2; t2 (i, 1); the surface writes read back; sl
		** layer i, x 1, row 0 (untouched iota) */
		int v[8] = { i * 12 + 2 * 3 + 1, i * 8 + 1, i * 8 + 2, 4 + i, 100 + i, 200 + i, i * 4 + 1, 0 };
		for (int k = 0; k < 8; k++)
			len += (size_t)snprintf(want + len, sizeof want - len, "%d\n", v[k]);
	}
	ck_assert_str_eq(r.out, want);
	tu_run_free(&r);
	unlink(bc);
	free(bc);
}
END_TEST

/* A texture and a surface object made on one array (--tex NAME=same:OTHER)
** share its buffer: an in-place filter that fetches its neighbours through
** the texture and writes through the surface races; with every fetch
** before a barrier it does not. */
START_TEST(same_array_race)
{
	static const char bug[] =
		"__global__ void smooth(cudaTextureObject_t src, cudaSurfaceObject_t dst)\n"
		"{\n"
		"\tint x = threadIdx.x, y = blockIdx.x;\n"
		"\tfloat l = tex2D<float>(src, x - 0.5f, y + 0.5f);\n"
		"\tfloat r = tex2D<float>(src, x + 1.5f, y + 0.5f);\n"
		"#ifdef FIXED\n"
		"\t__syncthreads();\n"
		"#endif\n"
		"\tsurf2Dwrite((l + r) * 0.5f, dst, x * 4, y);\n"
		"}\n";
	for (int fixed = 0; fixed < 2; fixed++) {
		char src[1024];
		snprintf(src, sizeof src, "%s%s", fixed ? "#define FIXED\n" : "", bug);
		char *bc = tu_compile_cu(src);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ bc, "--grid", "2", "--block", "64", "--tex",
						   "dst=f32:64x2", "--init", "dst=iota", "--tex", "src=same:dst",
						   NULL });
		if (fixed) {
			ck_assert_msg(r.status == 0, "fixed: status %d: %s%s", r.status, r.out, r.err);
		} else {
			ck_assert_msg(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
			ck_assert_msg(strstr(r.out, ":9:2: error: data race on global 'dst[")
				      && strstr(r.out, "--tex src=same:dst"), "%s", r.out);
		}
		tu_run_free(&r);
		/* two objects on one array must be one texture and one surface */
		if (!fixed) {
			tu_run_bin(&r, (const char *const[]){ bc, "--block", "64", "--tex", "src=f32:64",
							   "--tex", "dst=same:nope", NULL });
			ck_assert_msg(r.status == 2 && strstr(r.err, "'nope' is no texture or surface object"),
				      "%s", r.err);
			tu_run_free(&r);
		}
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* Texture references (CUDA 11's `texture<T, D, M>`, removed in CUDA 12):
** with the prelude and with the toolkit (simulee-c compiles), a launch binds each to a made-up
** buffer of its declared type, iota texels.  A copy through one is clean;
** indices fetched through one that collide race; fetched indices past a
** shared array are out of bounds; and the fetched values are the texels. */
START_TEST(texture_references)
{
	static const char copy[] =
		"texture<float, 1> tf;\n"
		"__global__ void copy(float *out, int n)\n"
		"{\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tif (i < n)\n"
		"\t\tout[i] = tex1Dfetch(tf, i);\n"
		"}\n";
	static const char collide[] =
		"texture<int, 1> perm;\n"
		"__global__ void scatter(float *out, int n)\n"
		"{\n"
		"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"\tif (i < n)\n"
		"\t\tout[tex1Dfetch(perm, i) / 2] += 1.0f;\n"
		"}\n";
	static const char oob[] =
		"texture<int, 1> idx;\n"
		"__global__ void bins(int *out)\n"
		"{\n"
		"\t__shared__ int s[32];\n"
		"\ts[tex1Dfetch(idx, threadIdx.x)] = 1;\n"
		"\t__syncthreads();\n"
		"\tout[threadIdx.x] = s[threadIdx.x % 32];\n"
		"}\n";
	static const char values[] =
		"texture<uchar4, 1, cudaReadModeNormalizedFloat> tn;\n"
		"texture<float2, 2> t2;\n"
		"texture<short, 1> ts;\n"
		"__global__ void vals(float *out)\n"
		"{\n"
		"\tint i = threadIdx.x;\n"
		"\tout[i] = tex1Dfetch(tn, i).y + tex2D(t2, i + 0.5f, 1.5f).x + tex1Dfetch(ts, i);\n"
		"}\n";
	for (int v = 0; v < 2; v++) {
		const char *what = v ? "toolkit" : "prelude";
		/* as a user compiles: the toolkit configure found, or --prelude */
		const char *how = v ? "--seed=1" : "--prelude";
		char *bc = tu_tmp_cu(copy);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ how, bc, "--generations", "3", NULL });
		ck_assert_msg(r.status == 0, "%s copy: status %d: %s%s", what, r.status, r.out, r.err);
		tu_run_free(&r);
		unlink(bc);
		free(bc);

		bc = tu_tmp_cu(collide);
		tu_run_bin(&r, (const char *const[]){ how, bc, "--generations", "3", NULL });
		ck_assert_msg(r.status == 1 && strstr(r.out, ":6:") && strstr(r.out, "data race on global 'out["),
			      "%s collide: status %d: %s%s", what, r.status, r.out, r.err);
		tu_run_free(&r);
		unlink(bc);
		free(bc);

		bc = tu_tmp_cu(oob);
		tu_run_bin(&r, (const char *const[]){ how, bc, "--block", "64", "--size", "out=64", NULL });
		ck_assert_msg(r.status == 1 && strstr(r.out, ":5:") && strstr(r.out, "out-of-bounds"),
			      "%s oob: status %d: %s%s", what, r.status, r.out, r.err);
		tu_run_free(&r);
		unlink(bc);
		free(bc);

		bc = tu_tmp_cu(values);
		tu_run_bin(&r, (const char *const[]){ how, bc, "--block", "4", "--size", "out=4", "--dump", "out", NULL });
		ck_assert_msg(r.status == 0, "%s values: status %d: %s", what, r.status, r.err);
		const char *p = r.out;
		for (int i = 0; i < 4; i++) {
			char *end;
			double got = strtod(p, &end);
			ck_assert_msg(end != p, "%s values: %s", what, r.out);
			p = end;
			/* u8x4 texel i's y is byte 4i + 1, normalized; the 64x64
			** float2 texel (i, 1) is element 64 + i, its x 2 (64 + i);
			** the short texel i is i */
			double want = (4 * i + 1) / 255.0 + 2 * (64 + i) + i;
			ck_assert_msg(fabs(got - want) < 1e-4, "%s values: texel %d: %g, expected %g", what, i,
				      got, want);
		}
		tu_run_free(&r);
		unlink(bc);
		free(bc);
	}
}
END_TEST

Suite *tex_suite(void)
{
	Suite *s = suite_create("tex");
	TCase *tc = tcase_create("tex");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, parse_and_format);
	tcase_add_test(tc, fetch_modes);
	tcase_add_test(tc, read_modes);
	tcase_add_test(tc, surface_modes);
	tcase_add_test(tc, search_default);
	tcase_add_test(tc, cli_errors);
	tcase_add_test(tc, same_array_race);
	tcase_add_test(tc, geometries);
	tcase_add_test(tc, texture_references);
	suite_add_tcase(s, tc);
	return s;
}
