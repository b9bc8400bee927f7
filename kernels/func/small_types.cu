// small_types: 8- and 16-bit element types.  A saturating brighten of
// unsigned char pixels, sign extension of signed char, and 16-bit
// arithmetic that wraps when stored back.
__global__ void small_types(const unsigned char *px, const signed char *delta, const short *s,
			    unsigned char *outpx, short *outs, unsigned short *outu, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = px[i] + delta[i] * 2;
	outpx[i] = (unsigned char)(v < 0 ? 0 : (v > 255 ? 255 : v));
	outs[i] = (short)(s[i] * 3 - delta[i]);
	outu[i] = (unsigned short)(s[i] + 40000);
}
