// scan_total_nosync, fixed twin: a barrier between publishing the block
// total and reading it.
#define BS 64

__global__ void scan_total_nosync(const int *in, int *out, int *share)
{
	__shared__ int buf[2][BS];
	__shared__ int s_total;
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int pout = 0;
	buf[pout][tid] = in[gid];
	__syncthreads();
	for (int off = 1; off < blockDim.x; off *= 2) {
		pout = 1 - pout;
		int pin = 1 - pout;
		int x = buf[pin][tid];
		if (tid >= off)
			x += buf[pin][tid - off];
		buf[pout][tid] = x;
		__syncthreads();
	}
	if (tid == blockDim.x - 1)
		s_total = buf[pout][tid];
	__syncthreads(); // FIXED
	out[gid] = buf[pout][tid];
	share[gid] = s_total;
}
