// hamming_unroll_bd, fixed twin: every thread makes the same number of
// trips (the longest, 4) and only the threads that still have a word of
// their own count it.
#define BS 64

__global__ void hamming_unroll_bd(const unsigned *query, const unsigned *train, int *dist)
{
	__shared__ unsigned s_q[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int nwords = 1 + (tid & 3);
	unsigned d = 0;
	for (int w = 0; w < 4; w++) { // FIXED: a block-uniform trip count
		s_q[tid] = query[w * blockDim.x + tid];
		__syncthreads();
		if (w < nwords)
			d += __popc(s_q[(tid + 32) % blockDim.x] ^ train[w * blockDim.x + gid]);
		__syncthreads();
	}
	dist[gid] = (int)d;
}
