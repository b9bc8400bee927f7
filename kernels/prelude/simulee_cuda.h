/*
** simulee_cuda.h: our own minimal CUDA prelude, so that clang can compile
** CUDA device code to NVPTX bitcode without the CUDA SDK:
**
**   clang -x cuda --cuda-device-only -nocudainc -nocudalib \
**         --cuda-gpu-arch=sm_70 -emit-llvm -include simulee_cuda.h k.cu
**
** Written for simulee-c; it copies neither NVIDIA's headers nor clang's
** CUDA wrappers.  What it must preserve is their *output*: a kernel compiled
** with this prelude calls the same NVVM intrinsics and the same libdevice
** functions (`__nv_sinf`, `__nv_popc`, ...) as with the real headers, since
** simulee-c interprets exactly those.  libdevice itself is never linked, so
** math stays as calls to undefined `__nv_*` functions that the simulator
** implements natively.  docs/CORPUS.md describes how this was checked.
**
** Layering mirrors the real headers so -O0 bitcode looks alike too:
**   - thin wrappers over builtins/libdevice: `static __device__
**     __forceinline__` (always inlined, even at -O0);
**   - atomics, __match_*_sync and the min/max overloads: `static __inline__
**     __device__` (internal functions at -O0);
**   - the float overloads of rsqrt, rcbrt, sinpi, cospi, sincospi, erfcinv,
**     erfcx, normcdf and normcdfinv: `static __inline__ __host__
**     __device__` (internal too);
**   - warp shuffles, votes, __ldg and the __match32/64_*_sync layer under
**     __match_*_sync: `inline __device__` (linkonce_odr at -O0).
**
** Textures and surfaces (the object API, not the legacy texture references)
** come as the same inline PTX `tex`, `suld` and `sust` that the real headers
** emit, near the end.
** Not provided: cooperative groups, the __half API of
** cuda_fp16.h (the _Float16 type works), the SIMD video intrinsics (__vadd2
** ...), sm_80+ intrinsics, and most of the host-side runtime API.
**
** Host code: the end of this file declares what a launch needs (see there).
*/
#ifndef SIMULEE_CUDA_H
#define SIMULEE_CUDA_H

#if !defined(__CUDA__) || !defined(__cplusplus)
#error "simulee_cuda.h is for clang's CUDA mode (-x cuda) only"
#endif

#define __SIMULEE_CUDA_PRELUDE__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif

/* ---- qualifiers ------------------------------------------------------ */

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __device_builtin__
/*
** Clang 15 and later treat __noinline__ as a keyword in CUDA mode.  A macro
** would break system headers that spell __attribute__((__noinline__)), so we
** only define it for older compilers.
*/
#if defined(__clang_major__) && __clang_major__ < 15
#define __noinline__ __attribute__((noinline))
#endif

/* The wrapper classes described in the file comment. */
#define __SIM_FN__ static __device__ __forceinline__
#define __SIM_ATOMIC__ static __inline__ __device__
#define __SIM_VEC_FN__ static __inline__ __host__ __device__
#define __SIM_HD_FN__ static __inline__ __host__ __device__

typedef __SIZE_TYPE__ size_t;

/* ---- vector types ---------------------------------------------------- */

/*
** Alignments follow CUDA's vector_types.h: 2-element types are aligned to
** their full size (char2: 2, short2: 4, int2/float2: 8, longlong2/double2:
** 16), 4-element types likewise but capped at 16, 1- and 3-element types
** keep the element's natural alignment.  The layout matters: a float4 load
** must come out as one 16-byte aligned load, as on the real toolchain.
*/
#define __SIM_VEC1(NAME, T) \
	struct NAME##1 { T x; }; typedef struct NAME##1 NAME##1;
#define __SIM_VEC2(NAME, T, A) \
	struct __align__(A) NAME##2 { T x, y; }; typedef struct NAME##2 NAME##2;
#define __SIM_VEC3(NAME, T) \
	struct NAME##3 { T x, y, z; }; typedef struct NAME##3 NAME##3;
#define __SIM_VEC4(NAME, T, A) \
	struct __align__(A) NAME##4 { T x, y, z, w; }; typedef struct NAME##4 NAME##4;

