// math_misc: libdevice functions with exact results or pointer outputs,
// and IEEE special values.  ex[] holds results that must be exact, ap[]
// approximations (a few ulp), iv[] integer outputs.  x is in [-8, 8], y in
// [0.5, 4], h holds multiples of 0.5 (ties for the rounding functions).
__global__ void math_misc(const float *x, const float *y, const float *h, float *ex, float *ap,
			  int *iv, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float a = x[i], b = y[i], t = h[i];
	float nan = __int_as_float(0x7fc00000);
	float *e = ex + 16 * i;
	float p = a * b;
	e[0] = fmaf(a, b, -p);		/* the rounding error of a*b: needs a true fma */
	e[1] = roundf(t);
	e[2] = rintf(t);
	e[3] = truncf(a);
	e[4] = nearbyintf(t);
	e[5] = copysignf(b, a);
	e[6] = fmodf(a, b);
	e[7] = remainderf(a, b);
	e[8] = ldexpf(a, 5);
	int ex2;
	e[9] = frexpf(a, &ex2);
	float ip;
	e[10] = modff(a, &ip);
	e[11] = ip;
	e[12] = fminf(nan, b) + fmaxf(a, nan);
	e[13] = 1.0f / (a - a);
	e[14] = -0.0f * b;
	e[15] = __saturatef(a * 0.25f);
	iv[2 * i] = ex2;
	iv[2 * i + 1] = isnan(a / (b - b) * 0.0f) + 2 * isinf(b / 0.0f) + 4 * signbit(-b) +
			8 * isfinite(a);
	float s, c;
	sincosf(b, &s, &c);
	float *o = ap + 6 * i;
	o[0] = s;
	o[1] = c;
	o[2] = cbrtf(a);
	o[3] = hypotf(a, b);
	o[4] = expm1f(b * 0.125f);
	o[5] = log1pf(b);
}
