// surf_quad_race: a 2x downsample that writes its result through a surface
// object.  Each thread fetches one texel of the input texture and writes
// the output texel of its 2x2 quad; all four threads of a quad write the
// same texel with different values (two of them in one warp, two in the
// next row's warp), so the result depends on the schedule.
__global__ void surf_quad_race(cudaTextureObject_t in, cudaSurfaceObject_t out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	float v = tex2D<float>(in, x + 0.5f, y + 0.5f);
	surf2Dwrite(v, out, (x / 2) * 4, y / 2); // BUG: the four threads of a quad write one texel
}
