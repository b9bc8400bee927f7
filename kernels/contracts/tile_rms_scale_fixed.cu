// tile_rms_scale: a library kernel that scales each TX x TY tile of a
// matrix by the inverse of its norm, one block a tile: threadIdx.x walks
// the tile's columns, threadIdx.y its rows, and cub's BlockReduce with
// the tile as its block (TX wide, TY rows) sums the squares.  cub numbers
// the block's threads row by row, TX to a row.
//
// The kernel assumes blockDim.x <= TX and blockDim.y <= TY (rule 15:
// cub's thread numbers repeat in wider rows and pass its warps' storage
// in more rows), a block of at least TX * TY threads (rule 4: cub's
// TempStorage) and blockDim.z == 1 (rule 10).
//
// Fixed twin: a barrier between thread 0's store of the scale and the reads.
#include <cub/block/block_reduce.cuh>

#define TX 32
#define TY 8

__global__ void tile_rms_scale(float *out, const float *in, int rows, int cols)
{
	typedef cub::BlockReduce<float, TX, cub::BLOCK_REDUCE_WARP_REDUCTIONS, TY> Reduce;
	__shared__ typename Reduce::TempStorage tmp;
	__shared__ float scale;
	const int col = blockIdx.x * TX + threadIdx.x;
	const int row = blockIdx.y * TY + threadIdx.y;
	const bool inside = row < rows && col < cols;
	const float v = inside ? in[row * cols + col] : 0.0f;
	const float ss = Reduce(tmp).Sum(v * v);
	if (threadIdx.x == 0 && threadIdx.y == 0)
		scale = ss > 0.0f ? rsqrtf(ss) : 0.0f;
	__syncthreads();
	if (inside)
		out[row * cols + col] = v * scale;
}
