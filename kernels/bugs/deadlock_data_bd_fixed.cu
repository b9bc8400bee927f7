// deadlock_data_bd, fixed twin: the barrier is outside the data-dependent
// branches.
__global__ void deadlock_data_bd(const int *in, int *out)
{
	__shared__ int s_max;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int v = in[gid];
	if (tid == 0)
		s_max = 0;
	__syncthreads();
	if (v > 0)
		atomicMax(&s_max, v);
	__syncthreads(); // FIXED: every thread gets here
	if (v > 0)
		v = s_max - v;
	out[gid] = v;
}
