// matrix_stride_rows: a library kernel, dst += alpha * src over a rows x
// cols matrix whose rows lie stride elements apart in dst (a matrix with
// padding, or a view of a wider one), described as BLAS-style libraries
// do by a struct of sizes: {rows, cols, stride}.  src is packed.
//
// No bug at the matrices it is written for: a stride is never below the
// row's length.  A launch whose d.stride is below d.cols makes rows
// overlap: dst[j * stride + i] is then the same element for two threads,
// which read and write it without order.  The kernel assumes d.stride >=
// d.cols (rule 8): a warning, and such launches lie outside its contract.
#include <cuda_runtime.h>

struct MatrixDim {
	int rows;
	int cols;
	int stride;
};

__global__ void add_mat(const float *src, float *dst, MatrixDim d, float alpha)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int index = j * d.stride + i;
	if (i < d.cols && j < d.rows)
		dst[index] = dst[index] + alpha * src[j * d.cols + i];
}
