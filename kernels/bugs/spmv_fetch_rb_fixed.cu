// spmv_fetch_rb, fixed twin: only the needed barrier is left.
#define BS 64

__global__ void spmv_fetch_rb(const float *val, const int *col, const float *x, float *y)
{
	__shared__ float s_x[BS];
	__shared__ float s_prod[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_x[tid] = x[col[gid]];
	s_prod[tid] = val[gid] * s_x[tid];
	__syncthreads();
	int half = blockDim.x / 2;
	if (tid < half)
		y[blockIdx.x * half + tid] = s_prod[tid] + s_prod[tid + half];
}
