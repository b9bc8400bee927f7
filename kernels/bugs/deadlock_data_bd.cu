// deadlock_data_bd: in the spirit of the GKLEE deadlock_2 test of the
// Simulee paper (Table 2): the barrier sits under a condition on the input
// data, so the block diverges only for inputs where some, but not all, of
// its elements are positive.
__global__ void deadlock_data_bd(const int *in, int *out)
{
	__shared__ int s_max;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int v = in[gid];
	if (tid == 0)
		s_max = 0;
	__syncthreads();
	if (v > 0) { // BUG: a data-dependent condition around a barrier
		atomicMax(&s_max, v);
		__syncthreads(); // BUG: reached only by the threads with a positive input
		v = s_max - v;
	}
	out[gid] = v;
}
