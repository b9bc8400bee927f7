// cg_grid_partials, fixed: grid.sync() between the phases orders every
// block's partial before any block reads them.
#include <assert.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_grid_partials(const int *in, int *partial, int *total)
{
	cg::grid_group grid = cg::this_grid();
	cg::thread_block block = cg::this_thread_block();
	__shared__ int s[128];
	assert(block.size() <= 128);
	unsigned t = block.thread_rank();
	s[t] = in[grid.thread_rank()];
	block.sync();
	for (unsigned k = block.size() / 2; k > 0; k /= 2) {
		if (t < k)
			s[t] += s[t + k];
		block.sync();
	}
	if (t == 0)
		partial[grid.block_rank()] = s[0];
	grid.sync();
	if (t == 0) {
		int sum = 0;
		for (unsigned b = 0; b < grid.num_blocks(); b++)
			sum += partial[b];
		total[grid.block_rank()] = sum;
	}
}
