// kaldi_warp_sum: the kaldi _trace_mat_mat_trans loop of the Simulee paper,
// Fig. 7.  The first warp finishes a sum with ssum[tid] += ssum[tid + shift]
// and no __syncwarp.  Under lockstep execution (what the paper and kaldi's
// developers assume) every lane's load precedes every lane's store, so there
// is no race; under independent thread scheduling (sm_70+) lane tid + shift
// may store before lane tid loads: an intra-warp race that exists only
// under --warp-model=its.
#define BS 64

__global__ void kaldi_warp_sum(const float *in, float *out)
{
	__shared__ float ssum[BS];
	const int tid = threadIdx.y * blockDim.x + threadIdx.x;
	ssum[tid] = in[blockIdx.x * BS + tid];
	__syncthreads();
	if (tid < warpSize) {
		for (int shift = warpSize; shift > 0; shift >>= 1) {
			ssum[tid] += ssum[tid + shift]; // BUG: no __syncwarp (a race under its only)
		}
	}
	if (tid == 0)
		out[blockIdx.x] = ssum[0];
}
