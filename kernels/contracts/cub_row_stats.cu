// cub_row_stats: a library kernel, one block of BLOCK threads per row,
// that sums a row and its squares with cub's BlockReduce<float, BLOCK>.
//
// The kernel assumes a block of at least BLOCK threads: cub's TempStorage
// is a struct of words with no array extents, and a smaller block leaves
// the aggregates of the warps it lacks unwritten when warp 0 reads them
// (rule 4, powers of two as counts of the block's threads).
//
// The bug: the two reductions share one TempStorage with no barrier
// between them.  cub's documentation asks for a __syncthreads() before
// temp storage is reused: warp 0 still reads the first sum's aggregates
// when the other warps store the second's.
#include <cub/block/block_reduce.cuh>

#define BLOCK 256

__global__ void row_stats(const float *x, float *mean, float *sq, int cols)
{
	typedef cub::BlockReduce<float, BLOCK> Reduce;
	__shared__ typename Reduce::TempStorage tmp;
	const float *row = x + (size_t)blockIdx.x * cols;
	float s = 0.0f, q = 0.0f;
	for (int j = threadIdx.x; j < cols; j += BLOCK) {
		s += row[j];
		q += row[j] * row[j];
	}
	float ts = Reduce(tmp).Sum(s);
	// BUG: a __syncthreads() belongs here: tmp is reused
	float tq = Reduce(tmp).Sum(q);
	if (threadIdx.x == 0) {
		mean[blockIdx.x] = ts / cols;
		sq[blockIdx.x] = tq;
	}
}
