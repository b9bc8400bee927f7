// copy_upp_low_race, fixed twin: only the lower triangle is read and only
// the upper one written.
__global__ void copy_upp_low_race(float *A, int dim)
{
	int i = blockIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (j < dim && j < i) // FIXED
		A[j * dim + i] = A[i * dim + j];
}
