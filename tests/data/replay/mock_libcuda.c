/*
** mock_libcuda.c: a stand-in for the CUDA driver (libcuda.so.1) with the
** entry points a reproduction's repro opens, so that tests/check_cli.c
** ("replay") can run `repro --repeat` and run.sh on a machine without a
** GPU.  "Device" memory is host memory; a launch runs no code but changes
** the memory as SIMULEE_MOCK_CUDA says:
**
**	same	adds 1 to the first byte of every buffer and global: the same
**		result each run, provided the inputs are uploaded afresh and
**		the globals set back before each run
**	differ	adds 1 + (the launch's number modulo 3) to the first byte of
**		every buffer: three distinct results from three runs on
**	fail	the second launch fails (CUDA_ERROR_LAUNCH_FAILED)
**	hang	no launch ever finishes
**
** Globals named "missing" are not in the module; any other is 4 bytes
** that start as 7.  Built as a shared library named libcuda.so.1 and found
** through LD_LIBRARY_PATH.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MOCK_SUCCESS 0
#define MOCK_NOT_FOUND 500
#define MOCK_NOT_READY 600
#define MOCK_LAUNCH_FAILED 719

#define MOCK_MAX 256

static unsigned char *allocs[MOCK_MAX];
static size_t sizes[MOCK_MAX];
static int nallocs;
static struct { char name[256]; unsigned char bytes[4]; } globals[MOCK_MAX];
static int nglobals;
static int launches;
static int failed;

int cuInit(unsigned flags);
int cuDeviceGet(int *dev, int ordinal);
int cuDevicePrimaryCtxRetain(void **ctx, int dev);
int cuDevicePrimaryCtxRelease_v2(int dev);
int cuCtxSetCurrent(void *ctx);
int cuModuleLoad(void **mod, const char *path);
int cuModuleGetFunction(void **fn, void *mod, const char *name);
int cuModuleGetGlobal_v2(unsigned long long *ptr, size_t *bytes, void *mod, const char *name);
int cuMemAlloc_v2(unsigned long long *ptr, size_t bytes);
int cuMemFree_v2(unsigned long long ptr);
int cuMemcpyHtoD_v2(unsigned long long to, const void *from, size_t bytes);
int cuMemcpyDtoH_v2(void *to, unsigned long long from, size_t bytes);
int cuMemsetD8_v2(unsigned long long to, unsigned char v, size_t bytes);
int cuFuncSetAttribute(void *fn, int attr, int value);
int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
		   unsigned bz, unsigned shared, void *stream, void **params, void **extra);
int cuLaunchCooperativeKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
			      unsigned by, unsigned bz, unsigned shared, void *stream,
			      void **params);
int cuStreamQuery(void *stream);
int cuCtxSynchronize(void);
int cuGetErrorName(int r, const char **s);
int cuGetErrorString(int r, const char **s);

static const char *mode(void)
{
	const char *m = getenv("SIMULEE_MOCK_CUDA");
	return m ? m : "same";
}

int cuInit(unsigned flags) { (void)flags; return MOCK_SUCCESS; }
int cuDeviceGet(int *dev, int ordinal) { *dev = ordinal; return MOCK_SUCCESS; }
int cuDevicePrimaryCtxRetain(void **ctx, int dev) { (void)dev; *ctx = &launches; return MOCK_SUCCESS; }
int cuDevicePrimaryCtxRelease_v2(int dev) { (void)dev; return MOCK_SUCCESS; }
int cuCtxSetCurrent(void *ctx) { (void)ctx; return MOCK_SUCCESS; }
int cuModuleLoad(void **mod, const char *path) { (void)path; *mod = &nallocs; return MOCK_SUCCESS; }
int cuModuleGetFunction(void **fn, void *mod, const char *name)
{
	(void)mod;
	(void)name;
	*fn = &nglobals;
	return MOCK_SUCCESS;
}

int cuModuleGetGlobal_v2(unsigned long long *ptr, size_t *bytes, void *mod, const char *name)
{
	(void)mod;
	if (strcmp(name, "missing") == 0 || nglobals == MOCK_MAX)
		return MOCK_NOT_FOUND;
	strncpy(globals[nglobals].name, name, sizeof globals[nglobals].name - 1);
	memset(globals[nglobals].bytes, 7, sizeof globals[nglobals].bytes);
	*ptr = (unsigned long long)(uintptr_t)globals[nglobals].bytes;
	*bytes = sizeof globals[nglobals].bytes;
	nglobals++;
	return MOCK_SUCCESS;
}

int cuMemAlloc_v2(unsigned long long *ptr, size_t bytes)
{
	if (nallocs == MOCK_MAX)
		return 2;	/* CUDA_ERROR_OUT_OF_MEMORY */
	allocs[nallocs] = calloc(bytes ? bytes : 1, 1);
	sizes[nallocs] = bytes;
	*ptr = (unsigned long long)(uintptr_t)allocs[nallocs++];
	return MOCK_SUCCESS;
}

