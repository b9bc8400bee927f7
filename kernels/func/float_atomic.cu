// float_atomic: atomicAdd on float and double.  The values are small
// multiples of 1/8, so every partial sum is exact and the result does not
// depend on the order of the additions.  fsum[4 + b] counts block b's
// threads with the block-scoped form.
__global__ void float_atomic(const int *q, float *fsum, double *dsum, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float f = q[i] * 0.125f;
	atomicAdd(&fsum[i % 4], f);
	atomicAdd(&dsum[0], (double)q[i] * 0.25);
	atomicAdd_block(&fsum[4 + blockIdx.x], 1.0f);
}
