/*
** run.c: one fixed launch from the command line.  See run.h.
*/
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "detect/finding.h"
#include "detect/races.h"
#include "memmodel/mam.h"
#include "evolve/pcg32.h"
#include "evolve/search.h"
#include "front/compile.h"
#include "interp/mathfn.h"
#include "src/run.h"

int run_parse_dim3(const char *s, struct dim3 *d)
{
	uint32_t v[3] = { 1, 1, 1 };
	const char *p = s;
	for (int i = 0; i < 3; i++) {
		char *end;
		errno = 0;
		if (*p < '0' || *p > '9')
			return -1;
		unsigned long long x = strtoull(p, &end, 10);
		if (errno || end == p || x == 0 || x > 0xffffffffull)
			return -1;
		v[i] = (uint32_t)x;
		if (*end == '\0') {
			d->x = v[0];
			d->y = v[1];
			d->z = v[2];
			return 0;
		}
		if (*end != ',' && *end != 'x')
			return -1;
		p = end + 1;
	}
	return -1;
}

/* One component "N" or "LO..HI" at *P (advanced past it); 0 or -1. */
static int parse_component(const char **p, uint32_t *lo, uint32_t *hi)
{
	uint32_t v[2];
	for (int i = 0; i < 2; i++) {
		char *end;
		errno = 0;
		if (**p < '0' || **p > '9')
			return -1;
		unsigned long long x = strtoull(*p, &end, 10);
		if (errno || x == 0 || x > 0xffffffffull)
			return -1;
		v[i] = (uint32_t)x;
		*p = end;
		if (i == 0 && !(end[0] == '.' && end[1] == '.')) {
			v[1] = v[0];
			break;
		}
		if (i == 0)
			*p += 2;
	}
	if (v[0] > v[1])
		return -1;
	*lo = v[0];
	*hi = v[1];
	return 0;
}

int run_parse_dim3_range(const char *s, struct dim3 *lo, struct dim3 *hi)
{
	uint32_t l[3] = { 1, 1, 1 }, h[3] = { 1, 1, 1 };
	const char *p = s;
	for (int i = 0; i < 3; i++) {
		if (parse_component(&p, &l[i], &h[i]) < 0)
			return -1;
		if (*p == '\0') {
			*lo = (struct dim3){ l[0], l[1], l[2] };
			*hi = (struct dim3){ h[0], h[1], h[2] };
			return 0;
		}
		if (*p != ',' && *p != 'x')
			return -1;
		p++;
	}
	return -1;
}

static const struct { const char *name; uint8_t et; unsigned size; } etypes[] = {
	{ "f32", ET_F32, 4 }, { "f64", ET_F64, 8 }, { "f16", ET_F16, 2 }, { "i8", ET_I8, 1 },
	{ "u8", ET_U8, 1 }, { "i16", ET_I16, 2 }, { "u16", ET_U16, 2 }, { "i32", ET_I32, 4 },
	{ "u32", ET_U32, 4 }, { "i64", ET_I64, 8 }, { "u64", ET_U64, 8 },
};

static unsigned et_size(uint8_t et)
{
	for (size_t i = 0; i < sizeof etypes / sizeof etypes[0]; i++)
		if (etypes[i].et == et)
			return etypes[i].size;
	return 1;
}

static int et_is_float(uint8_t et)
{
	return et == ET_F32 || et == ET_F64 || et == ET_F16;
}

/* Parses a value of element type ET into its little-endian bits. */
static int parse_value(const char *s, uint8_t et, uint64_t *out)
{
	char *end;
	errno = 0;
	if (et_is_float(et)) {
		double d = strtod(s, &end);
		if (end == s || *end != '\0')
			return -1;
		if (et == ET_F64) {
			memcpy(out, &d, 8);
		} else if (et == ET_F32) {
			float f = (float)d;
			uint32_t u;
			memcpy(&u, &f, 4);
			*out = u;
		} else {
			*out = math_f32_to_f16((float)d);
		}
		return 0;
	}
	while (*s == ' ')
		s++;
	if (*s == '-') {
		long long v = strtoll(s, &end, 0);
		if (end == s || *end != '\0' || errno)
			return -1;
		*out = (uint64_t)v;
	} else {
		unsigned long long v = strtoull(s, &end, 0);
		if (end == s || *end != '\0' || errno) {
			/* a float given for an integer is an error */
			return -1;
		}
		*out = v;
	}
	unsigned sz = et_size(et);
	if (sz < 8)
		*out &= (UINT64_C(1) << (sz * 8)) - 1;
	return 0;
}

