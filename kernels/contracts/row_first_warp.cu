// row_first_warp: a library kernel that sums each column of a rows x cols
// matrix.  Its callers launch blocks of 32 x 8 threads: threadIdx.x is
// the column in the block's 32, threadIdx.y the row a thread starts at;
// the block's 256 partial sums are folded in shared memory down to the
// first warp, whose thread tid (below 32) holds column tid's sum and
// writes it.
//
// The kernel assumes rows of at least 32 threads: in a 16 x 16 block the
// first 32 threads are two rows, and both write out[j] for the same j.
// Those launches lie outside its contract (rule 4 for rows, from the
// race).  s[256] bounds the block's threads (rule 1).
//
// The bug: no barrier between the partial sums' stores and the first
// fold, which reads other warps' sums.
#include <cuda_runtime.h>

__global__ void col_sums(const float *m, float *out, int rows, int cols)
{
	__shared__ float s[256];
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int tid = threadIdx.y * blockDim.x + threadIdx.x;
	float acc = 0.0f;
	if (j < cols)
		for (int i = threadIdx.y; i < rows; i += blockDim.y)
			acc += m[i * cols + j];
	s[tid] = acc;	// BUG: stored while the first fold reads it
	for (int shift = blockDim.x * blockDim.y / 2; shift >= 32; shift >>= 1) {
		if (tid < shift)
			s[tid] += s[tid + shift];	// BUG: no barrier before the first fold
		__syncthreads();
	}
	if (tid < 32 && j < cols)
		out[j] = s[tid];
}
