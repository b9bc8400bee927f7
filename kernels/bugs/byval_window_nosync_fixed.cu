// byval_window_nosync, fixed: a barrier between staging and reading, which
// every thread of the block reaches.
struct Window {
	int start;
	int len;
};

__global__ void byval_window_nosync(Window w, const float *in, float *out)
{
	__shared__ float tile[1024];
	w.len = w.len < (int)blockDim.x ? w.len : (int)blockDim.x;
	int t = threadIdx.x;
	bool active = w.start >= 0 && w.len > 0 && t < w.len;
	if (active)
		tile[t] = in[w.start + t];
	__syncthreads();
	if (active)
		out[w.start + t] = tile[(t + 1) % w.len];
}
