// em_256_oob: the other face of GMRace's em bug: the shared buffer is sized
// for 256 threads and indexed with threadIdx.x directly, so a larger block
// writes and reads past its end (an out-of-bounds access on shared memory,
// which simulee-c reports today).
#define MAXT 256

__global__ void em_256_oob(const float *x, float *out)
{
	__shared__ float buf[MAXT];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	buf[tid] = x[gid]; // BUG: out of bounds when blockDim.x > 256
	__syncthreads();
	out[gid] = buf[blockDim.x - 1 - tid]; // BUG: out of bounds when blockDim.x > 256
}
