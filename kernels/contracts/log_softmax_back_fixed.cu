// log_softmax_back, fixed twin: a library kernel, one block of BLOCK
// threads per row, the backward pass of a log-softmax (grad_in = grad -
// exp(value) * sum(grad)), the row's sum from cub's BlockReduce<float,
// BLOCK> broadcast through shared memory.  The kernel's own code reads
// threadIdx.x only.
//
// The kernel assumes a block of at least BLOCK threads (rule 4: cub's
// TempStorage has no extents, a smaller block leaves warps' aggregates
// unwritten), blocks with y and z at 1 (rule 10: cub reads every
// coordinate, the kernel x only; its probe keeps BLOCK threads along x)
// and a row stride of at least the columns (rule 8).
//
// The fix: a barrier between thread 0's store of the row's sum and the
// reads.
#include <cub/block/block_reduce.cuh>

#define BLOCK 256

struct Dim {
	int rows;
	int cols;
	int stride;
};

__global__ void log_softmax_back(Dim d, const float *value, const float *grad, float *grad_in)
{
	typedef cub::BlockReduce<float, BLOCK> Reduce;
	__shared__ typename Reduce::TempStorage tmp;
	__shared__ float total;
	const int row = blockIdx.x * d.stride;
	float s = 0.0f;
	for (int j = threadIdx.x; j < d.cols; j += BLOCK)
		s += grad[row + j];
	s = Reduce(tmp).Sum(s);
	if (threadIdx.x == 0)
		total = s;
	__syncthreads(); // FIXED: every thread reads thread 0's total
	const float t = total;
	for (int j = threadIdx.x; j < d.cols; j += BLOCK)
		grad_in[row + j] = grad[row + j] - expf(value[row + j]) * t;
}
