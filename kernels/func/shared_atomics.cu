// shared_atomics: atomics on __shared__ variables of several types: float
// add (exact values), 64-bit max, a CAS-loop add, atomicInc with wrap and a
// small histogram.  Thread 0 writes the block's results to out[8 * b + k]
// (as int bit patterns) and fout[b].
#include <assert.h>

__global__ void shared_atomics(const int *in, int *out, float *fout, unsigned long long *kmax,
			       int n)
{
	__shared__ float fsum;
	__shared__ unsigned long long umax;
	__shared__ int cas_sum;
	__shared__ unsigned int ring;
	__shared__ unsigned int hist[4];
	assert(blockDim.x >= 4);	// threads 0..3 clear the histogram
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	if (t == 0) {
		fsum = 0.0f;
		umax = 0;
		cas_sum = 0;
		ring = 0;
	}
	if (t < 4)
		hist[t] = 0;
	__syncthreads();
	if (i < n) {
		int v = in[i];
		atomicAdd(&fsum, (float)v * 0.25f);
		atomicMax(&umax, ((unsigned long long)(v & 0xff) << 32) | (unsigned int)i);
		int old = 0, assumed;
		do {
			assumed = old;
			old = atomicCAS(&cas_sum, assumed, assumed + v);
		} while (old != assumed);
		atomicInc(&ring, 6u);
		atomicAdd(&hist[v & 3], 1u);
	}
	__syncthreads();
	if (t == 0) {
		int *o = out + 8 * blockIdx.x;
		o[0] = cas_sum;
		o[1] = (int)ring;
		for (int k = 0; k < 4; k++)
			o[2 + k] = (int)hist[k];
		o[6] = (int)(umax >> 32);
		o[7] = (int)(umax & 0xffffffffu);
		fout[blockIdx.x] = fsum;
		kmax[blockIdx.x] = umax;
	}
}
