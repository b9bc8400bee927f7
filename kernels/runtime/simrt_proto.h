/*
** simrt_proto.h: what a program built by `simulee-c run` and simulee-c
** say to each other (docs/RUN.md).
**
** The program links simulee-c's CUDA runtime (cudart.cu, beside this
** file), which forwards every call over the socket whose descriptor the
** environment variable SIMULEE_RUN_FD names.  simulee-c holds the device:
** the simulated memory, the loaded kernels, every launch and its findings.
** One request, then one reply, in order; integers are the host's own
** (both ends run on one machine).
**
**   request: struct simrt_req, then req.len bytes of payload
**   reply:   struct simrt_rep, then rep.len bytes of payload
**
** rep.status is one of enum simrt_status; the runtime turns it into the
** cudaError_t of the program's headers.  A sticky status (a kernel fault
** CUDA treats as fatal to the context) is the reply to every later
** request but SIMRT_EXIT.
**
** Included by C (simulee-c's runtime/ room) and C++ (cudart.cu): plain C.
*/
#ifndef SIMULEE_SIMRT_PROTO_H
#define SIMULEE_SIMRT_PROTO_H

#include <stdint.h>

#define SIMRT_ENV_FD "SIMULEE_RUN_FD"
/* Raised with any change of the messages: the runtime compiled into the
** program says it first, and simulee-c refuses another */
#define SIMRT_VERSION 6
/* the first bytes of the "fat binary" simulee-c gives clang for each
** translation unit: then a uint32_t, the unit's number */
/* The most bytes of memory one request or reply carries: lengths on the
** wire are 32 bits, so the runtime splits a longer copy into requests of
** this size (and simulee-c never holds more than one of them at once).
** Tests lower it with SIMRT_ENV_CHUNK (a test hook, docs/RUN.md). */
#define SIMRT_CHUNK (UINT64_C(64) << 20)
#define SIMRT_ENV_CHUNK "SIMULEE_RUN_CHUNK"
#define SIMRT_MODULE_MAGIC "SIMULEE-MODULE-1"
#define SIMRT_MODULE_MAGIC_LEN 16

enum simrt_op {
	SIMRT_MODULE,		/* u32 unit, u32 SIMRT_VERSION -> u32 module */
	SIMRT_FUNCTION,		/* u32 module, name -> u32 kernel, u32 nparams,
				   u32 size of each parameter */
	SIMRT_VAR,		/* u32 module, u64 size, u32 constant, name -> u32 var */
	SIMRT_MALLOC,		/* u64 size, u32 kind (enum simrt_mem) -> u64 device pointer;
				   memory shared with the host comes with a
				   descriptor (SCM_RIGHTS) to map at that address */
	SIMRT_FREE,		/* u64 pointer */
	SIMRT_TO_DEVICE,	/* u64 dst, bytes (at most SIMRT_CHUNK) */
	SIMRT_FROM_DEVICE,	/* u64 src, u64 n -> n bytes (n at most SIMRT_CHUNK) */
	SIMRT_DEVICE_COPY,	/* u64 dst, u64 src, u64 n */
	SIMRT_SET,		/* u64 dst, u32 byte, u64 n */
	SIMRT_TO_SYMBOL,	/* u32 var, u64 offset, bytes (at most SIMRT_CHUNK) */
	SIMRT_FROM_SYMBOL,	/* u32 var, u64 offset, u64 n -> n bytes (at most
				   SIMRT_CHUNK) */
	SIMRT_SYMBOL_ADDRESS,	/* u32 var -> u64 device pointer, u64 size */
	SIMRT_LAUNCH,		/* struct simrt_launch, then each parameter's bytes */
	SIMRT_SYNC,		/* (waits: nothing is left running) */
	SIMRT_QUERY,		/* u64 p[, u64 n]: OK when [p, p + n) (n: 0 when
				   absent) lies in one live device allocation */
	SIMRT_EXIT,		/* u32 how (0: exit, 1: signal), i32 status */
	SIMRT_REFUSE,		/* the program called what cannot be simulated: name */
	SIMRT_BIND_TEX,		/* struct simrt_tex: a texture reference bound
				   to device memory or an array, or unbound */
	SIMRT_TEX_OBJECT,	/* struct simrt_tex -> u64 handle: a texture or
				   surface object */
	SIMRT_TEX_DESTROY,	/* u64 handle: the object is destroyed */
	SIMRT_GPU,		/* -> struct simrt_device: the GPU simulated
				   (--device); answered after a sticky error too */
	SIMRT__COUNT
};

