// count_sign_head: a library kernel that sums, per block, the first n of
// the block's 256 inputs (n <= 256, a count: never negative).  Threads
// below n stage their input in shared memory; thread 0 adds the staged
// values, counting n as unsigned.
//
// No bug at the counts it is written for.  A negative n stages nothing
// (t < n is a signed comparison) while thread 0's unsigned count runs
// over the whole block: it reads slots nobody wrote.  The kernel assumes
// n >= 0 (rule 9): a warning, and such launches lie outside its contract.
#include <cuda_runtime.h>

#define BLOCK 256

__global__ void head_sums(const float *x, float *out, int n)
{
	__shared__ float s[BLOCK];
	int t = threadIdx.x;
	if (t < n)
		s[t] = x[blockIdx.x * BLOCK + t];
	__syncthreads();
	if (t == 0) {
		float acc = 0.0f;
		for (unsigned k = 0; k < (unsigned)n && k < blockDim.x; k++)
			acc += s[k];
		out[blockIdx.x] = acc;
	}
}
