// deadlock_two_barriers: the GKLEE deadlock_0 test of the Simulee paper
// (Table 2): even and odd threads wait at two different __syncthreads()
// calls.  Each call is a barrier of its own, so neither is reached by the
// whole block.
#define BS 64

__global__ void deadlock_two_barriers(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	if (tid % 2 == 0) {
		s[tid] = in[tid];
		__syncthreads(); // BUG: only the even threads wait here
	} else {
		s[tid] = -in[tid];
		__syncthreads(); // BUG: only the odd threads wait here
	}
	out[tid] = s[(tid + 32) % blockDim.x];
}
