// full_warps_bd: a kernel written for block sizes that are a multiple of 32.
// Only the threads of complete warps take part in a warp-shuffle stage,
// and that stage ends with a block barrier; with a partial last warp
// (blockDim.x % 32 != 0) those threads skip the barrier.
#define MAXW 32

__global__ void full_warps_bd(const int *in, int *out)
{
	__shared__ int s_warp[MAXW];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int nfull = blockDim.x / 32 * 32;
	int v = in[gid];
	if (tid < nfull) { // BUG: assumes every warp is complete
		for (int off = 16; off > 0; off >>= 1)
			v += __shfl_down_sync(0xffffffffu, v, off);
		if (tid % 32 == 0)
			s_warp[tid / 32] = v;
		__syncthreads(); // BUG: the partial warp's threads never get here
	}
	if (tid == 0) {
		int t = 0;
		for (int w = 0; w < nfull / 32; w++)
			t += s_warp[w];
		out[blockIdx.x] = t;
	}
}
