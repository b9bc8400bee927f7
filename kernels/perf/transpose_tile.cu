// A transpose through a 32 x 32 shared tile: every warp writes a row of the
// tile and reads a column of it.  With rows of 32 words a column lies in one
// bank, so the read is a 32-way bank conflict (transpose_tile_padded.cu pads
// the rows to 33 words).  Golden: tests/check_cli.c, "performance".
#define TILE 32

__global__ void transpose_tile(const float *in, float *out, int n)
{
	__shared__ float tile[TILE][TILE];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	tile[threadIdx.y][threadIdx.x] = in[y * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
