// softmax_private_rb: the kaldi _softmax_reduce redundant barrier of the
// Simulee paper (Table 2, 42352b63e62): between loading a row into shared
// memory and rescaling it, a barrier orders accesses that each thread makes
// to its own slot only.  The barrier before the max-reduction is needed.
#define BS 128

__global__ void softmax_private_rb(const float *x, float *y)
{
	__shared__ float s[BS];
	__shared__ float s_max[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid] = x[gid];
	__syncthreads(); // BUG: redundant: thread tid only touches s[tid] until the next barrier
	s[tid] = s[tid] * 0.5f;
	s_max[tid] = s[tid];
	__syncthreads();
	for (int half = blockDim.x / 2; half > 0; half >>= 1) {
		if (tid < half)
			s_max[tid] = s_max[tid] > s_max[tid + half] ? s_max[tid] : s_max[tid + half];
		__syncthreads();
	}
	y[gid] = s[tid] - s_max[0];
}
