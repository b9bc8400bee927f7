// warp_reduce_bd: the arrayfire warp_reduce barrier divergence of the
// Simulee paper (Table 2, 0d0d7d1285a).  The block-wide steps run down to
// 32 values, then the last warp's steps keep a __syncthreads() inside
// "if (tid < 32)": with more than one warp the other warps never reach it.
#define BS 128

__global__ void warp_reduce_bd(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int half = blockDim.x / 2; half >= 32; half >>= 1) {
		if (tid < half)
			s[tid] += s[tid + half];
		__syncthreads();
	}
	if (tid < 32) {
		for (int off = 16; off > 0; off >>= 1) {
			if (tid < off)
				s[tid] += s[tid + off];
			__syncthreads(); // BUG: only the first warp gets here
		}
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
