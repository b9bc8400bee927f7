// sync_count: __syncthreads_count, __syncthreads_and and __syncthreads_or.
// Per block b: res[3b] = number of threads with in[i] > thr, res[3b+1] =
// all in[i] >= 0, res[3b+2] = some in[i] == 0.
__global__ void sync_count(const int *in, int *res, int thr)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	int c = __syncthreads_count(v > thr);
	int a = __syncthreads_and(v >= 0);
	int o = __syncthreads_or(v == 0);
	if (threadIdx.x == 0) {
		res[3 * blockIdx.x] = c;
		res[3 * blockIdx.x + 1] = a != 0;
		res[3 * blockIdx.x + 2] = o != 0;
	}
}
