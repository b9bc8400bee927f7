// surf_edge_oob: the backward difference of an image held in a surface
// object.  Every thread reads its own texel and its left neighbour's
// without checking for the left edge, so column 0 reads byte x = -4,
// outside the surface whatever its size; under the default boundary mode
// (cudaBoundaryModeTrap) that is a memory error.
__global__ void surf_edge_oob(cudaSurfaceObject_t img, float *dx, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= w || y >= h)
		return;
	float c = surf2Dread<float>(img, x * 4, y);
	float l = surf2Dread<float>(img, (x - 1) * 4, y); // BUG: byte -4 in column 0
	dx[y * w + x] = c - l;
}
