/*
** check_bugs.c: the bug corpus (kernels/bugs, docs/CORPUS-BUGS.md) and its
** golden tests.
**
** Every buggy kernel NAME.cu has a fixed twin NAME_fixed.cu and a manifest
** NAME.expect giving the launch and the expected findings.  Asserted here:
**   - the corpus as a whole: kernels/bugs.mk lists exactly the manifests,
**     the data files exist, every bug pattern the corpus promises is there,
**     and each scan family removes each of its barriers in turn;
**   - every manifest parses (bm_parse below is the reference parser of the
**     format), names its kernel in both sources, and every line it cites
**     carries a "// BUG" marker and the barrier or variable it talks about;
**     the twin carries no marker;
**   - the golden comparison (manifest_run, golden_compare): simulee-c
**     --format=json runs the buggy kernel at its launch in each warp model
**     the manifest lists, and the set of findings must equal the manifest's
**     entries for that model (kind, lines, space, variable, class, hazard,
**     benign, its-only; each member of a group as a finding of its own): a
**     missed finding and an extra one both fail, and the report lists at
**     most two errors (errors_allowed: one finding per mistake).  The
**     fixed twin and the safe launch must report nothing, in both models.
**     Uninit entries are skipped (no detector yet); the engine's known gaps
**     are listed, with their reasons, in golden_gaps.
*/
#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests.h"

/* ---- the manifest ------------------------------------------------------- */

enum bk_kind { BK_RACE, BK_BD, BK_RB, BK_UNINIT, BK_OOB, BK_INVALID, BK_WD, BK_WS, BK__N };
static const char *const bk_names[BK__N] = {
	[BK_RACE] = "race", [BK_BD] = "barrier-divergence", [BK_RB] = "redundant-barrier",
	[BK_UNINIT] = "uninit", [BK_OOB] = "oob", [BK_INVALID] = "invalid-pointer",
	[BK_WD] = "warp-deadlock", [BK_WS] = "warp-sync",
};

enum { M_ITS = 1, M_LOCKSTEP = 2 };
enum { C_INTRA_WARP = 1, C_INTER_WARP = 2, C_INTER_BLOCK = 4 };
enum { A_RAW = 1, A_WAR = 2, A_WAW = 4 };
enum { SP_NONE, SP_SHARED, SP_GLOBAL, SP_LOCAL };

#define BM_MAX_ARGS 48
#define BM_MAX_FINDINGS 32
#define BM_MAX_LINES 2
#define BM_MAX_EXITS 4

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
	int nexits;		/* barrier-divergence: where exited threads left */
	struct bm_line exits[BM_MAX_EXITS];
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
	int nalso;		/* search-also: what the search may report besides */
	struct bm_finding also[BM_MAX_FINDINGS];
	char declare[256];	/* options the search keeps too (declarations) */
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

