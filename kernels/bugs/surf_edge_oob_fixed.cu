// surf_edge_oob, fixed: column 0 has no left neighbour; its difference is 0.
__global__ void surf_edge_oob(cudaSurfaceObject_t img, float *dx, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= w || y >= h)
		return;
	float c = surf2Dread<float>(img, x * 4, y);
	float l = x > 0 ? surf2Dread<float>(img, (x - 1) * 4, y) : c;
	dx[y * w + x] = c - l;
}
