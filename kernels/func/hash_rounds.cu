// hash_rounds: ALU-heavy work per thread, the benchmark's compute kernel:
// ROUNDS rounds of a 32-bit integer mix (shifts, xors, multiplies) seeded
// from seed[i]; out[i] is the final hash.  Loads and stores are one each.
__global__ void hash_rounds(const unsigned int *seed, unsigned int *out, int n, int rounds)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned int h = seed[i];
	for (int r = 0; r < rounds; r++) {
		h ^= h >> 16;
		h *= 0x7feb352du;
		h ^= h >> 15;
		h *= 0x846ca68bu;
		h ^= h >> 16;
		h += (unsigned int)r;
	}
	out[i] = h;
}
