// transpose_tile.cu with the tile's rows padded to 33 words: a column of
// the tile now spans all 32 banks, and no access conflicts.
#define TILE 32

__global__ void transpose_tile_padded(const float *in, float *out, int n)
{
	__shared__ float tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	tile[threadIdx.y][threadIdx.x] = in[y * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
