// fence_reduce: single-pass reduction in the style of the CUDA sample
// threadFenceReduction.  Each block reduces in shared memory and thread 0
// publishes the block's partial sum, fences, and takes a ticket with
// atomicInc on a __device__ counter; the block that draws the last ticket
// fences again and adds up all partial sums.  The two fences make the
// hand-over well-defined in the PTX memory model.  blockDim.x is a power
// of two, at most 256.
#include <assert.h>

__device__ unsigned int retired = 0;

__global__ void fence_reduce(const int *in, int *partial, int *result, int n)
{
	__shared__ int s[256];
	__shared__ bool last;
	assert(blockDim.x <= 256 && (blockDim.x & (blockDim.x - 1)) == 0);
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < (unsigned int)n ? in[i] : 0;
	__syncthreads();
	for (unsigned int st = blockDim.x / 2; st > 0; st >>= 1) {
		if (tid < st)
			s[tid] += s[tid + st];
		__syncthreads();
	}
	if (tid == 0) {
		partial[blockIdx.x] = s[0];
		__threadfence();
		unsigned int ticket = atomicInc(&retired, gridDim.x);
		__threadfence();
		last = ticket == gridDim.x - 1;
	}
	__syncthreads();
	if (last && tid == 0) {
		int total = 0;
		for (unsigned int b = 0; b < gridDim.x; b++)
			total += partial[b];
		result[0] = total;
		retired = 0;
	}
}
