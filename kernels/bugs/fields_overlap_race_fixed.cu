// fields_overlap_race, fixed twin: the boxes' strides are the box size, so
// every particle belongs to one box.
struct four_vec {
	float v, x, y, z;
};

__global__ void fields_overlap_race(const float *q, struct four_vec *fv, int per_box)
{
	int t = threadIdx.x;
	if (t >= per_box)
		return;
	int i = blockIdx.x * per_box + t; // FIXED
	float r = 0.5f * q[i];
	fv[i].v += r;
	fv[i].x += r * q[i];
	fv[i].y += r - q[i];
	fv[i].z += 2.0f * r;
}
