// local_taps_oob, fixed: the loops stop at the last tap.
#define TAPS 4

__global__ void local_taps_oob(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float w[TAPS];
	for (int k = 0; k < TAPS; k++)
		w[k] = 1.0f / (k + 1);
	if (i + TAPS > n)
		return;
	float acc = 0.0f;
	for (int k = 0; k < TAPS; k++)
		acc += w[k] * in[i + k];
	out[i] = acc;
}
