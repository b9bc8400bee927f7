// uniform_store, fixed twin: the uniform-address store is an atomic
// exchange, which GMRace (and simulee-c) must not report.
__global__ void uniform_store(const int *in, int *out)
{
	__shared__ int s_last;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	atomicExch(&s_last, in[gid]); // FIXED: atomic
	__syncthreads();
	out[gid] = s_last;
}
