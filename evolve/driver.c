/*
** driver.c: see driver.h.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evolve/driver.h"
#include "evolve/search.h"

/* The user gave a range of launches: a contract of the kernel. */
static int dims_ranged(const struct driver_opts *o)
{
	return o->grid.x != o->grid_hi.x || o->grid.y != o->grid_hi.y || o->grid.z != o->grid_hi.z
	       || o->block.x != o->block_hi.x || o->block.y != o->block_hi.y
	       || o->block.z != o->block_hi.z;
}

/* A stable PCG32 stream per kernel: the FNV-1a hash of its name. */
static uint64_t name_stream(const char *s)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * UINT64_C(0x100000001b3);
	return h;
}

struct progress_ctx {
	const char *kernel;
	int tty;
};

static void progress_line(void *ctx, const struct evolve_progress *st)
{
	const struct progress_ctx *pc = ctx;
	if (!pc->tty)
		return;
	fprintf(stderr, "\r\033[Ksimulee-c: %s: generation %" PRIu32 "/%" PRIu32 ", %" PRIu32
		" launches, best fitness ", pc->kernel, st->generation, st->generations,
		st->evaluations);
	if (st->best_f > 1.5)
		fprintf(stderr, "-");
	else
		fprintf(stderr, "%.3f", st->best_f);
	fprintf(stderr, ", %" PRIu32 " finding%s", st->findings, st->findings == 1 ? "" : "s");
	fflush(stderr);
}

/* Whether pointer field J of struct parameter I has no buffer (the
** user's --arg made it null). */
static int field_null(const struct evolve_problem *pb, uint32_t i, uint32_t j)
{
	for (uint32_t k = 0; k < pb->nparams; k++)
		if (pb->params[k].owner == i + 1 && pb->params[k].field == j)
			return 0;
	return 1;
}

/* Adds candidate C of kernel KI as a launch of REP: its dimensions, every
** scalar and every buffer as options that replay it. */
static uint32_t add_cand_launch(struct report *rep, uint32_t ki, const struct driver_opts *o,
				const struct func *f, const struct evolve_problem *pb,
				const struct evolve_cand *c)
{
	uint32_t l = report_add_launch(rep, ki, c->grid, c->block, c->dyn_shared, o->seed);
	if (c->shrunk == EVOLVE_SHRUNK_BLOCKS)
		report_launch_program_grid(rep, l, c->host_grid);
	if (c->shared.kind != FILL_ZERO) {
		char gen[96];
		evolve_fill_format(&c->shared, gen, sizeof gen);
		report_launch_shared_init(rep, l, gen);
	}
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		char val[96];
		if (pa->kind == EVOLVE_SCALAR && i < f->nparams && f->params[i].nfns > 0) {
			/* a function pointer, by the name --arg takes */
			const struct param *fp = &f->params[i];
			uint32_t q = 0;
			while (q + 1 < fp->nfns && MEM_FUNC_PTR(fp->fns[q]) != c->bits[i])
				q++;
			report_launch_arg(rep, l, pa->label, fp->fn_names[q]);
		} else if (pa->kind == EVOLVE_SCALAR) {
			elem_format(c->bits[i], pa->et, val, sizeof val);
			report_launch_arg(rep, l, pa->label, val);
		} else if (pa->kind == EVOLVE_FIXED) {
			/* the fields, as --arg reads a struct back (pointers 0) */
			char buf[1024];
			size_t len = 0;
			buf[0] = '\0';
			for (uint32_t j = 0; j < pa->nfields && len < sizeof buf - sizeof val; j++) {
				if (pa->field_type[j] == ET_U64)	/* a buffer, or null */
					snprintf(val, sizeof val, "%s", field_null(pb, i, j) ? "0" : "");
				else
					elem_format(c->bits[pb->nparams + pa->fbase + j],
							     pa->field_type[j], val, sizeof val);
				len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", j ? "," : "", val);
			}
			report_launch_arg(rep, l, pa->label, buf);
		} else if (pa->same_as) {
			/* on another object's array: as the user gave it */
			report_launch_buffer(rep, l, pa->label, NULL, 0, NULL);
			report_launch_buffer_tex(rep, l, params_pin(o->pins.texs, o->pins.ntexs, f, (int)i));
		} else {
			const char *type = elem_name(pa->et);
			if (pa->pinned) {
				report_launch_buffer(rep, l, pa->label, type, pa->elems, pa->owner
						     ? params_field_pin(o->pins.inits, o->pins.ninits, f,
									pa->owner - 1, pa->field)
						     : params_pin(o->pins.inits, o->pins.ninits, f, (int)i));
			} else {
				/* a host launch's buffer has its cudaMalloc's size */
				uint64_t n = pa->tex ? pa->elems : c->elems[i] ? c->elems[i] : c->touched[i];
				if (evolve_host_uninit(pb, c, i))
					snprintf(val, sizeof val, "uninit");
				else
					evolve_fill_format(&c->fill[i], val, sizeof val);
				report_launch_buffer(rep, l, pa->label, type, n, n ? val : NULL);
			}
			if (pa->tex) {
				char desc[160];
				tex_format(pa->tex, desc, sizeof desc);
				report_launch_buffer_tex(rep, l, desc);
			}
		}
	}
	return l;
}

