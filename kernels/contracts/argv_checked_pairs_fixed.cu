// argv_checked_pairs: out[i] = in[i] + in[i + 1] over n values, n from
// argv[1] (1000 without one).  main rejects an n outside 1..4096 with a
// message and exit(1) before it allocates 4096 floats and launches
// (n + 255) / 256 blocks of 256: n is at most 4096 at the launch.
//
// The bug: the last thread reads in[n], one past the values; at the
// largest n main accepts, 4096, that is past the buffer.
//
// An n past 4096 would read and write past both buffers: main exits first.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define MAX_N 4096

__global__ void pair_sum(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] + (i + 1 < n ? in[i + 1] : 0.0f);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	if (n < 1 || n > MAX_N) {
		fprintf(stderr, "n must be 1..%d\n", MAX_N);
		exit(1);
	}
	float *h = (float *)malloc(MAX_N * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	float *d_in, *d_out;
	cudaMalloc(&d_in, MAX_N * sizeof(float));
	cudaMalloc(&d_out, MAX_N * sizeof(float));
	cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	pair_sum<<<(n + 255) / 256, 256>>>(d_in, d_out, n);
	cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[0] = %g\n", h[0]);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h);
	return 0;
}
