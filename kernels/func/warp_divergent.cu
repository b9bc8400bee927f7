// warp_divergent: warp primitives with explicit partial masks.  A butterfly
// sum over the lanes that exist (the last warp of a 48-thread block has
// 16), then the two half-warps take different branches: the lower half
// runs a segmented __shfl_down_sync max, the upper half a __ballot_sync
// and a __syncwarp on its own mask.  blockDim.x is a multiple of 16.
__global__ void warp_divergent(const int *in, int *sum, int *res)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	int warp = threadIdx.x >> 5;
	int nlanes = min(32, (int)blockDim.x - warp * 32);
	unsigned int mask = nlanes == 32 ? 0xffffffffu : (1u << nlanes) - 1u;
	int v = in[i];
	int s = v;
	for (int off = nlanes / 2; off > 0; off >>= 1)
		s += __shfl_xor_sync(mask, s, off);
	sum[i] = s;
	if (lane < 16) {
		int t = v;
		for (int off = 8; off > 0; off >>= 1)
			t = max(t, __shfl_down_sync(mask & 0x0000ffffu, t, off, 16));
		res[i] = t;
	} else {
		unsigned int b = __ballot_sync(mask & 0xffff0000u, v > 0);
		__syncwarp(mask & 0xffff0000u);
		res[i] = __popc(b) * 100 + (lane - 16);
	}
}
