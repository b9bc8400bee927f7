// graph_nodes: a CUDA graph built node by node, as cuda-samples'
// simpleCudaGraphs builds one: a memset node, two kernel nodes, a copy
// back and a host node, added out of order (the consumer first) and
// ordered by cudaGraphAddDependencies, and a child graph that scales the
// result.  Launched twice; each launch must run the nodes in dependency
// order, so the program prints what a GPU prints.
#include <cstdio>

__global__ void produce(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] += i;
}

__global__ void consume(const int *a, int *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		b[i] = 2 * a[i] + 1;
}

__global__ void scale(int *b, int n, int by)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		b[i] *= by;
}

static void report(void *p)
{
	const int *h = (const int *)p;
	printf("h[0] = %d, h[100] = %d, h[255] = %d\n", h[0], h[100], h[255]);
}

int main()
{
	const int n = 256;
	int *a, *b, h[256];
	cudaMalloc(&a, n * sizeof(int));
	cudaMalloc(&b, n * sizeof(int));

	cudaGraph_t g, child;
	cudaGraphNode_t set, prod, cons, sub, back, host;
	cudaGraphCreate(&g, 0);

	int nn = n;
	void *cargs[] = { &a, &b, &nn };
	cudaKernelNodeParams kp = {};
	kp.func = (void *)consume;
	kp.gridDim = dim3(n / 64);
	kp.blockDim = dim3(64);
	kp.kernelParams = cargs;
	cudaGraphAddKernelNode(&cons, g, NULL, 0, &kp);	/* its producer later */

	cudaMemsetParams mp = {};
	mp.dst = a;
	mp.value = 3;
	mp.elementSize = sizeof(int);
	mp.width = n;
	mp.height = 1;
	cudaGraphAddMemsetNode(&set, g, NULL, 0, &mp);

	void *pargs[] = { &a, &nn };
	kp.func = (void *)produce;
	kp.kernelParams = pargs;
	cudaGraphAddKernelNode(&prod, g, &set, 1, &kp);
	cudaGraphAddDependencies(g, &prod, &cons, NULL, 1);

	int by = 10;
	void *sargs[] = { &b, &nn, &by };
	cudaGraphCreate(&child, 0);
	cudaGraphNode_t sc;
	kp.func = (void *)scale;
	kp.kernelParams = sargs;
	cudaGraphAddKernelNode(&sc, child, NULL, 0, &kp);
	cudaGraphAddChildGraphNode(&sub, g, &cons, 1, child);

	cudaGraphAddMemcpyNode1D(&back, g, &sub, 1, h, b, sizeof h, cudaMemcpyDeviceToHost);
	cudaHostNodeParams hp = {};
	hp.fn = report;
	hp.userData = h;
	cudaGraphAddHostNode(&host, g, &back, 1, &hp);

	cudaGraphExec_t e;
	if (cudaGraphInstantiate(&e, g, 0) != cudaSuccess) {
		printf("instantiate failed\n");
		return 1;
	}
	cudaStream_t s;
	cudaStreamCreate(&s);
	for (int k = 0; k < 2; k++)
		cudaGraphLaunch(e, s);
	cudaStreamSynchronize(s);
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(child);
	cudaGraphDestroy(g);
	return h[100] == 2070 ? 0 : 1;
}
