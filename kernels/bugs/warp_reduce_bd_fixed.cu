// warp_reduce_bd, fixed twin: the last warp orders its steps with
// __syncwarp(), which only the lanes of that warp need to reach.
#define BS 128

__global__ void warp_reduce_bd(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	assert(blockDim.x >= 32 && blockDim.x <= BS && (blockDim.x & (blockDim.x - 1)) == 0); // the contract
	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int half = blockDim.x / 2; half >= 32; half >>= 1) {
		if (tid < half)
			s[tid] += s[tid + half];
		__syncthreads();
	}
	if (tid < 32) {
		for (int off = 16; off > 0; off >>= 1) {
			int x = 0;
			if (tid < off)
				x = s[tid + off];
			__syncwarp(); // FIXED: a warp-level barrier
			if (tid < off)
				s[tid] += x;
			__syncwarp(); // FIXED: a warp-level barrier
		}
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
