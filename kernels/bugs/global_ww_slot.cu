// global_ww_slot: write-write on one slot from many threads (the
// "write&write" race of the Simulee paper, Fig. 2, and the GKLEE colonel
// test of Table 2, here in global memory).  Every thread of a block stores
// its own value to the block's single result slot; only thread 0 was meant
// to.  The stores carry different values, so the race is not benign.
__global__ void global_ww_slot(const int *in, int *first)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int v = 2 * in[gid];
	first[blockIdx.x] = v; // BUG: every thread stores to the same slot
}
