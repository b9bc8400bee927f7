/*
** mathfn.h: the math functions of CUDA device code (libdevice's __nv_*
** and LLVM's math intrinsics), computed natively with the host's libm.
*/
#ifndef SIMULEE_MATHFN_H
#define SIMULEE_MATHFN_H

#include <stdint.h>
#include <string.h>

#define MATH_FUNCS(X) \
	X(SQRT, 1) X(RSQRT, 1) X(CBRT, 1) X(RCBRT, 1) X(EXP, 1) X(EXP2, 1) X(EXP10, 1) \
	X(EXPM1, 1) X(LOG, 1) X(LOG2, 1) X(LOG10, 1) X(LOG1P, 1) X(LOGB, 1) X(SIN, 1) \
	X(COS, 1) X(TAN, 1) X(ASIN, 1) X(ACOS, 1) X(ATAN, 1) X(SINH, 1) X(COSH, 1) \
	X(TANH, 1) X(ASINH, 1) X(ACOSH, 1) X(ATANH, 1) X(SINPI, 1) X(COSPI, 1) X(ERF, 1) \
	X(ERFC, 1) X(ERFINV, 1) X(ERFCINV, 1) X(ERFCX, 1) X(NORMCDF, 1) X(NORMCDFINV, 1) \
	X(LGAMMA, 1) X(TGAMMA, 1) X(J0, 1) X(J1, 1) X(Y0, 1) X(Y1, 1) X(FLOOR, 1) \
	X(CEIL, 1) X(TRUNC, 1) X(ROUND, 1) X(RINT, 1) X(NEARBYINT, 1) X(FABS, 1) X(RCP, 1) \
	X(SATURATE, 1) X(ROUNDEVEN, 1) X(MODF, 1) \
	X(POW, 2) X(ATAN2, 2) X(FMOD, 2) X(REMAINDER, 2) X(HYPOT, 2) X(FMIN, 2) X(FMAX, 2) \
	X(FDIM, 2) X(COPYSIGN, 2) X(NEXTAFTER, 2) X(FDIVIDE, 2) X(LDEXP, 2) X(POWI, 2) \
	X(MINIMUM, 2) X(MAXIMUM, 2) X(FMIN_NAN, 2) X(FMAX_NAN, 2) X(RHYPOT, 2) \
	X(FMA, 3) \
	X(ISNAN, 1) X(ISINF, 1) X(ISFINITE, 1) X(SIGNBIT, 1) X(ILOGB, 1)

/* The bits of an f32 result as the GPU gives them: its one NaN,
** 0x7fffffff, whatever the operands' payloads (the host FPU keeps the
** first operand's, so a + b and b + a of two NaNs differ, and lanes
** summing one warp's values by a butterfly would write different bits:
** docs/DECISIONS.md, "f32 NaN results are canonical"). */
static inline uint32_t math_f32_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return f != f ? UINT32_C(0x7fffffff) : u;
}

enum mathfn {
#define MF_ENUM(name, arity) MF_##name,
	MATH_FUNCS(MF_ENUM)
#undef MF_ENUM
	MF__COUNT
};

extern const char *const math_names[MF__COUNT];
extern const unsigned char math_arity[MF__COUNT];

/* MF_LDEXP and MF_POWI take an i32 second operand; MF_ISNAN .. MF_ILOGB
** return an i32.  Everything else is float -> float (or double).  MF_MODF
** is the fractional part (the integral part is MF_TRUNC), MF_RHYPOT is
** 1 / hypot. */

/* d[l] = f(a[l], b[l], c[l]) for every lane l in MASK; values are slot
** bits (f32 in the low 32 bits). */
void math_apply32(unsigned f, uint32_t mask, uint64_t *d, const uint64_t *a,
		  const uint64_t *b, const uint64_t *c);
void math_apply64(unsigned f, uint32_t mask, uint64_t *d, const uint64_t *a,
		  const uint64_t *b, const uint64_t *c);

/* Half-precision conversions (round to nearest even, each rounding once). */
uint16_t math_f32_to_f16(float f);
uint16_t math_f64_to_f16(double d);
float math_f16_to_f32(uint16_t h);

#endif
