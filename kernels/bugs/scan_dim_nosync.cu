// scan_dim_nosync: the arrayfire scan_dim_kernel data race of the Simulee
// paper (Table 2).  A two-dimensional block scans each column along y in
// place (one warp per row of 32 columns): a barrier separates every step's
// loads from its stores, but the one after the stores is missing, so the
// next step reads rows the previous step may not have written yet.
#define BX 32
#define BY 4

__global__ void scan_dim_nosync(const int *in, int *out)
{
	__shared__ int s[BY][BX];
	int tx = threadIdx.x, ty = threadIdx.y;
	int g = (blockIdx.x * BY + ty) * BX + tx;
	s[ty][tx] = in[g];
	__syncthreads();
	for (int off = 1; off < blockDim.y; off *= 2) {
		int v = 0;
		if (ty >= off)
			v = s[ty - off][tx]; // BUG: next step's read of a row being updated
		__syncthreads();
		s[ty][tx] += v; // BUG: store not ordered before the next step's read
		// BUG: no __syncthreads() here
	}
	out[g] = s[ty][tx];
}
