// tree_min_loop_rb: a tree min-reduction whose loop has one barrier, at the
// top of each trip (the shape of the cuda-samples clock kernel's timed
// reduction).  On sorted data no trip stores anything, so the read of
// s[tid + d] meets the store of the load phase two or more trips back,
// ordered by nothing but earlier instances of the loop's barrier: that
// barrier is needed, and must not be reported.  The barrier after the
// result is stored orders nothing.
#define BS 128

__global__ void tree_min_loop_rb(const float *in, float *out)
{
	__shared__ float s[2 * BS];
	int tid = threadIdx.x;
	const float *part = in + blockIdx.x * 2 * blockDim.x;
	s[tid] = part[tid];
	s[tid + blockDim.x] = part[tid + blockDim.x];
	for (int d = blockDim.x; d > 0; d >>= 1) {
		__syncthreads();
		if (tid < d) {
			float mine = s[tid];
			float other = s[tid + d];
			if (other < mine)
				s[tid] = other;
		}
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
	__syncthreads(); // BUG: redundant: nothing follows it
}
