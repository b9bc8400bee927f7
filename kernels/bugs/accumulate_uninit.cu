// accumulate_uninit: a product accumulated into an output buffer with +=,
// where the host allocated the output and never cleared it: every element
// is read before anything wrote it (ARBALEST's use of uninitialized global
// memory; the launch declares the buffer uninitialized with
// --init sum=uninit).
__global__ void accumulate_uninit(const float *a, const float *b, float *sum, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		sum[i] += a[i] * b[i]; // BUG: sum was never written before this read
}
