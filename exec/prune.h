/*
** prune.h: the memory sites of one launch that cannot race (GMRace's
** static pruning, docs/MODEL.md "Pruning"), found before the launch from
** the bytecode and the launch's own values, so that their accesses skip
** the Memory-Access Model.  Internal to exec/.
*/
#ifndef SIMULEE_PRUNE_H
#define SIMULEE_PRUNE_H

#include <stdint.h>

#include "exec/interp.h"
#include "core/program.h"
#include "memmodel/mem.h"

/*
** For the launch of kernel function FN with parameter slots ARGS in M
** under CFG (grid, block, dynamic shared bytes): a byte per site of P, 1
** where every access the site makes in this launch is to memory no other
** thread of the launch touches in a conflicting way, so no race can
** involve it; 0 elsewhere.  A site is pruned when its allocation is only
** read in the launch, or when every access to its allocation is a plain
** load or store at an offset affine in the thread's coordinates (and in
** loop counters) that no two threads share.  NULL when nothing is pruned
** (or the analysis gives up: too many rounds, an address it cannot
** follow that may write anywhere).  *NPRUNED gets the number of sites
** set.  The caller frees the array.
*/
uint8_t *prune_sites(const struct program *p, uint32_t fn, const uint64_t *args,
		     const struct mem *m, const struct launch_cfg *cfg, uint32_t *npruned);

#endif
