// heap_scratch_oob, fixed: the fill stops at the block's last element.
#define WIN 8

__global__ void heap_scratch_oob(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i + WIN > n)
		return;
	float *win = (float *)malloc(WIN * sizeof(float));
	if (win == 0)
		return;
	for (int k = 0; k < WIN; k++)
		win[k] = in[i + k];
	float m = win[0];
	for (int k = 1; k < WIN; k++)
		m = fmaxf(m, win[k]);
	out[i] = m;
	free(win);
}
