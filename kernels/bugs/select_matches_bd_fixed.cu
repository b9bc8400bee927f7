// select_matches_bd, fixed twin: no early return; threads past the end
// contribute 0 and still reach the barrier.
#define BS 64

__global__ void select_matches_bd(const float *dist, int n, float thr, int *count)
{
	__shared__ int s_ok[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_ok[tid] = gid < n ? dist[gid] < thr : 0; // FIXED: guard the load, not the barrier
	__syncthreads();
	if (tid == 0) {
		int live = n - blockIdx.x * blockDim.x;
		int c = 0;
		for (int k = 0; k < blockDim.x && k < live; k++)
			c += s_ok[k];
		count[blockIdx.x] = c;
	}
}
