## The functional kernel corpus: kernels/func/NAME.cu for every NAME below.
## Makefile.am compiles each with the prelude at -O0, -O1 and -O3, and
## tests/check_corpus.c runs and checks each one (its table must list the
## same names).  docs/CORPUS.md says what each kernel covers.
FUNC_KERNELS = \
	vecadd saxpy reduce_shared reduce_warp \
	scan_hillis scan_blelloch matmul_tiled transpose \
	histogram stencil2d stencil3d bitonic_sort \
	templates switch_ops dp_double int64_ops \
	float4_load struct_arg dyn_shared const_mem \
	math_funcs dp_math fast_math grid_stride \
	ragged2d warp_vote atomic_cas matvec \
	scan_warp intdiv bit_tricks small_types \
	half_precision do_while divergent_call sync_count \
	atomics_mix float_atomic shfl_variants recursion \
	local_sort math_misc rounding func_ptr \
	switch_table fence_reduce warp_divergent shared_atomics \
	struct_copy goto_loops int_libdevice ptx_asm hash_rounds \
	ptx_branch
