// multi_unit_b.cu: see multi_unit.cu.  Kernels of the same names as
// multi_unit.cu's, its own __constant__ and __device__ variables, and a
// wrapper the main file calls; `count` is launched with cudaLaunchKernel.
static __constant__ int scale;
__device__ int hits;

static __global__ void fill(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = i * scale + 1000;
}

namespace twice {
__global__ void step(int *p, int n)
{
	int i = threadIdx.x;
	if (i + 1 < n)
		p[i] += p[i + 1];	/* the race: thread i + 1 writes p[i + 1] */
}
}

__global__ void count(const int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && p[i] >= 1000)
		atomicAdd(&hits, 1);
}

extern "C" int b_run(int *d, int n)
{
	int three = 3, zero = 0, h = -1;
	cudaMemcpyToSymbol(scale, &three, sizeof three);
	cudaMemcpyToSymbol(hits, &zero, sizeof zero);
	fill<<<(n + 31) / 32, 32>>>(d, n);	/* i * 3 + 1000 */
	twice::step<<<1, n>>>(d, n);
	void *args[] = { &d, &n };
	cudaLaunchKernel((const void *)count, dim3((n + 31) / 32), dim3(32), args, 0, 0);
	cudaMemcpyFromSymbol(&h, hits, sizeof h);
	return h;
}
