// copy_upp_low_race: the kaldi _copy_upp_low / _copy_low_upp data races of
// the Simulee paper (Table 3, 5cc9731af4f): a symmetric in-place copy that
// forgets to restrict itself to one triangle.  Thread (i, j) loads A[i][j]
// and stores A[j][i]; thread (j, i) does the opposite, in another block.
__global__ void copy_upp_low_race(float *A, int dim)
{
	int i = blockIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (j < dim) // BUG: missing "&& j < i": both triangles are copied
		A[j * dim + i] = A[i * dim + j]; // BUG: load and store race with thread (j, i)
}
