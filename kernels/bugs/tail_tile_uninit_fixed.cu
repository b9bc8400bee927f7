// tail_tile_uninit, fixed twin: the loader writes every slot (zero past the
// end of the input).
#define BS 64

__global__ void tail_tile_uninit(const float *a, int n, float *out)
{
	__shared__ float tile[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	tile[tid] = gid < n ? a[gid] : 0.0f; // FIXED
	__syncthreads();
	if (gid < n) {
		float sum = 0.0f;
		for (int k = 0; k < blockDim.x; k++)
			sum += tile[k];
		out[gid] = tile[tid] * sum;
	}
}
