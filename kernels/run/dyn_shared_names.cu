// One block sum in float and in double, each type with its own
// extern __shared__ declaration (all of a module's name one segment):
// the warp-synchronous tail reads a neighbour's partial sum with no
// barrier, so each launch races on its own array, named as declared.
#include <cstdio>

template <typename T> struct smem;
template <> struct smem<float> {
	__device__ static float *get() { extern __shared__ float sum_f[]; return sum_f; }
};
template <> struct smem<double> {
	__device__ static double *get() { extern __shared__ double sum_d[]; return sum_d; }
};

template <typename T> __global__ void block_sum(const T *in, T *out)
{
	T *s = smem<T>::get();
	unsigned t = threadIdx.x;
	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
		if (t < h)
			s[t] += s[t + h];
		if (h > 32)
			__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

template <typename T> static double run(int blocks, int threads)
{
	int n = blocks * threads;
	T *h = new T[n], *d_in, *d_out;
	for (int i = 0; i < n; i++)
		h[i] = (T)1;
	cudaMalloc(&d_in, n * sizeof(T));
	cudaMalloc(&d_out, blocks * sizeof(T));
	cudaMemcpy(d_in, h, n * sizeof(T), cudaMemcpyHostToDevice);
	block_sum<T><<<blocks, threads, threads * sizeof(T)>>>(d_in, d_out);
	cudaMemcpy(h, d_out, blocks * sizeof(T), cudaMemcpyDeviceToHost);
	double total = 0;
	for (int b = 0; b < blocks; b++)
		total += h[b];
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h;
	return total;
}

int main()
{
	printf("float %g\n", run<float>(2, 128));
	printf("double %g\n", run<double>(2, 128));
	return 0;
}
