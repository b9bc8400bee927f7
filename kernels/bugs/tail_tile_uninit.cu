// tail_tile_uninit: a tile loader that fills its shared tile only where the
// input exists (gid < n), while every live thread then reads the whole tile.
// In the tail block (n not a multiple of blockDim.x) the slots past the end
// are never written: reads of uninitialized shared memory (ARBALEST's use
// of uninitialized memory, on the device side).
#define BS 64

__global__ void tail_tile_uninit(const float *a, int n, float *out)
{
	__shared__ float tile[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (gid < n)
		tile[tid] = a[gid]; // BUG: the tail block leaves slots unwritten
	__syncthreads();
	if (gid < n) {
		float sum = 0.0f;
		for (int k = 0; k < blockDim.x; k++)
			sum += tile[k]; // BUG: reads the unwritten slots
		out[gid] = tile[tid] * sum;
	}
}
