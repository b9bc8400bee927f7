// divergent_branch_ww: the two sides of a divergent branch store to the
// same shared slot.  Even under lockstep execution the order in which a
// warp runs the two paths is unspecified, so this is an intra-warp
// write-write race in both warp models (Simulee counts accesses after
// branch divergence as racing).
#define BS 32

__global__ void divergent_branch_ww(const int *in, int *out)
{
	__shared__ int s[BS / 2];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	if (tid % 2 == 0)
		s[tid / 2] = in[gid]; // BUG: the odd neighbour stores the same slot on the other path
	else
		s[tid / 2] = -in[gid]; // BUG: the even neighbour stores the same slot on the other path
	__syncwarp();
	out[gid] = s[tid / 2];
}
