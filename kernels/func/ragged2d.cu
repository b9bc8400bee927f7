// ragged2d: a rows x cols matrix whose sizes are not multiples of the 2D
// block; threads outside the matrix must not touch it.  out = in + r*c.
__global__ void ragged2d(const int *in, int *out, int rows, int cols)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	int r = blockIdx.y * blockDim.y + threadIdx.y;
	if (r < rows && c < cols)
		out[r * cols + c] = in[r * cols + c] + r * c;
}
