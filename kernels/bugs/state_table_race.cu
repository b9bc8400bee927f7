// state_table_race: the kernel's state is a struct in device memory that
// points at a table of counters (a parameter of type Counter *, whose
// element holds a pointer).  The counters are bumped with a plain "++":
// threads whose keys fall in one bin race.  The race is reachable only
// when the state's pointer points at a buffer of its own.
struct Counter {
	int *hits;
	int nbins;
};

__global__ void state_table_race(const Counter *c, const int *keys, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int nbins = c->nbins;
	if (i < n && nbins > 0)
		c->hits[keys[i] % nbins]++; // BUG: not atomic: equal keys collide
}
