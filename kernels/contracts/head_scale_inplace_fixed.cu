// head_scale_inplace_fixed: the same scaling with the head checked
// against nh, for any grid that covers the heads.
#include <cuda_runtime.h>

__global__ void head_scale(float *io, int T, int C, int nh)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int h = blockIdx.y;
	int b = blockIdx.z;
	int hs = C / nh;
	if (t >= T || h >= nh)
		return;
	float slope = exp2f(-8.0f * (h + 1) / nh);
	float *x = io + b * T * C + t * C + h * hs;
	for (int i = 0; i < hs; i++)
		x[i] *= slope;
}
