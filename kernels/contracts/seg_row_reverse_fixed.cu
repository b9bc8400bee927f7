// seg_row_reverse, fixed twin: a library kernel (no host code) that reverses
// each row of a matrix of ncols columns, one block a row, through its
// dynamic shared segment: extern __shared__ float buf[] keeps 32 floats of
// scratch at its start and the row after them, row[col] = buf[32 + col].
// Its callers give (ncols + 32) * sizeof(float) bytes.
//
// The fix: a barrier between staging the row and reading it back reversed.
//
// A segment smaller than (ncols + 32) floats would still put the row's end
// out of bounds: no caller gives one, and the search infers that the
// kernel assumes 4 * (ncols + 32) bytes.
__global__ void row_reverse(const float *x, float *y, int ncols)
{
	extern __shared__ float buf[];
	float *row = buf + 32;
	long base = (long)blockIdx.x * ncols;
	for (int col = threadIdx.x; col < ncols; col += blockDim.x)
		row[col] = x[base + col];
	__syncthreads(); // FIXED: the whole row is staged before it is read
	for (int col = threadIdx.x; col < ncols; col += blockDim.x)
		y[base + col] = row[ncols - 1 - col];
}
