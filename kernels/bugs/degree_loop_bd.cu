// degree_loop_bd: a graph kernel (in the spirit of the gunrock bug of the
// Simulee paper, Table 3) where every thread walks the neighbour list of its
// own vertex and stages each neighbour in shared memory with a barrier per
// step.  The trip count is the vertex degree, taken from the input: the
// block diverges whenever two of its vertices have different degrees.
#define BS 64

__global__ void degree_loop_bd(const int *row_ptr, const int *adj, int *out)
{
	__shared__ int s_nbr[BS];
	int tid = threadIdx.x;
	int v = blockIdx.x * blockDim.x + tid;
	int begin = row_ptr[v], end = row_ptr[v + 1];
	int acc = 0;
	for (int e = begin; e < end; e++) { // BUG: the trip count is the degree of v
		s_nbr[tid] = adj[e];
		__syncthreads(); // BUG: threads with a smaller degree have left the loop
		acc += s_nbr[(tid + 32) % blockDim.x];
		__syncthreads(); // BUG: threads with a smaller degree have left the loop
	}
	out[v] = acc;
}
