// launch_bounds_scan, fixed twin: a library kernel, an inclusive scan of each
// block's elements (Hillis-Steele) in __shared__ int s[SCAN_THREADS],
// declared __launch_bounds__(SCAN_THREADS): blocks of at most 128 threads.
// The block totals go to block_sums[] for a second pass.  The file has no
// host code that launches it: callers link against it, so the declared
// bound is the whole contract.
//
// The fix: a barrier after each step's addition as well as before it.
//
// Blocks of more than 128 threads would still store past the end of s[]:
// the declared bound rules them out.
#include <cuda_runtime.h>

#define SCAN_THREADS 128

__global__ void __launch_bounds__(SCAN_THREADS)
block_scan(const int *in, int *out, int *block_sums, int n)
{
	__shared__ int s[SCAN_THREADS];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (int off = 1; off < blockDim.x; off <<= 1) {
		int t = tid >= off ? s[tid - off] : 0;
		__syncthreads();
		s[tid] += t;
		__syncthreads(); // FIXED: the step's additions end before the next step reads
	}
	if (i < n)
		out[i] = s[tid];
	if (tid == blockDim.x - 1)
		block_sums[blockIdx.x] = s[tid];
}
