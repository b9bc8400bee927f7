// join_bd: the gunrock Join barrier divergence of the Simulee paper
// (Table 3, 248a12107ef).  A block walks its input in strides of blockDim.x
// and leaves the loop with "break" when a thread runs past the end: when n
// is not a multiple of blockDim.x, the threads that left wait at the
// barrier after the loop while the others wait at the one inside it.
#define BS 64

__global__ void join_bd(const int *in, int n, int *out)
{
	__shared__ int s[2][BS];
	__shared__ int s_acc[BS];
	int tid = threadIdx.x;
	int acc = 0;
	int trip = 0;
	for (int i = tid;; i += blockDim.x) {
		if (i >= n)
			break; // BUG: threads leave the loop at different trips
		s[trip & 1][tid] = in[i];
		__syncthreads(); // BUG: the threads that left wait elsewhere
		acc += s[trip & 1][(tid + 32) % blockDim.x]; // BUG: in the last trip, slots of threads that left are never written
		trip++;
	}
	s_acc[tid] = acc;
	__syncthreads(); // BUG: the threads that left wait here, the others above
	if (tid == 0) {
		int sum = 0;
		for (int k = 0; k < blockDim.x; k++)
			sum += s_acc[k];
		out[blockIdx.x] = sum;
	}
}
