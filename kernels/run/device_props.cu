// What the program sees of the GPU: its properties, the occupancy
// queries and the dynamic shared memory a block may opt into all follow
// --device (sm_70 by default, whose opt-in ends at 96 KiB); each
// attribute cudaDeviceGetAttribute gives is the property's value.
#include <cstdio>

__global__ void fill(int *out)
{
	extern __shared__ int stage[];
	stage[threadIdx.x] = (int)threadIdx.x;
	__syncthreads();
	out[threadIdx.x] = stage[blockDim.x - 1 - threadIdx.x];
}

int main()
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("%s: cc %d.%d, %d SMs, opt-in %zu KiB\n", p.name, p.major, p.minor,
	       p.multiProcessorCount, p.sharedMemPerBlockOptin >> 10);
	const struct { cudaDeviceAttr a; long long v; } same[] = {
		{ cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock },
		{ cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2] },
		{ cudaDevAttrMaxGridDimY, p.maxGridSize[1] },
		{ cudaDevAttrMaxSharedMemoryPerBlock, (long long)p.sharedMemPerBlock },
		{ cudaDevAttrMaxSharedMemoryPerBlockOptin, (long long)p.sharedMemPerBlockOptin },
		{ cudaDevAttrMaxSharedMemoryPerMultiprocessor, (long long)p.sharedMemPerMultiprocessor },
		{ cudaDevAttrMultiProcessorCount, p.multiProcessorCount },
		{ cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor },
		{ cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor },
		{ cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor },
		{ cudaDevAttrL2CacheSize, p.l2CacheSize },
		{ cudaDevAttrComputeCapabilityMajor, p.major },
		{ cudaDevAttrComputeCapabilityMinor, p.minor },
	};
	int agree = 0;
	for (const auto &s : same) {
		int v = -1;
		cudaDeviceGetAttribute(&v, s.a, 0);
		agree += v == s.v;
	}
	printf("attributes as properties: %d of %zu\n", agree, sizeof same / sizeof same[0]);
	int blocks = 0;
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fill, 256, 40 << 10);
	printf("blocks of 256 threads and 40 KiB per SM: %d\n", blocks);
	const int want = 100 << 10;
	cudaError_t e = cudaFuncSetAttribute(fill, cudaFuncAttributeMaxDynamicSharedMemorySize, want);
	printf("opt-in 100 KiB: %s\n", cudaGetErrorString(e));
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	fill<<<1, 32, want>>>(d);
	e = cudaGetLastError();
	printf("launch with 100 KiB: %s\n", cudaGetErrorString(e));
	int h[32] = { 0 };
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("out[0] = %d\n", h[0]);
	cudaFree(d);
	return 0;
}
