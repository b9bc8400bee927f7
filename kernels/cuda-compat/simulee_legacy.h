/*
** simulee_legacy.h: what real CUDA code uses that clang with the toolkit's
** headers does not accept, so that it compiles unpatched.  simulee-c gives
** it with -include to both passes of every compile against a toolkit; it
** comes after clang's CUDA wrapper (which has included cuda_runtime.h) and
** before the user's own forced includes.  Written for simulee-c from
** NVIDIA's documentation of the runtime API; docs/DECISIONS.md
** (2026-11-28) says why each part is done the way it is.
**
**   - The host overloads of min and max that nvcc's headers give host code
**     (crt/math_functions.hpp declares them __host__ __device__; clang's
**     wrapper makes them __device__ only).  Same signatures, same results:
**     mixed signed and unsigned operands compare as unsigned, mixed float
**     and double as double, floats as fminf/fmaxf do.
**   - With CUDA 13 and later, what CUDA 13 removed and code still calls:
**     the cudaThread* names of the cudaDevice* functions, cudaSetDoubleFor*,
**     the int-device forms of cudaMemPrefetchAsync and cudaMemAdvise (and
**     CUDA 12's _v2 names of the new forms), and the eight cudaDeviceProp
**     members (simulee_cuda13.h).
**   - With CUDA 12 and later, texture references and cudaBindTexture
**     (simulee_texref.h).
**   - The C headers nvcc includes into every CUDA file (time.h, assert.h,
**     stdio.h), which clang's wrapper leaves out.
**
** Nothing here is emitted unless a program uses it, so the bitcode of a
** program that uses none of it is what it was without this header.
*/
#ifndef SIMULEE_LEGACY_H
#define SIMULEE_LEGACY_H

/* GPUVerify's annotations (__requires and kin) */
#include "simulee_specs.h"

/* What nvcc's crt/common_functions.h includes into every CUDA file and
** clang's CUDA wrapper does not (it has stdlib.h and string.h): real
** code calls time(), clock_gettime(), assert and printf without including
** their headers (Rodinia's particlefilter calls time()). */
#if defined(__cplusplus) && defined(__CUDA__)
#include <assert.h>
#include <stdio.h>
#include <time.h>
#endif

#if defined(__cplusplus) && defined(__CUDA__)

/* ---- host min and max ------------------------------------------------- */

#define __SIMULEE_HOST_MINMAX(R, A, B) \
	static __inline__ __host__ R min(const A __a, const B __b) \
	{ \
		return (R)__a < (R)__b ? (R)__a : (R)__b; \
	} \
	static __inline__ __host__ R max(const A __a, const B __b) \
	{ \
		return (R)__a > (R)__b ? (R)__a : (R)__b; \
	}
__SIMULEE_HOST_MINMAX(unsigned int, unsigned int, unsigned int)
__SIMULEE_HOST_MINMAX(unsigned int, int, unsigned int)
__SIMULEE_HOST_MINMAX(unsigned int, unsigned int, int)
__SIMULEE_HOST_MINMAX(long int, long int, long int)
__SIMULEE_HOST_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__SIMULEE_HOST_MINMAX(unsigned long int, long int, unsigned long int)
__SIMULEE_HOST_MINMAX(unsigned long int, unsigned long int, long int)
__SIMULEE_HOST_MINMAX(long long int, long long int, long long int)
__SIMULEE_HOST_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
__SIMULEE_HOST_MINMAX(unsigned long long int, long long int, unsigned long long int)
__SIMULEE_HOST_MINMAX(unsigned long long int, unsigned long long int, long long int)
#undef __SIMULEE_HOST_MINMAX

/* float and double: NaN handling as fminf/fmin (the other operand) */
static __inline__ __host__ float min(const float __a, const float __b)
{
	return __builtin_fminf(__a, __b);
}
static __inline__ __host__ float max(const float __a, const float __b)
{
	return __builtin_fmaxf(__a, __b);
}
static __inline__ __host__ double min(const double __a, const double __b)
{
	return __builtin_fmin(__a, __b);
}
static __inline__ __host__ double max(const double __a, const double __b)
{
	return __builtin_fmax(__a, __b);
}
static __inline__ __host__ double min(const float __a, const double __b)
{
	return __builtin_fmin((double)__a, __b);
}
static __inline__ __host__ double max(const float __a, const double __b)
{
	return __builtin_fmax((double)__a, __b);
}
static __inline__ __host__ double min(const double __a, const float __b)
{
	return __builtin_fmin(__a, (double)__b);
}
static __inline__ __host__ double max(const double __a, const float __b)
{
	return __builtin_fmax(__a, (double)__b);
}

/* int and the named forms: inline, not static, as nvcc's are on Linux */
__inline__ __host__ int min(const int __a, const int __b)
{
	return __a < __b ? __a : __b;
}
__inline__ __host__ int max(const int __a, const int __b)
{
	return __a > __b ? __a : __b;
}
__inline__ __host__ unsigned int umin(const unsigned int __a, const unsigned int __b)
{
	return __a < __b ? __a : __b;
}
__inline__ __host__ unsigned int umax(const unsigned int __a, const unsigned int __b)
{
	return __a > __b ? __a : __b;
}
__inline__ __host__ long long int llmin(const long long int __a, const long long int __b)
{
	return __a < __b ? __a : __b;
}
__inline__ __host__ long long int llmax(const long long int __a, const long long int __b)
{
	return __a > __b ? __a : __b;
}
__inline__ __host__ unsigned long long int ullmin(const unsigned long long int __a,
						    const unsigned long long int __b)
{
	return __a < __b ? __a : __b;
}
__inline__ __host__ unsigned long long int ullmax(const unsigned long long int __a,
						    const unsigned long long int __b)
{
	return __a > __b ? __a : __b;
}

/* ---- what CUDA 12 removed: texture references ---------------------------- */

#if defined(CUDART_VERSION) && CUDART_VERSION >= 12000
#include "simulee_texref.h"
#endif

/* ---- surface functions clang's CUDA wrapper lacks ----------------------- */

#include "simulee_surface.h"

/* ---- what CUDA 13 removed ---------------------------------------------- */

#include "simulee_cuda13.h"

#endif /* __cplusplus && __CUDA__ */

#endif
