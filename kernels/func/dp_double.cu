// dp_double: double precision.  out[i] = (x*x + 1) / (x + 3) for x = in[i],
// and acc[i] = sum over j < 8 of in[(i + j) % n] * 0.5^j (a fixed-order
// loop).  Both mix multiply and add, which may be contracted.
__global__ void dp_double(const double *in, double *out, double *acc, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double x = in[i];
	out[i] = (x * x + 1.0) / (x + 3.0);
	double s = 0.0, w = 1.0;
	for (int j = 0; j < 8; j++) {
		s += in[(i + j) % n] * w;
		w *= 0.5;
	}
	acc[i] = s;
}
