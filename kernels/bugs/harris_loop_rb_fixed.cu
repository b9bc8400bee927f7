// harris_loop_rb, fixed twin: no barrier in the loop (the slots are
// thread-private).
#define BS 64

__global__ void harris_loop_rb(const float *ix, const float *iy, int n, int taps, float *resp)
{
	__shared__ float s_ix[BS];
	__shared__ float s_iy[BS];
	assert(blockDim.x == BS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	float ixx = 0.0f, iyy = 0.0f, ixy = 0.0f;
	for (int k = 0; k < taps; k++) {
		s_ix[tid] = ix[k * n + gid];
		s_iy[tid] = iy[k * n + gid];
		ixx += s_ix[tid] * s_ix[tid];
		iyy += s_iy[tid] * s_iy[tid];
		ixy += s_ix[tid] * s_iy[tid];
	}
	resp[gid] = ixx * iyy - ixy * ixy - 0.04f * (ixx + iyy) * (ixx + iyy);
}
