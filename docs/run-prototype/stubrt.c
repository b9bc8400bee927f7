/*
** stubrt.c: a stand-in CUDA runtime that only prints what a program's host
** object asks of it.  Written for the `simulee-c run` design experiment;
** the prototypes are those clang's host object of a .cu calls (checked
** against the CUDA 13 headers crt/host_runtime.h, cuda_runtime_api.h and
** crt/device_functions.h), in plain C with no toolkit header.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int cudaError_t;	/* enum cudaError: an int on x86-64 */
typedef struct CUstream_st *cudaStream_t;
typedef struct { unsigned x, y, z; } dim3;	/* 12 bytes: two INTEGER eightbytes */
typedef dim3 uint3;

/* clang's __cuda_fatbin_wrapper: { i32 magic, i32 version, ptr data, ptr null } */
struct fatbin_wrapper {
	int magic;		/* 0x466243B1 */
	int version;		/* 1 */
	const unsigned long long *data;	/* the bytes of -fcuda-include-gpubinary */
	void *filename_or_fatbins;	/* NULL */
};

/* One pushed <<<>>> configuration (a stack: a launch's arguments may launch) */
static struct { dim3 g, b; size_t shmem; void *stream; } cfg[16];
static int ncfg;
static cudaError_t last_error;
static uint64_t next_id = 1;
#define TAG(id, off) (((uint64_t)(id) << 42) + (UINT64_C(1) << 41) + (uint64_t)(off))

void **__cudaRegisterFatBinary(void *fatCubin)
{
	struct fatbin_wrapper *w = fatCubin;
	const unsigned char *d = (const unsigned char *)w->data;
	printf("[rt] __cudaRegisterFatBinary(wrapper=%p magic=0x%08x version=%d data=%p "
	       "first bytes %02x %02x %02x %02x '%.8s')\n", fatCubin, (unsigned)w->magic,
	       w->version, (void *)w->data, d[0], d[1], d[2], d[3], (const char *)d);
	void **h = calloc(1, sizeof(void *));
	*h = fatCubin;
	return h;
}

void __cudaRegisterFatBinaryEnd(void **handle)
{
	printf("[rt] __cudaRegisterFatBinaryEnd(%p)\n", (void *)handle);
}

void __cudaUnregisterFatBinary(void **handle)
{
	printf("[rt] __cudaUnregisterFatBinary(%p)\n", (void *)handle);
	free(handle);
}

void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun,
			    const char *deviceName, int thread_limit, uint3 *tid,
			    uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize)
{
	printf("[rt] __cudaRegisterFunction(h=%p, stub=%p, deviceFun=\"%s\", deviceName=\"%s\", "
	       "limit=%d, %p %p %p %p %p)\n", (void *)handle, (const void *)hostFun, deviceFun,
	       deviceName, thread_limit, (void *)tid, (void *)bid, (void *)bDim, (void *)gDim,
	       (void *)wSize);
}

void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress,
		       const char *deviceName, int ext, size_t size, int constant, int global)
{
	printf("[rt] __cudaRegisterVar(h=%p, shadow=%p, deviceAddress=\"%s\", deviceName=\"%s\", "
	       "ext=%d, size=%zu, constant=%d, global=%d)\n", (void *)handle, (void *)hostVar,
	       deviceAddress, deviceName, ext, size, constant, global);
}

/* clang 19 declares it (ptr, ptr, ptr, ptr, i64, i32): NOT the toolkit's
** signature; see RUN-DESIGN.md */
void __cudaRegisterManagedVar(void **handle, void **hostVarPtrAddress, char *deviceAddress,
			      const char *deviceName, size_t size, unsigned align)
{
	printf("[rt] __cudaRegisterManagedVar(h=%p, &shadow=%p (*=%p), \"%s\", \"%s\", size=%zu, align=%u)\n",
	       (void *)handle, (void *)hostVarPtrAddress, *hostVarPtrAddress, deviceAddress,
	       deviceName, size, align);
}

char __cudaInitModule(void **handle)
{
	printf("[rt] __cudaInitModule(%p)\n", (void *)handle);
	return 1;
}

void __cudaRegisterTexture(void **handle, const void *hostVar, const void **deviceAddress,
			   const char *deviceName, int dim, int norm, int ext)
{
	printf("[rt] __cudaRegisterTexture(\"%s\", dim=%d, norm=%d, ext=%d)\n", deviceName, dim, norm, ext);
	(void)handle; (void)hostVar; (void)deviceAddress;
}

