// jacobi_rotation_race: the arrayfire JacobiSVD pattern of the Simulee paper
// (Table 2, two data races).  A block rotates one pair of columns (p, q) of
// a 128-row matrix: it reduces the dot products, thread 0 computes the
// rotation (c, s) into shared memory, and every thread applies it to its
// row -- but no barrier separates thread 0's two stores from the loads.
#define ROWS 128

__global__ void jacobi_rotation_race(float *A, float *rot)
{
	__shared__ float s_app[ROWS], s_aqq[ROWS], s_apq[ROWS];
	__shared__ float s_cs[2];
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
		s_cs[0] = c; // BUG: no barrier after the rotation is published
		s_cs[1] = c * t; // BUG: no barrier after the rotation is published
	}
	float c = s_cs[0]; // BUG: may read before thread 0's store
	float s = s_cs[1]; // BUG: may read before thread 0's store
	p[tid] = c * ap - s * aq;
	q[tid] = s * ap + c * aq;
	if (tid == 0) {
		rot[2 * blockIdx.x] = c;
		rot[2 * blockIdx.x + 1] = s;
	}
}
