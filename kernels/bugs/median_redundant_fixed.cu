// median_redundant, fixed twin: the redundant barrier is gone (the arrayfire
// fix of the Simulee paper, Fig. 3); the two barriers left are needed.
#define BS 128
#define BIG 1e30f

__global__ void median_redundant(const float *vals, int iterations, float *out_med, int *out_idx)
{
	__shared__ float s_median[BS];
	__shared__ int s_idx[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	const unsigned tid = threadIdx.x;
	const int i = blockIdx.x * blockDim.x + tid;
	s_median[tid] = BIG;
	s_idx[tid] = 0;

	if (i < iterations) {
		float m = vals[i];
		s_idx[tid] = i;
		s_median[tid] = m < 0 ? -m : m;
	}
	__syncthreads();

	for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
		if (tid < half) {
			float o = s_median[tid + half];
			int oi = s_idx[tid + half];
			float mine = s_median[tid];
			s_idx[tid] = o < mine ? oi : s_idx[tid];
			s_median[tid] = o < mine ? o : mine;
		}
		__syncthreads();
	}
	if (tid == 0) {
		out_med[blockIdx.x] = s_median[0];
		out_idx[blockIdx.x] = s_idx[0];
	}
}
