// block_part_unpack_fixed: the same unpacking with a barrier between the
// scale's write and its reads.
#include <cuda_runtime.h>

__global__ void unpack2(const unsigned char *codes, const float *scales, float *out)
{
	__shared__ float scale;
	int t = threadIdx.x;
	int w = t / 32, l = t % 32;
	if (t == 0)
		scale = scales[blockIdx.x];
	__syncthreads();
	unsigned char c = codes[blockIdx.x * 64 + t];
	float *o = out + blockIdx.x * 256 + w * 128 + l;
	o[0] = scale * (float)(c & 3);
	o[32] = scale * (float)((c >> 2) & 3);
	o[64] = scale * (float)((c >> 4) & 3);
	o[96] = scale * (float)((c >> 6) & 3);
}
