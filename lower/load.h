/*
** load.h: read a module of NVPTX bitcode or IR and lower it.
**
** load_file reads .bc or .ll (in an isolated child, lower/load.c),
** verifies it, finds the kernels, lowers every kernel and the device
** functions it calls into a struct program, and disposes of the LLVM
** module.  A kernel that uses something the lowering cannot handle is kept
** in the list with its error; the others still run.
*/
#ifndef SIMULEE_LOAD_H
#define SIMULEE_LOAD_H

#include <stdint.h>

#include "base/util.h"
#include "core/program.h"

/* A kernel found in the module. */
struct kernel_info {
	char *name;		/* mangled */
	char *demangled;
	int func;		/* index in program funcs, or -1 if lowering failed */
	char *error;		/* why lowering failed (one line), or NULL */
	/* Declared launch bounds, 0 where none (nvvm.annotations "maxntidx",
	** "maxntidy", "maxntidz", "reqntidx", ...; or the function attributes
	** "nvvm.maxntid" / "nvvm.reqntid" = "x[,y[,z]]" of newer LLVM).
	** __launch_bounds__(MAX, MIN) gives maxntid[0] = MAX only: clang 19
	** emits "maxntidx" alone.  As PTX .maxntid, the bound is on the
	** block's thread count, not on each dimension: a launch is valid only
	** when block.x * block.y * block.z <= maxntid[0] * max(maxntid[1], 1)
	** * max(maxntid[2], 1) (an absent dimension counts 1).  As PTX
	** .reqntid, reqntid fixes the block exactly when reqntid[0] != 0:
	** block = (reqntid[0], max(reqntid[1], 1), max(reqntid[2], 1)).
	** Clang 19's CUDA has no spelling for reqntid; hand-written or other
	** front ends' IR may carry it. */
	uint32_t maxntid[3];
	uint32_t reqntid[3];
	/* Bytes of the static __shared__ variables the kernel and the device
	** functions it calls use: with the dynamic shared bytes, what a block
	** of it takes (CUDA refuses a launch over its limit). */
	uint64_t static_shared;
};

struct loaded {
	struct program *prog;
	struct kernel_info *kernels;
	uint32_t nkernels;
};

struct load_options {
	int dump_bytecode;	/* print the lowered code to stderr */
	int allow_no_kernels;	/* a module without kernels (bitcode with no code
				   at all among them: clang's device pass over
				   host code only) loads as one with none */
	uint32_t id_base;	/* the variables' allocation ids start past it
				   (0: at 1): simulee-c run keeps several
				   programs in one memory */
	/* simulee-c run's relocatable device code: the allocation a global
	** variable of external linkage named NAME shares with a program
	** loaded before, or 0 for one of its own (NULL: always its own) */
	uint32_t (*shared_var)(void *ctx, const char *name);
	void *shared_ctx;
};

/* Loads PATH (.bc or .ll).  On success fills *out and returns 0 (with
** allow_no_kernels, *out may hold no kernel and no program); on failure
** returns a negative SIM_ERR_* with the one-line reason in *err. */
int load_file(const char *path, const struct load_options *opt,
		struct loaded *out, struct sim_error *err);
void load_free(struct loaded *l);

/* Finds a kernel by mangled name, demangled name, or the demangled name
** without its parameter list.  Returns its index in l->kernels or -1. */
int load_find_kernel(const struct loaded *l, const char *name);

/* The most threads a block of kernel K may have by its __launch_bounds__
** (the product of maxntid, an absent dimension 1), or 0 when it has none. */
uint64_t load_block_bound(const struct kernel_info *k);

#endif
