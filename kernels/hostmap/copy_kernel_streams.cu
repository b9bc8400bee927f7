// copy_kernel_streams: the input is uploaded on one stream and blurred on
// another, to overlap the upload with other work.
//
// The bug is in the host code: blur runs on s_compute and reads d_in,
// which the copy on s_upload writes, and nothing orders the two streams:
// the kernel may read the buffer before (or while) the copy fills it.
// The fix records an event after the copy and makes s_compute wait for it.
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
	cudaStreamCreate(&s_upload);
	cudaStreamCreate(&s_compute);
	cudaMemcpyAsync(d_in, h_in, N * sizeof(float), cudaMemcpyHostToDevice, s_upload);
	blur<<<N / 256, 256, 0, s_compute>>>(N, d_in, d_out); // BUG: not ordered after the upload
	cudaMemcpyAsync(h_out, d_out, N * sizeof(float), cudaMemcpyDeviceToHost, s_compute);
	cudaDeviceSynchronize();
	printf("%g\n", h_out[N / 2]);
	cudaStreamDestroy(s_upload);
	cudaStreamDestroy(s_compute);
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFreeHost(h_in);
	cudaFreeHost(h_out);
	return 0;
}
