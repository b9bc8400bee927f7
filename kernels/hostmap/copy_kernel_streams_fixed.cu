// copy_kernel_streams_fixed: copy_kernel_streams.cu with s_compute
// waiting for an event recorded after the upload.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N (1 << 16)

__global__ void blur(int n, const float *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i > 0 && i < n - 1)
		out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
}

int main()
{
	float *h_in, *h_out, *d_in, *d_out;
	cudaMallocHost(&h_in, N * sizeof(float));
	cudaMallocHost(&h_out, N * sizeof(float));
	for (int i = 0; i < N; i++)
		h_in[i] = (float)(i % 7);
	cudaMalloc(&d_in, N * sizeof(float));
	cudaMalloc(&d_out, N * sizeof(float));
	cudaStream_t s_upload, s_compute;
	cudaEvent_t uploaded;
	cudaEventCreateWithFlags(&uploaded, cudaEventDisableTiming);
	cudaStreamCreate(&s_upload);
	cudaStreamCreate(&s_compute);
	cudaMemcpyAsync(d_in, h_in, N * sizeof(float), cudaMemcpyHostToDevice, s_upload);
	cudaEventRecord(uploaded, s_upload);
	cudaStreamWaitEvent(s_compute, uploaded, 0);
	blur<<<N / 256, 256, 0, s_compute>>>(N, d_in, d_out);
	cudaMemcpyAsync(h_out, d_out, N * sizeof(float), cudaMemcpyDeviceToHost, s_compute);
	cudaDeviceSynchronize();
	printf("%g\n", h_out[N / 2]);
	cudaEventDestroy(uploaded);
	cudaStreamDestroy(s_upload);
	cudaStreamDestroy(s_compute);
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFreeHost(h_in);
	cudaFreeHost(h_out);
	return 0;
}
