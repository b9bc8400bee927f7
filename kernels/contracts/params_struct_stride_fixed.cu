// params_struct_stride, fixed twin: decimation by summing, configured by a
// struct passed by value, struct Params { int n; int stride; float scale; }:
// output j is scale times the sum of the stride inputs j * stride .. j *
// stride + stride - 1.  One thread per input; the host fills Params with n =
// 4096, stride = 4, scale = 0.25 and sizes out[] to n / stride elements.
//
// The fix: the stride threads of one output add into it with atomicAdd.
// With stride 0 there would still be a division by zero, and with stride
// below 4 out[] would still be too small: the host passes none of those
// values.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Params {
	int n;
	int stride;
	float scale;
};

__global__ void decimate(const float *in, float *out, Params p)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < p.n)
		atomicAdd(&out[i / p.stride], in[i] * p.scale); // FIXED: stride threads add to one output
}

int main()
{
	Params p;
	p.n = 4096;
	p.stride = 4;
	p.scale = 1.0f / p.stride;
	int n_out = p.n / p.stride;
	float *h_in = (float *)malloc(p.n * sizeof(float));
	float *h_out = (float *)malloc(n_out * sizeof(float));
	for (int i = 0; i < p.n; i++)
		h_in[i] = (float)(i % 8);
	float *d_in, *d_out;
	cudaMalloc(&d_in, p.n * sizeof(float));
	cudaMalloc(&d_out, n_out * sizeof(float));
	cudaMemcpy(d_in, h_in, p.n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemset(d_out, 0, n_out * sizeof(float));
	int threads = 256;
	int blocks = (p.n + threads - 1) / threads;
	decimate<<<blocks, threads>>>(d_in, d_out, p);
	cudaDeviceSynchronize();
	cudaMemcpy(h_out, d_out, n_out * sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[0] = %g, out[1] = %g\n", h_out[0], h_out[1]);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h_in);
	free(h_out);
	return 0;
}
