// reduce_shared: classic tree reduction of floats in shared memory.  Each
// block sums blockDim.x (a power of two, at most 256) elements of in[] and
// writes its partial sum to out[blockIdx.x].  Elements past n count as 0.
#include <assert.h>

#define MAX_BLOCK 256

__global__ void reduce_shared(const float *in, float *out, int n)
{
	__shared__ float buf[MAX_BLOCK];
	assert(blockDim.x <= MAX_BLOCK && (blockDim.x & (blockDim.x - 1)) == 0);
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + tid;
	buf[tid] = i < (unsigned int)n ? in[i] : 0.0f;
	__syncthreads();
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			buf[tid] += buf[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = buf[0];
}
