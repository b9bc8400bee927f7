// two_returns_bd, fixed: no thread leaves before the barrier; the ones past
// the end or over the threshold write a zero to their slot instead.
#define BS 64

__global__ void two_returns_bd(const int *val, int n, int thr, int *over, int *count)
{
	__shared__ int s_keep[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int v = gid < n ? val[gid] : 0;
	if (gid < n && v > thr)
		over[gid] = v;
	s_keep[tid] = v > thr ? 0 : v;
	__syncthreads();
	if (tid == 0) {
		int c = 0;
		for (int k = 0; k < blockDim.x; k++)
			c += s_keep[k] != 0;
		count[blockIdx.x] = c;
	}
}
