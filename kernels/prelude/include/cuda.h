/*
** cuda.h for code compiled against simulee-c's prelude (no CUDA toolkit):
** simulee_cuda.h, which clang is given with -include, already declares what
** simulee-c reads of this header (the runtime API a launch needs, the
** device built-ins).  This file lets a program's #include find it.
*/
#ifndef SIMULEE_PRELUDE_CUDA_H
#define SIMULEE_PRELUDE_CUDA_H
#endif
