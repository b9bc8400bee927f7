// intdiv: signed and unsigned division and remainder by run-time divisors
// (including negative ones) and by constants, which compilers strength-
// reduce to multiply-high sequences.  out[8 * i + k].
__global__ void intdiv(const int *a, const int *b, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int x = a[i], y = b[i];
	if (y == 0)
		y = 1;
	unsigned int ux = (unsigned int)x, uy = (unsigned int)y;
	int *o = out + 8 * i;
	o[0] = x / y;
	o[1] = x % y;
	o[2] = (int)(ux / uy);
	o[3] = (int)(ux % uy);
	o[4] = x / 7;
	o[5] = x % -13;
	o[6] = (int)(ux / 10u);
	o[7] = (int)(ux % 1000u) + x / 64;
}
