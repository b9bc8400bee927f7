// fields_overlap_race: each block accumulates into the particles of its
// box, four fields of one struct per particle (Rodinia lavaMD's
// kernel_gpu_cuda: fv[first_i + wtx].v, .x, .y and .z += ...).  The box's
// first particle is computed with a stride one short of the box size, so
// the last particle of each box is also the next box's first: two blocks
// accumulate into one element, a race on each of its four fields.  One
// mistake (the stride), so one finding with four statements.
struct four_vec {
	float v, x, y, z;
};

__global__ void fields_overlap_race(const float *q, struct four_vec *fv, int per_box)
{
	int t = threadIdx.x;
	if (t >= per_box)
		return;
	int i = blockIdx.x * (per_box - 1) + t;
	float r = 0.5f * q[i];
	fv[i].v += r; // BUG: fv[i] is the next box's first particle too
	fv[i].x += r * q[i]; // BUG: fv, another field of the same element
	fv[i].y += r - q[i]; // BUG: fv, another field of the same element
	fv[i].z += 2.0f * r; // BUG: fv, another field of the same element
}