/* FILE:LINE[,FILE:LINE...] into L[0..MAX), *N of them: 0, or -1. */
static int parse_lines(const char *v, struct bm_line *l, int max, int *n)
{
	for (const char *p = v; *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		const char *colon = memchr(p, ':', len);
		if (colon == NULL || *n == max)
			return -1;
		struct bm_line *x = &l[(*n)++];
		char num[16];
		if (copy_str(x->file, sizeof x->file, p, (size_t)(colon - p)) != 0
		    || copy_str(num, sizeof num, colon + 1, len - (size_t)(colon + 1 - p)) != 0)
			return -1;
		char *end;
		long k = strtol(num, &end, 10);
		if (*end != '\0' || k <= 0)
			return -1;
		x->line = (int)k;
		p += len;
		if (*p)
			p++;
	}
	return 0;
}

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
				 : strcmp(v, "global") == 0 ? SP_GLOBAL
				 : strcmp(v, "local") == 0 ? SP_LOCAL : -1;
			if (f->space < 0)
				BM_FAIL("line %d: space must be shared, global or local", at);
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
			if (parse_lines(v, f->lines, BM_MAX_LINES, &f->nlines) != 0)
				BM_FAIL("line %d: lines are FILE:LINE[,FILE:LINE]", at);
		} else if (strcmp(key, "exits") == 0) {
			if (parse_lines(v, f->exits, BM_MAX_EXITS, &f->nexits) != 0)
				BM_FAIL("line %d: exits are FILE:LINE[,FILE:LINE...]", at);
		} else {
			BM_FAIL("line %d: unknown key '%s'", at, key);
		}
	}
	if (f->nexits && f->kind != BK_BD)
		BM_FAIL("line %d: only a barrier-divergence takes exits", at);
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
	case BK_WD:
	case BK_WS:
		if (f->nlines != 1 || f->space || f->classes || f->access || f->var[0])
			BM_FAIL("line %d: %s takes one line (and models) only", at, bk_names[f->kind]);
		break;
	case BK_UNINIT:
	case BK_OOB:
	case BK_INVALID:
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
		} else if (strcmp(key, "declare") == 0) {
			if (m->declare[0] || copy_str(m->declare, sizeof m->declare, rest, strlen(rest)))
				BM_FAIL("line %d: declare repeated or too long", at);
		} else if (strcmp(key, "fixed") == 0) {
			if (m->has_fixed++ || strcmp(rest, "none") != 0)
				BM_FAIL("line %d: the only fixed value is 'none'", at);
		} else if (strcmp(key, "finding") == 0) {
			if (m->nfind == BM_MAX_FINDINGS)
				BM_FAIL("line %d: too many findings", at);
			if (parse_finding(&m->f[m->nfind++], rest, at, err, errlen) != 0)
				return -1;
		} else if (strcmp(key, "search-also") == 0) {
			if (m->nalso == BM_MAX_FINDINGS)
				BM_FAIL("line %d: too many search-also entries", at);
			if (parse_finding(&m->also[m->nalso++], rest, at, err, errlen) != 0)
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
	"uninit-shared", "dynamic-shared-size", "missing-release-fence", "intra-warp-spin-lock",
	"lock-missing-fence", "flag-handover", "insufficient-scope",
	"grid-sync-missing", "grid-barrier-divergence",
	"buffer-underflow", "pointer-moved-far", "local-oob", "uninit-global", "heap-oob",
	"heap-use-after-free", "heap-double-free", "uninit-local",
	"ptx-predicated-store",
	"surface-write-race", "surface-out-of-range", "texture-clamp-border",
	"struct-pointer-field", "byval-param-copy", "function-pointer-param",
	"pointer-table", "sync-mask-without-self", "launch-then-write", "recursive-launch", NULL
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
	static char kernels[16384], data[4096], tk[2048];
	mk_list(mk, "BUG_KERNELS", kernels, sizeof kernels);
	/* the kernels that need the toolkit's headers are manifests too */
	mk_list(mk, "BUG_KERNELS_TOOLKIT", tk, sizeof tk);
	size_t kl = strlen(kernels);
	ck_assert_uint_lt(kl + strlen(tk), sizeof kernels);
	memcpy(kernels + kl, tk + 1, strlen(tk));
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
			/* a block's barrier, or a cooperative group's sync */
			if (f->kind == BK_BD || f->kind == BK_RB)
				ck_assert_msg(strstr(code, "__syncthreads(") != NULL
					      || strstr(code, ".sync(") != NULL,
					      "%s.expect:%d: %s:%d is not a barrier", name, f->at,
					      own, l->line);
			else if (f->kind == BK_WS)	/* a warp-level *_sync call */
				ck_assert_msg(strstr(code, "_sync(") != NULL
					      || strstr(code, "__syncwarp(") != NULL,
					      "%s.expect:%d: %s:%d is not a warp-level sync", name,
					      f->at, own, l->line);
			else	/* VAR, an access through a pointer to it, or a
				** free of a heap block */
				ck_assert_msg(uses_ident(code, f->var) || strchr(code, '[') != NULL
					      || (f->kind == BK_INVALID && (strstr(code, "free(") != NULL
									|| strstr(code, "delete") != NULL)),
					      "%s.expect:%d: %s:%d does not access %s", name, f->at,
					      own, l->line, f->var);
		}
		for (int j = 0; j < f->nexits; j++) {
			const struct bm_line *l = &f->exits[j];
			char code[1024];
			ck_assert_msg(strcmp(l->file, own) == 0 && text_line(bug, l->line, line,
										sizeof line) == 0,
				      "%s.expect:%d: no exit line %s:%d", name, f->at, l->file, l->line);
			ck_assert_msg(has_marker(line), "%s.expect:%d: %s:%d has no // BUG marker: %s",
				      name, f->at, own, l->line, line);
			code_part(line, code, sizeof code);
			ck_assert_msg(uses_ident(code, "return"), "%s.expect:%d: %s:%d is not a "
				      "return", name, f->at, own, l->line);
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

/* ---- one manifest: running the kernels, the golden comparison -------------- */

/*
** Known engine gaps: mismatches between a manifest and simulee-c that are
** the engine's fault, not the manifest's (each manifest entry below was
** checked against CUDA semantics and docs/MODEL.md).  A listed mismatch is
** printed and tolerated; a listed mismatch that no longer occurs fails, so
** the entry is removed when the engine is fixed.  Only buggy kernels at
** their manifest launch can have gaps: twins and safe launches are clean.
**
** KEY is the mismatch as golden_compare() names it:
**   "missing KIND LINES[ ACCESS]"  an expected entry no report matched;
**   "extra KIND LINES[ its-only][ benign]"  a report no entry matched;
** LINES are the cited line numbers in ascending order, comma-separated.
*/
static const struct golden_gap {
	const char *kernel;
	unsigned models;
	const char *key;
	const char *why;
} golden_gaps[] = {
	/* none now; the last entry ends the table */
	{ NULL, 0, NULL, NULL },
};
enum { NGAPS = sizeof golden_gaps / sizeof golden_gaps[0] - 1 };

/*
** Uninitialized reads: the manifests' uninit entries are required like
** every other kind (the shared-memory detector in exec/exec.c).  Set
** this to 0 only to bisect; it makes them skipped and printed.
*/
static const int golden_uninit_detected = 1;

/* A finding of simulee-c's JSON report, reduced to what a manifest states. */
struct golden_report {
	int kind;		/* enum bk_kind, or -1: a kind no manifest expects */
	char kind_name[32];	/* the report's "kind" */
	int nloc;
	struct bm_line loc[BM_MAX_LINES];
	int space;		/* SP_*, -1 for another space */
	char where[64];		/* "NAME[INDEX]", "" when none */
	char var[48];		/* NAME */
	unsigned cls, hazard;	/* one C_* and one A_* bit (races), else 0 */
	int benign, its_only;
	int error;		/* severity "error" */
	int nexit;		/* barrier divergence: its exited groups' places */
	struct bm_line exit[8];
};

#define MAX_REPORTS 64

static const char *const report_kinds[BK__N] = {
	[BK_RACE] = "data-race", [BK_BD] = "barrier-divergence",
	[BK_RB] = "redundant-barrier", [BK_UNINIT] = "uninitialized-read",
	[BK_OOB] = "out-of-bounds", [BK_INVALID] = "invalid-pointer", [BK_WD] = "warp-deadlock",
	[BK_WS] = "warp-sync-divergence",
};

static const char *jstring(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Index of S in the NULL-terminated NAMES as a bit, 0 if absent or NULL. */
static unsigned name_bit(const char *s, const char *const *names)
{
	for (int i = 0; s && names[i]; i++)
		if (strcmp(s, names[i]) == 0)
			return 1u << i;
	return 0;
}

/*
** The groups of barrier-divergence finding F of DOC agree with its
** locations (LOC[0..NLOC)): the first group waits at the barrier
** (locations[0]), the first other-barrier group at locations[1] when there
** is one, and none when there is not; each group's ranges hold its count
** of threads; the groups hold every thread of the launch's block once.
*/
static void check_divergence(const cJSON *doc, const cJSON *f, const struct bm_line *loc,
			     int nloc)
{
	const cJSON *dv = cJSON_GetObjectItemCaseSensitive(f, "divergence");
	ck_assert_msg(cJSON_IsObject(dv), "a barrier divergence without its groups");
	const cJSON *launch = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "launches"),
						 cJSON_GetObjectItemCaseSensitive(f, "launch")->valueint);
	ck_assert_ptr_nonnull(launch);
	int nt = 1;
	for (int i = 0; i < 3; i++)
		nt *= cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(launch, "block"), i)->valueint;
	const cJSON *g;
	int total = 0, idx = 0, others = 0;
	static unsigned char seen[1024];
	memset(seen, 0, sizeof seen);
	cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(dv, "groups")) {
		const char *state = jstring(g, "state");
		const cJSON *gl = cJSON_GetObjectItemCaseSensitive(g, "location");
		int line = cJSON_IsObject(gl) ? cJSON_GetObjectItemCaseSensitive(gl, "line")->valueint : 0;
		if (idx == 0)
			ck_assert_msg(strcmp(state, "waiting") == 0 && line == loc[0].line,
				      "the first group (%s at line %d) is not the barrier's (%d)", state,
				      line, loc[0].line);
		else
			ck_assert_msg(strcmp(state, "waiting") != 0, "two waiting groups");
		if (strcmp(state, "other-barrier") == 0 && others++ == 0)
			ck_assert_msg(nloc == 2 && line == loc[1].line, "other barrier at line %d, "
				      "locations %d", line, nloc == 2 ? loc[1].line : 0);
		int count = cJSON_GetObjectItemCaseSensitive(g, "count")->valueint, held = 0;
		const cJSON *r;
		cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(g, "ranges")) {
			int a = cJSON_GetArrayItem(r, 0)->valueint, b = cJSON_GetArrayItem(r, 1)->valueint;
			int step = cJSON_GetArrayItem(r, 2)->valueint;
			ck_assert_msg(step >= 1 && a <= b && b < nt && (b - a) % step == 0,
				      "bad range [%d,%d,%d] in a block of %d", a, b, step, nt);
			for (int t = a; t <= b; t += step) {
				ck_assert_msg(!seen[t], "thread %d in two groups", t);
				seen[t] = 1;
				held++;
			}
		}
		ck_assert_int_eq(held, count);
		total += count;
		idx++;
	}
	ck_assert_msg(others > 0 || nloc == 1, "a second location but no other barrier");
	ck_assert_int_eq(total, nt);
}

