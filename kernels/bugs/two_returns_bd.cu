// two_returns_bd: a block keeps the elements under a threshold and counts
// them after a barrier.  Threads leave early by two different returns (past
// the end of the input, or holding an element over the threshold) before
// the block's barrier: in the tail block the threads still live wait at it
// for threads that are gone.  The report says which return each group of
// threads took.
#define BS 64

__global__ void two_returns_bd(const int *val, int n, int thr, int *over, int *count)
{
	__shared__ int s_keep[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (gid >= n)
		return; // BUG: threads past the end leave before the barrier
	int v = val[gid];
	if (v > thr) {
		over[gid] = v;
		return; // BUG: threads over the threshold leave too
	}
	s_keep[tid] = v;
	__syncthreads(); // BUG: the live threads wait here for the ones that returned
	if (tid == 0) {
		int c = 0;
		for (int k = 0; k < blockDim.x; k++)
			c += s_keep[k] != 0; // BUG: the slots of the threads that returned are never written
		count[blockIdx.x] = c;
	}
}