static void format_value(char *buf, size_t n, const uint8_t *p, uint8_t et)
{
	switch (et) {
	case ET_F32: { float f; memcpy(&f, p, 4); snprintf(buf, n, "%.9g", f); break; }
	case ET_F64: { double d; memcpy(&d, p, 8); snprintf(buf, n, "%.17g", d); break; }
	case ET_F16: { uint16_t h; memcpy(&h, p, 2); snprintf(buf, n, "%.9g", math_f16_to_f32(h)); break; }
	case ET_I8: snprintf(buf, n, "%d", (int8_t)p[0]); break;
	case ET_U8: snprintf(buf, n, "%u", p[0]); break;
	case ET_I16: { int16_t v; memcpy(&v, p, 2); snprintf(buf, n, "%d", v); break; }
	case ET_U16: { uint16_t v; memcpy(&v, p, 2); snprintf(buf, n, "%u", v); break; }
	case ET_I32: { int32_t v; memcpy(&v, p, 4); snprintf(buf, n, "%" PRId32, v); break; }
	case ET_U32: { uint32_t v; memcpy(&v, p, 4); snprintf(buf, n, "%" PRIu32, v); break; }
	case ET_I64: { int64_t v; memcpy(&v, p, 8); snprintf(buf, n, "%" PRId64, v); break; }
	default: { uint64_t v; memcpy(&v, p, 8); snprintf(buf, n, "%" PRIu64, v); break; }
	}
}

/* The parameter named NAME (source name, or a 0-based position). */
static int find_param(const struct func *f, const char *name)
{
	for (uint32_t i = 0; i < f->nparams; i++)
		if (f->params[i].name && strcmp(f->params[i].name, name) == 0)
			return (int)i;
	char *end;
	unsigned long v = strtoul(name, &end, 10);
	if (*name && *end == '\0' && v < f->nparams)
		return (int)v;
	return -1;
}

static void param_label(const struct func *f, uint32_t i, char *buf, size_t n)
{
	if (f->params[i].name)
		snprintf(buf, n, "%s", f->params[i].name);
	else
		snprintf(buf, n, "%u", i);
}

struct buffer {
	int param;
	uint8_t et;
	uint64_t elems;		/* 0: size unknown (sparse) */
	uint32_t alloc;
	char *label;
};

static int fill_buffer(struct mem *m, struct buffer *b, const char *init, uint64_t seed,
		       struct sim_error *err)
{
	struct mem_alloc *a = &m->a[b->alloc];
	unsigned es = et_size(b->et);
	if (init == NULL || strcmp(init, "zero") == 0)
		return 0;
	if (b->elems == 0)
		return sim_fail(err, SIM_ERR_USAGE, "--init %s needs --size %s", b->label, b->label);
	if (strcmp(init, "iota") == 0 || strcmp(init, "random") == 0) {
		struct pcg32 g;
		pcg32_seed(&g, seed, (uint64_t)b->param + 1);
		for (uint64_t i = 0; i < b->elems; i++) {
			uint64_t v = 0;
			if (init[0] == 'i') {
				if (b->et == ET_F32) { float f = (float)i; uint32_t u; memcpy(&u, &f, 4); v = u; }
				else if (b->et == ET_F64) { double d = (double)i; memcpy(&v, &d, 8); }
				else if (b->et == ET_F16) v = math_f32_to_f16((float)i);
				else v = i;
			} else if (et_is_float(b->et)) {
				double d = pcg32_double(&g) * 2.0 - 1.0;
				if (b->et == ET_F64) memcpy(&v, &d, 8);
				else if (b->et == ET_F32) { float f = (float)d; uint32_t u; memcpy(&u, &f, 4); v = u; }
				else v = math_f32_to_f16((float)d);
			} else {
				v = pcg32_bounded64(&g, b->elems);
			}
			memcpy(a->data + i * es, &v, es);
		}
		return 0;
	}
	struct evolve_fill gen;
	if (evolve_fill_parse(init, &gen) == 0) {
		evolve_fill_run(&gen, b->et, a->data, b->elems);
		return 0;
	}
	if (init[0] == '@') {
		FILE *f = fopen(init + 1, "r");
		if (f == NULL)
			return sim_fail(err, SIM_ERR_IO, "--init %s=%s: %s", b->label, init, strerror(errno));
		char line[256];
		uint64_t i = 0;
		int r = 0;
		while (i < b->elems && fgets(line, sizeof line, f)) {
			line[strcspn(line, "\r\n")] = '\0';
			if (line[0] == '\0')
				continue;
			uint64_t v = 0;
			if (parse_value(line, b->et, &v) < 0) {
				r = sim_fail(err, SIM_ERR_USAGE, "--init %s: line %llu: bad value '%s'",
					     b->label, (unsigned long long)i + 1, line);
				break;
			}
			memcpy(a->data + i * es, &v, es);
			i++;
		}
		fclose(f);
		return r;
	}
	return sim_fail(err, SIM_ERR_USAGE, "--init %s=%s: expected zero, random, iota, mod:K, "
			"const:V, rand:K:SEED or @FILE",
			b->label, init);
}

