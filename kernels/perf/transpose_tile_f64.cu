// transpose_tile.cu on doubles: 8-byte accesses are served a half-warp at
// a time, and a column of a 32 x 32 double tile puts all 16 lanes of a
// half-warp on one pair of banks: 16 passes for each of the 2 half-warps.
// Golden: tests/check_cli.c, "performance".
#define TILE 32

__global__ void transpose_tile_f64(const double *in, double *out, int n)
{
	__shared__ double tile[TILE][TILE];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	tile[threadIdx.y][threadIdx.x] = in[y * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
