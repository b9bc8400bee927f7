// uniform_store: GMRace's uniform-address write (TPDS 2014, section 3): a
// store whose address does not depend on the thread, not protected by an
// atomic.  All lanes of a warp store different values to one word in the
// same instruction (an intra-warp race), and so do the other warps.
__global__ void uniform_store(const int *in, int *out)
{
	__shared__ int s_last;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s_last = in[gid]; // BUG: every thread stores to the same word
	__syncthreads();
	out[gid] = s_last;
}
