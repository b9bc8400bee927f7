// old_host_props.cpp: a C++ file of the program reading a device property
// CUDA 13 removed from cudaDeviceProp, and a function that falls off its
// end (Parboil's io.cc does: gcc's code returns garbage, clang's traps
// unless told -fno-strict-return).
#include <cuda_runtime.h>

int clock_khz(void)
{
	cudaDeviceProp p;
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess)
		return -1;
	return p.clockRate;
}

bool clock_checked(int khz)
{
	if (khz < 0)
		return false;
}	// no return: the caller ignores the value
