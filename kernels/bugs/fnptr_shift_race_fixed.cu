// fnptr_shift_race, fixed: every thread reads before a barrier and writes
// after it.
__device__ int twice(int v)
{
	return 2 * v;
}

__device__ int halve(int v)
{
	return v / 2;
}

typedef int (*unary_fn)(int);

__global__ void fnptr_shift_race(unary_fn f, int *data, int n)
{
	assert(f == twice || f == halve);
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	bool active = t + 1 < blockDim.x && i + 1 < n;
	int v = active ? data[i + 1] : 0;
	__syncthreads();
	if (active)
		data[i] = f(v);
}
