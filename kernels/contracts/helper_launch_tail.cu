// helper_launch_tail: a 2-point smoothing, out[i] = (in[i] + in[i + 1]) / 2
// (the last element kept), read through a 256-slot shared tile.  The host
// launches it from a helper, launch(in, out, n), with grid (n + 255) / 256
// and blocks of 256, and main calls the helper twice: n = 4096 and n = 1000.
//
// The bug: the right-hand neighbour is taken from the tile whenever the
// thread is not the last of its block, even when the neighbour is past the
// end of the data: in the last block of a launch whose n is not a multiple
// of 256, thread n - 1 reads a slot that no thread stored.  n = 4096 is a
// multiple of 256; n = 1000 is not.
//
// An n beyond the 4096 elements main allocates, or blocks of more than 256
// threads, would access out of bounds: the program makes no such launch.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 256
#define MAX_N 4096

__global__ void smooth(const float *in, float *out, int n)
{
	__shared__ float t[BLOCK];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	if (i < n)
		t[tid] = in[i];
	__syncthreads();
	if (i < n) {
		float right;
		if (tid + 1 < blockDim.x)
			right = t[tid + 1]; // BUG: past the end of the data in the last block
		else
			right = i + 1 < n ? in[i + 1] : t[tid];
		out[i] = 0.5f * (t[tid] + right);
	}
}

void launch(const float *in, float *out, int n)
{
	smooth<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n);
}

int main()
{
	float *h = (float *)malloc(MAX_N * sizeof(float));
	for (int i = 0; i < MAX_N; i++)
		h[i] = (float)(i % 10);
	float *d_in, *d_out;
	cudaMalloc(&d_in, MAX_N * sizeof(float));
	cudaMalloc(&d_out, MAX_N * sizeof(float));
	cudaMemcpy(d_in, h, MAX_N * sizeof(float), cudaMemcpyHostToDevice);
	launch(d_in, d_out, 4096);
	launch(d_in, d_out, 1000);
	cudaDeviceSynchronize();
	cudaMemcpy(h, d_out, MAX_N * sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[998] = %g, out[999] = %g\n", h[998], h[999]);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h);
	return 0;
}
