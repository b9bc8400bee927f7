// spmv_fetch_rb: the cudpp sparseMatrixVectorFetchAndMultiply redundant
// barriers of the Simulee paper (Table 3, 9dc7357ee81, several barriers).
// Each thread fetches x[col] into its own shared slot and multiplies; a
// barrier after the fetch and one at the end are redundant, while the one
// before the pairwise sum (which reads the other half of the block) is
// needed.
#define BS 64

__global__ void spmv_fetch_rb(const float *val, const int *col, const float *x, float *y)
{
	__shared__ float s_x[BS];
	__shared__ float s_prod[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_x[tid] = x[col[gid]];
	__syncthreads(); // BUG: redundant: thread tid reads only s_x[tid] next
	s_prod[tid] = val[gid] * s_x[tid];
	__syncthreads();
	int half = blockDim.x / 2;
	if (tid < half)
		y[blockIdx.x * half + tid] = s_prod[tid] + s_prod[tid + half];
	__syncthreads(); // BUG: redundant: nothing after it
}
