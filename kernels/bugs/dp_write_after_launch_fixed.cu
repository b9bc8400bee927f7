// dp_write_after_launch, fixed: the block stores its tile, passes a
// barrier, and only then does thread 0 launch the child grid: the launch
// orders the block's stores before every access of the child.
__global__ void dp_scale_tile(float *tile, int n, float f)
{
	int i = threadIdx.x;
	if (i < n)
		tile[i] = tile[i] * f;
}

__global__ void dp_write_after_launch(float *data, int n)
{
	int base = blockIdx.x * blockDim.x;
	int i = base + threadIdx.x;
	if (i < n)
		data[i] = (float)i;
	__syncthreads();
	if (threadIdx.x == 0 && base < n)
		dp_scale_tile<<<1, blockDim.x>>>(data + base, n - base, 2.0f);
}
