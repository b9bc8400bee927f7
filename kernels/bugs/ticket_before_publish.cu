// ticket_before_publish: a "last block sums up" hand-over in which each
// block takes its ticket before it publishes its result.  The fence after
// the store publishes nothing (no atomic follows it), and the ticket the
// last block reads was taken before the others stored: on hardware the
// last block can read a result that is not there yet.
__device__ unsigned int ticket_count = 0;

__global__ void ticket_before_publish(const int *in, int *res, int *sum)
{
	__shared__ bool last;
	unsigned int tid = threadIdx.x;
	if (tid == 0) {
		unsigned int t = atomicAdd(&ticket_count, 1u); // BUG: no fence before: releases nothing
		last = t == gridDim.x - 1;
		res[blockIdx.x] = in[blockIdx.x] * 2; // BUG: stored after the ticket was taken
		__threadfence();
	}
	__syncthreads();
	if (last && tid == 0) {
		int s = 0;
		for (unsigned int b = 0; b < gridDim.x; b++)
			s += res[b]; // BUG: the ticket did not hand these stores over
		sum[0] = s;
		ticket_count = 0; // BUG: not ordered after the other blocks' tickets
	}
}
