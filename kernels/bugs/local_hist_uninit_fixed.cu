// local_hist_uninit, fixed: the bins are cleared before counting.
#define BINS 4

__global__ void local_hist_uninit(const int *keys, int *out, int n, int per)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int bins[BINS];
	for (int b = 0; b < BINS; b++)
		bins[b] = 0;
	for (int k = 0; k < per; k++) {
		int i = t * per + k;
		if (i < n)
			bins[keys[i] & (BINS - 1)] += 1;
	}
	for (int b = 0; b < BINS; b++)
		atomicAdd(&out[b], bins[b]);
}
