// interblock_same_value, fixed twin: only block 0 writes the table.
__global__ void interblock_same_value(int *table, const int *in, int *out)
{
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (blockIdx.x == 0) // FIXED
		table[tid] = 2 * tid;
	out[gid] = in[gid] + 1;
}
