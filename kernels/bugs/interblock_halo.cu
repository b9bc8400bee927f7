// interblock_halo: an in-place 3-point smoothing in global memory.  Inside
// a block a barrier separates all loads from all stores, which is enough
// for the block's own threads -- but a barrier orders nothing across
// blocks: the first and last thread of a block load the halo elements that
// the neighbouring blocks store.
__global__ void interblock_halo(float *a, float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float l = i > 0 ? a[i - 1] : 0.0f; // BUG: the left halo is stored by the previous block
	float c = a[i];
	float r = i + 1 < n ? a[i + 1] : 0.0f; // BUG: the right halo is stored by the next block
	__syncthreads();
	a[i] = (l + c + r) / 3.0f; // BUG: stores under the other blocks' halo loads
}
