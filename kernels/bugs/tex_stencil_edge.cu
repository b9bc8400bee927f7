// tex_stencil_edge: the forward difference of a signal held in a texture,
// staged through a shared tile of one block's values.  The tile has no halo:
// the block's last thread reads one element past it.  The fixed twin
// fetches both values through the texture, whose clamp address mode
// repeats the last texel at the end of the signal.
#define TILE 64

__global__ void tex_stencil_edge(cudaTextureObject_t sig, float *grad, int n)
{
	__shared__ float tile[TILE];
	int t = threadIdx.x;
	int i = blockIdx.x * TILE + t;
	tile[t] = tex1Dfetch<float>(sig, i);
	__syncthreads();
	if (i < n)
		grad[i] = tile[t + 1] - tile[t]; // BUG: tile[64] for the block's last thread
}
