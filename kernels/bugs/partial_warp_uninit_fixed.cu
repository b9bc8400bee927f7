// partial_warp_uninit, fixed twin: the last live lane of each warp publishes
// the warp's sum.
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
	if (lane == 31 || tid == blockDim.x - 1) // FIXED: the last thread of a partial warp
		s_warp[tid / 32] = v;
	__syncthreads();
	if (tid == 0) {
		int t = 0;
		for (int w = 0; w < (blockDim.x + 31) / 32; w++)
			t += s_warp[w];
		out[blockIdx.x] = t;
	}
}
