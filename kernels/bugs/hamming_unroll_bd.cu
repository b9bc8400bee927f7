// hamming_unroll_bd: the arrayfire hamming_matcher_unroll barrier divergence
// of the Simulee paper (Table 2, 0e0c726d7d0).  Each thread walks its own
// number of descriptor words, 1 + (tid & 3), and the staging barriers are
// inside that loop: from the second trip on, the threads that are done have
// left the loop (and the kernel) while the others wait.
#define BS 64

__global__ void hamming_unroll_bd(const unsigned *query, const unsigned *train, int *dist)
{
	__shared__ unsigned s_q[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int nwords = 1 + (tid & 3); // BUG: a per-thread trip count around barriers
	unsigned d = 0;
	for (int w = 0; w < nwords; w++) {
		s_q[tid] = query[w * blockDim.x + tid];
		__syncthreads(); // BUG: not reached by the threads that have finished
		d += __popc(s_q[(tid + 32) % blockDim.x] ^ train[w * blockDim.x + gid]);
		__syncthreads(); // BUG: not reached by the threads that have finished
	}
	dist[gid] = (int)d;
}
