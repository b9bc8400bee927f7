// jacobi_rotation_race, fixed twin: a barrier between thread 0 publishing
// the rotation and the other threads applying it.
#define ROWS 128

__global__ void jacobi_rotation_race(float *A, float *rot)
{
	__shared__ float s_app[ROWS], s_aqq[ROWS], s_apq[ROWS];
	__shared__ float s_cs[2];
	assert(blockDim.x == ROWS); // the contract: the block the kernel is written for
	int tid = threadIdx.x;
	float *p = A + blockIdx.x * 2 * ROWS;
	float *q = p + ROWS;
	float ap = p[tid], aq = q[tid];
	s_app[tid] = ap * ap;
	s_aqq[tid] = aq * aq;
	s_apq[tid] = ap * aq;
	__syncthreads();
	for (int half = blockDim.x / 2; half > 0; half >>= 1) {
		if (tid < half) {
			s_app[tid] += s_app[tid + half];
			s_aqq[tid] += s_aqq[tid + half];
			s_apq[tid] += s_apq[tid + half];
		}
		__syncthreads();
	}
	if (tid == 0) {
		float zeta = (s_aqq[0] - s_app[0]) / (2.0f * s_apq[0] + 1e-30f);
		float t = (zeta >= 0 ? 1.0f : -1.0f) / ((zeta >= 0 ? zeta : -zeta) + 1.0f + zeta * zeta);
		float c = 1.0f / (1.0f + t * t);
		s_cs[0] = c;
		s_cs[1] = c * t;
	}
	__syncthreads(); // FIXED
	float c = s_cs[0];
	float s = s_cs[1];
	p[tid] = c * ap - s * aq;
	q[tid] = s * ap + c * aq;
	if (tid == 0) {
		rot[2 * blockIdx.x] = c;
		rot[2 * blockIdx.x + 1] = s;
	}
}
