// union_rev_sums: a library kernel, written for blocks of BLOCK threads,
// that reverses each block's slice of in[] into out[] through shared
// memory and then sums the squares of the slice, reusing the same shared
// memory (a union) for the tree reduction.
//
// The kernel assumes blocks of BLOCK threads: the union has no array
// extents to say so, but a smaller block reads stage[] and part[] where no
// thread wrote (rule 4, powers of two as counts of the block's threads),
// and a larger one indexes past the union (rule 1).
//
// The bug: no barrier between the last read of stage[] and the first
// store to part[], which is the same memory: a thread overwrites a slot
// another thread has still to read.
#define BLOCK 256

__global__ void rev_sums(const float *in, float *out, float *sums)
{
	__shared__ union {
		float stage[BLOCK];
		float part[BLOCK];
	} smem;
	int tid = threadIdx.x;
	int i = blockIdx.x * BLOCK + tid;
	smem.stage[tid] = in[i];
	__syncthreads();
	float v = smem.stage[BLOCK - 1 - tid];
	out[i] = v;
	// BUG: a __syncthreads() belongs here: part[] is stage[]
	smem.part[tid] = v * v;
	__syncthreads();
	for (int h = BLOCK / 2; h > 0; h >>= 1) {
		if (tid < h)
			smem.part[tid] += smem.part[tid + h];
		__syncthreads();
	}
	if (tid == 0)
		sums[blockIdx.x] = smem.part[0];
}
