// cg_tile_nosync, fixed: tile.sync() orders the tile's stores before its
// loads.
#include <assert.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_tile_nosync(const int *in, int *out)
{
	__shared__ int s[128];
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
	assert(block.size() % 16 == 0 && block.size() <= 128);
	unsigned t = block.thread_rank();
	unsigned long long g = cg::this_grid().thread_rank();
	s[t] = in[g];
	tile.sync();
	unsigned base = tile.meta_group_rank() * 16;
	int v = s[base + (tile.thread_rank() + 1) % 16];
	for (int k = 8; k > 0; k /= 2)
		v += tile.shfl_down(v, k);
	if (tile.thread_rank() == 0)
		out[g / 16] = v;
}
