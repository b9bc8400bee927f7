/*
** check_bugs.c: the bug corpus (kernels/bugs, docs/CORPUS-BUGS.md).
**
** Every buggy kernel NAME.cu has a fixed twin NAME_fixed.cu and a manifest
** NAME.expect giving the launch and the expected findings.  What can be
** asserted before the race and redundant-barrier detectors exist is
** asserted here:
**   - the corpus as a whole: kernels/bugs.mk lists exactly the manifests,
**     the data files exist, every bug pattern the corpus promises is there,
**     and each scan family removes each of its barriers in turn;
**   - every manifest parses (bm_parse below is the reference parser of the
**     format), names its kernel in both sources, and every line it cites
**     carries a "// BUG" marker and the barrier or variable it talks about;
**     the twin carries no marker;
**   - every kernel runs at its launch through simulee-c: the buggy one with
**     status 0 or 1, its fixed twin with status 0 and no findings, the buggy
**     one at its "safe" launch (if any) with no findings; and the findings
**     simulee-c reports today (barrier divergence, out-of-bounds and the
**     fault kinds) are compared with the manifest in bugs_golden_compare(),
**     the hook where the full comparison goes once the detectors exist.
*/
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests.h"

/* ---- the manifest ------------------------------------------------------- */

enum bk_kind { BK_RACE, BK_BD, BK_RB, BK_UNINIT, BK_OOB, BK__N };
static const char *const bk_names[BK__N] = {
	[BK_RACE] = "race", [BK_BD] = "barrier-divergence", [BK_RB] = "redundant-barrier",
	[BK_UNINIT] = "uninit", [BK_OOB] = "oob",
};

enum { M_ITS = 1, M_LOCKSTEP = 2 };
enum { C_INTRA_WARP = 1, C_INTER_WARP = 2, C_INTER_BLOCK = 4 };
enum { A_RAW = 1, A_WAR = 2, A_WAW = 4 };
enum { SP_NONE, SP_SHARED, SP_GLOBAL };

#define BM_MAX_ARGS 48
#define BM_MAX_FINDINGS 32
#define BM_MAX_LINES 2

struct bm_line {
	char file[96];
	int line;
};

struct bm_finding {
	enum bk_kind kind;
	int space;		/* SP_* */
	char var[48];		/* "" when not given */
	unsigned classes;	/* C_* set (races) */
	unsigned access;	/* A_* set (races) */
	int benign, its_only;	/* -1 not given, 0 no, 1 yes */
	unsigned models;	/* M_* set; the manifest's models when not given */
	int nlines;
	struct bm_line lines[BM_MAX_LINES];
	int at;			/* its line in the manifest */
};

struct bm_argv {
	int n;
	char *v[BM_MAX_ARGS];
	char buf[1024];
};

struct bug_manifest {
	char kernel[64];
	char pattern[48];
	char origin[256];
	char needs_kind[16];
	char needs_text[256];
	struct bm_argv launch, safe;
	int has_launch, has_safe, has_models, has_needs, has_fixed;
	unsigned models;
	int nfind;
	struct bm_finding f[BM_MAX_FINDINGS];
};

static const char *const needs_kinds[] = { "none", "block", "grid", "arg", "data", "shared",
					   "model", NULL };

/* Copies at most N-1 bytes of [S, S+LEN) into DST; 0, or -1 if too long. */
static int copy_str(char *dst, size_t n, const char *s, size_t len)
{
	if (len >= n)
		return -1;
	memcpy(dst, s, len);
	dst[len] = '\0';
	return 0;
}

