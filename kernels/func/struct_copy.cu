// struct_copy: an array of 32-byte structs with array members, copied
// whole (llvm.memcpy at -O0), updated field by field and stored reversed.
// The test views the buffers as i32 words.
struct Particle {
	float pos[3];
	float vel[3];
	int id;
	unsigned int flags;
};

__global__ void struct_copy(const Particle *in, Particle *out, int n, float dt)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	Particle p = in[i];
	for (int k = 0; k < 3; k++) {
		p.pos[k] = p.pos[k] + p.vel[k];
		p.vel[k] = p.vel[k] * dt;
	}
	p.flags |= 1u << (p.id & 7);
	p.id = -p.id;
	Particle q = p;
	out[n - 1 - i] = q;
}