/* Reads finding (or group member) F of report DOC into *P. */
static void golden_one(const cJSON *doc, const cJSON *f, struct golden_report *p)
{
	memset(p, 0, sizeof *p);
	const char *kind = jstring(f, "kind"), *severity = jstring(f, "severity");
	ck_assert(kind != NULL && severity != NULL);	/* the schema requires them */
	snprintf(p->kind_name, sizeof p->kind_name, "%s", kind);
	p->kind = -1;
	for (int k = 0; k < BK__N; k++)
		if (strcmp(kind, report_kinds[k]) == 0)
			p->kind = k;
	const cJSON *l;
	cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(f, "locations")) {
		ck_assert_msg(p->nloc < BM_MAX_LINES, "a %s finding with more than %d locations",
			      kind, BM_MAX_LINES);
		const char *file = jstring(l, "file");
		const char *base = file ? strrchr(file, '/') : NULL;
		struct bm_line *bl = &p->loc[p->nloc++];
		snprintf(bl->file, sizeof bl->file, "%s", base ? base + 1 : file ? file : "?");
		bl->line = cJSON_GetObjectItemCaseSensitive(l, "line")->valueint;
	}
	const char *space = jstring(f, "space");
	p->space = space == NULL ? SP_NONE : strcmp(space, "shared") == 0 ? SP_SHARED
		 : strcmp(space, "global") == 0 ? SP_GLOBAL
		 : strcmp(space, "local") == 0 ? SP_LOCAL : -1;
	const char *where = jstring(f, "where");
	snprintf(p->where, sizeof p->where, "%s", where ? where : "");
	snprintf(p->var, sizeof p->var, "%.*s", (int)strcspn(p->where, "["), p->where);
	p->cls = name_bit(jstring(f, "class"), class_names);
	p->hazard = name_bit(jstring(f, "hazard"), access_names);
	p->benign = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(f, "benign"));
	p->its_only = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(f, "its_only"));
	p->error = strcmp(severity, "error") == 0;
	if (p->kind == BK_RACE)
		ck_assert_msg(p->nloc == 2 && p->cls && p->hazard, "a data race without two "
			      "locations, a class and a hazard");
	if (p->kind == BK_BD) {
		check_divergence(doc, f, p->loc, p->nloc);
		const cJSON *g;
		cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(
					   cJSON_GetObjectItemCaseSensitive(f, "divergence"), "groups")) {
			const cJSON *gl = cJSON_GetObjectItemCaseSensitive(g, "location");
			if (strcmp(jstring(g, "state"), "exited") != 0 || !cJSON_IsObject(gl))
				continue;
			ck_assert_int_lt(p->nexit, 8);
			const char *file = jstring(gl, "file");
			const char *base = file ? strrchr(file, '/') : NULL;
			struct bm_line *bl = &p->exit[p->nexit++];
			snprintf(bl->file, sizeof bl->file, "%s", base ? base + 1 : file ? file : "?");
			bl->line = cJSON_GetObjectItemCaseSensitive(gl, "line")->valueint;
		}
	}
}

/* The errors report DOC lists: its findings of severity error, each group
** once (what a user reads). */
static int golden_errors(const cJSON *doc)
{
	const cJSON *f;
	int n = 0;
	cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings"))
		n += strcmp(jstring(f, "severity"), "error") == 0;
	return n;
}

/* Reads the findings of report DOC (schema-checked) into R[0..MAX_REPORTS),
** each member of a group (report/group.c) as a finding of its own: the
** manifests state what the detectors saw, access pair by access pair;
** returns their number. */
static int golden_parse(const cJSON *doc, struct golden_report *r)
{
	const cJSON *fs = cJSON_GetObjectItemCaseSensitive(doc, "findings"), *f;
	int n = 0;
	cJSON_ArrayForEach(f, fs) {
		const cJSON *ms = cJSON_GetObjectItemCaseSensitive(f, "members"), *m;
		if (!cJSON_IsArray(ms)) {
			ck_assert_msg(n < MAX_REPORTS, "more than %d findings", MAX_REPORTS);
			golden_one(doc, f, &r[n++]);
			ck_assert(r[n - 1].kind == BK_BD
				  || cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(f, "divergence")));
			continue;
		}
		cJSON_ArrayForEach(m, ms) {
			ck_assert_msg(n < MAX_REPORTS, "more than %d findings", MAX_REPORTS);
			golden_one(doc, m, &r[n++]);
		}
	}
	return n;
}

static int same_line(const struct bm_line *a, const struct bm_line *b)
{
	return a->line == b->line && strcmp(a->file, b->file) == 0;
}

/* Whether every line of A[0..NA) is one of B[0..NB). */
static int lines_within(const struct bm_line *a, int na, const struct bm_line *b, int nb)
{
	for (int i = 0; i < na; i++) {
		int seen = 0;
		for (int j = 0; j < nb && !seen; j++)
			seen = same_line(&a[i], &b[j]);
		if (!seen)
			return 0;
	}
	return 1;
}

static int among_lines(const struct bm_line *l, const struct bm_finding *f)
{
	for (int j = 0; j < f->nlines; j++)
		if (same_line(l, &f->lines[j]))
			return 1;
	return 0;
}

/* Does report R match expected entry F exactly (docs/CORPUS-BUGS.md,
** "What the expectations mean")?  The model was checked by the caller. */
static int golden_matches(const struct golden_report *r, const struct bm_finding *f)
{
	if (r->kind != (int)f->kind)
		return 0;
	switch (f->kind) {
	case BK_RACE:
		/* the two accesses as an unordered pair; class and hazard among
		** the entry's; the flags exactly */
		if (!((same_line(&r->loc[0], &f->lines[0]) && same_line(&r->loc[1], &f->lines[1]))
		      || (same_line(&r->loc[0], &f->lines[1]) && same_line(&r->loc[1], &f->lines[0]))))
			return 0;
		return r->space == f->space && strcmp(r->var, f->var) == 0
		       && (r->cls & f->classes) != 0 && (r->hazard & f->access) != 0
		       && r->benign == f->benign && r->its_only == f->its_only;
	case BK_BD:	/* exactly: the barrier, and the other barrier others wait at;
			** where threads exited, when the entry says: the same places */
		return r->nloc > 0 && lines_within(r->loc, r->nloc, f->lines, f->nlines)
		       && lines_within(f->lines, f->nlines, r->loc, r->nloc)
		       && (f->nexits == 0 || (lines_within(r->exit, r->nexit, f->exits, f->nexits)
					       && lines_within(f->exits, f->nexits, r->exit, r->nexit)));
	case BK_RB:
	case BK_WD:
	case BK_WS:
		return r->nloc == 1 && same_line(&r->loc[0], &f->lines[0]);
	case BK_UNINIT:
	case BK_OOB:
	case BK_INVALID:
		return r->nloc >= 1 && same_line(&r->loc[0], &f->lines[0]) && r->space == f->space
		       && strcmp(r->var, f->var) == 0;
	default:
		return 0;
	}
}

