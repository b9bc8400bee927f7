// unlowered: a kernel whose inline PTX simulee-c cannot lower.  The
// program's launch of it fails with cudaErrorNoKernelImageForDevice, and
// simulee-c says why and counts the launch as not simulated: a run that
// checked less than the program ran is never a silent clean run.
#include <cstdio>

__global__ void odd(int *p)
{
	int r;
	asm volatile("frobnicate.b32 %0, %1;" : "=r"(r) : "r"((int)threadIdx.x));
	p[threadIdx.x] = r;
}

int main(void)
{
	int *p;
	cudaMalloc(&p, 32 * sizeof(int));
	odd<<<1, 32>>>(p);
	printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
	return 0;
}
