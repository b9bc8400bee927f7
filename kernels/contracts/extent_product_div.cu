// extent_product_div: a library kernel that adds a tensor of n2 planes of
// n1 rows of n0 elements into one sum per plane.  Each thread unravels its
// flat index by the extents, dividing by their product (i / (n1 * n0)),
// as tensor libraries do; the extents are never 0.
//
// The bug: every thread of a plane adds into sums[i2] with a plain +=, so
// threads of one plane race on it at every launch.  A launch with an
// extent at 0 divides by zero, at both divisions: the kernel assumes
// n0 != 0 and n1 != 0 (rule 2, one warning each), and such launches lie
// outside its contract.
#include <cuda_runtime.h>

__global__ void plane_sums(const float *x, float *sums, int n0, int n1, int n2)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int i2 = i / (n1 * n0);
	int i1 = (i / n0) % n1;
	if (i2 < n2 && i1 < n1)
		sums[i2] += x[i];	// BUG: a plain += from every thread of the plane
}
