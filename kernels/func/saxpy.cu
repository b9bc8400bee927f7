// saxpy: y = a * x + y in single precision (the multiply-add may be
// contracted, so tests accept both the fused and the unfused result).
__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
