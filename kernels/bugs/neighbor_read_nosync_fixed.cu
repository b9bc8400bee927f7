// neighbor_read_nosync, fixed twin: a barrier between filling the tile and
// reading it.
#define BS 64

__global__ void neighbor_read_nosync(const float *in, float *out)
{
	__shared__ float s[BS + 2];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid + 1] = in[gid];
	if (tid == 0) {
		s[0] = 0.0f;
		s[blockDim.x + 1] = 0.0f;
	}
	__syncthreads(); // FIXED
	float l = s[tid];
	float r = s[tid + 2];
	out[gid] = (l + s[tid + 1] + r) / 3.0f;
}
