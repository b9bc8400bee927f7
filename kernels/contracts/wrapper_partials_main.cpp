// The program's host side: n from argv[1] (4096 without one), rejected
// past what the device's partial sums hold.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

extern "C" void launch_block_sum(dim3 grid, dim3 block, const float *in, int n);
extern "C" void fetch_partials(float *h, int nblocks);

const int BLOCK = 256;
const int MAX_N = 16 * BLOCK;

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : MAX_N;
	if (n < 1 || n > MAX_N) {
		fprintf(stderr, "n must be 1..%d\n", MAX_N);
		exit(1);
	}
	float *h = (float *)calloc(MAX_N, sizeof(float));
	float *d;
	cudaMalloc(&d, MAX_N * sizeof(float));
	cudaMemcpy(d, h, MAX_N * sizeof(float), cudaMemcpyHostToDevice);
	int blocks = (n + BLOCK - 1) / BLOCK;
	launch_block_sum(dim3(blocks), dim3(BLOCK), d, n);
	fetch_partials(h, blocks);
	float sum = 0;
	for (int b = 0; b < blocks; b++)
		sum += h[b];
	printf("%f\n", sum);
	cudaFree(d);
	free(h);
	return 0;
}
