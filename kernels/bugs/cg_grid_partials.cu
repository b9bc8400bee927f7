// cg_grid_partials: a two-phase reduction in one cooperative launch.  Each
// block sums its segment into partial[grid.block_rank()]; then thread 0 of every
// block adds up all the partials.  The phases need a grid-wide barrier
// (cooperative groups' grid.sync()) between them: without it another
// block's partial may not be written yet when it is read.
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
		partial[grid.block_rank()] = s[0]; // BUG: another block may read it before this store
	if (t == 0) {
		int sum = 0;
		for (unsigned b = 0; b < grid.num_blocks(); b++)
			sum += partial[b]; // BUG: reads the other blocks' partials with no grid sync
		total[grid.block_rank()] = sum;
	}
}
