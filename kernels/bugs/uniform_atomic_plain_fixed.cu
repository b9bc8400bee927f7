// uniform_atomic_plain, fixed twin: a barrier between the atomic updates
// and the plain read.
__global__ void uniform_atomic_plain(const int *in, int thr, int *out)
{
	__shared__ int s_count;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid == 0)
		s_count = 0;
	__syncthreads();
	if (in[gid] > thr)
		atomicAdd(&s_count, 1);
	__syncthreads(); // FIXED
	out[gid] = s_count;
}
