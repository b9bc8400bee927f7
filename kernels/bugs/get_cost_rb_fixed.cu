// get_cost_rb, fixed twin: no barrier.
__global__ void get_cost_rb(const float *pred, const float *label, float *cost, int n)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	if (gid < n) {
		float d = pred[gid] - label[gid];
		cost[gid] = d * d;
	}
	if (gid < n)
		cost[gid] *= 0.5f;
}
