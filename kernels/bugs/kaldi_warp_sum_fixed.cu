// kaldi_warp_sum, fixed twin: each step loads, __syncwarp()s, stores and
// __syncwarp()s again, which is correct under independent thread scheduling
// as well as under lockstep.
#define BS 64

__global__ void kaldi_warp_sum(const float *in, float *out)
{
	__shared__ float ssum[BS];
	assert(blockDim.x * blockDim.y == BS); // the contract: one thread per slot
	const int tid = threadIdx.y * blockDim.x + threadIdx.x;
	ssum[tid] = in[blockIdx.x * BS + tid];
	__syncthreads();
	if (tid < warpSize) {
		for (int shift = warpSize; shift > 0; shift >>= 1) {
			float v = ssum[tid + shift];
			__syncwarp(); // FIXED: every lane has loaded
			ssum[tid] += v;
			__syncwarp(); // FIXED: every lane has stored
		}
	}
	if (tid == 0)
		out[blockIdx.x] = ssum[0];
}
