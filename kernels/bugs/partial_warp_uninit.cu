// partial_warp_uninit: per-warp partial sums published by lane 31 of each
// warp, then combined by thread 0 over (blockDim.x + 31) / 32 warps.  With a
// partial last warp (blockDim.x % 32 != 0) there is no lane 31 in it, so its
// slot is never written and thread 0 reads uninitialized shared memory.
#define MAXW 32

__global__ void partial_warp_uninit(const int *in, int *out)
{
	__shared__ int s_warp[MAXW];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int lane = tid % 32;
	int v = in[gid];
	for (int off = 1; off < 32; off *= 2) {
		int u = __shfl_up_sync(__activemask(), v, off);
		if (lane >= off)
			v += u;
	}
	if (lane == 31) // BUG: assumes every warp has a lane 31
		s_warp[tid / 32] = v;
	__syncthreads();
	if (tid == 0) {
		int t = 0;
		for (int w = 0; w < (blockDim.x + 31) / 32; w++)
			t += s_warp[w]; // BUG: the partial warp's slot is never written
		out[blockIdx.x] = t;
	}
}
