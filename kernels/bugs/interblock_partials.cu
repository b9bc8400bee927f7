// interblock_partials: each block sums its segment and stores the sum in
// partial[blockIdx.x]; block 0 then adds up every block's partial in the
// same launch, assuming the other blocks have finished.  Blocks are not
// ordered, so block 0's loads race with the other blocks' stores.
__global__ void interblock_partials(const int *in, int *partial, int *total)
{
	__shared__ int s_sum;
	int tid = threadIdx.x;
	if (tid == 0)
		s_sum = 0;
	__syncthreads();
	atomicAdd(&s_sum, in[blockIdx.x * blockDim.x + tid]);
	__syncthreads();
	if (tid == 0) {
		partial[blockIdx.x] = s_sum; // BUG: block 0 may load it before this store
		if (blockIdx.x == 0) {
			int t = 0;
			for (int b = 0; b < gridDim.x; b++)
				t += partial[b]; // BUG: loads other blocks' partials in the same launch
			*total = t;
		}
	}
}