static const char *kv_find(const struct run_kv *v, uint32_t n, const struct func *f, int param)
{
	const char *r = NULL;
	for (uint32_t i = 0; i < n; i++)
		if (find_param(f, v[i].name) == param)
			r = v[i].value;
	return r;
}

static int check_names(const struct run_kv *v, uint32_t n, const struct func *f, const char *opt,
		       struct sim_error *err)
{
	for (uint32_t i = 0; i < n; i++)
		if (find_param(f, v[i].name) < 0)
			return sim_fail(err, SIM_ERR_USAGE, "%s %s: the kernel has no parameter '%s'",
					opt, v[i].name, v[i].name);
	return 0;
}

/* Prints ", enum {0, 1, 2}" for the N enumerator values V: runs of four or
** more consecutive values as "lo..hi", and past 16 items their count. */
static void print_enum(FILE *out, const int64_t *v, uint32_t n)
{
	fprintf(out, ", enum {");
	uint32_t items = 0, i = 0;
	for (; i < n && items < 16; items++) {
		uint32_t j = i;
		while (j + 1 < n && v[j] != INT64_MAX && v[j + 1] == v[j] + 1)
			j++;
		fprintf(out, "%s%lld", items ? ", " : "", (long long)v[i]);
		if (j - i >= 3) {
			fprintf(out, "..%lld", (long long)v[j]);
			i = j + 1;
		} else {
			i++;
		}
	}
	if (i < n)
		fprintf(out, ", ... (%u values)", n);
	fputc('}', out);
}

static void list_kernels(const struct loaded *l, FILE *out)
{
	for (uint32_t i = 0; i < l->nkernels; i++) {
		const struct kernel_info *k = &l->kernels[i];
		fprintf(out, "%s\n  mangled: %s\n", k->demangled, k->name);
		if (k->maxntid[0])	/* .maxntid bounds the product of the dimensions */
			fprintf(out, "  launch bounds: at most %llu threads per block\n",
				(unsigned long long)k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1)
				* (k->maxntid[2] ? k->maxntid[2] : 1));
		if (k->reqntid[0])
			fprintf(out, "  required block: %u x %u x %u\n", k->reqntid[0],
				k->reqntid[1] ? k->reqntid[1] : 1, k->reqntid[2] ? k->reqntid[2] : 1);
		if (k->func < 0) {
			fprintf(out, "  not analysable: %s\n", k->error);
			continue;
		}
		const struct func *f = &l->prog->funcs[k->func];
		for (uint32_t p = 0; p < f->nparams; p++) {
			const struct param *pa = &f->params[p];
			const char *kind = pa->byval ? "struct" : pa->is_ptr ? "pointer" : "scalar";
			const char *et = "?";
			uint8_t e = pa->is_ptr ? pa->elem : pa->type;
			for (size_t j = 0; j < sizeof etypes / sizeof etypes[0]; j++)
				if (etypes[j].et == e)
					et = etypes[j].name;
			fprintf(out, "  param %u: %s (%s", p, pa->name ? pa->name : "-", kind);
			if (pa->byval) {
				fprintf(out, ", %u fields, %u bytes)\n", pa->nfields, pa->size);
				continue;
			}
			fprintf(out, " %s", et);
			if (pa->nenums > 0)
				print_enum(out, pa->enums, pa->nenums);
			fprintf(out, ")\n");
		}
	}
}

/* Names a simulated address for --dump-model. */
static void name_addr(void *ctx, uint64_t addr, char *buf, size_t n)
{
	mem_name_addr(ctx, addr, buf, n);
}

/* The witness of the launch: every scalar argument (given or 0) and every
** buffer, as the user would give them again. */
static void describe_launch(struct report *r, uint32_t l, const struct run_opts *o,
			    const struct func *f, const struct buffer *bufs)
{
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		char label[128];
		param_label(f, i, label, sizeof label);
		if (bufs[i].param >= 0) {
			const char *type = NULL;
			for (size_t j = 0; j < sizeof etypes / sizeof etypes[0]; j++)
				if (etypes[j].et == bufs[i].et)
					type = etypes[j].name;
			report_launch_buffer(r, l, label, type, bufs[i].elems,
					     kv_find(o->inits, o->ninits, f, (int)i));
			continue;
		}
		const char *av = kv_find(o->args, o->nargs, f, (int)i);
		if (av != NULL) {
			report_launch_arg(r, l, label, av);
		} else if (pa->nfields > 1) {
			char *zeros = xmalloc(2 * (size_t)pa->nfields);
			for (uint32_t j = 0; j < pa->nfields; j++) {
				zeros[2 * j] = '0';
				zeros[2 * j + 1] = j + 1 < pa->nfields ? ',' : '\0';
			}
			report_launch_arg(r, l, label, zeros);
			free(zeros);
		} else {
			report_launch_arg(r, l, label, "0");
		}
	}
}

