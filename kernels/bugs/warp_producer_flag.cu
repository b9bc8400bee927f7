// warp_producer_flag: a warp-specialised block.  The last warp loads a
// tile into shared memory and raises a flag; the other warps wait for the
// flag and read the tile.  No __syncthreads() between: the waiting warps
// rely on the scheduler running the producer warp meanwhile, which every
// GPU does.  But the flag is a plain int: its store and the consumers'
// loads are a data race, and the plain store publishes nothing.
#define TILE 32
__global__ void warp_producer_flag(const float *in, float *out)
{
	__shared__ float tile[TILE];
	__shared__ int ready;
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	int last = (blockDim.x - 1) / 32, producers = blockDim.x - last * 32;
	if (threadIdx.x == 0)
		ready = 0;
	__syncthreads();
	if (warp == last) {
		tile[lane] = in[blockIdx.x * TILE + lane] * 2.0f; // BUG: not published by the plain flag
		__syncwarp();
		if (lane == 0)
			ready = 1; // BUG: a plain store of the flag
	} else {
		while (ready == 0) // BUG: plain loads of the flag
			;
		out[blockIdx.x * blockDim.x + threadIdx.x] = tile[lane % producers]; // BUG: not ordered after the producer's stores
	}
}
