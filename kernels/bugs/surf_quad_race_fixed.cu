// surf_quad_race, fixed: one thread of each quad averages the quad's four
// texels and writes the output texel.
__global__ void surf_quad_race(cudaTextureObject_t in, cudaSurfaceObject_t out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x % 2 != 0 || y % 2 != 0)
		return;
	float v = tex2D<float>(in, x + 0.5f, y + 0.5f) + tex2D<float>(in, x + 1.5f, y + 0.5f)
		  + tex2D<float>(in, x + 0.5f, y + 1.5f) + tex2D<float>(in, x + 1.5f, y + 1.5f);
	surf2Dwrite(v * 0.25f, out, (x / 2) * 4, y / 2);
}
