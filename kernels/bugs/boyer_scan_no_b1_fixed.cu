// boyer_scan_no_b1, fixed twin: the complete scan of Boyer et al. with
// all three barriers (B1 after the load, B2 between each step's loads and
// stores, B3 after each step's stores).
#define BS 64

__global__ void boyer_scan_no_b1(const int *in, int *out)
{
	__shared__ int s[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid] = in[gid];
	__syncthreads(); // B1
	for (int off = 1; off < blockDim.x; off *= 2) {
		int v = 0;
		if (tid >= off)
			v = s[tid - off];
		__syncthreads(); // B2
		s[tid] += v;
		__syncthreads(); // B3
	}
	out[gid] = s[tid];
}
