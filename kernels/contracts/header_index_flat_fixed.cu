// header_index_flat_fixed: the same scaling indexed by the thread's rank
// in the whole grid, which tells every thread apart whatever the launch's
// shape: nothing to assume.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void scale(float *x, int n, float a)
{
	cg::grid_group g = cg::this_grid();
	int i = (int)g.thread_rank();
	if (i < n)
		x[i] = x[i] * a;
}
