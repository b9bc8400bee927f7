// tree_min_loop_rb, fixed twin: no barrier after the result; the loop's
// barrier stays (deleting it lets a trip read s[tid + d] before its owner
// stored it), and no barrier is reported.
#define BS 128

__global__ void tree_min_loop_rb(const float *in, float *out)
{
	__shared__ float s[2 * BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
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
}
