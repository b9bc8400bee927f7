// fnptr_shift_race: a kernel given the device function to apply (a
// function-pointer parameter, checked against the two it accepts) shifts
// each block's segment left by one, in place: data[i] = f(data[i + 1]).
// With no barrier between the reads and the writes, a thread overwrites
// the slot its left neighbour reads.  Every launch fails the assert
// unless the parameter is one of the module's functions of its type.
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
	if (t + 1 < blockDim.x && i + 1 < n)
		data[i] = f(data[i + 1]); // BUG: the right neighbour writes data[i + 1] unordered
}
