// histogram: per-block histogram in shared memory with atomicAdd, merged
// into the global one with atomicAdd; a grid-stride loop over the input.
// Values are taken modulo nbins (nbins <= 64).
#include <assert.h>

__global__ void histogram(const unsigned int *data, unsigned int *bins, int n, int nbins)
{
	__shared__ unsigned int local[64];
	assert(nbins > 0 && nbins <= 64);
	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&local[data[i] % nbins], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		atomicAdd(&bins[b], local[b]);
}
