// smo_reuse_races, fixed twin: a barrier before the first reduction and one
// before the shared buffers are reused for the second selection.
#define BS 64

__device__ int block_argmin(float *v, int *idx)
{
	int tid = threadIdx.x;
	for (int half = blockDim.x / 2; half > 0; half /= 2) {
		if (tid < half) {
			float o = v[tid + half];
			int oi = idx[tid + half];
			float mine = v[tid];
			idx[tid] = o < mine ? oi : idx[tid];
			v[tid] = o < mine ? o : mine;
		}
		__syncthreads();
	}
	return idx[0];
}

__global__ void smo_reuse_races(const float *y, const float *g, int *ij, float *gap)
{
	__shared__ float f_val[BS];
	__shared__ int f_idx[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	f_val[tid] = y[tid] * g[tid];
	f_idx[tid] = tid;
	__syncthreads(); // FIXED
	int i = block_argmin(f_val, f_idx);
	float up = f_val[0];
	__syncthreads(); // FIXED: every thread has read the winner
	f_val[tid] = g[tid] - up;
	f_idx[tid] = tid;
	__syncthreads();
	int j = block_argmin(f_val, f_idx);
	if (tid == 0) {
		ij[0] = i;
		ij[1] = j;
		gap[0] = f_val[0];
	}
}
