// em_256_waw, fixed twin: the buffer has one slot per thread for any block
// size up to 1024.
#define MAXT 1024

__global__ void em_256_waw(const float *x, float *out)
{
	__shared__ float buf[MAXT];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	buf[tid] = x[gid]; // FIXED
	__syncthreads();
	out[gid] = buf[tid] - buf[(tid + 1) % blockDim.x];
}
