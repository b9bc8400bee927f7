// constant_stencil: a 5-point stencil along a line, its weights in a
// __constant__ table the host fills with cudaMemcpyToSymbol, each block
// staging its part of the input (and a halo) in shared memory.
//
// The bug: no __syncthreads() between filling the tile and reading the
// neighbours' elements, so a thread may read a tile element another warp
// has not written yet (a race on shared memory).
#include <cstdio>
#include <cstdlib>

#define R 2
#define B 128

__constant__ float weights[2 * R + 1];

__global__ void stencil(const float *in, float *out, int n)
{
	__shared__ float tile[B + 2 * R];
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int t = threadIdx.x + R;
	tile[t] = g < n ? in[g] : 0.0f;
	if (threadIdx.x < R) {
		tile[t - R] = g >= R ? in[g - R] : 0.0f;
		tile[t + B] = g + B < n ? in[g + B] : 0.0f;
	}
	// BUG: a __syncthreads() is missing here
	if (g < n) {
		float s = 0.0f;
		for (int k = -R; k <= R; k++)
			s += weights[k + R] * tile[t + k];
		out[g] = s;
	}
}

int main(void)
{
	const int n = 512;
	const float w[2 * R + 1] = { 0.1f, 0.2f, 0.4f, 0.2f, 0.1f };
	cudaMemcpyToSymbol(weights, w, sizeof w);
	float *h = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = 1.0f;
	float *in, *out;
	cudaMalloc(&in, n * sizeof(float));
	cudaMalloc(&out, n * sizeof(float));
	cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	stencil<<<n / B, B>>>(in, out, n);
	cudaMemcpy(h, out, n * sizeof(float), cudaMemcpyDeviceToHost);
	printf("out[100] = %.2f\n", h[100]);
	cudaFree(in);
	cudaFree(out);
	free(h);
	return 0;
}
