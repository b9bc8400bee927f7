// ticket_before_publish, fixed: store, fence, then take the ticket, so
// the ticket publishes the store (the programming guide's pattern).
__device__ unsigned int ticket_count = 0;

__global__ void ticket_before_publish(const int *in, int *res, int *sum)
{
	__shared__ bool last;
	unsigned int tid = threadIdx.x;
	if (tid == 0) {
		res[blockIdx.x] = in[blockIdx.x] * 2;
		__threadfence();
		unsigned int t = atomicAdd(&ticket_count, 1u);
		last = t == gridDim.x - 1;
	}
	__syncthreads();
	if (last && tid == 0) {
		int s = 0;
		for (unsigned int b = 0; b < gridDim.x; b++)
			s += res[b];
		sum[0] = s;
		ticket_count = 0;
	}
}
