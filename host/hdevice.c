/*
** hdevice.c: what the host reader takes a device query to return
** (hostsite.h, struct hdevice): the fields of struct cudaDeviceProp and
** the cudaDeviceGetAttribute attributes, with the values `simulee-c run`'s
** runtime gives for the same device (kernels/runtime/cudart.cu,
** cudaGetDeviceProperties and cudaDeviceGetAttribute: keep the two
** alike).  Fields and attributes that runtime leaves 0 are not listed:
** the reader keeps them unknowns.
*/
#include <stdint.h>
#include <string.h>

#include "host/hostsite.h"

/* What D gives field NAME, or -1 for one not listed. */
static int64_t prop_of(const struct hdevice *d, const char *name)
{
	const struct { const char *name; int64_t value; } fixed[] = {
		{ "major", d->major }, { "minor", d->minor }, { "totalGlobalMem", (int64_t)d->memory },
		{ "sharedMemPerBlock", 48 << 10 }, { "sharedMemPerBlockOptin", d->smem_optin },
		{ "sharedMemPerMultiprocessor", d->smem_per_sm }, { "regsPerBlock", 65536 },
		{ "regsPerMultiprocessor", 65536 }, { "warpSize", 32 }, { "memPitch", 2147483647 },
		{ "maxThreadsPerBlock", 1024 }, { "maxThreadsDim[0]", 1024 }, { "maxThreadsDim[1]", 1024 },
		{ "maxThreadsDim[2]", 64 }, { "maxGridSize[0]", 2147483647 }, { "maxGridSize[1]", 65535 },
		{ "maxGridSize[2]", 65535 }, { "totalConstMem", 65536 }, { "textureAlignment", 512 },
		{ "texturePitchAlignment", 32 }, { "multiProcessorCount", d->sms },
		{ "maxThreadsPerMultiProcessor", d->threads_per_sm },
		{ "maxBlocksPerMultiProcessor", d->blocks_per_sm }, { "l2CacheSize", d->l2 },
		{ "memoryBusWidth", 4096 }, { "unifiedAddressing", 1 }, { "managedMemory", 1 },
		{ "concurrentKernels", 1 }, { "canMapHostMemory", 1 }, { "cooperativeLaunch", 1 },
		{ "asyncEngineCount", 2 }, { "ECCEnabled", 1 }, { "clockRate", 1530000 },
		{ "memoryClockRate", 877000 }, { "deviceOverlap", 1 },
	};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		if (strcmp(name, fixed[i].name) == 0)
			return fixed[i].value;
	return -1;
}

int hdevice_prop(const struct hdevice *d, const char *field, int64_t *value)
{
	int64_t v = d && field ? prop_of(d, field) : -1;
	if (v < 0)
		return -1;
	*value = v;
	return 0;
}

int hdevice_attr(const struct hdevice *d, int attr, int64_t *value)
{
	/* enum cudaDeviceAttr's numbers (driver_types.h), by the field
	** cudaGetDeviceProperties gives the same value in */
	static const struct { int attr; const char *field; } attrs[] = {
		{ 1, "maxThreadsPerBlock" }, { 2, "maxThreadsDim[0]" }, { 3, "maxThreadsDim[1]" },
		{ 4, "maxThreadsDim[2]" }, { 5, "maxGridSize[0]" }, { 6, "maxGridSize[1]" },
		{ 7, "maxGridSize[2]" }, { 8, "sharedMemPerBlock" }, { 9, "totalConstMem" },
		{ 10, "warpSize" }, { 12, "regsPerBlock" }, { 13, "clockRate" }, { 15, "deviceOverlap" },
		{ 16, "multiProcessorCount" }, { 19, "canMapHostMemory" }, { 31, "concurrentKernels" },
		{ 36, "memoryClockRate" }, { 37, "memoryBusWidth" }, { 38, "l2CacheSize" },
		{ 39, "maxThreadsPerMultiProcessor" }, { 40, "asyncEngineCount" },
		{ 41, "unifiedAddressing" }, { 75, "major" }, { 76, "minor" }, { 83, "managedMemory" },
		{ 95, "cooperativeLaunch" }, { 97, "sharedMemPerBlockOptin" },
	};
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
		if (attrs[i].attr == attr)
			return hdevice_prop(d, attrs[i].field, value);
	return -1;
}
