// func_ptr: indirect calls.  A __device__ table of function pointers picked
// by the data, and a function pointer passed to a higher-order device
// function.
typedef int (*binop)(int, int);

__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_max(int a, int b) { return a > b ? a : b; }

__device__ binop ops[4] = { op_add, op_sub, op_mul, op_max };

__device__ __noinline__ int fold(binop f, const int *v, int len)
{
	int acc = v[0];
	for (int j = 1; j < len; j++)
		acc = f(acc, v[j]);
	return acc;
}

__global__ void func_ptr(const int *sel, const int *a, const int *b, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	binop f = ops[sel[i] & 3];
	out[2 * i] = f(a[i], b[i]);
	out[2 * i + 1] = fold(ops[(sel[i] >> 2) & 1 ? 3 : 0], a + (i & ~3), 4);
}
