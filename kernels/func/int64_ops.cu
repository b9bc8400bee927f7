// int64_ops: 64-bit integer arithmetic.  A xorshift64* generator seeded
// from the input, 64-bit multiply, signed division and modulo, shifts of
// negative values, and the high half of a product.
__device__ unsigned long long xorshift64s(unsigned long long x)
{
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	return x * 0x2545F4914F6CDD1DULL;
}

__global__ void int64_ops(const long long *in, unsigned long long *h, long long *q, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	long long v = in[i];
	unsigned long long s = (unsigned long long)v | 1ULL;
	for (int r = 0; r < 4; r++)
		s = xorshift64s(s);
	h[2 * i] = s;
	h[2 * i + 1] = __umul64hi(s, 0x9E3779B97F4A7C15ULL);
	long long d = (long long)(i % 7) - 3;
	if (d == 0)
		d = 11;
	q[3 * i] = v / d;
	q[3 * i + 1] = v % d;
	q[3 * i + 2] = (long long)((unsigned long long)(v >> 5) + ((unsigned long long)v >> 60) -
				   (unsigned long long)v * 1000003ULL);
}
