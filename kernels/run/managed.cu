// managed: squares a vector in managed memory, which the host fills
// before the launch and reads back after a synchronization, with no
// copy.  Nothing is wrong: the host sees what the kernel wrote.
#include <cstdio>

__global__ void square(float *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= v[i];
}

int main(void)
{
	const int n = 256;
	float *v;
	cudaMallocManaged(&v, n * sizeof(float));
	for (int i = 0; i < n; i++)
		v[i] = (float)i;
	square<<<n / 64, 64>>>(v, n);
	cudaDeviceSynchronize();
	printf("v[3] = %g\n", v[3]);
	cudaFree(v);
	return 0;
}
