// input_file: scatter weights into buckets read from a file: its first
// number is the count, then one bucket index a line.
//
// The bug is in the data's reach: each thread adds its weight with a
// plain `+=`, which is right only while no two entries name the same
// bucket.  The bundled input does (bucket 3 twice), so two threads race
// on sums[3].  With distinct buckets the same program is clean.
#include <cstdio>
#include <cstdlib>

__global__ void scatter(const int *bucket, const float *w, float *sums, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		sums[bucket[i]] += w[i]; // BUG: atomicAdd when buckets repeat
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: input_file FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r");
	int n;
	if (f == NULL || fscanf(f, "%d", &n) != 1 || n <= 0 || n > 1 << 20) {
		fprintf(stderr, "input_file: cannot read %s\n", argv[1]);
		return 2;
	}
	int *hb = (int *)malloc(n * sizeof(int));
	float *hw = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++) {
		if (fscanf(f, "%d", &hb[i]) != 1 || hb[i] < 0 || hb[i] >= 64) {
			fprintf(stderr, "input_file: bad entry %d\n", i);
			return 2;
		}
		hw[i] = 1.0f;
	}
	fclose(f);
	int *bucket;
	float *w, *sums;
	cudaMalloc(&bucket, n * sizeof(int));
	cudaMalloc(&w, n * sizeof(float));
	cudaMalloc(&sums, 64 * sizeof(float));
	cudaMemset(sums, 0, 64 * sizeof(float));
	cudaMemcpy(bucket, hb, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(w, hw, n * sizeof(float), cudaMemcpyHostToDevice);
	scatter<<<(n + 31) / 32, 32>>>(bucket, w, sums, n);
	float hs[64];
	cudaMemcpy(hs, sums, sizeof hs, cudaMemcpyDeviceToHost);
	printf("sums[3] = %g\n", hs[3]);
	return 0;
}
