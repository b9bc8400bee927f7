/*
** group.h: one finding per mistake, inside report/ (report/group.c).
*/
#ifndef SIMULEE_GROUP_H
#define SIMULEE_GROUP_H

#include "report/report.h"

/* Whether the report groups findings of KIND (races, uninitialized
** reads, out-of-bounds accesses). */
int report_group_kind(enum finding_kind kind);

/*
** Takes finding F (of a grouped kind; its launch, contract and severity
** set) into report R: it counts as one more occurrence of an equal member
** of a group, or joins the first group it links to (merging every other
** group it links to into that one), or starts a group of its own.  F is
** left zeroed: what it owned now belongs to the report.
*/
void report_group_take(struct report *r, struct finding *f);

/* Adds the occurrences of F (the same site or pair as OLD, its launch and
** contract set) to OLD, F's witness replacing OLD's when F's contract is
** stronger, and frees what F owns (report/report.c). */
void report_add_occurrences(struct finding *old, struct finding *f);

#endif
