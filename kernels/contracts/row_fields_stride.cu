// row_fields_stride: a library kernel that splits each of rows rows of n
// inputs into three fields of n values (the value, its square, its
// negation), written one after the other in a row of out that starts
// stride elements after the previous one, and adds each row's values into
// sums[r].  Its callers give a stride of at least the row's three fields:
// below 3 * n, a row's last field runs into the next row's first, and two
// threads write one element.  The kernel assumes stride >= 3 * n (rule 8
// with a factor), a warning in both twins.
//
// The bug: every thread of a row adds into sums[r] with a plain +=.
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
		sums[r] += v;	// BUG: a plain += from every thread of the row
	}
}
