// stream_array_partials_fixed: stream_array_partials.cu copying the
// partial sums back before adding them up.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NSTREAMS 4
#define CHUNK 1024

__global__ void chunk_sum(const float *in, float *part)
{
	float t = 0;
	for (int i = threadIdx.x; i < CHUNK; i += blockDim.x)
		t += in[i];
	atomicAdd(part, t);
}

int main()
{
	cudaStream_t *streams = (cudaStream_t *)malloc(NSTREAMS * sizeof(cudaStream_t));
	cudaEvent_t *done = (cudaEvent_t *)malloc(NSTREAMS * sizeof(cudaEvent_t));
	for (int i = 0; i < NSTREAMS; i++) {
		cudaStreamCreate(&streams[i]);
		cudaEventCreate(&done[i]);
	}
	float *h_in, *h_part = (float *)malloc(NSTREAMS * sizeof(float));
	cudaMallocHost(&h_in, NSTREAMS * CHUNK * sizeof(float));
	float *p = h_in;
	for (int i = 0; i < NSTREAMS * CHUNK; i++)
		*p++ = (float)(i % 10);
	float *d_in, *d_part;
	cudaMalloc(&d_in, NSTREAMS * CHUNK * sizeof(float));
	cudaMalloc(&d_part, NSTREAMS * sizeof(float));
	for (int i = 0; i < NSTREAMS; i++) {
		cudaMemcpyAsync(d_in + i * CHUNK, h_in + i * CHUNK, CHUNK * sizeof(float),
				cudaMemcpyHostToDevice, streams[i]);
		cudaMemsetAsync(d_part + i, 0, sizeof(float), streams[i]);
		chunk_sum<<<1, 256, 0, streams[i]>>>(d_in + i * CHUNK, d_part + i);
		cudaEventRecord(done[i], streams[i]);
	}
	for (int i = 0; i < NSTREAMS; i++)
		cudaEventSynchronize(done[i]);
	cudaMemcpy(h_part, d_part, NSTREAMS * sizeof(float), cudaMemcpyDeviceToHost);
	float total = 0;
	for (int i = 0; i < NSTREAMS; i++)
		total += h_part[i];
	printf("%g\n", total);
	for (int i = 0; i < NSTREAMS; i++) {
		cudaStreamDestroy(streams[i]);
		cudaEventDestroy(done[i]);
	}
	cudaFree(d_in);
	cudaFree(d_part);
	cudaFreeHost(h_in);
	free(h_part);
	free(streams);
	free(done);
	return 0;
}
