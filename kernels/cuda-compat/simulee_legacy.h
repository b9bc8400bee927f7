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
**     members (see there).
**   - With CUDA 12 and later, texture references and cudaBindTexture
**     (simulee_texref.h).
**
** Nothing here is emitted unless a program uses it, so the bitcode of a
** program that uses none of it is what it was without this header.
*/
#ifndef SIMULEE_LEGACY_H
#define SIMULEE_LEGACY_H

/* GPUVerify's annotations (__requires and kin) */
#include "simulee_specs.h"

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

/* ---- what CUDA 13 removed ---------------------------------------------- */

#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000

/*
** Declared as CUDA 12 declared them: the host IR calls them by their own
** names, which simulee-c's host-code reader knows (cudaThreadSynchronize
** and cudaThreadExit synchronize the device, as cudaDeviceSynchronize and
** cudaDeviceReset do).  No definition: simulee-c never links host code.
*/
extern "C" {
extern __host__ cudaError_t CUDARTAPI cudaThreadSynchronize(void);
extern __host__ cudaError_t CUDARTAPI cudaThreadExit(void);
extern __host__ cudaError_t CUDARTAPI cudaThreadSetLimit(enum cudaLimit __limit, size_t __value);
extern __host__ cudaError_t CUDARTAPI cudaThreadGetLimit(size_t *__value, enum cudaLimit __limit);
extern __host__ cudaError_t CUDARTAPI cudaThreadGetCacheConfig(enum cudaFuncCache *__config);
extern __host__ cudaError_t CUDARTAPI cudaThreadSetCacheConfig(enum cudaFuncCache __config);
extern __host__ cudaError_t CUDARTAPI cudaSetDoubleForDevice(double *__d);
extern __host__ cudaError_t CUDARTAPI cudaSetDoubleForHost(double *__d);
}

/* A device number as the cudaMemLocation CUDA 13's forms take. */
static __inline__ __host__ struct cudaMemLocation __simulee_location(int __device)
{
	struct cudaMemLocation __l;
	__l.type = __device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
	__l.id = __device;
	return __l;
}

/* The int-device forms CUDA 12 had, as overloads over CUDA 13's. */
static __inline__ __host__ cudaError_t cudaMemPrefetchAsync(const void *__ptr, size_t __count,
							    int __device, cudaStream_t __stream = 0)
{
	return cudaMemPrefetchAsync(__ptr, __count, __simulee_location(__device), 0u, __stream);
}
static __inline__ __host__ cudaError_t cudaMemAdvise(const void *__ptr, size_t __count,
						     enum cudaMemoryAdvise __advice, int __device)
{
	return cudaMemAdvise(__ptr, __count, __advice, __simulee_location(__device));
}
/* CUDA 12.2's names of the forms CUDA 13 kept under the plain names */
#define cudaMemPrefetchAsync_v2 cudaMemPrefetchAsync
#define cudaMemAdvise_v2 cudaMemAdvise

/*
** cudaDeviceProp lost clockRate, deviceOverlap, kernelExecTimeoutEnabled,
** computeMode, maxTexture1DLinear, memoryClockRate,
** singleToDoublePrecisionPerfRatio and cooperativeMultiDeviceLaunch in
** CUDA 13.  A struct cannot get members back, so from here on
** cudaDeviceProp names a struct derived from the toolkit's that has them:
** every member of the toolkit's struct is there and passing its address
** where the runtime wants a cudaDeviceProp * converts.  Its
** cudaGetDeviceProperties fills the eight from cudaDeviceGetAttribute,
** with the attribute each member was documented to equal; CUDA 13 has no
** multi-device cooperative launch, so cooperativeMultiDeviceLaunch is 0.
** `cudaDeviceProp p = {0}` (and `= {}`) zeroes all of it, in every C++
** standard; `cudaDeviceProp p;` leaves it uninitialised, as before.
*/
typedef struct cudaDeviceProp __simulee_toolkit_prop;

struct __simulee_cudaDeviceProp : public __simulee_toolkit_prop {
	int clockRate;
	int deviceOverlap;
	int kernelExecTimeoutEnabled;
	int computeMode;
	int maxTexture1DLinear;
	int memoryClockRate;
	int singleToDoublePrecisionPerfRatio;
	int cooperativeMultiDeviceLaunch;

	__simulee_cudaDeviceProp() = default;
	__host__ __device__ __simulee_cudaDeviceProp(int)
		: __simulee_toolkit_prop(), clockRate(), deviceOverlap(), kernelExecTimeoutEnabled(),
		  computeMode(), maxTexture1DLinear(), memoryClockRate(),
		  singleToDoublePrecisionPerfRatio(), cooperativeMultiDeviceLaunch()
	{
	}
};

static __inline__ __host__ cudaError_t cudaGetDeviceProperties(struct __simulee_cudaDeviceProp *__p,
							       int __device)
{
	cudaError_t __e = cudaGetDeviceProperties(static_cast<__simulee_toolkit_prop *>(__p), __device);
	if (__e != cudaSuccess)
		return __e;
	cudaDeviceGetAttribute(&__p->clockRate, cudaDevAttrClockRate, __device);
	cudaDeviceGetAttribute(&__p->deviceOverlap, cudaDevAttrGpuOverlap, __device);
	cudaDeviceGetAttribute(&__p->kernelExecTimeoutEnabled, cudaDevAttrKernelExecTimeout, __device);
	cudaDeviceGetAttribute(&__p->computeMode, cudaDevAttrComputeMode, __device);
	cudaDeviceGetAttribute(&__p->maxTexture1DLinear, cudaDevAttrMaxTexture1DLinearWidth, __device);
	cudaDeviceGetAttribute(&__p->memoryClockRate, cudaDevAttrMemoryClockRate, __device);
	cudaDeviceGetAttribute(&__p->singleToDoublePrecisionPerfRatio,
			       cudaDevAttrSingleToDoublePrecisionPerfRatio, __device);
	__p->cooperativeMultiDeviceLaunch = 0;
	return cudaSuccess;
}

#define cudaDeviceProp __simulee_cudaDeviceProp

#endif /* CUDART_VERSION >= 13000 */

#endif /* __cplusplus && __CUDA__ */

#endif
