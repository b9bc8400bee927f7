// gate_rows_stats_fixed: the same kernel, a barrier before the first
// row reads the block's sums.
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
	__syncthreads();
	if (threadIdx.y == 0 && j < cols) {
		float s = 0.0f;
		for (int r = 0; r < blockDim.y; r++)
			s += part[r][threadIdx.x];
		atomicAdd(&col_sum[j], s);
	}
}
