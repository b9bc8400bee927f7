// multi_unit: a program of three CUDA files and a C file, as benchmark
// suites split theirs.  Each CUDA file has a static kernel `fill` and a
// static __constant__ `scale` of the same names, which must stay its own
// (CUDA gives each file its own module); multi_unit_b.cu's `twice::step`
// and this file's `once::step` share a name in different namespaces.
// main launches this file's kernels, multi_unit_c.cu's `shift` directly
// (declared here, defined there), and multi_unit_b.cu's through its
// extern "C" wrapper.  The one bug: multi_unit_b.cu's `twice::step`
// reads its neighbour's element while the neighbour writes it.
#include <cstdio>

extern "C" int b_run(int *d, int n);	/* multi_unit_b.cu */
extern "C" long checksum(const int *v, int n);	/* multi_unit_sum.c */
__global__ void shift(int *p, int n, int by);	/* multi_unit_c.cu */

static __constant__ int scale;

static __global__ void fill(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = i * scale;
}

namespace once {
__global__ void step(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] += 1;
}
}

int main()
{
	const int n = 64;
	int h[n], *d;
	int two = 2;
	cudaMalloc(&d, sizeof h);
	cudaMemcpyToSymbol(scale, &two, sizeof two);
	fill<<<2, 32>>>(d, n);			/* i * 2 */
	once::step<<<2, 32>>>(d, n);		/* + 1 */
	shift<<<2, 32>>>(d, n, 10);		/* + 10 */
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("a: h[5] = %d, sum %ld\n", h[5], checksum(h, n));
	int hits = b_run(d, n);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("b: h[5] = %d, hits %d, err %d\n", h[5], hits, (int)cudaGetLastError());
	cudaFree(d);
	return 0;
}
