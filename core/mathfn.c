/*
** mathfn.c: see mathfn.h.  Functions libm lacks (sinpi, erfinv, normcdf,
** rcbrt, ...) are written here from their definitions.
*/
#include <math.h>
#include <string.h>

#include "core/mathfn.h"

const char *const math_names[MF__COUNT] = {
#define MF_NAME(name, arity) #name,
	MATH_FUNCS(MF_NAME)
#undef MF_NAME
};

const unsigned char math_arity[MF__COUNT] = {
#define MF_AR(name, arity) arity,
	MATH_FUNCS(MF_AR)
#undef MF_AR
};

uint16_t math_f64_to_f16(double d)
{
	uint64_t x;
	memcpy(&x, &d, 8);
	uint16_t sign = (uint16_t)((x >> 48) & 0x8000);
	int exp = (int)((x >> 52) & 0x7ff);
	uint64_t man = x & ((UINT64_C(1) << 52) - 1);
	if (exp == 0x7ff)
		return (uint16_t)(sign | 0x7c00 | (man ? 0x200 | (man >> 42) : 0));
	int e = exp - 1023 + 15;	/* biased half exponent */
	if (e >= 31)
		return (uint16_t)(sign | 0x7c00);
	if (e < -10)
		return sign;	/* below half the smallest subnormal */
	/* h holds the kept bits, rem the dropped ones: round to nearest even
	** (a carry out of the mantissa bumps the exponent, up to infinity) */
	uint64_t m = man, h;
	unsigned shift = 42;
	if (e >= 1) {
		h = ((uint64_t)e << 10) | (m >> shift);
	} else {
		m |= UINT64_C(1) << 52;
		shift = (unsigned)(43 - e);
		h = m >> shift;
	}
	uint64_t rem = m & ((UINT64_C(1) << shift) - 1), half = UINT64_C(1) << (shift - 1);
	if (rem > half || (rem == half && (h & 1)))
		h++;
	return (uint16_t)(sign | h);
}

uint16_t math_f32_to_f16(float f)
{
	return math_f64_to_f16(f);	/* exact: every float is a double */
}

float math_f16_to_f32(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16;
	uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff, x;
	if (exp == 0) {
		if (man == 0) {
			x = sign;
		} else {
			int e = -1;
			do {
				e++;
				man <<= 1;
			} while (!(man & 0x400));
			x = sign | ((uint32_t)(127 - 15 - e) << 23) | ((man & 0x3ff) << 13);
		}
	} else if (exp == 31) {
		x = sign | 0x7f800000 | (man << 13);
	} else {
		x = sign | ((exp - 15 + 127) << 23) | (man << 13);
	}
	float f;
	memcpy(&f, &x, 4);
	return f;
}

/* The inverse error function of Y in double: -inf/+inf at -1/1, NaN
** outside [-1, 1]; a polynomial first guess refined by Newton steps on
** libm's erf. */
static double erfinv_d(double y)
{
	if (y <= -1)
		return y == -1 ? -INFINITY : NAN;
	if (y >= 1)
		return y == 1 ? INFINITY : NAN;
	/* initial guess (Giles' approximation), then Newton steps on erf */
	double w = -log((1.0 - y) * (1.0 + y)), x;
	if (w < 5.0) {
		w -= 2.5;
		x = 2.81022636e-08;
		x = 3.43273939e-07 + x * w;
		x = -3.5233877e-06 + x * w;
		x = -4.39150654e-06 + x * w;
		x = 0.00021858087 + x * w;
		x = -0.00125372503 + x * w;
		x = -0.00417768164 + x * w;
		x = 0.246640727 + x * w;
		x = 1.50140941 + x * w;
	} else {
		w = sqrt(w) - 3.0;
		x = -0.000200214257;
		x = 0.000100950558 + x * w;
		x = 0.00134934322 + x * w;
		x = -0.00367342844 + x * w;
		x = 0.00573950773 + x * w;
		x = -0.0076224613 + x * w;
		x = 0.00943887047 + x * w;
		x = 1.00167406 + x * w;
		x = 2.83297682 + x * w;
	}
	x *= y;
	for (int i = 0; i < 3; i++)
		x -= (erf(x) - y) / (2.0 / sqrt(M_PI) * exp(-x * x));
	return x;
}

