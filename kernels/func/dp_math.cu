// dp_math: double-precision libm functions (__nv_sin, __nv_exp, ...).
// Input x is in (0, 4]; out[6 * i + k].
__global__ void dp_math(const double *x, double *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double v = x[i];
	double *o = out + 6 * i;
	o[0] = sin(v);
	o[1] = exp(-v);
	o[2] = log(v);
	o[3] = sqrt(v);
	o[4] = pow(v, 0.75);
	o[5] = fmin(fabs(v - 2.0), 1.0);
}
