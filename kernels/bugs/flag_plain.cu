// flag_plain: block 0 produces an array and raises a flag; block 1 waits
// for the flag and consumes the array.  The producer fences before the
// flag, but the flag is a plain int: its store and the consumer's loads
// are a data race (the compiler may even keep the flag in a register and
// spin forever), and a plain store publishes nothing.
__global__ void flag_plain(int *data, int *flag, int *out, int n)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		for (int k = 0; k < n; k++)
			data[k] = k * k; // BUG: not published by the plain flag
		__threadfence();
		*flag = 1; // BUG: a plain store of the flag
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (*flag == 0) // BUG: plain loads of the flag
			;
		__threadfence();
		int s = 0;
		for (int k = 0; k < n; k++)
			s += data[k]; // BUG: not ordered after the producer's stores
		out[0] = s;
	}
}
