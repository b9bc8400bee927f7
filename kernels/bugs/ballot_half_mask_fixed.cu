// ballot_half_mask, fixed twin: the mask names the whole warp, every lane
// of which calls __ballot_sync.
__global__ void ballot_half_mask(const int *in, unsigned *count)
{
	assert(blockDim.x % 32 == 0); // the contract: whole warps
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	unsigned votes = __ballot_sync(0xffffffffu, in[tid] > 0);
	if (lane == 0)
		count[blockIdx.x * ((blockDim.x + 31) / 32) + threadIdx.x / 32] = __popc(votes);
}