/* The GPU simulated (simulee-c's --device, exec/device.c): what
** cudaGetDeviceProperties, the occupancy queries and the shared memory
** opt-in follow. */
struct simrt_device {
	char arch[8];		/* "sm_80", NUL-terminated */
	uint32_t major, minor;	/* compute capability */
	uint32_t sms;		/* multiprocessors */
	uint32_t threads_per_sm, blocks_per_sm;
	uint32_t smem_per_sm;	/* bytes of shared memory a multiprocessor has */
	uint32_t smem_optin;	/* bytes a block may opt into */
	uint32_t l2;		/* bytes of L2 cache */
	uint64_t memory;	/* bytes of device memory */
};

/* What the simulated device says of itself: every field of struct
** cudaDeviceProp that cudaGetDeviceProperties fills (the others are 0),
** as P(FIELD, ATTR, VALUE): ATTR is the field's number in enum
** cudaDeviceAttr for cudaDeviceGetAttribute (0: none), VALUE an
** expression of `d`, the const struct simrt_device *.  One table for the
** runtime (cudart.cu) and for the host reader's device queries
** (host/hdevice.c), so that a static run reads a query as `simulee-c run`
** answers it.  SIMRT_DEVICE_PROPS_PRE13: the fields CUDA 13 removed from
** the struct (their attributes stay). */
#define SIMRT_DEVICE_PROPS(P) \
	P(major, 75, d->major) \
	P(minor, 76, d->minor) \
	P(totalGlobalMem, 0, d->memory) \
	P(sharedMemPerBlock, 8, 48 << 10) \
	P(sharedMemPerBlockOptin, 97, d->smem_optin) \
	P(sharedMemPerMultiprocessor, 81, d->smem_per_sm) \
	P(regsPerBlock, 12, 65536) \
	P(regsPerMultiprocessor, 82, 65536) \
	P(warpSize, 10, 32) \
	P(memPitch, 11, 2147483647) \
	P(maxThreadsPerBlock, 1, 1024) \
	P(maxThreadsDim[0], 2, 1024) \
	P(maxThreadsDim[1], 3, 1024) \
	P(maxThreadsDim[2], 4, 64) \
	P(maxGridSize[0], 5, 2147483647) \
	P(maxGridSize[1], 6, 65535) \
	P(maxGridSize[2], 7, 65535) \
	P(totalConstMem, 9, 65536) \
	P(textureAlignment, 14, 512) \
	P(texturePitchAlignment, 51, 32) \
	P(multiProcessorCount, 16, d->sms) \
	P(maxThreadsPerMultiProcessor, 39, d->threads_per_sm) \
	P(maxBlocksPerMultiProcessor, 106, d->blocks_per_sm) \
	P(l2CacheSize, 38, d->l2) \
	P(memoryBusWidth, 37, 4096) \
	P(unifiedAddressing, 41, 1) \
	P(managedMemory, 83, 1) \
	P(concurrentKernels, 31, 1) \
	P(canMapHostMemory, 19, 1) \
	P(cooperativeLaunch, 95, 1) \
	P(asyncEngineCount, 40, 2) \
	P(ECCEnabled, 32, 1)
#define SIMRT_DEVICE_PROPS_PRE13(P) \
	P(clockRate, 13, 1530000) \
	P(memoryClockRate, 36, 877000) \
	P(deviceOverlap, 15, 1)

enum simrt_mem {
	SIMRT_DEVICE,		/* cudaMalloc */
	SIMRT_MANAGED,		/* cudaMallocManaged: the host uses it too */
	SIMRT_HOST_SHARED,	/* cudaMallocHost, cudaHostAlloc: host memory the
				   device may use (unified addressing) */
	SIMRT_ARRAY,		/* cudaMallocArray, cudaMalloc3DArray: device
				   memory, texels row after row (the runtime
				   keeps the array's shape) */
};

