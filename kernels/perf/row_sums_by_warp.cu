// row_sums_by_thread.cu with a warp per row: its lanes read consecutive
// floats of the row (4 sectors for 128 bytes) and add them up with shuffles.
__global__ void row_sums_by_warp(const float *a, float *sums, int n)
{
	int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
	int lane = threadIdx.x % 32;
	if (r >= n)
		return;
	float acc = 0;
	for (int k = lane; k < n; k += 32)
		acc += a[r * n + k];
	for (int d = 16; d > 0; d /= 2)
		acc += __shfl_down_sync(0xffffffffu, acc, d);
	if (lane == 0)
		sums[r] = acc;
}
