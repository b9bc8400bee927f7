// seg_row_reverse: a library kernel (no host code) that reverses each row
// of a matrix of ncols columns, one block a row, through its dynamic shared
// segment: extern __shared__ float buf[] keeps 32 floats of scratch at its
// start (as llama.cpp's soft_max keeps a slot per warp) and the row after
// them, row[col] = buf[32 + col].  Its callers give (ncols + 32) *
// sizeof(float) bytes: the kernel sizes the segment from the scalar ncols,
// not from its block.
//
// The bug: no barrier between staging the row and reading it back
// reversed, which reads slots other warps stage.
//
// A segment smaller than (ncols + 32) floats puts the row's end out of
// bounds: no caller gives one.  The search draws the segment by the block
// (4, 8 or 16 bytes a thread), so before rule 11 (docs/CONTRACTS.md) the
// default run reported out-of-bounds errors on buf at segments no caller
// gives; now it infers that the kernel assumes 4 * (ncols + 32) bytes.
__global__ void row_reverse(const float *x, float *y, int ncols)
{
	extern __shared__ float buf[];
	float *row = buf + 32;
	long base = (long)blockIdx.x * ncols;
	for (int col = threadIdx.x; col < ncols; col += blockDim.x)
		row[col] = x[base + col]; // BUG: not ordered before the reversed reads
	// BUG: a __syncthreads() belongs here
	for (int col = threadIdx.x; col < ncols; col += blockDim.x)
		y[base + col] = row[ncols - 1 - col]; // BUG: reads slots other warps stage, with no barrier
}
