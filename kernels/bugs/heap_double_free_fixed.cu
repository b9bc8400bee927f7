// heap_double_free, fixed: one free, on every path.
__global__ void heap_double_free(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float *tmp = (float *)malloc(4 * sizeof(float));
	if (tmp == 0)
		return;
	for (int k = 0; k < 4; k++)
		tmp[k] = in[i] * (float)k;
	if (tmp[1] < 0.0f)
		out[i] = 0.0f;
	else
		out[i] = tmp[1] + tmp[2] + tmp[3];
	free(tmp);
}
