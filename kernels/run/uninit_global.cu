// uninit_global: one kernel produces a buffer, a second consumes it.
//
// The bug: the producer writes only the first half of the buffer (its
// bound is n / 2), and the consumer reads all of it, so half the
// consumer's reads see memory nothing wrote (cudaMalloc leaves it
// undefined).  compute-sanitizer's initcheck reports it on a GPU;
// simulee-c run keeps what each launch and copy wrote across launches.
// With the argument "fixed" the producer covers the whole buffer.
#include <cstdio>
#include <cstring>

__global__ void produce(float *p, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < m)
		p[i] = (float)i;
}

__global__ void consume(const float *p, float *q, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		q[i] = 2.0f * p[i]; // reads p[n / 2 .. n) that produce did not write
}

int main(int argc, char **argv)
{
	const int n = 256;
	int fixed = argc > 1 && strcmp(argv[1], "fixed") == 0;
	float *p, *q, h[n];
	cudaMalloc(&p, n * sizeof(float));
	cudaMalloc(&q, n * sizeof(float));
	produce<<<n / 64, 64>>>(p, fixed ? n : n / 2); // BUG: n / 2
	consume<<<n / 64, 64>>>(p, q, n);
	cudaMemcpy(h, q, sizeof h, cudaMemcpyDeviceToHost);
	printf("q[3] = %g\n", h[3]);
	cudaFree(p);
	cudaFree(q);
	return 0;
}
