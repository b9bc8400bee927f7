// cocluster_hist: GMRace's co-cluster bug (TPDS 2014, Table 1): a shared
// histogram indexed indirectly by label values from the input and updated
// with a plain "+=".  Correct only while no two threads of a block carry
// the same label; with duplicates, two lanes of one warp store to one bin
// in the same instruction, and threads of different warps race as well.
#define K 32

__global__ void cocluster_hist(const int *label, const int *w, int *out)
{
	__shared__ int hist[K];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid < K)
		hist[tid] = 0;
	__syncthreads();
	hist[label[gid] % K] += w[gid]; // BUG: not atomic: duplicate labels collide
	__syncthreads();
	out[gid] = hist[tid % K];
}
