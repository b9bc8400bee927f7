// neighbor_read_nosync: a 3-point stencil on a shared tile that reads the
// neighbours' slots with no barrier after the tile is filled.  Across the
// warp boundary this races in any model; inside a warp the store precedes
// the loads in lockstep, but not under independent thread scheduling.
#define BS 64

__global__ void neighbor_read_nosync(const float *in, float *out)
{
	__shared__ float s[BS + 2];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	s[tid + 1] = in[gid]; // BUG: the neighbours load this slot with no barrier
	if (tid == 0) {
		s[0] = 0.0f;
		s[blockDim.x + 1] = 0.0f; // BUG: the last thread loads this with no barrier
	}
	float l = s[tid]; // BUG: neighbour's slot, no barrier
	float r = s[tid + 2]; // BUG: neighbour's slot, no barrier
	out[gid] = (l + s[tid + 1] + r) / 3.0f;
}
