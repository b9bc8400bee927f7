// degree_loop_bd, fixed twin: the block loops to its largest degree
// (computed with a block-wide max) and threads with fewer neighbours stage a
// zero.
#define BS 64

__global__ void degree_loop_bd(const int *row_ptr, const int *adj, int *out)
{
	__shared__ int s_nbr[BS];
	__shared__ int s_maxdeg;
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int v = blockIdx.x * blockDim.x + tid;
	int begin = row_ptr[v], end = row_ptr[v + 1];
	if (tid == 0)
		s_maxdeg = 0;
	__syncthreads();
	atomicMax(&s_maxdeg, end - begin);
	__syncthreads();
	int maxdeg = s_maxdeg;
	int acc = 0;
	for (int k = 0; k < maxdeg; k++) { // FIXED: a block-uniform trip count
		s_nbr[tid] = begin + k < end ? adj[begin + k] : 0;
		__syncthreads();
		acc += s_nbr[(tid + 32) % blockDim.x];
		__syncthreads();
	}
	out[v] = acc;
}
