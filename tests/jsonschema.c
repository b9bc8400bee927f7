/*
** jsonschema.c: a JSON Schema validator for the subset docs/report.schema.json
** uses: type (a name or a list of names), required, properties,
** additionalProperties (true or false), items (one schema), enum, minItems,
** maxItems, minimum, and $ref to "#/$defs/NAME".  Any other keyword, other
** than annotations, is reported as unsupported, so the schema cannot use
** something this validator would silently ignore.
*/
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "tests.h"

struct vctx {
	const cJSON *root;	/* the schema document, for $ref */
	char *err;
	size_t errlen;
	int depth;
};

static int bad(struct vctx *c, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int bad(struct vctx *c, const char *path, const char *fmt, ...)
{
	int n = snprintf(c->err, c->errlen, "%s: ", *path ? path : "(root)");
	if (n < 0 || (size_t)n >= c->errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static int is_integer(const cJSON *v)
{
	return cJSON_IsNumber(v) && isfinite(v->valuedouble)
	       && floor(v->valuedouble) == v->valuedouble;
}

static int has_type(const cJSON *v, const char *t)
{
	if (strcmp(t, "object") == 0) return cJSON_IsObject(v);
	if (strcmp(t, "array") == 0) return cJSON_IsArray(v);
	if (strcmp(t, "string") == 0) return cJSON_IsString(v);
	if (strcmp(t, "boolean") == 0) return cJSON_IsBool(v);
	if (strcmp(t, "null") == 0) return cJSON_IsNull(v);
	if (strcmp(t, "number") == 0) return cJSON_IsNumber(v);
	if (strcmp(t, "integer") == 0) return is_integer(v);
	return -1;
}

static const char *const keywords[] = {
	"type", "required", "properties", "additionalProperties", "items", "enum",
	"minItems", "maxItems", "minimum", "$ref",
	/* annotations */
	"$schema", "$id", "$defs", "title", "description",
};

static int validate(struct vctx *c, const cJSON *s, const cJSON *v, const char *path);

static int check_ref(struct vctx *c, const cJSON *ref, const cJSON *v, const char *path)
{
	static const char prefix[] = "#/$defs/";
	if (!cJSON_IsString(ref) || strncmp(ref->valuestring, prefix, sizeof prefix - 1) != 0)
		return bad(c, path, "unsupported $ref");
	const cJSON *defs = cJSON_GetObjectItemCaseSensitive(c->root, "$defs");
	const cJSON *target = cJSON_GetObjectItemCaseSensitive(defs, ref->valuestring + sizeof prefix - 1);
	if (target == NULL)
		return bad(c, path, "unresolved $ref %s", ref->valuestring);
	if (c->depth > 64)
		return bad(c, path, "$ref nesting too deep");
	c->depth++;
	int r = validate(c, target, v, path);
	c->depth--;
	return r;
}

static int check_type(struct vctx *c, const cJSON *t, const cJSON *v, const char *path)
{
	if (cJSON_IsString(t)) {
		int h = has_type(v, t->valuestring);
		if (h < 0)
			return bad(c, path, "unknown type '%s' in the schema", t->valuestring);
		return h ? 0 : bad(c, path, "not of type %s", t->valuestring);
	}
	if (!cJSON_IsArray(t))
		return bad(c, path, "bad 'type' in the schema");
	const cJSON *e;
	cJSON_ArrayForEach(e, t) {
		if (!cJSON_IsString(e))
			return bad(c, path, "bad 'type' in the schema");
		int h = has_type(v, e->valuestring);
		if (h < 0)
			return bad(c, path, "unknown type '%s' in the schema", e->valuestring);
		if (h)
			return 0;
	}
	return bad(c, path, "not of any of the allowed types");
}

static int validate(struct vctx *c, const cJSON *s, const cJSON *v, const char *path)
{
	if (!cJSON_IsObject(s))
		return bad(c, path, "the schema is not an object");
	const cJSON *kw;
	cJSON_ArrayForEach(kw, s) {
		size_t i, n = sizeof keywords / sizeof keywords[0];
		for (i = 0; i < n && strcmp(kw->string, keywords[i]) != 0; i++)
			;
		if (i == n)
			return bad(c, path, "unsupported keyword '%s' in the schema", kw->string);
	}
	const cJSON *ref = cJSON_GetObjectItemCaseSensitive(s, "$ref");
	if (ref && check_ref(c, ref, v, path) < 0)
		return -1;
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(s, "type");
	if (t && check_type(c, t, v, path) < 0)
		return -1;
	const cJSON *en = cJSON_GetObjectItemCaseSensitive(s, "enum");
	if (en) {
		const cJSON *e;
		int found = 0;
		cJSON_ArrayForEach(e, en)
			found |= cJSON_Compare(e, v, 1);
		if (!found) {
			char *txt = cJSON_PrintUnformatted(v);
			int r = bad(c, path, "%s is not one of the allowed values", txt ? txt : "value");
			cJSON_free(txt);
			return r;
		}
	}
	const cJSON *mn = cJSON_GetObjectItemCaseSensitive(s, "minimum");
	if (mn && cJSON_IsNumber(v) && v->valuedouble < mn->valuedouble)
		return bad(c, path, "%g is below the minimum %g", v->valuedouble, mn->valuedouble);

	char sub[512];
	if (cJSON_IsObject(v)) {
		const cJSON *req = cJSON_GetObjectItemCaseSensitive(s, "required");
		const cJSON *e;
		cJSON_ArrayForEach(e, req)
			if (cJSON_IsString(e) && cJSON_GetObjectItemCaseSensitive(v, e->valuestring) == NULL)
				return bad(c, path, "missing required member '%s'", e->valuestring);
		const cJSON *props = cJSON_GetObjectItemCaseSensitive(s, "properties");
		const cJSON *addl = cJSON_GetObjectItemCaseSensitive(s, "additionalProperties");
		cJSON_ArrayForEach(e, v) {
			snprintf(sub, sizeof sub, "%s.%s", path, e->string);
			const cJSON *ps = cJSON_GetObjectItemCaseSensitive(props, e->string);
			if (ps != NULL) {
				if (validate(c, ps, e, sub) < 0)
					return -1;
			} else if (cJSON_IsFalse(addl)) {
				return bad(c, path, "member '%s' is not in the schema", e->string);
			}
		}
	}
	if (cJSON_IsArray(v)) {
		int n = cJSON_GetArraySize(v);
		const cJSON *lo = cJSON_GetObjectItemCaseSensitive(s, "minItems");
		const cJSON *hi = cJSON_GetObjectItemCaseSensitive(s, "maxItems");
		if (lo && n < lo->valueint)
			return bad(c, path, "%d items, fewer than %d", n, lo->valueint);
		if (hi && n > hi->valueint)
			return bad(c, path, "%d items, more than %d", n, hi->valueint);
		const cJSON *items = cJSON_GetObjectItemCaseSensitive(s, "items");
		if (items) {
			int i = 0;
			const cJSON *e;
			cJSON_ArrayForEach(e, v) {
				snprintf(sub, sizeof sub, "%s[%d]", path, i++);
				if (validate(c, items, e, sub) < 0)
					return -1;
			}
		}
	}
	return 0;
}

int tu_schema_validate(const cJSON *schema, const cJSON *instance, char *err, size_t errlen)
{
	struct vctx c = { schema, err, errlen, 0 };
	if (errlen)
		err[0] = '\0';
	return validate(&c, schema, instance, "");
}

cJSON *tu_report_schema(void)
{
	const char *srcdir = tu_env("SIMULEE_SRCDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/docs/report.schema.json", srcdir ? srcdir : ".");
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char *buf = malloc(1 << 20);
	ck_assert_ptr_nonnull(buf);
	size_t n = fread(buf, 1, (1 << 20) - 1, f);
	fclose(f);
	buf[n] = '\0';
	cJSON *s = cJSON_Parse(buf);
	ck_assert_msg(s != NULL, "%s is not valid JSON (near byte %td)", path,
		      cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() - buf : (ptrdiff_t)-1);
	free(buf);
	return s;
}

cJSON *tu_check_report_json(const char *text)
{
	cJSON *doc = cJSON_Parse(text);
	ck_assert_msg(doc != NULL, "not valid JSON: %s\n(the last run: exit %d, standard error ends: %s)", text,
		      tu_last_status, tu_last_err);
	cJSON *schema = tu_report_schema();
	char err[1024];
	int r = tu_schema_validate(schema, doc, err, sizeof err);
	cJSON_Delete(schema);
	ck_assert_msg(r == 0, "the report does not follow docs/report.schema.json: %s\n%s", err, text);
	return doc;
}
