// unsigned_wrap_far, fixed: element 0 has no predecessor; its difference
// is the element itself.
__global__ void unsigned_wrap_far(const float *in, float *diff, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float before = i > 0 ? in[i - 1] : 0.0f;
	diff[i] = in[i] - before;
}
