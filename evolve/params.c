/*
** params.c: see params.h.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evolve/input.h"
#include "evolve/params.h"
#include "evolve/pcg32.h"
#include "core/program.h"

/* Parses a value of element type ET into its little-endian bits. */
static int parse_value(const char *s, uint8_t et, uint64_t *out)
{
	char *end;
	errno = 0;
	if (elem_is_float(et)) {
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
	unsigned sz = elem_size(et);
	if (sz < 8)
		*out &= (UINT64_C(1) << (sz * 8)) - 1;
	return 0;
}

int params_find(const struct func *f, const char *name)
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

void params_label(const struct func *f, uint32_t i, char *buf, size_t n)
{
	if (f->params[i].name)
		snprintf(buf, n, "%s", f->params[i].name);
	else
		snprintf(buf, n, "%u", i);
}

const char *params_pin(const struct params_kv *v, uint32_t n, const struct func *f, int param)
{
	const char *r = NULL;
	for (uint32_t i = 0; i < n; i++)
		if (params_find(f, v[i].name) == param)
			r = v[i].value;
	return r;
}

uint32_t params_nslots(const struct func *f)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < f->nparams; i++)
		n += f->params[i].nslots;
	return n;
}

char **params_inner_labels(const struct param *pa, const char *label)
{
	if (pa->ninner == 0)
		return NULL;
	char **l = xcalloc(pa->ninner, sizeof *l);
	for (uint32_t j = 0; j < pa->ninner; j++) {
		size_t n = strlen(label) + strlen(pa->inner_name[j]) + 1;
		l[j] = xmalloc(n);
		if (strcmp(pa->inner_name[j], "*") == 0)
			snprintf(l[j], n, "*%s", label);
		else
			snprintf(l[j], n, "%s%s", label, pa->inner_name[j]);
	}
	return l;
}

void params_free_labels(char **labels, uint32_t n)
{
	for (uint32_t j = 0; labels && j < n; j++)
		free(labels[j]);
	free(labels);
}

int params_fn_pick(const struct param *pa, const char *name)
{
	if (name == NULL)
		return pa->nfns ? 0 : -1;
	for (uint32_t k = 0; k < pa->nfns; k++)
		if (strcmp(pa->fn_names[k], name) == 0)
			return (int)k;
	return -1;
}

void params_inner(struct mem *m, uint32_t outer, const struct param *pa, char *const *labels,
		  uint64_t rows)
{
	struct mem_alloc *a = &m->a[outer];
	if (pa->ninner == 0 || pa->inner_stride == 0 || a->uninit)
		return;
	int sparse = a->data == NULL;
	uint64_t size = a->size;
	uint64_t n = sparse ? (rows ? rows : PARAMS_INNER_SPARSE)
		     : (size + pa->inner_stride - 1) / pa->inner_stride;
	if (n > PARAMS_INNER_MAX && !(sparse && rows))
		n = PARAMS_INNER_MAX;
	for (uint64_t k = 0; k < n; k++)
		for (uint32_t j = 0; j < pa->ninner; j++) {
			uint32_t id = mem_new_sparse(m, AS_GLOBAL, labels[j]);
			uint8_t et = pa->inner_elem[j] != ET_NONE ? pa->inner_elem[j] : ET_U8;
			enum mem_fault f = MF_NONE;
			/* M's array may have moved */
			m->a[id].elem = et;
			m->a[id].elem_size = elem_size(et);
			uint64_t v = MEM_PTR(id, 0);
			uint8_t *d = mem_ptr(m, MEM_PTR(outer, k * pa->inner_stride + pa->inner_off[j]), 8, 1, &f);
			if (d != NULL)
				memcpy(d, &v, 8);
		}
	if (sparse)
		m->a[outer].size = size;	/* count only what the kernel touches */
}

/* Whether field J of parameter PA is a pointer that gets a buffer: a
** struct's pointer fields (ET_U64 is only ever a pointer's). */
static int ptr_field(const struct param *pa, uint32_t j)
{
	return pa->texobj == TEXOBJ_NONE && !pa->is_ptr && pa->field_type[j] == ET_U64;
}

uint32_t params_nbufs(const struct func *f)
{
	uint32_t n = f->nparams;
	for (uint32_t i = 0; i < f->nparams; i++)
		for (uint32_t j = 0; j < f->params[i].nfields; j++)
			n += (uint32_t)ptr_field(&f->params[i], j);
	return n;
}

