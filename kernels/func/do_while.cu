// do_while: Collatz step counts with a do-while loop (data-dependent trip
// counts, so threads of a warp diverge and reconverge).
__global__ void do_while(const unsigned int *in, int *steps, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned int x = in[i] + 1;
	int k = 0;
	do {
		x = (x & 1) ? 3 * x + 1 : x / 2;
		k++;
	} while (x != 1 && k < 1000);
	steps[i] = k;
}
