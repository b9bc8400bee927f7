// header_index_flat: a library kernel that scales n floats in place, one
// element per thread of a 1-D launch, taking its index from cooperative
// groups' thread_block (group_index, group_dim and thread_index are the
// toolkit's dim3s: the header reads every coordinate, the kernel uses x).
//
// No bug at the 1-D launches it is written for.  With a block (or grid)
// y or z above 1, threads that differ only there compute the same i and
// read-modify-write x[i] without order.  The kernel's own code never
// reads y or z: it assumes blockDim.y, blockDim.z, gridDim.y and
// gridDim.z are 1 (rule 10), warnings, and such launches lie outside its
// contract.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void scale(float *x, int n, float a)
{
	cg::thread_block b = cg::this_thread_block();
	int i = b.group_index().x * b.group_dim().x + b.thread_index().x;
	if (i < n)
		x[i] = x[i] * a;
}
