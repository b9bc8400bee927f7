// interblock_halo, fixed twin: out of place (a second buffer), so no thread
// stores an element that another block loads.
__global__ void interblock_halo(float *a, float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float l = i > 0 ? a[i - 1] : 0.0f;
	float c = a[i];
	float r = i + 1 < n ? a[i + 1] : 0.0f;
	b[i] = (l + c + r) / 3.0f; // FIXED: out of place
}
