// split_planes_fixed: the same split with a bounds check, for any launch
// that covers n.
#include <cuda_runtime.h>

__global__ void split(const float2 *z, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float2 v = z[i];
	out[i] = v.x;
	out[n + i] = v.y;
}
