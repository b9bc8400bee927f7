/*
** A shift in place through a texture reference: thread i reads element
** i through the texture bound to the buffer and writes element i + 1 of
** that buffer, which thread i + 1 reads.  A race (a texture read is a
** read of the bound memory); the last launch fetches through the
** reference after cudaUnbindTexture.
*/
#include <cstdio>

texture<float, 1> tex;

__global__ void shift(float *a, int n)
{
	int i = threadIdx.x;
	if (i + 1 < n)
		a[i + 1] = tex1Dfetch(tex, i);
}

int main()
{
	const int n = 64;
	float h[n], *a;
	for (int i = 0; i < n; i++)
		h[i] = i;
	cudaMalloc(&a, sizeof h);
	cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
	cudaBindTexture(0, tex, a, sizeof h);
	shift<<<1, n>>>(a, n);
	cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
	printf("a[63] = %.0f\n", h[n - 1]);
	cudaUnbindTexture(tex);
	shift<<<1, 2>>>(a, 2);
	cudaFree(a);
	return 0;
}
