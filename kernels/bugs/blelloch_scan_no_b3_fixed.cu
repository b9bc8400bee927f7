// blelloch_scan_no_b3, fixed twin: the complete work-efficient scan with
// all three barrier sites (B1 at each up-sweep step, B2 at each down-sweep
// step, B3 before the store-back).
#define BS 64

__global__ void blelloch_scan_no_b3(const int *in, int *out)
{
	__shared__ int t[2 * BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
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
			t[ai] = t[bi];
			t[bi] += x;
		}
	}
	__syncthreads(); // B3
	out[base + tid] = t[tid];
	out[base + tid + blockDim.x] = t[tid + blockDim.x];
}
