// copy_upp_low_race, fixed twin: only the lower triangle is read and only
// the upper one written.  The launch must have one block row per matrix
// row: the assert states that contract, so the search (which sizes no
// buffer) stays within it.
__global__ void copy_upp_low_race(float *A, int dim)
{
	int i = blockIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	assert(gridDim.y <= dim); // FIXED: the contract, stated
	if (j < dim && j < i) // FIXED
		A[j * dim + i] = A[i * dim + j];
}
