// matvec: y = A x, one thread per row of the rows x cols row-major matrix,
// summing in column order.
__global__ void matvec(const float *A, const float *x, float *y, int rows, int cols)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= rows)
		return;
	const float *row = A + (size_t)r * cols;
	float s = 0.0f;
	for (int c = 0; c < cols; c++)
		s += row[c] * x[c];
	y[r] = s;
}
