// struct_field_race: a histogram whose buffers come in a struct passed by
// value (the parameter-object style of many CUDA codes): the bins and the
// keys are pointer fields of the struct, not parameters.  The count is a
// plain "+=": threads whose keys fall in one bin race.  The race is only
// reachable when the struct's pointer fields point at real buffers.
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
		h.bins[h.keys[i] % h.nbins] += 1; // BUG: not atomic: equal keys collide
}
