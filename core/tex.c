/*
** tex.c: see tex.h.
*/
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mathfn.h"
#include "core/program.h"
#include "core/tex.h"

static const char *const addr_names[] = { "clamp", "wrap", "mirror", "border" };

/* A channel type a texture may have: an 8-, 16- or 32-bit integer, f32,
** or f16 (a half-float channel; only simulee-c run's arrays and objects
** make one: --tex does not take it). */
static int is_format(uint8_t et)
{
	return et != ET_NONE && elem_size(et) <= 4;
}

static unsigned fmt_size(uint8_t et)
{
	return is_format(et) ? elem_size(et) : 4;
}

static const char *fmt_name(uint8_t et)
{
	return is_format(et) ? elem_name(et) : "f32";
}

unsigned tex_texel_size(const struct tex_desc *t)
{
	return fmt_size(t->fmt) * t->nch;
}

uint64_t tex_texels(const struct tex_desc *t)
{
	return (uint64_t)(t->pitch ? t->pitch : t->dim[0]) * t->dim[1] * t->dim[2] * (t->layers ? t->layers : 1);
}

static int fail(char *why, size_t n, const char *msg)
{
	snprintf(why, n, "%s", msg);
	return -1;
}

/* A decimal extent from 1 to 65536 at *S, advancing *S. */
static int extent(const char **s, uint32_t *v)
{
	char *end;
	errno = 0;
	unsigned long x = strtoul(*s, &end, 10);
	if (end == *s || errno || x == 0 || x > 65536 || **s == '-' || **s == '+')
		return -1;
	*v = (uint32_t)x;
	*s = end;
	return 0;
}

int tex_parse(const char *s, uint8_t kind, struct tex_desc *t, char *why, size_t n)
{
	memset(t, 0, sizeof *t);
	t->kind = kind;
	t->nch = 1;
	t->dim[0] = t->dim[1] = t->dim[2] = 1;
	size_t fl = strcspn(s, "x:");
	char name[8] = "";
	if (fl < sizeof name) {
		memcpy(name, s, fl);
		name[fl] = '\0';
	}
	t->fmt = elem_parse(name);
	if (!is_format(t->fmt) || t->fmt == ET_F16)
		return fail(why, n, "expected a format u8 i8 u16 i16 u32 i32 f32 first (f32:64x64)");
	s += fl;
	if (*s == 'x') {
		s++;
		if ((*s != '1' && *s != '2' && *s != '4') || s[1] != ':')
			return fail(why, n, "channels: x1, x2 or x4 after the format (u8x4:64x64)");
		t->nch = (uint8_t)(*s - '0');
		s++;
	}
	if (*s != ':')
		return fail(why, n, "expected ':' and the extents after the format (f32:64x64)");
	s++;
	for (t->ndims = 0; t->ndims < 3; t->ndims++) {
		if (extent(&s, &t->dim[t->ndims]) < 0)
			return fail(why, n, "extents: 1 to 3 numbers from 1 to 65536 joined by 'x' (64x64)");
		if (*s != 'x') {
			t->ndims++;
			break;
		}
		s++;
	}
	if (*s != '\0' && *s != ',')
		return fail(why, n, "extents: 1 to 3 numbers from 1 to 65536 joined by 'x' (64x64)");
	return tex_parse_keys(s, kind, t, why, n);
}

