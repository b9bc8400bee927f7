// templates: a kernel template over the element type and an unrolled
// polynomial degree, using template device functions and a functor.
// Instantiated once, for int and degree 3: out[i] = clamp(p(in[i])),
// p(x) = 2 + 3x - x^2 + x^3 (Horner), clamped to [lo, hi].
template <typename T>
struct Clamp {
	T lo, hi;
	__device__ T operator()(T v) const { return v < lo ? lo : (v > hi ? hi : v); }
};

template <typename T, int DEG>
__device__ T horner(const T *coef, T x)
{
	T r = coef[DEG];
#pragma unroll
	for (int d = DEG - 1; d >= 0; d--)
		r = r * x + coef[d];
	return r;
}

template <typename T>
__device__ __noinline__ T apply(const Clamp<T> &c, T v)
{
	return c(v);
}

template <typename T, int DEG>
__global__ void poly_clamp(const T *in, T *out, int n, T lo, T hi)
{
	const T coef[DEG + 1] = { 2, 3, -1, 1 };
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		Clamp<T> c = { lo, hi };
		out[i] = apply(c, horner<T, DEG>(coef, in[i]));
	}
}

template __global__ void poly_clamp<int, 3>(const int *, int *, int, int, int);
