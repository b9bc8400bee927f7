// cg_grid_sync_branch: each thread doubles its element, then, after a grid
// sync, reads the element mirrored across the array.  Only blocks that hold
// data take the branch with the grid sync; a block past the end of the data
// exits without arriving, and the others wait for it for ever.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_grid_sync_branch(float *data, float *out, int n)
{
	cg::grid_group grid = cg::this_grid();
	unsigned i = grid.thread_rank();
	if (blockIdx.x * blockDim.x < (unsigned)n) {
		if (i < (unsigned)n)
			data[i] = data[i] * 2.0f;
		grid.sync(); // BUG: blocks past the data never reach this grid sync
		if (i < (unsigned)n)
			out[i] = data[n - 1 - i];
	}
}
