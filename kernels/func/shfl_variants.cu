// shfl_variants: __shfl_sync broadcast, __shfl_xor_sync butterfly,
// __shfl_up_sync / __shfl_down_sync with sub-warp widths, and shuffles of
// float, double and long long.  Full warps only.  out[6 * i + k], fout[i].
__global__ void shfl_variants(const int *in, int *out, float *fout, long long *lout, int src)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	int *o = out + 6 * i;
	o[0] = __shfl_sync(0xffffffffu, v, src);
	o[1] = __shfl_xor_sync(0xffffffffu, v, 5);
	o[2] = __shfl_up_sync(0xffffffffu, v, 3, 8);
	o[3] = __shfl_down_sync(0xffffffffu, v, 2, 16);
	o[4] = __shfl_sync(0xffffffffu, v, threadIdx.x + 1, 4);
	unsigned int u = __shfl_xor_sync(0xffffffffu, (unsigned int)v * 3u, 16);
	o[5] = (int)u;
	float f = (float)v * 0.5f;
	fout[i] = __shfl_down_sync(0xffffffffu, f, 1);
	double d = (double)v * 0.25;
	long long l = (long long)v << 33;
	d = __shfl_xor_sync(0xffffffffu, d, 1);
	l = __shfl_sync(0xffffffffu, l, 31 - (int)(threadIdx.x & 31));
	lout[i] = l + (long long)(d * 4.0);
}
