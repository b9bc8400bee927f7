// template_sizes: per-block sums by a tree reduction in shared memory, a
// kernel template instantiated at two block sizes, both launched.
//
// The bug: the reduction's steps have no barrier between them, so a
// thread adds a partial sum another warp has not written yet.  Both
// instantiations show it at the same statement; the report lists it once,
// with the other instantiation named.
#include <cstdio>

template <int BLOCK>
__global__ void block_sums(const float *in, float *out, int n)
{
	__shared__ float part[BLOCK];
	int i = blockIdx.x * BLOCK + threadIdx.x;
	part[threadIdx.x] = i < n ? in[i] : 0.0f;
	__syncthreads();
	for (int h = BLOCK / 2; h > 0; h /= 2) {
		if (threadIdx.x < h)
			part[threadIdx.x] += part[threadIdx.x + h]; // BUG: __syncthreads() after each step
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = part[0];
}

int main(void)
{
	const int n = 1000;
	float h[n], sums[8];
	for (int i = 0; i < n; i++)
		h[i] = 1.0f;
	float *in, *out;
	cudaMalloc(&in, n * sizeof(float));
	cudaMalloc(&out, 8 * sizeof(float));
	cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	block_sums<128><<<(n + 127) / 128, 128>>>(in, out, n);
	cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
	block_sums<256><<<(n + 255) / 256, 256>>>(in, out, n);
	cudaMemcpy(sums, out, 4 * sizeof(float), cudaMemcpyDeviceToHost);
	printf("block sums at 128 and 256 threads\n");
	cudaFree(in);
	cudaFree(out);
	return 0;
}