void params_field_label(const struct func *f, uint32_t i, uint32_t j, char *buf, size_t n)
{
	char p[128];
	params_label(f, i, p, sizeof p);
	const struct param *pa = &f->params[i];
	if (pa->field_name && pa->field_name[j])
		snprintf(buf, n, "%s.%s", p, pa->field_name[j]);
	else
		snprintf(buf, n, "%s.%u", p, j);
}

/* The pointer field of F that NAME names ("P.FIELD" or "P.J"): its
** parameter into *I and field into *J; -1 when none. */
static int find_field(const struct func *f, const char *name, uint32_t *pi, uint32_t *pj)
{
	const char *dot = strchr(name, '.');
	char pname[128];
	size_t pn = dot ? (size_t)(dot - name) : 0;
	if (dot == NULL || pn >= sizeof pname)
		return -1;
	memcpy(pname, name, pn);
	pname[pn] = '\0';
	int i = params_find(f, pname);
	for (uint32_t j = 0; i >= 0 && j < f->params[i].nfields; j++) {
		const struct param *pa = &f->params[i];
		char idx[16];
		snprintf(idx, sizeof idx, "%u", j);
		if (ptr_field(pa, j) && (strcmp(dot + 1, idx) == 0
		    || (pa->field_name && pa->field_name[j] && strcmp(dot + 1, pa->field_name[j]) == 0))) {
			*pi = (uint32_t)i;
			*pj = j;
			return 0;
		}
	}
	return -1;
}

int params_known(const struct func *f, const char *name)
{
	uint32_t i, j;
	return params_find(f, name) >= 0 || find_field(f, name, &i, &j) == 0;
}

const char *params_field_pin(const struct params_kv *v, uint32_t n, const struct func *f,
			     uint32_t i, uint32_t j)
{
	const char *r = NULL;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t fi, fj;
		if (find_field(f, v[k].name, &fi, &fj) == 0 && fi == i && fj == j)
			r = v[k].value;
	}
	return r;
}

