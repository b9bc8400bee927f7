// buffer_names: one buffer, two kernels, two parameter names.
//
// fill writes the buffer as its `dst`; total then reads it as its `src`
// and reads one element past its end (the bound is i <= n).  The finding
// is total's, so it names the buffer as total does: src[256], not fill's
// dst[256] (a buffer is named, launch by launch, after the parameter of
// that launch's kernel it is passed as).
#include <cstdio>

__global__ void fill(int *dst, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		dst[i] = 1;
}

__global__ void total(const int *src, int *sum, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i <= n) // BUG: i < n
		atomicAdd(sum, src[i]);
}

int main()
{
	const int n = 256;
	int *buf, *sum, h = 0;
	cudaMalloc(&buf, n * sizeof(int));
	cudaMalloc(&sum, sizeof(int));
	cudaMemset(sum, 0, sizeof(int));
	fill<<<n / 64, 64>>>(buf, n);
	total<<<n / 64 + 1, 64>>>(buf, sum, n);
	cudaMemcpy(&h, sum, sizeof h, cudaMemcpyDeviceToHost);
	printf("sum %d\n", h);
	cudaFree(buf);
	cudaFree(sum);
	return 0;
}
