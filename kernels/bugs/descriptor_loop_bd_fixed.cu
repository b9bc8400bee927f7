// descriptor_loop_bd, fixed twin: the loop runs a block-uniform number of
// trips and guards the loads instead.
#define BX 32
#define BY 4

__global__ void descriptor_loop_bd(const float *hist, int nrows, float *desc)
{
	__shared__ float s_row[BY][BX];
	assert(blockDim.x == BX && blockDim.y == BY); // the contract: the block the kernel is written for
	int tx = threadIdx.x, ty = threadIdx.y;
	float acc = 0.0f;
	for (int r0 = 0; r0 < nrows; r0 += blockDim.y) { // FIXED: uniform trip count
		int r = r0 + ty;
		s_row[ty][tx] = r < nrows ? hist[r * BX + tx] : 0.0f;
		__syncthreads();
		acc += s_row[(ty + 1) % blockDim.y][tx];
		__syncthreads();
	}
	desc[ty * BX + tx] = acc;
}
