// zero_grid: the grid is computed as n / 64 with n = 40, which is 0
// blocks.  CUDA refuses such a launch (cudaErrorInvalidConfiguration)
// and runs nothing; the program checks and says so.  simulee-c run
// refuses it as CUDA does: nothing is simulated, so nothing is reported
// from a launch that never ran.
#include <cstdio>

__global__ void fill(int *p)
{
	p[blockIdx.x * blockDim.x + threadIdx.x + 1000000] = 1; // never runs
}

int main(void)
{
	int n = 40;
	int *p;
	cudaMalloc(&p, n * sizeof(int));
	fill<<<n / 64, 64>>>(p);
	cudaError_t e = cudaGetLastError();
	printf("launch: %s\n", cudaGetErrorString(e));
	printf("again: %s\n", cudaGetErrorString(cudaGetLastError()));
	cudaFree(p);
	return e == cudaErrorInvalidConfiguration ? 0 : 1;
}
