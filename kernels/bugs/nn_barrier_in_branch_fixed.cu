// nn_barrier_in_branch, fixed twin: the barrier is moved out of the branch
// (the arrayfire fix shown in the Simulee paper, Fig. 4).
#define BS 128
#define BIG 1e30f

__global__ void nn_barrier_in_branch(const float *dist, float *out_dist, int *out_idx)
{
	__shared__ float s_dist[BS];
	__shared__ int s_idx[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	unsigned sid = threadIdx.x;
	s_dist[sid] = dist[blockIdx.x * blockDim.x + sid];
	s_idx[sid] = sid;
	__syncthreads();
	for (unsigned i = blockDim.x / 2; i > 0; i >>= 1) {
		if (sid < i) {
			float d = s_dist[sid + i];
			int di = s_idx[sid + i];
			float mine = s_dist[sid];
			s_idx[sid] = d < mine ? di : s_idx[sid];
			s_dist[sid] = d < mine ? d : mine;
		}
		__syncthreads(); // FIXED: reached by every thread
	}
	if (sid == 0) {
		out_dist[blockIdx.x] = s_dist[0];
		out_idx[blockIdx.x] = s_idx[0];
	}
}