static int split_args(struct bm_argv *a, const char *s)
{
	memset(a, 0, sizeof *a);
	if (copy_str(a->buf, sizeof a->buf, s, strlen(s)) != 0)
		return -1;
	for (char *p = a->buf; *p;) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (*p == '\0')
			break;
		if (a->n == BM_MAX_ARGS)
			return -1;
		a->v[a->n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	return a->n > 0 ? 0 : -1;
}

/* Parses a '|'- or ','-separated set of NAMES[i] into a bit set; 0 on an
** unknown name. */
static unsigned parse_set(const char *v, char sep, const char *const *names)
{
	unsigned set = 0;
	while (*v) {
		const char *e = strchr(v, sep);
		size_t len = e ? (size_t)(e - v) : strlen(v);
		unsigned bit = 0;
		for (int i = 0; names[i]; i++)
			if (strlen(names[i]) == len && strncmp(v, names[i], len) == 0)
				bit = 1u << i;
		if (bit == 0)
			return 0;
		set |= bit;
		v += len;
		if (*v)
			v++;
	}
	return set;
}

static const char *const model_names[] = { "its", "lockstep", NULL };
static const char *const class_names[] = { "intra-warp", "inter-warp", "inter-block", NULL };
static const char *const access_names[] = { "RAW", "WAR", "WAW", NULL };

static int parse_yesno(const char *v)
{
	return strcmp(v, "yes") == 0 ? 1 : strcmp(v, "no") == 0 ? 0 : -2;
}

#define BM_FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

static int parse_finding(struct bm_finding *f, char *rest, int at, char *err, size_t errlen)
{
	memset(f, 0, sizeof *f);
	f->benign = f->its_only = -1;
	f->at = at;
	char *save = NULL;
	char *tok = strtok_r(rest, " \t", &save);
	if (tok == NULL)
		BM_FAIL("line %d: finding without a kind", at);
	int k;
	for (k = 0; k < BK__N && strcmp(tok, bk_names[k]) != 0; k++)
		;
	if (k == BK__N)
		BM_FAIL("line %d: unknown finding kind '%s'", at, tok);
	f->kind = (enum bk_kind)k;
	while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
		char *eq = strchr(tok, '=');
		if (eq == NULL || eq[1] == '\0')
			BM_FAIL("line %d: '%s' is not key=value", at, tok);
		*eq = '\0';
		const char *key = tok, *v = eq + 1;
		if (strcmp(key, "space") == 0) {
			f->space = strcmp(v, "shared") == 0 ? SP_SHARED
				 : strcmp(v, "global") == 0 ? SP_GLOBAL : -1;
			if (f->space < 0)
				BM_FAIL("line %d: space must be shared or global", at);
		} else if (strcmp(key, "var") == 0) {
			if (copy_str(f->var, sizeof f->var, v, strlen(v)) != 0)
				BM_FAIL("line %d: var too long", at);
		} else if (strcmp(key, "class") == 0) {
			if ((f->classes = parse_set(v, '|', class_names)) == 0)
				BM_FAIL("line %d: bad class '%s'", at, v);
		} else if (strcmp(key, "access") == 0) {
			if ((f->access = parse_set(v, '|', access_names)) == 0)
				BM_FAIL("line %d: bad access '%s'", at, v);
		} else if (strcmp(key, "benign") == 0) {
			if ((f->benign = parse_yesno(v)) < 0)
				BM_FAIL("line %d: benign must be yes or no", at);
		} else if (strcmp(key, "its-only") == 0) {
			if ((f->its_only = parse_yesno(v)) < 0)
				BM_FAIL("line %d: its-only must be yes or no", at);
		} else if (strcmp(key, "models") == 0) {
			if ((f->models = parse_set(v, ',', model_names)) == 0)
				BM_FAIL("line %d: bad models '%s'", at, v);
		} else if (strcmp(key, "lines") == 0) {
			const char *p = v;
			while (*p) {
				const char *e = strchr(p, ',');
				size_t len = e ? (size_t)(e - p) : strlen(p);
				const char *colon = memchr(p, ':', len);
				if (colon == NULL || f->nlines == BM_MAX_LINES)
					BM_FAIL("line %d: lines are FILE:LINE[,FILE:LINE]", at);
				struct bm_line *l = &f->lines[f->nlines++];
				if (copy_str(l->file, sizeof l->file, p, (size_t)(colon - p)) != 0)
					BM_FAIL("line %d: file name too long", at);
				char num[16];
				if (copy_str(num, sizeof num, colon + 1, len - (size_t)(colon + 1 - p)) != 0)
					BM_FAIL("line %d: bad line number", at);
				char *end;
				long n = strtol(num, &end, 10);
				if (*end != '\0' || n <= 0)
					BM_FAIL("line %d: bad line number '%s'", at, num);
				l->line = (int)n;
				p += len;
				if (*p)
					p++;
			}
		} else {
			BM_FAIL("line %d: unknown key '%s'", at, key);
		}
	}
	/* what each kind needs */
	switch (f->kind) {
	case BK_RACE:
		if (f->space == SP_NONE || f->classes == 0 || f->access == 0 || f->benign < 0
		    || f->its_only < 0 || f->nlines != 2 || f->var[0] == '\0')
			BM_FAIL("line %d: a race needs space, var, class, access, benign, its-only "
				"and two lines", at);
		if (f->benign == 1 && f->access != A_WAW)
			BM_FAIL("line %d: only write-write races can be benign", at);
		break;
	case BK_BD:
		if (f->nlines < 1 || f->space || f->classes || f->access || f->var[0])
			BM_FAIL("line %d: barrier-divergence takes lines (and models) only", at);
		break;
	case BK_RB:
		if (f->nlines != 1 || f->space || f->classes || f->access || f->var[0])
			BM_FAIL("line %d: redundant-barrier takes one line (and models) only", at);
		break;
	case BK_UNINIT:
	case BK_OOB:
		if (f->nlines != 1 || f->var[0] == '\0' || f->space == SP_NONE || f->classes
		    || f->access || f->benign >= 0 || f->its_only >= 0)
			BM_FAIL("line %d: %s takes space, var, one line (and models)", at,
				bk_names[f->kind]);
		break;
	default:
		break;
	}
	return 0;
}

