// boyer_scan_no_b3: the scan of Boyer, Skadron and Weimer (STMCS 2008,
// section 6) with one __syncthreads() removed, as in their experiment and
// GMRace's (TPDS 2014, Table 1, scan).  Our own single-buffer Hillis-Steele
// inclusive scan of one block has three barriers:
//   B1 after the load, B2 between each step's loads and its stores,
//   B3 after each step's stores.
// This variant lacks B3: the next step loads slots before this step stores them.
#define BS 64

__global__ void boyer_scan_no_b3(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid] = in[gid];
	__syncthreads(); // B1
	for (int off = 1; off < blockDim.x; off *= 2) {
		int v = 0;
		if (tid >= off)
			v = s[tid - off]; // BUG: may read last step's slot before it is stored
		__syncthreads(); // B2
		s[tid] += v; // BUG: not ordered before the next step's loads
		// BUG: B3 (__syncthreads) removed here
	}
	out[gid] = s[tid];
}
