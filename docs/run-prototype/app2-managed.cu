// app2.cu: more of the runtime a real program touches: managed and mapped
// memory, device properties, streams, events, occupancy, function
// attributes, cudaLaunchKernelEx, cooperative launches, odd kernel names.
#include <cstdio>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__managed__ int mcount;
__device__ __constant__ int lut[3] = {3, 5, 7};

struct Empty {};
struct alignas(16) V4 { float x, y, z, w; };
struct Mixed { char c; double d; short s; };

extern "C" __global__ void cfun(int *p) { p[threadIdx.x] = lut[threadIdx.x % 3]; }
static __global__ void hidden(float *p) { p[threadIdx.x] = 1.0f; }
namespace ns { __global__ void inner(Empty e, V4 v, Mixed m, float *out) { out[0] = v.x + m.d + m.c; } }

template <typename F>
__global__ void apply(F f, int *p, int n) { int i = threadIdx.x; if (i < n) p[i] = f(i); }
struct Twice { __device__ int operator()(int i) const { return 2 * i; } };

__global__ void coop(int *p)
{
	cg::grid_group g = cg::this_grid();
	p[g.thread_rank()] = 1;
	g.sync();
	atomicAdd(&mcount, 1);
}

__global__ void dyn(float *p)
{
	extern __shared__ float s[];
	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	p[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

int main()
{
	cudaDeviceProp prop;
	int dev = 0, ndev = 0, sms = 0;
	cudaGetDeviceCount(&ndev);
	cudaSetDevice(0);
	cudaGetDevice(&dev);
	cudaGetDeviceProperties(&prop, dev);
	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
	printf("%s sm_%d%d sms=%d\n", prop.name, prop.major, prop.minor, sms);

	int *m;
	cudaMallocManaged(&m, 64 * sizeof(int));
	for (int i = 0; i < 64; i++) m[i] = i;
	int *h, *hd;
	cudaHostAlloc(&h, 64 * sizeof(int), cudaHostAllocMapped);
	cudaHostGetDevicePointer(&hd, h, 0);
	float *f;
	cudaMallocHost(&f, 256 * sizeof(float));

	cudaStream_t st;
	cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
	cudaEvent_t e0, e1;
	cudaEventCreate(&e0);
	cudaEventCreate(&e1);
	cudaEventRecord(e0, st);
	cfun<<<1, 32, 0, st>>>(m);
	hidden<<<1, 32, 0, st>>>((float *)hd);
	ns::inner<<<1, 1>>>(Empty{}, V4{1, 2, 3, 4}, Mixed{'a', 2.5, 7}, (float *)hd);
	apply<<<1, 64>>>(Twice{}, m, 64);
	cudaEventRecord(e1, st);
	cudaEventSynchronize(e1);
	float ms;
	cudaEventElapsedTime(&ms, e0, e1);

	int bs = 0, mg = 0, nb = 0;
	cudaOccupancyMaxPotentialBlockSize(&mg, &bs, dyn, 0, 0);
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, coop, 256, 0);
	cudaFuncAttributes fa;
	cudaFuncGetAttributes(&fa, dyn);
	cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
	dyn<<<1, 128, 128 * sizeof(float), st>>>(f);

	void *cargs[] = {&m};
	cudaLaunchCooperativeKernel((void *)coop, dim3(2), dim3(32), cargs, 0, st);

	cudaLaunchConfig_t lc = {};
	lc.gridDim = dim3(1);
	lc.blockDim = dim3(128);
	lc.dynamicSmemBytes = 512;
	lc.stream = st;
	cudaLaunchKernelEx(&lc, dyn, f);

	cudaStreamSynchronize(st);
	cudaError_t err = cudaPeekAtLastError();
	printf("m[3]=%d mcount=%d h[0]=%d err=%s (%s)\n", m[3], mcount, h[0],
	       cudaGetErrorName(err), cudaGetErrorString(err));
	cudaEventDestroy(e0);
	cudaEventDestroy(e1);
	cudaStreamDestroy(st);
	cudaFreeHost(h);
	cudaFreeHost(f);
	cudaFree(m);
	cudaDeviceReset();
	return 0;
}
