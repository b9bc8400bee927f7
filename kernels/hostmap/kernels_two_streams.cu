// kernels_two_streams: a lookup table expands codes into values on one
// stream; the values are summed, and the table's statistics taken, on
// another.
//
// The bug is in the host code: sum_values on s2 reads d_vals, which
// expand writes on s1, with nothing ordering the streams.  table_stats
// reads the table on s2 as well, but expand only reads it: two readers
// are no race.  The fix runs sum_values on s1, after expand.
#include <cstdio>
#include <cuda_runtime.h>

#define N 4096
#define LUT 256

__global__ void expand(int n, const unsigned char *codes, const float *lut, float *vals)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		vals[i] = lut[codes[i]];
}

__global__ void sum_values(int n, const float *vals, float *sum)
{
	float t = 0;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		t += vals[i];
	atomicAdd(sum, t);
}

__global__ void table_stats(const float *lut, float *stats)
{
	if (threadIdx.x == 0) {
		float lo = lut[0], hi = lut[0];
		for (int i = 1; i < LUT; i++) {
			lo = fminf(lo, lut[i]);
			hi = fmaxf(hi, lut[i]);
		}
		stats[0] = lo;
		stats[1] = hi;
	}
}

int main()
{
	static unsigned char h_codes[N];
	static float h_lut[LUT];
	for (int i = 0; i < N; i++)
		h_codes[i] = (unsigned char)(i * 7);
	for (int i = 0; i < LUT; i++)
		h_lut[i] = 0.5f * i;
	unsigned char *d_codes;
	float *d_lut, *d_vals, *d_sum, *d_stats;
	cudaMalloc(&d_codes, N);
	cudaMalloc(&d_lut, LUT * sizeof(float));
	cudaMalloc(&d_vals, N * sizeof(float));
	cudaMalloc(&d_sum, sizeof(float));
	cudaMalloc(&d_stats, 2 * sizeof(float));
	cudaMemcpy(d_codes, h_codes, N, cudaMemcpyHostToDevice);
	cudaMemcpy(d_lut, h_lut, LUT * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemset(d_sum, 0, sizeof(float));
	cudaStream_t s1, s2;
	cudaStreamCreate(&s1);
	cudaStreamCreate(&s2);
	expand<<<N / 256, 256, 0, s1>>>(N, d_codes, d_lut, d_vals);
	sum_values<<<1, 256, 0, s2>>>(N, d_vals, d_sum); // BUG: may run before expand
	table_stats<<<1, 32, 0, s2>>>(d_lut, d_stats);
	cudaDeviceSynchronize();
	float sum, stats[2];
	cudaMemcpy(&sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(stats, d_stats, sizeof stats, cudaMemcpyDeviceToHost);
	printf("%g %g %g\n", sum, stats[0], stats[1]);
	cudaStreamDestroy(s1);
	cudaStreamDestroy(s2);
	cudaFree(d_codes);
	cudaFree(d_lut);
	cudaFree(d_vals);
	cudaFree(d_sum);
	cudaFree(d_stats);
	return 0;
}