int tex_parse_keys(const char *s, uint8_t kind, struct tex_desc *t, char *why, size_t n)
{
	while (*s == ',') {
		s++;
		size_t kl = strcspn(s, "=,");
		if (s[kl] != '=')
			return fail(why, n, "expected KEY=VALUE after ',' (layers, address, filter, coords, read)");
		const char *v = s + kl + 1;
		size_t vl = strcspn(v, ",");
		int tex_only = 1;
		if (kl == 6 && !strncmp(s, "layers", 6)) {
			const char *q = v;
			tex_only = 0;
			if (extent(&q, &t->layers) < 0 || q != v + vl || t->ndims == 3)
				return fail(why, n, "layers=L: a count from 1 to 65536, for 1D and 2D only");
		} else if (kl == 7 && !strncmp(s, "address", 7)) {
			const char *q = v;
			unsigned k = 0;
			while (q < v + vl) {
				size_t ml = strcspn(q, ":,");
				int m = -1;
				for (int j = 0; j < 4; j++)
					if (strlen(addr_names[j]) == ml && !strncmp(q, addr_names[j], ml))
						m = j;
				if (m < 0 || k == 3)
					return fail(why, n, "address=M[:M[:M]], M one of clamp wrap mirror border");
				t->addr[k++] = (uint8_t)m;
				q += ml;
				if (*q == ':')
					q++;
			}
			if (k == 0)
				return fail(why, n, "address=M[:M[:M]], M one of clamp wrap mirror border");
			for (; k < 3; k++)	/* one mode names them all */
				t->addr[k] = t->addr[k - 1];
		} else if (kl == 6 && !strncmp(s, "filter", 6)) {
			if (vl == 5 && !strncmp(v, "point", 5))
				t->filter = TF_POINT;
			else if (vl == 6 && !strncmp(v, "linear", 6))
				t->filter = TF_LINEAR;
			else
				return fail(why, n, "filter=point or filter=linear");
		} else if (kl == 6 && !strncmp(s, "coords", 6)) {
			if (vl == 5 && !strncmp(v, "texel", 5))
				t->norm = 0;
			else if (vl == 10 && !strncmp(v, "normalized", 10))
				t->norm = 1;
			else
				return fail(why, n, "coords=texel or coords=normalized");
		} else if (kl == 4 && !strncmp(s, "read", 4)) {
			if (vl == 7 && !strncmp(v, "element", 7))
				t->read = TR_ELEMENT;
			else if (vl == 10 && !strncmp(v, "normalized", 10))
				t->read = TR_NORMALIZED;
			else
				return fail(why, n, "read=element or read=normalized");
		} else {
			return fail(why, n, "unknown key (layers, address, filter, coords, read)");
		}
		if (tex_only && kind == TEXOBJ_SURF)
			return fail(why, n, "a surface takes only the format, the extents and layers=");
		s = v + vl;
	}
	if (*s != '\0')
		return fail(why, n, "trailing characters");
	int intfmt = t->fmt != ET_F32;
	if (t->read == TR_NORMALIZED && fmt_size(t->fmt) > 2)
		return fail(why, n, "read=normalized needs an 8 or 16-bit integer format");
	if (t->filter == TF_LINEAR && intfmt && t->read != TR_NORMALIZED)
		return fail(why, n, "filter=linear needs f32, or read=normalized");
	if (tex_texels(t) * tex_texel_size(t) > (UINT64_C(1) << 30))
		return fail(why, n, "larger than 1 GiB");
	return 0;
}

void tex_format_keys(const struct tex_desc *t, char *buf, size_t n)
{
	int k = 0;
	buf[0] = '\0';
	int same = 1;
	for (unsigned d = 1; d < t->ndims; d++)
		same &= t->addr[d] == t->addr[0];
	if (!same || t->addr[0] != TA_CLAMP) {
		k += snprintf(buf + k, n - (size_t)k, ",address=%s", addr_names[t->addr[0] & 3]);
		for (unsigned d = 1; !same && d < t->ndims && k >= 0 && (size_t)k < n; d++)
			k += snprintf(buf + k, n - (size_t)k, ":%s", addr_names[t->addr[d] & 3]);
	}
	if (t->filter == TF_LINEAR && k >= 0 && (size_t)k < n)
		k += snprintf(buf + k, n - (size_t)k, ",filter=linear");
	if (t->norm && k >= 0 && (size_t)k < n)
		k += snprintf(buf + k, n - (size_t)k, ",coords=normalized");
	if (t->read == TR_NORMALIZED && k >= 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, ",read=normalized");
}

void tex_format(const struct tex_desc *t, char *buf, size_t n)
{
	int k = snprintf(buf, n, "%s", fmt_name(t->fmt));
	if (t->nch != 1 && k >= 0 && (size_t)k < n)
		k += snprintf(buf + k, n - (size_t)k, "x%u", t->nch);
	for (unsigned d = 0; d < t->ndims && k >= 0 && (size_t)k < n; d++)
		k += snprintf(buf + k, n - (size_t)k, "%s%u", d ? "x" : ":", t->dim[d]);
	if (t->layers && k >= 0 && (size_t)k < n)
		k += snprintf(buf + k, n - (size_t)k, ",layers=%u", t->layers);
	if (t->kind != TEXOBJ_SURF && k >= 0 && (size_t)k < n)
		tex_format_keys(t, buf + k, n - (size_t)k);
}

void tex_default(uint8_t kind, uint8_t fmt, uint8_t nch, unsigned ndims, int layered,
		 struct tex_desc *t)
{
	memset(t, 0, sizeof *t);
	t->kind = kind;
	t->fmt = fmt;
	t->nch = nch;
	t->ndims = (uint8_t)(ndims >= 1 && ndims <= 3 ? ndims : 2);
	static const uint32_t ext[4] = { 0, 1024, 64, 16 };
	for (unsigned d = 0; d < 3; d++)
		t->dim[d] = d < t->ndims ? ext[t->ndims] : 1;
	t->layers = layered && t->ndims < 3 ? 4 : 0;
}

