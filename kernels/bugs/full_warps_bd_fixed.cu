// full_warps_bd, fixed twin: the barrier is outside the full-warp stage and
// the partial warp adds its elements with an atomic.
#define MAXW 32

__global__ void full_warps_bd(const int *in, int *out)
{
	__shared__ int s_warp[MAXW];
	__shared__ int s_rest;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int nfull = blockDim.x / 32 * 32;
	int v = in[gid];
	if (tid == 0)
		s_rest = 0;
	__syncthreads();
	if (tid < nfull) {
		for (int off = 16; off > 0; off >>= 1)
			v += __shfl_down_sync(0xffffffffu, v, off);
		if (tid % 32 == 0)
			s_warp[tid / 32] = v;
	} else {
		atomicAdd(&s_rest, v);
	}
	__syncthreads(); // FIXED: reached by every thread
	if (tid == 0) {
		int t = s_rest;
		for (int w = 0; w < nfull / 32; w++)
			t += s_warp[w];
		out[blockIdx.x] = t;
	}
}
