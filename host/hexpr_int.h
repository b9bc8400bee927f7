/*
** hexpr_int.h: the folding hexpr.c shares with the reader that builds
** expressions (lower_host.c), which folds constants as it goes.  Internal
** to host/; free of LLVM.
*/
#ifndef SIMULEE_HOST_HEXPR_INT_H
#define SIMULEE_HOST_HEXPR_INT_H

#include <stdint.h>

#include "host/hostsite.h"

/* The low W bits (all 64 from W = 64). */
uint64_t hexpr_mask_of(unsigned w);
/* V's low W bits as a signed number. */
int64_t hexpr_sx(uint64_t v, unsigned w);
/* Integer comparison HP_ PRED with its operands swapped (a < b is b > a). */
unsigned hexpr_swap_pred(unsigned pred);
/* D as the bits of a W-bit float (32 or 64). */
uint64_t hexpr_fp_put(double d, unsigned w);
/* Whether HX_ op OP is a conversion (one operand). */
int hexpr_is_cast(unsigned op);
/* Whether HX_ op OP is one of C's math functions (HX_FCEIL ... HX_FPOW). */
int hexpr_is_fmath(unsigned op);
/* How many operands (a, b, c) a node of HX_ op OP has: 0 to 3. */
unsigned hexpr_nops(unsigned op);
/* Integer operator OP on W-bit A and B (PRED for HX_ICMP).  0, or -1 where
** the result is undefined: division by zero, a shift by W or more. */
int hexpr_fold_int(unsigned op, unsigned pred, unsigned w, uint64_t a, uint64_t b, uint64_t *out);
/* IEEE operator OP on floats of W bits (32 or 64) into *OUT; 0, or -1. */
int hexpr_fold_float(unsigned op, unsigned w, uint64_t a, uint64_t b, uint64_t *out);
/* C's math function OP (HX_FCEIL ... HX_FPOW) on floats A and B (B unused
** by one of one operand) of W bits (32 or 64) into *OUT; 0, or -1. */
int hexpr_fold_fmath(unsigned op, unsigned w, uint64_t a, uint64_t b, uint64_t *out);
/* Cast OP of A (FROM bits) to W bits into *OUT; 0, or -1 where it is
** undefined. */
int hexpr_fold_cast(unsigned op, unsigned from, unsigned w, uint64_t a, uint64_t *out);

/* Variable index of expression E when it is an integer variable or one
** widened (*EXT: 0 none, 1 sign, 2 zero extension), else UINT32_MAX. */
uint32_t hexpr_var_of(const struct hostsites *hs, uint32_t e, int *ext);
/* Frees what store M holds. */
void hmstore_free(struct hmstore *m);
/* Frees what site S holds. */
void hsite_free(struct hsite *s);

#endif
