// int_libdevice: the integer libdevice functions on full-range operands:
// high halves of products, 24-bit multiplies (which drop the top byte),
// sums of absolute differences, halving adds, __byte_perm with any
// selector, and abs/min/max on extreme values.  out[12 * i + k].
__global__ void int_libdevice(const int *a, const int *b, const unsigned int *s,
			      const long long *la, int *out, long long *lout, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int x = a[i], y = b[i];
	unsigned int ux = (unsigned int)x, uy = (unsigned int)y;
	int *o = out + 12 * i;
	o[0] = __mulhi(x, y);
	o[1] = (int)__umulhi(ux, uy);
	o[2] = __mul24(x, y);
	o[3] = (int)__umul24(ux, uy);
	o[4] = (int)__sad(x, y, 7u);
	o[5] = (int)__usad(ux, uy, 3u);
	o[6] = __hadd(x, y);
	o[7] = __rhadd(x, y);
	o[8] = (int)__uhadd(ux, uy);
	o[9] = (int)__urhadd(ux, uy);
	o[10] = (int)__byte_perm(ux, uy, s[i]);
	o[11] = abs(x) ^ min(x, y) ^ (int)umax(ux, uy);
	long long p = la[i], q = la[(i + 1) % n];
	lout[3 * i] = __mul64hi(p, q);
	lout[3 * i + 1] = (long long)__umul64hi((unsigned long long)p, (unsigned long long)q);
	lout[3 * i + 2] = llabs(p) ^ llmin(p, q) ^ (long long)__brevll((unsigned long long)p);
}
