// join_bd, fixed twin: the loop makes a block-uniform number of trips and
// guards the load instead of leaving early.
#define BS 64

__global__ void join_bd(const int *in, int n, int *out)
{
	__shared__ int s[2][BS];
	__shared__ int s_acc[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int acc = 0;
	int trip = 0;
	for (int base = 0; base < n; base += blockDim.x) { // FIXED: uniform trip count
		int i = base + tid;
		s[trip & 1][tid] = i < n ? in[i] : 0;
		__syncthreads();
		acc += s[trip & 1][(tid + 32) % blockDim.x];
		trip++;
	}
	s_acc[tid] = acc;
	__syncthreads();
	if (tid == 0) {
		int sum = 0;
		for (int k = 0; k < blockDim.x; k++)
			sum += s_acc[k];
		out[blockIdx.x] = sum;
	}
}
