// flag_no_fence: block 0 produces an array and raises a volatile flag;
// block 1 waits for the flag and consumes the array.  No __threadfence()
// separates the producer's stores from the flag: the flag can become
// visible before the data (the programming guide's memory fence example).
__global__ void flag_no_fence(int *data, volatile int *flag, int *out, int n)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		for (int k = 0; k < n; k++)
			data[k] = k * k; // BUG: not fenced before the flag
		*flag = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (*flag == 0)
			;
		__threadfence();
		int s = 0;
		for (int k = 0; k < n; k++)
			s += data[k]; // BUG: not ordered after the producer's stores
		out[0] = s;
	}
}
