// harris_loop_rb: the arrayfire harris_response redundant barrier of the
// Simulee paper (Table 2, faefac03c0a0): a loop stages the gradients in
// shared memory and synchronises every trip, but each thread reads back only
// the slots it wrote itself.
#define BS 64

__global__ void harris_loop_rb(const float *ix, const float *iy, int n, int taps, float *resp)
{
	__shared__ float s_ix[BS];
	__shared__ float s_iy[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	float ixx = 0.0f, iyy = 0.0f, ixy = 0.0f;
	for (int k = 0; k < taps; k++) {
		s_ix[tid] = ix[k * n + gid];
		s_iy[tid] = iy[k * n + gid];
		__syncthreads(); // BUG: redundant: s_ix[tid] and s_iy[tid] are private to the thread
		ixx += s_ix[tid] * s_ix[tid];
		iyy += s_iy[tid] * s_iy[tid];
		ixy += s_ix[tid] * s_iy[tid];
	}
	resp[gid] = ixx * iyy - ixy * ixy - 0.04f * (ixx + iyy) * (ixx + iyy);
}
