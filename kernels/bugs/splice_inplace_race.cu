// splice_inplace_race: after the kaldi _splice data race of the Simulee paper
// (Table 3, 5cc9731af4f): frames are shifted by k in place, so a thread
// loads the element that a thread of a later block stores.  With k a
// multiple of the block size every conflicting pair is in different blocks.
__global__ void splice_inplace_race(float *a, float *out, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i + k < n)
		a[i] = a[i + k]; // BUG: in place: a[i + k] is stored by another block's thread
}
