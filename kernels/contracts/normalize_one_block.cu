// normalize_one_block: scales a vector in place so that it sums to one.  The
// whole vector is reduced by ONE block (the host launches <<<1, THREADS>>>):
// every thread sums a strided slice, the block reduces the partial sums in
// shared memory, and every thread then divides its slice by the total.
//
// The bug: the tree reduction has no barrier between its steps, so a thread
// reads s[tid + h] before the thread that owns it has added to it.
//
// Launched with several blocks the kernel would also race across blocks
// (every block rewrites x[] while the others still read it), but the
// program never launches it so: that is outside its contract.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define THREADS 256

__global__ void normalize(float *x, int n)
{
	__shared__ float s[THREADS];
	int tid = threadIdx.x;
	float acc = 0.0f;
	for (int i = tid; i < n; i += blockDim.x)
		acc += x[i];
	s[tid] = acc;
	__syncthreads();
	for (int h = blockDim.x / 2; h > 0; h >>= 1) {
		if (tid < h)
			s[tid] += s[tid + h]; // BUG: no barrier between the steps of the tree
		// BUG: a __syncthreads() belongs here
	}
	float total = s[0]; // BUG: read before thread 0's last addition is ordered
	for (int i = tid; i < n; i += blockDim.x)
		x[i] = x[i] / total;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10000;
	size_t bytes = (size_t)n * sizeof(float);
	float *h = (float *)malloc(bytes);
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 7 + 1);
	float *d;
	cudaMalloc(&d, bytes);
	cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
	normalize<<<1, THREADS>>>(d, n);
	cudaDeviceSynchronize();
	cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
	double sum = 0.0;
	for (int i = 0; i < n; i++)
		sum += h[i];
	printf("sum after normalize: %f\n", sum);
	cudaFree(d);
	free(h);
	return 0;
}
