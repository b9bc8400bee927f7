// old_host_props.cpp: a C++ file of the program reading a device property
// CUDA 13 removed from cudaDeviceProp.
#include <cuda_runtime.h>

int clock_khz(void)
{
	cudaDeviceProp p;
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess)
		return -1;
	return p.clockRate;
}
