// streams_clean: scales two halves of a buffer on two streams, each
// half copied in, scaled and copied out on its own stream, then both
// streams synchronized; events time it.  Nothing is wrong: the report
// must be empty.
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *v, float k, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= k;
}

int main(void)
{
	const int n = 1 << 12, half = n / 2;
	float *h;
	cudaMallocHost(&h, n * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = 1.0f;
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	cudaStream_t s[2];
	cudaEvent_t start, stop;
	cudaEventCreate(&start);
	cudaEventCreate(&stop);
	cudaEventRecord(start, 0);
	for (int k = 0; k < 2; k++) {
		cudaStreamCreate(&s[k]);
		cudaMemcpyAsync(d + k * half, h + k * half, half * sizeof(float), cudaMemcpyHostToDevice, s[k]);
		scale<<<half / 256, 256, 0, s[k]>>>(d + k * half, 3.0f, half);
		cudaMemcpyAsync(h + k * half, d + k * half, half * sizeof(float), cudaMemcpyDeviceToHost, s[k]);
	}
	for (int k = 0; k < 2; k++)
		cudaStreamSynchronize(s[k]);
	cudaEventRecord(stop, 0);
	cudaEventSynchronize(stop);
	float ms;
	cudaEventElapsedTime(&ms, start, stop);
	printf("h[0] = %g, h[%d] = %g\n", h[0], n - 1, h[n - 1]);
	for (int k = 0; k < 2; k++)
		cudaStreamDestroy(s[k]);
	cudaFree(d);
	cudaFreeHost(h);
	return 0;
}