/* Parses manifest TEXT into *M.  Returns 0, or -1 with a message in ERR. */
static int bm_parse(struct bug_manifest *m, const char *text, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	int at = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char line[1024];
		at++;
		if (copy_str(line, sizeof line, p, len) != 0)
			BM_FAIL("line %d: too long", at);
		p += len + (nl != NULL);
		size_t n = strlen(line);
		while (n > 0 && isspace((unsigned char)line[n - 1]))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		char *rest = line;
		while (*rest && *rest != ' ' && *rest != '\t')
			rest++;
		if (*rest)
			*rest++ = '\0';
		while (*rest == ' ' || *rest == '\t')
			rest++;
		const char *key = line;
		if (*rest == '\0')
			BM_FAIL("line %d: '%s' without a value", at, key);
		if (strcmp(key, "kernel") == 0) {
			if (m->kernel[0] || copy_str(m->kernel, sizeof m->kernel, rest, strlen(rest)))
				BM_FAIL("line %d: kernel repeated or too long", at);
		} else if (strcmp(key, "pattern") == 0) {
			if (m->pattern[0] || copy_str(m->pattern, sizeof m->pattern, rest, strlen(rest)))
				BM_FAIL("line %d: pattern repeated or too long", at);
		} else if (strcmp(key, "origin") == 0) {
			if (m->origin[0] || copy_str(m->origin, sizeof m->origin, rest, strlen(rest)))
				BM_FAIL("line %d: origin repeated or too long", at);
		} else if (strcmp(key, "launch") == 0 || strcmp(key, "safe") == 0) {
			int safe = key[0] == 's';
			int *seen = safe ? &m->has_safe : &m->has_launch;
			if ((*seen)++)
				BM_FAIL("line %d: %s repeated", at, key);
			if (split_args(safe ? &m->safe : &m->launch, rest) != 0)
				BM_FAIL("line %d: bad %s options", at, key);
		} else if (strcmp(key, "models") == 0) {
			if (m->has_models++)
				BM_FAIL("line %d: models repeated", at);
			for (char *q = rest; *q; q++)
				if (*q == ' ' || *q == '\t')
					*q = ',';
			if ((m->models = parse_set(rest, ',', model_names)) == 0)
				BM_FAIL("line %d: models are its and/or lockstep", at);
		} else if (strcmp(key, "needs") == 0) {
			if (m->has_needs++)
				BM_FAIL("line %d: needs repeated", at);
			char *colon = strchr(rest, ':');
			if (colon == NULL)
				BM_FAIL("line %d: needs is KIND: text", at);
			*colon = '\0';
			int ok = 0;
			for (int i = 0; needs_kinds[i]; i++)
				ok |= strcmp(rest, needs_kinds[i]) == 0;
			const char *txt = colon + 1;
			while (*txt == ' ')
				txt++;
			if (!ok || *txt == '\0'
			    || copy_str(m->needs_kind, sizeof m->needs_kind, rest, strlen(rest))
			    || copy_str(m->needs_text, sizeof m->needs_text, txt, strlen(txt)))
				BM_FAIL("line %d: bad needs", at);
		} else if (strcmp(key, "fixed") == 0) {
			if (m->has_fixed++ || strcmp(rest, "none") != 0)
				BM_FAIL("line %d: the only fixed value is 'none'", at);
		} else if (strcmp(key, "finding") == 0) {
			if (m->nfind == BM_MAX_FINDINGS)
				BM_FAIL("line %d: too many findings", at);
			if (parse_finding(&m->f[m->nfind++], rest, at, err, errlen) != 0)
				return -1;
		} else {
			BM_FAIL("line %d: unknown directive '%s'", at, key);
		}
	}
	if (!m->kernel[0] || !m->pattern[0] || !m->origin[0] || !m->has_launch || !m->has_models
	    || !m->has_needs || !m->has_fixed)
		BM_FAIL("missing one of kernel, pattern, origin, launch, models, needs, fixed");
	for (int i = 0; i < m->nfind; i++) {
		struct bm_finding *f = &m->f[i];
		if (f->models == 0)
			f->models = m->models;
		if ((f->models & ~m->models) != 0)
			BM_FAIL("line %d: models outside the manifest's", f->at);
		if (f->its_only == 1 && f->models != M_ITS)
			BM_FAIL("line %d: an its-only finding holds under its only", f->at);
	}
	return 0;
}

/* ---- files ------------------------------------------------------------ */

static const char *srcdir(void)
{
	const char *d = tu_env("SIMULEE_SRCDIR");
	return d ? d : ".";
}

/* "$SIMULEE_SRCDIR/kernels/bugs/REL" (free it). */
static char *bugs_path(const char *rel)
{
	size_t n = strlen(srcdir()) + strlen(rel) + 32;
	char *p = malloc(n);
	if (p == NULL)
		abort();	/* also used outside tests, when the suite is built */
	snprintf(p, n, "%s/kernels/bugs/%s", srcdir(), rel);
	return p;
}

/* The whole file, NUL-terminated, or NULL (free it). */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	ck_assert_ptr_nonnull(buf);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (len + 1 == cap) {
			cap *= 2;
			buf = realloc(buf, cap);
			ck_assert_ptr_nonnull(buf);
		}
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

static char *slurp_bugs(const char *name, const char *suffix)
{
	char rel[160];
	snprintf(rel, sizeof rel, "%s%s", name, suffix);
	char *path = bugs_path(rel);
	char *text = slurp(path);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	free(path);
	return text;
}

/* Line N (1-based) of TEXT into OUT; 0, or -1 if there is no such line. */
static int text_line(const char *text, int n, char *out, size_t outlen)
{
	const char *p = text;
	for (int i = 1; i < n; i++) {
		p = strchr(p, '\n');
		if (p == NULL)
			return -1;
		p++;
	}
	if (*p == '\0')
		return -1;
	const char *e = strchr(p, '\n');
	size_t len = e ? (size_t)(e - p) : strlen(p);
	if (len >= outlen)
		len = outlen - 1;
	memcpy(out, p, len);
	out[len] = '\0';
	return 0;
}

