// struct_arg: a struct passed by value as a kernel argument, with float
// and int fields, plus a nested struct.
struct Range {
	int lo, hi;
};

struct Params {
	float scale;
	int bias;
	Range clip;
	unsigned int n;
};

__global__ void struct_arg(Params p, const float *x, const int *k, float *fy, int *iy)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= p.n)
		return;
	fy[i] = x[i] * p.scale;
	int v = k[i] + p.bias;
	iy[i] = v < p.clip.lo ? p.clip.lo : (v > p.clip.hi ? p.clip.hi : v);
}
