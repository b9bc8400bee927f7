// descriptor_loop_bd: the arrayfire computeDescriptor barrier divergence of
// the Simulee paper (Table 2, ee4d0bd77d7).  Each row of a 2-D block (one
// warp per row) walks the histogram rows ty, ty + blockDim.y, ... and the
// staging barriers are inside that loop: when nrows is not a multiple of
// blockDim.y the last trip is made by some warps only.
#define BX 32
#define BY 4

__global__ void descriptor_loop_bd(const float *hist, int nrows, float *desc)
{
	__shared__ float s_row[BY][BX];
	int tx = threadIdx.x, ty = threadIdx.y;
	float acc = 0.0f;
	for (int r = ty; r < nrows; r += blockDim.y) { // BUG: the trip count depends on ty
		s_row[ty][tx] = hist[r * BX + tx];
		__syncthreads(); // BUG: the warps that are done never get here
		acc += s_row[(ty + 1) % blockDim.y][tx];
		__syncthreads(); // BUG: the warps that are done never get here
	}
	desc[ty * BX + tx] = acc;
}
