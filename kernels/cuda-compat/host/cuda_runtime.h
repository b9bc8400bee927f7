/*
** cuda_runtime.h as a C++ source of `simulee-c run` sees it: the
** toolkit's, then what CUDA 13 removed and old host code still uses
** (simulee_cuda13.h: cudaDeviceProp's clockRate and kin, the cudaThread*
** calls), as simulee_legacy.h gives a CUDA source.  front/compile.c puts
** this directory before the toolkit's include directory for C++ sources
** only; a CUDA source never sees it.
*/
#include_next <cuda_runtime.h>

#if defined(__cplusplus) && !defined(__CUDA__)
#include "../simulee_cuda13.h"
#endif
