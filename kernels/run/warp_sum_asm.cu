// warp_sum_asm: each warp sums its 32 values with shuffles written in
// inline PTX, as CUB writes them: the five-operand shfl.sync.down.b32,
// and the form whose destination "d|p" also says whether the source lane
// was in range.  The program checks its sums: nothing is wrong.
#include <cstdio>

__device__ int shfl_down(int v, int delta)
{
	int r;
	asm volatile("shfl.sync.down.b32 %0, %1, %2, %3, %4;"
		     : "=r"(r) : "r"(v), "r"(delta), "r"(0x1f), "r"(0xffffffff));
	return r;
}

__device__ int shfl_up_add(int v, int delta)
{
	int r;
	asm volatile("{\n\t.reg .pred p;\n\t"
		     "shfl.sync.up.b32 %0|p, %1, %2, %3, %4;\n\t"
		     "@p add.s32 %0, %0, %1;\n\t}"
		     : "=r"(r) : "r"(v), "r"(delta), "r"(0), "r"(0xffffffff));
	return r;
}

__global__ void warp_sums(const int *in, int *sums, int *scan)
{
	int v = in[blockIdx.x * 32 + threadIdx.x];
	int s = v;
	for (int d = 16; d > 0; d /= 2)
		s += shfl_down(s, d);
	if (threadIdx.x == 0)
		sums[blockIdx.x] = s;
	int x = v;
	for (int d = 1; d < 32; d *= 2)
		x = shfl_up_add(x, d);
	scan[blockIdx.x * 32 + threadIdx.x] = x;
}

int main(void)
{
	const int warps = 4, n = warps * 32;
	int h[n], sums[warps], scan[n];
	for (int i = 0; i < n; i++)
		h[i] = i % 7;
	int *in, *d_sums, *d_scan;
	cudaMalloc(&in, sizeof h);
	cudaMalloc(&d_sums, sizeof sums);
	cudaMalloc(&d_scan, sizeof scan);
	cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
	warp_sums<<<warps, 32>>>(in, d_sums, d_scan);
	cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost);
	cudaMemcpy(scan, d_scan, sizeof scan, cudaMemcpyDeviceToHost);
	int ok = 1;
	for (int w = 0; w < warps; w++) {
		int want = 0;
		for (int i = 0; i < 32; i++) {
			want += h[w * 32 + i];
			ok &= scan[w * 32 + i] == want;
		}
		ok &= sums[w] == want;
	}
	printf("%s: sums[0] = %d\n", ok ? "PASS" : "FAIL", sums[0]);
	return ok ? 0 : 1;
}
