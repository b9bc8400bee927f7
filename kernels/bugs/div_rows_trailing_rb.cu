// div_rows_trailing_rb: the kaldi _div_rows_vec redundant barrier of the
// Simulee paper (Table 2, bb589475b10).  Thread 0 loads the row's divisor
// into shared memory and a (needed) barrier publishes it; a second barrier
// at the very end of the kernel orders nothing.
__global__ void div_rows_trailing_rb(float *M, const float *vec, int cols)
{
	__shared__ float s_inv;
	int row = blockIdx.x;
	if (threadIdx.x == 0)
		s_inv = 1.0f / vec[row];
	__syncthreads();
	for (int j = threadIdx.x; j < cols; j += blockDim.x)
		M[row * cols + j] *= s_inv;
	__syncthreads(); // BUG: redundant: nothing follows it
}
