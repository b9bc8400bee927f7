// scan_hillis: Hillis-Steele inclusive prefix sum of ints within each block,
// double-buffered in shared memory (blockDim.x <= 256).
#include <assert.h>

__global__ void scan_hillis(const int *in, int *out, int n)
{
	__shared__ int buf[2][256];
	assert(blockDim.x <= 256);
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	int cur = 0;
	buf[cur][tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (int off = 1; off < (int)blockDim.x; off *= 2) {
		int nxt = 1 - cur;
		int v = buf[cur][tid];
		if (tid >= off)
			v += buf[cur][tid - off];
		buf[nxt][tid] = v;
		cur = nxt;
		__syncthreads();
	}
	if (i < n)
		out[i] = buf[cur][tid];
}