/* The tolerances of docs/CORPUS-BUGS.md: an uninit report at a line of an
** expected race, a redundant-barrier report at an expected divergence. */
static int golden_tolerated(const struct golden_report *r, const struct bm_finding *f, int nf,
			    unsigned model)
{
	for (int k = 0; k < nf; k++) {
		if (!(f[k].models & model) || r->nloc < 1)
			continue;
		if ((r->kind == BK_UNINIT && f[k].kind == BK_RACE)
		    || (r->kind == BK_RB && f[k].kind == BK_BD))
			if (among_lines(&r->loc[0], &f[k]))
				return 1;
	}
	return 0;
}

/* A growing string for the failure message. */
struct sbuf {
	char *s;
	size_t n, cap;
};

static void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	ck_assert_int_ge(len, 0);
	if (b->n + (size_t)len + 1 > b->cap) {
		b->cap = (b->n + (size_t)len + 1) * 2;
		b->s = realloc(b->s, b->cap);
		ck_assert_ptr_nonnull(b->s);
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
	b->n += (size_t)len;
}

/* LINES in ascending order, comma-separated: the line number alone for
** KERNEL.cu, FILE:LINE for any other file. */
static void lines_key(struct sbuf *b, const char *kernel, const struct bm_line *l, int n)
{
	int order[BM_MAX_LINES] = { 0, 1 };
	if (n == 2 && (l[1].line < l[0].line
		       || (l[1].line == l[0].line && strcmp(l[1].file, l[0].file) < 0))) {
		order[0] = 1;
		order[1] = 0;
	}
	size_t klen = strlen(kernel);
	for (int i = 0; i < n; i++) {
		const struct bm_line *x = &l[order[i]];
		int own = strncmp(x->file, kernel, klen) == 0 && strcmp(x->file + klen, ".cu") == 0;
		sb_printf(b, "%s%s%s%d", i ? "," : "", own ? "" : x->file, own ? "" : ":", x->line);
	}
}

static void set_names(struct sbuf *b, unsigned set, const char *const *names)
{
	int first = 1;
	for (int i = 0; names[i]; i++)
		if (set & (1u << i)) {
			sb_printf(b, "%s%s", first ? "" : "|", names[i]);
			first = 0;
		}
}

static void entry_desc(struct sbuf *b, const char *name, const struct bm_finding *f)
{
	sb_printf(b, "%s.expect:%d: %s ", name, f->at, bk_names[f->kind]);
	lines_key(b, name, f->lines, f->nlines);
	for (int i = 0; i < f->nexits; i++)
		sb_printf(b, "%s%d", i ? "," : " exits ", f->exits[i].line);
	if (f->space)
		sb_printf(b, " %s %s", f->space == SP_SHARED ? "shared" : f->space == SP_LOCAL ? "local"
			  : "global", f->var);
	if (f->kind == BK_RACE) {
		sb_printf(b, " ");
		set_names(b, f->classes, class_names);
		sb_printf(b, " ");
		set_names(b, f->access, access_names);
		sb_printf(b, "%s%s", f->its_only == 1 ? " its-only" : "", f->benign == 1 ? " benign" : "");
	}
}

static void report_desc(struct sbuf *b, const char *name, const struct golden_report *r)
{
	sb_printf(b, "%s ", r->kind_name);
	lines_key(b, name, r->loc, r->nloc);
	for (int i = 0; i < r->nexit; i++)
		sb_printf(b, "%s%d", i ? "," : " exits ", r->exit[i].line);
	if (r->where[0])
		sb_printf(b, " %s %s", r->space == SP_SHARED ? "shared" : r->space == SP_GLOBAL
			  ? "global" : r->space == SP_LOCAL ? "local" : "other", r->where);
	if (r->kind == BK_RACE) {
		sb_printf(b, " ");
		set_names(b, r->cls, class_names);
		sb_printf(b, " ");
		set_names(b, r->hazard, access_names);
		sb_printf(b, "%s%s", r->its_only ? " its-only" : "", r->benign ? " benign" : "");
	}
}

/* Counts over the runs of one manifest, printed at its end. */
struct golden_counts {
	int expected, matched, skipped, gaps, tolerated;
};

/* One mismatch KEY (DESC: the report or entry): printed if golden_gaps
** lists it for M's kernel and MODEL (and GAPS_APPLY), which marks the gap
** in SEEN; else appended to FAIL.  Returns 1 for a failure, 0 for a gap. */
static int mismatch(const struct bug_manifest *m, unsigned model, int gaps_apply,
		    const char *what, const char *key, const char *desc, int *seen,
		    struct sbuf *fail, struct golden_counts *c)
{
	for (int g = 0; g < NGAPS && gaps_apply; g++)
		if (strcmp(golden_gaps[g].kernel, m->kernel) == 0 && (golden_gaps[g].models & model)
		    && strcmp(golden_gaps[g].key, key) == 0) {
			seen[g] = 1;
			c->gaps++;
			printf("%s: KNOWN ENGINE GAP: %s (%s)\n", what, key, golden_gaps[g].why);
			return 0;
		}
	sb_printf(fail, "  %s: %s\n", key, desc);
	return 1;
}

/*
** golden_compare: compares the findings simulee-c reported (R[0..NR), for
** warp MODEL) with the expected entries F[0..NF) of manifest M (NF = 0 for
** the fixed twin and the safe launch: nothing may be reported).  Every
** report must match an entry listed for MODEL (golden_matches) or be one of
** the two tolerances; every entry listed for MODEL must be matched by a
** report, uninit entries excepted while golden_uninit_detected is 0.
** Mismatches listed in golden_gaps (GAPS_APPLY: the buggy kernel at its
** launch) are printed, not failed; a listed gap that did not occur fails.
** WHAT names the run in messages.  Adds to *C.
*/
static void golden_compare(const struct bug_manifest *m, const struct bm_finding *f, int nf,
			   const struct golden_report *r, int nr, unsigned model, int gaps_apply,
			   const char *what, struct golden_counts *c)
{
	const char *name = m->kernel;
	struct sbuf fail = { 0 }, key = { 0 }, desc = { 0 };
	int seen_gap[NGAPS + 1] = { 0 }, nfail = 0;
	int matched[BM_MAX_FINDINGS] = { 0 };

	for (int i = 0; i < nr; i++) {
		int ok = 0;
		for (int k = 0; k < nf; k++)
			if ((f[k].models & model) && golden_matches(&r[i], &f[k]))
				ok = matched[k] = 1;
		if (ok)
			continue;
		if (golden_tolerated(&r[i], f, nf, model)) {
			c->tolerated++;
			continue;
		}
		key.n = desc.n = 0;
		sb_printf(&key, "extra %s ", r[i].kind >= 0 ? bk_names[r[i].kind] : r[i].kind_name);
		lines_key(&key, name, r[i].loc, r[i].nloc);
		sb_printf(&key, "%s%s", r[i].its_only ? " its-only" : "", r[i].benign ? " benign" : "");
		report_desc(&desc, name, &r[i]);
		nfail += mismatch(m, model, gaps_apply, what, key.s, desc.s, seen_gap, &fail, c);
	}
	for (int k = 0; k < nf; k++) {
		if (!(f[k].models & model))
			continue;
		c->expected++;
		if (f[k].kind == BK_UNINIT && !golden_uninit_detected) {
			c->skipped++;
			printf("%s: NOTE: %s.expect:%d: uninit expectation not compared: simulee-c has "
			       "no uninitialized-read detector yet\n", what, name, f[k].at);
			continue;
		}
		if (matched[k]) {
			c->matched++;
			continue;
		}
		key.n = desc.n = 0;
		sb_printf(&key, "missing %s ", bk_names[f[k].kind]);
		lines_key(&key, name, f[k].lines, f[k].nlines);
		if (f[k].kind == BK_RACE) {
			sb_printf(&key, " ");
			set_names(&key, f[k].access, access_names);
		}
		entry_desc(&desc, name, &f[k]);
		nfail += mismatch(m, model, gaps_apply, what, key.s, desc.s, seen_gap, &fail, c);
	}
	for (int i = 0; i < NGAPS; i++)
		if (gaps_apply && strcmp(golden_gaps[i].kernel, name) == 0
		    && (golden_gaps[i].models & model) && !seen_gap[i]) {
			nfail++;
			sb_printf(&fail, "  listed engine gap did not occur (remove it from "
				  "golden_gaps): %s\n", golden_gaps[i].key);
		}
	if (nfail > 0) {
		sb_printf(&fail, "expected (%s):\n", model == M_ITS ? "its" : "lockstep");
		for (int k = 0; k < nf; k++)
			if (f[k].models & model) {
				sb_printf(&fail, "  ");
				entry_desc(&fail, name, &f[k]);
				sb_printf(&fail, "\n");
			}
		sb_printf(&fail, "reported:\n");
		for (int i = 0; i < nr; i++) {
			sb_printf(&fail, "  ");
			report_desc(&fail, name, &r[i]);
			sb_printf(&fail, "\n");
		}
		ck_abort_msg("%s: %d mismatches with the manifest:\n%s", what, nfail, fail.s);
	}
	free(fail.s);
	free(key.s);
	free(desc.s);
}

