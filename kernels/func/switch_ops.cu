// switch_ops: each element carries an opcode (op[i] % 10) that a dense
// switch with fall-through and default dispatches on.
__global__ void switch_ops(const int *op, const int *a, const int *b, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int x = a[i], y = b[i], r;
	switch (op[i] % 10) {
	case 0:
		r = x + y;
		break;
	case 1:
		r = x - y;
		break;
	case 2:
		r = x * y;
		break;
	case 3:
		r = y != 0 ? x / y : 0;
		break;
	case 4:
		r = x & y;
		break;
	case 5:
		x = -x;
		/* fall through */
	case 6:
		r = x ^ y;
		break;
	case 7:
		r = x < y ? x : y;
		break;
	case 8:
		r = ((x & 0xffff) << 3) | (y & 7);
		break;
	default:
		r = -1;
		break;
	}
	out[i] = r;
}
