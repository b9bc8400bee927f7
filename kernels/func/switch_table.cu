// switch_table: switches that return constants, which the optimiser turns
// into lookup tables in constant globals, and a string literal indexed by
// the data.
__device__ __noinline__ int days_in_month(int m)
{
	switch (m) {
	case 0: return 31;
	case 1: return 28;
	case 2: return 31;
	case 3: return 30;
	case 4: return 31;
	case 5: return 30;
	case 6: return 31;
	case 7: return 31;
	case 8: return 30;
	case 9: return 31;
	case 10: return 30;
	case 11: return 31;
	default: return -1;
	}
}

__device__ float weight(int k)
{
	switch (k & 3) {
	case 0: return 0.5f;
	case 1: return 0.25f;
	case 2: return 2.0f;
	default: return -1.0f;
	}
}

__global__ void switch_table(const int *in, int *out, float *w, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	out[i] = days_in_month(v % 13) * 1000 + "simulee!"[v & 7];
	w[i] = weight(v) * (float)v;
}
