// block_part_unpack: a library kernel that unpacks 2-bit codes into
// floats, written for blocks of 64 threads: each block owns 256 outputs,
// two groups of 128, one per warp, and lane l of warp w writes elements
// l, l + 32, l + 64 and l + 96 of its group.  The index reads blockIdx.x
// with a fixed stride, never blockDim.x: a block of more than 64 threads
// writes into the next block's outputs, which the kernel assumes no
// launch does (rule 13: blockDim.x <= 64).
//
// The bug: thread 0 loads the block's scale into shared memory and the
// other threads read it with no barrier in between: a race at every
// launch of more than one warp.
#include <cuda_runtime.h>

__global__ void unpack2(const unsigned char *codes, const float *scales, float *out)
{
	__shared__ float scale;
	int t = threadIdx.x;
	int w = t / 32, l = t % 32;
	if (t == 0)
		scale = scales[blockIdx.x];	// BUG: written with no barrier before the reads
	// BUG: no __syncthreads() before the other threads read scale
	unsigned char c = codes[blockIdx.x * 64 + t];
	float *o = out + blockIdx.x * 256 + w * 128 + l;
	o[0] = scale * (float)(c & 3);		// BUG: read before thread 0's write
	o[32] = scale * (float)((c >> 2) & 3);	// BUG: read before the write
	o[64] = scale * (float)((c >> 4) & 3);	// BUG: read before the write
	o[96] = scale * (float)((c >> 6) & 3);	// BUG: read before the write
}
