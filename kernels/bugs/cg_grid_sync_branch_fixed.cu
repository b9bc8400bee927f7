// cg_grid_sync_branch, fixed: every block reaches the grid sync; only the
// accesses are guarded.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_grid_sync_branch(float *data, float *out, int n)
{
	cg::grid_group grid = cg::this_grid();
	unsigned i = grid.thread_rank();
	if (i < (unsigned)n)
		data[i] = data[i] * 2.0f;
	grid.sync();
	if (i < (unsigned)n)
		out[i] = data[n - 1 - i];
}
