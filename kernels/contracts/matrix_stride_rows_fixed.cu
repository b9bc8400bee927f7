// matrix_stride_rows_fixed: the same update with the strided matrix read
// and the packed one written: no two threads write one element whatever
// the stride, so the kernel assumes nothing of it.
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
	int index = j * d.cols + i;
	if (i < d.cols && j < d.rows)
		dst[index] = dst[index] + alpha * src[j * d.stride + i];
}