static double sinpi_d(double x)
{
	if (isinf(x) || isnan(x))
		return NAN;
	double r = fmod(x, 2.0);
	if (r == floor(r))
		return copysign(0.0, x);
	return sin(M_PI * r);
}

static double cospi_d(double x)
{
	if (isinf(x) || isnan(x))
		return NAN;
	double r = fmod(fabs(x), 2.0);
	if (r == 0.5 || r == 1.5)
		return 0.0;
	return cos(M_PI * r);
}

/* Math function F (an MF_* of core/mathfn.h) of A (B, C for the ones that
** take more) in double, as libdevice's __nv_* double function computes it
** to within its documented error; NaN for an F with no double form. */
static double eval64(unsigned f, double a, double b, double c)
{
	switch (f) {
	case MF_SQRT: return sqrt(a);
	case MF_RSQRT: return 1.0 / sqrt(a);
	case MF_CBRT: return cbrt(a);
	case MF_RCBRT: return 1.0 / cbrt(a);
	case MF_EXP: return exp(a);
	case MF_EXP2: return exp2(a);
	case MF_EXP10: return pow(10.0, a);
	case MF_EXPM1: return expm1(a);
	case MF_LOG: return log(a);
	case MF_LOG2: return log2(a);
	case MF_LOG10: return log10(a);
	case MF_LOG1P: return log1p(a);
	case MF_LOGB: return logb(a);
	case MF_SIN: return sin(a);
	case MF_COS: return cos(a);
	case MF_TAN: return tan(a);
	case MF_ASIN: return asin(a);
	case MF_ACOS: return acos(a);
	case MF_ATAN: return atan(a);
	case MF_SINH: return sinh(a);
	case MF_COSH: return cosh(a);
	case MF_TANH: return tanh(a);
	case MF_ASINH: return asinh(a);
	case MF_ACOSH: return acosh(a);
	case MF_ATANH: return atanh(a);
	case MF_SINPI: return sinpi_d(a);
	case MF_COSPI: return cospi_d(a);
	case MF_ERF: return erf(a);
	case MF_ERFC: return erfc(a);
	case MF_ERFINV: return erfinv_d(a);
	case MF_ERFCINV: return erfinv_d(1.0 - a);
	case MF_ERFCX: return exp(a * a) * erfc(a);
	case MF_NORMCDF: return 0.5 * erfc(-a / M_SQRT2);
	case MF_NORMCDFINV: return -M_SQRT2 * erfinv_d(1.0 - 2.0 * a);
	case MF_LGAMMA: return lgamma(a);
	case MF_TGAMMA: return tgamma(a);
	case MF_J0: return j0(a);
	case MF_J1: return j1(a);
	case MF_Y0: return y0(a);
	case MF_Y1: return y1(a);
	case MF_FLOOR: return floor(a);
	case MF_CEIL: return ceil(a);
	case MF_TRUNC: return trunc(a);
	case MF_ROUND: return round(a);
	case MF_RINT: return rint(a);
	case MF_ROUNDEVEN: return nearbyint(a);
	case MF_NEARBYINT: return nearbyint(a);
	case MF_FABS: return fabs(a);
	case MF_RCP: return 1.0 / a;
	case MF_SATURATE: return isnan(a) ? 0.0 : a < 0 ? 0.0 : a > 1 ? 1.0 : a;
	case MF_POW: return pow(a, b);
	case MF_ATAN2: return atan2(a, b);
	case MF_FMOD: return fmod(a, b);
	case MF_REMAINDER: return remainder(a, b);
	case MF_HYPOT: return hypot(a, b);
	case MF_RHYPOT: return (double)(1.0L / hypotl(a, b));
	case MF_MODF: { double ip; return modf(a, &ip); }
	case MF_FMIN: return fmin(a, b);
	case MF_FMAX: return fmax(a, b);
	case MF_FMIN_NAN: case MF_MINIMUM: return isnan(a) || isnan(b) ? NAN : (a == b ? (signbit(a) ? a : b) : fmin(a, b));
	case MF_FMAX_NAN: case MF_MAXIMUM: return isnan(a) || isnan(b) ? NAN : (a == b ? (signbit(a) ? b : a) : fmax(a, b));
	case MF_FDIM: return fdim(a, b);
	case MF_COPYSIGN: return copysign(a, b);
	case MF_NEXTAFTER: return nextafter(a, b);
	case MF_FDIVIDE: return a / b;
	case MF_FMA: return fma(a, b, c);
	default: return NAN;
	}
}

