// fence_reduce_no_release, fixed: __threadfence() between the store of the
// partial sum and the ticket publishes the store with the ticket (the
// programming guide's pattern); the last block reads after its own ticket.
__device__ unsigned int tickets = 0;

__global__ void fence_reduce_no_release(const int *in, int *partial, int *result, int n)
{
	__shared__ int s[128];
	__shared__ bool last;
	assert(blockDim.x == 128); // the contract: the block the kernel is written for
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
		unsigned int ticket = atomicInc(&tickets, gridDim.x);
		last = ticket == gridDim.x - 1;
	}
	__syncthreads();
	if (last && tid == 0) {
		int total = 0;
		for (unsigned int b = 0; b < gridDim.x; b++)
			total += partial[b];
		result[0] = total;
		tickets = 0;
	}
}
