// device_global_race, fixed twin: the blocks add their part atomically.
__device__ int g_sum;

__global__ void device_global_race(const int *in, int *out)
{
	__shared__ int s_part;
	int tid = threadIdx.x;
	if (tid == 0)
		s_part = 0;
	__syncthreads();
	atomicAdd(&s_part, in[blockIdx.x * blockDim.x + tid]);
	__syncthreads();
	if (tid == 0) {
		atomicAdd(&g_sum, s_part); // FIXED
		out[blockIdx.x] = s_part;
	}
}