/* Index I of an extent of N texels under address mode M; -1 for the
** border.  Wrap and mirror work on the texel index, which is where the
** programming guide's frac() of a normalized coordinate lands. */
static int64_t address(int64_t i, int64_t n, unsigned m)
{
	switch (m) {
	case TA_WRAP: {
		int64_t r = i % n;
		return r < 0 ? r + n : r;
	}
	case TA_MIRROR: {
		int64_t r = i % (2 * n);
		if (r < 0)
			r += 2 * n;
		return r < n ? r : 2 * n - 1 - r;
	}
	case TA_BORDER:
		return i < 0 || i >= n ? -1 : i;
	default:
		return i < 0 ? 0 : i >= n ? n - 1 : i;
	}
}

static float fbits(uint64_t b)
{
	uint32_t u = (uint32_t)b;
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* An index too far out to matter, kept in range for the arithmetic. */
static double clampd(double x)
{
	if (!(x == x))
		return 0;
	return x < -1e12 ? -1e12 : x > 1e12 ? 1e12 : x;
}

void tex_taps(const struct tex_desc *t, int intcoords, const uint64_t c[3], int64_t layer,
	      struct tex_taps *out)
{
	int64_t lo[3] = { 0, 0, 0 };
	float a[3] = { 0, 0, 0 };	/* the weight of the upper tap */
	unsigned nd = t->ndims;
	int linear = !intcoords && t->filter == TF_LINEAR;
	for (unsigned d = 0; d < nd; d++) {
		if (intcoords) {
			lo[d] = (int32_t)(uint32_t)c[d];
			continue;
		}
		double x = fbits(c[d]);
		if (t->norm)
			x *= t->dim[d];
		x = clampd(x);
		if (!linear) {
			lo[d] = (int64_t)floor(x);
			continue;
		}
		/* tex(x) = (1 - a) T[i] + a T[i + 1], i = floor(x - 0.5),
		** a = frac(x - 0.5) in 9-bit fixed point (8 fraction bits) */
		double xb = x - 0.5, fl = floor(xb);
		lo[d] = (int64_t)fl;
		a[d] = (float)(nearbyint((xb - fl) * 256.0) / 256.0);
	}
	uint64_t w = t->dim[0], h = t->dim[1], dp = t->dim[2];
	int64_t base = 0;
	if (t->layers) {
		int64_t L = layer < 0 ? 0 : layer >= t->layers ? t->layers - 1 : layer;
		base = L * (int64_t)((t->pitch ? t->pitch : w) * h * dp);
	}
	unsigned nt = linear ? 1u << nd : 1;
	out->n = nt;
	for (unsigned k = 0; k < nt; k++) {
		int64_t idx = base, stride = 1;
		float wt = 1;
		int border = 0;
		for (unsigned d = 0; d < nd; d++) {
			unsigned up = k >> d & 1;
			int64_t i = address(lo[d] + up, (int64_t)t->dim[d], t->addr[d]);
			if (linear)
				wt *= up ? a[d] : 1 - a[d];
			if (i < 0)
				border = 1;
			idx += i * stride;
			stride *= (int64_t)(d == 0 ? (t->pitch ? t->pitch : w) : d == 1 ? h : dp);
		}
		out->texel[k] = border ? -1 : idx;
		out->wt[k] = wt;
	}
}

void tex_channels(const struct tex_desc *t, const uint8_t *p, float f[4], int64_t i[4], int *isf)
{
	unsigned cs = fmt_size(t->fmt);
	*isf = t->fmt == ET_F32 || t->fmt == ET_F16 || t->read == TR_NORMALIZED;
	for (unsigned k = 0; k < 4; k++) {
		i[k] = k == 3;
		f[k] = k == 3 ? 1.0f : 0.0f;
		if (k >= t->nch || p == NULL) {
			if (p == NULL)
				i[k] = 0, f[k] = 0;	/* the border is all zero */
			continue;
		}
		const uint8_t *q = p + k * cs;
		uint32_t u = 0;
		memcpy(&u, q, cs);
		int64_t v;
		switch (t->fmt) {
		case ET_I8: v = (int8_t)u; break;
		case ET_I16: v = (int16_t)u; break;
		case ET_I32: v = (int32_t)u; break;
		default: v = u; break;
		}
		i[k] = v;
		if (t->fmt == ET_F32) {
			memcpy(&f[k], &u, 4);
		} else if (t->fmt == ET_F16) {
			f[k] = math_f16_to_f32((uint16_t)u);
			i[k] = 0;
		} else if (t->read == TR_NORMALIZED) {
			/* unsigned: v / (2^n - 1); signed: v / (2^(n-1) - 1), at least -1 */
			int sgn = elem_is_signed(t->fmt);
			double m = sgn ? (double)((1u << (cs * 8 - 1)) - 1) : (double)((1u << (cs * 8)) - 1);
			double x = (double)v / m;
			f[k] = (float)(x < -1 ? -1 : x);
		} else {
			f[k] = (float)v;
		}
	}
}
