## The bug corpus: kernels/bugs/NAME.cu (buggy), kernels/bugs/NAME_fixed.cu
## (its fixed twin) and kernels/bugs/NAME.expect (the manifest: launch and
## expected findings, format in docs/CORPUS-BUGS.md) for every NAME below.
## Makefile.am compiles both sources with the prelude at -O0 (the level the
## detectors are specified at), and tests/check_bugs.c checks every
## manifest against this directory.
BUG_KERNELS = \
	block_min_nosync smo_reuse_races median_redundant nn_barrier_in_branch \
	kaldi_warp_sum warp_reduce_unrolled warp_reduce_bd scan_total_nosync \
	scan_dim_nosync hamming_branch_race hamming_unroll_bd jacobi_rotation_race \
	select_matches_bd descriptor_loop_bd device_global_race global_ww_slot \
	deadlock_two_barriers deadlock_data_bd diag_rows_bd softmax_private_rb \
	div_rows_trailing_rb harris_loop_rb get_cost_rb find_max_corr_rb \
	spmv_fetch_rb join_bd copy_upp_low_race splice_inplace_race \
	copy_from_tp_benign sum_reduce_race_rb tree_min_loop_rb \
	em_256_waw em_256_oob cocluster_hist spmv_col_read \
	uniform_store uniform_store_benign uniform_atomic_plain \
	boyer_scan_no_b1 boyer_scan_no_b2 boyer_scan_no_b3 \
	blelloch_scan_no_b1 blelloch_scan_no_b2 blelloch_scan_no_b3 \
	interblock_halo interblock_partials interblock_same_value atomic_block_scope \
	fields_overlap_race \
	fence_reduce_no_release ticket_before_publish \
	full_warps_bd neighbor_read_nosync divergent_branch_ww dyn_shared_oob \
	tail_tile_uninit partial_warp_uninit degree_loop_bd \
	stencil_underflow unsigned_wrap_far local_taps_oob accumulate_uninit \
	heap_scratch_oob heap_use_after_free heap_double_free local_hist_uninit \
	ptx_pred_store_race two_returns_bd \
	surf_quad_race surf_edge_oob tex_stencil_edge \
	warp_spin_lock lock_no_fence flag_plain flag_no_fence scoped_flag_cta \
	warp_producer_flag warp_lock_shared \
	struct_field_race byval_window_nosync fnptr_shift_race state_table_race \
	ballot_half_mask dp_write_after_launch dp_quicksort_nosync

## The kernels above that launch kernels from device code (dynamic
## parallelism), which clang 19 does not compile as written: Makefile.am
## compiles them from the copy simulee-c's front end writes (src/dpcopy).
BUG_KERNELS_DYNPAR = dp_write_after_launch dp_quicksort_nosync

## Kernels that include the CUDA toolkit's own headers (cooperative
## groups): Makefile.am compiles them against the toolkit configure found,
## at -O0 as the others, and tests/check_bugs.c skips them, with a message,
## where there is none.
BUG_KERNELS_TOOLKIT = \
	cg_grid_partials cg_grid_sync_branch cg_tile_nosync bf16_atomic_partials

## Input files that manifests name with --init NAME=@data/FILE.
BUG_INPUTS = \
	col_other_warp.txt csr_adj.txt csr_row_ptr.txt csr_row_ptr_regular.txt \
	labels_mod16.txt positive128.txt
