// heap_double_free: an early-out path frees the thread's heap buffer, and
// the common cleanup at the end frees it again (ARBALEST's double free on
// the device heap).
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
	if (tmp[1] < 0.0f) {
		out[i] = 0.0f;
		free(tmp);
	} else {
		out[i] = tmp[1] + tmp[2] + tmp[3];
	}
	free(tmp); // BUG: the negative path freed tmp already
}
