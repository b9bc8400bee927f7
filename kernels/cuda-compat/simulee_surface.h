/*
** simulee_surface.h: surf1Dread, surf2Dwrite and the other surface
** functions of the object API (CUDA's surface_indirect_functions.h),
** which clang's CUDA wrapper does not provide with a toolkit.  Written for
** simulee-c from the CUDA programming guide and the PTX ISA (suld.b and
** sust.b).  Our prelude includes it, and simulee_legacy.h with a toolkit.
**
** Each function is one unformatted surface instruction on the 64-bit
** object handle, which simulee-c lowers (lower/ptxasm.c) and the GPU
** runs as the toolkit's own header would.  Needs cudaSurfaceObject_t,
** cudaSurfaceBoundaryMode, uint2 and uint4 (the toolkit's or the
** prelude's).
*/
#ifndef SIMULEE_SURFACE_H
#define SIMULEE_SURFACE_H

#if defined(__cplusplus) && defined(__CUDA__)

#ifndef __SIM_COMMA
#define __SIM_COMMA ,
#define __SIM_SURF_OWN_COMMA
#endif

/* Surfaces: byte x, then y, z, layer; the boundary mode picks one of three
** instructions.  T's size picks the access: .b8, .b16, .b32, .v2.b32 or
** .v4.b32 of T's bytes, carried in V. */
#define __SIM_SURF_G(NAME, GS, CS) \
	static __device__ __forceinline__ __sim_v ld_##NAME(cudaSurfaceObject_t __s, int __x, int __y, \
							   int __z, int __l, int __m) \
	{ \
		__sim_v __v; \
		if (__m == cudaBoundaryModeZero) \
			asm("suld.b" GS __SIM_VS ".zero " __SIM_VALS ", [%[s], " CS "];" \
			    : __SIM_OUTS : __SIM_COORDS); \
		else if (__m == cudaBoundaryModeClamp) \
			asm("suld.b" GS __SIM_VS ".clamp " __SIM_VALS ", [%[s], " CS "];" \
			    : __SIM_OUTS : __SIM_COORDS); \
		else \
			asm("suld.b" GS __SIM_VS ".trap " __SIM_VALS ", [%[s], " CS "];" \
			    : __SIM_OUTS : __SIM_COORDS); \
		return __v; \
	} \
	static __device__ __forceinline__ void st_##NAME(__sim_v __v, cudaSurfaceObject_t __s, int __x, \
							 int __y, int __z, int __l, int __m) \
	{ \
		if (__m == cudaBoundaryModeZero) \
			asm volatile("sust.b" GS __SIM_VS ".zero [%[s], " CS "], " __SIM_VALS ";" \
				     :: __SIM_COORDS, __SIM_INS); \
		else if (__m == cudaBoundaryModeClamp) \
			asm volatile("sust.b" GS __SIM_VS ".clamp [%[s], " CS "], " __SIM_VALS ";" \
				     :: __SIM_COORDS, __SIM_INS); \
		else \
			asm volatile("sust.b" GS __SIM_VS ".trap [%[s], " CS "], " __SIM_VALS ";" \
				     :: __SIM_COORDS, __SIM_INS); \
	}
#define __SIM_COORDS [s] "l"(__s), [x] "r"(__x), [y] "r"(__y), [z] "r"(__z), [l] "r"(__l)
#define __SIM_SURF_GEOMS \
	__SIM_SURF_G(1d, ".1d", "{%[x]}") \
	__SIM_SURF_G(2d, ".2d", "{%[x], %[y]}") \
	__SIM_SURF_G(3d, ".3d", "{%[x], %[y], %[z], %[z]}") \
	__SIM_SURF_G(1dl, ".a1d", "{%[l], %[x]}") \
	__SIM_SURF_G(2dl, ".a2d", "{%[l], %[x], %[y], %[y]}") \
	template <class __T> static __device__ __forceinline__ __T get(__sim_v __v) \
	{ return __builtin_bit_cast(__T, (__sim_c)__v); } \
	template <class __T> static __device__ __forceinline__ __sim_v put(__T __t) \
	{ return (__sim_v)__builtin_bit_cast(__sim_c, __t); }

