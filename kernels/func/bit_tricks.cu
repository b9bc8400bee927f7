// bit_tricks: __popc, __clz, __ffs, __brev, __byte_perm, __popcll,
// __clzll, __ffsll, __mul24, __umulhi, rotates and the lowest set bit.
// out[10 * i + k].
__global__ void bit_tricks(const unsigned int *in, const unsigned long long *in64, int *out,
			   int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned int v = in[i];
	unsigned long long w = in64[i];
	int *o = out + 10 * i;
	o[0] = __popc(v);
	o[1] = __clz((int)v);
	o[2] = __ffs((int)v);
	o[3] = (int)__brev(v);
	o[4] = (int)__byte_perm(v, 0x01234567u, 0x5140u);
	o[5] = __popcll(w) + 100 * __clzll((long long)w);
	o[6] = __ffsll((long long)w);
	o[7] = (int)((v << 7) | (v >> 25));
	o[8] = (int)(v & (0u - v));
	o[9] = __mul24((int)(v & 0x7fffff), 3) + (int)__umulhi(v, 0x9e3779b9u);
}
