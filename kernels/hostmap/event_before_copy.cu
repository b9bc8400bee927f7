// event_before_copy: a histogram computed on a stream, its completion
// tracked with an event.
//
// The bug is in the host code: the event is recorded before the copy of
// the result is enqueued, so cudaEventSynchronize waits for the kernel
// but not for the copy, and the host may read h_hist before the copy has
// written it.  The fix records the event after the copy.
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
	cudaEventRecord(done, s); // BUG: recorded before the copy below
	cudaMemcpyAsync(h_hist, d_hist, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost, s);
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