/* Math function F of A (B, C) in float: the correctly rounded ones by the
** float libm, the others through eval64 and rounded once. */
static float eval32(unsigned f, float a, float b, float c)
{
	/* functions whose float version must round once use the float libm;
	** the rest go through double, which is at least as accurate */
	switch (f) {
	case MF_SQRT: return sqrtf(a);
	case MF_FMA: return fmaf(a, b, c);
	case MF_FLOOR: return floorf(a);
	case MF_CEIL: return ceilf(a);
	case MF_TRUNC: return truncf(a);
	case MF_ROUND: return roundf(a);
	case MF_RINT: return rintf(a);
	case MF_ROUNDEVEN: case MF_NEARBYINT: return nearbyintf(a);
	case MF_FABS: return fabsf(a);
	case MF_FMIN: return fminf(a, b);
	case MF_FMAX: return fmaxf(a, b);
	case MF_COPYSIGN: return copysignf(a, b);
	case MF_FMOD: return fmodf(a, b);
	case MF_MODF: { float ip; return modff(a, &ip); }
	case MF_NEXTAFTER: return nextafterf(a, b);
	case MF_FDIVIDE: return a / b;
	case MF_RCP: return 1.0f / a;
	case MF_SIN: return sinf(a);
	case MF_COS: return cosf(a);
	case MF_TAN: return tanf(a);
	case MF_EXP: return expf(a);
	case MF_EXP2: return exp2f(a);
	case MF_LOG: return logf(a);
	case MF_LOG2: return log2f(a);
	case MF_LOG10: return log10f(a);
	case MF_POW: return powf(a, b);
	default: return (float)eval64(f, a, b, c);
	}
}

static inline float f32(uint64_t v) { uint32_t u = (uint32_t)v; float f; memcpy(&f, &u, 4); return f; }
static inline double f64(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }

static int is_pred(unsigned f)
{
	return f == MF_ISNAN || f == MF_ISINF || f == MF_ISFINITE || f == MF_SIGNBIT || f == MF_ILOGB;
}

static uint64_t pred(unsigned f, double a)
{
	switch (f) {
	case MF_ISNAN: return isnan(a) != 0;
	case MF_ISINF: return isinf(a) != 0;
	case MF_ISFINITE: return isfinite(a) != 0;
	case MF_SIGNBIT: return signbit(a) != 0;
	default: return (uint32_t)ilogb(a);
	}
}

void math_apply32(unsigned f, uint32_t mask, uint64_t *d, const uint64_t *a,
		  const uint64_t *b, const uint64_t *c)
{
	for (uint32_t m = mask; m; m &= m - 1) {
		int l = __builtin_ctz(m);
		if (is_pred(f)) {
			d[l] = pred(f, f32(a[l]));
			continue;
		}
		float r;
		if (f == MF_LDEXP)
			r = ldexpf(f32(a[l]), (int32_t)(uint32_t)b[l]);
		else if (f == MF_POWI)
			r = (float)pow(f32(a[l]), (double)(int32_t)(uint32_t)b[l]);
		else
			r = eval32(f, f32(a[l]), f32(b[l]), f32(c[l]));
		/* the GPU's one f32 NaN; |x| and copysign only move the sign bit */
		uint32_t u;
		memcpy(&u, &r, 4);
		d[l] = f == MF_FABS || f == MF_COPYSIGN ? u : math_f32_bits(r);
	}
}

void math_apply64(unsigned f, uint32_t mask, uint64_t *d, const uint64_t *a,
		  const uint64_t *b, const uint64_t *c)
{
	for (uint32_t m = mask; m; m &= m - 1) {
		int l = __builtin_ctz(m);
		if (is_pred(f)) {
			d[l] = pred(f, f64(a[l]));
			continue;
		}
		double r;
		if (f == MF_LDEXP)
			r = ldexp(f64(a[l]), (int32_t)(uint32_t)b[l]);
		else if (f == MF_POWI)
			r = pow(f64(a[l]), (double)(int32_t)(uint32_t)b[l]);
		else
			r = eval64(f, f64(a[l]), f64(b[l]), f64(c[l]));
		memcpy(&d[l], &r, 8);
	}
}
