// warp_reduce_unrolled, fixed twin: every unrolled step separates its loads
// from its stores, and the stores from the next step, with __syncwarp.
#define BS 128

__global__ void warp_reduce_unrolled(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	assert(blockDim.x >= 8 && blockDim.x <= BS && (blockDim.x & (blockDim.x - 1)) == 0); // the contract
	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int half = blockDim.x / 2; half > 4; half >>= 1) {
		if (tid < half)
			s[tid] += s[tid + half];
		__syncthreads();
	}
	if (tid < 4) {
		volatile int *v = s;
		for (int off = 4; off > 0; off >>= 1) {
			int x = v[tid + off];
			__syncwarp(0xfu); // FIXED
			v[tid] += x;
			__syncwarp(0xfu); // FIXED
		}
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
