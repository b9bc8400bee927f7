// shared_queue_visit: one level of a breadth-first search.  Each block
// stages its part of the frontier (vertex ids) in its dynamic shared
// segment, behind a word that holds the level, then each thread lowers
// the level of the vertex its queue slot names.  main builds a frontier
// of 300 of 1000 vertices (every third) and launches (flen + 255) / 256
// blocks of 256 with 257 words of shared memory.
//
// The kernel assumes what every frontier holds: vertex ids below the
// number of vertices.  Contents the search makes up (any int) index
// level past its vertices through the staged queue: that is the data's
// doing, not a bug.
//
// The bug: the staging copy has no i < flen guard, so the last block's
// threads past flen read frontier[i] past its 300 ids.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NV 1000
#define FLEN 300

__global__ void visit(const int *frontier, int flen, int *level, int depth)
{
	extern __shared__ int seg[];
	int *q = seg + 1; // seg[0]: the level this launch gives
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	if (t == 0)
		seg[0] = depth;
	q[t] = frontier[i]; // BUG: frontier[i] is past the frontier for i >= flen
	__syncthreads();
	if (i < flen) {
		int v = q[t];
		atomicMin(&level[v], seg[0]);
	}
}

int main(void)
{
	int nv = NV, flen = FLEN;
	int *h_front = (int *)malloc(flen * sizeof(int));
	int *h_level = (int *)malloc(nv * sizeof(int));
	for (int k = 0; k < flen; k++)
		h_front[k] = 3 * k;
	for (int v = 0; v < nv; v++)
		h_level[v] = nv;
	int *d_front, *d_level;
	cudaMalloc(&d_front, flen * sizeof(int));
	cudaMalloc(&d_level, nv * sizeof(int));
	cudaMemcpy(d_front, h_front, flen * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_level, h_level, nv * sizeof(int), cudaMemcpyHostToDevice);
	visit<<<(flen + 255) / 256, 256, 257 * sizeof(int)>>>(d_front, flen, d_level, 1);
	cudaMemcpy(h_level, d_level, nv * sizeof(int), cudaMemcpyDeviceToHost);
	printf("level[3] = %d\n", h_level[3]);
	cudaFree(d_front);
	cudaFree(d_level);
	free(h_front);
	free(h_level);
	return 0;
}
