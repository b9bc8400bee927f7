// copy_from_tp_benign, fixed twin: each thread stores its own element only.
__global__ void copy_from_tp_benign(const float *tp, float *A, int dim)
{
	int i = blockIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (j < dim) {
		int r = i > j ? i : j, c = i > j ? j : i;
		float v = tp[r * (r + 1) / 2 + c];
		A[i * dim + j] = v; // FIXED: no mirror store
	}
}
