// row_fields_stride_fixed: the same rows, the sums added atomically.
#include <cuda_runtime.h>

__global__ void split_fields(const float *in, float *out, float *sums, int n, int rows,
			     int stride)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	int r = blockIdx.y * blockDim.y + threadIdx.y;
	if (c < n && r < rows) {
		float v = in[r * n + c];
		out[r * stride + c] = v;
		out[r * stride + c + n] = v * v;
		out[r * stride + c + 2 * n] = -v;
		atomicAdd(&sums[r], v);
	}
}
