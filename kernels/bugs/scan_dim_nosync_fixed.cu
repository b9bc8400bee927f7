// scan_dim_nosync, fixed twin: a barrier after every step's stores too.
#define BX 32
#define BY 4

__global__ void scan_dim_nosync(const int *in, int *out)
{
	__shared__ int s[BY][BX];
	assert(blockDim.x == BX && blockDim.y == BY); // the contract: the block the kernel is written for
	int tx = threadIdx.x, ty = threadIdx.y;
	int g = (blockIdx.x * BY + ty) * BX + tx;
	s[ty][tx] = in[g];
	__syncthreads();
	for (int off = 1; off < blockDim.y; off *= 2) {
		int v = 0;
		if (ty >= off)
			v = s[ty - off][tx];
		__syncthreads();
		s[ty][tx] += v;
		__syncthreads(); // FIXED
	}
	out[g] = s[ty][tx];
}