/* Whether kernel NAME is in BUG_KERNELS_TOOLKIT (it includes the CUDA
** toolkit's own headers) and no toolkit was configured: then its bitcode
** was never built, and the runs skip it with a message. */
static int toolkit_missing(const char *name)
{
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	if (cuda != NULL && cuda[0] != '\0')
		return 0;
	char *mkpath = malloc(strlen(srcdir()) + 32);
	ck_assert_ptr_nonnull(mkpath);
	sprintf(mkpath, "%s/kernels/bugs.mk", srcdir());
	char *mk = slurp(mkpath);
	ck_assert_msg(mk != NULL, "cannot read %s", mkpath);
	free(mkpath);
	static char tk[2048];
	mk_list(mk, "BUG_KERNELS_TOOLKIT", tk, sizeof tk);
	free(mk);
	if (!in_list(tk, name))
		return 0;
	printf("skipped %s: it needs a CUDA toolkit's headers, and configure found none\n", name);
	fflush(stdout);
	return 1;
}

/* Runs simulee-c --format=json --warp-model=MODEL on
** kernels/build/bugs/FILE.O0.bc with options A (data files made absolute),
** naming the manifest's kernel (FILE without _fixed): a file that launches
** kernels from device code holds the child kernels too. */
static void run_kernel_with(struct tu_run *r, const char *file, const struct bm_argv *a,
			    const char *model, const char *const *extra)
{
	const char *bin = tu_env("SIMULEE_BIN");
	ck_assert_msg(bin != NULL, "SIMULEE_BIN is not set");
	char rel[192];
	snprintf(rel, sizeof rel, "bugs/%s.O0.bc", file);
	char *bc = tu_kernel(rel);
	const char *argv[BM_MAX_ARGS + 10];
	char *owned[BM_MAX_ARGS];
	int n = 0, no = 0;
	char kernel[160];
	size_t fl = strlen(file);
	snprintf(kernel, sizeof kernel, "%.*s", (int)(fl > 6 && strcmp(file + fl - 6, "_fixed") == 0
						     ? fl - 6 : fl), file);
	argv[n++] = bin;
	argv[n++] = bc;
	argv[n++] = "--kernel";
	argv[n++] = kernel;
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
	snprintf(mopt, sizeof mopt, "--warp-model=%s", model);
	argv[n++] = mopt;
	argv[n++] = "--format=json";
	for (; extra && *extra && n < BM_MAX_ARGS + 8; extra++)
		argv[n++] = *extra;
	argv[n] = NULL;
	ck_assert_int_eq(tu_run(r, argv), 0);
	for (int i = 0; i < no; i++)
		free(owned[i]);
	free(bc);
}

static void run_kernel(struct tu_run *r, const char *file, const struct bm_argv *a,
		       const char *model)
{
	run_kernel_with(r, file, a, model, NULL);
}

/*
** One finding per mistake (report/group.c): the report of a buggy kernel
** at its launch lists at most two errors (a race and, say, the divergence
** it comes with), but for the kernels below, whose manifests hold more
** than one mistake or one that CUDA words as several.
*/
static int errors_allowed(const char *name)
{
	static const struct { const char *name; int errors; } many[] = {
		/* two missing barriers, each before reads of two arrays */
		{ "smo_reuse_races", 4 },
	};
	for (size_t i = 0; i < sizeof many / sizeof many[0]; i++)
		if (strcmp(name, many[i].name) == 0)
			return many[i].errors;
	return 2;
}

/*
** manifest_run: the buggy kernel at its launch, in each model the manifest
** lists, must report exactly the manifest's findings for that model (so a
** finding listed for one model only must be absent in the other); its
** fixed twin at the same launch and the buggy kernel at its safe launch
** must report nothing, in both models.
*/
START_TEST(manifest_run)
{
	const char *name = bug_names[_i];
	if (toolkit_missing(name))
		return;
	struct bug_manifest *m = malloc(sizeof *m);
	struct golden_report *rep = malloc(MAX_REPORTS * sizeof *rep);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(rep);
	load_manifest(name, m);
	struct golden_counts c = { 0 };
	int runs = 0;
	for (int mi = 0; mi < 2; mi++) {
		unsigned model = mi == 0 ? M_ITS : M_LOCKSTEP;
		char fixed[160], what[256];
		snprintf(fixed, sizeof fixed, "%s_fixed", name);
		for (int which = 0; which < 3; which++) {
			if ((which == 0 && !(m->models & model)) || (which == 2 && !m->has_safe))
				continue;
			struct tu_run r;
			run_kernel(&r, which == 1 ? fixed : name, which == 2 ? &m->safe : &m->launch,
				   model_names[mi]);
			snprintf(what, sizeof what, "%s%s (%s launch, %s)", name,
				 which == 1 ? "_fixed" : "", which == 2 ? "safe" : "manifest",
				 model_names[mi]);
			ck_assert_msg(r.status == 0 || r.status == 1,
				      "%s: exit status %d; stdout: %s; stderr: %s", what, r.status,
				      r.out, r.err);
			cJSON *doc = tu_check_report_json(r.out);
			ck_assert_str_eq(jstring(doc, "warp_model"), model_names[mi]);
			int nr = golden_parse(doc, rep);
			if (which == 0) {
				int want = errors_allowed(name);
				ck_assert_msg(golden_errors(doc) <= want, "%s: %d errors listed, one "
					      "mistake shows at most %d", what, golden_errors(doc), want);
			}
			int errors = 0;
			for (int i = 0; i < nr; i++)
				errors += rep[i].error;
			ck_assert_msg(r.status == (errors > 0), "%s: exit status %d with %d errors",
				      what, r.status, errors);
			golden_compare(m, m->f, which == 0 ? m->nfind : 0, rep, nr, model, which == 0,
				       what, &c);
			cJSON_Delete(doc);
			tu_run_free(&r);
			runs++;
		}
	}
	ck_assert_int_ge(runs, 3);	/* the buggy kernel and its twin, in both models */
	printf("golden %s: %d runs, %d expected findings, %d matched, %d known engine gaps, "
	       "%d uninit skipped, %d tolerated\n", name, runs, c.expected, c.matched, c.gaps,
	       c.skipped, c.tolerated);
	fflush(stdout);
	free(rep);
	free(m);
}
END_TEST

