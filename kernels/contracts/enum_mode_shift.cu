// enum_mode_shift: one kernel for three element-wise transforms chosen by an
// enum parameter, enum Mode { MODE_COPY, MODE_SHIFT, MODE_SCALE }.  Each
// block stages its elements in __shared__ float s[256]; MODE_SHIFT rotates
// the block's elements by one (out[i] = s[(tid + 1) % blockDim.x]).  The
// host scales a vector (MODE_SCALE), then rotates the result (MODE_SHIFT),
// both with blocks of 256 threads.
//
// The bug is in MODE_SHIFT's branch only: it reads another thread's slot
// with no barrier after the stores.  The MODE_SCALE launch has no finding.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 256

enum Mode { MODE_COPY, MODE_SHIFT, MODE_SCALE };

__global__ void transform(const float *in, float *out, int n, Mode mode, float k)
{
	__shared__ float s[256];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < n ? in[i] : 0.0f; // BUG: not ordered before MODE_SHIFT's read
	float v;
	switch (mode) {
	case MODE_COPY:
		v = s[tid];
		break;
	case MODE_SHIFT:
		// BUG: a __syncthreads() belongs here, before reading another thread's slot
		v = s[(tid + 1) % blockDim.x]; // BUG: reads the next thread's slot with no barrier
		break;
	default:
		v = k * s[tid];
		break;
	}
	if (i < n)
		out[i] = v;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2048;
	size_t bytes = n * sizeof(float);
	float *h = (float *)malloc(bytes);
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	float *d_in, *d_tmp, *d_out;
	cudaMalloc(&d_in, bytes);
	cudaMalloc(&d_tmp, bytes);
	cudaMalloc(&d_out, bytes);
	cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice);
	int grid = (n + BLOCK - 1) / BLOCK;
	transform<<<grid, BLOCK>>>(d_in, d_tmp, n, MODE_SCALE, 0.5f);
	transform<<<grid, BLOCK>>>(d_tmp, d_out, n, MODE_SHIFT, 1.0f);
	cudaDeviceSynchronize();
	cudaMemcpy(h, d_out, bytes, cudaMemcpyDeviceToHost);
	printf("out[0] = %g, out[255] = %g\n", h[0], h[255]);
	cudaFree(d_in);
	cudaFree(d_tmp);
	cudaFree(d_out);
	free(h);
	return 0;
}
