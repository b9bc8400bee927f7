// block_min_nosync, fixed twin: the barrier between the stores to f_val /
// f_idx and the block-wide min reduction (the thundersvm fix of the Simulee
// paper, Fig. 2).  Race-free at any block size that is a power of two <= 64.
#define BS 64
#define BIG 1e30f

__device__ int block_min(float *f_val, int *f_idx)
{
	int tid = threadIdx.x;
	for (int half = blockDim.x / 2; half > 0; half /= 2) {
		if (tid < half) {
			float other = f_val[tid + half];
			int other_idx = f_idx[tid + half];
			float mine = f_val[tid];
			f_idx[tid] = other < mine ? other_idx : f_idx[tid];
			f_val[tid] = other < mine ? other : mine;
		}
		__syncthreads();
	}
	return f_idx[0];
}

__global__ void block_min_nosync(const float *y, const float *a, float C, float *out)
{
	__shared__ float f_val[BS];
	__shared__ int f_idx[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	float f = y[tid] * a[tid];
	if (y[tid] > 0 && a[tid] < C)
		f_val[tid] = f;
	else
		f_val[tid] = BIG;
	f_idx[tid] = tid;
	__syncthreads(); // FIXED: the reduction reads other threads' slots
	int ip = block_min(f_val, f_idx);
	if (tid == 0) {
		out[0] = f_val[0];
		out[1] = (float)ip;
	}
}
