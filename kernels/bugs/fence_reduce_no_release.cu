// fence_reduce_no_release: the "last block" reduction of the CUDA
// programming guide's __threadfence() example, with the fence before the
// ticket removed.  Thread 0 of each block stores its partial sum and takes
// a ticket with atomicInc; the block that draws the last ticket adds up
// every partial sum.  Without a fence between the store and the atomic,
// nothing orders an earlier block's store before the last block's reads:
// the atomic hands over only what was fenced before it.
__device__ unsigned int tickets = 0;

__global__ void fence_reduce_no_release(const int *in, int *partial, int *result, int n)
{
	__shared__ int s[128];
	__shared__ bool last;
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
		partial[blockIdx.x] = s[0]; // BUG: not fenced before the ticket
		unsigned int ticket = atomicInc(&tickets, gridDim.x); // BUG: releases nothing
		last = ticket == gridDim.x - 1;
	}
	__syncthreads();
	if (last && tid == 0) {
		int total = 0;
		for (unsigned int b = 0; b < gridDim.x; b++)
			total += partial[b]; // BUG: reads stores no release published
		result[0] = total;
		tickets = 0; // BUG: not ordered after the other blocks' tickets
	}
}
