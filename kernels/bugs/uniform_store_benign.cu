// uniform_store_benign: a uniform-address store where every storing thread
// writes the same value (a "found" flag): a write-write race that is benign.
__global__ void uniform_store_benign(const int *in, int key, int *found)
{
	__shared__ int s_found;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid == 0)
		s_found = 0;
	__syncthreads();
	if (in[gid] % 4 == key)
		s_found = 1; // BUG (benign): many threads store the same value
	__syncthreads();
	if (tid == 0)
		found[blockIdx.x] = s_found;
}
