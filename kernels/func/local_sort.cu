// local_sort: a per-thread local array with dynamic indexing: load 8
// values, insertion-sort them, store sorted (private memory, no sharing).
#define K 8

__global__ void local_sort(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v[K];
	for (int j = 0; j < K; j++)
		v[j] = in[K * i + j];
	for (int j = 1; j < K; j++) {
		int x = v[j];
		int k = j - 1;
		while (k >= 0 && v[k] > x) {
			v[k + 1] = v[k];
			k--;
		}
		v[k + 1] = x;
	}
	for (int j = 0; j < K; j++)
		out[K * i + j] = v[j];
}
