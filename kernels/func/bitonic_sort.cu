// bitonic_sort: every block sorts its segment of blockDim.x ints (a power
// of two, at most 512) ascending with a bitonic network in shared memory.
#include <assert.h>

__global__ void bitonic_sort(int *data)
{
	__shared__ int s[512];
	assert(blockDim.x <= 512 && (blockDim.x & (blockDim.x - 1)) == 0);
	unsigned int tid = threadIdx.x;
	unsigned int base = blockIdx.x * blockDim.x;
	s[tid] = data[base + tid];
	__syncthreads();
	for (unsigned int k = 2; k <= blockDim.x; k <<= 1) {
		for (unsigned int j = k >> 1; j > 0; j >>= 1) {
			unsigned int p = tid ^ j;
			if (p > tid) {
				int a = s[tid], b = s[p];
				bool up = (tid & k) == 0;
				if ((a > b) == up) {
					s[tid] = b;
					s[p] = a;
				}
			}
			__syncthreads();
		}
	}
	data[base + tid] = s[tid];
}
