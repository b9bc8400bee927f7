// app3.cu: managed and mapped memory shared by host and simulated device,
// a pointer inside a by-value struct, dynamic shared memory, a race the
// host's real data exposes, an out-of-bounds access, and a failed assert
// that must leave a sticky error.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

struct View { float *data; int n; };

__global__ void fill(View v, float x)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < v.n)
		v.data[i] = x + i;
}

// reverses each block's tile through dynamic shared memory; the barrier is
// missing only when the host asks for it (flag from argv)
__global__ void reverse(float *p, int sync)
{
	extern __shared__ float s[];
	int t = threadIdx.x, base = blockIdx.x * blockDim.x;
	s[t] = p[base + t];
	if (sync)
		__syncthreads();
	p[base + t] = s[blockDim.x - 1 - t];
}

__global__ void overrun(int *q, int n)
{
	q[threadIdx.x] = n;	// the host launches more threads than q has
}

__global__ void check(const float *p, int n)
{
	int i = threadIdx.x;
	if (i < n)
		assert(p[i] >= 0.0f);
}

int main(int argc, char **argv)
{
	int sync = argc > 1 ? atoi(argv[1]) : 1;
	int n = 128;
	float *m;
	cudaMallocManaged(&m, n * sizeof(float));
	for (int i = 0; i < n; i++)
		m[i] = -1.0f;
	fill<<<2, 64>>>(View{m, n}, 10.0f);
	cudaDeviceSynchronize();
	printf("host reads managed m[5]=%g (expect 15)\n", m[5]);

	reverse<<<2, 64, 64 * sizeof(float)>>>(m, sync);
	cudaDeviceSynchronize();
	printf("after reverse m[0]=%g m[63]=%g (expect 73 10)\n", m[0], m[63]);

	int *h;
	cudaHostAlloc(&h, 16 * sizeof(int), cudaHostAllocMapped);
	int *hd;
	cudaHostGetDevicePointer(&hd, h, 0);
	overrun<<<1, 20>>>(hd, 7);
	cudaDeviceSynchronize();
	printf("mapped h[3]=%d (expect 7)\n", h[3]);

	m[9] = -5.0f;
	check<<<1, 32>>>(m, n);
	cudaError_t e = cudaDeviceSynchronize();
	printf("after failed assert: %s; cudaMalloc then: %s\n", cudaGetErrorString(e),
	       cudaGetErrorString(cudaMalloc(&hd, 4)));
	return 0;
}
