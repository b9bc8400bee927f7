// dynamic_block_colsum, fixed twin: column sums of a rows x cols matrix.  The
// kernel never reads blockIdx: thread 0 of each block takes a ticket from a
// global counter (atomicAdd on ticket, a dynamic block index in the order
// blocks start, as single-pass scans do), and the block sums the ticket's
// chunk of rows, thread c handling columns c, c + blockDim.x, ...  The host
// launches 8 blocks of 128 threads.
//
// The fix: the blocks add their chunks' sums with atomicAdd.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define ROWS 64
#define COLS 256
#define BLOCKS 8
#define THREADS 128

__global__ void column_sums(const float *m, float *sums, unsigned int *ticket, int rows, int cols)
{
	__shared__ unsigned int chunk;
	if (threadIdx.x == 0)
		chunk = atomicAdd(ticket, 1);
	__syncthreads();
	unsigned int per_chunk = (rows + gridDim.x - 1) / gridDim.x;
	unsigned int r0 = chunk * per_chunk;
	unsigned int r1 = min(r0 + per_chunk, (unsigned int)rows);
	for (int c = threadIdx.x; c < cols; c += blockDim.x) {
		float acc = 0.0f;
		for (unsigned int r = r0; r < r1; r++)
			acc += m[r * cols + c];
		atomicAdd(&sums[c], acc); // FIXED: blocks add to one sum atomically
	}
}

int main()
{
	size_t m_bytes = ROWS * COLS * sizeof(float);
	float *h_m = (float *)malloc(m_bytes);
	float h_sums[COLS];
	for (int i = 0; i < ROWS * COLS; i++)
		h_m[i] = (float)(i / COLS);
	float *d_m, *d_sums;
	unsigned int *d_ticket;
	cudaMalloc(&d_m, m_bytes);
	cudaMalloc(&d_sums, COLS * sizeof(float));
	cudaMalloc(&d_ticket, sizeof(unsigned int));
	cudaMemcpy(d_m, h_m, m_bytes, cudaMemcpyHostToDevice);
	cudaMemset(d_sums, 0, COLS * sizeof(float));
	cudaMemset(d_ticket, 0, sizeof(unsigned int));
	column_sums<<<BLOCKS, THREADS>>>(d_m, d_sums, d_ticket, ROWS, COLS);
	cudaDeviceSynchronize();
	cudaMemcpy(h_sums, d_sums, sizeof(h_sums), cudaMemcpyDeviceToHost);
	printf("sums[0] = %g (expected %d)\n", h_sums[0], ROWS * (ROWS - 1) / 2);
	cudaFree(d_m);
	cudaFree(d_sums);
	cudaFree(d_ticket);
	free(h_m);
	return 0;
}
