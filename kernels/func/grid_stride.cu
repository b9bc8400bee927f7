// grid_stride: a grid-stride loop, so n may exceed the number of threads:
// out[i] = 3 * in[i] + i for every i < n.
__global__ void grid_stride(const int *in, int *out, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		out[i] = 3 * in[i] + i;
}
