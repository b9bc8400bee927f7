// half_precision: the _Float16 type (LLVM `half`): inputs are rounded to
// half, combined in half arithmetic and widened back to float.
__global__ void half_precision(const float *a, const float *b, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	_Float16 ha = (_Float16)a[i];
	_Float16 hb = (_Float16)b[i];
	_Float16 s = ha + hb;
	_Float16 p = ha * hb;
	out[2 * i] = (float)s;
	out[2 * i + 1] = (float)p;
}
