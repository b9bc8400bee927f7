// explore_data_fixed: explore_data with both bugs fixed: clean under
// `run --explore` whatever the buffers hold.
//
// block_hist counts with atomicAdd; gather checks each index against
// src's size m.
#include <cstdio>

#define BINS 64

__global__ void block_hist(const int *keys, int *out, int n)
{
	__shared__ int bins[BINS];
	int t = threadIdx.x;
	bins[t] = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + t;
	if (i < n)
		atomicAdd(&bins[keys[i] & (BINS - 1)], 1);
	__syncthreads();
	atomicAdd(&out[t], bins[t]);
}

__global__ void gather(const float *src, int m, const int *idx, float *dst, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		dst[i] = idx[i] >= 0 && idx[i] < m ? src[idx[i]] : 0.0f;
}

int main(void)
{
	const int n = 256;
	int hk[n], hi[n], ho[BINS];
	float hs[n], hd[n];
	for (int i = 0; i < n; i++) {
		hk[i] = (i * 5) % n;
		hi[i] = (i * 5) % n;
		hs[i] = (float)i;
	}
	int *keys, *out, *idx;
	float *src, *dst;
	cudaMalloc(&keys, n * sizeof(int));
	cudaMalloc(&out, BINS * sizeof(int));
	cudaMalloc(&idx, n * sizeof(int));
	cudaMalloc(&src, n * sizeof(float));
	cudaMalloc(&dst, n * sizeof(float));
	cudaMemcpy(keys, hk, sizeof hk, cudaMemcpyHostToDevice);
	cudaMemcpy(idx, hi, sizeof hi, cudaMemcpyHostToDevice);
	cudaMemcpy(src, hs, sizeof hs, cudaMemcpyHostToDevice);
	cudaMemset(out, 0, BINS * sizeof(int));
	block_hist<<<n / BINS, BINS>>>(keys, out, n);
	gather<<<n / 64, 64>>>(src, n, idx, dst, n);
	cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
	cudaMemcpy(hd, dst, sizeof hd, cudaMemcpyDeviceToHost);
	printf("bin 3: %d, dst[3] = %.0f\n", ho[3], hd[3]);
	cudaFree(keys);
	cudaFree(out);
	cudaFree(idx);
	cudaFree(src);
	cudaFree(dst);
	return 0;
}