/* The options pin what they give; the rest of every launch is searched. */
int driver_search_kernel(const struct driver_opts *o, const struct loaded *ld,
			 const struct kernel_info *k, const struct hostsites *hs,
			 struct report *rep, struct sim_error *err)
{
	const struct program *p = ld->prog;
	const struct func *f = &p->funcs[k->func];
	struct mem m;
	mem_init(&m);
	interp_mem_setup(p, &m, o->dyn_shared);
	uint32_t nslots = params_nslots(f);
	uint32_t nfields = 0;	/* struct fields the search carries */
	uint64_t *args = xcalloc(nslots ? nslots : 1, sizeof *args);
	uint32_t nbufs = params_nbufs(f), np = f->nparams;
	struct params_buf *bufs = xcalloc(nbufs ? nbufs : 1, sizeof *bufs);
	struct evolve_param *params = xcalloc(nbufs ? nbufs : 1, sizeof *params);
	int64_t **fnaddrs = xcalloc(f->nparams ? f->nparams : 1, sizeof *fnaddrs);
	struct evolve_result res = { 0 };
	uint32_t *sites = NULL, nsites = 0, capsites = 0;
	int rc = params_setup(&o->pins, o->seed, f, &m, args, bufs, err);
	if (rc < 0)
		goto out;
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		struct evolve_param *ep = &params[i];
		ep->slot = f->param_slot[i] - f->param_slot[0];
		ep->nslots = pa->nslots;
		if (bufs[i].param >= 0) {
			const struct mem_alloc *a = &m.a[bufs[i].alloc];
			ep->kind = EVOLVE_BUFFER;
			ep->et = bufs[i].et;
			ep->label = bufs[i].label;
			ep->pinned = params_pin(o->pins.sizes, o->pins.nsizes, f, (int)i) != NULL
				     || params_pin(o->pins.inits, o->pins.ninits, f, (int)i) != NULL;
			ep->elems = bufs[i].elems;
			ep->uninit = a->uninit;
			ep->tex = bufs[i].tex;
			ep->tex_given = params_pin(o->pins.texs, o->pins.ntexs, f, (int)i) != NULL;
			ep->same_as = bufs[i].same_as;
			if (pa->ninner && bufs[i].inner) {
				ep->inner = pa;
				ep->inner_labels = bufs[i].inner;
			}
			if (ep->same_as)
				ep->pinned = 1;	/* its array's contents are the other's */
			if (ep->pinned && a->data && ep->elems) {
				ep->image = xmalloc(a->size ? a->size : 1);
				memcpy(ep->image, a->data, a->size);
			}
			continue;
		}
		char label[128];
		params_label(f, i, label, sizeof label);
		bufs[i].label = xstrdup(label);
		ep->label = bufs[i].label;
		if (pa->nfields > 0) {
			ep->kind = EVOLVE_FIXED;
			ep->pinned = params_pin(o->pins.args, o->pins.nargs, f, (int)i) != NULL;
			ep->nfields = pa->nfields;
			ep->fbase = nfields;
			nfields += pa->nfields;
			ep->field_off = pa->field_off;
			ep->field_type = pa->field_type;
			ep->field_nenums = pa->field_nenums;
			ep->field_enums = pa->field_enums;
			ep->field_name = pa->field_name;
			if (pa->byval) {
				const struct mem_alloc *a = &m.a[MEM_ID(args[ep->slot])];
				ep->nbytes = pa->size;
				ep->bytes = xmalloc(pa->size ? pa->size : 1);
				memcpy(ep->bytes, a->data, pa->size);
			} else {
				ep->slots = xmalloc(pa->nslots * sizeof *ep->slots);
				memcpy(ep->slots, &args[ep->slot], pa->nslots * sizeof *ep->slots);
			}
			continue;
		}
		ep->kind = EVOLVE_SCALAR;
		ep->et = pa->type;
		ep->enums = pa->enums;
		ep->nenums = pa->nenums;
		if (pa->nfns > 0) {
			/* a function pointer: one of its candidates' addresses */
			fnaddrs[i] = xmalloc(pa->nfns * sizeof *fnaddrs[i]);
			for (uint32_t q = 0; q < pa->nfns; q++)
				fnaddrs[i][q] = (int64_t)MEM_FUNC_PTR(pa->fns[q]);
			ep->enums = fnaddrs[i];
			ep->nenums = pa->nfns;
		}
		ep->pinned = params_pin(o->pins.args, o->pins.nargs, f, (int)i) != NULL;
		ep->bits = args[ep->slot];
	}
	/* a struct's pointer fields: buffers as pointer parameters get, each
	** pinned by the pins that name it "P.FIELD"; a null one (--arg's 0)
	** stays in the struct's image */
	for (uint32_t q = f->nparams; q < nbufs; q++) {
		if (bufs[q].param < 0)
			continue;
		uint32_t i = (uint32_t)bufs[q].param, j = bufs[q].field - 1;
		const struct mem_alloc *a = &m.a[bufs[q].alloc];
		struct evolve_param *ep = &params[np++];
		ep->kind = EVOLVE_BUFFER;
		ep->et = bufs[q].et;
		ep->label = bufs[q].label;
		ep->owner = i + 1;
		ep->field = j;
		ep->slot = params[i].slot;
		ep->pinned = params_field_pin(o->pins.sizes, o->pins.nsizes, f, i, j) != NULL
			     || params_field_pin(o->pins.inits, o->pins.ninits, f, i, j) != NULL;
		ep->elems = bufs[q].elems;
		ep->uninit = a->uninit;
		if (ep->pinned && a->data && ep->elems) {
			ep->image = xmalloc(a->size ? a->size : 1);
			memcpy(ep->image, a->data, a->size);
		}
	}

	struct evolve_problem pb = { 0 };
	pb.prog = p;
	pb.func = (uint32_t)k->func;
	pb.params = params;
	pb.nparams = np;
	pb.nslots = nslots;
	pb.nfields = nfields;
	pb.grid_lo = o->grid;
	pb.grid_hi = o->grid_hi;
	pb.block_lo = o->block;
	pb.block_hi = o->block_hi;
	if (!o->grid_given) {
		pb.grid_lo = (struct dim3){ 1, 1, 1 };
		pb.grid_hi = (struct dim3){ 65535, 65535, 65535 };
	}
	if (!o->block_given) {
		pb.block_lo = (struct dim3){ 1, 1, 1 };
		pb.block_hi = (struct dim3){ 1024, 1024, 64 };
	}
	struct evolve_reads rd;
	evolve_reads_of(p, (uint32_t)k->func, &rd);
	pb.declared = rd.asserts || dims_ranged(o) || k->maxntid[0] || k->reqntid[0];
	/* __launch_bounds__ (PTX .maxntid bounds the block's threads) and
	** .reqntid (the block exactly) */
	if (k->maxntid[0])
		pb.max_block_threads = (uint32_t)load_block_bound(k);
	if (k->reqntid[0] && !o->block_given) {
		pb.block_lo = pb.block_hi = (struct dim3){ k->reqntid[0],
			k->reqntid[1] ? k->reqntid[1] : 1, k->reqntid[2] ? k->reqntid[2] : 1 };
	}
	/* the host code's launches of this kernel, unless the command line
	** pins the launch's shape (it then states the contract) */
	for (uint32_t i = 0; hs && i < hs->ns && !o->grid_given && !o->block_given; i++)
		if (strcmp(hs->s[i].kernel, k->name) == 0)
			VEC_PUSH(sites, nsites, capsites, i);
	pb.hs = hs;
	pb.sites = sites;
	pb.nsites = nsites;
	pb.host_max_threads = DRIVER_HOST_MAX_THREADS;
	pb.static_shared = k->static_shared;
	pb.shared_pinned = o->shared_given;
	pb.shared_init_pinned = o->shared_init_given;
	pb.shared_init = o->shared_init;
	pb.dyn_shared = o->dyn_shared;
	pb.model = o->model;
	pb.device = o->device;
	pb.max_steps = o->max_steps;
	pb.max_shadow = o->max_shadow;
	pb.no_prune = o->no_prune;
	pb.max_memory = o->max_memory;
	pb.pool_bytes = o->pool_bytes;
	pb.step_budget = DRIVER_STEP_BUDGET;
	pb.launch_work = o->max_steps ? 0 : DRIVER_LAUNCH_WORK;
	pb.max_threads = o->max_threads;
	pb.seed = o->seed;
	pb.stream = name_stream(k->name);
	pb.population = (uint32_t)o->population;
	pb.generations = (uint32_t)o->generations;
	pb.threshold = o->threshold;
	pb.time_limit = o->time_limit;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	pb.jobs = o->jobs ? (unsigned)o->jobs : ncpu > 0 ? (unsigned)ncpu : 1;
	struct progress_ctx pc = { k->demangled, isatty(STDERR_FILENO) };
	pb.progress = progress_line;
	pb.progress_ctx = &pc;
	rc = evolve_search(&pb, &res, err);
	if (pc.tty)
		fprintf(stderr, "\r\033[K");
	if (rc < 0)
		goto out;

	uint32_t ki = report_add_kernel(rep, k->name, k->demangled);
	rep->kernels[ki].host_sites = nsites > 0;
	struct report_search rs = { 0 };
	rs.population = pb.population;
	rs.generations = pb.generations;
	rs.threshold = pb.threshold;
	rs.generations_run = res.generations;
	rs.evaluations = res.ncands - res.cut;
	rs.outside_contract = res.ncands - res.accepted - res.cut - res.refused - res.unmade;
	rs.cut = res.cut;
	rs.refused = res.refused;
	rs.unmade = res.unmade;
	if (o->verbose && pb.pool_bytes)
		fprintf(stderr, "simulee-c: %s: memory pool: peak %" PRIu64 " of %" PRIu64
			" MiB, %" PRIu32 " of %" PRIu32 " launches ran again alone\n", k->demangled,
			res.pool_peak >> 20, pb.pool_bytes >> 20, res.reruns, res.ncands);
	if (res.cut > res.work_cut && res.cut == res.ncands)
		fprintf(stderr, "simulee-c: warning: %s: the time limit (%g s) came before any "
			"launch finished: nothing was checked (raise --time-limit; 0: none)\n",
			k->demangled, pb.time_limit);
	memcpy(rs.outside_by_kind, res.rejected_by, sizeof rs.outside_by_kind);
	rs.best_fitness = res.cands[res.best].f;
	/* a stop signal cuts the launches under way, which the search
	** takes for its time limit */
	rs.stop = stop_signal_seen ? "interrupted"
		  : res.stop == EVOLVE_STOP_THRESHOLD ? "threshold"
		  : res.stop == EVOLVE_STOP_TIME ? "time-limit"
		  : res.stop == EVOLVE_STOP_STALL ? "stalled" : "generations";
	report_kernel_search(rep, ki, &rs);
	if (o->stats)
		*o->stats = (struct driver_stats){ res.ncands - res.refused - res.unmade, res.cut,
						   res.generations,
						   rs.stop, res.pool_peak };
	/* the best launch first, then each launch that exposed a finding */
	uint32_t nw = 0;
	uint32_t *witness = xcalloc(res.findings.n + 1, sizeof *witness);
	witness[nw++] = res.best;
	for (uint32_t i = 0; i < res.findings.n; i++) {
		uint32_t w = res.findings.v[i].launch, j = 0;
		while (j < nw && witness[j] != w)
			j++;
		if (j == nw)
			witness[nw++] = w;
	}
	for (uint32_t w = 0; w < nw; w++) {
		uint32_t l = add_cand_launch(rep, ki, o, f, &pb, &res.cands[witness[w]]);
		report_launch_contract(rep, l, (enum contract_level)res.cands[witness[w]].contract);
		struct findings fs = { 0 };
		for (uint32_t i = 0; i < res.findings.n; i++)
			if (res.findings.v[i].launch == witness[w])
				VEC_PUSH(fs.v, fs.n, fs.cap, res.findings.v[i]);
		report_take_findings(rep, &fs, l);
	}
	free(witness);
	for (uint32_t i = 0; i < res.barriers.n; i++) {
		const struct barrier_record *b = &res.barriers.v[i];
		report_add_barrier(rep, ki, &b->loc, barrier_record_verdict(b), b->launches,
				   b->executions, res.barriers.launches);
	}
	/* the findings moved into the report */
	free(res.findings.v);
	memset(&res.findings, 0, sizeof res.findings);
	rc = 0;
out:
	free(sites);
	evolve_result_free(&res, np);
	for (uint32_t i = 0; i < np; i++) {
		free(params[i].image);
		free(params[i].bytes);
		free(params[i].slots);
	}
	free(params);
	for (uint32_t i = 0; i < f->nparams; i++)
		free(fnaddrs[i]);
	free(fnaddrs);
	params_free_bufs(bufs, nbufs);
	free(args);
	mem_free(&m);
	return rc;
}

