// copy_from_tp_benign: after the kaldi _copy_from_tp data races of the
// Simulee paper (Table 3, 5cc9731af4f): unpacking a packed symmetric matrix.
// Every thread stores its element and, needlessly, the mirrored one; so
// element (i, j) is stored by thread (i, j) and by thread (j, i), in
// different blocks -- with the same value: a benign write-write race.
__global__ void copy_from_tp_benign(const float *tp, float *A, int dim)
{
	int i = blockIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (j < dim) {
		int r = i > j ? i : j, c = i > j ? j : i;
		float v = tp[r * (r + 1) / 2 + c];
		A[i * dim + j] = v; // BUG: also stored by thread (j, i), same value
		A[j * dim + i] = v; // BUG: the mirror store duplicates thread (j, i)'s own store
	}
}
