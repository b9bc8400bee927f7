// A library file: column sums of a matrix of rows x 16 floats, one block
// of 16 x 16 threads per 16 rows, and the extern "C" wrapper that the
// program's C code (struct_field_rows_main.c) calls with its matrix.  The
// wrapper reads the sizes through the pointer it is given; the C file
// sets them: rows a multiple of 16 from argv, cols 16.
#include <cuda_runtime.h>

#define TILE 16

typedef struct {
	int rows;
	int cols;
	float *host;
} mat_t;

__global__ void col_sums(const float *in, float *out, int rows, int cols)
{
	__shared__ float part[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int r = blockIdx.y * TILE + ty;
	part[ty][tx] = r < rows ? in[r * cols + tx] : 0.0f;
	__syncthreads();
	for (int s = TILE / 2; s > 0; s >>= 1) {
		if (ty < s)
			part[ty][tx] += part[ty + s][tx];
		__syncthreads();
	}
	if (ty == 0)
		out[blockIdx.y * cols + tx] = part[0][tx];
}

extern "C" void sum_columns(mat_t *m, float *h_out)
{
	int rows = m->rows, cols = m->cols;
	float *d_in, *d_out;
	cudaMalloc(&d_in, rows * cols * sizeof(float));
	cudaMalloc(&d_out, rows / TILE * cols * sizeof(float));
	cudaMemcpy(d_in, m->host, rows * cols * sizeof(float), cudaMemcpyHostToDevice);
	dim3 grid(1, rows / TILE), block(TILE, TILE);
	col_sums<<<grid, block>>>(d_in, d_out, rows, cols);
	cudaMemcpy(h_out, d_out, rows / TILE * cols * sizeof(float), cudaMemcpyDeviceToHost);
	cudaFree(d_in);
	cudaFree(d_out);
}
