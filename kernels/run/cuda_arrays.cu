/*
** CUDA arrays and what reads them: a 2-D array through a texture object
** (point and linear filtering, normalized coordinates) and through a
** texture reference bound with cudaBindTextureToArray; a 3-D array
** filled by cudaMemcpy3D and read with tex3D; a 1-D array filled with
** cudaMemcpyToArray; a surface object's writes read back with
** cudaMemcpy2DFromArray; a half-float array read with linear filtering.
** The last launch fetches a row of the 2-D array no copy wrote: an
** uninitialized read.
*/
#include <cstdio>
#include <cuda_fp16.h>

/* cudaMemcpyToArray and cudaMemcpyFromArray: deprecated, still used */
#pragma clang diagnostic ignored "-Wdeprecated-declarations"

texture<float, 2> ref;

/* surf2Dwrite: from simulee-c's header with a toolkit (clang's CUDA
** wrapper has no surface functions), as nvcc's headers give it; the
** boundary mode is the default, a trap */
__device__ void put(cudaSurfaceObject_t s, int xbytes, int y, float v)
{
	surf2Dwrite(v, s, xbytes, y);
}

__global__ void read2d(cudaTextureObject_t point, cudaTextureObject_t lin, cudaSurfaceObject_t out,
		       float *sums)
{
	int x = threadIdx.x, y = blockIdx.x;
	float p = tex2D<float>(point, x + 0.5f, y + 0.5f);
	float r = tex2D(ref, x + 0.5f, y + 0.5f);
	/* halfway between texels x and x + 1 of row y, in [0, 1) coordinates */
	float l = tex2D<float>(lin, (x + 1.0f) / 8, (y + 0.5f) / 4);
	put(out, x * 4, y, p + r);
	sums[y * 8 + x] = l;
}

__global__ void read3d(cudaTextureObject_t t, cudaTextureObject_t line, float *out)
{
	int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
	out[(z * 3 + y) * 4 + x] = tex3D<float>(t, x + 0.5f, y + 0.5f, z + 0.5f)
				   + tex1D<float>(line, x + 0.5f);
}

__global__ void halves(cudaTextureObject_t t, float *out)
{
	/* halfway between texels i and i + 1 */
	out[threadIdx.x] = tex1D<float>(t, threadIdx.x + 1.0f);
}

__global__ void rows(cudaTextureObject_t t, float *out)
{
	out[threadIdx.x] = tex2D<float>(t, 0.5f, threadIdx.x + 0.5f);
}

static cudaTextureObject_t object(cudaArray_t a, cudaTextureFilterMode f, int norm)
{
	cudaResourceDesc rd = {};
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td = {};
	td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
	td.filterMode = f;
	td.readMode = cudaReadModeElementType;
	td.normalizedCoords = norm;
	cudaTextureObject_t t = 0;
	cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
	if (e != cudaSuccess)
		printf("cudaCreateTextureObject: %s\n", cudaGetErrorString(e));
	return t;
}

