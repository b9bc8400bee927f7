// interblock_same_value: every block writes the same lookup table to global
// memory (entry i = 2 * i): plain stores from different blocks to the same
// elements, all with the same value -- a benign inter-block write-write race.
__global__ void interblock_same_value(int *table, const int *in, int *out)
{
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	table[tid] = 2 * tid; // BUG (benign): every block stores the same table
	out[gid] = in[gid] + 1;
}