/* Does LINE carry a "// BUG" marker? */
static int has_marker(const char *line)
{
	const char *c = strstr(line, "//");
	return c != NULL && strstr(c, "BUG") != NULL;
}

/* LINE without its // comment, in OUT. */
static void code_part(const char *line, char *out, size_t outlen)
{
	snprintf(out, outlen, "%s", line);
	char *c = strstr(out, "//");
	if (c)
		*c = '\0';
}

/* Does CODE use identifier ID (as a whole word)? */
static int uses_ident(const char *code, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = strstr(code, id); p; p = strstr(p + 1, id)) {
		int before = p > code && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
		int after = isalnum((unsigned char)p[n]) || p[n] == '_';
		if (!before && !after)
			return 1;
	}
	return 0;
}

/* Occurrences of __syncthreads() in code (not comments). */
static int count_barriers(const char *text)
{
	int n = 0;
	char line[1024];
	for (int i = 1; text_line(text, i, line, sizeof line) == 0; i++) {
		char code[1024];
		code_part(line, code, sizeof code);
		for (const char *p = strstr(code, "__syncthreads("); p; p = strstr(p + 1, "__syncthreads("))
			n++;
	}
	return n;
}

/* ---- the list of manifests ---------------------------------------------- */

#define MAX_BUGS 256
static char *bug_names[MAX_BUGS];
static int nbugs;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Scans kernels/bugs for NAME.expect (done once, when the suite is built). */
static void scan_manifests(void)
{
	char *dir = bugs_path("");
	DIR *d = opendir(dir);
	free(dir);
	if (d == NULL)
		return;
	struct dirent *e;
	while ((e = readdir(d)) != NULL && nbugs < MAX_BUGS) {
		size_t n = strlen(e->d_name);
		if (n > 7 && strcmp(e->d_name + n - 7, ".expect") == 0) {
			bug_names[nbugs] = malloc(n - 6);
			if (bug_names[nbugs] == NULL)
				abort();
			memcpy(bug_names[nbugs], e->d_name, n - 7);
			bug_names[nbugs][n - 7] = '\0';
			nbugs++;
		}
	}
	closedir(d);
	qsort(bug_names, (size_t)nbugs, sizeof bug_names[0], cmp_str);
}

static void load_manifest(const char *name, struct bug_manifest *m)
{
	char *text = slurp_bugs(name, ".expect");
	char err[256];
	int rc = bm_parse(m, text, err, sizeof err);
	free(text);
	ck_assert_msg(rc == 0, "%s.expect: %s", name, err);
}

/* The words of make variable VAR in bugs.mk (continuation lines joined),
** space-separated with a leading and trailing space, in OUT. */
static void mk_list(const char *mk, const char *var, char *out, size_t outlen)
{
	char head[64];
	snprintf(head, sizeof head, "\n%s =", var);
	const char *p = strstr(mk, head);
	ck_assert_msg(p != NULL, "kernels/bugs.mk has no %s", var);
	p += strlen(head);
	size_t o = 0;
	out[o++] = ' ';
	for (; *p && !(p[0] == '\n' && p[-1] != '\\'); p++) {
		char c = *p == '\\' || *p == '\n' || *p == '\t' ? ' ' : *p;
		if (c == ' ' && out[o - 1] == ' ')
			continue;
		ck_assert_uint_lt(o, outlen - 2);
		out[o++] = c;
	}
	if (out[o - 1] != ' ')
		out[o++] = ' ';
	out[o] = '\0';
}

static int in_list(const char *list, const char *word)
{
	char w[200];
	snprintf(w, sizeof w, " %.160s ", word);
	return strstr(list, w) != NULL;
}

static int file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- the corpus as a whole ----------------------------------------------- */

/* The patterns the corpus promises (docs/CORPUS-BUGS.md). */
static const char *const required_patterns[] = {
	"missing-barrier-reduction", "redundant-barrier", "barrier-in-branch",
	"warp-sync-reduction", "neighbour-read-nosync", "early-return-barrier",
	"barrier-loop-trip", "write-write-one-slot", "block-size-assumption",
	"indirect-shared-index", "input-dependent-read", "input-selected-branch",
	"uniform-store", "uniform-atomic", "scan-barrier-removed", "inter-block-global",
	"benign-same-value", "divergent-branch-race", "missing-barrier-broadcast",
	"uninit-shared", "dynamic-shared-size", NULL
};

