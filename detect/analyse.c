/*
** analyse.c: see analyse.h.
*/
#include <string.h>

#include "detect/analyse.h"

int analyse_launch(const struct program *p, uint32_t fn, const uint64_t *args, struct mem *m,
		   const struct launch_cfg *cfg, const struct analyse_options *o,
		   struct findings *fs, struct analyse_result *res, struct sim_error *err)
{
	static const struct analyse_options none = { 0 };
	if (o == NULL)
		o = &none;
	memset(res, 0, sizeof *res);
	/* the launch's own counts: the caller's, or these */
	struct launch_stats own = { 0 };
	struct launch_cfg c = *cfg;
	if (c.stats == NULL)
		c.stats = &own;
	uint64_t timed_out = c.stats->timed_out, work_cut = c.stats->work_cut;
	if (c.mam)
		mam_clear_results(c.mam);
	int rc = interp_launch(p, fn, args, m, &c, fs, err);
	if (rc < 0)
		return rc;
	/* the clock stopped it: the model holds half a launch */
	res->timed_out = c.stats->timed_out > timed_out;
	res->work_cut = c.stats->work_cut > work_cut;
	if (res->timed_out || res->work_cut || c.mam == NULL || (o->gate && !o->gate(o->gate_ctx, fs, m)))
		return 0;
	res->analysed = 1;
	detect_races(p, c.mam, m, 0, fs);
	if (o->bv) {
		barrier_verdicts_add(o->bv, p, c.mam, o->model);
		if (o->barrier_findings)
			detect_barrier_findings(o->bv, fs, fs);
	}
	if (o->keep_bars) {
		res->nbars = mam_nbarriers(c.mam);
		res->bars = xcalloc(res->nbars ? res->nbars : 1, sizeof *res->bars);
		for (uint32_t i = 0; i < res->nbars; i++)
			res->bars[i] = *mam_barrier_at(c.mam, i);
	}
	return 0;
}
