// fast_math: the hardware approximations __expf, __logf, __sinf, __cosf,
// __fdividef and __powf (libdevice __nv_fast_*).  x is in (0, 3]; out[6i+k].
__global__ void fast_math(const float *x, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = x[i];
	float *o = out + 6 * i;
	o[0] = __expf(v);
	o[1] = __logf(v);
	o[2] = __sinf(v);
	o[3] = __cosf(v);
	o[4] = __fdividef(1.0f, v + 1.0f);
	o[5] = __powf(v, 0.5f);
}
