// smo_reuse_races: the thundersvm c_smo_solve_kernel pattern of the Simulee
// paper (Table 3, three data races).  Two working-set selections reuse the
// same shared buffers f_val / f_idx:
//   - the first selection fills the buffers and reduces them with no
//     barrier in between (as in Fig. 2);
//   - after the first reduction every thread reads the winner f_val[0] and
//     f_idx[0], and the second selection immediately overwrites the buffers,
//     so thread 0's store can land before another thread's read.
#define BS 64

__device__ int block_argmin(float *v, int *idx)
{
	int tid = threadIdx.x;
	for (int half = blockDim.x / 2; half > 0; half /= 2) {
		if (tid < half) {
			float o = v[tid + half]; // BUG: first step reads slots stored with no barrier
			int oi = idx[tid + half]; // BUG: first step reads slots stored with no barrier
			float mine = v[tid];
			idx[tid] = o < mine ? oi : idx[tid];
			v[tid] = o < mine ? o : mine;
		}
		__syncthreads();
	}
	return idx[0]; // BUG: read while thread 0 may already store the second selection
}

__global__ void smo_reuse_races(const float *y, const float *g, int *ij, float *gap)
{
	__shared__ float f_val[BS];
	__shared__ int f_idx[BS];
	int tid = threadIdx.x;
	f_val[tid] = y[tid] * g[tid]; // BUG: no barrier before the first reduction
	f_idx[tid] = tid; // BUG: no barrier before the first reduction
	int i = block_argmin(f_val, f_idx);
	float up = f_val[0]; // BUG: read while thread 0 may already store the second selection
	// BUG: no __syncthreads() before the buffers are reused
	f_val[tid] = g[tid] - up; // BUG: overwrites f_val[0] under the readers above
	f_idx[tid] = tid; // BUG: overwrites f_idx[0] under the readers above
	__syncthreads();
	int j = block_argmin(f_val, f_idx);
	if (tid == 0) {
		ij[0] = i;
		ij[1] = j;
		gap[0] = f_val[0];
	}
}
