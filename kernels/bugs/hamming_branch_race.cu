// hamming_branch_race: the arrayfire hamming_matcher data race that Simulee
// missed (Table 2, 0c5a38182b7): the race sits on a branch that only some
// inputs take.  Short features (feat_len <= 32 words) take a correctly
// synchronised path; long ones stage the query in shared memory and read
// the other warp's half with no barrier.
#define BS 64

__global__ void hamming_branch_race(const unsigned *query, const unsigned *train, int feat_len,
				    int *dist)
{
	__shared__ unsigned s_q[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	unsigned d;
	if (feat_len <= 32) {
		s_q[tid] = query[tid % feat_len];
		__syncthreads();
		d = __popc(s_q[(tid + 1) % blockDim.x] ^ train[gid]);
	} else {
		s_q[tid] = query[tid]; // BUG: long features: no barrier after the store
		unsigned other = s_q[(tid + 32) % blockDim.x]; // BUG: reads the other warp's slot
		d = __popc(s_q[tid] ^ train[gid]) + __popc(other ^ train[gid]);
	}
	dist[gid] = (int)d;
}
