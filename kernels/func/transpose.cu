// transpose: out (cols x rows) = in (rows x cols)^T through a padded 16x16
// shared tile (the +1 column avoids bank conflicts); 16x16 blocks.
#include <assert.h>

#define TDIM 16

__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[TDIM][TDIM + 1];
	assert(blockDim.x == TDIM && blockDim.y == TDIM);
	int x = blockIdx.x * TDIM + threadIdx.x;
	int y = blockIdx.y * TDIM + threadIdx.y;
	if (x < cols && y < rows)
		tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
	__syncthreads();
	x = blockIdx.y * TDIM + threadIdx.x;
	y = blockIdx.x * TDIM + threadIdx.y;
	if (x < rows && y < cols)
		out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}
