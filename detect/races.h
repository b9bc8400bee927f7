/*
** races.h: findings from the Memory-Access Model of a launch: data races
** with both accesses, and barriers that no conflict needed.
*/
#ifndef SIMULEE_RACES_H
#define SIMULEE_RACES_H

#include <stdint.h>

#include "detect/finding.h"
#include "interp/program.h"
#include "memmodel/mam.h"
#include "memmodel/mem.h"

/*
** Adds the data races MAM recorded to FS, one finding per (first site,
** second site), exposed by launch number LAUNCH; M names the addresses
** ("shared 's[3]'").  Races of the same site pair but another class or
** hazard merge into one finding (counts add up, labels stay only if every
** part has them).
*/
void detect_races(const struct program *p, const struct mam *mam, const struct mem *m,
		  uint32_t launch, struct findings *fs);

/*
** Adds a redundant-barrier finding for every static barrier MAM saw
** executed that no conflict needed under MODEL, checked on LAUNCHES
** launches.  Barriers never executed are not covered, not redundant.
*/
void detect_redundant_barriers(const struct program *p, const struct mam *mam,
			       enum mam_warp_model model, uint64_t launches, struct findings *fs);

/* The same for barrier verdicts BARS[0..N) gathered from several models
** (the evolutionary search merges them over its launches). */
void detect_redundant_barriers_of(const struct program *p, const struct mam_barrier_info *bars,
				  uint32_t n, enum mam_warp_model model, uint64_t launches,
				  struct findings *fs);


#endif
