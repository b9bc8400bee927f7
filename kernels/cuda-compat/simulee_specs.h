/*
** simulee_specs.h: the specification annotations of GPUVerify's dialect
** of CUDA, so that kernels written with them (verification suites, code
** annotated for GPUVerify) compile, and their preconditions become what
** the search must meet.  Written for simulee-c from GPUVerify's
** documentation of its annotation language; docs/DECISIONS.md
** (2026-11-29, "Preconditions written as __requires") says why.
**
**   __requires(e), __global_requires(e)
**        a precondition on the launch and the arguments: checked on entry
**        like an assert, so a launch that breaks it is outside the
**        kernel's contract and its failed comparison names the value the
**        search tries next (input-to-state)
**   __global_assert(e), __assume(e)
**        checked where they stand, likewise (not __assert: glibc's
**        <assert.h> declares a function of that name, which a macro would
**        break; code that uses it can write assert)
**   __ensures(e), __global_ensures(e), __invariant(e),
**   __global_invariant(e), __function_wide_invariant(e)
**        what a verifier proves of the code, not a condition on the launch:
**        dropped, their argument never evaluated
**   __implies(a, b)
**        (!(a) || (b))
**   __is_pow2(x)
**        x is a power of two: ((x) != 0 && ((x) & ((x) - 1)) == 0), so
**        that the search meets it as a relation (docs/CONTRACTS.md)
**
** Each only where the code has not defined it itself.  The check calls
** __assert_fail as assert() does, so NDEBUG does not turn it off.
*/
#ifndef SIMULEE_SPECS_H
#define SIMULEE_SPECS_H

#if defined(__cplusplus) && defined(__CUDA__)

#define __SIMULEE_SPEC_CHECK(e) \
	((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__))

#ifndef __requires
#define __requires(e) __SIMULEE_SPEC_CHECK(e)
#endif
#ifndef __global_requires
#define __global_requires(e) __SIMULEE_SPEC_CHECK(e)
#endif
#ifndef __global_assert
#define __global_assert(e) __SIMULEE_SPEC_CHECK(e)
#endif
#ifndef __assume
#define __assume(e) __SIMULEE_SPEC_CHECK(e)
#endif
#ifndef __ensures
#define __ensures(e) ((void)0)
#endif
#ifndef __global_ensures
#define __global_ensures(e) ((void)0)
#endif
#ifndef __invariant
#define __invariant(e) ((void)0)
#endif
#ifndef __global_invariant
#define __global_invariant(e) ((void)0)
#endif
#ifndef __function_wide_invariant
#define __function_wide_invariant(e) ((void)0)
#endif
#ifndef __implies
#define __implies(a, b) (!(a) || (b))
#endif
#ifndef __is_pow2
#define __is_pow2(x) ((x) != 0 && ((x) & ((x) - 1)) == 0)
#endif

#endif /* __cplusplus && __CUDA__ */

#endif