/*
** prune_same (GMRace's pruning, exec/prune.h): every buggy kernel and
** its fixed twin at the manifest's launch, in each model it lists, report
** exactly the same findings with the sites that cannot race kept out of
** the model (the default) as with every access in it (--no-prune), and
** the buggy kernel's default search gives the same report.  One
** test over the whole corpus, so that it can also say how much was pruned
** and fail if the pruning never happened at all.
*/
START_TEST(prune_same)
{
	uint64_t pruned = 0, total = 0;
	int runs = 0, with = 0, searches = 0;
	for (int b = 0; b < nbugs; b++) {
		const char *name = bug_names[b];
		if (toolkit_missing(name))
			continue;
		struct bug_manifest *m = malloc(sizeof *m);
		ck_assert_ptr_nonnull(m);
		load_manifest(name, m);
		for (int mi = 0; mi < 2; mi++) {
			unsigned model = mi == 0 ? M_ITS : M_LOCKSTEP;
			if (!(m->models & model))
				continue;
			for (int fixed = 0; fixed < 2; fixed++) {
				char file[160];
				snprintf(file, sizeof file, "%s%s", name, fixed ? "_fixed" : "");
				static const char *const verbose[] = { "--verbose", NULL };
				static const char *const noprune[] = { "--no-prune", NULL };
				struct tu_run a, n;
				run_kernel_with(&a, file, &m->launch, model_names[mi], verbose);
				run_kernel_with(&n, file, &m->launch, model_names[mi], noprune);
				ck_assert_msg(a.status == n.status, "%s (%s): exit status %d pruned, %d not",
					      file, model_names[mi], a.status, n.status);
				cJSON *da = tu_check_report_json(a.out), *dn = tu_check_report_json(n.out);
				const cJSON *fa = cJSON_GetObjectItemCaseSensitive(da, "findings");
				const cJSON *fn = cJSON_GetObjectItemCaseSensitive(dn, "findings");
				ck_assert_ptr_nonnull(fa);
				if (!cJSON_Compare(fa, fn, 1)) {
					char *ta = cJSON_Print(fa), *tn = cJSON_Print(fn);
					ck_abort_msg("%s (%s): the findings differ with pruning:\n%s\n"
						     "without:\n%s", file, model_names[mi], ta, tn);
				}
				const char *line = strstr(a.err, " lane memory accesses kept out of");
				ck_assert_msg(line != NULL, "%s: no pruning line on stderr: %s", file, a.err);
				const char *start = line;
				while (start > a.err && start[-1] != '\n')
					start--;
				unsigned long long p = 0, t = 0;
				ck_assert_int_eq(sscanf(start, "simulee-c: %llu of %llu", &p, &t), 2);
				pruned += p;
				total += t;
				with += p > 0;
				runs++;
				cJSON_Delete(da);
				cJSON_Delete(dn);
				tu_run_free(&a);
				tu_run_free(&n);
			}
		}
		/* the default search (seed 1): the same report byte for byte,
		** its launches included (the fitness counts pruned accesses) */
		struct bm_argv sa;
		char opt[320];
		snprintf(opt, sizeof opt, "--seed 1 %s", m->declare);
		ck_assert_int_eq(split_args(&sa, opt), 0);
		static const char *const noprune[] = { "--no-prune", NULL };
		struct tu_run a, n;
		run_kernel_with(&a, name, &sa, "its", NULL);
		run_kernel_with(&n, name, &sa, "its", noprune);
		ck_assert_msg(a.status == n.status && strcmp(a.out, n.out) == 0,
			      "%s: the default search's report differs with pruning", name);
		tu_run_free(&a);
		tu_run_free(&n);
		searches++;
		free(m);
	}
	printf("prune: %d runs, the same findings with and without pruning; %d of them pruned "
	       "something, %llu of %llu lane accesses in all; %d searches, the same reports\n",
	       runs, with, (unsigned long long)pruned, (unsigned long long)total, searches);
	fflush(stdout);
	ck_assert_int_ge(runs, 2 * nbugs);
	/* the corpus's kernels write through thread-private indices often
	** enough: a pruning that never prunes is broken */
	ck_assert_int_ge(with, runs / 4);
}
END_TEST

/* ---- reproductions for a GPU (--replay) --------------------------------------- */

/* The CUDA toolkit's nvcc and ptxas, when configure found a toolkit. */
static int have_nvcc(char *nvcc, char *ptxas, size_t n)
{
	const char *cuda = tu_env("SIMULEE_CUDA_PATH");
	if (cuda == NULL || cuda[0] == '\0')
		return 0;
	snprintf(nvcc, n, "%s/bin/nvcc", cuda);
	snprintf(ptxas, n, "%s/bin/ptxas", cuda);
	return file_exists(nvcc) && file_exists(ptxas);
}

/* The reproduction program, built once with nvcc into a temporary file. */
static const char *repro_binary(const char *nvcc)
{
	static char bin[256];
	if (bin[0])
		return bin;
	snprintf(bin, sizeof bin, "/tmp/simulee-repro-%ld", (long)getpid());
	char *src = malloc(strlen(srcdir()) + 40);
	ck_assert_ptr_nonnull(src);
	sprintf(src, "%s/kernels/replay/repro.c", srcdir());
	const char *argv[] = { nvcc, "-O2", "-o", bin, src, "-ldl", NULL };
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, argv), 0);
	ck_assert_msg(r.status == 0, "nvcc could not build repro.c: %s%s", r.out, r.err);
	tu_run_free(&r);
	free(src);
	return bin;
}

