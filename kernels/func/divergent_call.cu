// divergent_call: non-inlined device functions called from the two sides
// of a divergent branch, one of them through a helper that loops, and an
// assert that holds.  (The prelude defines assert; the include is for
// compiling this file against the real CUDA headers too.)
#include <assert.h>

__device__ __noinline__ int mix(int a, int b)
{
	return (a * 31) ^ (b + 7);
}

__device__ __noinline__ int sum_digits(int v)
{
	int s = 0;
	v = v < 0 ? -v : v;
	while (v > 0) {
		s += v % 10;
		v /= 10;
	}
	return s;
}

__global__ void divergent_call(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	int r;
	if (threadIdx.x % 3 == 0)
		r = mix(v, i);
	else if (v & 1)
		r = sum_digits(v) + mix(i, v);
	else
		r = sum_digits(v * 7);
	assert(r != 0x7fffffff);
	out[i] = r;
}
