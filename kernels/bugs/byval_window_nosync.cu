// byval_window_nosync: a kernel that narrows its by-value window parameter
// to the block (w.len = min(w.len, blockDim.x)) writes its own copy of the
// parameter, as C++ lets it; then each thread stages one element in shared
// memory and reads its neighbour's with no barrier between.  The race is
// reachable only once the store into the parameter is the kernel's own.
struct Window {
	int start;
	int len;
};

__global__ void byval_window_nosync(Window w, const float *in, float *out)
{
	__shared__ float tile[1024];
	w.len = w.len < (int)blockDim.x ? w.len : (int)blockDim.x;
	int t = threadIdx.x;
	if (w.start < 0 || w.len <= 0 || t >= w.len)
		return;
	tile[t] = in[w.start + t]; // BUG: no barrier before the neighbour reads it
	out[w.start + t] = tile[(t + 1) % w.len]; // BUG: reads a slot another thread writes
}