void __cudaRegisterSurface(void **handle, const void *hostVar, const void **deviceAddress,
			   const char *deviceName, int dim, int ext)
{
	printf("[rt] __cudaRegisterSurface(\"%s\", dim=%d, ext=%d)\n", deviceName, dim, ext);
	(void)handle; (void)hostVar; (void)deviceAddress;
}

unsigned __cudaPushCallConfiguration(dim3 g, dim3 b, size_t shmem, struct CUstream_st *stream)
{
	printf("[rt] __cudaPushCallConfiguration(grid=(%u,%u,%u), block=(%u,%u,%u), shmem=%zu, stream=%p)\n",
	       g.x, g.y, g.z, b.x, b.y, b.z, shmem, (void *)stream);
	if (ncfg == 16)
		return 1;
	cfg[ncfg].g = g;
	cfg[ncfg].b = b;
	cfg[ncfg].shmem = shmem;
	cfg[ncfg].stream = stream;
	ncfg++;
	return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *g, dim3 *b, size_t *shmem, void *stream)
{
	if (ncfg == 0)
		return 9;	/* cudaErrorInvalidConfiguration */
	ncfg--;
	*g = cfg[ncfg].g;
	*b = cfg[ncfg].b;
	*shmem = cfg[ncfg].shmem;
	*(void **)stream = cfg[ncfg].stream;
	return 0;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 g, dim3 b, void **args, size_t shmem,
			     cudaStream_t stream)
{
	printf("[rt] cudaLaunchKernel(stub=%p, grid=(%u,%u,%u), block=(%u,%u,%u), shmem=%zu, "
	       "stream=%p, args=%p: [0]=%p [1]=%p ...)\n", func, g.x, g.y, g.z, b.x, b.y, b.z,
	       shmem, (void *)stream, (void *)args, args[0], args[1]);
	/* sizes come from the kernel's parameters (simulee's lowered program);
	** here the first argument is shown as 8 bytes */
	uint64_t a0;
	memcpy(&a0, args[0], 8);
	printf("[rt]    arg0 bytes as u64: 0x%016llx\n", (unsigned long long)a0);
	if (g.x == 0 || g.y == 0 || g.z == 0 || b.x == 0 || b.y == 0 || b.z == 0
	    || (unsigned long long)b.x * b.y * b.z > 1024 || b.z > 64) {
		last_error = 9;
		return 9;
	}
	return 0;
}

cudaError_t cudaMalloc(void **p, size_t n)
{
	*p = (void *)(uintptr_t)TAG(next_id++, 0);
	printf("[rt] cudaMalloc(%zu) -> %p\n", n, *p);
	return 0;
}

cudaError_t cudaFree(void *p)
{
	printf("[rt] cudaFree(%p)\n", p);
	return 0;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind)
{
	printf("[rt] cudaMemcpy(dst=%p, src=%p, %zu, kind=%d)\n", dst, src, n, kind);
	if (kind == 2)
		memset(dst, 0, n);	/* device to host: the host buffer is real */
	return 0;
}

cudaError_t cudaMemset(void *p, int v, size_t n)
{
	printf("[rt] cudaMemset(%p, %d, %zu)\n", p, v, n);
	return 0;
}

cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t off, int kind)
{
	printf("[rt] cudaMemcpyToSymbol(shadow=%p, src=%p, %zu, off=%zu, kind=%d)\n", sym, src, n, off, kind);
	return 0;
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t off, int kind)
{
	printf("[rt] cudaMemcpyFromSymbol(dst=%p, shadow=%p, %zu, off=%zu, kind=%d)\n", dst, sym, n, off, kind);
	memset(dst, 0, n);
	return 0;
}

cudaError_t cudaDeviceSynchronize(void)
{
	printf("[rt] cudaDeviceSynchronize()\n");
	return 0;
}

cudaError_t cudaGetLastError(void)
{
	cudaError_t e = last_error;
	last_error = 0;
	return e;
}

cudaError_t cudaPeekAtLastError(void)
{
	return last_error;
}

const char *cudaGetErrorString(cudaError_t e)
{
	switch (e) {
	case 0: return "no error";
	case 9: return "invalid configuration argument";
	default: return "unrecognized error code";
	}
}
