// boyer_scan_no_b1: the scan of Boyer, Skadron and Weimer (STMCS 2008,
// section 6) with one __syncthreads() removed, as in their experiment and
// GMRace's (TPDS 2014, Table 1, scan).  Our own single-buffer Hillis-Steele
// inclusive scan of one block has three barriers:
//   B1 after the load, B2 between each step's loads and its stores,
//   B3 after each step's stores.
// This variant lacks B1: the first step reads slots before they are loaded.
#define BS 64

__global__ void boyer_scan_no_b1(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid] = in[gid]; // BUG: the load is not ordered before the first step
	// BUG: B1 (__syncthreads) removed here
	for (int off = 1; off < blockDim.x; off *= 2) {
		int v = 0;
		if (tid >= off)
			v = s[tid - off]; // BUG: may read a slot not loaded yet
		__syncthreads(); // B2
		s[tid] += v;
		__syncthreads(); // B3
	}
	out[gid] = s[tid];
}
