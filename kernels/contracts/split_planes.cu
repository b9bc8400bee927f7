// split_planes: a library kernel that splits n complex values into two
// planes of one buffer, the real parts in out[0, n) and the imaginary parts
// in out[n, 2n), one element per thread, written for a launch of exactly n
// threads: no bounds check.
//
// No bug at those launches.  With more threads than n, thread i + n writes
// out[i + n] as a real part while thread i writes it as an imaginary part:
// the kernel assumes n == gridDim.x * blockDim.x (rule 7), a warning.
#include <cuda_runtime.h>

__global__ void split(const float2 *z, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float2 v = z[i];
	out[i] = v.x;
	out[n + i] = v.y;
}
