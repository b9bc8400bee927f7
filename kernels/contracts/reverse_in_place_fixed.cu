// reverse_in_place_fixed: the reversal into a second buffer, with a bounds
// check.
#include <cuda_runtime.h>

__global__ void reverse(const float *a, float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		b[i] = a[n - 1 - i];
}
