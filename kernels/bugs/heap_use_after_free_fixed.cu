// heap_use_after_free, fixed: the result is read before the buffer goes.
__global__ void heap_use_after_free(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int *acc = (int *)malloc(2 * sizeof(int));
	if (acc == 0)
		return;
	acc[0] = in[i];
	acc[1] = acc[0] * 2;
	out[i] = acc[1];
	free(acc);
}
