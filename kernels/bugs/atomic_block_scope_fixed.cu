// atomic_block_scope, fixed twin: a device-scope atomicAdd.
__global__ void atomic_block_scope(const int *in, int thr, int *count)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	if (in[gid] > thr)
		atomicAdd(count, 1); // FIXED: device scope
}
