// diag_rows_bd: the kaldi _add_diag_mat_mat barrier divergence of the
// Simulee paper (Table 2, bc131967fe).  A 2-D block (one warp per row of
// threads) accumulates partial dot products per row of threads; row 0 adds
// the rows up and publishes the sums, but the barrier after that is inside
// "if (threadIdx.y == 0)": the other rows never reach it, and their reads of
// the sums are then ordered by nothing (a race as well).
#define BX 32
#define BY 4

__global__ void diag_rows_bd(const float *M, const float *N, int cols, float *v)
{
	__shared__ float s[BY][BX];
	__shared__ float s_tot[BX];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.x;
	float acc = 0.0f;
	for (int j = ty * BX + tx; j < cols; j += BX * BY)
		acc += M[row * cols + j] * N[j * gridDim.x + row];
	s[ty][tx] = acc;
	__syncthreads();
	if (ty == 0) {
		float t = 0.0f;
		for (int r = 0; r < BY; r++)
			t += s[r][tx];
		s_tot[tx] = t; // BUG: the other rows read this with no barrier between
		__syncthreads(); // BUG: only the first row of threads gets here
	}
	v[(row * BY + ty) * BX + tx] = s_tot[(tx + ty) % BX]; // BUG: unordered for rows 1..3
}
