// head_scale_inplace: a library kernel of a multi-head layer that scales
// each head's channels in place by the head's ALiBi-style slope.  The
// activations are (B, T, C), each row's C channels split into nh heads
// of C / nh; one thread handles one (b, h, t): blockIdx.z is the batch,
// blockIdx.y the head, the threads along x the positions.  Written for a
// grid with gridDim.y == nh: nothing checks h against nh.
//
// No bug at those launches.  With more blocks along y than heads, head
// h = nh of row t is row t + 1's head 0 (or the next batch's): two
// threads scale one element.  The kernel assumes nh == gridDim.y (rule 7's
// relations along y), a warning.
#include <cuda_runtime.h>

__global__ void head_scale(float *io, int T, int C, int nh)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int h = blockIdx.y;
	int b = blockIdx.z;
	int hs = C / nh;
	if (t >= T)
		return;
	float slope = exp2f(-8.0f * (h + 1) / nh);
	float *x = io + b * T * C + t * C + h * hs;
	for (int i = 0; i < hs; i++)
		x[i] *= slope;
}
