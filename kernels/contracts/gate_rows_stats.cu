// gate_rows_stats: a library kernel, the backward pass of a three-gate
// recurrent cell (an LSTM's input, forget and output gates), element by
// element.  Each row of in holds the three gates' pre-activations, cols
// values each, one field after the other; blocks of 32 x 8 threads take
// 32 columns each along x (one block along x per 32 cells) and walk the
// rows with a grid-stride loop along y.  Each thread writes its row's
// three gradient fields into in_deriv, adds its rows' gate values up, sums
// them over the block's rows in shared memory into col_sum, and the
// threads of the first rows write how many of their rows saturated into
// row i0 of stats, a row of stats_stride elements per gate.  Callers give
// strides of at least a row's fields: the kernel assumes in_deriv_stride
// >= 3 * cols (rule 8 with a factor) and stats_stride >= cols (rule 8,
// where the grid's threads along x cover fewer than cols columns).
//
// The bug: no barrier between the block's stores into part and the first
// row's reads of the other rows.
#include <cuda_runtime.h>

__device__ static float sigmoid(float v)
{
	return 1.0f / (1.0f + __expf(-v));
}

__global__ void gate_rows_stats(int cols, int rows, const float *in, int in_stride,
				const float *out_deriv, int out_deriv_stride, float *in_deriv,
				int in_deriv_stride, float *stats, int stats_stride,
				float *col_sum)
{
	__shared__ float part[8][32];
	const int j = blockIdx.x * blockDim.x + threadIdx.x;
	const int i0 = blockIdx.y * blockDim.y + threadIdx.y;
	const int row_step = gridDim.y * blockDim.y;
	float gsum = 0.0f;
	int saturated = 0;
	if (j < cols) {
		for (int i = i0; i < rows; i += row_step) {
			const float *x = in + i * in_stride;
			float ig = sigmoid(x[j]);
			float fg = sigmoid(x[j + cols]);
			float og = sigmoid(x[j + 2 * cols]);
			float d = out_deriv[i * out_deriv_stride + j];
			float *dx = in_deriv + i * in_deriv_stride;
			dx[j] = d * ig * (1.0f - ig);
			dx[j + cols] = d * fg * (1.0f - fg);
			dx[j + 2 * cols] = d * og * (1.0f - og);
			gsum += ig + fg + og;
			saturated += (ig > 0.99f) + (fg > 0.99f) + (og > 0.99f);
		}
		if (i0 < 3)
			stats[i0 * stats_stride + j] = (float)saturated;
	}
	part[threadIdx.y][threadIdx.x] = gsum;
	if (threadIdx.y == 0 && j < cols) {	// BUG: reads the other rows' part with no barrier
		float s = 0.0f;
		for (int r = 0; r < blockDim.y; r++)
			s += part[r][threadIdx.x];	// BUG: the read of another row's store
		atomicAdd(&col_sum[j], s);
	}
}
