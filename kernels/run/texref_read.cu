/*
** Texture references (CUDA 11's API): each bound to the program's own
** buffer, so every fetch reads the data the host copied there.  1-D
** tex1Dfetch of float, int, float2 and float4, and tex2D of a 2-D
** reference bound to pitched memory.  Clean.
*/
#include <cstdio>

texture<float, 1> tf;
texture<int, 1> ti;
texture<float2, 1> tf2;
texture<float4, 1> tf4;
texture<float, 2> t2d;

__global__ void gather(float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float2 b = tex1Dfetch(tf2, i);
	float4 c = tex1Dfetch(tf4, i);
	out[i] = tex1Dfetch(tf, i) + tex1Dfetch(ti, i) + b.x + b.y + c.x + c.w + tex2D(t2d, i + 0.5f, 1.5f);
}

int main()
{
	const int n = 16;
	float hf[n], hf2[2 * n], hf4[4 * n], rows[2 * n], out[n];
	int hi[n];
	for (int i = 0; i < n; i++) {
		hf[i] = i;
		hi[i] = 100 * i;
		hf2[2 * i] = 1000, hf2[2 * i + 1] = 2000;
		for (int c = 0; c < 4; c++)
			hf4[4 * i + c] = c == 0 ? 10000 : c == 3 ? 20000 : -1;
		rows[i] = -5;
		rows[n + i] = 30000 + i;
	}
	float *df, *df2, *df4, *d2, *dout;
	int *di;
	size_t pitch;
	cudaMalloc(&df, sizeof hf);
	cudaMalloc(&di, sizeof hi);
	cudaMalloc(&df2, sizeof hf2);
	cudaMalloc(&df4, sizeof hf4);
	cudaMalloc(&dout, sizeof out);
	cudaMallocPitch((void **)&d2, &pitch, n * sizeof(float), 2);
	cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
	cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
	cudaMemcpy(df2, hf2, sizeof hf2, cudaMemcpyHostToDevice);
	cudaMemcpy(df4, hf4, sizeof hf4, cudaMemcpyHostToDevice);
	cudaMemcpy2D(d2, pitch, rows, n * sizeof(float), n * sizeof(float), 2, cudaMemcpyHostToDevice);
	cudaBindTexture(0, tf, df, sizeof hf);
	cudaBindTexture(0, ti, di, cudaCreateChannelDesc<int>(), sizeof hi);
	cudaBindTexture(0, tf2, df2, sizeof hf2);
	cudaBindTexture(0, tf4, df4, sizeof hf4);
	cudaBindTexture2D(0, t2d, d2, cudaCreateChannelDesc<float>(), n, 2, pitch);
	gather<<<2, 8>>>(dout, n);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	printf("out[0] = %.0f\n", out[0]);
	printf("out[15] = %.0f\n", out[15]);
	cudaUnbindTexture(tf);
	cudaUnbindTexture(ti);
	cudaUnbindTexture(tf2);
	cudaUnbindTexture(tf4);
	cudaUnbindTexture(t2d);
	cudaFree(df);
	cudaFree(di);
	cudaFree(df2);
	cudaFree(df4);
	cudaFree(d2);
	cudaFree(dout);
	return 0;
}
