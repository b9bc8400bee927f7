// launch_bounds_scan: a library kernel, an inclusive scan of each block's
// elements (Hillis-Steele) in __shared__ int s[SCAN_THREADS], declared
// __launch_bounds__(SCAN_THREADS): blocks of at most 128 threads.  The block
// totals go to block_sums[] for a second pass.  The file has no host code
// that launches it: callers link against it, so the declared bound is the
// whole contract.
//
// The bug: each step has the barrier between reading s[tid - off] and
// adding to s[tid], but not the one after the addition, so the next step
// can read a slot before its owner has added to it.
//
// Blocks of more than 128 threads would store past the end of s[]: the
// declared bound rules them out.
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
		int t = tid >= off ? s[tid - off] : 0; // BUG: may read before the owner's last addition
		__syncthreads();
		s[tid] += t; // BUG: not ordered before the next step's read
		// BUG: a __syncthreads() belongs here
	}
	if (i < n)
		out[i] = s[tid];
	if (tid == blockDim.x - 1)
		block_sums[blockIdx.x] = s[tid];
}
