// spmv_col_read, fixed twin: the input-dependent read comes after the
// barrier.
#define BS 64

__global__ void spmv_col_read(const float *val, const int *col, const float *x, float *y)
{
	__shared__ float s_x[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_x[tid] = x[gid];
	__syncthreads(); // FIXED: before every read of the tile
	float acc = val[gid] * s_x[col[gid] % blockDim.x];
	acc += s_x[(tid + 1) % blockDim.x];
	y[gid] = acc;
}
