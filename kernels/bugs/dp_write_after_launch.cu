// dp_write_after_launch: dynamic parallelism.  Each block fills its tile
// of the buffer and has thread 0 launch a child grid that scales the
// tile.  The launch orders only what came before it: the block's stores
// after the launch run concurrently with the child, which reads and
// writes the same elements.
__global__ void dp_scale_tile(float *tile, int n, float f)
{
	int i = threadIdx.x;
	if (i < n)
		tile[i] = tile[i] * f; // BUG: races with the parent's store after the launch
}

__global__ void dp_write_after_launch(float *data, int n)
{
	int base = blockIdx.x * blockDim.x;
	int i = base + threadIdx.x;
	if (threadIdx.x == 0 && base < n)
		dp_scale_tile<<<1, blockDim.x>>>(data + base, n - base, 2.0f);
	if (i < n)
		data[i] = (float)i; // BUG: written after the launch, while the child reads it
}
