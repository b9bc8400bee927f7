// local_taps_oob: a 4-tap filter kept in a local array, filled and summed by
// loops that run one tap too far (<= instead of <): the index is a constant
// of the kernel, the same in every launch (ARBALEST's out-of-bounds access
// on local memory).
#define TAPS 4

__global__ void local_taps_oob(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float w[TAPS];
	for (int k = 0; k <= TAPS; k++)
		w[k] = 1.0f / (k + 1); // BUG: w[4] is past the end
	if (i + TAPS > n)
		return;
	float acc = 0.0f;
	for (int k = 0; k < TAPS; k++)
		acc += w[k] * in[i + k];
	out[i] = acc;
}
