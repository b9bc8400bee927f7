// warp_lane_rows: a library kernel, one block per matrix row and a block
// of 32 x nwarps threads: threadIdx.x is the lane, threadIdx.y the warp.
// The warps stride over the row, warps 1 to 3 stage their partial dot
// products in shared memory and leave, and warp 0 adds them and sums its
// lanes with a butterfly of full-mask shuffles.
//
// No bug when every row of the block is a whole warp (blockDim.x == 32).
// A block of 8 x 4 is one whole warp of four rows: rows 1 to 3 leave
// before row 0's shuffles, which read their lanes (undefined values).
// The kernel takes threadIdx.x for the lane, so it assumes blockDim.x is
// a multiple of 32 (rule 5 for rows): a warning, and such launches lie
// outside the contract.  Warp 0 adds the three other warps' partial sums
// whatever the block's rows, so it assumes blockDim.y == 4 too (rule 4:
// rows 1 to 3 stage them; rule 1: part has three rows).
#include <cuda_runtime.h>

#define WARP 32
#define NWARPS 4

__global__ void row_dot(const float *m, const float *v, float *out, int cols)
{
	__shared__ float part[NWARPS - 1][WARP];
	const float *row = m + (size_t)blockIdx.x * cols;
	float acc = 0.0f;
	for (int k = WARP * threadIdx.y + threadIdx.x; k < cols; k += WARP * blockDim.y)
		acc += row[k] * v[k];
	if (threadIdx.y > 0)
		part[threadIdx.y - 1][threadIdx.x] = acc;
	__syncthreads();
	if (threadIdx.y > 0)
		return;
	for (int w = 0; w < NWARPS - 1; w++)
		acc += part[w][threadIdx.x];
	for (int off = 16; off > 0; off >>= 1)
		acc += __shfl_xor_sync(0xffffffff, acc, off);
	if (threadIdx.x == 0)
		out[blockIdx.x] = acc;
}
