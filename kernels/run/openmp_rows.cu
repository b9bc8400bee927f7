// openmp_rows: the host side launches from an OpenMP loop (Rodinia's
// backprop and kmeans build their host code with -fopenmp), so the
// program is built with `simulee-c run -fopenmp`.  Each thread of the
// loop launches the kernel on its own row; nothing here is a bug.
__global__ void row_fill(int *p, int row, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[row * n + i] = row * 100 + i;
}

extern "C" void fill_row(int *d, int row, int n)
{
	row_fill<<<(n + 31) / 32, 32>>>(d, row, n);
}
