// unsigned_wrap_far: the previous element's index computed in unsigned
// arithmetic wraps at thread 0 to 2^32 - 1, a pointer 16 GiB past the
// buffer's start (ARBALEST's out-of-bounds access through a pointer moved
// far: it stays the buffer's pointer, out of its bounds, and never lands in
// another allocation).
__global__ void unsigned_wrap_far(const float *in, float *diff, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned prev = i - 1;
	diff[i] = in[i] - in[prev]; // BUG: prev wraps to 4294967295 at i == 0
}
