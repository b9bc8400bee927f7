// sum_reduce_race_rb: the kaldi _sum_reduce bugs of the Simulee paper
// (Table 3, 5cc9731af4f: data races and a redundant barrier in one kernel).
// The tree reduction has no barrier inside its loop, so each step can read
// a partial sum before the previous step has stored it; and the barrier at
// the end of the kernel orders nothing.
#define BS 128

__global__ void sum_reduce_race_rb(const float *in, float *out)
{
	__shared__ float s[BS];
	int tid = threadIdx.x;
	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int h = blockDim.x / 2; h > 0; h >>= 1) {
		if (tid < h)
			s[tid] += s[tid + h]; // BUG: no barrier between the steps
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
	__syncthreads(); // BUG: redundant: nothing follows it
}