/* What run.sh must run for a reproduction of kind KIND (its directory's
** name up to the fingerprint): the tool, and for races and barrier
** divergences the repeated runs. */
static int tool_fits(const char *dir, const char *runsh)
{
	static const struct { const char *kind, *a, *b; } tab[] = {
		{ "data-race-", "--tool racecheck", "./repro --repeat \"$RUNS\"" },
		{ "barrier-divergence-", "--tool synccheck", NULL },
		{ "warp-sync-divergence-", "--tool synccheck", NULL },
		{ "out-of-bounds-", "--tool memcheck", NULL },
		{ "null-dereference-", "--tool memcheck", NULL },
		{ "misaligned-", "--tool memcheck", NULL },
		{ "readonly-write-", "--tool memcheck", NULL },
		{ "trap-", "the kernel failed on the GPU", NULL },
		{ "invalid-pointer-", "--tool memcheck", NULL },
		{ "uninitialized-read-", "--tool initcheck", "initcheck tracks global memory only" },
		{ "assert-", "the kernel failed on the GPU", NULL },
		{ "step-budget-", "did not finish in 60 s", NULL },
		{ "warp-deadlock-", "did not finish in 60 s", NULL },
	};
	/* races and barrier divergences: then the launch run many times and
	** the results compared */
	static const char *const repeated[] = { "data-race-", "barrier-divergence-",
						"warp-sync-divergence-" };
	for (size_t i = 0; i < sizeof repeated / sizeof repeated[0]; i++)
		if (strncmp(dir, repeated[i], strlen(repeated[i])) == 0
		    && strstr(runsh, "./repro --repeat \"$RUNS\"") == NULL)
			return 0;
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strncmp(dir, tab[i].kind, strlen(tab[i].kind)) == 0)
			return strstr(runsh, tab[i].a) != NULL || (tab[i].b && strstr(runsh, tab[i].b));
	return strstr(runsh, "cannot be confirmed on the GPU") != NULL;
}

/* Checks reproduction directory DIR of kernel NAME (bitcode BC): its
** files, its run.sh's tool, and with a toolkit that its PTX assembles and
** that the program uploads what `simulee-c <the witness line>
** --dump-inputs` makes. */
static void check_repro(const char *name, const char *bc, const char *dir, const char *base)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/README", dir);
	char *readme = slurp(path);
	ck_assert_msg(readme != NULL, "%s: %s has no README", name, dir);
	if (strstr(readme, "# not reproducible: ") != NULL) {
		free(readme);
		return;
	}
	static const char *const files[] = { "launch.txt", "kernel.ptx", "repro.c", "compare.h",
					     "Makefile" };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		ck_assert_msg(file_exists(path), "%s: %s lacks %s", name, dir, files[i]);
	}
	snprintf(path, sizeof path, "%s/run.sh", dir);
	char *runsh = slurp(path);
	ck_assert_msg(runsh != NULL, "%s: %s has no run.sh", name, dir);
	ck_assert_msg(tool_fits(base, runsh), "%s: %s: run.sh runs the wrong check:\n%s", name, dir,
		      runsh);
	free(runsh);
	snprintf(path, sizeof path, "%s/repro.c", dir);
	char *copy = slurp(path);
	char *orig = malloc(strlen(srcdir()) + 40);
	ck_assert_ptr_nonnull(orig);
	sprintf(orig, "%s/kernels/replay/repro.c", srcdir());
	char *want = slurp(orig);
	ck_assert_msg(copy && want && strcmp(copy, want) == 0, "%s: %s/repro.c is not the program",
		      name, dir);
	free(copy);
	free(want);
	free(orig);
	char nvcc[512], ptxas[512];
	if (!have_nvcc(nvcc, ptxas, sizeof nvcc)) {
		free(readme);
		return;
	}
	snprintf(path, sizeof path, "%s/kernel.ptx", dir);
	const char *pargv[] = { ptxas, "-arch=sm_80", "-o", "/dev/null", path, NULL };
	struct tu_run r;
	ck_assert_int_eq(tu_run(&r, pargv), 0);
	ck_assert_msg(r.status == 0, "%s: ptxas rejects %s: %s", name, path, r.err);
	tu_run_free(&r);
	snprintf(path, sizeof path, "%s/launch.txt", dir);
	const char *rargv[] = { repro_binary(nvcc), "--dump-inputs", path, NULL };
	ck_assert_int_eq(tu_run(&r, rargv), 0);
	ck_assert_msg(r.status == 0, "%s: repro --dump-inputs %s: %s", name, path, r.err);
	char *uploaded = strdup(r.out);
	tu_run_free(&r);
	/* simulee-c itself, from the witness line */
	const char *w = strstr(readme, "# the witness launch: ");
	ck_assert_ptr_nonnull(w);
	w += strlen("# the witness launch: ");
	char line[2048];
	snprintf(line, sizeof line, "%.*s", (int)strcspn(w, "\n"), w);
	const char *sargv[BM_MAX_ARGS + 8];
	int n = 0;
	sargv[n++] = tu_env("SIMULEE_BIN");
	sargv[n++] = bc;
	for (char *save = NULL, *t = strtok_r(line, " ", &save); t && n < BM_MAX_ARGS + 4;
	     t = strtok_r(NULL, " ", &save))
		sargv[n++] = t;
	sargv[n++] = "--dump-inputs";
	sargv[n] = NULL;
	ck_assert_int_eq(tu_run(&r, sargv), 0);
	ck_assert_msg(r.status == 0 || r.status == 1, "%s: %s: %s", name, w, r.err);
	ck_assert_msg(strcmp(r.out, uploaded) == 0, "%s: %s uploads other inputs than simulee-c "
		      "--dump-inputs makes:\n%.400s\n---\n%.400s", name, dir, uploaded, r.out);
	tu_run_free(&r);
	free(uploaded);
	free(readme);
}

/*
** replay_run: --replay on the buggy kernel at its manifest launch writes a
** directory per finding shown, each a reproduction that builds (nvcc,
** ptxas) and uploads exactly the witness's inputs.
*/
START_TEST(replay_run)
{
	const char *name = bug_names[_i];
	if (toolkit_missing(name))
		return;
	struct bug_manifest *m = malloc(sizeof *m);
	ck_assert_ptr_nonnull(m);
	load_manifest(name, m);
	char tmpl[] = "/tmp/simulee-replay-XXXXXX";
	char *dir = mkdtemp(tmpl);
	ck_assert_ptr_nonnull(dir);
	char out[256];
	snprintf(out, sizeof out, "%s/r", dir);
	const char *extra[] = { "--replay", out, NULL };
	struct tu_run r;
	run_kernel_with(&r, name, &m->launch, "its", extra);
	ck_assert_msg(r.status == 0 || r.status == 1, "%s: exit status %d: %s", name, r.status, r.err);
	cJSON *doc = tu_check_report_json(r.out);
	int nf = cJSON_GetArraySize(cJSON_GetObjectItem(doc, "findings"));
	cJSON_Delete(doc);
	tu_run_free(&r);
	char rel[192];
	snprintf(rel, sizeof rel, "bugs/%s.O0.bc", name);
	char *bc = tu_kernel(rel);
	int nd = 0;
	DIR *d = opendir(out);
	ck_assert_msg(d != NULL || nf == 0, "%s: %d findings and no %s", name, nf, out);
	struct dirent *e;
	while (d != NULL && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char sub[512];
		snprintf(sub, sizeof sub, "%s/%s", out, e->d_name);
		check_repro(name, bc, sub, e->d_name);
		nd++;
	}
	if (d)
		closedir(d);
	/* one directory per finding (findings of one site and kind share one) */
	ck_assert_msg(nd <= nf && (nf == 0 || nd > 0), "%s: %d findings, %d reproductions", name,
		      nf, nd);
	const char *rm[] = { "/bin/rm", "-rf", dir, NULL };
	ck_assert_int_eq(tu_run(&r, rm), 0);
	tu_run_free(&r);
	free(bc);
	free(m);
}
END_TEST

