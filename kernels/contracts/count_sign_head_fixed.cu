// count_sign_head_fixed: the same sums counting n as signed in both
// places: a negative n stages and adds nothing.
#include <cuda_runtime.h>

#define BLOCK 256

__global__ void head_sums(const float *x, float *out, int n)
{
	__shared__ float s[BLOCK];
	int t = threadIdx.x;
	if (t < n)
		s[t] = x[blockIdx.x * BLOCK + t];
	__syncthreads();
	if (t == 0) {
		float acc = 0.0f;
		for (int k = 0; k < n && k < (int)blockDim.x; k++)
			acc += s[k];
		out[blockIdx.x] = acc;
	}
}
