// recursion: a recursive device function (greatest common divisor by
// Euclid) and a recursive tree sum, as real device recursion.
__device__ __noinline__ unsigned int gcd(unsigned int a, unsigned int b)
{
	return b == 0 ? a : gcd(b, a % b);
}

__device__ __noinline__ int tree_sum(const int *v, int lo, int hi)
{
	if (hi - lo == 1)
		return v[lo];
	int mid = (lo + hi) / 2;
	return tree_sum(v, lo, mid) + tree_sum(v, mid, hi);
}

__global__ void recursion(const unsigned int *a, const unsigned int *b, const int *w,
			  unsigned int *g, int *s, int n, int len)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	g[i] = gcd(a[i], b[i]);
	s[i] = tree_sum(w + i, 0, len);
}
