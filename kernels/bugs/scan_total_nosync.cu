// scan_total_nosync: the arrayfire scan_nonfinal_kernel data race of the
// Simulee paper (Table 2).  A block scans its segment (double-buffered
// Hillis-Steele, correctly synchronised), the last thread publishes the
// block total in shared memory, and every thread reads that total with no
// barrier in between.
#define BS 64

__global__ void scan_total_nosync(const int *in, int *out, int *share)
{
	__shared__ int buf[2][BS];
	__shared__ int s_total;
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int pout = 0;
	buf[pout][tid] = in[gid];
	__syncthreads();
	for (int off = 1; off < blockDim.x; off *= 2) {
		pout = 1 - pout;
		int pin = 1 - pout;
		int x = buf[pin][tid];
		if (tid >= off)
			x += buf[pin][tid - off];
		buf[pout][tid] = x;
		__syncthreads();
	}
	if (tid == blockDim.x - 1)
		s_total = buf[pout][tid]; // BUG: published with no barrier after it
	out[gid] = buf[pout][tid];
	share[gid] = s_total; // BUG: may read the total before it is stored
}
