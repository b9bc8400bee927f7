// goto_loops: irregular control flow: continue, break out of an inner loop,
// goto to the end of the outer body, and a while (true) with a break.
__global__ void goto_loops(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	int acc = 0;
	for (int a = 0; a < 8; a++) {
		if (a == (v & 7))
			continue;
		for (int b = 0; b < 8; b++) {
			if ((a * b + v) % 5 == 0)
				break;
			if (b > a)
				goto next;
			acc += a ^ b;
		}
		acc = (acc * 3) & 0xffff;
next:;
	}
	int k = 0;
	while (true) {
		if (++k > (v & 15))
			break;
		acc += k;
	}
	out[i] = acc;
}
