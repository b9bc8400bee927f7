// multi_unit_c.cu: see multi_unit.cu.  Its kernel is launched from the
// main file; its `fill` shares the name of the others' and is never
// launched.
static __global__ void fill(int *p, int n)
{
	p[threadIdx.x] = -1;
}

__global__ void shift(int *p, int n, int by)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] += by;
}

void c_unused(int *p)
{
	fill<<<1, 1>>>(p, 1);
}
