// stencil3d_big: a 7-point 3-D stencil on a 256^3 volume, launched by its
// host code: what the default search does to memory on a large launch
// (docs/PERFORMANCE.md, "Memory per process").  Not part of the corpus.
#include <cuda_runtime.h>

__global__ void lap3d(const float *in, float *out, int nx, int ny, int nz)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int z = blockIdx.z * blockDim.z + threadIdx.z;
	if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1)
		return;
	int s = nx * ny, i = z * s + y * nx + x;
	out[i] = 6.0f * in[i] - in[i - 1] - in[i + 1] - in[i - nx] - in[i + nx] - in[i - s] - in[i + s];
}

int main(void)
{
	const int n = 256;
	size_t bytes = (size_t)n * n * n * sizeof(float);
	float *in, *out;
	cudaMalloc(&in, bytes);
	cudaMalloc(&out, bytes);
	cudaMemset(in, 0, bytes);
	dim3 block(8, 8, 8), grid(n / 8, n / 8, n / 8);
	lap3d<<<grid, block>>>(in, out, n, n, n);
	cudaDeviceSynchronize();
	cudaFree(in);
	cudaFree(out);
	return 0;
}
