// local_hist_uninit: a per-thread histogram kept in a local array whose
// bins are incremented without being cleared first: each bin's first
// increment reads what the array happened to hold (ARBALEST's use of
// uninitialized memory, on local memory).
#define BINS 4

__global__ void local_hist_uninit(const int *keys, int *out, int n, int per)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int bins[BINS];
	for (int k = 0; k < per; k++) {
		int i = t * per + k;
		if (i < n)
			bins[keys[i] & (BINS - 1)] += 1; // BUG: no bin was set to 0
	}
	for (int b = 0; b < BINS; b++)
		atomicAdd(&out[b], bins[b]);
}