/* ---- the default pipeline: the search finds each bug ------------------------- */

/* Does report R show expected entry F: the same kind at the same lines
** (the launch the search chose can change the flags and the class)? */
static int search_matches(const struct golden_report *r, const struct bm_finding *f)
{
	/* an access past a shared array beyond some block size is reported
	** as the kernel's shape assumption when no launch pins the block */
	if (f->kind == BK_OOB && strcmp(r->kind_name, "shape-assumption") == 0)
		return r->nloc == 1 && same_line(&r->loc[0], &f->lines[0]);
	if (r->kind != (int)f->kind)
		return 0;
	switch (f->kind) {
	case BK_RACE:
		return (same_line(&r->loc[0], &f->lines[0]) && same_line(&r->loc[1], &f->lines[1]))
		       || (same_line(&r->loc[0], &f->lines[1]) && same_line(&r->loc[1], &f->lines[0]));
	case BK_BD:
		return r->nloc > 0 && lines_within(r->loc, r->nloc, f->lines, f->nlines);
	case BK_RB:
	case BK_WS:
	case BK_UNINIT:
	case BK_OOB:
	case BK_INVALID:
		return r->nloc == 1 && same_line(&r->loc[0], &f->lines[0]);
	default:
		return 0;
	}
}

/*
** Whether the search may report R on the buggy kernel of manifest M: a
** finding the manifest expects (any model: the search's launch decides
** which interleavings show), one its search-also lines name, a shape
** assumption, or a read of uninitialized shared memory at an access of an
** expected race on it (a racing read that ran before its writer, with
** nothing written there earlier, is also that read: the same bug).
*/
static int search_expected(const struct bug_manifest *m, const struct golden_report *r)
{
	if (strcmp(r->kind_name, "shape-assumption") == 0)
		return 1;
	for (int k = 0; k < m->nfind; k++) {
		const struct bm_finding *f = &m->f[k];
		if (search_matches(r, f))
			return 1;
		if (r->kind == BK_UNINIT && f->kind == BK_RACE && r->space == SP_SHARED
		    && f->space == SP_SHARED && r->nloc == 1
		    && lines_within(r->loc, 1, f->lines, f->nlines))
			return 1;
	}
	for (int k = 0; k < m->nalso; k++)
		if (search_matches(r, &m->also[k]))
			return 1;
	return 0;
}

#define SEARCH_SEEDS TESTS_SEEDS(5)

/*
** search_run: `simulee-c kernel.bc` with no launch options (the
** evolutionary search), for each of SEARCH_SEEDS seeds: the buggy kernel
** must show at least one of the manifest's its-model entries (race,
** divergence, redundant barrier, uninitialized read, out of bounds: on
** shared memory it is a finding under the search, while other faults put
** a launch outside the kernel's contract; past a shared array beyond a
** block size it is the kernel's shape assumption), whatever input it
** needs, and list no more errors than the manifest's launch may (one
** mistake, at most two: errors_allowed); the fixed twin must report
** nothing but the assumptions the search infers (warnings that name the
** kernel's contract, not bugs).
*/
START_TEST(search_run)
{
	const char *name = bug_names[_i];
	if (toolkit_missing(name))
		return;
	struct bug_manifest *m = malloc(sizeof *m);
	struct golden_report *rep = malloc(MAX_REPORTS * sizeof *rep);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(rep);
	load_manifest(name, m);
	int wanted = 0;
	for (int k = 0; k < m->nfind; k++)
		wanted += (m->f[k].models & M_ITS) != 0;
	char fixed[160];
	snprintf(fixed, sizeof fixed, "%s_fixed", name);
	int found = 0;
	for (int seed = 1; seed <= SEARCH_SEEDS; seed++) {
		struct bm_argv a;
		char opt[320];
		snprintf(opt, sizeof opt, "--seed %d %s", seed, m->declare);
		ck_assert_int_eq(split_args(&a, opt), 0);
		for (int which = 0; which < 2; which++) {
			if (which == 0 && wanted == 0)
				continue;
			struct tu_run r;
			run_kernel(&r, which ? fixed : name, &a, "its");
			ck_assert_msg(r.status == 0 || r.status == 1, "%s%s seed %d: exit status %d; %s",
				      name, which ? "_fixed" : "", seed, r.status, r.err);
			cJSON *doc = tu_check_report_json(r.out);
			int nr = golden_parse(doc, rep);
			if (which == 1) {
				struct sbuf b = { 0 };
				int bugs = 0;
				for (int i = 0; i < nr; i++) {
					if (strcmp(rep[i].kind_name, "shape-assumption") == 0)
						continue;
					bugs++;
					sb_printf(&b, "  ");
					report_desc(&b, name, &rep[i]);
					sb_printf(&b, "\n");
				}
				ck_assert_msg(bugs == 0, "%s seed %d: the search reports on the fixed twin:\n%s",
					      fixed, seed, b.s);
			} else {
				int ok = 0;
				for (int i = 0; i < nr && !ok; i++)
					for (int k = 0; k < m->nfind && !ok; k++)
						ok = (m->f[k].models & M_ITS) && search_matches(&rep[i], &m->f[k]);
				ck_assert_msg(ok, "%s seed %d: the search missed the bug (needs %s: %s); "
					      "%d findings reported", name, seed, m->needs_kind, m->needs_text,
					      nr);
				for (int i = 0; i < nr; i++)
					ck_assert_msg(search_expected(m, &rep[i]), "%s seed %d: the default "
						      "run reports what the manifest does not expect: %s at "
						      "line %d", name, seed, rep[i].kind_name,
						      rep[i].nloc ? rep[i].loc[0].line : 0);
				ck_assert_msg(golden_errors(doc) <= errors_allowed(name), "%s seed %d: "
					      "the default run lists %d errors, one mistake shows at "
					      "most %d", name, seed, golden_errors(doc),
					      errors_allowed(name));
				found++;
			}
			cJSON_Delete(doc);
			tu_run_free(&r);
		}
	}
	printf("search %s: found with %d of %d seeds, fixed twin clean\n", name, found,
	       wanted ? SEARCH_SEEDS : 0);
	fflush(stdout);
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
		"fixed none\nfinding race space=constant var=s class=intra-warp access=WAW "
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
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, manifest_run, 0, nbugs);
	suite_add_tcase(s, tc);
	tc = tcase_create("bugs prune");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, prune_same);
	suite_add_tcase(s, tc);
	tc = tcase_create("bugs replay");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, replay_run, 0, nbugs);
	suite_add_tcase(s, tc);
	/* the search of every manifest in two programs of under a minute */
	tc = tcase_create("bugs search");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, search_run, 0, nbugs / 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("bugs search 2");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, search_run, nbugs / 2, nbugs);
	suite_add_tcase(s, tc);
	return s;
}
