// hamming_branch_race, fixed twin: the long-feature path has its barrier.
#define BS 64

__global__ void hamming_branch_race(const unsigned *query, const unsigned *train, int feat_len,
				    int *dist)
{
	__shared__ unsigned s_q[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	unsigned d;
	if (feat_len <= 32) {
		s_q[tid] = query[tid % feat_len];
		__syncthreads();
		d = __popc(s_q[(tid + 1) % blockDim.x] ^ train[gid]);
	} else {
		s_q[tid] = query[tid];
		__syncthreads(); // FIXED
		unsigned other = s_q[(tid + 32) % blockDim.x];
		d = __popc(s_q[tid] ^ train[gid]) + __popc(other ^ train[gid]);
	}
	dist[gid] = (int)d;
}
