// splice_inplace_race, fixed twin: the shifted frames go to a separate
// output buffer.
__global__ void splice_inplace_race(float *a, float *out, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i + k < n)
		out[i] = a[i + k]; // FIXED: out of place
}
