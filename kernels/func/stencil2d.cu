// stencil2d: 5-point average on a width x height grid (2D grid of 2D
// blocks, uses the y indices).  Interior points get the mean of themselves
// and their four neighbours, border points are copied.
__global__ void stencil2d(const float *in, float *out, int width, int height)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= width || y >= height)
		return;
	int i = y * width + x;
	if (x == 0 || y == 0 || x == width - 1 || y == height - 1) {
		out[i] = in[i];
		return;
	}
	float s = in[i] + in[i - 1] + in[i + 1] + in[i - width] + in[i + width];
	out[i] = s * 0.2f;
}
