// dyn_shared: dynamic shared memory (extern __shared__).  Each block
// reverses its blockDim.x-element segment; the launch passes
// --shared = blockDim.x * sizeof(int) * 2 and the second half holds the
// squares, read back by the mirrored thread.
#include <assert.h>

__global__ void dyn_shared(const int *in, int *out, int *sq)
{
	extern __shared__ int smem[];
	unsigned int smem_bytes;
	asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(smem_bytes));
	assert(smem_bytes >= 2 * blockDim.x * sizeof(int));
	int *vals = smem;
	int *sqs = smem + blockDim.x;
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	vals[t] = in[i];
	sqs[t] = in[i] * in[i];
	__syncthreads();
	int r = blockDim.x - 1 - t;
	out[i] = vals[r];
	sq[i] = sqs[r];
}
