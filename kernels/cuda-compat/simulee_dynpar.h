/*
** simulee_dynpar.h: kernel launches in device code (dynamic parallelism)
** for clang 19, which refuses them ("reference to __global__ function in
** __global__ function") even with -fgpu-rdc.  front/compile.c compiles
** the device side of a file that launches from device code from a copy in
** which each device-side `k<<<g, b, s, st>>>(args)` reads
** `__simulee_dlaunch<decltype(&k), &k>(g, b, s, st)(args)`, after this
** header.  Written for simulee-c; docs/DECISIONS.md, "Dynamic
** parallelism".
**
** The kernel's address comes from a variable template whose initializer,
** at namespace scope, is the one place that names the kernel: clang checks
** references to a __global__ function in the function that makes them,
** and a template argument or an unevaluated operand is none.  The
** launcher converts the arguments to the kernel's parameter types as a
** call would, writes them back to back into a parameter buffer
** (__simulee_param_buffer: per-thread memory) and calls
** __simulee_launch_device, which simulee-c's lowering turns into its
** launch instruction (docs/BYTECODE.md, DLAUNCH).  Nothing here runs on a
** GPU.
*/
#ifndef SIMULEE_DYNPAR_H
#define SIMULEE_DYNPAR_H

#if defined(__cplusplus) && defined(__CUDA__)

/* What a device-side launch asks for, as the launch instruction reads it. */
struct __simulee_launch_cfg {
	unsigned grid[3], block[3];
	unsigned shared;
	unsigned pad;
	void *stream;
};

extern "C" __device__ void *__simulee_param_buffer(unsigned long long align,
						   unsigned long long size);
extern "C" __device__ int __simulee_launch_device(void *func, void *params,
						  const struct __simulee_launch_cfg *cfg);

template <class F, F f> __device__ void *__simulee_kaddr = (void *)f;

template <class F> struct __simulee_dl;

template <class... P> struct __simulee_dl<void (*)(P...)> {
	void *k;
	struct __simulee_launch_cfg cfg;

	template <class T> static __device__ void put(char *buf, unsigned long long &off, const T &v)
	{
		__builtin_memcpy(buf + off, &v, sizeof(T));
		off += sizeof(T);
	}

	__device__ cudaError_t operator()(P... a) const
	{
		unsigned long long size = 0, off = 0;
		int sizes[] = { 0, (size += sizeof(P), 0)... };
		(void)sizes;
		char *buf = (char *)__simulee_param_buffer(8, size);
		int puts[] = { 0, (put(buf, off, a), 0)... };
		(void)puts;
		return (cudaError_t)__simulee_launch_device(k, buf, &cfg);
	}
};

template <class F, F f>
__device__ __simulee_dl<F> __simulee_dlaunch(dim3 g, dim3 b, unsigned long long sh = 0,
					     cudaStream_t st = 0)
{
	__simulee_dl<F> l;
	l.k = __simulee_kaddr<F, f>;
	l.cfg.grid[0] = g.x;
	l.cfg.grid[1] = g.y;
	l.cfg.grid[2] = g.z;
	l.cfg.block[0] = b.x;
	l.cfg.block[1] = b.y;
	l.cfg.block[2] = b.z;
	l.cfg.shared = (unsigned)sh;
	l.cfg.pad = 0;
	l.cfg.stream = (void *)st;
	return l;
}

#endif
#endif
