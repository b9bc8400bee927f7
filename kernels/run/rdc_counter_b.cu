// rdc_counter_b: defines what rdc_counter.cu declares extern, and reads
// the counter from a kernel of its own.
__device__ int hits = 0;
__constant__ int weight[4];

__global__ void read_hits(int *out)
{
	*out = hits;
}

extern "C" int b_hits(void)
{
	int *d, h = -1;
	cudaMalloc(&d, sizeof h);
	read_hits<<<1, 1>>>(d);
	cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
	cudaFree(d);
	return h;
}
