/*
** simulee_cuda13.h: what CUDA 13 removed from the runtime API and code
** still uses: the cudaThread* names of the cudaDevice* functions,
** cudaSetDoubleFor*, the int-device forms of cudaMemPrefetchAsync and
** cudaMemAdvise, and eight cudaDeviceProp members.  Written for simulee-c
** from NVIDIA's documentation of the CUDA 12 runtime API.
** simulee_legacy.h includes it in every CUDA compile; in `simulee-c run`,
** a C++ source's cuda_runtime.h includes it too (cuda-compat/host/).
** Needs the toolkit's cuda_runtime.h included first; nothing with an older
** toolkit.
*/
#ifndef SIMULEE_CUDA13_H
#define SIMULEE_CUDA13_H

#if defined(__cplusplus) && defined(CUDART_VERSION) && CUDART_VERSION >= 13000
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

#endif /* __cplusplus && CUDART_VERSION >= 13000 */

#endif