/* Fills buffer B (its allocation in M, already sized) as --init INIT says
** (NULL or "zero": left as allocated; uninit, iota, mod:K, random,
** @FILE, ...), random values drawn from SEED.  0, or SIM_ERR_USAGE /
** SIM_ERR_IO with the one-line reason in ERR (an unsized buffer, an
** unknown HOW, a file that cannot be read or holds too few values). */
static int fill_buffer(struct mem *m, struct params_buf *b, const char *init, uint64_t seed,
		       struct sim_error *err)
{
	struct mem_alloc *a = &m->a[b->alloc];
	unsigned es = elem_size(b->et);
	if (init == NULL || strcmp(init, "zero") == 0)
		return 0;
	if (b->elems == 0)
		return sim_fail(err, SIM_ERR_USAGE, "--init %s needs --size %s", b->label, b->label);
	if (strcmp(init, "uninit") == 0) {
		/* zeros, as a fresh cudaMalloc often holds, but each read of
		** a byte the launch has not written is a finding */
		a->uninit = 1;
		return 0;
	}
	if (strcmp(init, "iota") == 0 || strcmp(init, "random") == 0) {
		struct pcg32 g;
		pcg32_seed(&g, seed, (uint64_t)b->param + 1 + ((uint64_t)b->field << 32));
		for (uint64_t i = 0; i < b->elems; i++) {
			uint64_t v = 0;
			if (init[0] == 'i') {
				if (b->et == ET_F32) { float f = (float)i; uint32_t u; memcpy(&u, &f, 4); v = u; }
				else if (b->et == ET_F64) { double d = (double)i; memcpy(&v, &d, 8); }
				else if (b->et == ET_F16) v = math_f32_to_f16((float)i);
				else v = i;
			} else if (elem_is_float(b->et)) {
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

/* Texture or surface parameter I of F: its descriptor (--tex, else the
** default), a dense backing buffer of its texels (--init fills it as a
** buffer of the channel type) and the handle in *SLOT. */
static int tex_setup(const struct params_pins *pins, uint64_t seed, const struct func *f, uint32_t i,
		     struct mem *m, uint64_t *slot, struct params_buf *b, struct sim_error *err)
{
	const struct param *pa = &f->params[i];
	char label[128], why[160];
	params_label(f, i, label, sizeof label);
	const char *what = pa->texobj == TEXOBJ_TEX ? "texture" : "surface";
	if (params_pin(pins->args, pins->nargs, f, (int)i))
		return sim_fail(err, SIM_ERR_USAGE, "--arg %s: '%s' is a %s object; describe it with --tex",
				label, label, what);
	if (params_pin(pins->sizes, pins->nsizes, f, (int)i) || params_pin(pins->types, pins->ntypes, f, (int)i))
		return sim_fail(err, SIM_ERR_USAGE, "'%s' is a %s object: its format and extents go in --tex %s=FMT:WxH",
				label, what, label);
	const char *ts = params_pin(pins->texs, pins->ntexs, f, (int)i);
	if (ts && strncmp(ts, "same:", 5) == 0) {
		/* on another object's array: params_setup resolves it once
		** every object has its buffer */
		b->param = (int)i;
		b->label = xstrdup(label);
		b->same_as = UINT32_MAX;
		if (params_pin(pins->inits, pins->ninits, f, (int)i))
			return sim_fail(err, SIM_ERR_USAGE, "--init %s: '%s' is made on the array of %s; "
					"fill that one", label, label, ts + 5);
		return 0;
	}
	b->tex = xmalloc(sizeof *b->tex);
	*b->tex = pa->texdef;
	if (ts && tex_parse(ts, pa->texobj, b->tex, why, sizeof why) < 0)
		return sim_fail(err, SIM_ERR_USAGE, "--tex %s=%s: %s", label, ts, why);
	b->param = (int)i;
	b->et = b->tex->fmt;
	b->elems = tex_texels(b->tex) * b->tex->nch;
	b->label = xstrdup(label);
	b->alloc = mem_new(m, AS_GLOBAL, b->elems * elem_size(b->et), b->label);
	m->a[b->alloc].elem = b->et;
	m->a[b->alloc].elem_size = elem_size(b->et);
	m->a[b->alloc].tex = b->tex;
	if (fill_buffer(m, b, params_pin(pins->inits, pins->ninits, f, (int)i), seed, err) < 0)
		return err->status;
	*slot = MEM_PTR(b->alloc, 0);
	return 0;
}

/* Object I of F made on another object's array (--tex NAME=same:OTHER[,keys]):
** it shares OTHER's buffer and descriptor; a texture's keys go into that
** descriptor, so the array has one texture view. */
static int same_array(const struct params_pins *pins, const struct func *f, uint32_t i,
		      uint64_t *slot, struct params_buf *bufs, struct sim_error *err)
{
	struct params_buf *b = &bufs[i];
	const char *ts = params_pin(pins->texs, pins->ntexs, f, (int)i);
	size_t nl = strcspn(ts + 5, ",");
	char name[128], why[160];
	snprintf(name, sizeof name, "%.*s", (int)(nl < sizeof name ? nl : sizeof name - 1), ts + 5);
	int o = params_find(f, name);
	if (o < 0 || (uint32_t)o == i || bufs[o].tex == NULL)
		return sim_fail(err, SIM_ERR_USAGE, "--tex %s=%s: '%s' is no texture or surface object "
				"with its own --tex descriptor", b->label, ts, name);
	uint8_t kind = f->params[i].texobj;
	if (kind == TEXOBJ_TEX && bufs[o].tex->kind == TEXOBJ_TEX)
		return sim_fail(err, SIM_ERR_USAGE, "--tex %s=%s: two texture objects on one array are "
				"not modelled; make one of them a surface", b->label, ts);
	struct tex_desc t = *bufs[o].tex;
	if (tex_parse_keys(ts + 5 + nl, kind, &t, why, sizeof why) < 0)
		return sim_fail(err, SIM_ERR_USAGE, "--tex %s=%s: %s", b->label, ts, why);
	t.kind = bufs[o].tex->kind;
	*bufs[o].tex = t;
	b->same_as = (uint32_t)o + 1;
	b->alloc = bufs[o].alloc;
	b->et = bufs[o].et;
	b->elems = 0;
	*slot = MEM_PTR(b->alloc, 0);
	return 0;
}

/* A buffer for LABEL of element type ET (ET_NONE: bytes) into B (its
** param, field and contents left to the caller), from the pins TS
** (--type) and SS (--size): SS elements, or a sparse buffer without. */
static int make_buffer(struct mem *m, const char *label, uint8_t et, const char *ts, const char *ss,
		       struct params_buf *b, struct sim_error *err)
{
	if (et == ET_NONE)
		et = ET_U8;
	if (ts) {
		et = elem_parse(ts);
		if (et == ET_NONE)
			return sim_fail(err, SIM_ERR_USAGE, "--type %s=%s: expected f32 f64 i8 u8 i16 u16 i32 u32 i64 u64",
					label, ts);
	}
	uint64_t elems = 0;
	if (ss) {
		char *end;
		errno = 0;
		elems = strtoull(ss, &end, 0);
		if (errno || *end || elems == 0 || elems > (UINT64_C(1) << 32))
			return sim_fail(err, SIM_ERR_USAGE, "--size %s=%s: expected a count from 1 to 2^32", label, ss);
	}
	unsigned es = elem_size(et);
	b->et = et;
	b->elems = elems;
	b->label = xstrdup(label);
	b->alloc = elems ? mem_new(m, AS_GLOBAL, elems * es, b->label) : mem_new_sparse(m, AS_GLOBAL, b->label);
	m->a[b->alloc].elem = et;
	m->a[b->alloc].elem_size = es;
	return 0;
}

/* The next comma-separated token of *S (empty ones kept: "1,,3" has
** three), NUL-terminated in place; NULL past the last. */
static char *next_token(char **s)
{
	char *t = *s;
	if (t == NULL)
		return NULL;
	char *c = strchr(t, ',');
	if (c) {
		*c = '\0';
		*s = c + 1;
	} else {
		*s = NULL;
	}
	return t;
}

/* Struct parameter I of F: its fields from --arg (comma-separated, in
** declaration order; an empty or missing one is 0), and a buffer for
** each pointer field unless its token is 0 (a null pointer): sized,
** typed and filled by the pins that name it "P.FIELD", the entries of
** BUFS from *NB on.  A byval struct goes into read-only param memory. */
static int struct_setup(const struct params_pins *pins, uint64_t seed, const struct func *f, uint32_t i,
			struct mem *m, uint64_t *slot, struct params_buf *bufs, uint32_t *nb,
			struct sim_error *err)
{
	const struct param *pa = &f->params[i];
	char label[128];
	params_label(f, i, label, sizeof label);
	const char *av = params_pin(pins->args, pins->nargs, f, (int)i);
	uint8_t *bytes = xcalloc(pa->size ? pa->size : 1, 1);
	char *copy = av ? xstrdup(av) : NULL, *rest = copy;
	int r = 0;
	for (uint32_t j = 0; j < pa->nfields && r == 0; j++) {
		uint64_t v = 0;
		char *tok = next_token(&rest);
		if (ptr_field(pa, j)) {
			struct params_buf *b = &bufs[(*nb)++];
			char fl[256];
			params_field_label(f, i, j, fl, sizeof fl);
			const char *ss = params_field_pin(pins->sizes, pins->nsizes, f, i, j);
			const char *is = params_field_pin(pins->inits, pins->ninits, f, i, j);
			const char *ts = params_field_pin(pins->types, pins->ntypes, f, i, j);
			if (tok && *tok && strcmp(tok, "0") != 0) {
				r = sim_fail(err, SIM_ERR_USAGE, "--arg %s: field %u '%s' is a pointer: leave it "
					     "empty for a buffer (--size %s=N), or 0 for a null pointer", label, j, tok, fl);
			} else if (tok && *tok && (ss || is || ts)) {
				r = sim_fail(err, SIM_ERR_USAGE, "--arg %s: field %u is 0 (a null pointer), "
					     "yet --size/--type/--init give %s a buffer", label, j, fl);
			} else if (tok == NULL || *tok == '\0') {
				if (make_buffer(m, fl, pa->field_elem ? pa->field_elem[j] : ET_NONE, ts, ss, b, err) < 0) {
					r = err->status;
					break;
				}
				b->param = (int)i;
				b->field = j + 1;
				if (fill_buffer(m, b, is, seed, err) < 0) {
					r = err->status;
					break;
				}
				v = MEM_PTR(b->alloc, 0);
			}
		} else if (tok && *tok && parse_value(tok, pa->field_type[j], &v) < 0) {
			r = sim_fail(err, SIM_ERR_USAGE, "--arg %s: bad field %u '%s'", label, j, tok);
		}
		if (pa->byval)
			memcpy(bytes + pa->field_off[j], &v, elem_size(pa->field_type[j]));
		else
			slot[j] = v;
	}
	free(copy);
	if (r == 0 && pa->byval) {
		uint32_t id = mem_new(m, AS_PARAM, pa->size, "param");
		memcpy(m->a[id].data, bytes, pa->size);
		m->a[id].readonly = 1;
		*slot = MEM_PTR(id, 0);
	}
	free(bytes);
	return r;
}

int params_setup(const struct params_pins *pins, uint64_t seed, const struct func *f,
		 struct mem *m, uint64_t *args, struct params_buf *bufs, struct sim_error *err)
{
	uint32_t nb = f->nparams;	/* the next pointer field's entry */
	for (uint32_t i = params_nbufs(f); i-- > 0;)
		bufs[i].param = -1;
	for (uint32_t i = 0; i < f->nparams; i++) {
		const struct param *pa = &f->params[i];
		char label[128];
		params_label(f, i, label, sizeof label);
		uint64_t *slot = &args[f->param_slot[i] - f->param_slot[0]];
		const char *av = params_pin(pins->args, pins->nargs, f, (int)i);
		const char *ss = params_pin(pins->sizes, pins->nsizes, f, (int)i);
		const char *is = params_pin(pins->inits, pins->ninits, f, (int)i);
		bufs[i].param = -1;
		if (pa->texobj != TEXOBJ_NONE) {
			if (tex_setup(pins, seed, f, i, m, slot, &bufs[i], err) < 0)
				return err->status;
			continue;
		}
		if (pa->nfns > 0) {
			int k = params_fn_pick(pa, av);
			if (ss || is || params_pin(pins->types, pins->ntypes, f, (int)i))
				return sim_fail(err, SIM_ERR_USAGE, "'%s' is a function pointer: give the function with --arg %s=NAME",
						label, label);
			if (k < 0)
				return sim_fail(err, SIM_ERR_USAGE, "--arg %s=%s: no device function of its type is named so "
						"(the first is %s)", label, av, pa->fn_names[0]);
			*slot = MEM_FUNC_PTR(pa->fns[k]);
			continue;
		}
		if (pa->is_ptr) {
			if (av)
				return sim_fail(err, SIM_ERR_USAGE, "--arg %s: '%s' is a pointer; give --size/--init for it", label, label);
			if (make_buffer(m, label, pa->elem, params_pin(pins->types, pins->ntypes, f, (int)i), ss,
					&bufs[i], err) < 0)
				return err->status;
			bufs[i].param = (int)i;
			if (fill_buffer(m, &bufs[i], is, seed, err) < 0)
				return err->status;
			bufs[i].inner = params_inner_labels(pa, label);
			params_inner(m, bufs[i].alloc, pa, bufs[i].inner, 0);
			bufs[i].ninner = pa->ninner;
			*slot = MEM_PTR(bufs[i].alloc, 0);
			continue;
		}
		if (ss || is)
			return sim_fail(err, SIM_ERR_USAGE, "'%s' is not a pointer parameter: give its value with --arg", label);
		if (pa->nfields > 0) {
			if (struct_setup(pins, seed, f, i, m, slot, bufs, &nb, err) < 0)
				return err->status;
			continue;
		}
		if (av && parse_value(av, pa->type, slot) < 0)
			return sim_fail(err, SIM_ERR_USAGE, "--arg %s=%s: not a valid %s value", label, av,
					elem_is_float(pa->type) ? "floating-point" : "integer");
	}
	for (uint32_t i = 0; i < f->nparams; i++)
		if (bufs[i].same_as == UINT32_MAX
		    && same_array(pins, f, i, &args[f->param_slot[i] - f->param_slot[0]], bufs, err) < 0)
			return err->status;
	return 0;
}

void params_free_bufs(struct params_buf *bufs, uint32_t n)
{
	for (uint32_t i = 0; bufs && i < n; i++) {
		free(bufs[i].label);
		free(bufs[i].tex);
		params_free_labels(bufs[i].inner, bufs[i].ninner);
	}
	free(bufs);
}
