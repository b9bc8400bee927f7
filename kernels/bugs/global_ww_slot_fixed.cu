// global_ww_slot, fixed twin: only thread 0 stores the block's result.
__global__ void global_ww_slot(const int *in, int *first)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int v = 2 * in[gid];
	if (threadIdx.x == 0) // FIXED
		first[blockIdx.x] = v;
}
