// device_global_race: the GKLEE device_global test of the Simulee paper
// (Table 2): thread 0 of every block does a plain read-modify-write of a
// __device__ variable.  Barriers order nothing across blocks, so with more
// than one block the loads and stores of different blocks race.
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
		g_sum = g_sum + s_part; // BUG: plain read-modify-write from every block
		out[blockIdx.x] = s_part;
	}
}
