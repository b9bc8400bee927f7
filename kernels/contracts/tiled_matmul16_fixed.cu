// tiled_matmul16, fixed twin: C = A * B with 16x16 shared tiles, __shared__
// float As[16][16], Bs[16][16], indexed by threadIdx.y and threadIdx.x: the
// kernel is written for 16x16 blocks, and the host launches dim3 block(16,
// 16) with a grid that covers C in 16x16 tiles.
//
// The fix: the second barrier, at the end of the tile loop, so no thread
// stores the next tile while others still multiply the current one.
//
// Non-square or larger blocks would still index past the tiles or leave
// them partly unloaded: the program never launches them.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K)
{
	__shared__ float As[TILE][TILE], Bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty;
	int col = blockIdx.x * TILE + tx;
	float acc = 0.0f;
	for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
		int a_col = t * TILE + tx;
		int b_row = t * TILE + ty;
		As[ty][tx] = row < M && a_col < K ? A[row * K + a_col] : 0.0f;
		Bs[ty][tx] = b_row < K && col < N ? B[b_row * N + col] : 0.0f;
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads(); // FIXED: the tiles are read before the next ones are stored
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}

int main()
{
	const int M = 64, N = 48, K = 80;
	size_t a_bytes = M * K * sizeof(float), b_bytes = K * N * sizeof(float),
	       c_bytes = M * N * sizeof(float);
	float *hA = (float *)malloc(a_bytes), *hB = (float *)malloc(b_bytes),
	      *hC = (float *)malloc(c_bytes);
	for (int i = 0; i < M * K; i++)
		hA[i] = (float)(i % 5) - 2.0f;
	for (int i = 0; i < K * N; i++)
		hB[i] = (float)(i % 3) * 0.5f;
	float *dA, *dB, *dC;
	cudaMalloc(&dA, a_bytes);
	cudaMalloc(&dB, b_bytes);
	cudaMalloc(&dC, c_bytes);
	cudaMemcpy(dA, hA, a_bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(dB, hB, b_bytes, cudaMemcpyHostToDevice);
	dim3 block(TILE, TILE);
	dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
	matmul<<<grid, block>>>(dA, dB, dC, M, N, K);
	cudaDeviceSynchronize();
	cudaMemcpy(hC, dC, c_bytes, cudaMemcpyDeviceToHost);
	printf("C[0][0] = %g, C[%d][%d] = %g\n", hC[0], M - 1, N - 1, hC[M * N - 1]);
	cudaFree(dA);
	cudaFree(dB);
	cudaFree(dC);
	free(hA);
	free(hB);
	free(hC);
	return 0;
}
