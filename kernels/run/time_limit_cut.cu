// time_limit_cut: a program whose one launch is clean, then computes on
// the host for longer than --time-limit allows.
//
// simulee-c stops it at the limit: the launch was checked and found
// nothing, but the program never ended, so the run must not pass for a
// clean one.  It exits 124 (as timeout(1) does), whatever the report holds;
// what the program printed is kept, the line after its last CUDA call too.
#include <cstdio>
#include <unistd.h>

__global__ void square(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = i * i;
}

int main()
{
	const int n = 256;
	int *p, h[n];
	cudaMalloc(&p, n * sizeof(int));
	square<<<n / 64, 64>>>(p, n);
	printf("launched\n");
	cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);
	cudaFree(p);
	printf("h[255] = %d, now the host's part\n", h[255]);	// after the last call
	for (;;)
		sleep(1);	// the host's long work: past the limit
	return 0;
}
