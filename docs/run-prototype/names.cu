// names.cu: the device names clang registers for variables and kernels
#include <cuda_runtime.h>
namespace ns { __device__ int nv[4]; __constant__ double nc; }
static __device__ float sv;
template <typename T> __device__ T tv;
namespace { __global__ void anon(int *p) { p[0] = ns::nv[0] + (int)ns::nc + (int)sv + tv<int>; } }
void go(int *p) { anon<<<1, 1>>>(p); }
