// float4_load: vectorised 16-byte loads and stores through float4 and
// make_float4; out[i] = a[i] + b[i] component-wise, then swizzled
// (x, y, z, w) -> (w, z, y, x).  n4 counts float4 elements.
__global__ void float4_load(const float *a, const float *b, float *out, int n4)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n4)
		return;
	float4 va = reinterpret_cast<const float4 *>(a)[i];
	float4 vb = reinterpret_cast<const float4 *>(b)[i];
	float4 r = make_float4(va.w + vb.w, va.z + vb.z, va.y + vb.y, va.x + vb.x);
	reinterpret_cast<float4 *>(out)[i] = r;
}
