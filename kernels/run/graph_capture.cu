/*
** A CUDA graph from stream capture: a copy in, a launch, a fork into a
** second stream and a join through events, a host function, a racy
** shift, a copy out.  Capturing runs nothing; each cudaGraphLaunch runs
** the captured work in order, its copies reading the host buffer as it
** is then.  The shift races (thread i reads what thread i + 1 writes),
** one finding for both launches of it.
*/
#include <cstdio>

__global__ void inc(int *p, int by)
{
	p[threadIdx.x] += by;
}

__global__ void shift(int *p)
{
	p[threadIdx.x] = p[threadIdx.x + 1];
}

static void note(void *what)
{
	printf("host node: %s\n", (const char *)what);
}

int main()
{
	int h[64], *p;
	for (int i = 0; i < 64; i++)
		h[i] = i;
	cudaMalloc(&p, sizeof h);
	cudaStream_t s, s2;
	cudaStreamCreate(&s);
	cudaStreamCreate(&s2);
	cudaEvent_t fork, join;
	cudaEventCreate(&fork);
	cudaEventCreate(&join);
	cudaGraph_t g;
	cudaGraphExec_t e;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaMemcpyAsync(p, h, sizeof h, cudaMemcpyHostToDevice, s);
	inc<<<1, 64, 0, s>>>(p, 10);
	cudaEventRecord(fork, s);
	cudaStreamWaitEvent(s2, fork, 0);
	inc<<<1, 64, 0, s2>>>(p, 100);
	cudaEventRecord(join, s2);
	cudaStreamWaitEvent(s, join, 0);
	cudaLaunchHostFunc(s, note, (void *)"between");
	shift<<<1, 32, 0, s>>>(p);
	cudaMemcpyAsync(h, p, sizeof h, cudaMemcpyDeviceToHost, s);
	cudaStreamEndCapture(s, &g);
	cudaStreamCaptureStatus st;
	cudaStreamIsCapturing(s2, &st);
	printf("captured: h[5] = %d, s2 capturing: %d\n", h[5], (int)st);
	cudaGraphInstantiate(&e, g, 0);
	cudaGraphLaunch(e, s);
	cudaStreamSynchronize(s);
	printf("first launch: h[5] = %d\n", h[5]);
	for (int i = 0; i < 64; i++)
		h[i] = 0;
	cudaGraphLaunch(e, s);
	cudaStreamSynchronize(s);
	printf("second launch: h[5] = %d\n", h[5]);
	cudaGraphExecDestroy(e);
	cudaGraphDestroy(g);
	cudaFree(p);
	return 0;
}
