// nonblocking_default_copy: a kernel on a non-blocking stream, its result
// read back with a plain cudaMemcpy.
//
// The bug is in the host code: cudaMemcpy runs on the legacy default
// stream, which waits for the work of blocking streams only.  fill runs
// on a stream created with cudaStreamNonBlocking, so the copy may read
// d_v before the kernel has written it.  The fix waits for the stream
// before the copy.
#include <cstdio>
#include <cuda_runtime.h>

#define N 4096

__global__ void fill(int n, int *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = i * i;
}

int main()
{
	static int h_v[N];
	int *d_v;
	cudaMalloc(&d_v, N * sizeof(int));
	cudaStream_t s;
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	fill<<<N / 128, 128, 0, s>>>(N, d_v);
	cudaMemcpy(h_v, d_v, N * sizeof(int), cudaMemcpyDeviceToHost); // BUG: not ordered after fill
	printf("%d\n", h_v[N - 1]);
	cudaStreamDestroy(s);
	cudaFree(d_v);
	return 0;
}
