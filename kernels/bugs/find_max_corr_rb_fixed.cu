// find_max_corr_rb, fixed twin: no barrier around thread 0's private record.
#define BS 128

__global__ void find_max_corr_rb(const float *corr, float *best, int *best_idx)
{
	__shared__ float s_score[BS];
	__shared__ int s_index[BS];
	__shared__ float s_rec[2];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_score[tid] = corr[gid];
	s_index[tid] = gid;
	__syncthreads();
	for (int half = blockDim.x / 2; half > 0; half >>= 1) {
		if (tid < half) {
			float o = s_score[tid + half];
			int oi = s_index[tid + half];
			float mine = s_score[tid];
			s_index[tid] = o > mine ? oi : s_index[tid];
			s_score[tid] = o > mine ? o : mine;
		}
		__syncthreads();
	}
	if (tid == 0) {
		s_rec[0] = s_score[0];
		s_rec[1] = (float)s_index[0];
		best[blockIdx.x] = s_rec[0];
		best_idx[blockIdx.x] = (int)s_rec[1];
	}
}
