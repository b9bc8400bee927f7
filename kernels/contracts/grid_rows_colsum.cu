// grid_rows_colsum: a library kernel that sums each column of a rows x
// cols matrix and the difference of each column's sum with the next
// one's.  A block covers blockDim.x columns; the rows are walked by a
// grid-stride loop over blockIdx.y, which its callers launch with one
// block along y.  The column's sum is stored at sums[j], an address that
// does not read blockIdx.y: with gridDim.y above 1 every block along y
// writes it, so the kernel assumes gridDim.y == 1 (rule 14).
//
// The bug: each thread reads its right neighbour's sum, which another
// thread writes at the same launch, with no grid-wide synchronisation.
#include <cuda_runtime.h>

__global__ void col_sums(const float *m, float *sums, float *diff, int rows, int cols)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (j >= cols)
		return;
	float acc = 0.0f;
	for (int i = blockIdx.y; i < rows; i += gridDim.y)
		acc += m[i * cols + j];
	sums[j] = acc;	// BUG: written while the left neighbour reads it
	if (j + 1 < cols)
		diff[j] = acc - sums[j + 1];	// BUG: the neighbour's sum, written concurrently
}
