// ballot_half_mask: each warp counts its positive elements with
// __ballot_sync, but the mask names only the lower half-warp while every
// lane calls it.  A calling lane must name itself in the mask (the CUDA
// programming guide): lanes 16-31 make the result undefined.
__global__ void ballot_half_mask(const int *in, unsigned *count)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	unsigned votes = __ballot_sync(0x0000ffffu, in[tid] > 0); // BUG: lanes 16-31 are not in the mask
	if (lane == 0)
		count[blockIdx.x * ((blockDim.x + 31) / 32) + threadIdx.x / 32] = __popc(votes);
}