START_TEST(corpus_list)
{
	ck_assert_msg(nbugs >= 40, "only %d manifests in kernels/bugs", nbugs);
	char *mkpath = malloc(strlen(srcdir()) + 32);
	ck_assert_ptr_nonnull(mkpath);
	sprintf(mkpath, "%s/kernels/bugs.mk", srcdir());
	char *mk = slurp(mkpath);
	ck_assert_msg(mk != NULL, "cannot read %s", mkpath);
	free(mkpath);
	static char kernels[16384], data[4096];
	mk_list(mk, "BUG_KERNELS", kernels, sizeof kernels);
	mk_list(mk, "BUG_INPUTS", data, sizeof data);
	free(mk);

	/* bugs.mk lists exactly the manifests, and every source has its pair */
	int listed = 0;
	for (const char *p = kernels; *p; p++)
		listed += p[0] == ' ' && p[1] != '\0';
	ck_assert_msg(listed == nbugs, "kernels/bugs.mk lists %d kernels, kernels/bugs has %d "
		      "manifests", listed, nbugs);
	for (int i = 0; i < nbugs; i++)
		ck_assert_msg(in_list(kernels, bug_names[i]), "%s is not in kernels/bugs.mk",
			      bug_names[i]);
	char *dir = bugs_path("");
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	free(dir);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n < 4 || strcmp(e->d_name + n - 3, ".cu") != 0)
			continue;
		char base[160];
		ck_assert_int_eq(copy_str(base, sizeof base, e->d_name, n - 3), 0);
		size_t bl = strlen(base);
		if (bl > 6 && strcmp(base + bl - 6, "_fixed") == 0)
			base[bl - 6] = '\0';
		ck_assert_msg(in_list(kernels, base), "kernels/bugs/%s has no manifest in bugs.mk",
			      e->d_name);
	}
	closedir(d);
	for (const char *p = data; *p;) {
		while (*p == ' ')
			p++;
		const char *q = strchr(p, ' ');
		if (q == NULL || q == p)
			break;
		char rel[160];
		snprintf(rel, sizeof rel, "data/%.*s", (int)(q - p), p);
		char *path = bugs_path(rel);
		ck_assert_msg(file_exists(path), "BUG_INPUTS names a missing file %s", path);
		free(path);
		p = q;
	}

	/* coverage of patterns, finding classes and needed inputs */
	int npat[sizeof required_patterns / sizeof required_patterns[0]] = { 0 };
	int needs[8] = { 0 };
	int its_only = 0, benign = 0, raw = 0, waw = 0, bd = 0, rb = 0, uninit = 0, oob = 0;
	unsigned classes = 0;
	for (int i = 0; i < nbugs; i++) {
		struct bug_manifest *m = malloc(sizeof *m);
		ck_assert_ptr_nonnull(m);
		load_manifest(bug_names[i], m);
		for (int k = 0; required_patterns[k]; k++)
			npat[k] += strcmp(m->pattern, required_patterns[k]) == 0;
		for (int k = 0; needs_kinds[k]; k++)
			needs[k] += strcmp(m->needs_kind, needs_kinds[k]) == 0;
		for (int k = 0; k < m->nfind; k++) {
			const struct bm_finding *f = &m->f[k];
			its_only += f->its_only == 1;
			benign += f->benign == 1;
			raw += (f->access & (A_RAW | A_WAR)) != 0;
			waw += (f->access & A_WAW) != 0;
			classes |= f->classes;
			bd += f->kind == BK_BD;
			rb += f->kind == BK_RB;
			uninit += f->kind == BK_UNINIT;
			oob += f->kind == BK_OOB;
		}
		/* a scan family removes each of its barriers in turn */
		if (strcmp(m->pattern, "scan-barrier-removed") == 0) {
			const char *b = strstr(bug_names[i], "_no_b");
			ck_assert_msg(b != NULL, "%s: a scan mutant is named PREFIX_no_bK", bug_names[i]);
			int k = atoi(b + 5);
			char *bug = slurp_bugs(bug_names[i], ".cu");
			char *fix = slurp_bugs(bug_names[i], "_fixed.cu");
			int nb = count_barriers(fix);
			ck_assert_msg(count_barriers(bug) == nb - 1, "%s: removes more than one "
				      "barrier of its twin", bug_names[i]);
			ck_assert_msg(k >= 1 && k <= nb, "%s: the twin has %d barriers", bug_names[i], nb);
			for (int j = 1; j <= nb; j++) {
				char sib[160];
				snprintf(sib, sizeof sib, "%.*s_no_b%d", (int)(b - bug_names[i]),
					 bug_names[i], j);
				ck_assert_msg(in_list(kernels, sib), "%s: the family lacks %s",
					      bug_names[i], sib);
			}
			free(bug);
			free(fix);
		}
		free(m);
	}
	for (int k = 0; required_patterns[k]; k++)
		ck_assert_msg(npat[k] > 0, "no kernel of pattern %s", required_patterns[k]);
	for (int k = 1; needs_kinds[k]; k++)
		ck_assert_msg(needs[k] > 0, "no kernel that needs a particular %s", needs_kinds[k]);
	ck_assert(its_only > 0 && benign > 0 && raw > 0 && waw > 0);
	ck_assert(classes == (C_INTRA_WARP | C_INTER_WARP | C_INTER_BLOCK));
	ck_assert(bd > 0 && rb > 0 && uninit > 0 && oob > 0);
}
END_TEST

/* ---- one manifest: static checks ------------------------------------------ */

static int same_finding(const struct bm_finding *a, const struct bm_finding *b)
{
	if (a->kind != b->kind || a->space != b->space || strcmp(a->var, b->var) != 0
	    || a->classes != b->classes || a->access != b->access || a->benign != b->benign
	    || a->its_only != b->its_only || a->models != b->models || a->nlines != b->nlines)
		return 0;
	for (int i = 0; i < a->nlines; i++)
		if (strcmp(a->lines[i].file, b->lines[i].file) != 0
		    || a->lines[i].line != b->lines[i].line)
			return 0;
	return 1;
}

