// warp_vote: __ballot_sync, __all_sync, __any_sync, __activemask and
// __popc.  Per thread: out[4*i] = ballot of (in[i] odd), out[4*i+1] =
// all(in[i] > 0), out[4*i+2] = any(in[i] > thr), out[4*i+3] = rank of this
// lane among the odd lanes (or -1).  blockDim.x is a multiple of 32.
__global__ void warp_vote(const int *in, int *out, int thr)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int v = in[i];
	unsigned int mask = __activemask();
	unsigned int odd = __ballot_sync(mask, v & 1);
	out[4 * i] = (int)odd;
	out[4 * i + 1] = __all_sync(mask, v > 0) ? 1 : 0;
	out[4 * i + 2] = __any_sync(mask, v > thr) ? 1 : 0;
	out[4 * i + 3] = (v & 1) ? __popc(odd & ((1u << lane) - 1u)) : -1;
}
