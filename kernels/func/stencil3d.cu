// stencil3d: 7-point integer Laplacian on an nx x ny x nz volume with a 3D
// grid of 3D blocks (uses the z indices); the boundary layer is set to 0.
__global__ void stencil3d(const int *in, int *out, int nx, int ny, int nz)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int z = blockIdx.z * blockDim.z + threadIdx.z;
	if (x >= nx || y >= ny || z >= nz)
		return;
	int sxy = nx * ny;
	int i = z * sxy + y * nx + x;
	if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
		out[i] = 0;
		return;
	}
	out[i] = 6 * in[i] - in[i - 1] - in[i + 1] - in[i - nx] - in[i + nx] - in[i - sxy] -
		 in[i + sxy];
}