START_TEST(manifest_static)
{
	const char *name = bug_names[_i];
	struct bug_manifest *m = malloc(sizeof *m);
	ck_assert_ptr_nonnull(m);
	load_manifest(name, m);
	char *bug = slurp_bugs(name, ".cu");
	char *fix = slurp_bugs(name, "_fixed.cu");

	char decl[128];
	snprintf(decl, sizeof decl, "__global__ void %s(", m->kernel);
	ck_assert_msg(strcmp(m->kernel, name) == 0, "%s: kernel is %s", name, m->kernel);
	ck_assert_msg(strstr(bug, decl) != NULL, "%s.cu does not define %s", name, decl);
	ck_assert_msg(strstr(fix, decl) != NULL, "%s_fixed.cu does not define %s", name, decl);
	ck_assert_msg(strstr(bug, "BUG") != NULL, "%s.cu carries no BUG marker", name);
	char line[1024];
	for (int i = 1; text_line(fix, i, line, sizeof line) == 0; i++)
		ck_assert_msg(!has_marker(line), "%s_fixed.cu:%d carries a BUG marker", name, i);

	char own[160];
	snprintf(own, sizeof own, "%s.cu", name);
	for (int k = 0; k < m->nfind; k++) {
		const struct bm_finding *f = &m->f[k];
		for (int j = 0; j < f->nlines; j++) {
			const struct bm_line *l = &f->lines[j];
			ck_assert_msg(strcmp(l->file, own) == 0, "%s.expect:%d: cites %s, not %s",
				      name, f->at, l->file, own);
			ck_assert_msg(text_line(bug, l->line, line, sizeof line) == 0,
				      "%s.expect:%d: %s has no line %d", name, f->at, own, l->line);
			ck_assert_msg(has_marker(line), "%s.expect:%d: %s:%d has no // BUG marker: %s",
				      name, f->at, own, l->line, line);
			char code[1024];
			code_part(line, code, sizeof code);
			if (f->kind == BK_BD || f->kind == BK_RB)
				ck_assert_msg(strstr(code, "__syncthreads(") != NULL,
					      "%s.expect:%d: %s:%d is not a barrier", name, f->at,
					      own, l->line);
			else	/* VAR, or an access through a pointer to it */
				ck_assert_msg(uses_ident(code, f->var) || strchr(code, '[') != NULL,
					      "%s.expect:%d: %s:%d does not access %s", name, f->at,
					      own, l->line, f->var);
		}
		for (int j = 0; j < k; j++)
			ck_assert_msg(!same_finding(&m->f[j], f), "%s.expect:%d: repeats line %d",
				      name, f->at, m->f[j].at);
	}
	/* data files named by the launches */
	for (int s = 0; s < 2; s++) {
		const struct bm_argv *a = s ? &m->safe : &m->launch;
		for (int i = 0; i < a->n; i++) {
			const char *at = strstr(a->v[i], "=@");
			if (at == NULL || at[2] == '/')
				continue;
			char *path = bugs_path(at + 2);
			ck_assert_msg(file_exists(path), "%s.expect: no file %s", name, path);
			free(path);
		}
	}
	free(bug);
	free(fix);
	free(m);
}
END_TEST

/* ---- one manifest: running the kernels ------------------------------------- */

/* A finding as simulee-c prints it: "FILE:LINE:COL: error: MESSAGE". */
struct report {
	char file[96];
	int line;
	const char *kind;	/* manifest kind or fault id, NULL: not compared yet */
	char msg[160];
};

#define MAX_REPORTS 64

/* Messages of the findings simulee-c reports today.  Fault kinds have ids
** no manifest uses, so any report of them is an unexpected finding. */
static const struct {
	const char *msg, *kind;
} report_kinds[] = {
	{ "barrier divergence", "barrier-divergence" },
	{ "out-of-bounds access", "oob" },
	{ "null pointer dereference", "fault:null" },
	{ "invalid pointer dereference", "fault:invalid-pointer" },
	{ "misaligned access", "fault:misaligned" },
	{ "write to read-only memory", "fault:readonly" },
	{ "assertion failed", "fault:assert" },
	{ "trap", "fault:trap" },
	{ "thread did not finish", "fault:step-budget" },
	{ "warp synchronization divergence", "fault:warp-sync" },
	{ "integer division by zero", "fault:division-by-zero" },
};

/* The expected kinds simulee-c detects today.  When a detector lands, add
** its kind here (and its message to report_kinds): "race", "uninit",
** "redundant-barrier". */
static const char *const bugs_detected_today[] = { "barrier-divergence", "oob", NULL };

static int parse_reports(const char *text, struct report *r, int n)
{
	char line[1024];
	for (int i = 1; text_line(text, i, line, sizeof line) == 0; i++) {
		const char *err = strstr(line, ": error: ");
		if (err == NULL || line[0] == ' ')
			continue;
		/* FILE:LINE:COL before ": error: " */
		const char *c2 = err;
		while (c2 > line && c2[-1] != ':')
			c2--;
		if (c2 == line)
			continue;
		const char *c1 = c2 - 1;
		while (c1 > line && c1[-1] != ':')
			c1--;
		if (c1 == line || n == MAX_REPORTS)
			continue;
		struct report *p = &r[n++];
		memset(p, 0, sizeof *p);
		const char *fs = line;
		for (const char *q = line; q < c1 - 1; q++)
			if (*q == '/')
				fs = q + 1;
		copy_str(p->file, sizeof p->file, fs, (size_t)(c1 - 1 - fs));
		p->line = atoi(c1);
		snprintf(p->msg, sizeof p->msg, "%s", err + 9);
		for (size_t k = 0; k < sizeof report_kinds / sizeof report_kinds[0]; k++)
			if (strncmp(p->msg, report_kinds[k].msg, strlen(report_kinds[k].msg)) == 0)
				p->kind = report_kinds[k].kind;
	}
	return n;
}