int main()
{
	const int w = 8, h = 4;
	float img[h][w], back[h][w], *sums;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			img[y][x] = 10 * y + x;
	cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
	cudaArray_t a, s;
	cudaMallocArray(&a, &fd, w, h);
	cudaMallocArray(&s, &fd, w, h, cudaArraySurfaceLoadStore);
	cudaMemcpy2DToArray(a, 0, 0, img, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
	cudaExtent ext;
	unsigned flags;
	cudaChannelFormatDesc got;
	cudaArrayGetInfo(&got, &ext, &flags, s);
	printf("array %zux%zux%zu, flags %u, %d bits\n", ext.width, ext.height, ext.depth, flags, got.x);

	cudaTextureObject_t point = object(a, cudaFilterModePoint, 0);
	cudaTextureObject_t lin = object(a, cudaFilterModeLinear, 1);
	cudaResourceDesc sd = {};
	sd.resType = cudaResourceTypeArray;
	sd.res.array.array = s;
	cudaSurfaceObject_t surf;
	cudaCreateSurfaceObject(&surf, &sd);
	cudaBindTextureToArray(ref, a);
	cudaMalloc(&sums, sizeof back);
	read2d<<<h, w>>>(point, lin, surf, sums);
	cudaMemcpy2DFromArray(back, w * sizeof(float), s, 0, 0, w * sizeof(float), h, cudaMemcpyDeviceToHost);
	printf("surface: %g %g\n", back[0][0], back[3][7]);
	cudaMemcpy(back, sums, sizeof back, cudaMemcpyDeviceToHost);
	printf("linear: %g %g\n", back[0][0], back[2][7]);

	/* 4 x 3 x 2 texels from pitched memory, and a 1-D array of 4 */
	float vol[2][3][4], line[4] = { 1000, 2000, 3000, 4000 }, out[24];
	for (int i = 0; i < 24; i++)
		(&vol[0][0][0])[i] = i;
	cudaArray_t v, l;
	cudaMalloc3DArray(&v, &fd, make_cudaExtent(4, 3, 2));
	cudaMallocArray(&l, &fd, 4);
	cudaMemcpy3DParms cp = {};
	cp.srcPtr = make_cudaPitchedPtr(vol, 4 * sizeof(float), 4, 3);
	cp.dstArray = v;
	cp.extent = make_cudaExtent(4, 3, 2);
	cp.kind = cudaMemcpyHostToDevice;
	cudaMemcpy3D(&cp);
	cudaMemcpyToArray(l, 0, 0, line, sizeof line, cudaMemcpyHostToDevice);
	float check[4];
	cudaMemcpyFromArray(check, l, 2 * sizeof(float), 0, 2 * sizeof(float), cudaMemcpyDeviceToHost);
	float *o;
	cudaMalloc(&o, sizeof out);
	cudaTextureObject_t tv = object(v, cudaFilterModePoint, 0), tl = object(l, cudaFilterModePoint, 0);
	read3d<<<2, dim3(4, 3)>>>(tv, tl, o);
	cudaMemcpy(out, o, sizeof out, cudaMemcpyDeviceToHost);
	printf("3-D: %g %g, 1-D back: %g\n", out[0], out[23], check[1]);

	/* four halves, linearly filtered: the mean of neighbours */
	__half hv[4] = { __float2half(1.0f), __float2half(2.0f), __float2half(4.0f), __float2half(8.0f) };
	cudaChannelFormatDesc hd = cudaCreateChannelDescHalf();
	cudaArray_t ha;
	cudaMallocArray(&ha, &hd, 4);
	cudaMemcpy2DToArray(ha, 0, 0, hv, sizeof hv, sizeof hv, 1, cudaMemcpyHostToDevice);
	cudaTextureObject_t th = object(ha, cudaFilterModeLinear, 0);
	halves<<<1, 3>>>(th, o);
	cudaMemcpy(out, o, 3 * sizeof(float), cudaMemcpyDeviceToHost);
	printf("halves: %g %g %g\n", out[0], out[1], out[2]);

	/* rows 2 and 3 of a fresh array were never written */
	cudaArray_t fresh;
	cudaMallocArray(&fresh, &fd, w, h);
	cudaMemcpy2DToArray(fresh, 0, 0, img, w * sizeof(float), w * sizeof(float), 2, cudaMemcpyHostToDevice);
	cudaTextureObject_t tf = object(fresh, cudaFilterModePoint, 0);
	rows<<<1, h>>>(tf, o);

	cudaDestroyTextureObject(point);
	cudaDestroyTextureObject(lin);
	cudaDestroyTextureObject(tv);
	cudaDestroyTextureObject(tl);
	cudaDestroyTextureObject(tf);
	cudaDestroyTextureObject(th);
	cudaDestroySurfaceObject(surf);
	cudaUnbindTexture(ref);
	cudaFreeArray(a);
	cudaFreeArray(s);
	cudaFreeArray(v);
	cudaFreeArray(l);
	cudaFreeArray(fresh);
	cudaFreeArray(ha);
	cudaFree(sums);
	cudaFree(o);
	return 0;
}
