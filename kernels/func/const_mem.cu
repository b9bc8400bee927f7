// const_mem: __constant__ and __device__ variables initialised in their
// definitions: a 5-tap integer filter, a lookup table and a float scale.
__constant__ int kTaps[5] = { 1, -2, 5, -2, 1 };
__constant__ float kScale = 0.375f;
__device__ int kTable[16] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3 };

__global__ void const_mem(const int *in, int *out, const float *f, float *fout, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int acc = 0;
	for (int t = 0; t < 5; t++) {
		int j = i + t - 2;
		if (j >= 0 && j < n)
			acc += kTaps[t] * in[j];
	}
	out[i] = acc + kTable[in[i] & 15];
	fout[i] = f[i] * kScale;
}