enum simrt_status {
	SIMRT_OK,
	SIMRT_INVALID_VALUE,		/* cudaErrorInvalidValue */
	SIMRT_OUT_OF_MEMORY,		/* cudaErrorMemoryAllocation */
	SIMRT_INVALID_CONFIG,		/* cudaErrorInvalidConfiguration */
	SIMRT_INVALID_SYMBOL,		/* cudaErrorInvalidSymbol */
	SIMRT_INVALID_FUNCTION,		/* cudaErrorInvalidDeviceFunction */
	SIMRT_INVALID_DEVICE_POINTER,	/* cudaErrorInvalidDevicePointer */
	SIMRT_OUT_OF_RESOURCES,		/* cudaErrorLaunchOutOfResources */
	SIMRT_NO_KERNEL_IMAGE,		/* cudaErrorNoKernelImageForDevice */
	/* sticky: the context is lost */
	SIMRT_ILLEGAL_ADDRESS,		/* cudaErrorIllegalAddress */
	SIMRT_ASSERT,			/* cudaErrorAssert */
	SIMRT_MISALIGNED,		/* cudaErrorMisalignedAddress */
	SIMRT_LAUNCH_FAILURE,		/* cudaErrorLaunchFailure */
	SIMRT_TIMEOUT,			/* cudaErrorLaunchTimeout */
	SIMRT__STATUS_COUNT
};

/* SIMRT_BIND_TEX's and SIMRT_TEX_OBJECT's request: texture reference VAR
** (registered by __cudaRegisterTexture as a variable; SIMRT_BIND_TEX
** only) bound to the texels at PTR, or unbound when PTR is 0; or a
** texture or surface object made on them.  What cudaBindTexture,
** cudaBindTexture2D, cudaBindTextureToArray and the reference's
** textureReference say, or cudaCreateTextureObject's resource and
** texture descriptors, or cudaCreateSurfaceObject's. */
struct simrt_tex {
	uint32_t var;
	uint32_t ndims;		/* 1 .. 3 */
	uint64_t ptr;
	uint64_t width;		/* linear: bytes; else texels a row */
	uint64_t height;	/* rows (1 for 1-D) */
	uint64_t depth;		/* planes (1 for 1-D and 2-D) */
	uint64_t pitch;		/* bytes from one row to the next, 0: dense */
	uint32_t layers;	/* a layered array's layers, 0: not layered */
	uint32_t linear;	/* tex1Dfetch's linear memory: WIDTH bytes at
				   most to the buffer's end, zero outside */
	int32_t bits[4];	/* the channel descriptor's x, y, z, w */
	int32_t kind;		/* its enum cudaChannelFormatKind */
	int32_t normalized;	/* normalized coordinates */
	int32_t filter;		/* enum cudaTextureFilterMode */
	int32_t addr[3];	/* enum cudaTextureAddressMode */
	int32_t read;		/* enum cudaTextureReadMode */
	int32_t surface;	/* a surface object */
};

struct simrt_req {
	uint32_t op;		/* enum simrt_op */
	uint32_t len;		/* payload bytes */
};

struct simrt_rep {
	int32_t status;		/* enum simrt_status */
	uint32_t len;
};

#define SIMRT_FRAMES 12

struct simrt_launch {
	uint32_t kernel;
	uint32_t cooperative;
	uint32_t grid[3], block[3];
	uint64_t dyn_shared;
	uint64_t stream;	/* the cudaStream_t, as a number */
	uint32_t nparams;
	uint32_t nframes;
	uint32_t dyn_shared_max;	/* cudaFuncAttributeMaxDynamicSharedMemorySize
					   (0: not set: 48 KiB) */
	uint32_t pad;
	/* the host call stack: each frame's return address in the program's
	** executable, less 1 (inside the call), as an offset from where the
	** executable is loaded; innermost first */
	uint64_t frames[SIMRT_FRAMES];
};

#endif
