// spmv_col_read: GMRace's spmv bug (TPDS 2014, Table 1): an extra
// shared-memory read whose index comes from the input (a column index),
// placed before the barrier that the tile needs.  Harmless while every
// column maps to the reading thread's own slot; a race as soon as one maps
// to another thread's slot.
#define BS 64

__global__ void spmv_col_read(const float *val, const int *col, const float *x, float *y)
{
	__shared__ float s_x[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_x[tid] = x[gid]; // BUG: the tile store the injected read is not ordered after
	float acc = val[gid] * s_x[col[gid] % blockDim.x]; // BUG: input-dependent read, no barrier
	__syncthreads();
	acc += s_x[(tid + 1) % blockDim.x];
	y[gid] = acc;
}