static int detected_today(enum bk_kind k)
{
	for (int i = 0; bugs_detected_today[i]; i++)
		if (strcmp(bugs_detected_today[i], bk_names[k]) == 0)
			return 1;
	return 0;
}

static int report_matches(const struct report *r, const struct bm_finding *f, unsigned model)
{
	if (r->kind == NULL || strcmp(r->kind, bk_names[f->kind]) != 0 || !(f->models & model))
		return 0;
	for (int j = 0; j < f->nlines; j++)
		if (strcmp(r->file, f->lines[j].file) == 0 && r->line == f->lines[j].line)
			return 1;
	return 0;
}

/*
** bugs_golden_compare: compares what simulee-c reported (R[0..NR), for warp
** MODEL) with the manifest's findings.  FINDINGS is M's list for the buggy
** kernel, or NULL for "no findings" (the fixed twin, a safe launch).
**
** Today: every report of a kind simulee-c detects must match an expected
** finding of the same kind at one of its lines under MODEL, and every
** expected finding of a kind in bugs_detected_today must be reported.
**
** Once the race, uninit and redundant-barrier detectors exist, add their
** kinds to bugs_detected_today and report_kinds, and compare the rest of
** each finding here, from --format=json rather than the text report: the
** two source lines of a race (as an unordered pair), its class among
** f->classes, its access kind among f->access, benign and its-only, and the
** variable; with the tolerances of docs/CORPUS-BUGS.md (an uninit report at
** a line of an expected race; a redundant-barrier report at the line of an
** expected barrier divergence).
*/
static void bugs_golden_compare(const struct bug_manifest *m, const struct bm_finding *findings,
				const struct report *r, int nr, unsigned model, const char *what)
{
	int nf = findings ? m->nfind : 0;
	for (int i = 0; i < nr; i++) {
		if (r[i].kind == NULL)
			continue;	/* a kind not compared yet: the hook above */
		int ok = 0;
		for (int k = 0; k < nf && !ok; k++)
			ok = report_matches(&r[i], &findings[k], model);
		ck_assert_msg(ok, "%s: unexpected finding %s:%d: %s", what, r[i].file, r[i].line,
			      r[i].msg);
	}
	for (int k = 0; k < nf; k++) {
		if (!detected_today(findings[k].kind) || !(findings[k].models & model))
			continue;
		int ok = 0;
		for (int i = 0; i < nr && !ok; i++)
			ok = report_matches(&r[i], &findings[k], model);
		ck_assert_msg(ok, "%s: %s expected (manifest line %d) but not reported", what,
			      bk_names[findings[k].kind], findings[k].at);
	}
}

/* Does this simulee-c take --warp-model?  Asked once. */
static int warp_model_supported(void)
{
	static int known = -1;
	if (known < 0) {
		const char *argv[] = { tu_env("SIMULEE_BIN"), "--help", NULL };
		struct tu_run r;
		ck_assert_int_eq(tu_run(&r, argv), 0);
		known = strstr(r.out, "--warp-model") != NULL || strstr(r.err, "--warp-model") != NULL;
		tu_run_free(&r);
	}
	return known;
}

/* Runs simulee-c on kernels/build/bugs/FILE.O0.bc with options A (data
** files made absolute) and MODEL (if the CLI takes it). */
static void run_kernel(struct tu_run *r, const char *file, const struct bm_argv *a,
		       const char *model)
{
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_msg(bin != NULL, "SIMULEE_BIN is not set");
	char rel[192];
	snprintf(rel, sizeof rel, "bugs/%s.O0.bc", file);
	char *bc = tu_kernel(rel);
	const char *argv[BM_MAX_ARGS + 8];
	char *owned[BM_MAX_ARGS];
	int n = 0, no = 0;
	argv[n++] = bin;
	argv[n++] = bc;
	for (int i = 0; i < a->n; i++) {
		const char *at = strstr(a->v[i], "=@");
		if (at != NULL && at[2] != '/') {
			char *path = bugs_path(at + 2);
			size_t len = (size_t)(at - a->v[i]) + strlen(path) + 3;
			char *opt = malloc(len);
			ck_assert_ptr_nonnull(opt);
			snprintf(opt, len, "%.*s=@%s", (int)(at - a->v[i]), a->v[i], path);
			free(path);
			owned[no++] = opt;
			argv[n++] = opt;
		} else {
			argv[n++] = a->v[i];
		}
	}
	char mopt[32];
	if (model != NULL) {
		snprintf(mopt, sizeof mopt, "--warp-model=%s", model);
		argv[n++] = mopt;
	}
	argv[n] = NULL;
	ck_assert_int_eq(tu_run(r, argv), 0);
	for (int i = 0; i < no; i++)
		free(owned[i]);
	free(bc);
}

