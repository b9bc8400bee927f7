// struct_field_race, fixed: the count is atomic.
struct Histogram {
	int *bins;
	const int *keys;
	int n;
	int nbins;
};

__global__ void struct_field_race(Histogram h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < h.n && h.nbins > 0)
		atomicAdd(&h.bins[h.keys[i] % h.nbins], 1);
}
