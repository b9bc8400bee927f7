// app1.cu: the host side of a small CUDA program, for the registration
// experiment: <<<>>> launches, a __constant__ table, a __device__ variable,
// a kernel template, a by-value struct and a direct cudaLaunchKernel.
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float coef[4];
__device__ int counter;
__device__ float table[8] = {1, 2, 3, 4, 5, 6, 7, 8};

struct Params {
	int n;
	float scale;
	const float *src;
	double bias;
};

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] * coef[i & 3] + b[i];
	if (i == 0)
		atomicAdd(&counter, 1);
}

template <typename T, int K>
__global__ void scale(T *x, T s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = x[i] * s + K;
}

__global__ void bystruct(Params p, float *out)
{
	int i = threadIdx.x;
	if (i < p.n)
		out[i] = p.src[i] * p.scale + (float)p.bias;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	size_t bytes = n * sizeof(float);
	float *ha = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
	for (int i = 0; i < n; i++)
		ha[i] = (float)i;
	float h_coef[4] = {1.f, 2.f, 3.f, 4.f};
	cudaMemcpyToSymbol(coef, h_coef, sizeof h_coef);
	int zero = 0;
	cudaMemcpyToSymbol(counter, &zero, sizeof zero, 0, cudaMemcpyHostToDevice);

	float *da, *db, *dc;
	cudaMalloc(&da, bytes);
	cudaMalloc((void **)&db, bytes);
	cudaMalloc(&dc, bytes);
	cudaMemcpy(da, ha, bytes, cudaMemcpyHostToDevice);
	cudaMemset(db, 0, bytes);

	int block = 256, grid = (n + block - 1) / block;
	vadd<<<grid, block>>>(da, db, dc, n);
	printf("after vadd: %s\n", cudaGetErrorString(cudaGetLastError()));

	scale<float, 3><<<dim3(grid, 1, 1), dim3(block), 0, 0>>>(dc, 2.0f, n);
	scale<int, 1><<<1, 32>>>((int *)db, 7, 32);

	Params p = {n < 64 ? n : 64, 0.5f, da, 1.25};
	bystruct<<<1, 64>>>(p, dc);

	float s = 3.0f;
	void *args[] = {&dc, &s, &n};
	cudaLaunchKernel((const void *)scale<float, 3>, dim3(grid), dim3(block), args, 0, 0);

	vadd<<<0, 256>>>(da, db, dc, n);	/* invalid: zero grid */
	printf("zero grid: %s\n", cudaGetErrorString(cudaGetLastError()));

	cudaDeviceSynchronize();
	cudaMemcpy(hc, dc, bytes, cudaMemcpyDeviceToHost);
	int cnt = -1;
	cudaMemcpyFromSymbol(&cnt, counter, sizeof cnt);
	printf("hc[1]=%g counter=%d\n", hc[1], cnt);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	free(ha);
	free(hc);
	return 0;
}
