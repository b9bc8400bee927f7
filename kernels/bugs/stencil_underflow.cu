// stencil_underflow: a three-point stencil that reads its left neighbour
// with no guard, so thread 0 of block 0 reads in[-1], one element before the
// buffer (ARBALEST's out-of-bounds access as an underflow: the access is
// checked against the buffer its pointer came from, whatever lies below).
__global__ void stencil_underflow(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float left = in[i - 1]; // BUG: in[-1] at i == 0
	float right = i + 1 < n ? in[i + 1] : 0.0f;
	out[i] = 0.25f * left + 0.5f * in[i] + 0.25f * right;
}
