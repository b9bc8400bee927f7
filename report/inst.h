/*
** inst.h: one finding per mistake across a kernel template's
** instantiations, inside report/ (report/inst.c).
*/
#ifndef SIMULEE_INST_H
#define SIMULEE_INST_H

#include <cJSON.h>

#include "report/report.h"
#include "report/jtree.h"

/* Whether findings of KIND are grouped across instantiations: those with
** a site in the template's source, and redundant barriers (not the
** search's notes about a kernel, analysis-incomplete, shape assumptions,
** memory budget, host or performance findings). */
int report_inst_kind(enum finding_kind kind);

/* Groups the findings of JSON report ROOT (a "findings" array; the
** summary counts) across instantiations: see report/inst.c. */
void report_inst_json(struct jb *b, cJSON *root);

/* ... and of SARIF log ROOT (runs[0].results). */
void report_inst_sarif(struct jb *b, cJSON *root);

#endif
