// heap_scratch_oob: each thread takes scratch space from the device heap
// with malloc and fills it with a loop that runs one element too far (<=):
// an out-of-bounds write on a heap block (ARBALEST's out-of-bounds access;
// the block's bounds are malloc's size).
#define WIN 8

__global__ void heap_scratch_oob(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i + WIN > n)
		return;
	float *win = (float *)malloc(WIN * sizeof(float));
	if (win == 0)
		return;
	for (int k = 0; k <= WIN; k++)
		win[k] = k < WIN ? in[i + k] : 0.0f; // BUG: win[8] is past the block
	float m = win[0];
	for (int k = 1; k < WIN; k++)
		m = fmaxf(m, win[k]);
	out[i] = m;
	free(win);
}
