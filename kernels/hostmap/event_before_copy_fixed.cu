// event_before_copy_fixed: event_before_copy.cu recording the event
// after the copy of the result.
#include <cstdio>
#include <cuda_runtime.h>

#define N 65536
#define BINS 64

__global__ void histogram(int n, const unsigned *in, unsigned *hist)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&hist[in[i] % BINS], 1u);
}

int main()
{
	unsigned *h_in, *h_hist, *d_in, *d_hist;
	cudaMallocHost(&h_in, N * sizeof(unsigned));
	cudaMallocHost(&h_hist, BINS * sizeof(unsigned));
	for (int i = 0; i < N; i++)
		h_in[i] = (unsigned)i * 2654435761u;
	cudaMalloc(&d_in, N * sizeof(unsigned));
	cudaMalloc(&d_hist, BINS * sizeof(unsigned));
	cudaStream_t s;
	cudaEvent_t done;
	cudaStreamCreate(&s);
	cudaEventCreate(&done);
	cudaMemcpyAsync(d_in, h_in, N * sizeof(unsigned), cudaMemcpyHostToDevice, s);
	cudaMemsetAsync(d_hist, 0, BINS * sizeof(unsigned), s);
	histogram<<<N / 256, 256, 0, s>>>(N, d_in, d_hist);
	cudaMemcpyAsync(h_hist, d_hist, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost, s);
	cudaEventRecord(done, s);
	cudaEventSynchronize(done);
	unsigned total = 0;
	for (int b = 0; b < BINS; b++)
		total += h_hist[b];
	printf("%u of %d\n", total, N);
	cudaEventDestroy(done);
	cudaStreamDestroy(s);
	cudaFree(d_in);
	cudaFree(d_hist);
	cudaFreeHost(h_in);
	cudaFreeHost(h_hist);
	return total != N;
}
