// em_256_waw: GMRace's em bug (TPDS 2014, Table 1): the kernel assumes at
// most 256 threads per block and indexes its shared buffer with
// threadIdx.x % 256.  With a larger block, threads t and t + 256 (different
// warps) store different values to the same slot.
#define MAXT 256

__global__ void em_256_waw(const float *x, float *out)
{
	__shared__ float buf[MAXT];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	buf[tid % MAXT] = x[gid]; // BUG: assumes blockDim.x <= 256
	__syncthreads();
	out[gid] = buf[tid % MAXT] - buf[(tid + 1) % MAXT];
}