#define __SIM_MAKE1(NAME, T) \
	__SIM_VEC_FN__ NAME##1 make_##NAME##1(T __x) \
	{ NAME##1 __t; __t.x = __x; return __t; }
#define __SIM_MAKE2(NAME, T) \
	__SIM_VEC_FN__ NAME##2 make_##NAME##2(T __x, T __y) \
	{ NAME##2 __t; __t.x = __x; __t.y = __y; return __t; }
#define __SIM_MAKE3(NAME, T) \
	__SIM_VEC_FN__ NAME##3 make_##NAME##3(T __x, T __y, T __z) \
	{ NAME##3 __t; __t.x = __x; __t.y = __y; __t.z = __z; return __t; }
#define __SIM_MAKE4(NAME, T) \
	__SIM_VEC_FN__ NAME##4 make_##NAME##4(T __x, T __y, T __z, T __w) \
	{ NAME##4 __t; __t.x = __x; __t.y = __y; __t.z = __z; __t.w = __w; return __t; }

/* NAME, element type, alignment of the 2- and of the 4-element type */
#define __SIM_VEC_FAMILY(NAME, T, A2, A4) \
	__SIM_VEC1(NAME, T) __SIM_VEC2(NAME, T, A2) \
	__SIM_VEC3(NAME, T) __SIM_VEC4(NAME, T, A4) \
	__SIM_MAKE1(NAME, T) __SIM_MAKE2(NAME, T) \
	__SIM_MAKE3(NAME, T) __SIM_MAKE4(NAME, T)

__SIM_VEC_FAMILY(char, signed char, 2, 4)
__SIM_VEC_FAMILY(uchar, unsigned char, 2, 4)
__SIM_VEC_FAMILY(short, short, 4, 8)
__SIM_VEC_FAMILY(ushort, unsigned short, 4, 8)
__SIM_VEC_FAMILY(int, int, 8, 16)
__SIM_VEC_FAMILY(uint, unsigned int, 8, 16)
__SIM_VEC_FAMILY(long, long, 2 * sizeof(long), 16)
__SIM_VEC_FAMILY(ulong, unsigned long, 2 * sizeof(unsigned long), 16)
__SIM_VEC_FAMILY(longlong, long long, 16, 16)
__SIM_VEC_FAMILY(ulonglong, unsigned long long, 16, 16)
__SIM_VEC_FAMILY(float, float, 8, 16)
__SIM_VEC_FAMILY(double, double, 16, 16)

#undef __SIM_VEC1
#undef __SIM_VEC2
#undef __SIM_VEC3
#undef __SIM_VEC4
#undef __SIM_MAKE1
#undef __SIM_MAKE2
#undef __SIM_MAKE3
#undef __SIM_MAKE4
#undef __SIM_VEC_FAMILY

struct dim3 {
	unsigned int x, y, z;
	__host__ __device__ constexpr dim3(unsigned int __vx = 1, unsigned int __vy = 1,
					   unsigned int __vz = 1)
		: x(__vx), y(__vy), z(__vz) {}
	__host__ __device__ constexpr dim3(uint3 __v) : x(__v.x), y(__v.y), z(__v.z) {}
	__host__ __device__ constexpr operator uint3() const { return uint3{ x, y, z }; }
};
typedef struct dim3 dim3;

/* ---- built-in variables ---------------------------------------------- */

/*
** threadIdx.x and friends are properties whose getter reads a PTX special
** register, so `threadIdx.x` becomes a call to llvm.nvvm.read.ptx.sreg.tid.x
** (with its range metadata) wherever it is used.  The objects are empty and
** never read (the conversions to uint3 and dim3 only pass their address as
** `this`).  As in CUDA they cannot be copied, assigned or have their
** address taken.
*/
#define __SIM_SREG(FIELD, REG) \
	__declspec(property(get = __get_##FIELD)) unsigned int FIELD; \
	static __inline__ __attribute__((always_inline)) __device__ unsigned int __get_##FIELD(void) \
	{ return REG(); }

#define __SIM_BUILTIN_VAR(TYPE, X, Y, Z) \
	struct TYPE { \
		__SIM_SREG(x, X) \
		__SIM_SREG(y, Y) \
		__SIM_SREG(z, Z) \
		__device__ operator uint3() const { return uint3{ x, y, z }; } \
		__device__ operator dim3() const { return dim3(x, y, z); } \
	private: \
		__device__ TYPE() = delete; \
		__device__ TYPE(const TYPE &) = delete; \
		__device__ void operator=(const TYPE &) const = delete; \
		__device__ TYPE *operator&() const = delete; \
	};

__SIM_BUILTIN_VAR(__simulee_threadIdx_t, __nvvm_read_ptx_sreg_tid_x,
		  __nvvm_read_ptx_sreg_tid_y, __nvvm_read_ptx_sreg_tid_z)
__SIM_BUILTIN_VAR(__simulee_blockIdx_t, __nvvm_read_ptx_sreg_ctaid_x,
		  __nvvm_read_ptx_sreg_ctaid_y, __nvvm_read_ptx_sreg_ctaid_z)
__SIM_BUILTIN_VAR(__simulee_blockDim_t, __nvvm_read_ptx_sreg_ntid_x,
		  __nvvm_read_ptx_sreg_ntid_y, __nvvm_read_ptx_sreg_ntid_z)
__SIM_BUILTIN_VAR(__simulee_gridDim_t, __nvvm_read_ptx_sreg_nctaid_x,
		  __nvvm_read_ptx_sreg_nctaid_y, __nvvm_read_ptx_sreg_nctaid_z)

#undef __SIM_SREG
#undef __SIM_BUILTIN_VAR

extern const __device__ __attribute__((weak)) __simulee_threadIdx_t threadIdx;
extern const __device__ __attribute__((weak)) __simulee_blockIdx_t blockIdx;
extern const __device__ __attribute__((weak)) __simulee_blockDim_t blockDim;
extern const __device__ __attribute__((weak)) __simulee_gridDim_t gridDim;

__device__ const int warpSize = 32;

/* ---- libdevice wrappers ---------------------------------------------- */

/*
** Each wrapper declares its libdevice function (extern "C", no attributes,
** as the real declarations are) and forwards to it.  R is the result type,
** NAME the CUDA name, NV the libdevice name, T.. the parameter types.
*/
#define __SIM_NV1(R, NAME, NV, T) \
	extern "C" __device__ R NV(T); \
	__SIM_FN__ R NAME(T __a) { return NV(__a); }
#define __SIM_NV2(R, NAME, NV, T, U) \
	extern "C" __device__ R NV(T, U); \
	__SIM_FN__ R NAME(T __a, U __b) { return NV(__a, __b); }
#define __SIM_NV3(R, NAME, NV, T, U, V) \
	extern "C" __device__ R NV(T, U, V); \
	__SIM_FN__ R NAME(T __a, U __b, V __c) { return NV(__a, __b, __c); }

/* Single precision: NAME -> __nv_NAME */
#define __SIM_F1(NAME) __SIM_NV1(float, NAME, __nv_##NAME, float)
#define __SIM_F2(NAME) __SIM_NV2(float, NAME, __nv_##NAME, float, float)
#define __SIM_D1(NAME) __SIM_NV1(double, NAME, __nv_##NAME, double)
#define __SIM_D2(NAME) __SIM_NV2(double, NAME, __nv_##NAME, double, double)

/*
** sinf, cosf, logf, log2f and sincosf have fast variants; like clang we use
** them only under -ffast-math style approximate transcendentals.
*/
#if defined(__CLANG_GPU_APPROX_TRANSCENDENTALS__)
#define __SIM_FAST_OR_SLOW(FAST, SLOW) FAST
#else
#define __SIM_FAST_OR_SLOW(FAST, SLOW) SLOW
#endif

extern "C" __device__ float __nv_sinf(float);
extern "C" __device__ float __nv_fast_sinf(float);
extern "C" __device__ float __nv_cosf(float);
extern "C" __device__ float __nv_fast_cosf(float);
extern "C" __device__ float __nv_logf(float);
extern "C" __device__ float __nv_fast_logf(float);
extern "C" __device__ float __nv_log2f(float);
extern "C" __device__ float __nv_fast_log2f(float);
extern "C" __device__ void __nv_sincosf(float, float *, float *);
extern "C" __device__ void __nv_fast_sincosf(float, float *, float *);
__SIM_FN__ float sinf(float __a) { return __SIM_FAST_OR_SLOW(__nv_fast_sinf, __nv_sinf)(__a); }
__SIM_FN__ float cosf(float __a) { return __SIM_FAST_OR_SLOW(__nv_fast_cosf, __nv_cosf)(__a); }
__SIM_FN__ float logf(float __a) { return __SIM_FAST_OR_SLOW(__nv_fast_logf, __nv_logf)(__a); }
__SIM_FN__ float log2f(float __a) { return __SIM_FAST_OR_SLOW(__nv_fast_log2f, __nv_log2f)(__a); }
__SIM_FN__ void sincosf(float __a, float *__s, float *__c)
{
	__SIM_FAST_OR_SLOW(__nv_fast_sincosf, __nv_sincosf)(__a, __s, __c);
}
#undef __SIM_FAST_OR_SLOW

__SIM_F1(acosf) __SIM_F1(acoshf) __SIM_F1(asinf) __SIM_F1(asinhf)
__SIM_F1(atanf) __SIM_F2(atan2f) __SIM_F1(atanhf) __SIM_F1(cbrtf)
__SIM_F1(ceilf) __SIM_F2(copysignf) __SIM_F1(coshf) __SIM_F1(cospif)
__SIM_F1(erff) __SIM_F1(erfcf) __SIM_F1(erfinvf) __SIM_F1(erfcinvf) __SIM_F1(erfcxf)
__SIM_F1(expf) __SIM_F1(exp2f) __SIM_F1(exp10f) __SIM_F1(expm1f)
__SIM_F1(fabsf) __SIM_F2(fdimf) __SIM_F1(floorf) __SIM_F2(fmaxf)
__SIM_F2(fminf) __SIM_F2(fmodf) __SIM_F2(hypotf) __SIM_F1(lgammaf)
__SIM_F1(log10f) __SIM_F1(log1pf) __SIM_F1(logbf) __SIM_F2(nextafterf)
__SIM_F1(normcdff) __SIM_F1(normcdfinvf) __SIM_F2(powf) __SIM_F1(rcbrtf)
__SIM_F2(remainderf) __SIM_F1(roundf) __SIM_F1(rsqrtf) __SIM_F1(sinhf)
__SIM_F1(sinpif) __SIM_F1(sqrtf) __SIM_F1(tanf) __SIM_F1(tanhf)
__SIM_F1(tgammaf) __SIM_F1(truncf) __SIM_F2(rhypotf)
__SIM_NV3(float, fmaf, __nv_fmaf, float, float, float)
__SIM_NV2(float, ldexpf, __nv_ldexpf, float, int)
__SIM_NV2(float, scalbnf, __nv_scalbnf, float, int)
__SIM_NV2(float, frexpf, __nv_frexpf, float, int *)
__SIM_NV2(float, modff, __nv_modff, float, float *)
__SIM_NV2(float, powif, __nv_powif, float, int)
__SIM_NV1(int, ilogbf, __nv_ilogbf, float)
__SIM_NV1(long long, llrintf, __nv_llrintf, float)
__SIM_NV1(long long, llroundf, __nv_llroundf, float)
__SIM_FN__ float rintf(float __a) { return __builtin_rintf(__a); }
__SIM_FN__ float nearbyintf(float __a) { return __builtin_nearbyintf(__a); }
__SIM_FN__ float fdividef(float __a, float __b)
{
#if __FAST_MATH__ && !__CUDA_PREC_DIV
	return __nv_fast_fdividef(__a, __b);
#else
	return __a / __b;
#endif
}

__SIM_D1(acos) __SIM_D1(acosh) __SIM_D1(asin) __SIM_D1(asinh)
__SIM_D1(atan) __SIM_D2(atan2) __SIM_D1(atanh) __SIM_D1(cbrt)
__SIM_D1(ceil) __SIM_D2(copysign) __SIM_D1(cos) __SIM_D1(cosh)
__SIM_D1(cospi) __SIM_D1(erf) __SIM_D1(erfc) __SIM_D1(erfcx) __SIM_D1(erfinv)
__SIM_D1(erfcinv) __SIM_D1(exp) __SIM_D1(exp2) __SIM_D1(exp10)
__SIM_D1(expm1) __SIM_D1(fabs) __SIM_D2(fdim) __SIM_D1(floor)
__SIM_D2(fmax) __SIM_D2(fmin) __SIM_D2(fmod) __SIM_D2(hypot)
__SIM_D1(lgamma) __SIM_D1(log) __SIM_D1(log10) __SIM_D1(log1p)
__SIM_D1(log2) __SIM_D1(logb) __SIM_D2(nextafter) __SIM_D1(normcdf)
__SIM_D1(normcdfinv) __SIM_D2(pow) __SIM_D1(rcbrt) __SIM_D2(remainder)
__SIM_D1(round) __SIM_D1(rsqrt) __SIM_D1(sin) __SIM_D1(sinh)
__SIM_D1(sinpi) __SIM_D1(sqrt) __SIM_D1(tan) __SIM_D1(tanh)
__SIM_D1(tgamma) __SIM_D1(trunc) __SIM_D2(rhypot)
__SIM_NV3(double, fma, __nv_fma, double, double, double)
__SIM_NV2(double, ldexp, __nv_ldexp, double, int)
__SIM_NV2(double, scalbn, __nv_scalbn, double, int)
__SIM_NV2(double, frexp, __nv_frexp, double, int *)
__SIM_NV2(double, modf, __nv_modf, double, double *)
__SIM_NV2(double, powi, __nv_powi, double, int)
__SIM_NV1(int, ilogb, __nv_ilogb, double)
__SIM_NV1(long long, llrint, __nv_llrint, double)
__SIM_NV1(long long, llround, __nv_llround, double)
__SIM_NV3(void, sincos, __nv_sincos, double, double *, double *)
__SIM_NV3(void, sincospi, __nv_sincospi, double, double *, double *)
__SIM_NV3(void, sincospif, __nv_sincospif, float, float *, float *)
__SIM_FN__ double rint(double __a) { return __builtin_rint(__a); }
__SIM_FN__ double nearbyint(double __a) { return __builtin_nearbyint(__a); }
__SIM_FN__ double fdivide(double __a, double __b) { return __a / __b; }

/* Integer helpers of the C library and CUDA's min/max family. */
__SIM_NV1(int, abs, __nv_abs, int)
__SIM_NV1(long long, llabs, __nv_llabs, long long)
__SIM_FN__ long labs(long __a) { return __nv_llabs(__a); }
__SIM_NV2(int, min, __nv_min, int, int)
__SIM_NV2(int, max, __nv_max, int, int)
__SIM_NV2(unsigned int, umin, __nv_umin, unsigned int, unsigned int)
__SIM_NV2(unsigned int, umax, __nv_umax, unsigned int, unsigned int)
__SIM_NV2(long long, llmin, __nv_llmin, long long, long long)
__SIM_NV2(long long, llmax, __nv_llmax, long long, long long)
__SIM_NV2(unsigned long long, ullmin, __nv_ullmin, unsigned long long, unsigned long long)
__SIM_NV2(unsigned long long, ullmax, __nv_ullmax, unsigned long long, unsigned long long)

/* CUDA intrinsics with a double-underscore name. */
__SIM_NV1(float, __sinf, __nv_fast_sinf, float)
__SIM_NV1(float, __cosf, __nv_fast_cosf, float)
__SIM_NV1(float, __tanf, __nv_fast_tanf, float)
__SIM_NV1(float, __expf, __nv_fast_expf, float)
__SIM_NV1(float, __exp10f, __nv_fast_exp10f, float)
__SIM_NV1(float, __logf, __nv_fast_logf, float)
__SIM_NV1(float, __log2f, __nv_fast_log2f, float)
__SIM_NV1(float, __log10f, __nv_fast_log10f, float)
__SIM_NV2(float, __powf, __nv_fast_powf, float, float)
__SIM_NV2(float, __fdividef, __nv_fast_fdividef, float, float)
__SIM_NV3(void, __sincosf, __nv_fast_sincosf, float, float *, float *)
__SIM_NV1(float, __saturatef, __nv_saturatef, float)

/* Rounding-mode arithmetic: __fadd_rn, __dmul_rz, ... */
#define __SIM_ROUNDED(M) \
	__SIM_NV2(float, __fadd_##M, __nv_fadd_##M, float, float) \
	__SIM_NV2(float, __fsub_##M, __nv_fsub_##M, float, float) \
	__SIM_NV2(float, __fmul_##M, __nv_fmul_##M, float, float) \
	__SIM_NV2(float, __fdiv_##M, __nv_fdiv_##M, float, float) \
	__SIM_NV3(float, __fmaf_##M, __nv_fmaf_##M, float, float, float) \
	__SIM_NV1(float, __frcp_##M, __nv_frcp_##M, float) \
	__SIM_NV1(float, __fsqrt_##M, __nv_fsqrt_##M, float) \
	__SIM_NV2(double, __dadd_##M, __nv_dadd_##M, double, double) \
	__SIM_NV2(double, __dsub_##M, __nv_dsub_##M, double, double) \
	__SIM_NV2(double, __dmul_##M, __nv_dmul_##M, double, double) \
	__SIM_NV2(double, __ddiv_##M, __nv_ddiv_##M, double, double) \
	__SIM_NV3(double, __fma_##M, __nv_fma_##M, double, double, double) \
	__SIM_NV1(double, __drcp_##M, __nv_drcp_##M, double) \
	__SIM_NV1(double, __dsqrt_##M, __nv_dsqrt_##M, double) \
	__SIM_NV1(int, __float2int_##M, __nv_float2int_##M, float) \
	__SIM_NV1(unsigned int, __float2uint_##M, __nv_float2uint_##M, float) \
	__SIM_NV1(long long, __float2ll_##M, __nv_float2ll_##M, float) \
	__SIM_NV1(unsigned long long, __float2ull_##M, __nv_float2ull_##M, float) \
	__SIM_NV1(int, __double2int_##M, __nv_double2int_##M, double) \
	__SIM_NV1(unsigned int, __double2uint_##M, __nv_double2uint_##M, double) \
	__SIM_NV1(long long, __double2ll_##M, __nv_double2ll_##M, double) \
	__SIM_NV1(unsigned long long, __double2ull_##M, __nv_double2ull_##M, double) \
	__SIM_NV1(float, __double2float_##M, __nv_double2float_##M, double) \
	__SIM_NV1(float, __int2float_##M, __nv_int2float_##M, int) \
	__SIM_NV1(float, __uint2float_##M, __nv_uint2float_##M, unsigned int) \
	__SIM_NV1(float, __ll2float_##M, __nv_ll2float_##M, long long) \
	__SIM_NV1(float, __ull2float_##M, __nv_ull2float_##M, unsigned long long) \
	__SIM_NV1(double, __ll2double_##M, __nv_ll2double_##M, long long) \
	__SIM_NV1(double, __ull2double_##M, __nv_ull2double_##M, unsigned long long)
__SIM_ROUNDED(rn)
__SIM_ROUNDED(rz)
__SIM_ROUNDED(ru)
__SIM_ROUNDED(rd)
#undef __SIM_ROUNDED
__SIM_NV1(float, __frsqrt_rn, __nv_frsqrt_rn, float)
__SIM_NV1(double, __int2double_rn, __nv_int2double_rn, int)
__SIM_NV1(double, __uint2double_rn, __nv_uint2double_rn, unsigned int)

/* Reinterpretation. */
__SIM_NV1(int, __float_as_int, __nv_float_as_int, float)
__SIM_NV1(unsigned int, __float_as_uint, __nv_float_as_uint, float)
__SIM_NV1(float, __int_as_float, __nv_int_as_float, int)
__SIM_NV1(float, __uint_as_float, __nv_uint_as_float, unsigned int)
__SIM_NV1(long long, __double_as_longlong, __nv_double_as_longlong, double)
__SIM_NV1(double, __longlong_as_double, __nv_longlong_as_double, long long)
__SIM_NV1(int, __double2hiint, __nv_double2hiint, double)
__SIM_NV1(int, __double2loint, __nv_double2loint, double)
__SIM_NV2(double, __hiloint2double, __nv_hiloint2double, int, int)

/* Classification; isnan() and friends below forward to these. */
__SIM_NV1(int, __isnanf, __nv_isnanf, float)
__SIM_NV1(int, __isnan, __nv_isnand, double)
__SIM_NV1(int, __isinff, __nv_isinff, float)
__SIM_NV1(int, __isinf, __nv_isinfd, double)
__SIM_NV1(int, __finitef, __nv_finitef, float)
__SIM_NV1(int, __isfinited, __nv_isfinited, double)
__SIM_NV1(int, __signbitf, __nv_signbitf, float)
__SIM_NV1(int, __signbitd, __nv_signbitd, double)

/* Bit and integer intrinsics. */
__SIM_NV1(int, __popc, __nv_popc, unsigned int)
__SIM_NV1(int, __popcll, __nv_popcll, unsigned long long)
__SIM_NV1(int, __clz, __nv_clz, int)
__SIM_NV1(int, __clzll, __nv_clzll, long long)
__SIM_NV1(int, __ffs, __nv_ffs, int)
__SIM_NV1(int, __ffsll, __nv_ffsll, long long)
__SIM_NV1(unsigned int, __brev, __nv_brev, unsigned int)
__SIM_NV1(unsigned long long, __brevll, __nv_brevll, unsigned long long)
__SIM_NV3(unsigned int, __byte_perm, __nv_byte_perm, unsigned int, unsigned int, unsigned int)
__SIM_NV2(int, __mul24, __nv_mul24, int, int)
__SIM_NV2(unsigned int, __umul24, __nv_umul24, unsigned int, unsigned int)
__SIM_NV2(int, __mulhi, __nv_mulhi, int, int)
__SIM_NV2(unsigned int, __umulhi, __nv_umulhi, unsigned int, unsigned int)
__SIM_NV2(long long, __mul64hi, __nv_mul64hi, long long, long long)
__SIM_NV2(unsigned long long, __umul64hi, __nv_umul64hi, unsigned long long, unsigned long long)
__SIM_NV2(int, __hadd, __nv_hadd, int, int)
__SIM_NV2(int, __rhadd, __nv_rhadd, int, int)
__SIM_NV2(unsigned int, __uhadd, __nv_uhadd, unsigned int, unsigned int)
__SIM_NV2(unsigned int, __urhadd, __nv_urhadd, unsigned int, unsigned int)
__SIM_NV3(unsigned int, __sad, __nv_sad, int, int, unsigned int)
__SIM_NV3(unsigned int, __usad, __nv_usad, unsigned int, unsigned int, unsigned int)

#undef __SIM_F1
#undef __SIM_F2
#undef __SIM_D1
#undef __SIM_D2
#undef __SIM_NV1
#undef __SIM_NV2
#undef __SIM_NV3

/* ---- C++ overloads (what <cmath> and CUDA's math_functions add) ----- */

__SIM_FN__ float abs(float __a) { return fabsf(__a); }
__SIM_FN__ double abs(double __a) { return fabs(__a); }
__SIM_FN__ long abs(long __a) { return labs(__a); }
__SIM_FN__ long long abs(long long __a) { return llabs(__a); }
__SIM_FN__ float fabs(float __a) { return fabsf(__a); }

#define __SIM_FLOAT_OVERLOAD1(NAME) \
	__SIM_FN__ float NAME(float __a) { return NAME##f(__a); }
#define __SIM_FLOAT_OVERLOAD2(NAME) \
	__SIM_FN__ float NAME(float __a, float __b) { return NAME##f(__a, __b); }
__SIM_FLOAT_OVERLOAD1(acos) __SIM_FLOAT_OVERLOAD1(acosh) __SIM_FLOAT_OVERLOAD1(asin)
__SIM_FLOAT_OVERLOAD1(asinh) __SIM_FLOAT_OVERLOAD1(atan) __SIM_FLOAT_OVERLOAD2(atan2)
__SIM_FLOAT_OVERLOAD1(atanh) __SIM_FLOAT_OVERLOAD1(cbrt) __SIM_FLOAT_OVERLOAD1(ceil)
__SIM_FLOAT_OVERLOAD2(copysign) __SIM_FLOAT_OVERLOAD1(cos) __SIM_FLOAT_OVERLOAD1(cosh)
__SIM_FLOAT_OVERLOAD1(erf) __SIM_FLOAT_OVERLOAD1(erfc) __SIM_FLOAT_OVERLOAD1(exp)
__SIM_FLOAT_OVERLOAD1(exp2) __SIM_FLOAT_OVERLOAD1(expm1) __SIM_FLOAT_OVERLOAD2(fdim)
__SIM_FLOAT_OVERLOAD1(floor) __SIM_FLOAT_OVERLOAD2(fmax) __SIM_FLOAT_OVERLOAD2(fmin)
__SIM_FLOAT_OVERLOAD2(fmod) __SIM_FLOAT_OVERLOAD2(hypot) __SIM_FLOAT_OVERLOAD1(lgamma)
__SIM_FLOAT_OVERLOAD1(log) __SIM_FLOAT_OVERLOAD1(log10) __SIM_FLOAT_OVERLOAD1(log1p)
__SIM_FLOAT_OVERLOAD1(log2) __SIM_FLOAT_OVERLOAD1(logb) __SIM_FLOAT_OVERLOAD2(nextafter)
__SIM_FLOAT_OVERLOAD2(pow) __SIM_FLOAT_OVERLOAD2(remainder) __SIM_FLOAT_OVERLOAD1(rint)
__SIM_FLOAT_OVERLOAD1(nearbyint) __SIM_FLOAT_OVERLOAD1(round)
__SIM_FLOAT_OVERLOAD1(sin) __SIM_FLOAT_OVERLOAD1(sinh) __SIM_FLOAT_OVERLOAD1(sqrt)
__SIM_FLOAT_OVERLOAD1(tan) __SIM_FLOAT_OVERLOAD1(tanh) __SIM_FLOAT_OVERLOAD1(tgamma)
__SIM_FLOAT_OVERLOAD1(trunc)
#undef __SIM_FLOAT_OVERLOAD1
#undef __SIM_FLOAT_OVERLOAD2
/* These float overloads are ordinary static functions in CUDA (not
** force-inlined), so at -O0 they stay calls to internal functions. */
__SIM_HD_FN__ float rsqrt(float __a) { return rsqrtf(__a); }
__SIM_HD_FN__ float rcbrt(float __a) { return rcbrtf(__a); }
__SIM_HD_FN__ float sinpi(float __a) { return sinpif(__a); }
__SIM_HD_FN__ float cospi(float __a) { return cospif(__a); }
__SIM_HD_FN__ void sincospi(float __a, float *__s, float *__c) { sincospif(__a, __s, __c); }
__SIM_HD_FN__ float erfcinv(float __a) { return erfcinvf(__a); }
__SIM_HD_FN__ float erfcx(float __a) { return erfcxf(__a); }
__SIM_HD_FN__ float normcdf(float __a) { return normcdff(__a); }
__SIM_HD_FN__ float normcdfinv(float __a) { return normcdfinvf(__a); }
__SIM_FN__ float fma(float __a, float __b, float __c) { return fmaf(__a, __b, __c); }
__SIM_FN__ float ldexp(float __a, int __b) { return ldexpf(__a, __b); }
__SIM_FN__ float frexp(float __a, int *__b) { return frexpf(__a, __b); }
__SIM_FN__ float modf(float __a, float *__b) { return modff(__a, __b); }
__SIM_FN__ float scalbn(float __a, int __b) { return scalbnf(__a, __b); }
__SIM_FN__ float pow(float __a, int __b) { return powif(__a, __b); }
__SIM_FN__ double pow(double __a, int __b) { return powi(__a, __b); }
__SIM_FN__ int ilogb(float __a) { return ilogbf(__a); }

__SIM_FN__ bool isnan(float __a) { return __isnanf(__a); }
__SIM_FN__ bool isnan(double __a) { return __isnan(__a); }
__SIM_FN__ bool isinf(float __a) { return __isinff(__a); }
__SIM_FN__ bool isinf(double __a) { return __isinf(__a); }
__SIM_FN__ bool isfinite(float __a) { return __finitef(__a); }
__SIM_FN__ bool isfinite(double __a) { return __isfinited(__a); }
__SIM_FN__ bool signbit(float __a) { return __signbitf(__a); }
__SIM_FN__ bool signbit(double __a) { return __signbitd(__a); }
__SIM_FN__ bool isnormal(float __a) { return __builtin_isnormal(__a); }
__SIM_FN__ bool isnormal(double __a) { return __builtin_isnormal(__a); }

/*
** min/max for every pairing CUDA accepts: mixed signed/unsigned operands
** compare as unsigned, mixed float/double as double.  long is 64-bit here.
*/
#define __SIM_MINMAX(R, A, B, F) \
	__SIM_ATOMIC__ R min(A __a, B __b) { return F##min((R)__a, (R)__b); } \
	__SIM_ATOMIC__ R max(A __a, B __b) { return F##max((R)__a, (R)__b); }
__SIM_MINMAX(unsigned int, unsigned int, unsigned int, u)
__SIM_MINMAX(unsigned int, int, unsigned int, u)
__SIM_MINMAX(unsigned int, unsigned int, int, u)
__SIM_MINMAX(long, long, long, ll)
__SIM_MINMAX(unsigned long, unsigned long, unsigned long, ull)
__SIM_MINMAX(unsigned long, long, unsigned long, ull)
__SIM_MINMAX(unsigned long, unsigned long, long, ull)
__SIM_MINMAX(long long, long long, long long, ll)
__SIM_MINMAX(unsigned long long, unsigned long long, unsigned long long, ull)
__SIM_MINMAX(unsigned long long, long long, unsigned long long, ull)
__SIM_MINMAX(unsigned long long, unsigned long long, long long, ull)
__SIM_MINMAX(float, float, float, f)
__SIM_MINMAX(double, double, double, f)
__SIM_MINMAX(double, float, double, f)
__SIM_MINMAX(double, double, float, f)
#undef __SIM_MINMAX

/* ---- synchronisation and fences -------------------------------------- */

/* __syncthreads() is a clang builtin (llvm.nvvm.barrier0); redeclared here
** so that code taking it from this header reads naturally. */
extern "C" __device__ void __syncthreads(void);
__SIM_FN__ int __syncthreads_count(int __p) { return __nvvm_bar0_popc(__p); }
__SIM_FN__ int __syncthreads_and(int __p) { return __nvvm_bar0_and(__p); }
__SIM_FN__ int __syncthreads_or(int __p) { return __nvvm_bar0_or(__p); }
__SIM_FN__ void __threadfence(void) { __nvvm_membar_gl(); }
__SIM_FN__ void __threadfence_block(void) { __nvvm_membar_cta(); }
__SIM_FN__ void __threadfence_system(void) { __nvvm_membar_sys(); }
__SIM_FN__ void __trap(void) { __asm__ __volatile__("trap;"); }

/* ---- memory ----------------------------------------------------------- */

__SIM_FN__ void *memcpy(void *__d, const void *__s, size_t __n)
{
	return __builtin_memcpy(__d, __s, __n);
}
__SIM_FN__ void *memset(void *__d, int __c, size_t __n)
{
	return __builtin_memset(__d, __c, __n);
}

/* ---- warp-level primitives ------------------------------------------- */

inline __device__ void __syncwarp(unsigned int __mask = 0xffffffffu)
{
	__nvvm_bar_warp_sync(__mask);
}
inline __device__ unsigned int __activemask(void) { return __nvvm_activemask(); }
inline __device__ unsigned int __ballot_sync(unsigned int __mask, int __p)
{
	return __nvvm_vote_ballot_sync(__mask, __p);
}
inline __device__ int __all_sync(unsigned int __mask, int __p)
{
	return __nvvm_vote_all_sync(__mask, __p);
}
inline __device__ int __any_sync(unsigned int __mask, int __p)
{
	return __nvvm_vote_any_sync(__mask, __p);
}
inline __device__ int __uni_sync(unsigned int __mask, int __p)
{
	return __nvvm_vote_uni_sync(__mask, __p);
}
/*
** __match_*_sync: one layer per width over the builtins, and the public
** overloads over it.  long is 64 bits on nvptx64; float and double match
** their bit patterns.
*/
inline __device__ unsigned int __match32_any_sync(unsigned int __mask, unsigned int __v)
{
	return __nvvm_match_any_sync_i32(__mask, __v);
}
inline __device__ unsigned int __match64_any_sync(unsigned int __mask, unsigned long long __v)
{
	return __nvvm_match_any_sync_i64(__mask, __v);
}
inline __device__ unsigned int __match32_all_sync(unsigned int __mask, unsigned int __v,
						  int *__p)
{
	return __nvvm_match_all_sync_i32p(__mask, __v, __p);
}
inline __device__ unsigned int __match64_all_sync(unsigned int __mask, unsigned long long __v,
						  int *__p)
{
	return __nvvm_match_all_sync_i64p(__mask, __v, __p);
}
#define __SIM_MATCH(T, W, CONV) \
	__SIM_ATOMIC__ unsigned int __match_any_sync(unsigned int __mask, T __v) \
	{ return __match##W##_any_sync(__mask, CONV(__v)); } \
	__SIM_ATOMIC__ unsigned int __match_all_sync(unsigned int __mask, T __v, int *__p) \
	{ return __match##W##_all_sync(__mask, CONV(__v), __p); }
#define __SIM_AS_U64(V) ((unsigned long long)(V))
#define __SIM_SAME(V) (V)
__SIM_MATCH(unsigned int, 32, __SIM_SAME)
__SIM_MATCH(int, 32, __SIM_SAME)
__SIM_MATCH(unsigned long, 64, __SIM_AS_U64)
__SIM_MATCH(long, 64, __SIM_AS_U64)
__SIM_MATCH(unsigned long long, 64, __SIM_SAME)
__SIM_MATCH(long long, 64, __SIM_SAME)
__SIM_MATCH(float, 32, __float_as_uint)
__SIM_MATCH(double, 64, __double_as_longlong)
#undef __SIM_MATCH
#undef __SIM_AS_U64
#undef __SIM_SAME

/*
** Shuffles.  The last operand of the intrinsic packs the segment width
** and the clamp lane: ((32 - width) << 8) | clamp, where clamp is 0x1f for
** idx/down/bfly and 0 for up (which clamps at the bottom of the segment).
** 64-bit values are shuffled as two 32-bit halves.  OFF is the type CUDA
** gives the lane/delta operand.
*/
#define __SIM_SHUFFLE(NAME, II, FI, CLAMP, OFF) \
	inline __device__ int NAME(unsigned int __mask, int __v, OFF __o, int __w = warpSize) \
	{ return II(__mask, __v, __o, ((warpSize - __w) << 8) | (CLAMP)); } \
	inline __device__ float NAME(unsigned int __mask, float __v, OFF __o, int __w = warpSize) \
	{ return FI(__mask, __v, __o, ((warpSize - __w) << 8) | (CLAMP)); } \
	inline __device__ unsigned int NAME(unsigned int __mask, unsigned int __v, OFF __o, \
					    int __w = warpSize) \
	{ return (unsigned int)NAME(__mask, (int)__v, __o, __w); } \
	inline __device__ long long NAME(unsigned int __mask, long long __v, OFF __o, \
					 int __w = warpSize) \
	{ \
		struct __halves { int __lo, __hi; } __h; \
		memcpy(&__h, &__v, sizeof __v); \
		__h.__lo = NAME(__mask, __h.__lo, __o, __w); \
		__h.__hi = NAME(__mask, __h.__hi, __o, __w); \
		long long __r; \
		memcpy(&__r, &__h, sizeof __r); \
		return __r; \
	} \
	inline __device__ unsigned long long NAME(unsigned int __mask, unsigned long long __v, \
						  OFF __o, int __w = warpSize) \
	{ return (unsigned long long)NAME(__mask, (long long)__v, __o, __w); } \
	inline __device__ long NAME(unsigned int __mask, long __v, OFF __o, int __w = warpSize) \
	{ return (long)NAME(__mask, (long long)__v, __o, __w); } \
	inline __device__ unsigned long NAME(unsigned int __mask, unsigned long __v, OFF __o, \
					     int __w = warpSize) \
	{ return (unsigned long)NAME(__mask, (long long)__v, __o, __w); } \
	inline __device__ double NAME(unsigned int __mask, double __v, OFF __o, int __w = warpSize) \
	{ \
		long long __t; \
		memcpy(&__t, &__v, sizeof __v); \
		__t = NAME(__mask, __t, __o, __w); \
		double __r; \
		memcpy(&__r, &__t, sizeof __r); \
		return __r; \
	}
__SIM_SHUFFLE(__shfl_sync, __nvvm_shfl_sync_idx_i32, __nvvm_shfl_sync_idx_f32, 0x1f, int)
__SIM_SHUFFLE(__shfl_up_sync, __nvvm_shfl_sync_up_i32, __nvvm_shfl_sync_up_f32, 0, unsigned int)
__SIM_SHUFFLE(__shfl_down_sync, __nvvm_shfl_sync_down_i32, __nvvm_shfl_sync_down_f32, 0x1f,
	      unsigned int)
__SIM_SHUFFLE(__shfl_xor_sync, __nvvm_shfl_sync_bfly_i32, __nvvm_shfl_sync_bfly_f32, 0x1f, int)
#undef __SIM_SHUFFLE

/*
** The warp operations of CUDA before 9, without a mask: the lanes active
** where they run take part (__activemask()), as on the hardware they were
** written for.  CUDA 9 deprecated them and sm_70 toolkits drop them; older
** code still calls them.
*/
#define __SIM_LEGACY_SHUFFLE(NAME, SYNC, OFF) \
	template <typename __T> \
	inline __device__ __T NAME(__T __v, OFF __o, int __w = warpSize) \
	{ return SYNC(__activemask(), __v, __o, __w); }
__SIM_LEGACY_SHUFFLE(__shfl, __shfl_sync, int)
__SIM_LEGACY_SHUFFLE(__shfl_up, __shfl_up_sync, unsigned int)
__SIM_LEGACY_SHUFFLE(__shfl_down, __shfl_down_sync, unsigned int)
__SIM_LEGACY_SHUFFLE(__shfl_xor, __shfl_xor_sync, int)
#undef __SIM_LEGACY_SHUFFLE
inline __device__ int __any(int __p) { return __any_sync(__activemask(), __p); }
inline __device__ int __all(int __p) { return __all_sync(__activemask(), __p); }
inline __device__ unsigned int __ballot(int __p) { return __ballot_sync(__activemask(), __p); }

/* ---- atomics ---------------------------------------------------------- */

/*
** The generic-address builtins become plain `atomicrmw`/`cmpxchg` (seq_cst)
** for the device scope; the _block and _system forms, and inc/dec, become
** llvm.nvvm.atomic.* intrinsics carrying the scope.  S is _, _cta_ or _sys_
** in the builtin's name, SFX empty, _block or _system in ours.
**
** Two layers, as in CUDA: always-inlined helpers, one per builtin and type
** (CUDA's __iAtomicAdd, __ullAtomicCAS, ...), and the public functions
** over them (atomicSub is an add of the negated value).
*/
#define __SIM_ATOMIC_HELPERS(SFX, S) \
	__SIM_FN__ int __sim_add##SFX(int *__p, int __v) \
	{ return __nvvm_atom##S##add_gen_i(__p, __v); } \
	__SIM_FN__ unsigned int __sim_add##SFX(unsigned int *__p, unsigned int __v) \
	{ return __nvvm_atom##S##add_gen_i((int *)__p, __v); } \
	__SIM_FN__ unsigned long long __sim_add##SFX(unsigned long long *__p, unsigned long long __v) \
	{ return __nvvm_atom##S##add_gen_ll((long long *)__p, __v); } \
	__SIM_FN__ float __sim_add##SFX(float *__p, float __v) \
	{ return __nvvm_atom##S##add_gen_f(__p, __v); } \
	__SIM_FN__ double __sim_add##SFX(double *__p, double __v) \
	{ return __nvvm_atom##S##add_gen_d(__p, __v); } \
	__SIM_FN__ int __sim_exch##SFX(int *__p, int __v) \
	{ return __nvvm_atom##S##xchg_gen_i(__p, __v); } \
	__SIM_FN__ unsigned int __sim_exch##SFX(unsigned int *__p, unsigned int __v) \
	{ return __nvvm_atom##S##xchg_gen_i((int *)__p, __v); } \
	__SIM_FN__ unsigned long long __sim_exch##SFX(unsigned long long *__p, unsigned long long __v) \
	{ return __nvvm_atom##S##xchg_gen_ll((long long *)__p, __v); } \
	__SIM_FN__ float __sim_exch##SFX(float *__p, float __v) \
	{ \
		return __nv_int_as_float( \
			__nvvm_atom##S##xchg_gen_i((int *)__p, __nv_float_as_int(__v))); \
	} \
	__SIM_FN__ int __sim_min##SFX(int *__p, int __v) \
	{ return __nvvm_atom##S##min_gen_i(__p, __v); } \
	__SIM_FN__ unsigned int __sim_min##SFX(unsigned int *__p, unsigned int __v) \
	{ return __nvvm_atom##S##min_gen_ui(__p, __v); } \
	__SIM_FN__ long long __sim_min##SFX(long long *__p, long long __v) \
	{ return __nvvm_atom##S##min_gen_ll(__p, __v); } \
	__SIM_FN__ unsigned long long __sim_min##SFX(unsigned long long *__p, unsigned long long __v) \
	{ return __nvvm_atom##S##min_gen_ull(__p, __v); } \
	__SIM_FN__ int __sim_max##SFX(int *__p, int __v) \
	{ return __nvvm_atom##S##max_gen_i(__p, __v); } \
	__SIM_FN__ unsigned int __sim_max##SFX(unsigned int *__p, unsigned int __v) \
	{ return __nvvm_atom##S##max_gen_ui(__p, __v); } \
	__SIM_FN__ long long __sim_max##SFX(long long *__p, long long __v) \
	{ return __nvvm_atom##S##max_gen_ll(__p, __v); } \
	__SIM_FN__ unsigned long long __sim_max##SFX(unsigned long long *__p, unsigned long long __v) \
	{ return __nvvm_atom##S##max_gen_ull(__p, __v); } \
	__SIM_FN__ unsigned int __sim_inc##SFX(unsigned int *__p, unsigned int __v) \
	{ return __nvvm_atom##S##inc_gen_ui(__p, __v); } \
	__SIM_FN__ unsigned int __sim_dec##SFX(unsigned int *__p, unsigned int __v) \
	{ return __nvvm_atom##S##dec_gen_ui(__p, __v); } \
	__SIM_FN__ int __sim_cas##SFX(int *__p, int __c, int __v) \
	{ return __nvvm_atom##S##cas_gen_i(__p, __c, __v); } \
	__SIM_FN__ unsigned int __sim_cas##SFX(unsigned int *__p, unsigned int __c, unsigned int __v) \
	{ return __nvvm_atom##S##cas_gen_i((int *)__p, __c, __v); } \
	__SIM_FN__ unsigned long long __sim_cas##SFX(unsigned long long *__p, unsigned long long __c, \
						    unsigned long long __v) \
	{ return __nvvm_atom##S##cas_gen_ll((long long *)__p, __c, __v); } \
	__SIM_BITWISE_HELPERS(and, SFX, S) \
	__SIM_BITWISE_HELPERS(or, SFX, S) \
	__SIM_BITWISE_HELPERS(xor, SFX, S)
#define __SIM_BITWISE_HELPERS(OP, SFX, S) \
	__SIM_FN__ int __sim_##OP##SFX(int *__p, int __v) \
	{ return __nvvm_atom##S##OP##_gen_i(__p, __v); } \
	__SIM_FN__ unsigned int __sim_##OP##SFX(unsigned int *__p, unsigned int __v) \
	{ return __nvvm_atom##S##OP##_gen_i((int *)__p, __v); } \
	__SIM_FN__ long long __sim_##OP##SFX(long long *__p, long long __v) \
	{ return __nvvm_atom##S##OP##_gen_ll(__p, __v); } \
	__SIM_FN__ unsigned long long __sim_##OP##SFX(unsigned long long *__p, unsigned long long __v) \
	{ return __nvvm_atom##S##OP##_gen_ll((long long *)__p, __v); }

/* The public function NAME##SFX(T *, T) over helper H##SFX. */
#define __SIM_AT(R, NAME, H, SFX, T) \
	__SIM_ATOMIC__ R NAME##SFX(T *__p, T __v) { return H##SFX(__p, __v); }
#define __SIM_ATOMICS(SFX) \
	__SIM_AT(int, atomicAdd, __sim_add, SFX, int) \
	__SIM_AT(unsigned int, atomicAdd, __sim_add, SFX, unsigned int) \
	__SIM_AT(unsigned long long, atomicAdd, __sim_add, SFX, unsigned long long) \
	__SIM_AT(float, atomicAdd, __sim_add, SFX, float) \
	__SIM_AT(double, atomicAdd, __sim_add, SFX, double) \
	__SIM_ATOMIC__ int atomicSub##SFX(int *__p, int __v) \
	{ return __sim_add##SFX(__p, (unsigned int)-(int)__v); } \
	__SIM_ATOMIC__ unsigned int atomicSub##SFX(unsigned int *__p, unsigned int __v) \
	{ return __sim_add##SFX(__p, (unsigned int)-(int)__v); } \
	__SIM_AT(int, atomicExch, __sim_exch, SFX, int) \
	__SIM_AT(unsigned int, atomicExch, __sim_exch, SFX, unsigned int) \
	__SIM_AT(unsigned long long, atomicExch, __sim_exch, SFX, unsigned long long) \
	__SIM_AT(float, atomicExch, __sim_exch, SFX, float) \
	__SIM_AT(int, atomicMin, __sim_min, SFX, int) \
	__SIM_AT(unsigned int, atomicMin, __sim_min, SFX, unsigned int) \
	__SIM_AT(long long, atomicMin, __sim_min, SFX, long long) \
	__SIM_AT(unsigned long long, atomicMin, __sim_min, SFX, unsigned long long) \
	__SIM_AT(int, atomicMax, __sim_max, SFX, int) \
	__SIM_AT(unsigned int, atomicMax, __sim_max, SFX, unsigned int) \
	__SIM_AT(long long, atomicMax, __sim_max, SFX, long long) \
	__SIM_AT(unsigned long long, atomicMax, __sim_max, SFX, unsigned long long) \
	__SIM_AT(unsigned int, atomicInc, __sim_inc, SFX, unsigned int) \
	__SIM_AT(unsigned int, atomicDec, __sim_dec, SFX, unsigned int) \
	__SIM_ATOMIC__ int atomicCAS##SFX(int *__p, int __c, int __v) \
	{ return __sim_cas##SFX(__p, __c, __v); } \
	__SIM_ATOMIC__ unsigned int atomicCAS##SFX(unsigned int *__p, unsigned int __c, \
						   unsigned int __v) \
	{ return __sim_cas##SFX(__p, __c, __v); } \
	__SIM_ATOMIC__ unsigned long long atomicCAS##SFX(unsigned long long *__p, \
							 unsigned long long __c, \
							 unsigned long long __v) \
	{ return __sim_cas##SFX(__p, __c, __v); } \
	__SIM_BITWISE(atomicAnd, __sim_and, SFX) \
	__SIM_BITWISE(atomicOr, __sim_or, SFX) \
	__SIM_BITWISE(atomicXor, __sim_xor, SFX)
#define __SIM_BITWISE(NAME, H, SFX) \
	__SIM_AT(int, NAME, H, SFX, int) \
	__SIM_AT(unsigned int, NAME, H, SFX, unsigned int) \
	__SIM_AT(long long, NAME, H, SFX, long long) \
	__SIM_AT(unsigned long long, NAME, H, SFX, unsigned long long)

__SIM_ATOMIC_HELPERS(, _)
__SIM_ATOMIC_HELPERS(_block, _cta_)
__SIM_ATOMIC_HELPERS(_system, _sys_)
__SIM_ATOMICS()
__SIM_ATOMICS(_block)
__SIM_ATOMICS(_system)
#undef __SIM_ATOMIC_HELPERS
#undef __SIM_BITWISE_HELPERS
#undef __SIM_AT
#undef __SIM_ATOMICS
#undef __SIM_BITWISE

/* ---- read-only loads -------------------------------------------------- */

#define __SIM_LDG(T, B) \
	inline __device__ T __ldg(const T *__p) { return __nvvm_ldg_##B(__p); }
__SIM_LDG(char, c) __SIM_LDG(signed char, sc) __SIM_LDG(unsigned char, uc)
__SIM_LDG(short, s) __SIM_LDG(unsigned short, us)
__SIM_LDG(int, i) __SIM_LDG(unsigned int, ui)
__SIM_LDG(long, l) __SIM_LDG(unsigned long, ul)
__SIM_LDG(long long, ll) __SIM_LDG(unsigned long long, ull)
__SIM_LDG(float, f) __SIM_LDG(double, d)
#undef __SIM_LDG

/* ---- miscellaneous ---------------------------------------------------- */

__SIM_FN__ int clock(void) { return __nvvm_read_ptx_sreg_clock(); }
__SIM_FN__ long long clock64(void) { return __nvvm_read_ptx_sreg_clock64(); }

extern "C" {
/* Clang turns device-side printf into a call to vprintf(fmt, argbuf). */
__device__ int printf(const char *, ...);
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
__device__ void free(void *) __attribute__((nothrow));
__device__ void __assertfail(const char *__message, const char *__file, unsigned __line,
			     const char *__function, size_t __char_size);
/* glibc's assert() calls __assert_fail; CUDA routes it to __assertfail. */
__device__ static inline void __assert_fail(const char *__message, const char *__file,
					    unsigned __line, const char *__function)
{
	__assertfail(__message, __file, __line, __function, sizeof(char));
}
}

#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) \
	((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__))
#endif

/* GPUVerify's annotations (__requires and kin), as with a toolkit */
#include "../cuda-compat/simulee_specs.h"

#undef __SIM_FN__
#undef __SIM_ATOMIC__
#undef __SIM_VEC_FN__
#undef __SIM_HD_FN__

/* ---- host side: what a launch needs ----------------------------------- */

/*
** `simulee-c app.cu` compiles the file twice: the device pass for the
** kernels and a host pass (--cuda-host-only) whose LLVM IR shows the launch
** sites.  Both passes parse the host functions, so what they call must be
** declared in both; none of it has a definition, since nothing here runs.
**
** Names, types and signatures are those of the CUDA runtime API, so that
** the host IR looks as it does with the toolkit's headers: `cudaError_t` is
** `enum cudaError`, a stream `struct CUstream_st *`, the typed allocation
** and launch helpers are internal templates that convert and forward to the
** C functions, and `k<<<g, b, s, st>>>(...)` becomes a call to
** __cudaPushCallConfiguration and then to the kernel's device stub, which
** calls __cudaPopCallConfiguration and cudaLaunchKernel.  clang looks up
** __cudaPushCallConfiguration when its CUDA version is 9.2 or later and
** cudaConfigureCall before that (as in a device pass that knows no
** toolkit); simulee-c gives the host pass -target-sdk-version so host IR
** always takes the first form.  Device-side runtime calls (dynamic
** parallelism) are not declared.
*/
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorInvalidDeviceFunction = 98,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,
	cudaErrorLaunchFailure = 719,
	cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4
};

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

/* flags of cudaMallocManaged */
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04

extern "C" {
__host__ cudaError_t cudaMalloc(void **__devptr, size_t __size);
__host__ cudaError_t cudaMallocManaged(void **__devptr, size_t __size,
				       unsigned int __flags = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocHost(void **__ptr, size_t __size);
__host__ cudaError_t cudaFree(void *__devptr);
__host__ cudaError_t cudaFreeHost(void *__ptr);
__host__ cudaError_t cudaMemcpy(void *__dst, const void *__src, size_t __count,
				enum cudaMemcpyKind __kind);
__host__ cudaError_t cudaMemcpyAsync(void *__dst, const void *__src, size_t __count,
				     enum cudaMemcpyKind __kind, cudaStream_t __stream = 0);
__host__ cudaError_t cudaMemcpyToSymbol(const void *__symbol, const void *__src, size_t __count,
					size_t __offset = 0,
					enum cudaMemcpyKind __kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(void *__dst, const void *__symbol, size_t __count,
					  size_t __offset = 0,
					  enum cudaMemcpyKind __kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemset(void *__devptr, int __value, size_t __count);
__host__ cudaError_t cudaMemsetAsync(void *__devptr, int __value, size_t __count,
				     cudaStream_t __stream = 0);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaSetDevice(int __device);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t __error);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *__stream);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t __stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t __stream);
__host__ cudaError_t cudaLaunchKernel(const void *__func, dim3 __grid, dim3 __block,
				      void **__args, size_t __shmem, cudaStream_t __stream);
/* what `<<<grid, block, shmem, stream>>>` calls, before the kernel's stub */
__host__ unsigned __cudaPushCallConfiguration(dim3 __grid, dim3 __block, size_t __shmem = 0,
					      struct CUstream_st *__stream = 0);
/* the name a pass that assumes CUDA before 9.2 looks up instead */
__host__ cudaError_t cudaConfigureCall(dim3 __grid, dim3 __block, size_t __shmem = 0,
				       cudaStream_t __stream = 0);
}

/* The typed forms: `cudaMalloc(&p, n)` with `float *p` picks these. */
template <class __T>
static __inline__ __host__ cudaError_t cudaMalloc(__T **__devptr, size_t __size)
{
	return ::cudaMalloc((void **)(void *)__devptr, __size);
}

template <class __T>
static __inline__ __host__ cudaError_t cudaMallocManaged(__T **__devptr, size_t __size,
							 unsigned int __flags = cudaMemAttachGlobal)
{
	return ::cudaMallocManaged((void **)(void *)__devptr, __size, __flags);
}

template <class __T>
static __inline__ __host__ cudaError_t cudaMallocHost(__T **__ptr, size_t __size)
{
	return ::cudaMallocHost((void **)(void *)__ptr, __size);
}

template <class __T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbol(const __T &__symbol, const void *__src,
							  size_t __count, size_t __offset = 0,
							  enum cudaMemcpyKind __kind = cudaMemcpyHostToDevice)
{
	return ::cudaMemcpyToSymbol((const void *)&__symbol, __src, __count, __offset, __kind);
}

template <class __T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbol(void *__dst, const __T &__symbol,
							    size_t __count, size_t __offset = 0,
							    enum cudaMemcpyKind __kind = cudaMemcpyDeviceToHost)
{
	return ::cudaMemcpyFromSymbol(__dst, (const void *)&__symbol, __count, __offset, __kind);
}

/* cudaLaunchKernel(k, grid, block, args, shmem, stream) with the kernel itself */
template <class __T>
static __inline__ __host__ cudaError_t cudaLaunchKernel(__T *__func, dim3 __grid, dim3 __block,
							void **__args, size_t __shmem = 0,
							cudaStream_t __stream = 0)
{
	return ::cudaLaunchKernel((const void *)__func, __grid, __block, __args, __shmem, __stream);
}

/* ---- texture and surface objects -------------------------------------- */

/*
** The object API of texture_indirect_functions.h and
** surface_indirect_functions.h: an object is a 64-bit handle, and every
** fetch is the inline PTX the CUDA headers emit with clang (tex.GEOM.v4
** with .f32, .s32 or .u32 results; suld.b / sust.b for surfaces), so the
** simulator has one form to read.  Only the instantiated forms are
** emitted, and simulee-c takes the default descriptors of a program's
** objects from them.  The typedefs are what simulee-c recognises a
** texture or surface parameter by (debug info).
*/
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaSurfaceBoundaryMode {
	cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2
};
enum cudaTextureAddressMode {
	cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2,
	cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };

struct __sim_raw4 { unsigned int x, y, z, w; };

/* One fetch function per geometry, for results of PTX type DT ("f32",
** "s32", "u32"): raw 32-bit registers, which the result traits below
** turn into the caller's T. */
#define __SIM_TEXFN(NAME, GEOM, CT, COORDS, PARAMS, ...) \
	static __device__ __forceinline__ __sim_raw4 NAME(cudaTextureObject_t __t, PARAMS) \
	{ \
		__sim_raw4 __r; \
		asm("tex" GEOM ".v4." __SIM_DT "." CT " {%0, %1, %2, %3}, [%4, " COORDS ";" \
		    : "=r"(__r.x), "=r"(__r.y), "=r"(__r.z), "=r"(__r.w) : "l"(__t), __VA_ARGS__); \
		return __r; \
	}
#define __SIM_COMMA ,
#define __SIM_TEXFNS \
	__SIM_TEXFN(fetch, ".1d", "s32", "{%5}]", int __x, "r"(__x)) \
	__SIM_TEXFN(t1d, ".1d", "f32", "{%5}]", float __x, "f"(__x)) \
	__SIM_TEXFN(t2d, ".2d", "f32", "{%5, %6}]", float __x __SIM_COMMA float __y, "f"(__x), "f"(__y)) \
	__SIM_TEXFN(t3d, ".3d", "f32", "{%5, %6, %7, %7}]", \
		    float __x __SIM_COMMA float __y __SIM_COMMA float __z, "f"(__x), "f"(__y), "f"(__z)) \
	__SIM_TEXFN(t1dl, ".a1d", "f32", "{%5, %6}]", int __l __SIM_COMMA float __x, "r"(__l), "f"(__x)) \
	__SIM_TEXFN(t2dl, ".a2d", "f32", "{%5, %6, %7, %7}]", \
		    int __l __SIM_COMMA float __x __SIM_COMMA float __y, "r"(__l), "f"(__x), "f"(__y)) \
	__SIM_TEXFN(t1dlod, ".level.1d", "f32", "{%5}], %6", float __x __SIM_COMMA float __v, \
		    "f"(__x), "f"(__v)) \
	__SIM_TEXFN(t2dlod, ".level.2d", "f32", "{%5, %6}], %7", \
		    float __x __SIM_COMMA float __y __SIM_COMMA float __v, "f"(__x), "f"(__y), "f"(__v)) \
	__SIM_TEXFN(t3dlod, ".level.3d", "f32", "{%5, %6, %7, %7}], %8", \
		    float __x __SIM_COMMA float __y __SIM_COMMA float __z __SIM_COMMA float __v, \
		    "f"(__x), "f"(__y), "f"(__z), "f"(__v))

template <int __K> struct __sim_tex;
#define __SIM_DT "f32"
template <> struct __sim_tex<0> { __SIM_TEXFNS };
#undef __SIM_DT
#define __SIM_DT "s32"
template <> struct __sim_tex<1> { __SIM_TEXFNS };
#undef __SIM_DT
#define __SIM_DT "u32"
template <> struct __sim_tex<2> { __SIM_TEXFNS };
#undef __SIM_DT
#undef __SIM_TEXFNS
#undef __SIM_TEXFN

/* How a fetch returns T: the result kind K (0 float, 1 signed, 2
** unsigned) and the conversion of the raw registers. */
template <class __T> struct __sim_tt;
#define __SIM_TT(T, K, MAKE) \
	template <> struct __sim_tt<T> { \
		enum { k = K }; \
		static __device__ __forceinline__ T make(__sim_raw4 __r) { return MAKE; } \
	};
#define __SIM_F(v) __builtin_bit_cast(float, (v))
__SIM_TT(float, 0, __SIM_F(__r.x))
__SIM_TT(float1, 0, make_float1(__SIM_F(__r.x)))
__SIM_TT(float2, 0, make_float2(__SIM_F(__r.x), __SIM_F(__r.y)))
__SIM_TT(float4, 0, make_float4(__SIM_F(__r.x), __SIM_F(__r.y), __SIM_F(__r.z), __SIM_F(__r.w)))
#define __SIM_TT_INT(T, V, E, K) \
	__SIM_TT(T, K, (T)__r.x) \
	__SIM_TT(V##1, K, make_##V##1((E)__r.x)) \
	__SIM_TT(V##2, K, make_##V##2((E)__r.x, (E)__r.y)) \
	__SIM_TT(V##4, K, make_##V##4((E)__r.x, (E)__r.y, (E)__r.z, (E)__r.w))
__SIM_TT_INT(int, int, int, 1)
__SIM_TT_INT(unsigned int, uint, unsigned int, 2)
__SIM_TT_INT(short, short, short, 1)
__SIM_TT_INT(unsigned short, ushort, unsigned short, 2)
__SIM_TT_INT(signed char, char, signed char, 1)
__SIM_TT_INT(unsigned char, uchar, unsigned char, 2)
__SIM_TT(char, 1, (char)__r.x)
#undef __SIM_TT_INT
#undef __SIM_F
#undef __SIM_TT

#define __SIM_TEX_API(NAME, FN, PARAMS, ARGS) \
	template <class __T> \
	static __device__ __forceinline__ __T NAME(cudaTextureObject_t __t, PARAMS) \
	{ return __sim_tt<__T>::make(__sim_tex<__sim_tt<__T>::k>::FN(__t, ARGS)); } \
	template <class __T> \
	static __device__ __forceinline__ void NAME(__T *__ret, cudaTextureObject_t __t, PARAMS) \
	{ *__ret = NAME<__T>(__t, ARGS); }
__SIM_TEX_API(tex1Dfetch, fetch, int __x, __x)
__SIM_TEX_API(tex1D, t1d, float __x, __x)
__SIM_TEX_API(tex2D, t2d, float __x __SIM_COMMA float __y, __x __SIM_COMMA __y)
__SIM_TEX_API(tex3D, t3d, float __x __SIM_COMMA float __y __SIM_COMMA float __z,
	      __x __SIM_COMMA __y __SIM_COMMA __z)
__SIM_TEX_API(tex1DLayered, t1dl, float __x __SIM_COMMA int __l, __l __SIM_COMMA __x)
__SIM_TEX_API(tex2DLayered, t2dl, float __x __SIM_COMMA float __y __SIM_COMMA int __l,
	      __l __SIM_COMMA __x __SIM_COMMA __y)
__SIM_TEX_API(tex1DLod, t1dlod, float __x __SIM_COMMA float __v, __x __SIM_COMMA __v)
__SIM_TEX_API(tex2DLod, t2dlod, float __x __SIM_COMMA float __y __SIM_COMMA float __v,
	      __x __SIM_COMMA __y __SIM_COMMA __v)
__SIM_TEX_API(tex3DLod, t3dlod, float __x __SIM_COMMA float __y __SIM_COMMA float __z
	      __SIM_COMMA float __v, __x __SIM_COMMA __y __SIM_COMMA __z __SIM_COMMA __v)
#undef __SIM_TEX_API

#include "../cuda-compat/simulee_surface.h"
#undef __SIM_COMMA


/* ---- host side: what old and new CUDA code calls --------------------- */

/*
** Kept apart, at the end, so that the lines above (and with them the debug
** info of every kernel compiled against this prelude) stay where they
** were.  None of it is device code.
**
** min and max for host code, the device overloads' signatures, which
** nvcc's headers give host code too (__host__ __device__ there): the int
** ones, umin, llmin, ullmin and their max inline, the others static
** inline, as nvcc's are on Linux.
*/
#define __SIM_HOST_MINMAX(L, R, A, B) \
	L __host__ R min(A __a, B __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; } \
	L __host__ R max(A __a, B __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
#define __SIM_HOST_NAMED(R, MIN, MAX) \
	__inline__ __host__ R MIN(R __a, R __b) { return __a < __b ? __a : __b; } \
	__inline__ __host__ R MAX(R __a, R __b) { return __a > __b ? __a : __b; }
__SIM_HOST_MINMAX(__inline__, int, int, int)
__SIM_HOST_MINMAX(static __inline__, unsigned int, unsigned int, unsigned int)
__SIM_HOST_MINMAX(static __inline__, unsigned int, int, unsigned int)
__SIM_HOST_MINMAX(static __inline__, unsigned int, unsigned int, int)
__SIM_HOST_MINMAX(static __inline__, long, long, long)
__SIM_HOST_MINMAX(static __inline__, unsigned long, unsigned long, unsigned long)
__SIM_HOST_MINMAX(static __inline__, unsigned long, long, unsigned long)
__SIM_HOST_MINMAX(static __inline__, unsigned long, unsigned long, long)
__SIM_HOST_MINMAX(static __inline__, long long, long long, long long)
__SIM_HOST_MINMAX(static __inline__, unsigned long long, unsigned long long, unsigned long long)
__SIM_HOST_MINMAX(static __inline__, unsigned long long, long long, unsigned long long)
__SIM_HOST_MINMAX(static __inline__, unsigned long long, unsigned long long, long long)
__SIM_HOST_NAMED(unsigned int, umin, umax)
__SIM_HOST_NAMED(long long, llmin, llmax)
__SIM_HOST_NAMED(unsigned long long, ullmin, ullmax)
/* floating point as fminf and fmin do it (a NaN operand gives the other) */
static __inline__ __host__ float min(float __a, float __b) { return __builtin_fminf(__a, __b); }
static __inline__ __host__ float max(float __a, float __b) { return __builtin_fmaxf(__a, __b); }
static __inline__ __host__ double min(double __a, double __b) { return __builtin_fmin(__a, __b); }
static __inline__ __host__ double max(double __a, double __b) { return __builtin_fmax(__a, __b); }
static __inline__ __host__ double min(float __a, double __b) { return __builtin_fmin(__a, __b); }
static __inline__ __host__ double max(float __a, double __b) { return __builtin_fmax(__a, __b); }
static __inline__ __host__ double min(double __a, float __b) { return __builtin_fmin(__a, __b); }
static __inline__ __host__ double max(double __a, float __b) { return __builtin_fmax(__a, __b); }
#undef __SIM_HOST_MINMAX
#undef __SIM_HOST_NAMED

/*
** What cudaGetDeviceProperties fills: the members of CUDA 12 and of CUDA
** 13 together, so that code written for either compiles (CUDA 13 removed
** clockRate, deviceOverlap, kernelExecTimeoutEnabled, computeMode,
** maxTexture1DLinear, memoryClockRate, singleToDoublePrecisionPerfRatio
** and cooperativeMultiDeviceLaunch, and added the NUMA and PCI ones at the
** end).  Nothing here runs, so the layout is not the runtime's.
*/
struct CUuuid_st {
	char bytes[16];
};
typedef struct CUuuid_st cudaUUID_t;

struct cudaDeviceProp {
	char name[256];
	cudaUUID_t uuid;
	char luid[8];
	unsigned int luidDeviceNodeMask;
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;
	size_t totalConstMem;
	int major;
	int minor;
	size_t textureAlignment;
	size_t texturePitchAlignment;
	int deviceOverlap;
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;
	int integrated;
	int canMapHostMemory;
	int computeMode;
	int maxTexture1D;
	int maxTexture1DMipmap;
	int maxTexture1DLinear;
	int maxTexture2D[2];
	int maxTexture2DMipmap[2];
	int maxTexture2DLinear[3];
	int maxTexture2DGather[2];
	int maxTexture3D[3];
	int maxTexture3DAlt[3];
	int maxTextureCubemap;
	int maxTexture1DLayered[2];
	int maxTexture2DLayered[3];
	int maxTextureCubemapLayered[2];
	int maxSurface1D;
	int maxSurface2D[2];
	int maxSurface3D[3];
	int maxSurface1DLayered[2];
	int maxSurface2DLayered[3];
	int maxSurfaceCubemap;
	int maxSurfaceCubemapLayered[2];
	size_t surfaceAlignment;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID;
	int pciDeviceID;
	int pciDomainID;
	int tccDriver;
	int asyncEngineCount;
	int unifiedAddressing;
	int memoryClockRate;
	int memoryBusWidth;
	int l2CacheSize;
	int persistingL2CacheMaxSize;
	int maxThreadsPerMultiProcessor;
	int streamPrioritiesSupported;
	int globalL1CacheSupported;
	int localL1CacheSupported;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor;
	int managedMemory;
	int isMultiGpuBoard;
	int multiGpuBoardGroupID;
	int hostNativeAtomicSupported;
	int singleToDoublePrecisionPerfRatio;
	int pageableMemoryAccess;
	int concurrentManagedAccess;
	int computePreemptionSupported;
	int canUseHostPointerForRegisteredMem;
	int cooperativeLaunch;
	int cooperativeMultiDeviceLaunch;
	size_t sharedMemPerBlockOptin;
	int pageableMemoryAccessUsesHostPageTables;
	int directManagedMemAccessFromHost;
	int maxBlocksPerMultiProcessor;
	int accessPolicyMaxWindowSize;
	size_t reservedSharedMemPerBlock;
	int hostRegisterSupported;
	int sparseCudaArraySupported;
	int hostRegisterReadOnlySupported;
	int timelineSemaphoreInteropSupported;
	int memoryPoolsSupported;
	int gpuDirectRDMASupported;
	unsigned int gpuDirectRDMAFlushWritesOptions;
	int gpuDirectRDMAWritesOrdering;
	unsigned int memoryPoolSupportedHandleTypes;
	int deferredMappingCudaArraySupported;
	int ipcEventSupported;
	int clusterLaunch;
	int unifiedFunctionPointers;
	int deviceNumaConfig;
	int deviceNumaId;
	int mpsEnabled;
	int hostNumaId;
	unsigned int gpuPciDeviceID;
	unsigned int gpuPciSubsystemID;
	int hostNumaMultinodeIpcSupported;
	int reserved[56];
};

extern "C" {
/* cudaDeviceSynchronize and cudaDeviceReset by their names before CUDA 4,
** which CUDA 13 removed and old code still calls */
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaGetDevice(int *__device);
__host__ cudaError_t cudaGetDeviceCount(int *__count);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *__prop, int __device);
}

/*
** Texture references (simulee_texref.h, shared with toolkits from CUDA 12
** on) and the channel descriptors their host side takes, as
** channel_descriptor.h has them.
*/
enum cudaChannelFormatKind {
	cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
	cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3
};
struct cudaChannelFormatDesc {
	int x, y, z, w;
	enum cudaChannelFormatKind f;
};
struct cudaArray;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
extern "C" __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(int __x, int __y, int __z, int __w,
									enum cudaChannelFormatKind __f);
template <class __T> static __inline__ __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
	return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
#define __SIM_CHDESC(T, BITS, N, KIND) \
	template <> __inline__ __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) \
	{ \
		return cudaCreateChannelDesc(BITS, N > 1 ? BITS : 0, N > 2 ? BITS : 0, N > 2 ? BITS : 0, KIND); \
	}
#define __SIM_CHDESCS(B, V, BITS, KIND) \
	__SIM_CHDESC(B, BITS, 1, KIND) __SIM_CHDESC(V##1, BITS, 1, KIND) \
	__SIM_CHDESC(V##2, BITS, 2, KIND) __SIM_CHDESC(V##4, BITS, 4, KIND)
__SIM_CHDESCS(signed char, char, 8, cudaChannelFormatKindSigned)
__SIM_CHDESCS(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
__SIM_CHDESCS(short, short, 16, cudaChannelFormatKindSigned)
__SIM_CHDESCS(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
__SIM_CHDESCS(int, int, 32, cudaChannelFormatKindSigned)
__SIM_CHDESCS(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
__SIM_CHDESCS(float, float, 32, cudaChannelFormatKindFloat)
__SIM_CHDESC(char, 8, 1, cudaChannelFormatKindSigned)
#undef __SIM_CHDESCS
#undef __SIM_CHDESC
#include "../cuda-compat/simulee_texref.h"

#endif /* SIMULEE_CUDA_H */
