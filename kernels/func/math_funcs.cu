// math_funcs: single-precision libm functions, which compile to libdevice
// calls (__nv_sinf, ...).  Input x is in (0, 4]; each element produces 12
// results, out[12 * i + k].
__global__ void math_funcs(const float *x, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = x[i];
	float *o = out + 12 * i;
	o[0] = sinf(v);
	o[1] = cosf(v);
	o[2] = expf(v);
	o[3] = logf(v);
	o[4] = sqrtf(v);
	o[5] = powf(v, 1.5f);
	o[6] = tanhf(v - 2.0f);
	o[7] = atan2f(v, 2.0f);
	o[8] = fabsf(v - 2.0f);
	o[9] = floorf(v * 3.0f) + ceilf(v);
	o[10] = fminf(v, 2.0f) + fmaxf(v, 1.0f);
	o[11] = rsqrtf(v);
}
