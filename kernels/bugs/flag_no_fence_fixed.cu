// flag_no_fence, fixed: the producer fences between the array and the flag.
__global__ void flag_no_fence(int *data, volatile int *flag, int *out, int n)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		for (int k = 0; k < n; k++)
			data[k] = k * k;
		__threadfence();
		*flag = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (*flag == 0)
			;
		__threadfence();
		int s = 0;
		for (int k = 0; k < n; k++)
			s += data[k];
		out[0] = s;
	}
}
