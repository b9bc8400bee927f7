// rounding: the explicitly rounded intrinsics.  Directed float addition
// and multiplication, conversions float -> int in the four modes (h holds
// ties), int -> float and double -> float with directed rounding.
// f[10 * i + k], q[6 * i + k].
__global__ void rounding(const float *a, const float *b, const float *h, const int *k,
			 const double *d, float *f, int *q, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = a[i], y = b[i], t = h[i];
	float *o = f + 10 * i;
	o[0] = __fadd_rz(x, y);
	o[1] = __fadd_ru(x, y);
	o[2] = __fadd_rd(x, y);
	o[3] = __fmul_rz(x, y);
	o[4] = __fmul_ru(x, y);
	o[5] = __fmul_rd(x, y);
	o[6] = __int2float_rz(k[i]) + __int2float_ru(k[i]);
	o[7] = __int2float_rd(k[i]);
	o[8] = __double2float_rz(d[i]);
	o[9] = __double2float_ru(d[i]) + __fdiv_rn(x, y);
	int *r = q + 6 * i;
	r[0] = __float2int_rn(t);
	r[1] = __float2int_rz(t);
	r[2] = __float2int_ru(t);
	r[3] = __float2int_rd(t);
	r[4] = (int)__float2uint_rn(t < 0.0f ? -t : t);
	r[5] = (int)__float2ll_rd(x * 1000.0f);
}
