// diag_rows_bd, fixed twin: the barrier after the row sums is reached by
// every thread of the block.
#define BX 32
#define BY 4

__global__ void diag_rows_bd(const float *M, const float *N, int cols, float *v)
{
	__shared__ float s[BY][BX];
	__shared__ float s_tot[BX];
	assert(blockDim.x == BX && blockDim.y == BY); // the contract: one thread per slot
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
		s_tot[tx] = t;
	}
	__syncthreads(); // FIXED: outside the branch
	v[(row * BY + ty) * BX + tx] = s_tot[(tx + ty) % BX];
}
