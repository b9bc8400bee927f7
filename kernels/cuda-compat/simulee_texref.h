/*
** simulee_texref.h: texture references (`texture<float, 1> tex;
** tex1Dfetch(tex, i)`) and cudaBindTexture, which CUDA 12 removed and old
** code still uses.  Written for simulee-c from NVIDIA's documentation of
** the CUDA 11 texture reference API.  simulee_legacy.h includes it with a
** toolkit of CUDA 12 or later, our prelude always.
**
** A reference is a namespace-scope variable of a type clang knows as a
** device builtin texture type: on the device it is a 64-bit variable, on
** the host the textureReference struct the program sets (normalized,
** filterMode, addressMode, channelDesc), registered by clang's start-up
** code with __cudaRegisterTexture.  simulee-c takes the device variable to
** hold a texture object handle: the fetch functions below load it and
** fetch through the object API, so a reference lowers as an object does.
** simulee-c binds a made-up buffer to it when it searches, and
** cudaBindTexture binds the program's buffer in `simulee-c run`
** (docs/MODEL.md, "Textures and surfaces"; docs/DECISIONS.md).
**
** Needs, from the toolkit or the prelude: cudaTextureObject_t, the object
** API (tex1Dfetch<T>(object, x) ...), cudaChannelFormatDesc,
** cudaCreateChannelDesc<T>() and the vector types.
*/
#ifndef SIMULEE_TEXREF_H
#define SIMULEE_TEXREF_H

#if defined(__cplusplus) && defined(__CUDA__)

#ifndef cudaTextureType1D
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
#endif

/* Our own name, so that a toolkit that still declares the struct keeps
** its own; the macro makes ours the one the program sees. */
struct __simulee_textureReference {
	int normalized;
	enum cudaTextureFilterMode filterMode;
	enum cudaTextureAddressMode addressMode[3];
	struct cudaChannelFormatDesc channelDesc;
	int sRGB;
	unsigned int maxAnisotropy;
	enum cudaTextureFilterMode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
	int __cudaReserved[14];
};
#define textureReference __simulee_textureReference

template <class __T, int __Type = cudaTextureType1D, enum cudaTextureReadMode __Mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {
	__host__ texture(int __norm = 0, enum cudaTextureFilterMode __f = cudaFilterModePoint,
			 enum cudaTextureAddressMode __a = cudaAddressModeClamp)
	{
		__init(__norm, __f, __a, cudaCreateChannelDesc<__T>());
	}
	__host__ texture(int __norm, enum cudaTextureFilterMode __f, enum cudaTextureAddressMode __a,
			 struct cudaChannelFormatDesc __desc)
	{
		__init(__norm, __f, __a, __desc);
	}

private:
	__host__ void __init(int __norm, enum cudaTextureFilterMode __f, enum cudaTextureAddressMode __a,
			     struct cudaChannelFormatDesc __desc)
	{
		normalized = __norm;
		filterMode = __f;
		addressMode[0] = addressMode[1] = addressMode[2] = __a;
		channelDesc = __desc;
		sRGB = 0;
		maxAnisotropy = 0;
		mipmapFilterMode = cudaFilterModePoint;
		mipmapLevelBias = minMipmapLevelClamp = maxMipmapLevelClamp = 0.0f;
		disableTrilinearOptimization = 0;
	}
};

/* ---- the host API ---------------------------------------------------------- */

extern "C" {
extern __host__ cudaError_t cudaBindTexture(size_t *__offset, const struct textureReference *__texref,
					    const void *__devPtr, const struct cudaChannelFormatDesc *__desc,
					    size_t __size = 0xffffffffu);
extern __host__ cudaError_t cudaBindTexture2D(size_t *__offset, const struct textureReference *__texref,
					      const void *__devPtr, const struct cudaChannelFormatDesc *__desc,
					      size_t __width, size_t __height, size_t __pitch);
extern __host__ cudaError_t cudaBindTextureToArray(const struct textureReference *__texref,
						   cudaArray_const_t __array,
						   const struct cudaChannelFormatDesc *__desc);
extern __host__ cudaError_t cudaUnbindTexture(const struct textureReference *__texref);
extern __host__ cudaError_t cudaGetTextureAlignmentOffset(size_t *__offset,
							  const struct textureReference *__texref);
}

