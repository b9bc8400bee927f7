// warp_rows_bounds: a library kernel, one warp per matrix row: a block of
// 32 x rows threads (at most 128: __launch_bounds__); lane x takes element
// x of row y, and a butterfly of full-mask shuffles sums the lanes.
//
// No bug at whole warps.  A block whose threads are not a multiple of 32
// has a last warp that lacks lanes, which the shuffles read: undefined
// values.  The kernel assumes whole warps (rule 5); a 2-D block whose x
// rounded up would pass 128 threads (4 x 30) is probed with x rounded and
// y cut to fit (32 x 4).  A warning, and such launches lie outside the
// contract.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) row_sums(const float *m, float *out, int cols, int rows)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	int col = threadIdx.x < cols ? threadIdx.x : 0;
	float acc = m[(row < rows ? row : 0) * cols + col];
	for (int off = 16; off > 0; off /= 2)
		acc += __shfl_xor_sync(0xffffffff, acc, off);
	if (threadIdx.x == 0 && row < rows)
		out[row] = acc;
}
