// uniform_store_benign, fixed twin: the flag is raised with an atomic.
__global__ void uniform_store_benign(const int *in, int key, int *found)
{
	__shared__ int s_found;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid == 0)
		s_found = 0;
	__syncthreads();
	if (in[gid] % 4 == key)
		atomicExch(&s_found, 1); // FIXED: atomic
	__syncthreads();
	if (tid == 0)
		found[blockIdx.x] = s_found;
}