template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaBindTexture(size_t *__offset, const struct texture<__T, __D, __M> &__tex,
						       const void *__devPtr,
						       const struct cudaChannelFormatDesc &__desc,
						       size_t __size = 0xffffffffu)
{
	return cudaBindTexture(__offset, &__tex, __devPtr, &__desc, __size);
}
template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaBindTexture(size_t *__offset, const struct texture<__T, __D, __M> &__tex,
						       const void *__devPtr, size_t __size = 0xffffffffu)
{
	return cudaBindTexture(__offset, &__tex, __devPtr, &__tex.channelDesc, __size);
}
template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaBindTexture2D(size_t *__offset,
							 const struct texture<__T, __D, __M> &__tex,
							 const void *__devPtr,
							 const struct cudaChannelFormatDesc &__desc,
							 size_t __width, size_t __height, size_t __pitch)
{
	return cudaBindTexture2D(__offset, &__tex, __devPtr, &__desc, __width, __height, __pitch);
}
template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaBindTexture2D(size_t *__offset,
							 const struct texture<__T, __D, __M> &__tex,
							 const void *__devPtr, size_t __width, size_t __height,
							 size_t __pitch)
{
	return cudaBindTexture2D(__offset, &__tex, __devPtr, &__tex.channelDesc, __width, __height, __pitch);
}
template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(const struct texture<__T, __D, __M> &__tex,
							      cudaArray_const_t __array,
							      const struct cudaChannelFormatDesc &__desc)
{
	return cudaBindTextureToArray(&__tex, __array, &__desc);
}
template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(const struct texture<__T, __D, __M> &__tex,
							      cudaArray_const_t __array)
{
	return cudaBindTextureToArray(&__tex, __array, &__tex.channelDesc);
}
template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaUnbindTexture(const struct texture<__T, __D, __M> &__tex)
{
	return cudaUnbindTexture(&__tex);
}
template <class __T, int __D, enum cudaTextureReadMode __M>
static __inline__ __host__ cudaError_t cudaGetTextureAlignmentOffset(size_t *__offset,
								     const struct texture<__T, __D, __M> &__tex)
{
	return cudaGetTextureAlignmentOffset(__offset, &__tex);
}

/* ---- the device API --------------------------------------------------------- */

/* What a fetch of T returns: T for element reads; with
** cudaReadModeNormalizedFloat, 8 and 16-bit integers become floats. */
template <class __T> struct __simulee_texnorm { typedef __T type; };
#define __SIMULEE_TEXNORM(B, V) \
	template <> struct __simulee_texnorm<V##1> { typedef float1 type; }; \
	template <> struct __simulee_texnorm<V##2> { typedef float2 type; }; \
	template <> struct __simulee_texnorm<V##4> { typedef float4 type; }; \
	template <> struct __simulee_texnorm<B> { typedef float type; };
__SIMULEE_TEXNORM(signed char, char)
__SIMULEE_TEXNORM(unsigned char, uchar)
__SIMULEE_TEXNORM(short, short)
__SIMULEE_TEXNORM(unsigned short, ushort)
#undef __SIMULEE_TEXNORM
template <> struct __simulee_texnorm<char> { typedef float type; };

template <class __T, enum cudaTextureReadMode __M> struct __simulee_texret { typedef __T type; };
template <class __T> struct __simulee_texret<__T, cudaReadModeNormalizedFloat> {
	typedef typename __simulee_texnorm<__T>::type type;
};

/* The object a reference holds: the device variable's 64 bits. */
template <class __T, int __D, enum cudaTextureReadMode __M>
static __device__ __inline__ cudaTextureObject_t __simulee_texobj(const texture<__T, __D, __M> &__t)
{
	return *(const cudaTextureObject_t *)(const void *)&__t;
}

#define __SIMULEE_TEXREF(NAME, TYPE, PARAMS, ARGS) \
	template <class __T, enum cudaTextureReadMode __M> \
	static __device__ __inline__ typename __simulee_texret<__T, __M>::type \
	NAME(const texture<__T, TYPE, __M> &__t, PARAMS) \
	{ \
		return NAME<typename __simulee_texret<__T, __M>::type>(__simulee_texobj(__t), ARGS); \
	}
#define __SIMULEE_C ,
__SIMULEE_TEXREF(tex1Dfetch, cudaTextureType1D, int __x, __x)
__SIMULEE_TEXREF(tex1D, cudaTextureType1D, float __x, __x)
__SIMULEE_TEXREF(tex2D, cudaTextureType2D, float __x __SIMULEE_C float __y, __x __SIMULEE_C __y)
__SIMULEE_TEXREF(tex3D, cudaTextureType3D, float __x __SIMULEE_C float __y __SIMULEE_C float __z,
		 __x __SIMULEE_C __y __SIMULEE_C __z)
__SIMULEE_TEXREF(tex1DLayered, cudaTextureType1DLayered, float __x __SIMULEE_C int __l, __x __SIMULEE_C __l)
__SIMULEE_TEXREF(tex2DLayered, cudaTextureType2DLayered,
		 float __x __SIMULEE_C float __y __SIMULEE_C int __l, __x __SIMULEE_C __y __SIMULEE_C __l)
#undef __SIMULEE_C
#undef __SIMULEE_TEXREF

#endif /* __cplusplus && __CUDA__ */

#endif
