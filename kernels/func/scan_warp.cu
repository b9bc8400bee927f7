// scan_warp: inclusive prefix sum of ints per block using __shfl_up_sync
// within each warp and shared memory to carry between warps.  blockDim.x
// is a multiple of 32 and at most 1024.
__global__ void scan_warp(const int *in, int *out, int n)
{
	__shared__ int warp_tot[32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	int warp = threadIdx.x >> 5;
	int v = i < n ? in[i] : 0;
	for (int d = 1; d < 32; d <<= 1) {
		int u = __shfl_up_sync(0xffffffffu, v, d);
		if (lane >= d)
			v += u;
	}
	if (lane == 31)
		warp_tot[warp] = v;
	__syncthreads();
	if (warp == 0) {
		int nw = blockDim.x >> 5;
		int t = lane < nw ? warp_tot[lane] : 0;
		for (int d = 1; d < 32; d <<= 1) {
			int u = __shfl_up_sync(0xffffffffu, t, d);
			if (lane >= d)
				t += u;
		}
		if (lane < nw)
			warp_tot[lane] = t;
	}
	__syncthreads();
	if (warp > 0)
		v += warp_tot[warp - 1];
	if (i < n)
		out[i] = v;
}
