/*
** cuda_fp16.h arithmetic, which the toolkit's headers write as inline
** PTX on halves (add.f16, fma.rn.f16x2, set.lt.f16x2.f16x2, setp.f16,
** cvt.rni.s32.f16, ...): each lane mixes scalar and paired operations
** and the host prints two lanes' sums, the GPU's values.
*/
#include <cstdio>
#include <cuda_fp16.h>

__global__ void mix(const float *a, float *out, int n)
{
	int i = threadIdx.x;
	if (i >= n)
		return;
	__half x = __float2half(a[i]), y = __float2half(1.5f);
	float r = __half2float(__hfma(x, y, y));
	r += __hlt(x, y) ? 1 : 0;
	r += __heq(x, y) ? 10 : 0;
	r += __half2float(__hmax(x, y)) + __half2float(__hmin(x, y));
	r += __half2float(__hneg(x)) + __half2float(__habs(__hneg(x)));
	r += __half2float(__hadd(x, y)) * __half2float(__hsub(y, x)) + __half2float(__hmul(x, x));
	__half2 p = __float22half2_rn(make_float2(a[i], 2.0f));
	__half2 q = __hfma2(p, p, p);
	float2 f = __half22float2(__hadd2(q, __hmul2(p, p)));
	r += f.x + f.y;
	__half2 c = __hlt2(p, __float2half2_rn(1.0f));
	r += __low2float(c) * 100 + __high2float(c) * 1000;
	r += __half2int_rn(x) * 10000;
	r += __half2float(__int2half_rn(i));
	r += __half2float(hsqrt(x));
	r += __half2float(__hdiv(x, y));
	r += __hbgt2(p, q) ? 100000 : 0;
	out[i] = r;
}

int main()
{
	const int n = 32;
	float h[n], *a, *o;
	for (int i = 0; i < n; i++)
		h[i] = i * 0.25f;
	cudaMalloc(&a, sizeof h);
	cudaMalloc(&o, sizeof h);
	cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
	mix<<<1, n>>>(a, o, n);
	cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
	printf("out[1] = %.4f, out[6] = %.4f\n", h[1], h[6]);
	cudaFree(a);
	cudaFree(o);
	return 0;
}
