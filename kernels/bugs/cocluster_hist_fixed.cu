// cocluster_hist, fixed twin: the histogram update is atomic.
#define K 32

__global__ void cocluster_hist(const int *label, const int *w, int *out)
{
	__shared__ int hist[K];
	int tid = threadIdx.x;
	assert(blockDim.x >= K); // the contract: every bin is cleared
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid < K)
		hist[tid] = 0;
	__syncthreads();
	atomicAdd(&hist[label[gid] % K], w[gid]); // FIXED
	__syncthreads();
	out[gid] = hist[tid % K];
}
