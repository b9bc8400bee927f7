// Pitched images set with cudaMemset2D and a volume with cudaMemset3D;
// the row kernel's loop runs to x <= w, one byte past the width the
// memset wrote: an uninitialized read in the row's padding (as
// compute-sanitizer's initcheck reports it). Cache configuration,
// memory advice and prefetches are hints, accepted.
#include <cstdio>

__global__ void row_sum(const unsigned char *img, size_t pitch, int w, int *out)
{
	int y = blockIdx.x, s = 0;
	for (int x = threadIdx.x; x <= w; x += blockDim.x)
		s += img[y * pitch + x];
	atomicAdd(&out[y], s);
}

__global__ void volume_sum(cudaPitchedPtr v, int w, int h, int d, int *out)
{
	int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
	if (x < w && y < h && z < d) {
		const unsigned char *row = (const unsigned char *)v.ptr + (z * v.ysize + y) * v.pitch;
		atomicAdd(out, row[x]);
	}
}

int main()
{
	const int w = 40, h = 4;
	cudaDeviceSetCacheConfig(cudaFuncCachePreferShared);
	unsigned char *img;
	size_t pitch;
	cudaMallocPitch(&img, &pitch, w, h);
	cudaMemset2D(img, pitch, 1, w, h);
	int *sums;
	cudaMallocManaged(&sums, (h + 1) * sizeof(int));
	for (int i = 0; i <= h; i++)
		sums[i] = 0;
#if CUDART_VERSION >= 13000
	cudaMemLocation dev = { cudaMemLocationTypeDevice, 0 };
	cudaMemAdvise(sums, (h + 1) * sizeof(int), cudaMemAdviseSetPreferredLocation, dev);
	cudaMemPrefetchAsync(sums, (h + 1) * sizeof(int), dev, 0, 0);
#else
	cudaMemAdvise(sums, (h + 1) * sizeof(int), cudaMemAdviseSetPreferredLocation, 0);
	cudaMemPrefetchAsync(sums, (h + 1) * sizeof(int), 0, 0);
#endif
	row_sum<<<h, 32>>>(img, pitch, w, sums);
	cudaPitchedPtr vol;
	cudaExtent ext = make_cudaExtent(w, h, 3);
	cudaMalloc3D(&vol, ext);
	cudaMemset3D(vol, 2, ext);
	volume_sum<<<dim3(h, 3), w>>>(vol, w, h, 3, sums + h);
	cudaDeviceSynchronize();
	printf("row 0: %d, volume: %d\n", sums[0], sums[h]);
	cudaFree(img);
	cudaFree(vol.ptr);
	cudaFree(sums);
	return 0;
}
