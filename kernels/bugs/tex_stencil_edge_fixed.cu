// tex_stencil_edge, fixed: both values come through the texture object;
// with clamp addressing the last element's successor is itself, and with
// no tile the block may have any size.
__global__ void tex_stencil_edge(cudaTextureObject_t sig, float *grad, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		grad[i] = tex1Dfetch<float>(sig, i + 1) - tex1Dfetch<float>(sig, i);
}
