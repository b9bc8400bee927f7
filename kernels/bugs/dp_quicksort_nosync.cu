// dp_quicksort_nosync: a recursive quicksort with dynamic parallelism, in
// the shape of the CUDA samples' cdpSimpleQuicksort (written anew for
// simulee-c).  One block partitions a segment of at most 64 elements
// around its middle element in shared memory, writes it back, and thread
// 0 launches a grid for each side.  Thread 0 puts the pivot into its slot
// after the scatter, but no barrier follows: the thread that copies that
// slot back may read it first.
#define SEG 64

__global__ void dp_qs_segment(int *a, int lo, int hi, int depth)
{
	__shared__ int part[SEG];
	__shared__ int nless, nmore;
	int t = threadIdx.x;
	int n = hi - lo;
	if (t == 0) {
		nless = 0;
		nmore = 0;
	}
	__syncthreads();
	int mid = n / 2;
	int pivot = a[lo + mid];
	if (t < n && t != mid) {
		int v = a[lo + t];
		if (v < pivot)
			part[atomicAdd(&nless, 1)] = v;
		else
			part[n - 1 - atomicAdd(&nmore, 1)] = v;
	}
	__syncthreads();
	int at = nless;
	if (t == 0)
		part[at] = pivot; // BUG: the pivot's slot, read below with no barrier between
	if (t < n)
		a[lo + t] = part[t]; // BUG: may read the pivot's slot before thread 0 writes it
	__syncthreads();
	if (t == 0 && depth < 8) {
		if (at > 1)
			dp_qs_segment<<<1, SEG>>>(a, lo, lo + at, depth + 1);
		if (n - at - 1 > 1)
			dp_qs_segment<<<1, SEG>>>(a, lo + at + 1, hi, depth + 1);
	}
}

__global__ void dp_quicksort_nosync(int *a, int n)
{
	if (blockIdx.x == 0 && threadIdx.x == 0 && n > 1)
		dp_qs_segment<<<1, SEG>>>(a, 0, n < SEG ? n : SEG, 0);
}
