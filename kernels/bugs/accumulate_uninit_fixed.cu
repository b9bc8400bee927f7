// accumulate_uninit, fixed: the first product is stored, not added to what
// the buffer happens to hold.
__global__ void accumulate_uninit(const float *a, const float *b, float *sum, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		sum[i] = a[i] * b[i];
}
