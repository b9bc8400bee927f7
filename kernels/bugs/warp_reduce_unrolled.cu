// warp_reduce_unrolled: the arrayfire warp_reduce data race of the Simulee
// paper (Table 2, c59116e3e3c): a tree reduction with barriers down to
// eight values, then the last steps unrolled "warp-synchronously" through a
// volatile pointer with no __syncwarp.  Correct in lockstep, a race under
// independent thread scheduling.
#define BS 128

__global__ void warp_reduce_unrolled(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int half = blockDim.x / 2; half > 4; half >>= 1) {
		if (tid < half)
			s[tid] += s[tid + half];
		__syncthreads();
	}
	if (tid < 4) {
		volatile int *v = s;
		v[tid] += v[tid + 4]; // BUG: no __syncwarp between the steps
		v[tid] += v[tid + 2]; // BUG: no __syncwarp between the steps
		v[tid] += v[tid + 1]; // BUG: no __syncwarp between the steps
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
