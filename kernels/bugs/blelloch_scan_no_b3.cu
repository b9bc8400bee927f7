// blelloch_scan_no_b3: the work-efficient (Blelloch) exclusive scan, the
// other scan of the CUDA SDK that Boyer et al. (STMCS 2008, section 6)
// analysed, with one barrier site removed.  Our own version: one block of
// blockDim.x threads scans 2 * blockDim.x elements, loaded and stored
// coalesced; its barriers are
//   B1 at the head of each up-sweep step (it also follows the load),
//   B2 at the head of each down-sweep step (it also follows the root clear),
//   B3 before the coalesced store-back.
// This variant lacks B3: the store-back may read elements the last down-sweep step has not written.
#define BS 64

__global__ void blelloch_scan_no_b3(const int *in, int *out)
{
	__shared__ int t[2 * BS];
	int tid = threadIdx.x;
	int n = 2 * blockDim.x;
	int base = blockIdx.x * n;
	t[tid] = in[base + tid];
	t[tid + blockDim.x] = in[base + tid + blockDim.x];
	int off = 1;
	for (int d = n >> 1; d > 0; d >>= 1) {
		__syncthreads(); // B1
		if (tid < d) {
			int ai = off * (2 * tid + 1) - 1;
			int bi = off * (2 * tid + 2) - 1;
			t[bi] += t[ai];
		}
		off *= 2;
	}
	if (tid == 0)
		t[n - 1] = 0;
	for (int d = 1; d < n; d *= 2) {
		off >>= 1;
		__syncthreads(); // B2
		if (tid < d) {
			int ai = off * (2 * tid + 1) - 1;
			int bi = off * (2 * tid + 2) - 1;
			int x = t[ai];
			t[ai] = t[bi]; // BUG: not ordered before the store-back
			t[bi] += x; // BUG: not ordered before the store-back
		}
	}
	// BUG: B3 (__syncthreads) removed here
	out[base + tid] = t[tid]; // BUG: may read an element before the last step stores it
	out[base + tid + blockDim.x] = t[tid + blockDim.x]; // BUG: may read an element before the last step stores it
}
