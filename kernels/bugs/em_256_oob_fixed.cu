// em_256_oob, fixed twin: the buffer is sized for the largest block.
#define MAXT 1024

__global__ void em_256_oob(const float *x, float *out)
{
	__shared__ float buf[MAXT];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	buf[tid] = x[gid];
	__syncthreads();
	out[gid] = buf[blockDim.x - 1 - tid];
}
