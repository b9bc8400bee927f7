// rdc_counter: two CUDA files share one __device__ counter and one
// __constant__ table through relocatable device code (the other file
// defines both).  main sets the table from this file, counts in this
// file's kernel and reads the counter in the other file's: each file
// must see the one variable, as on a GPU built with -rdc=true.
#include <cstdio>

extern __device__ int hits;	/* rdc_counter_b.cu */
extern __constant__ int weight[4];	/* rdc_counter_b.cu */
extern "C" int b_hits(void);	/* rdc_counter_b.cu: read by its kernel */

__global__ void count(int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&hits, weight[i % 4]);
}

int main()
{
	const int w[4] = { 1, 2, 3, 4 };
	cudaMemcpyToSymbol(weight, w, sizeof w);
	count<<<2, 64>>>(100);
	int direct = 0;
	cudaMemcpyFromSymbol(&direct, hits, sizeof direct);
	int viab = b_hits();
	printf("hits %d, read by the other file %d\n", direct, viab);
	return direct == 250 && viab == 250 ? 0 : 1;
}
