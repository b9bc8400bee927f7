// explore_data: bugs the program's own data never shows; `run --explore`
// finds the histogram's with other contents of the same buffers, while
// gather's reads past src are its assumption on its data (rule 12).
//
// block_hist counts keys into a shared histogram with a plain `++`: two
// threads of one block with equal keys race on the bin.  The program's
// keys are 5i mod 256: no two equal in a block.
//
// gather reads src[idx[i]] without checking the index against src's
// size.  The program's indices are all inside.
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
		bins[keys[i] & (BINS - 1)]++; // BUG: atomicAdd(&bins[...], 1)
	__syncthreads();
	atomicAdd(&out[t], bins[t]);
}

__global__ void gather(const float *src, const int *idx, float *dst, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		dst[i] = src[idx[i]]; // BUG: idx[i] is not checked against src's size
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
	gather<<<n / 64, 64>>>(src, idx, dst, n);
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
