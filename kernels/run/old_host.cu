// old_host: a CUDA program whose host files were written for older
// compilers and toolkits, as benchmark suites' are.  old_host_sum.c calls
// functions it never declares (gcc 13 and older warn; clang 16 refuses
// unless simulee-c keeps it a warning); old_host_props.cpp reads
// cudaDeviceProp::clockRate, which CUDA 13 removed (simulee-c puts it
// back for C++ files as it does for CUDA ones), and clock_checked falls
// off its end, which gcc's code survives.  Nothing here is a bug.
#include <cstdio>

extern "C" int host_sum(const int *v, int n);
int clock_khz(void);
bool clock_checked(int khz);

__global__ void square(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = i * i;
}

int main()
{
	const int n = 100;
	int h[n], *d;
	cudaMalloc(&d, sizeof h);
	square<<<(n + 31) / 32, 32>>>(d, n);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	cudaFree(d);
	clock_checked(clock_khz());
	printf("sum %d, clock %s\n", host_sum(h, n), clock_khz() > 0 ? "known" : "unknown");
	return 0;
}
