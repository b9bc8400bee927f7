// reverse_in_place: a library kernel that reverses n elements in place, one
// element per thread, launched with n threads.
//
// The bug: thread i reads a[n - 1 - i], which thread n - 1 - i writes, with
// nothing ordering the two (a race between blocks, and inside one).  It
// races at every launch, n == gridDim.x * blockDim.x included, so it is no
// relation the kernel assumes (rule 7 stays silent) but an error.
#include <cuda_runtime.h>

__global__ void reverse(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	a[i] = a[n - 1 - i]; // BUG: reads what the mirrored thread writes
}