START_TEST(manifest_run)
{
	const char *name = bug_names[_i];
	struct bug_manifest *m = malloc(sizeof *m);
	struct report *rep = malloc(MAX_REPORTS * sizeof *rep);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(rep);
	load_manifest(name, m);
	/* without --warp-model, simulee-c uses its default for sm_70 bitcode,
	** independent thread scheduling */
	int per_model = warp_model_supported();
	for (int mi = 0; mi < 2; mi++) {
		unsigned model = mi == 0 ? M_ITS : M_LOCKSTEP;
		if (!(m->models & model) || (!per_model && model != M_ITS))
			continue;
		const char *mname = per_model ? model_names[mi] : NULL;
		char fixed[160], what[256];
		snprintf(fixed, sizeof fixed, "%s_fixed", name);
		for (int which = 0; which < 3; which++) {
			if (which == 2 && !m->has_safe)
				continue;
			struct tu_run r;
			run_kernel(&r, which == 1 ? fixed : name, which == 2 ? &m->safe : &m->launch,
				   mname);
			snprintf(what, sizeof what, "%s%s (%s launch, %s)", name,
				 which == 1 ? "_fixed" : "", which == 2 ? "safe" : "manifest",
				 model_names[mi]);
			ck_assert_msg(r.status == 0 || (r.status == 1 && which != 1),
				      "%s: exit status %d; stdout: %s; stderr: %s", what, r.status,
				      r.out, r.err);
			int nr = parse_reports(r.out, rep, 0);
			nr = parse_reports(r.err, rep, nr);
			if (which == 1)
				ck_assert_msg(nr == 0, "%s: the fixed twin has findings: %s", what, r.out);
			bugs_golden_compare(m, which == 0 ? m->f : NULL, rep, nr, model, what);
			tu_run_free(&r);
		}
	}
	free(rep);
	free(m);
}
END_TEST

/* ---- the parser itself ------------------------------------------------------ */

START_TEST(parser_rejects)
{
	static const char *const bad[] = {
		"kernel k\n",	/* incomplete */
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed none\nbogus 1\n",
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed some\n",
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds sometimes: x\n"
		"fixed none\n",
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed none\nfinding race space=shared var=s class=intra-warp access=RAW "
		"benign=no its-only=no lines=k.cu:3\n",	/* one line */
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed none\nfinding race space=shared var=s class=intra-warp access=RAW "
		"benign=yes its-only=no lines=k.cu:3,k.cu:4\n",	/* benign read-write */
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed none\nfinding race space=shared var=s class=intra-warp access=WAW "
		"benign=no its-only=yes models=its,lockstep lines=k.cu:3,k.cu:4\n",
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed none\nfinding redundant-barrier models=lockstep lines=k.cu:3\n",
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed none\nfinding race space=local var=s class=intra-warp access=WAW "
		"benign=no its-only=no lines=k.cu:3,k.cu:4\n",
		"kernel k\npattern p\norigin o\nlaunch --block 32\nmodels its\nneeds none: x\n"
		"fixed none\nfinding barrier-divergence lines=k.cu:x\n",
		NULL
	};
	for (int i = 0; bad[i]; i++) {
		struct bug_manifest *m = malloc(sizeof *m);
		ck_assert_ptr_nonnull(m);
		char err[256] = "";
		ck_assert_msg(bm_parse(m, bad[i], err, sizeof err) != 0, "accepted bad manifest %d", i);
		ck_assert(err[0] != '\0');
		free(m);
	}
	struct bug_manifest *m = malloc(sizeof *m);
	ck_assert_ptr_nonnull(m);
	char err[256];
	const char *good = "# c\nkernel k\npattern p\norigin o r\nlaunch --grid 2 --block 64\n"
			   "models its lockstep\nneeds arg: n > 3\nfinding race space=shared var=s "
			   "class=intra-warp|inter-warp access=RAW|WAR benign=no its-only=yes "
			   "models=its lines=k.cu:3,k.cu:9\nfinding barrier-divergence "
			   "lines=k.cu:5,k.cu:7\nfixed none\n";
	ck_assert_msg(bm_parse(m, good, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(m->launch.n, 4);
	ck_assert_uint_eq(m->models, M_ITS | M_LOCKSTEP);
	ck_assert_int_eq(m->nfind, 2);
	ck_assert_uint_eq(m->f[0].classes, C_INTRA_WARP | C_INTER_WARP);
	ck_assert_uint_eq(m->f[0].access, A_RAW | A_WAR);
	ck_assert_int_eq(m->f[0].lines[1].line, 9);
	ck_assert_uint_eq(m->f[1].models, M_ITS | M_LOCKSTEP);
	ck_assert_str_eq(m->needs_kind, "arg");
	free(m);
}
END_TEST

Suite *bugs_suite(void)
{
	scan_manifests();
	Suite *s = suite_create("bugs");
	TCase *tc = tcase_create("bugs corpus");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, parser_rejects);
	tcase_add_test(tc, corpus_list);
	tcase_add_loop_test(tc, manifest_static, 0, nbugs);
	suite_add_tcase(s, tc);
	tc = tcase_create("bugs runs");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, manifest_run, 0, nbugs);
	suite_add_tcase(s, tc);
	return s;
}