int cuMemFree_v2(unsigned long long ptr) { (void)ptr; return MOCK_SUCCESS; }

int cuMemcpyHtoD_v2(unsigned long long to, const void *from, size_t bytes)
{
	memcpy((void *)(uintptr_t)to, from, bytes);
	return MOCK_SUCCESS;
}

int cuMemcpyDtoH_v2(void *to, unsigned long long from, size_t bytes)
{
	memcpy(to, (const void *)(uintptr_t)from, bytes);
	return MOCK_SUCCESS;
}

int cuMemsetD8_v2(unsigned long long to, unsigned char v, size_t bytes)
{
	memset((void *)(uintptr_t)to, v, bytes);
	return MOCK_SUCCESS;
}

int cuFuncSetAttribute(void *fn, int attr, int value)
{
	(void)fn;
	(void)attr;
	(void)value;
	return MOCK_SUCCESS;
}

/* What a launch does to the memory, as the mode says. */
static int run(void)
{
	launches++;
	const char *m = mode();
	if (strcmp(m, "fail") == 0 && launches == 2)
		failed = 1;
	for (int i = 0; i < nallocs; i++)
		if (sizes[i] > 0)
			allocs[i][0] += (unsigned char)(strcmp(m, "differ") == 0 ? 1 + launches % 3 : 1);
	for (int i = 0; i < nglobals && strcmp(m, "differ") != 0; i++)
		globals[i].bytes[0]++;
	return MOCK_SUCCESS;
}

int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
		   unsigned bz, unsigned shared, void *stream, void **params, void **extra)
{
	(void)fn, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared;
	(void)stream, (void)params, (void)extra;
	return run();
}

int cuLaunchCooperativeKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
			      unsigned by, unsigned bz, unsigned shared, void *stream,
			      void **params)
{
	(void)fn, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared;
	(void)stream, (void)params;
	return run();
}

int cuStreamQuery(void *stream)
{
	(void)stream;
	if (strcmp(mode(), "hang") == 0)
		return MOCK_NOT_READY;
	return failed ? MOCK_LAUNCH_FAILED : MOCK_SUCCESS;
}

int cuCtxSynchronize(void)
{
	return failed ? MOCK_LAUNCH_FAILED : MOCK_SUCCESS;
}

int cuGetErrorName(int r, const char **s)
{
	*s = r == MOCK_LAUNCH_FAILED ? "CUDA_ERROR_LAUNCH_FAILED"
	     : r == MOCK_NOT_FOUND ? "CUDA_ERROR_NOT_FOUND" : "CUDA_ERROR_UNKNOWN";
	return MOCK_SUCCESS;
}

int cuGetErrorString(int r, const char **s)
{
	*s = r == MOCK_LAUNCH_FAILED ? "unspecified launch failure" : "mock error";
	return MOCK_SUCCESS;
}