template <int __N> struct __sim_surf;
#define __SIM_VALS "{%[v0]}"
#define __SIM_OUTS [v0] "=h"(__v)
#define __SIM_INS [v0] "h"(__v)
#define __SIM_VS ".b8"
template <> struct __sim_surf<1> { typedef unsigned short __sim_v; typedef unsigned char __sim_c; __SIM_SURF_GEOMS };
#undef __SIM_VS
#define __SIM_VS ".b16"
template <> struct __sim_surf<2> { typedef unsigned short __sim_v; typedef unsigned short __sim_c; __SIM_SURF_GEOMS };
#undef __SIM_VS
#undef __SIM_OUTS
#undef __SIM_INS
#define __SIM_OUTS [v0] "=r"(__v)
#define __SIM_INS [v0] "r"(__v)
#define __SIM_VS ".b32"
template <> struct __sim_surf<4> { typedef unsigned int __sim_v; typedef unsigned int __sim_c; __SIM_SURF_GEOMS };
#undef __SIM_VS
#undef __SIM_VALS
#undef __SIM_OUTS
#undef __SIM_INS
#define __SIM_VALS "{%[v0], %[v1]}"
#define __SIM_OUTS [v0] "=r"(__v.x), [v1] "=r"(__v.y)
#define __SIM_INS [v0] "r"(__v.x), [v1] "r"(__v.y)
#define __SIM_VS ".v2.b32"
template <> struct __sim_surf<8> { typedef uint2 __sim_v; typedef uint2 __sim_c; __SIM_SURF_GEOMS };
#undef __SIM_VS
#undef __SIM_VALS
#undef __SIM_OUTS
#undef __SIM_INS
#define __SIM_VALS "{%[v0], %[v1], %[v2], %[v3]}"
#define __SIM_OUTS [v0] "=r"(__v.x), [v1] "=r"(__v.y), [v2] "=r"(__v.z), [v3] "=r"(__v.w)
#define __SIM_INS [v0] "r"(__v.x), [v1] "r"(__v.y), [v2] "r"(__v.z), [v3] "r"(__v.w)
#define __SIM_VS ".v4.b32"
template <> struct __sim_surf<16> { typedef uint4 __sim_v; typedef uint4 __sim_c; __SIM_SURF_GEOMS };
#undef __SIM_VS
#undef __SIM_VALS
#undef __SIM_OUTS
#undef __SIM_INS
#undef __SIM_SURF_GEOMS
#undef __SIM_COORDS
#undef __SIM_SURF_G

#define __SIM_SURF_API(NAME, G, PARAMS, X, Y, Z, L) \
	template <class __T> \
	static __device__ __forceinline__ __T NAME##read(cudaSurfaceObject_t __s, PARAMS, \
		cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) \
	{ return __sim_surf<sizeof(__T)>::template get<__T>(__sim_surf<sizeof(__T)>::ld_##G(__s, X, Y, Z, L, __m)); } \
	template <class __T> \
	static __device__ __forceinline__ void NAME##read(__T *__p, cudaSurfaceObject_t __s, PARAMS, \
		cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) \
	{ *__p = __sim_surf<sizeof(__T)>::template get<__T>(__sim_surf<sizeof(__T)>::ld_##G(__s, X, Y, Z, L, __m)); } \
	template <class __T> \
	static __device__ __forceinline__ void NAME##write(__T __t, cudaSurfaceObject_t __s, PARAMS, \
		cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) \
	{ __sim_surf<sizeof(__T)>::st_##G(__sim_surf<sizeof(__T)>::template put<__T>(__t), __s, X, Y, Z, L, __m); }
__SIM_SURF_API(surf1D, 1d, int __x, __x, 0, 0, 0)
__SIM_SURF_API(surf2D, 2d, int __x __SIM_COMMA int __y, __x, __y, 0, 0)
__SIM_SURF_API(surf3D, 3d, int __x __SIM_COMMA int __y __SIM_COMMA int __z, __x, __y, __z, 0)
__SIM_SURF_API(surf1DLayered, 1dl, int __x __SIM_COMMA int __l, __x, 0, 0, __l)
__SIM_SURF_API(surf2DLayered, 2dl, int __x __SIM_COMMA int __y __SIM_COMMA int __l, __x, __y, 0, __l)
#undef __SIM_SURF_API

#ifdef __SIM_SURF_OWN_COMMA
#undef __SIM_COMMA
#undef __SIM_SURF_OWN_COMMA
#endif

#endif /* __cplusplus && __CUDA__ */

#endif /* SIMULEE_SURFACE_H */
