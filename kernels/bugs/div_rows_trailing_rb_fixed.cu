// div_rows_trailing_rb, fixed twin: no trailing barrier.
__global__ void div_rows_trailing_rb(float *M, const float *vec, int cols)
{
	__shared__ float s_inv;
	int row = blockIdx.x;
	if (threadIdx.x == 0)
		s_inv = 1.0f / vec[row];
	__syncthreads();
	for (int j = threadIdx.x; j < cols; j += blockDim.x)
		M[row * cols + j] *= s_inv;
}
