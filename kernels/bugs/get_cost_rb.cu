// get_cost_rb: the cuda-cnn g_getCost_3 redundant barrier of the Simulee
// paper (Table 3, c843bb2861e): a barrier between two global-memory steps in
// which every thread touches only its own element.
__global__ void get_cost_rb(const float *pred, const float *label, float *cost, int n)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	if (gid < n) {
		float d = pred[gid] - label[gid];
		cost[gid] = d * d;
	}
	__syncthreads(); // BUG: redundant: cost[gid] is private to its thread
	if (gid < n)
		cost[gid] *= 0.5f;
}
