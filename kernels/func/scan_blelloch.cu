// scan_blelloch: work-efficient (Blelloch) exclusive scan of unsigned ints.
// Each block scans a segment of 2 * blockDim.x elements (a power of two,
// at most 512) in shared memory: up-sweep, clear the root, down-sweep.
#include <assert.h>

__global__ void scan_blelloch(const unsigned int *in, unsigned int *out, int n)
{
	__shared__ unsigned int t[512];
	assert(blockDim.x <= 256 && (blockDim.x & (blockDim.x - 1)) == 0);
	int tid = threadIdx.x;
	int m = 2 * blockDim.x;
	int base = blockIdx.x * m;
	t[2 * tid] = base + 2 * tid < n ? in[base + 2 * tid] : 0;
	t[2 * tid + 1] = base + 2 * tid + 1 < n ? in[base + 2 * tid + 1] : 0;

	int off = 1;
	for (int d = m >> 1; d > 0; d >>= 1) {
		__syncthreads();
		if (tid < d) {
			int ai = off * (2 * tid + 1) - 1;
			int bi = off * (2 * tid + 2) - 1;
			t[bi] += t[ai];
		}
		off *= 2;
	}
	if (tid == 0)
		t[m - 1] = 0;
	for (int d = 1; d < m; d *= 2) {
		off >>= 1;
		__syncthreads();
		if (tid < d) {
			int ai = off * (2 * tid + 1) - 1;
			int bi = off * (2 * tid + 2) - 1;
			unsigned int x = t[ai];
			t[ai] = t[bi];
			t[bi] += x;
		}
	}
	/* no barrier needed here: the last down-sweep step (off == 1) has each
	** thread write exactly t[2 * tid] and t[2 * tid + 1], which it reads
	** below itself (simulee-c reports a barrier here as redundant) */
	if (base + 2 * tid < n)
		out[base + 2 * tid] = t[2 * tid];
	if (base + 2 * tid + 1 < n)
		out[base + 2 * tid + 1] = t[2 * tid + 1];
}
