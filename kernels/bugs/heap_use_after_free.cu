// heap_use_after_free: a thread releases its heap buffer and then reads the
// sum it left there: a use after free (ARBALEST's invalid pointer
// dereference: the pointer still names its block, which is gone).
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
	free(acc);
	out[i] = acc[1]; // BUG: acc was freed on the line before
}
