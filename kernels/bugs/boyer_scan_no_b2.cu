// boyer_scan_no_b2: the scan of Boyer, Skadron and Weimer (STMCS 2008,
// section 6) with one __syncthreads() removed, as in their experiment and
// GMRace's (TPDS 2014, Table 1, scan).  Our own single-buffer Hillis-Steele
// inclusive scan of one block has three barriers:
//   B1 after the load, B2 between each step's loads and its stores,
//   B3 after each step's stores.
// This variant lacks B2: a step stores a slot another thread is still loading.
#define BS 64

__global__ void boyer_scan_no_b2(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid] = in[gid];
	__syncthreads(); // B1
	for (int off = 1; off < blockDim.x; off *= 2) {
		int v = 0;
		if (tid >= off)
			v = s[tid - off]; // BUG: the load races with the store below
		// BUG: B2 (__syncthreads) removed here
		s[tid] += v; // BUG: may overwrite a slot before its reader loads it
		__syncthreads(); // B3
	}
	out[gid] = s[tid];
}