/*
** Sets up the arguments of kernel F from the options into ARGS (one value
** per slot) and BUFS (one per parameter; param < 0 for a non-pointer),
** creating the buffers and byval structs in M.  Returns 0, or a negative
** SIM_ERR_* with *err filled.
*/
static int setup_params(const struct run_opts *o, const struct func *f, struct mem *m,
			uint64_t *args, struct buffer *bufs, struct sim_error *err)
{
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		char label[128];
		param_label(f, i, label, sizeof label);
		uint64_t *slot = &args[f->param_slot[i] - f->param_slot[0]];
		const char *av = kv_find(o->args, o->nargs, f, (int)i);
		bufs[i].param = -1;
		if (pa->is_ptr) {
			const char *ts = kv_find(o->types, o->ntypes, f, (int)i);
			uint8_t et = pa->elem != ET_NONE ? pa->elem : ET_U8;
			if (ts) {
				et = ET_NONE;
				for (size_t j = 0; j < sizeof etypes / sizeof etypes[0]; j++)
					if (strcmp(ts, etypes[j].name) == 0)
						et = etypes[j].et;
				if (et == ET_NONE)
					return sim_fail(err, SIM_ERR_USAGE, "--type %s=%s: expected f32 f64 i8 u8 i16 u16 i32 u32 i64 u64",
							label, ts);
			}
			const char *ss = kv_find(o->sizes, o->nsizes, f, (int)i);
			uint64_t elems = 0;
			if (ss) {
				char *end;
				errno = 0;
				elems = strtoull(ss, &end, 0);
				if (errno || *end || elems == 0 || elems > (UINT64_C(1) << 32))
					return sim_fail(err, SIM_ERR_USAGE, "--size %s=%s: expected a count from 1 to 2^32", label, ss);
			}
			if (av)
				return sim_fail(err, SIM_ERR_USAGE, "--arg %s: '%s' is a pointer; give --size/--init for it", label, label);
			struct buffer *b = &bufs[i];
			b->param = (int)i;
			b->et = et;
			b->elems = elems;
			b->label = xstrdup(label);
			b->alloc = elems ? mem_new(m, AS_GLOBAL, elems * et_size(et), b->label)
				   : mem_new_sparse(m, AS_GLOBAL, b->label);
			m->a[b->alloc].elem = et;
			m->a[b->alloc].elem_size = et_size(et);
			if (fill_buffer(m, b, kv_find(o->inits, o->ninits, f, (int)i), o->seed, err) < 0)
				return err->status;
			*slot = MEM_PTR(b->alloc, 0);
			continue;
		}
		if (kv_find(o->sizes, o->nsizes, f, (int)i) || kv_find(o->inits, o->ninits, f, (int)i))
			return sim_fail(err, SIM_ERR_USAGE, "'%s' is not a pointer parameter: give its value with --arg", label);
		if (pa->nfields > 0) {
			/* a struct: comma-separated fields */
			uint8_t *bytes = xcalloc(pa->size ? pa->size : 1, 1);
			char *copy = xstrdup(av ? av : "");
			char *save = NULL, *tok = strtok_r(copy, ",", &save);
			for (uint32_t j = 0; j < pa->nfields; j++) {
				uint64_t v = 0;
				if (tok && parse_value(tok, pa->field_type[j], &v) < 0) {
					sim_fail(err, SIM_ERR_USAGE, "--arg %s: bad field %u '%s'", label, j, tok);
					free(copy);
					free(bytes);
					return err->status;
				}
				if (pa->byval)
					memcpy(bytes + pa->field_off[j], &v, et_size(pa->field_type[j]));
				else
					slot[j] = v;
				tok = tok ? strtok_r(NULL, ",", &save) : NULL;
			}
			free(copy);
			if (pa->byval) {
				uint32_t id = mem_new(m, AS_PARAM, pa->size, "param");
				memcpy(m->a[id].data, bytes, pa->size);
				m->a[id].readonly = 1;
				*slot = MEM_PTR(id, 0);
			}
			free(bytes);
			continue;
		}
		if (av && parse_value(av, pa->type, slot) < 0)
			return sim_fail(err, SIM_ERR_USAGE, "--arg %s=%s: not a valid %s value", label, av,
					et_is_float(pa->type) ? "floating-point" : "integer");
	}
	return 0;
}

/* The warp model: its for sm_70 and later unless --warp-model says. */
static enum mam_warp_model warp_model_of(const struct run_opts *o, const struct program *p)
{
	return o->warp_model >= 0 ? (enum mam_warp_model)o->warp_model
	       : p->sm >= 70 || p->sm == 0 ? MAM_ITS : MAM_LOCKSTEP;
}

