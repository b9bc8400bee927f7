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
	return sim_fail(err, SIM_ERR_USAGE, "--init %s=%s: expected zero, random, iota or @FILE",
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

static void list_kernels(const struct loaded *l, FILE *out)
{
	for (uint32_t i = 0; i < l->nkernels; i++) {
		const struct kernel_info *k = &l->kernels[i];
		fprintf(out, "%s\n  mangled: %s\n", k->demangled, k->name);
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
			if (pa->byval)
				fprintf(out, ", %u fields, %u bytes)\n", pa->nfields, pa->size);
			else
				fprintf(out, " %s)\n", et);
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
	report_init(&rep);
	rep.input = o->input;
	rep.version = PACKAGE_VERSION;
	rep.llvm_version = LLVM_VERSION_STRING;
	rep.seed = o->seed;
	rep.warp_model = model == MAM_LOCKSTEP ? REPORT_LOCKSTEP : REPORT_ITS;
	rep.fail_on = o->fail_on;
	uint32_t ki = report_add_kernel(&rep, k->name, k->demangled);
	uint32_t l = report_add_launch(&rep, ki, o->grid, o->block, o->dyn_shared, o->seed);
	describe_launch(&rep, l, o, f, bufs);
	report_take_findings(&rep, fs, l);
	for (uint32_t i = 0; i < bv->n; i++)
		report_add_barrier(&rep, ki, &bv->v[i].loc, barrier_record_verdict(&bv->v[i]),
				   bv->v[i].launches, bv->v[i].executions, bv->launches);

	int status = 0;
	FILE *out = o->ndumps ? stderr : stdout;
	if (o->output) {
		out = fopen(o->output, "w");
		if (out == NULL) {
			status = sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
			goto done;
		}
	}
	if (o->format == REPORT_JSON) {
		if (report_json(out, &rep) < 0)
			status = sim_fail(err, SIM_ERR_IO, "out of memory writing the JSON report");
	} else {
		report_text(out, &rep);
	}
	if (fflush(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "writing the report: %s", strerror(errno));
	if (o->output && fclose(out) != 0 && status == 0)
		status = sim_fail(err, SIM_ERR_IO, "--output %s: %s", o->output, strerror(errno));
	if (status == 0)
		status = report_exit_status(&rep);
done:
	report_free(&rep);
	return status;
}

int run_main(const struct run_opts *o)
{
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

	if (interp_load(o->input, &lo, &l, &err) < 0)
		goto fail;
	if (o->list_kernels) {
		list_kernels(&l, stdout);
		status = 0;
		goto out;
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
	} else {
		sim_fail(&err, SIM_ERR_USAGE, "%s has %u kernels: choose one with --kernel (--list-kernels lists them)",
			 o->input, l.nkernels);
		goto fail;
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
				if (et == ET_NONE) {
					sim_fail(&err, SIM_ERR_USAGE, "--type %s=%s: expected f32 f64 i8 u8 i16 u16 i32 u32 i64 u64",
						 label, ts);
					goto fail;
				}
			}
			const char *ss = kv_find(o->sizes, o->nsizes, f, (int)i);
			uint64_t elems = 0;
			if (ss) {
				char *end;
				errno = 0;
				elems = strtoull(ss, &end, 0);
				if (errno || *end || elems == 0 || elems > (UINT64_C(1) << 32)) {
					sim_fail(&err, SIM_ERR_USAGE, "--size %s=%s: expected a count from 1 to 2^32", label, ss);
					goto fail;
				}
			}
			if (av) {
				sim_fail(&err, SIM_ERR_USAGE, "--arg %s: '%s' is a pointer; give --size/--init for it", label, label);
				goto fail;
			}
			struct buffer *b = &bufs[i];
			b->param = (int)i;
			b->et = et;
			b->elems = elems;
			b->label = xstrdup(label);
			b->alloc = elems ? mem_new(&m, AS_GLOBAL, elems * et_size(et), b->label)
				   : mem_new_sparse(&m, AS_GLOBAL, b->label);
			m.a[b->alloc].elem = et;
			m.a[b->alloc].elem_size = et_size(et);
			if (fill_buffer(&m, b, kv_find(o->inits, o->ninits, f, (int)i), o->seed, &err) < 0)
				goto fail;
			*slot = MEM_PTR(b->alloc, 0);
			continue;
		}
		if (kv_find(o->sizes, o->nsizes, f, (int)i) || kv_find(o->inits, o->ninits, f, (int)i)) {
			sim_fail(&err, SIM_ERR_USAGE, "'%s' is not a pointer parameter: give its value with --arg", label);
			goto fail;
		}
		if (pa->nfields > 0) {
			/* a struct: comma-separated fields */
			uint8_t *bytes = xcalloc(pa->size ? pa->size : 1, 1);
			char *copy = xstrdup(av ? av : "");
			char *save = NULL, *tok = strtok_r(copy, ",", &save);
			for (uint32_t j = 0; j < pa->nfields; j++) {
				uint64_t v = 0;
				if (tok && parse_value(tok, pa->field_type[j], &v) < 0) {
					sim_fail(&err, SIM_ERR_USAGE, "--arg %s: bad field %u '%s'", label, j, tok);
					free(copy);
					free(bytes);
					goto fail;
				}
				if (pa->byval)
					memcpy(bytes + pa->field_off[j], &v, et_size(pa->field_type[j]));
				else
					slot[j] = v;
				tok = tok ? strtok_r(NULL, ",", &save) : NULL;
			}
			free(copy);
			if (pa->byval) {
				uint32_t id = mem_new(&m, AS_PARAM, pa->size, "param");
				memcpy(m.a[id].data, bytes, pa->size);
				m.a[id].readonly = 1;
				*slot = MEM_PTR(id, 0);
			}
			free(bytes);
			continue;
		}
		if (av && parse_value(av, pa->type, slot) < 0) {
			sim_fail(&err, SIM_ERR_USAGE, "--arg %s=%s: not a valid %s value", label, av,
				 et_is_float(pa->type) ? "floating-point" : "integer");
			goto fail;
		}
	}
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
	/* the model: its for sm_70 and later unless --warp-model says */
	struct mam_options mo = { 0 };
	mo.model = o->warp_model >= 0 ? (enum mam_warp_model)o->warp_model
		   : p->sm >= 70 || p->sm == 0 ? MAM_ITS : MAM_LOCKSTEP;
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
	for (uint32_t i = 0; i < nbufs; i++)
		free(bufs[i].label);
	free(bufs);
	free(args);
	findings_free(&fs);
	barrier_verdicts_free(&bv);
	if (mam)
		mam_free(mam);
	mem_free(&m);
	interp_loaded_free(&l);
	return status;
}
