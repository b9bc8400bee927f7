// launch_kernel_dynshared: a 3-point average through a dynamically sized
// shared tile, extern __shared__ float buf[], of blockDim.x + 2 floats (a
// halo slot on each side).  The host launches it with cudaLaunchKernel and
// a void * argument array, blocks of 128 threads and (128 + 2) *
// sizeof(float) bytes of dynamic shared memory.
//
// The bug: no barrier between storing the tile and reading the neighbours'
// slots buf[tid] and buf[tid + 2].
//
// Less dynamic shared memory than blockDim.x + 2 floats would put the tile's
// end out of bounds: the host passes exactly enough.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128

__global__ void average3(const float *in, float *out, int n)
{
	extern __shared__ float buf[];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	buf[tid + 1] = i < n ? in[i] : 0.0f; // BUG: not ordered before the neighbours' reads
	if (tid == 0)
		buf[0] = i > 0 && i - 1 < n ? in[i - 1] : 0.0f;
	if (tid == blockDim.x - 1)
		buf[blockDim.x + 1] = i + 1 < n ? in[i + 1] : 0.0f;
	// BUG: a __syncthreads() belongs here
	if (i < n)
		out[i] = (buf[tid] + buf[tid + 1] + buf[tid + 2]) / 3.0f; // BUG: reads the neighbours' slots with no barrier
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3000;
	size_t bytes = n * sizeof(float);
	float *h = (float *)malloc(bytes);
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 3);
	float *d_in, *d_out;
	cudaMalloc(&d_in, bytes);
	cudaMalloc(&d_out, bytes);
	cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice);
	dim3 grid((n + BLOCK - 1) / BLOCK), block(BLOCK);
	size_t shmem = (BLOCK + 2) * sizeof(float);
	void *args[] = { &d_in, &d_out, &n };
	cudaError_t err = cudaLaunchKernel((const void *)average3, grid, block, args, shmem, 0);
	if (err != cudaSuccess) {
		fprintf(stderr, "launch failed: %s\n", cudaGetErrorString(err));
		return 1;
	}
	cudaDeviceSynchronize();
	cudaMemcpy(h, d_out, bytes, cudaMemcpyDeviceToHost);
	printf("out[1] = %g\n", h[1]);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h);
	return 0;
}