static void report_header(struct report *rep, const struct run_opts *o, enum mam_warp_model model)
{
	report_init(rep);
	rep->input = o->input;
	rep->version = PACKAGE_VERSION;
	rep->llvm_version = LLVM_VERSION_STRING;
	rep->seed = o->seed;
	rep->warp_model = model == MAM_LOCKSTEP ? REPORT_LOCKSTEP : REPORT_ITS;
	rep->fail_on = o->fail_on;
	rep->show = o->contract;
}

/* Writes REP where --output and --format say, after the search lines of
** the text report; returns 0 or 1 (--fail-on), or SIM_ERR_IO. */
static int emit_report(const struct run_opts *o, const struct report *rep, struct sim_error *err)
{
	int status = 0;
	FILE *out = o->ndumps ? stderr : stdout;
	if (o->output) {
		out = fopen(o->output, "w");
		if (out == NULL)
			return sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	}
	if (o->format == REPORT_JSON) {
		if (report_json(out, rep) < 0)
			status = sim_fail(err, SIM_ERR_IO, "out of memory writing the JSON report");
	} else {
		for (uint32_t k = 0; k < rep->nkernels; k++) {
			const struct report_search *s = rep->kernels[k].search;
			if (s == NULL)
				continue;
			fprintf(out, "simulee-c: %s: searched %" PRIu32 " launch%s in %" PRIu32
				" generation%s (stop: %s), best fitness %.3g", rep->kernels[k].demangled,
				s->evaluations, s->evaluations == 1 ? "" : "es", s->generations_run + 1,
				s->generations_run ? "s" : "", s->stop, s->best_fitness);
			if (s->outside_contract) {
				fprintf(out, "; %" PRIu32 " outside the kernel's contract (", s->outside_contract);
				const char *sep = "";
				for (int i = 0; i < FK__COUNT; i++)
					if (s->outside_by_kind[i]) {
						fprintf(out, "%s%" PRIu32 " %s", sep, s->outside_by_kind[i],
							finding_kind_name((enum finding_kind)i));
						sep = ", ";
					}
				fprintf(out, ")");
			}
			fprintf(out, "\n");
		}
		report_text(out, rep);
	}
	if (fflush(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "writing the report: %s", strerror(errno));
	if (o->output && fclose(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	if (status == 0)
		status = report_exit_status(rep);
	return status;
}

/*
** Builds the report of the one launch (taking the findings out of *FS,
** listing the barriers of BV),
** writes it where --output, --format and --dump say, and returns the exit
** status --fail-on gives (0 or 1), or SIM_ERR_IO with *err filled.
*/
static int write_report(const struct run_opts *o, const struct kernel_info *k,
			const struct func *f, const struct buffer *bufs, struct findings *fs,
			const struct barrier_verdicts *bv, enum mam_warp_model model,
			struct sim_error *err)
{
	struct report rep;
	report_header(&rep, o, model);
	uint32_t ki = report_add_kernel(&rep, k->name, k->demangled);
	uint32_t l = report_add_launch(&rep, ki, o->grid, o->block, o->dyn_shared, o->seed);
	describe_launch(&rep, l, o, f, bufs);
	report_take_findings(&rep, fs, l);
	for (uint32_t i = 0; i < bv->n; i++)
		report_add_barrier(&rep, ki, &bv->v[i].loc, barrier_record_verdict(&bv->v[i]),
				   bv->v[i].launches, bv->v[i].executions, bv->launches);

	int status = emit_report(o, &rep, err);
	report_free(&rep);
	return status;
}

/* ---- the search ---------------------------------------------------------- */

static void free_bufs(struct buffer *bufs, uint32_t n)
{
	for (uint32_t i = 0; bufs && i < n; i++)
		free(bufs[i].label);
	free(bufs);
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

/* Adds candidate C of kernel KI as a launch of REP: its dimensions, every
** scalar and every buffer as options that replay it. */
static uint32_t add_cand_launch(struct report *rep, uint32_t ki, const struct run_opts *o,
				const struct func *f, const struct evolve_problem *pb,
				const struct evolve_cand *c)
{
	uint32_t l = report_add_launch(rep, ki, c->grid, c->block, c->dyn_shared, o->seed);
	for (uint32_t i = 0; i < pb->nparams; i++) {
		const struct evolve_param *pa = &pb->params[i];
		char val[96];
		if (pa->kind == EVOLVE_SCALAR) {
			evolve_scalar_format(c->bits[i], pa->et, val, sizeof val);
			report_launch_arg(rep, l, pa->label, val);
		} else if (pa->kind == EVOLVE_FIXED) {
			const char *av = kv_find(o->args, o->nargs, f, (int)i);
			report_launch_arg(rep, l, pa->label, av ? av : "0");
		} else {
			const char *type = NULL;
			for (size_t j = 0; j < sizeof etypes / sizeof etypes[0]; j++)
				if (etypes[j].et == pa->et)
					type = etypes[j].name;
			if (pa->pinned) {
				report_launch_buffer(rep, l, pa->label, type, pa->elems,
						     kv_find(o->inits, o->ninits, f, (int)i));
			} else {
				/* a host launch's buffer has its cudaMalloc's size */
				uint64_t n = c->elems[i] ? c->elems[i] : c->touched[i];
				evolve_fill_format(&c->fill[i], val, sizeof val);
				report_launch_buffer(rep, l, pa->label, type, n, n ? val : NULL);
			}
		}
	}
	return l;
}

static int dims_ranged(const struct run_opts *o);

/*
** Searches kernel K (function F) and adds what it found to REP.  The
** options pin what they give.  Returns 0, or a negative SIM_ERR_* with
** *err filled.
*/
static int search_kernel(const struct run_opts *o, const struct loaded *ld,
			 const struct kernel_info *k, const struct hostsites *hs,
			 struct report *rep, struct sim_error *err)
{
	const struct program *p = ld->prog;
	const struct func *f = &p->funcs[k->func];
	struct mem m;
	mem_init(&m);
	interp_mem_setup(p, &m, o->dyn_shared);
	uint32_t nslots = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		nslots += f->params[i].nslots;
	uint64_t *args = xcalloc(nslots ? nslots : 1, sizeof *args);
	struct buffer *bufs = xcalloc(f->nparams ? f->nparams : 1, sizeof *bufs);
	struct evolve_param *params = xcalloc(f->nparams ? f->nparams : 1, sizeof *params);
	struct evolve_result res = { 0 };
	uint32_t *sites = NULL, nsites = 0, capsites = 0;
	int rc = setup_params(o, f, &m, args, bufs, err);
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
			ep->pinned = kv_find(o->sizes, o->nsizes, f, (int)i) != NULL
				     || kv_find(o->inits, o->ninits, f, (int)i) != NULL;
			ep->elems = bufs[i].elems;
			if (ep->pinned && a->data && ep->elems) {
				ep->image = xmalloc(a->size ? a->size : 1);
				memcpy(ep->image, a->data, a->size);
			}
			continue;
		}
		char label[128];
		param_label(f, i, label, sizeof label);
		bufs[i].label = xstrdup(label);
		ep->label = bufs[i].label;
		if (pa->nfields > 0) {
			ep->kind = EVOLVE_FIXED;
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
		ep->pinned = kv_find(o->args, o->nargs, f, (int)i) != NULL;
		ep->bits = args[ep->slot];
	}

	struct evolve_problem pb = { 0 };
	pb.prog = p;
	pb.func = (uint32_t)k->func;
	pb.params = params;
	pb.nparams = f->nparams;
	pb.nslots = nslots;
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
		pb.max_block_threads = k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1)
				       * (k->maxntid[2] ? k->maxntid[2] : 1);
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
	pb.host_max_threads = RUN_HOST_MAX_THREADS;
	pb.shared_pinned = o->shared_given;
	pb.dyn_shared = o->dyn_shared;
	pb.model = warp_model_of(o, p);
	pb.max_steps = o->max_steps;
	pb.step_budget = RUN_STEP_BUDGET;
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
	rs.evaluations = res.ncands;
	rs.outside_contract = res.ncands - res.accepted;
	memcpy(rs.outside_by_kind, res.rejected_by, sizeof rs.outside_by_kind);
	rs.best_fitness = res.cands[res.best].f;
	rs.stop = res.stop == EVOLVE_STOP_THRESHOLD ? "threshold"
		  : res.stop == EVOLVE_STOP_TIME ? "time-limit"
		  : res.stop == EVOLVE_STOP_STALL ? "stalled" : "generations";
	report_kernel_search(rep, ki, &rs);
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
	evolve_result_free(&res, f->nparams);
	for (uint32_t i = 0; i < f->nparams; i++) {
		free(params[i].image);
		free(params[i].bytes);
		free(params[i].slots);
	}
	free(params);
	free_bufs(bufs, f->nparams);
	free(args);
	mem_free(&m);
	return rc;
}

/* Checks that every --arg, --size, --type and --init names a parameter of
** one of the kernels to search. */
static int check_names_any(const struct run_opts *o, const struct loaded *l, int only,
			   struct sim_error *err)
{
	const struct { const struct run_kv *v; uint32_t n; const char *opt; } lists[] = {
		{ o->args, o->nargs, "--arg" }, { o->sizes, o->nsizes, "--size" },
		{ o->types, o->ntypes, "--type" }, { o->inits, o->ninits, "--init" },
	};
	for (size_t li = 0; li < sizeof lists / sizeof lists[0]; li++)
		for (uint32_t i = 0; i < lists[li].n; i++) {
			int found = 0;
			for (uint32_t k = 0; k < l->nkernels && !found; k++) {
				if (l->kernels[k].func < 0 || (only >= 0 && (int)k != only))
					continue;
				found = find_param(&l->prog->funcs[l->kernels[k].func], lists[li].v[i].name) >= 0;
			}
			if (!found)
				return sim_fail(err, SIM_ERR_USAGE, "%s %s: the kernel has no parameter '%s'",
						lists[li].opt, lists[li].v[i].name, lists[li].v[i].name);
		}
	return 0;
}

static int dims_ranged(const struct run_opts *o)
{
	return o->grid.x != o->grid_hi.x || o->grid.y != o->grid_hi.y || o->grid.z != o->grid_hi.z
	       || o->block.x != o->block_hi.x || o->block.y != o->block_hi.y
	       || o->block.z != o->block_hi.z;
}

/* The default pipeline: search every kernel (or the one --kernel names),
** detect, report. */
static int run_search(const struct run_opts *o, const struct loaded *l, int only,
		      const struct hostsites *hs, struct sim_error *err)
{
	if (check_names_any(o, l, only, err) < 0)
		return err->status;
	struct report rep;
	report_header(&rep, o, warp_model_of(o, l->prog));
	int rc = 0, any = 0;
	for (uint32_t k = 0; k < l->nkernels && rc == 0; k++) {
		if (only >= 0 && (int)k != only)
			continue;
		if (l->kernels[k].func < 0) {
			fprintf(stderr, "simulee-c: kernel %s skipped: %s\n", l->kernels[k].demangled,
				l->kernels[k].error);
			continue;
		}
		any = 1;
		rc = search_kernel(o, l, &l->kernels[k], hs, &rep, err);
	}
	if (rc == 0 && !any)
		rc = sim_fail(err, SIM_ERR_UNSUPPORTED, "%s: no kernel can be analysed", o->input);
	if (rc == 0)
		rc = emit_report(o, &rep, err);
	report_free(&rep);
	return rc;
}

/*
** Compiles what needs compiling: the compile database's CUDA TUs (first,
** so the input's own entry lends its flags) and a .cu input.  Fills *CO
** (the caller frees it on every path) and sets *LOAD to what interp_load
** reads.  Returns 0, or a negative SIM_ERR_* with *err filled.
*/
static int compile_inputs(const struct run_opts *o, struct compile_out *co, const char **load,
			  struct sim_error *err)
{
	struct compile_opts cop = { 0 };
	cop.clang = o->clang;
	cop.cuda_path = o->cuda_path;
	cop.gpu_arch = o->gpu_arch;
	cop.cc_args = o->cc_args;
	cop.ncc_args = o->ncc_args;
	cop.extra_args = o->extra_args;
	cop.nextra_args = o->nextra_args;
	cop.verbose = o->verbose;
	int cu = compile_is_cuda_source(o->input);
	*load = o->input;
	if (o->compile_db != NULL) {
		int rc = compile_db(&cop, o->compile_db, cu ? o->input : NULL, co, err);
		if (rc < 0)
			return rc;
	}
	if (!cu)
		return 0;
	int rc = compile_cu(&cop, o->input, co, err);
	if (rc < 0)
		return rc;
	*load = co->device_bc;
	return 0;
}

int run_main(const struct run_opts *opts)
{
	/* a copy that carries the host IR files to everything below */
	struct run_opts ro = *opts;
	const struct run_opts *o = &ro;
	struct compile_out co = { 0 };
	const char *load = NULL;
	struct sim_error err = { 0 };
	struct loaded l = { 0 };
	struct load_options lo = { .verify = 1, .dump_bytecode = o->dump_bytecode };
	struct mem m;
	struct findings fs = { 0 };
	struct mam *mam = NULL;
	struct barrier_verdicts bv = { 0 };
	struct buffer *bufs = NULL;
	uint32_t nbufs = 0;
	uint64_t *args = NULL;
	int status = 2;
	mem_init(&m);

	if (compile_inputs(o, &co, &load, &err) < 0)
		goto fail;
	ro.host_irs = co.host_irs;
	ro.nhost_irs = co.nhost_irs;
	if (interp_load(load, &lo, &l, &err) < 0)
		goto fail;
	if (o->list_kernels) {
		list_kernels(&l, stdout);
		status = 0;
		goto out;
	}
	int single = o->trace || o->dump_model || o->ndumps > 0;
	int search = o->search == 1 || dims_ranged(o)
		     || (o->search < 0 && !o->grid_given && !o->block_given && !single
			 && !o->shared_given && o->nsizes == 0);
	if (search && o->search == 0) {
		sim_fail(&err, SIM_ERR_USAGE, "--no-search needs exact --grid and --block, not ranges");
		goto fail;
	}
	if (search && single) {
		sim_fail(&err, SIM_ERR_USAGE, "--dump, --trace and --dump-model need one launch: give "
			 "--grid or --block, or --no-search");
		goto fail;
	}
	int ki = -1;
	if (o->kernel) {
		ki = interp_find_kernel(&l, o->kernel);
		if (ki < 0) {
			sim_fail(&err, SIM_ERR_KERNEL, "%s: no kernel named '%s' (--list-kernels lists them)",
				 o->input, o->kernel);
			goto fail;
		}
	} else if (l.nkernels == 1) {
		ki = 0;
	} else if (!search) {
		sim_fail(&err, SIM_ERR_USAGE, "%s has %u kernels: choose one with --kernel (--list-kernels lists them)",
			 o->input, l.nkernels);
		goto fail;
	}
	if (search) {
		if (o->kernel == NULL)
			ki = -1;
		struct hostsites hs = { 0 };
		for (uint32_t i = 0; i < o->nhost_irs; i++) {
			struct sim_error herr = { 0 };
			/* a host side the reader cannot take leaves the kernels
			** without observed launches, and says so */
			if (hostsite_read(o->host_irs[i], &hs, &herr) < 0)
				fprintf(stderr, "simulee-c: warning: host launch sites not read: %s\n",
					herr.msg);
		}
		status = run_search(o, &l, ki, &hs, &err);
		hostsites_free(&hs);
		if (status < 0)
			goto fail;
		goto out;
	}
	struct kernel_info *k = &l.kernels[ki];
	if (k->func < 0) {
		sim_fail(&err, SIM_ERR_UNSUPPORTED, "kernel %s skipped: %s", k->demangled, k->error);
		goto fail;
	}
	const struct program *p = l.prog;
	const struct func *f = &p->funcs[k->func];
	if (check_names(o->args, o->nargs, f, "--arg", &err) < 0
	    || check_names(o->sizes, o->nsizes, f, "--size", &err) < 0
	    || check_names(o->types, o->ntypes, f, "--type", &err) < 0
	    || check_names(o->inits, o->ninits, f, "--init", &err) < 0)
		goto fail;

	interp_mem_setup(p, &m, o->dyn_shared);
	uint32_t nslots = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		nslots += f->params[i].nslots;
	args = xcalloc(nslots ? nslots : 1, sizeof *args);
	bufs = xcalloc(f->nparams ? f->nparams : 1, sizeof *bufs);
	nbufs = f->nparams;
	if (setup_params(o, f, &m, args, bufs, &err) < 0)
		goto fail;
	for (uint32_t d = 0; d < o->ndumps; d++) {
		int pi = find_param(f, o->dumps[d]);
		if (pi < 0 || bufs[pi].param < 0) {
			sim_fail(&err, SIM_ERR_USAGE, "--dump %s: not a pointer parameter of the kernel", o->dumps[d]);
			goto fail;
		}
		if (bufs[pi].elems == 0) {
			sim_fail(&err, SIM_ERR_USAGE, "--dump %s needs --size %s", o->dumps[d], o->dumps[d]);
			goto fail;
		}
	}

	struct launch_cfg cfg = { 0 };
	cfg.grid = o->grid;
	cfg.block = o->block;
	cfg.dyn_shared = o->dyn_shared;
	cfg.max_steps = o->max_steps;
	cfg.seed = o->seed;
	cfg.trace = o->trace ? stderr : NULL;
	cfg.print_out = stdout;
	struct mam_options mo = { 0 };
	mo.model = warp_model_of(o, p);
	mo.dump_max = o->dump_model ? 100000 : 0;
	mam = mam_new(&mo);
	cfg.mam = mam;
	if (interp_launch(p, (uint32_t)k->func, args, &m, &cfg, &fs, &err) < 0)
		goto fail;
	fflush(stdout);
	detect_races(p, mam, &m, 0, &fs);
	barrier_verdicts_init(&bv, p, (uint32_t)k->func);
	barrier_verdicts_add(&bv, p, mam, mo.model);
	detect_barrier_findings(&bv, &fs);
	if (o->dump_model)
		mam_dump(mam, o->ndumps ? stderr : stdout, name_addr, &m);

	for (uint32_t d = 0; d < o->ndumps; d++) {
		struct buffer *b = &bufs[find_param(f, o->dumps[d])];
		const struct mem_alloc *a = &m.a[b->alloc];
		unsigned es = et_size(b->et);
		char val[64];
		for (uint64_t i = 0; i < b->elems; i++) {
			format_value(val, sizeof val, a->data + i * es, b->et);
			puts(val);
		}
	}
	fflush(stdout);
	status = write_report(o, k, f, bufs, &fs, &bv, mo.model, &err);
	if (status < 0)
		goto fail;
	goto out;
fail:
	fprintf(stderr, "simulee-c: %s\n", err.msg);
	status = 2;
out:
	free_bufs(bufs, nbufs);
	free(args);
	findings_free(&fs);
	barrier_verdicts_free(&bv);
	if (mam)
		mam_free(mam);
	mem_free(&m);
	interp_loaded_free(&l);
	compile_out_free(&co);
	return status;
}
