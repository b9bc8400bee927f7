// interblock_partials, fixed twin: every block adds its sum to the total
// atomically instead of block 0 reading the others' partials.
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
		partial[blockIdx.x] = s_sum;
		atomicAdd(total, s_sum); // FIXED
	}
}
