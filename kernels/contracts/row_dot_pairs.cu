// row_dot_pairs: a library kernel, out = M v for a matrix of 32 columns,
// one warp per row and at most two rows a block (__launch_bounds__(64)):
// lane x multiplies element x of its row by v[x], and full-mask shuffles
// sum the lanes into lane 0.
//
// No bug at whole warps.  A block whose threads are not a multiple of 32
// has a last warp that lacks lanes the shuffles read: undefined values.
// The kernel assumes whole warps (rule 5).  Under a bound of 64 threads a
// block of three rows (16 x 3) rounded to whole rows (32 x 3) passes the
// bound: rule 5 probes it with x rounded and y cut to fit (32 x 2).  A
// warning, and such launches lie outside the contract.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(64) row_dot(const float *m, const float *v, float *out, int rows)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	int lane = threadIdx.x % 32;
	float acc = m[(row < rows ? row : 0) * 32 + lane] * v[lane];
	for (int off = 16; off > 0; off /= 2)
		acc += __shfl_down_sync(0xffffffff, acc, off);
	if (threadIdx.x == 0 && row < rows)
		out[row] = acc;
}
