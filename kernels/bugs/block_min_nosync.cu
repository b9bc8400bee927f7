// block_min_nosync: the thundersvm pattern of the Simulee paper, Fig. 2
// (Table 2, nu_smo_solve_kernel): every thread stores its candidate in
// f_val[tid] on one of two branches, then a block-wide min reduction reads
// f_val[tid + half] and f_idx[tid + half] with no barrier in between, so
// warp 0 can read slots warp 1 has not written yet (inter-warp).
#define BS 64
#define BIG 1e30f

__device__ int block_min(float *f_val, int *f_idx)
{
	int tid = threadIdx.x;
	for (int half = blockDim.x / 2; half > 0; half /= 2) {
		if (tid < half) {
			float other = f_val[tid + half]; // BUG: read before the other warp's store
			int other_idx = f_idx[tid + half]; // BUG: read before the other warp's store
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
	int tid = threadIdx.x;
	float f = y[tid] * a[tid];
	if (y[tid] > 0 && a[tid] < C)
		f_val[tid] = f; // BUG: unordered with the reduction's read
	else
		f_val[tid] = BIG; // BUG: unordered with the reduction's read
	f_idx[tid] = tid; // BUG: unordered with the reduction's read
	// BUG: no __syncthreads() here, before the reduction
	int ip = block_min(f_val, f_idx);
	if (tid == 0) {
		out[0] = f_val[0];
		out[1] = (float)ip;
	}
}
