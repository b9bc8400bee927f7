// Each thread sums one row of a row-major n x n matrix: at every step the
// lanes of a warp read one element from each of 32 rows, n floats apart, so
// a warp's read touches 32 sectors where its 128 bytes need 4.
// row_sums_by_warp.cu has the lanes of a warp read along a row instead.
// Golden: tests/check_cli.c, "performance".
__global__ void row_sums_by_thread(const float *a, float *sums, int n)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= n)
		return;
	float acc = 0;
	for (int k = 0; k < n; k++)
		acc += a[r * n + k];
	sums[r] = acc;
}
