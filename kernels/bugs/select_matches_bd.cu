// select_matches_bd: the arrayfire select_matches barrier divergence of the
// Simulee paper (Table 2, dfbfca5fb77): threads past the end of the input
// return early, before the block's barrier.  It diverges only when n is not
// a multiple of the block size (the tail block).
#define BS 64

__global__ void select_matches_bd(const float *dist, int n, float thr, int *count)
{
	__shared__ int s_ok[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (gid >= n)
		return; // BUG: these threads never reach the barrier below
	s_ok[tid] = dist[gid] < thr;
	__syncthreads(); // BUG: the tail block's early-returned threads are missing
	if (tid == 0) {
		int live = n - blockIdx.x * blockDim.x;
		int c = 0;
		for (int k = 0; k < blockDim.x && k < live; k++)
			c += s_ok[k];
		count[blockIdx.x] = c;
	}
}
