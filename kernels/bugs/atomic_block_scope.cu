// atomic_block_scope: an insufficiently scoped atomic (GWCP / PreDataR): a
// grid-wide counter in global memory is incremented with atomicAdd_block,
// whose atomicity only holds among the threads of one block.  Updates from
// different blocks race.
__global__ void atomic_block_scope(const int *in, int thr, int *count)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	if (in[gid] > thr)
		atomicAdd_block(count, 1); // BUG: block scope, but every block updates count
}
